//! `games.csv`: one row per game, in game order, with a group of columns per seat
//! (`bot_0`, `score_0`, ... `trains_left_0`, then seat 1, ...), so its header depends on
//! the player count: [`header`].

use std::io::{self, Write};

use super::{write_header, writer};
use crate::GameOutcome;

/// The columns of one seat; the header names them `NAME_SEAT`, e.g. `score_2`.
pub const SEAT_COLUMNS: &[&str] = &[
    "bot",
    "score",
    "route_points",
    "ticket_gained",
    "ticket_lost",
    "tickets_completed",
    "tickets_failed",
    "bonus",
    "trains_left",
];

/// The column names of `games.csv` for `players` seats, without `provisional`.
#[must_use]
pub fn header(players: usize) -> Vec<String> {
    let seats = (0..players).flat_map(|s| SEAT_COLUMNS.iter().map(move |c| format!("{c}_{s}")));
    ["game", "seed"]
        .into_iter()
        .map(String::from)
        .chain(seats)
        .chain(["winners", "turns", "end"].map(String::from))
        .collect()
}

/// Writes the header row of `games.csv`.
pub fn write_header_row(w: impl Write, players: usize, is_provisional: bool) -> io::Result<()> {
    let mut csv = writer(w);
    write_header(&mut csv, header(players).iter().map(String::as_str), is_provisional)?;
    csv.flush()
}

/// Writes the rows of `games.csv` game by game: numbers written straight into a reused
/// buffer, and each bot spec encoded once, as the header's CSV writer quotes fields.
pub struct RowWriter {
    /// The field of each of the run's bots.
    specs: Vec<Vec<u8>>,
    /// Whether the map is provisional (every row then ends with `true`).
    provisional: bool,
    /// The rows being written.
    rows: Vec<u8>,
}

impl RowWriter {
    /// A writer of the rows of a run whose bot `i` has the spec `specs[i]`.
    #[must_use]
    pub fn new(specs: &[String], provisional: bool) -> RowWriter {
        let specs = specs
            .iter()
            .map(|spec| {
                let mut csv = writer(Vec::new());
                csv.write_record([spec]).expect("writing to memory");
                let mut field = csv.into_inner().expect("writing to memory");
                field.pop(); // the record's end
                field
            })
            .collect();
        RowWriter { specs, provisional, rows: Vec::new() }
    }

    /// Writes the rows of `outcomes` to `w`, in their order.
    pub fn write(&mut self, mut w: impl Write, outcomes: &[GameOutcome]) -> io::Result<()> {
        let mut number = itoa::Buffer::new();
        let rows = &mut self.rows;
        rows.clear();
        for o in outcomes {
            rows.extend_from_slice(number.format(o.index).as_bytes());
            rows.push(b',');
            rows.extend_from_slice(number.format(o.seed).as_bytes());
            for (s, r) in o.result.seats().iter().enumerate() {
                rows.push(b',');
                rows.extend_from_slice(&self.specs[usize::from(o.lineup[s])]);
                for value in [r.score, r.route_points, r.ticket_points_gained, r.ticket_points_lost] {
                    rows.push(b',');
                    rows.extend_from_slice(number.format(value).as_bytes());
                }
                for value in [r.tickets_completed, r.tickets_failed] {
                    rows.push(b',');
                    rows.extend_from_slice(number.format(value).as_bytes());
                }
                rows.push(b',');
                rows.extend_from_slice(number.format(r.bonus_points).as_bytes());
                rows.push(b',');
                rows.extend_from_slice(number.format(r.trains_left).as_bytes());
            }
            for (k, seat) in o.result.winners.iter().enumerate() {
                rows.push(if k == 0 { b',' } else { b';' });
                rows.extend_from_slice(number.format(seat.0).as_bytes());
            }
            if o.result.winners.is_empty() {
                rows.push(b',');
            }
            rows.push(b',');
            rows.extend_from_slice(number.format(o.result.turns).as_bytes());
            rows.push(b',');
            rows.extend_from_slice(o.result.end.name().as_bytes());
            if self.provisional {
                rows.extend_from_slice(b",true");
            }
            rows.push(b'\n');
        }
        w.write_all(rows)
    }
}
