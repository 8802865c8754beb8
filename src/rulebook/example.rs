//! Example positions of a rulebook: a fenced `position` block holds a position, diagram marks
//! (`[diagram]`) and claims (`[expect]`) that the engine checks.
//!
//! The block is read from a copy of the whole Markdown file in which everything outside the block
//! is blanked (newlines kept), so every error and claim has its true line and column.

use crate::color::Color;
use crate::definition::model::Board;
use crate::diag::{Diagnostics, Source};
use crate::engine::{Engine, Position};
use crate::layout::board::{cell_centre, pawn_radius};
use crate::layout::diagram::highlight;
use crate::rules::{self, Field};
use crate::scene::{p, shape, Anchor, Scene, Stroke, P};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// One claim of an `[expect]` table.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    /// Line and column in the rulebook.
    pub place: (usize, usize),
    /// The claim as written in messages (`successors = 7`).
    pub text: String,
    /// What is claimed.
    pub kind: ClaimKind,
}

/// What a claim says.
#[derive(Debug, Clone, PartialEq)]
pub enum ClaimKind {
    /// The number of distinct successors.
    Successors(u64),
    /// The scores, by side.
    Scores(BTreeMap<String, i64>),
    /// The winner (`draw` for a draw).
    Winner(String),
    /// Whether the game is over.
    Over(bool),
    /// This move is legal.
    Legal(String),
    /// This move is not legal.
    Illegal(String),
    /// The exact set of moves that lead to the distinct successors.
    Moves(Vec<String>),
    /// The position after a move has this board (if given) and these field values.
    After(String, Option<Vec<Vec<String>>>, Vec<(String, toml::Value)>),
}

/// Marks drawn over an example's diagram.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    /// Cells outlined.
    pub highlight: Vec<usize>,
    /// Arrows through cells.
    pub arrows: Vec<Vec<usize>>,
    /// Cells crossed out.
    pub crosses: Vec<usize>,
    /// Cells numbered 1, 2, ... in order (an order of placement).
    pub numbers: Vec<usize>,
}

