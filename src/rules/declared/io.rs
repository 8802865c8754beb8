//! A declared game's positions as files and its moves as text: reading a position (every
//! error at its token), its fields in file order, and the notation of a move.
//!
//! In: a [`RawPosition`] or a position. Out: a checked [`DPos`], fields, notation. Notation:
//! `c4` (a placement), `d` (a drop into column d; its landing cell `d1` is read too), `a2-a3`,
//! `d4xe5` (a capture by replacement), `a1-c3` (a hop), `c3xe5xg7` (hops that capture), `pass`.

use super::compile::{Act, Program, MAX_HAND, MAX_SEEN, NONE, UNLIMITED};
use super::pos::{DMove, DPos, GOING};
use crate::base::diag::Error;
use crate::geometry::Grid;
use crate::rules::position::{check_shape, RawPosition};
use crate::rules::{Board, Cell, Field};

impl Program {
    /// Reads and checks a position.
    pub fn parse(&self, raw: &mut RawPosition) -> Option<DPos> {
        let errors = raw.diags.0.len();
        let board = raw.board();
        let to_move = raw.required_choice("to_move", self.sides);
        let mut p = DPos::empty();
        if self.explicit_hand {
            if let Some((_, hand)) = raw.int_table("hand", self.sides, 0, i64::from(MAX_HAND)) {
                for (s, h) in hand.into_iter().enumerate() {
                    p.hand[s] = h as u16;
                }
            }
        }
        p.left = self.first;
        let most = self.actions.max(self.first);
        if self.keys.contains(&"left") {
            if let Some((_, v)) = raw.int("left", 1, i64::from(most)) {
                p.left = v as u8;
            }
        }
        let phase_ids: Vec<&str> = self.phases.iter().map(|(id, _)| id.as_str()).collect();
        let phase = match self.phases.is_empty() {
            true => None,
            false => raw.choice("phase", &phase_ids),
        };
        if self.use_ply {
            if let Some((_, v)) = raw.int("ply", 0, 60_000) {
                p.ply = v as u16;
            }
        }
        if self.use_quiet {
            if let Some((_, v)) = raw.int("quiet", 0, 60_000) {
                p.quiet = v as u16;
            }
        }
        if self.use_seen {
            self.parse_seen(raw, &mut p);
        }
        if self.use_taken {
            if let Some((_, taken)) = raw.int_table("taken", self.sides, 0, i64::from(MAX_HAND)) {
                for (s, t) in taken.into_iter().enumerate() {
                    p.taken[s] = t as u16;
                }
            }
        }
        // The roll to play: required while the game goes on (checked once the status is known).
        let roll = self.dice.as_ref().map(|d| {
            let key = if d.count == 1 { "die" } else { "roll" };
            let (lo, hi) = (i64::from(d.count), i64::from(d.count) * i64::from(d.faces));
            (key, raw.int(key, lo, hi))
        });
        // The variant of the rules: it decides the ends, so it is read before the status.
        if !self.variants.is_empty() {
            if let Some((_, v)) = raw.choice("variant", self.variants) {
                p.variant = v as u8;
            }
        }
        let (span, rows) = board?;
        let widths: Vec<usize> = self.rows.iter().map(Vec::len).collect();
        if !check_shape(raw, &span, &rows, &widths) {
            return None;
        }
        for (row, cells) in rows.iter().zip(&self.rows) {
            for (tok, &c) in row.iter().zip(cells) {
                if tok.text == "." {
                    continue;
                }
                match self.token_byte.get(&tok.text) {
                    Some(&b) => p.put(c, b, self.owner[usize::from(b)]),
                    None => {
                        let known: Vec<&str> = self.tokens[1..]
                            .iter()
                            .filter(|t| !t.is_empty())
                            .map(String::as_str)
                            .collect();
                        let hint = crate::base::diag::closest(&tok.text, known.iter().copied())
                            .map(|k| format!("did you mean `{k}`?"));
                        raw.error_hint(
                            tok.span.clone(),
                            format!(
                                "unknown token `{}` (this game's are {})",
                                tok.text,
                                known.join(" ")
                            ),
                            hint,
                        );
                    }
                }
            }
        }
        if let Some(g) = self.gravity {
            self.check_gravity(raw, &rows, &p, &g);
        }
        if let Err(why) = self.check_counts(&p) {
            raw.error(span.clone(), format!("`board`: {why}"));
        }
        let (_, s) = to_move?;
        p.to_move = s as u8;
        // A phase whose end already holds gives way to the next, as after a ply.
        if let Some((_, k)) = phase {
            p.phase = k as u8;
        }
        self.settle_phase(&mut p);
        // Only a board read without error is judged for the plies that led to it.
        if raw.diags.0.len() == errors {
            if let Some(why) = self.impossible(&p) {
                raw.error(span.clone(), why);
            }
        }
        if raw.diags.0.len() > errors {
            return None;
        }
        p.status = self.status_of_board(&p);
        if let Some((key, value)) = roll {
            match value {
                Some((_, v)) if p.status == GOING => p.roll = v as u8,
                Some(_) => {}
                None if p.status == GOING => {
                    raw.error(
                        span,
                        format!("`{key}`: the roll to play is required while the game goes on"),
                    );
                    return None;
                }
                None => {}
            }
        }
        Some(p)
    }

