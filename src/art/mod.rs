//! Art files a designer draws with: SVG (read by usvg into the project's own scene, so it stays
//! vector in every output) and PNG or JPEG (decoded once and embedded once per file).

use crate::base::color::Color;
use crate::base::diag::{Diagnostic, Source};
use crate::scene::{
    Affine, Finish, Gradient, GradientShape, Image, Item, Raster, Scene, Seg, Stroke, P,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

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

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Here(s) => f.write_str(s),
            Refused::Inside(d) => write!(f, "{d}"),
        }
    }
}

/// Reads an art file by its extension: `.svg`, `.png`, `.jpg`/`.jpeg`. `path` is the real path
/// checked by [`crate::base::paths::resolve`], `within` the game's folder: an SVG's images are read
/// under the same rule. The error says why, for a diagnostic placed where the file is named,
/// or is placed in the SVG, named there `shown` (the path as the game names it).
pub fn load(path: &Path, shown: &Path, within: &Path) -> Result<Art, Refused> {
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
            vector_from(&bytes, from.as_ref()).map(|s| {
                // One shared group: every card that draws the art clones a pointer, not its paths.
                let mut shared = Scene::new(s.width, s.height);
                shared.place(s, crate::scene::Affine::IDENTITY, None);
                Art::Vector(Arc::new(shared))
            })
        }
        "png" => Ok(png(&bytes).map(|r| Art::Raster(Arc::new(r)))?),
        _ => Ok(jpeg(&bytes).map(|r| Art::Raster(Arc::new(r)))?),
    }
}

