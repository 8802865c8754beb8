//! Position diagrams: the printed board with pawns and marks on it, as used in rulebooks.

use super::board::{cell_centre, cell_polygon, draw, pawn_radius};
use crate::color::Color;
use crate::definition::model::{Board, Piece};
use crate::scene::{p, shape, Scene, Stroke};

/// How a pawn is drawn on a diagram.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PawnLook {
    /// Face colour.
    pub fill: Color,
    /// Outline colour.
    pub line: Color,
}

impl PawnLook {
    /// The look of a piece of the game's definition.
    pub fn of(piece: &Piece) -> PawnLook {
        PawnLook {
            fill: piece.fill,
            line: piece.line,
        }
    }
}

/// A board diagram: the board drawing with round pawns on cells.
pub fn pawns_on_board(board: &Board, pawns: &[(usize, PawnLook)]) -> Scene {
    let mut s = draw(board);
    let r = pawn_radius(board);
    for &(c, look) in pawns {
        let ctr = cell_centre(board, c);
        s.path(
            shape::circle(p(ctr.x + r * 0.06, ctr.y + r * 0.08), r),
            Some(Color::rgb(0, 0, 0).lighten(0.6)),
            None,
        );
        s.path(
            shape::circle(ctr, r),
            Some(look.fill),
            Some(Stroke::solid(look.line, r * 0.07)),
        );
        s.path(
            shape::circle(ctr, r * 0.72),
            None,
            Some(Stroke::solid(look.fill.darken(0.2), r * 0.05)),
        );
    }
    s
}

/// Outlines a cell (e.g. the pawn placed this turn).
pub fn highlight(s: &mut Scene, board: &Board, cell: usize, color: Color) {
    let poly = cell_polygon(board, cell);
    let c = super::board::cell_centre(board, cell);
    let w = board.cell * 0.1;
    // Drawn just inside the cell so that neighbouring highlights do not merge.
    let k = 1.0 - 0.09;
    let inner: Vec<_> = poly
        .iter()
        .map(|q| p(c.x + (q.x - c.x) * k, c.y + (q.y - c.y) * k))
        .collect();
    s.path(shape::polygon(&inner), None, Some(Stroke::solid(color, w)));
}
