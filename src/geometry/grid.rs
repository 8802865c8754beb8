//! The cells of a board, whatever their shape: one type that the board definition, the printed
//! board, the rulebook diagrams and the rules engines ask for cell counts, names and outlines.
//!
//! In: a square, triangle or hex grid built by `definition::validate`. Out: answers about cells.

use super::hex::HexGrid;
use super::points::PointGrid;
use super::square::SquareGrid;
use super::triangles::TriangleGrid;

/// The cells of a board.
#[derive(Debug, Clone, PartialEq)]
pub enum Grid {
    /// Square cells.
    Square(SquareGrid),
    /// The hexagon of triangles.
    Triangles(TriangleGrid),
    /// Hexagonal cells.
    Hex(HexGrid),
    /// Points joined by lines.
    Points(PointGrid),
}

impl Grid {
    /// Number of cells.
    pub fn len(&self) -> usize {
        match self {
            Grid::Square(g) => g.len(),
            Grid::Triangles(g) => g.len(),
            Grid::Hex(g) => g.len(),
            Grid::Points(g) => g.len(),
        }
    }
    /// True when the grid has no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// A cell's name.
    pub fn name(&self, c: usize) -> String {
        match self {
            Grid::Square(g) => g.name(c),
            Grid::Triangles(g) => g.name(c),
            Grid::Hex(g) => g.name(c),
            Grid::Points(g) => g.name(c),
        }
    }
    /// The cell of a name.
    pub fn parse(&self, s: &str) -> Option<usize> {
        match self {
            Grid::Square(g) => g.parse(s),
            Grid::Triangles(g) => g.parse(s),
            Grid::Hex(g) => g.parse(s),
            Grid::Points(g) => g.parse(s),
        }
    }
    /// The cells as a position file writes them: rows from the top of the board, each from
    /// the left (a square board's last rank first; the triangles' rows; a hex board's rows of
    /// its names, the highest first).
    pub fn written_rows(&self) -> Vec<Vec<usize>> {
        match self {
            Grid::Square(g) => (0..g.rows)
                .rev()
                .map(|r| (0..g.cols).map(|f| r * g.cols + f).collect())
                .collect(),
            Grid::Triangles(g) => (0..g.rows())
                .map(|k| (0..g.len()).filter(|&c| g.cells[c].0 == k).collect())
                .collect(),
            Grid::Hex(g) => {
                let mut rows: Vec<(i32, Vec<usize>)> = Vec::new();
                // Cells are sorted by the row of their names, then the column.
                for c in 0..g.len() {
                    let r = g.col_row(g.axial(c)).1;
                    match rows.last_mut() {
                        Some((last, cells)) if *last == r => cells.push(c),
                        _ => rows.push((r, vec![c])),
                    }
                }
                rows.into_iter().rev().map(|(_, cells)| cells).collect()
            }
            Grid::Points(g) => g.written_rows(),
        }
    }
    /// True for a cell on the outline.
    pub fn is_border(&self, c: usize) -> bool {
        match self {
            Grid::Square(g) => g.is_border(c),
            Grid::Triangles(g) => g.border.iter().any(|b| b.cell == c),
            Grid::Hex(g) => g.is_border(c),
            Grid::Points(g) => g.is_border(c),
        }
    }
}
