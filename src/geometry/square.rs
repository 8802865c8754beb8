//! A rectangular grid of square cells named like chess (`a1` bottom left).

/// A grid of `cols` × `rows` squares. Cell index = `rank * cols + file`, rank 0 at the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareGrid {
    /// Number of files (columns).
    pub cols: usize,
    /// Number of ranks (rows).
    pub rows: usize,
}

/// The largest grid side a definition may ask for (columns past `z` are `aa`, `ab`, …).
pub const MAX_SIDE: usize = 60;

impl SquareGrid {
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cols * self.rows
    }

    /// True for a grid without cells (never built by validation).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Index of file `f`, rank `r` (both 0-based), if on the board.
    pub fn index(&self, f: i32, r: i32) -> Option<usize> {
        (f >= 0 && r >= 0 && (f as usize) < self.cols && (r as usize) < self.rows)
            .then(|| r as usize * self.cols + f as usize)
    }

    /// File and rank (0-based) of a cell.
    pub fn file_rank(&self, i: usize) -> (usize, usize) {
        (i % self.cols, i / self.cols)
    }

    /// The cell's name, `a1`.
    pub fn name(&self, i: usize) -> String {
        let (f, r) = self.file_rank(i);
        format!("{}{}", super::hex::column_name(f), r + 1)
    }

    /// The names of the cells, row by row, top row first (as a position's board is written).
    pub fn names_by_row(&self) -> Vec<Vec<String>> {
        (0..self.rows)
            .rev()
            .map(|r| {
                (0..self.cols)
                    .map(|f| self.name(r * self.cols + f))
                    .collect()
            })
            .collect()
    }

    /// The cell named `s`, if it exists.
    pub fn parse(&self, s: &str) -> Option<usize> {
        let (file, rest) = super::hex::parse_column(s)?;
        if rest.is_empty()
            || rest.starts_with('0')
            || !rest.bytes().all(|b| b.is_ascii_digit())
            || rest.len() > 3
        {
            return None;
        }
        let rank: i32 = rest.parse().ok()?;
        self.index(i32::try_from(file).ok()?, rank - 1)
    }

    /// True when the cell is on the outline (first or last file or rank).
    pub fn is_border(&self, i: usize) -> bool {
        let (f, r) = self.file_rank(i);
        f == 0 || r == 0 || f + 1 == self.cols || r + 1 == self.rows
    }

    /// Top-left corner of a cell in a drawing with cells of side `cell` (rank 1 at the bottom).
    pub fn origin(&self, i: usize, cell: f64) -> (f64, f64) {
        let (f, r) = self.file_rank(i);
        (f as f64 * cell, (self.rows - 1 - r) as f64 * cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let g = SquareGrid { cols: 9, rows: 8 };
        for i in 0..g.len() {
            assert_eq!(g.parse(&g.name(i)), Some(i));
        }
        assert_eq!(g.name(0), "a1");
        assert_eq!(g.name(71), "i8");
        assert_eq!(g.parse("j1"), None);
        assert_eq!(g.parse("a9"), None);
        assert_eq!(g.parse("a0"), None);
        assert_eq!(g.parse("A1"), None);
        // Past 26 columns, names go on as spreadsheets' do.
        let wide = SquareGrid { cols: 30, rows: 2 };
        assert_eq!(wide.name(26), "aa1");
        assert_eq!(wide.name(59), "ad2");
        for i in 0..wide.len() {
            assert_eq!(wide.parse(&wide.name(i)), Some(i));
        }
        assert_eq!(wide.parse("ae1"), None);
    }

    #[test]
    fn imbriqua_has_28_border_cells() {
        let g = SquareGrid { cols: 8, rows: 8 };
        assert_eq!((0..g.len()).filter(|&i| g.is_border(i)).count(), 28);
    }
}
