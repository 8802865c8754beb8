//! Diagnostics: user errors with a place (`file:line:col`), the offending text and a hint.
//!
//! The library returns typed [`Diagnostic`]s inside its one error type, [`Error`]; the binary
//! prints them and picks the exit code (bad input 2, anything else 1).

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A source text with its path, used to turn byte offsets into lines and columns.
///
/// The text may be a fragment cut from a larger file (a fenced block of a rulebook): `origin`
/// then says where it starts, so places are those of the whole file without copying it.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path as shown to the user.
    pub path: PathBuf,
    /// Whole text of the file, or of the fragment.
    pub text: String,
    /// Lines of the file before the fragment, and characters before it on its first line.
    pub origin: (usize, usize),
    /// Byte offsets where the lines of `text` start, computed when first needed.
    lines: std::sync::OnceLock<Vec<usize>>,
}

/// Longest input file read, in bytes: definitions, position files and rulebooks alike. Larger
/// files are refused before they are read, so a mistaken path cannot exhaust memory.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// A number as written in a message: huge and tiny ones in exponent form (not 309 digits).
pub fn shown_number(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-3..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A count as written in a message, its thousands grouped: `1,000,000`.
pub fn shown_count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `text` as it may reach a terminal: every control character but the line break and the tab
/// (an escape sequence from a `game.toml` title or an engine's message could move the cursor,
/// retitle the window or hide what follows), and the bidirectional overrides (which reorder
/// what follows them), written as `\u{1b}`. Every printer of the binary, of `play` and of an
/// engine's words goes through it.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(bad) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if bad(c) {
            use std::fmt::Write as _;
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Longest message printed, in bytes.
pub const MAX_MESSAGE: usize = 1000;

/// Widest excerpt shown under a diagnostic, in characters: a longer line is cut around the place.
pub const EXCERPT_CHARS: usize = 100;

impl Source {
    /// Wraps a text read from `path`.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Source {
            path: path.into(),
            text: text.into(),
            origin: (0, 0),
            lines: Default::default(),
        }
    }

    /// The part `range` of a file's `text`, keeping the file's lines and columns; `line` is the
    /// 1-based line where `range` starts (known to the caller, which reads the file in order: a
    /// file of many fragments is not counted from its start for each one).
    pub fn fragment(
        path: impl Into<PathBuf>,
        text: &str,
        range: Range<usize>,
        line: usize,
    ) -> Self {
        let start = floor_char(text, range.start);
        let end = floor_char(text, range.end.max(start));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let col = text[line_start..start].chars().count() + 1;
        Source {
            path: path.into(),
            text: text[start..end].to_string(),
            origin: (line - 1, col - 1),
            lines: Default::default(),
        }
    }

    /// Reads a file, reporting an unreadable, oversized or non-UTF-8 file as a diagnostic.
    pub fn read(path: &Path) -> Result<Self, Diagnostics> {
        read_limited(path, MAX_FILE_BYTES, "any file read").map(|text| Source::new(path, text))
    }

    /// 1-based line and column (in characters) of a byte offset, in the whole file.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char(&self.text, offset);
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset);
        let col = self.text[starts[line - 1]..offset].chars().count() + 1;
        let col = if line == 1 { col + self.origin.1 } else { col };
        (line + self.origin.0, col)
    }

    /// Byte offsets where lines start, found once per source, so that many errors in a large
    /// file stay cheap.
    fn line_starts(&self) -> &[usize] {
        self.lines.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        })
    }

    /// Checks the size limits of an input kind: at most `max_bytes` in all, and lines of at most
    /// `max_line` characters; `what` names the kind in the message ("a position file").
    pub fn within(&self, max_bytes: usize, max_line: usize, what: &str) -> Result<(), Diagnostics> {
        if self.text.len() > max_bytes {
            // Placed where the limit is passed, so that the user sees how far the file is valid.
            let at = floor_char(&self.text, max_bytes);
            return Err(self
                .error(
                    at..at,
                    format!(
                        "too large: {} KiB, the limit for {what} is {} KiB (passed here)",
                        self.text.len().div_ceil(1024),
                        max_bytes / 1024
                    ),
                )
                .into());
        }
        let mut start = 0;
        for line in self.text.split_inclusive('\n') {
            // Bytes bound characters from above: only a long line is counted.
            if line.len() > max_line {
                if let Some((cut, _)) = line.char_indices().nth(max_line) {
                    let chars = line.trim_end_matches(['\n', '\r']).chars().count();
                    return Err(self
                        .error(
                            start + cut..start + cut + 1,
                            format!("line too long: {chars} characters, the limit for {what} is {max_line}"),
                        )
                        .into());
                }
            }
            start += line.len();
        }
        Ok(())
    }

    /// Builds an error at a byte range of this source.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let start = floor_char(&self.text, span.start);
        let end = floor_char(&self.text, span.end.max(start));
        let (line, col) = self.line_col(start);
        let line_start = self.line_starts()[line - self.origin.0 - 1];
        let line_end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |i| start + i);
        let line_text = self.text[line_start..line_end].trim_end_matches('\r');
        // Columns of the excerpt count the characters of the line as shown here.
        let local_col = self.text[line_start..start].chars().count() + 1;
        let width = self.text[start..end.min(line_end)].chars().count().max(1);
        Diagnostic {
            path: self.path.clone(),
            line,
            col,
            message: message.into(),
            excerpt: Some(Excerpt::new(line_text, local_col, width)),
            hint: None,
            warning: false,
        }
    }
}

