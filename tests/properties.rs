//! Property tests over thousands of seeded random games on every map.
//!
//! A uniform random chooser plays each game. After every action the state's invariants are
//! checked, both through `GameState::check_invariants` and directly here; at sampled positions
//! the legal-action generator is compared with `GameState::check`, and illegal actions are
//! shown to be refused without a trace; at the end the score is checked against its parts.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::BonusKind;
use ttr::MARKET_SLOTS;
use ttr::MAX_OFFER;
use ttr::{Action, Card, CardCounts, CityId, EndReason, GameState, Map, Phase, RouteId, RouteSet, Seat, Setup};

mod common;
use common::invariants::{check_position, check_transition, seats, Ctx};
use common::load;

/// Legal-action generation and refusals are checked at every this-many-th action.
const SAMPLE_EVERY: usize = 7;

/// Canonical payments `hand` allows for `route`: one colour plus locomotives, any split.
fn canonical_claims(map: &Map, route: RouteId, hand: &CardCounts, out: &mut HashSet<Action>) {
    let r = map.route(route);
    let colors = match r.color {
        Some(c) => vec![c],
        None => Card::COLORS.to_vec(),
    };
    for color in colors {
        for locos in 0..=r.length {
            let pay = CardCounts::of(color, r.length - locos).with(Card::Loco, locos);
            if hand.contains(&pay) {
                out.insert(Action::Claim { route, pay });
            }
        }
    }
}

fn market_draws(out: &mut HashSet<Action>) {
    for slot in 0..MARKET_SLOTS as u8 {
        out.insert(Action::TakeFaceUp(slot));
    }
    out.insert(Action::DrawBlind);
}

/// A superset of the canonical actions of the position, built without the generator.
fn canonical_candidates(state: &GameState<'_>) -> HashSet<Action> {
    let mut out = HashSet::new();
    match state.phase() {
        Phase::Over(_) => {}
        Phase::SetupKeep | Phase::KeepTickets => {
            for mask in 0..=u8::MAX {
                out.insert(Action::Keep(mask));
            }
        }
        Phase::SecondCard | Phase::FirstCard => market_draws(&mut out),
        Phase::Draft => {
            for i in 0..6 {
                out.insert(Action::Pick(i));
            }
        }
        Phase::Turn => {
            for &value in &state.map().rules.express {
                out.insert(Action::ExpressCards(value));
                out.insert(Action::ExpressTickets(value));
            }
            market_draws(&mut out);
            out.insert(Action::DrawTickets);
            out.insert(Action::Pass);
            let hand = state.hand(state.to_move());
            for i in 0..state.map().routes().len() {
                canonical_claims(state.map(), RouteId(i as u8), &hand, &mut out);
                province_claims(state.map(), RouteId(i as u8), &hand, &mut out);
            }
        }
        Phase::Tunnel { laid, due, .. } => {
            out.insert(Action::TunnelBack);
            for locos in 0..=due {
                let extra = match laid.single_color() {
                    Some(c) => CardCounts::of(c, due - locos).with(Card::Loco, locos),
                    None => CardCounts::of(Card::Loco, due),
                };
                out.insert(Action::TunnelPay(extra));
            }
        }
    }
    out
}

/// Claims with a provinces train (docs/rules.md 4): on the route's line (any line for gray), paid
/// with one colour the route takes and locomotives (at least its length: more aims higher),
/// with or without an express card.
fn province_claims(map: &Map, route: RouteId, hand: &CardCounts, out: &mut HashSet<Action>) {
    let Some(board) = map.rules.provinces.as_ref() else { return };
    let r = map.route(route);
    let colors: Vec<Card> = r.color.map_or(Card::COLORS.to_vec(), |c| vec![c]);
    let mut pays = Vec::new();
    for &c in &colors {
        for x in 1..=hand[c] {
            for k in 0..=hand[Card::Loco] {
                pays.push(CardCounts::of(c, x).with(Card::Loco, k));
            }
        }
    }
    pays.extend((1..=hand[Card::Loco]).map(|k| CardCounts::of(Card::Loco, k)));
    for &line in board.keys().filter(|l| r.color.is_none_or(|c| c == **l)) {
        for &pay in &pays {
            for express in std::iter::once(0).chain(map.rules.express.iter().copied()) {
                out.insert(Action::ClaimProvince { route, pay, line, express });
            }
        }
    }
}

