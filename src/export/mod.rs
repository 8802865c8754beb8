//! Exporters: the same flattened scene written as SVG and PDF; PNG rendered from the SVG.

pub mod pdf;
pub mod png;
pub mod svg;