/// Where an SVG was read from: its images are named relative to its folder and must lie in
/// the game's folder.
struct Origin {
    file: PathBuf,
    shown: PathBuf,
    within: PathBuf,
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

/// The size in pixels of a PNG or JPEG, read from its header (nothing decoded).
fn dimensions(bytes: &[u8], is_png: bool) -> Result<(u32, u32), String> {
    if is_png {
        let reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .map_err(|e| format!("not a readable PNG: {e}"))?;
        Ok((reader.info().width, reader.info().height))
    } else {
        let mut dec = zune_jpeg::JpegDecoder::new(bytes);
        dec.decode_headers()
            .map_err(|e| format!("not a readable JPEG: {e:?}"))?;
        let (w, h) = dec.dimensions().ok_or("not a readable JPEG: no size")?;
        Ok((w as u32, h as u32))
    }
}

/// Most bytes of a PNG palette: 256 entries of 3 bytes (PNG 1.2, section 4.1.2).
const MAX_PALETTE: usize = 256 * 3;

/// Refuses a palette the PNG format forbids (more than 256 entries, or a length that is not a
/// whole number of entries): the png crate expands such a palette past its end and panics.
fn check_palette(info: &png::Info) -> Result<(), String> {
    match info.palette.as_deref() {
        Some(p) if p.len() > MAX_PALETTE || p.len() % 3 != 0 => Err(format!(
            "not a readable PNG: its palette (PLTE) is {} bytes; a palette is 3 bytes an entry, at most 256 entries",
            p.len()
        )),
        _ => Ok(()),
    }
}

/// Decodes a PNG into 8-bit RGB and alpha. The pixels are decoded once into one buffer and
/// packed to RGB in place: a 50-megapixel image holds its 4 bytes a pixel once, not twice.
pub fn png(bytes: &[u8]) -> Result<Raster, String> {
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
        png::ColorType::Indexed => return Err("an indexed PNG that could not be expanded".into()),
    };
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
/// Its images may only be `data:` URLs: an SVG read from a game's file goes through [`load`].
pub fn vector(bytes: &[u8]) -> Result<Scene, String> {
    vector_from(bytes, None).map_err(|e| e.to_string())
}

/// What the images of one SVG cost while it is converted: their decoded pixels, shared by every
/// use of the same file, and the pixels drawn, each use counted.
#[derive(Default)]
struct Images {
    decoded: HashMap<u64, Arc<Raster>>,
    drawn: u64,
    uses: u32,
}

impl Images {
    /// The pixels of an image drawn once more: counted against [`MAX_ART_PIXELS`] before
    /// anything is decoded, decoded on first use only. An unreadable image is left out, as
    /// before (None).
    fn raster(&mut self, data: &[u8], is_png: bool) -> Result<Option<Arc<Raster>>, String> {
        let Ok((w, h)) = dimensions(data, is_png) else {
            return Ok(None);
        };
        self.drawn = self
            .drawn
            .saturating_add(u64::from(w).saturating_mul(u64::from(h)));
        self.uses += 1;
        if self.drawn > MAX_ART_PIXELS {
            return Err(format!(
                "its images draw more than {} megapixels, each use counted ({} megapixels at use {} of an image, one of {w} × {h} pixels): draw them smaller, or fewer times",
                MAX_ART_PIXELS / 1_000_000,
                self.drawn / 1_000_000,
                self.uses
            ));
        }
        let hash = crate::scene::fnv(data);
        if let Some(r) = self.decoded.get(&hash).filter(|r| r.data == data) {
            return Ok(Some(r.clone()));
        }
        let decoded = if is_png { png(data) } else { jpeg(data) };
        let Ok(r) = decoded else { return Ok(None) };
        let r = Arc::new(r);
        self.decoded.insert(hash, r.clone());
        Ok(Some(r))
    }
}

/// [`vector`], the SVG's file hrefs resolved by the game's rule when `from` says where it is.
fn vector_from(bytes: &[u8], from: Option<&Origin>) -> Result<Scene, Refused> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        // usvg would inflate it without a limit.
        return Err(Refused::Here(
            "a compressed SVG (svgz): save it as plain SVG".into(),
        ));
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Refused::Here("not a readable SVG: it is not UTF-8 text".into()))?;
    let xml = usvg::roxmltree::ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_NODES,
    };
    let doc = usvg::roxmltree::Document::parse_with_options(text, xml)
        .map_err(|e| Refused::Here(format!("not a readable SVG: {e}")))?;
    let shown = from.map_or_else(|| PathBuf::from("(svg)"), |f| f.shown.clone());
    let place = |range: std::ops::Range<usize>, msg: String| {
        Refused::Inside(Box::new(Source::new(shown.clone(), text).error(range, msg)))
    };
    scan::budget(&doc, &place)?;
    let hrefs = scan::hrefs(&doc, from, &place)?;
    let refused: Mutex<Option<String>> = Mutex::new(None);
    let files: Mutex<HashMap<PathBuf, Arc<Vec<u8>>>> = Mutex::new(HashMap::new());
    let fontdb = crate::fonts::fontdb();
    let refuse = |why: String| {
        let mut r = refused.lock().unwrap_or_else(|e| e.into_inner());
        r.get_or_insert(why);
    };
    let sub = |data: &[u8]| -> Option<usvg::ImageKind> {
        match sub_svg(data, &fontdb) {
            Ok(t) => Some(usvg::ImageKind::SVG(t)),
            Err(e) => {
                refuse(format!("an SVG image inside: {e}"));
                None
            }
        }
    };
    let opt = usvg::Options {
        fontdb: fontdb.clone(),
        font_family: crate::fonts::FAMILY.to_string(),
        resources_dir: None,
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|mime, data, _| match mime {
                "image/png" | "image/jpeg" | "image/jpg" => Some(raster_kind(data)),
                "image/svg+xml" => sub(&data),
                // As usvg does: an untyped image is known by its first bytes.
                "text/plain" if data.starts_with(b"\x89PNG") || data.starts_with(b"\xff\xd8") => {
                    Some(raster_kind(data))
                }
                "text/plain" => sub(&data),
                _ => {
                    refuse(format!(
                        "an image of type `{mime}` inside: use PNG, JPEG or SVG"
                    ));
                    None
                }
            }),
            resolve_string: Box::new(|href, _| {
                // Every href was checked on the XML; one not found there is refused too.
                let Some(real) = hrefs.get(href) else {
                    refuse(format!(
                        "the image `{href}` inside is not a file of the game"
                    ));
                    return None;
                };
                let data = {
                    let mut files = files.lock().unwrap_or_else(|e| e.into_inner());
                    match files.get(real) {
                        Some(d) => d.clone(),
                        None => match crate::base::paths::read(real, MAX_BYTES) {
                            Ok(d) => {
                                let d = Arc::new(d);
                                files.insert(real.clone(), d.clone());
                                d
                            }
                            Err(e) => {
                                refuse(format!("the image `{href}` inside: {e}"));
                                return None;
                            }
                        },
                    }
                };
                if is_svg_name(real) {
                    sub(&data)
                } else {
                    Some(raster_kind(data))
                }
            }),
        },
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_xmltree(&doc, &opt)
        .map_err(|e| Refused::Here(format!("not a readable SVG: {e}")))?;
    drop(opt);
    if let Some(why) = refused.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(Refused::Here(why));
    }
    let size = tree.size();
    let mut scene = Scene::new(f64::from(size.width()), f64::from(size.height()));
    let mut shapes = 0;
    let mut images = Images::default();
    group(tree.root(), &mut scene, &mut shapes, &mut images, 1.0).map_err(Refused::Here)?;
    Ok(scene)
}

