//! Rule tests for docs/rules.md section 3 (Legendary Asia) and the parts of sections 1 and 5 it
//! changes, through the public API of `ttr` only.
//!
//! Positions are built exactly with [`Setup`], validated by [`GameState::from_setup`] and
//! played with [`GameState::apply`]; every test fails if the engine got its rule wrong. The
//! last section plays seeded random games on the map and checks the engine's invariants and
//! the train count (board + mountain pass + supply) after every action.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::TicketKind;
use ttr::{
    Action, Card, CardCounts, EndReason, Event, GameState, Map, Phase, RouteId, Seat, Setup, TicketId, TicketSet,
};

mod common;
use common::{
    act, cards, claim, draw_turn, legal, own, refuse, route, routes_worth, seats, shared, start, ticket, track, tracks,
};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn asia() -> &'static Map {
    shared("legendary_asia")
}

/// Points for a route of this length (docs/rules.md 1), written out here rather than read from the map.
fn length_points(length: u8) -> i32 {
    [0, 1, 2, 4, 7, 10, 15][usize::from(length)]
}

fn kind(t: TicketId) -> TicketKind {
    asia().ticket(t).kind
}

fn loco_count(market: &[Option<Card>; 5]) -> usize {
    market.iter().filter(|c| **c == Some(Card::Loco)).count()
}

/// An Asia position for `players`, seat 0 to move, five colour cards face up.
fn table(players: usize) -> Setup {
    let mut s = Setup::empty(asia(), players);
    s.lay([Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::White), Some(Card::Pink)]);
    s.seed = 7;
    s
}

/// The payments generated for claiming `r`, sorted.
fn payments_for(g: &GameState<'_>, r: RouteId) -> Vec<CardCounts> {
    let mut pays: Vec<CardCounts> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Claim { route, pay } if route == r => Some(pay),
            _ => None,
        })
        .collect();
    pays.sort_by_key(|p| p.0);
    pays
}

fn sorted(mut pays: Vec<CardCounts>) -> Vec<CardCounts> {
    pays.sort_by_key(|p| p.0);
    pays
}

/// The keep mask selecting the offered tickets for which `pick` holds.
fn mask_where(offer: &[TicketId], pick: impl Fn(usize, TicketId) -> bool) -> u8 {
    offer.iter().enumerate().filter(|&(i, &t)| pick(i, t)).fold(0, |m, (i, _)| m | 1 << i)
}

fn deck_list(g: &GameState<'_>) -> Vec<TicketId> {
    g.ticket_deck().iter().collect()
}

/// A position where each seat owns the given routes and holds the given tickets.
fn position(players: usize, routes: &[&[RouteId]], tickets: &[&[TicketId]]) -> GameState<'static> {
    let mut s = table(players);
    for (seat, list) in routes.iter().enumerate() {
        own(asia(), &mut s, seat, list);
    }
    for (seat, list) in tickets.iter().enumerate() {
        for &t in list.iter() {
            s.ticket_deck.retain(|&x| x != t);
            s.tickets[seat].insert(t);
        }
    }
    start(asia(), &s)
}

// ---------------------------------------------------------------------------------------
// Players, trains, base card rules
// ---------------------------------------------------------------------------------------

#[test]
fn two_to_five_players_with_45_trains_and_the_110_card_deck() {
    let map = asia();
    for n in [0, 1, 6] {
        assert!(GameState::new(map, n, 1).is_err(), "{n} players accepted");
    }
    assert!(GameState::from_setup(map, &Setup::empty(map, 1)).is_err(), "1 player accepted");
    for n in 2..=5 {
        let g = GameState::new(map, n, 1).expect("2-5 players");
        for seat in 0..n {
            assert_eq!(g.trains(Seat(seat as u8)), 45, "{n} players, seat {seat}");
            assert_eq!(g.hand(Seat(seat as u8)).total(), 4);
        }
    }
    let deck = Setup::empty(map, 2).deck;
    for c in Card::COLORS {
        assert_eq!(deck[c], 12, "{c}");
    }
    assert_eq!((deck[Card::Loco], deck.total()), (14, 110));
}

#[test]
fn face_up_locomotive_is_the_whole_draw_and_never_the_second_card() {
    let mut s = table(2);
    s.lay([Some(Card::Loco), Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::White)]);
    let mut g = start(asia(), &s);
    act(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Loco, 1)]));
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)), "a face-up locomotive counts as two");

    let mut g = start(asia(), &s);
    act(&mut g, Action::TakeFaceUp(1));
    assert_eq!((g.phase(), g.to_move()), (Phase::SecondCard, Seat(0)));
    assert_eq!(g.market()[0], Some(Card::Loco));
    let reason = refuse(&mut g, Action::TakeFaceUp(0));
    assert!(reason.contains("second"), "{reason}");
    act(&mut g, Action::TakeFaceUp(2));
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Red, 1), (Card::Blue, 1)]));
    assert_eq!(g.to_move(), Seat(1));
}

