#!/usr/bin/env bash
# Playouts per CPU-second of every engine, this tree's release binary (A) beside another tree's
# (B, the baseline: BEFORE=/path/to/tree, default /work/before), timed in one run by farm-bench
# (A and B in turn, ratio A/B pair by pair): the five bundled engines, the six declared games and
# breakthrough-py (the game's own Python program, run with --allow-engine). Both binaries must be
# built (`cargo build --release` in each tree). CPU time per playout = median cpu / games.
# Usage: benches/playouts.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
after=$PWD
before=${BEFORE:-/work/before}
runs=${1:-5}
# game and games a run (about a CPU-second each on the baseline)
set -- imbriqua 30000 lignes 30000 imperator 1500 alphabrick 150 arlecchino 20000 \
  breakthrough 40000 connect4 100000 draughts 25000 hex 25000 reversi 10000 tictactoe 300000 \
  breakthrough-py 20
while [ $# -gt 0 ]; do
  game=$1 n=$2
  shift 2
  echo "== $game: $n games a run"
  farm-bench -n "$runs" --timeout 600 \
    --vs "sh -c 'cd $before && exec target/release/ludopress playout $game --games $n --seed 1 --allow-engine'" \
    -- sh -c "cd $after && exec target/release/ludopress playout $game --games $n --seed 1 --allow-engine"
done
