//! `arc.csv` and `outliers.csv` of real runs of the `ttr` binary, checked against what an
//! independent reading finds: the arc against a recount of the claims in the replayed game
//! record, the outliers against `games.csv`; every game that ended by passes or the turn
//! cap is listed, and plays again as documented (`--shard GAME/GAMES`, `ttr replay`).

mod cli_support;

use cli_support::{path, root};

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ttr_lab::record::replay_record;
use ttr_lab::record_file::RecordFile;

fn ttr(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_ttr")).current_dir(root()).args(args).output().expect("run ttr");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Rows of a CSV file without quoted fields, as maps from column name to field.
fn rows(file: &Path) -> Vec<HashMap<String, String>> {
    let text = fs::read_to_string(file).expect("a CSV file");
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().expect("header").split(',').map(str::to_string).collect();
    lines.map(|l| header.iter().cloned().zip(l.split(',').map(str::to_string)).collect()).collect()
}

fn number(row: &HashMap<String, String>, column: &str) -> i64 {
    row[column].parse().unwrap_or_else(|_| panic!("{column}: {:?}", row[column]))
}

#[test]
fn the_arc_is_a_recount_of_the_claims_of_the_replayed_games() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (out, record) = (tmp.path().join("run"), tmp.path().join("games.jsonl"));
    let players = 3;
    ttr(&[
        "simulate",
        "--map",
        "maps/usa.toml",
        "--players",
        "3",
        "--bots",
        "greedy,random,hungry",
        "--games",
        "40",
        "--seed",
        "5",
        "--out",
        path(&out),
        "--record",
        path(&record),
        "-q",
    ]);
    // Per round (0-based here): games that reached it, and routes claimed in it.
    let (mut reaching, mut claims): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
    let file = RecordFile::read(&record).expect("the record");
    for k in 0..file.lines.len() {
        let game = file.game(&record, k).expect("a game line");
        let (mut turns_before, mut claimed_before) = (0u16, 0u32);
        let mut on_step = |state: &ttr::GameState<'_>, _: &[ttr::Event]| {
            let claimed = state.claimed().count();
            if claimed > claimed_before {
                // The decision belongs to turn `turns_before + 1`, whether or not it ended it.
                let round = usize::from(turns_before) / players;
                if claims.len() <= round {
                    claims.resize(round + 1, 0);
                }
                claims[round] += u64::from(claimed - claimed_before);
            }
            (turns_before, claimed_before) = (state.turns(), claimed);
        };
        let end = replay_record(&file.map, &game, &mut on_step).expect("the game replays");
        let rounds = usize::from(end.turns()).div_ceil(players);
        if reaching.len() < rounds {
            reaching.resize(rounds, 0);
        }
        reaching[..rounds].iter_mut().for_each(|g| *g += 1);
    }
    let arc = rows(&out.join("arc.csv"));
    assert_eq!(arc.len(), reaching.len(), "a row per round reached");
    assert!(arc.len() > 20, "greedy games last more than 20 rounds");
    for (r, row) in arc.iter().enumerate() {
        let claimed = claims.get(r).copied().unwrap_or(0);
        assert_eq!(number(row, "round"), r as i64 + 1);
        assert_eq!(number(row, "games_reaching") as u64, reaching[r], "round {}", r + 1);
        assert_eq!(number(row, "claims") as u64, claimed, "round {}", r + 1);
        assert_eq!(row["mean_claims"], format!("{:.4}", claimed as f64 / reaching[r] as f64));
        let (lo, hi): (f64, f64) = (row["mean_claims_lo"].parse().unwrap(), row["mean_claims_hi"].parse().unwrap());
        let mean: f64 = row["mean_claims"].parse().unwrap();
        assert!(lo <= mean && mean <= hi, "round {}: {lo} {mean} {hi}", r + 1);
    }
    assert_eq!(number(&arc[0], "games_reaching"), 40, "every game plays round 1");
    let total: u64 = claims.iter().sum();
    assert!(total > 40 * 20, "every game claims routes: {total}");
}

