//! Imposition: component scenes placed on printable sheets with crop marks, duplex backs, and
//! boards split across sheets.

pub use crate::paper;

use crate::color::Color;
use crate::definition::model::SheetStyle;
use crate::fonts::Face;
use crate::geometry::triangles::H;
use crate::lang::Lang;
use crate::layout::HAIRLINE;
use crate::scene::{p, shape, Affine, Anchor, Scene, Stroke};
pub use paper::Paper;

/// How the paper turns over for printing backs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Flip {
    /// Turned over its long edge (the usual duplex setting).
    #[default]
    LongEdge,
    /// Turned over its short edge.
    ShortEdge,
}

impl std::str::FromStr for Flip {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "long" => Ok(Flip::LongEdge),
            "short" => Ok(Flip::ShortEdge),
            _ => Err(format!("unknown flip `{s}` (expected long or short)")),
        }
    }
}

/// Settings shared by every sheet of a build.
#[derive(Debug, Clone, Copy)]
pub struct SheetSpec {
    /// Paper.
    pub paper: Paper,
    /// Margins and marks.
    pub style: SheetStyle,
    /// Duplex flip for backs.
    pub flip: Flip,
    /// Language of captions.
    pub lang: Lang,
}

/// One component to impose: its front and, if two-sided, its back.
#[derive(Debug, Clone)]
pub struct Slot {
    /// Front face.
    pub front: Scene,
    /// Back face.
    pub back: Option<Scene>,
}

/// A finished sheet.
#[derive(Debug, Clone)]
pub struct Sheet {
    /// The page drawing.
    pub scene: Scene,
    /// True for the back of the previous sheet.
    pub is_back: bool,
}

/// Ink of crop marks and captions.
const MARK: Color = Color::rgb(0x30, 0x30, 0x30);
/// Ink of cut guides.
const GUIDE: Color = Color::rgb(0xa0, 0xa0, 0xa0);

/// Where slots go: the chosen orientation and grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridPlan {
    /// Page width and height, mm.
    pub page: (f64, f64),
    /// Columns and rows per sheet.
    pub cols: usize,
    /// Rows per sheet.
    pub rows: usize,
    /// Top-left of the first cut box.
    pub origin: (f64, f64),
    /// Gap between cut boxes (twice the bleed).
    pub gutter: f64,
}

impl GridPlan {
    /// Plans `w` × `h` boxes with `bleed`, in the orientation that fits more (portrait on a tie).
    pub fn new(spec: &SheetSpec, w: f64, h: f64, bleed: f64) -> GridPlan {
        let (pw, ph) = spec.paper.size_mm();
        let m = spec.style.margin;
        let g = 2.0 * bleed;
        let fit = |avail: f64, size: f64| {
            (((avail - 2.0 * bleed + g) / (size + g)) + 1e-9)
                .floor()
                .max(0.0) as usize
        };
        let plan = |page: (f64, f64)| {
            let cols = fit(page.0 - 2.0 * m, w);
            let rows = fit(page.1 - 2.0 * m, h);
            let (tw, th) = (cols as f64 * (w + g) - g, rows as f64 * (h + g) - g);
            GridPlan {
                page,
                cols,
                rows,
                origin: ((page.0 - tw) / 2.0, (page.1 - th) / 2.0),
                gutter: g,
            }
        };
        let (port, land) = (plan((pw, ph)), plan((ph, pw)));
        let mut best = if land.cols * land.rows > port.cols * port.rows {
            land
        } else {
            port
        };
        // Validation makes every box fit its paper; should one not, it overflows the page
        // rather than leaving a sheet with no column to divide by.
        best.cols = best.cols.max(1);
        best.rows = best.rows.max(1);
        best
    }

    /// Slots per sheet.
    pub fn per_sheet(&self) -> usize {
        self.cols * self.rows
    }

    /// Top-left of the cut box of slot `i` on its sheet.
    pub fn at(&self, i: usize, w: f64, h: f64) -> (f64, f64) {
        let (c, r) = (i % self.cols, i / self.cols);
        (
            self.origin.0 + c as f64 * (w + self.gutter),
            self.origin.1 + r as f64 * (h + self.gutter),
        )
    }
}

