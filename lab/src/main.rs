//! `ttr`: simulate Ticket to Ride games between bots and write CSV statistics.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sha2::{Digest, Sha256};
use ttr::Map;
use ttr_bots::BotSpec;
use ttr_lab::record_file::{RecordFile, RecordWriter};
use ttr_lab::replay_text::narrate;
use ttr_lab::report::{Report, RunInfo};
use ttr_lab::{RunEnd, RunError, RunPlan};

/// Ticket to Ride self-play simulator and strategy lab.
#[derive(Parser)]
#[command(name = "ttr", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play many seeded games between bots and write CSV statistics.
    Simulate(SimulateArgs),
    /// Rebuild recorded games from their events, check them against the rules, and print one.
    Replay(ReplayArgs),
    /// Turn a results directory into one self-contained HTML page with plots.
    Report(ReportArgs),
    /// Rate many bots on a schedule of duplicate blocks, or decide an A/B question by SPRT.
    Tournament(ttr_lab::tournament::TournamentArgs),
    /// Design destination tickets.
    Tickets {
        #[command(subcommand)]
        command: TicketsCommand,
    },
    /// Work with map files.
    Maps {
        #[command(subcommand)]
        command: MapsCommand,
    },
}

#[derive(Subcommand)]
enum MapsCommand {
    /// Validate map files and print a one-line summary of each.
    Check {
        /// Map files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Args)]
struct SimulateArgs {
    /// Map file (TOML), e.g. maps/usa.toml.
    #[arg(long)]
    map: PathBuf,
    /// Players per game (within the map's range).
    #[arg(long)]
    players: usize,
    /// Bot specs, one per seat or one for all, comma-separated: `random`, `random,random`.
    /// Seats rotate from game to game so every bot sits in every seat equally often.
    #[arg(long, default_value = "random")]
    bots: String,
    /// Number of games; accepts 1000000, 1_000_000 or 1e6.
    #[arg(long, default_value = "1000", value_parser = parse_count)]
    games: u64,
    /// Master seed: the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output directory [default: results/<map>-<players>p].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads [default: all cores].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Write a replayable game record (JSON Lines, format `ttr-record` v1) to this file.
    #[arg(long, value_name = "FILE.jsonl")]
    record: Option<PathBuf>,
    /// With --record: keep every K-th game (games 0, K, 2K, ...).
    #[arg(long, value_name = "K", default_value = "1", value_parser = parse_count, requires = "record")]
    record_every: u64,
}

#[derive(Subcommand)]
enum TicketsCommand {
    /// Propose tickets for a board: city pairs spread over it, points from the shortest
    /// path in trains (the published maps' rule). Prints TOML ticket lines to stdout.
    Suggest {
        /// Map file (TOML); its own tickets may be missing or too few.
        #[arg(long)]
        map: PathBuf,
        /// Number of tickets.
        #[arg(long, value_parser = parse_count)]
        count: u64,
        /// Seed of the choice of city pairs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Args)]
struct ReportArgs {
    /// A directory written by `ttr simulate`.
    dir: PathBuf,
    /// The page to write [default: DIR/report.html].
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Args)]
#[command(group = clap::ArgGroup::new("what").required(true).args(["game", "check"]))]
struct ReplayArgs {
    /// A record file written by `ttr simulate --record`.
    file: PathBuf,
    /// Print game N (its `game` index) turn by turn.
    #[arg(long)]
    game: Option<u64>,
    /// Check every game silently; exit non-zero at the first inconsistent event.
    #[arg(long)]
    check: bool,
}

/// Parses a game count written as an integer, with `_` separators, or like `1e6`.
fn parse_count(text: &str) -> Result<u64, String> {
    let clean = text.replace('_', "");
    let value = clean.parse::<u64>().ok().or_else(|| {
        let f = clean.parse::<f64>().ok()?;
        (f.is_finite() && f >= 0.0 && f.fract() == 0.0 && f <= 1e15).then_some(f as u64)
    });
    match value {
        Some(0) => Err("must be at least 1".to_string()),
        Some(n) => Ok(n),
        None => Err(format!("{text:?} is not a whole number of games (e.g. 1000, 1_000_000 or 1e6)")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Simulate(args) => simulate(&args),
        Command::Replay(args) => replay(&args),
        Command::Tournament(args) => ttr_lab::tournament::tournament(&args).map_err(|e| e.to_string()),
        Command::Report(args) if args.dir.join("ratings.csv").is_file() => {
            let out = args.out.clone().unwrap_or_else(|| args.dir.join("report.html"));
            ttr_lab::tournament::report::write_report(&args.dir, &out).map_err(|e| e.to_string()).map(|()| {
                println!("wrote {}", out.display());
                ExitCode::SUCCESS
            })
        }
        Command::Report(args) => {
            let out = args.out.clone().unwrap_or_else(|| args.dir.join("report.html"));
            ttr_lab::html_report::write_report(&args.dir, &out).map(|()| {
                println!("wrote {}", out.display());
                ExitCode::SUCCESS
            })
        }
        Command::Maps { command: MapsCommand::Check { files } } => check_maps(&files),
        Command::Tickets { command: TicketsCommand::Suggest { map, count, seed } } => {
            suggest_tickets(&map, count, seed)
        }
    };
    match outcome {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn suggest_tickets(path: &std::path::Path, count: u64, seed: u64) -> Result<ExitCode, String> {
    let map = Map::load_board(path).map_err(|e| e.to_string())?;
    let fit = &ttr_lab::design::tickets::PUBLISHED;
    let suggestions = ttr_lab::design::tickets::suggest(&map, count as usize, seed, fit);
    eprintln!("{} tickets for {} (seed {seed}); points: {}", suggestions.len(), map.name, fit.describe());
    println!("tickets = [");
    print!("{}", ttr_lab::design::tickets::to_toml(&map, &suggestions));
    println!("]");
    Ok(ExitCode::SUCCESS)
}

fn check_maps(files: &[PathBuf]) -> Result<ExitCode, String> {
    let mut failed = 0;
    for file in files {
        match Map::load(file) {
            Ok(map) => println!("{}: {}", file.display(), map.summary()),
            Err(e) => {
                eprintln!("error: {e}");
                failed += 1;
            }
        }
    }
    if failed > 0 {
        return Err(format!("{failed} of {} map files are invalid", files.len()));
    }
    Ok(ExitCode::SUCCESS)
}

fn simulate(args: &SimulateArgs) -> Result<ExitCode, String> {
    let map = Map::load(&args.map).map_err(|e| e.to_string())?;
    let [lo, hi] = map.rules.players;
    if args.players < usize::from(lo) || args.players > usize::from(hi) {
        return Err(format!("--players {}: {} is for {lo} to {hi} players", args.players, map.name));
    }
    let specs = BotSpec::parse_lineup(&args.bots, args.players).map_err(|e| e.to_string())?;
    let names: Vec<String> = specs.iter().map(|s| s.as_str().to_string()).collect();
    if map.provisional {
        eprintln!(
            "warning: {} holds provisional data (see the map file); results are marked provisional",
            args.map.display()
        );
    }
    let out = args.out.clone().unwrap_or_else(|| Path::new("results").join(format!("{}-{}p", map.name, args.players)));
    let threads = args.threads.map_or_else(rayon::current_num_threads, usize::from);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;

    let map_bytes =
        std::fs::read(&args.map).map_err(|e| format!("{}: cannot read the file: {e}", args.map.display()))?;
    let map_sha256: String = Sha256::digest(&map_bytes).iter().map(|b| format!("{b:02x}")).collect();
    let mut report =
        Report::create(&out, &map, &names).map_err(|e| format!("cannot write to {}: {e}", out.display()))?;
    let mut record = match &args.record {
        Some(path) => Some(
            RecordWriter::create(path, &map, &names).map_err(|e| format!("cannot write to {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    // A second Ctrl-C while stopping falls through to the default (immediate exit).
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));

    let bar = progress_bar(args.games, args.quiet);
    let record_every = if record.is_some() { args.record_every } else { 0 };
    let plan = RunPlan { map: &map, players: args.players, games: args.games, seed: args.seed, record_every };
    let make_bot = |bot: usize, _seat: ttr::Seat, seed: u64| specs[bot].build(seed);
    let progress = |n: u64| bar.inc(n);
    let started = Instant::now();
    let ended = pool.install(|| {
        plan.run(&make_bot, &progress, &cancel, |chunk| {
            report.add(chunk)?;
            record.as_mut().map_or(Ok(()), |r| r.add(chunk))
        })
    });
    let wall = started.elapsed().as_secs_f64();
    bar.finish_and_clear();
    match ended {
        Ok(RunEnd::Complete) => {}
        Ok(RunEnd::Cancelled(done)) => {
            drop(report);
            drop(record);
            eprintln!("interrupted after {done} games: no files were written to {}", out.display());
            return Ok(ExitCode::from(130));
        }
        Err(RunError::Game { index, seed, error }) => {
            return Err(format!("game {index} (seed {seed}) failed: {error}; no files were written"));
        }
        Err(RunError::Sink(e)) => return Err(format!("cannot write to {}: {e}", out.display())),
    }
    let tallies: Vec<(String, ttr_lab::Tally)> =
        report.distinct_bots().iter().cloned().zip(report.stats().bots.iter().copied()).collect();
    let command: Vec<String> = std::env::args().collect();
    let info =
        RunInfo { command: &command, seed: args.seed, map_file: &args.map, map_sha256, threads, wall_seconds: wall };
    report.finish(&info).map_err(|e| format!("cannot write to {}: {e}", out.display()))?;
    if let (Some(r), Some(path)) = (record, &args.record) {
        r.commit().map_err(|e| format!("cannot write to {}: {e}", path.display()))?;
        println!("wrote the game record {}", path.display());
    }

    let rate = args.games as f64 / wall;
    // Slow bots (search) play a few games a second: show enough digits to compare runs.
    let digits = if rate < 100.0 { 2 } else { 0 };
    println!(
        "{} games of {} ({} players) in {:.2} s on {threads} threads: {rate:.digits$} games/s",
        args.games, map.name, args.players, wall
    );
    for (spec, t) in &tallies {
        let (lo, hi) = t.win_rate_interval();
        println!(
            "  {spec:<24} win rate {:.4} [{lo:.4}, {hi:.4}]  draws {}  mean score {:.1}  mean rank {:.2}",
            t.win_rate(),
            t.draws,
            t.mean_score(),
            t.mean_rank()
        );
    }
    println!("wrote {}/ (games, bots, seats, matchups, tickets, routes, cities, scores .csv; run.json)", out.display());
    Ok(ExitCode::SUCCESS)
}

fn replay(args: &ReplayArgs) -> Result<ExitCode, String> {
    let file = RecordFile::read(&args.file)?;
    let mut found = false;
    for k in 0..file.lines.len() {
        let game = file.game(&args.file, k)?;
        if args.game.is_some_and(|n| n != game.game) {
            continue;
        }
        found = true;
        let print = !args.check;
        if print {
            println!("game {} (seed {}), {} players: {}", game.game, game.seed, game.players, game.bots.join(", "));
        }
        let mut on_step = |state: &ttr::GameState<'_>, events: &[ttr::Event]| {
            if print {
                print!("{}", narrate(state, events));
            }
        };
        let end = ttr_lab::record::replay_record(&file.map, &game, &mut on_step)
            .map_err(|e| format!("{}:{}: {e}", args.file.display(), file.lines[k].0))?;
        if print {
            let result = end.result();
            for (s, r) in result.seats().iter().enumerate() {
                println!(
                    "seat {s} ({}): {} points = {} routes + {} tickets - {} failed + {} bonus; longest path {}",
                    game.bots[s],
                    r.score,
                    r.route_points,
                    r.ticket_points_gained,
                    r.ticket_points_lost,
                    r.bonus_points,
                    r.longest_path
                );
            }
            let winners: Vec<String> = result.winners.iter().map(|s| s.0.to_string()).collect();
            println!("end: {}; winner(s): seat {}", result.end.name(), winners.join(", seat "));
        }
    }
    if !found {
        return Err(match args.game {
            Some(n) => format!("{}: no game {n} in this record", args.file.display()),
            None => format!("{}: the record holds no games", args.file.display()),
        });
    }
    if args.check {
        println!(
            "{}: {} games replay consistently with the rules and their results",
            args.file.display(),
            file.lines.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn progress_bar(games: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr_with_hz(4));
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} games  {per_sec}  ETA {eta}",
    )
    .expect("valid template")
    .progress_chars("=> ");
    bar.set_style(style);
    bar
}
