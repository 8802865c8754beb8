#!/usr/bin/env bash
# Benchmarks: the whole build of every game as a process, then the in-process figures of
# benches/*.rs. Installs rsvg-convert (librsvg2-bin) for the side-by-side PDF comparison if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v rsvg-convert >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq librsvg2-bin) >/dev/null 2>&1 || echo "could not install librsvg2-bin"
fi
cargo build --release --quiet
out=$(mktemp -d)
best=""
for i in 1 2 3; do
  start=$(date +%s%N)
  target/release/ludopress build --out "$out" >/dev/null
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
done
echo "ludopress build (5 games, A4+Letter, PDF+SVG+PNG, as a process, best of 3): ${best} ms"
echo "Imbriqua print PDF (fr): $(stat -c %s "$out/imbriqua/imbriqua-fr-a4.pdf") bytes (A4), $(stat -c %s "$out/imbriqua/imbriqua-fr-letter.pdf") bytes (Letter)"
rm -rf "$out"
cargo bench --quiet --bench assets
cargo bench --quiet --bench rules
cargo bench --quiet --bench anchor
cargo bench --quiet --bench rulebook_check
cargo bench --quiet --bench print_files
cargo bench --quiet --bench designer_loop
