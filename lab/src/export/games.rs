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

/// Writes the rows of `games.csv` game by game: numbers written in decimal straight into a
/// reused buffer, and each bot spec encoded once, as the header's CSV writer quotes fields.
pub struct RowWriter {
    /// The field of each of the run's bots.
    specs: Vec<Vec<u8>>,
    /// Whether the map is provisional (every row then ends with `true`).
    provisional: bool,
    /// Bytes that any row fits in, each of its numbers with the `WIDEST` bytes [`Row`]
    /// writes it in.
    room: usize,
    /// The rows pushed and not yet written, followed by bytes of no meaning.
    rows: Vec<u8>,
    /// The length of the rows in `rows`.
    len: usize,
}

/// The digits of the widest number written (`u64::MAX`; an `i32` takes at most 11 bytes).
const WIDEST: usize = 20;

impl RowWriter {
    /// A writer of the rows of a run whose bot `i` has the spec `specs[i]`.
    #[must_use]
    pub fn new(specs: &[String], provisional: bool) -> RowWriter {
        let specs: Vec<Vec<u8>> = specs
            .iter()
            .map(|spec| {
                let mut csv = writer(Vec::new());
                csv.write_record([spec]).expect("writing to memory");
                let mut field = csv.into_inner().expect("writing to memory");
                field.pop(); // the record's end
                field
            })
            .collect();
        let players = specs.len();
        // Every field after its separator, each at its widest: the numbers (the game, its
        // seed, each seat's, a winner per seat, the turns) and the end's name (every one
        // shorter, a test checks) in `WIDEST` bytes, the specs at the longest; then `,true`
        // and the line's end.
        let fields = 2 + players * (SEAT_COLUMNS.len() - 1) + players + 2;
        let longest_spec = specs.iter().map(Vec::len).max().unwrap_or(0);
        let room = fields * (1 + WIDEST) + players * (1 + longest_spec) + b",true\n".len();
        RowWriter { specs, provisional, room, rows: Vec::new(), len: 0 }
    }

    /// Adds the row of `o` after the rows pushed so far.
    pub fn push(&mut self, o: &GameOutcome) {
        if self.rows.len() < self.len + self.room {
            self.rows.resize(2 * (self.len + self.room), 0);
        }
        let mut row = Row { out: &mut self.rows[self.len..self.len + self.room], len: 0 };
        row.game(o, &self.specs, self.provisional);
        self.len += row.len;
    }

    /// Writes the rows pushed since the last write to `w`, in their order.
    pub fn write(&mut self, mut w: impl Write) -> io::Result<()> {
        let rows = &self.rows[..self.len];
        self.len = 0;
        w.write_all(rows)
    }
}

/// The two digits of each number from 0 to 99: `PAIRS[2 * n..2 * n + 2]`.
const PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut n = 0;
    while n < 100 {
        pairs[2 * n] = b'0' + (n / 10) as u8;
        pairs[2 * n + 1] = b'0' + (n % 10) as u8;
        n += 1;
    }
    pairs
};

/// A row being written at the start of `out`; what `out` holds past `len` means nothing.
/// Writing a number needs `WIDEST` bytes of room.
struct Row<'b> {
    out: &'b mut [u8],
    len: usize,
}

