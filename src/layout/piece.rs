//! Pieces: each face drawn from its layout's elements (by default the library's `piece-<shape>`).

use crate::base::lang::Lang;
use crate::definition::model::Piece;
use crate::scene::Scene;

/// Draws the front face.
pub fn front(pc: &Piece, lang: Lang) -> Scene {
    draw(pc, &pc.front_face, lang)
}

/// Draws the back face of a two-faced piece, if it has one.
pub fn back(pc: &Piece, lang: Lang) -> Option<Scene> {
    pc.back_face.as_ref().map(|f| draw(pc, f, lang))
}

fn draw(pc: &Piece, elements: &[crate::definition::model::Element], lang: Lang) -> Scene {
    let (w, h) = pc.extent();
    let mut s = Scene::new(w, h);
    super::element::draw(&mut s, elements, w, h, lang);
    s
}
