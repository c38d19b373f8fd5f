//! Rebuilding a recorded game from its events alone, with the engine's own rules: every
//! decision is applied as an action (and must be legal), every chance outcome is fed to the
//! engine as a scripted draw (and must be possible), and every event the engine produces
//! must equal the recorded one. No seed and no random numbers are used.

use std::fmt;

use crate::action::{Action, Event, EventSink, ExpressUse};
use crate::card::{Card, CardCounts};
use crate::ids::{Seat, TicketId};
use crate::map::Map;
use crate::state::GameState;

/// Why a sequence of events does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 0-based index of the offending event (`None`: the game as a whole).
    pub event: Option<usize>,
    /// What is wrong.
    pub problem: ReplayProblem,
}

/// What is wrong with a replayed event sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayProblem {
    /// The rules produce `got` where the events say `want`.
    Differs {
        /// What the rules produce.
        got: Event,
        /// What the events say.
        want: Event,
    },
    /// The events end, but the rules continue with `got`.
    Ends {
        /// What the rules produce next.
        got: Event,
    },
    /// Anything else, in words.
    Other(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(i) = self.event {
            write!(f, "event {i}: ")?;
        }
        match &self.problem {
            ReplayProblem::Differs { got, want } => {
                write!(f, "the rules give {got:?} here, but the record says {want:?}")
            }
            ReplayProblem::Ends { got } => write!(f, "the record ends, but the rules continue with {got:?}"),
            ReplayProblem::Other(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Feeds recorded chance outcomes to the engine and checks what it produces.
struct Script<'r> {
    events: &'r [Event],
    cursor: usize,
    /// Cards of the upcoming chance event not yet drawn, in draw order.
    pending: Vec<Card>,
    /// Events produced since the last step (for printing).
    produced: Vec<Event>,
    error: Option<(usize, ReplayProblem)>,
}

impl Script<'_> {
    fn fail(&mut self, at: usize, problem: ReplayProblem) {
        if self.error.is_none() {
            self.error = Some((at, problem));
        }
    }

    /// The cards the upcoming chance event says were drawn, in the order the engine draws them.
    fn cards_of(event: &Event) -> Vec<Card> {
        match *event {
            Event::Deal { cards, .. } => {
                cards.iter().flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n))).collect()
            }
            Event::Market { cards, .. } => cards.iter().flatten().copied().collect(),
            Event::Refill { card, .. } => card.into_iter().collect(),
            Event::Blind { card, .. } => vec![card],
            Event::Tunnel { revealed, .. } => revealed.iter().flatten().copied().collect(),
            _ => Vec::new(),
        }
    }
}

impl EventSink for Script<'_> {
    fn event(&mut self, event: Event) {
        self.produced.push(event);
        let at = self.cursor;
        match self.events.get(at) {
            Some(expected) if *expected == event => {}
            Some(&want) => self.fail(at, ReplayProblem::Differs { got: event, want }),
            None => self.fail(at, ReplayProblem::Ends { got: event }),
        }
        self.cursor += 1;
        // A reshuffle is written before the event whose cards it supplies; keep drawing them.
        if !matches!(event, Event::Reshuffle { .. }) {
            self.pending.clear();
        }
    }

    fn scripted_card(&mut self, deck: &CardCounts) -> Option<Card> {
        if self.pending.is_empty() {
            let upcoming = self.events[self.cursor.min(self.events.len())..]
                .iter()
                .find(|e| !matches!(e, Event::Reshuffle { .. }))
                .map(Script::cards_of)
                .unwrap_or_default();
            self.pending = upcoming.into_iter().rev().collect();
        }
        let at = self.cursor;
        match self.pending.pop() {
            Some(card) if deck[card] > 0 => Some(card),
            Some(card) => {
                self.fail(at, ReplayProblem::Other(format!("a {card} is drawn, but the deck holds none ({deck})")));
                None
            }
            None => {
                self.fail(
                    at,
                    ReplayProblem::Other("the rules draw a card here, but the record shows none".to_string()),
                );
                None
            }
        }
    }

    /// Orders a shuffled ticket deck by the tickets' first appearance in the offers still to
    /// come: returned tickets go to the bottom, so first appearances follow the shuffled deck.
    fn scripted_ticket_order(&mut self, _long: bool, tickets: &mut [TicketId]) -> bool {
        let mut order: Vec<TicketId> = Vec::with_capacity(tickets.len());
        for e in &self.events[self.cursor.min(self.events.len())..] {
            if let Event::Offer { offer, .. } = e {
                for t in offer.tickets() {
                    if tickets.contains(t) && !order.contains(t) {
                        order.push(*t);
                    }
                }
            }
        }
        let mut rest: Vec<TicketId> = tickets.iter().copied().filter(|t| !order.contains(t)).collect();
        rest.sort();
        order.extend(rest);
        tickets.copy_from_slice(&order);
        true
    }
}

