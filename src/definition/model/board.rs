//! A validated board: its grid, track, regions and marks.
//!
//! In: built by `validate::board`. Out: read by the layout, the rulebook and the rules engines.

use crate::base::color::Color;
use crate::base::lang::Text;
use crate::geometry::Grid;

/// A board, its face made of elements `E`: [`super::Board`] is `BoardOf<Element>`. A face is
/// made of layout elements and an element may show a board, so the element type is given by
/// `model::layout`, which names this one, rather than imported here: the imports run one way.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardOf<E> {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Cells.
    pub grid: Grid,
    /// Cell size (square side or triangle side), mm.
    pub cell: f64,
    /// Cell colour.
    pub fill: Color,
    /// Checkered second colour.
    pub alt_fill: Option<Color>,
    /// Grid lines.
    pub line: Color,
    /// Frame around the board.
    pub frame: Color,
    /// Cell names printed around the board.
    pub coords: bool,
    /// The family of its coordinates, cell names and track numbers (`font`; Lato by default).
    pub font: crate::fonts::Family,
    /// Copies (0: left out of the print).
    pub count: usize,
    /// Bleed around the board's cut box, mm: its frame's colour carried past the cut.
    pub bleed: f64,
    /// Safe zone inside the cut line, mm, for its layout.
    pub safe: f64,
    /// Coloured cell sets with a role.
    pub regions: Vec<Region>,
    /// Marks on cells.
    pub marks: Vec<Mark>,
    /// A numbered score track around the board or in rows below it.
    pub track: Option<Track>,
    /// Grid cells that are no cells of the board (a square board's holes), sorted: neither
    /// drawn nor played on.
    pub holes: Vec<usize>,
    /// The elements of its printed face when it has a layout (none: the board's drawing alone).
    pub face: Vec<E>,
}

/// How a score track runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackPath {
    /// Around the board's edge, clockwise from the top-left corner.
    Around,
    /// In rows below the board, each row turning back (so each space touches the next).
    Rows,
}

/// A numbered score track: spaces `from` to `to`.
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    /// First number.
    pub from: i64,
    /// Last number.
    pub to: i64,
    /// How it runs.
    pub path: TrackPath,
    /// Depth of a space (its side in rows), mm.
    pub space: f64,
    /// Space colour.
    pub fill: Color,
    /// Colour of every `every`-th space.
    pub highlight: Color,
    /// Spacing of highlighted numbers (5: 0, 5, 10, ...).
    pub every: i64,
    /// Lines and numbers.
    pub line: Color,
}

impl<E> BoardOf<E> {
    /// Whether grid cell `c` is a hole.
    pub fn is_hole(&self, c: usize) -> bool {
        self.holes.binary_search(&c).is_ok()
    }

    /// The board's cells as a position writes them, top row first, holes left out.
    pub fn written_rows(&self) -> Vec<Vec<usize>> {
        let mut rows = self.grid.written_rows();
        if !self.holes.is_empty() {
            for row in &mut rows {
                row.retain(|&c| !self.is_hole(c));
            }
            rows.retain(|r| !r.is_empty());
        }
        rows
    }

    /// Width of the frame around the cells, mm.
    pub fn frame_width(&self) -> f64 {
        match (&self.grid, self.coords) {
            (Grid::Square(_) | Grid::Points(_), true) => (self.cell * 0.4).clamp(7.0, 12.0),
            (Grid::Square(_) | Grid::Points(_), false) => 4.0,
            (Grid::Triangles(_), _) => (self.cell * 0.3).clamp(6.0, 12.0),
            (Grid::Hex(_), _) => (self.cell * 0.3).clamp(5.0, 12.0),
        }
    }

    /// Width and height of the cells and their frame, without the track, mm.
    pub fn grid_extent(&self) -> (f64, f64) {
        let (gw, gh) = match &self.grid {
            Grid::Square(g) => (g.cols as f64 * self.cell, g.rows as f64 * self.cell),
            Grid::Triangles(t) => {
                let (w, h) = t.extent();
                (w * self.cell, h * self.cell)
            }
            Grid::Hex(g) => g.size(self.cell),
            Grid::Points(g) => (
                g.lattice.cols as f64 * self.cell,
                g.lattice.rows as f64 * self.cell,
            ),
        };
        let f = self.frame_width();
        (gw + 2.0 * f, gh + 2.0 * f)
    }

    /// Width and height of the board's printed face, its track included, mm.
    pub fn extent(&self) -> (f64, f64) {
        let (w, h) = self.grid_extent();
        match &self.track {
            Some(t) => t.extent(w, h),
            None => (w, h),
        }
    }

    /// The cells of the region with this role (empty when there is none).
    pub fn region(&self, role: &str) -> Vec<usize> {
        self.regions
            .iter()
            .filter(|r| r.role == role)
            .flat_map(|r| r.cells.iter().copied())
            .collect()
    }
}

/// A coloured set of cells with a role the rules read.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// Role name.
    pub role: String,
    /// Cells, sorted.
    pub cells: Vec<usize>,
    /// Fill colour.
    pub fill: Color,
}

/// The shape of a cell mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkShape {
    /// An open circle.
    Ring,
    /// A filled dot.
    Dot,
    /// A cross.
    Cross,
}

/// A mark on some cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// Cells, sorted.
    pub cells: Vec<usize>,
    /// Shape.
    pub shape: MarkShape,
    /// Colour.
    pub color: Color,
}

impl Track {
    /// Spaces in a row of a `rows` track below a board `w` mm wide.
    pub fn per_row(&self, w: f64) -> usize {
        ((w / self.space).floor() as usize).max(1)
    }

    /// The gap between a board and the rows of its track, mm.
    pub fn gap(&self) -> f64 {
        self.space * 0.3
    }

    /// Width and height of a board of `w` × `h` mm with this track, mm.
    pub fn extent(&self, w: f64, h: f64) -> (f64, f64) {
        let d = self.space;
        match self.path {
            TrackPath::Around => (w + 2.0 * d, h + 2.0 * d),
            TrackPath::Rows => {
                let n = (self.to - self.from + 1).max(0) as usize;
                let per_row = self.per_row(w);
                let rows = n.div_ceil(per_row);
                (w.max(per_row as f64 * d), h + self.gap() + rows as f64 * d)
            }
        }
    }
}
