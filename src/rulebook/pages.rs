//! Rulebook pages: blocks laid out with the real font metrics into page scenes.

use super::{Block, Figure, Rulebook, Span};
use crate::base::color::Color;
use crate::base::units::MM_PER_PT;
use crate::fonts::Face;
use crate::scene::{p, shape, Affine, Anchor, Scene, Stroke};
use crate::sheet::Paper;

const INK: Color = Color::rgb(0x1d, 0x1d, 0x1b);
const ACCENT: Color = Color::rgb(0x8a, 0x5a, 0x33);
const GREY: Color = Color::rgb(0x6b, 0x6b, 0x66);
/// Body text size, pt.
pub const BODY: f64 = 10.0;
/// The least text size on a page, pt (a diagram's labels are raised to it).
pub const MIN_TEXT: f64 = 6.0;
const MARGIN_X: f64 = 20.0;
const TOP: f64 = 22.0;
const BOTTOM: f64 = 20.0;
/// Line height, as a multiple of the text size.
const LEADING: f64 = 1.42;
/// The first baseline below a block's top, as a multiple of the text size.
const ASCENT: f64 = 0.95;

/// A word with its face and whether a space comes before it.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    face: Face,
    space: bool,
}

fn words(spans: &[Span]) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut pending_space = false;
    for s in spans {
        let mut first = true;
        for part in s.text.split(' ') {
            if !first {
                pending_space = true;
            }
            first = false;
            if part.is_empty() {
                continue;
            }
            // A word continues the previous one when no space separates them (e.g. `**a**b`).
            out.push(Word {
                text: part.to_string(),
                face: s.face,
                space: pending_space && !out.is_empty(),
            });
            pending_space = false;
        }
    }
    out
}

/// A laid-out line: runs of (text, face) to place one after the other.
type Line = Vec<(String, Face)>;

/// Breaks spans into lines no wider than `width` mm at `size` pt.
fn break_lines(spans: &[Span], size: f64, width: f64) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    let mut line: Line = Vec::new();
    let mut w = 0.0;
    for word in words(spans) {
        let joined = word.space && !line.is_empty();
        let space = if joined {
            Face::Regular.width_mm(" ", size)
        } else {
            0.0
        };
        let ww = word.face.width_mm(&word.text, size);
        if !line.is_empty() && w + space + ww > width {
            lines.push(std::mem::take(&mut line));
            w = 0.0;
        }
        let joined = word.space && !line.is_empty();
        w += if line.is_empty() {
            ww
        } else if joined {
            space + ww
        } else {
            ww
        };
        push_word(&mut line, &word.text, word.face, joined);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Adds a word to a line of runs: to the last run when the face is the same, a new run
/// otherwise; `joined` puts a space before it.
fn push_word(line: &mut Line, text: &str, face: Face, joined: bool) {
    match line.last_mut() {
        Some((t, f)) => {
            if joined {
                t.push(' ');
            }
            if *f == face {
                t.push_str(text);
            } else {
                line.push((text.to_string(), face));
            }
        }
        None => line.push((text.to_string(), face)),
    }
}

/// A line of a justified paragraph: its words, each with whether a space comes before it.
struct JLine {
    words: Vec<Word>,
    /// The paragraph's last line, set flush left.
    last: bool,
}

/// Breaks spans into lines of `width` mm at `size` pt for a justified paragraph, hyphenating a
/// word that does not fit where the language's patterns allow (`lang`).
fn break_justified(
    spans: &[Span],
    size: f64,
    width: f64,
    lang: Option<hypher::Lang>,
) -> Vec<JLine> {
    let space = Face::Regular.width_mm(" ", size);
    let mut lines = Vec::new();
    let mut line: Vec<Word> = Vec::new();
    let mut w = 0.0;
    let mut queue: std::collections::VecDeque<Word> = words(spans).into();
    while let Some(word) = queue.pop_front() {
        let gap = if word.space && !line.is_empty() {
            space
        } else {
            0.0
        };
        let ww = word.face.width_mm(&word.text, size);
        if line.is_empty() || w + gap + ww <= width {
            w += gap + ww;
            line.push(word);
            continue;
        }
        let room = width - w - gap;
        let split =
            lang.and_then(|l| hyphenate(&word.text, l, |h| word.face.width_mm(h, size) <= room));
        match split {
            Some((head, tail)) => {
                line.push(Word {
                    text: head,
                    ..word.clone()
                });
                queue.push_front(Word {
                    text: tail,
                    space: false,
                    face: word.face,
                });
            }
            None => queue.push_front(word),
        }
        lines.push(JLine {
            words: std::mem::take(&mut line),
            last: false,
        });
        w = 0.0;
    }
    if !line.is_empty() {
        lines.push(JLine {
            words: line,
            last: true,
        });
    }
    lines
}

/// The longest head of `word` (with its hyphen) that `fits`, and the rest, at a break the
/// language's patterns allow: at least two letters before it and three after, never in a name
/// (a capital first) or a word with figures or signs inside (`d5`, `c3xe5`).
fn hyphenate(
    word: &str,
    lang: hypher::Lang,
    fits: impl Fn(&str) -> bool,
) -> Option<(String, String)> {
    // An elided article stays on the head (`l’adversaire`); signs after the word go with its tail.
    let start = match word.find(['’', '\'']) {
        Some(i) if word[..i].chars().count() <= 3 => i + word[i..].chars().next()?.len_utf8(),
        _ => 0,
    };
    let end = word
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_alphabetic())
        .map(|(i, c)| i + c.len_utf8())?;
    let core = word.get(start..end)?;
    if core.chars().count() < 6
        || !core.chars().all(char::is_alphabetic)
        || core.chars().next().is_some_and(char::is_uppercase)
    {
        return None;
    }
    let syllables: Vec<&str> = hypher::hyphenate_bounded(core, lang, 2, 3).collect();
    (1..syllables.len()).rev().find_map(|k| {
        let at: usize = syllables[..k].iter().map(|s| s.len()).sum();
        let head = format!("{}-", &word[..start + at]);
        fits(&head).then(|| (head, word[start + at..].to_string()))
    })
}

