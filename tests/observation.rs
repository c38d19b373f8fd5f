//! What a seat may see (docs/rules.md 5): states that differ only in hidden information look the
//! same to a seat, and the publicly known cards follow face-up takes, payments and tunnels.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::{Action, Card, CardCounts, GameState, Map, Observation, Phase, Seat, Setup, TicketOffer};

mod common;
use common::{first_track, load};

fn state<'m>(map: &'m Map, setup: &Setup) -> GameState<'m> {
    GameState::from_setup(map, setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Moves a seat's whole hand back to the deck and gives it `hand` instead.
fn replace_hand(setup: &mut Setup, seat: usize, hand: CardCounts) {
    let old = setup.hands[seat];
    setup.deck.add(&old);
    setup.hands[seat] = CardCounts::EMPTY;
    setup.give(seat, hand);
}

/// A 3-player USA position in seat 0's turn: hands, tickets, a market, a discard pile and
/// a claimed route for seat 2. Seat 1 is publicly known to hold one red card.
fn position(map: &Map) -> Setup {
    let mut s = Setup::empty(map, 3);
    s.give(0, CardCounts::of(Card::Red, 3).with(Card::Blue, 2).with(Card::Loco, 1));
    s.give(1, CardCounts::of(Card::Green, 2).with(Card::Yellow, 2).with(Card::Red, 1));
    s.known[1] = CardCounts::of(Card::Red, 1);
    s.give(2, CardCounts::of(Card::Black, 4));
    s.lay([Some(Card::White), Some(Card::Orange), Some(Card::Pink), Some(Card::Green), Some(Card::Blue)]);
    let paid = CardCounts::of(Card::Orange, 3);
    s.deck.remove(&paid);
    s.discard.add(&paid);
    let route = first_track(map, "Denver", "Omaha");
    s.owned[2].insert(route);
    s.trains[2] -= map.route(route).trains_needed();
    let mut deal = |seat: usize, n: usize| {
        for t in s.ticket_deck.drain(..n).collect::<Vec<_>>() {
            s.tickets[seat].insert(t);
        }
    };
    deal(0, 2);
    deal(1, 2);
    deal(2, 3);
    s.turns = 6;
    s.seed = 11;
    s
}

/// `position` changed in everything seat 0 and seat 2 cannot see: seat 1's hand (same size,
/// the known red kept, other colours), seat 1's tickets (as many, others), hence the deck's
/// make-up, the ticket deck's order, and the seed of later draws.
fn hidden_variant(map: &Map) -> Setup {
    let mut s = position(map);
    replace_hand(&mut s, 1, CardCounts::of(Card::Red, 1).with(Card::Pink, 3).with(Card::Loco, 1));
    let held: Vec<_> = s.tickets[1].iter().collect();
    let fresh: Vec<_> = s.ticket_deck.drain(..held.len()).collect();
    s.tickets[1] = fresh.into_iter().collect();
    s.ticket_deck.extend(held);
    s.ticket_deck.reverse();
    s.seed = 99;
    s
}

#[test]
fn hidden_information_does_not_change_what_a_seat_sees() {
    let map = load("usa");
    let (a, b) = (position(&map), hidden_variant(&map));
    assert_ne!(a.hands[1], b.hands[1]);
    assert_eq!(a.hands[1].total(), b.hands[1].total());
    assert_ne!(a.tickets[1], b.tickets[1]);
    assert_ne!(a.deck, b.deck);
    assert_ne!(a.ticket_deck, b.ticket_deck);
    let (s1, s2) = (state(&map, &a), state(&map, &b));

    // Seat 0 is to move, so its view includes its legal actions; seat 2 only watches.
    for observer in [Seat(0), Seat(2)] {
        assert_eq!(Observation::new(&s1, observer), Observation::new(&s2, observer), "seat {}", observer.0);
    }
    assert_ne!(Observation::new(&s1, Seat(1)), Observation::new(&s2, Seat(1)));
}

#[test]
fn public_changes_do_change_what_a_seat_sees() {
    let map = load("usa");
    let base = position(&map);
    let s0 = state(&map, &base);
    let seen = |setup: &Setup| {
        let s = state(&map, setup);
        Observation::new(&s, Seat(0)) == Observation::new(&s0, Seat(0))
    };
    // One more card in seat 1's hand.
    let mut bigger = base.clone();
    bigger.give(1, CardCounts::of(Card::White, 1));
    assert!(!seen(&bigger), "hand size");
    // Seat 1's known card is a different one.
    let mut known = base.clone();
    known.known[1] = CardCounts::of(Card::Green, 1);
    assert!(!seen(&known), "known cards");
    // One card face up is different.
    let mut market = base.clone();
    market.lay([Some(Card::Black), Some(Card::Orange), Some(Card::Pink), Some(Card::Green), Some(Card::Blue)]);
    assert!(!seen(&market), "market");
    // Seat 1 holds one ticket more.
    let mut tickets = base.clone();
    let t = tickets.ticket_deck.remove(0);
    tickets.tickets[1].insert(t);
    assert!(!seen(&tickets), "ticket count");
}

/// Redistributes what `observer` cannot see in a position outside a tunnel attempt: every
/// other seat's cards beyond its known ones are dealt again from those cards and the deck,
/// each other seat's tickets and pending offer are swapped for tickets from the ticket deck,
/// and the ticket deck is shuffled.
fn scramble(setup: &Setup, observer: usize, rng: &mut Pcg64Mcg) -> Setup {
    let mut s = setup.clone();
    for seat in (0..s.players).filter(|&p| p != observer) {
        let mut unknown = s.hands[seat];
        unknown.remove(&s.known[seat]);
        let n = unknown.total();
        s.deck.add(&unknown);
        s.hands[seat] = s.known[seat];
        for _ in 0..n {
            let card = s.deck.nth_card(rng.random_range(0..s.deck.total()));
            s.give(seat, CardCounts::of(card, 1));
        }
        let held: Vec<_> = s.tickets[seat].iter().collect();
        if held.len() <= s.ticket_deck.len() {
            s.ticket_deck.shuffle(rng);
            let fresh: Vec<_> = s.ticket_deck.drain(..held.len()).collect();
            s.tickets[seat] = fresh.into_iter().collect();
            s.ticket_deck.extend(held);
        }
        let offered: Vec<_> = s.offers[seat].tickets().to_vec();
        if offered.len() <= s.ticket_deck.len() {
            s.ticket_deck.shuffle(rng);
            s.offers[seat] = TicketOffer::EMPTY;
            for t in s.ticket_deck.drain(..offered.len()).collect::<Vec<_>>() {
                s.offers[seat].push(t);
            }
            s.ticket_deck.extend(offered);
        }
    }
    s.ticket_deck.shuffle(rng);
    s.seed = rng.random();
    s
}

#[test]
fn scrambled_hidden_information_looks_the_same_in_random_games() {
    let mut checked = 0;
    for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
        let map = load(name);
        let [lo, hi] = map.rules.players;
        for seed in 0..40u64 {
            let players = usize::from(lo) + seed as usize % usize::from(hi - lo + 1);
            let mut game = GameState::new(&map, players, seed).expect("players in range");
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            while !game.is_over() {
                let legal = game.legal_actions();
                game.try_apply(legal.get(rng.random_range(0..legal.len()))).expect("legal");
                let tunnel = matches!(game.phase(), Phase::Tunnel { .. });
                if tunnel || game.is_over() || rng.random_range(0..8) != 0 {
                    continue;
                }
                let setup = game.to_setup();
                let original = state(&map, &setup);
                for observer in 0..players {
                    let other = state(&map, &scramble(&setup, observer, &mut rng));
                    let seat = Seat(observer as u8);
                    assert_eq!(
                        Observation::new(&original, seat),
                        Observation::new(&other, seat),
                        "{name}, seed {seed}, turn {}, seat {observer}",
                        game.turns()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} positions checked");
}

/// Applies an action that must be legal.
fn play(state: &mut GameState<'_>, action: Action) {
    if let Err(e) = state.try_apply(action) {
        panic!("{e}");
    }
}

/// The cards everyone knows `seat` holds, as seat `viewer` sees them.
fn known(state: &GameState<'_>, viewer: u8, seat: u8) -> CardCounts {
    Observation::new(state, Seat(viewer)).known_cards(Seat(seat))
}

#[test]
fn known_cards_follow_face_up_takes_and_payments() {
    let map = load("usa");
    let mut setup = Setup::empty(&map, 2);
    setup.give(0, CardCounts::of(Card::Red, 1));
    setup.lay([Some(Card::Red), Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::Yellow)]);
    let mut s = state(&map, &setup);
    assert_eq!(known(&s, 1, 0), CardCounts::EMPTY);

    // Two red cards taken face up; the one dealt before stays private.
    play(&mut s, Action::TakeFaceUp(0));
    assert_eq!(known(&s, 1, 0), CardCounts::of(Card::Red, 1));
    play(&mut s, Action::TakeFaceUp(1));
    assert_eq!(s.hand(Seat(0))[Card::Red], 3);
    assert_eq!(known(&s, 1, 0), CardCounts::of(Card::Red, 2));
    assert_eq!(known(&s, 0, 0), known(&s, 1, 0), "every seat sees the same");

    // Blind draws add nothing to what is known.
    play(&mut s, Action::DrawBlind);
    play(&mut s, Action::DrawBlind);
    assert_eq!(s.hand(Seat(1)).total(), 2);
    assert_eq!(known(&s, 0, 1), CardCounts::EMPTY);

    // Paying one red card leaves one of the two known.
    play(&mut s, Action::Claim { route: first_track(&map, "Atlanta", "Nashville"), pay: CardCounts::of(Card::Red, 1) });
    assert_eq!(known(&s, 1, 0), CardCounts::of(Card::Red, 1));
    play(&mut s, Action::DrawBlind);
    play(&mut s, Action::DrawBlind);
    // Paying two more: nothing known is left (the rest of the hand is unknown).
    play(
        &mut s,
        Action::Claim { route: first_track(&map, "Atlanta", "Charleston"), pay: CardCounts::of(Card::Red, 2) },
    );
    assert_eq!(s.hand(Seat(0))[Card::Red], 0);
    assert_eq!(known(&s, 1, 0), CardCounts::EMPTY);
}

#[test]
fn known_cards_include_tunnel_cards_taken_back() {
    let map = load("nordic");
    let tunnel = first_track(&map, "Andalsnes", "Lillehammer");
    assert!(map.route(tunnel).tunnel);
    let laid = CardCounts::of(Card::Yellow, map.route(tunnel).length);
    let mut setup = Setup::empty(&map, 2);
    setup.give(0, laid.with(Card::Blue, 2));
    setup.lay([Some(Card::Yellow), Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::Black)]);
    setup.known[0] = CardCounts::of(Card::Yellow, 1);
    let mut s = state(&map, &setup);

    play(&mut s, Action::Claim { route: tunnel, pay: laid });
    assert!(matches!(s.phase(), Phase::Tunnel { .. }));
    play(&mut s, Action::TunnelBack);
    assert_eq!(s.hand(Seat(0)), laid.with(Card::Blue, 2));
    // The laid cards were shown: all of them are known now, the blue ones are not.
    assert_eq!(known(&s, 1, 0), laid);
}
