//! The shape a component is cut along, as the layout knows it: a rectangle for a card, a triangle,
//! the hexagon of a triangle board, the cross and glue tabs of a die net.

use crate::geometry::triangles::H;
use crate::scene::{p, Affine, P};

/// A component's cut shape: the union of convex polygons (`parts`) in the component's
/// coordinates. Its cut lines are the parts' edges that no two parts share (a shared edge is a
/// fold, as between two faces of a die).
#[derive(Debug, Clone, PartialEq)]
pub struct Outline {
    /// Convex polygons whose union is the component.
    pub parts: Vec<Vec<P>>,
}

/// A straight cut, from one point to another.
pub type Segment = (P, P);

impl Outline {
    /// A `w` × `h` rectangle with its top-left corner at the origin.
    pub fn rect(w: f64, h: f64) -> Outline {
        Outline {
            parts: vec![vec![p(0.0, 0.0), p(w, 0.0), p(w, h), p(0.0, h)]],
        }
    }

    /// An equilateral triangle of side `side` pointing up in its `side` × `side·H` box.
    pub fn triangle(side: f64) -> Outline {
        Outline {
            parts: vec![vec![
                p(side / 2.0, 0.0),
                p(side, side * H),
                p(0.0, side * H),
            ]],
        }
    }

    /// The outline under a transform.
    pub fn moved(&self, t: Affine) -> Outline {
        Outline {
            parts: self
                .parts
                .iter()
                .map(|part| part.iter().map(|&q| t.apply(q)).collect())
                .collect(),
        }
    }

    /// The outline within the box `(x0, y0, x1, y1)` (each convex part clipped to it, parts
    /// outside it dropped): the cut shape of one part of a board printed in several.
    pub fn clipped(&self, b: (f64, f64, f64, f64)) -> Outline {
        // Sutherland–Hodgman against the box's four sides, each as (inside test, crossing).
        type Side = (
            fn(P, (f64, f64, f64, f64)) -> bool,
            fn(P, P, (f64, f64, f64, f64)) -> P,
        );
        let sides: [Side; 4] = [
            (
                |q, b| q.x >= b.0 - 1e-9,
                |a, c, b| p(b.0, a.y + (c.y - a.y) * (b.0 - a.x) / (c.x - a.x)),
            ),
            (
                |q, b| q.x <= b.2 + 1e-9,
                |a, c, b| p(b.2, a.y + (c.y - a.y) * (b.2 - a.x) / (c.x - a.x)),
            ),
            (
                |q, b| q.y >= b.1 - 1e-9,
                |a, c, b| p(a.x + (c.x - a.x) * (b.1 - a.y) / (c.y - a.y), b.1),
            ),
            (
                |q, b| q.y <= b.3 + 1e-9,
                |a, c, b| p(a.x + (c.x - a.x) * (b.3 - a.y) / (c.y - a.y), b.3),
            ),
        ];
        let parts = self
            .parts
            .iter()
            .filter_map(|part| {
                let mut poly = part.clone();
                for (inside, cross) in sides {
                    let mut out = Vec::new();
                    for i in 0..poly.len() {
                        let (a, c) = (poly[i], poly[(i + 1) % poly.len()]);
                        match (inside(a, b), inside(c, b)) {
                            (true, true) => out.push(c),
                            (true, false) => out.push(cross(a, c, b)),
                            (false, true) => {
                                out.push(cross(a, c, b));
                                out.push(c);
                            }
                            (false, false) => {}
                        }
                    }
                    poly = out;
                    if poly.is_empty() {
                        return None;
                    }
                }
                (poly.len() >= 3).then_some(poly)
            })
            .collect();
        Outline { parts }
    }

    /// The cut lines: every part's edges but those two parts share.
    pub fn cuts(&self) -> Vec<Segment> {
        let edges: Vec<Segment> = self
            .parts
            .iter()
            .flat_map(|part| (0..part.len()).map(move |i| (part[i], part[(i + 1) % part.len()])))
            .collect();
        let same = |a: P, b: P| (a.x - b.x).abs() < 1e-6 && (a.y - b.y).abs() < 1e-6;
        edges
            .iter()
            .enumerate()
            .filter(|(i, (a, b))| {
                !edges
                    .iter()
                    .enumerate()
                    .any(|(j, (c, d))| j != *i && same(*a, *d) && same(*b, *c))
            })
            .map(|(_, e)| *e)
            .collect()
    }

    /// Distance from `q` to the component: 0 inside, else to the nearest part.
    pub fn distance(&self, q: P) -> f64 {
        self.parts
            .iter()
            .map(|part| {
                let inside = (0..part.len()).all(|i| {
                    let (a, b) = (part[i], part[(i + 1) % part.len()]);
                    cross(a, b, q) >= -1e-9
                }) || (0..part.len()).all(|i| {
                    let (a, b) = (part[i], part[(i + 1) % part.len()]);
                    cross(a, b, q) <= 1e-9
                });
                if inside {
                    0.0
                } else {
                    (0..part.len())
                        .map(|i| segment_distance(q, part[i], part[(i + 1) % part.len()]))
                        .fold(f64::INFINITY, f64::min)
                }
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// The bounding box `(x0, y0, x1, y1)`.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        self.parts.iter().flatten().fold(
            (
                f64::INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NEG_INFINITY,
            ),
            |(x0, y0, x1, y1), q| (x0.min(q.x), y0.min(q.y), x1.max(q.x), y1.max(q.y)),
        )
    }
}

fn cross(a: P, b: P, q: P) -> f64 {
    (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
}

/// Distance from `q` to the segment `a`–`b`.
pub fn segment_distance(q: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((q.x - a.x) * dx + (q.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    };
    let (cx, cy) = (a.x + t * dx, a.y + t * dy);
    ((q.x - cx).powi(2) + (q.y - cy).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_squares_side_by_side_are_cut_on_six_edges_not_on_their_fold() {
        let o = Outline {
            parts: vec![
                vec![p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)],
                vec![p(1.0, 0.0), p(2.0, 0.0), p(2.0, 1.0), p(1.0, 1.0)],
            ],
        };
        let cuts = o.cuts();
        assert_eq!(cuts.len(), 6);
        assert!(!cuts.iter().any(|(a, b)| a.x == 1.0 && b.x == 1.0));
        assert_eq!(o.distance(p(1.5, 0.5)), 0.0);
        assert!((o.distance(p(3.0, 0.5)) - 1.0).abs() < 1e-9);
        assert_eq!(o.bounds(), (0.0, 0.0, 2.0, 1.0));
        // The left half of the pair: one square, then cut on its right side.
        let left = o.clipped((-1.0, -1.0, 0.5, 2.0));
        assert_eq!(left.parts.len(), 1);
        assert_eq!(left.bounds(), (0.0, 0.0, 0.5, 1.0));
        assert_eq!(left.cuts().len(), 4);
    }

    #[test]
    fn a_triangle_clipped_to_its_lower_half_is_a_trapezoid() {
        let t = Outline::triangle(2.0).clipped((-5.0, H, 5.0, 5.0));
        assert_eq!(t.parts[0].len(), 4);
        let (x0, y0, x1, y1) = t.bounds();
        assert!((x0, x1) == (0.0, 2.0) && (y0 - H).abs() < 1e-9 && (y1 - 2.0 * H).abs() < 1e-9);
    }
}
