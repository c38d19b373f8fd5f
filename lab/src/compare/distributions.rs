//! `distributions.csv` of `ttr compare`: the score and game-length distributions of both
//! runs (from their `scores.csv`), as means with intervals and quantiles.

use serde::{Deserialize, Serialize};

use super::input::Side;
use crate::export::scores::ScoreRow;
use crate::export::{Fixed, Row};
use crate::significance::Sample;

/// The numeric metrics of `scores.csv`: per seat-game, then `turns` per game.
pub const METRICS: [&str; 5] = ["score", "route_points", "ticket_points", "bonus", "turns"];

/// One metric's distribution in one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DistributionRow {
    /// A metric of `scores.csv`: `score`, `route_points`, `ticket_points`, `bonus`, `turns`.
    pub metric: String,
    /// `a` or `b`.
    pub run: String,
    /// Seat-games (games for `turns`).
    pub n: u64,
    /// The mean; empty without observations (so are the other columns).
    pub mean: Option<Fixed<4>>,
    /// 95% normal interval of the mean, low end.
    pub mean_lo: Option<Fixed<4>>,
    /// 95% normal interval of the mean, high end.
    pub mean_hi: Option<Fixed<4>>,
    /// Sample standard deviation.
    pub sd: Option<Fixed<4>>,
    /// Smallest value.
    pub min: Option<i64>,
    /// 10% quantile: the least value that at least 10% of the observations do not exceed.
    pub p10: Option<i64>,
    /// Median, the same way.
    pub median: Option<i64>,
    /// 90% quantile, the same way.
    pub p90: Option<i64>,
    /// Largest value.
    pub max: Option<i64>,
}

impl Row for DistributionRow {
    const FILE: &'static str = "distributions.csv";
    const COLUMNS: &'static [&'static str] =
        &["metric", "run", "n", "mean", "mean_lo", "mean_hi", "sd", "min", "p10", "median", "p90", "max"];
}

/// `(value, count)` of `metric` in `scores`, by increasing value (values that are not
/// whole numbers are skipped: the file writes none).
#[must_use]
pub fn histogram(scores: &[ScoreRow], metric: &str) -> Vec<(i64, u64)> {
    let mut counts: Vec<(i64, u64)> =
        scores.iter().filter(|r| r.metric == metric).filter_map(|r| Some((r.value.parse().ok()?, r.count))).collect();
    counts.sort_unstable();
    counts
}

/// The size, mean and sample variance of `metric` in `scores`.
#[must_use]
pub fn sample(scores: &[ScoreRow], metric: &str) -> Sample {
    let counts = histogram(scores, metric);
    let n: u64 = counts.iter().map(|c| c.1).sum();
    if n == 0 {
        return Sample { n, mean: 0.0, variance: 0.0 };
    }
    let mean = counts.iter().map(|&(v, c)| v as f64 * c as f64).sum::<f64>() / n as f64;
    let squares: f64 = counts.iter().map(|&(v, c)| (v as f64 - mean).powi(2) * c as f64).sum();
    let variance = if n > 1 { squares / (n - 1) as f64 } else { 0.0 };
    Sample { n, mean, variance }
}

/// The least value of a histogram that at least a share `q` of the observations do not
/// exceed.
fn quantile(counts: &[(i64, u64)], q: f64) -> Option<i64> {
    let n: u64 = counts.iter().map(|c| c.1).sum();
    let mut seen = 0;
    counts.iter().find_map(|&(v, c)| {
        seen += c;
        (seen as f64 >= q * n as f64 && n > 0).then_some(v)
    })
}

/// The rows of every metric, run A then run B.
#[must_use]
pub fn rows(a: &Side, b: &Side) -> Vec<DistributionRow> {
    let mut rows = Vec::new();
    for metric in METRICS {
        for (run, side) in [("a", a), ("b", b)] {
            let counts = histogram(&side.scores, metric);
            let s = sample(&side.scores, metric);
            let some = |x: f64| (s.n > 0).then_some(Fixed(x));
            let (lo, hi) = s.interval();
            rows.push(DistributionRow {
                metric: metric.to_string(),
                run: run.to_string(),
                n: s.n,
                mean: some(s.mean),
                mean_lo: some(lo),
                mean_hi: some(hi),
                sd: some(s.variance.sqrt()),
                min: counts.first().map(|c| c.0),
                p10: quantile(&counts, 0.1),
                median: quantile(&counts, 0.5),
                p90: quantile(&counts, 0.9),
                max: counts.last().map(|c| c.0),
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(values: &[(i64, u64)]) -> Vec<ScoreRow> {
        let row = |&(v, c): &(i64, u64)| ScoreRow {
            metric: "turns".into(),
            value: v.to_string(),
            count: c,
            provisional: None,
        };
        values.iter().map(row).collect()
    }

    #[test]
    fn sample_and_quantiles_of_a_histogram() {
        // 1, 2, 2, 3, 10: mean 3.6, variance (6.76 + 2.56*2 + 0.36 + 40.96) / 4 = 13.3.
        let s = scores(&[(10, 1), (2, 2), (1, 1), (3, 1)]);
        let turns = sample(&s, "turns");
        assert_eq!(turns.n, 5);
        assert!((turns.mean - 3.6).abs() < 1e-12 && (turns.variance - 13.3).abs() < 1e-9, "{turns:?}");
        let h = histogram(&s, "turns");
        assert_eq!(h, vec![(1, 1), (2, 2), (3, 1), (10, 1)]);
        assert_eq!([0.1, 0.5, 0.9, 1.0].map(|q| quantile(&h, q)), [Some(1), Some(2), Some(10), Some(10)]);
        assert_eq!(quantile(&[], 0.5), None);
        assert_eq!(sample(&s, "score").n, 0);
    }
}
