//! The end and scoring (docs/rules.md 1, 5): ending a turn, the final round, passing, the turn
//! cap; final scoring: tickets by connectivity, longest trail, largest network, bonuses,
//! winners.

use crate::action::{Action, EndReason, Event, EventSink, Phase};
use crate::bitset::{CitySet, RouteSet, SeatSet};
use crate::by_seat::BySeat;
use crate::fixed_list::FixedList;
use crate::ids::{CityId, Seat};
use crate::map::{Map, Route};
use crate::rule_set::{BonusKind, TieBreak};
use crate::state::GameState;

/// One seat's final tally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatResult {
    /// Final score.
    pub score: i32,
    /// Points scored for routes (mountain points included).
    pub route_points: i32,
    /// Points from completed tickets.
    pub ticket_points_gained: i32,
    /// Points lost to failed tickets (a positive number).
    pub ticket_points_lost: i32,
    /// Tickets completed.
    pub tickets_completed: u8,
    /// Tickets failed.
    pub tickets_failed: u8,
    /// End-of-game bonus points (provinces awards included).
    pub bonus_points: i32,
    /// Of the bonus points, those from the provinces board.
    pub province_points: i32,
    /// Trains left in the supply.
    pub trains_left: u8,
    /// Length of the longest continuous path.
    pub longest_path: u16,
    /// Cities in the largest connected network.
    pub largest_network: u8,
    /// Mountain routes claimed.
    pub mountain_routes: u8,
}

/// The outcome of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Number of players.
    pub players: u8,
    /// Per seat; entries past `players` are zero.
    pub seats: BySeat<SeatResult>,
    /// The winning seats (more than one: a shared win).
    pub winners: SeatSet,
    /// Turns played, setup not counted.
    pub turns: u16,
    /// How the game ended.
    pub end: EndReason,
}

impl GameResult {
    /// The seats in play.
    #[must_use]
    pub fn seats(&self) -> &[SeatResult] {
        self.seats.first(usize::from(self.players))
    }
}

/// Whether `a` and `b` are joined by a chain of `routes`.
#[must_use]
pub fn connected(map: &Map, routes: RouteSet, a: CityId, b: CityId) -> bool {
    spread(map, routes, a, |reached| reached.contains(b)).contains(b)
}

/// The cities reachable from `start` over `routes` (including `start`).
#[must_use]
pub fn network_of(map: &Map, routes: RouteSet, start: CityId) -> CitySet {
    spread(map, routes, start, |_| false)
}

/// The cities reached from `start` over `routes` (including `start`), city by city, until
/// `enough` says yes to those reached so far (then some may be missing) or none is left.
fn spread(map: &Map, routes: RouteSet, start: CityId, enough: impl Fn(CitySet) -> bool) -> CitySet {
    let mut reached = CitySet::single(start);
    let mut done = CitySet::EMPTY;
    let mut unused = routes;
    while let Some(city) = reached.minus(done).first_item() {
        if enough(reached) {
            break;
        }
        done.insert(city);
        let out = unused.and(map.routes_at(city));
        unused = unused.minus(out);
        for r in out.iter() {
            let route = map.route(r);
            reached = reached.with(route.a).with(route.b);
        }
    }
    reached
}

/// The cities a set of routes joins, as each city's neighbours over them: the networks
/// they form are then read off by flood fills over city sets, a city at a time, with no
/// route looked at again. Built for many questions about one set of routes; for one
/// question, [`connected`] and [`network_of`] look at the routes directly.
#[derive(Clone, Copy, Debug)]
pub struct Adjacency {
    /// Per city (index: the city), the cities one route away.
    next: [CitySet; CitySet::CAPACITY],
    /// The cities at either end of some route.
    cities: CitySet,
}

impl Adjacency {
    /// The neighbours of every city over `routes`.
    #[must_use]
    pub fn new(map: &Map, routes: RouteSet) -> Adjacency {
        Adjacency { next: [CitySet::EMPTY; CitySet::CAPACITY], cities: CitySet::EMPTY }.with_routes(map, routes)
    }

