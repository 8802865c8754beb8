//! Stage one of loading: serde structs that mirror the TOML files, with spans for diagnostics.
//!
//! Nothing here is trusted; `validate` turns these into the model.

use crate::base::lang::Text;
use serde::de::{self, MapAccess, Visitor};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A spanned string.
pub type S = Spanned<String>;
/// A spanned number.
pub type F = Spanned<f64>;
/// A spanned integer.
pub type I = Spanned<i64>;
/// A spanned length of a layout element.
pub type L = Spanned<Len>;

/// A length in a layout: millimetres (a number) or a share of what it is measured against (a
/// string `"50%"`: the frame's width or height for places and sizes, the element's box for points).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Len {
    /// Millimetres.
    Mm(f64),
    /// Per cent.
    Pct(f64),
}

impl Len {
    /// The length in mm, a percentage taken of `of`.
    pub fn mm(self, of: f64) -> f64 {
        match self {
            Len::Mm(v) => v,
            Len::Pct(v) => v / 100.0 * of,
        }
    }

    /// The number as written (mm or per cent), to check its range.
    pub fn value(self) -> f64 {
        match self {
            Len::Mm(v) | Len::Pct(v) => v,
        }
    }
}

impl<'de> Deserialize<'de> for Len {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Len, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Len;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a length in mm (a number) or a percentage (\"50%\")")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Len, E> {
                Ok(Len::Mm(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Len, E> {
                Ok(Len::Mm(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Len, E> {
                Ok(Len::Mm(v as f64))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Len, E> {
                v.trim()
                    .strip_suffix('%')
                    .and_then(|n| n.trim().parse::<f64>().ok())
                    .filter(|n| n.is_finite())
                    .map(Len::Pct)
                    .ok_or_else(|| {
                        E::custom(format!(
                            "invalid length `{v}`: expected a number of mm or a percentage (\"50%\")"
                        ))
                    })
            }
        }
        d.deserialize_any(V)
    }
}

/// A player-facing text as written: a plain string (in a game of one language) or one string per
/// language (`{ fr = "...", en = "..." }`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextRaw {
    /// One string, standing for the text in the game's only language.
    Plain(String),
    /// French and English.
    Both(Text),
}

impl TextRaw {
    /// The text, a plain string standing for every language.
    pub fn to_text(&self) -> Text {
        match self {
            TextRaw::Plain(s) => Text {
                fr: s.clone(),
                en: s.clone(),
            },
            TextRaw::Both(t) => t.clone(),
        }
    }
}

impl<'de> Deserialize<'de> for TextRaw {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = TextRaw;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string or a table `{ fr = \"...\", en = \"...\" }`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TextRaw, E> {
                Ok(TextRaw::Plain(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<TextRaw, A::Error> {
                Text::deserialize(de::value::MapAccessDeserializer::new(map)).map(TextRaw::Both)
            }
        }
        d.deserialize_any(V)
    }
}

/// `games/<game>/game.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFile {
    /// `[game]`: identity and template choices.
    pub game: Header,
    /// `[colors]`: colours added to or overriding the palette.
    #[serde(default)]
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
    pub icons: BTreeMap<String, S>,
    /// `[fonts.<name>]`: font families of the game's own, by name, for text elements' `font`.
    #[serde(default)]
    pub fonts: BTreeMap<String, FontRaw>,
    /// `[styles.<field>.<value>]`: values chosen by a field's value (`[styles.suit.sun] color =
    /// "yellow"`), read in layouts as `{suit.color}`.
    #[serde(default)]
    pub styles: BTreeMap<String, BTreeMap<String, BTreeMap<String, S>>>,
    /// `[diagram]`: how a rulebook draws the game's positions.
    pub diagram: Option<Spanned<DiagramRaw>>,
    /// `[engine]`: a rules engine program of the game's own, which checks its rulebooks' claims.
    pub engine: Option<Spanned<EngineRaw>>,
    /// `[rules]`: integer parameters of the rules (`opening_pawns = 4`), read by the engine.
    #[serde(default)]
    pub rules: BTreeMap<Spanned<String>, I>,
}

/// `[game]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Game id, equal to its folder name.
    pub id: S,
    /// Display title.
    pub title: Spanned<TextRaw>,
    /// Palette template name.
    pub palette: S,
    /// Sheet template name.
    pub sheet: S,
    /// Languages of the game's player-facing text (`["fr", "en"]` when not given). In a game of
    /// one language, a plain string stands for each text.
    pub languages: Option<Spanned<Vec<S>>>,
    /// Who designed the game (`"Bernard Tavitian"`).
    pub designer: Option<S>,
    /// Who published it.
    pub publisher: Option<S>,
    /// The year of its publication.
    pub year: Option<I>,
    /// Where its rules come from (a book, a web page).
    pub source: Option<Spanned<TextRaw>>,
    /// A notice of the rights (a registered name).
    pub notice: Option<Spanned<TextRaw>>,
    /// Players: `[2, 4]`, or `[2, 2]` for two.
    pub players: Option<Spanned<Vec<I>>>,
    /// The youngest age the game is for.
    pub age: Option<I>,
    /// A game's length in minutes: `[15, 30]`, or `[20, 20]`.
    pub minutes: Option<Spanned<Vec<I>>>,
}

/// `[[board]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// `square`, `triangles` or `hex`.
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
    /// Border side marks repeated clockwise from the top-left corner (triangle grid): `hole`, `plain`.
    pub border: Option<Vec<S>>,
    /// Copies to print.
    pub count: Option<I>,
    /// `[[board.region]]`: coloured cell sets with a role the rules engine reads.
    #[serde(default)]
    pub region: Vec<RegionRaw>,
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

/// A size: a template name or `[width, height]` in mm.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum SizeRaw {
    /// A `[size.<name>]` of the templates.
    Named(String),
    /// Width and height in mm.
    Dims(Vec<f64>),
}

/// A card style: a template (`from`) with fields overridden one by one.
#[derive(Debug, Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct CardStyleRaw {
    /// Template to start from (`[card_style.<name>]`).
    pub from: Option<S>,
    /// Corner radius of the inner frame, mm.
    pub corner: Option<F>,
    /// Width of the coloured border around the panel, mm.
    pub border: Option<F>,
    /// Title size, pt.
    pub title_size: Option<F>,
    /// Body text size, pt.
    pub text_size: Option<F>,
    /// Panel colour.
    pub panel: Option<S>,
    /// Text and line colour.
    pub ink: Option<S>,
}

/// A shared back (`back = { ... }`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackRaw {
    /// Background colour.
    pub fill: S,
    /// Text colour.
    pub ink: S,
    /// Title on the back.
    pub title: Spanned<TextRaw>,
    /// Background pattern: `none`, `diamonds`, `grid`.
    pub pattern: S,
    /// The back's layout (default: the library's `card-back`), which reads `{title}`, `{fill}`,
    /// `{ink}` and `{pattern}`.
    pub layout: Option<S>,
}

