//! The random fallbacks the personas share, checked on real positions.

mod common;

use common::load;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ttr::{Action, Bot, GameState, Observation, Phase};
use ttr_bots::common::random_claim;
use ttr_bots::GreedyBot;

/// Whether `action` claims a route (with or without a provinces train).
fn is_claim(action: Action) -> bool {
    matches!(action, Action::Claim { .. } | Action::ClaimProvince { .. })
}

#[test]
fn random_claim_picks_only_claims_where_express_cards_are_legal() {
    // On South Korea the legal order puts the express cards between the ticket draw and
    // the claims: a random claim must skip them, and reach every claim.
    let map = load("south_korea");
    let mut checked = 0;
    for game in 0..8 {
        let mut here = 0;
        let mut state = GameState::new(&map, 3, game).expect("setup");
        let mut bots: Vec<GreedyBot> = (0..3).map(|_| GreedyBot::new()).collect();
        while !state.is_over() {
            let seat = state.to_move();
            let obs = Observation::new(&state, seat);
            let legal = obs.legal_actions().expect("to move");
            let express = legal.iter().any(|a| matches!(a, Action::ExpressCards(_) | Action::ExpressTickets(_)));
            let claims: Vec<Action> = legal.iter().filter(|&a| is_claim(a)).collect();
            if state.phase() == Phase::Turn && express && !claims.is_empty() && claims.len() < 40 && here < 4 {
                let mut rng = Pcg64Mcg::seed_from_u64(game);
                let mut seen = vec![false; claims.len()];
                for _ in 0..claims.len() * 30 {
                    let claim = random_claim(&obs, &mut rng).expect("a claim is legal");
                    let i = claims.iter().position(|&c| c == claim);
                    assert!(i.is_some(), "game {game} turn {}: {claim:?} is not a legal claim", state.turns());
                    seen[i.unwrap()] = true;
                }
                assert!(seen.iter().all(|&s| s), "game {game} turn {}: some claims never chosen", state.turns());
                checked += 1;
                here += 1;
            }
            let action = bots[seat.index()].choose(&obs);
            state.try_apply(action).expect("legal");
        }
    }
    assert!(checked >= 24, "{checked} positions with express cards and claims");
}
