//! A validated tile set and its tiles.
//!
//! In: built by `validate::tileset`. Out: read by the layout and the sheets.

use super::deck::{Back, Card, CardStyle};
use super::layout::{Element, Symbol};
use crate::base::color::Color;
use crate::base::lang::Text;

/// A tile's face.
#[derive(Debug, Clone, PartialEq)]
pub enum TileFace {
    /// Four triangular zones (top, right, bottom, left) with their colour names.
    Zones([String; 4]),
    /// Four small squares (top-left, top-right, bottom-right, bottom-left).
    Squares([Color; 4]),
    /// The face of a card of a deck, drawn at the tile's size.
    Card(Box<Card>, CardStyle),
    /// A face drawn by its layout alone, from the tile's fields (`fields` or a data file's row).
    Layout,
}

/// One tile.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// Face.
    pub face: TileFace,
    /// Copies (0: left out of the print).
    pub count: usize,
    /// The face's elements, from the tile set's layout (none for a card's face, drawn by the
    /// card's own layout, or for a tile made by an engine, found in `Tileset::zone_faces`).
    pub elements: Vec<Element>,
}

/// A set of rectangular tiles.
#[derive(Debug, Clone, PartialEq)]
pub struct Tileset {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Width of a tile, mm.
    pub width: f64,
    /// Height of a tile, mm.
    pub height: f64,
    /// Bleed around each tile's cut box, mm.
    pub bleed: f64,
    /// Safe zone inside the cut line, mm.
    pub safe: f64,
    /// Zone colours by letter code.
    pub codes: Vec<(char, String)>,
    /// Colour name → (colour, symbol).
    pub zone_colors: Vec<(String, Color, Symbol)>,
    /// Back, if any.
    pub back: Option<Back>,
    /// Tiles.
    pub tiles: Vec<Tile>,
    /// The face of every arrangement of zone colours (when there are at most 1,296), for tiles
    /// that are not in the set: an engine's diagram of a hand-made position.
    pub zone_faces: std::collections::BTreeMap<[String; 4], Vec<Element>>,
}

impl Tileset {
    /// Colour and symbol of a zone colour name.
    pub fn zone(&self, name: &str) -> Option<(Color, Symbol)> {
        self.zone_colors
            .iter()
            .find(|z| z.0 == name)
            .map(|z| (z.1, z.2))
    }
}
