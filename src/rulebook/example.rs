//! Example positions of a rulebook: a fenced `position` block holds a position, diagram marks
//! (`[diagram]`) and claims (`[expect]`) that the engine checks.
//!
//! The block is read from a copy of the whole Markdown file in which everything outside the block
//! is blanked (newlines kept), so every error and claim has its true line and column.

use super::claims::{claims_of, pairs, ExpectRaw};
pub use super::claims::{Claim, ClaimKind};
use crate::base::diag::{Diagnostics, Source};
use crate::definition::model::{Game, Ground};
use crate::layout::diagram::{self, Marks};
use crate::rules;
use crate::rules::engine::{Engine, Position};
use crate::scene::Scene;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::Spanned;

/// A validated example.
#[derive(Debug, Clone)]
pub struct Example {
    /// Line of the opening fence.
    pub line: usize,
    /// The position, validated by the game's engine; none for a game without an engine and for
    /// a partial diagram.
    pub position: Option<Position>,
    /// The position as data: its board's rows of tokens, top row first.
    pub rows: Vec<Vec<String>>,
    /// Its other fields.
    pub fields: toml::Table,
    /// The position written back as TOML (to compare languages).
    pub canonical: String,
    /// Declared a partial diagram: material left out (a deck, pawns far away), so it may claim
    /// moves, never an end or a score.
    pub partial: bool,
    /// The claims.
    pub claims: Vec<Claim>,
    /// Diagram marks.
    pub marks: Marks,
    /// Caption.
    pub caption: String,
    /// Also draw the position after the `after` claim's move, with this caption.
    pub after_caption: Option<String>,
    /// Where the text of `caption` and of `after_caption` starts in the rulebook (line, column),
    /// when its characters are written as they are read (no escapes), for the caption check's
    /// places.
    pub caption_at: [Option<(usize, usize)>; 2],
    /// The names of the cells a piece stands on.
    pub occupied: Vec<String>,
    /// The game's positions stand on a plane, whose cells are named `x,y`.
    pub plane: bool,
    /// The names of the cells a piece stands on in the board an `after` claim states.
    pub after_occupied: Vec<String>,
    /// What the claims make true, for the caption check (empty without an engine).
    pub facts: super::facts::Facts,
}

