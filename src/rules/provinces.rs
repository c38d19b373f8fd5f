//! The provinces board (South Korea): lines of spaces, one per card colour. Claiming a route
//! may place a train on the line of the route's colour (gray: any line) at the space equal
//! to the cards paid (more matching cards may be paid to aim higher; an express card adds
//! its value); a taken space sends the train to the first free space below. At the end each
//! line pays its players by rank.

use std::cmp::Reverse;

use crate::action::{Action, Event, EventSink, ExpressUse};
use crate::bitset::RouteSet;
use crate::by_seat::BySeat;
use crate::card::{Card, CardCounts};
use crate::fixed_list::FixedList;
use crate::ids::{RouteId, Seat, MAX_SEATS};
use crate::map::Route;
use crate::observation::Observation;
use crate::rule_set::Rules;
use crate::rules::claims::{is_valid_payment, route_colors};
use crate::state::{GameState, Provinces};

/// The space values of a line, if the board has that line.
#[must_use]
pub fn line_values(rules: &Rules, line: Card) -> Option<&[u8]> {
    rules.provinces.as_ref()?.get(&line).map(Vec::as_slice)
}

/// The spaces of a line held by anyone.
#[must_use]
pub fn taken(board: &Provinces, line: Card) -> u16 {
    board[line.index()].iter().fold(0, |all, seat| all | seat)
}

/// Where a train aimed at `aim` lands: the highest space whose value is at most `aim`, or
/// the first free space below it; `None` when every such space is taken.
#[must_use]
pub fn landing_space(values: &[u8], taken: u16, aim: u32) -> Option<usize> {
    (0..values.len()).rev().find(|&i| u32::from(values[i]) <= aim && taken >> i & 1 == 0)
}

/// The lines a train for `route` may go on: its colour's, or any line for a gray route.
pub fn lines_for<'r>(route: &Route, rules: &'r Rules) -> impl Iterator<Item = Card> + 'r {
    let only = route.color;
    rules.provinces.iter().flat_map(|board| board.keys().copied()).filter(move |&line| only.is_none_or(|c| c == line))
}

/// Whether `pay` is the route's price plus extra matching cards: one colour the route
/// takes and locomotives, and with the extra cards (colour first) set aside, a valid payment.
#[must_use]
pub fn is_valid_province_payment(route: &Route, pay: &CardCounts, rules: &Rules) -> bool {
    let length = u32::from(route.length);
    let total = pay.total();
    if total < length {
        return false;
    }
    let color = pay.single_color();
    if color.is_none() && pay.colored() > 0 {
        return false;
    }
    if color.is_some_and(|c| !route_colors(route).contains(&c)) {
        return false;
    }
    let mut base = *pay;
    let extra = (total - length) as u8;
    let from_color = color.map_or(0, |c| base[c].min(extra));
    if let Some(c) = color {
        base[c] -= from_color;
    }
    base[Card::Loco] -= extra - from_color;
    is_valid_payment(route, &base, rules)
}

/// Every payment of `route` with a provinces train that `hand` allows: for each colour the
/// route takes, every mix of that colour and locomotives of at least the route's length,
/// then every all-locomotive payment, valid ones only.
pub fn province_payments<'r>(
    route: &'r Route,
    hand: CardCounts,
    rules: &'r Rules,
) -> impl Iterator<Item = CardCounts> + 'r {
    let locos = hand[Card::Loco];
    let mixes = route_colors(route).iter().flat_map(move |&c| {
        (1..=hand[c]).flat_map(move |x| (0..=locos).map(move |k| CardCounts::of(c, x).with(Card::Loco, k)))
    });
    let all_locos = (route.length.max(1)..=locos).map(|k| CardCounts::of(Card::Loco, k));
    mixes.chain(all_locos).filter(move |pay| is_valid_province_payment(route, pay, rules))
}

/// The end-of-game award of each seat, summed over the lines: players with at least one
/// train on a line are ranked by the sum of their spaces' values, ties going to the higher
/// single space, and paid `province_awards[players - 2][rank]`.
#[must_use]
pub fn awards(rules: &Rules, players: usize, board: &Provinces) -> BySeat<i32> {
    let mut points = BySeat::splat(0i32);
    let (Some(lines), Some(table)) = (rules.provinces.as_ref(), rules.province_awards.get(players.wrapping_sub(2)))
    else {
        return points;
    };
    for (line, values) in lines {
        let held = &board[line.index()];
        let mut ranked = [(0u32, 0u8, 0usize); MAX_SEATS];
        let mut n = 0;
        for s in (0..players).filter(|&s| held[s] != 0) {
            let spaces = (0..values.len()).filter(|&i| held[s] >> i & 1 == 1);
            let sum = spaces.clone().map(|i| u32::from(values[i])).sum();
            let top = spaces.map(|i| values[i]).max().unwrap_or(0);
            ranked[n] = (sum, top, s);
            n += 1;
        }
        ranked[..n].sort_unstable_by_key(|&(sum, top, _)| Reverse((sum, top)));
        for (rank, &(_, _, s)) in ranked[..n].iter().enumerate() {
            points[Seat(s as u8)] += i32::from(table.get(rank).copied().unwrap_or(0));
        }
    }
    points
}

