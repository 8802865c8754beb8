//! A declared game's ply and its ends: a move applied (captures, flips, custodial captures,
//! promotion, counters, the turn and the phase), then the `[[end]]` conditions in file order.
//!
//! In: a [`Program`], a position and a legal move. Out: the next position with its status.
//! Ends are checked where a ply can make them true: a line through the cell that changed, a
//! chain of the mover's pieces, bit-set tests for regions and counts. "No move" needs the next
//! side's moves, so it is found when asked ([`Program::result`]), except where a later end holds
//! at the same ply and file order must pick between them.

use super::bits::Bits;
use super::compile::{
    outcome, Act, Class, EncloseRule, End, Group, Part, Program, Rule, MAX_SEEN, NONE, UNLIMITED,
};
use super::pos::{DMove, DPos, DRAW, GOING};
use crate::definition::model::rules::{Outcome, ADJACENT};

/// What a ply did, for the counters, the turn and the status that close it.
struct Done {
    /// The key of the position left (for `repetition`).
    before: u64,
    /// A capture, a piece put, or a move of a `by` kind.
    progress: bool,
    /// The cell the ply changed last (`None`: a pass).
    changed: Option<usize>,
    /// The same side plays again (a roll or a capture that says so).
    again: bool,
}

impl Program {
    /// The position after the legal move `m` (and, with dice, the first roll: outcome 0).
    pub fn apply(&self, p: &DPos, m: DMove) -> DPos {
        self.apply_k(p, m, 0)
    }

    /// The position after the legal move `m` and the roll of outcome `k` for the next ply
    /// (below [`super::compile::Dice::outcomes`]; 0 without dice).
    pub fn apply_k(&self, p: &DPos, m: DMove, k: u32) -> DPos {
        let mut q = p.clone();
        self.apply_in(&mut q, m, k);
        q
    }

    /// Plays the legal move `m` on `q` in place, then rolls outcome `k` for the next ply (a
    /// playout's plies: no copy, nothing dropped).
    pub fn apply_in(&self, q: &mut DPos, m: DMove, k: u32) {
        let s = usize::from(q.to_move);
        // The other sides' pieces before the ply: those it takes are what it leaves of them.
        let again_capture = self.dice.as_ref().is_some_and(|d| d.again_capture);
        let enemies_before = match again_capture || self.use_taken {
            true => self.enemies(q, s).count(),
            false => 0,
        };
        // A move that lands on an enemy takes it or sends it back (`send_back`): an attack.
        let attack =
            again_capture && !m.is_pass() && self.class(q.board[m.to()], s) == Class::Enemy;
        // The key of the position left, for `repetition`.
        let before = if self.use_seen { q.key(self.n) } else { 0 };
        let mut progress = false;
        let mut changed = None;
        if !m.is_pass() {
            progress = self.act(q, m, s);
            let mut at = m.to();
            let r = &self.rules[m.rule()];
            // (A hop's bits there are its hops.)
            if !r.parts.is_empty() {
                for i in 0..m.parts() {
                    at = self.play_part(q, &r.parts[i], at, m.part(i), s);
                    progress |= r.parts[i].act == super::compile::PartAct::Remove;
                }
            } else if let Some(c) = r.carry {
                for i in 0..m.parts() {
                    self.add_carried(q, c, m.part(i));
                }
            }
            changed = Some(at);
        }
        if let Some(g) = &self.group {
            if !m.is_pass() && self.capture_groups(q, s, g) {
                progress = true;
            }
        }
        if self.use_taken {
            let lost = enemies_before.saturating_sub(self.enemies(q, s).count());
            q.taken[s] = q.taken[s].saturating_add(lost as u16);
        }
        // With dice, a roll that plays again, or a capture that does, keeps the side.
        let again = match &self.dice {
            Some(d) if !m.is_pass() => {
                d.again >> q.roll & 1 == 1
                    || (d.again_capture && (attack || self.enemies(q, s).count() < enemies_before))
            }
            _ => false,
        };
        let done = Done {
            before,
            progress,
            changed,
            again,
        };
        self.close_ply(q, s, m, done);
        if let Some(d) = &self.dice {
            q.roll = if q.status == GOING { d.roll(k) } else { 0 };
        }
    }

