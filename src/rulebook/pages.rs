//! Rulebook pages: blocks laid out with the real font metrics into page scenes, as a publisher
//! sets them.
//!
//! The rules a page keeps (each one measured before the block is drawn):
//! - a heading, and a sentence that introduces what follows (one ending in `:`), stay on the page
//!   of what they introduce: a paragraph's first two lines, a list's first two items, a short
//!   table whole, a figure whole;
//! - a list is not split after its first item nor before its last;
//! - a figure stays with its captions; a figure narrow enough is set beside the paragraph that
//!   introduces it (drawing on the left, the text on the right, flush with the margin), and
//!   figures that follow each other are set side by side when they fit; short `###`
//!   sub-sections (heading, paragraph, one drawing) two to a row ([`flow_pairs`]);
//! - a figure that does not fit lets the text after it fill the page first, and what would
//!   still leave a page more than a third empty is reduced to fit, down to [`SHRINK_FLOOR`];
//! - a component is clipped to its trimmed size, so its bleed never prints over a caption;
//! - the summary (`## Summary {.summary}`) follows the text where it fits whole in the room
//!   left on the page; else it starts a page of its own, its type reduced until it fits there.
//!
//! Lines are broken by [`super::lines`].

#[path = "flow_pairs.rs"]
mod flow_pairs;
#[path = "flow_table.rs"]
mod flow_table;

use super::lines::{break_justified, break_lines, draw_justified, draw_line, line_height};
use super::style::Style;
use super::{Block, Figure, Item, Panel, Rulebook, Span};
use crate::base::color::Color;
use crate::base::units::MM_PER_PT;
use crate::fonts::Face;
use crate::scene::{p, shape, Affine, Anchor, Scene, Stroke};
use crate::sheet::Paper;
use flow_table::{table, table_height};

const INK: Color = Color::rgb(0x1d, 0x1d, 0x1b);
const GREY: Color = Color::rgb(0x6b, 0x6b, 0x66);
/// Body text size, pt.
pub const BODY: f64 = 10.0;
/// The least text size on a page, pt (a diagram's labels are raised to it).
pub const MIN_TEXT: f64 = 6.0;
const MARGIN_X: f64 = 20.0;
const TOP: f64 = 22.0;
const BOTTOM: f64 = 20.0;
/// The first baseline below a block's top, as a multiple of the text size.
const ASCENT: f64 = 0.95;
/// Caption size, pt.
const CAPTION: f64 = 8.5;
/// Between the drawings of a row, mm.
const PANEL_GAP: f64 = 8.0;
/// Between a figure and the paragraph beside it, mm.
const FLOAT_GAP: f64 = 6.0;
/// Above a figure set beside its paragraph, mm.
const FLOAT_ABOVE: f64 = 1.0;
/// The narrowest text column beside a figure, mm (some 40 characters of body text).
const FLOAT_TEXT: f64 = 70.0;
/// The least share of its size a figure is reduced to, so that it fits the room left on a page
/// rather than leave that room empty.
const SHRINK_FLOOR: f64 = 0.8;
/// How far above the current height the last line's baseline may stand, mm (a line's
/// descent, the gap after a paragraph and the gap above a figure).
const INK_ABOVE: f64 = 8.0;
/// `fig` with each drawing `k` times as wide as it is set within the text width `tw`.
fn scaled(fig: &Figure, tw: f64, k: f64) -> Figure {
    Figure {
        panels: fig
            .panels
            .iter()
            .map(|p| Panel {
                width: p.width.min(tw) * k,
                ..p.clone()
            })
            .collect(),
        line: fig.line,
        legend: fig.legend,
    }
}

/// Body sizes the summary is tried at, largest first, until it fits on its page, pt.
const SUMMARY_SIZES: [f64; 5] = [BODY, 9.5, 9.0, 8.5, 8.0];
/// The least share of its size a figure's drawings are reduced to so that a drawing left
/// alone on the figure's last row joins the rows above.
const BALANCE_FLOOR: f64 = 0.8;

