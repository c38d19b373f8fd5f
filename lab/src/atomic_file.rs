//! A file written under a temporary name and renamed into place only when complete.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A buffered file that appears under its final name only on [`AtomicFile::commit`];
/// dropped uncommitted, it removes its temporary file.
pub struct AtomicFile {
    temp: PathBuf,
    target: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Creates `target`'s temporary sibling (`.NAME.tmp-PID`) for writing.
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let temp = target.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
        let writer = BufWriter::with_capacity(1 << 20, File::create(&temp)?);
        Ok(AtomicFile { temp, target: target.to_path_buf(), writer: Some(writer) })
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        self.writer.as_mut().expect("not committed yet")
    }

    /// Flushes the file to disk, leaving it under its temporary name.
    pub fn flush(&mut self) -> io::Result<()> {
        self.writer().flush()
    }

    /// Moves the complete file to its final name.
    pub fn commit(mut self) -> io::Result<()> {
        self.flush()?;
        self.writer = None;
        fs::rename(&self.temp, &self.target)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.is_some() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}
