//! The rules engine's common core: positions, plies, successors, perft, scores.
//!
//! Each game implements [`Rules`]: a raw position file is validated into the game's position type
//! (a syntax error and a rules error are both [`Diagnostics`] with places); the successors of a
//! position are the distinct positions one ply leads to; scores and the winner come from
//! [`Rules::score`]. Board geometry comes from the game's definition (`games/<game>/game.toml`).

pub mod ai;
pub mod declared;
pub mod engine;
pub mod external;
pub mod games;
pub mod position;
pub mod registry;
pub mod rng;

use crate::base::diag::{Diagnostics, Error, Source};
use crate::definition::model::Game;
pub use crate::setup::{Board, Cell, Piece, Stands, Tile};
pub use position::RawPosition;
use std::fmt::Write as _;

/// A value of a position field: what the engine says, written as TOML or JSON from it.
#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    /// A string.
    Str(String),
    /// A side (the side to move), written as a string.
    Side(&'static str),
    /// An integer.
    Int(i64),
    /// A die's roll, written as an integer.
    Die(u8),
    /// A list of strings.
    Strs(Vec<String>),
    /// A list of integers.
    Ints(Vec<i64>),
    /// A table of integers.
    Table(Vec<(String, i64)>),
    /// A board: its cells, top row first.
    Board(Board),
}

/// The outcome of a position (by default: not over, no winner, no scores).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Score {
    /// True when the position has no successor because the game is over.
    pub over: bool,
    /// The winning side, `draw`, or `None` while not over.
    pub winner: Option<String>,
    /// Score per side, in the game's order.
    pub scores: Vec<(String, i64)>,
}

/// What a game's rules provide.
pub trait Rules: Sync {
    /// A validated position.
    type Pos: Clone + Ord + std::fmt::Debug + Send + Sync;

    /// The game's id.
    fn id(&self) -> &'static str;

    /// Validates a raw position; the raw's unknown keys are reported by the caller.
    fn parse(&self, raw: &mut RawPosition) -> Option<Self::Pos>;

