//! The short property-test version of the `records` fuzz target: recorded games of every
//! shipped map, edited, either replay under `ttr replay --check` or are refused naming file,
//! line, game and event. The check is the target's, in `record_check/mod.rs`.

use proptest::prelude::*;
use serde_json::Value;

mod record_check;
use record_check::records;

/// The record seeds of the fuzz target: a few games on each shipped map.
const RECORDS: [&str; 4] = [
    include_str!("../../fuzz/seeds/records/usa.jsonl"),
    include_str!("../../fuzz/seeds/records/nordic.jsonl"),
    include_str!("../../fuzz/seeds/records/legendary_asia.jsonl"),
    include_str!("../../fuzz/seeds/records/south_korea.jsonl"),
];

/// One edit of a record: in game line `line`, event `at` (both modulo their counts).
#[derive(Clone, Debug)]
enum Edit {
    DropEvent(usize, usize),
    SwapEvents(usize, usize, usize),
    /// Set the `key`-th field of the event (in key order) to a number.
    Field(usize, usize, usize, i64),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(l, at)| Edit::DropEvent(l, at)),
        (any::<usize>(), any::<usize>(), any::<usize>()).prop_map(|(l, a, b)| Edit::SwapEvents(l, a, b)),
        (any::<usize>(), any::<usize>(), any::<usize>(), prop_oneof![-1i64..8, any::<i64>()])
            .prop_map(|(l, at, key, n)| Edit::Field(l, at, key, n)),
    ]
}

/// Cuts the text at a byte offset (moved back to a character boundary).
fn cut(text: &str, at: usize) -> &str {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    &text[..at]
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let games = lines.len() - 1;
    let mut with_events = |l: usize, f: &mut dyn FnMut(&mut Vec<Value>)| {
        let line = &mut lines[1 + l % games];
        let mut game: Value = serde_json::from_str(line).expect("a seed game line");
        f(game["events"].as_array_mut().expect("events"));
        *line = game.to_string();
    };
    match *edit {
        Edit::DropEvent(l, at) => with_events(l, &mut |events| {
            events.remove(at % events.len());
        }),
        Edit::SwapEvents(l, a, b) => with_events(l, &mut |events| {
            let n = events.len();
            events.swap(a % n, b % n);
        }),
        Edit::Field(l, at, key, value) => with_events(l, &mut |events| {
            let n = events.len();
            if let Some(event) = events[at % n].as_object_mut() {
                let keys: Vec<String> = event.keys().cloned().collect();
                event.insert(keys[key % keys.len()].clone(), value.into());
            }
        }),
    }
    lines.join("\n")
}

#[test]
fn the_seed_records_replay() {
    for text in RECORDS {
        assert!(records(text.as_bytes()), "a seed record is refused");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Edited records replay or are refused naming file, line, game and event.
    #[test]
    fn edited_records_replay_or_are_refused_by_place(
        map in 0..RECORDS.len(),
        edits in prop::collection::vec(edit(), 0..3),
        at in prop::option::of(any::<usize>()),
    ) {
        let text = edits.iter().fold(RECORDS[map].to_string(), |text, e| apply(&text, e));
        records(at.map_or(text.as_str(), |at| cut(&text, at)).as_bytes());
    }
}

/// Found by the `records` target: a file that is not UTF-8 was refused without a line.
#[test]
fn a_record_that_is_not_utf8_is_refused_at_its_line() {
    let mut data = RECORDS[0].lines().take(2).collect::<Vec<_>>().join("\n").into_bytes();
    data.extend_from_slice(b"\n{\"game\": \xff}\n");
    assert!(!records(&data));
    let file = tempfile::NamedTempFile::new().expect("a temporary file");
    std::fs::write(file.path(), &data).expect("written");
    let error = ttr_lab::record_file::RecordFile::read(file.path()).err().expect("refused");
    assert_eq!(error, format!("{}:3: not UTF-8 text", file.path().display()));
}
