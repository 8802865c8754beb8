//! Pieces: round, square and triangular pawns, bricks; front and back faces.

use super::{ink_on, symbol};
use crate::color::Color;
use crate::definition::model::{Piece, PieceShape};
use crate::scene::{p, shape, Scene, Stroke};

/// Draws the front face.
pub fn front(pc: &Piece) -> Scene {
    draw(pc, pc.fill, true)
}

/// Draws the back face of a two-faced piece (its `back` colour), if it has one.
pub fn back(pc: &Piece) -> Option<Scene> {
    pc.back.map(|c| draw(pc, c, false))
}

fn draw(pc: &Piece, fill: Color, with_symbol: bool) -> Scene {
    let (w, h) = pc.extent();
    let mut s = Scene::new(w, h);
    let z = pc.size;
    let line = Stroke::solid(pc.line, (z * 0.02).max(0.3));
    let inner = Stroke::solid(fill.darken(0.18), (z * 0.03).max(0.3));
    let centre;
    match pc.shape {
        PieceShape::Disc => {
            centre = p(z / 2.0, z / 2.0);
            s.path(
                shape::circle(centre, z / 2.0 - line.width / 2.0),
                Some(fill),
                Some(line),
            );
            s.path(shape::circle(centre, z * 0.38), None, Some(inner));
        }
        PieceShape::Square => {
            centre = p(z / 2.0, z / 2.0);
            s.path(shape::rect(0.0, 0.0, z, z), Some(fill), Some(line));
            s.path(
                shape::rect(z * 0.12, z * 0.12, z * 0.76, z * 0.76),
                None,
                Some(inner),
            );
        }
        PieceShape::Triangle => {
            centre = p(z / 2.0, h * 2.0 / 3.0);
            s.path(
                shape::polygon(&[p(z / 2.0, 0.0), p(z, h), p(0.0, h)]),
                Some(fill),
                Some(line),
            );
            let k = 0.72;
            let pt =
                |x: f64, y: f64| p(centre.x + (x - centre.x) * k, centre.y + (y - centre.y) * k);
            s.path(
                shape::polygon(&[pt(z / 2.0, 0.0), pt(z, h), pt(0.0, h)]),
                None,
                Some(inner),
            );
        }
        PieceShape::Brick => {
            centre = p(z / 2.0, z / 2.0);
            s.path(shape::rect(0.0, 0.0, z, z), Some(fill), Some(line));
            let mortar = Some(Stroke::solid(fill.lighten(0.55), (z * 0.035).max(0.3)));
            for row in 1..4 {
                let y = z * row as f64 / 4.0;
                s.path(shape::line(p(0.0, y), p(z, y)), None, mortar);
            }
            for row in 0..4 {
                let (y0, y1) = (z * row as f64 / 4.0, z * (row + 1) as f64 / 4.0);
                let offs: &[f64] = if row % 2 == 0 { &[0.5] } else { &[0.25, 0.75] };
                for o in offs {
                    s.path(shape::line(p(z * o, y0), p(z * o, y1)), None, mortar);
                }
            }
        }
    }
    if let (true, Some(sym)) = (with_symbol, pc.symbol) {
        symbol(&mut s, sym, centre, z * 0.16, ink_on(fill));
    }
    s
}
