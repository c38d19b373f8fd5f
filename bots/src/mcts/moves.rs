//! The pruned action set the search considers for its own seat.
//!
//! The legal set is large (every claim with every payment, every ticket subset); the search
//! looks at a few candidates per kind of action:
//! - a claim: only routes on the planner's ticket plan ([`crate::plan`], the greedy bot's
//!   planner, with the twin tracks), routes of 7 points or more, or any route once a seat
//!   is down to 5 trains; one payment per route, the one with fewest locomotives (a
//!   locomotive counts as three cards, then fewer locomotives, then fewer cards; a gray
//!   route in the colour held most, so the smaller stacks stay whole). On a map with a
//!   provinces board (South Korea) the claim places a train on it where it may, as the
//!   rollout policy's claims do, and two more claims of the route aim the train higher:
//!   paying the fewest more cards of its line's colour that reach the highest space they
//!   can, and playing the express card that raises it most;
//! - a card draw: one face-up card per card kind on show (never two slots of the same
//!   kind), and the blind draw; at the start of a turn also each express card that draws
//!   extra cards first;
//! - drawing tickets, when the ticket deck holds any;
//! - a ticket keep: every allowed subset when there are at most [`MAX_ALL_KEEPS`], else the
//!   subsets of the smallest allowed size (the rollout policy's choice is added by the bot);
//! - a tunnel surcharge: the payment with fewest locomotives, and taking the cards back
//!   (nothing due: just pay);
//! - any other phase: every legal action.
//!
//! Every candidate is a legal action of the position (they are built from the engine's own
//! payment and surcharge enumerations, and the tests check them against the legal set).

use ttr::FixedList;
use ttr::{Action, Card, CardCounts, Map, Observation, Phase, RouteId, Seat};

use crate::common::{keep_masks, keep_range};
use crate::graph::with_open_twins;
use crate::greedy::with_province;
use crate::plan::{Board, Planner};

/// A seat with this many trains or fewer may end the game soon: every claim is considered.
const ENDING_TRAINS: u8 = 5;

/// Routes scoring at least this many points (length 4 and up) are always considered.
const BIG_ROUTE: u32 = 7;

/// Most candidates one decision keeps: a claim per route, six draws, the ticket draw. On
/// South Korea, where a route has up to three claims (see above), a full list leaves out
/// what comes last: the lowest-scoring claims off the ticket plan.
pub const MAX_CANDIDATES: usize = 140;

/// Keep decisions with at most this many allowed subsets are searched over all of them.
pub const MAX_ALL_KEEPS: usize = 8;

/// A list of distinct candidate actions (no heap); [`FixedList::put_first`] puts the
/// rollout policy's choice first.
pub type Candidates = FixedList<Action, MAX_CANDIDATES>;

