//! Raw declared rules: `[turns]`, `[regions]`, `[[kind]]`, `[[move]]`, `[[phase]]`, `[[end]]` and
//! `[start]` of a `game.toml`, as written (docs: design of issue 32, §3).
//!
//! In: TOML tables. Out: unchecked structs for `validate::rules`, every leaf spanned so that each
//! refusal is placed. Keys whose order matters are arrays: `toml` sorts a table's keys.

use super::value::{I, S};
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use toml::Spanned;

/// A spanned flag.
pub type B = Spanned<bool>;

/// A table keyed by names as written (sides, regions), each key with its place.
pub type Named<T> = BTreeMap<S, T>;

/// `[turns]`: who plays, in which order, and what "forward" is for each.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnsRaw {
    /// Side ids in turn order (1 to 4).
    #[schemars(with = "Vec<String>")]
    pub sides: Spanned<Vec<S>>,
    /// Side → its compass direction `forward` (`{ white = "north", black = "south" }`).
    #[schemars(with = "Option<BTreeMap<String, String>>")]
    pub forward: Option<Spanned<Named<S>>>,
    /// `never` (the default), `when-stuck` or `always`.
    #[schemars(with = "Option<String>")]
    pub pass: Option<S>,
    /// Actions (plies) of a turn (1 by default).
    #[schemars(with = "Option<super::schema::Actions>")]
    pub actions: Option<Spanned<Count>>,
    /// Actions of the very first turn (`actions` by default).
    #[schemars(with = "Option<super::schema::Actions>")]
    pub first: Option<Spanned<Count>>,
    /// Side → the words naming it in rulebooks of other languages (`{ cross = ["croix"] }`).
    #[schemars(with = "Option<BTreeMap<String, Vec<String>>>")]
    pub words: Option<Spanned<Named<Spanned<Vec<S>>>>>,
}

/// The cells of a region, one way of naming them.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CellsRaw {
    /// Whole rows, numbered from the bottom (1-based).
    #[schemars(with = "Option<Vec<i64>>")]
    pub ranks: Option<Spanned<Vec<I>>>,
    /// Whole columns, by letter (`["a"]`).
    #[schemars(with = "Option<Vec<String>>")]
    pub files: Option<Spanned<Vec<S>>>,
    /// Named cells (`["a1", "c3"]`).
    #[schemars(with = "Option<Vec<String>>")]
    pub cells: Option<Spanned<Vec<S>>>,
    /// The cells of the board's `[[board.region]]` of this role.
    #[schemars(with = "Option<String>")]
    pub role: Option<S>,
    /// `border`, `all`, `dark` or `light`.
    #[schemars(with = "Option<String>")]
    pub select: Option<S>,
}

/// A `[regions]` entry: one set of cells for every side, or one per side.
#[derive(Debug)]
pub enum RulesRegionRaw {
    /// `{ ranks = [8] }`: the same cells for all.
    One(CellsRaw),
    /// `{ white = { ranks = [8] }, black = { ranks = [1] } }`, in key order.
    PerSide(Vec<(S, Spanned<CellsRaw>)>),
}

impl<'de> Deserialize<'de> for RulesRegionRaw {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RulesRegionRaw;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a set of cells (`{ ranks = [1] }`, `files`, `cells`, `role`, `select`) or one per side (`{ white = { ranks = [8] }, ... }`)",
                )
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RulesRegionRaw, A::Error> {
                let mut one = CellsRaw::default();
                let (mut selectors, mut sides) = (0, Vec::new());
                while let Some(key) = map.next_key::<S>()? {
                    match key.get_ref().as_str() {
                        "ranks" => one.ranks = Some(map.next_value()?),
                        "files" => one.files = Some(map.next_value()?),
                        "cells" => one.cells = Some(map.next_value()?),
                        "role" => one.role = Some(map.next_value()?),
                        "select" => one.select = Some(map.next_value()?),
                        _ => {
                            sides.push((key, map.next_value()?));
                            continue;
                        }
                    }
                    selectors += 1;
                }
                match (selectors, sides.is_empty()) {
                    (_, true) => Ok(RulesRegionRaw::One(one)),
                    (0, false) => Ok(RulesRegionRaw::PerSide(sides)),
                    _ => Err(de::Error::custom(
                        "a region is one set of cells (`{ ranks = [1] }`) or one set per side (`{ white = { ranks = [8] }, black = { ranks = [1] } }`), not both",
                    )),
                }
            }
        }
        d.deserialize_map(V)
    }
}

