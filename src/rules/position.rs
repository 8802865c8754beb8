//! Position files: a TOML table read with spans, fields taken one by one by a game, leftovers
//! reported as unknown keys. Board strings are split into tokens that keep their place in the file.

use crate::base::diag::{Diagnostics, Source};
use std::collections::BTreeMap;
use std::ops::Range;
use toml::{Spanned, Value};

/// Largest position (a file, or a block of a rulebook), in bytes: a real one is a few hundred.
pub const MAX_BYTES: usize = 64 << 10;
/// Largest record (a position file with `record = [...]`, the moves played from it), in bytes:
/// ten thousand plies of a long game.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// Whether a position file's text holds a `record` key (a line that starts with it).
pub fn has_record(text: &str) -> bool {
    text.lines().any(|l| {
        l.strip_prefix("record")
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    })
}

/// Longest line of a position, in characters.
pub const MAX_LINE: usize = 2000;

/// Keys every position may hold that the engine commands ignore (rulebook claims and marks).
pub const IGNORED: [&str; 2] = ["expect", "diagram"];

/// A position file before validation: its source and its top-level entries.
#[derive(Debug)]
pub struct RawPosition {
    /// The source text (for places).
    pub src: Source,
    /// Offset of this text inside a larger file (a fenced block in a rulebook), added to spans.
    entries: BTreeMap<String, (Range<usize>, Range<usize>, Value)>,
    /// Errors found so far.
    pub diags: Diagnostics,
}

/// One token of a board row with its place.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// The text.
    pub text: String,
    /// Byte range in the source.
    pub span: Range<usize>,
}

impl RawPosition {
    /// Parses the TOML text of a position.
    pub fn parse(src: Source) -> Result<RawPosition, Diagnostics> {
        // A record (a position and the moves played from it, `record = [...]`) may be longer.
        let (max, what) = if has_record(&src.text) {
            (MAX_RECORD_BYTES, "a record")
        } else {
            (MAX_BYTES, "a position")
        };
        src.within(max, MAX_LINE, what)?;
        let table: BTreeMap<Spanned<String>, Spanned<Value>> =
            toml::from_str(&src.text).map_err(|e| crate::base::diag::from_toml(&src, &e))?;
        let entries = table
            .into_iter()
            .map(|(k, v)| {
                let (ks, vs) = (k.span(), v.span());
                (k.into_inner(), (ks, vs, v.into_inner()))
            })
            .collect();
        Ok(RawPosition {
            src,
            entries,
            diags: Diagnostics::default(),
        })
    }

    /// The `game` key, required: its absence is told with the names of `games`.
    pub fn game(&mut self, games: &[&str]) -> Result<String, Diagnostics> {
        match self.entries.remove("game") {
            Some((_, span, Value::String(s))) => {
                self.entries.insert(
                    "game".into(),
                    (span.clone(), span, Value::String(s.clone())),
                );
                Ok(s)
            }
            Some((_, span, v)) => Err(self
                .src
                .error(
                    span,
                    format!("`game`: expected a string, found {}", v.type_str()),
                )
                .into()),
            None => Err(self
                .src
                .error(
                    top_line(&self.src.text),
                    format!("missing key `game` (one of {})", games.join(", ")),
                )
                .into()),
        }
    }

    /// Where the `game` key's value is written, or the file's first line when it has none.
    pub fn game_span(&self) -> Range<usize> {
        self.entries
            .get("game")
            .map_or_else(|| top_line(&self.src.text), |e| e.1.clone())
    }

    /// Records an error at a span.
    pub fn error(&mut self, span: Range<usize>, msg: impl Into<String>) {
        let d = self.src.error(span, msg);
        self.diags.push(d);
    }

    /// Records an error with a hint.
    pub fn error_hint(&mut self, span: Range<usize>, msg: impl Into<String>, hint: Option<String>) {
        let mut d = self.src.error(span, msg);
        d.hint = hint;
        self.diags.push(d);
    }

