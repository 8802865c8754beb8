//! Text boxes: marked-up text wrapped into a box, aligned, shrunk to fit, with inline icons.

use super::fit::draw_art;
use crate::base::markup::{self, Piece};
use crate::base::units::MM_PER_PT;
use crate::definition::model::{Align, Fit, TextBox, VAlign};
use crate::fonts::Face;
use crate::scene::{Anchor, Scene};

/// Line height as a multiple of the size.
const LEADING: f64 = 1.2;
/// Shrinking step, pt.
const STEP: f64 = 0.25;
/// An inline icon's height, as a multiple of the text size.
const ICON: f64 = 0.95;
/// The baseline below the top of the text size, as a multiple of it.
const ASCENT: f64 = 0.8;

#[derive(Debug, Clone)]
enum Run {
    Text(Face, String),
    Icon(usize),
}

/// A word and what sticks to it (`:coin:,`): runs with their widths.
#[derive(Debug, Clone, Default)]
struct Token {
    runs: Vec<(Run, f64)>,
    width: f64,
}

/// One laid-out line: tokens with the gap before each, and whether a paragraph ends with it.
#[derive(Debug, Clone, Default)]
struct Line {
    tokens: Vec<Token>,
    width: f64,
    last: bool,
}

/// A text laid out in a box.
#[derive(Debug, Clone)]
pub struct Laid {
    /// The size it was set at, pt.
    pub size: f64,
    lines: Vec<Line>,
    /// Why it does not fit at its smallest size, if it does not.
    pub overflow: Option<String>,
}

fn face_of(tb: &TextBox, bold: bool, italic: bool) -> Face {
    match (bold, italic) {
        (true, _) => tb.family.bold,
        (false, true) => tb.family.italic,
        _ => tb.face,
    }
}

fn icon_height(size: f64) -> f64 {
    size * MM_PER_PT * ICON
}

fn icon_width(tb: &TextBox, i: usize, size: f64) -> f64 {
    let (w, h) = tb.icons[i].1.size();
    icon_height(size) * if h > 0.0 { w / h } else { 1.0 }
}

fn tokens(tb: &TextBox, text: &str, size: f64) -> Vec<Option<Token>> {
    // None marks a paragraph break.
    let mut out: Vec<Option<Token>> = Vec::new();
    let mut cur = Token::default();
    let push = |cur: &mut Token, out: &mut Vec<Option<Token>>| {
        if !cur.runs.is_empty() {
            out.push(Some(std::mem::take(cur)));
        }
    };
    for p in markup::parse(text) {
        match p {
            Piece::Word { text, bold, italic } => {
                let f = face_of(tb, bold, italic);
                let w = f.width_mm(&text, size);
                cur.width += w;
                cur.runs.push((Run::Text(f, text), w));
            }
            Piece::Icon(name) => {
                if let Some(i) = tb.icons.iter().position(|(n, _)| *n == name) {
                    let w = icon_width(tb, i, size);
                    cur.width += w;
                    cur.runs.push((Run::Icon(i), w));
                }
            }
            Piece::Space => push(&mut cur, &mut out),
            Piece::Break => {
                push(&mut cur, &mut out);
                out.push(None);
            }
        }
    }
    push(&mut cur, &mut out);
    out
}

fn set(tb: &TextBox, text: &str, size: f64, w: f64) -> (Vec<Line>, Option<String>) {
    let space = tb.face.width_mm(" ", size);
    let mut lines = vec![Line::default()];
    let mut too_wide = None;
    for t in tokens(tb, text, size) {
        let Some(t) = t else {
            if let Some(l) = lines.last_mut() {
                l.last = true;
            }
            lines.push(Line::default());
            continue;
        };
        if t.width > w + 1e-9 && too_wide.is_none() {
            let word: String = t
                .runs
                .iter()
                .map(|(r, _)| match r {
                    Run::Text(_, s) => s.clone(),
                    Run::Icon(i) => format!(":{}:", tb.icons[*i].0),
                })
                .collect();
            too_wide = Some(format!(
                "`{word}` is {:.1} mm wide at {} pt, wider than its box ({w:.1} mm)",
                t.width,
                crate::base::diag::shown_number(size)
            ));
        }
        let line = lines.last_mut().expect("one line at least");
        let need = if line.tokens.is_empty() {
            t.width
        } else {
            line.width + space + t.width
        };
        if need > w + 1e-9 && !line.tokens.is_empty() {
            lines.push(Line {
                width: t.width,
                tokens: vec![t],
                last: false,
            });
        } else {
            line.width = need;
            line.tokens.push(t);
        }
    }
    if let Some(l) = lines.last_mut() {
        l.last = true;
    }
    (lines, too_wide)
}

