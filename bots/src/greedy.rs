//! `greedy`: a ticket-path bot.
//!
//! It keeps the tickets its planner ([`crate::plan`]) can join within its trains, plans
//! the cheapest routes joining them (reusing its own network), claims the longest planned
//! route it can pay for, and otherwise draws the cards its plan lacks: a face-up colour it
//! needs, a face-up locomotive when that is worth two cards, else blind. With its tickets
//! done it draws new ones while it has trains to spare; near the end it spends its trains
//! on the best-scoring routes it can pay for. It pays with as few locomotives as it can.
//!
//! Map rules come from the engine's payment rules, so it handles ferries (locomotives are
//! budgeted per ferry symbol), tunnels (it claims one with a spare matching card and pays
//! the surcharge when it can), Nordic locomotives (counted only where they may be played,
//! 3-for-1 and 4-for-1 substitutes taken from the legal payments) and mountains (a route
//! costs its trains plus its mountain symbols). On South Korea it plays an express card for
//! extra cards when its plan is short of more, and places a train on the provinces board
//! with a claim where it may.
//!
//! Where a face-up locomotive ends the draw, it takes one for two blind cards when the cards
//! its plan misses are all of one colour (`greedy:loco=N`: of at most `N` colours;
//! [`GreedyBot::with_loco_colors`]). Taking it only for gray routes (`loco=0`) plays
//! stronger at 3 to 5 players on USA. One `greedy:loco=0` seat against default `greedy`
//! bots (`ttr simulate --bots greedy:loco=0,greedy,... --seed 5`, seats rotating) wins, where
//! a default seat wins in the same games: 4-player USA 26.8% [26.5, 27.1] against 25.0%
//! (100,000 games), 3 players 34.6% against 33.0%, 5 players 21.6% against 19.8%, 4-player
//! Legendary Asia 25.4% against 24.7% (50,000 games); but 2-player USA 49.5% against 49.9%
//! and 4-player South Korea 23.4% against 24.8%. The default stays 1: `greedy` is the
//! yardstick every figure of `mcts` is measured against.

use ttr::network_of;
use ttr::{has_substitutes, locos_on_color_spaces};
use ttr::{
    Action, Card, CardCounts, CitySet, FixedList, Map, Observation, Phase, RouteId, RouteSet, Seat, TicketSet,
    MARKET_SLOTS,
};

use crate::common::{is_legal, keep_range, takeable_slot};
use crate::graph::with_open_twins;
use crate::plan::{Board, Plan, Planner};
use crate::policy::{PhaseBot, PhasePolicy};

/// A player with this many trains or fewer may end the game within a round or two.
const ENDING_TRAINS: u8 = 5;
/// Fewest trains of its own, and of every opponent, for drawing new tickets.
const TICKET_TRAINS: u8 = 25;
/// Trains always kept out of a ticket plan's budget, plus one in `BUDGET_SHARE` of the rest.
const BUDGET_SLACK: u32 = 3;
/// See [`BUDGET_SLACK`].
const BUDGET_SHARE: u32 = 8;
/// With the game ending, missing cards up to this many are still worth drawing for.
const LATE_DEFICIT: u32 = 2;
/// A face-up locomotive (where it is the whole draw) is worth two blind cards when the
/// missing cards are of this many colours or fewer: two blind cards would then often miss.
/// The default of [`GreedyBot::with_loco_colors`].
pub const LOCO_COLORS: u8 = 1;

/// Reads a spec's `loco` value ([`GreedyBot::with_loco_colors`]): a whole number from 0 to
/// the number of colours, 8 (a larger one would change nothing).
#[must_use]
pub fn parse_loco_colors(text: &str) -> Option<u8> {
    text.parse().ok().filter(|&n| usize::from(n) <= Card::COLORS.len())
}

/// The greedy bot: [`Greedy`] answering each phase.
pub type GreedyBot = PhaseBot<Greedy>;

