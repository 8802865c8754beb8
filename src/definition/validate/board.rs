//! Boards: `[board.<id>]` → [`Board`]: its grid (square, triangles or hex), track, regions,
//! marks and decorated face.
//!
//! In: a [`raw::BoardRaw`]. Out: a checked [`Board`], errors in the context.

use super::context::{values, Ctx, MAX_NAME};
use super::layout::Layouts;
use crate::base::color::Color;
use crate::definition::model::{
    Board, Element, ElementKind, Grid, Mark, MarkShape, Region, Track, TrackPath,
};
use crate::definition::raw::{self, S};
use crate::geometry::points::Wrong;
use crate::geometry::{
    BorderMark, HexGrid, HexShape, Orientation, PointGrid, SquareGrid, TriangleGrid,
};

/// The grid of a `hex` board: its orientation, shape and size.
fn hex_grid(cx: &mut Ctx, b: &raw::BoardRaw) -> HexGrid {
    let orientation = match &b.orientation {
        Some(o) => match cx.choice(o, &["pointy", "flat"], "orientation") {
            Some("flat") => Orientation::Flat,
            _ => Orientation::Pointy,
        },
        None => Orientation::Pointy,
    };
    let shape = match &b.shape {
        Some(s) => cx
            .choice(s, &["rectangle", "parallelogram", "hexagon"], "hex shape")
            .unwrap_or("rectangle"),
        None => "rectangle",
    };
    let max = crate::geometry::hex::MAX_SIDE as i64;
    if let Some(m) = b.border.as_ref().and_then(|v| v.first()) {
        cx.err(m, "`border` marks apply to a `triangles` grid only".into());
    }
    let shape = if shape == "hexagon" {
        for extra in [&b.cols, &b.rows].into_iter().flatten() {
            cx.err(
                extra,
                "a `hexagon` of hexes has `side`, not `cols` and `rows`".into(),
            );
        }
        let side = match &b.side {
            Some(s) => cx.int(s, 1, max / 2, "hexagon side"),
            None => {
                cx.err(&b.grid, "a `hexagon` of hexes needs `side`".into());
                1
            }
        };
        HexShape::Hexagon { side }
    } else {
        if let Some(side) = &b.side {
            cx.err(
                side,
                format!("a `{shape}` of hexes has `cols` and `rows`, not `side`"),
            );
        }
        let mut dim = |v: &Option<raw::I>, what: &str| match v {
            Some(v) => cx.int(v, 1, max, what),
            None => {
                cx.err(&b.grid, format!("a `{shape}` of hexes needs `{what}`"));
                1
            }
        };
        let (cols, rows) = (dim(&b.cols, "cols"), dim(&b.rows, "rows"));
        if shape == "parallelogram" {
            HexShape::Parallelogram { cols, rows }
        } else {
            HexShape::Rectangle { cols, rows }
        }
    };
    HexGrid::new(orientation, shape)
}

