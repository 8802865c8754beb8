//! Captions backed by claims: what a caption of a checked example states about its position
//! must be something a claim of the same example checks.
//!
//! A caption is read for three kinds of statement:
//! - **moves** (`d5-f7`, `c3xc5xe5`, `+3,1`, `-a1`): each must be named by a claim of the example
//!   (`legal`, `illegal`, `moves` or `after`);
//! - **cells** (`d5`, `3,3`): each must be named by a claim's move, hold a piece in the position,
//!   or be one the diagram marks;
//! - **counts**, a number (in figures or in words up to twelve) followed within two words by a
//!   counted noun (`7 squares`, `12 marked cells`, `trois pions`), or a score `18 to 2`: each
//!   number must equal a claimed value (successors, a score, a token count, or the length of a
//!   claimed list of moves).
//!
//! What a caption says in other words (a reason, a rule) is the reader's: the check holds the
//! facts a figure can be wrong about.

use super::example::{ClaimKind, Example};

/// Nouns that a number counts, singular and plural, in both languages.
const COUNTED: &[&str] = &[
    "move",
    "moves",
    "coup",
    "coups",
    "déplacement",
    "déplacements",
    "mouvement",
    "mouvements",
    "cell",
    "cells",
    "case",
    "cases",
    "square",
    "squares",
    "successor",
    "successors",
    "outcome",
    "outcomes",
    "issue",
    "issues",
    "pawn",
    "pawns",
    "pion",
    "pions",
    "tile",
    "tiles",
    "tuile",
    "tuiles",
    "brick",
    "bricks",
    "brique",
    "briques",
    "zone",
    "zones",
    "point",
    "points",
    "position",
    "positions",
    "push",
    "pushes",
    "poussée",
    "poussées",
];

/// Numbers written in words (not "one"/"un", which are mostly articles).
const WORDS: &[(&str, u64)] = &[
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("deux", 2),
    ("trois", 3),
    ("quatre", 4),
    ("cinq", 5),
    ("sept", 7),
    ("huit", 8),
    ("neuf", 9),
    ("dix", 10),
    ("onze", 11),
    ("douze", 12),
];