#[test]
fn three_face_up_locomotives_reset_the_market() {
    // Two locomotives face up and only a locomotive in the deck: taking the red card refills
    // its slot with a third one, and the row is reset from the reshuffled discard pile.
    let mut s = table(2);
    s.lay([Some(Card::Loco), Some(Card::Loco), Some(Card::Red), Some(Card::Blue), Some(Card::Green)]);
    let rest = {
        let mut r = s.deck;
        r.remove(&cards(&[(Card::Loco, 1)]));
        r
    };
    s.discard.add(&rest);
    s.deck = cards(&[(Card::Loco, 1)]);
    let mut g = start(asia(), &s);
    let mut events: Vec<Event> = Vec::new();
    g.try_apply_recorded(Action::TakeFaceUp(2), &mut events).unwrap();
    g.check_invariants().unwrap();
    let refill = events.iter().position(|e| *e == Event::Refill { slot: 2, card: Some(Card::Loco) });
    let reset = events.iter().position(|e| matches!(e, Event::Market { reset: true, .. }));
    assert!(refill.is_some() && reset.is_some() && refill < reset, "{events:?}");
    assert!(g.market().iter().all(Option::is_some));
    assert!(loco_count(&g.market()) < 3, "{:?}", g.market());

    // At setup too: no dealt market shows 3 locomotives, and some seeds needed a reset.
    let mut resets = 0;
    for seed in 0..500 {
        let mut events: Vec<Event> = Vec::new();
        let g = GameState::new_recorded(asia(), 2, seed, &mut events).unwrap();
        assert!(loco_count(&g.market()) < 3, "seed {seed}: {:?}", g.market());
        resets += events.iter().filter(|e| matches!(e, Event::Market { reset: true, .. })).count();
    }
    assert!(resets > 0, "no setup market was reset");
}

// ---------------------------------------------------------------------------------------
// Tickets: 1 long + 3 normal at setup, keep 2; returned ones leave the game
// ---------------------------------------------------------------------------------------

#[test]
fn setup_offers_each_player_one_long_and_three_normal_tickets() {
    let map = asia();
    assert_eq!((map.long_tickets().count(), map.normal_tickets().count()), (6, 30));
    for players in 2..=5 {
        for seed in 0..40 {
            let g = GameState::new(map, players, seed).unwrap();
            assert_eq!((g.phase(), g.to_move()), (Phase::SetupKeep, Seat(0)));
            let mut dealt = TicketSet::EMPTY;
            for seat in 0..players {
                let offer = g.offer(Seat(seat as u8));
                let offered = offer.tickets();
                assert_eq!(offered.len(), 4, "{players} players, seed {seed}");
                let long = offered.iter().filter(|&&t| kind(t) == TicketKind::Long).count();
                assert_eq!(long, 1, "exactly one long ticket: {offered:?}");
                for &t in offered {
                    assert!(!dealt.contains(t), "ticket {t:?} dealt twice");
                    dealt.insert(t);
                }
            }
            let deck = g.ticket_deck().set();
            assert_eq!(g.ticket_deck().len(), 30 - 3 * players);
            assert!(deck.and(map.long_tickets()).is_empty(), "a long ticket is in the ticket deck");
            assert!(deck.and(dealt).is_empty());
            assert_eq!(deck.or(dealt.and(map.normal_tickets())), map.normal_tickets());
        }
    }
}

#[test]
fn setup_keeps_at_least_two_of_the_four_in_any_mix() {
    let mut g = GameState::new(asia(), 2, 3).unwrap();
    let mut masks: Vec<u8> = legal(&g)
        .into_iter()
        .map(|a| match a {
            Action::Keep(m) => m,
            other => panic!("{other:?} during setup"),
        })
        .collect();
    masks.sort_unstable();
    let expected: Vec<u8> = (1u8..16).filter(|m| m.count_ones() >= 2).collect();
    assert_eq!(masks, expected, "every choice of 2, 3 or 4 of the 4 tickets");
    for mask in [0, 0b0001, 0b0010, 0b0100, 0b1000, 0b1_0011] {
        let reason = refuse(&mut g, Action::Keep(mask));
        assert!(mask > 0b1111 || reason.contains("too few"), "{mask:#b}: {reason}");
    }
    // Seat 0 keeps two normal tickets and returns the long one.
    let offer = g.offer(Seat(0)).tickets().to_vec();
    let normals: Vec<TicketId> = offer.iter().copied().filter(|&t| kind(t) == TicketKind::Normal).collect();
    let keep = mask_where(&offer, |_, t| t == normals[0] || t == normals[1]);
    act(&mut g, Action::Keep(keep));
    assert_eq!(g.tickets(Seat(0)), [normals[0], normals[1]].into_iter().collect());
    assert!(g.tickets(Seat(0)).and(asia().long_tickets()).is_empty());
    // Seat 1 keeps its long ticket and one normal one.
    let offer = g.offer(Seat(1)).tickets().to_vec();
    let long = *offer.iter().find(|&&t| kind(t) == TicketKind::Long).unwrap();
    let normal = *offer.iter().find(|&&t| kind(t) == TicketKind::Normal).unwrap();
    act(&mut g, Action::Keep(mask_where(&offer, |_, t| t == long || t == normal)));
    assert_eq!(g.tickets(Seat(1)), [long, normal].into_iter().collect());
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(0)));
}

