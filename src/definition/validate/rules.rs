//! Declared rules checked: `[turns]` and its tables (`[regions]`, `[[kind]]`, `[[move]]`,
//! `[[phase]]`, `[[end]]`, `[start]`) → `model::rules::RulesDef`.
//!
//! In: the raw game file. Out: every error at its place, with a "did you mean" hint where a name
//! is close to a known one. The checks that need no geometry are here: names and what they
//! refer to, one condition per end, one action per move, the limits of the format; directions
//! against the board's grid, cells of regions and the start board are in `rules_board.rs`.
//! A game whose declared rules have no error gets them built (`rules_build.rs`).

use super::context::{is_safe_id, Ctx};
use crate::base::diag::closest;
use crate::definition::model::rules::{
    range, Place, RulesDef, MAX_CELLS, MAX_ENDS, MAX_KINDS, MAX_MOVES, MAX_PARTS, MAX_PHASES,
    MAX_REGIONS, MAX_SIDES, MAX_VARIANTS,
};
use crate::definition::model::Board;
use crate::definition::raw::{self, CellsRaw, Count, RulesRegionRaw, Strs, Until, S};
use toml::Spanned;

/// The eight compass directions (a square grid has all, a hex grid six of them).
const COMPASS: [&str; 8] = [
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
];
/// Directions named for the side that moves (they need `[turns] forward`).
const RELATIVE: [&str; 9] = [
    "forward",
    "forward-left",
    "forward-right",
    "backward",
    "backward-left",
    "backward-right",
    "left",
    "right",
    "sideways",
];
/// Groups of directions.
const GROUPS: [&str; 5] = ["orthogonal", "diagonal", "all", "hex", "adjacent"];
/// The keys of a `[[move]]` that say what it does.
const ACTIONS: [&str; 8] = [
    "place", "drop", "step", "slide", "leap", "hop", "pivot", "anywhere",
];
/// Results of an end.
const RESULTS: [&str; 7] = [
    "win",
    "loss",
    "draw",
    "most-pieces",
    "fewest-pieces",
    "highest-score",
    "lowest-score",
];
/// What a target cell may hold.
const TARGETS: [&str; 5] = ["empty", "enemy", "empty-or-enemy", "friend", "any"];

