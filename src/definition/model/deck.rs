//! A validated deck: its cards, card style and back (a pictogram is an element: see `layout`).
//!
//! In: built by `validate::deck`. Out: read by the layout and the sheets.

use super::layout::{Element, Pattern, Picto};
use crate::base::color::Color;
use crate::base::lang::Text;

/// A card style with every field resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardStyle {
    /// Corner radius of the panel, mm.
    pub corner: f64,
    /// Coloured border width around the panel, mm.
    pub border: f64,
    /// Title size, pt.
    pub title_size: f64,
    /// Text size, pt.
    pub text_size: f64,
    /// Panel colour.
    pub panel: Color,
    /// Ink colour.
    pub ink: Color,
}

/// A shared back.
#[derive(Debug, Clone, PartialEq)]
pub struct Back {
    /// Background.
    pub fill: Color,
    /// Text colour.
    pub ink: Color,
    /// Title.
    pub title: Text,
    /// Pattern.
    pub pattern: Pattern,
    /// The face's elements, from its layout (default: the library's `card-back`).
    pub elements: Vec<Element>,
}

/// A deck of cards.
#[derive(Debug, Clone, PartialEq)]
pub struct Deck {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Card width, mm.
    pub width: f64,
    /// Card height, mm.
    pub height: f64,
    /// Style.
    pub style: CardStyle,
    /// Bleed, mm.
    pub bleed: f64,
    /// Safe zone inside the cut line, mm.
    pub safe: f64,
    /// Back.
    pub back: Back,
    /// Cards (at least one).
    pub cards: Vec<Card>,
}

/// One card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    /// Card id.
    pub id: String,
    /// Title.
    pub title: Text,
    /// Rule text.
    pub text: Text,
    /// Corner tag.
    pub tag: Option<Text>,
    /// Background.
    pub fill: Color,
    /// Copies.
    pub count: usize,
    /// Pictogram.
    pub picto: Option<Picto>,
    /// The designer's own fields (from `fields = { ... }` or a data file's other columns).
    pub fields: std::collections::BTreeMap<String, Text>,
    /// The face's elements, from the deck's layout with this card's values (none: the built-in
    /// face).
    pub layout: Option<Vec<Element>>,
    /// Where the title and the text are written, for warnings about how they print.
    pub places: Option<Box<CardPlaces>>,
}

/// Where a card's fields are written in its definition.
#[derive(Debug, Clone, PartialEq)]
pub struct CardPlaces {
    /// The title's value.
    pub title: std::sync::Arc<crate::base::diag::Diagnostic>,
    /// The text's value.
    pub text: std::sync::Arc<crate::base::diag::Diagnostic>,
    /// The tag's value.
    pub tag: Option<std::sync::Arc<crate::base::diag::Diagnostic>>,
    /// Each of the designer's fields.
    pub fields: std::collections::BTreeMap<String, std::sync::Arc<crate::base::diag::Diagnostic>>,
}

impl Deck {
    /// Width and height of a card with its bleed, mm: what imposition must fit on a sheet.
    pub fn extent(&self) -> (f64, f64) {
        (
            self.width + 2.0 * self.bleed,
            self.height + 2.0 * self.bleed,
        )
    }
}
