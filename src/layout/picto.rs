//! Pictograms: a few cells with pawns and arrows that show an action.

use crate::base::color::Color;
use crate::definition::model::Picto;
use crate::scene::{p, shape, Scene, Stroke, P};

/// Colours of a pictogram.
#[derive(Debug, Clone, Copy)]
pub struct PictoInk {
    /// Lines and the acting side's pawns.
    pub ink: Color,
    /// Cells.
    pub cells: Color,
    /// Arrows.
    pub arrow: Color,
}

/// Draws `pic` centred in the square box at (`x`, `y`) of side `size`.
pub fn draw(s: &mut Scene, pic: &Picto, x: f64, y: f64, size: f64, ink: PictoInk) {
    let g = pic.grid;
    let cell = size / g.cols.max(g.rows) as f64;
    let (w, h) = (cell * g.cols as f64, cell * g.rows as f64);
    let (ox, oy) = (x + (size - w) / 2.0, y + (size - h) / 2.0);
    let centre = |c: usize| -> P {
        let (cx, cy) = g.origin(c, cell);
        p(ox + cx + cell / 2.0, oy + cy + cell / 2.0)
    };
    s.path(shape::rect(ox, oy, w, h), Some(ink.cells), None);
    let thin = Some(Stroke::solid(ink.ink.lighten(0.55), cell * 0.025));
    for i in 1..g.cols {
        let xx = ox + i as f64 * cell;
        s.path(shape::line(p(xx, oy), p(xx, oy + h)), None, thin);
    }
    for j in 1..g.rows {
        let yy = oy + j as f64 * cell;
        s.path(shape::line(p(ox, yy), p(ox + w, yy)), None, thin);
    }
    s.path(
        shape::rect(ox, oy, w, h),
        None,
        Some(Stroke::solid(ink.ink, cell * 0.04)),
    );
    let r = cell * 0.32;
    for &c in &pic.own {
        s.path(shape::circle(centre(c), r), Some(ink.ink), None);
    }
    for &c in &pic.opp {
        s.path(
            shape::circle(centre(c), r),
            Some(Color::WHITE),
            Some(Stroke::solid(ink.ink, cell * 0.06)),
        );
    }
    for &c in &pic.placed {
        s.path(
            shape::star(centre(c), r * 0.6),
            Some(Color::rgb(0xf2, 0xc1, 0x2e)),
            None,
        );
    }
    for &c in &pic.taken {
        let q = centre(c);
        let d = r * 0.85;
        let st = Some(Stroke::solid(Color::rgb(0xc0, 0x39, 0x2b), cell * 0.09));
        s.cross(q, d, st);
    }
    for a in &pic.arrows {
        let mut pts: Vec<P> = a.iter().map(|&c| centre(c)).collect();
        // Start the arrow at the rim of the first pawn, not its centre.
        let (p0, p1) = (pts[0], pts[1]);
        let (dx, dy) = (p1.x - p0.x, p1.y - p0.y);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        pts[0] = p(p0.x + dx / len * r, p0.y + dy / len * r);
        let (shaft, head) = shape::arrow(&pts, cell * 0.3);
        s.path(shaft, None, Some(Stroke::solid(ink.arrow, cell * 0.09)));
        s.path(head, Some(ink.arrow), None);
    }
}
