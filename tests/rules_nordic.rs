//! Rule tests for docs/rules.md section 2 (Nordic Countries) and the parts of sections 1 and 5 it
//! changes, through the public API of `ttr` only.
//!
//! Positions are built with [`Setup`] and validated by [`GameState::from_setup`]. Chance is
//! forced rather than seeded: the deck is made to hold exactly the cards a reveal or a draw
//! must turn up (their order stays random, the cards do not), every other card going to a
//! hand or the discard pile. The last section plays seeded random games on the map.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::{
    Action, Card, CardCounts, EndReason, Event, GameResult, GameState, Map, Observation, Phase, RouteId, Seat, Setup,
    TicketId,
};

use Card::{Black, Blue, Green, Loco, Orange, Pink, Red, White, Yellow};

mod common;
use common::{cards, claim, legal, own, route, seats, ticket, track, tracks};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn nordic() -> &'static Map {
    common::shared("nordic")
}

fn sum(a: CardCounts, b: CardCounts) -> CardCounts {
    let mut out = a;
    out.add(&b);
    out
}

/// A Nordic position for `players`: seat 0 to move, five colour cards face up, everything
/// else in the deck, every ticket in the ticket deck.
fn board(players: usize) -> Setup {
    let mut s = Setup::empty(nordic(), players);
    s.lay([Some(Red), Some(Orange), Some(Blue), Some(White), Some(Black)]);
    s.seed = 2024;
    s
}

/// Leaves exactly `deck` in the deck and `discard` on the discard pile; every other card
/// still in the deck goes to seat `spare`'s hand.
fn stack(s: &mut Setup, deck: CardCounts, discard: CardCounts, spare: usize) {
    let mut rest = s.deck;
    assert!(rest.contains(&deck), "the deck does not hold {deck}");
    rest.remove(&deck);
    assert!(rest.contains(&discard), "the deck does not hold {discard} besides {deck}");
    rest.remove(&discard);
    s.hands[spare].add(&rest);
    s.discard.add(&discard);
    s.deck = deck;
}

fn begin(s: &Setup) -> GameState<'static> {
    GameState::from_setup(nordic(), s).unwrap_or_else(|e| panic!("{e}"))
}

/// Applies a legal action, then checks the engine's invariants.
fn play(g: &mut GameState<'_>, action: Action) {
    g.try_apply(action).unwrap_or_else(|e| panic!("{e}"));
    g.check_invariants().unwrap_or_else(|e| panic!("after {action:?}: {e}"));
}

/// [`play`], returning the events the action caused.
fn play_events(g: &mut GameState<'_>, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    g.try_apply_recorded(action, &mut events).unwrap_or_else(|e| panic!("{e}"));
    g.check_invariants().unwrap_or_else(|e| panic!("after {action:?}: {e}"));
    events
}

/// The legal actions in a fixed order, for comparing with an expected list.
fn legal_sorted(g: &GameState<'_>) -> Vec<Action> {
    let mut all = legal(g);
    all.sort_by_key(|a| format!("{a:?}"));
    all
}

fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
    actions.sort_by_key(|a| format!("{a:?}"));
    actions
}

/// Asserts that `action` is neither generated nor accepted and that trying it changes
/// nothing; returns the reason given.
fn refused(g: &mut GameState<'_>, action: Action) -> &'static str {
    let before = g.to_setup();
    assert!(!legal(g).contains(&action), "{action:?} is generated as legal");
    let reason = g.check(action).err().unwrap_or_else(|| panic!("check accepts {action:?}"));
    let err = g.try_apply(action).expect_err("an illegal action was applied");
    assert_eq!(err.reason, reason);
    assert_eq!(g.to_setup(), before, "refusing {action:?} changed the state");
    reason
}

/// The payments generated for claiming `route`.
fn payments(g: &GameState<'_>, route: RouteId) -> Vec<CardCounts> {
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Claim { route: r, pay } if r == route => Some(pay),
            _ => None,
        })
        .collect()
}

/// Asserts that claiming `route` with `pay` completes at once (no tunnel), scoring `points`.
fn claims_outright(g: &GameState<'_>, route: RouteId, pay: CardCounts, points: i32) {
    let mut g = g.clone();
    let seat = g.to_move();
    let trains = g.trains(seat);
    let discard = g.discard();
    assert!(g.check(claim(route, pay)).is_ok(), "{pay} refused: {:?}", g.check(claim(route, pay)));
    play(&mut g, claim(route, pay));
    assert!(g.owned(seat).contains(route), "{pay}: not claimed");
    assert_eq!(g.route_points(seat), points, "{pay}");
    assert_eq!(g.trains(seat), trains - nordic().route(route).length, "{pay}");
    assert_eq!(g.discard(), sum(discard, pay), "{pay}: the paid cards are discarded");
    assert_eq!(g.to_move(), Seat((seat.0 + 1) % g.players() as u8));
}

/// The cards turned up by the pending tunnel reveal, as counts.
fn revealed_cards(g: &GameState<'_>) -> CardCounts {
    g.revealed().iter().flatten().fold(CardCounts::EMPTY, |acc, &c| acc.with(c, 1))
}

/// The cards that pay `route` directly: its colour (red on gray) on the colour spaces and
/// one locomotive per ferry symbol.
fn direct_pay(route: RouteId) -> CardCounts {
    let r = nordic().route(route);
    cards(&[(r.color.unwrap_or(Red), r.length - r.ferry_locos), (Loco, r.ferry_locos)])
}

/// Claims `route` with `pay`; a tunnel's reveal must cost nothing and is then completed.
fn claim_whole(g: &mut GameState<'_>, route: RouteId, pay: CardCounts) {
    play(g, claim(route, pay));
    if let Phase::Tunnel { due, .. } = g.phase() {
        assert_eq!(due, 0, "the forced reveal {:?} should cost nothing", g.revealed());
        play(g, Action::TunnelPay(CardCounts::EMPTY));
    }
}

/// One turn of two blind draws.
fn draw_two(g: &mut GameState<'_>) {
    let seat = g.to_move();
    play(g, Action::DrawBlind);
    assert_eq!((g.phase(), g.to_move()), (Phase::SecondCard, seat));
    play(g, Action::DrawBlind);
}

/// Two players; seat 0 holds `hand` and is to move; the deck holds exactly `deck` and the
/// discard pile exactly `discard`; every other card is in seat 1's hand.
fn tunnel_table(hand: CardCounts, deck: CardCounts, discard: CardCounts) -> GameState<'static> {
    let mut s = board(2);
    s.give(0, hand);
    stack(&mut s, deck, discard, 1);
    begin(&s)
}

/// Lillehammer-Oslo: a pink tunnel of length 2, not a double.
fn pink_tunnel() -> RouteId {
    let r = route(nordic(), "Lillehammer", "Oslo");
    let route = nordic().route(r);
    assert!(route.tunnel && route.ferry_locos == 0 && route.any_cards == 0);
    assert_eq!((route.color, route.length), (Some(Pink), 2));
    r
}

// ---------------------------------------------------------------------------------------
// Players, trains, tickets
// ---------------------------------------------------------------------------------------