/// `[[kind]]`: a kind of piece.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KindRaw {
    /// The kind's id (`pawn`, `man`, `king`).
    #[schemars(with = "String")]
    pub id: S,
    /// Side → the token a position's board writes for this kind (`{ white = "W" }`).
    #[schemars(with = "Option<BTreeMap<String, String>>")]
    pub tokens: Option<Spanned<Named<S>>>,
    /// The token of a kind owned by no side (an arrow, a wall), instead of `tokens`.
    #[schemars(with = "Option<String>")]
    pub neutral: Option<S>,
    /// Pieces of this kind pile up on a cell, this many at most (2 to 8).
    #[schemars(with = "Option<super::schema::Stack>")]
    pub stack: Option<Spanned<Count>>,
    /// Most pieces of this kind a side has (one count, or a count per side); the supply of a
    /// `place` without `[start] hand`.
    #[schemars(with = "Option<Max>")]
    pub max: Option<Spanned<Max>>,
    /// Promotion: `{ to = "king", in = "crown", ends_move = true }`.
    #[schemars(with = "Option<PromoteRaw>")]
    pub promote: Option<Spanned<PromoteRaw>>,
}

impl KindRaw {
    /// The most pieces of this kind one cell holds as written (`stack`; 1 without it or when
    /// it names no number, which validation refuses), kept within the format's 1 to 8.
    pub fn height(&self) -> u8 {
        match self.stack.as_ref().map(Spanned::get_ref) {
            Some(Count::N(n)) => (*n).clamp(1, 8) as u8,
            _ => 1,
        }
    }
}

/// `promote = { to, in, ends_move }`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PromoteRaw {
    /// The kind it becomes.
    #[schemars(with = "String")]
    pub to: S,
    /// The region (the side's own set) where it does.
    #[serde(rename = "in")]
    #[schemars(with = "String")]
    pub inside: S,
    /// A chain stops on promotion.
    #[schemars(with = "Option<bool>")]
    pub ends_move: Option<B>,
}

