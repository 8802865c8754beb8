//! Raw rulebook diagrams: `[diagram.<id>]` and its tokens, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::diagram`.

use super::value::{TextRaw, S};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// `[diagram]`: how positions are drawn in rulebooks.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiagramRaw {
    /// The board positions stand on, by id (the first board when absent).
    #[schemars(with = "Option<String>")]
    pub board: Option<S>,
    /// For a game without a board: the mat (by id) whose squares draw an unbounded plane.
    #[schemars(with = "Option<String>")]
    pub plane: Option<S>,
    /// Board token → a piece id, or `{ piece = "pawn", face = "back", label = "2" }`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, TokenRaw>")]
    pub tokens: BTreeMap<String, Spanned<TokenRaw>>,
    /// A tile set whose tiles are written as tokens by their zones' letter codes.
    #[schemars(with = "Option<String>")]
    pub tiles: Option<S>,
    /// Position fields naming a cell to outline (`last_placed`).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub highlight: Vec<S>,
    /// The book's word for one of its pieces (`{ fr = "pion", en = "disc" }`), which the
    /// legend of the figures uses.
    #[schemars(with = "Option<TextRaw>")]
    pub noun: Option<Spanned<TextRaw>>,
    /// The book's word for one of the board's cells (`{ fr = "case", en = "square" }`), which
    /// the legend of the figures uses.
    #[schemars(with = "Option<TextRaw>")]
    pub cell: Option<Spanned<TextRaw>>,
    /// The book's word for what an arrow shows (`{ fr = "parcours", en = "path" }`), which the
    /// legend of the figures uses.
    #[serde(rename = "move")]
    #[schemars(with = "Option<TextRaw>")]
    pub move_noun: Option<Spanned<TextRaw>>,
    /// What the outline of a `highlight` field means, for the legend (`{ fr = "le pion posé
    /// ce tour-ci", en = "the pawn placed this turn" }`).
    #[schemars(with = "Option<TextRaw>")]
    pub highlight_means: Option<Spanned<TextRaw>>,
    /// Position fields that count rounds, each with the nouns a rulebook gives them in each
    /// language, separated by spaces (`{ talons_done = { fr = "talon ligne", en = "pass line"
    /// } }`): a caption's `the second pass` is the round after the field's count.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, TextRaw>")]
    pub ordinals: BTreeMap<String, Spanned<TextRaw>>,
}

/// What a diagram token shows.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum TokenRaw {
    /// A piece id: its front face.
    Piece(String),
    /// A piece with its face and a label.
    Full {
        /// Piece id.
        piece: String,
        /// `front` (default) or `back`.
        face: Option<String>,
        /// Text written on it.
        label: Option<String>,
    },
}
