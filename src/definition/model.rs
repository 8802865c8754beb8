//! Stage two: the validated model. Every value here has been checked; later stages trust it.

use crate::base::color::Color;
use crate::base::lang::Text;
use crate::geometry::{HexGrid, SquareGrid, TriangleGrid};

/// A whole game definition.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// Game id (its folder name).
    pub id: String,
    /// Display title.
    pub title: Text,
    /// Languages of its player-facing text, in build order (French and English unless the game
    /// declares fewer).
    pub languages: Vec<crate::base::lang::Lang>,
    /// Sheet layout parameters.
    pub sheet: SheetStyle,
    /// Boards.
    pub boards: Vec<Board>,
    /// Card decks.
    pub decks: Vec<Deck>,
    /// Tile sets.
    pub tilesets: Vec<Tileset>,
    /// Pieces.
    pub pieces: Vec<Piece>,
    /// Dice.
    pub dice: Vec<Die>,
    /// Play mats.
    pub mats: Vec<Mat>,
    /// Integer parameters of the rules, by name.
    pub params: std::collections::BTreeMap<String, i64>,
    /// How the rulebook draws a position of the game (`[diagram]`), when it has a board or a
    /// plane to draw it on.
    pub diagram: Option<DiagramDef>,
    /// The game's own rules engine program, when it names one (`[engine]`).
    pub engine: Option<EngineDef>,
    /// Credits and the facts a rulebook's header gives.
    pub about: About,
}

/// Credits and the facts of a game's box, each when the definition gives it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct About {
    /// Designer.
    pub designer: Option<String>,
    /// Publisher.
    pub publisher: Option<String>,
    /// Year of publication.
    pub year: Option<i64>,
    /// Where the rules come from.
    pub source: Option<Text>,
    /// A notice of the rights.
    pub notice: Option<Text>,
    /// Fewest and most players.
    pub players: Option<(i64, i64)>,
    /// Youngest age.
    pub age: Option<i64>,
    /// Shortest and longest game, in minutes.
    pub minutes: Option<(i64, i64)>,
}

/// A rules engine program of the game's own.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineDef {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The folder it runs in: the game's.
    pub dir: std::path::PathBuf,
}

/// How positions are drawn: on which ground, and which piece each board token stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct DiagramDef {
    /// Where the pieces stand.
    pub ground: Ground,
    /// Board tokens and what they show (`.` is always an empty cell).
    pub tokens: Vec<(String, TokenLook)>,
    /// Tokens that are tiles of this tile set (index), written by their zones' letter codes.
    pub tiles: Option<usize>,
    /// Position fields that name a cell to outline (Imbriqua's `last_placed`).
    pub highlight: Vec<String>,
}

/// The ground of a diagram.
#[derive(Debug, Clone, PartialEq)]
pub enum Ground {
    /// A board of the game (index): the board's rows of tokens, top row first.
    Board(usize),
    /// A plane without edges drawn as a mat's squares: the tokens of any rectangle, placed by
    /// the position's `origin = [x, y]` (the bottom-left token's coordinates); cells are named
    /// `x,y`.
    Plane {
        /// Square side, mm.
        cell: f64,
        /// Ground colour.
        fill: Color,
        /// Line colour.
        line: Color,
    },
}

/// What a board token shows.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenLook {
    /// The piece (index into the game's pieces).
    pub piece: usize,
    /// Its back face (a two-faced piece turned over).
    pub back: bool,
    /// A label written on it (a stack's height).
    pub label: Option<String>,
}

impl Game {
    /// A rules parameter, if the definition gives it.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.get(name).copied()
    }

    /// The first board, for a rules engine that plays on at most `max_cells` cells; the errors
    /// name the definition file.
    pub fn engine_board(&self, max_cells: usize) -> Result<&Board, String> {
        let file = format!("games/{}/game.toml", self.id);
        let board = self
            .boards
            .first()
            .ok_or_else(|| format!("{file}: no board"))?;
        let n = board.grid.len();
        if n > max_cells {
            return Err(format!(
                "{file}: the rules engine handles up to {max_cells} cells; the board has {n}"
            ));
        }
        Ok(board)
    }
}

