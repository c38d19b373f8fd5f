//! `ttr-bots`: bots for the ttr engine, bot specs, and the CSV reports of the `ttr` tool.
#![deny(missing_docs)]

pub mod atomic_file;
pub mod html_report;
pub mod random;
pub mod record_file;
pub mod replay_text;
pub mod report;
pub mod spec;
pub mod svg;

pub use random::RandomBot;
pub use spec::{BotSpec, SpecError};
