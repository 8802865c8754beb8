//! A validated die and the size of its net.
//!
//! In: built by `validate::die`. Out: read by the layout and the sheets.

use super::layout::Element;
use crate::base::color::Color;
use crate::base::lang::Text;

/// A die net.
#[derive(Debug, Clone, PartialEq)]
pub struct Die {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Face side, mm.
    pub face: f64,
    /// Face colour (the glue tabs are a shade darker).
    pub fill: Color,
    /// Pip colour, also that of the net's cut and fold lines.
    pub pip: Color,
    /// The elements of each face, in net order (top, left, front, right, back, bottom), each
    /// placed on a `face` × `face` mm square.
    pub faces: Vec<Vec<Element>>,
    /// Copies (0: left out of the print).
    pub count: usize,
    /// Bleed around the net's box, mm (for a print shop's file).
    pub bleed: f64,
    /// Safe zone inside each face's cut line, mm.
    pub safe: f64,
}

/// Depth of a die net's glue tabs, as a share of the face side.
pub const DIE_TAB: f64 = 0.22;

impl Die {
    /// Width and height of the unfolded net with its glue tabs, mm: the size laid out, imposed
    /// and checked against the paper (one computation for all three).
    pub fn extent(&self) -> (f64, f64) {
        let t = self.face * DIE_TAB;
        (4.0 * self.face + 2.0 * t, 3.0 * self.face + 2.0 * t)
    }
}