/// `[[move]]`: one way of moving. Exactly one of `place`, `drop`, `step`, `slide`, `leap`, `hop`
/// says what it does (checked in validation, which names both when two are given).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRaw {
    /// A name for messages (`move-<n>` by default).
    #[schemars(with = "Option<String>")]
    pub id: Option<S>,
    /// `"empty"`: put a piece on an empty cell.
    #[schemars(with = "Option<String>")]
    pub place: Option<S>,
    /// A direction: the piece falls that way to the last empty cell of a column.
    #[schemars(with = "Option<String>")]
    pub drop: Option<S>,
    /// Directions of a one-cell step.
    #[schemars(with = "Option<Strs>")]
    pub step: Option<Spanned<Strs>>,
    /// Directions of a slide over empty cells.
    #[schemars(with = "Option<Strs>")]
    pub slide: Option<Spanned<Strs>>,
    /// Offsets `[[1, 2], [2, 1]]` of a leap.
    #[schemars(with = "Option<Vec<Vec<i64>>>")]
    pub leap: Option<Spanned<Vec<Spanned<Vec<I>>>>>,
    /// Directions of a hop over one adjacent piece.
    #[schemars(with = "Option<Strs>")]
    pub hop: Option<Spanned<Strs>>,
    /// `"corners"`: the piece rolls around one of its corners through empty cells (triangle
    /// boards).
    #[schemars(with = "Option<String>")]
    pub pivot: Option<S>,
    /// The piece moves to any cell `to` allows.
    #[schemars(with = "Option<bool>")]
    pub anywhere: Option<B>,
    /// A piece with this many enemies or more across its sides cannot make this move.
    #[schemars(with = "Option<super::schema::BlockedBy>")]
    pub blocked_by: Option<Spanned<Count>>,
    /// The move exists only while its side has at most this many pieces on the board.
    #[schemars(with = "Option<super::schema::PiecesAtMost>")]
    pub pieces_at_most: Option<Spanned<Count>>,
    /// (leap) every sign and swap of the offsets too.
    #[schemars(with = "Option<bool>")]
    pub mirror: Option<B>,
    /// (slide) fewest cells.
    #[schemars(with = "Option<super::schema::Slide>")]
    pub min: Option<Spanned<Count>>,
    /// (slide) most cells.
    #[schemars(with = "Option<super::schema::Slide>")]
    pub max: Option<Spanned<Count>>,
    /// The kind(s) that may make the move (a `place`/`drop` puts this kind).
    #[schemars(with = "Option<Strs>")]
    pub piece: Option<Spanned<Strs>>,
    /// The sides that have this move.
    #[schemars(with = "Option<Strs>")]
    pub side: Option<Spanned<Strs>>,
    /// What the target may hold: `empty`, `enemy`, `empty-or-enemy`, `friend`, `any`.
    #[schemars(with = "Option<String>")]
    pub to: Option<S>,
    /// (hop) what is hopped over: `enemy`, `friend`, `any`.
    #[schemars(with = "Option<String>")]
    pub over: Option<S>,
    /// (hop) the piece hopped over is removed.
    #[schemars(with = "Option<bool>")]
    pub capture: Option<B>,
    /// (hop) the same piece hops again while it can.
    #[schemars(with = "Option<bool>")]
    pub chain: Option<B>,
    /// (chain) every hop in the same direction.
    #[schemars(with = "Option<bool>")]
    pub straight: Option<B>,
    /// (chain) only the chains capturing the most.
    #[schemars(with = "Option<bool>")]
    pub longest: Option<B>,
    /// (chain) most hops of a chain.
    #[schemars(with = "Option<super::schema::MaxHops>")]
    pub max_hops: Option<Spanned<Count>>,
    /// (chain) `"any"`: the chain may stop after any hop; `"end"` (the default): only where
    /// no hop is left.
    #[schemars(with = "Option<String>")]
    pub stop: Option<S>,
    /// While any compulsory move is legal, the others are not.
    #[schemars(with = "Option<bool>")]
    pub compulsory: Option<B>,
    /// The region the piece must start in.
    #[schemars(with = "Option<String>")]
    pub from: Option<S>,
    /// The region the piece must end in.
    #[schemars(with = "Option<String>")]
    pub into: Option<S>,
    /// A region the piece may not end in.
    #[schemars(with = "Option<String>")]
    pub not_into: Option<S>,
    /// (place) the region placed in.
    #[serde(rename = "in")]
    #[schemars(with = "Option<String>")]
    pub inside: Option<S>,
    /// (place) next to a `friend`, `enemy` or `any` piece.
    #[schemars(with = "Option<String>")]
    pub next_to: Option<S>,
    /// `enclosed`: lines of enemies closed by a friend change side (Reversi).
    #[schemars(with = "Option<String>")]
    pub flip: Option<S>,
    /// Legal only where `flip` turns a piece.
    #[schemars(with = "Option<bool>")]
    pub must_flip: Option<B>,
    /// Capture by enclosing: `{ with = "friend" }`.
    #[schemars(with = "Option<CustodialRaw>")]
    pub custodial: Option<Spanned<CustodialRaw>>,
    /// Capture of a piece closed on every side: `{ taken = "king", edge = "safe" }`.
    #[schemars(with = "Option<EncloseRaw>")]
    pub enclose: Option<Spanned<EncloseRaw>>,
    /// The phase(s) in which the move exists.
    #[schemars(with = "Option<Strs>")]
    pub phase: Option<Spanned<Strs>>,
    /// `"sum"`: (a slide) exactly as many cells as the dice show in all.
    #[schemars(with = "Option<String>")]
    pub roll: Option<S>,
    /// (slide) the kinds it passes over (they count in its cells).
    #[schemars(with = "Option<Strs>")]
    pub through: Option<Spanned<Strs>>,
    /// A region: an enemy the move lands on is not taken but sent back along its column, to
    /// the first empty cell from its side's cell of this region (Alpha-BRIK's attack).
    #[schemars(with = "Option<String>")]
    pub send_back: Option<S>,
    /// `"stack"`: the piece may also end on a stack of its kind and side (or put onto one),
    /// piling up to the kind's `stack`.
    #[schemars(with = "Option<String>")]
    pub onto: Option<S>,
    /// The later parts of the move, each from where the one before ended.
    #[schemars(with = "Option<Vec<PartRaw>>")]
    pub then: Option<Spanned<Vec<Spanned<PartRaw>>>>,
    /// The move may end on a stack of a neutral kind, which it carries to the mover's region
    /// (Alpha-BRIK's bricks): `{ piece = "brick", from = "open", to = "camp" }`.
    #[schemars(with = "Option<CarryRaw>")]
    pub carry: Option<Spanned<CarryRaw>>,
}

