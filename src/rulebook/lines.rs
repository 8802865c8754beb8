//! Lines of rulebook text: spans broken into lines with the real font metrics, justified and
//! hyphenated paragraphs, and their drawing. Pages ([`super::pages`]) place the lines.
//!
//! Only a plain space (U+0020) is a place to break: the no-break spaces typography puts in
//! (French signs, a number and its noun, a pair of coordinates) keep their words together.

use super::Span;
use crate::base::color::Color;
use crate::base::units::MM_PER_PT;
use crate::fonts::Face;
use crate::scene::{Anchor, Scene};

/// Line height, as a multiple of the text size.
pub(super) const LEADING: f64 = 1.42;

/// The height of a line of text at `size` pt, mm.
pub(super) fn line_height(size: f64) -> f64 {
    size * MM_PER_PT * LEADING
}

/// A word with its face and whether a space comes before it.
#[derive(Debug, Clone)]
pub(super) struct Word {
    text: String,
    face: Face,
    space: bool,
}

fn words(spans: &[Span]) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut pending_space = false;
    for s in spans {
        let mut first = true;
        for part in s.text.split(' ') {
            if !first {
                pending_space = true;
            }
            first = false;
            if part.is_empty() {
                continue;
            }
            // A word continues the previous one when no space separates them (e.g. `**a**b`).
            out.push(Word {
                text: part.to_string(),
                face: s.face,
                space: pending_space && !out.is_empty(),
            });
            pending_space = false;
        }
    }
    out
}

/// A laid-out line: runs of (text, face) to place one after the other.
pub(super) type Line = Vec<(String, Face)>;

/// Breaks spans into lines no wider than `width` mm at `size` pt.
pub(super) fn break_lines(spans: &[Span], size: f64, width: f64) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    let mut line: Line = Vec::new();
    let mut w = 0.0;
    for word in words(spans) {
        let joined = word.space && !line.is_empty();
        let space = if joined {
            Face::Regular.width_mm(" ", size)
        } else {
            0.0
        };
        let ww = word.face.width_mm(&word.text, size);
        if !line.is_empty() && w + space + ww > width {
            lines.push(std::mem::take(&mut line));
            w = 0.0;
        }
        let joined = word.space && !line.is_empty();
        w += if line.is_empty() {
            ww
        } else if joined {
            space + ww
        } else {
            ww
        };
        push_word(&mut line, &word.text, word.face, joined);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Adds a word to a line of runs: to the last run when the face is the same, a new run
/// otherwise; `joined` puts a space before it.
fn push_word(line: &mut Line, text: &str, face: Face, joined: bool) {
    match line.last_mut() {
        Some((t, f)) => {
            if joined {
                t.push(' ');
            }
            if *f == face {
                t.push_str(text);
            } else {
                line.push((text.to_string(), face));
            }
        }
        None => line.push((text.to_string(), face)),
    }
}

/// A line of a justified paragraph: its words, each with whether a space comes before it.
pub(super) struct JLine {
    words: Vec<Word>,
    /// The paragraph's last line, set flush left.
    last: bool,
}

/// Breaks spans into lines for a justified paragraph at `size` pt, the line numbered `i` (from
/// 0) being `width(i)` mm wide (narrower beside a figure), hyphenating a word that does not fit
/// where the language's patterns allow (`lang`).
pub(super) fn break_justified(
    spans: &[Span],
    size: f64,
    width: impl Fn(usize) -> f64,
    lang: Option<hypher::Lang>,
) -> Vec<JLine> {
    let space = Face::Regular.width_mm(" ", size);
    let mut lines = Vec::new();
    let mut line: Vec<Word> = Vec::new();
    let mut w = 0.0;
    let mut queue: std::collections::VecDeque<Word> = words(spans).into();
    while let Some(word) = queue.pop_front() {
        let width = width(lines.len());
        let gap = if word.space && !line.is_empty() {
            space
        } else {
            0.0
        };
        let ww = word.face.width_mm(&word.text, size);
        if line.is_empty() || w + gap + ww <= width {
            w += gap + ww;
            line.push(word);
            continue;
        }
        let room = width - w - gap;
        let split =
            lang.and_then(|l| hyphenate(&word.text, l, |h| word.face.width_mm(h, size) <= room));
        match split {
            Some((head, tail)) => {
                line.push(Word {
                    text: head,
                    ..word.clone()
                });
                queue.push_front(Word {
                    text: tail,
                    space: false,
                    face: word.face,
                });
            }
            None => {
                // A word glued to the ones before it (no plain space between: `**1** fait`
                // with a no-break space, `**a**b`) goes to the next line with them, unless they
                // are the whole line.
                let glued = if word.space {
                    0
                } else {
                    1 + line.iter().rev().take_while(|x| !x.space).count()
                };
                let glued = if glued < line.len() { glued } else { 0 };
                queue.push_front(word);
                for moved in line.split_off(line.len() - glued).into_iter().rev() {
                    queue.push_front(moved);
                }
            }
        }
        lines.push(JLine {
            words: std::mem::take(&mut line),
            last: false,
        });
        w = 0.0;
    }
    if !line.is_empty() {
        lines.push(JLine {
            words: line,
            last: true,
        });
    }
    lines
}

/// The longest head of `word` (with its hyphen) that `fits`, and the rest, at a break the
/// language's patterns allow: at least two letters before it and three after, never in a name
/// (a capital first) or a word with figures or signs inside (`d5`, `c3xe5`).
fn hyphenate(
    word: &str,
    lang: hypher::Lang,
    fits: impl Fn(&str) -> bool,
) -> Option<(String, String)> {
    // An elided article stays on the head (`l’adversaire`); signs after the word go with its tail.
    let start = match word.find(['’', '\'']) {
        Some(i) if word[..i].chars().count() <= 3 => i + word[i..].chars().next()?.len_utf8(),
        _ => 0,
    };
    let end = word
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_alphabetic())
        .map(|(i, c)| i + c.len_utf8())?;
    let core = word.get(start..end)?;
    if core.chars().count() < 6
        || !core.chars().all(char::is_alphabetic)
        || core.chars().next().is_some_and(char::is_uppercase)
    {
        return None;
    }
    let syllables: Vec<&str> = hypher::hyphenate_bounded(core, lang, 2, 3).collect();
    (1..syllables.len()).rev().find_map(|k| {
        let at: usize = syllables[..k].iter().map(|s| s.len()).sum();
        let head = format!("{}-", &word[..start + at]);
        fits(&head).then(|| (head, word[start + at..].to_string()))
    })
}

