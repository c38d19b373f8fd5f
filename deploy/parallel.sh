#!/usr/bin/env bash
# A handful of machines over ssh with GNU parallel: 8 shards over the hosts listed in
# hosts.txt (one `user@host` per line), one shard per host at a time (ttr uses all its
# cores). Each host needs ttr on its PATH and a copy of this repository at the same path
# relative to the home directory (--workdir .); --return copies each shard directory back
# here (drop it when the home directory is shared). Then one merge, here.
set -euo pipefail
parallel --sshloginfile hosts.txt --jobs 1 --workdir . --return 'shards/{}' \
  ttr simulate --map maps/usa.toml --players 4 --bots greedy --games 1e6 --seed 1 -q --shard '{}/8' --out 'shards/{}' \
  ::: 0 1 2 3 4 5 6 7
ttr merge shards/* --out results/usa-4p
