//! The tournament's files: one serde row struct per CSV file, written with the `csv` crate
//! under a temporary name and renamed when complete.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::analysis::{Estimate, Ladder};
use super::counts::{Counters, Pattern};
use super::TournamentError;
use crate::atomic_file::AtomicFile;

/// A row of `ratings.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingRow {
    /// Player count of the fit, or `all`.
    pub players: String,
    /// Place in the ladder (1 = strongest).
    pub place: u32,
    /// Bot spec.
    pub bot: String,
    /// Whether this bot is the anchor (rating 0).
    pub anchor: bool,
    /// Rating (Elo scale).
    pub elo: String,
    /// 95% interval of `elo`.
    pub elo_lo: String,
    /// See `elo_lo`.
    pub elo_hi: String,
    /// Likelihood of superiority over the next bot of the ladder (empty for the last).
    pub los_next: String,
    /// Games played.
    pub games: u64,
    /// Wins, a shared win counting its share.
    pub wins: String,
    /// `wins / games`, with its interval.
    pub win_rate: String,
    /// See `win_rate`.
    pub win_rate_lo: String,
    /// See `win_rate`.
    pub win_rate_hi: String,
    /// Mean rank, with its interval.
    pub mean_rank: String,
    /// See `mean_rank`.
    pub mean_rank_lo: String,
    /// See `mean_rank`.
    pub mean_rank_hi: String,
    /// Mean score, with its interval.
    pub mean_score: String,
    /// See `mean_score`.
    pub mean_score_lo: String,
    /// See `mean_score`.
    pub mean_score_hi: String,
}

/// A row of `pairs.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairRow {
    /// Player count, or `all`.
    pub players: String,
    /// The bot.
    pub bot: String,
    /// The opponent.
    pub opponent: String,
    /// Games in which both played.
    pub games: u64,
    /// Games `bot` finished ahead.
    pub ahead: u64,
    /// Games it finished behind.
    pub behind: u64,
    /// Games with equal ranks.
    pub level: u64,
    /// `(ahead + level / 2) / games`, with its interval.
    pub score: String,
    /// See `score`.
    pub score_lo: String,
    /// See `score`.
    pub score_hi: String,
    /// Fitted rating difference, with its interval.
    pub elo_diff: String,
    /// See `elo_diff`.
    pub elo_diff_lo: String,
    /// See `elo_diff`.
    pub elo_diff_hi: String,
}

/// A row of `seats.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRow {
    /// Player count.
    pub players: u8,
    /// Seat (0 moves first).
    pub seat: u8,
    /// Games.
    pub games: u64,
    /// Wins, a shared win counting its share.
    pub wins: String,
    /// `wins / games`, with its interval.
    pub win_rate: String,
    /// See `win_rate`.
    pub win_rate_lo: String,
    /// See `win_rate`.
    pub win_rate_hi: String,
    /// Mean rank, with its interval.
    pub mean_rank: String,
    /// See `mean_rank`.
    pub mean_rank_lo: String,
    /// See `mean_rank`.
    pub mean_rank_hi: String,
    /// Mean score, with its interval.
    pub mean_score: String,
    /// See `mean_score`.
    pub mean_score_lo: String,
    /// See `mean_score`.
    pub mean_score_hi: String,
    /// Seat term (Elo scale, relative to the average seat), with its interval.
    pub seat_elo: String,
    /// See `seat_elo`.
    pub seat_elo_lo: String,
    /// See `seat_elo`.
    pub seat_elo_hi: String,
}

/// A row of `blocks.csv`: the counters the figures are computed from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockRow {
    /// Player count.
    pub players: u8,
    /// The lineup: bot specs in list order, `|`-separated.
    pub lineup: String,
    /// Ranks by rotation (`/`-separated) and lineup position.
    pub pattern: String,
    /// Blocks with this outcome.
    pub blocks: u64,
}

/// A row of `lineup_scores.csv`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupScoreRow {
    /// Player count.
    pub players: u8,
    /// The lineup, as in `blocks.csv`.
    pub lineup: String,
    /// Rotation (seat `s` holds position `(s + rotation) % players`).
    pub rotation: u8,
    /// Lineup position.
    pub position: u8,
    /// Games (the lineup's blocks).
    pub games: u64,
    /// Sum of final scores.
    pub score_sum: i64,
    /// Sum of squared final scores.
    pub score_sq_sum: i64,
}