/// Checks the declared rules of a game and builds them: `None` without `[turns]` or with an
/// error in them (each reported at its place).
pub(super) fn rules(cx: &mut Ctx, raw: &raw::GameFile, boards: &[Board]) -> Option<RulesDef> {
    let Some(turns) = &raw.turns else {
        without_turns(cx, raw);
        return None;
    };
    let before = cx.diags.0.len();
    if let Some(e) = &raw.engine {
        cx.err(
            e,
            "a game has declared rules (`[turns]`) or an engine program (`[engine]`), not both"
                .into(),
        );
    }
    let t = turns.get_ref();
    let sides: Vec<&str> = t
        .sides
        .get_ref()
        .iter()
        .map(|s| s.get_ref().as_str())
        .collect();
    if sides.is_empty() || sides.len() > MAX_SIDES {
        cx.err(
            &t.sides,
            format!(
                "`sides`: 1 to {MAX_SIDES} side ids in turn order (found {})",
                sides.len()
            ),
        );
    }
    // Past the limits (reported once), only the first entries are checked: every check stays
    // linear in the file, whatever its size.
    for (i, s) in t.sides.get_ref().iter().take(MAX_SIDES).enumerate() {
        if !is_safe_id(s.get_ref()) {
            cx.err(
                s,
                format!(
                    "invalid side id `{}`: 1 to 40 lowercase letters, digits and `-`",
                    s.get_ref()
                ),
            );
        } else if sides[..i].contains(&s.get_ref().as_str()) {
            cx.err(s, format!("side `{}` given twice", s.get_ref()));
        }
    }
    let [region_names, kind_names, phase_names, variant_names] =
        super::rules_build::declared_names(raw);
    let names = Names {
        sides: sides.iter().take(MAX_SIDES).copied().collect(),
        regions: region_names,
        kinds: kind_names,
        phases: phase_names,
        variants: variant_names,
        routes: raw
            .board
            .first()
            .and_then(|b| b.routes.as_ref())
            .map_or_else(Vec::new, |r| {
                r.keys().map(|k| k.get_ref().as_str()).collect()
            }),
        params: raw.rules.keys().map(|k| k.get_ref().as_str()).collect(),
        values: raw.rules.values().map(|v| *v.get_ref()).collect(),
        forward: t.forward.is_some(),
        used: Default::default(),
    };
    match boards.first().map(|b| b.grid.len()) {
        None => cx.err(
            turns,
            "declared rules are played on the first `[[board]]`: add one".into(),
        ),
        Some(n) if n > MAX_CELLS => {
            let at = raw.board.first().map_or(turns.span(), |b| b.grid.span());
            let msg = format!(
                "declared rules play on at most {MAX_CELLS} cells (16 × 16); this board has {n}"
            );
            cx.diags.push(cx.src.error(at, msg));
        }
        Some(_) => {}
    }
    if raw.moves.is_empty() {
        cx.err(
            turns,
            "declared rules need at least one `[[move]]` (`place = \"empty\"`, `step = \"forward\"`, ...)".into(),
        );
    }
    if let Some(fw) = &t.forward {
        names.per_side(cx, fw, fw.get_ref().keys(), "`forward`", "direction");
        for dir in fw.get_ref().values() {
            one_of(cx, dir, &COMPASS, "compass direction");
        }
    }
    if let Some(p) = &t.pass {
        one_of(cx, p, &["never", "when-stuck", "always"], "`pass`");
    }
    for c in [&t.actions, &t.first].into_iter().flatten() {
        names.count(cx, c, range::ACTIONS, "actions of a turn");
    }
    if let Some(w) = &t.words {
        for side in w.get_ref().keys() {
            names.side(cx, side);
        }
    }
    regions(cx, raw, &names);
    kinds(cx, raw, &names);
    if raw.moves.len() > MAX_MOVES {
        cx.err(
            &raw.moves[MAX_MOVES],
            format!("at most {MAX_MOVES} `[[move]]`"),
        );
    }
    for m in raw.moves.iter().take(MAX_MOVES) {
        a_move(cx, m, &names);
        if let Some(c) = &m.get_ref().carry {
            carry(cx, m.get_ref(), c, raw, &names);
        }
        if let (Some(roll), None) = (&m.get_ref().roll, &raw.dice) {
            cx.err(
                roll,
                "`roll`: the game has no dice: add `[dice]` (`faces = 6`)".into(),
            );
        }
    }
    if raw.variant.len() > MAX_VARIANTS {
        cx.err(
            &raw.variant[MAX_VARIANTS],
            format!("at most {MAX_VARIANTS} `[[variant]]`"),
        );
    }
    for (i, v) in raw.variant.iter().take(MAX_VARIANTS).enumerate() {
        let id = &v.get_ref().id;
        if !is_safe_id(id.get_ref()) {
            cx.err(
                id,
                format!(
                    "invalid variant id `{}`: 1 to 40 lowercase letters, digits and `-`",
                    id.get_ref()
                ),
            );
        }
        unique(cx, id, &names.variants[..i], "variant");
    }
    if raw.phase.len() > MAX_PHASES {
        cx.err(
            &raw.phase[MAX_PHASES],
            format!("at most {MAX_PHASES} `[[phase]]`"),
        );
    }
    for (i, p) in raw.phase.iter().take(MAX_PHASES).enumerate() {
        let p = p.get_ref();
        unique(cx, &p.id, &names.phases[..i], "phase");
        match p.until.get_ref() {
            Until::Word(w) if w == "hands-empty" => {
                // Without hands the phase would be over before the first ply.
                let hands = raw
                    .start
                    .as_ref()
                    .is_some_and(|s| s.get_ref().hand.is_some());
                if !hands {
                    cx.err(
                        &p.until,
                        "`until = \"hands-empty\"` needs the pieces in hand: add `[start] hand = { ... }`".into(),
                    );
                }
            }
            Until::Word(w) => cx.err(
                &p.until,
                format!("unknown `until` `{w}`: `\"hands-empty\"` or `{{ plies = 12 }}`"),
            ),
            Until::Plies(n) => names.count(cx, n, range::PHASE_PLIES, "plies"),
        }
    }
    ends(cx, raw, turns, &names);
    if let Some(c) = &raw.capture {
        capture(cx, c.get_ref(), &names);
    }
    if let Some(d) = &raw.dice {
        dice(cx, d.get_ref(), t, &names);
    }
    if let Some(sc) = &raw.score {
        let sc = sc.get_ref();
        one_of(cx, &sc.count, &["pieces", "taken", "in-region"], "`count`");
        let in_region = sc.count.get_ref() == "in-region";
        match &sc.inside {
            Some(r) if in_region => {
                known(cx, r, &names.regions, "region");
            }
            Some(r) => cx.err(r, "`in` is for `count = \"in-region\"`".into()),
            None if in_region => cx.err(&sc.count, "`in-region` needs `in = \"<region>\"`".into()),
            None => {}
        }
        if let Some(k) = &sc.kind {
            known(cx, k, &names.kinds, "kind");
            if sc.count.get_ref() == "taken" {
                cx.err(k, "`kind` is for `pieces` and `in-region`".into());
            }
        }
        if let Some(b) = &sc.bonus {
            let b = b.get_ref();
            names.count(cx, &b.at, range::SCORE, "`bonus.at`");
            names.count(cx, &b.add, range::SCORE, "`bonus.add`");
            names.variants(cx, &b.variant);
        }
    }
    if let Some(s) = &raw.start {
        let s = s.get_ref();
        if let Some(to) = s.to_move.as_ref().filter(|t| t.get_ref() != "drawn") {
            names.side(cx, to);
        }
        if let Some(hand) = &s.hand {
            names.per_side(cx, hand, hand.get_ref().keys(), "`hand`", "count");
            let sides = &names.sides;
            for (_, n) in hand
                .get_ref()
                .iter()
                .filter(|(k, _)| sides.contains(&k.get_ref().as_str()))
            {
                names.count(cx, n, range::HAND, "pieces in hand");
            }
        }
    }
    if let Some(b) = boards.first().filter(|b| b.grid.len() <= MAX_CELLS) {
        super::rules_board::check(cx, raw, b, &names.sides);
    }
    let used = names.used.borrow();
    for k in raw.rules.keys() {
        if !used.contains(k.get_ref()) {
            cx.err(
                k,
                format!(
                    "`[rules]` has `{}`, which no rule reads: name it where a count is written (`line = \"{}\"`) or remove it",
                    k.get_ref(),
                    k.get_ref()
                ),
            );
        }
    }
    let used = used.clone();
    let board = boards.first()?;
    let failed = cx.diags.0[before..].iter().any(|d| !d.warning);
    if failed {
        return None;
    }
    let rd = super::rules_build::build(cx, raw, t, board, &used);
    super::rules_notation::check(cx, raw, &rd, &board.grid);
    Some(rd)
}

