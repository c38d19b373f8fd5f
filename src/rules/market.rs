//! Card draws and the market (RULES.md 1, 2): which face-up card may be taken now.

use crate::action::Phase;
use crate::card::Card;
use crate::observation::Observation;
use crate::rule_set::Rules;
use crate::state::GameState;

/// Whether a face-up `card` may be taken in `phase`: at the start of a turn or as the first
/// card after an express card, any card; as the second card, anything but a locomotive
/// when the rule set makes a face-up locomotive the whole draw. Never in other phases.
#[must_use]
pub(crate) fn may_take_face_up(rules: &Rules, phase: Phase, card: Card) -> bool {
    match phase {
        Phase::Turn | Phase::FirstCard => true,
        Phase::SecondCard => !(card.is_loco() && rules.face_up_loco_ends_draw),
        _ => false,
    }
}

/// Whether taking the face-up `card` as the first card of a draw ends the draw.
#[must_use]
pub(crate) fn ends_draw(rules: &Rules, card: Card) -> bool {
    card.is_loco() && rules.face_up_loco_ends_draw
}

impl GameState<'_> {
    /// Whether the seat to move may take the face-up card in `slot` now: the slot holds a
    /// card, a card is being drawn, and it is not a locomotive wanted as the second card
    /// where the rule set forbids that. Exactly the [`Action::TakeFaceUp`] actions that are
    /// legal.
    ///
    /// [`Action::TakeFaceUp`]: crate::Action::TakeFaceUp
    #[must_use]
    pub fn may_take_face_up(&self, slot: u8) -> bool {
        match self.market.get(usize::from(slot)) {
            Some(&Some(card)) => may_take_face_up(&self.map.rules, self.phase, card),
            _ => false,
        }
    }
}

impl Observation<'_, '_> {
    /// Whether this seat may take the face-up card in `slot` now (see
    /// [`GameState::may_take_face_up`]); false when another seat is to move.
    #[must_use]
    pub fn may_take_face_up(&self, slot: u8) -> bool {
        self.to_move() == self.seat() && self.state().may_take_face_up(slot)
    }
}
