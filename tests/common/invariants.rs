//! The invariants the property tests check after every action: of a position (cards and
//! trains conserved, ownership consistent, routes open as the owners say) and of a
//! transition (what one action did, against docs/rules.md). Shared by `tests/properties.rs`, the
//! fuzz-style property tests and the `actions` fuzz target.

use std::fmt;

use ttr::{Action, Card, CardCounts, GameState, Phase, RouteId, RouteSet, Seat};

/// Where a check failed: enough to replay the game.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub map: &'a str,
    pub players: usize,
    pub seed: u64,
    pub action: usize,
}

impl fmt::Display for Ctx<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "map {} with {} players, seed {}, after action {}", self.map, self.players, self.seed, self.action)
    }
}

pub fn seats(state: &GameState<'_>) -> impl Iterator<Item = Seat> {
    (0..state.players()).map(|s| Seat(s as u8))
}

/// Every train card of the game wherever it is: deck, discard, market, hands, the cards
/// revealed for a tunnel and the cards laid for it.
pub fn cards_in_play(state: &GameState<'_>) -> CardCounts {
    let mut all = state.deck();
    all.add(&state.discard());
    for card in state.market().into_iter().chain(state.revealed()).flatten() {
        all[card] += 1;
    }
    for seat in seats(state) {
        all.add(&state.hand(seat));
    }
    if let Phase::Tunnel { laid, .. } = state.phase() {
        all.add(&laid);
    }
    all
}

/// The routes a seat may still claim, recomputed from who owns what.
pub fn expected_open(state: &GameState<'_>, seat: Seat) -> RouteSet {
    let map = state.map();
    let one_track_only = state.players() < usize::from(state.rules().doubles_both_from);
    let mut closed = state.claimed();
    for owner in seats(state) {
        for r in state.owned(owner).iter() {
            if let Some(twin) = map.route(r).twin {
                if owner == seat || one_track_only {
                    closed.insert(twin);
                }
            }
        }
    }
    map.all_routes().minus(closed)
}

/// The invariants that hold after every action.
pub fn check_position(state: &GameState<'_>, ctx: Ctx<'_>) {
    if let Err(problems) = state.check_invariants() {
        panic!("{ctx}: {problems}");
    }
    let map = state.map();
    let rules = state.rules();
    let cards = cards_in_play(state);
    assert_eq!(cards.total(), 110, "{ctx}: train cards {cards}");
    assert_eq!(cards, rules.deck.counts(), "{ctx}: train cards by kind");

    let one_track_only = state.players() < usize::from(rules.doubles_both_from);
    let mut claimed = RouteSet::EMPTY;
    for seat in seats(state) {
        let owned = state.owned(seat);
        // Trains on the board, in the mountain pass and on the provinces board, and in supply.
        let used: u32 = owned.iter().map(|r| u32::from(map.route(r).trains_needed())).sum();
        let provinces = state.province_trains(seat);
        let total = u32::from(state.trains(seat)) + used + provinces;
        assert_eq!(total, u32::from(rules.trains), "{ctx}: trains of seat {}", seat.0);
        assert!(claimed.and(owned).is_empty(), "{ctx}: seat {} owns a route another seat owns", seat.0);
        claimed = claimed.or(owned);
        for r in owned.iter() {
            if let Some(twin) = map.route(r).twin {
                assert!(!owned.contains(twin), "{ctx}: seat {} owns both tracks of route {}", seat.0, r.0);
            }
        }
        assert_eq!(state.open_to(seat), expected_open(state, seat), "{ctx}: routes open to seat {}", seat.0);
    }
    assert_eq!(claimed, state.claimed(), "{ctx}: claimed routes");
    if one_track_only {
        for r in claimed.iter() {
            if let Some(twin) = map.route(r).twin {
                assert!(
                    !claimed.contains(twin),
                    "{ctx}: both tracks of route {} claimed with {} players",
                    r.0,
                    state.players()
                );
            }
        }
    }
    assert!(state.turns() <= rules.turn_cap, "{ctx}: past the turn cap");
}

/// Face-up locomotives in a market.
pub fn face_up_locos(state: &GameState<'_>) -> usize {
    state.market().iter().filter(|c| **c == Some(Card::Loco)).count()
}

