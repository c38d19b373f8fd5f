//! Rule tests for docs/rules.md sections 1 (the base game on the USA map) and 5 (decisions for
//! automatic play), through the public API of `ttr` only.
//!
//! Positions are built exactly with [`Setup`], validated by [`GameState::from_setup`], and
//! played with [`GameState::apply`]. Where a rule is map data (face-up locomotives, the
//! 3-locomotive reset, double routes by player count, end bonuses) the Nordic or Legendary
//! Asia map shows the other setting.

use std::cmp::Reverse;

use ttr::{
    Action, Card, CardCounts, EndReason, Event, GameState, Map, Observation, Phase, RouteId, RouteSet, Seat, Setup,
    TicketId,
};

mod common;
use common::{
    act, cards, claim, draw_turn, legal, own, refuse, route, routes_worth, seats, shared, start, ticket, track, tracks,
};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn usa() -> &'static Map {
    shared("usa")
}

fn nordic() -> &'static Map {
    shared("nordic")
}

fn asia() -> &'static Map {
    shared("legendary_asia")
}

fn minus(a: CardCounts, b: CardCounts) -> CardCounts {
    assert!(a.contains(&b), "{a} does not hold {b}");
    let mut out = a;
    out.remove(&b);
    out
}

fn loco_count(market: &[Option<Card>; 5]) -> usize {
    market.iter().filter(|c| **c == Some(Card::Loco)).count()
}

/// Leaves exactly `deck` in the deck and puts `discard` on the discard pile; every other card
/// still in the deck goes to the hand of `rest_to`.
fn piles(s: &mut Setup, deck: CardCounts, discard: CardCounts, rest_to: usize) {
    let rest = minus(minus(s.deck, deck), discard);
    s.hands[rest_to].add(&rest);
    s.discard.add(&discard);
    s.deck = deck;
}

/// Leaves exactly `deck` in the deck; every other card still in the deck is discarded.
fn deck_only(s: &mut Setup, deck: CardCounts) {
    let rest = minus(s.deck, deck);
    piles(s, deck, rest, 0);
}

/// Hands every card still in the deck out to `to`, round-robin.
fn deal_rest(s: &mut Setup, to: &[usize]) {
    let mut k = 0;
    for c in Card::ALL {
        for _ in 0..s.deck[c] {
            s.hands[to[k % to.len()]][c] += 1;
            k += 1;
        }
    }
    s.deck = CardCounts::EMPTY;
}

/// Routes worth exactly `trains` trains, none of them in `avoid` or the twin of one, and
/// never both tracks of a double.
/// Shares routes among seats so that seat `s` owns exactly `used[s]` trains' worth and every
/// route of length 3 or less is claimed (one track of each double): with 3 trains left, no
/// seat can claim anything on the USA map with 2-3 players.
fn block_short_routes(map: &Map, used: &[u32]) -> Vec<RouteSet> {
    let len = |r: RouteId| u32::from(map.route(r).length);
    let mut short = Vec::new();
    let mut long = Vec::new();
    for (i, r) in map.routes().iter().enumerate() {
        if r.twin.is_some_and(|t| t.index() < i) {
            continue;
        }
        let id = RouteId(i as u8);
        if r.length <= 3 {
            short.push(id);
        } else {
            long.push(id);
        }
    }
    let short_total: u32 = short.iter().map(|&r| len(r)).sum();
    let mut need = used.iter().sum::<u32>() - short_total;
    long.sort_by_key(|&r| (Reverse(len(r)), r));
    let mut items = short;
    for r in long {
        if len(r) <= need && (len(r) == need || need - len(r) >= 4) {
            items.push(r);
            need -= len(r);
        }
    }
    assert_eq!(need, 0);
    items.sort_by_key(|&r| (Reverse(len(r)), r));
    let mut left = used.to_vec();
    let mut owned = vec![RouteSet::EMPTY; used.len()];
    for r in items {
        let b = (0..used.len()).find(|&b| left[b] >= len(r)).expect("routes fit the seats");
        left[b] -= len(r);
        owned[b].insert(r);
    }
    assert!(left.iter().all(|&l| l == 0), "left over: {left:?}");
    owned
}

/// The payments generated for claiming `r`.
fn payments_for(g: &GameState<'_>, r: RouteId) -> Vec<CardCounts> {
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Claim { route, pay } if route == r => Some(pay),
            _ => None,
        })
        .collect()
}

/// A USA position for `players`, seat 0 to move, five colour cards face up.
fn table(map: &Map, players: usize) -> Setup {
    let mut s = Setup::empty(map, players);
    s.lay([Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::White), Some(Card::Pink)]);
    s.seed = 7;
    s
}

// ---------------------------------------------------------------------------------------
// 1. Material and setup
// ---------------------------------------------------------------------------------------

#[test]
fn material_is_110_cards_45_trains_and_2_to_5_players() {
    let map = usa();
    let s = Setup::empty(map, 2);
    for c in Card::COLORS {
        assert_eq!(s.deck[c], 12, "{c}");
    }
    assert_eq!(s.deck[Card::Loco], 14);
    assert_eq!(s.deck.total(), 110);
    for n in [0, 1, 6] {
        assert!(GameState::new(map, n, 1).is_err(), "{n} players accepted");
    }
    for n in 2..=5 {
        let g = GameState::new(map, n, 1).expect("2-5 players");
        for seat in 0..n {
            assert_eq!(g.trains(Seat(seat as u8)), 45);
        }
    }
}

#[test]
fn setup_deals_four_cards_five_face_up_and_three_tickets_each() {
    let map = usa();
    for players in 2..=5 {
        for seed in 0..40 {
            let g = GameState::new(map, players, seed).unwrap();
            assert_eq!(g.phase(), Phase::SetupKeep);
            assert_eq!(g.to_move(), Seat(0));
            let mut all = g.deck();
            all.add(&g.discard());
            let mut tickets = g.ticket_deck().set();
            assert_eq!(g.ticket_deck().len(), 30 - 3 * players);
            for s in 0..players {
                let seat = Seat(s as u8);
                assert_eq!(g.hand(seat).total(), 4);
                assert_eq!(g.offer(seat).len(), 3);
                assert!(g.tickets(seat).is_empty());
                all.add(&g.hand(seat));
                for &t in g.offer(seat).tickets() {
                    assert!(!tickets.contains(t), "ticket dealt twice");
                    tickets.insert(t);
                }
            }
            let market = g.market();
            assert!(market.iter().all(Option::is_some), "market {market:?}");
            assert!(loco_count(&market) < 3);
            for c in market.iter().flatten() {
                all[*c] += 1;
            }
            assert_eq!(all, map.rules.deck.counts());
            assert_eq!(tickets.count(), 30);
        }
    }
}

#[test]
fn setup_market_with_three_locomotives_is_reset() {
    let map = usa();
    let mut resets_seen = 0;
    for seed in 0..2000 {
        let mut events: Vec<Event> = Vec::new();
        let g = GameState::new_recorded(map, 2, seed, &mut events).unwrap();
        let markets: Vec<([Option<Card>; 5], bool)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Market { cards, reset } => Some((*cards, *reset)),
                _ => None,
            })
            .collect();
        assert!(!markets[0].1, "the first lay is not a reset");
        for (i, (cards, _)) in markets.iter().enumerate() {
            let last = i + 1 == markets.len();
            if loco_count(cards) >= 3 {
                assert!(!last && markets[i + 1].1, "seed {seed}: {cards:?} not reset");
            } else {
                assert!(last, "seed {seed}: {cards:?} reset without 3 locomotives");
            }
        }
        let resets = markets.len() - 1;
        assert_eq!(g.market(), markets[resets].0);
        assert_eq!(g.discard().total() as usize, 5 * resets, "all 5 discarded");
        resets_seen += resets;
    }
    assert!(resets_seen > 0, "no seed needed a reset");
}

