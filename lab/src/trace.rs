//! Facts about one game gathered while it is played, for the run statistics: which tickets
//! were dealt and kept (at setup or drawn), when tickets were completed, when routes were
//! claimed. Fixed-size; filled by [`Tracer::apply`] around the engine's own `apply`.

use ttr::{connected, network_of};
use ttr::{
    Action, Bot, CitySet, EventSink, GameError, GameResult, GameState, IllegalAction, Map, Observation, Phase, RouteId,
    Seat, SeatSet,
};

/// Where a ticket came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicketSource {
    /// Dealt at setup.
    Setup = 0,
    /// Drawn in play.
    Drawn = 1,
}

/// One ticket's story in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicketTrace {
    /// Times offered, by source (index: [`TicketSource`]).
    pub dealt: [u8; 2],
    /// The seat that kept it and from which source.
    pub kept: Option<(Seat, TicketSource)>,
    /// The turn (1-based) at the end of which its holder's routes first joined its cities.
    pub completed_turn: Option<u16>,
}

/// Everything the statistics need from one game beyond its [`GameResult`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTrace {
    /// Per ticket, indexed by ticket id.
    pub tickets: [TicketTrace; 64],
    /// Per route: the turn (1-based) it was claimed in, 0 if never.
    pub claim_turn: [u16; 128],
    /// Per route: the seat that claimed it (meaningful when `claim_turn` is non-zero).
    pub owner: [u8; 128],
    /// Cities touched by the routes of the winners.
    pub winner_cities: CitySet,
}

impl Default for GameTrace {
    fn default() -> GameTrace {
        GameTrace {
            tickets: [TicketTrace::default(); 64],
            claim_turn: [0; 128],
            owner: [0; 128],
            winner_cities: CitySet::EMPTY,
        }
    }
}

/// Fills a [`GameTrace`] while a game is played.
#[derive(Debug, Default)]
pub struct Tracer {
    trace: GameTrace,
}

impl Tracer {
    /// Starts tracing a freshly set-up game (its setup offers are counted as dealt).
    #[must_use]
    pub fn new(state: &GameState<'_>) -> Tracer {
        let mut tracer = Tracer::default();
        for s in 0..state.players() {
            tracer.count_offer(state, Seat(s as u8), TicketSource::Setup);
        }
        tracer
    }

    fn count_offer(&mut self, state: &GameState<'_>, seat: Seat, source: TicketSource) {
        for t in state.offer(seat).tickets() {
            self.trace.tickets[t.index()].dealt[source as usize] += 1;
        }
    }

    /// Applies `action` to `state` (reporting events to `sink`) and notes what it changed.
    pub fn apply(
        &mut self,
        state: &mut GameState<'_>,
        action: Action,
        sink: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let seat = state.to_move();
        let phase = state.phase();
        let offer = state.offer(seat);
        let owned = state.owned(seat);
        let turn = state.turns() + 1;
        state.try_apply_recorded(action, sink)?;
        match (phase, action) {
            (Phase::SetupKeep | Phase::KeepTickets, Action::Keep(mask)) => {
                let source = if phase == Phase::SetupKeep { TicketSource::Setup } else { TicketSource::Drawn };
                for t in offer.selected(mask).iter() {
                    self.trace.tickets[t.index()].kept = Some((seat, source));
                }
                self.mark_completed(state, seat, turn, None);
            }
            (Phase::Turn, Action::DrawTickets) => self.count_offer(state, seat, TicketSource::Drawn),
            _ => {
                let gained = state.owned(seat).minus(owned);
                if let Some(route) = gained.first_item() {
                    self.trace.claim_turn[route.index()] = turn;
                    self.trace.owner[route.index()] = seat.0;
                    self.mark_completed(state, seat, turn, Some(route));
                }
            }
        }
        Ok(())
    }

    /// Marks the seat's kept tickets that are complete now (only those touching `route`'s
    /// network when a route was just claimed).
    fn mark_completed(&mut self, state: &GameState<'_>, seat: Seat, turn: u16, route: Option<RouteId>) {
        let map = state.map();
        let owned = state.owned(seat);
        let network = route.map(|r| network_of(map, owned, map.route(r).a));
        for t in state.tickets(seat).iter() {
            let trace = &mut self.trace.tickets[t.index()];
            if trace.completed_turn.is_some() {
                continue;
            }
            let ticket = map.ticket(t);
            let done = match network {
                Some(net) => net.contains(ticket.a) && net.contains(ticket.b),
                None => connected(map, owned, ticket.a, ticket.b),
            };
            if done {
                trace.completed_turn = Some(turn);
            }
        }
    }

    /// The finished trace of a game that is over.
    #[must_use]
    pub fn finish(mut self, state: &GameState<'_>, winners: SeatSet) -> GameTrace {
        let map = state.map();
        for w in winners.iter() {
            for r in state.owned(w).iter() {
                self.trace.winner_cities.insert(map.route(r).a);
                self.trace.winner_cities.insert(map.route(r).b);
            }
        }
        self.trace
    }
}

/// Plays a whole game from `seed`, `bots[s]` in seat `s`, reporting every event to `sink`,
/// and traces what the run statistics need.
pub fn play_traced(
    map: &Map,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    sink: &mut impl EventSink,
) -> Result<(GameResult, GameTrace), GameError> {
    let mut state = GameState::new_recorded(map, bots.len(), seed, sink).map_err(GameError::Setup)?;
    let mut tracer = Tracer::new(&state);
    while !state.is_over() {
        let seat = state.to_move();
        let action = bots[seat.index()].choose(&Observation::new(&state, seat));
        tracer.apply(&mut state, action, sink).map_err(GameError::Illegal)?;
    }
    let result = state.result();
    Ok((result, tracer.finish(&state, result.winners)))
}
