//! The four play styles of de Mesentier Silva et al. (FDG 2017), after
//! `docs/personas.md`: [`hungry`] (Destination Hungry), [`route_focus`] (Route Focus) and
//! [`one_step`] (One Step Thinking and Long Route).
//!
//! This module holds what they share ("Common ground"): the original engine's colour
//! order and claim payments, its legal-move order, the re-plan trigger, tickets in hand
//! order and the graphs the agents plan on. Each persona is a [`crate::PhasePolicy`]:
//! the tunnel answer and the draft pick are the policy's defaults.
//!
//! Fixed choices where the original left the order to a hash table or did not say:
//! - board order is the route order of the map file, and a city pair with two open tracks
//!   stands for both of them ("the route" of a path);
//! - fewest-routes paths break ties as [`crate::graph`] does (lower city first, routes in
//!   board order);
//! - "most held" ties go to the earlier kind in [`ORIGINAL_COLORS`], the locomotive last.
//!
//! The graphs follow the engine's double-route rule for the player count (the map's
//! `doubles_both_from`): the free graph is the routes still open to the agent.
//!
//! Map rules the original never met: a claim in a colour is offered only where the engine
//! allows that payment (so on the Nordic map locomotives fill only ferry and tunnel
//! spaces), the Nordic substitutes (3-for-1, 4-for-1) are never used, mountains are not
//! planned for (a claim just needs the trains), and a tunnel's surcharge is paid when the
//! hand can, colour cards before locomotives, else the laid cards are taken back.

pub mod hungry;
pub mod one_step;
pub mod route_focus;

pub use hungry::HungryBot;
pub use one_step::{OneStepBot, Style};
pub use route_focus::RouteFocusBot;

use ttr::{is_valid_payment, locos_on_color_spaces};
use ttr::{Action, Card, CardCounts, CityId, CitySet, Map, Observation, RouteId, RouteSet, Seat, TicketId, TicketSet};

use crate::graph::Paths;

/// The original engine's colour order: legal claims list their colours in this order.
pub const ORIGINAL_COLORS: [Card; 8] =
    [Card::Red, Card::Orange, Card::Blue, Card::Pink, Card::White, Card::Yellow, Card::Black, Card::Green];

/// Every card kind in the original order, the locomotive last.
pub const ORIGINAL_KINDS: [Card; 9] =
    [Card::Red, Card::Orange, Card::Blue, Card::Pink, Card::White, Card::Yellow, Card::Black, Card::Green, Card::Loco];

/// The kind of `kinds` held most; ties go to the earlier one.
#[must_use]
pub fn most_held(hand: &CardCounts, kinds: &[Card]) -> Card {
    let mut best = kinds[0];
    for &c in kinds {
        if hand[c] > hand[best] {
            best = c;
        }
    }
    best
}

/// The kind a set of tracks (a route, or both tracks of a double) is wanted in: of their
/// colours the one held most, or, if one track is gray, the kind of `gray_kinds` held most.
/// Ties go to the earlier kind in the original order.
#[must_use]
pub fn wanted_kind(map: &Map, tracks: RouteSet, hand: &CardCounts, gray_kinds: &[Card]) -> Card {
    let mut colors = CardCounts::EMPTY;
    for r in tracks.iter() {
        match map.route(r).color {
            Some(c) => colors[c] = 1,
            None => return most_held(hand, gray_kinds),
        }
    }
    let mut best: Option<Card> = None;
    for c in ORIGINAL_COLORS {
        if colors[c] > 0 && best.is_none_or(|b| hand[c] > hand[b]) {
            best = Some(c);
        }
    }
    best.unwrap_or(gray_kinds[0])
}

/// The payment the original engine makes when claiming `r` in `color`: the ferry's
/// locomotives first, then cards of the colour, then locomotives for the rest. `None` if
/// the colour does not fit the route or the hand cannot pay so. It knows no substitutes.
#[must_use]
pub fn original_payment(map: &Map, r: RouteId, color: Card, hand: &CardCounts) -> Option<CardCounts> {
    let route = map.route(r);
    if route.color.is_some_and(|c| c != color) {
        return None;
    }
    let spaces = route.length - route.ferry_locos;
    let from_color = spaces.min(hand[color]);
    let rest = spaces - from_color;
    if rest > 0 && !locos_on_color_spaces(route, &map.rules) {
        return None;
    }
    let locos = route.ferry_locos + rest;
    if hand[Card::Loco] < locos {
        return None;
    }
    let pay = CardCounts::of(color, from_color).with(Card::Loco, locos);
    debug_assert!(is_valid_payment(route, &pay, &map.rules), "{pay} for route {r:?}");
    Some(pay)
}

