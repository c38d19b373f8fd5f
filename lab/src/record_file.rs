//! Writing game records (`--record FILE.jsonl`) and reading them back for `ttr replay`.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use crate::record::{EventRecord, GameRecord, Header, ResultRecord};
use ttr::Map;

use crate::GameOutcome;

use crate::atomic_file::AtomicFile;

/// A record file being written: the header, then one line per recorded game in game order.
pub struct RecordWriter<'a> {
    file: AtomicFile,
    specs: &'a [String],
}

impl<'a> RecordWriter<'a> {
    /// Opens `path` under a temporary name and writes the header.
    pub fn create(path: &Path, map: &Map, specs: &'a [String]) -> io::Result<RecordWriter<'a>> {
        let mut file = AtomicFile::create(path)?;
        let header = Header::new(map, concat!("ttr ", env!("CARGO_PKG_VERSION")));
        serde_json::to_writer(file.writer(), &header)?;
        file.writer().write_all(b"\n")?;
        Ok(RecordWriter { file, specs })
    }

    /// Writes the recorded games among `outcomes` (those carrying events).
    pub fn add(&mut self, outcomes: &[GameOutcome]) -> io::Result<()> {
        for o in outcomes.iter().filter(|o| !o.events.is_empty()) {
            let players = usize::from(o.result.players);
            let line = GameRecord {
                game: o.index,
                seed: o.seed,
                players,
                bots: (0..players).map(|s| self.specs[usize::from(o.lineup[s])].clone()).collect(),
                events: o.events.iter().map(EventRecord::from_event).collect(),
                result: ResultRecord::from_result(&o.result),
            };
            serde_json::to_writer(self.file.writer(), &line)?;
            self.file.writer().write_all(b"\n")?;
        }
        Ok(())
    }

    /// Moves the complete file to its final name.
    pub fn commit(self) -> io::Result<()> {
        self.file.commit()
    }
}

/// A record file read back: its header, the map it describes, and its game lines.
pub struct RecordFile {
    /// The header.
    pub header: Header,
    /// The map rebuilt from the header.
    pub map: Map,
    /// Game lines as text, with their 1-based line numbers.
    pub lines: Vec<(usize, String)>,
}

impl RecordFile {
    /// Reads a record file; errors name the file and the line.
    pub fn read(path: &Path) -> Result<RecordFile, String> {
        let bytes = fs::read(path).map_err(|e| format!("{}: cannot read the file: {e}", path.display()))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            format!("{}:{line}: not UTF-8 text", path.display())
        })?;
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines.next().ok_or_else(|| format!("{}: empty file, no header", path.display()))?;
        let header: Header =
            serde_json::from_str(first).map_err(|e| format!("{}:1: not a ttr-record header: {e}", path.display()))?;
        let map = header.to_map(path).map_err(|e| e.to_string())?;
        Ok(RecordFile { header, map, lines: lines.map(|(n, l)| (n, l.to_string())).collect() })
    }

    /// Parses the game line at position `k` (0-based among game lines).
    pub fn game(&self, path: &Path, k: usize) -> Result<GameRecord, String> {
        let (line, text) = &self.lines[k];
        serde_json::from_str(text).map_err(|e| format!("{}:{line}: not a game line: {e}", path.display()))
    }
}
