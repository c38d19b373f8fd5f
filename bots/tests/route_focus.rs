//! Route Focus, rule by rule against `shared/PERSONAS.md`, each on a built USA position.
//!
//! Seat 0 plays Route Focus in a 4-player game (both tracks of a double open); the other
//! seats hold nothing unless a test says so. Route scores are route points + 2 x ticket
//! points; USA route points are 1, 2, 4, 7, 10, 15 for lengths 1 to 6.

mod common;

use common::load;
use ttr::{Action, Bot, Card, CardCounts, GameState, Map, Observation, Phase, RouteId, Setup, TicketId};
use ttr_bots::RouteFocusBot;

/// The route between two cities with this colour (`None`: gray).
fn route(map: &Map, a: &str, b: &str, color: Option<Card>) -> RouteId {
    let named = |id, name: &str| map.city_name(id) == name;
    let i = map
        .routes()
        .iter()
        .position(|r| r.color == color && ((named(r.a, a) && named(r.b, b)) || (named(r.a, b) && named(r.b, a))))
        .unwrap_or_else(|| panic!("no {color:?} route {a}-{b}"));
    RouteId(i as u8)
}

fn ticket(map: &Map, a: &str, b: &str) -> TicketId {
    let i = map
        .tickets()
        .iter()
        .position(|t| map.city_name(t.a) == a && map.city_name(t.b) == b)
        .unwrap_or_else(|| panic!("no ticket {a}-{b}"));
    TicketId(i as u8)
}

fn cards(list: &[(Card, u8)]) -> CardCounts {
    list.iter().fold(CardCounts::EMPTY, |acc, &(c, n)| acc.with(c, n))
}

/// Seat 0 to move in a 4-player game: these tickets, this hand, a plain market.
fn position(map: &Map, tickets: &[(&str, &str)], hand: CardCounts) -> Setup {
    let mut s = Setup::empty(map, 4);
    s.lay([Some(Card::Red), Some(Card::Orange), Some(Card::Blue), Some(Card::White), Some(Card::Black)]);
    s.give(0, hand);
    for &(a, b) in tickets {
        let t = ticket(map, a, b);
        s.tickets[0].insert(t);
        s.ticket_deck.retain(|&d| d != t);
    }
    s
}

/// Gives `seat` these routes, taking their trains from its supply.
fn own(map: &Map, s: &mut Setup, seat: usize, routes: &[RouteId]) {
    for &r in routes {
        s.owned[seat].insert(r);
        s.trains[seat] -= map.route(r).trains_needed();
    }
}

/// What Route Focus (seeded `seed`) does in this position.
fn choice_with(map: &Map, s: &Setup, seed: u64) -> Action {
    let state = GameState::from_setup(map, s).unwrap_or_else(|e| panic!("{e}"));
    let action = RouteFocusBot::new(seed).choose(&Observation::new(&state, state.to_move()));
    assert!(state.check(action).is_ok(), "{action:?} is not legal");
    action
}

fn choice(map: &Map, s: &Setup) -> Action {
    choice_with(map, s, 0)
}

fn claim(route: RouteId, pay: CardCounts) -> Action {
    Action::Claim { route, pay }
}

#[test]
fn keeps_every_ticket_dealt_at_setup() {
    let map = load("usa");
    for seed in 0..5 {
        let state = GameState::new(&map, 4, seed).expect("setup");
        assert_eq!(state.phase(), Phase::SetupKeep);
        let offered = state.offer(state.to_move()).len();
        let action = RouteFocusBot::new(seed).choose(&Observation::new(&state, state.to_move()));
        assert_eq!(action, Action::Keep((1 << offered) - 1), "seed {seed}");
    }
}

#[test]
fn never_draws_tickets_but_draws_blind() {
    // Nothing is claimable with a single card and every ticket draw is legal: it draws a
    // card blind, even with its colour and a locomotive face up.
    let map = load("usa");
    let mut s = position(&map, &[("Calgary", "Salt Lake City")], cards(&[(Card::Pink, 1)]));
    s.lay([Some(Card::Pink), Some(Card::Loco), Some(Card::Pink), Some(Card::Loco), Some(Card::Pink)]);
    assert_eq!(choice(&map, &s), Action::DrawBlind);
    // The second card as well.
    s.phase = Phase::SecondCard;
    assert_eq!(choice(&map, &s), Action::DrawBlind);
}

