//! The CSV files of a results directory, read by hand: one header row, then rows of
//! comma-separated fields; a field holding a comma is quoted (`"..."`, with `""` for a quote).
//! Every error names the file and the line.

use std::io::ErrorKind;
use std::path::Path;

/// A CSV file: its header and its rows, every row as long as the header.
pub(super) struct Table {
    path: String,
    header: Vec<String>,
    rows: Vec<Row>,
}

/// One row of a [`Table`], with its line number in the file (the header is line 1).
pub(super) struct Row {
    line: usize,
    fields: Vec<String>,
}

/// A column of a [`Table`], found by name.
#[derive(Clone, Copy)]
pub(super) struct Column {
    index: usize,
    name: &'static str,
}

impl Table {
    /// Reads `dir/name`, or `None` if there is no such file.
    pub(super) fn read(dir: &Path, name: &str) -> Result<Option<Table>, String> {
        let path = dir.join(name);
        let shown = path.display().to_string();
        match std::fs::read_to_string(&path) {
            Ok(text) => Table::parse(shown, &text).map(Some),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{shown}: {e}")),
        }
    }

    /// Reads `dir/name`, which must exist.
    pub(super) fn require(dir: &Path, name: &str) -> Result<Table, String> {
        Table::read(dir, name)?.ok_or_else(|| format!("{}: not found", dir.join(name).display()))
    }

    /// Parses the text of a CSV file; `path` names it in errors. Blank lines are skipped.
    fn parse(path: String, text: &str) -> Result<Table, String> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty());
        let Some((first, header)) = lines.next() else {
            return Err(format!("{path}:1: empty file, expected a header row"));
        };
        let header = split(header).map_err(|e| format!("{path}:{first}: {e}"))?;
        let mut rows = Vec::new();
        for (line, text) in lines {
            let fields = split(text).map_err(|e| format!("{path}:{line}: {e}"))?;
            if fields.len() != header.len() {
                return Err(format!("{path}:{line}: expected {} fields, found {}", header.len(), fields.len()));
            }
            rows.push(Row { line, fields });
        }
        Ok(Table { path, header, rows })
    }

    /// The column named `name`; an error if the header has none.
    pub(super) fn column(&self, name: &'static str) -> Result<Column, String> {
        match self.header.iter().position(|h| h == name) {
            Some(index) => Ok(Column { index, name }),
            None => Err(format!("{}:1: no column `{name}`", self.path)),
        }
    }

    /// Whether the header has a column named `name`.
    pub(super) fn has_column(&self, name: &str) -> bool {
        self.header.iter().any(|h| h == name)
    }

    /// The column names.
    pub(super) fn header(&self) -> &[String] {
        &self.header
    }

    /// The rows, in file order.
    pub(super) fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The text of a field.
    pub(super) fn text<'r>(&self, row: &'r Row, column: Column) -> &'r str {
        &row.fields[column.index]
    }

    /// A field that must be a finite number.
    pub(super) fn number(&self, row: &Row, column: Column) -> Result<f64, String> {
        self.optional_number(row, column)?.ok_or_else(|| self.not_a_number(row, column))
    }

    /// A field that must be a finite number or empty.
    pub(super) fn optional_number(&self, row: &Row, column: Column) -> Result<Option<f64>, String> {
        let text = self.text(row, column).trim();
        if text.is_empty() {
            return Ok(None);
        }
        match text.parse::<f64>() {
            Ok(value) if value.is_finite() => Ok(Some(value)),
            _ => Err(self.not_a_number(row, column)),
        }
    }

    /// An error about `row`, naming the file and the line.
    pub(super) fn error(&self, row: &Row, message: &str) -> String {
        format!("{}:{}: {message}", self.path, row.line)
    }

    fn not_a_number(&self, row: &Row, column: Column) -> String {
        let found = self.text(row, column);
        self.error(row, &format!("column `{}`: expected a number, found `{found}`", column.name))
    }
}

impl Row {
    /// The fields, in column order.
    pub(super) fn fields(&self) -> &[String] {
        &self.fields
    }
}

/// Splits one line into fields, unquoting quoted ones.
fn split(line: &str) -> Result<Vec<String>, &'static str> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next() {
                    None => return Err("unterminated quoted field"),
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                }
            }
            if !matches!(chars.peek(), None | Some(',')) {
                return Err("text after the closing quote of a field");
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ',' {
                    break;
                }
                field.push(c);
                chars.next();
            }
        }
        fields.push(field);
        if chars.next().is_none() {
            return Ok(fields);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn splits_plain_and_quoted_fields() {
        assert_eq!(split("a,b,,c").unwrap(), ["a", "b", "", "c"]);
        assert_eq!(split("\"greedy,x=1\",3").unwrap(), ["greedy,x=1", "3"]);
        assert_eq!(split("\"say \"\"hi\"\"\",").unwrap(), ["say \"hi\"", ""]);
        assert!(split("\"open,1").is_err());
        assert!(split("\"a\"b,1").is_err());
    }
}
