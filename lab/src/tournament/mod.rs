//! Tournaments and ratings: many bots compared on a schedule of duplicate blocks, rated by
//! maximum likelihood (Bradley-Terry / Plackett-Luce with a seat term) with block-bootstrap
//! intervals; and the SPRT stop rule for A/B questions.
//!
//! - [`schedule`]: lineups of distinct bots cycled through every combination; one deal per
//!   block, played once per seat rotation.
//! - [`counts`]: the integer counters everything is computed from (so shards merge exactly).
//! - [`fit`]: the MM fit. [`analysis`]: ladders, pairs, seats with bootstrap intervals.
//! - [`sprt`]: the pentanomial sequential test. [`output`]: the CSV files.
//! - [`cli`]: `ttr tournament`. [`report`]: the ladder page of `ttr report`.

pub mod analysis;
pub mod cli;
pub mod counts;
pub mod fit;
pub mod output;
pub mod report;
pub mod schedule;
pub mod sprt;

use std::path::PathBuf;

pub use analysis::{analyse, AnalysisOptions, Estimate, Ladder, Scope};
pub use cli::{tournament, TournamentArgs};
pub use counts::{BlockOutcome, Counters, Pattern};
pub use sprt::{Penta, Sprt, SprtParams, Verdict};

/// Why a tournament could not be run or written.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A bad command-line value.
    #[error("{0}")]
    Usage(String),
    /// The map could not be loaded.
    #[error(transparent)]
    Map(#[from] ttr::MapError),
    /// A bot spec was refused.
    #[error(transparent)]
    Spec(#[from] ttr_bots::SpecError),
    /// A game failed.
    #[error(transparent)]
    Block(#[from] schedule::BlockError),
    /// An output file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// An input file is missing or malformed.
    #[error("{path}: {reason}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// Standard output could not be written (a closed pipe ends the command quietly).
    #[error("cannot write to standard output: {0}")]
    Stdout(#[source] std::io::Error),
    /// Interrupted (Ctrl-C) after this many blocks; nothing was written.
    #[error("interrupted after {0} blocks: no files were written")]
    Interrupted(u64),
}
