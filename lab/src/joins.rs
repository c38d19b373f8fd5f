//! Which cities a growing set of routes joins, and since when: a union-find forest over a
//! map's cities that remembers the turn of every link, so the turn two cities were first
//! joined is read off the forest at the end of a game instead of being checked after every
//! claim.

use ttr::{CityId, CitySet};

/// Cities joined by the routes added so far, with the turn each join was made.
///
/// Union by rank without path compression: a link is never moved, so the turn stored with
/// it stays true, and a city is at most log2(64) = 6 links below its root.
#[derive(Clone, Copy, Debug)]
pub struct Joins {
    /// Each city's parent; a root is its own parent.
    parent: [u8; CitySet::CAPACITY],
    /// Each root's rank; a parent always ranks above its children.
    rank: [u8; CitySet::CAPACITY],
    /// The turn a city was linked below its parent (meaningless at a root).
    since: [u16; CitySet::CAPACITY],
}

impl Default for Joins {
    fn default() -> Joins {
        Joins::new()
    }
}

impl Joins {
    /// No city joined to another.
    #[must_use]
    pub const fn new() -> Joins {
        let mut parent = [0u8; CitySet::CAPACITY];
        let mut c = 0;
        while c < CitySet::CAPACITY {
            parent[c] = c as u8;
            c += 1;
        }
        Joins { parent, rank: [0; CitySet::CAPACITY], since: [0; CitySet::CAPACITY] }
    }

    fn root(&self, city: CityId) -> u8 {
        let mut c = city.0;
        while self.parent[usize::from(c)] != c {
            c = self.parent[usize::from(c)];
        }
        c
    }

    /// Adds a route between `a` and `b` at `turn` (turns never decrease from one call to
    /// the next).
    pub fn join(&mut self, a: CityId, b: CityId, turn: u16) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return;
        }
        let (low, high) = if self.rank[usize::from(ra)] < self.rank[usize::from(rb)] { (ra, rb) } else { (rb, ra) };
        self.parent[usize::from(low)] = high;
        self.since[usize::from(low)] = turn;
        if self.rank[usize::from(low)] == self.rank[usize::from(high)] {
            self.rank[usize::from(high)] += 1;
        }
    }

    /// Whether the routes added join `a` and `b`.
    #[must_use]
    pub fn joined(&self, a: CityId, b: CityId) -> bool {
        self.root(a) == self.root(b)
    }

    /// The turn of the route that first joined `a` and `b`, `None` if they are not joined
    /// (`Some(0)` for a city and itself). That is the latest link on the forest's path
    /// between them: each link joined two groups no earlier link had joined.
    #[must_use]
    pub fn joined_since(&self, a: CityId, b: CityId) -> Option<u16> {
        if !self.joined(a, b) {
            return None;
        }
        let (mut x, mut y, mut latest) = (usize::from(a.0), usize::from(b.0), 0);
        // Ranks rise towards the root, so the lower-ranked of two distinct cities is not an
        // ancestor of the other: stepping it up never passes the meeting point.
        while x != y {
            let step = if self.rank[x] <= self.rank[y] { &mut x } else { &mut y };
            latest = latest.max(self.since[*step]);
            *step = usize::from(self.parent[*step]);
        }
        Some(latest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_joining_turn_is_the_latest_link_between_two_cities() {
        let mut joins = Joins::new();
        let c = CityId;
        joins.join(c(0), c(1), 3);
        joins.join(c(2), c(3), 5);
        joins.join(c(1), c(0), 6);
        assert_eq!(joins.joined_since(c(0), c(2)), None);
        joins.join(c(3), c(1), 9);
        joins.join(c(4), c(0), 11);
        assert_eq!(joins.joined_since(c(0), c(1)), Some(3));
        assert_eq!(joins.joined_since(c(3), c(2)), Some(5));
        assert_eq!(joins.joined_since(c(2), c(0)), Some(9));
        assert_eq!(joins.joined_since(c(4), c(1)), Some(11));
        assert_eq!(joins.joined_since(c(4), c(4)), Some(0));
        assert!(joins.joined(c(4), c(3)));
        assert!(!joins.joined(c(5), c(3)));
    }

    #[test]
    fn joins_agree_with_a_plain_search_over_random_links() {
        // The turn two cities were first joined, by brute force: the first prefix of the
        // links whose groups hold both.
        let first_joined = |links: &[(u8, u8)], a: u8, b: u8| -> Option<u16> {
            let mut group: Vec<u64> = (0..64).map(|c| 1u64 << c).collect();
            if a == b {
                return Some(0);
            }
            for (turn, &(x, y)) in links.iter().enumerate() {
                let joined = group[usize::from(x)] | group[usize::from(y)];
                for (c, set) in group.iter_mut().enumerate() {
                    if joined >> c & 1 == 1 {
                        *set = joined;
                    }
                }
                if group[usize::from(a)] >> b & 1 == 1 {
                    return Some(turn as u16 + 1);
                }
            }
            None
        };
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % n) as u8
        };
        for round in 0..200 {
            let cities = 2 + u64::from(next(63));
            let links: Vec<(u8, u8)> = (0..next(80)).map(|_| (next(cities), next(cities))).collect();
            let mut joins = Joins::new();
            for (turn, &(x, y)) in links.iter().enumerate() {
                joins.join(CityId(x), CityId(y), turn as u16 + 1);
            }
            for _ in 0..40 {
                let (a, b) = (next(cities), next(cities));
                assert_eq!(joins.joined_since(CityId(a), CityId(b)), first_joined(&links, a, b), "round {round}");
            }
        }
    }
}