/// Whether a paragraph introduces what follows it: its text ends with a colon.
fn introduces(spans: &[Span]) -> bool {
    let text: String = spans.iter().map(|s| s.text.as_str()).collect();
    text.trim_end().ends_with(':')
}

struct Flow {
    /// Hyphenation patterns of the rulebook's language.
    lang: Option<hypher::Lang>,
    pages: Vec<Scene>,
    page: Scene,
    y: f64,
    w: f64,
    h: f64,
    /// Body text size, pt ([`BODY`], less in a summary that must fit its page).
    body: f64,
    /// A figure standing on the left of the text: where it ends (mm from the page's top) and
    /// how far right of the margin the text beside it starts.
    float: Option<(f64, f64)>,
    /// The rulebook's faces and accent colour.
    style: Style,
    /// A column the text is set in, when not the whole text width: how far right of the margin
    /// it starts and its width, mm (two short sub-sections side by side).
    col: Option<(f64, f64)>,
}

impl Flow {
    fn new(w: f64, h: f64, lang: Option<hypher::Lang>, style: Style) -> Flow {
        Flow {
            lang,
            pages: Vec::new(),
            page: Scene::new(w, h),
            y: TOP,
            w,
            h,
            body: BODY,
            float: None,
            style,
            col: None,
        }
    }
    fn bottom(&self) -> f64 {
        self.h - BOTTOM
    }
    fn room(&self) -> f64 {
        self.bottom() - self.y
    }
    fn at_top(&self) -> bool {
        self.y <= TOP + 0.1
    }
    fn new_page(&mut self) {
        self.float = None;
        let done = std::mem::replace(&mut self.page, Scene::new(self.w, self.h));
        self.pages.push(done);
        self.y = TOP;
    }
    /// Starts a new page unless `need` mm fit on this one (or it is empty: what is taller than a
    /// page starts at a page's top and runs on).
    fn ensure(&mut self, need: f64) {
        if need > self.room() && !self.at_top() {
            self.new_page();
        }
    }
    fn text_width(&self) -> f64 {
        self.col.map_or(self.w - 2.0 * MARGIN_X, |(_, w)| w)
    }
    /// Where the text starts on the left: the margin, or the column's left edge.
    fn left(&self) -> f64 {
        MARGIN_X + self.col.map_or(0.0, |(x, _)| x)
    }
    fn lh(&self) -> f64 {
        line_height(self.body)
    }

    /// How far right of the margin text starts at the current height: past a figure standing
    /// on the left, while it lasts.
    fn beside(&self) -> f64 {
        match self.float {
            Some((bottom, x)) if self.y < bottom => x,
            _ => 0.0,
        }
    }

    /// Ends the column beside a figure: what comes next starts below the figure.
    fn clear(&mut self) {
        if let Some((bottom, _)) = self.float.take() {
            self.y = self.y.max(bottom + 3.0);
        }
    }

    /// A justified, hyphenated paragraph across the text width less `indent`, its lines
    /// narrower beside a figure standing on the left, as long as it stands.
    fn paragraph(&mut self, spans: &[Span], size: f64, indent: f64, color: Color) {
        let lh = line_height(size);
        let full = self.text_width() - indent;
        // Keep at least two lines together at a page's foot.
        let n = break_justified(spans, size, |_| full, self.lang).len();
        self.ensure(lh * n.min(2) as f64);
        let (y0, float) = (self.y, self.float);
        let beside = move |i: usize| match float {
            Some((bottom, x)) if y0 + i as f64 * lh < bottom => x,
            _ => 0.0,
        };
        let lines = break_justified(spans, size, |i| full - beside(i), self.lang);
        let left = self.left();
        for (i, l) in lines.iter().enumerate() {
            if self.room() < lh {
                self.new_page();
            }
            draw_justified(
                &mut self.page,
                l,
                left + indent + beside(i),
                self.y + size * MM_PER_PT * ASCENT,
                size,
                color,
                full - beside(i),
            );
            self.y += lh;
        }
    }

    /// The lines of a heading across the text width at `size`, in the headings' bold face,
    /// never hyphenated.
    fn text_lines(&self, spans: &[Span], size: f64) -> usize {
        let w = self.text_width();
        break_justified(&self.bold(spans), size, |_| w, None)
            .len()
            .max(1)
    }

