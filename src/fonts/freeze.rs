//! OpenType features frozen into a font: `features = ["lnum", "tnum"]` on a font family or a
//! text element gives a face whose characters map straight to the glyphs those features choose
//! (lining or tabular figures, small capitals, a stylistic set).
//!
//! In: a font file's bytes and feature tags. Out: the bytes of a derived font, the same but for
//! its `cmap` (each character to the glyph the features' single substitutions give) and its
//! `name` (a family of its own). Every back end then draws the features without knowing of
//! them: SVG and PNG through usvg, PDF through the subset, widths through the metrics. Only
//! single substitutions (GSUB lookup type 1, what figure styles, small capitals and most
//! stylistic sets are) can be frozen this way; a feature with none is refused by name.
//!
//! The derived family is named `ludopress-<tags>-<hash>`: a font's Reserved Font Name (SIL OFL)
//! is never given to a modified version.

use crate::base::paths::Refused;
use std::collections::BTreeMap;
use ttf_parser::gsub::{SingleSubstitution, SubstitutionSubtable};
use ttf_parser::{GlyphId, Tag};

/// Most features frozen into one face.
pub const MAX_FEATURES: usize = 16;

/// Whether `tag` is written as an OpenType feature tag: four letters, digits or trailing spaces.
pub fn is_tag(tag: &str) -> bool {
    tag.len() == 4
        && tag
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b' ')
}

/// The bytes of `font` with `features` (tags checked by [`is_tag`]) frozen into its `cmap`.
pub fn freeze(font: &[u8], features: &[&str]) -> Result<Vec<u8>, Refused> {
    let face =
        ttf_parser::Face::parse(font, 0).map_err(|e| format!("cannot read the font: {e}"))?;
    let gsub = face.tables().gsub;
    // The lookups of the features asked for, in the order of the lookup list (the order
    // OpenType applies them in).
    let mut lookups: Vec<u16> = Vec::new();
    for want in features {
        let tag = Tag::from_bytes_lossy(want.as_bytes());
        let found: Vec<u16> = gsub
            .iter()
            .flat_map(|t| t.features.into_iter())
            .filter(|f| f.tag == tag)
            .flat_map(|f| f.lookup_indices.into_iter())
            .collect();
        if found.is_empty() {
            let mut has: Vec<String> = gsub
                .iter()
                .flat_map(|t| t.features.into_iter())
                .map(|f| f.tag.to_string())
                .collect();
            has.sort();
            has.dedup();
            return Err(Refused(match has.is_empty() {
                true => format!("the font has no OpenType feature `{want}` (it has none)"),
                false => format!(
                    "the font has no OpenType feature `{want}` (it has {})",
                    has.join(", ")
                ),
            }));
        }
        lookups.extend(found);
    }
    lookups.sort_unstable();
    lookups.dedup();
    let mut singles = 0;
    let mut subst: BTreeMap<u16, u16> = BTreeMap::new();
    if let Some(t) = gsub {
        for &li in &lookups {
            let Some(lookup) = t.lookups.get(li) else {
                continue;
            };
            // Each lookup maps the glyphs as they are after the lookups before it.
            let mut step: BTreeMap<u16, u16> = BTreeMap::new();
            for si in 0..lookup.subtables.len() {
                if let Some(SubstitutionSubtable::Single(s)) =
                    lookup.subtables.get::<SubstitutionSubtable>(si)
                {
                    singles += 1;
                    collect(&s, face.number_of_glyphs(), &mut step);
                }
            }
            for to in subst.values_mut() {
                if let Some(&t) = step.get(to) {
                    *to = t;
                }
            }
            for (from, to) in step {
                subst.entry(from).or_insert(to);
            }
        }
    }
    if singles == 0 {
        return Err(Refused(format!(
            "the font's {} substitute glyphs in ways that depend on their neighbours: only features of single substitutions (figures, small capitals, stylistic sets) can be set",
            features.join(", ")
        )));
    }
    let mut cmap: BTreeMap<u32, u16> = BTreeMap::new();
    if let Some(t) = face.tables().cmap {
        for sub in t.subtables.into_iter().filter(|s| s.is_unicode()) {
            sub.codepoints(|cp| {
                if let Some(g) = sub.glyph_index(cp) {
                    cmap.entry(cp).or_insert(g.0);
                }
            });
        }
    }
    if cmap.is_empty() {
        return Err("the font maps no Unicode character".into());
    }
    for g in cmap.values_mut() {
        if let Some(&t) = subst.get(g) {
            *g = t;
        }
    }
    let family = format!(
        "ludopress-{}-{:08x}",
        features.join("-").replace(' ', ""),
        crate::base::hash::fnv(font) as u32
    );
    let raw =
        ttf_parser::RawFace::parse(font, 0).map_err(|e| format!("cannot read the font: {e}"))?;
    let mut tables: Vec<([u8; 4], Vec<u8>)> = Vec::new();
    for rec in raw.table_records {
        let tag = rec.tag.to_bytes();
        let bytes = match &tag {
            b"cmap" => cmap_table(&cmap),
            b"name" => name_table(&face, &family),
            _ => {
                let (at, len) = (rec.offset as usize, rec.length as usize);
                font.get(at..at + len)
                    .ok_or("a table of the font lies outside the file")?
                    .to_vec()
            }
        };
        tables.push((tag, bytes));
    }
    Ok(sfnt(&font[..4], tables))
}

