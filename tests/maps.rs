//! The map files: the three shipped maps transcribe the board data in `maps/data/` exactly,
//! that data is the project's shared board data unchanged (checked when `../shared` sits
//! beside the repository), and broken map files are refused with every problem named by file
//! and line.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use ttr::{Card, Map, MapError, RouteId};
use ttr::{MapProblem as Problem, TicketKind};

mod common;
use common::{first_track, load};

/// The board data the map files are transcribed from.
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/data/");

/// Where the board data was copied from, beside the repository in the project's workspace;
/// a clone on its own has none.
const SHARED_DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/maps-data/");

/// The rows of `<map>/<file>.csv` after checking its header; fields split on ','.
fn csv(map: &str, file: &str, header: &[&str]) -> Vec<Vec<String>> {
    let path = format!("{DATA}{map}/{file}.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r'));
    let first = lines.next().unwrap_or_else(|| panic!("{path} is empty"));
    assert_eq!(first.split(',').collect::<Vec<_>>(), header, "{path}: header");
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let row: Vec<String> = l.split(',').map(str::to_string).collect();
            assert_eq!(row.len(), header.len(), "{path}: row {l:?}");
            row
        })
        .collect()
}

fn number<T: std::str::FromStr>(field: &str, what: &str) -> T {
    field.parse().unwrap_or_else(|_| panic!("{what}: {field:?} is not a number"))
}

/// Checks that the map file `name` holds exactly the cities, routes and tickets of its CSV
/// files, in the same order. `any_cards` lists the routes (by city names) allowed a non-zero
/// `any_cards`, which the CSV files have no column for.
fn assert_transcribes(name: &str, any_cards: &[(&str, &str, u8)]) {
    let map = load(name);

    let cities = csv(name, "cities", &["name", "x", "y"]);
    assert_eq!(map.cities().len(), cities.len(), "{name}: city count");
    for (i, (city, row)) in map.cities().iter().zip(&cities).enumerate() {
        assert_eq!(city.name, row[0], "{name}: city {i}");
        assert_eq!(city.x, number::<f64>(&row[1], "x"), "{name}: x of {}", row[0]);
        assert_eq!(city.y, number::<f64>(&row[2], "y"), "{name}: y of {}", row[0]);
    }

    let routes =
        csv(name, "routes", &["a", "b", "length", "color", "ferry_locos", "tunnel", "mountains", "parallel_id"]);
    assert_eq!(map.routes().len(), routes.len(), "{name}: route count");
    let mut parallel: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, row) in routes.iter().enumerate() {
        if !row[7].is_empty() {
            parallel.entry(row[7].as_str()).or_default().push(i);
        }
    }
    for (i, (route, row)) in map.routes().iter().zip(&routes).enumerate() {
        let at = format!("{name}: route {i} ({}-{})", row[0], row[1]);
        assert_eq!(map.city_name(route.a), row[0], "{at}: a");
        assert_eq!(map.city_name(route.b), row[1], "{at}: b");
        assert_eq!(route.length, number::<u8>(&row[2], "length"), "{at}: length");
        let color = match row[3].as_str() {
            "gray" => None,
            other => Some(Card::from_name(other).unwrap_or_else(|| panic!("{at}: colour"))),
        };
        assert_eq!(route.color, color, "{at}: colour");
        assert_eq!(route.ferry_locos, number::<u8>(&row[4], "ferry_locos"), "{at}");
        let tunnel = match row[5].as_str() {
            "0" => false,
            "1" => true,
            other => panic!("{at}: tunnel {other:?}"),
        };
        assert_eq!(route.tunnel, tunnel, "{at}: tunnel");
        assert_eq!(route.mountains, number::<u8>(&row[6], "mountains"), "{at}");
        let twin = if row[7].is_empty() {
            None
        } else {
            let group = &parallel[row[7].as_str()];
            assert_eq!(group.len(), 2, "{at}: parallel_id {} group", row[7]);
            group.iter().find(|&&j| j != i).map(|&j| RouteId(j as u8))
        };
        assert_eq!(route.twin, twin, "{at}: twin");
        let expected_any = any_cards
            .iter()
            .find(|(a, b, _)| (row[0] == *a && row[1] == *b) || (row[0] == *b && row[1] == *a))
            .map_or(0, |&(_, _, n)| n);
        assert_eq!(route.any_cards, expected_any, "{at}: any_cards");
    }

    let tickets = csv(name, "tickets", &["a", "b", "points", "kind"]);
    assert_eq!(map.tickets().len(), tickets.len(), "{name}: ticket count");
    for (i, (ticket, row)) in map.tickets().iter().zip(&tickets).enumerate() {
        let at = format!("{name}: ticket {i} ({}-{})", row[0], row[1]);
        assert_eq!(map.city_name(ticket.a), row[0], "{at}: a");
        assert_eq!(map.city_name(ticket.b), row[1], "{at}: b");
        assert_eq!(ticket.points, number::<u8>(&row[2], "points"), "{at}");
        let kind = match row[3].as_str() {
            "normal" => TicketKind::Normal,
            "long" => TicketKind::Long,
            other => panic!("{at}: kind {other:?}"),
        };
        assert_eq!(ticket.kind, kind, "{at}: kind");
    }
}

