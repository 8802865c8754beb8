//! Game-specific rules. Each game lives in its own folder and implements [`crate::rules::Rules`].
//!
//! [`contract`] gives what each engine reads from its game's definition, checked when the
//! definition is validated.

pub mod alphabrick;
pub mod arlecchino;
pub mod imbriqua;
pub mod imperator;
pub mod lignes;

use crate::base::diag::Error;
use crate::definition::contract::{Contract, GridKind, Param};
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

/// The bundled engines, in the order messages list them: each game's name and what its engine
/// needs from its definition. Their builders are [`crate::rules::engine::Engine::from_definition`];
/// the games and their definitions are [`crate::definition::BUNDLED`].
pub const BUNDLED: [(&str, &Contract); 5] = [
    (imbriqua::ID, &IMBRIQUA),
    (arlecchino::ID, &ARLECCHINO),
    (imperator::ID, &IMPERATOR),
    (lignes::ID, &LIGNES),
    (alphabrick::ID, &ALPHABRICK),
];

/// Games that have a bundled rules engine, in the order messages list them ([`BUNDLED`]).
pub const ENGINES: [&str; BUNDLED.len()] = crate::base::names_of(&BUNDLED);

/// What the engine of game `id` needs from its definition; `None` for a game without an engine.
pub fn contract(id: &str) -> Option<&'static Contract> {
    BUNDLED
        .iter()
        .find(|(name, _)| *name == id)
        .map(|(_, c)| *c)
}

const IMBRIQUA: Contract = Contract {
    params: &[Param {
        name: "opening_pawns",
        min: 0,
        max: 64,
        why: " (pawns on a board of 64 cells)",
    }],
    board: Some((GridKind::Square, 64)),
    roles: &["edge"],
    pieces: &["light-pawn", "dark-pawn"],
    cards: &imbriqua::cards::IDS,
    ..Contract::NONE
};

const LIGNES: Contract = Contract {
    params: &[
        Param {
            name: "pawns_per_side",
            min: 1,
            max: lignes::MAX_PER_SIDE,
            why: " (the engine keeps each row of the plane in a 64-bit word)",
        },
        Param {
            name: "opening_pawns",
            min: 0,
            max: 2 * lignes::MAX_PER_SIDE,
            why: " (both sides' pawns)",
        },
    ],
    pieces: &["light-pawn", "dark-pawn"],
    mat: true,
    ..Contract::NONE
};

const IMPERATOR: Contract = Contract {
    params: &[
        Param {
            name: "free_move_at",
            min: 0,
            max: 20,
            why: " (pawns of a side)",
        },
        Param {
            name: "end_at",
            min: 0,
            max: 20,
            why: " (pawns of a side)",
        },
    ],
    board: Some((GridKind::Triangles, 64)),
    any_piece: true,
    ..Contract::NONE
};

const ALPHABRICK: Contract = Contract {
    params: &[Param {
        name: "bricks",
        min: 1,
        max: 54,
        why: " (two camps of 9 cells hold 3 bricks a cell)",
    }],
    board: Some((GridKind::Square, alphabrick::MAX_CELLS)),
    roles: &["camp-south", "camp-north", "central"],
    pieces: &["south-pawn", "north-pawn", "brick"],
    counts: &[("bricks", "central")],
    ..Contract::NONE
};

const ARLECCHINO: Contract = Contract {
    board: Some((GridKind::Square, arlecchino::MAX_CELLS)),
    codes: &[('B', "blue"), ('Y', "yellow"), ('R', "red"), ('G', "green")],
    tiles_fit: true,
    ..Contract::NONE
};

#[cfg(test)]
mod tests {
    /// Every shipped game has a bundled engine and every engine a shipped game (two tables: the
    /// definition layer cannot name the engines, which sit above it).
    #[test]
    fn every_shipped_game_has_an_engine() {
        let mut shipped = crate::definition::GAMES.to_vec();
        let mut engines = super::ENGINES.to_vec();
        shipped.sort_unstable();
        engines.sort_unstable();
        assert_eq!(shipped, engines);
    }
}
