#!/usr/bin/env bash
# Runs a simulation and a tournament as N shards in N local processes, merges each with
# `ttr merge`, and checks that the merged files equal those of one unsharded run, byte for
# byte (run.json and tournament.json: all but the fields saying how the run was made).
# The same commands run unchanged as the tasks of any batch scheduler: see "Running on a cluster" in README.md.
#
#   deploy/local-shards.sh [SHARDS] [GAMES]      (defaults: 4 shards, 4000 games)
#   TTR=path/to/ttr deploy/local-shards.sh       (default: target/release/ttr, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
shards=${1:-4}
games=${2:-4000}
ttr=${TTR:-target/release/ttr}
[ -x "$ttr" ] || cargo build --release -p ttr-lab --bin ttr
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A JSON run description without the fields saying how the run was made (command line,
# threads, times): the files are pretty-printed, one top-level field per line or array.
what_it_found() {
  awk '/^  "(command|threads|wall_seconds|games_per_second|shard_wall_seconds)": / { skip = /\[$/; next }
       skip { if (/^  \]/) skip = 0; next }
       { print }' "$1"
}

# Every file of $1 equals the one in $2 (the JSON run descriptions: what_it_found).
same_files() {
  local a=$1 b=$2 name
  diff <(cd "$a" && ls) <(cd "$b" && ls) >/dev/null || { echo "error: $a and $b hold other files" >&2; exit 1; }
  for file in "$a"/*; do
    name=$(basename "$file")
    case $name in
      *.json) diff <(what_it_found "$file") <(what_it_found "$b/$name") >/dev/null ;;
      *) cmp -s "$file" "$b/$name" ;;
    esac || { echo "error: $b/$name differs from $file" >&2; exit 1; }
  done
}

# Plays `$ttr ARGS` once and as $shards shards in parallel processes, merges, compares.
check() {
  local name=$1; shift
  local start
  "$ttr" "$@" --out "$work/$name-single" -q >/dev/null
  start=$(date +%s%N)
  for ((i = 0; i < shards; i++)); do
    "$ttr" "$@" --shard "$i/$shards" --out "$work/$name-shards/$i" -q >/dev/null &
  done
  wait
  "$ttr" merge "$work/$name-shards"/* --out "$work/$name-merged" >/dev/null
  same_files "$work/$name-single" "$work/$name-merged"
  echo "$name: $shards shards merged equal the single run ($((($(date +%s%N) - start) / 1000000)) ms for shards and merge)"
}

check simulate simulate --map maps/usa.toml --players 4 --bots random --games "$games" --seed 1
check tournament tournament --map maps/nordic.toml --players 2..3 --bots random,greedy,greedy:eps=0.3 \
  --games "$((games / 10))" --seed 1 --bootstrap 50
