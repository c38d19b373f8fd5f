//! `ttr tournament`: raw flags, their validation into a [`Plan`], the run, the files.

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use ttr::Map;
use ttr_bots::BotSpec;

use super::analysis::{analyse, AnalysisOptions, Ladder, Scope};
use super::counts::Counters;
use super::output::{self, CounterRows, CsvFile};
use super::schedule::{run_blocks, RunStop, Stage, CHUNK};
use super::sprt::{Sprt, SprtParams, Verdict};
use super::TournamentError;
use crate::atomic_file::AtomicFile;
use crate::cli::{parse_count, progress_bar, CliError};
use crate::shard::{self, CountersFile, RunIdentity, Shard, ShardDir, Timing};
use crate::timing::{self, DecisionClock, DecisionSeconds};

/// Flags of `ttr tournament`.
#[derive(clap::Args, Clone, Debug, Default)]
#[command(after_help = "\
Examples:
  ttr tournament --map maps/usa.toml --players 2..4 --bots greedy,random,hungry,mcts:iters=50 --games 6000
  ttr tournament --map maps/usa.toml --players 2 --bots mcts:iters=100,mcts:iters=50 --sprt 0,30 --games 20000
  # Shard I of 16 (e.g. $SLURM_ARRAY_TASK_ID), then one merge of the 16 directories:
  ttr tournament --map maps/usa.toml --players 2..3 --bots greedy,random,hungry --games 1e6 \\
      --shard $I/16 --out shards/$I
  ttr merge shards/* --out results/tournament-usa")]
pub struct TournamentArgs {
    /// Map file (TOML), e.g. maps/usa.toml.
    #[arg(long, required = true)]
    pub map: Option<PathBuf>,
    /// Players per game: one count (`3`) or an inclusive range (`2..4`).
    #[arg(long, default_value = "2")]
    pub players: String,
    /// Distinct bot specs, comma-separated, at least as many as players:
    /// `random,greedy,greedy:eps=0.2`. The first is the anchor unless --anchor is given.
    #[arg(long, required = true)]
    pub bots: Option<String>,
    /// Games in all, shared equally among the player counts and rounded up to whole cycles
    /// of lineups; with --sprt, the most games to play. Accepts 60000, 60_000 or 6e4.
    #[arg(long, default_value = "1000", value_parser = parse_count)]
    pub games: u64,
    /// Master seed of the deals, the bots and the bootstrap.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output directory (default: `results/tournament-<map>`).
    #[arg(long, help = "Output directory [default: results/tournament-<map>]")]
    pub out: Option<PathBuf>,
    /// The bot rated 0 [default: the first of --bots].
    #[arg(long)]
    pub anchor: Option<String>,
    /// Bootstrap replicates for the intervals.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(20..))]
    pub bootstrap: u64,
    /// A/B test of two bots: `ELO0,ELO1`. Plays duplicate blocks until the SPRT decides
    /// (H1: the first bot is at least ELO1 stronger; H0: at most ELO0), or --games run out.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// SPRT false-positive rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// SPRT false-negative rate.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
    /// Play only shard I of N (0-based, 0 <= I < N): the blocks [I*B/N, (I+1)*B/N) of the B
    /// duplicate blocks of the whole tournament (all player counts in turn). Writes
    /// counters.json besides the usual files; `ttr merge` joins the N shard directories.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse, allow_hyphen_values = true, conflicts_with = "sprt")]
    pub shard: Option<Shard>,
    /// Worker threads [default: all cores].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Time every decision of every bot on its thread's CPU clock and report, per bot, the
    /// seconds per decision (median, 90th and 99th percentiles, longest, mean) on stdout and in
    /// tournament.json. The games and the ratings are the same as without it.
    #[arg(long)]
    pub time_decisions: bool,
}

/// Parses `--players`: `3` or `2..4` (inclusive).
pub fn parse_players(text: &str) -> Result<Vec<usize>, TournamentError> {
    let bad = || TournamentError::Usage(format!("--players {text:?}: give a count (3) or an inclusive range (2..4)"));
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => {
            (a.trim().parse().map_err(|_| bad())?, b.trim_start_matches('=').trim().parse().map_err(|_| bad())?)
        }
        None => {
            let k: usize = text.trim().parse().map_err(|_| bad())?;
            (k, k)
        }
    };
    if lo > hi || lo == 0 {
        return Err(bad());
    }
    Ok((lo..=hi).collect())
}

/// Parses `--sprt ELO0,ELO1`.
pub fn parse_sprt(text: &str, alpha: f64, beta: f64) -> Result<SprtParams, TournamentError> {
    let bad = |why: &str| TournamentError::Usage(format!("--sprt {text:?}: {why}"));
    let (a, b) = text.split_once(',').ok_or_else(|| bad("give two Elo values, ELO0,ELO1 (e.g. 0,20)"))?;
    let elo0: f64 = a.trim().parse().map_err(|_| bad("ELO0 is not a number"))?;
    let elo1: f64 = b.trim().parse().map_err(|_| bad("ELO1 is not a number"))?;
    if !(elo0.is_finite() && elo1.is_finite()) || elo0 >= elo1 {
        return Err(bad("ELO0 must be below ELO1"));
    }
    if elo0.abs() >= 800.0 || elo1.abs() >= 800.0 {
        return Err(bad("Elo values must be within +-800"));
    }
    for (name, x) in [("--alpha", alpha), ("--beta", beta)] {
        if !(x > 0.0 && x < 0.5) {
            return Err(TournamentError::Usage(format!("{name} {x}: must be above 0 and below 0.5")));
        }
    }
    Ok(SprtParams { elo0, elo1, alpha, beta })
}

/// The run description kept in `tournament.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunInfo {
    /// Always `ttr-tournament`.
    pub format: String,
    /// The command line.
    pub command: Vec<String>,
    /// Map name.
    pub map: String,
    /// Map file.
    pub map_file: String,
    /// Bot specs, in list order.
    pub bots: Vec<String>,
    /// Player counts.
    pub players: Vec<usize>,
    /// The anchor bot.
    pub anchor: String,
    /// Master seed.
    pub seed: u64,
    /// Bootstrap replicates.
    pub bootstrap: u64,
    /// Games played.
    pub games: u64,
    /// Blocks played.
    pub blocks: u64,
    /// `I/N` when this is one shard.
    pub shard: Option<String>,
    /// The SPRT line, when the run was a test.
    pub sprt: Option<String>,
    /// Worker threads.
    pub threads: usize,
    /// Wall time in seconds; for shards merged by `ttr merge`, the sum of their wall times.
    pub wall_seconds: f64,
    /// For shards merged by `ttr merge`, each shard's wall time in shard order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shard_wall_seconds: Vec<f64>,
    /// Seconds per decision of each bot, when the run timed them (`--time-decisions`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decision_seconds: Vec<DecisionSeconds>,
    /// Program version.
    pub version: String,
}

/// A validated tournament.
pub struct Plan {
    map: Map,
    map_file: PathBuf,
    map_toml: String,
    map_sha256: String,
    specs: Vec<BotSpec>,
    names: Vec<String>,
    players: Vec<usize>,
    anchor: usize,
    sprt: Option<SprtParams>,
    shard: Option<Shard>,
}

/// Checks the flags of a playing run, reporting the first problem.
pub fn plan(args: &TournamentArgs) -> Result<Plan, TournamentError> {
    let map_file = args.map.clone().ok_or_else(|| TournamentError::Usage("--map is required".into()))?;
    let list = args.bots.clone().ok_or_else(|| TournamentError::Usage("--bots is required".into()))?;
    let specs: Vec<BotSpec> = list.split(',').map(BotSpec::parse).collect::<Result<_, _>>()?;
    let names: Vec<String> = specs.iter().map(|s| s.as_str().to_string()).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(TournamentError::Usage(format!("--bots lists {n:?} twice; give distinct bots")));
        }
    }
    let players = parse_players(&args.players)?;
    let map_toml = std::fs::read_to_string(&map_file).map_err(|e| TournamentError::BadFile {
        path: map_file.clone(),
        reason: format!("cannot read the file: {e}"),
    })?;
    let map = Map::from_toml(&map_toml, &map_file)?;
    let map_sha256 = shard::sha256_hex(&map_toml);
    let [lo, hi] = map.rules.players;
    for &k in &players {
        if k < usize::from(lo) || k > usize::from(hi) {
            return Err(TournamentError::Usage(format!(
                "--players {}: {} is for {lo} to {hi} players",
                args.players, map.name
            )));
        }
        if k > names.len() {
            return Err(TournamentError::Usage(format!(
                "--players {}: {k}-player games need {k} distinct bots, and --bots lists {}",
                args.players,
                names.len()
            )));
        }
    }
    let anchor = match &args.anchor {
        None => 0,
        Some(a) => names.iter().position(|n| n == a).ok_or_else(|| {
            TournamentError::Usage(format!("--anchor {a:?} is not among --bots ({})", names.join(", ")))
        })?,
    };
    let sprt = match &args.sprt {
        None => None,
        Some(text) => {
            let params = parse_sprt(text, args.alpha, args.beta)?;
            if names.len() != 2 || players != [2] {
                return Err(TournamentError::Usage(format!(
                    "--sprt compares two bots in 2-player games; got {} bots and --players {}",
                    names.len(),
                    args.players
                )));
            }
            Some(params)
        }
    };
    Ok(Plan { map, map_file, map_toml, map_sha256, specs, names, players, anchor, sprt, shard: args.shard })
}

/// The stages of a tournament of about `games` games of `players` players among `bots`
/// bots: the games shared equally among the player counts; an SPRT (one player count)
/// plans `games` games, which it may stop short of.
fn stages(bots: usize, players: &[usize], games: u64, sprt: bool) -> Vec<Stage> {
    players
        .iter()
        .map(|&k| {
            let mut stage = Stage::new(bots, k, games.div_ceil(players.len() as u64));
            if sprt {
                stage.blocks = games.div_ceil(k as u64);
            }
            stage
        })
        .collect()
}

/// The results of a played tournament, before writing.
pub struct Played {
    /// The counters.
    pub counters: Counters,
    /// The test, when it was one.
    pub sprt: Option<Sprt>,
}

/// Plays `plan`'s blocks on the current rayon pool, every bot wrapped by `clock`.
pub fn play(
    plan: &Plan,
    games: u64,
    seed: u64,
    quiet: bool,
    clock: &DecisionClock,
    cancel: &AtomicBool,
) -> Result<Played, TournamentError> {
    let stages = stages(plan.names.len(), &plan.players, games, plan.sprt.is_some());
    let mine = plan.shard.map_or(0..u64::MAX, |s| s.range(stages.iter().map(|s| s.blocks).sum()));
    // The whole run's blocks are the stages' blocks one stage after the other.
    let mut first = 0;
    let parts: Vec<Range<u64>> = stages
        .iter()
        .map(|stage| {
            let part = mine.start.clamp(first, first + stage.blocks) - first
                ..mine.end.clamp(first, first + stage.blocks) - first;
            first += stage.blocks;
            part
        })
        .collect();
    let total: u64 = stages.iter().zip(&parts).map(|(s, p)| (p.end - p.start) * s.players as u64).sum();
    let bar = progress_bar(total, quiet);
    let progress = |n: u64| bar.inc(n);
    let make_bot = |bot: usize, seed: u64| clock.time(bot, None, plan.specs[bot].build(seed));
    let mut counters = Counters::default();
    let mut sprt = plan.sprt.map(Sprt::new);
    for (stage, part) in stages.iter().zip(parts) {
        // A stop rule is checked after every block: play few blocks ahead of it.
        let chunk = if plan.sprt.is_some() { 2 * rayon::current_num_threads() as u64 } else { CHUNK };
        let stop = run_blocks(stage, &plan.map, seed, part, chunk, &make_bot, &progress, cancel, |block| {
            counters.add(block);
            match &mut sprt {
                Some(test) => {
                    let r = block.pattern.ranks(0);
                    let r1 = block.pattern.ranks(1);
                    let half = |a: u8, b: u8| usize::from(a < b) * 2 + usize::from(a == b);
                    test.add(half(r[0], r[1]) + half(r1[0], r1[1])) == Verdict::Inconclusive
                }
                None => true,
            }
        })?;
        if let RunStop::Cancelled(done) = stop {
            bar.finish_and_clear();
            return Err(TournamentError::Interrupted(done));
        }
    }
    bar.finish_and_clear();
    Ok(Played { counters, sprt })
}

/// Analyses `counters` and writes every file of a tournament directory.
pub fn write_dir(
    out: &Path,
    counters: &Counters,
    names: &[String],
    anchor: usize,
    bootstrap: u64,
    seed: u64,
    info: &RunInfo,
) -> Result<Vec<Ladder>, TournamentError> {
    let options = AnalysisOptions { bots: names.len(), anchor, replicates: bootstrap, seed };
    let ladders = analyse(counters, &options);
    std::fs::create_dir_all(out).map_err(|e| TournamentError::Write { path: out.to_path_buf(), source: e })?;
    let (blocks, scores) = output::counter_rows(counters, names);
    let files = [
        ("ratings.csv", CsvFile::write(&out.join("ratings.csv"), &output::rating_rows(&ladders, names, anchor), &[])?),
        ("pairs.csv", CsvFile::write(&out.join("pairs.csv"), &output::pair_rows(&ladders, names), &[])?),
        ("seats.csv", CsvFile::write(&out.join("seats.csv"), &output::seat_rows(&ladders), &[])?),
        ("blocks.csv", CsvFile::write(&out.join("blocks.csv"), &blocks, &[])?),
        ("lineup_scores.csv", CsvFile::write(&out.join("lineup_scores.csv"), &scores, &[])?),
    ];
    let json_path = out.join("tournament.json");
    let mut json =
        AtomicFile::create(&json_path).map_err(|e| TournamentError::Write { path: json_path.clone(), source: e })?;
    serde_json::to_writer_pretty(json.writer(), info)
        .map_err(|e| TournamentError::Write { path: json_path.clone(), source: e.into() })?;
    for (name, file) in files {
        file.commit(&out.join(name))?;
    }
    json.commit().map_err(|e| TournamentError::Write { path: json_path, source: e })?;
    Ok(ladders)
}

/// Runs `ttr tournament`: prints the ladders (or the SPRT line) and writes the directory.
pub fn tournament(args: &TournamentArgs, stdout: &mut impl Write) -> Result<ExitCode, TournamentError> {
    let plan = plan(args)?;
    if plan.map.provisional {
        eprintln!("warning: {} holds provisional data (see the map file)", plan.map_file.display());
    }
    let out = args.out.clone().unwrap_or_else(|| Path::new("results").join(format!("tournament-{}", plan.map.name)));
    let threads = args.threads.map_or_else(rayon::current_num_threads, usize::from);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| TournamentError::Usage(format!("cannot start threads: {e}")))?;
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    let clock = DecisionClock::new(plan.names.len(), args.time_decisions);
    let started = Instant::now();
    let played = pool.install(|| play(&plan, args.games, args.seed, args.quiet, &clock, &cancel))?;
    let info = RunInfo {
        format: "ttr-tournament".into(),
        command: std::env::args().collect(),
        map: plan.map.name.clone(),
        map_file: plan.map_file.display().to_string(),
        bots: plan.names.clone(),
        players: plan.players.clone(),
        anchor: plan.names[plan.anchor].clone(),
        seed: args.seed,
        bootstrap: args.bootstrap,
        games: played.counters.games(),
        blocks: played.counters.blocks(),
        shard: args.shard.map(|s| s.to_string()),
        sprt: played.sprt.map(|s| s.to_string()),
        threads,
        wall_seconds: started.elapsed().as_secs_f64(),
        shard_wall_seconds: Vec::new(),
        decision_seconds: clock.by_spec(&plan.names),
        version: env!("CARGO_PKG_VERSION").into(),
    };
    let counters = match plan.shard {
        Some(shard) => Some(write_counters(&plan, args, shard, &played.counters, &info, &out)?),
        None => None,
    };
    let ladders =
        pool.install(|| write_dir(&out, &played.counters, &plan.names, plan.anchor, args.bootstrap, args.seed, &info))?;
    if let Some(file) = counters {
        let path = out.join(shard::COUNTERS_FILE);
        file.commit().map_err(|e| TournamentError::Write { path, source: e })?;
    }
    if let Some(test) = &played.sprt {
        writeln!(stdout, "{} vs {}: {test}", plan.names[0], plan.names[1]).map_err(TournamentError::Stdout)?;
    } else {
        print_ladders(&ladders, &plan.names, plan.anchor, stdout)?;
    }
    timing::write_summary(&info.decision_seconds, stdout).map_err(TournamentError::Stdout)?;
    writeln!(
        stdout,
        "{} games ({} blocks) of {} in {:.1} s on {threads} threads; wrote {}/ (ratings, pairs, seats, blocks, lineup_scores .csv; tournament.json)",
        info.games,
        info.blocks,
        plan.map.name,
        info.wall_seconds,
        out.display()
    ).map_err(TournamentError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints each ladder with its intervals and the seat terms.
pub fn print_ladders(
    ladders: &[Ladder],
    names: &[String],
    anchor: usize,
    stdout: &mut impl Write,
) -> Result<(), TournamentError> {
    for l in ladders {
        let title = match l.scope {
            Scope::Players(k) => format!("{k} players"),
            Scope::All => "all player counts".to_string(),
        };
        writeln!(stdout, "{title}: Elo (anchor {} = 0) with 95% intervals", names[anchor])
            .map_err(TournamentError::Stdout)?;
        for (k, b) in l.bots.iter().enumerate() {
            let los = b.los_next.map_or(String::new(), |x| format!("LOS {x:.3}"));
            writeln!(
        stdout,
                "  {:>2}. {:<24} {:>7.1} [{:>7.1}, {:>7.1}]  {los:<9}  win {:.3} [{:.3}, {:.3}]  rank {:.2}  score {:.1}",
                k + 1,
                names[b.bot],
                b.elo.value,
                b.elo.lo,
                b.elo.hi,
                b.win_rate.value,
                b.win_rate.lo,
                b.win_rate.hi,
                b.mean_rank.value,
                b.mean_score.value
            ).map_err(TournamentError::Stdout)?;
        }
        if let Scope::Players(_) = l.scope {
            let seats: Vec<String> = l
                .seats
                .iter()
                .map(|s| format!("seat {} {:+.1} [{:+.1}, {:+.1}]", s.seat, s.elo.value, s.elo.lo, s.elo.hi))
                .collect();
            writeln!(stdout, "  seat terms (Elo vs the average seat): {}", seats.join("; "))
                .map_err(TournamentError::Stdout)?;
        }
    }
    Ok(())
}

/// The anchor and bootstrap settings of a tournament, as kept in its run identity.
fn settings(anchor: &str, bootstrap: u64) -> Vec<String> {
    vec![format!("anchor={anchor}"), format!("bootstrap={bootstrap}")]
}

/// Writes a shard's counters file under its temporary name, for the caller to commit after
/// the other files (so a shard directory with `counters.json` is complete).
fn write_counters(
    plan: &Plan,
    args: &TournamentArgs,
    shard: Shard,
    counters: &Counters,
    info: &RunInfo,
    out: &Path,
) -> Result<AtomicFile, TournamentError> {
    let path = out.join(shard::COUNTERS_FILE);
    let write = |source| TournamentError::Write { path: path.clone(), source };
    let stages = stages(plan.names.len(), &plan.players, args.games, false);
    let file = CountersFile {
        format: shard::FORMAT.into(),
        version: shard::VERSION,
        run: RunIdentity {
            command: "tournament".into(),
            version: concat!("ttr ", env!("CARGO_PKG_VERSION")).into(),
            map_name: plan.map.name.clone(),
            map_sha256: plan.map_sha256.clone(),
            players: plan.players.clone(),
            bots: plan.names.clone(),
            seed: args.seed,
            games: args.games,
            settings: settings(&info.anchor, args.bootstrap),
        },
        shard,
        played: shard.range(stages.iter().map(|s| s.blocks).sum()),
        timing: Timing { command: info.command.clone(), threads: info.threads, wall_seconds: info.wall_seconds },
        map_file: plan.map_file.display().to_string(),
        map_toml: plan.map_toml.clone(),
        counters: CounterRows::new(counters, &plan.names),
    };
    std::fs::create_dir_all(out).map_err(|e| TournamentError::Write { path: out.to_path_buf(), source: e })?;
    let mut atomic = AtomicFile::create(&path).map_err(write)?;
    file.write(atomic.writer()).and_then(|()| atomic.flush()).map_err(write)?;
    Ok(atomic)
}

/// `ttr merge` of tournament shards (checked by [`shard::read_shards`] to be the shards
/// `0..N` of one run, in order): sums their counters and writes the directory of the whole
/// tournament with [`write_dir`], like `ttr tournament`. Nothing is written when a shard's
/// counters do not hold the blocks its range says.
pub fn merge(
    shards: &[ShardDir<serde_json::Value>],
    out: &Path,
    stdout: &mut impl Write,
) -> Result<ExitCode, CliError> {
    let first = &shards[0].file;
    let run = &first.run;
    let bad = |s: &ShardDir<serde_json::Value>, reason: String| {
        CliError::Message(format!("{}: {reason}", s.dir.join(shard::COUNTERS_FILE).display()))
    };
    let anchor = run.setting("anchor").and_then(|a| run.bots.iter().position(|b| b == a));
    let bootstrap = run.setting("bootstrap").and_then(|n| n.parse::<u64>().ok());
    let (Some(anchor), Some(bootstrap)) = (anchor, bootstrap) else {
        return Err(bad(&shards[0], format!("bad settings {:?}", run.settings)));
    };
    let stages = stages(run.bots.len(), &run.players, run.games, false);
    let blocks: u64 = stages.iter().map(|s| s.blocks).sum();
    let mut counters = Counters::default();
    for s in shards {
        let rows: CounterRows = s.counters()?;
        let theirs = rows
            .counters(&run.bots, &s.dir.join(shard::COUNTERS_FILE))
            .map_err(|e| CliError::Message(e.to_string()))?;
        let expected = s.file.shard.range(blocks);
        if s.file.played != expected || theirs.blocks() != expected.end - expected.start {
            return Err(bad(
                s,
                format!(
                    "shard {} of {blocks} blocks should count the blocks {expected:?}, it counts {} blocks in {:?}",
                    s.file.shard,
                    theirs.blocks(),
                    s.file.played
                ),
            ));
        }
        counters.merge(&theirs);
    }
    let shard_wall_seconds: Vec<f64> = shards.iter().map(|s| s.file.timing.wall_seconds).collect();
    let info = RunInfo {
        format: "ttr-tournament".into(),
        command: std::env::args().collect(),
        map: run.map_name.clone(),
        map_file: first.map_file.clone(),
        bots: run.bots.clone(),
        players: run.players.clone(),
        anchor: run.bots[anchor].clone(),
        seed: run.seed,
        bootstrap,
        games: counters.games(),
        blocks: counters.blocks(),
        shard: None,
        sprt: None,
        threads: shards.iter().map(|s| s.file.timing.threads).sum(),
        wall_seconds: shard_wall_seconds.iter().sum(),
        shard_wall_seconds,
        decision_seconds: Vec::new(),
        version: env!("CARGO_PKG_VERSION").into(),
    };
    let message = |e: TournamentError| match e {
        TournamentError::Stdout(e) => CliError::Stdout(e),
        e => CliError::Message(e.to_string()),
    };
    let ladders = write_dir(out, &counters, &run.bots, anchor, bootstrap, run.seed, &info).map_err(message)?;
    print_ladders(&ladders, &run.bots, anchor, stdout).map_err(message)?;
    writeln!(
        stdout,
        "merged {} shards: {} games ({} blocks) of {}, {:.1} s of shard wall time; wrote {}/",
        shards.len(),
        info.games,
        info.blocks,
        run.map_name,
        info.wall_seconds,
        out.display()
    )
    .map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}
