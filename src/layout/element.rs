//! The elements of a layout drawn on a face: shapes, text boxes, art, pictograms.

use super::fit::{draw_art, fitted};
use super::picto::{self, PictoInk};
use super::rich;
use crate::art::Art;
use crate::base::lang::Lang;
use crate::base::units::Mm;
use crate::definition::model::{ClipTo, Element, ElementKind, Pattern};
use crate::scene::{p, shape, Affine, Scene, Stroke};

pub use super::fit::CARD_CORNER;

/// Draws layout elements on a face of `w` × `h` mm.
pub fn draw(s: &mut Scene, elements: &[Element], w: f64, h: f64, lang: Lang) {
    for e in elements {
        let mut part = Scene::new(w, h);
        draw_one(&mut part, e, w, h, lang);
        if e.rotate.abs() > 1e-9 {
            let (cx, cy) = (e.x + e.w / 2.0, e.y + e.h / 2.0);
            let t = Affine::translate(-cx, -cy)
                .then(Affine::rotate(e.rotate))
                .then(Affine::translate(cx, cy));
            s.place(part, t, None);
        } else {
            s.items.extend(part.items);
        }
    }
}

fn stroke(st: Option<(crate::base::color::Color, f64)>) -> Option<Stroke> {
    st.filter(|(_, w)| *w > 0.0)
        .map(|(c, w)| Stroke::solid(c, w))
}

fn draw_one(s: &mut Scene, e: &Element, w: f64, h: f64, lang: Lang) {
    match &e.kind {
        ElementKind::Rect {
            fill,
            stroke: st,
            radius,
        } => s.path(
            shape::rounded_rect(e.x, e.y, e.w, e.h, *radius),
            *fill,
            stroke(*st),
        ),
        ElementKind::Ellipse { fill, stroke: st } => s.path(
            shape::ellipse(p(e.x + e.w / 2.0, e.y + e.h / 2.0), e.w / 2.0, e.h / 2.0),
            *fill,
            stroke(*st),
        ),
        ElementKind::Line {
            points,
            closed,
            fill,
            stroke: st,
        } => {
            let pts: Vec<_> = points.iter().map(|&(x, y)| p(e.x + x, e.y + y)).collect();
            let segs = if *closed || fill.is_some() {
                shape::polygon(&pts)
            } else {
                shape::polyline(&pts)
            };
            s.path(segs, *fill, stroke(*st));
        }
        ElementKind::Text(tb) => {
            let text = tb.text.get(lang);
            let laid = rich::lay(tb, text, e.w, e.h);
            if let Some(b) = tb.boxed {
                let (x, y, bw, bh) = rich::extent(tb, &laid, e.x, e.y, e.w, e.h);
                let pad = b.padding;
                s.path(
                    shape::rounded_rect(x - pad, y - pad, bw + 2.0 * pad, bh + 2.0 * pad, b.radius),
                    b.fill,
                    stroke(b.stroke),
                );
            }
            rich::draw(s, tb, &laid, e.x, e.y, e.w, e.h);
        }
        ElementKind::Pattern {
            pattern,
            stroke: (c, sw),
        } => {
            let line = Some(Stroke::solid(*c, *sw));
            let step = (w.min(h) / 6.0).max(4.0);
            let mut part = Scene::new(w, h);
            match pattern {
                Pattern::None => {}
                Pattern::Grid => {
                    let mut x = e.x;
                    while x <= e.x + e.w + 1e-9 {
                        part.path(shape::line(p(x, e.y), p(x, e.y + e.h)), None, line);
                        x += step;
                    }
                    let mut y = e.y;
                    while y <= e.y + e.h + 1e-9 {
                        part.path(shape::line(p(e.x, y), p(e.x + e.w, y)), None, line);
                        y += step;
                    }
                }
                Pattern::Diamonds => {
                    // Lines at ±45° through the box's centre, so the pattern is symmetric (backs
                    // line up when mirrored).
                    let (cx, cy) = (e.x + e.w / 2.0, e.y + e.h / 2.0);
                    let reach = e.w + e.h;
                    let mut k = -(reach / step).ceil();
                    while k * step <= reach {
                        let o = k * step;
                        part.path(
                            shape::line(
                                p(cx + o - reach, cy - reach),
                                p(cx + o + reach, cy + reach),
                            ),
                            None,
                            line,
                        );
                        part.path(
                            shape::line(
                                p(cx + o + reach, cy - reach),
                                p(cx + o - reach, cy + reach),
                            ),
                            None,
                            line,
                        );
                        k += 1.0;
                    }
                }
            }
            s.place(part, Affine::IDENTITY, Some((e.x, e.y, e.w, e.h)));
        }
        ElementKind::Image {
            art,
            fit,
            clip,
            radius,
        } => {
            let clip = match clip {
                ClipTo::None => None,
                ClipTo::Box => Some(shape::rounded_rect(e.x, e.y, e.w, e.h, *radius)),
                ClipTo::Card => Some(shape::rounded_rect(0.0, 0.0, w, h, CARD_CORNER)),
            };
            draw_art(s, art, (e.x, e.y, e.w, e.h), *fit, clip);
        }
        ElementKind::Symbol { symbol, color } => super::symbol(
            s,
            *symbol,
            p(e.x + e.w / 2.0, e.y + e.h / 2.0),
            e.w.min(e.h) / 2.0,
            *color,
        ),
        ElementKind::Picto {
            picto,
            cells,
            ink,
            arrows,
        } => {
            let side = e.w.min(e.h);
            let ink = PictoInk {
                ink: *ink,
                cells: *cells,
                arrow: *arrows,
            };
            picto::draw(
                s,
                picto,
                e.x + (e.w - side) / 2.0,
                e.y + (e.h - side) / 2.0,
                side,
                ink,
            );
        }
        // A board's own drawing in its face is placed by `board_face::face`.
        ElementKind::Board(None) => {}
        ElementKind::Board(Some(b)) => place_board(s, b, e),
    }
}

