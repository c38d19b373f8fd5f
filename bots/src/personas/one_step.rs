//! `one-step` (One Step Thinking, OneStepThinkerAgent) and `long-route` (Long Route,
//! LongRouteJunkieAgent), after `docs/personas.md`: Long Route is One Step Thinking with
//! a handful of differences, so both are one bot with a [`Style`].
//!
//! At each re-plan (someone scored, or it chose tickets) it picks one target: the first
//! route it does not own on the fewest-routes path of its most valuable uncompleted ticket
//! that its graph still connects. With no such ticket, One Step Thinking draws tickets
//! while every player has 8 trains or more; otherwise both fall back to the longest free
//! route, ranked by how well the hand covers it. It claims the target with the first legal
//! claim (original colour order) as soon as it can; otherwise it draws the wanted colour
//! face up, else a face-up locomotive, else blind. Documented quirks kept: the mid-game
//! ticket evaluation always fails, so it keeps the single lowest-value ticket (Long Route
//! keeps the two lowest at setup too); a coloured fallback route ranks by its own colour
//! when covered but by the largest colour count otherwise; for a gray fallback target the
//! face-up colour never matches, so it takes a locomotive or draws blind.
//!
//! Long Route differs: it never draws tickets, plans tickets on free routes of length 3 or
//! more (its trains left, when fewer than 3) plus its own routes, and ranks a gray fallback
//! route one colour covers 15 instead of 10.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ttr::connected;
use ttr::{Action, Card, CitySet, Observation, Phase, RouteId, RouteSet, Seat};

use crate::common::{keep_all, keep_range, random_action, random_claim, random_draw, takeable_slot};
use crate::graph::with_open_twins;
use crate::personas::{
    first_claim, lowest_value_mask, most_held, own_graph, wanted_kind, HandOrder, KeptSearch, ScoreWatch,
    ORIGINAL_COLORS, ORIGINAL_KINDS,
};
use crate::policy::{PhaseBot, PhasePolicy};

/// Kept searches: ticket `i` in hand order uses slot `i % SEARCHES`.
const SEARCHES: usize = 8;

/// Which of the two agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// One Step Thinking.
    OneStep,
    /// Long Route.
    LongRoute,
}

/// What the last plan decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// Nothing to aim at: random moves.
    Nothing,
    /// Draw tickets (One Step Thinking with no ticket to work on).
    Tickets,
    /// A route (both tracks of a double when both are open), and the kind to draw for it
    /// (`None`: never found face up).
    Route(RouteSet, Option<Card>),
}

/// The One Step Thinking or Long Route agent: [`OneStep`] answering each phase.
pub type OneStepBot = PhaseBot<OneStep>;

impl OneStepBot {
    /// An agent of `style` drawing its random moves from `seed`.
    #[must_use]
    pub fn new(style: Style, seed: u64) -> OneStepBot {
        PhaseBot(OneStep::new(style, seed))
    }
}

/// The One Step Thinking or Long Route policy.
#[derive(Clone, Debug)]
pub struct OneStep {
    style: Style,
    rng: Pcg64Mcg,
    /// The last fewest-routes search of each ticket, by hand position.
    searches: Box<[KeptSearch; SEARCHES]>,
    watch: ScoreWatch,
    order: HandOrder,
    target: Target,
    /// A re-plan is due (after a ticket choice, and at the start).
    due: bool,
    /// The map's routes of length 3 or more, made at the first Long Route plan (a bot plays
    /// one game, so one map).
    long: Option<RouteSet>,
}

impl OneStep {
    /// A policy of `style` drawing its random moves from `seed`.
    #[must_use]
    pub fn new(style: Style, seed: u64) -> OneStep {
        OneStep {
            style,
            rng: Pcg64Mcg::seed_from_u64(seed),
            searches: Box::new(std::array::from_fn(|_| KeptSearch::default())),
            watch: ScoreWatch::default(),
            order: HandOrder::default(),
            target: Target::Nothing,
            due: true,
            long: None,
        }
    }

    /// The routes tickets are planned on.
    fn ticket_graph(&mut self, obs: &Observation<'_, '_>) -> RouteSet {
        let me = obs.seat();
        match self.style {
            Style::OneStep => own_graph(obs),
            Style::LongRoute => {
                let map = obs.map();
                let at_least = |min: u8| map.all_routes().iter().filter(|&r| map.route(r).length >= min).collect();
                let min = 3.min(obs.trains(me));
                let long = if min == 3 { *self.long.get_or_insert_with(|| at_least(3)) } else { at_least(min) };
                obs.open_to(me).and(long).or(obs.owned(me))
            }
        }
    }

    fn replan(&mut self, obs: &Observation<'_, '_>) -> Target {
        let map = obs.map();
        let me = obs.seat();
        let owned = obs.owned(me);
        let hand = obs.hand();
        let graph = self.ticket_graph(obs);
        self.order.sync(obs.tickets());
        let mut best: Option<(ttr::TicketId, usize)> = None;
        for (i, &t) in self.order.as_slice().iter().enumerate() {
            let ticket = map.ticket(t);
            let points = ticket.points;
            if best.is_some_and(|(b, _)| map.ticket(b).points >= points) || connected(map, owned, ticket.a, ticket.b) {
                continue;
            }
            // The search reaches the second city exactly when the graph connects the two.
            let search = &mut self.searches[i % SEARCHES];
            if search.get(map, graph, RouteSet::EMPTY, |_| 1, ticket.a, CitySet::single(ticket.b)).settled(ticket.b) {
                best = Some((t, i));
            }
        }
        if let Some((t, i)) = best {
            let ticket = map.ticket(t);
            let search = &mut self.searches[i % SEARCHES];
            let paths = search.get(map, graph, RouteSet::EMPTY, |_| 1, ticket.a, CitySet::single(ticket.b));
            if let Some(r) = paths.first_route_not_in(map, ticket.b, owned) {
                let tracks = with_open_twins(map, RouteSet::single(r), graph.minus(owned));
                return Target::Route(tracks, Some(wanted_kind(map, tracks, &hand, &ORIGINAL_KINDS)));
            }
        }
        let everyone_has_8 = (0..obs.players()).all(|s| obs.trains(Seat(s as u8)) >= 8);
        if self.style == Style::OneStep && everyone_has_8 && obs.can_draw_tickets() {
            return Target::Tickets;
        }
        self.longest_route(obs)
    }