    /// Plays a later part of a move standing on `at`: puts its kind on `t`, or moves the piece
    /// on `at` to `t`; returns where the move then stands.
    #[inline]
    pub(super) fn play_part(
        &self,
        q: &mut DPos,
        part: &Part,
        at: usize,
        t: usize,
        s: usize,
    ) -> usize {
        if part.act == super::compile::PartAct::Remove {
            let b = q.board[t];
            q.take(t, self.owner[usize::from(b)]);
            return at;
        }
        match part.put {
            Some(k) => {
                let b = self.byte(k, s);
                q.put(t, b, self.owner[usize::from(b)]);
                at
            }
            None => {
                let b = q.board[at];
                q.take(at, s as u8);
                q.put(t, b, s as u8);
                t
            }
        }
    }

    /// The first action of the move `m` of side `s` and what it does at once (captures, flips,
    /// custodial captures, promotion); whether it is progress.
    #[inline]
    pub(super) fn act(&self, q: &mut DPos, m: DMove, s: usize) -> bool {
        let mut progress = false;
        {
            let r = &self.rules[m.rule()];
            let to = m.to();
            let moved = match r.act {
                Act::Place | Act::Drop => {
                    let mut placed = self.byte(r.puts, s);
                    if q.board[to] != 0 {
                        // Onto a stack (`onto = "stack"`): one higher. A stack's bytes follow
                        // one another by height.
                        placed = q.board[to] + 1;
                        q.take(to, self.owner[usize::from(placed)]);
                    }
                    q.put(to, placed, self.owner[usize::from(placed)]);
                    if self.explicit_hand && q.hand[s] != UNLIMITED {
                        q.hand[s] = q.hand[s].saturating_sub(1);
                    }
                    progress = true;
                    placed
                }
                Act::Step
                | Act::Slide { .. }
                | Act::Leap
                | Act::Hop
                | Act::Pivot
                | Act::Anywhere => {
                    let from = m.from().unwrap_or(to);
                    let mut moved = q.board[from];
                    q.take(from, s as u8);
                    if r.onto_stack && self.merges(moved, q.board[to]) {
                        // Piled onto its own stack: the heights add up.
                        moved += self.height_of[usize::from(q.board[to])];
                        q.take(to, s as u8);
                    }
                    if r.act == Act::Hop {
                        let mut c = from;
                        for i in 0..m.hops() {
                            let d = m.hop_dir(i);
                            let t1 = usize::from(self.step(c, d));
                            if r.capture {
                                let b = q.board[t1];
                                q.take(t1, self.owner[usize::from(b)]);
                                progress = true;
                            }
                            c = usize::from(self.step(t1, d));
                        }
                    } else if q.board[to] != 0 {
                        let b = q.board[to];
                        let o = self.owner[usize::from(b)];
                        q.take(to, o);
                        progress = true;
                        // Sent back rather than taken (`send_back`): the cell was checked free
                        // when the move was listed.
                        if let Some(back) = self.sent_to(q, r, usize::from(o), to) {
                            q.put(back, b, o);
                        }
                    }
                    q.put(to, moved, s as u8);
                    if self.progress_kinds & (1 << self.kind_of[usize::from(moved)]) != 0 {
                        progress = true;
                    }
                    moved
                }
            };
            if r.flip {
                for d in 0..self.compass {
                    let run = self.enclosed(q, s, to, d);
                    let mut t = to;
                    for _ in 0..run {
                        t = usize::from(self.step(t, d));
                        let b = q.board[t];
                        let o = self.owner[usize::from(b)];
                        q.take(t, o);
                        q.put(t, self.byte(self.kind_of[usize::from(b)], s), s as u8);
                    }
                }
            }
            if let Some((hostile, dirs)) = &r.custodial {
                for &d in &dirs[s] {
                    if d == ADJACENT {
                        continue;
                    }
                    let t1 = self.step(to, usize::from(d));
                    if t1 == NONE || self.class(q.board[usize::from(t1)], s) != Class::Enemy {
                        continue;
                    }
                    if !self.of_kinds(q.board[usize::from(t1)], r.cust_taken) {
                        continue;
                    }
                    let t2 = self.step(usize::from(t1), usize::from(d));
                    if t2 == NONE {
                        continue;
                    }
                    let b2 = q.board[usize::from(t2)];
                    let closes = (self.class(b2, s) == Class::Friend
                        && self.of_kinds(b2, r.cust_by))
                        || hostile.is_some_and(|h| {
                            q.board[usize::from(t2)] == 0
                                && self.regions[usize::from(h)][s].test(usize::from(t2))
                        });
                    if closes {
                        let b = q.board[usize::from(t1)];
                        q.take(usize::from(t1), self.owner[usize::from(b)]);
                        progress = true;
                    }
                }
            }
            if let Some(e) = &r.enclose {
                progress |= self.enclose(q, s, to, e);
            }
            if let Some((k, region, _)) =
                self.kinds[usize::from(self.kind_of[usize::from(moved)])].promote
            {
                if self.regions[usize::from(region)][s].test(to) {
                    q.board[to] = self.byte(k, s);
                }
            }
        }
        progress
    }

