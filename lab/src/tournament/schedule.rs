//! The schedule: for each player count, lineups of distinct bots cycled through every
//! combination (so every bot meets every other equally often), each lineup played as a
//! duplicate block: one deal, once per seat rotation.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use ttr::{bot_seed, game_seed, Bot, GameError, Map, Seat, MAX_SEATS};

use super::counts::{seat_ranks, BlockOutcome, Pattern};

/// Blocks played in parallel between two hand-overs. Blocks are handed over in block order
/// whatever the chunk, so the chunk changes nothing but how many blocks a stop rule wastes.
pub const CHUNK: u64 = 256;

/// Every `k`-subset of `0..n`, each ascending, in lexicographic order.
#[must_use]
pub fn combinations(n: usize, k: usize) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    let mut current: Vec<u16> = Vec::with_capacity(k);
    fn walk(start: usize, n: usize, k: usize, current: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            if n - i < k - current.len() {
                break;
            }
            current.push(i as u16);
            walk(i + 1, n, k, current, out);
            current.pop();
        }
    }
    walk(0, n, k, &mut current, &mut out);
    out
}

/// The blocks of one player count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Players per game.
    pub players: usize,
    /// Lineups, cycled: block `b` plays `lineups[b % lineups.len()]`.
    pub lineups: Vec<Vec<u16>>,
    /// Blocks to play (a whole number of cycles through the lineups, unless a stop rule ends
    /// the stage early).
    pub blocks: u64,
}

impl Stage {
    /// Plans about `games` games of `players` players among `bots` bots, rounded up to
    /// whole cycles of lineups (at least one).
    #[must_use]
    pub fn new(bots: usize, players: usize, games: u64) -> Stage {
        let lineups = combinations(bots, players);
        let per_cycle = (players * lineups.len()) as u64;
        let cycles = games.div_ceil(per_cycle).max(1);
        let blocks = cycles * lineups.len() as u64;
        Stage { players, lineups, blocks }
    }

    /// The deal seed of block `b` (the same cards for every rotation of the block).
    #[must_use]
    pub fn deal_seed(&self, master: u64, b: u64) -> u64 {
        game_seed(master, ((self.players as u64) << 48) | b)
    }

    /// Plays `blocks` in parallel, returning them in block order.
    pub fn play(
        &self,
        map: &Map,
        master: u64,
        blocks: &[u64],
        make_bot: &(dyn Fn(usize, u64) -> Box<dyn Bot> + Sync),
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Vec<BlockOutcome>, BlockError> {
        let mut out = Vec::new();
        blocks
            .par_iter()
            // One block a piece: blocks differ in cost (their bots), and a thread that runs
            // dry must be able to take any block still waiting (see `Played::play` in the runner).
            .with_max_len(1)
            .map(|&b| {
                let block = self.play_block(map, master, b, make_bot);
                progress(self.players as u64);
                block
            })
            .collect_into_vec(&mut out);
        out.into_iter().collect()
    }

    /// Plays one block: rotation `r` seats position `(s + r) % k` in seat `s`; every rotation
    /// uses the block's deal seed; the bot in seat `s` of rotation `r` draws from
    /// `bot_seed(game_seed(deal, r), s)`.
    pub fn play_block(
        &self,
        map: &Map,
        master: u64,
        b: u64,
        make_bot: &(dyn Fn(usize, u64) -> Box<dyn Bot> + Sync),
    ) -> Result<BlockOutcome, BlockError> {
        let k = self.players;
        let lineup = &self.lineups[(b % self.lineups.len() as u64) as usize];
        let deal = self.deal_seed(master, b);
        let mut pattern = Pattern::new(k);
        let mut scores = [[0i32; MAX_SEATS]; MAX_SEATS];
        for r in 0..k {
            let rotation_seed = game_seed(deal, r as u64);
            let mut bots: Vec<Box<dyn Bot>> = (0..k)
                .map(|s| make_bot(usize::from(lineup[(s + r) % k]), bot_seed(rotation_seed, Seat(s as u8))))
                .collect();
            let result = ttr::play_game(map, deal, &mut bots).map_err(|error| BlockError {
                players: k,
                block: b,
                rotation: r,
                seed: deal,
                error,
            })?;
            let by_seat = seat_ranks(&result);
            let mut ranks = [0u8; MAX_SEATS];
            for (s, &rank) in by_seat.iter().enumerate().take(k) {
                let p = (s + r) % k;
                ranks[p] = rank;
                scores[r][p] = result.seats[s].score;
            }
            pattern.set(r, &ranks[..k]);
        }
        Ok(BlockOutcome { players: k as u8, lineup: lineup.clone(), pattern, scores })
    }
}

/// A game of a block that could not be played.
#[derive(Debug, thiserror::Error)]
#[error("{players}-player block {block}, rotation {rotation} (deal seed {seed}) failed: {error}")]
pub struct BlockError {
    /// Player count.
    pub players: usize,
    /// Block index within its player count.
    pub block: u64,
    /// Rotation.
    pub rotation: usize,
    /// The deal seed.
    pub seed: u64,
    /// What went wrong.
    pub error: GameError,
}

/// Plays the blocks `blocks` of `stage` (all of them, `0..stage.blocks`, or the part of one
/// shard) in chunks of `chunk` blocks, handing each block in order to `on_block`, which
/// returns `false` to stop.
#[allow(clippy::too_many_arguments)]
pub fn run_blocks(
    stage: &Stage,
    map: &Map,
    master: u64,
    blocks: Range<u64>,
    chunk: u64,
    make_bot: &(dyn Fn(usize, u64) -> Box<dyn Bot> + Sync),
    progress: &(dyn Fn(u64) + Sync),
    cancel: &AtomicBool,
    mut on_block: impl FnMut(&BlockOutcome) -> bool,
) -> Result<RunStop, BlockError> {
    let mine: Vec<u64> = blocks.collect();
    let mut done = 0;
    for chunk in mine.chunks(chunk.max(1) as usize) {
        if cancel.load(Ordering::Relaxed) {
            return Ok(RunStop::Cancelled(done));
        }
        for block in stage.play(map, master, chunk, make_bot, progress)? {
            done += 1;
            if !on_block(&block) {
                return Ok(RunStop::Stopped(done));
            }
        }
    }
    Ok(RunStop::Complete(done))
}

/// How a stage's run ended, with the blocks handed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunStop {
    /// Every block was played.
    Complete(u64),
    /// The consumer stopped it (a stop rule).
    Stopped(u64),
    /// Cancelled (Ctrl-C).
    Cancelled(u64),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_meets_equally_often_in_a_cycle() {
        let lineups = combinations(6, 4);
        assert_eq!(lineups.len(), 15);
        let mut met = [[0; 6]; 6];
        for l in &lineups {
            for &a in l {
                for &b in l {
                    met[usize::from(a)][usize::from(b)] += 1;
                }
            }
        }
        for (a, row) in met.iter().enumerate() {
            for (b, &n) in row.iter().enumerate() {
                assert_eq!(n, if a == b { 10 } else { 6 });
            }
        }
        let stage = Stage::new(6, 4, 100);
        assert_eq!(stage.blocks, 30, "rounded up to whole cycles of 15 lineups");
    }
}