/// `[[deck]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// Card size.
    pub size: Spanned<SizeRaw>,
    /// Card style.
    pub style: CardStyleRaw,
    /// Bleed in mm (artwork past the cut line).
    pub bleed: Option<F>,
    /// Shared back.
    pub back: BackRaw,
    /// The layout of the card faces (`[layout.<name>]`); without one, the built-in face.
    pub layout: Option<S>,
    /// Safe zone inside the cut line, mm (default 3): where layouts keep their text.
    pub safe: Option<F>,
    /// A data file of cards (`cards.csv`, `cards.tsv`), relative to the game's folder: one row
    /// per card, a column per field.
    pub data: Option<S>,
    /// `[[deck.card]]`.
    #[serde(default)]
    pub card: Vec<CardRaw>,
}

/// `[[deck.card]]`.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct CardRaw {
    /// Card id (the rules engine's card name).
    pub id: S,
    /// Title.
    pub title: Spanned<TextRaw>,
    /// Short rule text.
    pub text: Option<Spanned<TextRaw>>,
    /// Background colour (white when not given).
    pub fill: Option<S>,
    /// A word on the card's kind shown in the corner.
    pub tag: Option<Spanned<TextRaw>>,
    /// Copies.
    pub count: Option<I>,
    /// Pictogram.
    pub picto: Option<PictoRaw>,
    /// Values of the designer's own fields (`cost = "3"`, `suit = "coin"`), for layouts; a plain
    /// string stands in every language.
    #[serde(default)]
    pub fields: BTreeMap<Spanned<String>, Spanned<TextRaw>>,
}

