//! A position's board as data, between stages: what the rules engines say stands on each cell,
//! and what diagrams, rulebook checks and the terminal player draw and read (none of them parses
//! a board's text again).
//!
//! A [`Board`] holds its [`Cell`]s as a position file writes them: rows, top row first (a board
//! of points joined as a graph writes its points row by row too). A cell has its name when the
//! engine knows it, the token the position's text writes on it, and what [`Stands`] there: a
//! stack of [`Piece`]s (bottom first, each of a side and a kind), a [`Tile`] with its coloured
//! zones, nothing, or a hole in the board.
//!
//! The token is the game's own word for what stands on the cell (`R`, `b`, `2`, `BBYR`): the
//! text form is written from it, and `[diagram] tokens` in `game.toml` names the printed piece
//! a token is drawn as; what the piece means (its side, its kind, a tile's zones) is read from
//! [`Stands`].

/// A piece on a board.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// The side it belongs to (`red`), none for a piece of nobody's (a brick) or when the
    /// engine does not say.
    pub side: Option<String>,
    /// Its kind (`pawn`, `man`, `brick`).
    pub kind: String,
}

/// A tile laid on a cell.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    /// The colour of each zone, clockwise from the top.
    pub zones: Vec<String>,
}

/// What stands on a cell.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stands {
    /// Nothing.
    Empty,
    /// No cell here: a hole in the board.
    Hole,
    /// A stack of pieces, the bottom one first (one piece is a stack of one).
    Pieces(Vec<Piece>),
    /// A tile.
    Tile(Tile),
}

/// One cell of a board.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The cell's name on the board (`c4`, `0,0`), when the engine knows it.
    pub name: Option<String>,
    /// The token the position's text writes on the cell (`.` for an empty one).
    pub token: String,
    /// What stands on it.
    pub stands: Stands,
}

/// The token of an empty cell.
pub const EMPTY: &str = ".";

impl Cell {
    /// An empty cell.
    pub fn empty(name: Option<String>) -> Cell {
        Cell {
            name,
            token: EMPTY.to_string(),
            stands: Stands::Empty,
        }
    }

    /// A cell with `n` pieces of one side and kind stacked on it, written `token`.
    pub fn pieces(
        name: Option<String>,
        token: impl Into<String>,
        side: Option<&str>,
        kind: &str,
        n: usize,
    ) -> Cell {
        let piece = Piece {
            side: side.map(str::to_string),
            kind: kind.to_string(),
        };
        Cell {
            name,
            token: token.into(),
            stands: Stands::Pieces(vec![piece; n]),
        }
    }

    /// A cell with a tile on it, written `token`.
    pub fn tile(name: Option<String>, token: impl Into<String>, zones: Vec<String>) -> Cell {
        Cell {
            name,
            token: token.into(),
            stands: Stands::Tile(Tile { zones }),
        }
    }

    /// True when something stands on the cell.
    pub fn occupied(&self) -> bool {
        matches!(self.stands, Stands::Pieces(_) | Stands::Tile(_))
    }

    /// The side of the piece on top, if it has one.
    pub fn side(&self) -> Option<&str> {
        match &self.stands {
            Stands::Pieces(stack) => stack.last().and_then(|p| p.side.as_deref()),
            _ => None,
        }
    }

    /// The zones of the tile on the cell, if one lies there.
    pub fn zones(&self) -> Option<&[String]> {
        match &self.stands {
            Stands::Tile(t) => Some(&t.zones),
            _ => None,
        }
    }
}

/// A board: its cells in rows, top row first, as a position file writes them.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    /// The rows of cells, top row first.
    pub rows: Vec<Vec<Cell>>,
}

impl Board {
    /// A board of rows of cells, top row first.
    pub fn new(rows: Vec<Vec<Cell>>) -> Board {
        Board { rows }
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = &Cell> {
        self.rows.iter().flatten()
    }

    /// The board's text: each row's tokens joined by a space, the rows joined by `between`.
    pub fn text(&self, between: &str) -> String {
        self.rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| c.token.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(between)
    }

    /// The tokens of each row, top row first.
    pub fn tokens(&self) -> Vec<Vec<&str>> {
        self.rows
            .iter()
            .map(|r| r.iter().map(|c| c.token.as_str()).collect())
            .collect()
    }

    /// The cells' names in the shape of the rows, when the engine named every cell; empty
    /// otherwise.
    pub fn names(&self) -> Vec<Vec<String>> {
        let named: Option<Vec<Vec<String>>> = self
            .rows
            .iter()
            .map(|r| r.iter().map(|c| c.name.clone()).collect())
            .collect();
        named.unwrap_or_default()
    }

    /// The board with each cell named after `names`, given in the shape of the rows (a cell
    /// past the names keeps its own).
    pub fn named(mut self, names: &[Vec<String>]) -> Board {
        for (row, ns) in self.rows.iter_mut().zip(names) {
            for (c, n) in row.iter_mut().zip(ns) {
                c.name = Some(n.clone());
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_is_written_from_its_cells_tokens_and_named_only_when_every_cell_is() {
        let b = Board::new(vec![
            vec![
                Cell::pieces(Some("a2".into()), "R", Some("red"), "pawn", 1),
                Cell::empty(Some("b2".into())),
            ],
            vec![Cell::pieces(None, "2", None, "brick", 2)],
        ]);
        assert_eq!(b.text("\n"), "R .\n2");
        assert_eq!(b.text(" / "), "R . / 2");
        assert_eq!(b.tokens(), vec![vec!["R", "."], vec!["2"]]);
        // One cell has no name: the names are unknown.
        assert!(b.names().is_empty());
        let b = b.named(&[vec!["a2".into(), "b2".into()], vec!["a1".into()]]);
        assert_eq!(b.names()[1], vec!["a1"]);
        assert_eq!(b.rows[0][0].side(), Some("red"));
        assert_eq!(b.rows[1][0].side(), None);
        match &b.rows[1][0].stands {
            Stands::Pieces(stack) => assert_eq!(stack.len(), 2),
            other => panic!("a stack of two bricks, not {other:?}"),
        }
        assert!(!b.rows[0][1].occupied());
    }
}
