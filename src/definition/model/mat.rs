//! A validated player mat.
//!
//! In: built by `validate::mat`. Out: read by the layout and the sheets.

use crate::base::color::Color;
use crate::base::lang::Text;

/// A squared play mat.
#[derive(Debug, Clone, PartialEq)]
pub struct Mat {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// Square side, mm.
    pub cell: f64,
    /// Background.
    pub fill: Color,
    /// Lines.
    pub line: Color,
}