pub(super) fn board(cx: &mut Ctx, b: &raw::BoardRaw) -> Board {
    let id = cx.id(&b.id);
    cx.stem(&b.id, id.clone(), format!("board `{id}`"));
    let cell = cx.length(&b.cell, 5.0, 200.0, "cell size");
    if b.grid.get_ref() != "hex" {
        for extra in [&b.orientation, &b.shape].into_iter().flatten() {
            cx.err(
                extra,
                "`orientation` and `shape` apply to a `hex` grid only".into(),
            );
        }
    }
    if b.grid.get_ref() != "points" {
        let first_point = b.points.as_ref().and_then(|p| p.first()).map(|p| p.span());
        let first_line = b.lines.as_ref().and_then(|l| l.first()).map(|l| l.span());
        let first_route = b
            .routes
            .as_ref()
            .and_then(|r| r.keys().next())
            .map(|k| k.span());
        for (key, at) in [
            ("points", first_point),
            ("lines", first_line),
            ("routes", first_route),
        ] {
            if let Some(at) = at {
                let msg = format!("`{key}` applies to a board of points (`grid = \"points\"`)");
                cx.diags.push(cx.src.error(at, msg));
            }
        }
    }
    let grid = match cx.choice(&b.grid, &["square", "triangles", "hex", "points"], "grid") {
        Some("hex") => Grid::Hex(hex_grid(cx, b)),
        Some("points") => points_grid(cx, b),
        Some("triangles") => {
            let n = match &b.side {
                Some(s) => cx.int(
                    s,
                    1,
                    crate::geometry::triangles::MAX_SIDE as i64,
                    "hexagon side",
                ),
                None => {
                    cx.err(&b.grid, "a `triangles` grid needs `side`".into());
                    1
                }
            };
            let mut pattern = Vec::new();
            for m in b.border.iter().flatten() {
                match cx.choice(m, &["hole", "plain"], "border mark") {
                    Some("hole") => pattern.push(BorderMark::Hole),
                    Some(_) => pattern.push(BorderMark::Plain),
                    None => {}
                }
            }
            if b.border.as_ref().is_none_or(Vec::is_empty) {
                cx.err(
                    &b.grid,
                    "a `triangles` grid needs `border`, the marks of its border sides".into(),
                );
            }
            if pattern.is_empty() {
                pattern.push(BorderMark::Plain);
            }
            for extra in [&b.cols, &b.rows].into_iter().flatten() {
                cx.err(extra, "`cols` and `rows` apply to `square` and `hex` grids (a `triangles` grid has `side`)".into());
            }
            let sides = 6 * n;
            if let Some(m) = b.border.as_ref().and_then(|v| v.get(sides)) {
                cx.err(
                    m,
                    format!("`border` has more marks than the board's {sides} border sides"),
                );
            }
            Grid::Triangles(TriangleGrid::new(n, &pattern))
        }
        _ => {
            let side = crate::geometry::square::MAX_SIDE as i64;
            let dim = |cx: &mut Ctx, v: &Option<raw::I>, what: &str| match v {
                Some(v) => cx.int(v, 1, side, what),
                None => {
                    cx.err(&b.grid, format!("a `square` grid needs `{what}`"));
                    1
                }
            };
            let cols = dim(cx, &b.cols, "cols");
            let rows = dim(cx, &b.rows, "rows");
            if let Some(border) = b.border.as_ref().and_then(|v| v.first()) {
                cx.err(
                    border,
                    "`border` marks apply to a `triangles` grid only".into(),
                );
            }
            if let Some(side) = &b.side {
                cx.err(side, "`side` applies to `triangles` and `hex` hexagons (a square grid has `cols` and `rows`)".into());
            }
            Grid::Square(SquareGrid { cols, rows })
        }
    };
    let regions: Vec<Region> = b
        .region
        .iter()
        .map(|r| {
            let mut cells = Vec::new();
            let mut given = 0;
            if let Some(sel) = &r.select {
                given += 1;
                if cx.choice(sel, &["border"], "selection").is_some() {
                    cells.extend((0..grid.len()).filter(|&c| grid.is_border(c)));
                }
            }
            if let Some(ranks) = &r.ranks {
                given += 1;
                match &grid {
                    Grid::Square(g) => {
                        for rank in ranks {
                            let k = cx.int(rank, 1, g.rows as i64, "rank");
                            cells.extend((0..g.cols).map(|f| (k.max(1) - 1) * g.cols + f));
                        }
                    }
                    Grid::Hex(g) => {
                        // The rows of the cells' names, as the grid numbers them.
                        let rows = (0..g.len())
                            .map(|c| i64::from(g.name_row(c)))
                            .max()
                            .unwrap_or(1);
                        for rank in ranks {
                            let k = cx.int(rank, 1, rows, "row");
                            cells.extend(
                                (0..g.len()).filter(|&c| i64::from(g.name_row(c)) == k as i64),
                            );
                        }
                    }
                    Grid::Points(g) => {
                        for rank in ranks {
                            let k = cx.int(rank, 1, g.lattice.rows as i64, "rank");
                            cells.extend(
                                (0..g.len())
                                    .filter(|&c| g.lattice.file_rank(g.at[c]).1 + 1 == k.max(1)),
                            );
                        }
                    }
                    Grid::Triangles(_) => {
                        if let Some(first) = ranks.first() {
                            cx.err(
                                first,
                                "`ranks` apply to a `square` or `hex` grid only".into(),
                            );
                        }
                    }
                }
            }
            if let Some(list) = &r.cells {
                given += 1;
                cells.extend(cx.cells(list, &grid));
            }
            if given != 1 {
                cx.err(
                    &r.role,
                    "a region needs exactly one of `select`, `ranks`, `cells`".into(),
                );
            }
            cells.sort_unstable();
            cells.dedup();
            Region {
                role: r.role.get_ref().clone(),
                cells,
                fill: cx.color(&r.fill),
            }
        })
        .collect();
    let marks: Vec<Mark> = b
        .mark
        .iter()
        .map(|m| Mark {
            cells: cx.cells(&m.cells, &grid),
            shape: match cx.choice(&m.shape, &["ring", "dot", "cross"], "mark shape") {
                Some("dot") => MarkShape::Dot,
                Some("cross") => MarkShape::Cross,
                _ => MarkShape::Ring,
            },
            color: cx.color(&m.color),
        })
        .collect();
    let holes = match &b.holes {
        Some(list) if !matches!(grid, Grid::Square(_)) => {
            if let Some(first) = list.first() {
                cx.err(first, "`holes` apply to a `square` grid only".into());
            }
            Vec::new()
        }
        Some(list) => {
            let holes = cx.cells(list, &grid);
            if holes.len() >= grid.len() {
                if let Some(first) = list.first() {
                    cx.err(first, "`holes` leave the board no cell".into());
                }
            }
            holes
        }
        None => Vec::new(),
    };
    for (what, cells) in regions
        .iter()
        .map(|r: &Region| ("region", &r.cells))
        .chain(marks.iter().map(|m: &Mark| ("mark", &m.cells)))
    {
        if let Some(&c) = cells.iter().find(|c| holes.binary_search(c).is_ok()) {
            let at = b.holes.as_ref().and_then(|h| h.first());
            if let Some(at) = at {
                cx.err(
                    at,
                    format!(
                        "`{}` is a hole, yet a {what} of the board covers it",
                        grid.name(c)
                    ),
                );
            }
        }
    }
    let mut board = Board {
        holes,
        face: Vec::new(),
        font: crate::fonts::Family::LATO,
        id,
        name: cx.text(&b.name, MAX_NAME, "name"),
        cell,
        fill: cx.color(&b.fill),
        alt_fill: b.alt_fill.as_ref().map(|c| cx.color(c)),
        line: cx.color(&b.line),
        frame: cx.color(&b.frame),
        coords: b.coords,
        count: cx.count(&b.count),
        bleed: b
            .bleed
            .as_ref()
            .map_or(0.0, |v| cx.length(v, 0.0, 5.0, "bleed")),
        safe: b
            .safe
            .as_ref()
            .map_or(0.0, |v| cx.length(v, 0.0, 20.0, "safe")),
        regions,
        marks,
        track: None,
        grid,
    };
    board.track = b
        .track
        .as_ref()
        .and_then(|t| track(cx, t, (board.fill, board.line), cell));
    board
}

