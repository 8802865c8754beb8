//! The engine protocol (docs/engine-protocol.md): requests as JSON lines with an id, answers
//! checked against it, the `info` handshake, `moves` and `score` with their answers kept within
//! a memory budget, and positions given as data checked by the engine. Version 2's requests
//! are in [`super::play`]; the process that carries the lines is [`super::process`]'s.

use super::process::{spawn, timeout, NoAnswer, Process, StartError};
use super::{board_text, play, to_json, ExtPos};
use crate::base::diag::{escape_controls, Error};
use crate::definition::model::EngineDef;
use crate::rules::Score;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The newest protocol version ludopress speaks; the engine's `info` answer gives 1 or 2 (version
/// 2 adds `start`, `play` and `playout`, each announced in `info`'s `can`).
pub const PROTOCOL: u64 = 2;
/// Memory kept for the answers of one engine, in bytes (estimated); past it, answers are asked
/// again rather than kept.
pub const CACHE_BUDGET: usize = 256 << 20;
/// Most successors one answer may list.
pub const MAX_MOVES: usize = 100_000;

/// Why a request has no answer to use: the callers tell a refusal from a failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Unanswered {
    /// The program answered with `error`: its own words (escaped), e.g. why a move is illegal.
    Refused(String),
    /// The program failed (it crashed, answered late or out of protocol): the message, which
    /// names it, kept as its failure.
    Failed(String),
}

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unanswered::Refused(m) | Unanswered::Failed(m) => f.write_str(m),
        }
    }
}

impl From<Unanswered> for Error {
    /// An engine error whose words stand alone (a failure names the engine; a refusal is
    /// placed by the caller, who says which engine refused what).
    fn from(u: Unanswered) -> Self {
        Error::engine(String::new(), u)
    }
}

/// A running engine of a game's own.
#[derive(Clone)]
pub struct External {
    /// The game's id.
    pub game: String,
    /// The command, as shown in messages.
    pub label: String,
    /// The sides the engine names, in its order.
    pub sides: Vec<String>,
    /// The protocol version the engine speaks (1 or 2).
    pub protocol: u64,
    /// The version-2 requests the engine announced in `info`'s `can` (`start`, `play`,
    /// `playout`), sorted; empty for protocol 1.
    pub can: Vec<String>,
    /// The program and its folder, to start another process of it ([`External::another`]).
    def: EngineDef,
    /// Plies played through the program (by [`rules::ExternalRules`]), shared by its clones and
    /// by the other processes of it: what a run's speed is measured by.
    plies: Arc<AtomicU64>,
    proc: Arc<Mutex<Proc>>,
}

impl std::fmt::Debug for External {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "External({})", self.label)
    }
}

/// The running program and what the protocol keeps of it.
struct Proc {
    process: Process,
    next: u64,
    moves: HashMap<ExtPos, Arc<Vec<(String, ExtPos)>>>,
    scores: HashMap<ExtPos, Score>,
    /// Estimated bytes of the answers kept, and the most they may take.
    cached: usize,
    budget: usize,
    /// The answer limit.
    timeout: Duration,
    /// The first failure of the engine (it crashed, answered late or out of protocol): later
    /// requests answer nothing, and the check reports this once.
    failure: Option<String>,
}

/// Estimated memory of one kept list of moves, in bytes.
fn moves_cost(p: &ExtPos, list: &[(String, ExtPos)]) -> usize {
    64 + p.0.len()
        + list
            .iter()
            .map(|(m, q)| 64 + m.len() + q.0.len())
            .sum::<usize>()
}

/// Estimated memory of one kept score, in bytes.
fn score_cost(p: &ExtPos, s: &Score) -> usize {
    128 + p.0.len()
        + s.winner.as_ref().map_or(0, String::len)
        + s.scores.iter().map(|(k, _)| 48 + k.len()).sum::<usize>()
}