/// Draws a line of a justified paragraph at `x`: the spaces stretched to fill `width`, unless it
/// is the paragraph's last line or would need spaces wider than twice their size.
fn draw_justified(
    s: &mut Scene,
    line: &JLine,
    x: f64,
    baseline: f64,
    size: f64,
    color: Color,
    width: f64,
) {
    let space = Face::Regular.width_mm(" ", size);
    let natural: f64 = line
        .words
        .iter()
        .enumerate()
        .map(|(i, w)| w.face.width_mm(&w.text, size) + if i > 0 && w.space { space } else { 0.0 })
        .sum();
    let gaps = line.words.iter().skip(1).filter(|w| w.space).count();
    let extra = if line.last || gaps == 0 {
        0.0
    } else {
        (width - natural) / gaps as f64
    };
    if extra <= 0.0 || extra > 2.0 * space {
        // Flush left, in runs of one face.
        let mut runs: Line = Vec::new();
        for (i, w) in line.words.iter().enumerate() {
            push_word(&mut runs, &w.text, w.face, i > 0 && w.space);
        }
        return draw_line(s, &runs, x, baseline, size, color);
    }
    let mut x = x;
    for (i, w) in line.words.iter().enumerate() {
        if i > 0 && w.space {
            x += space + extra;
        }
        s.text(x, baseline, size, w.face, color, Anchor::Start, &w.text);
        x += w.face.width_mm(&w.text, size);
    }
}

fn draw_line(s: &mut Scene, line: &Line, x: f64, baseline: f64, size: f64, color: Color) {
    let mut x = x;
    for (text, face) in line {
        s.text(x, baseline, size, *face, color, Anchor::Start, text);
        x += face.width_mm(text, size);
    }
}

fn line_height(size: f64) -> f64 {
    size * MM_PER_PT * LEADING
}

struct Flow {
    /// Hyphenation patterns of the rulebook's language.
    lang: Option<hypher::Lang>,
    pages: Vec<Scene>,
    page: Scene,
    y: f64,
    w: f64,
    h: f64,
}

impl Flow {
    fn bottom(&self) -> f64 {
        self.h - BOTTOM
    }
    fn room(&self) -> f64 {
        self.bottom() - self.y
    }
    fn new_page(&mut self) {
        let done = std::mem::replace(&mut self.page, Scene::new(self.w, self.h));
        self.pages.push(done);
        self.y = TOP;
    }
    fn ensure(&mut self, need: f64) {
        if need > self.room() && self.y > TOP + 0.1 {
            self.new_page();
        }
    }
    fn text_width(&self) -> f64 {
        self.w - 2.0 * MARGIN_X
    }

