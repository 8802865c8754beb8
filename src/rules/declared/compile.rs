//! Declared rules compiled to flat tables: the neighbour of every cell in every direction,
//! regions as bit sets per side, each `[[move]]` with its directions resolved per side, the
//! kinds' limits and promotions, the ends, and the start position.
//!
//! In: a checked `RulesDef` (every name already an index), the board's grid and the `[rules]`
//! parameters. Out: a [`Program`]: playing reads only its tables, never a name or a TOML value.
//! A definition that passed validation compiles; what only the values of `[rules]` parameters
//! can break (a count out of range) is an error naming the parameter.

use super::bits::{Bits, MAX_CELLS};
use super::pos::{DPos, DRAW, GOING};
use crate::base::diag::Refused;
use crate::definition::model::rules::{
    self as def, range, Cond, Count, Outcome, Pass, RulesDef, ScoreCount, ScoreDef, Target, Until,
    What, ADJACENT, MAX_SIDES,
};
use crate::geometry::{dirs, Grid};
use std::collections::BTreeMap;

/// No cell: off the board.
pub const NONE: u16 = u16::MAX;
/// Most pieces a hand holds (a position's `hand` is read up to this).
pub const MAX_HAND: u16 = 9999;
/// A hand that never runs out (a `place` of a kind without `max`, and no `[start] hand`).
pub const UNLIMITED: u16 = u16::MAX;
/// Most positions a position remembers for `repetition` (the format requires `no_progress` of
/// at most this, so a game never needs more).
pub const MAX_SEEN: usize = 64;

/// What a move does, compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A piece on an empty cell.
    Place,
    /// A piece into a column, falling to its last empty cell.
    Drop,
    /// One cell.
    Step,
    /// Along a line, `min` to `max` cells.
    Slide {
        /// Fewest cells.
        min: u16,
        /// Most cells.
        max: u16,
    },
    /// To the cells at fixed offsets.
    Leap,
    /// Over one piece to the cell behind it.
    Hop,
    /// Round a corner, through empty cells ([`Program::pivots`]).
    Pivot,
    /// To any cell `to` allows.
    Anywhere,
}

/// A `[[move]]`, compiled.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Its id, for messages.
    pub id: String,
    /// What it does.
    pub act: Act,
    /// Absolute directions per side (`ADJACENT` on triangle boards; a drop's one direction).
    pub dirs: [Vec<u8>; MAX_SIDES],
    /// (leap) per cell, its targets.
    pub leaps: Vec<Vec<u16>>,
    /// (drop) per side, the cells a piece enters its column by.
    pub entries: [Vec<u16>; MAX_SIDES],
    /// (drop) written by its column's letter ([`What::by_column`]).
    pub by_column: bool,
    /// Kinds that make it, as a bit mask.
    pub pieces: u16,
    /// (place, drop) the kind put.
    pub puts: u8,
    /// Sides that have it, as a bit mask.
    pub sides: u8,
    /// What the target cell may hold.
    pub to: Target,
    /// (hop) what is hopped over.
    pub over: Target,
    /// (hop) pieces hopped over are removed.
    pub capture: bool,
    /// (hop) the piece hops on while it can.
    pub chain: bool,
    /// (chain) every hop the same way.
    pub straight: bool,
    /// (chain) only the longest chains.
    pub longest: bool,
    /// (chain) most hops.
    pub max_hops: u8,
    /// (chain) may stop after any hop.
    pub stop_any: bool,
    /// While a compulsory move is legal, the others are not.
    pub compulsory: bool,
    /// Region the piece must start in.
    pub from: Option<u8>,
    /// Region the piece must end in.
    pub into: Option<u8>,
    /// Region the piece may not end in.
    pub not_into: Option<u8>,
    /// (place) region the piece is put in.
    pub inside: Option<u8>,
    /// (place) next to such a piece.
    pub next_to: Option<Target>,
    /// Enclosed lines of enemies turn over.
    pub flip: bool,
    /// Legal only where something turns over.
    pub must_flip: bool,
    /// Custodial capture: the hostile region, and the lines looked along per side.
    pub custodial: Option<(Option<u8>, [Vec<u8>; MAX_SIDES])>,
    /// (custodial) the kinds taken (bit mask).
    pub cust_taken: u16,
    /// (custodial) the kinds that close (bit mask).
    pub cust_by: u16,
    /// Capture of a piece closed on every side.
    pub enclose: Option<EncloseRule>,
    /// Phases it exists in, as a bit mask (0: every phase).
    pub phases: u16,
    /// Per side and board byte: whether the target cell may hold it (`to`, precomputed so that
    /// a step is one load).
    pub to_ok: [[bool; 256]; MAX_SIDES],
    /// Whether `into` or `not_into` limits where the piece ends.
    pub limited: bool,
    /// (step, leap) per side, the cells each cell reaches: those of cell `c` are
    /// `reach[s][reach_at[s][c]..reach_at[s][c + 1]]` (the directions resolved once, so that a
    /// step is a load and a test).
    pub reach: [Vec<u16>; MAX_SIDES],
    /// See `reach`.
    pub reach_at: [Vec<u32>; MAX_SIDES],
    /// Per side, the most cells one cell reaches.
    pub widest: [usize; MAX_SIDES],
    /// A piece with this many enemies across its sides cannot make the move (0: no limit).
    pub blocked_by: u8,
    /// The move exists while its side has at most this many pieces on the board.
    pub at_most: u16,
    /// The later parts of the move, in order.
    pub parts: Vec<Part>,
    /// (slide) exactly as many cells as the roll.
    pub by_roll: bool,
    /// (slide) the kinds passed over (bit mask; 0: none).
    pub through: u16,
    /// Per side and cell, the cells a piece of that side landed on there goes back to, in the
    /// order tried: its column from its side's cell of the `send_back` region onward (empty:
    /// no sending back).
    pub back: [Vec<Vec<u16>>; MAX_SIDES],
    /// The piece may also end on (or be put onto) a stack of its kind and side.
    pub onto_stack: bool,
    /// A rule whose moves include all of this one's, whenever it is in force: then this one is
    /// not generated (Imperator's free move includes its pivots).
    pub covered_by: Option<u8>,
    /// `carry`: the move may end on a stack it takes to the mover's region.
    pub carry: Option<CarryRule>,
}

/// `carry`, compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarryRule {
    /// The (neutral) kind carried.
    pub kind: u8,
    /// The region a stack may be taken from (the mover's cells of it); anywhere when `None`.
    pub from: Option<u8>,
    /// The region (the mover's cells of it) the pieces go to.
    pub to: u8,
}

/// `enclose`, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncloseRule {
    /// The kinds taken (bit mask).
    pub taken: u16,
    /// The region whose empty cells close.
    pub hostile: Option<u8>,
    /// The edge closes.
    pub edge_closes: bool,
    /// The kinds that close (bit mask).
    pub by: u16,
}

