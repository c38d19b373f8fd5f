//! The greedy bot's planner: the cheapest set of routes joining a set of tickets, and which
//! tickets of an offer to keep.
//!
//! A plan is a Steiner-forest heuristic: tickets are joined one after the other, most
//! valuable first, each by a shortest path on which the seat's own routes and the routes
//! already planned cost nothing, so later tickets reuse the network. A route's cost counts
//! its trains (mountains included) and one claim, less its points (long routes score more
//! per train, so a path over them is worth a few more trains), plus the harder cards of
//! ferries and tunnels.
//!
//! The plan of the first `k` tickets of a set, most valuable first, is the plan of the set
//! of those `k` tickets. So [`Planner::plan_set`] remembers the plans of the sets it
//! planned, each with its board (in a table by hash: a new plan may take an old one's
//! place), and starts a set from the plan of its longest prefix it knows on the same board:
//! the alternatives of a ticket keep, the tickets less one that the greedy bot weighs, the
//! plan after a keep, and the plans of playouts that start from one position share most of
//! their work. Tickets the owned routes join already are left out: they add nothing.

use std::ops::RangeInclusive;

use ttr::{CitySet, Map, RouteId, RouteSet, TicketId, TicketSet};

use crate::graph::Paths;

/// Most routes a map may have.
const MAX_ROUTES: usize = RouteSet::CAPACITY;

/// Search cost of one train.
const PER_TRAIN: u32 = 4;
/// Search cost of one claim (a turn).
const PER_CLAIM: u32 = 2;
/// Search gain of one point the route scores: long routes score more per train, so a path
/// over them is worth a few more trains.
const PER_POINT: u32 = 2;
/// Search cost of one locomotive a ferry requires.
const PER_FERRY_LOCO: u32 = 3;
/// Search cost of a tunnel's likely surcharge.
const PER_TUNNEL: u32 = 2;

/// The routes a set of tickets still needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Routes to claim (none of them owned yet).
    pub routes: RouteSet,
    /// Trains those routes take from the supply.
    pub trains: u32,
    /// Their total search cost.
    pub cost: u32,
    /// Points they score.
    pub points: u32,
    /// Tickets that cannot be joined over the usable routes.
    pub unreachable: TicketSet,
}

/// Ticket-set plans a planner remembers unless made with [`Planner::with_memo`] (a power
/// of two).
const MEMO: usize = 64;

/// Plans routes for tickets; owns its search buffers, the per-map route costs and the
/// plans of the ticket sets it planned.
#[derive(Clone, Debug)]
pub struct Planner {
    paths: Paths,
    cost: [u16; MAX_ROUTES],
    /// The search weights of the plan being made: each route's cost, nothing for the
    /// routes it may use for free (owned, or planned already). A table read per route the
    /// search follows, instead of a set lookup.
    weights: [u16; MAX_ROUTES],
    memo: Memo,
    /// The owned routes of a board planned on, and the map's tickets they join already
    /// ([`Planner::joined_by`]).
    joined: (RouteSet, TicketSet),
}

/// Plans of ticket sets on their boards, as [`Planner::plan_set`] makes them, in a table
/// indexed by a hash of the board and the set: a new plan takes the place of the one in its
/// slot. A lookup costs the same whatever the size of the table, so a search's playout
/// bots, whose playouts start from the same position again and again, keep a large one
/// ([`Planner::with_memo`]).
#[derive(Clone, Debug)]
struct Memo {
    /// The table, unless `large` is given.
    inline: [Entry; MEMO],
    /// A larger table (a power of two long), on the heap.
    large: Option<Box<[Entry]>>,
}

/// One remembered plan; the empty set (never remembered) marks a free slot.
#[derive(Clone, Copy, Debug)]
struct Entry {
    board: Board,
    set: TicketSet,
    plan: Plan,
}

