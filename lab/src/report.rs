//! The files of a run: the CSV files (one exporter each, in [`crate::export`]; column
//! reference: `results/README.md`) and `run.json`. Every file is written under a temporary
//! name and renamed only when the whole run is complete.

use std::io::{self, Write};
use std::path::Path;

use ttr::Map;

use crate::atomic_file::AtomicFile;
use crate::export::arc::ArcRow;
use crate::export::bots::BotRow;
use crate::export::cities::CityRow;
use crate::export::games::RowWriter;
use crate::export::matchups::MatchupRow;
use crate::export::outliers::OutlierRow;
use crate::export::routes::RouteRow;
use crate::export::scores::ScoreRow;
use crate::export::seats::SeatRow;
use crate::export::tickets::TicketRow;
use crate::export::{self, Row};
use crate::shard::Shard;
use crate::stats::RunStats;
use crate::timing::DecisionSeconds;
use crate::GameOutcome;

/// What `run.json` records so that a result can be reproduced.
pub struct RunInfo<'a> {
    /// The command line.
    pub command: &'a [String],
    /// Master seed.
    pub seed: u64,
    /// The map file as given.
    pub map_file: &'a Path,
    /// SHA-256 of the map file's bytes, hex.
    pub map_sha256: String,
    /// Worker threads.
    pub threads: usize,
    /// Wall time of the run in seconds; for shards merged by `ttr merge`, the sum of the
    /// shards' wall times.
    pub wall_seconds: f64,
    /// `Some` in the directory of one shard (`--shard I/N`): written as `"shard": "I/N"`.
    pub shard: Option<Shard>,
    /// For shards merged by `ttr merge`, each shard's wall time in shard order, written as
    /// `shard_wall_seconds`; empty (and not written) otherwise.
    pub shard_wall_seconds: Vec<f64>,
    /// Seconds per decision of each distinct bot spec, when the run timed its decisions
    /// (`ttr simulate --time-decisions`), written as `decision_seconds`; empty (and not
    /// written) otherwise.
    pub decision_times: &'a [DecisionSeconds],
}

/// The files of a run in progress.
pub struct Report<'a> {
    dir: &'a Path,
    map: &'a Map,
    /// Bot spec per runner bot index (one per seat).
    specs: &'a [String],
    /// Distinct bot specs, in order of first appearance.
    distinct: Vec<String>,
    games: AtomicFile,
    rows: RowWriter,
    stats: RunStats,
}

