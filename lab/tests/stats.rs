//! Run statistics on small hand-made runs where every answer is known, written through the
//! real CSV writer and read back column by column.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use ttr::{EndReason, GameResult, Map, Seat, SeatResult, SeatSet, MAX_SEATS};
use ttr_lab::report::{Report, RunInfo};
use ttr_lab::trace::{GameTrace, TicketSource, TicketTrace};
use ttr_lab::GameOutcome;

fn usa() -> Map {
    Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.toml")).expect("usa")
}

fn seat(score: i32, routes: i32, gained: i32, lost: i32, bonus: i32) -> SeatResult {
    SeatResult {
        score,
        route_points: routes,
        ticket_points_gained: gained,
        ticket_points_lost: lost,
        bonus_points: bonus,
        ..SeatResult::default()
    }
}

fn outcome(
    index: u64,
    lineup: [u8; 2],
    seats: [SeatResult; 2],
    winners: &[u8],
    turns: u16,
    trace: GameTrace,
) -> GameOutcome {
    let mut all = [SeatResult::default(); MAX_SEATS];
    all[..2].copy_from_slice(&seats);
    let winners: SeatSet = winners.iter().map(|&s| Seat(s)).collect();
    let mut full_lineup = [0u8; MAX_SEATS];
    full_lineup[..2].copy_from_slice(&lineup);
    GameOutcome {
        index,
        seed: index,
        lineup: full_lineup,
        result: GameResult { players: 2, seats: ttr::BySeat(all), winners, turns, end: EndReason::Trains },
        trace,
        events: Vec::new(),
    }
}

/// Rows of a CSV file as maps from column name to field (no quoted fields in these tests).
fn rows(dir: &Path, file: &str) -> Vec<HashMap<String, String>> {
    let text = fs::read_to_string(dir.join(file)).expect(file);
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().expect("header").split(',').map(str::to_string).collect();
    lines.map(|l| header.iter().cloned().zip(l.split(',').map(str::to_string)).collect()).collect()
}

fn find<'r>(rows: &'r [HashMap<String, String>], key: &[(&str, &str)]) -> &'r HashMap<String, String> {
    rows.iter().find(|r| key.iter().all(|(k, v)| r[*k] == *v)).unwrap_or_else(|| panic!("no row {key:?}"))
}

/// Three games between bots "a" (index 0) and "b" (index 1), seats swapped in game 1:
/// - game 0: a in seat 0 wins 50-30; a kept ticket 0 at setup and completed it on turn 10;
///   b kept ticket 1 (drawn) and failed it; a claimed route 0 on turn 4, b route 2 on turn 6;
/// - game 1: b in seat 0 and a in seat 1 share the win at 40-40; ticket 0 dealt at setup to
///   b, returned; route 0 claimed by b on turn 8;
///   b's ticket 1 ended blocked;
/// - game 2: a in seat 0 loses 10-20 to b; nothing traced; it ended by passes.
fn run(dir: &Path) {
    let map = usa();
    let specs = ["a".to_string(), "b".to_string()];
    let mut report = Report::create(dir, &map, &specs).expect("create");
    let mut t0 = GameTrace::default();
    t0.tickets[0] = TicketTrace {
        dealt: [1, 0],
        kept: Some((Seat(0), TicketSource::Setup)),
        completed_turn: Some(10),
        blocked: false,
    };
    t0.tickets[1] =
        TicketTrace { dealt: [0, 1], kept: Some((Seat(1), TicketSource::Drawn)), completed_turn: None, blocked: true };
    t0.claim_turn[0] = 4;
    t0.owner[0] = 0;
    t0.claim_turn[2] = 6;
    t0.owner[2] = 1;
    let a = map.route(ttr::RouteId(0)).a;
    t0.winner_cities.insert(a);
    let mut t1 = GameTrace::default();
    t1.tickets[0] = TicketTrace { dealt: [1, 0], kept: None, completed_turn: None, blocked: false };
    t1.claim_turn[0] = 8;
    t1.owner[0] = 0;
    let mut games = [
        outcome(0, [0, 1], [seat(50, 40, 10, 0, 0), seat(30, 34, 0, 4, 0)], &[0], 100, t0),
        outcome(1, [1, 0], [seat(40, 40, 0, 0, 0), seat(40, 30, 0, 0, 10)], &[0, 1], 120, t1),
        outcome(2, [0, 1], [seat(10, 10, 0, 0, 0), seat(20, 20, 0, 0, 0)], &[1], 100, GameTrace::default()),
    ];
    games[2].result.end = EndReason::Passes;
    report.add(&games).expect("add");
    let command = vec!["ttr".to_string(), "test".to_string()];
    let info = RunInfo {
        command: &command,
        seed: 9,
        map_file: Path::new("maps/usa.toml"),
        map_sha256: "00".into(),
        threads: 1,
        wall_seconds: 2.0,
        shard: None,
        shard_wall_seconds: Vec::new(),
        decision_times: &[],
    };
    report.finish(&info).expect("finish");
}