    /// A heading's spans in the headings' bold face.
    fn bold(&self, spans: &[Span]) -> Vec<Span> {
        spans
            .iter()
            .map(|s| Span {
                text: s.text.clone(),
                face: self.style.headings.bold,
            })
            .collect()
    }

    fn para_lines(&self, spans: &[Span], width: f64) -> usize {
        break_justified(spans, self.body, |_| width, self.lang).len()
    }

    fn para_height(&self, spans: &[Span]) -> f64 {
        self.para_lines(spans, self.text_width()) as f64 * self.lh() + 2.2
    }

    fn item_height(&self, it: &Item) -> f64 {
        let indent = 6.0 + 6.0 * it.level as f64;
        self.para_lines(&it.spans, self.text_width() - indent) as f64 * self.lh() + 0.8
    }

    /// Panels grouped into rows no wider than `width`, each row with its width and height.
    fn figure_rows(&self, fig: &Figure, width: f64) -> Vec<(Vec<usize>, f64, f64)> {
        let mut rows: Vec<(Vec<usize>, f64, f64)> = Vec::new();
        for (i, panel) in fig.panels.iter().enumerate() {
            let pw = panel.width.min(width);
            let ph = panel.scene.height * pw / panel.scene.width
                + caption_height(&panel.caption, pw, self.style.body.italic);
            match rows.last_mut() {
                Some((list, w, h)) if *w + PANEL_GAP + pw <= width => {
                    list.push(i);
                    *h = h.max(ph);
                    *w += PANEL_GAP + pw;
                }
                _ => rows.push((vec![i], pw, ph)),
            }
        }
        rows
    }

    /// `fig` with its drawings reduced, to no less than [`BALANCE_FLOOR`] of their size, so
    /// that a last row holding one drawing alone under fuller rows is taken into them: one row
    /// less, and no drawing left on its own.
    fn balanced(&self, fig: &Figure) -> Figure {
        let tw = self.text_width();
        let rows = self.figure_rows(fig, tw);
        let alone = rows.len() >= 2 && rows.last().is_some_and(|r| r.0.len() == 1);
        if !alone || fig.legend {
            return fig.clone();
        }
        let per = rows[0].0.len() + 1;
        let widest = fig
            .panels
            .iter()
            .map(|p| p.width.min(tw))
            .fold(0.0, f64::max);
        let k = (tw - (per - 1) as f64 * PANEL_GAP) / (per as f64 * widest);
        if !(BALANCE_FLOOR..1.0).contains(&k) {
            return fig.clone();
        }
        let smaller = scaled(fig, tw, k);
        if self.figure_rows(&smaller, tw).len() < rows.len() {
            smaller
        } else {
            fig.clone()
        }
    }

    fn figure_height(&self, fig: &Figure) -> f64 {
        self.figure_rows(fig, self.text_width())
            .iter()
            .map(|r| r.2 + 3.0)
            .sum::<f64>()
            + 4.0
    }

    /// The width of a figure set beside its paragraph, if it is narrow enough to be: one row,
    /// leaving at least [`FLOAT_TEXT`] for the text.
    fn float_width(&self, fig: &Figure) -> Option<f64> {
        let room = self.text_width() - FLOAT_TEXT - FLOAT_GAP;
        match self.figure_rows(fig, room).as_slice() {
            [(_, w, _)] if fig.panels.iter().all(|p| p.width <= room) => Some(*w),
            _ => None,
        }
    }

