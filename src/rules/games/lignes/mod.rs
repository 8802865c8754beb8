//! Lignes' rules engine, following its rulebook (`games/lignes/rules.fr.md` and
//! `rules.en.md`), whose claims `ludopress check` plays against it.
//!
//! No board: pawns sit on an unbounded square grid and must form one group joined by sides.
//! Positions are kept translated so that their pawns start at (0, 0), with the real origin beside:
//! two positions that differ by a shift of the whole plane compare equal.

mod parse;
mod plane;

use crate::base::diag::Error;
use crate::definition::contract::{Contract, Param};
use crate::definition::model::Game;
use crate::rules::games::definition_error;
use crate::rules::rng::Rng;
use crate::rules::{Board, Cell, Field, RawPosition, Rules, Score};
use plane::{Plane, Push, Visit};
use std::cmp::Ordering;

/// Most pawns a side: the plane holds at most [`plane::MAX_PAWNS`] pawns, a row being one
/// 64-bit word. The definition's check of `pawns_per_side` reads it too.
pub const MAX_PER_SIDE: i64 = plane::MAX_PAWNS as i64 / 2;

/// Draws of the rejection sampler's first kind, before it lists the pairs of a placement and a
/// push.
const FIRST_ATTEMPTS: u64 = 4;

/// Draws from the list of pairs that find an empty slot, per slot of a push's takes (`1 + 4H`),
/// before the sampler draws from the whole list of turns. An empty slot costs a push and a
/// count of the pawns it could take, without the group test: such draws are cheap.
const ATTEMPTS: u64 = 16;

/// Side names.
pub const SIDES: [&str; 2] = ["light", "dark"];

/// A pawn: x, y, side.
pub type Pawn = (i32, i32, u8);

/// A position. Equality and order ignore `origin`.
#[derive(Debug, Clone)]
pub struct Pos {
    /// Rows from the bottom, two words each (light pawns, then dark): bit x is column x. The
    /// pawns are translated so that row 0 and column 0 hold pawns; the empty plane has no rows.
    rows: Vec<u64>,
    /// Real coordinates of the translated (0, 0).
    pub origin: (i32, i32),
    /// Side of the ply.
    pub to_move: u8,
    /// Pawns placed so far by each side, taken ones included.
    pub placed: [u8; 2],
    /// Opponent pawns taken by each side.
    pub taken: [u8; 2],
}

impl Pos {
    fn key(&self) -> (&[u64], u8, [u8; 2], [u8; 2]) {
        (self.rows.as_slice(), self.to_move, self.placed, self.taken)
    }

    /// Builds a position from pawns in real coordinates, which must span at most
    /// [`plane::MAX_PAWNS`] columns and rows (a group of that many pawns cannot span more).
    pub fn from_real(pawns: Vec<Pawn>, to_move: u8, placed: [u8; 2], taken: [u8; 2]) -> Pos {
        let minx = pawns.iter().map(|p| p.0).min().unwrap_or(0);
        let miny = pawns.iter().map(|p| p.1).min().unwrap_or(0);
        let h = pawns.iter().map(|p| p.1 - miny + 1).max().unwrap_or(0) as usize;
        let mut rows = vec![0u64; 2 * h];
        for (x, y, s) in pawns {
            rows[2 * (y - miny) as usize + usize::from(s)] |= 1 << (x - minx);
        }
        Pos {
            rows,
            origin: (minx, miny),
            to_move,
            placed,
            taken,
        }
    }

    /// Rows holding pawns.
    pub fn height(&self) -> usize {
        self.rows.len() / 2
    }

    /// Columns holding pawns.
    pub fn width(&self) -> usize {
        64 - self.rows.iter().fold(0, |a, r| a | r).leading_zeros() as usize
    }

    /// The pawns of side `s` in row `y`, a bit per column.
    pub fn row(&self, y: usize, s: u8) -> u64 {
        self.rows[2 * y + usize::from(s)]
    }

    /// The side of the pawn at (x, y), translated coordinates.
    pub fn at(&self, x: usize, y: usize) -> Option<u8> {
        (0..2).find(|&s| y < self.height() && x < 64 && self.row(y, s) >> x & 1 == 1)
    }