fn fixed(x: f64, places: usize) -> String {
    if x.is_finite() {
        format!("{x:.places$}")
    } else {
        String::new()
    }
}

fn triple(e: Estimate, places: usize) -> [String; 3] {
    [fixed(e.value, places), fixed(e.lo, places), fixed(e.hi, places)]
}

/// Rows of `ratings.csv`.
#[must_use]
pub fn rating_rows(ladders: &[Ladder], names: &[String], anchor: usize) -> Vec<RatingRow> {
    let mut rows = Vec::new();
    for l in ladders {
        for (k, b) in l.bots.iter().enumerate() {
            let [elo, elo_lo, elo_hi] = triple(b.elo, 1);
            let [win_rate, win_rate_lo, win_rate_hi] = triple(b.win_rate, 6);
            let [mean_rank, mean_rank_lo, mean_rank_hi] = triple(b.mean_rank, 4);
            let [mean_score, mean_score_lo, mean_score_hi] = triple(b.mean_score, 4);
            rows.push(RatingRow {
                players: l.scope.label(),
                place: k as u32 + 1,
                bot: names[b.bot].clone(),
                anchor: b.bot == anchor,
                elo,
                elo_lo,
                elo_hi,
                los_next: b.los_next.map_or(String::new(), |x| fixed(x, 4)),
                games: b.games,
                wins: fixed(b.wins, 2),
                win_rate,
                win_rate_lo,
                win_rate_hi,
                mean_rank,
                mean_rank_lo,
                mean_rank_hi,
                mean_score,
                mean_score_lo,
                mean_score_hi,
            });
        }
    }
    rows
}

/// Rows of `pairs.csv`.
#[must_use]
pub fn pair_rows(ladders: &[Ladder], names: &[String]) -> Vec<PairRow> {
    let mut rows = Vec::new();
    for l in ladders {
        for p in &l.pairs {
            let [score, score_lo, score_hi] = triple(p.score, 6);
            let [elo_diff, elo_diff_lo, elo_diff_hi] = triple(p.elo_diff, 1);
            rows.push(PairRow {
                players: l.scope.label(),
                bot: names[p.bot].clone(),
                opponent: names[p.opponent].clone(),
                games: p.games,
                ahead: p.ahead,
                behind: p.behind,
                level: p.level,
                score,
                score_lo,
                score_hi,
                elo_diff,
                elo_diff_lo,
                elo_diff_hi,
            });
        }
    }
    rows
}

/// Rows of `seats.csv` (from the per-player-count ladders only).
#[must_use]
pub fn seat_rows(ladders: &[Ladder]) -> Vec<SeatRow> {
    let mut rows = Vec::new();
    for l in ladders.iter().filter(|l| matches!(l.scope, super::analysis::Scope::Players(_))) {
        for s in &l.seats {
            let [win_rate, win_rate_lo, win_rate_hi] = triple(s.win_rate, 6);
            let [mean_rank, mean_rank_lo, mean_rank_hi] = triple(s.mean_rank, 4);
            let [mean_score, mean_score_lo, mean_score_hi] = triple(s.mean_score, 4);
            let [seat_elo, seat_elo_lo, seat_elo_hi] = triple(s.elo, 1);
            rows.push(SeatRow {
                players: s.players,
                seat: s.seat,
                games: s.games,
                wins: fixed(s.wins, 2),
                win_rate,
                win_rate_lo,
                win_rate_hi,
                mean_rank,
                mean_rank_lo,
                mean_rank_hi,
                mean_score,
                mean_score_lo,
                mean_score_hi,
                seat_elo,
                seat_elo_lo,
                seat_elo_hi,
            });
        }
    }
    rows
}

/// The lineup's text form.
#[must_use]
pub fn lineup_text(lineup: &[u16], names: &[String]) -> String {
    lineup.iter().map(|&b| names[usize::from(b)].as_str()).collect::<Vec<_>>().join("|")
}

/// Rows of `blocks.csv` and `lineup_scores.csv`.
#[must_use]
pub fn counter_rows(counters: &Counters, names: &[String]) -> (Vec<BlockRow>, Vec<LineupScoreRow>) {
    let mut blocks = Vec::new();
    let mut scores = Vec::new();
    for ((k, lineup), stratum) in &counters.strata {
        let text = lineup_text(lineup, names);
        for (pattern, &n) in &stratum.patterns {
            blocks.push(BlockRow { players: *k, lineup: text.clone(), pattern: pattern.to_string(), blocks: n });
        }
        let games = stratum.blocks();
        for r in 0..usize::from(*k) {
            for p in 0..usize::from(*k) {
                scores.push(LineupScoreRow {
                    players: *k,
                    lineup: text.clone(),
                    rotation: r as u8,
                    position: p as u8,
                    games,
                    score_sum: stratum.score_sum[r][p],
                    score_sq_sum: stratum.score_sq[r][p],
                });
            }
        }
    }
    (blocks, scores)
}

