//! Raw pieces: `[piece.<id>]`, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::piece`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use std::collections::BTreeMap;
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
    /// `{line}`, `{symbol}`, `{back}`, `{face}` (`front` or `back`) and `{bleed}` (empty
    /// without a bleed).
    pub layout: Option<S>,
    /// Copies (default 1; 0: left out); with `data`, the copies of a row without a `count`.
    pub count: Option<I>,
    /// Bleed in mm (artwork past the cut box), as a deck's.
    pub bleed: Option<F>,
    /// Safe zone inside the cut line, mm (default 0).
    pub safe: Option<F>,
    /// Values of the designer's own fields for the layout (`value = "5"`).
    #[serde(default)]
    pub fields: BTreeMap<Spanned<String>, Spanned<TextRaw>>,
    /// A data file of pieces (`coins.csv`), relative to the game's folder: one row a piece
    /// `<id>-<row id>` of this shape, size and colours, with an `id` column, a `count` column
    /// and a column per field its layout reads.
    pub data: Option<S>,
}
