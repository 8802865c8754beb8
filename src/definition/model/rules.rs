//! Declared rules, checked: what `[turns]`, `[regions]`, `[[kind]]`, `[[move]]`, `[[phase]]`,
//! `[[end]]` and `[start]` of a `game.toml` say, with every name resolved to an index.
//!
//! In: built only by `validate::rules`. Out: a [`RulesDef`] the declared engine compiles into
//! its tables (`rules::declared`). No table and no TOML value lives here; each part keeps its
//! place in the file (`at`) so that the engine's own refusals are placed too.

use crate::geometry::{dirs, Grid};
use std::ops::Range;

/// Most sides of a declared game.
pub const MAX_SIDES: usize = 4;
/// Most cells of the board a declared game plays on (16 × 16).
pub const MAX_CELLS: usize = 256;
/// Most `[[kind]]`.
pub const MAX_KINDS: usize = 16;
/// Most `[[move]]`.
pub const MAX_MOVES: usize = 64;
/// Most `[[end]]`.
pub const MAX_ENDS: usize = 32;
/// Most `[regions]`.
pub const MAX_REGIONS: usize = 64;
/// Most `[[phase]]`.
pub const MAX_PHASES: usize = 16;
/// Most `[[variant]]`.
pub const MAX_VARIANTS: usize = 8;
/// Most hops of a chain (a move is packed in 64 bits).
pub const MAX_HOPS: usize = 12;
/// Most later parts of a move (`then`): a move is packed in 64 bits, 9 bits a part.
pub const MAX_PARTS: usize = 3;
/// Most moves the later parts of a move may give, worst case, for one move of its first part
/// (checked at load, from the board's size and the parts' directions).
pub const MAX_PART_MOVES: u64 = 65_536;

/// The range of each count of the format, lowest and highest: one list for the file's checks
/// and the engine's, so a `[rules]` parameter set on the command line (`analyze --set`) is held
/// to what the file may say.
pub mod range {
    /// `[turns] actions` and `first`.
    pub const ACTIONS: (i64, i64) = (1, 16);
    /// A phase's `until = { plies = N }`.
    pub const PHASE_PLIES: (i64, i64) = (1, 10_000);
    /// `[start] hand`.
    pub const HAND: (i64, i64) = (0, 255);
    /// A kind's `max`.
    pub const MAX: (i64, i64) = (1, super::MAX_CELLS as i64);
    /// A slide's `min` and `max` (cells).
    pub const SLIDE: (i64, i64) = (1, 16);
    /// A chain's `max_hops` (a move is packed in 64 bits).
    pub const MAX_HOPS: (i64, i64) = (1, super::MAX_HOPS as i64);
    /// An end's `line`.
    pub const LINE: (i64, i64) = (2, 16);
    /// An end's `plies`.
    pub const PLIES: (i64, i64) = (1, 60_000);
    /// An end's `no_progress`.
    pub const NO_PROGRESS: (i64, i64) = (1, 10_000);
    /// An end's `score`.
    pub const SCORE: (i64, i64) = (0, 10_000);
    /// An end's `repetition`.
    pub const REPETITION: (i64, i64) = (2, 16);
    /// `[[end]] pieces`: at most this many pieces left.
    pub const PIECES: (i64, i64) = (0, super::MAX_CELLS as i64);
    /// A move's `blocked_by`: enemies across a cell's sides (a square cell has 4, a hex 6).
    pub const BLOCKED_BY: (i64, i64) = (1, 6);
    /// `[dice] count`.
    pub const DICE: (i64, i64) = (1, 4);
    /// `[dice] faces`.
    pub const FACES: (i64, i64) = (2, 20);
    /// A kind's `stack`.
    pub const STACK: (i64, i64) = (2, 8);
    /// A move's `pieces_at_most`.
    pub const PIECES_AT_MOST: (i64, i64) = (0, super::MAX_CELLS as i64);
}

/// A place in the definition file (byte offsets), for messages.
pub type Place = Range<usize>;

/// One value per side, in `sides` order; a value written once for all sides is repeated.
pub type PerSide<T> = Vec<T>;

/// A direction as an index into the board grid's directions (`geometry::dirs`), absolute:
/// relative names (`forward-left`) are resolved per side by validation.
pub type Dir = u8;

