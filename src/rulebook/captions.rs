//! Captions that cannot lie: every fact a caption of a checked example states is bound to a
//! claim of the same example, or the caption is refused at its place.
//!
//! In: an [`Example`] (its captions, and the [`Facts`] its claims make true) and the rulebook's
//! language; out: the statements no claim backs ([`Unbacked`]).
//!
//! A caption is read in sentences (`.`, `!`, `?`), clauses (`:`, `;`, a dash, parentheses) and
//! phrases (`,`). A phrase is negative when it holds a negation of its language (`not`,
//! `cannot`, `refused`; `ne … pas`, `interdit`). The facts, and what binds each one
//! ([`super::lexicon`] lists the words of each language):
//! - a **move** (`d5-f7`, `c3xc5xe5`, `+3,1`) is a claimed move: claimed illegal in a negative
//!   phrase, legal otherwise; after the word `after` it is the move of the `after` claim;
//! - a **cell** (`d5`, `(3, 3)`) is named by a claimed move, holds a piece, or is marked; a cell
//!   that is itself a claimed placement follows the phrase's polarity like a move, and a cell
//!   only a legal move reaches may not be said unreachable;
//! - a **number** (in figures or in words) is a claimed value: of the kind its noun counts
//!   (moves, pieces, cells, points) and of the side named before it, if any; `18 to 2` is two
//!   sides' scores; `1 … on d4` is the diagram's first numbered cell; `rank 2` is a line of a
//!   cell of the clause; a bare number may also be a number of the position (a die's roll);
//! - a **side** is the owner of a piece on a cell its clause names, or (when the clause names
//!   no piece) the side to move, or the side a number, a win or a pass of its clause is bound to;
//! - **winning**, **losing** and a **draw** are the claimed winner (of the position, or after
//!   the `after` move), the game **going on** or **being over** a claimed `over`, a **pass** a
//!   claimed pass of the sides the clause names (`passes`, or a move list of passes only);
//! - a **direction** is the way one of the clause's moves goes (or a move through one of its
//!   cells, or from one of its cells to the next; with none, any claimed move);
//! - a sentence naming a move and a **capture** names either none or all of the pieces the
//!   move takes.
//!
//! Anything else a caption says (a reason, a rule) is the reader's.

use super::example::Example;
use super::facts::{CellFact, Facts, MoveFact};
use super::lexicon::{self, Counted, Dir, Lexicon};
use super::words::{cells_of, is_cell, is_move, join_groups, plane_cells, read, Word};
use crate::base::lang::Lang;

/// An unbacked statement of a caption: which caption, where in it, the message.
#[derive(Debug, Clone, PartialEq)]
pub struct Unbacked {
    /// The caption: 0 for `caption`, 1 for `after_caption`.
    pub caption: usize,
    /// Offset of the statement in the caption, in characters.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

/// What a word is, for the check.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Move,
    Cell,
    Number(u64),
    Side(&'static str),
    Other,
}

/// `black has no pawn`, `les noirs n’ont aucun pion`: a side's count of none.
fn zero_count(ws: &[Word], i: usize, lex: &Lexicon) -> bool {
    let phrase = ws[i].phrase;
    let side_before = ws[..i]
        .iter()
        .rev()
        .take_while(|w| w.phrase == phrase)
        .any(|w| lex.side(&w.lower).is_some());
    side_before
        && lex.zero.contains(&ws[i].lower.as_str())
        && ws
            .get(i + 1)
            .is_some_and(|n| n.phrase == ws[i].phrase && lex.counted(&n.lower).is_some())
}

/// A number written in figures (`12`, `1,770`) or in words.
fn number(w: &Word, lex: &Lexicon) -> Option<u64> {
    let digits = w.text.replace(',', "");
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        // `1,770` groups thousands; `3,3` is a cell and never reaches here.
        return digits.parse().ok();
    }
    lex.number(&w.lower)
}

/// A caption's words (plane cells written `(3, 1)` read as `3,1`, thousands joined) and what
/// each is: the one reading [`check_text`] and [`statements`] share.
fn reading(ex: &Example, lex: &Lexicon, caption: &str) -> (Vec<Word>, Vec<Kind>) {
    let (f, plane) = (&ex.facts, ex.plane);
    let text = plane_cells(caption);
    let mut ws = read(&text);
    join_groups(&mut ws, &text);
    let kinds = ws
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if w.quoted {
                Kind::Other
            } else if is_move(&w.text, plane) && !is_cell(&w.text, plane) {
                Kind::Move
            } else if is_cell(&w.text, plane) {
                Kind::Cell
            } else if let Some(n) = number(w, lex) {
                Kind::Number(n)
            } else if zero_count(&ws, i, lex) {
                Kind::Number(0)
            } else if let Some(s) = lex
                .side(&w.lower)
                .filter(|s| f.sides.iter().any(|x| x == s))
            {
                Kind::Side(s)
            } else {
                Kind::Other
            }
        })
        .collect();
    (ws, kinds)
}

/// Checks the captions of an example the engine read; an example of a game without an engine
/// has nothing to back a caption with (`check` lists it as unchecked), and is not read.
pub fn check(ex: &Example, lang: Lang) -> Vec<Unbacked> {
    let mut out = Vec::new();
    for (which, caption) in [Some(&ex.caption), ex.after_caption.as_ref()]
        .into_iter()
        .enumerate()
    {
        if let Some(caption) = caption {
            out.extend(check_text(ex, lang, which, caption));
        }
    }
    out
}

/// Checks one caption's text (`which`: 0 for `caption`, 1 for `after_caption`) against the
/// example's facts: what [`check`] does for each caption, open to any text (a test alters
/// captions with it).
pub fn check_text(ex: &Example, lang: Lang, which: usize, caption: &str) -> Vec<Unbacked> {
    if ex.position.is_none() {
        return Vec::new();
    }
    let lex = lexicon::of(lang);
    let f = &ex.facts;
    let plane = ex.plane;
    let (ws, kinds) = reading(ex, lex, caption);
    let cx = Reader {
        ex,
        f,
        lex,
        ws: &ws,
        kinds: &kinds,
        plane,
        after: which == 1,
    };
    let mut out = Vec::new();
    let mut say = |k: usize, message: String| {
        out.push(Unbacked {
            caption: which,
            at: caption[..ws[k].at.min(caption.len())].chars().count(),
            message,
        })
    };
    for k in 0..ws.len() {
        let w = &ws[k];
        match &kinds[k] {
            Kind::Move => {
                if let Some(m) = cx.unbound_move(k) {
                    say(k, m);
                }
            }
            Kind::Cell => {
                if let Some(m) = cx.unbound_cell(k) {
                    say(k, m);
                }
            }
            Kind::Number(n) => {
                if let Some(m) = cx.unbound_number(k, *n) {
                    say(k, m);
                }
            }
            Kind::Side(s) => {
                if let Some(m) = cx.unbound_side(k, s) {
                    say(k, m);
                }
            }
            Kind::Other if !w.quoted => {
                let prev =
                    (k > 0 && ws[k - 1].phrase == w.phrase).then(|| ws[k - 1].lower.as_str());
                if let Some(m) = cx.unbound_word(k, prev) {
                    say(k, m);
                }
            }
            Kind::Other => {}
        }
    }
    for m in cx.omitted_captures() {
        say(m.0, m.1);
    }
    out
}

