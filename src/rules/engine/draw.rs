//! Drawing a position: its board's cells and its fields, laid out by
//! [`crate::layout::diagram`] on the game's board or mat as a diagram scene.
//!
//! In: an [`Engine`], a [`Position`] and the game's definition. Out: a [`Scene`].

use super::{Engine, Error, Position};
use crate::rules::{self, Board};
use crate::scene::Scene;

impl Engine {
    /// The position as data: its board's cells and its other fields.
    pub fn data(&self, p: &Position) -> (Board, toml::Table) {
        match p {
            Position::External(q) => q.data(),
            p => rules::data(&self.fields(p)),
        }
    }

    /// The board of a position, as data.
    pub fn board(&self, p: &Position) -> Board {
        self.data(p).0
    }

    /// The tokens of a position's board, top row first: its text form, row by row.
    pub fn board_rows(&self, p: &Position) -> Vec<Vec<String>> {
        let board = self.board(p);
        board
            .tokens()
            .into_iter()
            .map(|r| r.into_iter().map(String::from).collect())
            .collect()
    }

    /// `diagram`: the position drawn on the game's board with its pieces (`game` is the
    /// definition the engine was built from).
    pub fn diagram(&self, game: &crate::definition::Game, p: &Position) -> Result<Scene, Error> {
        let def = game.diagram.as_ref().ok_or_else(|| {
            Error::usage("", "the game has no board and no mat to draw a position on")
        })?;
        let (board, fields) = self.data(p);
        crate::layout::diagram::position(game, def, &board, &fields).map(|d| d.scene)
    }
}
