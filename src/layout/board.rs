//! Boards: square grids, the hexagon of triangles and hex grids, with regions, marks, holes and
//! coordinates.

use crate::base::color::Color;
use crate::base::units::MM_PER_PT;
use crate::definition::model::{Board, Grid, MarkShape, Track, TrackPath};
use crate::geometry::triangles::H;
use crate::geometry::{BorderMark, HexGrid, PointGrid, SquareGrid, TriangleGrid};
use crate::scene::{p, shape, Affine, Anchor, Scene, Stroke, P};

/// Where cells are in a board drawing: the frame width and the grid's origin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Frame width around the cells, mm.
    pub width: f64,
}

/// The frame width of a board drawing.
pub fn frame(b: &Board) -> Frame {
    Frame {
        width: b.frame_width(),
    }
}

/// Where the board's own drawing sits in its drawing with its track: moved by the track's depth
/// when the track runs around it.
pub fn track_offset(b: &Board) -> (f64, f64) {
    match &b.track {
        Some(t) if t.path == TrackPath::Around => (t.space, t.space),
        _ => (0.0, 0.0),
    }
}

/// The outline of cell `c` in the board drawing's coordinates.
pub fn cell_polygon(b: &Board, c: usize) -> Vec<P> {
    let (ox, oy) = track_offset(b);
    cell_outline(b, c)
        .into_iter()
        .map(|q| p(q.x + ox, q.y + oy))
        .collect()
}

/// The outline of cell `c` in the drawing of the board without its track.
fn cell_outline(b: &Board, c: usize) -> Vec<P> {
    let f = frame(b).width;
    match &b.grid {
        Grid::Square(g) => {
            let (x, y) = g.origin(c, b.cell);
            vec![
                p(f + x, f + y),
                p(f + x + b.cell, f + y),
                p(f + x + b.cell, f + y + b.cell),
                p(f + x, f + y + b.cell),
            ]
        }
        Grid::Triangles(t) => t.corners[c]
            .iter()
            .map(|&(x, y)| p(f + x * b.cell, f + y * b.cell))
            .collect(),
        // A point stands at the centre of its lattice cell.
        Grid::Points(g) => {
            let (x, y) = g.lattice.origin(g.at[c], b.cell);
            vec![
                p(f + x, f + y),
                p(f + x + b.cell, f + y),
                p(f + x + b.cell, f + y + b.cell),
                p(f + x, f + y + b.cell),
            ]
        }
        Grid::Hex(g) => g
            .corners(g.centre(c, b.cell), b.cell)
            .iter()
            .map(|&(x, y)| p(f + x, f + y))
            .collect(),
    }
}

/// The centre of cell `c` (the centroid for triangles).
pub fn cell_centre(b: &Board, c: usize) -> P {
    let (ox, oy) = track_offset(b);
    let q = outline_centre(b, c);
    p(q.x + ox, q.y + oy)
}

/// The centre of cell `c` in the drawing of the board without its track.
fn outline_centre(b: &Board, c: usize) -> P {
    let poly = cell_outline(b, c);
    let n = poly.len() as f64;
    p(
        poly.iter().map(|q| q.x).sum::<f64>() / n,
        poly.iter().map(|q| q.y).sum::<f64>() / n,
    )
}

/// The radius of the largest pawn drawn in a cell.
pub fn pawn_radius(b: &Board) -> f64 {
    match &b.grid {
        Grid::Square(_) | Grid::Points(_) => b.cell * 0.36,
        Grid::Triangles(_) => b.cell * 0.2,
        Grid::Hex(_) => b.cell * 0.36,
    }
}

/// Draws a board, with its score track if it has one.
pub fn draw(b: &Board) -> Scene {
    let inner = grid_drawing(b);
    let Some(t) = &b.track else { return inner };
    let (spaces, (w, h)) = spaces(t, inner.width, inner.height);
    let mut s = Scene::new(w, h);
    let (ox, oy) = track_offset(b);
    s.place(inner, Affine::translate(ox, oy), None);
    let line = Some(Stroke::solid(t.line, 0.3));
    // One size for every number, fitted to the narrowest space.
    let narrowest = spaces
        .iter()
        .map(|sp| sp.rect.2.min(sp.rect.3))
        .fold(f64::INFINITY, f64::min);
    let size =
        (narrowest * TRACK_NUMBER_SHARE / MM_PER_PT).clamp(TRACK_NUMBER_PT.0, TRACK_NUMBER_PT.1);
    for sp in &spaces {
        let (x, y, sw, sh) = sp.rect;
        let strong = sp.number.rem_euclid(t.every) == 0;
        s.path(
            shape::rect(x, y, sw, sh),
            Some(if strong { t.highlight } else { t.fill }),
            line,
        );
        let face = if strong { b.font.bold } else { b.font.regular };
        s.text(
            x + sw / 2.0,
            y + sh / 2.0 + face.cap_height_mm(size) / 2.0,
            size,
            face,
            t.line,
            Anchor::Middle,
            &sp.number.to_string(),
        );
    }
    s
}

