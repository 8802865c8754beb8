//! Stage two: the validated model. Every value here has been checked; later stages trust it.
//!
//! In: built only by `validate` from the raw structs. Out: a [`Game`] holding its components,
//! one child module per component (board, deck, tile set, piece, die, mat, diagram), the
//! elements of a laid-out face (`layout`) and declared rules (`rules`).

mod board;
mod deck;
mod diagram;
mod die;
mod layout;
mod mat;
mod piece;
pub mod rules;
mod tileset;

use crate::base::diag::Error;
use crate::base::lang::Text;
pub use crate::geometry::Grid;
pub use board::{BoardOf, Mark, MarkShape, Region, Track, TrackPath};
pub use deck::{Back, Card, CardPlaces, CardStyle, Deck};
pub use diagram::{DiagramDef, Ground, TokenLook};
pub use die::{Die, DIE_TAB};
pub use layout::{
    Align, Board, ClipTo, Element, ElementKind, Fit, Label, Pattern, Picto, Symbol, TextBox, VAlign,
};
pub use mat::Mat;
pub use piece::{Piece, PieceShape};
pub use rules::RulesDef;
use std::path::PathBuf;
pub use tileset::{Tile, TileFace, Tileset};

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
    /// Declared rules, when the game has `[turns]` (played by the declared engine).
    pub rules: Option<RulesDef>,
    /// Credits and the facts a rulebook's header gives.
    pub about: About,
    /// The font families of `[fonts]` by name, and the bundled `lato`.
    pub fonts: std::collections::BTreeMap<String, crate::fonts::Family>,
    /// The faces of `[fonts]` loaded from the game's files (OpenType features frozen in), each
    /// once, with where game.toml names its file: warnings about a font are said there.
    pub font_files: Vec<FontFile>,
    /// The look of its rulebooks (`[rulebook]`): what the game chose, each when it did.
    pub rulebook: RulebookLook,
    /// The date its PDFs carry, seconds since 1970: `SOURCE_DATE_EPOCH`, else the newest
    /// modification time of its folder's files ([`crate::base::time::inputs_date`]).
    pub date: Option<i64>,
    /// The art files holding decoded pictures, as the game names them, in the order they were
    /// read, with the pixels each holds ([`crate::art::Art::pixels_decoded`]): the games of a
    /// build share [`crate::art::MAX_BUILD_PIXELS`].
    pub pictures: Vec<(String, u64)>,
    /// What the definition declares and nothing reads (a layout no component draws with, a
    /// style's key no layout reads), each a warning at its place: the build and `check` say
    /// them.
    pub unread: Vec<crate::base::diag::Diagnostic>,
}

/// A face of the game's own, with the file it was read from as game.toml names it
/// (`fonts/CabinSketch-Bold.ttf`) and the place of that name.
#[derive(Debug, Clone, PartialEq)]
pub struct FontFile {
    /// The face as texts are set in it.
    pub face: crate::fonts::Face,
    /// The file, as game.toml names it.
    pub file: String,
    /// The place of the file's name in game.toml.
    pub place: std::sync::Arc<crate::base::diag::Diagnostic>,
}

/// The faces and colour a game's rulebooks are set in (`[rulebook]` in game.toml), each when
/// the game names it (Lato and a warm brown otherwise).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RulebookLook {
    /// Body text, captions, tables.
    pub body: Option<crate::fonts::Family>,
    /// The title and the headings.
    pub headings: Option<crate::fonts::Family>,
    /// The title's rule, the subtitle, first-level headings and list marks.
    pub accent: Option<crate::base::color::Color>,
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

impl Game {
    /// A rules parameter, if the definition gives it.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.get(name).copied()
    }

    /// A `[rules]` parameter a rules engine needs; the error names the definition file.
    pub fn engine_param(&self, name: &str) -> Result<i64, Error> {
        self.param(name).ok_or_else(|| {
            Error::file(
                "",
                &self.file_for_engines(),
                format!("[rules] needs `{name}`"),
            )
        })
    }

    /// Checks that the definition has each of the pieces `ids` (the pieces a rules engine's
    /// diagrams draw); the error names the definition file and the first piece missing.
    pub fn engine_pieces(&self, ids: &[&str]) -> Result<(), Error> {
        match ids
            .iter()
            .find(|id| !self.pieces.iter().any(|p| p.id == **id))
        {
            Some(id) => Err(Error::file(
                "",
                &self.file_for_engines(),
                format!("no piece `{id}`"),
            )),
            None => Ok(()),
        }
    }

    /// The definition file as the rules engines' errors name it (`games/<id>/game.toml`).
    fn file_for_engines(&self) -> PathBuf {
        PathBuf::from(format!("games/{}/game.toml", self.id))
    }

    /// The first board, for a rules engine that plays on at most `max_cells` cells; the errors
    /// name the definition file (`games/<id>/game.toml`, kept as the error's path).
    pub fn engine_board(&self, max_cells: usize) -> Result<&Board, Error> {
        let file = self.file_for_engines();
        let board = self
            .boards
            .first()
            .ok_or_else(|| Error::file("", &file, "no board"))?;
        let n = board.grid.len();
        if n > max_cells {
            return Err(Error::file(
                "",
                &file,
                format!("the rules engine handles up to {max_cells} cells; the board has {n}"),
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
    /// Least space between the cut lines of neighbouring components (bleed may ask for more).
    pub gutter: f64,
    /// Crop marks drawn; without them, a hairline on every cut line.
    pub marks: bool,
    /// The only paper of the print files when the build asks for every paper.
    pub paper: Option<crate::base::paper::Paper>,
}

impl SheetStyle {
    /// How far a crop mark reaches beyond the line it marks (its gap and its length), mm.
    pub fn reach(&self) -> f64 {
        if self.marks {
            self.crop_gap + self.crop_length
        } else {
            0.0
        }
    }

    /// The distance from the page edge within which no component may lie: the margin and
    /// the crop marks outside the component (bleed comes on top), mm.
    pub fn keep_out(&self) -> f64 {
        self.margin + self.reach()
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
        Grid::Points(g) => (g.lattice.cols + 2) as f64 * (g.lattice.rows + 2) as f64 * b.cell * b.cell,
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
                .map(|t| {
                    (t.width + 2.0 * t.bleed)
                        * (t.height + 2.0 * t.bleed)
                        * t.tiles.iter().map(|x| x.count).sum::<usize>() as f64
                })
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
