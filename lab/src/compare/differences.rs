//! `differences.csv` and `unmatched.csv` of `ttr compare`: every rate and mean of run B
//! against run A, tested, corrected together by Benjamini-Hochberg, most significant first;
//! and the tickets and routes found in only one run.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::distributions::sample;
use super::input::Side;
use crate::export::{Fixed, Row};
use crate::significance::{benjamini_hochberg, means, proportions, Difference, Sample};

/// The false discovery rate at which a difference is called significant.
pub const FDR: f64 = 0.05;

/// One metric of one bot, seat, ticket, route or distribution, in run A and run B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DifferenceRow {
    /// `bot`, `seat`, `ticket`, `route` or `distribution`.
    pub kind: String,
    /// The bot spec, `seat N`, the ticket's cities `A-B`, the route's `A-B LENGTH COLOUR`
    /// (with `#2` for the second of two identical tracks), or the metric of `scores.csv`.
    pub name: String,
    /// `win_rate`, `keep_rate`, `completion_rate`, `value`, `claim_rate` or `mean`.
    pub metric: String,
    /// Trials or observations in run A (seat-games, tickets dealt or kept, games).
    pub n_a: u64,
    /// The metric in run A; empty without observations.
    pub a: Option<Fixed<6>>,
    /// Trials or observations in run B.
    pub n_b: u64,
    /// The metric in run B; empty without observations.
    pub b: Option<Fixed<6>>,
    /// `b - a`; empty when either side has too few observations to test.
    pub difference: Option<Fixed<6>>,
    /// 95% interval of the difference, low end.
    pub difference_lo: Option<Fixed<6>>,
    /// 95% interval of the difference, high end.
    pub difference_hi: Option<Fixed<6>>,
    /// Two-sided p-value of "no difference".
    pub p_value: Option<Fixed<6>>,
    /// Benjamini-Hochberg adjusted p-value over every tested row of the file.
    pub q_value: Option<Fixed<6>>,
    /// Whether `q_value <= 0.05`.
    pub significant: bool,
}

impl Row for DifferenceRow {
    const FILE: &'static str = "differences.csv";
    const COLUMNS: &'static [&'static str] = &[
        "kind",
        "name",
        "metric",
        "n_a",
        "a",
        "n_b",
        "b",
        "difference",
        "difference_lo",
        "difference_hi",
        "p_value",
        "q_value",
        "significant",
    ];
}

/// A ticket or route present in only one of the runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnmatchedRow {
    /// `ticket` or `route`.
    pub kind: String,
    /// Named as in `differences.csv`.
    pub name: String,
    /// `a` or `b`: the run that has it.
    pub only_in: String,
}

impl Row for UnmatchedRow {
    const FILE: &'static str = "unmatched.csv";
    const COLUMNS: &'static [&'static str] = &["kind", "name", "only_in"];
}

/// A metric in both runs, before the correction.
struct Test {
    kind: &'static str,
    name: String,
    metric: &'static str,
    a: (u64, Option<f64>),
    b: (u64, Option<f64>),
    difference: Option<Difference>,
}

impl Test {
    /// A rate `k / n` in both runs.
    fn rate(
        kind: &'static str,
        name: String,
        metric: &'static str,
        (ka, na): (u64, u64),
        (kb, nb): (u64, u64),
    ) -> Test {
        let rate = |k: u64, n: u64| (n > 0).then(|| k as f64 / n as f64);
        let difference = proportions(ka, na, kb, nb);
        Test { kind, name, metric, a: (na, rate(ka, na)), b: (nb, rate(kb, nb)), difference }
    }

    /// A mean in both runs.
    fn mean(kind: &'static str, name: String, metric: &'static str, a: Sample, b: Sample) -> Test {
        let mean = |s: &Sample| (s.n > 0).then_some(s.mean);
        Test { kind, name, metric, a: (a.n, mean(&a)), b: (b.n, mean(&b)), difference: means(&a, &b) }
    }
}

/// One ticket's counts in one run, both sources together.
#[derive(Clone, Copy, Default)]
struct TicketCounts {
    points: u64,
    dealt: u64,
    kept: u64,
    completed: u64,
}

impl TicketCounts {
    /// The net points of the times kept (+points when completed, -points when not).
    fn value(&self) -> Sample {
        let (n, p) = (self.kept, self.points as f64);
        if n == 0 {
            return Sample { n, mean: 0.0, variance: 0.0 };
        }
        let mean = p * (2.0 * self.completed as f64 - n as f64) / n as f64;
        let variance = if n > 1 { (n as f64 * (p * p - mean * mean) / (n as f64 - 1.0)).max(0.0) } else { 0.0 };
        Sample { n, mean, variance }
    }
}

