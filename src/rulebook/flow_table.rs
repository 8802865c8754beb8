//! Tables on a rulebook's pages: columns as wide as their text, the widest shrunk to fit, rows
//! never split, a short table kept whole.

use super::super::lines::{break_lines, draw_line, line_height, Line};
use super::super::Span;
use super::{Flow, ASCENT, BOTTOM, INK, MARGIN_X, TOP};
use crate::base::color::Color;
use crate::base::units::MM_PER_PT;
use crate::fonts::Face;
use crate::scene::{p, shape, Stroke};

/// The widths of a table's columns: each as wide as its text, the widest shrunk to fit.
fn table_columns(f: &Flow, head: &[Vec<Span>], rows: &[Vec<Vec<Span>>], size: f64) -> Vec<f64> {
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
    let avail = f.text_width();
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
    nat
}

/// A table row's cells broken into lines (the header in `header`, a bold face).
fn table_cells(
    cells: &[Vec<Span>],
    nat: &[f64],
    size: f64,
    header: Option<Face>,
) -> Vec<Vec<Line>> {
    (0..nat.len())
        .map(|i| {
            let spans: Vec<Span> = cells
                .get(i)
                .map(|c| {
                    c.iter()
                        .map(|s| Span {
                            text: s.text.clone(),
                            face: header.unwrap_or(s.face),
                        })
                        .collect()
                })
                .unwrap_or_default();
            break_lines(&spans, size, nat[i] - 3.0)
        })
        .collect()
}

pub(super) fn table_height(f: &Flow, head: &[Vec<Span>], rows: &[Vec<Vec<Span>>]) -> f64 {
    let size = 0.9 * f.body;
    let nat = table_columns(f, head, rows, size);
    std::iter::once((head, true))
        .chain(rows.iter().map(|r| (r.as_slice(), false)))
        .map(|(cells, header)| {
            let bold = header.then_some(f.style.body.bold);
            row_height(&table_cells(cells, &nat, size, bold), size)
        })
        .sum::<f64>()
        + 4.5
}

fn row_height(wrapped: &[Vec<Line>], size: f64) -> f64 {
    wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1) as f64 * line_height(size) + 3.0
}

/// A table, kept whole when shorter than half a page; its rows never split.
pub(super) fn table(f: &mut Flow, head: &[Vec<Span>], rows: &[Vec<Vec<Span>>]) {
    let size = 0.9 * f.body;
    let pad = 1.5;
    let lh = line_height(size);
    let nat = table_columns(f, head, rows, size);
    let line = Some(Stroke::solid(Color::rgb(0xbb, 0xbb, 0xb5), 0.25));
    let width: f64 = nat.iter().sum();
    f.clear();
    let x0 = MARGIN_X;
    let height = table_height(f, head, rows);
    if height < (f.h - TOP - BOTTOM) / 2.0 {
        f.ensure(height);
    }
    f.y += 1.5;
    let all = std::iter::once((head, true)).chain(rows.iter().map(|r| (r.as_slice(), false)));
    for (cells, header) in all {
        let wrapped = table_cells(cells, &nat, size, header.then_some(f.style.body.bold));
        let rh = row_height(&wrapped, size);
        f.ensure(rh);
        if header {
            f.page.path(
                shape::rect(x0, f.y, width, rh),
                Some(Color::rgb(0xf1, 0xea, 0xdc)),
                None,
            );
        }
        let mut x = x0;
        for (i, lines) in wrapped.iter().enumerate() {
            let mut by = f.y + pad + size * MM_PER_PT * ASCENT;
            for l in lines {
                draw_line(&mut f.page, l, x + pad, by, size, INK);
                by += lh;
            }
            x += nat[i];
        }
        f.page.path(
            shape::line(p(x0, f.y + rh), p(x0 + width, f.y + rh)),
            None,
            line,
        );
        f.page
            .path(shape::line(p(x0, f.y), p(x0 + width, f.y)), None, line);
        f.y += rh;
    }
    f.y += 3.0;
}