/// What one action did, against docs/rules.md: cards, trains, points, tickets and the phase.
pub fn check_transition(before: &GameState<'_>, action: Action, after: &GameState<'_>, ctx: Ctx<'_>) {
    let map = before.map();
    let rules = before.rules();
    let seat = before.to_move();
    let (hand0, hand1) = (before.hand(seat), after.hand(seat));
    let turn_ended = after.turns() == before.turns() + 1;
    let hand_change = |gained: CardCounts, lost: CardCounts| {
        let mut expected = hand0;
        expected.add(&gained);
        expected.remove(&lost);
        assert_eq!(hand1, expected, "{ctx}: hand after {action:?}");
    };
    match (before.phase(), action) {
        (phase, Action::TakeFaceUp(slot)) => {
            let card = before.market()[usize::from(slot)].expect("legal");
            hand_change(CardCounts::of(card, 1), CardCounts::EMPTY);
            let mut known = before.known_cards(seat);
            known[card] += 1;
            assert_eq!(after.known_cards(seat), known, "{ctx}: known after a face-up take");
            let whole_draw = card == Card::Loco && rules.face_up_loco_ends_draw;
            if phase != Phase::SecondCard && !whole_draw {
                assert!(after.phase() == Phase::SecondCard || turn_ended, "{ctx}: no second card");
            } else {
                assert!(turn_ended, "{ctx}: the draw did not end after {action:?} in {phase:?}");
            }
        }
        (phase, Action::DrawBlind) => {
            assert_eq!(hand1.total(), hand0.total() + 1, "{ctx}: blind draw");
            assert_eq!(after.known_cards(seat), before.known_cards(seat), "{ctx}: a blind card became known");
            assert!(phase == Phase::SecondCard || after.phase() == Phase::SecondCard || turn_ended, "{ctx}");
        }
        (_, Action::Claim { route, pay }) => {
            hand_change(CardCounts::EMPTY, pay);
            let r = map.route(route);
            if r.tunnel {
                // The top 3 cards are revealed, fewer when deck and discard hold fewer.
                let color = pay.single_color();
                let revealed: Vec<Card> = after.revealed().into_iter().flatten().collect();
                let available = before.deck().total() + before.discard().total();
                assert_eq!(revealed.len() as u32, available.min(3), "{ctx}: cards revealed");
                let counting = revealed.iter().filter(|&&c| c == Card::Loco || Some(c) == color).count();
                assert_eq!(
                    after.phase(),
                    Phase::Tunnel { route, laid: pay, due: counting as u8 },
                    "{ctx}: tunnel surcharge for {revealed:?}"
                );
            } else {
                claimed_by(before, after, seat, route, ctx);
                assert!(turn_ended, "{ctx}");
            }
        }
        (Phase::Tunnel { route, .. }, Action::TunnelPay(extra)) => {
            hand_change(CardCounts::EMPTY, extra);
            claimed_by(before, after, seat, route, ctx);
            assert!(turn_ended && after.revealed() == [None; 3], "{ctx}");
        }
        (Phase::Tunnel { laid, .. }, Action::TunnelBack) => {
            hand_change(laid, CardCounts::EMPTY);
            assert_eq!(after.owned(seat), before.owned(seat), "{ctx}");
            assert!(turn_ended && after.revealed() == [None; 3], "{ctx}");
        }
        (_, Action::DrawTickets) => {
            let k = before.ticket_deck().len().min(usize::from(rules.draw_tickets.deal));
            let deck: Vec<_> = before.ticket_deck().iter().collect();
            assert_eq!(after.phase(), Phase::KeepTickets, "{ctx}");
            assert_eq!(after.offer(seat).tickets(), &deck[..k], "{ctx}: tickets come from the top");
            assert!(after.ticket_deck().iter().eq(deck[k..].iter().copied()), "{ctx}");
        }
        (phase, Action::Keep(mask)) => {
            let offer = before.offer(seat);
            let kept = offer.selected(mask);
            assert_eq!(after.tickets(seat), before.tickets(seat).or(kept), "{ctx}: tickets kept");
            assert!(after.offer(seat).is_empty(), "{ctx}");
            let deal = if phase == Phase::SetupKeep { rules.setup_tickets } else { rules.draw_tickets };
            let returned = offer.tickets().iter().enumerate().filter(|&(i, _)| mask >> i & 1 == 0).map(|(_, &t)| t);
            let to_bottom: Vec<_> = match deal.returned {
                ttr::Returned::Bottom | ttr::Returned::Shuffle => returned.collect(),
                ttr::Returned::Box => Vec::new(),
            };
            let mut expected: Vec<_> = before.ticket_deck().iter().chain(to_bottom).collect();
            let mut deck: Vec<_> = after.ticket_deck().iter().collect();
            if deal.returned == ttr::Returned::Shuffle {
                // Shuffled back after the last keep: the same tickets, in any order.
                expected.sort();
                deck.sort();
            }
            assert_eq!(deck, expected, "{ctx}: returned tickets");
        }
        (_, Action::Pass) => assert!(turn_ended && hand1 == hand0, "{ctx}"),
        (Phase::Draft, Action::Pick(i)) => {
            let ticket = before.offer(seat).tickets()[usize::from(i)];
            let picked =
                after.drafted(seat).tickets().contains(&ticket) || after.offer(seat).tickets().contains(&ticket);
            assert!(picked && hand1 == hand0, "{ctx}: draft pick");
        }
        (Phase::Turn, Action::ExpressCards(value)) => {
            let available = before.deck().total() + before.discard().total();
            assert_eq!(hand1.total(), hand0.total() + u32::from(value).min(available), "{ctx}: express cards");
            assert_eq!(after.express_cards(seat).count() + 1, before.express_cards(seat).count(), "{ctx}");
            assert!(after.phase() == Phase::FirstCard || turn_ended, "{ctx}: the normal draw follows");
        }
        (Phase::Turn, Action::ExpressTickets(value)) => {
            let offered = usize::from(rules.draw_tickets.deal + value).min(6).min(before.ticket_deck().len());
            assert_eq!((after.phase(), after.offer(seat).len()), (Phase::KeepTickets, offered), "{ctx}");
            assert_eq!(after.express_cards(seat).count() + 1, before.express_cards(seat).count(), "{ctx}");
        }
        (Phase::Turn, Action::ClaimProvince { route, pay, express, .. }) => {
            hand_change(CardCounts::EMPTY, pay);
            assert!(after.owned(seat).contains(route) && turn_ended, "{ctx}");
            let needed = map.route(route).trains_needed() + 1;
            assert_eq!(after.trains(seat) + needed, before.trains(seat), "{ctx}: route and provinces trains");
            assert_eq!(after.province_trains(seat), before.province_trains(seat) + 1, "{ctx}");
            let used = usize::from(express != 0);
            assert_eq!(after.express_cards(seat).count() + used, before.express_cards(seat).count(), "{ctx}");
        }
        (phase, a) => panic!("{ctx}: {a:?} applied in {phase:?}"),
    }
    // The 3-locomotive reset (docs/rules.md 5): a row that just changed and shows 3 locomotives
    // stays only when the piles hold fewer than 3 other cards.
    if rules.loco_reset && after.market() != before.market() && face_up_locos(after) >= 3 {
        let others = after.deck().colored() + after.discard().colored();
        assert!(others < 3, "{ctx}: {} face-up locomotives with {others} other cards to draw", face_up_locos(after));
    }
}

/// `route` went to `seat`: trains and points at once by docs/rules.md.
pub fn claimed_by(before: &GameState<'_>, after: &GameState<'_>, seat: Seat, route: RouteId, ctx: Ctx<'_>) {
    let map = before.map();
    let r = map.route(route);
    assert_eq!(after.owned(seat), before.owned(seat).with(route), "{ctx}: owned after the claim");
    assert_eq!(after.trains(seat), before.trains(seat) - r.trains_needed(), "{ctx}: trains");
    let points = i32::from(map.route_points(r.length)) + i32::from(r.mountains) * i32::from(map.rules.mountain_points);
    assert_eq!(after.route_points(seat), before.route_points(seat) + points, "{ctx}: route points");
}
