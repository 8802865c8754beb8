//! Short sub-sections two to a row: a `###` heading, a paragraph and a figure of one drawing,
//! when two such follow each other and each takes no more than half a page in half the text
//! width, are set side by side, each in its column (heading, paragraph, then the figure), as a
//! publisher sets a run of short cards rather than leave half of each page white.

use super::super::Block;
use super::{heading_before, Flow, Layout, BOTTOM, TOP};

/// Between the two columns of a pair of sub-sections, mm.
const PAIR_GAP: f64 = 8.0;

impl Layout<'_> {
    /// The end of the short sub-section starting at `i` (a `###` heading, a paragraph and a
    /// figure of one drawing), if one starts there.
    fn short_section(&self, i: usize) -> Option<usize> {
        match self.blocks.get(i..i + 3)? {
            [Block::Heading(3, _), Block::Para(_), Block::Figure(fig)] if fig.panels.len() == 1 => {
                Some(i + 3)
            }
            _ => None,
        }
    }

    /// The height of the blocks `range` laid out alone in a column `w` mm wide from a page's
    /// top; none when they take more than half a page.
    fn column_height(&self, f: &Flow, range: std::ops::Range<usize>, w: f64) -> Option<f64> {
        let mut trial = Flow::new(f.w, f.h, f.lang, f.style);
        trial.body = f.body;
        trial.col = Some((0.0, w));
        self.run(&mut trial, range);
        let h = trial.y - TOP;
        (trial.pages.is_empty() && h <= (f.h - TOP - BOTTOM) / 2.0).then_some(h)
    }

    /// Sets the two short sub-sections from `i` side by side, when two start there and end
    /// by `end`; returns where the blocks laid out end.
    pub(super) fn pair(&self, f: &mut Flow, i: usize, end: usize) -> Option<usize> {
        if f.col.is_some() {
            return None;
        }
        let mid = self.short_section(i)?;
        let stop = self.short_section(mid).filter(|&stop| stop <= end)?;
        let w = (f.text_width() - PAIR_GAP) / 2.0;
        let left = self.column_height(f, i..mid, w)?;
        let right = self.column_height(f, mid..stop, w)?;
        // A pair that would go whole to the next page and leave this one a third empty is not
        // made: one after the other, the sub-sections fill this page first.
        let need = heading_before(3) + left.max(right);
        if need > f.room() && f.third_empty() {
            return None;
        }
        f.clear();
        // Both whole on one page, the space above their headings included.
        f.ensure(need);
        let y0 = f.y;
        let mut bottom = y0;
        for (k, range) in [i..mid, mid..stop].into_iter().enumerate() {
            f.col = Some((k as f64 * (w + PAIR_GAP), w));
            f.y = y0;
            self.run(f, range);
            bottom = bottom.max(f.y);
        }
        f.col = None;
        f.y = bottom;
        Some(stop)
    }
}
