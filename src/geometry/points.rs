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

/// Where a board of points is wrong: the list of points, a line (its index), a route (its
/// index), with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wrong {
    /// `points`.
    Points(String),
    /// A line of `lines`.
    Line(usize, String),
    /// A route of `routes`.
    Route(usize, String),
}

impl Wrong {
    /// The reason.
    pub fn why(&self) -> &str {
        match self {
            Wrong::Points(w) | Wrong::Line(_, w) | Wrong::Route(_, w) => w,
        }
    }
}

/// Whether the segments `a`–`b` and `c`–`d` (lattice coordinates) meet anywhere but at an end
/// they share.
fn cross(a: (i32, i32), b: (i32, i32), c: (i32, i32), d: (i32, i32)) -> bool {
    let shared = [a, b].iter().any(|p| *p == c || *p == d);
    let orient = |p: (i32, i32), q: (i32, i32), r: (i32, i32)| {
        ((q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)).signum()
    };
    let on = |p: (i32, i32), q: (i32, i32), r: (i32, i32)| {
        r.0 >= p.0.min(q.0) && r.0 <= p.0.max(q.0) && r.1 >= p.1.min(q.1) && r.1 <= p.1.max(q.1)
    };
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    if o1 == 0 && o2 == 0 {
        // On one straight line: they overlap when more than a shared end is common.
        let (ka, kb) = if a.0 != b.0 { (a.0, b.0) } else { (a.1, b.1) };
        let (kc, kd) = if a.0 != b.0 { (c.0, d.0) } else { (c.1, d.1) };
        let lo = ka.min(kb).max(kc.min(kd));
        let hi = ka.max(kb).min(kc.max(kd));
        return lo < hi || (lo == hi && !shared);
    }
    if shared {
        return false;
    }
    (o1 != o2 && o3 != o4)
        || (o1 == 0 && on(a, b, c))
        || (o2 == 0 && on(a, b, d))
        || (o3 == 0 && on(c, d, a))
        || (o4 == 0 && on(c, d, b))
}

