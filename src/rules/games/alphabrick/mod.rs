//! Alpha-BRIK's rules engine, following its rulebook (`games/alphabrick/rules.fr.md` and
//! `rules.en.md`), whose claims `ludopress check` plays against it.
//!
//! The board's size, its camps, central rows and start circles come from the board of
//! `games/alphabrick/game.toml` (regions `camp-south`, `camp-north`, `central`; ring marks).

mod parse;

use crate::base::diag::Error;
use crate::definition::contract::{Contract, GridKind, Param};
use crate::definition::model::{Game, Grid, MarkShape};
use crate::geometry::SquareGrid;
use crate::rules::games::definition_error;
use crate::rules::{Board, Cell, Field, RawPosition, Rules, Score};

/// Sides: south moves up from rank 1, north down from the last rank.
pub const SIDES: [&str; 2] = ["south", "north"];
/// Variants (end rules).
pub const VARIANTS: [&str; 3] = ["classic", "junior", "challenge"];
/// Most cells a board may have.
pub const MAX_CELLS: usize = 128;

/// A cell: empty, a pawn, or a stack of bricks.
pub const EMPTY: u8 = 0;
/// South pawn.
pub const SOUTH: u8 = 1;
/// North pawn.
pub const NORTH: u8 = 2;
/// A stack of `n` bricks is `BRICK + n - 1` (n = 1..3).
pub const BRICK: u8 = 3;

/// A position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Cells, `a1` = 0, rank by rank.
    pub cells: [u8; MAX_CELLS],
    /// The side that rolled.
    pub to_move: u8,
    /// The roll to play (`None` when over).
    pub die: Option<u8>,
    /// 0 classic, 1 junior, 2 challenge.
    pub variant: u8,
}

/// Bricks on a cell.
pub fn bricks(v: u8) -> u8 {
    if v >= BRICK {
        v - BRICK + 1
    } else {
        0
    }
}

/// The engine, built from the game's definition.
#[derive(Debug, Clone)]
pub struct AlphaBrick {
    grid: SquareGrid,
    camps: [Vec<usize>; 2],
    central: Vec<usize>,
    starts: [Vec<usize>; 2],
    total: u32,
}

/// A ply as the move list, playouts and players name it: the pawn's move and where the bricks it
/// took went (cells of the mover's camp, in order; [`NO_CELL`] past the last), or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Step {
    /// The pawn's cell, [`NO_CELL`] for a pass.
    pub from: u8,
    /// Where it lands.
    pub to: u8,
    /// Where the bricks it took were put.
    pub bricks: [u8; 3],
}

/// No cell.
pub const NO_CELL: u8 = u8::MAX;

impl Step {
    /// A pass.
    pub const PASS: Step = Step {
        from: NO_CELL,
        to: NO_CELL,
        bricks: [NO_CELL; 3],
    };
}

impl AlphaBrick {
    /// Builds the engine from the definition.
    pub fn new(game: &Game) -> Result<AlphaBrick, Error> {
        let board = game.engine_board(MAX_CELLS)?.clone();
        let Grid::Square(grid) = board.grid.clone() else {
            return Err(definition_error(
                "alphabrick",
                "the board must be a square grid",
            ));
        };
        let camps = [board.region("camp-south"), board.region("camp-north")];
        let central = board.region("central");
        if camps.iter().any(Vec::is_empty) || central.is_empty() {
            return Err(definition_error(
                "alphabrick",
                "the board needs regions camp-south, camp-north and central",
            ));
        }
        let rings: Vec<usize> = board
            .marks
            .iter()
            .filter(|m| m.shape == MarkShape::Ring)
            .flat_map(|m| m.cells.iter().copied())
            .collect();
        let starts = [
            rings
                .iter()
                .copied()
                .filter(|c| camps[0].contains(c))
                .collect(),
            rings
                .iter()
                .copied()
                .filter(|c| camps[1].contains(c))
                .collect(),
        ];
        // The rulebook's diagrams draw these pieces: the definition must have them.
        game.engine_pieces(&["south-pawn", "north-pawn", "brick"])?;
        let total = game.engine_param("bricks")? as u32;
        Ok(AlphaBrick {
            grid,
            camps,
            central,
            starts,
            total,
        })
    }

