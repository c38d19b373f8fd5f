//! Engine benches over fixed positions: legal-action generation and checking, applying
//! actions (checked and unchecked), and a whole random 4-player USA game. Each bench checks
//! what it times before timing it.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use ttr::{play_game, Action, Bot, EndReason, GameState, Map, Observation, Phase};
use ttr_bots::RandomBot;

fn usa() -> Map {
    Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).expect("maps/usa.toml")
}

/// The position after `moves` random actions from game seed `seed` (4 players).
fn position(map: &Map, seed: u64, moves: usize) -> GameState<'_> {
    let mut state = GameState::new(map, 4, seed).expect("4 players");
    let mut bot = RandomBot::new(seed);
    for _ in 0..moves {
        let action = bot.choose(&Observation::new(&state, state.to_move()));
        state.try_apply(action).expect("legal");
    }
    state
}

fn legal_actions(c: &mut Criterion) {
    let map = usa();
    // A mid-game turn start with many claims available.
    let state = (0..)
        .map(|seed| position(&map, seed, 120))
        .find(|s| s.phase() == Phase::Turn && s.legal_actions().len() > 30)
        .expect("a busy position");
    let expected = state.legal_actions().len();
    assert_eq!(state.legal_actions().iter().count() as u32, expected);
    assert!(state.legal_actions().iter().all(|a| state.check(a).is_ok()));
    let claim = state.legal_actions().iter().find(|a| matches!(a, Action::Claim { .. })).expect("a claim");
    assert!(state.legal_actions().is_legal(claim));
    c.bench_function("legal_actions/count", |b| b.iter(|| black_box(&state).legal_actions().len()));
    c.bench_function("legal_actions/is_legal_claim", |b| {
        b.iter(|| black_box(&state).legal_actions().is_legal(black_box(claim)))
    });
    c.bench_function("legal_actions/enumerate", |b| {
        b.iter(|| {
            let legal = black_box(&state).legal_actions();
            legal.iter().count()
        })
    });
}

fn apply(c: &mut Criterion) {
    let map = usa();
    let state = (0..)
        .map(|seed| position(&map, seed, 120))
        .find(|s| s.phase() == Phase::Turn && s.legal_actions().iter().any(|a| matches!(a, Action::Claim { .. })));
    let state = state.expect("a position with a claim");
    let claim = state.legal_actions().iter().find(|a| matches!(a, Action::Claim { .. })).expect("claim");
    let mut probe = state.clone();
    probe.try_apply(claim).expect("legal claim");
    assert_ne!(probe.claimed(), state.claimed());
    c.bench_function("apply/claim", |b| {
        b.iter_batched(
            || state.clone(),
            |mut s| s.try_apply(black_box(claim)).map(|_| s.turns()),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("apply/claim_unchecked", |b| {
        b.iter_batched(
            || state.clone(),
            |mut s| {
                s.apply(black_box(claim));
                s.turns()
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function("apply/draw_blind", |b| {
        b.iter_batched(
            || state.clone(),
            |mut s| s.try_apply(black_box(Action::DrawBlind)).map(|_| s.phase()),
            BatchSize::SmallInput,
        )
    });
}

fn whole_game(c: &mut Criterion) {
    let map = usa();
    let play = |seed: u64| {
        let mut bots: Vec<Box<dyn Bot>> = (0..4).map(|s| Box::new(RandomBot::new(seed + s)) as Box<dyn Bot>).collect();
        play_game(&map, seed, &mut bots).expect("random bots play legally")
    };
    let result = play(42);
    assert_eq!(result.end, EndReason::Trains);
    assert!(result.turns > 50);
    let mut seed = 0;
    c.bench_function("game/random_4p_usa", |b| {
        b.iter(|| {
            seed += 1;
            play(black_box(seed)).turns
        })
    });
}

criterion_group!(benches, legal_actions, apply, whole_game);
criterion_main!(benches);
