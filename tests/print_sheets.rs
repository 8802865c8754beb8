//! Every page of every game's print file, on both papers, for both flips, with and without
//! `--fit`: nothing in the margin band, every crop mark on a cut line, every back behind its
//! front, captions of 6 pt or more, a page order safe to print double-sided, and a guide page
//! with a 50 mm ruler.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::layout::Outline;
use ludopress::make::{print_sheets, BuildOptions};
use ludopress::scene::{Flat, Seg, P};
use ludopress::sheet::{Flip, Paper, Sheet, Side};

/// The games of this folder that are not shipped: one with its own engine program, one without
/// rules (the shipped ones are the registry's).
const OTHERS: [&str; 2] = ["breakthrough-py", "potager"];

type Box4 = (f64, f64, f64, f64);

fn grow(b: Box4, q: P) -> Box4 {
    (b.0.min(q.x), b.1.min(q.y), b.2.max(q.x), b.3.max(q.y))
}

fn bounds(segs: &[Seg]) -> Option<Box4> {
    let mut b: Option<Box4> = None;
    for s in segs {
        let pts: Vec<P> = match s {
            Seg::Move(a) | Seg::Line(a) => vec![*a],
            Seg::Cubic(a, c, d) => vec![*a, *c, *d],
            Seg::Close => vec![],
        };
        for q in pts {
            b = Some(match b {
                None => (q.x, q.y, q.x, q.y),
                Some(b) => grow(b, q),
            });
        }
    }
    b
}

fn meet(a: Box4, b: Box4) -> Option<Box4> {
    let c = (a.0.max(b.0), a.1.max(b.1), a.2.min(b.2), a.3.min(b.3));
    (c.0 <= c.2 && c.1 <= c.3).then_some(c)
}

/// Everything a page shows, as boxes on the page, clipped where the drawing clips.
fn inked(sheet: &Sheet) -> Vec<(Box4, String)> {
    // (Text under 6 pt is named with its page by the caller's message.)
    let mut clips: Vec<Option<Box4>> = vec![None];
    let mut out = Vec::new();
    let clip = |clips: &[Option<Box4>], b: Box4| match clips.last().copied().flatten() {
        Some(c) => meet(b, c),
        None => Some(b),
    };
    for f in sheet.scene.flatten() {
        match f {
            Flat::Path(p) => {
                let Some(mut b) = bounds(&p.segs) else {
                    continue;
                };
                if let Some(st) = p.stroke {
                    let w = st.width / 2.0;
                    b = (b.0 - w, b.1 - w, b.2 + w, b.3 + w);
                } else if p.fill.is_none() {
                    continue;
                }
                if let Some(b) = clip(&clips, b) {
                    out.push((b, "a path".to_string()));
                }
            }
            Flat::Text(run, _) => {
                let w = run.face.width_mm(&run.text, run.size);
                let em = run.size * 25.4 / 72.0;
                let b = (run.x, run.y - 0.8 * em, run.x + w, run.y + 0.25 * em);
                if let Some(b) = clip(&clips, b) {
                    out.push((b, format!("the text `{}` at {} pt", run.text, run.size)));
                }
                assert!(run.size >= 6.0, "`{}` at {} pt", run.text, run.size);
            }
            Flat::Image(_, t) => {
                let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
                    .map(|(x, y)| t.apply(ludopress::scene::p(x, y)));
                let b = corners[1..].iter().fold(
                    (corners[0].x, corners[0].y, corners[0].x, corners[0].y),
                    |b, q| grow(b, *q),
                );
                if let Some(b) = clip(&clips, b) {
                    out.push((b, "an image".to_string()));
                }
            }
            Flat::PushClip(segs) => {
                let b = bounds(&segs).unwrap_or((0.0, 0.0, 0.0, 0.0));
                let b = match clips.last().copied().flatten() {
                    Some(c) => meet(b, c).unwrap_or((0.0, 0.0, 0.0, 0.0)),
                    None => b,
                };
                clips.push(Some(b));
            }
            Flat::PopClip => {
                clips.pop();
            }
        }
    }
    out
}

