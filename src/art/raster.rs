//! PNG and JPEG art: the size read from the header, the pixel budget checked before anything is
//! decoded, then decoded to 8-bit RGB and alpha. In: a file's bytes; out: a [`Raster`] or why not.

use super::Refused;
use super::MAX_PIXELS;
use crate::scene::Raster;

fn key(bytes: &[u8]) -> String {
    format!("{:016x}", crate::scene::fnv(bytes))
}

pub(super) fn check_pixels(w: u32, h: u32) -> Result<(), Refused> {
    if w == 0 || h == 0 {
        return Err(Refused::Here("the image is empty (0 pixels)".into()));
    }
    let n = u64::from(w) * u64::from(h);
    if n > MAX_PIXELS {
        return Err(Refused::Here(format!(
            "the image is {w} × {h} pixels ({:.0} megapixels); the limit is {} megapixels",
            n as f64 / 1e6,
            MAX_PIXELS / 1_000_000
        )));
    }
    Ok(())
}

/// The size in pixels of a PNG or JPEG, read from its header (nothing decoded).
pub(super) fn dimensions(bytes: &[u8], is_png: bool) -> Result<(u32, u32), Refused> {
    if is_png {
        let reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .map_err(|e| format!("not a readable PNG: {e}"))?;
        Ok((reader.info().width, reader.info().height))
    } else {
        let mut dec = zune_jpeg::JpegDecoder::new(bytes);
        dec.decode_headers()
            .map_err(|e| format!("not a readable JPEG: {e:?}"))?;
        let (w, h) = dec
            .dimensions()
            .ok_or_else(|| Refused::Here("not a readable JPEG: no size".into()))?;
        Ok((w as u32, h as u32))
    }
}

/// Most bytes of a PNG palette: 256 entries of 3 bytes (PNG 1.2, section 4.1.2).
const MAX_PALETTE: usize = 256 * 3;

/// Refuses a palette the PNG format forbids (more than 256 entries, or a length that is not a
/// whole number of entries): the png crate expands such a palette past its end and panics.
fn check_palette(info: &png::Info) -> Result<(), Refused> {
    match info.palette.as_deref() {
        Some(p) if p.len() > MAX_PALETTE || p.len() % 3 != 0 => Err(Refused::Here(format!(
            "not a readable PNG: its palette (PLTE) is {} bytes; a palette is 3 bytes an entry, at most 256 entries",
            p.len()
        ))),
        _ => Ok(()),
    }
}

/// Decodes a PNG into 8-bit RGB and alpha. The pixels are decoded once into one buffer and
/// packed to RGB in place: a 50-megapixel image holds its 4 bytes a pixel once, not twice.
pub fn png(bytes: &[u8]) -> Result<Raster, Refused> {
    decode_png(bytes)
}

fn decode_png(bytes: &[u8]) -> Result<Raster, Refused> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec
        .read_info()
        .map_err(|e| format!("not a readable PNG: {e}"))?;
    let (w, h) = (reader.info().width, reader.info().height);
    check_pixels(w, h)?;
    check_palette(reader.info())?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("not a readable PNG: {e}"))?;
    buf.truncate(info.buffer_size());
    let n = (w as usize) * (h as usize);
    let mut alpha = Vec::new();
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => {
            alpha = buf.iter().skip(3).step_by(4).copied().collect();
            pack(buf, 4, |px, out| out.copy_from_slice(&px[..3]))
        }
        png::ColorType::Grayscale => {
            // Grows: one byte a pixel becomes three.
            let mut rgb = Vec::with_capacity(n * 3);
            for &g in &buf {
                rgb.extend_from_slice(&[g, g, g]);
            }
            rgb
        }
        png::ColorType::GrayscaleAlpha => {
            alpha = buf.iter().skip(1).step_by(2).copied().collect();
            let mut rgb = Vec::with_capacity(n * 3);
            for px in buf.chunks(2) {
                rgb.extend_from_slice(&[px[0], px[0], px[0]]);
            }
            rgb
        }
        png::ColorType::Indexed => {
            return Err(Refused::Here(
                "an indexed PNG that could not be expanded".into(),
            ))
        }
    };
    if rgb.len() != n * 3 {
        return Err(Refused::Here(
            "a PNG whose pixels do not match its size".into(),
        ));
    }
    let opaque = alpha.iter().all(|&a| a == 255);
    Ok(Raster {
        key: key(bytes),
        width: w,
        height: h,
        rgb,
        alpha: (!alpha.is_empty() && !opaque).then_some(alpha),
        data: bytes.to_vec(),
        mime: "image/png",
    })
}

/// Packs pixels of `from` bytes into 3 bytes each, in the same buffer (each write lands at or
/// before the pixel it reads), then gives the freed end back.
fn pack(mut buf: Vec<u8>, from: usize, f: impl Fn(&[u8], &mut [u8])) -> Vec<u8> {
    let n = buf.len() / from;
    let mut px = [0u8; 4];
    for i in 0..n {
        px[..from].copy_from_slice(&buf[i * from..(i + 1) * from]);
        f(&px[..from], &mut buf[i * 3..i * 3 + 3]);
    }
    buf.truncate(n * 3);
    buf.shrink_to_fit();
    buf
}

/// Decodes a JPEG into 8-bit RGB.
pub fn jpeg(bytes: &[u8]) -> Result<Raster, Refused> {
    decode_jpeg(bytes)
}

fn decode_jpeg(bytes: &[u8]) -> Result<Raster, Refused> {
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let opts = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::RGB)
        .set_max_width(1 << 16)
        .set_max_height(1 << 16);
    let mut dec = zune_jpeg::JpegDecoder::new_with_options(bytes, opts);
    dec.decode_headers()
        .map_err(|e| format!("not a readable JPEG: {e:?}"))?;
    let (w, h) = dec
        .dimensions()
        .ok_or_else(|| Refused::Here("not a readable JPEG: no size".into()))?;
    check_pixels(w as u32, h as u32)?;
    let rgb = dec
        .decode()
        .map_err(|e| format!("not a readable JPEG: {e:?}"))?;
    if rgb.len() != w * h * 3 {
        return Err(Refused::Here(
            "a JPEG whose pixels do not match its size".into(),
        ));
    }
    Ok(Raster {
        key: key(bytes),
        width: w as u32,
        height: h as u32,
        rgb,
        alpha: None,
        data: bytes.to_vec(),
        mime: "image/jpeg",
    })
}
