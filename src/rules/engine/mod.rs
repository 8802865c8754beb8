//! The engine of any game: the [`Engine`] enum over the bundled games (a variant for each Rust
//! engine of [`crate::rules::registry`], generated from its list) and a game's own engine
//! program, and the dispatch of the rules contract's commands (`moves`, `perft`, `score`, `new`,
//! `playout`) to them, as library functions returning text.
//!
//! In: a game's definition (or its name, read from the project or the compiled-in copy). Out: the
//! engine, its positions ([`Position`]) and the commands' answers. Reading position files and
//! records is [`record`]; drawing a position as a diagram is [`draw`].

use crate::base::diag::Diagnostics;
use crate::definition::Project;
use crate::rules::registry::{self, registry};
use crate::rules::{self, Rules};

pub use crate::base::diag::Error;

/// Why a game's own engine program did not run, leaving its rulebooks' claims unchecked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unchecked {
    /// The message: which program, and why.
    pub why: String,
    /// True when it was not run for want of the person's consent (`ludopress trust`,
    /// `--allow-engine`); false when it could not start.
    pub consent: bool,
}

/// The [`Engine`] and [`Position`] enums, a variant for each Rust engine of the registry and one
/// for a game's own program, and the two matches that pick a Rust engine: by its game's id
/// ([`Engine::bundled`]) and by variant ([`Engine::with`]).
macro_rules! engines {
    (; $(rust $id:ident => $Type:ident,)* ; $(declared $did:ident,)*) => {
        /// The engine of one game.
        #[derive(Debug, Clone)]
        pub enum Engine {
            $(#[doc = concat!("The bundled engine of `", stringify!($id), "`.")]
            $Type(Box<crate::rules::games::$id::$Type>),)*
            /// A game whose rules are declared in its `game.toml`, played by the generic engine.
            Declared(Box<crate::rules::declared::Declared>),
            /// A game's own engine program, through the engine protocol.
            External(Box<crate::rules::external::External>),
        }

        /// A validated position of any game.
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
        pub enum Position {
            $(#[doc = concat!("A position of `", stringify!($id), "`.")]
            $Type(<crate::rules::games::$id::$Type as Rules>::Pos),)*
            /// A position of a declared game.
            Declared(Box<crate::rules::declared::DPos>),
            /// A position of a game's own engine program.
            External(crate::rules::external::ExtPos),
        }

        impl Engine {
            /// The bundled engine of a game from its definition; `None` when no Rust engine
            /// has the definition's id.
            fn bundled(def: &crate::definition::Game) -> Option<Result<Engine, Error>> {
                match def.id.as_str() {
                    $(crate::rules::games::$id::ID => Some(
                        crate::rules::games::$id::$Type::new(def).map(|r| Engine::$Type(Box::new(r))),
                    ),)*
                    _ => None,
                }
            }

            /// Runs `f` with this engine's rules; `None` for a game's own engine program, which
            /// speaks only the engine protocol.
            pub fn with<F: WithRules>(&self, f: F) -> Option<F::Out> {
                match self {
                    $(Engine::$Type(r) => Some(f.call(&**r)),)*
                    Engine::Declared(r) => Some(f.call(&**r)),
                    Engine::External(_) => None,
                }
            }
        }
    };
}
registry!(engines);

/// Runs `$body` with `$r` bound to the concrete rules of `$engine` and `$wrap` to the
/// constructor of its [`Position`] variant.
macro_rules! with_rules {
    ($engine:expr, $r:ident, $wrap:ident => $body:expr, $x:ident => $ext:expr) => {
        $crate::rules::registry::registry!(with_rules, @each $engine, $r, $wrap, $body, $x, $ext)
    };
    (@each $engine:expr, $r:ident, $wrap:ident, $body:expr, $x:ident, $ext:expr; $(rust $id:ident => $game:ident,)* ; $(declared $did:ident,)*) => {
        match $engine {
            Engine::External($x) => $ext,
            Engine::Declared($r) => {
                let $r = &**$r;
                #[allow(unused_variables)]
                let $wrap = |q: crate::rules::declared::DPos| Position::Declared(Box::new(q));
                $body
            }
            $(Engine::$game($r) => {
                let $r = &**$r;
                #[allow(unused_variables)]
                let $wrap = Position::$game;
                $body
            })*
        }
    };
}

/// Runs `$body` with the concrete rules and position; `$else` when the position is another game's.
macro_rules! with_pos {
    ($engine:expr, $pos:expr, $r:ident, $p:ident, $wrap:ident => $body:expr, ($x:ident, $xp:ident) => $ext:expr, $else:expr) => {
        $crate::rules::registry::registry!(with_pos, @each $engine, $pos, $r, $p, $wrap, $body, $x, $xp, $ext, $else)
    };
    (@each $engine:expr, $pos:expr, $r:ident, $p:ident, $wrap:ident, $body:expr, $x:ident, $xp:ident, $ext:expr, $else:expr; $(rust $id:ident => $game:ident,)* ; $(declared $did:ident,)*) => {
        match ($engine, $pos) {
            (Engine::External($x), Position::External($xp)) => $ext,
            (Engine::Declared($r), Position::Declared($p)) => {
                let $r = &**$r;
                #[allow(unused_variables)]
                let $wrap = |q: crate::rules::declared::DPos| Position::Declared(Box::new(q));
                $body
            }
            $((Engine::$game($r), Position::$game($p)) => {
                let $r = &**$r;
                #[allow(unused_variables)]
                let $wrap = Position::$game;
                $body
            })*
            _ => $else,
        }
    };
}

