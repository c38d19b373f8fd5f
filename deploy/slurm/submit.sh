#!/usr/bin/env bash
# Submits the shard array, then the merge job, which starts only after every array task
# ended successfully (afterok on an array job waits for all its tasks).
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p logs
array=$(sbatch --parsable deploy/slurm/shards.sbatch)
sbatch --dependency="afterok:${array%%;*}" deploy/slurm/merge.sbatch
