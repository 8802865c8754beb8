//! Protocol version 2 of an engine program: the requests a player needs (`start`, `play`,
//! `playout`, docs/engine-protocol.md "Playing"), each optional for the program and announced in
//! its `info` answer's `can`. In: an [`External`] and positions; out: positions, or an engine
//! error (never a panic) when the program does not offer the request, refuses it, or answers
//! out of protocol. (The three requests still give the error as text to the rules of
//! `rules.rs`, which hold errors as text until they are converted: their bodies are written
//! for `Error`, so only their signatures change then.)

use super::{ExtPos, External};
use crate::base::diag::Error;
use serde_json::{json, Value};

/// The version-2 requests ludopress knows.
const REQUESTS: &[&str] = &["start", "play", "playout"];

/// The known requests an `info` answer announces in `can`, sorted (unknown names are ignored:
/// a newer program may offer more).
pub(super) fn announced(info: &Value) -> Vec<String> {
    let mut can: Vec<String> = info
        .get("can")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .filter(|c| REQUESTS.contains(c))
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    can.sort();
    can.dedup();
    can
}

impl External {
    /// Whether the program announced the version-2 request `cmd`.
    pub fn offers(&self, cmd: &str) -> bool {
        self.can.iter().any(|c| c == cmd)
    }

    /// Refuses a request the program did not announce, by name.
    fn need(&self, cmd: &str) -> Result<(), Error> {
        if self.offers(cmd) {
            Ok(())
        } else {
            Err(Error::engine(
                String::new(),
                format!(
                    "the engine `{}` does not offer `{cmd}` (protocol {}; its `info` must list it in `can`)",
                    self.label, self.protocol
                ),
            ))
        }
    }

    /// The `position` of an answer to `cmd`, which must be a JSON object; it becomes one of the
    /// game's positions (its `game` key set, keys sorted).
    fn position_of(&self, cmd: &str, v: &Value) -> Result<ExtPos, Error> {
        match v.get("position") {
            Some(Value::Object(m)) => {
                let mut m = m.clone();
                m.insert("game".into(), json!(self.game));
                Ok(ExtPos::of(&Value::Object(m)))
            }
            _ => Err(Error::engine(
                String::new(),
                format!(
                    "the engine `{}` answered `{cmd}` without a `position` object",
                    self.label
                ),
            )),
        }
    }

    /// The side to move of `p` as an index into [`External::sides`]: `None` when the position
    /// has no `to_move`, or one the engine does not name.
    pub fn seat(&self, p: &ExtPos) -> Option<usize> {
        let v = p.value();
        let side = v.get("to_move")?.as_str()?;
        self.sides.iter().position(|s| s == side)
    }

    /// `start`: the game's start position (shuffled or dealt with `seed` in a game with chance).
    pub fn start_position(&self, seed: u64) -> Result<ExtPos, Error> {
        self.need("start")?;
        let v = self
            .request(json!({ "cmd": "start", "seed": seed }))
            .map_err(Error::from)?;
        self.position_of("start", &v)
    }

    /// `play`: the position after the move written `m`; the program's refusal (an illegal move)
    /// is `Err` with its reason. Without `play`, the move is searched among `moves`.
    pub fn play(&self, p: &ExtPos, m: &str) -> Result<ExtPos, Error> {
        if !self.offers("play") {
            let found = self
                .moves(p)
                .iter()
                .find(|(n, _)| n == m)
                .map(|(_, q)| q.clone());
            return found.ok_or_else(|| {
                Error::engine(
                    String::new(),
                    self.failure()
                        .unwrap_or_else(|| format!("`{m}` is not a legal move here")),
                )
            });
        }
        let v = self
            .request(json!({ "cmd": "play", "position": p.value(), "move": m }))
            .map_err(Error::from)?;
        self.position_of("play", &v)
    }

    /// `playout`: a random game played by the program from `p`, at most `cap` plies, the same
    /// for the same `seed`: the last position and the plies played (at most `cap`).
    pub fn playout(&self, p: &ExtPos, seed: u64, cap: u64) -> Result<(ExtPos, u64), Error> {
        self.need("playout")?;
        let v = self
            .request(json!({
                "cmd": "playout",
                "position": p.value(),
                "seed": seed,
                "cap": cap,
            }))
            .map_err(Error::from)?;
        let q = self.position_of("playout", &v)?;
        match v.get("plies").and_then(Value::as_u64) {
            Some(n) if n <= cap => Ok((q, n)),
            _ => Err(Error::engine(
                String::new(),
                format!(
                    "the engine `{}` answered `playout` without `plies`, a whole number up to the cap {cap}",
                    self.label
                ),
            )),
        }
    }
}
