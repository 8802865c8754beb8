//! The shared validation context: where errors are collected, and the checks every component
//! uses (colours, lengths, counts, texts, ids, files of the game, cells), with the limits they
//! share.
//!
//! In: spanned raw values. Out: checked values, and a diagnostic at the value's place for each
//! error. It imports no other file of `validate`.

use crate::base::color::Color;
use crate::base::diag::{closest, shown_number, Diagnostics, Source};
use crate::base::lang::{Lang, Text};
use crate::base::paper::Paper;
use crate::definition::library::Library;
use crate::definition::model::{Back, Card, Grid, Pattern, Symbol};
use crate::definition::raw::{self, TextRaw, S};
use std::collections::BTreeMap;
use toml::Spanned;

/// True for an id that can name a file: 1 to 40 lowercase ASCII letters, digits and `-`, not
/// starting with `-`.
pub fn is_safe_id(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 40
        && !v.starts_with('-')
        && v.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Most paper a game's components may cover, square metres (counted once, for one paper): a
/// build streams its files in bounded memory, so this bounds its time and disk (80 m² is about
/// 1,280 A4 sheets).
pub const MAX_AREA_M2: f64 = 80.0;
/// Area of an A4 sheet, m² (210 × 297 mm = 0.06237 m², rounded): the unit of the "about N A4
/// sheets" an error over [`MAX_AREA_M2`] gives.
pub const A4_AREA_M2: f64 = 0.0624;

/// Longest name, title or tag, in characters.
pub const MAX_NAME: usize = 120;

/// Longest card text, in characters.
pub const MAX_TEXT: usize = 1500;

/// Most copies of one component.
pub const MAX_COUNT: i64 = 500;

/// Most copies of all components of a game.
pub const MAX_TOTAL: usize = 20_000;

/// Largest length accepted anywhere, mm.
pub const MAX_MM: f64 = 1000.0;

pub(super) struct Ctx<'a> {
    pub(super) src: &'a Source,
    pub(super) lib: &'a Library,
    pub(super) diags: Diagnostics,
    pub(super) colors: BTreeMap<String, Color>,
    /// The component ids met: where each is first defined, and whether it came again.
    pub(super) ids: BTreeMap<String, (String, bool)>,
    /// The file stems the build writes (`components/<lang>/<stem>.svg`), each with what writes
    /// it and where it is defined: two owners of one stem would lose a face.
    pub(super) stems: BTreeMap<String, String>,
    /// The game's languages: with one, a plain string stands for a text.
    pub(super) langs: Vec<Lang>,
    /// The game's folder: data, image and font files are read from it.
    pub(super) folder: std::path::PathBuf,
    /// Errors held back until the faces are drawn: a data file's column no layout reads whose
    /// nearest name is one a layout reads and no column gives (`points` for `{pointz}`). Each
    /// is said when no face's error names the column instead ([`super::rows::column_used`]):
    /// the name, the column and the error.
    pub(super) pending: Vec<(String, String, crate::base::diag::Diagnostic)>,
}

