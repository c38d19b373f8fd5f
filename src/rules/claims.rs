//! Claiming a route and paying for it (docs/rules.md 1, 2, 3): which routes the seat may claim
//! (unclaimed, not the closed twin of a double route, trains enough), what pays for them,
//! and what a claim changes. Checking a payment, and enumerating the canonical ones.
//!
//! A payment is the [`CardCounts`] laid down. Canonical payments are "cards of one colour
//! plus locomotives"; they are what [`crate::LegalActions`] generates. [`is_valid_payment`]
//! also accepts the substitutes some maps allow (any N cards for one required locomotive,
//! any N cards for one colour card).

use crate::action::{Event, EventSink};
use crate::bitset::RouteSet;
use crate::by_seat::BySeat;
use crate::card::{Card, CardCounts};
use crate::ids::{RouteId, Seat};
use crate::lanes::{lanes_not_above, saturating_sub_lanes, LANES, LANE_TOPS, LOW_NIBBLES};
use crate::legal::classes_in;
use crate::map::{Map, Route, MAX_ROUTE_LENGTH};
use crate::observation::Observation;
use crate::rule_set::{LocoUse, Rules};
use crate::rules::ferries;
use crate::state::GameState;

/// Whether locomotives may fill the colour spaces of `route` under `rules`.
#[must_use]
pub fn locos_on_color_spaces(route: &Route, rules: &Rules) -> bool {
    rules.locos == LocoUse::Wild || route.ferry_locos > 0 || route.tunnel
}

/// Whether `route` may be paid with cards that stand in for its spaces (any-colour cards, or
/// cards in place of its ferry locomotives); without them a payment is the route's length in
/// cards of one colour and locomotives.
#[must_use]
pub fn has_substitutes(route: &Route, rules: &Rules) -> bool {
    route.any_cards > 0 || (rules.ferry_substitute > 0 && route.ferry_locos > 0)
}

/// Whether `pay` is a complete, exact payment for `route` (the tunnel surcharge aside).
#[must_use]
pub fn is_valid_payment(route: &Route, pay: &CardCounts, rules: &Rules) -> bool {
    if !has_substitutes(route, rules) {
        return pays_directly(route, pay, rules);
    }
    route_colors(route).iter().any(|&c| pays_in_color(route, pay, c, rules))
}

/// [`is_valid_payment`] for a route without substitutes, where every card sits on a space:
/// the route's length in cards of one colour it takes and locomotives, the locomotives on
/// its ferry spaces and, where [`locos_on_color_spaces`] allows, on colour spaces too.
fn pays_directly(route: &Route, pay: &CardCounts, rules: &Rules) -> bool {
    let one_color = match pay.single_color() {
        Some(c) => route.color.is_none_or(|own| own == c),
        None => pay.colored() == 0,
    };
    let locos = pay[Card::Loco];
    one_color
        && pay.total() == u32::from(route.length)
        && locos >= route.ferry_locos
        && (locos == route.ferry_locos || locos_on_color_spaces(route, rules))
}

/// Whether `pay` pays `route` with `color` on its colour spaces.
fn pays_in_color(route: &Route, pay: &CardCounts, color: Card, rules: &Rules) -> bool {
    let total = pay.total();
    let length = u32::from(route.length);
    let ferry = u32::from(route.ferry_locos);
    let locos = u32::from(pay[Card::Loco]);
    let in_color = u32::from(pay[color]);
    let loco_sub = u32::from(rules.ferry_substitute);
    let any_sub = u32::from(route.any_cards);
    let wild = locos_on_color_spaces(route, rules);
    // Choose how many locomotive spaces (s_f) and colour spaces (s_c) are filled by
    // substitute groups; every other card must sit directly on a space.
    let max_sf = if loco_sub > 0 { ferry } else { 0 };
    let max_sc = if any_sub > 0 { length - ferry } else { 0 };
    for s_f in 0..=max_sf {
        for s_c in 0..=max_sc {
            let direct_locos = ferry - s_f;
            let color_spaces = length - ferry - s_c;
            if total != direct_locos + color_spaces + loco_sub * s_f + any_sub * s_c {
                continue;
            }
            if locos < direct_locos {
                continue;
            }
            let spare_locos = if wild { locos - direct_locos } else { 0 };
            if in_color + spare_locos < color_spaces {
                continue;
            }
            // Cards not placed directly form the substitute groups, any kind allowed; with
            // no substitutes every card must be placed, so other colours are not allowed.
            let other = total - in_color - locos;
            if s_f == 0 && s_c == 0 && other > 0 {
                continue;
            }
            return true;
        }
    }
    false
}

