//! Bundled fonts (Lato, SIL OFL 1.1) compiled into the binary, and their metrics.
//!
//! Every back end uses these bytes, so a machine with no system font renders the same output.
//! Widths come from the font's own advance widths (no kerning, in both SVG and PDF), so text laid
//! out here has the same width in every export.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The family name written into SVG files.
pub const FAMILY: &str = "Lato";

/// A face of the bundled family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Lato Regular.
    Regular,
    /// Lato Bold.
    Bold,
    /// Lato Italic.
    Italic,
}

impl Face {
    /// All bundled faces.
    pub const ALL: [Face; 3] = [Face::Regular, Face::Bold, Face::Italic];

    /// The font file's bytes.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => include_bytes!("../templates/fonts/Lato-Regular.ttf"),
            Face::Bold => include_bytes!("../templates/fonts/Lato-Bold.ttf"),
            Face::Italic => include_bytes!("../templates/fonts/Lato-Italic.ttf"),
        }
    }

    /// SVG `font-weight`.
    pub fn svg_weight(self) -> &'static str {
        match self {
            Face::Bold => "bold",
            _ => "normal",
        }
    }

    /// SVG `font-style`.
    pub fn svg_style(self) -> &'static str {
        match self {
            Face::Italic => "italic",
            _ => "normal",
        }
    }

    fn metrics(self) -> &'static Metrics {
        static CELLS: [OnceLock<Metrics>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        CELLS[self as usize].get_or_init(|| Metrics::load(self.bytes()))
    }

    /// Width of `text` at `size_pt`, in millimetres.
    pub fn width_mm(self, text: &str, size_pt: f64) -> f64 {
        let m = self.metrics();
        let units: f64 = text.chars().map(|c| m.advance(c)).sum();
        units / m.units_per_em * size_pt * 25.4 / 72.0
    }

    /// Height of capital letters above the baseline at `size_pt`, in millimetres.
    pub fn cap_height_mm(self, size_pt: f64) -> f64 {
        let m = self.metrics();
        m.cap_height / m.units_per_em * size_pt * 25.4 / 72.0
    }

    /// True when the font has a glyph for `c`.
    pub fn has_char(self, c: char) -> bool {
        self.metrics().widths.contains_key(&c) || c == ' '
    }
}

/// The fonts usvg and resvg draw with: the bundled faces, Lato as the sans-serif family.
pub fn fontdb() -> std::sync::Arc<usvg::fontdb::Database> {
    static DB: OnceLock<std::sync::Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for face in Face::ALL {
            db.load_font_data(face.bytes().to_vec());
        }
        db.set_sans_serif_family(FAMILY);
        std::sync::Arc::new(db)
    })
    .clone()
}

struct Metrics {
    units_per_em: f64,
    cap_height: f64,
    widths: BTreeMap<char, f64>,
    fallback: f64,
}

impl Metrics {
    fn load(bytes: &[u8]) -> Metrics {
        // The bundled fonts are known-good; a parse failure would be a build defect caught by tests.
        let face = ttf_parser::Face::parse(bytes, 0).expect("bundled font parses");
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
