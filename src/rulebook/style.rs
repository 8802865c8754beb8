//! A rulebook's own look: the ```` ```style ```` block names the faces of its text and headings
//! among the game's font families (`[fonts]` in game.toml, or the bundled `lato`, the default)
//! and the colour of its title, headings and list marks.
//!
//! ```text
//! font = "sketch"        # body text, captions and tables
//! headings = "sketch"    # title and headings (their bold face)
//! accent = "#2d6a4f"     # title rule, subtitle, first-level headings, list marks
//! ```

use crate::base::color::Color;
use crate::base::diag::{Diagnostics, Source};
use crate::definition::model::Game;
use crate::fonts::Family;
use serde::Deserialize;

/// The default accent: a warm brown.
pub const ACCENT: Color = Color::rgb(0x8a, 0x5a, 0x33);

/// The faces and colour a rulebook is set in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// Body text, captions, tables.
    pub body: Family,
    /// The title and the headings.
    pub headings: Family,
    /// The title's rule, the subtitle, first-level headings and list marks.
    pub accent: Color,
    /// The names given (`None`: Lato), for the HTML's `font-family`.
    pub names: (Option<&'static str>, Option<&'static str>),
}

impl Default for Style {
    fn default() -> Style {
        Style {
            body: Family::LATO,
            headings: Family::LATO,
            accent: ACCENT,
            names: (None, None),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StyleBlock {
    font: Option<String>,
    headings: Option<String>,
    accent: Option<String>,
}

/// Reads a `style` block of a rulebook for `game`: a family the game does not have, or a colour
/// that is not `#rrggbb`, is an error at its place.
pub fn read(game: &Game, block: &Source) -> Result<Style, Diagnostics> {
    let raw: StyleBlock = toml::from_str(&block.text)
        .map_err(|e| Diagnostics(vec![crate::base::diag::from_toml(block, &e)]))?;
    let mut diags = Diagnostics::default();
    let mut style = Style::default();
    let at = |what: &str| {
        let i = block.text.find(what).unwrap_or(0);
        i..i + what.len()
    };
    let mut family = |name: &Option<String>| -> Option<(Family, &'static str)> {
        let name = name.as_ref()?;
        match game.fonts.get(name) {
            Some(f) => Some((*f, f.regular.family())),
            None => {
                let known: Vec<&str> = game.fonts.keys().map(String::as_str).collect();
                diags.push(block.error(
                    at(name),
                    format!(
                        "no font family `{name}` in the game's [fonts] (it has: {})",
                        known.join(", ")
                    ),
                ));
                None
            }
        }
    };
    if let Some((f, n)) = family(&raw.font) {
        style.body = f;
        style.names.0 = Some(n);
    }
    if let Some((f, n)) = family(&raw.headings) {
        style.headings = f;
        style.names.1 = Some(n);
    }
    if let Some(a) = &raw.accent {
        match Color::parse_hex(a) {
            Some(c) => style.accent = c,
            None => {
                diags.push(block.error(at(a), format!("`{a}` is not a colour: write it `#rrggbb`")))
            }
        }
    }
    diags.finish(style)
}
