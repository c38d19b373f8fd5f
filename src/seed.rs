//! Seed derivation: every random choice of a run flows from its master seed through these
//! functions, so a game depends only on the master seed and its index.

use crate::ids::Seat;

/// A mixing function (SplitMix64's finaliser) used to derive independent seeds.
#[must_use]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of a run with master seed `master`.
#[must_use]
pub fn game_seed(master: u64, index: u64) -> u64 {
    mix(mix(master) ^ index)
}

/// The seed of the bot in `seat` of the game seeded `game_seed`; independent of the card
/// draws, so a bot's randomness never shifts the cards.
#[must_use]
pub fn bot_seed(game_seed: u64, seat: Seat) -> u64 {
    mix(game_seed ^ mix(u64::from(seat.0) + 1))
}
