//! What an example makes true, as data a caption is checked against: the claimed moves with
//! their cells, directions and captures, the claimed numbers with what they count and whose they
//! are, the claimed winner, end and passes, and every cell with its place on the drawing and the
//! side of the piece on it.
//!
//! In: an example read by the engine, its placement on the game's board, the engine; out:
//! [`Facts`]. Only what a claim states is a fact: the engine is asked for what follows from a
//! claimed move (the board after it: which pieces it takes), never for what no claim states.

use super::claims::ClaimKind;
use super::lexicon::{Counted, Lexicon};
use crate::definition::model::rules::{Cond, Count};
use crate::definition::model::{DiagramDef, Game};
use crate::layout::diagram;
use crate::rules::engine::{Engine, MoveMemo, Position};
use crate::rules::{Board, Cell};
use std::collections::BTreeMap;

/// One cell of the example's drawing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CellFact {
    /// Its centre on the drawing, mm, y down the page.
    pub centre: (f64, f64),
    /// The side of the piece on it, when the piece belongs to a side.
    pub owner: Option<String>,
    /// The token on it, if any (a piece of a side or of none: a brick, a tile).
    pub token: Option<String>,
    /// The side of the piece on it after the `after` move, when the piece belongs to a side.
    pub after_owner: Option<String>,
    /// The token on it after the `after` move (`None` when no `after` move is claimed, or the
    /// cell is empty after it): read with [`Facts::after_move`].
    pub after_token: Option<String>,
    /// How many pieces stand stacked on it (0 when it is empty, 1 for a tile).
    pub height: usize,
    /// The same after the `after` move.
    pub after_height: usize,
    /// The colour names of its tile's zones, when the diagram reads tokens as tiles.
    pub zones: Vec<String>,
}

/// A claimed move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveFact {
    /// The move as the claim writes it.
    pub text: String,
    /// Claimed legal (`legal`, `moves`, `after`); false when claimed illegal.
    pub legal: bool,
    /// The cells it names, in order.
    pub cells: Vec<String>,
    /// Its steps on the drawing, in order (from one named cell to the next, or a push's
    /// direction).
    pub vectors: Vec<(f64, f64)>,
    /// The same steps with the cell each starts from and the cell it reaches (none for a push,
    /// which moves a whole line).
    pub steps: Vec<(String, Option<String>, (f64, f64))>,
    /// The cells whose piece it takes (from the engine's board after it; legal moves only).
    pub captured: Vec<String>,
    /// It takes something: a legal move that takes a piece, or an illegal one written with a
    /// taking step (`x`, `*`).
    pub takes: bool,
}

/// A claimed number: its value, what it counts, whose it is.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberFact {
    /// The value.
    pub value: u64,
    /// The nouns that may count it (none: only a bare number).
    pub counts: Vec<Counted>,
    /// The side it belongs to, if any.
    pub side: Option<String>,
    /// The claimed move it counts the steps or takes of, if it is one move's count.
    pub of_move: Option<String>,
    /// The position's field it is a side's count in (`in_hand`, `taken`), if it is one.
    pub field: Option<String>,
}

