//! One element of a layout: its kind, place, size and options read once (a [`Shape`]), and the
//! templates of its text filled with a card's values (`expand`).
//!
//! In: a [`raw::ElementRaw`] and the face's size. Out: a [`Shape`] every card shares, errors in
//! the context.

use super::context::{Ctx, MAX_MM};
use crate::base::diag::{closest, shown_number, Diagnostic};
use crate::base::lang::Lang;
use crate::base::units::Mm;
use crate::definition::model::{Align, Card, ClipTo, Fit, VAlign};
use crate::definition::raw::{self, S};
use crate::fonts::{Face, Family};
use std::collections::BTreeMap;

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
    pub(super) raw: &'e raw::ElementRaw,
    pub(super) kind: Kind<'e>,
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) w: f64,
    pub(super) h: f64,
    pub(super) rotate: f64,
    pub(super) radius: f64,
    pub(super) stroke_w: f64,
    pub(super) place: std::sync::Arc<Diagnostic>,
}

/// Reads a font file of the game (within the size limit) into a face; errors at `s`.
pub(super) fn font_file(cx: &mut Ctx, s: &S) -> Option<Face> {
    let (_, path) = cx.game_file(s, "font", crate::fonts::MAX_FONT_BYTES)?;
    let loaded = crate::base::paths::read(&path, crate::fonts::MAX_FONT_BYTES)
        .and_then(|b| Face::load_file(b, s.get_ref()));
    match loaded {
        Ok(f) => Some(f),
        Err(e) => {
            cx.err(s, format!("font `{}`: {e}", s.get_ref()));
            None
        }
    }
}

/// The family of `[fonts]` (or `lato`) named `f`; an unknown name is an error at `f`, with a
/// hint, and gives Lato.
pub(super) fn family_named(cx: &mut Ctx, families: &BTreeMap<String, Family>, f: &S) -> Family {
    match families.get(f.get_ref()) {
        Some(fam) => *fam,
        None => {
            let hint = closest(f.get_ref(), families.keys().map(String::as_str))
                .map(|c| format!("did you mean `{c}`?"))
                .or_else(|| {
                    Some("declare it in `[fonts]`: `[fonts.name] regular = \"fonts/Name-Regular.ttf\"`".into())
                });
            cx.err_hint(f, format!("unknown font family `{}`", f.get_ref()), hint);
            Family::LATO
        }
    }
}

/// `family` with the OpenType features `list` names set (`features = ["lnum", "tnum"]`); each
/// tag that is not one, or that the font lacks, is an error at its place, and the family is
/// then left as it was.
pub(super) fn with_features(cx: &mut Ctx, list: &toml::Spanned<Vec<S>>, family: Family) -> Family {
    use crate::fonts::freeze::{is_tag, MAX_FEATURES};
    let tags: Vec<&S> = list.get_ref().iter().collect();
    if tags.len() > MAX_FEATURES {
        cx.err(
            list,
            format!("`features` lists {}; at most {MAX_FEATURES}", tags.len()),
        );
        return family;
    }
    let mut ok = true;
    for t in &tags {
        if !is_tag(t.get_ref()) {
            cx.err_hint(
                t,
                format!("`{}` is not an OpenType feature tag", t.get_ref()),
                Some("four lowercase letters or digits: `lnum` (lining figures), `onum` (old-style), `tnum` (tabular), `pnum` (proportional), `smcp` (small capitals), `ss01` (a stylistic set)".into()),
            );
            ok = false;
        }
    }
    if !ok {
        return family;
    }
    let names: Vec<&str> = tags.iter().map(|t| t.get_ref().as_str()).collect();
    match family.with_features(&names) {
        Ok(f) => f,
        Err(why) => {
            cx.err(list, format!("`features`: {why}"));
            family
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

pub(super) fn shape<'e>(
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
                        raw::Len::Pct(p) => Mm(p / 100.0 * fw.min(fh)).in_pt(),
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
                Some(f) => family_named(cx, families, f),
            };
            let family = match &e.features {
                Some(list) => with_features(cx, list, family),
                None => family,
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
                    // A column of a data file is named with its place, the other half of
                    // a typo made on one side only.
                    let column = |c: &str| {
                        card.places
                            .as_ref()
                            .and_then(|p| p.fields.get(c))
                            .filter(|d| d.line > 0)
                            .map_or(String::new(), |d| {
                                format!(", a column of {}", d.path.display())
                            })
                    };
                    let hint = closest(f, names.iter().copied()).map_or(String::new(), |c| {
                        format!(" (did you mean `{c}`{}?)", column(c))
                    });
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
