//! Example positions of a rulebook: a fenced `position` block holds a position, diagram marks
//! (`[diagram]`) and claims (`[expect]`) that the engine checks.
//!
//! The block is read from a copy of the whole Markdown file in which everything outside the block
//! is blanked (newlines kept), so every error and claim has its true line and column.
//!
//! A figure shows what its caption teaches: besides the marks written in `[diagram]`, every
//! claimed move the caption names gets its arrow (a dashed one when it is claimed illegal), the
//! pieces the shown moves take get their crosses (found by the engine, comparing the board before
//! and after), an order of placement the caption counts (`1 … (0, 0), 2 … (1, 0)`) gets its
//! numbers, and a cell it names keeps its name readable over a piece ([`figure_marks`]). A written
//! cross on a piece the shown move does not take is refused.

use super::claims::{claims_of, pairs, ExpectRaw};
pub use super::claims::{Claim, ClaimKind};
use super::words;
use crate::base::diag::{Diagnostics, Source};
use crate::base::lang::Lang;
use crate::definition::model::{Game, Ground};
use crate::layout::diagram::{self, Marks};
use crate::rules;
use crate::rules::engine::{Engine, MoveMemo, Position};
use crate::rules::{Board, Cell};
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
    /// The position's board as data, top row first.
    pub board: Board,
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
    /// The moves of its positions, each position's listed once for its claims, their facts
    /// and its figure.
    pub memo: std::sync::Arc<MoveMemo>,
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
    barred: Vec<Vec<String>>,
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

