//! Position diagrams, for any game: a position as data (its board's cells, each with what stands
//! on it, and its other fields) drawn on the game's board, or on an unbounded plane of a mat's
//! squares, with the pieces as they are printed (`[diagram]` in `game.toml` maps each piece's
//! token to a printed piece; a tile is drawn from its zones), then the marks a rulebook adds
//! (outlines, arrows, crosses, numbers, forbidden moves, cell names).
//!
//! Marks must read on every ground (a green felt, a white plane, a dark pawn): arrows and
//! crosses are drawn over a white halo, and a cell whose printed name a piece hides gets its
//! name again on a tag over the piece.

mod crop;

pub use crop::{cut, part, Cut};

use super::board::cell_polygon;
use crate::base::color::Color;
use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::base::units::Mm;
use crate::definition::model::{self, DiagramDef, Game, PieceShape, Tile, TileFace};
use crate::fonts::Face;
use crate::geometry::Grid;
use crate::scene::{p, shape, Affine, Anchor, Scene, Stroke, P};
use crate::setup::{Board, Cell, Stands};

/// A drawn position: the scene, and the outline of every named cell for the marks.
#[derive(Debug, Clone)]
pub struct Drawn {
    /// The drawing.
    pub scene: Scene,
    /// Each cell's name and outline, in the scene's coordinates.
    cells: Vec<(String, Vec<P>)>,
    /// The cells a token stands on.
    occupied: Vec<String>,
    /// The board prints each cell's name inside it (triangles, hexes), where a piece hides it;
    /// a square board and a plane write their coordinates around the edge.
    names_inside: bool,
    /// The coordinates are written around the edge (a square board that prints them, a plane).
    names_edge: bool,
    /// The width of the whole drawing, before it is cut to a part of its board.
    whole: f64,
    /// The colour round the cells (a board's frame, a plane's fill), where names at the edge
    /// are written.
    ground: Color,
    /// The size of one of its cells, mm, as drawn (its board's `cell`, a plane's square).
    cell_size: f64,
    /// The colour of its marks of moves (arrows, rings, numbers, tags) and of pieces taken and
    /// moves refused (crosses, dashed arrows): [`mark_colors`].
    mark: Color,
    cross: Color,
}

impl Drawn {
    /// The cells a token stands on.
    pub fn occupied(&self) -> &[String] {
        &self.occupied
    }

    /// The board prints each cell's name inside it (a piece there hides it).
    pub fn names_inside(&self) -> bool {
        self.names_inside
    }

    /// The outline of the cell named `name`.
    pub fn cell(&self, name: &str) -> Option<&[P]> {
        outline_of(&self.cells, name)
    }

    /// The centre of the cell named `name`, where marks aim.
    pub fn centre(&self, name: &str) -> Option<P> {
        self.cell(name).map(centre)
    }

    /// The width of the whole drawing, mm, before it was cut to the part of its board it uses
    /// (the rulebook's common scale is set on whole drawings).
    pub fn whole_width(&self) -> f64 {
        self.whole
    }

    /// The colour its marks of moves are drawn in (arrows, rings, numbers, tags).
    pub fn mark_color(&self) -> Color {
        self.mark
    }

    /// The colour its crosses and refused moves are drawn in.
    pub fn cross_color(&self) -> Color {
        self.cross
    }

    /// The size of one of its cells as drawn, mm: the rulebook keeps small boards' cells from
    /// growing past a size a reader's eye takes in.
    pub fn cell_size(&self) -> f64 {
        self.cell_size
    }

    /// The radius marks are drawn at on the cell named `name` (an arrow's width and a cross's
    /// size follow it).
    pub fn mark_radius(&self, name: &str) -> Option<f64> {
        self.cell(name).map(mark_radius)
    }
}

/// A position checked against the game's board and tokens and placed on its cells, before
/// anything is drawn: what a rulebook needs to validate an example.
#[derive(Debug, Clone)]
pub struct Placement {
    ground: Spot,
    /// Each cell's name and outline.
    cells: Vec<(String, Vec<P>)>,
    /// The cells something stands on: name, outline, what it shows, the cell.
    placed: Vec<(String, Vec<P>, Shown, Cell)>,
    /// The outlines of the cells the position's fields name (`[diagram] highlight`).
    highlighted: Vec<Vec<P>>,
}

impl Placement {
    /// The names of the cells something stands on.
    pub fn occupied(&self) -> impl Iterator<Item = &str> {
        self.placed.iter().map(|(name, _, _, _)| name.as_str())
    }

    /// Each cell something stands on, by its name on the drawing: a position's board by cell
    /// name (two boards compared this way say which pieces a move took).
    pub fn stands(&self) -> impl Iterator<Item = (&str, &Cell)> {
        self.placed
            .iter()
            .map(|(name, _, _, cell)| (name.as_str(), cell))
    }

    /// Every cell as data: its name, its centre on the drawing (mm, y down the page) and the
    /// position's cell there when something stands on it (what a caption check ties names,
    /// directions and pieces to).
    pub fn cells_as_data(&self) -> Vec<(String, (f64, f64), Option<Cell>)> {
        self.cells
            .iter()
            .map(|(name, poly)| {
                let c = centre(poly);
                let on = self.placed.iter().find(|(n, _, _, _)| n == name);
                (name.clone(), (c.x, c.y), on.map(|(_, _, _, t)| t.clone()))
            })
            .collect()
    }

    /// `Err` names the first cell the marks name that is not on the diagram.
    pub fn check_marks(&self, marks: &Marks) -> Result<(), Error> {
        unknown_mark(&self.cells, marks)
    }
}

/// The ground a position is placed on.
#[derive(Debug, Clone)]
enum Spot {
    /// A board of the game (index).
    Board(usize),
    /// A plane of `w` × `h` squares (its ring of empty squares included) whose bottom-left
    /// square is at `origin - (1, 1)`.
    Plane {
        cell: f64,
        fill: Color,
        line: Color,
        origin: (i32, i32),
        w: i32,
        h: i32,
    },
}

/// What a token shows.
#[derive(Debug, Clone)]
enum Shown {
    /// The token mapped to a piece (index into `[diagram] tokens`).
    Piece(usize),
    /// A tile written by its zones' letters.
    Tile(Tile),
}

fn outline_of<'a>(cells: &'a [(String, Vec<P>)], name: &str) -> Option<&'a [P]> {
    cells
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, poly)| poly.as_slice())
}

fn unknown_mark(cells: &[(String, Vec<P>)], marks: &Marks) -> Result<(), Error> {
    match marks.names().find(|n| outline_of(cells, n).is_none()) {
        Some(bad) => Err(misfit(format!("no cell `{bad}` on the diagram"))),
        None => Ok(()),
    }
}

