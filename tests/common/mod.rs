//! Helpers shared by the integration tests: loading maps, finding cities, routes and
//! tickets by name, and building, applying and refusing actions.
#![allow(dead_code)]

pub mod fuzzing;
pub mod invariants;

use std::cmp::Reverse;
use std::path::Path;
use std::sync::OnceLock;

use ttr::{Action, Card, CardCounts, CityId, GameState, Map, Phase, RouteId, Seat, SeatSet, Setup, TicketId};

/// The project's maps, by file stem.
const MAP_NAMES: [&str; 4] = ["usa", "nordic", "legendary_asia", "south_korea"];

/// Loads `maps/<name>.toml`; panics with the loader's error.
pub fn load(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(format!("{name}.toml"));
    Map::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// `maps/<name>.toml`, loaded once per test binary.
pub fn shared(name: &str) -> &'static Map {
    static MAPS: [OnceLock<Map>; MAP_NAMES.len()] = [const { OnceLock::new() }; MAP_NAMES.len()];
    let i = MAP_NAMES.iter().position(|&n| n == name).unwrap_or_else(|| panic!("no map {name}"));
    MAPS[i].get_or_init(|| load(name))
}

/// The city with this name.
pub fn city(map: &Map, name: &str) -> CityId {
    let i =
        map.cities().iter().position(|c| c.name == name).unwrap_or_else(|| panic!("no city {name} on {}", map.name));
    CityId(i as u8)
}

/// Every track between two cities, in map order.
pub fn tracks(map: &Map, a: &str, b: &str) -> Vec<RouteId> {
    let (a, b) = (city(map, a), city(map, b));
    map.routes()
        .iter()
        .enumerate()
        .filter(|(_, r)| (r.a == a && r.b == b) || (r.a == b && r.b == a))
        .map(|(i, _)| RouteId(i as u8))
        .collect()
}

/// The single route between two cities.
pub fn route(map: &Map, a: &str, b: &str) -> RouteId {
    let all = tracks(map, a, b);
    assert_eq!(all.len(), 1, "{a}-{b} is not a single route on {}", map.name);
    all[0]
}

/// The first track between two cities, in map order.
pub fn first_track(map: &Map, a: &str, b: &str) -> RouteId {
    *tracks(map, a, b).first().unwrap_or_else(|| panic!("{}: no route {a}-{b}", map.name))
}

/// The track between two cities with this colour (`None` = gray); the first if both match.
pub fn track(map: &Map, a: &str, b: &str, color: Option<Card>) -> RouteId {
    tracks(map, a, b)
        .into_iter()
        .find(|&r| map.route(r).color == color)
        .unwrap_or_else(|| panic!("no {color:?} track {a}-{b} on {}", map.name))
}

/// The ticket between two cities.
pub fn ticket(map: &Map, a: &str, b: &str) -> TicketId {
    let (ca, cb) = (city(map, a), city(map, b));
    let i = map
        .tickets()
        .iter()
        .position(|t| (t.a == ca && t.b == cb) || (t.a == cb && t.b == ca))
        .unwrap_or_else(|| panic!("no ticket {a}-{b} on {}", map.name));
    TicketId(i as u8)
}

/// Routes needing exactly `trains` trains in all, none of them in `avoid` or the twin of
/// one, never both tracks of a double: the longest first.
pub fn routes_worth(map: &Map, trains: u32, avoid: &[RouteId]) -> Vec<RouteId> {
    let needed = |r: RouteId| u32::from(map.route(r).trains_needed());
    let mut order: Vec<RouteId> = (0..map.routes().len())
        .map(|i| RouteId(i as u8))
        .filter(|r| !avoid.contains(r) && !map.route(*r).twin.is_some_and(|t| avoid.contains(&t)))
        .collect();
    order.sort_by_key(|&r| (Reverse(needed(r)), r));
    let mut chosen: Vec<RouteId> = Vec::new();
    let mut left = trains;
    for r in order {
        let twin_taken = map.route(r).twin.is_some_and(|t| chosen.contains(&t));
        if needed(r) <= left && !twin_taken {
            chosen.push(r);
            left -= needed(r);
        }
    }
    assert_eq!(left, 0, "cannot make up {trains} trains");
    chosen
}

/// Gives `seat` these routes, taking their trains (length + mountains) from its supply.
pub fn own(map: &Map, s: &mut Setup, seat: usize, routes: &[RouteId]) {
    for &r in routes {
        s.owned[seat].insert(r);
        s.trains[seat] -= map.route(r).trains_needed();
    }
}

/// The game at this position; panics if the position is refused.
pub fn start<'m>(map: &'m Map, s: &Setup) -> GameState<'m> {
    GameState::from_setup(map, s).unwrap_or_else(|e| panic!("{e}"))
}

/// Applies a legal action and checks the engine's invariants (cards and trains conserved).
pub fn act(g: &mut GameState<'_>, action: Action) {
    g.try_apply(action).unwrap_or_else(|e| panic!("{e}"));
    g.check_invariants().unwrap_or_else(|e| panic!("{e}"));
}

pub fn cards(list: &[(Card, u8)]) -> CardCounts {
    list.iter().fold(CardCounts::EMPTY, |acc, &(c, n)| acc.with(c, n))
}

pub fn claim(route: RouteId, pay: CardCounts) -> Action {
    Action::Claim { route, pay }
}

pub fn legal(g: &GameState<'_>) -> Vec<Action> {
    g.legal_actions().iter().collect()
}

/// Asserts that `action` is neither generated nor accepted, and that refusing it leaves the
/// position untouched; returns the reason.
pub fn refuse(g: &mut GameState<'_>, action: Action) -> &'static str {
    let before = g.to_setup();
    assert!(!legal(g).contains(&action), "{action:?} is generated as legal");
    assert!(g.check(action).is_err(), "check accepts {action:?}");
    let err = g.try_apply(action).expect_err("an illegal action was applied");
    assert_eq!(g.to_setup(), before, "refusing {action:?} changed the state");
    err.reason
}

pub fn seats(list: &[u8]) -> SeatSet {
    list.iter().map(|&s| Seat(s)).collect()
}

/// Plays one turn of two blind draws (or one, if no second card can be taken).
pub fn draw_turn(g: &mut GameState<'_>) {
    let seat = g.to_move();
    act(g, Action::DrawBlind);
    if g.phase() == Phase::SecondCard && g.to_move() == seat {
        act(g, Action::DrawBlind);
    }
}