/// `carry = { piece, from, to }`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CarryRaw {
    /// The neutral kind carried.
    #[schemars(with = "String")]
    pub piece: S,
    /// The region (the mover's) where a stack may be taken; anywhere without it.
    #[schemars(with = "Option<String>")]
    pub from: Option<S>,
    /// The region (the mover's) where its pieces are put, one at a time, each on a least
    /// loaded cell.
    #[schemars(with = "String")]
    pub to: S,
}

/// `[[variant]]`: a variant of the rules, chosen by a position's `variant` key.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantRaw {
    /// The variant's id (`classic`); the first is the default.
    #[schemars(with = "String")]
    pub id: S,
}

/// `[score] bonus = { at, add, variant }`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BonusRaw {
    /// The score at which the bonus is earned.
    #[schemars(with = "super::schema::Score")]
    pub at: Spanned<Count>,
    /// What it adds.
    #[schemars(with = "super::schema::Score")]
    pub add: Spanned<Count>,
    /// The variant(s) that have it (every one by default).
    #[schemars(with = "Option<Strs>")]
    pub variant: Option<Spanned<Strs>>,
}

/// A later part of a `[[move]]` (`then = [{ place = "arrow", slide = "all" }]`).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartRaw {
    /// A kind put on the cell the part reaches (else the moved piece goes there).
    #[schemars(with = "Option<String>")]
    pub place: Option<S>,
    /// Directions of one step from where the move stands.
    #[schemars(with = "Option<Strs>")]
    pub step: Option<Spanned<Strs>>,
    /// Directions of a slide over empty cells from where the move stands.
    #[schemars(with = "Option<Strs>")]
    pub slide: Option<Spanned<Strs>>,
    /// The move may end before this part.
    #[schemars(with = "Option<bool>")]
    pub optional: Option<B>,
    /// `"enemy"`: the part takes an enemy piece anywhere on the board (a mill's capture).
    #[schemars(with = "Option<String>")]
    pub remove: Option<S>,
    /// (remove) only when the move so far made a line of this many of the mover's pieces
    /// through the cell it stands on; else the move ends before the part.
    #[schemars(with = "Option<super::schema::Line>")]
    pub when_line: Option<Spanned<Count>>,
    /// (remove) a piece standing in such a line of its side is taken only when every one is.
    #[schemars(with = "Option<bool>")]
    pub spare_lines: Option<B>,
}

/// `custodial = { with, hostile, dirs }`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustodialRaw {
    /// `friend` or `friend-or-hostile`.
    #[schemars(with = "String")]
    pub with: S,
    /// The region that counts as hostile.
    #[schemars(with = "Option<String>")]
    pub hostile: Option<S>,
    /// The lines looked along (`orthogonal` by default).
    #[schemars(with = "Option<Strs>")]
    pub dirs: Option<Spanned<Strs>>,
    /// The kinds that may be taken (every kind by default).
    #[schemars(with = "Option<Strs>")]
    pub taken: Option<Spanned<Strs>>,
    /// The kinds of the mover's pieces that close (every kind by default).
    #[schemars(with = "Option<Strs>")]
    pub by: Option<Spanned<Strs>>,
}

/// `enclose = { taken, hostile, edge }`: an enemy piece next to the cell moved to, closed on
/// every side, is taken.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EncloseRaw {
    /// The kinds taken this way.
    #[schemars(with = "Strs")]
    pub taken: Spanned<Strs>,
    /// A region whose empty cells close like the mover's pieces.
    #[schemars(with = "Option<String>")]
    pub hostile: Option<S>,
    /// `"safe"` (a piece on the edge is never enclosed) or `"hostile"` (the edge closes).
    #[schemars(with = "Option<String>")]
    pub edge: Option<S>,
    /// The kinds of the mover's pieces that close (every kind by default).
    #[schemars(with = "Option<Strs>")]
    pub by: Option<Spanned<Strs>>,
}

/// `[[phase]]`: phases follow in file order.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhaseRaw {
    /// The phase's id, named by a move's `phase`.
    #[schemars(with = "String")]
    pub id: S,
    /// `"hands-empty"` or `{ plies = 12 }`.
    #[schemars(with = "Until")]
    pub until: Spanned<Until>,
}

