//! Move generation: every ply of every phase, with its notation on demand.

use super::cards::{Action, Actor, Lines};
use super::position::{Phase, Pos};
use super::Imbriqua;
use std::collections::btree_map::{BTreeMap, Entry};

/// The kind of a ply, for its notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A placement (`d4`), or none on a full board (`pass`).
    Place,
    /// A step or a slide (`d4-d7`).
    Move,
    /// Captures: start then landing cells (`d4xd6xf6`).
    Capture,
    /// Two placements (`a1+h8`), or one.
    PlaceTwo,
    /// The penalty: the pawn removed (`-d4`), or none (`-`).
    Penalty,
}

/// Receives generated successors.
pub(super) trait Sink {
    /// Whether the sink reads the plies' cells (a sink of positions only saves naming them).
    const NAMED: bool = true;

    /// One successor, with the kind and cells of the ply that leads to it.
    fn emit(&mut self, kind: Kind, path: &[u8], q: Pos);

    /// How many more successors the sink takes (generation stops early past it).
    fn room(&self) -> usize {
        usize::MAX
    }

    /// Told that more successors than [`Sink::room`] exist, when generation stops early.
    fn overflow(&mut self) {}
}

/// Counts successors up to a limit, stopping the generation past it.
pub(super) struct Bounded {
    count: usize,
    limit: usize,
}

impl Bounded {
    pub fn new(limit: usize) -> Bounded {
        Bounded { count: 0, limit }
    }

    /// True when the position has more successors (repeats counted) than the limit.
    pub fn over(&self) -> bool {
        self.count > self.limit
    }
}

impl Sink for Bounded {
    const NAMED: bool = false;

    fn emit(&mut self, _: Kind, _: &[u8], _: Pos) {
        self.count += 1;
    }

    fn room(&self) -> usize {
        self.limit.saturating_sub(self.count)
    }

    fn overflow(&mut self) {
        self.count = self.limit + 1;
    }
}

/// Collects moves: the boards the plies leave (`Rules::legal`).
pub(super) struct Boards<'a> {
    pub out: &'a mut Vec<super::Board>,
}

impl Sink for Boards<'_> {
    const NAMED: bool = false;

    fn emit(&mut self, _: Kind, _: &[u8], q: Pos) {
        self.out.push(super::Board {
            light: q.light,
            dark: q.dark,
        });
    }
}

/// Collects positions with their notation.
pub(super) struct Named<'a> {
    pub engine: &'a Imbriqua,
    pub out: Vec<(String, Pos)>,
}

impl Sink for Named<'_> {
    fn emit(&mut self, kind: Kind, path: &[u8], q: Pos) {
        let n = |c: &u8| self.engine.cell_name(*c);
        let names: Vec<String> = path.iter().map(n).collect();
        let mv = match (kind, names.len()) {
            (Kind::Place, 0) => "pass".to_string(),
            (Kind::Penalty, 0) => "-".to_string(),
            (Kind::Penalty, _) => format!("-{}", names[0]),
            (Kind::Move, _) => names.join("-"),
            (Kind::Capture, _) => names.join("x"),
            (Kind::PlaceTwo, _) => names.join("+"),
            (Kind::Place, _) => names[0].clone(),
        };
        self.out.push((mv, q));
    }
}

fn bit(c: u8) -> u64 {
    1u64 << c
}

