//! The moves of the positions one piece of work asks about (a rulebook's example: its claims,
//! their facts, its figure), each position's listed once by the engine and every written move
//! looked up in that list; a move asked about twice is found once.
//!
//! Lookups answer what [`Engine::find_move`] and [`Engine::successor_moves`] answer: a found
//! move is the first of [`Engine::written_moves`] written so, the list `find_move` searches.

use super::{Engine, Position};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// What one position's moves gave.
#[derive(Default)]
struct Known {
    /// Its written moves (`None` for a game that follows a move along its path), once listed.
    written: Option<Option<Vec<(String, Position)>>>,
    /// Its distinct successors with their moves, once listed.
    successors: Option<Vec<(String, Position)>>,
    /// Each move asked about, with the position after it.
    found: BTreeMap<String, Option<Position>>,
}

/// Moves found in positions, each position's moves listed once ([`crate::rules::engine`]'s
/// counter of generations counts those listings).
#[derive(Default)]
pub struct MoveMemo {
    known: Mutex<BTreeMap<Position, Known>>,
}

impl std::fmt::Debug for MoveMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.known.lock().map_or(0, |k| k.len());
        write!(f, "MoveMemo({n} positions)")
    }
}

impl MoveMemo {
    /// The position after the move written `m` in `p`, as [`Engine::find_move`] finds it.
    pub fn find(&self, engine: &Engine, p: &Position, m: &str) -> Option<Position> {
        // A move written with spaces around it is the engine's to read (a declared game trims
        // it, another does not): asked of it as it is.
        if m.trim() != m {
            return engine.find_move(p, m);
        }
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        let k = known.entry(p.clone()).or_default();
        if let Some(q) = k.found.get(m) {
            return q.clone();
        }
        let written = k.written.get_or_insert_with(|| engine.written_moves(p));
        let q = match written {
            Some(list) => list.iter().find(|(w, _)| w == m).map(|(_, q)| q.clone()),
            None => engine.find_move(p, m),
        };
        k.found.insert(m.to_string(), q.clone());
        q
    }

    /// The distinct successors of `p` with their moves, as [`Engine::successor_moves`] lists
    /// them.
    pub fn successors(&self, engine: &Engine, p: &Position) -> Vec<(String, Position)> {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        let k = known.entry(p.clone()).or_default();
        k.successors
            .get_or_insert_with(|| engine.successor_moves(p))
            .clone()
    }
}
