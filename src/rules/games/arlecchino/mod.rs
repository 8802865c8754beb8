//! Arlecchino's rules engine, following its rulebook (`games/arlecchino/rules.fr.md` and
//! `rules.en.md`), whose claims `ludopress check` plays against it.
//!
//! The board's size and the tile set (zones and their letters) come from
//! `games/arlecchino/game.toml`. A tile is four zones, top, right, bottom, left, two bits each.

mod parse;

use crate::base::diag::Error;
use crate::definition::contract::{Contract, GridKind};
use crate::definition::model::{Game, Grid, TileFace};
use crate::geometry::SquareGrid;
use crate::rules::games::definition_error;
use crate::rules::{Board, Cell, Field, RawPosition, Rules, Score};

/// Colour names in turn order; a zone holds the index.
pub const COLORS: [&str; 4] = ["blue", "yellow", "red", "green"];
/// Their letters in position files.
pub const LETTERS: [char; 4] = ['B', 'Y', 'R', 'G'];
/// Most cells a board may have.
pub const MAX_CELLS: usize = 64;

/// A position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Occupied cells, one bit per cell (`a1` = 0).
    pub occ: u64,
    /// The tile on each cell (0 on an empty cell), zones packed two bits each.
    pub tiles: [u8; MAX_CELLS],
    /// Colour of the ply.
    pub to_move: u8,
    /// Number of players: 2, 3 or 4.
    pub players: u8,
    /// With 2 players, how a team scores: 0 the sum of its two colours (the rule), 1 the
    /// difference (the variant: blue minus red, yellow minus green). Always 0 otherwise.
    pub scoring: u8,
}

/// Values of the `scoring` field, in the order of `Pos::scoring`.
pub const SCORINGS: [&str; 2] = ["sum", "difference"];

/// A step of a path: the cell reached and whether it was reached by a jump.
pub type Step = (u8, bool);

/// Receives each turn: its path (start first) and the cells of the tiles it jumped (but the
/// one it ends on).
pub type Emit<'a> = dyn FnMut(&[Step], u64) + 'a;

/// Zone colour of a packed tile, zone `z` (0 top, 1 right, 2 bottom, 3 left).
pub fn zone(tile: u8, z: usize) -> u8 {
    (tile >> (2 * z)) & 3
}

/// Zones of colour `c` on a tile.
pub fn count(tile: u8, c: u8) -> u8 {
    (0..4).filter(|&z| zone(tile, z) == c).count() as u8
}

/// A tile's token, `BBBY`.
pub fn token(tile: u8) -> String {
    (0..4).map(|z| LETTERS[zone(tile, z) as usize]).collect()
}

/// The engine, built from the game's definition.
#[derive(Debug, Clone)]
pub struct Arlecchino {
    grid: SquareGrid,
    nb: Vec<[Option<u8>; 4]>,
    /// The tiles dealt at the start (the black-and-white one marked `None`).
    deal: Vec<Option<u8>>,
}

impl Arlecchino {
    /// Builds the engine from the definition.
    pub fn new(game: &Game) -> Result<Arlecchino, Error> {
        let board = game.engine_board(MAX_CELLS)?.clone();
        let Grid::Square(grid) = board.grid.clone() else {
            return Err(definition_error(
                "arlecchino",
                "the board must be a square grid",
            ));
        };
        let tileset = game
            .tilesets
            .first()
            .ok_or_else(|| definition_error("arlecchino", "no tile set"))?
            .clone();
        for (i, name) in COLORS.iter().enumerate() {
            if !tileset
                .codes
                .iter()
                .any(|(l, n)| *l == LETTERS[i] && n == name)
            {
                return Err(definition_error(
                    "arlecchino",
                    format!("the tile set needs code {} = \"{name}\"", LETTERS[i]),
                ));
            }
        }
        let mut deal = Vec::new();
        for t in &tileset.tiles {
            let packed = match &t.face {
                TileFace::Zones(z) => {
                    let mut v = 0u8;
                    for (i, name) in z.iter().enumerate() {
                        let c = COLORS.iter().position(|n| n == name).ok_or_else(|| {
                            definition_error("arlecchino", format!("unknown zone colour `{name}`"))
                        })?;
                        v |= (c as u8) << (2 * i);
                    }
                    Some(v)
                }
                _ => None,
            };
            for _ in 0..t.count {
                deal.push(packed);
            }
        }
        if deal.len() > grid.len() {
            return Err(definition_error(
                "arlecchino",
                format!("{} tiles for {} cells", deal.len(), grid.len()),
            ));
        }
        let nb = (0..grid.len())
            .map(|c| {
                let (f, r) = grid.file_rank(c);
                [(0, 1), (1, 0), (0, -1), (-1, 0)]
                    .map(|(df, dr)| grid.index(f as i32 + df, r as i32 + dr).map(|i| i as u8))
            })
            .collect();
        Ok(Arlecchino { grid, nb, deal })
    }

