//! Destination-ticket generator for map designers: proposes city pairs spread over a board
//! and values them the way the published maps do.
//!
//! # The points formula
//!
//! A ticket is worth `points = round(a × x + b)` (halves round up, never below 1), where `x`
//! is the shortest path between its cities over all routes (the board at the start of a
//! game, nothing claimed) under a [`Measure`]. [`PUBLISHED`] is the formula the published
//! maps follow: `x` = **trains** on the shortest path (route length plus mountain symbols,
//! [`ttr::Route::trains_needed`]), `a = 1`, `b = 0`, that is, a ticket is worth the trains
//! needed to join its cities. Ferries, tunnels and card substitutes do not change the value.
//!
//! How the constants were obtained: [`fit`] over the 112 printed tickets of `maps/usa.toml`,
//! `maps/nordic.toml` and `maps/legendary_asia.toml` (106 normal, 6 long; a grid search of
//! `a` and `b` minimising the mean absolute error of the rounded points). It finds no line
//! better than `a = 1, b = 0`: 107 of the 112 tickets exactly right (mean absolute error
//! 0.054); its own optimum, `a = 1.019, b = −0.138`, gives the very same points on all 112,
//! so the round constants are kept. Nordic (46) and Legendary Asia (36, long tickets included) are reproduced exactly;
//! USA gets 25 of 30 exactly and all 30 within ±2 (mean absolute error 0.20): five USA
//! tickets are worth more than their path (Los Angeles–Chicago 16 for 15 trains, Los
//! Angeles–Miami 20 for 19, Los Angeles–New York 21 for 20, Seattle–New York 22 for 20, Sault
//! St. Marie–Oklahoma City 9 for 8), a bonus no length-based line can give without breaking
//! the other 107. Spaces without mountains miss Asia's mountain routes; the number of routes
//! or the straight-line distance fit far worse (see the tests). `bots/tests/ticket_gen.rs`
//! re-fits on the three maps and checks these constants are still the best.
//!
//! # Choosing the city pairs
//!
//! [`suggest`] picks `count` distinct pairs of connected cities, deterministically from a
//! seed:
//!
//! 1. **Lengths.** Each published ticket has a *rank* on its own map: the share of all city
//!    pairs with a shorter path (ties count half). [`LENGTH_PROFILE`] holds the quantiles of
//!    those ranks over the 112 tickets. The `i`-th of `count` target lengths is the map's
//!    own pair-distance quantile at the profile's rank for `(i + ½) / count`, so a small
//!    board gets short tickets and a large one long tickets, in the published proportions.
//! 2. **Balance.** The `2 × count` ticket ends are shared out so that every city that can
//!    hold a ticket is used `⌊2·count / cities⌋` or one more times (which cities get the one
//!    more is drawn from the seed). The search below keeps every count within those bounds.
//! 3. **Search.** From a seeded random pairing of the ends, a hill climb swaps partners
//!    between two tickets (and moves one end to another city while the bounds allow) as
//!    long as that lowers the cost: the distance between the sorted ticket lengths and the
//!    sorted targets, plus a penalty for a ticket between two cities a route joins directly
//!    (no published ticket is one), a penalty for near-duplicates (two tickets sharing one
//!    city whose other cities are one route apart, or, less, two routes apart in total),
//!    plus a prohibitive cost for a duplicate, a city paired with itself or a pair not
//!    connected.
//!    The best of [`restarts`] climbs is kept. Any ticket still invalid is then replaced by
//!    the unused connected pair that costs least.
//!
//! The result is sorted by city names, each pair written with the alphabetically first city
//! as `a`. [`to_toml`] writes it as lines of the map file's `tickets = [...]` array.

use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::{CityId, Map};

/// What the length of a path is measured in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    /// Spaces: the sum of route lengths.
    Spaces,
    /// Trains: route lengths plus mountain symbols (what a claim takes from the supply).
    Trains,
    /// The number of routes.
    Routes,
    /// The straight-line distance between the two cities on the board (0..1 coordinates),
    /// for pairs joined by some path.
    Straight,
}

impl Measure {
    /// Every measure, in a fixed order.
    pub const ALL: [Measure; 4] = [Measure::Spaces, Measure::Trains, Measure::Routes, Measure::Straight];

    /// A short name for messages.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Measure::Spaces => "spaces",
            Measure::Trains => "trains",
            Measure::Routes => "routes",
            Measure::Straight => "straight-line distance",
        }
    }
}