/// The tables of declared rules in a game without `[turns]`.
fn without_turns(cx: &mut Ctx, raw: &raw::GameFile) {
    let found = [
        ("[regions]", raw.regions.keys().next().map(Spanned::span)),
        ("[[kind]]", raw.kind.first().map(Spanned::span)),
        ("[[move]]", raw.moves.first().map(Spanned::span)),
        ("[[phase]]", raw.phase.first().map(Spanned::span)),
        ("[[end]]", raw.end.first().map(Spanned::span)),
        ("[start]", raw.start.as_ref().map(Spanned::span)),
        ("[capture]", raw.capture.as_ref().map(Spanned::span)),
    ];
    for (table, span) in found {
        if let Some(span) = span {
            let msg = format!("`{table}` is part of declared rules: add `[turns]` with the sides in turn order (`sides = [\"white\", \"black\"]`)");
            cx.diags.push(cx.src.error(span, msg));
        }
    }
}

struct Names<'a> {
    sides: Vec<&'a str>,
    regions: Vec<&'a str>,
    kinds: Vec<&'a str>,
    phases: Vec<&'a str>,
    variants: Vec<&'a str>,
    /// The routes of the first board (a board of points): directions its designer named.
    routes: Vec<&'a str>,
    params: Vec<&'a str>,
    /// The value each of `params` has in the file.
    values: Vec<i64>,
    /// `[turns] forward` is given.
    forward: bool,
    /// The `[rules]` parameters a count has named so far.
    used: std::cell::RefCell<Vec<String>>,
}

impl Names<'_> {
    /// A `variant` key: each a `[[variant]]` id.
    fn variants(&self, cx: &mut Ctx, v: &Option<Spanned<Strs>>) {
        let Some(v) = v else { return };
        if self.variants.is_empty() {
            cx.err(
                v,
                "`variant`: the game has no variants (add `[[variant]]` with an `id`)".into(),
            );
            return;
        }
        let list = items(v);
        if list.is_empty() {
            cx.err(
                v,
                "`variant = []` names no variant: leave it out to mean every one".into(),
            );
        }
        for x in list {
            known(cx, &x, &self.variants, "variant");
        }
    }

    fn side(&self, cx: &mut Ctx, s: &S) -> Option<usize> {
        known(cx, s, &self.sides, "side")
    }

    /// A table keyed by sides: every key a side, and (`what` named) every side a key.
    fn per_side<'k, T>(
        &self,
        cx: &mut Ctx,
        table: &Spanned<T>,
        keys: impl Iterator<Item = &'k S>,
        what: &str,
        value: &str,
    ) {
        let mut seen = Vec::new();
        for k in keys {
            seen.extend(self.side(cx, k));
        }
        for (i, side) in self.sides.iter().enumerate() {
            if !seen.contains(&i) {
                cx.err(table, format!("{what} has no {value} for `{side}`"));
            }
        }
    }

    /// A count: a number from `lo` to `hi`, or a `[rules]` parameter's name.
    fn count(&self, cx: &mut Ctx, c: &Spanned<Count>, (lo, hi): (i64, i64), what: &str) {
        match c.get_ref() {
            Count::N(n) if (lo..=hi).contains(n) => {}
            Count::N(n) => cx.err(
                c,
                format!("{what} out of range: expected {lo} to {hi}, found {n}"),
            ),
            Count::Param(p) => {
                self.used.borrow_mut().push(p.clone());
                let value = self
                    .params
                    .iter()
                    .position(|x| x == p)
                    .map(|i| self.values[i]);
                if let Some(v) = value.filter(|v| !(lo..=hi).contains(v)) {
                    cx.err(
                        c,
                        format!("{what} out of range: expected {lo} to {hi}, found `{p}` = {v} in `[rules]`"),
                    );
                } else if value.is_none() {
                    // A hint among a sane number of parameters only (each costs an edit distance).
                    let few = self.params.len() <= 256;
                    let hint = closest(p, self.params.iter().copied().filter(|_| few))
                        .map(|h| format!("did you mean `{h}`?"));
                    cx.err_hint(
                        c,
                        format!("`{p}` is not a `[rules]` parameter: write a number, or add `{p} = ...` to `[rules]`"),
                        hint,
                    );
                }
            }
        }
    }

    /// Each direction of a move or line: a compass name, a group, or a direction relative to
    /// the side (which needs `[turns] forward`).
    fn dirs(&self, cx: &mut Ctx, v: &Spanned<Strs>) {
        for d in items(v) {
            let name = d.get_ref().as_str();
            if RELATIVE.contains(&name) {
                if !self.forward {
                    cx.err(
                        &d,
                        format!(
                            "`{name}` needs `[turns] forward = {{ {} = \"north\", ... }}`",
                            self.sides.first().unwrap_or(&"white")
                        ),
                    );
                }
            } else if !COMPASS.contains(&name)
                && !GROUPS.contains(&name)
                && !self.routes.contains(&name)
            {
                let all = COMPASS
                    .iter()
                    .chain(&RELATIVE)
                    .chain(&GROUPS)
                    .chain(&self.routes)
                    .copied();
                let hint = closest(name, all).map(|h| format!("did you mean `{h}`?"));
                cx.err_hint(&d, format!("unknown direction `{name}`"), hint);
            }
        }
    }
}

/// The items of a name or list of names, each with its place.
fn items(v: &Spanned<Strs>) -> Vec<S> {
    match v.get_ref() {
        Strs::One(s) => vec![Spanned::new(v.span(), s.clone())],
        Strs::Many(list) => list.clone(),
    }
}

/// The place of an optional value.
fn span<T>(v: &Option<Spanned<T>>) -> Option<Place> {
    v.as_ref().map(Spanned::span)
}

/// The index of `s` among `names`, or an error "unknown `what`" with a hint.
fn known(cx: &mut Ctx, s: &S, names: &[&str], what: &str) -> Option<usize> {
    let found = names.iter().position(|n| n == s.get_ref());
    if found.is_none() {
        let hint =
            closest(s.get_ref(), names.iter().copied()).map(|h| format!("did you mean `{h}`?"));
        let list = if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        };
        cx.err_hint(
            s,
            format!("unknown {what} `{}` (the game has: {list})", s.get_ref()),
            hint,
        );
    }
    found
}

