//! The markup of text boxes: `**bold**`, `*italic*`, `:icon:` and line breaks.
//!
//! A lower floor than definitions and layouts: validation reads the icons a text names, layout
//! draws the pieces.

/// A piece of marked-up text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A word (no spaces), bold and/or italic.
    Word {
        /// The characters.
        text: String,
        /// Inside `**...**`.
        bold: bool,
        /// Inside `*...*`.
        italic: bool,
    },
    /// An icon named `:name:`.
    Icon(String),
    /// One or more spaces between words.
    Space,
    /// A line break (`\n`).
    Break,
}

/// Splits marked-up text into pieces. A `*` or `:` that opens nothing is kept as a character.
pub fn parse(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let (mut bold, mut italic) = (false, false);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Piece>, bold: bool, italic: bool| {
        if !word.is_empty() {
            out.push(Piece::Word {
                text: std::mem::take(word),
                bold,
                italic,
            });
        }
    };
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                flush(&mut word, &mut out, bold, italic);
                out.push(Piece::Break);
            }
            ' ' | '\t' => {
                flush(&mut word, &mut out, bold, italic);
                if !matches!(out.last(), Some(Piece::Space) | None | Some(Piece::Break)) {
                    out.push(Piece::Space);
                }
            }
            '*' if chars.get(i + 1) == Some(&'*') => {
                flush(&mut word, &mut out, bold, italic);
                bold = !bold;
                i += 1;
            }
            '*' => {
                flush(&mut word, &mut out, bold, italic);
                italic = !italic;
            }
            ':' => {
                // `:name:` with a name of lowercase letters, digits, `_` or `-`.
                let end = chars[i + 1..]
                    .iter()
                    .position(|&c| {
                        !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
                    })
                    .map(|p| i + 1 + p);
                match end {
                    Some(e) if e > i + 1 && chars[e] == ':' => {
                        flush(&mut word, &mut out, bold, italic);
                        out.push(Piece::Icon(chars[i + 1..e].iter().collect()));
                        i = e;
                    }
                    _ => word.push(c),
                }
            }
            _ => word.push(c),
        }
        i += 1;
    }
    flush(&mut word, &mut out, bold, italic);
    while matches!(out.last(), Some(Piece::Space)) {
        out.pop();
    }
    out
}

/// The icons a text names, in order, each once.
pub fn icon_names(text: &str) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for p in parse(text) {
        if let Piece::Icon(n) = p {
            if !v.contains(&n) {
                v.push(n);
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(t: &str, bold: bool, italic: bool) -> Piece {
        Piece::Word {
            text: t.into(),
            bold,
            italic,
        }
    }

    #[test]
    fn bold_italic_icons_and_breaks() {
        assert_eq!(
            parse("Gain **2** :coin:, *then*\ndraw"),
            vec![
                w("Gain", false, false),
                Piece::Space,
                w("2", true, false),
                Piece::Space,
                Piece::Icon("coin".into()),
                w(",", false, false),
                Piece::Space,
                w("then", false, true),
                Piece::Break,
                w("draw", false, false),
            ]
        );
        assert_eq!(icon_names("a :x: b :y: :x:"), vec!["x", "y"]);
        // A colon that opens nothing stays text: times, ratios, French punctuation.
        assert_eq!(
            parse("10:30 : ok"),
            vec![
                w("10:30", false, false),
                Piece::Space,
                w(":", false, false),
                Piece::Space,
                w("ok", false, false)
            ]
        );
    }
}