/// The glyph pairs a single substitution maps.
fn collect(s: &SingleSubstitution, glyphs: u16, out: &mut BTreeMap<u16, u16>) {
    for g in 0..glyphs {
        let id = GlyphId(g);
        let to = match s {
            SingleSubstitution::Format1 { coverage, delta } => coverage
                .get(id)
                .map(|_| (i32::from(g) + i32::from(*delta)).rem_euclid(65536) as u16),
            SingleSubstitution::Format2 {
                coverage,
                substitutes,
            } => coverage
                .get(id)
                .and_then(|i| substitutes.get(i))
                .map(|g| g.0),
        };
        if let Some(to) = to {
            out.entry(g).or_insert(to);
        }
    }
}

/// A `cmap` of one subtable, Windows full Unicode (3, 10) in format 12.
fn cmap_table(map: &BTreeMap<u32, u16>) -> Vec<u8> {
    // Runs of consecutive characters on consecutive glyphs: (first, last, first glyph).
    let mut groups: Vec<(u32, u32, u32)> = Vec::new();
    for (&cp, &g) in map {
        let g = u32::from(g);
        match groups.last_mut() {
            Some((start, end, start_g)) if *end + 1 == cp && *start_g + (cp - *start) == g => {
                *end = cp;
            }
            _ => groups.push((cp, cp, g)),
        }
    }
    let mut t = Vec::new();
    put16(&mut t, 0); // version
    put16(&mut t, 1); // one subtable
    put16(&mut t, 3); // Windows
    put16(&mut t, 10); // full Unicode
    put32(&mut t, 12); // its offset
    put16(&mut t, 12); // format 12
    put16(&mut t, 0);
    put32(&mut t, 16 + 12 * groups.len() as u32);
    put32(&mut t, 0); // language
    put32(&mut t, groups.len() as u32);
    for (start, end, g) in groups {
        put32(&mut t, start);
        put32(&mut t, end);
        put32(&mut t, g);
    }
    t
}

/// The font's `name` with its Windows records kept but the family (1, 16), full name (4) and
/// PostScript name (6) made `family`'s; the other platforms' records are left out (they
/// would keep the old names in another encoding).
fn name_table(face: &ttf_parser::Face, family: &str) -> Vec<u8> {
    let mut records: Vec<(u16, u16, u16, u16, Vec<u8>)> = Vec::new();
    let utf16 = |s: &str| -> Vec<u8> { s.encode_utf16().flat_map(u16::to_be_bytes).collect() };
    let sub = face
        .names()
        .into_iter()
        .find(|n| n.name_id == 2 && n.is_unicode())
        .and_then(|n| n.to_string())
        .unwrap_or_else(|| "Regular".into());
    for n in face.names() {
        if n.platform_id != ttf_parser::PlatformId::Windows {
            continue;
        }
        let text = match n.name_id {
            1 | 16 => utf16(family),
            4 => utf16(&format!("{family} {sub}")),
            6 => utf16(&format!("{family}-{}", sub.replace(' ', ""))),
            17 => utf16(&sub),
            _ => n.name.to_vec(),
        };
        records.push((3, n.encoding_id, n.language_id, n.name_id, text));
    }
    // Names a font may lack, so that every reader finds the new family.
    for (id, text) in [
        (1, family.to_string()),
        (2, sub.clone()),
        (4, format!("{family} {sub}")),
        (6, format!("{family}-{}", sub.replace(' ', ""))),
    ] {
        if !records.iter().any(|r| r.3 == id) {
            records.push((3, 1, 0x409, id, utf16(&text)));
        }
    }
    records.sort_by_key(|r| (r.0, r.1, r.2, r.3));
    let mut t = Vec::new();
    put16(&mut t, 0);
    put16(&mut t, records.len() as u16);
    put16(&mut t, 6 + 12 * records.len() as u16);
    let mut strings = Vec::new();
    for (p, e, l, id, text) in &records {
        put16(&mut t, *p);
        put16(&mut t, *e);
        put16(&mut t, *l);
        put16(&mut t, *id);
        put16(&mut t, text.len() as u16);
        put16(&mut t, strings.len() as u16);
        strings.extend_from_slice(text);
    }
    t.extend(strings);
    t
}

