//! `route-focus`: Route Focus (PathAgent), after `docs/personas.md`.
//!
//! It keeps every ticket dealt at setup and never draws more. Each turn it scores the
//! routes on the fewest-routes path of every uncompleted ticket (route points plus twice
//! the ticket's points, the best score kept), or, with no such route, every free route
//! ranked lowest points first (the original's sign slip), and claims the first of them it
//! can pay for in the colour it holds most of. Its draw is always blind (the face-up rule
//! never matched, the colour names differing in case); with the deck empty it takes a
//! face-up locomotive, else a random legal move.
//!
//! Fixed orders: routes of equal score go alphabetically by their cities' names in path
//! order (a free route not on a path: its cities in name order, as the original lists it
//! both ways), then in board order. Should it ever draw tickets (a random fallback move)
//! it keeps them all.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ttr::connected;
use ttr::{Action, Card, CityId, CitySet, Map, Observation, RouteId, RouteSet};

use crate::common::{keep_all, random_action, takeable_slot};
use crate::graph::{with_open_twins, MAX_CITIES};
use crate::personas::{first_claim, own_graph, wanted_kind, HandOrder, KeptSearch, ORIGINAL_COLORS};
use crate::policy::{PhaseBot, PhasePolicy};

/// Most routes a map may have.
const MAX_ROUTES: usize = RouteSet::CAPACITY;
/// Kept searches: ticket `i` in hand order uses slot `i % SEARCHES`.
const SEARCHES: usize = 8;

/// One route to consider, and its place in the ranking (lowest first): its score (bits 24
/// and up, negated when higher scores come first), then its cities' places in the
/// alphabetical order of names in path order, then the route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    rank: u64,
    route: RouteId,
}

impl Entry {
    /// The entry of `route` with `score` (already negated where higher scores come first)
    /// and its `cities` in path order, ranked by their places in `place`.
    fn new(score: u32, cities: (CityId, CityId), route: RouteId, place: &[u8; MAX_CITIES]) -> Entry {
        let by_name = u64::from(place[cities.0.index()]) << 16 | u64::from(place[cities.1.index()]) << 8;
        Entry { rank: u64::from(score) << 24 | by_name | u64::from(route.0), route }
    }
}

/// What a ranking depends on: the routes open to the seat, its own routes, its trains and
/// how many tickets it holds (its hand order only ever grows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RankKey {
    open: RouteSet,
    owned: RouteSet,
    trains: u8,
    tickets: usize,
}

/// The Route Focus agent: [`RouteFocus`] answering each phase.
pub type RouteFocusBot = PhaseBot<RouteFocus>;

impl RouteFocusBot {
    /// A Route Focus agent drawing its random fallback moves from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RouteFocusBot {
        PhaseBot(RouteFocus::new(seed))
    }
}

/// The Route Focus policy.
#[derive(Clone, Debug)]
pub struct RouteFocus {
    rng: Pcg64Mcg,
    /// The last fewest-routes search of each ticket, by hand position.
    searches: Box<[KeptSearch; SEARCHES]>,
    order: HandOrder,
    entries: Box<[Entry; MAX_ROUTES]>,
    /// What the ranking in `entries` was made from, and its length.
    ranked: Option<(RankKey, usize)>,
    /// Each city's place in the alphabetical order of the map's city names (unique in a
    /// map), made at the first ranking (a bot plays one game, so one map).
    name_order: Option<[u8; MAX_CITIES]>,
}

impl RouteFocus {
    /// A Route Focus policy drawing its random fallback moves from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RouteFocus {
        let blank = Entry { rank: 0, route: RouteId(0) };
        RouteFocus {
            rng: Pcg64Mcg::seed_from_u64(seed),
            searches: Box::new(std::array::from_fn(|_| KeptSearch::default())),
            order: HandOrder::default(),
            entries: Box::new([blank; MAX_ROUTES]),
            ranked: None,
            name_order: None,
        }
    }

    /// The ranked routes of this turn in `entries`; returns how many. The last ranking is
    /// kept while nothing it depends on changed.
    fn rank(&mut self, obs: &Observation<'_, '_>) -> usize {
        let me = obs.seat();
        self.order.sync(obs.tickets());
        let key = RankKey {
            open: obs.open_to(me),
            owned: obs.owned(me),
            trains: obs.trains(me),
            tickets: self.order.as_slice().len(),
        };
        match self.ranked {
            Some((k, n)) if k == key => n,
            _ => {
                let n = self.rank_afresh(obs);
                self.ranked = Some((key, n));
                n
            }
        }
    }

    /// Ranks the routes of this turn into `entries`; returns how many.
    fn rank_afresh(&mut self, obs: &Observation<'_, '_>) -> usize {
        let map = obs.map();
        let me = obs.seat();
        let owned = obs.owned(me);
        let trains = obs.trains(me);
        let graph = own_graph(obs);
        let mut score = [0u32; MAX_ROUTES];
        let mut ends = [(CityId(0), CityId(0)); MAX_ROUTES];
        let mut listed = RouteSet::EMPTY;
        for (i, &t) in self.order.as_slice().iter().enumerate() {
            let ticket = map.ticket(t);
            if connected(map, owned, ticket.a, ticket.b) {
                continue;
            }
            let search = &mut self.searches[i % SEARCHES];
            let paths = search.get(map, graph, RouteSet::EMPTY, |_| 1, ticket.a, CitySet::single(ticket.b));
            if !paths.settled(ticket.b) {
                continue;
            }
            let bonus = 2 * u32::from(ticket.points);
            paths.walk_back(map, ticket.b, |r, from| {
                let route = map.route(r);
                if owned.contains(r) || route.length >= trains {
                    return;
                }
                let s = u32::from(map.route_points(route.length)) + bonus;
                if !listed.contains(r) || s > score[r.index()] {
                    listed.insert(r);
                    score[r.index()] = s;
                    ends[r.index()] = (from, route.other_end(from));
                }
            });
        }
        let place = *self.name_order.get_or_insert_with(|| name_order(map));
        let mut n = 0;
        for r in listed.iter() {
            // Highest score first.
            self.entries[n] = Entry::new(!score[r.index()], ends[r.index()], r, &place);
            n += 1;
        }
        if n > 0 {
            self.entries[..n].sort_unstable_by_key(|e| e.rank);
            return n;
        }
        // No ticket route: every free route shorter than the trains, lowest points first.
        // The original lists each in both directions, so its cities count in name order.
        for r in obs.open_to(me).iter() {
            let route = map.route(r);
            if route.length < trains {
                let s = u32::from(map.route_points(route.length));
                let cities = if place[route.a.index()] <= place[route.b.index()] {
                    (route.a, route.b)
                } else {
                    (route.b, route.a)
                };
                self.entries[n] = Entry::new(s, cities, r, &place);
                n += 1;
            }
        }
        self.entries[..n].sort_unstable_by_key(|e| e.rank);
        n
    }
}