/// The first legal claim, in the original order (routes in board order, colours in
/// [`ORIGINAL_COLORS`] order), among `routes` and the colours `allow` accepts.
pub fn first_claim(
    obs: &Observation<'_, '_>,
    routes: RouteSet,
    allow: impl Fn(RouteId, Card) -> bool,
) -> Option<Action> {
    let map = obs.map();
    let hand = obs.hand();
    for r in routes.and(obs.claimable_routes()).iter() {
        for color in ORIGINAL_COLORS {
            if !allow(r, color) {
                continue;
            }
            if let Some(pay) = original_payment(map, r, color, &hand) {
                return Some(Action::Claim { route: r, pay });
            }
        }
    }
    None
}

/// The free graph plus the seat's own routes: the "own graph" the agents plan on.
#[must_use]
pub fn own_graph(obs: &Observation<'_, '_>) -> RouteSet {
    let me = obs.seat();
    obs.open_to(me).or(obs.owned(me))
}

/// A search from one city, kept from decision to decision while it provably gives the
/// distances and paths to its targets that a new search would.
#[derive(Clone, Debug, Default)]
pub struct KeptSearch {
    /// The search, once made.
    paths: Option<Paths>,
    /// The source, graph, free routes and targets it was made with.
    source: CityId,
    graph: RouteSet,
    free: RouteSet,
    targets: CitySet,
    /// The routes of its paths to its targets.
    used: RouteSet,
}

impl KeptSearch {
    /// The search from `source` over `graph`, route `r` weighing `weight(r)`, gone on until
    /// every city of `targets` is settled (see [`Paths::search_all`]): the kept search if it
    /// still holds, else a new one, kept in its place. `weight` must give the routes of
    /// `free` nothing and every other route the same weight at every call.
    ///
    /// The kept search holds when it had the same source, the routes that became free or
    /// stopped being free touch no city it settled (so it never weighed them), its targets
    /// include these, and the graph only lost routes off its paths to its targets. A new
    /// search would then settle every city whose path keeps clear of the lost routes (the
    /// targets among them) at the same distance, by the same route and in the same order
    /// among them: such a city's path is still there and nothing got cheaper, and a route
    /// into it that now comes later or costs more never came first at its distance (it
    /// would be on its path). Stopping at fewer targets changes nothing for them.
    pub fn get(
        &mut self,
        map: &Map,
        graph: RouteSet,
        free: RouteSet,
        weight: impl Fn(RouteId) -> u16,
        source: CityId,
        targets: CitySet,
    ) -> &Paths {
        let holds = self.paths.as_ref().is_some_and(|paths| {
            let unreached = |r: RouteId| !paths.settled(map.route(r).a) && !paths.settled(map.route(r).b);
            self.source == source
                && self.free.minus(free).or(free.minus(self.free)).iter().all(unreached)
                && targets.minus(self.targets).is_empty()
                && graph.minus(self.graph).is_empty()
                && self.used.minus(graph).is_empty()
        });
        let paths = self.paths.get_or_insert_with(Paths::new);
        if !holds {
            paths.search_all(map, graph, &weight, CitySet::single(source), targets);
            (self.source, self.graph, self.free, self.targets) = (source, graph, free, targets);
            self.used = paths.paths_to(map, targets);
        }
        #[cfg(test)]
        {
            // Every kept search of the unit tests is checked against a new one.
            let mut fresh = Paths::new();
            fresh.search_all(map, graph, &weight, CitySet::single(source), targets);
            for t in targets.iter() {
                let found = |p: &Paths| (p.settled(t), p.dist(t), p.path_to(map, t));
                assert_eq!(found(paths), found(&fresh), "kept search from {source:?} to {t:?}");
            }
        }
        paths
    }

    /// The search last made or kept; `None` before the first.
    #[must_use]
    pub fn paths(&self) -> Option<&Paths> {
        self.paths.as_ref()
    }
}

/// The sum of every player's score (route points): it rises whenever anyone claims.
#[must_use]
pub fn score_sum(obs: &Observation<'_, '_>) -> i32 {
    (0..obs.players()).map(|s| obs.route_points(Seat(s as u8))).sum()
}

/// The sum of the opponents' scores.
#[must_use]
pub fn opponents_score(obs: &Observation<'_, '_>) -> i32 {
    score_sum(obs) - obs.route_points(obs.seat())
}

/// The re-plan trigger: the score total seen at the last plan.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreWatch {
    /// The stored total.
    pub seen: i32,
}

impl ScoreWatch {
    /// Whether the score total has risen above the stored one.
    #[must_use]
    pub fn risen(&self, obs: &Observation<'_, '_>) -> bool {
        score_sum(obs) > self.seen
    }

    /// Stores the current total.
    pub fn mark(&mut self, obs: &Observation<'_, '_>) {
        self.seen = score_sum(obs);
    }
}

/// The seat's tickets in the order it kept them (offer order within one keep).
#[derive(Clone, Copy, Debug)]
pub struct HandOrder {
    ids: [TicketId; TicketSet::CAPACITY],
    len: usize,
}

impl Default for HandOrder {
    fn default() -> Self {
        HandOrder { ids: [TicketId(0); TicketSet::CAPACITY], len: 0 }
    }
}