/// Reads a file of at most `max` bytes as UTF-8, each failure a diagnostic naming the file;
/// `what` names the kind of file in the error of one too large.
pub fn read_limited(path: &Path, max: u64, what: &str) -> Result<String, Diagnostics> {
    use std::io::Read;
    // Checked before opening: opening a pipe would wait for a writer, a device may never end.
    let meta = std::fs::metadata(path)
        .map_err(|e| Diagnostic::file(path, format!("cannot read file: {e}")))?;
    if meta.is_dir() {
        return Err(Diagnostic::file(path, "expected a file, found a folder").into());
    }
    if !meta.is_file() {
        return Err(
            Diagnostic::file(path, "not a regular file (a device, a pipe or a socket)").into(),
        );
    }
    let file = std::fs::File::open(path)
        .map_err(|e| Diagnostic::file(path, format!("cannot read file: {e}")))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Diagnostic::file(path, format!("cannot read file: {e}")))?;
    if bytes.len() as u64 > max {
        // Placed where the limit is passed (the rest is never read).
        bytes.truncate(max as usize);
        let src = Source::new(path, String::from_utf8_lossy(&bytes).into_owned());
        let end = src.text.len();
        return Err(src
            .error(
                end..end,
                format!(
                    "file too large: more than {} KiB, the limit for {what} (passed here)",
                    max >> 10
                ),
            )
            .into());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..at]).into_owned();
        let src = Source::new(path, text);
        let end = src.text.len();
        src.error(end..end, format!("file is not UTF-8 (byte {at})"))
            .into()
    })
}

