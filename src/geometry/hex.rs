//! Hexagonal grids: pointy- or flat-topped cells in a rectangle, a parallelogram or a hexagon.
//!
//! Cells are kept in axial coordinates (`q`, `r`: the six neighbours of a cell differ by one of
//! six fixed steps), the coordinates that make neighbours and distances simple; names and drawing
//! positions are derived from them. `r` grows upwards, so row 1 is at the bottom, as on square
//! boards.
//!
//! Names: a column in letters (`a` to `z`, then `aa`, `ab`, …) and a row number from 1.
//! - rectangle: the column and row of the cell as drawn (odd rows of pointy cells, odd columns of
//!   flat cells, are shifted by half a cell);
//! - parallelogram: `q` and `r`, as on the board of the game of Hex (`a1` bottom left, `k11` top
//!   right of an 11 × 11 board);
//! - hexagon: `q` and `r` shifted to start at `a` and 1; the names at two opposite corners are not
//!   on the board.

/// Which way the cells point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// A vertex at the top: cells form horizontal rows.
    Pointy,
    /// A flat side at the top: cells form vertical columns.
    Flat,
}

/// The outline the cells fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexShape {
    /// `cols` × `rows` cells as drawn, every other row (pointy) or column (flat) shifted.
    Rectangle { cols: usize, rows: usize },
    /// `cols` × `rows` cells along the two axes (a rhombus when they are equal).
    Parallelogram { cols: usize, rows: usize },
    /// A hexagon of `side` cells a side.
    Hexagon { side: usize },
}

/// The largest number of cells along a side a definition may ask for.
pub const MAX_SIDE: usize = 60;

/// The six steps from a cell to its neighbours, counter-clockwise: for pointy cells from the east
/// (east, north-east, north-west, west, south-west, south-east), for flat cells from the
/// north-east (north-east, north, north-west, south-west, south, south-east).
pub const STEPS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// A hexagonal grid. Cell indices follow rows from the bottom, left to right.
#[derive(Debug, Clone, PartialEq)]
pub struct HexGrid {
    /// Which way the cells point.
    pub orientation: Orientation,
    /// The outline.
    pub shape: HexShape,
    /// Axial coordinates of each cell, by index.
    cells: Vec<(i32, i32)>,
    /// Bounds of the drawing for cells 1 mm across, y upwards (see `bounds`).
    unit: (f64, f64, f64, f64),
}

