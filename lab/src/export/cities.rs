//! `cities.csv`: one row per city of the map, in the map file's order.

use serde::{Deserialize, Serialize};

use super::{provisional, Exact, Fixed, Row};
use crate::stats::{ratio, CityTally};

/// A city's place on the board and how it figured in completed tickets and winning networks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CityRow {
    /// The city's name.
    pub city: String,
    /// Position on the board, 0 (left) to 1.
    pub x: Exact,
    /// Position on the board, 0 (top) to 1.
    pub y: Exact,
    /// Completed tickets with the city as an end.
    pub completed_tickets: u64,
    /// `completed_tickets / games`.
    pub completed_tickets_per_game: Fixed<6>,
    /// Games in which a winner's routes touch the city.
    pub winner_network: u64,
    /// `winner_network / games`.
    pub winner_network_rate: Fixed<6>,
    /// `true` when the map is provisional; no column otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<bool>,
}

impl Row for CityRow {
    const FILE: &'static str = "cities.csv";
    const COLUMNS: &'static [&'static str] =
        &["city", "x", "y", "completed_tickets", "completed_tickets_per_game", "winner_network", "winner_network_rate"];
}

impl CityRow {
    /// The row of city `index` of `map`, with counters `k`, out of `games`.
    #[must_use]
    pub fn new(map: &ttr::Map, index: usize, k: &CityTally, games: u64) -> CityRow {
        let city = &map.cities()[index];
        CityRow {
            city: city.name.clone(),
            x: Exact(city.x),
            y: Exact(city.y),
            completed_tickets: k.completed_tickets,
            completed_tickets_per_game: Fixed(ratio(k.completed_tickets, games)),
            winner_network: k.winner_network,
            winner_network_rate: Fixed(ratio(k.winner_network, games)),
            provisional: provisional(map.provisional),
        }
    }
}
