//! Cards: a face drawn by its layout; a shared back.

use super::HAIRLINE;
use crate::definition::model::{Back, Card, CardStyle, Pattern};
use crate::fonts::Face;
use crate::lang::Lang;
use crate::scene::{p, shape, Anchor, Scene, Stroke};

/// Draws a card face of `w` × `h` mm: its layout's elements (a deck without a layout of its own
/// has the library's `card`). A card whose layout failed to resolve, which a valid game never
/// holds, shows its colour to the bleed.
pub fn face(card: &Card, _style: &CardStyle, w: f64, h: f64, bleed: f64, lang: Lang) -> Scene {
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

/// Draws a shared back of `w` × `h` mm with bleed.
pub fn back(back: &Back, w: f64, h: f64, bleed: f64, lang: Lang) -> Scene {
    let mut s = Scene::new(w, h);
    s.path(
        shape::rect(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed),
        Some(back.fill),
        None,
    );
    let light = Some(Stroke::solid(back.fill.lighten(0.18), 0.5));
    let step = (w.min(h) / 6.0).max(4.0);
    match back.pattern {
        Pattern::None => {}
        Pattern::Grid => {
            let mut x = -bleed;
            while x <= w + bleed {
                s.path(shape::line(p(x, -bleed), p(x, h + bleed)), None, light);
                x += step;
            }
            let mut y = -bleed;
            while y <= h + bleed {
                s.path(shape::line(p(-bleed, y), p(w + bleed, y)), None, light);
                y += step;
            }
        }
        Pattern::Diamonds => {
            // Lines at ±45° centred on the card so the pattern is symmetric (backs line up when mirrored).
            let (cx, cy) = (w / 2.0, h / 2.0);
            let reach = w + h;
            let mut k = -(reach / step).ceil();
            while k * step <= reach {
                let o = k * step;
                s.path(
                    shape::line(p(cx + o - reach, cy - reach), p(cx + o + reach, cy + reach)),
                    None,
                    light,
                );
                s.path(
                    shape::line(p(cx + o + reach, cy - reach), p(cx + o - reach, cy + reach)),
                    None,
                    light,
                );
                k += 1.0;
            }
            s = clip_to_bleed(s, w, h, bleed);
        }
    }
    let ink = back.ink;
    let title = back.title.get(lang);
    let mut size = 20.0;
    while Face::Bold.width_mm(title, size) > w * 0.7 && size > 6.0 {
        size -= 0.5;
    }
    let bw = Face::Bold.width_mm(title, size) + 8.0;
    let bh = Face::Bold.cap_height_mm(size) + 8.0;
    s.path(
        shape::rounded_rect((w - bw) / 2.0, (h - bh) / 2.0, bw, bh, 2.0),
        Some(back.fill),
        Some(Stroke::solid(ink, 0.6)),
    );
    s.text(
        w / 2.0,
        h / 2.0 + Face::Bold.cap_height_mm(size) / 2.0,
        size,
        Face::Bold,
        ink,
        Anchor::Middle,
        title,
    );
    s.path(
        shape::rect(2.5, 2.5, w - 5.0, h - 5.0),
        None,
        Some(Stroke::solid(ink, HAIRLINE * 3.0)),
    );
    s
}

fn clip_to_bleed(s: Scene, w: f64, h: f64, bleed: f64) -> Scene {
    let mut out = Scene::new(w, h);
    out.place(
        s,
        crate::scene::Affine::IDENTITY,
        Some((-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed)),
    );
    out
}
