//! Shards and `ttr merge`: shards 0..N of a run merged give the files of the single run,
//! byte for byte (for `simulate` and `tournament`, on two maps, N = 1, 3, 7); shards that do
//! not make up one run are refused with one clear error and no files (counters of an older
//! format too); a bad `--shard` is refused.

mod cli_support;

use cli_support::{root, stderr, ttr};

use std::fs;
use std::path::{Path, PathBuf};

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| (*w).to_string()).collect()
}

fn path(p: &Path) -> String {
    p.to_str().expect("utf-8 path").to_string()
}

/// Runs `ttr` with `base` plus `--out dir` and `extra`; panics on failure.
fn run_ok(base: &[String], dir: &Path, extra: &[&str]) {
    let mut all = base.to_vec();
    all.extend(["--out".to_string(), path(dir)]);
    all.extend(args(extra));
    let out = ttr(&all);
    assert!(out.status.success(), "{all:?}: {}", stderr(&out));
}

/// Plays shards `0..n` of `base` into `dir/n-i` and merges them (given in reverse order)
/// into `dir/merged-n`.
fn shard_and_merge(base: &[String], dir: &Path, n: u64) -> PathBuf {
    let shards: Vec<PathBuf> = (0..n).map(|i| dir.join(format!("{n}-{i}"))).collect();
    for (i, shard) in shards.iter().enumerate() {
        run_ok(base, shard, &["--shard", &format!("{i}/{n}")]);
        assert!(shard.join("counters.json").exists(), "a shard writes counters.json");
    }
    let merged = dir.join(format!("merged-{n}"));
    let mut merge = args(&["merge"]);
    merge.extend(shards.iter().rev().map(|s| path(s)));
    merge.extend(["--out".to_string(), path(&merged)]);
    let out = ttr(&merge);
    assert!(out.status.success(), "merge of {n} shards: {}", stderr(&out));
    merged
}

/// Fields of `run.json` and `tournament.json` that say how a run was made, not what it found.
const HOW_IT_RAN: [&str; 5] = ["command", "threads", "wall_seconds", "games_per_second", "shard_wall_seconds"];

/// Asserts that `merged` holds exactly the files of `single`, byte for byte, the JSON run
/// description aside from [`HOW_IT_RAN`].
fn assert_same_files(single: &Path, merged: &Path) {
    let names = |dir: &Path| {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(names(single), names(merged), "{} and {} hold other files", single.display(), merged.display());
    for name in names(single) {
        let (a, b) = (fs::read(single.join(&name)).expect("read"), fs::read(merged.join(&name)).expect("read"));
        if name.ends_with(".json") {
            let strip = |bytes: &[u8]| {
                let mut value: serde_json::Value = serde_json::from_slice(bytes).expect("json");
                for key in HOW_IT_RAN {
                    value.as_object_mut().expect("object").remove(key);
                }
                value
            };
            assert_eq!(strip(&a), strip(&b), "{name} differs in {}", merged.display());
            assert!(String::from_utf8_lossy(&b).contains("\"shard_wall_seconds\""), "{name} lists the shards' times");
        } else {
            assert!(a == b, "{name} of {} differs from the single run", merged.display());
        }
    }
}

fn simulate(map: &str, players: &str, bots: &str, games: &str, seed: &str) -> Vec<String> {
    let words =
        ["simulate", "--map", map, "--players", players, "--bots", bots, "--games", games, "--seed", seed, "-q"];
    args(&words)
}

fn tournament(map: &str, seed: &str) -> Vec<String> {
    let words = [
        "tournament",
        "--map",
        map,
        "--players",
        "2..3",
        "--bots",
        "random,greedy,greedy:eps=0.5",
        "--games",
        "60",
        "--seed",
        seed,
        "--bootstrap",
        "20",
        "-q",
    ];
    args(&words)
}

#[test]
fn simulate_shards_merge_to_the_single_run_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // A turn cap of 180 ends some of the random 4-player USA games: outliers.csv lists them.
    let usa = fs::read_to_string(root().join("maps/usa.toml")).expect("usa.toml");
    let capped = tmp.path().join("usa-cap-180.toml");
    fs::write(&capped, usa.replace("turn_cap = 1000", "turn_cap = 180")).expect("write the map");
    let runs = [
        ("usa", simulate("maps/usa.toml", "4", "random,greedy,random,greedy", "101", "3")),
        ("nordic", simulate("maps/nordic.toml", "3", "random", "97", "4")),
        ("usa-cap", simulate(&path(&capped), "4", "random", "101", "3")),
    ];
    for (name, base) in &runs {
        let dir = tmp.path().join(name);
        run_ok(base, &dir.join("single"), &[]);
        for n in [1, 3, 7] {
            let merged = shard_and_merge(base, &dir, n);
            assert_same_files(&dir.join("single"), &merged);
        }
        let whole = fs::read_to_string(dir.join("single/games.csv")).expect("games.csv");
        let part = fs::read_to_string(dir.join("3-1/games.csv")).expect("games.csv");
        assert!(part.lines().count() < whole.lines().count(), "a shard plays part of the games");
        // The files of the designer's bench are among those compared, with content.
        let arc = fs::read_to_string(dir.join("single/arc.csv")).expect("arc.csv");
        assert!(arc.lines().count() > 40, "{name}: a row per round");
        let outliers = fs::read_to_string(dir.join("single/outliers.csv")).expect("outliers.csv");
        let capped = outliers.lines().filter(|l| l.starts_with("turn_cap,")).count();
        assert_eq!(capped > 1, *name == "usa-cap", "{name}: games ended by the turn cap\n{outliers}");
        let tickets = fs::read_to_string(dir.join("single/tickets.csv")).expect("tickets.csv");
        assert!(tickets.lines().next().expect("header").ends_with(",blocked_rate_lo,blocked_rate_hi"));
    }
}

