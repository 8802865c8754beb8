//! Engines of a game's own: a program named in `[engine]` of `game.toml`, in any language, that
//! speaks the engine protocol (docs/engine-protocol.md): one JSON request a line on its
//! standard input, one JSON answer a line on its standard output. The program is started once
//! and kept running while a rulebook is checked, and every answer is kept, so a claim that asks
//! for a position's moves again costs nothing.

use crate::definition::model::EngineDef;
use crate::rules::Score;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The protocol's version, which the engine's `info` answer must give.
pub const PROTOCOL: u64 = 1;
/// Longest wait for one answer.
pub const TIMEOUT: Duration = Duration::from_secs(20);
/// Longest answer line, in bytes.
pub const MAX_ANSWER: usize = 16 << 20;
/// Most successors one answer may list.
pub const MAX_MOVES: usize = 100_000;

/// A position as the engine writes it: a JSON object with the keys of a position file, written
/// with its keys sorted, so that equal positions are equal strings.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExtPos(pub String);

impl ExtPos {
    fn of(v: &Value) -> ExtPos {
        ExtPos(v.to_string())
    }

    fn value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }

    /// The position as data: its board's rows of tokens and its other fields.
    pub fn data(&self) -> (Vec<Vec<String>>, toml::Table) {
        let mut table = toml::Table::new();
        let mut rows = Vec::new();
        if let Value::Object(m) = self.value() {
            for (k, v) in m {
                match (k.as_str(), &v) {
                    ("board", Value::String(b)) => rows = crate::rules::board_rows(b),
                    ("game", _) => {}
                    _ => {
                        if let Some(t) = to_toml(&v) {
                            table.insert(k, t);
                        }
                    }
                }
            }
        }
        (rows, table)
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
    proc: Arc<Mutex<Proc>>,
}

impl std::fmt::Debug for External {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "External({})", self.label)
    }
}