    /// The fallback: the best-ranked of the longest free routes the trains allow.
    fn longest_route(&self, obs: &Observation<'_, '_>) -> Target {
        let map = obs.map();
        let me = obs.seat();
        let hand = obs.hand();
        let trains = obs.trains(me);
        let free = obs.open_to(me);
        let Some(longest) = free.iter().map(|r| map.route(r).length).filter(|&l| l <= trains).max() else {
            return Target::Nothing;
        };
        let m = i32::from(hand[most_held(&hand, &ORIGINAL_COLORS)]);
        let locos = i32::from(hand[Card::Loco]);
        let l = i32::from(longest);
        let covered = if self.style == Style::LongRoute { 15 } else { 10 };
        let mut best: Option<(i32, RouteId)> = None;
        for r in free.iter().filter(|&r| map.route(r).length == longest) {
            let rank = match map.route(r).color {
                None if m >= l => covered,
                None if m + locos >= l => 9,
                None => 10 - l + m,
                Some(c) if i32::from(hand[c]) >= l => 10,
                Some(c) if i32::from(hand[c]) + locos >= l => 9,
                Some(_) => 9 - l + m,
            };
            if best.is_none_or(|(b, _)| rank > b) {
                best = Some((rank, r));
            }
        }
        let (_, r) = best.expect("a route of the longest length");
        Target::Route(RouteSet::single(r), map.route(r).color)
    }

    /// The wanted kind face up, else a face-up locomotive, else blind.
    fn draw_for(&mut self, obs: &Observation<'_, '_>, wanted: Option<Card>) -> Action {
        if let Some(slot) = wanted.and_then(|c| takeable_slot(obs, c)) {
            return Action::TakeFaceUp(slot);
        }
        if let Some(slot) = takeable_slot(obs, Card::Loco) {
            return Action::TakeFaceUp(slot);
        }
        if obs.can_draw_blind() {
            return Action::DrawBlind;
        }
        self.aimless(obs)
    }

    /// No target: a random card draw, else a random claim, else any random move.
    fn aimless(&mut self, obs: &Observation<'_, '_>) -> Action {
        if let Some(draw) = random_draw(obs, &mut self.rng) {
            return draw;
        }
        if let Some(claim) = random_claim(obs, &mut self.rng) {
            return claim;
        }
        random_action(obs, &mut self.rng)
    }
}

impl PhasePolicy for OneStep {
    fn keep(&mut self, obs: &Observation<'_, '_>) -> Action {
        let map = obs.map();
        let offer = obs.offer();
        let tickets = offer.tickets();
        let mask = match (obs.phase(), self.style) {
            (Phase::SetupKeep, Style::OneStep) => keep_all(obs),
            (Phase::SetupKeep, Style::LongRoute) => {
                lowest_value_mask(map, tickets, usize::from(*keep_range(obs).start()).max(2).min(tickets.len()))
            }
            _ => lowest_value_mask(map, tickets, 1),
        };
        self.order.record(tickets, mask);
        self.due = true;
        Action::Keep(mask)
    }

    fn turn(&mut self, obs: &Observation<'_, '_>) -> Action {
        if self.due || self.watch.risen(obs) {
            self.target = self.replan(obs);
            self.watch.mark(obs);
            self.due = false;
        }
        match self.target {
            Target::Tickets if obs.can_draw_tickets() => Action::DrawTickets,
            Target::Route(tracks, wanted) => match first_claim(obs, tracks, |_, _| true) {
                Some(claim) => claim,
                None => self.draw_for(obs, wanted),
            },
            _ => self.aimless(obs),
        }
    }

    /// A card towards the target route, else a random draw.
    fn draw(&mut self, obs: &Observation<'_, '_>) -> Action {
        match self.target {
            Target::Route(_, wanted) => self.draw_for(obs, wanted),
            _ => self.aimless(obs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::personas::play_seeded_games_on_every_map;
    use ttr::Bot;

    /// The agent, checking at each turn that its re-plan with the kept search equals one
    /// with a new search.
    struct Checked(OneStepBot);

    impl Bot for Checked {
        fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
            if obs.phase() == Phase::Turn {
                let mut kept = self.0 .0.clone();
                let mut fresh = self.0 .0.clone();
                *fresh.searches = std::array::from_fn(|_| KeptSearch::default());
                assert_eq!(kept.replan(obs), fresh.replan(obs));
            }
            self.0.choose(obs)
        }
    }

    #[test]
    fn kept_searches_plan_as_fresh_ones_do() {
        play_seeded_games_on_every_map(|game, seat| {
            let style = if seat % 2 == 0 { Style::OneStep } else { Style::LongRoute };
            Box::new(Checked(OneStepBot::new(style, game * 10 + seat)))
        });
    }
}
