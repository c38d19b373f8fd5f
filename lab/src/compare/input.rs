//! One side of a comparison: the files of a results directory of `ttr simulate`, read by
//! column name (columns added later are ignored), and the check that two sides are
//! comparable.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::export::bots::BotRow;
use crate::export::routes::RouteRow;
use crate::export::scores::ScoreRow;
use crate::export::seats::SeatRow;
use crate::export::tickets::TicketRow;
use crate::export::Table;

/// What a comparison needs of `run.json`.
#[derive(Debug, Deserialize)]
pub struct RunJson {
    /// The map's name.
    pub map_name: String,
    /// Players per game.
    pub players: usize,
    /// One bot spec per seat, as given to `--bots`.
    pub bots: Vec<String>,
    /// Games played.
    pub games: u64,
}

/// The files of one results directory that a comparison reads.
pub struct Side {
    /// The directory.
    pub dir: PathBuf,
    /// Its `run.json`.
    pub run: RunJson,
    /// `bots.csv`.
    pub bots: Vec<BotRow>,
    /// `seats.csv`.
    pub seats: Vec<SeatRow>,
    /// `tickets.csv`.
    pub tickets: Vec<TicketRow>,
    /// `routes.csv`.
    pub routes: Vec<RouteRow>,
    /// `scores.csv`.
    pub scores: Vec<ScoreRow>,
}

impl Side {
    /// Reads the results directory `dir`; the error is one sentence naming the directory or
    /// file (and line) and the problem.
    pub fn read(dir: &Path) -> Result<Side, String> {
        if !dir.is_dir() {
            return Err(format!("{}: not a directory", dir.display()));
        }
        let path = dir.join("run.json");
        let text = std::fs::read_to_string(&path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!("{}: not a results directory of `ttr simulate` (no run.json)", dir.display())
            }
            _ => format!("{}: cannot read the file: {e}", path.display()),
        })?;
        let run: RunJson = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Side {
            run,
            bots: Table::<BotRow>::require(dir)?.rows().to_vec(),
            seats: Table::<SeatRow>::require(dir)?.rows().to_vec(),
            tickets: Table::<TicketRow>::require(dir)?.rows().to_vec(),
            routes: Table::<RouteRow>::require(dir)?.rows().to_vec(),
            scores: Table::<ScoreRow>::require(dir)?.rows().to_vec(),
            dir: dir.to_path_buf(),
        })
    }

    /// Why `self` and `other` cannot be compared, if they cannot: they must have been
    /// played by the same bots in the same order, at the same player count.
    #[must_use]
    pub fn incomparable(&self, other: &Side) -> Option<String> {
        let (a, b) = (&self.run, &other.run);
        let names = format!("{} and {}", self.dir.display(), other.dir.display());
        if a.players != b.players {
            return Some(format!("{names} are not comparable: {} against {} players", a.players, b.players));
        }
        if a.bots != b.bots {
            return Some(format!("{names} are not comparable: bots {} against {}", a.bots.join(","), b.bots.join(",")));
        }
        None
    }
}
