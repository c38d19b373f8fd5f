//! The board as a graph of cities and connections: a connection is every track between one
//! pair of cities (both tracks of a double route are one connection), so losing one track of
//! a double never cuts the board.

use ttr::{CityId, Map, RouteId};

/// Every track between one pair of cities.
#[derive(Clone, Debug, PartialEq)]
pub struct Connection {
    /// One end (the end of the first track in the map file).
    pub a: CityId,
    /// The other end.
    pub b: CityId,
    /// The tracks, in map-file order.
    pub tracks: Vec<RouteId>,
    /// Fewest trains a claim of one of its tracks takes (length plus mountains).
    pub trains: u8,
}

impl Connection {
    /// Tracks open to claims at `players` players: every track, except that a double route
    /// counts once below the map's `doubles_both_from` (its second track is then closed as
    /// soon as the first is claimed).
    #[must_use]
    pub fn open_tracks(&self, map: &Map, players: u8) -> usize {
        self.tracks.iter().filter(|&&r| is_open(map, r, players)).count()
    }
}

/// Whether route `r` counts as an open track at `players` players: always, except the later
/// track (in the map file) of a double route below the rules' `doubles_both_from`.
#[must_use]
pub fn is_open(map: &Map, r: RouteId, players: u8) -> bool {
    match map.route(r).twin {
        Some(twin) => twin.index() > r.index() || players >= map.rules.doubles_both_from,
        None => true,
    }
}

/// The connections of a map, in the order of their first track in the map file.
#[must_use]
pub fn connections(map: &Map) -> Vec<Connection> {
    let mut out: Vec<Connection> = Vec::new();
    for (i, route) in map.routes().iter().enumerate() {
        let id = RouteId(i as u8);
        let same = |c: &Connection| (c.a, c.b) == (route.a, route.b) || (c.a, c.b) == (route.b, route.a);
        match out.iter_mut().find(|c| same(c)) {
            Some(c) => {
                c.tracks.push(id);
                c.trains = c.trains.min(route.trains_needed());
            }
            None => out.push(Connection { a: route.a, b: route.b, tracks: vec![id], trains: route.trains_needed() }),
        }
    }
    out
}

/// For each city, the number of other cities a connection joins it to.
#[must_use]
pub fn degrees(map: &Map, connections: &[Connection]) -> Vec<usize> {
    let mut degree = vec![0; map.cities().len()];
    for c in connections {
        degree[c.a.index()] += 1;
        degree[c.b.index()] += 1;
    }
    degree
}

/// Whether each connection is a bridge: without it, some two cities that were joined are
/// joined no more.
#[must_use]
pub fn bridges(map: &Map, connections: &[Connection]) -> Vec<bool> {
    let whole = components(map.cities().len(), connections, None);
    (0..connections.len()).map(|k| components(map.cities().len(), connections, Some(k)) > whole).collect()
}

/// The number of connected parts of the city graph, leaving out connection `skip`.
fn components(cities: usize, connections: &[Connection], skip: Option<usize>) -> usize {
    let mut part: Vec<usize> = (0..cities).collect();
    fn root(part: &mut [usize], mut x: usize) -> usize {
        while part[x] != x {
            part[x] = part[part[x]];
            x = part[x];
        }
        x
    }
    let mut count = cities;
    for (k, c) in connections.iter().enumerate() {
        if Some(k) == skip {
            continue;
        }
        let (x, y) = (root(&mut part, c.a.index()), root(&mut part, c.b.index()));
        if x != y {
            part[x] = y;
            count -= 1;
        }
    }
    count
}
