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
        weight: impl Fn(RouteId) -> u16,
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
        weight: impl Fn(RouteId) -> u16,
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
        weight: impl Fn(RouteId) -> u16,
        sources: CitySet,
        mut done: impl FnMut(CityId) -> bool,
    ) -> Option<CityId> {
        self.dist = [UNREACHED; MAX_CITIES];
        self.via = [NO_ROUTE; MAX_CITIES];
        self.settled = CitySet::EMPTY;
        let mut queue = Buckets::new();
        for c in sources.iter() {
            self.dist[c.index()] = 0;
            queue.push(0, c);
        }
        // The routes not yet followed: none leads to a settled city.
        let mut unfollowed = routes;
        while let Some((best, u)) = queue.pop(&self.dist) {
            self.settled.insert(u);
            if done(u) {
                return Some(u);
            }
            let out = map.routes_at(u).and(unfollowed);
            unfollowed = unfollowed.minus(map.routes_at(u));
            for_each_route(out, |r| {
                let v = map.route(r).other_end(u);
                // No overflow: a path holds at most 63 routes of at most 65,535 each.
                let d = best + u32::from(weight(r));
                let old = self.dist[v.index()];
                if d < old {
                    if old != UNREACHED {
                        queue.remove(old, v);
                    }
                    self.dist[v.index()] = d;
                    self.via[v.index()] = r.0;
                    queue.push(d, v);
                }
            });
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

    /// The routes of the paths the last search found to the cities of `cities` (none to a
    /// city not reached).
    #[must_use]
    pub fn paths_to(&self, map: &Map, cities: CitySet) -> RouteSet {
        let mut set = RouteSet::EMPTY;
        for city in cities.iter() {
            let mut c = city;
            // A route already in the set brings the rest of its path in with it.
            while let Some(r) = self.via(c).filter(|&r| !set.contains(r)) {
                set.insert(r);
                c = map.route(r).other_end(c);
            }
        }
        set
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

/// Calls `f` on each route of `set` in board order (word by word, cheaper than
/// [`RouteSet::iter`]).
fn for_each_route(set: RouteSet, mut f: impl FnMut(RouteId)) {
    for (offset, word) in [(0, set.0 as u64), (64, (set.0 >> 64) as u64)] {
        let mut bits = word;
        while bits != 0 {
            f(RouteId(offset + bits.trailing_zeros() as u8));
            bits &= bits - 1;
        }
    }
}

/// Distances a [`Buckets`] ring holds at once.
const RING: u32 = u64::BITS;

/// The cities reached but not settled, by distance: the lowest distance comes out first,
/// and of equal distances the lowest-numbered city. Each city is held once, at its
/// current distance.
struct Buckets {
    /// The ring holds the distances `base .. base + RING`, distance `d` in `ring[d % RING]`.
    base: u32,
    ring: [CitySet; RING as usize],
    /// Bit `i`: `ring[i]` is not empty.
    occupied: u64,
    /// The cities at distance `base + RING` or more.
    far: CitySet,
}

impl Buckets {
    fn new() -> Buckets {
        Buckets { base: 0, ring: [CitySet::EMPTY; RING as usize], occupied: 0, far: CitySet::EMPTY }
    }

    /// Adds `city` at `dist`, which is at least the last distance taken out.
    fn push(&mut self, dist: u32, city: CityId) {
        debug_assert!(dist >= self.base, "distances come out in order");
        if dist - self.base < RING {
            let i = (dist % RING) as usize;
            self.ring[i].insert(city);
            self.occupied |= 1 << i;
        } else {
            self.far.insert(city);
        }
    }

    /// Removes `city`, held at `dist`.
    fn remove(&mut self, dist: u32, city: CityId) {
        if dist - self.base < RING {
            let i = (dist % RING) as usize;
            self.ring[i] = self.ring[i].without(city);
            if self.ring[i].is_empty() {
                self.occupied &= !(1 << i);
            }
        } else {
            self.far = self.far.without(city);
        }
    }

    /// Takes out the city of lowest (distance, number); `dist` holds every held city's
    /// distance.
    fn pop(&mut self, dist: &[u32; MAX_CITIES]) -> Option<(u32, CityId)> {
        if self.occupied == 0 {
            // The ring is empty: move it on to the nearest far city.
            self.base = self.far.iter().map(|c| dist[c.index()]).min()?;
            for c in self.far.iter() {
                let d = dist[c.index()];
                if d - self.base < RING {
                    self.far = self.far.without(c);
                    self.push(d, c);
                }
            }
        }
        let offset = self.occupied.rotate_right(self.base % RING).trailing_zeros();
        let d = self.base + offset;
        let i = (d % RING) as usize;
        let bucket = self.ring[i];
        let city = bucket.first_item().expect("an occupied bucket");
        // The lowest city out of its bucket, in place ([`Buckets::remove`] of it).
        self.ring[i] = CitySet(bucket.0 & (bucket.0 - 1));
        if self.ring[i].is_empty() {
            self.occupied &= !(1 << i);
        }
        Some((d, city))
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
pub(crate) mod tests {
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
        let length = |r: RouteId| u16::from(map.route(r).length);
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

    /// The search as first written: settle the reached city of lowest (distance, number),
    /// scan its routes in board order, a route replacing the path only when strictly shorter.
    fn reference(map: &Map, routes: RouteSet, weight: impl Fn(RouteId) -> u32, source: CityId) -> Paths {
        let mut p = Paths::new();
        p.dist[source.index()] = 0;
        loop {
            let open = (0..map.cities().len())
                .map(|i| CityId(i as u8))
                .filter(|&c| !p.settled.contains(c) && p.dist[c.index()] != UNREACHED);
            let Some(u) = open.min_by_key(|&c| (p.dist[c.index()], c.0)) else { return p };
            p.settled.insert(u);
            for r in map.routes_at(u).and(routes).iter() {
                let v = map.route(r).other_end(u);
                let d = p.dist[u.index()].saturating_add(weight(r));
                if !p.settled.contains(v) && d < p.dist[v.index()] {
                    p.dist[v.index()] = d;
                    p.via[v.index()] = r.0;
                }
            }
        }
    }

    #[test]
    fn searches_settle_as_the_plain_algorithm_does() {
        use rand::{Rng, SeedableRng};
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/{name}.toml"));
            let map = Map::load(&path).expect("a map");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
            for round in 0..200 {
                // Zero weights, small ones and, every fourth round, some far beyond the ring,
                // every eighth as heavy as a weight may be.
                let top = match round % 8 {
                    0 => u16::MAX,
                    4 => 300,
                    _ => 7,
                };
                let weights: Vec<u16> = map.all_routes().iter().map(|_| rng.random_range(0..=top)).collect();
                let weight = |r: RouteId| weights[r.index()];
                let routes = map.all_routes().iter().filter(|_| rng.random_bool(0.8)).collect::<RouteSet>();
                let source = CityId(rng.random_range(0..map.cities().len()) as u8);
                let want = reference(&map, routes, |r| u32::from(weight(r)), source);
                let mut got = Paths::new();
                assert_eq!(got.search(&map, routes, weight, CitySet::single(source), CitySet::EMPTY), None);
                assert_eq!((got.dist, got.via, got.settled), (want.dist, want.via, want.settled), "{name} {round}");
                let walked = want.settled.iter().fold(RouteSet::EMPTY, |set, c| set.or(want.path_to(&map, c)));
                assert_eq!(got.paths_to(&map, want.settled), walked, "{name} {round}");
            }
        }
    }

    #[test]
    fn search_all_stops_once_every_target_is_settled() {
        let map = Map::from_toml(LINE, Path::new("test.toml")).expect("valid");
        let length = |r: RouteId| u16::from(map.route(r).length);
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