/// How many canonical payments of `route` with `color` on the colour spaces `hand` allows,
/// all-locomotive payments excluded (see [`all_loco_payment`]).
#[must_use]
pub fn color_payment_count(route: &Route, color: Card, hand: &CardCounts, rules: &Rules) -> u32 {
    match loco_range(route, color, hand, rules) {
        Some((lo, hi)) => u32::from(hi - lo + 1),
        None => 0,
    }
}

/// The `k`-th canonical payment in `color` (locomotives ascending); `k` must be below
/// [`color_payment_count`].
#[must_use]
pub fn color_payment(route: &Route, color: Card, hand: &CardCounts, rules: &Rules, k: u32) -> CardCounts {
    let (lo, _) = loco_range(route, color, hand, rules).expect("color_payment: no payment in this colour");
    let locos = lo + k as u8;
    CardCounts::of(color, route.length - locos).with(Card::Loco, locos)
}

/// The payment entirely in locomotives, if the hand and rules allow it.
#[must_use]
pub fn all_loco_payment(route: &Route, hand: &CardCounts, rules: &Rules) -> Option<CardCounts> {
    let allowed = locos_on_color_spaces(route, rules) || route.ferry_locos == route.length;
    (allowed && hand[Card::Loco] >= route.length).then(|| CardCounts::of(Card::Loco, route.length))
}

/// The colours a route may be paid in: its own, or all eight for gray.
#[must_use]
pub fn route_colors(route: &Route) -> &'static [Card] {
    match route.color {
        Some(c) => std::slice::from_ref(&Card::COLORS[c.index()]),
        None => &Card::COLORS,
    }
}

/// Number of canonical payments for `route` with this hand: every colour, then
/// all-locomotive, then the substitute payments (any cards standing in for a required
/// locomotive or colour card).
#[must_use]
pub fn payment_count(route: &Route, hand: &CardCounts, rules: &Rules) -> u32 {
    RoutePayments::new(route, hand, rules).len()
}

/// The `k`-th canonical payment, in the order of [`payment_count`].
#[must_use]
pub fn nth_payment(route: &Route, hand: &CardCounts, rules: &Rules, k: u32) -> CardCounts {
    // The substitute payments are listed only when `k` reaches them.
    direct_payment(route, hand, rules, k)
        .unwrap_or_else(|k| ferries::substitute_payments(route, hand, rules).as_slice()[k as usize])
}

/// Whether `hand` can pay for `route` (it has [`RoutePayments`]), decided without listing
/// any payment.
#[must_use]
pub fn can_pay(route: &Route, hand: &CardCounts, rules: &Rules) -> bool {
    direct_payment_count(route, hand, rules) > 0 || ferries::has_substitute_payment(route, hand, rules)
}

/// The routes of `map` that `hand` can pay for ([`can_pay`]; trains and owners aside). The
/// plain routes come class by class from the hand's colour counts, as the legal set counts
/// claims, without looking at a route; only the special routes are tried one by one.
#[must_use]
pub fn payable_routes(map: &Map, hand: &CardCounts) -> RouteSet {
    let classes = PlainPayments::new(hand, &map.rules).payable_classes(map);
    let mut routes = classes_in(map, classes).fold(RouteSet::EMPTY, |set, (_, class)| set.or(class.routes));
    for r in map.special_routes().iter() {
        if can_pay(map.route(r), hand, &map.rules) {
            routes.insert(r);
        }
    }
    routes
}

/// The canonical payments of one route for one hand, with the substitute payments listed
/// once, so that going through all of them costs no more than listing them.
#[derive(Clone, Copy, Debug)]
pub struct RoutePayments<'r> {
    route: &'r Route,
    hand: CardCounts,
    rules: &'r Rules,
    direct: u32,
    substitutes: Option<ferries::PaymentList>,
}

