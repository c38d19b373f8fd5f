//! Once built, the bots decide without touching the heap: a whole game of greedy and the
//! four personas, setup tickets included, allocates nothing; `mcts` allocates per decision,
//! never per playout.
//!
//! The global allocator here forwards to the system one and counts allocations made on a
//! thread while that thread has counting switched on.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use ttr::runner::{bot_seed, game_seed};
use ttr::{Bot, GameState, Map, Observation, Seat};
use ttr_bots::BotSpec;

struct Counted;

static HEAP_CALLS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

fn count() {
    if WATCHING.try_with(Cell::get).unwrap_or(false) {
        HEAP_CALLS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: every call goes unchanged to the system allocator; counting touches no memory
// handed out.
unsafe impl GlobalAlloc for Counted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static ALLOCATOR: Counted = Counted;

#[test]
fn bots_decide_without_allocating() {
    let names = ["greedy", "hungry", "route-focus", "one-step", "long-route"];
    for (map_name, players) in [("usa", 5), ("usa", 2), ("nordic", 3), ("legendary_asia", 5)] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps").join(format!("{map_name}.toml"));
        let map = Map::load(&path).expect("map");
        for i in 0..40u64 {
            let seed = game_seed(3, i);
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|s| {
                    let name = names[(s + i as usize) % names.len()];
                    BotSpec::parse(name).expect("known").build(bot_seed(seed, Seat(s as u8)))
                })
                .collect();
            let mut state = GameState::new(&map, players, seed).expect("setup");
            let before = HEAP_CALLS.load(Ordering::Relaxed);
            WATCHING.with(|w| w.set(true));
            while !state.is_over() {
                let seat = state.to_move();
                let action = bots[seat.index()].choose(&Observation::new(&state, seat));
                state.apply(action).expect("legal");
            }
            WATCHING.with(|w| w.set(false));
            let calls = HEAP_CALLS.load(Ordering::Relaxed) - before;
            assert_eq!(calls, 0, "{map_name} {players}p game {i}: {calls} allocations while playing");
        }
    }
}

/// Heap calls made by `bot` deciding at `obs`.
fn calls_to_choose(bot: &mut dyn Bot, obs: &Observation<'_, '_>) -> usize {
    let before = HEAP_CALLS.load(Ordering::Relaxed);
    WATCHING.with(|w| w.set(true));
    bot.choose(obs);
    WATCHING.with(|w| w.set(false));
    HEAP_CALLS.load(Ordering::Relaxed) - before
}

#[test]
fn mcts_playouts_do_not_allocate() {
    // The search allocates per decision (its sampled worlds), never per playout: deciding
    // with 10 or 300 playouts makes the same heap calls.
    for (map_name, players) in [("usa", 2), ("nordic", 3)] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps").join(format!("{map_name}.toml"));
        let map = Map::load(&path).expect("map");
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
            state.apply(action).expect("legal");
        }
        assert!(checked > 10, "{map_name}: {checked} decisions checked");
    }
}