#[test]
fn follows_the_path_with_fewest_routes_not_the_shortest() {
    // Chicago-Santa Fe (9): Chicago-Omaha (4)-Denver (4)-Santa Fe (2) is 3 routes and 10
    // trains; Chicago-Saint Louis-Kansas City-Oklahoma City-Santa Fe is 4 routes and 9.
    // Its own routes on the longer path still count as routes (lengths ignored).
    let map = load("usa");
    let hand = cards(&[(Card::Blue, 4), (Card::Pink, 4), (Card::Green, 3), (Card::White, 3)]);
    let mut s = position(&map, &[("Chicago", "Santa Fe")], hand);
    own(
        &map,
        &mut s,
        0,
        &[
            route(&map, "Chicago", "Saint Louis", Some(Card::Green)),
            route(&map, "Kansas City", "Saint Louis", Some(Card::Blue)),
        ],
    );
    // Chicago-Omaha and Omaha-Denver both score 7 + 18; Chicago comes first.
    assert_eq!(choice(&map, &s), claim(route(&map, "Chicago", "Omaha", Some(Card::Blue)), cards(&[(Card::Blue, 4)])));
}

#[test]
fn scores_route_points_plus_twice_the_ticket() {
    // Vancouver-Montreal (20) with all but Calgary-Vancouver (3) owned: 4 + 40 = 44.
    // Los Angeles-Chicago (16): Denver-Phoenix (5) scores 10 + 32 = 42. Weighing the ticket
    // once (24 against 26) or the route alone would pick Denver-Phoenix.
    let map = load("usa");
    let hand = cards(&[(Card::White, 5), (Card::Red, 3)]);
    let mut s = position(&map, &[("Vancouver", "Montreal"), ("Los Angeles", "Chicago")], hand);
    own(
        &map,
        &mut s,
        0,
        &[
            route(&map, "Calgary", "Winnipeg", Some(Card::White)),
            route(&map, "Sault St. Marie", "Winnipeg", None),
            route(&map, "Montreal", "Sault St. Marie", Some(Card::Black)),
        ],
    );
    assert_eq!(choice(&map, &s), claim(route(&map, "Calgary", "Vancouver", None), cards(&[(Card::White, 3)])));
}

#[test]
fn a_route_on_several_paths_keeps_its_best_score() {
    let map = load("usa");
    let hand = cards(&[(Card::Blue, 4), (Card::Pink, 4), (Card::White, 4)]);
    // Calgary-Helena is on Calgary-Phoenix (7 + 26 = 33) and Calgary-Salt Lake City
    // (7 + 14 = 21, listed later); Chicago-Omaha scores 7 + 18 = 25 for Chicago-Santa Fe.
    let mut s = position(&map, &[("Calgary", "Phoenix"), ("Calgary", "Salt Lake City"), ("Chicago", "Santa Fe")], hand);
    own(&map, &mut s, 0, &[route(&map, "Denver", "Phoenix", Some(Card::White))]);
    // Calgary-Helena and Helena-Denver tie at 33: Calgary comes first.
    assert_eq!(choice(&map, &s), claim(route(&map, "Calgary", "Helena", None), cards(&[(Card::Blue, 4)])));

    // Chicago-Omaha and Denver-Omaha score 25 for Chicago-Santa Fe (listed first) and 39
    // for Los Angeles-Chicago; Calgary-Helena scores 33 for Calgary-Phoenix.
    let mut s = position(&map, &[("Calgary", "Phoenix"), ("Chicago", "Santa Fe"), ("Los Angeles", "Chicago")], hand);
    own(
        &map,
        &mut s,
        0,
        &[route(&map, "Denver", "Phoenix", Some(Card::White)), route(&map, "Los Angeles", "Phoenix", None)],
    );
    // Of the two at 39, Denver-Omaha comes first in path order from Los Angeles.
    assert_eq!(choice(&map, &s), claim(route(&map, "Denver", "Omaha", Some(Card::Pink)), cards(&[(Card::Pink, 4)])));
}