impl<'r> RoutePayments<'r> {
    /// The payments of `route` that `hand` allows.
    #[must_use]
    pub fn new(route: &'r Route, hand: &CardCounts, rules: &'r Rules) -> RoutePayments<'r> {
        let direct = direct_payment_count(route, hand, rules);
        let mut payments = RoutePayments { route, hand: *hand, rules, direct, substitutes: None };
        // Most routes have no substitutes: only their list is built and moved.
        if ferries::may_substitute(route, hand, rules) {
            payments.substitutes = Some(ferries::substitute_payments(route, hand, rules));
        }
        payments
    }

    /// Number of payments.
    #[must_use]
    pub fn len(&self) -> u32 {
        self.direct + self.substitutes.as_ref().map_or(0, |s| s.len() as u32)
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `k`-th payment: colours in order (locomotives ascending), all-locomotive, then
    /// substitutes; `k` must be below [`RoutePayments::len`].
    #[must_use]
    pub fn get(&self, k: u32) -> CardCounts {
        direct_payment(self.route, &self.hand, self.rules, k).unwrap_or_else(|k| {
            self.substitutes.as_ref().expect("payment index beyond the payments").as_slice()[k as usize]
        })
    }

    /// Whether `pay` is one of these payments, without listing them: a colour the route
    /// takes plus locomotives in the range generated, all locomotives, or a listed
    /// substitute payment.
    #[must_use]
    pub fn contains(&self, pay: &CardCounts) -> bool {
        let (route, hand, rules) = (self.route, &self.hand, self.rules);
        if pay.total() == u32::from(route.length) {
            let locos = pay[Card::Loco];
            let direct = match pay.single_color() {
                Some(c) => {
                    route_colors(route).contains(&c)
                        && loco_range(route, c, hand, rules).is_some_and(|(lo, hi)| (lo..=hi).contains(&locos))
                }
                None => pay.colored() == 0 && all_loco_payment(route, hand, rules) == Some(*pay),
            };
            if direct {
                return true;
            }
        }
        self.substitutes.as_ref().is_some_and(|list| list.as_slice().contains(pay))
    }
}

/// The `k`-th direct payment (colours in order, locomotives ascending, then all
/// locomotives), or, past them, `k` less their number: the index among the substitutes.
fn direct_payment(route: &Route, hand: &CardCounts, rules: &Rules, mut k: u32) -> Result<CardCounts, u32> {
    for &c in route_colors(route) {
        let n = color_payment_count(route, c, hand, rules);
        if k < n {
            return Ok(color_payment(route, c, hand, rules, k));
        }
        k -= n;
    }
    if let Some(all_locos) = all_loco_payment(route, hand, rules) {
        if k == 0 {
            return Ok(all_locos);
        }
        k -= 1;
    }
    Err(k)
}

fn direct_payment_count(route: &Route, hand: &CardCounts, rules: &Rules) -> u32 {
    let colored: u32 = route_colors(route).iter().map(|&c| color_payment_count(route, c, hand, rules)).sum();
    colored + u32::from(all_loco_payment(route, hand, rules).is_some())
}

/// Locomotive counts (inclusive) of canonical payments using at least one `color` card.
fn loco_range(route: &Route, color: Card, hand: &CardCounts, rules: &Rules) -> Option<(u8, u8)> {
    let wild = locos_on_color_spaces(route, rules);
    loco_range_of(route.length, route.ferry_locos, wild, hand[color], hand[Card::Loco])
}

/// [`loco_range`] from the bare numbers: route length, required locomotives, whether
/// locomotives may fill colour spaces, and the colour and locomotive cards in hand.
fn loco_range_of(length: u8, ferry: u8, wild: bool, in_color: u8, locos: u8) -> Option<(u8, u8)> {
    if ferry >= length {
        return None;
    }
    let hi = if wild { locos.min(length - 1) } else { ferry };
    let lo = ferry.max(length.saturating_sub(in_color));
    (lo <= hi && locos >= lo).then_some((lo, hi))
}

/// Payment counts of plain routes (no ferry, tunnel or substitutes) for one hand, by colour
/// slot (0..8 = [`Card::COLORS`], 8 = gray) and route length, worked out on demand: taking
/// it costs a few instructions, so a decision pays only for the classes it looks at.
/// Each count equals [`payment_count`] of a plain route of that slot and length.
#[derive(Clone, Copy, Debug)]
pub struct PlainPayments {
    /// The eight colour counts, one per byte lane, capped at 127.
    in_color: u64,
    /// The locomotives that may fill colour spaces: all those held where locomotives are
    /// wild, none elsewhere (plain routes then take no locomotive at all).
    wild_locos: u8,
}

impl PlainPayments {
    /// The counts for `hand` under `rules`.
    #[must_use]
    pub fn new(hand: &CardCounts, rules: &Rules) -> PlainPayments {
        // Counts beyond the longest route change nothing, so capping them at 127 keeps
        // every lane below 128: a lane with its top bit set becomes 127.
        let lanes = hand.color_lanes();
        let over = (lanes & LANE_TOPS) >> 7;
        PlainPayments {
            in_color: (lanes & !LANE_TOPS) | (over * 0x7F),
            wild_locos: if rules.locos == LocoUse::Wild { hand[Card::Loco] } else { 0 },
        }
    }

