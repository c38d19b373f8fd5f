//! The random bot: uniform over every legal action, ticket choices and payments included.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ttr::{Action, Bot, Observation};

/// Picks uniformly among the legal actions.
pub struct RandomBot {
    rng: Pcg64Mcg,
}

impl RandomBot {
    /// A random bot drawing from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Pcg64Mcg::seed_from_u64(seed) }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        crate::common::random_action(obs, &mut self.rng)
    }
}
