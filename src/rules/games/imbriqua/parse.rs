//! Reading an Imbriqua position file into a validated position.

use super::position::{Phase, Pile, Pos, PHASES, PILE_MAX, SIDES};
use super::{play, Imbriqua};
use crate::rules::position::square_cells;
use crate::rules::RawPosition;
use std::ops::Range;

fn card(
    e: &Imbriqua,
    raw: &mut RawPosition,
    span: &Range<usize>,
    key: &str,
    id: &str,
) -> Option<u8> {
    match e.ids.iter().position(|i| i == id) {
        Some(i) => Some(i as u8),
        None => {
            let hint = crate::base::diag::closest(id, e.ids.iter().map(String::as_str))
                .map(|c| format!("did you mean `{c}`?"));
            raw.error_hint(
                span.clone(),
                format!(
                    "`{key}`: no card `{id}` (expected one of {})",
                    e.ids.join(", ")
                ),
                hint,
            );
            None
        }
    }
}

fn pile(e: &Imbriqua, raw: &mut RawPosition, key: &str) -> (Option<Range<usize>>, Vec<u8>) {
    let Some((span, ids)) = raw.strings(key) else {
        return (None, Vec::new());
    };
    if ids.len() > PILE_MAX {
        raw.error(
            span.clone(),
            format!("`{key}`: at most {PILE_MAX} cards, found {}", ids.len()),
        );
        return (Some(span), Vec::new());
    }
    let cards = ids
        .iter()
        .filter_map(|id| card(e, raw, &span, key, id))
        .collect();
    (Some(span), cards)
}

