//! Raw dice: `[die.<id>]`, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::die`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use toml::Spanned;

/// `[[die]]`: a foldable die net.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DieRaw {
    /// Component id.
    #[schemars(with = "String")]
    pub id: S,
    /// Display name.
    #[schemars(with = "TextRaw")]
    pub name: Spanned<TextRaw>,
    /// Side of a face, mm.
    #[schemars(with = "f64")]
    pub face: F,
    /// Face colour.
    #[schemars(with = "String")]
    pub fill: S,
    /// Pip and line colour.
    #[schemars(with = "String")]
    pub pip: S,
    /// The six faces, in net order (top, left, front, right, back, bottom): a number of pips
    /// (1 to 6), a short text (`"+2"`, `"A"`), an icon of `[icons]` (`":coin:"`), or a table of
    /// fields for the face's layout (`{ pips = 3, fill = "red" }`, `{ text = "x", mark = "y" }`).
    #[schemars(with = "Vec<serde_json::Value>")]
    pub faces: Spanned<Vec<Spanned<toml::Value>>>,
    /// The layout of each face (default: the library's `die-face`), which reads `{fill}`,
    /// `{pip}`, `{pips}`, `{text}`, `{icon}`, `{face}` (1 to 6) and `{pip_nw}` ... `{pip_se}`.
    #[schemars(with = "Option<String>")]
    pub layout: Option<S>,
    /// Copies (0: left out).
    #[schemars(with = "Option<i64>")]
    pub count: Option<I>,
    /// Bleed in mm (artwork past each face's cut line, for a print shop), as a deck's.
    #[schemars(with = "Option<f64>")]
    pub bleed: Option<F>,
    /// Safe zone inside each face's cut line, mm (default 0).
    #[schemars(with = "Option<f64>")]
    pub safe: Option<F>,
}
