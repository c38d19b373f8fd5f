#!/usr/bin/env bash
# Instruction counts of whole `ttr simulate` runs under callgrind: stable on a busy machine,
# unlike wall time. Usage: benches/instructions.sh [TTR_BINARY] (default target/release/ttr).
# Prints one line per workload: name, games, instructions, instructions per game.
set -euo pipefail
bin=${1:-target/release/ttr}
maps=$(cd "$(dirname "$0")/../maps" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() {
    local name=$1 players=$2 bots=$3 games=$4
    valgrind --tool=callgrind --callgrind-out-file="$out/$name.cg" "$bin" simulate --map "$maps/usa.toml" \
        --players "$players" --bots "$bots" --games "$games" --threads 1 -q --seed 1 --out "$out/$name" \
        >/dev/null 2>"$out/$name.log"
    local ir
    ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/$name.log")
    printf '%-10s %6d games %15d instructions %12d per game\n' "$name" "$games" "$ir" $((ir / games))
}
run random-4p 4 random 2000
run random-2p 2 random 2000
run greedy-4p 4 greedy 300
run personas 4 hungry,route-focus,one-step,long-route 200
run mcts-2p 2 mcts,greedy 2
