//! CMYK for print shops: RGB colours turned into DeviceCMYK in a finished PDF, with greys and
//! near-blacks on the black plate only and a total-ink limit.
//!
//! In: a lopdf document whose pages draw in DeviceRGB (`rg`/`RG` operators, RGB images and
//! shadings, as `pdf.rs` writes them); out: the same document in DeviceCMYK, and the
//! highest total ink found in it, percent.
//!
//! Colours go through the embedded output profile itself (FOGRA39's Lab-to-CMYK table, see
//! `icc.rs`), as a colour-managed conversion would; greys are then put on K alone, and where
//! C + M + Y + K passes the limit, C, M and Y are taken down together, K kept.

use lopdf::{Document, Object, ObjectId};

/// Highest spread (0–255) between the largest and smallest RGB channel for a colour to count
/// as a grey and print on K only: `#1d1d1b` (spread 2) and `#303030` are greys, `#2b2622`
/// (spread 9, a warm brown-black) is a colour.
pub const GREY_SPREAD: u8 = 6;

/// Lowest and highest total-ink limit accepted, percent.
pub const INK_RANGE: std::ops::RangeInclusive<f64> = 100.0..=400.0;

/// An RGB colour (0–1 each) as C, M, Y, K (0–1 each) with a total ink of at most `limit`
/// percent.
pub fn to_cmyk(rgb: [f64; 3], limit: f64) -> [f64; 4] {
    let [r, g, b] = rgb.map(|v| v.clamp(0.0, 1.0));
    let (hi, lo) = (r.max(g).max(b), r.min(g).min(b));
    if (hi - lo) * 255.0 <= f64::from(GREY_SPREAD) + 1e-9 {
        // A grey: its lightness on the black plate alone.
        let k = 1.0 - (r + g + b) / 3.0;
        return [0.0, 0.0, 0.0, round(k)];
    }
    let [c, m, y, k] = super::icc::srgb_to_fogra39([r, g, b]).unwrap_or_else(|| {
        // Not reached with the bundled profile (a unit test reads it): full grey component
        // replacement, K = 1 − max(R, G, B).
        let k = 1.0 - hi;
        let cmy = [r, g, b].map(|v| {
            if k >= 1.0 {
                0.0
            } else {
                (1.0 - v - k) / (1.0 - k)
            }
        });
        [cmy[0], cmy[1], cmy[2], k]
    });
    let total = c + m + y + k;
    let room = (limit / 100.0 - k).max(0.0);
    let scale = if total * 100.0 > limit && total > k {
        room / (total - k)
    } else {
        1.0
    };
    [
        round(c * scale),
        round(m * scale),
        round(y * scale),
        round(k),
    ]
}

