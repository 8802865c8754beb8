//! A board of points and lines (a morris board, a cross of points, a circuit): points on a
//! lattice of `cols` × `rows`, named as a square board's cells (`a1` bottom left), joined by
//! the lines drawn between them. The printed board and the rules engine read this one graph.
//!
//! In: the lattice, the points, the lines (runs of points, each joined to the next), and the
//! routes a designer names (a direction that follows a list of points). Out: each point's
//! neighbour along each compass direction (the direction of a line from the lattice, east,
//! north-east, ...) and along each route.

use super::square::SquareGrid;

/// A board of points and lines.
#[derive(Debug, Clone, PartialEq)]
pub struct PointGrid {
    /// The lattice the points stand on (its cells' names are the points').
    pub lattice: SquareGrid,
    /// Per point, its lattice cell, in lattice order (so a point's index follows its name).
    pub at: Vec<usize>,
    /// The lines as drawn: runs of points (indices), each joined to the next.
    pub lines: Vec<Vec<usize>>,
    /// Per point and compass direction (`dirs::SQUARE` order), the point a line joins it to
    /// that way.
    pub next: Vec<[Option<u16>; 8]>,
    /// The routes: a name, and per point the next point along it.
    pub routes: Vec<(String, Vec<Option<u16>>)>,
    /// The names of its directions: the 8 compass directions, then the routes'.
    pub dirs: &'static [&'static str],
}

/// The compass direction (`dirs::SQUARE` index) of a step of `dx` files and `dy` ranks: along
/// a row, a column or a diagonal; `None` otherwise or for no step.
pub fn compass(dx: i32, dy: i32) -> Option<usize> {
    if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return None;
    }
    let a = f64::from(dy)
        .atan2(f64::from(dx))
        .to_degrees()
        .rem_euclid(360.0);
    Some(((a / 45.0).round() as usize) % 8)
}

impl PointGrid {
    /// The board of the lattice cells `points` joined by `lines` (runs of lattice cells) with
    /// the `routes` (a name, and the lattice cells it follows); an error says what is wrong
    /// (a line through no point, a line not along a row, column or diagonal, two lines one way
    /// from a point, a route step that no line draws, a route that leaves a point two ways).
    pub fn new(
        lattice: SquareGrid,
        points: &[usize],
        lines: &[Vec<usize>],
        routes: &[(String, Vec<usize>)],
    ) -> Result<PointGrid, String> {
        let mut at: Vec<usize> = points.to_vec();
        at.sort_unstable();
        at.dedup();
        let index = |cell: usize| -> Result<usize, String> {
            at.binary_search(&cell)
                .map_err(|_| format!("{} is not one of the `points`", lattice.name(cell)))
        };
        let mut next = vec![[None; 8]; at.len()];
        let mut drawn = Vec::new();
        for line in lines {
            if line.len() < 2 {
                return Err("a line joins two points or more".into());
            }
            let mut run = Vec::with_capacity(line.len());
            for w in line.windows(2) {
                let (a, b) = (index(w[0])?, index(w[1])?);
                let ((fa, ra), (fb, rb)) = (lattice.file_rank(w[0]), lattice.file_rank(w[1]));
                let (dx, dy) = (fb as i32 - fa as i32, rb as i32 - ra as i32);
                let Some(d) = compass(dx, dy) else {
                    return Err(format!(
                        "the line from {} to {} is not along a row, a column or a diagonal",
                        lattice.name(w[0]),
                        lattice.name(w[1])
                    ));
                };
                for (from, to, d) in [(a, b, d), (b, a, (d + 4) % 8)] {
                    match next[from][d] {
                        Some(x) if usize::from(x) != to => {
                            return Err(format!(
                                "two lines leave {} the same way ({} and {})",
                                lattice.name(at[from]),
                                lattice.name(at[usize::from(x)]),
                                lattice.name(at[to])
                            ))
                        }
                        _ => next[from][d] = Some(to as u16),
                    }
                }
                if run.is_empty() {
                    run.push(a);
                }
                run.push(b);
            }
            drawn.push(run);
        }
        let mut named = Vec::new();
        for (name, cells) in routes {
            if super::dirs::SQUARE.contains(&name.as_str())
                || super::dirs::is_relative(name)
                || ["all", "orthogonal", "diagonal", "adjacent", "hex"].contains(&name.as_str())
            {
                return Err(format!(
                    "route `{name}`: the name of a direction the board already has"
                ));
            }
            let mut along = vec![None; at.len()];
            for w in cells.windows(2) {
                let (a, b) = (index(w[0])?, index(w[1])?);
                if !next[a].contains(&Some(b as u16)) {
                    return Err(format!(
                        "route `{name}` goes from {} to {}, which no line joins",
                        lattice.name(w[0]),
                        lattice.name(w[1])
                    ));
                }
                if along[a].is_some_and(|x| x != b as u16) {
                    return Err(format!(
                        "route `{name}` leaves {} twice",
                        lattice.name(w[0])
                    ));
                }
                along[a] = Some(b as u16);
            }
            named.push((name.clone(), along));
        }
        let names = super::dirs::SQUARE
            .iter()
            .copied()
            .chain(routes.iter().map(|r| r.0.as_str()));
        let dirs = crate::base::intern::intern_all(names).map_err(|e| e.to_string())?;
        Ok(PointGrid {
            lattice,
            at,
            lines: drawn,
            next,
            routes: named,
            dirs,
        })
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.at.len()
    }

