//! The plain, unvalidated contents of a map: [`MapData`] as plain values, and [`MapSpec`],
//! the same as serde reads it from a TOML file, with the positions of its items.

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::rule_set::Rules;

/// A whole map file before validation, with the file positions of its items.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// Short machine name, e.g. `usa`.
    pub name: String,
    /// Human title, e.g. `Ticket to Ride (USA)`.
    #[serde(default)]
    pub title: String,
    /// Set when the map's tickets or board are not from the printed game.
    #[serde(default)]
    pub provisional: bool,
    /// The rule set.
    pub rules: Spanned<Rules>,
    /// The cities, in the order events and ids refer to them.
    pub cities: Vec<Spanned<CityData>>,
    /// The routes, in the order events and ids refer to them.
    pub routes: Vec<Spanned<RouteData>>,
    /// The destination tickets.
    #[serde(default)]
    pub tickets: Vec<Spanned<TicketData>>,
}

/// A whole map as plain data, before validation: what [`crate::Map::from_data`] checks
/// and [`crate::Map::to_data`] gives back. It reads and writes with serde in the layout of
/// a map file.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MapData {
    /// Short machine name, e.g. `usa`.
    pub name: String,
    /// Human title, e.g. `Ticket to Ride (USA)`.
    #[serde(default)]
    pub title: String,
    /// Set when the map's tickets or board are not from the printed game.
    #[serde(default)]
    pub provisional: bool,
    /// The rule set.
    pub rules: Rules,
    /// The cities, in the order events and ids refer to them.
    pub cities: Vec<CityData>,
    /// The routes, in the order events and ids refer to them.
    pub routes: Vec<RouteData>,
    /// The destination tickets.
    #[serde(default)]
    pub tickets: Vec<TicketData>,
}

/// One city and its position on the board (0..1 from the top-left corner).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CityData {
    /// The city's name as printed on the board.
    pub name: String,
    /// Horizontal position, 0 = left edge, 1 = right edge.
    #[serde(default)]
    pub x: f64,
    /// Vertical position, 0 = top edge, 1 = bottom edge.
    #[serde(default)]
    pub y: f64,
}

/// One route as written in a map file.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RouteData {
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// Number of spaces.
    pub length: u8,
    /// A card colour name, or `gray`.
    pub color: String,
    /// Locomotive symbols (ferries).
    #[serde(default)]
    pub ferry_locos: u8,
    /// Whether the route is a tunnel.
    #[serde(default)]
    pub tunnel: bool,
    /// Mountain X symbols (extra trains to the mountain pass).
    #[serde(default)]
    pub mountains: u8,
    /// Double-route group: both tracks of one double route carry the same number.
    #[serde(default)]
    pub double: Option<u32>,
    /// If non-zero, any this many cards may stand in for one card of the colour.
    #[serde(default)]
    pub any_cards: u8,
}

/// One destination ticket as written in a map file.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TicketData {
    /// First city.
    pub a: String,
    /// Second city.
    pub b: String,
    /// Points gained when completed, lost when not.
    pub points: u8,
    /// `normal` (the default) or `long`.
    #[serde(default)]
    pub kind: TicketKind,
}

/// Normal tickets form the draw deck; long tickets are only dealt at setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TicketKind {
    /// An ordinary ticket.
    #[default]
    Normal,
    /// A long ticket (Legendary Asia), dealt once at setup.
    Long,
}
