//! What a caption's numbers say: a claimed value of the kind its noun counts and of the side
//! it is said of; a score pair, a numbered mark, a line of the board.

use super::*;

impl Reader<'_> {
    pub(super) fn unbound_number(&self, k: usize, n: u64) -> Option<String> {
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
        // `la même fin, à deux :`: a number after `à` that ends its clause counts players.
        let a_deux = k > 0
            && self.ws[k - 1].lower == "à"
            && self.ws[k - 1].phrase == w.phrase
            && self.ws.get(k + 1).is_none_or(|x| x.clause != w.clause);
        let noun = noun_word
            .and_then(|x| lex.counted(&x.lower))
            .or(a_deux.then_some(Counted::Players));
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
            let other = |x: &&crate::rulebook::facts::NumberFact| {
                x.value == n
                    && x.counts.contains(&Counted::Points)
                    && (first.is_none() || x.side.as_deref() != first)
            };
            return (!self.f.numbers.iter().any(|x| other(&x))).then(|| {
                format!("the caption gives the other side a score of {n}, which no claim states")
            });
        }
        // `blue and red 15`: two sides named together before a number are a team, whose score
        // it is (Arlecchino's two-player game).
        let team = k.checked_sub(1).and_then(|j| self.team_ending_at(j));
        if let Some(team) = team {
            let ok = self
                .f
                .numbers
                .iter()
                .any(|x| x.value == n && x.side.as_deref() == Some(team.as_str()));
            return (!ok).then(|| {
                format!("the caption gives {team} {n}, which no claim states for that team")
            });
        }
        // One move's count (its steps, its takes) is said of a move the sentence shows, when it
        // shows one.
        let shown = self.shown_moves(k);
        let of_shown = |x: &crate::rulebook::facts::NumberFact| {
            x.of_move
                .as_ref()
                .is_none_or(|m| shown.is_empty() || shown.iter().any(|s| &s.text == m))
        };
        // A count of pieces (or a bare number) in a clause that says pieces are left, or were
        // taken, is of that kind.
        let pieces = matches!(noun, Some(Counted::Pieces) | None);
        let clause: Vec<usize> = self.around(k, Level::Clause).collect();
        let remaining = pieces && clause.iter().any(|&j| self.says(j, lex.remaining));
        // A verb of taking (`light took 2`), not its noun (`après la prise en c4`).
        let taking = pieces
            && !remaining
            && clause.iter().any(|&j| {
                j < k
                    && lex.capture.contains(&self.ws[j].lower.as_str())
                    && !j.checked_sub(1).is_some_and(|i| {
                        matches!(
                            self.ws[i].lower.as_str(),
                            "the" | "a" | "la" | "le" | "une" | "un" | "each" | "chaque"
                        )
                    })
            });
        // With its noun, a number is a count of that kind; bare, it is a side's score or count
        // of pieces ("dark has 5") or a number of the position (a roll).
        let fits = |x: &crate::rulebook::facts::NumberFact| {
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
            // `6 pawns left`, `n’a plus que 6 pions`: on the board, not in hand nor taken;
            // `took 2 pawns`: a count of pieces taken.
            let source = if remaining {
                x.field.is_none()
            } else if taking {
                x.of_move.is_some()
                    || x.field
                        .as_deref()
                        .is_some_and(|f| f.contains("tak") || f.contains("capt"))
            } else {
                true
            };
            x.value == n && kind && whose && of_shown(x) && source
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
            // `cannot play eleven moves`, « ne peuvent pas jouer onze coups »: a count of moves
            // its phrase denies (and compares with nothing) is not the claimed one.
            let compared = self.around(k, Level::Phrase).any(|j| {
                matches!(
                    self.ws[j].lower.as_str(),
                    "more" | "fewer" | "less" | "than" | "plus" | "moins" | "que" | "qu"
                )
            });
            let before_k = |list: &[&str]| {
                self.around(k, Level::Phrase)
                    .any(|j| j < k && list.contains(&self.ws[j].lower.as_str()))
            };
            let denied = noun == Some(Counted::Moves)
                && !compared
                && self.polarity(w.phrase) == Some(true)
                && (before_k(lex.negative) || before_k(lex.ne_first));
            return denied.then(|| {
                format!(
                    "the caption says {} cannot be played, but the claims count {n}",
                    self.ws[k].text
                )
            });
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
}

pub(super) fn counted_name(c: Counted) -> &'static str {
    match c {
        Counted::Moves => "moves",
        Counted::Steps => "steps of a move",
        Counted::Pieces => "pieces",
        Counted::Cells => "cells",
        Counted::Points => "points",
        Counted::Players => "players",
    }
}
