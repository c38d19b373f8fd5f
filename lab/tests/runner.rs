//! The runner: its seating (over every `players` consecutive games each bot sits in each
//! seat once), and its hand-overs: every game once, in game order, whatever the thread
//! count, and the first failure in game order.

mod common;

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use ttr::{bot_seed, game_seed, Action, Bot, Map, Observation, Seat};
use ttr_bots::BotSpec;
use ttr_lab::timing::{write_summary, DecisionAt, DecisionClock};
use ttr_lab::{lineup, GameOutcome, RunEnd, RunError, RunPlan};

#[test]
fn runner_rotates_bots_across_seats() {
    for players in 2..=5 {
        for bot in 0..players as u8 {
            for seat in 0..players {
                let times = (0..players as u64).filter(|&i| lineup(players, i)[seat] == bot).count();
                assert_eq!(times, 1, "bot {bot} in seat {seat}");
            }
        }
    }
}

/// Games handed over at once by the runner, at most.
const CHUNK: u64 = 4096;

/// A bot that passes at once: an illegal action in every game.
struct Illegal;

impl Bot for Illegal {
    fn choose(&mut self, _obs: &Observation<'_, '_>) -> Action {
        Action::Pass
    }
}

/// What a run handed over: each chunk's games, in the order received.
struct Run {
    chunks: Vec<Vec<GameOutcome>>,
    ended: Result<RunEnd, RunError<String>>,
}

/// Runs random 2-player games `games` of `map` with seed 3 on `threads` threads. The bot
/// in seat 0 of the games in `illegal` plays an illegal action; `sink(k)` says whether the
/// `k`-th hand-over (0-based) succeeds; `cancel_after` sets the cancel flag once that many
/// chunks were handed over.
fn run(
    map: &Map,
    games: Range<u64>,
    threads: usize,
    illegal: &[u64],
    sink: impl Fn(usize) -> bool + Sync,
    cancel_after: usize,
) -> Run {
    let seed = 3;
    let random = BotSpec::parse_lineup("random", 1).expect("bots").remove(0);
    let broken: Vec<u64> = illegal.iter().map(|&i| bot_seed(game_seed(seed, i), Seat(0))).collect();
    let make_bot = |_bot: usize, _seat: Seat, _game: u64, seed: u64| -> Box<dyn Bot> {
        if broken.contains(&seed) {
            Box::new(Illegal)
        } else {
            random.build(seed)
        }
    };
    let played = AtomicU64::new(0);
    let progress = |n: u64| {
        played.fetch_add(n, Ordering::Relaxed);
    };
    let cancel = AtomicBool::new(false);
    let plan = RunPlan { map, players: 2, games, seed, record_every: 0 };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("pool");
    let mut chunks = Vec::new();
    let ended = plan.run(&pool, &make_bot, &progress, &cancel, |chunk| {
        let k = chunks.len();
        chunks.push(chunk.to_vec());
        if chunks.len() == cancel_after {
            cancel.store(true, Ordering::Relaxed);
        }
        if sink(k) {
            Ok(())
        } else {
            Err(format!("sink failed on chunk {k}"))
        }
    });
    let handed: u64 = chunks.iter().map(|c| c.len() as u64).sum();
    assert!(played.load(Ordering::Relaxed) >= handed, "progress counts every game handed over");
    Run { chunks, ended }
}

/// The indices of the games handed over, in order.
fn indices(run: &Run) -> Vec<u64> {
    run.chunks.iter().flatten().map(|o| o.index).collect()
}

#[test]
fn runs_hand_over_every_game_once_in_game_order_whatever_the_threads() {
    let map = common::load("usa");
    // A shard-like range across three chunk boundaries, ending inside a chunk.
    let games = 5..3 * CHUNK + 17;
    let one = run(&map, games.clone(), 1, &[], |_| true, 0);
    assert!(matches!(one.ended, Ok(RunEnd::Complete)));
    assert_eq!(indices(&one), games.clone().collect::<Vec<_>>());
    assert!(one.chunks.iter().all(|c| !c.is_empty() && c.len() as u64 <= CHUNK));
    for threads in [2, 3] {
        let many = run(&map, games.clone(), threads, &[], |_| true, 0);
        assert!(matches!(many.ended, Ok(RunEnd::Complete)));
        assert_eq!(many.chunks, one.chunks, "{threads} threads hand over what one thread does");
    }
}

#[test]
fn a_cancelled_run_counts_the_games_it_handed_over() {
    let map = common::load("usa");
    let games = 0..4 * CHUNK;
    let stopped = run(&map, games.clone(), 2, &[], |_| true, 1);
    let handed = indices(&stopped);
    assert_eq!(handed, (0..handed.len() as u64).collect::<Vec<_>>(), "a prefix of the run, in order");
    assert!(matches!(stopped.ended, Ok(RunEnd::Cancelled(n)) if n == handed.len() as u64 && n < games.end));
}

