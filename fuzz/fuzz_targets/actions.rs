//! The action applier: arbitrary action sequences on seeded games of the shipped maps; each
//! action is refused with the state untouched or applied with every invariant of the
//! property tests holding (`actions` in `tests/common/fuzzing.rs`).
//!
//! Run from the repository root (nightly):
//! `cargo +nightly fuzz run actions fuzz/corpus/actions fuzz/seeds/actions -- -max_total_time=600`
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::fuzzing::actions(data));
