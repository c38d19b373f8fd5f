//! The CSV exporters: each file's header is its row type's columns, and reading a file back
//! with its row struct and writing the rows again gives the same bytes.

mod common;

use std::fs;
use std::path::Path;
use std::sync::atomic::AtomicBool;

use ttr_bots::BotSpec;
use ttr_lab::export::arc::ArcRow;
use ttr_lab::export::bots::BotRow;
use ttr_lab::export::cities::CityRow;
use ttr_lab::export::games::RowWriter;
use ttr_lab::export::matchups::MatchupRow;
use ttr_lab::export::outliers::OutlierRow;
use ttr_lab::export::routes::RouteRow;
use ttr_lab::export::scores::ScoreRow;
use ttr_lab::export::seats::SeatRow;
use ttr_lab::export::tickets::TicketRow;
use ttr_lab::export::{write_rows, Row, Table};
use ttr_lab::report::{Report, RunInfo};
use ttr_lab::RunPlan;

/// Plays `games` games of `map` between `bots` and writes the run's files to `dir`.
fn run(dir: &Path, map: &str, bots: &str, players: usize, games: u64) {
    let map = common::load(map);
    let specs = BotSpec::parse_lineup(bots, players).expect("bots");
    let names: Vec<String> = specs.iter().map(|s| s.as_str().to_string()).collect();
    let mut report = Report::create(dir, &map, &names).expect("create");
    let plan = RunPlan { map: &map, players, games: 0..games, seed: 11, record_every: 0 };
    let make_bot = |bot: usize, _seat: ttr::Seat, _game: u64, seed: u64| specs[bot].build(seed);
    let pool = rayon::ThreadPoolBuilder::new().build().expect("pool");
    plan.run(&pool, &make_bot, &|_| {}, &AtomicBool::new(false), |chunk| report.add(chunk)).expect("run");
    let command = vec!["test".to_string()];
    let info = RunInfo {
        command: &command,
        seed: 11,
        map_file: Path::new("map.toml"),
        map_sha256: String::new(),
        threads: 1,
        wall_seconds: 1.0,
        shard: None,
        shard_wall_seconds: Vec::new(),
        decision_times: &[],
    };
    report.finish(&info).expect("finish");
}

/// Reads `R`'s file in `dir`, checks its header, and writes its rows again.
fn round_trip<R: Row + Clone>(dir: &Path, provisional: bool) {
    let bytes = fs::read(dir.join(R::FILE)).expect("file");
    let header = String::from_utf8_lossy(&bytes).lines().next().expect("header").to_string();
    let mut expected = R::COLUMNS.join(",");
    if provisional {
        expected.push_str(",provisional");
    }
    assert_eq!(header, expected, "{}", R::FILE);
    let table = Table::<R>::require(dir).expect("read back");
    assert!(!table.rows().is_empty(), "{} has rows", R::FILE);
    let mut again = Vec::new();
    write_rows(&mut again, provisional, table.rows().iter().cloned()).expect("write");
    assert!(again == bytes, "{} differs after a round trip", R::FILE);
}

fn round_trip_all(dir: &Path, provisional: bool) {
    round_trip::<BotRow>(dir, provisional);
    round_trip::<SeatRow>(dir, provisional);
    round_trip::<MatchupRow>(dir, provisional);
    round_trip::<TicketRow>(dir, provisional);
    round_trip::<RouteRow>(dir, provisional);
    round_trip::<CityRow>(dir, provisional);
    round_trip::<ScoreRow>(dir, provisional);
    round_trip::<ArcRow>(dir, provisional);
    round_trip::<OutlierRow>(dir, provisional);
}

#[test]
fn every_file_reads_back_into_its_row_struct_unchanged() {
    let tmp = tempfile::tempdir().expect("temp dir");
    run(tmp.path(), "usa", "random,greedy", 2, 40);
    round_trip_all(tmp.path(), false);
    let games = fs::read_to_string(tmp.path().join("games.csv")).expect("games.csv");
    let header = games.lines().next().expect("header");
    assert!(header.starts_with("game,seed,bot_0,score_0,") && header.ends_with(",trains_left_1,winners,turns,end"));
    assert_eq!(games.lines().count(), 41);
}