impl GreedyBot {
    /// A fresh greedy bot (per-map data is set up at its first decision).
    #[must_use]
    pub fn new() -> GreedyBot {
        PhaseBot(Greedy::default())
    }

    /// A fresh greedy bot that plans with `planner`, which must have been made for the map
    /// it plays ([`Planner::new`]): it plays exactly as [`GreedyBot::new`] does, without
    /// setting up the per-map data again. (The plans `planner` remembers are reused only on
    /// the board they were made for.)
    #[must_use]
    pub fn with_planner(planner: Planner) -> GreedyBot {
        PhaseBot(Greedy { planner: Some(planner), ..Greedy::default() })
    }

    /// This bot, taking a face-up locomotive instead of two blind cards (where taking it ends
    /// the draw) only when the cards its plan misses are of `colors` colours or fewer: 0 takes
    /// it only when nothing but cards for gray routes is missing. [`GreedyBot::new`] takes
    /// [`LOCO_COLORS`].
    #[must_use]
    pub fn with_loco_colors(mut self, colors: u8) -> GreedyBot {
        self.set_loco_colors(colors);
        self
    }

    /// Sets the rule of [`GreedyBot::with_loco_colors`] from the next decision on.
    pub fn set_loco_colors(&mut self, colors: u8) {
        self.0.loco_colors = colors;
    }

    /// Forgets the game so far but keeps the per-map data and the planner (with the plans it
    /// remembers): from
    /// here the bot plays exactly as a fresh bot given that planner ([`GreedyBot::with_planner`])
    /// would, without moving the planner.
    pub fn restart(&mut self) {
        self.0.memory = GreedyMemory::default();
    }

    /// What the bot remembers of its game so far: a bot given this memory
    /// ([`GreedyBot::set_memory`]) takes the decisions this one would take from here.
    #[must_use]
    pub fn memory(&self) -> GreedyMemory {
        self.0.memory
    }

    /// Replaces what the bot remembers of its game with `memory` (taken from a bot of the
    /// same map with [`GreedyBot::memory`]); the per-map data and the planner stay.
    pub fn set_memory(&mut self, memory: GreedyMemory) {
        self.0.memory = memory;
    }
}

/// What a greedy bot carries from one decision of a game to the next: its plan and what
/// it was made for, the tickets it gave up, and the routes its current draw works towards.
/// A fresh bot's memory is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GreedyMemory {
    plan: Plan,
    /// The tickets held when the plan was made.
    planned: TicketSet,
    /// Tickets given up on: unreachable, or more than the trains left allow.
    abandoned: TicketSet,
    /// The routes this turn's draw works towards.
    targets: RouteSet,
}

/// The greedy ticket-path policy. Deterministic: it needs no random numbers.
#[derive(Clone, Debug)]
pub struct Greedy {
    /// See [`GreedyBot::with_loco_colors`].
    loco_colors: u8,
    planner: Option<Planner>,
    /// The map's routes in the orders claims are tried in (made at the first decision).
    order: Option<RouteOrder>,
    memory: GreedyMemory,
}

impl Default for Greedy {
    fn default() -> Greedy {
        Greedy { loco_colors: LOCO_COLORS, planner: None, order: None, memory: GreedyMemory::default() }
    }
}

/// The routes of a map in groups of equal key, greatest key first, for trying routes by
/// descending key and on equal keys by ascending id.
#[derive(Clone, Debug)]
struct RouteOrder {
    /// By length.
    by_length: FixedList<RouteSet, { RouteSet::CAPACITY }>,
    /// By [`Map::route_score`], then length (so the score never rises from group to group).
    by_points: FixedList<RouteSet, { RouteSet::CAPACITY }>,
}

impl RouteOrder {
    #[cold]
    fn new(map: &Map) -> RouteOrder {
        RouteOrder {
            by_length: groups(map, |r| u32::from(map.route(r).length)),
            by_points: groups(map, |r| points_key(map, r)),
        }
    }
}