#[test]
fn setup_tickets_keep_at_least_two_returned_to_bottom() {
    let map = usa();
    let mut g = GameState::new(map, 3, 11).unwrap();
    let mut expected: Vec<TicketId> = g.ticket_deck().iter().collect();
    let mut masks: Vec<u8> = legal(&g)
        .into_iter()
        .map(|a| match a {
            Action::Keep(m) => m,
            other => panic!("{other:?} during setup"),
        })
        .collect();
    masks.sort_unstable();
    assert_eq!(masks, vec![0b011, 0b101, 0b110, 0b111]);
    for mask in [0, 0b001, 0b010, 0b100, 0b1000, 0b1011] {
        refuse(&mut g, Action::Keep(mask));
    }
    // Seat 0 keeps the first two and returns the third.
    let o0 = g.offer(Seat(0)).tickets().to_vec();
    act(&mut g, Action::Keep(0b011));
    assert_eq!(g.tickets(Seat(0)), [o0[0], o0[1]].into_iter().collect());
    expected.push(o0[2]);
    assert_eq!(g.ticket_deck().iter().collect::<Vec<_>>(), expected);
    assert_eq!((g.phase(), g.to_move()), (Phase::SetupKeep, Seat(1)));
    // Seat 1 returns its first ticket: it goes below seat 0's.
    let o1 = g.offer(Seat(1)).tickets().to_vec();
    act(&mut g, Action::Keep(0b110));
    expected.push(o1[0]);
    assert_eq!(g.ticket_deck().iter().collect::<Vec<_>>(), expected);
    assert_eq!(g.tickets(Seat(1)), [o1[1], o1[2]].into_iter().collect());
    // Seat 2 keeps all three: nothing returned. Then seat 0 starts.
    act(&mut g, Action::Keep(0b111));
    assert_eq!(g.ticket_deck().iter().collect::<Vec<_>>(), expected);
    assert_eq!(g.tickets(Seat(2)).count(), 3);
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(0)));
}

#[test]
fn seat_zero_starts() {
    let map = usa();
    for players in 2..=5 {
        let mut g = GameState::new(map, players, 3).unwrap();
        while g.phase() == Phase::SetupKeep {
            act(&mut g, Action::Keep(0b111));
        }
        assert_eq!(g.to_move(), Seat(0));
    }
}

// ---------------------------------------------------------------------------------------
// 1. Drawing train cards
// ---------------------------------------------------------------------------------------

#[test]
fn face_up_locomotive_first_is_the_whole_draw() {
    for map in [usa(), asia()] {
        let mut s = table(map, 2);
        s.lay([Some(Card::Loco), Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::White)]);
        let mut g = start(map, &s);
        act(&mut g, Action::TakeFaceUp(0));
        assert_eq!(g.hand(Seat(0)), cards(&[(Card::Loco, 1)]), "{}", map.name);
        assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
        assert_eq!(g.turns(), 1);
        assert!(g.market()[0].is_some(), "slot refilled");
    }
}

#[test]
fn face_up_locomotive_may_not_be_the_second_card() {
    let map = usa();
    let mut s = table(map, 2);
    s.lay([Some(Card::Loco), Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::White)]);
    deck_only(&mut s, cards(&[(Card::Yellow, 12)]));
    let mut g = start(map, &s);
    act(&mut g, Action::TakeFaceUp(1));
    assert_eq!((g.phase(), g.to_move()), (Phase::SecondCard, Seat(0)));
    let second = legal(&g);
    for slot in 1..5 {
        assert!(second.contains(&Action::TakeFaceUp(slot)), "slot {slot}");
    }
    assert!(second.contains(&Action::DrawBlind));
    assert_eq!(second.len(), 5, "{second:?}");
    let reason = refuse(&mut g, Action::TakeFaceUp(0));
    assert!(reason.contains("second"), "{reason}");
    act(&mut g, Action::TakeFaceUp(2));
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Red, 1), (Card::Blue, 1)]));
    assert_eq!(g.to_move(), Seat(1));
}

#[test]
fn nordic_face_up_locomotive_is_one_card_and_may_be_second() {
    let map = nordic();
    let mut s = table(map, 2);
    s.lay([Some(Card::Loco), Some(Card::Red), Some(Card::Blue), Some(Card::Loco), Some(Card::White)]);
    let mut g = start(map, &s);
    act(&mut g, Action::TakeFaceUp(0));
    assert_eq!((g.phase(), g.to_move()), (Phase::SecondCard, Seat(0)));
    assert!(legal(&g).contains(&Action::TakeFaceUp(3)));
    act(&mut g, Action::TakeFaceUp(3));
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Loco, 2)]));
    assert_eq!(g.to_move(), Seat(1));
}

#[test]
fn blind_locomotive_counts_as_one_card() {
    let map = usa();
    let mut s = table(map, 2);
    deck_only(&mut s, cards(&[(Card::Loco, 14)]));
    let mut g = start(map, &s);
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Loco, 1)]));
    assert_eq!((g.phase(), g.to_move()), (Phase::SecondCard, Seat(0)));
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Loco, 2)]));
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
}

#[test]
fn taken_face_up_card_is_replaced_at_once() {
    let map = usa();
    let mut s = table(map, 2);
    deck_only(&mut s, cards(&[(Card::Yellow, 12)]));
    let mut g = start(map, &s);
    act(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.phase(), Phase::SecondCard);
    assert_eq!(g.market()[0], Some(Card::Yellow), "refilled before the 2nd card");
    assert_eq!(g.deck(), cards(&[(Card::Yellow, 11)]));
    act(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Red, 1), (Card::Yellow, 1)]));
    assert_eq!(g.market()[0], Some(Card::Yellow));
    assert_eq!(g.deck(), cards(&[(Card::Yellow, 10)]));
}

/// Two locomotives face up and only a locomotive in the deck: taking the red card refills
/// its slot with a third locomotive.
fn three_loco_refill(map: &'static Map) -> GameState<'static> {
    let mut s = table(map, 2);
    s.lay([Some(Card::Loco), Some(Card::Loco), Some(Card::Red), Some(Card::Blue), Some(Card::Green)]);
    deck_only(&mut s, cards(&[(Card::Loco, 1)]));
    start(map, &s)
}

#[test]
fn three_face_up_locomotives_reset_the_market() {
    let mut g = three_loco_refill(usa());
    let mut events: Vec<Event> = Vec::new();
    g.try_apply_recorded(Action::TakeFaceUp(2), &mut events).unwrap();
    g.check_invariants().unwrap();
    let refill = events
        .iter()
        .position(|e| *e == Event::Refill { slot: 2, card: Some(Card::Loco) })
        .expect("slot 2 refilled with the locomotive");
    let reset =
        events.iter().position(|e| matches!(e, Event::Market { reset: true, .. })).expect("the market was reset");
    assert!(refill < reset, "{events:?}");
    let market = g.market();
    assert!(market.iter().all(Option::is_some));
    assert!(loco_count(&market) < 3, "{market:?}");
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Red, 1)]));
    assert_eq!(g.phase(), Phase::SecondCard);
}

#[test]
fn nordic_has_no_three_locomotive_reset() {
    let mut g = three_loco_refill(nordic());
    let mut events: Vec<Event> = Vec::new();
    g.try_apply_recorded(Action::TakeFaceUp(2), &mut events).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::Market { reset: true, .. })));
    let l = Some(Card::Loco);
    assert_eq!(g.market(), [l, l, l, Some(Card::Blue), Some(Card::Green)]);
    act(&mut g, Action::TakeFaceUp(2));
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Red, 1), (Card::Loco, 1)]));
}

