//! The claims of an example (`[expect]`): what the rulebook says of a position, read from its
//! table, their names checked against the game.
//!
//! In: an example's `[expect]` table and the game's engine; out: [`Claim`]s, each checked by the
//! engine in `example.rs` (`check_claim`). A new kind of claim is a [`ClaimKind`] variant, a key
//! of `ExpectRaw`, its reading in `claims_of`, its check in `example::found_instead`, and what it
//! makes true for captions in `facts.rs`.

use crate::base::diag::{Diagnostics, Source};
use crate::definition::model::{Game, Ground};
use crate::rules;
use crate::rules::engine::{Engine, Position};
use crate::rules::Board;
use serde::Deserialize;
use std::collections::BTreeMap;
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
    /// The position after a move has this board (if given) and these field values (`winner`
    /// and `over` are the engine's verdict on that position, not fields).
    After(String, Option<Board>, Vec<(String, toml::Value)>),
    /// These sides pass, one after the other, from the position: each has no move but a pass.
    Passes(Vec<String>),
}

/// Keys of an `after` claim that are the engine's verdict on the position after the move, not
/// fields of it.
pub const AFTER_VERDICTS: [&str; 2] = ["winner", "over"];

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ExpectRaw {
    pub(super) successors: Option<Spanned<u64>>,
    pub(super) scores: Option<Spanned<BTreeMap<String, i64>>>,
    pub(super) winner: Option<Spanned<String>>,
    pub(super) over: Option<Spanned<bool>>,
    pub(super) tokens: Option<Spanned<BTreeMap<String, u64>>>,
    pub(super) legal: Option<Spanned<Vec<String>>>,
    pub(super) illegal: Option<Spanned<Vec<String>>>,
    pub(super) moves: Option<Spanned<Vec<String>>>,
    pub(super) after: Option<Spanned<AfterRaw>>,
    pub(super) passes: Option<Spanned<Vec<String>>>,
}

/// The claims of an `[expect]` table, checked for names the position's game does not know,
/// identical ones merged (a move listed twice is one claim), within what `claims_left` leaves
/// of the rulebook's limit (`MAX_CLAIMS`): the claim past it is an error at its place, and
/// `claims_left` becomes `None`, so that later examples' claims are dropped unreported.
pub(super) fn claims_of(
    engine: &Engine,
    game: &Game,
    position: &Position,
    src: &Source,
    ex: &toml::Spanned<ExpectRaw>,
    diags: &mut Diagnostics,
    claims_left: &mut Option<usize>,
) -> Vec<Claim> {
    // Claims name sides and position fields: a typo there is an error, not a claim that fails.
    let sides = sides(engine, position);
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
        if let Some(v) = &e.passes {
            for side in v.get_ref() {
                unknown(side, &sides, "side", v.span());
            }
        }
        if let Some(toml::Value::String(w)) = e
            .after
            .as_ref()
            .and_then(|a| a.get_ref().fields.get("winner"))
        {
            let mut known = sides.clone();
            known.push("draw".into());
            unknown(
                w,
                &known,
                "side",
                e.after.as_ref().map_or(0..0, |a| a.span()),
            );
        }
        // An engine program does not list its fields: its positions' keys are checked by value.
        if let (Some(v), false) = (&e.after, fields.is_empty()) {
            for k in v.get_ref().fields.keys() {
                if !AFTER_VERDICTS.contains(&k.as_str()) {
                    unknown(k, &fields, "position field", v.span());
                }
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
                let mut seen = std::collections::BTreeSet::new();
                for m in v.get_ref().iter().filter(|m| seen.insert(m.as_str())) {
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
            let board = a.board.as_deref().map(|b| rules::read_board(b, Some(game)));
            let mut what: Vec<String> =
                a.fields.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            if let Some(b) = &board {
                what.push(format!("board = {}", compact(b)));
            }
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("after {}: {}", a.mv, what.join(", ")),
                kind: ClaimKind::After(a.mv.clone(), board, a.fields.clone().into_iter().collect()),
            });
        }
        if let Some(v) = &e.passes {
            claims.push(Claim {
                place: line_of(v.span()),
                text: format!("passes = [{}]", v.get_ref().join(", ")),
                kind: ClaimKind::Passes(v.get_ref().clone()),
            });
        }
        if claims.is_empty() {
            diags.push(src.error(ex.span(), "`[expect]` holds no claim"));
        }
    }
    within_limit(claims, src, ex, diags, claims_left)
}

/// `claims` cut at the rulebook's limit ([`super::MAX_CLAIMS`]): a move of a list and a side
/// of `passes` each count one. The first claim past it is an error at its place.
fn within_limit(
    mut claims: Vec<Claim>,
    src: &Source,
    ex: &toml::Spanned<ExpectRaw>,
    diags: &mut Diagnostics,
    claims_left: &mut Option<usize>,
) -> Vec<Claim> {
    let Some(left) = claims_left else {
        return Vec::new();
    };
    for (i, c) in claims.iter().enumerate() {
        let cost = match &c.kind {
            ClaimKind::Moves(list) => list.len(),
            ClaimKind::Passes(sides) => sides.len(),
            _ => 1,
        }
        .max(1);
        if cost > *left {
            // The claim's place, as a span of the block: its line and column found back.
            let at = (0..src.text.len())
                .find(|&o| src.line_col(o) == c.place)
                .unwrap_or(ex.span().start);
            diags.push(src.error(
                at..at + 1,
                format!(
                    "more than {} claims in one rulebook (a move of a list and a side of `passes` count one each, a claim repeated in an example once): split the rulebook's examples, or claim less",
                    super::MAX_CLAIMS
                ),
            ));
            *claims_left = None;
            claims.truncate(i);
            return claims;
        }
        *left -= cost;
    }
    claims
}

/// The sides of a game, as its engine names them (the keys of its scores).
pub(super) fn sides(engine: &Engine, position: &Position) -> Vec<String> {
    engine
        .score(position)
        .scores
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// A table's entries as a claim writes them: `light = 3, dark = 0`.
pub(super) fn pairs<V: std::fmt::Display>(t: &BTreeMap<String, V>) -> String {
    t.iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A board written on one line, as claims and their reports show it: each row's tokens
/// joined without a space, rows joined by `/`.
pub(super) fn compact(b: &Board) -> String {
    b.tokens()
        .iter()
        .map(|r| r.concat())
        .collect::<Vec<_>>()
        .join("/")
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

#[derive(Debug, Deserialize)]
pub(super) struct AfterRaw {
    #[serde(rename = "move")]
    mv: String,
    board: Option<String>,
    /// Other position fields to compare (`deck`, `talons_done`, ...).
    #[serde(flatten)]
    fields: BTreeMap<String, toml::Value>,
}
