#!/usr/bin/env bash
# Games per second of the speed targets' workloads (USA, statistics on), as `ttr simulate`
# reports them in run.json, with an optional baseline binary run alternately beside it:
# this machine's speed drifts from day to day by a fifth or more, so a figure means most
# beside a baseline measured in the same minutes.
# Usage: benches/targets.sh [TTR_BINARY] [BASELINE_BINARY] [RUNS]
#   (defaults: target/release/ttr, no baseline, 5 runs of each workload).
# Prints one line per workload: the median games/s of each binary and their ratio, then
# two threads against one for each kind of bot.
set -euo pipefail
bin=${1:-target/release/ttr}
base=${2:-}
runs=${3:-5}
map="$(cd "$(dirname "$0")/../maps" && pwd)/usa.toml"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# games/s of one run: BINARY PLAYERS BOTS GAMES THREADS
rate() {
    "$1" simulate --map "$map" --players "$2" --bots "$3" --games "$4" --threads "$5" -q --seed 1 \
        --out "$out/run" >/dev/null
    sed -n 's/.*"games_per_second": \([0-9.]*\).*/\1/p' "$out/run/run.json"
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
workload() {
    local name=$1 players=$2 bots=$3 games=$4 threads=$5
    : >"$out/new" && : >"$out/base"
    for _ in $(seq "$runs"); do
        rate "$bin" "$players" "$bots" "$games" "$threads" >>"$out/new"
        if [[ -n $base ]]; then
            rate "$base" "$players" "$bots" "$games" "$threads" >>"$out/base"
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
workload random-2p-1t 2 random 200000 1
workload random-2p-2t 2 random 400000 2
workload greedy-4p-1t 4 greedy 20000 1
workload greedy-4p-2t 4 greedy 40000 2
workload personas-1t 4 "$personas" 20000 1
workload personas-2t 4 "$personas" 40000 2
for kind in random-4p random-2p greedy-4p personas; do
    printf '%-14s two threads %.2f times one\n' "$kind" "$(ratio "${new_rate[$kind-2t]}" "${new_rate[$kind-1t]}")"
done
