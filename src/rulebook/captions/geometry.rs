//! What a caption counts as none or some, on the board's shape and of what a move needs: two
//! cells that share a side or not (`d5 and d7, which share no side`), the landing cells past a
//! cell (`beyond a1 there is no landing cell`), the empty cells a capture needs before the
//! piece it takes (`needs no empty cell before the captured pawn`), the lines a move makes
//! (`makes no line`), a piece that can go into a place named before (`column c is full: no
//! disc can go there`).
//!
//! Each is read from a word that counts none (`no`, `aucun`, `pas de`) or one (`one`, `a`,
//! `une`) before its noun, and bound to the board the facts draw: the position, or the board
//! after the `after` move for the lines a move makes.

use super::*;

impl Reader<'_> {
    /// Word `k` counts none or some of a noun: `Some((some, noun))`, with the noun's index.
    /// Another negation of its phrase turns some into none (`a disc cannot go there`); none
    /// under another negation (`ne … plus aucun`) is left unread.
    fn amount(&self, k: usize) -> Option<(bool, usize)> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        let next = |j: usize| self.ws.get(j).map(|x| x.lower.as_str());
        let (some, noun) = if lex.zero.contains(&w) {
            (false, k + 1)
        } else if lex.one.contains(&w) {
            (true, k + 1)
        } else if w == "pas" && matches!(next(k + 1), Some("de" | "d")) {
            (false, k + 2)
        } else if matches!(w, "de" | "d")
            && k > 0
            && lex.needs.contains(&self.ws[k - 1].lower.as_str())
        {
            // « exige de case vide », a negation's `de` without its `ne … pas`: some.
            (true, k + 1)
        } else {
            return None;
        };
        if self.ws.get(noun)?.phrase != self.ws[k].phrase {
            return None;
        }
        let negated = self.around(k, Level::Phrase).filter(|&j| j != k).any(|j| {
            let x = self.ws[j].lower.as_str();
            lex.negative.contains(&x) || (x != "de" && lex.ne_second.contains(&x))
        });
        match (some, negated) {
            (false, true) => None,
            (some, negated) => Some((some && !negated, noun)),
        }
    }

    /// The words of word `k`'s sentence, in order.
    fn sentence_of(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let s = self.ws[k].sentence;
        (0..self.ws.len()).filter(move |&j| self.ws[j].sentence == s)
    }

    /// A noun counting cells among the three words from `noun` (`landing cell`, `case
    /// d’arrivée`, `empty cell`).
    fn cell_noun(&self, noun: usize) -> Option<usize> {
        (noun..(noun + 3).min(self.ws.len()))
            .take_while(|&j| self.ws[j].phrase == self.ws[noun].phrase)
            .find(|&j| self.lex.counted(&self.ws[j].lower) == Some(Counted::Cells))
    }

    /// Word `k` counts a fact of the board's shape or of what a move needs, and the board
    /// says otherwise.
    pub(super) fn unbound_amount(&self, k: usize) -> Option<String> {
        let (some, noun) = self.amount(k)?;
        [
            Self::unbound_shared_side,
            Self::unbound_beyond,
            Self::unbound_needs,
            Self::unbound_lines_made,
            Self::unbound_goes_there,
        ]
        .iter()
        .find_map(|check| check(self, k, some, noun))
    }

    /// `d5 and d7, which share no side`, « qui n’ont aucun côté commun »: the last two cells
    /// named before are neighbours, or not.
    fn unbound_shared_side(&self, k: usize, some: bool, noun: usize) -> Option<String> {
        let lex = self.lex;
        if !lex.edge_nouns.contains(&self.ws[noun].lower.as_str())
            || !self.has_word(k, Level::Phrase, lex.in_common)
        {
            return None;
        }
        let cells: Vec<&str> = self
            .sentence_of(k)
            .filter(|&j| j < k && self.kinds[j] == Kind::Cell)
            .map(|j| self.ws[j].text.as_str())
            .collect();
        let [.., a, b] = cells.as_slice() else {
            return None;
        };
        if !self.f.cells.contains_key(*a) || !self.f.cells.contains_key(*b) {
            return None;
        }
        let share = self.f.neighbours(a).contains(b);
        (share != some).then(|| {
            format!(
                "the caption says {a} and {b} share {} side, but they {}",
                if some { "a" } else { "no" },
                if share { "do" } else { "do not" }
            )
        })
    }

    /// `beyond a1 there is no landing cell`, « au-delà de a1 il n’y a pas de case d’arrivée »:
    /// past the cell, on the line from the first cell of the sentence's move, the first cells
    /// are empty, or not.
    fn unbound_beyond(&self, k: usize, some: bool, noun: usize) -> Option<String> {
        self.cell_noun(noun)?;
        let words: Vec<usize> = self.sentence_of(k).collect();
        let past = words
            .iter()
            .position(|&j| self.lex.beyond.contains(&self.ws[j].lower.as_str()) && j < k)?;
        let cell = words[past + 1..]
            .iter()
            .take(2)
            .find(|&&j| self.kinds[j] == Kind::Cell)?;
        let cell = self.ws[*cell].text.as_str();
        let from = words
            .iter()
            .filter(|&&j| self.kinds[j] == Kind::Move)
            .flat_map(|&j| self.claimed(&self.ws[j].text))
            .find_map(|m| m.cells.first())?;
        let beyond = self.f.on_line(from, cell, true);
        let free = beyond
            .iter()
            .take_while(|c| self.f.cells.get(**c).is_some_and(|x| x.token.is_none()))
            .count();
        ((free > 0) != some).then(|| {
            format!(
                "the caption says there is {} cell to land on beyond {cell}, but there {}",
                if some { "a" } else { "no" },
                match free {
                    0 => "is none".to_string(),
                    1 => "is one".to_string(),
                    n => format!("are {n}"),
                }
            )
        })
    }

    /// `a long capture needs no empty cell before the captured pawn`: when it says one is
    /// needed, no claimed legal capture takes a piece right next to where it starts, with no
    /// empty cell between.
    fn unbound_needs(&self, k: usize, some: bool, noun: usize) -> Option<String> {
        let lex = self.lex;
        let cell = self.cell_noun(noun)?;
        let phrase: Vec<usize> = self.around(k, Level::Phrase).collect();
        let needs = phrase
            .iter()
            .any(|&j| j < k && lex.needs.contains(&self.ws[j].lower.as_str()));
        let empty = phrase
            .iter()
            .any(|&j| j >= noun && j <= cell + 2 && lex.empty.contains(&self.ws[j].lower.as_str()));
        let before = phrase
            .iter()
            .any(|&j| j > cell && lex.before.contains(&self.ws[j].lower.as_str()));
        if !(needs && empty && before && some) {
            return None;
        }
        self.f
            .moves
            .iter()
            .filter(|m| m.legal)
            .find_map(|m| {
                let (from, taken) = (m.cells.first()?, m.captured.first()?);
                let gap = self
                    .f
                    .on_line(from, taken, false)
                    .into_iter()
                    .filter(|c| self.f.cells.get(*c).is_some_and(|x| x.token.is_none()))
                    .count();
                (gap == 0).then(|| {
                    format!(
                        "the caption says a capture needs an empty cell before the piece it takes, but {} takes {taken} with none",
                        m.text
                    )
                })
            })
    }

    /// `makes no line`, « forme une ligne »: the lines the `after` move's piece makes, as long
    /// as the game's line that ends it, on the board after the move.
    fn unbound_lines_made(&self, k: usize, some: bool, noun: usize) -> Option<String> {
        let lex = self.lex;
        if !lex.made_lines.contains(&self.ws[noun].lower.as_str()) {
            return None;
        }
        let verb = (k.saturating_sub(2)..k).any(|j| {
            self.ws[j].phrase == self.ws[k].phrase && lex.makes.contains(&self.ws[j].lower.as_str())
        });
        if !verb {
            return None;
        }
        let n = self.f.line?;
        let after = self.f.after_move.as_ref()?;
        let cell = self.claimed(after).first()?.cells.last()?.clone();
        let lines = self.f.lines_through(&cell, n);
        ((lines > 0) != some).then(|| {
            format!(
                "the caption says {after} makes {} line, but it makes {lines}",
                if some { "a" } else { "no" }
            )
        })
    }

    /// `column c is full: no disc can go there`, « la colonne c est pleine : aucun jeton ne
    /// peut y entrer »: a piece can go into the line or board named before in the sentence
    /// only when it has an empty cell.
    fn unbound_goes_there(&self, k: usize, some: bool, noun: usize) -> Option<String> {
        let lex = self.lex;
        let piece = lex.counted(&self.ws[noun].lower) == Some(Counted::Pieces)
            || self.f.piece_nouns.contains(&self.ws[noun].lower);
        if !piece
            || !self.has_word(k, Level::Phrase, lex.there)
            || !self.has_word(k, Level::Phrase, lex.positive)
            || !some
        {
            return None;
        }
        let named = self
            .sentence_of(k)
            .filter(|&j| j < k && lex.lines.contains(&self.ws[j].lower.as_str()))
            .last()?;
        let (cells, name) = self.container(named + 2)?;
        let full = self.boards_of(k).into_iter().all(|after| {
            cells
                .iter()
                .all(|c| self.f.cells.get(c).is_some_and(|x| self.holds(x, after)))
        });
        full.then(|| format!("the caption says a piece can go into {name}, but it is full"))
    }
}