/// Sheet layout parameters, in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SheetStyle {
    /// Printable margin on every side.
    pub margin: f64,
    /// Crop mark length.
    pub crop_length: f64,
    /// Gap between a crop mark and the cut area.
    pub crop_gap: f64,
    /// Overlap strip where a split board's parts are glued.
    pub overlap: f64,
}

impl SheetStyle {
    /// How far a crop mark reaches beyond the line it marks (its gap and its length), mm.
    pub fn reach(&self) -> f64 {
        self.crop_gap + self.crop_length
    }

    /// The distance from the page edge within which no component may lie: the margin and
    /// the crop marks outside the component (bleed comes on top), mm.
    pub fn keep_out(&self) -> f64 {
        self.margin + self.reach()
    }
}

/// The cells of a board.
#[derive(Debug, Clone, PartialEq)]
pub enum Grid {
    /// Square cells.
    Square(SquareGrid),
    /// The hexagon of triangles.
    Triangles(TriangleGrid),
    /// Hexagonal cells.
    Hex(HexGrid),
}

impl Grid {
    /// Number of cells.
    pub fn len(&self) -> usize {
        match self {
            Grid::Square(g) => g.len(),
            Grid::Triangles(g) => g.len(),
            Grid::Hex(g) => g.len(),
        }
    }
    /// True when the grid has no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// A cell's name.
    pub fn name(&self, c: usize) -> String {
        match self {
            Grid::Square(g) => g.name(c),
            Grid::Triangles(g) => g.name(c),
            Grid::Hex(g) => g.name(c),
        }
    }
    /// The cell of a name.
    pub fn parse(&self, s: &str) -> Option<usize> {
        match self {
            Grid::Square(g) => g.parse(s),
            Grid::Triangles(g) => g.parse(s),
            Grid::Hex(g) => g.parse(s),
        }
    }
    /// The cells as a position file writes them: rows from the top of the board, each from
    /// the left (a square board's last rank first; the triangles' rows; a hex board's rows of
    /// its names, the highest first).
    pub fn written_rows(&self) -> Vec<Vec<usize>> {
        match self {
            Grid::Square(g) => (0..g.rows)
                .rev()
                .map(|r| (0..g.cols).map(|f| r * g.cols + f).collect())
                .collect(),
            Grid::Triangles(g) => (0..g.rows())
                .map(|k| (0..g.len()).filter(|&c| g.cells[c].0 == k).collect())
                .collect(),
            Grid::Hex(g) => {
                let mut rows: Vec<(i32, Vec<usize>)> = Vec::new();
                // Cells are sorted by the row of their names, then the column.
                for c in 0..g.len() {
                    let r = g.col_row(g.axial(c)).1;
                    match rows.last_mut() {
                        Some((last, cells)) if *last == r => cells.push(c),
                        _ => rows.push((r, vec![c])),
                    }
                }
                rows.into_iter().rev().map(|(_, cells)| cells).collect()
            }
        }
    }
    /// True for a cell on the outline.
    pub fn is_border(&self, c: usize) -> bool {
        match self {
            Grid::Square(g) => g.is_border(c),
            Grid::Triangles(g) => g.border.iter().any(|b| b.cell == c),
            Grid::Hex(g) => g.is_border(c),
        }
    }
}

