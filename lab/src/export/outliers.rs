//! `outliers.csv`: the games worth a look ([`crate::outliers`]), one row per listing.

use serde::{Deserialize, Serialize};

use super::{provisional, Row};
use crate::outliers::GameNote;

/// One game of a list of outliers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutlierRow {
    /// The list: `longest`, `shortest`, `lopsided`, `passes` or `turn_cap`.
    pub kind: String,
    /// Place in the list, from 1.
    pub rank: u64,
    /// 0-based game index (the row of `games.csv`, and the game `ttr replay --game` shows).
    pub game: u64,
    /// The game's seed.
    pub seed: u64,
    /// Turns played.
    pub turns: u16,
    /// How it ended: `trains`, `passes` or `turn_cap`.
    pub end: String,
    /// The lowest winner's score minus the best other score (0 when all won).
    pub margin: i32,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for OutlierRow {
    const FILE: &'static str = "outliers.csv";
    const COLUMNS: &'static [&'static str] = &["kind", "rank", "game", "seed", "turns", "end", "margin"];
}

impl OutlierRow {
    /// The row of `note`, listed as `kind` at place `rank`.
    #[must_use]
    pub fn new(kind: &str, rank: usize, note: &GameNote, is_provisional: bool) -> OutlierRow {
        OutlierRow {
            kind: kind.to_string(),
            rank: rank as u64,
            game: note.game,
            seed: note.seed,
            turns: note.turns,
            end: note.end.to_string(),
            margin: note.margin,
            provisional: provisional(is_provisional),
        }
    }
}
