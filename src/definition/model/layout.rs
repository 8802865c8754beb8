//! The elements of a laid-out face: text boxes, labels, shapes, images, with their alignment.
//!
//! In: built by `validate::layout` from a layout and a card's values. Out: drawn by `layout`.

use super::board::BoardOf;
use crate::base::color::Color;
use crate::base::lang::Text;
use crate::geometry::SquareGrid;

/// A board whose face is made of layout elements.
pub type Board = BoardOf<Element>;
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
