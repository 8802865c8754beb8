//! Glyph-keeping TrueType subsetting for PDF embedding.
//!
//! The outlines of unused glyphs are dropped from `glyf` (their `loca` entries become empty) while
//! every glyph keeps its id and the `cmap` stays whole, so text is encoded exactly as with the full
//! font. Layout tables the PDF does not need are dropped. This keeps a print PDF small without
//! pulling in printpdf's `text_layout` feature (a large dependency tree) for its subsetter.

use std::collections::BTreeSet;

/// Tables a PDF viewer needs from an embedded TrueType font.
const KEEP: [&[u8; 4]; 9] = [
    b"cmap", b"cvt ", b"fpgm", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp",
];
/// Tables kept when present, needed by some parsers.
const KEEP_OPTIONAL: [&[u8; 4]; 3] = [b"name", b"OS/2", b"post"];

fn u16_at(d: &[u8], o: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*d.get(o)?, *d.get(o + 1)?]))
}

fn u32_at(d: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_be_bytes([
        *d.get(o)?,
        *d.get(o + 1)?,
        *d.get(o + 2)?,
        *d.get(o + 3)?,
    ]))
}

fn table<'a>(font: &'a [u8], tag: &[u8; 4]) -> Option<&'a [u8]> {
    let n = u16_at(font, 4)? as usize;
    (0..n).find_map(|i| {
        let rec = 12 + 16 * i;
        (font.get(rec..rec + 4)? == tag).then(|| {
            let off = u32_at(font, rec + 8)? as usize;
            let len = u32_at(font, rec + 12)? as usize;
            font.get(off..off + len)
        })?
    })
}

/// Returns a copy of `font` holding the outlines of `chars` only (and of `.notdef`), or `None`
/// when the font is not a TrueType font this code understands.
pub fn subset(font: &[u8], chars: &BTreeSet<char>) -> Option<Vec<u8>> {
    let face = ttf_parser::Face::parse(font, 0).ok()?;
    let head = table(font, b"head")?;
    let long_loca = u16_at(head, 50)? == 1;
    let num_glyphs = face.number_of_glyphs() as usize;
    let loca = table(font, b"loca")?;
    let glyf = table(font, b"glyf")?;
    let offset = |g: usize| -> Option<usize> {
        if long_loca {
            u32_at(loca, 4 * g).map(|v| v as usize)
        } else {
            u16_at(loca, 2 * g).map(|v| 2 * v as usize)
        }
    };
    let mut keep: BTreeSet<u16> = chars
        .iter()
        .filter_map(|&c| face.glyph_index(c))
        .map(|g| g.0)
        .collect();
    keep.insert(0);
    // Composite glyphs pull in their components.
    let mut stack: Vec<u16> = keep.iter().copied().collect();
    while let Some(g) = stack.pop() {
        let (a, b) = (offset(g as usize)?, offset(g as usize + 1)?);
        let data = glyf.get(a..b)?;
        if data.len() < 10 || (u16_at(data, 0)? as i16) >= 0 {
            continue;
        }
        let mut o = 10;
        loop {
            let flags = u16_at(data, o)?;
            let comp = u16_at(data, o + 2)?;
            if keep.insert(comp) {
                stack.push(comp);
            }
            o += 4 + if flags & 1 != 0 { 4 } else { 2 };
            o += if flags & 8 != 0 {
                2
            } else if flags & 0x40 != 0 {
                4
            } else if flags & 0x80 != 0 {
                8
            } else {
                0
            };
            if flags & 0x20 == 0 {
                break;
            }
        }
    }
    let mut new_glyf = Vec::new();
    let mut new_loca = Vec::with_capacity((num_glyphs + 1) * 4);
    for g in 0..num_glyphs {
        new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
        if keep.contains(&(g as u16)) {
            let (a, b) = (offset(g)?, offset(g + 1)?);
            new_glyf.extend_from_slice(glyf.get(a..b)?);
            while new_glyf.len() % 4 != 0 {
                new_glyf.push(0);
            }
        }
    }
    new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
    let mut new_head = head.to_vec();
    new_head[50..52].copy_from_slice(&1u16.to_be_bytes());
    new_head[8..12].copy_from_slice(&[0; 4]);
    let mut tables: Vec<([u8; 4], Vec<u8>)> = Vec::new();
    for tag in KEEP.iter().chain(KEEP_OPTIONAL.iter()) {
        let data = match *tag {
            b"glyf" => new_glyf.clone(),
            b"loca" => new_loca.clone(),
            b"head" => new_head.clone(),
            _ => match table(font, tag) {
                Some(d) => d.to_vec(),
                None if KEEP.contains(tag) && *tag != b"cvt " && *tag != b"fpgm" => return None,
                None => continue,
            },
        };
        tables.push((**tag, data));
    }
    tables.sort_by_key(|a| a.0);
    Some(write_font(&tables))
}

fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |s, c| {
        let mut b = [0u8; 4];
        b[..c.len()].copy_from_slice(c);
        s.wrapping_add(u32::from_be_bytes(b))
    })
}

fn write_font(tables: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let n = tables.len() as u16;
    let pow: u16 = (0..16u16).rev().find(|&e| 1u16 << e <= n).unwrap_or(0);
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    out.extend_from_slice(&n.to_be_bytes());
    out.extend_from_slice(&((1u16 << pow) * 16).to_be_bytes());
    out.extend_from_slice(&pow.to_be_bytes());
    out.extend_from_slice(&(n * 16 - (1u16 << pow) * 16).to_be_bytes());
    let mut offset = 12 + 16 * tables.len();
    let mut body = Vec::new();
    for (tag, data) in tables {
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(data).to_be_bytes());
        out.extend_from_slice(&(offset as u32).to_be_bytes());
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        body.extend_from_slice(data);
        while body.len() % 4 != 0 {
            body.push(0);
        }
        offset = 12 + 16 * tables.len() + body.len();
    }
    out.extend_from_slice(&body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fonts::Face;

    #[test]
    fn subset_keeps_used_glyphs_and_ids() {
        let full = Face::Regular.bytes();
        let chars: BTreeSet<char> = "Pas droit é’".chars().collect();
        let sub = subset(full, &chars).expect("subset");
        assert!(
            sub.len() < full.len() / 3,
            "{} vs {}",
            sub.len(),
            full.len()
        );
        let a = ttf_parser::Face::parse(full, 0).unwrap();
        let b = ttf_parser::Face::parse(&sub, 0).expect("subset parses");
        assert_eq!(a.number_of_glyphs(), b.number_of_glyphs());
        for c in ['P', 'é', '’', 'Z'] {
            assert_eq!(a.glyph_index(c), b.glyph_index(c));
        }
        let outline =
            |f: &ttf_parser::Face, c: char| f.glyph_bounding_box(f.glyph_index(c).unwrap());
        assert_eq!(outline(&a, 'é'), outline(&b, 'é'));
        assert!(outline(&b, 'Z').is_none(), "unused glyph outline dropped");
    }
}
