//! What a caption says of cells and of the moves through them: a cell is named by a claim,
//! holds a piece or is marked; said reachable or not, empty or occupied, placed this turn, it
//! is what the claims and the board hold; a direction is the way a claimed move goes; a
//! sentence naming a move and a capture names all the pieces the move takes.

use super::*;

impl Reader<'_> {
    pub(super) fn unbound_cell(&self, k: usize) -> Option<String> {
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
        if let Some(m) = self.unbound_put_cell(k) {
            return Some(m);
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
        // A cell that is itself a claimed placement is a move (`+2,2` on a plane).
        let mut placed: Vec<&MoveFact> = self.claimed(w);
        if self.plane {
            placed.extend(self.claimed(&format!("+{w}")));
        }
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
        // `d1 has one move: a step to d2, which is not allowed`: a cell said to be reached
        // or not, after a cell its sentence names first, is the end of the moves from it.
        if let Some(no) = self
            .stated(k)
            .or_else(|| self.relative_stated(k))
            .filter(|_| !takes && !self.passed_by(k))
        {
            let sentence = self.ws[k].sentence;
            let subject = (0..k)
                .filter(|&j| self.ws[j].sentence == sentence && self.kinds[j] == Kind::Cell)
                .map(|j| self.ws[j].text.as_str())
                .next_back();
            if let Some(from) = subject.filter(|s| *s != w) {
                let moves: Vec<&MoveFact> = self
                    .f
                    .moves
                    .iter()
                    .filter(|m| m.cells.len() >= 2 && m.cells[0] == from)
                    .filter(|m| m.cells.last().is_some_and(|c| c == w))
                    .collect();
                if !moves.is_empty() {
                    return against_claims(no, &moves, &format!("`{from}` to `{w}`"));
                }
            }
        }
        // A cell passed over, beyond or between (`jump over d4`) is not where a move ends.
        match self.stated(k).filter(|_| !takes && !self.passed_by(k)) {
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
            Some(_) if !in_moves && !self.f.field_cells.contains(w) => {
                return Some(format!(
                "the caption says whether `{w}` may be reached, but no claimed move names it (claim one legal or illegal)"
            ))
            }
            _ => {}
        }
        // `c3 cannot go to c6`, `the pawn on h8 may not act`: what a piece may do.
        self.unbound_piece_move(k)
    }

    /// `Cross plays c3`, `Red places on c5`, `les ronds jouent b1`: a cell a verb of putting
    /// (in the present, right before it or before its preposition) puts a piece on, in a
    /// phrase that does not deny it, is a cell of a claimed legal move (the `after` move
    /// among them).
    fn unbound_put_cell(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let before: Vec<&str> = (1..=2)
            .filter_map(|b| k.checked_sub(b))
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .map(|j| self.ws[j].lower.as_str())
            .collect();
        let put = match before.as_slice() {
            [v, ..] if lex.put_verbs.contains(v) => true,
            [p, v, ..] => lex.put_to.contains(p) && lex.put_verbs.contains(v),
            _ => false,
        };
        // `places the last disc on g1`, `jouent le dernier jeton en g6`: a verb of putting a
        // few words before, its object between, no other cell or move.
        let put = put
            || before.first().is_some_and(|p| lex.put_to.contains(p))
                && (2..=6)
                    .filter_map(|b| k.checked_sub(b))
                    .take_while(|&j| {
                        self.ws[j].phrase == self.ws[k].phrase
                            && !matches!(self.kinds[j], Kind::Cell | Kind::Move)
                    })
                    .any(|j| lex.put_verbs.contains(&self.ws[j].lower.as_str()));
        // `black has 4 moves, c5, d6, e3 and e4`: cells listed right after a count of moves
        // are those moves.
        let listed = || {
            let mut j = k;
            while j > 0 && self.ws[j - 1].clause == self.ws[k].clause {
                j -= 1;
                let w = self.ws[j].lower.as_str();
                if self.kinds[j] == Kind::Cell || matches!(w, "and" | "et" | "or" | "ou") {
                    continue;
                }
                // `4 coups possibles`: an adjective may follow the noun.
                let noun = |i: usize| self.lex.counted(&self.ws[i].lower) == Some(Counted::Moves);
                return matches!(self.kinds.get(j.wrapping_sub(1)), Some(Kind::Number(_)))
                    && noun(j)
                    || j >= 2
                        && matches!(self.kinds[j - 2], Kind::Number(_))
                        && noun(j - 1)
                        && matches!(w, "possible" | "possibles" | "légaux" | "legal");
            }
            false
        };
        let put = put || listed();
        if !put || self.stated(k).is_some_and(|no| no) {
            return None;
        }
        let w = &self.ws[k].text;
        if self
            .f
            .moves
            .iter()
            .any(|m| m.legal && m.cells.iter().any(|c| c == w))
        {
            return None;
        }
        Some(format!(
            "the caption says a piece is played on `{w}`, but no claimed legal move puts one there"
        ))
    }

    /// `the column a1, a2, a3`, `la diagonale a1, b2, c3`, `the bottom row, from (0, 0) to
    /// (2, 0)`: cells a line noun lists (two or more, joined by commas or `and`, `from … to`)
    /// lie on a line of that shape (a row across, a column up, a diagonal at 45°, any straight
    /// line), and three or more are listed in order, each next to the one before.
    pub(super) fn unbound_line(&self, k: usize) -> Option<String> {
        let w = self.ws[k].lower.as_str();
        #[derive(Clone, Copy, PartialEq)]
        enum Shape {
            Row,
            Column,
            Diagonal,
            Straight,
        }
        let shape = match w {
            // A plural lists several lines, pair by pair: not read.
            "row" | "rank" | "rangée" => Shape::Row,
            "column" | "file" | "colonne" => Shape::Column,
            "diagonal" | "diagonale" => Shape::Diagonal,
            "line" | "ligne" => Shape::Straight,
            _ => return None,
        };
        // (`la rangée du haut, de (0 ; 0) à (2 ; 0)`: the side word after the noun too.)
        const JOINS: [&str; 12] = [
            "and", "from", "to", "through", "et", "de", "à", "du", "haut", "bas", "gauche",
            "droite",
        ];
        let mut cells = Vec::new();
        for j in (k + 1..self.ws.len()).take_while(|&j| self.ws[j].clause == self.ws[k].clause) {
            match self.kinds[j] {
                Kind::Cell => cells.push(self.ws[j].text.as_str()),
                _ if JOINS.contains(&self.ws[j].lower.as_str()) => {}
                _ => break,
            }
        }
        if cells.len() < 2 {
            return None;
        }
        let at: Vec<(f64, f64)> = cells
            .iter()
            .map(|c| self.f.cells.get(*c).map(|f| f.centre))
            .collect::<Option<_>>()?;
        let steps: Vec<(f64, f64)> = at
            .windows(2)
            .map(|p| (p[1].0 - p[0].0, p[1].1 - p[0].1))
            .collect();
        let tiny = 1e-6
            + at.iter()
                .flat_map(|a| at.iter().map(move |b| (a.0 - b.0).hypot(a.1 - b.1)))
                .fold(0.0, f64::max)
                * 1e-3;
        let shaped = |(dx, dy): (f64, f64)| match shape {
            Shape::Row => dy.abs() < tiny && dx.abs() > tiny,
            Shape::Column => dx.abs() < tiny && dy.abs() > tiny,
            Shape::Diagonal => dx.abs() > tiny && (dx.abs() - dy.abs()).abs() < tiny,
            Shape::Straight => dx.abs() > tiny || dy.abs() > tiny,
        };
        let (d0x, d0y) = steps[0];
        let parallel = steps
            .iter()
            .all(|&(dx, dy)| (dx * d0y - dy * d0x).abs() < tiny * (dx.hypot(dy) + 1.0));
        let in_order = cells.len() < 3
            || steps
                .iter()
                .all(|&(dx, dy)| (dx - d0x).abs() < tiny && (dy - d0y).abs() < tiny);
        if steps.iter().all(|&s| shaped(s)) && parallel && in_order {
            // `the bottom row`, `la rangée du haut`: the row the pieces' lowest (highest) one.
            let extreme = match shape {
                Shape::Row | Shape::Column => self.side_word_of_line(k),
                _ => None,
            };
            let which = extreme?;
            let pieces: Vec<(f64, f64)> = self
                .ex
                .occupied
                .iter()
                .filter_map(|c| self.f.cells.get(c).map(|f| f.centre))
                .collect();
            let board: Vec<(f64, f64)> = self.f.cells.values().map(|c| c.centre).collect();
            let far = at_extreme(at[0], which, &pieces) || at_extreme(at[0], which, &board);
            return (!far).then(|| {
                format!(
                    "the caption says the {} `{}`, but the pieces reach further that way",
                    which.name(),
                    self.ws[k].text
                )
            });
        }
        Some(format!(
            "the caption says `{}` of {}, which do not make one",
            self.ws[k].text,
            cells.join(", ")
        ))
    }

    /// `top`, `bottom`, `left`, `right` said of the line noun or edge at word `k`: the word
    /// before it (`the bottom row`, `the top edge`) or the two after it (`la rangée du bas`, `le
    /// bord du haut`).
    fn side_word_of_line(&self, k: usize) -> Option<Extreme> {
        let word = |j: usize| {
            self.ws
                .get(j)
                .filter(|w| w.clause == self.ws[k].clause)
                .map(|w| w.lower.as_str())
        };
        let read = |w: &str| match w {
            "top" | "upper" | "haut" => Some(Extreme::Top),
            "bottom" | "lower" | "bas" => Some(Extreme::Bottom),
            "left" | "left-hand" | "gauche" => Some(Extreme::Left),
            "right" | "right-hand" | "droite" => Some(Extreme::Right),
            _ => None,
        };
        let before = k.checked_sub(1).and_then(word).and_then(read);
        let after = match (word(k + 1), word(k + 2)) {
            (Some("du" | "de"), Some(w)) => read(w),
            _ => None,
        };
        before.or(after)
    }

    /// `reaches the top edge through e1 or f1`, `le bord du bas`: one of the cells its clause
    /// names lies on that edge of the board (at the board's extreme that way).
    pub(super) fn unbound_edge(&self, k: usize) -> Option<String> {
        if !matches!(self.ws[k].lower.as_str(), "edge" | "bord") {
            return None;
        }
        let which = self.side_word_of_line(k)?;
        let all: Vec<(f64, f64)> = self.f.cells.values().map(|c| c.centre).collect();
        let named: Vec<(f64, f64)> = self
            .around(k, Level::Clause)
            .filter(|&j| self.kinds[j] == Kind::Cell)
            .filter_map(|j| self.f.cells.get(&self.ws[j].text).map(|c| c.centre))
            .collect();
        if named.is_empty() || named.iter().any(|&c| at_extreme(c, which, &all)) {
            return None;
        }
        Some(format!(
            "the caption names the {} edge, but no cell its clause names lies on it",
            which.name()
        ))
    }

    /// A cell said to be able (or not) to move: with a modal verb in its phrase, the first cell
    /// of the phrase and the next one name the claimed moves from one to the other (`c3 cannot
    /// go to c6`); a cell with a verb of playing alone (`h8 may not act`, `f1 cannot move`)
    /// names every claimed move from it. The phrase's polarity must be theirs.
    pub(super) fn unbound_piece_move(&self, k: usize) -> Option<String> {
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
        // `il ne peut pas franchir b5`: a phrase whose first cell is passed over speaks of a
        // piece its sentence named before (its subject), and of the moves over that cell.
        let (subject, next) = if self.passed_by(k) {
            let sentence = self.ws[k].sentence;
            let s = (0..k)
                .filter(|&j| self.ws[j].sentence == sentence)
                .find(|&j| self.kinds[j] == Kind::Cell)?;
            (s, Some(k))
        } else {
            (k, cells.get(1).copied())
        };
        let from = self.ws[subject].text.as_str();
        let plays = phrase
            .iter()
            .any(|&j| lex.play_verbs.contains(&self.ws[j].lower.as_str()));
        let moves: Vec<&MoveFact> = match next {
            // `c3 may jump over c4`: the moves from c3 that pass over c4, not those to it.
            Some(t) if self.passed_by(t) => {
                let over = self.ws[t].text.as_str();
                let at = self.f.cells.get(over)?.centre;
                self.f
                    .moves
                    .iter()
                    .filter(|m| m.cells.len() >= 2 && m.cells[0] == from)
                    .filter(|m| {
                        m.cells.windows(2).any(|w| {
                            let (Some(a), Some(b)) =
                                (self.f.cells.get(&w[0]), self.f.cells.get(&w[1]))
                            else {
                                return false;
                            };
                            strictly_between(a.centre, b.centre, at)
                        })
                    })
                    .collect()
            }
            Some(t) => {
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

    /// `the pawn placed on b2`, `a1 was not placed this turn`: the cell after the word (or the
    /// nearest one before it in the sentence) is, or with a negation is not, the cell a field
    /// of the position names (`last_placed`).
    pub(super) fn unbound_placed(&self, k: usize) -> Option<String> {
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
    pub(super) fn said_empty(&self, k: usize) -> Option<bool> {
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
    pub(super) fn passed_by(&self, k: usize) -> bool {
        (0..k)
            .rev()
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .any(|j| self.lex.passing.contains(&self.ws[j].lower.as_str()))
    }

    /// `the red pawn on d5 has two white neighbours: it does not move`: a verb of playing
    /// whose phrase names no cell speaks of the first cell its sentence names before it; what
    /// it says (can, cannot) must be what the claimed moves from that cell hold.
    pub(super) fn unbound_pronoun_move(&self, k: usize) -> Option<String> {
        let named = |j: usize| matches!(self.kinds[j], Kind::Cell | Kind::Move);
        if self.around(k, Level::Phrase).any(named) {
            return None;
        }
        // `it does move`, `il bouge`: a verb of playing right after its subject pronoun or
        // `does` says, with no modal, that it can (`has one move` is a noun: not read).
        let verb = k > 0
            && self.ws[k - 1].phrase == self.ws[k].phrase
            && matches!(
                self.ws[k - 1].lower.as_str(),
                "it" | "they" | "does" | "do" | "did" | "il" | "elle" | "ils" | "elles"
            );
        let negative = match self.stated(k) {
            Some(v) => v,
            None if verb => false,
            None => return None,
        };
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

    /// True when a move of word `k`'s clause goes in direction `d` (or, in a negative phrase,
    /// goes another way: "not a straight step").
    pub(super) fn direction_bound(&self, k: usize, d: Dir, negative: bool) -> bool {
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
    pub(super) fn omitted_captures(&self) -> Vec<(usize, String)> {
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

/// Whether `q` lies on the segment from `a` to `b`, strictly between its ends (a cell jumped
/// over: the middle of a hop, a cell a slide passes).
fn strictly_between(a: (f64, f64), b: (f64, f64), q: (f64, f64)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    if len2 < 1e-12 {
        return false;
    }
    let t = ((q.0 - a.0) * dx + (q.1 - a.1) * dy) / len2;
    let off = ((q.0 - a.0) * dy - (q.1 - a.1) * dx).abs() / len2.sqrt();
    t > 1e-6 && t < 1.0 - 1e-6 && off < 1e-3 * len2.sqrt().max(1.0)
}

/// A side of the board or of the pieces, as a caption says it (`top`, `bas`, `left`).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Extreme {
    Top,
    Bottom,
    Left,
    Right,
}

impl Extreme {
    fn name(self) -> &'static str {
        match self {
            Extreme::Top => "top",
            Extreme::Bottom => "bottom",
            Extreme::Left => "left",
            Extreme::Right => "right",
        }
    }
}

/// Whether `c` is as far `which` way as the furthest of `among` (y grows down the page), to
/// a tenth of a millimetre.
fn at_extreme(c: (f64, f64), which: Extreme, among: &[(f64, f64)]) -> bool {
    let key = |p: (f64, f64)| match which {
        Extreme::Top => -p.1,
        Extreme::Bottom => p.1,
        Extreme::Left => -p.0,
        Extreme::Right => p.0,
    };
    let far = among
        .iter()
        .map(|&p| key(p))
        .fold(f64::NEG_INFINITY, f64::max);
    among.is_empty() || key(c) >= far - 0.1
}
