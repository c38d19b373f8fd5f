//! The map TOML loader: any text either builds a map that plays, or is refused with every
//! problem naming the file and a line (`map_toml` in `tests/common/fuzzing.rs`).
//!
//! Run from the repository root (nightly), the shipped maps as seeds:
//! `cargo +nightly fuzz run map_toml fuzz/corpus/map_toml fuzz/seeds/map_toml -- -max_total_time=600`
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::fuzzing::map_toml(data));