/// One space of a score track, in the drawing of its board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Space {
    /// Its number.
    pub number: i64,
    /// x, y, width, height, mm.
    pub rect: (f64, f64, f64, f64),
}

/// The spaces of a board's track in order, from its first number (none without a track).
pub fn track_spaces(b: &Board) -> Vec<Space> {
    let Some(t) = &b.track else {
        return Vec::new();
    };
    let inner = grid_drawing(b);
    spaces(t, inner.width, inner.height).0
}

/// The board without its track.
fn grid_drawing(b: &Board) -> Scene {
    match &b.grid {
        Grid::Square(g) => square(b, g),
        Grid::Triangles(t) => triangles(b, t),
        Grid::Hex(g) => hexes(b, g),
        Grid::Points(g) => points(b, g),
    }
}

/// A track's spaces for a board drawing of `w` × `h` mm, and the size of the whole.
fn spaces(t: &Track, w: f64, h: f64) -> (Vec<Space>, (f64, f64)) {
    let d = t.space;
    let n = (t.to - t.from + 1).max(0) as usize;
    let mut rects = Vec::with_capacity(n);
    match t.path {
        TrackPath::Around => {
            // Four corners; the other spaces shared by the sides in proportion to their length,
            // the top and bottom alike, each side at least one.
            let rest = n.saturating_sub(4);
            let top = ((rest as f64 * w / (2.0 * (w + h))).round() as usize)
                .clamp(1, rest.saturating_sub(2).max(2) / 2);
            let sides = rest - 2 * top;
            let right = sides.div_ceil(2);
            let left = sides - right;
            let (tw, rh, lh) = (w / top as f64, h / right as f64, h / left.max(1) as f64);
            rects.push((0.0, 0.0, d, d));
            for i in 0..top {
                rects.push((d + i as f64 * tw, 0.0, tw, d));
            }
            rects.push((d + w, 0.0, d, d));
            for j in 0..right {
                rects.push((d + w, d + j as f64 * rh, d, rh));
            }
            rects.push((d + w, d + h, d, d));
            for i in 0..top {
                rects.push((d + w - (i + 1) as f64 * tw, d + h, tw, d));
            }
            rects.push((0.0, d + h, d, d));
            for j in 0..left {
                rects.push((0.0, d + h - (j + 1) as f64 * lh, d, lh));
            }
        }
        TrackPath::Rows => {
            // Rows as wide as the board, each turning back, below it.
            let per_row = t.per_row(w);
            let gap = t.gap();
            let x0 = (w - per_row as f64 * d).max(0.0) / 2.0;
            for k in 0..n {
                let (r, c) = (k / per_row, k % per_row);
                let c = if r % 2 == 1 { per_row - 1 - c } else { c };
                rects.push((x0 + c as f64 * d, h + gap + r as f64 * d, d, d));
            }
        }
    }
    let size = t.extent(w, h);
    let spaces = rects
        .into_iter()
        .take(n)
        .enumerate()
        .map(|(i, rect)| Space {
            number: t.from + i as i64,
            rect,
        })
        .collect();
    (spaces, size)
}

fn hexes(b: &Board, g: &HexGrid) -> Scene {
    let f = frame(b).width;
    let (gw, gh) = g.size(b.cell);
    let mut s = Scene::new(gw + 2.0 * f, gh + 2.0 * f);
    s.path(
        shape::rounded_rect(0.0, 0.0, s.width, s.height, f * 0.5),
        Some(b.frame),
        None,
    );
    for c in 0..g.len() {
        s.path(
            shape::polygon(&cell_outline(b, c)),
            Some(cell_fill(b, c, second_fill(b, c))),
            None,
        );
        if let Some((half, fill)) = shared_half(b, c) {
            s.path(shape::polygon(&half), Some(fill), None);
        }
    }
    let line = Some(Stroke::solid(b.line, (b.cell * 0.012).max(0.3)));
    for c in 0..g.len() {
        s.path(shape::polygon(&cell_outline(b, c)), None, line);
    }
    marks(&mut s, b);
    if b.coords {
        let size = (b.cell * 0.18).clamp(6.0, 8.0);
        for c in 0..g.len() {
            let ctr = outline_centre(b, c);
            let ink = label_ink(b, c);
            s.text(
                ctr.x,
                ctr.y + b.cell * 0.3,
                size,
                b.font.regular,
                ink,
                Anchor::Middle,
                &g.name(c),
            );
        }
    }
    s
}

