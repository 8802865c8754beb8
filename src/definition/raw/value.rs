//! The spanned values every raw component is made of: strings, numbers, lengths and texts.
//!
//! In: TOML values. Out: the values with their places in the file kept for diagnostics.

use crate::base::lang::Text;
use serde::de::{self, MapAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

/// A spanned string.
pub type S = Spanned<String>;

/// A spanned number.
pub type F = Spanned<f64>;

/// A spanned integer.
pub type I = Spanned<i64>;

/// A spanned length of a layout element.
pub type L = Spanned<Len>;

/// A length in a layout: millimetres (a number) or a share of what it is measured against (a
/// string `"50%"`: the frame's width or height for places and sizes, the element's box for points).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Len {
    /// Millimetres.
    Mm(f64),
    /// Per cent.
    Pct(f64),
}

impl Len {
    /// The length in mm, a percentage taken of `of`.
    pub fn mm(self, of: f64) -> f64 {
        match self {
            Len::Mm(v) => v,
            Len::Pct(v) => v / 100.0 * of,
        }
    }

    /// The number as written (mm or per cent), to check its range.
    pub fn value(self) -> f64 {
        match self {
            Len::Mm(v) | Len::Pct(v) => v,
        }
    }
}

impl<'de> Deserialize<'de> for Len {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Len, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Len;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a length in mm (a number) or a percentage (\"50%\")")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Len, E> {
                Ok(Len::Mm(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Len, E> {
                Ok(Len::Mm(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Len, E> {
                Ok(Len::Mm(v as f64))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Len, E> {
                v.trim()
                    .strip_suffix('%')
                    .and_then(|n| n.trim().parse::<f64>().ok())
                    .filter(|n| n.is_finite())
                    .map(Len::Pct)
                    .ok_or_else(|| {
                        E::custom(format!(
                            "invalid length `{v}`: expected a number of mm or a percentage (\"50%\")"
                        ))
                    })
            }
        }
        d.deserialize_any(V)
    }
}

/// A player-facing text as written: a plain string (in a game of one language) or one string per
/// language (`{ fr = "...", en = "..." }`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextRaw {
    /// One string, standing for the text in the game's only language.
    Plain(String),
    /// French and English.
    Both(Text),
}

impl TextRaw {
    /// The text, a plain string standing for every language.
    pub fn to_text(&self) -> Text {
        match self {
            TextRaw::Plain(s) => Text {
                fr: s.clone(),
                en: s.clone(),
            },
            TextRaw::Both(t) => t.clone(),
        }
    }
}

impl<'de> Deserialize<'de> for TextRaw {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = TextRaw;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string or a table `{ fr = \"...\", en = \"...\" }`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TextRaw, E> {
                Ok(TextRaw::Plain(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<TextRaw, A::Error> {
                Text::deserialize(de::value::MapAccessDeserializer::new(map)).map(TextRaw::Both)
            }
        }
        d.deserialize_any(V)
    }
}