    /// These neighbours with `routes` added.
    #[must_use]
    pub fn with_routes(mut self, map: &Map, routes: RouteSet) -> Adjacency {
        for r in routes.iter() {
            self.add(map.route(r));
        }
        self
    }

    /// Adds `route`.
    fn add(&mut self, route: &Route) {
        self.next[route.a.index()].insert(route.b);
        self.next[route.b.index()].insert(route.a);
        self.cities = self.cities.with(route.a).with(route.b);
    }

    /// The cities at either end of some route.
    #[must_use]
    pub fn cities(&self) -> CitySet {
        self.cities
    }

    /// The cities reachable from `start` (including `start`).
    #[must_use]
    pub fn network_of(&self, start: CityId) -> CitySet {
        let mut reached = CitySet::single(start);
        let mut frontier = reached;
        while !frontier.is_empty() {
            let next = frontier.iter().fold(CitySet::EMPTY, |next, c| next.or(self.next[c.index()]));
            frontier = next.minus(reached);
            reached = reached.or(next);
        }
        reached
    }

    /// The networks: the cities of each connected group of routes, every city at an end of
    /// a route in exactly one, a network never empty.
    pub fn networks(&self) -> impl Iterator<Item = CitySet> + '_ {
        let mut left = self.cities;
        std::iter::from_fn(move || {
            let net = self.network_of(left.first_item()?);
            left = left.minus(net);
            Some(net)
        })
    }
}

/// The cities at either end of some route in `routes`.
fn touched_cities(map: &Map, routes: RouteSet) -> CitySet {
    routes.iter().fold(CitySet::EMPTY, |set, r| set.with(map.route(r).a).with(map.route(r).b))
}

/// Cities in the largest connected network formed by `routes` (each city counted once).
#[must_use]
pub fn largest_network(map: &Map, routes: RouteSet) -> u8 {
    Adjacency::new(map, routes).networks().map(CitySet::count).max().unwrap_or(0) as u8
}

/// Length of the longest trail in `routes`: each route used once, cities may repeat.
#[must_use]
pub fn longest_path(map: &Map, routes: RouteSet) -> u16 {
    longest_path_in(map, routes, odd_cities(map, routes), Adjacency::new(map, routes).networks())
}

/// [`longest_path`] of `routes`, given their [`odd_cities`] and their networks
/// ([`Adjacency::networks`]): the longest of the networks' longest trails.
///
/// A network with two odd-degree cities or none holds a trail over all its routes (an
/// Euler trail), the longest. Any other network is searched over its core ([`Pruned`]).
fn longest_path_in(map: &Map, routes: RouteSet, odd: CitySet, networks: impl Iterator<Item = CitySet>) -> u16 {
    let mut best = 0;
    for net in networks {
        let own = net.iter().fold(RouteSet::EMPTY, |set, c| set.or(map.routes_at(c))).and(routes);
        let longest = if net.and(odd).count() <= 2 {
            own.iter().map(|r| u16::from(map.route(r).length)).sum()
        } else {
            Pruned::new(map, net, own).longest_trail(map)
        };
        best = best.max(longest);
    }
    best
}

/// The cities at the ends of an odd number of `routes`.
fn odd_cities(map: &Map, routes: RouteSet) -> CitySet {
    routes.iter().fold(CitySet::EMPTY, |odd, r| with_ends_toggled(odd, map.route(r)))
}

/// `odd` with `route`'s two ends in it toggled: the odd-degree cities once `route` is added.
fn with_ends_toggled(odd: CitySet, route: &Route) -> CitySet {
    CitySet(odd.0 ^ CitySet::single(route.a).0 ^ CitySet::single(route.b).0)
}

/// A network with its pendant trees pruned, leaf by leaf: what is left, the core, has no
/// city with a single route (none at all when the network was a tree).
///
/// A trail that enters a pendant tree, away from the core, cannot come back out (it would
/// cross the route it came in by twice), so pendant routes lie only at a trail's ends, and
/// a longest trail is one of: a path within the pendant trees; or a trail over the core
/// (perhaps of no route) whose two ends each go on down the longest branch pruned from
/// their city, two distinct branches when both ends are one city.
struct Pruned {
    /// The routes left.
    core: RouteSet,
    /// Per city (index: the city), the lengths of the two longest branches pruned from it.
    branches: [[u16; 2]; CitySet::CAPACITY],
    /// The longest path found within the pruned trees.
    pruned_best: u16,
}

