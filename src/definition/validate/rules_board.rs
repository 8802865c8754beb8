//! Declared rules checked against the board they play on (the first `[[board]]`): directions
//! against its grid, the cells of `[regions]`, and the `[start]` board.
//!
//! In: the raw game file, the first board, the side ids. Out: errors at their places (a
//! direction the grid lacks is named with the grid's own directions listed). [`region_cells`]
//! and [`side_dirs`] also return what the names mean on the grid (cell indices, direction
//! indices per side), for `RulesDef` once it is built. Names unknown to the format are left to
//! `rules.rs`, which reports them once.

use super::context::Ctx;
use crate::definition::model::rules::{
    MAX_ENDS, MAX_KINDS, MAX_MOVES, MAX_PART_MOVES, MAX_REGIONS,
};
use crate::definition::model::Board;
use crate::definition::raw::{self, CellsRaw, Count, RulesRegionRaw, Strs, S};
use crate::geometry::{dirs, Grid};
use toml::Spanned;

/// The keys of a `[[move]]` whose directions are lines through the board (a triangle board has
/// none).
const LINE_KEYS: [&str; 2] = ["slide", "hop"];

/// Every check of the rules against the first board.
pub(super) fn check(cx: &mut Ctx, raw: &raw::GameFile, board: &Board, sides: &[&str]) {
    let grid = &board.grid;
    let forward = forwards(cx, raw, grid, sides);
    for m in raw.moves.iter().take(MAX_MOVES) {
        let r = m.get_ref();
        if let Some(d) = &r.step {
            side_dirs(cx, grid, d, &forward, "step");
        }
        for (key, d) in LINE_KEYS.iter().zip([&r.slide, &r.hop]) {
            if let Some(d) = d {
                side_dirs(cx, grid, d, &forward, key);
            }
        }
        if let Some(d) = &r.drop {
            let one = Spanned::new(d.span(), Strs::One(d.get_ref().clone()));
            side_dirs(cx, grid, &one, &forward, "drop");
        }
        if let Grid::Triangles(_) = grid {
            // Enclosing is along lines, which a triangle board has not.
            let spans = [("custodial", r.custodial.as_ref().map(Spanned::span))]
                .into_iter()
                .chain([("flip", r.flip.as_ref().map(Spanned::span))]);
            for (key, at) in spans {
                if let Some(at) = at {
                    let msg = format!("`{key}`: triangle boards have no straight lines of cells");
                    cx.diags.push(cx.at(at, msg));
                }
            }
        }
        if let (Some(l), Grid::Points(_)) = (&r.leap, grid) {
            cx.err(
                l,
                "`leap`: a board of points has no offsets: move along its lines (`step`, `slide`)"
                    .into(),
            );
        }
        if let (Some(d), Grid::Points(_)) = (&r.drop, grid) {
            cx.err(
                d,
                "`drop`: a board of points has no columns for a piece to fall along: `place` it"
                    .into(),
            );
        }
        if let (Some(l), Grid::Triangles(_)) = (&r.leap, grid) {
            cx.err(
                l,
                "`leap`: triangle boards have no offsets: use `step = \"adjacent\"`".into(),
            );
        }
        if let Some(c) = r.custodial.as_ref().and_then(|c| c.get_ref().dirs.as_ref()) {
            side_dirs(cx, grid, c, &forward, "custodial");
        }
        if let Some(then) = &r.then {
            // The most moves the later parts may give for one move of the first part: each
            // part multiplies by the cells it may reach (one more when it may be left out).
            let rows = grid.written_rows();
            let longest = rows.len().max(rows.iter().map(Vec::len).max().unwrap_or(1)) as u64;
            let mut worst = 1u64;
            for part in then.get_ref() {
                let part = part.get_ref();
                let mut reach = grid.len() as u64;
                if let Some(d) = &part.step {
                    let ways = side_dirs(cx, grid, d, &forward, "step");
                    reach = ways.iter().map(Vec::len).max().unwrap_or(0).max(6) as u64;
                }
                if let Some(d) = &part.slide {
                    let ways = side_dirs(cx, grid, d, &forward, "slide");
                    reach = ways.iter().map(Vec::len).max().unwrap_or(0) as u64 * longest;
                }
                let optional = part.optional.as_ref().is_some_and(|o| *o.get_ref());
                worst = worst.saturating_mul(reach + u64::from(optional));
            }
            if worst > MAX_PART_MOVES {
                cx.err(
                    then,
                    format!("`then`: its later parts could give up to {worst} moves for each move of its first part (at most {MAX_PART_MOVES}, so that one position's moves stay bounded): fewer parts, or parts that reach fewer cells"),
                );
            }
        }
        if let (Some(b), false) = (&r.send_back, matches!(grid, Grid::Square(_))) {
            cx.err(
                b,
                "`send_back`: a piece goes back along its column, which a square board has".into(),
            );
        }
        if let (Some(p), false) = (&r.pivot, matches!(grid, Grid::Triangles(_))) {
            cx.err(
                p,
                "`pivot`: a piece rolls round the corners of triangles; this board is not a `triangles` grid".into(),
            );
        }
    }
    if let Some(edges) = raw
        .capture
        .as_ref()
        .and_then(|c| c.get_ref().edges.as_ref())
    {
        let marked = matches!(grid, Grid::Triangles(t) if !t.border.is_empty());
        if !marked {
            cx.err(
                edges,
                "`edges`: the board has no border marks (a `triangles` board's `border = [\"hole\", \"plain\"]`)".into(),
            );
        }
    }
    for e in raw.end.iter().take(MAX_ENDS) {
        let e = e.get_ref();
        if let Some(d) = &e.dirs {
            side_dirs(cx, grid, d, &forward, "line");
            if let Grid::Points(g) = grid {
                let names: Vec<S> = match d.get_ref() {
                    Strs::One(s) => vec![Spanned::new(d.span(), s.clone())],
                    Strs::Many(list) => list.clone(),
                };
                for n in names
                    .iter()
                    .filter(|n| g.routes.iter().any(|r| r.0 == *n.get_ref()))
                {
                    cx.err(
                        n,
                        format!("`{}` is a route, one way round: a `line` runs both ways along the board's lines (use compass directions, or leave `dirs` out)", n.get_ref()),
                    );
                }
            }
        }
        if let (Some(l), Grid::Triangles(_)) = (&e.line, grid) {
            cx.err(
                l,
                "`line`: triangle boards have no straight lines of cells".into(),
            );
        }
    }
    for r in raw.regions.values().take(MAX_REGIONS) {
        match r.get_ref() {
            RulesRegionRaw::One(c) => {
                region_cells(cx, board, c);
            }
            RulesRegionRaw::PerSide(list) => {
                for (_, c) in list {
                    region_cells(cx, board, c.get_ref());
                }
            }
        }
    }
    if let Some(s) = &raw.start {
        if let Some(b) = &s.get_ref().board {
            start_board(cx, raw, board, sides, b);
        }
    }
}

