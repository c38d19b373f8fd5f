//! The decisions a seat can make, and the phases of a game that ask for them.

use crate::card::{Card, CardCounts};
use crate::ids::{RouteId, TicketId};
use crate::rules::tickets::TicketOffer;

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
    /// Draft: pick the ticket at this position of the packet in hand; the rest pass left.
    Pick(u8),
    /// Play the express card of this value to draw that many extra cards blind, then draw
    /// as usual.
    ExpressCards(u8),
    /// Play the express card of this value to draw that many more tickets.
    ExpressTickets(u8),
    /// Claim a route and place a train on the provinces board.
    ClaimProvince {
        /// The route.
        route: RouteId,
        /// The cards laid: the route's price, plus any extra matching cards to aim higher.
        pay: CardCounts,
        /// The line: the route's colour (any line for a gray route).
        line: Card,
        /// The express card played to raise the space (0: none).
        express: u8,
    },
}

/// A decision as the other seats see it (docs/rules.md 5): the action itself, except which
/// of its offered tickets a seat kept and which ticket it picked from a draft packet. The
/// cards laid for a claim, the face-up card taken and the draw of a blind card or of
/// tickets are seen by the whole table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PublicAction {
    /// Kept this many of the offered tickets.
    Keep(u8),
    /// Picked one ticket of the draft packet in hand.
    Pick,
    /// Any other action, seen whole.
    Seen(Action),
}

impl PublicAction {
    /// What the other seats see of `action`.
    #[must_use]
    pub fn of(action: Action) -> PublicAction {
        match action {
            Action::Keep(mask) => PublicAction::Keep(mask.count_ones() as u8),
            Action::Pick(_) => PublicAction::Pick,
            other => PublicAction::Seen(other),
        }
    }
}

/// What an express card was played for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpressUse {
    /// Extra blind cards.
    Cards,
    /// Extra tickets.
    Tickets,
    /// A higher provinces space.
    Province,
}

impl ExpressUse {
    /// The name used in game records.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ExpressUse::Cards => "cards",
            ExpressUse::Tickets => "tickets",
            ExpressUse::Province => "province",
        }
    }
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
    /// Setup draft: the seat to move picks a ticket from the packet it holds.
    Draft,
    /// The seat played an express card for cards and now takes its first card.
    FirstCard,
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

/// A chance outcome or a decision, in the order it happened: the events of the public
/// game record (docs/game-record.md, version 1), one variant per event kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat's starting hand (chance).
    Deal {
        /// The seat.
        seat: u8,
        /// The cards.
        cards: CardCounts,
    },
    /// The whole market laid out, at setup or after a 3-locomotive reset (chance).
    Market {
        /// The cards by slot (`None`: empty slot).
        cards: [Option<Card>; 5],
        /// Whether this is a reset rather than the setup.
        reset: bool,
    },
    /// Tickets dealt or drawn to a seat (chance).
    Offer {
        /// The seat.
        seat: u8,
        /// The tickets.
        offer: TicketOffer,
    },
    /// The tickets kept from the pending offer (decision).
    Keep {
        /// The seat.
        seat: u8,
        /// The tickets kept, in offer order.
        kept: TicketOffer,
    },
    /// A face-up card taken (decision).
    Take {
        /// The seat.
        seat: u8,
        /// The market slot.
        slot: u8,
        /// The card.
        card: Card,
    },
    /// A market slot refilled from the deck (chance; `None`: nothing left).
    Refill {
        /// The slot.
        slot: u8,
        /// The card.
        card: Option<Card>,
    },
    /// A card drawn from the deck (decision, and the chance of which card).
    Blind {
        /// The seat.
        seat: u8,
        /// The card.
        card: Card,
    },
    /// The discard pile became the deck (chance).
    Reshuffle {
        /// Cards reshuffled.
        cards: u8,
    },
    /// A route claimed and how it was paid (decision).
    Claim {
        /// The seat.
        seat: u8,
        /// The route.
        route: RouteId,
        /// The cards paid.
        pay: CardCounts,
    },
    /// A tunnel attempt: the cards laid, and the cards revealed (decision and chance).
    Tunnel {
        /// The seat.
        seat: u8,
        /// The tunnel.
        route: RouteId,
        /// The cards laid for its length.
        pay: CardCounts,
        /// The revealed cards (fewer than 3 when the piles ran out).
        revealed: [Option<Card>; 3],
    },
    /// The tunnel surcharge paid; the claim completes (decision).
    TunnelPay {
        /// The seat.
        seat: u8,
        /// The extra cards.
        pay: CardCounts,
    },
    /// The tunnel declined; the laid cards go back to the hand (decision).
    TunnelBack {
        /// The seat.
        seat: u8,
    },
    /// The seat chose to draw tickets; an `Offer` follows (decision).
    Tickets {
        /// The seat.
        seat: u8,
    },
    /// The seat had no legal action (decision).
    Pass {
        /// The seat.
        seat: u8,
    },
    /// A draft pick (decision); the rest of the packet passes left after the round.
    Pick {
        /// The seat.
        seat: u8,
        /// The ticket picked.
        ticket: TicketId,
    },
    /// An express card played (decision), directly before what it changes.
    Express {
        /// The seat.
        seat: u8,
        /// The card's value.
        value: u8,
        /// What it was played for.
        used: ExpressUse,
    },
    /// A train placed on the provinces board (decision, after its claim).
    Province {
        /// The seat.
        seat: u8,
        /// The line.
        line: Card,
        /// The value of the space the train landed on.
        space: u8,
    },
}

/// Receives the events of a game as they happen, and, when replaying a record, supplies
/// its chance outcomes instead of the random generator. `()` ignores events at no cost.
pub trait EventSink {
    /// Called once per event, in order.
    fn event(&mut self, event: Event);

    /// The next card to draw from a deck holding `deck`, when replaying; `None` draws at random.
    fn scripted_card(&mut self, deck: &CardCounts) -> Option<Card> {
        let _ = deck;
        None
    }

    /// Orders the setup ticket deck (`long`: the long tickets) when replaying; returns
    /// whether it did. Otherwise the tickets are shuffled from the seed.
    fn scripted_ticket_order(&mut self, long: bool, tickets: &mut [TicketId]) -> bool {
        let _ = (long, tickets);
        false
    }
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
