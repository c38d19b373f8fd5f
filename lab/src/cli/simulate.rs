//! `ttr simulate`: play many seeded games between bots and write CSV statistics.

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use clap::Args;
use serde::{Deserialize, Serialize};
use ttr::Map;
use ttr_bots::BotSpec;

use super::{parse_count, progress_bar, CliError};
use crate::atomic_file::AtomicFile;
use crate::record_file::RecordWriter;
use crate::report::{Report, RunInfo};
use crate::shard::{self, CountersFile, RunIdentity, Shard, Timing};
use crate::timing::{self, DecisionClock};
use crate::{RunEnd, RunError, RunPlan, RunStats, Tally};

/// The raw arguments of `ttr simulate`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  ttr simulate --map maps/usa.toml --players 4 --bots random --games 10000
  ttr simulate --map maps/nordic.toml --players 3 --bots greedy,hungry,mcts:iters=500 \\
      --games 1e3 --seed 7 --out results/nordic-3p --record games.jsonl --record-every 100
  # One of 8 shards of a big run (e.g. a Slurm array task), then `ttr merge` once all are done:
  ttr simulate --map maps/usa.toml --players 4 --bots greedy --games 1e6 \\
      --shard $SLURM_ARRAY_TASK_ID/8 --out shards/$SLURM_ARRAY_TASK_ID
  ttr merge shards/* --out results/usa-4p
  # Watch game 968 of a 1000-game run (e.g. listed in outliers.csv): play it alone, replay it:
  ttr simulate --map maps/usa.toml --players 4 --bots random --games 1000 --seed 7 \\
      --shard 968/1000 --record one.jsonl --out /tmp/one -q
  ttr replay one.jsonl --game 968
  # Win rate and seconds per decision of a search bot from the same games:
  ttr simulate --map maps/nordic.toml --players 3 --bots mcts,greedy,greedy --games 1000 \\
      --seed 51 --threads 1 --time-decisions")]
pub struct SimulateArgs {
    /// The map, players, bots, games, seed and threads.
    #[command(flatten)]
    pub play: PlayArgs,
    /// Output directory (default: `results/<map>-<players>p`).
    #[arg(long, help = "Output directory [default: results/<map>-<players>p]")]
    pub out: Option<PathBuf>,
    /// Write a replayable game record (JSON Lines, format `ttr-record` v1) to this file.
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
    /// With --record: keep every K-th game (games 0, K, 2K, ...).
    #[arg(long, value_name = "K", default_value = "1", value_parser = parse_count, requires = "record")]
    pub record_every: u64,
    /// Play only shard I of N (0-based, 0 <= I < N): the games [I*G/N, (I+1)*G/N) of the G
    /// games of the whole run, the very games the whole run plays there. Writes
    /// counters.json besides the usual files; `ttr merge` joins the N shard directories.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
    /// Time every decision of every bot on its thread's CPU clock and report, per bot, the
    /// seconds per decision (median, 90th and 99th percentiles, longest, mean) on stdout and in
    /// run.json, with where the longest was taken (the game's index, the seat, the bot's
    /// decision in that game). A bot that watches the other seats' decisions (`mcts:model=1`)
    /// has the time it spent on them added to its next decision. The games and the CSV files
    /// are the same as without it. Reading the clock costs about half a microsecond a decision.
    #[arg(long)]
    pub time_decisions: bool,
}

/// What a batch of games plays: the arguments `ttr simulate` and `ttr sweep` share.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    /// Map file (TOML), e.g. maps/usa.toml.
    #[arg(long)]
    pub map: PathBuf,
    /// Players per game (within the map's range).
    #[arg(long)]
    pub players: usize,
    /// Bot specs, one per seat or one for all, comma-separated: `random`, `random,random`.
    /// Seats rotate from game to game so every bot sits in every seat equally often.
    /// `ttr bots` lists the bots and their parameters.
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Number of games (a sweep plays this many per setting); accepts 1000000, 1_000_000 or 1e6.
    #[arg(long, default_value = "1000", value_parser = parse_count)]
    pub games: u64,
    /// Master seed: the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads that play games [default: all cores]; the statistics are taken meanwhile on
    /// the main thread.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// A validated simulation: the map read, hashed and checked once, the bots parsed, the
/// player count within the map's range.
#[derive(Debug)]
pub struct SimulateConfig {
    /// The map.
    pub map: Map,
    /// The map file as given.
    pub map_file: PathBuf,
    /// SHA-256 of the map file's bytes, hex.
    pub map_sha256: String,
    /// Players per game.
    pub players: usize,
    /// One bot per seat.
    pub bots: Vec<BotSpec>,
    /// Number of games.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Output directory.
    pub out: PathBuf,
    /// Worker threads.
    pub threads: usize,
    /// Whether to hide the progress bar.
    pub quiet: bool,
    /// The game record to write, and every how many games to keep one.
    pub record: Option<(PathBuf, u64)>,
    /// The shard to play, if only one.
    pub shard: Option<Shard>,
    /// Whether to time every decision ([`SimulateArgs::time_decisions`]).
    pub time_decisions: bool,
    /// The map file's text (kept in a shard's counters file).
    pub map_toml: String,
}

impl SimulateConfig {
    /// Reads and checks everything the arguments name, before any game is played.
    pub fn from_args(args: &SimulateArgs) -> Result<SimulateConfig, CliError> {
        let text = std::fs::read_to_string(&args.play.map)
            .map_err(|source| CliError::Read { path: args.play.map.clone(), source })?;
        let map = Map::from_toml(&text, &args.play.map)?;
        let map_sha256 = shard::sha256_hex(&text);
        let [lo, hi] = map.rules.players;
        if args.play.players < usize::from(lo) || args.play.players > usize::from(hi) {
            return Err(CliError::Players { players: args.play.players, map: map.name.clone(), lo, hi });
        }
        let bots = BotSpec::parse_lineup(&args.play.bots, args.play.players)?;
        let out = args
            .out
            .clone()
            .unwrap_or_else(|| Path::new("results").join(format!("{}-{}p", map.name, args.play.players)));
        Ok(SimulateConfig {
            map_file: args.play.map.clone(),
            map_sha256,
            players: args.play.players,
            bots,
            games: args.play.games,
            seed: args.play.seed,
            out,
            threads: args.play.threads.map_or_else(rayon::current_num_threads, usize::from),
            quiet: args.play.quiet,
            record: args.record.clone().map(|path| (path, args.record_every)),
            shard: args.shard,
            time_decisions: args.time_decisions,
            map_toml: text,
            map,
        })
    }
}

/// Runs a simulation: plays the games, writes the files, prints a summary to `stdout`.
/// Exits 130, writing no files, when interrupted by Ctrl-C.
pub fn run(config: &SimulateConfig, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let map = &config.map;
    let names: Vec<String> = config.bots.iter().map(|s| s.as_str().to_string()).collect();
    if map.provisional {
        eprintln!(
            "warning: {} holds provisional data (see the map file); results are marked provisional",
            config.map_file.display()
        );
    }
    let out = &config.out;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(config.threads).build()?;
    let mut report = Report::create(out, map, &names).map_err(write_error(out))?;
    let mut record = match &config.record {
        Some((path, _)) => Some(RecordWriter::create(path, map, &names).map_err(write_error(path))?),
        None => None,
    };
    let cancel = interrupted();

    let games = config.shard.map_or(0..config.games, |s| s.range(config.games));
    let bar = progress_bar(games.end - games.start, config.quiet);
    let record_every = config.record.as_ref().map_or(0, |(_, every)| *every);
    let plan = RunPlan { map, players: config.players, games: games.clone(), seed: config.seed, record_every };
    let clock = DecisionClock::new(config.bots.len(), config.time_decisions);
    let make_bot =
        |bot: usize, _seat: ttr::Seat, game: u64, seed: u64| clock.time(bot, Some(game), config.bots[bot].build(seed));
    let progress = |n: u64| bar.inc(n);
    let started = Instant::now();
    let ended = plan.run(&pool, &make_bot, &progress, cancel, |chunk| {
        report.add(chunk)?;
        record.as_mut().map_or(Ok(()), |r| r.add(chunk))
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
        Err(RunError::Game { index, seed, error }) => return Err(CliError::Game { index, seed, error }),
        Err(RunError::Sink(e)) => return Err(write_error(out)(e)),
    }
    let tallies: Vec<(String, Tally)> =
        report.distinct_bots().iter().cloned().zip(report.stats().bots.iter().copied()).collect();
    let played = report.stats().games;
    let decision_times = clock.by_spec(&names);
    let command: Vec<String> = std::env::args().collect();
    let info = RunInfo {
        command: &command,
        seed: config.seed,
        map_file: &config.map_file,
        map_sha256: config.map_sha256.clone(),
        threads: config.threads,
        wall_seconds: wall,
        shard: config.shard,
        shard_wall_seconds: Vec::new(),
        decision_times: &decision_times,
    };
    let counters = match config.shard {
        Some(shard) => Some(write_counters(config, &names, shard, games, &info, report.stats())?),
        None => None,
    };
    report.finish(&info).map_err(write_error(out))?;
    if let Some(file) = counters {
        file.commit().map_err(write_error(out))?;
    }
    if let (Some(r), Some((path, _))) = (record, &config.record) {
        r.commit().map_err(write_error(path))?;
        writeln!(stdout, "wrote the game record {}", path.display()).map_err(CliError::Stdout)?;
    }
    let shard = config.shard.map_or(String::new(), |s| format!(" (shard {s} of {} games)", config.games));
    let rate = played as f64 / wall;
    // Slow bots (search) play a few games a second: show enough digits to compare runs.
    let digits = if rate < 100.0 { 2 } else { 0 };
    writeln!(
        stdout,
        "{played} games{shard} of {} ({} players) in {wall:.2} s on {} threads: {rate:.digits$} games/s",
        map.name, config.players, config.threads
    )
    .map_err(CliError::Stdout)?;
    timing::write_summary(&decision_times, stdout).map_err(CliError::Stdout)?;
    summary(&tallies, out, stdout).map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}

/// The flag that Ctrl-C sets, its handler installed once per process, so that every run
/// of the process stops on it (`ttr sweep` plays several).
fn interrupted() -> &'static AtomicBool {
    static FLAG: AtomicBool = AtomicBool::new(false);
    static HANDLER: std::sync::Once = std::sync::Once::new();
    HANDLER.call_once(|| {
        let _ = ctrlc::set_handler(|| FLAG.store(true, Ordering::Relaxed));
    });
    &FLAG
}

/// The counters of a `simulate` shard, as its counters file holds them.
#[derive(Debug, Serialize, Deserialize)]
pub struct SimulateCounters {
    /// The game record the shard wrote (`--record`), as given, and every how many games it
    /// keeps one (`--record-every`).
    pub record: Option<(String, u64)>,
    /// The counters of the statistics.
    pub stats: RunStats,
}

/// Writes a shard's counters file under its temporary name: the caller commits it once the
/// other files are in place, so a shard directory with `counters.json` is complete.
fn write_counters(
    config: &SimulateConfig,
    names: &[String],
    shard: Shard,
    played: Range<u64>,
    info: &RunInfo<'_>,
    stats: &RunStats,
) -> Result<AtomicFile, CliError> {
    let file = CountersFile {
        format: shard::FORMAT.into(),
        version: shard::VERSION,
        run: RunIdentity {
            command: "simulate".into(),
            version: concat!("ttr ", env!("CARGO_PKG_VERSION")).into(),
            map_name: config.map.name.clone(),
            map_sha256: config.map_sha256.clone(),
            players: vec![config.players],
            bots: names.to_vec(),
            seed: config.seed,
            games: config.games,
            settings: Vec::new(),
        },
        shard,
        played,
        timing: Timing { command: info.command.to_vec(), threads: info.threads, wall_seconds: info.wall_seconds },
        map_file: config.map_file.display().to_string(),
        map_toml: config.map_toml.clone(),
        counters: SimulateCounters {
            record: config.record.as_ref().map(|(path, every)| (path.display().to_string(), *every)),
            stats: stats.clone(),
        },
    };
    let path = config.out.join(shard::COUNTERS_FILE);
    let mut out = AtomicFile::create(&path).map_err(write_error(&path))?;
    file.write(out.writer()).and_then(|()| out.flush()).map_err(write_error(&path))?;
    Ok(out)
}

/// Prints each bot's line and where the files are.
pub(crate) fn summary(tallies: &[(String, Tally)], out: &Path, w: &mut impl Write) -> std::io::Result<()> {
    for (spec, t) in tallies {
        let (lo, hi) = t.win_rate_interval();
        writeln!(
            w,
            "  {spec:<24} win rate {:.4} [{lo:.4}, {hi:.4}]  draws {}  mean score {:.1}  mean rank {:.2}",
            t.win_rate(),
            t.draws,
            t.mean_score(),
            t.mean_rank()
        )?;
    }
    writeln!(
        w,
        "wrote {}/ (games, bots, seats, matchups, tickets, routes, cities, scores, arc, outliers .csv; run.json)",
        out.display()
    )
}

/// A write error on `path`, as a [`CliError::Write`].
pub(crate) fn write_error(path: &Path) -> impl FnOnce(std::io::Error) -> CliError {
    let path = path.to_path_buf();
    move |source| CliError::Write { path, source }
}
