//! Tools for map designers.

pub mod analyze;
pub mod official;
pub mod tickets;
