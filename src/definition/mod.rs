//! Game definitions, the first stage: load (TOML → raw) → validate (raw → model).
//!
//! In: `games/<game>/game.toml`, the files it names (data, art, fonts) and
//! `templates/library.toml`. Out: a checked [`Game`] (the model every later stage trusts), or
//! every error of the file at its place. `raw/` mirrors the TOML, `validate/` checks it and
//! builds `model/`; each of the three has one file per component (board, deck, tileset, piece,
//! die, mat, diagram, layout).

pub mod contract;
pub mod counts;
pub mod data;
pub mod library;
pub mod model;
pub mod raw;
pub mod validate;

use crate::base::diag::{self, Diagnostic, Diagnostics, Source};
pub use contract::Contract;
pub use library::Library;
pub use model::Game;
pub use raw::{MAX_BYTES, MAX_LINE};
use std::path::{Path, PathBuf};

/// Where a project's definitions live.
#[derive(Debug, Clone)]
pub struct Project {
    /// Root folder holding `games/` and `templates/`.
    pub root: PathBuf,
}

impl Project {
    /// A project rooted at `root`.
    pub fn new(root: impl Into<PathBuf>) -> Project {
        Project { root: root.into() }
    }

    /// Path of a game's definition.
    pub fn game_file(&self, game: &str) -> PathBuf {
        self.root.join("games").join(game).join("game.toml")
    }

    /// The games present under `games/`, sorted.
    pub fn list(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(self.root.join("games"))
            .into_iter()
            .flatten()
            .flatten()
            // Anything named game.toml makes a game, refused by `load` if it is not a file.
            .filter(|e| crate::base::paths::present(&e.path().join("game.toml")))
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .collect();
        v.sort();
        v
    }

    /// Loads the template library. `templates/` and its `library.toml` are held to the rule of
    /// every file a game names: after links are resolved they lie inside the project (a cloned
    /// project could ship `library.toml` as a link to a secret, whose first line an error would
    /// print).
    pub fn library(&self) -> Result<Library, Diagnostics> {
        let templates = self.root.join("templates");
        let path = templates.join("library.toml");
        if let (Ok(root), Ok(real)) = (
            std::fs::canonicalize(&self.root),
            std::fs::canonicalize(&templates),
        ) {
            if !real.starts_with(&root) {
                return Err(Diagnostic::file(
                    &templates,
                    format!(
                        "template folder refused: it leads outside the project (to {}): only files inside it are read",
                        real.display()
                    ),
                )
                .into());
            }
        }
        crate::base::paths::inside(&templates, &path, u64::MAX)
            .map_err(|e| Diagnostic::file(&path, format!("template library refused: {e}")))?;
        let src = Source::read(&path)?;
        Library::parse(&src)
    }

    /// Refuses a game id that is not a plain name: never a path (`../x` or `/tmp/x` must not
    /// reach the file system).
    pub fn check_id(&self, game: &str) -> Result<(), Diagnostics> {
        if validate::is_safe_id(game) {
            return Ok(());
        }
        let shown: String = game.chars().take(60).collect();
        Err(Diagnostic::file(
            &self.root.join("games"),
            format!("no game `{shown}`: a game id is 1 to 40 lowercase letters, digits and `-`"),
        )
        .into())
    }

    /// Loads and validates one game, against what its rules engine needs, if it has one.
    pub fn load(
        &self,
        game: &str,
        lib: &Library,
        contract: Option<&Contract>,
    ) -> Result<Game, Diagnostics> {
        self.check_id(game)?;
        let path = self.game_file(game);
        if !path.exists() {
            let known = self.list();
            let mut d =
                Diagnostic::file(&path, format!("no game `{game}`: this file does not exist"));
            if let Some(c) = diag::closest(game, known.iter().map(String::as_str)) {
                d = d.with_hint(format!("did you mean `{c}`?"));
            }
            return Err(d.into());
        }
        // The game's folder and its game.toml are held to the rule of every file a game names:
        // a link may not lead out of `games/` (and its files would then be judged from there).
        let games = self.root.join("games");
        let folder = games.join(game);
        crate::base::paths::inside(&games, &folder.join("game.toml"), u64::MAX)
            .and_then(|_| crate::base::paths::inside(&folder, &path, u64::MAX))
            .map_err(|e| Diagnostic::file(&path, format!("game definition refused: {e}")))?;
        let src = Source::read(&path)?;
        parse_game(&src, lib, game, contract)
    }
}

/// Parses and validates a game definition's text; `folder` is the game's folder name, `contract`
/// what its rules engine needs (none for a game without an engine).
pub fn parse_game(
    src: &Source,
    lib: &Library,
    folder: &str,
    contract: Option<&Contract>,
) -> Result<Game, Diagnostics> {
    src.within(MAX_BYTES, MAX_LINE, "a game definition")?;
    let raw: raw::GameFile = toml::from_str(&src.text).map_err(|e| diag::from_toml(src, &e))?;
    validate::game(src, &raw, lib, folder, contract)
}

/// Loads the library bundled with this source tree (for tests).
pub fn bundled_library() -> Result<Library, Diagnostics> {
    Project::new(Path::new(env!("CARGO_MANIFEST_DIR"))).library()
}

/// The template library, compiled into the binary so that the rules engines work from any folder
/// (the games' own definitions are compiled in by the rules stage's registry).
pub mod builtin {
    /// `templates/library.toml`.
    pub const LIBRARY: &str = include_str!("../../templates/library.toml");
}

impl Project {
    /// Loads a game's definition from this project if it has one, else `builtin`, the text of its
    /// `game.toml` compiled into the binary (given by the caller: this stage names no game).
    pub fn load_or_builtin(
        &self,
        game: &str,
        builtin: Option<&str>,
        contract: Option<&Contract>,
    ) -> Result<Game, Diagnostics> {
        // Whatever bears the name is the project's (refused by `load` if it is not a file),
        // never passed over for the built-in definition.
        if crate::base::paths::present(&self.game_file(game)) {
            let lib = self.library()?;
            return self.load(game, &lib, contract);
        }
        let lib = Library::parse(&Source::new("templates/library.toml", builtin::LIBRARY))?;
        match builtin {
            Some(text) => parse_game(
                &Source::new(format!("games/{game}/game.toml"), text),
                &lib,
                game,
                contract,
            ),
            None => {
                Err(Diagnostic::file(&self.game_file(game), format!("no game `{game}`")).into())
            }
        }
    }
}
