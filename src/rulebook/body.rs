//! Body sentences that speak of the rulebook's figures ("the three examples that follow", "la
//! figure suivante", "as above") are bound to the figures they name: a count must be the number
//! of figures it points to, and a figure said to follow (or to come before) must be there, in
//! the same section.
//!
//! In: a rulebook's Markdown text and its language; out: the sentences that say otherwise, at
//! their line and column. Fenced `position` blocks are examples; `position` and `component`
//! blocks are figures.

use super::lexicon::{self, Lexicon};
use crate::base::lang::Lang;

/// A body sentence about figures that the figures do not bear out.
#[derive(Debug, Clone, PartialEq)]
pub struct Unbound {
    /// Line, from 1.
    pub line: usize,
    /// Column, in characters from 1.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

/// What a line of the rulebook is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Line {
    Heading(usize),
    /// A fenced block; true for an example (`position`).
    Figure(bool),
    Text,
    Blank,
}

/// Reads the lines of a rulebook: headings, figures (one per fenced block, at its opening
/// fence), text, blank lines.
fn lines(text: &str) -> Vec<(Line, &str)> {
    let mut out = Vec::new();
    let mut fence: Option<bool> = None;
    for l in text.lines() {
        let t = l.trim_start();
        if let Some(info) = t.strip_prefix("```") {
            match fence {
                Some(_) => {
                    fence = None;
                    out.push((Line::Blank, l));
                }
                None => {
                    let kind = info.trim();
                    let figure = matches!(kind, "position" | "component");
                    fence = Some(figure);
                    out.push(if figure {
                        (Line::Figure(kind == "position"), l)
                    } else {
                        (Line::Blank, l)
                    });
                }
            }
            continue;
        }
        if fence.is_some() {
            out.push((Line::Blank, l));
        } else if t.starts_with('#') {
            out.push((
                Line::Heading(t.chars().take_while(|c| *c == '#').count()),
                l,
            ));
        } else if t.is_empty() {
            out.push((Line::Blank, l));
        } else {
            out.push((Line::Text, l));
        }
    }
    out
}

/// The figures (examples only when `examples`) from line `from` on, to the end of its section.
fn count_after(ls: &[(Line, &str)], from: usize, examples: bool) -> usize {
    ls[from..]
        .iter()
        .take_while(|(l, _)| !matches!(l, Line::Heading(_)))
        .filter(|(l, _)| matches!(l, Line::Figure(e) if *e || !examples))
        .count()
}

/// The figures before line `to`, back to the start of its section.
fn count_before(ls: &[(Line, &str)], to: usize, examples: bool) -> usize {
    ls[..to]
        .iter()
        .rev()
        .take_while(|(l, _)| !matches!(l, Line::Heading(_)))
        .filter(|(l, _)| matches!(l, Line::Figure(e) if *e || !examples))
        .count()
}

/// The figures of the section line `at` stands in, its subsections included.
fn count_in_section(ls: &[(Line, &str)], at: usize, examples: bool) -> usize {
    let head = ls[..at]
        .iter()
        .rposition(|(l, _)| matches!(l, Line::Heading(_)));
    let level = head.map_or(0, |h| match ls[h].0 {
        Line::Heading(n) => n,
        _ => 0,
    });
    let start = head.map_or(0, |h| h + 1);
    ls[start..]
        .iter()
        .take_while(|(l, _)| !matches!(l, Line::Heading(n) if *n <= level))
        .filter(|(l, _)| matches!(l, Line::Figure(e) if *e || !examples))
        .count()
}

/// Checks every body sentence of `text` that speaks of figures.
pub fn check(text: &str, lang: Lang) -> Vec<Unbound> {
    let lex = lexicon::of(lang);
    let ls = lines(text);
    let mut out = Vec::new();
    for (i, (kind, line)) in ls.iter().enumerate() {
        if *kind != Line::Text {
            continue;
        }
        // Each sentence of the line.
        let mut start = 0;
        for (end, c) in line.char_indices().chain([(line.len(), '.')]) {
            if !matches!(c, '.' | '!' | '?') {
                continue;
            }
            let sentence = &line[start..end];
            if let Some(u) = sentence_check(lex, &ls, i, sentence) {
                let col = line[..start + u.0].chars().count() + 1;
                out.push(Unbound {
                    line: i + 1,
                    col,
                    message: u.1,
                });
            }
            start = (end + 1).min(line.len());
        }
    }
    out
}

/// The words of a sentence, lowercased, with their byte offsets.
fn words(s: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut at = None;
    for (i, c) in s.char_indices().chain([(s.len(), ' ')]) {
        let inside = c.is_alphanumeric() || c == '-';
        match (inside, at) {
            (true, None) => at = Some(i),
            (false, Some(a)) => {
                out.push((a, s[a..i].to_lowercase()));
                at = None;
            }
            _ => {}
        }
    }
    out
}

