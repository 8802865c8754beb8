//! A game's own engine program as [`Rules`] (design §5): what lets the players, playouts and
//! analyses run on a program that speaks protocol 2 (docs/engine-protocol.md "Playing"). In: a
//! started [`External`] that offers `start`; out: positions ([`ExtPos`]) and moves, a move being
//! the index of a successor among the program's distinct successors (ludopress's dedup, sorted
//! by notation, so the same index is the same move every run).
//!
//! The trait's methods cannot fail, while a program can (it crashes, answers late or out of
//! protocol) at any ply: the first failure is recorded, the game ends there (no legal move),
//! and the caller reports [`ExternalRules::error`] after the run. Never a panic.
//!
//! A run on several threads gives each worker a process of its own ([`Rules::for_worker`]):
//! the workers share the record of the first failure (one failing stops them all) and the
//! count of plies played.

use super::{ExtPos, External};
use crate::base::diag::Error;
use crate::rules::position::{RawPosition, IGNORED};
use crate::rules::{rng, Field, Rules, Score};
use std::sync::{Arc, Mutex};

/// Keys a program's positions hold at least (a program may add its own: they are all taken).
const KEYS: &[&str] = &["board", "to_move"];

/// A game's program as rules.
#[derive(Debug)]
pub struct ExternalRules {
    x: External,
    id: &'static str,
    sides: &'static [&'static str],
    /// The first failure met during a run (the program's own, or an answer the rules cannot
    /// use), shared with the workers' rules.
    error: Arc<Mutex<Option<String>>>,
}

impl ExternalRules {
    /// Rules over a started program: it must offer `start` (the players need a start), name
    /// its sides, and its start must say which of them is to move.
    pub fn new(x: External) -> Result<ExternalRules, Error> {
        if !x.offers("start") {
            return Err(Error::engine(
                String::new(),
                format!(
                    "the engine `{}` cannot be played: it does not offer `start` (protocol 2, docs/engine-protocol.md \"Playing\")",
                    x.label
                ),
            ));
        }
        if x.sides.is_empty() {
            return Err(Error::engine(
                String::new(),
                format!("the engine `{}` names no sides in `info`", x.label),
            ));
        }
        let start = x.start_position(0)?;
        if x.seat(&start).is_none() {
            return Err(Error::engine(String::new(), no_side(&x)));
        }
        let id = crate::base::intern::intern(&x.game)?;
        let sides = crate::base::intern::intern_all(x.sides.iter().map(String::as_str))?;
        Ok(ExternalRules {
            x,
            id,
            sides,
            error: Arc::new(Mutex::new(None)),
        })
    }

    /// The program.
    pub fn program(&self) -> &External {
        &self.x
    }

    /// The first failure of the run, if any: the program's own, or what the rules recorded.
    pub fn error(&self) -> Option<String> {
        self.x.failure().or_else(|| {
            self.error
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone()
        })
    }

    /// Records the first failure (later ones follow from it).
    fn fail(&self, e: String) {
        let mut slot = self
            .error
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if slot.is_none() {
            *slot = Some(e);
        }
    }

    /// Whether this run has failed, here or in another worker's process (a failure of this
    /// process is recorded for them all).
    fn failed(&self) -> bool {
        if let Some(f) = self.x.failure() {
            self.fail(f);
            return true;
        }
        self.error
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .is_some()
    }

    /// A position standing for "no position" after a failure: it has no moves.
    fn nothing(&self) -> ExtPos {
        ExtPos(format!(
            "{{\"game\":{}}}",
            crate::rules::json_str(&self.x.game)
        ))
    }
}

/// A position field as data (what TOML has and [`Field`] does not is written as text).
fn field(v: &toml::Value) -> Field {
    let strs = |a: &Vec<toml::Value>| {
        a.iter()
            .map(|v| v.as_str().map(String::from))
            .collect::<Option<Vec<_>>>()
    };
    let ints = |a: &Vec<toml::Value>| {
        a.iter()
            .map(toml::Value::as_integer)
            .collect::<Option<Vec<_>>>()
    };
    match v {
        toml::Value::String(s) => Field::Str(s.clone()),
        toml::Value::Integer(i) => Field::Int(*i),
        toml::Value::Array(a) if !a.is_empty() && strs(a).is_some() => {
            Field::Strs(strs(a).unwrap_or_default())
        }
        toml::Value::Array(a) if ints(a).is_some() => Field::Ints(ints(a).unwrap_or_default()),
        toml::Value::Table(t) if t.values().all(toml::Value::is_integer) => Field::Table(
            t.iter()
                .map(|(k, v)| (k.clone(), v.as_integer().unwrap_or(0)))
                .collect(),
        ),
        other => Field::Str(other.to_string()),
    }
}

impl Rules for ExternalRules {
    type Pos = ExtPos;
    type Move = u32;

