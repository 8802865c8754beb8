//! Declared rules checked for their notation: the text of a move names one move
//! (docs/rules-format.md §11). Two `[[move]]` rules that one side may play in one phase, and
//! whose moves can be written alike, must do the same thing with them; else the later rule is
//! refused at its action (a drop south and a drop north both write `a`).
//!
//! In: the built [`RulesDef`], the raw moves (for their places) and the first board's grid. Out:
//! one error per rule that writes a move as an earlier rule does with another result. The
//! declared engine's invariants hold the same property position by position
//! (`rules::notation_names_one_move`), whatever the move kind.

use super::context::Ctx;
use crate::definition::model::rules::{Count, MoveDef, RulesDef, What, ADJACENT};
use crate::definition::raw;
use crate::geometry::{dirs, Grid};
use std::collections::BTreeSet;
use std::ops::Range;
use toml::Spanned;

/// What the text of a move names (§11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Writes {
    /// The cell a piece is put on (`c4`).
    Cell,
    /// The column a piece is dropped into (`d`).
    Column,
    /// The cells a piece goes from and to (`a2-a3`, `d4xe5`), a hop that takes nothing
    /// included (`a1-c3`).
    Path,
    /// The cells of hops that capture (`c3xe5`).
    Captures,
    /// The cells of a move then of each later part (`d1-d7/g4`).
    Parts,
}

impl Writes {
    /// The notation, for messages.
    fn shown(self) -> &'static str {
        match self {
            Writes::Cell => "by the cell",
            Writes::Column => "by the column's letter",
            Writes::Path => "by the cells from and to",
            Writes::Captures => "by the cells of the hops",
            Writes::Parts => "by the cells of the move and of its later parts",
        }
    }
}

/// How a move of `m` is written. Every move kind says it here, so a new one cannot be left out.
fn writes(m: &MoveDef, grid: &Grid) -> Writes {
    if !m.parts.is_empty() {
        return Writes::Parts;
    }
    match &m.what {
        What::Place => Writes::Cell,
        What::Drop(_) if m.what.by_column(grid) => Writes::Column,
        What::Drop(_) => Writes::Cell,
        What::Step(_) | What::Slide { .. } | What::Leap(_) => Writes::Path,
        What::Pivot | What::Anywhere => Writes::Path,
        What::Hop(_) if m.capture => Writes::Captures,
        What::Hop(_) => Writes::Path,
    }
}

/// Refuses each rule that can write one of its moves as an earlier rule writes another move.
pub(super) fn check(cx: &mut Ctx, raw: &raw::GameFile, rd: &RulesDef, grid: &Grid) {
    for (j, b) in rd.moves.iter().enumerate() {
        let Some((a, why)) = rd.moves[..j]
            .iter()
            .find_map(|a| clash(rd, grid, a, b).map(|why| (a, why)))
        else {
            continue;
        };
        let at = raw
            .moves
            .get(j)
            .and_then(|m| action(m.get_ref()))
            .unwrap_or_else(|| b.at.clone());
        let msg = format!(
            "`{}` writes its moves as `{}` does ({}) but {why}: a notation must name one move",
            b.id,
            a.id,
            writes(b, grid).shown()
        );
        let hint = "give the two rules different `side`s or `phase`s, or make them one rule";
        cx.diags.push(cx.src.error(at, msg).with_hint(hint));
    }
}

/// The place of a move's action (`drop = "north"`).
fn action(m: &raw::MoveRaw) -> Option<Range<usize>> {
    let strs = |v: &Option<Spanned<raw::Strs>>| v.as_ref().map(Spanned::span);
    m.place
        .as_ref()
        .or(m.drop.as_ref())
        .map(Spanned::span)
        .or_else(|| strs(&m.step))
        .or_else(|| strs(&m.slide))
        .or_else(|| strs(&m.hop))
        .or_else(|| m.leap.as_ref().map(Spanned::span))
        .or_else(|| m.pivot.as_ref().map(Spanned::span))
        .or_else(|| m.anywhere.as_ref().map(Spanned::span))
}

/// Why `b` can write a move as `a` writes another one, for a side both have in a phase both
/// have; `None` when they never can.
fn clash(rd: &RulesDef, grid: &Grid, a: &MoveDef, b: &MoveDef) -> Option<String> {
    let w = writes(a, grid);
    if w != writes(b, grid) {
        return None;
    }
    // While a compulsory move is legal no other is: a compulsory rule's moves and another's
    // are never listed together.
    if a.compulsory != b.compulsory {
        return None;
    }
    let every = |m: &MoveDef| m.phases.is_empty();
    if !every(a) && !every(b) && !a.phases.iter().any(|p| b.phases.contains(p)) {
        return None;
    }
    a.sides
        .iter()
        .filter(|s| b.sides.contains(s))
        .find_map(|&s| differ(rd, grid, w, a, b, s).filter(|_| meet(rd, grid, w, a, b, s)))
}

