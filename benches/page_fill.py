#!/usr/bin/env python3
"""Pages and empty area of every rulebook PDF under output/ (run `ludopress build` first).

A page is rendered in grey at 20 dpi by pdftoppm (poppler-utils); its body is the page less
its top 10 % and bottom 8 % (the running head and the folio). A row of the body is empty when
none of its pixels is darker than 240 of 255; the page's empty area is the share of its body's
rows in runs of empty rows 7.5 mm tall or more (the gaps between lines and paragraphs are not
empty area; the white below a page's end, a short figure's sides and a gap a page break leaves
are). Prints, per book: its pages, then each page's empty share, pages over a
third empty marked `*` mid-section and `+` at a section's end (the next page opens with one of
the book's headings, read from its `games/<game>/rules.<lang>.md`); the last page of a book is
left unmarked: a book ends where it ends.

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


def headings(pdf):
    """The headings of the Markdown source a rulebook PDF was built from, normalised."""
    name = os.path.basename(pdf)[:-4]
    game, rest = name.split("-rules-", 1)
    lang = rest.split("-", 1)[0]
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "games", game, f"rules.{lang}.md")
    if not os.path.exists(src):
        return set()
    out = set()
    for line in open(src, encoding="utf-8"):
        if line.startswith("#"):
            # (`## Summary {.summary}`: the attributes are not printed.)
            out.add(norm(line.lstrip("#").replace("*", "").split("{", 1)[0]))
    return out


def norm(t):
    return " ".join(t.replace("\u00a0", " ").replace("\u202f", " ").split())


def opens_section(pdf, page, heads):
    """True when page `page` (from 1) opens with one of `heads` below its running head."""
    text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), pdf, "-"],
                          capture_output=True, text=True).stdout
    lines = [norm(l) for l in text.splitlines() if l.strip()]
    return any(l in heads for l in lines[:2])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    summary = "--summary" in sys.argv
    root = args[0] if args else "output"
    books = sorted(glob.glob(os.path.join(root, "*", "*-rules-*.pdf")))
    total_over, total_mid = 0, 0
    for pdf in books:
        shares = empty_shares(pdf)
        over = [i + 1 for i, s in enumerate(shares[:-1]) if s > 1 / 3]
        heads = headings(pdf)
        ends = [i for i in over if opens_section(pdf, i + 1, heads)]
        total_over += len(over)
        total_mid += len(over) - len(ends)
        name = os.path.basename(pdf)[:-4]
        if summary:
            print(f"{name:40} {len(shares):3} pages, {len(over)} over a third empty {over}")
        else:
            mark = lambda i: "+" if i in ends else "*" if i in over else " "
            cells = " ".join(f"{round(s * 100):3d}%{mark(i + 1)}" for i, s in enumerate(shares))
            print(f"{name:40} {len(shares):3} | {cells}")
    print(f"books: {len(books)}, pages over a third empty (not last): {total_over}, "
          f"of which mid-section (not a section's last): {total_mid}")


if __name__ == "__main__":
    main()