    /// Payments for one plain route of this colour slot and length (1 or more).
    #[must_use]
    pub fn get(&self, slot: u8, length: u8) -> u32 {
        if slot < 8 {
            return self.in_slot(self.lane(slot), length);
        }
        // `loco_range_of(length, 0, ..)` for all eight colours at once, as counts: the
        // locomotives run from `length - in_color` (floored at 0) to `hi`, and `hi` never
        // exceeds the locomotives held.
        let lo = saturating_sub_lanes(u64::from(length) * LANES, self.in_color);
        let per_color = saturating_sub_lanes(u64::from(self.hi_plus_one(length)) * LANES, lo);
        // The lane sum (below 256: eight lanes of at most `length`) lands in the top lane.
        u32::from((per_color.wrapping_mul(LANES) >> 56) as u8) + self.all_loco(length)
    }

    /// The cards held of colour slot `slot` (below 8), capped at 127.
    fn lane(&self, slot: u8) -> u8 {
        (self.in_color >> (8 * slot)) as u8
    }

    /// One more than the most locomotives a payment of a plain route of `length` may hold
    /// besides a colour card: the locomotives run from `length - in_color` up to it.
    fn hi_plus_one(&self, length: u8) -> u8 {
        self.wild_locos.min(length - 1) + 1
    }

    /// 1 when the all-locomotive payment pays a plain route of `length`, else 0.
    fn all_loco(&self, length: u8) -> u32 {
        u32::from(self.wild_locos >= length)
    }

    /// [`PlainPayments::get`] of a colour slot holding `in_color` cards.
    fn in_slot(&self, in_color: u8, length: u8) -> u32 {
        // The locomotives run from `length - in_color` (floored at 0) to `hi_plus_one - 1`,
        // and the all-locomotive payment adds one exactly when `wild_locos >= length`:
        // together, one more than the wild locomotives up to `length`, less that floor.
        u32::from((self.wild_locos.min(length) + 1).saturating_sub(length.saturating_sub(in_color)))
    }

    /// The `k`-th payment (0-based, below [`PlainPayments::get`]) of a plain route of this
    /// colour slot and length, for the hand it was made from: exactly [`nth_payment`] of
    /// such a route. Colours in [`Card::COLORS`] order, locomotives ascending, then all
    /// locomotives.
    #[must_use]
    pub(crate) fn nth(&self, slot: u8, length: u8, k: u32) -> CardCounts {
        let hi_plus_one = self.hi_plus_one(length);
        // The colour of the payment (8: all locomotives), the fewest locomotives a payment
        // in it holds, and the payments in the colours before it.
        let (color, lo, before) = if slot < 8 {
            let lo = length.saturating_sub(self.lane(slot));
            let n = u32::from(hi_plus_one.saturating_sub(lo));
            if k < n {
                (slot, lo, 0)
            } else {
                (8, 0, n)
            }
        } else {
            // Lane-wise as in `get`: lane `i` of `through` counts the payments in colours 0
            // to `i` (at most 120, like `k`, so no lane borrows below), and the colours
            // whose payments all come before the `k`-th are the lanes not above `k`.
            let lo = saturating_sub_lanes(u64::from(length) * LANES, self.in_color);
            let through = saturating_sub_lanes(u64::from(hi_plus_one) * LANES, lo).wrapping_mul(LANES);
            let color = lanes_not_above(through, k) as u8;
            let before = if color == 0 { 0 } else { u32::from((through >> (8 * (color - 1))) as u8) };
            (color, if color < 8 { (lo >> (8 * color)) as u8 } else { 0 }, before)
        };
        if color == 8 {
            debug_assert!(k == before && self.all_loco(length) == 1, "payment index beyond the payments");
            return CardCounts::of(Card::Loco, length);
        }
        let locos = lo + (k - before) as u8;
        CardCounts::from_color_lanes(u64::from(length - locos) << (8 * color), locos)
    }

    /// The classes of `map` (bit `i`: [`Map::plain_classes`]`[i]`) this hand pays for:
    /// exactly those whose [`PlainPayments::get`] is not 0.
    #[must_use]
    pub(crate) fn payable_classes(&self, map: &Map) -> u128 {
        // Lane `i`: the longest plain route colour slot `i` pays for, its cards plus the wild
        // locomotives (locomotives alone when it has none), the longest of its colour or
        // gray. Reaches beyond the longest route a map may have change nothing, so the
        // locomotives are capped at that length, no lane overflows (at most 127 + 15), and
        // the lanes are then capped at it too.
        const _: () = assert!(MAX_ROUTE_LENGTH == 15, "lanes are capped by their high nibble");
        let reach = self.in_color + u64::from(self.wild_locos.min(MAX_ROUTE_LENGTH as u8)) * LANES;
        let over = (((reach >> 4) & LOW_NIBBLES) + LOW_NIBBLES) & !LOW_NIBBLES;
        let reach = (reach | ((over >> 4) * 0x0F)) & LOW_NIBBLES;
        (0..8).fold(0, |classes, slot| classes | map.plain_classes_within(slot, (reach >> (8 * slot)) as u8))
    }
}