    fn id(&self) -> &'static str {
        self.id
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<ExtPos> {
        // Every key but `game` and the rulebook's own goes to the program, which judges them.
        let table: toml::Table = toml::from_str(&raw.src.text).ok()?;
        let mut fields = toml::Table::new();
        let mut board = None;
        for k in table.keys() {
            if k == "game" || IGNORED.contains(&k.as_str()) {
                continue;
            }
            let Some((span, v)) = raw.take(k) else {
                continue;
            };
            if k == "board" {
                match v {
                    toml::Value::String(b) => board = Some((span, crate::rules::board_rows(&b))),
                    _ => raw.error(span, "`board` is a string of rows of tokens"),
                }
            } else {
                fields.insert(k.clone(), v);
            }
        }
        let Some((span, rows)) = board else {
            let top = raw.top();
            raw.error(top, "missing key `board`");
            return None;
        };
        match self.x.position(&rows, &fields) {
            Ok(p) => Some(p),
            Err(e) => {
                raw.error(
                    span,
                    format!("the engine `{}` refuses this position: {e}", self.x.label),
                );
                None
            }
        }
    }

    fn keys(&self) -> &'static [&'static str] {
        KEYS
    }

    fn moves(&self, p: &ExtPos) -> Vec<(String, ExtPos)> {
        self.x.moves(p).as_ref().clone()
    }

    fn find_move(&self, p: &ExtPos, m: &str) -> Option<ExtPos> {
        // The program's refusal is "no such move"; its failure is recorded for the caller.
        self.x.play(p, m).ok().or_else(|| {
            if let Some(f) = self.x.failure() {
                self.fail(f);
            }
            None
        })
    }

    fn score(&self, p: &ExtPos) -> Score {
        if self.failed() {
            return Score::default();
        }
        self.x.score(p)
    }

    fn fields(&self, p: &ExtPos) -> Vec<(&'static str, Field)> {
        let (board, table) = p.data();
        let mut out = Vec::new();
        for (k, v) in &table {
            match crate::base::intern::intern(k) {
                Ok(k) => out.push((k, field(v))),
                Err(e) => self.fail(format!("the engine `{}`: {e}", self.x.label)),
            }
        }
        out.push(("board", Field::Board(board)));
        out
    }

    fn start(&self, seed: u64) -> ExtPos {
        match self.x.start_position(seed) {
            Ok(p) => p,
            Err(e) => {
                self.fail(e.to_string());
                self.nothing()
            }
        }
    }

    fn invariants(&self, p: &ExtPos) -> Result<(), Error> {
        match self.x.seat(p) {
            Some(_) => Ok(()),
            None => Err(Error::engine(String::new(), no_side(&self.x))),
        }
    }

    fn sides(&self) -> &'static [&'static str] {
        self.sides
    }

    fn legal(&self, p: &ExtPos, out: &mut Vec<u32>) {
        if self.failed() {
            return;
        }
        let n = self.x.moves(p).len().min(u32::MAX as usize);
        out.extend(0..n as u32);
    }

    fn apply(&self, p: &ExtPos, m: u32, _k: u32) -> ExtPos {
        match self.x.moves(p).get(m as usize) {
            Some((_, q)) => {
                self.x.count_plies(1);
                q.clone()
            }
            None => {
                self.fail(format!(
                    "the engine `{}`: move {m} is not one of the position's {} moves",
                    self.x.label,
                    self.x.moves(p).len()
                ));
                p.clone()
            }
        }
    }

    fn notation(&self, p: &ExtPos, m: u32) -> String {
        self.x
            .moves(p)
            .get(m as usize)
            .map_or_else(|| format!("{m}"), |(n, _)| n.clone())
    }

    fn seat(&self, p: &ExtPos) -> usize {
        self.x.seat(p).unwrap_or_else(|| {
            if !self.failed() {
                self.fail(no_side(&self.x));
            }
            0
        })
    }

    fn for_worker(&self) -> Option<ExternalRules> {
        if self.failed() {
            return None;
        }
        match self.x.another() {
            Ok(x) => Some(ExternalRules {
                x,
                id: self.id,
                sides: self.sides,
                error: Arc::clone(&self.error),
            }),
            Err(e) => {
                self.fail(e.to_string());
                None
            }
        }
    }

    fn whole_playout(&self, p: &ExtPos, cap: u64, rng: &mut rng::Rng) -> Option<(ExtPos, u64)> {
        if !self.x.offers("playout") {
            return None;
        }
        if self.failed() {
            return Some((p.clone(), 0));
        }
        // The seed comes from the run's generator: the same run plays the same games.
        match self.x.playout(p, rng.next(), cap) {
            Ok(r) => {
                self.x.count_plies(r.1);
                Some(r)
            }
            Err(e) => {
                self.fail(e.to_string());
                Some((p.clone(), 0))
            }
        }
    }
}

impl Drop for ExternalRules {
    /// A worker's process that failed leaves its failure to the run.
    fn drop(&mut self) {
        if let Some(f) = self.x.failure() {
            self.fail(f);
        }
    }
}

/// What is said of a position without a known side to move.
fn no_side(x: &External) -> String {
    format!(
        "the engine `{}`'s positions say no `to_move` (one of {}): `playout`, `analyze` and `play` need it",
        x.label,
        x.sides.join(", ")
    )
}
