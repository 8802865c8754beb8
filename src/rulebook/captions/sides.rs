//! What a caption says of sides and colours: the owner of a piece it names (before or after
//! the move), the side to move, the side a count, a win or a pass is said of, a side's
//! region, a tile's zones.

use super::*;

impl Reader<'_> {
    /// The side a number or a win of word `k` is said of: the side named nearest before it in
    /// its clause, or just after it in its phrase (`1 light on …`), when that side's name is
    /// not an adjective of a piece (`the red pawn`, `pions blancs`), which names the pieces.
    pub(super) fn side_of(&self, k: usize) -> Option<&'static str> {
        self.side_word_of(k).and_then(|j| match self.kinds[j] {
            Kind::Side(s) => Some(s),
            _ => None,
        })
    }

    /// The word naming the side word `k` (a number, a win) is said of: the last side of its
    /// clause before it that is not an adjective of a piece, or else an adjective just after it.
    pub(super) fn side_word_of(&self, k: usize) -> Option<usize> {
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

    pub(super) fn unbound_side(&self, k: usize, side: &str) -> Option<String> {
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
        // `turned over to its red face`, `retourné sur sa face blanche`: a piece the `after`
        // move turns shows that side's face after it.
        let face = |j: usize| {
            self.ws
                .get(j)
                .is_some_and(|w| w.phrase == self.ws[k].phrase && w.lower == "face")
        };
        if (face(k + 1) || (k > 0 && face(k - 1))) && f.after_move.is_some() {
            let turned: Vec<&str> = f
                .cells
                .values()
                .filter_map(|c| match (c.owner.as_deref(), c.after_owner.as_deref()) {
                    (Some(a), Some(b)) if a != b => Some(b),
                    _ => None,
                })
                .collect();
            if !turned.is_empty() {
                return (!turned.contains(&side)).then(|| {
                    format!(
                        "the caption turns a piece to its {side} face, but the pieces the move turns become {}",
                        turned[0]
                    )
                });
            }
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
        // `Nought must play c3`: a side that makes the `after` move is the side to move
        // before it, not the one after.
        let makes_after = f.after_move.as_ref().is_some_and(|m| {
            self.around(k, Level::Clause)
                .any(|j| self.ws[j].text == *m && matches!(self.kinds[j], Kind::Cell | Kind::Move))
        });
        if acts && makes_after && !self.after {
            return (movers[0] != Some(side)).then(|| {
                format!(
                    "the caption has {side} play {}, but the side to move is {}",
                    f.after_move.as_deref().unwrap_or_default(),
                    f.to_move.as_deref().unwrap_or("not claimed")
                )
            });
        }
        // `South passes, North rolls`: a side that acts after a side said to pass in the
        // sentence is the next side to move.
        let after_pass = (0..k).any(|j| {
            self.ws[j].sentence == self.ws[k].sentence
                && self.ws[j].phrase < self.ws[k].phrase
                && self.is_pass(j)
        });
        if acts && after_pass && f.after_to_move.is_some() {
            return (f.after_to_move.as_deref() != Some(side)).then(|| {
                format!(
                    "the caption has {side} play after the pass, but the next side to move is {}",
                    f.after_to_move.as_deref().unwrap_or_default()
                )
            });
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

    /// A colour beside a zone or a tile (`d1 has one blue zone`, `the all-green tile on b1`,
    /// `une pièce toute bleue`) is bound by the tiles the caption speaks of: those on the cells
    /// of its clause and the moving tiles of the moves it shows, else those on the cells of its
    /// sentence, else any tile on the board. With `only`, `all` (`toute`), every zone of the tile has the colour.
    /// The team (`blue+red`) that the words ending at `j` name by its two colours joined
    /// (`blue and red`, `bleu et rouge`), when the game's sides hold it. Its colours are no
    /// sides of the position: they are read by their words alone.
    pub(super) fn team_ending_at(&self, j: usize) -> Option<String> {
        let first = j.checked_sub(2)?;
        let phrase = self.ws[j].phrase;
        let words = &self.ws[first..=j];
        if words.iter().any(|w| w.phrase != phrase)
            || !matches!(words[1].lower.as_str(), "and" | "et")
        {
            return None;
        }
        let a = self.f.side_word(self.lex, &words[0].lower)?;
        let b = self.f.side_word(self.lex, &words[2].lower)?;
        let ids = [format!("{a}+{b}"), format!("{b}+{a}")];
        self.f.sides.iter().find(|s| ids.contains(s)).cloned()
    }

    pub(super) fn unbound_colour(&self, k: usize, colour: &str) -> Option<String> {
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
        // `a single green zone`, `one red zone`, `une seule zone bleue`: how many of the tile's
        // zones are of that colour, when the phrase counts them (`per zone` counts nothing).
        let counted = (1..=3)
            .filter_map(|by| k.checked_sub(by))
            .take_while(|&j| self.ws[j].phrase == self.ws[k].phrase)
            .find_map(|j| match (&self.kinds[j], self.ws[j].lower.as_str()) {
                (_, "per" | "par" | "each" | "chaque") => Some(None),
                (Kind::Number(n), _) => Some(Some(*n as usize)),
                (_, "single" | "seule") => Some(Some(1)),
                _ => None,
            })
            .flatten();
        let fits = |zones: &[String]| {
            let of = zones.iter().filter(|z| *z == colour).count();
            !zones.is_empty()
                && if all {
                    zones.iter().all(|z| z == colour)
                } else {
                    of > 0 && counted.is_none_or(|n| of == n)
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
    pub(super) fn state_of(&self, k: usize) -> Option<bool> {
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
    pub(super) fn changed_before(&self, k: usize) -> bool {
        self.around(k, Level::Clause)
            .any(|j| j < k && self.lex.changes.contains(&self.ws[j].lower.as_str()))
    }
}

/// What a phrase of polarity `negative` says of `what` (a move, a placement, a push) against
/// the claims that hold it: a move said refused must be claimed illegal, one said allowed or
/// played must be claimed legal.
/// The sides a cell's piece has in a state (see `Reader::state_of`).
pub(super) fn sides_in_state(x: &CellFact, state: Option<bool>) -> Vec<&str> {
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
