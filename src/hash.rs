//! A stable fingerprint of bytes, below every stage that needs one (fonts, art, scenes, PDF).

/// FNV-1a, 64 bits: a stable fingerprint of bytes (a raster's key, a font's name tag, a
/// document's id).
pub fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
