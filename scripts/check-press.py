#!/usr/bin/env python3
"""Checks `ludopress export --press` with tools that are not ludopress's: pymupdf (MuPDF),
qpdf and Ghostscript.

For each preset (thegamecrafter, makeplayingcards, drivethrucards) and each game (potager and
imbriqua by default), it exports the press PDFs twice, in RGB and converted to CMYK with the
ink limit, and the print-on-demand images, then checks:

- pymupdf: on every page, MediaBox = BleedBox, TrimBox inside it by the preset's bleed on each
  of the four sides, and each deck's trim one of the preset's card sizes;
- qpdf --check: the file's structure;
- Ghostscript, the whole page rendered as CMYK (pamcmyk32, 72 dpi): no pixel's C+M+Y+K over
  the ink limit; Ghostscript's inkcov device, with images and vector art filtered out
  (-dFILTERIMAGE -dFILTERVECTOR), on every page whose text is all black or grey in the RGB file
  (pymupdf's text trace): no cyan, magenta or yellow, so the text prints on K only;
- the print-on-demand images (`export --pod --preset`) of Potager, the game with poker cards: a
  poker card is the preset's pixel size (825 x 1125 for The Game Crafter and DriveThruCards,
  822 x 1122 for MakePlayingCards).

The presets and games are checked in parallel, one job per core; each job's lines are printed
together, in the order of the presets and games.

Needs python3 with pymupdf (`import fitz`), qpdf and ghostscript. Prints one line per file and
ends with ALL OK (exit 0) or SOME CHECKS FAILED (exit 1).

Usage: scripts/check-press.py [--bin target/debug/ludopress] [--out DIR] [--games g1,g2]
       [--pod-games g1] [--ink-limit 300]
"""

import argparse
import concurrent.futures
import os
import shutil
import struct
import subprocess
import sys
import threading
import tomllib
import warnings

warnings.simplefilter("ignore")
try:
    import fitz  # noqa: E402  (pymupdf)
except ImportError:
    sys.exit("check-press.py needs pymupdf: pip install pymupdf (or apt-get install python3-fitz)")

LIMIT = 300.0
# The services' templates, read from their guides; not taken from ludopress.
PRESETS = {
    "thegamecrafter": {
        "bleed_in": 0.125,
        "cards_in": [(2.5, 3.5), (2.25, 3.5), (1.75, 2.5), (2.75, 4.75), (3.5, 3.5),
                     (2.5, 2.5), (3.5, 5.5)],
        "poker_px": (825, 1125),
    },
    "makeplayingcards": {
        "bleed_in": 0.12,
        "cards_in": [(2.5, 3.5), (2.25, 3.5), (1.75, 2.5), (2.75, 4.75), (3.5, 3.5),
                     (2.5, 2.5)],
        "poker_px": (822, 1122),
    },
    "drivethrucards": {
        "bleed_in": 0.125,
        "cards_in": [(2.5, 3.5), (2.25, 3.5), (2.75, 4.75), (2.5, 2.5)],
        "poker_px": (825, 1125),
    },
}

failures = []
# The lines of the job running on this thread, printed together when it ends.
job = threading.local()


def say(line):
    job.lines.append(line)


def fail(msg):
    failures.append(msg)
    say("FAIL " + msg)


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env)


def decks(root, game):
    """The ids of the game's decks and the sizes (mm) they give, from its game.toml."""
    with open(os.path.join(root, "games", game, "game.toml"), "rb") as f:
        data = tomllib.load(f)
    return {d["id"] for d in data.get("deck", [])}


def neutral(color):
    """Black or a grey: RGB channels at most 6/255 apart (`#1d1d1b` is, `#2b2622` is not)."""
    return len(color) == 3 and (max(color) - min(color)) * 255 <= 6.01


def spans(page):
    return [(s["colorspace"], tuple(s["color"]), s["chars"][0][0] if s["chars"] else 0)
            for s in page.get_texttrace()]


