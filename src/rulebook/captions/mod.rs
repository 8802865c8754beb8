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

mod ahead;
mod cells;
mod geometry;
mod numbers;
mod sides;
mod states;

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
fn zero_count(ws: &[Word], i: usize, lex: &Lexicon, f: &Facts) -> bool {
    let phrase = ws[i].phrase;
    let side_before = ws[..i]
        .iter()
        .rev()
        .take_while(|w| w.phrase == phrase)
        .any(|w| f.side_word(lex, &w.lower).is_some());
    side_before
        && lex.zero.contains(&ws[i].lower.as_str())
        && ws
            .get(i + 1)
            .is_some_and(|n| n.phrase == ws[i].phrase && lex.counted(&n.lower).is_some())
}

/// A number written in figures (`12`, `1,770`) or in words.
fn number(w: &Word, lex: &Lexicon) -> Option<u64> {
    // `−3`, a score below zero: its size (scores are kept by size, with their side).
    let text = w.text.strip_prefix(['−', '-']).unwrap_or(&w.text);
    if text.len() < w.text.len() && (text.is_empty() || text.contains(',')) {
        return None;
    }
    let digits = text.replace(',', "");
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
            } else if zero_count(&ws, i, lex, f) {
                Kind::Number(0)
            } else if let Some(s) = f
                .side_word(lex, &w.lower)
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
                if let Some(m) = cx.unbound_cell(k).or_else(|| cx.unbound_goes_to(k)) {
                    say(k, m);
                }
            }
            Kind::Number(n) => {
                let amount = || (*n <= 1).then(|| cx.unbound_amount(k)).flatten();
                if let Some(m) = cx.unbound_number(k, *n).or_else(amount) {
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
        // "la partie n’est pas finie": `ne`, a verb and `pas`, all before the word.
        let framed = (1..=3)
            .filter_map(|b| k.checked_sub(b))
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .map(|j| self.ws[j].lower.as_str())
            .collect::<Vec<_>>();
        let ne_pas = matches!(framed.as_slice(), [p, _, n] if lex.ne_second.contains(p) && *p != "plus" && lex.ne_first.contains(n));
        // "removes no tile", "n’enlève aucune pièce".
        ne_pas
            || next.is_some_and(|n| lex.negative.contains(&n))
            || (ne && next.is_some_and(|n| lex.ne_second.contains(&n)))
    }

    /// What phrase `p` says of legality: `Some(true)` no (a negation), `Some(false)` yes
    /// (`may`, `allowed`), `None` nothing.
    fn polarity(&self, p: usize) -> Option<bool> {
        let mut words: Vec<&str> = self
            .ws
            .iter()
            .filter(|w| w.phrase == p)
            .map(|w| w.lower.as_str())
            .collect();
        // `going to a3 removes no tile and is not allowed`: after `and` and a copula comes the
        // predicate, which alone says whether the move is allowed.
        if let Some(i) = words
            .windows(2)
            .rposition(|w| matches!(w[0], "and" | "et") && self.lex.copulas.contains(&w[1]))
        {
            words.drain(..=i);
        }
        let first = words.iter().position(|w| self.lex.ne_first.contains(w));
        // (`le trou ne peut être bouché`: `ne` alone before `pouvoir` is a negation too.)
        let ne = first.is_some_and(|i| {
            words[i + 1..]
                .iter()
                .any(|w| self.lex.ne_second.contains(w))
                || words
                    .get(i + 1)
                    .is_some_and(|w| matches!(*w, "peut" | "peuvent" | "pourrait" | "pourraient"))
                    // (`ne peuvent pousser que (3 ; 3)`: only, not no.)
                    && !words[i + 1..].contains(&"que")
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
            // `…, is not allowed`, `…, which takes nothing and is not allowed`.
            if self.lex.copulas.contains(&self.ws[j].lower.as_str()) {
                return self.polarity(seen);
            }
            // `going to a3, a1-a2-a3, removes no tile and is not allowed`: the predicate
            // after `and` and a copula.
            let words: Vec<&str> = self
                .ws
                .iter()
                .filter(|w| w.phrase == seen)
                .map(|w| w.lower.as_str())
                .collect();
            if words
                .windows(2)
                .any(|w| matches!(w[0], "and" | "et") && self.lex.copulas.contains(&w[1]))
            {
                return self.polarity(seen);
            }
        }
        None
    }

    /// What the relative phrase right after word `k`'s phrase says of legality, when it opens
    /// with `which`, `that` or `qui` and holds a word of legality (`a step to d2, which is
    /// not allowed`; `qui n’ont aucun côté commun` says nothing of a move).
    fn relative_stated(&self, k: usize) -> Option<bool> {
        let next = self.ws[k].phrase + 1;
        let first = self.ws.iter().find(|w| w.phrase == next)?;
        if first.clause != self.ws[k].clause
            || !matches!(first.lower.as_str(), "which" | "that" | "qui")
        {
            return None;
        }
        let legality = self.ws.iter().filter(|x| x.phrase == next).any(|x| {
            let x = x.lower.as_str();
            self.lex.positive.contains(&x)
                || matches!(
                    x,
                    "refused"
                        | "forbidden"
                        | "illegal"
                        | "interdit"
                        | "interdite"
                        | "refusé"
                        | "refusée"
                )
        });
        legality.then(|| self.polarity(next)).flatten()
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
        // `blue can jump, for instance a1xc1`: an example of what the phrase before says.
        let phrase = self.ws[k].phrase;
        let first = (0..k)
            .rev()
            .take_while(|&j| self.ws[j].phrase == phrase)
            .last();
        let instance = first.is_some_and(|j| {
            matches!(
                (
                    self.ws[j].lower.as_str(),
                    self.ws.get(j + 1).map(|x| x.lower.as_str())
                ),
                ("for", Some("instance" | "example")) | ("par", Some("exemple")) | ("e", _)
            )
        });
        let negative = match (instance, self.polarity(phrase)) {
            (true, None) if phrase > 0 => self.polarity(phrase - 1).unwrap_or(false),
            _ => self.negative(k),
        };
        against_claims(negative, &claims, &format!("`{w}`"))
    }

    /// The next word of word `k`'s phrase.
    fn next_in_phrase(&self, k: usize, by: usize) -> Option<&Word> {
        self.ws
            .get(k + by)
            .filter(|w| w.phrase == self.ws[k].phrase)
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
    /// Word `k` says a side may pass, or may not (`has the right to pass`, `may pass`, « n’a
    /// pas le droit de passer »): so a claimed pass is legal, or illegal.
    fn unbound_pass_permission(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        if !(self.is_pass(k) || lex.pass_infinitive.contains(&w)) {
            return None;
        }
        let claims: Vec<&MoveFact> = self.f.moves.iter().filter(|m| m.text == "pass").collect();
        if claims.is_empty() {
            return None;
        }
        let word = |j: Option<usize>| j.and_then(|j| self.ws.get(j)).map(|x| x.lower.as_str());
        // `the right to pass`, « le droit de passer »: a permission, as `may` is.
        let right = lex
            .right_to
            .iter()
            .any(|(a, b)| word(k.checked_sub(1)) == Some(*b) && word(k.checked_sub(2)) == Some(*a));
        let says = if right {
            self.polarity(self.ws[k].phrase).filter(|n| *n).is_none()
        } else {
            !self.stated(k)?
        };
        (!claims.iter().any(|m| m.legal == says)).then(|| {
            format!(
                "the caption says passing is {}allowed here, but the claims hold it {}",
                if says { "" } else { "not " },
                if says { "illegal" } else { "legal" }
            )
        })
    }

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
        if let Some(m) = self.unbound_line(k).filter(|_| !negative) {
            return Some(m);
        }
        if let Some(m) = self.unbound_edge(k).filter(|_| !negative) {
            return Some(m);
        }
        let states = [
            Self::unbound_fullness,
            Self::unbound_stay,
            Self::unbound_keep,
            Self::unbound_only,
            Self::unbound_still,
            Self::unbound_ordinal,
            Self::unbound_ahead,
            Self::unbound_home_line,
            Self::unbound_reach,
            Self::unbound_verdict,
            Self::unbound_compulsory,
            Self::unbound_encircled,
            Self::unbound_only_capture,
            Self::unbound_region_count,
            Self::unbound_amount,
        ];
        if let Some(m) = states.iter().find_map(|check| check(self, k)) {
            return Some(m);
        }
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
            // `the blue and red side loses`: two colours joined name a team.
            let team = (0..k)
                .rev()
                .take_while(|&j| self.ws[j].clause == self.ws[k].clause)
                .find_map(|j| self.team_ending_at(j));
            if let Some(s) = team.or_else(|| subject.map(String::from)) {
                let won = real.iter().any(|x| **x == s);
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
        if lex.capture.contains(&w) || lex.fills.contains(&w) {
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
        if let Some(m) = self.unbound_pass_permission(k) {
            return Some(m);
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
        let side_here = prev.and_then(|p| f.side_word(lex, p)).is_some();
        let next = self.next_in_phrase(k, 1).map(|x| x.lower.as_str());
        let is_side = f
            .sides
            .iter()
            .any(|s| f.side_word(lex, w) == Some(s.as_str()));
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
            if self.push_bound(k, d) == Some(false) {
                return Some(format!(
                    "the caption pushes `{}` from the cell before it, but no claimed push from that cell goes that way",
                    self.ws[k].text
                ));
            }
            if !self.direction_bound(k, d, negative) {
                return Some(format!(
                    "the caption says `{}`, but no move its clause speaks of goes that way",
                    self.ws[k].text
                ));
            }
        }
        None
    }
}

impl Reader<'_> {
    /// A push named by its leading cell and its direction (`(1, 2) south`, `pushing (3, 1)
    /// vers le nord`): when claims push from the cell named within four words before word `k`,
    /// one of them goes way `d` (`Some(true)`), or none does; `None` when no claim pushes
    /// from it.
    fn push_bound(&self, k: usize, d: Dir) -> Option<bool> {
        let letter = match d {
            Dir::North => 'n',
            Dir::South => 's',
            Dir::East => 'e',
            Dir::West => 'w',
            _ => return None,
        };
        let cell = (1..=4)
            .filter_map(|b| k.checked_sub(b))
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .find(|&j| self.kinds[j] == Kind::Cell)?;
        let from = format!(">{}:", self.ws[cell].text);
        let ways: Vec<char> = self
            .f
            .moves
            .iter()
            .flat_map(|m| m.text.split_whitespace())
            .filter_map(|p| p.strip_prefix(from.as_str()))
            .filter_map(|w| w.chars().next())
            .collect();
        (!ways.is_empty()).then(|| ways.contains(&letter))
    }
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