    /// True without points.
    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }

    /// A point's name (its lattice cell's).
    pub fn name(&self, c: usize) -> String {
        self.lattice.name(self.at[c])
    }

    /// The point of a name.
    pub fn parse(&self, s: &str) -> Option<usize> {
        self.at.binary_search(&self.lattice.parse(s)?).ok()
    }

    /// The points row by row from the top, each row from the left.
    pub fn written_rows(&self) -> Vec<Vec<usize>> {
        (0..self.lattice.rows)
            .rev()
            .map(|r| {
                (0..self.at.len())
                    .filter(|&c| self.lattice.file_rank(self.at[c]).1 == r)
                    .collect::<Vec<_>>()
            })
            .filter(|row| !row.is_empty())
            .collect()
    }

    /// True for a point on the lattice's outline.
    pub fn is_border(&self, c: usize) -> bool {
        self.lattice.is_border(self.at[c])
    }

    /// The point joined to `c` in direction `d` (the 8 compass directions, then the routes).
    pub fn step(&self, c: usize, d: usize) -> Option<usize> {
        let to = match d {
            0..8 => self.next[c][d],
            _ => self.routes.get(d - 8)?.1[c],
        };
        to.map(usize::from)
    }

    /// The points joined to `c` by a line, in direction order.
    pub fn neighbours(&self, c: usize) -> Vec<usize> {
        self.next[c]
            .iter()
            .flatten()
            .map(|&x| usize::from(x))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(cols: usize, rows: usize) -> SquareGrid {
        SquareGrid { cols, rows }
    }

    #[test]
    fn lines_give_each_point_its_neighbours_by_compass_direction() {
        // Three men's morris: rows, columns and the two long diagonals of a 3 × 3 lattice.
        let l = g(3, 3);
        let c = |s: &str| l.parse(s).unwrap();
        let lines: Vec<Vec<usize>> = [
            "a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3",
            "c1 b2 a3",
        ]
        .iter()
        .map(|s| s.split(' ').map(c).collect())
        .collect();
        let p = PointGrid::new(l, &(0..9).collect::<Vec<_>>(), &lines, &[]).unwrap();
        let n = |s: &str| p.neighbours(p.parse(s).unwrap()).len();
        assert_eq!((n("b2"), n("a1"), n("b1")), (8, 3, 3));
        // b1 has no diagonal: no line is drawn from it towards a2 or c2.
        let b1 = p.parse("b1").unwrap();
        assert_eq!(p.step(b1, 1), None);
        assert_eq!(p.step(b1, 2).map(|x| p.name(x)), Some("b2".into()));
        assert_eq!(p.written_rows()[0].len(), 3);
    }

    #[test]
    fn a_line_off_the_compass_or_two_ways_from_a_point_is_refused() {
        let l = g(7, 7);
        let c = |s: &str| l.parse(s).unwrap();
        let pts = [c("a1"), c("b3"), c("d1"), c("g1")];
        let e = PointGrid::new(l, &pts, &[vec![c("a1"), c("b3")]], &[]).unwrap_err();
        assert!(e.contains("not along"), "{e}");
        let e = PointGrid::new(
            l,
            &pts,
            &[vec![c("a1"), c("d1")], vec![c("a1"), c("g1")]],
            &[],
        )
        .unwrap_err();
        assert!(e.contains("the same way"), "{e}");
        let ok = PointGrid::new(l, &pts, &[vec![c("a1"), c("d1"), c("g1")]], &[]).unwrap();
        let route = vec![("there".to_string(), vec![c("a1"), c("g1")])];
        let e = PointGrid::new(l, &pts, &[vec![c("a1"), c("d1"), c("g1")]], &route).unwrap_err();
        assert!(e.contains("no line joins"), "{e}");
        assert_eq!(ok.len(), 4);
    }
}