    /// Pawns of side `s`.
    pub fn count(&self, s: u8) -> u32 {
        (0..self.height())
            .map(|y| self.row(y, s).count_ones())
            .sum()
    }

    /// The pawns as (x, y, side), translated, sorted by (y, x).
    pub fn pawns(&self) -> impl Iterator<Item = Pawn> + '_ {
        (0..self.height()).flat_map(move |y| {
            let (l, d) = (self.row(y, 0), self.row(y, 1));
            let mut all = l | d;
            std::iter::from_fn(move || {
                (all != 0).then(|| {
                    let x = all.trailing_zeros();
                    all &= all - 1;
                    (x as i32, y as i32, u8::from(d >> x & 1 == 1))
                })
            })
        })
    }
}

impl PartialEq for Pos {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl Eq for Pos {}
impl PartialOrd for Pos {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Pos {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

/// A turn, in the working plane's coordinates: the placement (none when the side has placed all
/// its pawns), the push (none in the opening), and the take with its fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    /// The placement.
    pub place: Option<(i32, i32)>,
    /// The push.
    pub push: Option<Push>,
    /// The take: the hole, and the push that fills it.
    pub take: Option<((i32, i32), Push)>,
}

/// The engine, built from the game's definition.
#[derive(Debug, Clone)]
pub struct Lignes {
    per_side: u8,
    opening: u8,
}

impl Lignes {
    /// Builds the engine from the definition.
    pub fn new(game: &Game) -> Result<Lignes, Error> {
        let per_side = game.engine_param("pawns_per_side")?;
        let opening = game.engine_param("opening_pawns")?;
        // The definition's check reports this at its line; a `Game` built otherwise meets it here.
        if !(1..=MAX_PER_SIDE).contains(&per_side) {
            return Err(definition_error("lignes", format!("[rules] `pawns_per_side` = {per_side}: the engine plays with 1 to {MAX_PER_SIDE} pawns a side"
            )));
        }
        // The rulebook's diagrams draw these pieces on the mat's squares.
        game.engine_pieces(&["light-pawn", "dark-pawn"])?;
        if game.mats.is_empty() {
            return Err(definition_error("lignes", "no mat"));
        }
        Ok(Lignes {
            per_side: per_side as u8,
            opening: opening.clamp(0, 200) as u8,
        })
    }

    fn placed_all(&self, p: &Pos) -> bool {
        p.placed[0] >= self.per_side && p.placed[1] >= self.per_side
    }

    fn in_opening(&self, p: &Pos) -> bool {
        u32::from(p.placed[0]) + u32::from(p.placed[1]) < u32::from(self.opening)
    }

    /// Visits every turn of the side to move with the plane after it, until `f` returns true.
    fn turns<F: FnMut(&Plane, Turn) -> bool>(&self, p: &Pos, f: &mut F) {
        if self.placed_all(p) {
            return;
        }
        let mut plane = Plane::new(p);
        for place in self.places(p, &plane) {
            if self.turns_at(p, &mut plane, place, f) {
                return;
            }
        }
    }

    /// The placements of the side to move (`None` alone when it has placed all its pawns).
    fn places(&self, p: &Pos, plane: &Plane) -> Vec<Option<(i32, i32)>> {
        if p.placed[usize::from(p.to_move)] < self.per_side {
            plane.placements()
        } else {
            vec![None]
        }
    }

    /// Visits the turns that start with `place` on the plane of `p`, until `f` returns true
    /// (then returns true); the plane is left as it was.
    fn turns_at<F: FnMut(&Plane, Turn) -> bool>(
        &self,
        p: &Pos,
        plane: &mut Plane,
        place: Option<(i32, i32)>,
        f: &mut F,
    ) -> bool {
        let me = p.to_move;
        if let Some(at) = place {
            plane.set(at, me);
        }
        let turn = Turn {
            place,
            push: None,
            take: None,
        };
        let stop = if self.in_opening(p) {
            f(plane, turn)
        } else {
            plane.pushes(me, Visit::Legal, &mut |after, push| {
                let turn = Turn {
                    push: Some(push),
                    ..turn
                };
                f(after, turn)
                    || after.takes(me, &mut |filled, hole, fill| {
                        f(
                            filled,
                            Turn {
                                take: Some((hole, fill)),
                                ..turn
                            },
                        )
                    })
            })
        };
        if let Some(at) = place {
            plane.clear(at);
        }
        stop
    }

