//! Diagrams cut to the part of its board a position uses, so that a detail of three by three
//! squares is not drawn as large as the whole board.
//!
//! The part kept is the bounding box of the occupied and marked cells (every cell a caption
//! names among them, so its label stays in view) and one ring of cells around it, within the
//! board, and the whole width (or height) along an axis where it would leave out one line of
//! cells or less. Where that box meets the board's edge, the board's own frame and printed coordinates
//! are kept; where it cuts through the board, the edge is left open (a strip of the next cells
//! shows that the board goes on, its outer half torn off in teeth, so that the cut reads as a
//! cut and not as a frame left out) and the coordinates are written again outside it.

use super::{outline_of, span, Drawn, Marks};
use crate::base::color::Color;
use crate::base::units::Mm;
use crate::fonts::Face;
use crate::scene::{p, shape, Affine, Anchor, Item, Scene, P};

/// A position using no more than this share of its board's area is cut to what it uses.
const SMALL_SHARE: f64 = 0.5;
/// The strip of the next cells shown beyond an open edge, as a share of a cell.
const OPEN: f64 = 0.3;
/// The coordinates' ink.
const LABEL_INK: Color = Color::rgb(0x55, 0x55, 0x50);

/// A box: left, top, right, bottom.
type Box4 = (f64, f64, f64, f64);

fn bounds<'a>(points: impl Iterator<Item = &'a P>) -> Box4 {
    points.fold(
        (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
        |(x0, y0, x1, y1), q| (x0.min(q.x), y0.min(q.y), x1.max(q.x), y1.max(q.y)),
    )
}

fn area(b: Box4) -> f64 {
    (b.2 - b.0) * (b.3 - b.1)
}

/// Where to cut drawings of one board: the box kept, which of its edges (left, top, right,
/// bottom) are the board's own, and the size of a cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Cut {
    keep: Box4,
    real: [bool; 4],
    cell: (f64, f64),
}

/// The part of the board that drawings of it use (the first drawing's cells), when that part
/// is small or the diagram is `partial` (it leaves material out, so the rest of the board says
/// nothing): the occupied cells of each drawing and the cells its marks name, with one ring;
/// none when the whole board is kept. See the module's doc.
pub fn part(drawings: &[(&Drawn, &Marks)], partial: bool) -> Option<Cut> {
    let d = drawings.first()?.0;
    let shown: Vec<&[P]> = drawings
        .iter()
        .flat_map(|(x, marks)| x.occupied.iter().chain(marks.names()))
        .filter_map(|n| outline_of(&d.cells, n))
        .collect();
    let all = bounds(d.cells.iter().flat_map(|(_, poly)| poly.iter()));
    let used = bounds(shown.iter().flat_map(|poly| poly.iter()));
    let (cw, ch, _) = span(shown.first()?);
    // One ring of cells around what is used, within the board. Along an axis where the crop
    // would leave out one line of cells or less, the whole board's width (or height) is kept:
    // a last column cut off with its frame and coordinates reads as a printing fault.
    let eps = 1e-6 * cw.max(ch);
    let mut keep = (
        (used.0 - cw).max(all.0),
        (used.1 - ch).max(all.1),
        (used.2 + cw).min(all.2),
        (used.3 + ch).min(all.3),
    );
    if (keep.0 - all.0) + (all.2 - keep.2) <= cw + eps {
        (keep.0, keep.2) = (all.0, all.2);
    }
    if (keep.1 - all.1) + (all.3 - keep.3) <= ch + eps {
        (keep.1, keep.3) = (all.1, all.3);
    }
    let real = [
        keep.0 <= all.0 + eps,
        keep.1 <= all.1 + eps,
        keep.2 >= all.2 - eps,
        keep.3 >= all.3 - eps,
    ];
    let small = partial || area(keep) <= SMALL_SHARE * area(all);
    (small && !real.iter().all(|r| *r)).then_some(Cut {
        keep,
        real,
        cell: (cw, ch),
    })
}

/// Cuts a drawing of the board `cut` was found on to its part; the cells' outlines move with
/// the drawing.
pub fn cut(d: &mut Drawn, cut: &Cut) {
    let (keep, real, (cw, ch)) = (cut.keep, cut.real, cut.cell);
    let (w, h) = (d.scene.width, d.scene.height);
    // A real edge keeps the board's frame (to the drawing's edge); an open one a strip.
    let clip = (
        if real[0] { 0.0 } else { keep.0 - OPEN * cw },
        if real[1] { 0.0 } else { keep.1 - OPEN * ch },
        if real[2] { w } else { keep.2 + OPEN * cw },
        if real[3] { h } else { keep.3 + OPEN * ch },
    );
    // Coordinates written around the edge (a square board's, a plane's) are written again
    // beside an open edge when the opposite edge, which prints them too, is open as well.
    let columns = d.names_edge && !real[1] && !real[3];
    let rows = d.names_edge && !real[0] && !real[2];
    let (_, margin) = label_size(cw.min(ch));
    let (left, below) = (
        if rows { margin } else { 0.0 },
        if columns { margin } else { 0.0 },
    );
    let (dx, dy) = (left - clip.0, -clip.1);
    let mut s = Scene::new(left + clip.2 - clip.0, clip.3 - clip.1 + below);
    let mut old = std::mem::replace(&mut d.scene, Scene::new(0.0, 0.0));
    // The names cut away are left out, not only hidden: a page's text is what a reader sees.
    let inside = |x: f64, y: f64| x >= clip.0 && x <= clip.2 && y >= clip.1 && y <= clip.3;
    old.items
        .retain(|it| !matches!(it, Item::Text(t) if !inside(t.x, t.y)));
    s.place(
        old,
        Affine::translate(dx, dy),
        Some((clip.0, clip.1, clip.2 - clip.0, clip.3 - clip.1)),
    );
    for (_, poly) in d.cells.iter_mut() {
        for q in poly.iter_mut() {
            q.x += dx;
            q.y += dy;
        }
    }
    // The open edges' strips, torn: white teeth over their outer half.
    let (x0, x1) = (left, left + clip.2 - clip.0);
    let (y0, y1) = (0.0, clip.3 - clip.1);
    for (edge, open) in real.iter().map(|r| !r).enumerate() {
        if open {
            torn(
                &mut s,
                edge,
                (x0, y0, x1, y1),
                OPEN * if edge.is_multiple_of(2) { cw } else { ch },
            );
        }
    }
    if columns || rows {
        label(&mut s, d, keep, (dx, dy), (columns, rows), cw.min(ch));
    }
    d.scene = s;
}

