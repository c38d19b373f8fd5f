//! `ttr-bots`: the strategies that play the ttr engine. Every bot sees only an
//! [`ttr::Observation`] and answers with one of its legal actions.
//!
//! - [`random`]: uniform over the legal actions;
//! - [`greedy`]: a ticket-path bot, with its planner ([`plan`], [`graph`]);
//! - [`personas`]: the four play styles of de Mesentier Silva et al. (FDG 2017);
//! - [`mcts`]: a search over worlds sampled from what its seat may see.
//!
//! Greedy and the personas answer phase by phase through one [`PhasePolicy`] each, made a
//! [`ttr::Bot`] by [`PhaseBot`]; [`spec`] builds any bot from a spec such as `mcts:iters=500`.
#![deny(missing_docs)]

pub mod common;
pub mod graph;
pub mod greedy;
pub mod handicap;
pub mod mcts;
pub mod personas;
pub mod plan;
pub mod policy;
pub mod random;
pub mod spec;

pub use greedy::GreedyBot;
pub use personas::{HungryBot, OneStepBot, RouteFocusBot, Style};
pub use policy::{PhaseBot, PhasePolicy};
pub use random::RandomBot;
pub use spec::{BotSpec, SpecError};