/// Most points of a board of points.
const MAX_POINTS: usize = 256;
/// Most lines of a board of points.
const MAX_LINES: usize = 256;

/// A board of points: `points` on a `cols` × `rows` lattice, joined by `lines`, with its
/// `routes` (errors at the key that is wrong).
fn points_grid(cx: &mut Ctx, b: &raw::BoardRaw) -> Grid {
    let side = crate::geometry::square::MAX_SIDE as i64;
    let dim = |cx: &mut Ctx, v: &Option<raw::I>, what: &str| match v {
        Some(v) => cx.int(v, 2, side, what),
        None => {
            cx.err(
                &b.grid,
                format!("a board of points needs `{what}` (its lattice)"),
            );
            2
        }
    };
    let lattice = SquareGrid {
        cols: dim(cx, &b.cols, "cols"),
        rows: dim(cx, &b.rows, "rows"),
    };
    let on_lattice = Grid::Square(lattice);
    let empty = || PointGrid::new(lattice, &[0], &[], &[]).expect("one point");
    let Some(names) = &b.points else {
        cx.err(
            &b.grid,
            "a board of points needs `points`, their names on the lattice".into(),
        );
        return Grid::Points(empty());
    };
    if names.len() > MAX_POINTS {
        cx.err(&names[MAX_POINTS], format!("at most {MAX_POINTS} points"));
        return Grid::Points(empty());
    }
    let points = cx.cells_in_order(names, &on_lattice);
    if points.is_empty() {
        cx.err(&b.grid, "a board of points needs one point at least".into());
        return Grid::Points(empty());
    }
    let before = cx.diags.0.len();
    let lines: Vec<Vec<usize>> = b
        .lines
        .iter()
        .flatten()
        .take(MAX_LINES)
        .map(|l| cx.cells_in_order(l.get_ref(), &on_lattice))
        .collect();
    if let Some(extra) = b.lines.as_ref().and_then(|l| l.get(MAX_LINES)) {
        cx.err(extra, format!("at most {MAX_LINES} lines"));
    }
    let route_list: Vec<(&S, &Vec<S>)> = b.routes.iter().flatten().collect();
    let routes: Vec<(String, Vec<usize>)> = route_list
        .iter()
        .map(|(name, cells)| {
            (
                name.get_ref().clone(),
                cx.cells_in_order(cells, &on_lattice),
            )
        })
        .collect();
    // Without its lines (a name already reported, or a line that is wrong), the board keeps
    // its points, so that the rest of the file is checked against their rows.
    let bare = |points: &[usize]| {
        let mut pts = points.to_vec();
        pts.sort_unstable();
        pts.dedup();
        Grid::Points(PointGrid::new(lattice, &pts, &[], &[]).unwrap_or_else(|_| empty()))
    };
    if cx.diags.0.len() > before {
        return bare(&points);
    }
    match PointGrid::new(lattice, &points, &lines, &routes) {
        Ok(g) => Grid::Points(g),
        Err(wrong) => {
            let why = format!("board of points: {}", wrong.why());
            match &wrong {
                Wrong::Line(i, _) => match b.lines.as_ref().and_then(|l| l.get(*i)) {
                    Some(line) => cx.err(line, why),
                    None => cx.err(&b.grid, why),
                },
                Wrong::Route(i, _) => match route_list.get(*i) {
                    Some((key, _)) => cx.err(*key, why),
                    None => cx.err(&b.grid, why),
                },
                Wrong::Points(_) => {
                    // A point given twice: at its second place.
                    let second = names
                        .iter()
                        .enumerate()
                        .find(|(i, n)| names[..*i].iter().any(|m| m.get_ref() == n.get_ref()));
                    match second {
                        Some((_, n)) => cx.err(n, why),
                        None => cx.err(&b.grid, why),
                    }
                }
            }
            bare(&points)
        }
    }
}

