//! Ticket value against the shortest path, and the mix of ticket lengths.
//!
//! `tickets.csv` has one row per ticket of the board: its points, the trains on its shortest
//! path, the points the fitted model gives for that path ([`crate::design::tickets::fit`]
//! over the official maps' printed tickets) and the difference. `bands.csv` has the share of
//! tickets in each length band, for the board and for each official map; a band is a range
//! of a ticket's trains as a fraction of its board's *longest journey*, the most trains on
//! the shortest path between any two joined cities.

use serde::{Deserialize, Serialize};
use ttr::{Map, TicketKind};

use super::graph::Connection;
use super::paths::Paths;
use crate::design::tickets::{distances, Formula, Measure};
use crate::export::{Fixed, Row};

/// The length bands, as fractions of the longest journey: `[lo, hi)`, the last one closed.
pub const BANDS: [(f64, f64); 4] = [(0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.0)];

/// One ticket against the shortest path between its cities.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicketRow {
    /// The ticket's 0-based index in the map file.
    pub ticket: u64,
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// `normal` or `long`.
    pub kind: String,
    /// Points printed on the ticket.
    pub points: u64,
    /// Trains on the shortest path (route lengths plus mountains); empty when no path joins
    /// the cities.
    pub trains: Option<u64>,
    /// How many shortest paths there are (paths through different connections).
    pub shortest_paths: u64,
    /// One shortest path, its cities joined by ` - `; ties go to the lowest-numbered city.
    pub path: String,
    /// Points the fitted model gives for `trains`; empty without a path.
    pub model_points: Option<u64>,
    /// `points - model_points`: above 0 the ticket pays more than its path is worth.
    pub difference: Option<i64>,
    /// `trains` as a fraction of the board's longest journey.
    pub journey_fraction: Option<Fixed<4>>,
}

impl Row for TicketRow {
    const FILE: &'static str = "tickets.csv";
    const COLUMNS: &'static [&'static str] = &[
        "ticket",
        "a",
        "b",
        "kind",
        "points",
        "trains",
        "shortest_paths",
        "path",
        "model_points",
        "difference",
        "journey_fraction",
    ];
}

/// The share of one board's tickets in one length band.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BandRow {
    /// The board's name.
    pub board: String,
    /// `analysed` for the board analysed, `official` for a map of `maps/`.
    pub role: String,
    /// The band's low end, as a fraction of the longest journey (included).
    pub lo: Fixed<2>,
    /// The band's high end (excluded, except 1).
    pub hi: Fixed<2>,
    /// The board's longest journey, in trains.
    pub longest_journey: u64,
    /// Tickets in the band (normal and long).
    pub tickets: u64,
    /// `tickets` over the board's tickets with a path (0 when it has none); an exact count of
    /// the deck, not an estimate.
    pub share: Fixed<4>,
}

impl Row for BandRow {
    const FILE: &'static str = "bands.csv";
    const COLUMNS: &'static [&'static str] = &["board", "role", "lo", "hi", "longest_journey", "tickets", "share"];
}

/// The rows of `tickets.csv` for `map`, in the map file's order, valued by `model`.
#[must_use]
pub fn ticket_rows(map: &Map, connections: &[Connection], paths: &Paths, model: &Formula) -> Vec<TicketRow> {
    let longest = longest_journey(map);
    let name = |c: ttr::CityId| map.city_name(c).to_string();
    map.tickets()
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let trains = paths.trains(t.a, t.b);
            let model_points = trains.map(|x| model.points(x));
            let path = paths.one_path(t.a, t.b, connections).unwrap_or_default();
            TicketRow {
                ticket: i as u64,
                a: name(t.a),
                b: name(t.b),
                kind: match t.kind {
                    TicketKind::Normal => "normal",
                    TicketKind::Long => "long",
                }
                .to_string(),
                points: u64::from(t.points),
                trains: trains.map(|x| x as u64),
                shortest_paths: paths.count(t.a, t.b) as u64,
                path: path.into_iter().map(name).collect::<Vec<_>>().join(" - "),
                model_points: model_points.map(u64::from),
                difference: model_points.map(|m| i64::from(t.points) - i64::from(m)),
                journey_fraction: trains.filter(|_| longest > 0.0).map(|x| Fixed(x / longest)),
            }
        })
        .collect()
}

/// The most trains on the shortest path between any two joined cities of `map` (0 for a
/// board without routes).
#[must_use]
pub fn longest_journey(map: &Map) -> f64 {
    let d = distances(map, Measure::Trains);
    let n = map.cities().len();
    let ids = |i: usize| ttr::CityId(i as u8);
    let d = &d;
    (0..n).flat_map(|i| (0..n).filter_map(move |j| d.get(ids(i), ids(j)))).fold(0.0, f64::max)
}

/// The index in [`BANDS`] of a ticket whose path is `fraction` of the longest journey.
#[must_use]
pub fn band_of(fraction: f64) -> usize {
    BANDS.iter().position(|&(_, hi)| fraction < hi).unwrap_or(BANDS.len() - 1)
}

/// The rows of `bands.csv` for one board: one per band, in [`BANDS`] order.
#[must_use]
pub fn band_rows(map: &Map, role: &str) -> Vec<BandRow> {
    let longest = longest_journey(map);
    let d = distances(map, Measure::Trains);
    let mut counts = [0u64; BANDS.len()];
    for t in map.tickets() {
        if let Some(x) = d.get(t.a, t.b).filter(|_| longest > 0.0) {
            counts[band_of(x / longest)] += 1;
        }
    }
    let total: u64 = counts.iter().sum();
    BANDS
        .iter()
        .zip(counts)
        .map(|(&(lo, hi), tickets)| BandRow {
            board: map.name.clone(),
            role: role.to_string(),
            lo: Fixed(lo),
            hi: Fixed(hi),
            longest_journey: longest as u64,
            tickets,
            share: Fixed(if total > 0 { tickets as f64 / total as f64 } else { 0.0 }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_band_holds_its_low_end_and_the_last_band_holds_the_longest_journey() {
        assert_eq!(band_of(0.0), 0);
        assert_eq!(band_of(0.2499), 0);
        assert_eq!(band_of(0.25), 1);
        assert_eq!(band_of(0.5), 2);
        assert_eq!(band_of(0.75), 3);
        assert_eq!(band_of(1.0), 3);
    }
}
