//! The seeded parallel runner: plays N games over rayon and hands them over in game order,
//! so everything computed from them is identical whatever the thread count.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};

use rayon::prelude::*;

use ttr::{bot_seed, game_seed, Bot, BySeat, EndReason, Event, GameError, GameResult, Map, Seat, SeatSet, MAX_SEATS};

use crate::trace::{play_traced, GameTrace};

/// Games handed over at once, at most.
const CHUNK: u64 = 4096;

/// Chunks of outcomes held at once, at most: the one being handed over and two played ahead.
const BUFFERS: usize = 3;

/// Which bot sits where in game `index`: seat `s` gets bot `(s + index) % players`, so over
/// every `players` consecutive games each bot sits in each seat once.
#[must_use]
pub fn lineup(players: usize, index: u64) -> [u8; MAX_SEATS] {
    let mut out = [0u8; MAX_SEATS];
    for (s, slot) in out.iter_mut().enumerate().take(players) {
        *slot = ((s as u64 + index) % players as u64) as u8;
    }
    out
}

/// One finished game of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// 0-based game index.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// The bot (index into the run's bot list) in each seat.
    pub lineup: [u8; MAX_SEATS],
    /// The result.
    pub result: GameResult,
    /// What the statistics need beyond the result.
    pub trace: GameTrace,
    /// Every event of the game, when the run records this game; empty otherwise.
    pub events: Vec<Event>,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every game was played.
    Complete,
    /// Stopped early by the cancel flag after this many games (all handed over), counted
    /// from the start of the range.
    Cancelled(u64),
}

/// Why a run failed.
#[derive(Debug)]
pub enum RunError<E> {
    /// A game failed (an illegal bot action, or a bad player count).
    Game {
        /// The game's index.
        index: u64,
        /// The game's seed.
        seed: u64,
        /// What went wrong.
        error: GameError,
    },
    /// The consumer of the outcomes failed (e.g. a write error).
    Sink(E),
}

/// A run to perform.
pub struct RunPlan<'m> {
    /// The map.
    pub map: &'m Map,
    /// Players per game; one bot per seat.
    pub players: usize,
    /// The indices of the games to play: `0..N` for a whole run of N games, a part of it
    /// for one shard (game `i` is the same game whichever range holds it).
    pub games: Range<u64>,
    /// Master seed.
    pub seed: u64,
    /// Record the events of every this-many-th game (game 0, K, 2K, ...); 0 records none.
    pub record_every: u64,
}

impl RunPlan<'_> {
    /// Plays the games on `pool`'s threads. `make_bot(bot, seat, game, seed)` builds a fresh
    /// bot for every game (`game`: the game's index); `progress(n)` is called as games
    /// finish; `on_chunk` receives the outcomes in game order, in chunks of at most 4,096
    /// games, on the calling thread. The pool plays on while `on_chunk` works, up to two
    /// chunks ahead, so at most three chunks of outcomes are held at once; call this from
    /// outside `pool` (the calling thread is then not one of the pool's, and a pool of one
    /// thread keeps playing while `on_chunk` works). Stops early, after handing over what was
    /// finished, once `cancel` is set.
    ///
    /// The first error in game order wins: a game's failure is returned before anything of
    /// its chunk is handed over, and `on_chunk`'s failure before any later game's failure.
    pub fn run<E: Send>(
        &self,
        pool: &rayon::ThreadPool,
        make_bot: &(dyn Fn(usize, Seat, u64, u64) -> Box<dyn Bot> + Sync),
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
        mut on_chunk: impl FnMut(&[GameOutcome]) -> Result<(), E>,
    ) -> Result<RunEnd, RunError<E>> {
        if self.games.is_empty() {
            return Ok(RunEnd::Complete);
        }
        if cancel.load(Ordering::Relaxed) {
            return Ok(RunEnd::Cancelled(0));
        }
        pool.in_place_scope(|scope| {
            // Chunks come here as the pool plays them, and go back to be played over once
            // handed over. The pool starts each chunk as soon as it finished the one before,
            // without waiting for this thread: woken to hand a chunk over, this thread may
            // take the core of the pool thread that would start the next one, which idled a
            // core for a millisecond or two at every chunk (docs/performance.md).
            let (played_tx, played) = mpsc::channel();
            let (free, free_rx) = mpsc::channel();
            for _ in 0..BUFFERS {
                free.send(Played::default()).expect("the receiver is alive");
            }
            scope.spawn(move |_| self.play_chunks(make_bot, progress, cancel, &free_rx, &played_tx));
            let mut handed_over = self.games.start;
            for mut chunk in played {
                let outcomes = chunk.outcomes()?;
                on_chunk(outcomes).map_err(RunError::Sink)?;
                handed_over += outcomes.len() as u64;
                // The pool may have played its last chunk and gone.
                let _ = free.send(chunk);
            }
            Ok(if handed_over == self.games.end {
                RunEnd::Complete
            } else {
                RunEnd::Cancelled(handed_over - self.games.start)
            })
        })
    }

    /// Plays the run's games chunk by chunk, each into a buffer taken from `free`, and sends
    /// each chunk to `played` as soon as it is played; stops after the last game, a failed
    /// game, once `cancel` is set, or once either channel's other end is gone.
    fn play_chunks<E: Send>(
        &self,
        make_bot: &(dyn Fn(usize, Seat, u64, u64) -> Box<dyn Bot> + Sync),
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
        free: &mpsc::Receiver<Played<E>>,
        played: &mpsc::Sender<Played<E>>,
    ) {
        let mut start = self.games.start;
        while start < self.games.end && !cancel.load(Ordering::Relaxed) {
            let Ok(mut chunk) = free.recv() else { return };
            let end = (start + CHUNK).min(self.games.end);
            chunk.play(self, start..end, make_bot, progress);
            let failed = chunk.failure.is_some();
            if played.send(chunk).is_err() || failed {
                return;
            }
            start = end;
        }
    }

    fn play_one<E>(
        &self,
        index: u64,
        make_bot: &(dyn Fn(usize, Seat, u64, u64) -> Box<dyn Bot> + Sync),
    ) -> Result<GameOutcome, RunError<E>> {
        let seed = game_seed(self.seed, index);
        let lineup = lineup(self.players, index);
        let mut bots: Vec<Box<dyn Bot>> = (0..self.players)
            .map(|s| make_bot(usize::from(lineup[s]), Seat(s as u8), index, bot_seed(seed, Seat(s as u8))))
            .collect();
        let mut events = Vec::new();
        let recorded = if self.record_every > 0 && index.is_multiple_of(self.record_every) {
            play_traced(self.map, seed, &mut bots, &mut events)
        } else {
            play_traced(self.map, seed, &mut bots, &mut ())
        };
        let (result, trace) = recorded.map_err(|error| RunError::Game { index, seed, error })?;
        Ok(GameOutcome { index, seed, lineup, result, trace, events })
    }
}

