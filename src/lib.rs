//! `ttr`: the Ticket to Ride rules engine of ttr-lab.
//!
//! Maps are read from TOML into a validated [`Map`]; a [`GameState`] plays one game under
//! the map's rule set with fixed-size state and no heap work per turn; bots see an
//! [`Observation`] and answer with an [`Action`]; [`RunPlan`] plays many seeded games in
//! parallel, deterministically whatever the thread count.
#![deny(missing_docs)]

pub mod action;
pub mod bitset;
pub mod bot;
pub mod card;
pub mod determinize;
pub mod fixed_list;
pub mod ids;
pub mod legal;
pub mod map;
pub mod observation;
pub mod payment;
pub mod play;
pub mod provinces;
pub mod record;
pub mod replay;
pub mod rules;
pub mod runner;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod stats;
pub mod tickets;
pub mod trace;

pub use action::{Action, EndReason, Event, EventSink, Phase};
pub use bitset::{CitySet, RouteSet, SeatSet, TicketSet};
pub use bot::{play_game, play_game_recorded, Bot, GameError};
pub use card::{Card, CardCounts};
pub use determinize::{sample_world, sample_world_weighted};
pub use ids::{CityId, RouteId, Seat, TicketId, MAX_SEATS};
pub use legal::LegalActions;
pub use map::{Map, MapError, Route, Ticket};
pub use observation::Observation;
pub use play::IllegalAction;
pub use rules::Rules;
pub use runner::{GameOutcome, RunEnd, RunError, RunPlan};
pub use scoring::{GameResult, SeatResult};
pub use setup::{Setup, SetupProblems};
pub use state::{GameState, SetupError};
pub use stats::{RunStats, Tally};
pub use tickets::TicketOffer;
pub use trace::{GameTrace, TicketSource};