/// The routes of `map` grouped by `key`, greatest key first. A map has few distinct keys
/// (lengths, scores): the groups are gathered in one pass, then the groups are sorted.
fn groups(map: &Map, key: impl Fn(RouteId) -> u32) -> FixedList<RouteSet, { RouteSet::CAPACITY }> {
    let mut keyed = [(0u32, RouteSet::EMPTY); RouteSet::CAPACITY];
    let mut n = 0;
    for r in map.all_routes().iter() {
        let k = key(r);
        match keyed[..n].iter().position(|&(x, _)| x == k) {
            Some(g) => keyed[g].1.insert(r),
            None => {
                keyed[n] = (k, RouteSet::EMPTY.with(r));
                n += 1;
            }
        }
    }
    keyed[..n].sort_unstable_by_key(|&(k, _)| std::cmp::Reverse(k));
    let mut out = FixedList::new(RouteSet::EMPTY);
    for &(_, set) in &keyed[..n] {
        out.push(set);
    }
    out
}

/// The key of [`RouteOrder::by_points`].
fn points_key(map: &Map, r: RouteId) -> u32 {
    u32::from(map.route_score(r)) << 8 | u32::from(map.route(r).length)
}

/// Cards the targets still lack after the hand is allotted to them, longest route first.
#[derive(Clone, Copy, Debug, Default)]
struct Deficits {
    /// Colour cards missing, by [`Card::COLORS`] index.
    color: [u8; 8],
    /// Locomotives missing (ferry symbols).
    loco: u32,
    /// Cards of any one colour missing for gray routes no colour in hand suits yet.
    gray_any: u32,
}

impl Deficits {
    fn total(&self) -> u32 {
        self.color.iter().map(|&n| u32::from(n)).sum::<u32>() + self.loco + self.gray_any
    }

    fn colors_short(&self) -> usize {
        self.color.iter().filter(|&&n| n > 0).count()
    }
}

impl Greedy {
    fn planner(&mut self, map: &Map) -> &mut Planner {
        self.planner.get_or_insert_with(|| Planner::new(map))
    }

    /// Makes the per-map route order at the bot's first decision.
    #[inline]
    fn set_up(&mut self, map: &Map) {
        if self.order.is_none() {
            self.order = Some(RouteOrder::new(map));
        }
    }

    /// The route order [`Greedy::set_up`] made.
    fn order(&self) -> &RouteOrder {
        self.order.as_ref().expect("made at the bot's first decision")
    }

    /// Owned routes and the routes still claimable with the trains left.
    fn board(obs: &Observation<'_, '_>) -> Board {
        Board { owned: obs.owned(obs.seat()), open: obs.claimable_routes() }
    }

    /// The routes still claimable with the trains left that the hand can pay for.
    fn payable_open(obs: &Observation<'_, '_>) -> RouteSet {
        obs.claimable_routes().and(ttr::payable_routes(obs.map(), &obs.hand()))
    }

    /// Tickets it still means to complete.
    fn pending(&self, obs: &Observation<'_, '_>) -> TicketSet {
        obs.tickets().minus(self.memory.abandoned)
    }

    /// Trains a new ticket plan may take: the trains left less a margin, and mid-game no
    /// more than the fewest trains an opponent has (a rough count of the time left).
    fn budget(obs: &Observation<'_, '_>) -> u32 {
        let me = obs.seat();
        let own = u32::from(obs.trains(me));
        let mut budget = own.saturating_sub(BUDGET_SLACK + own / BUDGET_SHARE);
        if obs.phase() == Phase::KeepTickets {
            for s in (0..obs.players()).map(|s| Seat(s as u8)).filter(|&s| s != me) {
                budget = budget.min(u32::from(obs.trains(s)));
            }
        }
        budget
    }

