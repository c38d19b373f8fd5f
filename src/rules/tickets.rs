//! Destination tickets (docs/rules.md 1, 2, 3, 4): the ticket deck (an ordered queue: drawn
//! from the top, returned to the bottom), offers, and how many of an offer a seat keeps.

use std::ops::RangeInclusive;

use rand::seq::SliceRandom;

use crate::action::{Event, EventSink, Phase};
use crate::bitset::TicketSet;
use crate::fixed_list::FixedList;
use crate::ids::{Seat, TicketId};
use crate::map::{TicketKind, MAX_OFFER};
use crate::observation::Observation;
use crate::rule_set::{Returned, Rules};
use crate::state::GameState;

/// The ordered ticket deck: draw from the top, return to the bottom. Two decks are equal
/// when they hold the same tickets in the same order, wherever they sit in the ring.
#[derive(Clone, Copy, Debug)]
pub struct TicketQueue {
    slots: [TicketId; 64],
    head: u8,
    len: u8,
}

impl TicketQueue {
    /// An empty deck.
    pub const EMPTY: TicketQueue = TicketQueue { slots: [TicketId(0); 64], head: 0, len: 0 };

    /// Number of tickets in the deck.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the deck is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes the top ticket.
    pub fn draw(&mut self) -> Option<TicketId> {
        if self.len == 0 {
            return None;
        }
        let t = self.slots[usize::from(self.head)];
        self.head = (self.head + 1) % 64;
        self.len -= 1;
        Some(t)
    }

    /// Puts a ticket at the bottom.
    pub fn push_bottom(&mut self, t: TicketId) {
        let tail = (usize::from(self.head) + usize::from(self.len)) % 64;
        self.slots[tail] = t;
        self.len += 1;
    }

    /// The tickets from top to bottom.
    pub fn iter(&self) -> impl Iterator<Item = TicketId> + '_ {
        (0..usize::from(self.len)).map(move |i| self.slots[(usize::from(self.head) + i) % 64])
    }

    /// Reorders the deck: `order` must hold exactly the deck's tickets.
    pub fn set_order(&mut self, order: &[TicketId]) {
        *self = TicketQueue::EMPTY;
        for &t in order {
            self.push_bottom(t);
        }
    }

    /// The tickets as a set.
    #[must_use]
    pub fn set(&self) -> TicketSet {
        self.iter().collect()
    }

    /// Puts `new` where `old` lies in the deck; whether `old` was there.
    pub fn replace(&mut self, old: TicketId, new: TicketId) -> bool {
        let (head, len) = (usize::from(self.head), usize::from(self.len));
        match (0..len).map(|i| (head + i) % 64).find(|&i| self.slots[i] == old) {
            Some(i) => {
                self.slots[i] = new;
                true
            }
            None => false,
        }
    }
}

impl PartialEq for TicketQueue {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl Eq for TicketQueue {}

/// Tickets offered to a seat, waiting for it to choose which to keep.
pub type TicketOffer = FixedList<TicketId, MAX_OFFER>;

impl TicketOffer {
    /// No tickets.
    pub const EMPTY: TicketOffer = FixedList::new(TicketId(0));

    /// The offered tickets, in offer order.
    #[must_use]
    pub fn tickets(&self) -> &[TicketId] {
        self.as_slice()
    }

    /// The mask with a bit for every offered ticket.
    #[must_use]
    pub fn full_mask(&self) -> u8 {
        ((1u16 << self.len()) - 1) as u8
    }

    /// The tickets whose offer positions are set in `mask`.
    #[must_use]
    pub fn selected(&self, mask: u8) -> TicketSet {
        self.tickets().iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &t)| t).collect()
    }
}

/// The `k`-th (0-based) mask over `n` offered tickets with `min..=max` bits set (and at
/// least one), in increasing numeric order.
#[must_use]
pub fn nth_keep_mask(n: usize, min: u8, max: u8, k: u32) -> u8 {
    let mask = (1u16..(1 << n)).filter(|m| fits(*m, min, max)).nth(k as usize);
    mask.expect("nth_keep_mask: index beyond the choices") as u8
}

