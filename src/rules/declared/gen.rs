//! Move generation of a declared game: every legal move of the side to move, from the tables.
//!
//! In: a [`Program`] and a position. Out: packed moves. Compulsory rules run first and, when
//! they give a move, are the only moves (ZRF's priorities); chains of hops are one move each,
//! found by a depth-first search bounded by the chain's `max_hops` (at most 12); a pass is added
//! as `[turns] pass` says.

use super::bits::Bits;
use super::compile::{fits, Act, CarryRule, Class, PartAct, Program, Rule, NONE, UNLIMITED};
use super::pos::{DMove, DPos, GOING};
use crate::definition::model::rules::ADJACENT;
use crate::definition::model::rules::{Pass, Target};

impl Program {
    /// What board byte `b` is to side `s`.
    #[inline]
    pub fn class(&self, b: u8, s: usize) -> Class {
        if b == 0 {
            Class::Empty
        } else {
            match usize::from(self.owner[usize::from(b)]) {
                o if o == s => Class::Friend,
                o if o == self.ns => Class::Neutral,
                _ => Class::Enemy,
            }
        }
    }

    /// The cells of the pieces of the sides other than `s` (not those of nobody).
    #[inline]
    pub fn enemies(&self, p: &DPos, s: usize) -> Bits {
        let mut e = Bits::EMPTY;
        for o in (0..self.ns).filter(|&o| o != s) {
            e |= p.occ[o];
        }
        e
    }

    /// The neighbour of `c` in direction `d`, or [`NONE`].
    #[inline]
    pub fn step(&self, c: usize, d: usize) -> u16 {
        self.next[d * self.n + c]
    }

    /// Pieces side `s` may still put of kind `k`: its hand, or what `max` leaves, or unlimited;
    /// none of a kind no `place` or `drop` of the side puts.
    pub fn supply(&self, p: &DPos, s: usize, k: u8) -> u16 {
        if self.placed[s] & (1 << k) == 0 {
            return 0;
        }
        if self.explicit_hand {
            return p.hand[s];
        }
        match self.kinds[usize::from(k)].max[s] {
            Some(max) => max.saturating_sub(self.on_board(p, k, s) as u16),
            None => UNLIMITED,
        }
    }

    /// Every legal move of the side to move (none when the game is over or it cannot move).
    pub fn gen(&self, p: &DPos, out: &mut Vec<DMove>) {
        if p.status != GOING {
            return;
        }
        let start = out.len();
        if let Some(d) = &self.dice {
            // A roll to pass, or one that gives no move: the side passes.
            if d.pass >> p.roll & 1 == 0 {
                self.gen_moves(p, out);
            }
            if out.len() == start {
                out.push(DMove::PASS);
            }
            return;
        }
        self.gen_moves(p, out);
        let s = usize::from(p.to_move);
        match self.pass {
            Pass::Always => out.push(DMove::PASS),
            Pass::WhenStuck if out.len() == start && self.others_can_move(p, s) => {
                out.push(DMove::PASS)
            }
            _ => {}
        }
    }

    /// The moves of the rules, compulsory ones first and alone when there are some.
    fn gen_moves(&self, p: &DPos, out: &mut Vec<DMove>) {
        let start = out.len();
        let s = usize::from(p.to_move);
        // Rules that gave moves: a repeat needs two.
        let mut giving = 0;
        for (i, &r) in self.order.iter().enumerate() {
            if i == self.ncompulsory && out.len() > start {
                break;
            }
            let before = out.len();
            self.gen_rule(p, s, r, out);
            giving += usize::from(out.len() > before);
        }
        if self.any_longest {
            self.keep_longest(out, start);
        }
        if self.overlap && giving > 1 {
            self.drop_repeats(out, start);
        }
    }