/// A board.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Cells.
    pub grid: Grid,
    /// Cell size (square side or triangle side), mm.
    pub cell: f64,
    /// Cell colour.
    pub fill: Color,
    /// Checkered second colour.
    pub alt_fill: Option<Color>,
    /// Grid lines.
    pub line: Color,
    /// Frame around the board.
    pub frame: Color,
    /// Cell names printed around the board.
    pub coords: bool,
    /// Copies.
    pub count: usize,
    /// Coloured cell sets with a role.
    pub regions: Vec<Region>,
    /// Marks on cells.
    pub marks: Vec<Mark>,
    /// A numbered score track around the board or in rows below it.
    pub track: Option<Track>,
    /// The elements of its printed face when it has a layout (none: the board's drawing alone).
    pub face: Vec<Element>,
}

/// How a score track runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackPath {
    /// Around the board's edge, clockwise from the top-left corner.
    Around,
    /// In rows below the board, each row turning back (so each space touches the next).
    Rows,
}

/// A numbered score track: spaces `from` to `to`.
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    /// First number.
    pub from: i64,
    /// Last number.
    pub to: i64,
    /// How it runs.
    pub path: TrackPath,
    /// Depth of a space (its side in rows), mm.
    pub space: f64,
    /// Space colour.
    pub fill: Color,
    /// Colour of every `every`-th space.
    pub highlight: Color,
    /// Spacing of highlighted numbers (5: 0, 5, 10, ...).
    pub every: i64,
    /// Lines and numbers.
    pub line: Color,
}

impl Board {
    /// Width of the frame around the cells, mm.
    pub fn frame_width(&self) -> f64 {
        match (&self.grid, self.coords) {
            (Grid::Square(_), true) => (self.cell * 0.4).clamp(7.0, 12.0),
            (Grid::Square(_), false) => 4.0,
            (Grid::Triangles(_), _) => (self.cell * 0.3).clamp(6.0, 12.0),
            (Grid::Hex(_), _) => (self.cell * 0.3).clamp(5.0, 12.0),
        }
    }

    /// Width and height of the cells and their frame, without the track, mm.
    pub fn grid_extent(&self) -> (f64, f64) {
        let (gw, gh) = match &self.grid {
            Grid::Square(g) => (g.cols as f64 * self.cell, g.rows as f64 * self.cell),
            Grid::Triangles(t) => {
                let (w, h) = t.extent();
                (w * self.cell, h * self.cell)
            }
            Grid::Hex(g) => g.size(self.cell),
        };
        let f = self.frame_width();
        (gw + 2.0 * f, gh + 2.0 * f)
    }

    /// Width and height of the board's printed face, its track included, mm.
    pub fn extent(&self) -> (f64, f64) {
        let (w, h) = self.grid_extent();
        match &self.track {
            Some(t) => t.extent(w, h),
            None => (w, h),
        }
    }

    /// The cells of the region with this role (empty when there is none).
    pub fn region(&self, role: &str) -> Vec<usize> {
        self.regions
            .iter()
            .filter(|r| r.role == role)
            .flat_map(|r| r.cells.iter().copied())
            .collect()
    }
}

/// A coloured set of cells with a role the rules read.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// Role name.
    pub role: String,
    /// Cells, sorted.
    pub cells: Vec<usize>,
    /// Fill colour.
    pub fill: Color,
}

/// The shape of a cell mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkShape {
    /// An open circle.
    Ring,
    /// A filled dot.
    Dot,
    /// A cross.
    Cross,
}

/// A mark on some cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// Cells, sorted.
    pub cells: Vec<usize>,
    /// Shape.
    pub shape: MarkShape,
    /// Colour.
    pub color: Color,
}

/// A card style with every field resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardStyle {
    /// Corner radius of the panel, mm.
    pub corner: f64,
    /// Coloured border width around the panel, mm.
    pub border: f64,
    /// Title size, pt.
    pub title_size: f64,
    /// Text size, pt.
    pub text_size: f64,
    /// Panel colour.
    pub panel: Color,
    /// Ink colour.
    pub ink: Color,
}

/// Background pattern of a back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// Plain.
    None,
    /// A diamond lattice.
    Diamonds,
    /// A square grid.
    Grid,
}

