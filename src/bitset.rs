//! `Copy` bitsets over routes, cities and tickets.

use crate::ids::{CityId, RouteId, Seat, TicketId};

macro_rules! bitset {
    ($(#[$doc:meta])* $name:ident, $word:ty, $item:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub $word);

        impl $name {
            /// The empty set.
            pub const EMPTY: $name = $name(0);
            /// How many items the set can hold.
            pub const CAPACITY: usize = <$word>::BITS as usize;

            /// The set of the first `n` items.
            #[must_use]
            pub fn first(n: usize) -> $name {
                if n >= Self::CAPACITY { $name(!0) } else { $name(((1 as $word) << n) - 1) }
            }
            /// The set holding only `item`.
            #[must_use]
            pub const fn single(item: $item) -> $name {
                $name((1 as $word) << item.0)
            }
            /// Whether `item` is in the set.
            #[must_use]
            pub const fn contains(self, item: $item) -> bool {
                self.0 >> item.0 & 1 == 1
            }
            /// The set with `item` added.
            #[must_use]
            pub const fn with(self, item: $item) -> $name {
                $name(self.0 | (1 as $word) << item.0)
            }
            /// The set with `item` removed.
            #[must_use]
            pub const fn without(self, item: $item) -> $name {
                $name(self.0 & !((1 as $word) << item.0))
            }
            /// Adds `item`.
            pub fn insert(&mut self, item: $item) {
                *self = self.with(item);
            }
            /// Number of items.
            #[must_use]
            pub const fn count(self) -> u32 {
                self.0.count_ones()
            }
            /// Whether the set is empty.
            #[must_use]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
            /// Items in both sets.
            #[must_use]
            pub const fn and(self, other: $name) -> $name {
                $name(self.0 & other.0)
            }
            /// Items in either set.
            #[must_use]
            pub const fn or(self, other: $name) -> $name {
                $name(self.0 | other.0)
            }
            /// Items in this set but not in `other`.
            #[must_use]
            pub const fn minus(self, other: $name) -> $name {
                $name(self.0 & !other.0)
            }
            /// The lowest item, if any.
            #[must_use]
            pub const fn first_item(self) -> Option<$item> {
                if self.0 == 0 { None } else { Some($item(self.0.trailing_zeros() as u8)) }
            }
            /// The `k`-th lowest item (0-based); `k` must be below [`Self::count`].
            #[must_use]
            pub fn nth(self, k: u32) -> $item {
                $item(crate::lanes::nth_set_bit(self.0 as u128, k) as u8)
            }
            /// The items in increasing order.
            pub fn iter(self) -> impl Iterator<Item = $item> {
                let mut bits = self.0;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let i = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    Some($item(i))
                })
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> $name {
                iter.into_iter().fold($name::EMPTY, |s, i| s.with(i))
            }
        }
    };
}

bitset!(
    /// A set of routes (at most 128 per map).
    RouteSet, u128, RouteId
);
bitset!(
    /// A set of cities (at most 64 per map).
    CitySet, u64, CityId
);
bitset!(
    /// A set of tickets (at most 64 per map).
    TicketSet, u64, TicketId
);
bitset!(
    /// A set of seats.
    SeatSet, u8, Seat
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let s = RouteSet::EMPTY.with(RouteId(3)).with(RouteId(100)).with(RouteId(7));
        assert_eq!(s.count(), 3);
        assert!(s.contains(RouteId(100)));
        assert!(!s.contains(RouteId(4)));
        assert_eq!(s.iter().map(|r| r.0).collect::<Vec<_>>(), vec![3, 7, 100]);
        assert_eq!(s.nth(1), RouteId(7));
        assert_eq!(s.without(RouteId(3)).first_item(), Some(RouteId(7)));
        assert_eq!(RouteSet::first(128).count(), 128);
        assert_eq!(CitySet::first(5).count(), 5);
    }
}