/// Whether any valid payment for `route` can be made from `hand`, substitutes included
/// (docs/rules.md 2): the required locomotives, the colour spaces in one colour with spare
/// locomotives where they may be played, and groups of any cards standing in for required
/// locomotives (`ferry_substitute`) or for colour cards (the route's `any_cards`).
fn payment_exists(map: &Map, route: RouteId, hand: &CardCounts) -> bool {
    let r = map.route(route);
    let rules = &map.rules;
    let wild = rules.locos == ttr::LocoUse::Wild || r.ferry_locos > 0 || r.tunnel;
    let loco_sub = if r.ferry_locos > 0 { rules.ferry_substitute } else { 0 };
    let max_sf = if loco_sub > 0 { r.ferry_locos } else { 0 };
    let max_sc = if r.any_cards > 0 { r.length - r.ferry_locos } else { 0 };
    let colors = match r.color {
        Some(c) => vec![c],
        None => Card::COLORS.to_vec(),
    };
    for s_f in 0..=max_sf {
        for s_c in 0..=max_sc {
            let direct_locos = u32::from(r.ferry_locos - s_f);
            let color_spaces = u32::from(r.length - r.ferry_locos - s_c);
            let groups = u32::from(loco_sub) * u32::from(s_f) + u32::from(r.any_cards) * u32::from(s_c);
            for &c in &colors {
                let from_color = color_spaces.min(u32::from(hand[c]));
                let locos = direct_locos + color_spaces - from_color;
                if (locos > direct_locos && !wild) || u32::from(hand[Card::Loco]) < locos {
                    continue;
                }
                if hand.total() >= direct_locos + color_spaces + groups {
                    return true;
                }
            }
        }
    }
    false
}

/// The generator lists each legal action once (`iter`, `get` and `pick` in one order),
/// every listed action passes `check`, it lists every canonical action `check` accepts and
/// nothing else but substitute payments, and it offers every route that some payment
/// (substitutes included) can claim.
fn check_legal(state: &GameState<'_>, ctx: Ctx<'_>) {
    let map = state.map();
    let legal = state.legal_actions();
    let listed: Vec<Action> = legal.iter().collect();
    assert_eq!(listed.len(), legal.len() as usize, "{ctx}: len vs iter");
    for (k, action) in listed.iter().enumerate() {
        assert_eq!(legal.get(k as u32), *action, "{ctx}: iter and get disagree at {k}");
        let picked = legal.pick(|n| {
            assert_eq!(n, legal.len(), "{ctx}: pick offers another count than len");
            k as u32
        });
        assert_eq!(picked, *action, "{ctx}: iter and pick disagree at {k}");
    }
    assert_eq!(legal.is_empty(), state.is_over(), "{ctx}: no legal action");
    let set: HashSet<Action> = listed.iter().copied().collect();
    assert_eq!(set.len(), listed.len(), "{ctx}: duplicate legal actions");
    for &a in &listed {
        if let Err(reason) = state.check(a) {
            panic!("{ctx}: generated {a:?} is refused: {reason}");
        }
    }
    let accepted: HashSet<Action> =
        canonical_candidates(state).into_iter().filter(|&a| state.check(a).is_ok()).collect();
    let missing: Vec<_> = accepted.difference(&set).collect();
    assert!(missing.is_empty(), "{ctx}: phase {:?}: legal but not generated {missing:?}", state.phase());
    for extra in set.difference(&accepted) {
        let substitute = match extra {
            Action::Claim { route, pay } => {
                let r = map.route(*route);
                let may_substitute = r.any_cards > 0 || (r.ferry_locos > 0 && map.rules.ferry_substitute > 0);
                // A substitute group is several cards in one space's place.
                may_substitute && pay.total() > u32::from(r.length)
            }
            _ => false,
        };
        assert!(substitute, "{ctx}: generated {extra:?} is not canonical");
    }

    // `is_legal` answers without the list exactly as the list does: for every listed action,
    // every candidate, every known illegal example and near misses of the listed actions.
    let mut probes = canonical_candidates(state);
    probes.extend(illegal_examples(state));
    probes.extend(near_misses(state, &listed));
    for a in probes.iter().chain(&listed) {
        assert_eq!(legal.is_legal(*a), set.contains(a), "{ctx}: phase {:?}: is_legal({a:?})", state.phase());
    }

    // The payments of one route are those of its listed claims, in order.
    for i in 0..map.routes().len() {
        let route = RouteId(i as u8);
        let listed_pays: Vec<CardCounts> = listed
            .iter()
            .filter_map(|a| match *a {
                Action::Claim { route: r, pay } if r == route => Some(pay),
                _ => None,
            })
            .collect();
        let pays: Vec<CardCounts> =
            legal.claim_payments(route).map_or(Vec::new(), |p| (0..p.len()).map(|k| p.get(k)).collect());
        assert_eq!(pays, listed_pays, "{ctx}: payments of route {i}");
    }

    let claimed_by_actions: RouteSet = listed
        .iter()
        .filter_map(|a| match a {
            Action::Claim { route, .. } => Some(*route),
            _ => None,
        })
        .collect();
    assert_eq!(legal.claimable_routes(), claimed_by_actions, "{ctx}: claimable routes");
    if state.phase() == Phase::Turn {
        let seat = state.to_move();
        let hand = state.hand(seat);
        let payable: RouteSet = state
            .open_to(seat)
            .iter()
            .filter(|&r| map.route(r).trains_needed() <= state.trains(seat))
            .filter(|&r| payment_exists(map, r, &hand))
            .collect();
        assert_eq!(claimed_by_actions, payable, "{ctx}: routes claimable with hand {hand}");
        for r in map.all_routes().iter() {
            let exists = payment_exists(map, r, &hand);
            assert_eq!(ttr::can_pay(map.route(r), &hand, &map.rules), exists, "{ctx}: can_pay {r:?} with {hand}");
        }
    }
}

