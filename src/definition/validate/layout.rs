//! Layouts: `[layout.<name>]` resolved (extends, overrides by name), then filled with each card's
//! values into the elements of its face. Part of validation: every template, colour, image and
//! icon is checked here, each error at its place.
//!
//! In: the game's and the library's raw layouts, fonts and icons. Out: [`Layouts`], which turns
//! a layout and a card into the [`Element`]s of a face.

use super::context::{is_field_name, Ctx};
use super::element::{expand, font_file, shape, Kind, Shape};
use crate::art::Art;
use crate::base::color::Color;
use crate::base::diag::{closest, Diagnostic};
use crate::base::lang::{Lang, Text};
use crate::definition::model::{
    Board, Card, Element, ElementKind, FontFile, Label, Pattern, TextBox,
};
use crate::definition::raw::{self, S};
use crate::fonts::{Face, Family};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use toml::Spanned;

/// Deepest chain of `extends`.
const MAX_EXTENDS: usize = 16;

/// Most elements in a layout.
const MAX_ELEMENTS: usize = 100;

/// An element named again with another `kind` than the one it overrides (but one shape for
/// another), without `replace = true`: it would keep settings of another kind of element (a
/// text named `symbol` drawn with the symbol's fill, a black label), so it is an error that
/// shows what it inherits.
fn clash(cx: &mut Ctx, inherited: &raw::ElementRaw, over: &raw::ElementRaw) {
    if over.replace.is_some() {
        return;
    }
    let (Some(k), Some(old)) = (&over.kind, &inherited.kind) else {
        return;
    };
    // One outline drawn another way (a disc's `body` made a square) keeps its colours on
    // purpose; a text, an image or a board inheriting a shape's keys does not.
    let shapes = ["rect", "ellipse", "polygon", "line", "symbol"];
    if k.get_ref() == old.get_ref()
        || (shapes.contains(&k.get_ref().as_str()) && shapes.contains(&old.get_ref().as_str()))
    {
        return;
    }
    let kept: Vec<&str> = inherited
        .keys()
        .into_iter()
        .filter(|key| !over.keys().contains(key))
        .collect();
    cx.err_hint(
        k,
        format!(
            "element `{}` overrides the {} element of that name in the layout it extends, and would inherit its {}",
            over.name.get_ref(),
            old.get_ref(),
            kept.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        ),
        Some("write `replace = true` in this element to replace it whole, or give it another name".into()),
    );
}

/// Shared state of the layouts of a game: the raw tables, the art already read, the icons.
pub(super) struct Layouts<'r> {
    raw: &'r BTreeMap<String, raw::LayoutRaw>,
    lib: &'r BTreeMap<String, raw::LayoutRaw>,
    styles: &'r BTreeMap<String, BTreeMap<String, BTreeMap<String, S>>>,
    icons: BTreeMap<String, Art>,
    art: BTreeMap<std::path::PathBuf, Option<Art>>,
    /// What the distinct art files cost together, as [`Art::cost`] estimates it.
    art_cost: u64,
    /// The art files holding decoded pictures, as the game names them, with their pixels
    /// ([`Art::pixels_decoded`]), in the order they were read.
    pictures: Vec<(String, u64)>,
    families: BTreeMap<String, Family>,
    /// The faces of `[fonts]` read from the game's files, each once.
    font_files: Vec<FontFile>,
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
    /// The template errors already given (the template's place and the message without the
    /// face's name): a layout's mistake is reported once, at the first face that meets it, not
    /// once a card.
    reported: BTreeSet<(usize, usize, String)>,
    /// Every layout a component drew with, and every layout those extend: what
    /// [`Self::unread`] checks the game's layouts and styles against.
    used: std::cell::RefCell<BTreeSet<String>>,
}

/// The bundled family's name in `font = "…"`.
const BUNDLED_FAMILY: &str = "lato";

impl<'r> Layouts<'r> {
    /// The font families the game names (`[fonts]`), and `lato`.
    pub(super) fn families(&self) -> &BTreeMap<String, Family> {
        &self.families
    }

