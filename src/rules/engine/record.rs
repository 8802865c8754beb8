//! Position files and records: a file's text read into the engine of its game and a validated
//! position, and a record's moves (`record = [...]`) replayed from it.
//!
//! In: the text of a position file (TOML: `game`, `board`, the game's fields, maybe `record`).
//! Out: the [`Engine`] of its game and the [`Record`] (start, moves, end), or diagnostics placed
//! in the file.

use super::{Engine, Error, Position};
use crate::base::diag::Diagnostics;
use crate::definition::Project;
use crate::rules::{self, RawPosition};

/// Most moves a record replays.
pub const MAX_RECORD: usize = 100_000;

/// A position file read whole: the position it describes, the moves of its `record` (none
/// for a plain position) and the position after them.
#[derive(Debug, Clone)]
pub struct Record {
    /// The position the file describes.
    pub start: Position,
    /// The record's moves, as written.
    pub moves: Vec<String>,
    /// The position after them.
    pub end: Position,
}

impl Engine {
    /// Reads a position file's text, builds the engine of its game and validates the position
    /// (for a record, the position after its moves).
    pub fn open(project: &Project, path: &str, text: &str) -> Result<(Engine, Position), Error> {
        Engine::open_record(project, path, text).map(|(engine, r)| (engine, r.end))
    }

    /// Reads a position file's text, builds the engine of its game, validates the position and
    /// replays the record's moves, if it has any.
    pub fn open_record(
        project: &Project,
        path: &str,
        text: &str,
    ) -> Result<(Engine, Record), Error> {
        let (game, raw) = rules::raw(path, text)?;
        // A game of the registry's, or of the project (declared rules, or a program of its own).
        let in_project = project.check_id(&game).is_ok()
            && crate::base::paths::present(&project.game_file(&game));
        if crate::rules::registry::find(&game).is_none() && !in_project {
            return Err(Error::Input(unknown_game(&raw, &game).into()));
        }
        let engine = Engine::new(project, &game)?;
        let mut raw = raw;
        let record = raw.take("record");
        let src = raw.src.clone();
        let start = engine.position(raw)?;
        let (end, moves) = match record {
            Some((span, value)) => engine.replay(&src, span, value, start.clone())?,
            None => (start.clone(), Vec::new()),
        };
        Ok((engine, Record { start, moves, end }))
    }