#[test]
fn three_locomotives_stay_when_fewer_than_three_other_cards_remain() {
    let map = usa();
    let l = Some(Card::Loco);
    // Two colour cards left in deck and discard: no reset.
    let mut s = table(map, 2);
    s.lay([l, l, Some(Card::Red), Some(Card::Blue), Some(Card::Green)]);
    piles(&mut s, cards(&[(Card::Loco, 1)]), cards(&[(Card::White, 2), (Card::Loco, 5)]), 1);
    let mut g = start(map, &s);
    act(&mut g, Action::TakeFaceUp(2));
    assert_eq!(g.market(), [l, l, l, Some(Card::Blue), Some(Card::Green)]);
    assert_eq!(g.discard(), cards(&[(Card::White, 2), (Card::Loco, 5)]));
    assert!(g.deck().is_empty());

    // Three locomotives among only three face-up cards, nothing left to draw: the row stays.
    let mut s = table(map, 2);
    s.lay([l, l, None, None, Some(Card::Red)]);
    piles(&mut s, cards(&[(Card::Loco, 1)]), CardCounts::EMPTY, 1);
    let mut g = start(map, &s);
    act(&mut g, Action::TakeFaceUp(4));
    assert_eq!(g.market(), [l, l, l, None, None]);
    // Only face-up locomotives are left and nothing can be drawn blind: the draw ended.
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
}

#[test]
fn three_locomotives_after_an_end_of_turn_refill_reset_the_market() {
    // A short row (the piles ran dry earlier) shows two locomotives. A claim paid with 5
    // white cards and a locomotive refills the three empty slots at the end of the turn:
    // if the locomotive comes back face up, 3 white cards are still left, so the row is
    // reset; otherwise it stays.
    let map = usa();
    let l = Some(Card::Loco);
    let r = route(map, "Calgary", "Winnipeg"); // white, 6
    let pay = cards(&[(Card::White, 5), (Card::Loco, 1)]);
    let (mut resets, mut stays) = (0, 0);
    for seed in 0..40 {
        let mut s = table(map, 2);
        s.lay([l, l, None, None, None]);
        s.give(0, pay);
        piles(&mut s, CardCounts::EMPTY, CardCounts::EMPTY, 1);
        s.seed = seed;
        let mut g = start(map, &s);
        let mut events: Vec<Event> = Vec::new();
        g.try_apply_recorded(claim(r, pay), &mut events).unwrap();
        g.check_invariants().unwrap();
        let third = (2..5).any(|slot| events.contains(&Event::Refill { slot, card: l }));
        let reset = events.iter().any(|e| matches!(e, Event::Market { reset: true, .. }));
        assert_eq!(third, reset, "seed {seed}: {events:?}");
        assert!(g.market().iter().all(Option::is_some));
        assert!(loco_count(&g.market()) < 3, "{:?}", g.market());
        if reset {
            resets += 1;
        } else {
            stays += 1;
        }
    }
    assert!(resets > 0 && stays > 0, "{resets} resets, {stays} rows kept");
}

#[test]
fn the_three_locomotive_check_follows_each_single_refill() {
    // A short row with two locomotives; the deck holds one locomotive, the discard pile 3
    // white cards. Drawing tickets ends the turn and refills the empty slots: the first
    // refill shows a third locomotive while 3 white cards remain, so the row is reset at
    // once. Refilling slots 3 and 4 first would have left 1 white card: no reset.
    let map = usa();
    let l = Some(Card::Loco);
    let mut s = table(map, 2);
    s.lay([l, l, None, None, None]);
    piles(&mut s, cards(&[(Card::Loco, 1)]), cards(&[(Card::White, 3)]), 1);
    let mut g = start(map, &s);
    act(&mut g, Action::DrawTickets);
    let mut events: Vec<Event> = Vec::new();
    g.try_apply_recorded(Action::Keep(1), &mut events).unwrap();
    g.check_invariants().unwrap();
    let after_keep: Vec<Event> = events.into_iter().skip(1).collect();
    assert_eq!(after_keep[0], Event::Refill { slot: 2, card: l }, "{after_keep:?}");
    assert!(matches!(after_keep[1], Event::Reshuffle { cards: 6 }), "{after_keep:?}");
    assert!(matches!(after_keep[2], Event::Market { reset: true, .. }), "{after_keep:?}");
    assert_eq!(after_keep.len(), 3, "no refill follows the reset: {after_keep:?}");
    assert!(g.market().iter().all(Option::is_some));
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
}

#[test]
fn a_face_up_card_taken_with_nothing_left_to_draw_is_refilled_with_nothing() {
    let map = usa();
    let mut s = table(map, 2);
    piles(&mut s, CardCounts::EMPTY, CardCounts::EMPTY, 1);
    let mut g = start(map, &s);
    let mut events: Vec<Event> = Vec::new();
    g.try_apply_recorded(Action::TakeFaceUp(1), &mut events).unwrap();
    assert_eq!(events, [Event::Take { seat: 0, slot: 1, card: Card::Blue }, Event::Refill { slot: 1, card: None }]);
    events.clear();
    g.try_apply_recorded(Action::TakeFaceUp(3), &mut events).unwrap();
    assert_eq!(
        events,
        [Event::Take { seat: 0, slot: 3, card: Card::White }, Event::Refill { slot: 3, card: None }],
        "the slot emptied before stays empty without an event"
    );
    assert_eq!(g.market(), [Some(Card::Red), None, Some(Card::Green), None, Some(Card::Pink)]);
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
}

#[test]
fn discard_is_reshuffled_only_when_a_card_must_be_drawn() {
    let map = usa();
    let pink = cards(&[(Card::Pink, 10)]);
    let mut s = table(map, 2);
    piles(&mut s, cards(&[(Card::Orange, 1)]), pink, 1);
    let mut g = start(map, &s);
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Orange, 1)]));
    assert!(g.deck().is_empty());
    assert_eq!(g.discard(), pink, "reshuffled before a card was needed");
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Orange, 1), (Card::Pink, 1)]));
    assert_eq!(g.deck(), cards(&[(Card::Pink, 9)]));
    assert!(g.discard().is_empty());

    // A claim with an empty deck only adds to the discard pile; the next blind draw
    // reshuffles it.
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 3)]));
    piles(&mut s, CardCounts::EMPTY, pink, 1);
    let mut g = start(map, &s);
    act(&mut g, claim(route(map, "Chicago", "Duluth"), cards(&[(Card::Red, 3)])));
    assert!(g.deck().is_empty());
    assert_eq!(g.discard(), pink.with(Card::Red, 3));
    act(&mut g, Action::DrawBlind);
    assert!(g.discard().is_empty());
    assert_eq!(g.deck().total(), 12);
}

#[test]
fn no_blind_draw_when_deck_and_discard_are_empty() {
    let map = usa();
    let mut s = table(map, 2);
    s.lay([Some(Card::Red), Some(Card::Blue), Some(Card::Loco), Some(Card::Green), None]);
    piles(&mut s, CardCounts::EMPTY, CardCounts::EMPTY, 1);
    let mut g = start(map, &s);
    let first = legal(&g);
    for slot in 0..4 {
        assert!(first.contains(&Action::TakeFaceUp(slot)));
    }
    let reason = refuse(&mut g, Action::DrawBlind);
    assert!(reason.contains("empty"), "{reason}");
    refuse(&mut g, Action::TakeFaceUp(4));
    act(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.market()[0], None, "nothing to refill with");
    assert_eq!(g.phase(), Phase::SecondCard);
    let mut second = legal(&g);
    second.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(second, vec![Action::TakeFaceUp(1), Action::TakeFaceUp(3)], "face-up colour cards only");
    refuse(&mut g, Action::DrawBlind);
    act(&mut g, Action::TakeFaceUp(1));
    assert_eq!(g.to_move(), Seat(1));
    assert_eq!(g.market(), [None, None, Some(Card::Loco), Some(Card::Green), None]);
}

