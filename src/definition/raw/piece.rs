//! Raw pieces: `[piece.<id>]`, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::piece`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// `[[piece]]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PieceRaw {
    /// Component id.
    #[schemars(with = "String")]
    pub id: S,
    /// Display name.
    #[schemars(with = "TextRaw")]
    pub name: Spanned<TextRaw>,
    /// `disc`, `square`, `triangle`, `brick`.
    #[schemars(with = "String")]
    pub shape: S,
    /// Diameter or side, mm.
    #[schemars(with = "f64")]
    pub size: F,
    /// Face colour.
    #[schemars(with = "String")]
    pub fill: S,
    /// Outline colour.
    #[schemars(with = "String")]
    pub line: S,
    /// Colour of the other face, for two-faced pieces.
    #[schemars(with = "Option<String>")]
    pub back: Option<S>,
    /// A symbol drawn on the face.
    #[schemars(with = "Option<String>")]
    pub symbol: Option<S>,
    /// The layout of its faces (default: the library's `piece-<shape>`), which reads `{fill}`,
    /// `{line}`, `{symbol}`, `{back}`, `{face}` (`front` or `back`) and `{bleed}` (empty
    /// without a bleed).
    #[schemars(with = "Option<String>")]
    pub layout: Option<S>,
    /// Copies (default 1; 0: left out); with `data`, the copies of a row without a `count`.
    #[schemars(with = "Option<i64>")]
    pub count: Option<I>,
    /// Bleed in mm (artwork past the cut box), as a deck's.
    #[schemars(with = "Option<f64>")]
    pub bleed: Option<F>,
    /// Safe zone inside the cut line, mm (default 0).
    #[schemars(with = "Option<f64>")]
    pub safe: Option<F>,
    /// Values of the designer's own fields for the layout (`value = "5"`).
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, TextRaw>")]
    pub fields: BTreeMap<Spanned<String>, Spanned<TextRaw>>,
    /// A data file of pieces (`coins.csv`), relative to the game's folder: one row a piece
    /// `<id>-<row id>` of this shape, size and colours, with an `id` column, a `count` column
    /// and a column per field its layout reads.
    #[schemars(with = "Option<String>")]
    pub data: Option<S>,
}
