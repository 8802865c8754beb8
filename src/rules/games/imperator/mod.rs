//! Imperator's rules engine, following its rulebook (`games/imperator/rules.fr.md` and
//! `rules.en.md`), whose claims `ludopress check` plays against it.
//!
//! The hexagon of triangles, its neighbours, the rings of triangles around each corner (for
//! pivots) and the border marks all come from the board of `games/imperator/game.toml`, through
//! [`TriangleGrid`].

mod parse;

use crate::base::diag::Error;
use crate::definition::contract::{Contract, GridKind, Param};
use crate::definition::model::{Game, Grid};
use crate::geometry::{BorderMark, TriangleGrid};
use crate::rules::games::definition_error;
use crate::rules::{Board, Cell, Field, RawPosition, Rules, Score};

/// Red (holes act as red) and white (plain sides act as white).
pub const SIDES: [&str; 2] = ["red", "white"];
/// Red.
pub const RED: u8 = 0;
/// White.
pub const WHITE: u8 = 1;
/// Pawns per side.
pub const PAWNS: u8 = 10;

/// A position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Pawns of each side, one bit per cell (cells in file order, top row first).
    pub pawns: [u64; 2],
    /// Pawns not yet placed, per side.
    pub in_hand: [u8; 2],
    /// Side of the ply.
    pub to_move: u8,
}

impl Pos {
    fn occ(&self) -> u64 {
        self.pawns[0] | self.pawns[1]
    }
    /// True while pawns remain to be placed.
    pub fn placing(&self) -> bool {
        self.in_hand[0] + self.in_hand[1] > 0
    }
}

/// What lies across one side of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Across {
    Cell(usize),
    Border(u8),
}

/// The engine, built from the game's definition.
#[derive(Debug, Clone)]
pub struct Imperator {
    grid: TriangleGrid,
    sides: Vec<[Across; 3]>,
    pivots: Vec<Vec<Vec<usize>>>,
    /// Pawns at or under which a side moves freely.
    free_at: u32,
    /// Pawns at or under which the game ends.
    end_at: u32,
}

fn bit(c: usize) -> u64 {
    1u64 << c
}

