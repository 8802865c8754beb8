//! SVG art into the project's own scene: usvg parses and resolves the document (its images read
//! under the game's file rule, their pixels counted), then its tree becomes paths, groups, clips
//! and images in the SVG's own units. In: an SVG's bytes; out: a [`Scene`] or why it is refused.

use super::raster::{dimensions, jpeg, png};
use super::{
    past_build_budget, scan, Origin, Refused, MAX_ART_PIXELS, MAX_BUILD_PIXELS, MAX_BYTES,
    MAX_NODES, MAX_SHAPES,
};
use crate::base::color::Color;
use crate::base::diag::Source;
use crate::scene::{
    Affine, Finish, Gradient, GradientShape, Image, Item, Raster, Scene, Seg, Stroke, P,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Reads an SVG into a scene of its own units: paths with their fills and strokes, opacity,
/// fill rules and gradients, clip paths, text as outlines, embedded PNG, JPEG and SVG images.
/// Its images may only be `data:` URLs: an SVG read from a game's file goes through [`super::load`].
pub fn vector(bytes: &[u8]) -> Result<Scene, Refused> {
    vector_from(bytes, None, MAX_BUILD_PIXELS)
}

/// What the images of one SVG cost while it is converted: their decoded pixels, shared by every
/// use of the same file, and the pixels drawn, each use counted.
struct Images {
    decoded: HashMap<u64, Arc<Raster>>,
    drawn: u64,
    uses: u32,
    /// The pixels the build may still decode ([`MAX_BUILD_PIXELS`]).
    room: u64,
}

impl Images {
    /// The pixels of an image drawn once more: counted against [`MAX_ART_PIXELS`] before
    /// anything is decoded, decoded on first use only. An unreadable image is left out, as
    /// before (None).
    fn raster(&mut self, data: &[u8], is_png: bool) -> Result<Option<Arc<Raster>>, Refused> {
        let Ok((w, h)) = dimensions(data, is_png) else {
            return Ok(None);
        };
        self.drawn = self
            .drawn
            .saturating_add(u64::from(w).saturating_mul(u64::from(h)));
        self.uses += 1;
        if self.drawn > MAX_ART_PIXELS {
            return Err(Refused::Here(format!(
                "its images draw more than {} megapixels, each use counted ({} megapixels at use {} of an image, one of {w} × {h} pixels): draw them smaller, or fewer times",
                MAX_ART_PIXELS / 1_000_000,
                self.drawn / 1_000_000,
                self.uses
            )));
        }
        let hash = crate::scene::fnv(data);
        if let Some(r) = self.decoded.get(&hash).filter(|r| r.data == data) {
            return Ok(Some(r.clone()));
        }
        let n = u64::from(w) * u64::from(h);
        if n > self.room {
            return Err(Refused::Here(format!(
                "an image inside, of {w} × {h} pixels: {}",
                past_build_budget(n, self.room)
            )));
        }
        self.room -= n;
        let decoded = if is_png { png(data) } else { jpeg(data) };
        let Ok(r) = decoded else { return Ok(None) };
        let r = Arc::new(r);
        self.decoded.insert(hash, r.clone());
        Ok(Some(r))
    }
}

/// [`vector`], the SVG's file hrefs resolved by the game's rule when `from` says where it is.
/// `room`: the pixels the build may still decode, for the images the SVG names.
pub(super) fn vector_from(
    bytes: &[u8],
    from: Option<&Origin>,
    room: u64,
) -> Result<Scene, Refused> {
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
    let mut images = Images {
        decoded: HashMap::new(),
        drawn: 0,
        uses: 0,
        room,
    };
    group(tree.root(), &mut scene, &mut shapes, &mut images, 1.0)?;
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
fn sub_svg(data: &[u8], fontdb: &Arc<usvg::fontdb::Database>) -> Result<usvg::Tree, Refused> {
    if data.starts_with(&[0x1f, 0x8b]) {
        return Err(Refused::Here(
            "a compressed SVG (svgz): save it as plain SVG".into(),
        ));
    }
    let text = std::str::from_utf8(data).map_err(|_| "not UTF-8 text".to_string())?;
    let xml = usvg::roxmltree::ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_NODES,
    };
    let doc = usvg::roxmltree::Document::parse_with_options(text, xml)
        .map_err(|e| format!("not a readable SVG: {e}"))?;
    scan::budget(&doc, &|_, msg| Refused::Here(msg))?;
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
    usvg::Tree::from_xmltree(&doc, &opt)
        .map_err(|e| Refused::Here(format!("not a readable SVG: {e}")))
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
) -> Result<(), Refused> {
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
) -> Result<(), Refused> {
    for node in g.children() {
        *shapes += 1;
        if *shapes > MAX_SHAPES {
            return Err(Refused::Here(format!(
                "the SVG draws more than {MAX_SHAPES} shapes; simplify it"
            )));
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