impl Ctx<'_> {
    /// A diagnostic at `span`: in the game's file, or in the library's for a library layout's.
    pub(super) fn at(
        &self,
        span: std::ops::Range<usize>,
        msg: String,
    ) -> crate::base::diag::Diagnostic {
        self.lib.layouts.place(self.src, span, msg)
    }

    pub(super) fn err<T>(&mut self, v: &Spanned<T>, msg: String) {
        self.diags.push(self.at(v.span(), msg));
    }

    pub(super) fn err_hint<T>(&mut self, v: &Spanned<T>, msg: String, hint: Option<String>) {
        let mut d = self.at(v.span(), msg);
        d.hint = hint;
        self.diags.push(d);
    }

    /// A colour: a palette name or `#rrggbb`, then any of `.darken(18%)`, `.lighten(55%)` and
    /// `.ink()` (the ink that reads on it), applied in order.
    pub(super) fn color(&mut self, s: &S) -> Color {
        let Some((base, methods)) = s.get_ref().split_once('.') else {
            return self.base_color(s);
        };
        let mut c = self.base_color(&Spanned::new(s.span(), base.trim().to_string()));
        for m in methods.split('.') {
            let m = m.trim();
            let arg = m
                .split_once('(')
                .and_then(|(name, rest)| Some((name.trim(), rest.strip_suffix(')')?.trim())));
            let amount = |a: &str| {
                let (n, pct) = match a.strip_suffix('%') {
                    Some(n) => (n.trim(), true),
                    None => (a, false),
                };
                n.parse::<f64>()
                    .ok()
                    .map(|v| if pct { v / 100.0 } else { v })
                    .filter(|v| (0.0..=1.0).contains(v))
            };
            c = match arg {
                Some(("darken", a)) if amount(a).is_some() => c.darken(amount(a).unwrap_or(0.0)),
                Some(("lighten", a)) if amount(a).is_some() => c.lighten(amount(a).unwrap_or(0.0)),
                Some(("ink", "")) => c.ink_on(),
                None if m == "ink" => c.ink_on(),
                _ => {
                    self.err(
                        s,
                        format!(
                            "invalid colour `{}`: after a colour come `.darken(20%)`, `.lighten(20%)` (0 to 100%) or `.ink()`, not `.{m}`",
                            s.get_ref()
                        ),
                    );
                    return Color::BLACK;
                }
            };
        }
        c
    }

    pub(super) fn base_color(&mut self, s: &S) -> Color {
        if let Some(c) = self.colors.get(s.get_ref()) {
            return *c;
        }
        if s.get_ref().starts_with('#') {
            if let Some(c) = Color::parse_hex(s.get_ref()) {
                return c;
            }
            self.err(
                s,
                format!("invalid colour `{}`: expected `#rrggbb`", s.get_ref()),
            );
            return Color::BLACK;
        }
        let hint = closest(s.get_ref(), self.colors.keys().map(String::as_str))
            .map(|c| format!("did you mean `{c}`?"));
        self.err_hint(
            s,
            format!(
                "unknown colour `{}`: not in the palette nor `[colors]`",
                s.get_ref()
            ),
            hint,
        );
        Color::BLACK
    }

    pub(super) fn length(&mut self, v: &raw::F, min: f64, max: f64, what: &str) -> f64 {
        let x = *v.get_ref();
        if !x.is_finite() || x < min || x > max {
            self.err(
                v,
                format!(
                    "{what} out of range: expected {min} to {max} mm, found {}",
                    shown_number(x)
                ),
            );
            return min.max(1.0);
        }
        x
    }

    pub(super) fn int(&mut self, v: &raw::I, min: i64, max: i64, what: &str) -> usize {
        let x = *v.get_ref();
        if x < min || x > max {
            self.err(
                v,
                format!("{what} out of range: expected {min} to {max}, found {x}"),
            );
            return min.max(0) as usize;
        }
        x as usize
    }

    /// Copies of a component or a card: 1 by default, 0 leaves it out (a designer's way to
    /// set one aside without deleting it).
    pub(super) fn count(&mut self, v: &Option<raw::I>) -> usize {
        v.as_ref().map_or(1, |c| self.int(c, 0, MAX_COUNT, "count"))
    }

    pub(super) fn choice<'o>(&mut self, s: &S, options: &[&'o str], what: &str) -> Option<&'o str> {
        if let Some(o) = options.iter().find(|o| **o == s.get_ref()) {
            return Some(o);
        }
        let hint =
            closest(s.get_ref(), options.iter().copied()).map(|c| format!("did you mean `{c}`?"));
        self.err_hint(
            s,
            format!(
                "unknown {what} `{}`: expected one of {}",
                s.get_ref(),
                options.join(", ")
            ),
            hint,
        );
        None
    }

    /// A text in both languages, each at most `max` characters.
    pub(super) fn text(&mut self, t: &Spanned<TextRaw>, max: usize, what: &str) -> Text {
        if matches!(t.get_ref(), TextRaw::Plain(_)) && self.langs.len() > 1 {
            self.err_hint(
                t,
                format!("{what}: a plain string stands for a text only in a game of one language; this game has two"),
                Some("write `{ fr = \"...\", en = \"...\" }`, or declare `languages = [\"en\"]` (or `[\"fr\"]`) in `[game]`".into()),
            );
        }
        let text = t.get_ref().to_text();
        for (lang, v) in [("fr", &text.fr), ("en", &text.en)] {
            // Bytes bound characters from above: only a long text is counted.
            if v.len() > max && v.chars().nth(max).is_some() {
                self.err(
                    t,
                    format!(
                        "{what} too long: the {lang} text has {} characters, the limit is {max}",
                        v.chars().count()
                    ),
                );
                break;
            }
        }
        text
    }

    /// A file of the game named by `s` (data, image, font): a relative path inside the game's
    /// folder, which must exist, checked by the one rule of [`crate::base::paths::resolve`] (links
    /// resolved, inside the folder, a regular file of at most `limit` bytes). Returns the path
    /// as named (for messages) and the real path (to read). `what` names the kind of file.
    pub(super) fn game_file(
        &mut self,
        s: &S,
        what: &str,
        limit: u64,
    ) -> Option<(std::path::PathBuf, std::path::PathBuf)> {
        let rel = std::path::Path::new(s.get_ref());
        let plain = !s.get_ref().is_empty()
            && rel
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
        if !plain {
            self.err(
                s,
                format!(
                    "{what} `{}`: expected a path inside the game's folder, like `art/coin.svg` (no `..`, not absolute)",
                    s.get_ref()
                ),
            );
            return None;
        }
        let path = self.folder.join(rel);
        match crate::base::paths::resolve(&self.folder, &self.folder, rel, limit) {
            Ok(real) => Some((path, real)),
            Err(_) if std::fs::symlink_metadata(&path).is_err() => {
                self.err(
                    s,
                    format!(
                        "{what} `{}` not found: no file {}",
                        s.get_ref(),
                        path.display()
                    ),
                );
                None
            }
            Err(e) => {
                self.err(s, format!("{what} `{}`: {e}", s.get_ref()));
                None
            }
        }
    }

    /// Checks that an id can name a file: 1 to 40 lowercase letters, digits and `-`.
    pub(super) fn safe_id(&mut self, s: &S, what: &str) -> bool {
        let ok = is_safe_id(s.get_ref());
        if !ok {
            let shown: String = s.get_ref().chars().take(60).collect();
            self.err(
                s,
                format!("invalid {what} `{shown}`: use 1 to 40 lowercase letters, digits and `-` (it names output files)"),
            );
        }
        ok
    }

    /// Records that `what`, defined at `at`, writes the file stem `stem`; a stem already
    /// written by something else is an error here naming the first (before anything is
    /// written: otherwise one face silently replaces the other).
    pub(super) fn stem<T>(&mut self, at: &Spanned<T>, stem: String, what: String) {
        // A duplicate id is told once, where it comes again: the faces it names collide too.
        let duplicated = self.ids.iter().any(|(id, (_, dup))| {
            *dup && (stem == *id
                || stem
                    .strip_prefix(id.as_str())
                    .is_some_and(|r| r.starts_with('-')))
        });
        if duplicated {
            return;
        }
        // An id refused already names no file.
        if !stem
            .split('-')
            .all(|part| part.is_empty() || is_safe_id(part))
            || stem.starts_with('-')
        {
            return;
        }
        match self.stems.get(&stem) {
            Some(first) => {
                let msg = format!(
                    "{what} writes the face `{stem}` (`components/<lang>/{stem}.svg`), as {first} does: one would replace the other; rename one of them"
                );
                self.err(at, msg);
            }
            None => {
                let place = self.at(at.span(), String::new()).place();
                self.stems.insert(stem, format!("{what} at {place}"));
            }
        }
    }

    pub(super) fn id(&mut self, s: &S) -> String {
        let v = s.get_ref();
        if !self.safe_id(s, "id") {
        } else if let Some((first, dup)) = self.ids.get_mut(v) {
            *dup = true;
            let first = first.clone();
            self.err(
                s,
                format!("duplicate id `{v}`: component ids must be unique in a game; the first `{v}` is at {first}"),
            );
        } else {
            let place = self.at(s.span(), String::new()).place();
            self.ids.insert(v.clone(), (place, false));
        }
        v.clone()
    }

    /// The cells of `list` in the order written (a line or a route of a board of points).
    pub(super) fn cells_in_order(&mut self, list: &[S], grid: &Grid) -> Vec<usize> {
        let mut out = Vec::new();
        for s in list {
            match grid.parse(s.get_ref()) {
                Some(c) => out.push(c),
                None => self.err(s, format!("no cell `{}` on this board", s.get_ref())),
            }
        }
        out
    }

    pub(super) fn cells(&mut self, list: &[S], grid: &Grid) -> Vec<usize> {
        let mut out = Vec::new();
        for s in list {
            match grid.parse(s.get_ref()) {
                Some(c) => out.push(c),
                None => self.err(s, format!("no cell `{}` on this board", s.get_ref())),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    pub(super) fn symbol(&mut self, s: &S) -> Option<Symbol> {
        Some(
            match self.choice(
                s,
                &["circle", "triangle", "square", "cross", "diamond", "star"],
                "symbol",
            )? {
                "circle" => Symbol::Circle,
                "triangle" => Symbol::Triangle,
                "square" => Symbol::Square,
                "cross" => Symbol::Cross,
                "diamond" => Symbol::Diamond,
                _ => Symbol::Star,
            },
        )
    }

    pub(super) fn back(&mut self, b: &raw::BackRaw) -> Back {
        let pattern = match self.choice(&b.pattern, &["none", "diamonds", "grid"], "pattern") {
            Some("diamonds") => Pattern::Diamonds,
            Some("grid") => Pattern::Grid,
            _ => Pattern::None,
        };
        Back {
            fill: self.color(&b.fill),
            ink: self.color(&b.ink),
            title: self.text(&b.title, MAX_NAME, "title"),
            pattern,
            elements: Vec::new(),
        }
    }

    /// Checks that a component of `w` × `h` mm fits the printable area of every paper.
    pub(super) fn fits_paper(&mut self, at: &Spanned<impl Sized>, w: f64, h: f64, margin: f64) {
        for paper in Paper::ALL {
            let (pw, ph) = paper.size_mm();
            let (aw, ah) = (pw - 2.0 * margin, ph - 2.0 * margin);
            if !((w <= aw && h <= ah) || (w <= ah && h <= aw)) {
                self.err(
                    at,
                    format!(
                        "component of {w:.1} × {h:.1} mm is larger than the printable area of {} ({aw:.1} × {ah:.1} mm)",
                        paper.name()
                    ),
                );
                return;
            }
        }
    }
}

/// A card's own keys, which a field may not be named.
pub(super) const BUILT_IN_FIELDS: [&str; 7] =
    ["id", "title", "text", "tag", "fill", "count", "picto"];

/// True for a field name: a lowercase letter, then lowercase letters, digits and `_`.
pub(super) fn is_field_name(s: &str) -> bool {
    s.len() <= 40
        && s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The values a layout reads for a component that is not a card: `{id}`, `{title}` (its name),
/// `{fill}`, `{fill_ink}` and `fields`.
pub(super) fn values(id: &str, name: &Text, fill: Color, fields: Vec<(String, String)>) -> Card {
    Card {
        id: id.to_string(),
        title: name.clone(),
        text: Text::default(),
        tag: None,
        fill,
        count: 1,
        picto: None,
        fields: fields
            .into_iter()
            .map(|(k, v)| {
                (
                    k,
                    Text {
                        fr: v.clone(),
                        en: v,
                    },
                )
            })
            .collect(),
        layout: None,
        places: None,
    }
}