/// When a phase ends.
#[derive(Debug)]
pub enum Until {
    /// A word (`hands-empty`).
    Word(String),
    /// `{ plies = n }`.
    Plies(Spanned<Count>),
}

impl<'de> Deserialize<'de> for Until {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Until;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`\"hands-empty\"` or `{ plies = 12 }`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Until, E> {
                Ok(Until::Word(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Until, A::Error> {
                let mut plies = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key != "plies" || plies.is_some() {
                        return Err(de::Error::unknown_field(&key, &["plies"]));
                    }
                    plies = Some(map.next_value()?);
                }
                plies
                    .map(Until::Plies)
                    .ok_or_else(|| de::Error::missing_field("plies"))
            }
        }
        d.deserialize_any(V)
    }
}

/// `[[end]]`: one condition, then its result seen from the condition's subject.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EndRaw {
    /// A piece stands in its side's region of this name.
    #[schemars(with = "Option<String>")]
    pub reach: Option<S>,
    /// A side has no piece on the board nor in hand.
    #[schemars(with = "Option<bool>")]
    pub no_pieces: Option<B>,
    /// A side has no piece of this kind left.
    #[schemars(with = "Option<String>")]
    pub captured: Option<S>,
    /// A side has at most this many pieces on the board.
    #[schemars(with = "Option<super::schema::Pieces>")]
    pub pieces: Option<Spanned<Count>>,
    /// (pieces) only pieces of this kind count.
    #[schemars(with = "Option<String>")]
    pub kind: Option<S>,
    /// The one side the end is judged for.
    #[schemars(with = "Option<String>")]
    pub side: Option<S>,
    /// The side to move has no legal move.
    #[schemars(with = "Option<bool>")]
    pub no_moves: Option<B>,
    /// The last move made a line of this many pieces.
    #[schemars(with = "Option<super::schema::Line>")]
    pub line: Option<Spanned<Count>>,
    /// (line) exactly that many.
    #[schemars(with = "Option<bool>")]
    pub exact: Option<B>,
    /// (line) the lines that count.
    #[schemars(with = "Option<Strs>")]
    pub dirs: Option<Spanned<Strs>>,
    /// Side → the two regions a chain of its pieces joins.
    #[schemars(with = "Option<BTreeMap<String, Vec<String>>>")]
    pub connect: Option<Spanned<Named<Spanned<Vec<S>>>>>,
    /// That many plies were played.
    #[schemars(with = "Option<super::schema::Plies>")]
    pub plies: Option<Spanned<Count>>,
    /// That many plies without progress.
    #[schemars(with = "Option<super::schema::NoProgress>")]
    pub no_progress: Option<Spanned<Count>>,
    /// (no_progress, repetition) the kinds whose moves are progress.
    #[schemars(with = "Option<Strs>")]
    pub by: Option<Spanned<Strs>>,
    /// The same position for the n-th time.
    #[schemars(with = "Option<super::schema::Repetition>")]
    pub repetition: Option<Spanned<Count>>,
    /// A side's score (`[score]`) reaches this.
    #[schemars(with = "Option<super::schema::Score>")]
    pub score: Option<Spanned<Count>>,
    /// No piece (of `kind`) is left in this region.
    #[schemars(with = "Option<String>")]
    pub empty: Option<S>,
    /// The phase(s) in which the end holds (every phase by default).
    #[schemars(with = "Option<Strs>")]
    pub phase: Option<Spanned<Strs>>,
    /// The variant(s) in which the end holds (every one by default).
    #[schemars(with = "Option<Strs>")]
    pub variant: Option<Spanned<Strs>>,
    /// `win`, `loss`, `draw`, `most-pieces`, `fewest-pieces`, `highest-score`,
    /// `lowest-score`.
    #[schemars(with = "String")]
    pub result: S,
}

/// `[score]`: what a side's score counts.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreRaw {
    /// `pieces` (on the board, the default), `taken` (enemy pieces taken), `in-region`.
    #[schemars(with = "String")]
    pub count: S,
    /// (in-region) the region counted, each side's own.
    #[serde(rename = "in")]
    #[schemars(with = "Option<String>")]
    pub inside: Option<S>,
    /// (pieces, in-region) only pieces of this kind count.
    #[schemars(with = "Option<String>")]
    pub kind: Option<S>,
    /// A bonus added once the score reaches a number.
    #[schemars(with = "Option<BonusRaw>")]
    pub bonus: Option<Spanned<BonusRaw>>,
}

