//! Record reading and replay, as `ttr replay --check` runs them: any file either replays
//! or is refused naming the file, the line, the game and the event
//! (`records` in `lab/tests/record_check/mod.rs`).
//!
//! Run from the repository root (nightly), records of every map as seeds:
//! `cargo +nightly fuzz run records fuzz/corpus/records fuzz/seeds/records -- -max_total_time=600`
#![no_main]

#[path = "../../lab/tests/record_check/mod.rs"]
mod record_check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    record_check::records(data);
});
