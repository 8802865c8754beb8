//! Layouts: `[layout.<name>]` resolved (extends, overrides by name), then filled with each card's
//! values into the elements of its face. Part of validation: every template, colour, image and
//! icon is checked here, each error at its place.

use super::*;
use crate::art::Art;
use crate::base::diag::Diagnostic;
use crate::fonts::{Face, Family};
use std::collections::HashMap;

/// Deepest chain of `extends`.
const MAX_EXTENDS: usize = 16;
/// Most elements in a layout.
const MAX_ELEMENTS: usize = 100;

/// Shared state of the layouts of a game: the raw tables, the art already read, the icons.
pub(super) struct Layouts<'r> {
    raw: &'r BTreeMap<String, raw::LayoutRaw>,
    lib: &'r BTreeMap<String, raw::LayoutRaw>,
    styles: &'r BTreeMap<String, BTreeMap<String, BTreeMap<String, S>>>,
    icons: BTreeMap<String, Art>,
    art: BTreeMap<std::path::PathBuf, Option<Art>>,
    /// What the distinct art files cost together, as [`Art::cost`] estimates it.
    art_cost: u64,
    families: BTreeMap<String, Family>,
    /// What the faces being filled belong to, in messages: `card`, `piece`, `tile`.
    owner: &'static str,
    /// The game's boards, which a `board` element draws.
    boards: BTreeMap<String, std::sync::Arc<Board>>,
    /// The pixels the images of the face being filled draw so far, each use counted; `None`
    /// once the face was refused (one error a face).
    face_pixels: Option<u64>,
    /// [`Art::pixels_drawn`] of each art already measured, by the address of its shared
    /// scene or raster (held in `art` or `icons` for the whole validation): an SVG is walked
    /// once, however many faces draw it.
    pixels: HashMap<*const (), u64>,
}

/// The bundled family's name in `font = "…"`.
const BUNDLED_FAMILY: &str = "lato";

