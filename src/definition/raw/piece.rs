//! Raw pieces: `[piece.<id>]`, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::piece`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use toml::Spanned;

/// `[[piece]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// `disc`, `square`, `triangle`, `brick`.
    pub shape: S,
    /// Diameter or side, mm.
    pub size: F,
    /// Face colour.
    pub fill: S,
    /// Outline colour.
    pub line: S,
    /// Colour of the other face, for two-faced pieces.
    pub back: Option<S>,
    /// A symbol drawn on the face.
    pub symbol: Option<S>,
    /// The layout of its faces (default: the library's `piece-<shape>`), which reads `{fill}`,
    /// `{line}`, `{symbol}`, `{back}` and `{face}` (`front` or `back`).
    pub layout: Option<S>,
    /// Copies.
    pub count: I,
}