pub mod draw;
pub mod record;

pub use record::{Record, MAX_RECORD};

/// Loads and validates a game's definition against what its rules engine needs (if it has one).
pub fn load_definition(
    project: &Project,
    game: &str,
    lib: &crate::definition::Library,
) -> Result<crate::definition::Game, Diagnostics> {
    project.load(game, lib, registry::contract(game))
}

impl Engine {
    /// The engine of `game`, built from the project's definition (or the compiled-in one).
    pub fn new(project: &Project, game: &str) -> Result<Engine, Error> {
        Engine::from_definition(&Engine::definition(project, game)?)
    }

    /// Whether `game` names a game with an engine: a shipped one, or a game of the project
    /// (its folder's `game.toml` declares rules or names a program; which one is known once
    /// the definition is read).
    pub fn playable(project: &Project, game: &str) -> bool {
        registry::find(game).is_some()
            || (crate::definition::validate::is_safe_id(game) && project.game_file(game).is_file())
    }

    /// The engine of a game from its definition (its `[rules]` values changed, for a sweep).
    pub fn from_definition(def: &crate::definition::Game) -> Result<Engine, Error> {
        if def.rules.is_some() {
            return crate::rules::declared::Declared::new(def)
                .map(|r| Engine::Declared(Box::new(r)));
        }
        Engine::bundled(def).unwrap_or_else(|| {
            Err(Error::Other(format!(
                "no rules engine for `{}` yet (engines: {})",
                def.id,
                registry::NAMES.join(", ")
            )))
        })
    }

    /// `moves`: one line per distinct successor, or a JSON array.
    pub fn moves(&self, p: &Position, json: bool) -> String {
        with_pos!(self, p, r, p, wrap => {
            let list = rules::distinct_moves(r, p);
            if json {
                let items: Vec<String> = list
                    .iter()
                    .map(|(m, q)| format!("{{\"move\":{},\"position\":{}}}", rules::json_str(m), rules::to_json(r.id(), &r.fields(q))))
                    .collect();
                format!("[{}]\n", items.join(",\n"))
            } else {
                list.iter().map(|(m, q)| format!("{m}\t{}\n", rules::to_line(&r.fields(q)))).collect()
            }
        }, (x, p) => x.moves(p).iter().map(|(m, q)| format!("{m}\t{}\n", q.0)).collect(), String::new())
    }

    /// The distinct successors with their moves.
    pub fn successor_moves(&self, p: &Position) -> Vec<(String, Position)> {
        with_pos!(self, p, r, p, wrap => rules::distinct_moves(r, p).into_iter().map(|(m, q)| (m, wrap(q))).collect(),
            (x, p) => x.moves(p).iter().map(|(m, q)| (m.clone(), Position::External(q.clone()))).collect(), Vec::new())
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        with_rules!(self, r, wrap => r.id(), x => &x.game)
    }