/// `s` is one of the words `words` of the format, else an error with a hint.
fn one_of(cx: &mut Ctx, s: &S, words: &[&str], what: &str) {
    if !words.contains(&s.get_ref().as_str()) {
        let hint =
            closest(s.get_ref(), words.iter().copied()).map(|h| format!("did you mean `{h}`?"));
        cx.err_hint(
            s,
            format!(
                "unknown {what} `{}`: one of {}",
                s.get_ref(),
                words.join(", ")
            ),
            hint,
        );
    }
}

/// An id not among the ones before it.
fn unique(cx: &mut Ctx, id: &S, before: &[&str], what: &str) {
    if !is_safe_id(id.get_ref()) {
        cx.err(
            id,
            format!(
                "invalid {what} id `{}`: 1 to 40 lowercase letters, digits and `-`",
                id.get_ref()
            ),
        );
    } else if before.contains(&id.get_ref().as_str()) {
        cx.err(id, format!("{what} `{}` given twice", id.get_ref()));
    }
}

/// `[regions]`: each one set of cells, or one per side; a `role` names a painted region of
/// the first board.
fn regions(cx: &mut Ctx, raw: &raw::GameFile, names: &Names) {
    let roles: Vec<&str> = raw
        .board
        .first()
        .map(|b| b.region.iter().map(|r| r.role.get_ref().as_str()).collect())
        .unwrap_or_default();
    if raw.regions.len() > MAX_REGIONS {
        if let Some((k, _)) = raw.regions.iter().nth(MAX_REGIONS) {
            cx.err(k, format!("at most {MAX_REGIONS} regions"));
        }
    }
    for (name, r) in raw.regions.iter().take(MAX_REGIONS) {
        unique(cx, name, &[], "region");
        match r.get_ref() {
            RulesRegionRaw::One(c) => cells(cx, r, c, &roles),
            RulesRegionRaw::PerSide(list) => {
                names.per_side(cx, r, list.iter().map(|(k, _)| k), "the region", "cells");
                for (_, c) in list {
                    cells(cx, c, c.get_ref(), &roles);
                }
            }
        }
    }
}

/// One set of cells: exactly one way of naming them.
fn cells<T>(cx: &mut Ctx, at: &Spanned<T>, c: &CellsRaw, roles: &[&str]) {
    let given = [
        c.ranks.is_some(),
        c.files.is_some(),
        c.cells.is_some(),
        c.role.is_some(),
        c.select.is_some(),
    ];
    if given.iter().filter(|g| **g).count() != 1 {
        cx.err(
            at,
            "a set of cells is named one way: `ranks`, `files`, `cells`, `role` or `select`".into(),
        );
    }
    if let Some(role) = &c.role {
        known(cx, role, roles, "region role of the first board");
    }
    if let Some(s) = &c.select {
        one_of(cx, s, &["border", "all", "dark", "light"], "`select`");
    }
}

/// `[[kind]]`: ids, tokens (one per side, each naming one side's kind), promotion.
fn kinds(cx: &mut Ctx, raw: &raw::GameFile, names: &Names) {
    if raw.kind.is_empty() {
        if let Some(t) = &raw.turns {
            cx.err(t, "declared rules need a `[[kind]]` of pieces (`id = \"pawn\"`, `tokens = { white = \"W\", black = \"B\" }`)".into());
        }
    }
    if raw.kind.len() > MAX_KINDS {
        cx.err(
            &raw.kind[MAX_KINDS],
            format!("at most {MAX_KINDS} `[[kind]]`"),
        );
    }
    let diagram: Option<Vec<&str>> = raw
        .diagram
        .as_ref()
        .map(|d| d.get_ref().tokens.keys().map(String::as_str).collect());
    let mut tokens: Vec<(&str, &str, String)> = Vec::new();
    for (i, k) in raw.kind.iter().take(MAX_KINDS).enumerate() {
        let k = k.get_ref();
        unique(cx, &k.id, &names.kinds[..i], "kind");
        let mut written: Vec<(&str, &S)> = Vec::new();
        match (&k.tokens, &k.neutral) {
            (Some(t), None) => {
                names.per_side(cx, t, t.get_ref().keys(), "`tokens`", "token");
                // Keys that are no side were reported just above.
                written.extend(
                    t.get_ref()
                        .iter()
                        .filter(|(s, _)| names.sides.contains(&s.get_ref().as_str()))
                        .map(|(s, tok)| (s.get_ref().as_str(), tok)),
                );
            }
            (None, Some(tok)) => {
                if names.sides.len() >= MAX_SIDES {
                    cx.err(tok, format!("a game of {MAX_SIDES} sides has no room for pieces of nobody: at most {} sides with a `neutral` kind", MAX_SIDES - 1));
                }
                written.push(("nobody", tok));
            }
            (Some(t), Some(n)) => {
                cx.err(n, "a kind has `tokens` (one per side) or `neutral` (one token, owned by no side), not both".into());
                let _ = t;
            }
            (None, None) => cx.err(&k.id, format!("kind `{}` has no token: give `tokens = {{ <side> = \"T\", ... }}`, or `neutral = \"T\"` for pieces of nobody", k.id.get_ref())),
        }
        for (side, tok) in written {
            let t = tok.get_ref().as_str();
            if t.is_empty()
                || t == "."
                || t.chars().any(|c| {
                    c.is_whitespace() || c.is_control() || c == '"' || c == '\\' || c == '\''
                })
                || t.chars().count() > 16
            {
                cx.err(tok, format!("invalid token `{t}`: 1 to 16 characters, no space, quote or backslash (a position file writes it in a string), not `.` (an empty cell)"));
                continue;
            }
            for h in 1..=k.height() {
                let t = crate::definition::model::rules::stack_token(t, h);
                if let Some((s, kind, _)) = tokens.iter().find(|(_, _, x)| *x == t) {
                    cx.err(tok, format!("token `{t}` is already {s}'s `{kind}`"));
                }
                if let Some(d) = &diagram {
                    if !d.contains(&t.as_str()) {
                        cx.err(
                            tok,
                            format!("token `{t}` has no look in `[diagram] tokens`"),
                        );
                    }
                }
                tokens.push((side, k.id.get_ref(), t));
            }
        }
        if let Some(m) = &k.max {
            match m.get_ref() {
                raw::Max::Each(c) => {
                    names.count(cx, &Spanned::new(m.span(), c.clone()), range::MAX, "`max`");
                }
                raw::Max::Sides(_) if k.neutral.is_some() => cx.err(
                    m,
                    "`max` of a neutral kind: one count, not a count per side".into(),
                ),
                raw::Max::Sides(t) => {
                    names.per_side(cx, m, t.keys(), "`max`", "count");
                    for c in t.values() {
                        names.count(cx, c, range::MAX, "`max`");
                    }
                }
            }
        }
        if let Some(st) = &k.stack {
            if !matches!(st.get_ref(), Count::N(_)) {
                cx.err(
                    st,
                    "`stack`: a number (the most pieces one cell holds)".into(),
                );
            } else {
                names.count(cx, st, range::STACK, "`stack`");
            }
        }
        if let Some(p) = &k.promote {
            let p = p.get_ref();
            known(cx, &p.to, &names.kinds, "kind");
            known(cx, &p.inside, &names.regions, "region");
        }
    }
}

