//! `ttr`: the Ticket to Ride rules engine of ttr-lab.
//!
//! Maps are read from TOML into a validated [`Map`]; a [`GameState`] plays one game under
//! the map's rule set with fixed-size state and no heap work per turn; bots see an
//! [`Observation`] and answer with an [`Action`]. The modules are private: everything a
//! user needs is re-exported here, one flat vocabulary.
//!
//! # Example
//!
//! Three seats play the USA map: each claims a route whenever it can, and otherwise takes
//! the first legal action (a face-up card, or the fewest tickets it must keep).
//!
//! ```
//! use std::path::Path;
//! use ttr::{Action, GameState, Map};
//!
//! let map = Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml"))?;
//! let mut game = GameState::new(&map, 3, 7)?;
//! while !game.is_over() {
//!     let legal = game.legal_actions();
//!     let claim = legal.iter().find(|a| matches!(a, Action::Claim { .. }));
//!     let action = claim.unwrap_or_else(|| legal.get(0));
//!     game.try_apply(action)?;
//! }
//! let result = game.result();
//! for (seat, r) in result.seats().iter().enumerate() {
//!     println!("seat {seat}: {} points, {} tickets completed", r.score, r.tickets_completed);
//! }
//! println!("winners: {:?}, after {} turns ({})", result.winners, result.turns, result.end.name());
//! # assert!(!result.winners.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod action;
mod bitset;
mod bot;
mod by_seat;
mod card;
mod determinize;
mod fixed_list;
mod ids;
mod lanes;
mod legal;
mod map;
mod observation;
mod play;
mod replay;
mod rule_set;
mod rules;
mod seed;
mod setup;
mod state;

pub use action::{Action, EndReason, Event, EventSink, ExpressUse, Phase, PublicAction};
pub use bitset::{CitySet, RouteSet, SeatSet, TicketSet};
pub use bot::{play_game, play_game_recorded, Bot, GameError};
pub use by_seat::BySeat;
pub use card::{Card, CardCounts};
pub use determinize::{
    known_in_hand, sample_setup, sample_setup_given, sample_setup_weighted, sample_world, sample_world_given,
    sample_world_weighted, take_random, Given, HiddenTickets,
};
pub use fixed_list::FixedList;
pub use ids::{CityId, RouteId, Seat, TicketId, MAX_SEATS};
pub use legal::LegalActions;
pub use map::{
    City, CityData, Map, MapData, MapError, MapSpec, PlainClass, Problem as MapProblem, Route, RouteData, Ticket,
    TicketData, TicketKind, MAX_OFFER, MAX_ROUTE_LENGTH,
};
pub use observation::Observation;
pub use play::IllegalAction;
pub use replay::{replay, ReplayError, ReplayProblem};
pub use rule_set::{Bonus, BonusKind, DeckSpec, LocoUse, Returned, Rules, TicketDeal, TieBreak};
pub use rules::claims::{
    can_pay, has_substitutes, is_valid_payment, locos_on_color_spaces, nth_payment, payable_routes, payment_count,
    RoutePayments,
};
pub use rules::end::{
    connected, largest_network, longest_path, network_of, winners, Adjacency, GameResult, SeatResult,
};
pub use rules::tickets::{TicketOffer, TicketQueue};
pub use rules::tunnels::{nth_surcharge, surcharge_count};
pub use seed::{bot_seed, game_seed, mix};
pub use setup::{Setup, SetupProblems};
pub use state::{GameState, Provinces, SetupError, MARKET_SLOTS};