impl Pruned {
    /// Prunes the network of the cities `net` and the routes `own`.
    fn new(map: &Map, net: CitySet, own: RouteSet) -> Pruned {
        let mut p = Pruned { core: own, branches: [[0; 2]; CitySet::CAPACITY], pruned_best: 0 };
        let single = |core: RouteSet, c: CityId| core.and(map.routes_at(c)).count() == 1;
        let mut leaves: CitySet = net.iter().filter(|&c| single(own, c)).collect();
        while let Some(leaf) = leaves.first_item() {
            leaves = leaves.without(leaf);
            // Its last route may be gone: both ends of a lone route start as leaves.
            let Some(r) = p.core.and(map.routes_at(leaf)).first_item() else { continue };
            p.core = p.core.without(r);
            let [first, second] = p.branches[leaf.index()];
            p.pruned_best = p.pruned_best.max(first + second);
            let route = map.route(r);
            let up = route.other_end(leaf);
            p.add_branch(up, u16::from(route.length) + first);
            if single(p.core, up) {
                leaves.insert(up);
            } else if p.core.and(map.routes_at(up)).is_empty() {
                // The tree's last city: its branches are all of it.
                let [first, second] = p.branches[up.index()];
                p.pruned_best = p.pruned_best.max(first + second);
            }
        }
        p
    }

    /// Counts a branch of `length` pruned from `city` among its two longest.
    fn add_branch(&mut self, city: CityId, length: u16) {
        let [first, second] = &mut self.branches[city.index()];
        if length > *first {
            (*first, *second) = (length, *first);
        } else if length > *second {
            *second = length;
        }
    }

    /// The length of the network's longest trail.
    ///
    /// A longest trail has an end at an odd-degree city of the network (a trail whose end
    /// has a route left unused is not the longest), so over the core it starts at a city
    /// with a branch, or at one with an odd number of core routes. One of the latter with
    /// no branch need not be tried: a longest trail's two ends are not both that city (it
    /// would be closed, and a closed trail using every route at its cities covers the
    /// network, whose cities would then all have even degree), so the search from its
    /// other end finds it.
    fn longest_trail(&self, map: &Map) -> u16 {
        let odd = odd_cities(map, self.core);
        let branched =
            touched_cities(map, self.core).iter().filter(|c| self.branches[c.index()][0] > 0).collect::<CitySet>();
        let mut starts = branched.or(odd);
        if let Some(skipped) = odd.minus(branched).first_item() {
            starts = starts.without(skipped);
        }
        starts.iter().fold(self.pruned_best, |best, start| {
            best.max(self.branches[start.index()][0] + self.farthest(map, start, start, self.core, 0))
        })
    }

    /// The longest trail over `unused` from `city`, reached after `walked` from `start`,
    /// with the branch its end goes on down: the longest trail from `start` is
    /// `self.farthest(map, start, start, self.core, 0)` plus the longest branch at `start`.
    ///
    /// A city with one unused route left is passed through without a branch in the search.
    fn farthest(&self, map: &Map, start: CityId, mut city: CityId, mut unused: RouteSet, mut walked: u16) -> u16 {
        let mut best = 0;
        loop {
            let branch = self.branches[city.index()][usize::from(city == start)];
            best = best.max(walked + branch);
            let out = unused.and(map.routes_at(city));
            let Some(first) = out.first_item() else { return best };
            if out.count() > 1 {
                return out.iter().fold(best, |best, r| {
                    let route = map.route(r);
                    let next = route.other_end(city);
                    best.max(self.farthest(map, start, next, unused.without(r), walked + u16::from(route.length)))
                });
            }
            let route = map.route(first);
            (city, unused, walked) = (route.other_end(city), unused.without(first), walked + u16::from(route.length));
        }
    }
}

