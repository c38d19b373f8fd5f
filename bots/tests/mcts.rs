//! The `mcts` bot: legal in every seeded game on every map, deterministic from its seed
//! with a fixed number of playouts, and finding the winning claim of a tiny endgame.

mod common;

use common::load;
use ttr::{bot_seed, game_seed};
use ttr::{
    play_game, Action, Bot, Card, CardCounts, GameResult, GameState, Map, Observation, Phase, RouteId, Seat, Setup,
};
use ttr_bots::mcts::belief::TicketBelief;
use ttr_bots::mcts::{MctsBot, MctsParams};
use ttr_bots::BotSpec;

fn params(spec: &str) -> MctsParams {
    let pairs: Vec<(&str, &str)> =
        spec.split(':').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap()).collect();
    MctsParams::parse(&pairs).unwrap()
}

/// Plays one game of the specs rotated by `index`; panics on an illegal action.
fn play(map: &Map, specs: &[&str], seed: u64, index: u64) -> GameResult {
    let n = specs.len();
    let game = game_seed(seed, index);
    let mut bots: Vec<Box<dyn Bot>> = (0..n)
        .map(|s| {
            let spec = specs[(s + index as usize) % n];
            BotSpec::parse(spec).expect("valid spec").build(bot_seed(game, Seat(s as u8)))
        })
        .collect();
    play_game(map, game, &mut bots)
        .unwrap_or_else(|e| panic!("{} game {index} (seed {game}) of {specs:?}: {e}", map.name))
}

/// Plays `games` seeded games on `name` for each player count, an `mcts` seat (its spec
/// rotating over small budgets: the default search, the deeper tree with the second card
/// searched, truncated random playouts without ticket inference, the opponent model) against
/// the other bots;
/// any illegal choice panics with the game's seed. Returns the number of games.
fn plays_legally(name: &str, counts: &[usize], games: u64) -> u64 {
    let map = load(name);
    let specs = [
        "mcts:iters=4:worlds=2:model=0",
        "mcts:iters=6:worlds=2:tree=3:widen=0:second=1:keep=1:model=0",
        "mcts:iters=4:rollout=random:depth=20:infer=0:model=0",
        "mcts:iters=4:worlds=2:model=8",
    ];
    let mut played = 0;
    for &players in counts {
        for i in 0..games {
            let spec = specs[i as usize % specs.len()];
            let lineup: Vec<&str> =
                std::iter::once(spec).chain(["greedy", "random", "one-step", "route-focus"]).take(players).collect();
            let result = play(&map, &lineup, 50 + players as u64, i);
            assert!(result.turns <= map.rules.turn_cap);
            played += 1;
        }
    }
    played
}

/// Games per map for the legality tests: 2,000 in the release builds the test script runs;
/// a tenth of that in unoptimised builds (`cargo nextest run -p ttr-bots` by hand), where
/// South Korea's 2,000 games took about 400 s.
const LEGALITY_GAMES: u64 = if cfg!(debug_assertions) { 200 } else { 2000 };

#[test]
fn mcts_plays_usa_legally() {
    assert_eq!(plays_legally("usa", &[2, 3, 4, 5], LEGALITY_GAMES / 4), LEGALITY_GAMES);
}

#[test]
fn mcts_plays_nordic_legally() {
    assert_eq!(plays_legally("nordic", &[2, 3], LEGALITY_GAMES / 2), LEGALITY_GAMES);
}

#[test]
fn mcts_plays_legendary_asia_legally() {
    assert_eq!(plays_legally("legendary_asia", &[2, 3, 4, 5], LEGALITY_GAMES / 4), LEGALITY_GAMES);
}

#[test]
fn mcts_plays_south_korea_legally() {
    assert_eq!(plays_legally("south_korea", &[2, 3, 4, 5], LEGALITY_GAMES / 4), LEGALITY_GAMES);
}

