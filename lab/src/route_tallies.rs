//! The counters of every route of a map, counted game by game in narrow counters that the
//! compiler can add up for many routes at once.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Counters of one route.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouteTally {
    /// Games in which it was claimed.
    pub claimed: u64,
    /// Sum of the turns it was claimed in.
    pub turn_sum: u64,
    /// Games its owner won outright.
    pub owner_wins: u64,
}

/// The [`RouteTally`] of each route, by route index. Serialized as the list of them.
///
/// The counts of the last games are kept in narrow counters, one array per counter, so that
/// counting a game's routes is a few passes that the compiler turns into vector operations
/// on 8 routes at once (4 for the turn sums); every `FLUSHED_EVERY` (65,535) games they are
/// added to the 64-bit counters.
#[derive(Clone, Debug)]
pub struct RouteTallies {
    /// The counters of the games before the last `recent`.
    flushed: Vec<RouteTally>,
    /// Games counted in `claimed`, `turn_sum` and `owner_wins`.
    recent: u16,
    /// [`RouteTally::claimed`] per route, of the last `recent` games.
    claimed: Vec<u16>,
    /// [`RouteTally::turn_sum`] per route, of the last `recent` games (a turn is a `u16`, so
    /// the sum of as many as fit a `u16` fits a `u32`).
    turn_sum: Vec<u32>,
    /// [`RouteTally::owner_wins`] per route, of the last `recent` games.
    owner_wins: Vec<u16>,
}

/// Games counted in the narrow counters before they are added to the 64-bit ones.
const FLUSHED_EVERY: u16 = u16::MAX;

impl RouteTallies {
    /// Zero counters of `routes` routes.
    #[must_use]
    pub fn new(routes: usize) -> RouteTallies {
        RouteTallies {
            flushed: vec![RouteTally::default(); routes],
            recent: 0,
            claimed: vec![0; routes],
            turn_sum: vec![0; routes],
            owner_wins: vec![0; routes],
        }
    }

    /// Routes counted.
    #[must_use]
    pub fn len(&self) -> usize {
        self.flushed.len()
    }

    /// Whether there are no routes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.flushed.is_empty()
    }

    /// The counters of route `route` (panics past [`RouteTallies::len`]).
    #[must_use]
    pub fn get(&self, route: usize) -> RouteTally {
        let flushed = self.flushed[route];
        RouteTally {
            claimed: flushed.claimed + u64::from(self.claimed[route]),
            turn_sum: flushed.turn_sum + u64::from(self.turn_sum[route]),
            owner_wins: flushed.owner_wins + u64::from(self.owner_wins[route]),
        }
    }

    /// The counters of each route, by route index.
    pub fn iter(&self) -> impl Iterator<Item = RouteTally> + '_ {
        (0..self.len()).map(|r| self.get(r))
    }

    /// Counts one game in which route `r` was claimed in turn `claim_turn[r]` (0: never) by
    /// seat `owner[r]`, and seat `sole_winner` won outright (`u8::MAX`: nobody did). Both
    /// slices hold at least [`RouteTallies::len`] routes.
    pub fn add(&mut self, claim_turn: &[u16], owner: &[u8], sole_winner: u8) {
        if self.recent == FLUSHED_EVERY {
            self.flush();
        }
        self.recent += 1;
        let routes = self.len();
        let (claim_turn, owner) = (&claim_turn[..routes], &owner[..routes]);
        // One pass per counter, each over arrays of the same length, without a branch.
        for (claimed, &turn) in self.claimed.iter_mut().zip(claim_turn) {
            *claimed += u16::from(turn > 0);
        }
        for (sum, &turn) in self.turn_sum.iter_mut().zip(claim_turn) {
            *sum += u32::from(turn);
        }
        for (wins, (&turn, &seat)) in self.owner_wins.iter_mut().zip(claim_turn.iter().zip(owner)) {
            *wins += u16::from((turn > 0) & (seat == sole_winner));
        }
    }

    /// Moves the narrow counters into the 64-bit ones.
    #[cold]
    fn flush(&mut self) {
        for r in 0..self.len() {
            self.flushed[r] = self.get(r);
        }
        self.recent = 0;
        self.claimed.fill(0);
        self.turn_sum.fill(0);
        self.owner_wins.fill(0);
    }

    /// Adds the counters of `other`, of as many routes.
    pub fn merge(&mut self, other: &RouteTallies) {
        for (mine, theirs) in self.flushed.iter_mut().zip(other.iter()) {
            mine.claimed += theirs.claimed;
            mine.turn_sum += theirs.turn_sum;
            mine.owner_wins += theirs.owner_wins;
        }
    }
}

