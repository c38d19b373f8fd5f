//! Shortest paths over a map's routes with fixed-size, reusable scratch buffers.
//!
//! Every search runs over a caller-given [`RouteSet`] (the routes usable in this search)
//! with a caller-given weight per route, so one routine serves the greedy planner (trains,
//! own routes free), Destination Hungry (lengths, own routes free) and the fewest-routes
//! searches of the other personas (every route weighs 1). Ties are broken the same way
//! every time: among cities at equal distance the lowest-numbered one is settled first, and
//! routes out of a city are scanned in board order, a later route replacing an earlier
//! one only when strictly shorter.

use ttr::{CityId, CitySet, Map, RouteId, RouteSet};

/// Most cities a map may have (the capacity of a [`CitySet`]).
pub const MAX_CITIES: usize = CitySet::CAPACITY;

/// Distance of a city not reached.
pub const UNREACHED: u32 = u32::MAX;

/// No route: the city is a source, or was not reached.
const NO_ROUTE: u8 = u8::MAX;

/// Scratch buffers of one search and its result: distances and the route each city was
/// reached by. Reused from search to search without allocating.
#[derive(Clone, Debug)]
pub struct Paths {
    dist: [u32; MAX_CITIES],
    via: [u8; MAX_CITIES],
    settled: CitySet,
}

impl Default for Paths {
    fn default() -> Self {
        Paths::new()
    }
}

impl Paths {
    /// Empty buffers.
    #[must_use]
    pub fn new() -> Paths {
        Paths { dist: [UNREACHED; MAX_CITIES], via: [NO_ROUTE; MAX_CITIES], settled: CitySet::EMPTY }
    }

    /// Dijkstra from every city of `sources` at once, over `routes`, with `weight(r)` the
    /// cost of route `r`. Stops as soon as a city of `targets` is settled and returns it;
    /// with no target reachable (or `targets` empty), settles everything reachable and
    /// returns `None`.
    pub fn search(
        &mut self,
        map: &Map,
        routes: RouteSet,
        weight: impl Fn(RouteId) -> u32,
        sources: CitySet,
        targets: CitySet,
    ) -> Option<CityId> {
        self.search_until(map, routes, weight, sources, |u| targets.contains(u))
    }

    /// [`Paths::search`] that goes on until every city of `targets` is settled (or nothing
    /// more is reachable): the distances and paths to all of them are then exactly those a
    /// search settling everything finds. Returns whether every target was reached; with
    /// `targets` empty, settles everything reachable.
    pub fn search_all(
        &mut self,
        map: &Map,
        routes: RouteSet,
        weight: impl Fn(RouteId) -> u32,
        sources: CitySet,
        targets: CitySet,
    ) -> bool {
        let mut left = targets;
        let mut done = |u: CityId| {
            left = left.without(u);
            left.is_empty() && !targets.is_empty()
        };
        self.search_until(map, routes, weight, sources, &mut done).is_some()
    }

    /// The search loop: settles cities in order of distance (the lowest-numbered first on
    /// ties) until `done` says yes to a settled city, which it returns.
    fn search_until(
        &mut self,
        map: &Map,
        routes: RouteSet,
        weight: impl Fn(RouteId) -> u32,
        sources: CitySet,
        mut done: impl FnMut(CityId) -> bool,
    ) -> Option<CityId> {
        self.dist = [UNREACHED; MAX_CITIES];
        self.via = [NO_ROUTE; MAX_CITIES];
        self.settled = CitySet::EMPTY;
        let mut queue = Queue::new();
        for c in sources.iter() {
            self.dist[c.index()] = 0;
            queue.push(0, c);
        }
        // A city's entry with its current distance comes out before any older (longer) one.
        while let Some((best, u)) = queue.pop() {
            if self.settled.contains(u) {
                continue;
            }
            self.settled.insert(u);
            if done(u) {
                return Some(u);
            }
            for r in map.routes_at(u).and(routes).iter() {
                let v = map.route(r).other_end(u);
                if self.settled.contains(v) {
                    continue;
                }
                let d = best.saturating_add(weight(r));
                if d < self.dist[v.index()] {
                    self.dist[v.index()] = d;
                    self.via[v.index()] = r.0;
                    queue.push(d, v);
                }
            }
        }
        None
    }