/// Validates the fields of an Imbriqua position.
pub(super) fn parse(e: &Imbriqua, raw: &mut RawPosition) -> Option<Pos> {
    let before = raw.diags.0.len();
    let to_move = raw.required_choice("to_move", &SIDES).map(|(_, i)| i as u8);
    let phase_at = raw.choice("phase", &PHASES);
    let phase = phase_at
        .as_ref()
        .map_or(Phase::Place, |(_, i)| Phase::from_index(*i));
    let phase_span = phase_at.map_or(0..0, |(s, _)| s);
    let opening_left = raw.int("opening_left", 0, i64::from(e.grid.len() as u32));
    let card_at = raw.string("card");
    let last_at = raw.string("last_placed");
    let (deck_span, deck) = pile(e, raw, "deck");
    let (discard_span, discard) = pile(e, raw, "discard");
    let talons = raw.int("talons_done", 0, 4);
    let board = raw.board();

    let mut p = Pos {
        light: 0,
        dark: 0,
        to_move: to_move.unwrap_or(0),
        phase,
        opening_left: 0,
        card: None,
        last_placed: None,
        deck: Pile::from_top(&deck),
        discard: Pile::from_top(&discard),
        talons_done: talons.as_ref().map_or(0, |t| t.1 as u8),
    };
    match (&opening_left, phase) {
        (Some((_, n)), Phase::Opening) if *n > 0 => p.opening_left = *n as u8,
        (None, Phase::Opening) | (Some(_), Phase::Opening) => {
            let span = opening_left
                .as_ref()
                .map_or(phase_span.clone(), |o| o.0.clone());
            raw.error(
                span,
                "phase `opening` needs `opening_left` of 1 or more: the opening ends as its last pawn is placed",
            );
        }
        (Some((s, n)), _) if *n != 0 => {
            raw.error(s.clone(), "`opening_left` applies to phase `opening` only")
        }
        _ => {}
    }
    let card_span = card_at.as_ref().map(|c| c.0.clone());
    match (card_at, phase) {
        (Some((s, id)), Phase::Action) => p.card = card(e, raw, &s, "card", &id),
        (Some((s, _)), _) => raw.error(
            s,
            format!(
                "`card` is only for phase `action` (this position is in phase `{}`)",
                phase.name()
            ),
        ),
        (None, Phase::Action) => raw.error(
            phase_span.clone(),
            "phase `action` needs `card`, the revealed card",
        ),
        _ => {}
    }
    if let Some((s, t)) = &talons {
        if *t == 4 && phase != Phase::Over {
            raw.error(s.clone(), "`talons_done = 4` only when `phase = \"over\"`");
        }
    }
    if phase == Phase::Place && deck.is_empty() {
        raw.error(
            deck_span.clone().unwrap_or(phase_span.clone()),
            "in phase `place` the deck is not empty",
        );
    }
    let mut seen = vec![false; e.ids.len()];
    for (c, span) in deck
        .iter()
        .map(|c| (*c, deck_span.clone()))
        .chain(discard.iter().map(|c| (*c, discard_span.clone())))
        .chain(p.card.map(|c| (c, None)))
    {
        if std::mem::replace(&mut seen[c as usize], true) {
            raw.error(
                span.unwrap_or(0..0),
                format!(
                    "card `{}` appears twice in deck, discard and card",
                    e.ids[c as usize]
                ),
            );
        }
    }
    // The board's cells, when its shape and every token are right (the checks below need them).
    let mut board_ok = false;
    if let Some((span, rows)) = board {
        let errors = raw.diags.0.len();
        let cells = square_cells(raw, &span, rows, &e.grid);
        board_ok = cells.len() == e.grid.len();
        for (c, tok) in cells {
            let bit = 1u64 << c;
            match tok.text.as_str() {
                "." => {}
                "L" => p.light |= bit,
                "D" => p.dark |= bit,
                other => raw.error(
                    tok.span,
                    format!("`board`: unknown token `{other}` (expected `.`, `L` or `D`)"),
                ),
            }
        }
        board_ok &= raw.diags.0.len() == errors;
    }
    let empty = e.full & !(p.light | p.dark);
    let inner_empty = (empty & !e.edge).count_ones();
    let side = SIDES[p.to_move as usize];
    if let (Some((s, n)), Phase::Opening, true) = (&opening_left, phase, board_ok) {
        if *n > i64::from(empty.count_ones()) {
            raw.error(
                s.clone(),
                format!(
                    "`opening_left`: {n} {} left to place but the board has {}: each opening pawn goes on an empty cell",
                    if *n == 1 { "pawn" } else { "pawns" },
                    empty_cells(empty.count_ones())
                ),
            );
        }
    }
    match (last_at, phase) {
        (Some((s, name)), Phase::Action) => match e.grid.parse(&name) {
            Some(_) if !board_ok => {}
            Some(c) if p.side(p.to_move) >> c & 1 == 0 => raw.error(
                s,
                format!(
                    "`last_placed`: `{name}` does not hold a {side} pawn: it names the pawn {side} placed this turn, which stays there until the card is played"
                ),
            ),
            Some(c) if e.edge >> c & 1 == 1 && inner_empty > 0 => raw.error(
                s,
                format!(
                    "`last_placed`: `{name}` is an edge cell but {} inner {}: a pawn goes on the edge only when no inner cell is empty",
                    inner_empty,
                    if inner_empty == 1 { "cell is empty" } else { "cells are empty" }
                ),
            ),
            Some(c) => p.last_placed = Some(c as u8),
            None => raw.error(s, format!("`last_placed`: no cell `{name}` on the board")),
        },
        (Some((s, _)), _) => raw.error(s, "`last_placed` is only for phase `action`"),
        (None, Phase::Action) if board_ok && empty != 0 => raw.error(
            phase_span,
            format!(
                "`last_placed` is absent but the board has {}: a pawn is placed every turn while a cell is empty, and phase `action` names it in `last_placed`",
                empty_cells(empty.count_ones())
            ),
        ),
        _ => {}
    }
    // A capture card on a crowded board can have tens of millions of outcomes: a limit of the
    // work one position may ask for, as files and texts have theirs.
    if raw.diags.0.len() == before && p.phase == Phase::Action {
        let mut count = play::Bounded::new(MAX_SUCCESSORS);
        play::generate(e, &p, &mut count);
        if count.over() {
            raw.error(
                card_span.unwrap_or_else(|| raw.top()),
                format!(
                    "`card`: more than {} outcomes on this board, the limit for a position (a capture card on a crowded board)",
                    crate::base::diag::shown_count(MAX_SUCCESSORS)
                ),
            );
        }
    }
    (raw.diags.0.len() == before && to_move.is_some()).then_some(p)
}

/// Most successors a position may have: a million positions fill about 100 MB.
pub const MAX_SUCCESSORS: usize = 1_000_000;

/// "1 empty cell", "12 empty cells".
fn empty_cells(n: u32) -> String {
    match n {
        0 => "no empty cell".into(),
        1 => "1 empty cell".into(),
        n => format!("{n} empty cells"),
    }
}
