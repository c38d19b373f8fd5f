#!/usr/bin/env bash
# Every test of the project, on a fresh machine: installs what it needs (cargo-nextest),
# then runs the Rust test suite, the local shards-and-merge recipe of deploy/ once, clippy
# with warnings as errors, and the docs build.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! cargo nextest --version >/dev/null 2>&1; then
  cargo install cargo-nextest --locked
fi
cargo nextest run --workspace --release
cargo test --workspace --release --doc
bash deploy/local-shards.sh 4 4000
cargo clippy --workspace --all-targets --release -- -D warnings
RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --no-deps
