//! The check behind the `records` fuzz target (`fuzz/fuzz_targets/records.rs`) and its
//! short property-test version (`lab/tests/record_fuzz.rs`).

use std::io::Write;

use ttr_lab::cli::replay::{run, ReplayArgs};
use ttr_lab::cli::CliError;

/// `ttr replay --check` on a file holding `data`: it either reports every game consistent
/// or fails with one error naming the file and a line of it; a game that does not replay
/// names its game index and, where one is at fault, an event of that game's line. Returns
/// whether the file replayed.
pub fn records(data: &[u8]) -> bool {
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(data).expect("the temporary file is written");
    let path = file.path().to_path_buf();
    let args = ReplayArgs { file: path.clone(), game: None, check: true };
    let mut out = Vec::new();
    let error = match run(&args, &mut out) {
        Ok(_) => {
            let said = String::from_utf8(out).expect("UTF-8 output");
            assert!(said.contains("games replay consistently"), "{said}");
            return true;
        }
        Err(e) => e,
    };
    let shown = error.to_string();
    let text = String::from_utf8_lossy(data);
    let lines: Vec<&str> = text.lines().collect();
    let rest = shown.strip_prefix(&format!("{}:", path.display())).unwrap_or_else(|| panic!("no file: {shown}"));
    let line: Option<usize> = rest.split(':').next().and_then(|n| n.parse().ok());
    match &error {
        // A file that holds no header or no game has no line to name.
        CliError::EmptyRecord { .. } => {
            assert_eq!(lines.iter().filter(|l| !l.trim().is_empty()).count(), 1, "{shown}")
        }
        CliError::Message(m) if m.ends_with("empty file, no header") => {
            assert!(lines.iter().all(|l| l.trim().is_empty()), "{shown}")
        }
        CliError::Replay { line: at, error: record, .. } => {
            assert_eq!(line, Some(*at), "{shown}");
            let game: serde_json::Value = serde_json::from_str(lines[*at - 1]).expect("a game line that parsed");
            assert_eq!(game["game"].as_u64(), Some(record.game), "{shown}");
            assert!(shown.contains(&format!("game {}", record.game)), "{shown}");
            if let Some(event) = record.event {
                let events = game["events"].as_array().map_or(0, Vec::len);
                assert!(event <= events, "event {event} of {events}: {shown}");
                assert!(shown.contains(&format!("event {event}")), "{shown}");
            }
        }
        _ => {
            let line = line.unwrap_or_else(|| panic!("no line: {shown}"));
            assert!((1..=lines.len().max(1)).contains(&line), "line {line} of {}: {shown}", lines.len());
        }
    }
    false
}
