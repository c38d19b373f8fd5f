//! `arc.csv`: the game arc, one row per round (a turn of every seat), from round 1 to the
//! last round any game reached.

use serde::{Deserialize, Serialize};

use super::{provisional, Fixed, Row};
use crate::stats::{mean_interval, ratio, RoundTally};

/// How many routes were claimed in one round of the games that reached it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArcRow {
    /// The round, from 1; round `r` of a `p`-player game holds its turns `(r-1)*p+1 ..= r*p`.
    pub round: u64,
    /// Games that reached the round (played its first turn).
    pub games_reaching: u64,
    /// `games_reaching / games`: the share of the run's games still going.
    pub reaching_rate: Fixed<6>,
    /// Routes claimed in the round, over the games that reached it.
    pub claims: u64,
    /// `claims / games_reaching`: routes claimed in the round per game that reached it.
    pub mean_claims: Fixed<4>,
    /// 95% normal interval of `mean_claims`, low end.
    pub mean_claims_lo: Fixed<4>,
    /// 95% normal interval of `mean_claims`, high end.
    pub mean_claims_hi: Fixed<4>,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for ArcRow {
    const FILE: &'static str = "arc.csv";
    const COLUMNS: &'static [&'static str] =
        &["round", "games_reaching", "reaching_rate", "claims", "mean_claims", "mean_claims_lo", "mean_claims_hi"];
}

impl ArcRow {
    /// The row of round `index + 1` of a run of `games` games.
    #[must_use]
    pub fn new(index: usize, k: &RoundTally, games: u64, is_provisional: bool) -> ArcRow {
        let (mean, lo, hi) = mean_interval(k.claims as f64, k.claims_sq as f64, k.games).unwrap_or_default();
        ArcRow {
            round: index as u64 + 1,
            games_reaching: k.games,
            reaching_rate: Fixed(ratio(k.games, games)),
            claims: k.claims,
            mean_claims: Fixed(mean),
            mean_claims_lo: Fixed(lo.max(0.0)),
            mean_claims_hi: Fixed(hi),
            provisional: provisional(is_provisional),
        }
    }
}
