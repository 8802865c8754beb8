//! Lignes' rules engine, following `shared/spec/lignes.md`.
//!
//! No board: pawns sit on an unbounded square grid and must form one group joined by sides.
//! Positions are kept translated so that their pawns start at (0, 0), with the real origin beside:
//! two positions that differ by a shift of the whole plane compare equal.

mod parse;
mod plane;

use crate::color::Color;
use crate::definition::model::{Board, Game, Grid, Piece};
use crate::geometry::SquareGrid;
use crate::rules::{Field, RawPosition, Rules, Score};
use crate::scene::{p as pt, shape, Anchor, Scene, Stroke};
use plane::Plane;
use std::cmp::Ordering;

/// Side names.
pub const SIDES: [&str; 2] = ["light", "dark"];

/// A pawn: x, y, side.
pub type Pawn = (i32, i32, u8);

/// A position. Equality and order ignore `origin`.
#[derive(Debug, Clone)]
pub struct Pos {
    /// Pawns as (x, y, side), translated so the smallest x and y are 0, sorted by (y, x).
    pub pawns: Vec<(i32, i32, u8)>,
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
    fn key(&self) -> (&[Pawn], u8, [u8; 2], [u8; 2]) {
        (self.pawns.as_slice(), self.to_move, self.placed, self.taken)
    }

