//! The provinces board (South Korea): lines of spaces, one per card colour. Claiming a route
//! may place a train on the line of the route's colour (gray: any line) at the space equal
//! to the cards paid (more matching cards may be paid to aim higher; an express card adds
//! its value); a taken space sends the train to the first free space below. At the end each
//! line pays its players by rank.

use std::cmp::Reverse;

use crate::by_seat::BySeat;
use crate::card::{Card, CardCounts};
use crate::ids::{Seat, MAX_SEATS};
use crate::map::Route;
use crate::payment::{is_valid_payment, route_colors};
use crate::rule_set::Rules;
use crate::state::Provinces;

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