fn is_svg_name(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
}

/// A PNG or JPEG by its first bytes (converted to pixels later, once per file).
fn raster_kind(data: Arc<Vec<u8>>) -> usvg::ImageKind {
    if data.starts_with(b"\x89PNG") {
        usvg::ImageKind::PNG(data)
    } else {
        usvg::ImageKind::JPEG(data)
    }
}

/// An SVG drawn as an image inside another: the same budgets, no images of its own (as usvg
/// does), and never compressed.
fn sub_svg(data: &[u8], fontdb: &Arc<usvg::fontdb::Database>) -> Result<usvg::Tree, String> {
    if data.starts_with(&[0x1f, 0x8b]) {
        return Err("a compressed SVG (svgz): save it as plain SVG".into());
    }
    let text = std::str::from_utf8(data).map_err(|_| "not UTF-8 text".to_string())?;
    let xml = usvg::roxmltree::ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_NODES,
    };
    let doc = usvg::roxmltree::Document::parse_with_options(text, xml)
        .map_err(|e| format!("not a readable SVG: {e}"))?;
    scan::budget(&doc, &|_, msg| Refused::Here(msg)).map_err(|e| e.to_string())?;
    let opt = usvg::Options {
        fontdb: fontdb.clone(),
        font_family: crate::fonts::FAMILY.to_string(),
        resources_dir: None,
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    };
    usvg::Tree::from_xmltree(&doc, &opt).map_err(|e| format!("not a readable SVG: {e}"))
}

/// The checks made on an SVG's XML before usvg converts it: what converting costs is counted
/// there (segments, glyphs, `use` copies and markers included), and every image a file names
/// is resolved by the game's rule, each refusal placed at its attribute.
mod scan {
    use super::{Origin, Refused, MAX_BYTES, MAX_GLYPHS, MAX_SEGMENTS};
    use std::collections::HashMap;
    use std::ops::Range;
    use std::path::{Path, PathBuf};
    use usvg::roxmltree::{Document, Node, NodeId};

    const SVG_NS: &str = "http://www.w3.org/2000/svg";
    const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

    /// What drawing an element costs.
    #[derive(Debug, Clone, Copy, Default)]
    struct Cost {
        segments: u64,
        glyphs: u64,
    }

    impl Cost {
        fn add(self, o: Cost) -> Cost {
            Cost {
                segments: self.segments.saturating_add(o.segments),
                glyphs: self.glyphs.saturating_add(o.glyphs),
            }
        }
        fn times(self, n: u64) -> Cost {
            Cost {
                segments: self.segments.saturating_mul(n),
                glyphs: self.glyphs.saturating_mul(n),
            }
        }
        fn over(self) -> bool {
            self.segments > MAX_SEGMENTS || self.glyphs > MAX_GLYPHS
        }
    }