/// How a later part of a move reaches its cell, compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartAct {
    /// One cell in one of `dirs`.
    Step,
    /// Along a line of empty cells in one of `dirs`.
    Slide,
    /// Any empty cell.
    Anywhere,
    /// An enemy piece taken, wherever it stands.
    Remove,
}

/// A later part of a move, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The kind put on the cell reached (`None`: the moved piece goes there).
    pub put: Option<u8>,
    /// How the cell is reached.
    pub act: PartAct,
    /// Per side, the directions (`ADJACENT` on triangle boards).
    pub dirs: [Vec<u8>; MAX_SIDES],
    /// The move may end before this part.
    pub optional: bool,
    /// (remove) only after a line of this many through the cell the move stands on (0: always).
    pub when_line: u16,
    /// (remove) pieces in such a line of their side are spared while others are not.
    pub spare_lines: bool,
}

/// One end compiled: its condition, its result, the sides and the phases it is judged in.
#[derive(Debug, Clone)]
pub struct EndRule {
    /// The condition.
    pub end: End,
    /// The result for the condition's subject.
    pub outcome: Outcome,
    /// The sides it is judged for (bit mask).
    pub sides: u8,
    /// The phases it holds in (bit mask).
    pub phases: u16,
    /// The variants it holds in (bit mask).
    pub variants: u8,
}

impl EndRule {
    /// Whether the end holds in `p`'s phase and variant.
    #[inline]
    pub fn in_force(&self, p: &DPos) -> bool {
        self.phases >> p.phase & 1 == 1 && self.variants >> p.variant & 1 == 1
    }
}

/// `[capture]` compiled.
#[derive(Debug, Clone)]
pub struct Group {
    /// Closed by any piece (`no-liberties`), not only the mover's (`encircled`).
    pub liberties: bool,
    /// The pieces change side (else they are removed).
    pub turn: bool,
    /// Per cell, the sides its border sides close for (bit mask; every side for a cell
    /// without border sides).
    pub edge: Vec<u8>,
}

/// A `[[kind]]`, compiled.
#[derive(Debug, Clone)]
pub struct Kind {
    /// Its id.
    pub id: String,
    /// Most pieces of it each side has (`None`: no limit), one entry a side.
    pub max: Vec<Option<u16>>,
    /// The kind it becomes, the region (per side) where, and whether a chain stops there.
    pub promote: Option<(u8, u8, bool)>,
}

/// An end condition, compiled.
#[derive(Debug, Clone)]
pub enum End {
    /// A piece in its side's region.
    Reach(u8),
    /// A side with no piece on the board nor in hand.
    NoPieces,
    /// A side with no piece of this kind (among the sides that have the kind).
    Captured(u8),
    /// A side with at most `n` pieces on the board (of the kind, among the sides that have
    /// it).
    Pieces {
        /// Most pieces.
        n: u16,
        /// The kind counted.
        kind: Option<u8>,
    },
    /// The side to move cannot move.
    NoMoves,
    /// A line of `n` (exactly, or at least) along these axes (first directions of each pair).
    Line {
        /// Length.
        n: u16,
        /// Exactly `n`.
        exact: bool,
        /// The axes, each as one of its two directions.
        axes: Vec<u8>,
    },
    /// Per side, two regions its pieces join.
    Connect([(u8, u8); MAX_SIDES]),
    /// Plies played.
    Plies(u16),
    /// Plies without progress.
    NoProgress(u16),
    /// A side's score reaches this.
    Score(u16),
    /// No piece (of the kind) in the region (its first side's cells).
    Empty {
        /// The region.
        region: u8,
        /// The kind; every kind when `None`.
        kind: Option<u8>,
    },
    /// The same position for the n-th time since the last progress.
    Repetition(u16),
}

/// The compiled rules of one declared game.
#[derive(Debug, Clone)]
pub struct Program {
    /// The game's id.
    pub id: &'static str,
    /// Its sides, in turn order.
    pub sides: &'static [&'static str],
    /// The keys of its positions.
    pub keys: &'static [&'static str],
    /// The board's grid.
    pub grid: Grid,
    /// Cells.
    pub n: usize,
    /// Sides.
    pub ns: usize,
    /// Directions of the grid (0 on triangles).
    pub nd: usize,
    /// Its compass directions, the first `compass` of them, each with its opposite at half
    /// that count on (a board of points' routes follow them).
    pub compass: usize,
    /// `next[d * n + c]`: the neighbour of `c` in direction `d`, or [`NONE`].
    pub next: Vec<u16>,
    /// Per cell, the cells across its sides (square: the four orthogonal ones).
    pub adj: Vec<Vec<u16>>,
    /// The most cells across a cell's sides (4 on squares): a cell with fewer is on the edge.
    pub full_sides: usize,
    /// `adj` as sets.
    pub near: Vec<Bits>,
    /// Regions, per side.
    pub regions: Vec<[Bits; MAX_SIDES]>,
    /// Region names.
    pub region_names: Vec<String>,
    /// Every cell of the board.
    pub all: Bits,
    /// Cell names.
    pub names: Vec<String>,
    /// The cells as a board is written, top row first.
    pub rows: Vec<Vec<usize>>,
    /// Per board byte (0 empty, else `kind * ns + side + 1`): its token (empty for the bytes a
    /// neutral kind leaves unused).
    pub tokens: Vec<String>,
    /// Per board byte: its side (0xFF for empty; `ns`, the slot after the last side, for a
    /// neutral kind: its cells are `DPos::occ[ns]`).
    pub owner: [u8; 256],
    /// Per board byte: its kind.
    pub kind_of: [u8; 256],
    /// Token → board byte.
    pub token_byte: BTreeMap<String, u8>,
    /// Kinds.
    pub kinds: Vec<Kind>,
    /// Kinds owned by no side (bit mask).
    pub neutral: u16,
    /// Per kind and side, the board byte of one piece (a stack of `h` is `h - 1` more).
    pub first_byte: Vec<[u8; MAX_SIDES]>,
    /// Per board byte, the pieces it stands for (a stack's height; 0 for empty).
    pub height_of: [u8; 256],
    /// Whether some kind stacks.
    pub stacks: bool,
    /// Per kind, the most pieces one cell holds.
    pub stack_max: Vec<u8>,
    /// Per kind, the sides that have pieces of it (bit mask): on the start board, put by a
    /// move, or made by a promotion of a kind they have. An end on a kind (`captured`, `pieces`
    /// with `kind`) is judged for these sides only.
    pub has: Vec<u8>,
    /// Moves in file order.
    pub rules: Vec<Rule>,
    /// Indices of the compulsory rules, then of the others.
    pub order: Vec<u8>,
    /// How many of `order` are compulsory.
    pub ncompulsory: usize,
    /// Whether some rule keeps only the longest chains.
    pub any_longest: bool,
    /// Per rule, the first rule whose moves are written like its own (same action, same kind
    /// put, same capture): two moves of alike rules with the same cells are one move.
    pub alike: Vec<u8>,
    /// Whether two alike rules may yield one move in some position (then generation drops the
    /// repeats, so that each move is listed once and random play is uniform over the moves).
    pub overlap: bool,
    /// Ends, in file order.
    pub ends: Vec<EndRule>,
    /// `[capture]`: groups captured after every ply.
    pub group: Option<Group>,
    /// (triangle boards) the cells a piece rolls through pivoting on each corner each way round,
    /// nearest first, each path ended by [`NONE`] ([`crate::geometry::TriangleGrid::pivot_paths`]):
    /// those of cell `c` are `pivots[pivot_at[c]..pivot_at[c + 1]]` (one flat table, so that a
    /// pivot is loads and tests).
    pub pivots: Vec<u16>,
    /// See `pivots`.
    pub pivot_at: Vec<u32>,
    /// When a side passes.
    pub pass: Pass,
    /// Actions of a turn.
    pub actions: u8,
    /// Actions of the first turn.
    pub first: u8,
    /// Phases: id, and the ply count at which each ends (`None`: when hands are empty).
    pub phases: Vec<(String, Option<u16>)>,
    /// Per side, the kinds a `place` or `drop` puts (bit mask): only these come from a supply.
    pub placed: [u16; MAX_SIDES],
    /// Kinds whose `max` a position keeps (bit mask): not those a flip or a promotion makes
    /// more of, for which `max` is only the supply placed.
    pub capped: u16,
    /// Whether hands are written in positions (`[start] hand` given).
    pub explicit_hand: bool,
    /// Whether positions carry the ply count.
    pub use_ply: bool,
    /// Whether positions carry the plies without progress.
    pub use_quiet: bool,
    /// Whether positions carry the keys of the positions since the last progress.
    pub use_seen: bool,
    /// Kinds whose moves are progress, as a bit mask.
    pub progress_kinds: u16,
    /// (pieces that only drop) the direction they fall per side: a floating piece is refused.
    pub gravity: Option<[u8; MAX_SIDES]>,
    /// The start.
    pub start: DPos,
    /// `[dice]`: rolled for every ply.
    pub dice: Option<Dice>,
    /// `[score]`: what a side's score counts.
    pub score: ScoreDef,
    /// Whether positions carry the pieces each side has taken (`taken`).
    pub use_taken: bool,
    /// The first side is drawn from the seed (`[start] to_move = "drawn"`).
    pub drawn: bool,
    /// `[[variant]]` ids, the first the default (empty: none).
    pub variants: &'static [&'static str],
    /// `[score] bonus`: the score that earns it, what it adds, the variants that have it (bit
    /// mask).
    pub bonus: Option<(u16, u16, u8)>,
}