    /// Keys this game's positions may hold.
    fn keys(&self) -> &'static [&'static str];

    /// Every legal move under each way it may be written, with its result (over every chance
    /// outcome), possibly repeated: by default each of [`Rules::legal`] under its
    /// [`Rules::notation`], each of its distinct results once. A game whose notation follows a move's path (a capture chain) lists
    /// every path, from the generator that lists its moves.
    fn moves(&self, p: &Self::Pos) -> Vec<(String, Self::Pos)> {
        let mut legal = Vec::new();
        self.legal(p, &mut legal);
        let mut out = Vec::with_capacity(legal.len());
        for m in legal {
            let name = self.notation(p, m);
            let first = out.len();
            for k in 0..self.chances(p, m) {
                let q = self.apply(p, m, k);
                // Outcomes that lead to one position (a roll after the game ended) are one.
                if !out[first..].iter().any(|(_, s)| *s == q) {
                    out.push((name.clone(), q));
                }
            }
        }
        out
    }

    /// The position after the move written `m`, if it is legal (however it is written: two
    /// notations of one successor are both found): by default the first of
    /// [`Rules::written_moves`] written `m`. A game whose moves can be many more than its
    /// successors checks the move along its path instead of listing them all.
    fn find_move(&self, p: &Self::Pos, m: &str) -> Option<Self::Pos> {
        find_in(self.written_moves(p)?, m)
    }

    /// Every move of `p` under each way it may be written, with its result, in the order
    /// [`Rules::find_move`] searches them (so that many written moves are found with one
    /// listing): by default [`Rules::moves`]. `None` for a game whose `find_move` follows a
    /// move along its path instead.
    fn written_moves(&self, p: &Self::Pos) -> Option<Vec<(String, Self::Pos)>> {
        Some(self.moves(p))
    }

    /// Scores, whether the game is over, and the winner.
    fn score(&self, p: &Self::Pos) -> Score;

    /// The position's fields in file order (without `game`).
    fn fields(&self, p: &Self::Pos) -> Vec<(&'static str, Field)>;

    /// The starting position (shuffled or dealt with `seed` where the game has chance).
    fn start(&self, seed: u64) -> Self::Pos;

    /// The invariants that hold in every reachable position; a message when one fails.
    fn invariants(&self, p: &Self::Pos) -> Result<(), Error>;

    /// The sides, for playout statistics.
    fn sides(&self) -> &'static [&'static str];

    /// A move as playouts and players handle it: small, copied, compared. It names the same
    /// move whatever the cards a player cannot see (Imbriqua's unrevealed talon).
    type Move: Copy + Eq + Ord + std::hash::Hash + std::fmt::Debug + Send + Sync;

    /// The one move path: every legal move of the side to move, each once, none when the game
    /// is over. Their results over every chance outcome are the successors ([`successors`]),
    /// and a random ply is a uniform draw among them ([`random_ply`]).
    fn legal(&self, p: &Self::Pos, out: &mut Vec<Self::Move>);

    /// A legal move drawn evenly among [`Rules::legal`], `None` when there is none: by default
    /// a draw from the whole list, in `buf` (the caller's, reused from ply to ply). A game whose
    /// list costs much more than one move may draw by rejection from a superset its generator
    /// defines (each legal move drawn with one same chance per attempt, the others drawn again),
    /// falling back on the list after a bounded number of attempts: uniform by construction.
    fn random_move(
        &self,
        p: &Self::Pos,
        rng: &mut rng::Rng,
        buf: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        buf.clear();
        self.legal(p, buf);
        (!buf.is_empty()).then(|| buf[rng.below(buf.len() as u64) as usize])
    }

    /// How many equally likely chance outcomes follow move `m` (the faces of a die); 1 without
    /// chance.
    fn chances(&self, _p: &Self::Pos, _m: Self::Move) -> u32 {
        1
    }

    /// The position after the legal move `m` and the chance outcome `k` (below
    /// [`Rules::chances`]).
    fn apply(&self, p: &Self::Pos, m: Self::Move, k: u32) -> Self::Pos;

    /// The legal move's notation (for a move written several ways, the smallest:
    /// [`smallest_writing`]).
    fn notation(&self, p: &Self::Pos, m: Self::Move) -> String;

    /// The seats, in turn order: the names `score` gives winners and scores under.
    fn seats(&self, _p: &Self::Pos) -> &'static [&'static str] {
        self.sides()
    }

    /// The seat whose ply it is, an index into [`Rules::seats`].
    fn seat(&self, p: &Self::Pos) -> usize;

    /// The position with what the side to move cannot know drawn again at random (the order
    /// of Imbriqua's unrevealed cards): a position as likely as the real one from where that
    /// side sits. Unchanged in a game of perfect information.
    fn redeal(&self, p: &Self::Pos, _rng: &mut rng::Rng) -> Self::Pos {
        p.clone()
    }

    /// The fields a player may see (a face-down deck's order hidden), for drawing a position to
    /// a player; by default every field.
    fn shown_fields(&self, p: &Self::Pos) -> Vec<(&'static str, Field)> {
        self.fields(p)
    }

    /// The game's variants that change its start (the first is the default).
    fn variants(&self) -> &'static [&'static str] {
        &[]
    }

    /// The start of variant `v` (an index into [`Rules::variants`]).
    fn start_variant(&self, seed: u64, _v: usize) -> Self::Pos {
        self.start(seed)
    }

    /// A whole random game from `p` in one step, at most `cap` plies: the last position and
    /// the plies played, or `None` to play it ply by ply with [`random_ply`] (the default). An
    /// engine program that offers `playout` plays it itself, one request a game (a seed it
    /// needs is drawn from `rng`, and only then); the declared engine plays in one position,
    /// drawing as [`random_ply`] does from the same [`Rules::legal`], so the same games.
    fn whole_playout(
        &self,
        _p: &Self::Pos,
        _cap: u64,
        _rng: &mut rng::Rng,
    ) -> Option<(Self::Pos, u64)> {
        None
    }

    /// Rules for one more worker of a run played on several threads, or `None` (the default)
    /// when the workers share these. An engine program starts another process of itself, so
    /// that no worker waits on another's program; the default leaves the engines' runs as they
    /// were.
    fn for_worker(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
}