/// A points formula: `points = round(a × x + b)`, at least 1, where `x` is the shortest
/// path between the ticket's cities under `measure`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Formula {
    /// What `x` is measured in.
    pub measure: Measure,
    /// Slope.
    pub a: f64,
    /// Intercept.
    pub b: f64,
}

/// The formula of the published maps: a ticket is worth the trains on the shortest path
/// between its cities. Obtained with [`fit`] over the USA, Nordic and Legendary Asia tickets
/// (see the module documentation for how and how well it fits).
pub const PUBLISHED: Formula = Formula { measure: Measure::Trains, a: 1.0, b: 0.0 };

impl Formula {
    /// Points for a path of length `x`: rounded half up, between 1 and 255.
    #[must_use]
    pub fn points(&self, x: f64) -> u8 {
        (self.a * x + self.b + 0.5).floor().clamp(1.0, 255.0) as u8
    }

    /// The formula in words, e.g. `points = round(1.000 × trains + 0.000)`.
    #[must_use]
    pub fn describe(&self) -> String {
        format!("points = round({:.3} × {} + {:.3}) on the shortest path", self.a, self.measure.name(), self.b)
    }
}

/// Shortest path lengths between every two cities of a map under one measure.
#[derive(Clone, Debug)]
pub struct Distances {
    cities: usize,
    d: Vec<f64>,
}

impl Distances {
    /// The length between two cities; `None` when no path joins them. 0 from a city to itself.
    #[must_use]
    pub fn get(&self, a: CityId, b: CityId) -> Option<f64> {
        let d = self.d[a.index() * self.cities + b.index()];
        d.is_finite().then_some(d)
    }

    fn at(&self, a: usize, b: usize) -> f64 {
        self.d[a * self.cities + b]
    }
}

/// Shortest path lengths between all city pairs over all routes (Floyd–Warshall). For
/// [`Measure::Straight`], the straight-line distance of every pair a path joins.
#[must_use]
pub fn distances(map: &Map, measure: Measure) -> Distances {
    let n = map.cities().len();
    let mut d = vec![f64::INFINITY; n * n];
    for i in 0..n {
        d[i * n + i] = 0.0;
    }
    for r in map.routes() {
        let w = match measure {
            Measure::Spaces | Measure::Straight => f64::from(r.length),
            Measure::Trains => f64::from(r.trains_needed()),
            Measure::Routes => 1.0,
        };
        let (a, b) = (r.a.index(), r.b.index());
        if w < d[a * n + b] {
            d[a * n + b] = w;
            d[b * n + a] = w;
        }
    }
    for k in 0..n {
        for i in 0..n {
            let dik = d[i * n + k];
            if !dik.is_finite() {
                continue;
            }
            for j in 0..n {
                let via = dik + d[k * n + j];
                if via < d[i * n + j] {
                    d[i * n + j] = via;
                }
            }
        }
    }
    if measure == Measure::Straight {
        let c = map.cities();
        for i in 0..n {
            for j in 0..n {
                if d[i * n + j].is_finite() {
                    d[i * n + j] = (c[i].x - c[j].x).hypot(c[i].y - c[j].y);
                }
            }
        }
    }
    Distances { cities: n, d }
}

/// A published ticket the formula does not reproduce.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Miss {
    /// First city.
    pub a: CityId,
    /// Second city.
    pub b: CityId,
    /// Shortest path length under the formula's measure.
    pub length: f64,
    /// Points printed on the ticket.
    pub published: u8,
    /// Points the formula gives.
    pub predicted: u8,
}

/// How close a formula gets to a map's printed tickets.
#[derive(Clone, Debug, PartialEq)]
pub struct Accuracy {
    /// Tickets compared.
    pub tickets: usize,
    /// Tickets valued exactly right.
    pub exact: usize,
    /// Tickets within ±1 point.
    pub within_1: usize,
    /// Tickets within ±2 points.
    pub within_2: usize,
    /// Mean absolute error in points.
    pub mae: f64,
    /// Largest absolute error in points.
    pub max_error: u32,
    /// The tickets not exactly right, in file order.
    pub misses: Vec<Miss>,
}