/// The games of `games.csv` as `(game, seed, turns, end, margin)`.
fn games(dir: &Path, players: usize) -> Vec<(i64, String, i64, String, i64)> {
    rows(&dir.join("games.csv"))
        .iter()
        .map(|g| {
            let won: Vec<usize> = g["winners"].split(';').map(|s| s.parse().expect("a seat")).collect();
            let score = |s: usize| number(g, &format!("score_{s}"));
            let low_winner = won.iter().map(|&s| score(s)).min().expect("a winner");
            let best_other = (0..players).filter(|s| !won.contains(s)).map(score).max();
            let margin = best_other.map_or(0, |o| low_winner - o);
            (number(g, "game"), g["seed"].clone(), number(g, "turns"), g["end"].clone(), margin)
        })
        .collect()
}

/// The listing of `outliers.csv` as `(kind, rank, game, seed, turns, end, margin)`.
fn outliers(dir: &Path) -> Vec<(String, i64, i64, String, i64, String, i64)> {
    rows(&dir.join("outliers.csv"))
        .iter()
        .map(|o| {
            let (rank, game, turns, margin) =
                (number(o, "rank"), number(o, "game"), number(o, "turns"), number(o, "margin"));
            (o["kind"].clone(), rank, game, o["seed"].clone(), turns, o["end"].clone(), margin)
        })
        .collect()
}

/// What `outliers.csv` should list for the games of `games.csv`, found by sorting them.
fn expected_outliers(dir: &Path, players: usize) -> Vec<(String, i64, i64, String, i64, String, i64)> {
    let games = games(dir, players);
    let mut expected = Vec::new();
    let mut list = |kind: &str, mut picked: Vec<&(i64, String, i64, String, i64)>, keep: usize| {
        picked.truncate(keep);
        for (i, (game, seed, turns, end, margin)) in picked.into_iter().enumerate() {
            expected.push((kind.to_string(), i as i64 + 1, *game, seed.clone(), *turns, end.clone(), *margin));
        }
    };
    let mut by = games.iter().collect::<Vec<_>>();
    by.sort_by_key(|g| (-g.2, g.0));
    list("longest", by.clone(), 5);
    by.sort_by_key(|g| (g.2, g.0));
    list("shortest", by.clone(), 5);
    by.sort_by_key(|g| (-g.4, g.0));
    list("lopsided", by, 5);
    list("passes", games.iter().filter(|g| g.3 == "passes").collect(), usize::MAX);
    list("turn_cap", games.iter().filter(|g| g.3 == "turn_cap").collect(), usize::MAX);
    expected
}

#[test]
fn outliers_are_the_extremes_of_games_csv() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for (players, bots) in [("2", "greedy,one-step"), ("5", "random")] {
        let out = tmp.path().join(players);
        ttr(&[
            "simulate",
            "--map",
            "maps/usa.toml",
            "--players",
            players,
            "--bots",
            bots,
            "--games",
            "300",
            "--seed",
            "2",
            "--out",
            path(&out),
            "-q",
        ]);
        let listed = outliers(&out);
        assert_eq!(listed, expected_outliers(&out, players.parse().unwrap()), "{players} players");
        assert_eq!(listed.len(), 15 + listed.iter().filter(|o| o.5 != "trains").count());
    }
}

/// A copy of `maps/usa.toml` with another turn cap, in `dir`.
fn usa_with_turn_cap(dir: &Path, cap: u16) -> PathBuf {
    let usa = fs::read_to_string(root().join("maps/usa.toml")).expect("usa.toml");
    let file = dir.join(format!("usa-cap-{cap}.toml"));
    fs::write(&file, usa.replace("turn_cap = 1000", &format!("turn_cap = {cap}"))).expect("write the map");
    file
}

