//! The CSV files and `run.json` of a run (column reference: `results/README.md`). Every
//! file is written under a temporary name and renamed only when the whole run is complete.

use std::io::{self, Write};
use std::path::Path;

use crate::stats::{ratio, wilson, RunStats};
use ttr::Map;

use crate::{GameOutcome, Tally};

use crate::atomic_file::AtomicFile;

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
    /// Wall time of the run in seconds.
    pub wall_seconds: f64,
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
    stats: RunStats,
}

fn provisional_header(map: &Map) -> &'static str {
    if map.provisional {
        ",provisional"
    } else {
        ""
    }
}

fn provisional_mark(map: &Map) -> &'static str {
    if map.provisional {
        ",true"
    } else {
        ""
    }
}

impl<'a> Report<'a> {
    /// Creates the output directory if needed and opens `games.csv` under a temporary name,
    /// so an unwritable destination is reported before any game is played.
    pub fn create(dir: &'a Path, map: &'a Map, specs: &'a [String]) -> io::Result<Report<'a>> {
        std::fs::create_dir_all(dir)?;
        let mut games = AtomicFile::create(&dir.join("games.csv"))?;
        let w = games.writer();
        write!(w, "game,seed")?;
        for s in 0..specs.len() {
            write!(
                w,
                ",bot_{s},score_{s},route_points_{s},ticket_gained_{s},ticket_lost_{s},tickets_completed_{s},tickets_failed_{s},bonus_{s},trains_left_{s}"
            )?;
        }
        writeln!(w, ",winners,turns,end{}", provisional_header(map))?;
        let mut distinct: Vec<String> = Vec::new();
        for spec in specs {
            if !distinct.contains(spec) {
                distinct.push(spec.clone());
            }
        }
        let bot_of = specs.iter().map(|s| distinct.iter().position(|d| d == s).expect("listed")).collect();
        let stats = RunStats::new(map, specs.len(), bot_of, distinct.len());
        Ok(Report { dir, map, specs, distinct, games, stats })
    }

    /// Adds finished games, in game order.
    pub fn add(&mut self, outcomes: &[GameOutcome]) -> io::Result<()> {
        for o in outcomes {
            self.write_game(o)?;
            self.stats.add(self.map, o);
        }
        Ok(())
    }

    fn write_game(&mut self, o: &GameOutcome) -> io::Result<()> {
        let w = self.games.writer();
        write!(w, "{},{}", o.index, o.seed)?;
        for (s, r) in o.result.seats().iter().enumerate() {
            let bot = csv_field(&self.specs[usize::from(o.lineup[s])]);
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
        writeln!(w, ",{},{}{}", o.result.turns, o.result.end.name(), provisional_mark(self.map))
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
            ("bots.csv", Report::write_bots as fn(&Report<'a>, &mut dyn Write) -> io::Result<()>),
            ("seats.csv", Report::write_seats),
            ("matchups.csv", Report::write_matchups),
            ("tickets.csv", Report::write_tickets),
            ("routes.csv", Report::write_routes),
            ("cities.csv", Report::write_cities),
            ("scores.csv", Report::write_scores),
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

    fn write_tally_rows(&self, w: &mut dyn Write, key: &str, rows: &[(String, Tally)]) -> io::Result<()> {
        let p = provisional_header(self.map);
        writeln!(w, "{key},games,wins,draws,win_rate,win_rate_lo,win_rate_hi,mean_score,sd_score,mean_rank{p}")?;
        for (name, t) in rows {
            let (lo, hi) = t.win_rate_interval();
            writeln!(
                w,
                "{name},{},{},{},{:.6},{:.6},{:.6},{:.4},{:.4},{:.4}{}",
                t.games,
                t.wins,
                t.draws,
                t.win_rate(),
                lo,
                hi,
                t.mean_score(),
                t.sd_score(),
                t.mean_rank(),
                provisional_mark(self.map)
            )?;
        }
        Ok(())
    }

    fn write_bots(&self, w: &mut dyn Write) -> io::Result<()> {
        let rows: Vec<_> =
            self.distinct.iter().zip(&self.stats.bots).map(|(name, t)| (csv_field(name).into_owned(), *t)).collect();
        self.write_tally_rows(w, "bot", &rows)
    }

    fn write_seats(&self, w: &mut dyn Write) -> io::Result<()> {
        let rows: Vec<_> = self.stats.seats.iter().enumerate().map(|(s, t)| (s.to_string(), *t)).collect();
        self.write_tally_rows(w, "seat", &rows)
    }

    fn write_matchups(&self, w: &mut dyn Write) -> io::Result<()> {
        writeln!(
            w,
            "bot,opponent,games,ahead,behind,level,win_rate,win_rate_lo,win_rate_hi{}",
            provisional_header(self.map)
        )?;
        for (a, row) in self.stats.matchups.iter().enumerate() {
            for (b, m) in row.iter().enumerate().filter(|(b, _)| *b != a) {
                let (lo, hi) = wilson(m.ahead, m.games);
                writeln!(
                    w,
                    "{},{},{},{},{},{},{:.6},{:.6},{:.6}{}",
                    csv_field(&self.distinct[a]),
                    csv_field(&self.distinct[b]),
                    m.games,
                    m.ahead,
                    m.behind,
                    m.games - m.ahead - m.behind,
                    ratio(m.ahead, m.games),
                    lo,
                    hi,
                    provisional_mark(self.map)
                )?;
            }
        }
        Ok(())
    }

    fn write_tickets(&self, w: &mut dyn Write) -> io::Result<()> {
        writeln!(
            w,
            "ticket,a,b,points,kind,source,dealt,kept,keep_rate,completed,completion_rate,completion_rate_lo,completion_rate_hi,mean_net_points,held_wins,win_rate_held,win_rate_not_held,lift,mean_completion_turn{}",
            provisional_header(self.map)
        )?;
        let s = &self.stats;
        for (t, ticket) in self.map.tickets().iter().enumerate() {
            let (held, held_wins) = s.ticket_held[t];
            let not_held = ratio(s.wins - held_wins, s.seat_games - held);
            for (source, name) in [(0, "setup"), (1, "drawn")] {
                let k = &s.tickets[t][source];
                let (lo, hi) = wilson(k.completed, k.kept);
                let held_rate = ratio(k.held_wins, k.kept);
                let lift = if k.kept > 0 { format!("{:.6}", held_rate - not_held) } else { String::new() };
                writeln!(
                    w,
                    "{t},{},{},{},{},{name},{},{},{:.6},{},{:.6},{:.6},{:.6},{},{},{:.6},{:.6},{lift},{}{}",
                    csv_field(self.map.city_name(ticket.a)),
                    csv_field(self.map.city_name(ticket.b)),
                    ticket.points,
                    if ticket.kind == ttr::TicketKind::Long { "long" } else { "normal" },
                    k.dealt,
                    k.kept,
                    ratio(k.kept, k.dealt),
                    k.completed,
                    ratio(k.completed, k.kept),
                    lo,
                    hi,
                    mean(k.net_points as f64, k.kept),
                    k.held_wins,
                    held_rate,
                    not_held,
                    mean(k.completion_turn_sum as f64, k.completed),
                    provisional_mark(self.map)
                )?;
            }
        }
        Ok(())
    }

    fn write_routes(&self, w: &mut dyn Write) -> io::Result<()> {
        writeln!(
            w,
            "route,a,b,length,color,claimed,claim_rate,mean_turn,owner_wins,owner_win_rate,lift{}",
            provisional_header(self.map)
        )?;
        let base = self.stats.base_win_rate();
        for (r, route) in self.map.routes().iter().enumerate() {
            let k = &self.stats.routes[r];
            let owner_rate = ratio(k.owner_wins, k.claimed);
            let lift = if k.claimed > 0 { format!("{:.6}", owner_rate - base) } else { String::new() };
            writeln!(
                w,
                "{r},{},{},{},{},{},{:.6},{},{},{:.6},{lift}{}",
                csv_field(self.map.city_name(route.a)),
                csv_field(self.map.city_name(route.b)),
                route.length,
                route.color.map_or("gray", |c| c.name()),
                k.claimed,
                ratio(k.claimed, self.stats.games),
                mean(k.turn_sum as f64, k.claimed),
                k.owner_wins,
                owner_rate,
                provisional_mark(self.map)
            )?;
        }
        Ok(())
    }

    fn write_cities(&self, w: &mut dyn Write) -> io::Result<()> {
        writeln!(
            w,
            "city,x,y,completed_tickets,completed_tickets_per_game,winner_network,winner_network_rate{}",
            provisional_header(self.map)
        )?;
        for (c, city) in self.map.cities().iter().enumerate() {
            let k = &self.stats.cities[c];
            writeln!(
                w,
                "{},{},{},{},{:.6},{},{:.6}{}",
                csv_field(&city.name),
                city.x,
                city.y,
                k.completed_tickets,
                ratio(k.completed_tickets, self.stats.games),
                k.winner_network,
                ratio(k.winner_network, self.stats.games),
                provisional_mark(self.map)
            )?;
        }
        Ok(())
    }

    fn write_scores(&self, w: &mut dyn Write) -> io::Result<()> {
        writeln!(w, "metric,value,count{}", provisional_header(self.map))?;
        let d = &self.stats.distributions;
        let mark = provisional_mark(self.map);
        for (metric, dist) in [
            ("score", &d.score),
            ("route_points", &d.route_points),
            ("ticket_points", &d.ticket_points),
            ("bonus", &d.bonus),
            ("turns", &d.turns),
        ] {
            for (value, count) in dist {
                writeln!(w, "{metric},{value},{count}{mark}")?;
            }
        }
        for (end, count) in [ttr::EndReason::Trains, ttr::EndReason::Passes, ttr::EndReason::TurnCap].iter().zip(d.end)
        {
            writeln!(w, "end,{},{count}{mark}", end.name())?;
        }
        Ok(())
    }

    fn write_run(&self, w: &mut dyn Write, info: &RunInfo<'_>) -> io::Result<()> {
        let run = serde_json::json!({
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
        serde_json::to_writer_pretty(&mut *w, &run)?;
        writeln!(w)
    }
}

/// A mean as text, empty when there is nothing to average.
fn mean(sum: f64, n: u64) -> String {
    if n == 0 {
        String::new()
    } else {
        format!("{:.4}", sum / n as f64)
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