impl GameState<'_> {
    /// Refuses a claim of a route that is taken or closed to the seat, one the seat lacks the
    /// trains for, and a payment the hand does not hold or that does not fit the route.
    pub(crate) fn check_claim(&self, route: RouteId, pay: &CardCounts) -> Result<(), &'static str> {
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
        if !is_valid_payment(r, pay, &self.map.rules) {
            return Err("the payment does not fit the route");
        }
        Ok(())
    }

    /// Routes `seat` may claim as far as the board and its trains go: open to it (not
    /// claimed, not a closed twin) and needing no more trains than it has left.
    pub(crate) fn claimable_routes(&self, seat: Seat) -> RouteSet {
        self.open_to(seat).minus(self.map.routes_needing_more_than(self.trains[seat.index()]))
    }

    /// Claims a route with `pay`; a tunnel first reveals its surcharge.
    pub(crate) fn claim(&mut self, route: RouteId, pay: CardCounts, sink: &mut impl EventSink) {
        let seat = self.to_move;
        self.hands[seat.index()].remove(&pay);
        if self.map.route(route).tunnel {
            self.reveal_for_tunnel(route, pay, sink);
        } else {
            sink.event(Event::Claim { seat: seat.0, route, pay });
            self.complete_claim(seat, route, &pay);
            self.end_turn(sink);
        }
    }

    /// The seat owns the route: the paid cards are discarded, its trains leave the supply,
    /// it scores [`crate::Map::route_score`], and it is closed to everyone, its twin to the
    /// seat (to everyone with fewer players than `doubles_both_from`).
    pub(crate) fn complete_claim(&mut self, seat: Seat, route: RouteId, paid: &CardCounts) {
        let s = seat.index();
        let r = *self.map.route(route);
        self.discard.add(paid);
        for (known, paid) in self.known[s].0.iter_mut().zip(paid.0) {
            *known = known.saturating_sub(paid);
        }
        // The sets are worked out in registers from their values before the claim: read back
        // just after a one-bit write, a set would wait for the write (a stalled store forward).
        let twin = r.twin.map_or(RouteSet::EMPTY, RouteSet::single);
        let one_closes_both = self.players < self.map.rules.doubles_both_from;
        let closed_to_all = if one_closes_both { twin.with(route) } else { RouteSet::single(route) };
        let (claimed, closed_first) = (self.claimed.with(route), self.closed[0].or(closed_to_all));
        self.owned[s].insert(route);
        self.claimed = claimed;
        for closed in self.closed.iter_mut() {
            *closed = closed.or(closed_to_all);
        }
        self.closed[s] = self.closed[s].or(twin);
        // Below `doubles_both_from` players every route closes to all seats at once (the
        // first seat's closed routes are closed to all); from it on, only claims close a
        // route to more than one seat. ([`closed_to_all`], cheaply.)
        let gone = if one_closes_both { closed_first } else { claimed };
        self.shut_class(route, gone);
        if let (Some(twin), true) = (r.twin, one_closes_both) {
            self.shut_class(twin, gone);
        }
        self.trains[s] -= r.trains_needed();
        self.route_points[s] += i32::from(self.map.route_score(route));
    }

    /// Takes `route`'s plain class out of `open_classes` once none of its routes is open to
    /// any seat in play, `gone` being the routes closed to all seats.
    fn shut_class(&mut self, route: RouteId, gone: RouteSet) {
        if let Some(c) = self.map.plain_class_of(route) {
            if self.map.plain_classes()[c].routes.minus(gone).is_empty() {
                self.open_classes &= !(1 << c);
            }
        }
    }
}

/// The routes closed to each of the first `players` seats.
#[must_use]
pub(crate) fn closed_to_all(closed: &BySeat<RouteSet>, players: usize) -> RouteSet {
    closed.first(players).iter().fold(RouteSet(!0), |all, &c| all.and(c))
}

/// The plain classes of `map` (bit `i`: [`Map::plain_classes`]`[i]`) with a route not in
/// `closed`.
#[must_use]
pub(crate) fn open_classes(map: &Map, closed: RouteSet) -> u128 {
    let mut open = 0;
    for (i, class) in map.plain_classes().iter().enumerate() {
        if !class.routes.minus(closed).is_empty() {
            open |= 1 << i;
        }
    }
    open
}