/// `[dice]`, compiled.
#[derive(Debug, Clone)]
pub struct Dice {
    /// How many dice.
    pub count: u8,
    /// Faces of each die.
    pub faces: u8,
    /// Equally likely outcomes of a roll (`faces` to the power `count`): the chances of a ply.
    pub outcomes: u32,
    /// Rolls after whose ply the same side rolls again (bit per roll).
    pub again: u128,
    /// Rolls on which the side passes (bit per roll).
    pub pass: u128,
    /// After a ply that captures, the same side rolls again.
    pub again_capture: bool,
}

impl Dice {
    /// The roll (the sum of the dice) of outcome `k` (below `outcomes`): the dice read as the
    /// digits of `k` in base `faces`.
    pub fn roll(&self, mut k: u32) -> u8 {
        let mut sum = 0u32;
        for _ in 0..self.count {
            sum += k % u32::from(self.faces) + 1;
            k /= u32::from(self.faces);
        }
        sum as u8
    }
}

/// The value of a count.
fn value(c: &Count, params: &BTreeMap<String, i64>) -> Result<i64, Refused> {
    match c {
        Count::Fixed(v) => Ok(*v),
        Count::Param(p) => params
            .get(p)
            .copied()
            .ok_or_else(|| Refused(format!("`[rules]` has no `{p}`"))),
    }
}

/// A count in `lo..=hi`, with a message naming what it counts when it is not.
fn bounded(
    c: &Count,
    params: &BTreeMap<String, i64>,
    (lo, hi): (i64, i64),
    what: &str,
) -> Result<u16, Refused> {
    let v = value(c, params)?;
    if (lo..=hi).contains(&v) {
        Ok(v as u16)
    } else {
        let name = match c {
            Count::Param(p) => format!(" (`[rules]` `{p}`)"),
            Count::Fixed(_) => String::new(),
        };
        Err(Refused(format!(
            "{what}{name} is {v}: expected {lo} to {hi}"
        )))
    }
}

/// A list of names made `'static` for the run.
fn names(list: &[&str]) -> Result<&'static [&'static str], Refused> {
    Ok(crate::base::intern::intern_all(list.iter().copied())?)
}

/// A list per side, padded to [`MAX_SIDES`].
fn per_side<T: Clone + Default>(v: &[T]) -> [T; MAX_SIDES] {
    std::array::from_fn(|i| v.get(i).cloned().unwrap_or_default())
}

/// A bit mask of indices.
fn mask(v: &[usize]) -> u16 {
    v.iter().fold(0, |m, &i| m | 1 << i)
}