impl GameState<'_> {
    /// Refuses a claim with a provinces train: no such line, a tunnel, a line other than the
    /// route's colour, an express card not held, a route closed to the seat, too few trains
    /// for the route and the train, a payment not held or not the price plus matching
    /// cards, or no free space at or below the aim.
    pub(crate) fn check_province_claim(
        &self,
        route: RouteId,
        pay: &CardCounts,
        line: Card,
        express: u8,
    ) -> Result<(), &'static str> {
        let s = self.to_move.index();
        let rules = &self.map.rules;
        let Some(values) = line_values(rules, line) else {
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
        if !is_valid_province_payment(r, pay, rules) {
            return Err("the payment is not the route's price plus matching cards");
        }
        let aim = pay.total() + u32::from(express);
        if landing_space(values, taken(&self.provinces, line), aim).is_none() {
            return Err("no free space at or below that value on the line");
        }
        Ok(())
    }

    /// Routes the seat to move may claim with a provinces train as far as the board and its
    /// trains go: open to it, not a tunnel, and leaving a train for the board; none on a
    /// map without a provinces board.
    pub(crate) fn province_routes(&self) -> RouteSet {
        let trains = self.trains[self.to_move.index()];
        if self.map.rules.provinces.is_some() && trains > 0 {
            let open = self.open_to(self.to_move);
            open.minus(self.map.routes_needing_more_than(trains - 1)).minus(self.map.tunnels())
        } else {
            RouteSet::EMPTY
        }
    }

    /// Claims the route and places a provinces train at the space the payment (and express
    /// card) aims at, or the first free one below.
    pub(crate) fn claim_province(
        &mut self,
        route: RouteId,
        pay: CardCounts,
        line: Card,
        express: u8,
        sink: &mut impl EventSink,
    ) {
        let seat = self.to_move;
        let s = seat.index();
        if express != 0 {
            self.use_express(express, ExpressUse::Province, sink);
        }
        self.hands[s].remove(&pay);
        sink.event(Event::Claim { seat: seat.0, route, pay });
        self.complete_claim(seat, route, &pay);
        let values = line_values(&self.map.rules, line).expect("checked");
        let taken = taken(&self.provinces, line);
        let space = landing_space(values, taken, pay.total() + u32::from(express)).expect("checked");
        self.provinces[line.index()][s] |= 1 << space;
        self.trains[s] -= 1;
        sink.event(Event::Province { seat: seat.0, line, space: values[space] });
        self.end_turn(sink);
    }
}

/// Claims with a provinces train the seat to move can make on `routes` with `hand`: route,
/// payment (price plus extra matching cards), line, express card (none first), wherever a
/// space is free for the train.
pub(crate) fn province_claims<'s>(
    state: &'s GameState<'_>,
    routes: RouteSet,
    hand: CardCounts,
) -> impl Iterator<Item = Action> + 's {
    let map = state.map;
    let rules = &map.rules;
    let express = state.express[state.to_move.index()];
    routes.iter().flat_map(move |route_id| {
        let route = map.route(route_id);
        province_payments(route, hand, rules).flat_map(move |pay| {
            lines_for(route, rules).flat_map(move |line| {
                let values = line_values(rules, line).unwrap_or(&[]);
                let taken = taken(&state.provinces, line);
                std::iter::once(0)
                    .chain(rules.express_values(express))
                    .filter(move |&e| landing_space(values, taken, pay.total() + u32::from(e)).is_some())
                    .map(move |e| Action::ClaimProvince { route: route_id, pay, line, express: e })
            })
        })
    })
}

/// Where a train can still land, read once from the state for the seat to move: a train
/// aimed at `aim` lands on a line exactly when some free space there is worth at most
/// `aim` (see [`landing_space`]), so each line comes down to its lowest free value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Landings {
    /// Per line (by card index), the lowest value of a free space; `u32::MAX` when the line
    /// is full or the board has no such line.
    floor: [u32; Card::ALL.len()],
    /// The values of the express cards the seat holds, as [`Rules::express_values`] lists them.
    express: FixedList<u8, 8>,
}