/// The test's own reading of duplex printing: where a point of a front lands on its back.
fn behind(page: (f64, f64), flip: Flip, q: P) -> P {
    let portrait = page.0 < page.1;
    let across_width = (flip == Flip::LongEdge) == portrait;
    if across_width {
        ludopress::scene::p(page.0 - q.x, q.y)
    } else {
        ludopress::scene::p(q.x, page.1 - q.y)
    }
}

fn key(o: &Outline) -> Vec<(i64, i64)> {
    let mut v: Vec<(i64, i64)> = o
        .parts
        .iter()
        .flatten()
        .map(|q| ((q.x * 1e4).round() as i64, (q.y * 1e4).round() as i64))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn every_sheet_of_every_game_is_safe_to_print() {
    let mut pages = 0;
    let mut marks = 0;
    let mut backs = 0;
    for id in ludopress::rules::registry::NAMES.into_iter().chain(OTHERS) {
        let game = common::game(id);
        let margin = game.sheet.margin;
        for paper in Paper::ALL {
            for flip in [Flip::LongEdge, Flip::ShortEdge] {
                for fit in [false, true] {
                    let opts = BuildOptions {
                        flip,
                        fit,
                        previews: false,
                        ..BuildOptions::default()
                    };
                    let lang = game.languages[0];
                    let sheets = print_sheets(&game, &opts, lang, paper);
                    let at = |i: usize| format!("{id} {paper:?} {flip:?} fit={fit} page {}", i + 1);
                    assert_eq!(sheets[0].side, Side::Guide, "{}", at(0));
                    let duplex = sheets.iter().any(|s| s.side == Side::Back);
                    for (i, s) in sheets.iter().enumerate() {
                        pages += 1;
                        let (pw, ph) = (s.scene.width, s.scene.height);
                        // Nothing in the band the printer cannot print.
                        for (b, what) in inked(s) {
                            assert!(
                                b.0 >= margin - 1e-6
                                    && b.1 >= margin - 1e-6
                                    && b.2 <= pw - margin + 1e-6
                                    && b.3 <= ph - margin + 1e-6,
                                "{}: {what} at {b:?} is within {margin} mm of the edge",
                                at(i)
                            );
                        }
                        // Every mark on a cut line, off every component.
                        let g = &s.geometry;
                        for m in &g.marks {
                            marks += 1;
                            assert!(
                                g.cuts.iter().any(|c| ludopress::sheet::on_line(*m, *c)),
                                "{}: a mark {m:?} on no cut line",
                                at(i)
                            );
                            for (_, o) in &g.placed {
                                assert!(o.distance(m.0) > 0.2 && o.distance(m.1) > 0.2);
                            }
                        }
                        if matches!(s.side, Side::Front | Side::Back) {
                            assert!(!g.placed.is_empty(), "{}", at(i));
                            assert!(!g.marks.is_empty(), "{}: no crop marks", at(i));
                        }
                        // Double-sided printing of the whole file: odd pages are fronts.
                        if duplex {
                            assert_eq!(s.is_back(), i % 2 == 1, "{}: {:?}", at(i), s.side);
                        }
                        // Each back behind its front; the registration marks on each other.
                        if s.side == Side::Back {
                            backs += 1;
                            let f = &sheets[i - 1];
                            assert_eq!(f.side, Side::Front);
                            for (k, o) in &g.placed {
                                let (_, fo) =
                                    f.geometry.placed.iter().find(|(j, _)| j == k).unwrap();
                                let mirrored = Outline {
                                    parts: fo
                                        .parts
                                        .iter()
                                        .map(|part| {
                                            part.iter()
                                                .map(|&q| behind((pw, ph), flip, q))
                                                .collect()
                                        })
                                        .collect(),
                                };
                                assert_eq!(key(&mirrored), key(o), "{}: component {k}", at(i));
                            }
                            let (r, fr) = (g.register.unwrap(), f.geometry.register.unwrap());
                            let m = behind((pw, ph), flip, fr);
                            assert!((m.x - r.x).abs() < 1e-9 && (m.y - r.y).abs() < 1e-9);
                        }
                    }
                    let (a, b) = sheets[0].geometry.ruler.expect("a ruler");
                    assert!(((b.x - a.x).hypot(b.y - a.y) - 50.0).abs() < 1e-9);
                    let _ = Lang::Fr;
                }
            }
        }
    }
    assert!(
        pages > 200 && marks > 2000 && backs > 20,
        "{pages} pages, {marks} marks, {backs} backs"
    );
}

/// A rectangle of paper: x0, y0, x1, y1.
type Region = (f64, f64, f64, f64);

/// The line through `m`, clipped to `r` (`None` when it misses it).
fn across(m: (P, P), r: Region) -> Option<(P, P)> {
    let (a, b) = m;
    let d = (b.x - a.x, b.y - a.y);
    let (mut t0, mut t1) = (f64::NEG_INFINITY, f64::INFINITY);
    for (p0, dd, lo, hi) in [(a.x, d.0, r.0, r.2), (a.y, d.1, r.1, r.3)] {
        if dd.abs() < 1e-12 {
            if p0 < lo - 1e-9 || p0 > hi + 1e-9 {
                return None;
            }
        } else {
            let (u, v) = ((lo - p0) / dd, (hi - p0) / dd);
            t0 = t0.max(u.min(v));
            t1 = t1.min(u.max(v));
        }
    }
    let at = |t: f64| ludopress::scene::p(a.x + d.0 * t, a.y + d.1 * t);
    (t1 > t0).then(|| (at(t0), at(t1)))
}

/// True when `q` lies inside one of the outline's convex parts (or on its edge, with `tol`).
fn inside(o: &Outline, q: P, tol: f64) -> bool {
    o.parts.iter().any(|part| {
        let n = part.len();
        let area: f64 = (0..n)
            .map(|i| {
                let (a, b) = (part[i], part[(i + 1) % n]);
                a.x * b.y - b.x * a.y
            })
            .sum();
        (0..n).all(|i| {
            let (a, b) = (part[i], part[(i + 1) % n]);
            let len = (b.x - a.x).hypot(b.y - a.y);
            let cross = ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)) / len;
            cross * area.signum() >= -tol
        })
    })
}

