//! Art fitted to a box: where it goes (contain, cover, stretch) and how it is drawn and clipped.

use crate::art::Art;
use crate::definition::model::Fit;
use crate::scene::{Affine, Image, Item, Scene, Seg};

/// Corner radius of a card's cut outline when art is clipped to the card, mm.
pub const CARD_CORNER: f64 = 3.0;

/// Where art of `(aw, ah)` units goes in a box `(x, y, w, h)`: its rectangle in mm.
pub fn fitted(
    aw: f64,
    ah: f64,
    (x, y, w, h): (f64, f64, f64, f64),
    fit: Fit,
) -> (f64, f64, f64, f64) {
    if aw <= 0.0 || ah <= 0.0 || fit == Fit::Stretch {
        return (x, y, w, h);
    }
    let k = match fit {
        Fit::Contain => (w / aw).min(h / ah),
        _ => (w / aw).max(h / ah),
    };
    let (fw, fh) = (aw * k, ah * k);
    (x + (w - fw) / 2.0, y + (h - fh) / 2.0, fw, fh)
}

/// Draws art fitted to a box, clipped to `clip` (an outline in the scene's coordinates).
pub fn draw_art(
    s: &mut Scene,
    art: &Art,
    bx: (f64, f64, f64, f64),
    fit: Fit,
    clip: Option<Vec<Seg>>,
) {
    let (aw, ah) = art.size();
    let (x, y, w, h) = fitted(aw, ah, bx, fit);
    let mut inner = Scene::new(s.width, s.height);
    match art {
        Art::Vector(v) => {
            let t = Affine {
                a: w / aw,
                b: 0.0,
                c: 0.0,
                d: h / ah,
                e: x,
                f: y,
            };
            let mut placed = Scene::new(aw, ah);
            placed.items = v.items.clone();
            inner.place(placed, t, None);
        }
        Art::Raster(r) => inner.push(Item::Image(Image {
            raster: r.clone(),
            x,
            y,
            w,
            h,
        })),
    }
    s.place_clipped(inner, Affine::IDENTITY, clip);
}
