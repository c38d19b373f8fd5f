//! `routes.csv`: one row per route of the map, in the map file's order.

use serde::{Deserialize, Serialize};

use super::{mean, provisional, Fixed, Row};
use crate::route_tallies::RouteTally;
use crate::stats::ratio;

/// How often one route was claimed, when, and how its owners fared.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RouteRow {
    /// The route's 0-based index in the map file.
    pub route: u64,
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// Length in spaces.
    pub length: u64,
    /// Colour (`gray` for any).
    pub color: String,
    /// Games in which it was claimed.
    pub claimed: u64,
    /// `claimed / games`.
    pub claim_rate: Fixed<6>,
    /// Mean turn of the claim; empty if never claimed.
    pub mean_turn: Option<Fixed<4>>,
    /// Games its owner won outright.
    pub owner_wins: u64,
    /// `owner_wins / claimed` (0 if never claimed; read back, it may be empty).
    pub owner_win_rate: Option<Fixed<6>>,
    /// `owner_win_rate` minus the run's base win rate; empty if never claimed.
    pub lift: Option<Fixed<6>>,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for RouteRow {
    const FILE: &'static str = "routes.csv";
    const COLUMNS: &'static [&'static str] = &[
        "route",
        "a",
        "b",
        "length",
        "color",
        "claimed",
        "claim_rate",
        "mean_turn",
        "owner_wins",
        "owner_win_rate",
        "lift",
    ];
}

impl RouteRow {
    /// The row of route `index` of `map`, with counters `k`, out of `games`, against the
    /// run's base win rate `base`.
    #[must_use]
    pub fn new(map: &ttr::Map, index: usize, k: &RouteTally, games: u64, base: f64) -> RouteRow {
        let route = &map.routes()[index];
        let owner_rate = ratio(k.owner_wins, k.claimed);
        RouteRow {
            route: index as u64,
            a: map.city_name(route.a).to_string(),
            b: map.city_name(route.b).to_string(),
            length: u64::from(route.length),
            color: route.color.map_or("gray", |c| c.name()).to_string(),
            claimed: k.claimed,
            claim_rate: Fixed(ratio(k.claimed, games)),
            mean_turn: mean(k.turn_sum as f64, k.claimed),
            owner_wins: k.owner_wins,
            owner_win_rate: Some(Fixed(owner_rate)),
            lift: (k.claimed > 0).then_some(Fixed(owner_rate - base)),
            provisional: provisional(map.provisional),
        }
    }
}