fn sentence_check(
    lex: &Lexicon,
    ls: &[(Line, &str)],
    line: usize,
    sentence: &str,
) -> Option<(usize, String)> {
    let ws = words(sentence);
    let noun = ws
        .iter()
        .find(|(_, w)| lex.example_nouns.contains(&w.as_str()))?;
    let examples = noun.1.starts_with("ex");
    let follows = ws.iter().any(|(_, w)| lex.following.contains(&w.as_str()));
    let precedes = ws.iter().any(|(_, w)| lex.preceding.contains(&w.as_str()));
    // With neither (`here are three examples`, `in the figure`), the sentence speaks of the
    // figures of its section, before it and after it.
    let there = if follows {
        count_after(ls, line + 1, examples)
    } else if precedes {
        count_before(ls, line, examples)
    } else {
        count_in_section(ls, line, examples)
    };
    let what = if examples { "example" } else { "figure" };
    let place = if follows {
        "follow"
    } else if precedes {
        "come before"
    } else {
        "stand"
    };
    let scope = if follows || precedes {
        "in this section"
    } else {
        "in this section and its subsections"
    };
    // A count of figures stands just before their noun ("the three examples").
    let noun_at = ws.iter().position(|(a, _)| *a == noun.0).unwrap_or(0);
    for (at, w) in &ws[noun_at.saturating_sub(2)..noun_at] {
        let n = if w.chars().all(|c| c.is_ascii_digit()) {
            w.parse::<usize>().ok()
        } else if lex.both.contains(&w.as_str()) {
            Some(2)
        } else {
            lex.number(w).map(|n| n as usize)
        };
        if let Some(n) = n {
            if n != there {
                return Some((
                    *at,
                    format!("the text counts {n} {what}s that {place} {scope}, but {there} do"),
                ));
            }
        }
    }
    (there == 0).then(|| {
        (
            noun.0,
            if follows || precedes {
                format!("the text points to {what}s that {place}, but none does in this section")
            } else {
                format!("the text speaks of {what}s, but its section has none")
            },
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK: &str = "# Moves\n\nThe three examples that follow show it.\n\n```position\nx\n```\n\n```position\nx\n```\n\n## Next\n\nAs the figure above shows.\n";

    #[test]
    fn a_count_of_examples_is_the_examples_that_follow() {
        let u = check(BOOK, Lang::En);
        assert_eq!(u.len(), 2, "{u:?}");
        assert_eq!((u[0].line, u[0].col), (3, 5));
        assert!(
            u[0].message.contains("counts 3 examples"),
            "{}",
            u[0].message
        );
        // The figure "above" is in another section.
        assert_eq!(u[1].line, 15);
        let fixed = BOOK
            .replace("three", "two")
            .replace("As the figure above shows.", "");
        assert!(check(&fixed, Lang::En).is_empty());
    }

    #[test]
    fn a_sentence_with_no_direction_speaks_of_its_sections_figures() {
        let fig = "```position\nx\n```\n";
        // A count with no `follow` or `above`: the figures of the section, subsections included.
        let t = format!("## A\n\nHere are three examples.\n\n{fig}\n### B\n\n{fig}\n## C\n\n{fig}");
        let u = check(&t, Lang::En);
        assert_eq!(u.len(), 1, "{u:?}");
        assert_eq!((u[0].line, u[0].col), (3, 10));
        assert!(
            u[0].message.contains("counts 3 examples"),
            "{}",
            u[0].message
        );
        assert!(check(&t.replace("three", "two"), Lang::En).is_empty());
        // A figure spoken of in a section that has none.
        let t = format!("## A\n\nIn the figure, light wins.\n\n## B\n\n{fig}");
        let u = check(&t, Lang::En);
        assert!(
            u.len() == 1 && u[0].message.contains("its section has none"),
            "{u:?}"
        );
        let t = format!("## A\n\nDans la figure, les clairs gagnent.\n\n## B\n\n{fig}");
        assert_eq!(check(&t, Lang::Fr).len(), 1);
    }

    #[test]
    fn both_counts_two() {
        let fig = "```position\nx\n```\n";
        let t = format!("## A\n\n{fig}\nBoth examples above are wins.\n");
        let u = check(&t, Lang::En);
        assert!(u.len() == 1 && u[0].message.contains("counts 2"), "{u:?}");
        assert!(check(
            &format!("## A\n\n{fig}\n{fig}\nBoth examples above are wins.\n"),
            Lang::En
        )
        .is_empty());
    }

    #[test]
    fn french_sentences_are_read_with_french_words() {
        let t = "Les deux exemples qui suivent.\n\n```position\nx\n```\n";
        let u = check(t, Lang::Fr);
        assert_eq!(u.len(), 1);
        assert!(u[0].message.contains("counts 2"));
        assert!(check(&t.replace("deux", "trois").replace("trois", "un"), Lang::Fr).is_empty());
    }
}
