//! Applying actions: [`GameState::try_apply`] checks an action against the state first, so
//! an illegal one is refused and leaves the state untouched; [`GameState::apply`] trusts the
//! caller. The checks and effects themselves live with their rules, in [`crate::rules`];
//! here each action is sent to its rule family.

use std::fmt;

use crate::action::{Action, EventSink, Phase};
use crate::ids::Seat;
use crate::legal::LegalActions;
use crate::state::GameState;

/// An action the rules do not allow now, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    /// The refused action.
    pub action: Action,
    /// The seat that tried it.
    pub seat: Seat,
    /// Why it was refused.
    pub reason: &'static str,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {} cannot play {:?}: {}", self.seat.0, self.action, self.reason)
    }
}

impl std::error::Error for IllegalAction {}

impl<'m> GameState<'m> {
    /// The legal actions of the seat to move.
    #[must_use]
    pub fn legal_actions(&self) -> LegalActions<'_, 'm> {
        LegalActions::new(self)
    }

    /// Applies an action of the seat to move, or refuses it and leaves the state untouched.
    pub fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.try_apply_recorded(action, &mut ())
    }

    /// [`GameState::try_apply`], reporting the decision and the chance outcomes it causes to
    /// `sink`; a refused action reports nothing.
    pub fn try_apply_recorded(&mut self, action: Action, sink: &mut impl EventSink) -> Result<(), IllegalAction> {
        let seat = self.to_move;
        self.check(action).map_err(|reason| IllegalAction { action, seat, reason })?;
        self.perform(action, sink);
        Ok(())
    }

    /// Applies an action the caller knows to be legal (one from [`GameState::legal_actions`],
    /// or one [`GameState::check`] accepts), without checking it again: for search. A legal
    /// action has exactly the effect of [`GameState::try_apply`]; an illegal one panics in
    /// debug builds and leaves an inconsistent state in release builds.
    pub fn apply(&mut self, action: Action) {
        self.apply_recorded(action, &mut ());
    }

    /// [`GameState::apply`], reporting the decision and the chance outcomes it causes to `sink`.
    pub fn apply_recorded(&mut self, action: Action, sink: &mut impl EventSink) {
        debug_assert!(
            self.check(action).is_ok(),
            "illegal action applied unchecked: {action:?}: {:?}",
            self.check(action)
        );
        self.perform(action, sink);
    }

    /// Whether `action` is legal for the seat to move; the reason when it is not.
    pub fn check(&self, action: Action) -> Result<(), &'static str> {
        match (self.phase, action) {
            (Phase::Over(_), _) => Err("the game is over"),
            (Phase::SetupKeep | Phase::KeepTickets, Action::Keep(mask)) => self.check_keep(mask),
            (Phase::Draft, Action::Pick(i)) => self.check_pick(i),
            (Phase::Turn, Action::ExpressCards(value)) => self.check_express_cards(value),
            (Phase::Turn, Action::ExpressTickets(value)) => self.check_express_tickets(value),
            (Phase::Turn, Action::ClaimProvince { route, pay, line, express }) => {
                self.check_province_claim(route, &pay, line, express)
            }
            (Phase::Turn, Action::Pass) => self.check_pass(),
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::TakeFaceUp(slot)) => {
                self.check_take_face_up(slot)
            }
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::DrawBlind) => self.check_draw_blind(),
            (Phase::Turn, Action::DrawTickets) => self.check_draw_tickets(),
            (Phase::Turn, Action::Claim { route, pay }) => self.check_claim(route, &pay),
            (Phase::Tunnel { laid, due, .. }, Action::TunnelPay(extra)) => self.check_tunnel_pay(&laid, due, &extra),
            (Phase::Tunnel { .. }, Action::TunnelBack) => Ok(()),
            _ => Err("not allowed in this phase"),
        }
    }

    fn perform(&mut self, action: Action, sink: &mut impl EventSink) {
        self.note_for_passes(action);
        match (self.phase, action) {
            (Phase::SetupKeep, Action::Keep(mask)) => self.keep_setup_tickets(mask, sink),
            (Phase::Draft, Action::Pick(i)) => self.pick(i, sink),
            (Phase::Turn, Action::ExpressCards(value)) => self.play_express_cards(value, sink),
            (Phase::Turn, Action::ExpressTickets(value)) => self.play_express_tickets(value, sink),
            (Phase::Turn, Action::ClaimProvince { route, pay, line, express }) => {
                self.claim_province(route, pay, line, express, sink);
            }
            (Phase::KeepTickets, Action::Keep(mask)) => self.keep_drawn_tickets(mask, sink),
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::TakeFaceUp(slot)) => {
                self.take_face_up(slot, sink);
            }
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::DrawBlind) => self.draw_blind(sink),
            (Phase::Turn, Action::DrawTickets) => self.draw_tickets(0, sink),
            (Phase::Turn, Action::Claim { route, pay }) => self.claim(route, pay, sink),
            (Phase::Tunnel { route, laid, .. }, Action::TunnelPay(extra)) => self.pay_tunnel(route, laid, extra, sink),
            (Phase::Tunnel { laid, .. }, Action::TunnelBack) => self.take_back_tunnel(laid, sink),
            (Phase::Turn, Action::Pass) => self.pass(sink),
            _ => unreachable!("checked before performing"),
        }
    }
}