    /// The counters, the turn, the phase and the status after the ply `m` of side `s` (what
    /// it did: `done`).
    fn close_ply(&self, q: &mut DPos, s: usize, m: DMove, done: Done) {
        let Done {
            before,
            progress,
            changed,
            again,
        } = done;
        if self.use_ply {
            q.ply = q.ply.saturating_add(1);
        }
        if self.use_seen {
            if progress {
                q.seen.clear();
            } else {
                if q.seen.len() >= MAX_SEEN {
                    q.seen.remove(0);
                }
                q.seen.push(before);
            }
        }
        if self.use_quiet {
            q.quiet = if progress {
                0
            } else {
                q.quiet.saturating_add(1)
            };
        }
        q.left = q.left.saturating_sub(1);
        if again {
            q.left = self.actions;
        } else if q.left == 0 || m.is_pass() {
            q.to_move = ((s + 1) % self.ns) as u8;
            q.left = self.actions;
        }
        self.settle_phase(q);
        // A flip can make a line anywhere: then the whole board is looked at for the mover.
        let whole = !m.is_pass() && self.rules[m.rule()].flip;
        q.status = self.status_after(q, s, changed, whole);
    }

    /// Moves on to the next phase while the current one's end holds.
    pub fn settle_phase(&self, p: &mut DPos) {
        while usize::from(p.phase) + 1 < self.phases.len() {
            let done = match self.phases[usize::from(p.phase)].1 {
                Some(at) => p.ply >= at,
                None => p.hand[..self.ns].iter().all(|&h| h == 0),
            };
            if !done {
                break;
            }
            p.phase += 1;
        }
    }

    /// The status after a ply by `mover` that changed `cell` (`None`: a pass).
    fn status_after(&self, q: &DPos, mover: usize, cell: Option<usize>, whole: bool) -> u8 {
        self.first_end(q, |p, e, only| match e {
            _ if matches!(e, End::Line { .. } | End::Connect(_)) && only >> mover & 1 == 0 => None,
            End::Line { n, exact, axes } if whole => p.occ[mover]
                .iter()
                .any(|c| self.line_through(p, mover, c, *n, *exact, axes))
                .then_some(mover),
            End::Line { n, exact, axes } => cell
                .filter(|&c| p.occ[mover].test(c))
                .is_some_and(|c| self.line_through(p, mover, c, *n, *exact, axes))
                .then_some(mover),
            End::Connect(pairs) => {
                let (a, b) = pairs[mover];
                self.connects(p, mover, a, b).then_some(mover)
            }
            e => self.board_end(p, mover, e, only),
        })
    }

