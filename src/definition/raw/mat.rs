//! Raw player mats: `[mat.<id>]`, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::mat`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use toml::Spanned;

/// `[[mat]]`: a squared play mat printed across several sheets.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// Columns.
    pub cols: I,
    /// Rows.
    pub rows: I,
    /// Square side, mm (the pawns' size plus play).
    pub cell: F,
    /// Background.
    pub fill: S,
    /// Line colour.
    pub line: S,
}