#[test]
fn every_root_decision_is_legal_and_the_bot_is_deterministic() {
    // Drive a game by hand and check each mcts choice against the full legal list.
    // Nordic runs on a step budget, the others on a playout count.
    for (name, players, spec) in [
        ("usa", 2, "iters=10:worlds=3"),
        ("nordic", 3, "steps=800:worlds=3"),
        ("legendary_asia", 2, "iters=10:worlds=3"),
    ] {
        let map = load(name);
        let mut runs = Vec::new();
        for _ in 0..2 {
            let mut state = GameState::new(&map, players, 11).unwrap();
            let mut bots: Vec<MctsBot> = (0..players).map(|s| MctsBot::new(params(spec), 7 + s as u64)).collect();
            let mut actions = Vec::new();
            while !state.is_over() {
                let seat = state.to_move();
                let obs = Observation::new(&state, seat);
                let action = bots[seat.index()].choose(&obs);
                let legal: Vec<Action> = state.legal_actions().iter().collect();
                assert!(legal.contains(&action), "{name}: {action:?} is not legal in {:?}", state.phase());
                state.try_apply(action).unwrap();
                actions.push(action);
            }
            runs.push((actions, state.result().seats().iter().map(|r| r.score).collect::<Vec<_>>()));
        }
        assert_eq!(runs[0], runs[1], "{name}: same seeds, same game");
    }
}

/// A USA last turn: seat 1 holds two joined routes of lengths summing to 6 (under 15 points
/// and the longest path, 6); seat 0 holds 6 cards of one colour. Only a 6-long claim (15
/// points, and a share of the longest-path bonus) wins; shorter claims or draws lose.
fn last_turn(map: &Map) -> (Setup, Card) {
    let routes = map.routes();
    let six = (0..routes.len()).find(|&i| routes[i].length == 6 && routes[i].color.is_some()).expect("a 6-long route");
    let color = routes[six].color.unwrap();
    let mut pair = None;
    'outer: for i in 0..routes.len() {
        for j in i + 1..routes.len() {
            let (a, b) = (&routes[i], &routes[j]);
            let joined = a.a == b.a || a.a == b.b || a.b == b.a || a.b == b.b;
            let other_ends_differ = !((a.a == b.a && a.b == b.b) || (a.a == b.b && a.b == b.a));
            if joined
                && other_ends_differ
                && a.length + b.length == 6
                && a.length == 3
                && a.twin.is_none()
                && b.twin.is_none()
            {
                pair = Some((i, j));
                break 'outer;
            }
        }
    }
    let (i, j) = pair.expect("two joined 3-long routes");
    let mut s = Setup::empty(map, 2);
    s.give(0, CardCounts::of(color, 6));
    s.give(1, CardCounts::of(Card::Loco, 2));
    s.lay([Some(Card::Red), Some(Card::Blue), Some(Card::Green), Some(Card::Yellow), Some(Card::Black)]);
    for r in [i, j] {
        s.owned[1].insert(RouteId(r as u8));
    }
    s.trains[1] = map.rules.trains - 6;
    s.phase = Phase::Turn;
    s.to_move = Seat(0);
    s.final_turns_left = Some(1);
    s.turns = 80;
    s.seed = 5;
    (s, color)
}

#[test]
fn a_huge_budget_finds_the_winning_claim() {
    let map = load("usa");
    let (setup, _) = last_turn(&map);
    let state = GameState::from_setup(&map, &setup).unwrap_or_else(|e| panic!("{e}"));
    // Random playout policy, so the first candidate is no hint; every candidate tried.
    for seed in 0..3 {
        let mut bot = MctsBot::new(params("iters=3000:rollout=random:widen=0:worlds=8"), seed);
        let action = bot.choose(&Observation::new(&state, Seat(0)));
        let Action::Claim { route, .. } = action else { panic!("seed {seed}: played {action:?}, not a claim") };
        assert_eq!(map.route(route).length, 6, "seed {seed}: claimed a {}-long route", map.route(route).length);
        let mut after = state.clone();
        after.try_apply(action).unwrap();
        assert!(after.is_over());
        assert!(after.result().winners.contains(Seat(0)) && after.result().winners.count() == 1, "the claim wins");
        let root = bot.last_root();
        assert!(root.len() > 5, "many candidates were searched: {}", root.len());
    }
}

