//! Destination tickets: how many of an offer a seat keeps (RULES.md 1, 2, 3, 4).

use std::ops::RangeInclusive;

use crate::action::Phase;
use crate::observation::Observation;
use crate::rule_set::Rules;
use crate::state::GameState;

/// How many of `offered` tickets a seat must and may keep in `phase`: at least the deal's
/// `keep` (but no more than were offered, and at least 1), at most all of them, or exactly
/// the fewest after a setup draft. `None` outside the phases that keep tickets.
#[must_use]
pub(crate) fn keep_range(rules: &Rules, phase: Phase, offered: usize) -> Option<RangeInclusive<u8>> {
    let (deal, exact) = match phase {
        Phase::SetupKeep => (rules.setup_tickets, rules.setup_tickets.draft),
        Phase::KeepTickets => (rules.draw_tickets, false),
        _ => return None,
    };
    let n = offered as u8;
    let min = deal.keep.min(n).max(1);
    Some(min..=if exact { min } else { n })
}

impl GameState<'_> {
    /// How many tickets the seat to move must and may keep from its offer now (see
    /// [`Observation::keep_range`]); `None` outside the phases that keep tickets.
    #[must_use]
    pub fn keep_range(&self) -> Option<RangeInclusive<u8>> {
        keep_range(&self.map.rules, self.phase, self.offers[self.to_move.index()].len())
    }
}

impl Observation<'_, '_> {
    /// How many tickets this seat must and may keep from its offer now: at least the rule
    /// set's `keep` (no more than were offered, and at least 1), at most all of them, or
    /// exactly the rule set's number after a setup draft. Every [`Action::Keep`] mask with
    /// a count in this range (and only offered tickets) is legal. `None` outside the phases
    /// that keep tickets.
    ///
    /// [`Action::Keep`]: crate::Action::Keep
    #[must_use]
    pub fn keep_range(&self) -> Option<RangeInclusive<u8>> {
        keep_range(&self.map().rules, self.phase(), self.offer().len())
    }
}