#[test]
fn players_two_or_three_only_with_forty_trains() {
    let map = nordic();
    for n in [0, 1, 4, 5] {
        assert!(GameState::new(map, n, 1).is_err(), "{n} players accepted by GameState::new");
    }
    assert!(GameState::from_setup(map, &Setup::empty(map, 4)).is_err(), "4 players accepted by from_setup");
    for n in [2, 3] {
        let g = GameState::new(map, n, 1).unwrap_or_else(|e| panic!("{n} players: {e}"));
        for seat in 0..n {
            assert_eq!(g.trains(Seat(seat as u8)), 40, "{n} players, seat {seat}");
        }
    }
    assert!(Setup::empty(map, 2).trains.iter().all(|&t| t == 40));
}

#[test]
fn setup_deals_five_tickets_keep_at_least_two_returned_ones_leave_the_game() {
    let map = nordic();
    let all = map.tickets().len();
    assert_eq!(all, 46);
    for players in [2, 3] {
        for seed in 0..10 {
            let mut g = GameState::new(map, players, seed).unwrap();
            assert_eq!(g.ticket_deck().len(), all - 5 * players);
            let deck_before: Vec<TicketId> = g.ticket_deck().iter().collect();
            let mut boxed = Vec::new();
            for seat in 0..players {
                let seat_id = Seat(seat as u8);
                assert_eq!((g.phase(), g.to_move()), (Phase::SetupKeep, seat_id));
                assert_eq!(g.offer(seat_id).len(), 5);
                let options = legal(&g);
                assert_eq!(options.len(), 26, "every subset of 2 to 5 of the 5 tickets");
                for a in &options {
                    assert!(matches!(a, Action::Keep(m) if m.count_ones() >= 2 && *m < 32), "{a:?}");
                }
                for mask in [0, 0b1, 0b10, 0b100, 0b1000, 0b10000, 0b100000, 0b100001] {
                    refused(&mut g, Action::Keep(mask));
                }
                let offer = g.offer(seat_id).tickets().to_vec();
                let mask = [0b00011u8, 0b11000, 0b11111][seat];
                play(&mut g, Action::Keep(mask));
                for (i, &t) in offer.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        assert!(g.tickets(seat_id).contains(t));
                    } else {
                        boxed.push(t);
                    }
                }
                assert_eq!(g.tickets(seat_id).count(), mask.count_ones());
                let deck_now: Vec<TicketId> = g.ticket_deck().iter().collect();
                assert_eq!(deck_now, deck_before, "returned tickets went back into the deck");
            }
            assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(0)));
            assert_eq!(boxed.len(), 3 + 3);
            let deck = g.ticket_deck().set();
            for &t in &boxed {
                assert!(!deck.contains(t), "returned ticket {t:?} is in the deck");
                for seat in 0..players {
                    assert!(!g.tickets(Seat(seat as u8)).contains(t));
                }
            }
            let held: u32 = (0..players).map(|s| g.tickets(Seat(s as u8)).count()).sum();
            assert_eq!(deck.count() + held + boxed.len() as u32, all as u32);
        }
    }
}

#[test]
fn drawn_tickets_keep_at_least_one_returned_ones_leave_the_game() {
    let t: Vec<TicketId> = (0..5u8).map(TicketId).collect();
    let mut s = board(2);
    s.ticket_deck = t.clone();
    let mut g = begin(&s);
    play(&mut g, Action::DrawTickets);
    assert_eq!((g.phase(), g.to_move()), (Phase::KeepTickets, Seat(0)));
    assert_eq!(g.offer(Seat(0)).tickets(), &t[..3]);
    assert_eq!(legal(&g).len(), 7, "any non-empty subset of 3");
    refused(&mut g, Action::Keep(0));
    refused(&mut g, Action::Keep(0b1000));
    play(&mut g, Action::Keep(0b010));
    assert_eq!(g.tickets(Seat(0)), [t[1]].into_iter().collect());
    assert_eq!(g.ticket_deck().iter().collect::<Vec<_>>(), vec![t[3], t[4]], "returned tickets are out of the game");
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));

    // Two left: both offered, keep one, the other leaves the game too.
    play(&mut g, Action::DrawTickets);
    assert_eq!(g.offer(Seat(1)).tickets(), &t[3..5]);
    assert_eq!(legal(&g).len(), 3);
    play(&mut g, Action::Keep(0b10));
    assert_eq!(g.tickets(Seat(1)), [t[4]].into_iter().collect());
    assert!(g.ticket_deck().is_empty());
    let reason = refused(&mut g, Action::DrawTickets);
    assert!(reason.contains("ticket deck is empty"), "{reason}");
}

// ---------------------------------------------------------------------------------------
// Face-up locomotives
// ---------------------------------------------------------------------------------------

/// Seat 0 to move with `market` face up and only yellow cards in the deck.
fn market_table(market: [Option<Card>; 5]) -> GameState<'static> {
    let mut s = board(2);
    s.lay(market);
    stack(&mut s, cards(&[(Yellow, 12)]), CardCounts::EMPTY, 1);
    begin(&s)
}

#[test]
fn face_up_locomotive_taken_first_still_allows_a_second_card() {
    let l = Some(Loco);
    let mut g = market_table([l, l, Some(Red), Some(Blue), Some(Green)]);
    play(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.hand(Seat(0)), cards(&[(Loco, 1)]));
    assert_eq!((g.phase(), g.to_move(), g.turns()), (Phase::SecondCard, Seat(0), 0), "the draw went on");
    assert_eq!(g.market()[0], Some(Yellow), "replaced at once");
    let second = legal_sorted(&g);
    let expected: Vec<Action> = (0..5).map(Action::TakeFaceUp).chain([Action::DrawBlind]).collect();
    assert_eq!(second, sorted(expected));

    // A blind card as the second.
    let mut blind = g.clone();
    play(&mut blind, Action::DrawBlind);
    assert_eq!(blind.hand(Seat(0)), cards(&[(Loco, 1), (Yellow, 1)]));
    assert_eq!((blind.phase(), blind.to_move(), blind.turns()), (Phase::Turn, Seat(1), 1));

    // The other face-up locomotive as the second.
    play(&mut g, Action::TakeFaceUp(1));
    assert_eq!(g.hand(Seat(0)), cards(&[(Loco, 2)]));
    assert_eq!((g.phase(), g.to_move(), g.turns()), (Phase::Turn, Seat(1), 1));
}

#[test]
fn face_up_locomotive_may_be_taken_as_the_second_card() {
    let mut g = market_table([Some(Red), Some(Loco), Some(Blue), Some(Green), Some(White)]);
    let start = g.clone();
    play(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.phase(), Phase::SecondCard);
    assert!(legal(&g).contains(&Action::TakeFaceUp(1)));
    assert_eq!(g.check(Action::TakeFaceUp(1)), Ok(()));
    play(&mut g, Action::TakeFaceUp(1));
    assert_eq!(g.hand(Seat(0)), cards(&[(Red, 1), (Loco, 1)]));
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));

    // After a blind first card too.
    let mut g = start;
    play(&mut g, Action::DrawBlind);
    assert!(legal(&g).contains(&Action::TakeFaceUp(1)));
    play(&mut g, Action::TakeFaceUp(1));
    assert_eq!(g.hand(Seat(0)), cards(&[(Yellow, 1), (Loco, 1)]));
    assert_eq!(g.to_move(), Seat(1));
}

fn loco_count(market: &[Option<Card>; 5]) -> usize {
    market.iter().filter(|c| **c == Some(Loco)).count()
}

fn has_reset(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::Market { reset: true, .. }))
}