#[test]
fn draw_ends_after_one_card_when_no_second_can_be_taken() {
    let map = usa();
    for row in [[Some(Card::Red), Some(Card::Loco), None, None, None], [Some(Card::Red), None, None, None, None]] {
        let mut s = table(map, 2);
        s.lay(row);
        piles(&mut s, CardCounts::EMPTY, CardCounts::EMPTY, 1);
        let mut g = start(map, &s);
        act(&mut g, Action::TakeFaceUp(0));
        assert_eq!(g.hand(Seat(0)), cards(&[(Card::Red, 1)]));
        assert_eq!((g.phase(), g.to_move(), g.turns()), (Phase::Turn, Seat(1), 1));
    }
}

#[test]
fn empty_market_slot_is_refilled_at_the_end_of_a_later_turn() {
    let map = usa();
    let mut s = table(map, 2);
    s.lay([Some(Card::Red), Some(Card::Loco), None, None, None]);
    piles(&mut s, CardCounts::EMPTY, CardCounts::EMPTY, 1);
    let mut g = start(map, &s);
    act(&mut g, Action::TakeFaceUp(0));
    assert_eq!(g.market(), [None, Some(Card::Loco), None, None, None]);
    // Seat 1 claims a route: the two paid cards become available and fill two slots at
    // the end of its turn; the other slots stay empty.
    let pay = cards(&[(Card::Blue, 2)]);
    act(&mut g, claim(route(map, "Denver", "Santa Fe"), pay));
    let b = Some(Card::Blue);
    assert_eq!(g.market(), [b, Some(Card::Loco), b, None, None]);
    assert!(g.deck().is_empty() && g.discard().is_empty());
}

// ---------------------------------------------------------------------------------------
// 1. Claiming routes
// ---------------------------------------------------------------------------------------

#[test]
fn route_scores_follow_the_length_table() {
    let map = usa();
    let table_1 = [
        ("Atlanta", "Nashville", 1, 1),
        ("Denver", "Santa Fe", 2, 2),
        ("Chicago", "Duluth", 3, 4),
        ("Chicago", "Omaha", 4, 7),
        ("Atlanta", "Miami", 5, 10),
        ("Calgary", "Winnipeg", 6, 15),
    ];
    for (a, b, length, points) in table_1 {
        let r = route(map, a, b);
        assert_eq!(map.route(r).length, length);
        let color = map.route(r).color.unwrap_or(Card::Red);
        let pay = cards(&[(color, length)]);
        let mut s = table(map, 2);
        s.give(0, pay);
        let mut g = start(map, &s);
        act(&mut g, claim(r, pay));
        assert_eq!(g.route_points(Seat(0)), points, "{a}-{b}");
        assert_eq!(g.result().seats()[0].route_points, points, "{a}-{b}");
        assert_eq!(g.trains(Seat(0)), 45 - length, "one train per space");
    }
}

#[test]
fn claim_is_paid_with_exact_colour_cards_which_are_discarded() {
    let map = usa();
    let r = route(map, "Chicago", "Duluth"); // red, 3
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 3), (Card::Blue, 2)]));
    let mut g = start(map, &s);
    assert_eq!(payments_for(&g, r), vec![cards(&[(Card::Red, 3)])]);
    act(&mut g, claim(r, cards(&[(Card::Red, 3)])));
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Blue, 2)]));
    assert_eq!(g.discard(), cards(&[(Card::Red, 3)]));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!(g.trains(Seat(0)), 42);
}

#[test]
fn locomotives_are_wild_on_coloured_routes() {
    let map = usa();
    let r = route(map, "Chicago", "Duluth"); // red, 3
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 2), (Card::Loco, 2), (Card::Blue, 3)]));
    let mut g = start(map, &s);
    let mut pays = payments_for(&g, r);
    pays.sort_by_key(|p| p.0);
    let mut expected = vec![cards(&[(Card::Red, 2), (Card::Loco, 1)]), cards(&[(Card::Red, 1), (Card::Loco, 2)])];
    expected.sort_by_key(|p| p.0);
    assert_eq!(pays, expected);
    let pay = cards(&[(Card::Red, 1), (Card::Loco, 2)]);
    act(&mut g, claim(r, pay));
    assert_eq!(g.discard(), pay);

    // All locomotives.
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Loco, 3)]));
    let mut g = start(map, &s);
    assert_eq!(payments_for(&g, r), vec![cards(&[(Card::Loco, 3)])]);
    act(&mut g, claim(r, cards(&[(Card::Loco, 3)])));
    assert!(g.owned(Seat(0)).contains(r));
}

#[test]
fn gray_route_takes_any_one_colour_but_not_a_mix() {
    let map = usa();
    let r = route(map, "Denver", "Santa Fe"); // gray, 2
    assert_eq!(map.route(r).color, None);
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Blue, 2), (Card::Green, 1), (Card::Red, 1), (Card::Loco, 1)]));
    let g = start(map, &s);
    let mut pays = payments_for(&g, r);
    pays.sort_by_key(|p| p.0);
    let mut expected = vec![
        cards(&[(Card::Blue, 2)]),
        cards(&[(Card::Blue, 1), (Card::Loco, 1)]),
        cards(&[(Card::Green, 1), (Card::Loco, 1)]),
        cards(&[(Card::Red, 1), (Card::Loco, 1)]),
    ];
    expected.sort_by_key(|p| p.0);
    assert_eq!(pays, expected);
    for pay in &expected {
        let mut g2 = g.clone();
        act(&mut g2, claim(r, *pay));
        assert!(g2.owned(Seat(0)).contains(r));
    }
    let mut g = g;
    refuse(&mut g, claim(r, cards(&[(Card::Blue, 1), (Card::Green, 1)])));
    refuse(&mut g, claim(r, cards(&[(Card::Red, 1), (Card::Green, 1)])));
}

#[test]
fn claim_refused_for_wrong_colour_short_or_over_payment_or_cards_not_held() {
    let map = usa();
    let r = route(map, "Chicago", "Duluth"); // red, 3
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 4), (Card::Blue, 3), (Card::Loco, 1)]));
    let mut g = start(map, &s);
    for pay in [
        cards(&[(Card::Blue, 3)]),
        cards(&[(Card::Red, 2)]),
        cards(&[(Card::Red, 1), (Card::Loco, 1)]),
        cards(&[(Card::Red, 4)]),
        cards(&[(Card::Red, 3), (Card::Loco, 1)]),
        cards(&[(Card::Red, 2), (Card::Blue, 1)]),
        CardCounts::EMPTY,
    ] {
        let reason = refuse(&mut g, claim(r, pay));
        assert!(reason.contains("does not fit"), "{pay}: {reason}");
    }
    let reason = refuse(&mut g, claim(r, cards(&[(Card::Red, 1), (Card::Loco, 2)])));
    assert!(reason.contains("does not hold"), "{reason}");
    let reason = refuse(&mut g, claim(RouteId(200), cards(&[(Card::Red, 3)])));
    assert!(reason.contains("no such route"), "{reason}");
    act(&mut g, claim(r, cards(&[(Card::Red, 3)])));
}