    /// Colours that take turns with this many players.
    pub fn in_play(players: u8) -> &'static [u8] {
        if players == 3 {
            &[0, 1, 2]
        } else {
            &[0, 1, 2, 3]
        }
    }

    fn next(players: u8, c: u8) -> u8 {
        let order = Self::in_play(players);
        let i = order.iter().position(|&x| x == c).unwrap_or(0);
        order[(i + 1) % order.len()]
    }

    /// Every turn of colour `c`: `emit(path, jumped)`.
    fn turns(&self, p: &Pos, c: u8, emit: &mut Emit<'_>) {
        let mut occ = p.occ;
        while occ != 0 {
            let s = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            self.turns_from(p, c, s, emit);
        }
    }

    /// Every turn of colour `c` with the tile on `s`.
    fn turns_from(&self, p: &Pos, c: u8, s: u8, emit: &mut Emit<'_>) {
        let tile = p.tiles[s as usize];
        let n = count(tile, c);
        if n == 0 {
            return;
        }
        let mut path: Vec<Step> = Vec::with_capacity(5);
        path.push((s, false));
        let occ = p.occ & !(1u64 << s);
        // A turn may end on its start only after four jumps of a one-colour tile.
        let all_same = count(tile, zone(tile, 0)) == 4;
        self.walk(occ, occ, all_same, s, n, 0, &mut path, emit);
    }

    /// The distinct turns of the side to move with the tile on `s`, appended to `out`.
    fn turns_of(&self, p: &Pos, s: u8, out: &mut Vec<Turn>) {
        let before = out.len();
        self.turns_from(p, p.to_move, s, &mut |path, removed| {
            out.push(Turn {
                start: s,
                to: path[path.len() - 1].0,
                removed,
            });
        });
        // Many paths lead to one turn: each turn once.
        out[before..].sort_unstable();
        let mut w = before;
        for r in before..out.len() {
            if w == before || out[r] != out[w - 1] {
                out[w] = out[r];
                w += 1;
            }
        }
        out.truncate(w);
    }

    /// The walk of a tile of `n` moves from `path`'s last cell: `occ` the cells still
    /// holding a tile (the walking tile's start and the tiles it jumped are off), `first` the
    /// same before the walk.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        first: u64,
        occ: u64,
        all_same: bool,
        cur: u8,
        n: u8,
        jumps: u8,
        path: &mut Vec<Step>,
        emit: &mut Emit<'_>,
    ) {
        let moves = (path.len() - 1) as u8;
        if moves == n {
            return;
        }
        let start = path[0].0;
        for d in 0..4 {
            let Some(a) = self.nb[cur as usize][d] else {
                continue;
            };
            let (to, jumped, next) = if occ >> a & 1 == 0 {
                (a, false, occ)
            } else {
                let Some(b) = self.nb[a as usize][d] else {
                    continue;
                };
                if occ >> b & 1 == 1 {
                    continue;
                }
                (b, true, occ & !(1u64 << a))
            };
            let j = jumps + u8::from(jumped);
            path.push((to, jumped));
            let may_end =
                j >= 1 && (to != start || (all_same && n == 4 && j == 4 && moves + 1 == 4));
            if may_end {
                // A tile jumped and then landed on is not counted as jumped: it is replaced.
                emit(path, first & !next & !(1u64 << to));
            }
            self.walk(first, next, all_same, to, n, j, path, emit);
            path.pop();
        }
    }

    fn has_turn(&self, p: &Pos, c: u8) -> bool {
        let mut any = false;
        let mut occ = p.occ;
        while occ != 0 && !any {
            let s = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            self.turns_from(p, c, s, &mut |_, _| any = true);
        }
        any
    }

    /// True when no colour in play has a turn.
    pub fn is_over(&self, p: &Pos) -> bool {
        Self::in_play(p.players)
            .iter()
            .all(|&c| !self.has_turn(p, c))
    }

    fn pass(&self, p: &Pos) -> Option<Pos> {
        let others = Self::in_play(p.players)
            .iter()
            .any(|&c| c != p.to_move && self.has_turn(p, c));
        others.then(|| Pos {
            to_move: Self::next(p.players, p.to_move),
            ..*p
        })
    }

    /// Zones of each colour on the board.
    pub fn zones(&self, p: &Pos) -> [i64; 4] {
        let mut z = [0i64; 4];
        for c in 0..self.grid.len() {
            if p.occ >> c & 1 == 1 {
                for k in 0..4 {
                    z[zone(p.tiles[c], k) as usize] += 1;
                }
            }
        }
        z
    }

    fn cell(&self, c: u8) -> String {
        self.grid.name(c as usize)
    }
}

