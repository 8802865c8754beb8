//! Cards: a coloured face with title, pictogram and rule text; a shared back.

use super::picto::{self, PictoInk};
use super::{ink_on, HAIRLINE};
use crate::definition::model::{Back, Card, CardStyle, Pattern};
use crate::fonts::{self, Face};
use crate::lang::Lang;
use crate::scene::{p, shape, Anchor, Scene, Stroke};

/// Smallest title size before a title is reported as too wide, in points.
pub const MIN_TITLE_PT: f64 = 5.0;

/// Where a card face's parts go: computed once, for drawing and for checking.
struct Plan {
    title_size: f64,
    baseline: f64,
    /// Panel: x, y, width, height.
    panel: (f64, f64, f64, f64),
    lines: Vec<String>,
    line_height: f64,
}

fn plan(card: &Card, style: &CardStyle, w: f64, h: f64, lang: Lang) -> Plan {
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
    while Face::Bold.width_mm(card.title.get(lang), tsize) > max_title && tsize > MIN_TITLE_PT {
        tsize -= 0.5;
    }
    let baseline = b + Face::Bold.cap_height_mm(tsize) + 0.5;
    let panel = (b, title_band + 1.0, w - 2.0 * b, h - title_band - 1.0 - b);
    let lines = fonts::wrap(
        Face::Regular,
        card.text.get(lang),
        style.text_size,
        panel.2 - 4.0,
    );
    Plan {
        title_size: tsize,
        baseline,
        panel,
        lines,
        line_height: style.text_size * 0.3528 * 1.25,
    }
}

/// What would not print as written on a card face: each problem names the field (`title`,
/// `text` or `tag`) and says what is wrong.
pub fn problems(
    card: &Card,
    style: &CardStyle,
    w: f64,
    h: f64,
    lang: Lang,
) -> Vec<(&'static str, String)> {
    let pl = plan(card, style, w, h, lang);
    let mut out = Vec::new();
    let title = card.title.get(lang);
    let max_title = w - 2.0 * style.border;
    let tw = Face::Bold.width_mm(title, pl.title_size);
    if tw > max_title + 1e-9 {
        out.push((
            "title",
            format!(
                "the title is {tw:.1} mm wide at {MIN_TITLE_PT} pt, wider than the {max_title:.1} mm between the card's borders"
            ),
        ));
    }
    let (_, _, pw, ph) = pl.panel;
    let room = pw - 4.0;
    if let Some(line) = pl
        .lines
        .iter()
        .find(|l| Face::Regular.width_mm(l, style.text_size) > room + 1e-9)
    {
        let word: String = line.chars().take(40).collect();
        out.push((
            "text",
            format!(
                "`{word}{}` is {:.1} mm wide, wider than the text box ({room:.1} mm): it runs over the card's edge",
                if line.chars().count() > 40 { "…" } else { "" },
                Face::Regular.width_mm(line, style.text_size)
            ),
        ));
    }
    // The text sits at the panel's foot, above a pictogram of at least 5 mm if there is one.
    let text_h = pl.lines.len() as f64 * pl.line_height;
    let picto = if card.picto.is_some() { 5.0 + 2.5 } else { 0.0 };
    let holds = ((ph - 2.0 - picto) / pl.line_height).floor().max(0.0) as usize;
    if text_h + 2.0 + picto > ph + 1e-9 {
        out.push((
            "text",
            format!(
                "the text needs {} lines ({text_h:.1} mm) at {} pt; the panel holds {holds}{}",
                pl.lines.len(),
                style.text_size,
                if card.picto.is_some() {
                    " beside its pictogram"
                } else {
                    ""
                }
            ),
        ));
    }
    for (field, face, text) in [
        ("title", Face::Bold, Some(title)),
        ("tag", Face::Italic, card.tag.as_ref().map(|t| t.get(lang))),
        ("text", Face::Regular, Some(card.text.get(lang))),
    ] {
        let missing: Vec<char> = text
            .unwrap_or("")
            .chars()
            .filter(|&c| c != '\n' && !face.has_char(c))
            .fold(Vec::new(), |mut v, c| {
                if !v.contains(&c) {
                    v.push(c);
                }
                v
            });
        if !missing.is_empty() {
            out.push((field, super::missing_glyphs(&missing)));
        }
    }
    out
}

/// Draws a card face of `w` × `h` mm with `bleed` mm of background past the cut line.
pub fn face(card: &Card, style: &CardStyle, w: f64, h: f64, bleed: f64, lang: Lang) -> Scene {
    let mut s = Scene::new(w, h);
    if let Some(elements) = &card.layout {
        super::element::draw(&mut s, elements, w, h, lang);
        return s;
    }
    s.path(
        shape::rect(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed),
        Some(card.fill),
        None,
    );
    let on_fill = ink_on(card.fill);
    let pl = plan(card, style, w, h, lang);
    s.text(
        w / 2.0,
        pl.baseline,
        pl.title_size,
        Face::Bold,
        on_fill,
        Anchor::Middle,
        card.title.get(lang),
    );
    if let Some(tag) = &card.tag {
        s.text(
            w / 2.0,
            pl.baseline + style.text_size * 0.3528 * 1.4,
            style.text_size,
            Face::Italic,
            on_fill,
            Anchor::Middle,
            tag.get(lang),
        );
    }
    let (px, py, pw, ph) = pl.panel;
    s.path(
        shape::rounded_rect(px, py, pw, ph, style.corner),
        Some(style.panel),
        None,
    );
    let lh = pl.line_height;
    let text_h = pl.lines.len() as f64 * lh;
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
    for l in &pl.lines {
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