/// A fact a caption states, as the check reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum Fact {
    /// A move.
    Move,
    /// A cell.
    Cell,
    /// A number, and whether a counted noun follows it.
    Number(u64, bool),
    /// A side of the game.
    Side(&'static str),
    /// A side wins.
    Win,
    /// A side loses.
    Lose,
    /// A draw.
    Draw,
    /// The game goes on.
    GoesOn,
    /// The game is over.
    Over,
    /// A side passes.
    Pass,
    /// A negation (of a move's or a placement's legality, or of anything else in its phrase).
    Negation,
    /// A direction.
    Direction(Dir),
    /// A capture.
    Capture,
}

/// Where a caption states a fact: the byte range of its words in the caption as written (a
/// plane cell's whole `(3, 1)`), and the fact.
#[derive(Debug, Clone, PartialEq)]
pub struct Statement {
    /// The words, in the caption.
    pub range: std::ops::Range<usize>,
    /// The fact.
    pub fact: Fact,
    /// The sentence it is in (0 for the first).
    pub sentence: usize,
}

/// The facts a caption states, in order (what a test alters to make a caption lie).
pub fn statements(ex: &Example, lang: Lang, caption: &str) -> Vec<Statement> {
    let lex = lexicon::of(lang);
    let (ws, kinds) = reading(ex, lex, caption);
    let mut out = Vec::new();
    for (k, w) in ws.iter().enumerate() {
        if w.quoted {
            continue;
        }
        let mut range = w.at..w.at + w.text.len();
        // A plane cell as written: `(3, 1)`, whose name `3,1` stands where its `(` was.
        if caption[w.at..].starts_with('(') {
            if let Some(close) = caption[w.at..].find(')') {
                range = w.at..w.at + close + 1;
            }
        }
        let same = |j: usize| ws.get(j).filter(|x| x.phrase == w.phrase);
        let prev = k.checked_sub(1).and_then(same).map(|x| x.lower.as_str());
        let before = k.checked_sub(2).and_then(same).map(|x| x.lower.as_str());
        let next = same(k + 1).map(|x| x.lower.as_str());
        let fact = if kinds[k] == Kind::Move {
            Fact::Move
        } else if kinds[k] == Kind::Cell {
            Fact::Cell
        } else if let Kind::Number(n) = kinds[k] {
            let noun = (1..=2)
                .filter_map(|b| same(k + b))
                .any(|x| lex.counted(&x.lower).is_some());
            Fact::Number(n, noun)
        } else if let Kind::Side(s) = kinds[k] {
            Fact::Side(s)
        } else if lex.win.contains(&w.lower.as_str()) {
            Fact::Win
        } else if lex.lose.contains(&w.lower.as_str()) {
            Fact::Lose
        } else if lex.draw.contains(&w.lower.as_str()) {
            Fact::Draw
        } else if lex.pass.contains(&w.lower.as_str())
            && !next.is_some_and(|n| lex.pass_over.contains(&n))
        {
            Fact::Pass
        } else if lex.capture.contains(&w.lower.as_str()) {
            Fact::Capture
        } else if lex.negative.contains(&w.lower.as_str())
            || lex.ne_first.contains(&w.lower.as_str())
        {
            Fact::Negation
        } else if let Some(d) = lex.direction(before, prev, &w.lower, next) {
            Fact::Direction(d)
        } else if (lex.goes_on.contains(&w.lower.as_str())
            || (w.lower == "on" && prev == Some("goes")))
            && ws
                .iter()
                .any(|x| x.clause == w.clause && lex.game.contains(&x.lower.as_str()))
        {
            Fact::GoesOn
        } else if lex.over.contains(&w.lower.as_str())
            && ws
                .iter()
                .any(|x| x.clause == w.clause && lex.game.contains(&x.lower.as_str()))
        {
            Fact::Over
        } else {
            continue;
        };
        out.push(Statement {
            range,
            fact,
            sentence: w.sentence,
        });
    }
    out
}

/// A caption read, with the example's facts.
struct Reader<'a> {
    ex: &'a Example,
    f: &'a Facts,
    lex: &'a Lexicon,
    ws: &'a [Word],
    kinds: &'a [Kind],
    plane: bool,
    /// The caption of the figure after the `after` move.
    after: bool,
}