/// A cell two regions of different colours share (Hex's corners, on two sides' edges): the
/// half of it that faces the other region's run of cells, in that region's colour. The cell's
/// own fill is the last region's, as everywhere; the half turns towards the earlier region's
/// other cells and away from the later one's, so each colour continues its own edge.
fn shared_half(b: &Board, c: usize) -> Option<(Vec<P>, Color)> {
    let mut covering = b
        .regions
        .iter()
        .filter(|r| r.cells.binary_search(&c).is_ok());
    let last = covering.next_back()?;
    let other = covering.rev().find(|r| r.fill != last.fill)?;
    let centre = outline_centre(b, c);
    // The direction, as a unit vector, from this cell to the middle of a region's other cells.
    let towards = |cells: &[usize]| {
        let (x, y) = cells
            .iter()
            .filter(|&&o| o != c)
            .map(|&o| outline_centre(b, o))
            .fold((0.0, 0.0), |(x, y), q| {
                (x + q.x - centre.x, y + q.y - centre.y)
            });
        let len = (x * x + y * y).sqrt().max(1e-9);
        (x / len, y / len)
    };
    let (ox, oy) = towards(&other.cells);
    let (lx, ly) = towards(&last.cells);
    let (dx, dy) = (ox - lx, oy - ly);
    let poly = cell_outline(b, c);
    let n = poly.len();
    if !n.is_multiple_of(2) {
        return None;
    }
    // Of the halves cut between opposite corners, the one whose middle lies furthest that way.
    (0..n)
        .map(|i| {
            let mut half = vec![centre];
            half.extend((0..=n / 2).map(|k| poly[(i + k) % n]));
            half
        })
        .max_by(|a, z| {
            let score = |h: &[P]| {
                let m = h.len() as f64;
                let (x, y) = h.iter().fold((0.0, 0.0), |(x, y), q| (x + q.x, y + q.y));
                (x / m - centre.x) * dx + (y / m - centre.y) * dy
            };
            score(a).total_cmp(&score(z))
        })
        .map(|h| (h, other.fill))
}

/// The colour of a cell's name: the board's line colour, lightened, then made dark (or light)
/// enough to read on the cell at a contrast of 4.5:1.
fn label_ink(b: &Board, c: usize) -> Color {
    b.line
        .lighten(0.45)
        .readable_on(cell_fill(b, c, second_fill(b, c)), LABEL_CONTRAST)
}

/// Whether a cell takes the board's second colour: every other square, the downward triangles,
/// a third of the hexes with no two side by side.
fn second_fill(b: &Board, c: usize) -> bool {
    match &b.grid {
        Grid::Square(g) => {
            let (f, r) = g.file_rank(c);
            (f + r) % 2 == 1
        }
        Grid::Triangles(t) => !t.cells[c].2,
        Grid::Points(_) => false,
        Grid::Hex(g) => {
            let (q, r) = g.axial(c);
            (q - r).rem_euclid(3) == 0
        }
    }
}

/// Each cell name's colour and the colour of the cell it is written on.
pub fn label_colors(b: &Board) -> Vec<(Color, Color)> {
    (0..b.grid.len())
        .map(|c| (label_ink(b, c), cell_fill(b, c, second_fill(b, c))))
        .collect()
}

/// The least contrast of a label with its ground (WCAG 2, small text).
pub const LABEL_CONTRAST: f64 = 4.5;
/// A track number's size, as a share of the narrowest space (in mm, before the conversion to pt).
const TRACK_NUMBER_SHARE: f64 = 0.42;
/// The least and the greatest track number size, pt: legible, and not shouting.
const TRACK_NUMBER_PT: (f64, f64) = (4.0, 16.0);

fn cell_fill(b: &Board, c: usize, checker: bool) -> Color {
    if let Some(r) = b
        .regions
        .iter()
        .rev()
        .find(|r| r.cells.binary_search(&c).is_ok())
    {
        return r.fill;
    }
    match b.alt_fill {
        Some(alt) if checker => alt,
        _ => b.fill,
    }
}