    /// Builds a position from pawns in real coordinates.
    pub fn from_real(
        pawns: Vec<(i32, i32, u8)>,
        to_move: u8,
        placed: [u8; 2],
        taken: [u8; 2],
    ) -> Pos {
        let minx = pawns.iter().map(|p| p.0).min().unwrap_or(0);
        let miny = pawns.iter().map(|p| p.1).min().unwrap_or(0);
        let mut v: Vec<(i32, i32, u8)> = pawns
            .into_iter()
            .map(|(x, y, s)| (x - minx, y - miny, s))
            .collect();
        v.sort_by_key(|p| (p.1, p.0));
        Pos {
            pawns: v,
            origin: (minx, miny),
            to_move,
            placed,
            taken,
        }
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

/// The engine, built from the game's definition.
#[derive(Debug, Clone)]
pub struct Lignes {
    per_side: u8,
    opening: u8,
    looks: [(Color, Color); 2],
    mat: Board,
}

impl Lignes {
    /// Builds the engine from the definition.
    pub fn new(game: &Game) -> Result<Lignes, String> {
        let per_side = game
            .param("pawns_per_side")
            .ok_or("games/lignes/game.toml: [rules] needs `pawns_per_side`")?;
        let opening = game
            .param("opening_pawns")
            .ok_or("games/lignes/game.toml: [rules] needs `opening_pawns`")?;
        let piece = |id: &str| -> Result<&Piece, String> {
            game.pieces
                .iter()
                .find(|p| p.id == id)
                .ok_or(format!("no piece `{id}`"))
        };
        let (l, d) = (piece("light-pawn")?, piece("dark-pawn")?);
        let mat = game.mats.first().ok_or("games/lignes/game.toml: no mat")?;
        // Diagrams draw the plane as the squared mat: its cell size and colours.
        let board = Board {
            id: "plane".into(),
            name: mat.name.clone(),
            grid: Grid::Square(SquareGrid { cols: 1, rows: 1 }),
            cell: mat.cell,
            fill: mat.fill,
            alt_fill: None,
            line: mat.line,
            frame: mat.fill,
            coords: false,
            count: 1,
            regions: Vec::new(),
            marks: Vec::new(),
        };
        Ok(Lignes {
            per_side: per_side.clamp(1, 100) as u8,
            opening: opening.clamp(0, 200) as u8,
            looks: [(l.fill, l.line), (d.fill, d.line)],
            mat: board,
        })
    }

    fn placed_all(&self, p: &Pos) -> bool {
        p.placed[0] >= self.per_side && p.placed[1] >= self.per_side
    }

    fn in_opening(&self, p: &Pos) -> bool {
        u32::from(p.placed[0]) + u32::from(p.placed[1]) < u32::from(self.opening)
    }

    /// Every turn: `(notation parts, result)`.
    fn turns(&self, p: &Pos, emit: &mut dyn FnMut(&dyn Fn() -> String, Pos)) {
        if self.placed_all(p) {
            return;
        }
        let me = p.to_move;
        let plane = Plane::new(p);
        let coord = |x: i32, y: i32| {
            format!(
                "{},{}",
                x + p.origin.0 - plane::MARGIN,
                y + p.origin.1 - plane::MARGIN
            )
        };
        let may_place = p.placed[me as usize] < self.per_side;
        let places: Vec<Option<(i32, i32)>> = if may_place {
            plane.placements().into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        if self.in_opening(p) {
            for at in places.into_iter().flatten() {
                let mut q = plane.clone();
                q.set(at.0, at.1, me + 1);
                let mut placed = p.placed;
                placed[me as usize] += 1;
                let next = q.to_pos(p, 1 - me, placed, p.taken);
                emit(&|| format!("+{}", coord(at.0, at.1)), next);
            }
            return;
        }
        for at in places {
            let mut a = plane.clone();
            let mut placed = p.placed;
            if let Some((x, y)) = at {
                a.set(x, y, me + 1);
                placed[me as usize] += 1;
            }
            for (push, b) in a.pushes(me) {
                let base = || {
                    let place_txt = at
                        .map(|(x, y)| format!("+{} ", coord(x, y)))
                        .unwrap_or_default();
                    format!(
                        "{place_txt}>{}:{}",
                        coord(push.lead.0, push.lead.1),
                        push.dir_name()
                    )
                };
                emit(&base, b.to_pos(p, 1 - me, placed, p.taken));
                for (hx, hy) in b.takeable(me) {
                    let mut c = b.clone();
                    c.set(hx, hy, 0);
                    for (fill, d) in c.fills(me, hx, hy) {
                        let mut taken = p.taken;
                        taken[me as usize] += 1;
                        let txt = || {
                            format!(
                                "{} *{} >{}:{}",
                                base(),
                                coord(hx, hy),
                                coord(fill.lead.0, fill.lead.1),
                                fill.dir_name()
                            )
                        };
                        emit(&txt, d.to_pos(p, 1 - me, placed, taken));
                    }
                }
            }
        }
    }

    fn has_turn(&self, p: &Pos) -> bool {
        let mut any = false;
        self.turns(p, &mut |_, _| any = true);
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

impl Rules for Lignes {
    type Pos = Pos;

    fn id(&self) -> &'static str {
        "lignes"
    }

    fn keys(&self) -> &'static [&'static str] {
        &["to_move", "placed", "taken", "origin", "board"]
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<Pos> {
        parse::parse(self, raw)
    }

    fn successors(&self, p: &Pos, out: &mut Vec<Pos>) -> bool {
        self.turns(p, &mut |_, q| out.push(q));
        true
    }

    fn moves(&self, p: &Pos) -> Vec<(String, Pos)> {
        let mut out = Vec::new();
        self.turns(p, &mut |m, q| out.push((m(), q)));
        out
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
        let w = p.pawns.iter().map(|q| q.0).max().map_or(1, |m| m + 1);
        let h = p.pawns.iter().map(|q| q.1).max().map_or(1, |m| m + 1);
        let rows = (0..h)
            .rev()
            .map(|y| {
                (0..w)
                    .map(|x| match p.pawns.iter().find(|q| q.0 == x && q.1 == y) {
                        Some(q) => ["L", "D"][q.2 as usize].to_string(),
                        None => ".".to_string(),
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
            ("to_move", Field::Str(SIDES[p.to_move as usize].into())),
            ("placed", table(p.placed)),
            ("taken", table(p.taken)),
            (
                "origin",
                Field::Ints(vec![i64::from(p.origin.0), i64::from(p.origin.1)]),
            ),
            ("board", Field::Board(rows)),
        ]
    }

    fn start(&self, _seed: u64) -> Pos {
        Pos::from_real(Vec::new(), 0, [0, 0], [0, 0])
    }

    fn invariants(&self, p: &Pos) -> Result<(), String> {
        let plane = Plane::new(p);
        if !plane.one_group() {
            return Err("the pawns are not one group".into());
        }
        for (s, name) in SIDES.iter().enumerate() {
            let on = p.pawns.iter().filter(|q| q.2 == s as u8).count() as u8;
            if on + p.taken[1 - s] != p.placed[s] {
                return Err(format!(
                    "{name}: {on} on the plane + {} taken != {} placed",
                    p.taken[1 - s],
                    p.placed[s]
                ));
            }
            if p.placed[s] > self.per_side {
                return Err(format!("{name} placed more than {} pawns", self.per_side));
            }
        }
        Ok(())
    }

    fn diagram(&self, p: &Pos) -> Scene {
        let cell = self.mat.cell;
        let w = p.pawns.iter().map(|q| q.0).max().map_or(1, |m| m + 1) + 2;
        let h = p.pawns.iter().map(|q| q.1).max().map_or(1, |m| m + 1) + 2;
        let m = 8.0;
        let mut s = Scene::new(f64::from(w) * cell + 2.0 * m, f64::from(h) * cell + 2.0 * m);
        s.path(
            shape::rect(m, m, f64::from(w) * cell, f64::from(h) * cell),
            Some(self.mat.fill),
            None,
        );
        let st = Some(Stroke::solid(self.mat.line, 0.4));
        for i in 0..=w {
            let x = m + f64::from(i) * cell;
            s.path(
                shape::line(pt(x, m), pt(x, m + f64::from(h) * cell)),
                None,
                st,
            );
        }
        for j in 0..=h {
            let y = m + f64::from(j) * cell;
            s.path(
                shape::line(pt(m, y), pt(m + f64::from(w) * cell, y)),
                None,
                st,
            );
        }
        // Coordinates of the real plane along two sides.
        let ink = self.mat.line.darken(0.5);
        for i in 0..w {
            let x = i - 1 + p.origin.0;
            s.text(
                m + (f64::from(i) + 0.5) * cell,
                m + f64::from(h) * cell + 6.0,
                11.0,
                crate::fonts::Face::Regular,
                ink,
                Anchor::Middle,
                &x.to_string(),
            );
        }
        for j in 0..h {
            let y = j - 1 + p.origin.1;
            s.text(
                m / 2.0,
                m + (f64::from(h - j) - 0.5) * cell + 1.5,
                11.0,
                crate::fonts::Face::Regular,
                ink,
                Anchor::Middle,
                &y.to_string(),
            );
        }
        for &(x, y, side) in &p.pawns {
            let (fill, line) = self.looks[side as usize];
            let px = m + f64::from(x + 1) * cell;
            let py = m + f64::from(h - 2 - y) * cell;
            let k = cell * 0.08;
            s.path(
                shape::rect(px + k, py + k, cell - 2.0 * k, cell - 2.0 * k),
                Some(fill),
                Some(Stroke::solid(line, 0.6)),
            );
        }
        s
    }

    fn sides(&self) -> &'static [&'static str] {
        &SIDES
    }

    fn board(&self) -> &Board {
        &self.mat
    }
}
