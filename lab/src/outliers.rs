//! The games of a run worth a look: the longest and the shortest (in turns), the most
//! lopsided (by the winners' margin), and every game that ended by passes or the turn cap.
//! Kept as counters of the run: [`Outliers::merge`] of two parts of a run finds what one
//! pass over all of its games finds, whatever the order the parts come in.

use std::borrow::Cow;
use std::cmp::Reverse;

use serde::{Deserialize, Serialize};
use ttr::{EndReason, GameResult, Seat};

use crate::runner::GameOutcome;

/// Games kept in each of the longest, shortest and most lopsided lists.
pub const KEPT: usize = 5;

/// What `outliers.csv` says of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameNote {
    /// 0-based game index.
    pub game: u64,
    /// The game's seed.
    pub seed: u64,
    /// Turns played.
    pub turns: u16,
    /// How it ended: `trains`, `passes` or `turn_cap` (borrowed when taken from a game, so
    /// noting a game allocates nothing).
    pub end: Cow<'static, str>,
    /// The winners' [`margin`].
    pub margin: i32,
}

impl GameNote {
    /// The note of a finished game.
    #[must_use]
    pub fn of(o: &GameOutcome) -> GameNote {
        GameNote {
            game: o.index,
            seed: o.seed,
            turns: o.result.turns,
            end: Cow::Borrowed(o.result.end.name()),
            margin: margin(&o.result),
        }
    }
}

/// The lowest score among the winners minus the highest among the other players; 0 when
/// every player won.
#[must_use]
pub fn margin(result: &GameResult) -> i32 {
    let score = |s: usize| result.seats()[s].score;
    let won = |s: usize| result.winners.contains(Seat(s as u8));
    let seats = 0..result.seats().len();
    let winners = seats.clone().filter(|&s| won(s)).map(score).min();
    let others = seats.filter(|&s| !won(s)).map(score).max();
    match (winners, others) {
        (Some(w), Some(o)) => w - o,
        _ => 0,
    }
}

/// The outliers of the games counted so far. Ties are broken by the lower game index.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outliers {
    /// The [`KEPT`] games with the most turns, longest first.
    pub longest: Vec<GameNote>,
    /// The [`KEPT`] games with the fewest turns, shortest first.
    pub shortest: Vec<GameNote>,
    /// The [`KEPT`] games with the largest margin, largest first.
    pub lopsided: Vec<GameNote>,
    /// Every game that ended by passes or the turn cap, in game order.
    pub stalled: Vec<GameNote>,
}

impl Outliers {
    /// Counts one game: the same as merging the outliers of that game alone.
    pub fn add(&mut self, note: &GameNote) {
        keep_one(&mut self.longest, note, |n| (Reverse(n.turns), n.game));
        keep_one(&mut self.shortest, note, |n| (n.turns, n.game));
        keep_one(&mut self.lopsided, note, |n| (Reverse(n.margin), n.game));
        if note.end != EndReason::Trains.name() {
            let at = self.stalled.partition_point(|n| n.game <= note.game);
            self.stalled.insert(at, note.clone());
        }
    }

    /// Adds the outliers of other games (another shard of the same run).
    pub fn merge(&mut self, other: &Outliers) {
        keep(&mut self.longest, &other.longest, |n| (Reverse(n.turns), n.game));
        keep(&mut self.shortest, &other.shortest, |n| (n.turns, n.game));
        keep(&mut self.lopsided, &other.lopsided, |n| (Reverse(n.margin), n.game));
        self.stalled.extend(other.stalled.iter().cloned());
        self.stalled.sort_by_key(|n| n.game);
    }

    /// Every listed game as `(kind, rank, note)`, in the order of `outliers.csv`: the
    /// longest, shortest and most lopsided games, ranked from 1, then the games that ended by
    /// passes, then by the turn cap, each in game order and ranked from 1.
    #[must_use]
    pub fn rows(&self) -> Vec<(&'static str, usize, &GameNote)> {
        let lists = [("longest", &self.longest), ("shortest", &self.shortest), ("lopsided", &self.lopsided)];
        let mut rows: Vec<(&'static str, usize, &GameNote)> = lists
            .into_iter()
            .flat_map(|(kind, notes)| notes.iter().enumerate().map(move |(i, n)| (kind, i + 1, n)))
            .collect();
        for kind in [EndReason::Passes.name(), EndReason::TurnCap.name()] {
            let games = self.stalled.iter().filter(|n| n.end == kind);
            rows.extend(games.enumerate().map(|(i, n)| (kind, i + 1, n)));
        }
        rows
    }
}

/// Keeps in `mine` (sorted by `key`) the [`KEPT`] best of `mine` and `note` by `key` (lowest
/// first).
fn keep_one<K: Ord>(mine: &mut Vec<GameNote>, note: &GameNote, key: impl Fn(&GameNote) -> K) {
    // Most games come after the last one kept: one comparison tells.
    if mine.len() == KEPT && key(note) >= key(&mine[KEPT - 1]) {
        return;
    }
    let at = mine.partition_point(|n| key(n) <= key(note));
    if at < KEPT {
        mine.truncate(KEPT - 1);
        mine.insert(at, note.clone());
    }
}

/// Keeps in `mine` the [`KEPT`] best of `mine` and `theirs` by `key` (lowest first).
fn keep<K: Ord>(mine: &mut Vec<GameNote>, theirs: &[GameNote], key: impl Fn(&GameNote) -> K) {
    mine.extend(theirs.iter().cloned());
    mine.sort_by_key(|n| key(n));
    mine.truncate(KEPT);
}
