//! One answer per phase: a [`PhasePolicy`] says what a bot does at the start of a turn,
//! for a card draw, a ticket keep, a tunnel surcharge and a draft pick, and [`PhaseBot`]
//! turns any policy into a [`Bot`] by dispatching on [`Observation::phase`].

use ttr::{Action, Bot, Observation, Phase};

use crate::common::{draft_pick, tunnel_answer};

/// What a bot answers in each phase of the game. The phase of `obs` is always the one the
/// method is named for; every answer must be a legal action.
pub trait PhasePolicy {
    /// The tickets to keep from the offer, at setup or after drawing tickets.
    fn keep(&mut self, obs: &Observation<'_, '_>) -> Action;

    /// The action at the start of a turn.
    fn turn(&mut self, obs: &Observation<'_, '_>) -> Action;

    /// A card draw within a turn: the first card after an express card, or the second card
    /// of a draw ([`Observation::may_take_face_up`] tells which face-up cards may be taken).
    fn draw(&mut self, obs: &Observation<'_, '_>) -> Action;

    /// The answer to a tunnel's surcharge. By default: paid with as few locomotives as
    /// possible when the hand can, otherwise the laid cards are taken back.
    fn tunnel(&mut self, obs: &Observation<'_, '_>) -> Action {
        tunnel_answer(obs, true)
    }

    /// The pick of a setup draft. By default: the ticket worth the most points.
    fn pick(&mut self, obs: &Observation<'_, '_>) -> Action {
        draft_pick(obs)
    }
}

/// A [`Bot`] playing by the [`PhasePolicy`] it wraps.
#[derive(Clone, Debug, Default)]
pub struct PhaseBot<P>(pub P);

impl<P: PhasePolicy> Bot for PhaseBot<P> {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        let policy = &mut self.0;
        match obs.phase() {
            Phase::SetupKeep | Phase::KeepTickets => policy.keep(obs),
            Phase::Turn => policy.turn(obs),
            Phase::FirstCard | Phase::SecondCard => policy.draw(obs),
            Phase::Tunnel { .. } => policy.tunnel(obs),
            Phase::Draft => policy.pick(obs),
            Phase::Over(_) => Action::Pass,
        }
    }
}
