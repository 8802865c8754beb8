#!/usr/bin/env python3
"""Pages and empty area of every rulebook PDF under output/ (run `ludopress build` first).

A page is rendered in grey at 20 dpi by pdftoppm (poppler-utils); its body is the page less
its top 10 % and bottom 8 % (the running head and the folio). A row of the body is empty when
none of its pixels is darker than 240 of 255; the page's empty area is the share of its body's
rows in runs of empty rows 7.5 mm tall or more (the gaps between lines and paragraphs are not
empty area; the white below a page's end, a short figure's sides and a gap a page break leaves
are). Prints, per book: its pages, then each page's empty share, pages over a
third empty marked `*` (the last page of a book is left unmarked: a book ends where it ends).

Usage: benches/page_fill.py [OUTPUT_DIR] [--summary]
"""
import glob
import os
import subprocess
import sys
import tempfile


def pgm(path):
    """Width, height and pixel bytes of a binary PGM (P5, 8 bits)."""
    data = open(path, "rb").read()
    fields, i = [], 0
    while len(fields) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            while data[i:i + 1] != b"\n":
                i += 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        fields.append(data[i:j])
        i = j
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[i + 1:]


def empty_shares(pdf):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["pdftoppm", "-r", "20", "-gray", pdf, os.path.join(d, "p")], check=True)
        out = []
        for f in sorted(glob.glob(os.path.join(d, "p-*.pgm")), key=lambda s: int(s.rsplit("-", 1)[1][:-4])):
            w, h, px = pgm(f)
            top, bottom = int(h * 0.10), int(h * 0.92)
            rows = range(top, bottom)
            blank = [min(px[y * w:(y + 1) * w]) > 240 for y in rows]
            tall = max(1, round(7.5 / 25.4 * 20))
            empty, run = 0, 0
            for b in blank + [False]:
                if b:
                    run += 1
                else:
                    if run >= tall:
                        empty += run
                    run = 0
            out.append(empty / max(1, len(blank)))
        return out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    summary = "--summary" in sys.argv
    root = args[0] if args else "output"
    books = sorted(glob.glob(os.path.join(root, "*", "*-rules-*.pdf")))
    total_over = 0
    for pdf in books:
        shares = empty_shares(pdf)
        over = [i + 1 for i, s in enumerate(shares[:-1]) if s > 1 / 3]
        total_over += len(over)
        name = os.path.basename(pdf)[:-4]
        if summary:
            print(f"{name:40} {len(shares):3} pages, {len(over)} over a third empty {over}")
        else:
            cells = " ".join(f"{round(s * 100):3d}%{'*' if i + 1 in over else ' '}" for i, s in enumerate(shares))
            print(f"{name:40} {len(shares):3} | {cells}")
    print(f"books: {len(books)}, pages over a third empty (not last): {total_over}")


if __name__ == "__main__":
    main()
