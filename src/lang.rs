//! Player-facing languages and localized strings.

use serde::Deserialize;
use std::fmt;
use std::str::FromStr;

/// A language of player-facing text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Lang {
    /// French (the default).
    #[default]
    Fr,
    /// English.
    En,
}

impl Lang {
    /// All languages, in output order.
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// The code used in file names and options.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "fr" => Ok(Lang::Fr),
            "en" => Ok(Lang::En),
            _ => Err(format!("unknown language `{s}` (expected fr or en)")),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A text given in French and English (`{ fr = "...", en = "..." }`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// French.
    pub fr: String,
    /// English.
    pub en: String,
}

impl Text {
    /// The text in one language.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }
}
