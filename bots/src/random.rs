//! The random bot: uniform over every legal action, ticket choices and payments included.

use rand::{Rng, SeedableRng};
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
        let legal = obs.legal_actions().expect("asked to move when not to move");
        legal.get(self.rng.random_range(0..legal.len()))
    }
}
