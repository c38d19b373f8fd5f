//! The CSV files of a run, one module per file (column reference: `results/README.md`).
//! Each module holds the file's row struct, written with the `csv` crate through serde, and
//! read back with the same struct by the HTML report ([`Table`]); `games.csv`, one row per
//! game, is written by [`games::RowWriter`] straight from the games instead.
//!
//! Every file starts with a header row written from the row type's [`Row::COLUMNS`] (so a
//! file without rows still names its columns), followed by `provisional` when the map is
//! marked provisional; every row then ends with `true`.

pub mod arc;
pub mod bots;
pub mod cities;
pub mod games;
pub mod matchups;
pub mod outliers;
pub mod routes;
pub mod scores;
pub mod seats;
mod table;
pub mod tickets;

use std::fmt;
use std::io::{self, Write};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use table::Table;

/// The row of one CSV file.
pub trait Row: Serialize + DeserializeOwned {
    /// The file's name in a results directory.
    const FILE: &'static str;
    /// The columns, in order, without the optional `provisional` column.
    const COLUMNS: &'static [&'static str];
    /// Columns of [`Row::COLUMNS`] added after the file's first version: a file written
    /// before them lacks them, and reads back with those fields empty.
    const ADDED: &'static [&'static str] = &[];
}

/// The `provisional` column's value: `Some(true)` on every row of a provisional run, and
/// no column at all otherwise.
#[must_use]
pub fn provisional(yes: bool) -> Option<bool> {
    yes.then_some(true)
}

/// Writes a CSV file: the header of `R` (plus `provisional` if asked), then `rows`.
pub fn write_rows<R: Row>(w: impl Write, provisional: bool, rows: impl IntoIterator<Item = R>) -> io::Result<()> {
    let mut csv = writer(w);
    write_header(&mut csv, R::COLUMNS.iter().copied(), provisional)?;
    for row in rows {
        csv.serialize(row)?;
    }
    csv.flush()
}

/// A CSV writer that writes only what it is given (the header is written explicitly).
fn writer<W: Write>(w: W) -> csv::Writer<W> {
    csv::WriterBuilder::new().has_headers(false).from_writer(w)
}

/// Writes a header row: `columns`, then `provisional` if asked.
fn write_header<'c, W: Write>(
    csv: &mut csv::Writer<W>,
    columns: impl IntoIterator<Item = &'c str>,
    provisional: bool,
) -> io::Result<()> {
    let provisional = provisional.then_some("provisional");
    csv.write_record(columns.into_iter().chain(provisional))?;
    Ok(())
}

/// A real number written with `DIGITS` decimals (`0.250000` for `Fixed<6>`); read back from
/// any finite number.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Fixed<const DIGITS: usize>(pub f64);

impl<const DIGITS: usize> Serialize for Fixed<DIGITS> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{:.*}", DIGITS, self.0))
    }
}

impl<'de, const DIGITS: usize> Deserialize<'de> for Fixed<DIGITS> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        finite(deserializer).map(Fixed)
    }
}

impl<const DIGITS: usize> fmt::Display for Fixed<DIGITS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.*}", DIGITS, self.0)
    }
}

/// A real number written in full, as Rust prints it (`0.79989`, `1`); read back from any
/// finite number.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Exact(pub f64);

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Exact {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        finite(deserializer).map(Exact)
    }
}

/// A finite number (CSV readers accept `NaN` and `inf` as numbers; the files never hold them).
fn finite<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let value = f64::deserialize(deserializer)?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(serde::de::Error::custom("expected a number"))
    }
}

/// `sum / n` with 4 decimals, or nothing when there is nothing to average.
#[must_use]
pub fn mean(sum: f64, n: u64) -> Option<Fixed<4>> {
    (n > 0).then(|| Fixed(sum / n as f64))
}
