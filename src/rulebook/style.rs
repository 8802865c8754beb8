//! A game's rulebooks' own look, one for all its languages: `[rulebook]` in game.toml names
//! the faces of their text and headings among the game's font families (`[fonts]`, or the
//! bundled `lato`, the default) and the colour of their title, headings and list marks.
//!
//! ```toml
//! [rulebook]
//! font = "sketch"        # body text, captions and tables
//! headings = "sketch"    # title and headings (their bold face)
//! accent = "#2d6a4f"     # title rule, subtitle, first-level headings, list marks
//! ```

use crate::base::color::Color;
use crate::definition::model::Game;
use crate::fonts::Family;

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

/// The style of a game's rulebooks, from `[rulebook]` in its game.toml (checked there).
pub fn of(game: &Game) -> Style {
    let look = &game.rulebook;
    let mut style = Style::default();
    if let Some(f) = look.body {
        style.body = f;
        style.names.0 = Some(f.regular.family());
    }
    if let Some(f) = look.headings {
        style.headings = f;
        style.names.1 = Some(f.regular.family());
    }
    if let Some(c) = look.accent {
        style.accent = c;
    }
    style
}
