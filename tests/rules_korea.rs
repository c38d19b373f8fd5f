//! Rule tests for docs/rules.md section 4 (South Korea) on `maps/south_korea.toml`, through the
//! public API of `ttr` only.
//!
//! The map is provisional (tickets generated, provinces board = eight lines valued 1..9), so
//! these tests rely only on the rules and on that stand-in layout, never on printed tickets.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::winners;
use ttr::{Action, Card, CardCounts, GameState, Map, Observation, Phase, RouteId, Seat, SeatResult, Setup, TicketId};

mod common;
use common::{act, cards, legal, refuse, route, routes_worth, seats, shared, start};

// ---------------------------------------------------------------------------------------
// Helpers (in the style of tests/rules_base.rs)
// ---------------------------------------------------------------------------------------

fn korea() -> &'static Map {
    shared("south_korea")
}

fn is_express(a: &Action) -> bool {
    matches!(a, Action::ExpressCards(_) | Action::ExpressTickets(_))
        || matches!(a, Action::ClaimProvince { express, .. } if *express != 0)
}

fn express_of(g: &GameState<'_>, seat: u8) -> Vec<u8> {
    g.express_cards(Seat(seat)).collect()
}

/// A South Korea position for `players`, seat 0 to move, five colour cards face up.
fn table(map: &Map, players: usize) -> Setup {
    let mut s = Setup::empty(map, players);
    s.lay([Some(Card::Orange), Some(Card::Green), Some(Card::Yellow), Some(Card::White), Some(Card::Pink)]);
    s.seed = 11;
    s
}

/// Bit of the space with this value on a 1..9 line.
fn space(value: u8) -> u16 {
    1 << (value - 1)
}

fn red_line(g: &GameState<'_>, seat: usize) -> u16 {
    g.provinces()[Card::Red.index()][seat]
}

fn province(route: RouteId, pay: CardCounts, line: Card, express: u8) -> Action {
    Action::ClaimProvince { route, pay, line, express }
}

/// Routes worth exactly `trains` trains, none in `avoid`, never both tracks of a double.
// ---------------------------------------------------------------------------------------
// Material
// ---------------------------------------------------------------------------------------

#[test]
fn map_rules_are_section_4() {
    let map = korea();
    let r = &map.rules;
    assert_eq!(r.players, [2, 5]);
    assert_eq!(r.trains, 45);
    assert_eq!(r.express, vec![1, 2, 3]);
    assert!(r.bonuses.is_empty(), "no longest-path and no most-tickets bonus");
    assert_eq!(r.setup_tickets.deal, 6);
    assert_eq!(r.setup_tickets.keep, 4);
    assert!(r.setup_tickets.draft);
    let board = r.provinces.as_ref().expect("a provinces board");
    assert_eq!(board.len(), 8, "one line per card colour");
    for c in Card::COLORS {
        assert_eq!(board.get(&c).map(Vec::as_slice), Some(&[1u8, 2, 3, 4, 5, 6, 7, 8, 9][..]), "{c}");
    }
    assert_eq!(r.province_awards, vec![vec![10], vec![10, 6], vec![10, 6, 4], vec![10, 6, 4, 2]]);
    let g = GameState::new(map, 3, 1).unwrap();
    for s in 0..3 {
        assert_eq!(express_of(&g, s), vec![1, 2, 3], "every seat has +1, +2, +3");
        assert_eq!(g.trains(Seat(s)), 45);
    }
}

// ---------------------------------------------------------------------------------------
// Setup draft
// ---------------------------------------------------------------------------------------