    /// The figure's rows drawn from the current height, each centred on the text width, or
    /// from `left` when given; returns their height (the current height does not move).
    fn draw_figure(&mut self, fig: &Figure, left: Option<f64>) -> f64 {
        let mut y = self.y;
        let width = match left {
            Some(_) => f64::INFINITY,
            None => self.text_width(),
        };
        for (list, total, h) in self.figure_rows(fig, width) {
            let mut x = left.unwrap_or(self.left() + (self.text_width() - total) / 2.0);
            for &i in &list {
                let panel = &fig.panels[i];
                let pw = panel.width.min(self.text_width());
                let scale = pw / panel.scene.width;
                let sh = panel.scene.height * scale;
                // A component is cut at its trimmed size: its bleed stays off the caption.
                let clip =
                    (!panel.diagram).then_some((0.0, 0.0, panel.scene.width, panel.scene.height));
                // No label under the least text size once the drawing is reduced.
                self.page.place(
                    panel.scene.with_min_text(scale, MIN_TEXT),
                    Affine::scale(scale).then(Affine::translate(x, y)),
                    clip,
                );
                let lh = line_height(CAPTION);
                let mut cy = y + sh + 1.5 + CAPTION * MM_PER_PT;
                let spans = [Span {
                    text: panel.caption.clone(),
                    face: self.style.body.italic,
                }];
                for l in break_lines(&spans, CAPTION, pw) {
                    let lw: f64 = l.iter().map(|(t, f)| f.width_mm(t, CAPTION)).sum();
                    draw_line(&mut self.page, &l, x + (pw - lw) / 2.0, cy, CAPTION, GREY);
                    cy += lh;
                }
                x += pw + PANEL_GAP;
            }
            y += h + 3.0;
        }
        y - self.y
    }

    /// Whether what does not fit here would leave the page more than a third empty, as a
    /// reader sees it: from the last line's baseline, above the current height by the line's
    /// descent and the gaps after a paragraph and above a figure.
    fn third_empty(&self) -> bool {
        !self.at_top() && self.room() + INK_ABOVE >= (self.h - TOP - BOTTOM) / 3.0
    }

    /// `fig` with its drawings reduced as little as needed, and to no less than
    /// [`SHRINK_FLOOR`] of their size, for `height` of it to fit the room left on the page;
    /// `fig` itself when it fits or would not fit at the floor either, or when moving it to
    /// the next page would not leave this one a third empty.
    fn fitted(&self, fig: &Figure, height: impl Fn(&Figure) -> f64) -> Figure {
        if height(fig) <= self.room() || !self.third_empty() {
            return fig.clone();
        }
        let tw = self.text_width();
        // The least reduction that fits, tried in steps of 2 %.
        let steps = ((1.0 - SHRINK_FLOOR) / 0.02).round() as usize;
        (0..steps)
            .map(|s| scaled(fig, tw, 1.0 - 0.02 * (s + 1) as f64))
            .find(|small| height(small) <= self.room())
            .unwrap_or_else(|| fig.clone())
    }

    /// A figure across the text width, kept whole with its captions; row by row (each drawing
    /// with its caption) when `split` or when the whole is taller than a page. What would go
    /// to the next page and leave this one a third empty is reduced to fit, when it can be.
    fn figure(&mut self, fig: &Figure, split: bool) {
        let fig = &self.balanced(fig);
        self.y += 2.0;
        if !split && self.figure_height(fig) <= self.h - TOP - BOTTOM {
            let fig = self.fitted(fig, |g| self.figure_height(g) - 2.0);
            self.ensure(self.figure_height(&fig) - 2.0);
            let h = self.draw_figure(&fig, None);
            self.y += h;
        } else {
            for (list, _, _) in self.figure_rows(fig, self.text_width()) {
                let row = Figure {
                    panels: list.iter().map(|&i| fig.panels[i].clone()).collect(),
                    line: fig.line,
                    legend: fig.legend,
                };
                let row_height = |g: &Figure| self.figure_height(g) - 4.0;
                let row = self.fitted(&row, row_height);
                self.ensure(row_height(&row));
                let drawn = self.draw_figure(&row, None);
                self.y += drawn;
            }
        }
        self.y += 2.0;
    }

    /// The height of a paragraph set beside a figure `fw` mm wide and `fh` mm tall.
    fn float_height(&self, spans: &[Span], fw: f64, fh: f64) -> f64 {
        let lines = break_justified(spans, self.body, self.float_widths(fw, fh), self.lang).len();
        (lines as f64 * self.lh()).max(fh) + 2.2
    }

