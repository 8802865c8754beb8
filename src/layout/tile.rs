//! Square tiles: four triangular colour zones with symbols, four small squares, or a card's face.

use super::{card, ink_on, symbol};
use crate::definition::model::{Tile, TileFace, Tileset};
use crate::lang::Lang;
use crate::scene::{p, shape, Scene, Stroke};

/// Draws one tile face.
pub fn face(set: &Tileset, tile: &Tile, lang: Lang) -> Scene {
    let s = set.size;
    match &tile.face {
        TileFace::Card(c, style) => {
            let mut c = (**c).clone();
            c.text = crate::lang::Text::default();
            card::face(&c, style, s, s, 0.0, lang)
        }
        TileFace::Zones(zones) => {
            let mut sc = Scene::new(s, s);
            let c = p(s / 2.0, s / 2.0);
            let corners = [p(0.0, 0.0), p(s, 0.0), p(s, s), p(0.0, s)];
            // Zone i lies between corners i and i+1 (top, right, bottom, left).
            let sym_at = [
                p(s / 2.0, s * 0.2),
                p(s * 0.8, s / 2.0),
                p(s / 2.0, s * 0.8),
                p(s * 0.2, s / 2.0),
            ];
            for (i, name) in zones.iter().enumerate() {
                let (color, sym) = set.zone(name).unwrap_or((
                    crate::color::Color::BLACK,
                    crate::definition::model::Symbol::Circle,
                ));
                sc.path(
                    shape::polygon(&[corners[i], corners[(i + 1) % 4], c]),
                    Some(color),
                    None,
                );
                symbol(&mut sc, sym, sym_at[i], s * 0.075, ink_on(color));
            }
            let line = Some(Stroke::solid(
                crate::color::Color::rgb(0x1d, 0x1d, 0x1b),
                0.35,
            ));
            sc.path(shape::line(corners[0], corners[2]), None, line);
            sc.path(shape::line(corners[1], corners[3]), None, line);
            sc.path(shape::rect(0.0, 0.0, s, s), None, line);
            sc
        }
        TileFace::Squares(colors) => {
            let mut sc = Scene::new(s, s);
            let h = s / 2.0;
            let at = [(0.0, 0.0), (h, 0.0), (h, h), (0.0, h)];
            for (i, (x, y)) in at.iter().enumerate() {
                sc.path(shape::rect(*x, *y, h, h), Some(colors[i]), None);
            }
            sc.path(
                shape::rect(0.0, 0.0, s, s),
                None,
                Some(Stroke::solid(
                    crate::color::Color::rgb(0x1d, 0x1d, 0x1b),
                    0.35,
                )),
            );
            sc
        }
    }
}