/// A shared back.
#[derive(Debug, Clone, PartialEq)]
pub struct Back {
    /// Background.
    pub fill: Color,
    /// Text colour.
    pub ink: Color,
    /// Title.
    pub title: Text,
    /// Pattern.
    pub pattern: Pattern,
    /// The face's elements, from its layout (default: the library's `card-back`).
    pub elements: Vec<Element>,
}

/// A deck of cards.
#[derive(Debug, Clone, PartialEq)]
pub struct Deck {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Card width, mm.
    pub width: f64,
    /// Card height, mm.
    pub height: f64,
    /// Style.
    pub style: CardStyle,
    /// Bleed, mm.
    pub bleed: f64,
    /// Safe zone inside the cut line, mm.
    pub safe: f64,
    /// Back.
    pub back: Back,
    /// Cards (at least one).
    pub cards: Vec<Card>,
}

/// One card.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    /// Card id.
    pub id: String,
    /// Title.
    pub title: Text,
    /// Rule text.
    pub text: Text,
    /// Corner tag.
    pub tag: Option<Text>,
    /// Background.
    pub fill: Color,
    /// Copies.
    pub count: usize,
    /// Pictogram.
    pub picto: Option<Picto>,
    /// The designer's own fields (from `fields = { ... }` or a data file's other columns).
    pub fields: std::collections::BTreeMap<String, Text>,
    /// The face's elements, from the deck's layout with this card's values (none: the built-in
    /// face).
    pub layout: Option<Vec<Element>>,
    /// Where the title and the text are written, for warnings about how they print.
    pub places: Option<Box<CardPlaces>>,
}

/// Where a card's fields are written in its definition.
#[derive(Debug, Clone, PartialEq)]
pub struct CardPlaces {
    /// The title's value.
    pub title: std::sync::Arc<crate::base::diag::Diagnostic>,
    /// The text's value.
    pub text: std::sync::Arc<crate::base::diag::Diagnostic>,
    /// The tag's value.
    pub tag: Option<std::sync::Arc<crate::base::diag::Diagnostic>>,
    /// Each of the designer's fields.
    pub fields: std::collections::BTreeMap<String, std::sync::Arc<crate::base::diag::Diagnostic>>,
}

/// A pictogram on a small grid.
#[derive(Debug, Clone, PartialEq)]
pub struct Picto {
    /// Grid.
    pub grid: SquareGrid,
    /// Acting side's pawns.
    pub own: Vec<usize>,
    /// Opponent pawns.
    pub opp: Vec<usize>,
    /// Pawn placed this turn.
    pub placed: Vec<usize>,
    /// Pawns taken.
    pub taken: Vec<usize>,
    /// Arrows as cell paths.
    pub arrows: Vec<Vec<usize>>,
}

/// A symbol for colour-blind players and piece faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    /// Circle.
    Circle,
    /// Triangle.
    Triangle,
    /// Square.
    Square,
    /// Cross.
    Cross,
    /// Diamond.
    Diamond,
    /// Star.
    Star,
}

impl Symbol {
    /// Its name in a definition.
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Circle => "circle",
            Symbol::Triangle => "triangle",
            Symbol::Square => "square",
            Symbol::Cross => "cross",
            Symbol::Diamond => "diamond",
            Symbol::Star => "star",
        }
    }
}

/// A tile's face.
#[derive(Debug, Clone, PartialEq)]
pub enum TileFace {
    /// Four triangular zones (top, right, bottom, left) with their colour names.
    Zones([String; 4]),
    /// Four small squares (top-left, top-right, bottom-right, bottom-left).
    Squares([Color; 4]),
    /// The face of a card of a deck, drawn square.
    Card(Box<Card>, CardStyle),
}

/// One tile.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// Face.
    pub face: TileFace,
    /// Copies.
    pub count: usize,
    /// The face's elements, from the tile set's layout (none for a card's face, drawn by the
    /// card's own layout, or for a tile made by an engine, found in `Tileset::zone_faces`).
    pub elements: Vec<Element>,
}