/// Each side's `forward` direction (an index of `dirs::directions`), `None` where it is
/// missing or not a direction of the grid (reported here at its place).
pub(super) fn forwards(
    cx: &mut Ctx,
    raw: &raw::GameFile,
    grid: &Grid,
    sides: &[&str],
) -> Vec<Option<usize>> {
    let mut out = vec![None; sides.len()];
    let Some(fw) = raw
        .turns
        .as_ref()
        .and_then(|t| t.get_ref().forward.as_ref())
    else {
        return out;
    };
    for (side, d) in fw.get_ref() {
        let Some(i) = sides.iter().position(|s| s == side.get_ref()) else {
            continue;
        };
        let name = d.get_ref().as_str();
        match dirs::parse(grid, name) {
            Some(x) => out[i] = Some(x),
            // Names that are no compass direction at all are reported by `rules.rs`.
            None if dirs::SQUARE.contains(&name) => cx.err(d, dirs::why_not(grid, name)),
            None => {}
        }
    }
    out
}

/// The directions each side means by a list of names on this grid; a name the grid lacks is an
/// error at its place. On a triangle board only `step = "adjacent"` is a direction (returned
/// as no named direction).
pub(super) fn side_dirs(
    cx: &mut Ctx,
    grid: &Grid,
    v: &Spanned<Strs>,
    forward: &[Option<usize>],
    key: &str,
) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); forward.len()];
    let items: Vec<S> = match v.get_ref() {
        Strs::One(s) => vec![Spanned::new(v.span(), s.clone())],
        Strs::Many(list) => list.clone(),
    };
    for d in &items {
        let name = d.get_ref().as_str();
        if let Grid::Triangles(_) = grid {
            if name == "adjacent" && key == "step" {
                continue;
            }
            if name == "adjacent" || dirs::SQUARE.contains(&name) || dirs::is_relative(name) {
                cx.err(d, dirs::why_not(grid, name));
            }
            continue;
        }
        let dirs_of_side = |fwd: Option<usize>| -> Option<Vec<usize>> {
            if dirs::is_relative(name) {
                fwd.map_or(Some(Vec::new()), |f| dirs::relative(grid, f, name))
            } else if let Some(x) = dirs::parse(grid, name) {
                Some(vec![x])
            } else if dirs::SQUARE.contains(&name) {
                None
            } else {
                // A group, or a name `rules.rs` reports as unknown.
                Some(dirs::group(grid, name).unwrap_or_default())
            }
        };
        let known_group = ["orthogonal", "diagonal", "all", "hex", "adjacent"].contains(&name);
        let mut refused = known_group && dirs::group(grid, name).is_none();
        for (i, f) in forward.iter().enumerate() {
            match dirs_of_side(*f) {
                Some(v) => out[i].extend(v),
                None => refused = true,
            }
        }
        if refused {
            cx.err(d, dirs::why_not(grid, name));
        }
    }
    out
}