/// What `b` does differently from `a` with a move written alike, for side `s`.
fn differ(
    rd: &RulesDef,
    grid: &Grid,
    w: Writes,
    a: &MoveDef,
    b: &MoveDef,
    s: usize,
) -> Option<String> {
    let put = |m: &MoveDef| m.pieces.first().copied().unwrap_or(0);
    let kind = |m: &MoveDef| rd.kinds.get(put(m)).map_or("", |k| k.id.as_str());
    if matches!(w, Writes::Cell | Writes::Column) && put(a) != put(b) {
        return Some(format!(
            "it puts a `{}` where `{}` puts a `{}`",
            kind(b),
            a.id,
            kind(a)
        ));
    }
    if let (What::Drop(da), What::Drop(db)) = (&a.what, &b.what) {
        let dir = |d: &[u8]| {
            let name = d
                .get(s)
                .and_then(|&d| dirs::directions(grid).get(usize::from(d)));
            name.copied().unwrap_or("")
        };
        if w == Writes::Column && dir(da) != dir(db) {
            return Some(format!(
                "its pieces fall {} and those of `{}` {}",
                dir(db),
                a.id,
                dir(da)
            ));
        }
    }
    if a.flip != b.flip {
        let (turns, not) = if b.flip { (b, a) } else { (a, b) };
        return Some(format!(
            "`{}` turns enclosed pieces over and `{}` does not",
            turns.id, not.id
        ));
    }
    let custodial = |m: &MoveDef| {
        m.custodial.as_ref().map(|c| {
            (
                c.hostile,
                c.dirs.get(s).cloned().unwrap_or_default(),
                c.taken.clone(),
                c.by.clone(),
            )
        })
    };
    if custodial(a) != custodial(b) || a.enclose != b.enclose {
        return Some("they capture by enclosing (`custodial`) differently".into());
    }
    if a.parts != b.parts {
        return Some("their later parts (`then`) differ".into());
    }
    None
}

/// Whether a move of `a` and one of `b` can be written alike for side `s`: a cell both can put
/// on, a path both can take with a kind both move (a column: always).
fn meet(rd: &RulesDef, grid: &Grid, w: Writes, a: &MoveDef, b: &MoveDef, s: usize) -> bool {
    match w {
        Writes::Column => true,
        Writes::Cell => {
            let cells = |m: &MoveDef| -> BTreeSet<usize> {
                (0..grid.len())
                    .filter(|&c| within(rd, m.inside, s, c))
                    .collect()
            };
            !cells(a).is_disjoint(&cells(b))
        }
        Writes::Path | Writes::Captures | Writes::Parts => {
            a.pieces.iter().any(|k| b.pieces.contains(k))
                && !paths(rd, grid, a, s).is_disjoint(&paths(rd, grid, b, s))
        }
    }
}

/// Whether cell `c` is in region `r` for side `s` (no region: anywhere).
fn within(rd: &RulesDef, r: Option<usize>, s: usize, c: usize) -> bool {
    r.is_none_or(|r| {
        rd.regions
            .get(r)
            .and_then(|r| r.cells.get(s))
            .is_some_and(|cells| cells.binary_search(&c).is_ok())
    })
}

/// The (from, to) cells of `m`'s moves for side `s` on an empty board, whatever lies between
/// (a chain: its first hop). A superset of what play gives, so two rules it keeps apart never
/// meet.
fn paths(rd: &RulesDef, grid: &Grid, m: &MoveDef, s: usize) -> BTreeSet<(usize, usize)> {
    let fixed = |c: &Count| match c {
        Count::Fixed(v) => Some(*v),
        Count::Param(_) => None,
    };
    let mut out = BTreeSet::new();
    for c in (0..grid.len()).filter(|&c| within(rd, m.from, s, c)) {
        let mut to = Vec::new();
        match &m.what {
            What::Step(d) => {
                for &d in d.get(s).into_iter().flatten() {
                    if d == ADJACENT {
                        to.extend(dirs::adjacent(grid, c));
                    } else {
                        to.extend(dirs::step(grid, c, usize::from(d)));
                    }
                }
            }
            What::Slide { dirs: d, min, max } => {
                let lo = fixed(min).unwrap_or(1);
                let hi = max.as_ref().and_then(fixed).unwrap_or(i64::MAX);
                for &d in d.get(s).into_iter().flatten() {
                    let (mut t, mut k) = (c, 0);
                    while let Some(u) = dirs::step(grid, t, usize::from(d)) {
                        (t, k) = (u, k + 1);
                        if (lo..=hi).contains(&k) {
                            to.push(t);
                        }
                    }
                }
            }
            What::Leap(o) => to.extend(o.iter().filter_map(|&(x, y)| dirs::offset(grid, c, x, y))),
            What::Hop(d) => {
                for &d in d.get(s).into_iter().flatten() {
                    let over = dirs::step(grid, c, usize::from(d));
                    to.extend(over.and_then(|t| dirs::step(grid, t, usize::from(d))));
                }
            }
            What::Pivot => {
                if let Grid::Triangles(t) = grid {
                    to.extend(t.touching.get(c).into_iter().flatten().copied());
                }
            }
            What::Anywhere => to.extend((0..grid.len()).filter(|&t| t != c)),
            What::Place | What::Drop(_) => {}
        }
        // A chain's first hop may land anywhere on its way; a move's end keeps `into`.
        let ends = |t: &usize| {
            m.chain
                || (within(rd, m.into, s, *t)
                    && m.not_into.is_none_or(|r| !within(rd, Some(r), s, *t)))
        };
        out.extend(to.into_iter().filter(ends).map(|t| (c, t)));
    }
    out
}
