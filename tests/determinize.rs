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
