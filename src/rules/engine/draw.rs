//! Drawing a position: its board rows and fields, laid out by [`crate::layout::diagram`] on
//! the game's board or mat as a diagram scene.
//!
//! In: an [`Engine`], a [`Position`] and the game's definition. Out: a [`Scene`].

use super::{Engine, Error, Position};
use crate::rules;
use crate::scene::Scene;

impl Engine {
    /// The position as data: its board's rows of tokens and its other fields.
    pub fn data(&self, p: &Position) -> (Vec<Vec<String>>, toml::Table) {
        match p {
            Position::External(q) => q.data(),
            p => rules::data(&self.fields(p)),
        }
    }

    /// The board rows of a position, top row first.
    pub fn board_rows(&self, p: &Position) -> Vec<Vec<String>> {
        self.data(p).0
    }

    /// `diagram`: the position drawn on the game's board with its pieces (`game` is the
    /// definition the engine was built from).
    pub fn diagram(&self, game: &crate::definition::Game, p: &Position) -> Result<Scene, Error> {
        let def = game.diagram.as_ref().ok_or_else(|| {
            Error::Other("the game has no board and no mat to draw a position on".into())
        })?;
        let (rows, fields) = self.data(p);
        crate::layout::diagram::position(game, def, &rows, &fields)
            .map(|d| d.scene)
            .map_err(Error::Other)
    }
}