/// A chance outcome of move `m`, drawn (no draw when the move meets no chance).
pub fn draw_outcome<R: Rules + ?Sized>(
    rules: &R,
    p: &R::Pos,
    m: R::Move,
    rng: &mut rng::Rng,
) -> u32 {
    let n = rules.chances(p, m);
    if n > 1 {
        rng.below(u64::from(n)) as u32
    } else {
        0
    }
}

/// The position after a random legal move ([`Rules::random_move`], drawn evenly among the
/// distinct legal moves) and a random chance outcome, `None`
/// when over.
pub fn random_ply<R: Rules + ?Sized>(
    rules: &R,
    p: &R::Pos,
    rng: &mut rng::Rng,
    buf: &mut Vec<R::Move>,
) -> Option<R::Pos> {
    let m = rules.random_move(p, rng, buf)?;
    let k = draw_outcome(rules, p, m, rng);
    Some(rules.apply(p, m, k))
}

/// The smallest notation of move `m` among [`Rules::moves`] (the writings whose result, chance
/// outcome 0, is the move's): the notation of a game that writes a move by its path.
pub fn smallest_writing<R: Rules + ?Sized>(rules: &R, p: &R::Pos, m: R::Move) -> String {
    let q = rules.apply(p, m, 0);
    rules
        .moves(p)
        .into_iter()
        .filter(|(_, s)| *s == q)
        .map(|(n, _)| n)
        .min()
        .unwrap_or_else(|| format!("{m:?}"))
}

/// One fast random game from `p`: a random ply at a time ([`random_ply`]), or the game's
/// [`Rules::whole_playout`]; no invariant checks. Returns the last
/// position and the plies played; stops after `cap` plies.
pub fn fast_playout<R: Rules>(
    rules: &R,
    mut p: R::Pos,
    cap: u64,
    rng: &mut rng::Rng,
    buf: &mut Vec<R::Move>,
) -> (R::Pos, u64) {
    if let Some(done) = rules.whole_playout(&p, cap, rng) {
        return done;
    }
    let mut n = 0;
    while n < cap {
        match random_ply(rules, &p, rng, buf) {
            Some(q) => p = q,
            None => break,
        }
        n += 1;
    }
    (p, n)
}

/// Reads and validates a position for `rules` from its raw form.
pub fn load<R: Rules>(rules: &R, mut raw: RawPosition) -> Result<R::Pos, Diagnostics> {
    let pos = rules.parse(&mut raw);
    let src = raw.finish(rules.keys())?;
    pos.ok_or_else(|| Diagnostics(vec![src.error(0..0, "invalid position")]))
}

/// The position a move written `m` leads to, among `moves`.
pub fn find_in<P>(moves: Vec<(String, P)>, m: &str) -> Option<P> {
    moves.into_iter().find(|(x, _)| x == m).map(|(_, q)| q)
}