#[derive(Debug, Deserialize)]
struct Extras {
    expect: Option<Spanned<ExpectRaw>>,
    diagram: Option<Spanned<DiagramRaw>>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DiagramRaw {
    caption: Option<Spanned<String>>,
    #[serde(default)]
    highlight: Vec<String>,
    #[serde(default)]
    arrows: Vec<Vec<String>>,
    #[serde(default)]
    crosses: Vec<String>,
    #[serde(default)]
    numbers: Vec<String>,
    after_caption: Option<Spanned<String>>,
    /// Material is left out (a deck, pawns that play no part): the invariants of play are not
    /// checked, and no claim may depend on the missing material (an end, scores).
    #[serde(default)]
    partial: bool,
}

/// Reads the example in `range` of the rulebook `text`.
pub fn parse(
    engine: Option<&Engine>,
    game: &Game,
    path: &Path,
    text: &str,
    range: std::ops::Range<usize>,
    fence_line: usize,
    content_line: usize,
) -> Result<Example, Diagnostics> {
    let src = Source::fragment(path, text, range, content_line);
    let extras: Extras =
        toml::from_str(&src.text).map_err(|e| crate::base::diag::from_toml(&src, &e))?;
    let partial = extras.diagram.as_ref().is_some_and(|d| d.get_ref().partial);
    let (id, raw) = rules::raw_source(src.clone())?;
    if id != game.id {
        let at = src.text.find("game").unwrap_or(0);
        return Err(src
            .error(
                at..at + 4,
                format!(
                    "this rulebook's examples are `{}` positions, found `{id}`",
                    game.id
                ),
            )
            .into());
    }
    let mut diags = Diagnostics::default();
    // A game that names an engine program which could not start has its claims left unchecked
    // (the build says so); a game with no engine at all may not claim anything.
    if let (Some(ex), None, None) = (&extras.expect, engine, &game.engine) {
        diags.push(src.error(
            ex.span(),
            format!(
                "`[expect]`: `{}` has no rules engine to check claims with (name an engine program in game.toml, or remove the claims)",
                game.id
            ),
        ));
    }
    if let (true, Some(ex)) = (partial, &extras.expect) {
        // What a partial position lacks decides its end and its scores, not the moves on it.
        let e = ex.get_ref();
        let material = [
            ("over", e.over.as_ref().map(|v| v.span())),
            ("winner", e.winner.as_ref().map(|v| v.span())),
            ("scores", e.scores.as_ref().map(|v| v.span())),
        ];
        for (what, span) in material {
            if let Some(span) = span {
                diags.push(src.error(
                    span,
                    format!("a partial diagram cannot claim `{what}`: the material it leaves out decides the end and the scores"),
                ));
            }
        }
    }
    let (position, rows, fields, canonical) = match engine {
        Some(engine) => {
            let position = engine.position(raw)?;
            // The engine refuses what the spec calls impossible; the invariants its playouts
            // check catch the rest.
            if let (false, Err(why)) = (partial, engine.invariants(&position)) {
                return Err(src
                    .error(
                        board_span(&src),
                        format!(
                            "this position cannot arise in play: {why} (a diagram that leaves out part of a position says `partial = true` in `[diagram]`, and claims no end or score)"
                        ),
                    )
                    .into());
            }
            let (rows, fields) = engine.data(&position);
            let canonical = engine.to_toml(&position);
            (Some(position), rows, fields, canonical)
        }
        None => {
            let (rows, fields) = data(&src)?;
            let canonical = format!("{rows:?}\n{fields}");
            (None, rows, fields, canonical)
        }
    };
    let claims = match (engine, &position, &extras.expect) {
        (Some(engine), Some(position), Some(ex)) => {
            claims_of(engine, game, position, &src, ex, &mut diags)
        }
        _ => Vec::new(),
    };
    let (marks, caption, after_caption) = match &extras.diagram {
        Some(d) => {
            let r = d.get_ref();
            let marks = Marks {
                highlight: r.highlight.clone(),
                arrows: r.arrows.clone(),
                crosses: r.crosses.clone(),
                numbers: r.numbers.clone(),
            };
            let text = |c: &Option<Spanned<String>>| c.as_ref().map(|c| c.get_ref().clone());
            (
                marks,
                text(&r.caption).unwrap_or_default(),
                text(&r.after_caption),
            )
        }
        None => (Marks::default(), String::new(), None),
    };
    // A caption's place: after its opening quote, if the literal holds the text as it is read.
    let place = |c: &Option<Spanned<String>>| {
        let c = c.as_ref()?;
        let lit = &src.text[c.span()];
        let plain = lit.len() == c.get_ref().len() + 2 && !lit.contains('\\');
        plain.then(|| src.line_col(c.span().start + 1))
    };
    let caption_at = extras.diagram.as_ref().map_or([None, None], |d| {
        [
            place(&d.get_ref().caption),
            place(&d.get_ref().after_caption),
        ]
    });
    if after_caption.is_some()
        && engine.is_some()
        && !claims
            .iter()
            .any(|c| matches!(c.kind, ClaimKind::After(..)))
    {
        diags.push(src.error(0..0, "`after_caption` needs an `after` claim to draw"));
    }
    let ex = Example {
        line: fence_line,
        position,
        rows,
        fields,
        canonical,
        partial,
        claims,
        marks,
        caption,
        after_caption,
        caption_at,
        occupied: Vec::new(),
        after_occupied: Vec::new(),
        facts: super::facts::Facts::default(),
        plane: matches!(
            game.diagram.as_ref().map(|d| &d.ground),
            Some(Ground::Plane { .. })
        ),
    };
    let mut ex = ex;
    // Placing the position on the game's board is where a token or a cell name meets the
    // game's definition; nothing is drawn here.
    match game.diagram.as_ref() {
        None => diags.push(src.error(
            0..0,
            "the game has no board and no mat to draw a position on (`[diagram]` in game.toml)",
        )),
        Some(def) => match diagram::place(game, def, &ex.rows, &ex.fields) {
            Err(why) => diags.push(src.error(board_span(&src), format!("`board`: {why}"))),
            Ok(placed) => {
                ex.occupied = placed.occupied().map(String::from).collect();
                for c in &ex.claims {
                    if let ClaimKind::After(_, Some(board), _) = &c.kind {
                        if let Ok(after) = diagram::place(game, def, board, &ex.fields) {
                            ex.after_occupied.extend(after.occupied().map(String::from));
                        }
                    }
                }
                if let Err(why) = placed.check_marks(&ex.marks) {
                    let at = extras.diagram.as_ref().map_or(0..0, |d| d.span());
                    diags.push(src.error(at, format!("`[diagram]`: {why}")));
                }
                if let (Some(engine), Some(position)) = (engine, &ex.position) {
                    ex.facts = super::facts::of(engine, game, def, position, &ex, &placed);
                }
            }
        },
    }
    diags.finish(ex)
}

/// Where a block's `board` is written (its start when it has none).
fn board_span(src: &Source) -> std::ops::Range<usize> {
    src.text.find("board").map_or(0..0, |i| i..i + 5)
}

/// The position of a block read as data, for a game without an engine or a partial diagram:
/// its `board` as rows of tokens, and its other keys.
fn data(src: &Source) -> Result<(Vec<Vec<String>>, toml::Table), Diagnostics> {
    let mut table: toml::Table =
        toml::from_str(&src.text).map_err(|e| crate::base::diag::from_toml(src, &e))?;
    for key in ["game", "expect", "diagram"] {
        table.remove(key);
    }
    let rows = match table.remove("board") {
        Some(toml::Value::String(b)) => rules::board_rows(&b),
        Some(_) => {
            return Err(src
                .error(board_span(src), "`board` is a string of rows of tokens")
                .into())
        }
        None => return Err(src.error(0..0, "missing key `board`").into()),
    };
    Ok((rows, table))
}

/// The position after the example's `after` move, if it has one and the move is legal.
pub fn after_position(engine: &Engine, ex: &Example) -> Option<Position> {
    let p = ex.position.as_ref()?;
    ex.claims.iter().find_map(|c| match &c.kind {
        ClaimKind::After(m, _, _) => engine.find_move(p, m),
        _ => None,
    })
}

/// The example's diagram (and the position after its move, when asked), as figure panels.
pub fn panels(engine: Option<&Engine>, game: &Game, ex: &Example) -> Vec<(Scene, String)> {
    let Some(def) = game.diagram.as_ref() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Parsing drew the example once: a failure here is not reachable with a parsed example.
    if let Ok(mut d) = diagram::position(game, def, &ex.rows, &ex.fields) {
        if diagram::draw_marks(&mut d, &ex.marks).is_ok() {
            out.push((d.scene, ex.caption.clone()));
        }
    }
    if let (Some(cap), Some(engine)) = (&ex.after_caption, engine) {
        if let Some(q) = after_position(engine, ex) {
            let (rows, fields) = engine.data(&q);
            if let Ok(d) = diagram::position(game, def, &rows, &fields) {
                out.push((d.scene, cap.clone()));
            }
        }
    }
    out
}

/// Checks one claim: `Err` holds what the engine found instead.
pub fn check_claim(
    engine: &Engine,
    ex: &Example,
    claim: &Claim,
) -> Result<(), crate::base::diag::Error> {
    found_instead(engine, ex, claim).map_err(crate::base::diag::Error::Other)
}

/// [`check_claim`]'s test: `Err` holds what the engine found, as the report prints it.
fn found_instead(engine: &Engine, ex: &Example, claim: &Claim) -> Result<(), String> {
    let Some(p) = &ex.position else {
        return Err("no position the engine read".into());
    };
    match &claim.kind {
        ClaimKind::Successors(n) => {
            let found = engine.successor_moves(p).len() as u64;
            (found == *n).then_some(()).ok_or_else(|| found.to_string())
        }
        ClaimKind::Scores(want) => {
            let got: BTreeMap<String, i64> = engine.score(p).scores.into_iter().collect();
            (&got == want)
                .then_some(())
                .ok_or_else(|| format!("{{ {} }}", pairs(&got)))
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
        ClaimKind::Tokens(want) => {
            let got: BTreeMap<String, u64> = want
                .keys()
                .map(|k| {
                    let n = ex.rows.iter().flatten().filter(|t| *t == k).count();
                    (k.clone(), n as u64)
                })
                .collect();
            (&got == want)
                .then_some(())
                .ok_or_else(|| format!("{{ {} }}", pairs(&got)))
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
            let (rows, have) = engine.data(&q);
            if let Some(b) = board {
                let got = &rows;
                if got != b {
                    found.push(format!(
                        "board = {}",
                        got.iter().map(|r| r.join("")).collect::<Vec<_>>().join("/")
                    ));
                }
            }
            let verdict = engine.score(&q);
            for (k, want) in fields {
                let got = match k.as_str() {
                    "winner" => verdict.winner.clone().map(toml::Value::String),
                    "over" => Some(toml::Value::Boolean(verdict.over)),
                    _ => have.get(k).cloned(),
                };
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
        ClaimKind::Passes(sides) => {
            let mut at = p.clone();
            for side in sides {
                let (_, fields) = engine.data(&at);
                let to_move = fields.get("to_move").and_then(|v| v.as_str()).unwrap_or("");
                if to_move != side {
                    return Err(format!("{to_move} to move where {side} should pass"));
                }
                let moves = engine.successor_moves(&at);
                // With a die, a pass has a successor per roll: the first stands for them all.
                match moves.first() {
                    Some((_, q)) if moves.iter().all(|(m, _)| m == "pass") => at = q.clone(),
                    _ => {
                        let mut names: Vec<String> = moves.into_iter().map(|(m, _)| m).collect();
                        names.sort();
                        names.dedup();
                        return Err(format!("{side} has the moves [{}]", names.join(", ")));
                    }
                }
            }
            Ok(())
        }
    }
}
