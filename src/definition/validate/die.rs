//! Dice: `[die.<id>]` → [`Die`]: six faces (pips, numbers, symbols, texts or a layout).
//!
//! In: a [`raw::DieRaw`]. Out: a checked [`Die`], errors in the context.

use super::context::{values, Ctx, MAX_NAME};
use super::layout::Layouts;
use crate::base::color::Color;
use crate::base::diag::shown_number;
use crate::definition::model::{CardPlaces, Die};
use crate::definition::raw;
use toml::Spanned;

/// A face's fields, in the order written.
type Fields = Vec<(String, String)>;

/// The longest text a die face shows.
const MAX_DIE_TEXT: usize = 12;

/// Where the pips of `n` stand on a face, by the names a die face's layout reads.
const PIPS: [&[&str]; 6] = [
    &["c"],
    &["nw", "se"],
    &["nw", "c", "se"],
    &["nw", "ne", "sw", "se"],
    &["nw", "ne", "c", "sw", "se"],
    &["nw", "ne", "w", "e", "sw", "se"],
];

/// One die face's values as written (a number of pips, a text, `":icon:"` or a table of
/// fields): its fields, the colour it overrides, and where each field was written.
fn die_face(
    cx: &mut Ctx,
    i: usize,
    v: &Spanned<toml::Value>,
    lays: &Layouts,
) -> Option<(Fields, Option<Color>)> {
    let n = i + 1;
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut fill = None;
    let pips = |cx: &mut Ctx, k: i64| {
        if (1..=6).contains(&k) {
            Some(k as usize)
        } else {
            cx.err(
                v,
                format!(
                    "face {n}: {k} pips; a face has 1 to 6 (write a number as text, `\"{k}\"`)"
                ),
            );
            None
        }
    };
    let icon = |cx: &mut Ctx, name: &str| {
        if lays.icon(name).is_some() {
            Some(name.to_string())
        } else {
            cx.err(v, format!("face {n}: no icon `{name}` in `[icons]`"));
            None
        }
    };
    let text = |cx: &mut Ctx, t: &str| {
        if t.trim().is_empty() || t.chars().count() > MAX_DIE_TEXT {
            cx.err(
                v,
                format!("face {n}: `{t}`: a face's text has 1 to {MAX_DIE_TEXT} characters"),
            );
            None
        } else {
            Some(t.to_string())
        }
    };
    match v.get_ref() {
        toml::Value::Integer(k) => fields.push(("pips".into(), pips(cx, *k)?.to_string())),
        toml::Value::String(t) => match t.strip_prefix(':').and_then(|r| r.strip_suffix(':')) {
            Some(name) => fields.push(("icon".into(), icon(cx, name)?)),
            None => fields.push(("text".into(), text(cx, t)?)),
        },
        toml::Value::Table(t) => {
            for (k, val) in t {
                if !k
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                    || ["face", "pip"].contains(&k.as_str())
                    || k.starts_with("pip_")
                {
                    cx.err(
                        v,
                        format!("face {n}: `{k}` is set by the die; name the field otherwise"),
                    );
                    return None;
                }
                let got = match (k.as_str(), val) {
                    ("pips", toml::Value::Integer(x)) => pips(cx, *x)?.to_string(),
                    ("icon", toml::Value::String(x)) => icon(cx, x.trim_matches(':'))?,
                    ("text", toml::Value::String(x)) => text(cx, x)?,
                    ("pips" | "icon" | "text", _) => {
                        cx.err(
                            v,
                            format!(
                                "face {n}: `{k}` expected {}, found {}",
                                match k.as_str() {
                                    "pips" => "a number of pips, 1 to 6",
                                    "icon" => "the name of an icon",
                                    _ => "a text",
                                },
                                val.type_str()
                            ),
                        );
                        return None;
                    }
                    (_, toml::Value::String(x)) if x.chars().count() <= MAX_NAME => x.clone(),
                    (_, toml::Value::Integer(x)) => x.to_string(),
                    (_, toml::Value::Float(x)) => shown_number(*x),
                    (_, other) => {
                        cx.err(
                            v,
                            format!(
                                "face {n}: `{k}` expected {}, found {}",
                                "a short text or a number",
                                other.type_str()
                            ),
                        );
                        return None;
                    }
                };
                if k == "fill" {
                    let before = cx.diags.0.len();
                    let c = cx.color(&Spanned::new(v.span(), got.clone()));
                    if cx.diags.0.len() > before {
                        for d in &mut cx.diags.0[before..] {
                            d.message = format!("face {n}: {}", d.message);
                        }
                        return None;
                    }
                    fill = Some(c);
                }
                fields.push((k.clone(), got));
            }
            if t.is_empty() {
                cx.err(
                    v,
                    format!("face {n}: an empty table; give `pips`, `text`, `icon` or fields"),
                );
                return None;
            }
        }
        other => {
            cx.err(
                v,
                format!(
                    "face {n}: expected a number of pips, a text, `\":icon:\"` or a table of fields, found {}",
                    other.type_str()
                ),
            );
            return None;
        }
    }
    Some((fields, fill))
}

