//! Raw player mats: `[mat.<id>]`, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::mat`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use toml::Spanned;

/// `[[mat]]`: a squared play mat printed across several sheets.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MatRaw {
    /// Component id.
    #[schemars(with = "String")]
    pub id: S,
    /// Display name.
    #[schemars(with = "TextRaw")]
    pub name: Spanned<TextRaw>,
    /// Columns.
    #[schemars(with = "i64")]
    pub cols: I,
    /// Rows.
    #[schemars(with = "i64")]
    pub rows: I,
    /// Square side, mm (the pawns' size plus play).
    #[schemars(with = "f64")]
    pub cell: F,
    /// Background.
    #[schemars(with = "String")]
    pub fill: S,
    /// Line colour.
    #[schemars(with = "String")]
    pub line: S,
}
