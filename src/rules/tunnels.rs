//! Tunnels (docs/rules.md 2): after the cards for the length are laid, the top 3 cards of the
//! deck are revealed; each one of the laid colour, or a locomotive, costs one more card of
//! that colour or a locomotive (only locomotives count when only locomotives were laid).
//! The seat pays the surcharge or takes its cards back, and the turn is spent either way.

use crate::action::{Event, EventSink, Phase};
use crate::card::{Card, CardCounts};
use crate::ids::RouteId;
use crate::state::GameState;

/// The colour whose revealed cards raise a tunnel's cost: the colour laid, or `None` when
/// only locomotives were laid (then only locomotives count).
#[must_use]
pub fn tunnel_color(laid: &CardCounts) -> Option<Card> {
    laid.single_color()
}

/// Whether `extra` settles a tunnel surcharge of `due` cards after laying `laid`.
#[must_use]
pub fn is_valid_surcharge(laid: &CardCounts, extra: &CardCounts, due: u8) -> bool {
    let allowed_color = tunnel_color(laid);
    let fits = extra.iter().all(|(c, _)| c.is_loco() || Some(c) == allowed_color);
    fits && extra.total() == u32::from(due)
}

/// Canonical surcharge payments the hand allows: colour cards first, locomotives ascending.
#[must_use]
pub fn surcharge_count(laid: &CardCounts, hand: &CardCounts, due: u8) -> u32 {
    surcharge_range(laid, hand, due).map_or(0, |(lo, hi)| u32::from(hi - lo + 1))
}

/// Whether `extra` is one of the canonical surcharge payments of [`surcharge_count`].
#[must_use]
pub fn is_canonical_surcharge(laid: &CardCounts, hand: &CardCounts, due: u8, extra: &CardCounts) -> bool {
    let locos = extra[Card::Loco];
    surcharge_range(laid, hand, due).is_some_and(|(lo, hi)| (lo..=hi).contains(&locos))
        && *extra == surcharge_with(laid, due, locos)
}

/// The surcharge of `due` cards paid with `locos` locomotives and the rest in the laid colour.
fn surcharge_with(laid: &CardCounts, due: u8, locos: u8) -> CardCounts {
    match tunnel_color(laid) {
        Some(c) => CardCounts::of(c, due - locos).with(Card::Loco, locos),
        None => CardCounts::of(Card::Loco, locos),
    }
}

/// The `k`-th canonical surcharge payment (locomotives ascending).
#[must_use]
pub fn nth_surcharge(laid: &CardCounts, hand: &CardCounts, due: u8, k: u32) -> CardCounts {
    let (lo, _) = surcharge_range(laid, hand, due).expect("nth_surcharge: cannot pay");
    surcharge_with(laid, due, lo + k as u8)
}

fn surcharge_range(laid: &CardCounts, hand: &CardCounts, due: u8) -> Option<(u8, u8)> {
    let in_color = tunnel_color(laid).map_or(0, |c| hand[c]);
    let lo = due.saturating_sub(in_color);
    let hi = due.min(hand[Card::Loco]);
    (lo <= hi).then_some((lo, hi))
}

impl GameState<'_> {
    /// Refuses a surcharge the hand does not hold, or one that is not exactly the cards due
    /// in the laid colour or locomotives.
    pub(crate) fn check_tunnel_pay(&self, laid: &CardCounts, due: u8, extra: &CardCounts) -> Result<(), &'static str> {
        if !self.hands[self.to_move.index()].contains(extra) {
            Err("the hand does not hold the surcharge cards")
        } else if !is_valid_surcharge(laid, extra, due) {
            Err("the surcharge must be exactly the cards due, in the laid colour or locomotives")
        } else {
            Ok(())
        }
    }

    /// Lays the cards for a tunnel and reveals the top 3 cards of the deck: the seat then
    /// decides whether to pay the surcharge they make due.
    pub(crate) fn reveal_for_tunnel(&mut self, route: RouteId, laid: CardCounts, sink: &mut impl EventSink) {
        let color = tunnel_color(&laid);
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

    /// Pays the surcharge: the tunnel is claimed with the laid cards and `extra`.
    pub(crate) fn pay_tunnel(
        &mut self,
        route: RouteId,
        laid: CardCounts,
        extra: CardCounts,
        sink: &mut impl EventSink,
    ) {
        let seat = self.to_move;
        sink.event(Event::TunnelPay { seat: seat.0, pay: extra });
        self.hands[seat.index()].remove(&extra);
        let mut paid = laid;
        paid.add(&extra);
        self.complete_claim(seat, route, &paid);
        self.end_turn(sink);
    }

    /// Declines the surcharge: the laid cards go back to the hand and the turn is spent.
    pub(crate) fn take_back_tunnel(&mut self, laid: CardCounts, sink: &mut impl EventSink) {
        let seat = self.to_move;
        let s = seat.index();
        sink.event(Event::TunnelBack { seat: seat.0 });
        self.hands[s].add(&laid);
        // Everyone saw the laid cards go back; what was known before is still there.
        for (c, n) in laid.iter() {
            self.known[s][c] = self.known[s][c].max(n);
        }
        self.end_turn(sink);
    }

    /// At the end of a turn: the revealed cards go to the discard pile.
    pub(crate) fn discard_revealed(&mut self) {
        for slot in 0..3 {
            if let Some(c) = self.revealed[slot].take() {
                self.discard[c] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surcharge_only_in_laid_colour_or_locos() {
        let laid = CardCounts::of(Card::Green, 2);
        assert!(is_valid_surcharge(&laid, &CardCounts::of(Card::Green, 1), 1));
        assert!(is_valid_surcharge(&laid, &CardCounts::of(Card::Loco, 1), 1));
        assert!(!is_valid_surcharge(&laid, &CardCounts::of(Card::Red, 1), 1));
        let all_locos = CardCounts::of(Card::Loco, 2);
        assert!(!is_valid_surcharge(&all_locos, &CardCounts::of(Card::Green, 1), 1));
        let hand = CardCounts::of(Card::Green, 1).with(Card::Loco, 1);
        assert_eq!(surcharge_count(&laid, &hand, 2), 1);
        assert_eq!(nth_surcharge(&laid, &hand, 2, 0), CardCounts::of(Card::Green, 1).with(Card::Loco, 1));
    }
}
