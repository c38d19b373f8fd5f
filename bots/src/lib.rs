//! `ttr-bots`: bots for the ttr engine, bot specs, and the CSV reports of the `ttr` tool.
#![deny(missing_docs)]

pub mod atomic_file;
pub mod common;
pub mod graph;
pub mod greedy;
pub mod html_report;
pub mod hungry;
pub mod mcts;
pub mod one_step;
pub mod persona;
pub mod plan;
pub mod random;
pub mod record_file;
pub mod replay_text;
pub mod report;
pub mod route_focus;
pub mod spec;
pub mod svg;
pub mod ticket_gen;

pub use greedy::GreedyBot;
pub use hungry::HungryBot;
pub use one_step::{OneStepBot, Style};
pub use random::RandomBot;
pub use route_focus::RouteFocusBot;
pub use spec::{BotSpec, SpecError};
