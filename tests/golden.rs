//! The golden counts of legal-move generation: every file in `tests/golden/` must equal what
//! the engine computes now. A change to legal-move generation that alters a count shows up
//! as a failure here naming the file, seed and decision; after checking that the change is
//! meant, write the files anew with `TTR_BLESS_GOLDEN=1` and commit the diff.

mod common;
#[path = "common/golden.rs"]
mod golden;

use common::shared;

#[test]
fn legal_action_counts_equal_the_golden_files() {
    let bless = std::env::var_os("TTR_BLESS_GOLDEN").is_some();
    for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
        let map = shared(name);
        let [lo, hi] = map.rules.players;
        for players in usize::from(lo)..=usize::from(hi) {
            let path = golden::path(map, players);
            let now = golden::render(map, players);
            if bless {
                std::fs::write(&path, &now).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                continue;
            }
            let file = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e} (write it with TTR_BLESS_GOLDEN=1)", path.display()));
            for (line, (want, got)) in file.lines().zip(now.lines()).enumerate() {
                if want != got {
                    // `seed S: N N ...`: the counts start at the third word.
                    let (w, g): (Vec<&str>, Vec<&str>) =
                        (want.split_whitespace().collect(), got.split_whitespace().collect());
                    let at = w.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(w.len().min(g.len()));
                    let [file_says, engine_gives] = [&w, &g].map(|v| v.get(at).copied().unwrap_or("nothing"));
                    panic!(
                        "{}:{}: {} decision {}: the file says {file_says}, the engine now gives {engine_gives}",
                        path.display(),
                        line + 1,
                        g[..2].join(" "),
                        at.saturating_sub(2)
                    );
                }
            }
            assert_eq!(file.lines().count(), now.lines().count(), "{}: line count", path.display());
        }
    }
}