impl Memo {
    /// A memo of at least `plans` plans: the inline table, or a larger one.
    fn new(plans: usize) -> Memo {
        let nothing = Board { owned: RouteSet::EMPTY, open: RouteSet::EMPTY };
        let free = Entry { board: nothing, set: TicketSet::EMPTY, plan: Plan::default() };
        let large = (plans > MEMO).then(|| vec![free; plans.next_power_of_two()].into_boxed_slice());
        Memo { inline: [free; MEMO], large }
    }

    fn table(&self) -> &[Entry] {
        self.large.as_deref().unwrap_or(&self.inline)
    }

    /// The slot of `set` on `board` in a table of `len` entries (a power of two).
    fn slot(board: Board, set: TicketSet, len: usize) -> usize {
        let fold = |x: u128| (x as u64) ^ (x >> 64) as u64;
        let mixed = (fold(board.owned.0).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ fold(board.open.0) ^ set.0)
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (mixed >> (64 - len.trailing_zeros())) as usize
    }

    /// The longest of `prefixes` (`prefixes[k]` holds `k` tickets) whose plan on `board`
    /// is remembered, as `k` and that plan (never the empty set).
    fn longest(&self, board: Board, prefixes: &[TicketSet]) -> Option<(usize, Plan)> {
        let table = self.table();
        (1..prefixes.len()).rev().find_map(|k| {
            let entry = &table[Memo::slot(board, prefixes[k], table.len())];
            (entry.set == prefixes[k] && entry.board == board).then_some((k, entry.plan))
        })
    }

    /// Remembers the plan of `set` (not empty) on `board`.
    fn put(&mut self, board: Board, set: TicketSet, plan: Plan) {
        let table = self.large.as_deref_mut().unwrap_or(&mut self.inline);
        let slot = Memo::slot(board, set, table.len());
        table[slot] = Entry { board, set, plan };
    }
}

/// What the seat has to plan with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Routes the seat owns (free to use).
    pub owned: RouteSet,
    /// Routes the seat may still claim with its trains left.
    pub open: RouteSet,
}

impl Planner {
    /// A planner for `map`: route costs are computed once here.
    #[must_use]
    pub fn new(map: &Map) -> Planner {
        Planner::with_memo(map, MEMO)
    }

    /// A planner for `map` that remembers the plans of at least `plans` ticket sets
    /// (beyond 64, in a table on the heap). It plans exactly as [`Planner::new`] does,
    /// only faster where plans recur, as in the playouts of a search.
    #[must_use]
    pub fn with_memo(map: &Map, plans: usize) -> Planner {
        let mut cost = [0u16; MAX_ROUTES];
        for (i, r) in map.routes().iter().enumerate() {
            let c = (PER_TRAIN * u32::from(r.trains_needed()) + PER_CLAIM)
                .saturating_sub(PER_POINT * u32::from(map.route_score(RouteId(i as u8))))
                .max(1)
                + PER_FERRY_LOCO * u32::from(r.ferry_locos)
                + if r.tunnel { PER_TUNNEL } else { 0 };
            cost[i] = c as u16;
        }
        let joined = (RouteSet::EMPTY, TicketSet::EMPTY);
        Planner { paths: Paths::new(), cost, weights: cost, memo: Memo::new(plans), joined }
    }

    /// Search cost of claiming `r`.
    #[must_use]
    pub fn cost(&self, r: RouteId) -> u32 {
        u32::from(self.cost[r.index()])
    }

    /// The routes joining `tickets`, taken in the given order. Tickets already joined by
    /// owned routes need nothing; tickets that cannot be joined are listed as unreachable.
    pub fn plan(&mut self, map: &Map, tickets: &[TicketId], board: Board) -> Plan {
        let mut plan = Plan::default();
        self.free_weights(board.owned);
        for &t in tickets {
            self.join(map, t, board, &mut plan);
        }
        plan
    }

    /// Sets the search weights to the routes' costs, nothing for the routes of `free`.
    fn free_weights(&mut self, free: RouteSet) {
        self.weights = self.cost;
        for r in free.iter() {
            self.weights[r.index()] = 0;
        }
    }