/// Reads the example in `range` of the rulebook `text`; `claims_left` is what the rulebook's
/// limit of claims leaves (none once a claim past it was refused).
#[allow(clippy::too_many_arguments)]
pub fn parse(
    engine: Option<&Engine>,
    game: &Game,
    path: &Path,
    text: &str,
    range: std::ops::Range<usize>,
    fence_line: usize,
    content_line: usize,
    claims_left: &mut Option<usize>,
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
    let (position, board, fields, canonical) = match engine {
        Some(engine) => {
            let position = engine.position(raw)?;
            // The engine refuses what the spec calls impossible; the invariants its playouts
            // check catch the rest.
            if let (false, Err(why)) = (
                partial,
                engine.invariants(&position).map_err(|e| e.reason()),
            ) {
                return Err(src
                    .error(
                        board_span(&src),
                        format!(
                            "this position cannot arise in play: {why} (a diagram that leaves out part of a position says `partial = true` in `[diagram]`, and claims no end or score)"
                        ),
                    )
                    .into());
            }
            let (board, fields) = engine.data(&position);
            let canonical = engine.to_toml(&position);
            (Some(position), board, fields, canonical)
        }
        None => {
            let (board, fields) = data(&src, game)?;
            let canonical = format!("{:?}\n{fields}", board.tokens());
            (None, board, fields, canonical)
        }
    };
    let claims = match (engine, &position, &extras.expect) {
        (Some(engine), Some(position), Some(ex)) => {
            claims_of(engine, game, position, &src, ex, &mut diags, claims_left)
        }
        _ => Vec::new(),
    };
    let (marks, caption, after_caption) = match &extras.diagram {
        Some(d) => {
            let r = d.get_ref();
            let marks = Marks {
                highlight: r.highlight.clone(),
                arrows: r.arrows.clone(),
                barred: r.barred.clone(),
                crosses: r.crosses.clone(),
                numbers: r.numbers.clone(),
                tags: Vec::new(),
                placed: Vec::new(),
                turned: Vec::new(),
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
        board,
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
        memo: Default::default(),
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
        Some(def) => match diagram::place(game, def, &ex.board, &ex.fields) {
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
                if let (Some(engine), Some(position)) = (engine, &ex.position) {
                    let claimed = super::facts::Claimed {
                        fields: &ex.fields,
                        claims: &ex.claims,
                        marks: &ex.marks,
                        moves: &ex.memo,
                    };
                    ex.facts = super::facts::of(engine, game, def, position, claimed, &placed);
                }
                let at = extras.diagram.as_ref().map_or(0..0, |d| d.span());
                if let Err(why) = placed.check_marks(&ex.marks) {
                    diags.push(src.error(at, format!("`[diagram]`: {why}")));
                } else if let Some(engine) = engine {
                    if let Some(why) = wrong_cross(engine, game, &ex) {
                        let crosses = src.text[at.clone()].find("crosses").map(|i| at.start + i);
                        let at = crosses.map_or(at, |i| i..i + "crosses".len());
                        diags.push(src.error(at, format!("`[diagram]`: {why}")));
                    }
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

/// The position of a block read as data, for a game without an engine: its `board` read into
/// cells ([`rules::read_board`]), and its other keys.
fn data(src: &Source, game: &Game) -> Result<(Board, toml::Table), Diagnostics> {
    let mut table: toml::Table =
        toml::from_str(&src.text).map_err(|e| crate::base::diag::from_toml(src, &e))?;
    for key in ["game", "expect", "diagram"] {
        table.remove(key);
    }
    let rows = match table.remove("board") {
        Some(toml::Value::String(b)) => rules::read_board(&b, Some(game)),
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
        ClaimKind::After(m, _, _) => ex.memo.find(engine, p, m),
        _ => None,
    })
}

/// The example's diagram (and the position after its move, when asked), as figure panels,
/// both cut alike to the part of the board they use when it is small or the diagram partial.
pub fn panels(engine: Option<&Engine>, game: &Game, ex: &Example) -> Vec<(diagram::Drawn, String)> {
    prepare(engine, game, ex).into_panels()
}

/// The marks each panel of [`panels`] draws, with the cells its pieces stand on: what the
/// book's legend explains.
pub fn panel_marks(
    engine: Option<&Engine>,
    game: &Game,
    ex: &Example,
) -> Vec<(Marks, Vec<String>)> {
    prepare(engine, game, ex).marks()
}

/// An example's panels before their marks are drawn: each drawing, its caption and its marks,
/// and the part of the board all are cut to. Made once an example ([`prepare`]: the engine is
/// asked for the position after the move, and every piece is placed), then read for the
/// legend ([`Self::marks`]) and drawn ([`Self::into_panels`]).
pub struct Prepared {
    panels: Vec<(diagram::Drawn, String, Marks)>,
    cut: Option<diagram::Cut>,
}

impl Prepared {
    /// The marks each panel draws, with the cells its pieces stand on.
    pub fn marks(&self) -> Vec<(Marks, Vec<String>)> {
        self.panels
            .iter()
            .map(|(d, _, m)| (m.clone(), d.occupied().to_vec()))
            .collect()
    }

    /// The panels, marked and cut, each with its caption.
    pub fn into_panels(self) -> Vec<(diagram::Drawn, String)> {
        let mut drawn = Vec::new();
        for (mut d, caption, marks) in self.panels {
            if diagram::draw_marks(&mut d, &marks).is_ok() {
                if let Some(cut) = &self.cut {
                    diagram::cut(&mut d, cut);
                }
                drawn.push((d, caption));
            }
        }
        drawn
    }
}

/// The panels of [`panels`] before their marks are drawn (see [`Prepared`]).
pub fn prepare(engine: Option<&Engine>, game: &Game, ex: &Example) -> Prepared {
    let (panels, cut) = prepared(engine, game, ex);
    Prepared { panels, cut }
}

#[allow(clippy::type_complexity)]
fn prepared(
    engine: Option<&Engine>,
    game: &Game,
    ex: &Example,
) -> (Vec<(diagram::Drawn, String, Marks)>, Option<diagram::Cut>) {
    let Some(def) = game.diagram.as_ref() else {
        return (Vec::new(), None);
    };
    // The drawings and their marks first: where to cut them, and how to name their cells,
    // depend on all of them; then each is marked.
    let mut out: Vec<(diagram::Drawn, String, Marks)> = Vec::new();
    // Parsing placed the example once: a failure here is not reachable with a parsed example.
    let (board, fields) = drawn_board(ex);
    if let Ok(mut d) = diagram::position(game, def, &board, &fields) {
        let mut marks = figure_marks(engine, game, ex);
        // With no panel after the move, the pieces it turns that the caption names are
        // marked before it (`places the last disc on h1 and turns h2 over`).
        if ex.after_caption.is_none() {
            let named: Vec<String> = turned_by_after(ex)
                .into_iter()
                .filter(|c| marks.tags.contains(c))
                .collect();
            marks.turned.extend(named);
        }
        diagram::draw_placed(&mut d, game, def, &marks);
        out.push((d, ex.caption.clone(), marks));
    }
    if let (Some(cap), Some(engine)) = (&ex.after_caption, engine) {
        if let Some(q) = after_position(engine, ex) {
            let (board, fields) = engine.data(&q);
            if let Ok(d) = diagram::position(game, def, &board, &fields) {
                // The position after the move: the cells its caption names are marked, and
                // the rest of a move that goes on from the `after` move (a push, then a take
                // and a fill) is drawn where its pieces now stand.
                let mut tags = known(&d, after_marks(ex, cap));
                tags.turned = turned_by_after(ex);
                out.push((d, cap.clone(), tags));
            }
        }
    }
    let both: Vec<(&diagram::Drawn, &Marks)> = out.iter().map(|(d, _, m)| (d, m)).collect();
    let cut = diagram::part(&both, ex.partial);
    // A whole large board that names its cells inside them (Hex's 121) is too small on the
    // page for those names: its coordinates go round its edges instead.
    if cut.is_none() {
        for (d, _, _) in out.iter_mut() {
            diagram::names_to_edges(d, game);
        }
    }
    // A cell the caption names is outlined, whether a piece stands on it or not; where the
    // board prints names inside cells, a piece's cell also gets its name again on a tag.
    for (d, _, marks) in out.iter_mut() {
        if d.names_inside() {
            let named: Vec<String> = marks
                .tags
                .iter()
                .filter(|c| d.occupied().contains(*c) && !marks.highlight.contains(*c))
                .cloned()
                .collect();
            marks.highlight.extend(named);
        }
    }
    (out, cut)
}

/// The example's first figure: its position with the marks of [`figure_marks`] drawn, cut
/// like its panels.
pub fn figure(engine: Option<&Engine>, game: &Game, ex: &Example) -> Option<diagram::Drawn> {
    let (d, caption) = panels(engine, game, ex).into_iter().next()?;
    (caption == ex.caption).then_some(d)
}

/// The marks of an example's figure: the written ones, then the ones its claims and caption
/// give (see the module's doc), each only on cells the diagram has.
pub fn figure_marks(engine: Option<&Engine>, game: &Game, ex: &Example) -> Marks {
    let mut marks = ex.marks.clone();
    let Some(def) = game.diagram.as_ref() else {
        return marks;
    };
    let (board, fields) = drawn_board(ex);
    let Ok(d) = diagram::position(game, def, &board, &fields) else {
        return marks;
    };
    let words = caption_words(&ex.caption);
    let mut derived = Marks {
        tags: words.clone(),
        numbers: order_of_placement(&words, &ex.occupied),
        ..Marks::default()
    };
    if let Some(engine) = engine {
        let mut all = words.clone();
        all.extend(ex.after_caption.iter().flat_map(|c| caption_words(c)));
        // A refused move named by its cells is named in one sentence that says no.
        let refusals: Vec<Vec<String>> = std::iter::once(ex.caption.as_str())
            .chain(ex.after_caption.as_deref())
            .flat_map(sentence_words)
            .filter(|w| negated(w))
            .collect();
        let first_refusals: Vec<Vec<String>> = sentence_words(&ex.caption)
            .into_iter()
            .filter(|w| negated(w))
            .collect();
        let rests: Vec<String> = rests_of_after(ex).into_iter().map(|r| r.0).collect();
        for (m, legal) in claimed_moves(ex) {
            let drawn = drawing(&m, ex.plane);
            // A move that goes on from the `after` move is drawn after it (see `panels`),
            // unless this caption names it.
            let goes_on = rests.iter().any(|r| m.ends_with(&format!(" {r}")));
            let (all, refusals) = if goes_on {
                (&words, &first_refusals)
            } else {
                (&all, &refusals)
            };
            let named = names(all, &m, &drawn, legal)
                && (legal || all.contains(&m) || drawn.pushes)
                || !legal && refusals.iter().any(|s| names(s, &m, &drawn, false));
            if !named {
                continue;
            }
            if legal {
                derived.arrows.extend(drawn.paths);
            } else if drawn.paths.is_empty() && !drawn.pushes {
                // A refused placement (`it cannot stop on d4`): a cross on an empty cell is
                // drawn as a refusal.
                let cells: Vec<String> = drawn.key.iter().map(|(c, _)| c.clone()).collect();
                if !cells.is_empty() && cells.iter().all(|c| !ex.occupied.contains(c)) {
                    derived.crosses.extend(cells);
                }
            } else {
                derived.barred.extend(drawn.paths);
            }
        }
        let shown = shown_moves(ex);
        let after = ex.claims.iter().find_map(|c| match &c.kind {
            ClaimKind::After(m, _, _) => Some(m.clone()),
            _ => None,
        });
        // Placements the caption offers as choices (`may play e6 or f5`) are not all drawn as
        // played: two pieces put would read as two moves in one turn. The one the figure
        // plays (its `after` move) is, or the only one the caption names.
        let placements = shown
            .iter()
            .filter(|m| drawing(m, ex.plane).paths.is_empty())
            .count();
        for m in &shown {
            derived.crosses.extend(taken(engine, game, ex, m));
            let is_after = after.as_deref() == Some(m.as_str());
            let has_path = !drawing(m, ex.plane).paths.is_empty();
            // A placement the caption only says may be made (`red can play e1, but that
            // would open e2`) is a possibility, not the move shown.
            let possible = !is_after && !has_path && offered(&words, m);
            let one = is_after || has_path || (after.is_none() && placements == 1 && !possible);
            // With a second panel showing the move's result, the first shows the pieces it
            // puts only when its own caption writes the move out.
            // A piece put and then pushed on (`+5,2 >5,2:e`) has left its cell on the second
            // panel: the first shows it put when its caption names the cell.
            let pushed_on =
                drawing(m, ex.plane).pushes && put_cells(m).iter().any(|c| words.contains(c));
            if one && (ex.after_caption.is_none() || words.contains(m) || pushed_on) {
                derived.placed.extend(put(engine, game, ex, m));
            }
        }
    }
    marks.merge(known(&d, derived));
    marks
}

/// The cells whose piece changed sides in the `after` move, when that move puts one piece and
/// moves none (Reversi's discs turned over, Imperator's pawns encircled): each cell that holds
/// a piece before and after it, a different one after, other than the cell it puts on.
fn turned_by_after(ex: &Example) -> Vec<String> {
    let f = &ex.facts;
    let Some(after) = &f.after_move else {
        return Vec::new();
    };
    let Some(m) = f.moves.iter().find(|m| &m.text == after) else {
        return Vec::new();
    };
    if m.cells.len() != 1 || !m.vectors.is_empty() {
        return Vec::new();
    }
    f.cells
        .iter()
        .filter(|(name, c)| {
            **name != m.cells[0]
                && c.token.is_some()
                && c.after_token.is_some()
                && c.token != c.after_token
        })
        .map(|(name, _)| name.clone())
        .collect()
}

/// `marks` without the cells the drawing does not have (a push's arrow off a plane's ring).
fn known(d: &diagram::Drawn, mut marks: Marks) -> Marks {
    let has = |c: &String| d.cell(c).is_some();
    marks.arrows.retain(|a| a.iter().all(has));
    marks.barred.retain(|a| a.iter().all(has));
    marks.crosses.retain(has);
    marks.tags.retain(has);
    marks.placed.retain(|(c, _)| has(c));
    if !marks.numbers.iter().all(has) {
        marks.numbers.clear();
    }
    marks
}

/// The words of a caption, read as the caption check reads them ([`words::read`]): a plane
/// cell written for readers, `(3, 1)` or `(3 ; 1)`, is read as its name `3,1`.
fn caption_words(text: &str) -> Vec<String> {
    words::read(&words::plane_cells(text))
        .into_iter()
        .map(|w| w.text)
        .collect()
}

/// The moves the example's claims name, each with whether it is claimed legal.
fn claimed_moves(ex: &Example) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for c in &ex.claims {
        match &c.kind {
            ClaimKind::Legal(m) | ClaimKind::After(m, _, _) => out.push((m.clone(), true)),
            ClaimKind::Moves(list) => out.extend(list.iter().map(|m| (m.clone(), true))),
            ClaimKind::Illegal(m) => out.push((m.clone(), false)),
            _ => {}
        }
    }
    out
}

/// The moves a figure shows being played: the `after` claim's move, and every claimed legal
/// move with a path that the captions name.
fn shown_moves(ex: &Example) -> Vec<String> {
    let first = caption_words(&ex.caption);
    let mut every = first.clone();
    every.extend(ex.after_caption.iter().flat_map(|c| caption_words(c)));
    let rests: Vec<String> = rests_of_after(ex).into_iter().map(|r| r.0).collect();
    let mut out = Vec::new();
    for (m, legal) in claimed_moves(ex) {
        // A move that goes on from the `after` move shows on the first figure only when its
        // caption names it; the second draws the rest.
        let goes_on = rests.iter().any(|r| m.ends_with(&format!(" {r}")));
        let all = if goes_on { &first } else { &every };
        let d = drawing(&m, ex.plane);
        let after = ex
            .claims
            .iter()
            .any(|c| matches!(&c.kind, ClaimKind::After(a, _, _) if *a == m));
        // A placement the caption writes out (`plays c3`) is shown too: it has no path.
        let placement = d.paths.is_empty() && !d.pushes && all.contains(&m);
        let named = !d.paths.is_empty() && names(all, &m, &d, true);
        if legal && (after || named || placement) && !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

/// The example's board as its first figure draws it: on a plane, widened with empty squares
/// so that every path of a claimed move lies on the drawing (a push from the ring of empty
/// squares around the pieces goes one square further), with its `origin` moved to match.
fn drawn_board(ex: &Example) -> (Board, toml::Table) {
    let unchanged = || (ex.board.clone(), ex.fields.clone());
    if !ex.plane {
        return unchanged();
    }
    let origin = match ex.fields.get("origin").and_then(toml::Value::as_array) {
        Some(a) => match (
            a.first().and_then(|v| v.as_integer()),
            a.get(1).and_then(|v| v.as_integer()),
        ) {
            (Some(x), Some(y)) => (x, y),
            _ => return unchanged(),
        },
        None => (0, 0),
    };
    let rows = &ex.board.rows;
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0).max(1) as i64;
    let height = rows.len().max(1) as i64;
    // What the drawing holds: the pieces' rectangle and one ring of empty squares.
    let (mut x0, mut x1, mut y0, mut y1) = (
        origin.0,
        origin.0 + cols - 1,
        origin.1,
        origin.1 + height - 1,
    );
    for (m, _) in claimed_moves(ex) {
        for cell in drawing(&m, true).paths.iter().flatten() {
            if let Some((x, y)) = plane_xy(cell) {
                // Within 60 squares of the pieces: a plane is drawn 60 × 60 at most.
                if (x - origin.0).abs() > 60 || (y - origin.1).abs() > 60 {
                    return unchanged();
                }
                x0 = x0.min(x + 1);
                x1 = x1.max(x - 1);
                y0 = y0.min(y + 1);
                y1 = y1.max(y - 1);
            }
        }
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    if (w, h) == (cols, height) {
        return unchanged();
    }
    let mut grid = vec![vec![Cell::empty(None); w as usize]; h as usize];
    for (k, row) in rows.iter().enumerate() {
        // Row `k` (top first) stands at y = origin.y + height - 1 - k.
        let y = origin.1 + height - 1 - k as i64;
        for (i, cell) in row.iter().enumerate() {
            let x = origin.0 + i as i64;
            grid[(y1 - y) as usize][(x - x0) as usize] = cell.clone();
        }
    }
    let mut fields = ex.fields.clone();
    fields.insert(
        "origin".into(),
        toml::Value::Array(vec![toml::Value::Integer(x0), toml::Value::Integer(y0)]),
    );
    (Board::new(grid), fields)
}

/// The marks of the figure after the `after` move, whose caption is `cap`: the cells it names
/// are marked, and the rest of a move that goes on from the `after` move (a push, then a take
/// and a fill) is drawn where its pieces now stand (each `*` part a piece taken).
pub fn after_marks(ex: &Example, cap: &str) -> Marks {
    let words = caption_words(cap);
    let mut tags = Marks {
        tags: words.clone(),
        ..Marks::default()
    };
    let refusals: Vec<Vec<String>> = sentence_words(cap)
        .into_iter()
        .filter(|w| negated(w))
        .collect();
    for (rest, legal) in rests_of_after(ex) {
        let drawn = drawing(&rest, ex.plane);
        let named = names(&words, &rest, &drawn, legal)
            || !legal && refusals.iter().any(|s| names(s, &rest, &drawn, false));
        if !named {
            continue;
        }
        if legal {
            tags.arrows.extend(drawn.paths);
            tags.crosses.extend(
                rest.split_whitespace()
                    .filter_map(|p| p.strip_prefix('*'))
                    .map(String::from),
            );
        } else {
            tags.barred.extend(drawn.paths);
        }
    }
    tags
}

/// The claimed moves that go on from the `after` move (`>3,2:e *3,2 >3,1:n` after `>3,2:e`):
/// what each does after it (`*3,2 >3,1:n`), and whether it is claimed legal.
fn rests_of_after(ex: &Example) -> Vec<(String, bool)> {
    let Some(after) = ex.claims.iter().find_map(|c| match &c.kind {
        ClaimKind::After(m, _, _) => Some(format!("{m} ")),
        _ => None,
    }) else {
        return Vec::new();
    };
    claimed_moves(ex)
        .into_iter()
        .filter_map(|(m, legal)| Some((m.strip_prefix(&after)?.to_string(), legal)))
        .collect()
}

/// Move `m` of the example as drawn, with its position before and after it placed on the
/// diagram; `None` for a push (its lines move whole), a move the engine does not find, or a
/// game without diagrams.
fn played(
    engine: &Engine,
    game: &Game,
    ex: &Example,
    m: &str,
) -> Option<(MoveDrawing, diagram::Placement, diagram::Placement)> {
    let d = drawing(m, ex.plane);
    let (Some(p), Some(def), false) = (&ex.position, game.diagram.as_ref(), d.pushes) else {
        return None;
    };
    let q = ex.memo.find(engine, p, m)?;
    let (board, fields) = engine.data(&q);
    let before = diagram::place(game, def, &ex.board, &ex.fields).ok()?;
    let after = diagram::place(game, def, &board, &fields).ok()?;
    Some((d, before, after))
}

/// The pieces move `m` puts on cells empty before it (a placement, a drop's landing cell, a
/// shot arrow), each with its token: not the piece that moves along the move's path.
pub fn put(engine: &Engine, game: &Game, ex: &Example, m: &str) -> Vec<(String, String)> {
    // A move that pushes lines moves the piece it puts: the piece is the side to move's, on
    // the cell its placement names.
    if drawing(m, ex.plane).pushes {
        let f = &ex.facts;
        let token = f
            .cells
            .values()
            .find(|c| c.owner.is_some() && c.owner == f.to_move)
            .and_then(|c| c.token.clone());
        return match token {
            Some(t) => put_cells(m)
                .into_iter()
                .filter(|c| !ex.occupied.contains(c))
                .map(|c| (c, t.clone()))
                .collect(),
            None => Vec::new(),
        };
    }
    let Some((d, before, after)) = played(engine, game, ex, m) else {
        return Vec::new();
    };
    let was: Vec<&str> = before.stands().map(|(c, _)| c).collect();
    let ends: Vec<&str> = d
        .paths
        .iter()
        .filter_map(|p| p.last())
        .map(String::as_str)
        .collect();
    after
        .stands()
        .filter(|(c, _)| !was.contains(c) && !ends.contains(c))
        .map(|(c, cell)| (c.to_string(), cell.token.clone()))
        .collect()
}

/// The cells a move's placements name (`+5,2` on a plane).
fn put_cells(m: &str) -> Vec<String> {
    m.split_whitespace()
        .filter_map(|p| p.strip_prefix('+'))
        .map(String::from)
        .collect()
}

/// How a move is drawn: the paths its pieces run (a step, a slide, a chain of jumps, a push one
/// cell on), the cells a caption names to describe it (with a push's direction), and whether it
/// pushes lines (whose pieces a cell-by-cell comparison cannot follow).
struct MoveDrawing {
    paths: Vec<Vec<String>>,
    key: Vec<(String, Option<char>)>,
    pushes: bool,
}

/// Reads a move as written in claims: `d4-d5`, `c3xc5xe5`, `e1-e4 [e1]` (a brick set down,
/// not drawn), `c4` or `a1+h8` (placements), `-a1` (a removal), `+2,0` (a placement on a plane),
/// `>3,2:e` (a push), `*3,2` (a piece taken on a plane); parts are separated by spaces.
fn drawing(m: &str, plane: bool) -> MoveDrawing {
    let mut d = MoveDrawing {
        paths: Vec::new(),
        key: Vec::new(),
        pushes: false,
    };
    for part in m.split_whitespace() {
        if part.starts_with('[') || part == "pass" {
            continue;
        }
        if let Some(push) = part.strip_prefix('>') {
            d.pushes = true;
            let Some((cell, dir)) = push.split_once(':') else {
                continue;
            };
            let dir = dir.chars().next().unwrap_or(' ');
            if let (Some((x, y)), Some((dx, dy))) = (plane_xy(cell), step(dir)) {
                d.paths
                    .push(vec![cell.to_string(), format!("{},{}", x + dx, y + dy)]);
            }
            d.key.push((cell.to_string(), Some(dir)));
            continue;
        }
        if let Some(cell) = part.strip_prefix(['+', '*']) {
            d.key.push((cell.to_string(), None));
            continue;
        }
        if plane {
            continue;
        }
        if let Some(cell) = part.strip_prefix('-') {
            d.key.push((cell.to_string(), None));
            continue;
        }
        let cells: Vec<String> = part
            .split(['-', 'x', '+'])
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect();
        if cells.len() >= 2 && !part.contains('+') {
            d.paths.push(cells.clone());
        }
        d.key.extend(cells.into_iter().map(|c| (c, None)));
    }
    d
}

/// The coordinates of a plane cell `x,y`.
fn plane_xy(cell: &str) -> Option<(i64, i64)> {
    let (x, y) = cell.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// One step towards a compass point (`n`, `e`, `s`, `w`), y growing northwards.
fn step(dir: char) -> Option<(i64, i64)> {
    match dir {
        'n' => Some((0, 1)),
        's' => Some((0, -1)),
        'e' => Some((1, 0)),
        'w' => Some((-1, 0)),
        _ => None,
    }
}

/// The compass point a caption word names, in any of the rulebooks' languages.
fn direction(word: &str) -> Option<char> {
    match word.to_lowercase().as_str() {
        "north" | "nord" => Some('n'),
        "south" | "sud" => Some('s'),
        "east" | "est" => Some('e'),
        "west" | "ouest" => Some('w'),
        _ => None,
    }
}

/// True when a caption's `words` name the move `m`: written as in the claim, or, for a legal
/// move with a path or any push, by all its cells (a push's cell followed within four words by
/// its direction), or as its start written out then its further cells (`c3xe5`, then "on to
/// g7", names `c3xe5xg7`). A move claimed illegal is named only in full or as pushes: a caption that
/// says "b2 can take b5" is not about the illegal landing `b2xb5`.
fn names(words: &[String], m: &str, d: &MoveDrawing, legal: bool) -> bool {
    if words.iter().any(|w| w == m) {
        return true;
    }
    // A refused move is named by its cells only where the caption says something is not
    // allowed (`d4 cannot go to d5`): cells a caption names for another reason are not a
    // refusal.
    if d.key.is_empty() || !(d.pushes || !d.paths.is_empty() && (legal || negated(words))) {
        return false;
    }
    // The longest start of the move the caption writes out: its cells need not be said again.
    let start = words
        .iter()
        .filter(|w| m.len() > w.len() && m.starts_with(w.as_str()))
        .filter(|w| m[w.len()..].starts_with(['x', '-']))
        .map(|w| drawing(w, false).key.len())
        .max()
        .unwrap_or(0);
    d.key[start.min(d.key.len())..].iter().all(|(cell, dir)| {
        words.iter().enumerate().any(|(i, w)| {
            w == cell
                && dir.is_none_or(|dir| {
                    words[i + 1..(i + 5).min(words.len())]
                        .iter()
                        .any(|x| direction(x) == Some(dir))
                })
        })
    })
}

/// Whether a caption's words offer move `m` as a possibility: a word saying a move may be made
/// (`can`, `may`, `peut`) among the three before it.
fn offered(words: &[String], m: &str) -> bool {
    words.iter().enumerate().any(|(i, w)| {
        w == m
            && words[i.saturating_sub(3)..i].iter().any(|x| {
                let x = x.to_lowercase();
                Lang::ALL
                    .into_iter()
                    .any(|l| super::lexicon::of(l).positive.contains(&x.as_str()))
            })
    })
}

/// The words of each sentence of a caption, read as [`caption_words`] reads them.
fn sentence_words(text: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for w in words::read(&words::plane_cells(text)) {
        if out.len() <= w.sentence {
            out.resize(w.sentence + 1, Vec::new());
        }
        out[w.sentence].push(w.text);
    }
    out
}

/// Whether a caption's words say something is not allowed, in either language.
fn negated(words: &[String]) -> bool {
    words.iter().any(|w| {
        let w = w.to_lowercase();
        Lang::ALL.into_iter().any(|lang| {
            let lex = super::lexicon::of(lang);
            lex.negative.contains(&w.as_str())
                || lex.ne_first.contains(&w.as_str())
                || (w != "plus" && lex.ne_second.contains(&w.as_str()))
        })
    })
}

/// The cells a caption numbers as an order of placement: `1` then a cell a piece stands on
/// within the next four words, `2` then another, and so on (two or more); none otherwise.
fn order_of_placement(words: &[String], occupied: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let next = (out.len() + 1).to_string();
        if words[i] == next {
            let cell = words[i + 1..(i + 5).min(words.len())]
                .iter()
                .find(|w| occupied.contains(w));
            if let Some(c) = cell {
                out.push(c.clone());
            }
        }
        i += 1;
    }
    if out.len() >= 2 {
        out
    } else {
        Vec::new()
    }
}

/// The cells whose pieces the move `m` takes, found by the engine: a piece that is gone from
/// the board after the move, from its cell, or from the cell the move ends on when the move is
/// written as a capture (`x`: a capture by replacement, `d4xe5`). A piece sent elsewhere (a
/// pawn put back in its camp, a brick carried away, a stack brought home) is not taken; a move
/// that pushes lines is not followed cell by cell.
pub fn taken(engine: &Engine, game: &Game, ex: &Example, m: &str) -> Vec<String> {
    // A move that pushes lines writes what it takes (`>3,2:e *3,2 >3,1:n`): its pieces move
    // whole, so a cell-by-cell comparison cannot tell a piece taken from one pushed.
    let written: Vec<String> = m
        .split_whitespace()
        .filter_map(|p| p.strip_prefix('*'))
        .map(String::from)
        .collect();
    if !written.is_empty() && drawing(m, ex.plane).pushes {
        return written;
    }
    let Some((d, before, after)) = played(engine, game, ex, m) else {
        return Vec::new();
    };
    // Pieces are compared by the token the game writes them by: a king is not the man it was.
    fn token<'a>((name, cell): (&'a str, &'a Cell)) -> (&'a str, &'a str) {
        (name, cell.token.as_str())
    }
    let after: BTreeMap<&str, &str> = after.stands().map(token).collect();
    let before_tokens: Vec<(&str, &str)> = before.stands().map(token).collect();
    let count_before = |t: &str| before_tokens.iter().filter(|(_, u)| *u == t).count();
    let count_after = |t: &str| after.values().filter(|u| **u == t).count();
    let path = d.paths.first();
    let origin = path.and_then(|p| p.first());
    let end = path.and_then(|p| p.last());
    let mut out = Vec::new();
    for &(cell, t) in &before_tokens {
        let now = after.get(cell).copied();
        if Some(cell) == origin.map(String::as_str)
            || now == Some(t)
            || count_after(t) >= count_before(t)
        {
            continue;
        }
        let replaced = Some(cell) == end.map(String::as_str) && m.contains('x');
        if now.is_none() || replaced {
            out.push(cell.to_string());
        }
    }
    out
}

/// Why a written cross is wrong: it sits on a piece that none of the moves the figure shows,
/// nor any claimed legal move, takes (a cross says "taken"; a forbidden move is a dashed arrow, `barred`).
fn wrong_cross(engine: &Engine, game: &Game, ex: &Example) -> Option<String> {
    let shown = shown_moves(ex);
    if shown.is_empty() || shown.iter().any(|m| drawing(m, ex.plane).pushes) {
        return None;
    }
    // A piece any claimed legal move takes may be crossed (a figure may show several captures).
    let legal: Vec<&str> = ex
        .facts
        .moves
        .iter()
        .filter(|m| m.legal)
        .map(|m| m.text.as_str())
        .chain(shown.iter().map(String::as_str))
        .collect();
    let taken: Vec<String> = legal
        .iter()
        .flat_map(|m| taken(engine, game, ex, m))
        .collect();
    let bad = ex
        .marks
        .crosses
        .iter()
        .find(|c| ex.occupied.contains(c) && !taken.contains(c))?;
    let (what, does) = if shown.len() == 1 {
        ("move", "does")
    } else {
        ("moves", "do")
    };
    Some(format!(
        "a cross on `{bad}`, a piece that the {what} shown ({}) {does} not take: a cross marks a piece taken (mark a forbidden move with `barred = [[cells]]`, a dashed arrow)",
        shown.join(", ")
    ))
}

/// What the engine found where a claim says otherwise, as the report prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found(pub String);

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Checks one claim: `Err` holds what the engine found instead.
pub fn check_claim(engine: &Engine, ex: &Example, claim: &Claim) -> Result<(), Found> {
    let Some(p) = &ex.position else {
        return Err(Found("no position the engine read".into()));
    };
    match &claim.kind {
        ClaimKind::Successors(n) => {
            let found = ex.memo.successors(engine, p).len() as u64;
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
                    let n = ex.board.cells().filter(|c| c.token == *k).count();
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
        ClaimKind::Legal(m) => ex
            .memo
            .find(engine, p, m)
            .map(|_| ())
            .ok_or_else(|| "no such move".into()),
        ClaimKind::Illegal(m) => (ex.memo.find(engine, p, m).is_none())
            .then_some(())
            .ok_or_else(|| "a legal move".into()),
        ClaimKind::Moves(want) => {
            // The set of moves: with a die, one move leads to a successor per next roll.
            let mut got: Vec<String> = ex
                .memo
                .successors(engine, p)
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
            let Some(q) = ex.memo.find(engine, p, m) else {
                return Err(Found(format!("no move {m}")));
            };
            let mut found = Vec::new();
            let (got, have) = engine.data(&q);
            if let Some(b) = board {
                // The claim writes the board as text: it is compared as text.
                if got.tokens() != b.tokens() {
                    found.push(format!("board = {}", super::claims::compact(&got)));
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
                    return Err(Found(format!("{to_move} to move where {side} should pass")));
                }
                let moves = ex.memo.successors(engine, &at);
                // With a die, a pass has a successor per roll: the first stands for them all.
                match moves.first() {
                    Some((_, q)) if moves.iter().all(|(m, _)| m == "pass") => at = q.clone(),
                    _ => {
                        let mut names: Vec<String> = moves.into_iter().map(|(m, _)| m).collect();
                        names.sort();
                        names.dedup();
                        return Err(Found(format!(
                            "{side} has the moves [{}]",
                            names.join(", ")
                        )));
                    }
                }
            }
            Ok(())
        }
    }
    .map_err(Found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(text: &str) -> Vec<String> {
        caption_words(text)
    }

    #[test]
    fn caption_words_read_moves_and_plane_cells() {
        assert_eq!(
            ws("Après d4xe5 : pousser (3 ; 2) vers l’est, puis (-1, 0)."),
            ["Après", "d4xe5", "pousser", "3,2", "vers", "l", "est", "puis", "-1,0"]
        );
    }

    #[test]
    fn a_move_is_named_in_full_by_its_cells_or_as_a_push_with_its_direction() {
        let said = ws("e1 en e2 ; c3xe5, puis jusqu’en g7 ; (1 ; 3) vers l’ouest");
        let legal = |m: &str| names(&said, m, &drawing(m, false), true);
        assert!(legal("e1-e2") && legal("c3xe5") && legal("c3xe5xg7") && !legal("c3xc5"));
        // A chain written out names neither its start nor another chain through its cells.
        let after = ws("Après d4xd6xf6xf4xd4 :");
        let chain = |m: &str| names(&after, m, &drawing(m, false), true);
        assert!(chain("d4xd6xf6xf4xd4") && !chain("d4xd6") && !chain("d4xf4xf6xd6xd4"));
        // An illegal move is named only as written: "b2 can take b5" is not `b2xb5`.
        let said_b5 = ws("b2 peut prendre b5");
        assert!(!names(&said_b5, "b2xb5", &drawing("b2xb5", false), false));
        let push = |m: &str| names(&said, m, &drawing(m, true), false);
        assert!(push(">1,3:w") && !push(">1,3:e"));
        let d = drawing(">3,2:e *3,2 >3,1:n", true);
        assert_eq!(d.paths, [["3,2", "4,2"], ["3,1", "3,2"]]);
        assert!(d.pushes);
        let d = drawing("e1-e4 [e1]", false);
        assert_eq!(d.paths, [["e1", "e4"]]);
        assert!(drawing("a1+h8", false).paths.is_empty() && drawing("-a1", false).paths.is_empty());
    }

    #[test]
    fn an_order_of_placement_is_read_from_numbers_before_cells() {
        let occupied: Vec<String> = ["0,0", "1,0", "2,0"].map(String::from).into();
        let said = ws("1 clair en (0 ; 0), 2 foncé en (1 ; 0), 3 clair en (2 ; 0)");
        assert_eq!(order_of_placement(&said, &occupied), ["0,0", "1,0", "2,0"]);
        // One number is no order.
        assert!(order_of_placement(&ws("1 clair en (0 ; 0)"), &occupied).is_empty());
    }
}
