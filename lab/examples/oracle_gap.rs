//! What each part of the hidden information is worth to `mcts` (issue 21): plays `mcts`
//! (default parameters) against `greedy` with the search's determinized worlds given
//!
//! - `tickets`: the opponents' true tickets (hands, piles and the rest sampled as the fair
//!   bot samples them: the sampler's ticket weights are 1 for a held ticket, 1e-12 else);
//! - `state`: the true state, its ticket deck shuffled (true tickets, hands, offers and the
//!   split of the unseen cards between deck and discard pile; the order of both decks stays
//!   unknown, since a playout reseeds the chance of train-card draws);
//! - `discard`: the bot's own sampler (its ticket belief included), except that the discard
//!   pile holds its true cards and the opponents' unknown cards and the deck are dealt from
//!   the rest: what a player who counts every paid, revealed and discarded card knows, which
//!   RULES.md §5 does not give a bot (it sees the discard pile's size only);
//! - `fair` (the default): the bot's own sampler, so the games are those of `ttr simulate`.
//!
//! Game `k` has the seed and seats of game `k` of `ttr simulate --bots mcts,greedy --seed
//! SEED` (seat `s` holds bot `(s + k) % P`), so `fair` replays that run's games. The games
//! are split over two threads. Prints the games `mcts` won outright (a shared win is not a
//! win, as in `ttr simulate`), their rate with its 95% Wilson interval, and one line of
//! outcomes in game order (`1` won outright, `0` not) to pair with another run's games.
//!
//! A bot given `tickets` or `state` sees hidden information: it is a measuring device, not a
//! fair player.
//!
//! Measured with the defaults of then (`keep=2:infer=2`, no `cap`; their games are no longer
//! the committed sample's) (2-player USA, seed 31, the first 700 games of the sample
//! `results/mcts-vs-greedy-usa-2p` of then, where the fair bot won 556, 79.4% [76.3, 82.3]; `fair`
//! replays its first 40 outcomes exactly): `tickets` won 584, 83.4% [80.5, 86.0], paired
//! +4.0 ± 3.4 points; `state` won 639, 91.3% [89.0, 93.2], paired +11.9 ± 3.3 points, so
//! the opponents' hands and the split of the unseen cards are worth +7.9 ± 3.0 points more.
//! `discard` won 569, 81.3% [78.2, 84.0], paired +1.9 ± 3.7 points: counting the discard
//! pile is worth little of that; most of it is the cards the opponents drew blind.
//!
//! With more opponents the hidden information is worth more. 4-player USA, seed 41, 1,000
//! games (the fair bot won 49.4% [46.3, 52.5], the games of `ttr simulate --bots
//! mcts,greedy,greedy,greedy --seed 41`): `tickets` 56.8% [53.7, 59.8], paired +7.4 ± 3.8
//! points; `state` 67.1% [64.1, 69.9], +17.7 ± 3.7. 3-player Nordic, seed 51 (fair 62.6%
//! [59.6, 65.5]): `tickets` 70.1% [67.2, 72.9], +7.5 ± 3.7; `state` 76.6% [73.9, 79.1],
//! +14.0 ± 3.6. So reading the opponents' tickets perfectly would lift the 3-player Nordic
//! table past 65% but not the 4-player USA table to 60%: there the rest lies in the hands.
//! 4-player Legendary Asia, seed 61 (fair 57.1% [54.0, 60.1]): `tickets` 62.5% [59.5, 65.4],
//! +5.4 ± 3.9; `state` 69.1% [66.2, 71.9], +12.0 ± 3.6. 4-player South Korea, seed 71 (fair
//! 44.7% [41.6, 47.8]): `tickets` 50.7% [47.6, 53.8], +6.0 ± 3.9; `state` 71.5% [68.6, 74.2],
//! +26.8 ± 4.0.
//!
//! The gaps did not shrink as the fair bot grew stronger. With the defaults of 2026-11-29
//! (`steps=60000:keep=2`), 4-player USA, seed 41, 1,000 games (the fair bot won 57.1%):
//! `tickets` 64.8% [61.8, 67.7], paired +7.7 ± 3.7 points; `state` 75.3% [72.5, 77.9],
//! +18.2 ± 3.6.
//!
//! ```sh
//! cargo run --release -p ttr-lab --example oracle_gap -- maps/usa.toml 2 300 31 tickets
//! ```

use std::process::ExitCode;

use rand::seq::SliceRandom;
use rand::Rng;
use ttr::{
    bot_seed, game_seed, sample_setup_weighted, sample_world_weighted, take_random, Bot, CardCounts, GameState, Map,
    Observation, Seat, SeatSet, Setup,
};
use ttr_bots::mcts::belief::TicketBelief;
use ttr_bots::mcts::{MctsBot, MctsParams};
use ttr_bots::GreedyBot;
use ttr_lab::runner::lineup;
use ttr_lab::stats::wilson;

/// Where the `mcts` bot's worlds come from.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Tickets,
    State,
    Discard,
    Fair,
}