fn cells(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// The position after an action that leaves the mover with `own` and the opponent with `opp`:
/// the card put away, the turn passed, the talon turned over when it is spent.
pub(super) fn after_action(p: &Pos, own: u64, opp: u64) -> Pos {
    let mut q = *p;
    q.set(p.to_move, own, opp);
    if let Some(c) = p.card {
        q.discard.push(c);
    }
    q.card = None;
    q.last_placed = None;
    q.to_move = 1 - p.to_move;
    q.phase = Phase::Place;
    if q.deck.len == 0 {
        q.talons_done += 1;
        if q.talons_done >= 4 {
            q.phase = Phase::Over;
        } else {
            q.deck = q.discard;
            q.discard = Default::default();
        }
    }
    q
}

/// Where the pawn before a card may go: an empty inner cell, or an empty edge cell when the
/// inner ones are full.
pub(super) fn place_choices(e: &Imbriqua, p: &Pos) -> u64 {
    let empty = e.full & !(p.light | p.dark);
    let inner = empty & !e.edge;
    if inner != 0 {
        inner
    } else {
        empty
    }
}

/// The empty cells, where an opening placement goes.
pub(super) fn opening_cells(e: &Imbriqua, p: &Pos) -> u64 {
    e.full & !(p.light | p.dark)
}

/// The position after an opening placement on `c`.
pub(super) fn after_opening(p: &Pos, c: u8) -> Pos {
    let mut q = *p;
    q.set(p.to_move, p.side(p.to_move) | bit(c), p.side(1 - p.to_move));
    q.opening_left -= 1;
    q.to_move = 1 - p.to_move;
    if q.opening_left == 0 {
        q.phase = Phase::Place;
    }
    q
}

/// The position after the placement before a card, on `c` (none on a full board): the
/// talon's top card revealed.
pub(super) fn after_place(p: &Pos, c: Option<u8>) -> Pos {
    let mut q = *p;
    q.card = q.deck.pop();
    q.phase = Phase::Action;
    q.last_placed = c;
    if let Some(c) = c {
        q.set(p.to_move, p.side(p.to_move) | bit(c), p.side(1 - p.to_move));
    }
    q
}

/// Generates every successor of `p` into `sink` (repeats possible).
pub(super) fn generate<S: Sink>(e: &Imbriqua, p: &Pos, sink: &mut S) {
    generate_along(e, p, None, sink);
}

/// Generates the successors of `p`, and where `want` is given only the capture chains that
/// follow it (its prefixes included): a chain is checked along its path, whatever the number
/// of chains the board allows.
pub(super) fn generate_along<S: Sink>(e: &Imbriqua, p: &Pos, want: Option<&[u8]>, sink: &mut S) {
    match p.phase {
        Phase::Over => {}
        Phase::Opening => {
            for c in cells(opening_cells(e, p)) {
                sink.emit(Kind::Place, &[c], after_opening(p, c));
            }
        }
        Phase::Place => {
            let choices = place_choices(e, p);
            if choices == 0 {
                sink.emit(Kind::Place, &[], after_place(p, None));
            }
            for c in cells(choices) {
                sink.emit(Kind::Place, &[c], after_place(p, Some(c)));
            }
        }
        Phase::Action => {
            let mut g = Gen {
                e,
                p,
                sink,
                any: false,
                path: Vec::with_capacity(16),
                want,
            };
            g.action();
        }
    }
}

struct Gen<'a, S: Sink> {
    e: &'a Imbriqua,
    p: &'a Pos,
    sink: &'a mut S,
    any: bool,
    path: Vec<u8>,
    want: Option<&'a [u8]>,
}

fn dirs(l: Lines) -> &'static [usize] {
    match l {
        Lines::Orth => &[0, 1, 2, 3],
        Lines::Diag => &[4, 5, 6, 7],
    }
}