    /// The keys a position of this game may hold (none known for an engine program: it says
    /// itself what it does not know).
    pub fn keys(&self) -> &'static [&'static str] {
        with_rules!(self, r, wrap => r.keys(), _x => &[])
    }

    /// Every move with its successor, repeats included (for games whose moves are few; a claim
    /// about one move uses [`Engine::find_move`]).
    pub fn all_moves(&self, p: &Position) -> Vec<(String, Position)> {
        with_pos!(self, p, r, p, wrap => r.moves(p).into_iter().map(|(m, q)| (m, wrap(q))).collect(),
            (x, p) => x.moves(p).iter().map(|(m, q)| (m.clone(), Position::External(q.clone()))).collect(), Vec::new())
    }

    /// The position after the move written `m`, if it is legal (a move written two ways is
    /// found either way).
    pub fn find_move(&self, p: &Position, m: &str) -> Option<Position> {
        with_pos!(self, p, r, p, wrap => r.find_move(p, m).map(wrap),
            (x, p) => x.moves(p).iter().find(|(n, _)| n == m).map(|(_, q)| Position::External(q.clone())), None)
    }

    /// The position's fields (without `game`).
    pub fn fields(&self, p: &Position) -> Vec<(&'static str, rules::Field)> {
        with_pos!(self, p, r, p, wrap => r.fields(p), (_x, _p) => Vec::new(), Vec::new())
    }

    /// The invariants every position reached in play satisfies; a message when one fails.
    pub fn invariants(&self, p: &Position) -> Result<(), Error> {
        with_pos!(self, p, r, p, wrap => r.invariants(p), (_x, _p) => Ok(()), Err(Error::Other("a position of another game".into())))
    }

    /// `perft`.
    pub fn perft(&self, p: &Position, depth: u32) -> u64 {
        with_pos!(self, p, r, p, wrap => rules::perft(r, p, depth), (x, p) => {
            if depth == 0 {
                1
            } else {
                x.moves(p).iter().map(|(_, q)| self.perft(&Position::External(q.clone()), depth - 1)).sum()
            }
        }, 0)
    }

    /// `score`.
    pub fn score(&self, p: &Position) -> rules::Score {
        with_pos!(self, p, r, p, wrap => r.score(p), (x, p) => x.score(p), rules::Score::default())
    }

    /// The engine that checks a game's rulebooks: a bundled one, the game's own program
    /// (`[engine]`, started here if the person consented to it), or none. A program run without
    /// consent is bad input at `game.toml` (status 2), one that cannot start another failure.
    pub fn for_game(
        project: &Project,
        game: &crate::definition::Game,
    ) -> Result<Option<Engine>, Error> {
        if registry::find(&game.id).is_some() {
            return Engine::new(project, &game.id).map(Some);
        }
        match &game.engine {
            Some(def) => match crate::rules::external::External::start(&game.id, def) {
                Ok(x) => Ok(Some(Engine::External(Box::new(x)))),
                Err(crate::rules::external::StartError::NoConsent(why)) => {
                    Err(Error::Input(Diagnostics(vec![
                        crate::base::diag::Diagnostic::file(&project.game_file(&game.id), why),
                    ])))
                }
                Err(crate::rules::external::StartError::Failed(why)) => Err(Error::Other(why)),
            },
            None => Ok(None),
        }
    }

    /// The engine that checks a game's rulebooks, and why there is none when the game names an
    /// engine program that does not run (no consent, or it cannot start): its claims are then
    /// left unchecked, not an error.
    pub fn checker(
        project: &Project,
        game: &crate::definition::Game,
    ) -> Result<(Option<Engine>, Option<Unchecked>), Error> {
        if let (None, Some(def)) = (registry::find(&game.id), &game.engine) {
            return match crate::rules::external::External::start(&game.id, def) {
                Ok(x) => Ok((Some(Engine::External(Box::new(x))), None)),
                Err(crate::rules::external::StartError::NoConsent(why)) => {
                    Ok((None, Some(Unchecked { why, consent: true })))
                }
                Err(crate::rules::external::StartError::Failed(why)) => Ok((
                    None,
                    Some(Unchecked {
                        why,
                        consent: false,
                    }),
                )),
            };
        }
        Engine::for_game(project, game).map(|e| (e, None))
    }

    /// The failure of a game's own engine program, if it failed while answering.
    pub fn failure(&self) -> Option<String> {
        match self {
            Engine::External(x) => x.failure(),
            _ => None,
        }
    }

    /// The definition of `game` the engine is built from (the project's, or the compiled-in).
    pub fn definition(project: &Project, game: &str) -> Result<crate::definition::Game, Error> {
        let bundled = registry::find(game);
        Ok(project.load_or_builtin(
            game,
            bundled.map(|g| g.text),
            bundled.and_then(|g| g.contract),
        )?)
    }

    /// The position as a TOML file.
    pub fn to_toml(&self, p: &Position) -> String {
        with_pos!(self, p, r, p, wrap => rules::to_toml(r.id(), &r.fields(p)), (x, p) => x.to_toml(p), String::new())
    }

    /// `new`: the starting position for a seed.
    pub fn start(&self, seed: u64) -> Position {
        with_rules!(self, r, wrap => wrap(r.start(seed)), x => Position::External(crate::rules::external::ExtPos(format!("{{\"game\":{}}}", rules::json_str(&x.game)))))
    }

    /// `playout`: seeded random games on the sampling path (no checks).
    pub fn fast_playouts(&self, games: u64, seed: u64) -> Result<rules::Playouts, Error> {
        with_rules!(self, r, wrap => Ok(rules::fast_playouts(r, games, seed, 10_000)), x => Err(Error::Other(format!("`{}` has its own engine program: playouts are run by the bundled engines only", x.game))))
    }

    /// `playout --check`: seeded random games on the exact path, every successor built and the
    /// invariants checked after every ply.
    pub fn playouts(&self, games: u64, seed: u64) -> Result<rules::Playouts, Error> {
        with_rules!(self, r, wrap => rules::playouts(r, games, seed, 10_000), x => Err(Error::Other(format!("`{}` has its own engine program: playouts are run by the bundled engines only", x.game))))
    }
}

/// Work done with a bundled engine's own rules type (its moves, the sampling path, the
/// players): `Engine::with` calls [`WithRules::call`] with the concrete rules.
pub trait WithRules {
    /// What the work gives.
    type Out;
    /// Does the work with `rules`.
    fn call<R: Rules>(self, rules: &R) -> Self::Out;
}
