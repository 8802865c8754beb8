//! What a rules engine needs from a definition: `[engine]` → [`EngineDef`], and the definition
//! checked against the engine's [`Contract`] (grid, regions, parameters).
//!
//! In: the raw game and the contract. Out: an [`EngineDef`], errors in the context.

use super::context::Ctx;
use crate::base::diag::closest;
use crate::definition::contract::{Contract, GridKind};
use crate::definition::model::EngineDef;
use crate::definition::raw::{self, S};

/// The largest `cols`, `rows` or `side` for which the engine's check still counts the board's
/// cells against what the engine handles. Not the geometry's limit (`geometry::square::MAX_SIDE`
/// and `hex::MAX_SIDE`, 60; `triangles::MAX_SIDE`, 12), which the board's own check enforces:
/// this bound only keeps an absurd size (say 10⁹) from adding a second, meaningless count to
/// that error. A side from 61 to 100 gets both errors, as it always has; which definitions are
/// accepted does not depend on this number.
const COUNTED_SIDE_MAX: i64 = 100;

/// Checks the definition against what its rules engine declares it needs; a game without an
/// engine has no `[rules]` to read.
pub(super) fn engine_needs(cx: &mut Ctx, raw: &raw::GameFile, contract: Option<&Contract>) {
    let header = &raw.game.id;
    let Some(c) = contract else {
        // Declared rules read their `[rules]` parameters themselves (`validate::rules`).
        if raw.turns.is_some() {
            return;
        }
        if let Some((k, _)) = raw.rules.iter().next() {
            cx.err(
                k,
                format!(
                    "`[rules]` has `{}`, but game `{}` has no rules engine to read it",
                    k.get_ref(),
                    header.get_ref()
                ),
            );
        }
        return;
    };
    let names: Vec<&str> = c.params.iter().map(|p| p.name).collect();
    for (k, v) in &raw.rules {
        match c.params.iter().find(|p| p.name == k.get_ref()) {
            Some(p) => {
                if !p.allows(*v.get_ref()) {
                    cx.err(
                        v,
                        format!(
                            "rules parameter `{}` out of range: expected {} to {}{}, found {}",
                            p.name,
                            p.min,
                            p.max,
                            p.why,
                            v.get_ref()
                        ),
                    );
                }
            }
            None => {
                let hint = closest(k.get_ref(), names.iter().copied())
                    .map(|h| format!("did you mean `{h}`?"));
                cx.err_hint(
                    k,
                    format!(
                        "unknown rules parameter `{}`: the engine reads {}",
                        k.get_ref(),
                        names.join(", ")
                    ),
                    hint,
                );
            }
        }
    }
    let first_key = raw.rules.keys().next().map(|k| k.span());
    for p in c.params {
        if !raw.rules.keys().any(|k| k.get_ref() == p.name) {
            let msg = format!(
                "`[rules]` needs `{}` ({} to {}): the rules engine reads it",
                p.name, p.min, p.max
            );
            match &first_key {
                Some(at) => cx.diags.push(cx.src.error(at.clone(), msg)),
                None => cx.err(header, msg),
            }
        }
    }
    if let Some((kind, max)) = c.board {
        match raw.board.first() {
            None => cx.err(
                header,
                "the rules engine plays on a board: add a `[[board]]`".into(),
            ),
            Some(b) => {
                let found = match b.grid.get_ref().as_str() {
                    "triangles" => Some(GridKind::Triangles),
                    "square" => Some(GridKind::Square),
                    "hex" => Some(GridKind::Hex),
                    _ => None,
                };
                let want = match kind {
                    GridKind::Square => "square",
                    GridKind::Triangles => "triangles",
                    GridKind::Hex => "hex",
                };
                if found.is_some_and(|f| f != kind) {
                    cx.err(
                        &b.grid,
                        format!("the rules engine plays on a `{want}` grid"),
                    );
                }
                // Sizes out of their own range are reported by the board's check.
                let n = match (&b.cols, &b.rows, &b.side) {
                    (Some(c), Some(r), _) if kind == GridKind::Square => {
                        Some((c.get_ref().saturating_mul(*r.get_ref()), c.span()))
                    }
                    (_, _, Some(s)) if kind == GridKind::Triangles => Some((
                        s.get_ref().saturating_mul(*s.get_ref()).saturating_mul(6),
                        s.span(),
                    )),
                    _ => None,
                };
                let sizes_ok = [&b.cols, &b.rows, &b.side].iter().all(|v| {
                    v.as_ref()
                        .is_none_or(|v| (1..=COUNTED_SIDE_MAX).contains(v.get_ref()))
                });
                if let Some((n, span)) = n.filter(|(n, _)| sizes_ok && *n > max as i64) {
                    cx.diags.push(cx.src.error(
                        span,
                        format!("the rules engine handles boards of up to {max} cells; this one has {n}"),
                    ));
                }
            }
        }
    }
    let board_roles: Vec<&S> = raw
        .board
        .iter()
        .flat_map(|b| &b.region)
        .map(|r| &r.role)
        .collect();
    for role in &board_roles {
        if !c.roles.contains(&role.get_ref().as_str()) {
            let hint = closest(role.get_ref(), c.roles.iter().copied())
                .map(|h| format!("did you mean `{h}`?"));
            let known = if c.roles.is_empty() {
                "none".to_string()
            } else {
                c.roles.join(", ")
            };
            cx.err_hint(
                role,
                format!(
                    "unknown region role `{}`: the rules engine reads {known}",
                    role.get_ref()
                ),
                hint,
            );
        }
    }
    for need in c.roles {
        let on_first = raw
            .board
            .first()
            .is_some_and(|b| b.region.iter().any(|r| r.role.get_ref() == need));
        if !on_first {
            let at = raw.board.first().map_or(header, |b| &b.id);
            cx.err(
                at,
                format!("the rules engine reads the region `{need}` of this board: add a `[[board.region]]` with `role = \"{need}\"`"),
            );
        }
    }
    for need in c.pieces {
        if !raw.piece.iter().any(|p| p.id.get_ref() == need) {
            cx.err(
                header,
                format!("the rules engine reads the piece `{need}`: add a `[[piece]]` with `id = \"{need}\"`"),
            );
        }
    }
    if c.any_piece && raw.piece.is_empty() {
        cx.err(
            header,
            "the rules engine draws its pawns from the first `[[piece]]`: add one".into(),
        );
    }
    if !c.cards.is_empty() {
        match raw.deck.first() {
            None => cx.err(
                header,
                format!(
                    "the rules engine reads a deck of the cards {}: add a `[[deck]]`",
                    c.cards.join(", ")
                ),
            ),
            Some(d) => {
                for card in &d.card {
                    if !c.cards.contains(&card.id.get_ref().as_str()) {
                        let hint = closest(card.id.get_ref(), c.cards.iter().copied())
                            .map(|h| format!("did you mean `{h}`?"));
                        cx.err_hint(
                            &card.id,
                            format!(
                                "card `{}` is not one of the rules' cards ({})",
                                card.id.get_ref(),
                                c.cards.join(", ")
                            ),
                            hint,
                        );
                    }
                }
                for need in c.cards {
                    if !d.card.iter().any(|card| card.id.get_ref() == need) {
                        cx.err(
                            &d.id,
                            format!(
                                "the deck lacks the card `{need}`, which the rules engine plays"
                            ),
                        );
                    }
                }
            }
        }
    }
    if !c.codes.is_empty() {
        match raw.tileset.first() {
            None => cx.err(
                header,
                "the rules engine plays with a tile set: add a `[[tileset]]`".into(),
            ),
            Some(t) => {
                for (letter, name) in c.codes {
                    let ok = t
                        .codes
                        .get(&letter.to_string())
                        .is_some_and(|n| n.get_ref() == name);
                    if !ok {
                        cx.err(
                            &t.id,
                            format!("the rules engine needs the zone code {letter} = \"{name}\" in this tile set's `codes`"),
                        );
                    }
                }
            }
        }
    }
    if c.mat && raw.mat.is_empty() {
        cx.err(
            header,
            "the rules engine draws its positions on a mat: add a `[[mat]]`".into(),
        );
    }
}

