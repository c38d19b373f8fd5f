//! `ttr maps analyze`: every figure on a hand-made board whose answers are worked out by hand
//! (`fixtures/bench.toml`), a few facts of the USA board checked against the printed map, and
//! the command line (files, errors, nothing written on error).

mod cli_support;

use cli_support::{root, stderr, ttr};

use std::fs;
use std::path::{Path, PathBuf};

use ttr::Map;
use ttr_lab::design::analyze::{analyze, Analysis};
use ttr_lab::design::official;

fn bench_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bench.toml")
}

/// The bench board, analysed at 2 and 3 players.
fn bench() -> Analysis {
    let map = Map::load_board(&bench_path()).unwrap_or_else(|e| panic!("{e}"));
    analyze(&map, &[2, 3], &official::maps())
}

fn usa() -> (Map, Analysis) {
    let map = Map::load(&root().join("maps/usa.toml")).unwrap_or_else(|e| panic!("{e}"));
    let analysis = analyze(&map, &[2, 3, 4, 5], &official::maps());
    (map, analysis)
}

/// A ticket's ends, points, trains, shortest paths, path, model points and difference.
type TicketFigures<'a> = (&'a str, &'a str, u64, Option<u64>, u64, &'a str, Option<u64>, Option<i64>);

// The bench board: A-B (2, double), B-C (3), A-C (4), C-D (1), D-E (2), C-E (3), E-F (5).
// Tickets A-F 12, B-E 5, A-D 7, A-B 2. Doubles open both tracks from 3 players; 10 trains each.

#[test]
fn tickets_get_their_shortest_path_in_trains_and_the_model_points() {
    let a = bench();
    let got: Vec<TicketFigures> = a
        .tickets
        .iter()
        .map(|t| {
            (
                t.a.as_str(),
                t.b.as_str(),
                t.points,
                t.trains,
                t.shortest_paths,
                t.path.as_str(),
                t.model_points,
                t.difference,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            // A-C 4, then C-E 3 or C-D-E 1 + 2 (a tie: C before D), then E-F 5.
            ("A", "F", 12, Some(12), 2, "A - C - E - F", Some(12), Some(0)),
            // B-C 3, then C-E or C-D-E: 6 trains; the ticket pays 1 less.
            ("B", "E", 5, Some(6), 2, "B - C - E", Some(6), Some(-1)),
            // A-C-D 5 beats A-B-C-D 6; the ticket pays 2 more.
            ("A", "D", 7, Some(5), 1, "A - C - D", Some(5), Some(2)),
            // The double route is one connection: one path.
            ("A", "B", 2, Some(2), 1, "A - B", Some(2), Some(0)),
        ]
    );
    let fractions: Vec<f64> = a.tickets.iter().map(|t| t.journey_fraction.expect("a path").0).collect();
    assert_eq!(fractions, [1.0, 0.5, 5.0 / 12.0, 2.0 / 12.0]);
}

#[test]
fn the_model_is_fitted_on_the_printed_official_tickets() {
    let a = bench();
    // The published maps value a ticket at its trains: the fit reproduces that on every
    // length a real ticket has (see design::tickets).
    for trains in 1..=25 {
        assert_eq!(a.model.points(f64::from(trains)), trains as u8, "{trains} trains");
    }
}

#[test]
fn bands_split_tickets_by_their_share_of_the_longest_journey() {
    let a = bench();
    // Longest journey: A-F, 12 trains. A-B 2/12, A-D 5/12, B-E 6/12, A-F 12/12.
    let mine: Vec<(f64, f64, u64, u64)> = a
        .bands
        .iter()
        .filter(|b| b.role == "analysed")
        .map(|b| (b.lo.0, b.hi.0, b.longest_journey, b.tickets))
        .collect();
    assert_eq!(mine, [(0.0, 0.25, 12, 1), (0.25, 0.5, 12, 1), (0.5, 0.75, 12, 1), (0.75, 1.0, 12, 1)]);
    let boards: Vec<&str> = a.bands.iter().filter(|b| b.role == "official").map(|b| b.board.as_str()).collect();
    assert_eq!(boards.len(), 16, "four bands for each of the four official maps");
    for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
        let share: f64 = a.bands.iter().filter(|b| b.board == name && b.role == "official").map(|b| b.share.0).sum();
        assert!((share - 1.0).abs() < 1e-3, "{name}: shares add up to {share}");
    }
    // USA: 30 tickets; Los Angeles-New York and Seattle-New York (20 trains) and Vancouver-Montreal
    // (20) and Los Angeles-Miami (19) are the four of at least 3/4 of its longest journey (23).
    let usa: Vec<u64> =
        a.bands.iter().filter(|b| b.board == "usa" && b.role == "official").map(|b| b.tickets).collect();
    assert_eq!(usa.iter().sum::<u64>(), 30);
    assert_eq!(usa[3], 4);
}