impl Program {
    /// Compiles the declared rules of game `id` on `grid`.
    pub fn new(
        id: &str,
        rd: &RulesDef,
        grid: &Grid,
        params: &BTreeMap<String, i64>,
    ) -> Result<Program, Refused> {
        let n = grid.len();
        if n == 0 || n > MAX_CELLS {
            return Err(Refused(format!(
                "declared rules play on 1 to {MAX_CELLS} cells; this board has {n}"
            )));
        }
        let ns = rd.sides.len();
        if ns == 0 || ns > MAX_SIDES || rd.kinds.is_empty() || rd.kinds.len() * ns > 254 {
            return Err("1 to 4 sides and at least one kind of piece".into());
        }
        let nd = dirs::directions(grid).len();
        let compass = dirs::compass(grid);
        let mut next = vec![NONE; nd * n];
        for d in 0..nd {
            for c in 0..n {
                if let Some(t) = dirs::step(grid, c, d) {
                    next[d * n + c] = t as u16;
                }
            }
        }
        // A hole is no cell: nothing leads into it or out of it.
        let hole = |c: usize| rd.holes.binary_search(&c).is_ok();
        for d in 0..nd {
            for c in 0..n {
                let t = next[d * n + c];
                if hole(c) || (t != NONE && hole(usize::from(t))) {
                    next[d * n + c] = NONE;
                }
            }
        }
        let adj: Vec<Vec<u16>> = (0..n)
            .map(|c| {
                dirs::adjacent(grid, c)
                    .into_iter()
                    .filter(|&t| !hole(c) && !hole(t))
                    .map(|t| t as u16)
                    .collect()
            })
            .collect();
        let near = adj
            .iter()
            .map(|a| a.iter().map(|&t| t as usize).collect())
            .collect();
        let regions = rd
            .regions
            .iter()
            .map(|r| {
                per_side(&r.cells)
                    .map(|cells| cells.into_iter().filter(|&c| !hole(c)).collect::<Bits>())
            })
            .collect();
        let mut tokens = vec![".".to_string()];
        let mut owner = [0xFF; 256];
        let mut kind_of = [0xFF; 256];
        let mut token_byte = BTreeMap::new();
        let mut neutral = 0u16;
        let mut height_of = [0u8; 256];
        let mut first_of = vec![[0u8; MAX_SIDES]; rd.kinds.len()];
        // Bytes in order: per kind, per side (once for a neutral kind, owned by the slot after
        // the last side), per height of a stack.
        for (k, kd) in rd.kinds.iter().enumerate() {
            if kd.neutral {
                neutral |= 1 << k;
            }
            let owners: Vec<usize> = if kd.neutral {
                vec![ns]
            } else {
                (0..ns).collect()
            };
            for (i, &o) in owners.iter().enumerate() {
                let base = if kd.neutral {
                    &kd.tokens[0]
                } else {
                    &kd.tokens[i]
                };
                for h in 1..=kd.stack.max(1) {
                    let b = tokens.len();
                    if b > 255 {
                        return Err(
                            "the kinds, sides and stack heights need more than 255 board bytes"
                                .into(),
                        );
                    }
                    if h == 1 {
                        for (s, slot) in first_of[k].iter_mut().enumerate() {
                            if kd.neutral || s == o {
                                *slot = b as u8;
                            }
                        }
                    }
                    owner[b] = o as u8;
                    kind_of[b] = k as u8;
                    height_of[b] = h;
                    let t = def::stack_token(base, h);
                    token_byte.insert(t.clone(), b as u8);
                    tokens.push(t);
                }
            }
        }
        let stacks = rd.kinds.iter().any(|k| k.stack > 1);
        let mut kinds = Vec::new();
        for kd in &rd.kinds {
            let mut max = Vec::with_capacity(ns);
            for s in 0..ns {
                // A neutral kind keeps one count, for whoever puts it.
                let c = kd.max.get(s).or(kd.max.first()).and_then(Option::as_ref);
                max.push(match c {
                    Some(c) => Some(bounded(
                        c,
                        params,
                        range::MAX,
                        &format!("`max` of `{}`", kd.id),
                    )?),
                    None => None,
                });
            }
            kinds.push(Kind {
                id: kd.id.clone(),
                max,
                promote: kd
                    .promote
                    .as_ref()
                    .map(|p| (p.to as u8, p.region as u8, p.ends_move)),
            });
        }
        let mut rules = Vec::new();
        for m in &rd.moves {
            let mut r = compile_move(m, grid, ns, n, &next, nd, params)?;
            for (c, targets) in r.leaps.iter_mut().enumerate() {
                targets.retain(|&t| !hole(c) && !hole(usize::from(t)));
            }
            for entries in &mut r.entries {
                entries.retain(|&c| !hole(usize::from(c)));
            }
            rules.push(r);
        }
        for r in &mut rules {
            if matches!(r.act, Act::Step | Act::Leap) {
                for s in 0..ns {
                    let mut at = vec![0u32];
                    let mut cells = Vec::new();
                    for c in 0..n {
                        if r.act == Act::Leap {
                            cells.extend_from_slice(&r.leaps[c]);
                        }
                        for &d in &r.dirs[s] {
                            if r.act != Act::Step {
                                break;
                            }
                            if d == ADJACENT {
                                cells.extend(&adj[c]);
                            } else if next[usize::from(d) * n + c] != NONE {
                                cells.push(next[usize::from(d) * n + c]);
                            }
                        }
                        at.push(cells.len() as u32);
                    }
                    r.widest[s] = at
                        .windows(2)
                        .map(|w| (w[1] - w[0]) as usize)
                        .max()
                        .unwrap_or(0);
                    r.reach[s] = cells;
                    r.reach_at[s] = at;
                }
            }
            for s in 0..ns {
                for (b, &o) in owner.iter().enumerate() {
                    let class = if b == 0 {
                        Class::Empty
                    } else if o == 0xFF {
                        continue;
                    } else if usize::from(o) == s {
                        Class::Friend
                    } else if usize::from(o) == ns {
                        Class::Neutral
                    } else {
                        Class::Enemy
                    };
                    r.to_ok[s][b] = fits(r.to, class);
                }
            }
        }
        let mut order: Vec<u8> = (0..rules.len() as u8)
            .filter(|&i| rules[i as usize].compulsory)
            .collect();
        let ncompulsory = order.len();
        order.extend((0..rules.len() as u8).filter(|&i| !rules[i as usize].compulsory));
        let any_longest = rules.iter().any(|r| r.longest);
        let (alike, overlap) = overlaps(&rules);
        let mut ends = Vec::new();
        let mut progress_kinds = 0;
        let (mut use_ply, mut use_quiet, mut use_seen) = (false, false, false);
        for e in &rd.ends {
            let end = match &e.cond {
                Cond::Reach(r) => End::Reach(*r as u8),
                Cond::NoPieces => End::NoPieces,
                Cond::Captured(k) => End::Captured(*k as u8),
                Cond::Pieces { n, kind } => End::Pieces {
                    n: bounded(n, params, range::PIECES, "`pieces`")?,
                    kind: kind.map(|k| k as u8),
                },
                Cond::NoMoves => End::NoMoves,
                Cond::Line {
                    n: len,
                    exact,
                    dirs,
                } => {
                    let half = (compass / 2) as u8;
                    let mut axes: Vec<u8> = if dirs.is_empty() {
                        (0..half).collect()
                    } else {
                        dirs.iter().map(|&d| d % half.max(1)).collect()
                    };
                    axes.sort_unstable();
                    axes.dedup();
                    End::Line {
                        n: bounded(len, params, range::LINE, "`line`")?,
                        exact: *exact,
                        axes,
                    }
                }
                Cond::Connect(pairs) => End::Connect(per_side(
                    &pairs
                        .iter()
                        .map(|&(a, b)| (a as u8, b as u8))
                        .collect::<Vec<_>>(),
                )),
                Cond::Plies(c) => {
                    use_ply = true;
                    End::Plies(bounded(c, params, range::PLIES, "`plies`")?)
                }
                Cond::NoProgress { n: c, by } => {
                    use_quiet = true;
                    progress_kinds |= mask(by);
                    End::NoProgress(bounded(c, params, range::NO_PROGRESS, "`no_progress`")?)
                }
                Cond::Score(c) => End::Score(bounded(c, params, range::SCORE, "`score`")?),
                Cond::Empty { region, kind } => End::Empty {
                    region: *region as u8,
                    kind: kind.map(|k| k as u8),
                },
                Cond::Repetition { n: c, by } => {
                    use_quiet = true;
                    use_seen = true;
                    progress_kinds |= mask(by);
                    End::Repetition(bounded(c, params, range::REPETITION, "`repetition`")?)
                }
            };
            ends.push(EndRule {
                end,
                outcome: e.result,
                sides: e.side.map_or(u8::MAX, |s| 1 << s),
                phases: if e.phases.is_empty() {
                    u16::MAX
                } else {
                    mask(&e.phases)
                },
                variants: if e.variants.is_empty() {
                    u8::MAX
                } else {
                    mask(&e.variants) as u8
                },
            });
        }
        let mut phases = Vec::new();
        let mut at = 0u32;
        for ph in &rd.phases {
            let ends_at = match &ph.until {
                Until::HandsEmpty => None,
                Until::Plies(c) => {
                    use_ply = true;
                    at += u32::from(bounded(c, params, range::PHASE_PLIES, "`until` plies")?);
                    Some(at.min(60_000) as u16)
                }
            };
            phases.push((ph.id.clone(), ends_at));
        }
        let actions = bounded(&rd.actions, params, range::ACTIONS, "`actions`")? as u8;
        let first = bounded(&rd.first, params, range::ACTIONS, "`first`")? as u8;
        let adds = rules
            .iter()
            .filter(|r| matches!(r.act, Act::Place | Act::Drop));
        let moves_pieces = rules
            .iter()
            .any(|r| !matches!(r.act, Act::Place | Act::Drop));
        let gravity = match adds.clone().all(|r| r.act == Act::Drop) && !moves_pieces {
            true => rules
                .first()
                .map(|r| std::array::from_fn(|s| r.dirs[s].first().copied().unwrap_or(0))),
            false => None,
        };
        let placed = std::array::from_fn(|s| {
            rules
                .iter()
                .filter(|r| matches!(r.act, Act::Place | Act::Drop) && r.sides & (1 << s) != 0)
                .fold(0, |m, r| m | 1 << r.puts)
        });
        let flips = rules.iter().any(|r| r.flip);
        let promoted = kinds
            .iter()
            .filter_map(|k| k.promote.map(|(to, _, _)| 1u16 << to))
            .fold(0, |m, b| m | b);
        let turns = rd.capture.as_ref().is_some_and(|g| g.turn);
        let capped = if flips || turns { 0 } else { !promoted };
        let group = rd.capture.as_ref().map(|g| Group {
            liberties: g.liberties,
            turn: g.turn,
            edge: edges(grid, g),
        });
        let (mut pivots, mut pivot_at) = (Vec::new(), vec![0u32]);
        if let Grid::Triangles(t) = grid {
            if rules.iter().any(|r| r.act == Act::Pivot) {
                for c in 0..n {
                    for path in t.pivot_paths(c) {
                        pivots.extend(path.into_iter().map(|x| x as u16));
                        pivots.push(NONE);
                    }
                    pivot_at.push(pivots.len() as u32);
                }
            }
        }
        // `send_back`: per side and cell, its column from the side's cell of the region, going
        // into the board (away from the edge that cell is nearer).
        if let Grid::Square(g) = grid {
            for (m, r) in rd.moves.iter().zip(rules.iter_mut()) {
                let Some(region) = m.send_back else { continue };
                for s in 0..ns {
                    let cells = &rd.regions[region].cells[s];
                    r.back[s] = (0..n)
                        .map(|c| {
                            let (file, _) = g.file_rank(c);
                            let Some(&from) = cells.iter().find(|&&x| g.file_rank(x).0 == file)
                            else {
                                return Vec::new();
                            };
                            let rank = g.file_rank(from).1;
                            let up = rank < g.rows / 2;
                            let ranks: Vec<usize> = if up {
                                (rank..g.rows).collect()
                            } else {
                                (0..=rank).rev().collect()
                            };
                            ranks
                                .into_iter()
                                .map(|k| (k * g.cols + file) as u16)
                                .filter(|&x| !rd.holes.contains(&usize::from(x)))
                                .collect()
                        })
                        .collect();
                }
            }
        }
        for a in 0..rules.len() {
            rules[a].covered_by = (0..rules.len())
                .find(|&b| b != a && covers(&rules[b], &rules[a]))
                .map(|b| b as u8);
        }
        let side_names: Vec<&str> = rd.sides.iter().map(String::as_str).collect();
        let mut keys = vec!["board", "to_move"];
        if rd.start.hand.is_some() {
            keys.push("hand");
        }
        if actions > 1 || first != actions {
            keys.push("left");
        }
        if !phases.is_empty() {
            keys.push("phase");
        }
        if use_ply {
            keys.push("ply");
        }
        if use_quiet {
            keys.push("quiet");
        }
        if use_seen {
            keys.push("seen");
        }
        let use_taken = rd.score.count == ScoreCount::Taken;
        if use_taken {
            keys.push("taken");
        }
        let dice = match &rd.dice {
            Some(d) => {
                let count = bounded(&d.count, params, range::DICE, "`[dice] count`")? as u8;
                let faces = bounded(&d.faces, params, range::FACES, "`[dice] faces`")? as u8;
                let mask = |v: &[i64]| {
                    v.iter()
                        .filter(|&&x| (0..128).contains(&x))
                        .fold(0u128, |m, &x| m | 1 << x)
                };
                keys.push(if count == 1 { "die" } else { "roll" });
                if !rd.variants.is_empty() {
                    keys.push("variant");
                }
                Some(Dice {
                    count,
                    faces,
                    outcomes: u32::from(faces).pow(u32::from(count)),
                    again: mask(&d.again),
                    pass: mask(&d.pass),
                    again_capture: d.again_after_capture,
                })
            }
            None => None,
        };
        if rd.dice.is_none() && !rd.variants.is_empty() {
            keys.push("variant");
        }
        let bonus = match &rd.score.bonus {
            Some(b) => Some((
                bounded(&b.at, params, range::SCORE, "`bonus.at`")?,
                bounded(&b.add, params, range::SCORE, "`bonus.add`")?,
                if b.variants.is_empty() {
                    u8::MAX
                } else {
                    mask(&b.variants) as u8
                },
            )),
            None => None,
        };
        let variant_names: Vec<&str> = rd.variants.iter().map(String::as_str).collect();
        let mut prog = Program {
            id: crate::base::intern::intern(id)?,
            sides: names(&side_names)?,
            keys: names(&keys)?,
            grid: grid.clone(),
            n,
            ns,
            nd,
            compass,
            next,
            full_sides: adj.iter().map(Vec::len).max().unwrap_or(0),
            adj,
            near,
            regions,
            region_names: rd.regions.iter().map(|r| r.name.clone()).collect(),
            all: (0..n).filter(|&c| !hole(c)).collect(),
            names: (0..n).map(|c| grid.name(c)).collect(),
            rows: grid
                .written_rows()
                .into_iter()
                .map(|row| row.into_iter().filter(|&c| !hole(c)).collect::<Vec<_>>())
                .filter(|row| !row.is_empty())
                .collect(),
            tokens,
            owner,
            kind_of,
            token_byte,
            kinds,
            neutral,
            first_byte: first_of,
            height_of,
            stacks,
            stack_max: rd.kinds.iter().map(|k| k.stack.max(1)).collect(),
            rules,
            order,
            ncompulsory,
            any_longest,
            alike,
            overlap,
            ends,
            group,
            pivots,
            pivot_at,
            pass: rd.pass,
            actions,
            first,
            phases,
            placed,
            capped,
            explicit_hand: rd.start.hand.is_some(),
            use_ply,
            use_quiet,
            use_seen,
            progress_kinds,
            gravity,
            start: DPos::empty(),
            has: Vec::new(),
            dice,
            score: rd.score.clone(),
            use_taken,
            drawn: rd.start.drawn,
            variants: names(&variant_names)?,
            bonus,
        };
        prog.start = prog.start_position(rd, params)?;
        Ok(prog)
    }

