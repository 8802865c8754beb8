//! The words of a caption as the caption check and the figures read them: sentences (`.`,
//! `!`, `?`), clauses (`:`, `;`, a dash, parentheses) and phrases (`,`); moves (`d4xe5`,
//! `+3,1`, `>2,2:e`), cells (`d5`, or `x,y` on a plane, written for readers `(3, 1)` or
//! `(3 ; 1)`) and numbers written with a thin space between thousands.
//!
//! In: a caption's text; out: [`Word`]s with where each stands. Both `captions.rs` (the check)
//! and `example.rs` (the marks a figure draws from its caption) read with it, so a caption is
//! read one way.

/// A word of a caption, with where it stands.
#[derive(Debug, Clone)]
pub struct Word {
    /// Byte offset in the caption.
    pub at: usize,
    /// As written.
    pub text: String,
    /// Lowercased.
    pub lower: String,
    /// Which sentence, clause and phrase of the caption it stands in (numbers that tell them
    /// apart, not positions).
    pub sentence: usize,
    /// See `sentence`.
    pub clause: usize,
    /// See `sentence`.
    pub phrase: usize,
    /// Inside quotation marks: a name (a card's title), not a statement.
    pub quoted: bool,
}

/// Reads a caption into words with their sentence, clause and phrase.
pub fn read(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    // Clause and phrase numbers are fresh for each new one; a parenthesis is a clause of its
    // own, after which the words go on in the clause and phrase it interrupted.
    let mut fresh = 0;
    let mut next = || {
        fresh += 1;
        fresh
    };
    let (mut sentence, mut clause, mut phrase) = (0, 0, 0);
    let mut outside: Option<(usize, usize)> = None;
    let mut quoted = false;
    let mut i = 0;
    let bytes = text.len();
    while i < bytes {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let chunk = &rest[..len];
        let start = i;
        i += len;
        // Leading marks: an opening parenthesis or quote.
        let lead = chunk.len() - chunk.trim_start_matches(['(', '«', '“', '"', '[']).len();
        if chunk[..lead].contains('(') {
            outside = Some((clause, phrase));
            clause = next();
            phrase = next();
        }
        if chunk[..lead].contains(['«', '“']) {
            quoted = true;
        }
        let body = &chunk[lead..];
        let core =
            body.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', '»', '”', '"', ']', '…']);
        let trail = &body[core.len()..];
        let mut off = start + lead;
        // Elisions (`n’a`, `l’ouest`) and ranges (`b1–d3`) are read as their parts; a dash
        // alone is no word.
        if !matches!(core, "—" | "–" | "-") {
            for part in core.split_inclusive(['’', '\'', '–']) {
                let word = part.trim_end_matches(['’', '\'', '–']);
                if !word.is_empty() {
                    out.push(Word {
                        at: off,
                        text: word.to_string(),
                        lower: word.to_lowercase(),
                        sentence,
                        clause,
                        phrase,
                        quoted,
                    });
                }
                off += part.len();
            }
        }
        if trail.contains(['»', '”']) {
            quoted = false;
        }
        let closes = trail.contains(')');
        if trail.contains(['.', '!', '?']) {
            sentence += 1;
            clause = next();
            phrase = next();
            outside = None;
        } else if closes {
            // Back to the clause the parenthesis interrupted, unless a sign after it ends that.
            let after = &trail[trail.rfind(')').map_or(0, |p| p + 1)..];
            match outside.take() {
                Some((c, p)) if !after.contains([';', ':']) => {
                    clause = c;
                    phrase = if after.contains(',') { next() } else { p };
                }
                _ => {
                    clause = next();
                    phrase = next();
                }
            }
        } else if trail.contains([';', ':']) || matches!(core, "—" | "–") {
            clause = next();
            phrase = next();
        } else if trail.contains(',') {
            phrase = next();
        }
    }
    out
}