impl Observation<'_, '_> {
    /// Routes this seat could claim at the start of a turn, cards aside: open to it and
    /// needing no more trains than it has left. Cheap (no legal set is built); the routes
    /// claimable now with the hand are [`LegalActions::claimable_routes`].
    ///
    /// [`LegalActions::claimable_routes`]: crate::LegalActions::claimable_routes
    #[must_use]
    pub fn claimable_routes(&self) -> RouteSet {
        self.state().claimable_routes(self.seat())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::CityId;
    use crate::map::MAX_ROUTE_LENGTH;
    use crate::rule_set::{DeckSpec, Returned, TicketDeal};
    use crate::rules::ferries::substitute_payments;

    fn rules(locos: LocoUse, ferry_substitute: u8) -> Rules {
        let deal = TicketDeal { deal: 3, long: 0, keep: 1, returned: Returned::Bottom, draft: false };
        Rules {
            players: [2, 5],
            trains: 45,
            end_trains: 2,
            turn_cap: 1000,
            starting_hand: 4,
            route_points: vec![[1, 1]],
            deck: DeckSpec { per_color: 12, locos: 14 },
            locos,
            face_up_loco_ends_draw: true,
            loco_reset: true,
            ferry_substitute,
            doubles_both_from: 4,
            mountain_points: 0,
            setup_tickets: deal,
            draw_tickets: deal,
            bonuses: vec![],
            tie_break: vec![],
            express: vec![],
            provinces: None,
            province_awards: vec![],
        }
    }

    fn route(length: u8, color: Option<Card>, ferry_locos: u8, any_cards: u8) -> Route {
        Route {
            a: CityId(0),
            b: CityId(1),
            length,
            color,
            ferry_locos,
            tunnel: false,
            mountains: 0,
            twin: None,
            any_cards,
        }
    }

    /// Hands spread over 0..=13 cards a kind, one kind beyond any route length.
    fn spread_hand(seed: u32) -> CardCounts {
        let mut hand = CardCounts::EMPTY;
        for (i, n) in hand.0.iter_mut().enumerate() {
            *n = ((seed.wrapping_mul(2_654_435_761) >> (3 * i as u32)) % 14) as u8;
        }
        hand.0[seed as usize % 9] = 200;
        hand
    }

    /// 400 hands: spread ones, and every other one cut to at most 3 cards a kind, where most
    /// classes cannot be paid for.
    fn mixed_hands() -> impl Iterator<Item = CardCounts> {
        (0u32..400).map(|seed| {
            let hand = spread_hand(seed);
            if seed % 2 == 0 {
                CardCounts(hand.0.map(|n| n % 4))
            } else {
                hand
            }
        })
    }

    #[test]
    fn direct_payments_agree_with_trying_each_colour() {
        // Every payment of up to 4 red, 4 green and 4 locomotives, on gray, red and ferry
        // routes without substitutes, under each locomotive rule.
        for r in [rules(LocoUse::Wild, 0), rules(LocoUse::FerriesAndTunnels, 0), rules(LocoUse::FerriesAndTunnels, 3)] {
            for length in 1..=4 {
                for (color, ferry) in
                    [None, Some(Card::Red)].into_iter().flat_map(|c| (0..=length).map(move |f| (c, f)))
                {
                    let route = route(length, color, ferry, 0);
                    if has_substitutes(&route, &r) {
                        continue;
                    }
                    for code in 0..125u8 {
                        let pay = CardCounts::of(Card::Red, code % 5)
                            .with(Card::Green, code / 5 % 5)
                            .with(Card::Loco, code / 25);
                        let general = route_colors(&route).iter().any(|&c| pays_in_color(&route, &pay, c, &r));
                        assert_eq!(pays_directly(&route, &pay, &r), general, "{route:?}, {pay}");
                    }
                }
            }
        }
    }

    /// The project map `maps/NAME.toml`.
    fn project_map(name: &str) -> Map {
        Map::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(format!("{name}.toml")))
            .expect("project map")
    }