/// Most spaces of a score track.
const MAX_TRACK: i64 = 200;

fn track(
    cx: &mut Ctx,
    t: &raw::TrackRaw,
    (b_fill, b_line): (Color, Color),
    cell: f64,
) -> Option<Track> {
    let from = t
        .from
        .as_ref()
        .map_or(0, |f| cx.int(f, 0, 9999, "from") as i64);
    let to = *t.to.get_ref();
    let n = to - from + 1;
    let path = match t
        .path
        .as_ref()
        .map(|p| cx.choice(p, &["around", "rows"], "track path"))
    {
        Some(Some("rows")) => TrackPath::Rows,
        _ => TrackPath::Around,
    };
    let least = if path == TrackPath::Around { 8 } else { 1 };
    if n < least || n > MAX_TRACK || to > 9999 {
        cx.err(
            &t.to,
            format!(
                "a track from {from} to {to} has {n} spaces: {least} to {MAX_TRACK}{}",
                if path == TrackPath::Around {
                    " (4 corners and a space on each side)"
                } else {
                    ""
                }
            ),
        );
        return None;
    }
    let space = t.space.as_ref().map_or((cell).clamp(8.0, 15.0), |s| {
        cx.length(s, 5.0, 40.0, "track space")
    });
    let fill = t.fill.as_ref().map_or(b_fill, |c| cx.color(c));
    Some(Track {
        from,
        to,
        path,
        space,
        fill,
        highlight: t
            .highlight
            .as_ref()
            .map_or(fill.darken(0.12), |c| cx.color(c)),
        every: t
            .every
            .as_ref()
            .map_or(5, |e| cx.int(e, 1, 100, "every") as i64),
        line: t.line.as_ref().map_or(b_line, |c| cx.color(c)),
    })
}

/// The elements of a board's printed face, from its layout: `{title}`, `{fill}`, `{line}` and
/// `{frame}`, and the board itself where an element of kind `board` names no other.
pub(super) fn board_face(cx: &mut Ctx, lays: &mut Layouts, name: &S, b: &Board) -> Vec<Element> {
    let Some(elements) = lays.elements(cx, name) else {
        return Vec::new();
    };
    let shapes = lays.shapes(cx, &elements, b.extent(), b.bleed, b.safe);
    let values = values(
        &b.id,
        &b.name,
        b.fill,
        vec![
            ("line".into(), b.line.to_string()),
            ("frame".into(), b.frame.to_string()),
        ],
    );
    let face = lays.face_of("board", cx, &shapes, &values, b.line);
    if !face
        .iter()
        .any(|e| matches!(e.kind, ElementKind::Board(None)))
    {
        cx.err(
            name,
            format!(
                "board `{}`: its layout `{}` has no element of kind `board` that draws it",
                b.id,
                name.get_ref()
            ),
        );
    }
    face
}
