//! The template library (`templates/library.toml`): palettes, card styles, sizes, sheet styles.

use super::model::SheetStyle;
use super::raw::{self, LibraryFile};
use crate::base::color::Color;
use crate::base::diag::{self, Diagnostics, Source};
use std::collections::{BTreeMap, BTreeSet};

/// Smallest and largest size of a card style's title and text, in points (a text under
/// 4 pt cannot be read; one over 72 pt does not fit a card).
pub const MIN_TEXT_PT: f64 = 4.0;
/// See [`MIN_TEXT_PT`].
pub const MAX_TEXT_PT: f64 = 72.0;

/// A card style template with every field given (colours are palette names).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StyleTemplate {
    /// Corner radius, mm.
    pub corner: f64,
    /// Border width, mm.
    pub border: f64,
    /// Title size, pt.
    pub title_size: f64,
    /// Text size, pt.
    pub text_size: f64,
    /// Panel colour name.
    pub panel: String,
    /// Ink colour name.
    pub ink: String,
}

/// The validated template library.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Library {
    /// Palettes by name.
    pub palettes: BTreeMap<String, BTreeMap<String, Color>>,
    /// Card styles by name.
    pub card_styles: BTreeMap<String, StyleTemplate>,
    /// Sizes by name: (width, height) in mm.
    pub sizes: BTreeMap<String, (f64, f64)>,
    /// Sheet styles by name.
    pub sheets: BTreeMap<String, SheetStyle>,
    /// Layouts every game may use or extend.
    pub layouts: LibraryLayouts,
}

/// Where the library's spans start once its layouts are handed to a game: a span at or past
/// this offset is in the library's file, not the game's.
pub const LIBRARY_SPAN: usize = 1 << 40;

/// The library's layouts, their spans moved by [`LIBRARY_SPAN`], with the library's source to
/// place diagnostics in it.
#[derive(Debug, Clone, Default)]
pub struct LibraryLayouts {
    /// Layouts by name.
    pub raw: BTreeMap<String, raw::LayoutRaw>,
    /// The library file.
    pub src: Option<Source>,
}

impl PartialEq for LibraryLayouts {
    fn eq(&self, other: &Self) -> bool {
        self.raw.keys().eq(other.raw.keys())
            && self.src.as_ref().map(|s| &s.text) == other.src.as_ref().map(|s| &s.text)
    }
}

impl LibraryLayouts {
    /// A diagnostic at `span`, in the library's file when the span is the library's.
    pub fn place(
        &self,
        game: &Source,
        span: std::ops::Range<usize>,
        msg: String,
    ) -> diag::Diagnostic {
        match &self.src {
            Some(lib) if span.start >= LIBRARY_SPAN => {
                lib.error(span.start - LIBRARY_SPAN..span.end - LIBRARY_SPAN, msg)
            }
            _ => game.error(span, msg),
        }
    }
}