/// Everything an example's claims make true.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Facts {
    /// The sides, as the engine names them.
    pub sides: Vec<String>,
    /// The side to move.
    pub to_move: Option<String>,
    /// The side to move after the `after` move.
    pub after_to_move: Option<String>,
    /// Every cell by name.
    pub cells: BTreeMap<String, CellFact>,
    /// The claimed moves.
    pub moves: Vec<MoveFact>,
    /// The move of the `after` claim.
    pub after_move: Option<String>,
    /// The claimed winner (`draw` for a draw): of the position, then after the `after` move.
    pub winners: Vec<String>,
    /// Claimed over (true), or claimed going on (false).
    pub over: Option<bool>,
    /// The sides claimed to pass, in order.
    pub passes: Vec<String>,
    /// The claimed numbers.
    pub numbers: Vec<NumberFact>,
    /// Numbers of the position's own fields (a die's roll): bare numbers a caption may give.
    pub field_numbers: Vec<u64>,
    /// The cells the position's fields name (`last_placed = "b2"`).
    pub field_cells: Vec<String>,
    /// The cells the diagram numbers, in order.
    pub numbered: Vec<String>,
    /// The cells the diagram marks.
    pub marked: Vec<String>,
    /// The cells the diagram highlights.
    pub highlighted: Vec<String>,
    /// The board's regions named after a side (`camp-south`): the side and the cells.
    pub side_regions: Vec<(String, Vec<String>)>,
    /// Every region of the board: its role and its cells.
    pub regions: Vec<(String, Vec<String>)>,
    /// How many moves the side to move has, when a claim says (`moves`, `successors`).
    pub move_count: Option<u64>,
    /// Each side's forward direction on the drawing (y down the page), when its rules give
    /// one (`forward = { dark = "north" }`).
    pub forward: Vec<(String, (f64, f64))>,
    /// The rounds the position counts (`[diagram] ordinals`): the nouns of each (both
    /// languages, lower case) and the round it is in (its field's count, plus one).
    pub ordinals: Vec<(Vec<String>, u64)>,
    /// The game's own words for its sides (declared rules' `[turns] words`, lower case), each
    /// with the side it names: read before the language's fixed words.
    pub side_words: Vec<(String, &'static str)>,
    /// The book's own nouns for its pieces (`[diagram] noun`, both languages, lower case,
    /// singular and plural).
    pub piece_nouns: Vec<String>,
    /// The length of a line that ends the game, when its rules declare one along every axis
    /// (`[[end]] line = 3`).
    pub line: Option<usize>,
    /// [`Self::pitch`], worked out on its first call (`cells` is set once, when the facts are
    /// made).
    pitch: std::sync::OnceLock<f64>,
}

impl Facts {
    /// The side a word names: by the game's own words, else by the language's.
    pub fn side_word(&self, lex: &Lexicon, word: &str) -> Option<&'static str> {
        self.side_words
            .iter()
            .find(|(w, _)| w == word)
            .map(|(_, s)| *s)
            .or_else(|| lex.side(word))
    }
}

/// The words a declared game gives its sides, lower case, each with its side (interned).
fn side_words(game: &Game) -> Vec<(String, &'static str)> {
    let Some(r) = &game.rules else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (side, words) in r.sides.iter().zip(&r.words) {
        let Ok(side) = crate::base::intern::intern(side) else {
            continue;
        };
        for w in words {
            out.push((w.to_lowercase(), side));
        }
    }
    out
}

impl Facts {
    /// The cells that share a side with `cell`: those whose centres lie nearest to each other on
    /// the drawing (on squares the orthogonal ones, on triangles the three across the sides, on
    /// hexagons all six).
    pub fn neighbours(&self, cell: &str) -> Vec<&str> {
        let Some(at) = self.cells.get(cell).map(|c| c.centre) else {
            return Vec::new();
        };
        let nearest = self.pitch();
        self.cells
            .iter()
            .filter(|(name, c)| name.as_str() != cell && dist(c.centre, at) <= nearest * 1.05)
            .map(|(name, _)| name.as_str())
            .collect()
    }

    /// The least distance between two cells' centres on the drawing (infinite with fewer than
    /// two cells): a walk over every pair, made once.
    pub fn pitch(&self) -> f64 {
        *self.pitch.get_or_init(|| {
            let centres: Vec<(f64, f64)> = self.cells.values().map(|c| c.centre).collect();
            let mut nearest = f64::INFINITY;
            for (i, a) in centres.iter().enumerate() {
                for b in &centres[i + 1..] {
                    let d = dist(*a, *b);
                    if d > 1e-6 && d < nearest {
                        nearest = d;
                    }
                }
            }
            nearest
        })
    }