#[test]
fn colour_by_length_counts_every_track() {
    let a = bench();
    let mine: Vec<(&str, u64, u64)> =
        a.colours.iter().filter(|c| c.role == "analysed").map(|c| (c.color.as_str(), c.length, c.tracks)).collect();
    assert_eq!(
        mine,
        [("red", 2, 2), ("yellow", 1, 1), ("green", 4, 1), ("blue", 2, 1), ("black", 5, 1), ("gray", 3, 2)]
    );
}

#[test]
fn degrees_dead_ends_and_bridges() {
    let a = bench();
    let cities: Vec<(&str, u64, u64, bool)> =
        a.cities.iter().map(|c| (c.city.as_str(), c.degree, c.tracks, c.dead_end)).collect();
    assert_eq!(
        cities,
        [
            ("A", 2, 3, false),
            ("B", 2, 3, false),
            ("C", 4, 4, false),
            ("D", 2, 2, false),
            ("E", 3, 3, false),
            ("F", 1, 1, true)
        ]
    );
    // Only E-F cuts the board; the double A-B does not (A-C-B remains), nor does either track.
    let bridges: Vec<(&str, &str)> =
        a.routes.iter().filter(|r| r.bridge).map(|r| (r.a.as_str(), r.b.as_str())).collect();
    assert_eq!(bridges, [("E", "F")]);
    assert_eq!((a.routes[0].tracks, a.routes[0].routes.as_str(), a.routes[0].colors.as_str()), (2, "0+1", "red+blue"));
}

#[test]
fn a_double_route_is_one_connection() {
    // Without A-C, A hangs on the double A-B: a dead end (one neighbour, two tracks), and the
    // double is a bridge as one connection, as is B-C behind it.
    let tmp = tempfile::tempdir().expect("temp dir");
    let path = tmp.path().join("spur.toml");
    let text = fs::read_to_string(bench_path()).expect("fixture");
    fs::write(&path, text.replace("{ a = \"A\", b = \"C\", length = 4, color = \"green\" },", "")).expect("write");
    let map = Map::load_board(&path).unwrap_or_else(|e| panic!("{e}"));
    let a = analyze(&map, &[2, 3], &official::maps());
    let bridges: Vec<(&str, &str)> =
        a.routes.iter().filter(|r| r.bridge).map(|r| (r.a.as_str(), r.b.as_str())).collect();
    assert_eq!(bridges, [("A", "B"), ("B", "C"), ("E", "F")]);
    let a_city = &a.cities[0];
    assert_eq!((a_city.city.as_str(), a_city.degree, a_city.tracks, a_city.dead_end), ("A", 1, 2, true));
    // A-D now goes round by B: 2 + 3 + 1.
    assert_eq!(a.tickets[2].trains, Some(6));
    assert_eq!(a.tickets[2].path, "A - B - C - D");
    let open: Vec<(u64, u64)> =
        a.crowding.iter().filter(|c| c.connection == 0).map(|c| (c.players, c.open_tracks)).collect();
    assert_eq!(open, [(2, 1), (3, 2)]);
}