    /// Adds to `plan` the routes joining ticket `t` (see [`Planner::plan`]); the search
    /// weights must leave the owned and planned routes free ([`Planner::free_weights`]),
    /// and leave the routes it adds free too.
    fn join(&mut self, map: &Map, t: TicketId, board: Board, plan: &mut Plan) {
        let ticket = map.ticket(t);
        let usable = board.open.or(board.owned);
        let free = board.owned.or(plan.routes);
        let weights = &self.weights;
        let weight = |r: RouteId| weights[r.index()];
        let found = self.paths.search(map, usable, weight, CitySet::single(ticket.a), CitySet::single(ticket.b));
        if found.is_none() {
            plan.unreachable.insert(t);
            return;
        }
        for r in self.paths.path_to(map, ticket.b).minus(free).iter() {
            self.weights[r.index()] = 0;
            plan.routes.insert(r);
            plan.trains += u32::from(map.route(r).trains_needed());
            plan.cost += self.cost(r);
            plan.points += u32::from(map.route_score(r));
        }
    }

    /// [`Planner::plan`] for a set of tickets, most valuable first (ties: board order).
    /// Equal to planning from scratch: it leaves out the tickets the owned routes join
    /// already (their paths cost nothing and add no route), and resumes from the remembered
    /// plan of the longest prefix of that order planned before on the same `board` (with
    /// this planner, so on the same map).
    pub fn plan_set(&mut self, map: &Map, tickets: TicketSet, board: Board) -> Plan {
        let tickets = tickets.minus(self.joined_by(map, board.owned));
        let mut order = [TicketId(0); TicketSet::CAPACITY];
        let n = by_value(map, tickets, &mut order);
        let mut prefix = [TicketSet::EMPTY; TicketSet::CAPACITY + 1];
        for i in 0..n {
            prefix[i + 1] = prefix[i].with(order[i]);
        }
        let (start, mut plan) = self.memo.longest(board, &prefix[..=n]).unwrap_or_default();
        if start < n {
            self.free_weights(board.owned.or(plan.routes));
        }
        for i in start..n {
            self.join(map, order[i], board, &mut plan);
            self.memo.put(board, prefix[i + 1], plan);
        }
        plan
    }

    /// The tickets of the map whose two cities `owned` joins, worked out again only when
    /// `owned` changes.
    fn joined_by(&mut self, map: &Map, owned: RouteSet) -> TicketSet {
        if self.joined.0 != owned {
            // Each city's network over `owned`, found once per network from a ticket's end.
            let mut network = [CitySet::EMPTY; CitySet::CAPACITY];
            let mut joined = TicketSet::EMPTY;
            for (i, t) in map.tickets().iter().enumerate() {
                if network[t.a.index()].is_empty() {
                    let net = ttr::network_of(map, owned, t.a);
                    net.iter().for_each(|c| network[c.index()] = net);
                }
                if network[t.a.index()].contains(t.b) {
                    joined.insert(TicketId(i as u8));
                }
            }
            self.joined = (owned, joined);
        }
        self.joined.1
    }

    /// The keep mask for `offer` (keeping a count in `keep`) given the tickets still pending:
    /// the combination that scores best, `points kept - trains planned`, among those
    /// whose new tickets are all reachable and whose plan fits in `budget` trains; with
    /// none fitting, the smallest allowed combination that overshoots least, then loses
    /// least.
    pub fn choose_keep(
        &mut self,
        map: &Map,
        offer: &[TicketId],
        keep: RangeInclusive<u8>,
        pending: TicketSet,
        board: Board,
        budget: u32,
    ) -> u8 {
        let min = *keep.start();
        let mut best: Option<(i64, u8)> = None;
        let mut fallback: Option<((u32, u32, u32), u8)> = None;
        for mask in crate::common::keep_masks(offer.len(), keep) {
            let mut chosen = TicketSet::EMPTY;
            let mut points = 0u32;
            for (i, &t) in offer.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    chosen.insert(t);
                    points += u32::from(map.ticket(t).points);
                }
            }
            let plan = self.plan_set(map, pending.or(chosen), board);
            let lost: u32 = plan.unreachable.and(chosen).iter().map(|t| u32::from(map.ticket(t).points)).sum();
            if lost == 0 && plan.trains <= budget {
                let score = i64::from(points) - i64::from(plan.trains);
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, mask));
                }
            } else if mask.count_ones() == u32::from(min) {
                let key = (lost, plan.trains.saturating_sub(budget), points);
                if fallback.is_none_or(|(k, _)| key < k) {
                    fallback = Some((key, mask));
                }
            }
        }
        best.map(|(_, mask)| mask).or(fallback.map(|(_, mask)| mask)).unwrap_or(1)
    }
}