    /// Brings the plan up to date: drops what was claimed, and plans afresh when the
    /// tickets changed or a planned route is no longer open.
    fn refresh(&mut self, obs: &Observation<'_, '_>) {
        let map = obs.map();
        let board = Self::board(obs);
        if !self.memory.plan.routes.and(board.owned).is_empty() {
            self.memory.plan.routes = self.memory.plan.routes.minus(board.owned);
            self.memory.plan.trains =
                self.memory.plan.routes.iter().map(|r| u32::from(map.route(r).trains_needed())).sum();
        }
        let blocked = !self.memory.plan.routes.minus(board.open).is_empty();
        if obs.tickets() != self.memory.planned || blocked {
            self.replan(obs, board);
        }
    }

    /// Plans for every pending ticket; gives up unreachable tickets, then, while the plan
    /// needs more trains than are left, the ticket whose loss saves most trains per point.
    fn replan(&mut self, obs: &Observation<'_, '_>, board: Board) {
        let map = obs.map();
        let trains = u32::from(obs.trains(obs.seat()));
        self.memory.planned = obs.tickets();
        let pending = self.pending(obs);
        let mut plan = self.planner(map).plan_set(map, pending, board);
        self.memory.abandoned = self.memory.abandoned.or(plan.unreachable);
        while plan.trains > trains {
            let pending = self.pending(obs);
            let mut best: Option<(u32, _, Plan)> = None;
            for t in pending.iter() {
                let without = self.planner(map).plan_set(map, pending.without(t), board);
                let saved = plan.trains.saturating_sub(without.trains);
                if saved == 0 {
                    continue;
                }
                let rate = saved * 1000 / u32::from(map.ticket(t).points).max(1);
                if best.as_ref().is_none_or(|(b, _, _)| rate > *b) {
                    best = Some((rate, t, without));
                }
            }
            let Some((_, t, without)) = best else { break };
            self.memory.abandoned.insert(t);
            plan = without;
        }
        self.memory.plan = plan;
    }

    /// New tickets are worth drawing: trains to spare, and no one close to the end.
    fn wants_tickets(&self, obs: &Observation<'_, '_>) -> bool {
        obs.can_draw_tickets() && (0..obs.players()).all(|s| obs.trains(Seat(s as u8)) >= TICKET_TRAINS)
    }

    /// With no ticket to work for: the route worth most per card still missing, a quarter
    /// more when it touches its network (towards the longest-path or largest-network bonus);
    /// ties: the lowest route id.
    fn spend_target(&self, obs: &Observation<'_, '_>) -> RouteSet {
        let map = obs.map();
        let hand = obs.hand();
        let most = most_held(&hand);
        let board = Self::board(obs);
        let mut best: Option<(u32, RouteId)> = None;
        let mut network = CitySet::EMPTY;
        for r in board.owned.iter() {
            network.insert(map.route(r).a);
            network.insert(map.route(r).b);
        }
        // Groups of routes scoring fewer points follow: a route scoring `p` is worth at most
        // `50 p` (nothing missing, touching), so once that is below the best found, no
        // later route can match it.
        for &group in self.order().by_points.as_slice() {
            let points = group.first_item().map_or(0, |r| u32::from(map.route_score(r)));
            if best.is_some_and(|(s, _)| points * 20 * 5 / 2 < s) {
                break;
            }
            // A route's score is `worth / per` (rounded down), every route of the group
            // scoring `points`; it is compared without dividing: `worth / per > s` exactly
            // when `worth >= (s + 1) per`, and `== s` when `s per <= worth` and not that.
            for r in board.open.and(group).iter() {
                let route = map.route(r);
                let per = 2 + u32::from(route.length.saturating_sub(cover(map, r, &hand, most)));
                let touches = network.contains(route.a) || network.contains(route.b);
                let worth = points * 20 * (4 + u32::from(touches));
                if best.is_none_or(|(s, b)| worth >= (s + 1) * per || r < b && worth >= s * per) {
                    best = Some((worth / per, r));
                }
            }
        }
        best.map_or(RouteSet::EMPTY, |(_, r)| RouteSet::single(r))
    }