    fn href<'a>(n: Node<'a, '_>) -> Option<(&'a str, Range<usize>)> {
        n.attribute_node((XLINK_NS, "href"))
            .or_else(|| n.attribute_node("href"))
            .map(|a| (a.value(), a.range_value()))
    }

    struct Walk<'a, 'i> {
        ids: HashMap<&'a str, Node<'a, 'i>>,
        memo: HashMap<NodeId, Cost>,
        busy: Vec<NodeId>,
    }

    impl<'a, 'i> Walk<'a, 'i> {
        fn cost(&mut self, n: Node<'a, 'i>) -> Cost {
            if let Some(c) = self.memo.get(&n.id()) {
                return *c;
            }
            // A `use` that leads back to itself is drawn once by usvg (then skipped).
            if self.busy.contains(&n.id()) || self.busy.len() > 256 {
                return Cost::default();
            }
            self.busy.push(n.id());
            let c = self.own(n);
            self.busy.pop();
            self.memo.insert(n.id(), c);
            c
        }

        fn own(&mut self, n: Node<'a, 'i>) -> Cost {
            if !n.is_element() {
                return Cost::default();
            }
            let tag = n.tag_name();
            if tag.namespace() != Some(SVG_NS) {
                return Cost::default();
            }
            let segments = |s| Cost {
                segments: s,
                glyphs: 0,
            };
            match tag.name() {
                "path" => segments(path_segments(n.attribute("d").unwrap_or(""))),
                "polyline" | "polygon" => {
                    segments(numbers(n.attribute("points").unwrap_or("")) / 2 + 1)
                }
                "rect" | "circle" | "ellipse" | "line" => segments(10),
                "use" => match href(n).and_then(|(h, _)| h.strip_prefix('#')) {
                    Some(id) => match self.ids.get(id).copied() {
                        Some(target) => self.cost(target),
                        None => Cost::default(),
                    },
                    None => Cost::default(),
                },
                "text" => {
                    let chars: u64 = n
                        .descendants()
                        .filter(|d| d.is_text())
                        .map(|d| d.text().map_or(0, |t| t.chars().count() as u64))
                        .sum();
                    Cost {
                        segments: 0,
                        glyphs: chars,
                    }
                }
                _ => n
                    .children()
                    .fold(Cost::default(), |c, k| c.add(self.cost(k))),
            }
        }
    }

    /// Refuses an SVG whose drawing would pass a budget, at the deepest element that passes it
    /// alone (a long path, a `use` copied too often, a long text), else at the root.
    pub(super) fn budget(
        doc: &Document,
        place: &dyn Fn(Range<usize>, String) -> Refused,
    ) -> Result<(), Refused> {
        let mut w = Walk {
            ids: doc
                .descendants()
                .filter_map(|n| n.attribute("id").map(|id| (id, n)))
                .collect(),
            memo: HashMap::new(),
            busy: Vec::new(),
        };
        let root = doc.root_element();
        for n in doc
            .descendants()
            .filter(|n| n.has_tag_name((SVG_NS, "path")))
        {
            if let Some(v) = huge_number(n.attribute("d").unwrap_or("")) {
                return Err(place(
                    n.range(),
                    format!(
                        "this path names the number {v}; path data is limited to ±{MAX_COORDINATE:e} (an arc that large would be drawn as millions of curves)"
                    ),
                ));
            }
        }
        let mut total = w.cost(root);
        // A marker is drawn at every vertex of every path that names it: counted as if every
        // path did (an upper bound, cheap to find).
        let markers: Vec<Node> = doc
            .descendants()
            .filter(|n| n.has_tag_name((SVG_NS, "marker")))
            .collect();
        if !markers.is_empty() {
            let vertices = total.segments;
            for m in markers {
                total = total.add(w.cost(m).times(vertices));
            }
        }
        if !total.over() {
            return Ok(());
        }
        // The deepest element whose own cost passes the budget.
        let mut at = root;
        'down: loop {
            for k in at.children().filter(|k| k.is_element()) {
                if w.cost(k).over() {
                    at = k;
                    continue 'down;
                }
            }
            break;
        }
        let why = if total.segments > MAX_SEGMENTS {
            format!(
                "this SVG draws about {} path segments (copies by `use` and markers counted); the limit for an art file is {MAX_SEGMENTS}: simplify it",
                total.segments
            )
        } else {
            format!(
                "this SVG draws {} characters of text (copies by `use` counted); the limit for an art file is {MAX_GLYPHS}",
                total.glyphs
            )
        };
        Err(place(at.range(), why))
    }

    /// Every image a file names (not a `data:` URL) resolved by the game's rule relative to
    /// the SVG's folder: href as written -> real path. The first refused one is the error, at
    /// its attribute; without a file (an SVG given as bytes) any is refused.
    pub(super) fn hrefs(
        doc: &Document,
        from: Option<&Origin>,
        place: &dyn Fn(Range<usize>, String) -> Refused,
    ) -> Result<HashMap<String, PathBuf>, Refused> {
        let mut out = HashMap::new();
        for n in doc
            .descendants()
            .filter(|n| n.has_tag_name((SVG_NS, "image")))
        {
            let Some((h, range)) = href(n) else { continue };
            let h = h.trim();
            if h.starts_with("data:") || out.contains_key(h) {
                continue;
            }
            let resolved = match from {
                None => Err("an image named by a path, in an SVG read without its folder".into()),
                Some(f) if h.contains("://") || h.starts_with("file:") => {
                    let _ = f;
                    Err("a URL: ludopress reads no link; put the image in the game's folder and name it by its path".into())
                }
                Some(f) => {
                    let base = f.file.parent().unwrap_or(Path::new("."));
                    crate::base::paths::resolve(&f.within, base, Path::new(h), MAX_BYTES)
                }
            };
            match resolved {
                Ok(real) => {
                    out.insert(h.to_string(), real);
                }
                Err(why) => {
                    return Err(place(range, format!("image `{h}` refused: {why}")));
                }
            }
        }
        Ok(out)
    }

    /// Largest magnitude of a number in path data. An arc becomes about (11 r)^(1/6) curves a
    /// turn (kurbo, tolerance 0.1): 16 at most below this bound, millions near 1e38, so that a
    /// path of a few bytes cannot keep usvg busy for minutes.
    pub(super) const MAX_COORDINATE: f64 = 1e6;

    /// The first number of path data past [`MAX_COORDINATE`] (or not finite), as written.
    pub(super) fn huge_number(d: &str) -> Option<&str> {
        let b = d.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if !(c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'+')) {
                i += 1;
                continue;
            }
            let start = i;
            if matches!(c, b'-' | b'+') {
                i += 1;
            }
            let mut dot = false;
            while i < b.len() && (b[i].is_ascii_digit() || (b[i] == b'.' && !dot)) {
                dot |= b[i] == b'.';
                i += 1;
            }
            if i < b.len() && matches!(b[i], b'e' | b'E') {
                let mut j = i + 1;
                if j < b.len() && matches!(b[j], b'-' | b'+') {
                    j += 1;
                }
                if j < b.len() && b[j].is_ascii_digit() {
                    while j < b.len() && b[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            if i == start {
                i += 1;
                continue;
            }
            let token = &d[start..i];
            if let Ok(v) = token.parse::<f64>() {
                if !v.is_finite() || v.abs() > MAX_COORDINATE {
                    return Some(token);
                }
            }
        }
        None
    }

    /// Numbers in a list of coordinates (`1,2 3-4.5.5e1`).
    fn numbers(s: &str) -> u64 {
        let mut n = 0;
        let mut prev = b' ';
        let mut dot = false;
        for &b in s.as_bytes() {
            let digitish = b.is_ascii_digit() || b == b'.';
            let starts = match b {
                b'-' | b'+' => !matches!(prev, b'e' | b'E'),
                b'.' => dot || !(prev.is_ascii_digit() || prev == b'.'),
                b'0'..=b'9' => {
                    !(prev.is_ascii_digit()
                        || prev == b'.'
                        || matches!(prev, b'-' | b'+' | b'e' | b'E'))
                }
                _ => false,
            };
            if starts {
                n += 1;
                dot = false;
            }
            if b == b'.' {
                dot = true;
            } else if !digitish && !matches!(b, b'e' | b'E' | b'-' | b'+') {
                dot = false;
            }
            prev = b;
        }
        n
    }

    /// Segments of path data, about: each command's numbers over its arity (an arc may become
    /// four curves), a close one more.
    pub(super) fn path_segments(d: &str) -> u64 {
        let mut total: u64 = 0;
        let mut start = 0;
        let mut cmd = b'M';
        let bytes = d.as_bytes();
        let flush = |cmd: u8, part: &str| -> u64 {
            let arity = match cmd.to_ascii_uppercase() {
                b'Z' => return 1,
                b'H' | b'V' => 1,
                b'M' | b'L' | b'T' => 2,
                b'S' | b'Q' => 4,
                b'C' => 6,
                b'A' => 7,
                _ => return 0,
            };
            let k = numbers(part).div_ceil(arity);
            if cmd.eq_ignore_ascii_case(&b'A') {
                k * 4
            } else {
                k
            }
        };
        for (i, &b) in bytes.iter().enumerate() {
            if b.is_ascii_alphabetic() && !matches!(b, b'e' | b'E') {
                total = total.saturating_add(flush(cmd, &d[start..i]));
                cmd = b;
                start = i + 1;
            }
        }
        total.saturating_add(flush(cmd, &d[start..]))
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn huge_numbers_in_path_data_are_found() {
            assert_eq!(huge_number("M5 13.5 A3 3 0 0 0 8 16.1e38"), Some("16.1e38"));
            assert_eq!(huge_number("M0 0L1e7-2"), Some("1e7"));
            assert_eq!(huge_number("M-2000000.5.5 0"), Some("-2000000.5"));
            assert_eq!(huge_number("M5 13.5 A3 3 0 0 0 8 16.5e2 1e-40z"), None);
            assert_eq!(huge_number("M999999 -999999.9"), None);
        }

        #[test]
        fn path_data_and_coordinates_are_counted() {
            assert_eq!(numbers("1,2 3-4.5.5e-1 -6"), 6);
            assert_eq!(path_segments("M0 0L10 10 20 20Z"), 4);
            assert_eq!(path_segments("M0 0C1 1 2 2 3 3 4 4 5 5 6 6"), 3);
            assert_eq!(path_segments("M0 0h10v10h-10z"), 5);
            assert_eq!(path_segments("M0 0A5 5 0 0 1 10 10"), 5);
        }
    }
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
fn group(
    g: &usvg::Group,
    out: &mut Scene,
    shapes: &mut usize,
    images: &mut Images,
    opacity: f64,
) -> Result<(), String> {
    let opacity = opacity * f64::from(g.opacity().get());
    if opacity <= 0.0 {
        return Ok(());
    }
    if let Some(clip) = g.clip_path() {
        let mut inner = Scene::new(0.0, 0.0);
        children(g, &mut inner, shapes, images, opacity)?;
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
    children(g, out, shapes, images, opacity)
}

fn children(
    g: &usvg::Group,
    out: &mut Scene,
    shapes: &mut usize,
    images: &mut Images,
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
            usvg::Node::Group(g) => group(g, out, shapes, images, opacity)?,
            usvg::Node::Text(t) => group(t.flattened(), out, shapes, images, opacity)?,
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
                        let is_png = matches!(img.kind(), usvg::ImageKind::PNG(_));
                        let Some(r) = images.raster(d, is_png)? else {
                            continue;
                        };
                        let s = img.size();
                        inner.push(Item::Image(Image {
                            raster: r,
                            x: 0.0,
                            y: 0.0,
                            w: f64::from(s.width()),
                            h: f64::from(s.height()),
                        }));
                    }
                    // An SVG inside the SVG is drawn as vector too.
                    usvg::ImageKind::SVG(tree) => {
                        group(tree.root(), &mut inner, shapes, images, opacity)?
                    }
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