/// Where the back of a box at (`x`, `y`) of `w` × `h` lands, and whether it turns upside down.
pub fn mirror(page: (f64, f64), flip: Flip, x: f64, y: f64, w: f64, h: f64) -> (f64, f64, bool) {
    let landscape = page.0 > page.1;
    // Turning over the long edge of a portrait page mirrors left-right; of a landscape page, top-bottom.
    let mirror_x = (flip == Flip::LongEdge) != landscape;
    if mirror_x {
        (page.0 - x - w, y, false)
    } else {
        (x, page.1 - y - h, true)
    }
}

/// Writes the sheet's caption in the bottom margin, in the widest span free of crop marks.
fn caption(s: &mut Scene, spec: &SheetSpec, text: &str, marks_x: &[f64]) {
    let (pw, ph) = (s.width, s.height);
    let m = spec.style.margin;
    let mut edges: Vec<f64> = marks_x
        .iter()
        .copied()
        .filter(|x| *x > m && *x < pw - m)
        .collect();
    edges.push(m);
    edges.push(pw - m);
    edges.sort_by(f64::total_cmp);
    let (a, b) = edges
        .windows(2)
        .map(|w| (w[0], w[1]))
        .fold((m, m), |best, cur| {
            if cur.1 - cur.0 > best.1 - best.0 {
                cur
            } else {
                best
            }
        });
    let room = (b - a - 2.0).max(10.0);
    let mut size = 7.0;
    while Face::Regular.width_mm(text, size) > room && size > 6.0 {
        size -= 0.25;
    }
    // Never off the page: a caption too long for the sheet is cut with an ellipsis, and one
    // wider than its span moves inward to stay within the margins.
    let mut text = text.to_string();
    while Face::Regular.width_mm(&text, size) > pw - 2.0 * m && text.chars().count() > 2 {
        let kept = text.trim_end_matches('…');
        let cut = kept.char_indices().last().map_or(0, |(i, _)| i);
        text = format!("{}…", kept[..cut].trim_end());
    }
    let w = Face::Regular.width_mm(&text, size);
    let x = ((a + b) / 2.0).clamp(m + w / 2.0, (pw - m - w / 2.0).max(m + w / 2.0));
    s.text(
        x,
        ph - m / 2.0 + 1.0,
        size,
        Face::Regular,
        MARK,
        Anchor::Middle,
        &text,
    );
}

fn side_word(lang: Lang, back: bool, flip: Flip) -> &'static str {
    match (lang, back, flip) {
        (Lang::Fr, false, _) => "recto",
        (Lang::En, false, _) => "front",
        (Lang::Fr, true, Flip::LongEdge) => "verso, bord long",
        (Lang::Fr, true, Flip::ShortEdge) => "verso, bord court",
        (Lang::En, true, Flip::LongEdge) => "back, long edge",
        (Lang::En, true, Flip::ShortEdge) => "back, short edge",
    }
}

fn sheet_word(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "feuille",
        Lang::En => "sheet",
    }
}

/// Crop marks in the margins at every cut line `xs` (vertical) and `ys` (horizontal) of the area
/// `area = (x0, y0, x1, y1)`, kept `off` mm outside it.
pub fn crop_marks(
    s: &mut Scene,
    xs: &[f64],
    ys: &[f64],
    area: (f64, f64, f64, f64),
    off: f64,
    style: &SheetStyle,
) {
    let st = Some(Stroke::solid(MARK, 0.25));
    let (x0, y0, x1, y1) = area;
    let (g, l) = (style.crop_gap + off, style.crop_length);
    for &x in xs {
        s.path(shape::line(p(x, y0 - g - l), p(x, y0 - g)), None, st);
        s.path(shape::line(p(x, y1 + g), p(x, y1 + g + l)), None, st);
    }
    for &y in ys {
        s.path(shape::line(p(x0 - g - l, y), p(x0 - g, y)), None, st);
        s.path(shape::line(p(x1 + g, y), p(x1 + g + l, y)), None, st);
    }
}