    /// Distance to `city` found by the last search ([`UNREACHED`] if not reached). Exact
    /// for settled cities (every city, when the search was not stopped early).
    #[must_use]
    pub fn dist(&self, city: CityId) -> u32 {
        self.dist[city.index()]
    }

    /// Whether the last search settled `city`.
    #[must_use]
    pub fn settled(&self, city: CityId) -> bool {
        self.settled.contains(city)
    }

    /// The route by which the last search reached `city` (`None` for a source or a city not
    /// reached).
    #[must_use]
    pub fn via(&self, city: CityId) -> Option<RouteId> {
        let r = self.via[city.index()];
        (r != NO_ROUTE).then_some(RouteId(r))
    }

    /// The routes by which the last search reached the cities it settled.
    #[must_use]
    pub fn tree_routes(&self) -> RouteSet {
        self.settled.iter().filter_map(|c| self.via(c)).collect()
    }

    /// The routes of the path the last search found to `city`, from a source to `city`.
    #[must_use]
    pub fn path_to(&self, map: &Map, city: CityId) -> RouteSet {
        let mut set = RouteSet::EMPTY;
        self.walk_back(map, city, |r, _| set.insert(r));
        set
    }

    /// Calls `f(route, city nearer the source)` for each route of the path to `city`,
    /// walking from `city` back to the source.
    pub fn walk_back(&self, map: &Map, city: CityId, mut f: impl FnMut(RouteId, CityId)) {
        let mut c = city;
        let mut steps = 0;
        while let Some(r) = self.via(c) {
            let prev = map.route(r).other_end(c);
            f(r, prev);
            c = prev;
            steps += 1;
            debug_assert!(steps <= MAX_CITIES, "a path cannot be longer than the city count");
        }
    }

    /// The first route of the path to `city` (the one leaving the source) that is not in
    /// `skip`, walking from the source; `None` if every route is in `skip` or there is none.
    #[must_use]
    pub fn first_route_not_in(&self, map: &Map, city: CityId, skip: RouteSet) -> Option<RouteId> {
        let mut found = None;
        self.walk_back(map, city, |r, _| {
            if !skip.contains(r) {
                found = Some(r);
            }
        });
        found
    }
}

/// Most entries a search's queue holds: each source once, and a city once per route it is
/// reached by (a route is followed only from the first of its ends to be settled).
const QUEUE: usize = CitySet::CAPACITY + RouteSet::CAPACITY;

/// A binary min-heap of (distance, city) on a fixed buffer: the lowest distance comes out
/// first, and of equal distances the lowest-numbered city.
struct Queue {
    /// Distance in the high bits, city in the low 8: ordered as the entries come out.
    keys: [u64; QUEUE],
    len: usize,
}

impl Queue {
    fn new() -> Queue {
        Queue { keys: [0; QUEUE], len: 0 }
    }

    fn push(&mut self, dist: u32, city: CityId) {
        let key = u64::from(dist) << 8 | u64::from(city.0);
        let mut i = self.len;
        self.len += 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.keys[parent] <= key {
                break;
            }
            self.keys[i] = self.keys[parent];
            i = parent;
        }
        self.keys[i] = key;
    }

    fn pop(&mut self) -> Option<(u32, CityId)> {
        if self.len == 0 {
            return None;
        }
        let top = self.keys[0];
        self.len -= 1;
        let last = self.keys[self.len];
        let mut i = 0;
        loop {
            let mut child = 2 * i + 1;
            if child >= self.len {
                break;
            }
            if child + 1 < self.len && self.keys[child + 1] < self.keys[child] {
                child += 1;
            }
            if self.keys[child] >= last {
                break;
            }
            self.keys[i] = self.keys[child];
            i = child;
        }
        self.keys[i] = last;
        Some(((top >> 8) as u32, CityId(top as u8)))
    }
}

