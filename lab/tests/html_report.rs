//! `ttr report`: the HTML page of a small hand-made results directory, in the formats of
//! results/README.md, and an error naming the file and line for every kind of bad input.

use std::fs;
use std::path::{Path, PathBuf};

use ttr_lab::html_report::write_report;

const RUN_JSON: &str = r#"{
  "command": ["ttr", "simulate", "--map", "maps/usa.toml", "--games", "1000"],
  "seed": 7,
  "map": "maps/usa.toml",
  "map_name": "usa",
  "map_sha256": "5f2c0a9e",
  "players": 3,
  "bots": ["random", "greedy", "greedy,note=<b>"],
  "games": 1000,
  "threads": 2,
  "wall_seconds": 1.25,
  "games_per_second": 800.0,
  "version": "0.1.0",
  "provisional": false
}
"#;

const BOTS_CSV: &str = "\
bot,games,wins,draws,win_rate,win_rate_lo,win_rate_hi,mean_score,sd_score,mean_rank
random,1000,120,5,0.120000,0.101300,0.141900,45.1000,20.2000,2.4000
greedy,1000,600,6,0.600000,0.569300,0.629900,98.3000,25.1000,1.4000
\"greedy,note=<b>\",1000,270,7,0.270000,0.243400,0.298400,80.0000,22.0000,1.9000
";

const SEATS_CSV: &str = "\
seat,games,wins,draws,win_rate,win_rate_lo,win_rate_hi,mean_score,sd_score,mean_rank
0,1000,350,6,0.350000,0.321000,0.380200,76.0000,30.0000,1.8000
1,1000,330,6,0.330000,0.301500,0.359800,74.0000,30.0000,1.9000
2,1000,310,6,0.310000,0.282100,0.339400,73.0000,30.0000,2.0000
";

const MATCHUPS_CSV: &str = "\
bot,opponent,games,ahead,behind,level,win_rate,win_rate_lo,win_rate_hi
random,greedy,1000,150,840,10,0.150000,0.129200,0.173500
greedy,random,1000,840,150,10,0.840000,0.816000,0.861400
";

const TICKETS_CSV: &str = "\
ticket,a,b,points,kind,source,dealt,kept,keep_rate,completed,completion_rate,completion_rate_lo,completion_rate_hi,mean_net_points,held_wins,win_rate_held,win_rate_not_held,lift,mean_completion_turn,blocked,blocked_rate,blocked_rate_lo,blocked_rate_hi
0,Denver,El Paso,4,normal,setup,300,240,0.800000,200,0.833333,0.781000,0.875000,2.6667,90,0.375000,0.320000,0.055000,21.5000,24,0.100000,0.068000,0.145000
0,Denver,El Paso,4,normal,drawn,80,40,0.500000,30,0.750000,0.598000,0.858000,2.0000,15,0.375000,0.330000,0.045000,40.1000,4,0.100000,0.040000,0.231000
1,Dallas,Denver,11,normal,setup,300,90,0.300000,45,0.500000,0.398000,0.602000,0.0000,30,0.333333,0.333000,0.000333,30.0000,30,0.333333,0.243000,0.436000
2,Santa Fe,Oklahoma City,3,normal,drawn,20,2,0.100000,2,1.000000,0.342000,1.000000,3.0000,1,0.500000,0.333000,0.167000,44.0000,0,0.000000,0.000000,0.658000
";

const ROUTES_CSV: &str = "\
route,a,b,length,color,claimed,claim_rate,mean_turn,owner_wins,owner_win_rate,lift
0,Denver,Santa Fe,2,gray,700,0.700000,12.5000,300,0.428571,0.095238
1,El Paso,Santa Fe,2,gray,500,0.500000,20.0000,200,0.400000,0.066667
2,Denver,Oklahoma City,4,red,300,0.300000,25.0000,100,0.333333,0.000000
3,Dallas,Oklahoma City,2,gray,650,0.650000,15.0000,250,0.384615,0.051282
4,Dallas,Oklahoma City,2,gray,0,0.000000,,0,,
";

const CITIES_CSV: &str = "\
city,x,y,completed_tickets,completed_tickets_per_game,winner_network,winner_network_rate
Dallas,0.520000,0.780000,45,0.045000,600,0.600000
Denver,0.330000,0.450000,277,0.277000,800,0.800000
El Paso,0.300000,0.850000,230,0.230000,500,0.500000
Oklahoma City,0.520000,0.620000,2,0.002000,700,0.700000
Santa Fe,0.330000,0.680000,2,0.002000,750,0.750000
";

const SCORES_CSV: &str = "\
metric,value,count
score,45,1000
score,80,1000
score,98,1000
turns,70,400
turns,74,600
end,trains,990
end,passes,10
";

