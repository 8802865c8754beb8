//! The working plane of move generation: each row is a pair of machine words, one bit per column
//! and one word per side, with margins wide enough for a whole turn. Generation changes the plane
//! in place (place, push, take, fill) and undoes each change after visiting what follows from it.

use super::Pos;

/// Most pawns on the plane at once. A group of n pawns spans at most n columns, which with the
/// margins must fit in a 64-bit row; the engine therefore allows at most 30 pawns a side.
pub const MAX_PAWNS: u32 = 60;

/// Empty columns kept left of the pawns: a placement and then a push reach two columns out. On
/// the right, the same two columns fit in the word (bits past the 64th are never needed).
pub const MX: i32 = 2;

/// Empty rows kept below and above the pawns: the two a turn may reach, and one more read as a
/// neighbour.
pub const MY: i32 = 3;

/// Rows of the working plane: the tallest group and its margins.
const ROWS: usize = MAX_PAWNS as usize + 2 * MY as usize;

/// What a visit of the pushes checks and does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visit {
    /// Legal pushes only (the group holds), each on the plane after it.
    Legal,
    /// Pushes that meet the spec's conditions a and b, each on the plane after it, whether the
    /// group holds or not (a turn known legal is applied without the test).
    Candidates,
    /// The same pushes, on the plane before them (counted, not applied).
    Count,
}

/// A push: its direction and the pawn at the front of the run (before the push).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Push {
    /// Direction index into n, e, s, w.
    pub dir: u8,
    /// The leading pawn, in plane coordinates.
    pub lead: (i32, i32),
}

impl Push {
    /// `n`, `e`, `s` or `w`.
    pub fn dir_name(&self) -> &'static str {
        ["n", "e", "s", "w"][usize::from(self.dir)]
    }
}

/// Spreads seed bits `s` (a subset of `o`) to the whole runs of `o` that hold them, towards the
/// high bits: adding a seed carries through the ones above it.
fn spread_up(s: u64, o: u64) -> u64 {
    ((o ^ o.wrapping_add(s)) & o) | s
}

/// Spreads seed bits `s` (a subset of `o`) to the whole runs of `o` that hold them.
fn spread(s: u64, o: u64) -> u64 {
    spread_up(s, o) | spread_up(s.reverse_bits(), o.reverse_bits()).reverse_bits()
}

/// The plane: `side[0]` light pawns, `side[1]` dark pawns; bit x of word y is the cell (x, y) of
/// the position shifted by ([`MX`], [`MY`]).
#[derive(Debug, Clone)]
pub struct Plane {
    side: [[u64; ROWS]; 2],
    /// Rows in use, margins included: `0..rows`. The first and last are always empty.
    rows: usize,
    /// Whether the push being visited (under [`Visit::Candidates`]) may split the group: if
    /// not, it holds without a test.
    pub may_split: bool,
}

impl Plane {
    /// The plane of a position (at most [`MAX_PAWNS`] pawns, which a position guarantees).
    pub fn new(p: &Pos) -> Plane {
        let h = p.height();
        let mut pl = Plane {
            side: [[0; ROWS]; 2],
            rows: h + 2 * MY as usize,
            may_split: true,
        };
        for y in 0..h {
            for s in 0..2 {
                pl.side[s][y + MY as usize] = p.row(y, s as u8) << MX;
            }
        }
        pl
    }

    /// The occupied cells of row `y`.
    #[inline]
    fn occ(&self, y: usize) -> u64 {
        self.side[0][y] | self.side[1][y]
    }

    /// Puts a pawn of side `s` on an empty cell.
    pub fn set(&mut self, (x, y): (i32, i32), s: u8) {
        self.side[usize::from(s)][y as usize] |= 1 << x;
    }

    /// Empties a cell.
    pub fn clear(&mut self, (x, y): (i32, i32)) {
        let bit = !(1u64 << x);
        self.side[0][y as usize] &= bit;
        self.side[1][y as usize] &= bit;
    }