/// Lays `text` out in a box of `w` × `h` mm: at `tb.size`, or smaller down to `tb.min_size`
/// until it fits; what still does not fit is said in `overflow`.
pub fn lay(tb: &TextBox, text: &str, w: f64, h: f64) -> Laid {
    let mut size = tb.size;
    loop {
        let (lines, too_wide) = set(tb, text, size, w);
        let height = lines.len() as f64 * size * MM_PER_PT * LEADING;
        let fits = too_wide.is_none() && height <= h + 1e-9;
        if fits || size <= tb.min_size + 1e-9 {
            let overflow = if fits {
                None
            } else if let Some(m) = too_wide {
                Some(m)
            } else {
                let holds = (h / (size * MM_PER_PT * LEADING)).floor() as usize;
                Some(format!(
                    "the text needs {} lines ({height:.1} mm) at {} pt; its box ({h:.1} mm) holds {holds}",
                    lines.len(),
                    crate::base::diag::shown_number(size)
                ))
            };
            return Laid {
                size,
                lines,
                overflow,
            };
        }
        // The last step lands on the smallest size; thousandths keep steps free of float noise.
        size = (((size - STEP) * 1000.0).round() / 1000.0).max(tb.min_size);
    }
}

/// Characters of `text` that the faces it is set in lack, each once.
pub fn missing(tb: &TextBox, text: &str) -> Vec<char> {
    let mut v = Vec::new();
    for p in markup::parse(text) {
        if let Piece::Word { text, bold, italic } = p {
            let f = face_of(tb, bold, italic);
            for c in text.chars() {
                if !f.has_char(c) && !v.contains(&c) {
                    v.push(c);
                }
            }
        }
    }
    v
}

/// The ink's extent of a laid-out text in the box at (x, y) of `w` × `h` mm: from the widest
/// line's left to its right, from the first line's cap height to the last line's baseline.
pub fn extent(tb: &TextBox, laid: &Laid, x: f64, y: f64, w: f64, h: f64) -> (f64, f64, f64, f64) {
    let size = laid.size;
    let lh = size * MM_PER_PT * LEADING;
    let n = laid.lines.len().max(1) as f64;
    let top = match tb.valign {
        VAlign::Top => y,
        VAlign::Middle => y + (h - n * lh) / 2.0,
        VAlign::Bottom => y + h - n * lh,
    };
    let baseline =
        |i: f64| top + i * lh + (lh - size * MM_PER_PT) / 2.0 + size * MM_PER_PT * ASCENT;
    let widest = laid.lines.iter().map(|l| l.width).fold(0.0, f64::max);
    let left = match tb.align {
        Align::Left | Align::Justify => x,
        Align::Center => x + (w - widest) / 2.0,
        Align::Right => x + w - widest,
    };
    let first = baseline(0.0) - tb.face.cap_height_mm(size);
    (left, first, widest, baseline(n - 1.0) - first)
}

/// Draws a laid-out text in the box at (x, y) of `w` × `h` mm.
pub fn draw(s: &mut Scene, tb: &TextBox, laid: &Laid, x: f64, y: f64, w: f64, h: f64) {
    let size = laid.size;
    let lh = size * MM_PER_PT * LEADING;
    let total = laid.lines.len() as f64 * lh;
    let top = match tb.valign {
        VAlign::Top => y,
        VAlign::Middle => y + (h - total) / 2.0,
        VAlign::Bottom => y + h - total,
    };
    let space = tb.face.width_mm(" ", size);
    for (i, line) in laid.lines.iter().enumerate() {
        let baseline =
            top + i as f64 * lh + (lh - size * MM_PER_PT) / 2.0 + size * MM_PER_PT * ASCENT;
        let gaps = line.tokens.len().saturating_sub(1) as f64;
        let justify = tb.align == Align::Justify && !line.last && gaps > 0.0;
        let gap = if justify {
            space + (w - line.width) / gaps
        } else {
            space
        };
        let mut cx = match tb.align {
            Align::Left | Align::Justify => x,
            Align::Center => x + (w - line.width) / 2.0,
            Align::Right => x + w - line.width,
        };
        // Runs of one face are written as one text, spaces included, unless the line is justified.
        let mut pending: Option<(f64, Face, String)> = None;
        let flush = |s: &mut Scene, pending: &mut Option<(f64, Face, String)>| {
            if let Some((px, f, t)) = pending.take() {
                s.text(px, baseline, size, f, tb.color, Anchor::Start, &t);
            }
        };
        for (k, t) in line.tokens.iter().enumerate() {
            if k > 0 {
                cx += gap;
                match &mut pending {
                    Some((_, _, text)) if !justify => text.push(' '),
                    _ => flush(s, &mut pending),
                }
            }
            for (run, rw) in &t.runs {
                match run {
                    Run::Text(f, text) => match &mut pending {
                        Some((_, pf, pt)) if *pf == *f => pt.push_str(text),
                        _ => {
                            flush(s, &mut pending);
                            pending = Some((cx, *f, text.clone()));
                        }
                    },
                    Run::Icon(i) => {
                        flush(s, &mut pending);
                        let ih = icon_height(size);
                        let top = baseline - ih * 0.85;
                        draw_art(s, &tb.icons[*i].1, (cx, top, *rw, ih), Fit::Stretch, None);
                    }
                }
                cx += rw;
            }
        }
        flush(s, &mut pending);
    }
}