impl External {
    /// Starts the engine of `game` and asks it who it is: only with consent
    /// ([`crate::rules::external::trust::consent`]), confined where the system allows, in a process group of its
    /// own.
    pub fn start(game: &str, def: &EngineDef) -> Result<External, StartError> {
        let label = escape_controls(&def.command.join(" ")).into_owned();
        let process = spawn(game, def, &label)?;
        let mut ext = External {
            game: game.to_string(),
            label,
            sides: Vec::new(),
            protocol: 0,
            can: Vec::new(),
            def: def.clone(),
            plies: Arc::new(AtomicU64::new(0)),
            proc: Arc::new(Mutex::new(Proc {
                process,
                next: 0,
                moves: HashMap::new(),
                scores: HashMap::new(),
                cached: 0,
                budget: CACHE_BUDGET,
                timeout: timeout(),
                failure: None,
            })),
        };
        let failed = StartError::Failed;
        // A transport failure already names the engine; an `error` answer is the engine's own
        // words, placed here (who said it, to which request).
        let info = ext.request(json!({ "cmd": "info" })).map_err(|e| match e {
            Unanswered::Failed(f) => failed(f),
            Unanswered::Refused(words) => failed(format!(
                "the engine `{}` answered `info` with an error: {}",
                ext.label,
                escape_controls(&words)
            )),
        })?;
        let protocol = info.get("protocol").and_then(Value::as_u64);
        if !matches!(protocol, Some(1..=PROTOCOL)) {
            return Err(failed(format!(
                "the engine `{}` speaks protocol {}, ludopress speaks 1 to {PROTOCOL}",
                ext.label,
                escape_controls(
                    &info
                        .get("protocol")
                        .map_or("(none)".into(), Value::to_string)
                )
            )));
        }
        if info.get("game").and_then(Value::as_str) != Some(game) {
            return Err(failed(format!(
                "the engine `{}` plays `{}`, not `{game}`",
                ext.label,
                escape_controls(
                    info.get("game")
                        .and_then(Value::as_str)
                        .unwrap_or("(no game)")
                )
            )));
        }
        ext.sides = info
            .get("sides")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        ext.protocol = protocol.unwrap_or(1);
        if ext.protocol >= 2 {
            ext.can = play::announced(&info);
        }
        Ok(ext)
    }

    /// Another process of the same program, for one more worker of a run (a worker never waits
    /// on another's process): started as the first was (consent, confinement, a process group
    /// of its own, stopped when dropped), with its own answers kept, and counted in the same
    /// plies. Its `info` must name the same sides and offer what this one is asked (`can`,
    /// which it then takes over).
    pub fn another(&self) -> Result<External, StartError> {
        let mut x = External::start(&self.game, &self.def)?;
        if x.protocol < self.protocol
            || x.sides != self.sides
            || !self.can.iter().all(|c| x.can.contains(c))
        {
            return Err(StartError::Failed(format!(
                "the engine `{}` answered `info` differently when started again",
                self.label
            )));
        }
        x.can = self.can.clone();
        x.plies = Arc::clone(&self.plies);
        if let (Ok(mine), Ok(mut theirs)) = (self.proc.lock(), x.proc.lock()) {
            theirs.budget = mine.budget;
            theirs.timeout = mine.timeout;
        }
        Ok(x)
    }

    /// The folder of the game whose program this is.
    pub fn dir(&self) -> &std::path::Path {
        &self.def.dir
    }

    /// Counts `n` plies played through the program.
    pub(crate) fn count_plies(&self, n: u64) {
        self.plies.fetch_add(n, Ordering::Relaxed);
    }

    /// The plies played through the program so far, by every process of it.
    pub fn plies_played(&self) -> u64 {
        self.plies.load(Ordering::Relaxed)
    }

    /// Sets the memory kept for this engine's answers, in bytes ([`CACHE_BUDGET`] by default).
    pub fn set_cache_budget(&self, bytes: usize) {
        if let Ok(mut p) = self.proc.lock() {
            p.budget = bytes;
        }
    }

    /// Sets the answer limit for the next requests ([`timeout`] by default).
    pub fn set_timeout(&self, limit: Duration) {
        if let Ok(mut p) = self.proc.lock() {
            p.timeout = limit;
        }
    }

    /// The estimated memory kept for this engine's answers, in bytes.
    pub fn cached_bytes(&self) -> usize {
        self.proc.lock().map_or(0, |p| p.cached)
    }

    /// Sends one request and reads its answer; an answer with `error` is refused with its text.
    pub(super) fn request(&self, mut req: Value) -> Result<Value, Unanswered> {
        let mut p = self
            .proc
            .lock()
            .map_err(|_| Unanswered::Failed("the engine's lock was poisoned".into()))?;
        if let Some(f) = &p.failure {
            return Err(Unanswered::Failed(f.clone()));
        }
        p.next += 1;
        let id = p.next;
        req["id"] = json!(id);
        let limit = p.timeout;
        let answer = p
            .process
            .exchange(format!("{req}\n").into_bytes(), limit)
            .and_then(|line| {
                let v: Value = serde_json::from_str(&line).map_err(|e| {
                    let shown: String = line.chars().take(120).collect();
                    NoAnswer(format!(
                        "an answer that is not JSON ({e}): {}",
                        escape_controls(&shown)
                    ))
                })?;
                if v.get("id").and_then(Value::as_u64) != Some(id) {
                    return Err(NoAnswer(format!(
                        "an answer to request {id} without `\"id\": {id}`"
                    )));
                }
                Ok(v)
            });
        match answer {
            Ok(v) => match v.get("error") {
                Some(e) => Err(Unanswered::Refused(
                    escape_controls(&e.as_str().map_or_else(|| e.to_string(), String::from))
                        .into_owned(),
                )),
                None => Ok(v),
            },
            Err(e) => {
                // Given up on: it and everything it started end now, not when ludopress does;
                // what they wrote before is still read, without waiting on a live engine.
                p.process.kill();
                let said = p.process.said();
                let said = if said.is_empty() {
                    String::new()
                } else {
                    format!("; it said: {said}")
                };
                let f = format!("the engine `{}` failed: {e}{said}", self.label);
                p.failure = Some(f.clone());
                Err(Unanswered::Failed(f))
            }
        }
    }