#[test]
fn setup_tickets_are_drafted_then_exactly_four_kept() {
    let map = korea();
    let normal = map.normal_tickets().iter().count();
    for players in 2..=5usize {
        for seed in 0..6u64 {
            let mut g = GameState::new(map, players, seed).unwrap();
            assert_eq!(g.phase(), Phase::Draft);
            assert_eq!(g.to_move(), Seat(0));
            assert_eq!(g.ticket_deck().len(), normal - 6 * players);
            // packets[s]: the packet seat s holds now.
            let mut packets: Vec<Vec<TicketId>> = (0..players)
                .map(|s| {
                    let offer = g.offer(Seat(s as u8));
                    assert_eq!(offer.len(), 6, "packet of 6");
                    assert!(g.tickets(Seat(s as u8)).is_empty());
                    offer.tickets().to_vec()
                })
                .collect();
            let mut picks: Vec<Vec<TicketId>> = vec![Vec::new(); players];
            for round in 0..6usize {
                for s in 0..players {
                    let seat = Seat(s as u8);
                    assert_eq!(g.phase(), Phase::Draft, "round {round}");
                    assert_eq!(g.to_move(), seat, "seats pick in order");
                    assert_eq!(g.offer(seat).tickets(), &packets[s][..], "round {round}, seat {s}");
                    assert_eq!(g.drafted(seat).tickets(), &picks[s][..]);
                    let left = packets[s].len();
                    assert_eq!(left, 6 - round);
                    let actions = legal(&g);
                    assert_eq!(actions, (0..left as u8).map(Action::Pick).collect::<Vec<_>>());
                    refuse(&mut g, Action::Pick(left as u8));
                    refuse(&mut g, Action::DrawBlind);
                    refuse(&mut g, Action::ExpressCards(1));
                    let i = (round + s + seed as usize) % left;
                    act(&mut g, Action::Pick(i as u8));
                    picks[s].push(packets[s].remove(i));
                    if g.phase() == Phase::Draft {
                        assert_eq!(g.drafted(seat).tickets(), &picks[s][..]);
                    }
                }
                // After every seat has picked, seat s's packet goes to seat (s + 1) % n.
                packets.rotate_right(1);
            }
            assert_eq!(g.phase(), Phase::SetupKeep);
            assert_eq!(g.to_move(), Seat(0));
            let mut returned = Vec::new();
            for s in 0..players {
                let seat = Seat(s as u8);
                assert_eq!(g.offer(seat).tickets(), &picks[s][..], "seat {s} is offered its 6 picks");
                let actions = legal(&g);
                assert_eq!(actions.len(), 15, "C(6,4) keep choices");
                assert!(actions.iter().all(|a| matches!(a, Action::Keep(m) if m.count_ones() == 4)));
                for bad in [0b000_111u8, 0b011_111, 0b111_111, 0b000_001, 0] {
                    refuse(&mut g, Action::Keep(bad));
                }
                let mask = [0b001_111u8, 0b110_011, 0b101_101, 0b111_100, 0b010_111][s];
                act(&mut g, Action::Keep(mask));
                for (i, &t) in picks[s].iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        assert!(g.tickets(seat).contains(t));
                    } else {
                        returned.push(t);
                    }
                }
                assert_eq!(g.tickets(seat).count(), 4);
            }
            assert_eq!(g.phase(), Phase::Turn);
            assert_eq!(g.to_move(), Seat(0));
            let deck = g.ticket_deck();
            assert_eq!(deck.len(), normal - 4 * players);
            let set = deck.set();
            for &t in &returned {
                assert!(set.contains(t), "returned ticket {t:?} is back in the deck");
                for s in 0..players {
                    assert!(!g.tickets(Seat(s as u8)).contains(t), "nobody holds a returned ticket");
                }
            }
        }
    }
}

#[test]
fn returned_draft_tickets_are_shuffled_in_not_put_at_the_bottom() {
    let map = korea();
    let mut not_at_bottom = 0;
    for seed in 0..20u64 {
        let mut g = GameState::new(map, 2, seed).unwrap();
        while g.phase() == Phase::Draft {
            act(&mut g, Action::Pick(0));
        }
        let mut returned = Vec::new();
        for s in 0..2u8 {
            returned.extend_from_slice(&g.offer(Seat(s)).tickets()[4..]);
            act(&mut g, Action::Keep(0b1111));
        }
        let deck: Vec<TicketId> = g.ticket_deck().iter().collect();
        let bottom = &deck[deck.len() - returned.len()..];
        if !returned.iter().all(|t| bottom.contains(t)) {
            not_at_bottom += 1;
        }
    }
    assert!(not_at_bottom >= 15, "returned tickets sit at the bottom in {} of 20 games", 20 - not_at_bottom);
}

// ---------------------------------------------------------------------------------------
// Express cards: train cards
// ---------------------------------------------------------------------------------------