    /// Per kind, the sides that have it from the start `start`: see [`Program::has`].
    fn sides_having(&self, start: &DPos) -> Vec<u8> {
        let mut has = vec![0u8; self.kinds.len()];
        for s in 0..self.ns {
            for c in start.occ[s].iter() {
                has[usize::from(self.kind_of[usize::from(start.board[c])])] |= 1 << s;
            }
            for (k, h) in has.iter_mut().enumerate() {
                if self.placed[s] >> k & 1 == 1 {
                    *h |= 1 << s;
                }
            }
        }
        // A promotion gives its sides the kind it makes (a chain of them, at most one step a
        // kind).
        for _ in 0..self.kinds.len() {
            for (k, kind) in self.kinds.iter().enumerate() {
                if let Some((to, _, _)) = kind.promote {
                    has[usize::from(to)] |= has[k];
                }
            }
        }
        has
    }

    /// The start of `[start]`.
    fn start_position(
        &mut self,
        rd: &RulesDef,
        params: &BTreeMap<String, i64>,
    ) -> Result<DPos, Refused> {
        let mut p = DPos::empty();
        p.to_move = rd.start.to_move as u8;
        p.left = self.first;
        if let Some((text, _)) = &rd.start.board {
            let rows = crate::rules::board_rows(text);
            if rows.len() != self.rows.len()
                || rows.iter().zip(&self.rows).any(|(a, b)| a.len() != b.len())
            {
                return Err("`[start] board` does not have the board's shape".into());
            }
            for (row, cells) in rows.iter().zip(&self.rows) {
                for (tok, &c) in row.iter().zip(cells) {
                    if tok == "." {
                        continue;
                    }
                    let b = *self
                        .token_byte
                        .get(tok)
                        .ok_or_else(|| format!("`[start] board`: unknown token `{tok}`"))?;
                    p.put(c, b, self.owner[b as usize]);
                }
            }
        }
        if let Some(hand) = &rd.start.hand {
            for (s, c) in hand.iter().enumerate().take(MAX_SIDES) {
                p.hand[s] = bounded(c, params, range::HAND, "`[start] hand`")?;
            }
        }
        self.settle_phase(&mut p);
        if let Err(why) = self.check_counts(&p) {
            return Err(Refused(format!("`[start]`: {why}")));
        }
        if let Some(down) = self.gravity {
            for c in 0..self.n {
                let b = p.board[c];
                if b == 0 {
                    continue;
                }
                let below = self.step(
                    c,
                    usize::from(down[usize::from(self.owner[usize::from(b)])]),
                );
                if below != NONE && p.board[usize::from(below)] == 0 {
                    return Err(Refused(format!(
                        "`[start] board`: the piece on {} floats: {} under it is empty (pieces fall to the last empty cell)",
                        self.names[c],
                        self.names[usize::from(below)]
                    )));
                }
            }
        }
        // The ends on a kind read which sides have it, which the start tells.
        self.has = self.sides_having(&p);
        p.status = self.status_of_board(&p);
        if p.status != GOING {
            return Err(Refused(format!(
                "the start is already over ({})",
                match p.status {
                    DRAW => "a draw".to_string(),
                    w => format!("{} has won", self.sides[usize::from(w - 1)]),
                }
            )));
        }
        Ok(p)
    }