/// Number of masks over `n` offered tickets with `min..=max` bits set (and at least one).
#[must_use]
pub fn keep_mask_count(n: usize, min: u8, max: u8) -> u32 {
    (1u16..(1 << n)).filter(|m| fits(*m, min, max)).count() as u32
}

fn fits(mask: u16, min: u8, max: u8) -> bool {
    (u32::from(min)..=u32::from(max)).contains(&mask.count_ones())
}

/// How many of `offered` tickets a seat must and may keep in `phase`: at least the deal's
/// `keep` (but no more than were offered, and at least 1), at most all of them, or exactly
/// the fewest after a setup draft. `None` outside the phases that keep tickets.
#[must_use]
pub(crate) fn keep_range(rules: &Rules, phase: Phase, offered: usize) -> Option<RangeInclusive<u8>> {
    let (deal, exact) = match phase {
        Phase::SetupKeep => (rules.setup_tickets, rules.setup_tickets.draft),
        Phase::KeepTickets => (rules.draw_tickets, false),
        _ => return None,
    };
    let n = offered as u8;
    let min = deal.keep.min(n).max(1);
    Some(min..=if exact { min } else { n })
}

impl GameState<'_> {
    /// How many tickets the seat to move must and may keep from its offer now (see
    /// [`Observation::keep_range`]); `None` outside the phases that keep tickets.
    #[must_use]
    pub fn keep_range(&self) -> Option<RangeInclusive<u8>> {
        keep_range(&self.map.rules, self.phase, self.offers[self.to_move.index()].len())
    }

    /// Refuses a keep mask naming tickets that were not offered, or keeping a number of
    /// tickets outside [`GameState::keep_range`].
    pub(crate) fn check_keep(&self, mask: u8) -> Result<(), &'static str> {
        let range = self.keep_range().expect("called in a phase that keeps tickets");
        let kept = mask.count_ones();
        if mask & !self.offers[self.to_move.index()].full_mask() != 0 {
            Err("the mask names tickets that were not offered")
        } else if kept < u32::from(*range.start()) {
            Err("too few tickets kept")
        } else if kept > u32::from(*range.end()) {
            Err("a draft keeps exactly the rule set's number of tickets")
        } else {
            Ok(())
        }
    }

    /// Whether tickets can be drawn: the ticket deck is not empty.
    pub(crate) fn can_draw_tickets(&self) -> bool {
        !self.ticket_deck.is_empty()
    }

    /// Refuses drawing tickets from an empty ticket deck.
    pub(crate) fn check_draw_tickets(&self) -> Result<(), &'static str> {
        if self.can_draw_tickets() {
            Ok(())
        } else {
            Err("the ticket deck is empty")
        }
    }

    /// Keeps the setup tickets in `mask`; after the last seat, the returned tickets are
    /// shuffled in where the rule set says so, and seat 0 starts.
    pub(crate) fn keep_setup_tickets(&mut self, mask: u8, sink: &mut impl EventSink) {
        let seat = self.to_move;
        self.keep_offer(seat, mask, self.map.rules.setup_tickets.returned, sink);
        if seat.index() + 1 < self.players() {
            self.to_move = Seat(seat.0 + 1);
        } else {
            if self.map.rules.setup_tickets.returned == Returned::Shuffle {
                self.shuffle_ticket_deck(sink);
            }
            self.to_move = Seat(0);
            self.phase = Phase::Turn;
        }
    }

    /// Keeps the drawn tickets in `mask`, which ends the turn.
    pub(crate) fn keep_drawn_tickets(&mut self, mask: u8, sink: &mut impl EventSink) {
        self.keep_offer(self.to_move, mask, self.map.rules.draw_tickets.returned, sink);
        self.end_turn(sink);
    }

    /// Draws the in-play ticket deal plus `extra` (an express card), up to an offer's size.
    pub(crate) fn draw_tickets(&mut self, extra: u8, sink: &mut impl EventSink) {
        let seat = self.to_move;
        sink.event(Event::Tickets { seat: seat.0 });
        let mut offer = TicketOffer::EMPTY;
        let count = usize::from(self.map.rules.draw_tickets.deal + extra).min(MAX_OFFER);
        for _ in 0..count {
            if let Some(t) = self.ticket_deck.draw() {
                offer.push(t);
            }
        }
        self.offers[seat.index()] = offer;
        sink.event(Event::Offer { seat: seat.0, offer });
        self.phase = Phase::KeepTickets;
    }

    /// Moves the offered tickets in `mask` to the seat's tickets; the others go where
    /// `returned` says (long tickets always leave the game).
    fn keep_offer(&mut self, seat: Seat, mask: u8, returned: Returned, sink: &mut impl EventSink) {
        let s = seat.index();
        let offer = self.offers[s];
        let mut kept = TicketOffer::EMPTY;
        for (i, &t) in offer.tickets().iter().enumerate() {
            if mask >> i & 1 == 1 {
                kept.push(t);
                self.tickets[s].insert(t);
            } else if returned != Returned::Box && self.map.ticket(t).kind == TicketKind::Normal {
                self.ticket_deck.push_bottom(t);
            }
        }
        self.offers[s] = TicketOffer::EMPTY;
        sink.event(Event::Keep { seat: seat.0, kept });
    }

    /// Shuffles the whole ticket deck (returned setup tickets included).
    fn shuffle_ticket_deck(&mut self, sink: &mut impl EventSink) {
        let mut order = [TicketId(0); 64];
        let n = self.ticket_deck.len();
        for (slot, t) in order.iter_mut().zip(self.ticket_deck.iter()) {
            *slot = t;
        }
        if !sink.scripted_ticket_order(false, &mut order[..n]) {
            order[..n].shuffle(&mut self.rng);
        }
        self.ticket_deck.set_order(&order[..n]);
    }
}