#[test]
fn express_for_cards_draws_extra_blind_cards_then_the_normal_draw() {
    let map = korea();
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 2)]));
    let mut g = start(map, &s);
    let market = g.market();
    let deck = g.deck().total();
    let offered: Vec<Action> = legal(&g).into_iter().filter(is_express).collect();
    for v in [1, 2, 3] {
        assert!(offered.contains(&Action::ExpressCards(v)), "ExpressCards({v}) offered");
        assert!(offered.contains(&Action::ExpressTickets(v)), "ExpressTickets({v}) offered");
    }
    act(&mut g, Action::ExpressCards(2));
    assert_eq!(g.hand(Seat(0)).total(), 4, "two extra cards");
    assert_eq!(g.deck().total(), deck - 2, "drawn blind from the deck");
    assert_eq!(g.market(), market, "the market is untouched");
    assert_eq!(g.phase(), Phase::FirstCard);
    assert_eq!(g.to_move(), Seat(0));
    assert_eq!(express_of(&g, 0), vec![1, 3], "the +2 card is used");
    assert_eq!(express_of(&g, 1), vec![1, 2, 3]);
    // At most one express card a turn, and the draw must follow.
    assert!(legal(&g).iter().all(|a| matches!(a, Action::DrawBlind | Action::TakeFaceUp(_))));
    refuse(&mut g, Action::ExpressCards(1));
    refuse(&mut g, Action::ExpressTickets(3));
    refuse(&mut g, Action::DrawTickets);
    let r = route(map, "Namwon", "Suncheon");
    refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 1));
    refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 0));
    refuse(&mut g, Action::Claim { route: r, pay: cards(&[(Card::Red, 2)]) });
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.phase(), Phase::SecondCard);
    assert!(legal(&g).iter().all(|a| matches!(a, Action::DrawBlind | Action::TakeFaceUp(_))));
    refuse(&mut g, Action::ExpressCards(1));
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.hand(Seat(0)).total(), 6, "2 + 2 extra + the normal draw of 2");
    assert_eq!(g.to_move(), Seat(1));
    assert_eq!(g.phase(), Phase::Turn);
    // Seat 1's turn, then seat 0 again: the +2 card is gone for good.
    act(&mut g, Action::DrawBlind);
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.to_move(), Seat(0));
    refuse(&mut g, Action::ExpressCards(2));
    refuse(&mut g, Action::ExpressTickets(2));
    refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 2));
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::ExpressCards(2) | Action::ExpressTickets(2))));
    // A face-up first card after an express works as in a normal draw.
    act(&mut g, Action::ExpressCards(1));
    assert_eq!(g.hand(Seat(0)).total(), 7);
    act(&mut g, Action::TakeFaceUp(0));
    act(&mut g, Action::DrawBlind);
    assert_eq!(g.hand(Seat(0)).total(), 9);
    assert_eq!(express_of(&g, 0), vec![3]);
}

#[test]
fn a_used_express_card_is_refused() {
    let map = korea();
    let mut s = table(map, 2);
    s.express[0] = 0b101; // +2 used
    s.give(0, cards(&[(Card::Red, 2)]));
    let mut g = start(map, &s);
    let r = route(map, "Namwon", "Suncheon");
    refuse(&mut g, Action::ExpressCards(2));
    refuse(&mut g, Action::ExpressTickets(2));
    refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 2));
    refuse(&mut g, Action::ExpressCards(4));
    refuse(&mut g, Action::ExpressCards(0));
    s.express[0] = 0;
    let mut g = start(map, &s);
    assert!(!legal(&g).iter().any(is_express));
    for v in [1, 2, 3] {
        refuse(&mut g, Action::ExpressCards(v));
    }
}

// ---------------------------------------------------------------------------------------
// Express cards: tickets
// ---------------------------------------------------------------------------------------

