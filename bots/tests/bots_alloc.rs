//! Once built, the bots decide without touching the heap: a whole game of greedy and the
//! four personas, setup tickets included, allocates nothing; `mcts` allocates per decision,
//! never per playout.

mod common;
mod counting;

use common::load;
use counting::measure;
use ttr::{bot_seed, game_seed};
use ttr::{Bot, GameState, Observation, Seat};
use ttr_bots::BotSpec;

#[test]
fn bots_decide_without_allocating() {
    let names = ["greedy", "hungry", "route-focus", "one-step", "long-route"];
    for (map_name, players) in [("usa", 5), ("usa", 2), ("nordic", 3), ("legendary_asia", 5)] {
        let map = load(map_name);
        for i in 0..40u64 {
            let seed = game_seed(3, i);
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|s| {
                    let name = names[(s + i as usize) % names.len()];
                    BotSpec::parse(name).expect("known").build(bot_seed(seed, Seat(s as u8)))
                })
                .collect();
            let mut state = GameState::new(&map, players, seed).expect("setup");
            let ((), calls) = measure(|| {
                while !state.is_over() {
                    let seat = state.to_move();
                    let action = bots[seat.index()].choose(&Observation::new(&state, seat));
                    state.try_apply(action).expect("legal");
                }
            });
            assert_eq!(calls, 0, "{map_name} {players}p game {i}: {calls} allocations while playing");
        }
    }
}

/// Heap calls made by `bot` deciding at `obs`.
fn calls_to_choose(bot: &mut dyn Bot, obs: &Observation<'_, '_>) -> usize {
    measure(|| bot.choose(obs)).1
}

#[test]
fn mcts_playouts_do_not_allocate() {
    // The search allocates per decision (its sampled worlds), never per playout: deciding
    // with 10 or 300 playouts makes the same heap calls.
    for (map_name, players) in [("usa", 2), ("nordic", 3)] {
        let map = load(map_name);
        let mut state = GameState::new(&map, players, 9).expect("setup");
        let mut small = BotSpec::parse("mcts:iters=10").expect("spec").build(1);
        let mut large = BotSpec::parse("mcts:iters=300").expect("spec").build(1);
        let mut greedy: Vec<Box<dyn Bot>> =
            (0..players).map(|_| BotSpec::parse("greedy").expect("spec").build(0)).collect();
        let mut checked = 0;
        while !state.is_over() {
            let seat = state.to_move();
            let obs = Observation::new(&state, seat);
            if seat == Seat(0) && state.turns() % 4 == 0 {
                let few = calls_to_choose(small.as_mut(), &obs);
                let many = calls_to_choose(large.as_mut(), &obs);
                assert_eq!(few, many, "{map_name} turn {}: heap calls grow with the playouts", state.turns());
                // Sampling the 20 worlds (plain-data setups with ticket lists) takes a few each.
                assert!(many < 400, "{map_name} turn {}: {many} heap calls in one decision", state.turns());
                checked += 1;
            }
            let action = greedy[seat.index()].choose(&obs);
            state.try_apply(action).expect("legal");
        }
        assert!(checked > 10, "{map_name}: {checked} decisions checked");
    }
}
