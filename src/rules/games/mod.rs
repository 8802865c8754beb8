//! Game-specific rules. Each game lives in its own folder and implements [`crate::rules::Rules`].
//!
//! [`contract`] gives what each engine reads from its game's definition, checked when the
//! definition is validated.

pub mod alphabrick;
pub mod arlecchino;
pub mod imbriqua;
pub mod imperator;
pub mod lignes;

use crate::definition::contract::{Contract, GridKind, Param};

/// What the engine of game `id` needs from its definition; `None` for a game without an engine.
pub fn contract(id: &str) -> Option<&'static Contract> {
    Some(match id {
        "imbriqua" => &IMBRIQUA,
        "lignes" => &LIGNES,
        "imperator" => &IMPERATOR,
        "alphabrick" => &ALPHABRICK,
        "arlecchino" => &ARLECCHINO,
        _ => return None,
    })
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