fn cells(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

impl Imperator {
    /// Builds the engine from the definition.
    pub fn new(game: &Game) -> Result<Imperator, Error> {
        let board = game.engine_board(64)?.clone();
        let Grid::Triangles(grid) = board.grid.clone() else {
            return Err(definition_error(
                "imperator",
                "the board must be a `triangles` grid",
            ));
        };
        let sides = (0..grid.len())
            .map(|c| {
                [0, 1, 2].map(|s| match grid.across[c][s] {
                    Some(o) => Across::Cell(o),
                    None => {
                        let mark = grid
                            .border
                            .iter()
                            .find(|b| b.cell == c && b.side == s)
                            .map_or(BorderMark::Plain, |b| b.mark);
                        Across::Border(if mark == BorderMark::Hole { RED } else { WHITE })
                    }
                })
            })
            .collect();
        let pivots = (0..grid.len()).map(|c| grid.pivot_paths(c)).collect();
        game.pieces
            .first()
            .ok_or_else(|| definition_error("imperator", "no pawn piece"))?;
        Ok(Imperator {
            grid,
            sides,
            pivots,
            free_at: game.engine_param("free_move_at")? as u32,
            end_at: game.engine_param("end_at")? as u32,
        })
    }

    fn blocked(&self, p: &Pos, c: usize, side: u8) -> bool {
        let opp = p.pawns[1 - side as usize];
        self.sides[c]
            .iter()
            .filter(|s| matches!(s, Across::Cell(o) if opp >> o & 1 == 1))
            .count()
            >= 2
    }

    /// The group of the pawn on `start` (its colour's pawns joined to it through sides), and
    /// whether `by` encircles it: every side of its cells meets the group, a pawn of `by`, or a
    /// border side whose mark acts as `by`.
    fn group(&self, q: &Pos, start: usize, by: u8) -> (u64, bool) {
        let o = 1 - by as usize;
        let mut group = bit(start);
        let mut stack = vec![start];
        let mut closed = true;
        while let Some(c) = stack.pop() {
            for s in self.sides[c] {
                match s {
                    Across::Cell(n) if q.pawns[o] >> n & 1 == 1 => {
                        if group >> n & 1 == 0 {
                            group |= bit(n);
                            stack.push(n);
                        }
                    }
                    Across::Cell(n) if q.pawns[by as usize] >> n & 1 == 1 => {}
                    Across::Cell(_) => closed = false,
                    Across::Border(m) if m == by => {}
                    Across::Border(_) => closed = false,
                }
            }
        }
        (group, closed)
    }

    /// The groups of `1 - by` that stand encircled by `by`, one set of cells each.
    fn encircled(&self, q: &Pos, by: u8) -> Vec<u64> {
        let mut seen = 0u64;
        let mut out = Vec::new();
        for start in cells(q.pawns[1 - by as usize]) {
            if seen >> start & 1 == 0 {
                let (group, closed) = self.group(q, start, by);
                seen |= group;
                if closed {
                    out.push(group);
                }
            }
        }
        out
    }

    /// Turns over every opponent group encircled by `p` (the side that just played), repeatedly.
    fn encircle(&self, q: &mut Pos, mover: u8) {
        let o = 1 - mover as usize;
        loop {
            let mut seen = 0u64;
            let mut flipped = false;
            for start in cells(q.pawns[o]) {
                if seen >> start & 1 == 1 {
                    continue;
                }
                let (group, closed) = self.group(q, start, mover);
                seen |= group;
                if closed {
                    q.pawns[o] &= !group;
                    q.pawns[mover as usize] |= group;
                    flipped = true;
                }
            }
            if !flipped {
                break;
            }
        }
    }

    fn after(&self, p: &Pos, mut q: Pos) -> Pos {
        self.encircle(&mut q, p.to_move);
        q.to_move = 1 - p.to_move;
        q
    }

    fn pivot_targets(&self, p: &Pos, from: usize) -> u64 {
        let occ = p.occ();
        let mut t = 0u64;
        for path in &self.pivots[from] {
            for &c in path {
                if occ >> c & 1 == 1 {
                    break;
                }
                t |= bit(c);
            }
        }
        t
    }

    fn full(&self) -> u64 {
        if self.grid.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.grid.len()) - 1
        }
    }

    /// True in the move phase when a side is down to the end count or the side to move cannot move.
    pub fn is_over(&self, p: &Pos) -> bool {
        self.down_to_end(p)
            || (!p.placing()
                && cells(p.pawns[p.to_move as usize]).all(|from| self.targets(p, from) == 0))
    }

    /// True in the move phase when a side is down to the end count.
    fn down_to_end(&self, p: &Pos) -> bool {
        !p.placing() && p.pawns.iter().any(|b| b.count_ones() <= self.end_at)
    }

    /// Where the side to move's pawn on `from` may go in the move phase: nowhere when blocked, any
    /// empty cell for a side moving freely, its pivot targets otherwise.
    fn targets(&self, p: &Pos, from: usize) -> u64 {
        if self.blocked(p, from, p.to_move) {
            0
        } else if p.pawns[p.to_move as usize].count_ones() <= self.free_at {
            self.full() & !p.occ()
        } else {
            self.pivot_targets(p, from)
        }
    }
}

/// The game's name, as [`crate::rules::registry`] lists it.
pub const ID: &str = "imperator";

/// What the engine reads from its game's definition, checked when the definition is validated.
pub const CONTRACT: Contract = Contract {
    params: &[
        Param {
            name: "free_move_at",
            min: 0,
            max: 20,
            why: " (pawns of a side)",
        },
        Param {
            name: "end_at",
            min: 0,
            max: 20,
            why: " (pawns of a side)",
        },
    ],
    board: Some((GridKind::Triangles, 64)),
    any_piece: true,
    ..Contract::NONE
};

impl Rules for Imperator {
    type Pos = Pos;