    fn camp_bricks(&self, p: &Pos, side: usize) -> u32 {
        self.camps[side]
            .iter()
            .map(|&c| u32::from(bricks(p.cells[c])))
            .sum()
    }

    /// The winner if the position is over under its variant.
    fn outcome(&self, p: &Pos) -> Option<Option<String>> {
        let (s, n) = (self.camp_bricks(p, 0), self.camp_bricks(p, 1));
        match p.variant {
            0 if s == self.total => Some(Some("south".into())),
            0 if n == self.total => Some(Some("north".into())),
            1 if self.central.iter().all(|&c| bricks(p.cells[c]) == 0) => Some(Some(
                match s.cmp(&n) {
                    std::cmp::Ordering::Greater => "south",
                    std::cmp::Ordering::Less => "north",
                    std::cmp::Ordering::Equal => "draw",
                }
                .into(),
            )),
            _ => None,
        }
    }

    /// Where the attacked pawn of `side` goes back to in `file`: the first cell with neither pawn
    /// nor brick, from its own camp towards the other.
    fn back_home(&self, cells: &[u8; MAX_CELLS], side: usize, file: usize) -> Option<usize> {
        let rows = self.grid.rows;
        let ranks: Vec<usize> = if side == 0 {
            (0..rows).collect()
        } else {
            (0..rows).rev().collect()
        };
        ranks
            .into_iter()
            .map(|r| r * self.grid.cols + file)
            .find(|&c| cells[c] == EMPTY)
    }

    /// Every way to place `n` bricks in `side`'s camp, one at a time, each on a free camp cell with
    /// the fewest bricks (below three).
    fn place_bricks(
        &self,
        cells: [u8; MAX_CELLS],
        side: usize,
        n: u8,
        placed: &mut Vec<usize>,
        out: &mut Vec<([u8; MAX_CELLS], Vec<usize>)>,
    ) {
        if n == 0 {
            out.push((cells, placed.clone()));
            return;
        }
        let free: Vec<usize> = self.camps[side]
            .iter()
            .copied()
            .filter(|&c| cells[c] == EMPTY || (cells[c] >= BRICK && bricks(cells[c]) < 3))
            .collect();
        let Some(least) = free.iter().map(|&c| bricks(cells[c])).min() else {
            return;
        };
        for c in free.into_iter().filter(|&c| bricks(cells[c]) == least) {
            let mut next = cells;
            next[c] = BRICK + least;
            placed.push(c);
            self.place_bricks(next, side, n - 1, placed, out);
            placed.pop();
        }
    }