/// A pictogram: a few cells with pawns and arrows.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PictoRaw {
    /// Columns of the small grid.
    pub cols: I,
    /// Rows of the small grid.
    pub rows: I,
    /// Cells with the acting side's pawns.
    #[serde(default)]
    pub own: Vec<S>,
    /// Cells with opponent pawns.
    #[serde(default)]
    pub opp: Vec<S>,
    /// The pawn placed this turn (drawn with a star).
    #[serde(default)]
    pub placed: Vec<S>,
    /// Pawns removed (crossed out).
    #[serde(default)]
    pub taken: Vec<S>,
    /// Arrows, each a path of cells.
    #[serde(default)]
    pub arrows: Vec<Vec<S>>,
}

/// `[layout.<name>]`: elements placed on a face, painted in order.
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct LayoutRaw {
    /// A layout this one starts from: its elements, with those named again here overridden key
    /// by key, and new ones added after them.
    pub extends: Option<S>,
    /// `[[layout.<name>.element]]`.
    #[serde(default)]
    pub element: Vec<ElementRaw>,
}

/// One element of a layout. Every key but `name` may be inherited from the extended layout.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ElementRaw {
    /// Name, unique in the layout (an extending layout overrides it by this name).
    pub name: S,
    /// `rect`, `ellipse`, `line`, `polygon`, `text`, `image`, `icon`, `symbol`, `pattern`,
    /// `picto`, `board`.
    pub kind: Option<S>,
    /// What x and y are measured from: `cut` (default), `bleed` or `safe`.
    pub frame: Option<S>,
    /// Left, mm from the frame's left edge.
    pub x: Option<L>,
    /// Top, mm from the frame's top edge.
    pub y: Option<L>,
    /// Right edge, mm from the frame's right edge (instead of `x` or `width`).
    pub right: Option<L>,
    /// Bottom edge, mm from the frame's bottom edge (instead of `y` or `height`).
    pub bottom: Option<L>,
    /// Width, mm (default: to the frame's right edge).
    pub width: Option<L>,
    /// Height, mm (default: to the frame's bottom edge).
    pub height: Option<L>,
    /// Turn about the element's centre, degrees clockwise.
    pub rotate: Option<F>,
    /// Fill colour (or a template giving one).
    pub fill: Option<S>,
    /// Outline colour.
    pub stroke: Option<S>,
    /// Outline width, mm (default 0.3).
    pub stroke_width: Option<L>,
    /// Corner radius, mm (rectangles; clip to box).
    pub radius: Option<L>,
    /// Line: points `[[x, y], ...]` in mm from the element's top-left.
    pub points: Option<Spanned<Vec<Vec<Len>>>>,
    /// Text: a template (`"{title}"`, `"Cost: {cost}"`), with `**bold**`, `*italic*`, `:icon:`.
    pub text: Option<S>,
    /// Text size, pt (default 8), or a percentage of the frame's shorter side (`"60%"`: a face
    /// that follows its component's size).
    pub size: Option<L>,
    /// Smallest size a text shrinks to before it is reported as overflowing (default: `size`).
    pub min_size: Option<L>,
    /// A family: `lato` (bundled, default) or a name of `[fonts]`.
    pub font: Option<S>,
    /// `regular` (default), `bold` or `italic`: the face of plain text.
    pub style: Option<S>,
    /// Text colour (default ink).
    pub color: Option<S>,
    /// `left`, `center`, `right`, `justify`.
    pub align: Option<S>,
    /// `top`, `middle`, `bottom`.
    pub valign: Option<S>,
    /// Image: an art file (template), relative to the game's folder.
    pub image: Option<S>,
    /// Icon: a name of `[icons]` (template).
    pub icon: Option<S>,
    /// `contain` (default), `cover`, `stretch`.
    pub fit: Option<S>,
    /// `box` (the element's box, rounded by `radius`), `card` (the card's rounded cut outline) or
    /// `none`.
    pub clip: Option<S>,
    /// Symbol: `circle`, `triangle`, `square`, `diamond`, `star` or `cross` (template).
    pub symbol: Option<S>,
    /// Pattern: `grid`, `diamonds` or `none` (template).
    pub pattern: Option<S>,
    /// Text: the room between the text and the box drawn around it when it has a `fill` or a
    /// `stroke`, mm (default 4).
    pub padding: Option<L>,
    /// Board: the id of a board of the game, drawn whole in the box (template); in a board's
    /// own layout, none: the board itself.
    pub board: Option<S>,
    /// Draw the element only when this template is not empty (`"{cost}"`).
    pub when: Option<S>,
}

