//! Card draws and the market (docs/rules.md 1, 2, 5): taking face-up cards and drawing blind,
//! the face-up locomotive rule, refilling the market, the 3-locomotive reset, reshuffling
//! the discard pile when the deck runs out.

use rand::Rng;

use crate::action::{Event, EventSink, Phase};
use crate::card::{Card, CardCounts};
use crate::observation::Observation;
use crate::rule_set::Rules;
use crate::state::{GameState, MARKET_SLOTS};

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

/// Market slots the seat to move may take now, a bit per slot: exactly the slots of
/// [`GameState::may_take_face_up`].
pub(crate) fn market_slots(state: &GameState<'_>) -> u8 {
    let row = state.row;
    let cards = !row.empty & Row::ALL;
    match state.phase {
        Phase::Turn | Phase::FirstCard => cards,
        Phase::SecondCard if state.map.rules.face_up_loco_ends_draw => cards & !row.locos,
        Phase::SecondCard => cards,
        _ => 0,
    }
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

    /// Refuses taking from an empty or missing slot, and a face-up locomotive where
    /// [`GameState::may_take_face_up`] forbids it.
    pub(crate) fn check_take_face_up(&self, slot: u8) -> Result<(), &'static str> {
        match self.market.get(usize::from(slot)) {
            Some(&Some(card)) if may_take_face_up(&self.map.rules, self.phase, card) => Ok(()),
            Some(Some(_)) => Err("a face-up locomotive may not be taken as the second card"),
            Some(None) => Err("that market slot is empty"),
            None => Err("no such market slot"),
        }
    }

    /// Whether any card can be drawn: blind, or from a market slot that holds one.
    pub(crate) fn can_draw_a_card(&self) -> bool {
        self.can_draw_blind() || self.market.iter().any(Option::is_some)
    }

    /// Refuses a blind draw when deck and discard pile are both empty.
    pub(crate) fn check_draw_blind(&self) -> Result<(), &'static str> {
        if self.can_draw_blind() {
            Ok(())
        } else {
            Err("deck and discard pile are empty")
        }
    }

    /// Takes a face-up card and refills its slot (a `refill` of nothing when deck and discard
    /// pile are empty, docs/game-record.md); a face-up locomotive taken first is the whole draw
    /// where the rule set says so.
    pub(crate) fn take_face_up(&mut self, slot: u8, sink: &mut impl EventSink) {
        let seat = self.to_move;
        let first = self.phase != Phase::SecondCard;
        let card = self.market[usize::from(slot)].expect("checked");
        self.set_slot(usize::from(slot), None);
        sink.event(Event::Take { seat: seat.0, slot, card });
        self.hands[seat.index()][card] += 1;
        self.known[seat.index()][card] += 1;
        if self.can_draw_blind() {
            self.refill_market(sink);
        } else {
            sink.event(Event::Refill { slot, card: None });
        }
        let whole_draw = ends_draw(&self.map.rules, card);
        self.after_card(first && !whole_draw, sink);
    }

    /// Draws the top card of the deck into the hand.
    pub(crate) fn draw_blind(&mut self, sink: &mut impl EventSink) {
        let seat = self.to_move;
        let first = self.phase != Phase::SecondCard;
        let card = self.draw_card(sink).expect("checked");
        self.hands[seat.index()][card] += 1;
        sink.event(Event::Blind { seat: seat.0, card });
        self.after_card(first, sink);
    }

    /// After the first or second card of a draw: ask for a second card if one may and can
    /// be taken, otherwise end the turn.
    fn after_card(&mut self, second_allowed: bool, sink: &mut impl EventSink) {
        if second_allowed {
            self.phase = Phase::SecondCard;
            // The second card's choices, as the legal set lists them: a face-up card that
            // may be taken now, or a blind draw.
            if market_slots(self) != 0 || self.can_draw_blind() {
                return;
            }
        }
        self.end_turn(sink);
    }

    /// Draws the top card of the deck, reshuffling the discard pile first if the deck is empty.
    /// `None` when deck and discard are both empty.
    pub(crate) fn draw_card(&mut self, sink: &mut impl EventSink) -> Option<Card> {
        let mut total = self.deck.total();
        if total == 0 {
            total = self.discard.total();
            if total == 0 {
                return None;
            }
            self.deck = self.discard;
            self.discard = CardCounts::EMPTY;
            sink.event(Event::Reshuffle { cards: total as u8 });
        }
        let card = match sink.scripted_card(&self.deck) {
            Some(card) if self.deck[card] > 0 => card,
            _ => self.deck.nth_card_of(total, self.rng.random_range(0..total)),
        };
        self.deck[card] -= 1;
        Some(card)
    }

    /// Whether a card could be drawn from the deck (after a reshuffle if needed).
    pub(crate) fn can_draw_blind(&self) -> bool {
        !self.deck.is_empty() || !self.discard.is_empty()
    }

    /// Lays a whole new market (setup or reset), then applies the 3-locomotive rule.
    pub(crate) fn lay_market(&mut self, reset: bool, sink: &mut impl EventSink) {
        for slot in 0..MARKET_SLOTS {
            let card = self.draw_card(sink);
            self.set_slot(slot, card);
        }
        sink.event(Event::Market { cards: self.market, reset });
        self.check_loco_reset(sink);
    }

    /// After the market changed: resets it while it shows 3 or more locomotives and the
    /// deck and discard hold at least 3 other cards (docs/rules.md 5). Whether it was reset.
    #[inline]
    pub(crate) fn check_loco_reset(&mut self, sink: &mut impl EventSink) -> bool {
        let reset = self.map.rules.loco_reset
            && self.row.locos.count_ones() >= 3
            && self.deck.colored() + self.discard.colored() >= 3;
        if reset {
            self.reset_market(sink);
        }
        reset
    }

    /// Discards the market and lays a new one (which may be reset again).
    #[cold]
    #[inline(never)]
    fn reset_market(&mut self, sink: &mut impl EventSink) {
        for slot in 0..MARKET_SLOTS {
            if let Some(c) = self.market[slot] {
                self.discard[c] += 1;
            }
            self.set_slot(slot, None);
        }
        self.lay_market(true, sink);
    }

    /// The market row as masks (bit per slot): its empty slots and its locomotives.
    pub(crate) fn row(&self) -> Row {
        debug_assert_eq!(self.row, Row::of(&self.market), "the market row kept");
        self.row
    }

    /// Puts `card` in market slot `slot` (nothing: empties it), keeping [`GameState::row`].
    fn set_slot(&mut self, slot: usize, card: Option<Card>) {
        self.market[slot] = card;
        let bit = 1 << slot;
        self.row.empty = (self.row.empty & !bit) | u8::from(card.is_none()) << slot;
        self.row.locos = (self.row.locos & !bit) | u8::from(card == Some(Card::Loco)) << slot;
    }

    /// Refills every empty market slot it can, in slot order, applying the 3-locomotive
    /// rule after each single refill (docs/rules.md 5): a reset lays a whole new row at once.
    pub(crate) fn refill_market(&mut self, sink: &mut impl EventSink) {
        let mut empty = self.row().empty;
        while empty != 0 {
            let slot = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            if self.market[slot].is_none() && self.can_draw_blind() {
                let card = self.draw_card(sink);
                self.set_slot(slot, card);
                sink.event(Event::Refill { slot: slot as u8, card });
                self.check_loco_reset(sink);
            }
        }
    }
}