#[test]
fn bots_seats_and_matchups_count_wins_draws_and_ranks() {
    let tmp = tempfile::tempdir().expect("tmp");
    run(tmp.path());
    let bots = rows(tmp.path(), "bots.csv");
    let a = find(&bots, &[("bot", "a")]);
    assert_eq!((a["games"].as_str(), a["wins"].as_str(), a["draws"].as_str()), ("3", "1", "1"));
    assert_eq!(a["win_rate"], "0.333333");
    assert_eq!(a["mean_score"], "33.3333", "(50 + 40 + 10) / 3");
    assert_eq!(a["mean_rank"], "1.3333", "ranks 1, 1, 2");
    let b = find(&bots, &[("bot", "b")]);
    assert_eq!((b["wins"].as_str(), b["draws"].as_str(), b["mean_rank"].as_str()), ("1", "1", "1.3333"));
    let seats = rows(tmp.path(), "seats.csv");
    let s0 = find(&seats, &[("seat", "0")]);
    assert_eq!((s0["wins"].as_str(), s0["draws"].as_str(), s0["mean_score"].as_str()), ("1", "1", "33.3333"));
    let m = rows(tmp.path(), "matchups.csv");
    let ab = find(&m, &[("bot", "a"), ("opponent", "b")]);
    assert_eq!(
        (ab["games"].as_str(), ab["ahead"].as_str(), ab["behind"].as_str(), ab["level"].as_str()),
        ("3", "1", "1", "1")
    );
    assert_eq!(ab["win_rate"], "0.333333");
    assert_eq!(m.len(), 2, "a-b and b-a");
}

#[test]
fn tickets_routes_and_cities_follow_the_traces() {
    let tmp = tempfile::tempdir().expect("tmp");
    run(tmp.path());
    let tickets = rows(tmp.path(), "tickets.csv");
    assert_eq!(tickets.len(), 2 * 30, "a row per ticket and source");
    let t0 = find(&tickets, &[("ticket", "0"), ("source", "setup")]);
    assert_eq!((t0["dealt"].as_str(), t0["kept"].as_str(), t0["keep_rate"].as_str()), ("2", "1", "0.500000"));
    assert_eq!((t0["completed"].as_str(), t0["completion_rate"].as_str()), ("1", "1.000000"));
    assert_eq!(t0["mean_net_points"], "12.0000", "Boston-Miami is worth 12");
    assert_eq!((t0["held_wins"].as_str(), t0["win_rate_held"].as_str()), ("1", "1.000000"));
    // Not held: 5 other seat-games with 1 outright win (game 2's b).
    assert_eq!(t0["win_rate_not_held"], "0.200000");
    assert_eq!(t0["lift"], "0.800000");
    assert_eq!(t0["mean_completion_turn"], "10.0000");
    let t1 = find(&tickets, &[("ticket", "1"), ("source", "drawn")]);
    assert_eq!((t1["kept"].as_str(), t1["completed"].as_str(), t1["mean_net_points"].as_str()), ("1", "0", "-13.0000"));
    assert_eq!(t1["mean_completion_turn"], "");
    assert_eq!((t1["blocked"].as_str(), t1["blocked_rate"].as_str()), ("1", "1.000000"));
    assert_eq!((t1["blocked_rate_lo"].as_str(), t1["blocked_rate_hi"].as_str()), ("0.206549", "1.000000"), "1 of 1");
    assert_eq!(
        (t0["blocked"].as_str(), t0["blocked_rate"].as_str(), t0["blocked_rate_lo"].as_str()),
        ("0", "0.000000", "0.000000")
    );
    let unused = find(&tickets, &[("ticket", "5"), ("source", "drawn")]);
    assert_eq!((unused["dealt"].as_str(), unused["lift"].as_str()), ("0", ""));

    let routes = rows(tmp.path(), "routes.csv");
    let r0 = find(&routes, &[("route", "0")]);
    assert_eq!(
        (r0["claimed"].as_str(), r0["claim_rate"].as_str(), r0["mean_turn"].as_str()),
        ("2", "0.666667", "6.0000")
    );
    // Owner won outright in game 0 only (game 1 was shared); base rate is 2 wins / 6.
    assert_eq!((r0["owner_wins"].as_str(), r0["owner_win_rate"].as_str()), ("1", "0.500000"));
    assert_eq!(r0["lift"], "0.166667");
    let r2 = find(&routes, &[("route", "2")]);
    assert_eq!((r2["claimed"].as_str(), r2["owner_wins"].as_str()), ("1", "0"));

    let cities = rows(tmp.path(), "cities.csv");
    let boston = find(&cities, &[("city", "Boston")]);
    assert_eq!(
        (boston["completed_tickets"].as_str(), boston["completed_tickets_per_game"].as_str()),
        ("1", "0.333333")
    );
    let atlanta = find(&cities, &[("city", "Atlanta")]);
    assert_eq!((atlanta["winner_network"].as_str(), atlanta["winner_network_rate"].as_str()), ("1", "0.333333"));
}