impl<S: Sink> Gen<'_, S> {
    /// Emits the position after the action, with the card put away and the turn passed.
    fn emit(&mut self, kind: Kind, own: u64, opp: u64) {
        self.any = true;
        let q = after_action(self.p, own, opp);
        self.sink.emit(kind, &self.path, q);
    }

    fn action(&mut self) {
        let (e, p) = (self.e, self.p);
        let Some(card) = p.card else { return };
        let action = e.actions[card as usize];
        let own = p.side(p.to_move);
        let opp = p.side(1 - p.to_move);
        let actors = match action.actor() {
            Actor::Any => own,
            Actor::Placed => p.last_placed.map_or(0, bit),
            Actor::None => 0,
        };
        match action {
            Action::Step(l) | Action::Slide(l) => {
                let slide = matches!(action, Action::Slide(_));
                for s in cells(actors) {
                    let rest = own & !bit(s);
                    for &d in dirs(l) {
                        let mut t = e.nb[s as usize][d];
                        while let Some(c) = t {
                            if (rest | opp) >> c & 1 == 1 {
                                break;
                            }
                            self.path.clear();
                            self.path.extend([s, c]);
                            self.emit(Kind::Move, rest | bit(c), opp);
                            if !slide {
                                break;
                            }
                            t = e.nb[c as usize][d];
                        }
                    }
                }
            }
            Action::Jump(l) => {
                for s in cells(actors) {
                    self.chains(false, dirs(l), s, own & !bit(s), opp);
                }
            }
            Action::FarJump(l) => {
                for s in cells(actors) {
                    self.chains(true, dirs(l), s, own & !bit(s), opp);
                }
            }
            Action::DoubleJump(l) => {
                for s in cells(actors) {
                    let rest = own & !bit(s);
                    for &d in dirs(l) {
                        let nb = &e.nb;
                        let Some(a) = nb[s as usize][d] else { continue };
                        let Some(b) = nb[a as usize][d] else { continue };
                        let Some(c) = nb[b as usize][d] else { continue };
                        if opp >> a & 1 == 1 && opp >> b & 1 == 1 && (rest | opp) >> c & 1 == 0 {
                            self.path.clear();
                            self.path.extend([s, c]);
                            self.emit(Kind::Capture, rest | bit(c), opp & !bit(a) & !bit(b));
                        }
                    }
                }
            }
            Action::PlaceTwo => {
                let empty = e.full & !(own | opp);
                if empty.count_ones() == 1 {
                    self.path.clear();
                    self.path.push(empty.trailing_zeros() as u8);
                    self.emit(Kind::PlaceTwo, own | empty, opp);
                }
                for a in cells(empty) {
                    for b in cells(empty & !(u64::MAX >> (63 - a))) {
                        self.path.clear();
                        self.path.extend([a, b]);
                        self.emit(Kind::PlaceTwo, own | bit(a) | bit(b), opp);
                    }
                }
            }
        }
        if !self.any {
            // The penalty: the opponent removes any one of the mover's pawns.
            if own == 0 {
                self.path.clear();
                self.emit(Kind::Penalty, own, opp);
            }
            for c in cells(own) {
                self.path.clear();
                self.path.push(c);
                self.emit(Kind::Penalty, own & !bit(c), opp);
            }
        }
    }

    /// Capture chains of the pawn on `s` (`far`: captures at a distance): every position after
    /// one or more steps, each step optional after the first, named by the smallest notation of
    /// the chains that reach it.
    ///
    /// A state (the pawn's cell, the opponent pawns left) is explored once, layer by layer (each
    /// step takes one pawn): a crowded board has far more chains than outcomes (a checkerboard
    /// of 30 pawns gives billions of chains), and the work follows the outcomes.
    fn chains(&mut self, far: bool, ds: &[usize], s: u8, rest: u64, opp: u64) {
        if let Some(want) = self.want {
            if want.first() != Some(&s) {
                return;
            }
        }
        if !S::NAMED {
            let mut layer = vec![(s, opp)];
            while !layer.is_empty() {
                let mut next = Vec::new();
                for &(cur, o) in &layer {
                    next.extend(self.steps(far, ds, cur, rest, o));
                    if next.len() / 8 > self.sink.room() {
                        // Far past the room even with repeats: no need to go on.
                        self.sink.overflow();
                        return;
                    }
                }
                next.sort_unstable();
                next.dedup();
                if next.len() > self.sink.room() {
                    self.sink.overflow();
                    return;
                }
                for &(y, o2) in &next {
                    self.emit(Kind::Capture, rest | bit(y), o2);
                }
                layer = next;
            }
            return;
        }
        let mut layer: Vec<(u8, u64, Vec<u8>)> = vec![(s, opp, vec![s])];
        while !layer.is_empty() {
            let mut next: BTreeMap<(u8, u64), Vec<u8>> = BTreeMap::new();
            for (cur, o, path) in &layer {
                for (y, o2) in self.steps(far, ds, *cur, rest, *o) {
                    let mut longer = path.clone();
                    longer.push(y);
                    if self.want.is_some_and(|w| !w.starts_with(&longer)) {
                        continue;
                    }
                    match next.entry((y, o2)) {
                        Entry::Vacant(v) => {
                            v.insert(longer);
                        }
                        Entry::Occupied(mut known) => {
                            if self.notation(&longer) < self.notation(known.get()) {
                                known.insert(longer);
                            }
                        }
                    }
                }
            }
            for ((y, o2), path) in &next {
                self.path.clone_from(path);
                self.emit(Kind::Capture, rest | bit(*y), *o2);
            }
            layer = next.into_iter().map(|((y, o2), p)| (y, o2, p)).collect();
        }
    }

    /// The notation of a chain, to choose between two chains that reach the same position.
    fn notation(&self, path: &[u8]) -> String {
        path.iter()
            .map(|&c| self.e.cell_name(c))
            .collect::<Vec<_>>()
            .join("x")
    }

    /// The single capture steps from `cur`: the landing cell and the opponent pawns left.
    fn steps(&self, far: bool, ds: &[usize], cur: u8, rest: u64, opp: u64) -> Vec<(u8, u64)> {
        let nb = &self.e.nb;
        let mut out = Vec::new();
        for &d in ds {
            if !far {
                let Some(a) = nb[cur as usize][d] else {
                    continue;
                };
                let Some(b) = nb[a as usize][d] else { continue };
                if opp >> a & 1 == 1 && (rest | opp) >> b & 1 == 0 {
                    out.push((b, opp & !bit(a)));
                }
                continue;
            }
            let mut t = nb[cur as usize][d];
            while let Some(x) = t {
                if (rest | opp) >> x & 1 == 1 {
                    break;
                }
                t = nb[x as usize][d];
            }
            let Some(x) = t else { continue };
            if opp >> x & 1 == 0 {
                continue;
            }
            let opp2 = opp & !bit(x);
            let mut l = nb[x as usize][d];
            while let Some(y) = l {
                if (rest | opp2) >> y & 1 == 1 {
                    break;
                }
                out.push((y, opp2));
                l = nb[y as usize][d];
            }
        }
        out
    }
}