#[test]
fn express_for_tickets_offers_up_to_six_keep_one_to_all() {
    let map = korea();
    let s = table(map, 2);
    let mut g = start(map, &s);
    let top: Vec<TicketId> = g.ticket_deck().iter().take(6).collect();
    act(&mut g, Action::ExpressTickets(3));
    assert_eq!(g.phase(), Phase::KeepTickets);
    assert_eq!(g.offer(Seat(0)).tickets(), &top[..], "3 + 3 tickets from the top");
    assert_eq!(express_of(&g, 0), vec![1, 2]);
    assert_eq!(legal(&g).len(), 63, "every non-empty subset of 6");
    refuse(&mut g, Action::Keep(0));
    refuse(&mut g, Action::Keep(0b100_0000));
    act(&mut g, Action::Keep(0b11_1111));
    assert_eq!(g.tickets(Seat(0)).count(), 6, "all six kept");
    assert_eq!(g.to_move(), Seat(1));

    // Keeping one: the five others go to the bottom.
    let mut g = start(map, &s);
    let deck: Vec<TicketId> = g.ticket_deck().iter().collect();
    act(&mut g, Action::ExpressTickets(3));
    act(&mut g, Action::Keep(0b00_0100));
    assert_eq!(g.tickets(Seat(0)).count(), 1);
    assert!(g.tickets(Seat(0)).contains(deck[2]));
    let after: Vec<TicketId> = g.ticket_deck().iter().collect();
    assert_eq!(after.len(), deck.len() - 1);
    let bottom = &after[after.len() - 5..];
    for t in [deck[0], deck[1], deck[3], deck[4], deck[5]] {
        assert!(bottom.contains(&t), "returned ticket at the bottom");
    }

    // +1: four tickets; +2: five.
    for (v, n) in [(1u8, 4usize), (2, 5)] {
        let mut g = start(map, &s);
        act(&mut g, Action::ExpressTickets(v));
        assert_eq!(g.offer(Seat(0)).len(), n);
        assert_eq!(legal(&g).len(), (1 << n) - 1);
    }
    // A normal ticket draw still offers 3, keep at least 1.
    let mut g = start(map, &s);
    act(&mut g, Action::DrawTickets);
    assert_eq!(g.offer(Seat(0)).len(), 3);
    assert_eq!(express_of(&g, 0), vec![1, 2, 3]);
}

// ---------------------------------------------------------------------------------------
// Provinces: placing a train
// ---------------------------------------------------------------------------------------

#[test]
fn a_province_train_goes_to_the_space_equal_to_the_cards_paid() {
    let map = korea();
    let r = route(map, "Namwon", "Suncheon");
    assert_eq!(map.route(r).color, Some(Card::Red));
    assert_eq!(map.route(r).length, 2);
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 6), (Card::Loco, 3), (Card::Blue, 2)]));
    let pay = cards(&[(Card::Red, 2)]);
    let mut g = start(map, &s);
    assert!(legal(&g).contains(&province(r, pay, Card::Red, 0)));
    act(&mut g, province(r, pay, Card::Red, 0));
    assert_eq!(red_line(&g, 0), space(2));
    assert!(g.owned(Seat(0)).contains(r));
    assert_eq!(g.trains(Seat(0)), 45 - 3, "route plus one provinces train");
    assert_eq!(g.province_trains(Seat(0)), 1);
    assert_eq!(g.hand(Seat(0)), cards(&[(Card::Red, 4), (Card::Loco, 3), (Card::Blue, 2)]));
    assert_eq!(g.route_points(Seat(0)), 2);
    assert_eq!(g.to_move(), Seat(1));
    assert_eq!(express_of(&g, 0), vec![1, 2, 3], "no express used");
    for c in Card::COLORS.into_iter().filter(|&c| c != Card::Red) {
        assert_eq!(g.provinces()[c.index()][0], 0, "{c}");
    }

    // Overpaying with the route's colour and locomotives aims higher.
    for (pay, value) in [
        (cards(&[(Card::Red, 3)]), 3),
        (cards(&[(Card::Red, 3), (Card::Loco, 1)]), 4),
        (cards(&[(Card::Red, 1), (Card::Loco, 3)]), 4),
        (cards(&[(Card::Loco, 3)]), 3),
        (cards(&[(Card::Red, 6), (Card::Loco, 3)]), 9),
    ] {
        let mut g = start(map, &s);
        assert!(legal(&g).contains(&province(r, pay, Card::Red, 0)), "{pay}");
        act(&mut g, province(r, pay, Card::Red, 0));
        assert_eq!(red_line(&g, 0), space(value), "{pay}");
        assert_eq!(g.trains(Seat(0)), 42, "overpaying costs cards, not trains");
        let mut hand = s.hands[0];
        hand.remove(&pay);
        assert_eq!(g.hand(Seat(0)), hand);
    }

    // An express card adds its value.
    for (pay, e, value) in [
        (cards(&[(Card::Red, 2)]), 1, 3),
        (cards(&[(Card::Red, 2)]), 3, 5),
        (cards(&[(Card::Red, 4)]), 2, 6),
        (cards(&[(Card::Red, 6), (Card::Loco, 3)]), 3, 9),
    ] {
        let mut g = start(map, &s);
        assert!(legal(&g).contains(&province(r, pay, Card::Red, e)));
        act(&mut g, province(r, pay, Card::Red, e));
        assert_eq!(red_line(&g, 0), space(value), "{pay} + express {e}");
        let left: Vec<u8> = [1, 2, 3].into_iter().filter(|&v| v != e).collect();
        assert_eq!(express_of(&g, 0), left, "the express card is used");
    }
}

