//! A hexagon made of equilateral triangles, flat top and bottom (Imperator's board).
//!
//! A hexagon of side `n` has `2n` rows; the top `n` rows start and end with an upward triangle, the
//! bottom `n` with a downward one. Rows are lettered from the bottom (`a`), cells numbered from the
//! left (`1`). Coordinates are in units of the triangle side, origin at the top-left of the bounding
//! box, y downwards.

use std::collections::BTreeMap;

/// What a border side acts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum BorderMark {
    /// A hole: acts like a red pawn.
    Hole,
    /// Plain: acts like a white pawn.
    Plain,
}

/// One border side: the cell it belongs to and its two end points.
#[derive(Debug, Clone, PartialEq)]
pub struct BorderSide {
    /// Cell index.
    pub cell: usize,
    /// Side number within the cell (index into [`TriangleGrid::corners`] pairs).
    pub side: usize,
    /// What it acts as.
    pub mark: BorderMark,
}

/// The triangle grid with all derived relations.
#[derive(Debug, Clone, PartialEq)]
pub struct TriangleGrid {
    /// Hexagon side in triangles.
    pub n: usize,
    /// Per cell: row from the top (0-based), index in row (0-based), pointing up.
    pub cells: Vec<(usize, usize, bool)>,
    /// Per cell: the three corners, in units of the side.
    pub corners: Vec<[(f64, f64); 3]>,
    /// Per cell, per side `s` (corners `s` and `s+1`): the neighbour across it, if any.
    pub across: Vec<[Option<usize>; 3]>,
    /// Border sides in clockwise order from the top-left corner.
    pub border: Vec<BorderSide>,
    /// Per cell: the cells sharing at least a corner with it.
    pub touching: Vec<Vec<usize>>,
    /// Per corner point (rounded key): the cells around it.
    pub around: BTreeMap<(i64, i64), Vec<usize>>,
}

/// Height of a triangle of side 1.
pub const H: f64 = 0.866_025_403_784_438_6;

/// The largest hexagon side a definition may ask for.
pub const MAX_SIDE: usize = 12;

/// A point rounded to a thousandth of the side, to match shared corners exactly.
pub type Key = (i64, i64);

/// Rounded key of a point.
pub fn key(p: (f64, f64)) -> Key {
    ((p.0 * 1000.0).round() as i64, (p.1 * 1000.0).round() as i64)
}

