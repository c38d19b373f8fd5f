//! Small helpers every bot here shares: what may be drawn, ticket-keep limits, tunnel
//! surcharges and random fallbacks, all read from the [`Observation`] and the engine's
//! legal actions.

use std::ops::RangeInclusive;

use rand::Rng;
use ttr::{Action, Card, CardCounts, Observation, Phase, MARKET_SLOTS};

/// The first market slot showing `card`, if it may be taken now.
#[must_use]
pub fn takeable_slot(obs: &Observation<'_, '_>, card: Card) -> Option<u8> {
    let slot = obs.market().iter().position(|&c| c == Some(card))? as u8;
    obs.may_take_face_up(slot).then_some(slot)
}

/// Whether `action` is legal now for the seat of `obs`.
#[must_use]
pub fn is_legal(obs: &Observation<'_, '_>, action: Action) -> bool {
    obs.legal_actions().is_some_and(|legal| legal.is_legal(action))
}

/// Face-up copies of each card kind, indexed like [`Card::ALL`].
#[must_use]
pub fn market_counts(obs: &Observation<'_, '_>) -> CardCounts {
    let mut counts = CardCounts::EMPTY;
    for card in obs.market().into_iter().flatten() {
        counts[card] += 1;
    }
    counts
}

/// How many tickets may be kept from the current offer (see [`Observation::keep_range`]).
///
/// # Panics
/// Outside the phases that keep tickets.
#[must_use]
pub fn keep_range(obs: &Observation<'_, '_>) -> RangeInclusive<u8> {
    obs.keep_range().expect("a ticket keep")
}

/// "Keep every ticket", capped at the most that may be kept: the first ones in offer order
/// (a draft keeps exactly its rule set's number).
#[must_use]
pub fn keep_all(obs: &Observation<'_, '_>) -> u8 {
    obs.offer().full_mask() & ((1u16 << keep_range(obs).end()) - 1) as u8
}

/// Draft pick: the ticket of the packet worth the most points (the first on ties).
#[must_use]
pub fn draft_pick(obs: &Observation<'_, '_>) -> Action {
    let map = obs.map();
    let packet = obs.offer();
    let best = (0..packet.len()).rev().max_by_key(|&i| map.ticket(packet.tickets()[i]).points).unwrap_or(0);
    Action::Pick(best as u8)
}

/// Keep masks over an offer of `n` tickets with a count in `keep`: by size, smallest
/// first, then in lexicographic order of offer positions (the order of combinations).
pub fn keep_masks(n: usize, keep: RangeInclusive<u8>) -> impl Iterator<Item = u8> {
    let min = u32::from((*keep.start()).max(1));
    (min..=u32::from(*keep.end()).min(n as u32)).flat_map(move |size| {
        let mut masks = [0u8; 64];
        let mut len = 0;
        for mask in 1u16..(1 << n) {
            if mask.count_ones() == size {
                masks[len] = mask as u8;
                len += 1;
            }
        }
        // Lexicographic by positions: compare the sorted position lists.
        masks[..len].sort_unstable_by_key(|&m| lex_key(m));
        masks.into_iter().take(len)
    })
}

/// A key ordering masks of equal size like their position lists in lexicographic order.
fn lex_key(mask: u8) -> [u8; 8] {
    let mut key = [u8::MAX; 8];
    let mut i = 0;
    for pos in 0..8 {
        if mask >> pos & 1 == 1 {
            key[i] = pos;
            i += 1;
        }
    }
    key
}

/// The answer to a tunnel's surcharge: settle it with as few locomotives as possible when
/// `pay` is set and the hand can, otherwise take the cards back. Nothing due is always paid.
#[must_use]
pub fn tunnel_answer(obs: &Observation<'_, '_>, pay: bool) -> Action {
    let Phase::Tunnel { laid, due, .. } = obs.phase() else {
        panic!("tunnel_answer outside a tunnel attempt");
    };
    let hand = obs.hand();
    if due == 0 {
        return Action::TunnelPay(CardCounts::EMPTY);
    }
    if pay && ttr::surcharge_count(&laid, &hand, due) > 0 {
        Action::TunnelPay(ttr::nth_surcharge(&laid, &hand, due, 0))
    } else {
        Action::TunnelBack
    }
}

/// A uniformly random legal action.
pub fn random_action(obs: &Observation<'_, '_>, rng: &mut impl Rng) -> Action {
    // Used where it lies: moved out of the `Option`, the set would be copied whole just
    // after being written field by field, which stalls (docs/performance.md).
    let legal = obs.legal_actions();
    legal.as_ref().expect("asked to move when not to move").pick(|n| rng.random_range(0..n))
}

/// A uniformly random legal card draw (a face-up card or blind) at the start of a turn or
/// as the second card, if there is one.
pub fn random_draw(obs: &Observation<'_, '_>, rng: &mut impl Rng) -> Option<Action> {
    if !matches!(obs.phase(), Phase::Turn | Phase::SecondCard) {
        return None;
    }
    let mut draws = [Action::DrawBlind; MARKET_SLOTS + 1];
    let mut n = 0;
    for slot in 0..MARKET_SLOTS as u8 {
        if obs.may_take_face_up(slot) {
            draws[n] = Action::TakeFaceUp(slot);
            n += 1;
        }
    }
    if obs.can_draw_blind() {
        draws[n] = Action::DrawBlind;
        n += 1;
    }
    (n > 0).then(|| draws[rng.random_range(0..n)])
}

/// A uniformly random legal claim (any route, any payment, with or without a provinces
/// train), if there is one. Only the chosen claim is generated: the claims close the legal
/// order, so only the actions before them are looked at.
pub fn random_claim(obs: &Observation<'_, '_>, rng: &mut impl Rng) -> Option<Action> {
    if obs.phase() != Phase::Turn {
        return None;
    }
    let legal = obs.legal_actions()?;
    let first = legal.iter().position(is_claim)? as u32;
    let claim = legal.get(first + rng.random_range(0..legal.len() - first));
    debug_assert!(is_claim(claim), "claims close the legal order");
    Some(claim)
}

/// Whether `action` claims a route.
fn is_claim(action: Action) -> bool {
    matches!(action, Action::Claim { .. } | Action::ClaimProvince { .. })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_masks_go_by_size_then_position() {
        let masks: Vec<u8> = keep_masks(3, 1..=3).collect();
        assert_eq!(masks, vec![0b001, 0b010, 0b100, 0b011, 0b101, 0b110, 0b111]);
        assert_eq!(keep_masks(5, 2..=5).count(), 26);
        assert_eq!(keep_masks(6, 4..=4).count(), 15);
        let pairs: Vec<u8> = keep_masks(4, 2..=4).take(3).collect();
        assert_eq!(pairs, vec![0b0011, 0b0101, 0b1001]);
    }
}