    /// The status a whole board shows (a position read from a file), the last mover being the
    /// side before the side to move.
    pub fn status_of_board(&self, p: &DPos) -> u8 {
        let mover = self.last_mover(p);
        self.first_end(p, |p, e, only| match e {
            End::Line { n, exact, axes } => self.sides_from(mover, only).find(|&s| {
                p.occ[s]
                    .iter()
                    .any(|c| self.line_through(p, s, c, *n, *exact, axes))
            }),
            End::Connect(pairs) => self.sides_from(mover, only).find(|&s| {
                let (a, b) = pairs[s];
                self.connects(p, s, a, b)
            }),
            e => self.board_end(p, mover, e, only),
        })
    }

    /// The side that made the last ply: the side to move in the middle of its turn, else the
    /// side before it.
    pub fn last_mover(&self, p: &DPos) -> usize {
        let s = usize::from(p.to_move);
        if p.left < self.actions {
            s
        } else {
            (s + self.ns - 1) % self.ns
        }
    }

    /// A side other than the last mover with a piece on its `reach` region: the game ended
    /// when that piece arrived, so no one would be to move now (only the mover's pieces move
    /// or arrive in a ply).
    pub fn arrived_before(&self, p: &DPos) -> Option<(usize, usize)> {
        let mover = self.last_mover(p);
        self.ends.iter().find_map(|e| match e.end {
            End::Reach(r) if e.in_force(p) => (0..self.ns)
                .filter(|&s| s != mover && e.sides >> s & 1 == 1)
                .find_map(|s| {
                    (p.occ[s] & self.regions[usize::from(r)][s])
                        .lowest()
                        .map(|c| (s, c))
                }),
            _ => None,
        })
    }