    #[test]
    fn kept_open_classes_are_those_of_the_routes_closed_to_all_in_seeded_games() {
        use rand::{Rng, SeedableRng};
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let map = project_map(name);
            let [lo, hi] = map.rules.players;
            let mut moves = 0;
            for players in usize::from(lo)..=usize::from(hi) {
                for seed in 0..10 {
                    let mut state = GameState::new(&map, players, seed).expect("players in range");
                    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
                    while !state.is_over() {
                        let legal = state.legal_actions();
                        state.apply(legal.get(rng.random_range(0..legal.len())));
                        moves += 1;
                        let want = open_classes(&map, closed_to_all(&state.closed, players));
                        assert_eq!(state.open_classes, want, "{name} {players}p seed {seed} move {moves}");
                        // The legal walk relies on it: every class a seat may claim from is kept.
                        for s in 0..players {
                            let mine = open_classes(&map, state.closed[s]);
                            assert_eq!(mine & !want, 0, "{name} {players}p seed {seed} seat {s}");
                        }
                    }
                }
            }
            assert!(moves > 3000, "{name}: {moves} moves");
        }
    }

    #[test]
    fn payable_classes_are_the_classes_with_a_payment_on_real_maps() {
        // USA: locomotives wild; Nordic: locomotives only on ferries and tunnels.
        for name in ["usa", "nordic"] {
            let map = project_map(name);
            for hand in mixed_hands() {
                let table = PlainPayments::new(&hand, &map.rules);
                let payable = table.payable_classes(&map);
                for (i, class) in map.plain_classes().iter().enumerate() {
                    let route = map.route(class.routes.first_item().expect("classes are not empty"));
                    let count = payment_count(route, &hand, &map.rules);
                    assert_eq!(table.get(class.slot, class.length), count, "{name} {hand} class {i}");
                    assert_eq!(payable >> i & 1 == 1, count > 0, "{name} {hand} class {i}");
                }
            }
        }
    }

    #[test]
    fn payable_routes_are_the_routes_with_a_payment_on_real_maps() {
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let map = project_map(name);
            let (mut paid, mut refused) = (0, 0);
            for hand in mixed_hands() {
                let payable = payable_routes(&map, &hand);
                for r in map.all_routes().iter() {
                    let count = payment_count(map.route(r), &hand, &map.rules);
                    assert_eq!(payable.contains(r), count > 0, "{name} {hand} route {r:?}");
                    paid += usize::from(count > 0);
                    refused += usize::from(count == 0);
                }
            }
            assert!(paid > 500 && refused > 500, "{name}: {paid} payable, {refused} not");
        }
    }

    #[test]
    fn plain_payments_are_listed_as_the_route_payments_on_real_maps() {
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let map = project_map(name);
            for hand in mixed_hands() {
                let table = PlainPayments::new(&hand, &map.rules);
                for class in map.plain_classes() {
                    let route = map.route(class.routes.first_item().expect("classes are not empty"));
                    let count = payment_count(route, &hand, &map.rules);
                    for k in 0..count {
                        let want = nth_payment(route, &hand, &map.rules, k);
                        assert_eq!(table.nth(class.slot, class.length, k), want, "{name} {hand} {class:?} {k}");
                    }
                }
            }
        }
    }

    #[test]
    fn plain_payments_match_the_route_payments() {
        for (locos, rules) in [
            (LocoUse::Wild, rules(LocoUse::Wild, 0)),
            (LocoUse::FerriesAndTunnels, rules(LocoUse::FerriesAndTunnels, 0)),
        ] {
            for seed in 0u32..400 {
                let hand = spread_hand(seed);
                let table = PlainPayments::new(&hand, &rules);
                for length in 1..=MAX_ROUTE_LENGTH as u8 {
                    for slot in 0..9u8 {
                        let color = (slot < 8).then(|| Card::COLORS[usize::from(slot)]);
                        let plain = route(length, color, 0, 0);
                        let expected = payment_count(&plain, &hand, &rules);
                        assert_eq!(table.get(slot, length), expected, "{locos:?} {hand} slot {slot} length {length}");
                    }
                }
            }
        }
    }

    #[test]
    fn wild_locos_count_and_enumerate() {
        let r = rules(LocoUse::Wild, 0);
        let red3 = route(3, Some(Card::Red), 0, 0);
        let hand = CardCounts::of(Card::Red, 2).with(Card::Loco, 3).with(Card::Blue, 5);
        // 2 red + 1 loco, 1 red + 2 loco, and 3 loco.
        assert_eq!(payment_count(&red3, &hand, &r), 3);
        let all: Vec<_> = (0..3).map(|k| nth_payment(&red3, &hand, &r, k)).collect();
        assert_eq!(all[0], CardCounts::of(Card::Red, 2).with(Card::Loco, 1));
        assert_eq!(all[2], CardCounts::of(Card::Loco, 3));
        for p in &all {
            assert!(is_valid_payment(&red3, p, &r));
        }
        assert!(!is_valid_payment(&red3, &CardCounts::of(Card::Blue, 3), &r));
        assert!(!is_valid_payment(&red3, &CardCounts::of(Card::Red, 2), &r), "short payment");
        assert!(!is_valid_payment(&red3, &CardCounts::of(Card::Red, 4), &r), "overpayment");
    }

    #[test]
    fn restricted_locos_refused_on_ordinary_routes() {
        let r = rules(LocoUse::FerriesAndTunnels, 3);
        let gray2 = route(2, None, 0, 0);
        assert!(!is_valid_payment(&gray2, &CardCounts::of(Card::Green, 1).with(Card::Loco, 1), &r));
        assert!(!is_valid_payment(&gray2, &CardCounts::of(Card::Loco, 2), &r));
        assert!(is_valid_payment(&gray2, &CardCounts::of(Card::Green, 2), &r));
        let hand = CardCounts::of(Card::Green, 1).with(Card::Loco, 4);
        assert_eq!(payment_count(&gray2, &hand, &r), 0);
    }

    #[test]
    fn ferry_needs_its_locomotives_or_three_for_one() {
        let r = rules(LocoUse::FerriesAndTunnels, 3);
        let ferry = route(3, Some(Card::Orange), 1, 0);
        assert!(is_valid_payment(&ferry, &CardCounts::of(Card::Orange, 2).with(Card::Loco, 1), &r));
        assert!(!is_valid_payment(&ferry, &CardCounts::of(Card::Orange, 3), &r));
        // 2 orange + any 3 cards for the locomotive.
        assert!(is_valid_payment(&ferry, &CardCounts::of(Card::Orange, 2).with(Card::Red, 2).with(Card::Blue, 1), &r));
        // Extra locomotives stand in for colour cards.
        assert!(is_valid_payment(&ferry, &CardCounts::of(Card::Orange, 1).with(Card::Loco, 2), &r));
        let wild = rules(LocoUse::Wild, 0);
        assert!(!is_valid_payment(&ferry, &CardCounts::of(Card::Orange, 2).with(Card::Red, 3), &wild));
    }

    #[test]
    fn substitute_payments_are_generated_valid_and_distinct() {
        let r = rules(LocoUse::FerriesAndTunnels, 3);
        let ferry = route(3, Some(Card::Orange), 1, 0);
        // No locomotive: only 3-for-1 can pay the ferry symbol.
        let hand = CardCounts::of(Card::Orange, 2).with(Card::Red, 2).with(Card::Blue, 1);
        assert_eq!(direct_payment_count(&ferry, &hand, &r), 0);
        let subs = substitute_payments(&ferry, &hand, &r);
        assert!(!subs.is_empty());
        for (i, p) in subs.as_slice().iter().enumerate() {
            assert!(is_valid_payment(&ferry, p, &r), "{p}");
            assert!(hand.contains(p));
            assert!(!subs.as_slice()[..i].contains(p), "duplicate {p}");
        }
        assert!(subs.as_slice().contains(&hand), "2 orange + 2 red + 1 blue");
        assert_eq!(payment_count(&ferry, &hand, &r), subs.len() as u32);
        let nine = route(9, None, 0, 4);
        let hand = CardCounts::of(Card::Green, 7).with(Card::Red, 5).with(Card::Loco, 3);
        let pays: Vec<_> = (0..payment_count(&nine, &hand, &r)).map(|k| nth_payment(&nine, &hand, &r, k)).collect();
        assert!(pays.contains(&hand), "7 green + 8 others: {pays:?}");
        assert!(pays.iter().all(|p| is_valid_payment(&nine, p, &r)));
    }

    #[test]
    fn a_large_hand_fills_the_substitute_list_with_distinct_valid_payments() {
        let r = rules(LocoUse::FerriesAndTunnels, 3);
        let gray_ferry = route(4, None, 2, 0);
        let hand = CardCounts([4, 3, 5, 2, 4, 3, 2, 4, 3]);
        let subs = substitute_payments(&gray_ferry, &hand, &r);
        assert_eq!(subs.len(), 64, "more mixes than the list holds");
        for (i, p) in subs.as_slice().iter().enumerate() {
            assert!(is_valid_payment(&gray_ferry, p, &r) && hand.contains(p), "{p}");
            assert!(!subs.as_slice()[..i].contains(p), "duplicate {p}");
        }
        assert!(can_pay(&gray_ferry, &hand, &r));
        // Two locomotive spaces and no locomotive: substitutes only, and 3 cards too few.
        let short = CardCounts::of(Card::Red, 2).with(Card::Blue, 3);
        assert_eq!(direct_payment_count(&gray_ferry, &short, &r), 0);
        assert!(!can_pay(&gray_ferry, &short, &r) && substitute_payments(&gray_ferry, &short, &r).is_empty());
        assert!(can_pay(&gray_ferry, &short.with(Card::Green, 3), &r), "2 red + 2 times 3 for the locomotives");
    }

    #[test]
    fn any_four_cards_for_one_on_the_nine_route() {
        let r = rules(LocoUse::FerriesAndTunnels, 3);
        let nine = route(9, None, 0, 4);
        // 7 green + 8 others.
        let pay = CardCounts::of(Card::Green, 7).with(Card::Red, 5).with(Card::Loco, 3);
        assert!(is_valid_payment(&nine, &pay, &r));
        assert!(is_valid_payment(&nine, &CardCounts::of(Card::Green, 9), &r));
        assert!(!is_valid_payment(&nine, &CardCounts::of(Card::Green, 7).with(Card::Red, 7), &r));
    }
}
