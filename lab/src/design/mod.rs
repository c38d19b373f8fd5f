//! Tools for map designers.

pub mod tickets;