impl<'a> Report<'a> {
    /// Creates the output directory if needed and opens `games.csv` under a temporary name,
    /// so an unwritable destination is reported before any game is played.
    pub fn create(dir: &'a Path, map: &'a Map, specs: &'a [String]) -> io::Result<Report<'a>> {
        std::fs::create_dir_all(dir)?;
        let mut games = AtomicFile::create(&dir.join("games.csv"))?;
        export::games::write_header_row(games.writer(), specs.len(), map.provisional)?;
        let distinct = distinct_specs(specs);
        let stats = Report::empty_stats(map, specs);
        let rows = RowWriter::new(specs, map.provisional);
        Ok(Report { dir, map, specs, distinct, games, rows, stats })
    }

    /// The counters of a run of no games, with `specs[i]` the spec of the runner's bot `i`.
    #[must_use]
    pub fn empty_stats(map: &Map, specs: &[String]) -> RunStats {
        let distinct = distinct_specs(specs);
        let bot_of = specs.iter().map(|s| distinct.iter().position(|d| d == s).expect("listed")).collect();
        RunStats::new(map, specs.len(), bot_of, distinct.len())
    }

    /// Adds finished games, in game order.
    pub fn add(&mut self, outcomes: &[GameOutcome]) -> io::Result<()> {
        // Each game's row and counters in one visit, with the next game on its way to this
        // core's cache meanwhile: the games were played on other cores, and reading them was
        // most of this work's time (docs/performance.md).
        for (k, o) in outcomes.iter().enumerate() {
            if let Some(next) = outcomes.get(k + 1) {
                prefetch(next);
            }
            self.rows.push(o);
            self.stats.add(self.map, o);
        }
        self.rows.write(self.games.writer())
    }

    /// Appends rows of `games.csv` written by a shard of this run (its file without the
    /// header line), for games that follow those already written.
    pub fn append_game_rows(&mut self, mut rows: impl io::Read) -> io::Result<()> {
        io::copy(&mut rows, self.games.writer()).map(|_| ())
    }

    /// Adds the counters of games that the rows written so far hold but that were not
    /// counted here (the counters of shards, merged); refuses counters of another shape.
    pub fn merge_stats(&mut self, stats: &RunStats) -> Result<(), String> {
        self.stats.merge(stats)
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> &RunStats {
        &self.stats
    }

    /// Distinct bot specs, in the order of [`RunStats::bots`].
    #[must_use]
    pub fn distinct_bots(&self) -> &[String] {
        &self.distinct
    }

    /// Writes every summary file and `run.json`, then moves all files to their final names.
    pub fn finish(mut self, info: &RunInfo<'_>) -> io::Result<()> {
        let mut files = Vec::new();
        for (name, write) in [
            (BotRow::FILE, Report::write_bots as fn(&Report<'a>, &mut dyn Write) -> io::Result<()>),
            (SeatRow::FILE, Report::write_seats),
            (MatchupRow::FILE, Report::write_matchups),
            (TicketRow::FILE, Report::write_tickets),
            (RouteRow::FILE, Report::write_routes),
            (CityRow::FILE, Report::write_cities),
            (ScoreRow::FILE, Report::write_scores),
            (ArcRow::FILE, Report::write_arc),
            (OutlierRow::FILE, Report::write_outliers),
        ] {
            let mut file = AtomicFile::create(&self.dir.join(name))?;
            write(&self, file.writer())?;
            file.flush()?;
            files.push(file);
        }
        let mut run = AtomicFile::create(&self.dir.join("run.json"))?;
        self.write_run(run.writer(), info)?;
        run.flush()?;
        files.push(run);
        self.games.flush()?;
        self.games.commit()?;
        for file in files {
            file.commit()?;
        }
        Ok(())
    }

    fn write_bots(&self, w: &mut dyn Write) -> io::Result<()> {
        let p = self.map.provisional;
        let rows = self.distinct.iter().zip(&self.stats.bots).map(|(name, t)| BotRow::new(name, t, p));
        export::write_rows(w, p, rows)
    }

    fn write_seats(&self, w: &mut dyn Write) -> io::Result<()> {
        let p = self.map.provisional;
        let rows = self.stats.seats.iter().enumerate().map(|(s, t)| SeatRow::new(s, t, p));
        export::write_rows(w, p, rows)
    }

    fn write_matchups(&self, w: &mut dyn Write) -> io::Result<()> {
        let p = self.map.provisional;
        let rows = self.stats.matchups.iter().enumerate().flat_map(|(a, row)| {
            row.iter()
                .enumerate()
                .filter(move |(b, _)| *b != a)
                .map(move |(b, m)| MatchupRow::new(&self.distinct[a], &self.distinct[b], m, p))
        });
        export::write_rows(w, p, rows)
    }

    fn write_tickets(&self, w: &mut dyn Write) -> io::Result<()> {
        let rows = (0..self.map.tickets().len()).flat_map(|t| TicketRow::pair(self.map, t, &self.stats));
        export::write_rows(w, self.map.provisional, rows)
    }

    fn write_routes(&self, w: &mut dyn Write) -> io::Result<()> {
        let (games, base) = (self.stats.games, self.stats.base_win_rate());
        let rows = self.stats.routes.iter().enumerate().map(|(r, k)| RouteRow::new(self.map, r, &k, games, base));
        export::write_rows(w, self.map.provisional, rows)
    }

    fn write_cities(&self, w: &mut dyn Write) -> io::Result<()> {
        let games = self.stats.games;
        let rows = self.stats.cities.iter().enumerate().map(|(c, k)| CityRow::new(self.map, c, k, games));
        export::write_rows(w, self.map.provisional, rows)
    }

    fn write_scores(&self, w: &mut dyn Write) -> io::Result<()> {
        let p = self.map.provisional;
        export::write_rows(w, p, ScoreRow::all(&self.stats.distributions, p))
    }

    fn write_arc(&self, w: &mut dyn Write) -> io::Result<()> {
        let (p, games) = (self.map.provisional, self.stats.games);
        let rows = self.stats.arc.iter().enumerate().map(|(r, k)| ArcRow::new(r, k, games, p));
        export::write_rows(w, p, rows)
    }

    fn write_outliers(&self, w: &mut dyn Write) -> io::Result<()> {
        let p = self.map.provisional;
        let rows =
            self.stats.outliers.rows().into_iter().map(|(kind, rank, note)| OutlierRow::new(kind, rank, note, p));
        export::write_rows(w, p, rows)
    }

    fn write_run(&self, w: &mut dyn Write, info: &RunInfo<'_>) -> io::Result<()> {
        let mut run = serde_json::json!({
            "command": info.command,
            "seed": info.seed,
            "map": info.map_file.display().to_string(),
            "map_name": self.map.name,
            "map_sha256": info.map_sha256,
            "players": self.specs.len(),
            "bots": self.specs,
            "games": self.stats.games,
            "threads": info.threads,
            "wall_seconds": info.wall_seconds,
            "games_per_second": self.stats.games as f64 / info.wall_seconds.max(1e-9),
            "version": concat!("ttr ", env!("CARGO_PKG_VERSION")),
            "provisional": self.map.provisional,
        });
        if let Some(shard) = info.shard {
            run["shard"] = shard.to_string().into();
        }
        if !info.shard_wall_seconds.is_empty() {
            run["shard_wall_seconds"] = info.shard_wall_seconds.clone().into();
        }
        if !info.decision_times.is_empty() {
            run["decision_seconds"] = serde_json::to_value(info.decision_times)?;
        }
        serde_json::to_writer_pretty(&mut *w, &run)?;
        writeln!(w)
    }
}

/// Asks the processor to start loading the bytes of `value` into this core's caches, ahead
/// of their use. A hint only: it reads and changes nothing, and is left out on processors
/// other than x86-64.
#[inline]
fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let start = std::ptr::from_ref(value).cast::<i8>();
        for offset in (0..size_of::<T>()).step_by(64) {
            // SAFETY: a prefetch never faults, whatever the address, and SSE, which it needs,
            // is part of every x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
        }
    }
}

/// Distinct bot specs, in order of first appearance.
fn distinct_specs(specs: &[String]) -> Vec<String> {
    let mut distinct: Vec<String> = Vec::new();
    for spec in specs {
        if !distinct.contains(spec) {
            distinct.push(spec.clone());
        }
    }
    distinct
}