/// The cells across a side: triangle boards, whose only direction is `step = "adjacent"`.
pub const ADJACENT: Dir = u8::MAX;

/// The token of a stack of `h` pieces whose one piece is written `base`: `base` itself for one,
/// else the height after it (`W` → `W2`), or the height alone when `base` is `1` (bricks written
/// `1`, `2`, `3`).
pub fn stack_token(base: &str, h: u8) -> String {
    match (h, base) {
        (1, _) => base.to_string(),
        (_, "1") => h.to_string(),
        _ => format!("{base}{h}"),
    }
}

/// Declared rules (`[turns]` and the tables that go with it).
#[derive(Debug, Clone, PartialEq)]
pub struct RulesDef {
    /// Side ids in turn order (1 to [`MAX_SIDES`]).
    pub sides: Vec<String>,
    /// Per side, the words naming it in rulebooks (the id first).
    pub words: PerSide<Vec<String>>,
    /// Per side, its `forward` compass direction as written (`north`), if it has one: what a
    /// rulebook's `forward` and `backward` mean for that side's pieces.
    pub forward: PerSide<Option<String>>,
    /// When a side may pass.
    pub pass: Pass,
    /// Actions (plies) of a turn.
    pub actions: Count,
    /// Actions of the very first turn.
    pub first: Count,
    /// Named sets of cells (grid indices), one set per side.
    pub regions: Vec<RegionDef>,
    /// Kinds of pieces, in file order.
    pub kinds: Vec<KindDef>,
    /// Ways of moving, in file order.
    pub moves: Vec<MoveDef>,
    /// Phases, in file order (none: one phase).
    pub phases: Vec<PhaseDef>,
    /// End conditions, checked in file order.
    pub ends: Vec<EndDef>,
    /// The starting position.
    pub start: StartDef,
    /// `[capture]`: groups captured after every ply.
    pub capture: Option<GroupCapture>,
    /// `[dice]`: dice rolled for every ply.
    pub dice: Option<DiceDef>,
    /// `[score]`: what a side's score counts (pieces on the board by default).
    pub score: ScoreDef,
    /// The board's holes (grid cells that are no cells), sorted: the board's own list.
    pub holes: Vec<usize>,
    /// `[[variant]]` ids, the first the default (none: one set of rules).
    pub variants: Vec<String>,
    /// The `[rules]` parameters the counts read, sorted.
    pub params_used: Vec<String>,
}

/// A count as written: a number, or a `[rules]` parameter read when the engine is built (so
/// `analyze --set rules.x=...` sweeps it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Count {
    /// A fixed number.
    Fixed(i64),
    /// The `[rules]` parameter of this name.
    Param(String),
}

/// `[turns] pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pass {
    /// No pass.
    #[default]
    Never,
    /// A side with no move passes while another side has one (Reversi).
    WhenStuck,
    /// A pass is always one of the moves.
    Always,
}

/// A `[regions]` entry.
#[derive(Debug, Clone, PartialEq)]
pub struct RegionDef {
    /// Its name.
    pub name: String,
    /// Its cells, per side, sorted.
    pub cells: PerSide<Vec<usize>>,
    /// Where it is defined.
    pub at: Place,
}

/// A `[[kind]]`.
#[derive(Debug, Clone, PartialEq)]
pub struct KindDef {
    /// Its id.
    pub id: String,
    /// Per side, the token a board writes for a piece of this kind; for a neutral kind, its
    /// one token.
    pub tokens: PerSide<String>,
    /// Owned by no side (an arrow, a wall).
    pub neutral: bool,
    /// Most pieces of it one cell holds (1: no stacks).
    pub stack: u8,
    /// Most pieces of this kind each side has (`None`: no limit), one entry a side (one for
    /// a neutral kind).
    pub max: PerSide<Option<Count>>,
    /// What it becomes, where.
    pub promote: Option<Promote>,
    /// Where it is defined.
    pub at: Place,
}

/// `promote = { to, in, ends_move }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Promote {
    /// The kind it becomes (index into `kinds`).
    pub to: usize,
    /// The region (index into `regions`), read per side.
    pub region: usize,
    /// A chain stops there.
    pub ends_move: bool,
}

