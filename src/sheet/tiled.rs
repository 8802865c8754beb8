//! Large components (boards, mats): on one page when they fit (or scaled to fit with `--fit`),
//! else split into parts that overlap by a glue strip, with alignment marks and a map.

use super::pack::Whole;
use super::{crop_marks, free_span, Draft, Geometry, SheetSpec, MARK};
use crate::base::lang::Lang;
use crate::layout::Outline;
use crate::scene::{p, shape, Affine, Scene, Stroke};

/// The page (portrait or landscape) a `w` × `h` component is fitted on, and the scale (at most
/// 1) that makes it fit within the content box.
pub fn fit_scale(w: f64, h: f64, spec: &SheetSpec) -> ((f64, f64), f64) {
    let (pw, ph) = spec.paper.size_mm();
    let k = spec.style.keep_out();
    let page = if (w > h) != (pw > ph) {
        (ph, pw)
    } else {
        (pw, ph)
    };
    let (aw, ah) = (page.0 - 2.0 * k, page.1 - 2.0 * k);
    (page, (aw / w).min(ah / h).min(1.0))
}

/// The page a `w` × `h` component is imposed on, and the columns and rows of parts it is split
/// into there (one by one when it fits, or under `fit`).
pub fn split(w: f64, h: f64, spec: &SheetSpec, fit: bool) -> ((f64, f64), (usize, usize)) {
    let (pw0, ph0) = spec.paper.size_mm();
    let keep = spec.style.keep_out();
    let ov = spec.style.overlap;
    let n = |len: f64, avail: f64| {
        if len <= avail + 1e-9 {
            1
        } else {
            ((len - ov) / (avail - ov)).ceil() as usize
        }
    };
    let count = |page: (f64, f64)| (n(w, page.0 - 2.0 * keep), n(h, page.1 - 2.0 * keep));
    let (cp, cl) = (count((pw0, ph0)), count((ph0, pw0)));
    if fit {
        (fit_scale(w, h, spec).0, (1, 1))
    } else if cl.0 * cl.1 < cp.0 * cp.1 {
        ((ph0, pw0), cl)
    } else {
        ((pw0, ph0), cp)
    }
}

/// A large component that fits one page (scaled down to fit with `fit`), ready to share its page
/// with small components; `None` when it is split into parts.
pub fn whole(
    art: &Scene,
    outline: &Outline,
    bleed: f64,
    spec: &SheetSpec,
    title: &str,
    fit: bool,
) -> Option<Whole> {
    let (w, h) = (art.width, art.height);
    let (page, (nx, ny)) = split(w, h, spec, fit);
    if nx * ny > 1 {
        return None;
    }
    let k = if fit { fit_scale(w, h, spec).1 } else { 1.0 };
    let mut s = Scene::new(w * k, h * k);
    // Scaled down, its labels keep a readable size.
    s.place(
        art.with_min_text(k, super::MIN_CAPTION),
        Affine::scale(k),
        None,
    );
    let label = if k < 1.0 {
        format!("{title} · {}", super::percent(k, spec.lang))
    } else {
        title.to_string()
    };
    Some(Whole {
        art: s,
        outline: outline.moved(Affine::scale(k)),
        bleed: bleed * k,
        page,
        label,
    })
}