/// The largest character boundary of `text` at or before `offset`.
fn floor_char(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Line numbers of offsets taken in increasing order, counted once over the text.
#[derive(Debug, Default)]
pub struct LineCursor {
    at: usize,
    line: usize,
}

impl LineCursor {
    /// The 1-based line of `offset` in `text`; offsets are expected in increasing order (an
    /// earlier one is counted from the start).
    pub fn line(&mut self, text: &str, offset: usize) -> usize {
        let offset = floor_char(text, offset);
        if offset < self.at || self.line == 0 {
            self.at = 0;
            self.line = 1;
        }
        self.line += text[self.at..offset].matches('\n').count();
        self.at = offset;
        self.line
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char(text, offset);
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// The source line shown under a diagnostic, with the offending part underlined.
#[derive(Debug, Clone, PartialEq)]
pub struct Excerpt {
    /// The whole line.
    pub text: String,
    /// 1-based column where the underline starts.
    pub col: usize,
    /// Width of the underline in characters (at least 1).
    pub width: usize,
}

impl Excerpt {
    /// The excerpt of `line` underlined from character `col` (1-based) over `width` characters;
    /// a line wider than [`EXCERPT_CHARS`] is cut to a window around the place, marked with `…`.
    pub fn new(line: &str, col: usize, width: usize) -> Excerpt {
        let chars = line.chars().count();
        if chars <= EXCERPT_CHARS {
            return Excerpt {
                text: line.to_string(),
                col,
                width: width.min(chars + 1 - col.min(chars)).max(1),
            };
        }
        let half = EXCERPT_CHARS / 2;
        let first = col.saturating_sub(1 + half / 2).min(chars - EXCERPT_CHARS);
        let mut text: String = line.chars().skip(first).take(EXCERPT_CHARS).collect();
        let mut col = col - first;
        if first > 0 {
            text.insert(0, '…');
            col += 1;
        }
        if first + EXCERPT_CHARS < chars {
            text.push('…');
        }
        let room = EXCERPT_CHARS + 1 - (col - 1).min(EXCERPT_CHARS);
        Excerpt {
            text,
            col,
            width: width.clamp(1, room),
        }
    }
}

/// One user error.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// File the error is in.
    pub path: PathBuf,
    /// 1-based line (0 when the error is about the whole file).
    pub line: usize,
    /// 1-based column (0 when the error is about the whole file).
    pub col: usize,
    /// What is wrong: what was expected, what was found.
    pub message: String,
    /// The offending line, if known.
    pub excerpt: Option<Excerpt>,
    /// A suggestion, e.g. "did you mean `green`?".
    pub hint: Option<String>,
    /// A warning: printed, not fatal (unless the command is run with `--strict`).
    pub warning: bool,
}

impl Diagnostic {
    /// An error about a whole file (unreadable, missing).
    pub fn file(path: &Path, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_path_buf(),
            line: 0,
            col: 0,
            message: message.into(),
            excerpt: None,
            hint: None,
            warning: false,
        }
    }

    /// The same place with another message, as a warning.
    pub fn warn(&self, message: impl Into<String>) -> Self {
        Diagnostic {
            message: message.into(),
            hint: None,
            warning: true,
            ..self.clone()
        }
    }

    /// As an error (a warning under `--strict`).
    pub fn as_error(mut self) -> Self {
        self.warning = false;
        self
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// `file:line:col` as printed.
    pub fn place(&self) -> String {
        if self.line == 0 {
            self.path.display().to_string()
        } else {
            format!("{}:{}:{}", self.path.display(), self.line, self.col)
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.warning { "warning" } else { "error" };
        // A message quotes what it found: a huge value is cut, not printed whole.
        if self.message.len() > MAX_MESSAGE {
            let cut = floor_char(&self.message, MAX_MESSAGE);
            write!(f, "{}: {kind}: {}…", self.place(), &self.message[..cut])?;
        } else {
            write!(f, "{}: {kind}: {}", self.place(), self.message)?;
        }
        if let Some(ex) = &self.excerpt {
            let num = self.line.to_string();
            let pad = " ".repeat(num.len());
            let lead: String = ex
                .text
                .chars()
                .take(ex.col.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(
                f,
                "\n {pad} |\n {num} | {}\n {pad} | {lead}{}",
                ex.text,
                "^".repeat(ex.width)
            )?;
        }
        if let Some(h) = &self.hint {
            write!(f, "\n = hint: {h}")?;
        }
        Ok(())
    }
}

/// Several diagnostics at once (all the errors of a file where possible).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// True when no error was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// Records one error.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    /// The same errors said of `path` (a file read through its resolved path, named in
    /// messages as the person wrote or found it).
    pub fn at_path(self, path: &Path) -> Diagnostics {
        Diagnostics(
            self.0
                .into_iter()
                .map(|mut e| {
                    e.path = path.to_path_buf();
                    e
                })
                .collect(),
        )
    }
    /// `Ok(value)` when no error was recorded.
    pub fn finish<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

/// Most errors printed at once; the rest are counted.
pub const MAX_SHOWN: usize = 50;

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().take(MAX_SHOWN).enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        if self.0.len() > MAX_SHOWN {
            write!(f, "\n… and {} more", self.0.len() - MAX_SHOWN)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// The closest name to `word` among `names`, for "did you mean" hints.
pub fn closest<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    names
        .into_iter()
        .map(|n| (edit_distance(word, n), n))
        .filter(|(d, n)| *d <= (n.len().max(word.len()) / 3).max(1))
        .min()
        .map(|(_, n)| n)
}

/// Edits between two words: insertions, deletions, substitutions and swaps of two neighbouring
/// characters (`egde` is one edit from `edge`). Words longer than 64 characters are not compared
/// (so a hint costs little whatever the input).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(65).collect();
    let b: Vec<char> = b.chars().take(65).collect();
    if a.len() > 64 || b.len() > 64 {
        return usize::MAX;
    }
    let mut before: Vec<usize> = Vec::new();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
            if i > 0 && j > 0 && *ca == b[j - 1] && a[i - 1] == *cb {
                cur[j + 1] = cur[j + 1].min(before[j - 1] + 1);
            }
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}

/// Turns a TOML parse error into a diagnostic at its place.
pub fn from_toml(src: &Source, err: &toml::de::Error) -> Diagnostic {
    let span = err.span().unwrap_or(0..0);
    let msg = err.message().trim().to_string();
    // A table written only through the tables inside it (`[regions.home.geese]` with no
    // `[regions.home]`) has no place of its own, and the reader, which places every table,
    // says so in serde's words: say it in the writer's.
    if msg.ends_with("expected a borrowed string") {
        let start = src.text[..span.start.min(src.text.len())]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let header = src.text[start..].lines().next().unwrap_or("").trim();
        let inner = header.trim_start_matches('[').trim_end_matches(']');
        let (outer, key) = inner.rsplit_once('.').unwrap_or(("", inner));
        return src
            .error(
                span,
                format!("`[{outer}]` is written only through the tables inside it (`{header}`), which the reader cannot place"),
            )
            .with_hint(format!(
                "write `[{outer}]` with `{key} = {{ ... }}` inline in it"
            ));
    }
    // serde says "field" for a key: a designer writes keys and tables (and a card's `fields`
    // are something else), so an unknown one is named as written: a table by its header.
    let start = src.text[..span.start.min(src.text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line = src.text[start..].lines().next().unwrap_or("").trim();
    let Some((key, tail)) = msg
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split_once('`'))
    else {
        // A string left open reads as some other mistake further on (`invalid inline table`,
        // `invalid basic string` at the line's end): a line with an odd number of quotes says
        // which.
        let quotes = line
            .replace("\\\"", "")
            .replace("\"\"\"", "")
            .matches('"')
            .count();
        let d = src.error(span, msg);
        return if quotes % 2 == 1 {
            d.with_hint("this line has an odd number of `\"`: a string is not closed".to_string())
        } else {
            d
        };
    };
    let what = if line.starts_with('[') {
        let header = line.split('#').next().unwrap_or(line).trim();
        format!("unknown table `{header}`")
    } else {
        format!("unknown key `{key}`")
    };
    let mut d = src.error(span, format!("{what}{tail}"));
    let expected: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
    if let Some(c) = closest(key, expected.iter().copied()) {
        d = d.with_hint(format!("did you mean `{c}`?"));
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_written_only_through_inner_tables_is_explained() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct File {
            regions: std::collections::BTreeMap<String, toml::Spanned<toml::Table>>,
        }
        let text = "[regions.home.geese]\nranks = [7]\n";
        let err = toml::from_str::<File>(text).unwrap_err();
        let d = from_toml(&Source::new("game.toml", text), &err);
        let shown = d.to_string();
        assert!(
            shown.contains("`[regions.home]` is written only through the tables inside it"),
            "{shown}"
        );
        assert!(shown.contains("`geese = { ... }` inline"), "{shown}");
    }

    #[test]
    fn an_unknown_key_or_table_is_named_as_written() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct File {
            game: Option<toml::Table>,
            colors: Option<toml::Table>,
        }
        let said = |text: &str| {
            let err = toml::from_str::<File>(text).unwrap_err();
            from_toml(&Source::new("game.toml", text), &err).to_string()
        };
        let table = said("[game]\n\n[colours]   # mine\nred = \"#ff0000\"\n");
        assert!(
            table.contains(
                "game.toml:3:2: error: unknown table `[colours]`, expected `game` or `colors`"
            ) && table.contains("did you mean `colors`?"),
            "{table}"
        );
        let key = said("colours = 1\n");
        assert!(key.contains("error: unknown key `colours`"), "{key}");
    }

    #[test]
    fn a_string_left_open_is_hinted() {
        let hint = |text: &str| {
            let err = toml::from_str::<toml::Table>(text).unwrap_err();
            from_toml(&Source::new("game.toml", text), &err).hint
        };
        let open = Some("this line has an odd number of `\"`: a string is not closed".to_string());
        assert_eq!(hint("sheet = \"home   # a comment\n"), open);
        assert_eq!(hint("title = { fr = \"Météo, en = \"Weather\" }\n"), open);
        // An escaped quote is not a quote, and a mistake of another kind gets no such hint.
        assert_eq!(hint("a = \"say \\\"hi\\\"\" b = 1\n"), None);
    }

    #[test]
    fn line_col_counts_chars() {
        assert_eq!(line_col("ab\ncdé f", 8), (2, 5));
        assert_eq!(line_col("x", 0), (1, 1));
    }

    #[test]
    fn errors_inside_multibyte_characters_do_not_panic() {
        // A span that starts or ends inside a non-breaking space (2 bytes) or an emoji (4 bytes).
        let text = "row = \"L\u{a0}X\u{1F600}.\"";
        let src = Source::new("p.toml", text);
        for start in 0..text.len() + 2 {
            for end in start..text.len() + 3 {
                let d = src.error(start..end, "bad");
                assert_eq!(d.line, 1);
                assert!(d.to_string().contains("p.toml:1:"));
            }
        }
        let d = src.error(9..10, "bad");
        assert_eq!(
            (d.line, d.col),
            (1, 9),
            "a column counts characters, not bytes"
        );
    }

    #[test]
    fn long_lines_are_cut_around_the_place() {
        let line = format!("{}BAD{}", "x".repeat(5_000_000), "y".repeat(5_000_000));
        let src = Source::new("big.toml", line);
        let d = src.error(5_000_000..5_000_003, "bad token");
        assert_eq!(d.col, 5_000_001);
        let s = d.to_string();
        assert!(s.len() < 600, "message of {} bytes", s.len());
        assert!(s.contains("BAD") && s.contains('…'), "{s}");
        let shown = s.lines().find(|l| l.contains("BAD")).unwrap();
        let mark = s.lines().find(|l| l.contains("^^^")).unwrap();
        assert_eq!(
            shown.chars().position(|c| c == 'B'),
            mark.chars().position(|c| c == '^'),
            "the underline is under the place:\n{s}"
        );
    }

    #[test]
    fn fragments_keep_the_file_places() {
        let text = "# Title\n\n```position\ngame = 1\n```\n";
        let start = text.find("game").unwrap();
        let src = Source::fragment("r.md", text, start..start + 9, 4);
        assert_eq!(src.text, "game = 1\n");
        let d = src.error(7..8, "expected a string");
        assert_eq!((d.line, d.col), (4, 8));
        assert_eq!(d.excerpt.unwrap().text, "game = 1");
    }

    #[test]
    fn closest_finds_typo() {
        assert_eq!(closest("gren", ["green", "red", "blue"]), Some("green"));
        assert_eq!(closest("zzzzzz", ["green", "red"]), None);
        assert_eq!(closest("egde", ["edge", "camp"]), Some("edge"));
        assert_eq!(closest(&"x".repeat(100_000), ["edge"]), None);
    }

    #[test]
    fn several_errors_are_each_reported_as_alone() {
        let src = Source::new("g.toml", "a = 1\n");
        let place = Error::from(src.error(0..1, "unknown key `a`"));
        let file = Error::file("cannot write", Path::new("out/x.pdf"), "disk full");
        let both = Error::Many(vec![place.clone(), file.clone()]);
        assert_eq!(
            both.report(),
            "g.toml:1:1: error: unknown key `a`\n   |\n 1 | a = 1\n   | ^\nerror: cannot write out/x.pdf: disk full"
        );
        // Bad input only when every error is.
        assert!(!both.is_input());
        assert!(Error::Many(vec![place, Error::usage("--only x", "no component")]).is_input());
        assert!(!Error::Many(Vec::new()).is_input());
        assert_eq!(file.report(), "error: cannot write out/x.pdf: disk full");
    }

    #[test]
    fn display_has_place_excerpt_and_hint() {
        let src = Source::new("g.toml", "a = 1\nfill = \"gren\"\n");
        let d = src
            .error(13..19, "unknown colour `gren`")
            .with_hint("did you mean `green`?");
        let s = d.to_string();
        assert!(
            s.starts_with("g.toml:2:8: error: unknown colour `gren`"),
            "{s}"
        );
        assert!(s.contains("^^^^^^"), "{s}");
        assert!(s.contains("hint: did you mean `green`?"));
    }
}

/// The library's one error type, by kind: bad input with its places (`file:line:col`, reason,
/// hint), a file that could not be used, a command-line value refused, a position that breaks
/// its game's rules, an engine that failed, a limit reached, or a failure of the machine. The
/// binary prints it and picks the exit status from its kind ([`Error::is_input`]).
#[derive(Debug, Clone)]
pub enum Error {
    /// Bad input: a definition, data file, art, font, position, rulebook or request, each
    /// error at its `file:line:col` with its reason and hint (exit status 2).
    Input(Diagnostics),
    /// A file or folder that could not be read, written or resolved, with its path kept as
    /// data (exit status 1). Printed `{doing} {path}: {reason}`, or `{path}: {reason}` when
    /// `doing` is empty.
    File {
        /// What was being done, e.g. "cannot read" (may be empty).
        doing: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// Why it failed (the system's words).
        reason: String,
    },
    /// A command-line request that cannot be carried out: an option's value out of range, a
    /// game or component that does not exist (exit status 2). Printed `{what}: {reason}`.
    Usage {
        /// The option or word refused, as written (e.g. `--preset lulu`); may be empty.
        what: String,
        /// Why, and what would be accepted.
        reason: String,
    },
    /// A position that breaks a rule of its game: which rule, in the rules' words (exit
    /// status 2 when the position was given, 1 when an engine reached it).
    Rules(String),
    /// An engine (a game's own program, or a player) that failed or answered outside its
    /// protocol: which, and what it did (exit status 1).
    Engine {
        /// The engine's name or command.
        engine: String,
        /// What went wrong.
        reason: String,
    },
    /// A limit of ludopress reached (`docs/limits.md`): what, and the limit (exit status 2:
    /// the input asked for too much).
    Limit {
        /// What grew too large, e.g. "image".
        what: String,
        /// The limit, with its unit.
        limit: String,
    },
    /// A failure of the machine or of a library below us: encoding an image, a worker that
    /// stopped, a watcher the system refused (exit status 1).
    System(String),
    /// Several errors of one command (the games of a build), each kept whole.
    Many(Vec<Error>),
}

impl Error {
    /// A file or folder that could not be used.
    pub fn file(doing: &'static str, path: &Path, reason: impl fmt::Display) -> Self {
        Error::File {
            doing,
            path: path.to_path_buf(),
            reason: reason.to_string(),
        }
    }

    /// A command-line request refused: `what` as written, and why.
    pub fn usage(what: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::Usage {
            what: what.into(),
            reason: reason.into(),
        }
    }

    /// An engine that failed: which, and what it did.
    pub fn engine(engine: impl Into<String>, reason: impl fmt::Display) -> Self {
        Error::Engine {
            engine: engine.into(),
            reason: reason.to_string(),
        }
    }

    /// A limit reached: what grew too large, and the limit.
    pub fn limit(what: impl Into<String>, limit: impl Into<String>) -> Self {
        Error::Limit {
            what: what.into(),
            limit: limit.into(),
        }
    }

    /// A failure of the machine or of a library below us.
    pub fn system(reason: impl fmt::Display) -> Self {
        Error::System(reason.to_string())
    }

    /// The error as the binary prints it: `error:` before each error but bad input, whose
    /// diagnostics say it themselves; several errors one after the other.
    pub fn report(&self) -> String {
        match self {
            Error::Input(d) => d.to_string(),
            Error::Many(all) => all.iter().map(Error::report).collect::<Vec<_>>().join("\n"),
            e => format!("error: {e}"),
        }
    }

    /// What went wrong, without the kind's own words: a broken rule's reason bare (the
    /// caller says "cannot arise in play" or "invariant broken"), else the whole message.
    pub fn reason(&self) -> String {
        match self {
            Error::Rules(why) => why.clone(),
            e => e.to_string(),
        }
    }

    /// True for bad input (exit status 2): places in files, a refused command line, a limit
    /// the input reached; several errors are input when every one is.
    pub fn is_input(&self) -> bool {
        match self {
            Error::Input(_) | Error::Usage { .. } | Error::Limit { .. } => true,
            Error::Many(all) => !all.is_empty() && all.iter().all(Error::is_input),
            _ => false,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(d) => write!(f, "{d}"),
            Error::File {
                doing: "",
                path,
                reason,
            } => write!(f, "{}: {reason}", path.display()),
            Error::File {
                doing,
                path,
                reason,
            } => write!(f, "{doing} {}: {reason}", path.display()),
            Error::Usage { what, reason } if what.is_empty() => f.write_str(reason),
            Error::Usage { what, reason } => write!(f, "{what}: {reason}"),
            Error::Rules(why) => write!(f, "invariant broken: {why}"),
            Error::Engine { engine, reason } if engine.is_empty() => f.write_str(reason),
            Error::Engine { engine, reason } => write!(f, "engine {engine}: {reason}"),
            Error::Limit { what, limit } => write!(f, "{what} over the limit of {limit}"),
            Error::System(m) => f.write_str(m),
            Error::Many(all) => {
                for (i, e) in all.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    write!(f, "{e}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {}

/// A reason something is refused, not yet placed: said by a part that does not know where the
/// thing was written (a file a game names, a declared rule, a name over its limit); the caller
/// that knows places it at the key, attribute or file that wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

impl From<String> for Refused {
    fn from(s: String) -> Self {
        Refused(s)
    }
}

impl From<&str> for Refused {
    fn from(s: &str) -> Self {
        Refused(s.to_string())
    }
}

impl From<Error> for Refused {
    fn from(e: Error) -> Self {
        Refused(e.to_string())
    }
}

impl From<Diagnostics> for Error {
    fn from(d: Diagnostics) -> Self {
        Error::Input(d)
    }
}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Self {
        Error::Input(d.into())
    }
}