/// Where a cut along segment `s` runs through a piece (paper of one piece on both sides of it,
/// a hair away), when it does.
fn cuts_through(s: (P, P), pieces: &[&Outline]) -> Option<P> {
    let (a, b) = s;
    let len = (b.x - a.x).hypot(b.y - a.y);
    if len < 1e-9 {
        return None;
    }
    let n = ((b.y - a.y) / len, -(b.x - a.x) / len);
    pieces.iter().find_map(|o| {
        // Only the stretch of the cut over the piece's box.
        let bb = bbox(o);
        let (c, d) = across(s, (bb.0 - 0.1, bb.1 - 0.1, bb.2 + 0.1, bb.3 + 0.1))?;
        let steps = ((d.x - c.x).hypot(d.y - c.y) / 0.2).ceil().max(1.0) as usize;
        (0..=steps).find_map(|i| {
            let t = i as f64 / steps as f64;
            let q = ludopress::scene::p(c.x + (d.x - c.x) * t, c.y + (d.y - c.y) * t);
            let side = |k: f64| ludopress::scene::p(q.x + n.0 * k, q.y + n.1 * k);
            (inside(o, side(0.03), -1e-3) && inside(o, side(-0.03), -1e-3)).then_some(q)
        })
    })
}

fn bbox(o: &Outline) -> Region {
    o.parts
        .iter()
        .flatten()
        .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, q| {
            (b.0.min(q.x), b.1.min(q.y), b.2.max(q.x), b.3.max(q.y))
        })
}

