//! Legal-move generation timed over the checked-in golden positions (`tests/golden/`): for
//! each map, every decision of the golden games of every player count. Before timing, the
//! counts are checked against the files, so the bench times exactly what the test checks.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use ttr::{GameState, Map};

#[path = "../tests/common/golden.rs"]
mod golden;

fn legal_actions_at_golden_positions(c: &mut Criterion) {
    for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(format!("{name}.toml"));
        let map = Map::load(&file).unwrap_or_else(|e| panic!("{e}"));
        let [lo, hi] = map.rules.players;
        let mut states: Vec<GameState<'_>> = Vec::new();
        let mut total = 0u64;
        for players in usize::from(lo)..=usize::from(hi) {
            let path = golden::path(&map, players);
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(golden::render(&map, players), text, "{}: counts differ; run tests/golden.rs", path.display());
            for seed in golden::SEEDS {
                states.extend(golden::positions(&map, players, seed));
            }
        }
        for state in &states {
            total += u64::from(state.legal_actions().len());
        }
        c.bench_function(&format!("golden/{name}"), |b| {
            b.iter(|| {
                let sum: u64 = black_box(&states).iter().map(|s| u64::from(s.legal_actions().len())).sum();
                assert_eq!(sum, total);
                sum
            })
        });
    }
}

criterion_group!(benches, legal_actions_at_golden_positions);
criterion_main!(benches);
