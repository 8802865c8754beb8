//! The named directions of every grid, and each cell's neighbour in each of them.
//!
//! In: a [`Grid`]. Out: its directions as the declared rules name them (compass names, groups
//! `orthogonal`, `diagonal`, `all`, `hex`, `adjacent`, and the directions relative to a side's
//! `forward`), and `step`: the neighbour of a cell in a direction (`None` off the board).
//! Validation (`definition::validate`) and the declared engine's tables share this one source.
//!
//! Directions are numbered counter-clockwise, so that turning is index arithmetic: a square
//! grid's eight from the east (45° apart), a hex grid's six in the order of
//! [`hex::STEPS`](super::hex::STEPS) (60° apart; pointy cells from the east, flat cells from the
//! north-east). A triangle board has no straight lines of cells and so no named direction: its
//! cells' neighbours are the three across their sides (`adjacent`).

use super::compass::RELATIVE;
pub use super::compass::{is_relative, SQUARE};
use super::grid::Grid;
use super::hex::Orientation;

/// A pointy hex grid's directions, in the order of `hex::STEPS`.
pub const HEX_POINTY: [&str; 6] = [
    "east",
    "north-east",
    "north-west",
    "west",
    "south-west",
    "south-east",
];
/// A flat hex grid's directions, in the order of `hex::STEPS`.
pub const HEX_FLAT: [&str; 6] = [
    "north-east",
    "north",
    "north-west",
    "south-west",
    "south",
    "south-east",
];
/// The square steps `(files, ranks)` of [`SQUARE`].
const SQUARE_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The named directions of a grid, by index (none on a triangle board).
pub fn directions(grid: &Grid) -> &'static [&'static str] {
    match grid {
        Grid::Square(_) => &SQUARE,
        Grid::Hex(h) => match h.orientation {
            Orientation::Pointy => &HEX_POINTY,
            Orientation::Flat => &HEX_FLAT,
        },
        Grid::Triangles(_) => &[],
        Grid::Points(p) => p.dirs,
    }
}

/// How many of a grid's directions are compass directions, each with its opposite at half the
/// count on (a board of points' routes come after them and have none).
pub fn compass(grid: &Grid) -> usize {
    match grid {
        Grid::Points(_) => 8,
        _ => directions(grid).len(),
    }
}

/// What a grid is, for messages: "square grid", "pointy hex grid", ...
pub fn describe(grid: &Grid) -> &'static str {
    match grid {
        Grid::Square(_) => "square grid",
        Grid::Hex(h) => match h.orientation {
            Orientation::Pointy => "pointy hex grid",
            Orientation::Flat => "flat hex grid",
        },
        Grid::Triangles(_) => "triangle board",
        Grid::Points(_) => "board of points",
    }
}

/// The index of a compass name among the grid's directions.
pub fn parse(grid: &Grid, name: &str) -> Option<usize> {
    directions(grid).iter().position(|d| *d == name)
}

/// The neighbour of `cell` in direction `dir` (an index of [`directions`]), `None` off the
/// board or for a direction the grid lacks.
pub fn step(grid: &Grid, cell: usize, dir: usize) -> Option<usize> {
    match grid {
        Grid::Square(g) => {
            let (dx, dy) = *SQUARE_STEPS.get(dir)?;
            let (f, r) = g.file_rank(cell);
            g.index(f as i32 + dx, r as i32 + dy)
        }
        Grid::Hex(g) => *g.neighbours(cell).get(dir)?,
        Grid::Triangles(_) => None,
        Grid::Points(p) => p.step(cell, dir),
    }
}

/// The cell at offset (`dx` columns, `dy` rows; hex: axial) from `cell`, if on the board (a
/// triangle board has no offsets).
pub fn offset(grid: &Grid, cell: usize, dx: i32, dy: i32) -> Option<usize> {
    match grid {
        Grid::Square(g) => {
            let (f, r) = g.file_rank(cell);
            g.index(f as i32 + dx, r as i32 + dy)
        }
        Grid::Hex(g) => {
            let (q, r) = g.axial(cell);
            g.index((q + dx, r + dy))
        }
        Grid::Triangles(_) | Grid::Points(_) => None,
    }
}

/// The cells sharing a side with `cell` (square: the four orthogonal ones; hex: six;
/// triangles: three), in direction order.
pub fn adjacent(grid: &Grid, cell: usize) -> Vec<usize> {
    match grid {
        Grid::Square(_) => (0..8)
            .step_by(2)
            .filter_map(|d| step(grid, cell, d))
            .collect(),
        Grid::Hex(g) => g.neighbours(cell).into_iter().flatten().collect(),
        Grid::Triangles(t) => t.across[cell].into_iter().flatten().collect(),
        Grid::Points(p) => p.neighbours(cell),
    }
}

