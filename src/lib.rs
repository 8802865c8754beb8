//! ludopress turns declarative game definitions into print-and-play sheets, diagrams and
//! rulebooks whose example positions are checked by a bundled rules engine.
//!
//! The pipeline, one module per stage:
//! load (`definition::raw`, TOML → raw structs) → validate (`definition::validate`, raw → model)
//! → lay out (`layout`, model → [`scene::Scene`] in mm; `sheet`, scenes → printable sheets)
//! → export (`export::svg`, `export::pdf`; PNG from the SVG).
#![forbid(unsafe_code)]

pub mod analysis;
pub mod art;
pub mod base;
pub mod commands;
pub mod definition;
pub mod export;
pub mod fonts;
pub mod geometry;
pub mod layout;
pub mod make;
pub mod rulebook;
pub mod rules;
pub mod scene;
pub mod sheet;
