//! How well `mcts`'s ticket inference ([`TicketBelief`]) reads greedy opponents: plays
//! seeded greedy games and, at every sixth turn of seat 0, weighs every opponent's unseen
//! tickets at each given strength. Prints the mean log lift of the tickets they truly hold:
//! `ln(weight share · unseen count)`, 0 for uniform guessing, higher when the belief puts
//! more of its mass on the true tickets (it is the log-likelihood gain over uniform of
//! drawing a true ticket, so an overconfident belief that misses loses).
//!
//! ```sh
//! cargo run --release -p ttr-bots --example belief_lift -- maps/usa.toml 2 100 1,2,3 [SEED]
//! ```

use std::process::ExitCode;

use ttr::{game_seed, Bot, GameState, Map, Observation, Phase, Seat, TicketId};
use ttr_bots::mcts::belief::TicketBelief;
use ttr_bots::GreedyBot;

fn run(args: &[String]) -> Result<(), String> {
    let [map, players, games, strengths, rest @ ..] = args else {
        return Err("usage: belief_lift MAP PLAYERS GAMES STRENGTH[,STRENGTH...] [SEED]".into());
    };
    let map = Map::load(std::path::Path::new(map)).map_err(|e| format!("{map}: {e}"))?;
    let players: usize = players.parse().map_err(|_| format!("PLAYERS {players:?} is not a whole number"))?;
    let games: u64 = games.parse().map_err(|_| format!("GAMES {games:?} is not a whole number"))?;
    let strengths: Vec<f64> = strengths
        .split(',')
        .map(|s| s.parse().ok().filter(|x: &f64| x.is_finite() && *x >= 0.0))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("STRENGTH {strengths:?} is not a comma-separated list of numbers of 0 or more"))?;
    let seed: u64 = match rest {
        [] => 1,
        [s] => s.parse().map_err(|_| format!("SEED {s:?} is not a whole number"))?,
        _ => return Err("too many arguments".into()),
    };
    let mut lift = vec![0.0; strengths.len()];
    let mut samples = 0u64;
    let mut belief = TicketBelief::default();
    for g in 0..games {
        let mut state = GameState::new(&map, players, game_seed(seed, g)).map_err(|e| format!("{e}"))?;
        let mut bots: Vec<GreedyBot> = (0..players).map(|_| GreedyBot::new()).collect();
        while !state.is_over() {
            let seat = state.to_move();
            let obs = Observation::new(&state, seat);
            if seat == Seat(0) && obs.phase() == Phase::Turn && obs.turns().is_multiple_of(6) && obs.turns() > 0 {
                let unseen: Vec<TicketId> = (0..map.tickets().len())
                    .map(|i| TicketId(i as u8))
                    .filter(|&t| !obs.tickets().contains(t))
                    .collect();
                for (k, &strength) in strengths.iter().enumerate() {
                    belief.update(&obs, strength);
                    for s in (1..players).map(|s| Seat(s as u8)) {
                        let total: f64 = unseen.iter().map(|&t| belief.weight(s, t)).sum();
                        let held = state.tickets(s);
                        let share = |t| belief.weight(s, t) / total * unseen.len() as f64;
                        lift[k] += held.iter().map(|t| share(t).ln()).sum::<f64>() / f64::from(held.count());
                    }
                }
                samples += players as u64 - 1;
            }
            let action = bots[seat.index()].choose(&obs);
            state.try_apply(action).map_err(|e| format!("game {g}: {e}"))?;
        }
    }
    println!("{games} greedy games, {players} players, {}, seed {seed}: {samples} opponent positions", map.name);
    for (strength, lift) in strengths.iter().zip(&lift) {
        println!("strength {strength}: mean log lift of the true tickets {:.3}", lift / samples.max(1) as f64);
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