    /// The engine's failure, if it failed (crashed, answered late or out of protocol).
    pub fn failure(&self) -> Option<String> {
        self.proc.lock().ok().and_then(|p| p.failure.clone())
    }

    /// Validates a position given as TOML data: the engine's `score` answers it, or says what
    /// is wrong with it.
    pub fn position(&self, rows: &[Vec<String>], fields: &toml::Table) -> Result<ExtPos, Error> {
        let mut m = Map::new();
        for (k, v) in fields {
            m.insert(k.clone(), to_json(v));
        }
        m.insert("game".into(), json!(self.game));
        m.insert("board".into(), json!(board_text(rows)));
        let pos = ExtPos::of(&Value::Object(m));
        self.score_of(&pos).map(|_| pos).map_err(Error::from)
    }

    fn score_of(&self, p: &ExtPos) -> Result<Score, Unanswered> {
        if let Some(s) = self
            .proc
            .lock()
            .ok()
            .and_then(|pr| pr.scores.get(p).cloned())
        {
            return Ok(s);
        }
        let v = self.request(json!({ "cmd": "score", "position": p.value() }))?;
        let score = Score {
            over: v.get("over").and_then(Value::as_bool).unwrap_or(false),
            winner: v.get("winner").and_then(Value::as_str).map(String::from),
            scores: v
                .get("scores")
                .and_then(Value::as_object)
                .map(|m| {
                    m.iter()
                        .map(|(k, n)| (k.clone(), n.as_i64().unwrap_or(0)))
                        .collect()
                })
                .unwrap_or_default(),
        };
        if let Ok(mut pr) = self.proc.lock() {
            let cost = score_cost(p, &score);
            if pr.cached + cost <= pr.budget {
                pr.cached += cost;
                pr.scores.insert(p.clone(), score.clone());
            }
        }
        Ok(score)
    }

    /// `score`: a failed engine answers "not over" (its failure is reported by the check).
    pub fn score(&self, p: &ExtPos) -> Score {
        self.score_of(p).unwrap_or_default()
    }

    /// The distinct successors, one move each (the smallest notation), sorted by move.
    pub fn moves(&self, p: &ExtPos) -> Arc<Vec<(String, ExtPos)>> {
        if let Some(m) = self
            .proc
            .lock()
            .ok()
            .and_then(|pr| pr.moves.get(p).cloned())
        {
            return m;
        }
        let list = self
            .request(json!({ "cmd": "moves", "position": p.value() }))
            .map(|v| {
                let mut all: Vec<(String, ExtPos)> = v
                    .get("moves")
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .take(MAX_MOVES)
                            .filter_map(|m| {
                                let mv = m.get("move")?.as_str()?.to_string();
                                let mut q = m.get("position")?.clone();
                                q["game"] = json!(self.game);
                                Some((mv, ExtPos::of(&q)))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                all.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
                all.dedup_by(|a, b| a.1 == b.1);
                all.sort_by(|a, b| a.0.cmp(&b.0));
                all
            })
            .unwrap_or_default();
        let list = Arc::new(list);
        if let Ok(mut pr) = self.proc.lock() {
            let cost = moves_cost(p, &list);
            if pr.cached + cost <= pr.budget {
                pr.cached += cost;
                pr.moves.insert(p.clone(), Arc::clone(&list));
            }
        }
        list
    }

    /// The position as a TOML file.
    pub fn to_toml(&self, p: &ExtPos) -> String {
        let (board, mut fields) = p.data();
        let mut out = format!("game = \"{}\"\n", self.game);
        fields.remove("game");
        out.push_str(&toml::to_string(&fields).unwrap_or_default());
        out.push_str(&format!("board = \"\"\"\n{}\n\"\"\"\n", board.text("\n")));
        out
    }
}