    /// The cells on the straight line from `from` through `to` whose centres lie past `to`
    /// (`beyond`), or strictly between the two (not `beyond`), nearest to `to` or `from` first.
    pub fn on_line(&self, from: &str, to: &str, beyond: bool) -> Vec<&str> {
        let (Some(a), Some(b)) = (self.cells.get(from), self.cells.get(to)) else {
            return Vec::new();
        };
        let (a, b) = (a.centre, b.centre);
        let length = dist(a, b);
        if length < 1e-6 {
            return Vec::new();
        }
        let u = ((b.0 - a.0) / length, (b.1 - a.1) / length);
        let slack = self.pitch() * 0.25;
        let mut found: Vec<(f64, &str)> = self
            .cells
            .iter()
            .filter_map(|(name, c)| {
                let d = (c.centre.0 - a.0, c.centre.1 - a.1);
                let along = d.0 * u.0 + d.1 * u.1;
                let across = (d.0 * u.1 - d.1 * u.0).abs();
                let inside = if beyond {
                    along > length + slack
                } else {
                    along > slack && along < length - slack
                };
                (inside && across < slack).then_some((along, name.as_str()))
            })
            .collect();
        found.sort_by(|x, y| x.0.total_cmp(&y.0));
        found.into_iter().map(|(_, n)| n).collect()
    }

    /// The lines of at least `n` pieces of one owner, after the `after` move, through `cell`:
    /// one for each axis (across, down, each diagonal) along which its owner's pieces run
    /// unbroken through it, `n` or more long.
    pub fn lines_through(&self, cell: &str, n: usize) -> usize {
        let Some(owner) = self.cells.get(cell).and_then(|c| c.after_owner.clone()) else {
            return 0;
        };
        let at = self.cells[cell].centre;
        let pitch = self.pitch();
        let find = |p: (f64, f64)| {
            self.cells
                .values()
                .find(|c| dist(c.centre, p) < pitch * 0.25)
        };
        // The axes: a step to each cell around, its sign chosen once per axis.
        let mut axes: Vec<(f64, f64)> = Vec::new();
        for c in self.cells.values() {
            let d = dist(c.centre, at);
            if d < 1e-6 || d > pitch * 1.5 {
                continue;
            }
            let mut v = (c.centre.0 - at.0, c.centre.1 - at.1);
            if v.0 < -1e-6 || (v.0.abs() <= 1e-6 && v.1 < 0.0) {
                v = (-v.0, -v.1);
            }
            if !axes.iter().any(|a| dist(*a, v) < pitch * 0.25) {
                axes.push(v);
            }
        }
        axes.iter()
            .filter(|v| {
                let mut run = 1;
                for sign in [1.0, -1.0] {
                    let mut p = at;
                    loop {
                        p = (p.0 + sign * v.0, p.1 + sign * v.1);
                        match find(p) {
                            Some(c) if c.after_owner.as_ref() == Some(&owner) => run += 1,
                            _ => break,
                        }
                    }
                }
                run >= n
            })
            .count()
    }
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// What an example states besides its position: its other fields, its claims, its marks.
#[derive(Debug, Clone, Copy)]
pub struct Claimed<'a> {
    /// The position's fields other than its board.
    pub fields: &'a toml::Table,
    /// The claims of its `[expect]`.
    pub claims: &'a [super::claims::Claim],
    /// The marks of its `[diagram]`.
    pub marks: &'a diagram::Marks,
    /// The moves of its positions, listed once.
    pub moves: &'a MoveMemo,
}

/// The side a token's piece belongs to: the side its piece is named after (`white-pawn`), or
/// the one side whose name starts with the token's letter (`R` for red).
pub fn token_side(game: &Game, def: &DiagramDef, sides: &[String], token: &str) -> Option<String> {
    // A tile (written by its zones' colours) belongs to no side.
    if def.tiles.is_some() && !def.tokens.iter().any(|(t, _)| t == token) {
        return None;
    }
    let piece = def
        .tokens
        .iter()
        .find(|(t, _)| t == token)
        .and_then(|(_, look)| game.pieces.get(look.piece))
        .map(|p| p.id.as_str());
    if let Some(id) = piece {
        let named: Vec<&String> = sides
            .iter()
            .filter(|s| id.split('-').any(|w| w == s.as_str()))
            .collect();
        if let [one] = named.as_slice() {
            return Some((*one).clone());
        }
    }
    let first = token.chars().next()?.to_ascii_lowercase();
    let by_letter: Vec<&String> = sides.iter().filter(|s| s.starts_with(first)).collect();
    match by_letter.as_slice() {
        [one] => Some((*one).clone()),
        _ => None,
    }
}