/// Each city's place in the alphabetical order of the city names of `map`.
fn name_order(map: &Map) -> [u8; MAX_CITIES] {
    let n = map.cities().len();
    let mut by_name = [CityId(0); MAX_CITIES];
    for (i, c) in by_name[..n].iter_mut().enumerate() {
        *c = CityId(i as u8);
    }
    by_name[..n].sort_unstable_by_key(|&c| map.city_name(c));
    let mut place = [0u8; MAX_CITIES];
    for (i, c) in by_name[..n].iter().enumerate() {
        place[c.index()] = i as u8;
    }
    place
}

impl PhasePolicy for RouteFocus {
    /// Every ticket offered (as many as may be kept).
    fn keep(&mut self, obs: &Observation<'_, '_>) -> Action {
        let offer = obs.offer();
        let mask = keep_all(obs);
        self.order.record(offer.tickets(), mask);
        Action::Keep(mask)
    }

    fn turn(&mut self, obs: &Observation<'_, '_>) -> Action {
        let map = obs.map();
        let hand = obs.hand();
        let open = obs.open_to(obs.seat());
        let n = self.rank(obs);
        for e in &self.entries[..n] {
            let tracks = with_open_twins(map, RouteSet::single(e.route), open);
            let color = wanted_kind(map, tracks, &hand, &ORIGINAL_COLORS);
            if let Some(claim) = first_claim(obs, tracks, |_, c| c == color) {
                return claim;
            }
        }
        self.draw(obs)
    }

    /// Always blind; with the deck empty a face-up locomotive, else a random legal move.
    fn draw(&mut self, obs: &Observation<'_, '_>) -> Action {
        if obs.can_draw_blind() {
            return Action::DrawBlind;
        }
        if let Some(slot) = takeable_slot(obs, Card::Loco) {
            return Action::TakeFaceUp(slot);
        }
        random_action(obs, &mut self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::personas::play_seeded_games_on_every_map;
    use ttr::{Bot, Phase};

    /// The agent, checking at each turn that its ranking with the kept searches (and the
    /// kept ranking) equals one made afresh with new searches.
    struct Checked(RouteFocusBot);

    impl Bot for Checked {
        fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
            if obs.phase() == Phase::Turn {
                let mut kept = self.0 .0.clone();
                let mut fresh = self.0 .0.clone();
                *fresh.searches = std::array::from_fn(|_| KeptSearch::default());
                fresh.order.sync(obs.tickets());
                let n = kept.rank(obs);
                assert_eq!(fresh.rank_afresh(obs), n);
                assert_eq!(kept.entries[..n], fresh.entries[..n]);
            }
            self.0.choose(obs)
        }
    }

    #[test]
    fn city_places_follow_the_alphabetical_order_of_names() {
        // The project maps list their cities by name; on the line board renamed, city A
        // ("Zurich") comes last.
        let line = crate::graph::tests::LINE.replace("\"A\"", "\"Zurich\"");
        let renamed = Map::from_toml(&line, std::path::Path::new("line.toml")).expect("a valid board");
        assert_eq!(name_order(&renamed)[..4], [3, 0, 1, 2]);
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/{name}.toml"));
            let map = Map::load(&path).expect("a project map");
            let place = name_order(&map);
            let cities = (0..map.cities().len()).map(|i| CityId(i as u8));
            for (x, y) in cities.clone().flat_map(|x| cities.clone().map(move |y| (x, y))) {
                let by_place = place[x.index()].cmp(&place[y.index()]);
                assert_eq!(by_place, map.city_name(x).cmp(map.city_name(y)), "{name}: {x:?} {y:?}");
            }
        }
    }

    #[test]
    fn kept_searches_rank_as_fresh_ones_do() {
        play_seeded_games_on_every_map(|game, seat| Box::new(Checked(RouteFocusBot::new(game * 10 + seat))));
    }
}