/// Whether the pieces of `r` can be cut out as the guide says when the groups come first: a
/// straight cut across the paper through the blank between groups (crossing no piece and no
/// mark), again on each side, until on each piece of paper every mark's line runs across it
/// without cutting a piece, and every cut line of its pieces has a mark there or is its edge.
fn groups_first(
    r: Region,
    pieces: &[&Outline],
    marks: &[(P, P)],
    depth: usize,
) -> Result<(), String> {
    let within =
        |q: P| q.x >= r.0 - 1e-6 && q.x <= r.2 + 1e-6 && q.y >= r.1 - 1e-6 && q.y <= r.3 + 1e-6;
    let here: Vec<&Outline> = pieces
        .iter()
        .copied()
        .filter(|o| o.parts.iter().flatten().all(|&q| within(q)))
        .collect();
    let ms: Vec<(P, P)> = marks
        .iter()
        .copied()
        .filter(|m| within(m.0) && within(m.1))
        // A mark that ends on the cut belongs to the side it lies on.
        .filter(|m| {
            let c = ludopress::scene::p((m.0.x + m.1.x) / 2.0, (m.0.y + m.1.y) / 2.0);
            c.x > r.0 && c.x < r.2 && c.y > r.1 && c.y < r.3
        })
        .collect();
    let clean = ms
        .iter()
        .all(|&m| across(m, r).is_none_or(|l| cuts_through(l, &here).is_none()));
    let edge = |q: P| {
        (q.x - r.0).abs() < 1e-6
            || (q.x - r.2).abs() < 1e-6
            || (q.y - r.1).abs() < 1e-6
            || (q.y - r.3).abs() < 1e-6
    };
    // A cut line that runs on through its own piece (a die net's arm) is cut on the outline.
    let own = |o: &Outline, c: (P, P)| {
        let bb = bbox(o);
        across(c, (bb.0 - 1.0, bb.1 - 1.0, bb.2 + 1.0, bb.3 + 1.0))
            .is_some_and(|l| cuts_through(l, &[o]).is_some())
    };
    let marked = here
        .iter()
        .flat_map(|o| o.cuts().into_iter().map(move |c| (o, c)))
        .all(|(o, c)| {
            own(o, c)
                || ms.iter().any(|m| ludopress::sheet::on_line(*m, c))
                || (edge(c.0)
                    && edge(c.1)
                    && ((c.0.x - c.1.x).abs() < 1e-6 || (c.0.y - c.1.y).abs() < 1e-6))
        });
    if clean && marked {
        return Ok(());
    }
    if depth > 8 {
        return Err(format!(
            "{} pieces in {r:?} cannot be cut apart",
            here.len()
        ));
    }
    // Straight cuts through a gap between the pieces' boxes, at a gap's middle or ends, or at a
    // mark's end (marks of two groups meet at the line between them).
    let boxes: Vec<Region> = here.iter().map(|o| bbox(o)).collect();
    for vertical in [false, true] {
        let span = |b: &Region| if vertical { (b.0, b.2) } else { (b.1, b.3) };
        let mut at: Vec<f64> = boxes.iter().flat_map(|b| [span(b).0, span(b).1]).collect();
        at.extend(ms.iter().flat_map(|m| {
            if vertical {
                [m.0.x, m.1.x]
            } else {
                [m.0.y, m.1.y]
            }
        }));
        at.sort_by(f64::total_cmp);
        at.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        for v in at {
            let cut = if vertical {
                (ludopress::scene::p(v, r.1), ludopress::scene::p(v, r.3))
            } else {
                (ludopress::scene::p(r.0, v), ludopress::scene::p(r.2, v))
            };
            let free = boxes
                .iter()
                .all(|b| span(b).1 <= v + 1e-6 || span(b).0 >= v - 1e-6);
            let before = boxes.iter().filter(|b| span(b).1 <= v + 1e-6).count();
            let crossed = ms.iter().any(|m| {
                let (p0, p1) = if vertical {
                    (m.0.x, m.1.x)
                } else {
                    (m.0.y, m.1.y)
                };
                p0.min(p1) < v - 1e-6 && p0.max(p1) > v + 1e-6
            });
            // Each mark stays on the side of the pieces whose cut line it extends.
            let side = |q: f64| q > v;
            let stranded = ms.iter().any(|m| {
                let mid = if vertical {
                    m.0.x + m.1.x
                } else {
                    m.0.y + m.1.y
                } / 2.0;
                here.iter().zip(&boxes).any(|(o, b)| {
                    side((span(b).0 + span(b).1) / 2.0) != side(mid)
                        && o.cuts().iter().any(|c| ludopress::sheet::on_line(*m, *c))
                })
            });
            if !free
                || crossed
                || stranded
                || before == 0
                || before == boxes.len()
                || cuts_through(cut, &here).is_some()
            {
                continue;
            }
            let (a, b) = if vertical {
                ((r.0, r.1, v, r.3), (v, r.1, r.2, r.3))
            } else {
                ((r.0, r.1, r.2, v), (r.0, v, r.2, r.3))
            };
            // The first such cut: a clean cut between groups spoils no other.
            return groups_first(a, &here, &ms, depth + 1)
                .and_then(|_| groups_first(b, &here, &ms, depth + 1));
        }
    }
    Err(format!(
        "{} pieces in {r:?}: {}",
        here.len(),
        if clean {
            "a cut line without a mark"
        } else {
            "a mark's line cuts a piece"
        }
    ))
}

