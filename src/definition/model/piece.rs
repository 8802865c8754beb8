//! A validated piece.
//!
//! In: built by `validate::piece`. Out: read by the layout and the sheets.

use super::layout::{Element, Symbol};
use crate::base::color::Color;
use crate::base::lang::Text;

/// The outline of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceShape {
    /// Round pawn.
    Disc,
    /// Square pawn.
    Square,
    /// Equilateral triangle.
    Triangle,
    /// Brick (square with a brick bond).
    Brick,
}

/// A piece.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Shape.
    pub shape: PieceShape,
    /// Size, mm.
    pub size: f64,
    /// Face colour.
    pub fill: Color,
    /// Outline colour.
    pub line: Color,
    /// Other face colour (two-faced pieces).
    pub back: Option<Color>,
    /// Symbol on the face.
    pub symbol: Option<Symbol>,
    /// Copies (0: left out of the print).
    pub count: usize,
    /// Bleed around the cut box, mm.
    pub bleed: f64,
    /// Safe zone inside the cut line, mm.
    pub safe: f64,
    /// The front face's elements, from the piece's layout.
    pub front_face: Vec<Element>,
    /// The back face's elements (two-faced pieces).
    pub back_face: Option<Vec<Element>>,
}

impl Piece {
    /// Width and height of a piece's cut box, mm.
    pub fn extent(&self) -> (f64, f64) {
        match self.shape {
            PieceShape::Triangle => (self.size, self.size * crate::geometry::triangles::H),
            _ => (self.size, self.size),
        }
    }
}
