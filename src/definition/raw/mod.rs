//! Stage one of loading: serde structs that mirror the TOML files, with spans for diagnostics.
//!
//! In: the text of `games/<game>/game.toml` or `templates/library.toml` (parsed by `toml`).
//! Out: a [`GameFile`] or [`LibraryFile`], one child module per component. Nothing here is
//! trusted; `validate` turns these into the model.

mod board;
mod deck;
mod diagram;
mod die;
mod layout;
mod mat;
mod piece;
mod rules;
mod schema;
mod tileset;
mod value;

pub use board::{BoardRaw, MarkRaw, RegionRaw, TrackRaw};
pub use deck::{BackRaw, CardRaw, CardStyleRaw, DeckRaw, PictoRaw, SizeRaw};
pub use diagram::{DiagramRaw, TokenRaw};
pub use die::DieRaw;
pub use layout::{ElementRaw, FontRaw, LayoutRaw};
pub use mat::MatRaw;
pub use piece::PieceRaw;
pub use rules::{
    CaptureRaw, CarryRaw, CellsRaw, Count, CustodialRaw, DiceRaw, EncloseRaw, EndRaw, KindRaw, Max,
    MoveRaw, PartRaw, PhaseRaw, PromoteRaw, RulesRegionRaw, ScoreRaw, StartRaw, Strs, TurnsRaw,
    Until, VariantRaw,
};
use serde::Deserialize;
use std::collections::BTreeMap;
pub use tileset::{TileRaw, TileSizeRaw, TilesetRaw};
use toml::Spanned;
pub use value::{Len, TextRaw, F, I, L, S};

/// Largest game definition or template library, in bytes.
pub const MAX_BYTES: usize = 4 << 20;
/// Longest line of a definition, in characters.
pub const MAX_LINE: usize = 5000;