/// True when a legal move leaves fewer pieces on the board (a removal, a capture, whoever
/// makes it), counted on the boards as data.
fn fewer_pieces(engine: &Engine, moves: &MoveMemo, position: &Position, m: &str) -> bool {
    let count = |b: &Board| b.cells().filter(|c| c.occupied()).count();
    let Some(q) = moves.find(engine, position, m) else {
        return false;
    };
    count(&engine.data(&q).0) < count(&engine.data(position).0)
}

/// The cells of a board as data: name → centre, side, occupied.
fn cells_of(
    game: &Game,
    def: &DiagramDef,
    sides: &[String],
    placed: &diagram::Placement,
) -> BTreeMap<String, CellFact> {
    placed
        .cells_as_data()
        .into_iter()
        .map(|(name, centre, on)| {
            // The engine says whose a piece is; a program that does not is read by its token.
            let owner = on.as_ref().and_then(|c| {
                c.side()
                    .map(String::from)
                    .or_else(|| token_side(game, def, sides, &c.token))
            });
            let zones = on
                .as_ref()
                .filter(|_| def.tiles.is_some())
                .and_then(Cell::zones)
                .map(<[String]>::to_vec)
                .unwrap_or_default();
            let height = match on.as_ref().map(|c| &c.stands) {
                Some(crate::setup::Stands::Pieces(stack)) => stack.len(),
                Some(crate::setup::Stands::Tile(_)) => 1,
                _ => 0,
            };
            let fact = CellFact {
                height,
                after_height: 0,
                zones,
                centre,
                owner,
                token: on.map(|c| c.token),
                after_owner: None,
                after_token: None,
            };
            (name, fact)
        })
        .collect()
}

/// The cell names a move writes (`d4xe5`, `c3-c4 [a1]`, `>3,2:e *3,2`, `+2,0`), in order.
pub fn move_cells(m: &str, cells: &BTreeMap<String, CellFact>) -> Vec<String> {
    let mut out = Vec::new();
    let parts = m
        .split([' ', '[', ']', '-', 'x', '+', '>', '*'])
        .flat_map(|part| {
            // `[d1,f1]`: a list of cells, unless the whole is a plane's cell (`3,1`).
            let name = part.split(':').next().unwrap_or(part);
            if cells.contains_key(name) {
                vec![part]
            } else {
                part.split(',').collect()
            }
        });
    for part in parts {
        let name = part.split(':').next().unwrap_or(part);
        if cells.contains_key(name) {
            out.push(name.to_string());
            continue;
        }
        // A square grid's names hold no `-` or `x`, but a plane's may hold a `-` (`-1,0`):
        // `+-1,1` splits into "" and "1,1".
        if let Some(neg) = m.find(&format!("-{name}")) {
            let candidate = &m[neg..neg + 1 + name.len()];
            if !name.is_empty() && cells.contains_key(candidate) {
                out.push(candidate.to_string());
            }
        }
    }
    out
}

/// The steps of a move on the drawing: from each cell it names to the next, and a push's
/// direction letter (`>3,2:e`).
fn move_steps(
    m: &str,
    cells: &BTreeMap<String, CellFact>,
) -> Vec<(String, Option<String>, (f64, f64))> {
    // Steps in the order the move makes them: a push's letter where it stands, a chain of cells
    // from each to the next.
    let mut v = Vec::new();
    for part in m.split(' ') {
        if let Some((from, d)) = part.strip_prefix('>').and_then(|p| p.split_once(':')) {
            let step = match d {
                "n" => (0.0, -1.0),
                "s" => (0.0, 1.0),
                "e" => (1.0, 0.0),
                "w" => (-1.0, 0.0),
                _ => continue,
            };
            v.push((from.to_string(), None, step));
            continue;
        }
        let names = move_cells(part, cells);
        v.extend(names.windows(2).filter_map(|w| {
            let (a, b) = (cells.get(&w[0])?, cells.get(&w[1])?);
            let step = (b.centre.0 - a.centre.0, b.centre.1 - a.centre.1);
            (step != (0.0, 0.0)).then(|| (w[0].clone(), Some(w[1].clone()), step))
        }));
    }
    v
}

