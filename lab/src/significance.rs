//! Tests of a difference between two runs: two proportions, two means, and the
//! Benjamini-Hochberg correction over many such tests.

use crate::stats::wilson;
use crate::stats::Z95 as Z;

/// A difference `b - a` between two runs, with its 95% interval and two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    /// `b - a`.
    pub value: f64,
    /// Low end of the 95% interval.
    pub lo: f64,
    /// High end of the 95% interval.
    pub hi: f64,
    /// Two-sided p-value of "no difference".
    pub p: f64,
}

/// The complementary error function, with a relative error below 1.2e-7 everywhere
/// (the Chebyshev fit of Press et al., Numerical Recipes, 6.2).
#[must_use]
pub fn erfc(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let poly = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ]
    .iter()
    .rev()
    .fold(0.0, |acc, c| c + t * acc);
    let r = t * (-x * x + poly).exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The two-sided p-value of a standard normal statistic `z`.
#[must_use]
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// The difference of two proportions `kb/nb - ka/na`: Newcombe's hybrid score interval
/// (from the two Wilson intervals) and the pooled two-proportion z-test. `None` when
/// either side has no trials.
#[must_use]
pub fn proportions(ka: u64, na: u64, kb: u64, nb: u64) -> Option<Difference> {
    if na == 0 || nb == 0 {
        return None;
    }
    let (pa, pb) = (ka as f64 / na as f64, kb as f64 / nb as f64);
    let ((la, ua), (lb, ub)) = (wilson(ka, na), wilson(kb, nb));
    let value = pb - pa;
    let lo = value - ((pb - lb).powi(2) + (ua - pa).powi(2)).sqrt();
    let hi = value + ((ub - pb).powi(2) + (pa - la).powi(2)).sqrt();
    let pooled = (ka + kb) as f64 / (na + nb) as f64;
    let se = (pooled * (1.0 - pooled) * (1.0 / na as f64 + 1.0 / nb as f64)).sqrt();
    let p = if se > 0.0 { two_sided_p(value / se) } else { 1.0 };
    Some(Difference { value, lo, hi, p })
}

/// A sample summarised by its size, mean and sample variance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Observations.
    pub n: u64,
    /// Their mean.
    pub mean: f64,
    /// Their sample variance (divisor `n - 1`).
    pub variance: f64,
}

impl Sample {
    /// The mean's normal 95% interval.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        let half = Z * (self.variance / self.n.max(1) as f64).sqrt();
        (self.mean - half, self.mean + half)
    }
}

/// The difference of two means `b.mean - a.mean`: Welch's normal interval and z-test (the
/// samples are large). `None` when either side has fewer than 2 observations. With no
/// variance on either side, any difference is certain (p = 0) and none is p = 1.
#[must_use]
pub fn means(a: &Sample, b: &Sample) -> Option<Difference> {
    if a.n < 2 || b.n < 2 {
        return None;
    }
    let value = b.mean - a.mean;
    let se = (a.variance / a.n as f64 + b.variance / b.n as f64).sqrt();
    let p = if se > 0.0 { two_sided_p(value / se) } else { f64::from(u8::from(value == 0.0)) };
    Some(Difference { value, lo: value - Z * se, hi: value + Z * se, p })
}

/// Benjamini-Hochberg adjusted p-values (q-values), in the order of `p`: for the `i`-th
/// smallest of `m` p-values, the least `p(j) * m / j` over `j >= i`, at most 1. Rejecting
/// every hypothesis whose q-value is at most `q` controls the false discovery rate at `q`.
#[must_use]
pub fn benjamini_hochberg(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let mut q = vec![1.0; m];
    let mut running = 1.0f64;
    for (rank, &i) in order.iter().enumerate().rev() {
        running = running.min(p[i] * m as f64 / (rank + 1) as f64);
        q[i] = running;
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn benjamini_hochberg_matches_a_hand_computed_example() {
        // m = 10. p * m / rank: .01 .04 .13 .1025 .084 .1 .10571 .25625 .23556 .216; the
        // running minimum from the largest down gives the q-values below.
        let p = [0.041, 0.001, 0.205, 0.039, 0.042, 0.06, 0.008, 0.074, 0.212, 0.216];
        let q = benjamini_hochberg(&p);
        let expected = [0.084, 0.01, 0.216, 0.084, 0.084, 0.1, 0.04, 0.105_714_285_7, 0.216, 0.216];
        for (got, want) in q.iter().zip(expected) {
            assert!(close(*got, want, 1e-9), "{q:?}");
        }
        let rejected: Vec<usize> = (0..10).filter(|&i| q[i] <= 0.05).collect();
        assert_eq!(rejected, vec![1, 6], "only p = 0.001 and 0.008 survive at q = 0.05");
        assert!(benjamini_hochberg(&[]).is_empty());
        assert_eq!(benjamini_hochberg(&[0.5]), vec![0.5]);
    }

    #[test]
    fn normal_tail_matches_tables() {
        assert!(close(two_sided_p(1.959_964), 0.05, 1e-6));
        assert!(close(two_sided_p(-2.575_829), 0.01, 1e-6));
        assert!(close(two_sided_p(0.0), 1.0, 1e-7));
        assert!(close(erfc(1.0), 0.157_299_207, 1e-7));
        assert!(close(erfc(-1.0), 1.842_700_793, 1e-7));
    }

    #[test]
    fn proportions_test_and_interval_match_known_values() {
        // 56/70 against 48/80 (Newcombe 1998, example a); here the difference is b - a = -0.2.
        let d = proportions(56, 70, 48, 80).unwrap();
        assert!(close(d.value, -0.2, 1e-12));
        // Newcombe's method 10 gives 0.0524 to 0.3339 for a - b.
        assert!(close(d.lo, -0.3339, 1e-4) && close(d.hi, -0.0524, 1e-4), "{d:?}");
        // Pooled p = 104/150; z = 0.2 / sqrt(.69333 * .30667 * (1/70 + 1/80)) = 2.6502.
        assert!(close(d.p, two_sided_p(2.650_2), 1e-5), "{d:?}");
        assert_eq!(proportions(3, 10, 3, 10).unwrap().p, 1.0);
        assert_eq!(proportions(0, 10, 0, 20).unwrap().p, 1.0);
        assert!(proportions(1, 0, 1, 2).is_none());
    }

    #[test]
    fn means_test_is_welch_z() {
        let a = Sample { n: 100, mean: 10.0, variance: 4.0 };
        let b = Sample { n: 100, mean: 11.0, variance: 4.0 };
        let d = means(&a, &b).unwrap();
        // se = sqrt(0.04 + 0.04) = 0.28284; z = 3.5355.
        assert!(close(d.lo, 1.0 - Z * 0.282_842_7, 1e-6));
        assert!(close(d.p, two_sided_p(3.535_534), 1e-9));
        let fixed = Sample { n: 5, mean: 7.0, variance: 0.0 };
        assert_eq!(means(&fixed, &fixed).unwrap().p, 1.0);
        assert_eq!(means(&fixed, &Sample { mean: 8.0, ..fixed }).unwrap().p, 0.0);
        assert!(means(&Sample { n: 1, ..fixed }, &fixed).is_none());
    }
}