/// Every metric of run B against run A, corrected together, ordered by p-value (untested
/// rows last, each group in the order bots, seats, tickets, routes, distributions); and the
/// tickets and routes of only one run.
#[must_use]
pub fn compare(a: &Side, b: &Side) -> (Vec<DifferenceRow>, Vec<UnmatchedRow>) {
    let mut tests = Vec::new();
    for (ra, rb) in a.bots.iter().zip(&b.bots) {
        tests.push(Test::rate("bot", ra.bot.clone(), "win_rate", (ra.wins, ra.games), (rb.wins, rb.games)));
    }
    for (ra, rb) in a.seats.iter().zip(&b.seats) {
        let name = format!("seat {}", ra.seat);
        tests.push(Test::rate("seat", name, "win_rate", (ra.wins, ra.games), (rb.wins, rb.games)));
    }
    let mut unmatched = Vec::new();
    for (name, ta, tb) in matched("ticket", &tickets(a), &tickets(b), &mut unmatched) {
        tests.push(Test::rate("ticket", name.clone(), "keep_rate", (ta.kept, ta.dealt), (tb.kept, tb.dealt)));
        let done = |t: &TicketCounts| (t.completed, t.kept);
        tests.push(Test::rate("ticket", name.clone(), "completion_rate", done(ta), done(tb)));
        tests.push(Test::mean("ticket", name, "value", ta.value(), tb.value()));
    }
    let claims = |side: &Side| -> Vec<(String, (u64, u64))> {
        let names = keyed(side.routes.iter().map(|r| format!("{} {} {}", pair(&r.a, &r.b), r.length, r.color)));
        names.into_iter().zip(side.routes.iter().map(|r| (r.claimed, side.run.games))).collect()
    };
    for (name, ca, cb) in matched("route", &claims(a), &claims(b), &mut unmatched) {
        tests.push(Test::rate("route", name, "claim_rate", *ca, *cb));
    }
    for metric in ["score", "route_points", "ticket_points", "bonus", "turns"] {
        let (sa, sb) = (sample(&a.scores, metric), sample(&b.scores, metric));
        tests.push(Test::mean("distribution", metric.to_string(), "mean", sa, sb));
    }
    let tested: Vec<usize> = (0..tests.len()).filter(|&i| tests[i].difference.is_some()).collect();
    let p: Vec<f64> = tested.iter().map(|&i| tests[i].difference.map_or(1.0, |d| d.p)).collect();
    let mut q = vec![None; tests.len()];
    for (&i, qi) in tested.iter().zip(benjamini_hochberg(&p)) {
        q[i] = Some(qi);
    }
    let mut rows: Vec<DifferenceRow> = tests.into_iter().zip(q).map(|(t, q)| row(t, q)).collect();
    rows.sort_by(|x, y| {
        let key = |r: &DifferenceRow| r.p_value.map_or(f64::INFINITY, |p| p.0);
        key(x).total_cmp(&key(y))
    });
    (rows, unmatched)
}

/// The row of a test with its q-value.
fn row(t: Test, q: Option<f64>) -> DifferenceRow {
    let d = t.difference;
    DifferenceRow {
        kind: t.kind.to_string(),
        name: t.name,
        metric: t.metric.to_string(),
        n_a: t.a.0,
        a: t.a.1.map(Fixed),
        n_b: t.b.0,
        b: t.b.1.map(Fixed),
        difference: d.map(|d| Fixed(d.value)),
        difference_lo: d.map(|d| Fixed(d.lo)),
        difference_hi: d.map(|d| Fixed(d.hi)),
        p_value: d.map(|d| Fixed(d.p)),
        q_value: q.map(Fixed),
        significant: q.is_some_and(|q| q <= FDR),
    }
}

/// Two cities as `A-B`, in alphabetical order, so a ticket or route matches whichever way
/// round a map file writes it.
fn pair(a: &str, b: &str) -> String {
    if a <= b {
        format!("{a}-{b}")
    } else {
        format!("{b}-{a}")
    }
}

/// Names made unique: the second and later copies of a name get ` #2`, ` #3`, ...
fn keyed(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    names
        .map(|name| {
            let n = seen.entry(name.clone()).or_default();
            *n += 1;
            if *n == 1 {
                name
            } else {
                format!("{name} #{n}")
            }
        })
        .collect()
}

/// The tickets of a run by name, both sources of a ticket added together.
fn tickets(side: &Side) -> Vec<(String, TicketCounts)> {
    let mut by_index: BTreeMap<u64, (String, TicketCounts)> = BTreeMap::new();
    for row in &side.tickets {
        let entry = by_index.entry(row.ticket).or_insert_with(|| (pair(&row.a, &row.b), TicketCounts::default()));
        let c = &mut entry.1;
        c.points = row.points;
        c.dealt += row.dealt;
        c.kept += row.kept;
        c.completed += row.completed;
    }
    let names = keyed(by_index.values().map(|(name, _)| name.clone()));
    names.into_iter().zip(by_index.into_values().map(|(_, c)| c)).collect()
}

/// The items of both runs paired by name, in run A's order; those of one run only are
/// added to `unmatched` (A's first).
fn matched<'t, T>(
    kind: &str,
    a: &'t [(String, T)],
    b: &'t [(String, T)],
    unmatched: &mut Vec<UnmatchedRow>,
) -> Vec<(String, &'t T, &'t T)> {
    let lone = |name: &str, only_in: &str| UnmatchedRow {
        kind: kind.to_string(),
        name: name.to_string(),
        only_in: only_in.to_string(),
    };
    let mut pairs = Vec::new();
    for (name, x) in a {
        match b.iter().find(|(n, _)| n == name) {
            Some((_, y)) => pairs.push((name.clone(), x, y)),
            None => unmatched.push(lone(name, "a")),
        }
    }
    unmatched.extend(b.iter().filter(|(n, _)| !a.iter().any(|(m, _)| m == n)).map(|(n, _)| lone(n, "b")));
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticket_value_is_the_mean_and_variance_of_plus_and_minus_points() {
        // 3 of 4 completed at 10 points: +10 +10 +10 -10, mean 5, variance (3*25+225)/3 = 100.
        let t = TicketCounts { points: 10, dealt: 9, kept: 4, completed: 3 };
        let v = t.value();
        assert_eq!((v.n, v.mean), (4, 5.0));
        assert!((v.variance - 100.0).abs() < 1e-9, "{v:?}");
    }

    #[test]
    fn names_pair_cities_in_either_order_and_number_copies() {
        assert_eq!(pair("Seattle", "Portland"), "Portland-Seattle");
        assert_eq!(pair("Portland", "Seattle"), "Portland-Seattle");
        let names = keyed(["x".to_string(), "y".to_string(), "x".to_string()].into_iter());
        assert_eq!(names, ["x", "y", "x #2"]);
    }
}