#[test]
fn ties_go_alphabetically_by_cities_in_path_order() {
    // Los Angeles-Chicago with Los Angeles-Phoenix and Denver-Phoenix owned: Denver-Omaha
    // (pink) and Omaha-Chicago (blue) both score 7 + 32. In path order their cities read
    // (Denver, Omaha) and (Omaha, Chicago): Denver-Omaha, though Chicago-Omaha comes first
    // on the board and by its cities' names as the map writes them.
    let map = load("usa");
    let hand = cards(&[(Card::Blue, 4), (Card::Pink, 4)]);
    let mut s = position(&map, &[("Los Angeles", "Chicago")], hand);
    own(
        &map,
        &mut s,
        0,
        &[route(&map, "Denver", "Phoenix", Some(Card::White)), route(&map, "Los Angeles", "Phoenix", None)],
    );
    assert_eq!(choice(&map, &s), claim(route(&map, "Denver", "Omaha", Some(Card::Pink)), cards(&[(Card::Pink, 4)])));
}

#[test]
fn skips_routes_as_long_as_its_trains() {
    // Calgary-Salt Lake City: Calgary-Helena (4, 21) before Helena-Salt Lake City (3, 18).
    let map = load("usa");
    let hand = cards(&[(Card::Pink, 4)]);
    let mut s = position(&map, &[("Calgary", "Salt Lake City")], hand);
    let helena_slc = claim(route(&map, "Helena", "Salt Lake City", Some(Card::Pink)), cards(&[(Card::Pink, 3)]));
    assert_eq!(choice(&map, &s), claim(route(&map, "Calgary", "Helena", None), cards(&[(Card::Pink, 4)])));
    // With 4 trains left, a route of 4 is not listed (length < trains), though claimable.
    let far = [
        ("Miami", "New Orleans", Some(Card::Red)),
        ("Duluth", "Toronto", Some(Card::Pink)),
        ("El Paso", "Houston", Some(Card::Green)),
        ("El Paso", "Los Angeles", Some(Card::Black)),
        ("Sault St. Marie", "Winnipeg", None),
        ("Atlanta", "Miami", Some(Card::Blue)),
        ("Pittsburgh", "Saint Louis", Some(Card::Green)),
        ("Atlanta", "Nashville", None),
    ];
    own(&map, &mut s, 0, &far.map(|(a, b, c)| route(&map, a, b, c)));
    assert_eq!(s.trains[0], 4);
    assert_eq!(choice(&map, &s), helena_slc);
}

#[test]
fn goes_down_the_list_to_the_first_route_it_can_claim() {
    // 3 pink cannot pay Calgary-Helena (4): Helena-Salt Lake City (3) is next.
    let map = load("usa");
    let s = position(&map, &[("Calgary", "Salt Lake City")], cards(&[(Card::Pink, 3)]));
    assert_eq!(
        choice(&map, &s),
        claim(route(&map, "Helena", "Salt Lake City", Some(Card::Pink)), cards(&[(Card::Pink, 3)]))
    );
}

#[test]
fn a_gray_route_is_claimed_in_the_colour_held_most() {
    // Calgary-Helena (gray 4) tops Calgary-Salt Lake City.
    let map = load("usa");
    let helena = route(&map, "Calgary", "Helena", None);
    let play = |hand: CardCounts| choice(&map, &position(&map, &[("Calgary", "Salt Lake City")], hand));
    // Most held: white, though red comes first in the colour order.
    let hand = cards(&[(Card::Red, 3), (Card::White, 4), (Card::Loco, 1)]);
    assert_eq!(play(hand), claim(helena, cards(&[(Card::White, 4)])));
    // Ties go to the earlier colour of red, orange, blue, pink, white, yellow, black, green,
    // the rest paid with locomotives.
    let hand = cards(&[(Card::Green, 3), (Card::Blue, 3), (Card::Loco, 1)]);
    assert_eq!(play(hand), claim(helena, cards(&[(Card::Blue, 3), (Card::Loco, 1)])));
    // Locomotives never count as the colour held most: 3 green and a locomotive, not 4
    // locomotives.
    let hand = cards(&[(Card::Green, 3), (Card::Loco, 5)]);
    assert_eq!(play(hand), claim(helena, cards(&[(Card::Green, 3), (Card::Loco, 1)])));
}

