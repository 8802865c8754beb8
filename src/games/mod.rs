//! Game-specific rules. Each game lives in its own folder and implements [`crate::rules::Rules`].

pub mod alphabrick;
pub mod arlecchino;
pub mod imbriqua;
pub mod imperator;
pub mod lignes;
