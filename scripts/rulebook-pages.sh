#!/bin/sh
# Builds every rulebook (A4, French and English) with BIN into DIR/out, keeps each page as a PNG
# (60 dpi) in DIR/png and the measure of each page's empty share in DIR/space.txt.
# Usage: scripts/rulebook-pages.sh BIN DIR   (run from the project root; needs pdftoppm)
set -e
bin=$1 dir=$2
mkdir -p "$dir/out" "$dir/png"
: > "$dir/space.txt"
for game in alphabrick arlecchino breakthrough-py imbriqua imperator lignes; do
  for lang in fr en; do
    "$bin" --allow-engine rules "$game" --lang "$lang" --paper a4 --out "$dir/out" > /dev/null
    python3 "$(dirname "$0")/rulebook-space.py" --png "$dir/png" \
      "$dir/out/$game/$game-rules-$lang-a4.pdf" >> "$dir/space.txt"
  done
done
grep pages "$dir/space.txt"
