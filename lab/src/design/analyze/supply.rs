//! Supply: wagon spaces on the board against the trains in play, per player count
//! (`supply.csv`).

use serde::{Deserialize, Serialize};
use ttr::{Map, RouteId};

use super::graph::is_open;
use crate::export::{Fixed, Row};

/// The board's supply at one player count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SupplyRow {
    /// The player count.
    pub players: u64,
    /// Trains each player starts with.
    pub trains_per_player: u64,
    /// `trains_per_player × players`.
    pub trains_in_play: u64,
    /// Spaces of the tracks that can be claimed at `players` players (a double route's second
    /// track only from `doubles_both_from` players on).
    pub wagon_spaces: u64,
    /// Trains it takes to claim all those tracks (spaces plus mountains).
    pub trains_to_claim_all: u64,
    /// `wagon_spaces / trains_in_play`: below 1 the players' trains outnumber the spaces.
    pub spaces_per_train: Fixed<4>,
}

impl Row for SupplyRow {
    const FILE: &'static str = "supply.csv";
    const COLUMNS: &'static [&'static str] =
        &["players", "trains_per_player", "trains_in_play", "wagon_spaces", "trains_to_claim_all", "spaces_per_train"];
}

/// The supply of `map` at `players` players.
#[must_use]
pub fn supply_row(map: &Map, players: u8) -> SupplyRow {
    let open = || (0..map.routes().len()).map(|i| RouteId(i as u8)).filter(|&r| is_open(map, r, players));
    let spaces: u64 = open().map(|r| u64::from(map.route(r).length)).sum();
    let claim: u64 = open().map(|r| u64::from(map.route(r).trains_needed())).sum();
    let trains = u64::from(map.rules.trains) * u64::from(players);
    SupplyRow {
        players: u64::from(players),
        trains_per_player: u64::from(map.rules.trains),
        trains_in_play: trains,
        wagon_spaces: spaces,
        trains_to_claim_all: claim,
        spaces_per_train: Fixed(spaces as f64 / trains.max(1) as f64),
    }
}