#[test]
fn returned_setup_tickets_and_undealt_long_tickets_leave_the_game() {
    let map = asia();
    for players in 2..=5 {
        let mut g = GameState::new(map, players, 40 + players as u64).unwrap();
        let deck_before = deck_list(&g);
        let mut dealt = TicketSet::EMPTY;
        let mut returned = TicketSet::EMPTY;
        for seat in 0..players {
            assert_eq!(g.to_move(), Seat(seat as u8));
            let offer = g.offer(Seat(seat as u8)).tickets().to_vec();
            // Mixes in turn: two normal ones (the long one returned), the long one and one
            // normal one, all four.
            let normals: Vec<usize> = (0..4).filter(|&i| kind(offer[i]) == TicketKind::Normal).collect();
            let mask = match seat % 3 {
                0 => mask_where(&offer, |i, _| i == normals[0] || i == normals[1]),
                1 => mask_where(&offer, |i, t| kind(t) == TicketKind::Long || i == normals[0]),
                _ => 0b1111,
            };
            assert!(mask.count_ones() >= 2);
            for (i, &t) in offer.iter().enumerate() {
                dealt.insert(t);
                if mask >> i & 1 == 0 {
                    returned.insert(t);
                }
            }
            act(&mut g, Action::Keep(mask));
        }
        assert_eq!(g.phase(), Phase::Turn);
        assert!(returned.and(map.long_tickets()).count() >= 1, "a long ticket was returned");
        assert!(returned.and(map.normal_tickets()).count() >= 2, "normal tickets were returned");
        // Nothing went back into the ticket deck: same tickets, same order.
        assert_eq!(deck_list(&g), deck_before, "{players} players");
        assert_eq!(g.ticket_deck().len(), 30 - 3 * players);
        assert_eq!(g.ticket_deck().set(), map.normal_tickets().minus(dealt));
        let undealt_long = map.long_tickets().minus(dealt);
        assert_eq!(undealt_long.count() as usize, 6 - players);
        let held = (0..players).fold(TicketSet::EMPTY, |acc, s| acc.or(g.tickets(Seat(s as u8))));
        assert_eq!(held, dealt.minus(returned));
        for gone in [returned, undealt_long] {
            assert!(g.ticket_deck().set().and(gone).is_empty());
            assert!(held.and(gone).is_empty());
        }
        // Drawing the whole ticket deck in play never brings one of them back.
        let mut seen = TicketSet::EMPTY;
        while !g.ticket_deck().is_empty() {
            act(&mut g, Action::DrawTickets);
            let offer = g.offer(g.to_move());
            seen = seen.or(offer.selected(offer.full_mask()));
            act(&mut g, Action::Keep(offer.full_mask()));
        }
        assert_eq!(seen, map.normal_tickets().minus(dealt));
        assert!(seen.and(returned.or(map.long_tickets())).is_empty());
    }
}

#[test]
fn draw_tickets_in_play_offers_three_normal_keep_one_returned_to_the_bottom() {
    let mut g = GameState::new(asia(), 3, 5).unwrap();
    while g.phase() == Phase::SetupKeep {
        act(&mut g, Action::Keep(0b1111));
    }
    let deck = deck_list(&g);
    act(&mut g, Action::DrawTickets);
    assert_eq!((g.phase(), g.to_move()), (Phase::KeepTickets, Seat(0)));
    let offer = g.offer(Seat(0)).tickets().to_vec();
    assert_eq!(offer, deck[..3].to_vec(), "the top three, no long ticket added");
    assert!(offer.iter().all(|&t| kind(t) == TicketKind::Normal));
    assert_eq!(g.legal_actions().len(), 7, "any non-empty subset of 3");
    let reason = refuse(&mut g, Action::Keep(0));
    assert!(reason.contains("too few"), "{reason}");
    refuse(&mut g, Action::Keep(0b1000));
    act(&mut g, Action::Keep(0b010));
    assert_eq!(g.tickets(Seat(0)).count(), 5);
    assert!(g.tickets(Seat(0)).contains(offer[1]));
    let mut expected = deck[3..].to_vec();
    expected.extend([offer[0], offer[2]]);
    assert_eq!(deck_list(&g), expected, "returned to the bottom, in offer order");
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
    // The next draw takes the next three from the top.
    act(&mut g, Action::DrawTickets);
    assert_eq!(g.offer(Seat(1)).tickets(), &deck[3..6]);
}

// ---------------------------------------------------------------------------------------
// Ferries
// ---------------------------------------------------------------------------------------

