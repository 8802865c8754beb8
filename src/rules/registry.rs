//! The one list of the games shipped with ludopress, and everything made from it.
//!
//! In: the list in [`registry!`]: each game's id (its folder `games/<id>/`) and its engine. Out:
//! [`GAMES`] (each game's `game.toml` compiled in, and what its engine needs from it), [`NAMES`],
//! [`find`], [`contract`]; and, by handing the list to a macro, the variants and the dispatch of
//! [`crate::rules::engine::Engine`] and [`crate::rules::engine::Position`]. A bundled game is its
//! folder plus one line here (and, for a Rust engine, its module under `rules/games/`).

use crate::definition::Contract;
use crate::rules::games;

/// The games shipped with ludopress, in build order: the order `build` makes them in and every
/// message lists them in.
///
/// `rust <id> => <Type>`: the game's folder `games/<id>/` and its engine, the type `<Type>` of
/// the module `rules::games::<id>`, which exports `ID` (equal to `<id>`, checked when compiling),
/// `CONTRACT` and `<Type>::new(&Game)`.
///
/// `declared <id>`: the game's folder `games/<id>/`, whose `game.toml` declares its rules
/// (`[turns]`, `[[move]]`, `[[end]]`, ...), played by the declared engine (`rules::declared`).
///
/// Every list of games in the code is made from this one: `registry!(m)` expands to
/// `m! { ; rust imbriqua => Imbriqua, ... ; declared tictactoe, ... }` and `registry!(m,
/// args...)` to `m! { args... ; rust ... ; declared ... }` (`m` is a macro in scope where
/// `registry!` is called; `args` are handed on as they are). The Rust engines come first in
/// build order, then the declared games.
macro_rules! registry {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! { $($($args)*)? ;
            rust imbriqua => Imbriqua,
            rust lignes => Lignes,
            rust imperator => Imperator,
            rust alphabrick => AlphaBrick,
            rust arlecchino => Arlecchino,
            ;
            declared breakthrough,
            declared tictactoe,
            declared connect4,
            declared reversi,
            declared hex,
            declared draughts,
        }
    };
}
pub(crate) use registry;

/// A shipped game.
#[derive(Debug)]
pub struct Bundled {
    /// Its id, the name of its folder under `games/`.
    pub id: &'static str,
    /// The text of its `games/<id>/game.toml`, compiled in so that the rules engines work from
    /// any folder.
    pub text: &'static str,
    /// What its Rust engine reads from its definition (`None` for a declared game: its rules
    /// are checked with the definition).
    pub contract: Option<&'static Contract>,
}

/// True when `a` and `b` are the same text (for the checks made while compiling).
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The `game.toml` of the shipped game `id`, compiled in.
macro_rules! text {
    ($id:ident) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/games/",
            stringify!($id),
            "/game.toml"
        ))
    };
}

/// [`GAMES`] and [`NAMES`] from the list.
macro_rules! tables {
    (; $(rust $id:ident => $Type:ident,)* ; $(declared $did:ident,)*) => {
        /// The shipped games, in build order.
        pub static GAMES: [Bundled; NAMES.len()] = [
            $(Bundled {
                id: games::$id::ID,
                text: text!($id),
                contract: Some(&games::$id::CONTRACT),
            },)*
            $(Bundled {
                id: stringify!($did),
                text: text!($did),
                contract: None,
            },)*
        ];

        /// The names of the shipped games, in build order.
        pub const NAMES: [&str; [$(stringify!($id),)* $(stringify!($did),)*].len()] =
            [$(games::$id::ID,)* $(stringify!($did),)*];

        // Each engine names itself as the registry does (the folder whose `game.toml` it reads).
        $(const _: () = assert!(
            same(games::$id::ID, stringify!($id)),
            concat!("rules::games::", stringify!($id), "::ID differs from its registry id")
        );)*
    };
}
registry!(tables);

/// The shipped game `id`, if there is one.
pub fn find(id: &str) -> Option<&'static Bundled> {
    GAMES.iter().find(|g| g.id == id)
}

/// What the engine of game `id` reads from its definition; `None` for a game without a bundled
/// engine.
pub fn contract(id: &str) -> Option<&'static Contract> {
    find(id).and_then(|g| g.contract)
}

#[cfg(test)]
mod tests {
    use crate::definition::Project;
    use crate::rules::engine::Engine;

    /// From a folder without games, every shipped game's engine is built from its compiled-in
    /// definition and names itself as the registry does; a game outside the registry has none.
    #[test]
    fn every_compiled_in_game_builds_its_engine() {
        let nowhere = Project::new("/nonexistent/ludopress-project");
        for g in &super::GAMES {
            let e = Engine::new(&nowhere, g.id).unwrap_or_else(|e| panic!("{}: {e}", g.id));
            assert_eq!(e.id(), g.id);
            match (super::contract(g.id), g.contract) {
                (Some(a), Some(b)) => assert!(std::ptr::eq(a, b)),
                (a, b) => assert!(a.is_none() && b.is_none(), "{}", g.id),
            }
        }
        assert_eq!(super::NAMES.len(), super::GAMES.len());
        assert!(Engine::new(&nowhere, "breakthrough-py").is_err());
        assert!(super::find("breakthrough-py").is_none());
    }
}