/// A position or marks that do not fit the game's board or its pieces: the input's fault, said
/// in the diagram's words (the caller knows where the position was written).
fn misfit(why: impl Into<String>) -> Error {
    Error::usage("", why)
}

/// The colour of the cells a position's fields name (the pawn placed this turn).
const FIELD_MARK: Color = Color::rgb(0xf2, 0xc1, 0x2e);
/// The colour of a rulebook's outlines, arrows and numbers.
pub const MARK: Color = Color::rgb(0x1f, 0x6f, 0xd0);
/// The colour of a rulebook's crosses (a piece taken) and of a forbidden move's dashed arrow.
pub const CROSS: Color = Color::rgb(0xc0, 0x39, 0x2b);
/// The halo under arrows, crosses and tags, so that they read on a dark ground or piece.
const HALO: Color = Color::WHITE;
/// Margin around a plane, mm (its coordinates are written there).
const PLANE_MARGIN: f64 = 8.0;
/// A piece's label height, as a share of the piece's smaller side.
const LABEL_SHARE: f64 = 0.55;
/// A mark's number height, as a share of the mark's radius.
const MARK_LABEL_SHARE: f64 = 0.7;

/// Draws a position: `board` is its board's cells, top row first; `fields` its other keys
/// (`origin` on a plane, the fields `[diagram] highlight` names). `Err` says what in the
/// position does not fit the game's board or its pieces.
pub fn position(
    game: &Game,
    def: &DiagramDef,
    board: &Board,
    fields: &toml::Table,
) -> Result<Drawn, Error> {
    Ok(draw(game, def, place(game, def, board, fields)?))
}

/// Places a position on its ground, checking its shape, its pieces and the cells its fields
/// name, without drawing anything.
pub fn place(
    game: &Game,
    def: &DiagramDef,
    board: &Board,
    fields: &toml::Table,
) -> Result<Placement, Error> {
    let rows = &board.rows;
    let (ground, cells, on) = match &def.ground {
        model::Ground::Board(b) => on_board(game, *b, rows)?,
        model::Ground::Plane { cell, fill, line } => on_plane(*cell, *fill, *line, rows, fields)?,
    };
    let mut placed = Vec::new();
    for (name, poly, cell) in on {
        let what = shown(def, &cell)?;
        placed.push((name, poly, what, cell));
    }
    let mut highlighted = Vec::new();
    for key in &def.highlight {
        if let Some(toml::Value::String(name)) = fields.get(key) {
            let poly = outline_of(&cells, name).ok_or_else(|| {
                misfit(format!(
                    "`{key}` names `{name}`, which is no cell of the board"
                ))
            })?;
            highlighted.push(poly.to_vec());
        }
    }
    Ok(Placement {
        ground,
        cells,
        placed,
        highlighted,
    })
}

/// Draws a placed position: its ground, its pieces and tiles, the cells its fields name.
pub fn draw(game: &Game, def: &DiagramDef, p: Placement) -> Drawn {
    let names_inside = match p.ground {
        Spot::Board(b) => {
            let board = &game.boards[b];
            board.coords && !matches!(board.grid, Grid::Square(_))
        }
        Spot::Plane { .. } => false,
    };
    let names_edge = match p.ground {
        Spot::Board(b) => {
            let board = &game.boards[b];
            board.coords && matches!(board.grid, Grid::Square(_))
        }
        Spot::Plane { .. } => true,
    };
    let occupied = p.occupied().map(String::from).collect();
    let (mark, cross) = mark_colors(game);
    let cell_size = match p.ground {
        Spot::Board(b) => game.boards[b].cell,
        Spot::Plane { cell, .. } => cell,
    };
    let mut scene = match p.ground {
        Spot::Board(b) => super::board::draw(&game.boards[b]),
        Spot::Plane {
            cell,
            fill,
            line,
            origin,
            w,
            h,
        } => plane(cell, fill, line, origin, w, h),
    };
    for (_, poly, what, _) in &p.placed {
        token_on(&mut scene, game, def, poly, what);
    }
    for poly in &p.highlighted {
        outline(&mut scene, poly, FIELD_MARK);
    }
    let ground = match p.ground {
        Spot::Board(b) => game.boards[b].frame,
        Spot::Plane { fill, .. } => fill,
    };
    Drawn {
        whole: scene.width,
        ground,
        cell_size,
        mark,
        cross,
        scene,
        cells: p.cells,
        occupied,
        names_inside,
        names_edge,
    }
}

/// A board that names its cells inside them and has more cells than this is drawn whole with
/// its names round its edges: on a reduced figure, a name in each cell could not be read (a
/// page raises it to its least text size, over its neighbours').
const INSIDE_NAMES_MAX: usize = 64;