/// `setup` (a fair sample for `me`) with `discard` as its discard pile: the opponents' cards
/// beyond those everyone knows, and the deck, are dealt at random from the other unseen cards.
fn with_discard(setup: &mut Setup, me: Seat, discard: CardCounts, rng: &mut impl Rng) {
    let opponents: Vec<usize> = (0..setup.players).filter(|&s| s != me.index()).collect();
    let mut unseen = setup.deck;
    unseen.add(&setup.discard);
    for &s in &opponents {
        let mut hidden = setup.hands[s];
        hidden.remove(&setup.known[s]);
        unseen.add(&hidden);
    }
    unseen.remove(&discard);
    setup.discard = discard;
    for &s in &opponents {
        let mut hand = setup.known[s];
        hand.add(&take_random(&mut unseen, setup.hands[s].total() - hand.total(), rng));
        setup.hands[s] = hand;
    }
    setup.deck = unseen;
}

/// Plays game `index` of a run seeded `seed`; whether `mcts` (bot 0) won it outright.
fn play(map: &Map, players: usize, seed: u64, index: u64, mode: Mode) -> Result<bool, String> {
    let game = game_seed(seed, index);
    let seats = lineup(players, index);
    let mcts_seat = Seat(seats[..players].iter().position(|&bot| bot == 0).expect("bot 0 has a seat") as u8);
    let mut mcts = MctsBot::new(MctsParams { model: 0, ..MctsParams::default() }, bot_seed(game, mcts_seat));
    // One greedy bot a seat, as `ttr simulate` has: the bot remembers its own plan.
    let mut greedy: Vec<GreedyBot> = (0..players).map(|_| GreedyBot::new()).collect();
    let mut belief = TicketBelief::default();
    let mut state = GameState::new(map, players, game).map_err(|e| format!("game {index}: {e}"))?;
    while !state.is_over() {
        let seat = state.to_move();
        let obs = Observation::new(&state, seat);
        let action = if seat != mcts_seat {
            greedy[seat.index()].choose(&obs)
        } else {
            match mode {
                Mode::Fair => mcts.choose(&obs),
                Mode::Tickets => mcts.choose_with(&obs, |rng| {
                    let held = |s: Seat, t| if state.tickets(s).contains(t) { 1.0 } else { 1e-12 };
                    sample_world_weighted(&obs, rng, held)
                }),
                Mode::Discard => {
                    belief.update(&obs, MctsParams::default().infer);
                    let discard = state.to_setup().discard;
                    mcts.choose_with(&obs, |rng| {
                        let mut setup = sample_setup_weighted(&obs, rng, |s, t| belief.weight(s, t));
                        with_discard(&mut setup, mcts_seat, discard, rng);
                        GameState::from_setup(map, &setup).expect("a sample with the true discard is a valid position")
                    })
                }
                Mode::State => mcts.choose_with(&obs, |rng| {
                    let mut setup = state.to_setup();
                    setup.ticket_deck.shuffle(rng);
                    GameState::from_setup(map, &setup).expect("the true state is a valid position")
                }),
            }
        };
        state.try_apply(action).map_err(|e| format!("game {index}: {e}"))?;
    }
    Ok(state.result().winners == SeatSet::single(mcts_seat))
}

fn run(args: &[String]) -> Result<(), String> {
    let [map, players, games, seed, rest @ ..] = args else {
        return Err("usage: oracle_gap MAP P GAMES SEED [tickets|state|discard|fair]".into());
    };
    let map = Map::load(std::path::Path::new(map)).map_err(|e| format!("MAP {e}"))?;
    let players: usize = players
        .parse()
        .ok()
        .filter(|p| (usize::from(map.rules.players[0])..=usize::from(map.rules.players[1])).contains(p))
        .ok_or_else(|| format!("P {players:?} is not a player count of {} ({:?})", map.name, map.rules.players))?;
    let games: u64 = games
        .parse()
        .ok()
        .filter(|&g| g > 0)
        .ok_or_else(|| format!("GAMES {games:?} is not a whole number above 0"))?;
    let seed: u64 = seed.parse().map_err(|_| format!("SEED {seed:?} is not a whole number"))?;
    let mode = match rest {
        [] => Mode::Fair,
        [m] => match m.as_str() {
            "tickets" => Mode::Tickets,
            "state" => Mode::State,
            "discard" => Mode::Discard,
            "fair" => Mode::Fair,
            _ => return Err(format!("MODE {m:?} is not tickets, state, discard or fair")),
        },
        _ => return Err("too many arguments".into()),
    };
    let half = games / 2;
    let play_range = |range: std::ops::Range<u64>| -> Result<Vec<bool>, String> {
        range.map(|k| play(&map, players, seed, k, mode)).collect()
    };
    let (first, second) = std::thread::scope(|scope| {
        let first = scope.spawn(|| play_range(0..half));
        let second = play_range(half..games);
        (first.join().expect("a game thread panicked"), second)
    });
    let mut won = first?;
    won.extend(second?);
    let wins = won.iter().filter(|&&w| w).count();
    let (lo, hi) = wilson(wins as u64, won.len() as u64);
    let rate = wins as f64 / won.len() as f64;
    println!("mcts won {wins} of {} games: {:.1}% [{:.1}, {:.1}]", won.len(), 100.0 * rate, 100.0 * lo, 100.0 * hi);
    println!("outcomes {}", won.iter().map(|&w| if w { '1' } else { '0' }).collect::<String>());
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
