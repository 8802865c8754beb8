//! A working copy of the plane: a dense grid around the pawns with a margin, for generation.

use super::Pos;

/// Empty cells kept around the pawns (a placement and a push reach two cells out; one more for safety).
pub const MARGIN: i32 = 3;

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A push: its direction and the pawn at the front of the run.
#[derive(Debug, Clone)]
pub struct Push {
    /// Direction index into n, e, s, w.
    pub dir: usize,
    /// The leading pawn.
    pub lead: (i32, i32),
}

impl Push {
    /// `n`, `e`, `s` or `w`.
    pub fn dir_name(&self) -> &'static str {
        ["n", "e", "s", "w"][self.dir]
    }
}

/// The grid: 0 empty, 1 light, 2 dark; coordinates shifted by [`MARGIN`].
#[derive(Debug, Clone)]
pub struct Plane {
    w: i32,
    h: i32,
    cells: Vec<u8>,
    count: usize,
}

impl Plane {
    /// The plane of a position (its pawns start at (MARGIN, MARGIN)).
    pub fn new(p: &Pos) -> Plane {
        let w = p.pawns.iter().map(|q| q.0).max().map_or(1, |m| m + 1) + 2 * MARGIN;
        let h = p.pawns.iter().map(|q| q.1).max().map_or(1, |m| m + 1) + 2 * MARGIN;
        let mut pl = Plane {
            w,
            h,
            cells: vec![0; (w * h) as usize],
            count: 0,
        };
        for &(x, y, s) in &p.pawns {
            pl.set(x + MARGIN, y + MARGIN, s + 1);
        }
        pl
    }