#[test]
fn crowding_counts_tickets_on_every_any_and_a_share_of_the_shortest_paths() {
    let a = bench();
    let at2: Vec<(&str, &str, u64, u64, u64, f64, f64)> = a
        .crowding
        .iter()
        .filter(|c| c.players == 2)
        .map(|c| {
            (
                c.a.as_str(),
                c.b.as_str(),
                c.open_tracks,
                c.tickets_every,
                c.tickets_any,
                c.demand.0,
                c.demand_per_track.0,
            )
        })
        .collect();
    assert_eq!(
        at2,
        [
            ("A", "B", 1, 1, 1, 1.0, 1.0),
            ("B", "C", 1, 1, 1, 1.0, 1.0),
            // A-F and A-D must use A-C.
            ("A", "C", 1, 2, 2, 2.0, 2.0),
            // A-D must; A-F and B-E take it on one of their two shortest paths.
            ("C", "D", 1, 1, 3, 2.0, 2.0),
            ("D", "E", 1, 0, 2, 1.0, 1.0),
            ("C", "E", 1, 0, 2, 1.0, 1.0),
            ("E", "F", 1, 1, 1, 1.0, 1.0),
        ]
    );
    let ab3 = a.crowding.iter().find(|c| c.players == 3 && c.connection == 0).expect("A-B at 3");
    assert_eq!((ab3.open_tracks, ab3.demand_per_track.0), (2, 0.5));
}

#[test]
fn supply_counts_the_second_track_only_where_doubles_open() {
    let a = bench();
    let got: Vec<(u64, u64, u64, u64)> =
        a.supply.iter().map(|s| (s.players, s.trains_in_play, s.wagon_spaces, s.trains_to_claim_all)).collect();
    // 22 spaces in all; the second A-B track (2) is closed at 2 players.
    assert_eq!(got, [(2, 20, 20, 20), (3, 30, 22, 22)]);
}

#[test]
fn usa_facts_checked_by_hand() {
    let (_, a) = usa();
    let ticket = |x: &str, y: &str| a.tickets.iter().find(|t| t.a == x && t.b == y).expect("ticket");
    // Denver-Santa Fe 2 + Santa Fe-El Paso 2.
    let t = ticket("Denver", "El Paso");
    assert_eq!((t.trains, t.shortest_paths, t.path.as_str()), (Some(4), 1, "Denver - Santa Fe - El Paso"));
    // Printed 20 points for 19 trains, and Seattle-New York 22 for 20 (design::tickets).
    assert_eq!((ticket("Los Angeles", "Miami").trains, ticket("Los Angeles", "Miami").difference), (Some(19), Some(1)));
    assert_eq!((ticket("Seattle", "New York").trains, ticket("Seattle", "New York").difference), (Some(20), Some(2)));
    // Every USA city has at least two neighbours (Vancouver: Seattle, Calgary) and the board
    // has no bridge.
    assert!(a.cities.iter().all(|c| c.degree >= 2 && !c.dead_end));
    assert_eq!(a.cities.iter().find(|c| c.city == "Vancouver").map(|c| c.degree), Some(2));
    assert!(a.routes.iter().all(|r| !r.bridge));
    // 309 spaces (as `ttr maps check` sums them); the 22 doubles' second tracks hold 53 and
    // open only from 4 players.
    let spaces: Vec<(u64, u64, u64)> = a.supply.iter().map(|s| (s.players, s.wagon_spaces, s.trains_in_play)).collect();
    assert_eq!(spaces, [(2, 256, 90), (3, 256, 135), (4, 309, 180), (5, 309, 225)]);
    assert_eq!(a.routes.len(), 100 - 22, "one connection per double route");
}

/// Files in a directory, sorted (none if it does not exist).
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = match fs::read_dir(dir) {
        Ok(entries) => entries.map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    names
}

const FILES: [&str; 8] = [
    "analysis.html",
    "bands.csv",
    "cities.csv",
    "colours.csv",
    "crowding.csv",
    "routes.csv",
    "supply.csv",
    "tickets.csv",
];