    /// The position after `turn` from `p`, read off the plane after it.
    fn after(p: &Pos, plane: &Plane, turn: Turn) -> Pos {
        let me = usize::from(p.to_move);
        let (mut placed, mut taken) = (p.placed, p.taken);
        placed[me] += u8::from(turn.place.is_some());
        taken[me] += u8::from(turn.take.is_some());
        plane.to_pos(p, 1 - p.to_move, placed, taken)
    }

    /// A turn in the notation of the spec, in real coordinates.
    fn notation(p: &Pos, turn: Turn) -> String {
        let cell = |(x, y): (i32, i32)| {
            format!(
                "{},{}",
                x - plane::MX + p.origin.0,
                y - plane::MY + p.origin.1
            )
        };
        let push = |q: Push| format!(">{}:{}", cell(q.lead), q.dir_name());
        let mut parts = Vec::new();
        if let Some(at) = turn.place {
            parts.push(format!("+{}", cell(at)));
        }
        if let Some(q) = turn.push {
            parts.push(push(q));
        }
        if let Some((hole, fill)) = turn.take {
            parts.push(format!("*{}", cell(hole)));
            parts.push(push(fill));
        }
        parts.join(" ")
    }

    /// A turn drawn evenly from the whole list, `None` when there is none.
    fn draw_from_list(&self, p: &Pos, rng: &mut Rng, buf: &mut Vec<Turn>) -> Option<Turn> {
        buf.clear();
        self.legal(p, buf);
        (!buf.is_empty()).then(|| buf[rng.below(buf.len() as u64) as usize])
    }

    fn has_turn(&self, p: &Pos) -> bool {
        let mut any = false;
        self.turns(p, &mut |_, _| {
            any = true;
            true
        });
        any
    }

    /// `Some(winner)` when the game is over: both sides placed everything, or the side to move
    /// cannot place and push (it loses).
    pub fn outcome(&self, p: &Pos) -> Option<String> {
        if self.placed_all(p) {
            return Some(match p.taken[0].cmp(&p.taken[1]) {
                Ordering::Greater => "light".into(),
                Ordering::Less => "dark".into(),
                Ordering::Equal => "draw".into(),
            });
        }
        if !self.in_opening(p) && !self.has_turn(p) {
            return Some(SIDES[1 - p.to_move as usize].into());
        }
        None
    }
}

/// The push of `pair` on `plane` (its placement made): `None` when it splits the group,
/// else a slot drawn among `takes` (slot 0 the push alone, slot k its k-th take), the turn
/// in it or `Some(None)` when it is empty.
fn try_turn(
    plane: &mut Plane,
    me: u8,
    pair: Turn,
    takes: u64,
    rng: &mut Rng,
) -> Option<Option<Turn>> {
    let push = pair.push?;
    // The slot is drawn first: a slot past the push's takes is empty, and most are, so the
    // cheap count of the pawns it could take (four fills each at most) spares the group test.
    let k = rng.below(takes);
    let mut out = None;
    plane.push_one(push, Visit::Candidates, &mut |after, _| {
        if k > 4 * u64::from(after.held(me)) {
            out = Some(None);
            return true;
        }
        if after.may_split && !after.connected() {
            return true;
        }
        out = Some((k == 0).then_some(pair));
        if k == 0 && !cfg!(debug_assertions) {
            return true;
        }
        let mut seen = 0;
        after.takes(me, &mut |_, hole, fill| {
            seen += 1;
            if seen == k {
                out = Some(Some(Turn {
                    take: Some((hole, fill)),
                    ..pair
                }));
            }
            // Debug builds count them all, to check the bound.
            !cfg!(debug_assertions) && seen >= k
        });
        debug_assert!(seen < takes, "{seen} takes >= {takes}");
        true
    });
    out
}

/// The game's name, as [`crate::rules::registry`] lists it.
pub const ID: &str = "lignes";

/// What the engine reads from its game's definition, checked when the definition is validated.
pub const CONTRACT: Contract = Contract {
    params: &[
        Param {
            name: "pawns_per_side",
            min: 1,
            max: MAX_PER_SIDE,
            why: " (the engine keeps each row of the plane in a 64-bit word)",
        },
        Param {
            name: "opening_pawns",
            min: 0,
            max: 2 * MAX_PER_SIDE,
            why: " (both sides' pawns)",
        },
    ],
    pieces: &["light-pawn", "dark-pawn"],
    mat: true,
    ..Contract::NONE
};

impl Rules for Lignes {
    type Pos = Pos;

