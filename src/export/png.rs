//! PNG images, written with their resolution (a `pHYs` chunk) so that printing services and
//! image tools read the right size: a scene drawn straight to pixels ([`super::raster`]), or an
//! SVG document rendered by resvg with the bundled fonts.

use crate::base::diag::Error;
use crate::base::units::px_per_mm;
use crate::scene::Scene;

/// Draws a scene to PNG bytes at `dpi`, compressed fast: a preview, written on every build.
pub fn render_scene(scene: &Scene, dpi: f64) -> Result<Vec<u8>, Error> {
    let k = px_per_mm(dpi);
    let px = (
        (scene.width * k).ceil() as u32,
        (scene.height * k).ceil() as u32,
    );
    encode(
        &super::raster::draw(scene, px, (k, k))?,
        dpi,
        png::Compression::Fast,
    )
}

/// Draws a scene to exactly `px` pixels (stretched by a fraction of a pixel when its size is not
/// a whole number of pixels), marked as `dpi`.
pub fn render_scene_px(scene: &Scene, px: (u32, u32), dpi: f64) -> Result<Vec<u8>, Error> {
    let k = (
        f64::from(px.0) / scene.width.max(1e-9),
        f64::from(px.1) / scene.height.max(1e-9),
    );
    encode(
        &super::raster::draw(scene, px, k)?,
        dpi,
        png::Compression::Default,
    )
}

/// Renders an SVG document to PNG bytes at `dpi`.
pub fn render(svg_text: &str, dpi: f64) -> Result<Vec<u8>, Error> {
    let tree = parse(svg_text)?;
    let size = tree.size();
    // The SVG is sized in mm; usvg converts at 96 dpi, so rescale to the requested resolution.
    let k = dpi / 96.0;
    let px = (
        (size.width() as f64 * k).ceil() as u32,
        (size.height() as f64 * k).ceil() as u32,
    );
    draw(&tree, px, (k, k), dpi)
}

/// Renders an SVG document to exactly `px` pixels (stretched by a fraction of a pixel when its
/// size is not a whole number of pixels), marked as `dpi`.
pub fn render_px(svg_text: &str, px: (u32, u32), dpi: f64) -> Result<Vec<u8>, Error> {
    let tree = parse(svg_text)?;
    let size = tree.size();
    let k = (
        px.0 as f64 / size.width() as f64,
        px.1 as f64 / size.height() as f64,
    );
    draw(&tree, px, k, dpi)
}

fn parse(svg_text: &str) -> Result<usvg::Tree, Error> {
    let opt = usvg::Options {
        fontdb: crate::fonts::fontdb(),
        font_family: crate::fonts::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg_text, &opt)
        .map_err(|e| Error::system(format!("SVG not readable: {e}")))
}

fn draw(tree: &usvg::Tree, px: (u32, u32), k: (f64, f64), dpi: f64) -> Result<Vec<u8>, Error> {
    let mut pixmap = resvg::tiny_skia::Pixmap::new(px.0.max(1), px.1.max(1))
        .ok_or_else(|| Error::system("image too large"))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        tree,
        resvg::tiny_skia::Transform::from_scale(k.0 as f32, k.1 as f32),
        &mut pixmap.as_mut(),
    );
    encode(&pixmap, dpi, png::Compression::Default)
}

/// A pixmap drawn on white as an RGB PNG marked as `dpi`.
fn encode(
    pixmap: &resvg::tiny_skia::Pixmap,
    dpi: f64,
    compression: png::Compression,
) -> Result<Vec<u8>, Error> {
    // On white every pixel is opaque: RGB, with the resolution in pixels per metre.
    let data = pixmap.data();
    let mut rgb = vec![0u8; data.len() / 4 * 3];
    for (o, p) in rgb.chunks_exact_mut(3).zip(data.chunks_exact(4)) {
        o.copy_from_slice(&p[..3]);
    }
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(compression);
    let ppm = (dpi / 0.0254).round() as u32;
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    let mut w = enc
        .write_header()
        .map_err(|e| Error::system(format!("PNG encoding failed: {e}")))?;
    w.write_image_data(&rgb)
        .map_err(|e| Error::system(format!("PNG encoding failed: {e}")))?;
    w.finish()
        .map_err(|e| Error::system(format!("PNG encoding failed: {e}")))?;
    Ok(out)
}