/// A validated example.
#[derive(Debug, Clone)]
pub struct Example {
    /// Line of the opening fence.
    pub line: usize,
    /// The position.
    pub position: Position,
    /// The position written back as TOML (to compare languages).
    pub canonical: String,
    /// The claims.
    pub claims: Vec<Claim>,
    /// Diagram marks.
    pub marks: Marks,
    /// Caption.
    pub caption: String,
    /// Also draw the position after the `after` claim's move, with this caption.
    pub after_caption: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Extras {
    expect: Option<Spanned<ExpectRaw>>,
    diagram: Option<Spanned<DiagramRaw>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectRaw {
    successors: Option<Spanned<u64>>,
    scores: Option<Spanned<BTreeMap<String, i64>>>,
    winner: Option<Spanned<String>>,
    over: Option<Spanned<bool>>,
    legal: Option<Spanned<Vec<String>>>,
    illegal: Option<Spanned<Vec<String>>>,
    moves: Option<Spanned<Vec<String>>>,
    after: Option<Spanned<AfterRaw>>,
}

#[derive(Debug, Deserialize)]
struct AfterRaw {
    #[serde(rename = "move")]
    mv: String,
    board: Option<String>,
    /// Other position fields to compare (`deck`, `talons_done`, ...).
    #[serde(flatten)]
    fields: BTreeMap<String, toml::Value>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DiagramRaw {
    #[serde(default)]
    caption: String,
    #[serde(default)]
    highlight: Vec<String>,
    #[serde(default)]
    arrows: Vec<Vec<String>>,
    #[serde(default)]
    crosses: Vec<String>,
    #[serde(default)]
    numbers: Vec<String>,
    after_caption: Option<String>,
}

/// Board rows of a claim, read like a position's board: tokens split by white space, or one
/// character a token in a row without white space.
fn board_rows(s: &str) -> Vec<Vec<String>> {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            if l.contains(char::is_whitespace) {
                l.split_whitespace().map(str::to_string).collect()
            } else {
                l.chars().map(String::from).collect()
            }
        })
        .collect()
}

/// Reads the example in `range` of the rulebook `text`.
pub fn parse(
    engine: &Engine,
    path: &Path,
    text: &str,
    range: std::ops::Range<usize>,
    fence_line: usize,
    content_line: usize,
) -> Result<Example, Diagnostics> {
    let src = Source::fragment(path, text, range, content_line);
    let (game, raw) = rules::raw_source(src.clone())?;
    if game != engine.id() {
        let at = src.text.find("game").unwrap_or(0);
        return Err(src
            .error(
                at..at + 4,
                format!(
                    "this rulebook's examples are `{}` positions, found `{game}`",
                    engine.id()
                ),
            )
            .into());
    }
    let position = engine.position(raw)?;
    let extras: Extras = toml::from_str(&src.text).map_err(|e| crate::diag::from_toml(&src, &e))?;
    let mut diags = Diagnostics::default();
    // Claims name sides and position fields: a typo there is an error, not a claim that fails.
    let sides: Vec<String> = engine
        .score(&position)
        .scores
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    let fields: Vec<String> = engine.keys().iter().map(|k| k.to_string()).collect();
    if let Some(ex) = &extras.expect {
        let e = ex.get_ref();
        let mut unknown =
            |name: &str, known: &[String], what: &str, span: std::ops::Range<usize>| {
                if !known.iter().any(|k| k == name) {
                    let mut d = src.error(
                        span,
                        format!(
                            "`[expect]`: no {what} `{name}` (expected one of {})",
                            known.join(", ")
                        ),
                    );
                    if let Some(c) = crate::diag::closest(name, known.iter().map(String::as_str)) {
                        d = d.with_hint(format!("did you mean `{c}`?"));
                    }
                    diags.push(d);
                }
            };
        if let Some(v) = &e.scores {
            for k in v.get_ref().keys() {
                unknown(k, &sides, "side", v.span());
            }
        }
        if let Some(v) = &e.winner {
            let mut known = sides.clone();
            known.push("draw".into());
            unknown(v.get_ref(), &known, "side", v.span());
        }
        if let Some(v) = &e.after {
            for k in v.get_ref().fields.keys() {
                unknown(k, &fields, "position field", v.span());
            }
        }
        // A move naming no cell of the board, or no move at all, is a typo: as a claim that a
        // move is illegal it would hold whatever the rules say.
        let grid = &engine.board().grid;
        let lists = [&e.legal, &e.illegal, &e.moves];
        let named = lists
            .into_iter()
            .flatten()
            .flat_map(|v| v.get_ref().iter().map(move |m| (m.as_str(), v.span())));
        let after = e.after.iter().map(|v| (v.get_ref().mv.as_str(), v.span()));
        for (m, span) in named.chain(after) {
            if m.trim().is_empty() {
                diags.push(src.error(span, "`[expect]`: an empty move"));
            } else if let Some(cell) = cell_names(m).find(|c| grid.parse(c).is_none()) {
                diags.push(src.error(
                    span,
                    format!("`[expect]`: move `{m}` names `{cell}`, which is no cell of the board"),
                ));
            }
        }
    }
    let line_of = |span: std::ops::Range<usize>| src.line_col(span.start);
    let mut claims = Vec::new();
    if let Some(ex) = &extras.expect {
        let e = ex.get_ref();
        if let Some(v) = &e.successors {
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("successors = {}", v.get_ref()),
                kind: ClaimKind::Successors(*v.get_ref()),
            });
        }
        if let Some(v) = &e.scores {
            let t = v
                .get_ref()
                .iter()
                .map(|(k, n)| format!("{k} = {n}"))
                .collect::<Vec<_>>()
                .join(", ");
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("scores = {{ {t} }}"),
                kind: ClaimKind::Scores(v.get_ref().clone()),
            });
        }
        if let Some(v) = &e.winner {
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("winner = \"{}\"", v.get_ref()),
                kind: ClaimKind::Winner(v.get_ref().clone()),
            });
        }
        if let Some(v) = &e.over {
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("over = {}", v.get_ref()),
                kind: ClaimKind::Over(*v.get_ref()),
            });
        }
        for (list, legal) in [(&e.legal, true), (&e.illegal, false)] {
            if let Some(v) = list {
                for m in v.get_ref() {
                    claims.push(Claim {
                        place: line_of(v.span()),
                        text: format!("{} move {m}", if legal { "legal" } else { "illegal" }),
                        kind: if legal {
                            ClaimKind::Legal(m.clone())
                        } else {
                            ClaimKind::Illegal(m.clone())
                        },
                    });
                }
            }
        }
        if let Some(v) = &e.moves {
            let mut list = v.get_ref().clone();
            list.sort();
            list.dedup();
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("moves = [{}]", list.join(", ")),
                kind: ClaimKind::Moves(list),
            });
        }
        if let Some(v) = &e.after {
            let a = v.get_ref();
            let board = a.board.as_deref().map(board_rows);
            let mut what: Vec<String> =
                a.fields.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            if let Some(b) = &board {
                what.push(format!(
                    "board = {}",
                    b.iter().map(|r| r.join("")).collect::<Vec<_>>().join("/")
                ));
            }
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("after {}: {}", a.mv, what.join(", ")),
                kind: ClaimKind::After(a.mv.clone(), board, a.fields.clone().into_iter().collect()),
            });
        }
        if claims.is_empty() {
            diags.push(src.error(ex.span(), "`[expect]` holds no claim"));
        }
    }
    let (marks, caption, after_caption) = match &extras.diagram {
        Some(d) => {
            let board = engine.board();
            let mut cells = |list: &[String]| -> Vec<usize> {
                list.iter()
                    .filter_map(|c| {
                        let cell = board.grid.parse(c);
                        if cell.is_none() {
                            diags.push(src.error(
                                d.span(),
                                format!("`[diagram]`: no cell `{c}` on the board"),
                            ));
                        }
                        cell
                    })
                    .collect()
            };
            let r = d.get_ref();
            let marks = Marks {
                highlight: cells(&r.highlight),
                arrows: r.arrows.iter().map(|a| cells(a)).collect(),
                crosses: cells(&r.crosses),
                numbers: cells(&r.numbers),
            };
            (marks, r.caption.clone(), r.after_caption.clone())
        }
        None => (Marks::default(), String::new(), None),
    };
    if after_caption.is_some()
        && !claims
            .iter()
            .any(|c| matches!(c.kind, ClaimKind::After(..)))
    {
        diags.push(src.error(0..0, "`after_caption` needs an `after` claim to draw"));
    }
    let canonical = engine.to_toml(&position);
    diags.finish(Example {
        line: fence_line,
        position,
        canonical,
        claims,
        marks,
        caption,
        after_caption,
    })
}