/// Fills `out` with the candidates of the seat `obs` belongs to (which must be to move), in
/// the order a search should try them: claims on the ticket plan (by points), card draws, the
/// ticket draw, other claims (by points).
pub fn candidates(obs: &Observation<'_, '_>, planner: &mut Planner, out: &mut Candidates) {
    out.clear();
    let map = obs.map();
    let Some(legal) = obs.legal_actions() else { return };
    match obs.phase() {
        Phase::Turn => {
            let hand = obs.hand();
            let me = obs.seat();
            let claimable = legal.claimable_routes();
            let ending = obs.final_turns_left().is_some()
                || (0..obs.players()).any(|s| obs.trains(Seat(s as u8)) <= ENDING_TRAINS);
            let board = Board { owned: obs.owned(me), open: claimable };
            let planned = with_open_twins(map, planner.plan_set(map, obs.tickets(), board).routes, claimable);
            let mut claims = [(0u32, RouteId(0)); MAX_CANDIDATES];
            let mut n = 0;
            for r in claimable.iter() {
                let score = u32::from(map.route_score(r));
                let on_plan = planned.contains(r);
                if (on_plan || ending || score >= BIG_ROUTE) && n < claims.len() {
                    claims[n] = (score + if on_plan { 1000 } else { 0 }, r);
                    n += 1;
                }
            }
            claims[..n].sort_unstable_by_key(|&(score, r)| (std::cmp::Reverse(score), r));
            let split = claims[..n].iter().position(|&(score, _)| score < 1000).unwrap_or(n);
            let final_round = obs.final_turns_left().is_some();
            let claim = |out: &mut Candidates, r: RouteId| {
                if let Some(pay) = cheapest_payment(map, r, &hand) {
                    let claim = with_province(obs, Action::Claim { route: r, pay }, final_round);
                    out.push_new(claim);
                    if let Action::ClaimProvince { route, pay, line, .. } = claim {
                        for higher in aimed_higher(obs, route, pay, line).into_iter().flatten() {
                            if legal.is_legal(higher) {
                                out.push_new(higher);
                            }
                        }
                    }
                }
            };
            for &(_, r) in &claims[..split] {
                claim(out, r);
            }
            draws(obs, out);
            for value in obs.express_cards(me) {
                let extra = Action::ExpressCards(value);
                if legal.is_legal(extra) {
                    out.push_new(extra);
                }
            }
            if obs.can_draw_tickets() {
                out.push_new(Action::DrawTickets);
            }
            for &(_, r) in &claims[split..n] {
                claim(out, r);
            }
            if out.is_empty() {
                out.push_new(legal.get(0));
            }
        }
        Phase::SecondCard => {
            draws(obs, out);
            if out.is_empty() {
                out.push_new(legal.get(0));
            }
        }
        Phase::SetupKeep | Phase::KeepTickets => {
            let offer = obs.offer();
            let keep = keep_range(obs);
            let min = *keep.start();
            let all = keep_masks(offer.len(), keep.clone()).count();
            for mask in keep_masks(offer.len(), keep) {
                if all > MAX_ALL_KEEPS && mask.count_ones() > u32::from(min) {
                    break;
                }
                out.push_new(Action::Keep(mask));
            }
        }
        Phase::Tunnel { laid, due, .. } => {
            let hand = obs.hand();
            if due == 0 {
                out.push_new(Action::TunnelPay(CardCounts::EMPTY));
            } else {
                if ttr::surcharge_count(&laid, &hand, due) > 0 {
                    out.push_new(Action::TunnelPay(ttr::nth_surcharge(&laid, &hand, due, 0)));
                }
                out.push_new(Action::TunnelBack);
            }
        }
        _ => {
            for action in legal.iter() {
                out.push_new(action);
            }
        }
    }
}

/// A provinces claim of `route` paid with `pay` with its train on `line`, aimed higher:
/// with as many more cards of the line's colour as raise it to the highest space they can
/// reach (the fewest that do), and with the express card that raises it most (no more
/// cards). Either is left out when it lands no higher than `pay` alone.
fn aimed_higher(obs: &Observation<'_, '_>, route: RouteId, pay: CardCounts, line: Card) -> [Option<Action>; 2] {
    let base = pay.total();
    let landed = |aim: u32| obs.province_landing(line, aim).map_or(0, u32::from);
    let floor = landed(base);
    let spare = u32::from(obs.hand()[line] - pay[line]);
    let by_cards = landed(base + spare);
    let cards = (by_cards > floor).then(|| Action::ClaimProvince {
        route,
        pay: pay.with(line, (by_cards - base) as u8),
        line,
        express: 0,
    });
    let express = obs
        .express_cards(obs.seat())
        .filter(|&e| landed(base + u32::from(e)) > floor)
        .max_by_key(|&e| (landed(base + u32::from(e)), std::cmp::Reverse(e)))
        .map(|e| Action::ClaimProvince { route, pay, line, express: e });
    [cards, express]
}

