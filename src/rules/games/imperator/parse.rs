//! Reading an Imperator position file.

use super::{cells, Imperator, Pos, PAWNS, SIDES};
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
    // Each cell's token place, for errors about the pawns on it.
    let mut places = Vec::new();
    let mut board_span = None;
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
                places.push(tok.span.clone());
            }
        }
        board_span = Some(span);
    }
    if raw.diags.0.len() != before {
        return None;
    }
    let (Some((_, side)), Some(board_span)) = (&to_move, board_span) else {
        return None;
    };
    let side = *side;
    let on_board = p.occ().count_ones();
    let total = on_board + u32::from(p.in_hand[0]) + u32::from(p.in_hand[1]);
    if total > 2 * u32::from(PAWNS) {
        // The hands adding too many to a possible board, or the board alone too full.
        let (span, count, what) = match &hand {
            Some((h, _)) if on_board <= 2 * u32::from(PAWNS) => {
                (h.clone(), total, "on the board and in hand")
            }
            _ => (board_span, on_board, "on the board"),
        };
        raw.error(
            span,
            format!(
                "{count} pawns {what}: the game has {} ({PAWNS} a side), and pawns are only turned over, never added",
                2 * PAWNS
            ),
        );
    }
    if p.placing() {
        let [red, white] = p.in_hand;
        let (ok, rule) = if side == 0 {
            (red == white, "with red to move both hands are equal")
        } else {
            (
                white == red + 1,
                "with white to move white holds one more than red",
            )
        };
        if !ok {
            let span = hand.as_ref().map_or(0..0, |h| h.0.clone());
            raw.error(
                span,
                format!(
                    "`in_hand`: red holds {red} and white {white} with {} to move: red places first and the sides alternate, so {rule}",
                    SIDES[side]
                ),
            );
        }
    }
    // A group of the side to move standing encircled: the other side's last ply turned it over.
    for group in e.encircled(&p, 1 - side as u8) {
        let names: Vec<String> = cells(group).map(|c| e.grid.name(c)).collect();
        let first = group.trailing_zeros() as usize;
        let (who, what) = (SIDES[side], SIDES[1 - side]);
        let pawns = if names.len() == 1 {
            format!("the {who} pawn on {}", names[0])
        } else {
            format!("the {who} group {}", names.join(", "))
        };
        raw.error(
            places[first].clone(),
            format!(
                "{pawns} stands encircled by {what}: {what}'s last ply would have turned it over, and it is {who}'s turn"
            ),
        );
    }
    (raw.diags.0.len() == before).then_some(p)
}