#[test]
fn an_aim_above_the_top_space_starts_at_the_top() {
    let map = korea();
    let r = route(map, "Gunsan", "Mokpo");
    assert_eq!(map.route(r).length, 6);
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 8), (Card::Loco, 3)]));
    s.provinces[Card::Red.index()][1] = space(9);
    s.trains[1] -= 1;
    let mut g = start(map, &s);
    // Aim 12 with the top space (9) taken: falls to 8.
    act(&mut g, province(r, cards(&[(Card::Red, 8), (Card::Loco, 1)]), Card::Red, 3));
    assert_eq!(red_line(&g, 0), space(8));
}

#[test]
fn a_taken_space_sends_the_train_to_the_first_free_space_below() {
    let map = korea();
    let r = route(map, "Namwon", "Suncheon");
    let mut s = table(map, 3);
    s.give(0, cards(&[(Card::Red, 6), (Card::Loco, 2)]));
    // Seat 1 holds 5 and 4, seat 2 holds 2 and 1 on the red line.
    s.provinces[Card::Red.index()][1] = space(5) | space(4);
    s.provinces[Card::Red.index()][2] = space(2) | space(1);
    s.trains[1] -= 2;
    s.trains[2] -= 2;
    for (pay, e, value) in [
        (cards(&[(Card::Red, 5)]), 0, 3),
        (cards(&[(Card::Red, 4)]), 0, 3),
        (cards(&[(Card::Red, 3)]), 0, 3),
        (cards(&[(Card::Red, 6)]), 0, 6),
        (cards(&[(Card::Red, 3)]), 2, 3),
        (cards(&[(Card::Red, 3)]), 3, 6),
    ] {
        let mut g = start(map, &s);
        act(&mut g, province(r, pay, Card::Red, e));
        assert_eq!(red_line(&g, 0), space(value), "{pay} + {e}");
        assert_eq!(red_line(&g, 1), space(5) | space(4), "other trains stay");
    }
    // Aim 2: spaces 2 and 1 are taken, no train can be placed.
    let mut g = start(map, &s);
    let obs = Observation::new(&g, Seat(0));
    let landings: Vec<Option<u8>> = [2, 3, 5, 6, 12].map(|aim| obs.province_landing(Card::Red, aim)).into();
    assert_eq!(landings, [None, Some(3), Some(3), Some(6), Some(9)], "where aims 2, 3, 5, 6 and 12 land");
    assert_eq!(obs.province_landing(Card::Loco, 5), None, "no locomotive line");
    let why = refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 0));
    assert!(why.contains("free space"), "{why}");
    // Plain claim still possible.
    act(&mut g, Action::Claim { route: r, pay: cards(&[(Card::Red, 2)]) });
    assert_eq!(g.province_trains(Seat(0)), 0);

    // A seat's own train also blocks the space: with 3 held by seat 0 and 2, 1 taken,
    // aiming at 3 leaves no free space.
    let mut s2 = s.clone();
    s2.provinces[Card::Red.index()][0] = space(3);
    s2.trains[0] -= 1;
    let mut g = start(map, &s2);
    refuse(&mut g, province(r, cards(&[(Card::Red, 3)]), Card::Red, 0));
    act(&mut g, province(r, cards(&[(Card::Red, 6)]), Card::Red, 0));
    assert_eq!(red_line(&g, 0), space(3) | space(6));
}