/// Cities, routes, tickets and double routes of a loaded map.
fn counts(map: &Map) -> [usize; 4] {
    [map.cities().len(), map.routes().len(), map.tickets().len(), map.double_count()]
}

#[test]
fn usa_transcribes_its_board_data() {
    assert_transcribes("usa", &[]);
    let map = load("usa");
    assert_eq!(counts(&map), [36, 100, 30, 22]);
    assert_eq!(map.long_tickets().count(), 0);
}

#[test]
fn nordic_transcribes_its_board_data() {
    assert_transcribes("nordic", &[("Lieksa", "Murmansk", 4)]);
    let map = load("nordic");
    assert_eq!(counts(&map), [39, 81, 46, 14]);
    let nine = map.route(first_track(&map, "Murmansk", "Lieksa"));
    assert_eq!(nine.any_cards, 4);
    assert_eq!((nine.length, nine.color), (9, None));
    assert_eq!(map.route_points(9), 27);
    assert_eq!(map.routes().iter().filter(|r| r.any_cards > 0).count(), 1);
}

#[test]
fn asia_transcribes_its_board_data() {
    assert_transcribes("legendary_asia", &[]);
    let map = load("legendary_asia");
    assert_eq!(counts(&map), [39, 100, 36, 30]);
    assert_eq!(map.normal_tickets().count(), 30);
    assert_eq!(map.long_tickets().count(), 6);
    let mountain: Vec<_> = map.routes().iter().filter(|r| r.mountains > 0).collect();
    assert_eq!(mountain.len(), 31, "mountain routes");
    let symbols: u32 = mountain.iter().map(|r| u32::from(r.mountains)).sum();
    assert_eq!(symbols, 39, "mountain symbols");
    let ferries = map.routes().iter().filter(|r| r.ferry_locos > 0).count();
    assert_eq!(ferries, 15, "ferries");
}

#[test]
fn board_data_is_the_shared_board_data_unchanged_when_it_is_beside_the_repository() {
    let shared = Path::new(SHARED_DATA);
    if !shared.is_dir() {
        eprintln!("no {SHARED_DATA}: nothing to compare with");
        return;
    }
    let files = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    for map in ["usa", "nordic", "legendary_asia", "south_korea"] {
        let (ours, theirs) = (Path::new(DATA).join(map), shared.join(map));
        assert_eq!(files(&ours), files(&theirs), "{map}: the files of maps/data/{map}/");
        for name in files(&ours) {
            let read = |p: PathBuf| std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let same = read(ours.join(&name)) == read(theirs.join(&name));
            assert!(same, "maps/data/{map}/{name} differs from {}: copy it again", theirs.join(&name).display());
        }
    }
}

// ---- Invalid map files -------------------------------------------------------------------

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/invalid").join(format!("{name}.toml"))
}