/// Actions one step away from the listed ones: another route, another slot, a card more or
/// less of each kind, another line or express card, another ticket position.
fn near_misses(state: &GameState<'_>, listed: &[Action]) -> HashSet<Action> {
    let routes = state.map().routes().len() as u8;
    let mut out = HashSet::new();
    let pays = |pay: CardCounts| {
        let more = Card::ALL.into_iter().map(move |c| pay.with(c, pay[c] + 1));
        let less = Card::ALL.into_iter().filter(move |&c| pay[c] > 0).map(move |c| pay.with(c, pay[c] - 1));
        more.chain(less)
    };
    for &action in listed {
        match action {
            Action::Claim { route, pay } => {
                for other in [route.0.wrapping_sub(1), route.0 + 1, route.0 ^ 1] {
                    out.insert(Action::Claim { route: RouteId(other.min(routes)), pay });
                }
                out.extend(pays(pay).map(|pay| Action::Claim { route, pay }));
            }
            Action::ClaimProvince { route, pay, line, express } => {
                for other in Card::ALL {
                    out.insert(Action::ClaimProvince { route, pay, line: other, express });
                }
                for e in 0..=4 {
                    out.insert(Action::ClaimProvince { route, pay, line, express: e });
                }
                out.insert(Action::ClaimProvince { route: RouteId(route.0 ^ 1), pay, line, express });
                out.insert(Action::Claim { route, pay });
                out.extend(pays(pay).map(|pay| Action::ClaimProvince { route, pay, line, express }));
            }
            Action::TunnelPay(extra) => out.extend(pays(extra).map(Action::TunnelPay)),
            Action::Pick(i) => {
                out.insert(Action::Pick(i + 1));
            }
            Action::ExpressCards(_) | Action::ExpressTickets(_) => {
                for value in 0..=4 {
                    out.insert(Action::ExpressCards(value));
                    out.insert(Action::ExpressTickets(value));
                }
            }
            _ => {}
        }
    }
    for slot in 0..8 {
        out.insert(Action::TakeFaceUp(slot));
        out.insert(Action::Pick(slot));
    }
    out
}

/// One card fewer of the kind the payment holds most of (locomotives last).
fn one_card_short(pay: &CardCounts) -> CardCounts {
    let mut short = *pay;
    let card = Card::ALL.into_iter().max_by_key(|&c| (pay[c], !c.is_loco())).expect("nine kinds");
    short[card] -= 1;
    short
}

