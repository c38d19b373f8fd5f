//! Tournaments: the rating fits recover known strengths within their intervals, the SPRT
//! keeps its error rates, handicapped greedy bots rate in their known order, files do not
//! depend on the thread count, shards merge to the same files, and bad input is refused.

mod cli_support;

use cli_support::{stderr, ttr};

use std::fs;
use std::path::Path;
use std::process::Output;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::MAX_SEATS;
use ttr_lab::tournament::fit::ELO_PER_NAT;
use ttr_lab::tournament::schedule::combinations;
use ttr_lab::tournament::sprt::{score_of_elo, Sprt, SprtParams, Verdict};
use ttr_lab::tournament::{analyse, AnalysisOptions, BlockOutcome, Counters, Pattern};

/// Plays `cycles` cycles of duplicate blocks of `players` players among bots of Elo
/// `elo[b]`, seats with Elo terms `seat[s]`, finishing orders drawn from Plackett-Luce.
fn synthetic(elo: &[f64], seat: &[f64], players: usize, cycles: u64, rng: &mut Pcg64Mcg) -> Counters {
    let lineups = combinations(elo.len(), players);
    let mut counters = Counters::default();
    for _ in 0..cycles {
        for lineup in &lineups {
            let mut pattern = Pattern::new(players);
            let mut scores = [[0i32; MAX_SEATS]; MAX_SEATS];
            for r in 0..players {
                // Seat s holds lineup position (s + r) % players.
                let mut left: Vec<usize> = (0..players).collect();
                let worth = |s: usize| ((elo[usize::from(lineup[(s + r) % players])] + seat[s]) / ELO_PER_NAT).exp();
                let mut ranks = [0u8; MAX_SEATS];
                let mut place = 1;
                while !left.is_empty() {
                    let total: f64 = left.iter().map(|&s| worth(s)).sum();
                    let mut x = rng.random::<f64>() * total;
                    let mut pick = left.len() - 1;
                    for (i, &s) in left.iter().enumerate() {
                        x -= worth(s);
                        if x < 0.0 {
                            pick = i;
                            break;
                        }
                    }
                    let s = left.remove(pick);
                    let p = (s + r) % players;
                    ranks[p] = place;
                    scores[r][p] = 100 - 10 * i32::from(place);
                    place += 1;
                }
                pattern.set(r, &ranks[..players]);
            }
            counters.add(&BlockOutcome { players: players as u8, lineup: lineup.clone(), pattern, scores });
        }
    }
    counters
}

/// Share of (repetition, bot) pairs whose true rating lies in the fitted 95% interval, and
/// the same for the seat terms.
fn coverage(elo: &[f64], seat: &[f64], players: usize, cycles: u64, reps: u64) -> (f64, f64) {
    let (mut hit, mut n, mut seat_hit, mut seat_n) = (0, 0, 0, 0);
    let mean_seat = seat.iter().sum::<f64>() / seat.len() as f64;
    for rep in 0..reps {
        let mut rng = Pcg64Mcg::seed_from_u64(1000 + rep);
        let counters = synthetic(elo, seat, players, cycles, &mut rng);
        let options = AnalysisOptions { bots: elo.len(), anchor: 0, replicates: 200, seed: rep };
        let ladders = analyse(&counters, &options);
        assert_eq!(ladders.len(), 1, "one player count, one ladder");
        for line in ladders[0].bots.iter().filter(|l| l.bot != 0) {
            n += 1;
            let truth = elo[line.bot] - elo[0];
            hit += usize::from(line.elo.lo <= truth && truth <= line.elo.hi);
        }
        for line in &ladders[0].seats {
            seat_n += 1;
            let truth = seat[usize::from(line.seat)] - mean_seat;
            seat_hit += usize::from(line.elo.lo <= truth && truth <= line.elo.hi);
        }
    }
    (hit as f64 / n as f64, seat_hit as f64 / seat_n as f64)
}

#[test]
fn bradley_terry_recovers_known_ratings_within_its_intervals() {
    // 4 bots, 2 players: 6 lineups x 40 cycles = 240 blocks (480 games) per repetition.
    let (bots, seats) = coverage(&[0.0, 60.0, 120.0, 250.0], &[35.0, -35.0], 2, 40, 100);
    eprintln!("Bradley-Terry coverage: ratings {bots:.3}, seat terms {seats:.3}");
    assert!((0.89..=0.99).contains(&bots), "rating coverage {bots}");
    assert!((0.85..=1.0).contains(&seats), "seat coverage {seats}");
}