/// Loads a fixture that must be refused; checks the error names the file.
fn refused(name: &str) -> (MapError, String) {
    let path = fixture(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let err = match Map::load(&path) {
        Ok(_) => panic!("{name}.toml was accepted"),
        Err(e) => e,
    };
    assert_eq!(err.file, path);
    assert!(err.to_string().contains(&format!("{name}.toml")), "the message does not name the file: {err}");
    (err, text)
}

/// The 1-based line of the only line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    let hits: Vec<usize> = text.lines().enumerate().filter(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1).collect();
    assert_eq!(hits.len(), 1, "{needle:?} should be on exactly one line");
    hits[0]
}

/// Asserts that some problem sits on one of `lines` and mentions every one of `words`, and
/// that the error message shows it as `file:line:`.
fn assert_problem(err: &MapError, lines: &[usize], words: &[&str]) {
    let found = err
        .problems
        .iter()
        .find(|p| p.line.is_some_and(|l| lines.contains(&l)) && words.iter().all(|w| p.message.contains(w)));
    let Some(Problem { line: Some(line), .. }) = found else {
        panic!("no problem on line {lines:?} mentioning {words:?}; got {:#?}", err.problems);
    };
    let located = format!("{}:{line}:", err.file.display());
    assert!(err.to_string().contains(&located), "{err}");
}

/// The lines a problem in `[rules]` may be reported on: the table header or the key's line.
fn rules_lines(text: &str, key_marker: &str) -> [usize; 2] {
    [line_of(text, "[rules]"), line_of(text, key_marker)]
}

/// Asserts a fixture has exactly one problem, on the line holding `marker`.
fn assert_single_problem(name: &str, marker: &str, words: &[&str]) {
    let (err, text) = refused(name);
    assert_eq!(err.problems.len(), 1, "{:#?}", err.problems);
    assert_problem(&err, &[line_of(&text, marker)], words);
}