    /// The width of each line of a paragraph beside a figure `fw` wide and `fh` tall: narrow
    /// while the figure is beside it, the whole width below it.
    fn float_widths(&self, fw: f64, fh: f64) -> impl Fn(usize) -> f64 {
        let (full, lh) = (self.text_width(), self.lh());
        move |i| {
            if (i as f64) * lh < fh {
                full - fw - FLOAT_GAP
            } else {
                full
            }
        }
    }

    /// A paragraph with the figure it introduces beside it, on the left.
    fn float(&mut self, spans: &[Span], fig: &Figure, fw: f64) {
        // Reduced, when that lets the two stay on this page rather than leave it a third empty.
        let fig = &self.fitted(fig, |g| {
            let fh = self.figure_rows(g, f64::INFINITY)[0].2;
            self.float_height(spans, self.float_width(g).unwrap_or(fw), fh)
        });
        let fw = self.float_width(fig).unwrap_or(fw);
        let fh = self.figure_rows(fig, f64::INFINITY)[0].2;
        let whole = self.float_height(spans, fw, fh);
        // The paragraph and its figure together, unless that is more than a page.
        self.ensure(if whole <= self.h - TOP - BOTTOM {
            whole
        } else {
            fh + 2.0 * self.lh()
        });
        let drawn = self.draw_figure(fig, Some(self.left()));
        // The text beside it down to its foot, captions included.
        self.float = Some((self.y + drawn - 3.0, fw + FLOAT_GAP));
        self.paragraph(spans, self.body, 0.0, INK);
        self.y += 2.2;
    }
}

/// A heading's text size at body size `body`, pt.
fn heading_size(level: u8, body: f64) -> f64 {
    let size = match level {
        1 => 17.0,
        2 => 13.5,
        _ => 11.0,
    };
    size * body / BODY
}

/// The space above a heading not at a page's top, mm.
fn heading_before(level: u8) -> f64 {
    match level {
        1 => 7.0,
        2 => 5.0,
        _ => 3.5,
    }
}

fn caption_height(caption: &str, width: f64, face: Face) -> f64 {
    if caption.is_empty() {
        return 2.0;
    }
    let spans = [Span {
        text: caption.into(),
        face,
    }];
    2.0 + break_lines(&spans, CAPTION, width).len() as f64 * line_height(CAPTION)
}

/// Figures that follow one another with nothing between, as one figure: their drawings are
/// set side by side where they fit.
fn paired(blocks: &[Block]) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    for b in blocks {
        match (out.last_mut(), b) {
            (Some(Block::Figure(a)), Block::Figure(f)) if !a.legend && !f.legend => {
                a.panels.extend(f.panels.iter().cloned())
            }
            _ => out.push(b.clone()),
        }
    }
    out
}

/// What lays out the blocks of a rulebook, with what each must keep with it.
struct Layout<'a> {
    blocks: &'a [Block],
}

