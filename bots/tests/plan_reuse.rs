//! The greedy planner's reuse is exact: a planner that has planned before (and remembers
//! those plans, in its own table or in a large one) answers every question as planning from
//! scratch does, and a fresh greedy bot given such a planner, or a bot restarted with its
//! used planner, decides as a fresh bot does, over seeded greedy games on every map.

mod common;

use common::load;
use ttr::{game_seed, Bot, GameState, Observation, Phase, TicketId, TicketSet};
use ttr_bots::plan::{by_value, Board, Planner};
use ttr_bots::GreedyBot;

#[test]
fn remembered_plans_equal_fresh_plans() {
    for (map_name, players) in [("usa", 2), ("usa", 4), ("nordic", 3), ("legendary_asia", 4), ("south_korea", 3)] {
        let map = load(map_name);
        // Even seats keep a planner's own table, odd seats a large one (as mcts's playouts).
        let mut kept: Vec<Planner> =
            (0..players).map(|s| if s % 2 == 0 { Planner::new(&map) } else { Planner::with_memo(&map, 512) }).collect();
        let mut checked = 0;
        for g in 0..6u64 {
            let mut state = GameState::new(&map, players, game_seed(11, g)).expect("setup");
            let mut bots: Vec<GreedyBot> = (0..players).map(|_| GreedyBot::new()).collect();
            while !state.is_over() {
                let seat = state.to_move();
                let obs = Observation::new(&state, seat);
                let board = Board { owned: obs.owned(seat), open: obs.claimable_routes() };
                let planner = &mut kept[seat.index()];
                let tickets = obs.tickets();
                // The sets the greedy bot plans: its tickets, its tickets less one, and with
                // a ticket offer, its tickets with each part of the offer.
                let mut sets = vec![tickets];
                sets.extend(tickets.iter().map(|t| tickets.without(t)));
                if matches!(obs.phase(), Phase::SetupKeep | Phase::KeepTickets) {
                    let offer = obs.offer();
                    let offer = offer.tickets();
                    for mask in 1u32..1 << offer.len() {
                        let chosen: TicketSet =
                            offer.iter().enumerate().filter(|&(i, _)| mask >> i & 1 == 1).map(|(_, &t)| t).collect();
                        sets.push(tickets.or(chosen));
                    }
                    let keep = ttr_bots::common::keep_range(&obs);
                    let budget = u32::from(obs.trains(seat)) / 2;
                    let fresh = Planner::new(&map).choose_keep(&map, offer, keep.clone(), tickets, board, budget);
                    assert_eq!(planner.choose_keep(&map, offer, keep, tickets, board, budget), fresh);
                }
                for set in sets {
                    // From scratch: every ticket of the set joined in turn, most valuable first.
                    let mut order = [TicketId(0); TicketSet::CAPACITY];
                    let n = by_value(&map, set, &mut order);
                    let fresh = Planner::new(&map).plan(&map, &order[..n], board);
                    assert_eq!(planner.plan_set(&map, set, board), fresh, "{map_name} game {g} seat {seat:?}");
                    checked += 1;
                }
                // A fresh bot given this used planner plays as a fresh bot does.
                let fresh = GreedyBot::new().choose(&obs);
                assert_eq!(GreedyBot::with_planner(planner.clone()).choose(&obs), fresh, "{map_name} game {g}");
                // So does the seat's bot restarted, with its own used planner.
                let mut restarted = bots[seat.index()].clone();
                restarted.restart();
                assert_eq!(restarted.choose(&obs), fresh, "{map_name} game {g}: restarted");
                let action = bots[seat.index()].choose(&obs);
                state.try_apply(action).expect("legal");
            }
            assert!(state.is_over(), "{map_name} game {g} ends");
        }
        assert!(checked > 1000, "{map_name}: only {checked} plans compared");
    }
}
