//! A stable fingerprint of bytes, below every stage that needs one (fonts, art, scenes, PDF).

/// FNV-1a, 64 bits: a stable fingerprint of bytes (a raster's key, a font's name tag, a
/// document's id).
pub fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// [`fnv`] of everything written to it, without keeping it (a document's id from its bytes).
pub struct Fnv(pub u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::io::Write for Fnv {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 = buf.iter().fold(self.0, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_writer_hashes_as_the_function_does() {
        use std::io::Write;
        let mut h = super::Fnv::default();
        h.write_all(b"lud").unwrap();
        h.write_all(b"opress").unwrap();
        assert_eq!(h.0, super::fnv(b"ludopress"));
        assert_ne!(h.0, super::fnv(b"ludopres"));
    }
}