/// Compares a formula with every ticket of a map (normal and long).
#[must_use]
pub fn accuracy(map: &Map, formula: &Formula) -> Accuracy {
    let d = distances(map, formula.measure);
    let mut acc =
        Accuracy { tickets: 0, exact: 0, within_1: 0, within_2: 0, mae: 0.0, max_error: 0, misses: Vec::new() };
    let mut total = 0u32;
    for t in map.tickets() {
        let Some(length) = d.get(t.a, t.b) else { continue };
        let predicted = formula.points(length);
        let err = u32::from(predicted.abs_diff(t.points));
        acc.tickets += 1;
        total += err;
        acc.max_error = acc.max_error.max(err);
        acc.exact += usize::from(err == 0);
        acc.within_1 += usize::from(err <= 1);
        acc.within_2 += usize::from(err <= 2);
        if err != 0 {
            acc.misses.push(Miss { a: t.a, b: t.b, length, published: t.points, predicted });
        }
    }
    if acc.tickets > 0 {
        acc.mae = f64::from(total) / acc.tickets as f64;
    }
    acc
}

/// Fits `a` and `b` of a formula on the tickets of `maps` (normal and long): starting from
/// the least-squares line, a grid search (`a` within ±25 % of it in 0.2 % steps, `b` within
/// ±3 in steps of 0.025) for the smallest total absolute error of the rounded points, ties
/// broken by the smaller squared error before rounding.
#[must_use]
pub fn fit(maps: &[&Map], measure: Measure) -> Formula {
    let mut xs = Vec::new();
    for map in maps {
        let d = distances(map, measure);
        for t in map.tickets() {
            if let Some(x) = d.get(t.a, t.b) {
                xs.push((x, f64::from(t.points)));
            }
        }
    }
    if xs.is_empty() {
        return Formula { measure, a: 1.0, b: 0.0 };
    }
    let n = xs.len() as f64;
    let mx = xs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = xs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = xs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = xs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let a0 = if sxx > 0.0 { sxy / sxx } else { 1.0 };
    let b0 = my - a0 * mx;
    let mut best = (u64::MAX, f64::INFINITY, Formula { measure, a: a0, b: b0 });
    for i in 0..=250 {
        let a = a0 * (0.75 + 0.002 * f64::from(i));
        for j in 0..=240 {
            let b = b0 - 3.0 + 0.025 * f64::from(j);
            let f = Formula { measure, a, b };
            let mut abs = 0u64;
            let mut sq = 0.0;
            for &(x, y) in &xs {
                abs += u64::from(f.points(x).abs_diff(y as u8));
                sq += (a * x + b - y).powi(2);
            }
            if abs < best.0 || (abs == best.0 && sq < best.1) {
                best = (abs, sq, f);
            }
        }
    }
    best.2
}

/// Quantiles (0 %, 5 %, …, 100 %) of the published tickets' length ranks: a ticket's rank
/// is the share of its map's connected city pairs with a shorter path in trains (ties
/// counted half). Computed by [`length_profile`] over all 112 tickets of USA, Nordic and
/// Legendary Asia and rounded to 3 decimals; the tests recompute it.
pub const LENGTH_PROFILE: [f64; 21] = [
    0.079, 0.136, 0.182, 0.233, 0.254, 0.263, 0.324, 0.350, 0.368, 0.401, 0.408, 0.470, 0.541, 0.550, 0.613, 0.675,
    0.732, 0.818, 0.884, 0.932, 0.992,
];

/// Restarts of the pairing search in [`suggest`] (for up to 57 tickets; fewer for more,
/// see [`restarts`]).
pub const RESTARTS: usize = 12;

/// Restarts of the pairing search for `count` tickets: [`RESTARTS`], fewer from 58 tickets
/// on (one climb costs about `count³`), at least 1.
#[must_use]
pub fn restarts(count: usize) -> usize {
    (40_000 / count.max(1).pow(2)).clamp(1, RESTARTS)
}

/// Computes [`LENGTH_PROFILE`] from the tickets (normal and long) of `maps` under `measure`.
#[must_use]
pub fn length_profile(maps: &[&Map], measure: Measure) -> [f64; 21] {
    let mut ranks = Vec::new();
    for map in maps {
        let d = distances(map, measure);
        let all = pair_lengths(map, &d);
        for t in map.tickets() {
            if let Some(x) = d.get(t.a, t.b) {
                let below = all.iter().filter(|&&y| y < x - 1e-9).count() as f64;
                let equal = all.iter().filter(|&&y| (y - x).abs() <= 1e-9).count() as f64;
                ranks.push((below + equal / 2.0) / all.len() as f64);
            }
        }
    }
    ranks.sort_by(f64::total_cmp);
    std::array::from_fn(|k| quantile(&ranks, k as f64 / 20.0))
}

