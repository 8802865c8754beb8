//! Reading an Imperator position file.

use super::{Imperator, Pos, PAWNS, SIDES};
use crate::rules::position::check_shape;
use crate::rules::RawPosition;

/// Validates the fields of an Imperator position.
pub(super) fn parse(e: &Imperator, raw: &mut RawPosition) -> Option<Pos> {
    let before = raw.diags.0.len();
    let to_move = raw.required_choice("to_move", &SIDES);
    let hand = raw.int_table("in_hand", &SIDES, 0, i64::from(PAWNS));
    let mut p = Pos {
        pawns: [0, 0],
        in_hand: hand
            .as_ref()
            .map_or([0, 0], |(_, v)| [v[0] as u8, v[1] as u8]),
        to_move: to_move.as_ref().map_or(0, |t| t.1 as u8),
    };
    if let Some((span, rows)) = raw.board() {
        let widths: Vec<usize> = (0..e.grid.rows())
            .map(|k| e.grid.cells.iter().filter(|c| c.0 == k).count())
            .collect();
        if check_shape(raw, &span, &rows, &widths) {
            for (c, tok) in rows.iter().flatten().enumerate() {
                match tok.text.as_str() {
                    "." => {}
                    "R" => p.pawns[0] |= 1 << c,
                    "W" => p.pawns[1] |= 1 << c,
                    other => raw.error(
                        tok.span.clone(),
                        format!("`board`: unknown token `{other}` (expected `.`, `R` or `W`)"),
                    ),
                }
            }
        }
    }
    let (r, w) = (p.pawns[0].count_ones(), p.pawns[1].count_ones());
    let total = r + w + u32::from(p.in_hand[0]) + u32::from(p.in_hand[1]);
    if raw.diags.0.len() == before && total > 2 * u32::from(PAWNS) {
        let span = hand.as_ref().map_or(0..0, |h| h.0.clone());
        raw.error(
            span,
            format!(
                "{total} pawns on the board and in hand: there are {} in all",
                2 * PAWNS
            ),
        );
    }
    if raw.diags.0.len() == before && p.placing() && p.in_hand[p.to_move as usize] == 0 {
        let span = to_move.as_ref().map_or(0..0, |t| t.0.clone());
        raw.error(
            span,
            format!(
                "pawns are still in hand but {} has none to place",
                SIDES[p.to_move as usize]
            ),
        );
    }
    (raw.diags.0.len() == before && to_move.is_some()).then_some(p)
}