#[test]
fn three_or_more_face_up_locomotives_are_never_reset() {
    let l = Some(Loco);
    // A refill during a draw brings the third locomotive; plenty of colour cards are left
    // in the discard pile, so the base game would reset the row here.
    let mut s = board(2);
    s.lay([l, l, Some(Red), Some(Blue), Some(Green)]);
    let mut rest = s.deck;
    rest.remove(&cards(&[(Loco, 1)]));
    stack(&mut s, cards(&[(Loco, 1)]), rest, 1);
    let mut g = begin(&s);
    let events = play_events(&mut g, Action::TakeFaceUp(2));
    assert!(!has_reset(&events), "{events:?}");
    assert_eq!(g.market(), [l, l, l, Some(Blue), Some(Green)]);
    assert_eq!(g.discard(), rest, "nothing was discarded");
    assert_eq!(g.phase(), Phase::SecondCard);
    play(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.hand(Seat(0)), cards(&[(Red, 1), (Loco, 1)]));

    // An end-of-turn refill makes five locomotives; they stay and may all be taken.
    let mut s = board(2);
    s.lay([l, l, l, l, None]);
    s.give(0, cards(&[(Pink, 1)]));
    stack(&mut s, cards(&[(Loco, 1)]), CardCounts::EMPTY, 1);
    let mut g = begin(&s);
    let events = play_events(&mut g, claim(route(nordic(), "Alborg", "Arhus"), cards(&[(Pink, 1)])));
    assert!(!has_reset(&events), "{events:?}");
    assert_eq!(g.market(), [l; 5]);
    let hand1 = g.hand(Seat(1));
    play(&mut g, Action::TakeFaceUp(0));
    play(&mut g, Action::TakeFaceUp(1));
    assert_eq!(g.hand(Seat(1)), sum(hand1, cards(&[(Loco, 2)])));

    // Setup: the first row stays whatever it shows.
    let mut three_or_more = 0;
    for seed in 0..3000 {
        let mut events: Vec<Event> = Vec::new();
        let g = GameState::new_recorded(nordic(), 2 + (seed % 2) as usize, seed, &mut events).unwrap();
        let rows: Vec<_> = events.iter().filter(|e| matches!(e, Event::Market { .. })).collect();
        assert_eq!(rows, vec![&Event::Market { cards: g.market(), reset: false }], "seed {seed}");
        if loco_count(&g.market()) >= 3 {
            three_or_more += 1;
        }
    }
    assert!(three_or_more > 0, "no setup showed 3 locomotives");
}

// ---------------------------------------------------------------------------------------
// Locomotives only on ferries and tunnels
// ---------------------------------------------------------------------------------------