#[test]
fn claim_needs_as_many_trains_as_the_route_is_long() {
    let map = usa();
    let r3 = route(map, "Chicago", "Duluth"); // red, 3
    let r2 = route(map, "Denver", "Santa Fe"); // gray, 2
    let hand = cards(&[(Card::Red, 3)]);
    for (trains, may3) in [(2u8, false), (3, true)] {
        let mut s = table(map, 2);
        let used = routes_worth(map, u32::from(45 - trains), &[r3, r2]);
        own(map, &mut s, 0, &used);
        s.give(0, hand);
        let mut g = start(map, &s);
        assert_eq!(g.trains(Seat(0)), trains);
        assert!(!payments_for(&g, r2).is_empty(), "2 trains suffice for 2");
        if may3 {
            act(&mut g, claim(r3, hand));
            assert_eq!(g.trains(Seat(0)), 0);
        } else {
            assert!(payments_for(&g, r3).is_empty());
            let reason = refuse(&mut g, claim(r3, hand));
            assert!(reason.contains("trains"), "{reason}");
        }
    }
}

#[test]
fn claim_refused_when_route_already_claimed() {
    let map = usa();
    let r = route(map, "Chicago", "Duluth");
    let mut s = table(map, 2);
    own(map, &mut s, 1, &[r]);
    s.give(0, cards(&[(Card::Red, 3)]));
    let mut g = start(map, &s);
    let reason = refuse(&mut g, claim(r, cards(&[(Card::Red, 3)])));
    assert!(reason.contains("already claimed"), "{reason}");
}

#[test]
fn claim_need_not_connect_to_own_network() {
    let map = usa();
    let mut s = table(map, 2);
    own(map, &mut s, 0, &[tracks(map, "Portland", "Seattle")[0]]);
    let miami = route(map, "Atlanta", "Miami"); // blue, 5, far from Seattle
    s.give(0, cards(&[(Card::Blue, 5)]));
    let mut g = start(map, &s);
    act(&mut g, claim(miami, cards(&[(Card::Blue, 5)])));
    assert!(g.owned(Seat(0)).contains(miami));
    assert_eq!(g.route_points(Seat(0)), 1 + 10);
}

#[test]
fn a_turn_is_one_route_or_one_draw_then_the_next_seat_moves() {
    let map = usa();
    let r = route(map, "Chicago", "Duluth");
    let other = route(map, "Denver", "Santa Fe");
    let mut s = table(map, 3);
    s.give(0, cards(&[(Card::Red, 3), (Card::Blue, 2)]));
    let mut g = start(map, &s);
    act(&mut g, claim(r, cards(&[(Card::Red, 3)])));
    assert_eq!((g.phase(), g.to_move(), g.turns()), (Phase::Turn, Seat(1), 1));
    // Seat 0 may not add a second claim: seat 1 is to move, and it cannot pay.
    refuse(&mut g, claim(other, cards(&[(Card::Blue, 2)])));

    // After the first card of a draw, only a second card may follow.
    let mut g = start(map, &s);
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.phase(), Phase::SecondCard);
    assert!(legal(&g).iter().all(|a| matches!(a, Action::DrawBlind | Action::TakeFaceUp(_))));
    refuse(&mut g, claim(other, cards(&[(Card::Blue, 2)])));
    refuse(&mut g, Action::DrawTickets);
    act(&mut g, Action::DrawBlind);
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
}

// ---------------------------------------------------------------------------------------
// 1. Drawing destination tickets
// ---------------------------------------------------------------------------------------

fn ticket_table(deck: &[u8]) -> GameState<'static> {
    let map = usa();
    let mut s = table(map, 2);
    s.ticket_deck = deck.iter().map(|&t| TicketId(t)).collect();
    start(map, &s)
}

fn deck_ids(g: &GameState<'_>) -> Vec<u8> {
    g.ticket_deck().iter().map(|t| t.0).collect()
}

#[test]
fn draw_tickets_offers_top_three_keep_one_return_to_bottom() {
    let mut g = ticket_table(&[0, 1, 2, 3, 4]);
    act(&mut g, Action::DrawTickets);
    assert_eq!((g.phase(), g.to_move()), (Phase::KeepTickets, Seat(0)));
    let offer: Vec<u8> = g.offer(Seat(0)).tickets().iter().map(|t| t.0).collect();
    assert_eq!(offer, vec![0, 1, 2]);
    assert_eq!(deck_ids(&g), vec![3, 4]);
    assert_eq!(g.legal_actions().len(), 7, "any non-empty subset");
    let reason = refuse(&mut g, Action::Keep(0));
    assert!(reason.contains("too few"), "{reason}");
    refuse(&mut g, Action::Keep(0b1000));
    refuse(&mut g, Action::DrawBlind);
    act(&mut g, Action::Keep(0b010));
    assert_eq!(g.tickets(Seat(0)), [TicketId(1)].into_iter().collect());
    assert_eq!(deck_ids(&g), vec![3, 4, 0, 2]);
    assert_eq!((g.phase(), g.to_move()), (Phase::Turn, Seat(1)));
}

#[test]
fn draw_tickets_offers_fewer_when_the_deck_is_short() {
    let mut g = ticket_table(&[5, 6]);
    act(&mut g, Action::DrawTickets);
    let offer: Vec<u8> = g.offer(Seat(0)).tickets().iter().map(|t| t.0).collect();
    assert_eq!(offer, vec![5, 6]);
    assert!(g.ticket_deck().is_empty());
    assert_eq!(g.legal_actions().len(), 3);
    refuse(&mut g, Action::Keep(0b100));
    act(&mut g, Action::Keep(0b01));
    assert_eq!(deck_ids(&g), vec![6]);

    let mut g = ticket_table(&[9]);
    act(&mut g, Action::DrawTickets);
    assert_eq!(g.offer(Seat(0)).len(), 1);
    assert_eq!(legal(&g), vec![Action::Keep(1)]);
    act(&mut g, Action::Keep(1));
    assert!(g.tickets(Seat(0)).contains(TicketId(9)));
}

#[test]
fn draw_tickets_not_allowed_when_the_ticket_deck_is_empty() {
    let mut g = ticket_table(&[]);
    let reason = refuse(&mut g, Action::DrawTickets);
    assert!(reason.contains("ticket deck is empty"), "{reason}");
    assert!(!legal(&g).is_empty(), "cards can still be drawn");
}

// ---------------------------------------------------------------------------------------
// 1. Double routes
// ---------------------------------------------------------------------------------------

