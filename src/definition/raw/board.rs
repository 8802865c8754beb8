//! Raw boards: `[board.<id>]` with its tracks, regions and marks, as written in the TOML.
//!
//! In: TOML tables. Out: unchecked structs for `validate::board`.

use super::value::{TextRaw, F, I, S};
use serde::Deserialize;
use toml::Spanned;

/// `[[board]]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardRaw {
    /// Component id.
    #[schemars(with = "String")]
    pub id: S,
    /// Display name.
    #[schemars(with = "TextRaw")]
    pub name: Spanned<TextRaw>,
    /// `square`, `triangles`, `hex` or `points`.
    #[schemars(with = "String")]
    pub grid: S,
    /// Hex grid: `pointy` (the default) or `flat`.
    #[schemars(with = "Option<String>")]
    pub orientation: Option<S>,
    /// Hex grid: `rectangle` (the default), `parallelogram` or `hexagon`.
    #[schemars(with = "Option<String>")]
    pub shape: Option<S>,
    /// Columns (square grid).
    #[schemars(with = "Option<i64>")]
    pub cols: Option<I>,
    /// Rows (square grid).
    #[schemars(with = "Option<i64>")]
    pub rows: Option<I>,
    /// Hexagon side in triangles (triangle grid).
    #[schemars(with = "Option<i64>")]
    pub side: Option<I>,
    /// Cell size in mm (square side or triangle side).
    #[schemars(with = "f64")]
    pub cell: F,
    /// Cell colour.
    #[schemars(with = "String")]
    pub fill: S,
    /// Second cell colour, for a checkered board.
    #[schemars(with = "Option<String>")]
    pub alt_fill: Option<S>,
    /// Grid line colour.
    #[schemars(with = "String")]
    pub line: S,
    /// Colour of the frame around the board.
    #[schemars(with = "String")]
    pub frame: S,
    /// Draw cell names around the board.
    #[serde(default)]
    pub coords: bool,
    /// The family of its coordinates, cell names and track numbers: one of `[fonts]`, or `lato`
    /// (the default).
    #[schemars(with = "Option<String>")]
    pub font: Option<S>,
    /// Border side marks repeated clockwise from the top-left corner (triangle grid): `hole`, `plain`.
    #[schemars(with = "Option<Vec<String>>")]
    pub border: Option<Vec<S>>,
    /// Copies to print (0: left out).
    #[schemars(with = "Option<i64>")]
    pub count: Option<I>,
    /// Bleed in mm (the frame's colour past the cut line, for a print shop), as a deck's.
    #[schemars(with = "Option<f64>")]
    pub bleed: Option<F>,
    /// Safe zone inside the cut line, mm (default 0): where its layout keeps its text.
    #[schemars(with = "Option<f64>")]
    pub safe: Option<F>,
    /// `[[board.region]]`: coloured cell sets with a role the rules engine reads.
    #[serde(default)]
    pub region: Vec<RegionRaw>,
    /// Cells that are no cells: holes of a square board (`["a1", "b1"]`), neither drawn nor
    /// played on.
    #[schemars(with = "Option<Vec<String>>")]
    pub holes: Option<Vec<S>>,
    /// (`grid = "points"`) the points of the board, by their names on the `cols` × `rows`
    /// lattice (`a1` bottom left).
    #[schemars(with = "Option<Vec<String>>")]
    pub points: Option<Vec<S>>,
    /// (`grid = "points"`) the lines drawn: each a run of points joined one to the next.
    #[schemars(with = "Option<Vec<Vec<String>>>")]
    pub lines: Option<Vec<toml::Spanned<Vec<S>>>>,
    /// (`grid = "points"`) directions the designer names: each a run of points along lines.
    #[schemars(with = "Option<std::collections::BTreeMap<String, Vec<String>>>")]
    pub routes: Option<std::collections::BTreeMap<S, Vec<S>>>,
    /// `[[board.mark]]`: symbols drawn on cells.
    #[serde(default)]
    pub mark: Vec<MarkRaw>,
    /// `[board.track]`: a numbered score track.
    pub track: Option<TrackRaw>,
    /// The layout of its printed face (decorations around and over the board, which an element
    /// of kind `board` draws); it reads `{title}`, `{fill}`, `{line}` and `{frame}`.
    #[schemars(with = "Option<String>")]
    pub layout: Option<S>,
}

/// `[board.track]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrackRaw {
    /// First number (default 0).
    #[schemars(with = "Option<i64>")]
    pub from: Option<I>,
    /// Last number.
    #[schemars(with = "i64")]
    pub to: I,
    /// `around` (the default) or `rows`.
    #[schemars(with = "Option<String>")]
    pub path: Option<S>,
    /// Depth of a space, mm (default: the cell size, within 8 to 15).
    #[schemars(with = "Option<f64>")]
    pub space: Option<F>,
    /// Space colour (default: the board's `fill`).
    #[schemars(with = "Option<String>")]
    pub fill: Option<S>,
    /// Colour of every `every`-th space (default: the fill a shade darker).
    #[schemars(with = "Option<String>")]
    pub highlight: Option<S>,
    /// Spacing of highlighted numbers (default 5).
    #[schemars(with = "Option<i64>")]
    pub every: Option<I>,
    /// Lines and numbers (default: the board's `line`).
    #[schemars(with = "Option<String>")]
    pub line: Option<S>,
}

/// `[[board.region]]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegionRaw {
    /// Name the rules engine looks up (`edge`, `camp-south`, ...).
    #[schemars(with = "String")]
    pub role: S,
    /// `border`: every cell on the board's outline.
    #[schemars(with = "Option<String>")]
    pub select: Option<S>,
    /// Whole ranks (rows numbered from the bottom, 1-based).
    #[schemars(with = "Option<Vec<i64>>")]
    pub ranks: Option<Vec<I>>,
    /// Named cells.
    #[schemars(with = "Option<Vec<String>>")]
    pub cells: Option<Vec<S>>,
    /// Fill colour of the region's cells.
    #[schemars(with = "String")]
    pub fill: S,
}

/// `[[board.mark]]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkRaw {
    /// Cells that carry the mark.
    #[schemars(with = "Vec<String>")]
    pub cells: Vec<S>,
    /// `ring`, `dot` or `cross`.
    #[schemars(with = "String")]
    pub shape: S,
    /// Colour.
    #[schemars(with = "String")]
    pub color: S,
}
