//! `matchups.csv`: one row per ordered pair of distinct bots that met at a table.

use serde::{Deserialize, Serialize};

use super::{provisional, Fixed, Row};
use crate::stats::{ratio, wilson, Matchup};

/// How one bot fared against another when both sat at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchupRow {
    /// The bot spec.
    pub bot: String,
    /// The opponent's bot spec.
    pub opponent: String,
    /// Games in which both played.
    pub games: u64,
    /// Games in which the bot ranked above the opponent.
    pub ahead: u64,
    /// Games in which it ranked below.
    pub behind: u64,
    /// Games in which they ranked level.
    pub level: u64,
    /// `ahead / games`.
    pub win_rate: Fixed<6>,
    /// 95% Wilson interval of the win rate, low end.
    pub win_rate_lo: Fixed<6>,
    /// 95% Wilson interval of the win rate, high end.
    pub win_rate_hi: Fixed<6>,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for MatchupRow {
    const FILE: &'static str = "matchups.csv";
    const COLUMNS: &'static [&'static str] =
        &["bot", "opponent", "games", "ahead", "behind", "level", "win_rate", "win_rate_lo", "win_rate_hi"];
}

impl MatchupRow {
    /// The row of `bot` against `opponent` with counters `m`.
    #[must_use]
    pub fn new(bot: &str, opponent: &str, m: &Matchup, is_provisional: bool) -> MatchupRow {
        let (lo, hi) = wilson(m.ahead, m.games);
        MatchupRow {
            bot: bot.to_string(),
            opponent: opponent.to_string(),
            games: m.games,
            ahead: m.ahead,
            behind: m.behind,
            level: m.games - m.ahead - m.behind,
            win_rate: Fixed(ratio(m.ahead, m.games)),
            win_rate_lo: Fixed(lo),
            win_rate_hi: Fixed(hi),
            provisional: provisional(is_provisional),
        }
    }
}