    /// Limits a position must keep: each kind's `max` per side (of the kinds play cannot make
    /// more of than were placed).
    pub fn check_counts(&self, p: &DPos) -> Result<(), Refused> {
        for (k, kd) in self.kinds.iter().enumerate() {
            if self.capped & (1 << k) == 0 {
                continue;
            }
            for s in 0..self.ns {
                let Some(max) = kd.max[s] else { continue };
                let count = self.on_board(p, k as u8, s);
                if count > usize::from(max) {
                    return Err(Refused(format!(
                        "{} has {count} pieces of `{}`: at most {max}",
                        self.sides[s], kd.id
                    )));
                }
            }
        }
        Ok(())
    }

    /// The board byte of kind `k` for side `s` (of a neutral kind: its one byte, whoever puts
    /// it).
    #[inline]
    pub fn byte(&self, k: u8, s: usize) -> u8 {
        self.first_byte[usize::from(k)][s]
    }

    /// Side `s`'s pieces on the board (a stack counts its height).
    #[inline]
    pub fn pieces_of(&self, p: &DPos, s: usize) -> u32 {
        if self.stacks {
            p.occ[s]
                .iter()
                .map(|c| u32::from(self.height_of[usize::from(p.board[c])]))
                .sum()
        } else {
            p.occ[s].count()
        }
    }

    /// Side `s`'s score, as `[score]` counts it.
    pub fn score_of(&self, p: &DPos, s: usize) -> u32 {
        let mine = |cells: Bits| {
            cells
                .iter()
                .map(|c| usize::from(p.board[c]))
                .filter(|&x| {
                    self.score
                        .kind
                        .is_none_or(|k| usize::from(self.kind_of[x]) == k)
                })
                .map(|x| u32::from(self.height_of[x]))
                .sum()
        };
        // A neutral kind's pieces count for the side whose region they lie in.
        let owned = match self.score.kind {
            Some(k) if self.neutral >> k & 1 == 1 => p.occ[self.ns],
            _ => p.occ[s],
        };
        let n = match self.score.count {
            ScoreCount::Pieces => mine(owned),
            ScoreCount::Taken => u32::from(p.taken[s]),
            ScoreCount::InRegion(r) => mine(owned & self.regions[r][s]),
        };
        match self.bonus {
            Some((at, add, v)) if n >= u32::from(at) && v >> p.variant & 1 == 1 => {
                n + u32::from(add)
            }
            _ => n,
        }
    }

