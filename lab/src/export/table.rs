//! A CSV file of a results directory read back into its row struct. Every error names the
//! file and the line (the header is line 1).

use std::io::ErrorKind;
use std::path::Path;

use csv::{DeserializeErrorKind, StringRecord};

use super::Row;

/// A CSV file: its header, and its rows both as text and as `R`.
pub struct Table<R> {
    path: String,
    header: StringRecord,
    lines: Vec<usize>,
    fields: Vec<StringRecord>,
    rows: Vec<R>,
}

impl<R: Row> Table<R> {
    /// Reads `dir/R::FILE`, or `None` if there is no such file.
    pub fn read(dir: &Path) -> Result<Option<Table<R>>, String> {
        let path = dir.join(R::FILE);
        let shown = path.display().to_string();
        match std::fs::read(&path) {
            Ok(bytes) => Table::parse(shown, &bytes).map(Some),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{shown}: {e}")),
        }
    }

    /// Reads `dir/R::FILE`, which must exist.
    pub fn require(dir: &Path) -> Result<Table<R>, String> {
        Table::read(dir)?.ok_or_else(|| format!("{}: not found", dir.join(R::FILE).display()))
    }

    /// Parses the bytes of a CSV file; `path` names it in errors. Blank lines are skipped;
    /// every row must have as many fields as the header, and the header every column of `R`
    /// (`provisional` and [`Row::ADDED`] may be missing).
    pub(crate) fn parse(path: String, bytes: &[u8]) -> Result<Table<R>, String> {
        let at = |line: u64, message: &str| format!("{path}:{line}: {message}");
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
        let header = reader.headers().map_err(|e| at(line_of(&e), &reason(&e)))?.clone();
        if header.is_empty() {
            return Err(at(1, "empty file, expected a header row"));
        }
        let required = R::COLUMNS.iter().filter(|c| !R::ADDED.contains(c));
        if let Some(missing) = required.into_iter().find(|c| !header.iter().any(|h| h == **c)) {
            return Err(at(1, &format!("no column `{missing}`")));
        }
        let mut table = Table { path: path.clone(), header, lines: Vec::new(), fields: Vec::new(), rows: Vec::new() };
        let mut record = StringRecord::new();
        loop {
            match reader.read_record(&mut record) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Err(at(line_of(&e), &reason(&e))),
            }
            let line = record.position().map_or(0, |p| p.line());
            if record.iter().any(|f| f.contains(['\n', '\r'])) {
                return Err(at(line, "unterminated quoted field"));
            }
            if record.len() != table.header.len() {
                let message = format!("expected {} fields, found {}", table.header.len(), record.len());
                return Err(at(line, &message));
            }
            let row =
                record.deserialize::<R>(Some(&table.header)).map_err(|e| at(line, &table.field_error(&e, &record)))?;
            table.lines.push(line as usize);
            table.fields.push(record.clone());
            table.rows.push(row);
        }
        Ok(table)
    }

    /// What is wrong with a field of `record`, by column name.
    fn field_error(&self, error: &csv::Error, record: &StringRecord) -> String {
        let csv::ErrorKind::Deserialize { err, .. } = error.kind() else {
            return reason(error);
        };
        // A number type's own refusal (`NaN`, `inf`) carries no field index: find the field.
        let non_finite = || record.iter().position(|f| f.trim().parse::<f64>().is_ok_and(|v| !v.is_finite()));
        let Some(index) = err.field().map(|f| f as usize).or_else(non_finite) else {
            return err.to_string();
        };
        let column = self.header.get(index).unwrap_or("?");
        let found = record.get(index).unwrap_or("");
        let expected = match err.kind() {
            DeserializeErrorKind::ParseInt(_) | DeserializeErrorKind::ParseFloat(_) => "expected a number".to_string(),
            DeserializeErrorKind::ParseBool(_) => "expected true or false".to_string(),
            DeserializeErrorKind::Message(m) => m.clone(),
            other => other.to_string(),
        };
        format!("column `{column}`: {expected}, found `{found}`")
    }
}

impl<R> Table<R> {
    /// The rows, in file order.
    pub fn rows(&self) -> &[R] {
        &self.rows
    }

    /// The column names, as in the file.
    pub fn header(&self) -> impl Iterator<Item = &str> {
        self.header.iter()
    }

    /// Whether the header has a column named `name`.
    pub fn has_column(&self, name: &str) -> bool {
        self.header.iter().any(|h| h == name)
    }

    /// The fields of every row as text, as in the file, in file order.
    pub fn texts(&self) -> impl Iterator<Item = &StringRecord> {
        self.fields.iter()
    }

    /// An error about row `k` (0-based), naming the file and its line.
    pub fn error(&self, k: usize, message: &str) -> String {
        format!("{}:{}: {message}", self.path, self.lines[k])
    }
}

/// The line an error of the reader is about.
fn line_of(error: &csv::Error) -> u64 {
    error.position().map_or(1, |p| p.line())
}

/// An error of the reader, without the position the caller prints.
fn reason(error: &csv::Error) -> String {
    match error.kind() {
        csv::ErrorKind::Utf8 { .. } => "not valid UTF-8".to_string(),
        csv::ErrorKind::Io(e) => e.to_string(),
        _ => error.to_string(),
    }
}
