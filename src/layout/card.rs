//! Cards: a coloured face with title, pictogram and rule text; a shared back.

use super::picto::{self, PictoInk};
use super::{ink_on, HAIRLINE};
use crate::definition::model::{Back, Card, CardStyle, Pattern};
use crate::fonts::{self, Face};
use crate::lang::Lang;
use crate::scene::{p, shape, Anchor, Scene, Stroke};

/// Draws a card face of `w` × `h` mm with `bleed` mm of background past the cut line.
pub fn face(card: &Card, style: &CardStyle, w: f64, h: f64, bleed: f64, lang: Lang) -> Scene {
    let mut s = Scene::new(w, h);
    s.path(
        shape::rect(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed),
        Some(card.fill),
        None,
    );
    let on_fill = ink_on(card.fill);
    let b = style.border;
    let title_band = style.title_size * 0.3528 * 1.25
        + b
        + if card.tag.is_some() {
            style.text_size * 0.3528 * 1.4
        } else {
            0.0
        };
    let max_title = w - 2.0 * b;
    let mut tsize = style.title_size;
    while Face::Bold.width_mm(card.title.get(lang), tsize) > max_title && tsize > 5.0 {
        tsize -= 0.5;
    }
    let baseline = b + Face::Bold.cap_height_mm(tsize) + 0.5;
    s.text(
        w / 2.0,
        baseline,
        tsize,
        Face::Bold,
        on_fill,
        Anchor::Middle,
        card.title.get(lang),
    );
    if let Some(tag) = &card.tag {
        s.text(
            w / 2.0,
            baseline + style.text_size * 0.3528 * 1.4,
            style.text_size,
            Face::Italic,
            on_fill,
            Anchor::Middle,
            tag.get(lang),
        );
    }
    let (px, py, pw, ph) = (b, title_band + 1.0, w - 2.0 * b, h - title_band - 1.0 - b);
    s.path(
        shape::rounded_rect(px, py, pw, ph, style.corner),
        Some(style.panel),
        None,
    );
    let lines = fonts::wrap(
        Face::Regular,
        card.text.get(lang),
        style.text_size,
        pw - 4.0,
    );
    let lh = style.text_size * 0.3528 * 1.25;
    let text_h = lines.len() as f64 * lh;
    if let Some(pic) = &card.picto {
        let room = (ph - text_h - 5.0).min(pw - 6.0).max(5.0);
        let ink = PictoInk {
            ink: style.ink,
            cells: style.panel.darken(0.04),
            arrow: card.fill.darken(0.25),
        };
        picto::draw(&mut s, pic, px + (pw - room) / 2.0, py + 2.5, room, ink);
    }
    let mut y = py + ph - text_h - 2.0 + lh * 0.8;
    for l in &lines {
        s.text(
            w / 2.0,
            y,
            style.text_size,
            Face::Regular,
            style.ink,
            Anchor::Middle,
            l,
        );
        y += lh;
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
