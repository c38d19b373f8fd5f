#!/usr/bin/env bash
# Games per second of the speed targets' workloads (USA, statistics on), as `ttr simulate`
# reports them in run.json, with an optional baseline binary run alternately beside it:
# this machine's speed drifts from day to day by a fifth or more, so a figure means most
# beside a baseline measured in the same minutes.
# Usage: benches/targets.sh [TTR_BINARY] [BASELINE_BINARY] [RUNS]
#   (defaults: target/release/ttr, no baseline, 5 runs of each workload).
# Prints one line per workload: the median games/s of each binary and their ratio, then
# two threads against one for each kind of bot, beside two one-thread runs side by side
# against one: the most that two threads can give on this machine at that time.
set -euo pipefail
bin=${1:-target/release/ttr}
base=${2:-}
runs=${3:-5}
map="$(cd "$(dirname "$0")/../maps" && pwd)/usa.toml"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# The games/s that a run wrote in OUT_DIR/run.json.
games_per_second() {
    sed -n 's/.*"games_per_second": \([0-9.]*\).*/\1/p' "$1/run.json"
}

# games/s of one run: BINARY PLAYERS BOTS GAMES THREADS
rate() {
    "$1" simulate --map "$map" --players "$2" --bots "$3" --games "$4" --threads "$5" -q --seed 1 \
        --out "$out/run" >/dev/null
    games_per_second "$out/run"
}

# games/s of two one-thread runs side by side, summed: BINARY PLAYERS BOTS GAMES. They ask
# of the machine what one two-thread run does (two threads playing, the statistics of as
# many games), so their sum is what the machine gives two threads: its cores do not scale
# by exactly 2.
pair_rate() {
    "$1" simulate --map "$map" --players "$2" --bots "$3" --games "$4" --threads 1 -q --seed 1 \
        --out "$out/run" >/dev/null &
    "$1" simulate --map "$map" --players "$2" --bots "$3" --games "$4" --threads 1 -q --seed 2 \
        --out "$out/pair" >/dev/null
    wait $!
    awk -v a="$(games_per_second "$out/run")" -v b="$(games_per_second "$out/pair")" 'BEGIN { print a + b }'
}

# games/s of a workload: BINARY PLAYERS BOTS GAMES THREADS (see `workload`).
measure() {
    if [[ $5 == pair ]]; then pair_rate "$1" "$2" "$3" "$4"; else rate "$@"; fi
}

# The median of the numbers on standard input.
median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

# A over B, both numbers.
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { print a / b }'
}

declare -A new_rate
# One workload, measured `runs` times: NAME PLAYERS BOTS GAMES THREADS (1, 2, or `pair` for
# two one-thread runs side by side).
workload() {
    local name=$1 players=$2 bots=$3 games=$4 threads=$5
    : >"$out/new" && : >"$out/base"
    for _ in $(seq "$runs"); do
        measure "$bin" "$players" "$bots" "$games" "$threads" >>"$out/new"
        if [[ -n $base ]]; then
            measure "$base" "$players" "$bots" "$games" "$threads" >>"$out/base"
        fi
    done
    local new old
    new=$(median <"$out/new")
    new_rate[$name]=$new
    if [[ -n $base ]]; then
        old=$(median <"$out/base")
        printf '%-14s %9.0f games/s   baseline %9.0f   ratio %5.2f\n' "$name" "$new" "$old" "$(ratio "$new" "$old")"
    else
        printf '%-14s %9.0f games/s\n' "$name" "$new"
    fi
}

personas=hungry,route-focus,one-step,long-route
workload random-4p-1t 4 random 200000 1
workload random-4p-2t 4 random 400000 2
workload random-4p-pair 4 random 200000 pair
workload random-2p-1t 2 random 200000 1
workload random-2p-2t 2 random 400000 2
workload random-2p-pair 2 random 200000 pair
workload greedy-4p-1t 4 greedy 20000 1
workload greedy-4p-2t 4 greedy 40000 2
workload greedy-4p-pair 4 greedy 20000 pair
workload personas-1t 4 "$personas" 20000 1
workload personas-2t 4 "$personas" 40000 2
workload personas-pair 4 "$personas" 20000 pair
for kind in random-4p random-2p greedy-4p personas; do
    printf '%-14s two threads %.2f times one; two one-thread runs side by side %.2f\n' "$kind" \
        "$(ratio "${new_rate[$kind-2t]}" "${new_rate[$kind-1t]}")" "$(ratio "${new_rate[$kind-pair]}" "${new_rate[$kind-1t]}")"
done