fn shift<T: Clone>(s: &Spanned<T>, by: usize) -> Spanned<T> {
    let r = s.span();
    Spanned::new(r.start + by..r.end + by, s.get_ref().clone())
}

impl LayoutRaw {
    /// This layout with every span moved by `by` (to tell the library's spans from a game's).
    pub fn shifted(&self, by: usize) -> LayoutRaw {
        LayoutRaw {
            extends: self.extends.as_ref().map(|s| shift(s, by)),
            element: self.element.iter().map(|e| e.shifted(by)).collect(),
        }
    }
}

/// Calls `$m!` with every optional key of [`ElementRaw`] (all but `name`): the one list that
/// copying and merging elements go through.
macro_rules! element_fields {
    ($m:ident) => {
        $m!(
            kind,
            frame,
            x,
            y,
            right,
            bottom,
            width,
            height,
            rotate,
            fill,
            stroke,
            stroke_width,
            radius,
            points,
            text,
            size,
            min_size,
            font,
            style,
            color,
            align,
            valign,
            image,
            icon,
            fit,
            clip,
            symbol,
            pattern,
            padding,
            board,
            when
        )
    };
}

impl ElementRaw {
    /// This element with every span moved by `by`.
    pub fn shifted(&self, by: usize) -> ElementRaw {
        macro_rules! moved {
            ($($f:ident),*) => {
                ElementRaw { name: shift(&self.name, by), $($f: self.$f.as_ref().map(|s| shift(s, by)),)* }
            };
        }
        element_fields!(moved)
    }

    /// This element with every key `over` gives replaced.
    pub fn merged(&self, over: &ElementRaw) -> ElementRaw {
        macro_rules! pick {
            ($($f:ident),*) => {
                ElementRaw { name: over.name.clone(), $($f: over.$f.clone().or_else(|| self.$f.clone()),)* }
            };
        }
        element_fields!(pick)
    }
}

/// `[fonts.<name>]`: a family's font files (TrueType or OpenType), relative to the game's folder.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FontRaw {
    /// The face of plain text.
    pub regular: S,
    /// The face of `**bold**` text (default: `regular`).
    pub bold: Option<S>,
    /// The face of `*italic*` text (default: `regular`).
    pub italic: Option<S>,
}

/// `[[tileset]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesetRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// Side of the square tile, mm.
    pub size: F,
    /// Draw the tiles as the cards of this deck.
    pub from_deck: Option<S>,
    /// The layout of the tiles: for tiles made `from_deck` the deck's by default, laid out at the
    /// tile's size; for tiles of `zones` the library's `tile-zones` (it reads `{zone1}` to
    /// `{zone4}`, `{symbol1}` to `{symbol4}`), of `squares` `tile-squares` (`{square1}` to
    /// `{square4}`).
    pub layout: Option<S>,
    /// Letter codes of zone colours, e.g. `B = "blue"`.
    #[serde(default)]
    pub codes: BTreeMap<String, S>,
    /// Symbol drawn in each colour's zones, for colour-blind players.
    #[serde(default)]
    pub symbols: BTreeMap<String, S>,
    /// Back shared by the tiles, if they have one.
    pub back: Option<BackRaw>,
    /// `[[tileset.tile]]`.
    #[serde(default)]
    pub tile: Vec<TileRaw>,
}

/// `[[tileset.tile]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileRaw {
    /// Four zone codes, clockwise from the top: `BBBY`.
    pub zones: Option<S>,
    /// Four small squares' colours, clockwise from the top-left.
    pub squares: Option<Vec<S>>,
    /// This tile's layout (default: the tile set's).
    pub layout: Option<S>,
    /// Copies.
    pub count: Option<I>,
}

