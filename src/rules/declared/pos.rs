//! A declared game's position and move: fixed size, no allocation, so a ply is one copy.
//!
//! In: nothing but cells and numbers. Out: [`DPos`] (the board as bytes, the side to move and
//! the counters a position file writes, each side's cells as a bit set kept with the board)
//! and [`DMove`] (a move packed in 64 bits).

use super::bits::{Bits, MAX_CELLS};
use crate::definition::model::rules::MAX_SIDES;

/// The game goes on.
pub const GOING: u8 = 0;
/// The game is over, drawn (a win is `1 + side`).
pub const DRAW: u8 = 0xFF;

/// A position of a declared game. Everything in it is written in its position file or follows
/// from what is (the cells of each side, the status), so equal positions are equal values.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct DPos {
    /// Per cell: 0 empty, else `kind * sides + side + 1`.
    pub board: [u8; MAX_CELLS],
    /// The side to move.
    pub to_move: u8,
    /// Actions left in this turn.
    pub left: u8,
    /// The phase.
    pub phase: u8,
    /// [`GOING`], [`DRAW`] or `1 + the winner` (ends that need no search; a side that cannot
    /// move is found when asked).
    pub status: u8,
    /// Pieces in hand per side (written when the game has `[start] hand`).
    pub hand: [u16; MAX_SIDES],
    /// Plies played (kept when an end or a phase counts them).
    pub ply: u16,
    /// Plies without progress (kept when an end counts them).
    pub quiet: u16,
    /// The roll to play (the dice's sum), 0 without dice or when the game is over.
    pub roll: u8,
    /// Enemy pieces each side has taken (kept when `[score]` counts them).
    pub taken: [u16; MAX_SIDES],
    /// The variant of the rules (`[[variant]]`), 0 without variants.
    pub variant: u8,
    /// The cells of each side's pieces.
    pub occ: [Bits; MAX_SIDES],
    /// The keys of the positions since the last progress, oldest first, this one left out
    /// (kept when an end counts repetitions; never more than 64, as `quiet` bounds it).
    pub seen: Seen,
}

/// The keys `repetition` remembers. Its clone is inlined and costs a test when empty, as it
/// is in every game that does not count repetitions: a ply stays one copy.
#[derive(PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Seen(pub Vec<u64>);

impl Clone for Seen {
    #[inline(always)]
    fn clone(&self) -> Seen {
        if self.0.is_empty() {
            Seen(Vec::new())
        } else {
            Seen(self.0.clone())
        }
    }
}

impl std::ops::Deref for Seen {
    type Target = Vec<u64>;
    fn deref(&self) -> &Vec<u64> {
        &self.0
    }
}

impl std::ops::DerefMut for Seen {
    fn deref_mut(&mut self) -> &mut Vec<u64> {
        &mut self.0
    }
}

impl DPos {
    /// An empty board, the first side to move.
    pub fn empty() -> DPos {
        DPos {
            board: [0; MAX_CELLS],
            to_move: 0,
            left: 1,
            phase: 0,
            status: GOING,
            hand: [0; MAX_SIDES],
            ply: 0,
            quiet: 0,
            roll: 0,
            taken: [0; MAX_SIDES],
            variant: 0,
            occ: [Bits::EMPTY; MAX_SIDES],
            seen: Seen(Vec::new()),
        }
    }

    /// The key of the board, the side to move and its actions left over the first `n` cells:
    /// two positions a player would call the same have the same key (FNV-1a, 64 bits).
    pub fn key(&self, n: usize) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in self.board[..n]
            .iter()
            .chain([self.to_move, self.left, self.phase].iter())
        {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        h
    }

    /// Puts piece `b` of side `s` on the empty cell `c`.
    #[inline]
    pub fn put(&mut self, c: usize, b: u8, s: u8) {
        self.board[c] = b;
        self.occ[usize::from(s)].set(c);
    }

    /// Takes away the piece of side `s` on `c`.
    #[inline]
    pub fn take(&mut self, c: usize, s: u8) {
        self.board[c] = 0;
        self.occ[usize::from(s)].clear(c);
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.occ[0] | self.occ[1] | self.occ[2] | self.occ[3]
    }
}

