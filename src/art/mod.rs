//! Art files a designer draws with: SVG (read by usvg into the project's own scene, so it stays
//! vector in every output) and PNG or JPEG (decoded once and embedded once per file).
//! In: an art file the game names; out: an [`Art`] ready to draw, or why it is [`Refused`].
//!
//! This file holds the budgets every art file is held to, the [`Art`] itself (what it draws,
//! what it costs) and [`load`], which picks the reader by extension. The readers:
//! `raster` (PNG and JPEG: header size, pixel budget, decoding), `scan` (the checks on an
//! SVG's XML before it is converted: segments, glyphs, the files its images name) and `svg`
//! (the SVG converted into a scene).

use crate::base::diag::Diagnostic;
use crate::scene::{Item, Raster, Scene};
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod raster;
mod scan;
mod svg;

pub use raster::{jpeg, png};
pub use svg::vector;
use svg::vector_from;

/// Largest art file, bytes.
pub const MAX_BYTES: u64 = 20 << 20;
/// Largest raster image, in pixels (50 megapixels).
pub const MAX_PIXELS: u64 = 50_000_000;
/// Most pixels the images of one SVG may draw, each use counted: one image at the limit drawn
/// twice (the pixels are decoded once, but every use is drawn, embedded and rasterized).
pub const MAX_ART_PIXELS: u64 = 100_000_000;
/// Most pixels the images of one face (a card, a back, a tile, a board...) may draw, each use
/// counted: a raster art file once per element drawing it, an SVG art its [`Art::pixels_drawn`]
/// per use. Every use is embedded and rasterized: eight elements drawing art of 98 megapixels
/// each peaked at 3.2 GB. The shipped games draw at most a few megapixels a face.
pub const MAX_FACE_PIXELS: u64 = 100_000_000;
/// Most pixels the distinct pictures of a build may decode: every picture file (an art file, or
/// an image an SVG names) is decoded once and held for the whole build, 3 bytes a pixel and one
/// more for transparency, and previews draw from a premultiplied copy of 4 bytes a pixel. Three
/// pictures at [`MAX_PIXELS`]; four of 49 megapixels each peaked at 2.8 GB. Checked on each
/// picture's header, before it is decoded.
pub const MAX_BUILD_PIXELS: u64 = 150_000_000;
/// Most shapes an SVG may draw.
pub const MAX_SHAPES: usize = 100_000;
/// Most path segments an SVG may draw, its `use` copies and markers counted, checked on the
/// XML before usvg converts it. Outputs cost about 1 KB a segment while they are written (a
/// path of 200,000 segments peaks near 210 MB); the shipped art draws a few hundred.
pub const MAX_SEGMENTS: u64 = 250_000;
/// Most characters an SVG's texts may hold, `use` copies counted: each becomes a glyph outline
/// of some 30 segments, and laying a glyph out costs about 1 ms (the shipped art has no text).
pub const MAX_GLYPHS: u64 = 10_000;
/// Most art a game may hold in all, as [`Art::cost`] estimates it (about 1.3 million path
/// segments): every distinct art file is held in memory for the whole build.
pub const MAX_GAME_COST: u64 = 32 << 20;
/// Most XML nodes of an SVG (elements, attributes' owners and texts).
const MAX_NODES: u32 = 1_000_000;

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

    /// The pixels one use of this art draws: a raster image's own, or the sum over every image
    /// an SVG draws, each of its uses counted (as [`MAX_ART_PIXELS`] counts them).
    pub fn pixels_drawn(&self) -> u64 {
        fn walk(items: &[Item]) -> u64 {
            items.iter().fold(0u64, |n, i| {
                n.saturating_add(match i {
                    Item::Image(im) => pixels(&im.raster),
                    Item::Group(g) => walk(&g.items),
                    Item::Path(_) | Item::Text(_) => 0,
                })
            })
        }
        fn pixels(r: &Raster) -> u64 {
            u64::from(r.width).saturating_mul(u64::from(r.height))
        }
        match self {
            Art::Vector(s) => walk(&s.items),
            Art::Raster(r) => pixels(r),
        }
    }

    /// The pixels this art holds decoded: each distinct picture once, however many times it
    /// is drawn (as [`MAX_BUILD_PIXELS`] counts them).
    pub fn pixels_decoded(&self) -> u64 {
        fn walk(items: &[Item], seen: &mut Vec<*const Raster>) -> u64 {
            items.iter().fold(0u64, |n, i| {
                n.saturating_add(match i {
                    Item::Image(im) => once(&im.raster, seen),
                    Item::Group(g) => walk(&g.items, seen),
                    Item::Path(_) | Item::Text(_) => 0,
                })
            })
        }
        fn once(r: &Arc<Raster>, seen: &mut Vec<*const Raster>) -> u64 {
            if seen.contains(&Arc::as_ptr(r)) {
                return 0;
            }
            seen.push(Arc::as_ptr(r));
            u64::from(r.width).saturating_mul(u64::from(r.height))
        }
        let mut seen = Vec::new();
        match self {
            Art::Vector(s) => walk(&s.items, &mut seen),
            Art::Raster(r) => once(r, &mut seen),
        }
    }

    /// An estimate of the bytes one use of this art adds to an output file (SVG or PDF): its
    /// path segments at [`BYTES_PER_SEGMENT`] each and its images' files (base64 in SVG).
    /// It walks the art once (linear in its size): call it once per art file and multiply by
    /// the number of uses, to refuse a build before it writes more than it may.
    pub fn cost(&self) -> u64 {
        fn walk(items: &[Item], seen: &mut Vec<*const Raster>) -> u64 {
            items.iter().fold(0u64, |n, i| {
                n.saturating_add(match i {
                    Item::Path(p) => BYTES_PER_PATH + BYTES_PER_SEGMENT * p.segs.len() as u64,
                    Item::Text(t) => BYTES_PER_PATH + t.text.len() as u64,
                    Item::Image(im) => image_bytes(&im.raster, seen),
                    Item::Group(g) => walk(&g.items, seen).saturating_add(
                        BYTES_PER_PATH
                            + BYTES_PER_SEGMENT * g.clip.as_ref().map_or(0, |c| c.len() as u64),
                    ),
                })
            })
        }
        // An image drawn twice in one art is embedded once per output file.
        fn image_bytes(r: &Arc<Raster>, seen: &mut Vec<*const Raster>) -> u64 {
            if seen.contains(&Arc::as_ptr(r)) {
                return BYTES_PER_PATH;
            }
            seen.push(Arc::as_ptr(r));
            BYTES_PER_PATH + r.data.len() as u64 * 4 / 3
        }
        let mut seen = Vec::new();
        match self {
            Art::Vector(s) => walk(&s.items, &mut seen),
            Art::Raster(r) => image_bytes(r, &mut seen),
        }
    }
}