/// An unbacked statement of a caption: which caption, where in it, the message.
#[derive(Debug, Clone, PartialEq)]
pub struct Unbacked {
    /// The caption: 0 for `caption`, 1 for `after_caption`.
    pub caption: usize,
    /// Offset of the statement in the caption, in characters.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

/// The words of a caption with their byte offsets; a word written with a sign after it (`:`,
/// `,`, `;`, `.`) ends a phrase: a count never runs past it.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '-' | ',' | '+' | '>' | ':' | '*');
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        match (is_word(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                // Punctuation that ends a sentence or a clause is not part of the word.
                let w = text[s..i].trim_end_matches([',', ':', '-']);
                if !w.is_empty() {
                    out.push((s, w));
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// A cell name as a caption writes it: letters then digits (`d5`), or `x,y` on a plane.
fn is_cell(w: &str, plane: bool) -> bool {
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

fn is_plane_cell(w: &str) -> bool {
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
fn is_move(w: &str, plane: bool) -> bool {
    if let Some(rest) = w.strip_prefix(['-', '+', '*', '>']) {
        return is_cell(rest.split(':').next().unwrap_or(rest), plane);
    }
    let parts: Vec<&str> = w.split(['-', 'x']).collect();
    parts.len() >= 2 && parts.iter().all(|p| is_cell(p, plane))
}

/// The cells a move names.
fn cells_of(m: &str, plane: bool) -> Vec<String> {
    m.split(['-', '+', '*', '>', ' ', ':', '[', ']', 'x'])
        .filter(|p| is_cell(p, plane))
        .map(str::to_string)
        .collect()
}

/// Checks the captions of an example the engine read; an example of a game without an engine
/// has nothing to back a caption with (`check` lists it as unchecked), and is not read.
pub fn check(ex: &Example) -> Vec<Unbacked> {
    if ex.position.is_none() {
        return Vec::new();
    }
    let mut moves: Vec<String> = Vec::new();
    let mut numbers: Vec<u64> = Vec::new();
    for c in &ex.claims {
        match &c.kind {
            ClaimKind::Successors(n) => numbers.push(*n),
            ClaimKind::Scores(s) => numbers.extend(s.values().map(|v| v.unsigned_abs())),
            ClaimKind::Tokens(t) => numbers.extend(t.values().copied()),
            ClaimKind::Legal(m) | ClaimKind::Illegal(m) => moves.push(m.clone()),
            ClaimKind::Moves(list) => {
                moves.extend(list.iter().cloned());
                numbers.push(list.len() as u64);
            }
            ClaimKind::After(m, _, _) => moves.push(m.clone()),
            ClaimKind::Winner(_) | ClaimKind::Over(_) => {}
        }
    }
    for list in [true, false] {
        let n = ex
            .claims
            .iter()
            .filter(|c| match c.kind {
                ClaimKind::Legal(_) => list,
                ClaimKind::Illegal(_) => !list,
                _ => false,
            })
            .count();
        if n > 0 {
            numbers.push(n as u64);
        }
    }
    let plane = ex.plane;
    let claimed_cells: Vec<String> = moves.iter().flat_map(|m| cells_of(m, plane)).collect();
    let marked: Vec<&String> = ex.marks.names().collect();
    let mut out = Vec::new();
    let captions = [Some(&ex.caption), ex.after_caption.as_ref()];
    for (which, caption) in captions.into_iter().enumerate() {
        let Some(caption) = caption else { continue };
        let read = plane_cells(caption);
        let ws = words(&read);
        for (i, &(at, w)) in ws.iter().enumerate() {
            let unbacked = |message: String| Unbacked {
                caption: which,
                at: caption[..at].chars().count(),
                message,
            };
            if is_move(w, plane) && !is_cell(w, plane) {
                if !moves.iter().any(|m| m == w) {
                    out.push(unbacked(format!(
                        "the caption names the move `{w}`, which no claim of this example checks"
                    )));
                }
                continue;
            }
            if is_cell(w, plane) {
                if !claimed_cells.iter().any(|c| c == w)
                    && !occupied(ex, w)
                    && !marked.iter().any(|m| *m == w)
                {
                    out.push(unbacked(format!(
                        "the caption names `{w}`, a cell no claim names, no piece stands on and no mark shows"
                    )));
                }
                continue;
            }
            // A number grouped by thousands: `1,770`, or `1 770` (its groups are words).
            let (value, last) = match grouped(&read, &ws, i) {
                Some((n, last)) => (Some(n), last),
                None => (
                    w.parse::<u64>().ok().or_else(|| {
                        let lower = w.to_lowercase();
                        WORDS.iter().find(|(s, _)| *s == lower).map(|(_, v)| *v)
                    }),
                    i,
                ),
            };
            let Some(n) = value else { continue };
            if i > 0 && grouped(&read, &ws, i - 1).is_some_and(|(_, l)| l >= i) {
                continue;
            }
            // The words after the number, up to the end of its phrase.
            let phrase_end = (last..ws.len())
                .find(|&k| ends_phrase(&read, &ws, k))
                .unwrap_or(ws.len() - 1);
            let next = |k: usize| {
                (last + k <= phrase_end)
                    .then(|| ws.get(last + k).map(|(_, w)| w.to_lowercase()))
                    .flatten()
            };
            let counts = (1..=2).any(|k| next(k).is_some_and(|n| COUNTED.contains(&n.as_str())));
            let score = matches!(next(1).as_deref(), Some("to" | "à"))
                && next(2).is_some_and(|n| n.parse::<u64>().is_ok());
            let score_end =
                i >= 2 && matches!(ws[i - 1].1, "to" | "à") && ws[i - 2].1.parse::<u64>().is_ok();
            if (counts || score || score_end) && !numbers.contains(&n) {
                out.push(unbacked(format!(
                    "the caption counts {w}, which no claim of this example states (claimed: {})",
                    if numbers.is_empty() {
                        "no number".to_string()
                    } else {
                        let mut ns = numbers.clone();
                        ns.sort_unstable();
                        ns.dedup();
                        ns.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
                    }
                )));
            }
        }
    }
    out
}

/// The caption with each plane cell written for readers, `(3, 1)` or `(3 ; 1)` (a French
/// decimal comma never appears), as the engine's name `3,1`, padded with spaces so that every
/// statement keeps its offset.
fn plane_cells(text: &str) -> String {
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

/// True when the position's board, or the board an `after` claim states, holds a token on the
/// cell named `name`.
fn occupied(ex: &Example, name: &str) -> bool {
    ex.occupied
        .iter()
        .chain(&ex.after_occupied)
        .any(|c| c == name)
}

/// True when word `k` is followed by a sign before the next word (or ends the caption).
fn ends_phrase(text: &str, ws: &[(usize, &str)], k: usize) -> bool {
    let (at, w) = ws[k];
    let end = at + w.len();
    let next = ws.get(k + 1).map_or(text.len(), |n| n.0);
    text[end..next].chars().any(|c| !c.is_whitespace()) || k + 1 == ws.len()
}

/// A number written in groups of three digits from word `i` on: `1,770` as one word, or
/// `1 770` as two, with the index of its last word.
fn grouped(text: &str, ws: &[(usize, &str)], i: usize) -> Option<(u64, usize)> {
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let (_, w) = ws[i];
    let parts: Vec<&str> = w.split(',').collect();
    if parts.len() > 1 {
        let ok = digits(parts[0])
            && parts[0].len() <= 3
            && parts[1..].iter().all(|p| p.len() == 3 && digits(p));
        return ok
            .then(|| parts.concat().parse().ok().map(|n| (n, i)))
            .flatten();
    }
    if !digits(w) || w.len() > 3 {
        return None;
    }
    let mut s = w.to_string();
    let mut last = i;
    while let Some(&(at, next)) = ws.get(last + 1) {
        let (end_at, end_w) = ws[last];
        let gap = &text[end_at + end_w.len()..at];
        if next.len() == 3
            && digits(next)
            && gap.chars().count() == 1
            && gap.chars().all(char::is_whitespace)
        {
            s.push_str(next);
            last += 1;
        } else {
            break;
        }
    }
    (last > i)
        .then(|| s.parse().ok().map(|n| (n, last)))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plane_cells_written_for_readers_are_read_as_names() {
        let t = "on (3, 3), or (2\u{a0}; -1) then (x, y)";
        let read = plane_cells(t);
        assert_eq!(read.len(), t.len());
        let ws: Vec<&str> = words(&read).into_iter().map(|w| w.1).collect();
        assert_eq!(ws, ["on", "3,3", "or", "2,-1", "then", "x", "y"]);
        assert_eq!(&read[3..6], "3,3");
    }

    #[test]
    fn numbers_grouped_by_thousands_are_one_number() {
        let text = "1,770 ways, 1 770 ways, 12 345 and 7 cells";
        let ws = words(text);
        assert_eq!(grouped(text, &ws, 0), Some((1770, 0)));
        assert_eq!(grouped(text, &ws, 2), Some((1770, 3)));
        assert_eq!(grouped(text, &ws, 5), Some((12345, 6)));
        assert_eq!(grouped(text, &ws, 8), None);
        assert!(
            ends_phrase(text, &ws, 1) && !ends_phrase(text, &ws, 0) && !ends_phrase(text, &ws, 8)
        );
    }

    #[test]
    fn moves_cells_and_plane_cells_are_told_apart() {
        assert!(is_move("d5-f7", false) && is_move("c3xc5xe5", false) && is_move("-a1", false));
        assert!(is_move("+3,1", true) && is_move(">2,2:e", true) && !is_move("+3,1", false));
        assert!(!is_move("d5", false) && !is_move("step-orth", false) && !is_move("3,5", true));
        assert!(is_cell("d5", false) && !is_cell("3,3", false) && !is_cell("a", false));
        assert!(is_cell("3,3", true) && is_cell("-1,0", true) && !is_cell("d5", true));
        let ws: Vec<&str> = words("On 3,3, or d5: 12 cells.")
            .into_iter()
            .map(|w| w.1)
            .collect();
        assert_eq!(ws, ["On", "3,3", "or", "d5", "12", "cells"]);
    }
}