/// The facts of an example: its claims, and what the engine says follows from its claimed
/// moves. `placed` is the position placed on the game's board.
pub fn of(
    engine: &Engine,
    game: &Game,
    def: &DiagramDef,
    position: &Position,
    claimed: Claimed,
    placed: &diagram::Placement,
) -> Facts {
    let Claimed {
        fields,
        claims,
        marks,
        moves,
    } = claimed;
    let sides = super::claims::sides(engine, position);
    let cells = cells_of(game, def, &sides, placed);
    let side_field = |t: &toml::Table| match t.get("to_move") {
        Some(toml::Value::String(s)) => Some(s.clone()),
        _ => None,
    };
    let mut f = Facts {
        to_move: side_field(fields),
        marked: marks.names().cloned().collect(),
        highlighted: marks.highlight.clone(),
        numbered: marks.numbers.clone(),
        field_numbers: fields
            .values()
            .filter_map(|v| v.as_integer())
            .filter_map(|n| u64::try_from(n).ok())
            .collect(),
        ..Facts::default()
    };
    let mover = f.to_move.clone();
    let mut numbers = Vec::new();
    // How many play: the position's `players`, else one a side.
    let players = match fields.get("players").and_then(toml::Value::as_integer) {
        Some(n) => u64::try_from(n).unwrap_or(0),
        None => sides.len() as u64,
    };
    numbers.push(NumberFact {
        value: players,
        counts: vec![Counted::Players],
        side: None,
        of_move: None,
        field: None,
    });
    let mut add = |value: u64, counts: &[Counted], side: Option<String>| {
        numbers.push(NumberFact {
            value,
            counts: counts.to_vec(),
            side,
            of_move: None,
            field: None,
        })
    };
    let mut claimed_moves: Vec<(String, bool)> = Vec::new();
    for c in claims {
        match &c.kind {
            // A placement's successors are the cells it may go to.
            // (Not more than the board has: 1,770 ways to choose a pair are not 1,770 cells.)
            ClaimKind::Successors(n) if *n as usize > cells.len() => {
                f.move_count = Some(*n);
                add(*n, &[Counted::Moves], mover.clone())
            }
            ClaimKind::Successors(n) => {
                f.move_count = Some(*n);
                add(*n, &[Counted::Moves, Counted::Cells], mover.clone())
            }
            ClaimKind::Scores(s) => {
                for (side, v) in s {
                    add(
                        v.unsigned_abs(),
                        &[Counted::Points, Counted::Pieces, Counted::Cells],
                        Some(side.clone()),
                    );
                }
            }
            ClaimKind::Tokens(t) => {
                for (token, n) in t {
                    if token == "." {
                        add(*n, &[Counted::Cells], None);
                    } else {
                        let side = token_side(game, def, &sides, token);
                        add(*n, &[Counted::Pieces], side);
                    }
                }
            }
            ClaimKind::Winner(w) => f.winners.push(w.clone()),
            ClaimKind::Over(o) => f.over = Some(*o),
            ClaimKind::Passes(p) => f.passes.extend(p.iter().cloned()),
            ClaimKind::Legal(m) => {
                claimed_moves.push((m.clone(), true));
            }
            ClaimKind::Illegal(m) => {
                claimed_moves.push((m.clone(), false));
            }
            ClaimKind::Moves(list) => {
                f.move_count = Some(list.len() as u64);
                add(
                    list.len() as u64,
                    &[Counted::Moves, Counted::Cells],
                    mover.clone(),
                );
                claimed_moves.extend(list.iter().map(|m| (m.clone(), true)));
                // A move list of passes only: the side to move passes.
                if list.iter().all(|m| m == "pass") {
                    f.passes.extend(mover.clone());
                }
            }
            ClaimKind::After(m, _, extra) => {
                f.after_move = Some(m.clone());
                claimed_moves.push((m.clone(), true));
                if m == "pass" {
                    f.passes.extend(mover.clone());
                }
                for (k, v) in extra {
                    match (k.as_str(), v) {
                        ("winner", toml::Value::String(w)) => f.winners.push(w.clone()),
                        ("over", toml::Value::Boolean(o)) => f.over = Some(*o),
                        ("to_move", toml::Value::String(s)) => f.after_to_move = Some(s.clone()),
                        _ => {}
                    }
                }
            }
        }
    }
    // How many moves are claimed legal or illegal is the rulebook's choice of examples, not a
    // fact of the position: a caption's count is a count of successors, of a move list, of
    // pieces taken, of a move's steps.
    // A field that counts by side (`taken = { light = 2, dark = 1 }`): each side's count.
    let mut by_side = Vec::new();
    for (name, v) in fields {
        if let toml::Value::Table(t) = v {
            for (k, n) in t {
                let n = n.as_integer().and_then(|n| u64::try_from(n).ok());
                if let (Some(n), true) = (n, sides.contains(k)) {
                    by_side.push(NumberFact {
                        value: n,
                        counts: vec![Counted::Pieces],
                        side: Some(k.clone()),
                        of_move: None,
                        field: Some(name.clone()),
                    });
                }
            }
        }
    }
    if !f.winners.is_empty() && f.winners.iter().all(|w| w != "draw") && f.over.is_none() {
        f.over = Some(true);
    }
    // The highlighted cells, counted ("the 12 marked cells").
    if !marks.highlight.is_empty() {
        add(marks.highlight.len() as u64, &[Counted::Cells], None);
    }
    claimed_moves.sort();
    claimed_moves.dedup();
    f.passes.dedup();
    let mut cells = cells;
    let mut move_numbers = Vec::new();
    for (text, legal) in claimed_moves {
        let mut captured = Vec::new();
        if legal {
            if let Some(q) = moves.find(engine, position, &text) {
                let (board, after_fields) = engine.data(&q);
                if let Ok(after) = diagram::place(game, def, &board, &after_fields) {
                    let after_cells = cells_of(game, def, &sides, &after);
                    if f.after_move.as_deref() == Some(text.as_str()) {
                        for (name, c) in cells.iter_mut() {
                            let a = after_cells.get(name);
                            c.after_owner = a.and_then(|a| a.owner.clone());
                            c.after_token = a.and_then(|a| a.token.clone());
                            c.after_height = a.map_or(0, |a| a.height);
                        }
                    }
                    // A piece that is gone or changed, but the one that moves: taken, removed,
                    // flipped, sent back.
                    let named = move_cells(&text, &cells);
                    let origin = (named.len() >= 2).then(|| named[0].clone());
                    // A push moves whole lines: a cell whose piece changed was pushed, not
                    // taken. What it takes, it writes (`*3,1`).
                    let pushes = text.split_whitespace().any(|p| p.starts_with('>'));
                    if pushes {
                        captured.extend(
                            text.split_whitespace()
                                .filter_map(|p| p.strip_prefix('*'))
                                .filter(|c| cells.contains_key(*c))
                                .map(str::to_string),
                        );
                    }
                    for (name, before) in cells.iter().filter(|_| !pushes) {
                        if before.token.is_none() || origin.as_ref() == Some(name) {
                            continue;
                        }
                        let now = after_cells.get(name).and_then(|c| c.token.as_ref());
                        if now != before.token.as_ref() {
                            captured.push(name.clone());
                        }
                    }
                }
                if !captured.is_empty() {
                    // The count of pieces taken is the side's that lost them, if one side did.
                    let mut victims: Vec<Option<&String>> = captured
                        .iter()
                        .map(|c| cells.get(c).and_then(|x| x.owner.as_ref()))
                        .collect();
                    victims.dedup();
                    let side = match victims.as_slice() {
                        [Some(one)] => Some((*one).clone()),
                        _ => None,
                    };
                    move_numbers.push(NumberFact {
                        value: captured.len() as u64,
                        counts: vec![Counted::Pieces, Counted::Steps],
                        side,
                        of_move: Some(text.clone()),
                        field: None,
                    });
                }
            }
        }
        // A chain's steps ("a series of four jumps").
        let steps = move_steps(&text, &cells).len();
        if legal && steps >= 2 {
            move_numbers.push(NumberFact {
                value: steps as u64,
                counts: vec![Counted::Steps],
                side: None,
                of_move: Some(text.clone()),
                field: None,
            });
        }
        let takes = if legal {
            !captured.is_empty() || fewer_pieces(engine, moves, position, &text)
        } else {
            text.contains('*') || move_cells(&text, &cells).len() >= 2 && text.contains('x')
        };
        f.moves.push(MoveFact {
            takes,
            cells: move_cells(&text, &cells),
            vectors: move_steps(&text, &cells).into_iter().map(|s| s.2).collect(),
            steps: move_steps(&text, &cells),
            text,
            legal,
            captured,
        });
    }
    f.numbers = numbers;
    f.numbers.extend(by_side);
    f.numbers.extend(move_numbers);
    f.field_cells = fields
        .values()
        .filter_map(|v| v.as_str())
        .filter(|v| cells.contains_key(*v))
        .map(str::to_string)
        .collect();
    if let crate::definition::model::Ground::Board(b) = def.ground {
        if let Some(board) = game.boards.get(b) {
            for r in &board.regions {
                let cells = r.cells.iter().map(|&c| board.grid.name(c)).collect();
                f.regions.push((r.role.clone(), cells));
            }
            for side in &sides {
                let cells: Vec<String> = board
                    .regions
                    .iter()
                    .filter(|r| r.role.split('-').any(|w| w == side))
                    .flat_map(|r| r.cells.iter().map(|&c| board.grid.name(c)))
                    .collect();
                if !cells.is_empty() {
                    f.side_regions.push((side.clone(), cells));
                }
            }
        }
    }
    if let Some(noun) = &def.noun {
        for w in [&noun.fr, &noun.en] {
            let w = w.to_lowercase();
            f.piece_nouns.push(format!("{w}s"));
            f.piece_nouns.push(w);
        }
    }
    for (field, nouns) in &def.ordinals {
        let done = fields
            .get(field)
            .and_then(toml::Value::as_integer)
            .and_then(|n| u64::try_from(n).ok())
            .unwrap_or(0);
        let words = [&nouns.fr, &nouns.en]
            .into_iter()
            .flat_map(|t| t.split_whitespace())
            .map(str::to_lowercase)
            .collect();
        f.ordinals.push((words, done + 1));
    }
    if let Some(r) = &game.rules {
        for (side, d) in r.sides.iter().zip(&r.forward) {
            let v = match d.as_deref() {
                Some("north") => (0.0, -1.0),
                Some("south") => (0.0, 1.0),
                Some("east") => (1.0, 0.0),
                Some("west") => (-1.0, 0.0),
                Some("north-east") => (1.0, -1.0),
                Some("north-west") => (-1.0, -1.0),
                Some("south-east") => (1.0, 1.0),
                Some("south-west") => (-1.0, 1.0),
                _ => continue,
            };
            f.forward.push((side.clone(), v));
        }
        f.line = r.ends.iter().find_map(|e| match &e.cond {
            Cond::Line {
                n: Count::Fixed(n),
                exact: false,
                dirs,
            } if dirs.is_empty() => usize::try_from(*n).ok(),
            _ => None,
        });
    }
    f.cells = cells;
    f.sides = sides;
    f.side_words = side_words(game);
    f
}
