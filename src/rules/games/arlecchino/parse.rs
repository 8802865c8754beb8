//! Reading an Arlecchino position file.

use super::{Arlecchino, Pos, COLORS, LETTERS, MAX_CELLS, SCORINGS};
use crate::rules::position::square_cells;
use crate::rules::RawPosition;

/// Validates the fields of an Arlecchino position.
pub(super) fn parse(e: &Arlecchino, raw: &mut RawPosition) -> Option<Pos> {
    let before = raw.diags.0.len();
    let to_move = raw.required_choice("to_move", &COLORS);
    let players = match raw.int("players", 2, 4) {
        Some((_, n)) => n as u8,
        None => 4,
    };
    let scoring = match raw.choice("scoring", &SCORINGS) {
        Some((span, 1)) if players != 2 => {
            raw.error(
                span,
                "`scoring = \"difference\"` is a variant of the 2-player game: it needs `players = 2`",
            );
            0
        }
        Some((_, i)) => i as u8,
        None => 0,
    };
    let mut p = Pos {
        occ: 0,
        tiles: [0; MAX_CELLS],
        to_move: to_move.as_ref().map_or(0, |t| t.1 as u8),
        players,
        scoring,
    };
    if let Some((span, 3)) = &to_move {
        if players == 3 {
            raw.error(
                span.clone(),
                "with 3 players green is neutral and never moves: `to_move` cannot be green",
            );
        }
    }
    if let Some((span, rows)) = raw.board() {
        for (c, tok) in square_cells(raw, &span, rows, &e.grid) {
            if tok.text == "." || tok.text == "...." {
                continue;
            }
            let zones: Vec<Option<usize>> = tok
                .text
                .chars()
                .map(|ch| LETTERS.iter().position(|l| *l == ch))
                .collect();
            if zones.len() != 4 || zones.iter().any(Option::is_none) {
                raw.error(
                    tok.span,
                    format!(
                        "`board`: unknown token `{}` (expected `.` or 4 letters among B, Y, R, G)",
                        tok.text
                    ),
                );
                continue;
            }
            let mut t = 0u8;
            for (z, colour) in zones.into_iter().flatten().enumerate() {
                t |= (colour as u8) << (2 * z);
            }
            p.occ |= 1u64 << c;
            p.tiles[c] = t;
        }
    }
    (raw.diags.0.len() == before && to_move.is_some()).then_some(p)
}
