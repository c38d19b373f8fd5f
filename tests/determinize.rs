//! Determinization (`ttr::determinize`): a world sampled from a seat's observation looks the
//! same from that seat, is a valid position, and guesses the hidden part afresh each time.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::sample_setup;
use ttr::{sample_world, GameState, Observation, Phase, Seat, Setup};

mod common;
use common::load;

/// The parts of a position no seat but their holders can see, and the deck.
fn hidden(setup: &Setup, me: usize) -> String {
    let others: Vec<_> = (0..setup.players).filter(|&s| s != me).map(|s| (setup.hands[s], setup.tickets[s])).collect();
    format!("{others:?} {:?} {:?} {:?}", setup.deck, setup.discard, setup.ticket_deck)
}

/// Checks every seat's samples at this position; returns how many positions had two
/// samples with different hidden parts, and how many had any hidden part to guess.
fn check_position(state: &GameState<'_>, rng: &mut Pcg64Mcg) -> (u32, u32) {
    let (mut differ, mut guessable) = (0, 0);
    for s in 0..state.players() {
        let seat = Seat(s as u8);
        let obs = Observation::new(state, seat);
        let a = sample_world(&obs, rng);
        assert_eq!(Observation::new(&a, seat), obs, "the sampled world looks different from seat {s}");
        a.check_invariants().unwrap_or_else(|e| panic!("sampled world: {e}"));
        // The sampled world is playable: its legal actions apply.
        let mut next = a.clone();
        if !next.is_over() {
            let legal = next.legal_actions();
            let action = legal.get(rng.random_range(0..legal.len()));
            next.try_apply(action).expect("a legal action applies in the sampled world");
            next.check_invariants().unwrap_or_else(|e| panic!("after a move in a sampled world: {e}"));
        }
        // Known cards stay in the opponents' hands.
        for o in (0..state.players()).filter(|&o| o != s) {
            let o = Seat(o as u8);
            let mut held = a.hand(o);
            if let (Phase::Tunnel { laid, .. }, true) = (a.phase(), a.to_move() == o) {
                held.add(&laid);
            }
            assert!(held.contains(&a.known_cards(o)), "known cards kept");
        }
        let samples: Vec<String> = (0..8).map(|_| hidden(&sample_setup(&obs, rng), s)).collect();
        let unseen = state.deck().total()
            + state.discard().total()
            + (0..state.players()).filter(|&o| o != s).map(|o| state.hand(Seat(o as u8)).total()).sum::<u32>();
        if unseen >= 4 {
            guessable += 1;
            if samples.iter().any(|x| *x != samples[0]) {
                differ += 1;
            }
        }
    }
    (differ, guessable)
}

#[test]
fn sampled_worlds_look_the_same_and_differ_in_what_is_hidden() {
    let mut positions = 0;
    for (name, players) in [
        ("usa", 2),
        ("usa", 4),
        ("usa", 5),
        ("nordic", 2),
        ("nordic", 3),
        ("legendary_asia", 2),
        ("legendary_asia", 5),
        ("south_korea", 3),
        ("south_korea", 5),
    ] {
        let map = load(name);
        let (mut differ, mut guessable) = (0, 0);
        for game in 0..12u64 {
            let mut rng = Pcg64Mcg::seed_from_u64(game * 31 + players as u64);
            let mut state = GameState::new(&map, players, game).expect("setup");
            let mut turn = 0;
            while !state.is_over() {
                // Sample at every setup decision and at a random tenth of the later ones.
                if turn < players || rng.random_range(0..10) == 0 {
                    let (d, g) = check_position(&state, &mut rng);
                    differ += d;
                    guessable += g;
                    positions += 1;
                }
                let legal = state.legal_actions();
                // Mostly claims and draws, so games move on and reach their end.
                let action = legal.get(rng.random_range(0..legal.len()));
                state.try_apply(action).expect("legal");
                turn += 1;
            }
            let (d, g) = check_position(&state, &mut rng);
            differ += d;
            guessable += g;
        }
        assert!(guessable > 0);
        assert_eq!(differ, guessable, "{name} {players}p: samples with different seeds differ");
    }
    assert!(positions > 500, "{positions} positions checked");
}

#[test]
fn samples_keep_counts_and_only_hide_what_is_hidden() {
    let map = load("legendary_asia");
    let state = GameState::new(&map, 3, 7).expect("setup");
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    // Seat 1 before anyone kept tickets: seats 0 and 2 hold pending setup offers, each with
    // one long ticket first.
    let obs = Observation::new(&state, Seat(1));
    for _ in 0..50 {
        let setup = sample_setup(&obs, &mut rng);
        assert_eq!(setup.offers[1], state.offer(Seat(1)));
        assert_eq!(setup.hands[1], state.hand(Seat(1)));
        for s in [0, 2] {
            assert_eq!(setup.offers[s].len(), 4);
            let first = setup.offers[s].tickets()[0];
            assert!(map.long_tickets().contains(first), "a long ticket heads a setup offer");
            assert_eq!(setup.hands[s].total(), 4);
        }
        assert_eq!(setup.ticket_deck.len(), state.ticket_deck().len());
        assert!(setup.ticket_deck.iter().all(|&t| map.normal_tickets().contains(t)));
        assert_eq!(setup.deck.total(), state.deck().total());
    }
    // Reseeding changes later chance only.
    let mut a = sample_world(&obs, &mut rng);
    let before = a.to_setup();
    a.reseed(99);
    assert_eq!(a.to_setup(), before);
}

