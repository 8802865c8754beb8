//! Layouts: `[layout.<name>]` resolved (extends, overrides by name), then filled with each card's
//! values into the elements of its face. Part of validation: every template, colour, image and
//! icon is checked here, each error at its place.

use super::*;
use crate::art::Art;
use crate::diag::Diagnostic;

/// Deepest chain of `extends`.
const MAX_EXTENDS: usize = 16;
/// Most elements in a layout.
const MAX_ELEMENTS: usize = 100;

/// Shared state of the layouts of a game: the raw tables, the art already read, the icons.
pub(super) struct Layouts<'r> {
    raw: &'r BTreeMap<String, raw::LayoutRaw>,
    styles: &'r BTreeMap<String, BTreeMap<String, BTreeMap<String, S>>>,
    icons: BTreeMap<String, Art>,
    art: BTreeMap<std::path::PathBuf, Option<Art>>,
}

impl<'r> Layouts<'r> {
    pub(super) fn new(cx: &mut Ctx, file: &'r raw::GameFile) -> Layouts<'r> {
        let mut l = Layouts {
            raw: &file.layout,
            styles: &file.styles,
            icons: BTreeMap::new(),
            art: BTreeMap::new(),
        };
        for (name, path) in &file.icons {
            if !super::is_field_name(name) {
                cx.err(
                    path,
                    format!("invalid icon name `{name}`: use lowercase letters, digits and `_`"),
                );
            }
            if let Some(art) = l.art(cx, path, "icon", None) {
                l.icons.insert(name.clone(), art);
            }
        }
        l
    }

    /// Reads an art file once, however many cards use it; errors at `s` (or at `place`).
    fn art(&mut self, cx: &mut Ctx, s: &S, what: &str, place: Option<&str>) -> Option<Art> {
        let path = match place {
            None => cx.game_file(s, what)?,
            Some(card) => {
                let before = cx.diags.0.len();
                let p = cx.game_file(s, what);
                for d in &mut cx.diags.0[before..] {
                    d.message = format!("card `{card}`: {}", d.message);
                }
                p?
            }
        };
        if let Some(found) = self.art.get(&path) {
            return found.clone();
        }
        let loaded = match crate::art::load(&path) {
            Ok(a) => Some(a),
            Err(e) => {
                cx.err(s, format!("{what} `{}`: {e}", s.get_ref()));
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
            let Some(l) = self.raw.get(name.get_ref()) else {
                let hint = closest(name.get_ref(), self.raw.keys().map(String::as_str))
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

    /// The elements of one card's face.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn face(
        &mut self,
        cx: &mut Ctx,
        elements: &[raw::ElementRaw],
        card: &Card,
        size: (f64, f64),
        bleed: f64,
        safe: f64,
        ink: Color,
    ) -> Vec<Element> {
        let mut out = Vec::new();
        for e in elements {
            if let Some(el) = self.element(cx, e, card, size, bleed, safe, ink) {
                out.push(el);
            }
        }
        out
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
                        message: format!("card `{}`: {msg}", card.id),
                        warning: false,
                        ..d
                    });
                match place {
                    Some(d) => cx.diags.push(d),
                    None => cx.err(t, format!("card `{}`: {msg}", card.id)),
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
                d.message = format!("card `{}`: {}", card.id, d.message);
            }
            return None;
        }
        Some(c)
    }

    #[allow(clippy::too_many_arguments)]
    fn element(
        &mut self,
        cx: &mut Ctx,
        e: &raw::ElementRaw,
        card: &Card,
        (w, h): (f64, f64),
        bleed: f64,
        safe: f64,
        ink: Color,
    ) -> Option<Element> {
        if let Some(when) = &e.when {
            let fr = self.fill(cx, when, card, Lang::Fr)?;
            let en = self.fill(cx, when, card, Lang::En)?;
            if fr.trim().is_empty() && en.trim().is_empty() {
                return None;
            }
        }
        let Some(kind) = &e.kind else {
            cx.err(
                &e.name,
                format!(
                    "element `{}` has no `kind`: rect, ellipse, line, text, image, icon or picto",
                    e.name.get_ref()
                ),
            );
            return None;
        };
        let kind_name = cx.choice(
            kind,
            &["rect", "ellipse", "line", "text", "image", "icon", "picto"],
            "element kind",
        )?;
        let (fx, fy, fw, fh) = match e
            .frame
            .as_ref()
            .map(|f| cx.choice(f, &["cut", "bleed", "safe"], "frame"))
        {
            Some(Some("bleed")) => (-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed),
            Some(Some("safe")) => (safe, safe, w - 2.0 * safe, h - 2.0 * safe),
            _ => (0.0, 0.0, w, h),
        };
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
        let x = num(cx, &e.x, -MAX_MM, MAX_MM, "x").unwrap_or(0.0);
        let y = num(cx, &e.y, -MAX_MM, MAX_MM, "y").unwrap_or(0.0);
        let ew = num(cx, &e.width, 0.0, MAX_MM, "width").unwrap_or((fw - x).max(0.0));
        let eh = num(cx, &e.height, 0.0, MAX_MM, "height").unwrap_or((fh - y).max(0.0));
        let rotate = num(cx, &e.rotate, -360.0, 360.0, "rotate").unwrap_or(0.0);
        let radius = num(cx, &e.radius, 0.0, MAX_MM, "radius").unwrap_or(0.0);
        let stroke_w = num(cx, &e.stroke_width, 0.0, 20.0, "stroke_width").unwrap_or(0.3);
        let fill = match &e.fill {
            Some(t) => Some(self.color(cx, t, card)?),
            None => None,
        };
        let stroke = match &e.stroke {
            Some(t) => Some((self.color(cx, t, card)?, stroke_w)),
            None => None,
        };
        let kind = match kind_name {
            "rect" => ElementKind::Rect {
                fill,
                stroke,
                radius,
            },
            "ellipse" => ElementKind::Ellipse { fill, stroke },
            "line" => {
                let Some(pts) = &e.points else {
                    cx.err(&e.name, "a line needs `points = [[x, y], ...]`".into());
                    return None;
                };
                let ok = pts.get_ref().len() >= 2
                    && pts.get_ref().len() <= 1000
                    && pts.get_ref().iter().all(|p| {
                        p.len() == 2 && p.iter().all(|v| v.is_finite() && v.abs() <= MAX_MM)
                    });
                if !ok {
                    cx.err(pts, "points: 2 to 1,000 pairs [x, y] in mm".into());
                    return None;
                }
                ElementKind::Line {
                    points: pts.get_ref().iter().map(|p| (p[0], p[1])).collect(),
                    fill,
                    stroke: stroke.or(Some((ink, stroke_w))),
                }
            }
            "text" => {
                let Some(t) = &e.text else {
                    cx.err(&e.name, "a text element needs `text`".into());
                    return None;
                };
                let fr = self.fill(cx, t, card, Lang::Fr)?;
                let en = self.fill(cx, t, card, Lang::En)?;
                let size = num(cx, &e.size, 2.0, 200.0, "size").unwrap_or(8.0);
                let min_size = num(cx, &e.min_size, 2.0, 200.0, "min_size")
                    .unwrap_or(size)
                    .min(size);
                let face = match e
                    .font
                    .as_ref()
                    .map(|f| cx.choice(f, &["regular", "bold", "italic"], "font"))
                {
                    Some(Some("bold")) => crate::fonts::Face::Bold,
                    Some(Some("italic")) => crate::fonts::Face::Italic,
                    _ => crate::fonts::Face::Regular,
                };
                let align = match e
                    .align
                    .as_ref()
                    .map(|a| cx.choice(a, &["left", "center", "right", "justify"], "align"))
                {
                    Some(Some("center")) => Align::Center,
                    Some(Some("right")) => Align::Right,
                    Some(Some("justify")) => Align::Justify,
                    _ => Align::Left,
                };
                let valign = match e
                    .valign
                    .as_ref()
                    .map(|a| cx.choice(a, &["top", "middle", "bottom"], "valign"))
                {
                    Some(Some("middle")) => VAlign::Middle,
                    Some(Some("bottom")) => VAlign::Bottom,
                    _ => VAlign::Top,
                };
                let color = match &e.color {
                    Some(c) => self.color(cx, c, card)?,
                    None => ink,
                };
                let mut icons = Vec::new();
                for name in crate::markup::icon_names(&fr)
                    .into_iter()
                    .chain(crate::markup::icon_names(&en))
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
                                    "card `{}`: no icon `{name}` in `[icons]` (written `:{name}:`)",
                                    card.id
                                ),
                                hint,
                            );
                            return None;
                        }
                    }
                }
                ElementKind::Text(TextBox {
                    text: Text { fr, en },
                    size,
                    min_size,
                    face,
                    color,
                    align,
                    valign,
                    icons,
                })
            }
            "image" | "icon" => {
                let fit = match e
                    .fit
                    .as_ref()
                    .map(|f| cx.choice(f, &["contain", "cover", "stretch"], "fit"))
                {
                    Some(Some("cover")) => Fit::Cover,
                    Some(Some("stretch")) => Fit::Stretch,
                    _ => Fit::Contain,
                };
                let clip = match e
                    .clip
                    .as_ref()
                    .map(|c| cx.choice(c, &["box", "card", "none"], "clip"))
                {
                    Some(Some("box")) => ClipTo::Box,
                    Some(Some("card")) => ClipTo::Card,
                    Some(Some("none")) => ClipTo::None,
                    _ if fit == Fit::Cover => ClipTo::Box,
                    _ => ClipTo::None,
                };
                let art = if kind_name == "image" {
                    let Some(t) = &e.image else {
                        cx.err(
                            &e.name,
                            "an image element needs `image = \"art/....svg\"`".into(),
                        );
                        return None;
                    };
                    let path = self.fill(cx, t, card, Lang::Fr)?;
                    if path.trim().is_empty() {
                        return None;
                    }
                    self.art(cx, &Spanned::new(t.span(), path), "image", Some(&card.id))?
                } else {
                    let Some(t) = &e.icon else {
                        cx.err(&e.name, "an icon element needs `icon = \"<name>\"`".into());
                        return None;
                    };
                    let name = self.fill(cx, t, card, Lang::Fr)?;
                    if name.trim().is_empty() {
                        return None;
                    }
                    match self.icons.get(name.trim()) {
                        Some(a) => a.clone(),
                        None => {
                            let hint = closest(&name, self.icons.keys().map(String::as_str))
                                .map(|c| format!("did you mean `{c}`?"));
                            cx.err_hint(
                                t,
                                format!("card `{}`: no icon `{name}` in `[icons]`", card.id),
                                hint,
                            );
                            return None;
                        }
                    }
                };
                ElementKind::Image {
                    art,
                    fit,
                    clip,
                    radius,
                }
            }
            _ => ElementKind::Picto,
        };
        Some(Element {
            name: e.name.get_ref().clone(),
            x: fx + x,
            y: fy + y,
            w: ew,
            h: eh,
            rotate,
            kind,
            place: cx.src.error(
                e.text
                    .as_ref()
                    .or(e.image.as_ref())
                    .map_or(e.name.span(), |t| t.span()),
                "",
            ),
        })
    }
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
            f => match card.fields.get(f) {
                Some(v) => v.get(lang).to_string(),
                None => {
                    let names: Vec<&str> = ["id", "title", "text", "tag", "count"]
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
