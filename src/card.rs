//! Train cards: the eight colours and the locomotive, and fixed-size counts of them.

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::lanes::{lanes_not_above, nonzero_lanes, LANES};

/// A train card. The first eight are colours; `Loco` is the locomotive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Card {
    /// Red.
    Red,
    /// Orange (brown on the Nordic map).
    Orange,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Pink (purple).
    Pink,
    /// White.
    White,
    /// Black.
    Black,
    /// Locomotive.
    Loco,
}

impl Card {
    /// Every card kind, colours first, in index order.
    pub const ALL: [Card; 9] = [
        Card::Red,
        Card::Orange,
        Card::Yellow,
        Card::Green,
        Card::Blue,
        Card::Pink,
        Card::White,
        Card::Black,
        Card::Loco,
    ];
    /// The eight colours, without the locomotive.
    pub const COLORS: [Card; 8] =
        [Card::Red, Card::Orange, Card::Yellow, Card::Green, Card::Blue, Card::Pink, Card::White, Card::Black];

    /// Position of this card kind in [`Card::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The card kind at `index` in [`Card::ALL`].
    #[must_use]
    pub const fn from_index(index: usize) -> Card {
        Card::ALL[index]
    }

    /// The lower-case name used in map files and game records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Card::Red => "red",
            Card::Orange => "orange",
            Card::Yellow => "yellow",
            Card::Green => "green",
            Card::Blue => "blue",
            Card::Pink => "pink",
            Card::White => "white",
            Card::Black => "black",
            Card::Loco => "loco",
        }
    }

    /// Parses a name as written by [`Card::name`].
    #[must_use]
    pub fn from_name(name: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Whether this is a locomotive.
    #[must_use]
    pub const fn is_loco(self) -> bool {
        matches!(self, Card::Loco)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many cards of each kind: a hand, a payment, a deck or a discard pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardCounts(pub [u8; 9]);

impl CardCounts {
    /// No cards.
    pub const EMPTY: CardCounts = CardCounts([0; 9]);

    /// `n` cards of one kind.
    #[must_use]
    pub fn of(card: Card, n: u8) -> CardCounts {
        CardCounts::EMPTY.with(card, n)
    }

    /// The counts whose colour `i` (in [`Card::COLORS`] order) is byte `i` of `colors`
    /// (little-endian), with `locos` locomotives. Built in registers: a count written into
    /// memory byte by byte and then read whole stalls the processor.
    #[must_use]
    pub fn from_color_lanes(colors: u64, locos: u8) -> CardCounts {
        let [a, b, c, d, e, f, g, h] = colors.to_le_bytes();
        CardCounts([a, b, c, d, e, f, g, h, locos])
    }

    /// The eight colour counts, colour `i` (in [`Card::COLORS`] order) in byte `i`
    /// (little-endian).
    #[must_use]
    pub(crate) fn color_lanes(&self) -> u64 {
        u64::from_le_bytes(self.0[..8].try_into().expect("eight colours"))
    }

    /// A copy with `n` more cards of `card`.
    #[must_use]
    pub fn with(mut self, card: Card, n: u8) -> CardCounts {
        self.0[card.index()] += n;
        self
    }

    /// Total number of cards.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Number of colour cards (everything but locomotives).
    #[must_use]
    pub fn colored(&self) -> u32 {
        self.total() - u32::from(self[Card::Loco])
    }

    /// Whether every count in `other` is at most the count here.
    #[must_use]
    pub fn contains(&self, other: &CardCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// Adds every count of `other`.
    pub fn add(&mut self, other: &CardCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
    }

    /// Removes every count of `other`; the caller guarantees [`CardCounts::contains`].
    pub fn remove(&mut self, other: &CardCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
    }

    /// The cards here beyond those of `other`: each count less `other`'s, at least 0.
    #[must_use]
    pub fn beyond(&self, other: &CardCounts) -> CardCounts {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_sub(*b);
        }
        out
    }

    /// Whether there are no cards at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The kinds with a non-zero count and their counts, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        Card::ALL.into_iter().map(|c| (c, self[c])).filter(|&(_, n)| n > 0)
    }

    /// The single colour (not locomotive) present, if exactly one colour is present.
    #[must_use]
    pub fn single_color(&self) -> Option<Card> {
        let present = nonzero_lanes(self.color_lanes());
        (present.count_ones() == 1).then(|| Card::COLORS[(present.trailing_zeros() / 8) as usize])
    }

    /// The card at position `k` (0-based) when the cards are laid out in index order.
    /// Used to pick a uniformly random card from a pile; `k` must be below [`CardCounts::total`].
    #[must_use]
    pub fn nth_card(&self, k: u32) -> Card {
        self.nth_card_of(self.total(), k)
    }

    /// [`CardCounts::nth_card`] of a pile of `total` cards (its [`CardCounts::total`]).
    #[inline]
    pub(crate) fn nth_card_of(&self, total: u32, mut k: u32) -> Card {
        debug_assert_eq!(total, self.total(), "the pile's total");
        if total < 128 {
            // Every pile of the printed maps: the colours whose cards all come before the
            // `k`-th are found without a branch on `k`; all eight of them when it is a
            // locomotive.
            let through = self.color_lanes().wrapping_mul(LANES);
            return Card::ALL[lanes_not_above(through, k) as usize];
        }
        for c in Card::ALL {
            let n = u32::from(self[c]);
            if k < n {
                return c;
            }
            k -= n;
        }
        panic!("nth_card: index beyond the pile");
    }
}

impl Index<Card> for CardCounts {
    type Output = u8;
    fn index(&self, card: Card) -> &u8 {
        &self.0[card.index()]
    }
}

impl IndexMut<Card> for CardCounts {
    fn index_mut(&mut self, card: Card) -> &mut u8 {
        &mut self.0[card.index()]
    }
}

impl fmt::Display for CardCounts {
    /// Writes e.g. `3 red + 1 loco`, or `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (c, n) in self.iter() {
            if !first {
                f.write_str(" + ")?;
            }
            write!(f, "{n} {c}")?;
            first = false;
        }
        if first {
            f.write_str("nothing")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_single_colour_is_the_one_colour_with_cards() {
        // Every pile of up to two colours (counts 0 to 255) and locomotives.
        for (a, b) in Card::COLORS.into_iter().flat_map(|a| Card::COLORS.into_iter().map(move |b| (a, b))) {
            for (na, nb, locos) in [(0, 0, 0), (1, 0, 3), (0, 9, 0), (128, 1, 0), (200, 55, 7), (1, 1, 0)] {
                let pile = CardCounts::EMPTY.with(a, na).with(b, nb).with(Card::Loco, locos);
                let colours: Vec<Card> = Card::COLORS.into_iter().filter(|&c| pile[c] > 0).collect();
                let want = if colours.len() == 1 { Some(colours[0]) } else { None };
                assert_eq!(pile.single_color(), want, "{pile}");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for c in Card::ALL {
            assert_eq!(Card::from_name(c.name()), Some(c));
            assert_eq!(Card::from_index(c.index()), c);
        }
        assert_eq!(Card::from_name("purple"), None);
    }

    #[test]
    fn nth_card_is_the_kth_card_of_the_pile_laid_out_in_order() {
        // The printed deck, a part of it with kinds missing, and piles past the 127 cards
        // the branch-free count handles (the walk takes over there).
        let piles = [
            CardCounts([12, 12, 12, 12, 12, 12, 12, 12, 14]),
            CardCounts([0, 3, 0, 0, 7, 0, 1, 0, 2]),
            CardCounts([0, 0, 0, 0, 0, 0, 0, 0, 5]),
            CardCounts([15, 15, 15, 15, 15, 15, 15, 15, 7]),
            CardCounts([20, 20, 20, 20, 20, 20, 20, 20, 20]),
        ];
        for pile in piles {
            let laid_out: Vec<Card> =
                Card::ALL.iter().flat_map(|&c| std::iter::repeat_n(c, usize::from(pile[c]))).collect();
            assert_eq!(laid_out.len() as u32, pile.total());
            for (k, &card) in laid_out.iter().enumerate() {
                assert_eq!(pile.nth_card(k as u32), card, "{pile} card {k}");
            }
        }
    }

    #[test]
    fn nth_card_walks_the_pile_in_order() {
        let pile = CardCounts::of(Card::Blue, 2).with(Card::Loco, 1);
        assert_eq!(pile.nth_card(0), Card::Blue);
        assert_eq!(pile.nth_card(1), Card::Blue);
        assert_eq!(pile.nth_card(2), Card::Loco);
        assert_eq!(pile.total(), 3);
        assert_eq!(pile.single_color(), Some(Card::Blue));
        assert_eq!(pile.to_string(), "2 blue + 1 loco");
    }
}