    /// The claim of the final turn: most route points plus twice the points of the tickets
    /// it completes (ties: the lowest route id).
    fn last_claim(&self, obs: &Observation<'_, '_>) -> Option<Action> {
        let map = obs.map();
        let hand = obs.hand();
        let board = Self::board(obs);
        let reserve = CardCounts::EMPTY;
        let hot = with_open_twins(map, self.memory.plan.routes, board.open);
        // The tickets not yet joined, by the networks of owned routes their two ends are in
        // and their points: a route joins one when it links those two networks.
        let mut unjoined =
            FixedList::<(CitySet, CitySet, u32), { TicketSet::CAPACITY }>::new((CitySet::EMPTY, CitySet::EMPTY, 0));
        for t in obs.tickets().minus(self.memory.abandoned).iter() {
            let ticket = map.ticket(t);
            let from = network_of(map, board.owned, ticket.a);
            if !from.contains(ticket.b) {
                unjoined.push((from, network_of(map, board.owned, ticket.b), u32::from(ticket.points)));
            }
        }
        let gain = |r: RouteId| {
            let mut gain = 2 * u32::from(map.route_score(r));
            if hot.contains(r) {
                let route = map.route(r);
                for &(from, to, points) in unjoined.as_slice() {
                    let links = |a, b| from.contains(a) && to.contains(b);
                    if links(route.a, route.b) || links(route.b, route.a) {
                        gain += 4 * points;
                    }
                }
            }
            gain
        };
        first_claim(Self::payable_open(obs), gain, |r| {
            best_payment(map, r, &hand, &reserve).map(|pay| Action::Claim { route: r, pay })
        })
    }

    /// Claims the target (or its open twin) it can pay for: the longest, or with `by_points`
    /// the best-scoring (ties: the lowest route id). A tunnel is tried only with a spare
    /// matching card, unless `late`.
    fn claim_best(&self, obs: &Observation<'_, '_>, targets: RouteSet, late: bool, by_points: bool) -> Option<Action> {
        let map = obs.map();
        let hand = obs.hand();
        let board = Self::board(obs);
        let tried = with_open_twins(map, targets, board.open).and(board.open);
        let most = most_held(&hand);
        let order = self.order();
        let groups = if by_points { &order.by_points } else { &order.by_length };
        // The cards the plan reserves, counted once a route may be paid for.
        let mut reserved = None;
        for &group in groups.as_slice() {
            for r in tried.and(group).iter().filter(|&r| may_pay(map, r, &hand, most)) {
                let reserve = reserved.get_or_insert_with(|| reserve(map, self.memory.plan.routes));
                let Some(pay) = best_payment(map, r, &hand, reserve) else { continue };
                if !map.route(r).tunnel || late || spare_for_tunnel(&hand, &pay) > 0 {
                    return Some(Action::Claim { route: r, pay });
                }
            }
        }
        None
    }

    /// What the targets lack once the hand is allotted to them, longest first.
    fn deficits(&self, obs: &Observation<'_, '_>) -> Deficits {
        let map = obs.map();
        let rules = &map.rules;
        let open = obs.open_to(obs.seat());
        let mut left = obs.hand();
        let mut d = Deficits::default();
        let by_length =
            self.order().by_length.as_slice().iter().flat_map(|&group| self.memory.targets.and(group).iter());
        for r in by_length {
            // Of a double route, the track the hand suits better.
            let r = match map.route(r).twin {
                Some(t) if open.contains(t) && shortfall(map, t, &left) < shortfall(map, r, &left) => t,
                _ => r,
            };
            let route = map.route(r);
            let from_locos = route.ferry_locos.min(left[Card::Loco]);
            left[Card::Loco] -= from_locos;
            d.loco += u32::from(route.ferry_locos - from_locos);
            let spaces = route.length - route.ferry_locos + u8::from(route.tunnel);
            let color = route.color.unwrap_or_else(|| most_held(&left));
            let had = left[color];
            let mut short = spaces - spaces.min(left[color]);
            left[color] -= spaces - short;
            if locos_on_color_spaces(route, rules) {
                let from_locos = short.min(left[Card::Loco]);
                left[Card::Loco] -= from_locos;
                short -= from_locos;
            }
            if route.color.is_none() && had == 0 {
                d.gray_any += u32::from(short);
            } else {
                d.color[color.index()] += short;
            }
        }
        d
    }

