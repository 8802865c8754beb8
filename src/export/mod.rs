//! Exporters: the same flattened scene written as SVG and PDF, and drawn to pixels for PNG.
//!
//! In: a [`crate::scene::Scene`] in millimetres; out: SVG text (`svg`), PDF bytes with subset
//! fonts (`pdf`), pixels (`raster`) and PNG files (`png`).

pub mod pdf;
pub mod png;
pub mod raster;
pub mod svg;