impl<'r> Layouts<'r> {
    pub(super) fn new(
        cx: &mut Ctx,
        file: &'r raw::GameFile,
        lib: &'r crate::definition::library::Library,
    ) -> Layouts<'r> {
        let mut l = Layouts {
            raw: &file.layout,
            lib: &lib.layouts.raw,
            styles: &file.styles,
            icons: BTreeMap::new(),
            art: BTreeMap::new(),
            art_cost: 0,
            families: BTreeMap::new(),
            owner: "card",
            boards: BTreeMap::new(),
            face_pixels: Some(0),
            pixels: HashMap::new(),
        };
        l.families.insert(BUNDLED_FAMILY.into(), Family::LATO);
        for (name, f) in &file.fonts {
            if !super::is_field_name(name) || name == BUNDLED_FAMILY {
                cx.err(
                    &f.regular,
                    format!("invalid font family name `{name}`: use lowercase letters, digits and `_`, other than `{BUNDLED_FAMILY}`"),
                );
                continue;
            }
            let regular = font_file(cx, &f.regular);
            let other = |cx: &mut Ctx, s: &Option<S>| match s {
                Some(s) => font_file(cx, s),
                None => regular,
            };
            let (bold, italic) = (other(cx, &f.bold), other(cx, &f.italic));
            // A family whose file failed is still known (in Lato), so its uses add no errors.
            l.families.insert(
                name.to_string(),
                Family {
                    regular: regular.unwrap_or(Face::Regular),
                    bold: bold.unwrap_or(Face::Bold),
                    italic: italic.unwrap_or(Face::Italic),
                },
            );
        }
        for (name, path) in &file.icons {
            if !super::is_field_name(name) {
                cx.err(
                    path,
                    format!("invalid icon name `{name}`: use lowercase letters, digits and `_`"),
                );
            }
            if let Some(art) = l.art(cx, path, "icon", None) {
                l.icons.insert(name.to_string(), art);
            }
        }
        l
    }

    /// Makes the game's boards known to `board` elements.
    pub(super) fn set_boards(&mut self, boards: &[Board]) {
        self.boards = boards
            .iter()
            .map(|b| (b.id.clone(), std::sync::Arc::new(b.clone())))
            .collect();
    }

    /// The icon named `name` in `[icons]`, if it loaded.
    pub(super) fn icon(&self, name: &str) -> Option<Art> {
        self.icons.get(name).cloned()
    }

    /// The parts of a layout's elements that are the same for every card, checked once.
    pub(super) fn shapes<'e>(
        &self,
        cx: &mut Ctx,
        elements: &'e [raw::ElementRaw],
        size: (f64, f64),
        bleed: f64,
        safe: f64,
    ) -> Vec<Shape<'e>> {
        elements
            .iter()
            .filter_map(|e| shape(cx, e, &self.families, size, bleed, safe))
            .collect()
    }

    /// Reads an art file once, however many cards use it; errors at `s` (or at `place`), or in
    /// the SVG at the attribute that names a refused image.
    fn art(&mut self, cx: &mut Ctx, s: &S, what: &str, place: Option<&str>) -> Option<Art> {
        let (shown, path) = match place {
            None => cx.game_file(s, what, crate::art::MAX_BYTES)?,
            Some(card) => {
                let before = cx.diags.0.len();
                let p = cx.game_file(s, what, crate::art::MAX_BYTES);
                self.name_owner(cx, before, card);
                p?
            }
        };
        if let Some(found) = self.art.get(&path) {
            return found.clone();
        }
        let loaded = match crate::art::load(&path, &shown, &cx.folder) {
            Ok(a) => {
                // Every art file is held for the whole build: their sum is bounded too.
                self.art_cost = self.art_cost.saturating_add(a.cost());
                if self.art_cost > crate::art::MAX_GAME_COST {
                    cx.err(
                        s,
                        format!(
                            "{what} `{}`: the game's art files add up to more than {} MiB of drawing (about {} path segments); the limit for a game is {} MiB: simplify them",
                            s.get_ref(),
                            self.art_cost >> 20,
                            self.art_cost / crate::art::BYTES_PER_SEGMENT,
                            crate::art::MAX_GAME_COST >> 20
                        ),
                    );
                    None
                } else {
                    Some(a)
                }
            }
            Err(crate::art::Refused::Here(e)) => {
                cx.err(s, format!("{what} `{}`: {e}", s.get_ref()));
                None
            }
            Err(crate::art::Refused::Inside(mut d)) => {
                // Placed in the art file; the hint says which key of game.toml uses it.
                let at = cx.at(s.span(), String::new());
                d.hint = Some(format!(
                    "{what} `{}` used at {}:{}:{}",
                    s.get_ref(),
                    at.path.display(),
                    at.line,
                    at.col
                ));
                cx.diags.push(*d);
                None
            }
        };
        self.art.insert(path, loaded.clone());
        loaded
    }

    /// The elements of layout `name`, its `extends` applied; errors at `at` for an unknown name.
    pub(super) fn elements(&self, cx: &mut Ctx, at: &S) -> Option<Vec<raw::ElementRaw>> {
        let mut chain = Vec::new();
        let mut name = at.clone();
        loop {
            let Some(l) = self
                .raw
                .get(name.get_ref())
                .or_else(|| self.lib.get(name.get_ref()))
            else {
                let hint = closest(
                    name.get_ref(),
                    self.raw.keys().chain(self.lib.keys()).map(String::as_str),
                )
                .map(|c| format!("did you mean `{c}`?"));
                cx.err_hint(&name, format!("unknown layout `{}`", name.get_ref()), hint);
                return None;
            };
            if chain.iter().any(|(n, _): &(String, _)| n == name.get_ref())
                || chain.len() > MAX_EXTENDS
            {
                cx.err(
                    &name,
                    format!(
                        "layout `{}` extends itself (through `extends`)",
                        name.get_ref()
                    ),
                );
                return None;
            }
            chain.push((name.get_ref().clone(), l));
            match &l.extends {
                Some(parent) => name = parent.clone(),
                None => break,
            }
        }
        let mut out: Vec<raw::ElementRaw> = Vec::new();
        for (_, l) in chain.iter().rev() {
            let mut seen = BTreeSet::new();
            for e in &l.element {
                if !seen.insert(e.name.get_ref().clone()) {
                    cx.err(
                        &e.name,
                        format!("element `{}` given twice in this layout", e.name.get_ref()),
                    );
                }
                match out
                    .iter_mut()
                    .find(|o| o.name.get_ref() == e.name.get_ref())
                {
                    Some(o) => *o = o.merged(e),
                    None => out.push(e.clone()),
                }
            }
        }
        if out.len() > MAX_ELEMENTS {
            cx.err(
                at,
                format!(
                    "the layout has {} elements; the limit is {MAX_ELEMENTS}",
                    out.len()
                ),
            );
            return None;
        }
        Some(out)
    }

    /// Prefixes the diagnostics given since `before` with the face's owner (`card `x`: `).
    fn name_owner(&self, cx: &mut Ctx, before: usize, id: &str) {
        for d in &mut cx.diags.0[before..] {
            d.message = format!("{} `{id}`: {}", self.owner, d.message);
        }
    }

    /// The elements of one card's face.
    pub(super) fn face(
        &mut self,
        cx: &mut Ctx,
        shapes: &[Shape],
        card: &Card,
        ink: Color,
    ) -> Vec<Element> {
        self.face_of("card", cx, shapes, card, ink)
    }

    /// The elements of a face of another component (`owner`: `piece`, `tile`), its values given
    /// as a card's (`id`, `title`, `fill` and `fields`).
    pub(super) fn face_of(
        &mut self,
        owner: &'static str,
        cx: &mut Ctx,
        shapes: &[Shape],
        card: &Card,
        ink: Color,
    ) -> Vec<Element> {
        self.owner = owner;
        self.face_pixels = Some(0);
        shapes
            .iter()
            .filter_map(|sh| self.element(cx, sh, card, ink))
            .collect()
    }

    /// Counts `uses` more uses of `art` on the face being filled against
    /// [`crate::art::MAX_FACE_PIXELS`]; past it, an error at the template `t` naming the art
    /// (at the card's value when `t` is one field), and None.
    fn draws(
        &mut self,
        cx: &mut Ctx,
        t: &S,
        card: &Card,
        art: &Art,
        uses: u64,
        what: &str,
    ) -> Option<()> {
        let key = match art {
            Art::Vector(s) => std::sync::Arc::as_ptr(s) as *const (),
            Art::Raster(r) => std::sync::Arc::as_ptr(r) as *const (),
        };
        let each = *self.pixels.entry(key).or_insert_with(|| art.pixels_drawn());
        // A face already refused says so once; its other elements are still checked.
        let Some(so_far) = self.face_pixels else {
            return Some(());
        };
        let total = so_far.saturating_add(each.saturating_mul(uses));
        if total <= crate::art::MAX_FACE_PIXELS {
            self.face_pixels = Some(total);
            return Some(());
        }
        self.face_pixels = None;
        let message = format!(
            "{} `{}`: this face draws {} megapixels of images, each use counted ({what} adds {}); the limit is {} megapixels a face: draw the images smaller, fewer times or on fewer elements",
            self.owner,
            card.id,
            total.div_ceil(1_000_000),
            (each.saturating_mul(uses)).div_ceil(1_000_000),
            crate::art::MAX_FACE_PIXELS / 1_000_000
        );
        let whole = t.get_ref().trim();
        let field = whole
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .filter(|f| !f.contains('.') && !f.contains('{'));
        match field.and_then(|f| card.places.as_ref()?.fields.get(f).cloned()) {
            Some(d) => cx.diags.push(Diagnostic {
                message,
                warning: false,
                ..(*d).clone()
            }),
            None => cx.err(t, message),
        }
        None
    }

    /// A template filled with a card's values in `lang`; an error (at the template, or at the
    /// value when the template is one field) names the card.
    fn fill(&self, cx: &mut Ctx, t: &S, card: &Card, lang: Lang) -> Option<String> {
        match expand(t.get_ref(), card, lang, self.styles) {
            Ok(v) => Some(v),
            Err((msg, field)) => {
                let place = field
                    .and_then(|f| card.places.as_ref()?.fields.get(&f).cloned())
                    .map(|d| Diagnostic {
                        message: format!("{} `{}`: {msg}", self.owner, card.id),
                        warning: false,
                        ..(*d).clone()
                    });
                match place {
                    Some(d) => cx.diags.push(d),
                    None => cx.err(t, format!("{} `{}`: {msg}", self.owner, card.id)),
                }
                None
            }
        }
    }

    /// A colour given by a template (a palette name, `#rrggbb`, or a field giving one).
    fn color(&self, cx: &mut Ctx, t: &S, card: &Card) -> Option<Color> {
        let v = self.fill(cx, t, card, Lang::Fr)?;
        // A value from a field is placed at the field when it is the whole template.
        let whole = t.get_ref().trim();
        let field = whole
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .filter(|f| !f.contains('.') && !f.contains('{'));
        let at = Spanned::new(t.span(), v);
        let before = cx.diags.0.len();
        let c = cx.color(&at);
        if cx.diags.0.len() > before {
            let field_place = field.and_then(|f| card.places.as_ref()?.fields.get(f).cloned());
            for d in &mut cx.diags.0[before..] {
                if let Some(p) = &field_place {
                    d.path = p.path.clone();
                    d.line = p.line;
                    d.col = p.col;
                    d.excerpt = p.excerpt.clone();
                }
            }
            self.name_owner(cx, before, &card.id);
            return None;
        }
        Some(c)
    }

    /// One element of a card's face: the shape filled with the card's values.
    fn element(&mut self, cx: &mut Ctx, sh: &Shape, card: &Card, ink: Color) -> Option<Element> {
        let e = sh.raw;
        if let Some(when) = &e.when {
            let fr = self.fill(cx, when, card, Lang::Fr)?;
            let en = self.fill(cx, when, card, Lang::En)?;
            if fr.trim().is_empty() && en.trim().is_empty() {
                return None;
            }
        }
        let fill = match &e.fill {
            Some(t) => Some(self.color(cx, t, card)?),
            None => None,
        };
        let stroke = match &e.stroke {
            Some(t) => Some((self.color(cx, t, card)?, sh.stroke_w)),
            None => None,
        };
        let kind = match &sh.kind {
            Kind::Rect => ElementKind::Rect {
                fill,
                stroke,
                radius: sh.radius,
            },
            Kind::Ellipse => ElementKind::Ellipse { fill, stroke },
            Kind::Line(points, closed) => ElementKind::Line {
                points: points.clone(),
                closed: *closed,
                fill,
                // A filled polygon has an outline only when given one; a line always has one.
                stroke: if *closed && fill.is_some() {
                    stroke
                } else {
                    stroke.or(Some((ink, sh.stroke_w)))
                },
            },
            Kind::Text {
                text: t,
                size,
                min_size,
                family,
                face,
                align,
                valign,
                padding,
                french,
            } => {
                let fr = self.fill(cx, t, card, Lang::Fr)?;
                let en = self.fill(cx, t, card, Lang::En)?;
                let color = match &e.color {
                    Some(c) => self.color(cx, c, card)?,
                    None => ink,
                };
                let mut icons = Vec::new();
                for name in crate::base::markup::icon_names(&fr)
                    .into_iter()
                    .chain(crate::base::markup::icon_names(&en))
                {
                    if icons.iter().any(|(n, _): &(String, Art)| *n == name) {
                        continue;
                    }
                    match self.icons.get(&name) {
                        Some(a) => icons.push((name, a.clone())),
                        None => {
                            let hint = closest(&name, self.icons.keys().map(String::as_str))
                                .map(|c| format!("did you mean `:{c}:`?"));
                            cx.err_hint(
                                t,
                                format!(
                                    "{} `{}`: no icon `{name}` in `[icons]` (written `:{name}:`)",
                                    self.owner, card.id
                                ),
                                hint,
                            );
                            return None;
                        }
                    }
                }
                // An icon is drawn at each of its marks, on the French face or the English.
                for (name, art) in &icons {
                    let marks = |s: &str| {
                        crate::base::markup::parse(s)
                            .iter()
                            .filter(
                                |p| matches!(p, crate::base::markup::Piece::Icon(n) if n == name),
                            )
                            .count() as u64
                    };
                    let uses = marks(&fr).max(marks(&en));
                    self.draws(cx, t, card, art, uses, &format!("icon `{name}`"))?;
                }
                // French typography on the French text, with the narrowest no-break space
                // every face of the family has (none: the text is left as written).
                let fr = match french {
                    Some(space) => crate::base::lang::french_spaces(&fr, *space),
                    None => fr,
                };
                ElementKind::Text(TextBox {
                    text: Text { fr, en },
                    size: *size,
                    min_size: *min_size,
                    family: *family,
                    face: *face,
                    color,
                    align: *align,
                    valign: *valign,
                    icons,
                    boxed: (fill.is_some() || stroke.is_some()).then_some(Label {
                        fill,
                        stroke,
                        radius: sh.radius,
                        padding: *padding,
                    }),
                })
            }
            Kind::Image { file, fit, clip } => {
                let path = self.fill(cx, file, card, Lang::Fr)?;
                if path.trim().is_empty() {
                    return None;
                }
                let art = self.art(
                    cx,
                    &Spanned::new(file.span(), path.clone()),
                    "image",
                    Some(&card.id),
                )?;
                self.draws(cx, file, card, &art, 1, &format!("image `{}`", path.trim()))?;
                ElementKind::Image {
                    art,
                    fit: *fit,
                    clip: *clip,
                    radius: sh.radius,
                }
            }
            Kind::Icon { name: t, fit, clip } => {
                let name = self.fill(cx, t, card, Lang::Fr)?;
                if name.trim().is_empty() {
                    return None;
                }
                let art = match self.icons.get(name.trim()) {
                    Some(a) => a.clone(),
                    None => {
                        let hint = closest(&name, self.icons.keys().map(String::as_str))
                            .map(|c| format!("did you mean `{c}`?"));
                        cx.err_hint(
                            t,
                            format!(
                                "{} `{}`: no icon `{name}` in `[icons]`",
                                self.owner, card.id
                            ),
                            hint,
                        );
                        return None;
                    }
                };
                self.draws(cx, t, card, &art, 1, &format!("icon `{}`", name.trim()))?;
                ElementKind::Image {
                    art,
                    fit: *fit,
                    clip: *clip,
                    radius: sh.radius,
                }
            }
            Kind::Pattern(t) => {
                let name = self.fill(cx, t, card, Lang::Fr)?;
                let before = cx.diags.0.len();
                let at = Spanned::new(t.span(), name.trim().to_string());
                let pattern = match cx.choice(&at, &["none", "grid", "diamonds"], "pattern") {
                    Some("grid") => Pattern::Grid,
                    Some("diamonds") => Pattern::Diamonds,
                    _ => Pattern::None,
                };
                self.name_owner(cx, before, &card.id);
                if pattern == Pattern::None {
                    return None;
                }
                ElementKind::Pattern {
                    pattern,
                    stroke: stroke.unwrap_or((ink, sh.stroke_w)),
                }
            }
            Kind::Symbol(t) => {
                let name = self.fill(cx, t, card, Lang::Fr)?;
                if name.trim().is_empty() {
                    return None;
                }
                let before = cx.diags.0.len();
                let symbol = cx.symbol(&Spanned::new(t.span(), name.trim().to_string()));
                self.name_owner(cx, before, &card.id);
                ElementKind::Symbol {
                    symbol: symbol?,
                    color: fill.unwrap_or(ink),
                }
            }
            Kind::Board(None) if self.owner == "board" => ElementKind::Board(None),
            Kind::Board(None) => {
                cx.err(
                    &e.name,
                    format!(
                        "{} `{}`: a board element needs `board = \"<board id>\"` (only a board's own layout may leave it out)",
                        self.owner, card.id
                    ),
                );
                return None;
            }
            Kind::Board(Some(t)) => {
                let id = self.fill(cx, t, card, Lang::Fr)?;
                if id.trim().is_empty() {
                    return None;
                }
                match self.boards.get(id.trim()) {
                    Some(b) => ElementKind::Board(Some(b.clone())),
                    None => {
                        let hint = closest(&id, self.boards.keys().map(String::as_str))
                            .map(|c| format!("did you mean `{c}`?"));
                        cx.err_hint(
                            t,
                            format!("{} `{}`: no board `{id}` in the game", self.owner, card.id),
                            hint,
                        );
                        return None;
                    }
                }
            }
            Kind::Picto => {
                // A face with no pictogram draws nothing here.
                let picto = Box::new(card.picto.clone()?);
                ElementKind::Picto {
                    picto,
                    cells: fill.unwrap_or(card.fill.darken(0.06)),
                    ink: stroke.map_or(Color::BLACK, |(c, _)| c),
                    arrows: match &e.color {
                        Some(c) => self.color(cx, c, card)?,
                        None => card.fill.darken(0.3),
                    },
                }
            }
        };
        Some(Element {
            name: e.name.get_ref().clone(),
            x: sh.x,
            y: sh.y,
            w: sh.w,
            h: sh.h,
            rotate: sh.rotate,
            kind,
            place: value_place(e, card).unwrap_or_else(|| sh.place.clone()),
        })
    }
}