    /// Nothing useful can be drawn: any face-up card, else the best-scoring claim, else the
    /// first legal action.
    fn fallback(&self, obs: &Observation<'_, '_>) -> Action {
        if let Some(slot) = (0..MARKET_SLOTS as u8).find(|&slot| obs.may_take_face_up(slot)) {
            return Action::TakeFaceUp(slot);
        }
        if obs.phase() == Phase::Turn {
            if let Some(claim) = self.claim_best(obs, Self::payable_open(obs), true, true) {
                return claim;
            }
        }
        obs.legal_actions().expect("asked to move when not to move").get(0)
    }
}

impl PhasePolicy for Greedy {
    fn keep(&mut self, obs: &Observation<'_, '_>) -> Action {
        let map = obs.map();
        self.set_up(map);
        let board = Self::board(obs);
        let pending = self.pending(obs);
        let budget = Self::budget(obs);
        let offer = obs.offer();
        let keep = keep_range(obs);
        Action::Keep(self.planner(map).choose_keep(map, offer.tickets(), keep, pending, board, budget))
    }

    fn turn(&mut self, obs: &Observation<'_, '_>) -> Action {
        self.set_up(obs.map());
        self.refresh(obs);
        let final_round = obs.final_turns_left().is_some();
        let ending = final_round || (0..obs.players()).any(|s| obs.trains(Seat(s as u8)) <= ENDING_TRAINS);
        if final_round {
            if let Some(action) = self.last_claim(obs) {
                return with_province(obs, action, true);
            }
        }
        let spending = self.memory.plan.routes.is_empty();
        if spending && !ending && self.wants_tickets(obs) {
            return Action::DrawTickets;
        }
        self.memory.targets = if spending { self.spend_target(obs) } else { self.memory.plan.routes };
        if let Some(action) = self.claim_best(obs, self.memory.targets, ending, false) {
            return with_province(obs, action, final_round);
        }
        let deficits = self.deficits(obs);
        let short = deficits.total();
        if ending && (spending || short > LATE_DEFICIT) {
            if let Some(action) = self.claim_best(obs, Self::payable_open(obs), true, true) {
                return with_province(obs, action, final_round);
            }
        }
        match express_for_cards(obs, short) {
            Some(express) if !ending => express,
            _ => self.draw_for(obs, &deficits),
        }
    }

    /// A card draw towards the targets.
    fn draw(&mut self, obs: &Observation<'_, '_>) -> Action {
        self.set_up(obs.map());
        let deficits = self.deficits(obs);
        self.draw_for(obs, &deficits)
    }
}

impl Greedy {
    /// A card draw towards the targets, `d` being their [`Greedy::deficits`].
    fn draw_for(&self, obs: &Observation<'_, '_>, d: &Deficits) -> Action {
        let hand = obs.hand();
        // Of the face-up colour cards, the one missing most and the one held most, each the
        // first slot on ties ([`first_most`] keys).
        let (mut want_key, mut held_key) = (0, 0);
        for (slot, card) in obs.market().iter().enumerate() {
            let Some(card) = card.filter(|c| !c.is_loco()) else { continue };
            want_key = want_key.max(first_most(d.color[card.index()], slot));
            held_key = held_key.max(first_most(hand[card], slot));
        }
        let best = (want_key >> 8 > 0).then(|| (want_key >> 8, index_of(want_key) as u8));
        let any_color = (held_key > 0).then(|| index_of(held_key) as u8);
        let rules = &obs.map().rules;
        if let Some(slot) = takeable_slot(obs, Card::Loco) {
            let wanted = d.loco > 0 && best.is_none_or(|(w, _)| d.loco >= w);
            let worth_two = rules.face_up_loco_ends_draw
                && best.is_none()
                && d.total() > 0
                && d.colors_short() <= usize::from(self.loco_colors);
            if wanted || worth_two {
                return Action::TakeFaceUp(slot);
            }
        }
        if let Some((_, slot)) = best {
            return Action::TakeFaceUp(slot);
        }
        if d.gray_any > 0 {
            if let Some(slot) = any_color {
                return Action::TakeFaceUp(slot);
            }
        }
        if obs.can_draw_blind() {
            return Action::DrawBlind;
        }
        self.fallback(obs)
    }
}