#[test]
fn tournament_shards_merge_to_the_single_run_byte_for_byte() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for map in ["usa", "nordic"] {
        let base = tournament(&format!("maps/{map}.toml"), "5");
        let dir = tmp.path().join(map);
        run_ok(&base, &dir.join("single"), &[]);
        for n in [1, 3, 7] {
            let merged = shard_and_merge(&base, &dir, n);
            assert_same_files(&dir.join("single"), &merged);
        }
    }
}

/// Runs `ttr merge DIRS --out out` and asserts one `error:` line holding `expected`, and no
/// output directory.
fn assert_refused(dirs: &[&Path], out: &Path, expected: &str) {
    let mut merge = args(&["merge"]);
    merge.extend(dirs.iter().map(|d| path(d)));
    merge.extend(["--out".to_string(), path(out)]);
    let run = ttr(&merge);
    let err = stderr(&run);
    assert!(!run.status.success(), "{expected:?}: the merge was accepted");
    assert!(err.starts_with("error: ") && err.lines().count() == 1, "one error line, got {err}");
    assert!(err.contains(expected), "expected {expected:?} in {err}");
    assert!(!out.exists(), "{expected:?}: the refused merge wrote {}", out.display());
}

/// Copies the files of directory `from` into a new directory `to`; returns `to`.
fn copy_of(from: &Path, to: &Path) -> PathBuf {
    fs::create_dir(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("dir") {
        let entry = entry.expect("entry");
        fs::copy(entry.path(), to.join(entry.file_name())).expect("copy");
    }
    to.to_path_buf()
}

#[test]
fn shards_that_do_not_make_up_one_run_are_refused_and_nothing_is_written() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = |name: &str| tmp.path().join(name);
    let base = simulate("maps/usa.toml", "3", "random", "30", "1");
    for i in 0..3 {
        run_ok(&base, &dir(&format!("s{i}")), &["--shard", &format!("{i}/3")]);
    }
    run_ok(&simulate("maps/usa.toml", "3", "random", "30", "2"), &dir("seed2"), &["--shard", "2/3"]);
    run_ok(&simulate("maps/nordic.toml", "3", "random", "30", "1"), &dir("nordic"), &["--shard", "2/3"]);
    run_ok(&base, &dir("half"), &["--shard", "1/2"]);
    run_ok(&base, &dir("whole"), &[]);
    let copy = copy_of(&dir("s1"), &dir("s1-copy"));
    let cut = copy_of(&dir("s1"), &dir("s1-cut"));
    let games = fs::read_to_string(cut.join("games.csv")).expect("games.csv");
    let kept: Vec<&str> = games.lines().take(games.lines().count() - 1).collect();
    fs::write(cut.join("games.csv"), kept.join("\n") + "\n").expect("write");

    let out = dir("merged");
    let (s0, s1, s2) = (dir("s0"), dir("s1"), dir("s2"));
    assert_refused(&[&s0, &s2], &out, "shard 1/3 is missing");
    assert_refused(&[&s0, &s1, &copy, &s2], &out, "shard 1/3 is given twice");
    assert_refused(&[&s0, &s1, &dir("seed2")], &out, "not a shard of the same run as");
    assert_refused(&[&s0, &s1, &dir("seed2")], &out, "seed 1 vs 2");
    assert_refused(&[&s0, &s1, &dir("nordic")], &out, "map_name \"usa\" vs \"nordic\"");
    assert_refused(&[&s0, &dir("half")], &out, "split in 2");
    assert_refused(&[&s0, &dir("whole"), &s2], &out, "counters.json: cannot read the file");
    assert_refused(&[&s0, &cut, &s2], &out, "games.csv: holds 9 games, its counters 10");
    let old = copy_of(&dir("s1"), &dir("s1-old"));
    let counters = fs::read_to_string(old.join("counters.json")).expect("counters.json");
    fs::write(old.join("counters.json"), counters.replace("\"version\": 2,", "\"version\": 1,")).expect("write");
    assert_refused(&[&s0, &old, &s2], &out, "format ttr-counters version 1; this program reads ttr-counters version 2");
    run_ok(&tournament("maps/usa.toml", "1"), &dir("tournament"), &["--shard", "1/3"]);
    assert_refused(&[&s0, &dir("tournament"), &s2], &out, "not a shard of the same run");
    let before = fs::read(s1.join("games.csv")).expect("games.csv");
    let into_shard = ttr(&args(&["merge", &path(&s0), &path(&s1), &path(&s2), "--out", &path(&s1)]));
    assert!(
        !into_shard.status.success() && stderr(&into_shard).contains("this is shard 1/3"),
        "{}",
        stderr(&into_shard)
    );
    assert!(before == fs::read(s1.join("games.csv")).expect("games.csv"), "the shard is left alone");
    // The same shards, complete, merge.
    let ok = ttr(&args(&["merge", &path(&s0), &path(&s1), &path(&s2), "--out", &path(&out)]));
    assert!(ok.status.success(), "{}", stderr(&ok));
}