fn square(b: &Board, g: &SquareGrid) -> Scene {
    let f = frame(b).width;
    let (gw, gh) = (g.cols as f64 * b.cell, g.rows as f64 * b.cell);
    let mut s = Scene::new(gw + 2.0 * f, gh + 2.0 * f);
    s.path(
        shape::rect(0.0, 0.0, s.width, s.height),
        Some(b.frame),
        None,
    );
    for c in (0..g.len()).filter(|&c| !b.is_hole(c)) {
        let (x, y) = g.origin(c, b.cell);
        s.path(
            shape::rect(f + x, f + y, b.cell, b.cell),
            Some(cell_fill(b, c, second_fill(b, c))),
            None,
        );
    }
    let line = Some(Stroke::solid(b.line, (b.cell * 0.012).max(0.25)));
    if !b.holes.is_empty() {
        // Holes show the frame: each cell is outlined on its own, and the outline of the
        // whole follows the cells' edges.
        let edge = Some(Stroke::solid(b.line, (b.cell * 0.03).max(0.5)));
        for c in (0..g.len()).filter(|&c| !b.is_hole(c)) {
            let (x, y) = g.origin(c, b.cell);
            s.path(shape::rect(f + x, f + y, b.cell, b.cell), None, line);
            let (fi, r) = g.file_rank(c);
            let (x0, y0, x1, y1) = (f + x, f + y, f + x + b.cell, f + y + b.cell);
            let open = |df: i32, dr: i32| {
                g.index(fi as i32 + df, r as i32 + dr)
                    .is_none_or(|n| b.is_hole(n))
            };
            // Rank 0 is at the bottom: the cell above is rank + 1.
            let sides = [
                (open(0, 1), (x0, y0), (x1, y0)),
                (open(0, -1), (x0, y1), (x1, y1)),
                (open(-1, 0), (x0, y0), (x0, y1)),
                (open(1, 0), (x1, y0), (x1, y1)),
            ];
            for (out, a, z) in sides {
                if out {
                    s.path(shape::line(p(a.0, a.1), p(z.0, z.1)), None, edge);
                }
            }
        }
        marks(&mut s, b);
        if b.coords {
            coordinates(&mut s, b, g);
        }
        return s;
    }
    for i in 0..=g.cols {
        let x = f + i as f64 * b.cell;
        s.path(shape::line(p(x, f), p(x, f + gh)), None, line);
    }
    for j in 0..=g.rows {
        let y = f + j as f64 * b.cell;
        s.path(shape::line(p(f, y), p(f + gw, y)), None, line);
    }
    s.path(
        shape::rect(f, f, gw, gh),
        None,
        Some(Stroke::solid(b.line, (b.cell * 0.03).max(0.5))),
    );
    marks(&mut s, b);
    if b.coords {
        coordinates(&mut s, b, g);
    }
    s
}

/// A board of points: its lines, then a disc on each point (a region's colour where one covers
/// it), its marks, and its lattice's coordinates.
fn points(b: &Board, g: &PointGrid) -> Scene {
    let f = frame(b).width;
    let (gw, gh) = (
        g.lattice.cols as f64 * b.cell,
        g.lattice.rows as f64 * b.cell,
    );
    let mut s = Scene::new(gw + 2.0 * f, gh + 2.0 * f);
    s.path(
        shape::rect(0.0, 0.0, s.width, s.height),
        Some(b.frame),
        None,
    );
    s.path(shape::rect(f, f, gw, gh), Some(b.fill), None);
    let line = Some(Stroke::solid(b.line, (b.cell * 0.05).max(0.4)));
    for run in &g.lines {
        for w in run.windows(2) {
            s.path(
                shape::line(outline_centre(b, w[0]), outline_centre(b, w[1])),
                None,
                line,
            );
        }
    }
    let ring = Some(Stroke::solid(b.line, (b.cell * 0.03).max(0.3)));
    for c in 0..g.len() {
        let fill = match b
            .regions
            .iter()
            .rev()
            .find(|r| r.cells.binary_search(&c).is_ok())
        {
            Some(r) => r.fill,
            None => b.line,
        };
        s.path(
            shape::circle(outline_centre(b, c), b.cell * 0.1),
            Some(fill),
            ring,
        );
    }
    marks(&mut s, b);
    if b.coords {
        coordinates(&mut s, b, &g.lattice);
    }
    s
}

/// The room a coordinate keeps from the safe line and from the grid, mm.
const LABEL_AIR: f64 = 0.3;

