//! A count per integer value, kept dense: one counter for every value from the least value
//! counted to the greatest, so that counting a value is an index, not a search.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How many times each `i32` value was counted.
///
/// Serialized as the map from each value counted to its count, in increasing order of the
/// values: the very form of a `BTreeMap<i32, u64>` of the same counts, which is also what
/// it reads (counts of 0 read are not kept). It holds 8 bytes for every value between the
/// least and the greatest counted, so it suits values of a small spread (scores, turns).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    /// The value that `counts[0]` counts.
    low: i32,
    /// The counts of `low`, `low + 1`, ...: empty, or with a first and a last count that
    /// are not 0 (so that equal counts are equal histograms).
    counts: Vec<u64>,
}

impl Histogram {
    /// Counts `value` once.
    #[inline]
    pub fn add(&mut self, value: i32) {
        self.add_n(value, 1);
    }

    /// Counts `value` `n` times (nothing when `n` is 0).
    #[inline]
    fn add_n(&mut self, value: i32, n: u64) {
        let at = i64::from(value) - i64::from(self.low);
        match usize::try_from(at).ok().and_then(|at| self.counts.get_mut(at)) {
            Some(count) => *count += n,
            None => self.widen(value, n),
        }
    }

    /// Counts `value`, outside the values held so far, `n` times: holds the values from it
    /// to the others.
    #[cold]
    #[inline(never)]
    fn widen(&mut self, value: i32, n: u64) {
        if n == 0 {
            return;
        }
        if self.counts.is_empty() {
            self.low = value;
            self.counts.push(n);
        } else if value < self.low {
            let below = (i64::from(self.low) - i64::from(value)) as usize;
            self.counts.splice(0..0, std::iter::repeat_n(0, below));
            self.low = value;
            self.counts[0] = n;
        } else {
            let at = (i64::from(value) - i64::from(self.low)) as usize;
            self.counts.resize(at + 1, 0);
            self.counts[at] = n;
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Histogram) {
        for (value, n) in other.iter() {
            self.add_n(value, n);
        }
    }

    /// Each value counted, with its count (never 0), in increasing order of the values.
    pub fn iter(&self) -> impl Iterator<Item = (i32, u64)> + '_ {
        // `low + i` is at most the greatest value counted, so it fits an `i32`.
        let value = |i: usize| self.low.wrapping_add(i as i32);
        self.counts.iter().enumerate().filter(|(_, &n)| n > 0).map(move |(i, &n)| (value(i), n))
    }
}

impl Serialize for Histogram {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Histogram {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Histogram, D::Error> {
        let mut histogram = Histogram::default();
        for (value, n) in BTreeMap::<i32, u64>::deserialize(deserializer)? {
            histogram.add_n(value, n);
        }
        Ok(histogram)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values of either sign, repeated, out of order, and each new least or greatest value
    /// reached at some point.
    fn values() -> Vec<i32> {
        let mut state = 12_345u64;
        let mut out: Vec<i32> = (0..2_000)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                ((state >> 33) % 301) as i32 - 150
            })
            .collect();
        out.extend([1_000, -1_000, 7, 7, 0]);
        out
    }

    fn counted(values: &[i32]) -> (Histogram, BTreeMap<i32, u64>) {
        let mut histogram = Histogram::default();
        let mut map = BTreeMap::new();
        for &v in values {
            histogram.add(v);
            *map.entry(v).or_default() += 1;
        }
        (histogram, map)
    }

    #[test]
    fn counts_what_a_btree_map_counts_and_serializes_the_same() {
        let (histogram, map) = counted(&values());
        assert_eq!(histogram.iter().collect::<Vec<_>>(), map.iter().map(|(&v, &n)| (v, n)).collect::<Vec<_>>());
        let json = serde_json::to_string(&histogram).unwrap();
        assert_eq!(json, serde_json::to_string(&map).unwrap());
        assert!(json.starts_with("{\"-1000\":1,"), "{json}");
        let back: Histogram = serde_json::from_str(&json).unwrap();
        assert_eq!(back, histogram);
    }

    #[test]
    fn merging_parts_counts_the_whole() {
        let values = values();
        let (whole, _) = counted(&values);
        let (first, second) = values.split_at(700);
        for (a, b) in [(first, second), (second, first)] {
            let (mut merged, _) = counted(a);
            merged.merge(&counted(b).0);
            assert_eq!(merged, whole);
        }
        let mut empty = Histogram::default();
        empty.merge(&whole);
        assert_eq!(empty, whole);
    }

    #[test]
    fn counts_of_zero_are_not_kept() {
        let mut histogram = Histogram::default();
        histogram.add_n(-5, 0);
        assert_eq!(histogram, Histogram::default());
        assert_eq!(serde_json::to_string(&histogram).unwrap(), "{}");
        let read: Histogram = serde_json::from_str(r#"{"-3":0,"2":4,"9":0}"#).unwrap();
        assert_eq!(read.iter().collect::<Vec<_>>(), [(2, 4)]);
        let mut counted = Histogram::default();
        counted.add_n(2, 4);
        assert_eq!(read, counted);
    }

    #[test]
    fn holds_the_extreme_values() {
        let mut histogram = Histogram::default();
        for v in [i32::MAX, i32::MAX - 2, i32::MAX] {
            histogram.add(v);
        }
        assert_eq!(histogram.iter().collect::<Vec<_>>(), [(i32::MAX - 2, 1), (i32::MAX, 2)]);
        let mut low = Histogram::default();
        low.add(i32::MIN + 1);
        low.add(i32::MIN);
        assert_eq!(low.iter().collect::<Vec<_>>(), [(i32::MIN, 1), (i32::MIN + 1, 1)]);
    }
}