/// `[dice]`: dice rolled for every ply; the position carries the roll to play.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceRaw {
    /// How many dice (1 by default).
    #[schemars(with = "Option<super::schema::Dice>")]
    pub count: Option<Spanned<Count>>,
    /// Faces of each die, numbered from 1, equally likely.
    #[schemars(with = "super::schema::Faces")]
    pub faces: Spanned<Count>,
    /// Rolls (the dice's sum) after whose ply the same side rolls again.
    #[schemars(with = "Option<Vec<i64>>")]
    pub again: Option<Spanned<Vec<I>>>,
    /// Rolls on which the side passes.
    #[schemars(with = "Option<Vec<i64>>")]
    pub pass: Option<Spanned<Vec<I>>>,
    /// `"capture"`: after a ply that captures, the same side rolls again.
    #[schemars(with = "Option<String>")]
    pub again_after: Option<S>,
}

/// `[capture]`: after every ply, the other sides' groups it closes are captured.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptureRaw {
    /// `encircled` (every side of the group meets the mover's pieces or edges acting as the
    /// mover) or `no-liberties` (every side meets a piece or an edge).
    #[schemars(with = "String")]
    pub group: S,
    /// `turn` (the pieces change to the mover's side) or `remove`.
    #[schemars(with = "String")]
    pub effect: S,
    /// A border mark → the side it acts as (`{ hole = "red", plain = "white" }`).
    #[schemars(with = "Option<BTreeMap<String, String>>")]
    pub edges: Option<Spanned<Named<S>>>,
}

/// `[start]`: the starting position, as a position file writes it.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StartRaw {
    /// The side to move first (the first side by default).
    #[schemars(with = "Option<String>")]
    pub to_move: Option<S>,
    /// Rows top first, tokens separated by spaces, `.` empty.
    #[schemars(with = "Option<String>")]
    pub board: Option<S>,
    /// Side → pieces to place.
    #[schemars(with = "Option<BTreeMap<String, super::schema::Hand>>")]
    pub hand: Option<Spanned<Named<Spanned<Count>>>>,
}

/// One name or a list of names (`step = "forward"`, `step = ["forward-left", "forward-right"]`).
#[derive(Debug, Clone, PartialEq)]
pub enum Strs {
    /// One string: its place is the place of the whole value.
    One(String),
    /// A list, each with its place.
    Many(Vec<S>),
}

impl<'de> Deserialize<'de> for Strs {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Strs;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name or a list of names")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Strs, E> {
                Ok(Strs::One(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strs, A::Error> {
                let mut v = Vec::new();
                while let Some(s) = seq.next_element::<S>()? {
                    v.push(s);
                }
                Ok(Strs::Many(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// A kind's `max`: one count for every side (`max = 12`), or a table of each side's
/// (`max = { cross = 5, nought = 4 }`).
#[derive(Debug, Clone, PartialEq)]
pub enum Max {
    /// The same count for every side.
    Each(Count),
    /// Each side's count.
    Sides(Named<Spanned<Count>>),
}

impl<'de> Deserialize<'de> for Max {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Max;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a whole number, the name of a `[rules]` parameter, or a table of each side's",
                )
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Max, E> {
                Ok(Max::Each(Count::N(v)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Max, E> {
                i64::try_from(v)
                    .map(|n| Max::Each(Count::N(n)))
                    .map_err(|_| E::custom(format!("{v} is too large")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Max, E> {
                Ok(Max::Each(Count::Param(v.to_string())))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Max, A::Error> {
                let mut out = Named::new();
                while let Some(k) = map.next_key::<S>()? {
                    let v = map.next_value::<Spanned<Count>>()?;
                    out.insert(k, v);
                }
                Ok(Max::Sides(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// A count: a number, or a `[rules]` parameter's name (`line = "in_a_row"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Count {
    /// A whole number as written.
    N(i64),
    /// The name of a `[rules]` parameter.
    Param(String),
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number or the name of a `[rules]` parameter")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Count, E> {
                Ok(Count::N(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Count, E> {
                i64::try_from(v)
                    .map(Count::N)
                    .map_err(|_| E::custom(format!("{v} is too large")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Count, E> {
                Ok(Count::Param(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}