    /// Side `s`'s pieces of kind `k` on the board (of a neutral kind: all of them).
    pub fn on_board(&self, p: &DPos, k: u8, s: usize) -> usize {
        let b = self.byte(k, s);
        let slot = usize::from(self.owner[usize::from(b)]);
        p.occ[slot]
            .iter()
            .map(|c| usize::from(p.board[c]))
            .filter(|&x| self.kind_of[x] == k && usize::from(self.owner[x]) == slot)
            .map(|x| usize::from(self.height_of[x]))
            .sum()
    }
}

/// One `[[move]]` compiled.
fn compile_move(
    m: &def::MoveDef,
    grid: &Grid,
    ns: usize,
    n: usize,
    next: &[u16],
    nd: usize,
    params: &BTreeMap<String, i64>,
) -> Result<Rule, Refused> {
    let dirs_of = |v: &Vec<Vec<u8>>| -> [Vec<u8>; MAX_SIDES] { per_side(v) };
    let mut dirs: [Vec<u8>; MAX_SIDES] = Default::default();
    let mut leaps = Vec::new();
    let mut entries: [Vec<u16>; MAX_SIDES] = Default::default();
    let act = match &m.what {
        What::Place => Act::Place,
        What::Drop(d) => {
            for s in 0..ns {
                let d = d[s];
                dirs[s] = vec![d];
                let compass = dirs::compass(grid);
                if usize::from(d) >= compass {
                    return Err(Refused(format!(
                        "`{}`: a drop needs a compass direction of the grid",
                        m.id
                    )));
                }
                let back = (usize::from(d) + compass / 2) % compass;
                entries[s] = (0..n)
                    .filter(|&c| next[back * n + c] == NONE)
                    .map(|c| c as u16)
                    .collect();
            }
            Act::Drop
        }
        What::Step(v) => {
            dirs = dirs_of(v);
            Act::Step
        }
        What::Slide { dirs: v, min, max } => {
            dirs = dirs_of(v);
            let min = bounded(min, params, range::SLIDE, "`min`")?;
            let max = match max {
                Some(c) => bounded(c, params, range::SLIDE, "`max`")?,
                None => u16::MAX,
            };
            Act::Slide { min, max }
        }
        What::Leap(offsets) => {
            leaps = (0..n)
                .map(|c| {
                    let mut t: Vec<u16> = offsets
                        .iter()
                        .filter_map(|&(dx, dy)| dirs::offset(grid, c, dx, dy))
                        .map(|t| t as u16)
                        .collect();
                    t.sort_unstable();
                    t.dedup();
                    t
                })
                .collect();
            Act::Leap
        }
        What::Hop(v) => {
            dirs = dirs_of(v);
            Act::Hop
        }
        What::Pivot => Act::Pivot,
        What::Anywhere => Act::Anywhere,
    };
    for d in dirs.iter().flatten() {
        if *d != ADJACENT && usize::from(*d) >= nd {
            return Err(Refused(format!(
                "`{}`: a direction this board does not have",
                m.id
            )));
        }
    }
    let max_hops = match &m.max_hops {
        Some(c) => bounded(c, params, range::MAX_HOPS, "`max_hops`")? as u8,
        None => def::MAX_HOPS as u8,
    };
    Ok(Rule {
        id: m.id.clone(),
        act,
        dirs,
        leaps,
        entries,
        by_column: m.what.by_column(grid),
        pieces: mask(&m.pieces),
        puts: m.pieces.first().copied().unwrap_or(0) as u8,
        sides: mask(&m.sides) as u8,
        to: m.to,
        over: m.over,
        capture: m.capture,
        chain: m.chain,
        straight: m.straight,
        longest: m.longest,
        max_hops,
        stop_any: m.stop_any,
        compulsory: m.compulsory,
        from: m.from.map(|r| r as u8),
        into: m.into.map(|r| r as u8),
        not_into: m.not_into.map(|r| r as u8),
        inside: m.inside.map(|r| r as u8),
        next_to: m.next_to,
        flip: m.flip,
        must_flip: m.must_flip,
        custodial: m
            .custodial
            .as_ref()
            .map(|c| (c.hostile.map(|r| r as u8), per_side(&c.dirs))),
        phases: mask(&m.phases),
        to_ok: [[false; 256]; MAX_SIDES],
        limited: m.into.is_some() || m.not_into.is_some(),
        reach: Default::default(),
        reach_at: Default::default(),
        widest: [0; MAX_SIDES],
        blocked_by: match &m.blocked_by {
            Some(c) => bounded(c, params, range::BLOCKED_BY, "`blocked_by`")? as u8,
            None => 0,
        },
        covered_by: None,
        cust_taken: m
            .custodial
            .as_ref()
            .map_or(u16::MAX, |c| kinds_mask(&c.taken)),
        cust_by: m.custodial.as_ref().map_or(u16::MAX, |c| kinds_mask(&c.by)),
        enclose: m.enclose.as_ref().map(|e| EncloseRule {
            taken: kinds_mask(&e.taken),
            hostile: e.hostile.map(|h| h as u8),
            edge_closes: e.edge_closes,
            by: kinds_mask(&e.by),
        }),
        by_roll: m.by_roll,
        through: mask(&m.through),
        back: Default::default(),
        onto_stack: m.onto_stack,
        carry: m.carry.as_ref().map(|c| CarryRule {
            kind: c.kind as u8,
            from: c.from.map(|r| r as u8),
            to: c.to as u8,
        }),
        parts: parts(m, nd, params)?,
        at_most: match &m.pieces_at_most {
            Some(c) => bounded(c, params, range::PIECES_AT_MOST, "`pieces_at_most`")?,
            None => u16::MAX,
        },
    })
}

/// A list of kinds as a bit mask; every kind when empty.
fn kinds_mask(v: &[usize]) -> u16 {
    if v.is_empty() {
        u16::MAX
    } else {
        mask(v)
    }
}