/// Seat 0 claims the first track of a double; every seat then holds cards for the other.
fn double_claimed(map: &'static Map, players: usize, first: RouteId, twin: RouteId) -> GameState<'static> {
    let c1 = map.route(first).color.unwrap();
    let c2 = map.route(twin).color.unwrap();
    let mut s = table(map, players);
    s.give(0, cards(&[(c1, 3)]));
    for seat in 0..players.min(3) {
        s.give(seat, cards(&[(c2, 3)]));
    }
    let mut g = start(map, &s);
    act(&mut g, claim(first, cards(&[(c1, 3)])));
    g
}

#[test]
fn double_route_with_two_or_three_players_only_one_track_is_usable() {
    let map = usa();
    let orange = track(map, "Chicago", "Pittsburgh", Some(Card::Orange));
    let black = track(map, "Chicago", "Pittsburgh", Some(Card::Black));
    assert_eq!(map.route(orange).twin, Some(black));
    let pay = cards(&[(Card::Black, 3)]);
    for players in [2, 3] {
        let mut g = double_claimed(map, players, orange, black);
        for _ in 1..players {
            let reason = refuse(&mut g, claim(black, pay));
            assert!(reason.contains("closed"), "{reason}");
            draw_turn(&mut g);
        }
        assert_eq!(g.to_move(), Seat(0));
        let reason = refuse(&mut g, claim(black, pay));
        assert!(reason.contains("closed"), "{reason}");
    }
}

#[test]
fn double_route_with_four_or_five_players_both_tracks_by_different_players() {
    let map = usa();
    let orange = track(map, "Chicago", "Pittsburgh", Some(Card::Orange));
    let black = track(map, "Chicago", "Pittsburgh", Some(Card::Black));
    let pay = cards(&[(Card::Black, 3)]);
    for players in [4, 5] {
        // Another player may claim the second track...
        let mut g = double_claimed(map, players, orange, black);
        act(&mut g, claim(black, pay));
        assert!(g.owned(Seat(1)).contains(black));
        // ...but never the owner of the first.
        let mut g = double_claimed(map, players, orange, black);
        assert!(!payments_for(&g, black).is_empty(), "seat 1 may claim it");
        for _ in 1..players {
            draw_turn(&mut g);
        }
        assert_eq!(g.to_move(), Seat(0));
        let reason = refuse(&mut g, claim(black, pay));
        assert!(reason.contains("closed"), "{reason}");
    }
}

#[test]
fn nordic_three_players_may_claim_both_tracks_two_may_not() {
    let map = nordic();
    let orange = track(map, "Boden", "Kiruna", Some(Card::Orange));
    let black = track(map, "Boden", "Kiruna", Some(Card::Black));
    let pay = cards(&[(Card::Black, 3)]);
    let mut g = double_claimed(map, 3, orange, black);
    act(&mut g, claim(black, pay));
    assert!(g.owned(Seat(1)).contains(black));
    let mut g = double_claimed(map, 2, orange, black);
    refuse(&mut g, claim(black, pay));
    // With 3 players the owner of one track still may not take the other.
    let mut g = double_claimed(map, 3, orange, black);
    draw_turn(&mut g);
    draw_turn(&mut g);
    refuse(&mut g, claim(black, pay));
}

// ---------------------------------------------------------------------------------------
// 1. End of the game
// ---------------------------------------------------------------------------------------

/// `trigger` starts its turn with `trains_before` trains and claims the route `a`-`b`;
/// returns the state and the seats that moved after that claim until the game ended.
fn turns_after_claim(
    players: usize,
    trigger: usize,
    trains_before: u8,
    (a, b): (&str, &str),
) -> (GameState<'static>, Vec<u8>) {
    let map = usa();
    let r = route(map, a, b);
    let length = map.route(r).length;
    let pay = cards(&[(map.route(r).color.unwrap_or(Card::Blue), length)]);
    let mut s = table(map, players);
    let used = routes_worth(map, u32::from(45 - trains_before), &[r]);
    own(map, &mut s, trigger, &used);
    s.give(trigger, pay);
    s.to_move = Seat(trigger as u8);
    let mut g = start(map, &s);
    act(&mut g, claim(r, pay));
    assert_eq!(g.trains(Seat(trigger as u8)), trains_before - length);
    let mut movers = Vec::new();
    while !g.is_over() && movers.len() < 3 * players {
        movers.push(g.to_move().0);
        draw_turn(&mut g);
    }
    (g, movers)
}

#[test]
fn end_trigger_gives_every_player_exactly_one_more_turn() {
    // 2 trains left.
    let (g, movers) = turns_after_claim(3, 0, 4, ("Denver", "Santa Fe"));
    assert_eq!(movers, vec![1, 2, 0], "the trigger player included");
    assert_eq!(g.phase(), Phase::Over(EndReason::Trains));
    assert_eq!(g.result().end, EndReason::Trains);
    // 1 train left.
    let (g, movers) = turns_after_claim(4, 1, 3, ("Denver", "Santa Fe"));
    assert_eq!(movers, vec![2, 3, 0, 1]);
    assert_eq!(g.phase(), Phase::Over(EndReason::Trains));
    // 0 trains left.
    let (g, movers) = turns_after_claim(2, 1, 3, ("Chicago", "Duluth"));
    assert_eq!(movers, vec![0, 1]);
    assert_eq!(g.phase(), Phase::Over(EndReason::Trains));
    // 5 players.
    let (g, movers) = turns_after_claim(5, 4, 5, ("Chicago", "Duluth"));
    assert_eq!(movers, vec![0, 1, 2, 3, 4]);
    assert_eq!(g.phase(), Phase::Over(EndReason::Trains));
}

#[test]
fn three_trains_left_does_not_trigger_the_end() {
    let (g, movers) = turns_after_claim(3, 0, 5, ("Denver", "Santa Fe"));
    assert!(!g.is_over(), "game ended with 3 trains left");
    assert_eq!(g.final_turns_left(), None);
    assert_eq!(movers.len(), 9);
}

// ---------------------------------------------------------------------------------------
// 1. Final scoring and the winner
// ---------------------------------------------------------------------------------------

/// A USA position where each seat owns the given routes and holds the given tickets.
fn scored(players: usize, routes: &[&[(&str, &str)]], tickets: &[&[(&str, &str)]]) -> GameState<'static> {
    let map = usa();
    let mut s = table(map, players);
    for (seat, list) in routes.iter().enumerate() {
        let ids: Vec<RouteId> = list.iter().map(|(a, b)| tracks(map, a, b)[0]).collect();
        own(map, &mut s, seat, &ids);
    }
    for (seat, list) in tickets.iter().enumerate() {
        for (a, b) in list.iter() {
            let t = ticket(map, a, b);
            s.ticket_deck.retain(|&x| x != t);
            s.tickets[seat].insert(t);
        }
    }
    start(map, &s)
}

#[test]
fn tickets_score_by_a_chain_of_the_owners_routes() {
    let g = scored(
        2,
        &[
            &[("Denver", "Santa Fe"), ("Santa Fe", "El Paso"), ("Dallas", "Oklahoma City")],
            &[("Kansas City", "Oklahoma City"), ("Dallas", "Houston")],
        ],
        &[&[("Denver", "El Paso"), ("Boston", "Miami")], &[("Kansas City", "Houston")]],
    );
    let r = g.result();
    let s0 = r.seats()[0];
    assert_eq!(
        (s0.ticket_points_gained, s0.ticket_points_lost, s0.tickets_completed, s0.tickets_failed),
        (4, 12, 1, 1)
    );
    assert_eq!(s0.route_points, 6);
    assert_eq!(s0.score, 6 + 4 - 12 + 10);
    // Seat 1's chain runs through seat 0's Oklahoma City-Dallas: not its own, so it fails.
    let s1 = r.seats()[1];
    assert_eq!((s1.ticket_points_gained, s1.ticket_points_lost, s1.tickets_completed), (0, 5, 0));
    assert_eq!(s1.score, 3 - 5);
}

#[test]
fn longest_path_is_a_trail_loop_with_a_tail() {
    // Loop Dallas-Houston-New Orleans-Little Rock-Dallas (8) with tail Dallas-El Paso (4):
    // El Paso-Dallas-Houston-New Orleans-Little Rock-Dallas passes Dallas twice: 12.
    let g = scored(
        2,
        &[&[
            ("Dallas", "Houston"),
            ("Houston", "New Orleans"),
            ("New Orleans", "Little Rock"),
            ("Little Rock", "Dallas"),
            ("Dallas", "El Paso"),
        ]],
        &[],
    );
    assert_eq!(g.result().seats()[0].longest_path, 12);
}

#[test]
fn longest_path_is_a_trail_figure_eight() {
    // Two loops through Dallas (8 and 11): one trail uses all 19.
    let g = scored(
        2,
        &[&[
            ("Dallas", "Houston"),
            ("Houston", "New Orleans"),
            ("New Orleans", "Little Rock"),
            ("Little Rock", "Dallas"),
            ("Dallas", "Oklahoma City"),
            ("Oklahoma City", "El Paso"),
            ("El Paso", "Dallas"),
        ]],
        &[],
    );
    assert_eq!(g.result().seats()[0].longest_path, 19);
    // A star of three arms from Dallas: a trail uses only two of them (4 + 2).
    let g = scored(2, &[&[("Dallas", "El Paso"), ("Dallas", "Houston"), ("Dallas", "Little Rock")]], &[]);
    assert_eq!(g.result().seats()[0].longest_path, 6);
}