/// Where a warning about a library element is best placed: at the card's value, when the
/// element's text is that one field (`"{text}"`); a game's own element is placed at itself.
fn value_place(e: &raw::ElementRaw, card: &Card) -> Option<std::sync::Arc<Diagnostic>> {
    let t = e.text.as_ref()?;
    if t.span().start < crate::definition::library::LIBRARY_SPAN {
        return None;
    }
    let field = t
        .get_ref()
        .trim()
        .strip_prefix('{')?
        .strip_suffix('}')?
        .trim();
    let places = card.places.as_ref()?;
    match field {
        "title" => Some(places.title.clone()),
        "text" => Some(places.text.clone()),
        "tag" => places.tag.clone(),
        f => places.fields.get(f).cloned(),
    }
}

/// What an element draws, with what is the same for every card.
pub(super) enum Kind<'e> {
    Rect,
    Ellipse,
    Line(Vec<(f64, f64)>, bool),
    Text {
        text: &'e S,
        size: f64,
        min_size: f64,
        family: Family,
        face: Face,
        align: Align,
        valign: VAlign,
        padding: f64,
        /// The space French typography binds with: the narrowest no-break space every face of
        /// the family has (none: the French text is left as written).
        french: Option<char>,
    },
    Image {
        file: &'e S,
        fit: Fit,
        clip: ClipTo,
    },
    Icon {
        name: &'e S,
        fit: Fit,
        clip: ClipTo,
    },
    Symbol(&'e S),
    Pattern(&'e S),
    Picto,
    Board(Option<&'e S>),
}

/// An element of a layout with its place, size and options resolved: what every card shares.
pub(crate) struct Shape<'e> {
    raw: &'e raw::ElementRaw,
    kind: Kind<'e>,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    rotate: f64,
    radius: f64,
    stroke_w: f64,
    place: std::sync::Arc<Diagnostic>,
}

/// Reads a font file of the game (within the size limit) into a face; errors at `s`.
fn font_file(cx: &mut Ctx, s: &S) -> Option<Face> {
    let (_, path) = cx.game_file(s, "font", crate::fonts::MAX_FONT_BYTES)?;
    let loaded = crate::base::paths::read(&path, crate::fonts::MAX_FONT_BYTES)
        .and_then(|b| Face::load(b).map_err(|e| e.to_string()));
    match loaded {
        Ok(f) => Some(f),
        Err(e) => {
            cx.err(s, format!("font `{}`: {e}", s.get_ref()));
            None
        }
    }
}

/// One of `options` named by `v` (an error at `v` for another word), or `default`.
fn pick<T: Copy>(cx: &mut Ctx, v: &Option<S>, options: &[(&str, T)], what: &str, default: T) -> T {
    let Some(v) = v else { return default };
    let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
    cx.choice(v, &names, what)
        .and_then(|n| options.iter().find(|(o, _)| *o == n))
        .map_or(default, |(_, t)| *t)
}

fn shape<'e>(
    cx: &mut Ctx,
    e: &'e raw::ElementRaw,
    families: &BTreeMap<String, Family>,
    (w, h): (f64, f64),
    bleed: f64,
    safe: f64,
) -> Option<Shape<'e>> {
    let Some(kind) = &e.kind else {
        cx.err(
            &e.name,
            format!(
                "element `{}` has no `kind`: rect, ellipse, line, polygon, text, image, icon, symbol, pattern, picto or board",
                e.name.get_ref()
            ),
        );
        return None;
    };
    let kind_name = cx.choice(
        kind,
        &[
            "rect", "ellipse", "line", "polygon", "text", "image", "icon", "symbol", "pattern",
            "picto", "board",
        ],
        "element kind",
    )?;
    let (fx, fy, fw, fh) = pick(
        cx,
        &e.frame,
        &[
            ("cut", (0.0, 0.0, w, h)),
            ("bleed", (-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed)),
            ("safe", (safe, safe, w - 2.0 * safe, h - 2.0 * safe)),
        ],
        "frame",
        (0.0, 0.0, w, h),
    );
    let num = |cx: &mut Ctx, v: &Option<raw::F>, lo: f64, hi: f64, what: &str| {
        v.as_ref().map(|v| {
            let x = *v.get_ref();
            if !x.is_finite() || x < lo || x > hi {
                cx.err(
                    v,
                    format!(
                        "{what} out of range: expected {lo} to {hi}, found {}",
                        shown_number(x)
                    ),
                );
                lo.max(0.0)
            } else {
                x
            }
        })
    };
    // A length in mm or a percentage of `of`, in range once resolved.
    let len = |cx: &mut Ctx, v: &Option<raw::L>, of: f64, lo: f64, hi: f64, what: &str| {
        v.as_ref().map(|v| {
            let x = v.get_ref().mm(of);
            if !x.is_finite() || x < lo || x > hi {
                let written = match v.get_ref() {
                    raw::Len::Mm(m) => format!("{} mm", shown_number(*m)),
                    raw::Len::Pct(p) => format!("{}% ({} mm)", shown_number(*p), shown_number(x)),
                };
                cx.err(
                    v,
                    format!("{what} out of range: expected {lo} to {hi} mm, found {written}"),
                );
                lo.max(0.0)
            } else {
                x
            }
        })
    };
    // Two of start, end (from the far edge) and length place an element along an axis; a
    // missing start is 0 and a missing end is the far edge, so layouts follow the card's size.
    let axis = |cx: &mut Ctx,
                start: &Option<raw::L>,
                end: &Option<raw::L>,
                length: &Option<raw::L>,
                names: [&str; 3],
                full: f64| {
        let a = len(cx, start, full, -MAX_MM, MAX_MM, names[0]);
        let b = len(cx, end, full, -MAX_MM, MAX_MM, names[1]);
        let l = len(cx, length, full, 0.0, MAX_MM, names[2]);
        match (a, b, l) {
            (Some(_), Some(_), Some(_)) => {
                if let Some(end) = end {
                    cx.err(
                        end,
                        format!(
                            "`{}`, `{}` and `{}` all given: two of them place the element",
                            names[0], names[1], names[2]
                        ),
                    );
                }
                (a.unwrap_or(0.0), l.unwrap_or(0.0))
            }
            (a, Some(b), Some(l)) if a.is_none() => (full - b - l, l),
            (a, b, None) => {
                let a = a.unwrap_or(0.0);
                (a, (full - a - b.unwrap_or(0.0)).max(0.0))
            }
            (a, _, Some(l)) => (a.unwrap_or(0.0), l),
        }
    };
    let (x, ew) = axis(cx, &e.x, &e.right, &e.width, ["x", "right", "width"], fw);
    let (y, eh) = axis(
        cx,
        &e.y,
        &e.bottom,
        &e.height,
        ["y", "bottom", "height"],
        fh,
    );
    let rotate = num(cx, &e.rotate, -360.0, 360.0, "rotate").unwrap_or(0.0);
    let radius = len(cx, &e.radius, ew.min(eh), 0.0, MAX_MM, "radius").unwrap_or(0.0);
    let stroke_w = len(cx, &e.stroke_width, fw.min(fh), 0.0, 20.0, "stroke_width").unwrap_or(0.3);
    let art_options = |cx: &mut Ctx| {
        let fit = pick(
            cx,
            &e.fit,
            &[
                ("contain", Fit::Contain),
                ("cover", Fit::Cover),
                ("stretch", Fit::Stretch),
            ],
            "fit",
            Fit::Contain,
        );
        // Art that covers its box is clipped to it unless told otherwise.
        let clip = pick(
            cx,
            &e.clip,
            &[
                ("box", ClipTo::Box),
                ("card", ClipTo::Card),
                ("none", ClipTo::None),
            ],
            "clip",
            if fit == Fit::Cover {
                ClipTo::Box
            } else {
                ClipTo::None
            },
        );
        (fit, clip)
    };
    let kind = match kind_name {
        "rect" => Kind::Rect,
        "ellipse" => Kind::Ellipse,
        "line" | "polygon" => {
            let Some(pts) = &e.points else {
                cx.err(
                    &e.name,
                    format!("a {kind_name} needs `points = [[x, y], ...]`"),
                );
                return None;
            };
            let ok = pts.get_ref().len() >= 2
                && pts.get_ref().len() <= 1000
                && pts.get_ref().iter().all(|p| {
                    p.len() == 2
                        && p.iter()
                            .all(|v| v.value().is_finite() && v.value().abs() <= MAX_MM)
                });
            if !ok {
                cx.err(
                    pts,
                    "points: 2 to 1,000 pairs [x, y] in mm or in % of the element's box".into(),
                );
                return None;
            }
            Kind::Line(
                pts.get_ref()
                    .iter()
                    .map(|p| (p[0].mm(ew), p[1].mm(eh)))
                    .collect(),
                kind_name == "polygon",
            )
        }
        "text" => {
            let Some(t) = &e.text else {
                cx.err(&e.name, "a text element needs `text`".into());
                return None;
            };
            // A size in pt, or a percentage of the frame's shorter side (as an em, in pt).
            let pt = |cx: &mut Ctx, v: &Option<raw::L>, what: &str| {
                v.as_ref().map(|v| {
                    let x = match v.get_ref() {
                        raw::Len::Mm(n) => *n,
                        raw::Len::Pct(p) => p / 100.0 * fw.min(fh) * 72.0 / 25.4,
                    };
                    if !x.is_finite() || !(2.0..=200.0).contains(&x) {
                        cx.err(
                            v,
                            format!(
                                "{what} out of range: expected 2 to 200 pt, found {} pt",
                                shown_number(x)
                            ),
                        );
                        2.0
                    } else {
                        // Whole hundredths of a point, so that equal sizes print the same bytes.
                        (x * 100.0).round() / 100.0
                    }
                })
            };
            let size = pt(cx, &e.size, "size").unwrap_or(8.0);
            let min_size = pt(cx, &e.min_size, "min_size").unwrap_or(size).min(size);
            let family = match &e.font {
                None => Family::LATO,
                Some(f) => match families.get(f.get_ref()) {
                    Some(fam) => *fam,
                    None => {
                        let hint = closest(f.get_ref(), families.keys().map(String::as_str))
                            .map(|c| format!("did you mean `{c}`?"))
                            .or_else(|| Some("declare it in `[fonts]`: `[fonts.name] regular = \"fonts/Name-Regular.ttf\"`".into()));
                        cx.err_hint(f, format!("unknown font family `{}`", f.get_ref()), hint);
                        Family::LATO
                    }
                },
            };
            let face = pick(
                cx,
                &e.style,
                &[
                    ("regular", family.regular),
                    ("bold", family.bold),
                    ("italic", family.italic),
                ],
                "style",
                family.regular,
            );
            Kind::Text {
                text: t,
                size,
                min_size,
                family,
                face,
                align: pick(
                    cx,
                    &e.align,
                    &[
                        ("left", Align::Left),
                        ("center", Align::Center),
                        ("right", Align::Right),
                        ("justify", Align::Justify),
                    ],
                    "align",
                    Align::Left,
                ),
                valign: pick(
                    cx,
                    &e.valign,
                    &[
                        ("top", VAlign::Top),
                        ("middle", VAlign::Middle),
                        ("bottom", VAlign::Bottom),
                    ],
                    "valign",
                    VAlign::Top,
                ),
                padding: len(cx, &e.padding, fw.min(fh), 0.0, 50.0, "padding").unwrap_or(4.0),
                french: {
                    let faces = [family.regular, family.bold, family.italic, face];
                    [crate::base::lang::NNBSP, crate::base::lang::NBSP]
                        .into_iter()
                        .find(|&c| faces.iter().all(|f| f.has_char(c)))
                },
            }
        }
        "image" => {
            let Some(file) = &e.image else {
                cx.err(
                    &e.name,
                    "an image element needs `image = \"art/....svg\"`".into(),
                );
                return None;
            };
            let (fit, clip) = art_options(cx);
            Kind::Image { file, fit, clip }
        }
        "icon" => {
            let Some(name) = &e.icon else {
                cx.err(&e.name, "an icon element needs `icon = \"<name>\"`".into());
                return None;
            };
            let (fit, clip) = art_options(cx);
            Kind::Icon { name, fit, clip }
        }
        "symbol" => {
            let Some(name) = &e.symbol else {
                cx.err(
                    &e.name,
                    "a symbol element needs `symbol = \"circle\"` (triangle, square, diamond, star, cross)".into(),
                );
                return None;
            };
            Kind::Symbol(name)
        }
        "pattern" => {
            let Some(name) = &e.pattern else {
                cx.err(
                    &e.name,
                    "a pattern element needs `pattern = \"grid\"` (or `diamonds`, `none`)".into(),
                );
                return None;
            };
            Kind::Pattern(name)
        }
        "board" => Kind::Board(e.board.as_ref()),
        _ => Kind::Picto,
    };
    Some(Shape {
        raw: e,
        kind,
        x: fx + x,
        y: fy + y,
        w: ew,
        h: eh,
        rotate,
        radius,
        stroke_w,
        place: std::sync::Arc::new(
            cx.at(
                e.text
                    .as_ref()
                    .or(e.image.as_ref())
                    .map_or(e.name.span(), |t| t.span()),
                String::new(),
            ),
        ),
    })
}