    /// The position after a record's moves (`record = ["d4", "c1-c3; die = 4", ...]`), played
    /// from the position the file describes. A move is written in the game's notation; where
    /// chance follows it, `; field = value` says which outcome came (the roll that followed).
    fn replay(
        &self,
        src: &crate::base::diag::Source,
        span: std::ops::Range<usize>,
        value: toml::Value,
        mut pos: Position,
    ) -> Result<(Position, Vec<String>), Diagnostics> {
        let toml::Value::Array(items) = value else {
            return Err(src
                .error(span, "`record`: expected an array of moves")
                .into());
        };
        if items.len() > MAX_RECORD {
            return Err(src
                .error(
                    span,
                    format!("`record`: {} moves, at most {MAX_RECORD}", items.len()),
                )
                .into());
        }
        // Each move's place: the n-th string of the array in the file.
        let text = src.text.get(span.clone()).unwrap_or("");
        let mut places = Vec::new();
        let mut rest = 0;
        for it in &items {
            let at = match it {
                toml::Value::String(m) => text[rest..].find(&format!("\"{m}\"")).map(|i| {
                    rest += i + m.len() + 2;
                    span.start + rest - m.len() - 2..span.start + rest
                }),
                _ => None,
            };
            places.push(at.unwrap_or(span.clone()));
        }
        let mut moves = Vec::with_capacity(items.len());
        for (ply, (it, at)) in items.iter().zip(places).enumerate() {
            let toml::Value::String(entry) = it else {
                return Err(src
                    .error(at, format!("`record` move {}: expected a string", ply + 1))
                    .into());
            };
            moves.push(entry.clone());
            let (mv, outcome) = match entry.split_once(';') {
                Some((m, o)) => (m.trim(), Some(o.trim())),
                None => (entry.trim(), None),
            };
            let mut found: Vec<Position> = self
                .all_moves(&pos)
                .into_iter()
                .filter(|(n, _)| n == mv)
                .map(|(_, q)| q)
                .collect();
            if found.is_empty() {
                found.extend(self.find_move(&pos, mv));
            }
            found.sort();
            found.dedup();
            if let Some(o) = outcome {
                let (key, want) = o
                    .split_once('=')
                    .map_or((o, ""), |(k, v)| (k.trim(), v.trim()));
                found.retain(|q| {
                    self.fields(q).iter().any(|(k, v)| {
                        *k == key
                            && crate::rules::to_line(&[(k, v.clone())])
                                == format!("{key}={}", want.trim_matches('"'))
                    })
                });
            }
            let legal = || {
                let mut names: Vec<String> = self
                    .successor_moves(&pos)
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect();
                names.sort_by_key(|n| crate::rules::natural_key(n));
                names.dedup();
                let shown: Vec<String> = names.iter().take(40).cloned().collect();
                format!(
                    "{}{}",
                    shown.join(", "),
                    if names.len() > 40 { ", …" } else { "" }
                )
            };
            match found.len() {
                1 => pos = found.remove(0),
                0 if outcome.is_some() => {
                    return Err(src
                        .error(
                            at,
                            format!(
                                "`record` move {}: `{entry}` cannot have this outcome here",
                                ply + 1
                            ),
                        )
                        .into())
                }
                0 => {
                    let mut d = src.error(
                        at,
                        format!("`record` move {}: `{mv}` is not legal here", ply + 1),
                    );
                    d.hint = Some(format!("legal moves: {}", legal()));
                    return Err(d.into());
                }
                n => {
                    let keys: Vec<&str> = self
                        .fields(&found[0])
                        .iter()
                        .zip(self.fields(&found[1]))
                        .filter(|(a, b)| a.1 != b.1)
                        .map(|(a, _)| a.0)
                        .collect();
                    return Err(src
                        .error(at, format!("`record` move {}: `{mv}` leads to {n} positions by chance: write which came, as `{mv}; {} = …`", ply + 1, keys.first().copied().unwrap_or("field")))
                        .into());
                }
            }
        }
        Ok((pos, moves))
    }

    /// Validates a raw position for this engine.
    pub fn position(&self, raw: RawPosition) -> Result<Position, Diagnostics> {
        with_rules!(self, r, wrap => rules::load(r, raw).map(wrap), x => {
            // The engine program says what is wrong with a position; the place is its block.
            let src = raw.src.clone();
            let at = src.text.find("board").map_or(0..0, |i| i..i + 5);
            let mut table: toml::Table = toml::from_str(&src.text).map_err(|e| crate::base::diag::from_toml(&src, &e))?;
            // A record's moves are replayed here, not sent.
            for k in ["game", "expect", "diagram", "record"] {
                table.remove(k);
            }
            let rows = match table.remove("board") {
                Some(toml::Value::String(b)) => rules::board_rows(&b),
                _ => return Err(src.error(at, "`board` is a string of rows of tokens").into()),
            };
            x.position(&rows, &table)
                .map(Position::External)
                .map_err(|e| src.error(at, format!("the engine `{}` refuses this position: {e}", x.label)).into())
        })
    }
}

/// A diagnostic for a position file that is not valid TOML or lacks `game`.
pub fn unknown_game(raw: &RawPosition, game: &str) -> crate::base::diag::Diagnostic {
    let span = raw.game_span();
    let games = crate::rules::registry::NAMES;
    let mut d = raw.src.error(
        span,
        format!(
            "unknown game `{game}` (expected one of {})",
            games.join(", ")
        ),
    );
    if let Some(c) = crate::base::diag::closest(game, games) {
        d = d.with_hint(format!("did you mean `{c}`?"));
    }
    d
}

#[cfg(test)]
mod tests {
    /// The message for a position file without `game` lists the shipped games as the registry
    /// does, as "unknown game" does.
    #[test]
    fn missing_game_names_every_engine() {
        let e = crate::rules::raw("p.toml", "board = \"\"\n").unwrap_err();
        let want = format!(
            "missing key `game` (one of {})",
            crate::rules::registry::NAMES.join(", ")
        );
        assert!(e.to_string().contains(&want), "{e}");
    }
}