/// Draws a board's drawing (cells, frame, track) whole, centred in the element's box.
pub fn place_board(s: &mut Scene, b: &crate::definition::model::Board, e: &Element) {
    let art = super::board::draw(b);
    let (x, y, w, _) = fitted(
        art.width,
        art.height,
        (e.x, e.y, e.w, e.h),
        crate::definition::model::Fit::Contain,
    );
    let k = w / art.width;
    s.place(art, Affine::scale(k).then(Affine::translate(x, y)), None);
}

/// What would not print as written in a card's layout: each problem with the element's place.
pub fn problems(elements: &[Element], lang: Lang) -> Vec<(&Element, String)> {
    let mut out = Vec::new();
    for e in elements {
        match &e.kind {
            ElementKind::Text(tb) => {
                let text = tb.text.get(lang);
                let laid = rich::lay(tb, text, e.w, e.h);
                if let Some(o) = laid.overflow {
                    out.push((
                        e,
                        format!(
                            "{o}{}",
                            if tb.min_size < tb.size {
                                format!(" (shrunk to its min_size, {} pt)", tb.min_size)
                            } else {
                                String::new()
                            }
                        ),
                    ));
                }
                let miss = rich::missing(tb, text);
                if !miss.is_empty() {
                    out.push((e, super::missing_glyphs(&miss)));
                }
            }
            ElementKind::Image {
                art: Art::Raster(r),
                fit,
                ..
            } => {
                let (_, _, fw, fh) = fitted(
                    f64::from(r.width),
                    f64::from(r.height),
                    (e.x, e.y, e.w, e.h),
                    *fit,
                );
                let dpi = (f64::from(r.width) / Mm(fw).in_inches())
                    .min(f64::from(r.height) / Mm(fh).in_inches());
                if dpi < 150.0 {
                    out.push((
                        e,
                        format!(
                            "the image is {} × {} pixels for {fw:.1} × {fh:.1} mm: it prints at {dpi:.0} dpi, below 150",
                            r.width, r.height
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    out
}