#[test]
fn longest_path_bonus_goes_to_all_tied_players() {
    let g = scored(3, &[&[("Calgary", "Winnipeg")], &[("Duluth", "Helena")], &[("Chicago", "Duluth")]], &[]);
    let r = g.result();
    let bonus: Vec<i32> = r.seats().iter().map(|s| s.bonus_points).collect();
    let paths: Vec<u16> = r.seats().iter().map(|s| s.longest_path).collect();
    assert_eq!(paths, vec![6, 6, 3]);
    assert_eq!(bonus, vec![10, 10, 0]);
    assert_eq!(r.seats()[0].score, 25);
    // Tied on points and tickets, both hold the bonus: a shared win.
    assert_eq!(r.winners, seats(&[0, 1]));
}

#[test]
fn end_bonus_only_for_a_value_of_at_least_one() {
    // USA: nobody has a route, nobody gets the longest-path bonus.
    let g = scored(2, &[], &[]);
    let r = g.result();
    assert!(r.seats().iter().all(|s| s.bonus_points == 0 && s.score == 0));
    assert_eq!(r.winners, seats(&[0, 1]));

    // Nordic: nobody completed a ticket, nobody gets the Globetrotter; completing one does.
    let map = nordic();
    let t = ticket(map, "Alborg", "Norrkoping");
    let u = ticket(map, "Alborg", "Umea");
    let mut s = table(map, 2);
    s.ticket_deck.retain(|&x| x != t && x != u);
    s.tickets[0].insert(t);
    s.tickets[1].insert(u);
    let r = start(map, &s).result();
    assert!(r.seats().iter().all(|s| s.bonus_points == 0));
    own(map, &mut s, 0, &[route(map, "Alborg", "Goteborg"), route(map, "Goteborg", "Norrkoping")]);
    let r = start(map, &s).result();
    assert_eq!(r.seats()[0].tickets_completed, 1);
    assert_eq!((r.seats()[0].bonus_points, r.seats()[1].bonus_points), (10, 0));

    // Legendary Asia: no network, no Asia Explorer; one route is a network of 2 cities.
    let map = asia();
    let mut s = table(map, 2);
    assert!(start(map, &s).result().seats().iter().all(|s| s.bonus_points == 0));
    own(map, &mut s, 1, &[tracks(map, "Moscow", "Astrakhan")[0]]);
    let r = start(map, &s).result();
    assert_eq!((r.seats()[0].bonus_points, r.seats()[1].bonus_points), (0, 10));
}

#[test]
fn winner_has_the_most_points() {
    // Seat 1 completes a ticket but seat 0 has more points.
    let g = scored(
        2,
        &[&[("Calgary", "Winnipeg")], &[("Denver", "Santa Fe"), ("Santa Fe", "El Paso")]],
        &[&[], &[("Denver", "El Paso")]],
    );
    let r = g.result();
    assert_eq!((r.seats()[0].score, r.seats()[1].score), (25, 8));
    assert_eq!(r.winners, seats(&[0]));
}

#[test]
fn points_tie_goes_to_most_completed_tickets() {
    let g = scored(
        3,
        &[
            &[("Denver", "Santa Fe"), ("Santa Fe", "El Paso")],
            &[("Chicago", "Omaha"), ("Atlanta", "Nashville")],
            &[("Calgary", "Winnipeg")],
        ],
        &[&[("Denver", "El Paso")], &[], &[("Los Angeles", "New York")]],
    );
    let r = g.result();
    let scores: Vec<i32> = r.seats().iter().map(|s| s.score).collect();
    assert_eq!(scores, vec![8, 8, 4]);
    assert_eq!(r.seats()[2].bonus_points, 10);
    assert_eq!(r.winners, seats(&[0]));
}

#[test]
fn then_the_tied_player_holding_the_longest_path_bonus_wins() {
    let g = scored(
        2,
        &[
            &[("Calgary", "Winnipeg"), ("Los Angeles", "Phoenix"), ("Boston", "Montreal")],
            &[("Chicago", "Duluth"), ("Duluth", "Winnipeg")],
        ],
        &[],
    );
    let r = g.result();
    assert_eq!((r.seats()[0].score, r.seats()[1].score), (21, 21));
    assert_eq!((r.seats()[0].longest_path, r.seats()[1].longest_path), (6, 7));
    assert_eq!(r.winners, seats(&[1]));
}

#[test]
fn shared_win_when_no_tied_player_holds_the_longest_path_bonus() {
    // Seats 0 and 1 tie on points and tickets; seat 2 holds the bonus. Seat 0's path is
    // longer than seat 1's, but that does not break the tie.
    let g = scored(
        3,
        &[
            &[("Calgary", "Winnipeg")],
            &[("Atlanta", "Miami"), ("Los Angeles", "Phoenix"), ("Portland", "Seattle")],
            &[("Chicago", "Duluth"), ("Duluth", "Winnipeg")],
        ],
        &[&[], &[], &[("Los Angeles", "New York")]],
    );
    let r = g.result();
    let scores: Vec<i32> = r.seats().iter().map(|s| s.score).collect();
    assert_eq!(scores, vec![15, 15, 0]);
    let paths: Vec<u16> = r.seats().iter().map(|s| s.longest_path).collect();
    assert_eq!(paths, vec![6, 5, 7]);
    assert_eq!(r.winners, seats(&[0, 1]));
}

// ---------------------------------------------------------------------------------------
// 5. Hidden information
// ---------------------------------------------------------------------------------------

#[test]
fn observation_hides_opponents_hands_tickets_and_deck_order() {
    let map = usa();
    let build = |hand1: CardCounts, ticket1: u8, seed: u64, reverse: bool| {
        let mut s = table(map, 3);
        s.give(0, cards(&[(Card::Red, 2)]));
        s.give(1, hand1);
        s.ticket_deck.retain(|&t| t != TicketId(ticket1) && t != TicketId(0));
        s.tickets[0].insert(TicketId(0));
        s.tickets[1].insert(TicketId(ticket1));
        if reverse {
            s.ticket_deck.reverse();
        }
        s.seed = seed;
        s
    };
    let a = build(cards(&[(Card::Blue, 3), (Card::Loco, 1)]), 5, 1, false);
    let b = build(cards(&[(Card::Green, 2), (Card::Black, 2)]), 9, 2, true);
    let (ga, gb) = (start(map, &a), start(map, &b));
    for seat in [0, 2] {
        assert_eq!(
            Observation::new(&ga, Seat(seat)),
            Observation::new(&gb, Seat(seat)),
            "seat {seat} can tell the positions apart"
        );
    }
    assert_ne!(Observation::new(&ga, Seat(1)), Observation::new(&gb, Seat(1)));
    let o = Observation::new(&ga, Seat(0));
    assert_eq!(o.hand(), cards(&[(Card::Red, 2)]));
    assert_eq!(o.hand_size(Seat(1)), 4);
    assert_eq!(o.ticket_count(Seat(1)), 1);
    assert_eq!(o.deck_size(), 110 - 5 - 6);
    assert!(o.legal_actions().is_some());
    assert!(Observation::new(&ga, Seat(1)).legal_actions().is_none());
    // Public facts do show: a claimed route.
    let mut c = a.clone();
    own(map, &mut c, 1, &[route(map, "Chicago", "Duluth")]);
    let gc = start(map, &c);
    assert_ne!(Observation::new(&ga, Seat(0)), Observation::new(&gc, Seat(0)));
    assert_eq!(Observation::new(&gc, Seat(0)).route_points(Seat(1)), 4);
}