    /// Every result of the roll to play: the step, the cells after it, and whether the same side
    /// rolls again.
    fn results(&self, p: &Pos, emit: &mut dyn FnMut(Step, [u8; MAX_CELLS], bool)) {
        let Some(die) = p.die else { return };
        let me = p.to_move as usize;
        let mine = me as u8 + 1;
        let theirs = 2 - me as u8;
        if die == 6 {
            return;
        }
        let (cols, rows) = (self.grid.cols as i32, self.grid.rows as i32);
        for from in 0..self.grid.len() {
            if p.cells[from] != mine {
                continue;
            }
            let (f, r) = self.grid.file_rank(from);
            for (df, dr) in [
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1),
            ] {
                let (tf, tr) = (
                    f as i32 + df * i32::from(die),
                    r as i32 + dr * i32::from(die),
                );
                if tf < 0 || tr < 0 || tf >= cols || tr >= rows {
                    continue;
                }
                // Never over a brick.
                if (1..i32::from(die)).any(|k| {
                    p.cells[((r as i32 + dr * k) * cols + f as i32 + df * k) as usize] >= BRICK
                }) {
                    continue;
                }
                let to = (tr * cols + tf) as usize;
                let step = Step {
                    from: from as u8,
                    to: to as u8,
                    bricks: [NO_CELL; 3],
                };
                let mut cells = p.cells;
                cells[from] = EMPTY;
                let target = p.cells[to];
                if target == EMPTY {
                    cells[to] = mine;
                    emit(step, cells, die == 1);
                } else if target == mine {
                    continue;
                } else if target == theirs {
                    cells[to] = mine;
                    let Some(home) = self.back_home(&cells, 1 - me, tf as usize) else {
                        continue;
                    };
                    cells[home] = theirs;
                    emit(step, cells, true);
                } else {
                    // A stack of bricks: taken from a central row or the opponent's camp only.
                    if self.camps[me].contains(&to)
                        || !(self.central.contains(&to) || self.camps[1 - me].contains(&to))
                    {
                        continue;
                    }
                    cells[to] = mine;
                    let mut placements = Vec::new();
                    self.place_bricks(cells, me, bricks(target), &mut Vec::new(), &mut placements);
                    for (cells, at) in placements {
                        let mut step = step;
                        for (i, c) in at.iter().enumerate() {
                            step.bricks[i] = *c as u8;
                        }
                        emit(step, cells, die == 1);
                    }
                }
            }
        }
    }

    /// A step's notation: `c1-c3`, `c1xc3` for a pawn sent home, `c1-c3 [a1,b1]` for bricks
    /// taken, `pass`.
    fn step_name(&self, p: &Pos, s: Step) -> String {
        if s.from == NO_CELL {
            return "pass".into();
        }
        let name = |c: u8| self.grid.name(c as usize);
        let theirs = 2 - p.to_move;
        if p.cells[s.to as usize] == theirs {
            return format!("{}x{}", name(s.from), name(s.to));
        }
        let mut n = format!("{}-{}", name(s.from), name(s.to));
        if s.bricks[0] != NO_CELL {
            let list: Vec<String> = s
                .bricks
                .iter()
                .filter(|&&c| c != NO_CELL)
                .map(|&c| name(c))
                .collect();
            n.push_str(&format!(" [{}]", list.join(",")));
        }
        n
    }

    /// The position after a result: the next side to roll, and roll `die` unless it is over.
    fn settle(&self, p: &Pos, cells: [u8; MAX_CELLS], again: bool, die: u8) -> Pos {
        let me = p.to_move;
        let mut q = Pos {
            cells,
            to_move: if again { me } else { 1 - me },
            die: None,
            ..*p
        };
        if self.outcome(&q).is_none() {
            q.die = Some(die);
        }
        q
    }
}

/// The game's name, as [`crate::rules::registry`] lists it.
pub const ID: &str = "alphabrick";

/// What the engine reads from its game's definition, checked when the definition is validated.
pub const CONTRACT: Contract = Contract {
    params: &[Param {
        name: "bricks",
        min: 1,
        max: 54,
        why: " (two camps of 9 cells hold 3 bricks a cell)",
    }],
    board: Some((GridKind::Square, MAX_CELLS)),
    roles: &["camp-south", "camp-north", "central"],
    pieces: &["south-pawn", "north-pawn", "brick"],
    counts: &[("bricks", "central")],
    ..Contract::NONE
};

impl Rules for AlphaBrick {
    type Pos = Pos;

