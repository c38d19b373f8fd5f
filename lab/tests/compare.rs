//! End-to-end tests of `ttr compare`: a run against itself, against the same map played
//! with other seeds, against a map with one ticket's points changed, and the refusals.

mod cli_support;

use cli_support::{path, root, ttr};

use std::fs;
use std::path::{Path, PathBuf};

use ttr_lab::compare::differences::DifferenceRow;
use ttr_lab::export::Table;

/// Plays `games` 4-player games of greedy, hungry, one-step and long-route on `map`.
fn simulate(map: &Path, out: &Path, games: &str, seed: &str) {
    let args = [
        "simulate",
        "--map",
        path(map),
        "--players",
        "4",
        "--bots",
        "greedy,hungry,one-step,long-route",
        "--games",
        games,
        "--seed",
        seed,
        "--out",
        path(out),
        "-q",
    ];
    let run = ttr(&args);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
}

/// Compares two runs and reads back `differences.csv`.
fn compare(a: &Path, b: &Path, out: &Path) -> Vec<DifferenceRow> {
    let run = ttr(&["compare", path(a), path(b), "--out", path(out)]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    Table::<DifferenceRow>::require(out).expect("differences.csv").rows().to_vec()
}

fn usa() -> PathBuf {
    root().join("maps/usa.toml")
}

#[test]
fn a_run_against_itself_differs_in_nothing() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let a = tmp.path().join("a");
    simulate(&usa(), &a, "400", "1");
    let rows = compare(&a, &a, &tmp.path().join("same"));
    assert!(rows.iter().all(|r| !r.significant && r.difference.is_none_or(|d| d.0 == 0.0)));
    // 4 bots, 4 seats, 30 tickets x 3 metrics, 100 routes, 5 distributions: all tested
    // (every USA ticket is dealt in 400 games).
    assert_eq!(rows.iter().filter(|r| r.q_value.is_some()).count(), 4 + 4 + 30 * 3 + 100 + 5);
    let page = fs::read_to_string(tmp.path().join("same/report.html")).expect("report.html");
    assert!(page.contains("No difference is significant at q = 0.05"));
}

#[test]
fn a_ticket_made_worth_more_is_found_and_little_else() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let text = fs::read_to_string(usa()).expect("usa.toml");
    let old = "{ a = \"Denver\", b = \"El Paso\", points = 4 }";
    assert!(text.contains(old));
    let edited = tmp.path().join("usa-denver-el-paso-14.toml");
    fs::write(&edited, text.replace(old, "{ a = \"Denver\", b = \"El Paso\", points = 14 }")).expect("write map");
    let (a, b, other_seed) = (tmp.path().join("a"), tmp.path().join("b"), tmp.path().join("seed2"));
    simulate(&usa(), &a, "2000", "1");
    simulate(&edited, &b, "2000", "1");
    simulate(&usa(), &other_seed, "2000", "2");

    let rows = compare(&a, &b, &tmp.path().join("a-vs-b"));
    let value = rows.iter().find(|r| r.name == "Denver-El Paso" && r.metric == "value").expect("row");
    assert!(value.significant, "{value:?}");
    // Kept when worth 4 it nets about 3 points; worth 14 and completed as often, about 12.
    let (lo, hi) = (value.difference_lo.expect("tested").0, value.difference_hi.expect("tested").0);
    assert!(lo > 5.0 && hi < 14.0, "{value:?}");
    assert_eq!(rows[0].name, "Denver-El Paso", "the most significant change comes first");
    let elsewhere: Vec<&DifferenceRow> = rows.iter().filter(|r| r.significant && r.name != "Denver-El Paso").collect();
    assert!(elsewhere.len() <= 2, "{elsewhere:?}");

    // The same map with other seeds: nothing changed, so (almost) nothing is significant.
    let rows = compare(&a, &other_seed, &tmp.path().join("a-vs-seed2"));
    let found: Vec<&DifferenceRow> = rows.iter().filter(|r| r.significant).collect();
    assert!(found.len() <= 1, "{found:?}");
}

/// Runs `ttr compare` on a bad pair and checks: one `error:` line naming the problem, and
/// nothing written.
fn assert_refused(a: &Path, b: &Path, expected: &str) {
    let out = a.parent().expect("parent").join("refused");
    let run = ttr(&["compare", path(a), path(b), "--out", path(&out)]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(err.contains(expected) && err.starts_with("error: ") && err.lines().count() == 1, "{err}");
    assert!(!out.exists(), "{expected}: wrote {}", out.display());
}

#[test]
fn runs_that_cannot_be_compared_are_refused_with_one_line() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let a = tmp.path().join("a");
    simulate(&usa(), &a, "40", "1");
    let other_bots = tmp.path().join("bots");
    let run = ttr(&["simulate", "--map", path(&usa()), "--players", "4", "--bots", "greedy", "--games", "40"]
        .into_iter()
        .chain(["--out", path(&other_bots), "-q"])
        .collect::<Vec<_>>());
    assert!(run.status.success());
    assert_refused(&a, &other_bots, "are not comparable: bots greedy,hungry,one-step,long-route against greedy");
    let three = tmp.path().join("three");
    let run = ttr(&["simulate", "--map", path(&usa()), "--players", "3", "--bots", "greedy", "--games", "30"]
        .into_iter()
        .chain(["--out", path(&three), "-q"])
        .collect::<Vec<_>>());
    assert!(run.status.success());
    assert_refused(&other_bots, &three, "are not comparable: 4 against 3 players");
    assert_refused(&a, &tmp.path().join("nowhere"), "nowhere: not a directory");
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).expect("mkdir");
    assert_refused(&empty, &a, "not a results directory of `ttr simulate` (no run.json)");
    let partial = tmp.path().join("partial");
    fs::create_dir(&partial).expect("mkdir");
    for file in ["run.json", "bots.csv", "seats.csv", "routes.csv", "scores.csv"] {
        fs::copy(a.join(file), partial.join(file)).expect("copy");
    }
    assert_refused(&a, &partial, "tickets.csv: not found");
    fs::write(partial.join("tickets.csv"), "ticket,a\n1,x\n").expect("write");
    assert_refused(&a, &partial, "tickets.csv:1: no column `b`");
}
