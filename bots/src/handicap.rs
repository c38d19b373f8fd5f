//! A handicap for any bot: with probability `eps` a turn's decision is a uniformly random
//! legal action instead of the bot's own. `greedy:eps=0.2` is greedy handicapped so; a
//! ladder of handicaps (`eps` 0, 0.2, 0.5, 1) gives bots of known order for testing ratings.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::{Action, Bot, Observation, PublicAction, Seat};

/// The largest `eps` in parts per million.
pub const EPS_SCALE: u32 = 1_000_000;

/// Parses a handicap probability (a decimal from 0 to 1) into parts per million.
pub fn parse_eps(text: &str) -> Result<u32, String> {
    let eps: f64 = text.parse().map_err(|_| format!("eps={text}: not a number"))?;
    if !(0.0..=1.0).contains(&eps) {
        return Err(format!("eps={text}: must be from 0 to 1"));
    }
    Ok((eps * f64::from(EPS_SCALE)).round() as u32)
}

/// A bot that, at each decision, plays a uniformly random legal action with probability
/// `eps` and otherwise lets the wrapped bot choose. The coin and the random action draw
/// from their own generator, so the wrapped bot's randomness is unchanged.
pub struct Handicapped {
    inner: Box<dyn Bot>,
    eps_ppm: u32,
    rng: Pcg64Mcg,
}

impl Handicapped {
    /// Wraps `inner`; `eps_ppm` is the probability in parts per million; `seed` feeds the coin.
    #[must_use]
    pub fn new(inner: Box<dyn Bot>, eps_ppm: u32, seed: u64) -> Handicapped {
        Handicapped {
            inner,
            eps_ppm: eps_ppm.min(EPS_SCALE),
            rng: Pcg64Mcg::seed_from_u64(ttr::mix(seed ^ 0x4841_4e44)),
        }
    }
}

impl Bot for Handicapped {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        if self.eps_ppm > 0 && self.rng.random_range(0..EPS_SCALE) < self.eps_ppm {
            return crate::common::random_action(obs, &mut self.rng);
        }
        self.inner.choose(obs)
    }

    fn observes(&self) -> bool {
        self.inner.observes()
    }

    fn observe(&mut self, obs: &Observation<'_, '_>, seat: Seat, action: PublicAction) {
        self.inner.observe(obs, seat, action);
    }
}