/// On a map with a provinces board, the same claim with a train placed on it (one train
/// for up to 10 points a line): with no express card, or in the final round with the
/// biggest one left (unused cards are worth nothing at the end). Other maps: unchanged.
pub(crate) fn with_province(obs: &Observation<'_, '_>, action: Action, final_round: bool) -> Action {
    let Action::Claim { route, pay } = action else { return action };
    if obs.map().rules.provinces.is_none() {
        return action;
    }
    let wanted_express = if final_round { obs.express_cards(obs.seat()).max().unwrap_or(0) } else { 0 };
    let Some(legal) = obs.legal_actions() else { return action };
    let placing = |express: u8| Action::ClaimProvince { route, pay, line: province_line(obs, route, pay), express };
    let options = [placing(wanted_express), placing(0)];
    options.into_iter().find(|&a| legal.is_legal(a)).unwrap_or(action)
}

/// The provinces line for a claim: the route's colour, or for a gray route the colour paid.
fn province_line(obs: &Observation<'_, '_>, route: RouteId, pay: CardCounts) -> Card {
    obs.map().route(route).color.or(pay.single_color()).unwrap_or(Card::Red)
}

/// An express card for extra blind cards when the plan is short of at least that many
/// cards more: the smallest that fits, keeping the biggest for a provinces placement.
fn express_for_cards(obs: &Observation<'_, '_>, short: u32) -> Option<Action> {
    let biggest = obs.express_cards(obs.seat()).max()?;
    let value = obs.express_cards(obs.seat()).filter(|&v| v < biggest && u32::from(v) < short).min()?;
    let action = Action::ExpressCards(value);
    is_legal(obs, action).then_some(action)
}

/// The colour held most (ties: [`Card::COLORS`] order).
fn most_held(hand: &CardCounts) -> Card {
    let best = Card::COLORS.iter().enumerate().map(|(i, &c)| first_most(hand[c], i)).max().expect("there are colours");
    Card::COLORS[index_of(best)]
}

/// A key whose maximum over items `index` (below 256) picks the greatest `count`, then the
/// lowest index: `count << 8 | (255 - index)`. Taking a maximum of keys compiles without
/// branches, which counts such as a hand's mispredict. [`index_of`] reads the index back.
fn first_most(count: u8, index: usize) -> u32 {
    u32::from(count) << 8 | (255 - index as u32)
}

/// The index a [`first_most`] key was made with.
fn index_of(key: u32) -> usize {
    255 - (key & 0xFF) as usize
}

/// Cards of the hand that can fill `r`'s spaces in its best colour, `most` being
/// [`most_held`] of the hand.
fn cover(map: &Map, r: RouteId, hand: &CardCounts, most: Card) -> u8 {
    let route = map.route(r);
    let color = route.color.unwrap_or(most);
    let locos = if locos_on_color_spaces(route, &map.rules) {
        hand[Card::Loco]
    } else {
        route.ferry_locos.min(hand[Card::Loco])
    };
    (hand[color] + locos).min(route.length)
}

/// Whether `hand` may pay for `r`, `most` being [`most_held`] of the hand: false only when
/// it has no payment, and exact for routes with substitute payments. Without them a route
/// takes its length in cards of one colour and locomotives, and locomotives only where
/// [`cover`] counts them.
fn may_pay(map: &Map, r: RouteId, hand: &CardCounts, most: Card) -> bool {
    let route = map.route(r);
    if has_substitutes(route, &map.rules) {
        ttr::can_pay(route, hand, &map.rules)
    } else {
        cover(map, r, hand, most) >= route.length
    }
}