#[test]
fn a_step_budget_buys_many_short_playouts_and_stays_within_its_steps() {
    // On the last turn a playout is one or two decisions long: 4000 steps buy over a
    // thousand playouts (at least half the budget is played), and never more steps than
    // the budget plus one round of candidates.
    let map = load("usa");
    let (setup, _) = last_turn(&map);
    let state = GameState::from_setup(&map, &setup).unwrap_or_else(|e| panic!("{e}"));
    let mut bot = MctsBot::new(params("steps=4000"), 3);
    bot.choose(&Observation::new(&state, Seat(0)));
    let st = bot.stats();
    assert_eq!(st.searches, 1);
    let candidates = bot.last_root().len() as u64;
    assert!(st.playouts >= 1000, "{} playouts", st.playouts);
    assert!(st.steps <= 4000 + 2 * candidates, "{} steps, {} playouts, {candidates} candidates", st.steps, st.playouts);
    // At the start of a game playouts are long: the same budget buys few of them.
    let start = GameState::new(&map, 2, 9).unwrap();
    let mut state = start;
    let mut greedy = ttr_bots::GreedyBot::new();
    while state.phase() != Phase::Turn {
        let obs = Observation::new(&state, state.to_move());
        let action = greedy.choose(&obs);
        state.try_apply(action).unwrap();
    }
    let mut bot = MctsBot::new(params("steps=4000"), 3);
    bot.choose(&Observation::new(&state, state.to_move()));
    let st = bot.stats();
    assert!(st.playouts < 200, "{} playouts at the start", st.playouts);
}

#[test]
fn the_cap_bounds_the_playouts_of_a_decision() {
    // On the last turn 40,000 steps buy over 10,000 one- or two-decision playouts; `cap`
    // is the budget then (a round of candidates may go past it; when the policy's choice
    // wins the halving, only the halving's half of it is spent), and `cap=0` lifts it.
    let map = load("usa");
    let (setup, _) = last_turn(&map);
    let state = GameState::from_setup(&map, &setup).unwrap_or_else(|e| panic!("{e}"));
    let playouts = |spec: &str| {
        let mut bot = MctsBot::new(params(spec), 3);
        bot.choose(&Observation::new(&state, Seat(0)));
        (bot.stats().playouts, bot.last_root().len() as u64)
    };
    let (uncapped, _) = playouts("steps=40000:cap=0");
    assert!(uncapped > 10_000, "{uncapped} playouts without a cap");
    let (capped, candidates) = playouts("steps=40000:cap=2000");
    let (half, _) = playouts("steps=40000:cap=1000");
    assert!(half < capped && capped <= 2000 + candidates, "{half} and {capped} playouts, {candidates} candidates");
    assert!(capped >= 2000 / 3, "{capped} playouts");
}

#[test]
fn a_step_budget_holds_when_the_first_playouts_are_short() {
    // The budget's playout count is first set from the lengths of one scenario's playouts,
    // then set again from all the lengths measured as the search goes on, so the steps a
    // decision simulates stay close to `steps` even when that first scenario ended early.
    // Over the late turns and ticket keeps of 3-player Nordic greedy games, where playout
    // lengths vary most, no search passes it by more than a tenth.
    let map = load("nordic");
    let mut worst: f64 = 0.0;
    let mut searched = 0;
    for game in 0..4u64 {
        let mut state = GameState::new(&map, 3, 40 + game).unwrap();
        let mut greedy: Vec<ttr_bots::GreedyBot> = (0..3).map(|_| ttr_bots::GreedyBot::new()).collect();
        while !state.is_over() {
            let obs = Observation::new(&state, state.to_move());
            if state.turns() >= 60 && matches!(state.phase(), Phase::Turn | Phase::KeepTickets) {
                let mut bot = MctsBot::new(params("steps=3000:keep=1"), game);
                bot.choose(&obs);
                let st = bot.stats();
                if st.searches == 1 {
                    searched += 1;
                    worst = worst.max(st.steps as f64 / 3000.0);
                }
            }
            let action = greedy[state.to_move().index()].choose(&obs);
            state.try_apply(action).unwrap();
        }
    }
    assert!(searched > 50, "{searched} searches");
    assert!(worst > 0.9 && worst <= 1.1, "the most steps a search took, over its budget: {worst:.3}");
}