#[test]
fn analyze_writes_every_file_the_same_each_time() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (one, two) = (tmp.path().join("one"), tmp.path().join("two"));
    for dir in [&one, &two] {
        let out = ttr(&["maps", "analyze", "maps/usa.toml", "--out", dir.to_str().expect("utf-8")]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(String::from_utf8_lossy(&out.stdout).contains("tickets.csv"));
    }
    assert_eq!(listing(&one), FILES, "no temporary file is left");
    for file in FILES {
        assert_eq!(fs::read(one.join(file)).expect("one"), fs::read(two.join(file)).expect("two"), "{file}");
    }
    let supply = fs::read_to_string(one.join("supply.csv")).expect("supply");
    assert_eq!(supply.lines().count(), 5, "a row for each of 2..5 players: {supply}");
    let page = fs::read_to_string(one.join("analysis.html")).expect("page");
    assert!(page.contains("<svg") && page.contains("Most crowded connections at 5 players"));
    assert!(!page.contains("<script") && !page.contains("http://") && !page.contains("https://"));
}

#[test]
fn players_narrows_crowding_and_supply_to_one_count() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("out");
    let fixture = bench_path();
    let out = ttr(&[
        "maps",
        "analyze",
        fixture.to_str().expect("utf-8"),
        "--players",
        "3",
        "--out",
        dir.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let crowding = fs::read_to_string(dir.join("crowding.csv")).expect("crowding");
    assert!(crowding.lines().skip(1).all(|l| l.starts_with("3,")), "{crowding}");
    assert_eq!(crowding.lines().count(), 8, "7 connections: {crowding}");
}

/// Runs a bad command: non-zero exit, one `error:` line containing `expected`, no panic, and
/// nothing written.
fn assert_refused(args: &[&str], expected: &str) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("out");
    let mut full = args.to_vec();
    full.extend(["--out", dir.to_str().expect("utf-8")]);
    let out = ttr(&full);
    let err = stderr(&out);
    assert!(!out.status.success(), "{args:?} should fail");
    assert_eq!(err.lines().filter(|l| !l.trim().is_empty()).count(), 1, "{args:?}: one line, got {err:?}");
    assert!(err.starts_with("error: ") && err.contains(expected), "{args:?}: expected {expected:?} in {err:?}");
    assert!(listing(&dir).is_empty(), "{args:?} left files: {:?}", listing(&dir));
}

#[test]
fn bad_input_gets_one_clear_error_and_no_files() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let bad = tmp.path().join("bad.toml");
    let text = fs::read_to_string(bench_path()).expect("fixture").replace("length = 5", "length = 0");
    fs::write(&bad, text).expect("write");
    let bad = bad.to_str().expect("utf-8");
    let line = fs::read_to_string(bad).expect("bad").lines().position(|l| l.contains("length = 0")).expect("line") + 1;
    assert_refused(&["maps", "analyze", bad], &format!("bad.toml:{line}:"));
    assert_refused(&["maps", "analyze", "maps/nowhere.toml"], "maps/nowhere.toml: cannot read");
    assert_refused(&["maps", "analyze", "maps/usa.toml", "--players", "6"], "--players 6: usa is for 2 to 5 players");
    assert_refused(&["maps", "analyze", "maps/nordic.toml", "--players", "1"], "--players 1: nordic is for 2 to 3");
}

#[test]
fn an_unwritable_output_is_refused() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let blocker = tmp.path().join("file");
    fs::write(&blocker, "not a directory").expect("write");
    let out = ttr(&["maps", "analyze", "maps/usa.toml", "--out", blocker.join("out").to_str().expect("utf-8")]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.starts_with("error: cannot write to") && err.lines().count() == 1, "{err}");
}

#[test]
fn help_shows_examples() {
    let out = ttr(&["help", "maps", "analyze"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("Examples:\n  ttr maps analyze"), "{help}");
}