impl Landings {
    /// The landings of the seat to move in `state`: its lines' lowest free values and its
    /// express cards.
    pub(crate) fn of(state: &GameState<'_>) -> Landings {
        let rules = &state.map.rules;
        let mut floor = [u32::MAX; Card::ALL.len()];
        for (&line, values) in rules.provinces.iter().flatten() {
            let taken = taken(&state.provinces, line);
            floor[line.index()] = (0..values.len())
                .filter(|&i| taken >> i & 1 == 0)
                .map(|i| u32::from(values[i]))
                .min()
                .unwrap_or(u32::MAX);
        }
        let mut express = FixedList::new(0);
        for value in rules.express_values(state.express[state.to_move.index()]) {
            express.push(value);
        }
        Landings { floor, express }
    }

    /// Number of claims of `route` with a provinces train the seat to move can make with
    /// `hand`: as many as [`province_claims`] yields for that route, counted without
    /// listing them. A payment of `x` cards of a colour and `k` locomotives is valid
    /// exactly when its total reaches the route's length `L` and its base (the extra cards
    /// set aside, colour first) is: `L - k` of the colour and `k` locomotives for `k <= L`,
    /// `L` locomotives beyond; so for each `k` the valid `x` form a range, and so do their
    /// totals.
    pub(crate) fn claims_of(&self, route: &Route, hand: CardCounts, rules: &Rules) -> u32 {
        let lines: &[Card] = match &route.color {
            Some(c) => std::slice::from_ref(c),
            None => &Card::ALL,
        };
        let length = route.length;
        let locos = hand[Card::Loco];
        // No payment at all: too few cards of any one colour with the locomotives.
        let most = route_colors(route).iter().map(|&c| hand[c]).max().unwrap_or(0);
        if (most == 0 || u32::from(most) + u32::from(locos) < u32::from(length)) && locos < length.max(1) {
            return 0;
        }
        // Whether `length` locomotives are a valid base: needed only with that many in hand.
        let all_locos = locos >= length.max(1) && is_valid_payment(route, &CardCounts::of(Card::Loco, length), rules);
        let mut count = 0;
        for &c in route_colors(route) {
            for k in 0..=locos {
                let lowest = length.saturating_sub(k).max(1);
                if lowest > hand[c] {
                    continue;
                }
                let valid = if k <= length {
                    is_valid_payment(route, &CardCounts::of(c, length - k).with(Card::Loco, k), rules)
                } else {
                    all_locos
                };
                if valid {
                    count +=
                        self.landing_in(lines, u32::from(lowest) + u32::from(k), u32::from(hand[c]) + u32::from(k));
                }
            }
        }
        let lowest = length.max(1);
        if all_locos && lowest <= locos {
            count += self.landing_in(lines, u32::from(lowest), u32::from(locos));
        }
        count
    }

    /// Over the totals `lo..=hi`, the number of (line of `lines`, express card or none)
    /// pairs a train with that total lands with.
    fn landing_in(&self, lines: &[Card], lo: u32, hi: u32) -> u32 {
        // Totals of lo..=hi at or above `least`.
        let reaching = |least: u32| (hi + 1).saturating_sub(least.max(lo));
        let express = self.express.as_slice();
        lines
            .iter()
            .map(|line| {
                let floor = self.floor[line.index()];
                reaching(floor) + express.iter().map(|&e| reaching(floor.saturating_sub(u32::from(e)))).sum::<u32>()
            })
            .sum()
    }
}

impl Observation<'_, '_> {
    /// The value of the provinces space a train aimed at `aim` on `line` would land on now
    /// (the highest free space worth at most `aim`, where a provinces claim puts it); `None`
    /// when no free space is that low or the board has no such line.
    #[must_use]
    pub fn province_landing(&self, line: Card, aim: u32) -> Option<u8> {
        let values = line_values(&self.map().rules, line)?;
        landing_space(values, taken(self.provinces(), line), aim).map(|i| values[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_train_falls_to_the_first_free_space_below() {
        let values: Vec<u8> = (1..=9).collect();
        assert_eq!(landing_space(&values, 0, 5), Some(4), "space 5");
        assert_eq!(landing_space(&values, 0, 14), Some(8), "aim above the top starts at the top");
        assert_eq!(landing_space(&values, 0b1_0000, 5), Some(3), "5 taken: 4");
        assert_eq!(landing_space(&values, 0b1_1111, 5), None, "1 to 5 taken");
    }
}
