//! The setup draft (South Korea, docs/rules.md 4): each seat picks one ticket from the packet it
//! holds and passes the rest to the left, until every packet is empty; then each seat
//! keeps tickets from its picks (see [`crate::GameState::keep_range`]).

use crate::action::{Event, EventSink, Phase};
use crate::by_seat::BySeat;
use crate::ids::Seat;
use crate::rules::tickets::TicketOffer;
use crate::state::GameState;

impl GameState<'_> {
    /// Refuses a pick past the end of the packet.
    pub(crate) fn check_pick(&self, i: u8) -> Result<(), &'static str> {
        if usize::from(i) < self.offers[self.to_move.index()].len() {
            Ok(())
        } else {
            Err("no ticket at that position of the packet")
        }
    }

    /// Picks the `i`-th ticket of the packet the seat to move holds.
    pub(crate) fn pick(&mut self, i: u8, sink: &mut impl EventSink) {
        let seat = self.to_move;
        let s = seat.index();
        let ticket = self.offers[s].remove(usize::from(i));
        self.drafted[s].push(ticket);
        sink.event(Event::Pick { seat: seat.0, ticket });
        self.after_pick();
    }

    /// After a draft pick: the next seat picks; after the last seat, the packets pass left;
    /// when they are empty, every seat keeps tickets from its picks.
    fn after_pick(&mut self) {
        let n = self.players();
        if self.to_move.index() + 1 < n {
            self.to_move = Seat(self.to_move.0 + 1);
            return;
        }
        self.to_move = Seat(0);
        self.offers.first_mut(n).rotate_right(1);
        if self.offers[0].is_empty() {
            self.offers.first_mut(n).copy_from_slice(self.drafted.first(n));
            self.drafted = BySeat::splat(TicketOffer::EMPTY);
            self.phase = Phase::SetupKeep;
        }
    }
}