/// The name of a column: `a` to `z`, then `aa` to `zz`, as spreadsheets do.
pub fn column_name(mut i: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The column of a name written by [`column_name`], and the rest of the name.
pub fn parse_column(s: &str) -> Option<(usize, &str)> {
    let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
    if letters == 0 || letters > 2 {
        return None;
    }
    let mut i = 0usize;
    for b in s[..letters].bytes() {
        i = i * 26 + usize::from(b - b'a') + 1;
    }
    Some((i - 1, &s[letters..]))
}

/// A row number from 1, without sign or leading zero, of at most 3 digits.
fn parse_row(s: &str) -> Option<usize> {
    if s.is_empty() || s.len() > 3 || s.starts_with('0') || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<usize>().ok().map(|n| n - 1)
}

impl HexGrid {
    /// The grid of a shape and orientation (sides of 1 to [`MAX_SIDE`] cells are expected).
    pub fn new(orientation: Orientation, shape: HexShape) -> HexGrid {
        let mut g = HexGrid {
            orientation,
            shape,
            cells: Vec::new(),
            unit: (0.0, 0.0, 0.0, 0.0),
        };
        let (cols, rows) = g.extent();
        // Rows from the bottom, each left to right: indices in reading order from a1.
        for row in 0..rows {
            for col in 0..cols {
                if let Some(a) = g.axial_of(col, row) {
                    g.cells.push(a);
                }
            }
        }
        g.unit = g.measure(1.0);
        g
    }

    /// Columns and rows of names (a hexagon's names span `2 * side - 1` of each).
    fn extent(&self) -> (usize, usize) {
        match self.shape {
            HexShape::Rectangle { cols, rows } | HexShape::Parallelogram { cols, rows } => {
                (cols, rows)
            }
            HexShape::Hexagon { side } => (2 * side - 1, 2 * side - 1),
        }
    }

    /// The axial coordinates of the cell named by column `col` and row `row`, if on the board.
    fn axial_of(&self, col: usize, row: usize) -> Option<(i32, i32)> {
        let (c, r) = (col as i32, row as i32);
        match self.shape {
            HexShape::Rectangle { cols, rows } => {
                (col < cols && row < rows).then(|| match self.orientation {
                    // Odd rows shifted right by half a cell.
                    Orientation::Pointy => (c - (r - (r & 1)) / 2, r),
                    // Odd columns shifted up by half a cell.
                    Orientation::Flat => (c, r - (c - (c & 1)) / 2),
                })
            }
            HexShape::Parallelogram { cols, rows } => (col < cols && row < rows).then_some((c, r)),
            HexShape::Hexagon { side } => {
                let n = side as i32 - 1;
                let (q, r) = (c - n, r - n);
                (q.abs() <= n && r.abs() <= n && (q + r).abs() <= n).then_some((q, r))
            }
        }
    }

    /// The column and row that name an axial cell (the inverse of `axial_of`; negative or too
    /// large off the board).
    pub fn col_row(&self, (q, r): (i32, i32)) -> (i32, i32) {
        match self.shape {
            HexShape::Rectangle { .. } => match self.orientation {
                Orientation::Pointy => (q + (r - (r & 1)) / 2, r),
                Orientation::Flat => (q, r + (q - (q & 1)) / 2),
            },
            HexShape::Parallelogram { .. } => (q, r),
            HexShape::Hexagon { side } => (q + side as i32 - 1, r + side as i32 - 1),
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for a grid without cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The axial coordinates of a cell.
    pub fn axial(&self, i: usize) -> (i32, i32) {
        self.cells[i]
    }

    /// The cell at axial coordinates, if on the board.
    pub fn index(&self, a: (i32, i32)) -> Option<usize> {
        let far = 4 * MAX_SIDE as i32;
        if a.0.abs() > far || a.1.abs() > far {
            return None;
        }
        // Cells are sorted by the row, then the column, of their names.
        let key = |x: (i32, i32)| {
            let (c, r) = self.col_row(x);
            (r, c)
        };
        let want = key(a);
        let i = self.cells.partition_point(|&x| key(x) < want);
        (self.cells.get(i) == Some(&a)).then_some(i)
    }

    /// The cell's name, `a1`.
    pub fn name(&self, i: usize) -> String {
        let (c, r) = self.col_row(self.cells[i]);
        format!("{}{}", column_name(c as usize), r + 1)
    }

    /// The row number in the cell's name (`3` for `b3`): the row a definition's `ranks` name.
    pub fn name_row(&self, i: usize) -> i32 {
        self.col_row(self.cells[i]).1 + 1
    }

    /// The cell named `s`, if it exists.
    pub fn parse(&self, s: &str) -> Option<usize> {
        let (col, rest) = parse_column(s)?;
        let row = parse_row(rest)?;
        let a = self.axial_of(col, row)?;
        self.index(a)
    }

    /// The neighbours of a cell, in the order of [`STEPS`] (`None` off the board).
    pub fn neighbours(&self, i: usize) -> [Option<usize>; 6] {
        let (q, r) = self.cells[i];
        STEPS.map(|(dq, dr)| self.index((q + dq, r + dr)))
    }

    /// True when the cell has fewer than six neighbours on the board.
    pub fn is_border(&self, i: usize) -> bool {
        self.neighbours(i).iter().any(Option::is_none)
    }

    /// The number of steps between two cells.
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        let ((q1, r1), (q2, r2)) = (self.cells[a], self.cells[b]);
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// The centre of a cell with y growing upwards, for cells `cell` mm across their flats (the
    /// distance between the centres of two neighbours).
    fn centre_up(&self, i: usize, cell: f64) -> (f64, f64) {
        let (q, r) = self.cells[i];
        let (q, r) = (f64::from(q), f64::from(r));
        let size = cell / 3f64.sqrt();
        match self.orientation {
            Orientation::Pointy => (cell * (q + r / 2.0), 1.5 * size * r),
            Orientation::Flat => (1.5 * size * q, cell * (r + q / 2.0)),
        }
    }

    /// The corners of a cell, counter-clockwise, around a centre, for cells `cell` mm across.
    pub fn corners(&self, centre: (f64, f64), cell: f64) -> [(f64, f64); 6] {
        let size = cell / 3f64.sqrt();
        let start = match self.orientation {
            Orientation::Pointy => 30.0f64,
            Orientation::Flat => 0.0,
        };
        std::array::from_fn(|k| {
            let a = (start + 60.0 * k as f64).to_radians();
            // Drawing y grows downwards: corners turn clockwise on the page.
            (centre.0 + size * a.cos(), centre.1 - size * a.sin())
        })
    }

    /// Width and height of the drawing of the whole grid, for cells `cell` mm across.
    pub fn size(&self, cell: f64) -> (f64, f64) {
        let (x0, y0, x1, y1) = self.bounds(cell);
        (x1 - x0, y1 - y0)
    }

    /// Bounds of the cells' outlines with y upwards: (min x, min y, max x, max y).
    fn bounds(&self, cell: f64) -> (f64, f64, f64, f64) {
        let u = self.unit;
        (u.0 * cell, u.1 * cell, u.2 * cell, u.3 * cell)
    }

    /// [`HexGrid::bounds`] measured over every cell's corners.
    fn measure(&self, cell: f64) -> (f64, f64, f64, f64) {
        let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for i in 0..self.len() {
            for (x, y) in self.corners(self.centre_up(i, cell), cell) {
                // `corners` flips y; flip it back around the centre for the bounds.
                let y = 2.0 * self.centre_up(i, cell).1 - y;
                b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
            }
        }
        b
    }

    /// The centre of a cell in a drawing of the whole grid (origin at its top left, y down).
    pub fn centre(&self, i: usize, cell: f64) -> (f64, f64) {
        let (x0, _, _, y1) = self.bounds(cell);
        let (x, y) = self.centre_up(i, cell);
        (x - x0, y1 - y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_shapes() -> Vec<HexGrid> {
        let mut out = Vec::new();
        for o in [Orientation::Pointy, Orientation::Flat] {
            for shape in [
                HexShape::Rectangle { cols: 7, rows: 5 },
                HexShape::Parallelogram { cols: 11, rows: 11 },
                HexShape::Hexagon { side: 5 },
                HexShape::Rectangle { cols: 30, rows: 2 },
            ] {
                out.push(HexGrid::new(o, shape));
            }
        }
        out
    }

    #[test]
    fn column_names_go_past_z() {
        let names: Vec<String> = [0, 25, 26, 27, 51, 52, 701].map(column_name).to_vec();
        assert_eq!(names, ["a", "z", "aa", "ab", "az", "ba", "zz"]);
        for i in 0..702 {
            assert_eq!(parse_column(&column_name(i)), Some((i, "")));
        }
        assert_eq!(parse_column("aaa1"), None);
        assert_eq!(parse_column("1"), None);
    }

    #[test]
    fn cell_counts_follow_the_shape() {
        let pointy = |shape| HexGrid::new(Orientation::Pointy, shape).len();
        assert_eq!(pointy(HexShape::Rectangle { cols: 7, rows: 5 }), 35);
        assert_eq!(pointy(HexShape::Parallelogram { cols: 11, rows: 11 }), 121);
        // 3n(n - 1) + 1 cells in a hexagon of side n.
        assert_eq!(pointy(HexShape::Hexagon { side: 1 }), 1);
        assert_eq!(pointy(HexShape::Hexagon { side: 5 }), 61);
        assert_eq!(pointy(HexShape::Hexagon { side: 9 }), 217);
    }

    #[test]
    fn names_round_trip_and_are_unique() {
        for g in all_shapes() {
            let mut seen = std::collections::BTreeSet::new();
            for i in 0..g.len() {
                let n = g.name(i);
                assert_eq!(g.parse(&n), Some(i), "{n} in {:?}", g.shape);
                assert!(seen.insert(n));
                assert_eq!(g.index(g.axial(i)), Some(i));
            }
        }
        let hex = HexGrid::new(
            Orientation::Pointy,
            HexShape::Parallelogram { cols: 11, rows: 11 },
        );
        assert_eq!(hex.name(0), "a1");
        assert_eq!(hex.name(120), "k11");
        assert_eq!(hex.parse("l1"), None);
        assert_eq!(hex.parse("a12"), None);
        assert_eq!(hex.parse("a01"), None);
        // A hexagon's corner names off the board.
        let h = HexGrid::new(Orientation::Flat, HexShape::Hexagon { side: 3 });
        assert_eq!(h.parse("a1"), None);
        assert_eq!(h.parse("e5"), None);
        assert!(h.parse("c3").is_some(), "the centre");
        // Wide boards name columns past z.
        let wide = HexGrid::new(Orientation::Flat, HexShape::Rectangle { cols: 30, rows: 2 });
        assert_eq!(wide.name(29), "ad1");
    }

    #[test]
    fn neighbours_are_mutual_and_six_inside() {
        for g in all_shapes() {
            for i in 0..g.len() {
                let ns = g.neighbours(i);
                for (k, n) in ns.iter().enumerate() {
                    if let Some(n) = *n {
                        // The opposite step leads back.
                        assert_eq!(g.neighbours(n)[(k + 3) % 6], Some(i));
                        assert_eq!(g.distance(i, n), 1);
                    }
                }
                let inside = ns.iter().all(Option::is_some);
                assert_eq!(g.is_border(i), !inside);
            }
        }
        // A hexagon of side 5: 24 cells on its border, the centre six steps from none.
        let h = HexGrid::new(Orientation::Pointy, HexShape::Hexagon { side: 5 });
        assert_eq!((0..h.len()).filter(|&i| h.is_border(i)).count(), 24);
        let centre = h.parse("e5").unwrap();
        assert!((0..h.len()).all(|i| h.distance(centre, i) <= 4));
    }

    #[test]
    fn offset_rows_and_columns_shift_by_half_a_cell() {
        // Pointy rectangle: b1's east neighbour is c1; row 2 is shifted right, so a2 is north-east
        // of a1 and b1 south-east of a2.
        let g = HexGrid::new(
            Orientation::Pointy,
            HexShape::Rectangle { cols: 7, rows: 5 },
        );
        let at = |n: &str| g.parse(n).unwrap();
        assert_eq!(g.neighbours(at("b1"))[0], Some(at("c1")));
        assert_eq!(
            g.neighbours(at("a1"))[1],
            Some(at("a2")),
            "north-east of a1"
        );
        assert_eq!(
            g.neighbours(at("a2"))[5],
            Some(at("b1")),
            "south-east of a2"
        );
        assert_eq!(
            g.neighbours(at("a1"))[2],
            None,
            "north-west of a1 is off the board"
        );
        let (x1, y1) = g.centre(at("a1"), 20.0);
        let (x2, y2) = g.centre(at("a2"), 20.0);
        assert!(
            (x2 - x1 - 10.0).abs() < 1e-9,
            "a2 is half a cell right of a1"
        );
        assert!(
            (y1 - y2 - 20.0 * 3f64.sqrt() / 2.0).abs() < 1e-9,
            "rows 0.866 cell apart"
        );
        // Flat rectangle: column b is shifted up by half a cell.
        let f = HexGrid::new(Orientation::Flat, HexShape::Rectangle { cols: 7, rows: 5 });
        let at = |n: &str| f.parse(n).unwrap();
        let (_, ya) = f.centre(at("a1"), 20.0);
        let (_, yb) = f.centre(at("b1"), 20.0);
        assert!((ya - yb - 10.0).abs() < 1e-9, "b1 half a cell above a1");
    }

    #[test]
    fn the_drawing_holds_every_cell_and_neighbours_touch() {
        for g in all_shapes() {
            let cell = 20.0;
            let (w, h) = g.size(cell);
            for i in 0..g.len() {
                for (x, y) in g.corners(g.centre(i, cell), cell) {
                    assert!((-1e-9..=w + 1e-9).contains(&x) && (-1e-9..=h + 1e-9).contains(&y));
                }
                for n in g.neighbours(i).into_iter().flatten() {
                    let ((x1, y1), (x2, y2)) = (g.centre(i, cell), g.centre(n, cell));
                    assert!(((x2 - x1).hypot(y2 - y1) - cell).abs() < 1e-9);
                }
            }
        }
        // A pointy hexagon of side 2: 3 cells across its middle row.
        let g = HexGrid::new(Orientation::Pointy, HexShape::Hexagon { side: 2 });
        let (w, h) = g.size(10.0);
        assert!((w - 30.0).abs() < 1e-9, "{w}");
        // Three rows 1.5 sizes apart, and a size above and below: 5 sizes (10 / √3 mm each).
        assert!((h - 5.0 * 10.0 / 3f64.sqrt()).abs() < 1e-9, "{h}");
    }
}