/// Imposes a large component cut along `outline` (its art running `bleed` mm past it): whole
/// when it fits a page (scaled down to fit with `fit`), else in parts; crop marks start past
/// the bleed.
pub fn tiled(
    art: &Scene,
    outline: &Outline,
    bleed: f64,
    spec: &SheetSpec,
    title: &str,
    fit: bool,
) -> Vec<Draft> {
    let m = spec.style.margin;
    let keep = spec.style.keep_out();
    let ov = spec.style.overlap;
    let (w, h) = (art.width, art.height);
    let (page, (nx, ny)) = split(w, h, spec, fit);
    let span_of = |marks: &[_]| free_span(page, marks, m, keep, page.0 - keep);
    if let Some(one) = whole(art, outline, bleed, spec, title, fit) {
        // Alone on its page, centred.
        let t = Affine::translate(
            (page.0 - one.art.width) / 2.0,
            (page.1 - one.art.height) / 2.0,
        );
        let mut s = Scene::new(page.0, page.1);
        s.place(one.art, t, None);
        let placed = vec![(0, one.outline.moved(t))];
        let marks = crop_marks(&mut s, &placed, &[one.bleed], page, &spec.style);
        let span = span_of(&marks);
        return vec![Draft::page(s, Geometry::of(placed, marks), one.label, span)];
    }
    // Spread the parts evenly so every part has the same size.
    let spread = |len: f64, n: usize| {
        if n == 1 {
            len
        } else {
            (len + (n - 1) as f64 * ov) / n as f64
        }
    };
    let (part_w, part_h) = (spread(w, nx), spread(h, ny));
    let total = nx * ny;
    let mut out = Vec::new();
    for j in 0..ny {
        for i in 0..nx {
            let (bx, by) = (i as f64 * (part_w - ov), j as f64 * (part_h - ov));
            let (x, y) = ((page.0 - part_w) / 2.0, (page.1 - part_h) / 2.0);
            let mut s = Scene::new(page.0, page.1);
            s.place(
                art.clone(),
                Affine::translate(x - bx, y - by),
                Some((bx, by, part_w, part_h)),
            );
            // Overlap strips on the right and bottom are glued under the next part.
            let strip = Some(Stroke::dashed(MARK, 0.3, 2.0, 1.5));
            if i + 1 < nx {
                let sx = x + part_w - ov;
                s.path(shape::line(p(sx, y), p(sx, y + part_h)), None, strip);
            }
            if j + 1 < ny {
                let sy = y + part_h - ov;
                s.path(shape::line(p(x, sy), p(x + part_w, sy)), None, strip);
            }
            // Alignment marks on every junction, printed on both parts that meet there.
            for (jx, on) in [(bx, i > 0), (bx + part_w - ov, i + 1 < nx)] {
                if on {
                    for f in [0.25, 0.75] {
                        align_mark(&mut s, x + jx - bx, y + part_h * f);
                    }
                }
            }
            for (jy, on) in [(by, j > 0), (by + part_h - ov, j + 1 < ny)] {
                if on {
                    for f in [0.25, 0.75] {
                        align_mark(&mut s, x + part_w * f, y + jy - by);
                    }
                }
            }
            // Every part is cut on its outline; a strip with dashes is then glued under its
            // neighbour.
            let cut = outline
                .clipped((bx, by, bx + part_w, by + part_h))
                .moved(Affine::translate(x - bx, y - by));
            let placed = vec![(0, cut)];
            let marks = crop_marks(&mut s, &placed, &[bleed], page, &spec.style);
            // Assembly map at the right of the bottom band: the parts as small boxes, this one
            // filled.
            let span = span_of(&marks);
            let cell = ((keep - m - 1.0) / ny as f64).min(3.0);
            let (mx, my) = (
                span.1 - nx as f64 * cell,
                page.1 - m - 0.2 - ny as f64 * cell,
            );
            for jj in 0..ny {
                for ii in 0..nx {
                    let fill = if (ii, jj) == (i, j) { Some(MARK) } else { None };
                    s.path(
                        shape::rect(mx + ii as f64 * cell, my + jj as f64 * cell, cell, cell),
                        fill,
                        Some(Stroke::solid(MARK, 0.2)),
                    );
                }
            }
            let what = format!(
                "{} · {}",
                match spec.lang {
                    Lang::Fr => format!(
                        "partie {}/{total} (colonne {}, rangée {})",
                        j * nx + i + 1,
                        i + 1,
                        j + 1
                    ),
                    Lang::En => format!(
                        "part {}/{total} (column {}, row {})",
                        j * nx + i + 1,
                        i + 1,
                        j + 1
                    ),
                },
                glue(spec.lang, i + 1 < nx, j + 1 < ny)
            );
            out.push(Draft::page(
                s,
                Geometry::of(placed, marks),
                format!("{title} · {what}"),
                (span.0, mx - 2.0),
            ));
        }
    }
    out
}

/// A circle and a cross where two parts of a board meet.
fn align_mark(s: &mut Scene, cx: f64, cy: f64) {
    let st = Some(Stroke::solid(MARK, 0.3));
    s.path(shape::circle(p(cx, cy), 2.0), None, st);
    s.path(shape::line(p(cx - 3.0, cy), p(cx + 3.0, cy)), None, st);
    s.path(shape::line(p(cx, cy - 3.0), p(cx, cy + 3.0)), None, st);
}

/// What to do with a part of a split board, true to what it has: the strips with dashes (on
/// its right, at its bottom) go under the next parts; a part without any goes on top.
pub fn glue(lang: Lang, right: bool, bottom: bool) -> &'static str {
    match (lang, right, bottom) {
        (Lang::Fr, true, true) => {
            "coller les bandes à tirets (droite, bas) sous les parties voisines"
        }
        (Lang::Fr, true, false) => "coller la bande à tirets de droite sous la partie voisine",
        (Lang::Fr, false, true) => "coller la bande à tirets du bas sous la partie voisine",
        (Lang::Fr, false, false) => {
            "sans tirets\u{202f}: se pose par-dessus les bandes de ses voisines"
        }
        (Lang::En, true, true) => "glue the dashed strips (right, bottom) under the next parts",
        (Lang::En, true, false) => "glue the dashed right strip under the next part",
        (Lang::En, false, true) => "glue the dashed bottom strip under the next part",
        (Lang::En, false, false) => "no dashes: goes on top of its neighbours\u{2019} strips",
    }
}