const ARC_CSV: &str = "\
round,games_reaching,reaching_rate,claims,mean_claims,mean_claims_lo,mean_claims_hi
1,1000,1.000000,3000,3.0000,2.9500,3.0500
2,1000,1.000000,1500,1.5000,1.4500,1.5500
3,400,0.400000,800,2.0000,1.8000,2.2000
";

const OUTLIERS_CSV: &str = "\
kind,rank,game,seed,turns,end,margin
longest,1,17,9001,74,trains,3
shortest,1,5,9002,70,trains,12
lopsided,1,5,9002,70,trains,12
passes,1,44,9003,72,passes,0
";

/// A results directory holding `files` (name, contents).
fn results(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        fs::write(dir.path().join(name), text).expect("write");
    }
    dir
}

/// Every file, in the documented formats.
fn full_run() -> Vec<(&'static str, String)> {
    [
        ("run.json", RUN_JSON),
        ("bots.csv", BOTS_CSV),
        ("seats.csv", SEATS_CSV),
        ("matchups.csv", MATCHUPS_CSV),
        ("tickets.csv", TICKETS_CSV),
        ("routes.csv", ROUTES_CSV),
        ("cities.csv", CITIES_CSV),
        ("scores.csv", SCORES_CSV),
        ("arc.csv", ARC_CSV),
        ("outliers.csv", OUTLIERS_CSV),
    ]
    .into_iter()
    .map(|(name, text)| (name, text.to_string()))
    .collect()
}

/// `files` with `name` replaced by `text`.
fn with(mut files: Vec<(&'static str, String)>, name: &str, text: &str) -> Vec<(&'static str, String)> {
    files.iter_mut().filter(|(n, _)| *n == name).for_each(|(_, t)| *t = text.to_string());
    files
}

/// Writes the report of `files`; the page, or the error.
fn report(files: &[(&str, String)]) -> Result<String, String> {
    let named: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let dir = results(&named);
    let out = dir.path().join("report.html");
    let result = write_report(dir.path(), &out);
    match result {
        Ok(()) => Ok(fs::read_to_string(&out).expect("the page is written")),
        Err(e) => {
            assert!(!out.exists(), "no page is written on error");
            Err(e)
        }
    }
}

/// The section of `page` under the heading `heading`.
fn section<'p>(page: &'p str, heading: &str) -> &'p str {
    let start = page.find(&format!("<h2>{heading}</h2>")).unwrap_or_else(|| panic!("no section {heading}"));
    let rest = &page[start..];
    &rest[..rest.find("</section>").expect("section end")]
}

fn count(text: &str, pattern: &str) -> usize {
    text.matches(pattern).count()
}

#[test]
fn the_page_draws_every_plot() {
    let page = report(&full_run()).expect("report");
    assert!(page.starts_with("<!DOCTYPE html>"));
    let bots = section(&page, "Win rate by bot");
    assert_eq!(count(bots, "class=\"err\""), 3, "one error bar per bot");
    assert_eq!(count(bots, "<tr>"), 4, "a table row per bot, and the header");
    assert_eq!(count(bots, "class=\"ref\""), 1, "the even-share line");
    let seats = section(&page, "Seat advantage");
    assert_eq!(count(seats, "class=\"err\""), 3, "one error bar per seat");
    assert!(seats.contains(">seat 0</text>"));
    let tickets = section(&page, "Ticket value");
    assert_eq!(count(tickets, "class=\"dot\""), 4, "one dot per ticket row");
    assert!(tickets.contains(">setup</text>") && tickets.contains(">drawn</text>"), "a legend of sources");
    let usage = section(&page, "Route usage");
    assert_eq!(count(usage, "class=\"bar\""), 5, "a bar per route");
    let map = section(&page, "Map: routes by claim rate");
    assert_eq!(count(map, "class=\"route\""), 5, "one line per route row");
    for city in ["Dallas", "Denver", "El Paso", "Oklahoma City", "Santa Fe"] {
        assert!(map.contains(&format!(">{city}</text>")), "city {city} is named on the map");
    }
    assert!(map.contains("claim rate"), "the map has a legend");
    let matchups = section(&page, "Head to head");
    assert_eq!(count(matchups, "<tr>"), 3);
    let scores = section(&page, "Score distributions");
    assert_eq!(count(scores, "class=\"hist\""), 5, "a bar per value of score and turns");
    assert!(scores.contains(">trains</text>") && scores.contains(">passes</text>"));
    let blocked = section(&page, "Blocked tickets");
    assert_eq!(count(blocked, "class=\"bar\""), 2, "a bar per ticket ever blocked, sources pooled");
    // Dallas-Denver: 30 of 90; Denver-El Paso: 24 + 4 of 240 + 40 = 10%.
    assert!(blocked.find("Dallas – Denver (11)") < blocked.find("Denver – El Paso (4)"), "most blocked first");
    assert!(blocked.contains("blocked 28 of 280 times kept, 10.0% (95% interval 7.0% to 14.1%)"));
    assert!(!blocked.contains("Santa Fe"), "never blocked: not drawn");
    let arc = section(&page, "Game arc");
    assert_eq!(count(arc, "class=\"point\""), 3, "a point per round");
    assert_eq!(count(arc, "class=\"band\""), 1, "the intervals as one band");
    assert!(arc.contains("round 3: 2.0000 routes claimed per game (95% interval 1.8000 to 2.2000), 400 games"));
    let outliers = section(&page, "Outliers");
    assert_eq!(count(outliers, "<tr>"), 5, "a table row per listed game, and the header");
    assert!(outliers.contains("<td>passes</td>"));
    let run = section(&page, "Run");
    assert!(run.contains("<code>simulate</code>") && run.contains("5f2c0a9e") && run.contains("800.000"));
    assert!(!page.contains("class=\"provisional\""), "no warning for final map data");
}

