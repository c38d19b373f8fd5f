//! The sequential probability ratio test for A/B questions, on duplicate blocks of two
//! games (one deal, both seatings), in the convention of chess-engine testing.
//!
//! A block's outcome for bot A is its score over the two games (win 1, shared win 1/2,
//! loss 0): 0, 1/2, 1, 3/2 or 2, the five cells of the *pentanomial*. Blocks are
//! independent; the two games of a block are not, so the test counts blocks, not games.
//! The hypotheses are on A's expected score per game `s`, mapped to Elo by the logistic
//! curve `s = 1 / (1 + 10^(-elo/400))`: H0 `elo = elo0`, H1 `elo = elo1`. The log-likelihood
//! ratio is the generalised one: the cell probabilities under each hypothesis are the
//! maximum-likelihood distribution of the observed cells whose mean is that hypothesis's
//! score (a one-parameter exponential tilt found by bisection). The test is checked after
//! every block and stops at the first crossing of `ln(beta / (1 - alpha))` (H0) or
//! `ln((1 - beta) / alpha)` (H1).

use std::fmt;

/// Block scores of the five cells, per game (0, 1/4, 1/2, 3/4, 1).
pub const CELL_SCORE: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Expected score per game of a player `elo` points stronger.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference of an expected score per game.
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The test's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtParams {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// False-negative rate (accepting H0 when H1 holds).
    pub beta: f64,
}

impl SprtParams {
    /// The lower (H0) and upper (H1) bounds of the LLR.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }
}

/// The verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted: A is at most `elo0` stronger.
    H0,
    /// H1 accepted: A is at least `elo1` stronger.
    H1,
    /// Neither bound crossed.
    Inconclusive,
}

/// Pentanomial counts: blocks by A's block score 0, 1/2, 1, 3/2, 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Penta(pub [u64; 5]);

impl Penta {
    /// Blocks.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        self.0.iter().sum()
    }

    /// A's mean score per game and the variance of a block's mean score per game.
    #[must_use]
    pub fn mean_var(&self) -> (f64, f64) {
        let n = self.blocks() as f64;
        if n == 0.0 {
            return (0.5, 0.0);
        }
        let mean = self.0.iter().zip(CELL_SCORE).map(|(&c, x)| c as f64 * x).sum::<f64>() / n;
        let var = self.0.iter().zip(CELL_SCORE).map(|(&c, x)| c as f64 * (x - mean).powi(2)).sum::<f64>() / n;
        (mean, var)
    }

    /// A's Elo with its 95% interval (normal on the block mean).
    #[must_use]
    pub fn elo_interval(&self) -> (f64, f64, f64) {
        let (mean, var) = self.mean_var();
        let half = 1.959_964 * (var / self.blocks().max(1) as f64).sqrt();
        (elo_of_score(mean), elo_of_score(mean - half), elo_of_score(mean + half))
    }

    /// The generalised log-likelihood ratio of H1 against H0.
    #[must_use]
    pub fn llr(&self, params: &SprtParams) -> f64 {
        // Empty cells get a tiny count so the tilted distributions stay defined.
        let counts: [f64; 5] = self.0.map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let n: f64 = counts.iter().sum();
        let freq = counts.map(|c| c / n);
        let p0 = tilt(&freq, score_of_elo(params.elo0));
        let p1 = tilt(&freq, score_of_elo(params.elo1));
        (0..5).map(|i| counts[i] * (p1[i] / p0[i]).ln()).sum()
    }
}

/// The distribution closest to `freq` (maximum likelihood) whose mean score is `s`:
/// `freq[i] / (1 + lambda (x_i - s))` with `lambda` such that it sums to 1.
fn tilt(freq: &[f64; 5], s: f64) -> [f64; 5] {
    let d = CELL_SCORE.map(|x| x - s);
    // lambda keeps every denominator positive: -1/max(d) < lambda < -1/min(d).
    let hi_d = d.iter().copied().fold(f64::MIN, f64::max);
    let lo_d = d.iter().copied().fold(f64::MAX, f64::min);
    let (mut lo, mut hi) = (-1.0 / hi_d + 1e-12, -1.0 / lo_d - 1e-12);
    // g(lambda) = sum freq_i d_i / (1 + lambda d_i) is decreasing in lambda.
    let g = |l: f64| (0..5).map(|i| freq[i] * d[i] / (1.0 + l * d[i])).sum::<f64>();
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = 0.5 * (lo + hi);
    let p = std::array::from_fn(|i| freq[i] / (1.0 + l * d[i]));
    let total: f64 = p.iter().sum();
    p.map(|x| x / total)
}

/// A running test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Parameters.
    pub params: SprtParams,
    /// Blocks so far.
    pub penta: Penta,
}

impl Sprt {
    /// A test with no blocks yet.
    #[must_use]
    pub fn new(params: SprtParams) -> Sprt {
        Sprt { params, penta: Penta::default() }
    }

    /// Adds one block (cell 0..=4 = A's block score in half points) and returns the verdict
    /// so far.
    pub fn add(&mut self, cell: usize) -> Verdict {
        self.penta.0[cell] += 1;
        self.verdict()
    }

    /// The verdict on the blocks so far.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        let llr = self.penta.llr(&self.params);
        let (lower, upper) = self.params.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Inconclusive
        }
    }
}

impl fmt::Display for Sprt {
    /// `Elo: 12.3 +/- 4.5, LLR: 2.96 (-2.94, 2.94) [0.0, 20.0], Games: 1234, Penta: [..], H1 accepted`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (elo, lo, hi) = self.penta.elo_interval();
        let (lower, upper) = self.params.bounds();
        let verdict = match self.verdict() {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
            Verdict::Inconclusive => "inconclusive",
        };
        let p = self.penta.0;
        write!(
            f,
            "Elo: {elo:.2} +/- {:.2} [{lo:.2}, {hi:.2}], LLR: {:.2} ({lower:.2}, {upper:.2}) [{:.1}, {:.1}], Games: {}, Penta: [{}, {}, {}, {}, {}], {verdict}",
            (hi - lo) / 2.0,
            self.penta.llr(&self.params),
            self.params.elo0,
            self.params.elo1,
            2 * self.penta.blocks(),
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse_and_llr_is_signed() {
        assert!((elo_of_score(score_of_elo(35.0)) - 35.0).abs() < 1e-9);
        let params = SprtParams { elo0: 0.0, elo1: 20.0, alpha: 0.05, beta: 0.05 };
        let (lower, upper) = params.bounds();
        assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
        assert!(Penta([10, 100, 300, 150, 40]).llr(&params) > 0.0);
        assert!(Penta([40, 150, 300, 100, 10]).llr(&params) < 0.0);
    }
}
