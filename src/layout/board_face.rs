//! A board's printed face: the elements of its layout drawn around the board's own drawing.
//! In: a board of the model and a language; out: the face's scene in millimetres.
//!
//! It sits apart from [`super::board`] because it draws elements, and an element (a `board`
//! element of a card or a mat) draws a board: with the face here the imports run one way,
//! face → element → board.

use super::{board, element};
use crate::base::lang::Lang;
use crate::definition::model::{Board, ElementKind};
use crate::scene::Scene;

/// Draws a board's printed face in `lang`: its layout's elements, the board itself where its
/// `board` element stands; without a layout, the board alone.
pub fn face(b: &Board, lang: Lang) -> Scene {
    if b.face.is_empty() {
        return board::draw(b);
    }
    let (w, h) = b.extent();
    let mut s = Scene::new(w, h);
    for e in &b.face {
        match &e.kind {
            ElementKind::Board(None) => element::place_board(&mut s, b, e),
            _ => element::draw(&mut s, std::slice::from_ref(e), w, h, lang),
        }
    }
    s
}