#[test]
fn the_first_failure_in_game_order_ends_a_run() {
    let map = common::load("usa");
    let games = 0..3 * CHUNK;
    // A game fails in the second chunk and another in the third: the second chunk's is
    // reported and nothing of the second chunk is handed over.
    let failed = run(&map, games.clone(), 2, &[2 * CHUNK + 1, CHUNK + 7, CHUNK + 9], |_| true, 0);
    assert_eq!(indices(&failed), (0..CHUNK).collect::<Vec<_>>());
    assert!(matches!(failed.ended, Err(RunError::Game { index, .. }) if index == CHUNK + 7));
    // The consumer fails on the first chunk while the second, with a failing game, is
    // played: the consumer's failure comes first in game order.
    let sunk = run(&map, games, 2, &[CHUNK + 7], |k| k != 0, 0);
    assert_eq!(indices(&sunk), (0..CHUNK).collect::<Vec<_>>());
    assert!(matches!(sunk.ended, Err(RunError::Sink(ref e)) if e == "sink failed on chunk 0"));
}

#[test]
fn the_pool_plays_two_chunks_ahead_while_the_consumer_works() {
    let map = common::load("usa");
    let random = BotSpec::parse_lineup("random", 1).expect("bots").remove(0);
    let make_bot = |_bot: usize, _seat: Seat, _game: u64, seed: u64| random.build(seed);
    let played = AtomicU64::new(0);
    let progress = |n: u64| {
        played.fetch_add(n, Ordering::Relaxed);
    };
    let plan = RunPlan { map: &map, players: 2, games: 0..4 * CHUNK, seed: 3, record_every: 0 };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("pool");
    let mut ahead = None;
    let ended = plan.run(&pool, &make_bot, &progress, &AtomicBool::new(false), |chunk| {
        if chunk[0].index == 0 {
            // Holding the first chunk: the pool plays the next two meanwhile (a bounded wait,
            // so that a runner that waits for the consumer fails rather than hangs).
            let deadline = Instant::now() + Duration::from_secs(120);
            while played.load(Ordering::Relaxed) < 3 * CHUNK && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            ahead = Some(played.load(Ordering::Relaxed));
        }
        Ok::<(), String>(())
    });
    assert!(matches!(ended, Ok(RunEnd::Complete)));
    assert_eq!(ahead, Some(3 * CHUNK), "the games played while the first chunk was held");
}

/// A random bot that keeps the CPU busy for 30 ms before its decision number `slow` (from
/// 1), if it has one.
struct Slow {
    random: Box<dyn Bot>,
    slow: Option<u32>,
    decisions: u32,
}

impl Bot for Slow {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        self.decisions += 1;
        if self.slow == Some(self.decisions) {
            let until = Instant::now() + Duration::from_millis(30);
            while Instant::now() < until {
                std::hint::spin_loop();
            }
        }
        self.random.choose(obs)
    }
}

#[test]
fn the_longest_decision_is_named_by_its_game_seat_and_number() {
    let map = common::load("usa");
    let random = BotSpec::parse_lineup("random", 1).expect("bots").remove(0);
    let clock = DecisionClock::new(2, true);
    // In game 5 the bot in seat 1 spins before its third decision; nothing else is slow.
    let make_bot = |bot: usize, seat: Seat, game: u64, seed: u64| {
        let slow = (game == 5 && seat == Seat(1)).then_some(3);
        clock.time(bot, Some(game), Box::new(Slow { random: random.build(seed), slow, decisions: 0 }))
    };
    let plan = RunPlan { map: &map, players: 2, games: 0..9, seed: 3, record_every: 0 };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("pool");
    let ended = plan.run(&pool, &make_bot, &|_| {}, &AtomicBool::new(false), |_| Ok::<(), String>(()));
    assert!(matches!(ended, Ok(RunEnd::Complete)));
    let rows = clock.by_spec(&["random".to_string(), "random".to_string()]);
    assert_eq!(rows.len(), 1, "both seats' bots are one spec");
    assert_eq!(rows[0].longest_at, Some(DecisionAt { game: 5, seat: 1, decision: 3 }), "{:?}", rows[0]);
    assert!(rows[0].longest > rows[0].p99, "{:?}", rows[0]);
    let mut text = Vec::new();
    write_summary(&rows, &mut text).expect("summary");
    let text = String::from_utf8(text).expect("text");
    assert!(text.contains("(game 5, seat 1, its decision 3)"), "{text}");
}