    /// The faces of `[fonts]` read from the game's files, each once, in the order of the
    /// families' names (regular, bold, italic), with the place naming each file.
    pub(super) fn font_files(&self) -> &[FontFile] {
        &self.font_files
    }

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
            pictures: Vec::new(),
            families: BTreeMap::new(),
            font_files: Vec::new(),
            owner: "card",
            boards: BTreeMap::new(),
            face_pixels: Some(0),
            pixels: HashMap::new(),
            reported: BTreeSet::new(),
            used: std::cell::RefCell::new(BTreeSet::new()),
        };
        l.families.insert(BUNDLED_FAMILY.into(), Family::LATO);
        for (name, f) in &file.fonts {
            if !is_field_name(name) || name == BUNDLED_FAMILY {
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
            let family = Family {
                regular: regular.unwrap_or(Face::Regular),
                bold: bold.unwrap_or(Face::Bold),
                italic: italic.unwrap_or(Face::Italic),
            };
            let family = match &f.features {
                Some(list) if regular.is_some() => super::element::with_features(cx, list, family),
                _ => family,
            };
            let named = [
                (regular, family.regular, Some(&f.regular)),
                (bold, family.bold, f.bold.as_ref()),
                (italic, family.italic, f.italic.as_ref()),
            ];
            for (read, face, file) in named {
                let file = file.unwrap_or(&f.regular);
                if read.is_some() && !l.font_files.iter().any(|k| k.face == face) {
                    l.font_files.push(FontFile {
                        face,
                        file: file.get_ref().clone(),
                        place: std::sync::Arc::new(cx.at(file.span(), String::new())),
                    });
                }
            }
            l.families.insert(name.to_string(), family);
        }
        for (name, path) in &file.icons {
            if !is_field_name(name) {
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

    /// The art files holding decoded pictures, with their pixels, in the order they were read.
    pub(super) fn pictures(&self) -> Vec<(String, u64)> {
        self.pictures.clone()
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
        let decoded = self
            .pictures
            .iter()
            .fold(0u64, |n, p| n.saturating_add(p.1));
        let room = crate::art::MAX_BUILD_PIXELS.saturating_sub(decoded);
        let loaded = match crate::art::load(&path, &shown, &cx.folder, room) {
            Ok(a) => {
                let pixels = a.pixels_decoded();
                if pixels > 0 {
                    self.pictures.push((s.get_ref().trim().to_string(), pixels));
                }
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
            self.used.borrow_mut().insert(name.get_ref().clone());
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
                    Some(o) => {
                        clash(cx, o, e);
                        *o = o.merged(e);
                    }
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

    /// What the game declares and nothing reads, as warnings (a designer's key that does
    /// nothing is a mistake they cannot see on paper): a `[layout.<name>]` no component draws
    /// with and no layout extends, and a key of `[styles.<field>.<value>]` no drawn layout
    /// reads as `{<field>.<key>}` (once a key, at its first value). Call it once every
    /// component is validated.
    pub(super) fn unread(&self, cx: &Ctx) -> Vec<Diagnostic> {
        let used = self.used.borrow();
        let mut out = Vec::new();
        for (name, l) in self.raw {
            if used.contains(name) {
                continue;
            }
            let at = l
                .extends
                .as_ref()
                .or_else(|| l.element.first().map(|e| &e.name));
            if let Some(at) = at {
                out.push(cx.src.error(at.span(), "").warn(format!(
                    "layout `{name}` is drawn by no component, itself or through a layout that extends it: name it in a component's `layout = \"{name}\"`, or remove it"
                )));
            }
        }
        let mut read: BTreeSet<(&str, &str)> = BTreeSet::new();
        for name in used.iter() {
            let Some(l) = self.raw.get(name).or_else(|| self.lib.get(name)) else {
                continue;
            };
            for t in l.element.iter().flat_map(raw::ElementRaw::templates) {
                read.extend(template_names(t).filter_map(|(f, k)| Some((f, k?))));
            }
        }
        for (field, values) in self.styles {
            // Each key unread, at its first place in the file.
            let mut first: BTreeMap<&str, &S> = BTreeMap::new();
            for (key, v) in values.values().flatten() {
                if !read.contains(&(field.as_str(), key.as_str())) {
                    let at = first.entry(key).or_insert(v);
                    if v.span().start < at.span().start {
                        *at = v;
                    }
                }
            }
            for (key, v) in first {
                out.push(cx.src.error(v.span(), "").warn(format!(
                    "`{key}` of `[styles.{field}]` is read by no layout: write `{{{field}.{key}}}` in a template of a layout a component draws with, or remove it"
                )));
            }
        }
        out
    }

    /// The names layout `name` reads (see [`reads`]), its mistakes left to the component that
    /// draws with it: none when it is unknown.
    pub(super) fn reads_of(&self, cx: &mut Ctx, name: &S) -> BTreeSet<String> {
        let before = cx.diags.0.len();
        let elements = self.elements(cx, name);
        cx.diags.0.truncate(before);
        elements.map_or_else(BTreeSet::new, |e| reads(&e))
    }

    /// The names a data file's columns may be: those layout `name` reads, or, when it is unknown
    /// (its own error is the component's to give), every column of `table`: a misspelt layout
    /// name is one error, not one more a column.
    pub(super) fn column_reads(
        &self,
        cx: &mut Ctx,
        name: &S,
        table: &crate::definition::data::Table,
    ) -> BTreeSet<String> {
        self.reads_known(cx, name)
            .unwrap_or_else(|| super::rows::header_bases(table))
    }

    /// [`Self::reads_of`], or `None` when the layout is unknown (its error is the component's
    /// to give, once).
    pub(super) fn reads_known(&self, cx: &mut Ctx, name: &S) -> Option<BTreeSet<String>> {
        let before = cx.diags.0.len();
        let elements = self.elements(cx, name);
        cx.diags.0.truncate(before);
        elements.map(|e| reads(&e))
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
    fn fill(&mut self, cx: &mut Ctx, t: &S, card: &Card, lang: Lang) -> Option<String> {
        match expand(t.get_ref(), card, lang, self.styles) {
            Ok(v) => Some(v),
            Err((msg, field)) => {
                let at_field = field.as_ref().is_some_and(|f| {
                    card.places
                        .as_ref()
                        .is_some_and(|p| p.fields.contains_key(f))
                });
                if !at_field
                    && !self
                        .reported
                        .insert((t.span().start, t.span().end, msg.clone()))
                {
                    return None;
                }
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
    fn color(&mut self, cx: &mut Ctx, t: &S, card: &Card) -> Option<Color> {
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
            // A colour written in the layout is wrong for every face alike: said once, at the
            // first face (one from a field is said at each field's cell).
            if field_place.is_none() {
                let span = t.span();
                let fresh: Vec<Diagnostic> = cx
                    .diags
                    .0
                    .drain(before..)
                    .filter(|d| {
                        self.reported
                            .insert((span.start, span.end, d.message.clone()))
                    })
                    .collect();
                cx.diags.0.extend(fresh);
            }
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

/// The names a layout's templates read: `{cost}` reads `cost`, `{crop.color}` reads `crop`
/// (`{{` and `}}` are braces).
pub(super) fn reads(elements: &[raw::ElementRaw]) -> BTreeSet<String> {
    elements
        .iter()
        .flat_map(raw::ElementRaw::templates)
        .flat_map(template_names)
        .map(|(f, _)| f.to_string())
        .collect()
}

/// The names a template reads, each a field and the style key after its dot: `{cost}` is
/// (`cost`, none), `{crop.color}` (`crop`, `color`); `{{` and `}}` are braces.
fn template_names(t: &str) -> impl Iterator<Item = (&str, Option<&str>)> {
    let mut rest = t;
    std::iter::from_fn(move || {
        while let Some(i) = rest.find(['{', '}']) {
            let r = &rest[i..];
            if r.starts_with("{{") || r.starts_with("}}") {
                rest = &r[2..];
                continue;
            }
            let Some(end) = r.find('}').filter(|_| r.starts_with('{')) else {
                rest = &r[1..];
                continue;
            };
            let name = r[1..end].trim();
            rest = &r[end + 1..];
            return Some(match name.split_once('.') {
                Some((f, k)) => (f, Some(k)),
                None => (name, None),
            });
        }
        None
    })
}
