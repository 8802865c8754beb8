//! A position read from a file checked against the plies that led to it: what no game of its
//! rules reaches is refused, at its board (docs/rules-format.md §12).
//!
//! In: a [`Program`] and a position read from a file. Out: why no game reaches it, or `None`.
//! Three facts, each general where the rules allow: where moves only put pieces (every rule a
//! `place` or `drop`, no `flip`, no `custodial`, no pass), each ply adds one piece of the side
//! playing it, so each side's count follows from the turns; two sides cannot both meet a
//! `line`, `connect` or `reach` end (the first to do so ended the game); and the game was not
//! over before the last ply: a side other than the last mover meets such an end only from an
//! earlier ply (no ply adds to another side's pieces), and where moves only put pieces, the
//! last mover's must hold through a piece it could have put last.

use super::compile::{Act, Class, End, Program, NONE};
use super::pos::DPos;
use crate::definition::model::rules::Pass;

/// `n` with its noun, plural (`plural`) but for one.
fn counted(n: i64, one: &str, plural: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        _ => format!("{n} {plural}"),
    }
}

/// `n` with its noun (`usize`).
fn counted_plain(n: usize, one: &str, plural: &str) -> String {
    counted(n as i64, one, plural)
}

/// Items joined as a sentence lists them: `a`, `a and b`, `a, b and c`.
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl Program {
    /// Why no game of these rules reaches `p`, or `None`.
    pub fn impossible(&self, p: &DPos) -> Option<String> {
        self.counts_of_turns(p)
            .or_else(|| self.two_winners(p))
            .or_else(|| {
                self.arrived_before(p).map(|(s, c)| {
                    format!(
                        "`board`: {}'s piece on {} is on its goal: the game ended when it arrived, so {} cannot be to move",
                        self.sides[s],
                        self.names[c],
                        self.sides[usize::from(p.to_move)]
                    )
                })
            })
            .or_else(|| self.over_before(p))
            .or_else(|| self.more_than_supplied(p))
            .or_else(|| self.hands_of_turns(p))
            .or_else(|| self.group_left(p))
            .or_else(|| self.material_changed(p))
            .or_else(|| self.off_home(p))
    }

    /// Kinds no ply makes, takes or turns over (bit mask): each side's count of them (of a
    /// neutral kind, the count on the board) stays the start's. A piece landed on is taken
    /// unless it is sent back (`send_back`) or carried (`carry`, which puts every piece again).
    /// (None in a game whose start board is empty: its positions are the designer's own.)
    fn kept_kinds(&self) -> u16 {
        let empty_start = (0..=self.ns).all(|s| self.start.occ[s].is_empty());
        if self.group.is_some() || empty_start {
            return 0;
        }
        let mut kept: u16 = ((1u32 << self.kinds.len()) - 1) as u16;
        for (k, kd) in self.kinds.iter().enumerate() {
            if let Some((to, _, _)) = kd.promote {
                kept &= !(1 << k) & !(1 << to);
            }
        }
        for r in &self.rules {
            if r.flip || (r.act == Act::Hop && r.capture) {
                return 0;
            }
            if matches!(r.act, Act::Place | Act::Drop) {
                kept &= !(1 << r.puts);
            }
            for part in &r.parts {
                if let Some(k) = part.put {
                    kept &= !(1 << k);
                }
                if part.act == super::compile::PartAct::Remove {
                    return 0;
                }
            }
            if r.custodial.is_some() {
                kept &= !r.cust_taken;
            }
            if let Some(e) = &r.enclose {
                kept &= !e.taken;
            }
            if matches!(r.act, Act::Place | Act::Drop | Act::Hop) {
                continue;
            }
            for s in 0..self.ns {
                for b in 1..self.tokens.len() {
                    if self.tokens[b].is_empty() || !r.to_ok[s][b] {
                        continue;
                    }
                    let sent_back = !r.back[0].is_empty() && self.class(b as u8, s) == Class::Enemy;
                    if !sent_back {
                        kept &= !(1 << self.kind_of[b]);
                    }
                }
            }
        }
        kept
    }

    /// A kind no ply makes nor takes ([`Program::kept_kinds`]) counted otherwise than at the
    /// start.
    fn material_changed(&self, p: &DPos) -> Option<String> {
        let kept = self.kept_kinds();
        for (k, kd) in self.kinds.iter().enumerate() {
            if kept >> k & 1 == 0 {
                continue;
            }
            let k8 = k as u8;
            let counted: Vec<(Option<usize>, usize, usize)> = if self.neutral >> k & 1 == 1 {
                let slot = self.ns;
                vec![(
                    None,
                    self.on_board(p, k8, slot),
                    self.on_board(&self.start, k8, slot),
                )]
            } else {
                (0..self.ns)
                    .map(|s| {
                        (
                            Some(s),
                            self.on_board(p, k8, s),
                            self.on_board(&self.start, k8, s),
                        )
                    })
                    .collect()
            };
            for (s, now, start) in counted {
                if now != start {
                    let whose = match s {
                        Some(s) => format!("{} has", self.sides[s]),
                        None => "the board has".into(),
                    };
                    return Some(format!(
                        "`board`: {whose} {} of `{}` where the start has {start}: no ply makes or takes one",
                        counted_plain(now, "piece", "pieces"),
                        kd.id
                    ));
                }
            }
        }
        None
    }

    /// A piece of a kind no ply moves, makes nor takes on a cell where neither the start nor a
    /// `carry` puts it (or higher than the start's stack there).
    fn off_home(&self, p: &DPos) -> Option<String> {
        let kept = self.kept_kinds();
        for (k, kd) in self.kinds.iter().enumerate() {
            let moved = self
                .rules
                .iter()
                .any(|r| !matches!(r.act, Act::Place | Act::Drop) && r.pieces >> k & 1 == 1);
            if kept >> k & 1 == 0 || moved {
                continue;
            }
            let mut carried_to = super::bits::Bits::EMPTY;
            for c in self.rules.iter().filter_map(|r| r.carry) {
                if usize::from(c.kind) == k {
                    for s in 0..self.ns {
                        carried_to |= self.regions[usize::from(c.to)][s];
                    }
                }
            }
            let of_kind = |q: &DPos, c: usize| -> u8 {
                let b = usize::from(q.board[c]);
                if b != 0 && usize::from(self.kind_of[b]) == k {
                    self.height_of[b]
                } else {
                    0
                }
            };
            for c in self.all.iter() {
                let (now, start) = (of_kind(p, c), of_kind(&self.start, c));
                if now > start && !carried_to.test(c) {
                    return Some(match start {
                        0 => format!(
                            "`board`: `{}` on {}, where no ply puts one (pieces of `{}` stay where the start has them{})",
                            kd.id,
                            self.names[c],
                            kd.id,
                            if carried_to.is_empty() { "" } else { " or go where a `carry` puts them" }
                        ),
                        _ => format!(
                            "`board`: {now} of `{}` on {}, where the start has {start} and no ply puts more",
                            kd.id, self.names[c]
                        ),
                    });
                }
            }
        }
        None
    }

    /// Where pieces come from hands (`[start] hand`): more pieces on the board and in hand
    /// than the start had (no ply makes a piece: a placement takes it from a hand, a capture
    /// turns or removes one).
    fn more_than_supplied(&self, p: &DPos) -> Option<String> {
        if !self.explicit_hand {
            return None;
        }
        let total = |q: &DPos| -> u32 {
            (0..self.ns)
                .map(|s| q.occ[s].count() + u32::from(q.hand[s]))
                .sum()
        };
        let (now, start) = (total(p), total(&self.start));
        (now > start).then(|| {
            format!(
                "`board`: {now} pieces on the board and in hand, more than the {start} of the start (no ply makes a piece)"
            )
        })
    }

    /// In a first phase whose every ply puts a piece from a hand, one a turn: hands the turns
    /// cannot give (each ply takes one piece from the hand of the side playing it, in turn
    /// order from the start).
    fn hands_of_turns(&self, p: &DPos) -> Option<String> {
        let placing = self.explicit_hand
            && p.phase == 0
            && matches!(self.phases.first(), Some((_, None)))
            && self.pass == Pass::Never
            && self.actions == 1
            && self.first == 1
            && self
                .rules
                .iter()
                .filter(|r| r.phases == 0 || r.phases & 1 == 1)
                .all(|r| r.act == Act::Place);
        if !placing {
            return None;
        }
        let start = &self.start;
        let left: u32 = p.hand[..self.ns].iter().map(|&h| u32::from(h)).sum();
        let given: u32 = start.hand[..self.ns].iter().map(|&h| u32::from(h)).sum();
        let plies = given.checked_sub(left)?;
        let (mut hand, mut side) = (start.hand, usize::from(start.to_move));
        for _ in 0..plies {
            hand[side] = hand[side].checked_sub(1)?;
            side = (side + 1) % self.ns;
        }
        if hand[..self.ns] == p.hand[..self.ns] && side == usize::from(p.to_move) {
            return None;
        }
        let hands: Vec<String> = (0..self.ns)
            .map(|s| format!("{} {}", self.sides[s], hand[s]))
            .collect();
        Some(format!(
            "`hand`: after {} from the start, the hands are {} with {} to move; each ply places one piece from the hand of the side playing it",
            counted(i64::from(plies), "placement", "placements"),
            listed(&hands),
            self.sides[side]
        ))
    }

    /// A group of the side to move standing closed by the last mover: `[capture]` took it
    /// after that side's ply.
    fn group_left(&self, p: &DPos) -> Option<String> {
        let g = self.group.as_ref()?;
        let (o, by) = (usize::from(p.to_move), self.last_mover(p));
        if o == by {
            return None;
        }
        let c = p.occ[o].iter().find(|&c| self.group_of(p, c, o, by, g).1)?;
        let what = if g.turn { "turned over" } else { "removed" };
        Some(format!(
            "`board`: {}'s group on {} stands closed by {}, whose last ply would have {what} it",
            self.sides[o], self.names[c], self.sides[by]
        ))
    }

    /// Whether every ply puts one piece of the side playing it and nothing else changes.
    fn only_puts(&self) -> bool {
        self.pass == Pass::Never
            && self.rules.iter().all(|r| {
                matches!(r.act, Act::Place | Act::Drop)
                    && !r.flip
                    && r.custodial.is_none()
                    && r.enclose.is_none()
                    && r.parts.is_empty()
            })
            && self.group.is_none()
    }

    /// Counts of pieces that the turns cannot give, in a game whose plies only put pieces.
    fn counts_of_turns(&self, p: &DPos) -> Option<String> {
        if !self.only_puts() {
            return None;
        }
        let start = &self.start;
        if let Some(c) = (0..self.n).find(|&c| start.board[c] != 0 && p.board[c] != start.board[c])
        {
            return Some(format!(
                "`board`: {} holds `{}` at the start, and no piece leaves or changes in this game",
                self.names[c],
                self.tokens[usize::from(start.board[c])]
            ));
        }
        let placed: Vec<i64> = (0..self.ns)
            .map(|s| i64::from(p.occ[s].count()) - i64::from(start.occ[s].count()))
            .collect();
        let plies: i64 = placed.iter().sum();
        let (mut side, mut left) = (usize::from(start.to_move), self.first);
        let mut want = vec![0i64; self.ns];
        for _ in 0..plies {
            want[side] += 1;
            left = left.saturating_sub(1);
            if left == 0 {
                side = (side + 1) % self.ns;
                left = self.actions;
            }
        }
        let uses_left = self.keys.contains(&"left");
        if want == placed && side == usize::from(p.to_move) && (!uses_left || left == p.left) {
            return None;
        }
        let has: Vec<String> = (0..self.ns)
            .map(|s| match s {
                0 => format!(
                    "{} has placed {}",
                    self.sides[s],
                    counted(placed[s], "piece", "pieces")
                ),
                _ => format!("{} {}", self.sides[s], placed[s]),
            })
            .collect();
        let gives: Vec<String> = want.iter().map(i64::to_string).collect();
        let turn = match uses_left {
            true => format!(
                ", {} left in its turn",
                counted(i64::from(left), "ply", "plies")
            ),
            false => String::new(),
        };
        Some(format!(
            "`board`: {}: the turns give {} after {}, with {} to move{turn} ({} plays first, one piece a ply)",
            listed(&has),
            listed(&gives),
            counted(plies, "ply", "plies"),
            self.sides[side],
            self.sides[usize::from(start.to_move)]
        ))
    }

    /// The first `line`, `connect` or `reach` end that side `s` meets on the board, as said in
    /// messages. An exact line counts only where plies only put pieces: elsewhere a piece taken,
    /// turned or moved out of a longer line leaves one that no ply was judged on.
    fn shape(&self, p: &DPos, s: usize) -> Option<String> {
        let exact_lines = self.only_puts();
        self.ends.iter().find_map(|e| match &e.end {
            _ if e.sides >> s & 1 == 0 || !e.in_force(p) => None,
            End::Line { n, exact, axes } if exact_lines || !*exact => p.occ[s]
                .iter()
                .any(|c| self.line_through(p, s, c, *n, *exact, axes))
                .then(|| format!("a line (`line = {n}`)")),
            End::Connect(pairs) => {
                let (a, b) = pairs[s];
                self.connects(p, s, a, b).then(|| {
                    format!(
                        "a chain joining `{}` and `{}`",
                        self.region_names[usize::from(a)],
                        self.region_names[usize::from(b)]
                    )
                })
            }
            End::Reach(r) => (p.occ[s] & self.regions[usize::from(*r)][s])
                .lowest()
                .map(|c| {
                    format!(
                        "a piece on its `{}` ({})",
                        self.region_names[usize::from(*r)],
                        self.names[c]
                    )
                }),
            _ => None,
        })
    }

    /// Two sides or more that each meet a `line`, `connect` or `reach` end.
    fn two_winners(&self, p: &DPos) -> Option<String> {
        let met: Vec<(usize, String)> = (0..self.ns)
            .filter_map(|s| self.shape(p, s).map(|d| (s, d)))
            .collect();
        if met.len() < 2 {
            return None;
        }
        let who: Vec<String> = met
            .iter()
            .map(|(s, _)| self.sides[*s].to_string())
            .collect();
        let what = if met.iter().all(|(_, d)| *d == met[0].1) {
            let all = if met.len() > 2 { "all" } else { "both" };
            format!("{} {all} have {}", listed(&who), met[0].1)
        } else {
            let each: Vec<String> = met
                .iter()
                .map(|(s, d)| format!("{} has {d}", self.sides[*s]))
                .collect();
            listed(&each)
        };
        let rest = if met.len() > 2 {
            "the others"
        } else {
            "the other"
        };
        Some(format!(
            "`board`: {what}: the game ended at the first of them, so {rest} could not be made"
        ))
    }

    /// A game that was over before the last ply: an end met by a side that did not play it, or,
    /// where plies only put pieces, by the last mover whatever piece it put last.
    fn over_before(&self, p: &DPos) -> Option<String> {
        let mover = self.last_mover(p);
        for s in (0..self.ns).filter(|&s| s != mover) {
            if let Some(d) = self.shape(p, s) {
                return Some(format!(
                    "`board`: {} has {d} although {} moved last: the game ended when {} made it, so {} could not play after it",
                    self.sides[s], self.sides[mover], self.sides[s], self.sides[mover]
                ));
            }
        }
        if !self.only_puts() {
            return None;
        }
        let d = self.shape(p, mover)?;
        // The pieces the mover may have put last: not the start's, and, where pieces fall, with
        // nothing put on top of them since.
        let up = self
            .gravity
            .map(|g| (usize::from(g[mover]) + self.compass / 2) % self.compass.max(1));
        let mut last = p.occ[mover].iter().filter(|&c| {
            self.start.board[c] == 0
                && up.is_none_or(|u| {
                    let t = self.step(c, u);
                    t == NONE || p.board[usize::from(t)] == 0
                })
        });
        let made_last = last.any(|c| {
            let mut before = p.clone();
            before.take(c, mover as u8);
            self.shape(&before, mover).is_none()
        });
        if made_last {
            return None;
        }
        Some(format!(
            "`board`: {} has {d} whatever piece it placed last: the game ended before its last ply",
            self.sides[mover]
        ))
    }
}
