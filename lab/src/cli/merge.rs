//! `ttr merge`: join the shard directories of one run into the files of the whole run.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use ttr::Map;

use super::simulate::{summary, write_error, SimulateCounters};
use super::CliError;
use crate::atomic_file::AtomicFile;
use crate::export;
use crate::report::{Report, RunInfo};
use crate::shard::{self, read_shards, ShardDir};
use crate::Tally;

/// The raw arguments of `ttr merge`.
#[derive(Args, Debug)]
#[command(after_help = "\
Every shard directory (written by `ttr simulate --shard I/N` or `ttr tournament --shard I/N`)
holds counters.json: the run's identity and the integer counters of its part. `ttr merge`
checks that the directories are the shards 0 to N-1 of one run, each exactly once, sums the
counters and writes every file of the whole run, byte for byte what one unsharded run writes
(but for run.json's command and timing fields: see results/README.md). Nothing is written
when a check fails.

Examples:
  ttr merge shards/0 shards/1 shards/2 shards/3 --out results/usa-4p
  ttr merge shards/* --out results/usa-4p --record results/usa-4p.jsonl
  ttr merge shards/* --out results/tournament-usa")]
pub struct MergeArgs {
    /// The shard directories, in any order.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Output directory for the merged run.
    #[arg(long)]
    pub out: PathBuf,
    /// Also join the shards' game records (`ttr simulate --shard I/N --record FILE`), read
    /// from the paths the shards were given, into this file: the record of the whole run.
    #[arg(long, value_name = "FILE.jsonl")]
    pub record: Option<PathBuf>,
}

/// Runs `ttr merge`.
pub fn run(args: &MergeArgs, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let shards = read_shards(&args.dirs)?;
    if let Some(s) = shards.iter().find(|s| same_dir(&s.dir, &args.out)) {
        return Err(format!(
            "--out {}: this is shard {}; give the merged run its own directory",
            args.out.display(),
            s.file.shard
        )
        .into());
    }
    let counters_file = shards[0].dir.join(shard::COUNTERS_FILE);
    match shards[0].file.run.command.as_str() {
        "simulate" => merge_simulate(&shards, &args.out, args.record.as_deref(), stdout),
        "tournament" if args.record.is_some() => {
            Err(format!("--record: {} is a tournament, which keeps no game records", counters_file.display()).into())
        }
        "tournament" => crate::tournament::cli::merge(&shards, &args.out, stdout),
        other => {
            Err(format!("{}: shards of `{other}`, which this program cannot merge", counters_file.display()).into())
        }
    }
}

/// Whether `a` and `b` name the same existing directory.
fn same_dir(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Merges `simulate` shards (checked by [`read_shards`] to be the shards `0..N` of one run,
/// in order): checks each shard's counters, `games.csv` and (with `record`) game record,
/// then writes the files of the whole run with the writers of `ttr simulate`: the game rows
/// and record lines copied in shard order, the counters summed. Nothing is written when a
/// check fails.
fn merge_simulate(
    shards: &[ShardDir<serde_json::Value>],
    out: &Path,
    record: Option<&Path>,
    stdout: &mut impl Write,
) -> Result<ExitCode, CliError> {
    let first = &shards[0].file;
    let map_file = PathBuf::from(&first.map_file);
    let map = Map::from_toml(&first.map_toml, &map_file)?;
    let names = &first.run.bots;
    let mut header = Vec::new();
    export::games::write_header_row(&mut header, names.len(), map.provisional).map_err(write_error(out))?;
    let mut total = Report::empty_stats(&map, names);
    let mut records = Vec::new();
    for s in shards {
        let counters_path = s.dir.join(shard::COUNTERS_FILE);
        let counters: SimulateCounters = s.counters()?;
        let expected = s.file.shard.range(s.file.run.games);
        if s.file.played != expected || counters.stats.games != expected.end - expected.start {
            return Err(format!(
                "{}: shard {} of {} games should count the games {expected:?}, it counts {} games in {:?}",
                counters_path.display(),
                s.file.shard,
                s.file.run.games,
                counters.stats.games,
                s.file.played
            )
            .into());
        }
        let games = s.dir.join("games.csv");
        let rows = count_lines_after(&games, |first| first == header.as_slice())?
            .ok_or_else(|| format!("{}: the header is not the one of this run's games.csv", games.display()))?;
        if rows != counters.stats.games {
            return Err(
                format!("{}: holds {rows} games, its counters {}", games.display(), counters.stats.games).into()
            );
        }
        total.merge(&counters.stats).map_err(|e| format!("{}: {e}", counters_path.display()))?;
        if record.is_some() {
            records.push(check_record(s, counters.record, records.first())?);
        }
    }
    let mut report = Report::create(out, &map, names).map_err(write_error(out))?;
    for s in shards {
        report.append_game_rows(lines_after_first(&s.dir.join("games.csv"))?).map_err(write_error(out))?;
    }
    report.merge_stats(&total)?;
    let record_file = match record {
        Some(path) => Some(join_records(&records, path)?),
        None => None,
    };
    let tallies: Vec<(String, Tally)> =
        report.distinct_bots().iter().cloned().zip(report.stats().bots.iter().copied()).collect();
    let command: Vec<String> = std::env::args().collect();
    let shard_wall_seconds: Vec<f64> = shards.iter().map(|s| s.file.timing.wall_seconds).collect();
    let info = RunInfo {
        command: &command,
        seed: first.run.seed,
        map_file: &map_file,
        map_sha256: first.run.map_sha256.clone(),
        threads: shards.iter().map(|s| s.file.timing.threads).sum(),
        wall_seconds: shard_wall_seconds.iter().sum(),
        shard: None,
        shard_wall_seconds,
        decision_times: &[],
    };
    report.finish(&info).map_err(write_error(out))?;
    if let (Some(file), Some(path)) = (record_file, record) {
        file.commit().map_err(write_error(path))?;
        writeln!(stdout, "wrote the game record {}", path.display()).map_err(CliError::Stdout)?;
    }
    writeln!(
        stdout,
        "merged {} shards: {} games of {} ({} players), {:.2} s of shard wall time",
        shards.len(),
        total.games,
        map.name,
        names.len(),
        info.wall_seconds
    )
    .map_err(CliError::Stdout)?;
    summary(&tallies, out, stdout).map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}

/// A shard's game record, checked: its path, header line and every-K.
struct ShardRecord {
    path: PathBuf,
    header: Vec<u8>,
    every: u64,
}

/// Checks the game record of shard `s` (`record`: its path and every-K, from its counters
/// file) against the first shard's: same header, same K, and one line per kept game of the
/// shard's range.
fn check_record(
    s: &ShardDir<serde_json::Value>,
    record: Option<(String, u64)>,
    first: Option<&ShardRecord>,
) -> Result<ShardRecord, CliError> {
    let Some((path, every)) = record else {
        return Err(format!("--record: {} wrote no game record (no --record)", s.dir.display()).into());
    };
    let path = PathBuf::from(path);
    let mut header = Vec::new();
    let lines = count_lines_after(&path, |line| {
        header = line.to_vec();
        first.is_none_or(|f| f.header == line)
    })?
    .ok_or_else(|| {
        format!(
            "{}: the header differs from the one of {}",
            path.display(),
            first.map_or(String::new(), |f| f.path.display().to_string())
        )
    })?;
    if let Some(f) = first.filter(|f| f.every != every) {
        return Err(format!(
            "{}: keeps every {every}-th game, {} every {}-th",
            path.display(),
            f.path.display(),
            f.every
        )
        .into());
    }
    let range = &s.file.played;
    let kept = range.end.div_ceil(every) - range.start.div_ceil(every);
    if lines != kept {
        return Err(format!("{}: holds {lines} games, shard {} keeps {kept}", path.display(), s.file.shard).into());
    }
    Ok(ShardRecord { path, header, every })
}

/// Writes the record of the whole run under a temporary name: the header, then every
/// shard's games in shard order; the caller commits it.
fn join_records(records: &[ShardRecord], path: &Path) -> Result<AtomicFile, CliError> {
    let mut file = AtomicFile::create(path).map_err(write_error(path))?;
    file.writer().write_all(&records[0].header).map_err(write_error(path))?;
    for r in records {
        std::io::copy(&mut lines_after_first(&r.path)?, file.writer()).map_err(write_error(path))?;
    }
    file.flush().map_err(write_error(path))?;
    Ok(file)
}

/// Counts the complete lines of `path` after the first, if `first_ok` accepts the first
/// line (with its newline); `None` if it refuses it. A last line without its newline is an
/// error (a file cut short).
fn count_lines_after(path: &Path, first_ok: impl FnOnce(&[u8]) -> bool) -> Result<Option<u64>, CliError> {
    let read = |source| CliError::Read { path: path.to_path_buf(), source };
    let mut file = BufReader::new(File::open(path).map_err(read)?);
    let mut line = Vec::new();
    file.read_until(b'\n', &mut line).map_err(read)?;
    if !first_ok(&line) {
        return Ok(None);
    }
    let mut lines = 0u64;
    line.clear();
    while file.read_until(b'\n', &mut line).map_err(read)? > 0 {
        if line.last() != Some(&b'\n') {
            return Err(format!("{}: the last line is cut short", path.display()).into());
        }
        lines += 1;
        line.clear();
    }
    Ok(Some(lines))
}

/// `path` opened and read past its first line.
fn lines_after_first(path: &Path) -> Result<BufReader<File>, CliError> {
    let read = |source| CliError::Read { path: path.to_path_buf(), source };
    let mut file = BufReader::new(File::open(path).map_err(read)?);
    file.read_until(b'\n', &mut Vec::new()).map_err(read)?;
    Ok(file)
}
