//! Reading a Lignes position file.

use super::{Lignes, Pos, SIDES};
use crate::rules::RawPosition;

/// Bound on the coordinates of `origin` (exclusive).
const ORIGIN_MAX: u64 = 1_000_000;

/// Validates the fields of a Lignes position.
pub(super) fn parse(e: &Lignes, raw: &mut RawPosition) -> Option<Pos> {
    let before = raw.diags.0.len();
    let to_move = raw.required_choice("to_move", &SIDES);
    let max = i64::from(e.per_side);
    let placed = raw.int_table("placed", &SIDES, 0, max);
    let taken = raw.int_table("taken", &SIDES, 0, max);
    let origin = match raw.take("origin") {
        Some((span, toml::Value::Array(v))) => match v.as_slice() {
            // `unsigned_abs`: the absolute value of i64::MIN does not fit an i64.
            [toml::Value::Integer(x), toml::Value::Integer(y)]
                if x.unsigned_abs() < ORIGIN_MAX && y.unsigned_abs() < ORIGIN_MAX =>
            {
                (*x as i32, *y as i32)
            }
            [toml::Value::Integer(_), toml::Value::Integer(_)] => {
                raw.error(
                    span,
                    format!(
                        "`origin`: each coordinate must be within ±{}",
                        ORIGIN_MAX - 1
                    ),
                );
                (0, 0)
            }
            _ => {
                raw.error(span, "`origin`: expected [x, y], two integers");
                (0, 0)
            }
        },
        Some((span, v)) => {
            raw.error(
                span,
                format!("`origin`: expected [x, y], found {}", v.type_str()),
            );
            (0, 0)
        }
        None => (0, 0),
    };
    let mut pawns = Vec::new();
    let mut board_span = 0..0;
    if let Some((span, rows)) = raw.board() {
        board_span = span.clone();
        let width = rows.first().map_or(0, Vec::len);
        if rows.len() > 200 || width > 200 {
            raw.error(span.clone(), "`board`: at most 200 rows of 200 tokens");
        } else {
            for (i, row) in rows.iter().enumerate() {
                if row.len() != width {
                    let at = row.first().map_or(span.clone(), |t| t.span.clone());
                    raw.error(
                        at,
                        format!(
                            "`board` row {}: expected {width} tokens like the first row, found {}",
                            i + 1,
                            row.len()
                        ),
                    );
                    continue;
                }
                let y = (rows.len() - 1 - i) as i32 + origin.1;
                for (j, tok) in row.iter().enumerate() {
                    let x = j as i32 + origin.0;
                    match tok.text.as_str() {
                        "." => {}
                        "L" => pawns.push((x, y, 0)),
                        "D" => pawns.push((x, y, 1)),
                        other => raw.error(
                            tok.span.clone(),
                            format!("`board`: unknown token `{other}` (expected `.`, `L` or `D`)"),
                        ),
                    }
                }
            }
        }
    }
    let taken_v = taken
        .as_ref()
        .map_or([0, 0], |(_, v)| [v[0] as u8, v[1] as u8]);
    // Counted wide: a 200 × 200 board holds more pawns than a byte counts.
    let on = [0u8, 1].map(|s| pawns.iter().filter(|p| p.2 == s).count());
    let wide = [
        on[0] + usize::from(taken_v[1]),
        on[1] + usize::from(taken_v[0]),
    ];
    let counted = wide.map(|c| c.min(usize::from(u8::MAX)) as u8);
    if raw.diags.0.len() == before {
        if wide.iter().any(|&c| c > usize::from(e.per_side)) {
            raw.error(
                board_span.clone(),
                format!("more than {} pawns of one side placed", e.per_side),
            );
        }
        if let Some((span, v)) = &placed {
            if [v[0] as u8, v[1] as u8] != counted {
                raw.error(
                    span.clone(),
                    format!("`placed` must count each side's pawns on the plane plus those taken from it: {{ light = {}, dark = {} }}", counted[0], counted[1]),
                );
            }
        }
    }
    if raw.diags.0.len() != before {
        return None;
    }
    // A group of n pawns spans at most n columns and n rows: a wider board cannot be one group
    // (and would not fit the engine's rows).
    let span = |f: fn(&(i32, i32, u8)) -> i32| {
        let lo = pawns.iter().map(f).min().unwrap_or(0);
        let hi = pawns.iter().map(f).max().unwrap_or(0);
        (hi - lo) as usize + 1
    };
    let fits = pawns.is_empty() || (span(|p| p.0) <= pawns.len() && span(|p| p.1) <= pawns.len());
    let p = fits.then(|| {
        Pos::from_real(
            pawns,
            to_move.as_ref().map_or(0, |t| t.1 as u8),
            counted,
            taken_v,
        )
    });
    if !p
        .as_ref()
        .is_some_and(|p| super::plane::Plane::new(p).connected())
    {
        raw.error(
            board_span,
            "`board`: the pawns must form one group joined by their sides",
        );
    }
    // Light places first and every turn places one pawn, so until a side has placed all its
    // pawns the counts follow the turns; hand-made positions where a side has placed everything
    // (spec: it then skips the placement) are the only exception. Checked last, so that a board
    // that is wrong in itself is reported as such.
    if raw.diags.0.len() == before {
        if let Some((span, side)) = &to_move {
            if let Some(why) = alternation(e.per_side, counted, *side as u8) {
                raw.error(span.clone(), why);
            }
        }
    }
    p.filter(|_| raw.diags.0.len() == before && to_move.is_some())
}

/// Why pawns placed `placed` (light, dark) cannot be on the board with `to_move` to play, if
/// they cannot: light places first and the sides take turns, one pawn a turn, so with light to
/// move both have placed as many, and with dark to move light has placed one more. Once a side
/// has placed all `per_side` pawns the counts are free (positions set up by hand).
pub(super) fn alternation(per_side: u8, placed: [u8; 2], to_move: u8) -> Option<String> {
    let [l, d] = placed;
    if l >= per_side || d >= per_side {
        return None;
    }
    let (ok, rule) = if to_move == 0 {
        (l == d, "with light to move both sides have placed as many")
    } else {
        (
            u16::from(l) == u16::from(d) + 1,
            "with dark to move light has placed one pawn more than dark",
        )
    };
    (!ok).then(|| {
        format!(
            "`to_move`: light has placed {l} pawns and dark {d} (on the plane plus taken), with {} to move: light places first and the sides take turns, so {rule}",
            super::SIDES[usize::from(to_move)]
        )
    })
}
