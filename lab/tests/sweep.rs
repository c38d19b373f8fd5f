//! End-to-end tests of `ttr sweep`: the grid, every kind of key, each setting's directory
//! against `ttr simulate` of its edited map, refusals before play, and thread counts.

mod cli_support;

use cli_support::{path, root, ttr};

use std::fs;
use std::path::Path;
use std::process::Output;

/// Runs a sweep of 3-player greedy/hungry/one-step games on the USA map.
fn sweep(out: &Path, vary: &[&str], extra: &[&str]) -> Output {
    let mut args = vec!["sweep", "--map", "maps/usa.toml", "--players", "3", "--bots", "greedy,hungry,one-step"];
    for v in vary {
        args.extend(["--vary", v]);
    }
    args.extend(["--out", path(out), "-q"]);
    args.extend_from_slice(extra);
    ttr(&args)
}

/// The rows of a CSV file as fields.
fn csv_rows(file: &Path) -> Vec<Vec<String>> {
    let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
    reader.records().map(|r| r.expect("record").iter().map(str::to_string).collect()).collect()
}

#[test]
fn every_setting_of_the_grid_is_played_on_its_edited_map() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("sweep");
    let vary = ["rules.trains=30,45", "ticket.Denver-El Paso.points=4,9", "route.Seattle-Portland.length=1,2"];
    let run = sweep(&out, &vary, &["--games", "60"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let rows = csv_rows(&out.join("sweep.csv"));
    let header = &rows[0];
    assert_eq!(
        &header[..5],
        ["setting", "rules.trains", "ticket.Denver-El Paso.points", "route.Seattle-Portland.length", "games"]
    );
    for bot in ["greedy", "hungry", "one-step"] {
        assert!(header.contains(&format!("win_rate:{bot}_lo")), "{header:?}");
    }
    assert_eq!(rows.len(), 1 + 8, "a row per setting");
    let mut expected = Vec::new();
    for trains in ["30", "45"] {
        for points in ["4", "9"] {
            for length in ["1", "2"] {
                expected.push([trains, points, length]);
            }
        }
    }
    for (row, [trains, points, length]) in rows[1..].iter().zip(expected) {
        assert_eq!(&row[1..4], [trains, points, length], "grid order: the first key changes slowest");
        let name = format!(
            "rules.trains={trains}+ticket.Denver-El_Paso.points={points}+route.Seattle-Portland.length={length}"
        );
        assert_eq!(row[0], name);
        assert_eq!(row[4], "60");
        let map = ttr::Map::load(&out.join(&name).join("map.toml")).expect("the edited map loads");
        assert_eq!(map.rules.trains.to_string(), trains);
        let data = map.to_data();
        let ticket = data.tickets.iter().find(|t| t.a == "Denver" && t.b == "El Paso").expect("ticket");
        assert_eq!(ticket.points.to_string(), points);
        let tracks: Vec<u8> = data
            .routes
            .iter()
            .filter(|r| r.a == "Seattle" && r.b == "Portland" || r.a == "Portland" && r.b == "Seattle")
            .map(|r| r.length)
            .collect();
        assert_eq!(tracks.len(), 2);
        assert!(tracks.iter().all(|l| l.to_string() == length), "both tracks of the double: {tracks:?}");
        // Everything else is the USA map.
        let usa = ttr::Map::load(&root().join("maps/usa.toml")).expect("usa").to_data();
        assert_eq!(data.cities, usa.cities);
        assert_eq!(data.tickets.iter().filter(|t| !usa.tickets.contains(t)).count(), usize::from(points != "4"));
    }
    let page = fs::read_to_string(out.join("report.html")).expect("report.html");
    assert!(page.contains("<svg") && page.contains("win_rate:greedy") && page.contains("seat_advantage"));
}

#[test]
fn a_setting_directory_is_what_simulate_writes_for_its_map() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("sweep");
    let run = sweep(&out, &["rules.route_points.6=9,18"], &["--games", "150", "--seed", "5"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let setting = out.join("rules.route_points.6=9");
    let direct = tmp.path().join("direct");
    let map = setting.join("map.toml");
    let args = [
        "simulate",
        "--map",
        path(&map),
        "--players",
        "3",
        "--bots",
        "greedy,hungry,one-step",
        "--games",
        "150",
        "--seed",
        "5",
        "--out",
        path(&direct),
        "-q",
    ];
    assert!(ttr(&args).status.success());
    for file in ["games.csv", "bots.csv", "seats.csv", "tickets.csv", "routes.csv", "scores.csv"] {
        let (a, b) = (fs::read(setting.join(file)).expect("sweep file"), fs::read(direct.join(file)).expect("file"));
        assert!(a == b, "{file} differs");
    }
    // The two settings played the same seeds but not the same games: 6-routes score differently.
    let games = |s: &str| fs::read(out.join(s).join("games.csv")).expect("games.csv");
    assert_ne!(games("rules.route_points.6=9"), games("rules.route_points.6=18"));
    let seeds = |s: &str| csv_rows(&out.join(s).join("games.csv")).iter().map(|r| r[1].clone()).collect::<Vec<_>>();
    assert_eq!(seeds("rules.route_points.6=9"), seeds("rules.route_points.6=18"));
}

#[test]
fn bad_keys_and_values_are_refused_before_any_game() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("sweep");
    for (vary, expected) in [
        ("rules.trainz=30", "error: --vary rules.trainz=30: rules has no field `trainz`"),
        ("rules.trains=many", "error: --vary rules.trains=many: invalid type: string \"many\", expected u8"),
        ("rules.route_points.7=20", "rules.route_points has no length 7 (lengths 1, 2, 3, 4, 5, 6)"),
        ("route.Seattle-Miami.length=3", "no route joins Seattle and Miami"),
        ("ticket.Boston-Gotham.points=3", "`Boston-Gotham` is not two cities of usa"),
        (
            "route.Seattle-Portland.length=7",
            "makes maps/usa.toml invalid: route length 7 is missing from rules.route_points",
        ),
        ("rules.players.0=1", "makes maps/usa.toml invalid: rules.players [1, 5]"),
        ("colour.red=3", "unknown key `colour.red`"),
        ("rules.players.1=2", "--vary rules.players.1=2: the map is then for 2 to 2 players, not --players 3"),
    ] {
        // The good setting first: nothing is played before every setting is checked.
        let run = sweep(&out, &["rules.starting_hand=4,5", vary], &["--games", "10"]);
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{vary}");
        assert!(err.contains(expected) && err.lines().count() == 1, "{vary}: {err}");
        assert!(!out.exists(), "{vary}: wrote {}", out.display());
    }
}

#[test]
fn sweep_csv_is_the_same_whatever_the_thread_count() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    let vary = ["rules.route_points.6=12,18"];
    assert!(sweep(&one, &vary, &["--games", "100", "--threads", "1"]).status.success());
    assert!(sweep(&two, &vary, &["--games", "100", "--threads", "2"]).status.success());
    let file = |dir: &Path| fs::read(dir.join("sweep.csv")).expect("sweep.csv");
    assert_eq!(file(&one), file(&two));
}