    /// The sides of the mask `only` in turn order from `s`.
    fn sides_from(&self, s: usize, only: u8) -> impl Iterator<Item = usize> + '_ {
        (0..self.ns)
            .map(move |k| (s + k) % self.ns)
            .filter(move |&x| only >> x & 1 == 1)
    }

    /// The first end in file order that holds (`holds` gives its subject), "no move" included
    /// when it comes first; [`GOING`] when none does.
    fn first_end(&self, p: &DPos, holds: impl Fn(&DPos, &End, u8) -> Option<usize>) -> u8 {
        let mut no_moves_first = None;
        for e in &self.ends {
            if !e.in_force(p) {
                continue;
            }
            if let End::NoMoves = e.end {
                no_moves_first.get_or_insert(e.outcome);
                continue;
            }
            if let Some(subject) = holds(p, &e.end, e.sides) {
                if let Some(nm) = no_moves_first {
                    if !self.can_move(p) {
                        return outcome(self, p, nm, usize::from(p.to_move));
                    }
                }
                return outcome(self, p, e.outcome, subject);
            }
        }
        GOING
    }

    /// The subject of an end that reads the board and counters only, among the sides of the
    /// mask `only`.
    fn board_end(&self, p: &DPos, mover: usize, e: &End, only: u8) -> Option<usize> {
        match e {
            End::Reach(r) => self
                .sides_from(mover, only)
                .find(|&s| p.occ[s].meets(self.regions[usize::from(*r)][s])),
            End::NoPieces => self.sides_from(mover, only).find(|&s| {
                p.occ[s].is_empty()
                    && (0..self.kinds.len() as u8).all(|k| self.supply(p, s, k) == 0)
            }),
            End::Captured(k) => self
                .sides_from(mover, only)
                .filter(|&s| self.has[usize::from(*k)] >> s & 1 == 1)
                .find(|&s| self.on_board(p, *k, s) == 0),
            End::Pieces { n, kind } => self
                .sides_from(mover, only)
                .filter(|&s| kind.is_none_or(|k| self.has[usize::from(k)] >> s & 1 == 1))
                .find(|&s| match kind {
                    None => self.pieces_of(p, s) <= u32::from(*n),
                    Some(k) => self.on_board(p, *k, s) <= usize::from(*n),
                }),
            End::Plies(n) => (p.ply >= *n).then_some(mover),
            End::NoProgress(n) => (p.quiet >= *n).then_some(mover),
            End::Repetition(n) => {
                let key = p.key(self.n);
                let times = 1 + p.seen.iter().filter(|&&k| k == key).count();
                (times >= usize::from(*n)).then_some(mover)
            }
            End::Score(n) => self
                .sides_from(mover, only)
                .find(|&s| self.score_of(p, s) >= u32::from(*n)),
            End::Empty { region, kind } => (self.regions[usize::from(*region)][0] & p.occupied())
                .iter()
                .all(|c| kind.is_some_and(|k| self.kind_of[usize::from(p.board[c])] != k))
                .then_some(mover),
            End::NoMoves | End::Line { .. } | End::Connect(_) => None,
        }
    }

    /// Whether the side to move has a move.
    pub fn can_move(&self, p: &DPos) -> bool {
        let mut q = p.clone();
        q.status = GOING;
        let mut buf = Vec::new();
        self.gen(&q, &mut buf);
        !buf.is_empty()
    }

    /// The result of a position: its status, or the "no move" end's when the side to move has
    /// none (a game without such an end never leaves a side stuck: validation requires one).
    pub fn result(&self, p: &DPos) -> u8 {
        if p.status != GOING {
            return p.status;
        }
        if self.can_move(p) {
            return GOING;
        }
        let o = self
            .ends
            .iter()
            .find_map(|e| (matches!(e.end, End::NoMoves) && e.in_force(p)).then_some(e.outcome))
            .unwrap_or(Outcome::Draw);
        outcome(self, p, o, usize::from(p.to_move))
    }

    /// Where a piece of side `o` landed on at `at` goes back to under rule `r`'s `send_back`
    /// (its column's first empty cell from its side's region, `at` itself being taken by the
    /// mover), in `q` with the mover already gone from its cell; `None` without `send_back`
    /// or when the column is full.
    pub(super) fn sent_to(&self, q: &DPos, r: &Rule, o: usize, at: usize) -> Option<usize> {
        let path = r.back.get(o)?.get(at)?;
        path.iter()
            .map(|&c| usize::from(c))
            .find(|&c| c != at && q.board[c] == 0)
    }

    /// Whether board byte `b` is a piece of one of the kinds of `mask`.
    #[inline]
    pub(super) fn of_kinds(&self, b: u8, mask: u16) -> bool {
        mask >> self.kind_of[usize::from(b)] & 1 == 1
    }

    /// Takes each enemy piece of `e.taken` next to `to` that stands closed on every side by
    /// side `s`'s pieces (of `e.by`), empty cells of `e.hostile`, or the edge when it closes;
    /// whether any was taken.
    fn enclose(&self, q: &mut DPos, s: usize, to: usize, e: &EncloseRule) -> bool {
        let mut any = false;
        for &c in &self.adj[to] {
            let c = usize::from(c);
            let b = q.board[c];
            if self.class(b, s) != Class::Enemy || !self.of_kinds(b, e.taken) {
                continue;
            }
            if self.adj[c].len() < self.full_sides && !e.edge_closes {
                continue;
            }
            let closed = self.adj[c].iter().all(|&n| {
                let n = usize::from(n);
                let bn = q.board[n];
                (self.class(bn, s) == Class::Friend && self.of_kinds(bn, e.by))
                    || (bn == 0
                        && e.hostile
                            .is_some_and(|h| self.regions[usize::from(h)][s].test(n)))
            });
            if closed {
                q.take(c, self.owner[usize::from(b)]);
                any = true;
            }
        }
        any
    }

    /// Captures the groups of the sides other than `mover` that stand closed after its ply,
    /// again until none is left (a group turned over can close another); whether any was.
    pub(super) fn capture_groups(&self, q: &mut DPos, mover: usize, g: &Group) -> bool {
        let mut any = false;
        loop {
            let mut changed = false;
            for o in (0..self.ns).filter(|&o| o != mover) {
                let mut seen = Bits::EMPTY;
                for c in q.occ[o].iter() {
                    if seen.test(c) {
                        continue;
                    }
                    let (group, closed) = self.group_of(q, c, o, mover, g);
                    seen |= group;
                    if closed {
                        for c in group.iter() {
                            let k = self.kind_of[usize::from(q.board[c])];
                            q.take(c, o as u8);
                            if g.turn {
                                q.put(c, self.byte(k, mover), mover as u8);
                            }
                        }
                        changed = true;
                    }
                }
            }
            if !changed {
                return any;
            }
            any = true;
        }
    }

    /// The group of side `o`'s piece on `start` (its pieces joined to it across sides), and
    /// whether it stands closed: every cell next to it holds a piece of `by` (of any side, for
    /// `no-liberties`), and its border sides close for `by`.
    pub(super) fn group_of(
        &self,
        q: &DPos,
        start: usize,
        o: usize,
        by: usize,
        g: &Group,
    ) -> (Bits, bool) {
        let closers = if g.liberties { q.occupied() } else { q.occ[by] };
        let mut group = Bits::EMPTY.with(start);
        let mut frontier = group;
        let mut closed = true;
        while !frontier.is_empty() {
            let mut grown = Bits::EMPTY;
            for c in frontier.iter() {
                closed &= g.edge[c] >> by & 1 == 1;
                grown |= self.near[c];
            }
            let own = grown & q.occ[o];
            if !grown.andnot(own).andnot(closers).is_empty() {
                closed = false;
            }
            frontier = own.andnot(group);
            group |= frontier;
        }
        (group, closed)
    }

    /// Whether side `s` has a line of `n` (exactly `n` with `exact`) through `c`.
    pub(super) fn line_through(
        &self,
        p: &DPos,
        s: usize,
        c: usize,
        n: u16,
        exact: bool,
        axes: &[u8],
    ) -> bool {
        let half = self.compass / 2;
        axes.iter().any(|&d| {
            let d = usize::from(d);
            let run = 1 + self.run(p, s, c, d) + self.run(p, s, c, d + half);
            if exact {
                run == n
            } else {
                run >= n
            }
        })
    }

    /// Pieces of `s` in a row from `c` (not counted) in direction `d`.
    #[inline]
    fn run(&self, p: &DPos, s: usize, c: usize, d: usize) -> u16 {
        let mut k = 0;
        let mut t = self.step(c, d);
        while t != NONE && p.occ[s].test(usize::from(t)) {
            k += 1;
            t = self.step(usize::from(t), d);
        }
        k
    }

    /// Whether pieces of `s`, each next to the one before, join regions `a` and `b`.
    pub(super) fn connects(&self, p: &DPos, s: usize, a: u8, b: u8) -> bool {
        let own = p.occ[s];
        let goal = own & self.regions[usize::from(b)][s];
        if goal.is_empty() {
            return false;
        }
        let mut reached = own & self.regions[usize::from(a)][s];
        let mut frontier = reached;
        while !frontier.is_empty() {
            if reached.meets(goal) {
                return true;
            }
            let mut grown = Bits::EMPTY;
            for c in frontier.iter() {
                grown |= self.near[c];
            }
            frontier = (grown & own).andnot(reached);
            reached |= frontier;
        }
        reached.meets(goal)
    }

    /// The winner's name, `draw`, or `None` while the game goes on.
    pub fn winner(&self, status: u8) -> Option<String> {
        match status {
            GOING => None,
            DRAW => Some("draw".into()),
            w => Some(self.sides[usize::from(w - 1)].to_string()),
        }
    }
}