/// Seat 0's turn after `turns` turns of a 2-player greedy game on `map` with seed `seed`.
fn greedy_position<'m>(map: &'m Map, seed: u64, turns: u16) -> GameState<'m> {
    let mut state = GameState::new(map, 2, seed).unwrap();
    let mut greedy = [ttr_bots::GreedyBot::new(), ttr_bots::GreedyBot::new()];
    while state.turns() < turns || state.phase() != Phase::Turn || state.to_move() != Seat(0) {
        let obs = Observation::new(&state, state.to_move());
        let action = greedy[state.to_move().index()].choose(&obs);
        state.try_apply(action).unwrap();
    }
    state
}

#[test]
fn the_runner_up_spends_the_budget_the_policy_choice_leaves() {
    // When the policy's choice wins the halving, half the budget is left: `runner=1` spends
    // it on the runner-up's duel, so those searches play more and none plays less than its
    // budget (a round of candidates may overshoot it).
    let map = load("usa");
    let mut spent = [0u64; 2];
    for game in 0..6u64 {
        let state = greedy_position(&map, 60 + game, 10);
        let obs = Observation::new(&state, Seat(0));
        for (i, spec) in ["iters=64", "iters=64:runner=1"].into_iter().enumerate() {
            let mut bot = MctsBot::new(params(spec), game);
            bot.choose(&obs);
            spent[i] += bot.stats().playouts;
            if i == 1 {
                assert!(bot.stats().playouts >= 64, "game {game}: {} playouts", bot.stats().playouts);
            }
        }
    }
    assert!(spent[1] > spent[0], "playouts without and with the runner-up: {spent:?}");
}

#[test]
fn the_search_depends_only_on_what_its_seat_sees() {
    // Mid-game positions of greedy games, and copies differing only in what seat 0 may not
    // see: a card of seat 1's hand swapped with the deck, a ticket of seat 1 swapped with the
    // ticket deck, and the seed of later chance. Seat 0's view is the same, so a bot with the
    // same seed (on the step budget: the playout lengths must not leak either) searches the
    // same playouts: same action, same visits and means.
    let map = load("usa");
    for game in 0..3u64 {
        let mut state = GameState::new(&map, 2, 40 + game).unwrap();
        let mut greedy = [ttr_bots::GreedyBot::new(), ttr_bots::GreedyBot::new()];
        while state.turns() < 20 || state.phase() != Phase::Turn || state.to_move() != Seat(0) {
            let obs = Observation::new(&state, state.to_move());
            let action = greedy[state.to_move().index()].choose(&obs);
            state.try_apply(action).unwrap();
        }
        let mut other = state.to_setup();
        let (hand, known) = (other.hands[1], other.known[1]);
        let give = ttr::Card::ALL.into_iter().find(|&c| hand[c] > known[c]).expect("a hidden card in seat 1's hand");
        let take =
            ttr::Card::ALL.into_iter().find(|&c| c != give && other.deck[c] > 0).expect("another card in the deck");
        other.hands[1][give] -= 1;
        other.deck[give] += 1;
        other.deck[take] -= 1;
        other.hands[1][take] += 1;
        let held = other.tickets[1].iter().next().expect("seat 1 holds a ticket");
        let fresh = other.ticket_deck[0];
        other.tickets[1] = other.tickets[1].without(held);
        other.tickets[1].insert(fresh);
        other.ticket_deck[0] = held;
        other.seed ^= 0x5eed;
        let other = GameState::from_setup(&map, &other).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(other.to_setup(), state.to_setup());
        let (a, b) = (Observation::new(&state, Seat(0)), Observation::new(&other, Seat(0)));
        assert!(a == b, "game {game}: seat 0 sees the same");
        // The ticket inference reads the same weights from both.
        let mut beliefs = [TicketBelief::default(), TicketBelief::default()];
        beliefs[0].update(&a, 2.0);
        beliefs[1].update(&b, 2.0);
        for t in (0..map.tickets().len()).map(|i| ttr::TicketId(i as u8)) {
            assert_eq!(beliefs[0].weight(Seat(1), t), beliefs[1].weight(Seat(1), t), "game {game}: ticket {t:?}");
        }
        let mut bots =
            [MctsBot::new(params("steps=3000:worlds=4"), game), MctsBot::new(params("steps=3000:worlds=4"), game)];
        assert_eq!(bots[0].choose(&a), bots[1].choose(&b), "game {game}");
        assert_eq!(bots[0].last_root(), bots[1].last_root(), "game {game}");
        assert_eq!(bots[0].stats().steps, bots[1].stats().steps, "game {game}");
        // The swapped card and ticket are not the ones seat 1 truly holds, so a bot that
        // read the hidden state would have had something to read.
        assert_ne!(state.hand(Seat(1)), other.hand(Seat(1)));
    }
}