impl HandOrder {
    /// Records the tickets of `offer` kept by `mask`.
    pub fn record(&mut self, offer: &[TicketId], mask: u8) {
        for (i, &t) in offer.iter().enumerate() {
            if mask >> i & 1 == 1 && !self.as_slice().contains(&t) {
                self.ids[self.len] = t;
                self.len += 1;
            }
        }
    }

    /// Appends held tickets not recorded yet (in board order); a safety net only.
    pub fn sync(&mut self, held: TicketSet) {
        let mut known = TicketSet::EMPTY;
        for &t in self.as_slice() {
            known.insert(t);
        }
        for t in held.minus(known).iter() {
            self.ids[self.len] = t;
            self.len += 1;
        }
    }

    /// The tickets in hand order.
    #[must_use]
    pub fn as_slice(&self) -> &[TicketId] {
        &self.ids[..self.len]
    }
}

/// Offer positions of the `count` lowest-value tickets (ties: offer order), as a mask.
#[must_use]
pub fn lowest_value_mask(map: &Map, offer: &[TicketId], count: usize) -> u8 {
    let mut positions = [0u8; 8];
    for (i, p) in positions.iter_mut().enumerate().take(offer.len()) {
        *p = i as u8;
    }
    let slice = &mut positions[..offer.len()];
    slice.sort_unstable_by_key(|&i| (map.ticket(offer[usize::from(i)]).points, i));
    slice.iter().take(count.max(1)).fold(0u8, |m, &i| m | 1 << i)
}

/// Plays 20 seeded games on each of the four project maps (Nordic at 3 players, the others
/// at 4) with the bots `bot(game, seat)` builds; panics if a game is not legal. The kept-search
/// tests of the personas check their invariants inside the bots they build.
#[cfg(test)]
pub(crate) fn play_seeded_games_on_every_map(bot: impl Fn(u64, u64) -> Box<dyn ttr::Bot>) {
    for (name, players) in [("usa", 4u64), ("nordic", 3), ("legendary_asia", 4), ("south_korea", 4)] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/{name}.toml"));
        let map = Map::load(&path).expect("a project map");
        for game in 0..20u64 {
            let mut bots: Vec<Box<dyn ttr::Bot>> = (0..players).map(|seat| bot(game, seat)).collect();
            ttr::play_game(&map, game, &mut bots).unwrap_or_else(|e| panic!("{name} game {game}: {e}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn original_payments_lay_ferry_locos_then_colour_then_locos() {
        let map = Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.toml")).expect("usa");
        let gray2 = RouteId(0); // Atlanta-Charleston, gray 2
        let hand = CardCounts::of(Card::Red, 1).with(Card::Loco, 2);
        assert_eq!(
            original_payment(&map, gray2, Card::Red, &hand),
            Some(CardCounts::of(Card::Red, 1).with(Card::Loco, 1))
        );
        assert_eq!(original_payment(&map, gray2, Card::Blue, &hand), Some(CardCounts::of(Card::Loco, 2)));
        let blue5 = RouteId(1); // Atlanta-Miami, blue 5
        assert_eq!(original_payment(&map, blue5, Card::Red, &hand), None);
        assert_eq!(original_payment(&map, blue5, Card::Blue, &hand), None);
        let nordic = Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/nordic.toml")).expect("nordic");
        // Alborg-Goteborg: gray 2 with one ferry locomotive.
        let ferry = RouteId(1);
        let hand = CardCounts::of(Card::Green, 3).with(Card::Loco, 1);
        assert_eq!(
            original_payment(&nordic, ferry, Card::Green, &hand),
            Some(CardCounts::of(Card::Green, 1).with(Card::Loco, 1))
        );
        // Alborg-Arhus, pink 1: no locomotives on ordinary Nordic routes.
        assert_eq!(original_payment(&nordic, RouteId(0), Card::Pink, &CardCounts::of(Card::Loco, 2)), None);
    }

    #[test]
    fn lowest_value_and_most_held() {
        let map = Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.toml")).expect("usa");
        let offer: Vec<TicketId> = (0..3).map(TicketId).collect();
        let points: Vec<u8> = offer.iter().map(|&t| map.ticket(t).points).collect();
        let mask = lowest_value_mask(&map, &offer, 1);
        let min = *points.iter().min().unwrap();
        assert_eq!(points[mask.trailing_zeros() as usize], min);
        assert_eq!(lowest_value_mask(&map, &offer, 3), 0b111);
        let hand = CardCounts::of(Card::Blue, 2).with(Card::Orange, 2).with(Card::Loco, 5);
        assert_eq!(most_held(&hand, &ORIGINAL_COLORS), Card::Orange);
        assert_eq!(most_held(&hand, &ORIGINAL_KINDS), Card::Loco);
        assert_eq!(most_held(&CardCounts::EMPTY, &ORIGINAL_COLORS), Card::Red);
    }
}
