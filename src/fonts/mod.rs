//! Fonts: the bundled Lato (SIL OFL 1.1, compiled into the binary), a game's own font files, and
//! their metrics.
//!
//! Every back end uses these bytes, so a machine with no system font renders the same output.
//! Widths come from the font's own advance widths (no kerning, in both SVG and PDF), so text laid
//! out here has the same width in every export.

pub mod freeze;

use crate::base::paths::Refused;
use crate::base::units::Pt;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// The bundled family's name, written into SVG files.
pub const FAMILY: &str = "Lato";

/// Largest font file a game may name, in bytes.
pub const MAX_FONT_BYTES: u64 = 20 * 1024 * 1024;
/// Most bytes of distinct fonts one process loads in all (a game names a few; `watch` loads each
/// saved version of a font being edited).
pub const MAX_LOADED_FONT_BYTES: u64 = 512 << 20;

/// A loaded font face: one of the three bundled Lato faces, or a game's own TTF/OTF file.
///
/// A face is a small handle into a process-wide registry that only grows; a file loaded twice
/// (by content) is the same face. What reaches an output (PDF font names, SVG family names)
/// comes from the font's bytes, never from the handle's number, so outputs stay deterministic
/// whatever order fonts were loaded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Face(u32);

#[allow(non_upper_case_globals)]
impl Face {
    /// Lato Regular.
    pub const Regular: Face = Face(0);
    /// Lato Bold.
    pub const Bold: Face = Face(1);
    /// Lato Italic.
    pub const Italic: Face = Face(2);
    /// All bundled faces.
    pub const ALL: [Face; 3] = [Face::Regular, Face::Bold, Face::Italic];
}

/// A family: the faces plain, bold and italic text are set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Family {
    /// Plain text.
    pub regular: Face,
    /// `**bold**` text.
    pub bold: Face,
    /// `*italic*` text.
    pub italic: Face,
}

impl Family {
    /// The family with OpenType `features` frozen into each of its faces.
    pub fn with_features(self, features: &[&str]) -> Result<Family, Refused> {
        Ok(Family {
            regular: self.regular.with_features(features)?,
            bold: self.bold.with_features(features)?,
            italic: self.italic.with_features(features)?,
        })
    }

    /// The bundled Lato.
    pub const LATO: Family = Family {
        regular: Face::Regular,
        bold: Face::Bold,
        italic: Face::Italic,
    };
}

struct Loaded {
    bytes: &'static [u8],
    /// The file the bytes were first loaded from, as the game names it (for warnings).
    file: String,
    hash: u64,
    family: String,
    postscript: String,
    weight: u16,
    italic: bool,
    metrics: Metrics,
    /// The characters the font maps to glyphs without an outline that should leave ink
    /// ([`Face::inkless`]), read once, when first asked.
    inkless: OnceLock<std::collections::BTreeSet<char>>,
}

impl Loaded {
    /// Reads a font's names and metrics from `bytes`; the caller attaches the bytes it keeps
    /// (`bytes` is left empty), so a file that is refused is never kept.
    fn parse(bytes: &[u8], hash: u64) -> Result<Loaded, Refused> {
        let face = ttf_parser::Face::parse(bytes, 0)
            .map_err(|e| format!("not a TrueType or OpenType font ({e})"))?;
        let tables = face.tables();
        if tables.glyf.is_none() && tables.cff.is_none() {
            return Err(
                "the font has no outlines this tool can embed (no `glyf` or `CFF ` table)".into(),
            );
        }
        if tables.cmap.is_none() {
            return Err("the font has no character map (`cmap`)".into());
        }
        let name = |ids: &[u16]| {
            ids.iter().find_map(|&id| {
                face.names()
                    .into_iter()
                    .filter(|n| n.name_id == id && n.is_unicode())
                    .find_map(|n| n.to_string())
                    .filter(|s| !s.trim().is_empty())
            })
        };
        let family = name(&[
            ttf_parser::name_id::TYPOGRAPHIC_FAMILY,
            ttf_parser::name_id::FAMILY,
        ])
        .unwrap_or_else(|| "Font".into());
        // A PDF name: printable ASCII without delimiters or spaces.
        let postscript: String = name(&[ttf_parser::name_id::POST_SCRIPT_NAME])
            .unwrap_or_else(|| family.clone())
            .chars()
            .filter(|c| c.is_ascii_graphic() && !"()<>[]{}/%#".contains(*c))
            .take(60)
            .collect();
        Ok(Loaded {
            bytes: &[],
            file: String::new(),
            hash,
            family,
            postscript: if postscript.is_empty() {
                "Font".into()
            } else {
                postscript
            },
            weight: face.weight().to_number(),
            italic: face.is_italic() || face.is_oblique(),
            metrics: Metrics::load(&face),
            inkless: OnceLock::new(),
        })
    }
}