/// Moves the names a board prints inside its cells to its edges (each column's letter below its
/// lowest cell, each row's number left of its leftmost one), when it names them inside and has
/// more than [`INSIDE_NAMES_MAX`] cells; a drawing of a part of a board keeps them inside.
/// Call it before the marks are drawn: a named cell then needs no tag over its piece.
pub fn names_to_edges(d: &mut Drawn, _game: &Game) {
    if !d.names_inside || d.cells.len() <= INSIDE_NAMES_MAX {
        return;
    }
    let split = |name: &str| {
        let letters = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let digits = &name[letters.len()..];
        (!letters.is_empty() && !digits.is_empty())
            .then(|| (letters.to_string(), digits.parse::<u32>().ok()))
            .and_then(|(l, n)| Some((l, n?)))
    };
    if d.cells.iter().any(|(n, _)| split(n).is_none()) {
        return;
    }
    let boxes: Vec<(String, (f64, f64, f64, f64))> = d
        .cells
        .iter()
        .map(|(n, poly)| {
            let b = poly.iter().fold(
                (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
                |(x0, y0, x1, y1), q| (x0.min(q.x), y0.min(q.y), x1.max(q.x), y1.max(q.y)),
            );
            (n.clone(), b)
        })
        .collect();
    // The names inside the cells go.
    d.scene.items.retain(|it| match it {
        crate::scene::Item::Text(t) => !boxes
            .iter()
            .any(|(n, b)| *n == t.text && t.x >= b.0 && t.x <= b.2 && t.y >= b.1 && t.y <= b.3),
        _ => true,
    });
    let (_, h0) = boxes
        .first()
        .map(|(_, b)| (b.2 - b.0, b.3 - b.1))
        .unwrap_or((1.0, 1.0));
    let size = Mm(h0 * 0.36).in_pt();
    let cap = Face::Bold.cap_height_mm(size);
    let ink = super::ink_on(d.ground);
    // Each column's lowest cell and each row's leftmost one.
    let mut lowest: std::collections::BTreeMap<String, (u32, P, f64)> = Default::default();
    let mut leftmost: std::collections::BTreeMap<u32, (String, P, f64)> = Default::default();
    for (name, b) in &boxes {
        let Some((col, row)) = split(name) else {
            continue;
        };
        let c = p((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0);
        let (w, h) = (b.2 - b.0, b.3 - b.1);
        if lowest.get(&col).is_none_or(|(r, _, _)| row < *r) {
            lowest.insert(col.clone(), (row, c, h));
        }
        if leftmost.get(&row).is_none_or(|(l, _, _)| col < *l) {
            leftmost.insert(row, (col, c, w));
        }
    }
    // Within the drawing: a board's frame may be narrower than a name.
    let (width, height) = (d.scene.width, d.scene.height);
    for (col, (_, c, h)) in &lowest {
        d.scene.text(
            c.x,
            (c.y + h * 0.5 + cap * 1.2).min(height - cap * 0.35),
            size,
            Face::Bold,
            ink,
            Anchor::Middle,
            col,
        );
    }
    for (row, (_, c, w)) in &leftmost {
        let text = row.to_string();
        let room = Face::Bold.width_mm(&text, size) + cap * 0.35;
        d.scene.text(
            (c.x - w * 0.5 - cap * 0.4).max(room).min(width),
            c.y + cap / 2.0,
            size,
            Face::Bold,
            ink,
            Anchor::End,
            &text,
        );
    }
    d.names_inside = false;
}

/// A cell's name on the drawing, its outline and the position's cell there.
type Placed = Vec<(String, Vec<P>, Cell)>;

/// A ground placed: what it is, its named cells' outlines, and what stands on their cells.
type Ground = (Spot, Vec<(String, Vec<P>)>, Placed);

fn on_board(game: &Game, b: usize, rows: &[Vec<Cell>]) -> Result<Ground, Error> {
    let board = &game.boards[b];
    let want = board.written_rows();
    if rows.len() != want.len() {
        return Err(misfit(format!(
            "the board has {} rows, the position {}",
            want.len(),
            rows.len()
        )));
    }
    let mut placed = Vec::new();
    for (i, (row, cells)) in rows.iter().zip(&want).enumerate() {
        if row.len() != cells.len() {
            return Err(misfit(format!(
                "row {} of the board has {} cells, the position's {}",
                i + 1,
                cells.len(),
                row.len()
            )));
        }
        for (on, &c) in row.iter().zip(cells) {
            if on.occupied() {
                placed.push((board.grid.name(c), cell_polygon(board, c), on.clone()));
            }
        }
    }
    let cells = (0..board.grid.len())
        .filter(|&c| !board.is_hole(c))
        .map(|c| (board.grid.name(c), cell_polygon(board, c)))
        .collect();
    Ok((Spot::Board(b), cells, placed))
}

/// A plane of squares around the tokens' rectangle, with one empty ring.
fn on_plane(
    cell: f64,
    fill: Color,
    line: Color,
    rows: &[Vec<Cell>],
    fields: &toml::Table,
) -> Result<Ground, Error> {
    let origin = match fields.get("origin") {
        None => (0, 0),
        Some(toml::Value::Array(a)) => match a.as_slice() {
            [toml::Value::Integer(x), toml::Value::Integer(y)]
                if x.abs() <= 1_000 && y.abs() <= 1_000 =>
            {
                (*x as i32, *y as i32)
            }
            _ => return Err(misfit("`origin` is `[x, y]`, two whole numbers")),
        },
        Some(_) => return Err(misfit("`origin` is `[x, y]`, two whole numbers")),
    };
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let height = rows.len().max(1);
    if cols > 60 || height > 60 {
        return Err(misfit(format!(
            "a plane of {cols} × {height} squares: the limit is 60 × 60"
        )));
    }
    // One empty ring around the pawns.
    let (w, h) = (cols as i32 + 2, height as i32 + 2);
    let square = |i: i32, j: i32| plane_square(cell, h, i, j);
    let mut cells = Vec::new();
    for j in 0..h {
        for i in 0..w {
            cells.push((
                format!("{},{}", i - 1 + origin.0, j - 1 + origin.1),
                square(i, j),
            ));
        }
    }
    let mut placed = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let j = (height - 1 - k) as i32 + 1;
        for (i, on) in row.iter().enumerate() {
            if on.occupied() {
                let name = format!("{},{}", i as i32 + origin.0, j - 1 + origin.1);
                placed.push((name, square(i as i32 + 1, j), on.clone()));
            }
        }
    }
    let spot = Spot::Plane {
        cell,
        fill,
        line,
        origin,
        w,
        h,
    };
    Ok((spot, cells, placed))
}

/// Square (i, j) of a plane `h` squares high, counted from the bottom-left of its ring.
fn plane_square(cell: f64, h: i32, i: i32, j: i32) -> Vec<P> {
    let m = PLANE_MARGIN;
    let (x, y) = (m + f64::from(i) * cell, m + f64::from(h - 1 - j) * cell);
    vec![
        p(x, y),
        p(x + cell, y),
        p(x + cell, y + cell),
        p(x, y + cell),
    ]
}

/// Draws a plane of `w` × `h` squares with the real coordinates along the bottom and the left.
fn plane(cell: f64, fill: Color, line: Color, origin: (i32, i32), w: i32, h: i32) -> Scene {
    let m = PLANE_MARGIN;
    let mut s = Scene::new(f64::from(w) * cell + 2.0 * m, f64::from(h) * cell + 2.0 * m);
    let (fw, fh) = (f64::from(w) * cell, f64::from(h) * cell);
    s.path(shape::rect(m, m, fw, fh), Some(fill), None);
    let st = Some(Stroke::solid(line, 0.4));
    for i in 0..=w {
        let x = m + f64::from(i) * cell;
        s.path(shape::line(p(x, m), p(x, m + fh)), None, st);
    }
    for j in 0..=h {
        let y = m + f64::from(j) * cell;
        s.path(shape::line(p(m, y), p(m + fw, y)), None, st);
    }
    let ink = super::ink_on(Color::WHITE);
    for i in 0..w {
        s.text(
            m + (f64::from(i) + 0.5) * cell,
            m + fh + 6.0,
            11.0,
            Face::Regular,
            ink,
            Anchor::Middle,
            &(i - 1 + origin.0).to_string(),
        );
    }
    for j in 0..h {
        s.text(
            m / 2.0,
            m + (f64::from(h - j) - 0.5) * cell + 1.5,
            11.0,
            Face::Regular,
            ink,
            Anchor::Middle,
            &(j - 1 + origin.1).to_string(),
        );
    }
    s
}

/// What a cell shows: the printed piece `[diagram] tokens` maps its pieces' token to, or the
/// tile of `[diagram] tiles` with its zones.
fn shown(def: &DiagramDef, cell: &Cell) -> Result<Shown, Error> {
    let token = cell.token.as_str();
    if let Stands::Pieces(_) = cell.stands {
        if let Some(i) = def.tokens.iter().position(|(t, _)| t == token) {
            return Ok(Shown::Piece(i));
        }
    }
    if let (Some(_), Some(zones)) = (def.tiles, cell.zones()) {
        if let Ok(zones) = <[String; 4]>::try_from(zones.to_vec()) {
            return Ok(Shown::Tile(Tile {
                face: TileFace::Zones(zones),
                count: 1,
                elements: Vec::new(),
            }));
        }
    }
    let mut known: Vec<&str> = def.tokens.iter().map(|(t, _)| t.as_str()).collect();
    known.insert(0, ".");
    let tiles = if def.tiles.is_some() {
        ", or a tile by its zones' letters"
    } else {
        ""
    };
    Err(misfit(format!(
        "unknown token `{token}` (expected {}{tiles}; `[diagram] tokens` in game.toml maps tokens to pieces)",
        known
            .iter()
            .map(|t| format!("`{t}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

/// The mean of a polygon's corners (a triangle's centroid, a square's centre).
fn centre(poly: &[P]) -> P {
    let n = poly.len() as f64;
    p(
        poly.iter().map(|q| q.x).sum::<f64>() / n,
        poly.iter().map(|q| q.y).sum::<f64>() / n,
    )
}

/// Width and height of a polygon's bounding box.
fn span(poly: &[P]) -> (f64, f64, f64) {
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for q in poly {
        (x0, x1, y0, y1) = (x0.min(q.x), x1.max(q.x), y0.min(q.y), y1.max(q.y));
    }
    (x1 - x0, y1 - y0, (y0 + y1) / 2.0)
}

/// Draws the piece or tile a token stands for on a cell: at its printed size, or smaller to fit
/// the cell; a triangle turned with its cell.
fn token_on(s: &mut Scene, game: &Game, def: &DiagramDef, poly: &[P], what: &Shown) {
    let at = centre(poly);
    let (bw, bh, mid_y) = span(poly);
    // A triangle cell whose centroid is above its middle points down.
    let down = poly.len() == 3 && at.y < mid_y - 1e-6;
    let (face, anchor, label, fill) = match what {
        Shown::Piece(i) => {
            let look = &def.tokens[*i].1;
            let pc = &game.pieces[look.piece];
            let face = if look.back {
                super::piece::back(pc, Lang::Fr)
                    .unwrap_or_else(|| super::piece::front(pc, Lang::Fr))
            } else {
                super::piece::front(pc, Lang::Fr)
            };
            // A triangle's anchor is its centroid, two thirds down from its apex.
            let k = if pc.shape == PieceShape::Triangle {
                2.0 / 3.0
            } else {
                0.5
            };
            let anchor = p(face.width / 2.0, face.height * k);
            let fill = if look.back {
                pc.back.unwrap_or(pc.fill)
            } else {
                pc.fill
            };
            (face, anchor, look.label.clone(), fill)
        }
        Shown::Tile(tile) => {
            let set = &game.tilesets[def.tiles.unwrap_or(0)];
            let face = super::tile::face(set, tile, Lang::Fr);
            let anchor = p(face.width / 2.0, face.height / 2.0);
            (face, anchor, None, Color::WHITE)
        }
    };
    let k = (0.92 * bw / face.width)
        .min(0.92 * bh / face.height)
        .min(1.0);
    let turn = if down { 180.0 } else { 0.0 };
    let t = Affine::translate(-anchor.x, -anchor.y)
        .then(Affine::rotate(turn))
        .then(Affine::scale(k))
        .then(Affine::translate(at.x, at.y));
    let (fw, fh) = (face.width, face.height);
    s.place(face, t, None);
    if let Some(label) = label {
        let size = Mm(fw.min(fh) * k * LABEL_SHARE).in_pt();
        s.text(
            at.x,
            at.y + Face::Bold.cap_height_mm(size) / 2.0,
            size,
            Face::Bold,
            super::ink_on(fill),
            Anchor::Middle,
            &label,
        );
    }
}

/// Outlines a cell, just inside it so that neighbouring outlines do not merge.
fn outline(s: &mut Scene, poly: &[P], color: Color) {
    let c = centre(poly);
    let (bw, bh, _) = span(poly);
    let w = bw.max(bh) * 0.1;
    let k = 1.0 - 0.09;
    let inner: Vec<_> = poly
        .iter()
        .map(|q| p(c.x + (q.x - c.x) * k, c.y + (q.y - c.y) * k))
        .collect();
    s.path(shape::polygon(&inner), None, Some(Stroke::solid(color, w)));
}

/// The radius marks are drawn at on a cell: 0.72 of its inscribed circle's.
fn mark_radius(poly: &[P]) -> f64 {
    let n = poly.len();
    let mut area = 0.0;
    let mut perimeter = 0.0;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        area += a.x * b.y - b.x * a.y;
        perimeter += (b.x - a.x).hypot(b.y - a.y);
    }
    0.72 * area.abs() / perimeter.max(1e-9)
}

/// Marks over a diagram, each a list of cell names.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    /// Cells outlined.
    pub highlight: Vec<String>,
    /// Arrows through cells: a move played or allowed.
    pub arrows: Vec<Vec<String>>,
    /// Dashed arrows through cells: a move the rules forbid.
    pub barred: Vec<Vec<String>>,
    /// Cells crossed out: a piece taken.
    pub crosses: Vec<String>,
    /// Cells numbered 1, 2, ... in order (an order of placement).
    pub numbers: Vec<String>,
    /// Cells a caption names: where a piece hides the name the board prints in the cell, the
    /// name is written again on a tag over the piece.
    pub tags: Vec<String>,
    /// Pieces a move the figure shows puts on an empty cell (a placement, a drop's landing
    /// cell, an arrow shot): the cell and the piece's token, drawn faded inside a dashed ring.
    pub placed: Vec<(String, String)>,
    /// Pieces that changed sides in the move just played (a disc turned over, a pawn
    /// encircled): a turning badge on each.
    pub turned: Vec<String>,
}

impl Marks {
    /// Every cell the marks name.
    pub fn names(&self) -> impl Iterator<Item = &String> {
        self.highlight
            .iter()
            .chain(self.arrows.iter().flatten())
            .chain(self.barred.iter().flatten())
            .chain(&self.crosses)
            .chain(&self.numbers)
            .chain(&self.tags)
            .chain(self.placed.iter().map(|(c, _)| c))
            .chain(&self.turned)
    }

    /// Adds `other`'s marks that these do not hold yet (written marks first, then the ones
    /// derived from the claims).
    pub fn merge(&mut self, other: Marks) {
        fn add<T: PartialEq>(to: &mut Vec<T>, from: Vec<T>) {
            for x in from {
                if !to.contains(&x) {
                    to.push(x);
                }
            }
        }
        add(&mut self.highlight, other.highlight);
        add(&mut self.arrows, other.arrows);
        add(&mut self.barred, other.barred);
        add(&mut self.crosses, other.crosses);
        add(&mut self.tags, other.tags);
        add(&mut self.placed, other.placed);
        add(&mut self.turned, other.turned);
        if self.numbers.is_empty() {
            self.numbers = other.numbers;
        }
    }
}

/// A kind of mark, as a rulebook's legend explains it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// An arrow: a move played or possible.
    Arrow,
    /// A dashed arrow: a move the rules forbid.
    Barred,
    /// A cross on a piece: a piece taken.
    Cross,
    /// A barred ring on an empty cell: a move or placement not allowed there.
    Refused,
    /// A faded piece in a dashed ring: a piece placed by the move.
    Placed,
    /// A turning badge: a piece that changed sides.
    Turned,
    /// Numbers: an order of placement.
    Numbers,
    /// An outline: a highlighted cell.
    Highlight,
    /// The outline a position field draws (`[diagram] highlight`): what the game says it
    /// means.
    Field,
}

impl MarkKind {
    /// Every kind, in the legend's order.
    pub const ALL: [MarkKind; 9] = [
        MarkKind::Arrow,
        MarkKind::Placed,
        MarkKind::Turned,
        MarkKind::Cross,
        MarkKind::Barred,
        MarkKind::Refused,
        MarkKind::Numbers,
        MarkKind::Highlight,
        MarkKind::Field,
    ];

    /// Whether `marks`, over a position whose pieces stand on `occupied`, hold a mark of this
    /// kind.
    pub fn used_in(self, marks: &Marks, occupied: &[String]) -> bool {
        match self {
            MarkKind::Arrow => marks.arrows.iter().any(|a| a.len() >= 2),
            MarkKind::Barred => marks.barred.iter().any(|a| a.len() >= 2),
            MarkKind::Cross => marks.crosses.iter().any(|c| occupied.contains(c)),
            MarkKind::Refused => marks.crosses.iter().any(|c| !occupied.contains(c)),
            MarkKind::Placed => !marks.placed.is_empty(),
            MarkKind::Turned => !marks.turned.is_empty(),
            MarkKind::Numbers => !marks.numbers.is_empty(),
            MarkKind::Highlight => !marks.highlight.is_empty(),
            // Known from the position's fields, not from the marks: see the legend.
            MarkKind::Field => false,
        }
    }
}

/// A small drawing of one kind of mark for a rulebook's legend: two cells of the game's first
/// board's colours (one for a cross, a ring, an outline), the mark drawn as the figures draw it,
/// in the game's mark colours; a piece of the diagram's first token where the mark is on one.
pub fn legend_swatch(game: &Game, def: &DiagramDef, kind: MarkKind) -> Scene {
    let (mark, cross) = mark_colors(game);
    let (fill, line) = game
        .boards
        .first()
        .map_or((Color::WHITE, Color::BLACK), |b| (b.fill, b.line));
    let c = 10.0;
    let two = matches!(kind, MarkKind::Arrow | MarkKind::Barred | MarkKind::Numbers);
    let n = if two { 2 } else { 1 };
    let mut s = Scene::new(c * n as f64, c);
    let x0 = 0.0;
    let cells: Vec<Vec<P>> = (0..n)
        .map(|i| {
            let x = x0 + i as f64 * c;
            vec![p(x, 0.0), p(x + c, 0.0), p(x + c, c), p(x, c)]
        })
        .collect();
    for poly in &cells {
        s.path(
            shape::polygon(poly),
            Some(fill),
            Some(Stroke::solid(line, 0.25)),
        );
    }
    let r = mark_radius(&cells[0]);
    // The sample piece: a plain one, not a numbered brick or a stack's count.
    let sample = def
        .tokens
        .iter()
        .position(|(_, look)| look.label.is_none())
        .unwrap_or(0);
    let piece = |s: &mut Scene, poly: &[P]| {
        if !def.tokens.is_empty() {
            token_on(s, game, def, poly, &Shown::Piece(sample));
        }
    };
    match kind {
        MarkKind::Arrow | MarkKind::Barred => {
            piece(&mut s, &cells[0]);
            let pts = [centre(&cells[0]), centre(&cells[1])];
            let color = if kind == MarkKind::Arrow { mark } else { cross };
            arrow(
                &mut s,
                &pts,
                r,
                color,
                kind == MarkKind::Barred,
                (true, false),
            );
        }
        MarkKind::Cross => {
            piece(&mut s, &cells[0]);
            cross_mark(&mut s, &cells[0], cross);
        }
        MarkKind::Refused => refused_mark(&mut s, &cells[0], cross),
        MarkKind::Placed => {
            if !def.tokens.is_empty() {
                ghost(&mut s, game, def, &cells[0], sample, mark);
            }
        }
        MarkKind::Turned => {
            piece(&mut s, &cells[0]);
            turn_badge(&mut s, &cells[0], mark);
        }
        MarkKind::Numbers => {
            for (i, poly) in cells.iter().enumerate() {
                piece(&mut s, poly);
                number_badge(&mut s, poly, i + 1, mark);
            }
        }
        MarkKind::Highlight => outline(&mut s, &cells[0], mark),
        MarkKind::Field => {
            piece(&mut s, &cells[0]);
            outline(&mut s, &cells[0], FIELD_MARK);
        }
    }
    s
}

/// Colours a mark may take, in order of preference: blue, violet, teal, magenta, orange, slate.
const MARK_COLORS: [Color; 6] = [
    MARK,
    Color::rgb(0x7e, 0x3f, 0xbf),
    Color::rgb(0x00, 0x89, 0x7b),
    Color::rgb(0xc2, 0x18, 0x5b),
    Color::rgb(0xef, 0x6c, 0x00),
    Color::rgb(0x37, 0x47, 0x4f),
];

/// Colours a cross may take, in order of preference: red, magenta, orange, near black, violet.
const CROSS_COLORS: [Color; 5] = [
    CROSS,
    Color::rgb(0xc2, 0x18, 0x5b),
    Color::rgb(0xef, 0x6c, 0x00),
    Color::rgb(0x21, 0x21, 0x21),
    Color::rgb(0x7e, 0x3f, 0xbf),
];

/// How far apart two colours must be for a mark to never be read as a piece or a cell: the
/// "redmean" distance, about 0 to 765.
pub const MARK_APART: f64 = 150.0;

/// A colour distance that weighs red, green and blue as the eye roughly does ("redmean").
pub fn color_distance(a: Color, b: Color) -> f64 {
    let rm = (f64::from(a.r) + f64::from(b.r)) / 2.0;
    let (dr, dg, db) = (
        f64::from(a.r) - f64::from(b.r),
        f64::from(a.g) - f64::from(b.g),
        f64::from(a.b) - f64::from(b.b),
    );
    ((2.0 + rm / 256.0) * dr * dr + 4.0 * dg * dg + (2.0 + (255.0 - rm) / 256.0) * db * db).sqrt()
}

/// The colours a game's diagrams draw their marks in (moves, then crosses): the first of each
/// list far enough ([`MARK_APART`]) from every piece's colours and every board's cells, so that
/// a mark never takes a side's colour (a blue arrow beside blue noughts, a blue ring on a blue
/// Connect Four board); the nearest miss when none is.
pub fn mark_colors(game: &Game) -> (Color, Color) {
    let mut taken: Vec<Color> = Vec::new();
    for pc in &game.pieces {
        taken.push(pc.fill);
        taken.extend(pc.back);
    }
    for b in &game.boards {
        taken.push(b.fill);
        taken.extend(b.alt_fill);
        taken.extend(b.regions.iter().map(|r| r.fill));
    }
    let pick = |list: &[Color], also: Option<Color>| -> Color {
        let apart = |c: Color| {
            taken
                .iter()
                .copied()
                .chain(also)
                .map(|t| color_distance(c, t))
                .fold(f64::INFINITY, f64::min)
        };
        list.iter()
            .copied()
            .find(|&c| apart(c) >= MARK_APART)
            .unwrap_or_else(|| {
                list.iter()
                    .copied()
                    .max_by(|a, b| apart(*a).total_cmp(&apart(*b)))
                    .unwrap_or(list[0])
            })
    };
    let mark = pick(&MARK_COLORS, None);
    (mark, pick(&CROSS_COLORS, Some(mark)))
}

/// Draws the marks over a drawn position; `Err` names a cell that is not on it.
pub fn draw_marks(d: &mut Drawn, marks: &Marks) -> Result<(), Error> {
    unknown_mark(&d.cells, marks)?;
    let (mark, cross) = (d.mark, d.cross);
    let (cells, s) = (&d.cells, &mut d.scene);
    let cell = |n: &str| outline_of(cells, n).unwrap_or_default().to_vec();
    let centres = |a: &[String]| a.iter().map(|c| centre(&cell(c))).collect::<Vec<P>>();
    for c in &marks.highlight {
        outline(s, &cell(c), mark);
    }
    // A move drawn once: a step along a longer arrow's line from the same cell is that arrow.
    let solid: Vec<Vec<P>> = marks.arrows.iter().map(|a| centres(a)).collect();
    for (i, pts) in solid.iter().enumerate() {
        if pts.len() < 2
            || solid
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && covers(o, pts))
        {
            continue;
        }
        let ends = ends_on_pieces(&d.occupied, &marks.arrows[i]);
        arrow(
            s,
            pts,
            mark_radius(&cell(&marks.arrows[i][0])),
            mark,
            false,
            ends,
        );
    }
    let barred: Vec<Vec<P>> = marks.barred.iter().map(|a| centres(a)).collect();
    for (i, pts) in barred.iter().enumerate() {
        let drawn = |o: &Vec<P>| covers(o, pts) || o == pts;
        if pts.len() < 2
            || barred
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && covers(o, pts))
            || solid.iter().any(drawn)
        {
            continue;
        }
        let r = mark_radius(&cell(&marks.barred[i][0]));
        // A refused move never hides a legal one: where one of its segments runs along an
        // arrow's, it is drawn beside it, moved square to its first segment.
        let along = pts.windows(2).any(|w| {
            solid
                .iter()
                .any(|o| o.windows(2).any(|v| overlap((v[0], v[1]), (w[0], w[1]))))
        });
        let (pts, away) = if along {
            let moved = beside(pts, r * 0.6);
            let v = (pts[0].x - moved[0].x, pts[0].y - moved[0].y);
            (moved, Some(v))
        } else {
            (pts.clone(), None)
        };
        // Moved to one side of a legal arrow, its steps back along itself run on the other
        // side of it, as far: never on the legal arrow.
        arrow_away(
            s,
            &pts,
            r,
            cross,
            ends_on_pieces(&d.occupied, &marks.barred[i]),
            away,
        );
    }
    // A cross goes over the arrow that takes its piece; on an empty cell, a barred ring says
    // that nothing may go there.
    for c in &marks.crosses {
        if d.occupied.contains(c) {
            cross_mark(s, &cell(c), cross);
        } else {
            refused_mark(s, &cell(c), cross);
        }
    }
    for (i, c) in marks.numbers.iter().enumerate() {
        number_badge(s, &cell(c), i + 1, mark);
    }
    for c in &marks.turned {
        turn_badge(s, &cell(c), mark);
    }
    if d.names_inside {
        for c in marks.tags.iter().filter(|c| d.occupied.contains(*c)) {
            tag(s, &cell(c), c, mark);
        }
        // A barred ring on an empty cell covers the name the board prints there.
        for c in marks.crosses.iter().filter(|c| !d.occupied.contains(*c)) {
            tag(s, &cell(c), c, mark);
        }
    }
    Ok(())
}

/// Draws the pieces of `marks.placed` faded on their cells, each inside a dashed ring of the
/// marks' colour: a move the figure shows, before it is played. A token the diagram does not
/// know is left out (the figure's claims were checked against the same tokens).
pub fn draw_placed(d: &mut Drawn, game: &Game, def: &DiagramDef, marks: &Marks) {
    for (cell, token) in &marks.placed {
        let Some(poly) = outline_of(&d.cells, cell).map(<[P]>::to_vec) else {
            continue;
        };
        let Some(i) = def.tokens.iter().position(|(t, _)| t == token) else {
            continue;
        };
        ghost(&mut d.scene, game, def, &poly, i, d.mark);
    }
}

/// The piece of token `i` on the cell `poly`, veiled, inside a dashed ring of `mark`.
fn ghost(s: &mut Scene, game: &Game, def: &DiagramDef, poly: &[P], i: usize, mark: Color) {
    token_on(s, game, def, poly, &Shown::Piece(i));
    let r = mark_radius(poly);
    let at = centre(poly);
    s.finished_path(
        shape::circle(at, r * 1.05),
        Some(Color::WHITE),
        None,
        crate::scene::Finish {
            fill_opacity: GHOST_VEIL,
            stroke_opacity: 1.0,
            even_odd: false,
            gradient: None,
        },
    );
    // A halo under the dashes, so the ring reads on a board of the marks' colour.
    s.path(
        shape::circle(at, r * 1.05),
        None,
        Some(Stroke::solid(HALO, r * 0.2)),
    );
    s.path(
        shape::circle(at, r * 1.05),
        None,
        Some(Stroke::dashed(mark, r * 0.12, r * 0.3, r * 0.2)),
    );
}

/// A cross over the cell `poly` (a piece taken), with a halo.
fn cross_mark(s: &mut Scene, poly: &[P], color: Color) {
    let r = mark_radius(poly);
    let at = centre(poly);
    s.cross(at, r * 0.75, Some(Stroke::solid(HALO, r * 0.4)));
    s.cross(at, r * 0.75, Some(Stroke::solid(color, r * 0.22)));
}

/// A ring barred from corner to corner over the empty cell `poly` (no move or placement may
/// end there), with a halo: not a cross, which says a piece is taken.
fn refused_mark(s: &mut Scene, poly: &[P], color: Color) {
    let r = mark_radius(poly) * 0.85;
    let at = centre(poly);
    let (dx, dy) = (
        r * std::f64::consts::FRAC_1_SQRT_2,
        r * std::f64::consts::FRAC_1_SQRT_2,
    );
    let bar = shape::line(p(at.x - dx, at.y - dy), p(at.x + dx, at.y + dy));
    for (color, w) in [(HALO, r * 0.42), (color, r * 0.22)] {
        s.path(shape::circle(at, r), None, Some(Stroke::solid(color, w)));
        s.path(bar.clone(), None, Some(Stroke::solid(color, w)));
    }
}

/// A badge's disc at the top right of the cell `poly`, in `color` with a white rim: its centre,
/// and the cell's mark radius its size is read from.
fn badge(s: &mut Scene, poly: &[P], color: Color) -> (P, f64) {
    let r = mark_radius(poly);
    let q = centre(poly);
    let at = p(q.x + r * 0.75, q.y - r * 0.75);
    s.path(
        shape::circle(at, r * 0.5),
        Some(color),
        Some(Stroke::solid(Color::WHITE, r * 0.06)),
    );
    (at, r)
}

/// The number `n` on a badge at the top right of the cell `poly` (an order of placement).
fn number_badge(s: &mut Scene, poly: &[P], n: usize, color: Color) {
    let (at, r) = badge(s, poly, color);
    let size = Mm(r * MARK_LABEL_SHARE).in_pt();
    s.text(
        at.x,
        at.y + Face::Bold.cap_height_mm(size) / 2.0,
        size,
        Face::Bold,
        Color::WHITE,
        Anchor::Middle,
        &n.to_string(),
    );
}

/// A badge at the top right of a cell, as a number's, holding a white arrow three quarters
/// round a circle: the piece there has just changed sides.
fn turn_badge(s: &mut Scene, poly: &[P], color: Color) {
    let (at, r) = badge(s, poly, color);
    let rr = r * 0.27;
    // From the top, clockwise (y down the page) three quarters round.
    let arc: Vec<P> = (0..=12)
        .map(|i| {
            let a = -std::f64::consts::FRAC_PI_2 + i as f64 / 12.0 * 1.5 * std::f64::consts::PI;
            p(at.x + rr * a.cos(), at.y + rr * a.sin())
        })
        .collect();
    s.path(
        shape::polyline(&arc),
        None,
        Some(Stroke::solid(Color::WHITE, r * 0.09)),
    );
    // The head at the arc's end (pointing up, at the left of the badge).
    let end = arc[arc.len() - 1];
    let h = r * 0.16;
    s.path(
        shape::polygon(&[
            p(end.x, end.y - h),
            p(end.x - h, end.y + h * 0.5),
            p(end.x + h, end.y + h * 0.5),
        ]),
        Some(Color::WHITE),
        None,
    );
}

/// How much a placed piece is veiled with white (0 clear, 1 hidden): it reads as "to come".
const GHOST_VEIL: f64 = 0.15;

/// True when `long`, a longer arrow from the same cell, runs over `short`, a single step or
/// slide: `short`'s end lies on `long`'s first segment.
fn covers(long: &[P], short: &[P]) -> bool {
    if short.len() != 2 || long.len() < 2 || long == short {
        return false;
    }
    let (a, b, e) = (long[0], long[1], short[1]);
    if (short[0].x - a.x).hypot(short[0].y - a.y) > 1e-6 {
        return false;
    }
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return false;
    }
    let t = ((e.x - a.x) * dx + (e.y - a.y) * dy) / (len * len);
    let off = ((e.x - a.x) * dy - (e.y - a.y) * dx).abs() / len;
    t > 1e-6 && t <= 1.0 + 1e-6 && off < 1e-3 * len
}

/// Draws an arrow through `pts` over a white halo, `dashed` for a forbidden move. A segment
/// that runs back over an earlier one is moved aside, so a path that returns stays readable.
/// Whether an arrow through `path` starts on a piece and ends on one, in the position drawn.
fn ends_on_pieces(occupied: &[String], path: &[String]) -> (bool, bool) {
    let on = |c: Option<&String>| c.is_some_and(|c| occupied.contains(c));
    (on(path.first()), on(path.last()))
}

/// How far an arrow keeps off the centre of a piece it starts or ends on, as a share of the
/// mark radius: the piece, its symbol and a number on it stay in sight.
const OFF_PIECE: f64 = 0.8;

fn arrow(s: &mut Scene, pts: &[P], r: f64, color: Color, dashed: bool, ends: (bool, bool)) {
    draw_arrow(s, aside(pts, r * 0.75, None), r, color, dashed, ends, 0.0);
}

/// A refused move's dashed arrow; when it was moved off a legal arrow by `away` (the way back
/// to it), its segments that step back along it go past the legal arrow, to its other side.
fn arrow_away(
    s: &mut Scene,
    pts: &[P],
    r: f64,
    color: Color,
    ends: (bool, bool),
    away: Option<(f64, f64)>,
) {
    // Past the legal arrow by a little less than it was moved: its stops stay near their
    // cells' centres.
    let off = away.map_or(r * 0.75, |v| v.0.hypot(v.1) + r * 0.45);
    let aside_by = away.map_or(0.0, |v| v.0.hypot(v.1));
    draw_arrow(s, aside(pts, off, away), r, color, true, ends, aside_by);
}

/// `aside_by`: how far the arrow's ends already lie aside from their cells' centres (a refused
/// move drawn beside a legal one), which counts towards keeping off a piece's centre.
fn draw_arrow(
    s: &mut Scene,
    mut pts: Vec<P>,
    r: f64,
    color: Color,
    dashed: bool,
    ends: (bool, bool),
    aside_by: f64,
) {
    // Off the centre of the piece that moves, and of the one it lands on (the pawn that acts,
    // a brick's count, a tile's zones): by a share of the segment at most.
    let along = ((r * OFF_PIECE).powi(2) - aside_by.powi(2)).max(0.0).sqrt();
    let pull = |a: P, b: P| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = dx.hypot(dy).max(1e-9);
        let by = along.min(len * 0.35);
        p(a.x + dx / len * by, a.y + dy / len * by)
    };
    let n = pts.len();
    if n >= 2 {
        if ends.0 {
            pts[0] = pull(pts[0], pts[1]);
        }
        if ends.1 {
            pts[n - 1] = pull(pts[n - 1], pts[n - 2]);
        }
    }
    let w = r * 0.27;
    let (shaft, head) = shape::arrow(&pts, r * 0.95);
    s.path(shaft.clone(), None, Some(Stroke::solid(HALO, w * 1.8)));
    s.path(head.clone(), Some(HALO), Some(Stroke::solid(HALO, w)));
    let line = if dashed {
        Stroke::dashed(color, w, w * 2.4, w * 1.6)
    } else {
        Stroke::solid(color, w)
    };
    s.path(shaft, None, Some(line));
    s.path(head, Some(color), None);
    // Each stop of a chain on the way (c3-e5-g7 in a straight line reads as one move to g7
    // without it): a dot with a halo.
    for q in &pts[1..pts.len().saturating_sub(1)] {
        s.path(
            shape::circle(*q, w * 1.3),
            Some(color),
            Some(Stroke::solid(HALO, w * 0.5)),
        );
    }
}

