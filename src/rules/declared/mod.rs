//! The declared engine: a game whose rules are data in its `game.toml` (`[turns]`, `[[kind]]`,
//! `[[move]]`, `[[end]]`, ...) played by one generic engine compiled to flat tables.
//!
//! In: a checked `definition::model::rules::RulesDef` and the board's grid. Out: an engine that
//! implements `rules::Rules` like the bundled ones. For now only the cell sets it is built on.

pub mod bits;