fn registry() -> &'static RwLock<Vec<&'static Loaded>> {
    static REGISTRY: OnceLock<RwLock<Vec<&'static Loaded>>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let bundled: [(&'static [u8], &str); 3] = [
            (
                include_bytes!("../../templates/fonts/Lato-Regular.ttf"),
                "Lato-Regular.ttf",
            ),
            (
                include_bytes!("../../templates/fonts/Lato-Bold.ttf"),
                "Lato-Bold.ttf",
            ),
            (
                include_bytes!("../../templates/fonts/Lato-Italic.ttf"),
                "Lato-Italic.ttf",
            ),
        ];
        RwLock::new(
            bundled
                .into_iter()
                // The bundled fonts are known-good; a parse failure is a build defect caught by tests.
                .map(|(bytes, file)| {
                    let parsed = Loaded::parse(bytes, crate::base::hash::fnv(bytes))
                        .expect("bundled font parses");
                    let file = format!("{file} (bundled)");
                    &*Box::leak(Box::new(Loaded {
                        bytes,
                        file,
                        ..parsed
                    }))
                })
                .collect(),
        )
    })
}

impl Face {
    fn loaded(self) -> &'static Loaded {
        registry().read().unwrap_or_else(|e| e.into_inner())[self.0 as usize]
    }

    /// Loads a game's font file (TrueType or OpenType), or finds it when the same bytes were
    /// loaded before. Errors say why the bytes are not a usable font.
    pub fn load(bytes: Vec<u8>) -> Result<Face, Refused> {
        Face::load_file(bytes, "a font")
    }

    /// [`Face::load`] for the bytes of `file` (named as the game names it): warnings about
    /// the face name the file (the first one loaded, when two files hold the same bytes).
    pub fn load_file(bytes: Vec<u8>, file: &str) -> Result<Face, Refused> {
        Face::load_bytes(bytes, file)
    }

    fn load_bytes(bytes: Vec<u8>, file: &str) -> Result<Face, Refused> {
        if bytes.len() as u64 > MAX_FONT_BYTES {
            return Err(Refused(format!(
                "the font has {} bytes; the limit is {MAX_FONT_BYTES} (20 MB)",
                bytes.len()
            )));
        }
        let hash = crate::base::hash::fnv(&bytes);
        let find = |all: &[&'static Loaded]| {
            all.iter()
                .position(|l| l.hash == hash && l.bytes == bytes.as_slice())
                .map(|i| Face(i as u32))
        };
        if let Some(f) = find(&registry().read().unwrap_or_else(|e| e.into_inner())) {
            return Ok(f);
        }
        let parsed = Loaded::parse(&bytes, hash)?;
        let mut all = registry().write().unwrap_or_else(|e| e.into_inner());
        if let Some(f) = find(&all) {
            return Ok(f);
        }
        // Every distinct font stays loaded for the life of the process (faces are `Copy`
        // handles into the registry): bounded, so that a long `watch` over a font being edited
        // cannot grow without end.
        let held: u64 = all
            .iter()
            .skip(Face::ALL.len())
            .map(|l| l.bytes.len() as u64)
            .sum();
        if held + bytes.len() as u64 > MAX_LOADED_FONT_BYTES {
            return Err(Refused(format!(
                "ludopress has loaded {} MiB of distinct fonts since it started (each saved version of a font counts); the limit is {} MiB: restart it",
                held >> 20,
                MAX_LOADED_FONT_BYTES >> 20
            )));
        }
        let loaded = Loaded {
            bytes: Box::leak(bytes.into_boxed_slice()),
            file: file.to_string(),
            ..parsed
        };
        all.push(Box::leak(Box::new(loaded)));
        Ok(Face(all.len() as u32 - 1))
    }

    /// This face with OpenType `features` (tags, [`freeze::is_tag`]) frozen into it: a face of
    /// its own, the same for the same features (none: this face).
    pub fn with_features(self, features: &[&str]) -> Result<Face, Refused> {
        if features.is_empty() {
            return Ok(self);
        }
        let bytes = freeze::freeze(self.bytes(), features)?;
        Face::load_bytes(bytes, self.file())
    }

    /// The font file's bytes.
    pub fn bytes(self) -> &'static [u8] {
        self.loaded().bytes
    }

    /// The font file, as the game names it (`fonts/CabinSketch-Regular.ttf`).
    pub fn file(self) -> &'static str {
        &self.loaded().file
    }

    /// A hash of the font file's bytes.
    pub fn hash(self) -> u64 {
        self.loaded().hash
    }

    /// The family name (`Lato`), as SVG names it.
    pub fn family(self) -> &'static str {
        &self.loaded().family
    }

    /// The PostScript name (`Lato-Bold`), as PDF names it.
    pub fn postscript_name(self) -> &'static str {
        &self.loaded().postscript
    }

    /// True for a bundled face.
    pub fn is_bundled(self) -> bool {
        self.0 < 3
    }

    /// SVG `font-weight`.
    pub fn svg_weight(self) -> String {
        match self.loaded().weight {
            400 => "normal".into(),
            700 => "bold".into(),
            w => w.to_string(),
        }
    }

    /// SVG `font-style`.
    pub fn svg_style(self) -> &'static str {
        if self.loaded().italic {
            "italic"
        } else {
            "normal"
        }
    }

    fn metrics(self) -> &'static Metrics {
        &self.loaded().metrics
    }

    /// Width of `text` at `size_pt`, in millimetres.
    pub fn width_mm(self, text: &str, size_pt: f64) -> f64 {
        let m = self.metrics();
        let units: f64 = text.chars().map(|c| m.advance(c)).sum();
        Pt(units / m.units_per_em * size_pt).in_mm()
    }

    /// Height of capital letters above the baseline at `size_pt`, in millimetres.
    pub fn cap_height_mm(self, size_pt: f64) -> f64 {
        let m = self.metrics();
        Pt(m.cap_height / m.units_per_em * size_pt).in_mm()
    }

    /// The box of the glyphs `text` draws at `size_pt`, in millimetres from its start on the
    /// baseline, y down: left, top (negative above the baseline), right, bottom; `None` when
    /// nothing is inked (spaces, or an empty text).
    pub fn ink_mm(self, text: &str, size_pt: f64) -> Option<(f64, f64, f64, f64)> {
        let font = ttf_parser::Face::parse(self.bytes(), 0).ok()?;
        let m = self.metrics();
        let k = Pt(size_pt).in_mm() / m.units_per_em;
        let mut pen = 0.0;
        let mut ink: Option<(f64, f64, f64, f64)> = None;
        for c in text.chars() {
            let r = font.glyph_index(c).and_then(|g| font.glyph_bounding_box(g));
            if let Some(r) = r {
                let (x0, x1) = (pen + f64::from(r.x_min) * k, pen + f64::from(r.x_max) * k);
                let (y0, y1) = (-f64::from(r.y_max) * k, -f64::from(r.y_min) * k);
                ink = Some(match ink {
                    None => (x0, y0, x1, y1),
                    Some(b) => (b.0.min(x0), b.1.min(y0), b.2.max(x1), b.3.max(y1)),
                });
            }
            pen += m.advance(c) * k;
        }
        ink
    }

    /// True when the font has a glyph for `c`.
    pub fn has_char(self, c: char) -> bool {
        self.metrics().widths.contains_key(&c) || c == ' '
    }

    /// True when the font maps `c`, a character that should leave ink, to a glyph without an
    /// outline (a damaged or stripped font: it prints blank). Spaces, controls and the
    /// invisible characters ([`is_blank`]) have none by nature; a character the font lacks is
    /// [`Face::has_char`]'s.
    pub fn inkless(self, c: char) -> bool {
        self.inkless_chars().contains(&c)
    }

    /// True when the font draws some character that should leave ink without an outline
    /// ([`Face::inkless`]): a damaged or stripped font, whose texts need looking at (a sound
    /// font may have a few such, as Lato Italic two combining marks, said only when drawn).
    pub fn damaged(self) -> bool {
        !self.inkless_chars().is_empty()
    }

    /// Every character [`Face::inkless`] holds for: each glyph of the character map outlined
    /// once, on first use.
    fn inkless_chars(self) -> &'static std::collections::BTreeSet<char> {
        let loaded = self.loaded();
        loaded.inkless.get_or_init(|| {
            let mut none = std::collections::BTreeSet::new();
            let Ok(face) = ttf_parser::Face::parse(loaded.bytes, 0) else {
                return none;
            };
            struct Nothing;
            impl ttf_parser::OutlineBuilder for Nothing {
                fn move_to(&mut self, _: f32, _: f32) {}
                fn line_to(&mut self, _: f32, _: f32) {}
                fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {}
                fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {}
                fn close(&mut self) {}
            }
            for &c in loaded.metrics.widths.keys().filter(|&&c| !is_blank(c)) {
                if face
                    .glyph_index(c)
                    .is_some_and(|g| face.outline_glyph(g, &mut Nothing).is_none())
                {
                    none.insert(c);
                }
            }
            none
        })
    }
}