/// Actions the rules do not allow in this position.
fn illegal_examples(state: &GameState<'_>) -> Vec<Action> {
    let map = state.map();
    let phase = state.phase();
    let seat = state.to_move();
    let mut bad = vec![
        Action::TakeFaceUp(MARKET_SLOTS as u8),
        Action::TakeFaceUp(u8::MAX),
        Action::Keep(0),
        Action::Claim { route: RouteId(map.routes().len() as u8), pay: CardCounts::EMPTY },
    ];
    if phase != Phase::Turn {
        bad.push(Action::DrawTickets);
        bad.push(Action::Pass);
        bad.push(Action::Claim { route: RouteId(0), pay: CardCounts::of(Card::Loco, map.route(RouteId(0)).length) });
    }
    if !matches!(phase, Phase::Tunnel { .. }) {
        bad.push(Action::TunnelBack);
        bad.push(Action::TunnelPay(CardCounts::EMPTY));
    }
    if matches!(phase, Phase::Turn | Phase::FirstCard | Phase::SecondCard) {
        for (slot, card) in state.market().into_iter().enumerate() {
            match card {
                None => bad.push(Action::TakeFaceUp(slot as u8)),
                Some(Card::Loco) if phase == Phase::SecondCard && state.rules().face_up_loco_ends_draw => {
                    bad.push(Action::TakeFaceUp(slot as u8));
                }
                Some(_) => {}
            }
        }
    } else {
        bad.push(Action::DrawBlind);
        bad.push(Action::TakeFaceUp(0));
    }
    match phase {
        Phase::Turn => {
            let legal = state.legal_actions();
            if legal.get(0) != Action::Pass {
                bad.push(Action::Pass);
            }
            // Wrong payments for routes the seat could claim: one card too many or too few.
            for action in legal.iter().filter(|a| matches!(a, Action::Claim { .. })).take(4) {
                let Action::Claim { route, pay } = action else { unreachable!() };
                let extra = Card::ALL.into_iter().find(|&c| pay[c] > 0).expect("a payment holds cards");
                bad.push(Action::Claim { route, pay: pay.with(extra, 1) });
                bad.push(Action::Claim { route, pay: one_card_short(&pay) });
            }
            // Routes already claimed, paid in their colour (red for gray) as far as the hand allows.
            let hand = state.hand(seat);
            for route in state.claimed().iter().take(2) {
                let r = map.route(route);
                let color = r.color.unwrap_or(Card::Red);
                bad.push(Action::Claim { route, pay: CardCounts::of(color, r.length.min(hand[color])) });
            }
            // A payment the hand does not hold.
            if let Some(route) = state.open_to(seat).first_item() {
                bad.push(Action::Claim { route, pay: hand.with(Card::Loco, 1) });
            }
        }
        Phase::SetupKeep | Phase::KeepTickets => {
            let offered = state.offer(seat).len();
            assert!(offered <= MAX_OFFER);
            bad.push(Action::Keep(1 << offered));
            bad.push(Action::Keep(u8::MAX));
        }
        Phase::Tunnel { laid, due, .. } => {
            let hand = state.hand(seat);
            bad.push(Action::TunnelPay(CardCounts::of(Card::Loco, due + 1)));
            let other = Card::COLORS.into_iter().find(|&c| Some(c) != laid.single_color() && hand[c] > 0);
            if let (Some(c), true) = (other, due > 0) {
                bad.push(Action::TunnelPay(CardCounts::of(c, 1).with(Card::Loco, (due - 1).min(hand[Card::Loco]))));
            }
        }
        Phase::SecondCard | Phase::FirstCard | Phase::Draft | Phase::Over(_) => {}
    }
    bad
}

/// Illegal actions are refused, name the action and seat, and leave the state as it was:
/// the next legal action `next` then has exactly the outcome it has on an untouched copy,
/// so not even the random generator moved.
fn check_refusals(state: &GameState<'_>, next: Action, ctx: Ctx<'_>) {
    let before = state.to_setup();
    let mut probe = state.clone();
    for bad in illegal_examples(state) {
        assert!(state.check(bad).is_err(), "{ctx}: {bad:?} passes check in {:?}", state.phase());
        match probe.try_apply(bad) {
            Ok(()) => panic!("{ctx}: {bad:?} was applied in {:?}", state.phase()),
            Err(e) => {
                assert_eq!(e.action, bad, "{ctx}");
                assert_eq!(e.seat, state.to_move(), "{ctx}");
            }
        }
        assert!(probe.to_setup() == before, "{ctx}: refusing {bad:?} changed the state");
    }
    let mut control = state.clone();
    probe.try_apply(next).expect("legal");
    control.try_apply(next).expect("legal");
    assert!(probe.to_setup() == control.to_setup(), "{ctx}: refused actions changed what {next:?} does");
}

