//! Integer counters of a tournament: per lineup, a histogram of block outcome patterns and
//! score sums. Everything the tournament reports is computed from these counters, so runs
//! split in shards merge (by adding counters) to exactly the same files.

use std::collections::BTreeMap;
use std::fmt;

use ttr::{GameResult, MAX_SEATS};

/// The outcome of one duplicate block: `ranks[r][p]` is the rank (1 = best, equal ranks
/// tied) of the bot at lineup position `p` in rotation `r`, in which seat `s` holds
/// position `(s + r) % players`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pattern {
    players: u8,
    ranks: [[u8; MAX_SEATS]; MAX_SEATS],
}

impl Pattern {
    /// An empty pattern for `players` players.
    #[must_use]
    pub fn new(players: usize) -> Pattern {
        Pattern { players: players as u8, ranks: [[0; MAX_SEATS]; MAX_SEATS] }
    }

    /// Players per game (and games per block).
    #[must_use]
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Ranks by lineup position in rotation `r`.
    #[must_use]
    pub fn ranks(&self, r: usize) -> &[u8] {
        &self.ranks[r][..self.players()]
    }

    /// Sets rotation `r`'s ranks by lineup position.
    pub fn set(&mut self, r: usize, ranks: &[u8]) {
        self.ranks[r][..ranks.len()].copy_from_slice(ranks);
    }

    /// Parses the text form written by `Display`, e.g. `12/21`.
    pub fn parse(text: &str) -> Option<Pattern> {
        let games: Vec<&str> = text.split('/').collect();
        let k = games.len();
        if !(2..=MAX_SEATS).contains(&k) {
            return None;
        }
        let mut p = Pattern::new(k);
        for (r, g) in games.iter().enumerate() {
            let ranks: Vec<u8> = g.bytes().map(|b| b.wrapping_sub(b'0')).collect();
            if ranks.len() != k || ranks.iter().any(|&x| x == 0 || usize::from(x) > k) {
                return None;
            }
            p.set(r, &ranks);
        }
        Some(p)
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.players() {
            if r > 0 {
                f.write_str("/")?;
            }
            for &x in self.ranks(r) {
                write!(f, "{x}")?;
            }
        }
        Ok(())
    }
}

/// Ranks of each seat of a game: 1 for the winners, else 1 + the players with a higher score
/// or a win (ties share a rank).
#[must_use]
pub fn seat_ranks(result: &GameResult) -> [u8; MAX_SEATS] {
    let mut out = [0u8; MAX_SEATS];
    for (s, slot) in out.iter_mut().enumerate().take(usize::from(result.players)) {
        *slot = crate::stats::rank(result, s) as u8;
    }
    out
}

/// The counters of one lineup (a set of distinct bots, in ascending bot order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stratum {
    /// Blocks by outcome pattern.
    pub patterns: BTreeMap<Pattern, u64>,
    /// Sum of final scores by rotation and lineup position.
    pub score_sum: [[i64; MAX_SEATS]; MAX_SEATS],
    /// Sum of squared final scores by rotation and lineup position.
    pub score_sq: [[i64; MAX_SEATS]; MAX_SEATS],
}

impl Stratum {
    /// Blocks counted.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        self.patterns.values().sum()
    }
}

/// The key of a stratum: player count and lineup (bot indices, ascending).
pub type LineupKey = (u8, Vec<u16>);

/// All counters of a tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// By player count and lineup.
    pub strata: BTreeMap<LineupKey, Stratum>,
}

/// One finished duplicate block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockOutcome {
    /// Player count.
    pub players: u8,
    /// The lineup (bot indices, ascending).
    pub lineup: Vec<u16>,
    /// Ranks by rotation and position.
    pub pattern: Pattern,
    /// Scores by rotation and position.
    pub scores: [[i32; MAX_SEATS]; MAX_SEATS],
}

impl Counters {
    /// Counts one block.
    pub fn add(&mut self, block: &BlockOutcome) {
        let stratum = self.strata.entry((block.players, block.lineup.clone())).or_default();
        *stratum.patterns.entry(block.pattern).or_insert(0) += 1;
        let k = usize::from(block.players);
        for r in 0..k {
            for p in 0..k {
                let s = i64::from(block.scores[r][p]);
                stratum.score_sum[r][p] += s;
                stratum.score_sq[r][p] += s * s;
            }
        }
    }

    /// Adds another run's counters (a shard of the same tournament).
    pub fn merge(&mut self, other: &Counters) {
        for (key, theirs) in &other.strata {
            let mine = self.strata.entry(key.clone()).or_default();
            for (pattern, n) in &theirs.patterns {
                *mine.patterns.entry(*pattern).or_insert(0) += n;
            }
            for r in 0..MAX_SEATS {
                for p in 0..MAX_SEATS {
                    mine.score_sum[r][p] += theirs.score_sum[r][p];
                    mine.score_sq[r][p] += theirs.score_sq[r][p];
                }
            }
        }
    }

    /// Blocks counted.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        self.strata.values().map(Stratum::blocks).sum()
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.strata.iter().map(|((k, _), s)| u64::from(*k) * s.blocks()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_round_trip_as_text() {
        let mut p = Pattern::new(3);
        p.set(0, &[1, 2, 3]);
        p.set(1, &[2, 1, 2]);
        p.set(2, &[1, 1, 3]);
        assert_eq!(p.to_string(), "123/212/113");
        assert_eq!(Pattern::parse("123/212/113"), Some(p));
        assert_eq!(Pattern::parse("12/2"), None);
        assert_eq!(Pattern::parse("13/21"), None);
    }
}