/// A font file of `tables` (sorted by tag, each padded to 4 bytes, with its checksum) under
/// the scaler type `version`, `head`'s checksum adjustment set.
fn sfnt(version: &[u8], mut tables: Vec<([u8; 4], Vec<u8>)>) -> Vec<u8> {
    tables.sort_by_key(|t| t.0);
    let n = tables.len() as u16;
    let mut power = 1u16;
    let mut log = 0u16;
    while power * 2 <= n {
        power *= 2;
        log += 1;
    }
    let mut out = Vec::new();
    out.extend_from_slice(version);
    put16(&mut out, n);
    put16(&mut out, power * 16);
    put16(&mut out, log);
    put16(&mut out, n * 16 - power * 16);
    let mut offset = 12 + 16 * u32::from(n);
    let mut head_at = None;
    for (tag, bytes) in &mut tables {
        if tag == b"head" && bytes.len() >= 12 {
            bytes[8..12].copy_from_slice(&[0; 4]);
        }
    }
    for (tag, bytes) in &tables {
        out.extend_from_slice(tag);
        put32(&mut out, checksum(bytes));
        put32(&mut out, offset);
        put32(&mut out, bytes.len() as u32);
        if tag == b"head" {
            head_at = Some(offset as usize);
        }
        offset += (bytes.len() as u32).div_ceil(4) * 4;
    }
    for (_, bytes) in &tables {
        out.extend_from_slice(bytes);
        out.resize(out.len().div_ceil(4) * 4, 0);
    }
    if let Some(at) = head_at.filter(|&at| out.len() >= at + 12) {
        let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[at + 8..at + 12].copy_from_slice(&adjust.to_be_bytes());
    }
    out
}

/// The OpenType checksum of a table: its big-endian 32-bit words summed, zero-padded.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.chunks(4).fold(0u32, |sum, c| {
        let mut w = [0u8; 4];
        w[..c.len()].copy_from_slice(c);
        sum.wrapping_add(u32::from_be_bytes(w))
    })
}

fn put16(v: &mut Vec<u8>, x: u16) {
    v.extend_from_slice(&x.to_be_bytes());
}

fn put32(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    const LATO: &[u8] = include_bytes!("../../templates/fonts/Lato-Regular.ttf");

    fn glyph(font: &[u8], c: char) -> u16 {
        ttf_parser::Face::parse(font, 0)
            .unwrap()
            .glyph_index(c)
            .unwrap()
            .0
    }

    fn advance(font: &[u8], c: char) -> u16 {
        let f = ttf_parser::Face::parse(font, 0).unwrap();
        f.glyph_hor_advance(f.glyph_index(c).unwrap()).unwrap()
    }

    #[test]
    fn old_style_and_tabular_figures_are_frozen_into_the_cmap() {
        let onum = freeze(LATO, &["onum"]).unwrap();
        // The figures change glyph, the letters do not.
        assert_ne!(glyph(LATO, '3'), glyph(&onum, '3'));
        assert_eq!(glyph(LATO, 'a'), glyph(&onum, 'a'));
        let tnum = freeze(LATO, &["tnum"]).unwrap();
        // Tabular figures: every digit one width.
        let widths: Vec<u16> = ('0'..='9').map(|c| advance(&tnum, c)).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}");
        // The derived font reads as a font of its own family, and is the same bytes each time.
        let f = ttf_parser::Face::parse(&tnum, 0).unwrap();
        let family = f
            .names()
            .into_iter()
            .find(|n| n.name_id == 1 && n.is_unicode())
            .and_then(|n| n.to_string())
            .unwrap();
        assert!(family.starts_with("ludopress-tnum-"), "{family}");
        assert_eq!(freeze(LATO, &["tnum"]).unwrap(), tnum);
        // Every table's checksum holds, and the whole file's.
        assert_eq!(checksum(&tnum), 0xB1B0_AFBA);
    }

    #[test]
    fn a_feature_the_font_lacks_is_named() {
        let e = freeze(LATO, &["zzzz"]).unwrap_err();
        assert!(
            e.0.contains("no OpenType feature `zzzz`") && e.0.contains("tnum"),
            "{e}"
        );
        assert!(is_tag("lnum") && is_tag("ss01") && !is_tag("LNUM") && !is_tag("lnumx"));
    }
}
