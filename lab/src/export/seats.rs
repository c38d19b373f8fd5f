//! `seats.csv`: one row per seat (0 moves first), every bot that sat there together.

use serde::{Deserialize, Serialize};

use super::{provisional, Fixed, Row};
use crate::Tally;

/// The results of one seat over every game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRow {
    /// The seat.
    pub seat: u64,
    /// Seat-games played.
    pub games: u64,
    /// Outright wins.
    pub wins: u64,
    /// Shared wins.
    pub draws: u64,
    /// Outright wins per seat-game.
    pub win_rate: Fixed<6>,
    /// 95% Wilson interval of the win rate, low end.
    pub win_rate_lo: Fixed<6>,
    /// 95% Wilson interval of the win rate, high end.
    pub win_rate_hi: Fixed<6>,
    /// Mean final score.
    pub mean_score: Fixed<4>,
    /// Sample standard deviation of the final score.
    pub sd_score: Fixed<4>,
    /// Mean rank (1 = won).
    pub mean_rank: Fixed<4>,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for SeatRow {
    const FILE: &'static str = "seats.csv";
    const COLUMNS: &'static [&'static str] = &[
        "seat",
        "games",
        "wins",
        "draws",
        "win_rate",
        "win_rate_lo",
        "win_rate_hi",
        "mean_score",
        "sd_score",
        "mean_rank",
    ];
}

impl SeatRow {
    /// The row of seat `seat` with counters `t`.
    #[must_use]
    pub fn new(seat: usize, t: &Tally, is_provisional: bool) -> SeatRow {
        let (lo, hi) = t.win_rate_interval();
        SeatRow {
            seat: seat as u64,
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            win_rate: Fixed(t.win_rate()),
            win_rate_lo: Fixed(lo),
            win_rate_hi: Fixed(hi),
            mean_score: Fixed(t.mean_score()),
            sd_score: Fixed(t.sd_score()),
            mean_rank: Fixed(t.mean_rank()),
            provisional: provisional(is_provisional),
        }
    }
}