/// The distinct successors with one move each (the smallest notation), sorted by move.
pub fn distinct_moves<R: Rules>(rules: &R, p: &R::Pos) -> Vec<(String, R::Pos)> {
    let mut all = rules.moves(p);
    all.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
    all.dedup_by(|a, b| a.1 == b.1);
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

/// Whether the notation of `p`'s moves names one move each: moves written alike lead to one
/// position (before chance), and each text is read back as that position (`Err` says which text does not). The
/// property every move kind keeps, checked by a declared game's invariants.
pub fn notation_names_one_move<R: Rules>(rules: &R, p: &R::Pos) -> Result<(), Error> {
    // Each legal move by its notation and its result before chance (outcome 0): with dice, one
    // move leads to a position per roll, all written alike, and is still one move.
    let mut legal = Vec::new();
    rules.legal(p, &mut legal);
    let mut moves: Vec<(String, R::Pos)> = legal
        .iter()
        .map(|&m| (rules.notation(p, m), rules.apply(p, m, 0)))
        .collect();
    moves.sort();
    moves.dedup();
    for w in moves.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(Error::Rules(format!(
                "`{}` is written for two different moves",
                w[0].0
            )));
        }
    }
    // Read back through one listing of the written moves (the first written so is the one
    // `find_move` finds), not a search of every move per move: a 16×16 board has 256 of them.
    let written = rules.written_moves(p).map(|all| {
        let mut first = std::collections::HashMap::with_capacity(all.len());
        for (w, q) in all {
            first.entry(w).or_insert(q);
        }
        first
    });
    for (m, q) in &moves {
        let back = match &written {
            Some(first) => first.get(m).cloned(),
            None => rules.find_move(p, m),
        };
        if back.as_ref() != Some(q) {
            return Err(Error::Rules(format!("`{m}` is read back as another move")));
        }
    }
    Ok(())
}

/// The distinct successors, sorted: each legal move's result over every chance outcome.
pub fn successors<R: Rules + ?Sized>(rules: &R, p: &R::Pos, out: &mut Vec<R::Pos>) {
    out.clear();
    let mut legal = Vec::new();
    rules.legal(p, &mut legal);
    for m in legal {
        for k in 0..rules.chances(p, m) {
            out.push(rules.apply(p, m, k));
        }
    }
    out.sort_unstable();
    out.dedup();
}

/// `perft(p, 0) = 1`; `perft(p, d)` sums `perft(s, d - 1)` over the distinct successors.
pub fn perft<R: Rules>(rules: &R, p: &R::Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut out = Vec::new();
    successors(rules, p, &mut out);
    if depth == 1 {
        return out.len() as u64;
    }
    out.iter().map(|s| perft(rules, s, depth - 1)).sum()
}

