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
pub mod build;
pub mod color;
pub mod confine;
pub mod definition;
pub mod diag;
pub mod engine;
pub mod export;
pub mod fonts;
pub mod gallery;
pub mod games;
pub mod geometry;
pub mod hash;
pub mod lang;
pub mod layout;
pub mod markup;
pub mod output;
pub mod paper;
pub mod paths;
pub mod play;
pub mod plugin;
pub mod rulebook;
pub mod rules;
pub mod scene;
pub mod share;
pub mod sheet;
pub mod trust;
pub mod watch;
