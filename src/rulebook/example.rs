//! Example positions of a rulebook: a fenced `position` block holds a position, diagram marks
//! (`[diagram]`) and claims (`[expect]`) that the engine checks.
//!
//! The block is read from a copy of the whole Markdown file in which everything outside the block
//! is blanked (newlines kept), so every error and claim has its true line and column.

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
    /// How many of each token the position's board holds (pieces on it).
    Tokens(BTreeMap<String, u64>),
    /// This move is legal.
    Legal(String),
    /// This move is not legal.
    Illegal(String),
    /// The exact set of moves that lead to the distinct successors.
    Moves(Vec<String>),
    /// The position after a move has this board (if given) and these field values.
    After(String, Option<Vec<Vec<String>>>, Vec<(String, toml::Value)>),
}

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
    tokens: Option<Spanned<BTreeMap<String, u64>>>,
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

/// The claims of an `[expect]` table, checked for names the position's game does not know.
fn claims_of(
    engine: &Engine,
    game: &Game,
    position: &Position,
    src: &Source,
    ex: &toml::Spanned<ExpectRaw>,
    diags: &mut Diagnostics,
) -> Vec<Claim> {
    // Claims name sides and position fields: a typo there is an error, not a claim that fails.
    let sides: Vec<String> = engine
        .score(position)
        .scores
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    let fields: Vec<String> = engine.keys().iter().map(|k| k.to_string()).collect();
    {
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
                    if let Some(c) =
                        crate::base::diag::closest(name, known.iter().map(String::as_str))
                    {
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
        if let Some(v) = &e.tokens {
            // `.` counts the empty cells.
            let known: Vec<String> = std::iter::once(".".to_string())
                .chain(
                    game.diagram
                        .iter()
                        .flat_map(|d| d.tokens.iter().map(|(t, _)| t.clone())),
                )
                .collect();
            for k in v.get_ref().keys() {
                unknown(k, &known, "token", v.span());
            }
        }
        if let Some(v) = &e.winner {
            let mut known = sides.clone();
            known.push("draw".into());
            unknown(v.get_ref(), &known, "side", v.span());
        }
        // An engine program does not list its fields: its positions' keys are checked by value.
        if let (Some(v), false) = (&e.after, fields.is_empty()) {
            for k in v.get_ref().fields.keys() {
                unknown(k, &fields, "position field", v.span());
            }
        }
        // A move naming no cell of the board, or no move at all, is a typo: as a claim that a
        // move is illegal it would hold whatever the rules say.
        let grid = match game.diagram.as_ref().map(|d| &d.ground) {
            Some(Ground::Board(b)) => Some(&game.boards[*b].grid),
            _ => None,
        };
        let lists = [&e.legal, &e.illegal, &e.moves];
        let named = lists
            .into_iter()
            .flatten()
            .flat_map(|v| v.get_ref().iter().map(move |m| (m.as_str(), v.span())));
        let after = e.after.iter().map(|v| (v.get_ref().mv.as_str(), v.span()));
        for (m, span) in named.chain(after) {
            if m.trim().is_empty() {
                diags.push(src.error(span, "`[expect]`: an empty move"));
            } else if let Some(cell) =
                grid.and_then(|g| cell_names(m).find(|c| g.parse(c).is_none()))
            {
                diags.push(src.error(
                    span,
                    format!("`[expect]`: move `{m}` names `{cell}`, which is no cell of the board"),
                ));
            }
        }
    }
    let line_of = |span: std::ops::Range<usize>| src.line_col(span.start);
    let mut claims = Vec::new();
    {
        let e = ex.get_ref();
        if let Some(v) = &e.successors {
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("successors = {}", v.get_ref()),
                kind: ClaimKind::Successors(*v.get_ref()),
            });
        }
        if let Some(v) = &e.scores {
            let t = pairs(v.get_ref());
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
        if let Some(v) = &e.tokens {
            let t = pairs(v.get_ref());
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("tokens = {{ {t} }}"),
                kind: ClaimKind::Tokens(v.get_ref().clone()),
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
            let board = a.board.as_deref().map(rules::board_rows);
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
    claims
}

/// A table's entries as a claim writes them: `light = 3, dark = 0`.
fn pairs<V: std::fmt::Display>(t: &BTreeMap<String, V>) -> String {
    t.iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
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
            for (k, want) in fields {
                let got = have.get(k).cloned();
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