    /// A justified, hyphenated paragraph.
    fn paragraph(&mut self, spans: &[Span], size: f64, indent: f64, color: Color) {
        let lh = line_height(size);
        let width = self.text_width() - indent;
        let lines = break_justified(spans, size, width, self.lang);
        // Keep at least two lines together at a page's foot.
        self.ensure(lh * lines.len().min(2) as f64);
        for l in &lines {
            if self.room() < lh {
                self.new_page();
            }
            draw_justified(
                &mut self.page,
                l,
                MARGIN_X + indent,
                self.y + size * MM_PER_PT * ASCENT,
                size,
                color,
                width,
            );
            self.y += lh;
        }
    }

    fn para_height(&self, spans: &[Span]) -> f64 {
        break_justified(spans, BODY, self.text_width(), self.lang).len() as f64 * line_height(BODY)
            + 2.2
    }

    fn figure_height(&self, fig: &Figure) -> f64 {
        self.figure_rows(fig)
            .iter()
            .map(|r| r.1)
            .fold(0.0, |a, b| a + b + 3.0)
    }

    /// Panels grouped into rows that fit the text width, each row with its height.
    fn figure_rows(&self, fig: &Figure) -> Vec<(Vec<usize>, f64)> {
        let gap = 8.0;
        let mut rows: Vec<(Vec<usize>, f64)> = Vec::new();
        let mut width = 0.0;
        for (i, panel) in fig.panels.iter().enumerate() {
            let pw = panel.width.min(self.text_width());
            let ph =
                panel.scene.height * pw / panel.scene.width + caption_height(&panel.caption, pw);
            match rows.last_mut() {
                Some((list, h)) if width + gap + pw <= self.text_width() => {
                    list.push(i);
                    *h = h.max(ph);
                    width += gap + pw;
                }
                _ => {
                    rows.push((vec![i], ph));
                    width = pw;
                }
            }
        }
        rows
    }

    fn figure(&mut self, fig: &Figure) {
        let gap = 8.0;
        self.y += 2.0;
        self.ensure(self.figure_height(fig));
        for (list, h) in self.figure_rows(fig) {
            self.ensure(h + 3.0);
            let widths: Vec<f64> = list
                .iter()
                .map(|&i| fig.panels[i].width.min(self.text_width()))
                .collect();
            let total: f64 = widths.iter().sum::<f64>() + gap * (list.len() - 1) as f64;
            let mut x = (self.w - total) / 2.0;
            for (k, &i) in list.iter().enumerate() {
                let panel = &fig.panels[i];
                let pw = widths[k];
                let scale = pw / panel.scene.width;
                let sh = panel.scene.height * scale;
                // No label under the least text size once the drawing is reduced.
                self.page.place(
                    panel.scene.with_min_text(scale, MIN_TEXT),
                    Affine::scale(scale).then(Affine::translate(x, self.y)),
                    None,
                );
                let size = 8.5;
                let lh = line_height(size);
                let mut cy = self.y + sh + 1.5 + size * MM_PER_PT;
                for l in break_lines(
                    &[Span {
                        text: panel.caption.clone(),
                        face: Face::Italic,
                    }],
                    size,
                    pw,
                ) {
                    let lw: f64 = l.iter().map(|(t, f)| f.width_mm(t, size)).sum();
                    draw_line(&mut self.page, &l, x + (pw - lw) / 2.0, cy, size, GREY);
                    cy += lh;
                }
                x += pw + gap;
            }
            self.y += h + 3.0;
        }
        self.y += 2.0;
    }

