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
/// Every list of games in the code is made from this one: `registry!(m)` expands to
/// `m! { ; rust imbriqua => Imbriqua, ... }` and `registry!(m, args...)` to
/// `m! { args... ; rust imbriqua => Imbriqua, ... }` (`m` is a macro in scope where
/// `registry!` is called; `args` are handed on as they are).
macro_rules! registry {
    ($m:ident $(, $($args:tt)*)?) => {
        $m! { $($($args)*)? ;
            rust imbriqua => Imbriqua,
            rust lignes => Lignes,
            rust imperator => Imperator,
            rust alphabrick => AlphaBrick,
            rust arlecchino => Arlecchino,
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
    /// What its engine reads from its definition.
    pub contract: &'static Contract,
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

/// [`GAMES`] and [`NAMES`] from the list.
macro_rules! tables {
    (; $(rust $id:ident => $Type:ident,)*) => {
        /// The shipped games, in build order.
        pub static GAMES: [Bundled; NAMES.len()] = [$(Bundled {
            id: games::$id::ID,
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/games/",
                stringify!($id),
                "/game.toml"
            )),
            contract: &games::$id::CONTRACT,
        }),*];

        /// The names of the shipped games, in build order.
        pub const NAMES: [&str; [$(stringify!($id)),*].len()] = [$(games::$id::ID),*];

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
    find(id).map(|g| g.contract)
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
            assert!(std::ptr::eq(super::contract(g.id).unwrap(), g.contract));
        }
        assert_eq!(super::NAMES.len(), super::GAMES.len());
        assert!(Engine::new(&nowhere, "breakthrough-py").is_err());
        assert!(super::find("breakthrough-py").is_none());
    }
}