#[test]
fn observation_shows_which_face_up_cards_were_taken() {
    let map = usa();
    let mut s = table(map, 2);
    piles(&mut s, cards(&[(Card::Yellow, 12)]), cards(&[(Card::Pink, 3)]), 0);
    s.to_move = Seat(1);
    let mut g = start(map, &s);
    act(&mut g, Action::TakeFaceUp(0)); // red, face up
    act(&mut g, Action::DrawBlind); // yellow, hidden
    let o = Observation::new(&g, Seat(0));
    assert_eq!(o.known_cards(Seat(1)), cards(&[(Card::Red, 1)]));
    assert_eq!(o.hand_size(Seat(1)), 2);
    assert_eq!(o.market()[0], Some(Card::Yellow));
    assert_eq!((o.deck_size(), o.discard_size()), (10, 3));
}

// ---------------------------------------------------------------------------------------
// 5. Passing, the turn cap, illegal actions
// ---------------------------------------------------------------------------------------

/// Three players with 3 trains each (seat 1: `seat1_trains`), every route of length 3 or
/// less claimed, every card in seats 0 and 2's hands except `seat1_hand`, nothing face up,
/// empty deck, discard pile and ticket deck.
fn blocked_table(seat1_trains: u8, seat1_hand: CardCounts) -> Setup {
    let map = usa();
    let used = [42, 45 - u32::from(seat1_trains), 42];
    let owned = block_short_routes(map, &used);
    let mut s = Setup::empty(map, 3);
    for (seat, set) in owned.iter().enumerate() {
        own(map, &mut s, seat, &set.iter().collect::<Vec<_>>());
    }
    s.give(1, seat1_hand);
    deal_rest(&mut s, &[0, 2]);
    s.ticket_deck.clear();
    s
}

#[test]
fn player_without_a_legal_action_passes_and_all_passing_ends_the_game() {
    let map = usa();
    let mut s = blocked_table(3, CardCounts::EMPTY);
    let t = ticket(map, "Denver", "El Paso");
    s.tickets[0].insert(t);
    let mut g = start(map, &s);
    let expected = g.result();
    for seat in 0..3u8 {
        assert_eq!(g.to_move(), Seat(seat));
        assert_eq!(g.trains(Seat(seat)), 3);
        assert_eq!(legal(&g), vec![Action::Pass]);
        refuse(&mut g, Action::DrawBlind);
        refuse(&mut g, Action::DrawTickets);
        assert!(!g.is_over(), "ended after {seat} passes");
        act(&mut g, Action::Pass);
    }
    assert_eq!(g.phase(), Phase::Over(EndReason::Passes));
    let r = g.result();
    assert_eq!(r.end, EndReason::Passes);
    assert_eq!(r.seats, expected.seats, "scored normally");
    for seat in 0..3 {
        let points: i32 = g.owned(Seat(seat)).iter().map(|id| i32::from(map.route_points(map.route(id).length))).sum();
        assert_eq!(r.seats()[usize::from(seat)].route_points, points);
    }
    assert_eq!(r.seats()[0].tickets_completed + r.seats()[0].tickets_failed, 1, "the ticket is scored");
}

#[test]
fn only_passes_in_a_row_end_the_game() {
    let map = usa();
    // Seat 1 has 7 trains and 4 cards for one open route of length 4.
    let probe = blocked_table(7, CardCounts::EMPTY);
    let claimed = probe.owned.iter().fold(RouteSet::EMPTY, |a, &b| a.or(b));
    let r = (0..map.routes().len())
        .map(|i| RouteId(i as u8))
        .find(|&r| {
            let route = map.route(r);
            route.length == 4 && !claimed.contains(r) && !route.twin.is_some_and(|t| claimed.contains(t))
        })
        .expect("an open route of length 4");
    let color = map.route(r).color.unwrap_or(Card::Red);
    let hand1 = cards(&[(color, 4)]);
    let s = blocked_table(7, hand1);
    let mut g = start(map, &s);
    let passes = |g: &GameState<'_>| g.to_setup().passes;

    act(&mut g, Action::Pass); // seat 0
    assert_eq!(passes(&g), 1);
    act(&mut g, claim(r, hand1)); // seat 1: the pass count restarts
    assert_eq!(passes(&g), 0);
    assert_eq!(g.trains(Seat(1)), 3);
    let c = Some(color);
    assert_eq!(g.market(), [c, c, c, c, None], "paid cards refill the row");
    for slot in 0..4 {
        act(&mut g, Action::TakeFaceUp(slot)); // seats 2 and 0 take two each
    }
    assert_eq!(g.to_move(), Seat(1));
    act(&mut g, Action::Pass); // seat 1
    act(&mut g, Action::Pass); // seat 2
    assert!(!g.is_over(), "three passes in all, but only two in a row");
    assert_eq!(passes(&g), 2);
    act(&mut g, Action::Pass); // seat 0
    assert_eq!(g.phase(), Phase::Over(EndReason::Passes));
}

#[test]
fn pass_refused_while_another_action_is_legal() {
    let map = usa();
    let mut g = start(map, &table(map, 2));
    assert!(!legal(&g).contains(&Action::Pass));
    let reason = refuse(&mut g, Action::Pass);
    assert!(reason.contains("only with no other"), "{reason}");
}

#[test]
fn turn_cap_ends_the_game_and_it_is_scored_normally() {
    let map = usa();
    let cap = map.rules.turn_cap;
    let mut s = table(map, 2);
    own(map, &mut s, 0, &[route(map, "Calgary", "Winnipeg")]);
    s.turns = cap - 2;
    let mut g = start(map, &s);
    draw_turn(&mut g);
    assert!(!g.is_over(), "ended before the cap");
    draw_turn(&mut g);
    assert_eq!(g.phase(), Phase::Over(EndReason::TurnCap));
    let r = g.result();
    assert_eq!((r.end, r.turns), (EndReason::TurnCap, cap));
    assert_eq!(r.seats()[0].score, 15 + 10);
    assert_eq!(r.winners, seats(&[0]));
    refuse(&mut g, Action::DrawBlind);
}

#[test]
fn illegal_actions_are_refused_and_leave_the_state_untouched() {
    let map = usa();
    let mut s = table(map, 2);
    s.lay([Some(Card::Red), None, Some(Card::Blue), None, None]);
    s.give(0, cards(&[(Card::Red, 2)]));
    let r = route(map, "Chicago", "Duluth");
    let mut g = start(map, &s);
    for action in [
        Action::Keep(1),
        Action::TakeFaceUp(1),
        Action::TakeFaceUp(9),
        Action::TunnelPay(cards(&[(Card::Red, 1)])),
        Action::TunnelBack,
        Action::Pass,
        claim(r, cards(&[(Card::Red, 2)])),
        claim(r, cards(&[(Card::Red, 3)])),
    ] {
        refuse(&mut g, action);
    }
    // The random generator is untouched too: the same draws follow as from a fresh state.
    let mut fresh = start(map, &s);
    for state in [&mut g, &mut fresh] {
        draw_turn(state);
    }
    assert_eq!(g.hand(Seat(0)), fresh.hand(Seat(0)));
    assert_eq!(g.market(), fresh.market());

    // In the keep phase, only keeping is allowed.
    act(&mut g, Action::DrawTickets);
    refuse(&mut g, Action::DrawBlind);
    refuse(&mut g, Action::DrawTickets);
    refuse(&mut g, Action::Keep(0));
}