#[test]
fn ticket_inference_favours_the_tickets_greedy_opponents_hold() {
    use ttr_bots::GreedyBot;
    // Greedy plays both seats; every sixth turn seat 0 weighs seat 1's tickets. The true
    // tickets must get clearly more than their share under uniform guessing.
    for (name, players) in [("usa", 2), ("nordic", 3)] {
        let map = load(name);
        let (mut lift, mut positions) = (0.0, 0);
        for game in 0..40 {
            let mut state = GameState::new(&map, players, game).unwrap();
            let mut bots: Vec<GreedyBot> = (0..players).map(|_| GreedyBot::new()).collect();
            let mut belief = TicketBelief::default();
            while !state.is_over() {
                let seat = state.to_move();
                let obs = Observation::new(&state, seat);
                if seat == Seat(0) && state.phase() == Phase::Turn && state.turns() % 6 == 0 && state.turns() > 0 {
                    belief.update(&obs, 2.0);
                    let held = state.tickets(Seat(1));
                    let unseen: Vec<_> = (0..map.tickets().len())
                        .map(|i| ttr::TicketId(i as u8))
                        .filter(|&t| !obs.tickets().contains(t))
                        .collect();
                    let total: f64 = unseen.iter().map(|&t| belief.weight(Seat(1), t)).sum();
                    let share = |t| belief.weight(Seat(1), t) / total * unseen.len() as f64;
                    lift += held.iter().map(|t| share(t).ln()).sum::<f64>() / f64::from(held.count());
                    positions += 1;
                }
                let action = bots[seat.index()].choose(&obs);
                state.try_apply(action).unwrap();
            }
        }
        let mean = lift / f64::from(positions);
        assert!(positions > 200, "{name}: {positions} positions");
        assert!(mean > 0.7, "{name}: mean log lift of the true tickets {mean:.3}");
    }
}

