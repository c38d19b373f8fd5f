//! Applying actions: every action is checked against the state first, so an illegal one is
//! refused and leaves the state untouched.

use std::fmt;
use std::ops::RangeInclusive;

use rand::seq::SliceRandom;

use crate::action::{Action, EndReason, Event, EventSink, ExpressUse, Phase};
use crate::card::{Card, CardCounts};
use crate::ids::{RouteId, Seat, TicketId};
use crate::legal::LegalActions;
use crate::payment;
use crate::provinces;
use crate::rule_set::Returned;
use crate::rules::market;
use crate::state::{GameState, MARKET_SLOTS};
use crate::tickets::TicketOffer;

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
        let s = self.to_move.index();
        let rules = &self.map.rules;
        match (self.phase, action) {
            (Phase::Over(_), _) => Err("the game is over"),
            (Phase::SetupKeep | Phase::KeepTickets, Action::Keep(mask)) => {
                check_keep(&self.offers[s], mask, self.keep_range())
            }
            (Phase::Draft, Action::Pick(i)) => {
                if usize::from(i) < self.offers[s].len() {
                    Ok(())
                } else {
                    Err("no ticket at that position of the packet")
                }
            }
            (Phase::Turn, Action::ExpressCards(value)) => {
                self.check_express(value)?;
                if self.can_draw_blind() || self.market.iter().any(Option::is_some) {
                    Ok(())
                } else {
                    Err("no card can be drawn")
                }
            }
            (Phase::Turn, Action::ExpressTickets(value)) => {
                self.check_express(value)?;
                if self.ticket_deck.is_empty() {
                    Err("the ticket deck is empty")
                } else {
                    Ok(())
                }
            }
            (Phase::Turn, Action::ClaimProvince { route, pay, line, express }) => {
                self.check_province_claim(route, &pay, line, express)
            }
            (Phase::Turn, Action::Pass) => {
                let legal = self.legal_actions();
                if legal.len() == 1 && legal.get(0) == Action::Pass {
                    Ok(())
                } else {
                    Err("passing is allowed only with no other legal action")
                }
            }
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::TakeFaceUp(slot)) => {
                match self.market.get(usize::from(slot)) {
                    Some(&Some(card)) if market::may_take_face_up(rules, self.phase, card) => Ok(()),
                    Some(Some(_)) => Err("a face-up locomotive may not be taken as the second card"),
                    Some(None) => Err("that market slot is empty"),
                    None => Err("no such market slot"),
                }
            }
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::DrawBlind) => {
                if self.can_draw_blind() {
                    Ok(())
                } else {
                    Err("deck and discard pile are empty")
                }
            }
            (Phase::Turn, Action::DrawTickets) => {
                if self.ticket_deck.is_empty() {
                    Err("the ticket deck is empty")
                } else {
                    Ok(())
                }
            }
            (Phase::Turn, Action::Claim { route, pay }) => self.check_claim(route, &pay),
            (Phase::Tunnel { laid, due, .. }, Action::TunnelPay(extra)) => {
                if !self.hands[s].contains(&extra) {
                    Err("the hand does not hold the surcharge cards")
                } else if !payment::is_valid_surcharge(&laid, &extra, due) {
                    Err("the surcharge must be exactly the cards due, in the laid colour or locomotives")
                } else {
                    Ok(())
                }
            }
            (Phase::Tunnel { .. }, Action::TunnelBack) => Ok(()),
            _ => Err("not allowed in this phase"),
        }
    }

    /// The express card of this value, if the seat to move still has it unused.
    fn express_index(&self, value: u8) -> Option<usize> {
        self.map.rules.express_index(self.express[self.to_move.index()], value)
    }

    fn check_express(&self, value: u8) -> Result<(), &'static str> {
        match self.express_index(value) {
            Some(_) => Ok(()),
            None => Err("no unused express card of that value"),
        }
    }

    pub(crate) fn check_province_claim(
        &self,
        route: RouteId,
        pay: &CardCounts,
        line: Card,
        express: u8,
    ) -> Result<(), &'static str> {
        let s = self.to_move.index();
        let rules = &self.map.rules;
        let Some(values) = provinces::line_values(rules, line) else {
            return Err("the board has no such provinces line");
        };
        let Some(r) = self.map.routes().get(route.index()) else {
            return Err("no such route");
        };
        if r.tunnel {
            return Err("a tunnel claim cannot place a provinces train");
        }
        if r.color.is_some_and(|c| c != line) {
            return Err("the train must go on the line of the route's colour");
        }
        if express != 0 {
            self.check_express(express)?;
        }
        if self.closed[s].contains(route) {
            return Err("the route is claimed or closed to this seat");
        }
        if self.trains[s] < r.trains_needed() + 1 {
            return Err("not enough trains left for the route and a provinces train");
        }
        if !self.hands[s].contains(pay) {
            return Err("the hand does not hold the payment");
        }
        if !provinces::is_valid_province_payment(r, pay, rules) {
            return Err("the payment is not the route's price plus matching cards");
        }
        let aim = pay.total() + u32::from(express);
        if provinces::landing_space(values, provinces::taken(&self.provinces, line), aim).is_none() {
            return Err("no free space at or below that value on the line");
        }
        Ok(())
    }

    fn check_claim(&self, route: RouteId, pay: &CardCounts) -> Result<(), &'static str> {
        let s = self.to_move.index();
        let Some(r) = self.map.routes().get(route.index()) else {
            return Err("no such route");
        };
        if self.claimed.contains(route) {
            return Err("the route is already claimed");
        }
        if self.closed[s].contains(route) {
            return Err("the other track of this double route is closed to this seat");
        }
        if self.trains[s] < r.trains_needed() {
            return Err("not enough trains left");
        }
        if !self.hands[s].contains(pay) {
            return Err("the hand does not hold the payment");
        }
        if !payment::is_valid_payment(r, pay, &self.map.rules) {
            return Err("the payment does not fit the route");
        }
        Ok(())
    }

    fn perform(&mut self, action: Action, sink: &mut impl EventSink) {
        let seat = self.to_move;
        let s = seat.index();
        if action != Action::Pass && !matches!(self.phase, Phase::SetupKeep) {
            self.passes = 0;
        }
        match (self.phase, action) {
            (Phase::SetupKeep, Action::Keep(mask)) => {
                self.keep_offer(seat, mask, self.map.rules.setup_tickets.returned, sink);
                if s + 1 < self.players() {
                    self.to_move = Seat(seat.0 + 1);
                } else {
                    if self.map.rules.setup_tickets.returned == Returned::Shuffle {
                        self.shuffle_ticket_deck(sink);
                    }
                    self.to_move = Seat(0);
                    self.phase = Phase::Turn;
                }
            }
            (Phase::Draft, Action::Pick(i)) => {
                let ticket = self.offers[s].remove(usize::from(i));
                self.drafted[s].push(ticket);
                sink.event(Event::Pick { seat: seat.0, ticket });
                self.after_pick();
            }
            (Phase::Turn, Action::ExpressCards(value)) => {
                self.use_express(value, ExpressUse::Cards, sink);
                for _ in 0..value {
                    match self.draw_card(sink) {
                        Some(card) => {
                            self.hands[s][card] += 1;
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
            (Phase::Turn, Action::ExpressTickets(value)) => {
                self.use_express(value, ExpressUse::Tickets, sink);
                self.draw_tickets(value, sink);
            }
            (Phase::Turn, Action::ClaimProvince { route, pay, line, express }) => {
                if express != 0 {
                    self.use_express(express, ExpressUse::Province, sink);
                }
                self.hands[s].remove(&pay);
                sink.event(Event::Claim { seat: seat.0, route, pay });
                self.complete_claim(seat, route, &pay);
                let values = provinces::line_values(&self.map.rules, line).expect("checked");
                let taken = provinces::taken(&self.provinces, line);
                let space = provinces::landing_space(values, taken, pay.total() + u32::from(express)).expect("checked");
                self.provinces[line.index()][s] |= 1 << space;
                self.trains[s] -= 1;
                sink.event(Event::Province { seat: seat.0, line, space: values[space] });
                self.end_turn(sink);
            }
            (Phase::KeepTickets, Action::Keep(mask)) => {
                self.keep_offer(seat, mask, self.map.rules.draw_tickets.returned, sink);
                self.end_turn(sink);
            }
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::TakeFaceUp(slot)) => {
                let first = self.phase != Phase::SecondCard;
                let card = self.market[usize::from(slot)].take().expect("checked");
                sink.event(Event::Take { seat: seat.0, slot, card });
                self.hands[s][card] += 1;
                self.known[s][card] += 1;
                self.refill_market(sink);
                let whole_draw = market::ends_draw(&self.map.rules, card);
                self.after_card(first && !whole_draw, sink);
            }
            (Phase::Turn | Phase::FirstCard | Phase::SecondCard, Action::DrawBlind) => {
                let first = self.phase != Phase::SecondCard;
                let card = self.draw_card(sink).expect("checked");
                self.hands[s][card] += 1;
                sink.event(Event::Blind { seat: seat.0, card });
                self.after_card(first, sink);
            }
            (Phase::Turn, Action::DrawTickets) => self.draw_tickets(0, sink),
            (Phase::Turn, Action::Claim { route, pay }) => {
                self.hands[s].remove(&pay);
                if self.map.route(route).tunnel {
                    self.reveal_for_tunnel(route, pay, sink);
                } else {
                    sink.event(Event::Claim { seat: seat.0, route, pay });
                    self.complete_claim(seat, route, &pay);
                    self.end_turn(sink);
                }
            }
            (Phase::Tunnel { route, laid, .. }, Action::TunnelPay(extra)) => {
                sink.event(Event::TunnelPay { seat: seat.0, pay: extra });
                self.hands[s].remove(&extra);
                let mut paid = laid;
                paid.add(&extra);
                self.complete_claim(seat, route, &paid);
                self.end_turn(sink);
            }
            (Phase::Tunnel { laid, .. }, Action::TunnelBack) => {
                sink.event(Event::TunnelBack { seat: seat.0 });
                self.hands[s].add(&laid);
                // Everyone saw the laid cards go back; what was known before is still there.
                for (c, n) in laid.iter() {
                    self.known[s][c] = self.known[s][c].max(n);
                }
                self.end_turn(sink);
            }
            (Phase::Turn, Action::Pass) => {
                sink.event(Event::Pass { seat: seat.0 });
                self.passes += 1;
                self.end_turn(sink);
            }
            _ => unreachable!("checked before performing"),
        }
    }

    /// Draws the in-play ticket deal plus `extra` (an express card), up to an offer's size.
    fn draw_tickets(&mut self, extra: u8, sink: &mut impl EventSink) {
        let seat = self.to_move;
        sink.event(Event::Tickets { seat: seat.0 });
        let mut offer = TicketOffer::EMPTY;
        let count = usize::from(self.map.rules.draw_tickets.deal + extra).min(crate::map::MAX_OFFER);
        for _ in 0..count {
            if let Some(t) = self.ticket_deck.draw() {
                offer.push(t);
            }
        }
        self.offers[seat.index()] = offer;
        sink.event(Event::Offer { seat: seat.0, offer });
        self.phase = Phase::KeepTickets;
    }

    /// Marks the seat's express card of `value` as used and reports it.
    fn use_express(&mut self, value: u8, used: ExpressUse, sink: &mut impl EventSink) {
        let seat = self.to_move;
        let index = self.express_index(value).expect("checked");
        self.express[seat.index()] &= !(1 << index);
        sink.event(Event::Express { seat: seat.0, value, used });
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
        self.offers[..n].rotate_right(1);
        if self.offers[0].is_empty() {
            self.offers[..n].copy_from_slice(&self.drafted[..n]);
            self.drafted = [TicketOffer::EMPTY; crate::ids::MAX_SEATS];
            self.phase = Phase::SetupKeep;
        }
    }

    /// Shuffles the whole ticket deck (returned setup tickets included).
    fn shuffle_ticket_deck(&mut self, sink: &mut impl EventSink) {
        let mut order = [TicketId(0); 64];
        let n = self.ticket_deck.len();
        for (slot, t) in order.iter_mut().zip(self.ticket_deck.iter()) {
            *slot = t;
        }
        if !sink.scripted_ticket_order(false, &mut order[..n]) {
            order[..n].shuffle(&mut self.rng);
        }
        self.ticket_deck.set_order(&order[..n]);
    }

    /// After the first or second card of a draw: ask for a second card if one may and can
    /// be taken, otherwise end the turn.
    fn after_card(&mut self, second_allowed: bool, sink: &mut impl EventSink) {
        if second_allowed {
            self.phase = Phase::SecondCard;
            if !self.legal_actions().is_empty() {
                return;
            }
        }
        self.end_turn(sink);
    }

    fn keep_offer(&mut self, seat: Seat, mask: u8, returned: Returned, sink: &mut impl EventSink) {
        let s = seat.index();
        let offer = self.offers[s];
        let mut kept = TicketOffer::EMPTY;
        for (i, &t) in offer.tickets().iter().enumerate() {
            if mask >> i & 1 == 1 {
                kept.push(t);
                self.tickets[s].insert(t);
            } else if returned != Returned::Box && self.map.ticket(t).kind == crate::map::TicketKind::Normal {
                self.ticket_deck.push_bottom(t);
            }
        }
        self.offers[s] = TicketOffer::EMPTY;
        sink.event(Event::Keep { seat: seat.0, kept });
    }

    fn reveal_for_tunnel(&mut self, route: RouteId, laid: CardCounts, sink: &mut impl EventSink) {
        let color = payment::tunnel_color(&laid);
        let mut due = 0;
        for i in 0..3 {
            let card = self.draw_card(sink);
            self.revealed[i] = card;
            if let Some(c) = card {
                if c.is_loco() || Some(c) == color {
                    due += 1;
                }
            }
        }
        sink.event(Event::Tunnel { seat: self.to_move.0, route, pay: laid, revealed: self.revealed });
        self.phase = Phase::Tunnel { route, laid, due };
    }

    fn complete_claim(&mut self, seat: Seat, route: RouteId, paid: &CardCounts) {
        let s = seat.index();
        let r = *self.map.route(route);
        self.discard.add(paid);
        for (c, n) in paid.iter() {
            self.known[s][c] = self.known[s][c].saturating_sub(n);
        }
        self.owned[s].insert(route);
        self.claimed.insert(route);
        for closed in self.closed.iter_mut() {
            closed.insert(route);
        }
        if let Some(twin) = r.twin {
            self.closed[s].insert(twin);
            if self.players < self.map.rules.doubles_both_from {
                for closed in self.closed.iter_mut() {
                    closed.insert(twin);
                }
            }
        }
        self.trains[s] -= r.trains_needed();
        self.route_points[s] += i32::from(self.map.route_score(route));
    }

    fn end_turn(&mut self, sink: &mut impl EventSink) {
        let s = self.to_move.index();
        for slot in 0..3 {
            if let Some(c) = self.revealed[slot].take() {
                self.discard[c] += 1;
            }
        }
        if self.market.iter().take(MARKET_SLOTS).any(Option::is_none) {
            self.refill_market(sink);
        }
        self.turns += 1;
        match self.final_turns_left {
            Some(n) => self.final_turns_left = Some(n - 1),
            None if self.trains[s] <= self.map.rules.end_trains => self.final_turns_left = Some(self.players),
            None => {}
        }
        self.phase = if self.final_turns_left == Some(0) {
            Phase::Over(EndReason::Trains)
        } else if self.passes >= self.players {
            Phase::Over(EndReason::Passes)
        } else if self.turns >= self.map.rules.turn_cap {
            Phase::Over(EndReason::TurnCap)
        } else {
            self.to_move = Seat((self.to_move.0 + 1) % self.players);
            Phase::Turn
        };
    }
}

fn check_keep(offer: &TicketOffer, mask: u8, range: Option<RangeInclusive<u8>>) -> Result<(), &'static str> {
    let range = range.expect("called in a phase that keeps tickets");
    let kept = mask.count_ones();
    if mask & !offer.full_mask() != 0 {
        Err("the mask names tickets that were not offered")
    } else if kept < u32::from(*range.start()) {
        Err("too few tickets kept")
    } else if kept > u32::from(*range.end()) {
        Err("a draft keeps exactly the rule set's number of tickets")
    } else {
        Ok(())
    }
}