#[test]
fn the_page_is_self_contained_and_escaped() {
    let page = report(&full_run()).expect("report");
    for resource in ["http://", "https://", "<script", "<link", "<img", "src=", "url("] {
        assert!(!page.contains(resource), "the page holds {resource}");
    }
    assert!(page.contains("greedy,note=&lt;b&gt;"), "the quoted spec, escaped");
    assert!(!page.contains("<b>"), "no markup from the data");
}

#[test]
fn a_provisional_run_says_so() {
    let files = full_run();
    let run = RUN_JSON.replace("\"provisional\": false", "\"provisional\": true");
    let page = report(&with(files.clone(), "run.json", &run)).expect("report");
    assert!(page.contains("class=\"provisional\""), "the warning, from run.json");

    let marked = |text: &str| {
        let mut lines = text.lines();
        let header = format!("{},provisional\n", lines.next().expect("header"));
        header + &lines.map(|l| format!("{l},true\n")).collect::<String>()
    };
    let files = with(files, "bots.csv", &marked(BOTS_CSV));
    let page = report(&with(files, "seats.csv", &marked(SEATS_CSV))).expect("report");
    assert!(page.contains("class=\"provisional\""), "the warning, from the CSV column");
    assert!(!section(&page, "Win rate by bot").contains("<th>provisional</th>"), "not a table column");
}

#[test]
fn timed_decisions_get_their_own_table() {
    let page = report(&full_run()).expect("report");
    assert!(!page.contains("<h2>Seconds per decision</h2>"), "no table for a run that did not time them");
    let times = r#""decision_seconds": [
    {"bot": "random", "clock": "thread_cpu", "decisions": 9120, "median": 7.2e-8, "p90": 1.4e-7, "p99": 1.9e-7, "longest": 8.6e-6, "mean": 9.6e-8},
    {"bot": "greedy,note=<b>", "clock": "thread_cpu", "decisions": 2287, "median": 0.0087, "p90": 0.0241, "p99": 0.0312, "longest": 0.0417, "mean": 0.0102}
  ],
  "provisional": false"#;
    let run = RUN_JSON.replace("\"provisional\": false", times);
    let page = report(&with(full_run(), "run.json", &run)).expect("report");
    let table = section(&page, "Seconds per decision");
    for cell in ["<td>random</td>", "<td class=\"num\">9120</td>", "<td>72 ns</td>", "<td>8.6 µs</td>"] {
        assert!(table.contains(cell), "{cell} in {table}");
    }
    for cell in ["<td>greedy,note=&lt;b&gt;</td>", "<td>8.7 ms</td>", "<td>41.7 ms</td>", "<td>10.2 ms</td>"] {
        assert!(table.contains(cell), "{cell} in {table}");
    }
    let bad = RUN_JSON.replace(
        "\"provisional\": false",
        "\"decision_seconds\": [{\"bot\": \"random\", \"clock\": \"thread_cpu\"}], \"provisional\": false",
    );
    let error = report(&with(full_run(), "run.json", &bad)).expect_err("refused");
    assert!(error.contains("run.json") && error.contains("decision_seconds") && error.contains("decisions"), "{error}");
}

#[test]
fn missing_optional_files_are_noted() {
    let required: Vec<(&str, String)> =
        full_run().into_iter().filter(|(n, _)| ["run.json", "bots.csv", "seats.csv"].contains(n)).collect();
    let page = report(&required).expect("report");
    assert_eq!(count(section(&page, "Win rate by bot"), "class=\"err\""), 3);
    assert!(page.contains("No tickets.csv"));
    assert!(page.contains("No routes.csv"));
    assert!(page.contains("No matchups.csv"));
    assert!(page.contains("No scores.csv"));
    assert!(page.contains("No arc.csv") && page.contains("No outliers.csv"));
    assert!(section(&page, "Blocked tickets").contains("No tickets.csv"));
    assert!(section(&page, "Map: routes by claim rate").contains("map skipped"));
    assert_eq!(count(&page, "class=\"route\""), 0);
}