impl Row<'_> {
    /// Writes the row of `o`, whose bot `i` has the field `specs[i]`, ending with `true` on
    /// a provisional map.
    #[inline]
    fn game(&mut self, o: &GameOutcome, specs: &[Vec<u8>], provisional: bool) {
        self.unsigned(o.index);
        self.byte(b',');
        self.unsigned(o.seed);
        for (s, r) in o.result.seats().iter().enumerate() {
            self.byte(b',');
            self.bytes(&specs[usize::from(o.lineup[s])]);
            for value in [r.score, r.route_points, r.ticket_points_gained, r.ticket_points_lost] {
                self.byte(b',');
                self.signed(value);
            }
            for value in [r.tickets_completed, r.tickets_failed] {
                self.byte(b',');
                self.unsigned(u64::from(value));
            }
            self.byte(b',');
            self.signed(r.bonus_points);
            self.byte(b',');
            self.unsigned(u64::from(r.trains_left));
        }
        for (k, seat) in o.result.winners.iter().enumerate() {
            self.byte(if k == 0 { b',' } else { b';' });
            self.unsigned(u64::from(seat.0));
        }
        if o.result.winners.is_empty() {
            self.byte(b',');
        }
        self.byte(b',');
        self.unsigned(u64::from(o.result.turns));
        self.byte(b',');
        self.bytes(o.result.end.name().as_bytes());
        if provisional {
            self.bytes(b",true");
        }
        self.byte(b'\n');
    }

    /// Writes `byte`.
    #[inline]
    fn byte(&mut self, byte: u8) {
        self.out[self.len] = byte;
        self.len += 1;
    }

    /// Writes `bytes`.
    #[inline]
    fn bytes(&mut self, bytes: &[u8]) {
        self.out[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    /// Writes `value` in decimal.
    #[inline]
    fn unsigned(&mut self, value: u64) {
        // Most numbers of a row are below 100: their digits are written in place.
        if value < 10 {
            self.byte(b'0' + value as u8);
        } else if value < 100 {
            self.bytes(&PAIRS[2 * value as usize..][..2]);
        } else {
            self.long(value);
        }
    }

    /// Writes `value` in decimal, the long way.
    #[inline(never)]
    fn long(&mut self, value: u64) {
        // The digits are spelled two by two at the end of the first half of `digits`, and
        // `WIDEST` bytes from the first digit on are copied, past the digits bytes of no
        // meaning: a copy of a fixed length, which needs no call.
        let mut digits = [0u8; 2 * WIDEST];
        let mut first = WIDEST;
        let mut rest = value;
        while rest >= 100 {
            first -= 2;
            digits[first..first + 2].copy_from_slice(&PAIRS[2 * (rest % 100) as usize..][..2]);
            rest /= 100;
        }
        if rest >= 10 {
            first -= 2;
            digits[first..first + 2].copy_from_slice(&PAIRS[2 * rest as usize..][..2]);
        } else {
            first -= 1;
            digits[first] = b'0' + rest as u8;
        }
        self.out[self.len..self.len + WIDEST].copy_from_slice(&digits[first..first + WIDEST]);
        self.len += WIDEST - first;
    }

    /// Writes `value` in decimal, after a `-` if it is negative.
    #[inline]
    fn signed(&mut self, value: i32) {
        if value < 0 {
            self.byte(b'-');
        }
        self.unsigned(u64::from(value.unsigned_abs()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::GameTrace;
    use ttr::{BySeat, EndReason, GameResult, Seat, SeatResult, SeatSet, MAX_SEATS};

    /// A game of every seat with each number at `wide`'s end of its range.
    fn outcome(wide: bool, end: EndReason) -> GameOutcome {
        let (low, high) = if wide { (i32::MIN, i32::MAX) } else { (-7, 0) };
        let seat = SeatResult {
            score: low,
            route_points: high,
            ticket_points_gained: if wide { 123_456 } else { 99 },
            ticket_points_lost: 100,
            tickets_completed: if wide { u8::MAX } else { 9 },
            tickets_failed: 10,
            bonus_points: low,
            trains_left: if wide { u8::MAX } else { 0 },
            ..SeatResult::default()
        };
        let winners = if wide { (0..MAX_SEATS as u8).map(Seat).collect() } else { SeatSet::EMPTY };
        GameOutcome {
            index: if wide { u64::MAX } else { 0 },
            seed: if wide { u64::MAX } else { 1_000_000_007 },
            lineup: [0, 1, 2, 1, 0],
            result: GameResult {
                players: MAX_SEATS as u8,
                seats: BySeat::splat(seat),
                winners,
                turns: if wide { u16::MAX } else { 100 },
                end,
            },
            trace: GameTrace::default(),
            events: Vec::new(),
        }
    }

    /// The row of `o` spelled out field by field, `fields[i]` the field of bot `i`.
    fn expected(o: &GameOutcome, fields: &[&str]) -> String {
        let mut row = vec![o.index.to_string(), o.seed.to_string()];
        for (s, r) in o.result.seats().iter().enumerate() {
            row.push(fields[usize::from(o.lineup[s])].to_string());
            let small = [r.tickets_completed, r.tickets_failed].map(i32::from);
            row.extend([r.score, r.route_points, r.ticket_points_gained, r.ticket_points_lost].map(|v| v.to_string()));
            row.extend(small.map(|v| v.to_string()));
            row.extend([r.bonus_points, i32::from(r.trains_left)].map(|v| v.to_string()));
        }
        let winners: Vec<String> = o.result.winners.iter().map(|s| s.0.to_string()).collect();
        row.extend([winners.join(";"), o.result.turns.to_string(), o.result.end.name().to_string(), "true".into()]);
        row.join(",") + "\n"
    }

    /// Rows of the widest numbers, every way a game ends and quoted specs fit the room kept
    /// for a row, and a shorter row written into the same buffer after them is whole.
    #[test]
    fn rows_spell_every_number_and_end_in_full() {
        let specs = ["random".to_string(), "mcts:iters=5,\"deep\"".to_string(), "g".to_string()];
        let fields = ["random", "\"mcts:iters=5,\"\"deep\"\"\"", "g"];
        let mut writer = RowWriter::new(&specs, true);
        let games: Vec<GameOutcome> =
            [EndReason::Trains, EndReason::Passes, EndReason::TurnCap].map(|end| outcome(true, end)).into();
        let mut bytes = Vec::new();
        games.iter().for_each(|o| writer.push(o));
        writer.write(&mut bytes).unwrap();
        let rows: String = games.iter().map(|o| expected(o, &fields)).collect();
        assert_eq!(String::from_utf8(bytes).unwrap(), rows);
        let short = outcome(false, EndReason::Trains);
        let mut bytes = Vec::new();
        writer.push(&short);
        writer.write(&mut bytes).unwrap();
        assert_eq!(String::from_utf8(bytes).unwrap(), expected(&short, &fields));
    }
}
