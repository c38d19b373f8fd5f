//! `games.csv`: one row per game, in game order, with a group of columns per seat
//! (`bot_0`, `score_0`, ... `trains_left_0`, then seat 1, ...), so its header depends on
//! the player count: [`header`].

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use super::{provisional, write_header, writer};
use crate::GameOutcome;

/// The columns of one seat; the header names them `NAME_SEAT`, e.g. `score_2`.
pub const SEAT_COLUMNS: &[&str] = &[
    "bot",
    "score",
    "route_points",
    "ticket_gained",
    "ticket_lost",
    "tickets_completed",
    "tickets_failed",
    "bonus",
    "trains_left",
];

/// One game's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// 0-based game index.
    pub game: u64,
    /// The game's seed.
    pub seed: u64,
    /// One group of columns per seat, in seat order.
    pub seats: Vec<SeatColumns>,
    /// The winning seats, `;`-separated.
    pub winners: String,
    /// Turns played.
    pub turns: u16,
    /// How the game ended: `trains`, `passes` or `turn_cap`.
    pub end: String,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

/// One seat's columns of a [`GameRow`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatColumns {
    /// The bot spec in the seat.
    pub bot: String,
    /// Final score.
    pub score: i32,
    /// Route points.
    pub route_points: i32,
    /// Points of completed tickets.
    pub ticket_gained: i32,
    /// Points lost for failed tickets.
    pub ticket_lost: i32,
    /// Tickets completed.
    pub tickets_completed: u8,
    /// Tickets failed.
    pub tickets_failed: u8,
    /// End-of-game bonus points.
    pub bonus: i32,
    /// Trains left.
    pub trains_left: u8,
}

impl GameRow {
    /// The row of `o`; `specs[i]` is the spec of the run's bot `i`.
    #[must_use]
    pub fn new(o: &GameOutcome, specs: &[String], is_provisional: bool) -> GameRow {
        let seats = o
            .result
            .seats()
            .iter()
            .enumerate()
            .map(|(s, r)| SeatColumns {
                bot: specs[usize::from(o.lineup[s])].clone(),
                score: r.score,
                route_points: r.route_points,
                ticket_gained: r.ticket_points_gained,
                ticket_lost: r.ticket_points_lost,
                tickets_completed: r.tickets_completed,
                tickets_failed: r.tickets_failed,
                bonus: r.bonus_points,
                trains_left: r.trains_left,
            })
            .collect();
        let winners: Vec<String> = o.result.winners.iter().map(|s| s.0.to_string()).collect();
        GameRow {
            game: o.index,
            seed: o.seed,
            seats,
            winners: winners.join(";"),
            turns: o.result.turns,
            end: o.result.end.name().to_string(),
            provisional: provisional(is_provisional),
        }
    }
}

/// The column names of `games.csv` for `players` seats, without `provisional`.
#[must_use]
pub fn header(players: usize) -> Vec<String> {
    let seats = (0..players).flat_map(|s| SEAT_COLUMNS.iter().map(move |c| format!("{c}_{s}")));
    ["game", "seed"]
        .into_iter()
        .map(String::from)
        .chain(seats)
        .chain(["winners", "turns", "end"].map(String::from))
        .collect()
}

/// Writes the header row of `games.csv`.
pub fn write_header_row(w: impl Write, players: usize, is_provisional: bool) -> io::Result<()> {
    let mut csv = writer(w);
    write_header(&mut csv, header(players).iter().map(String::as_str), is_provisional)?;
    csv.flush()
}

/// Writes rows of `games.csv`.
pub fn write_rows<'r>(w: impl Write, rows: impl IntoIterator<Item = &'r GameRow>) -> io::Result<()> {
    let mut csv = writer(w);
    for row in rows {
        csv.serialize(row)?;
    }
    csv.flush()
}