impl Library {
    /// Parses and validates the library text.
    pub fn parse(src: &Source) -> Result<Library, Diagnostics> {
        src.within(raw::MAX_BYTES, raw::MAX_LINE, "the template library")?;
        let file: LibraryFile = toml::from_str(&src.text).map_err(|e| diag::from_toml(src, &e))?;
        let mut ck = Checker {
            src,
            diags: Diagnostics::default(),
        };
        let mut lib = Library::default();
        for (name, entries) in &file.palette {
            let mut p = BTreeMap::new();
            for (cname, value) in entries {
                match Color::parse_hex(value.get_ref()) {
                    Some(c) => {
                        p.insert(cname.clone(), c);
                    }
                    None => ck.diags.push(src.error(
                        value.span(),
                        format!(
                            "invalid colour `{}` for `{cname}`: expected `#rrggbb`",
                            value.get_ref()
                        ),
                    )),
                }
            }
            lib.palettes.insert(name.clone(), p);
        }
        for (name, s) in &file.size {
            let w = ck.num(&s.width, 10.0, 500.0, "width");
            let h = ck.num(&s.height, 10.0, 500.0, "height");
            lib.sizes.insert(name.clone(), (w, h));
        }
        for (name, s) in &file.sheet {
            let sheet = SheetStyle {
                margin: ck.num(&s.margin, 3.0, 30.0, "margin"),
                crop_length: ck.num(&s.crop_length, 1.0, 20.0, "crop_length"),
                crop_gap: ck.num(&s.crop_gap, 0.0, 10.0, "crop_gap"),
                overlap: ck.num(&s.overlap, 0.0, 40.0, "overlap"),
                gutter: s
                    .gutter
                    .as_ref()
                    .map_or(0.0, |g| ck.num(g, 0.0, 20.0, "gutter")),
                marks: s.marks.unwrap_or(true),
                paper: None,
            };
            lib.sheets.insert(name.clone(), sheet);
        }
        let known: BTreeSet<&str> = lib
            .palettes
            .values()
            .flat_map(|p| p.keys().map(String::as_str))
            .collect();
        for (name, spanned) in &file.card_style {
            let s = spanned.get_ref();
            let corner = s.corner.as_ref().map(|v| ck.num(v, 0.0, 20.0, "corner"));
            let border = s.border.as_ref().map(|v| ck.num(v, 0.0, 20.0, "border"));
            let title = s
                .title_size
                .as_ref()
                .map(|v| ck.num(v, MIN_TEXT_PT, MAX_TEXT_PT, "title_size"));
            let text = s
                .text_size
                .as_ref()
                .map(|v| ck.num(v, MIN_TEXT_PT, MAX_TEXT_PT, "text_size"));
            // A colour is `#rrggbb` or a name that some palette defines: a typo is an error here,
            // not a silent black or white on every card.
            for c in [&s.panel, &s.ink].into_iter().flatten() {
                let v = c.get_ref();
                let ok = if v.starts_with('#') {
                    Color::parse_hex(v).is_some()
                } else {
                    known.contains(v.as_str())
                };
                if !ok {
                    let mut d = src.error(
                        c.span(),
                        format!(
                            "unknown colour `{v}`: no palette defines it (nor is it `#rrggbb`)"
                        ),
                    );
                    if let Some(h) = diag::closest(v, known.iter().copied()) {
                        d = d.with_hint(format!("did you mean `{h}`?"));
                    }
                    ck.diags.push(d);
                }
            }
            match (corner, border, title, text, &s.panel, &s.ink, &s.from) {
                (Some(corner), Some(border), Some(title_size), Some(text_size), Some(panel), Some(ink), None) => {
                    lib.card_styles.insert(
                        name.clone(),
                        StyleTemplate {
                            corner,
                            border,
                            title_size,
                            text_size,
                            panel: panel.get_ref().clone(),
                            ink: ink.get_ref().clone(),
                        },
                    );
                }
                _ => ck.diags.push(src.error(
                    spanned.span(),
                    format!("card style `{name}` must give every field (corner, border, title_size, text_size, panel, ink) and no `from`"),
                )),
            }
        }
        lib.layouts = LibraryLayouts {
            raw: file
                .layout
                .iter()
                .map(|(name, l)| (name.clone(), l.shifted(LIBRARY_SPAN)))
                .collect(),
            src: Some(src.clone()),
        };
        ck.diags.finish(lib)
    }
}

struct Checker<'a> {
    src: &'a Source,
    diags: Diagnostics,
}

impl Checker<'_> {
    fn num(&mut self, v: &raw::F, min: f64, max: f64, what: &str) -> f64 {
        let x = *v.get_ref();
        if !(min..=max).contains(&x) {
            self.diags.push(self.src.error(
                v.span(),
                format!(
                    "{what} out of range: expected {min} to {max}, found {}",
                    crate::base::diag::shown_number(x)
                ),
            ));
        }
        x
    }
}