    fn id(&self) -> &'static str {
        ID
    }

    fn keys(&self) -> &'static [&'static str] {
        &["to_move", "in_hand", "board"]
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<Pos> {
        parse::parse(self, raw)
    }

    fn score(&self, p: &Pos) -> Score {
        let (r, w) = (
            i64::from(p.pawns[0].count_ones()),
            i64::from(p.pawns[1].count_ones()),
        );
        let over = self.is_over(p);
        let winner = over.then(|| match r.cmp(&w) {
            std::cmp::Ordering::Greater => "red",
            std::cmp::Ordering::Less => "white",
            std::cmp::Ordering::Equal => "draw",
        });
        Score {
            over,
            winner: winner.map(str::to_string),
            scores: vec![("red".into(), r), ("white".into(), w)],
        }
    }

    fn fields(&self, p: &Pos) -> Vec<(&'static str, Field)> {
        let mut rows: Vec<Vec<Cell>> = vec![Vec::new(); self.grid.rows()];
        for c in 0..self.grid.len() {
            let name = Some(self.grid.name(c));
            let cell = if p.pawns[0] >> c & 1 == 1 {
                Cell::pieces(name, "R", Some(SIDES[0]), "pawn", 1)
            } else if p.pawns[1] >> c & 1 == 1 {
                Cell::pieces(name, "W", Some(SIDES[1]), "pawn", 1)
            } else {
                Cell::empty(name)
            };
            rows[self.grid.cells[c].0].push(cell);
        }
        vec![
            ("to_move", Field::Side(SIDES[p.to_move as usize])),
            (
                "in_hand",
                Field::Table(vec![
                    ("red".into(), i64::from(p.in_hand[0])),
                    ("white".into(), i64::from(p.in_hand[1])),
                ]),
            ),
            ("board", Field::Board(Board::new(rows))),
        ]
    }

    fn start(&self, _seed: u64) -> Pos {
        Pos {
            pawns: [0, 0],
            in_hand: [PAWNS, PAWNS],
            to_move: RED,
        }
    }

    fn invariants(&self, p: &Pos) -> Result<(), Error> {
        if p.pawns[0] & p.pawns[1] != 0 {
            return Err(Error::Rules("a cell holds two pawns".into()));
        }
        if p.occ() & !self.full() != 0 {
            return Err(Error::Rules("a pawn is off the board".into()));
        }
        let total = p.occ().count_ones() + u32::from(p.in_hand[0]) + u32::from(p.in_hand[1]);
        if total != 2 * u32::from(PAWNS) {
            return Err(Error::Rules(format!(
                "{total} pawns in all instead of {}",
                2 * PAWNS
            )));
        }
        // After a ply, no group of the side to move is left encircled by the side that just
        // played: they were all turned.
        if !self.encircled(p, 1 - p.to_move).is_empty() {
            return Err(Error::Rules("an encircled group was left unturned".into()));
        }
        Ok(())
    }

    fn sides(&self) -> &'static [&'static str] {
        &SIDES
    }

    type Move = Ply;

    fn legal(&self, p: &Pos, out: &mut Vec<Ply>) {
        // The other end, no move for the side to move, needs no test: it simply lists nothing.
        if self.down_to_end(p) {
            return;
        }
        let me = p.to_move as usize;
        if p.placing() {
            if p.in_hand[me] > 0 {
                let empty = self.full() & !p.occ();
                out.extend(cells(empty).map(|c| Ply {
                    from: NONE,
                    to: c as u8,
                }));
            }
            return;
        }
        for from in cells(p.pawns[me]) {
            for to in cells(self.targets(p, from)) {
                out.push(Ply {
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    fn apply(&self, p: &Pos, m: Ply, _k: u32) -> Pos {
        let me = p.to_move as usize;
        let mut q = *p;
        if m.from == NONE {
            q.in_hand[me] -= 1;
        } else {
            q.pawns[me] &= !bit(m.from as usize);
        }
        q.pawns[me] |= bit(m.to as usize);
        self.after(p, q)
    }

    fn notation(&self, _p: &Pos, m: Ply) -> String {
        if m.from == NONE {
            self.grid.name(m.to as usize)
        } else {
            format!(
                "{}-{}",
                self.grid.name(m.from as usize),
                self.grid.name(m.to as usize)
            )
        }
    }

    fn seat(&self, p: &Pos) -> usize {
        p.to_move as usize
    }
}

/// A ply: a placement (`from` is [`NONE`]) or a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ply {
    /// The cell left, or [`NONE`].
    pub from: u8,
    /// The cell reached.
    pub to: u8,
}

/// No cell: the `from` of a placement.
pub const NONE: u8 = u8::MAX;
