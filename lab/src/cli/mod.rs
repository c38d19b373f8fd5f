//! The `ttr` command line: for each subcommand, its raw clap arguments, the validated
//! configuration built from them once, and the code that runs it. Every failure is a
//! [`CliError`], printed once by the binary's `main`.

pub mod bots;
pub mod maps;
pub mod merge;
pub mod replay;
pub mod report;
pub mod simulate;
pub mod tickets;

use std::io;
use std::path::PathBuf;

/// Why a command failed. `main` prints it as one `error: ...` line and exits non-zero,
/// except for [`CliError::is_broken_pipe`], which ends the command quietly with success.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// An input file could not be read.
    #[error("{}: cannot read the file: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// A map file is invalid.
    #[error(transparent)]
    Map(#[from] ttr::MapError),
    /// The player count is outside the map's range.
    #[error("--players {players}: {map} is for {lo} to {hi} players")]
    Players {
        /// Players asked for.
        players: usize,
        /// The map's name.
        map: String,
        /// The fewest players of the map.
        lo: u8,
        /// The most players of the map.
        hi: u8,
    },
    /// A bot spec or the bot list was refused.
    #[error(transparent)]
    Bots(#[from] ttr_bots::SpecError),
    /// The worker threads could not be started.
    #[error("cannot start threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// An output file or directory could not be written.
    #[error("cannot write to {}: {source}", path.display())]
    Write {
        /// The file or directory.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// A game of a run failed; nothing was written.
    #[error("game {index} (seed {seed}) failed: {error}; no files were written")]
    Game {
        /// The game's index.
        index: u64,
        /// The game's seed.
        seed: u64,
        /// What went wrong.
        error: ttr::GameError,
    },
    /// Some of the map files given to `ttr maps check` are invalid (each already reported).
    #[error("{failed} of {total} map files are invalid")]
    InvalidMaps {
        /// Invalid files.
        failed: usize,
        /// Files checked.
        total: usize,
    },
    /// A recorded game does not replay consistently with the rules or its result.
    #[error("{}:{line}: {error}", file.display())]
    Replay {
        /// The record file.
        file: PathBuf,
        /// The game's line in the file.
        line: usize,
        /// What is inconsistent.
        error: crate::record::RecordError,
    },
    /// `ttr replay --game N`: the record holds no game N.
    #[error("{}: no game {game} in this record", file.display())]
    NoSuchGame {
        /// The record file.
        file: PathBuf,
        /// The game asked for.
        game: u64,
    },
    /// The record holds a header but no game.
    #[error("{}: the record holds no games", file.display())]
    EmptyRecord {
        /// The record file.
        file: PathBuf,
    },
    /// Writing to standard output failed (a broken pipe is not reported).
    #[error("cannot write to standard output: {0}")]
    Stdout(#[source] io::Error),
    /// A failure already described in a sentence (record files, report inputs).
    #[error("{0}")]
    Message(String),
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Message(message)
    }
}

impl CliError {
    /// Whether the command stopped because standard output was closed (e.g. `| head`),
    /// which is success for a command line tool.
    #[must_use]
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Stdout(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// Parses a count written as an integer, with `_` separators, or like `1e6`; at least 1.
pub fn parse_count(text: &str) -> Result<u64, String> {
    let clean = text.replace('_', "");
    let value = clean.parse::<u64>().ok().or_else(|| {
        let f = clean.parse::<f64>().ok()?;
        (f.is_finite() && f >= 0.0 && f.fract() == 0.0 && f <= 1e15).then_some(f as u64)
    });
    match value {
        Some(0) => Err("must be at least 1".to_string()),
        Some(n) => Ok(n),
        None => Err(format!("{text:?} is not a whole number of games (e.g. 1000, 1_000_000 or 1e6)")),
    }
}

/// A progress bar over `games` games on stderr (hidden when `quiet`), redrawn 4 times a second.
#[must_use]
pub fn progress_bar(games: u64, quiet: bool) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} games  {per_sec}  ETA {eta}",
    )
    .expect("valid template")
    .progress_chars("=> ");
    bar.set_style(style);
    bar
}
