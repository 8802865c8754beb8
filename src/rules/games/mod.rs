//! The Rust engines of the bundled games. Each game lives in its own folder, implements
//! [`crate::rules::Rules`] and exports its `ID`, its `CONTRACT` (what the engine reads from its
//! game's definition, checked when the definition is validated) and its rules type; the list of
//! the games is [`crate::rules::registry`].

pub mod alphabrick;
pub mod arlecchino;
pub mod imbriqua;
pub mod imperator;
pub mod lignes;

use crate::base::diag::Error;
use std::path::PathBuf;

/// An engine's complaint about its game's definition, kept with the file as data: printed
/// `games/<game>/game.toml: <reason>` (the path is the bundled game's, as the engines name it).
pub(crate) fn definition_error(game: &str, reason: impl std::fmt::Display) -> Error {
    Error::File {
        doing: "",
        path: PathBuf::from(format!("games/{game}/game.toml")),
        reason: reason.to_string(),
    }
}
