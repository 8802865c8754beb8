//! Every page of every game's print file, on both papers, for both flips, with and without
//! `--fit`: nothing in the margin band, every crop mark on a cut line, every back behind its
//! front, captions of 6 pt or more, a page order safe to print double-sided, and a guide page
//! with a 50 mm ruler.

mod common;

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
