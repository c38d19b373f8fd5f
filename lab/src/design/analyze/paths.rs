//! Shortest paths in trains between cities, over the connections of the board at the start of
//! a game: their length, how many there are, one chosen without ambiguity, and the share of
//! them that runs through each connection.
//!
//! Two paths are different when they pass through different connections (the two tracks of
//! a double route do not make two paths). Lengths are trains: route length plus mountains,
//! the fewest of a connection's tracks (as [`crate::design::tickets::Measure::Trains`]).

use ttr::{CityId, Map};

use super::graph::Connection;
use crate::design::tickets::{distances, Distances, Measure};

/// Shortest paths between every two cities.
pub struct Paths {
    cities: usize,
    dist: Distances,
    /// `count[s * cities + v]`: shortest paths from `s` to `v` (1 from a city to itself).
    count: Vec<f64>,
}

impl Paths {
    /// The shortest paths of `map`, whose connections are `connections`.
    #[must_use]
    pub fn new(map: &Map, connections: &[Connection]) -> Paths {
        let n = map.cities().len();
        let dist = distances(map, Measure::Trains);
        let mut count = vec![0.0; n * n];
        for s in 0..n {
            let from = CityId(s as u8);
            let mut order: Vec<usize> = (0..n).filter(|&v| dist.get(from, CityId(v as u8)).is_some()).collect();
            order.sort_by(|&u, &v| dist_of(&dist, s, u).total_cmp(&dist_of(&dist, s, v)));
            count[s * n + s] = 1.0;
            for &v in &order {
                for c in connections {
                    for (u, w) in [(c.a.index(), c.b.index()), (c.b.index(), c.a.index())] {
                        if w == v && u != v && dist_of(&dist, s, u) + f64::from(c.trains) == dist_of(&dist, s, v) {
                            count[s * n + v] += count[s * n + u];
                        }
                    }
                }
            }
        }
        Paths { cities: n, dist, count }
    }

    /// Trains on a shortest path from `a` to `b`; `None` when no path joins them.
    #[must_use]
    pub fn trains(&self, a: CityId, b: CityId) -> Option<f64> {
        self.dist.get(a, b)
    }

    /// The number of shortest paths from `a` to `b` (0 when none joins them).
    #[must_use]
    pub fn count(&self, a: CityId, b: CityId) -> f64 {
        self.count[a.index() * self.cities + b.index()]
    }

    /// The share of the shortest paths from `a` to `b` that use connection `c`: 1 when every
    /// one does, 0 when none does or no path joins them.
    #[must_use]
    pub fn share(&self, a: CityId, b: CityId, c: &Connection) -> f64 {
        let Some(total) = self.trains(a, b) else { return 0.0 };
        let d = |x: CityId, y: CityId| self.trains(x, y).unwrap_or(f64::INFINITY);
        let mut through = 0.0;
        for (u, v) in [(c.a, c.b), (c.b, c.a)] {
            if d(a, u) + f64::from(c.trains) + d(v, b) == total {
                through += self.count(a, u) * self.count(v, b);
            }
        }
        let all = self.count(a, b);
        if all > 0.0 {
            through / all
        } else {
            0.0
        }
    }

    /// One shortest path from `a` to `b` as its cities, `a` first: walking back from `b`,
    /// each step goes to the lowest-numbered city (map-file order) that keeps the path
    /// shortest. `None` when no path joins them.
    #[must_use]
    pub fn one_path(&self, a: CityId, b: CityId, connections: &[Connection]) -> Option<Vec<CityId>> {
        self.trains(a, b)?;
        let d = |x: CityId| self.trains(a, x).unwrap_or(f64::INFINITY);
        let mut path = vec![b];
        let mut at = b;
        while at != a {
            let step = connections
                .iter()
                .filter_map(|c| {
                    let u = if c.a == at {
                        c.b
                    } else if c.b == at {
                        c.a
                    } else {
                        return None;
                    };
                    (d(u) + f64::from(c.trains) == d(at)).then_some(u)
                })
                .min_by_key(|u| u.index())?;
            path.push(step);
            at = step;
        }
        path.reverse();
        Some(path)
    }
}

/// The distance from city `s` to city `v` (infinite when no path joins them).
fn dist_of(dist: &Distances, s: usize, v: usize) -> f64 {
    dist.get(CityId(s as u8), CityId(v as u8)).unwrap_or(f64::INFINITY)
}
