//! Playing a game allocates nothing once it is set up: with `RandomBot` in every seat, the
//! turn loop (observation, choice, apply) and the final scoring never touch the heap.
//!
//! A counting global allocator wraps the system one. It counts only on a thread that has
//! switched counting on, so the test harness and other tests running alongside do not count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use ttr::{Bot, GameState, Map, Observation, Seat};
use ttr_bots::RandomBot;

struct CountingAlloc;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn note_allocation() {
    if COUNTING.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed on unchanged to the system allocator; counting has no effect
// on the memory handed out.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_allocation();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Runs `f` with counting on for this thread; returns its value and the allocations it made.
/// Other threads do not count meanwhile: counting is switched on per thread, and only one
/// thread measures at a time.
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let _lock = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    COUNTING.with(|c| c.set(true));
    let value = f();
    COUNTING.with(|c| c.set(false));
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    (value, after - before)
}

/// One measurement at a time, so the shared counter belongs to one thread while it counts.
static MEASURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn load(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps").join(format!("{name}.toml"));
    Map::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

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
                if state.apply(action).is_err() {
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