/// `[engine]`: a command of 1 to 16 words of at most 200 characters each, run in the game's
/// folder.
pub(super) fn engine_def(cx: &mut Ctx, e: &raw::EngineRaw) -> Option<EngineDef> {
    let words = e.command.get_ref();
    if words.is_empty() || words.len() > 16 {
        cx.err(
            &e.command,
            format!(
                "`[engine] command`: 1 to 16 words, the program then its arguments (found {})",
                words.len()
            ),
        );
        return None;
    }
    for w in words {
        if w.get_ref().is_empty() || w.get_ref().chars().count() > 200 || w.get_ref().contains('\0')
        {
            cx.err(
                w,
                "`[engine] command`: each word is 1 to 200 characters".into(),
            );
            return None;
        }
    }
    // The program is a bare name (found on PATH when it starts) or a file of the game's own:
    // a path that, links resolved, lies inside the game's folder and is a regular file. A game
    // never names a program elsewhere on the disk (`../../evil.sh`, `/tmp/x`).
    let program = &words[0];
    if program.get_ref().contains('/') {
        if let Err(why) = crate::base::paths::program_in(&cx.folder, program.get_ref()) {
            cx.err(program, format!("`[engine] command`: {why}"));
            return None;
        }
    }
    Some(EngineDef {
        command: words.iter().map(|w| w.get_ref().clone()).collect(),
        dir: cx.folder.clone(),
    })
}