    /// True when the file has this key (not yet taken).
    pub fn has(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// Takes a key's value and span, if present.
    pub fn take(&mut self, key: &str) -> Option<(Range<usize>, Value)> {
        self.entries.remove(key).map(|(_, vs, v)| (vs, v))
    }

    /// Span of the position's first line, for errors about a missing key (in a rulebook, the
    /// first line of the fenced block rather than the start of the file).
    pub fn top(&self) -> Range<usize> {
        top_line(&self.src.text)
    }

    /// Takes a required string.
    pub fn string(&mut self, key: &str) -> Option<(Range<usize>, String)> {
        match self.take(key) {
            Some((s, Value::String(v))) => Some((s, v)),
            Some((s, v)) => {
                self.error(
                    s,
                    format!("`{key}`: expected a string, found {}", v.type_str()),
                );
                None
            }
            None => None,
        }
    }

    /// Takes a choice among `options`; a missing key gives `None` without error.
    pub fn choice(&mut self, key: &str, options: &[&str]) -> Option<(Range<usize>, usize)> {
        let (span, v) = self.string(key)?;
        match options.iter().position(|o| *o == v) {
            Some(i) => Some((span, i)),
            None => {
                let hint = crate::base::diag::closest(&v, options.iter().copied())
                    .map(|c| format!("did you mean `{c}`?"));
                self.error_hint(
                    span,
                    format!(
                        "`{key}`: unknown value `{v}` (expected one of {})",
                        options.join(", ")
                    ),
                    hint,
                );
                None
            }
        }
    }

    /// Takes a required choice among `options`; a missing key is reported too.
    pub fn required_choice(
        &mut self,
        key: &str,
        options: &[&str],
    ) -> Option<(Range<usize>, usize)> {
        if !self.has(key) {
            let top = self.top();
            self.error(
                top,
                format!("missing key `{key}` (one of {})", options.join(", ")),
            );
        }
        self.choice(key, options)
    }

    /// Takes an integer within `min..=max`.
    pub fn int(&mut self, key: &str, min: i64, max: i64) -> Option<(Range<usize>, i64)> {
        match self.take(key) {
            Some((s, Value::Integer(v))) if (min..=max).contains(&v) => Some((s, v)),
            Some((s, Value::Integer(v))) => {
                self.error(
                    s,
                    format!("`{key}`: {v} is out of range (expected {min} to {max})"),
                );
                None
            }
            Some((s, v)) => {
                self.error(
                    s,
                    format!("`{key}`: expected an integer, found {}", v.type_str()),
                );
                None
            }
            None => None,
        }
    }

    /// Takes an array of strings.
    pub fn strings(&mut self, key: &str) -> Option<(Range<usize>, Vec<String>)> {
        match self.take(key) {
            Some((s, Value::Array(items))) => {
                let mut out = Vec::new();
                for it in items {
                    match it {
                        Value::String(v) => out.push(v),
                        other => {
                            self.error(
                                s.clone(),
                                format!("`{key}`: expected strings, found {}", other.type_str()),
                            );
                            return None;
                        }
                    }
                }
                Some((s, out))
            }
            Some((s, v)) => {
                self.error(
                    s,
                    format!("`{key}`: expected an array, found {}", v.type_str()),
                );
                None
            }
            None => None,
        }
    }

    /// Takes a table of integers with exactly the keys `names`, each within `min..=max`.
    pub fn int_table(
        &mut self,
        key: &str,
        names: &[&str],
        min: i64,
        max: i64,
    ) -> Option<(Range<usize>, Vec<i64>)> {
        match self.take(key) {
            Some((s, Value::Table(t))) => {
                let mut out = vec![0; names.len()];
                for (k, v) in &t {
                    let Some(i) = names.iter().position(|n| n == k) else {
                        self.error(
                            s.clone(),
                            format!("`{key}`: unknown key `{k}` (expected {})", names.join(", ")),
                        );
                        return None;
                    };
                    match v {
                        Value::Integer(n) if (min..=max).contains(n) => out[i] = *n,
                        _ => {
                            self.error(s.clone(), format!("`{key}.{k}`: expected an integer from {min} to {max}, found {v}"));
                            return None;
                        }
                    }
                }
                for n in names {
                    if !t.contains_key(*n) {
                        self.error(s.clone(), format!("`{key}`: missing `{n}`"));
                        return None;
                    }
                }
                Some((s, out))
            }
            Some((s, v)) => {
                self.error(
                    s,
                    format!("`{key}`: expected a table, found {}", v.type_str()),
                );
                None
            }
            None => None,
        }
    }

    /// Takes the board string (required) and splits it into rows of tokens with their places.
    pub fn board(&mut self) -> Option<(Range<usize>, Vec<Vec<Token>>)> {
        if !self.has("board") {
            let top = self.top();
            self.error(top, "missing key `board`");
        }
        let (span, text) = self.string("board")?;
        let base = content_offset(&self.src.text, &span, &text);
        let mut rows = Vec::new();
        let mut offset = 0;
        for line in text.split('\n') {
            let start = offset;
            offset += line.len() + 1;
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            let at = |i: usize, len: usize| match base {
                Some(b) => b + start + i..b + start + i + len,
                None => span.clone(),
            };
            let mut row = Vec::new();
            if line.trim().contains(char::is_whitespace) {
                // Separators may be several bytes long (a non-breaking space): tokens keep the
                // byte offsets of their own characters.
                let mut token: Option<usize> = None;
                for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
                    match (c.is_whitespace(), token) {
                        (true, Some(t)) => {
                            row.push(Token {
                                text: line[t..i].to_string(),
                                span: at(t, i - t),
                            });
                            token = None;
                        }
                        (false, None) => token = Some(i),
                        _ => {}
                    }
                }
            } else {
                let lead = line.len() - line.trim_start().len();
                for (i, c) in line.trim().char_indices() {
                    row.push(Token {
                        text: c.to_string(),
                        span: at(lead + i, c.len_utf8()),
                    });
                }
            }
            rows.push(row);
        }
        Some((span, rows))
    }