/// A set of square tiles.
#[derive(Debug, Clone, PartialEq)]
pub struct Tileset {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Side, mm.
    pub size: f64,
    /// Zone colours by letter code.
    pub codes: Vec<(char, String)>,
    /// Colour name → (colour, symbol).
    pub zone_colors: Vec<(String, Color, Symbol)>,
    /// Back, if any.
    pub back: Option<Back>,
    /// Tiles.
    pub tiles: Vec<Tile>,
    /// The face of every arrangement of zone colours (when there are at most 1,296), for tiles
    /// that are not in the set: an engine's diagram of a hand-made position.
    pub zone_faces: std::collections::BTreeMap<[String; 4], Vec<Element>>,
}

impl Tileset {
    /// Colour and symbol of a zone colour name.
    pub fn zone(&self, name: &str) -> Option<(Color, Symbol)> {
        self.zone_colors
            .iter()
            .find(|z| z.0 == name)
            .map(|z| (z.1, z.2))
    }
}

/// The outline of a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceShape {
    /// Round pawn.
    Disc,
    /// Square pawn.
    Square,
    /// Equilateral triangle.
    Triangle,
    /// Brick (square with a brick bond).
    Brick,
}

/// A piece.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Shape.
    pub shape: PieceShape,
    /// Size, mm.
    pub size: f64,
    /// Face colour.
    pub fill: Color,
    /// Outline colour.
    pub line: Color,
    /// Other face colour (two-faced pieces).
    pub back: Option<Color>,
    /// Symbol on the face.
    pub symbol: Option<Symbol>,
    /// Copies.
    pub count: usize,
    /// The front face's elements, from the piece's layout.
    pub front_face: Vec<Element>,
    /// The back face's elements (two-faced pieces).
    pub back_face: Option<Vec<Element>>,
}

/// A die net.
#[derive(Debug, Clone, PartialEq)]
pub struct Die {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Face side, mm.
    pub face: f64,
    /// Face colour (the glue tabs are a shade darker).
    pub fill: Color,
    /// Pip colour, also that of the net's cut and fold lines.
    pub pip: Color,
    /// The elements of each face, in net order (top, left, front, right, back, bottom), each
    /// placed on a `face` × `face` mm square.
    pub faces: Vec<Vec<Element>>,
    /// Copies.
    pub count: usize,
}

/// A squared play mat.
#[derive(Debug, Clone, PartialEq)]
pub struct Mat {
    /// Component id.
    pub id: String,
    /// Display name.
    pub name: Text,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// Square side, mm.
    pub cell: f64,
    /// Background.
    pub fill: Color,
    /// Lines.
    pub line: Color,
}

/// Depth of a die net's glue tabs, as a share of the face side.
pub const DIE_TAB: f64 = 0.22;

impl Track {
    /// Spaces in a row of a `rows` track below a board `w` mm wide.
    pub fn per_row(&self, w: f64) -> usize {
        ((w / self.space).floor() as usize).max(1)
    }

    /// The gap between a board and the rows of its track, mm.
    pub fn gap(&self) -> f64 {
        self.space * 0.3
    }

    /// Width and height of a board of `w` × `h` mm with this track, mm.
    pub fn extent(&self, w: f64, h: f64) -> (f64, f64) {
        let d = self.space;
        match self.path {
            TrackPath::Around => (w + 2.0 * d, h + 2.0 * d),
            TrackPath::Rows => {
                let n = (self.to - self.from + 1).max(0) as usize;
                let per_row = self.per_row(w);
                let rows = n.div_ceil(per_row);
                (w.max(per_row as f64 * d), h + self.gap() + rows as f64 * d)
            }
        }
    }
}