    fn id(&self) -> &'static str {
        ID
    }

    fn keys(&self) -> &'static [&'static str] {
        &["to_move", "placed", "taken", "origin", "board"]
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<Pos> {
        parse::parse(self, raw)
    }

    fn score(&self, p: &Pos) -> Score {
        let winner = self.outcome(p);
        Score {
            over: winner.is_some(),
            winner,
            scores: vec![
                ("light".into(), i64::from(p.taken[0])),
                ("dark".into(), i64::from(p.taken[1])),
            ],
        }
    }

    fn fields(&self, p: &Pos) -> Vec<(&'static str, Field)> {
        let (w, h) = (p.width().max(1), p.height().max(1));
        let rows = (0..h)
            .rev()
            .map(|y| {
                (0..w)
                    .map(|x| {
                        let name = Some(format!(
                            "{},{}",
                            x as i32 + p.origin.0,
                            y as i32 + p.origin.1
                        ));
                        match p.at(x, y) {
                            Some(s) => {
                                let s = usize::from(s);
                                Cell::pieces(name, ["L", "D"][s], Some(SIDES[s]), "pawn", 1)
                            }
                            None => Cell::empty(name),
                        }
                    })
                    .collect()
            })
            .collect();
        let table = |v: [u8; 2]| {
            Field::Table(vec![
                ("light".into(), i64::from(v[0])),
                ("dark".into(), i64::from(v[1])),
            ])
        };
        vec![
            ("to_move", Field::Side(SIDES[p.to_move as usize])),
            ("placed", table(p.placed)),
            ("taken", table(p.taken)),
            (
                "origin",
                Field::Ints(vec![i64::from(p.origin.0), i64::from(p.origin.1)]),
            ),
            ("board", Field::Board(Board::new(rows))),
        ]
    }

    fn start(&self, _seed: u64) -> Pos {
        Pos::from_real(Vec::new(), 0, [0, 0], [0, 0])
    }

    fn invariants(&self, p: &Pos) -> Result<(), Error> {
        if !Plane::new(p).connected() {
            return Err(Error::Rules("the pawns are not one group".into()));
        }
        for (s, name) in SIDES.iter().enumerate() {
            let on = p.count(s as u8) as u8;
            if on + p.taken[1 - s] != p.placed[s] {
                return Err(Error::Rules(format!(
                    "{name}: {on} on the plane + {} taken != {} placed",
                    p.taken[1 - s],
                    p.placed[s]
                )));
            }
            if p.placed[s] > self.per_side {
                return Err(Error::Rules(format!(
                    "{name} placed more than {} pawns",
                    self.per_side
                )));
            }
        }
        if let Some(why) = parse::alternation(self.per_side, p.placed, p.to_move) {
            return Err(Error::Rules(why));
        }
        Ok(())
    }

    fn sides(&self) -> &'static [&'static str] {
        &SIDES
    }

    type Move = Turn;

    fn legal(&self, p: &Pos, out: &mut Vec<Turn>) {
        self.turns(p, &mut |_, turn| {
            out.push(turn);
            false
        });
    }

