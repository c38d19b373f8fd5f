//! Crowding: how many tickets want each connection against how many tracks it opens at a
//! player count (`crowding.csv`).
//!
//! For every ticket of the board (normal and long) and every connection, the *share* is the
//! fraction of the ticket's shortest paths (in trains, see [`super::paths`]) that use the
//! connection. Per connection:
//! - `tickets_every`: tickets whose every shortest path uses it (share 1): they cannot be
//!   done as cheaply without it;
//! - `tickets_any`: tickets with at least one shortest path through it (share above 0);
//! - `demand`: the sum of the shares, the tickets expected on it if each ticket's holder took
//!   one of its shortest paths at random (`tickets_every <= demand <= tickets_any`);
//! - `open_tracks`: tracks that can be claimed at the player count (a double route counts 2
//!   only from the map's `doubles_both_from` players on);
//! - `demand_per_track`: `demand / open_tracks`, the ranking key.

use serde::{Deserialize, Serialize};
use ttr::Map;

use super::graph::Connection;
use super::paths::Paths;
use crate::export::{Fixed, Row};

/// One connection at one player count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrowdingRow {
    /// The player count.
    pub players: u64,
    /// The connection's index in `routes.csv`.
    pub connection: u64,
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// Fewest trains a claim of one of its tracks takes.
    pub trains: u64,
    /// Tracks that can be claimed at `players` players.
    pub open_tracks: u64,
    /// Tickets whose every shortest path uses it.
    pub tickets_every: u64,
    /// Tickets with at least one shortest path through it.
    pub tickets_any: u64,
    /// Sum over tickets of the share of their shortest paths through it.
    pub demand: Fixed<4>,
    /// `demand / open_tracks`.
    pub demand_per_track: Fixed<4>,
}

impl Row for CrowdingRow {
    const FILE: &'static str = "crowding.csv";
    const COLUMNS: &'static [&'static str] = &[
        "players",
        "connection",
        "a",
        "b",
        "trains",
        "open_tracks",
        "tickets_every",
        "tickets_any",
        "demand",
        "demand_per_track",
    ];
}

/// How the board's tickets use one connection (whatever the player count).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Demand {
    /// Tickets whose every shortest path uses it.
    pub every: u64,
    /// Tickets with at least one shortest path through it.
    pub any: u64,
    /// Sum over tickets of the share of their shortest paths through it.
    pub shared: f64,
}

/// The demand of the board's tickets on each connection, in `connections` order.
#[must_use]
pub fn demand(map: &Map, connections: &[Connection], paths: &Paths) -> Vec<Demand> {
    connections
        .iter()
        .map(|c| {
            let mut d = Demand::default();
            for t in map.tickets() {
                let share = paths.share(t.a, t.b, c);
                d.every += u64::from(share >= 1.0 - 1e-9);
                d.any += u64::from(share > 0.0);
                d.shared += share;
            }
            d
        })
        .collect()
}

/// The rows of `crowding.csv` at `players` players, in `connections` order.
#[must_use]
pub fn crowding_rows(map: &Map, connections: &[Connection], demand: &[Demand], players: u8) -> Vec<CrowdingRow> {
    connections
        .iter()
        .zip(demand)
        .enumerate()
        .map(|(k, (c, d))| {
            let open = c.open_tracks(map, players);
            CrowdingRow {
                players: u64::from(players),
                connection: k as u64,
                a: map.city_name(c.a).to_string(),
                b: map.city_name(c.b).to_string(),
                trains: u64::from(c.trains),
                open_tracks: open as u64,
                tickets_every: d.every,
                tickets_any: d.any,
                demand: Fixed(d.shared),
                demand_per_track: Fixed(d.shared / open.max(1) as f64),
            }
        })
        .collect()
}
