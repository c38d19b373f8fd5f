//! `ttr tickets`: design destination tickets.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use ttr::Map;

use super::{parse_count, CliError};
use crate::design::tickets::{suggest, to_toml, PUBLISHED};

/// The subcommands of `ttr tickets`.
#[derive(Subcommand, Debug)]
pub enum TicketsCommand {
    /// Propose tickets for a board: city pairs spread over it, points from the shortest
    /// path in trains (the published maps' rule). Prints TOML ticket lines to stdout.
    #[command(after_help = "\
Examples:
  ttr tickets suggest --map my_board.toml --count 30
  ttr tickets suggest --map maps/usa.toml --count 46 --seed 2 > tickets.toml")]
    Suggest {
        /// Map file (TOML); its own tickets may be missing or too few.
        #[arg(long)]
        map: PathBuf,
        /// Number of tickets.
        #[arg(long, value_parser = parse_count)]
        count: u64,
        /// Seed of the choice of city pairs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Runs a `ttr tickets` subcommand.
pub fn run(command: &TicketsCommand, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    match command {
        TicketsCommand::Suggest { map, count, seed } => {
            let map = Map::load_board(map)?;
            let fit = &PUBLISHED;
            let suggestions = suggest(&map, *count as usize, *seed, fit);
            eprintln!("{} tickets for {} (seed {seed}); points: {}", suggestions.len(), map.name, fit.describe());
            write!(stdout, "tickets = [\n{}]\n", to_toml(&map, &suggestions)).map_err(CliError::Stdout)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
