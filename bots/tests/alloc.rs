//! Playing a game allocates nothing once it is set up: with `RandomBot` in every seat, the
//! turn loop (observation, choice, apply) and the final scoring never touch the heap.

mod common;
mod counting;

use common::load;
use counting::measure;
use ttr::{Bot, GameState, Map, Observation, Seat};
use ttr_bots::RandomBot;

/// Plays `games` games of `map` with random bots, cycling the player count through the map's
/// range; returns the total allocations made by the turn loops and scoring, and the turns.
fn allocations_in_games(map: &Map, games: u64) -> (usize, u64) {
    let [lo, hi] = map.rules.players;
    let mut allocations = 0;
    let mut turns = 0;
    for seed in 0..games {
        let players = usize::from(lo) + (seed % u64::from(hi - lo + 1)) as usize;
        let mut state = GameState::new(map, players, seed).expect("players in range");
        let mut bots: Vec<RandomBot> =
            (0..players).map(|s| RandomBot::new(seed.wrapping_mul(31).wrapping_add(s as u64))).collect();
        let (outcome, counted) = measure(|| {
            while !state.is_over() {
                let seat: Seat = state.to_move();
                let action = bots[seat.index()].choose(&Observation::new(&state, seat));
                if state.try_apply(action).is_err() {
                    return None;
                }
            }
            Some(state.result())
        });
        let result =
            outcome.unwrap_or_else(|| panic!("{}: seed {seed}: a random bot chose an illegal action", map.name));
        assert!(result.turns > 0, "{}: seed {seed}: no turn played", map.name);
        turns += u64::from(result.turns);
        allocations += counted;
    }
    (allocations, turns)
}

fn assert_no_allocations(name: &str) {
    let map = load(name);
    let games = 200;
    let (allocations, turns) = allocations_in_games(&map, games);
    assert!(turns > 50 * games, "{name}: only {turns} turns in {games} games");
    assert_eq!(allocations, 0, "{name}: {allocations} allocations in {games} games ({turns} turns)");
}

#[test]
fn the_counter_sees_allocations() {
    let (v, counted) = measure(|| std::hint::black_box(vec![1u8; 64]));
    assert_eq!(v.len(), 64);
    assert!(counted >= 1, "a Vec allocation was not counted");
    let (_, none) = measure(|| std::hint::black_box(3 + 4));
    assert_eq!(none, 0);
}

#[test]
fn usa_games_allocate_nothing_after_setup() {
    assert_no_allocations("usa");
}

#[test]
fn nordic_games_allocate_nothing_after_setup() {
    assert_no_allocations("nordic");
}

#[test]
fn asia_games_allocate_nothing_after_setup() {
    assert_no_allocations("legendary_asia");
}

#[test]
fn korea_games_allocate_nothing_after_setup() {
    assert_no_allocations("south_korea");
}