impl GameState<'_> {
    /// Refuses a pass while any other action is legal.
    pub(crate) fn check_pass(&self) -> Result<(), &'static str> {
        let legal = self.legal_actions();
        if legal.len() == 1 && legal.get(0) == Action::Pass {
            Ok(())
        } else {
            Err("passing is allowed only with no other legal action")
        }
    }

    /// Passes; every seat passing in a row ends the game.
    pub(crate) fn pass(&mut self, sink: &mut impl EventSink) {
        sink.event(Event::Pass { seat: self.to_move.0 });
        self.passes += 1;
        self.end_turn(sink);
    }

    /// Counts a decision for the pass rule: any action but a pass (setup keeps aside) breaks
    /// a run of passes.
    pub(crate) fn note_for_passes(&mut self, action: Action) {
        if action != Action::Pass && !matches!(self.phase, Phase::SetupKeep) {
            self.passes = 0;
        }
    }

    /// Ends the turn: revealed tunnel cards are discarded, empty market slots refilled; a
    /// seat with `end_trains` or fewer trains starts the final round (one more turn each);
    /// the game ends after it, after a full round of passes, or at the turn cap.
    pub(crate) fn end_turn(&mut self, sink: &mut impl EventSink) {
        let s = self.to_move.index();
        self.discard_revealed();
        if self.row().empty != 0 {
            self.refill_market(sink);
        }
        self.turns += 1;
        match self.final_turns_left {
            Some(n) => self.final_turns_left = Some(n - 1),
            None if self.trains[s] <= self.map.rules.end_trains => self.final_turns_left = Some(self.players),
            None => {}
        }
        self.phase = if self.final_turns_left == Some(0) {
            Phase::Over(EndReason::Trains)
        } else if self.passes >= self.players {
            Phase::Over(EndReason::Passes)
        } else if self.turns >= self.map.rules.turn_cap {
            Phase::Over(EndReason::TurnCap)
        } else {
            let next = self.to_move.0 + 1;
            self.to_move = Seat(if next == self.players { 0 } else { next });
            Phase::Turn
        };
    }

    /// Scores the game as it stands, from scratch: every figure is recomputed from the routes
    /// and tickets held, not taken from running totals.
    #[must_use]
    pub fn result(&self) -> GameResult {
        let n = self.players();
        let seats = self.tally(true);
        let end = match self.phase {
            Phase::Over(end) => end,
            _ => EndReason::TurnCap,
        };
        GameResult { players: self.players, seats, winners: winners(self.map, seats.first(n)), turns: self.turns, end }
    }

    /// Each seat's score as [`GameState::result`] gives it, worked out without what no score
    /// depends on (the longest path, unless a bonus counts it; the winners): for searches
    /// that score many playouts. Entries past the players are zero.
    #[must_use]
    pub fn scores(&self) -> BySeat<i32> {
        let scored = self.map.rules.bonuses.iter().any(|b| b.kind == BonusKind::LongestPath);
        self.tally(scored).map(|r| r.score)
    }

    /// Every seat's tally, from scratch; the longest paths only when `longest` (0 if not).
    fn tally(&self, longest: bool) -> BySeat<SeatResult> {
        let map = self.map;
        let rules = &map.rules;
        let n = self.players();
        let mut seats = BySeat::splat(SeatResult::default());
        for (s, out) in seats.first_mut(n).iter_mut().enumerate() {
            let owned = self.owned[s];
            // One pass over the routes, then each network is found once, for tickets, largest
            // network and longest path; a network has two cities or more, so there are at
            // most half as many as cities.
            let mut adjacency = Adjacency::new(map, RouteSet::EMPTY);
            let mut odd = CitySet::EMPTY;
            for r in owned.iter() {
                let route = map.route(r);
                adjacency.add(route);
                odd = with_ends_toggled(odd, route);
                out.route_points += i32::from(map.route_score(r));
                out.mountain_routes += u8::from(route.mountains > 0);
            }
            let mut nets = FixedList::<CitySet, { CitySet::CAPACITY / 2 }>::new(CitySet::EMPTY);
            for net in adjacency.networks() {
                nets.push(net);
            }
            for &net in nets.as_slice() {
                out.largest_network = out.largest_network.max(net.count() as u8);
            }
            for t in self.tickets[s].iter() {
                let ticket = map.ticket(t);
                if nets.as_slice().iter().any(|net| net.contains(ticket.a) && net.contains(ticket.b)) {
                    out.ticket_points_gained += i32::from(ticket.points);
                    out.tickets_completed += 1;
                } else {
                    out.ticket_points_lost += i32::from(ticket.points);
                    out.tickets_failed += 1;
                }
            }
            out.trains_left = self.trains[s];
            if longest {
                out.longest_path = longest_path_in(map, owned, odd, nets.as_slice().iter().copied());
            }
        }
        for bonus in &rules.bonuses {
            let value = |r: &SeatResult| match bonus.kind {
                BonusKind::LongestPath => i32::from(r.longest_path),
                BonusKind::MostTickets => i32::from(r.tickets_completed),
                BonusKind::LargestNetwork => i32::from(r.largest_network),
            };
            let best = seats.first(n).iter().map(value).max().unwrap_or(0);
            if best >= 1 {
                for r in seats.first_mut(n).iter_mut().filter(|r| value(r) == best) {
                    r.bonus_points += i32::from(bonus.points);
                }
            }
        }
        let awards = crate::rules::provinces::awards(rules, n, &self.provinces);
        for (r, award) in seats.first_mut(n).iter_mut().zip(awards.0) {
            r.province_points = award;
            r.bonus_points += award;
        }
        for r in seats.first_mut(n) {
            r.score = r.route_points + r.ticket_points_gained - r.ticket_points_lost + r.bonus_points;
        }
        seats
    }
}