/// True for a character that leaves no ink by nature, by its Unicode class: a space or other
/// separator, a control or format character (zero-width space and joiners, soft hyphen, marks
/// of direction, byte order mark), a variation selector, a Hangul filler.
pub fn is_blank(c: char) -> bool {
    use unicode_general_category::{get_general_category, GeneralCategory as G};
    c.is_whitespace()
        || matches!(
            get_general_category(c),
            G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator | G::Control | G::Format
        )
        || matches!(u32::from(c), 0xFE00..=0xFE0F | 0xE0100..=0xE01EF | 0x034F)
        || matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}')
}

/// The fonts usvg and resvg draw with: every loaded face, Lato as the sans-serif family.
pub fn fontdb() -> Arc<usvg::fontdb::Database> {
    static DB: Mutex<Option<(usize, Arc<usvg::fontdb::Database>)>> = Mutex::new(None);
    let all = registry().read().unwrap_or_else(|e| e.into_inner());
    let mut db = DB.lock().unwrap_or_else(|e| e.into_inner());
    match &*db {
        Some((n, d)) if *n == all.len() => d.clone(),
        _ => {
            let mut d = usvg::fontdb::Database::new();
            for l in all.iter() {
                d.load_font_source(usvg::fontdb::Source::Binary(Arc::new(l.bytes)));
            }
            d.set_sans_serif_family(FAMILY);
            let d = Arc::new(d);
            *db = Some((all.len(), d.clone()));
            d
        }
    }
}