/// The outcomes of one chunk of games, in game order, or its first failure.
struct Played<E> {
    /// The chunk's games in game order (meaningless after a failure).
    outcomes: Vec<GameOutcome>,
    /// The first failure in game order, if any.
    failure: Option<RunError<E>>,
}

/// A place for a game yet to be played.
fn unplayed() -> GameOutcome {
    let result =
        GameResult { players: 0, seats: BySeat::default(), winners: SeatSet::EMPTY, turns: 0, end: EndReason::TurnCap };
    GameOutcome { index: 0, seed: 0, lineup: [0; MAX_SEATS], result, trace: GameTrace::default(), events: Vec::new() }
}

impl<E> Default for Played<E> {
    fn default() -> Played<E> {
        Played { outcomes: Vec::with_capacity(CHUNK as usize), failure: None }
    }
}

impl<E: Send> Played<E> {
    /// Plays the games `games` over the pool, each straight into its place in `outcomes`
    /// (over the previous chunk's game there), so that no thread waits on a copy of the
    /// chunk once it is played (docs/performance.md).
    fn play(
        &mut self,
        plan: &RunPlan<'_>,
        games: Range<u64>,
        make_bot: &(dyn Fn(usize, Seat, u64, u64) -> Box<dyn Bot> + Sync),
        progress: &(dyn Fn(u64) + Sync),
    ) {
        let count = (games.end - games.start) as usize;
        self.outcomes.truncate(count);
        self.outcomes.resize_with(count, unplayed);
        let first_failure = Mutex::new(None::<(u64, RunError<E>)>);
        self.outcomes
            .par_iter_mut()
            .enumerate()
            // Small pieces, so that a thread that runs dry can always take work from one that
            // is still busy: left to itself rayon cut a chunk into pieces of up to a quarter,
            // and a pool thread descheduled in one (`on_chunk` shares the cores) left the other
            // idle at the chunk's end, about 5% of a two-thread run (docs/performance.md).
            .with_max_len(4)
            .for_each(|(k, slot)| {
                let index = games.start + k as u64;
                match plan.play_one(index, make_bot) {
                    Ok(outcome) => *slot = outcome,
                    Err(failure) => {
                        let mut first = first_failure.lock().unwrap_or_else(PoisonError::into_inner);
                        if first.as_ref().is_none_or(|&(earlier, _)| index < earlier) {
                            *first = Some((index, failure));
                        }
                    }
                }
                progress(1);
            });
        let first = first_failure.into_inner().unwrap_or_else(PoisonError::into_inner);
        self.failure = first.map(|(_, failure)| failure);
    }

    /// The chunk's outcomes in game order, or its first failure in game order.
    fn outcomes(&mut self) -> Result<&[GameOutcome], RunError<E>> {
        match self.failure.take() {
            Some(failure) => Err(failure),
            None => Ok(&self.outcomes),
        }
    }
}