/// What a cell may hold, seen from the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Nothing.
    Empty,
    /// Another side's piece.
    Enemy,
    /// Nothing or another side's piece.
    EmptyOrEnemy,
    /// The mover's own piece.
    Friend,
    /// Anything.
    Any,
}

/// What a move does.
#[derive(Debug, Clone, PartialEq)]
pub enum What {
    /// A piece on an empty cell.
    Place,
    /// A piece into a column, falling in this direction (per side).
    Drop(PerSide<Dir>),
    /// One cell in one of these directions.
    Step(PerSide<Vec<Dir>>),
    /// Along a line over empty cells, `min` to `max` cells (to the edge when `max` is absent).
    Slide {
        /// Directions per side.
        dirs: PerSide<Vec<Dir>>,
        /// Fewest cells.
        min: Count,
        /// Most cells.
        max: Option<Count>,
    },
    /// To the cells at these offsets (columns, rows; hex: axial), signs and swaps included
    /// when written with `mirror`.
    Leap(Vec<(i32, i32)>),
    /// Over one adjacent piece to the empty cell behind it.
    Hop(PerSide<Vec<Dir>>),
    /// Rolling around one of its corners, through empty cells, onto an empty cell (triangle
    /// boards).
    Pivot,
    /// To any cell the move's `to` allows.
    Anywhere,
}

impl What {
    /// Whether a drop is written by its column's letter (§11 of docs/rules-format.md): on a
    /// square board, falling along the files (north or south) for every side. Other drops are
    /// written by their landing cell.
    pub fn by_column(&self, grid: &Grid) -> bool {
        let files = |&d: &Dir| {
            dirs::directions(grid)
                .get(usize::from(d))
                .is_some_and(|n| matches!(*n, "north" | "south"))
        };
        match self {
            What::Drop(d) => matches!(grid, Grid::Square(_)) && d.iter().all(files),
            _ => false,
        }
    }
}

/// A `[[move]]`.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveDef {
    /// Its name (`move-<n>` when not given).
    pub id: String,
    /// What it does.
    pub what: What,
    /// The kinds that make it (indices into `kinds`); a place or drop puts the first.
    pub pieces: Vec<usize>,
    /// The sides that have it (indices into `sides`).
    pub sides: Vec<usize>,
    /// What the target cell may hold.
    pub to: Target,
    /// (hop) what is hopped over.
    pub over: Target,
    /// (hop) the piece hopped over is removed.
    pub capture: bool,
    /// (hop) the same piece hops again while it can.
    pub chain: bool,
    /// (chain) all hops in one direction.
    pub straight: bool,
    /// (chain) only the longest chains.
    pub longest: bool,
    /// (chain) most hops.
    pub max_hops: Option<Count>,
    /// (chain) the chain may stop after any hop (else only where no hop is left).
    pub stop_any: bool,
    /// While a compulsory move is legal, the others are not.
    pub compulsory: bool,
    /// Regions (indices) the piece starts in, ends in, may not end in; where a piece is placed.
    pub from: Option<usize>,
    /// See `from`.
    pub into: Option<usize>,
    /// See `from`.
    pub not_into: Option<usize>,
    /// See `from`.
    pub inside: Option<usize>,
    /// (place) next to such a piece.
    pub next_to: Option<Target>,
    /// Lines of enemies closed by a friend change side.
    pub flip: bool,
    /// Legal only where `flip` turns a piece.
    pub must_flip: bool,
    /// Capture by enclosing.
    pub custodial: Option<Custodial>,
    /// Capture of a piece closed on every side.
    pub enclose: Option<Enclose>,
    /// The phases it exists in (indices; empty: every phase).
    pub phases: Vec<usize>,
    /// A piece with this many enemies across its sides cannot make it.
    pub blocked_by: Option<Count>,
    /// It exists only while its side has at most this many pieces on the board.
    pub pieces_at_most: Option<Count>,
    /// The later parts of the move, in order.
    pub parts: Vec<PartDef>,
    /// (slide) exactly as many cells as the dice's sum.
    pub by_roll: bool,
    /// (slide) the kinds (indices) a slide passes over.
    pub through: Vec<usize>,
    /// An enemy landed on goes back along its column from its side's cells of this region
    /// (index) to the first empty cell.
    pub send_back: Option<usize>,
    /// The piece may also end on (or be put onto) a stack of its kind and side.
    pub onto_stack: bool,
    /// The move may end on a stack it carries to the mover's region.
    pub carry: Option<Carry>,
    /// Where it is defined.
    pub at: Place,
}