/// Every text of a page, joined.
fn page_text(s: &Sheet) -> String {
    s.scene
        .flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Text(run, _) => Some(run.text),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_cut_the_guide_asks_for_leaves_the_pieces_whole() {
    let mut pages = 0;
    let mut failures = Vec::new();
    for id in ludopress::rules::registry::NAMES.into_iter().chain(OTHERS) {
        let game = common::game(id);
        for paper in Paper::ALL {
            // The pages' geometry is the same in every language; the guide's text is not.
            for (n, lang) in game.languages.iter().copied().enumerate() {
                let opts = BuildOptions {
                    previews: false,
                    ..BuildOptions::default()
                };
                let sheets = print_sheets(&game, &opts, lang, paper);
                let guide = page_text(&sheets[0]);
                // What the guide promises: the marks' lines across the whole sheet, or the
                // groups cut apart first.
                let whole_sheet = guide.contains("across the sheet")
                    || guide.contains("d’un bord de la feuille à l’autre");
                let first = match lang {
                    Lang::Fr => "Séparez d’abord les groupes",
                    Lang::En => "First cut the groups apart",
                };
                assert!(
                    whole_sheet || guide.contains(first),
                    "{id} {paper:?} {lang:?}: the guide gives no order of cuts: {guide}"
                );
                for (i, s) in sheets
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| n == 0 && !s.geometry.placed.is_empty())
                {
                    pages += 1;
                    let (pw, ph) = (s.scene.width, s.scene.height);
                    let pieces: Vec<&Outline> = s.geometry.placed.iter().map(|(_, o)| o).collect();
                    let sheet = (0.0, 0.0, pw, ph);
                    let verdict = if whole_sheet {
                        let bad = s
                            .geometry
                            .marks
                            .iter()
                            .filter(|m| {
                                across(**m, sheet)
                                    .is_some_and(|l| cuts_through(l, &pieces).is_some())
                            })
                            .count();
                        (bad == 0)
                            .then_some(())
                            .ok_or(format!("{bad} marks' lines across the sheet cut a piece"))
                    } else {
                        groups_first(sheet, &pieces, &s.geometry.marks, 0)
                    };
                    if let Err(e) = verdict {
                        failures.push(format!("{id} {paper:?} {lang:?} page {}: {e}", i + 1));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} pages:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(pages > 50, "{pages} pages");
}