/// Union-find root of a city.
fn root(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Connected components of a seat's routes: a label per city.
fn components(map: &Map, owned: RouteSet) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..map.cities().len()).collect();
    for r in owned.iter() {
        let route = map.route(r);
        let (a, b) = (root(&mut parent, route.a.index()), root(&mut parent, route.b.index()));
        parent[a] = b;
    }
    (0..parent.len()).map(|c| root(&mut parent, c)).collect()
}

/// Length of the longest trail over `unused` starting at `city`: each route used at most
/// once, cities may repeat.
fn trail_from(map: &Map, city: CityId, unused: RouteSet) -> u16 {
    let mut best = 0;
    for id in unused.iter() {
        let r = map.route(id);
        let next = if r.a == city {
            r.b
        } else if r.b == city {
            r.a
        } else {
            continue;
        };
        best = best.max(u16::from(r.length) + trail_from(map, next, unused.without(id)));
    }
    best
}

/// The final tally adds up, agrees with the running route points and with tickets and
/// networks recomputed here, and the game ended for a reason the rules give.
fn check_final(state: &GameState<'_>, ctx: Ctx<'_>) -> EndReason {
    let map = state.map();
    let rules = state.rules();
    let Phase::Over(end) = state.phase() else {
        panic!("{ctx}: not over");
    };
    let result = state.result();
    assert_eq!(result.end, end, "{ctx}");
    assert_eq!(result.turns, state.turns(), "{ctx}");
    assert_eq!(usize::from(result.players), state.players(), "{ctx}");
    assert!(result.turns <= rules.turn_cap, "{ctx}: {} turns", result.turns);
    match end {
        EndReason::Trains => {
            assert!(seats(state).any(|s| state.trains(s) <= rules.end_trains), "{ctx}: ended on trains with nobody low")
        }
        EndReason::TurnCap => assert_eq!(result.turns, rules.turn_cap, "{ctx}"),
        EndReason::Passes => {}
    }
    assert_eq!(state.scores(), result.seats.map(|r| r.score), "{ctx}: the search's scores");
    for seat in seats(state) {
        let r = result.seats[seat];
        let at = format!("{ctx}, seat {}", seat.0);
        assert_eq!(
            r.score,
            r.route_points + r.ticket_points_gained - r.ticket_points_lost + r.bonus_points,
            "{at}: score"
        );
        assert_eq!(r.route_points, state.route_points(seat), "{at}");
        assert_eq!(r.trains_left, state.trains(seat), "{at}");

        let owned = state.owned(seat);
        let label = components(map, owned);
        let (mut gained, mut lost, mut done) = (0, 0, 0);
        for t in state.tickets(seat).iter() {
            let ticket = map.ticket(t);
            if label[ticket.a.index()] == label[ticket.b.index()] {
                gained += i32::from(ticket.points);
                done += 1;
            } else {
                lost += i32::from(ticket.points);
            }
        }
        assert_eq!(r.ticket_points_gained, gained, "{at}: tickets gained");
        assert_eq!(r.ticket_points_lost, lost, "{at}: tickets lost");
        assert_eq!(r.tickets_completed, done, "{at}");
        assert_eq!(u32::from(r.tickets_completed) + u32::from(r.tickets_failed), state.tickets(seat).count(), "{at}");

        let mut touched: Vec<CityId> = Vec::new();
        let mut total_length = 0u16;
        let mut longest_route = 0u16;
        for route in owned.iter().map(|id| map.route(id)) {
            touched.extend([route.a, route.b]);
            total_length += u16::from(route.length);
            longest_route = longest_route.max(u16::from(route.length));
        }
        let largest = touched
            .iter()
            .map(|c| {
                let l = label[c.index()];
                let mut cities: Vec<_> = touched.iter().filter(|d| label[d.index()] == l).collect();
                cities.sort_unstable();
                cities.dedup();
                cities.len()
            })
            .max()
            .unwrap_or(0);
        assert_eq!(usize::from(r.largest_network), largest, "{at}: network");
        assert!(
            (longest_route..=total_length).contains(&r.longest_path),
            "{at}: longest path {} outside {longest_route}..={total_length}",
            r.longest_path
        );
        let longest = touched.iter().map(|&c| trail_from(map, c, owned)).max().unwrap_or(0);
        assert_eq!(r.longest_path, longest, "{at}: longest path");
        let mountain = owned.iter().filter(|&id| map.route(id).mountains > 0);
        assert_eq!(usize::from(r.mountain_routes), mountain.count(), "{at}");
    }
    for (s, r) in result.seats.iter().enumerate().skip(state.players()) {
        assert_eq!(*r, Default::default(), "{ctx}: seat {s} is not playing");
    }

    let played = result.seats();
    let mut bonus = vec![0; played.len()];
    for b in &rules.bonuses {
        let value = |r: &ttr::SeatResult| match b.kind {
            BonusKind::LongestPath => u32::from(r.longest_path),
            BonusKind::MostTickets => u32::from(r.tickets_completed),
            BonusKind::LargestNetwork => u32::from(r.largest_network),
        };
        let best = played.iter().map(value).max().unwrap_or(0);
        for (s, r) in played.iter().enumerate() {
            if best >= 1 && value(r) == best {
                bonus[s] += i32::from(b.points);
            }
        }
    }
    // Provinces (docs/rules.md 4): per line, players with a train ranked by the sum of their
    // spaces, ties to the higher single space, paid by the table for this player count.
    if let Some(board) = &rules.provinces {
        let table = &rules.province_awards[played.len() - 2];
        for (line, values) in board {
            let held = state.provinces()[line.index()];
            let mut standing: Vec<(u32, u8, usize)> = (0..played.len())
                .filter(|&s| held[s] != 0)
                .map(|s| {
                    let mine: Vec<u8> =
                        (0..values.len()).filter(|&i| held[s] >> i & 1 == 1).map(|i| values[i]).collect();
                    (mine.iter().map(|&v| u32::from(v)).sum(), *mine.iter().max().unwrap(), s)
                })
                .collect();
            standing.sort_by(|x, y| y.cmp(x));
            for (rank, &(_, _, s)) in standing.iter().enumerate() {
                let award = i32::from(table.get(rank).copied().unwrap_or(0));
                bonus[s] += award;
            }
        }
    }
    let province_given: i32 = played.iter().map(|r| r.province_points).sum();
    assert!(province_given >= 0 && (rules.provinces.is_some() || province_given == 0), "{ctx}");
    let bonus_given: Vec<i32> = played.iter().map(|r| r.bonus_points).collect();
    assert_eq!(bonus_given, bonus, "{ctx}: bonuses");

    let best = played.iter().map(|r| r.score).max().expect("players");
    assert!(!result.winners.is_empty(), "{ctx}: no winner");
    for w in result.winners.iter() {
        assert_eq!(played[w.index()].score, best, "{ctx}: winner {}", w.0);
    }
    if played.iter().filter(|r| r.score == best).count() == 1 {
        assert_eq!(result.winners.count(), 1, "{ctx}: a single top score shares the win");
    }
    end
}

