//! Game traces from the engine's events agree with what the game states say: an oracle
//! plays the same games action by action and reads the trace off the states before and
//! after every action.

mod common;

use ttr::{bot_seed, connected, Action, Bot, GameState, Map, Observation, Phase, RouteSet, Seat};
use ttr_bots::BotSpec;
use ttr_lab::trace::{play_traced, usable_routes, GameTrace, TicketSource};

fn bots(specs: &[BotSpec], seed: u64) -> Vec<Box<dyn Bot>> {
    specs.iter().enumerate().map(|(s, spec)| spec.build(bot_seed(seed, Seat(s as u8)))).collect()
}

/// The trace of the game `seed`, read off the states around every action.
fn oracle(map: &Map, seed: u64, bots: &mut [Box<dyn Bot>]) -> GameTrace {
    let mut trace = GameTrace::default();
    let mut state = GameState::new(map, bots.len(), seed).expect("setup");
    for s in 0..bots.len() {
        for t in state.offer(Seat(s as u8)).tickets() {
            trace.tickets[t.index()].dealt[TicketSource::Setup as usize] += 1;
        }
    }
    while !state.is_over() {
        let seat = state.to_move();
        let (phase, turn) = (state.phase(), state.turns() + 1);
        let (tickets, owned) = (state.tickets(seat), state.owned(seat));
        let action = bots[seat.index()].choose(&Observation::new(&state, seat));
        state.try_apply(action).expect("legal");
        if (phase, action) == (Phase::Turn, Action::DrawTickets) {
            for t in state.offer(seat).tickets() {
                trace.tickets[t.index()].dealt[TicketSource::Drawn as usize] += 1;
            }
        }
        let source = if phase == Phase::KeepTickets { TicketSource::Drawn } else { TicketSource::Setup };
        for t in state.tickets(seat).iter().filter(|t| !tickets.contains(*t)) {
            trace.tickets[t.index()].kept = Some((seat, source));
        }
        for r in state.owned(seat).minus(owned).iter() {
            trace.claim_turn[r.index()] = turn;
            trace.owner[r.index()] = seat.0;
        }
        for t in state.tickets(seat).iter() {
            let ticket = map.ticket(t);
            let done = &mut trace.tickets[t.index()].completed_turn;
            if done.is_none() && connected(map, state.owned(seat), ticket.a, ticket.b) {
                *done = Some(turn);
            }
        }
    }
    let owned: Vec<RouteSet> = (0..bots.len()).map(|s| state.owned(Seat(s as u8))).collect();
    for (s, &mine) in owned.iter().enumerate() {
        let seat = Seat(s as u8);
        let usable = mine.or(state.open_to(seat));
        assert_eq!(usable_routes(map, &owned, seat), usable, "seat {s}: the routes it owns or could claim");
        for t in state.tickets(seat).iter() {
            let ticket = map.ticket(t);
            let trace = &mut trace.tickets[t.index()];
            trace.blocked = trace.completed_turn.is_none() && !connected(map, usable, ticket.a, ticket.b);
        }
    }
    for w in state.result().winners.iter() {
        for r in state.owned(w).iter() {
            trace.winner_cities.insert(map.route(r).a);
            trace.winner_cities.insert(map.route(r).b);
        }
    }
    trace
}

/// Checks `games` games; returns how many kept tickets ended blocked.
fn agree(map: &str, lineup: &str, players: usize, games: u64) -> usize {
    let map = common::load(map);
    let specs = BotSpec::parse_lineup(lineup, players).expect("bots");
    let mut blocked = 0;
    for seed in 0..games {
        let expected = oracle(&map, seed, &mut bots(&specs, seed));
        let (_, traced) = play_traced(&map, seed, &mut bots(&specs, seed), &mut ()).expect("game");
        assert_eq!(traced, expected, "{} game seed {seed}", map.name);
        blocked += traced.tickets.iter().filter(|t| t.blocked).count();
    }
    blocked
}

#[test]
fn usa_traces_agree_with_the_states() {
    assert!(agree("usa", "random,greedy,random,hungry", 4, 20) > 0, "some tickets end blocked");
    // Two players: the other track of a claimed double is closed to both.
    assert!(agree("usa", "greedy,random", 2, 20) > 0, "some tickets end blocked");
}

#[test]
fn nordic_tunnels_and_ferries_trace_like_the_states() {
    agree("nordic", "random,greedy,one-step", 3, 20);
}

