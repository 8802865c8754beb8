//! Tiles of any rectangle: a card's face, or the elements of the tile set's layout (four
//! triangular colour zones with symbols, four small squares, or a designer's own with its
//! fields). A face is the tile's cut box; its elements may reach into the set's bleed.

use super::card;
use crate::base::lang::Lang;
use crate::definition::model::{Tile, TileFace, Tileset};
use crate::scene::Scene;

/// Draws one tile face. A tile of zones that is not in the set (an engine's) is drawn with the
/// set's face for its arrangement of colours.
pub fn face(set: &Tileset, tile: &Tile, lang: Lang) -> Scene {
    let (w, h) = (set.width, set.height);
    match &tile.face {
        TileFace::Card(c, _) => {
            let mut c = (**c).clone();
            c.text = crate::base::lang::Text::default();
            card::face(&c, w, h, set.bleed, lang)
        }
        face => {
            let elements = if !tile.elements.is_empty() {
                &tile.elements
            } else if let TileFace::Zones(z) = face {
                set.zone_faces
                    .get(z)
                    .or_else(|| {
                        set.tiles
                            .iter()
                            .find(|t| &t.face == face)
                            .map(|t| &t.elements)
                    })
                    .map_or(&tile.elements, |e| e)
            } else {
                &tile.elements
            };
            let mut sc = Scene::new(w, h);
            super::element::draw(&mut sc, elements, w, h, lang);
            sc
        }
    }
}
