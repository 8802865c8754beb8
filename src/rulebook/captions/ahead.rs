//! Forward and backward, each side's own: a way a piece goes (`the man may not go back to b2`,
//! `la dame recule en d6`, `takes forwards with d4xb2`), and a side's front or back row (`a man
//! of the front row`). A side's forward is its rules' `forward` (`[turns] forward`); a game
//! whose rules give none has no forward, and the words are the reader's.

use super::*;

/// How far along `v` a vector `w` goes, in units of `v`'s length.
fn along(w: (f64, f64), v: (f64, f64)) -> f64 {
    (w.0 * v.0 + w.1 * v.1) / (v.0 * v.0 + v.1 * v.1).sqrt()
}

impl Reader<'_> {
    fn forward_of(&self, side: &str) -> Option<(f64, f64)> {
        self.f
            .forward
            .iter()
            .find(|(s, _)| s == side)
            .map(|(_, v)| *v)
    }

    /// The word before word `k` in its phrase.
    fn before_in_phrase(&self, k: usize, by: usize) -> Option<&str> {
        k.checked_sub(by)
            .filter(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .map(|j| self.ws[j].lower.as_str())
    }

    /// Word `k` (alone, or ending a pair) says forward (`Some(true)`) or backward.
    fn ahead_word(&self, k: usize) -> Option<bool> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        if let Some(p) = self.before_in_phrase(k, 1) {
            let pair = format!("{p} {w}");
            if let Some((_, a)) = lex.ahead.iter().find(|(x, _)| *x == pair) {
                return Some(*a);
            }
        }
        if let Some((_, a)) = lex.ahead.iter().find(|(x, _)| *x == w) {
            return Some(*a);
        }
        let next = self.next_in_phrase(k, 1).map(|x| x.lower.as_str());
        (w == "back" && next.is_some_and(|n| lex.back_to.contains(&n))).then_some(false)
    }

    /// Word `k` says a piece goes forward or backward: a move its phrase names goes that way
    /// for the side whose piece makes it, or, naming none, the piece on the cell its clause
    /// names first goes that way to a cell its phrase names after the word.
    pub(super) fn unbound_ahead(&self, k: usize) -> Option<String> {
        let ahead = self.ahead_word(k)?;
        if self.f.forward.is_empty() {
            return self.unbound_back_in_path(k, ahead);
        }
        let owner = |c: &str| self.f.cells.get(c).and_then(|x| x.owner.clone());
        let mut ways: Vec<(Option<String>, (f64, f64))> = self
            .around(k, Level::Phrase)
            .filter(|&j| self.kinds[j] == Kind::Move)
            .flat_map(|j| self.claimed(&self.ws[j].text))
            .filter_map(|m| {
                let v = *m.vectors.first()?;
                Some((m.cells.first().and_then(|c| owner(c)), v))
            })
            .collect();
        if ways.is_empty() {
            let from = self
                .around(k, Level::Clause)
                .find(|&j| j < k && self.kinds[j] == Kind::Cell)
                .map(|j| self.ws[j].text.clone());
            let targets = self
                .around(k, Level::Phrase)
                .filter(|&j| j > k && self.kinds[j] == Kind::Cell)
                .map(|j| self.ws[j].text.clone());
            if let Some(from) = from {
                let a = self.f.cells.get(&from)?.centre;
                for t in targets {
                    if let Some(b) = self.f.cells.get(&t) {
                        ways.push((owner(&from), (b.centre.0 - a.0, b.centre.1 - a.1)));
                    }
                }
            }
        }
        let judged: Vec<bool> = ways
            .iter()
            .filter_map(|(side, v)| {
                let fv = self.forward_of(side.as_deref()?)?;
                let d = along(*v, fv);
                Some(if ahead { d > 1e-6 } else { d < -1e-6 })
            })
            .collect();
        (!judged.is_empty() && !judged.iter().any(|&ok| ok)).then(|| {
            format!(
                "the caption says `{}`, but the move it speaks of goes {} for its side",
                self.ws[k].text,
                if ahead { "backward" } else { "forward" }
            )
        })
    }

    /// Words ending at `k` name a side's front row (`Some(true)`) or back row.
    fn home_line(&self, k: usize) -> Option<bool> {
        let w = self.ws[k].lower.as_str();
        self.lex.home_lines.iter().find_map(|(pair, front)| {
            let parts: Vec<&str> = pair.split(' ').collect();
            let n = parts.len();
            if parts[n - 1] != w {
                return None;
            }
            let ok = (1..n).all(|b| self.before_in_phrase(k, b) == Some(parts[n - 1 - b]));
            ok.then_some(*front)
        })
    }

    /// Words ending at `k` name a side's front or back row: a claimed legal move the clause
    /// names (else any claimed legal move) leaves a cell of that row, the line of the side's
    /// pieces farthest forward (front) or farthest back.
    pub(super) fn unbound_home_line(&self, k: usize) -> Option<String> {
        let front = self.home_line(k)?;
        let side = self
            .sides_in(k, Level::Clause)
            .first()
            .map(|s| s.to_string())
            .or_else(|| self.f.to_move.clone())?;
        let fv = self.forward_of(&side)?;
        let depth = |c: &CellFact| along(c.centre, fv);
        let pieces: Vec<f64> = self
            .f
            .cells
            .values()
            .filter(|c| c.owner.as_deref() == Some(side.as_str()))
            .map(depth)
            .collect();
        if pieces.is_empty() {
            return None;
        }
        let fold = |a: f64, b: f64| if front { a.max(b) } else { a.min(b) };
        let line = pieces.iter().copied().reduce(fold).unwrap_or_default();
        let named: Vec<&MoveFact> = self
            .around(k, Level::Clause)
            .filter(|&j| self.kinds[j] == Kind::Move)
            .flat_map(|j| self.claimed(&self.ws[j].text))
            .filter(|m| m.legal)
            .collect();
        let moves: Vec<&MoveFact> = if named.is_empty() {
            self.f.moves.iter().filter(|m| m.legal).collect()
        } else {
            named
        };
        let origins: Vec<&CellFact> = moves
            .iter()
            .filter_map(|m| self.f.cells.get(m.cells.first()?))
            .filter(|c| c.owner.as_deref() == Some(side.as_str()))
            .collect();
        if origins.is_empty() {
            return None;
        }
        let on_line = origins.iter().any(|c| (depth(c) - line).abs() < 1e-6);
        (!on_line).then(|| {
            format!(
                "the caption speaks of {side}’s {} row, but no move it speaks of leaves it",
                if front { "front" } else { "back" }
            )
        })
    }

    /// In a game whose sides have no forward, `a step, a jump, then a step back` (`un pas en
    /// arrière`) speaks of a path's own way: the step the sentence counts to (its steps and
    /// jumps listed before the word) goes against the one before it in a claimed legal path
    /// (`back`), or along it (`forward`).
    fn unbound_back_in_path(&self, k: usize, ahead: bool) -> Option<String> {
        let listed = self.steps_listed_before(k).count();
        if listed < 2 {
            return None;
        }
        let at = listed - 1;
        let paths: Vec<&MoveFact> = self
            .f
            .moves
            .iter()
            .filter(|m| m.legal && m.vectors.len() > at)
            .collect();
        if paths.is_empty() {
            return None;
        }
        let goes = |m: &&MoveFact| {
            let (a, b) = (m.vectors[at - 1], m.vectors[at]);
            let dot = a.0 * b.0 + a.1 * b.1;
            if ahead {
                dot > 1e-9
            } else {
                dot < -1e-9
            }
        };
        (!paths.iter().any(goes)).then(|| {
            format!(
                "the caption says `{}` of the path's step {}, but no claimed path's step goes that way",
                self.ws[k].text,
                at + 1
            )
        })
    }
}
