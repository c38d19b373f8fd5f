//! Express cards (South Korea): each seat holds the rule set's express cards, each usable
//! once per game, at most one a turn: extra blind cards, extra tickets, or a higher
//! provinces space. A seat's unused cards are a mask: bit `i` is `rules.express[i]`.

use crate::rule_set::Rules;

impl Rules {
    /// The mask of every express card: what each seat starts with.
    #[must_use]
    pub fn all_express(&self) -> u8 {
        ((1u16 << self.express.len()) - 1) as u8
    }

    /// The values of the express cards in `unused`, in rule-set order.
    pub fn express_values(&self, unused: u8) -> impl Iterator<Item = u8> + '_ {
        self.express.iter().enumerate().filter(move |(i, _)| unused >> i & 1 == 1).map(|(_, &v)| v)
    }

    /// The position in `rules.express` of the first card in `unused` worth `value`;
    /// `None` when `unused` holds no card of that value.
    #[must_use]
    pub fn express_index(&self, unused: u8, value: u8) -> Option<usize> {
        self.express.iter().enumerate().position(|(i, &v)| v == value && unused >> i & 1 == 1)
    }

    /// The mask holding one card for each of `values` (a value listed twice takes two cards
    /// of that value); values with no card left to take are ignored.
    #[must_use]
    pub fn express_mask(&self, values: impl IntoIterator<Item = u8>) -> u8 {
        let mut mask = 0u8;
        for value in values {
            if let Some(i) = self.express_index(!mask & self.all_express(), value) {
                mask |= 1 << i;
            }
        }
        mask
    }
}