/// `[[piece]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// `disc`, `square`, `triangle`, `brick`.
    pub shape: S,
    /// Diameter or side, mm.
    pub size: F,
    /// Face colour.
    pub fill: S,
    /// Outline colour.
    pub line: S,
    /// Colour of the other face, for two-faced pieces.
    pub back: Option<S>,
    /// A symbol drawn on the face.
    pub symbol: Option<S>,
    /// The layout of its faces (default: the library's `piece-<shape>`), which reads `{fill}`,
    /// `{line}`, `{symbol}`, `{back}` and `{face}` (`front` or `back`).
    pub layout: Option<S>,
    /// Copies.
    pub count: I,
}

/// `[[die]]`: a foldable die net.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// Side of a face, mm.
    pub face: F,
    /// Face colour.
    pub fill: S,
    /// Pip and line colour.
    pub pip: S,
    /// The six faces, in net order (top, left, front, right, back, bottom): a number of pips
    /// (1 to 6), a short text (`"+2"`, `"A"`), an icon of `[icons]` (`":coin:"`), or a table of
    /// fields for the face's layout (`{ pips = 3, fill = "red" }`, `{ text = "x", mark = "y" }`).
    pub faces: Spanned<Vec<Spanned<toml::Value>>>,
    /// The layout of each face (default: the library's `die-face`), which reads `{fill}`,
    /// `{pip}`, `{pips}`, `{text}`, `{icon}`, `{face}` (1 to 6) and `{pip_nw}` ... `{pip_se}`.
    pub layout: Option<S>,
    /// Copies.
    pub count: Option<I>,
}

/// `[[mat]]`: a squared play mat printed across several sheets.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatRaw {
    /// Component id.
    pub id: S,
    /// Display name.
    pub name: Spanned<TextRaw>,
    /// Columns.
    pub cols: I,
    /// Rows.
    pub rows: I,
    /// Square side, mm (the pawns' size plus play).
    pub cell: F,
    /// Background.
    pub fill: S,
    /// Line colour.
    pub line: S,
}

/// `[engine]`: the game's own rules engine, a program that speaks the engine protocol
/// (docs/engine-protocol.md).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRaw {
    /// The program and its arguments, run in the game's folder: `["python3", "engine.py"]`.
    pub command: Spanned<Vec<S>>,
}

/// `[diagram]`: how positions are drawn in rulebooks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagramRaw {
    /// The board positions stand on, by id (the first board when absent).
    pub board: Option<S>,
    /// For a game without a board: the mat (by id) whose squares draw an unbounded plane.
    pub plane: Option<S>,
    /// Board token → a piece id, or `{ piece = "pawn", face = "back", label = "2" }`.
    #[serde(default)]
    pub tokens: BTreeMap<String, Spanned<TokenRaw>>,
    /// A tile set whose tiles are written as tokens by their zones' letter codes.
    pub tiles: Option<S>,
    /// Position fields naming a cell to outline (`last_placed`).
    #[serde(default)]
    pub highlight: Vec<S>,
}

/// What a diagram token shows.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum TokenRaw {
    /// A piece id: its front face.
    Piece(String),
    /// A piece with its face and a label.
    Full {
        /// Piece id.
        piece: String,
        /// `front` (default) or `back`.
        face: Option<String>,
        /// Text written on it.
        label: Option<String>,
    },
}

/// `templates/library.toml`: shared pieces referenced by name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LibraryFile {
    /// Named palettes: colour name to `#rrggbb`.
    pub palette: BTreeMap<String, BTreeMap<String, S>>,
    /// Named card styles (every field given).
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
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeDims {
    /// Width, mm.
    pub width: F,
    /// Height, mm.
    pub height: F,
}

/// `[sheet.<name>]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetRaw {
    /// Printable margin, mm.
    pub margin: F,
    /// Crop mark length, mm.
    pub crop_length: F,
    /// Gap between a crop mark and the cut area, mm.
    pub crop_gap: F,
    /// Overlap strip of split boards, mm.
    pub overlap: F,
}