/// Bytes a path segment takes in an output, about (`L123.45 67.89` in SVG, `123.45 67.89 l` in
/// PDF; a curve three times that).
pub const BYTES_PER_SEGMENT: u64 = 24;
/// Bytes a path, group or image takes beyond its segments, about (its element, fill, stroke).
pub const BYTES_PER_PATH: u64 = 120;

/// Why an art file is refused: a reason for the place that names the file, or a diagnostic
/// inside it (an SVG attribute naming a refused image, an element past a budget).
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// Placed where the art file is named.
    Here(String),
    /// Placed in the art file itself.
    Inside(Box<Diagnostic>),
}

impl From<String> for Refused {
    fn from(s: String) -> Self {
        Refused::Here(s)
    }
}

impl From<crate::base::paths::Refused> for Refused {
    fn from(r: crate::base::paths::Refused) -> Self {
        Refused::Here(r.0)
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Here(s) => f.write_str(s),
            Refused::Inside(d) => write!(f, "{d}"),
        }
    }
}

/// Why a picture of `n` pixels is not decoded when `room` pixels are left of
/// [`MAX_BUILD_PIXELS`].
fn past_build_budget(n: u64, room: u64) -> String {
    let mp = |p: u64| p as f64 / 1e6;
    format!(
        "decoding it ({:.1} megapixels) would bring the pictures of this build to {:.1} megapixels; the limit is {} megapixels decoded in a build (each picture file counted once): use smaller pictures, or fewer",
        mp(n),
        mp(MAX_BUILD_PIXELS.saturating_sub(room).saturating_add(n)),
        MAX_BUILD_PIXELS / 1_000_000
    )
}

