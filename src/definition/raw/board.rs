//! Raw boards: `[board.<id>]` with its tracks, regions and marks, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::board`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use toml::Spanned;

/// `[[board]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// `square`, `triangles`, `hex` or `points`.
    pub grid: S,
    /// Hex grid: `pointy` (the default) or `flat`.
    pub orientation: Option<S>,
    /// Hex grid: `rectangle` (the default), `parallelogram` or `hexagon`.
    pub shape: Option<S>,
    /// Columns (square grid).
    pub cols: Option<I>,
    /// Rows (square grid).
    pub rows: Option<I>,
    /// Hexagon side in triangles (triangle grid).
    pub side: Option<I>,
    /// Cell size in mm (square side or triangle side).
    pub cell: F,
    /// Cell colour.
    pub fill: S,
    /// Second cell colour, for a checkered board.
    pub alt_fill: Option<S>,
    /// Grid line colour.
    pub line: S,
    /// Colour of the frame around the board.
    pub frame: S,
    /// Draw cell names around the board.
    #[serde(default)]
    pub coords: bool,
    /// The family of its coordinates, cell names and track numbers: one of `[fonts]`, or `lato`
    /// (the default).
    pub font: Option<S>,
    /// Border side marks repeated clockwise from the top-left corner (triangle grid): `hole`, `plain`.
    pub border: Option<Vec<S>>,
    /// Copies to print (0: left out).
    pub count: Option<I>,
    /// Bleed in mm (the frame's colour past the cut line, for a print shop), as a deck's.
    pub bleed: Option<F>,
    /// Safe zone inside the cut line, mm (default 0): where its layout keeps its text.
    pub safe: Option<F>,
    /// `[[board.region]]`: coloured cell sets with a role the rules engine reads.
    #[serde(default)]
    pub region: Vec<RegionRaw>,
    /// Cells that are no cells: holes of a square board (`["a1", "b1"]`), neither drawn nor
    /// played on.
    pub holes: Option<Vec<S>>,
    /// (`grid = "points"`) the points of the board, by their names on the `cols` × `rows`
    /// lattice (`a1` bottom left).
    pub points: Option<Vec<S>>,
    /// (`grid = "points"`) the lines drawn: each a run of points joined one to the next.
    pub lines: Option<Vec<toml::Spanned<Vec<S>>>>,
    /// (`grid = "points"`) directions the designer names: each a run of points along lines.
    pub routes: Option<std::collections::BTreeMap<S, Vec<S>>>,
    /// `[[board.mark]]`: symbols drawn on cells.
    #[serde(default)]
    pub mark: Vec<MarkRaw>,
    /// `[board.track]`: a numbered score track.
    pub track: Option<TrackRaw>,
    /// The layout of its printed face (decorations around and over the board, which an element
    /// of kind `board` draws); it reads `{title}`, `{fill}`, `{line}` and `{frame}`.
    pub layout: Option<S>,
}

/// `[board.track]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackRaw {
    /// First number (default 0).
    pub from: Option<I>,
    /// Last number.
    pub to: I,
    /// `around` (the default) or `rows`.
    pub path: Option<S>,
    /// Depth of a space, mm (default: the cell size, within 8 to 15).
    pub space: Option<F>,
    /// Space colour (default: the board's `fill`).
    pub fill: Option<S>,
    /// Colour of every `every`-th space (default: the fill a shade darker).
    pub highlight: Option<S>,
    /// Spacing of highlighted numbers (default 5).
    pub every: Option<I>,
    /// Lines and numbers (default: the board's `line`).
    pub line: Option<S>,
}

/// `[[board.region]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionRaw {
    /// Name the rules engine looks up (`edge`, `camp-south`, ...).
    pub role: S,
    /// `border`: every cell on the board's outline.
    pub select: Option<S>,
    /// Whole ranks (rows numbered from the bottom, 1-based).
    pub ranks: Option<Vec<I>>,
    /// Named cells.
    pub cells: Option<Vec<S>>,
    /// Fill colour of the region's cells.
    pub fill: S,
}

/// `[[board.mark]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkRaw {
    /// Cells that carry the mark.
    pub cells: Vec<S>,
    /// `ring`, `dot` or `cross`.
    pub shape: S,
    /// Colour.
    pub color: S,
}
