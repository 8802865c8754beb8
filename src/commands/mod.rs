//! Commands that are not stages of the build: `play` (a game in the terminal between people
//! and computer players) and `export` (faces for print-on-demand services and Tabletop
//! Simulator, made from the build's printed files).

pub mod play;
pub mod share;
