//! Reading an Alpha-BRIK position file.

use super::{AlphaBrick, Pos, BRICK, EMPTY, MAX_CELLS, NORTH, SIDES, SOUTH, VARIANTS};
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
    if let Some((span, rows)) = raw.board() {
        for (c, tok) in square_cells(raw, &span, rows, &e.grid) {
            p.cells[c] = match tok.text.as_str() {
                "." => EMPTY,
                "S" => SOUTH,
                "N" => NORTH,
                "1" => BRICK,
                "2" => BRICK + 1,
                "3" => BRICK + 2,
                other => {
                    raw.error(tok.span, format!("`board`: unknown token `{other}` (expected `.`, `S`, `N`, `1`, `2` or `3`)"));
                    EMPTY
                }
            };
        }
    }
    if raw.diags.0.len() == before {
        let total: u32 = p.cells.iter().map(|&v| u32::from(super::bricks(v))).sum();
        if total > e.total {
            raw.error(
                0..0,
                format!("{total} bricks on the board: there are {} in all", e.total),
            );
        }
        let over = e.outcome(&p).is_some();
        if !over && p.die.is_none() {
            raw.error(raw.top(), "missing key `die` (1 to 6): the roll to play");
        }
    }
    (raw.diags.0.len() == before && to_move.is_some()).then_some(p)
}
