//! A validated rulebook diagram: its ground and the look of its tokens.
//!
//! In: built by `validate::diagram`. Out: read by the rulebook.

use crate::base::color::Color;

/// How positions are drawn: on which ground, and which piece each board token stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct DiagramDef {
    /// Where the pieces stand.
    pub ground: Ground,
    /// Board tokens and what they show (`.` is always an empty cell).
    pub tokens: Vec<(String, TokenLook)>,
    /// Tokens that are tiles of this tile set (index), written by their zones' letter codes.
    pub tiles: Option<usize>,
    /// Position fields that name a cell to outline (Imbriqua's `last_placed`).
    pub highlight: Vec<String>,
    /// The book's word for one of its pieces, for the legend (`piece` / `pièce` when none).
    pub noun: Option<crate::base::lang::Text>,
    /// The book's word for one of the board's cells, for the legend (`cell` / `case` when
    /// none).
    pub cell: Option<crate::base::lang::Text>,
    /// The book's word for what an arrow shows, for the legend (`move` / `coup` when none).
    pub move_noun: Option<crate::base::lang::Text>,
    /// What the outline of a `highlight` field means, for the legend.
    pub highlight_means: Option<crate::base::lang::Text>,
    /// Position fields that count rounds, with the nouns (space-separated, per language) a
    /// caption's ordinal counts them by: `the second pass` when the field holds 1.
    pub ordinals: Vec<(String, crate::base::lang::Text)>,
}

/// The ground of a diagram.
#[derive(Debug, Clone, PartialEq)]
pub enum Ground {
    /// A board of the game (index): the board's rows of tokens, top row first.
    Board(usize),
    /// A plane without edges drawn as a mat's squares: the tokens of any rectangle, placed by
    /// the position's `origin = [x, y]` (the bottom-left token's coordinates); cells are named
    /// `x,y`.
    Plane {
        /// Square side, mm.
        cell: f64,
        /// Ground colour.
        fill: Color,
        /// Line colour.
        line: Color,
    },
}

/// What a board token shows.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenLook {
    /// The piece (index into the game's pieces).
    pub piece: usize,
    /// Its back face (a two-faced piece turned over).
    pub back: bool,
    /// A label written on it (a stack's height).
    pub label: Option<String>,
}