/// Paints white teeth over the outer part of an open edge's strip (`edge`: left, top, right,
/// bottom of `b`), `depth` deep: the board looks torn there, and goes on.
fn torn(s: &mut Scene, edge: usize, b: Box4, depth: f64) {
    let (x0, y0, x1, y1) = b;
    let along = if edge.is_multiple_of(2) {
        y1 - y0
    } else {
        x1 - x0
    };
    let teeth = ((along / (depth * 1.2)).round() as usize).max(2);
    let step = along / teeth as f64;
    // Distance from the edge inwards, and the position along it, to a point on the page.
    let at = |inward: f64, t: f64| match edge {
        0 => p(x0 + inward, y0 + t),
        1 => p(x0 + t, y0 + inward),
        2 => p(x1 - inward, y0 + t),
        _ => p(x0 + t, y1 - inward),
    };
    let mut pts = vec![at(0.0, 0.0)];
    for i in 0..teeth {
        let t = i as f64 * step;
        pts.push(at(depth * 0.35, t));
        pts.push(at(depth * 0.8, t + step / 2.0));
    }
    pts.push(at(depth * 0.35, along));
    pts.push(at(0.0, along));
    s.path(shape::polygon(&pts), Some(Color::WHITE), None);
}

/// The coordinates of the kept cells, each column's under the drawing and each row's on its
/// left, read from the cells' names (`c3`: column `c`, row `3`; `2,-1` on a plane).
fn label(
    s: &mut Scene,
    d: &Drawn,
    keep: Box4,
    (dx, dy): (f64, f64),
    which: (bool, bool),
    cell: f64,
) {
    let (size, margin) = label_size(cell);
    let cap = Face::Bold.cap_height_mm(size);
    // Each column's centre x and name, each row's centre y and name.
    let mut cols: Vec<(f64, String)> = Vec::new();
    let mut rows: Vec<(f64, String)> = Vec::new();
    for (name, poly) in &d.cells {
        let c = super::centre(poly);
        let (x, y) = (c.x - dx, c.y - dy);
        if x < keep.0 || x > keep.2 || y < keep.1 || y > keep.3 {
            continue;
        }
        let Some((col, row)) = split(name) else {
            continue;
        };
        if !cols.iter().any(|(cx, _)| (cx - c.x).abs() < cell * 0.25) {
            cols.push((c.x, col));
        }
        if !rows.iter().any(|(ry, _)| (ry - c.y).abs() < cell * 0.25) {
            rows.push((c.y, row));
        }
    }
    let ink = LABEL_INK;
    if which.0 {
        let y = s.height - margin / 2.0 + cap / 2.0;
        for (x, name) in cols {
            s.text(x, y, size, Face::Bold, ink, Anchor::Middle, &name);
        }
    }
    if which.1 {
        let x = margin / 2.0;
        for (y, name) in rows {
            s.text(
                x,
                y + cap / 2.0,
                size,
                Face::Bold,
                ink,
                Anchor::Middle,
                &name,
            );
        }
    }
}

/// The size of the coordinates written beside an open edge, pt, as a board writes them (a
/// third of a cell, between 6 and 11 pt), and the margin that holds them, mm.
fn label_size(cell: f64) -> (f64, f64) {
    let size = Mm(cell * 0.3).in_pt().clamp(6.0, 11.0);
    (size, 2.8 * Face::Bold.cap_height_mm(size))
}

/// A cell's name as its column and its row: `c3` as `c` and `3`, `2,-1` as `2` and `-1`.
fn split(name: &str) -> Option<(String, String)> {
    if let Some((x, y)) = name.split_once(',') {
        return Some((x.into(), y.into()));
    }
    let at = name.find(|c: char| c.is_ascii_digit())?;
    let (col, row) = name.split_at(at);
    (!col.is_empty() && row.chars().all(|c| c.is_ascii_digit()))
        .then(|| (col.to_string(), row.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_name_splits_into_its_column_and_row() {
        assert_eq!(split("c3"), Some(("c".into(), "3".into())));
        assert_eq!(split("aa12"), Some(("aa".into(), "12".into())));
        assert_eq!(split("2,-1"), Some(("2".into(), "-1".into())));
        assert_eq!(split("12"), None);
        assert_eq!(split("c3x"), None);
    }
}