    /// A turn drawn by rejection from supersets the generator defines, each legal turn with
    /// the same chance per draw. First, a few draws of a placement among the `P` (evenly), a
    /// slot among `C` where `C` bounds the pushes that meet conditions a and b after any
    /// placement (a placement changes one row's and one column's runs, each giving at most two
    /// pushes: `C` is the count before it plus 4; a slot past this placement's pushes is drawn
    /// again). Then, from the list of every placement with each of those pushes, a pair drawn
    /// evenly; a pair whose push splits the group leaves the list, and an empty list means no
    /// turn. With each pair, a slot among `1 + 4H` where `H` bounds the holes a take may leave
    /// ([`Plane::take_holes_bound`], each filled at most four ways): slot 0 the push alone,
    /// slot k its k-th take if it has one and the group holds, another slot drawn again. A turn comes out with
    /// chance `1 / (P × C × (1 + 4H))` per draw of the first kind, `1 / (L × (1 + 4H))` per
    /// draw of the second from a list of `L` pairs; after [`ATTEMPTS`] × `(1 + 4H)` empty slots
    /// the whole list of turns
    /// is drawn from. In the opening a turn is a placement: the list is the placements.
    fn random_move(&self, p: &Pos, rng: &mut Rng, buf: &mut Vec<Turn>) -> Option<Turn> {
        if self.placed_all(p) || self.in_opening(p) {
            return self.draw_from_list(p, rng, buf);
        }
        let me = p.to_move;
        let mut plane = Plane::new(p);
        let places = self.places(p, &plane);
        let mut before = 0u64;
        plane.pushes(me, Visit::Count, &mut |_, _| {
            before += 1;
            false
        });
        let slots = if places[0].is_some() {
            before + 4
        } else {
            before
        };
        let takes = 1 + 4 * u64::from(plane.take_holes_bound(me));
        let pushes = |plane: &mut Plane, place: Option<(i32, i32)>, buf: &mut Vec<Turn>| {
            plane.pushes(me, Visit::Count, &mut |_, push| {
                buf.push(Turn {
                    place,
                    push: Some(push),
                    take: None,
                });
                false
            });
        };
        for _ in 0..FIRST_ATTEMPTS.min(slots) {
            let place = places[rng.below(places.len() as u64) as usize];
            if let Some(at) = place {
                plane.set(at, me);
            }
            buf.clear();
            pushes(&mut plane, place, buf);
            debug_assert!(buf.len() as u64 <= slots, "{} pushes > {slots}", buf.len());
            let slot = rng.below(slots) as usize;
            let drawn = buf
                .get(slot)
                .map(|&t| try_turn(&mut plane, me, t, takes, rng));
            if let Some(at) = place {
                plane.clear(at);
            }
            if let Some(Some(Some(t))) = drawn {
                return Some(t);
            }
        }
        buf.clear();
        for &place in &places {
            if let Some(at) = place {
                plane.set(at, me);
            }
            pushes(&mut plane, place, buf);
            if let Some(at) = place {
                plane.clear(at);
            }
        }
        let mut left = ATTEMPTS * takes;
        while !buf.is_empty() && left > 0 {
            let j = rng.below(buf.len() as u64) as usize;
            let pair = buf[j];
            if let Some(at) = pair.place {
                plane.set(at, me);
            }
            let drawn = try_turn(&mut plane, me, pair, takes, rng);
            if let Some(at) = pair.place {
                plane.clear(at);
            }
            match drawn {
                None => {
                    buf.swap_remove(j);
                }
                Some(Some(t)) => return Some(t),
                Some(None) => left -= 1,
            }
        }
        if buf.is_empty() {
            return None;
        }
        self.draw_from_list(p, rng, buf)
    }

    /// The turn's placement, then its push alone (the group is not tested again: the turn is
    /// legal), then its take among the push's.
    fn apply(&self, p: &Pos, m: Turn, _k: u32) -> Pos {
        let mut plane = Plane::new(p);
        if let Some(at) = m.place {
            plane.set(at, p.to_move);
        }
        let Some(push) = m.push else {
            return Self::after(p, &plane, m);
        };
        let mut q = None;
        plane.push_one(push, Visit::Candidates, &mut |after, _| {
            match m.take {
                None => q = Some(Self::after(p, after, m)),
                Some(take) => {
                    after.takes(p.to_move, &mut |filled, hole, fill| {
                        if (hole, fill) == take {
                            q = Some(Self::after(p, filled, m));
                        }
                        q.is_some()
                    });
                }
            }
            true
        });
        q.unwrap_or_else(|| p.clone())
    }

    fn notation(&self, p: &Pos, m: Turn) -> String {
        Self::notation(p, m)
    }

    fn seat(&self, p: &Pos) -> usize {
        usize::from(p.to_move)
    }
}
