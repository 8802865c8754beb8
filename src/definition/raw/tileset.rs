//! Raw tile sets: `[tileset.<id>]` and its tiles, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::tileset`.

use super::deck::BackRaw;
use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// `[[tileset]]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TilesetRaw {
    /// Component id.
    #[schemars(with = "String")]
    pub id: S,
    /// Display name.
    #[schemars(with = "TextRaw")]
    pub name: Spanned<TextRaw>,
    /// Side of a square tile (`size = 40`) or `[width, height]` (`size = [40, 60]`), mm.
    #[schemars(with = "TileSizeRaw")]
    pub size: Spanned<TileSizeRaw>,
    /// Bleed in mm (artwork past the cut line), as a deck's.
    #[schemars(with = "Option<f64>")]
    pub bleed: Option<F>,
    /// Safe zone inside the cut line, mm (default 3, at most a quarter of the shorter side):
    /// where layouts keep their text.
    #[schemars(with = "Option<f64>")]
    pub safe: Option<F>,
    /// A data file of tiles (`tiles.csv`, `tiles.tsv`), relative to the game's folder: one row a
    /// tile, drawn by the set's `layout`; a column `count`, an optional `id`, an optional `zones`
    /// (four letters of `codes`: a tile of zones, drawn by the library's `tile-zones` when the
    /// set has no layout), and a column per field the layout reads (`{points}`).
    #[schemars(with = "Option<String>")]
    pub data: Option<S>,
    /// Draw the tiles as the cards of this deck.
    #[schemars(with = "Option<String>")]
    pub from_deck: Option<S>,
    /// The layout of the tiles: for tiles made `from_deck` the deck's by default, laid out at the
    /// tile's size; for tiles of `zones` the library's `tile-zones` (it reads `{zone1}` to
    /// `{zone4}`, `{symbol1}` to `{symbol4}`), of `squares` `tile-squares` (`{square1}` to
    /// `{square4}`).
    #[schemars(with = "Option<String>")]
    pub layout: Option<S>,
    /// Letter codes of zone colours, e.g. `B = "blue"`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub codes: BTreeMap<String, S>,
    /// Symbol drawn in each colour's zones, for colour-blind players.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub symbols: BTreeMap<String, S>,
    /// Back shared by the tiles, if they have one.
    pub back: Option<BackRaw>,
    /// `[[tileset.tile]]`.
    #[serde(default)]
    pub tile: Vec<TileRaw>,
}

/// `[[tileset.tile]]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileRaw {
    /// Four zone codes, clockwise from the top: `BBBY`.
    #[schemars(with = "Option<String>")]
    pub zones: Option<S>,
    /// Four small squares' colours, clockwise from the top-left.
    #[schemars(with = "Option<Vec<String>>")]
    pub squares: Option<Vec<S>>,
    /// This tile's layout (default: the tile set's).
    #[schemars(with = "Option<String>")]
    pub layout: Option<S>,
    /// Copies (0: left out).
    #[schemars(with = "Option<i64>")]
    pub count: Option<I>,
    /// Values of the designer's own fields for the layout (`points = "3"`); a tile with fields
    /// and neither `zones` nor `squares` is drawn by its layout alone.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, TextRaw>")]
    pub fields: BTreeMap<Spanned<String>, Spanned<TextRaw>>,
}

/// A tile's size: one side (square) or `[width, height]`, mm.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum TileSizeRaw {
    /// Side of a square tile.
    Side(f64),
    /// Width and height.
    Dims(Vec<f64>),
}