/// A `[[move]]`: one action, known names, qualifiers that fit it.
fn a_move(cx: &mut Ctx, m: &Spanned<raw::MoveRaw>, names: &Names) {
    let r = m.get_ref();
    let given: Vec<&str> = ACTIONS
        .iter()
        .zip([
            r.place.is_some(),
            r.drop.is_some(),
            r.step.is_some(),
            r.slide.is_some(),
            r.leap.is_some(),
            r.hop.is_some(),
            r.pivot.is_some(),
            r.anywhere.is_some(),
        ])
        .filter(|(_, g)| *g)
        .map(|(a, _)| *a)
        .collect();
    match given.len() {
        1 => {}
        0 => cx.err(
            m,
            format!(
                "a move has one of {}; this one has none",
                ACTIONS.join(", ")
            ),
        ),
        _ => cx.err(
            m,
            format!(
                "a move has one of {}; this one has {}",
                ACTIONS.join(", "),
                given.join(" and ")
            ),
        ),
    }
    if let Some(p) = &r.place {
        one_of(cx, p, &["empty"], "`place`");
    }
    if let Some(p) = &r.pivot {
        one_of(cx, p, &["corners"], "`pivot`");
    }
    if let Some(a) = r.anywhere.as_ref().filter(|a| !*a.get_ref()) {
        cx.err(
            a,
            "`anywhere = false` says nothing: write `anywhere = true` or leave it out".into(),
        );
    }
    if let Some(n) = &r.blocked_by {
        names.count(
            cx,
            n,
            range::BLOCKED_BY,
            "`blocked_by` (enemies across a cell's sides)",
        );
    }
    if let Some(n) = &r.pieces_at_most {
        names.count(cx, n, range::PIECES_AT_MOST, "`pieces_at_most`");
    }
    if let Some(d) = &r.drop {
        names.dirs(cx, &Spanned::new(d.span(), Strs::One(d.get_ref().clone())));
    }
    for d in [&r.step, &r.slide, &r.hop].into_iter().flatten() {
        names.dirs(cx, d);
    }
    if let Some(l) = &r.leap {
        for v in l.get_ref() {
            if v.get_ref().len() != 2 || v.get_ref().iter().any(|x| x.get_ref().abs() > 15) {
                cx.err(
                    v,
                    "a leap is an offset `[columns, rows]` of -15 to 15 each".into(),
                );
            } else if v.get_ref().iter().all(|x| *x.get_ref() == 0) {
                cx.err(v, "a leap of `[0, 0]` goes nowhere: give an offset".into());
            }
        }
    }
    for n in [&r.min, &r.max].into_iter().flatten() {
        names.count(cx, n, range::SLIDE, "a count of cells");
    }
    if let (Some(lo), Some(hi)) = (&r.min, &r.max) {
        if let (Count::N(a), Count::N(b)) = (lo.get_ref(), hi.get_ref()) {
            if a > b {
                cx.err(hi, format!("a slide of at least {a} and at most {b} cells has no move: `max` is at least `min`"));
            }
        }
    }
    if let Some(n) = &r.max_hops {
        names.count(
            cx,
            n,
            range::MAX_HOPS,
            "`max_hops` (a move is packed in 64 bits)",
        );
    }
    if let Some(p) = &r.piece {
        for k in items(p) {
            known(cx, &k, &names.kinds, "kind");
        }
    } else if names.kinds.len() > 1 {
        cx.err(
            m,
            format!(
                "the game has several kinds ({}): say which moves so with `piece`",
                names.kinds.join(", ")
            ),
        );
    }
    if let Some(s) = &r.side {
        for s in items(s) {
            names.side(cx, &s);
        }
    }
    if let Some(p) = &r.phase {
        for p in items(p) {
            known(cx, &p, &names.phases, "phase");
        }
    }
    for t in [&r.to, &r.over, &r.next_to].into_iter().flatten() {
        one_of(cx, t, &TARGETS, "target");
    }
    for reg in [&r.from, &r.into, &r.not_into, &r.inside]
        .into_iter()
        .flatten()
    {
        known(cx, reg, &names.regions, "region");
    }
    if let Some(f) = &r.flip {
        one_of(cx, f, &["enclosed"], "`flip`");
    }
    if let Some(c) = &r.custodial {
        let c = c.get_ref();
        one_of(cx, &c.with, &["friend", "friend-or-hostile"], "`with`");
        let hostile = c.with.get_ref() == "friend-or-hostile";
        match &c.hostile {
            Some(h) if !hostile => cx.err(
                h,
                "`hostile` is for `with = \"friend-or-hostile\"`".into(),
            ),
            Some(h) => {
                known(cx, h, &names.regions, "region");
            }
            None if hostile => cx.err(
                &c.with,
                "`friend-or-hostile` needs `hostile = \"<region>\"`: the region that encloses like a friend".into(),
            ),
            None => {}
        }
        if let Some(d) = &c.dirs {
            names.dirs(cx, d);
        }
        for list in [&c.taken, &c.by].into_iter().flatten() {
            for k in items(list) {
                known(cx, &k, &names.kinds, "kind");
            }
        }
    }
    if let Some(e) = &r.enclose {
        let e = e.get_ref();
        for list in [Some(&e.taken), e.by.as_ref()].into_iter().flatten() {
            for k in items(list) {
                known(cx, &k, &names.kinds, "kind");
            }
        }
        if let Some(h) = &e.hostile {
            known(cx, h, &names.regions, "region");
        }
        if let Some(edge) = &e.edge {
            one_of(cx, edge, &["safe", "hostile"], "`edge`");
        }
    }
    let flag = |b: &Option<Spanned<bool>>| b.as_ref().is_some_and(|b| *b.get_ref());
    let hop_only: [(&str, &Option<Spanned<bool>>); 2] =
        [("capture", &r.capture), ("chain", &r.chain)];
    for (key, v) in hop_only {
        if let (Some(v), None) = (v, &r.hop) {
            cx.err(v, format!("`{key}` is for hops"));
        }
    }
    if let Some(stop) = &r.stop {
        one_of(cx, stop, &["any", "end"], "`stop`");
        if !flag(&r.chain) {
            cx.err(stop, "`stop` is for chains".into());
        }
    }
    for (key, v) in [("straight", &r.straight), ("longest", &r.longest)] {
        if let (Some(v), false) = (v, flag(&r.chain)) {
            cx.err(v, format!("`{key}` is for chains"));
        }
    }
    // The other qualifiers of one kind of move: the format never ignores a key.
    let moves_a_piece = r.place.is_none() && r.drop.is_none();
    let fits: [(&str, Option<Place>, bool, &str); 10] = [
        (
            "blocked_by",
            span(&r.blocked_by),
            moves_a_piece,
            "moves of a piece on the board",
        ),
        (
            "to",
            span(&r.to),
            r.pivot.is_none(),
            "moves other than `pivot` (a pivot ends on an empty cell)",
        ),
        ("mirror", span(&r.mirror), r.leap.is_some(), "leaps"),
        ("min", span(&r.min), r.slide.is_some(), "slides"),
        ("max", span(&r.max), r.slide.is_some(), "slides"),
        ("over", span(&r.over), r.hop.is_some(), "hops"),
        ("in", span(&r.inside), r.place.is_some(), "placements"),
        ("next_to", span(&r.next_to), r.place.is_some(), "placements"),
        (
            "must_flip",
            span(&r.must_flip),
            r.flip.is_some() && r.place.is_some(),
            "placements with `flip`",
        ),
        ("max_hops", span(&r.max_hops), flag(&r.chain), "chains"),
    ];
    for (key, at, fits, what) in fits {
        if let (Some(at), false) = (at, fits) {
            cx.diags.push(cx.at(at, format!("`{key}` is for {what}")));
        }
    }
    if let Some(then) = &r.then {
        parts(cx, then, r, names);
    }
    if let Some(back) = &r.send_back {
        known(cx, back, &names.regions, "region");
        if r.hop.is_some() || r.place.is_some() || r.drop.is_some() {
            cx.err(
                back,
                "`send_back` is for moves that land on a piece (not hops, placements nor drops)"
                    .into(),
            );
        }
    }
    if let Some(through) = &r.through {
        for k in items(through) {
            known(cx, &k, &names.kinds, "kind");
        }
        if r.slide.is_none() {
            cx.err(
                through,
                "`through` is for slides: the kinds a slide passes over".into(),
            );
        }
    }
    if let Some(onto) = &r.onto {
        one_of(cx, onto, &["stack"], "`onto`");
        if r.hop.is_some() || r.drop.is_some() {
            cx.err(
                onto,
                "`onto` is for placements and moves that end on a cell (not hops nor drops)".into(),
            );
        }
    }
    if let Some(roll) = &r.roll {
        one_of(cx, roll, &["sum"], "`roll`");
        if r.slide.is_none() {
            cx.err(
                roll,
                "`roll` is for slides: the piece slides exactly the roll's cells".into(),
            );
        }
    }
    if flag(&r.chain) && !flag(&r.capture) && r.max_hops.is_none() {
        let over_enemy = r.over.as_ref().is_some_and(|o| o.get_ref() == "enemy");
        if !over_enemy {
            cx.err(m, "a chain of hops over pieces that stay could go round for ever: capture the pieces hopped, or give `max_hops`".into());
        }
    }
}