/// The card draws: one face-up slot per card kind, then blind.
fn draws(obs: &Observation<'_, '_>, out: &mut Candidates) {
    let mut seen = CardCounts::EMPTY;
    for (slot, card) in obs.market().iter().enumerate() {
        let Some(card) = *card else { continue };
        if !obs.may_take_face_up(slot as u8) || seen[card] > 0 {
            continue;
        }
        seen[card] += 1;
        out.push_new(Action::TakeFaceUp(slot as u8));
    }
    if obs.can_draw_blind() {
        out.push_new(Action::DrawBlind);
    }
}

/// The payment for `r` with fewest locomotives (a locomotive weighs three cards), then
/// fewest cards, then in the colour held most.
#[must_use]
pub fn cheapest_payment(map: &Map, r: RouteId, hand: &CardCounts) -> Option<CardCounts> {
    let route = map.route(r);
    let rules = &map.rules;
    let payments = ttr::RoutePayments::new(route, hand, rules);
    let mut best: Option<((u32, u8, u8), CardCounts)> = None;
    for k in 0..payments.len() {
        let pay = payments.get(k);
        let locos = pay[Card::Loco];
        let held = pay.single_color().map_or(0, |c| hand[c]);
        let key = (pay.total() + 2 * u32::from(locos), locos, u8::MAX - held);
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, pay));
        }
    }
    best.map(|(_, pay)| pay)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use ttr::{game_seed, Bot, GameState};

    use super::*;
    use crate::GreedyBot;

    /// Every candidate of every turn of seat 0 in greedy games on South Korea is legal; a
    /// claim places a train on the provinces board wherever the rules let it, as the rollout
    /// policy's claims do, and the claims aimed higher land higher; express cards for extra
    /// cards are candidates.
    #[test]
    fn claims_on_south_korea_place_a_provinces_train_where_they_may() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/south_korea.toml");
        let map = Map::load(&path).expect("a project map");
        let mut planner = Planner::new(&map);
        let mut out = Candidates::new(Action::Pass);
        let (mut placed, mut aimed, mut express_draws) = (0, 0, 0);
        for g in 0..10 {
            let mut state = GameState::new(&map, 4, game_seed(3, g)).expect("a game");
            let mut bots: Vec<GreedyBot> = (0..4).map(|_| GreedyBot::new()).collect();
            while !state.is_over() {
                let seat = state.to_move();
                let obs = Observation::new(&state, seat);
                if seat == Seat(0) && obs.phase() == Phase::Turn {
                    candidates(&obs, &mut planner, &mut out);
                    let legal = obs.legal_actions().expect("seat 0 moves");
                    for &action in out.as_slice() {
                        assert!(legal.is_legal(action), "{action:?} is not legal");
                        express_draws += usize::from(matches!(action, Action::ExpressCards(_)));
                        if let Action::Claim { route, pay } = action {
                            let line = map.route(route).color.or(pay.single_color()).unwrap_or(Card::Red);
                            let placing = Action::ClaimProvince { route, pay, line, express: 0 };
                            assert!(!legal.is_legal(placing), "{action:?} could place a train");
                        }
                        if let Action::ClaimProvince { route, pay, line, express } = action {
                            placed += 1;
                            let cheapest = cheapest_payment(&map, route, &obs.hand()).expect("payable");
                            // (In the final round the policy's own claim spends its biggest
                            // express card, raising or not.)
                            let raised = express > 0 && obs.final_turns_left().is_none();
                            if raised || pay.total() > cheapest.total() {
                                aimed += 1;
                                let landed = |aim: u32| obs.province_landing(line, aim).map_or(0, u32::from);
                                let aim = pay.total() + u32::from(express);
                                assert!(landed(aim) > landed(cheapest.total()), "{action:?} lands no higher");
                            }
                        }
                    }
                }
                let action = bots[seat.index()].choose(&obs);
                state.try_apply(action).expect("a legal action");
            }
        }
        assert!(placed > 1000 && aimed > 300, "{placed} claims placing a train, {aimed} of them aimed higher");
        assert!(express_draws > 100, "{express_draws} express cards for extra cards");
    }
}
