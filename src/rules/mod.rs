//! The rules, one file per family. Each file holds a family's check (is this action
//! allowed now?), its effect (what applying it changes), and the predicate legal-move
//! generation uses, so that a rule is found in one place and generation and checking
//! cannot drift apart. The rule-set data they read is [`crate::Rules`].

pub(crate) mod claims;
mod draft;
pub(crate) mod end;
mod express;
pub(crate) mod ferries;
pub(crate) mod market;
pub(crate) mod provinces;
pub(crate) mod tickets;
pub(crate) mod tunnels;