/// Imposes rectangular slots of `w` × `h` mm on a grid, edge to edge (or with a bleed gutter),
/// a back sheet after each front sheet when any slot has a back. With `guides` and no bleed, a
/// hairline marks each cut box.
pub fn grid(
    slots: &[Slot],
    w: f64,
    h: f64,
    bleed: f64,
    guides: bool,
    spec: &SheetSpec,
    title: &str,
) -> Vec<Sheet> {
    let plan = GridPlan::new(spec, w, h, bleed);
    let per = plan.per_sheet().max(1);
    let pages = slots.len().div_ceil(per);
    let mut out = Vec::new();
    let has_back = slots.iter().any(|s| s.back.is_some());
    for (k, chunk) in slots.chunks(per).enumerate() {
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        let n = chunk.len();
        let used_cols = plan.cols.min(n);
        let used_rows = n.div_ceil(plan.cols);
        for c in 0..used_cols {
            let (x, _) = plan.at(c, w, h);
            xs.extend([x, x + w]);
        }
        for r in 0..used_rows {
            let (_, y) = plan.at(r * plan.cols, w, h);
            ys.extend([y, y + h]);
        }
        xs.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        ys.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        let (ax0, ay0) = plan.at(0, w, h);
        let area = (
            ax0,
            ay0,
            xs.last().copied().unwrap_or(ax0),
            ys.last().copied().unwrap_or(ay0),
        );
        for back in [false, true] {
            if back && !has_back {
                continue;
            }
            let mut s = Scene::new(plan.page.0, plan.page.1);
            for (i, slot) in chunk.iter().enumerate() {
                let (x, y) = plan.at(i, w, h);
                // A rectangle's back lands at the mirrored place and reads upright on the back page.
                let (art, (x, y, _)) = if back {
                    match &slot.back {
                        Some(b) => (b.clone(), mirror(plan.page, spec.flip, x, y, w, h)),
                        None => continue,
                    }
                } else {
                    (slot.front.clone(), (x, y, false))
                };
                s.place(
                    art,
                    Affine::translate(x, y),
                    Some((-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed)),
                );
                if guides && bleed == 0.0 {
                    s.path(
                        shape::rect(x, y, w, h),
                        None,
                        Some(Stroke::solid(GUIDE, HAIRLINE)),
                    );
                }
            }
            let (bxs, bys, barea) = if back {
                mirror_lines(plan.page, spec.flip, &xs, &ys, area)
            } else {
                (xs.clone(), ys.clone(), area)
            };
            crop_marks(&mut s, &bxs, &bys, barea, bleed, &spec.style);
            caption(
                &mut s,
                spec,
                &format!(
                    "{title} · {} {}/{pages} · {}",
                    sheet_word(spec.lang),
                    k + 1,
                    side_word(spec.lang, back, spec.flip)
                ),
                &bxs,
            );
            out.push(Sheet {
                scene: s,
                is_back: back,
            });
        }
    }
    out
}

/// A half turn of a `w` × `h` box about its centre.
fn turn_over(w: f64, h: f64) -> Affine {
    Affine::translate(-w / 2.0, -h / 2.0)
        .then(Affine::rotate(180.0))
        .then(Affine::translate(w / 2.0, h / 2.0))
}

type Lines = (Vec<f64>, Vec<f64>, (f64, f64, f64, f64));

fn mirror_lines(
    page: (f64, f64),
    flip: Flip,
    xs: &[f64],
    ys: &[f64],
    area: (f64, f64, f64, f64),
) -> Lines {
    let (x0, y0, x1, y1) = area;
    let (mx, _, turned) = mirror(page, flip, x0, y0, x1 - x0, y1 - y0);
    if !turned {
        let xs: Vec<f64> = xs.iter().rev().map(|x| page.0 - x).collect();
        (xs, ys.to_vec(), (mx, y0, mx + (x1 - x0), y1))
    } else {
        let ys: Vec<f64> = ys.iter().rev().map(|y| page.1 - y).collect();
        (xs.to_vec(), ys, (x0, page.1 - y1, x1, page.1 - y0))
    }
}