pub(super) fn die(cx: &mut Ctx, d: &raw::DieRaw, margin: f64, lays: &mut Layouts) -> Die {
    let id = cx.id(&d.id);
    cx.stem(&d.id, id.clone(), format!("die `{id}`"));
    let face = cx.length(&d.face, 8.0, 60.0, "die face");
    let mut die = Die {
        id,
        name: cx.text(&d.name, MAX_NAME, "name"),
        face,
        fill: cx.color(&d.fill),
        pip: cx.color(&d.pip),
        faces: vec![Vec::new(); 6],
        count: cx.count(&d.count),
        bleed: d
            .bleed
            .as_ref()
            .map_or(0.0, |b| cx.length(b, 0.0, 5.0, "bleed")),
        safe: d
            .safe
            .as_ref()
            .map_or(0.0, |s| cx.length(s, 0.0, face / 4.0, "safe")),
    };
    let (w, h) = die.extent();
    cx.fits_paper(&d.face, w + 2.0 * die.bleed, h + 2.0 * die.bleed, margin);
    let written = d.faces.get_ref();
    if written.len() != 6 {
        cx.err(
            &d.faces,
            format!("faces: expected 6 values, found {}", written.len()),
        );
        return die;
    }
    // Each face is drawn by its layout, by default the library's `die-face`.
    let default = Spanned::new(d.faces.span(), "die-face".to_string());
    let name = d.layout.as_ref().unwrap_or(&default);
    let Some(elements) = lays.elements(cx, name) else {
        return die;
    };
    // A face's bleed would cover its neighbours in the net: the bleed is around the net.
    let shapes = lays.shapes(cx, &elements, (face, face), 0.0, die.safe);
    let read: Vec<_> = written
        .iter()
        .enumerate()
        .map(|(i, v)| die_face(cx, i, v, lays))
        .collect();
    // Every face has every field some face gives (empty where it gives none).
    let mut keys: Vec<String> = ["pips", "text", "icon"].map(String::from).to_vec();
    for (fields, _) in read.iter().flatten() {
        for (k, _) in fields {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    for (i, (v, got)) in written.iter().zip(read).enumerate() {
        let Some((mut fields, fill)) = got else {
            continue;
        };
        let pips: usize = fields
            .iter()
            .find(|(k, _)| k == "pips")
            .and_then(|(_, x)| x.parse().ok())
            .unwrap_or(0);
        for key in &keys {
            if !fields.iter().any(|(k, _)| k == key) {
                fields.push((key.clone(), String::new()));
            }
        }
        for spot in ["nw", "ne", "w", "c", "e", "sw", "se"] {
            let on = pips > 0 && PIPS[pips - 1].contains(&spot);
            fields.push((format!("pip_{spot}"), if on { "1" } else { "" }.into()));
        }
        fields.push(("face".into(), (i + 1).to_string()));
        fields.push(("pip".into(), die.pip.to_string()));
        // Warnings about a face's text are placed at the face's value.
        let place = std::sync::Arc::new(cx.at(v.span(), String::new()));
        let mut values = values(&die.id, &die.name, fill.unwrap_or(die.fill), fields);
        // `{text}` is a card's own text.
        if let Some(t) = values.fields.remove("text") {
            values.text = t;
        }
        values.places = Some(Box::new(CardPlaces {
            title: cx.at(d.name.span(), String::new()).into(),
            text: place.clone(),
            tag: None,
            fields: values
                .fields
                .keys()
                .map(|k| (k.clone(), place.clone()))
                .collect(),
        }));
        die.faces[i] = lays.face_of("die", cx, &shapes, &values, die.pip);
    }
    die
}
