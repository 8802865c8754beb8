//! Art files a designer draws with: SVG (read by usvg into the project's own scene, so it stays
//! vector in every output) and PNG or JPEG (decoded once and embedded once per file).

use crate::color::Color;
use crate::scene::{
    Affine, Finish, Gradient, GradientShape, Image, Item, Raster, Scene, Seg, Stroke, P,
};
use std::path::Path;
use std::sync::Arc;

/// Largest art file, bytes.
pub const MAX_BYTES: u64 = 20 << 20;
/// Largest raster image, in pixels (50 megapixels).
pub const MAX_PIXELS: u64 = 50_000_000;
/// Most shapes an SVG may draw.
pub const MAX_SHAPES: usize = 100_000;

/// A piece of art, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub enum Art {
    /// Vector art: a scene in the SVG's own units (its `width` × `height`).
    Vector(Arc<Scene>),
    /// A raster image.
    Raster(Arc<Raster>),
}

impl Art {
    /// Width and height in the art's own units (pixels for a raster image).
    pub fn size(&self) -> (f64, f64) {
        match self {
            Art::Vector(s) => (s.width, s.height),
            Art::Raster(r) => (f64::from(r.width), f64::from(r.height)),
        }
    }
}

/// Reads an art file by its extension: `.svg`, `.png`, `.jpg`/`.jpeg`. The error says why, for a
/// diagnostic placed where the file is named.
pub fn load(path: &Path) -> Result<Art, String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if !matches!(ext.as_str(), "svg" | "png" | "jpg" | "jpeg") {
        return Err(format!(
            "`{}` is not an image ludopress reads: use SVG, PNG or JPEG",
            path.display()
        ));
    }
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read it: {e}"))?;
    if meta.len() > MAX_BYTES {
        return Err(format!(
            "the file is {} MiB; the limit for an image is {} MiB",
            meta.len() >> 20,
            MAX_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    match ext.as_str() {
        "svg" => vector(&bytes).map(|s| {
            // One shared group: every card that draws the art clones a pointer, not its paths.
            let mut shared = Scene::new(s.width, s.height);
            shared.place(s, crate::scene::Affine::IDENTITY, None);
            Art::Vector(Arc::new(shared))
        }),
        "png" => png(&bytes).map(|r| Art::Raster(Arc::new(r))),
        _ => jpeg(&bytes).map(|r| Art::Raster(Arc::new(r))),
    }
}

fn key(bytes: &[u8]) -> String {
    format!("{:016x}", crate::scene::fnv(bytes))
}

fn check_pixels(w: u32, h: u32) -> Result<(), String> {
    if w == 0 || h == 0 {
        return Err("the image is empty (0 pixels)".into());
    }
    let n = u64::from(w) * u64::from(h);
    if n > MAX_PIXELS {
        return Err(format!(
            "the image is {w} × {h} pixels ({:.0} megapixels); the limit is {} megapixels",
            n as f64 / 1e6,
            MAX_PIXELS / 1_000_000
        ));
    }
    Ok(())
}

/// Decodes a PNG into 8-bit RGB and alpha.
pub fn png(bytes: &[u8]) -> Result<Raster, String> {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec
        .read_info()
        .map_err(|e| format!("not a readable PNG: {e}"))?;
    let (w, h) = (reader.info().width, reader.info().height);
    check_pixels(w, h)?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("not a readable PNG: {e}"))?;
    let buf = &buf[..info.buffer_size()];
    let n = (w * h) as usize;
    let mut rgb = Vec::with_capacity(n * 3);
    let mut alpha = Vec::with_capacity(n);
    match info.color_type {
        png::ColorType::Rgb => rgb.extend_from_slice(buf),
        png::ColorType::Rgba => {
            for px in buf.chunks(4) {
                rgb.extend_from_slice(&px[..3]);
                alpha.push(px[3]);
            }
        }
        png::ColorType::Grayscale => {
            for &g in buf {
                rgb.extend_from_slice(&[g, g, g]);
            }
        }
        png::ColorType::GrayscaleAlpha => {
            for px in buf.chunks(2) {
                rgb.extend_from_slice(&[px[0], px[0], px[0]]);
                alpha.push(px[1]);
            }
        }
        png::ColorType::Indexed => return Err("an indexed PNG that could not be expanded".into()),
    }
    if rgb.len() != n * 3 {
        return Err("a PNG whose pixels do not match its size".into());
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

/// Decodes a JPEG into 8-bit RGB.
pub fn jpeg(bytes: &[u8]) -> Result<Raster, String> {
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let opts = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::RGB)
        .set_max_width(1 << 16)
        .set_max_height(1 << 16);
    let mut dec = zune_jpeg::JpegDecoder::new_with_options(bytes, opts);
    dec.decode_headers()
        .map_err(|e| format!("not a readable JPEG: {e:?}"))?;
    let (w, h) = dec.dimensions().ok_or("not a readable JPEG: no size")?;
    check_pixels(w as u32, h as u32)?;
    let rgb = dec
        .decode()
        .map_err(|e| format!("not a readable JPEG: {e:?}"))?;
    if rgb.len() != w * h * 3 {
        return Err("a JPEG whose pixels do not match its size".into());
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

/// Reads an SVG into a scene of its own units: paths with their fills and strokes, opacity,
/// fill rules and gradients, clip paths, text as outlines, embedded PNG, JPEG and SVG images.
pub fn vector(bytes: &[u8]) -> Result<Scene, String> {
    let opt = usvg::Options {
        fontdb: crate::fonts::fontdb(),
        font_family: crate::fonts::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_data(bytes, &opt).map_err(|e| format!("not a readable SVG: {e}"))?;
    let size = tree.size();
    let mut scene = Scene::new(f64::from(size.width()), f64::from(size.height()));
    let mut shapes = 0;
    group(tree.root(), &mut scene, &mut shapes, 1.0)?;
    Ok(scene)
}

fn affine(t: usvg::Transform) -> Affine {
    Affine {
        a: f64::from(t.sx),
        b: f64::from(t.ky),
        c: f64::from(t.kx),
        d: f64::from(t.sy),
        e: f64::from(t.tx),
        f: f64::from(t.ty),
    }
}

fn rgb(c: usvg::Color) -> Color {
    Color::rgb(c.red, c.green, c.blue)
}

/// A paint as a flat colour (a gradient as the mean of its stops) and its gradient, if any,
/// in the coordinates `t` maps to the art's; the mean opacity of a gradient's stops.
fn paint(p: &usvg::Paint, t: Affine) -> Option<(Color, Option<Gradient>, f64)> {
    let gradient = |base: &usvg::BaseGradient, shape: GradientShape| {
        let stops: Vec<(f64, Color)> = base
            .stops()
            .iter()
            .map(|s| (f64::from(s.offset().get()), rgb(s.color())))
            .collect();
        let opacity = if base.stops().is_empty() {
            1.0
        } else {
            base.stops()
                .iter()
                .map(|s| f64::from(s.opacity().get()))
                .sum::<f64>()
                / base.stops().len() as f64
        };
        let g = Gradient {
            shape,
            stops,
            transform: affine(base.transform()).then(t),
        };
        Some((mean(base.stops())?, Some(g), opacity))
    };
    match p {
        usvg::Paint::Color(col) => Some((rgb(*col), None, 1.0)),
        usvg::Paint::LinearGradient(g) => gradient(
            g,
            GradientShape::Linear {
                x1: f64::from(g.x1()),
                y1: f64::from(g.y1()),
                x2: f64::from(g.x2()),
                y2: f64::from(g.y2()),
            },
        ),
        usvg::Paint::RadialGradient(g) => gradient(
            g,
            GradientShape::Radial {
                cx: f64::from(g.cx()),
                cy: f64::from(g.cy()),
                r: f64::from(g.r().get()),
                fx: f64::from(g.fx()),
                fy: f64::from(g.fy()),
            },
        ),
        usvg::Paint::Pattern(_) => None,
    }
}

/// A gradient's flat stand-in: the mean of its stops.
fn mean(stops: &[usvg::Stop]) -> Option<Color> {
    if stops.is_empty() {
        return None;
    }
    let n = stops.len() as u32;
    let sum = stops.iter().fold((0u32, 0u32, 0u32), |s, st| {
        let c = st.color();
        (
            s.0 + u32::from(c.red),
            s.1 + u32::from(c.green),
            s.2 + u32::from(c.blue),
        )
    });
    Some(Color::rgb(
        (sum.0 / n) as u8,
        (sum.1 / n) as u8,
        (sum.2 / n) as u8,
    ))
}

/// The outline a clip path keeps, in the art's coordinates (`t`: the clipped group's).
fn clip_outline(clip: &usvg::ClipPath, t: Affine) -> Vec<Seg> {
    fn walk(g: &usvg::Group, t: Affine, out: &mut Vec<Seg>) {
        for node in g.children() {
            match node {
                usvg::Node::Path(p) if p.is_visible() => {
                    out.extend(crate::scene::transform_segs(&segments(p.data()), t));
                }
                usvg::Node::Group(g) => walk(g, affine(g.transform()).then(t), out),
                usvg::Node::Text(x) => walk(x.flattened(), t, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(clip.root(), affine(clip.transform()).then(t), &mut out);
    out
}

/// Adds a group's drawing to `out`. A group's opacity multiplies its children's (exact where
/// they do not overlap); its clip path clips them; masks and patterns are not drawn.
fn group(g: &usvg::Group, out: &mut Scene, shapes: &mut usize, opacity: f64) -> Result<(), String> {
    let opacity = opacity * f64::from(g.opacity().get());
    if opacity <= 0.0 {
        return Ok(());
    }
    if let Some(clip) = g.clip_path() {
        let mut inner = Scene::new(0.0, 0.0);
        children(g, &mut inner, shapes, opacity)?;
        let mut outline = clip_outline(clip, affine(g.abs_transform()));
        // A clip path clipped in turn keeps what both keep: one group inside the other.
        let mut nested = clip.clip_path();
        while let Some(c) = nested {
            let mut wrap = Scene::new(0.0, 0.0);
            wrap.place_clipped(inner, Affine::IDENTITY, Some(outline));
            inner = wrap;
            outline = clip_outline(c, affine(g.abs_transform()));
            nested = c.clip_path();
        }
        out.place_clipped(inner, Affine::IDENTITY, Some(outline));
        return Ok(());
    }
    children(g, out, shapes, opacity)
}

fn children(
    g: &usvg::Group,
    out: &mut Scene,
    shapes: &mut usize,
    opacity: f64,
) -> Result<(), String> {
    for node in g.children() {
        *shapes += 1;
        if *shapes > MAX_SHAPES {
            return Err(format!(
                "the SVG draws more than {MAX_SHAPES} shapes; simplify it"
            ));
        }
        match node {
            usvg::Node::Group(g) => group(g, out, shapes, opacity)?,
            usvg::Node::Text(t) => group(t.flattened(), out, shapes, opacity)?,
            usvg::Node::Path(p) => {
                if !p.is_visible() {
                    continue;
                }
                let t = affine(p.abs_transform());
                let segs = crate::scene::transform_segs(&segments(p.data()), t);
                let mut finish = Finish {
                    fill_opacity: 1.0,
                    stroke_opacity: 1.0,
                    even_odd: false,
                    gradient: None,
                };
                let mut fill = None;
                if let Some(f) = p.fill().filter(|f| f.opacity().get() > 0.0) {
                    if let Some((color, gradient, stops)) = paint(f.paint(), t) {
                        fill = Some(color);
                        finish.gradient = gradient;
                        finish.fill_opacity = opacity * f64::from(f.opacity().get()) * stops;
                        finish.even_odd = f.rule() == usvg::FillRule::EvenOdd;
                    }
                }
                let mut stroke = None;
                if let Some(s) = p.stroke().filter(|s| s.opacity().get() > 0.0) {
                    // A gradient outline is drawn in its mean colour.
                    if let Some((color, _, stops)) = paint(s.paint(), t) {
                        finish.stroke_opacity = opacity * f64::from(s.opacity().get()) * stops;
                        stroke = Some(Stroke {
                            color,
                            width: f64::from(s.width().get()) * t.scale_factor(),
                            dash: s.dasharray().and_then(|d| {
                                (d.len() >= 2).then(|| {
                                    (
                                        f64::from(d[0]) * t.scale_factor(),
                                        f64::from(d[1]) * t.scale_factor(),
                                    )
                                })
                            }),
                        });
                    }
                }
                if fill.is_some() || stroke.is_some() {
                    out.finished_path(segs, fill, stroke, finish);
                }
            }
            usvg::Node::Image(img) => {
                if !img.is_visible() {
                    continue;
                }
                let mut inner = Scene::new(0.0, 0.0);
                match img.kind() {
                    usvg::ImageKind::PNG(d) | usvg::ImageKind::JPEG(d) => {
                        let raster = match img.kind() {
                            usvg::ImageKind::PNG(_) => png(d),
                            _ => jpeg(d),
                        };
                        let Ok(r) = raster else { continue };
                        let s = img.size();
                        inner.push(Item::Image(Image {
                            raster: Arc::new(r),
                            x: 0.0,
                            y: 0.0,
                            w: f64::from(s.width()),
                            h: f64::from(s.height()),
                        }));
                    }
                    // An SVG inside the SVG is drawn as vector too.
                    usvg::ImageKind::SVG(tree) => group(tree.root(), &mut inner, shapes, opacity)?,
                    _ => continue,
                }
                out.place(inner, affine(img.abs_transform()), None);
            }
        }
    }
    Ok(())
}

fn segments(path: &usvg::tiny_skia_path::Path) -> Vec<Seg> {
    use usvg::tiny_skia_path::PathSegment;
    let q = |p: usvg::tiny_skia_path::Point| P {
        x: f64::from(p.x),
        y: f64::from(p.y),
    };
    let mut out = Vec::new();
    let mut last = P::default();
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(a) => {
                last = q(a);
                out.push(Seg::Move(last));
            }
            PathSegment::LineTo(a) => {
                last = q(a);
                out.push(Seg::Line(last));
            }
            PathSegment::QuadTo(c, a) => {
                let (c, a) = (q(c), q(a));
                let c1 = P {
                    x: last.x + 2.0 / 3.0 * (c.x - last.x),
                    y: last.y + 2.0 / 3.0 * (c.y - last.y),
                };
                let c2 = P {
                    x: a.x + 2.0 / 3.0 * (c.x - a.x),
                    y: a.y + 2.0 / 3.0 * (c.y - a.y),
                };
                out.push(Seg::Cubic(c1, c2, a));
                last = a;
            }
            PathSegment::CubicTo(c1, c2, a) => {
                last = q(a);
                out.push(Seg::Cubic(q(c1), q(c2), last));
            }
            PathSegment::Close => out.push(Seg::Close),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_svg_becomes_paths_in_its_own_units() {
        let svg = br##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
            <rect x="2" y="1" width="6" height="4" fill="#ff0000"/>
            <g transform="translate(10 0)"><circle cx="5" cy="5" r="4" fill="none" stroke="#0000ff" stroke-width="2"/></g>
            <rect width="1" height="1" fill="url(#g)"/>
            <defs><linearGradient id="g"><stop offset="0" stop-color="#000000"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
        </svg>"##;
        let s = vector(svg).unwrap();
        assert_eq!((s.width, s.height), (20.0, 10.0));
        let paths: Vec<&crate::scene::Path> = s
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Path(p) => Some(p),
                _ => None,
            })
            .collect();
        assert_eq!(paths.len(), 3);
        assert_eq!(paths[0].fill, Some(Color::rgb(255, 0, 0)));
        assert_eq!(paths[0].segs[0], Seg::Move(P { x: 2.0, y: 1.0 }));
        let stroke = paths[1].stroke.unwrap();
        assert_eq!((stroke.color, stroke.width), (Color::rgb(0, 0, 255), 2.0));
        // The circle was moved by its group's transform: its rightmost point is at x = 19.
        assert!(paths[1]
            .segs
            .iter()
            .any(|s| matches!(s, Seg::Move(p) if (p.x - 19.0).abs() < 1e-4)));
        assert_eq!(
            paths[2].fill,
            Some(Color::rgb(127, 127, 127)),
            "a gradient's flat stand-in is the mean of its stops"
        );
        // The gradient itself runs across the 1-unit box (objectBoundingBox units resolved).
        let g = paths[2].finish.as_ref().unwrap().gradient.as_ref().unwrap();
        assert_eq!(
            g.stops,
            vec![(0.0, Color::rgb(0, 0, 0)), (1.0, Color::rgb(255, 255, 255))]
        );
        let (a, b) = match g.shape {
            crate::scene::GradientShape::Linear { x1, y1, x2, y2 } => (
                g.transform.apply(P { x: x1, y: y1 }),
                g.transform.apply(P { x: x2, y: y2 }),
            ),
            _ => unreachable!(),
        };
        assert!((a.x, a.y, b.x, b.y) == (0.0, 0.0, 1.0, 0.0), "{a:?} {b:?}");
        assert!(paths[0].finish.is_none(), "a plain path has no finish");
    }

    /// Every path of a scene, clipped groups and placed scenes included, with its finish.
    fn all_paths(items: &[Item], out: &mut Vec<crate::scene::Path>) {
        for i in items {
            match i {
                Item::Path(p) => out.push(p.clone()),
                Item::Group(g) => all_paths(&g.items, out),
                _ => {}
            }
        }
    }

    #[test]
    fn opacity_fill_rules_radial_gradients_clips_and_nested_svg_are_kept() {
        let svg = br##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
            <defs>
              <radialGradient id="r" cx="10" cy="10" r="8" gradientUnits="userSpaceOnUse">
                <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#ff0000"/>
                <stop offset="1" stop-color="#000000" stop-opacity="0.5"/>
              </radialGradient>
              <clipPath id="c"><rect x="20" y="0" width="5" height="20"/></clipPath>
            </defs>
            <circle cx="10" cy="10" r="8" fill="url(#r)"/>
            <g opacity="0.5"><rect x="0" y="0" width="4" height="4" fill="#00ff00" fill-opacity="0.5" stroke="#000000" stroke-opacity="0.8"/></g>
            <path d="M20 0H30V10H20Z M22 2H28V8H22Z" fill="#0000ff" fill-rule="evenodd"/>
            <g clip-path="url(#c)"><rect x="18" y="12" width="10" height="6" fill="#123456"/></g>
            <image x="30" y="10" width="10" height="10" href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIyIiBoZWlnaHQ9IjIiPjxyZWN0IHdpZHRoPSIyIiBoZWlnaHQ9IjIiIGZpbGw9IiNhYmNkZWYiLz48L3N2Zz4="/>
        </svg>"##;
        let s = vector(svg).unwrap();
        let mut paths = Vec::new();
        all_paths(&s.items, &mut paths);
        assert_eq!(paths.len(), 5, "{paths:#?}");
        // The radial gradient, its three stops, the last one's half opacity averaged in.
        let f = paths[0].finish.as_ref().unwrap();
        let g = f.gradient.as_ref().unwrap();
        assert_eq!(g.stops.len(), 3);
        assert!(matches!(g.shape, crate::scene::GradientShape::Radial { r, .. } if r == 8.0));
        assert!(
            (f.fill_opacity - 2.5 / 3.0).abs() < 1e-6,
            "{}",
            f.fill_opacity
        );
        // Group opacity multiplies the path's own.
        let f = paths[1].finish.as_ref().unwrap();
        assert!((f.fill_opacity - 0.25).abs() < 1e-6 && (f.stroke_opacity - 0.4).abs() < 1e-6);
        // The square with a square hole keeps its rule.
        assert!(paths[2].finish.as_ref().unwrap().even_odd);
        // The clipped rectangle sits in a group clipped to x 20..25.
        let clip = s.items.iter().find_map(|i| match i {
            Item::Group(g) if g.clip.is_some() => g.clip.clone(),
            _ => None,
        });
        let xs: Vec<f64> = clip
            .expect("a clipped group")
            .iter()
            .filter_map(|s| match s {
                Seg::Move(p) | Seg::Line(p) => Some(p.x),
                _ => None,
            })
            .collect();
        assert!(
            xs.iter().all(|x| (20.0..=25.0).contains(x)) && xs.contains(&25.0),
            "{xs:?}"
        );
        // The SVG image inside is drawn as a vector path of its colour.
        assert_eq!(paths[4].fill, Some(Color::rgb(0xab, 0xcd, 0xef)));
    }

    #[test]
    fn bad_images_are_refused_with_a_reason() {
        assert!(vector(b"<svg").unwrap_err().contains("not a readable SVG"));
        assert!(png(b"\x89PNG\r\n\x1a\nxx").unwrap_err().contains("PNG"));
        assert!(jpeg(b"\xff\xd8\xff").unwrap_err().contains("JPEG"));
        assert!(check_pixels(10_000, 5_001)
            .unwrap_err()
            .contains("50 megapixels"));
    }

    #[test]
    fn a_png_decodes_to_rgb_and_alpha() {
        let mut data = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut data, 2, 1);
            enc.set_color(png::ColorType::Rgba);
            enc.set_depth(png::BitDepth::Eight);
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&[255, 0, 0, 255, 0, 255, 0, 128])
                .unwrap();
        }
        let r = png(&data).unwrap();
        assert_eq!((r.width, r.height), (2, 1));
        assert_eq!(r.rgb, vec![255, 0, 0, 0, 255, 0]);
        assert_eq!(r.alpha, Some(vec![255, 128]));
        assert_eq!(r.mime, "image/png");
    }
}