impl Layout<'_> {
    /// Whether the paragraph at `i` has the figure after it set beside it, and that figure's
    /// width.
    fn floats(&self, f: &Flow, i: usize) -> Option<f64> {
        match (self.blocks.get(i), self.blocks.get(i + 1)) {
            (Some(Block::Para(_)), Some(Block::Figure(fig))) if !fig.legend => f.float_width(fig),
            _ => None,
        }
    }

    /// The least of the block at `i` that must stand on the page of what introduces it: a
    /// paragraph's first two lines (all of it, and the head of what follows, when it introduces
    /// that), a list's first two items, a table whole when short, a figure whole.
    fn head(&self, f: &Flow, i: usize) -> f64 {
        let lh = f.lh();
        match self.blocks.get(i) {
            Some(Block::Para(spans)) => {
                if let (Some(fw), Some(Block::Figure(fig))) =
                    (self.floats(f, i), self.blocks.get(i + 1))
                {
                    let fh = f.figure_rows(fig, f64::INFINITY)[0].2;
                    // The millimetre set above a floated figure (see `Block::Para` in
                    // [`Layout::run`]) counts too, or a heading may pass its test and leave its
                    // section on the next page.
                    return (FLOAT_ABOVE + f.float_height(spans, fw, fh)).min(f.h - TOP - BOTTOM);
                }
                let ph = f.para_height(spans);
                if self.keeps_next(f, i) {
                    ph + self.head(f, i + 1)
                } else {
                    ph.min(2.0 * lh)
                }
            }
            Some(Block::List(items)) => items
                .iter()
                .take(if items.len() == 3 { 3 } else { 2 })
                .map(|it| f.item_height(it))
                .sum::<f64>(),
            Some(Block::Table(head, rows)) => table_height(f, head, rows).min(f.h * 0.5).max(20.0),
            // A figure of several rows may start at a page's foot row by row (see
            // `Block::Figure` in [`Layout::run`]): its first row, each drawing with its caption.
            Some(Block::Figure(fig)) => match f.figure_rows(fig, f.text_width()).as_slice() {
                [first, _, ..] if f.figure_height(fig) <= f.h - TOP - BOTTOM => first.2 + 7.0,
                _ => f.figure_height(fig),
            },
            // A heading followed by a heading (`##` then `###`) stays with the second one's
            // head too.
            Some(Block::Heading(level, spans)) => {
                let size = heading_size(*level, f.body);
                let before = heading_before(*level);
                before
                    + f.text_lines(spans, size) as f64 * line_height(size)
                    + 1.0
                    + self.head(f, i + 1)
            }
            Some(Block::PageBreak) | None => 0.0,
        }
    }

    /// Whether the paragraph at `i` stays on the page of what follows it: it introduces it, or
    /// it is short and a figure or a table follows, unless that figure will not fit and waits
    /// for text to fill the page (see `Block::Figure` in [`Layout::run`]).
    fn keeps_next(&self, f: &Flow, i: usize) -> bool {
        let Some(Block::Para(spans)) = self.blocks.get(i) else {
            return false;
        };
        let ph = f.para_height(spans);
        let next = self.blocks.get(i + 1);
        let figure_waits = matches!(next, Some(Block::Figure(fig))
            if f.figure_height(fig) > f.room() - ph && self.can_wait(f, fig));
        introduces(spans)
            || (ph <= 5.0 * f.lh()
                && !figure_waits
                && matches!(next, Some(Block::Figure(_) | Block::Table(..))))
    }

    /// Whether a figure that does not fit where it comes may wait for the next page while text
    /// fills this one: the page is still a third empty, and the figure fits on a page.
    fn can_wait(&self, f: &Flow, fig: &Figure) -> bool {
        f.third_empty() && f.figure_height(fig) <= f.h - TOP - BOTTOM
    }

    /// Text that may come before a figure that waits: the blocks from `j` that go together (an
    /// introducing paragraph with what it introduces) and their height, when they are text
    /// alone; none at a heading, a figure, a page break or a paragraph that introduces a figure.
    fn pullable(&self, f: &Flow, j: usize) -> Option<(usize, f64)> {
        match self.blocks.get(j)? {
            Block::Para(spans) => {
                if matches!(self.blocks.get(j + 1), Some(Block::Figure(_))) {
                    return None;
                }
                let ph = f.para_height(spans);
                if introduces(spans) {
                    let (n, h) = self.pullable(f, j + 1)?;
                    return (n == 1).then_some((2, ph + h));
                }
                Some((1, ph))
            }
            Block::List(items) => Some((
                1,
                items.iter().map(|it| f.item_height(it)).sum::<f64>() + 1.6,
            )),
            Block::Table(head, rows) => Some((1, table_height(f, head, rows))),
            _ => None,
        }
    }

    /// Lays out the blocks `range` into `f`.
    fn run(&self, f: &mut Flow, range: std::ops::Range<usize>) {
        let blocks = self.blocks;
        let mut i = range.start;
        while i < range.end {
            match &blocks[i] {
                Block::Heading(level, spans) => {
                    if let Some(next) = self.pair(f, i, range.end) {
                        i = next;
                        continue;
                    }
                    let size = heading_size(*level, f.body);
                    f.clear();
                    if !f.at_top() {
                        f.y += heading_before(*level);
                    }
                    // The heading whole (it may take two lines) with the head of what follows.
                    let own = f.text_lines(spans, size) as f64 * line_height(size) + 1.0;
                    f.ensure(own + self.head(f, i + 1));
                    let color = if *level == 1 { f.style.accent } else { INK };
                    let bold = f.bold(spans);
                    // Headings are never hyphenated.
                    let lang = f.lang.take();
                    f.paragraph(&bold, size, 0.0, color);
                    f.lang = lang;
                    f.y += 1.0;
                }
                Block::Para(spans) => {
                    if let (Some(fw), Some(Block::Figure(fig))) =
                        (self.floats(f, i), blocks.get(i + 1))
                    {
                        f.clear();
                        f.y += FLOAT_ABOVE;
                        f.float(spans, fig, fw);
                        i += 2;
                        continue;
                    }
                    let ph = f.para_height(spans);
                    if self.keeps_next(f, i) && ph + self.head(f, i + 1) <= f.h - TOP - BOTTOM {
                        f.ensure(ph + self.head(f, i + 1));
                    }
                    f.paragraph(spans, f.body, 0.0, INK);
                    f.y += 2.2;
                }
                Block::List(items) => list(f, items),
                Block::Table(head, rows) => table(f, head, rows),
                Block::Figure(fig) => {
                    f.clear();
                    // A figure that does not fit on a page still a third empty waits: the
                    // text that follows it, up to the next heading or figure, fills the page
                    // first, as far as it fits whole.
                    if f.figure_height(fig) > f.room() && self.can_wait(f, fig) {
                        let mut j = i + 1;
                        while let Some((n, h)) = self.pullable(f, j) {
                            if j + n > range.end || h > f.room() {
                                break;
                            }
                            self.run(f, j..j + n);
                            j += n;
                        }
                        // Still a third of the page empty: the figure's rows start here, each
                        // whole with its captions.
                        let split = f.figure_height(fig) > f.room()
                            && self.can_wait(f, fig)
                            && f.figure_rows(fig, f.text_width()).len() > 1;
                        f.figure(fig, split);
                        i = j;
                        continue;
                    }
                    f.figure(fig, false)
                }
                Block::PageBreak => {
                    f.clear();
                    if !f.at_top() {
                        f.new_page();
                    }
                }
            }
            i += 1;
        }
    }
}