#[test]
fn ferry_needs_a_locomotive_per_symbol_and_the_route_colour_elsewhere() {
    let r = route(asia(), "Astrakhan", "Samarkand");
    let ferry = *asia().route(r);
    assert_eq!((ferry.length, ferry.color, ferry.ferry_locos), (5, Some(Card::Pink), 1));
    let mut s = table(2);
    s.give(0, cards(&[(Card::Pink, 5), (Card::Loco, 2), (Card::Red, 3)]));
    let mut g = start(asia(), &s);
    let one = cards(&[(Card::Pink, 4), (Card::Loco, 1)]);
    let two = cards(&[(Card::Pink, 3), (Card::Loco, 2)]);
    assert_eq!(payments_for(&g, r), sorted(vec![one, two]), "locomotives wild beyond the symbol");
    for pay in [
        cards(&[(Card::Pink, 5)]),
        cards(&[(Card::Pink, 3), (Card::Red, 1), (Card::Loco, 1)]),
        cards(&[(Card::Red, 3), (Card::Pink, 1), (Card::Loco, 1)]),
        cards(&[(Card::Pink, 4)]),
        cards(&[(Card::Pink, 5), (Card::Loco, 1)]),
    ] {
        let reason = refuse(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }
    act(&mut g, claim(r, two));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!(g.route_points(Seat(0)), 10);

    // All locomotives pay it too.
    let mut s = table(2);
    s.give(0, cards(&[(Card::Loco, 5)]));
    let mut g = start(asia(), &s);
    assert_eq!(payments_for(&g, r), vec![cards(&[(Card::Loco, 5)])]);
    act(&mut g, claim(r, cards(&[(Card::Loco, 5)])));

    // A gray ferry: any one colour on the other spaces, not a mix.
    let gray = route(asia(), "Astrakhan", "Tehran");
    assert_eq!((asia().route(gray).color, asia().route(gray).ferry_locos), (None, 1));
    let mut s = table(2);
    s.give(0, cards(&[(Card::Blue, 2), (Card::Red, 2), (Card::Loco, 1)]));
    let mut g = start(asia(), &s);
    let blue = cards(&[(Card::Blue, 2), (Card::Loco, 1)]);
    let red = cards(&[(Card::Red, 2), (Card::Loco, 1)]);
    assert_eq!(payments_for(&g, gray), sorted(vec![blue, red]));
    refuse(&mut g, claim(gray, cards(&[(Card::Blue, 1), (Card::Red, 1), (Card::Loco, 1)])));
    act(&mut g, claim(gray, red));
}

#[test]
fn ferry_has_no_three_for_one_substitution() {
    let r = route(asia(), "Astrakhan", "Samarkand"); // pink 5, 1 locomotive
    let gray = route(asia(), "Astrakhan", "Tehran"); // gray 3, 1 locomotive
    let mut s = table(2);
    s.give(0, cards(&[(Card::Pink, 4), (Card::Red, 3), (Card::Blue, 3)]));
    let mut g = start(asia(), &s);
    assert!(payments_for(&g, r).is_empty(), "a substitute payment was generated");
    assert!(payments_for(&g, gray).is_empty(), "a substitute payment was generated");
    for pay in [
        cards(&[(Card::Pink, 4), (Card::Red, 3)]),
        cards(&[(Card::Pink, 4), (Card::Red, 2), (Card::Blue, 1)]),
        cards(&[(Card::Pink, 4), (Card::Blue, 3)]),
    ] {
        let reason = refuse(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }
    for pay in [cards(&[(Card::Red, 2), (Card::Blue, 3)]), cards(&[(Card::Blue, 2), (Card::Red, 3)])] {
        refuse(&mut g, claim(gray, pay));
    }
}

// ---------------------------------------------------------------------------------------
// Double routes
// ---------------------------------------------------------------------------------------

/// Moscow-Astrakhan, orange and green, length 3: seat 0 claims the orange track; every seat
/// then holds 3 green cards.
fn orange_claimed(players: usize) -> (GameState<'static>, RouteId) {
    let orange = track(asia(), "Moscow", "Astrakhan", Some(Card::Orange));
    let green = track(asia(), "Moscow", "Astrakhan", Some(Card::Green));
    assert_eq!(asia().route(orange).twin, Some(green));
    let mut s = table(players);
    s.give(0, cards(&[(Card::Orange, 3)]));
    for seat in 0..players.min(3) {
        s.give(seat, cards(&[(Card::Green, 3)]));
    }
    let mut g = start(asia(), &s);
    act(&mut g, claim(orange, cards(&[(Card::Orange, 3)])));
    (g, green)
}

#[test]
fn double_route_with_two_or_three_players_only_one_track_is_usable() {
    let pay = cards(&[(Card::Green, 3)]);
    for players in [2, 3] {
        let (mut g, green) = orange_claimed(players);
        for _ in 1..players {
            assert!(payments_for(&g, green).is_empty(), "{players} players: the twin is offered");
            let reason = refuse(&mut g, claim(green, pay));
            assert!(reason.contains("closed"), "{reason}");
            draw_turn(&mut g);
        }
        assert_eq!(g.to_move(), Seat(0));
        refuse(&mut g, claim(green, pay));
        // A position with both tracks claimed is not one these rules can reach.
        let mut s = table(players);
        own(asia(), &mut s, 0, &[tracks(asia(), "Moscow", "Astrakhan")[0]]);
        own(asia(), &mut s, 1, &[tracks(asia(), "Moscow", "Astrakhan")[1]]);
        assert!(GameState::from_setup(asia(), &s).is_err(), "{players} players: both tracks accepted");
    }
}

#[test]
fn double_route_with_four_or_five_players_both_tracks_by_different_players() {
    let pay = cards(&[(Card::Green, 3)]);
    for players in [4, 5] {
        let (mut g, green) = orange_claimed(players);
        assert_eq!(payments_for(&g, green), vec![pay], "seat 1 may take the other track");
        act(&mut g, claim(green, pay));
        assert!(g.owned(Seat(1)).contains(green));
        // The owner of the first track may never take the second.
        let (mut g, green) = orange_claimed(players);
        for _ in 1..players {
            draw_turn(&mut g);
        }
        assert_eq!(g.to_move(), Seat(0));
        assert!(payments_for(&g, green).is_empty());
        let reason = refuse(&mut g, claim(green, pay));
        assert!(reason.contains("closed"), "{reason}");
        let mut s = table(players);
        let [a, b] = [tracks(asia(), "Moscow", "Astrakhan")[0], tracks(asia(), "Moscow", "Astrakhan")[1]];
        own(asia(), &mut s, 0, &[a]);
        own(asia(), &mut s, 1, &[b]);
        assert!(GameState::from_setup(asia(), &s).is_ok());
        let mut s = table(players);
        own(asia(), &mut s, 0, &[a, b]);
        assert!(GameState::from_setup(asia(), &s).is_err(), "one seat owns both tracks");
    }
}

#[test]
fn gray_twin_takes_any_colour_even_its_coloured_twins() {
    // Moscow-Perm: gray 3, and red 3 over the mountains (1 X).
    let gray = track(asia(), "Moscow", "Perm", None);
    let red = track(asia(), "Moscow", "Perm", Some(Card::Red));
    assert_eq!(asia().route(gray).twin, Some(red));
    assert_eq!((asia().route(gray).mountains, asia().route(red).mountains), (0, 1));
    let red3 = cards(&[(Card::Red, 3)]);
    let blue3 = cards(&[(Card::Blue, 3)]);
    let mut s = table(2);
    s.give(0, red3.with(Card::Blue, 3));
    let mut g = start(asia(), &s);
    assert_eq!(payments_for(&g, gray), sorted(vec![red3, blue3]));
    act(&mut g, claim(gray, red3));
    assert_eq!((g.trains(Seat(0)), g.route_points(Seat(0))), (42, 4), "the gray track crosses no mountain");

    // With 4 players, seat 1 pays the gray track in red after seat 0 took the red one.
    let mut s = table(4);
    s.give(0, red3);
    s.give(1, red3);
    let mut g = start(asia(), &s);
    act(&mut g, claim(red, red3));
    assert_eq!((g.trains(Seat(0)), g.route_points(Seat(0))), (41, 6));
    assert_eq!(payments_for(&g, gray), vec![red3]);
    act(&mut g, claim(gray, red3));
    assert!(g.owned(Seat(1)).contains(gray));
}

// ---------------------------------------------------------------------------------------
// Mountain routes
// ---------------------------------------------------------------------------------------

/// Mountain routes: (a, b, track colour if a double, length, X symbols).
const MOUNTAINS: [(&str, &str, Option<Card>, u8, u8); 5] = [
    ("Mandalay", "Rangoon", None, 1, 1),
    ("Irkutsk", "Ulan Bator", None, 2, 2),
    ("Tehran", "Shiraz", Some(Card::White), 2, 2),
    ("Tehran", "Samarkand", None, 3, 1),
    ("Omsk", "Samarkand", None, 4, 1),
];

fn mountain(a: &str, b: &str, color: Option<Card>) -> RouteId {
    match color {
        Some(_) => track(asia(), a, b, color),
        None => route(asia(), a, b),
    }
}

/// The cards paying a route in its colour (gray: red).
fn colour_pay(r: RouteId) -> CardCounts {
    let route = asia().route(r);
    cards(&[(route.color.unwrap_or(Card::Red), route.length)])
}

#[test]
fn mountain_claim_needs_trains_for_length_plus_symbols() {
    for (a, b, color, length, x) in MOUNTAINS {
        let r = mountain(a, b, color);
        assert_eq!((asia().route(r).length, asia().route(r).mountains), (length, x), "{a}-{b}");
        let pay = colour_pay(r);
        for trains in [length + x - 1, length + x] {
            let mut s = table(2);
            own(asia(), &mut s, 0, &routes_worth(asia(), u32::from(45 - trains), &[r]));
            s.give(0, pay);
            let mut g = start(asia(), &s);
            assert_eq!(g.trains(Seat(0)), trains);
            if trains < length + x {
                assert!(payments_for(&g, r).is_empty(), "{a}-{b} offered with {trains} trains");
                assert!(g.check(claim(r, pay)).is_err(), "{a}-{b}: check accepts {trains} trains");
                let reason = refuse(&mut g, claim(r, pay));
                assert!(reason.contains("trains"), "{reason}");
            } else {
                assert_eq!(payments_for(&g, r), vec![pay], "{a}-{b} with {trains} trains");
                assert_eq!(g.check(claim(r, pay)), Ok(()));
                act(&mut g, claim(r, pay));
                assert_eq!(g.trains(Seat(0)), 0, "{a}-{b}");
            }
        }
    }
}

#[test]
fn mountain_symbols_take_extra_trains_and_score_two_points_each_at_once() {
    for (a, b, color, length, x) in MOUNTAINS {
        let r = mountain(a, b, color);
        let pay = colour_pay(r);
        let mut s = table(2);
        s.give(0, pay);
        let mut g = start(asia(), &s);
        act(&mut g, claim(r, pay));
        assert_eq!(g.trains(Seat(0)), 45 - length - x, "{a}-{b}: X trains leave the supply");
        let points = length_points(length) + 2 * i32::from(x);
        assert_eq!(g.route_points(Seat(0)), points, "{a}-{b}");
        let result = g.result().seats()[0];
        assert_eq!((result.route_points, result.mountain_routes, result.trains_left), (points, 1, 45 - length - x));
        // The mountain pass holds the X trains: a position that keeps them in the supply
        // does not add up.
        let mut s = table(2);
        s.owned[0].insert(r);
        s.trains[0] -= length;
        assert!(GameState::from_setup(asia(), &s).is_err(), "{a}-{b}: X trains not taken accepted");
    }
}

/// `trains_before` trains for seat 0 of 3, which claims `r`; returns the state and the seats
/// that moved after the claim (up to three rounds).
fn claim_then_play(r: RouteId, trains_before: u8) -> (GameState<'static>, Vec<u8>) {
    let pay = colour_pay(r);
    let mut s = table(3);
    own(asia(), &mut s, 0, &routes_worth(asia(), u32::from(45 - trains_before), &[r]));
    s.give(0, pay);
    let mut g = start(asia(), &s);
    act(&mut g, claim(r, pay));
    let mut movers = Vec::new();
    while !g.is_over() && movers.len() < 9 {
        movers.push(g.to_move().0);
        draw_turn(&mut g);
    }
    (g, movers)
}

#[test]
fn mountain_trains_count_toward_the_end_trigger() {
    // Tbilisi-Ankara: length 2 and 1 X. From 5 trains it leaves 2: the final round starts.
    let r = route(asia(), "Tbilisi", "Ankara");
    assert_eq!((asia().route(r).length, asia().route(r).mountains), (2, 1));
    let (g, movers) = claim_then_play(r, 5);
    assert_eq!(g.trains(Seat(0)), 2);
    assert_eq!(movers, vec![1, 2, 0], "one more turn each, the trigger player included");
    assert_eq!(g.phase(), Phase::Over(EndReason::Trains));
    // The same length without mountains leaves 3 trains: no final round.
    let plain = route(asia(), "Karachi", "Agra");
    assert_eq!((asia().route(plain).length, asia().route(plain).mountains), (2, 0));
    let (g, movers) = claim_then_play(plain, 5);
    assert_eq!(g.trains(Seat(0)), 3);
    assert_eq!((g.final_turns_left(), movers.len()), (None, 9));
    assert!(!g.is_over());
}

// ---------------------------------------------------------------------------------------
// Asia Explorer, no longest path, tie-break
// ---------------------------------------------------------------------------------------

/// Seat 0: the triangle Karachi-Agra-Bombay, a branch Agra-Calcutta, the triangle
/// Calcutta-Rangoon-Mandalay and a tail Rangoon-Bangkok (8 routes, 7 cities: Karachi, Agra,
/// Bombay, Calcutta, Rangoon, Mandalay, Bangkok), plus Moscow-Perm apart (2 cities).
fn explorer_network() -> Vec<RouteId> {
    vec![
        route(asia(), "Karachi", "Agra"),
        route(asia(), "Agra", "Bombay"),
        tracks(asia(), "Karachi", "Bombay")[0],
        route(asia(), "Agra", "Calcutta"),
        track(asia(), "Calcutta", "Rangoon", Some(Card::Blue)),
        route(asia(), "Rangoon", "Mandalay"),
        tracks(asia(), "Calcutta", "Mandalay")[0],
        track(asia(), "Rangoon", "Bangkok", Some(Card::Green)),
        track(asia(), "Moscow", "Perm", None),
    ]
}

/// Seat 1: a line of 6 routes and 7 cities from Irkutsk to Hanoi.
fn explorer_line() -> Vec<RouteId> {
    vec![
        track(asia(), "Irkutsk", "Chita", None),
        route(asia(), "Chita", "Ulan Bator"),
        track(asia(), "Ulan Bator", "Peking", Some(Card::Orange)),
        track(asia(), "Peking", "Shanghai", Some(Card::Yellow)),
        route(asia(), "Shanghai", "Macau"),
        tracks(asia(), "Macau", "Hanoi")[0],
    ]
}

#[test]
fn asia_explorer_counts_each_city_of_one_network_once() {
    let network = explorer_network();
    let owned = network.iter().copied().collect();
    assert_eq!(ttr::largest_network(asia(), owned), 7, "loops and branches, each city once");
    let line = explorer_line();
    let small =
        [track(asia(), "Tehran", "Baghdad", Some(Card::Blue)), track(asia(), "Ankara", "Baghdad", Some(Card::Pink))];
    let g = position(3, &[&network, &line, &small], &[]);
    let r = g.result();
    let sizes: Vec<u8> = r.seats().iter().map(|s| s.largest_network).collect();
    assert_eq!(sizes, vec![7, 7, 3]);
    let bonus: Vec<i32> = r.seats().iter().map(|s| s.bonus_points).collect();
    assert_eq!(bonus, vec![10, 10, 0], "shared on a tie");
    for s in r.seats() {
        assert_eq!(s.score, s.route_points + s.bonus_points);
    }
    // Seat 0's routes score 2+2+2+2+2+(1+2)+1+1 + 4.
    assert_eq!(r.seats()[0].route_points, 19);

    // Without Macau-Hanoi seat 1 has 6 cities; with Hanoi-Saigon added it has 8.
    let g = position(3, &[&network, &line[..5], &small], &[]);
    let bonus: Vec<i32> = g.result().seats().iter().map(|s| s.bonus_points).collect();
    assert_eq!(bonus, vec![10, 0, 0]);
    let mut longer = line.clone();
    longer.push(track(asia(), "Hanoi", "Saigon", Some(Card::Yellow)));
    let g = position(3, &[&network, &longer, &small], &[]);
    let r = g.result();
    assert_eq!(r.seats()[1].largest_network, 8);
    let bonus: Vec<i32> = r.seats().iter().map(|s| s.bonus_points).collect();
    assert_eq!(bonus, vec![0, 10, 0]);
}

#[test]
fn asia_explorer_only_for_a_network_of_at_least_one_city() {
    let r = position(3, &[], &[]).result();
    assert!(r.seats().iter().all(|s| s.largest_network == 0 && s.bonus_points == 0 && s.score == 0));
    let r = position(3, &[&[], &[route(asia(), "Karachi", "Agra")]], &[]).result();
    let bonus: Vec<i32> = r.seats().iter().map(|s| s.bonus_points).collect();
    assert_eq!(bonus, vec![0, 10, 0]);
}

#[test]
fn no_longest_path_bonus_only_the_explorer() {
    // Seat 0: a 16-long trail Khabarovsk-Peking-Dihua-Omsk through 4 cities. Seat 1: 6
    // cities around Calcutta, longest trail 6.
    let trail =
        [route(asia(), "Khabarovsk", "Peking"), route(asia(), "Dihua", "Peking"), route(asia(), "Omsk", "Dihua")];
    let star = [
        tracks(asia(), "Calcutta", "Mandalay")[0],
        route(asia(), "Agra", "Calcutta"),
        track(asia(), "Calcutta", "Rangoon", Some(Card::Blue)),
        track(asia(), "Rangoon", "Bangkok", Some(Card::Green)),
        track(asia(), "Bangkok", "Saigon", Some(Card::Pink)),
    ];
    let r = position(2, &[&trail, &star], &[]).result();
    assert_eq!((r.seats()[0].longest_path, r.seats()[1].longest_path), (16, 6));
    assert_eq!((r.seats()[0].largest_network, r.seats()[1].largest_network), (4, 6));
    assert_eq!((r.seats()[0].bonus_points, r.seats()[1].bonus_points), (0, 10));
    assert_eq!((r.seats()[0].score, r.seats()[1].score), (35, 17));
}

/// Seat 0 in the tie-break games: Tehran-Samarkand (3 + 1 X: 6) and Tehran-Shiraz (2 + 2 X:
/// 6): 12 points, 3 cities, 2 mountain routes, longest trail 5.
fn two_mountains() -> Vec<RouteId> {
    vec![route(asia(), "Tehran", "Samarkand"), track(asia(), "Tehran", "Shiraz", Some(Card::White))]
}

/// Irkutsk-Chita (gray 2: 2) and Chita-Khabarovsk (5: 10): 12 points, 3 cities, no
/// mountain route, longest trail 7.
fn no_mountains() -> Vec<RouteId> {
    vec![track(asia(), "Irkutsk", "Chita", None), route(asia(), "Chita", "Khabarovsk")]
}

fn scores(r: &ttr::GameResult) -> Vec<i32> {
    r.seats().iter().map(|s| s.score).collect()
}

#[test]
fn points_tie_goes_first_to_most_completed_tickets() {
    // Seat 1 completes Irkutsk-Khabarovsk (7) and fails Kobe-Macau (7).
    let tickets = [ticket(asia(), "Irkutsk", "Khabarovsk"), ticket(asia(), "Kobe", "Macau")];
    let r = position(2, &[&two_mountains(), &no_mountains()], &[&[], &tickets]).result();
    assert_eq!(scores(&r), vec![22, 22]);
    assert_eq!((r.seats()[0].tickets_completed, r.seats()[1].tickets_completed), (0, 1));
    assert_eq!((r.seats()[0].mountain_routes, r.seats()[1].mountain_routes), (2, 0));
    assert_eq!(r.winners, seats(&[1]), "tickets come before mountain routes");
}

#[test]
fn then_to_most_mountain_routes_not_the_longest_path() {
    let r = position(2, &[&two_mountains(), &no_mountains()], &[]).result();
    assert_eq!(scores(&r), vec![22, 22]);
    assert_eq!((r.seats()[0].longest_path, r.seats()[1].longest_path), (5, 7));
    assert_eq!(r.winners, seats(&[0]));
}

#[test]
fn mountain_routes_are_counted_not_mountain_symbols() {
    // Seat 0: three routes with 1 X each (Samarkand-Rawalpindi-Agra-Kathmandu, 12 points);
    // completes Samarkand-Agra (6), fails Rawalpindi-Bombay (5): 12 + 1 + 10 = 23.
    // Seat 1: two routes with 2 X each and Calcutta-Mandalay (6 + 6 + 1 = 13); completes
    // Kathmandu-Calcutta (5), fails Xi'an-Taipei (5): 13 + 0 + 10 = 23.
    let three = [
        route(asia(), "Samarkand", "Rawalpindi"),
        route(asia(), "Rawalpindi", "Agra"),
        route(asia(), "Agra", "Kathmandu"),
    ];
    let two = [
        route(asia(), "Kathmandu", "Mandalay"),
        route(asia(), "Lhasa", "Mandalay"),
        tracks(asia(), "Calcutta", "Mandalay")[0],
    ];
    let t0 = [ticket(asia(), "Samarkand", "Agra"), ticket(asia(), "Rawalpindi", "Bombay")];
    let t1 = [ticket(asia(), "Kathmandu", "Calcutta"), ticket(asia(), "Xi'an", "Taipei")];
    let g = position(2, &[&three, &two], &[&t0, &t1]);
    let r = g.result();
    assert_eq!(scores(&r), vec![23, 23]);
    assert_eq!((r.seats()[0].tickets_completed, r.seats()[1].tickets_completed), (1, 1));
    let symbols = |seat: u8| -> u8 { g.owned(Seat(seat)).iter().map(|id| asia().route(id).mountains).sum() };
    assert_eq!((symbols(0), symbols(1)), (3, 4));
    assert_eq!((r.seats()[0].mountain_routes, r.seats()[1].mountain_routes), (3, 2));
    assert_eq!(r.winners, seats(&[0]));
}

#[test]
fn still_tied_players_share_the_win() {
    // Seat 1: Irkutsk-Ulan Bator (2 + 2 X: 6) and Ulan Bator-Peking (3 + 1 X: 6). Seat 2:
    // Moscow-Astrakhan (4).
    let also_two = [route(asia(), "Irkutsk", "Ulan Bator"), track(asia(), "Ulan Bator", "Peking", Some(Card::Orange))];
    let other = [track(asia(), "Moscow", "Astrakhan", Some(Card::Orange))];
    let r = position(3, &[&two_mountains(), &also_two, &other], &[]).result();
    assert_eq!(scores(&r), vec![22, 22, 4]);
    assert_eq!((r.seats()[0].mountain_routes, r.seats()[1].mountain_routes), (2, 2));
    assert_eq!(r.winners, seats(&[0, 1]));
}

// ---------------------------------------------------------------------------------------
// Properties: seeded random games
// ---------------------------------------------------------------------------------------

/// Checks what must hold after every action of an Asia game.
fn check_position(g: &GameState<'_>, game: u64) {
    g.check_invariants().unwrap_or_else(|e| panic!("game {game}: {e}"));
    let map = g.map();
    for seat in 0..g.players() {
        let seat = Seat(seat as u8);
        let owned = g.owned(seat);
        let board: u32 = owned.iter().map(|r| u32::from(map.route(r).length)).sum();
        let pass: u32 = owned.iter().map(|r| u32::from(map.route(r).mountains)).sum();
        assert_eq!(board + pass + u32::from(g.trains(seat)), 45, "game {game}, seat {}", seat.0);
        let points: i32 =
            owned.iter().map(|r| length_points(map.route(r).length) + 2 * i32::from(map.route(r).mountains)).sum();
        assert_eq!(g.route_points(seat), points, "game {game}, seat {}", seat.0);
    }
    if g.phase() == Phase::KeepTickets {
        let offer = g.offer(g.to_move());
        assert!((1..=3).contains(&offer.len()), "game {game}: offer {offer:?}");
        assert!(offer.tickets().iter().all(|&t| kind(t) == TicketKind::Normal), "game {game}: long ticket offered");
    }
    assert!(g.ticket_deck().set().and(map.long_tickets()).is_empty(), "game {game}: long ticket in the deck");
}

#[test]
fn random_games_conserve_trains_and_always_end() {
    let map = asia();
    let mut ends = [0u32; 3];
    for game in 0..300u64 {
        let players = 2 + (game % 4) as usize;
        let mut g = GameState::new(map, players, game).unwrap();
        let mut chooser = Pcg64Mcg::seed_from_u64(0xA51A ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        check_position(&g, game);
        let mut actions = 0u32;
        while !g.is_over() {
            let legal = g.legal_actions();
            let n = legal.len();
            assert!(n > 0, "game {game}: no legal action in {:?}", g.phase());
            let action = legal.get(chooser.random_range(0..n));
            g.try_apply(action).unwrap_or_else(|e| panic!("game {game}: generated action refused: {e}"));
            check_position(&g, game);
            actions += 1;
            assert!(actions <= 5000, "game {game} does not end");
        }
        let r = g.result();
        let Phase::Over(end) = g.phase() else { unreachable!() };
        assert_eq!(r.end, end);
        assert!(!r.winners.is_empty());
        ends[match end {
            EndReason::Trains => 0,
            EndReason::Passes => 1,
            EndReason::TurnCap => 2,
        }] += 1;
    }
    assert!(ends[0] > 0, "no random game ended by the train trigger: {ends:?}");
}
