//! Exporters: the same flattened scene written as SVG and PDF, and drawn to pixels for PNG.

pub mod pdf;
pub mod png;
pub mod raster;
pub mod svg;