/// Fills `{field}` and `{field.key}` (a value of `[styles.<field>.<value>]`) with a card's
/// values; `{{` and `}}` are braces. The error says what is missing and, for a style, which
/// field's value lacks it (to place the error there).
pub fn expand(
    template: &str,
    card: &Card,
    lang: Lang,
    styles: &BTreeMap<String, BTreeMap<String, BTreeMap<String, S>>>,
) -> Result<String, (String, Option<String>)> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let r = &rest[i..];
        if r.starts_with("{{") || r.starts_with("}}") {
            out.push_str(&r[..1]);
            rest = &r[2..];
            continue;
        }
        if r.starts_with('}') {
            return Err(("a `}` with no `{` (write `}}` for a brace)".into(), None));
        }
        let Some(end) = r.find('}') else {
            return Err(("a `{` with no `}` (write `{{` for a brace)".into(), None));
        };
        let name = r[1..end].trim();
        let (field, key) = match name.split_once('.') {
            Some((f, k)) => (f, Some(k)),
            None => (name, None),
        };
        let value: String = match field {
            "id" => card.id.clone(),
            "title" => card.title.get(lang).to_string(),
            "text" => card.text.get(lang).to_string(),
            "tag" => card
                .tag
                .as_ref()
                .map_or(String::new(), |t| t.get(lang).to_string()),
            "count" => card.count.to_string(),
            "fill" => card.fill.to_string(),
            "fill_ink" => card.fill.ink_on().to_string(),
            f => match card.fields.get(f) {
                Some(v) => v.get(lang).to_string(),
                None => {
                    let names: Vec<&str> =
                        ["id", "title", "text", "tag", "count", "fill", "fill_ink"]
                            .into_iter()
                            .chain(card.fields.keys().map(String::as_str))
                            .collect();
                    let hint = closest(f, names.iter().copied())
                        .map_or(String::new(), |c| format!(" (did you mean `{c}`?)"));
                    return Err((format!("no field `{f}` for `{{{name}}}`{hint}"), None));
                }
            },
        };
        match key {
            None => out.push_str(&value),
            Some(k) => {
                let Some(by_value) = styles.get(field) else {
                    return Err((
                        format!("`{{{name}}}` reads `[styles.{field}]`, which is not given"),
                        None,
                    ));
                };
                let found = by_value.get(value.trim()).and_then(|m| m.get(k));
                match found {
                    Some(v) => out.push_str(v.get_ref()),
                    None => {
                        return Err((
                            format!(
                                "`{{{name}}}`: no `{k}` in `[styles.{field}.{}]` for this card's {field} `{}`",
                                value.trim(),
                                value.trim()
                            ),
                            Some(field.to_string()),
                        ))
                    }
                }
            }
        }
        rest = &r[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}
