//! Express cards (South Korea): each seat holds the rule set's express cards, each usable
//! once per game, at most one a turn: extra blind cards, extra tickets, or a higher
//! provinces space. A seat's unused cards are a mask: bit `i` is `rules.express[i]`.

use crate::action::{Event, EventSink, ExpressUse, Phase};
use crate::rule_set::Rules;
use crate::state::GameState;

impl Rules {
    /// The mask of every express card: what each seat starts with.
    #[must_use]
    pub fn all_express(&self) -> u8 {
        ((1u16 << self.express.len()) - 1) as u8
    }

    /// The values of the express cards in `unused`, in rule-set order.
    pub fn express_values(&self, unused: u8) -> impl Iterator<Item = u8> + '_ {
        self.express.iter().enumerate().filter(move |(i, _)| unused >> i & 1 == 1).map(|(_, &v)| v)
    }

    /// The position in `rules.express` of the first card in `unused` worth `value`;
    /// `None` when `unused` holds no card of that value.
    #[must_use]
    pub fn express_index(&self, unused: u8, value: u8) -> Option<usize> {
        self.express.iter().enumerate().position(|(i, &v)| v == value && unused >> i & 1 == 1)
    }

    /// The mask holding one card for each of `values` (a value listed twice takes two cards
    /// of that value); values with no card left to take are ignored.
    #[must_use]
    pub fn express_mask(&self, values: impl IntoIterator<Item = u8>) -> u8 {
        let mut mask = 0u8;
        for value in values {
            if let Some(i) = self.express_index(!mask & self.all_express(), value) {
                mask |= 1 << i;
            }
        }
        mask
    }
}

impl GameState<'_> {
    /// The express card of this value, if the seat to move still has it unused.
    fn express_index(&self, value: u8) -> Option<usize> {
        self.map.rules.express_index(self.express[self.to_move.index()], value)
    }

    /// Refuses an express card the seat to move does not hold unused.
    pub(crate) fn check_express(&self, value: u8) -> Result<(), &'static str> {
        match self.express_index(value) {
            Some(_) => Ok(()),
            None => Err("no unused express card of that value"),
        }
    }

    /// Refuses an express card for cards when no card can be drawn at all.
    pub(crate) fn check_express_cards(&self, value: u8) -> Result<(), &'static str> {
        self.check_express(value)?;
        if self.can_draw_a_card() {
            Ok(())
        } else {
            Err("no card can be drawn")
        }
    }

    /// Refuses an express card for tickets when tickets cannot be drawn.
    pub(crate) fn check_express_tickets(&self, value: u8) -> Result<(), &'static str> {
        self.check_express(value)?;
        self.check_draw_tickets()
    }

    /// Marks the seat's express card of `value` as used and reports it.
    pub(crate) fn use_express(&mut self, value: u8, used: ExpressUse, sink: &mut impl EventSink) {
        let seat = self.to_move;
        let index = self.express_index(value).expect("checked");
        self.express[seat.index()] &= !(1 << index);
        sink.event(Event::Express { seat: seat.0, value, used });
    }

    /// Plays an express card for cards: that many cards drawn blind (as many as there are),
    /// then the normal draw; the turn ends at once if no card can be taken.
    pub(crate) fn play_express_cards(&mut self, value: u8, sink: &mut impl EventSink) {
        let seat = self.to_move;
        self.use_express(value, ExpressUse::Cards, sink);
        for _ in 0..value {
            match self.draw_card(sink) {
                Some(card) => {
                    self.hands[seat.index()][card] += 1;
                    sink.event(Event::Blind { seat: seat.0, card });
                }
                None => break,
            }
        }
        self.phase = Phase::FirstCard;
        if self.legal_actions().is_empty() {
            self.end_turn(sink);
        }
    }

    /// Plays an express card for tickets: that many more tickets are drawn.
    pub(crate) fn play_express_tickets(&mut self, value: u8, sink: &mut impl EventSink) {
        self.use_express(value, ExpressUse::Tickets, sink);
        self.draw_tickets(value, sink);
    }
}