impl TriangleGrid {
    /// Builds the grid of side `n` with border marks repeated clockwise from the top-left corner.
    pub fn new(n: usize, pattern: &[BorderMark]) -> TriangleGrid {
        let half_width = |j: usize| (n + j.min(2 * n - j)) as f64 / 2.0;
        let cx = half_width(n);
        let mut cells = Vec::new();
        let mut corners = Vec::new();
        for k in 0..2 * n {
            let count = if k < n {
                2 * (n + k) + 1
            } else {
                2 * (3 * n - k) - 1
            };
            for i in 0..count {
                let up = if k < n { i % 2 == 0 } else { i % 2 == 1 };
                let m = (i / 2) as f64;
                let (y0, y1) = (k as f64 * H, (k + 1) as f64 * H);
                let pts = if up {
                    let x = cx - half_width(k + 1) + m;
                    [(x + 0.5, y0), (x + 1.0, y1), (x, y1)]
                } else {
                    let x = cx - half_width(k) + m;
                    [(x, y0), (x + 1.0, y0), (x + 0.5, y1)]
                };
                cells.push((k, i, up));
                corners.push(pts);
            }
        }
        let mut edges: BTreeMap<(Key, Key), Vec<(usize, usize)>> = BTreeMap::new();
        let mut around: BTreeMap<(i64, i64), Vec<usize>> = BTreeMap::new();
        for (c, pts) in corners.iter().enumerate() {
            for s in 0..3 {
                let (a, b) = (key(pts[s]), key(pts[(s + 1) % 3]));
                edges.entry((a.min(b), a.max(b))).or_default().push((c, s));
                around.entry(a).or_default().push(c);
            }
        }
        let mut across = vec![[None; 3]; cells.len()];
        let mut open = Vec::new();
        for list in edges.values() {
            match list.as_slice() {
                [(c1, s1), (c2, s2)] => {
                    across[*c1][*s1] = Some(*c2);
                    across[*c2][*s2] = Some(*c1);
                }
                [(c, s)] => open.push((*c, *s)),
                _ => {}
            }
        }
        let centre = (cx, n as f64 * H);
        let start = angle((cx - half_width(0), 0.0), centre);
        let mut keyed: Vec<(i64, usize, usize)> = open
            .into_iter()
            .map(|(c, s)| {
                let (a, b) = (corners[c][s], corners[c][(s + 1) % 3]);
                let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let d = (angle(mid, centre) - start).rem_euclid(360.0);
                ((d * 1000.0).round() as i64, c, s)
            })
            .collect();
        keyed.sort();
        let border = keyed
            .into_iter()
            .enumerate()
            .map(|(i, (_, cell, side))| BorderSide {
                cell,
                side,
                mark: pattern[i % pattern.len().max(1)],
            })
            .collect();
        let mut touching = vec![Vec::new(); cells.len()];
        for (c, pts) in corners.iter().enumerate() {
            let mut t: Vec<usize> = pts
                .iter()
                .flat_map(|q| around[&key(*q)].iter().copied())
                .filter(|&o| o != c)
                .collect();
            t.sort_unstable();
            t.dedup();
            touching[c] = t;
        }
        TriangleGrid {
            n,
            cells,
            corners,
            across,
            border,
            touching,
            around,
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for a grid without cells (never built by validation).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        2 * self.n
    }

    /// Width and height of the bounding box, in units of the side.
    pub fn extent(&self) -> (f64, f64) {
        (2.0 * self.n as f64, 2.0 * self.n as f64 * H)
    }

    /// Cell name: row letter from the bottom, then position from the left (`f1`).
    pub fn name(&self, c: usize) -> String {
        let (k, i, _) = self.cells[c];
        format!("{}{}", (b'a' + (self.rows() - 1 - k) as u8) as char, i + 1)
    }

    /// The cell named `s`.
    pub fn parse(&self, s: &str) -> Option<usize> {
        (0..self.len()).find(|&c| self.name(c) == s)
    }

    /// The cells a pawn on `c` rolls through when it pivots on each of its corners, each way
    /// round: one list per (corner, direction), nearest first. A list stops where the ring of
    /// triangles around the corner is broken by the board's outline.
    pub fn pivot_paths(&self, c: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for &corner in &self.corners[c] {
            let ring = self.ring(corner);
            let Some(i) = ring.iter().position(|&x| x == c) else {
                continue;
            };
            let n = ring.len();
            for step in [1, n - 1] {
                let mut path = Vec::new();
                let mut prev = c;
                let mut j = (i + step) % n;
                while j != i {
                    let next = ring[j];
                    // Rolling from one triangle to the next crosses their shared side.
                    if !self.across[prev].contains(&Some(next)) {
                        break;
                    }
                    path.push(next);
                    prev = next;
                    j = (j + step) % n;
                }
                out.push(path);
            }
        }
        out
    }

    /// The triangles around a corner point, in angular order.
    pub fn ring(&self, corner: (f64, f64)) -> Vec<usize> {
        let mut cells = self.around.get(&key(corner)).cloned().unwrap_or_default();
        cells.sort_by(|&a, &b| {
            let (ca, cb) = (self.centre(a), self.centre(b));
            let aa = (ca.1 - corner.1).atan2(ca.0 - corner.0);
            let ab = (cb.1 - corner.1).atan2(cb.0 - corner.0);
            aa.total_cmp(&ab)
        });
        cells
    }

    /// Centre of a cell (centroid), in units of the side.
    pub fn centre(&self, c: usize) -> (f64, f64) {
        let p = self.corners[c];
        (
            (p[0].0 + p[1].0 + p[2].0) / 3.0,
            (p[0].1 + p[1].1 + p[2].1) / 3.0,
        )
    }
}

fn angle(p: (f64, f64), c: (f64, f64)) -> f64 {
    (p.1 - c.1).atan2(p.0 - c.0).to_degrees()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imperator() -> TriangleGrid {
        TriangleGrid::new(3, &[BorderMark::Hole, BorderMark::Plain])
    }

    #[test]
    fn hexagon_of_side_three_has_54_cells_in_rows_7_9_11_11_9_7() {
        let g = imperator();
        assert_eq!(g.len(), 54);
        let mut per_row = [0; 6];
        for &(k, _, _) in &g.cells {
            per_row[k] += 1;
        }
        assert_eq!(per_row, [7, 9, 11, 11, 9, 7]);
        assert!(
            g.cells[0].2 && g.cells[6].2,
            "top row starts and ends with an upward triangle"
        );
        let last = g.len() - 1;
        assert!(
            !g.cells[last].2 && !g.cells[last - 6].2,
            "bottom row starts and ends downward"
        );
    }

    #[test]
    fn names_follow_the_spec() {
        let g = imperator();
        assert_eq!(g.name(0), "f1");
        assert_eq!(g.name(6), "f7");
        assert_eq!(g.name(53), "a7");
        assert_eq!(g.parse("d11"), Some(7 + 9 + 10));
    }

    #[test]
    fn border_has_18_sides_alternating_from_top_left() {
        let g = imperator();
        assert_eq!(g.border.len(), 18);
        let names: Vec<String> = g.border.iter().map(|b| g.name(b.cell)).collect();
        assert_eq!(
            names,
            [
                "f2", "f4", "f6", "f7", "e9", "d11", "c11", "b9", "a7", "a6", "a4", "a2", "a1",
                "b1", "c1", "d1", "e1", "f1"
            ]
        );
        assert_eq!(g.border[0].mark, BorderMark::Hole);
        assert_eq!(g.border[1].mark, BorderMark::Plain);
        assert_eq!(g.border[17].mark, BorderMark::Plain);
    }

    #[test]
    fn pivots_reach_exactly_the_touching_cells_on_an_empty_board() {
        let g = imperator();
        for c in 0..g.len() {
            let mut reach: Vec<usize> = g.pivot_paths(c).into_iter().flatten().collect();
            reach.sort_unstable();
            reach.dedup();
            assert_eq!(reach, g.touching[c], "{}", g.name(c));
        }
        // An inner triangle rolls around three full rings of six: 12 targets.
        let d5 = g.parse("d5").unwrap();
        assert_eq!(g.touching[d5].len(), 12);
        assert_eq!(
            g.pivot_paths(d5).iter().map(Vec::len).collect::<Vec<_>>(),
            vec![5; 6]
        );
    }

    #[test]
    fn touching_is_at_most_twelve_and_neighbours_share_sides() {
        let g = imperator();
        assert!(g.touching.iter().all(|t| t.len() <= 12));
        assert_eq!(g.touching.iter().map(Vec::len).max(), Some(12));
        for c in 0..g.len() {
            for o in g.across[c].iter().flatten() {
                assert!(g.across[*o].contains(&Some(c)));
            }
        }
    }
}
