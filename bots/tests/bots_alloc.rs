//! Once built, the bots decide without touching the heap: a whole game of greedy and the
//! four personas, setup tickets included, allocates nothing.
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