/// Reads an art file by its extension: `.svg`, `.png`, `.jpg`/`.jpeg`. `path` is the real path
/// checked by [`crate::base::paths::resolve`], `within` the game's folder: an SVG's images are read
/// under the same rule. `room` is what the build may still decode, in pixels (see
/// [`MAX_BUILD_PIXELS`]): a picture past it is refused from its header, before it is decoded.
/// The error says why, for a diagnostic placed where the file is named, or is placed in the
/// SVG, named there `shown` (the path as the game names it).
pub fn load(path: &Path, shown: &Path, within: &Path, room: u64) -> Result<Art, Refused> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if !matches!(ext.as_str(), "svg" | "png" | "jpg" | "jpeg") {
        return Err(Refused::Here(format!(
            "`{}` is not an image ludopress reads: use SVG, PNG or JPEG",
            path.display()
        )));
    }
    let bytes = crate::base::paths::read(path, MAX_BYTES)?;
    match ext.as_str() {
        "svg" => {
            let from = Some(Origin {
                file: path.to_path_buf(),
                shown: shown.to_path_buf(),
                within: within.to_path_buf(),
            });
            vector_from(&bytes, from.as_ref(), room).map(|s| {
                // One shared group: every card that draws the art clones a pointer, not its paths.
                let mut shared = Scene::new(s.width, s.height);
                shared.place(s, crate::scene::Affine::IDENTITY, None);
                Art::Vector(Arc::new(shared))
            })
        }
        ext => {
            let is_png = ext == "png";
            // An unreadable header is left to the decoder, which says why.
            if let Ok((w, h)) = raster::dimensions(&bytes, is_png) {
                let n = u64::from(w) * u64::from(h);
                if n > room {
                    return Err(Refused::Here(past_build_budget(n, room)));
                }
            }
            let r = if is_png { png(&bytes) } else { jpeg(&bytes) };
            Ok(Art::Raster(Arc::new(r?)))
        }
    }
}

/// Where an SVG was read from: its images are named relative to its folder and must lie in
/// the game's folder.
struct Origin {
    file: PathBuf,
    shown: PathBuf,
    within: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::raster::check_pixels;
    use super::*;
    use crate::base::color::Color;
    use crate::scene::{Image, Seg, P};

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
        assert!(vector(b"<svg")
            .unwrap_err()
            .to_string()
            .contains("not a readable SVG"));
        assert!(png(b"\x89PNG\r\n\x1a\nxx")
            .unwrap_err()
            .to_string()
            .contains("PNG"));
        assert!(jpeg(b"\xff\xd8\xff")
            .unwrap_err()
            .to_string()
            .contains("JPEG"));
        assert!(check_pixels(10_000, 5_001)
            .unwrap_err()
            .to_string()
            .contains("50 megapixels"));
    }

    #[test]
    fn the_cost_of_art_grows_with_its_segments_and_counts_an_image_once() {
        let one = br##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0L1 1L2 2L3 3Z" fill="#000000"/></svg>"##;
        let two = br##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0L1 1L2 2L3 3Z" fill="#000000"/><path d="M0 0L1 1L2 2L3 3Z" fill="#000000"/></svg>"##;
        let cost = |b: &[u8]| Art::Vector(Arc::new(vector(b).unwrap())).cost();
        assert_eq!(cost(one), BYTES_PER_PATH + 5 * BYTES_PER_SEGMENT);
        assert_eq!(cost(two), 2 * cost(one));
        let mut data = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut data, 1, 1);
            enc.set_color(png::ColorType::Rgb);
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&[1, 2, 3]).unwrap();
        }
        let r = Arc::new(png(&data).unwrap());
        let img = Item::Image(Image {
            raster: r.clone(),
            x: 0.0,
            y: 0.0,
            w: 1.0,
            h: 1.0,
        });
        let once = BYTES_PER_PATH + data.len() as u64 * 4 / 3;
        assert_eq!(Art::Raster(r).cost(), once);
        let mut s = Scene::new(1.0, 1.0);
        s.push(img.clone());
        s.push(img);
        // The second use of the same pixels is a reference to the first.
        assert_eq!(Art::Vector(Arc::new(s)).cost(), once + BYTES_PER_PATH);
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
