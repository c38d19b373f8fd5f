//! End-to-end tests of the `ttr` binary: outputs, determinism across thread counts, and
//! one clear error (and no files) for every kind of bad input.

mod cli_support;

use cli_support::{root, stderr, ttr};

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn simulate(out: &Path, extra: &[&str]) -> Output {
    let out = out.to_str().expect("utf-8 path");
    let mut args = vec!["simulate", "--map", "maps/usa.toml", "--players", "4", "--seed", "7", "--out", out, "-q"];
    args.extend_from_slice(extra);
    ttr(&args)
}

/// Files in a directory, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = match fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
}

#[test]
fn output_is_identical_whatever_the_thread_count() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let one = tmp.path().join("one");
    let two = tmp.path().join("two");
    let a = simulate(&one, &["--games", "3000", "--threads", "1"]);
    let b = simulate(&two, &["--games", "3e3", "--threads", "2"]);
    assert!(a.status.success() && b.status.success(), "{} {}", stderr(&a), stderr(&b));
    let csv = [
        "games.csv",
        "bots.csv",
        "seats.csv",
        "matchups.csv",
        "tickets.csv",
        "routes.csv",
        "cities.csv",
        "scores.csv",
        "arc.csv",
        "outliers.csv",
    ];
    for file in csv {
        let x = fs::read(one.join(file)).expect("read");
        let y = fs::read(two.join(file)).expect("read");
        assert!(x == y, "{file} differs between 1 and 2 threads");
    }
    let mut expected: Vec<&str> = csv.iter().copied().chain(["run.json"]).collect();
    expected.sort();
    assert_eq!(listing(&one), expected, "every file, and no temporary file left");
    let run = fs::read_to_string(two.join("run.json")).expect("run.json");
    assert!(run.contains("\"threads\": 2") && run.contains("\"map_sha256\""), "{run}");
}

#[test]
fn records_are_identical_whatever_the_thread_count_and_replay() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rec = |threads: &str| {
        let file = tmp.path().join(format!("rec{threads}.jsonl"));
        let out = simulate(
            &tmp.path().join(threads),
            &["--games", "60", "--threads", threads, "--record", file.to_str().unwrap(), "--record-every", "7"],
        );
        assert!(out.status.success(), "{}", stderr(&out));
        file
    };
    let (one, two) = (rec("1"), rec("2"));
    let text = fs::read_to_string(&one).expect("record");
    assert_eq!(text, fs::read_to_string(&two).expect("record"), "records differ between thread counts");
    assert_eq!(text.lines().count(), 1 + 9, "header + games 0, 7, ..., 56");
    let check = ttr(&["replay", one.to_str().unwrap(), "--check"]);
    assert!(check.status.success(), "{}", stderr(&check));
    let show = ttr(&["replay", one.to_str().unwrap(), "--game", "7"]);
    let stdout = String::from_utf8_lossy(&show.stdout);
    assert!(stdout.contains("game 7") && stdout.contains("claims") && stdout.contains("winner"), "{stdout}");
    let missing = ttr(&["replay", one.to_str().unwrap(), "--game", "8"]);
    assert!(!missing.status.success() && stderr(&missing).contains("no game 8"));
    let corrupt = tmp.path().join("corrupt.jsonl");
    fs::write(&corrupt, text.replacen("\"scores\":[", "\"scores\":[1000,", 1)).expect("write");
    let bad = ttr(&["replay", corrupt.to_str().unwrap(), "--check"]);
    assert!(!bad.status.success() && stderr(&bad).contains("corrupt.jsonl:2"), "{}", stderr(&bad));
}