#[test]
fn weighted_sampling_follows_the_weights_and_still_looks_the_same() {
    use ttr::{sample_world_weighted, TicketId, TicketSet};
    let mut checked = 0;
    for (name, players) in [("usa", 2), ("usa", 4), ("nordic", 3), ("legendary_asia", 3), ("south_korea", 4)] {
        let map = load(name);
        let mut rng = Pcg64Mcg::seed_from_u64(players as u64);
        let mut state = GameState::new(&map, players, 5).expect("setup");
        let mut step = 0;
        while !state.is_over() {
            step += 1;
            if step % 9 == 0 {
                let obs = Observation::new(&state, Seat(0));
                let opponent = Seat(1);
                // Favour the unseen tickets with the lowest ids, as many as seat 1 holds.
                let held = obs.ticket_count(opponent) as usize;
                let visible = obs.tickets().or(obs.offer().tickets().iter().copied().collect());
                let favoured: TicketSet = (0..map.tickets().len())
                    .map(|i| TicketId(i as u8))
                    .filter(|&t| !visible.contains(t))
                    .take(held)
                    .collect();
                let weight = |s: Seat, t: TicketId| if s == opponent && favoured.contains(t) { 1e6 } else { 1.0 };
                let mut hits = 0;
                for _ in 0..20 {
                    let world = sample_world_weighted(&obs, &mut rng, weight);
                    assert_eq!(Observation::new(&world, Seat(0)), obs, "{name}: the weighted world looks different");
                    world.check_invariants().unwrap_or_else(|e| panic!("{name}: {e}"));
                    hits += u32::from(world.tickets(opponent) == favoured);
                }
                // Long tickets pending in setup offers or a full ticket deck may need some of
                // the favoured ones; otherwise the opponent holds exactly them.
                if held > 0 && state.phase() != Phase::SetupKeep {
                    assert!(hits >= 19, "{name} step {step}: favoured tickets held in {hits} of 20 samples");
                    checked += 1;
                }
            }
            let legal = state.legal_actions();
            state.try_apply(legal.get(rng.random_range(0..legal.len()))).expect("legal");
        }
    }
    assert!(checked > 50, "{checked} positions checked");
}

#[test]
fn given_parts_are_kept_and_the_world_still_looks_the_same() {
    use ttr::{sample_setup_given, sample_setup_weighted, Given, MAX_SEATS};
    let mut checked = 0;
    for (name, players) in [("usa", 2), ("usa", 4), ("nordic", 3), ("legendary_asia", 3), ("south_korea", 4)] {
        let map = load(name);
        let mut rng = Pcg64Mcg::seed_from_u64(40 + players as u64);
        let mut state = GameState::new(&map, players, 9).expect("setup");
        let mut step = 0;
        while !state.is_over() {
            step += 1;
            if step % 7 == 1 {
                let me = Seat((step / 7 % players) as u8);
                let obs = Observation::new(&state, me);
                // Nothing given draws what the weighted sampler draws from the same generator.
                let (mut a, mut b) = (Pcg64Mcg::seed_from_u64(step as u64), Pcg64Mcg::seed_from_u64(step as u64));
                let none = [Given::default(); MAX_SEATS];
                assert_eq!(
                    sample_setup_given(&obs, &mut a, |_, _| 1.0, &none),
                    Some(sample_setup_weighted(&obs, &mut b, |_, _| 1.0))
                );
                // Every opponent's true hand and tickets, given, are what the world holds.
                let mut given = [Given::default(); MAX_SEATS];
                for s in (0..players).filter(|&s| s != me.index()).map(|s| Seat(s as u8)) {
                    given[s.index()] =
                        Given { hand: Some(state.hand(s)), tickets: Some(state.hidden_tickets(s)), ..Given::default() };
                }
                let setup = sample_setup_given(&obs, &mut rng, |_, _| 1.0, &given).expect("the truth fits");
                let world = GameState::from_setup(&map, &setup).expect("a valid position");
                assert_eq!(Observation::new(&world, me), obs, "{name} step {step}: the world looks different");
                world.check_invariants().unwrap_or_else(|e| panic!("{name}: {e}"));
                for s in (0..players).filter(|&s| s != me.index()).map(|s| Seat(s as u8)) {
                    assert_eq!(world.hand(s), state.hand(s), "{name} step {step}: seat {} hand", s.0);
                    assert_eq!(world.hidden_tickets(s), state.hidden_tickets(s), "{name} step {step}: tickets");
                }
                checked += 1;
            }
            let legal = state.legal_actions();
            state.try_apply(legal.get(rng.random_range(0..legal.len()))).expect("legal");
        }
    }
    assert!(checked > 100, "{checked} positions checked");
}

