//! Reading an Alpha-BRIK position file.

use super::{bricks, AlphaBrick, Pos, BRICK, EMPTY, MAX_CELLS, NORTH, SIDES, SOUTH, VARIANTS};
use crate::rules::position::square_cells;
use crate::rules::RawPosition;

/// Validates the fields of an Alpha-BRIK position.
pub(super) fn parse(e: &AlphaBrick, raw: &mut RawPosition) -> Option<Pos> {
    let before = raw.diags.0.len();
    let to_move = raw.required_choice("to_move", &SIDES);
    let die = raw.int("die", 1, 6);
    let variant = raw.choice("variant", &VARIANTS).map_or(0, |v| v.1 as u8);
    let mut p = Pos {
        cells: [EMPTY; MAX_CELLS],
        to_move: to_move.as_ref().map_or(0, |t| t.1 as u8),
        die: die.as_ref().map(|d| d.1 as u8),
        variant,
    };
    let (span, rows) = raw.board()?;
    let errors = raw.diags.0.len();
    let cells = square_cells(raw, &span, rows, &e.grid);
    let complete = cells.len() == e.grid.len();
    for (c, tok) in &cells {
        p.cells[*c] = match tok.text.as_str() {
            "." => EMPTY,
            "S" => SOUTH,
            "N" => NORTH,
            "1" => BRICK,
            "2" => BRICK + 1,
            "3" => BRICK + 2,
            other => {
                let tall = if other.parse::<u32>().is_ok_and(|n| n > 3) {
                    "; a stack holds at most 3 bricks"
                } else {
                    ""
                };
                raw.error(
                    tok.span.clone(),
                    format!("`board`: unknown token `{other}` (expected `.`, `S`, `N`, `1`, `2` or `3`{tall})"),
                );
                EMPTY
            }
        };
    }
    if !complete || raw.diags.0.len() != errors {
        return None;
    }
    // Where bricks may lie: stacks of 1 to 3 in the camps, single bricks on the central rows.
    for (c, tok) in &cells {
        let n = bricks(p.cells[*c]);
        let name = e.grid.name(*c);
        if n == 0 || e.camps.iter().any(|camp| camp.contains(c)) {
            continue;
        }
        if !e.central.contains(c) {
            raw.error(
                tok.span.clone(),
                format!(
                    "`board`: {} on {name}, outside the camps and the central rows: bricks start on the central rows and are only ever carried to a camp",
                    if n == 1 { "a brick".to_string() } else { format!("a stack of {n} bricks") }
                ),
            );
        } else if n > 1 {
            raw.error(
                tok.span.clone(),
                format!(
                    "`board`: a stack of {n} bricks on {name}, a cell of the central rows: they start with one brick a cell, and bricks are never put back there"
                ),
            );
        }
    }
    // Material is never created or destroyed.
    let total: u32 = p.cells.iter().map(|&v| u32::from(bricks(v))).sum();
    if total != e.total {
        raw.error(
            span.clone(),
            format!(
                "`board`: {total} {} on the board: the game has {}, and bricks are never added or removed",
                if total == 1 { "brick" } else { "bricks" },
                e.total
            ),
        );
    }
    for (side, name) in SIDES.iter().enumerate() {
        let n = p.cells.iter().filter(|&&v| v == side as u8 + 1).count();
        let want = e.starts[side].len();
        if n != want {
            raw.error(
                span.clone(),
                format!(
                    "`board`: {name} has {n} {}: each side has {want}, and an attacked pawn goes back, never off the board",
                    if n == 1 { "pawn" } else { "pawns" }
                ),
            );
        }
    }
    let over = e.outcome(&p).is_some();
    if !over && p.die.is_none() {
        raw.error(raw.top(), "missing key `die` (1 to 6): the roll to play");
    }
    (raw.diags.0.len() == before && to_move.is_some()).then_some(p)
}