/// Lengths of all connected pairs of distinct cities, sorted.
fn pair_lengths(map: &Map, d: &Distances) -> Vec<f64> {
    let n = map.cities().len();
    let mut all: Vec<f64> =
        (0..n).flat_map(|i| (i + 1..n).map(move |j| d.at(i, j))).filter(|x| x.is_finite()).collect();
    all.sort_by(f64::total_cmp);
    all
}

/// Linear-interpolated quantile of sorted values at `p` in 0..=1.
fn quantile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let h = (sorted.len() - 1) as f64 * p.clamp(0.0, 1.0);
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (h - lo as f64)
}

/// One proposed ticket.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Suggestion {
    /// First city (the alphabetically first name).
    pub a: CityId,
    /// Second city.
    pub b: CityId,
    /// Shortest path length under the formula's measure.
    pub length: f64,
    /// Points, from the formula.
    pub points: u8,
}

/// Cost of a duplicate, a city paired with itself or an unconnected pair.
const INVALID: f64 = 1.0e6;
/// Penalty for a ticket between two cities a route joins directly (none of the 112
/// published tickets is one).
const ADJACENT: f64 = 20.0;
/// Penalty for two tickets sharing a city whose other cities are one route apart.
const NEAR_1: f64 = 4.0;
/// Penalty for two tickets whose ends are two routes apart in total.
const NEAR_2: f64 = 1.0;

/// What the pairing search needs to know about the map.
struct Search {
    n: usize,
    dist: Distances,
    hops: Distances,
    targets: Vec<f64>,
    /// Length-error scale: a tenth of the median pair length.
    unit: f64,
}

impl Search {
    fn length(&self, t: (usize, usize)) -> f64 {
        let d = self.dist.at(t.0, t.1);
        if d.is_finite() {
            d
        } else {
            0.0
        }
    }

    fn own_cost(&self, t: (usize, usize)) -> f64 {
        if t.0 == t.1 || !self.dist.at(t.0, t.1).is_finite() {
            INVALID
        } else if self.hops.at(t.0, t.1) < 1.5 {
            ADJACENT
        } else {
            0.0
        }
    }

    fn is_invalid(&self, t: (usize, usize)) -> bool {
        self.own_cost(t) >= INVALID
    }

    fn pair_cost(&self, s: (usize, usize), t: (usize, usize)) -> f64 {
        let h = |x: usize, y: usize| self.hops.at(x, y);
        let sim = (h(s.0, t.0) + h(s.1, t.1)).min(h(s.0, t.1) + h(s.1, t.0));
        if sim < 0.5 {
            INVALID
        } else if sim < 1.5 {
            NEAR_1
        } else if sim < 2.5 {
            NEAR_2
        } else {
            0.0
        }
    }

    /// Cost of the lengths: sorted lengths against sorted targets.
    fn length_cost(&self, sorted: &[f64]) -> f64 {
        sorted.iter().zip(&self.targets).map(|(l, t)| (l - t).abs()).sum::<f64>() / self.unit
    }

    /// The ticket lengths, sorted.
    fn sorted_lengths(&self, tickets: &[(usize, usize)]) -> Vec<f64> {
        let mut v: Vec<f64> = tickets.iter().map(|&t| self.length(t)).collect();
        v.sort_by(f64::total_cmp);
        v
    }

    /// Writes into `out` the sorted lengths `sorted` with the tickets `old` taken out and
    /// `new` put in (a merge, linear in the number of tickets); returns their cost.
    fn length_cost_after(
        &self,
        sorted: &[f64],
        old: &[(usize, usize)],
        new: &[(usize, usize)],
        out: &mut Vec<f64>,
    ) -> f64 {
        let mut remove: Vec<f64> = old.iter().map(|&t| self.length(t)).collect();
        let mut add: Vec<f64> = new.iter().map(|&t| self.length(t)).collect();
        remove.sort_by(f64::total_cmp);
        add.sort_by(f64::total_cmp);
        out.clear();
        let (mut r, mut a) = (0, 0);
        for &x in sorted {
            if r < remove.len() && x == remove[r] {
                r += 1;
                continue;
            }
            while a < add.len() && add[a] <= x {
                out.push(add[a]);
                a += 1;
            }
            out.push(x);
        }
        out.extend_from_slice(&add[a..]);
        self.length_cost(out)
    }