/// Imposes equilateral triangles of side `side` (front art drawn pointing up) in rows that share
/// their cut lines: horizontal lines and two families of slanted lines.
pub fn triangles(slots: &[Slot], side: f64, spec: &SheetSpec, title: &str) -> Vec<Sheet> {
    let (pw, ph) = spec.paper.size_mm();
    let m = spec.style.margin + spec.style.crop_gap + spec.style.crop_length * 0.5;
    let hh = side * H;
    let rows = (((ph - 2.0 * m) / hh) + 1e-9).floor().max(1.0) as usize;
    let per_row = ((2.0 * (pw - 2.0 * m) / side + 1e-9).floor() as usize)
        .saturating_sub(2)
        .max(1);
    let row_w = (per_row as f64 + 1.0) * side / 2.0 + side / 2.0;
    let x0 = (pw - row_w) / 2.0;
    let y0 = (ph - rows as f64 * hh) / 2.0;
    let per = rows * per_row;
    let pages = slots.len().div_ceil(per);
    let slot_box = |i: usize| -> (f64, f64, bool) {
        let (r, k) = (i / per_row, i % per_row);
        let off = if r % 2 == 1 { side / 2.0 } else { 0.0 };
        (
            x0 + off + k as f64 * side / 2.0,
            y0 + r as f64 * hh,
            k % 2 == 0,
        )
    };
    let mut out = Vec::new();
    for (pg, chunk) in slots.chunks(per).enumerate() {
        let used_rows = chunk.len().div_ceil(per_row);
        for back in [false, true] {
            if back && chunk.iter().all(|s| s.back.is_none()) {
                continue;
            }
            let mut s = Scene::new(pw, ph);
            let mut placed = Vec::new();
            for (i, slot) in chunk.iter().enumerate() {
                let (x, y, up) = slot_box(i);
                let (art, x, y, up) = if back {
                    let Some(b) = &slot.back else { continue };
                    let (bx, by, turned) = mirror((pw, ph), spec.flip, x, y, side, hh);
                    (b.clone(), bx, by, up != turned)
                } else {
                    (slot.front.clone(), x, y, up)
                };
                let t = if up {
                    Affine::IDENTITY
                } else {
                    turn_over(side, hh)
                };
                s.place(art, t.then(Affine::translate(x, y)), None);
                placed.push((x, y, up));
            }
            // Crop marks: horizontal lines at the sides, slanted lines above and below.
            let (ya, yb) = if back && mirror((pw, ph), spec.flip, 0.0, 0.0, 1.0, 1.0).2 {
                (ph - y0 - used_rows as f64 * hh, ph - y0)
            } else {
                (y0, y0 + used_rows as f64 * hh)
            };
            let ys: Vec<f64> = (0..=used_rows).map(|r| ya + r as f64 * hh).collect();
            crop_marks(
                &mut s,
                &[],
                &ys,
                (x0 - side / 2.0, ya, pw - x0 + side / 2.0, yb),
                0.0,
                &spec.style,
            );
            let st = Some(Stroke::solid(MARK, 0.25));
            let (g, l) = (spec.style.crop_gap, spec.style.crop_length);
            let mut tops: Vec<i64> = Vec::new();
            let mut bottoms: Vec<i64> = Vec::new();
            for (x, y, up) in &placed {
                let corners = if *up {
                    [p(x + side / 2.0, *y), p(x + side, y + hh), p(*x, y + hh)]
                } else {
                    [p(*x, *y), p(x + side, *y), p(x + side / 2.0, y + hh)]
                };
                for c in corners {
                    let key = (c.x * 1000.0).round() as i64;
                    if (c.y - ya).abs() < 1e-6 {
                        tops.push(key);
                    }
                    if (c.y - yb).abs() < 1e-6 {
                        bottoms.push(key);
                    }
                }
            }
            for (list, y, down) in [(&mut tops, ya, -1.0), (&mut bottoms, yb, 1.0)] {
                list.sort_unstable();
                list.dedup();
                for &k in list.iter() {
                    let x = k as f64 / 1000.0;
                    for dir in [0.5, -0.5] {
                        let a = p(x + dir * down * g, y + H * down * g);
                        let b = p(x + dir * down * (g + l), y + H * down * (g + l));
                        s.path(shape::line(a, b), None, st);
                    }
                }
            }
            let xs: Vec<f64> = tops
                .iter()
                .chain(bottoms.iter())
                .map(|k| *k as f64 / 1000.0)
                .collect();
            caption(
                &mut s,
                spec,
                &format!(
                    "{title} · {} {}/{pages} · {}",
                    sheet_word(spec.lang),
                    pg + 1,
                    side_word(spec.lang, back, spec.flip)
                ),
                &xs,
            );
            out.push(Sheet {
                scene: s,
                is_back: back,
            });
        }
    }
    out
}

