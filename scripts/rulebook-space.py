#!/usr/bin/env python3
"""Measures how full the pages of rulebook PDFs are.

For each PDF: its pages, and for each page the share of the type area left empty. The type area
is the page less the rulebook's margins (20 mm each side, 22 mm at the top, 20 mm at the foot: the
running header and the folio lie outside it). It is cut into squares of 5 mm; a square is empty
when none of its pixels has ink (grey below 235 of 255) at 60 dpi. A square measure, not a row
measure, so that the leading between lines is not counted as empty and a small figure alone in
the middle of the width is. Beside it, the foot: the share of the type area's height below its
last ink (a page that ends short).

Usage: rulebook-space.py [--png DIR] FILE.pdf...   (needs pdftoppm; writes one line per PDF,
then a line per page, to stdout; --png also keeps each page as DIR/<pdf name>-<n>.png)
"""
import os
import subprocess
import sys
import tempfile

DPI = 60
MM = DPI / 25.4
MARGIN_X, TOP, BOTTOM, SQUARE = 20.0, 22.0, 20.0, 5.0
INK = 235


def read_pgm(path):
    with open(path, "rb") as f:
        data = f.read()
    # P5 header: magic, width, height, maxval, each after whitespace (no comments from pdftoppm).
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    pos += 1
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos:pos + w * h]


def page_empty(w, h, px):
    x0, x1 = round(MARGIN_X * MM), round(w - MARGIN_X * MM)
    y0, y1 = round(TOP * MM), round(h - BOTTOM * MM)
    step = SQUARE * MM
    cols = max(1, int((x1 - x0) / step))
    rows = max(1, int((y1 - y0) / step))
    empty = 0
    last_ink = -1
    for r in range(rows):
        ya, yb = y0 + round(r * step), y0 + round((r + 1) * step)
        for c in range(cols):
            xa, xb = x0 + round(c * step), x0 + round((c + 1) * step)
            if all(min(px[y * w + xa:y * w + xb]) >= INK for y in range(ya, yb)):
                empty += 1
            else:
                last_ink = r
    return empty / (rows * cols), (rows - 1 - last_ink) / rows


def measure(pdf, png_dir):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", pdf, os.path.join(tmp, "p")], check=True)
        pages = sorted(os.listdir(tmp), key=lambda n: int(n.split("-")[-1].split(".")[0]))
        shares = [page_empty(*read_pgm(os.path.join(tmp, n))) for n in pages]
    if png_dir:
        os.makedirs(png_dir, exist_ok=True)
        stem = os.path.splitext(os.path.basename(pdf))[0]
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", pdf, os.path.join(png_dir, stem)], check=True)
    return shares


def main(args):
    png_dir = None
    if args[:1] == ["--png"]:
        png_dir, args = args[1], args[2:]
    for pdf in args:
        shares = measure(pdf, png_dir)
        # The last page may end short: the emptiest page is also given without it.
        feet = [f for _, f in shares]
        shares = [s for s, _ in shares]
        inner = shares[:-1] or shares
        inner_feet = feet[:-1] or feet
        print(f"{os.path.basename(pdf)}\tpages {len(shares)}\temptiest {max(shares):.2f}"
              f" (p. {shares.index(max(shares)) + 1})\temptiest-but-last {max(inner):.2f}"
              f" (p. {inner.index(max(inner)) + 1})\tmean {sum(shares) / len(shares):.2f}"
              f"\tshortest foot-but-last {max(inner_feet):.2f} (p. {inner_feet.index(max(inner_feet)) + 1})")
        for i, (s, f) in enumerate(zip(shares, feet)):
            print(f"  p. {i + 1}\tempty {s:.2f}\tfoot {f:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