#[test]
fn locomotive_refused_on_an_ordinary_coloured_route() {
    let r = route(nordic(), "Goteborg", "Orebro");
    let route = nordic().route(r);
    assert!(!route.is_special());
    assert_eq!((route.color, route.length), (Some(Blue), 2));
    let mut s = board(2);
    s.give(0, cards(&[(Blue, 2), (Loco, 2)]));
    let mut g = begin(&s);
    assert_eq!(payments(&g, r), vec![cards(&[(Blue, 2)])], "only the colour cards");
    for pay in [cards(&[(Blue, 1), (Loco, 1)]), cards(&[(Loco, 2)])] {
        let reason = refused(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }
    claims_outright(&g, r, cards(&[(Blue, 2)]), 2);

    // With one blue card, the locomotives cannot make up the rest.
    let mut s = board(2);
    s.give(0, cards(&[(Blue, 1), (Loco, 3)]));
    let g = begin(&s);
    assert!(payments(&g, r).is_empty());
}

#[test]
fn locomotive_refused_on_an_ordinary_gray_route() {
    let r = route(nordic(), "Goteborg", "Norrkoping");
    let route = nordic().route(r);
    assert!(!route.is_special());
    assert_eq!((route.color, route.length), (None, 3));
    let mut s = board(2);
    s.give(0, cards(&[(Green, 2), (Red, 2), (Loco, 3)]));
    let mut g = begin(&s);
    assert!(payments(&g, r).is_empty(), "{:?}", payments(&g, r));
    for pay in [cards(&[(Green, 2), (Loco, 1)]), cards(&[(Red, 1), (Loco, 2)]), cards(&[(Loco, 3)])] {
        let reason = refused(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }
    let mut s = board(2);
    s.give(0, cards(&[(Green, 3), (Loco, 3)]));
    let g = begin(&s);
    assert_eq!(payments(&g, r), vec![cards(&[(Green, 3)])]);
    claims_outright(&g, r, cards(&[(Green, 3)]), 4);
}

#[test]
fn no_generated_claim_puts_a_locomotive_on_an_ordinary_route() {
    let map = nordic();
    let mut hand = cards(&[(Loco, 4)]);
    for c in Card::COLORS {
        hand[c] += 4;
    }
    let mut s = board(2);
    s.give(0, hand);
    let g = begin(&s);
    let (mut plain, mut special_with_locos) = (0, 0);
    for a in legal(&g) {
        if let Action::Claim { route, pay } = a {
            let r = map.route(route);
            if r.ferry_locos > 0 || r.tunnel {
                special_with_locos += usize::from(pay[Loco] > 0);
            } else if r.any_cards == 0 {
                plain += 1;
                assert_eq!(pay[Loco], 0, "{pay} offered for an ordinary route {route:?}");
            }
        }
    }
    assert!(plain > 0 && special_with_locos > 0, "{plain} plain claims, {special_with_locos} with locomotives");
}

// ---------------------------------------------------------------------------------------
// Ferries
// ---------------------------------------------------------------------------------------

/// Andalsnes-Bergen: a black ferry of length 5 with 2 locomotive symbols.
fn two_symbol_ferry() -> RouteId {
    let r = route(nordic(), "Andalsnes", "Bergen");
    let route = nordic().route(r);
    assert_eq!((route.color, route.length, route.ferry_locos, route.tunnel), (Some(Black), 5, 2, false));
    r
}

/// Kristiansand-Stavanger, the orange track: a ferry of length 3 with 1 locomotive symbol.
fn orange_ferry() -> RouteId {
    let r = track(nordic(), "Kristiansand", "Stavanger", Some(Orange));
    let route = nordic().route(r);
    assert_eq!((route.length, route.ferry_locos, route.tunnel), (3, 1, false));
    r
}

fn seat0_holding(hand: CardCounts) -> GameState<'static> {
    let mut s = board(2);
    s.give(0, hand);
    begin(&s)
}

#[test]
fn ferry_needs_one_locomotive_per_symbol() {
    let r = two_symbol_ferry();
    let mut g = seat0_holding(cards(&[(Black, 4), (Loco, 2)]));
    assert_eq!(payments(&g, r), vec![cards(&[(Black, 3), (Loco, 2)])]);
    for pay in [cards(&[(Black, 4)]), cards(&[(Black, 4), (Loco, 1)]), cards(&[(Black, 3), (Loco, 1)])] {
        let reason = refused(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }
    claims_outright(&g, r, cards(&[(Black, 3), (Loco, 2)]), 10);

    // A gray ferry: one colour plus its locomotive.
    let gray = route(nordic(), "Alborg", "Goteborg");
    assert_eq!((nordic().route(gray).color, nordic().route(gray).ferry_locos), (None, 1));
    let mut g = seat0_holding(cards(&[(Green, 2), (Loco, 1)]));
    assert_eq!(payments(&g, gray), vec![cards(&[(Green, 1), (Loco, 1)])]);
    refused(&mut g, claim(gray, cards(&[(Green, 2)])));
    claims_outright(&g, gray, cards(&[(Green, 1), (Loco, 1)]), 2);

    // A gray ferry with two symbols still takes a single colour on its other spaces.
    let helsinki = track(nordic(), "Helsinki", "Stockholm", None);
    assert_eq!(nordic().route(helsinki).ferry_locos, 2);
    let mut g = seat0_holding(cards(&[(Red, 2), (Blue, 1), (Loco, 2)]));
    refused(&mut g, claim(helsinki, cards(&[(Red, 1), (Blue, 1), (Loco, 2)])));
    claims_outright(&g, helsinki, cards(&[(Red, 2), (Loco, 2)]), 7);
}

#[test]
fn ferry_extra_locomotives_replace_colour_cards() {
    let r = two_symbol_ferry();
    let g = seat0_holding(cards(&[(Black, 1), (Loco, 4)]));
    assert_eq!(payments(&g, r), vec![cards(&[(Black, 1), (Loco, 4)])]);
    claims_outright(&g, r, cards(&[(Black, 1), (Loco, 4)]), 10);

    let g = seat0_holding(cards(&[(Loco, 5)]));
    assert_eq!(payments(&g, r), vec![cards(&[(Loco, 5)])]);
    claims_outright(&g, r, cards(&[(Loco, 5)]), 10);

    let k = orange_ferry();
    let g = seat0_holding(cards(&[(Orange, 2), (Loco, 2)]));
    let mut pays = payments(&g, k);
    pays.sort_by_key(|p| p.0);
    let mut expected = vec![cards(&[(Orange, 2), (Loco, 1)]), cards(&[(Orange, 1), (Loco, 2)])];
    expected.sort_by_key(|p| p.0);
    assert_eq!(pays, expected);
    for pay in expected {
        claims_outright(&g, k, pay, 4);
    }
    let g = seat0_holding(cards(&[(Loco, 3)]));
    assert_eq!(payments(&g, k), vec![cards(&[(Loco, 3)])]);
    claims_outright(&g, k, cards(&[(Loco, 3)]), 4);
}

#[test]
fn ferry_any_three_cards_replace_a_required_locomotive() {
    let r = orange_ferry();
    let mut g = seat0_holding(cards(&[(Orange, 5), (Red, 2), (Blue, 1), (Yellow, 1), (Loco, 1)]));
    for pay in [
        cards(&[(Orange, 2), (Red, 2), (Blue, 1)]),
        cards(&[(Orange, 2), (Red, 1), (Blue, 1), (Yellow, 1)]),
        cards(&[(Orange, 5)]),
        cards(&[(Orange, 2), (Red, 2), (Loco, 1)]),
    ] {
        claims_outright(&g, r, pay, 4);
    }
    for pay in [
        cards(&[(Orange, 2), (Red, 2)]),
        cards(&[(Orange, 3)]),
        cards(&[(Orange, 2), (Red, 2), (Blue, 1), (Yellow, 1)]),
        cards(&[(Orange, 1), (Red, 2), (Blue, 1)]),
    ] {
        let reason = refused(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }

    // Both symbols of a two-symbol ferry, or one of them.
    let f = two_symbol_ferry();
    let mut g = seat0_holding(cards(&[(Black, 3), (Red, 6), (Loco, 1)]));
    claims_outright(&g, f, cards(&[(Black, 3), (Red, 6)]), 10);
    claims_outright(&g, f, cards(&[(Black, 3), (Red, 3), (Loco, 1)]), 10);
    refused(&mut g, claim(f, cards(&[(Black, 3), (Red, 5)])));
    refused(&mut g, claim(f, cards(&[(Black, 3), (Red, 3)])));

    // Only ferries: no substitutes on a tunnel or an ordinary route.
    let mut g = seat0_holding(cards(&[(Pink, 1), (Blue, 1), (Red, 3)]));
    refused(&mut g, claim(pink_tunnel(), cards(&[(Pink, 1), (Red, 3)])));
    refused(&mut g, claim(route(nordic(), "Goteborg", "Orebro"), cards(&[(Blue, 1), (Red, 3)])));
}

#[test]
fn ferry_three_for_one_payments_are_offered_without_locomotives() {
    let r = orange_ferry();
    let hand = cards(&[(Orange, 2), (Red, 2), (Blue, 1)]);
    let g = seat0_holding(hand);
    assert_eq!(payments(&g, r), vec![hand], "the only payment: 2 orange + 3 cards for the locomotive");
    claims_outright(&g, r, hand, 4);

    let f = two_symbol_ferry();
    let g = seat0_holding(cards(&[(Black, 4), (Red, 4), (Green, 3)]));
    let pays = payments(&g, f);
    assert!(!pays.is_empty(), "no substitute payment offered");
    for pay in pays {
        assert_eq!((pay[Loco], pay.total()), (0, 9), "{pay}");
        claims_outright(&g, f, pay, 10);
    }
}

// ---------------------------------------------------------------------------------------
// Tunnels
// ---------------------------------------------------------------------------------------

#[test]
fn tunnel_reveal_forces_an_extra_card_paid_with_tunnel_pay() {
    let r = pink_tunnel();
    let revealed = cards(&[(Pink, 1), (Red, 2)]);
    let mut g = tunnel_table(cards(&[(Pink, 4), (Red, 1)]), revealed, CardCounts::EMPTY);
    let laid = cards(&[(Pink, 2)]);
    let events = play_events(&mut g, claim(r, laid));
    assert_eq!(g.phase(), Phase::Tunnel { route: r, laid, due: 1 });
    assert_eq!((g.to_move(), g.turns()), (Seat(0), 0), "the same turn goes on");
    assert_eq!(revealed_cards(&g), revealed);
    assert!(events.contains(&Event::Tunnel { seat: 0, route: r, pay: laid, revealed: g.revealed() }), "{events:?}");
    assert_eq!(g.hand(Seat(0)), cards(&[(Pink, 2), (Red, 1)]), "the laid cards are on the table");
    assert!(g.discard().is_empty(), "the revealed cards stay out until the end of the turn");
    assert!(!g.owned(Seat(0)).contains(r) && !g.claimed().contains(r));
    // The bot sees the reveal and decides.
    let view = Observation::new(&g, Seat(0));
    assert_eq!((view.phase(), view.revealed()), (g.phase(), g.revealed()));
    assert_eq!(view.legal_actions().map(|l| l.len()), Some(2));

    assert_eq!(legal_sorted(&g), sorted(vec![Action::TunnelBack, Action::TunnelPay(cards(&[(Pink, 1)]))]));
    for wrong in [
        Action::TunnelPay(cards(&[(Red, 1)])),
        Action::TunnelPay(cards(&[(Pink, 2)])),
        Action::TunnelPay(CardCounts::EMPTY),
        Action::DrawBlind,
        Action::DrawTickets,
        claim(r, laid),
    ] {
        refused(&mut g, wrong);
    }
    play(&mut g, Action::TunnelPay(cards(&[(Pink, 1)])));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!((g.trains(Seat(0)), g.route_points(Seat(0))), (38, 2));
    assert_eq!(g.hand(Seat(0)), cards(&[(Pink, 1), (Red, 1)]));
    assert_eq!(g.discard(), sum(cards(&[(Pink, 3)]), revealed), "paid and revealed cards discarded");
    assert_eq!(g.revealed(), [None; 3]);
    assert_eq!((g.phase(), g.to_move(), g.turns()), (Phase::Turn, Seat(1), 1));
}

#[test]
fn revealed_locomotive_raises_the_cost_of_a_colour_payment() {
    let r = pink_tunnel();
    let g = tunnel_table(cards(&[(Pink, 3), (Loco, 1)]), cards(&[(Loco, 1), (Red, 2)]), CardCounts::EMPTY);
    let mut colour = g.clone();
    play(&mut colour, claim(r, cards(&[(Pink, 2)])));
    assert_eq!(colour.phase(), Phase::Tunnel { route: r, laid: cards(&[(Pink, 2)]), due: 1 });
    let options =
        vec![Action::TunnelBack, Action::TunnelPay(cards(&[(Pink, 1)])), Action::TunnelPay(cards(&[(Loco, 1)]))];
    assert_eq!(legal_sorted(&colour), sorted(options));
    for extra in [cards(&[(Pink, 1)]), cards(&[(Loco, 1)])] {
        let mut paid = colour.clone();
        play(&mut paid, Action::TunnelPay(extra));
        assert!(paid.owned(Seat(0)).contains(r), "{extra}");
    }
    // Colour and locomotive laid together: the colour's cards and locomotives count.
    let mut mixed = g;
    play(&mut mixed, claim(r, cards(&[(Pink, 1), (Loco, 1)])));
    assert!(matches!(mixed.phase(), Phase::Tunnel { due: 1, .. }), "{:?}", mixed.phase());
}

#[test]
fn tunnel_surcharge_only_in_the_laid_colour_or_locomotives() {
    let r = pink_tunnel();
    let mut g = tunnel_table(
        cards(&[(Pink, 3), (Red, 2), (Loco, 1)]),
        cards(&[(Pink, 1), (Loco, 1), (Blue, 1)]),
        CardCounts::EMPTY,
    );
    play(&mut g, claim(r, cards(&[(Pink, 2)])));
    assert_eq!(g.phase(), Phase::Tunnel { route: r, laid: cards(&[(Pink, 2)]), due: 2 });
    let good = cards(&[(Pink, 1), (Loco, 1)]);
    assert_eq!(legal_sorted(&g), sorted(vec![Action::TunnelBack, Action::TunnelPay(good)]));
    for wrong in [
        cards(&[(Red, 2)]),
        cards(&[(Pink, 1), (Red, 1)]),
        cards(&[(Loco, 1), (Red, 1)]),
        cards(&[(Pink, 1)]),
        cards(&[(Pink, 1), (Loco, 1), (Red, 1)]),
    ] {
        refused(&mut g, Action::TunnelPay(wrong));
    }
    play(&mut g, Action::TunnelPay(good));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!(g.hand(Seat(0)), cards(&[(Red, 2)]));
}

#[test]
fn declined_tunnel_returns_the_cards_spends_the_turn_and_stays_open() {
    let r = track(nordic(), "Bergen", "Oslo", Some(Red));
    let twin = track(nordic(), "Bergen", "Oslo", Some(Blue));
    assert!(nordic().route(r).tunnel && nordic().route(r).twin == Some(twin));
    let revealed = cards(&[(Red, 2), (Yellow, 1)]);
    let hand = cards(&[(Red, 6)]);
    let mut g = tunnel_table(hand, revealed, CardCounts::EMPTY);
    play(&mut g, claim(r, cards(&[(Red, 4)])));
    assert_eq!(g.phase(), Phase::Tunnel { route: r, laid: cards(&[(Red, 4)]), due: 2 });
    // The bot could pay, and declines.
    assert_eq!(legal_sorted(&g), sorted(vec![Action::TunnelBack, Action::TunnelPay(cards(&[(Red, 2)]))]));
    let events = play_events(&mut g, Action::TunnelBack);
    assert!(events.contains(&Event::TunnelBack { seat: 0 }));
    assert_eq!(g.hand(Seat(0)), hand, "the laid cards are back in the hand");
    assert!(!g.owned(Seat(0)).contains(r) && !g.claimed().contains(r));
    assert_eq!((g.trains(Seat(0)), g.route_points(Seat(0))), (40, 0));
    assert_eq!((g.phase(), g.to_move(), g.turns()), (Phase::Turn, Seat(1), 1), "the turn is spent");
    assert_eq!(g.discard(), revealed, "the revealed cards are discarded");
    assert_eq!(g.revealed(), [None; 3]);
    for seat in [Seat(0), Seat(1)] {
        assert!(g.open_to(seat).contains(r) && g.open_to(seat).contains(twin), "{seat:?}: a track was closed");
    }

    // A hand that cannot pay may only take the cards back.
    let mut g = tunnel_table(cards(&[(Red, 4)]), revealed, CardCounts::EMPTY);
    play(&mut g, claim(r, cards(&[(Red, 4)])));
    assert_eq!(legal(&g), vec![Action::TunnelBack]);
    refused(&mut g, Action::TunnelPay(cards(&[(Red, 2)])));
    refused(&mut g, Action::TunnelPay(CardCounts::EMPTY));
    play(&mut g, Action::TunnelBack);
    assert_eq!(g.hand(Seat(0)), cards(&[(Red, 4)]));
    assert_eq!((g.to_move(), g.claimed().contains(r)), (Seat(1), false));
}

#[test]
fn tunnel_may_be_declined_when_nothing_extra_is_due() {
    let r = pink_tunnel();
    let revealed = cards(&[(Red, 3)]);
    let mut g = tunnel_table(cards(&[(Pink, 2)]), revealed, CardCounts::EMPTY);
    play(&mut g, claim(r, cards(&[(Pink, 2)])));
    assert_eq!(g.phase(), Phase::Tunnel { route: r, laid: cards(&[(Pink, 2)]), due: 0 });
    assert_eq!(legal_sorted(&g), sorted(vec![Action::TunnelBack, Action::TunnelPay(CardCounts::EMPTY)]));
    let mut paid = g.clone();
    play(&mut paid, Action::TunnelPay(CardCounts::EMPTY));
    assert!(paid.owned(Seat(0)).contains(r));
    assert_eq!(paid.discard(), sum(cards(&[(Pink, 2)]), revealed));

    assert_eq!(g.check(Action::TunnelBack), Ok(()));
    play(&mut g, Action::TunnelBack);
    assert_eq!(g.hand(Seat(0)), cards(&[(Pink, 2)]));
    assert!(!g.claimed().contains(r));
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
    assert_eq!(g.discard(), revealed);
}

#[test]
fn all_locomotive_tunnel_counts_only_revealed_locomotives() {
    let r = pink_tunnel();
    let g = tunnel_table(cards(&[(Pink, 3), (Loco, 3)]), cards(&[(Pink, 2), (Loco, 1)]), CardCounts::EMPTY);
    let all_locos = cards(&[(Loco, 2)]);
    assert!(payments(&g, r).contains(&all_locos), "locomotives may pay a tunnel");

    let mut locos = g.clone();
    play(&mut locos, claim(r, all_locos));
    assert_eq!(locos.phase(), Phase::Tunnel { route: r, laid: all_locos, due: 1 });
    assert_eq!(legal_sorted(&locos), sorted(vec![Action::TunnelBack, Action::TunnelPay(cards(&[(Loco, 1)]))]));
    let reason = refused(&mut locos, Action::TunnelPay(cards(&[(Pink, 1)])));
    assert!(reason.contains("surcharge"), "{reason}");
    play(&mut locos, Action::TunnelPay(cards(&[(Loco, 1)])));
    assert!(locos.owned(Seat(0)).contains(r));
    assert_eq!(locos.hand(Seat(0)), cards(&[(Pink, 3)]));
    assert_eq!(locos.discard(), cards(&[(Loco, 4), (Pink, 2)]));

    // The same reveal against pink cards: all three count.
    let mut pink = g;
    play(&mut pink, claim(r, cards(&[(Pink, 2)])));
    assert!(matches!(pink.phase(), Phase::Tunnel { due: 3, .. }), "{:?}", pink.phase());
}

#[test]
fn tunnel_reveals_fewer_than_three_when_deck_and_discard_run_short() {
    let r = pink_tunnel();
    let two = cards(&[(Pink, 1), (Red, 1)]);
    let mut g = tunnel_table(cards(&[(Pink, 3)]), two, CardCounts::EMPTY);
    let events = play_events(&mut g, claim(r, cards(&[(Pink, 2)])));
    assert_eq!(revealed_cards(&g), two);
    assert_eq!(g.revealed().iter().filter(|c| c.is_none()).count(), 1);
    assert!(events.iter().any(|e| matches!(e, Event::Tunnel { revealed, .. } if revealed.contains(&None))));
    assert!(!events.iter().any(|e| matches!(e, Event::Reshuffle { .. })));
    assert_eq!(g.phase(), Phase::Tunnel { route: r, laid: cards(&[(Pink, 2)]), due: 1 });
    play(&mut g, Action::TunnelPay(cards(&[(Pink, 1)])));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!(g.discard(), sum(cards(&[(Pink, 3)]), two));

    // Nothing left at all: nothing revealed, nothing due.
    let mut g = tunnel_table(cards(&[(Pink, 2)]), CardCounts::EMPTY, CardCounts::EMPTY);
    play(&mut g, claim(r, cards(&[(Pink, 2)])));
    assert_eq!(g.revealed(), [None; 3]);
    assert_eq!(g.phase(), Phase::Tunnel { route: r, laid: cards(&[(Pink, 2)]), due: 0 });
    play(&mut g, Action::TunnelPay(CardCounts::EMPTY));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!(g.discard(), cards(&[(Pink, 2)]));
}

#[test]
fn tunnel_reveal_reshuffles_the_discard_when_the_deck_runs_out() {
    let r = pink_tunnel();
    let (deck, discard) = (cards(&[(Red, 1)]), cards(&[(Pink, 2)]));
    let mut g = tunnel_table(cards(&[(Pink, 4)]), deck, discard);
    let events = play_events(&mut g, claim(r, cards(&[(Pink, 2)])));
    assert!(events.contains(&Event::Reshuffle { cards: 2 }), "only the discard pile, not the laid cards: {events:?}");
    assert_eq!(revealed_cards(&g), sum(deck, discard));
    assert!(g.deck().is_empty() && g.discard().is_empty());
    assert_eq!(g.phase(), Phase::Tunnel { route: r, laid: cards(&[(Pink, 2)]), due: 2 });
    play(&mut g, Action::TunnelPay(cards(&[(Pink, 2)])));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!(g.discard(), cards(&[(Pink, 6), (Red, 1)]));

    // One card in the discard pile and none in the deck: reshuffled, one card revealed.
    let mut g = tunnel_table(cards(&[(Pink, 2)]), CardCounts::EMPTY, cards(&[(Blue, 1)]));
    let events = play_events(&mut g, claim(r, cards(&[(Pink, 2)])));
    assert!(events.contains(&Event::Reshuffle { cards: 1 }), "{events:?}");
    assert_eq!(revealed_cards(&g), cards(&[(Blue, 1)]));
    assert!(matches!(g.phase(), Phase::Tunnel { due: 0, .. }));

    // Enough cards in the deck: the discard pile is left alone.
    let mut g = tunnel_table(cards(&[(Pink, 2)]), cards(&[(Red, 3)]), discard);
    let events = play_events(&mut g, claim(r, cards(&[(Pink, 2)])));
    assert!(!events.iter().any(|e| matches!(e, Event::Reshuffle { .. })), "{events:?}");
    assert_eq!((revealed_cards(&g), g.discard()), (cards(&[(Red, 3)]), discard));
}

// ---------------------------------------------------------------------------------------
// Murmansk-Lieksa and the scoring table
// ---------------------------------------------------------------------------------------

#[test]
fn murmansk_lieksa_any_four_cards_replace_one_colour_card() {
    let r = route(nordic(), "Lieksa", "Murmansk");
    let route = nordic().route(r);
    assert_eq!((route.length, route.color, route.any_cards, route.tunnel, route.ferry_locos), (9, None, 4, false, 0));
    let mut g = seat0_holding(cards(&[(Green, 9), (Red, 3), (Blue, 2), (Yellow, 2), (Loco, 1)]));
    let seven_and_eight = cards(&[(Green, 7), (Red, 3), (Blue, 2), (Yellow, 2), (Loco, 1)]);
    for pay in
        [seven_and_eight, cards(&[(Green, 7), (Red, 3), (Blue, 2), (Yellow, 2), (Green, 1)]), cards(&[(Green, 9)])]
    {
        claims_outright(&g, r, pay, 27);
    }
    claims_outright(&g, r, cards(&[(Green, 8), (Red, 3), (Loco, 1)]), 27);
    for pay in [
        cards(&[(Green, 7), (Red, 3), (Blue, 2), (Yellow, 2)]),
        cards(&[(Green, 8), (Red, 3), (Blue, 2), (Yellow, 2), (Loco, 1)]),
        cards(&[(Green, 8), (Loco, 1)]),
        cards(&[(Green, 8), (Red, 1)]),
        cards(&[(Green, 8), (Red, 3)]),
    ] {
        let reason = refused(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }
    let offered = payments(&g, r);
    assert!(offered.contains(&cards(&[(Green, 9)])));
    assert!(offered.iter().any(|p| p[Green] < 9), "no substitute payment offered: {offered:?}");
    for pay in offered {
        claims_outright(&g, r, pay, 27);
    }

    // 7 green + 8 other cards is offered for a hand of exactly those cards.
    let g = seat0_holding(seven_and_eight);
    assert!(!payments(&g, r).is_empty());
    for pay in payments(&g, r) {
        claims_outright(&g, r, pay, 27);
    }
}

#[test]
fn route_scores_follow_the_nordic_table_with_nine_for_27() {
    let map = nordic();
    for (a, b, length, points) in [
        ("Alborg", "Arhus", 1, 1),
        ("Goteborg", "Orebro", 2, 2),
        ("Goteborg", "Norrkoping", 3, 4),
        ("Orebro", "Sundsvall", 4, 7),
        ("Kirkenes", "Rovaniemi", 5, 10),
        ("Mo I Rana", "Trondheim", 6, 15),
        ("Lieksa", "Murmansk", 9, 27),
    ] {
        let r = tracks(nordic(), a, b).into_iter().find(|&r| map.route(r).length == length).expect("route");
        assert!(!map.route(r).tunnel);
        let pay = direct_pay(r);
        let g = seat0_holding(pay);
        claims_outright(&g, r, pay, points);
        let mut s = board(2);
        own(nordic(), &mut s, 0, &[r]);
        assert_eq!(begin(&s).result().seats()[0].route_points, points, "{a}-{b}");
        assert_eq!(begin(&s).result().seats()[0].bonus_points, 0, "{a}-{b}");
    }
}

// ---------------------------------------------------------------------------------------
// Double routes
// ---------------------------------------------------------------------------------------

/// Both orders of the tracks of three doubles, two of them with tracks of different length.
fn double_pairs() -> Vec<(RouteId, RouteId)> {
    let map = nordic();
    let mut pairs = Vec::new();
    for (a, b, same_length) in
        [("Boden", "Kiruna", true), ("Kristiansand", "Stavanger", false), ("Mo I Rana", "Trondheim", false)]
    {
        let t = tracks(nordic(), a, b);
        assert_eq!(t.len(), 2, "{a}-{b}");
        assert_eq!(map.route(t[0]).twin, Some(t[1]));
        assert_eq!(map.route(t[0]).length == map.route(t[1]).length, same_length, "{a}-{b}");
        pairs.push((t[0], t[1]));
        pairs.push((t[1], t[0]));
    }
    pairs
}

/// `players` seats; seat 0 holds the cards for both tracks, seat 1 for `second`; the deck
/// holds only yellow and pink cards, so a tunnel reveal costs nothing.
fn doubles_table(players: usize, first: RouteId, second: RouteId) -> GameState<'static> {
    let mut s = board(players);
    s.give(0, sum(direct_pay(first), direct_pay(second)));
    s.give(1, direct_pay(second));
    stack(&mut s, cards(&[(Yellow, 12), (Pink, 12)]), CardCounts::EMPTY, players - 1);
    begin(&s)
}

#[test]
fn double_route_with_two_players_only_one_track_is_usable() {
    for (first, second) in double_pairs() {
        let mut g = doubles_table(2, first, second);
        claim_whole(&mut g, first, direct_pay(first));
        assert!(g.owned(Seat(0)).contains(first));
        assert_eq!(g.to_move(), Seat(1));
        assert!(!g.open_to(Seat(1)).contains(second));
        let reason = refused(&mut g, claim(second, direct_pay(second)));
        assert!(reason.contains("closed"), "{reason}");
    }
    // Both tracks owned is no 2-player position at all.
    let (a, b) = double_pairs()[2];
    let mut s = board(2);
    own(nordic(), &mut s, 0, &[a]);
    own(nordic(), &mut s, 1, &[b]);
    assert!(GameState::from_setup(nordic(), &s).is_err());
}

#[test]
fn double_route_with_three_players_both_tracks_by_different_players() {
    let map = nordic();
    for (first, second) in double_pairs() {
        let (l1, l2) = (map.route(first).length, map.route(second).length);
        let mut g = doubles_table(3, first, second);
        claim_whole(&mut g, first, direct_pay(first));
        assert!(g.open_to(Seat(1)).contains(second) && g.open_to(Seat(2)).contains(second));
        assert!(!g.open_to(Seat(0)).contains(second), "the owner of one track may not take the other");
        draw_two(&mut g);
        draw_two(&mut g);
        assert_eq!(g.to_move(), Seat(0));
        let reason = refused(&mut g, claim(second, direct_pay(second)));
        assert!(reason.contains("closed"), "{reason}");
        draw_two(&mut g);
        assert!(payments(&g, second).contains(&direct_pay(second)), "seat 1 is offered the other track");
        claim_whole(&mut g, second, direct_pay(second));
        assert!(g.owned(Seat(0)).contains(first) && g.owned(Seat(1)).contains(second));
        assert_eq!((g.trains(Seat(0)), g.trains(Seat(1))), (40 - l1, 40 - l2));
        let points = |l: u8| i32::from(map.route_points(l));
        assert_eq!((g.route_points(Seat(0)), g.route_points(Seat(1))), (points(l1), points(l2)));
    }
    // And as a position: both tracks owned by different seats is valid with 3 players.
    let (a, b) = double_pairs()[4];
    let mut s = board(3);
    own(nordic(), &mut s, 0, &[a]);
    own(nordic(), &mut s, 1, &[b]);
    assert!(GameState::from_setup(map, &s).is_ok());
    let mut s = board(3);
    own(nordic(), &mut s, 0, &[a, b]);
    assert!(GameState::from_setup(map, &s).is_err(), "one seat owns both tracks");
}

// ---------------------------------------------------------------------------------------
// End bonus and the winner
// ---------------------------------------------------------------------------------------

/// The result of a position where seat `i` owns `routes[i]` and holds `tickets[i]`.
fn result_of(players: usize, routes: &[&[RouteId]], tickets: &[&[TicketId]]) -> GameResult {
    let mut s = board(players);
    for (seat, list) in routes.iter().enumerate() {
        own(nordic(), &mut s, seat, list);
    }
    for (seat, list) in tickets.iter().enumerate() {
        for &t in list.iter() {
            s.ticket_deck.retain(|&x| x != t);
            s.tickets[seat].insert(t);
        }
    }
    begin(&s).result()
}

fn first(a: &str, b: &str) -> RouteId {
    tracks(nordic(), a, b)[0]
}

/// Seat 0's network Stavanger-Kristiansand-Oslo-Orebro (6 trains, 6 points).
fn west() -> Vec<RouteId> {
    vec![route(nordic(), "Kristiansand", "Oslo"), first("Kristiansand", "Stavanger"), first("Orebro", "Oslo")]
}

/// Tampere-Helsinki-Tallinn (3 trains, 3 points).
fn east() -> Vec<RouteId> {
    vec![route(nordic(), "Helsinki", "Tampere"), route(nordic(), "Helsinki", "Tallinn")]
}

fn bonuses(r: &GameResult) -> Vec<i32> {
    r.seats().iter().map(|s| s.bonus_points).collect()
}

fn scores(r: &GameResult) -> Vec<i32> {
    r.seats().iter().map(|s| s.score).collect()
}

#[test]
fn globetrotter_ten_points_for_most_completed_tickets() {
    let mut routes0 = west();
    routes0.push(first("Orebro", "Stockholm"));
    let r = result_of(
        3,
        &[&routes0, &east(), &[first("Mo I Rana", "Trondheim")]],
        &[
            &[ticket(nordic(), "Oslo", "Stavanger"), ticket(nordic(), "Oslo", "Stockholm")],
            &[ticket(nordic(), "Tampere", "Tallinn"), ticket(nordic(), "Helsinki", "Kirkenes")],
            &[],
        ],
    );
    let completed: Vec<u8> = r.seats().iter().map(|s| s.tickets_completed).collect();
    assert_eq!(completed, vec![2, 1, 0]);
    assert_eq!(bonuses(&r), vec![10, 0, 0]);
    assert_eq!(scores(&r), vec![8 + 8 + 10, 3 + 3 - 13, 10]);
    assert_eq!(r.winners, seats(&[0]));
}

#[test]
fn globetrotter_is_shared_on_a_tie() {
    let r = result_of(
        2,
        &[&west(), &east()],
        &[
            &[ticket(nordic(), "Oslo", "Stavanger"), ticket(nordic(), "Oslo", "Stockholm")],
            &[ticket(nordic(), "Tampere", "Tallinn")],
        ],
    );
    let completed: Vec<u8> = r.seats().iter().map(|s| s.tickets_completed).collect();
    assert_eq!(completed, vec![1, 1], "a failed ticket does not count");
    assert_eq!(bonuses(&r), vec![10, 10]);
    assert_eq!(scores(&r), vec![6 + 4 - 4 + 10, 3 + 3 + 10]);
}

#[test]
fn globetrotter_needs_at_least_one_completed_ticket() {
    let r = result_of(
        2,
        &[&west(), &[]],
        &[&[ticket(nordic(), "Oslo", "Stockholm")], &[ticket(nordic(), "Tampere", "Tallinn")]],
    );
    assert_eq!(r.seats().iter().map(|s| s.tickets_completed).max(), Some(0));
    assert_eq!(bonuses(&r), vec![0, 0]);
    assert_eq!(scores(&r), vec![6 - 4, -3]);
}

#[test]
fn there_is_no_longest_path_bonus() {
    let r = result_of(2, &[&west(), &east()], &[]);
    let paths: Vec<u16> = r.seats().iter().map(|s| s.longest_path).collect();
    assert_eq!(paths, vec![6, 3]);
    assert_eq!(bonuses(&r), vec![0, 0]);
    assert_eq!(scores(&r), vec![6, 3]);
    assert_eq!(r.winners, seats(&[0]));
}

#[test]
fn tie_break_most_completed_tickets_first() {
    // 16 points each: seat 0 from a ticket and the Globetrotter, seat 1 from routes only
    // and with the longer path (6 against 3).
    let r = result_of(
        2,
        &[&east(), &[track(nordic(), "Mo I Rana", "Trondheim", Some(Red)), route(nordic(), "Alborg", "Arhus")]],
        &[&[ticket(nordic(), "Tampere", "Tallinn")], &[]],
    );
    assert_eq!(scores(&r), vec![16, 16]);
    assert_eq!((r.seats()[0].tickets_completed, r.seats()[1].tickets_completed), (1, 0));
    assert_eq!((r.seats()[0].longest_path, r.seats()[1].longest_path), (3, 6));
    assert_eq!(r.winners, seats(&[0]));
}

#[test]
fn tie_break_then_the_longer_path_among_the_tied_players() {
    // Seats 0 and 1: 9 points, no tickets; paths 6 and 4. Seat 2 has fewer points but the
    // longest path of all (7): that does not stop seat 0 from winning.
    let r = result_of(
        3,
        &[
            &[route(nordic(), "Orebro", "Sundsvall"), route(nordic(), "Ostersund", "Sundsvall")],
            &[route(nordic(), "Kuopio", "Vaasa"), route(nordic(), "Imatra", "Lahti")],
            &[
                route(nordic(), "Helsinki", "Lahti"),
                route(nordic(), "Lahti", "Tampere"),
                route(nordic(), "Tampere", "Turku"),
                route(nordic(), "Helsinki", "Turku"),
                route(nordic(), "Helsinki", "Tampere"),
                route(nordic(), "Tampere", "Vaasa"),
            ],
        ],
        &[],
    );
    assert_eq!(scores(&r), vec![9, 9, 7]);
    let paths: Vec<u16> = r.seats().iter().map(|s| s.longest_path).collect();
    assert_eq!(paths, vec![6, 4, 7]);
    assert_eq!(r.winners, seats(&[0]));

    // With 2 players, the same.
    let r = result_of(
        2,
        &[
            &[route(nordic(), "Kuopio", "Vaasa"), route(nordic(), "Imatra", "Lahti")],
            &[route(nordic(), "Orebro", "Sundsvall"), route(nordic(), "Ostersund", "Sundsvall")],
        ],
        &[],
    );
    assert_eq!(scores(&r), vec![9, 9]);
    assert_eq!(r.winners, seats(&[1]));
}

#[test]
fn tie_break_finally_shared() {
    let r = result_of(
        3,
        &[
            &[route(nordic(), "Orebro", "Sundsvall")],
            &[route(nordic(), "Kuopio", "Vaasa")],
            &[route(nordic(), "Alborg", "Arhus")],
        ],
        &[],
    );
    assert_eq!(scores(&r), vec![7, 7, 1]);
    assert_eq!((r.seats()[0].longest_path, r.seats()[1].longest_path), (4, 4));
    assert_eq!(r.winners, seats(&[0, 1]));
}

// ---------------------------------------------------------------------------------------
// Property: seeded random games
// ---------------------------------------------------------------------------------------

/// What the random games exercised, so that the property is known not to be vacuous.
#[derive(Default)]
struct Seen {
    tunnel_pays: u32,
    tunnel_backs: u32,
    ferry_claims: u32,
    endings: [u32; 3],
}

/// Plays one game with a uniform random choice over the legal actions, checking the
/// invariants after every action and a few Nordic rules along the way.
fn random_game(players: usize, seed: u64, seen: &mut Seen) {
    let map = nordic();
    let mut g = GameState::new(map, players, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    g.check_invariants().unwrap_or_else(|e| panic!("seed {seed} at setup: {e}"));
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x005e_ed0f_0d1c);
    let mut ticket_deck = g.ticket_deck().len();
    let mut events: Vec<Event> = Vec::new();
    let mut steps = 0u32;
    while !g.is_over() {
        let options = g.legal_actions();
        assert!(!options.is_empty(), "seed {seed}: no legal action in {:?}", g.phase());
        let action = options.get(rng.random_range(0..options.len()));
        events.clear();
        g.try_apply_recorded(action, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: generated action refused: {e}"));
        g.check_invariants().unwrap_or_else(|e| panic!("seed {seed}, step {steps}, after {action:?}: {e}"));
        assert!(!has_reset(&events), "seed {seed}: the market was reset: {events:?}");
        match action {
            Action::Claim { route, pay } => {
                let r = map.route(route);
                if r.ferry_locos > 0 {
                    seen.ferry_claims += 1;
                } else if !r.tunnel && r.any_cards == 0 {
                    assert_eq!(pay[Loco], 0, "seed {seed}: locomotive on ordinary route {route:?}");
                }
            }
            Action::TunnelPay(_) => seen.tunnel_pays += 1,
            Action::TunnelBack => seen.tunnel_backs += 1,
            _ => {}
        }
        let now = g.ticket_deck().len();
        assert!(now <= ticket_deck, "seed {seed}: a ticket went back into the deck");
        ticket_deck = now;
        steps += 1;
        assert!(steps < 100_000, "seed {seed}: the game does not end");
    }
    let r = g.result();
    assert!(r.turns <= map.rules.turn_cap);
    assert!(!r.winners.is_empty(), "seed {seed}: no winner");
    let most = r.seats().iter().map(|s| s.tickets_completed).max().unwrap_or(0);
    for s in r.seats() {
        let expected = if most >= 1 && s.tickets_completed == most { 10 } else { 0 };
        assert_eq!(s.bonus_points, expected, "seed {seed}: bonus");
    }
    let end = match r.end {
        EndReason::Trains => 0,
        EndReason::Passes => 1,
        EndReason::TurnCap => 2,
    };
    seen.endings[end] += 1;
}

#[test]
fn three_hundred_random_games_keep_every_invariant_and_end() {
    let mut seen = Seen::default();
    for seed in 0..300u64 {
        random_game(2 + (seed % 2) as usize, seed, &mut seen);
    }
    assert_eq!(seen.endings.iter().sum::<u32>(), 300);
    assert!(seen.endings[0] > 0, "no game ended by trains: {:?}", seen.endings);
    assert!(seen.tunnel_pays > 0 && seen.tunnel_backs > 0, "tunnels not exercised");
    assert!(seen.ferry_claims > 0, "ferries not exercised");
}