/// The written rank and file of a cell's name (`b3`: 3 and `b`); triangle cells have none.
fn rank_file(grid: &Grid, c: usize) -> Option<(i64, String)> {
    if let Grid::Triangles(_) = grid {
        return None;
    }
    let name = grid.name(c);
    let split = name.find(|ch: char| ch.is_ascii_digit())?;
    let rank = name[split..].parse().ok()?;
    Some((rank, name[..split].to_string()))
}

/// The cells of a set of cells on the board; a rank, file or cell the board lacks is an error
/// at its place (a `role` is checked by `rules.rs`).
pub(super) fn region_cells(cx: &mut Ctx, board: &Board, c: &CellsRaw) -> Vec<usize> {
    let grid = &board.grid;
    let n = grid.len();
    let triangles = matches!(grid, Grid::Triangles(_));
    let mut out = Vec::new();
    // Each cell's rank and file, named once.
    let rf: Vec<Option<(i64, String)>> = if c.ranks.is_some() || c.files.is_some() {
        (0..n).map(|x| rank_file(grid, x)).collect()
    } else {
        Vec::new()
    };
    if let Some(ranks) = &c.ranks {
        if triangles {
            cx.err(
                ranks,
                "a triangle board's rows are letters: name its `cells`".into(),
            );
        }
        for r in ranks.get_ref() {
            let on: Vec<usize> = (0..n)
                .filter(|&x| rf[x].as_ref().is_some_and(|rf| rf.0 == *r.get_ref()))
                .collect();
            if on.is_empty() && !triangles {
                let most = rf.iter().flatten().map(|rf| rf.0).max();
                cx.err(
                    r,
                    format!(
                        "rank {} is not on the board (ranks 1 to {})",
                        r.get_ref(),
                        most.unwrap_or(0)
                    ),
                );
            }
            out.extend(on);
        }
    }
    if let Some(files) = &c.files {
        if triangles {
            cx.err(
                files,
                "a triangle board has no files: name its `cells`".into(),
            );
        }
        for f in files.get_ref() {
            let on: Vec<usize> = (0..n)
                .filter(|&x| rf[x].as_ref().is_some_and(|rf| rf.1 == *f.get_ref()))
                .collect();
            if on.is_empty() && !triangles {
                cx.err(f, format!("file `{}` is not on the board", f.get_ref()));
            }
            out.extend(on);
        }
    }
    if let Some(cells) = &c.cells {
        for name in cells.get_ref() {
            match grid.parse(name.get_ref()) {
                Some(x) => out.push(x),
                None => cx.err(name, format!("no cell `{}` on the board", name.get_ref())),
            }
        }
    }
    if let Some(role) = &c.role {
        out.extend(board.region(role.get_ref()));
    }
    if let Some(s) = &c.select {
        match s.get_ref().as_str() {
            "all" => out.extend(0..n),
            "border" => out.extend((0..n).filter(|&x| grid.is_border(x))),
            "dark" | "light" => match grid {
                Grid::Square(g) => {
                    // `a1` is dark: a cell is dark when its file and rank have the same parity.
                    let dark = s.get_ref() == "dark";
                    out.extend((0..n).filter(|&x| {
                        let (f, r) = g.file_rank(x);
                        ((f + r) % 2 == 0) == dark
                    }));
                }
                _ => cx.err(
                    s,
                    format!("`{}` is for checkered square boards", s.get_ref()),
                ),
            },
            _ => {}
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Where the text of a string value starts in the file, when its characters are written as
/// they are (no escape), so that a token's place in it is a place in the file.
fn value_start(text: &str, span: &std::ops::Range<usize>, value: &str) -> Option<usize> {
    let lit = text.get(span.clone())?;
    let open = if lit.starts_with("\"\"\"") || lit.starts_with("'''") {
        3
    } else if lit.starts_with('"') || lit.starts_with('\'') {
        1
    } else {
        return None;
    };
    if !lit.starts_with('\'') && lit.contains('\\') {
        return None;
    }
    let mut start = span.start + open;
    if open == 3 {
        if text[start..].starts_with("\r\n") {
            start += 2;
        } else if text[start..].starts_with('\n') {
            start += 1;
        }
    }
    (text.get(start..start + value.len()) == Some(value)).then_some(start)
}

/// `[start] board`: rows as the grid writes them, known tokens, counts within each `max`.
fn start_board(cx: &mut Ctx, raw: &raw::GameFile, board: &Board, sides: &[&str], b: &S) {
    let value = b.get_ref();
    let base = value_start(&cx.src.text, &b.span(), value);
    // Each row's tokens with their places in the file (the whole value when unknown).
    let mut rows: Vec<Vec<(&str, std::ops::Range<usize>)>> = Vec::new();
    let mut offset = 0;
    for line in value.split_inclusive('\n') {
        let mut row = Vec::new();
        let mut pos = 0;
        for tok in line.split_whitespace() {
            let at = pos + line[pos..].find(tok).unwrap_or(0);
            pos = at + tok.len();
            let span = base.map_or(b.span(), |s| s + offset + at..s + offset + pos);
            row.push((tok, span));
        }
        offset += line.len();
        if !row.is_empty() {
            rows.push(row);
        }
    }
    let widths: Vec<usize> = board.written_rows().iter().map(Vec::len).collect();
    if rows.len() != widths.len() {
        let msg = format!(
            "`board`: expected {} rows, found {}",
            widths.len(),
            rows.len()
        );
        cx.err(b, msg);
        return;
    }
    // (side, kind) of each token, and the `max` of each kind.
    // (token, side, kind, height) of each token a board may hold.
    let mut tokens: Vec<(String, usize, usize, usize)> = Vec::new();
    for (k, kind) in raw.kind.iter().take(MAX_KINDS).enumerate() {
        let kind = kind.get_ref();
        let mut written: Vec<(&str, usize)> = Vec::new();
        for (side, t) in kind.tokens.iter().flat_map(|t| t.get_ref()) {
            if let Some(s) = sides.iter().position(|x| x == side.get_ref()) {
                written.push((t.get_ref().as_str(), s));
            }
        }
        // A neutral kind's pieces are counted as a side after the last.
        if let Some(t) = &kind.neutral {
            written.push((t.get_ref().as_str(), sides.len()));
        }
        for (t, s) in written {
            for h in 1..=kind.height() {
                let token = crate::definition::model::rules::stack_token(t, h);
                tokens.push((token, s, k, usize::from(h)));
            }
        }
    }
    // In the order of the sides, then of the kinds, for messages.
    tokens.sort_by_key(|t| (t.1, t.2));
    let mut counts = vec![vec![0usize; raw.kind.len().min(MAX_KINDS)]; sides.len() + 1];
    for (i, (row, w)) in rows.iter().zip(&widths).enumerate() {
        if row.len() != *w {
            let at = row[0].1.start..row[row.len() - 1].1.end;
            let msg = format!(
                "`board` row {}: expected {w} tokens, found {}",
                i + 1,
                row.len()
            );
            cx.diags.push(cx.src.error(at, msg));
            continue;
        }
        for (tok, at) in row {
            if *tok == "." {
                continue;
            }
            match tokens.iter().find(|t| t.0 == *tok) {
                Some(&(_, s, k, h)) => counts[s][k] += h,
                None => {
                    let known: Vec<&str> = tokens.iter().map(|t| t.0.as_str()).collect();
                    let msg = format!(
                        "`board`: unknown token `{tok}` (expected `.` or one of the kinds' tokens: {})",
                        known.join(", ")
                    );
                    cx.diags.push(cx.src.error(at.clone(), msg));
                }
            }
        }
    }
    for (s, per_kind) in counts.iter().enumerate() {
        for (k, n) in per_kind.iter().enumerate() {
            let kind = raw.kind[k].get_ref();
            // A `max` naming a `[rules]` parameter is read at its value in the file.
            // The side's own count of a per-side `max`.
            let count = match kind.max.as_ref().map(Spanned::get_ref) {
                Some(raw::Max::Each(c)) => Some(c),
                Some(raw::Max::Sides(t)) => sides
                    .get(s)
                    .and_then(|side| t.iter().find(|(k, _)| k.get_ref() == side))
                    .map(|(_, c)| c.get_ref()),
                None => None,
            };
            let max = match count {
                Some(Count::N(max)) => Some(*max),
                Some(Count::Param(p)) => raw
                    .rules
                    .iter()
                    .find(|(k, _)| k.get_ref() == p)
                    .map(|(_, v)| *v.get_ref()),
                None => None,
            };
            if let Some(max) = max {
                if *n as i64 > max {
                    let msg = format!(
                        "`board` has {n} of {}'s `{}`, more than its `max` of {max}",
                        sides.get(s).unwrap_or(&"nobody"),
                        kind.id.get_ref()
                    );
                    cx.err(b, msg);
                }
            }
        }
    }
}