/// A move packed in 64 bits: rule (6 bits; 63 a pass), from (9; 511 none), to (9), hops (4),
/// then each hop's direction (3 bits, up to 12 hops); or, for a move in parts, the later parts
/// played (4) and the cell of each (9 bits, up to 3).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct DMove(pub u64);

/// The rule number of a pass.
const PASS_RULE: u64 = 63;
/// No cell (a placement has no `from`).
const NO_CELL: u64 = 511;

impl DMove {
    /// A pass.
    pub const PASS: DMove = DMove(PASS_RULE);

    /// A move by `rule` from `from` (`None`: a placement) to `to`.
    #[inline]
    pub fn new(rule: u8, from: Option<usize>, to: usize) -> DMove {
        let f = from.map_or(NO_CELL, |f| f as u64);
        DMove(u64::from(rule) | f << 6 | (to as u64) << 15)
    }

    /// A chain of `hops` hops in the packed directions `dirs` (3 bits each, first hop lowest).
    #[inline]
    pub fn chain(rule: u8, from: usize, to: usize, hops: u32, dirs: u64) -> DMove {
        DMove(
            u64::from(rule)
                | (from as u64) << 6
                | (to as u64) << 15
                | u64::from(hops) << 24
                | dirs << 28,
        )
    }

    /// True for a pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.0 & 63 == PASS_RULE
    }

    /// The rule.
    #[inline]
    pub fn rule(self) -> usize {
        (self.0 & 63) as usize
    }

    /// Where the piece starts, `None` for a placement.
    #[inline]
    pub fn from(self) -> Option<usize> {
        let f = (self.0 >> 6) & 511;
        (f != NO_CELL).then_some(f as usize)
    }

    /// Where the piece ends.
    #[inline]
    pub fn to(self) -> usize {
        ((self.0 >> 15) & 511) as usize
    }

    /// Hops of a hop move.
    #[inline]
    pub fn hops(self) -> u32 {
        ((self.0 >> 24) & 15) as u32
    }

    /// The same move with its later part `i` (0-based, after the parts before it) ending on
    /// `cell`: parts done at bits 24 to 27, each part's cell in 9 bits from bit 28.
    #[inline]
    pub fn with_part(self, i: usize, cell: usize) -> DMove {
        let shift = 28 + 9 * i;
        DMove(
            self.0 & !(15 << 24) & !(511 << shift)
                | ((i as u64 + 1) << 24)
                | (cell as u64) << shift,
        )
    }

    /// Later parts played (a move of a rule with `then`).
    #[inline]
    pub fn parts(self) -> usize {
        ((self.0 >> 24) & 15) as usize
    }

    /// The cell later part `i` ends on.
    #[inline]
    pub fn part(self, i: usize) -> usize {
        ((self.0 >> (28 + 9 * i)) & 511) as usize
    }

    /// The direction of hop `i`.
    #[inline]
    pub fn hop_dir(self, i: u32) -> usize {
        ((self.0 >> (28 + 3 * i)) & 7) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_unpack_as_packed() {
        let m = DMove::new(5, Some(300), 17);
        assert_eq!(
            (m.rule(), m.from(), m.to(), m.is_pass()),
            (5, Some(300), 17, false)
        );
        let p = DMove::new(0, None, 255);
        assert_eq!((p.from(), p.to()), (None, 255));
        let dirs = 0b101_011_110;
        let c = DMove::chain(62, 40, 200, 3, dirs);
        assert_eq!(
            (c.rule(), c.from(), c.to(), c.hops()),
            (62, Some(40), 200, 3)
        );
        assert_eq!((c.hop_dir(0), c.hop_dir(1), c.hop_dir(2)), (6, 3, 5));
        let long = DMove::chain(1, 0, 1, 12, (1 << 36) - 1);
        assert_eq!((long.hops(), long.hop_dir(11)), (12, 7));
        assert!(DMove::PASS.is_pass());
    }
}