#[test]
fn legendary_asia_traces_agree_with_the_states() {
    agree("legendary_asia", "random,greedy,random", 3, 20);
}

#[test]
fn south_korea_draft_and_express_trace_like_the_states() {
    agree("south_korea", "random,greedy", 2, 20);
}

/// A hand-made board (played by the USA rules, 2 tickets dealt at setup, and a ticket for
/// every pair of cities): A hangs on B by one route (0); B and C are
/// joined by a double route (1, 2); C reaches D directly (3) or through E (4, 5).
const CROSSROADS: &str = r#"
name = "crossroads"
cities = [
  { name = "A", x = 0.1, y = 0.5 },
  { name = "B", x = 0.3, y = 0.5 },
  { name = "C", x = 0.5, y = 0.5 },
  { name = "D", x = 0.9, y = 0.5 },
  { name = "E", x = 0.7, y = 0.2 },
]
routes = [
  { a = "A", b = "B", length = 1, color = "red" },
  { a = "B", b = "C", length = 2, color = "blue", double = 1 },
  { a = "B", b = "C", length = 2, color = "green", double = 1 },
  { a = "C", b = "D", length = 3, color = "gray" },
  { a = "C", b = "E", length = 1, color = "gray" },
  { a = "E", b = "D", length = 1, color = "gray" },
]
tickets = [
  { a = "A", b = "B", points = 1 },
  { a = "A", b = "C", points = 3 },
  { a = "A", b = "D", points = 5 },
  { a = "A", b = "E", points = 4 },
  { a = "B", b = "C", points = 2 },
  { a = "B", b = "D", points = 4 },
  { a = "B", b = "E", points = 3 },
  { a = "C", b = "D", points = 2 },
  { a = "C", b = "E", points = 1 },
  { a = "D", b = "E", points = 1 },
]

"#;

#[test]
fn a_ticket_is_blocked_when_no_route_left_open_to_its_holder_joins_its_cities() {
    let usa = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../maps/usa.toml")).expect("usa.toml");
    let rules = usa[usa.find("[rules]").expect("rules")..].replace("deal = 3, keep = 2", "deal = 2, keep = 1");
    let text = format!("{CROSSROADS}{rules}");
    let map = Map::from_toml(&text, std::path::Path::new("crossroads.toml")).unwrap_or_else(|e| panic!("{e}"));
    let routes = |ids: &[u8]| ids.iter().map(|&r| ttr::RouteId(r)).collect::<RouteSet>();
    let city = |name: &str| {
        let found = map.cities().iter().position(|c| c.name == name).expect("a city of the board");
        ttr::CityId(found as u8)
    };
    // Seat 0 holds the tickets; `owned[s]` are the routes of seat s.
    let blocked = |owned: &[RouteSet], a: &str, b: &str| {
        let usable = usable_routes(&map, owned, Seat(0));
        !connected(&map, owned[0], city(a), city(b)) && !connected(&map, usable, city(a), city(b))
    };
    let none = RouteSet::EMPTY;
    assert!(!blocked(&[none, none], "A", "C"), "nothing claimed");
    assert!(blocked(&[none, routes(&[0])], "A", "C"), "the only way to A is another seat's");
    assert!(!blocked(&[routes(&[0]), none], "A", "C"), "the holder's own route does not block");
    assert!(!blocked(&[none, routes(&[3])], "C", "D"), "C-E-D is left");
    assert!(blocked(&[none, routes(&[3, 4])], "C", "D"), "both ways are taken");
    // The double: with 2 or 3 players one track closes the other to everyone; from 4 on
    // the other track stays open, but never to the owner of the first.
    assert!(blocked(&[none, routes(&[1])], "A", "C"), "2 players: the other track is closed");
    assert!(blocked(&[none, routes(&[1]), none], "A", "C"), "3 players: the other track is closed");
    assert!(!blocked(&[none, routes(&[1]), none, none], "A", "C"), "4 players: the other track is open");
    assert_eq!(usable_routes(&map, &[none, routes(&[1])], Seat(0)), routes(&[0, 3, 4, 5]));
    assert_eq!(usable_routes(&map, &[none, routes(&[1]), none, none], Seat(0)), routes(&[0, 2, 3, 4, 5]));
    assert_eq!(usable_routes(&map, &[routes(&[1]), none, none, none], Seat(0)), routes(&[0, 1, 3, 4, 5]));
    assert!(!blocked(&[routes(&[1]), none], "A", "C"), "its own track serves the holder");
}