#[test]
fn unknown_city_is_refused() {
    assert_single_problem("unknown_city", r#"b = "Nowhere""#, &["unknown city", "Nowhere"]);
}

#[test]
fn duplicate_city_is_refused() {
    assert_single_problem("duplicate_city", "x = 0.6, y = 0.4", &["duplicate city", "\"B\""]);
}

#[test]
fn route_length_without_points_is_refused() {
    assert_single_problem("missing_route_points", "length = 5", &["length 5", "route_points"]);
}

#[test]
fn twins_joining_different_cities_are_refused() {
    let (err, text) = refused("twins_apart");
    assert_eq!(err.problems.len(), 1, "{:#?}", err.problems);
    let first = line_of(&text, r#"b = "B", length = 1, color = "red", double = 7"#);
    let second = line_of(&text, r#"b = "C", length = 2, color = "green", double = 7"#);
    assert_problem(&err, &[second], &["double route 7", "same cities", &format!("line {first}")]);
}

#[test]
fn ticket_between_unconnected_cities_is_refused() {
    assert_single_problem("unconnected_ticket", r#"b = "D", points = 8"#, &["\"A\"", "\"D\"", "not connected"]);
}

#[test]
fn toml_syntax_error_reports_the_parser_line() {
    assert_single_problem("syntax_error", "x = 0.5 y = 0.5", &["inline table"]);
}

#[test]
fn unknown_field_is_refused() {
    assert_single_problem("unknown_field", r#"colour = "blue""#, &["unknown field", "colour"]);
}

#[test]
fn empty_player_range_is_refused() {
    let (err, text) = refused("bad_players");
    assert_eq!(err.problems.len(), 1, "{:#?}", err.problems);
    let lines = rules_lines(&text, "players = [3, 2]");
    assert_problem(&err, &lines, &["rules.players", "[3, 2]"]);
}

/// The problems of `many_problems.toml` outside `[rules]`: the line's marker and words of
/// its message.
const MANY: &[(&str, &[&str])] = &[
    ("x = 0.2, y = 0.8", &["duplicate city", "\"A\""]),
    ("Atlantis", &["unknown city", "Atlantis"]),
    ("length = 6", &["length 6", "route_points"]),
    (r#"a = "C", b = "A", length = 1"#, &["double route 3", "same cities"]),
    ("purple", &["unknown route colour", "purple"]),
    (r#"a = "B", b = "D""#, &["not connected"]),
    ("El Dorado", &["unknown city", "El Dorado"]),
];

#[test]
fn every_problem_of_a_file_is_listed_with_its_line() {
    let (err, text) = refused("many_problems");
    for (marker, words) in MANY {
        assert_problem(&err, &[line_of(&text, marker)], words);
    }
    let players = rules_lines(&text, "players = [1, 2]");
    assert_problem(&err, &players, &["rules.players", "[1, 2]"]);
    let expected = MANY.len() + 1;
    assert_eq!(err.problems.len(), expected, "{:#?}", err.problems);
    let shown = err.to_string();
    assert!(shown.contains(&format!("{expected} problems")), "{shown}");
}

#[test]
fn problems_are_listed_in_file_order() {
    let (err, _) = refused("many_problems");
    let lines: Vec<usize> = err.problems.iter().filter_map(|p| p.line).collect();
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    assert_eq!(lines, sorted, "{:#?}", err.problems);
}

/// A small valid map with `routes` parallel, independent routes between A and B.
fn generated_map(routes: usize) -> String {
    let mut text =
        String::from("name = \"generated\"\n\ncities = [\n  { name = \"A\" },\n  { name = \"B\" },\n]\n\nroutes = [\n");
    for _ in 0..routes {
        text.push_str("  { a = \"A\", b = \"B\", length = 1, color = \"red\" },\n");
    }
    text.push_str(
        "]\n\ntickets = [\n  { a = \"A\", b = \"B\", points = 1 },\n  { a = \"B\", b = \"A\", points = 1 },\n]\n\n\
         [rules]\nplayers = [2, 2]\ntrains = 10\nturn_cap = 100\nroute_points = [[1, 1]]\n\
         deck = { per_color = 12, locos = 14 }\nlocos = \"wild\"\nface_up_loco_ends_draw = true\n\
         loco_reset = true\ndoubles_both_from = 4\n\
         setup_tickets = { deal = 1, keep = 1, returned = \"bottom\" }\n\
         draw_tickets = { deal = 1, keep = 1, returned = \"bottom\" }\n",
    );
    text
}

#[test]
fn a_route_set_holds_128_routes_and_no_more() {
    let file = Path::new("generated/too_many_routes.toml");
    let full = Map::from_toml(&generated_map(128), file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(full.routes().len(), 128);
    assert_eq!(full.all_routes().count(), 128);

    let err = match Map::from_toml(&generated_map(129), file) {
        Ok(_) => panic!("a map with 129 routes was accepted"),
        Err(e) => e,
    };
    assert_eq!(err.file, file);
    assert!(err.to_string().contains("too_many_routes.toml"), "{err}");
    assert_eq!(err.problems.len(), 1, "{:#?}", err.problems);
    let Problem { message, .. } = &err.problems[0];
    assert!(message.contains("129 routes") && message.contains("128"), "{message}");
}

#[test]
fn a_file_that_is_not_utf8_is_refused_with_its_line() {
    let dir = std::env::temp_dir().join(format!("ttr-maps-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("latin1.toml");
    std::fs::write(&path, b"name = \"x\"\n# Troms\xf8\n").expect("write");
    let err = match Map::load(&path) {
        Ok(_) => panic!("a latin-1 file loaded"),
        Err(e) => e,
    };
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(err.problems.len(), 1, "{err}");
    assert_eq!(err.problems[0].line, Some(2), "{err}");
    assert!(err.to_string().contains("latin1.toml:2:") && err.to_string().contains("UTF-8"), "{err}");
}

#[test]
fn an_unreadable_file_is_named() {
    let path = fixture("does_not_exist");
    let err = match Map::load(&path) {
        Ok(_) => panic!("a missing file loaded"),
        Err(e) => e,
    };
    assert_eq!(err.problems.len(), 1);
    assert_eq!(err.problems[0].line, None);
    assert!(err.to_string().contains("does_not_exist.toml"), "{err}");
}