/// The points of a path with every segment that overlaps an earlier one (a step back along a
/// jump) moved `off` aside, towards where the path goes next so that it does not cross itself
/// again; the next segment starts where the moved one ends.
fn aside(pts: &[P], off: f64, away: Option<(f64, f64)>) -> Vec<P> {
    let segs: Vec<(P, P)> = pts.windows(2).map(|w| (w[0], w[1])).collect();
    let mut out = vec![pts[0]];
    let mut prev_end: Option<P> = None;
    for (i, &(a, b)) in segs.iter().enumerate() {
        let back = segs[..i].iter().any(|&(c, e)| overlap((c, e), (a, b)));
        let (a2, b2) = if back {
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len = dx.hypot(dy).max(1e-9);
            let (mut nx, mut ny) = (dy / len * off, -dx / len * off);
            if let Some(v) = away {
                if v.0 * nx + v.1 * ny < 0.0 {
                    (nx, ny) = (-nx, -ny);
                }
            } else if let Some(&(_, next)) = segs.get(i + 1) {
                if (next.x - b.x) * nx + (next.y - b.y) * ny < 0.0 {
                    (nx, ny) = (-nx, -ny);
                }
            }
            (p(a.x + nx, a.y + ny), p(b.x + nx, b.y + ny))
        } else {
            (prev_end.unwrap_or(a), b)
        };
        if (a2.x - out[out.len() - 1].x).hypot(a2.y - out[out.len() - 1].y) > 1e-9 {
            out.push(a2);
        }
        out.push(b2);
        prev_end = back.then_some(b2);
    }
    out
}