struct Metrics {
    units_per_em: f64,
    cap_height: f64,
    widths: BTreeMap<char, f64>,
    fallback: f64,
}

impl Metrics {
    fn load(face: &ttf_parser::Face) -> Metrics {
        let mut widths = BTreeMap::new();
        if let Some(table) = face.tables().cmap {
            for sub in table.subtables.into_iter().filter(|s| s.is_unicode()) {
                sub.codepoints(|cp| {
                    if let Some(c) = char::from_u32(cp) {
                        if let Some(g) = sub.glyph_index(cp) {
                            if let Some(adv) = face.glyph_hor_advance(g) {
                                widths.entry(c).or_insert(f64::from(adv));
                            }
                        }
                    }
                });
            }
        }
        let upem = f64::from(face.units_per_em());
        let fallback = widths.get(&'n').copied().unwrap_or(upem / 2.0);
        Metrics {
            units_per_em: upem,
            cap_height: face.capital_height().map_or(upem * 0.7, f64::from),
            widths,
            fallback,
        }
    }

    fn advance(&self, c: char) -> f64 {
        self.widths.get(&c).copied().unwrap_or(self.fallback)
    }
}

/// Breaks `text` into lines no wider than `max_mm`, at spaces (and after hyphens in long words).
pub fn wrap(face: Face, text: &str, size_pt: f64, max_mm: f64) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split(' ').filter(|w| !w.is_empty()) {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if face.width_mm(&candidate, size_pt) <= max_mm || line.is_empty() {
                line = candidate;
            } else {
                lines.push(std::mem::take(&mut line));
                line = word.to_string();
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn blank_characters_are_known_by_their_class_and_lato_draws_the_others() {
        for c in [
            ' ', '\u{A0}', '\u{202F}', '\u{200B}', '\u{200D}', '\u{AD}', '\u{FEFF}', '\n',
        ] {
            assert!(super::is_blank(c), "{c:?}");
        }
        for c in ['a', 'É', '1', '«', '—'] {
            assert!(!super::is_blank(c), "{c:?}");
            assert!(!super::Face::Regular.inkless(c), "{c:?}");
        }
        assert!(!super::Face::Regular.inkless(' '));
    }

    use super::*;

    #[test]
    fn french_characters_have_glyphs() {
        for face in Face::ALL {
            for c in "éèêàçœ’«»ÉÀ".chars() {
                assert!(face.has_char(c), "{face:?} lacks {c}");
            }
        }
    }

    #[test]
    fn widths_scale_with_size_and_length() {
        let a = Face::Regular.width_mm("Imbriqua", 10.0);
        assert!(a > 10.0 && a < 20.0, "{a}");
        assert!((Face::Regular.width_mm("Imbriqua", 20.0) - 2.0 * a).abs() < 1e-9);
        assert!(Face::Bold.width_mm("Imbriqua", 10.0) > a);
    }

    #[test]
    fn wrap_respects_width() {
        let lines = wrap(
            Face::Regular,
            "un pion avance d’une case vers une case vide voisine",
            9.0,
            30.0,
        );
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(Face::Regular.width_mm(l, 9.0) <= 30.0, "{l}");
        }
    }
}
