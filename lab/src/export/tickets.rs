//! `tickets.csv`: two rows per ticket of the map (dealt at setup, drawn in play), in the
//! map file's order.

use serde::{Deserialize, Serialize};

use super::{mean, provisional, Fixed, Row};
use crate::stats::{ratio, wilson, RunStats};

/// How one ticket from one source was kept, completed, and how its holders fared.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicketRow {
    /// The ticket's 0-based index in the map file.
    pub ticket: u64,
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// Points.
    pub points: u64,
    /// `normal` or `long`.
    pub kind: String,
    /// `setup` or `drawn`.
    pub source: String,
    /// Times offered.
    pub dealt: u64,
    /// Times kept.
    pub kept: u64,
    /// `kept / dealt`.
    pub keep_rate: Fixed<6>,
    /// Times completed when kept.
    pub completed: u64,
    /// `completed / kept` (0 if never kept; read back, it may be empty).
    pub completion_rate: Option<Fixed<6>>,
    /// 95% Wilson interval of the completion rate, low end.
    pub completion_rate_lo: Fixed<6>,
    /// 95% Wilson interval of the completion rate, high end.
    pub completion_rate_hi: Fixed<6>,
    /// Mean of +points (completed) and -points (failed) over the times kept; empty if never.
    pub mean_net_points: Option<Fixed<4>>,
    /// Outright wins of the seats that kept it.
    pub held_wins: u64,
    /// `held_wins / kept`.
    pub win_rate_held: Fixed<6>,
    /// Outright win rate of the seat-games that did not hold the ticket (any source).
    pub win_rate_not_held: Fixed<6>,
    /// `win_rate_held - win_rate_not_held`; empty if never kept.
    pub lift: Option<Fixed<6>>,
    /// Mean turn of completion; empty if never completed.
    pub mean_completion_turn: Option<Fixed<4>>,
    /// Times kept and blocked: incomplete at the end, with no way left to join its cities
    /// over the holder's routes and the routes still open to the holder. Always written;
    /// empty when read from a file written before the column existed, as are the next three.
    #[serde(default)]
    pub blocked: Option<u64>,
    /// `blocked / kept` (0 if never kept).
    #[serde(default)]
    pub blocked_rate: Option<Fixed<6>>,
    /// 95% Wilson interval of the blocked rate, low end.
    #[serde(default)]
    pub blocked_rate_lo: Option<Fixed<6>>,
    /// 95% Wilson interval of the blocked rate, high end.
    #[serde(default)]
    pub blocked_rate_hi: Option<Fixed<6>>,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for TicketRow {
    const FILE: &'static str = "tickets.csv";
    const COLUMNS: &'static [&'static str] = &[
        "ticket",
        "a",
        "b",
        "points",
        "kind",
        "source",
        "dealt",
        "kept",
        "keep_rate",
        "completed",
        "completion_rate",
        "completion_rate_lo",
        "completion_rate_hi",
        "mean_net_points",
        "held_wins",
        "win_rate_held",
        "win_rate_not_held",
        "lift",
        "mean_completion_turn",
        "blocked",
        "blocked_rate",
        "blocked_rate_lo",
        "blocked_rate_hi",
    ];
    const ADDED: &'static [&'static str] = &["blocked", "blocked_rate", "blocked_rate_lo", "blocked_rate_hi"];
}

impl TicketRow {
    /// The two rows (setup, drawn) of ticket `index` of `map`, from the run's counters.
    #[must_use]
    pub fn pair(map: &ttr::Map, index: usize, s: &RunStats) -> [TicketRow; 2] {
        let ticket = &map.tickets()[index];
        let (held, held_wins) = s.ticket_held[index];
        let not_held = ratio(s.wins - held_wins, s.seat_games - held);
        [(0, "setup"), (1, "drawn")].map(|(source, name)| {
            let k = &s.tickets[index][source];
            let (lo, hi) = wilson(k.completed, k.kept);
            let (blocked_lo, blocked_hi) = wilson(k.blocked, k.kept);
            let held_rate = ratio(k.held_wins, k.kept);
            TicketRow {
                ticket: index as u64,
                a: map.city_name(ticket.a).to_string(),
                b: map.city_name(ticket.b).to_string(),
                points: u64::from(ticket.points),
                kind: if ticket.kind == ttr::TicketKind::Long { "long" } else { "normal" }.to_string(),
                source: name.to_string(),
                dealt: k.dealt,
                kept: k.kept,
                keep_rate: Fixed(ratio(k.kept, k.dealt)),
                completed: k.completed,
                completion_rate: Some(Fixed(ratio(k.completed, k.kept))),
                completion_rate_lo: Fixed(lo),
                completion_rate_hi: Fixed(hi),
                mean_net_points: mean(k.net_points as f64, k.kept),
                held_wins: k.held_wins,
                win_rate_held: Fixed(held_rate),
                win_rate_not_held: Fixed(not_held),
                lift: (k.kept > 0).then_some(Fixed(held_rate - not_held)),
                mean_completion_turn: mean(k.completion_turn_sum as f64, k.completed),
                blocked: Some(k.blocked),
                blocked_rate: Some(Fixed(ratio(k.blocked, k.kept))),
                blocked_rate_lo: Some(Fixed(blocked_lo)),
                blocked_rate_hi: Some(Fixed(blocked_hi)),
                provisional: provisional(map.provisional),
            }
        })
    }
}