    /// The value at a cell (0 outside).
    pub fn get(&self, x: i32, y: i32) -> u8 {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            0
        } else {
            self.cells[(y * self.w + x) as usize]
        }
    }

    /// Sets a cell (inside the grid).
    pub fn set(&mut self, x: i32, y: i32, v: u8) {
        let i = (y * self.w + x) as usize;
        match (self.cells[i], v) {
            (0, 1..) => self.count += 1,
            (1.., 0) => self.count -= 1,
            _ => {}
        }
        self.cells[i] = v;
    }

    /// Empty cells touching a pawn by a side; any cell of an empty plane (one, up to translation).
    pub fn placements(&self) -> Vec<(i32, i32)> {
        if self.count == 0 {
            return vec![(MARGIN, MARGIN)];
        }
        let mut out = Vec::new();
        for y in 0..self.h {
            for x in 0..self.w {
                if self.get(x, y) == 0 && DIRS.iter().any(|(dx, dy)| self.get(x + dx, y + dy) > 0) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// True when all pawns form one group joined by sides.
    pub fn one_group(&self) -> bool {
        let Some(first) = self.cells.iter().position(|&v| v > 0) else {
            return true;
        };
        let n = self.cells.len();
        // A bit set of visited cells, on the stack for planes up to 2048 cells.
        let mut small = [0u64; 32];
        let mut big = Vec::new();
        let seen: &mut [u64] = if n <= 2048 {
            &mut small
        } else {
            big.resize(n.div_ceil(64), 0);
            &mut big
        };
        // At most 2 × 100 pawns (the definition's limit) are ever on the stack: no allocation.
        let mut stack = [0u32; 256];
        let mut top = 0;
        seen[first / 64] |= 1 << (first % 64);
        stack[0] = first as u32;
        top += 1;
        let mut count = 0;
        let w = self.w as usize;
        while top > 0 {
            top -= 1;
            let i = stack[top] as usize;
            count += 1;
            for j in [i + 1, i - 1, i + w, i - w] {
                if self.cells[j] > 0 && seen[j / 64] >> (j % 64) & 1 == 0 {
                    seen[j / 64] |= 1 << (j % 64);
                    if top < stack.len() {
                        stack[top] = j as u32;
                        top += 1;
                    }
                }
            }
        }
        count == self.count
    }

    /// Every legal push of `me` (conditions a, b and c of the spec), with the plane after it.
    pub fn pushes(&self, me: u8) -> Vec<(Push, Plane)> {
        let (w, h) = (self.w as usize, self.h as usize);
        let mine = me + 1;
        let mut out = Vec::new();
        // Pawns never reach the grid's outer ring, so runs start and end inside it.
        for (horizontal, step) in [(true, 1usize), (false, w)] {
            for y in 1..h - 1 {
                for x in 1..w - 1 {
                    let i = y * w + x;
                    if self.cells[i] == 0 || self.cells[i - step] > 0 {
                        continue;
                    }
                    let (mut len, mut own, mut j) = (0usize, 0usize, i);
                    while self.cells[j] > 0 {
                        own += usize::from(self.cells[j] == mine);
                        len += 1;
                        j += step;
                    }
                    if len < 2 || own * 2 < len {
                        continue;
                    }
                    let last = i + (len - 1) * step;
                    let (towards_high, towards_low) = if horizontal { (1, 3) } else { (0, 2) };
                    let step = step as isize;
                    for (lead, back, dir) in [(last, -step, towards_high), (i, step, towards_low)] {
                        if self.cells[lead] != mine {
                            continue;
                        }
                        if let Some(after) = self.pushed(lead, back, len) {
                            out.push((
                                Push {
                                    dir,
                                    lead: self.at(lead),
                                },
                                after,
                            ));
                        }
                    }
                }
            }
        }
        out
    }

    /// Coordinates of a cell index.
    fn at(&self, c: usize) -> (i32, i32) {
        let w = self.w as usize;
        ((c % w) as i32, (c / w) as i32)
    }

    /// The plane after pushing the `len` pawns that start at `lead` and run on by the index step
    /// `back` one cell forward (by `-back`), if the plane is still one group (condition c).
    fn pushed(&self, lead: usize, back: isize, len: usize) -> Option<Plane> {
        let cell = |k: usize| (lead as isize + k as isize * back) as usize;
        let mut after = self.clone();
        for k in 0..len {
            after.cells[(cell(k) as isize - back) as usize] = self.cells[cell(k)];
        }
        let trailing = cell(len - 1);
        after.cells[trailing] = 0;
        // Only the cell the run leaves loses contacts: when nothing touches it from the sides,
        // the plane cannot split and the search is spared.
        let side = if back.abs() == 1 { self.w as usize } else { 1 };
        let untouched = self.cells[trailing - side] == 0 && self.cells[trailing + side] == 0;
        (untouched || after.one_group()).then_some(after)
    }

    /// Opponent pawns whose four sides all touch `me`'s pawns.
    pub fn takeable(&self, me: u8) -> Vec<(i32, i32)> {
        let (opp, mine) = (2 - me, me + 1);
        let w = self.w as usize;
        let mut out = Vec::new();
        // Pawns never reach the outer ring of the grid (the margin is wider than a turn's reach),
        // so every neighbour looked at is inside the grid.
        for y in 1..self.h as usize - 1 {
            for x in 1..w - 1 {
                let i = y * w + x;
                if self.cells[i] == opp
                    && self.cells[i - 1] == mine
                    && self.cells[i + 1] == mine
                    && self.cells[i - w] == mine
                    && self.cells[i + w] == mine
                {
                    out.push((x as i32, y as i32));
                }
            }
        }
        out
    }

    /// Pushes of `me` that move a run with an end next to the hole one cell into it.
    pub fn fills(&self, me: u8, hx: i32, hy: i32) -> Vec<(Push, Plane)> {
        let w = self.w as isize;
        let hole = hy as isize * w + hx as isize;
        let mine = me + 1;
        let mut out = Vec::new();
        for (d, (dx, dy)) in DIRS.iter().enumerate() {
            // The run starts next to the hole and goes away from it (by `back`); pushing it
            // towards the hole moves it the other way.
            let back = *dx as isize + *dy as isize * w;
            let lead = (hole + back) as usize;
            let (mut len, mut own, mut c) = (0usize, 0usize, lead);
            while self.cells[c] > 0 {
                own += usize::from(self.cells[c] == mine);
                len += 1;
                c = (c as isize + back) as usize;
            }
            if len < 2 || self.cells[lead] != mine || own * 2 < len {
                continue;
            }
            if let Some(after) = self.pushed(lead, back, len) {
                out.push((
                    Push {
                        dir: (d + 2) % 4,
                        lead: self.at(lead),
                    },
                    after,
                ));
            }
        }
        out
    }

    /// Back to a position, translated, with the given fields.
    pub fn to_pos(&self, from: &Pos, to_move: u8, placed: [u8; 2], taken: [u8; 2]) -> Pos {
        let w = self.w as usize;
        let mut pawns = Vec::with_capacity(self.count);
        let (mut minx, mut miny) = (i32::MAX, i32::MAX);
        // Row by row: the pawns come out sorted by (y, x); the outer ring is always empty.
        let h = self.h as usize;
        for y in 1..h - 1 {
            let row = &self.cells[y * w..(y + 1) * w];
            for (x, &v) in row.iter().enumerate().take(w - 1).skip(1) {
                if v > 0 {
                    let (x, y) = (x as i32, y as i32);
                    minx = minx.min(x);
                    miny = miny.min(y);
                    pawns.push((x, y, v - 1));
                }
            }
        }
        if pawns.is_empty() {
            return Pos::from_real(pawns, to_move, placed, taken);
        }
        for q in &mut pawns {
            q.0 -= minx;
            q.1 -= miny;
        }
        Pos {
            pawns,
            origin: (minx + from.origin.0 - MARGIN, miny + from.origin.1 - MARGIN),
            to_move,
            placed,
            taken,
        }
    }
}