/// The safe zone a board's coordinates keep inside, mm from its cut: its own, or the widest a
/// print shop asks for (so that its press files keep them whole too).
fn label_safe(b: &Board) -> f64 {
    crate::export::press::PRESETS
        .iter()
        .map(|p| p.safe.in_mm())
        .fold(b.safe, f64::max)
}

/// A square board's column letters above and below the grid, row numbers on its left and right:
/// in the frame, their glyphs centred between the safe line and the grid, at the largest size up
/// to 11 pt (and 1.2 times the frame's width, as points) that leaves them some air there.
fn coordinates(s: &mut Scene, b: &Board, g: &SquareGrid) {
    let f = frame(b).width;
    // A track around the board moves the frame in from the cut.
    let safe = (label_safe(b) - track_offset(b).0).clamp(0.0, f);
    let band = f - safe;
    let face = b.font.bold;
    let cols: Vec<String> = (0..g.cols).map(crate::geometry::hex::column_name).collect();
    let rows: Vec<String> = (1..=g.rows).map(|j| j.to_string()).collect();
    // The glyphs' boxes grow in proportion to the size: read once at 1 pt, then scaled (the
    // font is parsed once per board, not once per size tried).
    let at_1pt = |names: &[String]| {
        names
            .iter()
            .filter_map(|n| face.ink_mm(n, 1.0))
            .reduce(|a, q| (a.0.min(q.0), a.1.min(q.1), a.2.max(q.2), a.3.max(q.3)))
            .unwrap_or((0.0, 0.0, 0.0, 0.0))
    };
    let (cols_1pt, rows_1pt) = (at_1pt(&cols), at_1pt(&rows));
    let scaled =
        |b: (f64, f64, f64, f64), size: f64| (b.0 * size, b.1 * size, b.2 * size, b.3 * size);
    let fits = |size: f64| {
        let (c, r) = (scaled(cols_1pt, size), scaled(rows_1pt, size));
        c.3 - c.1 + 2.0 * LABEL_AIR <= band && r.2 - r.0 + 2.0 * LABEL_AIR <= band
    };
    let mut size = (f * 1.2).clamp(6.0, 11.0);
    while size > 6.0 && !fits(size) {
        size -= 0.25;
    }
    // The middle of the band, from the cut.
    let mid = (safe + f) / 2.0;
    let (_, top, _, bottom) = scaled(cols_1pt, size);
    let ink = crate::layout::ink_on(b.frame);
    for (i, name) in cols.iter().enumerate() {
        let x = f + (i as f64 + 0.5) * b.cell;
        for y in [mid, s.height - mid] {
            let base = y - (top + bottom) / 2.0;
            s.text(x, base, size, face, ink, Anchor::Middle, name);
        }
    }
    let cap = face.cap_height_mm(size);
    for (j, name) in rows.iter().enumerate() {
        let y = f + (g.rows - 1 - j) as f64 * b.cell + b.cell / 2.0 + cap / 2.0;
        let (left, _, right, _) = face.ink_mm(name, size).unwrap_or((0.0, 0.0, 0.0, 0.0));
        for x in [mid, s.width - mid] {
            let start = x - (left + right) / 2.0;
            s.text(start, y, size, face, ink, Anchor::Start, name);
        }
    }
}

fn marks(s: &mut Scene, b: &Board) {
    let r = pawn_radius(b);
    for m in &b.marks {
        for &c in &m.cells {
            let ctr = outline_centre(b, c);
            match m.shape {
                MarkShape::Ring => s.path(
                    shape::circle(ctr, r),
                    None,
                    Some(Stroke::solid(m.color, r * 0.09)),
                ),
                MarkShape::Dot => s.path(shape::circle(ctr, r * 0.25), Some(m.color), None),
                MarkShape::Cross => {
                    let d = r * 0.6;
                    let st = Some(Stroke::solid(m.color, r * 0.09));
                    s.cross(ctr, d, st);
                }
            }
        }
    }
}

/// The corners of a triangle board's hexagon, in cells.
fn hex_corners(t: &TriangleGrid) -> [(f64, f64); 6] {
    let n = t.n as f64;
    [
        (n / 2.0, 0.0),
        (n * 1.5, 0.0),
        (2.0 * n, n * H),
        (n * 1.5, 2.0 * n * H),
        (n / 2.0, 2.0 * n * H),
        (0.0, n * H),
    ]
}

