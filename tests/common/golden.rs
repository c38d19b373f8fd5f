//! Golden counts of legal actions, like the perft files of chess libraries: for each map and
//! player count, `tests/golden/<map>-<players>p.txt` lists, for a few seeded games, how many
//! legal actions the engine offers at every decision from the setup to the end. The games
//! are played by a fixed chooser that does not depend on the order in which the engine lists
//! its actions, so only a change in the legal sets themselves can change a file. Shared by
//! `tests/golden.rs`, which checks the files, and `benches/golden.rs`, which times them.

use std::path::{Path, PathBuf};

use ttr::{Action, GameState, Map};

/// The game seeds of every golden file.
pub const SEEDS: [u64; 3] = [1, 2, 3];

/// `tests/golden/<map>-<players>p.txt` in the repository.
pub fn path(map: &Map, players: usize) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{}-{players}p.txt", map.name))
}

/// A well-mixed 64-bit value of `x` (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The action the fixed chooser takes at decision `step` of game `seed`: the legal actions
/// sorted by their `Debug` text, one picked by a hash of seed and step.
fn choose(state: &GameState<'_>, seed: u64, step: usize) -> Action {
    let mut legal: Vec<(String, Action)> = state.legal_actions().iter().map(|a| (format!("{a:?}"), a)).collect();
    legal.sort_by(|x, y| x.0.cmp(&y.0));
    let pick = mix(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ step as u64) % legal.len() as u64;
    legal[pick as usize].1
}

/// Every position of game `seed` at which a decision is due, from the setup to the end.
pub fn positions<'m>(map: &'m Map, players: usize, seed: u64) -> Vec<GameState<'m>> {
    let mut state = GameState::new(map, players, seed).expect("a player count of the map");
    let mut out = Vec::new();
    while !state.is_over() {
        let action = choose(&state, seed, out.len());
        out.push(state.clone());
        state.try_apply(action).expect("the chooser picks a legal action");
    }
    out
}

/// The golden file's text as the engine computes it now: a comment, then one line per seed,
/// `seed S: N N N ...`, the number of legal actions at each decision of that game.
pub fn render(map: &Map, players: usize) -> String {
    let mut text = format!(
        "# Legal actions at every decision of {players}-player games on {}, by seed (tests/common/golden.rs).\n",
        map.name
    );
    for seed in SEEDS {
        let counts: Vec<String> =
            positions(map, players, seed).iter().map(|s| s.legal_actions().len().to_string()).collect();
        text.push_str(&format!("seed {seed}: {}\n", counts.join(" ")));
    }
    text
}