/// Speed figures (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn speed() {
    // Seat 0 searches, seat 1 is greedy; several games per spec (map and players from
    // MAP and PLAYERS, default 2-player USA).
    let map = load(&std::env::var("MAP").unwrap_or_else(|_| "usa".into()));
    let players: usize = std::env::var("PLAYERS").map_or(2, |p| p.parse().unwrap());
    for spec in ["", "iters=200:keep=4", "iters=100", "iters=50", "iters=200:second=1", "ms=100"] {
        let mut bot = MctsBot::new(params(spec), 1);
        for game in 0..5 {
            let mut state = GameState::new(&map, players, game).unwrap();
            let mut others: Vec<ttr_bots::GreedyBot> = (0..players).map(|_| ttr_bots::GreedyBot::new()).collect();
            while !state.is_over() {
                let seat = state.to_move();
                let obs = Observation::new(&state, seat);
                let action = if seat == Seat(0) { bot.choose(&obs) } else { others[seat.index()].choose(&obs) };
                state.try_apply(action).unwrap();
            }
        }
        let st = bot.stats();
        let secs = st.time.as_secs_f64();
        eprintln!(
            "{spec}: 5 games, {} searched decisions (+{} not searched), {} playouts in {secs:.2} s: {:.0} playouts/s, \
             {:.3} s per searched decision, longest {:.3} s",
            st.searches,
            st.forced,
            st.playouts,
            st.playouts as f64 / secs,
            secs / st.searches as f64,
            st.longest.as_secs_f64()
        );
    }
}

/// `choose_with` given the bot's own sampler (worlds drawn with the ticket belief at the
/// bot's `infer`) chooses what `choose` chooses, from the same search: two bots of one seed
/// take the mcts seat of a seeded 2-player USA game against greedy, one through each door,
/// and agree on every decision and on the root statistics of every search.
#[test]
fn choose_with_the_fair_sampler_is_choose() {
    let map = load("usa");
    let p = params("steps=2000");
    let game = game_seed(7, 0);
    let (mut plain, mut hooked) = (MctsBot::new(p, bot_seed(game, Seat(0))), MctsBot::new(p, bot_seed(game, Seat(0))));
    let mut greedy = ttr_bots::GreedyBot::new();
    let mut belief = TicketBelief::default();
    let mut state = GameState::new(&map, 2, game).unwrap();
    while plain.stats().searches < 12 {
        assert!(!state.is_over(), "the game ended before 12 searches");
        let obs = Observation::new(&state, state.to_move());
        let action = if obs.seat() == Seat(0) {
            let a = plain.choose(&obs);
            belief.update(&obs, p.infer);
            let b = hooked.choose_with(&obs, |rng| ttr::sample_world_weighted(&obs, rng, |s, t| belief.weight(s, t)));
            assert_eq!(a, b, "turn {}", obs.turns());
            assert_eq!(plain.last_root(), hooked.last_root(), "turn {}", obs.turns());
            assert_eq!(
                (plain.stats().searches, plain.stats().playouts),
                (hooked.stats().searches, hooked.stats().playouts)
            );
            a
        } else {
            greedy.choose(&obs)
        };
        state.try_apply(action).unwrap();
    }
}

/// `loco` is the face-up locomotive rule of the policy the search defends: with a margin no
/// search can clear, `mcts` plays its policy's choice, which is a fresh greedy bot's with
/// `loco=0` under `mcts:loco=0` and with greedy's own rule by default, in positions of
/// 4-player USA greedy games where the two rules choose differently.
#[test]
fn loco_sets_the_rule_of_the_policy_the_search_defends() {
    let map = load("usa");
    let mut differing = 0;
    for index in 0..40 {
        let mut state = GameState::new(&map, 4, game_seed(9, index)).unwrap();
        let mut players: Vec<ttr_bots::GreedyBot> = (0..4).map(|_| ttr_bots::GreedyBot::new()).collect();
        while !state.is_over() && differing < 8 {
            let obs = Observation::new(&state, state.to_move());
            let one = ttr_bots::GreedyBot::new().choose(&obs);
            let none = ttr_bots::GreedyBot::new().with_loco_colors(0).choose(&obs);
            if one != none {
                differing += 1;
                for (spec, expected) in [("iters=8:margin=1000000", one), ("iters=8:margin=1000000:loco=0", none)] {
                    let chosen = MctsBot::new(params(spec), index).choose(&obs);
                    assert_eq!(chosen, expected, "mcts:{spec}, game {index}, turn {}", obs.turns());
                }
            }
            let action = players[state.to_move().index()].choose(&obs);
            state.try_apply(action).unwrap();
        }
    }
    assert_eq!(differing, 8, "positions where the two rules choose differently");
}