    /// Reads `seen`: the keys (16 hex digits each) of the positions since the last progress,
    /// oldest first, at most `quiet` of them (a position written by hand may leave them out).
    fn parse_seen(&self, raw: &mut RawPosition, p: &mut DPos) {
        let Some((span, keys)) = raw.strings("seen") else {
            return;
        };
        if keys.len() > usize::from(p.quiet).min(MAX_SEEN) {
            raw.error_hint(
                span,
                format!(
                    "`seen` holds {} positions, more than the {} plies without progress (`quiet`)",
                    keys.len(),
                    p.quiet
                ),
                Some("`seen` lists the positions since the last capture, placement or move of a `by` kind: one a ply".into()),
            );
            return;
        }
        for k in &keys {
            match u64::from_str_radix(k, 16) {
                Ok(v) if k.len() == 16 => p.seen.push(v),
                _ => {
                    raw.error(
                        span.clone(),
                        format!("`seen`: `{k}` is not a position key (16 hexadecimal digits, as `moves` and `new` write them)"),
                    );
                    return;
                }
            }
        }
    }

    /// Refuses a piece with an empty cell below it, in a game whose pieces only fall.
    fn check_gravity(
        &self,
        raw: &mut RawPosition,
        rows: &[Vec<crate::rules::position::Token>],
        p: &DPos,
        down: &[u8; 4],
    ) {
        for (row, cells) in rows.iter().zip(&self.rows) {
            for (tok, &c) in row.iter().zip(cells) {
                let b = p.board[c];
                if b == 0 {
                    continue;
                }
                let s = usize::from(self.owner[usize::from(b)]);
                let below = self.step(c, usize::from(down[s]));
                if below != NONE && p.board[usize::from(below)] == 0 {
                    raw.error(
                        tok.span.clone(),
                        format!(
                            "the piece on {} floats: {} under it is empty (pieces fall to the last empty cell)",
                            self.names[c],
                            self.names[usize::from(below)]
                        ),
                    );
                }
            }
        }
    }

    /// The position's fields, in file order.
    pub fn fields(&self, p: &DPos) -> Vec<(&'static str, Field)> {
        let board = self
            .rows
            .iter()
            .map(|row| row.iter().map(|&c| self.cell(p, c)).collect())
            .collect();
        let mut f = vec![
            ("board", Field::Board(Board::new(board))),
            ("to_move", Field::Side(self.sides[usize::from(p.to_move)])),
        ];
        for &k in self.keys {
            match k {
                "hand" => f.push((
                    "hand",
                    Field::Table(
                        (0..self.ns)
                            .map(|s| (self.sides[s].to_string(), i64::from(p.hand[s])))
                            .collect(),
                    ),
                )),
                "left" => f.push(("left", Field::Int(i64::from(p.left)))),
                "phase" => f.push((
                    "phase",
                    Field::Str(self.phases[usize::from(p.phase)].0.clone()),
                )),
                "ply" => f.push(("ply", Field::Int(i64::from(p.ply)))),
                "quiet" => f.push(("quiet", Field::Int(i64::from(p.quiet)))),
                "seen" => f.push((
                    "seen",
                    Field::Strs(p.seen.iter().map(|k| format!("{k:016x}")).collect()),
                )),
                "die" | "roll" if p.roll != 0 => f.push((k, Field::Int(i64::from(p.roll)))),
                "variant" => f.push((
                    "variant",
                    Field::Str(self.variants[usize::from(p.variant)].to_string()),
                )),
                "taken" => f.push((
                    "taken",
                    Field::Table(
                        (0..self.ns)
                            .map(|s| (self.sides[s].to_string(), i64::from(p.taken[s])))
                            .collect(),
                    ),
                )),
                _ => {}
            }
        }
        f
    }

    /// Cell `c` of `p` as data: its name, its token, the piece on it (its side and kind).
    fn cell(&self, p: &DPos, c: usize) -> Cell {
        let name = Some(self.names[c].clone());
        let b = usize::from(p.board[c]);
        if b == 0 {
            return Cell::empty(name);
        }
        let side = self.sides.get(usize::from(self.owner[b])).copied();
        let kind = &self.kinds[usize::from(self.kind_of[b])].id;
        Cell::pieces(name, self.tokens[b].clone(), side, kind, 1)
    }