    /// Drops (from `start` on) each move that an earlier one of an alike rule already makes:
    /// written alike, it is the same move (validation refuses two moves written alike with
    /// different results), and listed twice it would be drawn twice as often.
    fn drop_repeats(&self, out: &mut Vec<DMove>, start: usize) {
        let n = out.len() - start;
        if n < 2 {
            return;
        }
        // The move with its rule replaced by the first rule alike, and its place in the list.
        let mut keys: Vec<(u64, usize)> = out[start..]
            .iter()
            .enumerate()
            .map(|(i, m)| (m.0 & !63 | u64::from(self.alike[m.rule()]), i))
            .collect();
        keys.sort_unstable();
        let mut repeat = vec![false; n];
        for w in keys.windows(2) {
            if w[0].0 == w[1].0 {
                repeat[w[1].1] = true;
            }
        }
        let mut i = 0;
        out.retain(|_| {
            i += 1;
            i <= start || !repeat[i - 1 - start]
        });
    }

    /// Whether another side than `s` would have a move on this board.
    fn others_can_move(&self, p: &DPos, s: usize) -> bool {
        let mut buf = Vec::new();
        (1..self.ns).any(|k| {
            let mut q = p.clone();
            q.to_move = ((s + k) % self.ns) as u8;
            buf.clear();
            self.gen_moves(&q, &mut buf);
            !buf.is_empty()
        })
    }

    /// Keeps, among the moves of `longest` rules (from `start` on), those with the most hops.
    fn keep_longest(&self, out: &mut Vec<DMove>, start: usize) {
        let longest = |m: &DMove| self.rules[m.rule()].longest;
        let Some(best) = out[start..]
            .iter()
            .filter(|m| longest(m))
            .map(|m| m.hops())
            .max()
        else {
            return;
        };
        let kept: Vec<DMove> = out
            .drain(start..)
            .filter(|m| !longest(m) || m.hops() == best)
            .collect();
        out.extend(kept);
    }

