//! The decisions a seat can make, and the phases of a game that ask for them.

use crate::card::{Card, CardCounts};
use crate::ids::RouteId;
use crate::tickets::TicketOffer;

/// One decision. Payments are part of the action, so bots choose how to pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Keep the offered tickets whose positions are set in the mask (bit i = offer slot i).
    Keep(u8),
    /// Take the face-up card in this market slot.
    TakeFaceUp(u8),
    /// Draw the top card of the deck.
    DrawBlind,
    /// Claim a route, laying these cards.
    Claim {
        /// The route.
        route: RouteId,
        /// The cards laid.
        pay: CardCounts,
    },
    /// Draw tickets.
    DrawTickets,
    /// Pay a tunnel's surcharge with these cards and complete the claim.
    TunnelPay(CardCounts),
    /// Decline a tunnel: the laid cards go back to the hand; the turn is spent.
    TunnelBack,
    /// No other action is legal.
    Pass,
}

/// Where a game stands: which kind of decision the seat to move faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Setup: the seat to move keeps some of its dealt tickets.
    SetupKeep,
    /// The start of a turn: draw cards, claim a route or draw tickets.
    Turn,
    /// The seat took one card and now takes the second.
    SecondCard,
    /// The seat drew tickets and now keeps some.
    KeepTickets,
    /// A tunnel attempt: the cards are laid and the deck's top cards revealed.
    Tunnel {
        /// The tunnel.
        route: RouteId,
        /// The cards laid for its length.
        laid: CardCounts,
        /// Extra cards due after the reveal.
        due: u8,
    },
    /// The game is over.
    Over(EndReason),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The final round after a player reached the end-trigger train count.
    Trains,
    /// Every player passed in a row.
    Passes,
    /// The rule set's turn cap was reached.
    TurnCap,
}

impl EndReason {
    /// The name used in CSV files and game records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Trains => "trains",
            EndReason::Passes => "passes",
            EndReason::TurnCap => "turn_cap",
        }
    }
}

/// A chance outcome or decision, in the order it happened (the game record's events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat's starting hand.
    Deal {
        /// The seat.
        seat: u8,
        /// The cards.
        cards: CardCounts,
    },
    /// The whole market laid out (setup, or after a 3-locomotive reset).
    Market {
        /// The cards by slot.
        cards: [Option<Card>; 5],
        /// Whether this is a reset rather than the setup.
        reset: bool,
    },
    /// A market slot refilled from the deck (`None`: nothing left).
    Refill {
        /// The slot.
        slot: u8,
        /// The card.
        card: Option<Card>,
    },
    /// The discard pile became the deck.
    Reshuffle {
        /// Cards reshuffled.
        cards: u8,
    },
    /// A card drawn blind by a seat.
    Blind {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// Cards revealed for a tunnel.
    Revealed {
        /// The cards (fewer than 3 when the piles ran out).
        cards: [Option<Card>; 3],
    },
    /// Tickets dealt or drawn to a seat.
    Offer {
        /// The seat.
        seat: u8,
        /// The tickets.
        offer: TicketOffer,
    },
    /// A decision by a seat.
    Decision {
        /// The seat.
        seat: u8,
        /// What it chose.
        action: Action,
    },
}

/// Receives the events of a game as they happen. `()` ignores them at no cost.
pub trait EventSink {
    /// Called once per event.
    fn event(&mut self, event: Event);
}

impl EventSink for () {
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl EventSink for Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}
