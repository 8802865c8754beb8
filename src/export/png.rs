//! PNG previews: the SVG export rendered by resvg with the bundled fonts.

/// Renders an SVG document to PNG bytes at `dpi`.
pub fn render(svg_text: &str, dpi: f64) -> Result<Vec<u8>, String> {
    let opt = usvg::Options {
        fontdb: crate::fonts::fontdb(),
        font_family: crate::fonts::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg_text, &opt).map_err(|e| format!("SVG not readable: {e}"))?;
    let size = tree.size();
    // The SVG is sized in mm; usvg converts at 96 dpi, so rescale to the requested resolution.
    let k = (dpi / 96.0) as f32;
    let (w, h) = (
        (size.width() * k).ceil() as u32,
        (size.height() * k).ceil() as u32,
    );
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w.max(1), h.max(1)).ok_or("image too large")?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(k, k),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("PNG encoding failed: {e}"))
}
