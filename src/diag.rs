//! Diagnostics: user errors with a place (`file:line:col`), the offending text and a hint.
//!
//! The library returns typed [`Diagnostic`]s; the binary prints them and picks the exit code.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A source text with its path, used to turn byte offsets into lines and columns.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path as shown to the user.
    pub path: PathBuf,
    /// Whole text of the file.
    pub text: String,
}

impl Source {
    /// Wraps a text read from `path`.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Source {
            path: path.into(),
            text: text.into(),
        }
    }

    /// Reads a file, reporting an unreadable file as a diagnostic.
    pub fn read(path: &Path) -> Result<Self, Diagnostics> {
        let bytes = std::fs::read(path)
            .map_err(|e| Diagnostic::file(path, format!("cannot read file: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            Diagnostic::file(
                path,
                format!("file is not UTF-8 (byte {})", e.utf8_error().valid_up_to()),
            )
        })?;
        Ok(Source::new(path, text))
    }

    /// Builds an error at a byte range of this source.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let start = span.start.min(self.text.len());
        let end = span.end.clamp(start, self.text.len());
        let (line, col) = line_col(&self.text, start);
        let line_text = self.text.lines().nth(line - 1).unwrap_or("").to_string();
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = line_start + line_text.len();
        let underline = end.min(line_end).saturating_sub(start).max(1);
        Diagnostic {
            path: self.path.clone(),
            line,
            col,
            message: message.into(),
            excerpt: Some(Excerpt {
                text: line_text,
                col,
                width: underline,
            }),
            hint: None,
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
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
    /// Width of the underline in bytes (at least 1).
    pub width: usize,
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
        }
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
        write!(f, "{}: error: {}", self.place(), self.message)?;
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
                "^".repeat(ex.width.min(80))
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

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
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

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Turns a TOML parse error into a diagnostic at its place.
pub fn from_toml(src: &Source, err: &toml::de::Error) -> Diagnostic {
    let span = err.span().unwrap_or(0..0);
    let msg = err.message().trim().to_string();
    let mut d = src.error(span, msg.clone());
    if let Some(rest) = msg.strip_prefix("unknown field `") {
        if let Some((field, tail)) = rest.split_once('`') {
            let expected: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
            if let Some(c) = closest(field, expected.iter().copied()) {
                d = d.with_hint(format!("did you mean `{c}`?"));
            }
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_chars() {
        assert_eq!(line_col("ab\ncdé f", 8), (2, 5));
        assert_eq!(line_col("x", 0), (1, 1));
    }

    #[test]
    fn closest_finds_typo() {
        assert_eq!(closest("gren", ["green", "red", "blue"]), Some("green"));
        assert_eq!(closest("zzzzzz", ["green", "red"]), None);
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
