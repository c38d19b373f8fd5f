//! `scores.csv`: the distributions of a run, one row per metric and value.

use serde::{Deserialize, Serialize};

use super::{provisional, Row};
use crate::stats::Distributions;

/// How many seat-games (or games) had one value of one metric.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreRow {
    /// `score`, `route_points`, `ticket_points`, `bonus` (per seat-game), `turns` or `end`
    /// (per game).
    pub metric: String,
    /// A number, or for `end` how the game ended (`trains`, `passes`, `turn_cap`).
    pub value: String,
    /// Seat-games or games with this value.
    pub count: u64,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for ScoreRow {
    const FILE: &'static str = "scores.csv";
    const COLUMNS: &'static [&'static str] = &["metric", "value", "count"];
}

impl ScoreRow {
    /// Every row of `d`: each numeric metric by increasing value, then the ends.
    #[must_use]
    pub fn all(d: &Distributions, is_provisional: bool) -> Vec<ScoreRow> {
        let row = |metric: &str, value: String, count: u64| ScoreRow {
            metric: metric.to_string(),
            value,
            count,
            provisional: provisional(is_provisional),
        };
        let mut rows = Vec::new();
        for (metric, dist) in [
            ("score", &d.score),
            ("route_points", &d.route_points),
            ("ticket_points", &d.ticket_points),
            ("bonus", &d.bonus),
            ("turns", &d.turns),
        ] {
            rows.extend(dist.iter().map(|(value, count)| row(metric, value.to_string(), count)));
        }
        let ends = [ttr::EndReason::Trains, ttr::EndReason::Passes, ttr::EndReason::TurnCap];
        rows.extend(ends.iter().zip(d.end).map(|(end, count)| row("end", end.name().to_string(), count)));
        rows
    }
}