struct Proc {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
    stderr: Arc<Mutex<String>>,
    next: u64,
    moves: HashMap<ExtPos, Arc<Vec<(String, ExtPos)>>>,
    scores: HashMap<ExtPos, Score>,
    /// The first failure of the engine (it crashed, answered late or out of protocol): later
    /// requests answer nothing, and the check reports this once.
    failure: Option<String>,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl External {
    /// Starts the engine of `game` and asks it who it is.
    pub fn start(game: &str, def: &EngineDef) -> Result<External, String> {
        let label = def.command.join(" ");
        let mut child = Command::new(&def.command[0])
            .args(&def.command[1..])
            .current_dir(&def.dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the engine `{label}`: {e}"))?;
        let (Some(stdin), Some(stdout), Some(mut err)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(format!("cannot talk to the engine `{label}`"));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match r
                    .by_ref()
                    .take(MAX_ANSWER as u64 + 1)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) => break,
                    Ok(_) if line.len() > MAX_ANSWER => {
                        let _ = tx.send(Err(format!("an answer longer than {MAX_ANSWER} bytes")));
                        break;
                    }
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line).trim_end().to_string();
                        if tx.send(Ok(text)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e.to_string()));
                        break;
                    }
                }
            }
        });
        // The engine's own messages, kept (the last 8 KiB) for an error that needs them.
        let stderr = Arc::new(Mutex::new(String::new()));
        let keep = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = keep.lock() {
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if s.len() > 8192 {
                        let cut = s.len() - 8192;
                        let cut = (cut..s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(0);
                        s.drain(..cut);
                    }
                }
            }
        });
        let mut ext = External {
            game: game.to_string(),
            label,
            sides: Vec::new(),
            proc: Arc::new(Mutex::new(Proc {
                child,
                stdin,
                lines,
                stderr,
                next: 0,
                moves: HashMap::new(),
                scores: HashMap::new(),
                failure: None,
            })),
        };
        let info = ext.request(json!({ "cmd": "info" }))?;
        if info.get("protocol").and_then(Value::as_u64) != Some(PROTOCOL) {
            return Err(format!(
                "the engine `{}` speaks protocol {}, ludopress speaks {PROTOCOL}",
                ext.label,
                info.get("protocol")
                    .map_or("(none)".into(), Value::to_string)
            ));
        }
        if info.get("game").and_then(Value::as_str) != Some(game) {
            return Err(format!(
                "the engine `{}` plays `{}`, not `{game}`",
                ext.label,
                info.get("game")
                    .and_then(Value::as_str)
                    .unwrap_or("(no game)")
            ));
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
        Ok(ext)
    }

    /// Sends one request and reads its answer; an answer with `error` is `Err` with its text.
    fn request(&self, mut req: Value) -> Result<Value, String> {
        let mut p = self
            .proc
            .lock()
            .map_err(|_| "the engine's lock was poisoned")?;
        if let Some(f) = &p.failure {
            return Err(f.clone());
        }
        p.next += 1;
        let id = p.next;
        req["id"] = json!(id);
        let answer = (|| {
            writeln!(p.stdin, "{req}").map_err(|e| format!("writing to it: {e}"))?;
            p.stdin.flush().map_err(|e| format!("writing to it: {e}"))?;
            let line = match p.lines.recv_timeout(TIMEOUT) {
                Ok(Ok(line)) => line,
                Ok(Err(e)) => return Err(e),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no answer within {} s", TIMEOUT.as_secs()))
                }
                Err(RecvTimeoutError::Disconnected) => return Err("it stopped".into()),
            };
            let v: Value = serde_json::from_str(&line).map_err(|e| {
                let shown: String = line.chars().take(120).collect();
                format!("an answer that is not JSON ({e}): {shown}")
            })?;
            if v.get("id").and_then(Value::as_u64) != Some(id) {
                return Err(format!("an answer to request {id} without `\"id\": {id}`"));
            }
            Ok(v)
        })();
        match answer {
            Ok(v) => match v.get("error") {
                Some(e) => Err(e.as_str().map_or_else(|| e.to_string(), String::from)),
                None => Ok(v),
            },
            Err(e) => {
                let said = p
                    .stderr
                    .lock()
                    .map(|s| s.trim().to_string())
                    .unwrap_or_default();
                let said = if said.is_empty() {
                    String::new()
                } else {
                    format!("; it said: {said}")
                };
                let f = format!("the engine `{}` failed: {e}{said}", self.label);
                p.failure = Some(f.clone());
                Err(f)
            }
        }
    }

    /// The engine's failure, if it failed (crashed, answered late or out of protocol).
    pub fn failure(&self) -> Option<String> {
        self.proc.lock().ok().and_then(|p| p.failure.clone())
    }

    /// Validates a position given as TOML data: the engine's `score` answers it, or says what
    /// is wrong with it.
    pub fn position(&self, rows: &[Vec<String>], fields: &toml::Table) -> Result<ExtPos, String> {
        let mut m = Map::new();
        for (k, v) in fields {
            m.insert(k.clone(), to_json(v));
        }
        m.insert("game".into(), json!(self.game));
        m.insert("board".into(), json!(board_text(rows)));
        let pos = ExtPos::of(&Value::Object(m));
        self.score_of(&pos).map(|_| pos)
    }

    fn score_of(&self, p: &ExtPos) -> Result<Score, String> {
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
            pr.scores.insert(p.clone(), score.clone());
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
            pr.moves.insert(p.clone(), Arc::clone(&list));
        }
        list
    }

    /// The position as a TOML file.
    pub fn to_toml(&self, p: &ExtPos) -> String {
        let (rows, mut fields) = p.data();
        let mut out = format!("game = \"{}\"\n", self.game);
        fields.remove("game");
        out.push_str(&toml::to_string(&fields).unwrap_or_default());
        out.push_str(&format!("board = \"\"\"\n{}\n\"\"\"\n", board_text(&rows)));
        out
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