/// `then`: at most [`MAX_PARTS`] parts, each putting a known kind or moving the piece on,
/// reaching its cell by one step, one slide or none (any empty cell).
fn parts(
    cx: &mut Ctx,
    then: &Spanned<Vec<Spanned<raw::PartRaw>>>,
    r: &raw::MoveRaw,
    names: &Names,
) {
    if let Some(h) = &r.hop {
        cx.err(
            h,
            "`then` is not for hops: a chain of hops is already one move of many jumps".into(),
        );
    }
    if let Some(d) = &r.drop {
        cx.err(
            d,
            "`then` is not for drops (a drop is written by its column alone)".into(),
        );
    }
    if then.get_ref().len() > MAX_PARTS {
        cx.err(
            then,
            format!("`then`: at most {MAX_PARTS} later parts (a move is packed in 64 bits)"),
        );
    }
    if then.get_ref().is_empty() {
        cx.err(
            then,
            "`then = []` says nothing: give a part or leave it out".into(),
        );
    }
    for part in then.get_ref().iter().take(MAX_PARTS) {
        let p = part.get_ref();
        if let Some(k) = &p.place {
            known(cx, k, &names.kinds, "kind");
        }
        if let Some(rm) = &p.remove {
            one_of(cx, rm, &["enemy"], "`remove`");
            for (key, given) in [
                ("place", p.place.is_some()),
                ("step", p.step.is_some()),
                ("slide", p.slide.is_some()),
            ] {
                if given {
                    cx.err(
                        rm,
                        format!("a part that removes a piece has no `{key}`: it takes the piece where it stands"),
                    );
                }
            }
        }
        if let Some(n) = &p.when_line {
            names.count(cx, n, range::LINE, "`when_line`");
            if p.remove.is_none() {
                cx.err(
                    n,
                    "`when_line` is for a part that removes (`remove = \"enemy\"`)".into(),
                );
            }
        }
        if let (Some(s), None) = (&p.spare_lines, &p.when_line) {
            cx.err(
                s,
                "`spare_lines` spares the pieces in a line of `when_line`: give it".into(),
            );
        }
        match (&p.step, &p.slide) {
            (Some(_), Some(sl)) => cx.err(sl, "a part reaches its cell by `step` or `slide`, not both".into()),
            (None, None) if p.place.is_none() && p.remove.is_none() => cx.err(
                part,
                "a part puts a piece (`place = \"<kind>\"`) or moves the piece on (`step`, `slide`)".into(),
            ),
            _ => {}
        }
        for d in [&p.step, &p.slide].into_iter().flatten() {
            names.dirs(cx, d);
        }
    }
}