/// `carry`: a move that ends on a stack of a neutral kind takes it and puts its pieces one at
/// a time in the mover's region, each on a cell holding nothing or a stack of that kind below
/// its height, with the fewest pieces among such cells (the mover choosing among them).
#[derive(Debug, Clone, PartialEq)]
pub struct Carry {
    /// The kind (index) carried.
    pub kind: usize,
    /// The region (index) a stack may be taken from; anywhere when `None`.
    pub from: Option<usize>,
    /// The region (index) its pieces go to.
    pub to: usize,
}

/// `[score]`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScoreDef {
    /// What is counted.
    pub count: ScoreCount,
    /// Only pieces of this kind (index) count (pieces, in-region).
    pub kind: Option<usize>,
    /// A bonus once the score reaches a number.
    pub bonus: Option<Bonus>,
}

/// `[score] bonus`.
#[derive(Debug, Clone, PartialEq)]
pub struct Bonus {
    /// The score that earns it.
    pub at: Count,
    /// What it adds.
    pub add: Count,
    /// The variants (indices) that have it; every one when empty.
    pub variants: Vec<usize>,
}

/// What a score counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScoreCount {
    /// The side's pieces on the board.
    #[default]
    Pieces,
    /// The enemy pieces the side has taken (removed or turned over).
    Taken,
    /// The side's pieces on its own cells of a region (index); of a neutral `kind`, the
    /// pieces of that kind there.
    InRegion(usize),
}

/// `[dice]`.
#[derive(Debug, Clone, PartialEq)]
pub struct DiceDef {
    /// How many dice.
    pub count: Count,
    /// Faces of each die.
    pub faces: Count,
    /// Rolls after whose ply the same side rolls again.
    pub again: Vec<i64>,
    /// Rolls on which the side passes.
    pub pass: Vec<i64>,
    /// After a ply that captures, the same side rolls again.
    pub again_after_capture: bool,
}

/// A later part of a move: from the cell the move stands on, a step or slide (or any empty
/// cell), where a piece of `put` is put, or else the moved piece goes.
#[derive(Debug, Clone, PartialEq)]
pub struct PartDef {
    /// The kind (index) put there; `None`: the moved piece goes there.
    pub put: Option<usize>,
    /// How the cell is reached.
    pub reach: PartReach,
    /// The move may end before this part.
    pub optional: bool,
    /// The part takes an enemy piece (on any cell holding one) instead of reaching a cell.
    pub remove: bool,
    /// (remove) only after a line of this many of the mover's pieces through the cell the
    /// move stands on.
    pub when_line: Option<Count>,
    /// (remove) pieces standing in such a line of their side are spared while others are not.
    pub spare_lines: bool,
}

/// How a part reaches its cell, from where the move stands; always an empty cell.
#[derive(Debug, Clone, PartialEq)]
pub enum PartReach {
    /// One cell in one of these directions (per side).
    Step(PerSide<Vec<Dir>>),
    /// Along a line over empty cells, in one of these directions (per side).
    Slide(PerSide<Vec<Dir>>),
    /// Any empty cell.
    Anywhere,
}

/// `[capture]`: after every ply, groups of the other sides that the ply closes are captured.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupCapture {
    /// `no-liberties` (closed by any piece) rather than `encircled` (by the mover's only).
    pub liberties: bool,
    /// The pieces change side (else they are removed).
    pub turn: bool,
    /// Per border mark (`geometry::BorderMark` order: hole, plain), the side (index) it acts
    /// as; a border side whose mark is not listed, or a board without marks, closes for every
    /// side.
    pub edges: Vec<(crate::geometry::BorderMark, usize)>,
}

