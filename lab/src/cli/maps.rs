//! `ttr maps`: work with map files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use ttr::Map;

use super::CliError;
use crate::design;

/// The subcommands of `ttr maps`.
#[derive(Subcommand, Debug)]
pub enum MapsCommand {
    /// Validate map files and print a one-line summary of each.
    #[command(after_help = "\
Examples:
  ttr maps check maps/*.toml
  ttr maps check my_board.toml    # every problem, with its line")]
    Check {
        /// Map files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Analyse a board before play: ticket value against the shortest path, ticket lengths
    /// and colour by length beside the official maps, bridges and dead ends, crowding of the
    /// connections, and the supply of wagon spaces. Writes CSV files and `analysis.html`.
    #[command(after_help = "\
Examples:
  ttr maps analyze maps/usa.toml --out results/usa-analysis
  ttr maps analyze my_board.toml --players 4 --out my_board-analysis

Without --players, every player count of the map is analysed (crowding and supply change
with it). The map may have too few tickets to play; its other checks apply. Files:
tickets.csv, bands.csv, colours.csv, cities.csv, routes.csv, crowding.csv, supply.csv and
analysis.html (definitions and columns: docs/analyze.md).")]
    Analyze {
        /// Map file (TOML).
        file: PathBuf,
        /// One player count [default: every player count of the map].
        #[arg(long, value_name = "N")]
        players: Option<usize>,
        /// Output directory (created if needed).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

/// Runs a `ttr maps` subcommand.
pub fn run(command: &MapsCommand, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    match command {
        MapsCommand::Check { files } => check(files, stdout),
        MapsCommand::Analyze { file, players, out } => analyze(file, *players, out, stdout),
    }
}

/// Summarises every valid map on `stdout` and reports every invalid one on stderr.
fn check(files: &[PathBuf], stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let mut failed = 0;
    for file in files {
        match Map::load(file) {
            Ok(map) => writeln!(stdout, "{}: {}", file.display(), map.summary()).map_err(CliError::Stdout)?,
            Err(e) => {
                eprintln!("error: {e}");
                failed += 1;
            }
        }
    }
    if failed > 0 {
        return Err(CliError::InvalidMaps { failed, total: files.len() });
    }
    Ok(ExitCode::SUCCESS)
}

/// Analyses the board in `file` at `players` (every count of the map if `None`) and writes
/// the files into `out`; nothing is written when the map or the player count is refused.
fn analyze(file: &Path, players: Option<usize>, out: &Path, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let map = Map::load_board(file)?;
    let [lo, hi] = map.rules.players;
    let counts: Vec<u8> = match players {
        None => (lo..=hi).collect(),
        Some(n) if n >= usize::from(lo) && n <= usize::from(hi) => vec![n as u8],
        Some(n) => return Err(CliError::Players { players: n, map: map.name.clone(), lo, hi }),
    };
    let analysis = design::analyze::analyze(&map, &counts, &design::official::maps());
    let names =
        design::analyze::write(&map, &analysis, out).map_err(|(path, source)| CliError::Write { path, source })?;
    writeln!(stdout, "wrote {}/ ({})", out.display(), names.join(", ")).map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}