/// Every route with its twin when the twin is in `open` too: the tracks a search's route
/// stands for.
#[must_use]
pub fn with_open_twins(map: &Map, routes: RouteSet, open: RouteSet) -> RouteSet {
    let mut out = routes;
    for r in routes.iter() {
        if let Some(t) = map.route(r).twin {
            if open.contains(t) {
                out.insert(t);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    pub(crate) const LINE: &str = r#"
name = "line"
title = "line"
cities = [
  { name = "A", x = 0.0, y = 0.0 },
  { name = "B", x = 0.1, y = 0.0 },
  { name = "C", x = 0.2, y = 0.0 },
  { name = "D", x = 0.3, y = 0.0 },
]
routes = [
  { a = "A", b = "B", length = 1, color = "red" },
  { a = "B", b = "C", length = 1, color = "blue" },
  { a = "C", b = "D", length = 1, color = "green" },
  { a = "A", b = "D", length = 6, color = "gray" },
]
tickets = [
  { a = "A", b = "D", points = 5 },
  { a = "B", b = "D", points = 4 },
  { a = "A", b = "C", points = 3 },
  { a = "B", b = "C", points = 2 },
  { a = "C", b = "D", points = 2 },
  { a = "A", b = "B", points = 2 },
  { a = "A", b = "D", points = 5 },
  { a = "B", b = "D", points = 4 },
  { a = "A", b = "C", points = 3 },
  { a = "B", b = "C", points = 2 },
]
[rules]
players = [2, 2]
trains = 45
turn_cap = 1000
route_points = [[1, 1], [2, 2], [3, 4], [4, 7], [5, 10], [6, 15]]
deck = { per_color = 12, locos = 14 }
locos = "wild"
face_up_loco_ends_draw = true
loco_reset = true
doubles_both_from = 4
setup_tickets = { deal = 3, keep = 2, returned = "bottom" }
draw_tickets = { deal = 3, keep = 1, returned = "bottom" }
"#;

    #[test]
    fn finds_the_cheaper_of_two_paths_and_walks_it_back() {
        let map = Map::from_toml(LINE, Path::new("test.toml")).expect("valid");
        let mut p = Paths::new();
        let (a, d) = (CityId(0), CityId(3));
        let length = |r: RouteId| u32::from(map.route(r).length);
        assert_eq!(p.search(&map, map.all_routes(), length, CitySet::single(a), CitySet::single(d)), Some(d));
        assert_eq!(p.dist(d), 3);
        assert_eq!(p.path_to(&map, d), RouteSet::first(3));
        assert_eq!(p.first_route_not_in(&map, d, RouteSet::single(RouteId(0))), Some(RouteId(1)));
        // Counting routes instead, the direct route wins.
        p.search(&map, map.all_routes(), |_| 1, CitySet::single(a), CitySet::single(d));
        assert_eq!(p.path_to(&map, d), RouteSet::single(RouteId(3)));
        // Without the middle route only the long one is left; without both, nothing.
        let no_bc = map.all_routes().without(RouteId(1));
        p.search(&map, no_bc, length, CitySet::single(a), CitySet::EMPTY);
        assert_eq!(p.dist(d), 6);
        assert_eq!(p.search(&map, no_bc.without(RouteId(3)), length, CitySet::single(a), CitySet::single(d)), None);
        assert_eq!(p.dist(d), UNREACHED);
    }

    #[test]
    fn search_all_stops_once_every_target_is_settled() {
        let map = Map::from_toml(LINE, Path::new("test.toml")).expect("valid");
        let length = |r: RouteId| u32::from(map.route(r).length);
        let (a, b, c, d) = (CityId(0), CityId(1), CityId(2), CityId(3));
        let mut full = Paths::new();
        full.search(&map, map.all_routes(), length, CitySet::single(a), CitySet::EMPTY);
        let mut p = Paths::new();
        assert!(p.search_all(&map, map.all_routes(), length, CitySet::single(a), CitySet::single(b).with(c)));
        assert!(!p.settled(d), "D lies beyond both targets");
        for city in [b, c] {
            assert_eq!((p.dist(city), p.path_to(&map, city)), (full.dist(city), full.path_to(&map, city)));
        }
        // A target cut off: everything reachable is settled, and it is reported.
        let cut = map.all_routes().minus(RouteSet::single(RouteId(2)).with(RouteId(3)));
        assert!(!p.search_all(&map, cut, length, CitySet::single(a), CitySet::single(b).with(d)));
        assert!(p.settled(c));
        assert_eq!(p.dist(d), UNREACHED);
    }
}