    fn id(&self) -> &'static str {
        ID
    }

    fn keys(&self) -> &'static [&'static str] {
        &["to_move", "die", "variant", "board"]
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<Pos> {
        parse::parse(self, raw)
    }

    fn score(&self, p: &Pos) -> Score {
        let bonus = |n: u32| {
            if p.variant == 2 && n == self.total {
                n + 7
            } else {
                n
            }
        };
        let (s, n) = (self.camp_bricks(p, 0), self.camp_bricks(p, 1));
        let end = self.outcome(p);
        Score {
            over: end.is_some(),
            winner: end.flatten(),
            scores: vec![
                ("south".into(), i64::from(bonus(s))),
                ("north".into(), i64::from(bonus(n))),
            ],
        }
    }

    fn fields(&self, p: &Pos) -> Vec<(&'static str, Field)> {
        let rows = (0..self.grid.rows)
            .rev()
            .map(|r| {
                (0..self.grid.cols)
                    .map(|f| {
                        let c = r * self.grid.cols + f;
                        let name = Some(self.grid.name(c));
                        match p.cells[c] {
                            EMPTY => Cell::empty(name),
                            SOUTH => Cell::pieces(name, "S", Some(SIDES[0]), "pawn", 1),
                            NORTH => Cell::pieces(name, "N", Some(SIDES[1]), "pawn", 1),
                            v => {
                                let n = bricks(v);
                                Cell::pieces(name, n.to_string(), None, "brick", usize::from(n))
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        let mut f = vec![("to_move", Field::Side(SIDES[p.to_move as usize]))];
        if let Some(d) = p.die {
            f.push(("die", Field::Die(d)));
        }
        f.push(("variant", Field::Str(VARIANTS[p.variant as usize].into())));
        f.push(("board", Field::Board(Board::new(rows))));
        f
    }

    fn start(&self, seed: u64) -> Pos {
        let mut cells = [EMPTY; MAX_CELLS];
        for &c in &self.central {
            cells[c] = BRICK;
        }
        for (side, list) in self.starts.iter().enumerate() {
            for &c in list {
                cells[c] = side as u8 + 1;
            }
        }
        let mut rng = crate::rules::rng::Rng::new(seed);
        Pos {
            cells,
            to_move: rng.below(2) as u8,
            die: Some(rng.below(6) as u8 + 1),
            variant: 0,
        }
    }

    fn invariants(&self, p: &Pos) -> Result<(), Error> {
        let total: u32 = (0..self.grid.len())
            .map(|c| u32::from(bricks(p.cells[c])))
            .sum();
        if total != self.total {
            return Err(Error::Rules(format!(
                "{total} bricks on the board instead of {}",
                self.total
            )));
        }
        for (side, name) in SIDES.iter().enumerate() {
            let n = (0..self.grid.len())
                .filter(|&c| p.cells[c] == side as u8 + 1)
                .count();
            if n != self.starts[side].len() {
                return Err(Error::Rules(format!("{name} has {n} pawns")));
            }
        }
        for c in 0..self.grid.len() {
            if bricks(p.cells[c]) > 0
                && !(self.central.contains(&c)
                    || self.camps[0].contains(&c)
                    || self.camps[1].contains(&c))
            {
                return Err(Error::Rules(format!(
                    "bricks on {}, outside the camps and central rows",
                    self.grid.name(c)
                )));
            }
            if bricks(p.cells[c]) > 1 && self.central.contains(&c) {
                return Err(Error::Rules(format!(
                    "{} bricks on {}: the central rows hold one brick a cell",
                    bricks(p.cells[c]),
                    self.grid.name(c)
                )));
            }
        }
        if p.die.is_none() != self.outcome(p).is_some() {
            return Err(Error::Rules(
                "a roll in an over position, or none in a live one".into(),
            ));
        }
        Ok(())
    }

    fn sides(&self) -> &'static [&'static str] {
        &SIDES
    }

    type Move = Step;

    fn legal(&self, p: &Pos, out: &mut Vec<Step>) {
        if self.outcome(p).is_some() || p.die.is_none() {
            return;
        }
        let before = out.len();
        self.results(p, &mut |step, _, _| out.push(step));
        if out.len() == before {
            out.push(Step::PASS);
        }
    }

    fn chances(&self, _p: &Pos, _m: Step) -> u32 {
        6
    }

    fn apply(&self, p: &Pos, m: Step, k: u32) -> Pos {
        let die = k as u8 + 1;
        if m == Step::PASS {
            return self.settle(p, p.cells, false, die);
        }
        // The effects of a legal step, as `results` finds them.
        let me = p.to_move as usize;
        let mine = me as u8 + 1;
        let mut cells = p.cells;
        let target = cells[m.to as usize];
        cells[m.from as usize] = EMPTY;
        cells[m.to as usize] = mine;
        let again = if target == 2 - me as u8 {
            let file = m.to as usize % self.grid.cols;
            if let Some(home) = self.back_home(&cells, 1 - me, file) {
                cells[home] = target;
            }
            true
        } else {
            for &c in m.bricks.iter().filter(|&&c| c != NO_CELL) {
                let c = c as usize;
                cells[c] = if cells[c] == EMPTY {
                    BRICK
                } else {
                    cells[c] + 1
                };
            }
            p.die == Some(1)
        };
        self.settle(p, cells, again, die)
    }

    fn notation(&self, p: &Pos, m: Step) -> String {
        self.step_name(p, m)
    }

    fn seat(&self, p: &Pos) -> usize {
        usize::from(p.to_move)
    }

    fn variants(&self) -> &'static [&'static str] {
        &VARIANTS
    }

    fn start_variant(&self, seed: u64, v: usize) -> Pos {
        Pos {
            variant: v.min(2) as u8,
            ..self.start(seed)
        }
    }
}