/// Writes the tickets of `set` into `out`, most points first (ties: board order); returns
/// how many.
pub fn by_value(map: &Map, set: TicketSet, out: &mut [TicketId; TicketSet::CAPACITY]) -> usize {
    let mut n = 0;
    for t in set.iter() {
        out[n] = t;
        n += 1;
    }
    out[..n].sort_unstable_by_key(|&t| (std::cmp::Reverse(map.ticket(t).points), t));
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A small board. Search costs: a length-2 route 6, the 6-long West-East 1 (it scores
    /// 15), the West-North ferry 9, the East-South doubles 4, the West-South mountain route 18.
    const SMALL: &str = r#"
name = "small"
title = "small"
cities = [
  { name = "West", x = 0.0, y = 0.5 },
  { name = "Mid", x = 0.5, y = 0.5 },
  { name = "East", x = 1.0, y = 0.5 },
  { name = "North", x = 0.5, y = 0.0 },
  { name = "South", x = 0.5, y = 1.0 },
]
routes = [
  { a = "West", b = "Mid", length = 2, color = "blue" },
  { a = "Mid", b = "East", length = 2, color = "gray" },
  { a = "West", b = "East", length = 6, color = "red" },
  { a = "Mid", b = "North", length = 2, color = "green" },
  { a = "West", b = "North", length = 2, color = "black", ferry_locos = 1 },
  { a = "East", b = "South", length = 1, color = "white", double = 1 },
  { a = "East", b = "South", length = 1, color = "pink", double = 1 },
  { a = "West", b = "South", length = 2, color = "orange", mountains = 3 },
]
tickets = [
  { a = "West", b = "East", points = 9 },
  { a = "West", b = "North", points = 5 },
  { a = "East", b = "North", points = 6 },
  { a = "West", b = "South", points = 8 },
  { a = "North", b = "South", points = 7 },
  { a = "Mid", b = "South", points = 4 },
  { a = "West", b = "East", points = 9 },
  { a = "West", b = "North", points = 5 },
  { a = "East", b = "North", points = 6 },
  { a = "West", b = "South", points = 8 },
]
[rules]
players = [2, 2]
trains = 45
turn_cap = 1000
route_points = [[1, 1], [2, 2], [3, 4], [4, 7], [5, 10], [6, 15]]
deck = { per_color = 12, locos = 14 }
locos = "wild"
face_up_loco_ends_draw = true
loco_reset = true
doubles_both_from = 4
setup_tickets = { deal = 3, keep = 2, returned = "bottom" }
draw_tickets = { deal = 3, keep = 1, returned = "bottom" }
"#;

    fn small() -> Map {
        Map::from_toml(SMALL, Path::new("test.toml")).expect("valid test map")
    }

    fn set(ids: &[u8]) -> RouteSet {
        ids.iter().map(|&i| RouteId(i)).collect()
    }

    #[test]
    fn joins_a_ticket_by_the_cheapest_path() {
        let map = small();
        let mut planner = Planner::new(&map);
        let all = map.all_routes();
        let plan = planner.plan(&map, &[TicketId(0)], Board { owned: RouteSet::EMPTY, open: all });
        assert_eq!(plan.routes, set(&[2]), "the 6-long route (15 points) beats two 2-long ones");
        assert_eq!((plan.trains, plan.cost), (6, 1));
        // With it taken, the way through Mid is next.
        let plan = planner.plan(&map, &[TicketId(0)], Board { owned: RouteSet::EMPTY, open: all.without(RouteId(2)) });
        assert_eq!(plan.routes, set(&[0, 1]));
        assert_eq!((plan.trains, plan.cost), (4, 12));
    }

    #[test]
    fn reuses_owned_and_planned_routes() {
        let map = small();
        let mut planner = Planner::new(&map);
        let open = map.all_routes().without(RouteId(2));
        // West-North alone takes the ferry (9) rather than the way through Mid (12).
        let alone = planner.plan(&map, &[TicketId(1)], Board { owned: RouteSet::EMPTY, open });
        assert_eq!(alone.routes, set(&[4]));
        // With West-Mid-East planned first, West-North only adds Mid-North.
        let both = planner.plan(&map, &[TicketId(0), TicketId(1)], Board { owned: RouteSet::EMPTY, open });
        assert_eq!(both.routes, set(&[0, 1, 3]));
        assert_eq!(both.trains, 6);
        // Owning West-Mid makes it free.
        let owned = set(&[0]);
        let plan = planner.plan(&map, &[TicketId(0)], Board { owned, open: open.minus(owned) });
        assert_eq!((plan.routes, plan.trains), (set(&[1]), 2));
        // A ticket already joined needs nothing.
        let owned = set(&[0, 1]);
        let plan = planner.plan(&map, &[TicketId(0)], Board { owned, open: open.minus(owned) });
        assert_eq!(plan, Plan::default());
    }

    #[test]
    fn counts_mountains_and_reports_unreachable_tickets() {
        let map = small();
        let mut planner = Planner::new(&map);
        // West-South: through East (6 + 1 trains, cost 5) beats the mountain route (cost 18).
        let plan = planner.plan(&map, &[TicketId(3)], Board { owned: RouteSet::EMPTY, open: map.all_routes() });
        assert_eq!((plan.routes, plan.trains), (set(&[2, 5]), 7));
        // East cut off from West: the mountain route, 2 spaces + 3 mountains = 5 trains.
        let open = map.all_routes().minus(set(&[1, 2]));
        let plan = planner.plan(&map, &[TicketId(3)], Board { owned: RouteSet::EMPTY, open });
        assert_eq!((plan.routes, plan.trains), (set(&[7]), 5));
        // South cut off entirely.
        let open = map.all_routes().minus(set(&[5, 6, 7]));
        let plan = planner.plan(&map, &[TicketId(3), TicketId(0)], Board { owned: RouteSet::EMPTY, open });
        assert_eq!(plan.unreachable, TicketSet::single(TicketId(3)));
        assert_eq!(plan.routes, set(&[2]));
    }

    #[test]
    fn keeps_tickets_that_share_routes_and_fit_the_budget() {
        let map = small();
        let mut planner = Planner::new(&map);
        let board = Board { owned: RouteSet::EMPTY, open: map.all_routes() };
        // West-East (9), West-North (5), East-North (6) all ride West-East and the ferry.
        let offer = [TicketId(0), TicketId(1), TicketId(2)];
        assert_eq!(planner.choose_keep(&map, &offer, 2..=3, TicketSet::EMPTY, board, 30), 0b111);
        // With a budget of 6 trains nothing fits: keep the pair that overshoots least, then loses least.
        assert_eq!(planner.choose_keep(&map, &offer, 2..=3, TicketSet::EMPTY, board, 6), 0b110);
        // Unreachable tickets are never kept by choice.
        let open = map.all_routes().minus(set(&[5, 6, 7]));
        let board = Board { owned: RouteSet::EMPTY, open };
        let offer = [TicketId(3), TicketId(4), TicketId(1)];
        assert_eq!(planner.choose_keep(&map, &offer, 1..=3, TicketSet::EMPTY, board, 30), 0b100);
    }
}
