//! Exporters: the same flattened scene written as SVG and PDF, and drawn to pixels for PNG.
//!
//! In: a [`crate::scene::Scene`] in millimetres; out: SVG text (`svg`), PDF bytes with subset
//! fonts (`pdf`), pixels (`raster`) and PNG files (`png`); for print shops, the presets and
//! faces fitted to them (`press`), PDF/X-4 marks (`pdfx`), the ICC profiles and their transform (`icc`) and CMYK
//! conversion (`cmyk`).

pub mod cmyk;
pub mod icc;
pub mod pdf;
pub mod pdfx;
pub mod png;
pub mod press;
pub mod raster;
pub mod svg;
