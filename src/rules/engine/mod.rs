//! The engine of any game: the [`Engine`] enum over the bundled games (a variant for each Rust
//! engine of [`crate::rules::registry`], generated from its list) and a game's own engine
//! program, and the dispatch of the rules contract's commands (`moves`, `perft`, `score`, `new`,
//! `playout`) to them, as library functions returning text; and generic work ([`WithRules`]:
//! players, analyses) handed the concrete rules, a program's as [`ExternalRules`].
//!
//! In: a game's definition (or its name, read from the project or the compiled-in copy). Out: the
//! engine, its positions ([`Position`]) and the commands' answers. Reading position files and
//! records is [`record`]; drawing a position as a diagram is [`draw`].

use crate::base::diag::Diagnostics;
use crate::definition::Project;
use crate::rules::external::rules::ExternalRules;
use crate::rules::external::{External, StartError};
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

            /// Runs `f` with this engine's rules: a game's own engine program as
            /// [`ExternalRules`] (it must speak protocol 2 with `start`); a failure of the
            /// program, before or during the work, is bad input at its `game.toml` (status 2).
            pub fn with<F: WithRules>(&self, f: F) -> Result<F::Out, Error> {
                match self {
                    $(Engine::$Type(r) => Ok(f.call(&**r)),)*
                    Engine::Declared(r) => Ok(f.call(&**r)),
                    Engine::External(x) => with_program(x, f),
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
pub mod memo;
pub mod record;

thread_local! {
    static GENERATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times engines have listed or searched a position's moves on this thread (its
/// successors, its moves, a written move): the work a check did, counted where timing it
/// would not be (tests, benches).
pub fn generations() -> u64 {
    GENERATIONS.with(std::cell::Cell::get)
}

/// Counts one listing or search of a position's moves ([`generations`]).
fn generated() {
    GENERATIONS.with(|g| g.set(g.get() + 1));
}

pub use memo::MoveMemo;
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
    /// The engine of `game`, built from the project's definition (or the compiled-in one): a
    /// game of the registry's, or a game of the project with a program of its own (`[engine]`,
    /// started here if the person consented to it).
    pub fn new(project: &Project, game: &str) -> Result<Engine, Error> {
        let def = Engine::definition(project, game)?;
        if registry::find(game).is_none() {
            if let Some(e) = Engine::program(project, &def)? {
                return Ok(e);
            }
        }
        Engine::from_definition(&def)
    }

    /// Whether `game` can be played (`playout`, `analyze`, `play`): a game of the registry's,
    /// or a game of the project with declared rules or a program of its own; else why not.
    pub fn playable(project: &Project, game: &str) -> Result<(), Error> {
        if registry::find(game).is_some() {
            return Ok(());
        }
        project.check_id(game)?;
        let def = Engine::definition(project, game)?;
        if def.engine.is_some() || def.rules.is_some() {
            return Ok(());
        }
        Err(Error::usage(
            format!("`{game}`"),
            format!(
                "no rules engine to play: no bundled one (engines: {}) no declared rules (`[turns]`) and no program of its own (`[engine]`) in its game.toml",
                registry::NAMES.join(", ")
            ),
        ))
    }

    /// The game's own program started, if its definition names one: without consent, bad
    /// input at its `game.toml` (status 2); a program that cannot start, another failure.
    fn program(project: &Project, game: &crate::definition::Game) -> Result<Option<Engine>, Error> {
        match &game.engine {
            Some(def) => match External::start(&game.id, def) {
                Ok(x) => Ok(Some(Engine::External(Box::new(x)))),
                Err(StartError::NoConsent(why)) => Err(Error::Input(Diagnostics(vec![
                    crate::base::diag::Diagnostic::file(&project.game_file(&game.id), why),
                ]))),
                Err(StartError::Failed(why)) => Err(Error::engine(String::new(), why)),
            },
            None => Ok(None),
        }
    }

    /// Plies played through the game's own program so far (`None` for another engine): what a
    /// run's speed is measured by ([`Engine::program_note`]).
    pub fn program_plies(&self) -> Option<u64> {
        match self {
            Engine::External(x) => Some(x.plies_played()),
            _ => None,
        }
    }

    /// For a game played through its own program, the line that says so and how fast it went:
    /// `plies` played in `secs` (measured in the run); `None` for another engine.
    pub fn program_note(&self, plies: u64, secs: f64) -> Option<String> {
        let Engine::External(x) = self else {
            return None;
        };
        let rate = plies as f64 / secs.max(1e-9);
        let rate = if rate >= 100.0 {
            format!("about {} plies a second", thousands(rate.round() as u64))
        } else {
            format!("about {rate:.1} plies a second")
        };
        Some(format!(
            "`{}` is played through its engine program (`{}`): {rate} ({} plies in {secs:.1} s); a declared or bundled engine plays much faster",
            x.game,
            x.label,
            thousands(plies)
        ))
    }

    /// The engine of a game from its definition (its `[rules]` values changed, for a sweep).
    pub fn from_definition(def: &crate::definition::Game) -> Result<Engine, Error> {
        if def.rules.is_some() {
            return crate::rules::declared::Declared::new(def)
                .map(|r| Engine::Declared(Box::new(r)));
        }
        Engine::bundled(def).unwrap_or_else(|| {
            Err(Error::usage(
                format!("`{}`", def.id),
                format!(
                    "no rules engine yet (engines: {})",
                    registry::NAMES.join(", ")
                ),
            ))
        })
    }

    /// `moves`: one line per distinct successor, or a JSON array.
    pub fn moves(&self, p: &Position, json: bool) -> String {
        generated();
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
        generated();
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
        generated();
        with_pos!(self, p, r, p, wrap => r.moves(p).into_iter().map(|(m, q)| (m, wrap(q))).collect(),
            (x, p) => x.moves(p).iter().map(|(m, q)| (m.clone(), Position::External(q.clone()))).collect(), Vec::new())
    }

    /// The position after the move written `m`, if it is legal (a move written two ways is
    /// found either way).
    pub fn find_move(&self, p: &Position, m: &str) -> Option<Position> {
        generated();
        with_pos!(self, p, r, p, wrap => r.find_move(p, m).map(wrap),
            (x, p) => x.moves(p).iter().find(|(n, _)| n == m).map(|(_, q)| Position::External(q.clone())), None)
    }

    /// Every move of `p` under each way it may be written, with its result, in the order
    /// [`Engine::find_move`] searches them; `None` for a game that follows a written move
    /// along its path instead ([`Rules::written_moves`]).
    pub fn written_moves(&self, p: &Position) -> Option<Vec<(String, Position)>> {
        generated();
        with_pos!(self, p, r, p, wrap => r.written_moves(p).map(|w| w.into_iter().map(|(m, q)| (m, wrap(q))).collect()),
            (x, p) => Some(x.moves(p).iter().map(|(m, q)| (m.clone(), Position::External(q.clone()))).collect()), None)
    }

    /// The position's fields (without `game`).
    pub fn fields(&self, p: &Position) -> Vec<(&'static str, rules::Field)> {
        with_pos!(self, p, r, p, wrap => r.fields(p), (_x, _p) => Vec::new(), Vec::new())
    }

    /// The invariants every position reached in play satisfies; a message when one fails.
    pub fn invariants(&self, p: &Position) -> Result<(), Error> {
        with_pos!(self, p, r, p, wrap => r.invariants(p), (_x, _p) => Ok(()), Err(Error::system("a position of another game")))
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
        if game.rules.is_some() {
            return Engine::from_definition(game).map(Some);
        }
        Engine::program(project, game)
    }

    /// The engine that checks a game's rulebooks, and why there is none when the game names an
    /// engine program that does not run (no consent, or it cannot start): its claims are then
    /// left unchecked, not an error.
    pub fn checker(
        project: &Project,
        game: &crate::definition::Game,
    ) -> Result<(Option<Engine>, Option<Unchecked>), Error> {
        if let (None, Some(def)) = (registry::find(&game.id), &game.engine) {
            return match External::start(&game.id, def) {
                Ok(x) => Ok((Some(Engine::External(Box::new(x))), None)),
                Err(StartError::NoConsent(why)) => {
                    Ok((None, Some(Unchecked { why, consent: true })))
                }
                Err(StartError::Failed(why)) => Ok((
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

    /// `new`: the starting position for a seed (a program's `start`, when it offers it; else
    /// a position naming the game alone).
    pub fn start(&self, seed: u64) -> Position {
        with_rules!(self, r, wrap => wrap(r.start(seed)), x => Position::External(
            x.start_position(seed).unwrap_or_else(|_| crate::rules::external::ExtPos(format!("{{\"game\":{}}}", rules::json_str(&x.game))))))
    }

    /// `playout`: seeded random games, one random legal move a ply (no checks).
    pub fn fast_playouts(&self, games: u64, seed: u64) -> Result<rules::Playouts, Error> {
        self.with(Playouts {
            games,
            seed,
            check: false,
        })?
    }

    /// `playout --check`: seeded random games on the exact path, every successor built and the
    /// invariants checked after every ply.
    pub fn playouts(&self, games: u64, seed: u64) -> Result<rules::Playouts, Error> {
        self.with(Playouts {
            games,
            seed,
            check: true,
        })?
    }
}

/// Seeded random games of at most 10,000 plies: fast, or checked.
struct Playouts {
    games: u64,
    seed: u64,
    check: bool,
}

impl WithRules for Playouts {
    type Out = Result<rules::Playouts, Error>;
    fn call<R: Rules>(self, r: &R) -> Self::Out {
        if self.check {
            rules::playouts(r, self.games, self.seed, 10_000)
        } else {
            Ok(rules::fast_playouts(r, self.games, self.seed, 10_000))
        }
    }
}

/// `f` run with a game's own program as rules; the program's failure (it cannot be played, or
/// failed during the work) is bad input at its `game.toml`, naming the program.
fn with_program<F: WithRules>(x: &External, f: F) -> Result<F::Out, Error> {
    let at = x.dir().join("game.toml");
    let bad = |why: String| {
        Error::Input(Diagnostics(vec![crate::base::diag::Diagnostic::file(
            &at, why,
        )]))
    };
    let r = ExternalRules::new(x.clone()).map_err(|e| bad(e.to_string()))?;
    let out = f.call(&r);
    match r.error() {
        Some(e) => Err(bad(format!("{e}; the run stopped there"))),
        None => Ok(out),
    }
}

/// `n` with its thousands set apart by commas (12,345).
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Work done with an engine's own rules type (its moves, random play, the players):
/// `Engine::with` calls [`WithRules::call`] with the concrete rules (a game's program as
/// [`ExternalRules`]).
pub trait WithRules {
    /// What the work gives.
    type Out;
    /// Does the work with `rules`.
    fn call<R: Rules>(self, rules: &R) -> Self::Out;
}
