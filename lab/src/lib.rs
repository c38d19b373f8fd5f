//! `ttr-lab`: the laboratory around the ttr engine and its bots: seeded parallel runs,
//! run statistics, game records, CSV and HTML output, design tools, and the `ttr` binary.
#![deny(missing_docs)]

pub mod action_space;
pub mod atomic_file;
pub mod cli;
pub mod compare;
pub mod design;
pub mod export;
pub mod histogram;
pub mod html_report;
pub mod joins;
pub mod obs_tensor;
pub mod outliers;
pub mod record;
pub mod record_file;
pub mod replay_text;
pub mod report;
pub mod route_tallies;
pub mod runner;
pub mod shard;
pub mod significance;
pub mod stats;
pub mod svg;
pub mod sweep;
pub mod timing;
pub mod tournament;
pub mod trace;

pub use runner::{lineup, GameOutcome, RunEnd, RunError, RunPlan};
pub use stats::{RunStats, Tally};
pub use trace::{GameTrace, TicketSource};