/// `custodial = { with, hostile, dirs, taken, by }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Custodial {
    /// A region (index) that encloses like a friendly piece, when `friend-or-hostile`.
    pub hostile: Option<usize>,
    /// The lines looked along, per side.
    pub dirs: PerSide<Vec<Dir>>,
    /// The kinds (indices) that may be taken; empty: every kind.
    pub taken: Vec<usize>,
    /// The kinds (indices) of the mover's pieces that close; empty: every kind.
    pub by: Vec<usize>,
}

/// `enclose = { taken, hostile, edge, by }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Enclose {
    /// The kinds (indices) taken this way.
    pub taken: Vec<usize>,
    /// A region (index) whose empty cells close.
    pub hostile: Option<usize>,
    /// The board's edge closes (else a piece on the edge is safe).
    pub edge_closes: bool,
    /// The kinds (indices) of the mover's pieces that close; empty: every kind.
    pub by: Vec<usize>,
}

/// A `[[phase]]`.
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseDef {
    /// Its id.
    pub id: String,
    /// When it ends.
    pub until: Until,
}

/// When a phase ends.
#[derive(Debug, Clone, PartialEq)]
pub enum Until {
    /// No piece left in any hand.
    HandsEmpty,
    /// After this many plies of the phase.
    Plies(Count),
}

/// A `[[end]]`.
#[derive(Debug, Clone, PartialEq)]
pub struct EndDef {
    /// When it holds.
    pub cond: Cond,
    /// The result for the condition's subject.
    pub result: Outcome,
    /// The one side (index) it is judged for; every side when `None`.
    pub side: Option<usize>,
    /// The phases (indices) in which it holds; every phase when empty.
    pub phases: Vec<usize>,
    /// The variants (indices) in which it holds; every one when empty.
    pub variants: Vec<usize>,
    /// Where it is defined.
    pub at: Place,
}

/// An end condition.
#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    /// A piece stands in its side's region (index).
    Reach(usize),
    /// A side has no piece on the board nor in hand.
    NoPieces,
    /// A side has no piece of this kind (index) left.
    Captured(usize),
    /// A side has at most `n` pieces on the board (of `kind` only, when given).
    Pieces {
        /// Most pieces.
        n: Count,
        /// The kind (index) counted.
        kind: Option<usize>,
    },
    /// The side to move has no legal move.
    NoMoves,
    /// The last move made a line of `n` (exactly `n` with `exact`) along these directions'
    /// axes (every axis when empty).
    Line {
        /// Length.
        n: Count,
        /// Exactly `n`.
        exact: bool,
        /// Directions whose lines count.
        dirs: Vec<Dir>,
    },
    /// Per side, the two regions (indices) a chain of its pieces joins.
    Connect(PerSide<(usize, usize)>),
    /// That many plies were played.
    Plies(Count),
    /// That many plies without capture, placement or move of a `by` kind (indices).
    NoProgress {
        /// Plies.
        n: Count,
        /// Kinds whose moves are progress.
        by: Vec<usize>,
    },
    /// A side's score reaches `n`.
    Score(Count),
    /// No piece (of `kind`, index) is left in the region (index; the first side's cells).
    Empty {
        /// The region.
        region: usize,
        /// The kind counted; every kind when `None`.
        kind: Option<usize>,
    },
    /// The same board and side to move for the n-th time since the last progress.
    Repetition {
        /// Times.
        n: Count,
        /// Kinds whose moves are progress.
        by: Vec<usize>,
    },
}

/// `[[end]] result`, seen from the condition's subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The subject wins.
    Win,
    /// The subject loses.
    Loss,
    /// Nobody wins.
    Draw,
    /// The side with most pieces on the board wins.
    MostPieces,
    /// The side with fewest pieces on the board wins.
    FewestPieces,
    /// The side with the highest score wins.
    HighestScore,
    /// The side with the lowest score wins.
    LowestScore,
}

/// `[start]`.
#[derive(Debug, Clone, PartialEq)]
pub struct StartDef {
    /// The side to move first (index).
    pub to_move: usize,
    /// `to_move = "drawn"`: the first side is drawn from the seed of `new` (before the first
    /// roll of the dice).
    pub drawn: bool,
    /// The board as written (rows top first), read by the engine like a position file's; an
    /// empty board when absent.
    pub board: Option<(String, Place)>,
    /// Per side, pieces in hand, when given.
    pub hand: Option<PerSide<Count>>,
}
