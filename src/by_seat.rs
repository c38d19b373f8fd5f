//! One value per seat: a fixed-size container indexed by [`Seat`].

use std::ops::{Index, IndexMut};

use crate::ids::{Seat, MAX_SEATS};

/// One value for each of the [`MAX_SEATS`] seats a rule set may allow, indexed by [`Seat`]
/// (or by seat number, for loops over `0..players`). Seats past the number of players hold
/// whatever the owner put there (usually the default); [`BySeat::first`] gives the seats in
/// play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T>(pub [T; MAX_SEATS]);

impl<T> BySeat<T> {
    /// The same value for every seat.
    #[must_use]
    pub fn splat(value: T) -> BySeat<T>
    where
        T: Copy,
    {
        BySeat([value; MAX_SEATS])
    }

    /// Builds each seat's value from the seat.
    #[must_use]
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(std::array::from_fn(|s| f(Seat(s as u8))))
    }

    /// The value of each seat passed through `f`, seat by seat.
    #[must_use]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// The values of the first `players` seats, in seat order.
    #[must_use]
    pub fn first(&self, players: usize) -> &[T] {
        &self.0[..players]
    }

    /// Mutable values of the first `players` seats, in seat order.
    #[must_use]
    pub fn first_mut(&mut self, players: usize) -> &mut [T] {
        &mut self.0[..players]
    }

    /// Every seat's value, in seat order (all [`MAX_SEATS`] of them).
    pub fn iter(&self) -> impl Iterator<Item = &T> + '_ {
        self.0.iter()
    }

    /// Every seat's value, mutable, in seat order (all [`MAX_SEATS`] of them).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> + '_ {
        self.0.iter_mut()
    }

    /// Every seat with its value, in seat order (all [`MAX_SEATS`] of them).
    pub fn with_seats(&self) -> impl Iterator<Item = (Seat, &T)> + '_ {
        self.0.iter().enumerate().map(|(s, v)| (Seat(s as u8), v))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;

    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

impl<T> Index<usize> for BySeat<T> {
    type Output = T;

    fn index(&self, seat: usize) -> &T {
        &self.0[seat]
    }
}

impl<T> IndexMut<usize> for BySeat<T> {
    fn index_mut(&mut self, seat: usize) -> &mut T {
        &mut self.0[seat]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_by_seat_and_mapped_in_seat_order() {
        let mut by = BySeat::from_fn(|s| u32::from(s.0) * 10);
        by[Seat(2)] += 1;
        assert_eq!(by[Seat(2)], 21);
        assert_eq!(by[2], 21, "by seat number");
        assert_eq!(by.first(3), &[0, 10, 21]);
        let doubled = by.map(|v| v * 2);
        assert_eq!(doubled.0, [0, 20, 42, 60, 80]);
        let seats: Vec<_> = by.with_seats().map(|(s, &v)| (s.0, v)).collect();
        assert_eq!(seats, vec![(0, 0), (1, 10), (2, 21), (3, 30), (4, 40)]);
        by.iter_mut().for_each(|v| *v += 1);
        assert_eq!(by.iter().copied().collect::<Vec<_>>(), [1, 11, 22, 31, 41]);
        assert_eq!(BySeat::splat(7u8).first(2), &[7, 7]);
    }
}