/// Cards `r` still needs beyond what the hand covers.
fn shortfall(map: &Map, r: RouteId, hand: &CardCounts) -> u8 {
    map.route(r).length - cover(map, r, hand, most_held(hand))
}

/// Colour cards the planned coloured routes take, by colour.
fn reserve(map: &Map, plan: RouteSet) -> CardCounts {
    let mut need = CardCounts::EMPTY;
    for r in plan.iter() {
        let route = map.route(r);
        if let Some(c) = route.color {
            need[c] = need[c].saturating_add(route.length - route.ferry_locos);
        }
    }
    need
}

/// The first claim `claim` makes of `routes` tried by descending `key`, on equal keys by
/// ascending route id: the claim of the route with the greatest key among those `claim`
/// accepts, the lowest id on ties. Only the routes before it are tried.
fn first_claim(
    routes: RouteSet,
    key: impl Fn(RouteId) -> u32,
    mut claim: impl FnMut(RouteId) -> Option<Action>,
) -> Option<Action> {
    let mut left = routes;
    loop {
        let mut best: Option<(u32, RouteId)> = None;
        for r in left.iter() {
            let k = key(r);
            if best.is_none_or(|(b, _)| k > b) {
                best = Some((k, r));
            }
        }
        let (_, r) = best?;
        if let Some(action) = claim(r) {
            return Some(action);
        }
        left = left.without(r);
    }
}

/// Matching cards left in hand after laying `pay` for a tunnel.
fn spare_for_tunnel(hand: &CardCounts, pay: &CardCounts) -> u8 {
    let locos = hand[Card::Loco] - pay[Card::Loco];
    match pay.single_color() {
        Some(c) => hand[c] - pay[c] + locos,
        None => locos,
    }
}

/// The legal payment for `r` with the fewest locomotives: a locomotive counts as three
/// cards, then fewer locomotives, then fewer cards of colours in `reserve` win.
fn best_payment(map: &Map, r: RouteId, hand: &CardCounts, reserve: &CardCounts) -> Option<CardCounts> {
    let route = map.route(r);
    let rules = &map.rules;
    let payments = ttr::RoutePayments::new(route, hand, rules);
    let mut best: Option<((u32, u8, u32), CardCounts)> = None;
    for k in 0..payments.len() {
        let pay = payments.get(k);
        let locos = pay[Card::Loco];
        let reserved: u32 = Card::COLORS.iter().map(|&c| u32::from(pay[c].min(reserve[c]))).sum();
        let key = (pay.total() + 2 * u32::from(locos), locos, reserved);
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, pay));
        }
    }
    best.map(|(_, pay)| pay)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn may_pay_refuses_only_routes_without_a_payment_on_real_maps() {
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/{name}.toml"));
            let map = Map::load(&path).expect("a project map");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(19);
            let (mut refused, mut paid) = (0, 0);
            for _ in 0..500 {
                let mut hand = CardCounts::EMPTY;
                for _ in 0..rng.random_range(0..16) {
                    hand[Card::ALL[rng.random_range(0..Card::ALL.len())]] += 1;
                }
                let most = most_held(&hand);
                for r in map.all_routes().iter() {
                    let payable = !ttr::RoutePayments::new(map.route(r), &hand, &map.rules).is_empty();
                    let may = may_pay(&map, r, &hand, most);
                    assert!(may || !payable, "{name}: {r:?} refused with {hand:?}");
                    if has_substitutes(map.route(r), &map.rules) {
                        assert_eq!(may, payable, "{name}: {r:?} (substitutes) with {hand:?}");
                    }
                    refused += usize::from(!may);
                    paid += usize::from(payable);
                }
            }
            assert!(refused > 1000 && paid > 1000, "{name}: {refused} refused, {paid} payable");
        }
    }
}
