//! What one seat may see (docs/rules.md 5), and nothing else.
//!
//! An [`Observation`] borrows the game state but exposes only public information and the
//! seat's own hand, tickets and ticket offer. Bots receive nothing else, so they cannot
//! read an opponent's hand or tickets, or the deck order, even by mistake.

use crate::action::Phase;
use crate::bitset::{RouteSet, TicketSet};
use crate::card::{Card, CardCounts};
use crate::ids::Seat;
use crate::legal::LegalActions;
use crate::map::Map;
use crate::rules::tickets::TicketOffer;
use crate::state::{GameState, Provinces, MARKET_SLOTS};

/// One seat's view of a game.
#[derive(Clone, Copy)]
pub struct Observation<'a, 'm> {
    state: &'a GameState<'m>,
    seat: Seat,
}

impl<'a, 'm> Observation<'a, 'm> {
    /// The view of `seat`.
    #[must_use]
    pub fn new(state: &'a GameState<'m>, seat: Seat) -> Observation<'a, 'm> {
        Observation { state, seat }
    }

    /// The observed state, for the engine's own rule files: never handed out.
    pub(crate) fn state(&self) -> &'a GameState<'m> {
        self.state
    }

    /// The map.
    #[must_use]
    pub fn map(&self) -> &'m Map {
        self.state.map
    }

    /// The observing seat.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        self.state.players()
    }

    /// The phase of the game (all public).
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The seat that decides next.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.state.to_move
    }

    /// The legal actions, when this seat is the one to move; none otherwise.
    #[must_use]
    pub fn legal_actions(&self) -> Option<LegalActions<'a, 'm>> {
        (self.state.to_move == self.seat).then(|| LegalActions::new(self.state))
    }

    /// This seat's hand.
    #[must_use]
    pub fn hand(&self) -> CardCounts {
        self.state.hands[self.seat.index()]
    }

    /// This seat's tickets.
    #[must_use]
    pub fn tickets(&self) -> TicketSet {
        self.state.tickets[self.seat.index()]
    }

    /// Tickets offered to this seat and not yet decided on.
    #[must_use]
    pub fn offer(&self) -> TicketOffer {
        self.state.offers[self.seat.index()]
    }

    /// This seat's draft picks so far (during a setup draft).
    #[must_use]
    pub fn drafted(&self) -> TicketOffer {
        self.state.drafted[self.seat.index()]
    }

    /// Every ticket this seat can see: held, offered and drafted (the others' are hidden).
    #[must_use]
    pub fn seen_tickets(&self) -> TicketSet {
        let named = |offer: TicketOffer| offer.tickets().iter().copied().collect::<TicketSet>();
        self.tickets().or(named(self.offer())).or(named(self.drafted()))
    }

    /// The values of a seat's unused express cards.
    pub fn express_cards(&self, seat: Seat) -> impl Iterator<Item = u8> + 'a {
        self.state.express_cards(seat)
    }

    /// The provinces board (all zero on maps without one).
    #[must_use]
    pub fn provinces(&self) -> &'a Provinces {
        &self.state.provinces
    }

    /// Number of cards in a seat's hand.
    #[must_use]
    pub fn hand_size(&self, seat: Seat) -> u32 {
        self.state.hands[seat.index()].total()
    }

    /// Cards everyone knows a seat holds: taken face up, or laid for a tunnel and taken back,
    /// and not spent since.
    #[must_use]
    pub fn known_cards(&self, seat: Seat) -> CardCounts {
        self.state.known[seat.index()]
    }

    /// Number of tickets a seat holds.
    #[must_use]
    pub fn ticket_count(&self, seat: Seat) -> u32 {
        self.state.tickets[seat.index()].count()
    }

    /// Number of tickets a seat has picked in a setup draft so far.
    #[must_use]
    pub fn drafted_count(&self, seat: Seat) -> usize {
        self.state.drafted[seat.index()].len()
    }

    /// Number of tickets offered to a seat and not yet decided on (in a draft: its packet).
    #[must_use]
    pub fn offer_size(&self, seat: Seat) -> usize {
        self.state.offers[seat.index()].len()
    }

    /// Routes a seat owns.
    #[must_use]
    pub fn owned(&self, seat: Seat) -> RouteSet {
        self.state.owned[seat.index()]
    }

    /// Routes anyone owns.
    #[must_use]
    pub fn claimed(&self) -> RouteSet {
        self.state.claimed
    }

    /// Routes a seat may still claim, trains and cards aside.
    #[must_use]
    pub fn open_to(&self, seat: Seat) -> RouteSet {
        self.state.open_to(seat)
    }

    /// Trains a seat has left.
    #[must_use]
    pub fn trains(&self, seat: Seat) -> u8 {
        self.state.trains[seat.index()]
    }

    /// Route points a seat has scored so far.
    #[must_use]
    pub fn route_points(&self, seat: Seat) -> i32 {
        self.state.route_points[seat.index()]
    }

    /// The face-up cards by slot.
    #[must_use]
    pub fn market(&self) -> [Option<Card>; MARKET_SLOTS] {
        self.state.market
    }

    /// Cards in the deck.
    #[must_use]
    pub fn deck_size(&self) -> u32 {
        self.state.deck.total()
    }

    /// Cards in the discard pile.
    #[must_use]
    pub fn discard_size(&self) -> u32 {
        self.state.discard.total()
    }

    /// Tickets in the ticket deck.
    #[must_use]
    pub fn ticket_deck_size(&self) -> usize {
        self.state.ticket_deck.len()
    }

    /// Cards revealed by the current tunnel attempt.
    #[must_use]
    pub fn revealed(&self) -> [Option<Card>; 3] {
        self.state.revealed
    }

    /// Turns played, setup not counted.
    #[must_use]
    pub fn turns(&self) -> u16 {
        self.state.turns
    }

    /// Turns left in the final round, once it has started.
    #[must_use]
    pub fn final_turns_left(&self) -> Option<u8> {
        self.state.final_turns_left
    }

    /// Consecutive passes so far.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.state.passes
    }

    /// Everything this view shows, as one comparable value (see the [`PartialEq`] impl).
    fn visible(&self) -> impl PartialEq + '_ {
        let per_seat: Vec<_> = (0..self.players())
            .map(|s| {
                let s = Seat(s as u8);
                let own = s == self.seat;
                (
                    self.hand_size(s),
                    self.known_cards(s),
                    self.ticket_count(s),
                    self.offer_size(s),
                    self.owned(s),
                    self.open_to(s),
                    self.trains(s),
                    self.route_points(s),
                    own.then(|| (self.hand(), self.tickets(), self.offer(), self.drafted())),
                    self.express_cards(s).collect::<Vec<_>>(),
                    self.drafted_count(s),
                )
            })
            .collect();
        let legal: Option<Vec<_>> = self.legal_actions().map(|l| l.iter().collect());
        (
            (self.seat, self.players(), self.phase(), self.to_move(), self.claimed(), self.market()),
            (self.deck_size(), self.discard_size(), self.ticket_deck_size(), self.revealed()),
            (self.turns(), self.final_turns_left(), self.passes(), *self.provinces()),
            per_seat,
            legal,
        )
    }
}

/// Two observations are equal when every piece of information they expose is equal, so
/// two states that differ only in what this seat cannot see give equal observations.
impl PartialEq for Observation<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.state.map, other.state.map) && self.visible() == other.visible()
    }
}

impl std::fmt::Debug for Observation<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("phase", &self.phase())
            .field("hand", &self.hand())
            .field("tickets", &self.tickets())
            .finish_non_exhaustive()
    }
}
