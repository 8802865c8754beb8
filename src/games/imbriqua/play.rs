//! Move generation: every ply of every phase, with its notation on demand.

use super::cards::{Action, Actor, Lines};
use super::position::{Phase, Pos};
use super::Imbriqua;

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
    /// One successor, with the kind and cells of the ply that leads to it.
    fn emit(&mut self, kind: Kind, path: &[u8], q: Pos);
}

/// Collects positions only (perft, playouts).
pub(super) struct Positions<'a> {
    pub out: &'a mut Vec<Pos>,
}

impl Sink for Positions<'_> {
    fn emit(&mut self, _: Kind, _: &[u8], q: Pos) {
        self.out.push(q);
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

/// Generates every successor of `p` into `sink` (repeats possible).
pub(super) fn generate<S: Sink>(e: &Imbriqua, p: &Pos, sink: &mut S) {
    let empty = e.full & !(p.light | p.dark);
    match p.phase {
        Phase::Over => {}
        Phase::Opening => {
            for c in cells(empty) {
                let mut q = *p;
                let own = p.side(p.to_move) | bit(c);
                q.set(p.to_move, own, p.side(1 - p.to_move));
                q.opening_left -= 1;
                q.to_move = 1 - p.to_move;
                if q.opening_left == 0 {
                    q.phase = Phase::Place;
                }
                sink.emit(Kind::Place, &[c], q);
            }
        }
        Phase::Place => {
            let inner = empty & !e.edge;
            let choices = if inner != 0 { inner } else { empty };
            let mut base = *p;
            base.card = base.deck.pop();
            base.phase = Phase::Action;
            if choices == 0 {
                base.last_placed = None;
                sink.emit(Kind::Place, &[], base);
            }
            for c in cells(choices) {
                let mut q = base;
                q.set(p.to_move, p.side(p.to_move) | bit(c), p.side(1 - p.to_move));
                q.last_placed = Some(c);
                sink.emit(Kind::Place, &[c], q);
            }
        }
        Phase::Action => {
            let mut g = Gen {
                e,
                p,
                sink,
                any: false,
                path: Vec::with_capacity(16),
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
        let p = self.p;
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
                    self.path.clear();
                    self.path.push(s);
                    self.jumps(dirs(l), s, own & !bit(s), opp);
                }
            }
            Action::FarJump(l) => {
                for s in cells(actors) {
                    self.path.clear();
                    self.path.push(s);
                    self.far(dirs(l), s, own & !bit(s), opp);
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

    /// Jump captures from `cur`, each step optional after the first.
    fn jumps(&mut self, ds: &[usize], cur: u8, rest: u64, opp: u64) {
        for &d in ds {
            let nb = &self.e.nb;
            let Some(a) = nb[cur as usize][d] else {
                continue;
            };
            let Some(b) = nb[a as usize][d] else { continue };
            if opp >> a & 1 == 0 || (rest | opp) >> b & 1 == 1 {
                continue;
            }
            let opp2 = opp & !bit(a);
            self.path.push(b);
            self.emit(Kind::Capture, rest | bit(b), opp2);
            self.jumps(ds, b, rest, opp2);
            self.path.pop();
        }
    }

    /// Far captures from `cur`, each step optional after the first.
    fn far(&mut self, ds: &[usize], cur: u8, rest: u64, opp: u64) {
        for &d in ds {
            let nb = &self.e.nb;
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
                self.path.push(y);
                self.emit(Kind::Capture, rest | bit(y), opp2);
                self.far(ds, y, rest, opp2);
                self.path.pop();
                l = self.e.nb[y as usize][d];
            }
        }
    }
}
