//! The board's routes: colour by length (`colours.csv`, beside the official maps), the
//! cities' degrees and dead ends (`cities.csv`), and the connections with their bridges
//! (`routes.csv`).

use serde::{Deserialize, Serialize};
use ttr::{Card, Map};

use super::graph::{bridges, degrees, Connection};
use crate::export::Row;

/// The colour names in table order: the eight card colours, then `gray`.
pub const COLOURS: [&str; 9] = ["red", "orange", "yellow", "green", "blue", "pink", "white", "black", "gray"];

/// How many tracks of one colour and one length a board has.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColourRow {
    /// The board's name.
    pub board: String,
    /// `analysed` or `official`.
    pub role: String,
    /// The colour (`gray` for any one colour).
    pub color: String,
    /// The length in spaces.
    pub length: u64,
    /// Tracks (each track of a double route counts).
    pub tracks: u64,
}

impl Row for ColourRow {
    const FILE: &'static str = "colours.csv";
    const COLUMNS: &'static [&'static str] = &["board", "role", "color", "length", "tracks"];
}

/// One city: how connected it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CityRow {
    /// The city's name.
    pub city: String,
    /// Other cities a connection joins it to (its degree in the city graph).
    pub degree: u64,
    /// Tracks that end in it.
    pub tracks: u64,
    /// Whether it has degree 1: one neighbour only.
    pub dead_end: bool,
}

impl Row for CityRow {
    const FILE: &'static str = "cities.csv";
    const COLUMNS: &'static [&'static str] = &["city", "degree", "tracks", "dead_end"];
}

/// One connection: every track between two cities.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RouteRow {
    /// The connection's 0-based index (connections are in the order of their first track).
    pub connection: u64,
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// Fewest trains a claim of one of its tracks takes.
    pub trains: u64,
    /// The tracks' 0-based indices in the map file, joined by `+`.
    pub routes: String,
    /// The tracks' colours, joined by `+`.
    pub colors: String,
    /// Number of tracks.
    pub tracks: u64,
    /// Whether losing it splits the board: some two joined cities would be joined no more.
    pub bridge: bool,
}

impl Row for RouteRow {
    const FILE: &'static str = "routes.csv";
    const COLUMNS: &'static [&'static str] =
        &["connection", "a", "b", "trains", "routes", "colors", "tracks", "bridge"];
}

/// The name of a route colour (`gray` for any).
fn colour_name(color: Option<Card>) -> &'static str {
    color.map_or("gray", Card::name)
}

/// The rows of `colours.csv` for one board: every colour and length with at least one track,
/// colours in [`COLOURS`] order, then by length.
#[must_use]
pub fn colour_rows(map: &Map, role: &str) -> Vec<ColourRow> {
    let mut rows = Vec::new();
    for colour in COLOURS {
        let mut lengths: Vec<u8> =
            map.routes().iter().filter(|r| colour_name(r.color) == colour).map(|r| r.length).collect();
        lengths.sort_unstable();
        lengths.dedup();
        for length in lengths {
            let tracks =
                map.routes().iter().filter(|r| colour_name(r.color) == colour && r.length == length).count() as u64;
            rows.push(ColourRow {
                board: map.name.clone(),
                role: role.to_string(),
                color: colour.to_string(),
                length: u64::from(length),
                tracks,
            });
        }
    }
    rows
}

/// The rows of `cities.csv`, in the map file's order.
#[must_use]
pub fn city_rows(map: &Map, connections: &[Connection]) -> Vec<CityRow> {
    let degree = degrees(map, connections);
    map.cities()
        .iter()
        .enumerate()
        .map(|(i, city)| CityRow {
            city: city.name.clone(),
            degree: degree[i] as u64,
            tracks: u64::from(map.routes_at(ttr::CityId(i as u8)).count()),
            dead_end: degree[i] == 1,
        })
        .collect()
}

/// The rows of `routes.csv`, one per connection.
#[must_use]
pub fn route_rows(map: &Map, connections: &[Connection]) -> Vec<RouteRow> {
    let bridge = bridges(map, connections);
    let join = |items: Vec<String>| items.join("+");
    connections
        .iter()
        .zip(bridge)
        .enumerate()
        .map(|(k, (c, bridge))| RouteRow {
            connection: k as u64,
            a: map.city_name(c.a).to_string(),
            b: map.city_name(c.b).to_string(),
            trains: u64::from(c.trains),
            routes: join(c.tracks.iter().map(|r| r.index().to_string()).collect()),
            colors: join(c.tracks.iter().map(|&r| colour_name(map.route(r).color).to_string()).collect()),
            tracks: c.tracks.len() as u64,
            bridge,
        })
        .collect()
}
