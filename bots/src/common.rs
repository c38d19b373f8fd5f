//! Small helpers every bot here shares: what may be drawn, ticket-keep limits, tunnel
//! surcharges, random fallbacks and route scoring, all read from the [`Observation`].

use rand::Rng;
use ttr::{Action, Card, CardCounts, Map, Observation, Phase, RouteId};

/// The first market slot showing `card`, if it may be taken now (`second`: as the second
/// card of a draw).
#[must_use]
pub fn takeable_slot(obs: &Observation<'_, '_>, card: Card, second: bool) -> Option<u8> {
    let slot = obs.market().iter().position(|&c| c == Some(card))? as u8;
    may_take_face_up(obs, slot, second).then_some(slot)
}

/// Whether the face-up card in `slot` may be taken now (`second`: as the second card of a
/// draw, when the rules may forbid a face-up locomotive).
#[must_use]
pub fn may_take_face_up(obs: &Observation<'_, '_>, slot: u8, second: bool) -> bool {
    match obs.market()[usize::from(slot)] {
        Some(card) => !(second && card.is_loco() && obs.map().rules.face_up_loco_ends_draw),
        None => false,
    }
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

/// Whether a card can be drawn blind (the deck, or the discard pile to reshuffle, holds one).
#[must_use]
pub fn can_draw_blind(obs: &Observation<'_, '_>) -> bool {
    obs.deck_size() + obs.discard_size() > 0
}

/// Whether drawing tickets is legal now (at the start of a turn, with tickets left).
#[must_use]
pub fn can_draw_tickets(obs: &Observation<'_, '_>) -> bool {
    obs.phase() == Phase::Turn && obs.ticket_deck_size() > 0
}

/// Fewest tickets that must be kept from the current offer.
#[must_use]
pub fn keep_min(obs: &Observation<'_, '_>) -> u8 {
    let rules = &obs.map().rules;
    let deal = if obs.phase() == Phase::SetupKeep { rules.setup_tickets } else { rules.draw_tickets };
    deal.keep.min(obs.offer().len() as u8).max(1)
}

/// Most tickets that may be kept from the current offer (a setup draft keeps exactly its
/// rule set's number).
#[must_use]
pub fn keep_max(obs: &Observation<'_, '_>) -> u8 {
    let rules = &obs.map().rules;
    if obs.phase() == Phase::SetupKeep && rules.setup_tickets.draft {
        keep_min(obs)
    } else {
        obs.offer().len() as u8
    }
}

/// "Keep every ticket", capped at the most that may be kept: the first ones in offer order
/// (a draft keeps exactly its rule set's number).
#[must_use]
pub fn keep_all(obs: &Observation<'_, '_>) -> u8 {
    obs.offer().full_mask() & ((1u16 << keep_max(obs)) - 1) as u8
}

/// Draft pick: the ticket of the packet worth the most points (the first on ties).
#[must_use]
pub fn draft_pick(obs: &Observation<'_, '_>) -> Action {
    let map = obs.map();
    let packet = obs.offer();
    let best = (0..packet.len()).rev().max_by_key(|&i| map.ticket(packet.tickets()[i]).points).unwrap_or(0);
    Action::Pick(best as u8)
}

/// Keep masks over an offer of `n` tickets with `min..=max` set: by size, smallest
/// first, then in lexicographic order of offer positions (the order of combinations).
pub fn keep_masks(n: usize, min: u8, max: u8) -> impl Iterator<Item = u8> {
    let min = u32::from(min.max(1));
    (min..=u32::from(max).min(n as u32)).flat_map(move |size| {
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
    let legal = obs.legal_actions().expect("asked to move when not to move");
    legal.get(rng.random_range(0..legal.len()))
}

/// A uniformly random legal card draw (a face-up card or blind), if there is one.
pub fn random_draw(obs: &Observation<'_, '_>, rng: &mut impl Rng) -> Option<Action> {
    let second = obs.phase() == Phase::SecondCard;
    if !second && obs.phase() != Phase::Turn {
        return None;
    }
    let mut draws = [Action::DrawBlind; 6];
    let mut n = 0;
    for slot in 0..obs.market().len() as u8 {
        if may_take_face_up(obs, slot, second) {
            draws[n] = Action::TakeFaceUp(slot);
            n += 1;
        }
    }
    if can_draw_blind(obs) {
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

/// Points a route scores when claimed, mountain points included.
#[must_use]
pub fn route_score(map: &Map, r: RouteId) -> u32 {
    let route = map.route(r);
    u32::from(map.route_points(route.length)) + u32::from(route.mountains) * u32::from(map.rules.mountain_points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keep_masks_go_by_size_then_position() {
        let masks: Vec<u8> = keep_masks(3, 1, 3).collect();
        assert_eq!(masks, vec![0b001, 0b010, 0b100, 0b011, 0b101, 0b110, 0b111]);
        assert_eq!(keep_masks(5, 2, 5).count(), 26);
        assert_eq!(keep_masks(6, 4, 4).count(), 15);
        let pairs: Vec<u8> = keep_masks(4, 2, 4).take(3).collect();
        assert_eq!(pairs, vec![0b0011, 0b0101, 0b1001]);
    }
}