/// The counters of a tournament as rows: what a shard's counters file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterRows {
    /// The rows of `blocks.csv`.
    pub blocks: Vec<BlockRow>,
    /// The rows of `lineup_scores.csv`.
    pub lineup_scores: Vec<LineupScoreRow>,
}

impl CounterRows {
    /// The rows of `counters`.
    #[must_use]
    pub fn new(counters: &Counters, names: &[String]) -> CounterRows {
        let (blocks, lineup_scores) = counter_rows(counters, names);
        CounterRows { blocks, lineup_scores }
    }

    /// Reads the counters back; `file` names the file they came from in errors.
    pub fn counters(&self, names: &[String], file: &Path) -> Result<Counters, TournamentError> {
        let bad = |reason: String| TournamentError::BadFile { path: file.to_path_buf(), reason };
        let index = |lineup: &str| -> Result<Vec<u16>, TournamentError> {
            lineup
                .split('|')
                .map(|b| {
                    names
                        .iter()
                        .position(|n| n == b)
                        .map(|i| i as u16)
                        .ok_or_else(|| bad(format!("lineup {lineup:?} names {b:?}, which is not among the bots")))
                })
                .collect()
        };
        let mut counters = Counters::default();
        for row in &self.blocks {
            let lineup = index(&row.lineup)?;
            let pattern = Pattern::parse(&row.pattern)
                .filter(|p| p.players() == usize::from(row.players) && lineup.len() == p.players())
                .ok_or_else(|| bad(format!("bad pattern {:?} for {} players", row.pattern, row.players)))?;
            let stratum = counters.strata.entry((row.players, lineup)).or_default();
            *stratum.patterns.entry(pattern).or_insert(0) += row.blocks;
        }
        for row in &self.lineup_scores {
            let lineup = index(&row.lineup)?;
            let (r, p) = (usize::from(row.rotation), usize::from(row.position));
            if r >= usize::from(row.players) || p >= usize::from(row.players) {
                return Err(bad("rotation or position out of range".into()));
            }
            let stratum = counters.strata.entry((row.players, lineup)).or_default();
            stratum.score_sum[r][p] += row.score_sum;
            stratum.score_sq[r][p] += row.score_sq_sum;
        }
        Ok(counters)
    }
}

/// Reads every row of a CSV file.
pub fn read_rows<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<T>, TournamentError> {
    let bad = |e: csv::Error| TournamentError::BadFile { path: path.to_path_buf(), reason: e.to_string() };
    let mut reader = csv::Reader::from_path(path).map_err(bad)?;
    reader.deserialize().collect::<Result<Vec<T>, _>>().map_err(bad)
}

/// A CSV file under construction: complete rows go to a temporary file, renamed by `commit`.
pub struct CsvFile {
    file: AtomicFile,
}

impl CsvFile {
    /// Writes `rows` (with a header, even when empty) to a temporary sibling of `path`.
    pub fn write<T: Serialize>(path: &Path, rows: &[T], header: &[&str]) -> Result<CsvFile, TournamentError> {
        let io = |e: std::io::Error| TournamentError::Write { path: path.to_path_buf(), source: e };
        let mut file = AtomicFile::create(path).map_err(io)?;
        {
            let csv_err = |e: csv::Error| TournamentError::Write { path: path.to_path_buf(), source: e.into() };
            let mut writer = csv::WriterBuilder::new().has_headers(!rows.is_empty()).from_writer(file.writer());
            if rows.is_empty() {
                writer.write_record(header).map_err(csv_err)?;
            }
            for row in rows {
                writer.serialize(row).map_err(csv_err)?;
            }
            writer.flush().map_err(io)?;
        }
        Ok(CsvFile { file })
    }

    /// Renames the file into place.
    pub fn commit(self, path: &Path) -> Result<(), TournamentError> {
        self.file.commit().map_err(|e| TournamentError::Write { path: path.to_path_buf(), source: e })
    }
}
