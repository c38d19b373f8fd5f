//! Game traces from the engine's events agree with what the game states say: an oracle
//! plays the same games action by action and reads the trace off the states before and
//! after every action.

mod common;

use ttr::{bot_seed, connected, Action, Bot, GameState, Map, Observation, Phase, Seat};
use ttr_bots::BotSpec;
use ttr_lab::trace::{play_traced, GameTrace, TicketSource};

fn bots(specs: &[BotSpec], seed: u64) -> Vec<Box<dyn Bot>> {
    specs.iter().enumerate().map(|(s, spec)| spec.build(bot_seed(seed, Seat(s as u8)))).collect()
}

/// The trace of the game `seed`, read off the states around every action.
fn oracle(map: &Map, seed: u64, bots: &mut [Box<dyn Bot>]) -> GameTrace {
    let mut trace = GameTrace::default();
    let mut state = GameState::new(map, bots.len(), seed).expect("setup");
    for s in 0..bots.len() {
        for t in state.offer(Seat(s as u8)).tickets() {
            trace.tickets[t.index()].dealt[TicketSource::Setup as usize] += 1;
        }
    }
    while !state.is_over() {
        let seat = state.to_move();
        let (phase, turn) = (state.phase(), state.turns() + 1);
        let (tickets, owned) = (state.tickets(seat), state.owned(seat));
        let action = bots[seat.index()].choose(&Observation::new(&state, seat));
        state.try_apply(action).expect("legal");
        if (phase, action) == (Phase::Turn, Action::DrawTickets) {
            for t in state.offer(seat).tickets() {
                trace.tickets[t.index()].dealt[TicketSource::Drawn as usize] += 1;
            }
        }
        let source = if phase == Phase::KeepTickets { TicketSource::Drawn } else { TicketSource::Setup };
        for t in state.tickets(seat).iter().filter(|t| !tickets.contains(*t)) {
            trace.tickets[t.index()].kept = Some((seat, source));
        }
        for r in state.owned(seat).minus(owned).iter() {
            trace.claim_turn[r.index()] = turn;
            trace.owner[r.index()] = seat.0;
        }
        for t in state.tickets(seat).iter() {
            let ticket = map.ticket(t);
            let done = &mut trace.tickets[t.index()].completed_turn;
            if done.is_none() && connected(map, state.owned(seat), ticket.a, ticket.b) {
                *done = Some(turn);
            }
        }
    }
    for w in state.result().winners.iter() {
        for r in state.owned(w).iter() {
            trace.winner_cities.insert(map.route(r).a);
            trace.winner_cities.insert(map.route(r).b);
        }
    }
    trace
}

fn agree(map: &str, lineup: &str, players: usize, games: u64) {
    let map = common::load(map);
    let specs = BotSpec::parse_lineup(lineup, players).expect("bots");
    for seed in 0..games {
        let expected = oracle(&map, seed, &mut bots(&specs, seed));
        let (_, traced) = play_traced(&map, seed, &mut bots(&specs, seed), &mut ()).expect("game");
        assert_eq!(traced, expected, "{} game seed {seed}", map.name);
    }
}

#[test]
fn usa_traces_agree_with_the_states() {
    agree("usa", "random,greedy,random,hungry", 4, 20);
}

#[test]
fn nordic_tunnels_and_ferries_trace_like_the_states() {
    agree("nordic", "random,greedy,one-step", 3, 20);
}

#[test]
fn legendary_asia_traces_agree_with_the_states() {
    agree("legendary_asia", "random,greedy,random", 3, 20);
}

#[test]
fn south_korea_draft_and_express_trace_like_the_states() {
    agree("south_korea", "random,greedy", 2, 20);
}
