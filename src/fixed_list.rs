//! A list of at most `N` copyable items kept inline (no heap), for the short lists built
//! inside a turn: ticket offers, substitute payments, search candidates.

/// Up to `N` items (at most 255) in an inline array; slots past the length hold stale
/// values that never show (equality compares the contents only). The length is a byte, so a
/// short list such as a ticket offer stays as small as the state that holds it.
#[derive(Clone, Copy, Debug)]
pub struct FixedList<T: Copy, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy, const N: usize> FixedList<T, N> {
    /// Refuses, at compile time, a capacity the byte-sized length cannot count.
    const CAPACITY_FITS: () = assert!(N <= u8::MAX as usize, "FixedList: capacity above 255");

    /// An empty list; `fill` only initialises the unused slots.
    #[must_use]
    pub const fn new(fill: T) -> FixedList<T, N> {
        let () = Self::CAPACITY_FITS;
        FixedList { items: [fill; N], len: 0 }
    }

    /// The items, in order.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len()]
    }

    /// Number of items.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds `item` at the end; panics when the list is full.
    pub fn push(&mut self, item: T) {
        assert!(self.len() < N, "FixedList: more than {N} items");
        self.items[self.len()] = item;
        self.len += 1;
    }

    /// Takes out the item at `index`, keeping the order of the others.
    pub fn remove(&mut self, index: usize) -> T {
        let item = self.as_slice()[index];
        let len = self.len();
        self.items.copy_within(index + 1..len, index);
        self.len -= 1;
        item
    }
}

impl<T: Copy + PartialEq, const N: usize> FixedList<T, N> {
    /// Adds `item` at the end unless it is already listed or the list is full.
    pub fn push_new(&mut self, item: T) {
        if self.len() < N && !self.as_slice().contains(&item) {
            self.push(item);
        }
    }

    /// Moves `item` to the front, keeping the others' order; a missing item is added, and
    /// when the list is full it takes the place of the last one.
    pub fn put_first(&mut self, item: T) {
        let at = match self.as_slice().iter().position(|&x| x == item) {
            Some(i) => i,
            None => {
                if self.len() == N {
                    self.len -= 1;
                }
                self.push(item);
                self.len() - 1
            }
        };
        self.items[..=at].rotate_right(1);
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for FixedList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Eq, const N: usize> Eq for FixedList<T, N> {}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[u8]) -> FixedList<u8, 4> {
        let mut l = FixedList::new(0);
        for &x in items {
            l.push(x);
        }
        l
    }

    #[test]
    fn remove_keeps_order_and_equality_ignores_stale_slots() {
        let mut l = list(&[1, 2, 3]);
        assert_eq!(l.remove(1), 2);
        assert_eq!(l.as_slice(), &[1, 3]);
        assert_eq!(l, list(&[1, 3]), "the old third slot does not count");
        assert_ne!(l, list(&[1, 3, 3]));
    }

    #[test]
    fn push_new_skips_duplicates_and_overflow() {
        let mut l = list(&[1, 2, 3]);
        l.push_new(2);
        l.push_new(4);
        l.push_new(5);
        assert_eq!(l.as_slice(), &[1, 2, 3, 4]);
    }

    #[test]
    fn put_first_moves_adds_and_evicts_the_last() {
        let mut l = list(&[1, 2, 3]);
        l.put_first(3);
        assert_eq!(l.as_slice(), &[3, 1, 2]);
        l.put_first(9);
        assert_eq!(l.as_slice(), &[9, 3, 1, 2]);
        l.put_first(7);
        assert_eq!(l.as_slice(), &[7, 9, 3, 1], "full: the last item makes room");
    }

    #[test]
    #[should_panic(expected = "more than 4 items")]
    fn push_past_capacity_panics() {
        list(&[1, 2, 3, 4]).push(5);
    }
}
