//! How well `mcts`'s opponent model ([`OpponentModel`], GUESSES per opponent) reads greedy
//! opponents: plays seeded greedy games in which a model watches every decision of the other seats from seat 0,
//! and at every sixth turn of seat 0 compares its guesses with the opponents' true hands
//! and tickets, beside the guesses of the board-only sampler `mcts` uses without the model
//! (`ttr::sample_setup_weighted` with its ticket belief at strength 4). Prints, per
//! opponent position, the mean share of the true tickets a guess holds and the mean number
//! of cards of a guessed hand that are not in the true hand; the guesses' mean error in
//! locomotives and in the largest stack of one colour; the weight of the heaviest guess,
//! how often some guess holds every true ticket, how often guesses were dealt again or
//! drawn again by weight, and the chance the guesses gave each decision before it was
//! taken. It also sets the guesses' agreement on the tickets ([`OpponentModel::agreement`])
//! beside how many true tickets they held, split at an agreement of 0.7: a calibrated
//! belief agrees as often as it is right. Also checks that greedy,
//! replayed in a world with an opponent's true hidden part and memory, takes the decision
//! that opponent took (the model's premise): it prints how often it did not.
//!
//! ```sh
//! cargo run --release -p ttr-bots --example model_fit -- maps/usa.toml 2 50 1024 [SEED]
//! ```

use std::process::ExitCode;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ttr::{
    game_seed, sample_setup_given, sample_setup_weighted, Bot, Card, CardCounts, GameState, Given, Map, Observation,
    Phase, PublicAction, Seat, TicketSet, MAX_SEATS,
};
use ttr_bots::mcts::belief::TicketBelief;
use ttr_bots::mcts::model::OpponentModel;
use ttr_bots::GreedyBot;

/// Cards of `guess` that are not in `truth`.
fn misplaced(guess: CardCounts, truth: CardCounts) -> f64 {
    f64::from(guess.beyond(&truth).total())
}

/// The largest number of cards of one colour.
fn stack(hand: CardCounts) -> f64 {
    f64::from(Card::COLORS.iter().map(|&c| hand[c]).max().unwrap_or(0))
}

