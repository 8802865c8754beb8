//! Cards: a face drawn by its layout; a shared back.

use crate::base::lang::Lang;
use crate::definition::model::{Back, Card};
use crate::scene::{shape, Scene};

/// Draws a card face of `w` × `h` mm: its layout's elements (a deck without a layout of its own
/// has the library's `card`). A card whose layout failed to resolve, which a valid game never
/// holds, shows its colour to the bleed.
pub fn face(card: &Card, w: f64, h: f64, bleed: f64, lang: Lang) -> Scene {
    let mut s = Scene::new(w, h);
    match &card.layout {
        Some(elements) => super::element::draw(&mut s, elements, w, h, lang),
        None => s.path(
            shape::rect(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed),
            Some(card.fill),
            None,
        ),
    }
    s
}

/// Draws a shared back of `w` × `h` mm with bleed: its layout's elements (the library's
/// `card-back` by default).
pub fn back(back: &Back, w: f64, h: f64, lang: Lang) -> Scene {
    let mut s = Scene::new(w, h);
    super::element::draw(&mut s, &back.elements, w, h, lang);
    s
}