/// `[dice]`: counts in range, rolls the dice can show, one ply a turn.
fn dice(cx: &mut Ctx, d: &raw::DiceRaw, t: &raw::TurnsRaw, names: &Names) {
    if let Some(c) = &d.count {
        names.count(cx, c, range::DICE, "`count` of dice");
    }
    names.count(cx, &d.faces, range::FACES, "`faces` of a die");
    let fixed = |c: &Option<&Spanned<Count>>| match c.map(Spanned::get_ref) {
        Some(Count::N(n)) => Some(*n),
        None => Some(1),
        _ => None,
    };
    let (count, faces) = (fixed(&d.count.as_ref()), fixed(&Some(&d.faces)));
    for v in [&d.again, &d.pass].into_iter().flatten() {
        for x in v.get_ref() {
            if let (Some(c), Some(f)) = (count, faces) {
                if !(c..=c * f).contains(x.get_ref()) {
                    cx.err(
                        x,
                        format!(
                            "{c} dice of {f} faces roll {c} to {}: no roll of {}",
                            c * f,
                            x.get_ref()
                        ),
                    );
                }
            }
        }
    }
    if let Some(a) = &d.again_after {
        one_of(cx, a, &["capture"], "`again_after`");
    }
    for (key, v) in [("actions", &t.actions), ("first", &t.first)] {
        if let Some(v) = v {
            cx.err(v, format!("`{key}`: with `[dice]`, each ply plays one roll (`again` gives the same side another)"));
        }
    }
}

/// `[capture]`: known words, border marks and sides.
fn capture(cx: &mut Ctx, c: &raw::CaptureRaw, names: &Names) {
    one_of(cx, &c.group, &["encircled", "no-liberties"], "`group`");
    one_of(cx, &c.effect, &["turn", "remove"], "`effect`");
    if let Some(edges) = &c.edges {
        for (mark, side) in edges.get_ref() {
            one_of(cx, mark, &["hole", "plain"], "border mark");
            names.side(cx, side);
        }
    }
}

