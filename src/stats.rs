//! Integer counters merged in game order, and the intervals derived from them.

use crate::runner::GameOutcome;

/// Counters for one group of seat-games (one bot, or one seat).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Seat-games played.
    pub games: u64,
    /// Games won outright.
    pub wins: u64,
    /// Games won jointly with others (shared wins).
    pub draws: u64,
    /// Sum of final scores.
    pub score_sum: i64,
    /// Sum of squared final scores.
    pub score_sq_sum: i64,
}

impl Tally {
    /// Counts one seat's result in `outcome`.
    pub fn add(&mut self, outcome: &GameOutcome, seat: usize) {
        let score = i64::from(outcome.result.seats[seat].score);
        self.games += 1;
        self.score_sum += score;
        self.score_sq_sum += score * score;
        let winners = outcome.result.winners;
        if winners.contains(crate::ids::Seat(seat as u8)) {
            if winners.count() == 1 {
                self.wins += 1;
            } else {
                self.draws += 1;
            }
        }
    }

    /// Outright wins per game.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        ratio(self.wins, self.games)
    }

    /// 95% Wilson score interval of the outright win rate.
    #[must_use]
    pub fn win_rate_interval(&self) -> (f64, f64) {
        wilson(self.wins, self.games)
    }

    /// Mean final score.
    #[must_use]
    pub fn mean_score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.score_sum as f64 / self.games as f64
        }
    }

    /// Sample standard deviation of the final score.
    #[must_use]
    pub fn sd_score(&self) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        let n = self.games as f64;
        let sum = self.score_sum as f64;
        let var = (self.score_sq_sum as f64 - sum * sum / n) / (n - 1.0);
        var.max(0.0).sqrt()
    }
}

fn ratio(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

/// The 95% Wilson score interval for `k` successes in `n` trials; `(0, 1)` when `n` is 0.
#[must_use]
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let z2 = Z * Z;
    let centre = p + z2 / (2.0 * n_f);
    let half = Z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
    let denom = 1.0 + z2 / n_f;
    (((centre - half) / denom).max(0.0), ((centre + half) / denom).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 50 of 100: the textbook interval is (0.4038, 0.5962).
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4, "{lo} {hi}");
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
    }
}