#[test]
fn province_claims_that_break_the_rules_are_refused() {
    let map = korea();
    let r = route(map, "Namwon", "Suncheon");
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 4), (Card::Loco, 2), (Card::Blue, 3)]));
    let mut g = start(map, &s);
    // A non-matching extra card.
    refuse(&mut g, province(r, cards(&[(Card::Red, 2), (Card::Blue, 1)]), Card::Red, 0));
    refuse(&mut g, province(r, cards(&[(Card::Blue, 3)]), Card::Red, 0));
    // Too few cards.
    refuse(&mut g, province(r, cards(&[(Card::Red, 1)]), Card::Red, 0));
    // A line other than the route's colour.
    for line in Card::COLORS.into_iter().filter(|&c| c != Card::Red) {
        refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), line, 0));
    }
    refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Loco, 0));
    // Cards not in hand.
    refuse(&mut g, province(r, cards(&[(Card::Red, 5)]), Card::Red, 0));
    // An express value the seat does not have.
    refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 4));
    // Overpaying without placing a train.
    refuse(&mut g, Action::Claim { route: r, pay: cards(&[(Card::Red, 3)]) });
    refuse(&mut g, Action::Claim { route: r, pay: cards(&[(Card::Red, 2), (Card::Loco, 1)]) });
    // Generated province claims are all on the red line, with matching cards only.
    let generated: Vec<Action> =
        legal(&g).into_iter().filter(|a| matches!(a, Action::ClaimProvince { route, .. } if *route == r)).collect();
    assert!(!generated.is_empty());
    for a in &generated {
        let Action::ClaimProvince { pay, line, .. } = *a else { unreachable!() };
        assert_eq!(line, Card::Red);
        assert_eq!(pay[Card::Blue], 0, "{a:?}");
        assert!(pay.total() >= 2);
    }
    // Generated plain claims never overpay.
    for a in legal(&g) {
        if let Action::Claim { route, pay } = a {
            assert_eq!(pay.total(), u32::from(map.route(route).length), "{a:?}");
        }
    }
}

#[test]
fn a_province_train_needs_a_train_in_the_supply_and_counts_for_the_end() {
    let map = korea();
    let r = route(map, "Namwon", "Suncheon");
    let base = {
        let mut s = table(map, 2);
        s.give(0, cards(&[(Card::Red, 4)]));
        s
    };
    // 5 trains left: a plain claim leaves 3 (no end), with a provinces train 2 (end triggered).
    let mut s = base.clone();
    for o in routes_worth(map, 40, &[r]) {
        s.owned[0].insert(o);
    }
    s.trains[0] = 5;
    let mut g = start(map, &s);
    act(&mut g, Action::Claim { route: r, pay: cards(&[(Card::Red, 2)]) });
    assert_eq!(g.trains(Seat(0)), 3);
    assert_eq!(g.final_turns_left(), None);
    let mut g = start(map, &s);
    act(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 0));
    assert_eq!(g.trains(Seat(0)), 2);
    assert_eq!(g.final_turns_left(), Some(2), "the provinces train counts for the end trigger");
    // Exactly length + 1 trains: allowed, leaving 0.
    let mut s = base.clone();
    for o in routes_worth(map, 42, &[r]) {
        s.owned[0].insert(o);
    }
    s.trains[0] = 3;
    let mut g = start(map, &s);
    act(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 0));
    assert_eq!(g.trains(Seat(0)), 0);
    // Only the route's trains: the plain claim is allowed, the provinces train is not.
    let mut s = base;
    for o in routes_worth(map, 43, &[r]) {
        s.owned[0].insert(o);
    }
    s.trains[0] = 2;
    let mut g = start(map, &s);
    refuse(&mut g, province(r, cards(&[(Card::Red, 2)]), Card::Red, 0));
    act(&mut g, Action::Claim { route: r, pay: cards(&[(Card::Red, 2)]) });
    assert_eq!(g.trains(Seat(0)), 0);
}

#[test]
fn trains_on_the_board_never_return() {
    let map = korea();
    let r1 = route(map, "Namwon", "Suncheon");
    let r2 = route(map, "Gwangju", "Suncheon");
    let mut s = table(map, 2);
    s.give(0, cards(&[(Card::Red, 6)]));
    s.give(1, cards(&[(Card::Red, 4)]));
    let mut g = start(map, &s);
    act(&mut g, province(r1, cards(&[(Card::Red, 3)]), Card::Red, 0));
    act(&mut g, province(r2, cards(&[(Card::Red, 3)]), Card::Red, 0));
    assert_eq!(red_line(&g, 0), space(3));
    assert_eq!(red_line(&g, 1), space(2), "3 taken by seat 0: seat 1 falls to 2");
    for _ in 0..4 {
        act(&mut g, Action::DrawBlind);
        act(&mut g, Action::DrawBlind);
    }
    assert_eq!(red_line(&g, 0), space(3));
    assert_eq!(g.province_trains(Seat(0)), 1);
    assert_eq!(g.trains(Seat(0)), 42);
    assert_eq!(g.trains(Seat(1)), 42);
}