#[test]
fn a_provisional_map_marks_every_row() {
    let tmp = tempfile::tempdir().expect("temp dir");
    run(tmp.path(), "south_korea", "random,greedy", 2, 20);
    round_trip_all(tmp.path(), true);
    let games = fs::read_to_string(tmp.path().join("games.csv")).expect("games.csv");
    assert!(games.lines().next().expect("header").ends_with(",end,provisional"));
    assert!(games.lines().skip(1).all(|l| l.ends_with(",true")));
}

#[test]
fn specs_with_commas_are_quoted_and_read_back() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rows = vec![BotRow {
        bot: "mcts:iters=5,x\"y".to_string(),
        games: 3,
        wins: 1,
        draws: 0,
        win_rate: ttr_lab::export::Fixed(1.0 / 3.0),
        win_rate_lo: ttr_lab::export::Fixed(0.1),
        win_rate_hi: ttr_lab::export::Fixed(0.9),
        mean_score: ttr_lab::export::Fixed(50.0),
        sd_score: ttr_lab::export::Fixed(2.5),
        mean_rank: ttr_lab::export::Fixed(1.5),
        provisional: None,
    }];
    let mut bytes = Vec::new();
    write_rows(&mut bytes, false, rows.clone()).expect("write");
    let text = String::from_utf8(bytes).expect("utf-8");
    assert!(
        text.ends_with("\n\"mcts:iters=5,x\"\"y\",3,1,0,0.333333,0.100000,0.900000,50.0000,2.5000,1.5000\n"),
        "{text}"
    );
    fs::write(tmp.path().join("bots.csv"), &text).expect("write");
    let table = Table::<BotRow>::require(tmp.path()).expect("read");
    assert_eq!(table.rows()[0].bot, rows[0].bot);
}

/// Every field of each `games.csv` row, as the CSV reader reads it back, is the game's own:
/// index, seed, each seat's bot spec (quoted when it holds a comma or a quote) and results,
/// winners, turns, end, and `true` on a provisional map; on every project map.
#[test]
fn games_rows_hold_each_games_result() {
    for (name, players) in [("usa", 4), ("nordic", 3), ("legendary_asia", 4), ("south_korea", 4)] {
        let map = common::load(name);
        let lineup = ["random", "greedy", "hungry", "route-focus"][..players].join(",");
        let bots = BotSpec::parse_lineup(&lineup, players).expect("bots");
        let specs: Vec<String> = bots.iter().enumerate().map(|(i, s)| format!("{},\"{i}\"", s.as_str())).collect();
        let plan = RunPlan { map: &map, players, games: 0..30, seed: 3, record_every: 0 };
        let make_bot = |bot: usize, _seat: ttr::Seat, _game: u64, seed: u64| bots[bot].build(seed);
        let mut outcomes = Vec::new();
        let mut rows = RowWriter::new(&specs, map.provisional);
        let mut bytes = Vec::new();
        let pool = rayon::ThreadPoolBuilder::new().build().expect("pool");
        plan.run(&pool, &make_bot, &|_| {}, &AtomicBool::new(false), |chunk| {
            outcomes.extend_from_slice(chunk);
            chunk.iter().for_each(|o| rows.push(o));
            rows.write(&mut bytes)
        })
        .expect("run");
        let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(&bytes[..]);
        let records: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a CSV row")).collect();
        assert_eq!(records.len(), outcomes.len(), "{name}");
        for (record, o) in records.iter().zip(&outcomes) {
            let mut expected = vec![o.index.to_string(), o.seed.to_string()];
            for (s, r) in o.result.seats().iter().enumerate() {
                expected.push(specs[usize::from(o.lineup[s])].clone());
                let numbers = [
                    r.score,
                    r.route_points,
                    r.ticket_points_gained,
                    r.ticket_points_lost,
                    i32::from(r.tickets_completed),
                    i32::from(r.tickets_failed),
                    r.bonus_points,
                    i32::from(r.trains_left),
                ];
                expected.extend(numbers.iter().map(i32::to_string));
            }
            let winners: Vec<String> = o.result.winners.iter().map(|s| s.0.to_string()).collect();
            expected.extend([winners.join(";"), o.result.turns.to_string(), o.result.end.name().to_string()]);
            if map.provisional {
                expected.push("true".to_string());
            }
            assert_eq!(record.iter().collect::<Vec<_>>(), expected, "{name}, game {}", o.index);
        }
    }
}