impl Die {
    /// Width and height of the unfolded net with its glue tabs, mm: the size laid out, imposed
    /// and checked against the paper (one computation for all three).
    pub fn extent(&self) -> (f64, f64) {
        let t = self.face * DIE_TAB;
        (4.0 * self.face + 2.0 * t, 3.0 * self.face + 2.0 * t)
    }
}

impl Piece {
    /// Width and height of a piece's cut box, mm.
    pub fn extent(&self) -> (f64, f64) {
        match self.shape {
            PieceShape::Triangle => (self.size, self.size * crate::geometry::triangles::H),
            _ => (self.size, self.size),
        }
    }
}

impl Deck {
    /// Width and height of a card with its bleed, mm: what imposition must fit on a sheet.
    pub fn extent(&self) -> (f64, f64) {
        (
            self.width + 2.0 * self.bleed,
            self.height + 2.0 * self.bleed,
        )
    }
}

impl Game {
    /// The paper the components cover, square metres: each component's cut box times its copies.
    pub fn paper_area(&self) -> f64 {
        let (boards, decks, tilesets, pieces, dice, mats) = (
            &self.boards,
            &self.decks,
            &self.tilesets,
            &self.pieces,
            &self.dice,
            &self.mats,
        );
        let board = |b: &Board| match &b.grid {
        // The cells and a margin of one cell all round (frame and coordinates).
        Grid::Square(g) => (g.cols + 2) as f64 * (g.rows + 2) as f64 * b.cell * b.cell,
        Grid::Triangles(g) => (g.len() as f64 * crate::geometry::triangles::H / 2.0 + 12.0) * b.cell * b.cell,
        Grid::Hex(g) => {
            let (w, h) = g.size(b.cell);
            (w + 2.0 * b.cell) * (h + 2.0 * b.cell)
        }
    } * b.count as f64
            // A track: its spaces, each at most its depth squared twice over (the corners).
            + b.track.as_ref().map_or(0.0, |t| {
                (t.to - t.from + 1) as f64 * t.space * t.space * 2.0 * b.count as f64
            });
        let mm2 = boards.iter().map(board).sum::<f64>()
            + decks
                .iter()
                .map(|d| {
                    let (w, h) = d.extent();
                    w * h * d.cards.iter().map(|c| c.count).sum::<usize>() as f64
                })
                .sum::<f64>()
            + tilesets
                .iter()
                .map(|t| t.size * t.size * t.tiles.iter().map(|x| x.count).sum::<usize>() as f64)
                .sum::<f64>()
            + pieces
                .iter()
                .map(|p| {
                    let (w, h) = p.extent();
                    w * h * p.count as f64
                })
                .sum::<f64>()
            + dice
                .iter()
                .map(|d| {
                    let (w, h) = d.extent();
                    w * h * d.count as f64
                })
                .sum::<f64>()
            + mats
                .iter()
                .map(|m| (m.cols * m.rows) as f64 * m.cell * m.cell)
                .sum::<f64>();
        mm2 / 1e6
    }
}

/// Horizontal alignment of a text box's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Flush left.
    Left,
    /// Centred.
    Center,
    /// Flush right.
    Right,
    /// Both edges flush (the last line of a paragraph flush left).
    Justify,
}

/// Vertical alignment of a text box's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VAlign {
    /// At the top.
    Top,
    /// Centred.
    Middle,
    /// At the bottom.
    Bottom,
}

/// How art fills its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Whole, as large as fits, centred.
    Contain,
    /// Covering the box, centred (the overflow clipped).
    Cover,
    /// Stretched to the box.
    Stretch,
}

/// What art is clipped to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClipTo {
    /// Nothing.
    None,
    /// The element's box (rounded by its radius).
    Box,
    /// The card's cut outline, rounded.
    Card,
}

