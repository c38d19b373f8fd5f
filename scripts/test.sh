#!/usr/bin/env bash
# Every test of the project, on a fresh machine: installs what it needs (cargo-nextest),
# then checks the formatting and runs the Rust test suite, the local shards-and-merge
# recipe of deploy/ once, clippy with warnings as errors, the docs build, and the Python
# package's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! cargo nextest --version >/dev/null 2>&1; then
  cargo install cargo-nextest --locked
fi
# Formatting first: the cheapest check. rustfmt comes with the toolchain; where it was left
# out, say so rather than fail the run on a tool the project cannot install.
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --all --check
else
  echo "warning: rustfmt is not installed; formatting not checked" >&2
fi
cargo nextest run --workspace --release
cargo test --workspace --release --doc
bash deploy/local-shards.sh 4 4000
cargo clippy --workspace --all-targets --release -- -D warnings
RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --no-deps
# The Python package (python/): built into .venv and tested with pytest; the tests compare
# against the ttr binary, built here.
cargo build --release -p ttr-lab --bin ttr
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/pip install -q maturin numpy pettingzoo gymnasium pytest
.venv/bin/pip install -q ./python
.venv/bin/python -m pytest -q python/tests
