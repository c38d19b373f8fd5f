//! The rule set of a map: every rule that differs between maps, as data.

use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use crate::card::{Card, CardCounts};

/// Every rule in which the maps differ. Read from the map file's `[rules]` table.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Fewest and most players, inclusive.
    pub players: [u8; 2],
    /// Trains each player starts with.
    pub trains: u8,
    /// A turn that ends with this many trains or fewer starts the final round.
    #[serde(default = "default_end_trains")]
    pub end_trains: u8,
    /// The most turns a game may last, all seats together, setup not counted.
    pub turn_cap: u16,
    /// Cards dealt to each player at setup.
    #[serde(default = "default_hand")]
    pub starting_hand: u8,
    /// Points for a route by its length: pairs `[length, points]`.
    pub route_points: Vec<[u8; 2]>,
    /// The train deck.
    pub deck: DeckSpec,
    /// Where locomotives may be played.
    pub locos: LocoUse,
    /// Whether a face-up locomotive is the whole draw (and may not be taken second).
    pub face_up_loco_ends_draw: bool,
    /// Whether 3 face-up locomotives reset the market.
    pub loco_reset: bool,
    /// If non-zero, any this many cards may stand in for one locomotive a ferry requires.
    #[serde(default)]
    pub ferry_substitute: u8,
    /// Fewest players for which both tracks of a double route may be claimed.
    pub doubles_both_from: u8,
    /// Points per mountain symbol on a claimed route.
    #[serde(default)]
    pub mountain_points: u8,
    /// The setup ticket deal.
    pub setup_tickets: TicketDeal,
    /// The in-game ticket draw.
    pub draw_tickets: TicketDeal,
    /// End-of-game bonuses.
    #[serde(default)]
    pub bonuses: Vec<Bonus>,
    /// Tie-break criteria after points, in order; players still tied share the win.
    #[serde(default)]
    pub tie_break: Vec<TieBreak>,
    /// Express cards each player holds (their values, each usable once per game, at most
    /// one a turn): extra blind cards, extra tickets, or a higher provinces space.
    #[serde(default)]
    pub express: Vec<u8>,
    /// The provinces board: for each line (a card colour) its space values, ascending.
    /// `None`: the map has no provinces board.
    #[serde(default)]
    pub provinces: Option<BTreeMap<Card, Vec<u8>>>,
    /// Points per line by rank, one list per player count from 2 up:
    /// `province_awards[players - 2][rank]`.
    #[serde(default)]
    pub province_awards: Vec<Vec<u8>>,
}

fn default_end_trains() -> u8 {
    2
}

fn default_hand() -> u8 {
    4
}

/// The make-up of the train deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSpec {
    /// Cards of each of the eight colours.
    pub per_color: u8,
    /// Locomotives.
    pub locos: u8,
}

impl DeckSpec {
    /// The whole deck as counts.
    #[must_use]
    pub fn counts(&self) -> CardCounts {
        let mut deck = CardCounts::of(Card::Loco, self.locos);
        for c in Card::COLORS {
            deck[c] = self.per_color;
        }
        deck
    }
}

/// Where locomotives may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LocoUse {
    /// Wild on every route.
    Wild,
    /// Only on ferries and tunnels (Nordic Countries).
    FerriesAndTunnels,
}

/// Where tickets a player returns go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Returned {
    /// To the bottom of the ticket deck.
    Bottom,
    /// Out of the game.
    Box,
    /// Shuffled back into the ticket deck (after every seat has kept its tickets).
    Shuffle,
}

/// A ticket deal: at setup or when drawing tickets in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TicketDeal {
    /// Normal tickets dealt (fewer when the deck is short).
    pub deal: u8,
    /// Long tickets dealt on top (setup only).
    #[serde(default)]
    pub long: u8,
    /// Fewest tickets that must be kept.
    pub keep: u8,
    /// Where returned tickets go.
    pub returned: Returned,
    /// Setup only: the `deal` tickets are drafted (pick one, pass the rest left, until each
    /// seat has picked `deal`), then exactly `keep` are kept.
    #[serde(default)]
    pub draft: bool,
}

impl TicketDeal {
    /// All tickets offered at once.
    #[must_use]
    pub fn offered(&self) -> u8 {
        self.deal + self.long
    }
}

/// An end-of-game bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// What is measured.
    pub kind: BonusKind,
    /// Points to each player with the best value (at least 1).
    pub points: u8,
}

/// What an end-of-game bonus measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusKind {
    /// Longest continuous path (a trail: each route once, cities may repeat).
    LongestPath,
    /// Most completed tickets (Globetrotter).
    MostTickets,
    /// Most cities in one connected network (Asia Explorer).
    LargestNetwork,
}

/// One tie-break criterion between players tied on points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Most completed tickets.
    Tickets,
    /// Those holding the longest-path bonus; if none of them does, no one is eliminated.
    LongestPathBonus,
    /// The longer continuous path, compared among the tied players.
    LongestPath,
    /// Most mountain routes claimed.
    MountainRoutes,
}