#[test]
fn plackett_luce_recovers_known_ratings_within_its_intervals() {
    // 5 bots, 4 players: 5 lineups x 30 cycles = 150 blocks (600 games) per repetition.
    let (bots, seats) = coverage(&[0.0, 50.0, 100.0, 150.0, 300.0], &[40.0, 10.0, -20.0, -30.0], 4, 30, 60);
    eprintln!("Plackett-Luce coverage: ratings {bots:.3}, seat terms {seats:.3}");
    assert!((0.89..=0.99).contains(&bots), "rating coverage {bots}");
    assert!((0.85..=1.0).contains(&seats), "seat coverage {seats}");
}

/// A block of two games with A's expected score per game `s` exactly: with probability
/// `rho` both games go the same way (the deal decides), else they are independent; a game
/// is drawn with probability `draw`.
fn penta_cell(s: f64, rho: f64, draw: f64, rng: &mut Pcg64Mcg) -> usize {
    let game = |rng: &mut Pcg64Mcg| {
        let x: f64 = rng.random();
        // Win w, draw d, loss l with w + d/2 = s.
        let d = draw.min(2.0 * s).min(2.0 * (1.0 - s));
        let w = s - d / 2.0;
        if x < w {
            2
        } else if x < w + d {
            1
        } else {
            0
        }
    };
    if rng.random::<f64>() < rho {
        2 * game(rng)
    } else {
        game(rng) + game(rng)
    }
}

/// Runs `runs` tests at true Elo `elo`; returns the shares of H1 and H0 verdicts.
fn sprt_rates(params: SprtParams, elo: f64, runs: u64) -> (f64, f64) {
    let (mut h1, mut h0) = (0, 0);
    for run in 0..runs {
        let mut rng = Pcg64Mcg::seed_from_u64(run * 7 + elo.to_bits());
        let mut test = Sprt::new(params);
        for _ in 0..200_000 {
            match test.add(penta_cell(score_of_elo(elo), 0.4, 0.1, &mut rng)) {
                Verdict::H1 => {
                    h1 += 1;
                    break;
                }
                Verdict::H0 => {
                    h0 += 1;
                    break;
                }
                Verdict::Inconclusive => {}
            }
        }
    }
    (h1 as f64 / runs as f64, h0 as f64 / runs as f64)
}

#[test]
fn sprt_error_rates_stay_near_alpha_and_beta() {
    let params = SprtParams { elo0: 0.0, elo1: 30.0, alpha: 0.05, beta: 0.05 };
    let runs = 300;
    let (false_positive, true_negative) = sprt_rates(params, params.elo0, runs);
    let (true_positive, false_negative) = sprt_rates(params, params.elo1, runs);
    eprintln!(
        "SPRT [0, 30] over {runs} runs: at elo0 H1 {false_positive:.3} H0 {true_negative:.3}; at elo1 H1 {true_positive:.3} H0 {false_negative:.3}"
    );
    // Binomial sd at 0.05 over 300 runs is 0.013: allow about three.
    assert!(false_positive <= 0.09, "false-positive rate {false_positive}");
    assert!(false_negative <= 0.09, "false-negative rate {false_negative}");
    assert!(true_negative + false_positive > 0.99 && true_positive + false_negative > 0.99, "every test ended");
    // A strong effect ends quickly in H1, a reversed one in H0.
    let (h1, _) = sprt_rates(params, 60.0, 50);
    let (_, h0) = sprt_rates(params, -30.0, 50);
    assert!(h1 > 0.98 && h0 > 0.98, "{h1} {h0}");
}

/// Rows of a CSV file as maps from column to value.
fn rows(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).expect("csv");
    let header: Vec<String> = reader.headers().expect("header").iter().map(str::to_string).collect();
    reader
        .records()
        .map(|r| header.iter().cloned().zip(r.expect("record").iter().map(str::to_string)).collect())
        .collect()
}