#[test]
fn a_tickets_csv_from_before_the_blocked_columns_still_reads() {
    let old: String =
        TICKETS_CSV.lines().map(|l| l.rsplitn(5, ',').last().expect("fields").to_string() + "\n").collect();
    assert!(old.starts_with("ticket,") && old.lines().next().unwrap().ends_with(",mean_completion_turn"));
    let page = report(&with(full_run(), "tickets.csv", &old)).expect("report");
    assert_eq!(count(section(&page, "Ticket value"), "class=\"dot\""), 4, "the tickets are drawn");
    assert!(section(&page, "Blocked tickets").contains("written before it counted blocked tickets"));
    let error = error_with("tickets.csv", &TICKETS_CSV.replace(",lift,", ",lifted,"));
    assert_names(&error, "tickets.csv", 1, "no column `lift`");
}

#[test]
fn the_page_is_written_atomically() {
    let named: Vec<(&str, String)> = full_run();
    let dir = results(&named.iter().map(|(n, t)| (*n, t.as_str())).collect::<Vec<_>>());
    let out_dir = dir.path().join("out");
    fs::create_dir(&out_dir).expect("mkdir");
    let out = out_dir.join("report.html");
    write_report(dir.path(), &out).expect("report");
    let names: Vec<PathBuf> = fs::read_dir(&out_dir).expect("list").map(|e| e.expect("entry").path()).collect();
    assert_eq!(names, [out], "the page and no temporary file");
}

/// The error for the full run with `name` replaced by `text`.
fn error_with(name: &str, text: &str) -> String {
    report(&with(full_run(), name, text)).expect_err("bad input is an error")
}

fn assert_names(error: &str, file: &str, line: usize, also: &str) {
    let place = format!("{file}:{line}: ");
    assert!(error.contains(&place), "`{error}` names {place}");
    assert!(error.contains(also), "`{error}` says {also}");
    let path = error.split(&place).next().expect("path");
    assert!(Path::new(path.trim_end_matches('/')).is_absolute(), "`{error}` gives the file's path");
}

#[test]
fn a_wrong_field_count_names_the_file_and_line() {
    let short = BOTS_CSV.replace("greedy,1000,600,6,0.600000,0.569300,0.629900", "greedy,1000,600,6");
    let error = error_with("bots.csv", &short);
    assert_names(&error, "bots.csv", 3, "expected 10 fields, found 7");
}

#[test]
fn a_non_numeric_value_names_the_file_line_and_column() {
    let error = error_with("seats.csv", &SEATS_CSV.replace("0.330000", "abc"));
    assert_names(&error, "seats.csv", 3, "column `win_rate`: expected a number, found `abc`");
    let error = error_with("tickets.csv", &TICKETS_CSV.replace(",11,normal,", ",eleven,normal,"));
    assert_names(&error, "tickets.csv", 4, "column `points`");
    let error = error_with("cities.csv", &CITIES_CSV.replace("0.330000,0.680000", "0.330000,NaN"));
    assert_names(&error, "cities.csv", 6, "column `y`");
}

#[test]
fn other_bad_input_names_the_file() {
    let no_bots: Vec<(&str, String)> = full_run().into_iter().filter(|(n, _)| *n != "bots.csv").collect();
    let error = report(&no_bots).expect_err("bots.csv is required");
    assert!(error.ends_with("bots.csv: not found"), "{error}");

    let no_run: Vec<(&str, String)> = full_run().into_iter().filter(|(n, _)| *n != "run.json").collect();
    let error = report(&no_run).expect_err("run.json is required");
    assert!(error.ends_with("run.json: not found"), "{error}");

    let error = error_with("run.json", &RUN_JSON.replace("\"seed\": 7,", "\"seed\": 7"));
    assert_names(&error, "run.json", 4, "invalid JSON");

    let error = error_with("routes.csv", &ROUTES_CSV.replace("2,Denver,Oklahoma City", "2,Denver,Tulsa"));
    assert_names(&error, "routes.csv", 4, "city `Tulsa` is not in cities.csv");

    let error = error_with("matchups.csv", &MATCHUPS_CSV.replace("random,greedy,", "\"random,greedy,"));
    assert_names(&error, "matchups.csv", 2, "unterminated quoted field");

    let error = error_with("routes.csv", &ROUTES_CSV.replace("claim_rate", "rate"));
    assert_names(&error, "routes.csv", 1, "no column `claim_rate`");

    let error = error_with("scores.csv", "");
    assert_names(&error, "scores.csv", 1, "empty file");
}