/// True when two segments lie on one line and share a stretch of it.
/// `pts` moved `off` square to its first segment (to its left, going along it).
fn beside(pts: &[P], off: f64) -> Vec<P> {
    let (a, b) = (pts[0], pts[1]);
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = dx.hypot(dy).max(1e-9);
    let (nx, ny) = (dy / len * off, -dx / len * off);
    pts.iter().map(|q| p(q.x + nx, q.y + ny)).collect()
}

fn overlap((a, b): (P, P), (c, e): (P, P)) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return false;
    }
    let dist = |q: P| ((q.x - a.x) * dy - (q.y - a.y) * dx).abs() / len;
    if dist(c) > 1e-3 * len || dist(e) > 1e-3 * len {
        return false;
    }
    let t = |q: P| ((q.x - a.x) * dx + (q.y - a.y) * dy) / (len * len);
    let (t0, t1) = (t(c).min(t(e)), t(c).max(t(e)));
    t1.min(1.0) - t0.max(0.0) > 1e-6
}

/// Writes a cell's name on a small white tag low in the cell, on the rim of the piece that
/// hides the name the board prints: the piece still shows above it.
fn tag(s: &mut Scene, poly: &[P], name: &str, mark: Color) {
    let r = mark_radius(poly);
    let c = centre(poly);
    let (bw, _, mid_y) = span(poly);
    // Towards a triangle's base, clear of an arrow from the centre; on another cell, at the
    // bottom of the piece.
    let at = match poly.len() {
        3 if c.y < mid_y => p(c.x, c.y - bw * 0.12),
        3 => p(c.x, c.y + bw * 0.17),
        _ => p(c.x, c.y + r * 1.6),
    };
    // As large as a board's names once raised to the page's least text size on a reduced
    // diagram, so that the tag still holds its name.
    let size = Mm(r * 0.75).in_pt();
    let w = Face::Bold.width_mm(name, size) + r * 0.4;
    let h = Face::Bold.cap_height_mm(size) + r * 0.45;
    s.path(
        shape::rounded_rect(at.x - w / 2.0, at.y - h / 2.0, w, h, h * 0.25),
        Some(HALO),
        Some(Stroke::solid(mark, r * 0.05)),
    );
    s.text(
        at.x,
        at.y + Face::Bold.cap_height_mm(size) / 2.0,
        size,
        Face::Bold,
        super::ink_on(HALO),
        Anchor::Middle,
        name,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_back_over_the_path_is_moved_aside_towards_the_next() {
        // c2 → e2, back to d2, then up (y down on the page): the step back is moved up.
        let pts = [p(0.0, 0.0), p(2.0, 0.0), p(1.0, 0.0), p(1.0, -1.0)];
        let out = aside(&pts, 0.3, None);
        assert_eq!(
            out,
            [
                p(0.0, 0.0),
                p(2.0, 0.0),
                p(2.0, -0.3),
                p(1.0, -0.3),
                p(1.0, -1.0)
            ]
        );
        // A path that never runs back is unchanged.
        let square = [
            p(0.0, 0.0),
            p(2.0, 0.0),
            p(2.0, 2.0),
            p(0.0, 2.0),
            p(0.0, 0.0),
        ];
        assert_eq!(aside(&square, 0.3, None), square);
    }

    #[test]
    fn a_step_along_a_longer_arrow_from_the_same_cell_is_covered() {
        let long = [p(0.0, 0.0), p(3.0, 0.0)];
        assert!(covers(&long, &[p(0.0, 0.0), p(1.0, 0.0)]));
        assert!(!covers(&long, &[p(0.0, 0.0), p(-1.0, 0.0)]));
        assert!(!covers(&long, &[p(1.0, 0.0), p(2.0, 0.0)]));
        assert!(!covers(&long, &long));
        let chain = [p(0.0, 0.0), p(2.0, 2.0), p(4.0, 4.0)];
        assert!(covers(&chain, &[p(0.0, 0.0), p(2.0, 2.0)]));
    }
}