#[test]
fn handicapped_greedy_bots_rate_in_their_known_order() {
    // 4 bots, 2 players: 6 lineups, 200 cycles = 1,200 blocks = 2,400 games of 2-player USA.
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("ladder");
    let bots = "random,greedy:eps=0.5,greedy:eps=0.2,greedy";
    let run = ttr(&[
        "tournament",
        "--map",
        "maps/usa.toml",
        "--players",
        "2",
        "--bots",
        bots,
        "--games",
        "2400",
        "--seed",
        "5",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    eprintln!("{}", String::from_utf8_lossy(&run.stdout));
    let ratings = rows(&out.join("ratings.csv"));
    let ladder: Vec<&str> = ratings.iter().map(|r| r["bot"].as_str()).collect();
    assert_eq!(ladder, ["greedy", "greedy:eps=0.2", "greedy:eps=0.5", "random"]);
    assert_eq!(ratings[0]["games"], "1200");
    let num = |r: &std::collections::HashMap<String, String>, k: &str| r[k].parse::<f64>().unwrap();
    for pair in ratings.windows(2) {
        assert!(
            num(&pair[0], "elo_lo") > num(&pair[1], "elo_hi"),
            "intervals of {} and {} overlap",
            pair[0]["bot"],
            pair[1]["bot"]
        );
    }
}

fn tournament(out: &Path, extra: &[&str]) -> Output {
    let out = out.to_str().expect("utf-8 path");
    let mut args = vec![
        "tournament",
        "--map",
        "maps/usa.toml",
        "--players",
        "2..3",
        "--bots",
        "random,one-step,long-route",
        "--games",
        "120",
        "--seed",
        "9",
        "--out",
        out,
        "-q",
        "--bootstrap",
        "50",
    ];
    args.extend_from_slice(extra);
    ttr(&args)
}

const FILES: [&str; 5] = ["ratings.csv", "pairs.csv", "seats.csv", "blocks.csv", "lineup_scores.csv"];

#[test]
fn files_do_not_depend_on_threads_and_shards_merge_to_the_same_files() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = |name: &str| tmp.path().join(name);
    let one = tournament(&dir("one"), &["--threads", "1"]);
    let two = tournament(&dir("two"), &["--threads", "2"]);
    assert!(one.status.success() && two.status.success(), "{} {}", stderr(&one), stderr(&two));
    let a = tournament(&dir("a"), &["--shard", "0/2"]);
    let b = tournament(&dir("b"), &["--shard", "1/2"]);
    assert!(a.status.success() && b.status.success(), "{} {}", stderr(&a), stderr(&b));
    let merged = ttr(&[
        "merge",
        dir("a").to_str().unwrap(),
        dir("b").to_str().unwrap(),
        "--out",
        dir("merged").to_str().unwrap(),
    ]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    for file in FILES {
        let x = fs::read(dir("one").join(file)).expect("read");
        assert!(x == fs::read(dir("two").join(file)).expect("read"), "{file} differs between 1 and 2 threads");
        assert!(x == fs::read(dir("merged").join(file)).expect("read"), "{file} differs after merging shards");
    }
    let shard = fs::read_to_string(dir("a").join("blocks.csv")).unwrap();
    assert!(shard != fs::read_to_string(dir("one").join("blocks.csv")).unwrap(), "a shard holds part of the blocks");
    // The ladder page.
    let report = ttr(&["report", dir("one").to_str().unwrap()]);
    assert!(report.status.success(), "{}", stderr(&report));
    let page = fs::read_to_string(dir("one").join("report.html")).unwrap();
    assert!(page.contains("<svg") && page.contains("long-route"), "the ladder is drawn");
    assert!(!page.contains("<script") && !page.contains("src=") && !page.contains("https://"), "self-contained");
}

#[test]
fn timed_decisions_are_reported_per_bot_and_change_no_rating() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = |name: &str| tmp.path().join(name);
    let plain = tournament(&dir("plain"), &["--threads", "2"]);
    let timed = tournament(&dir("timed"), &["--threads", "2", "--time-decisions"]);
    assert!(plain.status.success() && timed.status.success(), "{} {}", stderr(&plain), stderr(&timed));
    for file in FILES {
        let x = fs::read(dir("plain").join(file)).expect("read");
        assert!(x == fs::read(dir("timed").join(file)).expect("read"), "{file} differs when timed");
    }
    let json = |name: &str| -> serde_json::Value {
        serde_json::from_slice(&fs::read(dir(name).join("tournament.json")).expect("read")).expect("json")
    };
    assert!(json("plain").get("decision_seconds").is_none(), "only timed runs report times");
    let timed_json = json("timed");
    let rows = timed_json["decision_seconds"].as_array().expect("decision_seconds");
    let bots: Vec<&str> = rows.iter().map(|r| r["bot"].as_str().expect("bot")).collect();
    assert_eq!(bots, ["random", "one-step", "long-route"]);
    for row in rows {
        let at = |key: &str| row[key].as_f64().expect(key);
        assert!(row["decisions"].as_u64().expect("decisions") > 1000, "{row}");
        assert!(0.0 < at("median") && at("median") <= at("p90") && at("p90") <= at("p99"), "{row}");
        assert!(at("p99") <= at("longest") && at("mean") <= at("longest"), "{row}");
    }
    assert!(String::from_utf8_lossy(&timed.stdout).contains("seconds per decision"), "printed too");
    let report = ttr(&["report", dir("timed").to_str().unwrap()]);
    assert!(report.status.success(), "{}", stderr(&report));
    let page = fs::read_to_string(dir("timed").join("report.html")).unwrap();
    assert!(page.contains("<h2>Seconds per decision</h2>") && page.contains("<td class=\"l\">one-step</td>"), "{page}");
}

#[test]
fn bad_input_is_refused_with_a_clear_error_and_no_files() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("bad");
    let o = out.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["--players", "2", "--bots", "random,greedyy"], "unknown bot \"greedyy\""),
        (&["--players", "4", "--bots", "random,greedy,hungry"], "4-player games need 4 distinct bots"),
        (&["--players", "2", "--bots", "random,random"], "twice"),
        (
            &["--players", "6", "--bots", "random,greedy,hungry,one-step,long-route,route-focus"],
            "is for 2 to 5 players",
        ),
        (&["--players", "2..x", "--bots", "random,greedy"], "inclusive range"),
        (&["--players", "2", "--bots", "random,greedy", "--sprt", "20,0"], "ELO0 must be below ELO1"),
        (&["--players", "2", "--bots", "random,greedy", "--sprt", "0"], "two Elo values"),
        (&["--players", "2", "--bots", "random,greedy", "--sprt", "0,20", "--alpha", "0.7"], "--alpha"),
        (&["--players", "2", "--bots", "random,greedy,hungry", "--sprt", "0,20"], "two bots"),
        (&["--players", "2", "--bots", "random,greedy", "--anchor", "hungry"], "--anchor"),
        (&["--players", "2", "--bots", "random,greedy", "--shard", "2/2"], "--shard"),
    ];
    for (extra, expected) in cases {
        let mut args = vec!["tournament", "--map", "maps/usa.toml", "--games", "10", "--out", o, "-q"];
        args.extend_from_slice(extra);
        let run = ttr(&args);
        let err = stderr(&run);
        assert!(!run.status.success(), "{extra:?} was accepted");
        assert!(err.contains(expected), "{extra:?}: expected {expected:?} in {err}");
        assert!(!out.exists(), "{extra:?} wrote files");
    }
}