    /// Reports every key nobody took as unknown, then returns the errors, if any.
    pub fn finish(mut self, known: &[&str]) -> Result<Source, Diagnostics> {
        let left: Vec<(String, Range<usize>)> = self
            .entries
            .iter()
            .filter(|(k, _)| k.as_str() != "game" && !IGNORED.contains(&k.as_str()))
            .map(|(k, (ks, _, _))| (k.clone(), ks.clone()))
            .collect();
        for (k, span) in left {
            let hint = crate::base::diag::closest(&k, known.iter().copied())
                .map(|c| format!("did you mean `{c}`?"));
            self.error_hint(
                span,
                format!(
                    "unknown key `{k}` for this game (expected one of {})",
                    known.join(", ")
                ),
                hint,
            );
        }
        self.diags.finish(self.src)
    }
}

/// The first line of `text` that is not blank (its content), or the start of the text.
fn top_line(text: &str) -> Range<usize> {
    let start = text.len() - text.trim_start().len();
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    start..end.max(start)
}

/// Where the characters of a string value start in the source, when they map one to one (no
/// escapes); `None` otherwise.
fn content_offset(src: &str, span: &Range<usize>, value: &str) -> Option<usize> {
    let lit = src.get(span.clone())?;
    let (open, raw) = if lit.starts_with("\"\"\"") {
        (3, false)
    } else if lit.starts_with("'''") {
        (3, true)
    } else if lit.starts_with('"') {
        (1, false)
    } else if lit.starts_with('\'') {
        (1, true)
    } else {
        return None;
    };
    if !raw && lit.contains('\\') {
        return None;
    }
    let mut start = span.start + open;
    // A newline right after the opening triple quote is not part of the value.
    if open == 3 {
        if src[start..].starts_with("\r\n") {
            start += 2;
        } else if src[start..].starts_with('\n') {
            start += 1;
        }
    }
    (src.get(start..start + value.len()) == Some(value)).then_some(start)
}

/// Reports a wrong board shape or token; returns `false` when the board is unusable.
pub fn check_shape(
    raw: &mut RawPosition,
    span: &Range<usize>,
    rows: &[Vec<Token>],
    widths: &[usize],
) -> bool {
    if rows.len() != widths.len() {
        raw.error(
            span.clone(),
            format!(
                "`board`: expected {} rows, found {}",
                widths.len(),
                rows.len()
            ),
        );
        return false;
    }
    let mut ok = true;
    for (i, (row, w)) in rows.iter().zip(widths).enumerate() {
        if row.len() != *w {
            let at = row.first().map_or(span.clone(), |t| {
                t.span.start..row.last().map_or(t.span.end, |l| l.span.end)
            });
            raw.error(
                at,
                format!(
                    "`board` row {}: expected {w} tokens, found {}",
                    i + 1,
                    row.len()
                ),
            );
            ok = false;
        }
    }
    ok
}

/// The tokens of a square board, each with its cell index (`rank * cols + file`, rank 0 being
/// the last row written); none when the board's shape is wrong, which [`check_shape`] reports.
pub fn square_cells(
    raw: &mut RawPosition,
    span: &Range<usize>,
    rows: Vec<Vec<Token>>,
    grid: &crate::geometry::SquareGrid,
) -> Vec<(usize, Token)> {
    if !check_shape(raw, span, &rows, &vec![grid.cols; grid.rows]) {
        return Vec::new();
    }
    let top = grid.rows - 1;
    rows.into_iter()
        .enumerate()
        .flat_map(|(i, row)| {
            row.into_iter()
                .enumerate()
                .map(move |(f, tok)| ((top - i) * grid.cols + f, tok))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_tokens_keep_their_place() {
        let text = "game = \"x\"\nboard = \"\"\"\n. L\nD .\n\"\"\"\n";
        let mut raw = RawPosition::parse(Source::new("p.toml", text)).unwrap();
        let (_, rows) = raw.board().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(&text[rows[1][0].span.clone()], "D");
        let rows_compact = {
            let mut r =
                RawPosition::parse(Source::new("p.toml", "board = \"\"\"\n  .L\n\"\"\"")).unwrap();
            r.board().unwrap().1
        };
        assert_eq!(rows_compact[0].len(), 2);
        assert_eq!(rows_compact[0][1].text, "L");
    }

    #[test]
    fn unknown_keys_are_reported_with_a_hint() {
        let mut raw = RawPosition::parse(Source::new(
            "p.toml",
            "game = \"x\"\nto_mve = \"light\"\n[expect]\nover = true\n",
        ))
        .unwrap();
        let _ = raw.game(&["x"]);
        let err = raw.finish(&["to_move", "board"]).unwrap_err();
        let s = err.to_string();
        assert!(
            s.starts_with("p.toml:2:1: error: unknown key `to_mve`"),
            "{s}"
        );
        assert!(s.contains("did you mean `to_move`?"));
    }
}