    fn table(&mut self, head: &[Vec<Span>], rows: &[Vec<Vec<Span>>]) {
        let size = 9.0;
        let lh = line_height(size);
        let pad = 1.5;
        let n = head
            .len()
            .max(rows.iter().map(Vec::len).max().unwrap_or(0))
            .max(1);
        let natural = |cells: &[Vec<Span>], i: usize| -> f64 {
            cells.get(i).map_or(0.0, |c| {
                c.iter()
                    .map(|s| s.face.width_mm(&s.text, size))
                    .sum::<f64>()
            })
        };
        let mut nat: Vec<f64> = (0..n)
            .map(|i| {
                rows.iter()
                    .map(|r| natural(r, i))
                    .fold(natural(head, i), f64::max)
                    .max(8.0)
                    + 2.0 * pad
            })
            .collect();
        let avail = self.text_width();
        let total: f64 = nat.iter().sum();
        if total > avail {
            // Shrink the widest columns first, keeping short ones whole.
            let fair = avail / n as f64;
            let small: f64 = nat.iter().filter(|w| **w <= fair).sum();
            let big: f64 = nat.iter().filter(|w| **w > fair).sum();
            let k = (avail - small) / big.max(1e-9);
            for w in nat.iter_mut().filter(|w| **w > fair) {
                *w *= k;
            }
        }
        let line = Some(Stroke::solid(Color::rgb(0xbb, 0xbb, 0xb5), 0.25));
        let width: f64 = nat.iter().sum();
        let x0 = MARGIN_X;
        let draw_row = |flow: &mut Flow, cells: &[Vec<Span>], header: bool| {
            let wrapped: Vec<Vec<Line>> = (0..n)
                .map(|i| {
                    let spans: Vec<Span> = cells
                        .get(i)
                        .map(|c| {
                            c.iter()
                                .map(|s| Span {
                                    text: s.text.clone(),
                                    face: if header { Face::Bold } else { s.face },
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    break_lines(&spans, size, nat[i] - 2.0 * pad)
                })
                .collect();
            let rh = wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1) as f64 * lh + 2.0 * pad;
            flow.ensure(rh);
            if header {
                flow.page.path(
                    shape::rect(x0, flow.y, width, rh),
                    Some(Color::rgb(0xf1, 0xea, 0xdc)),
                    None,
                );
            }
            let mut x = x0;
            for (i, lines) in wrapped.iter().enumerate() {
                let mut by = flow.y + pad + size * MM_PER_PT * ASCENT;
                for l in lines {
                    draw_line(&mut flow.page, l, x + pad, by, size, INK);
                    by += lh;
                }
                x += nat[i];
            }
            flow.page.path(
                shape::line(p(x0, flow.y + rh), p(x0 + width, flow.y + rh)),
                None,
                line,
            );
            flow.page.path(
                shape::line(p(x0, flow.y), p(x0 + width, flow.y)),
                None,
                line,
            );
            flow.y += rh;
        };
        // A table shorter than half a page is kept whole.
        let height: f64 = std::iter::once(head)
            .chain(rows.iter().map(Vec::as_slice))
            .map(|cells| {
                let most = (0..n)
                    .map(|i| {
                        break_lines(
                            cells.get(i).map_or(&[][..], Vec::as_slice),
                            size,
                            nat[i] - 2.0 * pad,
                        )
                        .len()
                    })
                    .max()
                    .unwrap_or(1)
                    .max(1);
                most as f64 * lh + 2.0 * pad
            })
            .sum();
        if height < (self.h - TOP - BOTTOM) / 2.0 {
            self.ensure(height + 1.5);
        }
        self.y += 1.5;
        draw_row(self, head, true);
        for r in rows {
            draw_row(self, r, false);
        }
        self.y += 3.0;
    }
}

fn caption_height(caption: &str, width: f64) -> f64 {
    if caption.is_empty() {
        return 2.0;
    }
    let n = break_lines(
        &[Span {
            text: caption.into(),
            face: Face::Italic,
        }],
        8.5,
        width,
    )
    .len();
    2.0 + n as f64 * line_height(8.5)
}

/// Lays out a rulebook into pages of `paper`, with a title, running header and page numbers.
pub fn layout(book: &Rulebook, front: &super::Front, paper: Paper) -> Vec<Scene> {
    let (title, subtitle) = (front.title.as_str(), front.subtitle.as_str());
    let (w, h) = paper.size_mm();
    let mut f = Flow {
        lang: Some(match book.lang {
            crate::base::lang::Lang::Fr => hypher::Lang::French,
            crate::base::lang::Lang::En => hypher::Lang::English,
        }),
        pages: Vec::new(),
        page: Scene::new(w, h),
        y: TOP,
        w,
        h,
    };
    f.page.text(
        MARGIN_X,
        f.y + 9.0,
        26.0,
        Face::Bold,
        INK,
        Anchor::Start,
        title,
    );
    f.page.text(
        MARGIN_X,
        f.y + 16.0,
        13.0,
        Face::Italic,
        ACCENT,
        Anchor::Start,
        subtitle,
    );
    f.page.path(
        shape::rect(MARGIN_X, f.y + 20.0, f.text_width(), 0.8),
        Some(ACCENT),
        None,
    );
    f.y += 27.0;
    // The box's facts, then the credits, under the title.
    if let Some(facts) = &front.facts {
        let spans = [Span {
            text: facts.clone(),
            face: Face::Bold,
        }];
        f.paragraph(&spans, BODY, 0.0, INK);
        f.y += 1.0;
    }
    for line in &front.credits {
        let spans = [Span {
            text: line.clone(),
            face: Face::Regular,
        }];
        f.paragraph(&spans, 8.5, 0.0, GREY);
    }
    if front.facts.is_some() || !front.credits.is_empty() {
        f.y += 4.0;
    }
    let blocks = &book.blocks;
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading(level, spans) => {
                let size = match level {
                    1 => 17.0,
                    2 => 13.5,
                    _ => 11.0,
                };
                let before = match level {
                    1 => 7.0,
                    2 => 5.0,
                    _ => 3.5,
                };
                // Keep a heading with what follows it: a figure, or a short paragraph and its figure.
                let next = match (blocks.get(i + 1), blocks.get(i + 2)) {
                    (Some(Block::Figure(fig)), _) => f.figure_height(fig) + 4.0,
                    (Some(Block::Para(spans)), Some(Block::Figure(fig))) => {
                        f.para_height(spans).min(5.0 * line_height(BODY))
                            + f.figure_height(fig)
                            + 6.0
                    }
                    (Some(Block::Table(..)), _) => 20.0,
                    _ => 2.0 * line_height(BODY),
                };
                if f.y > TOP + 0.1 {
                    f.y += before;
                }
                f.ensure(line_height(size) + next);
                let color = if *level == 1 { ACCENT } else { INK };
                let bold: Vec<Span> = spans
                    .iter()
                    .map(|s| Span {
                        text: s.text.clone(),
                        face: Face::Bold,
                    })
                    .collect();
                // Headings are never hyphenated.
                let lang = f.lang.take();
                f.paragraph(&bold, size, 0.0, color);
                f.lang = lang;
                f.y += 1.0;
            }
            Block::Para(spans) => {
                // A short paragraph stays on the page of the figure or table it introduces.
                let ph = f.para_height(spans);
                if ph <= 5.0 * line_height(BODY) {
                    match blocks.get(i + 1) {
                        Some(Block::Figure(fig)) => f.ensure(ph + f.figure_height(fig) + 6.0),
                        Some(Block::Table(..)) => f.ensure(ph + 25.0),
                        _ => {}
                    }
                }
                f.paragraph(spans, BODY, 0.0, INK);
                f.y += 2.2;
            }
            Block::List(items) => {
                for it in items {
                    let lh = line_height(BODY);
                    f.ensure(lh);
                    let indent = 6.0 * it.level as f64;
                    let mark = match it.mark {
                        super::Mark::Number(n) => format!("{n}."),
                        super::Mark::Bullet if it.level == 0 => "•".into(),
                        super::Mark::Bullet => "–".into(),
                        super::Mark::Continued => String::new(),
                    };
                    f.page.text(
                        MARGIN_X + 1.5 + indent,
                        f.y + BODY * MM_PER_PT * ASCENT,
                        BODY,
                        Face::Regular,
                        ACCENT,
                        Anchor::Start,
                        &mark,
                    );
                    f.paragraph(&it.spans, BODY, 6.0 + indent, INK);
                    f.y += 0.8;
                }
                f.y += 1.6;
            }
            Block::Table(head, rows) => f.table(head, rows),
            Block::Figure(fig) => f.figure(fig),
            Block::PageBreak => {
                if f.y > TOP + 0.1 {
                    f.new_page();
                }
            }
        }
    }
    let last = std::mem::replace(&mut f.page, Scene::new(w, h));
    f.pages.push(last);
    let total = f.pages.len();
    for (i, page) in f.pages.iter_mut().enumerate() {
        page.text(
            w / 2.0,
            h - 10.0,
            8.5,
            Face::Regular,
            GREY,
            Anchor::Middle,
            &format!("{} / {total}", i + 1),
        );
        if i > 0 {
            page.text(
                w - MARGIN_X,
                12.0,
                8.0,
                Face::Italic,
                GREY,
                Anchor::End,
                &format!("{title} — {subtitle}"),
            );
            page.path(
                shape::line(p(MARGIN_X, 14.0), p(w - MARGIN_X, 14.0)),
                None,
                Some(Stroke::solid(Color::rgb(0xd0, 0xc8, 0xb8), 0.3)),
            );
        }
    }
    f.pages
}