/// Values written with four decimals (what the content streams hold).
fn round(v: f64) -> f64 {
    (v.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0
}

/// Total ink of a CMYK colour, percent.
pub fn ink(c: [f64; 4]) -> f64 {
    c.iter().sum::<f64>() * 100.0
}

fn num(o: &Object) -> Option<f64> {
    match o {
        Object::Integer(i) => Some(*i as f64),
        Object::Real(r) => Some(f64::from(*r)),
        _ => None,
    }
}

fn reals(c: [f64; 4]) -> Vec<Object> {
    c.iter().map(|&v| Object::Real(v as f32)).collect()
}

/// Converts one content stream's colour operators: `rg`/`RG` become `k`/`K`; `g`/`G` (greys)
/// are left as they are, being K-only already in the output intent's sense. Returns the new
/// stream bytes and the highest ink set in it.
pub fn convert_content(bytes: &[u8], limit: f64) -> Option<(Vec<u8>, f64)> {
    let mut content = lopdf::content::Content::decode(bytes).ok()?;
    let mut max: f64 = 0.0;
    for op in &mut content.operations {
        let to = match op.operator.as_str() {
            "rg" => "k",
            "RG" => "K",
            _ => continue,
        };
        let v: Vec<f64> = op.operands.iter().filter_map(num).collect();
        if v.len() != 3 {
            continue;
        }
        let c = to_cmyk([v[0], v[1], v[2]], limit);
        max = max.max(ink(c));
        op.operator = to.into();
        op.operands = reals(c);
    }
    Some((content.encode().ok()?, max))
}

fn is_name(o: Option<&Object>, name: &[u8]) -> bool {
    matches!(o, Some(Object::Name(n)) if n == name)
}

/// Converts every RGB image and shading of `doc`, and every transparency group's colour space;
/// returns the highest ink found in an image's pixels or a shading's stops, percent.
pub fn convert_resources(doc: &mut Document, limit: f64) -> f64 {
    let ids: Vec<ObjectId> = doc.objects.keys().copied().collect();
    let mut max: f64 = 0.0;
    // Many pixels share a colour, within an image and across the pages' copies of one: each
    // colour is converted once.
    let mut memo: std::collections::HashMap<[u8; 3], [f64; 4]> = std::collections::HashMap::new();
    for id in ids {
        let Some(obj) = doc.objects.get_mut(&id) else {
            continue;
        };
        match obj {
            Object::Stream(s) => {
                let image = is_name(s.dict.get(b"Subtype").ok(), b"Image")
                    && is_name(s.dict.get(b"ColorSpace").ok(), b"DeviceRGB");
                if image && matches!(s.dict.get(b"BitsPerComponent"), Ok(Object::Integer(8))) {
                    let raw = s
                        .decompressed_content()
                        .unwrap_or_else(|_| s.content.clone());
                    let mut out = Vec::with_capacity(raw.len() / 3 * 4);
                    for px in raw.chunks_exact(3) {
                        let c = *memo.entry([px[0], px[1], px[2]]).or_insert_with(|| {
                            to_cmyk(
                                px.iter()
                                    .map(|&v| f64::from(v) / 255.0)
                                    .collect::<Vec<_>>()
                                    .try_into()
                                    .unwrap_or([0.0; 3]),
                                limit,
                            )
                        });
                        max = max.max(ink(c));
                        out.extend(c.map(|v| (v * 255.0).round() as u8));
                    }
                    s.dict.remove(b"DecodeParms");
                    s.dict
                        .set("ColorSpace", Object::Name(b"DeviceCMYK".to_vec()));
                    s.dict.remove(b"Filter");
                    s.set_content(out);
                    let _ = s.compress();
                } else {
                    max = max.max(convert_dict(&mut s.dict, limit));
                }
            }
            Object::Dictionary(d) => max = max.max(convert_dict(d, limit)),
            _ => {}
        }
    }
    max
}

/// A shading, a function or a transparency group in DeviceRGB, in DeviceCMYK (nested
/// dictionaries too: shadings sit inside resource dictionaries).
fn convert_dict(d: &mut lopdf::Dictionary, limit: f64) -> f64 {
    let mut max: f64 = 0.0;
    if is_name(d.get(b"ColorSpace").ok(), b"DeviceRGB") {
        d.set("ColorSpace", Object::Name(b"DeviceCMYK".to_vec()));
    }
    if is_name(d.get(b"CS").ok(), b"DeviceRGB") {
        d.set("CS", Object::Name(b"DeviceCMYK".to_vec()));
    }
    for key in [&b"C0"[..], b"C1"] {
        if let Ok(Object::Array(a)) = d.get_mut(key) {
            let v: Vec<f64> = a.iter().filter_map(num).collect();
            if v.len() == 3 {
                let c = to_cmyk([v[0], v[1], v[2]], limit);
                max = max.max(ink(c));
                *a = reals(c);
            }
        }
    }
    for (_, v) in d.iter_mut() {
        match v {
            Object::Dictionary(inner) => max = max.max(convert_dict(inner, limit)),
            Object::Array(items) => {
                for it in items {
                    if let Object::Dictionary(inner) = it {
                        max = max.max(convert_dict(inner, limit));
                    }
                }
            }
            _ => {}
        }
    }
    max
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greys_and_near_blacks_are_on_k_only() {
        for hex in [
            [0x1d, 0x1d, 0x1b],
            [0x30, 0x30, 0x30],
            [0, 0, 0],
            [255, 255, 255],
        ] {
            let c = to_cmyk(hex.map(|v: u8| f64::from(v) / 255.0), 300.0);
            assert_eq!(&c[..3], &[0.0, 0.0, 0.0], "{hex:?} → {c:?}");
        }
        let c = to_cmyk([0.0, 0.0, 0.0], 300.0);
        assert_eq!(c[3], 1.0);
    }

    #[test]
    fn ink_stays_under_the_limit() {
        for limit in [240.0, 300.0] {
            for r in (0..=255).step_by(15) {
                for g in (0..=255).step_by(15) {
                    for b in (0..=255).step_by(15) {
                        let c = to_cmyk([r, g, b].map(|v| f64::from(v) / 255.0), limit);
                        assert!(ink(c) <= limit + 0.05, "{r} {g} {b} → {c:?}");
                    }
                }
            }
        }
        // A deep blue-black is held at 240 %, its K kept.
        let c = to_cmyk([0.0, 0.0, 0.1], 240.0);
        assert!((ink(c) - 240.0).abs() < 0.1 && c[3] > 0.89, "{c:?}");
    }
}
