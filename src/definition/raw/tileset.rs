//! Raw tile sets: `[tileset.<id>]` and its tiles, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::tileset`.

use super::deck::BackRaw;
use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// `[[tileset]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesetRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// Side of the square tile, mm.
    pub size: F,
    /// Draw the tiles as the cards of this deck.
    pub from_deck: Option<S>,
    /// The layout of the tiles: for tiles made `from_deck` the deck's by default, laid out at the
    /// tile's size; for tiles of `zones` the library's `tile-zones` (it reads `{zone1}` to
    /// `{zone4}`, `{symbol1}` to `{symbol4}`), of `squares` `tile-squares` (`{square1}` to
    /// `{square4}`).
    pub layout: Option<S>,
    /// Letter codes of zone colours, e.g. `B = "blue"`.
    #[serde(default)]
    pub codes: BTreeMap<String, S>,
    /// Symbol drawn in each colour's zones, for colour-blind players.
    #[serde(default)]
    pub symbols: BTreeMap<String, S>,
    /// Back shared by the tiles, if they have one.
    pub back: Option<BackRaw>,
    /// `[[tileset.tile]]`.
    #[serde(default)]
    pub tile: Vec<TileRaw>,
}

/// `[[tileset.tile]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileRaw {
    /// Four zone codes, clockwise from the top: `BBBY`.
    pub zones: Option<S>,
    /// Four small squares' colours, clockwise from the top-left.
    pub squares: Option<Vec<S>>,
    /// This tile's layout (default: the tile set's).
    pub layout: Option<S>,
    /// Copies.
    pub count: Option<I>,
}