// ---------------------------------------------------------------------------------------
// Provinces: scoring
// ---------------------------------------------------------------------------------------

/// A position whose red line holds `spaces[s]` (values) for each seat.
fn red_board(players: usize, spaces: &[&[u8]]) -> Setup {
    let map = korea();
    let mut s = Setup::empty(map, players);
    for (seat, values) in spaces.iter().enumerate() {
        for &v in *values {
            s.provinces[Card::Red.index()][seat] |= space(v);
            s.trains[seat] -= 1;
        }
    }
    s
}

fn province_points(s: &Setup) -> Vec<i32> {
    let map = korea();
    let g = start(map, s);
    let result = g.result();
    for r in result.seats() {
        assert_eq!(r.bonus_points, r.province_points, "province points are the only bonus");
        assert_eq!(r.score, r.route_points + r.ticket_points_gained - r.ticket_points_lost + r.bonus_points);
    }
    result.seats().iter().map(|r| r.province_points).collect()
}

#[test]
fn provinces_scoring_rulebook_example_four_players() {
    // Green 9 -> 10; black 8 with a train on 6 -> 6; blue 8 with the best on 5 -> 4; red 7 -> 0.
    let s = red_board(4, &[&[9], &[6, 2], &[5, 3], &[7]]);
    assert_eq!(province_points(&s), vec![10, 6, 4, 0]);
    // Same sums, other seats: awards follow the sums, not the seat order.
    let s = red_board(4, &[&[7], &[5, 3], &[6, 2], &[9]]);
    assert_eq!(province_points(&s), vec![0, 4, 6, 10]);
}

#[test]
fn provinces_awards_by_player_count() {
    // 2 players: only 10 to the best.
    assert_eq!(province_points(&red_board(2, &[&[1, 2], &[4]])), vec![0, 10]);
    assert_eq!(province_points(&red_board(2, &[&[9], &[4, 3, 1]])), vec![10, 0], "9 beats 8");
    assert_eq!(province_points(&red_board(2, &[&[5, 4], &[9]])), vec![0, 10], "9 = 9: the higher space wins");
    // 3 players: 10/6.
    assert_eq!(province_points(&red_board(3, &[&[1], &[2], &[3]])), vec![0, 6, 10]);
    // 5 players: 10/6/4/2.
    assert_eq!(province_points(&red_board(5, &[&[1], &[2], &[3], &[4], &[5]])), vec![0, 2, 4, 6, 10]);
    // At least one train is needed: a seat without a train gets nothing even if places remain.
    assert_eq!(province_points(&red_board(3, &[&[1], &[], &[]])), vec![10, 0, 0]);
    assert_eq!(province_points(&red_board(4, &[&[], &[2], &[], &[1]])), vec![0, 10, 0, 6]);
    assert_eq!(province_points(&red_board(5, &[&[], &[], &[], &[], &[]])), vec![0; 5]);
    // Equal sums: the higher single space wins.
    assert_eq!(
        province_points(&red_board(3, &[&[4, 5], &[9], &[1, 8]])),
        vec![0, 10, 6],
        "9 = 9 = 9: ranked by top space 9, 8, 5"
    );
}

#[test]
fn provinces_lines_are_scored_separately_and_added() {
    let map = korea();
    let mut s = Setup::empty(map, 3);
    let mut put = |line: Card, seat: usize, v: u8| {
        s.provinces[line.index()][seat] |= space(v);
        s.trains[seat] -= 1;
    };
    put(Card::Red, 0, 9);
    put(Card::Red, 1, 3);
    put(Card::Blue, 0, 1);
    put(Card::Blue, 1, 2);
    put(Card::Blue, 2, 3);
    put(Card::Black, 2, 1);
    // Red: 10 / 6 / -; blue: 0 / 6 / 10; black: - / - / 10.
    assert_eq!(province_points(&s), vec![10, 12, 20]);
}

// ---------------------------------------------------------------------------------------
// No bonuses; tie-break
// ---------------------------------------------------------------------------------------