/// Checks one claim: `Err` holds what the engine found instead.
pub fn check_claim(engine: &Engine, ex: &Example, claim: &Claim) -> Result<(), String> {
    let p = &ex.position;
    match &claim.kind {
        ClaimKind::Successors(n) => {
            let found = engine.successor_moves(p).len() as u64;
            (found == *n).then_some(()).ok_or_else(|| found.to_string())
        }
        ClaimKind::Scores(want) => {
            let got: BTreeMap<String, i64> = engine.score(p).scores.into_iter().collect();
            (&got == want).then_some(()).ok_or_else(|| {
                format!(
                    "{{ {} }}",
                    got.iter()
                        .map(|(k, v)| format!("{k} = {v}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
        }
        ClaimKind::Winner(w) => {
            let got = engine.score(p).winner;
            (got.as_deref() == Some(w.as_str()))
                .then_some(())
                .ok_or_else(|| {
                    got.map_or("no winner (the game is not over)".to_string(), |g| {
                        format!("\"{g}\"")
                    })
                })
        }
        ClaimKind::Over(o) => {
            let got = engine.score(p).over;
            (got == *o).then_some(()).ok_or_else(|| got.to_string())
        }
        ClaimKind::Legal(m) => engine
            .find_move(p, m)
            .map(|_| ())
            .ok_or_else(|| "no such move".into()),
        ClaimKind::Illegal(m) => (engine.find_move(p, m).is_none())
            .then_some(())
            .ok_or_else(|| "a legal move".into()),
        ClaimKind::Moves(want) => {
            // The set of moves: with a die, one move leads to a successor per next roll.
            let mut got: Vec<String> = engine
                .successor_moves(p)
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            got.sort();
            got.dedup();
            (&got == want)
                .then_some(())
                .ok_or_else(|| format!("moves = [{}]", got.join(", ")))
        }
        ClaimKind::After(m, board, fields) => {
            let Some(q) = engine.find_move(p, m) else {
                return Err(format!("no move {m}"));
            };
            let mut found = Vec::new();
            if let Some(b) = board {
                let got = engine.board_rows(&q);
                if &got != b {
                    found.push(format!(
                        "board = {}",
                        got.iter().map(|r| r.join("")).collect::<Vec<_>>().join("/")
                    ));
                }
            }
            let have = engine.fields(&q);
            for (k, want) in fields {
                let got = have
                    .iter()
                    .find(|(name, _)| name == k)
                    .map(|(_, v)| field_value(v));
                if got.as_ref() != Some(want) {
                    found.push(format!(
                        "{k} = {}",
                        got.map_or("(absent)".to_string(), |g| g.to_string())
                    ));
                }
            }
            found
                .is_empty()
                .then_some(())
                .ok_or_else(|| found.join(", "))
        }
    }
}

/// A position field as a TOML value, to compare with a claim.
fn field_value(f: &Field) -> toml::Value {
    use toml::Value as V;
    match f {
        Field::Str(s) => V::String(s.clone()),
        Field::Int(i) => V::Integer(*i),
        Field::Strs(v) => V::Array(v.iter().map(|s| V::String(s.clone())).collect()),
        Field::Ints(v) => V::Array(v.iter().map(|i| V::Integer(*i)).collect()),
        Field::Table(v) => V::Table(v.iter().map(|(k, i)| (k.clone(), V::Integer(*i))).collect()),
        Field::Board(rows) => V::String(
            rows.iter()
                .map(|r| r.join(" "))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
    }
}

/// The cell names of a move: its words made only of names (letters then digits: `d4`, `aa12`),
/// a single `x` joining two of them (`d4xd6`). Other words (`pass`, `+3,1`) are not names.
fn cell_names(m: &str) -> impl Iterator<Item = &str> {
    m.split(|c: char| !c.is_ascii_alphanumeric())
        .flat_map(|word| {
            let bytes = word.as_bytes();
            let mut names = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                let letters = bytes[i..]
                    .iter()
                    .take_while(|b| b.is_ascii_lowercase())
                    .count();
                let digits = bytes[i + letters..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if letters == 0 || digits == 0 {
                    return Vec::new();
                }
                names.push(&word[i..i + letters + digits]);
                i += letters + digits;
                if bytes.get(i) == Some(&b'x')
                    && bytes.get(i + 1).is_some_and(u8::is_ascii_lowercase)
                {
                    i += 1;
                }
            }
            names
        })
}

/// The position after the example's `after` move, if it has one and the move is legal.
pub fn after_position(engine: &Engine, ex: &Example) -> Option<Position> {
    ex.claims.iter().find_map(|c| match &c.kind {
        ClaimKind::After(m, _, _) => engine.find_move(&ex.position, m),
        _ => None,
    })
}

const MARK: Color = Color::rgb(0x1f, 0x6f, 0xd0);
const CROSS: Color = Color::rgb(0xc0, 0x39, 0x2b);

/// Draws the marks over a diagram of `board`.
pub fn draw_marks(s: &mut Scene, board: &Board, marks: &Marks) {
    let r = pawn_radius(board);
    for &c in &marks.highlight {
        highlight(s, board, c, MARK);
    }
    for &c in &marks.crosses {
        let q = cell_centre(board, c);
        let d = r * 0.75;
        let st = Some(Stroke::solid(CROSS, r * 0.22));
        s.cross(q, d, st);
    }
    for a in &marks.arrows {
        if a.len() < 2 {
            continue;
        }
        let pts: Vec<P> = a.iter().map(|&c| cell_centre(board, c)).collect();
        let (shaft, head) = shape::arrow(&pts, r * 0.95);
        s.path(shaft, None, Some(Stroke::solid(MARK, r * 0.24)));
        s.path(head, Some(MARK), None);
    }
    for (i, &c) in marks.numbers.iter().enumerate() {
        let q = cell_centre(board, c);
        let at = p(q.x + r * 0.75, q.y - r * 0.75);
        s.path(
            shape::circle(at, r * 0.5),
            Some(MARK),
            Some(Stroke::solid(Color::WHITE, r * 0.06)),
        );
        let size = r * 0.7 * 72.0 / 25.4;
        s.text(
            at.x,
            at.y + crate::fonts::Face::Bold.cap_height_mm(size) / 2.0,
            size,
            crate::fonts::Face::Bold,
            Color::WHITE,
            Anchor::Middle,
            &(i + 1).to_string(),
        );
    }
}

/// The example's diagram (and the position after its move, when asked), as figure panels.
pub fn panels(engine: &Engine, ex: &Example) -> Vec<(Scene, String)> {
    let mut s = engine.diagram(&ex.position);
    draw_marks(&mut s, engine.board(), &ex.marks);
    let mut out = vec![(s, ex.caption.clone())];
    if let (Some(cap), Some(q)) = (&ex.after_caption, after_position(engine, ex)) {
        out.push((engine.diagram(&q), cap.clone()));
    }
    out
}