    /// The notation of the legal move `m` in position `p`.
    pub fn notation(&self, p: &DPos, m: DMove) -> String {
        if m.is_pass() {
            return "pass".into();
        }
        let r = &self.rules[m.rule()];
        let to = m.to();
        match r.act {
            Act::Drop => self.column(m).unwrap_or_else(|| self.names[to].clone()),
            Act::Hop => {
                let mut s = self.names[m.from().unwrap_or(to)].clone();
                let mut c = m.from().unwrap_or(to);
                for i in 0..m.hops() {
                    let d = m.hop_dir(i);
                    c = usize::from(self.step(usize::from(self.step(c, d)), d));
                    s.push(if r.capture { 'x' } else { '-' });
                    s.push_str(&self.names[c]);
                }
                s
            }
            _ => {
                // A piece taken is written `x`; a piece piled onto its own stack is not taken.
                let piled = r.onto_stack
                    && m.from()
                        .is_some_and(|f| self.merges(p.board[f], p.board[to]));
                // A stack carried away (`carry`) is not taken either.
                let carried = r.carry.is_some_and(|c| {
                    p.board[to] != 0
                        && self.kind_of[usize::from(p.board[to])] == c.kind
                        && usize::from(self.owner[usize::from(p.board[to])]) == self.ns
                });
                let sep = if p.board[to] != 0 && !piled && !carried {
                    'x'
                } else {
                    '-'
                };
                let mut s = match m.from() {
                    Some(f) => format!("{}{sep}{}", self.names[f], self.names[to]),
                    None => self.names[to].clone(),
                };
                for i in 0..if r.parts.is_empty() { 0 } else { m.parts() } {
                    s.push('/');
                    if r.parts[i].act == super::compile::PartAct::Remove {
                        s.push('x');
                    }
                    s.push_str(&self.names[m.part(i)]);
                }
                if r.carry.is_some() && m.parts() > 0 {
                    let put: Vec<&str> = (0..m.parts())
                        .map(|i| self.names[m.part(i)].as_str())
                        .collect();
                    s.push_str(&format!(" [{}]", put.join(",")));
                }
                s
            }
        }
    }

    /// A drop's column, on a square board whose pieces fall along its files.
    fn column(&self, m: DMove) -> Option<String> {
        let Grid::Square(g) = &self.grid else {
            return None;
        };
        if !self.rules[m.rule()].by_column {
            return None;
        }
        let (f, _) = g.file_rank(m.to());
        let name = g.name(f);
        Some(
            name.trim_end_matches(|c: char| c.is_ascii_digit())
                .to_string(),
        )
    }

    /// The move written `text` in position `p`: its notation, or else a drop's landing cell (a
    /// placement written `a1` is that placement, never a drop landing on a1): the first of
    /// [`Program::written`] written so.
    pub fn find(&self, p: &DPos, text: &str) -> Option<DMove> {
        let text = text.trim();
        self.written(p)
            .into_iter()
            .find(|(w, _)| w == text)
            .map(|(_, m)| m)
    }

    /// Every move of `p` in the order of generation, under its notation and, for a drop, its
    /// landing cell's name too.
    pub fn written(&self, p: &DPos) -> Vec<(String, DMove)> {
        let mut moves = Vec::new();
        self.gen(p, &mut moves);
        // Every notation first, then the drops' landing cells: an exact notation wins.
        let mut out: Vec<(String, DMove)> =
            moves.iter().map(|&m| (self.notation(p, m), m)).collect();
        for &m in &moves {
            if !m.is_pass() && self.rules[m.rule()].act == Act::Drop {
                out.push((self.names[m.to()].clone(), m));
            }
        }
        out
    }

    /// Checks a position reached in play: each side's cells match the board, kinds within their
    /// `max`, hands within bounds, and a status the whole board agrees with.
    pub fn invariants(&self, p: &DPos) -> Result<(), Error> {
        for s in 0..4 {
            for c in 0..crate::rules::declared::bits::MAX_CELLS {
                let b = p.board[c];
                let here = b != 0 && usize::from(self.owner[usize::from(b)]) == s;
                if p.occ[s].test(c) != here {
                    return Err(Error::Rules(format!(
                        "the cells of side {s} disagree with the board at {c}"
                    )));
                }
            }
        }
        self.check_counts(p).map_err(|r| Error::Rules(r.0))?;
        if p.seen.len() > usize::from(p.quiet).min(MAX_SEEN) {
            return Err(Error::Rules(
                "more positions seen than plies without progress".into(),
            ));
        }
        if p.hand.iter().any(|&h| h != UNLIMITED && h > MAX_HAND) {
            return Err(Error::Rules("a hand out of bounds".into()));
        }
        if p.status == GOING && self.status_of_board(p) != GOING {
            return Err(Error::Rules(
                "the board shows an end the ply did not".into(),
            ));
        }
        Ok(())
    }
}
