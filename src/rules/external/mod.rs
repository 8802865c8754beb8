//! Engines of a game's own: a program named in `[engine]` of `game.toml`, in any language, that
//! speaks the engine protocol (docs/engine-protocol.md): one JSON request a line on its
//! standard input, one JSON answer a line on its standard output. The program is started once
//! and kept running while a rulebook is checked, and its answers are kept (within a memory
//! budget), so a claim that asks for a position's moves again costs nothing.
//!
//! A game's program is code from whoever made the game folder: it starts only with consent
//! ([`crate::rules::external::trust`]), confined where the system allows ([`crate::rules::external::confine`]), in a process group
//! of its own that is killed with everything it started when ludopress is done with it, gives
//! up on it, or is interrupted. Requests are written by a thread of their own, so an engine that
//! stops reading its input costs the answer limit, never a hang.
//!
//! Two modules carry an engine: [`process`] supervises its program (starts, watches and kills
//! it), [`protocol`] speaks with it (requests and answers); this one holds the positions as the
//! program writes them.

pub mod confine;
mod play;
mod process;
pub mod program;
mod protocol;
pub mod rules;
pub mod trust;

pub use process::{
    end_all_engines, set_launcher, take_unconfined_note, timeout, StartError, ENGINE_ENV,
    MAX_ANSWER, TIMEOUT,
};
pub use protocol::{External, CACHE_BUDGET, MAX_MOVES, PROTOCOL};

use serde_json::{json, Value};

/// A position as the engine writes it: a JSON object with the keys of a position file, written
/// with its keys sorted, so that equal positions are equal strings.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExtPos(pub String);

impl ExtPos {
    pub(crate) fn of(v: &Value) -> ExtPos {
        ExtPos(v.to_string())
    }

    pub(crate) fn value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }

    /// The position as data: its board's cells (the program's text read once, here) and its
    /// other fields.
    pub fn data(&self) -> (crate::rules::Board, toml::Table) {
        let mut table = toml::Table::new();
        let mut board = crate::rules::Board::default();
        if let Value::Object(m) = self.value() {
            for (k, v) in m {
                match (k.as_str(), &v) {
                    ("board", Value::String(b)) => board = crate::rules::read_board(b, None),
                    ("game", _) => {}
                    _ => {
                        if let Some(t) = to_toml(&v) {
                            table.insert(k, t);
                        }
                    }
                }
            }
        }
        (board, table)
    }
}

/// Board rows written as the protocol writes them: tokens joined by one space, rows by `\n`.
pub fn board_text(rows: &[Vec<String>]) -> String {
    rows.iter()
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A TOML value as JSON.
fn to_json(v: &toml::Value) -> Value {
    match v {
        toml::Value::String(s) => json!(s),
        toml::Value::Integer(i) => json!(i),
        toml::Value::Float(f) => json!(f),
        toml::Value::Boolean(b) => json!(b),
        toml::Value::Datetime(d) => json!(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.iter().map(to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.iter().map(|(k, v)| (k.clone(), to_json(v))).collect())
        }
    }
}

/// A JSON value as TOML (`null` has no TOML form and is left out).
fn to_toml(v: &Value) -> Option<toml::Value> {
    Some(match v {
        Value::Null => return None,
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => toml::Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Array(a) => toml::Value::Array(a.iter().filter_map(to_toml).collect()),
        Value::Object(m) => toml::Value::Table(
            m.iter()
                .filter_map(|(k, v)| Some((k.clone(), to_toml(v)?)))
                .collect(),
        ),
    })
}