/// A cell name as a caption writes it: letters then digits (`d5`), or `x,y` on a plane.
pub fn is_cell(w: &str, plane: bool) -> bool {
    if plane {
        return is_plane_cell(w);
    }
    let letters = w.chars().take_while(char::is_ascii_lowercase).count();
    let digits = w[letters..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    letters > 0 && digits > 0 && letters + digits == w.len()
}

pub fn is_plane_cell(w: &str) -> bool {
    let Some((x, y)) = w.split_once(',') else {
        return false;
    };
    let int = |s: &str| {
        let s = s.strip_prefix('-').unwrap_or(s);
        !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
    };
    int(x) && int(y)
}

/// A move as a caption writes it: two or more cells joined by `-` or `x`, or a cell after a
/// sign (`-a1`, `+3,1`).
pub fn is_move(w: &str, plane: bool) -> bool {
    if let Some(rest) = w.strip_prefix(['-', '+', '*', '>']) {
        return is_cell(rest.split(':').next().unwrap_or(rest), plane);
    }
    let parts: Vec<&str> = w.split(['-', 'x']).collect();
    parts.len() >= 2 && parts.iter().all(|p| is_cell(p, plane))
}

/// The cells a move names.
pub fn cells_of(m: &str, plane: bool) -> Vec<String> {
    m.split(['-', '+', '*', '>', ' ', ':', '[', ']', 'x'])
        .filter(|p| is_cell(p, plane))
        .map(str::to_string)
        .collect()
}

/// The caption with each plane cell written for readers, `(3, 1)` or `(3 ; 1)` (a French
/// decimal comma never appears), as the engine's name `3,1`, padded with spaces so that every
/// statement keeps its offset.
pub fn plane_cells(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('(') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let close = after.find(')').filter(|&j| j <= 24);
        let parsed = close.and_then(|j| {
            let inner = &after[..j];
            let (x, y) = inner.split_once([',', ';'])?;
            let num = |s: &str| {
                let t = s.trim_matches(|c: char| c.is_whitespace());
                let d = t.strip_prefix('-').unwrap_or(t);
                (!d.is_empty() && d.chars().all(|c| c.is_ascii_digit())).then(|| t.to_string())
            };
            Some((num(x)?, num(y)?, j))
        });
        match parsed {
            Some((x, y, j)) => {
                let name = format!("{x},{y}");
                let len = j + 2;
                out.push_str(&name);
                out.push_str(&" ".repeat(len.saturating_sub(name.len())));
                rest = &after[j + 1..];
            }
            None => {
                out.push('(');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Groups thousands written with a space (`1 770`) into one word, so that they read as one
/// number.
pub fn join_groups(words: &mut Vec<Word>, text: &str) {
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let mut k = 0;
    while k + 1 < words.len() {
        let (a, b) = (&words[k], &words[k + 1]);
        let gap = &text[a.at + a.text.len()..b.at];
        if digits(&a.text)
            && a.text.len() <= 3
            && b.text.len() == 3
            && digits(&b.text)
            && gap.chars().count() == 1
            && a.phrase == b.phrase
        {
            let joined = format!("{}{}", a.text, b.text);
            words[k].text = joined.clone();
            words[k].lower = joined;
            words.remove(k + 1);
        } else {
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plane_cells_written_for_readers_are_read_as_names() {
        let t = "on (3, 3), or (2\u{a0}; -1) then (x, y)";
        let read_text = plane_cells(t);
        assert_eq!(read_text.len(), t.len());
        let ws: Vec<String> = read(&read_text).into_iter().map(|w| w.text).collect();
        assert_eq!(ws, ["on", "3,3", "or", "2,-1", "then", "x", "y"]);
        assert_eq!(&read_text[3..6], "3,3");
    }

    #[test]
    fn sentences_clauses_and_phrases_are_told_apart() {
        let ws = read("White cannot take d4, and moves d3: to c4 (or e4). Then n’a pas");
        let t: Vec<(&str, usize, usize, usize)> = ws
            .iter()
            .map(|w| (w.text.as_str(), w.sentence, w.clause, w.phrase))
            .collect();
        assert_eq!(t[3].0, "d4");
        assert_eq!(
            (t[3].2, t[4].0),
            (t[4].2, "and"),
            "a comma keeps the clause"
        );
        assert_ne!(t[3].3, t[4].3, "a comma ends the phrase");
        assert_ne!(t[6].2, t[7].2, "a colon ends the clause");
        assert_eq!(t[9].0, "or");
        assert!(t[9].2 != t[8].2, "a parenthesis is a clause of its own");
        assert_eq!((t[10].1, t[11].1), (0, 1), "a full stop ends the sentence");
        assert_eq!((t[12].0, t[13].0), ("n", "a"), "elisions are cut");
        let ws = read("c3xc5 (a jump) is not allowed");
        assert_eq!(
            ws[0].phrase, ws[3].phrase,
            "the phrase goes on after a parenthesis"
        );
        assert_ne!(ws[0].phrase, ws[1].phrase);
    }

    #[test]
    fn thousands_written_with_a_space_are_one_number() {
        let text = "1 770 ways, 12 345 and 7 cells";
        let mut ws = read(text);
        join_groups(&mut ws, text);
        let t: Vec<&str> = ws.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(t, ["1770", "ways", "12345", "and", "7", "cells"]);
    }

    #[test]
    fn moves_cells_and_plane_cells_are_told_apart() {
        assert!(is_move("d5-f7", false) && is_move("c3xc5xe5", false) && is_move("-a1", false));
        assert!(is_move("+3,1", true) && is_move(">2,2:e", true) && !is_move("+3,1", false));
        assert!(!is_move("d5", false) && !is_move("step-orth", false) && !is_move("3,5", true));
        assert!(is_cell("d5", false) && !is_cell("3,3", false) && !is_cell("a", false));
        assert!(is_cell("3,3", true) && is_cell("-1,0", true) && !is_cell("d5", true));
    }
}