/// Refuses a decision by any seat but the one to move.
fn check_turn(state: &GameState<'_>, seat: u8) -> Result<(), String> {
    if Seat(seat) == state.to_move() {
        Ok(())
    } else {
        Err(format!("seat {seat} acts, but seat {} is to move", state.to_move().0))
    }
}

/// The action the decision event `events[at]` stands for, in the current state; a claim
/// followed by a `province` event, and an express card with what it changes, are one action.
fn action_of(state: &GameState<'_>, events: &[Event], at: usize) -> Result<(u8, Action), String> {
    let province_after = |i: usize| match events.get(i + 1) {
        Some(&Event::Province { line, .. }) => Some(line),
        _ => None,
    };
    Ok(match events[at] {
        Event::Pick { seat, ticket } => {
            check_turn(state, seat)?;
            let pos = state.offer(Seat(seat)).tickets().iter().position(|&t| t == ticket);
            (seat, Action::Pick(pos.ok_or(format!("ticket {} is not in the packet", ticket.0))? as u8))
        }
        Event::Express { seat, value, used: ExpressUse::Cards } => (seat, Action::ExpressCards(value)),
        Event::Express { seat, value, used: ExpressUse::Tickets } => (seat, Action::ExpressTickets(value)),
        Event::Express { seat, value, used: ExpressUse::Province } => {
            match (events.get(at + 1), province_after(at + 1)) {
                (Some(&Event::Claim { route, pay, .. }), Some(line)) => {
                    (seat, Action::ClaimProvince { route, pay, line, express: value })
                }
                _ => return Err("an express card for the provinces must precede a claim and its province".to_string()),
            }
        }
        Event::Claim { seat, route, pay } if province_after(at).is_some() => {
            let line = province_after(at).expect("checked");
            (seat, Action::ClaimProvince { route, pay, line, express: 0 })
        }
        Event::Keep { seat, kept } => {
            check_turn(state, seat)?;
            let offer = state.offer(Seat(seat));
            let mut mask = 0u8;
            for t in kept.tickets() {
                let pos =
                    offer.tickets().iter().position(|o| o == t).ok_or(format!("ticket {} was not offered", t.0))?;
                mask |= 1 << pos;
            }
            (seat, Action::Keep(mask))
        }
        Event::Take { seat, slot, .. } => (seat, Action::TakeFaceUp(slot)),
        Event::Blind { seat, .. } => (seat, Action::DrawBlind),
        Event::Claim { seat, route, pay } => {
            if state.map().route(route).tunnel {
                return Err("a tunnel is claimed with a `tunnel` event, not `claim`".to_string());
            }
            (seat, Action::Claim { route, pay })
        }
        Event::Tunnel { seat, route, pay, .. } => {
            if !state.map().route(route).tunnel {
                return Err("a `tunnel` event names a route that is not a tunnel".to_string());
            }
            (seat, Action::Claim { route, pay })
        }
        Event::TunnelPay { seat, pay } => (seat, Action::TunnelPay(pay)),
        Event::TunnelBack { seat } => (seat, Action::TunnelBack),
        Event::Tickets { seat } => (seat, Action::DrawTickets),
        Event::Pass { seat } => (seat, Action::Pass),
        _ => return Err("a chance event stands where a decision is due".to_string()),
    })
}

/// Replays one game of `players` seats on `map` from its `events`. `on_step` sees the state
/// after each decision with the events it produced (setup first). Returns the final state;
/// its [`GameState::result`] is the replayed result.
pub fn replay<'m>(
    map: &'m Map,
    players: usize,
    events: &[Event],
    on_step: &mut dyn FnMut(&GameState<'m>, &[Event]),
) -> Result<GameState<'m>, ReplayError> {
    let err = |event: Option<usize>, message: String| ReplayError { event, problem: ReplayProblem::Other(message) };
    let mut script = Script { events, cursor: 0, pending: Vec::new(), produced: Vec::new(), error: None };
    let mut state = GameState::new_recorded(map, players, 0, &mut script).map_err(|e| err(None, e.to_string()))?;
    if let Some((at, problem)) = script.error.take() {
        return Err(ReplayError { event: Some(at), problem });
    }
    on_step(&state, &script.produced);
    while !state.is_over() {
        // A decision that draws cards may follow the reshuffle its draw caused.
        let at = (script.cursor..events.len())
            .find(|&i| !matches!(events[i], Event::Reshuffle { .. }))
            .ok_or_else(|| err(None, "the record ends before the game does".to_string()))?;
        let (seat, action) = action_of(&state, events, at).map_err(|m| err(Some(at), m))?;
        check_turn(&state, seat).map_err(|m| err(Some(at), m))?;
        script.produced.clear();
        state.try_apply_recorded(action, &mut script).map_err(|e| err(Some(at), e.reason.to_string()))?;
        if let Some((at, problem)) = script.error.take() {
            return Err(ReplayError { event: Some(at), problem });
        }
        on_step(&state, &script.produced);
    }
    if script.cursor != events.len() {
        return Err(err(Some(script.cursor), "the game is over, but the record goes on".to_string()));
    }
    Ok(state)
}