/// A list, not split after its first item nor before its last.
fn list(f: &mut Flow, items: &[Item]) {
    let n = items.len();
    for (k, it) in items.iter().enumerate() {
        let lh = f.lh();
        let here = f.item_height(it);
        let need = match k {
            // The first two items; all three of a list of three, whose second item must also
            // stay with its last.
            0 => items
                .iter()
                .take(if n == 3 { 3 } else { 2 })
                .map(|it| f.item_height(it))
                .sum(),
            _ if k + 2 == n => here + f.item_height(&items[k + 1]),
            _ => lh.min(here),
        };
        if need <= f.h - TOP - BOTTOM {
            f.ensure(need);
        }
        let indent = 6.0 * it.level as f64;
        let mark = match it.mark {
            super::Mark::Number(n) => format!("{n}."),
            super::Mark::Bullet if it.level == 0 => "•".into(),
            super::Mark::Bullet => "–".into(),
            super::Mark::Continued => String::new(),
        };
        // The mark goes where the item's first line will be.
        if f.room() < lh {
            f.new_page();
        }
        let beside = f.beside();
        f.page.text(
            MARGIN_X + 1.5 + indent + beside,
            f.y + f.body * MM_PER_PT * ASCENT,
            f.body,
            f.style.body.regular,
            f.style.accent,
            Anchor::Start,
            &mark,
        );
        f.paragraph(&it.spans, f.body, 6.0 + indent, INK);
        f.y += 0.8;
    }
    f.y += 1.6;
}

