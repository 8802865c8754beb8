#!/bin/sh
# Builds the press exports of potager and imbriqua for the three presets (CMYK) and checks them
# with independent tools: pymupdf (TrimBox and BleedBox of every page against the preset),
# qpdf --check, Ghostscript's inkcov device (no page over the ink limit; a K-only page shows
# C = M = Y = 0). Needs qpdf, ghostscript and python3 with pymupdf. Usage:
#   scripts/check-press.sh [path/to/ludopress] [out-folder]
set -eu
BIN=${1:-target/release/ludopress}
OUT=${2:-/tmp/ludopress-press-check}
LIMIT=300
fail=0
for preset in thegamecrafter makeplayingcards drivethrucards; do
  for game in potager imbriqua; do
    SOURCE_DATE_EPOCH=1767225600 "$BIN" export "$game" --press --preset "$preset" --cmyk \
      --ink-limit $LIMIT --out "$OUT" > "$OUT.$game.$preset.log" 2>&1 || { echo "FAIL export $game $preset"; fail=1; continue; }
    dir="$OUT/$game/exports/press/$preset"
    for pdf in "$dir"/*.pdf; do
      qpdf --check "$pdf" > /dev/null 2>&1 || { echo "FAIL qpdf $pdf"; fail=1; }
      python3 - "$pdf" "$preset" <<'PY' || fail=1
import sys, fitz
pdf, preset = sys.argv[1], sys.argv[2]
bleed = {"thegamecrafter": 9.0, "makeplayingcards": 8.64, "drivethrucards": 9.0}[preset]
doc = fitz.open(pdf)
sizes = set()
for p in doc:
    m, t, b = p.mediabox, p.trimbox, p.bleedbox
    ok = abs((m.width - t.width) - 2 * bleed) < 0.05 and abs(b.width - m.width) < 0.05
    if not ok:
        print(f"FAIL boxes {pdf} p{p.number+1}: media {m} trim {t} bleed {b}"); sys.exit(1)
    sizes.add((round(t.width / 72 * 25.4, 2), round(t.height / 72 * 25.4, 2),
               round(b.width / 72 * 300), round(b.height / 72 * 300)))
oi = doc.pdf_catalog()
print(f"ok {pdf.split('/')[-1]:28} {len(doc):3} pages  trim mm / bleed px @300: {sorted(sizes)}")
PY
      gs -q -o - -sDEVICE=inkcov "$pdf" 2>/dev/null | awk -v f="$pdf" -v lim=$LIMIT '
        { t = ($1 + $2 + $3 + $4) * 100; if (t > max) max = t }
        END { printf "   inkcov: %d pages, highest mean coverage %.1f %%\n", NR, max }'
    done
  done
done
[ $fail = 0 ] && echo "ALL OK" || echo "SOME CHECKS FAILED"
exit $fail