/// Plays one game with a uniform random chooser, checking every position; returns how it
/// ended and the number of actions played.
fn play_checked(map: &Map, players: usize, seed: u64) -> (EndReason, usize) {
    let mut ctx = Ctx { map: &map.name, players, seed, action: 0 };
    let mut state = GameState::new(map, players, seed).unwrap_or_else(|e| panic!("{ctx}: {e}"));
    let mut chooser = Pcg64Mcg::seed_from_u64(seed.rotate_left(17) ^ 0xC0FF_EE00);
    check_position(&state, ctx);
    // A turn takes at most two decisions, setup one per seat.
    let most_actions = 2 * usize::from(map.rules.turn_cap) + players;
    let mut final_from = None;
    while !state.is_over() {
        assert!(ctx.action < most_actions, "{ctx}: the game does not end");
        let legal = state.legal_actions();
        assert!(!legal.is_empty(), "{ctx}: no legal action before the end");
        let action = legal.get(chooser.random_range(0..legal.len()));
        if ctx.action.is_multiple_of(SAMPLE_EVERY) {
            check_legal(&state, ctx);
            check_refusals(&state, action, ctx);
        }
        let before = state.clone();
        let turns = state.turns();
        let mover = state.to_move();
        if let Err(e) = state.try_apply(action) {
            panic!("{ctx}: generated action refused: {e}");
        }
        ctx.action += 1;
        assert!(state.turns() == turns || state.turns() == turns + 1, "{ctx}");
        check_transition(&before, action, &state, ctx);
        if final_from.is_none() && state.final_turns_left().is_some() {
            // The turn just ended with few trains left: everyone gets exactly one more turn.
            assert!(state.trains(mover) <= map.rules.end_trains, "{ctx}: final round too early");
            assert_eq!(state.final_turns_left(), Some(players as u8), "{ctx}");
            final_from = Some(state.turns());
        }
        check_position(&state, ctx);
    }
    check_legal(&state, ctx);
    let end = check_final(&state, ctx);
    match (end, final_from) {
        (EndReason::Trains, Some(from)) => {
            assert_eq!(state.turns(), from + players as u16, "{ctx}: length of the final round")
        }
        (EndReason::Trains, None) => panic!("{ctx}: ended on trains without a final round"),
        _ => {}
    }
    (end, ctx.action)
}