/// The title, the box's facts and the credits at the top of the first page.
fn front_matter(f: &mut Flow, front: &super::Front) {
    let (title, subtitle) = (front.title.as_str(), front.subtitle.as_str());
    f.page.text(
        MARGIN_X,
        f.y + 9.0,
        26.0,
        f.style.headings.bold,
        INK,
        Anchor::Start,
        title,
    );
    f.page.text(
        MARGIN_X,
        f.y + 16.0,
        13.0,
        f.style.body.italic,
        f.style.accent,
        Anchor::Start,
        subtitle,
    );
    f.page.path(
        shape::rect(MARGIN_X, f.y + 20.0, f.text_width(), 0.8),
        Some(f.style.accent),
        None,
    );
    f.y += 27.0;
    if let Some(facts) = &front.facts {
        let spans = [Span {
            text: facts.clone(),
            face: f.style.body.bold,
        }];
        f.paragraph(&spans, BODY, 0.0, INK);
        f.y += 1.0;
    }
    for line in &front.credits {
        let spans = [Span {
            text: line.clone(),
            face: f.style.body.regular,
        }];
        f.paragraph(&spans, 8.5, 0.0, GREY);
    }
    if front.facts.is_some() || !front.credits.is_empty() {
        f.y += 4.0;
    }
}

/// Lays out a rulebook into pages of `paper`, with a title, running header and page numbers.
pub fn layout(book: &Rulebook, front: &super::Front, paper: Paper) -> Vec<Scene> {
    let (w, h) = paper.size_mm();
    let lang = Some(match book.lang {
        crate::base::lang::Lang::Fr => hypher::Lang::French,
        crate::base::lang::Lang::En => hypher::Lang::English,
    });
    // The summary's first block, counted after figures are paired.
    let (body, summary) = match book.summary {
        Some(s) => (&book.blocks[..s], Some(&book.blocks[s..])),
        None => (&book.blocks[..], None),
    };
    let mut f = Flow::new(w, h, lang, book.style);
    front_matter(&mut f, front);
    let blocks = paired(body);
    let l = Layout { blocks: &blocks };
    l.run(&mut f, 0..blocks.len());
    f.clear();
    if let Some(summary) = summary {
        let blocks = paired(summary);
        let l = Layout { blocks: &blocks };
        // Where the text ends with room for the whole summary, at the body's size or at the
        // largest of the summary's smaller sizes, it follows there: a page of its own would
        // leave this one's foot empty.
        let here = SUMMARY_SIZES.into_iter().find(|&size| {
            !f.at_top() && {
                let mut trial = Flow::new(w, h, lang, book.style);
                trial.y = f.y;
                trial.body = size;
                l.run(&mut trial, 0..blocks.len());
                trial.pages.is_empty()
            }
        });
        if let Some(size) = here {
            f.body = size;
            l.run(&mut f, 0..blocks.len());
            return finish(f, front, w, h);
        }
        // The largest type at which the summary fits on one page.
        let body = SUMMARY_SIZES
            .into_iter()
            .find(|&size| {
                let mut trial = Flow::new(w, h, lang, book.style);
                trial.body = size;
                l.run(&mut trial, 0..blocks.len());
                trial.pages.is_empty()
            })
            .unwrap_or(SUMMARY_SIZES[SUMMARY_SIZES.len() - 1]);
        if !f.at_top() {
            f.new_page();
        }
        f.body = body;
        l.run(&mut f, 0..blocks.len());
    }
    finish(f, front, w, h)
}

/// The pages of a flow that has set its last block, each with its number, and after the first
/// the running header.
fn finish(mut f: Flow, front: &super::Front, w: f64, h: f64) -> Vec<Scene> {
    let last = std::mem::replace(&mut f.page, Scene::new(w, h));
    f.pages.push(last);
    let total = f.pages.len();
    let (title, subtitle) = (front.title.as_str(), front.subtitle.as_str());
    for (i, page) in f.pages.iter_mut().enumerate() {
        page.text(
            w / 2.0,
            h - 10.0,
            8.5,
            f.style.body.regular,
            GREY,
            Anchor::Middle,
            &format!("{} / {total}", i + 1),
        );
        if i > 0 {
            page.text(
                w - MARGIN_X,
                12.0,
                8.0,
                f.style.body.italic,
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
