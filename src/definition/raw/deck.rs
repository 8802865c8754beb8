//! Raw decks: `[deck.<id>]`, its cards, card style, back and pictograms, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::deck`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A size: a template name or `[width, height]` in mm.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum SizeRaw {
    /// A `[size.<name>]` of the templates.
    Named(String),
    /// Width and height in mm.
    Dims(Vec<f64>),
}

/// A card style: a template (`from`) with fields overridden one by one.
#[derive(Debug, Deserialize, Default, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardStyleRaw {
    /// Template to start from (`[card_style.<name>]`).
    #[schemars(with = "Option<String>")]
    pub from: Option<S>,
    /// Corner radius of the inner frame, mm.
    #[schemars(with = "Option<f64>")]
    pub corner: Option<F>,
    /// Width of the coloured border around the panel, mm.
    #[schemars(with = "Option<f64>")]
    pub border: Option<F>,
    /// Title size, pt.
    #[schemars(with = "Option<f64>")]
    pub title_size: Option<F>,
    /// Body text size, pt.
    #[schemars(with = "Option<f64>")]
    pub text_size: Option<F>,
    /// Panel colour.
    #[schemars(with = "Option<String>")]
    pub panel: Option<S>,
    /// Text and line colour.
    #[schemars(with = "Option<String>")]
    pub ink: Option<S>,
}

/// A shared back (`back = { ... }`).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BackRaw {
    /// Background colour.
    #[schemars(with = "String")]
    pub fill: S,
    /// Text colour.
    #[schemars(with = "String")]
    pub ink: S,
    /// Title on the back.
    #[schemars(with = "TextRaw")]
    pub title: Spanned<TextRaw>,
    /// Background pattern: `none`, `diamonds`, `grid`.
    #[schemars(with = "String")]
    pub pattern: S,
    /// The back's layout (default: the library's `card-back`), which reads `{title}`, `{fill}`,
    /// `{ink}` and `{pattern}`.
    #[schemars(with = "Option<String>")]
    pub layout: Option<S>,
}

/// `[[deck]]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckRaw {
    /// Component id.
    #[schemars(with = "String")]
    pub id: S,
    /// Display name.
    #[schemars(with = "TextRaw")]
    pub name: Spanned<TextRaw>,
    /// Card size.
    #[schemars(with = "SizeRaw")]
    pub size: Spanned<SizeRaw>,
    /// Card style.
    pub style: CardStyleRaw,
    /// Bleed in mm (artwork past the cut line).
    #[schemars(with = "Option<f64>")]
    pub bleed: Option<F>,
    /// Shared back.
    pub back: BackRaw,
    /// The layout of the card faces (`[layout.<name>]`); without one, the built-in face.
    #[schemars(with = "Option<String>")]
    pub layout: Option<S>,
    /// Safe zone inside the cut line, mm (default 3): where layouts keep their text.
    #[schemars(with = "Option<f64>")]
    pub safe: Option<F>,
    /// A data file of cards (`cards.csv`, `cards.tsv`), relative to the game's folder: one row
    /// per card, a column per field.
    #[schemars(with = "Option<String>")]
    pub data: Option<S>,
    /// `[[deck.card]]`.
    #[serde(default)]
    pub card: Vec<CardRaw>,
}

/// `[[deck.card]]`.
#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardRaw {
    /// Card id (the rules engine's card name).
    #[schemars(with = "String")]
    pub id: S,
    /// Title.
    #[schemars(with = "TextRaw")]
    pub title: Spanned<TextRaw>,
    /// Short rule text.
    #[schemars(with = "Option<TextRaw>")]
    pub text: Option<Spanned<TextRaw>>,
    /// Background colour (white when not given).
    #[schemars(with = "Option<String>")]
    pub fill: Option<S>,
    /// A word on the card's kind shown in the corner.
    #[schemars(with = "Option<TextRaw>")]
    pub tag: Option<Spanned<TextRaw>>,
    /// Copies.
    #[schemars(with = "Option<i64>")]
    pub count: Option<I>,
    /// Pictogram.
    pub picto: Option<PictoRaw>,
    /// Values of the designer's own fields (`cost = "3"`, `suit = "coin"`), for layouts; a plain
    /// string stands in every language.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, TextRaw>")]
    pub fields: BTreeMap<Spanned<String>, Spanned<TextRaw>>,
}

/// A pictogram: a few cells with pawns and arrows.
#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PictoRaw {
    /// Columns of the small grid.
    #[schemars(with = "i64")]
    pub cols: I,
    /// Rows of the small grid.
    #[schemars(with = "i64")]
    pub rows: I,
    /// Cells with the acting side's pawns.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub own: Vec<S>,
    /// Cells with opponent pawns.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub opp: Vec<S>,
    /// The pawn placed this turn (drawn with a star).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub placed: Vec<S>,
    /// Pawns removed (crossed out).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub taken: Vec<S>,
    /// Arrows, each a path of cells.
    #[serde(default)]
    #[schemars(with = "Vec<Vec<String>>")]
    pub arrows: Vec<Vec<S>>,
}