#[test]
fn no_longest_path_and_no_most_tickets_bonus() {
    let map = korea();
    let mut s = Setup::empty(map, 2);
    // Seat 0 owns a long chain; seat 1 nothing.
    let chain = [
        route(map, "Gunsan", "Mokpo"),
        route(map, "Mokpo", "Yeosu"),
        route(map, "Suncheon", "Yeosu"),
        route(map, "Namwon", "Suncheon"),
    ];
    for &r in &chain {
        s.owned[0].insert(r);
        s.trains[0] -= map.route(r).length;
    }
    // Seat 0 also holds every ticket it has completed, if any; give it one ticket from the deck.
    let completed = s.ticket_deck.iter().copied().find(|&t| {
        let ticket = map.ticket(t);
        ttr::connected(map, s.owned[0], ticket.a, ticket.b)
    });
    if let Some(t) = completed {
        s.ticket_deck.retain(|&x| x != t);
        s.tickets[0].insert(t);
    }
    let g = start(map, &s);
    let result = g.result();
    let r0 = result.seats()[0];
    assert!(r0.longest_path >= 15, "longest path {}", r0.longest_path);
    assert_eq!(r0.bonus_points, 0, "no longest-path bonus");
    assert_eq!(r0.province_points, 0);
    assert_eq!(r0.score, r0.route_points + r0.ticket_points_gained - r0.ticket_points_lost);
    assert_eq!(r0.route_points, 15 + 15 + 1 + 2);
    assert_eq!(result.seats()[1].bonus_points, 0);
    if completed.is_some() {
        assert_eq!(r0.tickets_completed, 1);
    }
}

fn seat_result(score: i32, tickets: u8, longest: u16) -> SeatResult {
    SeatResult { score, tickets_completed: tickets, longest_path: longest, ..SeatResult::default() }
}

#[test]
fn tie_break_is_most_completed_tickets_then_shared() {
    let map = korea();
    let w = |rs: &[SeatResult]| winners(map, rs);
    assert_eq!(w(&[seat_result(50, 2, 3), seat_result(50, 3, 1)]), seats(&[1]));
    assert_eq!(w(&[seat_result(50, 4, 1), seat_result(50, 3, 30)]), seats(&[0]), "longest path is no tie-break");
    assert_eq!(w(&[seat_result(50, 3, 1), seat_result(50, 3, 30), seat_result(49, 9, 9)]), seats(&[0, 1]));
    assert_eq!(w(&[seat_result(51, 0, 0), seat_result(50, 9, 9)]), seats(&[0]), "score first");
    assert_eq!(
        w(&[seat_result(40, 2, 0), seat_result(40, 2, 0), seat_result(40, 1, 0), seat_result(40, 2, 5)]),
        seats(&[0, 1, 3])
    );
}

// ---------------------------------------------------------------------------------------
// Properties: random games
// ---------------------------------------------------------------------------------------

#[test]
fn random_games_keep_every_invariant_and_end() {
    let map = korea();
    let mut over = 0;
    let mut province_trains = 0u32;
    let mut express_used = 0usize;
    for seed in 0..200u64 {
        let players = 2 + (seed % 4) as usize;
        let mut g = GameState::new(map, players, seed).unwrap();
        g.check_invariants().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut chooser = Pcg64Mcg::seed_from_u64(seed ^ 0x5EED_C0DE);
        let mut steps = 0u32;
        while !g.is_over() {
            let legal = g.legal_actions();
            assert!(!legal.is_empty(), "seed {seed}: no legal action in {:?}", g.phase());
            let a = legal.get(chooser.random_range(0..legal.len()));
            g.try_apply(a).unwrap_or_else(|e| panic!("seed {seed}: generated action refused: {e}"));
            g.check_invariants().unwrap_or_else(|e| panic!("seed {seed}, after {a:?}: {e}"));
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: game does not end");
        }
        over += 1;
        for s in 0..players {
            let seat = Seat(s as u8);
            province_trains += g.province_trains(seat);
            express_used += 3 - g.express_cards(seat).count();
            assert!(g.tickets(seat).count() >= 4, "seed {seed}: seat {s} kept 4 setup tickets");
        }
        let result = g.result();
        for r in result.seats() {
            assert_eq!(r.bonus_points, r.province_points, "seed {seed}");
        }
    }
    assert_eq!(over, 200);
    assert!(province_trains > 0, "random play places provinces trains");
    assert!(express_used > 0, "random play uses express cards");
}