/// The direction `turns` steps counter-clockwise from `dir`.
pub fn turn(grid: &Grid, dir: usize, turns: i32) -> usize {
    // A board of points turns among its compass directions (its routes do not turn).
    let n = match grid {
        Grid::Points(_) => 8,
        _ => directions(grid).len().max(1) as i32,
    };
    (dir as i32 + turns).rem_euclid(n) as usize
}

/// The directions of a group (`orthogonal`, `diagonal`, `all`, `hex`, `adjacent`) on a grid;
/// `None` when the grid has no such group (a message says why: [`why_not`]).
pub fn group(grid: &Grid, name: &str) -> Option<Vec<usize>> {
    let n = directions(grid).len();
    match (grid, name) {
        (Grid::Triangles(_), _) => None,
        // A point's lines go any compass way: `adjacent` is every line from it.
        (Grid::Points(_), "all" | "adjacent") => Some((0..8).collect()),
        (_, "all") => Some((0..n).collect()),
        (Grid::Square(_) | Grid::Points(_), "orthogonal") => Some((0..8).step_by(2).collect()),
        (Grid::Square(_), "adjacent") => Some((0..8).step_by(2).collect()),
        (Grid::Square(_) | Grid::Points(_), "diagonal") => Some((1..8).step_by(2).collect()),
        (Grid::Hex(_), "hex" | "adjacent") => Some((0..n).collect()),
        _ => None,
    }
}

/// The directions a relative name means for a side whose `forward` is `forward` (an index of
/// [`directions`]): `sideways` is `left` and `right`. `None` when the grid has no such direction.
pub fn relative(grid: &Grid, forward: usize, name: &str) -> Option<Vec<usize>> {
    if name == "sideways" {
        let mut v = relative(grid, forward, "left")?;
        v.extend(relative(grid, forward, "right")?);
        return Some(v);
    }
    let (_, sq, hx) = RELATIVE.iter().find(|r| r.0 == name)?;
    let turns = match grid {
        Grid::Square(_) | Grid::Points(_) => (*sq)?,
        Grid::Hex(_) => (*hx)?,
        Grid::Triangles(_) => return None,
    };
    Some(vec![turn(grid, forward, turns)])
}

