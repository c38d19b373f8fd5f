//! The rules, one file per family. Each file holds a family's check (is this action
//! allowed now, and why not?), its effect (what applying it changes), and the predicates
//! legal-move generation uses, so that a rule is found in one place and generation and
//! checking cannot drift apart. The rule-set data they read is [`crate::Rules`].
//!
//! - [`tickets`]: the ticket deck, offers, drawing tickets and how many are kept.
//! - [`market`]: card draws, the face-up market, its refills and the 3-locomotive reset.
//! - [`claims`]: claiming a route, what pays for it, double routes.
//! - [`tunnels`]: the revealed cards and the surcharge.
//! - [`ferries`]: required locomotives and the cards that may stand in for them.
//! - [`express`]: South Korea's express cards.
//! - [`draft`]: South Korea's setup draft.
//! - [`provinces`]: South Korea's provinces board.
//! - [`end`]: ending a turn, passing, the end of the game and final scoring.

pub(crate) mod claims;
pub(crate) mod draft;
pub(crate) mod end;
pub(crate) mod express;
pub(crate) mod ferries;
pub(crate) mod market;
pub(crate) mod provinces;
pub(crate) mod tickets;
pub(crate) mod tunnels;