#[test]
fn a_bad_shard_is_refused() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("bad");
    let commands = [simulate("maps/usa.toml", "2", "random", "10", "1"), tournament("maps/usa.toml", "1")];
    for base in &commands {
        for shard in ["3/3", "1/0", "a/b", "-1/3", "1", "1/2/3", ""] {
            let mut all = base.clone();
            all.extend(args(&["--shard", shard, "--out", &path(&out)]));
            let run = ttr(&all);
            let err = stderr(&run);
            assert!(!run.status.success(), "--shard {shard:?} was accepted");
            assert!(err.starts_with("error: ") && err.contains("--shard"), "--shard {shard:?}: {err}");
            assert!(!out.exists(), "--shard {shard:?} wrote files");
        }
    }
}

#[test]
fn shard_records_join_into_the_record_of_the_single_run() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = |name: &str| tmp.path().join(name);
    let base = simulate("maps/nordic.toml", "2", "random,greedy", "40", "8");
    run_ok(&base, &dir("single"), &["--record", &path(&dir("single.jsonl")), "--record-every", "3"]);
    let shards: Vec<String> = (0..3).map(|i| path(&dir(&format!("s{i}")))).collect();
    for (i, shard) in shards.iter().enumerate() {
        let record = format!("{shard}.jsonl");
        run_ok(&base, Path::new(shard), &["--shard", &format!("{i}/3"), "--record", &record, "--record-every", "3"]);
    }
    let mut merge = args(&["merge"]);
    merge.extend(shards.iter().cloned());
    merge.extend(args(&["--out", &path(&dir("merged")), "--record", &path(&dir("merged.jsonl"))]));
    let out = ttr(&merge);
    assert!(out.status.success(), "{}", stderr(&out));
    let single = fs::read(dir("single.jsonl")).expect("record");
    assert!(single == fs::read(dir("merged.jsonl")).expect("merged record"), "the joined record differs");
    assert_eq!(String::from_utf8_lossy(&single).lines().count(), 1 + 14, "header and games 0, 3, ... 39");
    assert_same_files(&dir("single"), &dir("merged"));
    // Shards without records cannot give one.
    for i in 0..3 {
        run_ok(&base, &dir(&format!("bare{i}")), &["--shard", &format!("{i}/3")]);
    }
    let (b0, b1, b2) = (dir("bare0"), dir("bare1"), dir("bare2"));
    let mut refused = args(&["merge", &path(&b0), &path(&b1), &path(&b2), "--out", &path(&dir("none"))]);
    refused.extend(args(&["--record", &path(&dir("none.jsonl"))]));
    let run = ttr(&refused);
    assert!(!run.status.success() && stderr(&run).contains("wrote no game record"), "{}", stderr(&run));
    assert!(!dir("none").exists() && !dir("none.jsonl").exists(), "nothing written");
}