/// The later parts of move `m`, compiled (validation bounded their worst case).
fn parts(
    m: &def::MoveDef,
    nd: usize,
    params: &BTreeMap<String, i64>,
) -> Result<Vec<Part>, Refused> {
    let mut out = Vec::new();
    for p in &m.parts {
        let (act, dirs) = match &p.reach {
            _ if p.remove => (PartAct::Remove, Default::default()),
            def::PartReach::Step(d) => (PartAct::Step, per_side(d)),
            def::PartReach::Slide(d) => (PartAct::Slide, per_side(d)),
            def::PartReach::Anywhere => (PartAct::Anywhere, Default::default()),
        };
        for d in dirs.iter().flatten() {
            if *d != ADJACENT && usize::from(*d) >= nd {
                return Err(Refused(format!(
                    "`{}`: a direction this board does not have",
                    m.id
                )));
            }
        }
        out.push(Part {
            put: p.put.map(|k| k as u8),
            act,
            dirs,
            optional: p.optional,
            when_line: match &p.when_line {
                Some(c) => bounded(c, params, range::LINE, "`when_line`")?,
                None => 0,
            },
            spare_lines: p.spare_lines,
        });
    }
    Ok(out)
}

/// Whether every move of rule `a`, in any position where rule `b` is in force, is a move of
/// `b` written and played alike: `b` moves any piece `a` moves (its kinds, sides, phases, start
/// region, and pieces `a` does not find blocked) to any cell, onto whatever `a` may land on, and
/// neither does more than move (no flip, no custodial capture, not compulsory).
fn covers(b: &Rule, a: &Rule) -> bool {
    let moves_only = |r: &Rule| {
        !r.flip
            && r.custodial.is_none()
            && r.enclose.is_none()
            && !r.compulsory
            && r.parts.is_empty()
    };
    let from_cells = matches!(
        a.act,
        Act::Step | Act::Slide { .. } | Act::Leap | Act::Pivot | Act::Anywhere
    );
    let phases = b.phases == 0 || (a.phases != 0 && a.phases & !b.phases == 0);
    let blocked = b.blocked_by == 0 || (a.blocked_by != 0 && a.blocked_by <= b.blocked_by);
    let lands = (0..MAX_SIDES).all(|s| (0..256).all(|x| !a.to_ok[s][x] || b.to_ok[s][x]));
    b.act == Act::Anywhere
        && from_cells
        && moves_only(a)
        && moves_only(b)
        && !b.limited
        && (b.from.is_none() || b.from == a.from)
        && a.pieces & !b.pieces == 0
        && a.sides & !b.sides == 0
        && phases
        && blocked
        && lands
}

/// Per cell, the sides its border sides close a group for: a marked side acts as the side
/// `[capture] edges` names for its mark; any other border side closes for every side.
fn edges(grid: &Grid, g: &def::GroupCapture) -> Vec<u8> {
    let mut edge = vec![u8::MAX; grid.len()];
    if let Grid::Triangles(t) = grid {
        for b in &t.border {
            if let Some(&(_, s)) = g.edges.iter().find(|(m, _)| *m == b.mark) {
                edge[b.cell] &= 1 << s;
            }
        }
    }
    edge
}

/// What a board byte is to side `s`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// No piece.
    Empty,
    /// The side's own.
    Friend,
    /// Another side's.
    Enemy,
    /// Nobody's (a neutral kind).
    Neutral,
}

/// Whether a cell of class `c` is what `t` asks for.
#[inline]
pub fn fits(t: Target, c: Class) -> bool {
    matches!(
        (t, c),
        (Target::Any, _)
            | (Target::Empty, Class::Empty)
            | (Target::Enemy, Class::Enemy)
            | (Target::EmptyOrEnemy, Class::Empty | Class::Enemy)
            | (Target::Friend, Class::Friend)
    )
}

/// The status a result gives when `subject` meets its condition in position `p`.
pub fn outcome(prog: &Program, p: &DPos, o: Outcome, subject: usize) -> u8 {
    match o {
        Outcome::Win => subject as u8 + 1,
        // With more than two sides, the side after the loser in turn order wins; a solitaire
        // lost has no winner.
        Outcome::Loss if prog.ns == 1 => DRAW,
        Outcome::Loss => ((subject + 1) % prog.ns) as u8 + 1,
        Outcome::Draw => DRAW,
        Outcome::MostPieces
        | Outcome::FewestPieces
        | Outcome::HighestScore
        | Outcome::LowestScore => {
            let counts: Vec<u32> = (0..prog.ns)
                .map(|s| match o {
                    Outcome::HighestScore | Outcome::LowestScore => prog.score_of(p, s),
                    _ => prog.pieces_of(p, s),
                })
                .collect();
            let best = if matches!(o, Outcome::MostPieces | Outcome::HighestScore) {
                counts.iter().max()
            } else {
                counts.iter().min()
            }
            .copied()
            .unwrap_or(0);
            let winners: Vec<usize> = (0..prog.ns).filter(|&s| counts[s] == best).collect();
            match winners[..] {
                [w] => w as u8 + 1,
                _ => DRAW,
            }
        }
    }
}

/// Whether rules `a` and `b` write their moves alike: the same action (a step, a slide and a
/// leap, a pivot and a move anywhere are all written `from-to`), the same kind put, the same capture by a hop.
fn written_alike(a: &Rule, b: &Rule) -> bool {
    if a.parts != b.parts {
        return false;
    }
    let reach = |r: &Rule| {
        matches!(
            r.act,
            Act::Step | Act::Slide { .. } | Act::Leap | Act::Pivot | Act::Anywhere
        )
    };
    match (a.act, b.act) {
        (Act::Place, Act::Place) => a.puts == b.puts,
        (Act::Drop, Act::Drop) => a.puts == b.puts && a.by_column == b.by_column,
        (Act::Hop, Act::Hop) => a.capture == b.capture,
        _ => reach(a) && reach(b),
    }
}

/// Whether two alike rules may yield the same move: they share a side and a phase, and (for a
/// moving piece) a kind and a direction; a leap is taken to meet any rule alike.
fn may_meet(a: &Rule, b: &Rule) -> bool {
    let phases = a.phases == 0 || b.phases == 0 || a.phases & b.phases != 0;
    if a.sides & b.sides == 0 || !phases {
        return false;
    }
    match a.act {
        Act::Place | Act::Drop => true,
        _ if a.pieces & b.pieces == 0 => false,
        _ if [a.act, b.act]
            .iter()
            .any(|x| matches!(x, Act::Leap | Act::Pivot | Act::Anywhere)) =>
        {
            true
        }
        _ => (0..MAX_SIDES).any(|s| a.dirs[s].iter().any(|d| b.dirs[s].contains(d))),
    }
}

/// Per rule, the first rule alike ([`Program::alike`]); and whether two alike rules may meet.
fn overlaps(rules: &[Rule]) -> (Vec<u8>, bool) {
    let mut alike = Vec::with_capacity(rules.len());
    let mut overlap = false;
    for (i, r) in rules.iter().enumerate() {
        let first = (0..i).find(|&j| written_alike(&rules[j], r)).unwrap_or(i);
        alike.push(first as u8);
        overlap |= rules[..i]
            .iter()
            .any(|q| written_alike(q, r) && may_meet(q, r));
    }
    (alike, overlap)
}