#[test]
fn timed_decisions_are_every_decision_of_each_bot_and_change_no_game() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (plain, timed) = (tmp.path().join("plain"), tmp.path().join("timed"));
    let record = tmp.path().join("games.jsonl");
    let bots = ["--players", "2", "--bots", "random,greedy", "--games", "30", "--threads", "2"];
    let a = ttr(&[
        &["simulate", "--map", "maps/usa.toml", "--seed", "7", "-q", "--out", plain.to_str().unwrap()],
        &bots[..],
    ]
    .concat());
    let b = ttr(&[
        &["simulate", "--map", "maps/usa.toml", "--seed", "7", "-q", "--out", timed.to_str().unwrap()],
        &bots[..],
        &["--time-decisions", "--record", record.to_str().unwrap()],
    ]
    .concat());
    assert!(a.status.success() && b.status.success(), "{} {}", stderr(&a), stderr(&b));
    for file in listing(&plain).iter().filter(|f| f.ends_with(".csv")) {
        assert!(fs::read(plain.join(file)).unwrap() == fs::read(timed.join(file)).unwrap(), "{file} differs");
    }
    // Every decision event of the record is one decision of the bot in that seat.
    let mut decisions = std::collections::BTreeMap::<String, u64>::new();
    // The decisions of each game (by index) and seat, and the bot in that seat.
    let mut seat_decisions = std::collections::BTreeMap::<(u64, u64), (String, u64)>::new();
    let text = fs::read_to_string(&record).expect("record");
    for line in text.lines().skip(1) {
        let game: serde_json::Value = serde_json::from_str(line).expect("a game");
        for event in game["events"].as_array().expect("events") {
            if ["keep", "take", "blind", "claim", "tickets", "pass"].contains(&event["e"].as_str().unwrap()) {
                let seat = event["s"].as_u64().expect("seat");
                let bot = game["bots"][seat as usize].as_str().unwrap().to_string();
                *decisions.entry(bot.clone()).or_default() += 1;
                seat_decisions.entry((game["game"].as_u64().expect("game index"), seat)).or_insert((bot, 0)).1 += 1;
            }
        }
    }
    let run: serde_json::Value = serde_json::from_slice(&fs::read(timed.join("run.json")).unwrap()).unwrap();
    let rows = run["decision_seconds"].as_array().expect("decision_seconds");
    assert_eq!(rows.len(), 2, "{run}");
    for (row, bot) in rows.iter().zip(["random", "greedy"]) {
        assert_eq!(row["bot"], bot);
        assert_eq!(row["decisions"].as_u64(), Some(decisions[bot]), "{bot}");
        let at = |key: &str| row[key].as_f64().expect(key);
        assert!(0.0 < at("median") && at("median") <= at("p90") && at("p90") <= at("p99"), "{row}");
        assert!(at("p99") <= at("longest") && at("mean") <= at("longest"), "{row}");
        // The longest decision is named by a game, a seat of this bot and one of its decisions.
        let place = &row["longest_at"];
        let key = (place["game"].as_u64().expect("game"), place["seat"].as_u64().expect("seat"));
        let (seated, taken) = &seat_decisions[&key];
        let decision = place["decision"].as_u64().expect("decision");
        assert!(seated == bot && (1..=*taken).contains(&decision), "{row}: {seated} took {taken}");
    }
    let plain_run = fs::read_to_string(plain.join("run.json")).unwrap();
    assert!(!plain_run.contains("decision_seconds"), "only timed runs report times");
    let stdout = String::from_utf8_lossy(&b.stdout);
    assert!(
        stdout.contains("seconds per decision") && stdout.contains(&format!("{} decisions", decisions["greedy"])),
        "{stdout}"
    );
}

#[test]
fn files_hold_one_row_per_game_and_consistent_tallies() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = simulate(tmp.path(), &["--games", "400", "--bots", "random,random,random,random"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let games = fs::read_to_string(tmp.path().join("games.csv")).expect("games.csv");
    let rows: Vec<&str> = games.lines().collect();
    assert_eq!(rows.len(), 401, "header + one row per game");
    let header: Vec<&str> = rows[0].split(',').collect();
    assert_eq!(header.len(), 2 + 4 * 9 + 3);
    let winners_col = header.iter().position(|h| *h == "winners").expect("winners column");
    let mut sole_wins = 0;
    for row in &rows[1..] {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.len(), header.len(), "row {row}");
        for s in 0..4 {
            let f = |k: usize| fields[2 + 9 * s + k].parse::<i64>().expect("integer");
            assert_eq!(f(1), f(2) + f(3) - f(4) + f(7), "score = routes + gained - lost + bonus in {row}");
        }
        if !fields[winners_col].contains(';') {
            sole_wins += 1;
        }
    }
    let bots = fs::read_to_string(tmp.path().join("bots.csv")).expect("bots.csv");
    let line: Vec<&str> = bots.lines().nth(1).expect("one bot row").split(',').collect();
    assert_eq!(line[0], "random");
    assert_eq!(line[1], "1600", "4 seats x 400 games");
    assert_eq!(line[2].parse::<u64>().expect("wins"), sole_wins);
    let seats = fs::read_to_string(tmp.path().join("seats.csv")).expect("seats.csv");
    assert_eq!(seats.lines().count(), 5);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("games/s") && stdout.contains("win rate"), "{stdout}");
}

/// Runs a bad command and checks: non-zero exit, one `error:` line naming the problem,
/// no panic, and nothing written to the output directory.
fn assert_refused(args: &[&str], expected: &str) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out_dir = tmp.path().join("out");
    let mut full: Vec<&str> = args.to_vec();
    let out_str = out_dir.to_str().expect("utf-8").to_string();
    if args.first() == Some(&"simulate") {
        full.extend_from_slice(&["--out", &out_str, "-q"]);
    }
    let out = ttr(&full);
    let err = stderr(&out);
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(err.contains(expected), "{args:?}: expected {expected:?} in {err:?}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(listing(&out_dir).is_empty(), "{args:?} left files: {:?}", listing(&out_dir));
}