/// Plays `games` games of `map`, cycling the player count over `players`, from seed `base`.
fn run(map_name: &str, players: std::ops::RangeInclusive<usize>, games: u64, base: u64) {
    let map = load(map_name);
    let counts: Vec<usize> = players.collect();
    let mut ends = [0usize; 3];
    let mut actions = 0;
    for i in 0..games {
        let n = counts[i as usize % counts.len()];
        let (end, played) = play_checked(&map, n, base + i);
        ends[end as usize] += 1;
        actions += played;
    }
    eprintln!(
        "{map_name}: {games} games, {actions} actions; ended by trains {}, passes {}, turn cap {}",
        ends[0], ends[1], ends[2]
    );
    assert_eq!(ends.iter().sum::<usize>(), games as usize);
    assert!(actions as u64 > 50 * games, "games end suspiciously fast");
}

#[test]
fn usa_random_games_keep_every_invariant() {
    run("usa", 2..=5, 1000, 1_000_000);
}

#[test]
fn nordic_random_games_keep_every_invariant() {
    run("nordic", 2..=3, 500, 2_000_000);
}

#[test]
fn asia_random_games_keep_every_invariant() {
    run("legendary_asia", 2..=5, 500, 3_000_000);
}

#[test]
fn korea_random_games_keep_every_invariant() {
    run("south_korea", 2..=5, 300, 3_000_000);
}

/// The same seed and choices replay the same game.
#[test]
fn games_replay_exactly_from_their_seed() {
    for name in ["usa", "nordic", "legendary_asia"] {
        let map = load(name);
        for seed in 0..10 {
            let play = || {
                let mut state = GameState::new(&map, 2, seed).expect("2 players");
                let mut chooser = Pcg64Mcg::seed_from_u64(seed);
                let mut trace = Vec::new();
                while !state.is_over() {
                    let legal = state.legal_actions();
                    let a = legal.get(chooser.random_range(0..legal.len()));
                    state.try_apply(a).expect("legal");
                    trace.push(state.to_setup());
                }
                (trace, state.result())
            };
            let (first, second) = (play(), play());
            assert!(first == second, "{name}, seed {seed}: replay differs");
        }
    }
}