/// The share of `truth` that `guess` holds.
fn overlap(guess: TicketSet, truth: TicketSet) -> f64 {
    if truth.is_empty() {
        1.0
    } else {
        f64::from(guess.and(truth).count()) / f64::from(truth.count())
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [map, players, games, guesses, rest @ ..] = args else {
        return Err("usage: model_fit MAP PLAYERS GAMES GUESSES [SEED]".into());
    };
    let guesses: usize = guesses.parse().map_err(|_| format!("GUESSES {guesses:?} is not a whole number"))?;
    let map = Map::load(std::path::Path::new(map)).map_err(|e| format!("{map}: {e}"))?;
    let players: usize = players.parse().map_err(|_| format!("PLAYERS {players:?} is not a whole number"))?;
    let games: u64 = games.parse().map_err(|_| format!("GAMES {games:?} is not a whole number"))?;
    let seed: u64 = match rest {
        [] => 1,
        [s] => s.parse().map_err(|_| format!("SEED {s:?} is not a whole number"))?,
        _ => return Err("too many arguments".into()),
    };
    let (mut positions, mut decisions, mut unfit) = (0u64, 0u64, 0u64);
    let (mut model_tickets, mut model_cards, mut prior_tickets, mut prior_cards) = (0.0, 0.0, 0.0, 0.0);
    let (mut heaviest, mut covered, mut refits, mut resamples) = (0.0, 0u64, 0u64, 0u64);
    let mut predicted = 0.0;
    // Positions by whether the guesses agreed on at least AGREE of the tickets: count,
    // true-ticket share, misplaced cards.
    const AGREE: f64 = 0.7;
    let mut by_agreement = [(0u64, 0.0, 0.0); 2];
    let mut agreement_sum = 0.0;
    // Signed errors: locomotives, and the largest stack of one colour.
    let (mut model_locos, mut model_stack, mut prior_locos, mut prior_stack) = (0.0, 0.0, 0.0, 0.0);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut belief = TicketBelief::default();
    for g in 0..games {
        let mut state = GameState::new(&map, players, game_seed(seed, g)).map_err(|e| format!("{e}"))?;
        let mut bots: Vec<GreedyBot> = (0..players).map(|_| GreedyBot::new()).collect();
        let mut model = OpponentModel::new(&map, guesses);
        while !state.is_over() {
            let seat = state.to_move();
            let obs = Observation::new(&state, seat);
            let me = Observation::new(&state, Seat(0));
            if seat == Seat(0) && obs.phase() == Phase::Turn && obs.turns().is_multiple_of(6) && obs.turns() > 0 {
                belief.update(&me, 4.0);
                for o in (1..players).map(|s| Seat(s as u8)) {
                    let (hand, held) = (state.hand(o), state.tickets(o));
                    let (mut most, mut holds_all) = (0.0f64, false);
                    let agreement = model.agreement(o);
                    agreement_sum += agreement;
                    let bucket = &mut by_agreement[usize::from(agreement >= AGREE)];
                    bucket.0 += 1;
                    for (guess, tickets, w) in model.guesses(o) {
                        bucket.1 += w * overlap(tickets.held, held);
                        bucket.2 += w * misplaced(guess, hand);
                        model_tickets += w * overlap(tickets.held, held);
                        model_cards += w * misplaced(guess, hand);
                        model_locos += w * (f64::from(guess[Card::Loco]) - f64::from(hand[Card::Loco]));
                        model_stack += w * (stack(guess) - stack(hand));
                        most = most.max(w);
                        holds_all |= held.and(tickets.held) == held;
                    }
                    heaviest += most;
                    covered += u64::from(holds_all);
                    for _ in 0..16 {
                        let setup = sample_setup_weighted(&me, &mut rng, |s, t| belief.weight(s, t));
                        prior_tickets += overlap(setup.tickets[o.index()], held) / 16.0;
                        prior_cards += misplaced(setup.hands[o.index()], hand) / 16.0;
                        let h = setup.hands[o.index()];
                        prior_locos += (f64::from(h[Card::Loco]) - f64::from(hand[Card::Loco])) / 16.0;
                        prior_stack += (stack(h) - stack(hand)) / 16.0;
                    }
                    positions += 1;
                }
            }
            let memory = bots[seat.index()].memory();
            let action = bots[seat.index()].choose(&obs);
            if seat != Seat(0) {
                decisions += 1;
                let mut given = [Given::default(); MAX_SEATS];
                let tickets = state.hidden_tickets(seat);
                given[seat.index()] =
                    Given { hand: Some(state.hand(seat)), tickets: Some(tickets), ..Given::default() };
                let setup = sample_setup_given(&me, &mut rng, |_, _| 1.0, &given).ok_or("the truth must fit")?;
                let world = GameState::from_setup(&map, &setup).map_err(|e| format!("{e}"))?;
                let mut replay = GreedyBot::new();
                replay.set_memory(memory);
                if PublicAction::of(replay.choose(&Observation::new(&world, seat))) != PublicAction::of(action) {
                    unfit += 1;
                }
                model.observe(&me, seat, PublicAction::of(action), &mut rng);
            }
            state.try_apply(action).map_err(|e| format!("game {g}: {e}"))?;
        }
        let stats = model.stats();
        refits += stats.refits;
        resamples += stats.resamples;
        predicted += stats.predicted;
    }
    let n = positions.max(1) as f64;
    println!(
        "{games} greedy games, {players} players, {}, seed {seed}, {guesses} guesses: {positions} opponent positions",
        map.name
    );
    println!(
        "true tickets held by a guess: model {:.3}, board-only sampler {:.3}",
        model_tickets / n,
        prior_tickets / n
    );
    println!(
        "cards of a guessed hand not in the true hand: model {:.2}, board-only sampler {:.2}",
        model_cards / n,
        prior_cards / n
    );
    println!(
        "guess minus truth: locomotives model {:+.3}, board-only {:+.3}; largest colour model {:+.3}, board-only {:+.3}",
        model_locos / n,
        prior_locos / n,
        model_stack / n,
        prior_stack / n
    );
    println!(
        "the heaviest guess's weight {:.3}; some guess holds every true ticket in {:.1}% of positions",
        heaviest / n,
        100.0 * covered as f64 / n
    );
    println!(
        "per opponent decision: guesses dealt again {:.2}, the guesses drawn again by weight {:.3} times",
        refits as f64 / decisions.max(1) as f64,
        resamples as f64 / decisions.max(1) as f64
    );
    println!("the chance the guesses gave the decision taken {:.3}", predicted / decisions.max(1) as f64);
    println!("the guesses' agreement on the tickets {:.3}", agreement_sum / n);
    for (label, (count, fit, cards)) in ["below", "at or above"].iter().zip(by_agreement) {
        let c = count.max(1) as f64;
        println!(
            "  agreement {label} {AGREE}: {count} positions, true tickets held {:.3}, cards misplaced {:.2}",
            fit / c,
            cards / c
        );
    }
    println!("opponent decisions {decisions}; greedy replayed on the truth took another: {unfit}");
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