    /// The moves of rule `ri` for side `s`.
    fn gen_rule(&self, p: &DPos, s: usize, ri: u8, out: &mut Vec<DMove>) {
        let r = &self.rules[usize::from(ri)];
        if !self.in_force(p, s, r) {
            return;
        }
        if let Some(b) = r.covered_by {
            if self.in_force(p, s, &self.rules[usize::from(b)]) {
                return;
            }
        }
        let start = out.len();
        match r.act {
            Act::Place => self.gen_place(p, s, ri, r, out),
            Act::Drop => self.gen_drop(p, s, ri, r, out),
            Act::Step | Act::Leap => self.gen_reach(p, s, ri, r, out),
            Act::Pivot | Act::Anywhere => self.gen_roll(p, s, ri, r, out),
            _ => {
                let own = self.movers(p, s, r);
                // One budget for the rule's chains in this position, whatever the pieces.
                let mut budget = MAX_CHAIN_STEPS;
                for c in own.iter() {
                    let k = self.kind_of[usize::from(p.board[c])];
                    if r.pieces & (1 << k) == 0 {
                        continue;
                    }
                    match r.act {
                        Act::Slide { .. } if r.by_roll => {
                            let n = u16::from(p.roll);
                            self.gen_slide(p, s, ri, r, c, n, n, out)
                        }
                        Act::Slide { min, max } => self.gen_slide(p, s, ri, r, c, min, max, out),
                        Act::Hop if r.chain => {
                            let stop = self.promotion_stop(k, s);
                            let at = (c, c, 0, 0, Bits::EMPTY, NO_DIR);
                            if out.len() >= MAX_CHAIN_MOVES {
                                continue;
                            }
                            self.chains(p, s, ri, r, at, stop, &mut budget, out);
                        }
                        Act::Hop => {
                            for &d in &r.dirs[s] {
                                if let Some(t) =
                                    self.hop(p, s, r, c, c, usize::from(d), Bits::EMPTY)
                                {
                                    if self.lands(r, s, t) {
                                        out.push(DMove::chain(ri, c, t, 1, u64::from(d)));
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        if !r.parts.is_empty() {
            self.gen_parts(p, s, r, out, start);
        }
        if let Some(c) = r.carry {
            self.gen_carry(p, s, r, c, out, start);
        }
    }

    /// Whether a move of rule `r` by side `s` may end on `t`, holding `bt`, by carrying it
    /// away (`carry`: a stack of the carried kind in the region it is taken from).
    #[inline]
    fn carries(&self, r: &Rule, s: usize, bt: u8, t: usize) -> bool {
        r.carry.is_some_and(|c| {
            bt != 0
                && self.kind_of[usize::from(bt)] == c.kind
                && usize::from(self.owner[usize::from(bt)]) == self.ns
                && c.from
                    .is_none_or(|f| self.regions[usize::from(f)][s].test(t))
        })
    }

    /// Each move of `out[start..]` that ends on a stack it carries, replaced by every way of
    /// putting the stack's pieces (one move each; a move whose pieces cannot all be put is
    /// none); the others kept.
    fn gen_carry(
        &self,
        p: &DPos,
        s: usize,
        r: &Rule,
        c: CarryRule,
        out: &mut Vec<DMove>,
        start: usize,
    ) {
        if !out[start..]
            .iter()
            .any(|m| self.carries(r, s, p.board[m.to()], m.to()))
        {
            return;
        }
        let firsts: Vec<DMove> = out.drain(start..).collect();
        for m in firsts {
            let bt = p.board[m.to()];
            if !self.carries(r, s, bt, m.to()) {
                out.push(m);
                continue;
            }
            let mut q = p.clone();
            self.act(&mut q, m, s);
            let h = usize::from(self.height_of[usize::from(bt)]);
            self.put_carried(&q, s, c, m, 0, h, None, out);
        }
    }

    /// The ways of putting the carried pieces `i..n` of move `m` in `q`, each on a cell of the
    /// mover's region holding nothing or a stack of the kind below its height, with the fewest
    /// pieces among such cells. Pieces put on cells of one height are one result whatever
    /// their order, so each result is listed once: in the order of the cells (`last`: the cell
    /// and height of the piece before).
    #[allow(clippy::too_many_arguments)]
    fn put_carried(
        &self,
        q: &DPos,
        s: usize,
        c: CarryRule,
        m: DMove,
        i: usize,
        n: usize,
        last: Option<(usize, u8)>,
        out: &mut Vec<DMove>,
    ) {
        if i == n {
            out.push(m);
            return;
        }
        let max = self.stack_max[usize::from(c.kind)];
        let height = |x: usize| self.height_of[usize::from(q.board[x])];
        let open = |x: usize| {
            let b = q.board[x];
            b == 0 || (self.kind_of[usize::from(b)] == c.kind && height(x) < max)
        };
        let cells = self.regions[usize::from(c.to)][s];
        let Some(least) = cells.iter().filter(|&x| open(x)).map(height).min() else {
            return;
        };
        for x in cells.iter().filter(|&x| open(x) && height(x) == least) {
            if last.is_some_and(|(y, h)| h == least && x <= y) || out.len() >= MAX_PARTS_LISTED {
                continue;
            }
            let mut q2 = q.clone();
            self.add_carried(&mut q2, c, x);
            self.put_carried(
                &q2,
                s,
                c,
                m.with_part(i, x),
                i + 1,
                n,
                Some((x, least)),
                out,
            );
        }
    }

    /// Puts one carried piece on `x` (empty, or a stack of its kind one higher).
    #[inline]
    pub(super) fn add_carried(&self, q: &mut DPos, c: CarryRule, x: usize) {
        let b = match q.board[x] {
            0 => self.byte(c.kind, self.ns),
            b => {
                q.take(x, self.owner[usize::from(b)]);
                b + 1
            }
        };
        q.put(x, b, self.owner[usize::from(b)]);
    }

    /// Each move of `out[start..]` (the first parts of rule `r`'s moves) followed by every way
    /// of playing the rule's later parts: one move each.
    fn gen_parts(&self, p: &DPos, s: usize, r: &Rule, out: &mut Vec<DMove>, start: usize) {
        let firsts: Vec<DMove> = out.drain(start..).collect();
        for m in firsts {
            let mut q = p.clone();
            self.act(&mut q, m, s);
            self.expand(&q, s, r, m, m.to(), 0, out);
        }
    }

    /// The moves of later parts `i..` of `m`, standing on `at` in `q`.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &self,
        q: &DPos,
        s: usize,
        r: &Rule,
        m: DMove,
        at: usize,
        i: usize,
        out: &mut Vec<DMove>,
    ) {
        let Some(part) = r.parts.get(i) else {
            out.push(m);
            return;
        };
        if part.optional {
            out.push(m);
        }
        let mut cells = Bits::EMPTY;
        match part.act {
            PartAct::Anywhere => cells = self.all.andnot(q.occupied()),
            PartAct::Remove => {
                let axes = &AXES[..self.compass / 2];
                let n = part.when_line;
                // Without the line it asks for, or without an enemy piece, the move ends here.
                if n > 0 && !self.line_through(q, s, at, n, false, axes) {
                    out.push(m);
                    return;
                }
                cells = self.enemies(q, s);
                if part.spare_lines {
                    let loose: Bits = cells
                        .iter()
                        .filter(|&c| {
                            let o = usize::from(self.owner[usize::from(q.board[c])]);
                            !self.line_through(q, o, c, n, false, axes)
                        })
                        .collect();
                    if !loose.is_empty() {
                        cells = loose;
                    }
                }
                if cells.is_empty() {
                    out.push(m);
                    return;
                }
            }
            PartAct::Step => {
                for &d in &part.dirs[s] {
                    if d == ADJACENT {
                        cells |= self.near[at].andnot(q.occupied());
                    } else {
                        let t = self.step(at, usize::from(d));
                        if t != NONE && q.board[usize::from(t)] == 0 {
                            cells.set(usize::from(t));
                        }
                    }
                }
            }
            PartAct::Slide => {
                for &d in &part.dirs[s] {
                    let mut t = self.step(at, usize::from(d));
                    while t != NONE && q.board[usize::from(t)] == 0 {
                        cells.set(usize::from(t));
                        t = self.step(usize::from(t), usize::from(d));
                    }
                }
            }
        }
        let last = i + 1 == r.parts.len();
        for t in cells.iter() {
            if out.len() >= MAX_PARTS_LISTED {
                return;
            }
            let next = m.with_part(i, t);
            if last {
                out.push(next);
            } else {
                let mut q2 = q.clone();
                let at2 = self.play_part(&mut q2, part, at, t, s);
                self.expand(&q2, s, r, next, at2, i + 1, out);
            }
        }
    }

    /// Whether a move of rule `r` by side `s` from `c` to `t` leaves the enemy on `t`, if any, a
    /// cell to go back to (`send_back`; always true without it).
    #[inline]
    fn room_back(&self, p: &DPos, s: usize, r: &Rule, c: usize, t: usize) -> bool {
        let b = p.board[t];
        if b == 0 || r.back[0].is_empty() || self.class(b, s) != Class::Enemy {
            return true;
        }
        let o = usize::from(self.owner[usize::from(b)]);
        r.back[o].get(t).is_some_and(|path| {
            path.iter()
                .map(|&x| usize::from(x))
                .any(|x| x != t && (p.board[x] == 0 || x == c))
        })
    }

    /// Whether a piece (or stack) written `b` may pile onto the stack `onto`: the same kind and
    /// owner, their heights together within the kind's `stack`.
    #[inline]
    pub fn merges(&self, b: u8, onto: u8) -> bool {
        let (b, t) = (usize::from(b), usize::from(onto));
        onto != 0
            && self.kind_of[b] == self.kind_of[t]
            && self.owner[b] == self.owner[t]
            && self.height_of[b] + self.height_of[t] <= self.stack_max[usize::from(self.kind_of[b])]
    }

    /// Whether rule `r` gives side `s` moves in position `p`: its side, its phase, its count of
    /// pieces.
    #[inline]
    fn in_force(&self, p: &DPos, s: usize, r: &Rule) -> bool {
        r.sides & (1 << s) != 0
            && (r.phases == 0 || r.phases & (1 << p.phase) != 0)
            && (r.at_most == u16::MAX || p.occ[s].count() <= u32::from(r.at_most))
    }

    /// The cells of side `s`'s pieces that may make a move of `r`: in its `from` region, not
    /// blocked (kinds are filtered by the caller).
    #[inline]
    fn movers(&self, p: &DPos, s: usize, r: &Rule) -> Bits {
        let mut own = p.occ[s];
        if let Some(f) = r.from {
            own &= self.regions[usize::from(f)][s];
        }
        if r.blocked_by > 0 {
            let enemies = self.enemies(p, s);
            for c in own.iter() {
                if (self.near[c] & enemies).count() >= u32::from(r.blocked_by) {
                    own.clear(c);
                }
            }
        }
        own
    }

    /// Pivots (each cell a piece rolls onto, through empty cells round one of its corners)
    /// and moves anywhere: each target once, however many ways lead to it.
    fn gen_roll(&self, p: &DPos, s: usize, ri: u8, r: &Rule, out: &mut Vec<DMove>) {
        let anywhere = if r.act == Act::Anywhere {
            let mut cells = Bits::EMPTY;
            for c in self.all.iter() {
                if r.to_ok[s][usize::from(p.board[c])] && (!r.limited || self.lands(r, s, c)) {
                    cells.set(c);
                }
            }
            cells
        } else {
            Bits::EMPTY
        };
        for c in self.movers(p, s, r).iter() {
            let k = self.kind_of[usize::from(p.board[c])];
            if r.pieces & (1 << k) == 0 {
                continue;
            }
            let mut to = anywhere;
            if r.act == Act::Pivot {
                let cells = &self.pivots[self.pivot_at[c] as usize..self.pivot_at[c + 1] as usize];
                let mut open = true;
                for &t in cells {
                    if t == NONE {
                        open = true;
                    } else if open {
                        let t = usize::from(t);
                        if p.board[t] != 0 {
                            open = false;
                        } else if !r.limited || self.lands(r, s, t) {
                            to.set(t);
                        }
                    }
                }
            }
            to.clear(c);
            for t in to.iter() {
                out.push(DMove::new(ri, Some(c), t));
            }
        }
    }

    /// Whether a piece may end its move on `t` (`into`, `not_into`).
    #[inline]
    fn lands(&self, r: &Rule, s: usize, t: usize) -> bool {
        r.into
            .is_none_or(|i| self.regions[usize::from(i)][s].test(t))
            && r.not_into
                .is_none_or(|i| !self.regions[usize::from(i)][s].test(t))
    }

    /// A move from `c` to `t` when `t` holds what the rule allows.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn target(
        &self,
        p: &DPos,
        s: usize,
        ri: u8,
        r: &Rule,
        c: usize,
        t: usize,
        out: &mut Vec<DMove>,
    ) {
        let (b, bt) = (p.board[c], p.board[t]);
        let ok = (r.to_ok[s][usize::from(bt)] && self.room_back(p, s, r, c, t))
            || (r.onto_stack && self.merges(b, bt))
            || self.carries(r, s, bt, t);
        if ok && (!r.limited || self.lands(r, s, t)) {
            out.push(DMove::new(ri, Some(c), t));
        }
    }

    /// Steps and leaps: the cells each piece reaches come from a table, one test each.
    fn gen_reach(&self, p: &DPos, s: usize, ri: u8, r: &Rule, out: &mut Vec<DMove>) {
        let own = self.movers(p, s, r);
        let (at, cells, ok) = (&r.reach_at[s], &r.reach[s], &r.to_ok[s]);
        // Room for every reached cell, filled without a branch per cell (whether a cell is free
        // is random in play, so a branch there is mispredicted often), then cut to the moves
        // kept.
        let start = out.len();
        out.resize(start + own.count() as usize * r.widest[s], DMove(0));
        let mut k = start;
        for c in own.iter() {
            let kind = self.kind_of[usize::from(p.board[c])];
            if r.pieces & (1 << kind) == 0 {
                continue;
            }
            let reached = &cells[at[c] as usize..at[c + 1] as usize];
            if r.onto_stack || !r.back[0].is_empty() || r.carry.is_some() {
                for &t in reached {
                    let t = usize::from(t);
                    out[k] = DMove::new(ri, Some(c), t);
                    let to_ok = (ok[usize::from(p.board[t])] && self.room_back(p, s, r, c, t))
                        || (r.onto_stack && self.merges(p.board[c], p.board[t]))
                        || self.carries(r, s, p.board[t], t);
                    k += usize::from(to_ok && (!r.limited || self.lands(r, s, t)));
                }
                continue;
            }
            for &t in reached {
                let t = usize::from(t);
                out[k] = DMove::new(ri, Some(c), t);
                let keep = ok[usize::from(p.board[t])] && (!r.limited || self.lands(r, s, t));
                k += usize::from(keep);
            }
        }
        out.truncate(k);
    }

    #[allow(clippy::too_many_arguments)]
    fn gen_slide(
        &self,
        p: &DPos,
        s: usize,
        ri: u8,
        r: &Rule,
        c: usize,
        min: u16,
        max: u16,
        out: &mut Vec<DMove>,
    ) {
        for &d in &r.dirs[s] {
            let mut t = c;
            let mut k = 0u16;
            loop {
                let nx = self.step(t, usize::from(d));
                if nx == NONE || k >= max {
                    break;
                }
                t = usize::from(nx);
                k += 1;
                let class = self.class(p.board[t], s);
                if k >= min {
                    self.target(p, s, ri, r, c, t, out);
                }
                // A piece of a `through` kind is passed over (it counts in the cells).
                if class != Class::Empty && !self.of_kinds(p.board[t], r.through) {
                    break;
                }
            }
        }
    }

    fn gen_place(&self, p: &DPos, s: usize, ri: u8, r: &Rule, out: &mut Vec<DMove>) {
        if self.supply(p, s, r.puts) == 0 {
            return;
        }
        let mut cells = self.all.andnot(p.occupied());
        if r.onto_stack {
            // Onto a stack of the kind put, of the placer's (or nobody's), not yet full.
            let b = self.byte(r.puts, s);
            let slot = usize::from(self.owner[usize::from(b)]);
            for c in p.occ[slot].iter() {
                if self.merges(b, p.board[c]) {
                    cells.set(c);
                }
            }
        }
        if let Some(i) = r.inside {
            cells &= self.regions[usize::from(i)][s];
        }
        if let Some(t) = r.next_to {
            let by = match t {
                Target::Friend => p.occ[s],
                Target::Enemy => self.enemies(p, s),
                _ => p.occupied(),
            };
            let mut near = Bits::EMPTY;
            for c in by.iter() {
                near |= self.near[c];
            }
            cells &= near;
        }
        for c in cells.iter() {
            if r.must_flip && !self.flips_any(p, s, c) {
                continue;
            }
            out.push(DMove::new(ri, None, c));
        }
    }

    fn gen_drop(&self, p: &DPos, s: usize, ri: u8, r: &Rule, out: &mut Vec<DMove>) {
        if self.supply(p, s, r.puts) == 0 {
            return;
        }
        let d = usize::from(r.dirs[s][0]);
        for &e in &r.entries[s] {
            let mut c = usize::from(e);
            if p.board[c] != 0 {
                continue;
            }
            loop {
                let nx = self.step(c, d);
                if nx == NONE || p.board[usize::from(nx)] != 0 {
                    break;
                }
                c = usize::from(nx);
            }
            if r.inside
                .is_none_or(|i| self.regions[usize::from(i)][s].test(c))
            {
                out.push(DMove::new(ri, None, c));
            }
        }
    }

    /// Whether placing on `c` turns over at least one line of enemies.
    pub fn flips_any(&self, p: &DPos, s: usize, c: usize) -> bool {
        (0..self.compass).any(|d| self.enclosed(p, s, c, d) > 0)
    }

    /// How many enemies in a row from `c` in direction `d` are closed by a piece of `s`.
    #[inline]
    pub fn enclosed(&self, p: &DPos, s: usize, c: usize, d: usize) -> u32 {
        let mut t = self.step(c, d);
        let mut run = 0;
        while t != NONE {
            match self.class(p.board[usize::from(t)], s) {
                Class::Enemy => run += 1,
                Class::Friend => return run,
                Class::Empty | Class::Neutral => return 0,
            }
            t = self.step(usize::from(t), d);
        }
        0
    }

    /// The cell a hop from `c` in direction `d` lands on, if the piece there may be hopped
    /// (not hopped already in this chain, not the moving piece's start) and the landing is free.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn hop(
        &self,
        p: &DPos,
        s: usize,
        r: &Rule,
        start: usize,
        c: usize,
        d: usize,
        hopped: Bits,
    ) -> Option<usize> {
        let t1 = self.step(c, d);
        if t1 == NONE {
            return None;
        }
        let t1 = usize::from(t1);
        let b1 = p.board[t1];
        if b1 == 0 || t1 == start || hopped.test(t1) || !fits(r.over, self.class(b1, s)) {
            return None;
        }
        let t2 = self.step(t1, d);
        if t2 == NONE {
            return None;
        }
        let t2 = usize::from(t2);
        (p.board[t2] == 0 || t2 == start).then_some(t2)
    }

    /// The region where a piece of kind `k` of side `s` promotes and ends its chain, if any.
    fn promotion_stop(&self, k: u8, s: usize) -> Option<Bits> {
        match self.kinds[usize::from(k)].promote {
            Some((_, region, true)) => Some(self.regions[usize::from(region)][s]),
            _ => None,
        }
    }

    /// Every chain of hops from `cell` (the piece left `start`; `at` is start, cell, hops so
    /// far, their packed directions, the pieces hopped and the last direction); a chain ends
    /// where no hop is left, at `max_hops`, or on a promotion cell that ends the move. A chain
    /// that captures nothing and comes back to `start` is no move (it would be a pass). At most
    /// `budget` steps of the search are taken for one piece (the chains found by then are its
    /// moves): a bound on time whatever the rules.
    #[allow(clippy::too_many_arguments)]
    fn chains(
        &self,
        p: &DPos,
        s: usize,
        ri: u8,
        r: &Rule,
        at: (usize, usize, u32, u64, Bits, u8),
        stop: Option<Bits>,
        budget: &mut u32,
        out: &mut Vec<DMove>,
    ) {
        let (start, cell, hops, dirs, hopped, last) = at;
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let mut extended = false;
        let stopped = hops > 0 && stop.is_some_and(|b| b.test(cell));
        if hops < u32::from(r.max_hops) && !stopped {
            for &d in &r.dirs[s] {
                if r.straight && last != NO_DIR && d != last {
                    continue;
                }
                if let Some(t) = self.hop(p, s, r, start, cell, usize::from(d), hopped) {
                    extended = true;
                    let t1 = usize::from(self.step(cell, usize::from(d)));
                    let dirs = dirs | u64::from(d) << (3 * hops);
                    let next = (start, t, hops + 1, dirs, hopped.with(t1), d);
                    self.chains(p, s, ri, r, next, stop, budget, out);
                }
            }
        }
        // A chain that takes nothing and ends where it began changes nothing: no move.
        let round = cell == start && !r.capture;
        // `stop = "any"`: the chain may end after any hop, not only where none is left.
        let ends = !extended || r.stop_any;
        if ends && hops > 0 && !round && self.lands(r, s, cell) && out.len() < MAX_CHAIN_MOVES {
            out.push(DMove::chain(ri, start, cell, hops, dirs));
        }
    }
}

/// Most steps of the search for one rule's chains of hops in one position (a draughts
/// position takes a few dozen).
pub const MAX_CHAIN_STEPS: u32 = 100_000;

/// Most chains of hops listed in one position (the moves of a position are built into
/// positions of a few hundred bytes each: this keeps one position's successors within tens of
/// megabytes).
pub const MAX_CHAIN_MOVES: usize = 100_000;

/// Most moves listed in one position for the later parts of its moves (`then`) and the pieces
/// of a carried stack: each first part gives at most `MAX_PART_MOVES` of the format, checked
/// at load, and all of them together at most this many (the moves found by then are the
/// moves; about 110 MB of successors at worst).
pub const MAX_PARTS_LISTED: usize = 250_000;

/// The axes of lines, as the first direction of each (a square board's or a board of points'
/// four; a hex board's three).
const AXES: [u8; 4] = [0, 1, 2, 3];

/// No direction yet (the first hop of a chain).
const NO_DIR: u8 = 0xFE;