/// A USA position for 3 players where nothing can be drawn and every route a seat has the
/// trains for is taken: each seat has 3 trains left, every route of length 1 to 3 is owned
/// (one track of each double, the other closed with 3 players), the ticket deck is empty, and
/// all train cards are in seat 0's hand except `market` cards face up.
fn starved_position(map: &Map, market: usize) -> Setup {
    let rules = &map.rules;
    let mut setup = Setup::empty(map, 3);
    setup.ticket_deck.clear();
    let mut short: Vec<RouteId> = Vec::new();
    let mut long: Vec<RouteId> = Vec::new();
    for (i, r) in map.routes().iter().enumerate() {
        let id = RouteId(i as u8);
        if r.twin.is_some_and(|t| t < id) {
            continue;
        }
        if r.trains_needed() <= 3 {
            short.push(id)
        } else {
            long.push(id)
        }
    }
    // Two 6s and a 4 for seat 0, a 4 for seat 1; the short routes fill the rest exactly.
    let pick = |len: u8, skip: usize| long.iter().copied().filter(|&r| map.route(r).length == len).nth(skip).unwrap();
    let used = u32::from(rules.trains - 3);
    setup.owned[0] = [pick(6, 0), pick(6, 1), pick(4, 0)].into_iter().collect();
    setup.owned[1] = [pick(4, 1)].into_iter().collect();
    let trains_of = |set: RouteSet| set.iter().map(|r| u32::from(map.route(r).trains_needed())).sum::<u32>();
    short.sort_by_key(|&r| std::cmp::Reverse(map.route(r).trains_needed()));
    for r in short {
        let need = u32::from(map.route(r).trains_needed());
        let seat = (0..3)
            .filter(|&s| trains_of(setup.owned[s]) + need <= used)
            .max_by_key(|&s| used - trains_of(setup.owned[s]))
            .expect("the short routes fit");
        setup.owned[seat].insert(r);
    }
    for s in 0..3 {
        assert_eq!(trains_of(setup.owned[s]), used, "seat {s} not filled exactly");
        setup.trains[s] = 3;
    }
    let deck = setup.deck;
    setup.give(0, deck);
    for slot in 0..market {
        setup.hands[0][Card::Red] -= 1;
        setup.market[slot] = Some(Card::Red);
    }
    setup
}

/// The only legal action is to pass; drawing is refused.
fn assert_must_pass(state: &GameState<'_>) {
    let legal: Vec<Action> = state.legal_actions().iter().collect();
    assert_eq!(legal, vec![Action::Pass], "seat {}", state.to_move().0);
    assert!(state.check(Action::DrawBlind).is_err());
}

#[test]
fn a_round_of_passes_ends_the_game() {
    let map = load("usa");
    let mut state = GameState::from_setup(&map, &starved_position(&map, 0)).unwrap_or_else(|e| panic!("{e}"));
    for n in 0..3 {
        assert!(!state.is_over(), "over after {n} passes");
        assert_must_pass(&state);
        state.try_apply(Action::Pass).expect("pass");
        check_position(&state, Ctx { map: "usa", players: 3, seed: 0, action: n + 1 });
    }
    assert_eq!(state.phase(), Phase::Over(EndReason::Passes));
    let result = state.result();
    assert_eq!((result.end, result.turns), (EndReason::Passes, 3));
}

#[test]
fn passing_is_refused_while_a_card_can_be_taken_and_any_action_restarts_the_count() {
    let map = load("usa");
    let mut setup = starved_position(&map, 1);
    setup.passes = 2;
    let mut state = GameState::from_setup(&map, &setup).unwrap_or_else(|e| panic!("{e}"));
    assert!(state.check(Action::Pass).is_err(), "pass with a face-up card to take");
    // Taking the only card is the whole turn: no second card exists.
    state.try_apply(Action::TakeFaceUp(0)).expect("take");
    assert_eq!(state.to_move(), Seat(1));
    for n in 0..3 {
        assert!(!state.is_over(), "over after {n} passes");
        assert_must_pass(&state);
        state.try_apply(Action::Pass).expect("pass");
    }
    assert_eq!(state.phase(), Phase::Over(EndReason::Passes));
    assert_eq!(state.turns(), 4);
}

#[test]
fn the_turn_cap_ends_the_game() {
    let map = load("usa");
    let mut setup = Setup::empty(&map, 2);
    setup.lay([Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::White), Some(Card::Black)]);
    setup.turns = map.rules.turn_cap - 1;
    let mut state = GameState::from_setup(&map, &setup).unwrap_or_else(|e| panic!("{e}"));
    state.try_apply(Action::DrawBlind).expect("first card");
    assert!(!state.is_over());
    state.try_apply(Action::DrawBlind).expect("second card");
    assert_eq!(state.phase(), Phase::Over(EndReason::TurnCap));
    let result = state.result();
    assert_eq!((result.end, result.turns), (EndReason::TurnCap, map.rules.turn_cap));
    assert!(state.legal_actions().is_empty());
}
