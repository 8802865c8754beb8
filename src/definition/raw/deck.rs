//! Raw decks: `[deck.<id>]`, its cards, card style, back and pictograms, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::deck`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A size: a template name or `[width, height]` in mm.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum SizeRaw {
    /// A `[size.<name>]` of the templates.
    Named(String),
    /// Width and height in mm.
    Dims(Vec<f64>),
}

/// A card style: a template (`from`) with fields overridden one by one.
#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct CardStyleRaw {
    /// Template to start from (`[card_style.<name>]`).
    pub from: Option<S>,
    /// Corner radius of the inner frame, mm.
    pub corner: Option<F>,
    /// Width of the coloured border around the panel, mm.
    pub border: Option<F>,
    /// Title size, pt.
    pub title_size: Option<F>,
    /// Body text size, pt.
    pub text_size: Option<F>,
    /// Panel colour.
    pub panel: Option<S>,
    /// Text and line colour.
    pub ink: Option<S>,
}

/// A shared back (`back = { ... }`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackRaw {
    /// Background colour.
    pub fill: S,
    /// Text colour.
    pub ink: S,
    /// Title on the back.
    pub title: Spanned<TextRaw>,
    /// Background pattern: `none`, `diamonds`, `grid`.
    pub pattern: S,
    /// The back's layout (default: the library's `card-back`), which reads `{title}`, `{fill}`,
    /// `{ink}` and `{pattern}`.
    pub layout: Option<S>,
}

/// `[[deck]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// Card size.
    pub size: Spanned<SizeRaw>,
    /// Card style.
    pub style: CardStyleRaw,
    /// Bleed in mm (artwork past the cut line).
    pub bleed: Option<F>,
    /// Shared back.
    pub back: BackRaw,
    /// The layout of the card faces (`[layout.<name>]`); without one, the built-in face.
    pub layout: Option<S>,
    /// Safe zone inside the cut line, mm (default 3): where layouts keep their text.
    pub safe: Option<F>,
    /// A data file of cards (`cards.csv`, `cards.tsv`), relative to the game's folder: one row
    /// per card, a column per field.
    pub data: Option<S>,
    /// `[[deck.card]]`.
    #[serde(default)]
    pub card: Vec<CardRaw>,
}

/// `[[deck.card]]`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct CardRaw {
    /// Card id (the rules engine's card name).
    pub id: S,
    /// Title.
    pub title: Spanned<TextRaw>,
    /// Short rule text.
    pub text: Option<Spanned<TextRaw>>,
    /// Background colour (white when not given).
    pub fill: Option<S>,
    /// A word on the card's kind shown in the corner.
    pub tag: Option<Spanned<TextRaw>>,
    /// Copies.
    pub count: Option<I>,
    /// Pictogram.
    pub picto: Option<PictoRaw>,
    /// Values of the designer's own fields (`cost = "3"`, `suit = "coin"`), for layouts; a plain
    /// string stands in every language.
    #[serde(default)]
    pub fields: BTreeMap<Spanned<String>, Spanned<TextRaw>>,
}

/// A pictogram: a few cells with pawns and arrows.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PictoRaw {
    /// Columns of the small grid.
    pub cols: I,
    /// Rows of the small grid.
    pub rows: I,
    /// Cells with the acting side's pawns.
    #[serde(default)]
    pub own: Vec<S>,
    /// Cells with opponent pawns.
    #[serde(default)]
    pub opp: Vec<S>,
    /// The pawn placed this turn (drawn with a star).
    #[serde(default)]
    pub placed: Vec<S>,
    /// Pawns removed (crossed out).
    #[serde(default)]
    pub taken: Vec<S>,
    /// Arrows, each a path of cells.
    #[serde(default)]
    pub arrows: Vec<Vec<S>>,
}
