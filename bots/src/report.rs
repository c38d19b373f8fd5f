//! CSV reports of a run: `games.csv` streamed in game order, `bots.csv` and `seats.csv` from
//! integer tallies. Every file is written under a temporary name and renamed when complete.

use std::io::{self, Write};
use std::path::Path;

use ttr::{GameOutcome, Tally, MAX_SEATS};

use crate::atomic_file::AtomicFile;

/// The lineup of a run: the bot spec of each bot index, and the player count.
pub struct Lineup<'a> {
    /// Bot spec strings, by bot index (the runner rotates them over the seats).
    pub specs: &'a [String],
    /// Whether the map's data is provisional (marked in every row).
    pub provisional: bool,
}

/// Files being written into an output directory; nothing appears under its final name until
/// [`Report::finish`]; dropped unfinished, it removes its temporary files.
pub struct Report<'a> {
    dir: &'a Path,
    lineup: Lineup<'a>,
    games: AtomicFile,
    by_bot: Vec<(String, Tally)>,
    by_seat: [Tally; MAX_SEATS],
    players: usize,
}

impl<'a> Report<'a> {
    /// Creates the output directory if needed and opens `games.csv` under a temporary name,
    /// so an unwritable destination is reported before any game is played.
    pub fn create(dir: &'a Path, players: usize, lineup: Lineup<'a>) -> io::Result<Report<'a>> {
        std::fs::create_dir_all(dir)?;
        let mut games = AtomicFile::create(&dir.join("games.csv"))?;
        let w = games.writer();
        write!(w, "game,seed")?;
        for s in 0..players {
            write!(
                w,
                ",bot_{s},score_{s},route_points_{s},ticket_gained_{s},ticket_lost_{s},tickets_completed_{s},tickets_failed_{s},bonus_{s},trains_left_{s}"
            )?;
        }
        writeln!(w, ",winners,turns,end{}", if lineup.provisional { ",provisional" } else { "" })?;
        let mut by_bot: Vec<(String, Tally)> = Vec::new();
        for spec in lineup.specs {
            if !by_bot.iter().any(|(s, _)| s == spec) {
                by_bot.push((spec.clone(), Tally::default()));
            }
        }
        Ok(Report { dir, lineup, games, by_bot, by_seat: [Tally::default(); MAX_SEATS], players })
    }

    /// Adds finished games, in game order.
    pub fn add(&mut self, outcomes: &[GameOutcome]) -> io::Result<()> {
        for o in outcomes {
            self.write_game(o)?;
            for s in 0..self.players {
                let spec = &self.lineup.specs[usize::from(o.lineup[s])];
                let tally =
                    &mut self.by_bot.iter_mut().find(|(name, _)| name == spec).expect("every spec has a tally").1;
                tally.add(o, s);
                self.by_seat[s].add(o, s);
            }
        }
        Ok(())
    }

    fn write_game(&mut self, o: &GameOutcome) -> io::Result<()> {
        let w = self.games.writer();
        write!(w, "{},{}", o.index, o.seed)?;
        for (s, r) in o.result.seats().iter().enumerate() {
            let bot = csv_field(&self.lineup.specs[usize::from(o.lineup[s])]);
            write!(
                w,
                ",{bot},{},{},{},{},{},{},{},{}",
                r.score,
                r.route_points,
                r.ticket_points_gained,
                r.ticket_points_lost,
                r.tickets_completed,
                r.tickets_failed,
                r.bonus_points,
                r.trains_left
            )?;
        }
        w.write_all(b",")?;
        for (i, s) in o.result.winners.iter().enumerate() {
            if i > 0 {
                w.write_all(b";")?;
            }
            write!(w, "{}", s.0)?;
        }
        write!(w, ",{},{}", o.result.turns, o.result.end.name())?;
        if self.lineup.provisional {
            w.write_all(b",true")?;
        }
        w.write_all(b"\n")
    }

    /// Per-bot tallies, in the order bots first appear in the lineup.
    #[must_use]
    pub fn bot_tallies(&self) -> &[(String, Tally)] {
        &self.by_bot
    }

    /// Writes `bots.csv` and `seats.csv`, then moves every file to its final name.
    pub fn finish(mut self) -> io::Result<()> {
        self.games.flush()?;
        let mut bots = AtomicFile::create(&self.dir.join("bots.csv"))?;
        self.write_tallies(
            bots.writer(),
            "bot",
            self.by_bot.iter().map(|(spec, t)| (csv_field(spec).into_owned(), t)),
        )?;
        let mut seats = AtomicFile::create(&self.dir.join("seats.csv"))?;
        let by_seat = self.by_seat[..self.players].iter().enumerate().map(|(s, t)| (s.to_string(), t));
        self.write_tallies(seats.writer(), "seat", by_seat)?;
        bots.flush()?;
        seats.flush()?;
        self.games.commit()?;
        bots.commit()?;
        seats.commit()
    }

    fn write_tallies<'t>(
        &self,
        w: &mut impl Write,
        key: &str,
        rows: impl Iterator<Item = (String, &'t Tally)>,
    ) -> io::Result<()> {
        let mark = if self.lineup.provisional { ",provisional" } else { "" };
        writeln!(w, "{key},games,wins,draws,win_rate,win_rate_lo,win_rate_hi,mean_score,sd_score{mark}")?;
        let mark = if self.lineup.provisional { ",true" } else { "" };
        for (name, t) in rows {
            let (lo, hi) = t.win_rate_interval();
            writeln!(
                w,
                "{name},{},{},{},{:.6},{:.6},{:.6},{:.4},{:.4}{mark}",
                t.games,
                t.wins,
                t.draws,
                t.win_rate(),
                lo,
                hi,
                t.mean_score(),
                t.sd_score()
            )?;
        }
        Ok(())
    }
}

/// A CSV field, quoted if it holds a comma, quote or newline.
fn csv_field(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\"")).into()
    } else {
        text.into()
    }
}