    /// The cost terms involving ticket `i` (its own, and with every other ticket except `skip`).
    fn row_cost(&self, tickets: &[(usize, usize)], i: usize, skip: usize) -> f64 {
        let mut c = self.own_cost(tickets[i]);
        for (k, &t) in tickets.iter().enumerate() {
            if k != i && k != skip {
                c += self.pair_cost(tickets[i], t);
            }
        }
        c
    }

    fn total_cost(&self, tickets: &[(usize, usize)]) -> f64 {
        let mut c = self.length_cost(&self.sorted_lengths(tickets));
        for i in 0..tickets.len() {
            c += self.own_cost(tickets[i]);
            for j in i + 1..tickets.len() {
                c += self.pair_cost(tickets[i], tickets[j]);
            }
        }
        c
    }

    /// Hill climb: partner swaps between two tickets, and moving one end to another city
    /// while every city's use stays within `lo..=hi`.
    fn climb(&self, tickets: &mut [(usize, usize)], uses: &mut [usize], lo: usize, hi: usize, cities: &[usize]) {
        let mut sorted = self.sorted_lengths(tickets);
        let mut scratch = Vec::with_capacity(sorted.len());
        let mut len_cost = self.length_cost(&sorted);
        loop {
            let mut improved = false;
            for i in 0..tickets.len() {
                for j in i + 1..tickets.len() {
                    for variant in 0..2 {
                        let (old_i, old_j) = (tickets[i], tickets[j]);
                        let before = self.row_cost(tickets, i, j)
                            + self.row_cost(tickets, j, i)
                            + self.pair_cost(old_i, old_j)
                            + len_cost;
                        let ((a, b), (c, d)) = (old_i, old_j);
                        (tickets[i], tickets[j]) = if variant == 0 { ((a, c), (b, d)) } else { ((a, d), (b, c)) };
                        let new_len =
                            self.length_cost_after(&sorted, &[old_i, old_j], &[tickets[i], tickets[j]], &mut scratch);
                        let after = self.row_cost(tickets, i, j)
                            + self.row_cost(tickets, j, i)
                            + self.pair_cost(tickets[i], tickets[j])
                            + new_len;
                        if after < before - 1e-9 {
                            len_cost = new_len;
                            std::mem::swap(&mut sorted, &mut scratch);
                            improved = true;
                        } else {
                            (tickets[i], tickets[j]) = (old_i, old_j);
                        }
                    }
                }
            }
            if hi > lo {
                for i in 0..tickets.len() {
                    for end in 0..2 {
                        for &y in cities {
                            let old = tickets[i];
                            let x = if end == 0 { old.0 } else { old.1 };
                            if y == x || uses[x] <= lo || uses[y] >= hi {
                                continue;
                            }
                            let before = self.row_cost(tickets, i, usize::MAX) + len_cost;
                            tickets[i] = if end == 0 { (y, old.1) } else { (old.0, y) };
                            let new_len = self.length_cost_after(&sorted, &[old], &[tickets[i]], &mut scratch);
                            let after = self.row_cost(tickets, i, usize::MAX) + new_len;
                            if after < before - 1e-9 {
                                uses[x] -= 1;
                                uses[y] += 1;
                                len_cost = new_len;
                                std::mem::swap(&mut sorted, &mut scratch);
                                improved = true;
                            } else {
                                tickets[i] = old;
                            }
                        }
                    }
                }
            }
            if !improved {
                return;
            }
        }
    }
}