/// A text box: wrapped, aligned, shrunk to fit down to `min_size`.
#[derive(Debug, Clone, PartialEq)]
pub struct TextBox {
    /// The text in each language, with `**bold**`, `*italic*` and `:icon:` markup.
    pub text: Text,
    /// Size, pt.
    pub size: f64,
    /// Smallest size, pt.
    pub min_size: f64,
    /// The family its bold and italic runs are set in.
    pub family: crate::fonts::Family,
    /// Face of plain text.
    pub face: crate::fonts::Face,
    /// Colour.
    pub color: Color,
    /// Horizontal alignment.
    pub align: Align,
    /// Vertical alignment.
    pub valign: VAlign,
    /// The icons its text names, by name.
    pub icons: Vec<(String, crate::art::Art)>,
    /// A box drawn around the laid text (a label).
    pub boxed: Option<Label>,
}

/// The box of a label: fill, outline (colour and width), corner radius and padding, mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Label {
    /// Fill.
    pub fill: Option<Color>,
    /// Outline colour and width.
    pub stroke: Option<(Color, f64)>,
    /// Corner radius, mm.
    pub radius: f64,
    /// Room between the text's ink and the box, mm.
    pub padding: f64,
}

/// What an element draws.
#[derive(Debug, Clone, PartialEq)]
pub enum ElementKind {
    /// A rectangle, its corners rounded by `radius`.
    Rect {
        /// Fill.
        fill: Option<Color>,
        /// Outline colour and width.
        stroke: Option<(Color, f64)>,
        /// Corner radius, mm.
        radius: f64,
    },
    /// An ellipse inscribed in the box.
    Ellipse {
        /// Fill.
        fill: Option<Color>,
        /// Outline colour and width.
        stroke: Option<(Color, f64)>,
    },
    /// A polyline (closed when it is a polygon or has a fill).
    Line {
        /// Points in mm from the box's top-left.
        points: Vec<(f64, f64)>,
        /// Closed (a polygon).
        closed: bool,
        /// Fill (closes the line).
        fill: Option<Color>,
        /// Colour and width.
        stroke: Option<(Color, f64)>,
    },
    /// A text box.
    Text(TextBox),
    /// Art (an image or an icon) fitted to the box.
    Image {
        /// The art.
        art: crate::art::Art,
        /// How it fills the box.
        fit: Fit,
        /// What it is clipped to.
        clip: ClipTo,
        /// Corner radius of a box clip, mm.
        radius: f64,
    },
    /// Lines across the box, clipped to it: a grid, or diagonals both ways centred on the box.
    Pattern {
        /// Which.
        pattern: Pattern,
        /// Colour and width of the lines.
        stroke: (Color, f64),
    },
    /// A symbol (circle, triangle, square, diamond, star, cross) centred in the box, as large as
    /// its shorter side.
    Symbol {
        /// Which.
        symbol: Symbol,
        /// Colour.
        color: Color,
    },
    /// The card's pictogram, fitted to the box.
    Picto {
        /// The pictogram.
        picto: Box<Picto>,
        /// Colour of its cells.
        cells: Color,
        /// Colour of its grid and pawns.
        ink: Color,
        /// Colour of its arrows.
        arrows: Color,
    },
    /// A board's drawing, whole, fitted to the box: a board of the game, or (none) the board
    /// whose face this is.
    Board(Option<std::sync::Arc<Board>>),
}

/// One element of a face, placed in mm from the cut line's top-left corner.
#[derive(Debug, Clone, PartialEq)]
pub struct Element {
    /// Its name in the layout.
    pub name: String,
    /// Left, mm.
    pub x: f64,
    /// Top, mm.
    pub y: f64,
    /// Width, mm.
    pub w: f64,
    /// Height, mm.
    pub h: f64,
    /// Turn about its centre, degrees clockwise.
    pub rotate: f64,
    /// What it draws.
    pub kind: ElementKind,
    /// Where it is written (its layout's element), for warnings.
    pub place: std::sync::Arc<crate::base::diag::Diagnostic>,
}