/// Equal when every route's counters are.
impl PartialEq for RouteTallies {
    fn eq(&self, other: &RouteTallies) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for RouteTallies {}

impl Serialize for RouteTallies {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for RouteTallies {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RouteTallies, D::Error> {
        let flushed = Vec::<RouteTally>::deserialize(deserializer)?;
        let mut tallies = RouteTallies::new(flushed.len());
        tallies.flushed = flushed;
        Ok(tallies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Route `r` of game `g`: claimed unless `g + r` is a multiple of 3, in turn
    /// `u16::MAX - g % 7` (turns as long as they come, so the turn sums need their 32 bits),
    /// by seat `g % 2`.
    fn game(g: u32, routes: usize) -> ([u16; 4], [u8; 4]) {
        let mut turns = [0u16; 4];
        let mut owners = [0u8; 4];
        for r in 0..routes {
            if !(g as usize + r).is_multiple_of(3) {
                turns[r] = u16::MAX - (g % 7) as u16;
                owners[r] = (g % 2) as u8;
            }
        }
        (turns, owners)
    }

    /// What counting the games `games` one by one in 64-bit counters gives.
    fn expected(games: std::ops::Range<u32>, routes: usize) -> Vec<RouteTally> {
        let mut out = vec![RouteTally::default(); routes];
        for g in games {
            let (turns, owners) = game(g, routes);
            for (r, tally) in out.iter_mut().enumerate() {
                if turns[r] > 0 {
                    tally.claimed += 1;
                    tally.turn_sum += u64::from(turns[r]);
                    tally.owner_wins += u64::from(owners[r] == 0);
                }
            }
        }
        out
    }

    fn counted(games: std::ops::Range<u32>, routes: usize) -> RouteTallies {
        let mut tallies = RouteTallies::new(routes);
        for g in games {
            let (turns, owners) = game(g, routes);
            tallies.add(&turns, &owners, 0);
        }
        tallies
    }

    /// More games than the narrow counters hold: the counts are exact across the flushes.
    #[test]
    fn counts_past_the_narrow_counters_exactly() {
        let games = 0..3 * u32::from(FLUSHED_EVERY) + 5;
        let tallies = counted(games.clone(), 3);
        assert_eq!(tallies.iter().collect::<Vec<_>>(), expected(games, 3));
    }

    #[test]
    fn serializes_as_the_list_of_tallies_and_reads_it_back() {
        let tallies = counted(0..1_000, 4);
        let json = serde_json::to_string(&tallies).unwrap();
        assert_eq!(json, serde_json::to_string(&expected(0..1_000, 4)).unwrap());
        let back: RouteTallies = serde_json::from_str(&json).unwrap();
        assert_eq!(back, tallies);
        assert_eq!(back.get(1), tallies.get(1));
    }

    #[test]
    fn merging_parts_counts_the_whole() {
        let mut first = counted(0..70_000, 2);
        first.merge(&counted(70_000..70_100, 2));
        assert_eq!(first, counted(0..70_100, 2));
        assert_eq!(first.iter().collect::<Vec<_>>(), expected(0..70_100, 2));
    }
}
