//! `ttr maps`: work with map files.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use ttr::Map;

use super::CliError;

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
}

/// Runs a `ttr maps` subcommand.
pub fn run(command: &MapsCommand, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    match command {
        MapsCommand::Check { files } => check(files, stdout),
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