/// `[[end]]`: one condition each, a result that fits it; `no_moves` present.
fn ends(cx: &mut Ctx, raw: &raw::GameFile, turns: &Spanned<raw::TurnsRaw>, names: &Names) {
    if raw.end.len() > MAX_ENDS {
        cx.err(&raw.end[MAX_ENDS], format!("at most {MAX_ENDS} `[[end]]`"));
    }
    let mut no_moves = false;
    let no_progress = raw
        .end
        .iter()
        .find_map(|e| e.get_ref().no_progress.as_ref());
    for e in raw.end.iter().take(MAX_ENDS) {
        let r = e.get_ref();
        let conds = [
            ("reach", r.reach.is_some()),
            ("no_pieces", r.no_pieces.is_some()),
            ("captured", r.captured.is_some()),
            ("pieces", r.pieces.is_some()),
            ("no_moves", r.no_moves.is_some()),
            ("line", r.line.is_some()),
            ("connect", r.connect.is_some()),
            ("plies", r.plies.is_some()),
            ("no_progress", r.no_progress.is_some()),
            ("repetition", r.repetition.is_some()),
            ("score", r.score.is_some()),
            ("empty", r.empty.is_some()),
        ];
        let given: Vec<&str> = conds.iter().filter(|c| c.1).map(|c| c.0).collect();
        if given.len() != 1 {
            let found = if given.is_empty() {
                "none".to_string()
            } else {
                given.join(" and ")
            };
            cx.err(e, format!("an end has one condition (reach, no_pieces, captured, pieces, no_moves, line, connect, plies, no_progress, repetition, score, empty); this one has {found}"));
        }
        one_of(cx, &r.result, &RESULTS, "result");
        let progress = r.no_progress.is_some() || r.repetition.is_some();
        let sided = r.reach.is_some()
            || r.no_pieces.is_some()
            || r.captured.is_some()
            || r.pieces.is_some()
            || r.line.is_some()
            || r.connect.is_some();
        let fits: [(&str, Option<Place>, bool, &str); 5] = [
            (
                "side",
                span(&r.side),
                sided,
                "`reach`, `no_pieces`, `captured`, `pieces`, `line` and `connect`",
            ),
            (
                "kind",
                span(&r.kind),
                r.pieces.is_some() || r.empty.is_some(),
                "`pieces` and `empty`",
            ),
            ("exact", span(&r.exact), r.line.is_some(), "`line`"),
            ("dirs", span(&r.dirs), r.line.is_some(), "`line`"),
            (
                "by",
                span(&r.by),
                progress,
                "`no_progress` and `repetition`",
            ),
        ];
        for (key, at, fits, what) in fits {
            if let (Some(at), false) = (at, fits) {
                cx.diags.push(cx.at(at, format!("`{key}` is for {what}")));
            }
        }
        no_moves |= r.no_moves.as_ref().is_some_and(|b| *b.get_ref());
        if let Some(g) = &r.reach {
            known(cx, g, &names.regions, "region");
        }
        if let Some(g) = &r.empty {
            known(cx, g, &names.regions, "region");
        }
        names.variants(cx, &r.variant);
        if let Some(k) = &r.captured {
            known(cx, k, &names.kinds, "kind");
        }
        if let Some(n) = &r.pieces {
            names.count(cx, n, range::PIECES, "`pieces`");
        }
        if let Some(k) = &r.kind {
            known(cx, k, &names.kinds, "kind");
        }
        if let Some(s) = &r.side {
            names.side(cx, s);
        }
        if let Some(p) = &r.phase {
            for p in items(p) {
                known(cx, &p, &names.phases, "phase");
            }
        }
        if let Some(n) = &r.line {
            names.count(cx, n, range::LINE, "`line`");
        }
        if let Some(d) = &r.dirs {
            names.dirs(cx, d);
        }
        if let Some(c) = &r.connect {
            names.per_side(cx, c, c.get_ref().keys(), "`connect`", "regions");
            for pair in c.get_ref().values() {
                if pair.get_ref().len() != 2 {
                    cx.err(
                        pair,
                        "`connect`: the two regions a side joins (`[\"top\", \"bottom\"]`)".into(),
                    );
                }
                for reg in pair.get_ref() {
                    known(cx, reg, &names.regions, "region");
                }
            }
        }
        if let Some(n) = &r.plies {
            names.count(cx, n, range::PLIES, "`plies`");
            if ["win", "loss"].contains(&r.result.get_ref().as_str()) {
                cx.err(&r.result, "`plies` ends with `draw`, `most-pieces` or `fewest-pieces`: it has no winner of its own".into());
            }
        }
        if let Some(n) = &r.no_progress {
            names.count(cx, n, range::NO_PROGRESS, "`no_progress`");
        }
        if let Some(n) = &r.score {
            names.count(cx, n, range::SCORE, "`score`");
        }
        if let Some(by) = &r.by {
            for k in items(by) {
                known(cx, &k, &names.kinds, "kind");
            }
        }
        if let Some(n) = &r.repetition {
            names.count(cx, n, range::REPETITION, "`repetition`");
            let bounded = no_progress.is_some_and(|p| matches!(p.get_ref(), Count::N(1..=64)));
            if !bounded {
                cx.err(
                    n,
                    "repetition keeps the last 64 positions: add an end `no_progress = 64` or less"
                        .into(),
                );
            }
        }
    }
    if !no_moves && raw.dice.is_none() {
        cx.err(turns, "what happens when the side to move cannot move? add `[[end]]` with `no_moves = true` and a `result`".into());
    }
}

/// `carry` on a move: a neutral kind stacked at most [`MAX_PARTS`] high (each piece put is a
/// part of the packed move), known regions, a move that ends on a cell.
fn carry(
    cx: &mut Ctx,
    r: &raw::MoveRaw,
    c: &Spanned<raw::CarryRaw>,
    raw: &raw::GameFile,
    names: &Names,
) {
    let cr = c.get_ref();
    if known(cx, &cr.piece, &names.kinds, "kind").is_some() {
        let kind = raw
            .kind
            .iter()
            .map(Spanned::get_ref)
            .find(|k| k.id.get_ref() == cr.piece.get_ref());
        if let Some(k) = kind {
            if k.neutral.is_none() {
                cx.err(
                    &cr.piece,
                    format!(
                        "`carry`: kind `{}` is owned by a side; a move carries pieces of nobody's (`neutral`)",
                        cr.piece.get_ref()
                    ),
                );
            } else if usize::from(k.height()) > MAX_PARTS {
                cx.err(
                    &cr.piece,
                    format!(
                        "`carry`: stacks of `{}` are {} high; a carried stack is at most {MAX_PARTS} (each piece put is a part of the move)",
                        cr.piece.get_ref(),
                        k.height()
                    ),
                );
            }
        }
    }
    if let Some(f) = &cr.from {
        known(cx, f, &names.regions, "region");
    }
    known(cx, &cr.to, &names.regions, "region");
    if r.step.is_none() && r.slide.is_none() && r.leap.is_none() {
        cx.err(
            c,
            "`carry` is for steps, slides and leaps: moves that end on a cell".into(),
        );
    }
    if r.then.is_some() || r.onto.is_some() {
        cx.err(
            c,
            "`carry` puts the carried pieces as the later parts of the move: not with `then` nor `onto`".into(),
        );
    }
}