#[test]
fn a_double_route_is_claimed_on_the_track_of_the_colour_held_most() {
    // Seattle-Los Angeles (9): every fewest-routes path crosses Portland-San Francisco
    // (green and pink 5), the longest route on them: 10 + 18.
    let map = load("usa");
    let hand = cards(&[(Card::Pink, 4), (Card::Green, 5), (Card::Loco, 1)]);
    let s = position(&map, &[("Seattle", "Los Angeles")], hand);
    let green = route(&map, "Portland", "San Francisco", Some(Card::Green));
    assert_eq!(choice(&map, &s), claim(green, cards(&[(Card::Green, 5)])));
}

#[test]
fn with_no_ticket_route_it_claims_the_lowest_scoring_free_route_first() {
    // Its only ticket is complete: every free route shorter than its trains, lowest points
    // first (the original's sign slip); of the length-1 routes Atlanta-Nashville comes
    // first by name, and with it taken, Dallas-Houston.
    let map = load("usa");
    let hand = cards(&[(Card::Yellow, 6)]);
    let mut s = position(&map, &[("Calgary", "Salt Lake City")], hand);
    own(
        &map,
        &mut s,
        0,
        &[route(&map, "Calgary", "Helena", None), route(&map, "Helena", "Salt Lake City", Some(Card::Pink))],
    );
    let one = cards(&[(Card::Yellow, 1)]);
    assert_eq!(choice(&map, &s), claim(route(&map, "Atlanta", "Nashville", None), one));
    own(&map, &mut s, 1, &[route(&map, "Atlanta", "Nashville", None)]);
    assert_eq!(choice(&map, &s), claim(route(&map, "Dallas", "Houston", None), one));
}

#[test]
fn with_the_deck_empty_it_takes_a_face_up_locomotive_else_moves_at_random() {
    // Every card in hands or face up; nothing claimable (one card of each colour).
    let map = load("usa");
    let mut s = position(&map, &[("Calgary", "Salt Lake City")], CardCounts::EMPTY);
    s.lay([Some(Card::Red), Some(Card::Loco), Some(Card::Blue), Some(Card::Loco), Some(Card::Black)]);
    let rest = s.deck;
    s.give(1, rest);
    s.give(0, CardCounts::EMPTY);
    for c in Card::COLORS {
        if s.hands[1][c] > 0 {
            s.hands[1][c] -= 1;
            s.hands[0][c] += 1;
        }
    }
    assert_eq!(choice(&map, &s), Action::TakeFaceUp(1));
    // No locomotive face up: a random legal move, from the bot's seed.
    s.market[1] = None;
    s.market[3] = None;
    s.hands[1][Card::Loco] += 2;
    let moves: std::collections::HashSet<Action> = (0..40).map(|seed| choice_with(&map, &s, seed)).collect();
    assert!(moves.len() > 1, "always {moves:?}");
    assert_eq!(choice_with(&map, &s, 7), choice_with(&map, &s, 7));
}

#[test]
fn free_routes_tie_by_their_cities_in_name_order() {
    // Legendary Asia writes Rangoon-Bangkok with Rangoon first. Listed both ways by the
    // original, it ties as (Bangkok, Rangoon): before Bangkok-Saigon and Calcutta-Mandalay.
    // With one green card the length-1 routes it can claim are Rangoon-Bangkok's green
    // track and the gray ones.
    let map = load("legendary_asia");
    let s = position(&map, &[], cards(&[(Card::Green, 1)]));
    assert_eq!(
        choice(&map, &s),
        claim(route(&map, "Rangoon", "Bangkok", Some(Card::Green)), cards(&[(Card::Green, 1)]))
    );
}