/// The game's name, as [`crate::rules::registry`] lists it.
pub const ID: &str = "arlecchino";

/// What the engine reads from its game's definition, checked when the definition is validated.
pub const CONTRACT: Contract = Contract {
    board: Some((GridKind::Square, MAX_CELLS)),
    codes: &[('B', "blue"), ('Y', "yellow"), ('R', "red"), ('G', "green")],
    tiles_fit: true,
    ..Contract::NONE
};

impl Rules for Arlecchino {
    type Pos = Pos;

    fn id(&self) -> &'static str {
        ID
    }

    fn keys(&self) -> &'static [&'static str] {
        &["to_move", "players", "scoring", "board"]
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<Pos> {
        parse::parse(self, raw)
    }

    /// Every turn under each path that makes it (`c3xc5xe5`), from the walk that lists the
    /// turns.
    fn moves(&self, p: &Pos) -> Vec<(String, Pos)> {
        let mut out = Vec::new();
        self.turns(p, p.to_move, &mut |path, removed| {
            let turn = Turn {
                start: path[0].0,
                to: path[path.len() - 1].0,
                removed,
            };
            let q = self.apply(p, turn, 0);
            let mut s = self.cell(path[0].0);
            for &(c, jump) in &path[1..] {
                s.push(if jump { 'x' } else { '-' });
                s.push_str(&self.cell(c));
            }
            out.push((s, q));
        });
        if out.is_empty() {
            out.extend(self.pass(p).map(|q| ("pass".to_string(), q)));
        }
        out
    }

    fn score(&self, p: &Pos) -> Score {
        let z = self.zones(p);
        let scores: Vec<(String, i64)> = match p.players {
            2 if p.scoring == 1 => vec![
                ("blue+red".into(), z[0] - z[2]),
                ("yellow+green".into(), z[1] - z[3]),
            ],
            2 => vec![
                ("blue+red".into(), z[0] + z[2]),
                ("yellow+green".into(), z[1] + z[3]),
            ],
            3 => (0..3).map(|i| (COLORS[i].to_string(), z[i])).collect(),
            _ => (0..4).map(|i| (COLORS[i].to_string(), z[i])).collect(),
        };
        let over = self.is_over(p);
        let winner = over.then(|| {
            let best = scores.iter().map(|s| s.1).max().unwrap_or(0);
            let top: Vec<&(String, i64)> = scores.iter().filter(|s| s.1 == best).collect();
            if top.len() == 1 {
                top[0].0.clone()
            } else {
                "draw".to_string()
            }
        });
        Score {
            over,
            winner,
            scores,
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
                        if p.occ >> c & 1 == 1 {
                            let t = p.tiles[c];
                            let zones = (0..4).map(|z| COLORS[zone(t, z) as usize].into());
                            Cell::tile(name, token(t), zones.collect())
                        } else {
                            Cell::empty(name)
                        }
                    })
                    .collect()
            })
            .collect();
        let mut f = vec![
            ("to_move", Field::Side(COLORS[p.to_move as usize])),
            ("players", Field::Int(i64::from(p.players))),
        ];
        // Written only when it is not the default, so that positions of the rule read as before.
        if p.scoring != 0 {
            f.push((
                "scoring",
                Field::Str(SCORINGS[usize::from(p.scoring)].into()),
            ));
        }
        f.push(("board", Field::Board(Board::new(rows))));
        f
    }

    fn start(&self, seed: u64) -> Pos {
        let mut deal = self.deal.clone();
        crate::rules::rng::Rng::new(seed).shuffle(&mut deal);
        let mut p = Pos {
            occ: 0,
            tiles: [0; MAX_CELLS],
            to_move: 0,
            players: 4,
            scoring: 0,
        };
        for (c, t) in deal.iter().enumerate() {
            // The black-and-white tile is taken off at once: the first hole.
            if let Some(t) = t {
                p.occ |= 1u64 << c;
                p.tiles[c] = *t;
            }
        }
        p
    }

    fn invariants(&self, p: &Pos) -> Result<(), Error> {
        let full = if self.grid.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.grid.len()) - 1
        };
        if p.occ & !full != 0 {
            return Err(Error::Rules("a tile is off the board".into()));
        }
        let mut left: Vec<u8> = self.deal.iter().flatten().copied().collect();
        for c in 0..MAX_CELLS {
            let on = p.occ >> c & 1 == 1;
            if !on && p.tiles[c] != 0 {
                return Err(Error::Rules(format!(
                    "an empty cell keeps a tile ({})",
                    self.cell(c as u8)
                )));
            }
            if on {
                match left.iter().position(|&t| t == p.tiles[c]) {
                    Some(i) => {
                        left.swap_remove(i);
                    }
                    None => {
                        return Err(Error::Rules(format!(
                            "tile {} on {} is not one of the set, or is there twice",
                            token(p.tiles[c]),
                            self.cell(c as u8)
                        )))
                    }
                }
            }
        }
        if !Self::in_play(p.players).contains(&p.to_move) {
            return Err(Error::Rules("the colour to move is not in play".into()));
        }
        if p.scoring != 0 && p.players != 2 {
            return Err(Error::Rules(
                "the difference scoring is a variant of the 2-player game".into(),
            ));
        }
        Ok(())
    }

    fn sides(&self) -> &'static [&'static str] {
        &["blue", "yellow", "red", "green", "blue+red", "yellow+green"]
    }

    type Move = Turn;

    fn legal(&self, p: &Pos, out: &mut Vec<Turn>) {
        let before = out.len();
        let mut occ = p.occ;
        while occ != 0 {
            let s = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            self.turns_of(p, s, out);
        }
        if out.len() == before && self.pass(p).is_some() {
            out.push(Turn::PASS);
        }
    }

    fn apply(&self, p: &Pos, m: Turn, _k: u32) -> Pos {
        let mut q = *p;
        q.to_move = Self::next(p.players, p.to_move);
        if m == Turn::PASS {
            return q;
        }
        let tile = p.tiles[m.start as usize];
        let gone = m.removed | 1u64 << m.start;
        q.occ &= !gone;
        let mut g = gone;
        while g != 0 {
            q.tiles[g.trailing_zeros() as usize] = 0;
            g &= g - 1;
        }
        q.occ |= 1u64 << m.to;
        q.tiles[m.to as usize] = tile;
        q
    }

    fn notation(&self, p: &Pos, m: Turn) -> String {
        crate::rules::smallest_writing(self, p, m)
    }

    fn seats(&self, p: &Pos) -> &'static [&'static str] {
        match p.players {
            2 => &["blue+red", "yellow+green"],
            3 => &["blue", "yellow", "red"],
            _ => &COLORS,
        }
    }

    fn seat(&self, p: &Pos) -> usize {
        if p.players == 2 {
            usize::from(p.to_move % 2)
        } else {
            usize::from(p.to_move)
        }
    }

    fn variants(&self) -> &'static [&'static str] {
        &["4-players", "3-players", "2-players"]
    }

    fn start_variant(&self, seed: u64, v: usize) -> Pos {
        let mut p = self.start(seed);
        p.players = [4, 3, 2][v.min(2)];
        if p.players == 3 {
            // Green is neutral: the all-green tile is taken off at setup too.
            let all_green = 0b1111_1111u8;
            if let Some(c) =
                (0..MAX_CELLS).find(|&c| p.occ >> c & 1 == 1 && p.tiles[c] == all_green)
            {
                p.occ &= !(1u64 << c);
                p.tiles[c] = 0;
            }
        }
        p
    }
}

/// A turn: the tile on `start` ends on `to`, the tiles it jumped (`removed`) are gone; or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    /// The tile's cell.
    pub start: u8,
    /// Where it ends.
    pub to: u8,
    /// The cells of the tiles jumped.
    pub removed: u64,
}

impl Turn {
    /// A pass.
    pub const PASS: Turn = Turn {
        start: u8::MAX,
        to: u8::MAX,
        removed: 0,
    };
}