def pam_pages(path):
    """Every page of a multi-image PAM file (Ghostscript's pamcmyk32): the highest C+M+Y+K, %."""
    data = open(path, "rb").read()
    pos, highest = 0, []
    while pos < len(data):
        head = {}
        while True:
            end = data.index(b"\n", pos)
            line = data[pos:end].decode()
            pos = end + 1
            if line == "ENDHDR":
                break
            parts = line.split()
            if len(parts) == 2:
                head[parts[0]] = parts[1]
        w, h, depth = int(head["WIDTH"]), int(head["HEIGHT"]), int(head["DEPTH"])
        n = w * h * depth
        raster = data[pos:pos + n]
        pos += n
        best = 0
        for i in range(0, n, 4):
            t = raster[i] + raster[i + 1] + raster[i + 2] + raster[i + 3]
            if t > best:
                best = t
        highest.append(best * 100.0 / 255.0)
    return highest


def check_pdf(cmyk_pdf, rgb_pdf, preset, is_deck, tmp):
    p = PRESETS[preset]
    bleed = p["bleed_in"] * 72.0
    name = os.path.basename(cmyk_pdf)
    doc, rgb = fitz.open(cmyk_pdf), fitz.open(rgb_pdf)
    if len(doc) != len(rgb):
        fail(f"{preset} {name}: {len(doc)} CMYK pages, {len(rgb)} RGB")
        return
    trims = set()
    for page in doc:
        m, b, t = page.mediabox, page.bleedbox, page.trimbox
        if max(abs(m.x0 - b.x0), abs(m.y0 - b.y0), abs(m.x1 - b.x1), abs(m.y1 - b.y1)) > 0.01:
            fail(f"{preset} {name} p{page.number + 1}: BleedBox {b} is not the MediaBox {m}")
        insets = (t.x0 - m.x0, t.y0 - m.y0, m.x1 - t.x1, m.y1 - t.y1)
        if any(abs(i - bleed) > 0.05 for i in insets):
            fail(f"{preset} {name} p{page.number + 1}: trim inset {insets} pt, bleed is {bleed} pt")
        w_in, h_in = t.width / 72.0, t.height / 72.0
        trims.add((round(w_in * 25.4, 2), round(h_in * 25.4, 2)))
        if is_deck and not any(abs(w_in - a) < 0.004 and abs(h_in - c) < 0.004
                               for a, c in p["cards_in"]):
            fail(f"{preset} {name} p{page.number + 1}: a card of {w_in:.3f} x {h_in:.3f} in, "
                 f"not a {preset} size")
    r = run(["qpdf", "--check", cmyk_pdf])
    if r.returncode != 0:
        fail(f"{preset} {name}: qpdf --check: {r.stdout.strip()[-300:]} {r.stderr.strip()[-300:]}")
    # Text: the pages whose text is all black or grey in the RGB file (pymupdf's text trace;
    # it gives a CMYK file's colours converted back to RGB, so the plates are Ghostscript's).
    grey_pages, grey_spans, coloured_spans = [], 0, 0
    for page, rpage in zip(doc, rgb):
        cs, rs = spans(page), spans(rpage)
        if len(cs) != len(rs):
            fail(f"{preset} {name} p{page.number + 1}: {len(cs)} text spans, {len(rs)} in RGB")
            continue
        grey = sum(1 for _, rc, _ in rs if neutral(rc))
        grey_spans += grey
        coloured_spans += len(rs) - grey
        if rs and grey == len(rs):
            grey_pages.append(page.number + 1)
    # Ghostscript: text alone on the pages whose text is all grey: C = M = Y = 0.
    r = run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dFILTERIMAGE", "-dFILTERVECTOR",
             "-sDEVICE=inkcov", "-o", "-", cmyk_pdf])
    cov = [list(map(float, line.split()[:4])) for line in r.stdout.splitlines()
           if line.strip() and line.split()[0].replace(".", "").isdigit()]
    if r.returncode != 0 or len(cov) != len(doc):
        fail(f"{preset} {name}: gs inkcov gave {len(cov)} pages of {len(doc)}: {r.stderr[-300:]}")
    else:
        for n in grey_pages:
            c, mg, y, k = cov[n - 1]
            if c > 0 or mg > 0 or y > 0:
                fail(f"{preset} {name} p{n}: text alone covers C {c} M {mg} Y {y} (K {k})")
    # Ghostscript: the whole page in CMYK, pixel by pixel, within the ink limit.
    pam = os.path.join(tmp, f"{preset}-{name}.pam")
    r = run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-r72", "-sDEVICE=pamcmyk32", "-o", pam,
             cmyk_pdf])
    highest = pam_pages(pam) if r.returncode == 0 and os.path.exists(pam) else []
    if len(highest) != len(doc):
        fail(f"{preset} {name}: gs pamcmyk32 rendered {len(highest)} pages of {len(doc)}")
    over = [(i + 1, round(v, 1)) for i, v in enumerate(highest) if v > LIMIT + 1.5]
    if over:
        fail(f"{preset} {name}: pages over {LIMIT:.0f} % ink: {over[:5]}")
    say(f"ok {preset:16} {name:28} {len(doc):3} pages, boxes ok, trim mm {sorted(trims)}, "
          f"qpdf ok; text spans black or grey / coloured: {grey_spans}/{coloured_spans}, "
          f"{len(grey_pages)} pages of black or grey text on K only (inkcov); "
          f"highest pixel ink {max(highest, default=0):.0f} % (limit {LIMIT:.0f} %)")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def check_game(a, env, tmp, preset, game):
    """One preset and one game: the press PDFs in RGB and CMYK, then the print-on-demand images
    where asked. Returns the lines to print."""
    job.lines = []
    ids = decks(a.root, game)
    outs = {}
    for colour in ("rgb", "cmyk"):
        out = os.path.join(a.out, preset, colour)
        cmd = [a.bin, "--root", a.root, "export", game, "--press", "--preset", preset,
               "--out", out]
        if colour == "cmyk":
            cmd += ["--cmyk", "--ink-limit", str(int(LIMIT))]
        r = run(cmd, env)
        if r.returncode != 0:
            fail(f"{preset} {game}: {' '.join(cmd)}: exit {r.returncode}: {r.stderr[-500:]}")
        folder = preset + ("-cmyk" if colour == "cmyk" else "")
        outs[colour] = os.path.join(out, game, "exports", "press", folder)
    if not os.path.isdir(outs["cmyk"]):
        return job.lines
    pdfs = sorted(f for f in os.listdir(outs["cmyk"]) if f.endswith(".pdf"))
    if not pdfs:
        fail(f"{preset} {game}: no PDF written")
    for f in pdfs:
        comp = f.rsplit("-", 1)[0]
        check_pdf(os.path.join(outs["cmyk"], f), os.path.join(outs["rgb"], f), preset,
                  comp in ids, tmp)
    # Print-on-demand images of the same preset.
    if game not in a.pod_games.split(","):
        return job.lines
    pod = os.path.join(a.out, preset, "pod")
    r = run([a.bin, "--root", a.root, "export", game, "--pod", "--preset", preset,
             "--out", pod], env)
    if r.returncode != 0:
        fail(f"{preset} {game}: export --pod: exit {r.returncode}: {r.stderr[-300:]}")
        return job.lines
    sizes = {}
    for dirpath, _, files in os.walk(os.path.join(pod, game, "exports", "pod", preset)):
        for f in files:
            if f.endswith(".png"):
                sizes.setdefault(png_size(os.path.join(dirpath, f)), 0)
                sizes[png_size(os.path.join(dirpath, f))] += 1
    poker = PRESETS[preset]["poker_px"]
    say(f"ok {preset:16} {game} --pod images by size: {dict(sorted(sizes.items()))}")
    if game == "potager" and poker not in sizes:
        fail(f"{preset} {game}: no {poker[0]} x {poker[1]} px poker card among {sizes}")
    return job.lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/debug/ludopress")
    ap.add_argument("--out", default="/tmp/ludopress-press-check")
    ap.add_argument("--games", default="potager,imbriqua")
    ap.add_argument("--pod-games", default="potager")
    ap.add_argument("--root", default=".")
    ap.add_argument("--ink-limit", type=float, default=300.0)
    a = ap.parse_args()
    global LIMIT
    LIMIT = a.ink_limit
    for tool in ("qpdf", "gs"):
        if shutil.which(tool) is None:
            print(f"FAIL {tool} is not installed")
            return 1
    shutil.rmtree(a.out, ignore_errors=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")
    tmp = os.path.join(a.out, "tmp")
    os.makedirs(tmp)
    jobs = [(preset, game) for preset in PRESETS for game in a.games.split(",")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for lines in pool.map(lambda j: check_game(a, env, tmp, *j), jobs):
            print("\n".join(lines), flush=True)
    print("ALL OK" if not failures else f"SOME CHECKS FAILED ({len(failures)})")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