    /// Empty cells touching a pawn by a side; one cell for an empty plane (the others are the
    /// same up to translation).
    pub fn placements(&self) -> Vec<Option<(i32, i32)>> {
        let mut out = Vec::with_capacity(64);
        for y in 1..self.rows - 1 {
            let o = self.occ(y);
            let mut free = (o << 1 | o >> 1 | self.occ(y - 1) | self.occ(y + 1)) & !o;
            while free != 0 {
                out.push(Some((free.trailing_zeros() as i32, y as i32)));
                free &= free - 1;
            }
        }
        if out.is_empty() {
            out.push(Some((MX, MY)));
        }
        out
    }

    /// True when all pawns form one group joined by sides: a fill from the first pawn, sweeping
    /// the rows up and down, each row spread along its runs at once.
    pub fn connected(&self) -> bool {
        let rows = self.rows;
        let Some(first) = (0..rows).find(|&y| self.occ(y) != 0) else {
            return true;
        };
        let mut reach = [0u64; ROWS];
        let o = self.occ(first);
        reach[first] = spread(o & o.wrapping_neg(), o);
        loop {
            let mut changed = false;
            for y in first + 1..rows - 1 {
                let o = self.occ(y);
                let seed = reach[y] | (reach[y - 1] & o);
                if seed != reach[y] {
                    reach[y] = spread(seed, o);
                    changed = true;
                }
            }
            for y in (first..rows - 2).rev() {
                let o = self.occ(y);
                let seed = reach[y] | (reach[y + 1] & o);
                if seed != reach[y] {
                    reach[y] = spread(seed, o);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        (first..rows).all(|y| reach[y] == self.occ(y))
    }

    /// Whether the cell (x, y) holds a pawn of side `s`.
    #[inline]
    fn is(&self, s: usize, x: u32, y: usize) -> bool {
        self.side[s][y] >> x & 1 == 1
    }

    /// Moves one cell's content (or emptiness) of column bit `bit` from row `from` to row `to`.
    #[inline]
    fn copy_cell(&mut self, bit: u64, from: usize, to: usize) {
        for s in &mut self.side {
            s[to] = (s[to] & !bit) | (s[from] & bit);
        }
    }

    /// Moves the run of `len` pawns of column `x` starting at row `y` one row up or down, and
    /// empties the cell it leaves.
    fn slide_column(&mut self, x: u32, y: usize, len: usize, up: bool) {
        let bit = 1u64 << x;
        let left = if up {
            for k in (y..y + len).rev() {
                self.copy_cell(bit, k, k + 1);
            }
            y
        } else {
            for k in y..y + len {
                self.copy_cell(bit, k, k - 1);
            }
            y + len - 1
        };
        for s in &mut self.side {
            s[left] &= !bit;
        }
    }

    /// Pushes the run of `len` pawns whose lowest cell is (x, y), along a row (`horizontal`) or a
    /// column, one cell towards the high coordinates (`high`) or the low ones. The run must be
    /// maximal (the cells at both ends empty). When the plane is still one group afterwards,
    /// calls `f` with it; then undoes the push. Returns what `f` returned (true stops).
    #[allow(clippy::too_many_arguments)]
    fn try_push<F: FnMut(&mut Plane, Push) -> bool>(
        &mut self,
        horizontal: bool,
        (x, y): (u32, usize),
        len: usize,
        high: bool,
        push: Push,
        check: Visit,
        f: &mut F,
    ) -> bool {
        if check == Visit::Count {
            return f(self, push);
        }
        let check = check == Visit::Legal;
        // The cell the run leaves, and the run's next cell, which a pawn of the run still holds
        // after the push. The plane was one group before the push and only loses that cell: it
        // can split only when a pawn beside the cell (off the run's line) is cut off. Such a pawn
        // is still joined to the run when the cell beside it on the push side is held, making a
        // square with the run: then the search is spared.
        let (tx, ty) = match (horizontal, high) {
            (_, true) => (x, y),
            (true, false) => (x + len as u32 - 1, y),
            (false, false) => (x, y + len - 1),
        };
        let search = if horizontal {
            let (bit, next) = (
                1u64 << tx,
                if high {
                    1u64 << (tx + 1)
                } else {
                    1u64 << (tx - 1)
                },
            );
            [ty - 1, ty + 1].iter().any(|&r| {
                let o = self.occ(r);
                o & bit != 0 && o & next == 0
            })
        } else {
            let ny = if high { ty + 1 } else { ty - 1 };
            let beside = 0b101u64 << tx >> 1;
            self.occ(ty) & beside & !self.occ(ny) != 0
        };
        self.may_split = search;
        let stop;
        if horizontal {
            let saved = (self.side[0][y], self.side[1][y]);
            let run = ((1u64 << len) - 1) << x;
            for s in &mut self.side {
                let moved = if high {
                    (s[y] & run) << 1
                } else {
                    (s[y] & run) >> 1
                };
                s[y] = (s[y] & !run) | moved;
            }
            stop = (!check || !search || self.connected()) && f(self, push);
            (self.side[0][y], self.side[1][y]) = saved;
        } else {
            self.slide_column(x, y, len, high);
            stop = (!check || !search || self.connected()) && f(self, push);
            if high {
                self.slide_column(x, y + 1, len, false);
            } else {
                self.slide_column(x, y - 1, len, true);
            }
        }
        stop
    }

    /// Every legal push of side `me` (conditions a, b and c of the spec), each visited by `f` on
    /// the plane after it. Returns true when `f` stopped the search. See [`Visit`] for the
    /// cheaper visits.
    pub fn pushes<F: FnMut(&mut Plane, Push) -> bool>(
        &mut self,
        me: u8,
        check: Visit,
        f: &mut F,
    ) -> bool {
        let m = usize::from(me);
        for y in 1..self.rows - 1 {
            // Rows: the first cell of each run of two or more.
            let o = self.occ(y);
            let mut starts = o & !(o << 1) & (o >> 1);
            while starts != 0 {
                let x = starts.trailing_zeros();
                starts &= starts - 1;
                let run = (o ^ o.wrapping_add(1 << x)) & o;
                let len = run.count_ones();
                if (run & self.side[m][y]).count_ones() * 2 < len {
                    continue;
                }
                let top = (63 - run.leading_zeros(), y);
                if self.push_run(m, true, (x, y), top, len as usize, check, f) {
                    return true;
                }
            }
            // Columns: the cells of this row that start a run of two or more upwards.
            let mut starts = o & !self.occ(y - 1) & self.occ(y + 1);
            while starts != 0 {
                let x = starts.trailing_zeros();
                starts &= starts - 1;
                let bit = 1u64 << x;
                let (mut len, mut own, mut k) = (0usize, 0usize, y);
                while self.occ(k) & bit != 0 {
                    len += 1;
                    own += usize::from(self.side[m][k] & bit != 0);
                    k += 1;
                }
                if own * 2 < len {
                    continue;
                }
                if self.push_run(m, false, (x, y), (x, k - 1), len, check, f) {
                    return true;
                }
            }
        }
        false
    }

    /// The pushes of a maximal run from `lo` to `hi` whose side `m` has enough pawns in it:
    /// towards either end where the leading pawn is `m`'s (condition a). Returns true when `f`
    /// stopped the search.
    #[allow(clippy::too_many_arguments)]
    fn push_run<F: FnMut(&mut Plane, Push) -> bool>(
        &mut self,
        m: usize,
        horizontal: bool,
        lo: (u32, usize),
        hi: (u32, usize),
        len: usize,
        check: Visit,
        f: &mut F,
    ) -> bool {
        // Towards the high end (north or east), then the low end (south or west).
        let (up, down) = if horizontal { (1, 3) } else { (0, 2) };
        for (lead, dir, high) in [(hi, up, true), (lo, down, false)] {
            if self.is(m, lead.0, lead.1) {
                let push = Push {
                    dir,
                    lead: (lead.0 as i32, lead.1 as i32),
                };
                if self.try_push(horizontal, lo, len, high, push, check, f) {
                    return true;
                }
            }
        }
        false
    }

    /// Every take of side `me` with its fill: opponent pawns whose four sides touch `me`'s pawns,
    /// each taken, then each legal push into the hole visited by `f` as `(hole, fill)`. Returns
    /// true when `f` stopped the search.
    pub fn takes<F: FnMut(&mut Plane, (i32, i32), Push) -> bool>(
        &mut self,
        me: u8,
        f: &mut F,
    ) -> bool {
        for y in 1..self.rows - 1 {
            let mut held = self.held_in_row(me, y);
            while held != 0 {
                let x = held.trailing_zeros();
                held &= held - 1;
                let hole = (x as i32, y as i32);
                self.clear(hole);
                let stop = self.fills(me, hole, &mut |pl, push| f(pl, hole, push));
                self.set(hole, 1 - me);
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// The opponent pawns of row `y` whose four sides touch `me`'s pawns.
    #[inline]
    fn held_in_row(&self, me: u8, y: usize) -> u64 {
        let (m, t) = (usize::from(me), usize::from(1 - me));
        let mine = self.side[m][y];
        self.side[t][y] & mine << 1 & mine >> 1 & self.side[m][y - 1] & self.side[m][y + 1]
    }

    /// How many opponent pawns `me` could take now: each is filled at most four ways, so the
    /// plane has at most four times as many takes.
    pub fn held(&self, me: u8) -> u32 {
        (1..self.rows - 1)
            .map(|y| self.held_in_row(me, y).count_ones())
            .sum()
    }

    /// Opponent pawns of side `me` that may be surrounded by `me`'s after a turn of `me`: those
    /// touching two of `me`'s pawns by a side, or one with an empty cell opposite. A turn changes
    /// at most two neighbours of a pawn it does not move (its placement, and the one neighbour
    /// on the pushed line); a pawn it moves keeps its neighbours along the line, which were
    /// `me`'s or the placement beside it: a hole a take may leave is one of these.
    pub fn take_holes_bound(&self, me: u8) -> u32 {
        let (m, t) = (usize::from(me), usize::from(1 - me));
        let mut n = 0;
        for y in 1..self.rows - 1 {
            let mine = self.side[m][y];
            let o = self.occ(y);
            let (a, b, c, d) = (
                mine << 1,
                mine >> 1,
                self.side[m][y - 1],
                self.side[m][y + 1],
            );
            let two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
            let (ea, eb) = (!(o << 1), !(o >> 1));
            let (ec, ed) = (!self.occ(y - 1), !self.occ(y + 1));
            let line = (a & eb) | (b & ea) | (c & ed) | (d & ec);
            n += (self.side[t][y] & (two | line)).count_ones();
        }
        n
    }

    /// The one push `push` (found by [`Plane::pushes`] on this plane), visited as `check`
    /// says. Returns what `f` returned.
    pub fn push_one<F: FnMut(&mut Plane, Push) -> bool>(
        &mut self,
        push: Push,
        check: Visit,
        f: &mut F,
    ) -> bool {
        let (dx, dy) = [(0, 1), (1, 0), (0, -1), (-1, 0)][usize::from(push.dir)];
        // The run reaches back from its leading pawn to its first empty cell.
        let (mut x, mut y) = push.lead;
        let mut len = 1;
        loop {
            let (nx, ny) = (x - dx, y - dy);
            if nx < 0 || ny < 0 || self.occ(ny as usize) >> nx & 1 == 0 {
                break;
            }
            (x, y) = (nx, ny);
            len += 1;
        }
        let high = dx > 0 || dy > 0;
        let low = if high { (x, y) } else { push.lead };
        self.try_push(
            dy == 0,
            (low.0 as u32, low.1 as usize),
            len,
            high,
            push,
            check,
            f,
        )
    }

    /// Pushes of `me` that move a run with an end next to the hole one cell into it.
    fn fills<F: FnMut(&mut Plane, Push) -> bool>(
        &mut self,
        me: u8,
        (hx, hy): (i32, i32),
        f: &mut F,
    ) -> bool {
        let m = usize::from(me);
        // The run starts next to the hole and goes away from it by (dx, dy); the push moves it
        // back, in the opposite direction `dir`.
        for (dx, dy, dir) in [(0, 1, 2u8), (1, 0, 3), (0, -1, 0), (-1, 0, 1)] {
            let lead = (hx + dx, hy + dy);
            if !self.is(m, lead.0 as u32, lead.1 as usize) {
                continue;
            }
            let (mut len, mut own, mut c) = (0usize, 0usize, lead);
            loop {
                // Column 0 may hold a pawn pushed there: the walk stops at the word's edge.
                let (cx, cy) = (c.0 as u32, c.1 as usize);
                if c.0 < 0 || self.occ(cy) >> cx & 1 == 0 {
                    break;
                }
                len += 1;
                own += usize::from(self.is(m, cx, cy));
                c = (c.0 + dx, c.1 + dy);
            }
            if len < 2 || own * 2 < len {
                continue;
            }
            // The lowest cell of the run, and whether the push goes to higher coordinates.
            let far = (
                lead.0 + dx * (len as i32 - 1),
                lead.1 + dy * (len as i32 - 1),
            );
            let low = (lead.0.min(far.0) as u32, lead.1.min(far.1) as usize);
            let high = dx < 0 || dy < 0;
            if self.try_push(dy == 0, low, len, high, Push { dir, lead }, Visit::Legal, f) {
                return true;
            }
        }
        false
    }

    /// Back to a position, translated, with the given fields.
    pub fn to_pos(&self, from: &Pos, to_move: u8, placed: [u8; 2], taken: [u8; 2]) -> Pos {
        let Some(lo) = (0..self.rows).find(|&y| self.occ(y) != 0) else {
            return Pos::from_real(Vec::new(), to_move, placed, taken);
        };
        let hi = (lo..self.rows).rfind(|&y| self.occ(y) != 0).unwrap_or(lo);
        let all = (lo..=hi).fold(0, |a, y| a | self.occ(y));
        let minx = all.trailing_zeros();
        let mut rows = Vec::with_capacity(2 * (hi - lo + 1));
        for y in lo..=hi {
            rows.push(self.side[0][y] >> minx);
            rows.push(self.side[1][y] >> minx);
        }
        Pos {
            rows,
            origin: (
                minx as i32 - MX + from.origin.0,
                lo as i32 - MY + from.origin.1,
            ),
            to_move,
            placed,
            taken,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs of `o` holding a bit of `s`, cell by cell.
    fn spread_slow(s: u64, o: u64) -> u64 {
        let mut r = s;
        loop {
            let n = (r | r << 1 | r >> 1) & o;
            if n == r {
                return r;
            }
            r = n;
        }
    }

    #[test]
    fn spreading_along_runs_matches_cell_by_cell() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let o = x;
            let s = o & x.rotate_left(23) & x.rotate_left(41);
            assert_eq!(spread(s, o), spread_slow(s, o), "o={o:064b} s={s:064b}");
        }
        assert_eq!(spread(1 << 63, u64::MAX), u64::MAX);
        assert_eq!(spread(1, u64::MAX), u64::MAX);
        assert_eq!(spread(0, u64::MAX), 0);
    }
}