/// `games/<game>/game.toml`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// `[game]`: identity and template choices.
    pub game: Header,
    /// `[colors]`: colours added to or overriding the palette.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub colors: BTreeMap<String, S>,
    /// `[[board]]`.
    #[serde(default)]
    pub board: Vec<BoardRaw>,
    /// `[[deck]]`.
    #[serde(default)]
    pub deck: Vec<DeckRaw>,
    /// `[[tileset]]`.
    #[serde(default)]
    pub tileset: Vec<TilesetRaw>,
    /// `[[piece]]`.
    #[serde(default)]
    pub piece: Vec<PieceRaw>,
    /// `[[die]]`.
    #[serde(default)]
    pub die: Vec<DieRaw>,
    /// `[[mat]]`.
    #[serde(default)]
    pub mat: Vec<MatRaw>,
    /// `[layout.<name>]`: layouts of component faces.
    #[serde(default)]
    pub layout: BTreeMap<String, LayoutRaw>,
    /// `[icons]`: icon name to an art file (`coin = "art/coin.svg"`), for icon elements and
    /// `:coin:` in texts.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, String>")]
    pub icons: BTreeMap<String, S>,
    /// `[fonts.<name>]`: font families of the game's own, by name, for text elements' `font`.
    #[serde(default)]
    pub fonts: BTreeMap<String, FontRaw>,
    /// `[styles.<field>.<value>]`: values chosen by a field's value (`[styles.suit.sun] color =
    /// "yellow"`), read in layouts as `{suit.color}`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, BTreeMap<String, BTreeMap<String, String>>>")]
    pub styles: BTreeMap<String, BTreeMap<String, BTreeMap<String, S>>>,
    /// `[diagram]`: how a rulebook draws the game's positions.
    #[schemars(with = "Option<DiagramRaw>")]
    pub diagram: Option<Spanned<DiagramRaw>>,
    /// `[engine]`: a rules engine program of the game's own, which checks its rulebooks' claims.
    #[schemars(with = "Option<EngineRaw>")]
    pub engine: Option<Spanned<EngineRaw>>,
    /// `[rulebook]`: the faces and colour the game's rulebooks are set in.
    pub rulebook: Option<RulebookRaw>,
    /// `[sheet]`: the game's own print-sheet settings, over the template `[game] sheet` names.
    pub sheet: Option<SheetGameRaw>,
    /// `[rules]`: integer parameters of the rules (`opening_pawns = 4`), read by the engine.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, i64>")]
    pub rules: BTreeMap<Spanned<String>, I>,
    /// `[turns]`: a game with it has declared rules (the tables below), played by the declared
    /// engine on its first board.
    #[schemars(with = "Option<TurnsRaw>")]
    pub turns: Option<Spanned<TurnsRaw>>,
    /// `[regions]`: named sets of cells, one for all sides or one per side.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, RulesRegionRaw>")]
    pub regions: BTreeMap<S, Spanned<RulesRegionRaw>>,
    /// `[[kind]]`: the kinds of pieces of the declared rules.
    #[serde(default)]
    #[schemars(with = "Vec<KindRaw>")]
    pub kind: Vec<Spanned<KindRaw>>,
    /// `[[move]]`: the ways of moving, in file order.
    #[serde(default, rename = "move")]
    #[schemars(with = "Vec<MoveRaw>")]
    pub moves: Vec<Spanned<MoveRaw>>,
    /// `[[phase]]`: phases, in file order.
    #[serde(default)]
    #[schemars(with = "Vec<PhaseRaw>")]
    pub phase: Vec<Spanned<PhaseRaw>>,
    /// `[[end]]`: end conditions with their results, checked in file order.
    #[serde(default)]
    #[schemars(with = "Vec<EndRaw>")]
    pub end: Vec<Spanned<EndRaw>>,
    /// `[start]`: the starting position.
    #[schemars(with = "Option<StartRaw>")]
    pub start: Option<Spanned<StartRaw>>,
    /// `[dice]`: dice rolled for every ply.
    #[schemars(with = "Option<DiceRaw>")]
    pub dice: Option<Spanned<DiceRaw>>,
    /// `[score]`: what a side's score counts.
    #[schemars(with = "Option<ScoreRaw>")]
    pub score: Option<Spanned<ScoreRaw>>,
    /// `[[variant]]`: variants of the rules, the first the default.
    #[serde(default)]
    #[schemars(with = "Vec<VariantRaw>")]
    pub variant: Vec<Spanned<VariantRaw>>,
    /// `[capture]`: groups captured after every ply (Imperator's encircled groups, Go's groups
    /// without liberties).
    #[schemars(with = "Option<CaptureRaw>")]
    pub capture: Option<Spanned<CaptureRaw>>,
}

/// `[game]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Game id, equal to its folder name.
    #[schemars(with = "String")]
    pub id: S,
    /// Display title.
    #[schemars(with = "TextRaw")]
    pub title: Spanned<TextRaw>,
    /// Palette template name.
    #[schemars(with = "String")]
    pub palette: S,
    /// Sheet template name.
    #[schemars(with = "String")]
    pub sheet: S,
    /// Languages of the game's player-facing text (`["fr", "en"]` when not given). In a game of
    /// one language, a plain string stands for each text.
    #[schemars(with = "Option<Vec<String>>")]
    pub languages: Option<Spanned<Vec<S>>>,
    /// Who designed the game (`"Bernard Tavitian"`).
    #[schemars(with = "Option<String>")]
    pub designer: Option<S>,
    /// Who published it.
    #[schemars(with = "Option<String>")]
    pub publisher: Option<S>,
    /// The year of its publication.
    #[schemars(with = "Option<i64>")]
    pub year: Option<I>,
    /// Where its rules come from (a book, a web page).
    #[schemars(with = "Option<TextRaw>")]
    pub source: Option<Spanned<TextRaw>>,
    /// A notice of the rights (a registered name).
    #[schemars(with = "Option<TextRaw>")]
    pub notice: Option<Spanned<TextRaw>>,
    /// Players: `[2, 4]`, or `[2, 2]` for two.
    #[schemars(with = "Option<Vec<i64>>")]
    pub players: Option<Spanned<Vec<I>>>,
    /// The youngest age the game is for.
    #[schemars(with = "Option<i64>")]
    pub age: Option<I>,
    /// A game's length in minutes: `[15, 30]`, or `[20, 20]`.
    #[schemars(with = "Option<Vec<i64>>")]
    pub minutes: Option<Spanned<Vec<I>>>,
}

