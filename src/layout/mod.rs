//! Layout: each component of the model drawn once into a [`Scene`] in millimetres.
//!
//! In: a validated component of the model ([`crate::definition::model`]) and a language; out:
//! its [`Scene`] (faces, backs, the board's decorated face, a position's diagram).
//!
//! A component scene has its origin at the top-left corner of the cut line; artwork that bleeds
//! extends to negative coordinates and past the width and height.

pub mod board;
pub mod board_face;
pub mod card;
pub mod diagram;
pub mod die;
pub mod element;
pub mod fit;
pub mod mat;
pub mod outline;
pub mod picto;
pub mod piece;
pub mod rich;
pub mod tile;

use crate::base::color::Color;
use crate::definition::model::Symbol;
use crate::scene::{p, shape, Scene, Stroke, P};
pub use outline::Outline;

/// Hairline used for cut guides, mm.
pub const HAIRLINE: f64 = 0.15;

/// Draws a symbol of radius `r` centred on `c`.
pub fn symbol(s: &mut Scene, sym: Symbol, c: P, r: f64, color: Color) {
    let w = r * 0.28;
    match sym {
        Symbol::Circle => s.path(
            shape::circle(c, r * 0.8),
            None,
            Some(Stroke::solid(color, w)),
        ),
        Symbol::Triangle => s.path(
            shape::regular(p(c.x, c.y + r * 0.12), r, 3, 0.0),
            Some(color),
            None,
        ),
        Symbol::Square => s.path(
            shape::rect(c.x - r * 0.7, c.y - r * 0.7, r * 1.4, r * 1.4),
            Some(color),
            None,
        ),
        Symbol::Diamond => s.path(shape::regular(c, r, 4, 0.0), Some(color), None),
        Symbol::Star => s.path(shape::star(c, r), Some(color), None),
        Symbol::Cross => {
            let d = r * 0.75;
            let st = Some(Stroke::solid(color, w));
            s.cross(c, d, st);
        }
    }
}

/// The warning for characters no chosen font has (the first eight named, with code points).
pub fn missing_glyphs(missing: &[char]) -> String {
    let list: Vec<String> = missing
        .iter()
        .take(8)
        .map(|c| format!("`{c}` (U+{:04X})", u32::from(*c)))
        .collect();
    format!(
        "{} not in the font: {} as an empty box",
        list.join(", "),
        if missing.len() == 1 {
            "it prints"
        } else {
            "they print"
        }
    )
}

/// Ink that reads well on `bg`.
pub fn ink_on(bg: Color) -> Color {
    bg.ink_on()
}
