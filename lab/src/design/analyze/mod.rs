//! `ttr maps analyze`: a board before play. Every figure comes from the map file alone (the
//! board at the start of a game, nothing claimed), compared where it helps with the official
//! maps built into the binary ([`crate::design::official`]).
//!
//! The output directory gets `tickets.csv`, `bands.csv`, `colours.csv`, `cities.csv`,
//! `routes.csv`, `crowding.csv`, `supply.csv` (columns: `docs/analyze.md`) and
//! `analysis.html`, all written under temporary names and renamed only once every one is
//! complete.

pub mod crowding;
pub mod graph;
mod page;
pub mod paths;
pub mod routes;
pub mod supply;
pub mod tickets;

use std::io;
use std::path::{Path, PathBuf};

use ttr::Map;

use crate::atomic_file::AtomicFile;
use crate::design::tickets::{fit, Formula, Measure};
use crate::export::{write_rows, Row, Table};
use crowding::CrowdingRow;
use routes::{CityRow, ColourRow, RouteRow};
use supply::SupplyRow;
use tickets::{BandRow, TicketRow};

/// Everything `ttr maps analyze` finds about a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The ticket-points model, fitted on the official maps' printed tickets.
    pub model: Formula,
    /// The player counts analysed.
    pub players: Vec<u8>,
    /// One row per ticket.
    pub tickets: Vec<TicketRow>,
    /// The length-band mix of the board, then of each official map.
    pub bands: Vec<BandRow>,
    /// Colour by length of the board, then of each official map.
    pub colours: Vec<ColourRow>,
    /// One row per city.
    pub cities: Vec<CityRow>,
    /// One row per connection.
    pub routes: Vec<RouteRow>,
    /// One row per connection and player count, player counts ascending.
    pub crowding: Vec<CrowdingRow>,
    /// One row per player count.
    pub supply: Vec<SupplyRow>,
}

/// Analyses `map` at each of `players`, beside the `official` maps (whose non-provisional
/// ones the ticket model is fitted on).
#[must_use]
pub fn analyze(map: &Map, players: &[u8], official: &[Map]) -> Analysis {
    let model = fit(&crate::design::official::printed(official), Measure::Trains);
    let connections = graph::connections(map);
    let paths = paths::Paths::new(map, &connections);
    let demand = crowding::demand(map, &connections, &paths);
    let boards = std::iter::once((map, "analysed")).chain(official.iter().map(|m| (m, "official")));
    let (mut bands, mut colours) = (Vec::new(), Vec::new());
    for (board, role) in boards {
        bands.extend(tickets::band_rows(board, role));
        colours.extend(routes::colour_rows(board, role));
    }
    Analysis {
        model,
        players: players.to_vec(),
        tickets: tickets::ticket_rows(map, &connections, &paths, &model),
        bands,
        colours,
        cities: routes::city_rows(map, &connections),
        routes: routes::route_rows(map, &connections),
        crowding: players.iter().flat_map(|&n| crowding::crowding_rows(map, &connections, &demand, n)).collect(),
        supply: players.iter().map(|&n| supply::supply_row(map, n)).collect(),
    }
}

/// The CSV files of an analysis, as their names and contents.
struct Files {
    tickets: (Vec<u8>, Table<TicketRow>),
    bands: (Vec<u8>, Table<BandRow>),
    colours: (Vec<u8>, Table<ColourRow>),
    cities: (Vec<u8>, Table<CityRow>),
    routes: (Vec<u8>, Table<RouteRow>),
    crowding: (Vec<u8>, Table<CrowdingRow>),
    supply: (Vec<u8>, Table<SupplyRow>),
}

/// One CSV file in memory, and read back as the page shows it.
fn csv<R: Row + Clone>(rows: &[R]) -> (Vec<u8>, Table<R>) {
    let mut bytes = Vec::new();
    write_rows(&mut bytes, false, rows.iter().cloned()).expect("writing to memory cannot fail");
    let table = Table::parse(R::FILE.to_string(), &bytes).expect("a file just written reads back");
    (bytes, table)
}

/// The name of the report page in the output directory.
pub const PAGE: &str = "analysis.html";

/// Writes the analysis of `map` into `dir` (created if needed): the CSV files and the page.
/// Each file is written under a temporary name; all are renamed into place only when every
/// one is complete. Returns the names written; an error names the path that failed.
pub fn write(map: &Map, analysis: &Analysis, dir: &Path) -> Result<Vec<&'static str>, (PathBuf, io::Error)> {
    let files = Files {
        tickets: csv(&analysis.tickets),
        bands: csv(&analysis.bands),
        colours: csv(&analysis.colours),
        cities: csv(&analysis.cities),
        routes: csv(&analysis.routes),
        crowding: csv(&analysis.crowding),
        supply: csv(&analysis.supply),
    };
    let html = page::page(map, analysis, &files);
    let contents: [(&'static str, &[u8]); 8] = [
        (TicketRow::FILE, &files.tickets.0),
        (BandRow::FILE, &files.bands.0),
        (ColourRow::FILE, &files.colours.0),
        (CityRow::FILE, &files.cities.0),
        (RouteRow::FILE, &files.routes.0),
        (CrowdingRow::FILE, &files.crowding.0),
        (SupplyRow::FILE, &files.supply.0),
        (PAGE, html.as_bytes()),
    ];
    std::fs::create_dir_all(dir).map_err(|e| (dir.to_path_buf(), e))?;
    let mut pending = Vec::new();
    for (name, bytes) in contents {
        let path = dir.join(name);
        let fail = |e| (path.clone(), e);
        let mut file = AtomicFile::create(&path).map_err(fail)?;
        io::Write::write_all(file.writer(), bytes).and_then(|()| file.flush()).map_err(fail)?;
        pending.push((path, file));
    }
    for (path, file) in pending {
        file.commit().map_err(|e| (path, e))?;
    }
    Ok(contents.iter().map(|(name, _)| *name).collect())
}
