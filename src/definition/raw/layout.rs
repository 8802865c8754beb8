//! Raw layouts: `[layout.<name>]`, its elements and `[fonts]`, as written in the TOML; a layout
//! from the template library is moved to its place in its own file.
//!
//! In: TOML tables. Out: unchecked structs for `validate::layout`.

use super::value::{Len, F, L, S};
use serde::Deserialize;
use toml::Spanned;

/// `[layout.<name>]`: elements placed on a face, painted in order.
#[derive(Debug, Deserialize, Clone, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutRaw {
    /// A layout this one starts from: its elements, with those named again here overridden key
    /// by key, and new ones added after them.
    #[schemars(with = "Option<String>")]
    pub extends: Option<S>,
    /// `[[layout.<name>.element]]`.
    #[serde(default)]
    pub element: Vec<ElementRaw>,
}

/// One element of a layout. Every key but `name` may be inherited from the extended layout.
#[derive(Debug, Deserialize, Clone, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementRaw {
    /// Name, unique in the layout (an extending layout overrides it by this name).
    #[schemars(with = "String")]
    pub name: S,
    /// `rect`, `ellipse`, `line`, `polygon`, `text`, `image`, `icon`, `symbol`, `pattern`,
    /// `picto`, `board`.
    #[schemars(with = "Option<String>")]
    pub kind: Option<S>,
    /// What x and y are measured from: `cut` (default), `bleed` or `safe`.
    #[schemars(with = "Option<String>")]
    pub frame: Option<S>,
    /// Left, mm from the frame's left edge.
    #[schemars(with = "Option<Len>")]
    pub x: Option<L>,
    /// Top, mm from the frame's top edge.
    #[schemars(with = "Option<Len>")]
    pub y: Option<L>,
    /// Right edge, mm from the frame's right edge (instead of `x` or `width`).
    #[schemars(with = "Option<Len>")]
    pub right: Option<L>,
    /// Bottom edge, mm from the frame's bottom edge (instead of `y` or `height`).
    #[schemars(with = "Option<Len>")]
    pub bottom: Option<L>,
    /// Width, mm (default: to the frame's right edge).
    #[schemars(with = "Option<Len>")]
    pub width: Option<L>,
    /// Height, mm (default: to the frame's bottom edge).
    #[schemars(with = "Option<Len>")]
    pub height: Option<L>,
    /// Turn about the element's centre, degrees clockwise.
    #[schemars(with = "Option<f64>")]
    pub rotate: Option<F>,
    /// Fill colour (or a template giving one).
    #[schemars(with = "Option<String>")]
    pub fill: Option<S>,
    /// Outline colour.
    #[schemars(with = "Option<String>")]
    pub stroke: Option<S>,
    /// Outline width, mm (default 0.3).
    #[schemars(with = "Option<Len>")]
    pub stroke_width: Option<L>,
    /// Corner radius, mm (rectangles; clip to box).
    #[schemars(with = "Option<Len>")]
    pub radius: Option<L>,
    /// Line: points `[[x, y], ...]` in mm from the element's top-left.
    #[schemars(with = "Option<Vec<Vec<Len>>>")]
    pub points: Option<Spanned<Vec<Vec<Len>>>>,
    /// Text: a template (`"{title}"`, `"Cost: {cost}"`), with `**bold**`, `*italic*`, `:icon:`.
    #[schemars(with = "Option<String>")]
    pub text: Option<S>,
    /// Text size, pt (default 8), or a percentage of the frame's shorter side (`"60%"`: a face
    /// that follows its component's size).
    #[schemars(with = "Option<Len>")]
    pub size: Option<L>,
    /// Smallest size a text shrinks to before it is reported as overflowing (default: `size`).
    #[schemars(with = "Option<Len>")]
    pub min_size: Option<L>,
    /// A family: `lato` (bundled, default) or a name of `[fonts]`.
    #[schemars(with = "Option<String>")]
    pub font: Option<S>,
    /// OpenType features of the text (`["lnum", "tnum"]`), beside its family's own.
    #[schemars(with = "Option<Vec<String>>")]
    pub features: Option<Spanned<Vec<S>>>,
    /// `regular` (default), `bold` or `italic`: the face of plain text.
    #[schemars(with = "Option<String>")]
    pub style: Option<S>,
    /// Text colour. Default: the ink of what the layout draws: a card's style's `ink`, a
    /// piece's `line`, a board's `line`, a die's `pip`, a back's `ink`, on a tile #1d1d1b (on
    /// a tile made `from_deck`, its deck's style's `ink`).
    #[schemars(with = "Option<String>")]
    pub color: Option<S>,
    /// `left`, `center`, `right`, `justify`.
    #[schemars(with = "Option<String>")]
    pub align: Option<S>,
    /// `top`, `middle`, `bottom`.
    #[schemars(with = "Option<String>")]
    pub valign: Option<S>,
    /// Image: an art file (template), relative to the game's folder.
    #[schemars(with = "Option<String>")]
    pub image: Option<S>,
    /// Icon: a name of `[icons]` (template).
    #[schemars(with = "Option<String>")]
    pub icon: Option<S>,
    /// `contain` (default), `cover`, `stretch`.
    #[schemars(with = "Option<String>")]
    pub fit: Option<S>,
    /// `box` (the element's box, rounded by `radius`), `card` (the card's rounded cut outline) or
    /// `none`.
    #[schemars(with = "Option<String>")]
    pub clip: Option<S>,
    /// Symbol: `circle`, `triangle`, `square`, `diamond`, `star` or `cross` (template).
    #[schemars(with = "Option<String>")]
    pub symbol: Option<S>,
    /// Pattern: `grid`, `diamonds` or `none` (template).
    #[schemars(with = "Option<String>")]
    pub pattern: Option<S>,
    /// Text: the room between the text and the box drawn around it when it has a `fill` or a
    /// `stroke`, mm (default 4).
    #[schemars(with = "Option<Len>")]
    pub padding: Option<L>,
    /// Board: the id of a board of the game, drawn whole in the box (template); in a board's
    /// own layout, none: the board itself.
    #[schemars(with = "Option<String>")]
    pub board: Option<S>,
    /// Draw the element only when this template is not empty (`"{cost}"`).
    #[schemars(with = "Option<String>")]
    pub when: Option<S>,
    /// In a layout that extends another: `true` replaces the element of that name whole,
    /// inheriting none of its keys (without it, the keys not given here are inherited).
    #[schemars(with = "Option<bool>")]
    pub replace: Option<Spanned<bool>>,
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
            features,
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
                ElementRaw { name: shift(&self.name, by), replace: self.replace.as_ref().map(|s| shift(s, by)), $($f: self.$f.as_ref().map(|s| shift(s, by)),)* }
            };
        }
        element_fields!(moved)
    }

    /// This element with every key `over` gives replaced; the whole element when `over` says
    /// `replace = true`. Of each axis's three keys (`x`, `right`, `width`; `y`, `bottom`,
    /// `height`), those `over` gives win: an inherited one that would make three is dropped.
    pub fn merged(&self, over: &ElementRaw) -> ElementRaw {
        if over.replace.as_ref().is_some_and(|r| *r.get_ref()) {
            return over.clone();
        }
        macro_rules! pick {
            ($($f:ident),*) => {
                ElementRaw { name: over.name.clone(), replace: over.replace.clone(), $($f: over.$f.clone().or_else(|| self.$f.clone()),)* }
            };
        }
        let mut out = element_fields!(pick);
        // `right` given over an inherited `x` and `width`: the element now reaches from `x` to
        // `right`, its inherited width dropped (and so for `width` over `x` and `right`, `x`
        // over `right` and `width`, and the vertical keys).
        let (x, r, w) = (over.x.is_some(), over.right.is_some(), over.width.is_some());
        if out.x.is_some() && out.right.is_some() && out.width.is_some() && (x || r || w) {
            if r && !w {
                out.width = None;
            } else if !r {
                out.right = None;
            } else if !x {
                out.x = None;
            }
        }
        let (y, b, h) = (
            over.y.is_some(),
            over.bottom.is_some(),
            over.height.is_some(),
        );
        if out.y.is_some() && out.bottom.is_some() && out.height.is_some() && (y || b || h) {
            if b && !h {
                out.height = None;
            } else if !b {
                out.bottom = None;
            } else if !y {
                out.y = None;
            }
        }
        out
    }

    /// The keys this element sets, by name, for messages.
    pub fn keys(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        macro_rules! given {
            ($($f:ident),*) => {
                $(if self.$f.is_some() { out.push(stringify!($f)); })*
            };
        }
        element_fields!(given);
        out
    }

    /// The templates of this element (every key written as text), to find the fields it reads.
    pub fn templates(&self) -> Vec<&str> {
        [
            &self.kind,
            &self.fill,
            &self.stroke,
            &self.text,
            &self.font,
            &self.style,
            &self.color,
            &self.image,
            &self.icon,
            &self.symbol,
            &self.pattern,
            &self.board,
            &self.when,
            &self.fit,
            &self.clip,
            &self.align,
            &self.valign,
            &self.frame,
        ]
        .into_iter()
        .flatten()
        .map(|s| s.get_ref().as_str())
        .collect()
    }
}

/// `[fonts.<name>]`: a family's font files (TrueType or OpenType), relative to the game's folder.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FontRaw {
    /// The face of plain text.
    #[schemars(with = "String")]
    pub regular: S,
    /// The face of `**bold**` text (default: `regular`).
    #[schemars(with = "Option<String>")]
    pub bold: Option<S>,
    /// The face of `*italic*` text (default: `regular`).
    #[schemars(with = "Option<String>")]
    pub italic: Option<S>,
    /// OpenType features set on every text of the family (`["lnum", "tnum"]`: lining, tabular
    /// figures); single substitutions only.
    #[schemars(with = "Option<Vec<String>>")]
    pub features: Option<Spanned<Vec<S>>>,
}