#[test]
fn bad_input_gets_one_clear_error_and_no_files() {
    let usa = ["simulate", "--map", "maps/usa.toml"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> { usa.iter().chain(extra).copied().collect() };
    assert_refused(&with(&["--players", "4", "--bots", "randon"]), "unknown bot \"randon\"");
    assert_refused(&with(&["--players", "6"]), "--players 6: usa is for 2 to 5 players");
    assert_refused(&with(&["--players", "3", "--bots", "random,random"]), "2 bots for 3 players");
    assert_refused(&with(&["--players", "2", "--games", "lots"]), "not a whole number of games");
    assert_refused(&with(&["--players", "2", "--games", "0"]), "at least 1");
    assert_refused(&with(&["--players", "2", "--threads", "0"]), "--threads");
    assert_refused(&["simulate", "--map", "maps/nowhere.toml", "--players", "2"], "maps/nowhere.toml: cannot read");
    assert_refused(&["simulate", "--map", "maps/nordic.toml", "--players", "4"], "nordic is for 2 to 3 players");
}

#[test]
fn unwritable_output_is_refused_before_playing() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let blocker = tmp.path().join("file");
    fs::write(&blocker, "not a directory").expect("write");
    let out = simulate(&blocker.join("out"), &["--games", "10"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("cannot write to"), "{}", stderr(&out));
}

#[test]
fn maps_check_summarises_valid_maps_and_names_bad_ones() {
    let out = ttr(&["maps", "check", "maps/usa.toml", "maps/nordic.toml", "maps/legendary_asia.toml"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("usa: 36 cities, 100 routes (total length 309), 30 tickets, 22 double routes"), "{stdout}");
    assert!(stdout.contains("nordic: 39 cities, 81 routes (total length 207), 46 tickets, 14 double routes"));
    assert!(stdout.contains("legendary_asia: 39 cities, 100 routes (total length 268), 36 tickets, 30 double routes"));
    let tmp = tempfile::tempdir().expect("temp dir");
    let bad = tmp.path().join("bad.toml");
    let text = fs::read_to_string(root().join("maps/usa.toml")).expect("usa").replacen(
        "\"Atlanta\", b = \"Charleston\"",
        "\"Atlantis\", b = \"Charleston\"",
        1,
    );
    fs::write(&bad, text).expect("write");
    let out = ttr(&["maps", "check", "maps/usa.toml", bad.to_str().expect("utf-8")]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("bad.toml:") && err.contains("unknown city \"Atlantis\""), "{err}");
}

/// Spawns `ttr args` with stdout piped, reads its first line, then closes the pipe (as
/// `ttr ... | head -1` does) and waits.
fn run_then_close_stdout(args: &[&str]) -> Output {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttr"))
        .current_dir(root())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ttr");
    let mut reader = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("first line");
    assert!(!first.is_empty(), "{args:?} printed nothing");
    drop(reader);
    child.wait_with_output().expect("wait for ttr")
}

#[test]
fn a_closed_stdout_ends_quietly_with_success() {
    // Far more output than a pipe holds, so ttr must write after the reader is gone.
    let mut args = vec!["maps", "check"];
    args.extend(std::iter::repeat_n("maps/usa.toml", 1500));
    let out = run_then_close_stdout(&args);
    assert!(out.status.success(), "exit {:?}: {}", out.status.code(), stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));

    let tmp = tempfile::tempdir().expect("temp dir");
    let file = tmp.path().join("rec.jsonl");
    let made = simulate(tmp.path(), &["--games", "2", "--record", file.to_str().expect("utf-8")]);
    assert!(made.status.success(), "{}", stderr(&made));
    let out = run_then_close_stdout(&["replay", file.to_str().expect("utf-8"), "--game", "0"]);
    assert!(out.status.success(), "exit {:?}: {}", out.status.code(), stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn bots_lists_every_bot_and_every_parameter() {
    let out = ttr(&["bots"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for bot in ttr_bots::spec::CATALOG {
        assert!(stdout.lines().any(|l| l.starts_with(bot.name) && l.contains(bot.plays)), "{} in {stdout}", bot.name);
        for p in bot.params {
            let setting = format!("{}={}", p.key, p.default);
            assert!(
                stdout.lines().any(|l| l.contains(&setting) && l.contains(p.range) && l.contains(p.meaning)),
                "{} {} in {stdout}",
                bot.name,
                p.key
            );
        }
    }
    let mcts = ttr_bots::spec::CATALOG.iter().find(|b| b.name == "mcts").expect("mcts in the catalogue");
    for key in ["iters", "ms", "c", "worlds", "rollout", "depth", "scale", "widen", "tree", "margin"] {
        assert!(mcts.params.iter().any(|p| p.key == key), "mcts parameter {key}");
        assert!(stdout.contains(&format!("    {key}=")), "mcts parameter {key} in {stdout}");
    }
}

#[test]
fn help_says_what_the_tool_is_for_and_shows_examples() {
    let out = ttr(&["--help"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let help = String::from_utf8_lossy(&out.stdout);
    let first = help.lines().next().expect("a first line");
    assert!(first.contains("Ticket to Ride self-play simulator"), "{help}");
    assert!(help.contains("bots") && help.contains("Examples:"), "{help}");
    for command in [
        &["simulate"][..],
        &["replay"],
        &["report"],
        &["compare"],
        &["sweep"],
        &["bots"],
        &["maps", "check"],
        &["tickets", "suggest"],
    ] {
        let mut args = vec!["help"];
        args.extend_from_slice(command);
        let out = ttr(&args);
        assert!(out.status.success(), "{command:?}: {}", stderr(&out));
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains("Examples:\n  ttr "), "{command:?}: {help}");
    }
}