impl PointGrid {
    /// The board of the lattice cells `points` joined by `lines` (runs of lattice cells) with
    /// the `routes` (a name, and the lattice cells it follows), or where and why it is wrong:
    /// a point given twice; a line of fewer than two points, off a row, column or diagonal,
    /// passing over a point, drawn twice, crossing another between points, or leaving a point
    /// the same way as another; a route of fewer than two points, through a point twice (but
    /// its first, to close a loop), stepping where no line is drawn, or named as a direction
    /// the board already has.
    pub fn new(
        lattice: SquareGrid,
        points: &[usize],
        lines: &[Vec<usize>],
        routes: &[(String, Vec<usize>)],
    ) -> Result<PointGrid, Wrong> {
        let mut at: Vec<usize> = points.to_vec();
        at.sort_unstable();
        if let Some(w) = at.windows(2).find(|w| w[0] == w[1]) {
            return Err(Wrong::Points(format!(
                "{} is given twice",
                lattice.name(w[0])
            )));
        }
        let xy = |cell: usize| {
            let (f, r) = lattice.file_rank(cell);
            (f as i32, r as i32)
        };
        let mut next = vec![[None; 8]; at.len()];
        let mut drawn = Vec::new();
        // Every link drawn so far: its line, and its two ends as lattice cells.
        let mut links: Vec<(usize, usize, usize)> = Vec::new();
        for (li, line) in lines.iter().enumerate() {
            let wrong = |why: String| Wrong::Line(li, why);
            let index = |cell: usize| {
                at.binary_search(&cell).map_err(|_| {
                    wrong(format!("{} is not one of the `points`", lattice.name(cell)))
                })
            };
            if line.len() < 2 {
                return Err(wrong("a line joins two points or more".into()));
            }
            let mut run = Vec::with_capacity(line.len());
            for w in line.windows(2) {
                let (a, b) = (index(w[0])?, index(w[1])?);
                let ((fa, ra), (fb, rb)) = (xy(w[0]), xy(w[1]));
                let (dx, dy) = (fb - fa, rb - ra);
                let Some(d) = compass(dx, dy) else {
                    return Err(wrong(format!(
                        "the line from {} to {} is not along a row, a column or a diagonal",
                        lattice.name(w[0]),
                        lattice.name(w[1])
                    )));
                };
                let steps = dx.abs().max(dy.abs());
                for k in 1..steps {
                    let over = lattice.index(fa + dx / steps * k, ra + dy / steps * k);
                    if let Some(o) = over.filter(|o| at.binary_search(o).is_ok()) {
                        return Err(wrong(format!(
                            "the line from {} to {} passes over {} without joining it: write it {} to {} to {}",
                            lattice.name(w[0]),
                            lattice.name(w[1]),
                            lattice.name(o),
                            lattice.name(w[0]),
                            lattice.name(o),
                            lattice.name(w[1])
                        )));
                    }
                }
                for &(lj, c0, c1) in &links {
                    if cross(xy(w[0]), xy(w[1]), xy(c0), xy(c1)) {
                        let same = (c0, c1) == (w[0], w[1]) || (c1, c0) == (w[0], w[1]);
                        let what = if same { "is drawn twice" } else { "crosses" };
                        return Err(wrong(format!(
                            "the line from {} to {} {what}{} (line {} of `lines`): lines meet only at points",
                            lattice.name(w[0]),
                            lattice.name(w[1]),
                            if same {
                                String::new()
                            } else {
                                format!(" the one from {} to {}", lattice.name(c0), lattice.name(c1))
                            },
                            lj + 1
                        )));
                    }
                }
                links.push((li, w[0], w[1]));
                for (from, to, d) in [(a, b, d), (b, a, (d + 4) % 8)] {
                    match next[from][d] {
                        Some(x) if usize::from(x) != to => {
                            return Err(wrong(format!(
                                "two lines leave {} the same way ({} and {})",
                                lattice.name(at[from]),
                                lattice.name(at[usize::from(x)]),
                                lattice.name(at[to])
                            )))
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
        for (ri, (name, cells)) in routes.iter().enumerate() {
            let wrong = |why: String| Wrong::Route(ri, format!("route `{name}`: {why}"));
            let reserved = super::compass::SQUARE.contains(&name.as_str())
                || super::compass::is_relative(name)
                || ["all", "orthogonal", "diagonal", "adjacent", "hex"].contains(&name.as_str());
            if reserved {
                return Err(wrong(
                    "the name of a direction the board already has".into(),
                ));
            }
            let id_ok = !name.is_empty()
                && name.len() <= 40
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !id_ok {
                return Err(wrong(
                    "a route's name is 1 to 40 lowercase letters, digits and `-`".into(),
                ));
            }
            if cells.len() < 2 {
                return Err(wrong("a route goes through two points or more".into()));
            }
            let body = match cells.first() == cells.last() && cells.len() > 2 {
                true => &cells[..cells.len() - 1],
                false => &cells[..],
            };
            for (i, c) in body.iter().enumerate() {
                if body[..i].contains(c) {
                    return Err(wrong(format!(
                        "it goes through {} twice (only its first point may close a loop at its end)",
                        lattice.name(*c)
                    )));
                }
            }
            let mut along = vec![None; at.len()];
            for w in cells.windows(2) {
                let index = |cell: usize| {
                    at.binary_search(&cell).map_err(|_| {
                        wrong(format!("{} is not one of the `points`", lattice.name(cell)))
                    })
                };
                let (a, b) = (index(w[0])?, index(w[1])?);
                if !next[a].contains(&Some(b as u16)) {
                    return Err(wrong(format!(
                        "it goes from {} to {}, which no line joins",
                        lattice.name(w[0]),
                        lattice.name(w[1])
                    )));
                }
                along[a] = Some(b as u16);
            }
            named.push((name.clone(), along));
        }
        let names = super::compass::SQUARE
            .iter()
            .copied()
            .chain(routes.iter().map(|r| r.0.as_str()));
        let dirs =
            crate::base::intern::intern_all(names).map_err(|e| Wrong::Points(e.to_string()))?;
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
    fn a_line_off_the_compass_or_over_a_point_is_refused() {
        let l = g(7, 7);
        let c = |s: &str| l.parse(s).unwrap();
        let pts = [c("a1"), c("b3"), c("d1"), c("g1")];
        let e = PointGrid::new(l, &pts, &[vec![c("a1"), c("b3")]], &[]).unwrap_err();
        assert!(e.why().contains("not along"), "{e:?}");
        let e = PointGrid::new(
            l,
            &pts,
            &[vec![c("a1"), c("d1")], vec![c("a1"), c("g1")]],
            &[],
        )
        .unwrap_err();
        // Two lines one way from a1: the longer passes over the nearer's end.
        assert!(e.why().contains("passes over d1"), "{e:?}");
        let ok = PointGrid::new(l, &pts, &[vec![c("a1"), c("d1"), c("g1")]], &[]).unwrap();
        let route = vec![("there".to_string(), vec![c("a1"), c("g1")])];
        let e = PointGrid::new(l, &pts, &[vec![c("a1"), c("d1"), c("g1")]], &route).unwrap_err();
        assert_eq!(
            e,
            Wrong::Route(
                0,
                "route `there`: it goes from a1 to g1, which no line joins".into()
            )
        );
        assert_eq!(ok.len(), 4);
        // A line over a point it does not join, two lines crossing between points, a line
        // drawn twice, a point given twice.
        let over = PointGrid::new(l, &pts, &[vec![c("a1"), c("g1")]], &[]).unwrap_err();
        assert!(over.why().contains("passes over d1"), "{over:?}");
        let sq = g(3, 3);
        let s = |x: &str| sq.parse(x).unwrap();
        let four = [s("a1"), s("c1"), s("a3"), s("c3")];
        let x = PointGrid::new(
            sq,
            &four,
            &[vec![s("a1"), s("c3")], vec![s("c1"), s("a3")]],
            &[],
        );
        assert!(
            matches!(&x, Err(Wrong::Line(1, w)) if w.contains("crosses")),
            "{x:?}"
        );
        let twice = PointGrid::new(
            sq,
            &four,
            &[vec![s("a1"), s("c1")], vec![s("c1"), s("a1")]],
            &[],
        );
        assert!(
            matches!(&twice, Err(Wrong::Line(1, w)) if w.contains("drawn twice")),
            "{twice:?}"
        );
        let dup = PointGrid::new(sq, &[s("a1"), s("a1")], &[], &[]).unwrap_err();
        assert_eq!(dup, Wrong::Points("a1 is given twice".into()));
        let ring = vec![vec![s("a1"), s("c1"), s("c3"), s("a3"), s("a1")]];
        let loop_ok = vec![(
            "round".to_string(),
            vec![s("a1"), s("c1"), s("c3"), s("a3"), s("a1")],
        )];
        assert!(PointGrid::new(sq, &four, &ring, &loop_ok).is_ok());
        let again = vec![(
            "round".to_string(),
            vec![s("a1"), s("c1"), s("a1"), s("c1")],
        )];
        let e = PointGrid::new(sq, &four, &ring, &again).unwrap_err();
        assert!(e.why().contains("twice"), "{e:?}");
        let short = vec![("round".to_string(), vec![s("a1")])];
        assert!(PointGrid::new(sq, &four, &ring, &short).is_err());
        let upper = vec![("Round".to_string(), vec![s("a1"), s("c1")])];
        assert!(PointGrid::new(sq, &four, &ring, &upper).is_err());
    }
}