/// `[rulebook]`: the look of the game's rulebooks, in every language.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulebookRaw {
    /// The family of the body text, captions and tables: one of `[fonts]`, or `lato`.
    #[schemars(with = "Option<String>")]
    pub font: Option<S>,
    /// The family of the title and headings (its bold face).
    #[schemars(with = "Option<String>")]
    pub headings: Option<S>,
    /// The colour of the title's rule, the subtitle, first-level headings and list marks.
    #[schemars(with = "Option<String>")]
    pub accent: Option<S>,
}

/// `[sheet]` in a game: any of a sheet template's settings, and the paper of its print files.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetGameRaw {
    /// Printable margin, mm.
    #[schemars(with = "Option<f64>")]
    pub margin: Option<F>,
    /// Crop marks drawn (true), or a hairline on each cut line instead (false).
    #[schemars(with = "Option<bool>")]
    pub marks: Option<Spanned<bool>>,
    /// Crop mark length, mm.
    #[schemars(with = "Option<f64>")]
    pub crop_length: Option<F>,
    /// Gap between a crop mark and the cut area, mm.
    #[schemars(with = "Option<f64>")]
    pub crop_gap: Option<F>,
    /// Overlap strip of split boards, mm.
    #[schemars(with = "Option<f64>")]
    pub overlap: Option<F>,
    /// Least space between the cut lines of neighbouring components, mm.
    #[schemars(with = "Option<f64>")]
    pub gutter: Option<F>,
    /// The paper of the game's print files (`"a4"` or `"letter"`) when the build asks for all.
    #[schemars(with = "Option<String>")]
    pub paper: Option<S>,
}

/// `[engine]`: the game's own rules engine, a program that speaks the engine protocol
/// (docs/engine-protocol.md).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EngineRaw {
    /// The program and its arguments, run in the game's folder: `["python3", "engine.py"]`.
    #[schemars(with = "Vec<String>")]
    pub command: Spanned<Vec<S>>,
}

/// `templates/library.toml`: shared pieces referenced by name.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LibraryFile {
    /// Named palettes: colour name to `#rrggbb`.
    #[schemars(with = "BTreeMap<String, BTreeMap<String, String>>")]
    pub palette: BTreeMap<String, BTreeMap<String, S>>,
    /// Named card styles (every field given).
    #[schemars(with = "BTreeMap<String, CardStyleRaw>")]
    pub card_style: BTreeMap<String, Spanned<CardStyleRaw>>,
    /// Named component sizes.
    pub size: BTreeMap<String, SizeDims>,
    /// Named sheet styles.
    pub sheet: BTreeMap<String, SheetRaw>,
    /// Layouts every game may use or extend.
    #[serde(default)]
    pub layout: BTreeMap<String, LayoutRaw>,
}

/// `[size.<name>]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SizeDims {
    /// Width, mm.
    #[schemars(with = "f64")]
    pub width: F,
    /// Height, mm.
    #[schemars(with = "f64")]
    pub height: F,
}

/// `[sheet.<name>]`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetRaw {
    /// Printable margin, mm.
    #[schemars(with = "f64")]
    pub margin: F,
    /// Crop mark length, mm.
    #[schemars(with = "f64")]
    pub crop_length: F,
    /// Gap between a crop mark and the cut area, mm.
    #[schemars(with = "f64")]
    pub crop_gap: F,
    /// Overlap strip of split boards, mm.
    #[schemars(with = "f64")]
    pub overlap: F,
    /// Least space between the cut lines of neighbouring components, mm (0 by default).
    #[schemars(with = "Option<f64>")]
    pub gutter: Option<F>,
    /// Crop marks drawn (by default), or a hairline on each cut line instead.
    pub marks: Option<bool>,
}
