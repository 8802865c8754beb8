//! What a caption says of the state of the board and of its pieces: a board, a line or a
//! region said empty or full; a piece said still on the board, or gone; pieces said to keep
//! their side or to change it; a move said to be the only one, or one among others; a move
//! said still possible when none is; an ordinal in a list of steps (`a jump, a step, a second
//! jump`).
//!
//! A state is read on the board the caption speaks of: the position drawn, or the board after
//! the `after` move when the caption is drawn after it, or when its sentence tells the move.

use super::*;

impl Reader<'_> {
    /// The boards a statement at word `k` may speak of: `false` the position, `true` the board
    /// after the `after` move.
    pub(super) fn boards_of(&self, k: usize) -> Vec<bool> {
        if self.f.after_move.is_none() {
            return vec![false];
        }
        if self.after {
            return vec![true];
        }
        let s = self.ws[k].sentence;
        let lex = self.lex;
        let tells_move = (0..k).filter(|&j| self.ws[j].sentence == s).any(|j| {
            let w = self.ws[j].lower.as_str();
            self.kinds[j] == Kind::Move
                || lex.put_verbs.contains(&w)
                || lex.after.contains(&w)
                || lex.capture.contains(&w)
                || lex.acts.contains(&w)
        });
        if tells_move {
            vec![false, true]
        } else {
            vec![false]
        }
    }

    /// True when `cell` holds a piece on a board of [`Self::boards_of`].
    pub(super) fn holds(&self, cell: &CellFact, after: bool) -> bool {
        if after {
            cell.after_token.is_some()
        } else {
            cell.token.is_some()
        }
    }

    /// The cells a container named before word `k` holds (`the board`, `column c`, `the
    /// middle`, `south’s camp`), and its words for a message; `None` when word `k` speaks of
    /// none. Only fillers (`is not`, `still`) stand between the container and word `k`, or the
    /// container follows right after it (`an empty board`).
    pub(super) fn container(&self, k: usize) -> Option<(Vec<String>, String)> {
        let lex = self.lex;
        let phrase = self.ws[k].phrase;
        let f = self.f;
        let all = || f.cells.keys().cloned().collect::<Vec<_>>();
        let word = |j: usize| self.ws[j].lower.as_str();
        // `an empty board`, `the empty grid`.
        if let Some(n) = self.next_in_phrase(k, 1) {
            if lex.boards.contains(&n.lower.as_str()) {
                return Some((all(), n.text.clone()));
            }
        }
        let mut j = k;
        while j > 0 {
            j -= 1;
            if self.ws[j].phrase != phrase {
                return None;
            }
            let w = word(j);
            if lex.boards.contains(&w) {
                return Some((all(), self.ws[j].text.clone()));
            }
            if lex.middle.contains(&w) {
                let cells: Vec<String> = self.middle_cells().into_iter().cloned().collect();
                return (!cells.is_empty()).then(|| (cells, self.ws[j].text.clone()));
            }
            // `column c`, `la colonne c`, `row 3`.
            if j + 1 < k && lex.lines.contains(&w) && self.ws[j + 1].phrase == phrase {
                let name = word(j + 1);
                let cells: Vec<String> = f
                    .cells
                    .keys()
                    .filter(|c| {
                        let letters = c.trim_end_matches(|ch: char| ch.is_ascii_digit());
                        let digits = &c[letters.len()..];
                        !digits.is_empty()
                            && letters.len() == 1
                            && (letters == name || digits == name)
                    })
                    .cloned()
                    .collect();
                return (!cells.is_empty()).then(|| {
                    (
                        cells,
                        format!("{} {}", self.ws[j].text, self.ws[j + 1].text),
                    )
                });
            }
            // `the south camp`, `north’s camp`, `le camp sud`.
            if matches!(w, "camp" | "camps") {
                let side = [j.checked_sub(1), Some(j + 1)]
                    .into_iter()
                    .flatten()
                    .find_map(|i| match self.kinds.get(i) {
                        Some(Kind::Side(s)) => Some(*s),
                        _ => None,
                    })
                    .or_else(|| {
                        j.checked_sub(2).and_then(|i| match self.kinds[i] {
                            Kind::Side(s) => Some(s),
                            _ => None,
                        })
                    })?;
                let cells = f
                    .side_regions
                    .iter()
                    .find(|(s, _)| s == side)
                    .map(|(_, c)| c.clone())?;
                return Some((cells, format!("{side}’s camp")));
            }
            // The name of a line (`column c`, `row 3`): its noun comes before it.
            let line_name = j > 0
                && lex.lines.contains(&word(j - 1))
                && (w.len() == 1 || w.chars().all(|c| c.is_ascii_digit()));
            let filler = line_name
                || lex.state_fillers.contains(&w)
                || lex.copulas.contains(&w)
                || lex.ne_first.contains(&w)
                || lex.ne_second.contains(&w)
                || matches!(self.kinds[j], Kind::Side(_));
            if !filler {
                return None;
            }
        }
        None
    }

    /// Word `k` says a board, a line or a region is empty (`the board is empty`) or full (`la
    /// grille est pleine`, `the south camp is full except for e1`): so it is, on a board the
    /// caption speaks of, but for the cells named after `except`.
    pub(super) fn unbound_fullness(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        let full = lex.full.contains(&w);
        if !full && !lex.empty.contains(&w) {
            return None;
        }
        let (mut cells, name) = self.container(k)?;
        // `except for e1, where a pawn stands`: the cells after `except` in its phrase.
        let clause: Vec<usize> = self.around(k, Level::Clause).collect();
        if let Some(&e) = clause
            .iter()
            .find(|&&j| j > k && lex.except.contains(&self.ws[j].lower.as_str()))
        {
            let left_out: Vec<&str> = clause
                .iter()
                .filter(|&&j| j > e && self.ws[j].phrase == self.ws[e].phrase)
                .filter(|&&j| self.kinds[j] == Kind::Cell)
                .map(|&j| self.ws[j].text.as_str())
                .collect();
            cells.retain(|c| !left_out.contains(&c.as_str()));
        }
        let negated = self.negated_here(k);
        let holds = self.boards_of(k).into_iter().any(|after| {
            let taken = cells
                .iter()
                .filter(|c| self.f.cells.get(*c).is_some_and(|x| self.holds(x, after)))
                .count();
            let is = if full {
                taken == cells.len()
            } else {
                taken == 0
            };
            is != negated
        });
        (!holds).then(|| {
            format!(
                "the caption says {name} is {}{}, but it is not",
                if negated { "not " } else { "" },
                if full { "full" } else { "empty" }
            )
        })
    }

    /// The claimed legal moves a statement at word `k` speaks of: those its sentence names,
    /// else the `after` move.
    fn moves_spoken_of(&self, k: usize) -> Vec<&MoveFact> {
        let s = self.ws[k].sentence;
        let after_word = (0..self.ws.len()).any(|j| {
            self.ws[j].sentence == s && self.lex.after.contains(&self.ws[j].lower.as_str())
        });
        let named: Vec<&MoveFact> = (0..self.ws.len())
            .filter(|&j| self.ws[j].sentence == s && self.kinds[j] == Kind::Move)
            .flat_map(|j| self.claimed(&self.ws[j].text))
            .filter(|m| m.legal)
            .collect();
        if !(named.is_empty() || self.after && after_word) {
            return named;
        }
        self.f
            .moves
            .iter()
            .filter(|m| Some(&m.text) == self.f.after_move.as_ref())
            .collect()
    }

    /// Word `k` says a piece is still on the board (`the light man on g7 stays on the board`,
    /// `le pion noir est toujours sur le damier`), or no longer: the move the sentence speaks
    /// of takes it, or not. Naming no cell, the clause speaks of every piece the move takes
    /// (of the side it names).
    pub(super) fn unbound_stay(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        if !lex.stays.contains(&self.ws[k].lower.as_str()) {
            return None;
        }
        // `… on the board`, `… sur le plateau`: within three words.
        let on_board = (1..=4)
            .filter_map(|by| self.next_in_phrase(k, by))
            .any(|w| lex.boards.contains(&w.lower.as_str()));
        if !on_board {
            return None;
        }
        let moves = self.moves_spoken_of(k);
        if moves.is_empty() {
            return None;
        }
        // The pieces it speaks of: the cells its clause names before it (`the light man on g7
        // stays`), else every piece (of the side the clause names) the move takes.
        let clause: Vec<usize> = self.around(k, Level::Clause).collect();
        let named: Vec<&str> = clause
            .iter()
            .filter(|&&j| j < k && self.kinds[j] == Kind::Cell)
            .map(|&j| self.ws[j].text.as_str())
            .collect();
        let sides = self.sides_in(k, Level::Clause);
        let gone = moves.iter().flat_map(|m| &m.captured).filter(|c| {
            (named.is_empty() || named.contains(&c.as_str()))
                && (sides.is_empty()
                    || self
                        .f
                        .cells
                        .get(*c)
                        .and_then(|x| x.owner.as_deref())
                        .is_some_and(|o| sides.contains(&o)))
        });
        let gone: Vec<&String> = gone.collect();
        // `no longer on the board`, `n’est plus sur le damier`.
        let negated = self.negated_here(k)
            || (1..=2)
                .filter_map(|by| self.next_in_phrase(k, by))
                .any(|w| matches!(w.lower.as_str(), "longer" | "plus"));
        let what = if named.is_empty() {
            "the pieces it speaks of".to_string()
        } else {
            named.join(", ")
        };
        if !negated && !gone.is_empty() {
            return Some(format!(
                "the caption says {what} stay on the board, but `{}` takes {}",
                moves[0].text,
                gone.iter()
                    .map(|c| c.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if negated && gone.is_empty() {
            return Some(format!(
                "the caption says {what} left the board, but `{}` takes none of them",
                moves[0].text
            ));
        }
        None
    }

    /// Word `k` says pieces keep their side (`they stay red`, `keeps its side`, `gardent leur
    /// camp`) or change it (`changes sides`, `change de camp`), after the `after` move: the
    /// cells the clause names (or, naming none, every piece of the side it names) keep their
    /// side, or one of them changes it.
    pub(super) fn unbound_keep(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        let keeps = lex.keeps.contains(&w);
        if !keeps && !lex.changes.contains(&w) {
            return None;
        }
        if !self.boards_of(k).contains(&true) {
            return None;
        }
        // `stays red`, `keep their sides`, `reste rouge`, `garde son camp`.
        let next: Vec<(usize, &Word)> = (1..=3)
            .filter_map(|by| self.next_in_phrase(k, by).map(|w| (k + by, w)))
            .collect();
        let side = next.first().and_then(|&(j, _)| match self.kinds[j] {
            Kind::Side(s) => Some(s),
            _ => None,
        });
        let of_side = next
            .iter()
            .any(|(_, w)| lex.side_nouns.contains(&w.lower.as_str()));
        // Only a side after `keeps` is its side; `turns` takes a side in sides.rs.
        if !of_side && (side.is_none() || !keeps) {
            return None;
        }
        let clause: Vec<usize> = self.around(k, Level::Clause).collect();
        let named: Vec<&str> = clause
            .iter()
            .filter(|&&j| self.kinds[j] == Kind::Cell)
            .map(|&j| self.ws[j].text.as_str())
            .collect();
        // Of whose pieces: a side named before the verb (`the red pawns stay red`), else the
        // side after it.
        let subject = clause
            .iter()
            .filter(|&&j| j < k)
            .find_map(|&j| match self.kinds[j] {
                Kind::Side(s) => Some(s),
                _ => None,
            })
            .or(side);
        let changed: Vec<&str> = self
            .f
            .cells
            .iter()
            .filter(|(name, c)| {
                match (c.owner.as_deref(), c.after_owner.as_deref()) {
                    // Named: it changes side, or it is placed with another side than said.
                    _ if !named.is_empty() && !named.contains(&name.as_str()) => false,
                    (Some(a), Some(b)) if !named.is_empty() => a != b,
                    (None, Some(b)) if !named.is_empty() => side.is_some_and(|s| s != b),
                    // Naming none: a piece of the side spoken of changes side.
                    (Some(a), Some(b)) => a != b && subject.is_none_or(|s| s == a),
                    _ => false,
                }
            })
            .map(|(name, _)| name.as_str())
            .collect();
        let negated = self.negated_here(k);
        let says_kept = keeps != negated;
        if says_kept && !changed.is_empty() {
            return Some(format!(
                "the caption says the pieces keep their side, but {} changes side after `{}`",
                changed.join(", "),
                self.f.after_move.as_deref().unwrap_or("")
            ));
        }
        if !says_kept && changed.is_empty() {
            // Naming cells, each must change; naming none, one must.
            return Some(format!(
                "the caption says pieces change side, but no piece {} does after `{}`",
                if named.is_empty() {
                    String::new()
                } else {
                    format!("on {}", named.join(", "))
                },
                self.f.after_move.as_deref().unwrap_or("")
            ));
        }
        None
    }

    /// Word `k` says a move is the only one (`the only move`, `seul coup possible`), or one of
    /// several (`among several`, `not the only move`): so many moves the side to move has, as
    /// claimed (`moves`, `successors`), else as many legal moves as the example claims.
    pub(super) fn unbound_only(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        let next = self.next_in_phrase(k, 1).map(|x| x.lower.as_str());
        let prev = k
            .checked_sub(1)
            .filter(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .map(|j| self.ws[j].lower.as_str());
        let move_noun = |x: Option<&str>| x.is_some_and(|x| matches!(x, "move" | "coup"));
        // `the only move`, `le seul coup`, `coup unique` / `one move among several`.
        // (Not `one move only`, which may count a piece's moves, or a path's.)
        let sole = lex.sole.contains(&w)
            && move_noun(next)
            && prev.is_some_and(|p| matches!(p, "the" | "le" | "la" | "its" | "son"));
        let among = lex.among.iter().any(|(a, b)| *a == w && next == Some(*b))
            && (1..=3)
                .filter_map(|by| k.checked_sub(by))
                .any(|j| move_noun(Some(self.ws[j].lower.as_str())));
        if !sole && !among {
            return None;
        }
        let one = sole && !self.negated_here(k);
        let legal = self.f.moves.iter().filter(|m| m.legal).count() as u64;
        let count = self.f.move_count;
        let wrong = match (one, count) {
            (true, Some(n)) => n != 1,
            (true, None) => legal > 1,
            (false, Some(n)) => n <= 1,
            (false, None) => false,
        };
        wrong.then(|| {
            format!(
                "the caption says {}, but the side to move has {}",
                if one {
                    "this is the only move"
                } else {
                    "this is one move among others"
                },
                count.map_or(format!("{legal} claimed legal moves"), |n| format!(
                    "{n} moves"
                ))
            )
        })
    }

    /// Word `k` says a move is still possible (`one jump is still possible`, `un saut est
    /// encore possible`): the game is not claimed over, nor the moves claimed none.
    pub(super) fn unbound_still(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        // `one push is allowed`: a move counted one, said allowed.
        let one = lex.one.contains(&self.ws[k].lower.as_str())
            && self
                .next_in_phrase(k, 1)
                .is_some_and(|n| lex.counted(&n.lower) == Some(Counted::Moves));
        if one {
            let possible = self
                .around(k, Level::Phrase)
                .any(|j| j > k && lex.positive.contains(&self.ws[j].lower.as_str()));
            let none = self.f.move_count == Some(0)
                || (self.f.over == Some(true) && !self.f.moves.iter().any(|m| m.legal));
            return (possible && none && self.polarity(self.ws[k].phrase) != Some(true))
                .then(|| "the caption says a move is allowed, but the claims hold none".into());
        }
        if !lex.still.contains(&self.ws[k].lower.as_str()) || self.negated_here(k) {
            return None;
        }
        let phrase: Vec<usize> = self.around(k, Level::Phrase).collect();
        let possible = phrase
            .iter()
            .any(|&j| j > k && lex.positive.contains(&self.ws[j].lower.as_str()));
        let of_moves = phrase
            .iter()
            .any(|&j| j < k && lex.counted(&self.ws[j].lower) == Some(Counted::Moves));
        if !possible || !of_moves || self.polarity(self.ws[k].phrase) == Some(true) {
            return None;
        }
        let none = self.f.move_count == Some(0)
            || (self.f.over == Some(true) && !self.f.moves.iter().any(|m| m.legal));
        none.then(|| "the caption says a move is still possible, but the claims hold none".into())
    }

    /// Word `k` is an ordinal before a noun of steps (`a second jump`, `un troisième saut`, `a
    /// fourth move`): the sentence lists as many such steps before it, less one.
    pub(super) fn unbound_ordinal(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        let n = lex
            .ordinals
            .iter()
            .find(|(o, _)| *o == w)
            .map(|(_, n)| *n)?;
        let noun = self.next_in_phrase(k, 1)?.lower.clone();
        if lex.layers.contains(&noun.as_str()) {
            return self.unbound_layer(k, n);
        }
        // `the second pass through the deck`: a round the position counts.
        if let Some((_, round)) = self
            .f
            .ordinals
            .iter()
            .find(|(nouns, _)| nouns.contains(&noun))
        {
            return (n != *round).then(|| {
                format!(
                    "the caption speaks of round {n} (`{} {}`), but the position is in round {round}",
                    self.ws[k].text,
                    self.ws[k + 1].text
                )
            });
        }
        if !lex.chain.contains(&noun.as_str()) {
            return None;
        }
        let stem = |x: &str| x.trim_end_matches('s').to_string();
        let any = lex.any_step.contains(&noun.as_str());
        let before = self
            .steps_listed_before(k)
            .filter(|&j| any || stem(&self.ws[j].lower) == stem(&noun))
            .count() as u64;
        // Lists only: an ordinal with nothing of its kind listed before it counts something
        // else (`the first move of the game`).
        if before == 0 || before + 1 == n {
            return None;
        }
        Some(format!(
            "the caption calls this `{} {}`, but it lists {before} before it",
            self.ws[k].text,
            self.ws[k + 1].text
        ))
    }

    /// `as a second layer`, `en troisième couche`: a cell the sentence names holds a stack of
    /// that height, on the board drawn or after the `after` move.
    fn unbound_layer(&self, k: usize, n: u64) -> Option<String> {
        let s = self.ws[k].sentence;
        let cells: Vec<&CellFact> = (0..self.ws.len())
            .filter(|&j| self.ws[j].sentence == s && self.kinds[j] == Kind::Cell)
            .filter_map(|j| self.f.cells.get(&self.ws[j].text))
            .collect();
        if cells.is_empty() {
            return None;
        }
        let after = self.f.after_move.is_some();
        let ok = cells
            .iter()
            .any(|c| c.height as u64 == n || (after && c.after_height as u64 == n));
        (!ok).then(|| {
            format!(
                "the caption speaks of a stack's layer {n}, but no cell it names holds {n} pieces"
            )
        })
    }
}

impl Reader<'_> {
    /// Word `k` says the piece on a cell its clause names first can (or cannot) reach cells:
    /// those its phrase names after the verb, or the diagram's highlighted cells (`the 12
    /// highlighted cells`). When claims speak of that piece's moves, a legal one ends on one of
    /// them, or (said not to) none does.
    pub(super) fn unbound_reach(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        if !lex.reach.contains(&self.ws[k].lower.as_str()) {
            return None;
        }
        let from = self
            .around(k, Level::Clause)
            .find(|&j| j < k && self.kinds[j] == Kind::Cell)
            .map(|j| self.ws[j].text.clone())?;
        let phrase: Vec<usize> = self.around(k, Level::Phrase).filter(|&j| j > k).collect();
        let mut targets: Vec<String> = phrase
            .iter()
            .filter(|&&j| self.kinds[j] == Kind::Cell)
            .map(|&j| self.ws[j].text.clone())
            .collect();
        if targets.is_empty()
            && phrase
                .iter()
                .any(|&j| lex.highlighted.contains(&self.ws[j].lower.as_str()))
        {
            targets = self.f.highlighted.clone();
        }
        let of_piece: Vec<&MoveFact> = self
            .f
            .moves
            .iter()
            .filter(|m| m.cells.first() == Some(&from))
            .collect();
        if targets.is_empty() || of_piece.is_empty() {
            return None;
        }
        let reached = of_piece
            .iter()
            .any(|m| m.legal && m.cells.last().is_some_and(|c| targets.contains(c)));
        let negative = self.negative(k);
        if negative == reached {
            return Some(format!(
                "the caption says {from} {} reach {}, but {}",
                if negative { "cannot" } else { "can" },
                targets.join(", "),
                if reached {
                    "a claimed legal move gets there"
                } else {
                    "no claimed legal move gets there"
                }
            ));
        }
        None
    }

    /// Word `k` opens a clause that only gives a verdict (`Four jumps that bring the tile
    /// home: allowed.`): the verdict is of the moves the clause before names, or, naming
    /// none, of the claimed moves with as many steps as it counts (`four jumps`).
    pub(super) fn unbound_verdict(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let clause: Vec<usize> = self.around(k, Level::Clause).collect();
        if clause.first() != Some(&k) || k == 0 {
            return None;
        }
        let verdict = clause.iter().all(|&j| {
            let w = self.ws[j].lower.as_str();
            lex.verdicts.contains(&w) || lex.negative.contains(&w) || lex.ne_first.contains(&w)
        }) && clause.iter().any(|&j| {
            let w = self.ws[j].lower.as_str();
            w != "not" && w != "pas" && !lex.ne_first.contains(&w)
        });
        let prev = self.ws[k - 1].clause;
        if !verdict || self.ws[k - 1].sentence != self.ws[k].sentence {
            return None;
        }
        let before: Vec<usize> = (0..k).filter(|&j| self.ws[j].clause == prev).collect();
        let mut moves: Vec<&MoveFact> = before
            .iter()
            .filter(|&&j| self.kinds[j] == Kind::Move)
            .flat_map(|&j| self.claimed(&self.ws[j].text))
            .collect();
        if moves.is_empty() {
            let counts: Vec<u64> = before
                .iter()
                .filter_map(|&j| match self.kinds[j] {
                    Kind::Number(n)
                        if self
                            .next_in_phrase(j, 1)
                            .is_some_and(|x| lex.chain.contains(&x.lower.as_str())) =>
                    {
                        Some(n)
                    }
                    _ => None,
                })
                .collect();
            moves = self
                .f
                .moves
                .iter()
                .filter(|m| counts.contains(&(m.steps.len() as u64)))
                .collect();
        }
        if moves.is_empty() {
            return None;
        }
        let negative = self.polarity(self.ws[k].phrase).unwrap_or(false);
        against_claims(negative, &moves, "the move the clause before describes")
    }

    /// Word `k`, a verb of taking, is said compulsory (`must take`, `doit prendre`) or not
    /// (`need not take`, `n’est pas obligé de prendre`): when a claim lists every move (`moves`),
    /// every legal one takes, or one does not.
    pub(super) fn unbound_compulsory(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        // The verb (`must take`), not an adjective (`the captured pawn`).
        let article = k.checked_sub(1).is_some_and(|j| {
            matches!(
                self.ws[j].lower.as_str(),
                "the" | "a" | "its" | "le" | "la" | "les" | "un" | "une" | "son" | "sa"
            )
        });
        if !lex.capture.contains(&self.ws[k].lower.as_str()) || article {
            return None;
        }
        let before: Vec<usize> = (1..=6)
            .filter_map(|b| k.checked_sub(b))
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .collect();
        if !before.iter().any(|&j| self.says(j, lex.compulsory)) {
            return None;
        }
        let legal = self.every_legal_move()?;
        if legal.is_empty() {
            return None;
        }
        let negated = before.iter().any(|&j| {
            let w = self.ws[j].lower.as_str();
            lex.negative.contains(&w)
                || lex.ne_first.contains(&w)
                || lex.ne_second.contains(&w)
                || w == "need" && self.ws.get(j + 1).is_some_and(|n| n.lower == "not")
        });
        let all_take = legal.iter().all(|m| m.takes);
        match (negated, all_take) {
            (false, false) => Some(
                "the caption says taking is compulsory, but a claimed legal move takes nothing"
                    .into(),
            ),
            (true, true) => Some(
                "the caption says taking is not compulsory, but every claimed legal move takes"
                    .into(),
            ),
            _ => None,
        }
    }

    /// Word `k` says the piece on the cell its clause names before it is encircled (`the dark
    /// pawn on (3, 1) is encircled`, `n’est plus encerclé`): each cell across its sides holds a
    /// piece of another side, on a board the caption speaks of, or (said not to) one does not.
    pub(super) fn unbound_encircled(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        if !lex.encircled.contains(&self.ws[k].lower.as_str()) {
            return None;
        }
        let cell = (0..k)
            .rev()
            .take_while(|&j| self.ws[j].clause == self.ws[k].clause)
            .find(|&j| self.kinds[j] == Kind::Cell)
            .map(|j| self.ws[j].text.clone())?;
        let negated = self.negated_here(k)
            || (1..=2)
                .filter_map(|b| k.checked_sub(b))
                .any(|j| matches!(self.ws[j].lower.as_str(), "longer" | "plus"));
        let f = self.f;
        let ring = f.neighbours(&cell);
        if ring.is_empty() {
            return None;
        }
        let owner = |c: &CellFact, after: bool| {
            if after {
                c.after_owner.clone()
            } else {
                c.owner.clone()
            }
        };
        let boards = self.boards_of(k);
        let judged: Vec<bool> = boards
            .iter()
            .filter_map(|&after| {
                let me = owner(f.cells.get(&cell)?, after)?;
                Some(ring.iter().all(|n| {
                    f.cells
                        .get(*n)
                        .and_then(|c| owner(c, after))
                        .is_some_and(|o| o != me)
                }))
            })
            .collect();
        if judged.is_empty() || judged.iter().any(|&e| e != negated) {
            return None;
        }
        Some(format!(
            "the caption says the piece on {cell} is {}",
            if negated {
                "not encircled, but it is"
            } else {
                "encircled, but it is not"
            }
        ))
    }

    /// Cell `k` is where a piece goes (`the man on c3 may go to b4 or d4, never back to b2`,
    /// `la dame de e5 peut aller en d6`): when claims speak of moves from the cell the clause
    /// names first to this one, one is legal, or (said not to) none is. A phrase that says
    /// nothing of legality (`…, back to b2 or d2`) takes the polarity of the phrase before it.
    pub(super) fn unbound_goes_to(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        // `go to b4 or d4`: the verb and its preposition before the first cell of a list.
        let mut j = k;
        while j > 0
            && self.ws[j - 1].phrase == self.ws[k].phrase
            && (self.kinds[j - 1] == Kind::Cell
                || matches!(self.ws[j - 1].lower.as_str(), "or" | "ou" | "and" | "et"))
        {
            j -= 1;
        }
        let to = j.checked_sub(1)?;
        let verb = to.checked_sub(1)?;
        if self.ws[verb].phrase != self.ws[k].phrase
            || !lex.to_cell.contains(&self.ws[to].lower.as_str())
            || !lex.goes.contains(&self.ws[verb].lower.as_str())
        {
            return None;
        }
        let from = (0..verb)
            .filter(|&i| self.ws[i].clause == self.ws[k].clause)
            .find(|&i| self.kinds[i] == Kind::Cell)
            .map(|i| self.ws[i].text.clone())?;
        let target = &self.ws[k].text;
        let claims: Vec<&MoveFact> = self
            .f
            .moves
            .iter()
            .filter(|m| m.cells.first() == Some(&from) && m.cells.last() == Some(target))
            .collect();
        if claims.is_empty() {
            return None;
        }
        // The phrase's polarity, else the nearest phrase's before it in the clause.
        let mut p = self.ws[k].phrase;
        let negative = loop {
            if let Some(v) = self.polarity(p) {
                break v;
            }
            match (0..self.ws.len())
                .rev()
                .find(|&i| self.ws[i].phrase < p && self.ws[i].clause == self.ws[k].clause)
            {
                Some(i) => p = self.ws[i].phrase,
                None => break false,
            }
        };
        against_claims(
            negative,
            &claims,
            &format!("the move from {from} to {target}"),
        )
    }

    /// `the only double capture`, `la seule double prise`: one claimed legal move takes that
    /// many pieces, when a claim lists every move; `not the only`, more than one.
    pub(super) fn unbound_only_capture(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        if !lex.sole.contains(&w) {
            return None;
        }
        let next = |by: usize| self.next_in_phrase(k, by).map(|x| x.lower.as_str());
        let taken = match (next(1), next(2)) {
            (Some("double"), Some(n)) if lex.capture.contains(&n) || n == "prise" => 2,
            (Some("triple"), Some(n)) if lex.capture.contains(&n) || n == "prise" => 3,
            (Some("capture" | "prise" | "take"), _) => 1,
            _ => return None,
        };
        let legal = self.every_legal_move()?;
        let many = legal
            .iter()
            .filter(|m| m.captured.len() == taken || (taken == 1 && m.takes))
            .count();
        let negated = self.negated_here(k)
            || (1..=3)
                .filter_map(|b| k.checked_sub(b))
                .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
                .any(|j| {
                    let x = self.ws[j].lower.as_str();
                    lex.negative.contains(&x) || lex.ne_second.contains(&x)
                });
        let wrong = if negated { many <= 1 } else { many != 1 };
        wrong.then(|| {
            format!(
                "the caption says this is {}the only one of its kind, but {many} claimed legal moves are",
                if negated { "not " } else { "" }
            )
        })
    }

    /// `no brick left in the middle`, « encore une brique dans les rangées du milieu »: a count
    /// of none or one piece, in a phrase that names the board's middle, is how many pieces stand
    /// there (a stack counts its pieces).
    pub(super) fn unbound_region_count(&self, k: usize) -> Option<String> {
        let lex = self.lex;
        let w = self.ws[k].lower.as_str();
        let n = if lex.zero.contains(&w) {
            0
        } else if lex.one.contains(&w) {
            1
        } else {
            return None;
        };
        let noun = self.next_in_phrase(k, 1)?;
        if lex.counted(&noun.lower) != Some(Counted::Pieces) {
            return None;
        }
        let middle = self
            .around(k, Level::Phrase)
            .any(|j| lex.middle.contains(&self.ws[j].lower.as_str()));
        if !middle {
            return None;
        }
        let cells = self.middle_cells();
        if cells.is_empty() {
            return None;
        }
        let there: usize = cells
            .iter()
            .filter_map(|c| self.f.cells.get(*c))
            .map(|c| c.height)
            .sum();
        (there as u64 != n).then(|| {
            format!(
                "the caption says {n} {} in the middle, but {there} stand there",
                self.ws[k + 1].text
            )
        })
    }

    /// The cells of the board's middle: its regions whose role is `central`, `middle` or
    /// `centre`.
    fn middle_cells(&self) -> Vec<&String> {
        self.f
            .regions
            .iter()
            .filter(|(role, _)| {
                role.split('-')
                    .any(|r| matches!(r, "central" | "middle" | "centre"))
            })
            .flat_map(|(_, c)| c.iter())
            .collect()
    }

    /// True when word `j` is one of `list`, or starts one of its pairs (`down to`, `plus que`).
    pub(super) fn says(&self, j: usize, list: &[&str]) -> bool {
        let w = self.ws[j].lower.as_str();
        list.iter().any(|x| match x.split_once(' ') {
            Some((a, b)) => w == a && self.ws.get(j + 1).is_some_and(|n| n.lower == b),
            None => *x == w,
        })
    }

    /// The claimed legal moves, when they are every move the side to move has (a claim counts
    /// its moves, and as many are claimed legal).
    fn every_legal_move(&self) -> Option<Vec<&MoveFact>> {
        let legal: Vec<&MoveFact> = self.f.moves.iter().filter(|m| m.legal).collect();
        (self.f.move_count == Some(legal.len() as u64)).then_some(legal)
    }

    /// The steps word `k`'s sentence lists before it: nouns of `chain` after a determiner (`a
    /// jump, a step`, `un saut, un pas`; not the negation `pas`).
    pub(super) fn steps_listed_before(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let s = self.ws[k].sentence;
        (1..k).filter(move |&j| {
            self.ws[j].sentence == s
                && self.lex.chain.contains(&self.ws[j].lower.as_str())
                && self
                    .lex
                    .determiners
                    .contains(&self.ws[j - 1].lower.as_str())
        })
    }
}