impl Reader<'_> {
    /// The words of word `k`'s phrase, clause or sentence.
    fn around(&self, k: usize, level: Level) -> impl Iterator<Item = usize> + '_ {
        let key = move |w: &Word| match level {
            Level::Phrase => w.phrase,
            Level::Clause => w.clause,
        };
        let at = key(&self.ws[k]);
        (0..self.ws.len()).filter(move |&j| key(&self.ws[j]) == at)
    }

    fn has_word(&self, k: usize, level: Level, list: &[&str]) -> bool {
        self.around(k, level)
            .any(|j| list.contains(&self.ws[j].lower.as_str()))
    }

    /// True when word `k` itself is negated: a negation among the two words before it, or a
    /// French `ne` before it and `pas` after it.
    fn negated_here(&self, k: usize) -> bool {
        let lex = self.lex;
        let before = (1..=2)
            .filter_map(|b| k.checked_sub(b))
            .filter(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .map(|j| self.ws[j].lower.as_str());
        let mut ne = false;
        for w in before {
            if lex.negative.contains(&w) {
                return true;
            }
            ne |= lex.ne_first.contains(&w);
        }
        let next = self.next_in_phrase(k, 1).map(|n| n.lower.as_str());
        // "removes no tile", "n’enlève aucune pièce".
        next.is_some_and(|n| lex.negative.contains(&n))
            || (ne && next.is_some_and(|n| lex.ne_second.contains(&n)))
    }

    /// What phrase `p` says of legality: `Some(true)` no (a negation), `Some(false)` yes
    /// (`may`, `allowed`), `None` nothing.
    fn polarity(&self, p: usize) -> Option<bool> {
        let words: Vec<&str> = self
            .ws
            .iter()
            .filter(|w| w.phrase == p)
            .map(|w| w.lower.as_str())
            .collect();
        let first = words.iter().position(|w| self.lex.ne_first.contains(w));
        let ne = first.is_some_and(|i| {
            words[i + 1..]
                .iter()
                .any(|w| self.lex.ne_second.contains(w))
        });
        if ne || words.iter().any(|w| self.lex.negative.contains(w)) {
            Some(true)
        } else if words.iter().any(|w| self.lex.positive.contains(w)) {
            Some(false)
        } else {
            None
        }
    }

    /// True when word `k`'s phrase says no: a negation of the language in it, or, when it says
    /// nothing of legality, in the next phrase of its clause when that one is the predicate
    /// ("(2, 1) east, is refused").
    fn negative(&self, k: usize) -> bool {
        self.stated(k).unwrap_or(false)
    }

    /// What word `k`'s phrase states of legality, if it states it: its own polarity, or that
    /// of a later phrase of its clause that opens with a copula ("going back to c2, the
    /// starting cell, is not allowed").
    fn stated(&self, k: usize) -> Option<bool> {
        let phrase = self.ws[k].phrase;
        if let Some(v) = self.polarity(phrase) {
            return Some(v);
        }
        let mut seen = phrase;
        for j in (k + 1..self.ws.len()).take_while(|&j| self.ws[j].clause == self.ws[k].clause) {
            if self.ws[j].phrase == seen {
                continue;
            }
            seen = self.ws[j].phrase;
            if self.lex.copulas.contains(&self.ws[j].lower.as_str()) {
                return self.polarity(seen);
            }
        }
        None
    }

    fn claimed(&self, m: &str) -> Vec<&MoveFact> {
        self.f.moves.iter().filter(|c| c.text == m).collect()
    }

    fn unbound_move(&self, k: usize) -> Option<String> {
        let w = &self.ws[k].text;
        let claims = self.claimed(w);
        if claims.is_empty() {
            return Some(format!(
                "the caption names the move `{w}`, which no claim of this example checks"
            ));
        }
        let after_word = k > 0 && self.lex.after.contains(&self.ws[k - 1].lower.as_str());
        if after_word && self.f.after_move.as_deref() != Some(w.as_str()) {
            return Some(format!(
                "the caption shows the board after `{w}`, but the `after` claim is {}",
                self.f
                    .after_move
                    .as_deref()
                    .map_or("missing".to_string(), |m| format!("`{m}`"))
            ));
        }
        against_claims(self.negative(k), &claims, &format!("`{w}`"))
    }

    fn unbound_cell(&self, k: usize) -> Option<String> {
        let w = &self.ws[k].text;
        let in_moves = self
            .f
            .moves
            .iter()
            .any(|m| cells_of(&m.text, self.plane).iter().any(|c| c == w));
        let occupied = self
            .ex
            .occupied
            .iter()
            .chain(&self.ex.after_occupied)
            .any(|c| c == w);
        let marked = self.f.marked.iter().any(|c| c == w);
        if !in_moves && !occupied && !marked {
            return Some(format!(
                "the caption names `{w}`, a cell no claim names, no piece stands on and no mark shows"
            ));
        }
        // `e5 is occupied`, `d2, which is empty`: whether a piece stands there, on the board
        // the caption is drawn on.
        if let Some(empty) = self.said_empty(k) {
            let board = if self.after && self.f.after_move.is_some() {
                &self.ex.after_occupied
            } else {
                &self.ex.occupied
            };
            let occupied = board.iter().any(|c| c == w);
            if empty == occupied {
                return Some(format!(
                    "the caption says `{w}` is {}, but it is {} on the board",
                    if empty { "empty" } else { "occupied" },
                    if occupied { "occupied" } else { "empty" }
                ));
            }
        }
        let negative = self.negative(k);
        // A cell and a direction (`(2, 1) east`) name the move of that cell that way.
        let next = self.next_in_phrase(k, 1).map(|x| x.lower.as_str());
        let after_next = self.next_in_phrase(k, 2).map(|x| x.lower.as_str());
        let dir = next.and_then(|n| self.lex.direction(None, None, n, after_next));
        let third = self.next_in_phrase(k, 3).map(|x| x.lower.as_str());
        let dir = dir.or_else(|| after_next.and_then(|a| self.lex.direction(None, next, a, third)));
        // `(1 ; 3) vers l’ouest`: the direction is the third word, after its article.
        let dir = dir.or_else(|| {
            let fourth = self.next_in_phrase(k, 4).map(|x| x.lower.as_str());
            third.and_then(|t| self.lex.direction(next, after_next, t, fourth))
        });
        if let Some(d) = dir {
            let pushes: Vec<&MoveFact> = self
                .f
                .moves
                .iter()
                .filter(|m| m.cells.len() == 1 && m.cells[0] == *w && !m.vectors.is_empty())
                .filter(|m| m.vectors.iter().all(|&(dx, dy)| d.matches(dx, dy)))
                .collect();
            if !pushes.is_empty() {
                return against_claims(negative, &pushes, &format!("moving `{w}` that way"));
            }
        }
        // A cell that is itself a claimed placement is a move.
        let placed: Vec<&MoveFact> = self.claimed(w);
        if !placed.is_empty() {
            return against_claims(negative, &placed, &format!("placing on `{w}`"));
        }
        // Only a move from one cell to another reaches a cell (not a placement, a removal).
        let last = |m: &&MoveFact| m.cells.len() >= 2 && m.cells.last().is_some_and(|c| c == w);
        let legal_end = self.f.moves.iter().filter(last).any(|m| m.legal);
        let illegal_end = self.f.moves.iter().filter(last).any(|m| !m.legal);
        let takes = self
            .around(k, Level::Phrase)
            .any(|j| self.lex.capture.contains(&self.ws[j].lower.as_str()));
        match self.stated(k).filter(|_| !takes) {
            Some(true) if legal_end && !illegal_end => {
                return Some(format!(
                    "the caption says `{w}` cannot be reached, but a claimed legal move ends there"
                ))
            }
            Some(false) if illegal_end && !legal_end => {
                return Some(format!(
                "the caption says `{w}` may be reached, but only a claimed illegal move ends there"
            ))
            }
            // A cell said to be reachable or not is a fact: some claimed move must name it
            // (a cell passed over, beyond or between is not a destination).
            Some(_) if !in_moves && !self.f.field_cells.contains(w) && !self.passed_by(k) => {
                return Some(format!(
                "the caption says whether `{w}` may be reached, but no claimed move names it (claim one legal or illegal)"
            ))
            }
            _ => {}
        }
        // `c3 cannot go to c6`, `the pawn on h8 may not act`: what a piece may do.
        self.unbound_piece_move(k)
    }

    /// A cell said to be able (or not) to move: with a modal verb in its phrase, the first cell
    /// of the phrase and the next one name the claimed moves from one to the other (`c3 cannot
    /// go to c6`); a cell with a verb of playing alone (`h8 may not act`, `f1 cannot move`)
    /// names every claimed move from it. The phrase's polarity must be theirs.
    fn unbound_piece_move(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let phrase: Vec<usize> = self.around(k, Level::Phrase).collect();
        let modal = phrase.iter().any(|&j| {
            let w = self.ws[j].lower.as_str();
            lex.positive.contains(&w) || matches!(w, "cannot" | "can't")
        });
        let cells: Vec<usize> = phrase
            .iter()
            .copied()
            .filter(|&j| self.kinds[j] == Kind::Cell)
            .collect();
        // After a verb of taking, a cell is the piece taken, not where the move goes.
        let takes = phrase
            .iter()
            .any(|&j| lex.capture.contains(&self.ws[j].lower.as_str()));
        if !modal || takes || cells.first() != Some(&k) {
            return None;
        }
        let from = self.ws[k].text.as_str();
        let plays = phrase
            .iter()
            .any(|&j| lex.play_verbs.contains(&self.ws[j].lower.as_str()));
        let moves: Vec<&MoveFact> = match cells.get(1) {
            Some(&t) => {
                let to = self.ws[t].text.as_str();
                self.f
                    .moves
                    .iter()
                    .filter(|m| {
                        m.cells.len() >= 2
                            && m.cells[0] == from
                            && m.cells.last().is_some_and(|c| c == to)
                    })
                    .collect()
            }
            None if plays => self
                .f
                .moves
                .iter()
                .filter(|m| m.cells.len() >= 2 && m.cells[0] == from)
                .collect(),
            None => return None,
        };
        if moves.is_empty() {
            return None;
        }
        let negative = self.negative(k);
        let legal = moves.iter().any(|m| m.legal);
        if negative && legal {
            return Some(format!(
                "the caption says `{from}` cannot make that move, but the claims hold one legal"
            ));
        }
        if !negative && !legal {
            return Some(format!(
                "the caption says `{from}` can make that move, but the claims hold it illegal"
            ));
        }
        None
    }

    /// The side a number or a win of word `k` is said of: the side named nearest before it in
    /// its clause, or just after it in its phrase (`1 light on …`), when that side's name is
    /// not an adjective of a piece (`the red pawn`, `pions blancs`), which names the pieces.
    fn side_of(&self, k: usize) -> Option<&'static str> {
        self.side_word_of(k).and_then(|j| match self.kinds[j] {
            Kind::Side(s) => Some(s),
            _ => None,
        })
    }

    /// The word naming the side word `k` (a number, a win) is said of: the last side of its
    /// clause before it that is not an adjective of a piece, or else an adjective just after it.
    fn side_word_of(&self, k: usize) -> Option<usize> {
        let clause = self.ws[k].clause;
        let adjective = |j: usize| {
            let piece = |i: usize| {
                self.ws.get(i).is_some_and(|w| {
                    w.phrase == self.ws[j].phrase
                        && self.lex.counted(&w.lower) == Some(Counted::Pieces)
                })
            };
            piece(j + 1) || (j > 0 && piece(j - 1))
        };
        let side = |j: usize| matches!(self.kinds[j], Kind::Side(_)) && !adjective(j);
        let before = (0..k)
            .rev()
            .take_while(|&j| self.ws[j].clause == clause)
            .find(|&j| side(j));
        // After the number, an adjective names what it counts: `three white pawns`.
        before.or_else(|| {
            (k + 1..(k + 3).min(self.ws.len()))
                .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
                .find(|&j| matches!(self.kinds[j], Kind::Side(_)))
        })
    }

    /// The next word of word `k`'s phrase.
    fn next_in_phrase(&self, k: usize, by: usize) -> Option<&Word> {
        self.ws
            .get(k + by)
            .filter(|w| w.phrase == self.ws[k].phrase)
    }

    fn unbound_number(&self, k: usize, n: u64) -> Option<String> {
        let w = &self.ws[k];
        let lex = self.lex;
        // `rank 2`: a line of the board.
        if k > 0 && lex.lines.contains(&self.ws[k - 1].lower.as_str()) {
            // The cell it speaks of: the nearest named before it in the sentence, else after.
            let sentence = self.ws[k].sentence;
            let cell_at =
                |j: &usize| self.ws[*j].sentence == sentence && self.kinds[*j] == Kind::Cell;
            let cells: Vec<&str> = (0..k)
                .rev()
                .find(|j| cell_at(j))
                .or_else(|| (k + 1..self.ws.len()).find(|j| cell_at(j)))
                .map(|j| self.ws[j].text.as_str())
                .into_iter()
                .collect();
            let line =
                |c: &str| c.trim_start_matches(|ch: char| ch.is_ascii_lowercase()) == n.to_string();
            // The line of that cell, or else of a claimed move.
            let ok = if cells.is_empty() {
                self.f.moves.iter().flat_map(|m| &m.cells).any(|c| line(c))
            } else {
                cells.iter().any(|c| line(c))
            };
            return (!ok).then(|| {
                format!(
                    "the caption names line {n}, which no cell it names (or no claimed move) is on"
                )
            });
        }
        // `1 light on d4`: the diagram's numbered cells, in order.
        if !self.f.numbered.is_empty() {
            let cell = (1..=4)
                .filter_map(|by| self.next_in_phrase(k, by).map(|_| k + by))
                .take_while(|&j| !matches!(self.kinds[j], Kind::Number(_)))
                .find(|&j| self.kinds[j] == Kind::Cell);
            if let Some(j) = cell {
                let want = usize::try_from(n)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .and_then(|i| self.f.numbered.get(i));
                return (want != Some(&self.ws[j].text)).then(|| {
                    format!(
                        "the caption numbers {} as {n}, but the diagram's number {n} is {}",
                        self.ws[j].text,
                        want.map_or("missing".to_string(), |c| c.to_string())
                    )
                });
            }
        }
        let noun_word = (1..=2)
            .filter_map(|by| self.next_in_phrase(k, by))
            .find(|x| lex.counted(&x.lower).is_some());
        let noun = noun_word.and_then(|x| lex.counted(&x.lower));
        let chain = noun_word.is_some_and(|x| lex.chain.contains(&x.lower.as_str()));
        let side = self.side_of(k);
        // `18 to 2`: two sides' scores.
        let to = |j: usize| {
            self.ws
                .get(j)
                .is_some_and(|x| matches!(x.lower.as_str(), "to" | "à" | "against" | "contre"))
        };
        let scored = |value: u64, side: Option<&str>| {
            self.f.numbers.iter().any(|x| {
                x.value == value
                    && x.counts.contains(&Counted::Points)
                    && side.is_none_or(|s| x.side.as_deref() == Some(s))
            })
        };
        if to(k + 1) && matches!(self.kinds.get(k + 2), Some(Kind::Number(_))) {
            return (!scored(n, side)).then(|| {
                format!(
                    "the caption gives a score of {n}{}, which no claim states",
                    side.map_or(String::new(), |s| format!(" to {s}"))
                )
            });
        }
        if k >= 2 && to(k - 1) && matches!(self.kinds[k - 2], Kind::Number(_)) {
            let first = self.side_of(k - 2);
            let other = |x: &&super::facts::NumberFact| {
                x.value == n
                    && x.counts.contains(&Counted::Points)
                    && (first.is_none() || x.side.as_deref() != first)
            };
            return (!self.f.numbers.iter().any(|x| other(&x))).then(|| {
                format!("the caption gives the other side a score of {n}, which no claim states")
            });
        }
        // One move's count (its steps, its takes) is said of a move the sentence shows, when it
        // shows one.
        let shown = self.shown_moves(k);
        let of_shown = |x: &super::facts::NumberFact| {
            x.of_move
                .as_ref()
                .is_none_or(|m| shown.is_empty() || shown.iter().any(|s| &s.text == m))
        };
        // With its noun, a number is a count of that kind; bare, it is a side's score or count
        // of pieces ("dark has 5") or a number of the position (a roll).
        let fits = |x: &super::facts::NumberFact| {
            let kind = match noun {
                Some(Counted::Moves) if chain => {
                    x.counts.contains(&Counted::Moves) || x.counts.contains(&Counted::Steps)
                }
                Some(c) => x.counts.contains(&c),
                None => x.counts.contains(&Counted::Points) || x.counts.contains(&Counted::Pieces),
            };
            // A number said of a side is that side's (a count of moves is the mover's).
            let whose = match side {
                Some(s) => {
                    x.side.as_deref() == Some(s)
                        || (noun == Some(Counted::Moves) && x.side.is_none())
                }
                None => true,
            };
            x.value == n && kind && whose && of_shown(x)
        };
        // A number of the position (a roll) is the mover's.
        // (Not where the side has a claimed count of its own: `light 3, dark 4` are scores.)
        let bare = noun.is_none()
            && (side.is_none()
                || (side == self.f.to_move.as_deref()
                    && !self.f.numbers.iter().any(|x| {
                        x.side.as_deref() == side && x.counts.contains(&Counted::Points)
                    })))
            && self.f.field_numbers.contains(&n);
        if self.f.numbers.iter().any(fits) || bare {
            return None;
        }
        let mut claimed: Vec<u64> = self.f.numbers.iter().map(|x| x.value).collect();
        claimed.sort_unstable();
        claimed.dedup();
        Some(format!(
            "the caption says {}{}{}, which no claim of this example states (claimed: {})",
            w.text,
            noun.map_or(String::new(), |c| format!(" ({})", counted_name(c))),
            side.map_or(String::new(), |s| format!(" for {s}")),
            if claimed.is_empty() {
                "no number".to_string()
            } else {
                claimed
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ))
    }

    fn unbound_side(&self, k: usize, side: &str) -> Option<String> {
        let f = self.f;
        let lex = self.lex;
        let movers = [f.to_move.as_deref(), f.after_to_move.as_deref()];
        let sentence_cells: Vec<&str> = self
            .ws
            .iter()
            .zip(self.kinds)
            .filter(|(w, kind)| w.sentence == self.ws[k].sentence && **kind == Kind::Cell)
            .map(|(w, _)| w.text.as_str())
            .collect();
        // Beside a region's noun (`north’s camp`, `camp sud`), a side's name names its region:
        // a cell the sentence names lies in it (or, naming none, the side is to move). A
        // colour beside a zone or a tile (`blue zones`) is not a side.
        let near = |j: usize| {
            self.ws
                .get(j)
                .is_some_and(|w| lex.places.contains(&w.lower.as_str()))
        };
        let tiles = f.cells.values().any(|c| !c.zones.is_empty());
        let zone = |j: usize| {
            self.ws.get(j).is_some_and(|w| {
                w.phrase == self.ws[k].phrase && lex.zone_nouns.contains(&w.lower.as_str())
            })
        };
        if tiles && (zone(k + 1) || zone(k + 2) || (k > 0 && zone(k - 1)) || (k > 1 && zone(k - 2)))
        {
            return self.unbound_colour(k, side);
        }
        if near(k + 1) || near(k + 2) || (k > 0 && near(k - 1)) || (k > 1 && near(k - 2)) {
            if f.side_regions.is_empty() {
                return None;
            }
            let in_region = |s: &str, c: &str| {
                f.side_regions
                    .iter()
                    .any(|(side, cells)| side == s && cells.iter().any(|x| x == c))
            };
            let any_region = sentence_cells.iter().any(|c| {
                f.side_regions
                    .iter()
                    .any(|(_, cells)| cells.iter().any(|x| x == c))
            });
            // The cells the sentence names, and those of the moves it shows.
            let shown: Vec<&str> = self
                .shown_moves(k)
                .iter()
                .flat_map(|m| m.cells.iter().map(String::as_str))
                .collect();
            let ok = if any_region {
                sentence_cells
                    .iter()
                    .chain(&shown)
                    .any(|c| in_region(side, c))
            } else {
                movers.contains(&Some(side))
            };
            return (!ok).then(|| {
                format!("the caption names {side}’s region, but no cell it names lies in it")
            });
        }
        // `white places`, `dark may`: the side acts, so it is the side to move.
        // (French particles between: `les clairs ne peuvent`, `les blancs se déplacent`.)
        let acts = (1..=3)
            .filter_map(|by| self.next_in_phrase(k, by))
            .find(|w| {
                !lex.ne_first.contains(&w.lower.as_str()) && !matches!(w.lower.as_str(), "se" | "s")
            })
            .is_some_and(|w| lex.acts.contains(&w.lower.as_str()));
        // `white cannot play`, `dark can play`: whether the side has a move at all.
        let plays = (1..=4)
            .filter_map(|by| self.next_in_phrase(k, by))
            .any(|w| lex.play_verbs.contains(&w.lower.as_str()));
        let modal = (1..=3)
            .filter_map(|by| self.next_in_phrase(k, by))
            .any(|w| {
                let w = w.lower.as_str();
                lex.positive.contains(&w)
                    || lex.ne_first.contains(&w)
                    || matches!(w, "cannot" | "can't")
            });
        if acts && plays && modal && movers[0] == Some(side) {
            let some = f.moves.iter().any(|m| m.legal)
                || f.numbers.iter().any(|x| {
                    x.value > 0
                        && x.counts.contains(&Counted::Moves)
                        && x.side.as_deref() == Some(side)
                });
            let none = f.over == Some(true)
                || f.numbers
                    .iter()
                    .any(|x| x.value == 0 && x.counts.contains(&Counted::Moves));
            let negative = self.negative(k);
            if negative && !none {
                return Some(format!(
                    "the caption says {side} cannot play, but no claim holds that it has no move"
                ));
            }
            if !negative && !some {
                return Some(format!(
                    "the caption says {side} can play, but no claim holds a move for {side}"
                ));
            }
        }
        if acts {
            return (!movers.contains(&Some(side))).then(|| {
                format!(
                    "the caption has {side} play, but the side to move is {}",
                    f.to_move.as_deref().unwrap_or("not claimed")
                )
            });
        }
        // A side a number of its clause is counted for, a win or a loss is said of, or a pass
        // is claimed for, is bound there (those facts are checked with the side).
        // The side must be the very word the fact is said of: in `the four dark pawns are taken
        // and the light pawn is back on d4`, the count binds `dark`, not `light`.
        let speaks = self.around(k, Level::Clause).any(|j| match self.kinds[j] {
            Kind::Number(n) => {
                self.side_word_of(j) == Some(k)
                    && (f
                        .numbers
                        .iter()
                        .any(|x| x.value == n && x.side.as_deref() == Some(side))
                        || (f.to_move.as_deref() == Some(side) && f.field_numbers.contains(&n)))
            }
            _ => {
                let w = self.ws[j].lower.as_str();
                ((lex.win.contains(&w) || lex.lose.contains(&w)) && self.side_word_of(j) == Some(k))
                    || (self.is_pass(j)
                        && self.side_word_of(j) == Some(k)
                        && (f.passes.iter().any(|p| p == side)
                            || (f.passes.is_empty() && f.after_to_move.as_deref() == Some(side))))
            }
        });
        if speaks {
            return None;
        }
        // `it is green’s turn`, `c’est à vert`: the side to move after the move told (the one
        // claimed by `after`, else the position's).
        let at = |j: usize| (j < k).then(|| self.ws[k - j].lower.as_str());
        let turn = (1..=2).any(|by| {
            self.next_in_phrase(k, by)
                .is_some_and(|w| lex.turn.contains(&w.lower.as_str()))
        }) || lex
            .turn_before
            .iter()
            .any(|&(a, b)| at(2) == Some(a) && at(1) == Some(b));
        if turn {
            let next = f.after_to_move.as_deref().or(f.to_move.as_deref());
            return (next != Some(side)).then(|| {
                format!(
                    "the caption says it is {side}’s turn, but the side to move is {}",
                    next.unwrap_or("not claimed")
                )
            });
        }
        // `touches red`: a cell the phrase names has a neighbour of that side, before or after
        // the move.
        let touches = (1..=3).any(|by| {
            k >= by
                && self.ws[k - by].phrase == self.ws[k].phrase
                && lex.touches.contains(&self.ws[k - by].lower.as_str())
        });
        if touches {
            let bound = self
                .around(k, Level::Phrase)
                .filter(|&j| self.kinds[j] == Kind::Cell)
                .flat_map(|j| f.neighbours(&self.ws[j].text))
                .filter_map(|c| f.cells.get(c))
                .any(|x| sides_in_state(x, None).contains(&side));
            return (!bound).then(|| {
                format!("the caption says a piece touches {side}, but no neighbour of the cell it names is {side}’s")
            });
        }
        let state = self.state_of(k);
        let owner = |x| sides_in_state(x, state);
        // The pieces a move takes or turns are named by the side they had, but after a verb of
        // change (`they become white`).
        let taken_state = match state {
            Some(true) if !self.changed_before(k) => Some(false),
            s => s,
        };
        let owns = |j: usize| -> Vec<&str> {
            let names = if self.kinds[j] == Kind::Move {
                cells_of(&self.ws[j].text, self.plane)
            } else {
                vec![self.ws[j].text.clone()]
            };
            names
                .into_iter()
                .filter_map(|c| f.cells.get(&c))
                .flat_map(owner)
                .collect()
        };
        // `the north pawn on e2`, `pion nord de e2`: the piece on the cell just after.
        // (`le pion foncé est revenu en d4`: up to five words on, no other side between.)
        let next_cell = (1..=5)
            .filter_map(|by| self.next_in_phrase(k, by).map(|_| k + by))
            .take_while(|&j| !matches!(self.kinds[j], Kind::Side(_)))
            .find(|&j| matches!(self.kinds[j], Kind::Cell | Kind::Move));
        let mut owners: Vec<&str> = match next_cell {
            Some(j) => owns(j),
            None => self
                .around(k, Level::Phrase)
                .filter(|&j| matches!(self.kinds[j], Kind::Cell | Kind::Move))
                .flat_map(owns)
                .collect(),
        };
        // The pieces taken by the move the caption shows ("the black pawn has left").
        let taken: Vec<&str> = self
            .shown_moves(k)
            .iter()
            .flat_map(|m| &m.captured)
            .filter_map(|c| f.cells.get(c))
            .flat_map(|x| sides_in_state(x, taken_state))
            .collect();
        if owners.contains(&side) || (next_cell.is_none() && taken.contains(&side)) {
            return None;
        }
        owners.sort_unstable();
        owners.dedup();
        Some(if owners.is_empty() {
            format!("the caption names {side}, but nothing it says of {side} is claimed (a piece on a named cell, a move, a number, a win, a pass)")
        } else {
            format!(
                "the caption names {side}, but the pieces it names are {}",
                owners.join(", ")
            )
        })
    }

    /// `the pawn placed on b2`, `a1 was not placed this turn`: the cell after the word (or the
    /// nearest one before it in the sentence) is, or with a negation is not, the cell a field
    /// of the position names (`last_placed`).
    fn unbound_placed(&self, k: usize) -> Option<String> {
        let (lex, f) = (self.lex, self.f);
        let cell = (1..=3)
            .filter_map(|by| self.next_in_phrase(k, by).map(|_| k + by))
            .find(|&j| self.kinds[j] == Kind::Cell)
            .or_else(|| {
                (0..k)
                    .rev()
                    .take_while(|&j| self.ws[j].sentence == self.ws[k].sentence)
                    .find(|&j| self.kinds[j] == Kind::Cell)
            })?;
        let negated = (1..=3)
            .filter_map(|by| k.checked_sub(by))
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .any(|j| {
                let w = self.ws[j].lower.as_str();
                lex.negative.contains(&w) || lex.ne_second.contains(&w)
            });
        let name = &self.ws[cell].text;
        let is = f.field_cells.iter().any(|c| c == name);
        if is == negated {
            return Some(if negated {
                format!("the caption says {name} was not placed this turn, but the position says it was")
            } else {
                format!(
                    "the caption says {name} was placed this turn, but the position names {}",
                    f.field_cells.join(", ")
                )
            });
        }
        None
    }

    /// What the words just after cell `k` say of it (up to three words, in its sentence, up
    /// to the next cell or move): `Some(true)` empty, `Some(false)` occupied (a negation
    /// between turns one into the other), `None` neither.
    fn said_empty(&self, k: usize) -> Option<bool> {
        let lex = self.lex;
        let mut negated = false;
        for j in (k + 1..self.ws.len()).take(3) {
            if self.ws[j].sentence != self.ws[k].sentence
                || matches!(self.kinds[j], Kind::Cell | Kind::Move)
            {
                return None;
            }
            let w = self.ws[j].lower.as_str();
            negated |= lex.negative.contains(&w) || lex.ne_second.contains(&w);
            // (`with an empty square between them` speaks of another cell.)
            let noun_next = self
                .ws
                .get(j + 1)
                .is_some_and(|n| lex.counted(&n.lower).is_some());
            if lex.empty.contains(&w) && !noun_next {
                return Some(!negated);
            }
            if lex.occupied.contains(&w) {
                return Some(negated);
            }
        }
        None
    }

    /// True when a word before cell `k` in its phrase says the cell is passed over, lies
    /// beyond or between (`over c4`, `cannot pass b5`, `au-delà de a1`), not reached.
    fn passed_by(&self, k: usize) -> bool {
        (0..k)
            .rev()
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .any(|j| self.lex.passing.contains(&self.ws[j].lower.as_str()))
    }

    /// `the red pawn on d5 has two white neighbours: it does not move`: a verb of playing
    /// whose phrase names no cell speaks of the first cell its sentence names before it; what
    /// it says (can, cannot) must be what the claimed moves from that cell hold.
    fn unbound_pronoun_move(&self, k: usize) -> Option<String> {
        let named = |j: usize| matches!(self.kinds[j], Kind::Cell | Kind::Move);
        if self.around(k, Level::Phrase).any(named) {
            return None;
        }
        let negative = self.stated(k)?;
        let sentence = self.ws[k].sentence;
        let subject = (0..k)
            .filter(|&j| self.ws[j].sentence == sentence)
            .find(|&j| self.kinds[j] == Kind::Cell)?;
        let from = self.ws[subject].text.as_str();
        let moves: Vec<&MoveFact> = self
            .f
            .moves
            .iter()
            .filter(|m| m.cells.len() >= 2 && m.cells[0] == from)
            .collect();
        if moves.is_empty() {
            return None;
        }
        let legal = moves.iter().any(|m| m.legal);
        if negative && legal {
            return Some(format!(
                "the caption says the piece on `{from}` cannot move, but the claims hold a legal move from it"
            ));
        }
        if !negative && !legal {
            return Some(format!(
                "the caption says the piece on `{from}` can move, but the claims hold every move from it illegal"
            ));
        }
        None
    }

    /// A colour beside a zone or a tile (`d1 has one blue zone`, `the all-green tile on b1`,
    /// `une pièce toute bleue`) is bound by the tiles the caption speaks of: those on the cells
    /// of its clause and the moving tiles of the moves it shows, else those on the cells of its
    /// sentence, else any tile on the board. With `only`, `all` (`toute`), every zone of the tile has the colour.
    fn unbound_colour(&self, k: usize, colour: &str) -> Option<String> {
        let f = self.f;
        let all = self
            .around(k, Level::Phrase)
            .filter(|&j| j + 3 >= k && j <= k + 3)
            .any(|j| self.lex.only.contains(&self.ws[j].lower.as_str()));
        let named = |level: Option<Level>| -> Vec<String> {
            let at = |j: usize| match level {
                Some(level) => self.around(k, level).any(|i| i == j),
                None => self.ws[j].sentence == self.ws[k].sentence,
            };
            (0..self.ws.len())
                .filter(|&j| at(j))
                .flat_map(|j| match self.kinds[j] {
                    Kind::Cell => vec![self.ws[j].text.clone()],
                    Kind::Move => cells_of(&self.ws[j].text, self.plane)
                        .into_iter()
                        .take(1)
                        .collect(),
                    _ => Vec::new(),
                })
                .filter(|c| f.cells.get(c).is_some_and(|x| !x.zones.is_empty()))
                .collect()
        };
        let mut cells = named(Some(Level::Clause));
        // The moving tiles: of the moves the sentence shows, or of every claimed legal move
        // (a caption may tell a move in words: `a step to b1, then a jump over c1`).
        let mut shown = self.shown_moves(k);
        if shown.is_empty() && cells.is_empty() {
            shown = f.moves.iter().filter(|m| m.legal).collect();
        }
        cells.extend(shown.iter().filter_map(|m| m.cells.first().cloned()));
        if cells.is_empty() {
            cells = named(None);
        }
        if cells.is_empty() {
            cells = f.cells.keys().cloned().collect();
        }
        let fits = |zones: &[String]| {
            !zones.is_empty()
                && if all {
                    zones.iter().all(|z| z == colour)
                } else {
                    zones.iter().any(|z| z == colour)
                }
        };
        let ok = cells
            .iter()
            .filter_map(|c| f.cells.get(c))
            .any(|x| fits(&x.zones));
        (!ok).then(|| {
            let kind = if all { "only" } else { "a" };
            format!(
                "the caption speaks of {kind} {colour} zone, but no tile it names ({}) has one",
                cells.join(", ")
            )
        })
    }

    /// Which board a side word speaks of: `Some(false)` the position before the `after` move,
    /// `Some(true)` the one after it, `None` either (no `after` move is claimed, so the pieces
    /// have one side only). A side named before a verb of change is the pieces' side before
    /// it (`the white pawn on f2 becomes red`), one named after it their side after; otherwise
    /// the side of the position the caption is drawn on.
    fn state_of(&self, k: usize) -> Option<bool> {
        self.f.after_move.as_ref()?;
        let change = |j: usize| self.lex.changes.contains(&self.ws[j].lower.as_str());
        let clause: Vec<usize> = self.around(k, Level::Clause).collect();
        if self.changed_before(k) {
            Some(true)
        } else if clause.iter().any(|&j| j > k && change(j)) {
            Some(false)
        } else {
            Some(self.after)
        }
    }

    /// True when a verb of change stands before word `k` in its clause.
    fn changed_before(&self, k: usize) -> bool {
        self.around(k, Level::Clause)
            .any(|j| j < k && self.lex.changes.contains(&self.ws[j].lower.as_str()))
    }

    /// The claimed legal moves word `k`'s sentence names, and the `after` move.
    fn shown_moves(&self, k: usize) -> Vec<&MoveFact> {
        let s = self.ws[k].sentence;
        let mut out: Vec<&MoveFact> = (0..self.ws.len())
            .filter(|&j| self.ws[j].sentence == s && self.kinds[j] == Kind::Move)
            .flat_map(|j| self.claimed(&self.ws[j].text))
            .filter(|m| m.legal)
            .collect();
        out.extend(
            self.f
                .moves
                .iter()
                .filter(|m| Some(&m.text) == self.f.after_move.as_ref()),
        );
        out
    }

    /// True when word `j` says a side passes its turn (not "passes over").
    fn is_pass(&self, j: usize) -> bool {
        self.lex.pass.contains(&self.ws[j].lower.as_str())
            && !self
                .next_in_phrase(j, 1)
                .is_some_and(|n| self.lex.pass_over.contains(&n.lower.as_str()))
    }

    /// The sides a word's clause names.
    fn sides_in(&self, k: usize, level: Level) -> Vec<&'static str> {
        self.around(k, level)
            .filter_map(|j| match self.kinds[j] {
                Kind::Side(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    fn unbound_word(&self, k: usize, prev: Option<&str>) -> Option<String> {
        let (lex, f) = (self.lex, self.f);
        let w = self.ws[k].lower.as_str();
        let negative = self.negative(k);
        if lex.placed.contains(&w) && !f.field_cells.is_empty() {
            return self.unbound_placed(k);
        }
        if lex.play_verbs.contains(&w) {
            if let Some(m) = self.unbound_pronoun_move(k) {
                return Some(m);
            }
        }
        if lex.win.contains(&w) || lex.lose.contains(&w) {
            let wins = lex.win.contains(&w);
            let subject = self.side_of(k);
            // A negation of the win itself stands next to it ("does not win", "ne gagne pas").
            let negative = self.negated_here(k);
            let real: Vec<&String> = f.winners.iter().filter(|x| *x != "draw").collect();
            if real.is_empty() {
                return Some(if f.winners.is_empty() {
                    format!(
                        "the caption says someone {}, but no claim states a winner",
                        if wins { "wins" } else { "loses" }
                    )
                } else {
                    "the caption says someone wins, but the claims hold a draw".to_string()
                });
            }
            if let Some(s) = subject {
                let won = real.iter().any(|x| *x == s);
                if wins != negative && !won {
                    return Some(format!(
                        "the caption says {s} wins, but the claimed winner is {}",
                        real[0]
                    ));
                }
                if wins == negative && won {
                    return Some(format!(
                        "the caption says {s} does not win, but {s} is the claimed winner"
                    ));
                }
            }
            return None;
        }
        if lex.draw.contains(&w) && !negative && !f.winners.iter().any(|x| x == "draw") {
            return Some(format!(
                "the caption says the game is drawn, but {}",
                f.winners
                    .first()
                    .map_or("no claim states a draw".to_string(), |x| format!(
                        "the claimed winner is {x}"
                    ))
            ));
        }
        let about_game = self.has_word(k, Level::Clause, lex.game);
        let goes_on = lex.goes_on.contains(&w) || (w == "on" && prev == Some("goes"));
        if about_game && (goes_on || lex.over.contains(&w)) && w != "goes" {
            // "goes on" reads at "on"; "over" after "not" is going on.
            let over = lex.over.contains(&w) != self.negated_here(k);
            if f.over != Some(over) {
                return Some(format!(
                    "the caption says the game {}, but {}",
                    if over { "is over" } else { "goes on" },
                    match f.over {
                        None => "no claim states whether it is over (`over`, `winner`)".to_string(),
                        Some(true) => "the claims hold it over".to_string(),
                        Some(false) => "the claims hold it going on".to_string(),
                    }
                ));
            }
            return None;
        }
        if lex.capture.contains(&w) {
            let (moves, clause) = (&f.moves, self.around(k, Level::Clause).collect::<Vec<_>>());
            let named: Vec<&MoveFact> = clause
                .iter()
                .filter(|&&j| self.kinds[j] == Kind::Move)
                .flat_map(|&j| self.claimed(&self.ws[j].text))
                .collect();
            let pool: Vec<&MoveFact> = if named.is_empty() {
                moves.iter().collect()
            } else {
                named
            };
            // An example that claims no move speaks of captures past (a count the position keeps).
            let ok = if pool.is_empty() {
                true
            } else if self.negated_here(k) {
                // "removes no tile": a move that takes nothing.
                pool.iter().any(|m| !m.takes)
            } else if negative {
                pool.iter().any(|m| m.takes && !m.legal)
            } else {
                pool.iter().any(|m| m.takes && m.legal)
            };
            if !ok {
                return Some(format!(
                    "the caption says `{}`, but no claimed {} move of this example takes a piece",
                    self.ws[k].text,
                    if negative { "illegal" } else { "legal" }
                ));
            }
        }
        if self.is_pass(k) && !negative {
            if f.passes.is_empty() {
                return Some(
                    "the caption says a side passes, but no claim states a pass (`passes`)"
                        .to_string(),
                );
            }
            for s in self.sides_in(k, Level::Phrase) {
                if !f.passes.iter().any(|p| p == s) {
                    return Some(format!(
                        "the caption says {s} passes, but the claimed passes are {}",
                        f.passes.join(", ")
                    ));
                }
            }
            return None;
        }
        let side_here = prev.and_then(|p| lex.side(p)).is_some();
        let next = self.next_in_phrase(k, 1).map(|x| x.lower.as_str());
        let is_side = f.sides.iter().any(|s| lex.side(w) == Some(s.as_str()));
        let before = (k >= 2 && self.ws[k - 2].phrase == self.ws[k].phrase)
            .then(|| self.ws[k - 2].lower.as_str());
        // "from the west", "par l’ouest": coming from there, so going the other way.
        let word = |i: Option<usize>| i.and_then(|i| self.ws.get(i)).map(|x| x.lower.as_str());
        let from = word(k.checked_sub(2)).is_some_and(|b| lex.from_words.contains(&b))
            || (word(k.checked_sub(2)) == Some("the")
                && word(k.checked_sub(3)).is_some_and(|b| lex.from_words.contains(&b)));
        let dir = lex
            .direction(before, prev, w, next)
            .map(|d| if from { d.opposite() } else { d });
        if let Some(d) = dir.filter(|_| !side_here && !is_side) {
            if !self.direction_bound(k, d, negative) {
                return Some(format!(
                    "the caption says `{}`, but no move its clause speaks of goes that way",
                    self.ws[k].text
                ));
            }
        }
        None
    }

    /// True when a move of word `k`'s clause goes in direction `d` (or, in a negative phrase,
    /// goes another way: "not a straight step").
    fn direction_bound(&self, k: usize, d: Dir, negative: bool) -> bool {
        let f = self.f;
        let goes = |v: &(f64, f64)| d.matches(v.0, v.1);
        // "d4-e5 is not a straight step": in a negative phrase, a move the phrase names goes
        // another way.
        let in_phrase: Vec<&MoveFact> = self
            .around(k, Level::Phrase)
            .filter(|&j| self.kinds[j] == Kind::Move)
            .flat_map(|j| self.claimed(&self.ws[j].text))
            .collect();
        if negative && !in_phrase.is_empty() {
            return in_phrase
                .iter()
                .any(|m| m.vectors.first().is_some_and(|v| !goes(v)));
        }
        let named: Vec<usize> = self
            .around(k, Level::Clause)
            .filter(|&j| matches!(self.kinds[j], Kind::Cell | Kind::Move))
            .collect();
        let cells: Vec<&str> = named
            .iter()
            .filter(|&&j| self.kinds[j] == Kind::Cell)
            .map(|&j| self.ws[j].text.as_str())
            .collect();
        let mut vectors: Vec<(f64, f64)> = Vec::new();
        // The moves the clause names, every step of them.
        for &j in &named {
            if self.kinds[j] == Kind::Move {
                for m in self.claimed(&self.ws[j].text) {
                    vectors.extend(&m.vectors);
                }
            }
        }
        // The steps of claimed moves that leave a cell the clause names, or reach one: of the
        // legal ones where the clause says a piece can, of the illegal ones where it says it
        // cannot (`the pawn on d4 can go north` is not backed by the illegal d4-d5).
        let stated = self.stated(k);
        let of_polarity = |m: &&MoveFact| stated.is_none_or(|neg| m.legal != neg);
        for (from, to, v) in f.moves.iter().filter(of_polarity).flat_map(|m| &m.steps) {
            let named = |c: &str| cells.contains(&c);
            if named(from) || to.as_deref().is_some_and(named) {
                vectors.push(*v);
            }
        }
        // From one cell the clause names to the next.
        for pair in cells.windows(2) {
            if let (Some(a), Some(b)) = (f.cells.get(pair[0]), f.cells.get(pair[1])) {
                vectors.push((b.centre.0 - a.centre.0, b.centre.1 - a.centre.1));
            }
        }
        // A clause that names nothing of them speaks of the claimed moves of its polarity.
        if vectors.is_empty() {
            vectors.extend(
                f.moves
                    .iter()
                    .filter(|m| m.legal != negative)
                    .flat_map(|m| m.vectors.first().copied()),
            );
        }
        vectors.iter().any(goes)
    }

    /// Sentences that name a move and a capture but leave out pieces the move takes.
    fn omitted_captures(&self) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let sentences: Vec<usize> = {
            let mut s: Vec<usize> = self.ws.iter().map(|w| w.sentence).collect();
            s.dedup();
            s
        };
        for s in sentences {
            let idx: Vec<usize> = (0..self.ws.len())
                .filter(|&j| self.ws[j].sentence == s)
                .collect();
            if !idx
                .iter()
                .any(|&j| self.lex.capture.contains(&self.ws[j].lower.as_str()))
            {
                continue;
            }
            let mut moves: Vec<&MoveFact> = idx
                .iter()
                .filter(|&&j| self.kinds[j] == Kind::Move)
                .flat_map(|&j| self.claimed(&self.ws[j].text))
                .filter(|m| m.legal)
                .collect();
            if moves.is_empty() && self.after {
                moves.extend(
                    self.f
                        .moves
                        .iter()
                        .filter(|m| Some(&m.text) == self.f.after_move.as_ref()),
                );
            }
            let named: Vec<&str> = idx
                .iter()
                .filter(|&&j| self.kinds[j] == Kind::Cell)
                .map(|&j| self.ws[j].text.as_str())
                .collect();
            for m in moves {
                let said: Vec<&String> = m
                    .captured
                    .iter()
                    .filter(|c| named.contains(&c.as_str()))
                    .collect();
                let left: Vec<&String> = m
                    .captured
                    .iter()
                    .filter(|c| !named.contains(&c.as_str()))
                    .collect();
                if !said.is_empty() && !left.is_empty() {
                    let at = idx
                        .iter()
                        .copied()
                        .find(|&j| self.ws[j].text == *said[0])
                        .unwrap_or(idx[0]);
                    out.push((
                        at,
                        format!(
                            "the caption names some of the pieces `{}` takes but leaves out {}",
                            m.text,
                            left.iter()
                                .map(|c| c.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                }
            }
        }
        out
    }
}

/// What a phrase of polarity `negative` says of `what` (a move, a placement, a push) against
/// the claims that hold it: a move said refused must be claimed illegal, one said allowed or
/// played must be claimed legal.
/// The sides a cell's piece has in a state (see `Reader::state_of`).
fn sides_in_state(x: &CellFact, state: Option<bool>) -> Vec<&str> {
    let (before, after) = (x.owner.as_deref(), x.after_owner.as_deref());
    match state {
        // A piece placed by the move is named by its side once it lands.
        Some(false) => vec![before.or(after)],
        // A piece gone after the move is named by the side it had.
        Some(true) => vec![after.or(before)],
        None => vec![before, after],
    }
    .into_iter()
    .flatten()
    .collect()
}

fn against_claims(negative: bool, claims: &[&MoveFact], what: &str) -> Option<String> {
    if negative && !claims.iter().any(|c| !c.legal) {
        return Some(format!(
            "the caption says {what} is not allowed, but the claims hold it legal"
        ));
    }
    if !negative && !claims.iter().any(|c| c.legal) {
        return Some(format!(
            "the caption presents {what} as played or allowed, but the claims hold it illegal"
        ));
    }
    None
}

#[derive(Clone, Copy)]
enum Level {
    Phrase,
    Clause,
}

fn counted_name(c: Counted) -> &'static str {
    match c {
        Counted::Moves => "moves",
        Counted::Steps => "steps of a move",
        Counted::Pieces => "pieces",
        Counted::Cells => "cells",
        Counted::Points => "points",
    }
}