/// Why a known direction name or group has no meaning on a grid, for the message at its place.
pub fn why_not(grid: &Grid, name: &str) -> String {
    let list = directions(grid).join(", ");
    match grid {
        Grid::Triangles(_) => format!(
            "`{name}`: triangle boards have no straight lines of cells: use `adjacent`"
        ),
        _ if is_relative(name) => format!(
            "`{name}` is not a direction of a {}: its relative directions are forward, forward-left, forward-right, backward, backward-left, backward-right",
            describe(grid)
        ),
        _ => format!(
            "`{name}` is not a direction of a {} (its directions: {list}; groups: {})",
            describe(grid),
            match grid {
                Grid::Square(_) | Grid::Points(_) => "orthogonal, diagonal, all, adjacent",
                _ => "all, hex, adjacent",
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{HexGrid, HexShape, SquareGrid, TriangleGrid};

    fn hexes() -> Vec<Grid> {
        let mut v = Vec::new();
        for o in [Orientation::Pointy, Orientation::Flat] {
            for shape in [
                HexShape::Rectangle { cols: 5, rows: 4 },
                HexShape::Parallelogram { cols: 4, rows: 6 },
                HexShape::Hexagon { side: 3 },
            ] {
                v.push(Grid::Hex(HexGrid::new(o, shape)));
            }
        }
        v
    }

    /// The angle, in degrees counter-clockwise from the east, of a compass name.
    fn angle(name: &str) -> f64 {
        let i = SQUARE.iter().position(|d| *d == name).expect("compass");
        i as f64 * 45.0
    }

    #[test]
    fn square_steps_match_the_drawing() {
        let sq = SquareGrid { cols: 5, rows: 3 };
        let g = Grid::Square(sq);
        for c in 0..g.len() {
            for (d, name) in SQUARE.iter().enumerate() {
                let (x0, y0) = sq.origin(c, 1.0);
                match step(&g, c, d) {
                    Some(o) => {
                        // Drawing y grows downwards.
                        let (x1, y1) = sq.origin(o, 1.0);
                        let a = (y0 - y1).atan2(x1 - x0).to_degrees().rem_euclid(360.0);
                        assert!((a - angle(name)).abs() < 1e-9, "{name} from {c}");
                        assert_eq!((x1 - x0).abs().max((y1 - y0).abs()), 1.0);
                    }
                    None => {
                        let (f, r) = sq.file_rank(c);
                        let (dx, dy) = SQUARE_STEPS[d];
                        let off = |v: usize, dv: i32, n: usize| {
                            (v as i32 + dv) < 0 || (v as i32 + dv) >= n as i32
                        };
                        assert!(off(f, dx, sq.cols) || off(r, dy, sq.rows));
                    }
                }
            }
        }
        assert_eq!(step(&g, 0, 1), Some(6)); // a1 north-east is b2
        assert_eq!(step(&g, 0, 4), None);
        assert_eq!(adjacent(&g, 0), vec![1, 5]);
    }

    #[test]
    fn hex_steps_are_the_grid_neighbours_and_point_their_names_way() {
        for g in hexes() {
            let Grid::Hex(h) = &g else { unreachable!() };
            for c in 0..g.len() {
                let ns = h.neighbours(c);
                for (d, name) in directions(&g).iter().enumerate() {
                    assert_eq!(step(&g, c, d), ns[d]);
                    if let Some(o) = ns[d] {
                        assert_eq!(h.distance(c, o), 1);
                        let ((x0, y0), (x1, y1)) = (h.centre(c, 1.0), h.centre(o, 1.0));
                        // Drawing y grows downwards; flat cells' diagonals are at 30° off.
                        let a = (y0 - y1).atan2(x1 - x0).to_degrees().rem_euclid(360.0);
                        let want = angle(name);
                        let diff = (a - want).abs().min(360.0 - (a - want).abs());
                        assert!(diff < 16.0, "{name} from {c}: {a}° for {want}°");
                    }
                }
                let all: Vec<usize> = ns.into_iter().flatten().collect();
                assert_eq!(adjacent(&g, c), all);
                // Off-board steps are exactly the cells at distance one that do not exist.
                assert_eq!(all.len() < 6, h.is_border(c));
            }
        }
    }

    #[test]
    fn triangles_have_only_adjacent_cells() {
        let t = TriangleGrid::new(3, &[crate::geometry::BorderMark::Plain]);
        let g = Grid::Triangles(t.clone());
        assert!(directions(&g).is_empty());
        for c in 0..g.len() {
            let a = adjacent(&g, c);
            assert!((1..=3).contains(&a.len()));
            for o in &a {
                assert!(t.touching[c].contains(o));
                assert!(t.across[*o].contains(&Some(c)));
            }
        }
        assert_eq!(group(&g, "adjacent"), None);
        assert!(why_not(&g, "north").contains("no straight lines"));
    }

    #[test]
    fn relative_directions_turn_from_forward() {
        let g = Grid::Square(SquareGrid { cols: 8, rows: 8 });
        let north = parse(&g, "north").unwrap();
        let name = |v: Vec<usize>| v.iter().map(|d| SQUARE[*d]).collect::<Vec<_>>();
        assert_eq!(
            name(relative(&g, north, "forward-left").unwrap()),
            ["north-west"]
        );
        assert_eq!(
            name(relative(&g, north, "forward-right").unwrap()),
            ["north-east"]
        );
        assert_eq!(
            name(relative(&g, north, "sideways").unwrap()),
            ["west", "east"]
        );
        let south = parse(&g, "south").unwrap();
        assert_eq!(
            name(relative(&g, south, "forward-left").unwrap()),
            ["south-east"]
        );
        assert_eq!(name(relative(&g, south, "backward").unwrap()), ["north"]);
        let h = Grid::Hex(HexGrid::new(
            Orientation::Flat,
            HexShape::Hexagon { side: 2 },
        ));
        let n = parse(&h, "north").unwrap();
        let hn = |v: Vec<usize>| v.iter().map(|d| HEX_FLAT[*d]).collect::<Vec<_>>();
        assert_eq!(hn(relative(&h, n, "forward-left").unwrap()), ["north-west"]);
        assert_eq!(
            hn(relative(&h, n, "backward-right").unwrap()),
            ["south-east"]
        );
        assert_eq!(relative(&h, n, "left"), None);
        assert_eq!(parse(&h, "east"), None);
        assert_eq!(group(&h, "diagonal"), None);
        assert_eq!(group(&g, "diagonal").unwrap().len(), 4);
        assert_eq!(group(&h, "hex").unwrap().len(), 6);
    }
}
