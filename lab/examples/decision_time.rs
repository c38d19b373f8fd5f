//! Seconds per decision of one bot spec: plays seeded games with the spec in seat 0 and
//! `greedy` in the other seats, times every decision of seat 0, and prints the median, 90th
//! percentile (within 3%, from [`DecisionTimes`]) and longest, per phase. For `mcts` it also prints the playouts run per second
//! of search (wall time: run it on an idle machine).
//!
//! ```sh
//! cargo run --release -p ttr-lab --example decision_time -- maps/usa.toml 2 mcts 10 [SEED]
//! ```
//!
//! Two clocks: wall time, and the CPU time of the thread ([`Clock::ThreadCpu`]), which does
//! not count the time the thread waited for a core on a shared machine. Where the system has
//! no thread CPU clock only wall time is shown.

use std::process::ExitCode;

use ttr::{bot_seed, game_seed, Bot, GameState, Map, Observation, Phase, Seat};
use ttr_bots::mcts::MctsBot;
use ttr_bots::{BotSpec, GreedyBot};
use ttr_lab::timing::{format_seconds, Clock, DecisionTimes};

/// Median, 90th percentile and longest of `times`, as text.
fn summary(times: &DecisionTimes) -> String {
    format!(
        "{} decisions, median {}, p90 {}, longest {}",
        times.decisions(),
        format_seconds(times.quantile(0.5)),
        format_seconds(times.quantile(0.9)),
        format_seconds(times.longest())
    )
}

fn run(args: &[String]) -> Result<(), String> {
    let [map, players, spec, games, rest @ ..] = args else {
        return Err("usage: decision_time MAP PLAYERS SPEC GAMES [SEED]".into());
    };
    let map = Map::load(std::path::Path::new(map)).map_err(|e| format!("{map}: {e}"))?;
    let players: usize = players.parse().map_err(|_| format!("PLAYERS {players:?} is not a whole number"))?;
    let spec = BotSpec::parse(spec).map_err(|e| format!("SPEC {spec:?}: {e}"))?;
    let games: u64 = games.parse().map_err(|_| format!("GAMES {games:?} is not a whole number"))?;
    let seed: u64 = match rest {
        [] => 1,
        [s] => s.parse().map_err(|_| format!("SEED {s:?} is not a whole number"))?,
        _ => return Err("too many arguments".into()),
    };
    // Per phase group: turn, second card, ticket keep; wall and CPU seconds.
    let names = ["turn", "second card", "ticket keep", "other"];
    let mut wall: [DecisionTimes; 4] = Default::default();
    let mut cpu: [DecisionTimes; 4] = Default::default();
    // Playouts of every `mcts` game, and the wall seconds spent choosing.
    let (mut playouts, mut search_seconds) = (0u64, 0.0f64);
    let search = spec.mcts_params();
    let cpu_clock = Clock::best() == Clock::ThreadCpu;
    for g in 0..games {
        let game = game_seed(seed, g);
        let mut state = GameState::new(&map, players, game).map_err(|e| format!("{e}"))?;
        let mut mcts = search.map(|params| MctsBot::new(params, bot_seed(game, Seat(0))));
        let mut built;
        let bot: &mut dyn Bot = match mcts.as_mut() {
            Some(m) => m,
            None => {
                built = spec.build(bot_seed(game, Seat(0)));
                built.as_mut()
            }
        };
        let mut others: Vec<GreedyBot> = (0..players).map(|_| GreedyBot::new()).collect();
        while !state.is_over() {
            let seat = state.to_move();
            let obs = Observation::new(&state, seat);
            let action = if seat == Seat(0) {
                let group = match obs.phase() {
                    Phase::Turn => 0,
                    Phase::SecondCard => 1,
                    Phase::SetupKeep | Phase::KeepTickets => 2,
                    _ => 3,
                };
                let ((action, on_cpu), took) = Clock::Wall.time(|| Clock::ThreadCpu.time(|| bot.choose(&obs)));
                wall[group].add(took);
                if cpu_clock {
                    cpu[group].add(on_cpu);
                }
                if search.is_some() {
                    search_seconds += took.as_secs_f64();
                }
                action
            } else {
                others[seat.index()].choose(&obs)
            };
            state.try_apply(action).map_err(|e| format!("game {g}: {e}"))?;
        }
        playouts += mcts.map_or(0, |m| m.stats().playouts);
    }
    println!("{} in seat 0 of {} games, {players} players, {}, seed {seed}", spec.as_str(), games, map.name);
    for (clock, times) in [("wall", &wall), ("cpu", &cpu)] {
        let mut all = DecisionTimes::default();
        times.iter().for_each(|t| all.merge(t));
        if all.decisions() == 0 {
            continue;
        }
        println!("{clock:>4} all:          {}", summary(&all));
        for (name, t) in names.iter().zip(times) {
            if t.decisions() > 0 {
                println!("{clock:>4} {name:<13} {}", summary(t));
            }
        }
    }
    if search.is_some() {
        println!("{playouts} playouts, {:.0} per second of search", playouts as f64 / search_seconds.max(1e-9));
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