/// The winners: most points, then the rule set's tie-break chain; those still tied share.
#[must_use]
pub fn winners(map: &Map, seats: &[SeatResult]) -> SeatSet {
    let rules = &map.rules;
    let best = seats.iter().map(|r| r.score).max().unwrap_or(0);
    let mut tied: SeatSet = (0..seats.len()).filter(|&s| seats[s].score == best).map(|s| Seat(s as u8)).collect();
    let longest_overall = seats.iter().map(|r| r.longest_path).max().unwrap_or(0);
    for criterion in &rules.tie_break {
        if tied.count() <= 1 {
            break;
        }
        let value = |s: Seat| -> i32 {
            let r = &seats[s.index()];
            match criterion {
                TieBreak::Tickets => i32::from(r.tickets_completed),
                TieBreak::LongestPath => i32::from(r.longest_path),
                TieBreak::LongestPathBonus => i32::from(longest_overall >= 1 && r.longest_path == longest_overall),
                TieBreak::MountainRoutes => i32::from(r.mountain_routes),
            }
        };
        let top = tied.iter().map(value).max().unwrap_or(0);
        tied = tied.iter().filter(|&s| value(s) == top).collect();
    }
    tied
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::RouteId;
    use rand::{Rng, SeedableRng};

    /// The longest trail from `city` over `unused`, by plain search.
    fn trail_from(map: &Map, city: CityId, unused: RouteSet) -> u16 {
        let out = unused.and(map.routes_at(city));
        out.iter()
            .map(|r| u16::from(map.route(r).length) + trail_from(map, map.route(r).other_end(city), unused.without(r)))
            .max()
            .unwrap_or(0)
    }

    /// Routes grown from a random city, each new route reaching a city not yet reached
    /// (a tree), then `extra` routes between cities already reached (cycles, or none).
    fn grown(map: &Map, rng: &mut impl Rng, size: usize, extra: usize) -> RouteSet {
        let mut reached = CitySet::single(CityId(rng.random_range(0..map.cities().len()) as u8));
        let mut routes = RouteSet::EMPTY;
        for _ in 0..size {
            let rim: Vec<RouteId> = map
                .all_routes()
                .iter()
                .filter(|&r| reached.contains(map.route(r).a) != reached.contains(map.route(r).b))
                .collect();
            let Some(&r) = rim.get(rng.random_range(0..rim.len().max(1))) else { break };
            routes.insert(r);
            reached = reached.with(map.route(r).a).with(map.route(r).b);
        }
        let inner: Vec<RouteId> = map
            .all_routes()
            .minus(routes)
            .iter()
            .filter(|&r| reached.contains(map.route(r).a) && reached.contains(map.route(r).b))
            .collect();
        for _ in 0..extra.min(inner.len()) {
            routes.insert(inner[rng.random_range(0..inner.len())]);
        }
        routes
    }

    /// The project map `maps/NAME.toml`.
    fn project_map(name: &str) -> Map {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("maps/{name}.toml"));
        Map::load(&path).expect("a project map")
    }

    #[test]
    fn adjacency_finds_the_networks_a_route_by_route_search_finds_on_real_maps() {
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let map = project_map(name);
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(23);
            let mut shapes = std::collections::BTreeSet::new();
            for round in 0..300 {
                let p = rng.random_range(0.02..0.6);
                let (first, second): (RouteSet, RouteSet) = (
                    map.all_routes().iter().filter(|_| rng.random_bool(p)).collect(),
                    map.all_routes().iter().filter(|_| rng.random_bool(p / 4.0)).collect(),
                );
                let routes = first.or(second);
                let adjacency = Adjacency::new(&map, first).with_routes(&map, second);
                assert_eq!(adjacency.cities(), touched_cities(&map, routes), "{name} round {round}");
                let nets: Vec<CitySet> = adjacency.networks().collect();
                for c in adjacency.cities().iter() {
                    let want = network_of(&map, routes, c);
                    assert_eq!(adjacency.network_of(c), want, "{name} round {round}: the network of {c:?}");
                    assert_eq!(nets.iter().filter(|n| n.contains(c)).count(), 1, "{name} round {round}: {c:?}");
                    assert!(nets.contains(&want), "{name} round {round}");
                }
                shapes.insert(nets.len().min(6));
            }
            assert!((1..=6).all(|n| shapes.contains(&n)), "{name}: network counts 1 to 6 or more: {shapes:?}");
        }
    }

    #[test]
    fn longest_path_is_the_longest_trail_from_any_city_on_real_maps() {
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let map = project_map(name);
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(19);
            // Networks of each kind the scoring treats apart: those with an Euler trail;
            // trees with three leaves or more (pruned to nothing); and those searched over
            // their core, with pendant trees (a city with two branches among them) or bare.
            let (mut euler, mut trees, mut branched, mut bare) = (0, 0, 0, 0);
            for round in 0..600 {
                let routes = if round % 3 == 0 {
                    let (size, extra) = (rng.random_range(1..25), rng.random_range(0..3));
                    grown(&map, &mut rng, size, extra)
                } else if round % 3 == 1 {
                    // The same with its pendant trees pruned away: a bare core, or nothing.
                    let (size, extra) = (rng.random_range(4..20), rng.random_range(2..8));
                    let routes = grown(&map, &mut rng, size, extra);
                    Adjacency::new(&map, routes)
                        .networks()
                        .fold(RouteSet::EMPTY, |core, net| core.or(Pruned::new(&map, net, routes).core))
                } else {
                    let p = rng.random_range(0.02..0.25);
                    map.all_routes().iter().filter(|_| rng.random_bool(p)).collect()
                };
                for net in Adjacency::new(&map, routes).networks() {
                    let own = routes.and(net.iter().fold(RouteSet::EMPTY, |set, c| set.or(map.routes_at(c))));
                    let odd = net.iter().filter(|&c| own.and(map.routes_at(c)).count() % 2 == 1).count();
                    let pruned = Pruned::new(&map, net, own);
                    if odd <= 2 {
                        euler += 1;
                    } else if pruned.core.is_empty() {
                        trees += 1;
                    } else if pruned.branches.iter().any(|&[_, second]| second > 0) {
                        branched += 1;
                    } else if pruned.branches.iter().all(|&[first, _]| first == 0) {
                        bare += 1;
                    }
                }
                let want = touched_cities(&map, routes).iter().map(|c| trail_from(&map, c, routes)).max().unwrap_or(0);
                assert_eq!(longest_path(&map, routes), want, "{name} round {round}: {routes:?}");
            }
            let counts = [euler, trees, branched, bare];
            assert!(
                counts.iter().all(|&n| n >= 20),
                "{name}: {counts:?} Euler, tree, branched core, bare core networks"
            );
        }
    }
}
