#!/usr/bin/env bash
# Deeper perft of a seed game declared as data against its Rust engine, in release: from the
# start (depth 4) and from positions of seeded random games of the Rust engine (depth 3), each
# count and its time beside the other's. The positions are the records of `play` with two
# random players cut after some plies, converted as tests/declared_seeds.rs converts them (the
# game's id, `in_hand` written `hand`). Needs python3; builds the release binary.
# Usage: benches/seed_perft.sh [SEED_GAME] (imperator by default; alphabrick too)
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-imperator}
cargo build --release --quiet
bin=$PWD/target/release/ludopress
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# perft of FILE to DEPTH: `count seconds`.
count() {
  local start end n
  start=$(date +%s%N)
  n=$("$bin" perft "$1" "$2" | grep -oE '[0-9]+' | tail -1)
  end=$(date +%s%N)
  echo "$n $(( (end - start) / 1000000 ))"
}
# The declared game's reading of a position file of the Rust engine's.
convert() {
  python3 - "$1" "$2" "$game" <<'PY'
import sys, re
src, dst, game = sys.argv[1:4]
text = open(src).read()
text = text.replace(f'game = "{game}"', f'game = "{game}-declared"', 1)
text = re.sub(r'^in_hand = ', 'hand = ', text, count=1, flags=re.M)
open(dst, "w").write(text)
PY
}
# A record cut after `plies` plies.
cut() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
src, dst, plies = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(src).read().split("\n")
out, kept, inside = [], 0, False
for l in lines:
    if l.startswith("record = ["):
        inside = True
        out.append(l)
        continue
    if inside and l.startswith("]"):
        inside = False
    if inside:
        if kept < plies:
            out.append(l)
            kept += 1
        continue
    out.append(l)
open(dst, "w").write("\n".join(out))
PY
}
printf '| position | depth | %s | ms | %s-declared | ms |\n| --- | ---: | ---: | ---: | ---: | ---: |\n' "$game" "$game"
"$bin" new "$game" --seed 1 > "$dir/start.toml"
convert "$dir/start.toml" "$dir/start-d.toml"
read -r a ta < <(count "$dir/start.toml" 4)
read -r b tb < <(count "$dir/start-d.toml" 4)
echo "| start | 4 | $a | $ta | $b | $tb |"
[ "$a" = "$b" ] || { echo "perft differs from the start"; exit 1; }
for seed in 1 2 3 4 5 6; do
  "$bin" play "$game" --players random,random --seed "$seed" --record "$dir/g$seed.toml" </dev/null >/dev/null 2>&1 || true
  for plies in 12 20 30 45; do
    cut "$dir/g$seed.toml" "$dir/p.toml" "$plies"
    convert "$dir/p.toml" "$dir/p-d.toml"
    read -r a ta < <(count "$dir/p.toml" 3)
    read -r b tb < <(count "$dir/p-d.toml" 3)
    echo "| game $seed, ply $plies | 3 | $a | $ta | $b | $tb |"
    [ "$a" = "$b" ] || { echo "perft differs"; exit 1; }
  done
done
