//! The ticket deck (an ordered queue: drawn from the top, returned to the bottom) and offers.

use crate::bitset::TicketSet;
use crate::fixed_list::FixedList;
use crate::ids::TicketId;
use crate::map::MAX_OFFER;

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