/// The market row as masks, bit `i` for slot `i` ([`GameState::row`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    /// The slots without a card.
    pub(crate) empty: u8,
    /// The slots showing a locomotive.
    pub(crate) locos: u8,
}

impl Row {
    /// Every slot.
    pub(crate) const ALL: u8 = (1 << MARKET_SLOTS) - 1;

    /// The masks of `market`.
    pub(crate) fn of(market: &[Option<Card>; MARKET_SLOTS]) -> Row {
        let mut row = Row { empty: 0, locos: 0 };
        for (slot, card) in market.iter().enumerate() {
            row.empty |= u8::from(card.is_none()) << slot;
            row.locos |= u8::from(*card == Some(Card::Loco)) << slot;
        }
        row
    }
}

impl Observation<'_, '_> {
    /// Whether this seat may take the face-up card in `slot` now (see
    /// [`GameState::may_take_face_up`]); false when another seat is to move.
    #[must_use]
    pub fn may_take_face_up(&self, slot: u8) -> bool {
        self.to_move() == self.seat() && self.state().may_take_face_up(slot)
    }

    /// Whether this seat may draw a card blind now: it is to move in a phase that draws
    /// cards, and the deck (or the discard pile, to reshuffle) holds one. The same answer
    /// as `is_legal(Action::DrawBlind)` without building the legal set.
    #[must_use]
    pub fn can_draw_blind(&self) -> bool {
        self.to_move() == self.seat()
            && matches!(self.phase(), Phase::Turn | Phase::FirstCard | Phase::SecondCard)
            && self.state().can_draw_blind()
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::map::Map;

    #[test]
    fn the_kept_row_is_the_market_s_through_seeded_games_and_resets() {
        let mut resets = 0;
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("maps/{name}.toml"));
            let map = Map::load(&path).expect("a project map");
            let players = usize::from(map.rules.players[0]);
            for seed in 0..40 {
                let mut state = GameState::new(&map, players, seed).expect("players in range");
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
                while !state.is_over() {
                    let legal = state.legal_actions();
                    let before = state.clone();
                    let mut events = Vec::new();
                    state.apply_recorded(legal.get(rng.random_range(0..legal.len())), &mut events);
                    resets += events.iter().filter(|e| matches!(e, Event::Market { reset: true, .. })).count();
                    assert_eq!(state.row, Row::of(&state.market), "{name} seed {seed} after {:?}", before.phase);
                    let setup = GameState::from_setup(&map, &state.to_setup()).expect("a consistent state");
                    assert_eq!(setup.row, state.row, "{name} seed {seed}: the row of a state rebuilt from its setup");
                }
            }
        }
        assert!(resets >= 20, "only {resets} 3-locomotive resets");
    }
}
