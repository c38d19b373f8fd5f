//! `ttr-bots`: the strategies that play the ttr engine. Every bot sees only an
//! [`ttr::Observation`] and answers with one of its legal actions.
#![deny(missing_docs)]

pub mod common;
pub mod graph;
pub mod greedy;
pub mod handicap;
pub mod hungry;
pub mod mcts;
pub mod one_step;
pub mod persona;
pub mod plan;
pub mod random;
pub mod route_focus;
pub mod spec;

pub use greedy::GreedyBot;
pub use hungry::HungryBot;
pub use one_step::{OneStepBot, Style};
pub use random::RandomBot;
pub use route_focus::RouteFocusBot;
pub use spec::{BotSpec, SpecError};