#[test]
fn sprt_stops_on_a_block_boundary_and_prints_the_verdict() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let run = |threads: &str| {
        let out = tmp.path().join(format!("sprt-{threads}"));
        let o = out.to_str().unwrap().to_string();
        let args = [
            "tournament",
            "--map",
            "maps/usa.toml",
            "--players",
            "2",
            "--bots",
            "greedy:eps=0.05,greedy:eps=0.2",
            "--sprt",
            "0,50",
            "--games",
            "1e6",
            "--seed",
            "3",
            "--out",
            &o,
            "-q",
            "--threads",
            threads,
        ];
        let run = ttr(&args);
        assert!(run.status.success(), "{}", stderr(&run));
        (String::from_utf8_lossy(&run.stdout).into_owned(), out)
    };
    let (text, out) = run("1");
    assert!(text.contains("LLR:") && text.contains("H1 accepted"), "{text}");
    let blocks: u64 = rows(&out.join("blocks.csv")).iter().map(|r| r["blocks"].parse::<u64>().unwrap()).sum();
    assert!(blocks < 1000, "eps 0.05 is far stronger than eps 0.2: {blocks} blocks");
    assert!(text.contains(&format!("Games: {}", 2 * blocks)), "{text}");
    // The test stops at the same block whatever the thread count.
    let (text2, out2) = run("2");
    let line = |t: &str| t.lines().next().unwrap_or_default().to_string();
    assert_eq!(line(&text), line(&text2));
    assert_eq!(fs::read(out.join("blocks.csv")).unwrap(), fs::read(out2.join("blocks.csv")).unwrap());
}