#[test]
fn scores_and_run_json_describe_the_run() {
    let tmp = tempfile::tempdir().expect("tmp");
    run(tmp.path());
    let scores = rows(tmp.path(), "scores.csv");
    assert_eq!(find(&scores, &[("metric", "score"), ("value", "40")])["count"], "2");
    assert_eq!(find(&scores, &[("metric", "ticket_points"), ("value", "-4")])["count"], "1");
    assert_eq!(find(&scores, &[("metric", "bonus"), ("value", "10")])["count"], "1");
    assert_eq!(find(&scores, &[("metric", "turns"), ("value", "100")])["count"], "2");
    assert_eq!(find(&scores, &[("metric", "end"), ("value", "trains")])["count"], "2");
    assert_eq!(find(&scores, &[("metric", "end"), ("value", "passes")])["count"], "1");
    let run: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(tmp.path().join("run.json")).unwrap()).unwrap();
    assert_eq!(run["games"], 3);
    assert_eq!(run["seed"], 9);
    assert_eq!(run["games_per_second"], 1.5);
    assert_eq!(run["map_name"], "usa");
    assert_eq!(run["bots"][1], "b");
    let games = fs::read_to_string(tmp.path().join("games.csv")).unwrap();
    assert!(games.lines().nth(2).unwrap().ends_with(",0;1,120,trains"), "{games}");
}

#[test]
fn the_arc_counts_claims_per_round_of_the_games_reaching_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    run(tmp.path());
    let arc = rows(tmp.path(), "arc.csv");
    // Two players: 100 turns are 50 rounds, 120 turns 60. Claims: game 0 on turns 4 and 6
    // (rounds 2 and 3), game 1 on turn 8 (round 4).
    assert_eq!(arc.len(), 60, "as far as the longest game");
    let round = |r: usize| {
        let row = &arc[r - 1];
        assert_eq!(row["round"], r.to_string());
        [&row["games_reaching"], &row["claims"], &row["mean_claims"], &row["mean_claims_lo"], &row["mean_claims_hi"]]
            .map(String::as_str)
    };
    assert_eq!(round(1), ["3", "0", "0.0000", "0.0000", "0.0000"]);
    // Claims 1, 0, 0: mean 1/3, sd 1/sqrt(3), half-width 1.96 * sd / sqrt(3) = 0.6533, so
    // 0.9867 above and below 0 (shown as 0: no fewer than no claims).
    assert_eq!(round(2), ["3", "1", "0.3333", "0.0000", "0.9867"]);
    assert_eq!(round(4), ["3", "1", "0.3333", "0.0000", "0.9867"]);
    assert_eq!(round(50), ["3", "0", "0.0000", "0.0000", "0.0000"]);
    assert_eq!(round(51), ["1", "0", "0.0000", "0.0000", "0.0000"]);
    assert_eq!(arc[50]["reaching_rate"], "0.333333");
}

#[test]
fn outliers_list_the_longest_shortest_lopsided_and_stalled_games() {
    let tmp = tempfile::tempdir().expect("tmp");
    run(tmp.path());
    let text = fs::read_to_string(tmp.path().join("outliers.csv")).expect("outliers.csv");
    // Turns 100, 120, 100; margins 50-30 = 20, 0 (a shared win), 20-10 = 10; ties go to the
    // lower game index; game 2 ended by passes.
    let expected = "\
kind,rank,game,seed,turns,end,margin
longest,1,1,1,120,trains,0
longest,2,0,0,100,trains,20
longest,3,2,2,100,passes,10
shortest,1,0,0,100,trains,20
shortest,2,2,2,100,passes,10
shortest,3,1,1,120,trains,0
lopsided,1,0,0,100,trains,20
lopsided,2,2,2,100,passes,10
lopsided,3,1,1,120,trains,0
passes,1,2,2,100,passes,10
";
    assert_eq!(text, expected);
}