/// The frame of a triangle board: the hexagon grown by the frame width from its centre (every
/// side moves out by the width times cos 30°, inside the drawing's margin). It is also the
/// line the board is cut along.
fn hex_frame(b: &Board, t: &TriangleGrid) -> Vec<P> {
    let f = frame(b).width;
    let (ew, eh) = t.extent();
    let centre = p(f + ew * b.cell / 2.0, f + eh * b.cell / 2.0);
    hex_corners(t)
        .iter()
        .map(|&(x, y)| {
            let q = p(f + x * b.cell, f + y * b.cell);
            let (dx, dy) = (q.x - centre.x, q.y - centre.y);
            let len = (dx * dx + dy * dy).sqrt();
            p(q.x + dx / len * f, q.y + dy / len * f)
        })
        .collect()
}

/// The line a board is cut along: its frame's hexagon for a triangle board printed as drawn,
/// else its rectangle.
pub fn outline(b: &Board) -> super::Outline {
    match &b.grid {
        Grid::Triangles(t) if b.face.is_empty() && b.track.is_none() => super::Outline {
            parts: vec![hex_frame(b, t)],
        },
        _ => {
            let (w, h) = b.extent();
            super::Outline::rect(w, h)
        }
    }
}

fn triangles(b: &Board, t: &TriangleGrid) -> Scene {
    let f = frame(b).width;
    let (ew, eh) = t.extent();
    let (gw, gh) = (ew * b.cell, eh * b.cell);
    let mut s = Scene::new(gw + 2.0 * f, gh + 2.0 * f);
    s.path(
        shape::polygon(&hex_frame(b, t)),
        Some(b.frame),
        Some(Stroke::solid(b.line, 0.4)),
    );
    for c in 0..t.len() {
        s.path(
            shape::polygon(&cell_outline(b, c)),
            Some(cell_fill(b, c, second_fill(b, c))),
            None,
        );
    }
    let line = Some(Stroke::solid(b.line, (b.cell * 0.012).max(0.3)));
    for c in 0..t.len() {
        s.path(shape::polygon(&cell_outline(b, c)), None, line);
    }
    let hex: Vec<P> = hex_corners(t)
        .iter()
        .map(|&(x, y)| p(f + x * b.cell, f + y * b.cell))
        .collect();
    let centre = p(f + gw / 2.0, f + gh / 2.0);
    s.path(
        shape::polygon(&hex),
        None,
        Some(Stroke::solid(b.line, (b.cell * 0.03).max(0.6))),
    );
    // Border marks: a hole in the frame opposite each hole side; plain sides stay plain.
    for side in &t.border {
        let poly = cell_outline(b, side.cell);
        let (a, q) = (poly[side.side], poly[(side.side + 1) % 3]);
        let mid = p((a.x + q.x) / 2.0, (a.y + q.y) / 2.0);
        let (dx, dy) = (mid.x - centre.x, mid.y - centre.y);
        let len = (dx * dx + dy * dy).sqrt();
        let at = p(mid.x + dx / len * f * 0.5, mid.y + dy / len * f * 0.5);
        if side.mark == BorderMark::Hole {
            let r = (f * 0.32).min(b.cell * 0.16);
            s.path(shape::circle(at, r), Some(b.line), None);
            s.path(
                shape::circle(p(at.x + r * 0.15, at.y + r * 0.15), r * 0.7),
                Some(b.line.lighten(0.25)),
                None,
            );
        }
    }
    marks(&mut s, b);
    if b.coords {
        let size = (b.cell * 0.16).clamp(6.0, 8.0);
        for c in 0..t.len() {
            let ctr = outline_centre(b, c);
            let ink = label_ink(b, c);
            let dy = if t.cells[c].2 {
                b.cell * 0.2
            } else {
                -b.cell * 0.12
            };
            s.text(
                ctr.x,
                ctr.y + dy,
                size,
                b.font.regular,
                ink,
                Anchor::Middle,
                &t.name(c),
            );
        }
    }
    s
}

/// A board's face with its bleed: the frame's colour carried `bleed` mm past the cut box under
/// the face (the face itself when the board has none).
pub fn with_bleed(b: &Board, face: Scene) -> Scene {
    if b.bleed <= 0.0 {
        return face;
    }
    let (w, h) = (face.width, face.height);
    let mut s = Scene::new(w, h);
    s.path(
        crate::scene::shape::rect(-b.bleed, -b.bleed, w + 2.0 * b.bleed, h + 2.0 * b.bleed),
        Some(b.frame),
        None,
    );
    s.place(face, crate::scene::Affine::translate(0.0, 0.0), None);
    s
}