#[test]
fn given_parts_that_do_not_fit_are_refused() {
    use ttr::{sample_setup_given, Card, CardCounts, Given, MAX_SEATS};
    let map = load("usa");
    let mut state = GameState::new(&map, 2, 3).expect("setup");
    // Play until seat 1 has taken a face-up card everyone saw, and holds 6 cards or more.
    while !(state.phase() == Phase::Turn
        && state.to_move() == Seat(0)
        && state.known_cards(Seat(1)).total() > 0
        && state.hand(Seat(1)).total() >= 6)
    {
        let legal = state.legal_actions();
        let draw = legal.iter().find(|a| matches!(a, ttr::Action::TakeFaceUp(_)));
        let keep = legal.iter().find(|a| matches!(a, ttr::Action::Keep(_)));
        state.try_apply(draw.or(keep).unwrap_or_else(|| legal.get(0))).expect("legal");
    }
    let obs = Observation::new(&state, Seat(0));
    let with = |g: Given| {
        let mut given = [Given::default(); MAX_SEATS];
        given[1] = g;
        sample_setup_given(&obs, &mut Pcg64Mcg::seed_from_u64(1), |_, _| 1.0, &given)
    };
    let hand = state.hand(Seat(1));
    assert!(with(Given { hand: Some(hand), ..Given::default() }).is_some());
    // A hand of another size.
    let mut bigger = hand;
    bigger.add(&CardCounts::of(Card::Loco, 1));
    assert_eq!(with(Given { hand: Some(bigger), ..Given::default() }), None);
    // A hand without the cards everyone saw the seat take.
    let known = state.known_cards(Seat(1));
    let taken = Card::ALL.into_iter().find(|&c| known[c] > 0).expect("a known card");
    let other = Card::ALL.into_iter().find(|&c| c != taken && c != Card::Loco).expect("another colour");
    let mut without = hand;
    without[taken] -= 1;
    without[other] += 1;
    assert_eq!(with(Given { hand: Some(without), ..Given::default() }), None);
    // Cards to hold: kept when they fit, refused beyond the hand's size.
    let holding = CardCounts::of(Card::Loco, 2);
    for _ in 0..20 {
        if let Some(setup) = with(Given { holding, ..Given::default() }) {
            assert!(setup.hands[1][Card::Loco] >= 2 && setup.hands[1].contains(&known));
        }
    }
    let too_many = CardCounts::of(Card::Loco, hand.total() as u8 + 1);
    assert_eq!(with(Given { holding: too_many, ..Given::default() }), None);
    // Tickets of another count, and tickets the observer holds itself.
    let mut tickets = state.hidden_tickets(Seat(1));
    assert!(with(Given { tickets: Some(tickets), ..Given::default() }).is_some());
    tickets.held = tickets.held.minus(ttr::TicketSet::single(tickets.held.first_item().expect("a ticket")));
    assert_eq!(with(Given { tickets: Some(tickets), ..Given::default() }), None);
    let mut mine = state.hidden_tickets(Seat(1));
    let own = state.tickets(Seat(0)).first_item().expect("seat 0 holds a ticket");
    let theirs = mine.held.first_item().expect("a ticket");
    mine.held = mine.held.without(theirs).with(own);
    assert_eq!(with(Given { tickets: Some(mine), ..Given::default() }), None);
}

#[test]
fn a_given_hand_with_more_of_a_colour_than_is_unseen_is_refused() {
    use ttr::{sample_setup_given, Card, CardCounts, Given, Setup, MAX_SEATS};
    let map = load("usa");
    let reds = map.rules.deck.counts()[Card::Red];
    // Seat 0 holds every red card but one; seat 1 holds three cards nobody has seen.
    let mut setup = Setup::empty(&map, 2);
    setup.give(0, CardCounts::of(Card::Red, reds - 1)).give(1, CardCounts::of(Card::Blue, 3));
    let state = GameState::from_setup(&map, &setup).expect("a valid position");
    let obs = Observation::new(&state, Seat(0));
    let hand = |red: u8| {
        let mut given = [Given::default(); MAX_SEATS];
        given[1].hand = Some(CardCounts::of(Card::Red, red).with(Card::Blue, 3 - red));
        sample_setup_given(&obs, &mut Pcg64Mcg::seed_from_u64(1), |_, _| 1.0, &given)
    };
    assert!(hand(1).is_some(), "the one unseen red card may be in seat 1's hand");
    assert_eq!(hand(2), None, "two are not unseen");
    let mut given = [Given::default(); MAX_SEATS];
    given[1].holding = CardCounts::of(Card::Red, 2);
    assert_eq!(sample_setup_given(&obs, &mut Pcg64Mcg::seed_from_u64(1), |_, _| 1.0, &given), None);
}