/// A board of five cities and six routes where greedy and random bots run out of moves:
/// every game ends by passes, after 69 to 76 turns with 2 random players.
fn crossroads(dir: &Path, cap: u16) -> PathBuf {
    let usa = fs::read_to_string(root().join("maps/usa.toml")).expect("usa.toml");
    let mut text = String::from("name = \"crossroads\"\ncities = [\n");
    for (c, x, y) in [("A", 0.1, 0.5), ("B", 0.3, 0.5), ("C", 0.5, 0.5), ("D", 0.9, 0.5), ("E", 0.7, 0.2)] {
        text += &format!("  {{ name = \"{c}\", x = {x}, y = {y} }},\n");
    }
    text += "]\nroutes = [\n";
    for (a, b, length, color) in
        [("A", "B", 1, "red"), ("C", "D", 3, "gray"), ("C", "E", 1, "gray"), ("E", "D", 1, "gray")]
    {
        text += &format!("  {{ a = \"{a}\", b = \"{b}\", length = {length}, color = \"{color}\" }},\n");
    }
    text += "  { a = \"B\", b = \"C\", length = 2, color = \"blue\", double = 1 },\n";
    text += "  { a = \"B\", b = \"C\", length = 2, color = \"green\", double = 1 },\n]\ntickets = [\n";
    for (i, a) in ["A", "B", "C", "D", "E"].iter().enumerate() {
        for b in ["A", "B", "C", "D", "E"].iter().skip(i + 1) {
            text += &format!("  {{ a = \"{a}\", b = \"{b}\", points = 2 }},\n");
        }
    }
    let rules = &usa[usa.find("[rules]").expect("rules")..];
    text += "]\n\n";
    text += &rules
        .replace("deal = 3, keep = 2", "deal = 2, keep = 1")
        .replace("turn_cap = 1000", &format!("turn_cap = {cap}"));
    let file = dir.join(format!("crossroads-{cap}.toml"));
    fs::write(&file, text).expect("write the map");
    file
}

#[test]
fn every_game_ended_by_passes_or_the_turn_cap_is_listed_and_replays_as_documented() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // Random games on the USA map last 160 to 220 turns with 4 players; a cap of 180 ends
    // some. On the crossroads board a cap of 72 ends some games and passes end the others.
    let runs = [
        (usa_with_turn_cap(tmp.path(), 180), "4", "random", "turn_cap"),
        (crossroads(tmp.path(), 72), "2", "random", "passes"),
    ];
    for (k, (map, players, bots, kind)) in runs.iter().enumerate() {
        let out = tmp.path().join(format!("run{k}"));
        let common = ["simulate", "--map", path(map), "--players", players, "--bots", bots, "--seed", "3", "-q"];
        let mut whole = common.to_vec();
        whole.extend(["--games", "60", "--out", path(&out)]);
        ttr(&whole);
        let listed = outliers(&out);
        assert_eq!(listed, expected_outliers(&out, players.parse().unwrap()), "{}", map.display());
        let stalled: Vec<_> = listed.iter().filter(|o| o.0 == "passes" || o.0 == "turn_cap").collect();
        let ends = |end: &str| games(&out, players.parse().unwrap()).iter().filter(|g| g.3 == end).count();
        assert!(ends(kind) > 0 && ends(kind) < 60, "{}: a mix of endings", map.display());
        assert_eq!(stalled.len(), ends("passes") + ends("turn_cap"), "every such game is listed");
        // The documented way to look at one: play that game alone with a record, replay it.
        let first = stalled.iter().find(|o| o.0 == *kind).expect("a listed game");
        let (game, record) = (first.2.to_string(), tmp.path().join(format!("one{k}.jsonl")));
        let mut one = common.to_vec();
        let shard = format!("{game}/60");
        let one_out = tmp.path().join(format!("one{k}"));
        one.extend(["--games", "60", "--shard", &shard, "--record", path(&record), "--out", path(&one_out)]);
        ttr(&one);
        let replay = String::from_utf8(ttr(&["replay", path(&record), "--game", &game]).stdout).expect("text");
        assert!(replay.starts_with(&format!("game {game} (seed {}),", first.3)), "{}", &replay[..80]);
        assert!(replay.contains(&format!("end: {kind};")), "{kind}");
    }
}