/// Draws a line of a justified paragraph at `x`: the spaces stretched to fill `width`, unless it
/// is the paragraph's last line or would need spaces wider than twice their size.
pub(super) fn draw_justified(
    s: &mut Scene,
    line: &JLine,
    x: f64,
    baseline: f64,
    size: f64,
    color: Color,
    width: f64,
) {
    let space = Face::Regular.width_mm(" ", size);
    let natural: f64 = line
        .words
        .iter()
        .enumerate()
        .map(|(i, w)| w.face.width_mm(&w.text, size) + if i > 0 && w.space { space } else { 0.0 })
        .sum();
    let gaps = line.words.iter().skip(1).filter(|w| w.space).count();
    let extra = if line.last || gaps == 0 {
        0.0
    } else {
        (width - natural) / gaps as f64
    };
    if extra <= 0.0 || extra > 2.0 * space {
        // Flush left, in runs of one face.
        let mut runs: Line = Vec::new();
        for (i, w) in line.words.iter().enumerate() {
            push_word(&mut runs, &w.text, w.face, i > 0 && w.space);
        }
        return draw_line(s, &runs, x, baseline, size, color);
    }
    let mut x = x;
    for (i, w) in line.words.iter().enumerate() {
        if i > 0 && w.space {
            x += space + extra;
        }
        s.text(x, baseline, size, w.face, color, Anchor::Start, &w.text);
        x += w.face.width_mm(&w.text, size);
    }
}

/// Draws a line's runs one after the other from `x`.
pub(super) fn draw_line(
    s: &mut Scene,
    line: &Line,
    x: f64,
    baseline: f64,
    size: f64,
    color: Color,
) {
    let mut x = x;
    for (text, face) in line {
        s.text(x, baseline, size, *face, color, Anchor::Start, text);
        x += face.width_mm(text, size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(t: &str) -> Vec<Span> {
        vec![Span {
            text: t.into(),
            face: Face::Regular,
        }]
    }

    #[test]
    fn a_no_break_space_is_never_a_place_to_break() {
        // So narrow that every plain space breaks: the bound words stay on one line.
        let lines = break_lines(&span("from (1,\u{a0}1) to 3\u{a0}squares"), 10.0, 1.0);
        let texts: Vec<String> = lines.iter().map(|l| l[0].0.clone()).collect();
        assert_eq!(texts, ["from", "(1,\u{a0}1)", "to", "3\u{a0}squares"]);
    }

    #[test]
    fn justified_lines_take_the_width_given_for_their_number() {
        let text = "one two three four five six seven eight nine ten eleven twelve";
        let narrow = |i: usize| if i < 2 { 20.0 } else { 200.0 };
        let lines = break_justified(&span(text), 10.0, narrow, None);
        // Two short lines beside the figure, then the rest on one wide line.
        assert_eq!(lines.len(), 3);
        assert!(lines[2].last && !lines[0].last);
        assert!(lines[0].words.len() < lines[2].words.len());
    }
}