/// Fisher–Yates shuffle driven only by the generator's raw output, so the order depends on
/// nothing but the seed.
fn shuffle<T>(items: &mut [T], rng: &mut Pcg64Mcg) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// Proposes `count` tickets for `map` (fewer only if the map has fewer connected city
/// pairs), valued by `formula`, the same for the same seed. See the module documentation for
/// the method. Use [`PUBLISHED`] as the formula to value them like the published maps.
#[must_use]
pub fn suggest(map: &Map, count: usize, seed: u64, formula: &Formula) -> Vec<Suggestion> {
    let n = map.cities().len();
    let dist = distances(map, formula.measure);
    let hops = distances(map, Measure::Routes);
    let all = pair_lengths(map, &dist);
    let count = count.min(all.len());
    if count == 0 {
        return Vec::new();
    }
    let targets: Vec<f64> = (0..count)
        .map(|i| {
            let p = (i as f64 + 0.5) / count as f64;
            let h = p * 20.0;
            let k = (h.floor() as usize).min(19);
            let rank = LENGTH_PROFILE[k] + (LENGTH_PROFILE[k + 1] - LENGTH_PROFILE[k]) * (h - k as f64);
            quantile(&all, rank)
        })
        .collect();
    let unit = (quantile(&all, 0.5) / 10.0).max(1e-6);
    let search = Search { n, dist, hops, targets, unit };

    // Cities that can hold a ticket, and how many ticket ends each gets.
    let cities: Vec<usize> = (0..n).filter(|&i| (0..n).any(|j| j != i && search.dist.at(i, j).is_finite())).collect();
    let lo = 2 * count / cities.len();
    let extra = 2 * count % cities.len();
    let hi = lo + usize::from(extra > 0);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut best: Option<(f64, Vec<(usize, usize)>)> = None;
    for _ in 0..restarts(count) {
        let mut order = cities.clone();
        shuffle(&mut order, &mut rng);
        let mut uses = vec![0usize; n];
        let mut ends = Vec::with_capacity(2 * count);
        for (k, &c) in order.iter().enumerate() {
            uses[c] = lo + usize::from(k < extra);
            ends.extend(std::iter::repeat_n(c, uses[c]));
        }
        shuffle(&mut ends, &mut rng);
        let mut tickets: Vec<(usize, usize)> = ends.chunks(2).map(|e| (e[0], e[1])).collect();
        search.climb(&mut tickets, &mut uses, lo, hi, &cities);
        let cost = search.total_cost(&tickets);
        if best.as_ref().is_none_or(|(c, _)| cost < *c - 1e-9) {
            best = Some((cost, tickets));
        }
    }
    let mut tickets = best.map(|b| b.1).unwrap_or_default();
    repair(&search, &mut tickets);

    let mut out: Vec<Suggestion> = tickets
        .into_iter()
        .map(|(x, y)| {
            let (a, b) = if map.cities()[x].name <= map.cities()[y].name { (x, y) } else { (y, x) };
            let length = search.dist.at(a, b);
            Suggestion { a: CityId(a as u8), b: CityId(b as u8), length, points: formula.points(length) }
        })
        .collect();
    out.sort_by(|s, t| {
        let name = |c: CityId| map.city_name(c);
        (name(s.a), name(s.b)).cmp(&(name(t.a), name(t.b)))
    });
    out
}

/// Replaces every invalid ticket (duplicate, self-pair, unconnected) by the unused connected
/// pair that adds least to the cost (balance counted: one more use of a city costs 1).
fn repair(search: &Search, tickets: &mut [(usize, usize)]) {
    let n = search.n;
    let key = |t: (usize, usize)| (t.0.min(t.1), t.0.max(t.1));
    for i in 0..tickets.len() {
        let dup = (0..i).any(|k| key(tickets[k]) == key(tickets[i]));
        if !search.is_invalid(tickets[i]) && !dup {
            continue;
        }
        let mut uses = vec![0usize; n];
        for (k, &t) in tickets.iter().enumerate() {
            if k != i {
                uses[t.0] += 1;
                uses[t.1] += 1;
            }
        }
        let mut best: Option<(f64, (usize, usize))> = None;
        for a in 0..n {
            for b in a + 1..n {
                if !search.dist.at(a, b).is_finite()
                    || tickets.iter().enumerate().any(|(k, &t)| k != i && key(t) == (a, b))
                {
                    continue;
                }
                tickets[i] = (a, b);
                let cost = search.total_cost(tickets) + (uses[a] + uses[b]) as f64;
                if best.is_none_or(|(c, _)| cost < c - 1e-9) {
                    best = Some((cost, (a, b)));
                }
            }
        }
        if let Some((_, t)) = best {
            tickets[i] = t;
        }
    }
}

/// The suggestions as lines of a map file's `tickets = [...]` array, one per ticket:
/// `  { a = "X", b = "Y", points = N },`.
#[must_use]
pub fn to_toml(map: &Map, suggestions: &[Suggestion]) -> String {
    let quote = |s: &str| {
        let mut q = String::from('"');
        for ch in s.chars() {
            match ch {
                '"' => q.push_str("\\\""),
                '\\' => q.push_str("\\\\"),
                c if c.is_control() => q.push_str(&format!("\\u{:04X}", c as u32)),
                c => q.push(c),
            }
        }
        q.push('"');
        q
    };
    suggestions
        .iter()
        .map(|s| {
            format!(
                "  {{ a = {}, b = {}, points = {} }},\n",
                quote(map.city_name(s.a)),
                quote(map.city_name(s.b)),
                s.points
            )
        })
        .collect()
}