/// Writes a position as a TOML file.
pub fn to_toml(game: &str, fields: &[(&'static str, Field)]) -> String {
    let mut s = format!("game = \"{game}\"\n");
    let mut board = None;
    for (k, v) in fields {
        match v {
            Field::Str(x) => writeln!(s, "{k} = \"{x}\""),
            Field::Side(x) => writeln!(s, "{k} = \"{x}\""),
            Field::Int(x) => writeln!(s, "{k} = {x}"),
            Field::Die(x) => writeln!(s, "{k} = {x}"),
            Field::Strs(xs) => writeln!(
                s,
                "{k} = [{}]",
                xs.iter()
                    .map(|x| format!("\"{x}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Field::Ints(xs) => writeln!(
                s,
                "{k} = [{}]",
                xs.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            ),
            Field::Table(xs) => writeln!(
                s,
                "{k} = {{ {} }}",
                xs.iter()
                    .map(|(a, b)| format!("{a} = {b}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Field::Board(b) => {
                board = Some(b);
                Ok(())
            }
        }
        .expect("write to string");
    }
    if let Some(b) = board {
        s.push_str("board = \"\"\"\n");
        s.push_str(&b.text("\n"));
        if !b.rows.is_empty() {
            s.push('\n');
        }
        s.push_str("\"\"\"\n");
    }
    s
}

/// Board rows read like a position's board: tokens split by white space, or one character a
/// token in a row without white space; blank rows left out.
pub fn board_rows(s: &str) -> Vec<Vec<String>> {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            if l.contains(char::is_whitespace) {
                l.split_whitespace().map(str::to_string).collect()
            } else {
                l.chars().map(String::from).collect()
            }
        })
        .collect()
}

/// A board's text read into cells, for a board no engine read (a rulebook's position of a game
/// without an engine or a program's answer): its tokens as [`board_rows`] splits them, each
/// cell what `game` draws its token as: `.` an empty cell, a token `[diagram] tokens` names a
/// piece of that piece, a token its tileset writes by zones' letters (`BBYR`) that tile; any
/// other token a piece of that kind, which a diagram refuses. No cell is named and no piece has
/// a side: the engine says those.
pub fn read_board(text: &str, game: Option<&Game>) -> Board {
    let def = game.and_then(|g| g.diagram.as_ref());
    let cell = |token: String| {
        if token == crate::setup::EMPTY {
            return Cell::empty(None);
        }
        let (Some(game), Some(def)) = (game, def) else {
            return Cell::pieces(None, token.clone(), None, &token, 1);
        };
        if let Some((_, look)) = def.tokens.iter().find(|(t, _)| *t == token) {
            let kind = game
                .pieces
                .get(look.piece)
                .map_or(token.as_str(), |p| &p.id);
            return Cell::pieces(None, token.clone(), None, kind, 1);
        }
        match def.tiles.and_then(|set| zones_of(game, set, &token)) {
            Some(zones) => Cell::tile(None, token, zones),
            None => Cell::pieces(None, token.clone(), None, &token, 1),
        }
    };
    Board::new(
        board_rows(text)
            .into_iter()
            .map(|r| r.into_iter().map(cell).collect())
            .collect(),
    )
}

/// The zones' colour names a token writes by their letter codes (`BBYR` → blue, blue, yellow,
/// red), clockwise from the top, if it is a tile of the tileset `set`.
fn zones_of(game: &Game, set: usize, token: &str) -> Option<Vec<String>> {
    let set = game.tilesets.get(set)?;
    let names: Vec<String> = token
        .chars()
        .map(|ch| {
            set.codes
                .iter()
                .find(|(c, _)| *c == ch)
                .map(|(_, n)| n.clone())
        })
        .collect::<Option<_>>()?;
    (names.len() == 4).then_some(names)
}

/// A position as data, as diagrams and claims read it: its board's cells (top row first) and
/// its other fields as TOML values.
pub fn data(fields: &[(&'static str, Field)]) -> (Board, toml::Table) {
    let mut board = Board::default();
    let mut table = toml::Table::new();
    for (k, v) in fields {
        match v {
            Field::Board(b) => board = b.clone(),
            v => {
                table.insert(k.to_string(), v.value());
            }
        }
    }
    (board, table)
}

impl Field {
    /// The field as a TOML value (a board as its rows, tokens joined by spaces).
    pub fn value(&self) -> toml::Value {
        use toml::Value as V;
        match self {
            Field::Str(s) => V::String(s.clone()),
            Field::Side(s) => V::String(s.to_string()),
            Field::Int(i) => V::Integer(*i),
            Field::Die(d) => V::Integer(i64::from(*d)),
            Field::Strs(v) => V::Array(v.iter().map(|s| V::String(s.clone())).collect()),
            Field::Ints(v) => V::Array(v.iter().map(|i| V::Integer(*i)).collect()),
            Field::Table(v) => {
                V::Table(v.iter().map(|(k, i)| (k.clone(), V::Integer(*i))).collect())
            }
            Field::Board(b) => V::String(b.text("\n")),
        }
    }
}

/// serde_json's compact output with the escapes this crate has always written: a control
/// character other than a line feed as `\u00XX` (serde_json writes `\t`, `\r`, `\b`, `\f`),
/// so that positions, moves and scores print byte for byte as before.
struct Escapes;

impl serde_json::ser::Formatter for Escapes {
    fn write_char_escape<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> std::io::Result<()> {
        use serde_json::ser::CharEscape as E;
        let code = match escape {
            E::Quote => return w.write_all(b"\\\""),
            E::ReverseSolidus => return w.write_all(b"\\\\"),
            E::Solidus => return w.write_all(b"/"),
            E::LineFeed => return w.write_all(b"\\n"),
            E::Backspace => 0x08,
            E::FormFeed => 0x0c,
            E::CarriageReturn => 0x0d,
            E::Tab => 0x09,
            E::AsciiControl(b) => b,
        };
        write!(w, "\\u{code:04x}")
    }
}

/// `value` as compact JSON (see [`Escapes`]).
fn json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, Escapes);
    value
        .serialize(&mut ser)
        .expect("strings, integers and booleans always serialize");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Escapes a string for JSON.
pub fn json_str(s: &str) -> String {
    json(s)
}

/// A position's fields as a JSON object, keys in file order after `game`.
struct JsonPosition<'a> {
    game: &'a str,
    fields: &'a [(&'static str, Field)],
}

/// A [`Field::Table`] as a JSON object, keys in their order.
struct JsonTable<'a>(&'a [(String, i64)]);

impl serde::Serialize for JsonTable<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl serde::Serialize for Field {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Field::Str(x) => s.serialize_str(x),
            Field::Side(x) => s.serialize_str(x),
            Field::Int(x) => s.serialize_i64(*x),
            Field::Die(x) => s.serialize_i64(i64::from(*x)),
            Field::Strs(xs) => s.collect_seq(xs),
            Field::Ints(xs) => s.collect_seq(xs),
            Field::Table(xs) => JsonTable(xs).serialize(s),
            Field::Board(b) => s.serialize_str(&b.text("\n")),
        }
    }
}