impl Observation<'_, '_> {
    /// How many tickets this seat must and may keep from its offer now: at least the rule
    /// set's `keep` (no more than were offered, and at least 1), at most all of them, or
    /// exactly the rule set's number after a setup draft. Every [`Action::Keep`] mask with
    /// a count in this range (and only offered tickets) is legal. `None` outside the phases
    /// that keep tickets.
    ///
    /// [`Action::Keep`]: crate::Action::Keep
    #[must_use]
    pub fn keep_range(&self) -> Option<RangeInclusive<u8>> {
        keep_range(&self.map().rules, self.phase(), self.offer().len())
    }

    /// Whether this seat may draw tickets now: it is to move at the start of a turn and the
    /// ticket deck is not empty. The same answer as `is_legal(Action::DrawTickets)` without
    /// building the legal set.
    #[must_use]
    pub fn can_draw_tickets(&self) -> bool {
        self.to_move() == self.seat() && self.phase() == Phase::Turn && self.state().can_draw_tickets()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queue_draws_top_and_returns_to_bottom() {
        let mut q = TicketQueue::EMPTY;
        for i in 0..3 {
            q.push_bottom(TicketId(i));
        }
        assert_eq!(q.draw(), Some(TicketId(0)));
        q.push_bottom(TicketId(0));
        assert_eq!(q.iter().map(|t| t.0).collect::<Vec<_>>(), vec![1, 2, 0]);
    }

    #[test]
    fn deck_equality_ignores_where_the_ring_starts() {
        let mut ring = TicketQueue::EMPTY;
        ring.push_bottom(TicketId(9));
        ring.draw();
        ring.push_bottom(TicketId(1));
        let mut fresh = TicketQueue::EMPTY;
        fresh.push_bottom(TicketId(1));
        assert_eq!(ring, fresh, "same deck, different head");
        fresh.push_bottom(TicketId(2));
        assert_ne!(ring, fresh);
    }

    #[test]
    fn keep_masks() {
        assert_eq!(keep_mask_count(3, 2, 3), 4);
        assert_eq!(keep_mask_count(3, 1, 3), 7);
        assert_eq!(keep_mask_count(5, 2, 5), 26);
        assert_eq!(keep_mask_count(6, 4, 4), 15, "a draft keeps exactly 4 of 6");
        assert_eq!(nth_keep_mask(3, 2, 3, 0), 0b011);
        assert_eq!(nth_keep_mask(3, 2, 3, 3), 0b111);
    }
}