/// Splits a large component across sheets with overlap strips, alignment marks and an assembly
/// map; with `fit`, scales it down to one sheet instead.
pub fn tiled(art: &Scene, spec: &SheetSpec, title: &str, fit: bool) -> Vec<Sheet> {
    let (pw0, ph0) = spec.paper.size_mm();
    let m = spec.style.margin;
    let ov = spec.style.overlap;
    let (w, h) = (art.width, art.height);
    // Room at the foot of each sheet for the caption and the assembly map.
    let foot = 8.0;
    let n = |len: f64, avail: f64| {
        if len <= avail + 1e-9 {
            1
        } else {
            ((len - ov) / (avail - ov)).ceil() as usize
        }
    };
    let count = |page: (f64, f64)| (n(w, page.0 - 2.0 * m), n(h, page.1 - 2.0 * m - foot));
    let (cp, cl) = (count((pw0, ph0)), count((ph0, pw0)));
    let landscape = if fit {
        (w > h) != (pw0 > ph0)
    } else {
        cl.0 * cl.1 < cp.0 * cp.1
    };
    let page = if landscape { (ph0, pw0) } else { (pw0, ph0) };
    let (aw, ah) = (page.0 - 2.0 * m, page.1 - 2.0 * m - foot);
    if fit || (w <= aw && h <= ah) {
        let k = if fit {
            (aw / w).min(ah / h).min(1.0)
        } else {
            1.0
        };
        let (sw, sh) = (w * k, h * k);
        let (x, y) = ((page.0 - sw) / 2.0, m + (ah - sh) / 2.0);
        let mut s = Scene::new(page.0, page.1);
        s.place(
            art.clone(),
            Affine::scale(k).then(Affine::translate(x, y)),
            None,
        );
        crop_marks(
            &mut s,
            &[x, x + sw],
            &[y, y + sh],
            (x, y, x + sw, y + sh),
            0.0,
            &spec.style,
        );
        let scale = if k < 1.0 {
            format!(" · {} %", (k * 100.0).round())
        } else {
            String::new()
        };
        caption(&mut s, spec, &format!("{title}{scale}"), &[x, x + sw]);
        return vec![Sheet {
            scene: s,
            is_back: false,
        }];
    }
    let (nx, ny) = count(page);
    // Spread the parts evenly so every part has the same size.
    let part_w = if nx == 1 {
        w
    } else {
        (w + (nx - 1) as f64 * ov) / nx as f64
    };
    let part_h = if ny == 1 {
        h
    } else {
        (h + (ny - 1) as f64 * ov) / ny as f64
    };
    let mut out = Vec::new();
    let total = nx * ny;
    for j in 0..ny {
        for i in 0..nx {
            let (bx, by) = (i as f64 * (part_w - ov), j as f64 * (part_h - ov));
            let (x, y) = ((page.0 - part_w) / 2.0, m + (ah - part_h) / 2.0);
            let mut s = Scene::new(page.0, page.1);
            s.place(
                art.clone(),
                Affine::translate(x - bx, y - by),
                Some((bx, by, part_w, part_h)),
            );
            // Overlap strips on the right and bottom are glued under the next part.
            let strip = Some(Stroke::dashed(MARK, 0.3, 2.0, 1.5));
            if i + 1 < nx {
                s.path(
                    shape::line(p(x + part_w - ov, y), p(x + part_w - ov, y + part_h)),
                    None,
                    strip,
                );
            }
            if j + 1 < ny {
                s.path(
                    shape::line(p(x, y + part_h - ov), p(x + part_w, y + part_h - ov)),
                    None,
                    strip,
                );
            }
            // Alignment marks on every junction, printed on both parts that meet there.
            let cross = |s: &mut Scene, cx: f64, cy: f64| {
                let st = Some(Stroke::solid(MARK, 0.3));
                s.path(shape::circle(p(cx, cy), 2.0), None, st);
                s.path(shape::line(p(cx - 3.0, cy), p(cx + 3.0, cy)), None, st);
                s.path(shape::line(p(cx, cy - 3.0), p(cx, cy + 3.0)), None, st);
            };
            for (jx, on) in [(bx, i > 0), (bx + part_w - ov, i + 1 < nx)] {
                if on {
                    for f in [0.25, 0.75] {
                        cross(&mut s, x + jx - bx, y + part_h * f);
                    }
                }
            }
            for (jy, on) in [(by, j > 0), (by + part_h - ov, j + 1 < ny)] {
                if on {
                    for f in [0.25, 0.75] {
                        cross(&mut s, x + part_w * f, y + jy - by);
                    }
                }
            }
            // Every part is cut on its outline; a strip with dashes is then glued under its neighbour.
            crop_marks(
                &mut s,
                &[x, x + part_w],
                &[y, y + part_h],
                (x, y, x + part_w, y + part_h),
                0.0,
                &spec.style,
            );
            // Assembly map: the parts as small boxes, this one filled.
            let cell = 4.0;
            let (mx, my) = (
                page.0 - m - nx as f64 * cell,
                page.1 - m - 1.0 - ny as f64 * cell,
            );
            for jj in 0..ny {
                for ii in 0..nx {
                    let fill = if (ii, jj) == (i, j) { Some(MARK) } else { None };
                    s.path(
                        shape::rect(mx + ii as f64 * cell, my + jj as f64 * cell, cell, cell),
                        fill,
                        Some(Stroke::solid(MARK, 0.25)),
                    );
                }
            }
            let what = match spec.lang {
                Lang::Fr => format!("partie {}/{total} (colonne {}, rangée {}) · coller sous la partie voisine le long des tirets", j * nx + i + 1, i + 1, j + 1),
                Lang::En => format!("part {}/{total} (column {}, row {}) · glue under the next part along the dashes", j * nx + i + 1, i + 1, j + 1),
            };
            s.text(
                m,
                page.1 - m - 1.5,
                7.0,
                Face::Regular,
                MARK,
                Anchor::Start,
                &format!("{title} · {what}"),
            );
            out.push(Sheet {
                scene: s,
                is_back: false,
            });
        }
    }
    out
}

#[cfg(test)]
mod caption_tests {
    use super::*;

    #[test]
    fn a_caption_stays_on_the_page_between_its_margins() {
        let spec = SheetSpec {
            paper: Paper::A4,
            style: SheetStyle {
                margin: 10.0,
                crop_length: 5.0,
                crop_gap: 1.5,
                overlap: 10.0,
            },
            flip: Flip::LongEdge,
            lang: Lang::En,
        };
        for (text, marks) in [
            (
                "Alpha-BRIK · Pieces · a caption that goes on and on ".repeat(6),
                vec![12.0, 30.0],
            ),
            ("A short caption".to_string(), vec![12.0, 195.0]),
        ] {
            let mut s = Scene::new(80.0, 120.0);
            caption(&mut s, &spec, &text, &marks);
            for f in s.flatten() {
                if let crate::scene::Flat::Text(run, _) = f {
                    let w = run.face.width_mm(&run.text, run.size);
                    assert!(run.size >= 6.0);
                    assert!(
                        run.x >= 10.0 - 1e-9 && run.x + w <= 70.0 + 1e-9,
                        "{} at {} + {w}",
                        run.text,
                        run.x
                    );
                }
            }
        }
    }
}