impl serde::Serialize for JsonPosition<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.fields.len() + 1))?;
        m.serialize_entry("game", self.game)?;
        for (k, v) in self.fields {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// Writes a position as a JSON object with the same keys as its file.
pub fn to_json(game: &str, fields: &[(&'static str, Field)]) -> String {
    json(&JsonPosition { game, fields })
}

/// A one-line summary of a position, for `moves` without `--json`.
pub fn to_line(fields: &[(&'static str, Field)]) -> String {
    let mut parts = Vec::new();
    for (k, v) in fields {
        parts.push(match v {
            Field::Str(x) => format!("{k}={x}"),
            Field::Side(x) => format!("{k}={x}"),
            Field::Int(x) => format!("{k}={x}"),
            Field::Die(x) => format!("{k}={x}"),
            Field::Strs(xs) => format!("{k}=[{}]", xs.join(",")),
            Field::Ints(xs) => format!(
                "{k}=[{}]",
                xs.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
            ),
            Field::Table(xs) => format!(
                "{k}={{{}}}",
                xs.iter()
                    .map(|(a, b)| format!("{a}={b}"))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            Field::Board(b) => format!("{k}={}", b.text(" / ")),
        });
    }
    parts.join("  ")
}

/// A score as the contract's JSON: `over`, `winner` (null for none), `scores` in their order.
struct JsonScore<'a>(&'a Score);

impl serde::Serialize for JsonScore<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("over", &self.0.over)?;
        m.serialize_entry("winner", &self.0.winner)?;
        m.serialize_entry("scores", &JsonTable(&self.0.scores))?;
        m.end()
    }
}

/// Writes a score as the contract's JSON.
pub fn score_json(s: &Score) -> String {
    json(&JsonScore(s))
}

/// Statistics of random playouts.
#[derive(Debug, Clone, PartialEq)]
pub struct Playouts {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Wins per side, then draws (last).
    pub wins: Vec<(String, u64)>,
    /// Games stopped unfinished at the ply limit (a classic Alpha-BRIK game can go on and on).
    pub unfinished: u64,
}

/// Plays `games` seeded random games from the start, checking the invariants after every ply.
pub fn playouts<R: Rules>(
    rules: &R,
    games: u64,
    seed: u64,
    max_plies: u64,
) -> Result<Playouts, Error> {
    let mut rng = rng::Rng::new(seed);
    let mut wins: Vec<(String, u64)> = rules.sides().iter().map(|s| (s.to_string(), 0)).collect();
    wins.push(("draw".into(), 0));
    let mut plies = 0;
    let mut unfinished = 0;
    let mut out = Vec::new();
    for g in 0..games {
        let mut p = rules.start(rng.next());
        rules
            .invariants(&p)
            .map_err(|e| Error::Rules(format!("game {g}, start: {}", e.reason())))?;
        let mut n = 0;
        loop {
            successors(rules, &p, &mut out);
            if out.is_empty() {
                break;
            }
            let i = rng.below(out.len() as u64) as usize;
            p = out.swap_remove(i);
            n += 1;
            rules
                .invariants(&p)
                .map_err(|e| Error::Rules(format!("game {g}, ply {n}: {}", e.reason())))?;
            if n >= max_plies {
                break;
            }
        }
        plies += n;
        if n >= max_plies {
            unfinished += 1;
            continue;
        }
        let s = rules.score(&p);
        if let Some(w) = s.winner {
            if let Some(e) = wins.iter_mut().find(|e| e.0 == w) {
                e.1 += 1;
            }
        }
    }
    Ok(Playouts {
        games,
        plies,
        wins,
        unfinished,
    })
}

/// Plays `games` seeded random games from the start, fast ([`fast_playout`]: one random legal
/// move a ply, no invariant checks), each cut at `max_plies`.
pub fn fast_playouts<R: Rules>(rules: &R, games: u64, seed: u64, max_plies: u64) -> Playouts {
    let mut rng = rng::Rng::new(seed);
    let mut wins: Vec<(String, u64)> = rules.sides().iter().map(|s| (s.to_string(), 0)).collect();
    wins.push(("draw".into(), 0));
    let (mut plies, mut unfinished) = (0, 0);
    let mut buf = Vec::new();
    for _ in 0..games {
        let start = rules.start(rng.next());
        let (end, n) = fast_playout(rules, start, max_plies, &mut rng, &mut buf);
        plies += n;
        let s = rules.score(&end);
        if !s.over {
            unfinished += 1;
            continue;
        }
        if let Some(e) = s.winner.and_then(|w| wins.iter_mut().find(|e| e.0 == w)) {
            e.1 += 1;
        }
    }
    Playouts {
        games,
        plies,
        wins,
        unfinished,
    }
}

/// A sort key that orders the numbers in a name by value (`c2` before `c10`).
pub fn natural_key(s: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut num: Option<u64> = None;
    for c in s.chars() {
        match (c.to_digit(10), num) {
            (Some(d), Some(n)) => num = Some(n.saturating_mul(10).saturating_add(u64::from(d))),
            (Some(d), None) => num = Some(u64::from(d)),
            (None, Some(n)) => {
                key.push((std::mem::take(&mut text), n));
                num = None;
                text.push(c);
            }
            (None, None) => text.push(c),
        }
    }
    key.push((text, num.unwrap_or(0)));
    key
}

/// Parses a position text for a known game, or reports where it is wrong.
pub fn raw(path: &str, text: &str) -> Result<(String, RawPosition), Diagnostics> {
    raw_source(Source::new(path, text))
}

/// Parses a position's source (a file, or a fragment of a rulebook) and reads its `game` key
/// (required: its absence is told with the shipped games, [`registry::NAMES`]).
pub fn raw_source(src: Source) -> Result<(String, RawPosition), Diagnostics> {
    let mut raw = RawPosition::parse(src)?;
    let game = raw.game(&registry::NAMES)?;
    Ok((game, raw))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keeps_the_escapes_and_key_order_written_by_hand_before() {
        // A control character other than a line feed is `\u00XX`, as before serde_json.
        assert_eq!(
            json_str("a\t\"\\\n\u{1}\r/é"),
            "\"a\\u0009\\\"\\\\\\n\\u0001\\u000d/é\""
        );
        let fields = [
            ("z", Field::Int(-3)),
            ("a", Field::Table(vec![("y".into(), 2), ("b".into(), 1)])),
            ("board", Field::Board(read_board(". X\nO", None))),
        ];
        assert_eq!(
            to_json("g", &fields),
            "{\"game\":\"g\",\"z\":-3,\"a\":{\"y\":2,\"b\":1},\"board\":\". X\\nO\"}"
        );
        let score = Score {
            over: true,
            winner: None,
            scores: vec![("b".into(), 1), ("a".into(), 0)],
        };
        assert_eq!(
            score_json(&score),
            "{\"over\":true,\"winner\":null,\"scores\":{\"b\":1,\"a\":0}}"
        );
    }
}
