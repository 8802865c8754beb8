//! The drawing model in the middle of the pipeline: a scene of primitives in millimetres.
//!
//! Every component, sheet and diagram is laid out once into a [`Scene`]; the SVG and PDF exporters
//! write that same scene (after [`Scene::flatten`]), so all outputs agree. Y grows downwards.

use crate::base::color::Color;
use crate::fonts::Face;

/// A point in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct P {
    /// Horizontal, to the right.
    pub x: f64,
    /// Vertical, downwards.
    pub y: f64,
}

/// Shorthand constructor for a point.
pub const fn p(x: f64, y: f64) -> P {
    P { x, y }
}

/// One segment of a path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    /// Starts a subpath.
    Move(P),
    /// Straight line.
    Line(P),
    /// Cubic Bézier: two control points and the end.
    Cubic(P, P, P),
    /// Closes the current subpath.
    Close,
}

/// How a path is outlined.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line colour.
    pub color: Color,
    /// Line width in mm.
    pub width: f64,
    /// Dash and gap lengths in mm, if dashed.
    pub dash: Option<(f64, f64)>,
}

impl Stroke {
    /// A solid stroke.
    pub fn solid(color: Color, width: f64) -> Stroke {
        Stroke {
            color,
            width,
            dash: None,
        }
    }
    /// A dashed stroke.
    pub fn dashed(color: Color, width: f64, dash: f64, gap: f64) -> Stroke {
        Stroke {
            color,
            width,
            dash: Some((dash, gap)),
        }
    }
}

/// A filled and/or stroked path.
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    /// The segments.
    pub segs: Vec<Seg>,
    /// Fill colour (non-zero winding unless `finish` says otherwise), if filled; under a
    /// gradient, the mean of its stops.
    pub fill: Option<Color>,
    /// Outline, if stroked.
    pub stroke: Option<Stroke>,
    /// What art adds to a plain path (opacity, the even-odd rule, a gradient), when it does.
    pub finish: Option<std::sync::Arc<Finish>>,
}

/// What an SVG drawing's path may add to a path of flat colours.
#[derive(Debug, Clone, PartialEq)]
pub struct Finish {
    /// Opacity of the fill, 0 to 1.
    pub fill_opacity: f64,
    /// Opacity of the outline, 0 to 1.
    pub stroke_opacity: f64,
    /// The fill's rule is even-odd (a hole where subpaths overlap) rather than non-zero.
    pub even_odd: bool,
    /// A gradient that fills the path (in place of `fill`).
    pub gradient: Option<Gradient>,
}

impl Finish {
    /// Whether the finish changes nothing.
    pub fn is_plain(&self) -> bool {
        self.fill_opacity >= 1.0
            && self.stroke_opacity >= 1.0
            && !self.even_odd
            && self.gradient.is_none()
    }
}

/// A linear or radial gradient, padded beyond its ends.
#[derive(Debug, Clone, PartialEq)]
pub struct Gradient {
    /// Its geometry, in the gradient's own coordinates.
    pub shape: GradientShape,
    /// Colour stops: offset (0 to 1, ascending) and colour.
    pub stops: Vec<(f64, Color)>,
    /// From the gradient's coordinates to the path's.
    pub transform: Affine,
}

/// Where a gradient runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GradientShape {
    /// From (x1, y1) at offset 0 to (x2, y2) at offset 1.
    Linear {
        /// Start.
        x1: f64,
        /// Start.
        y1: f64,
        /// End.
        x2: f64,
        /// End.
        y2: f64,
    },
    /// From the focal point (fx, fy) at offset 0 to the circle of centre (cx, cy) and radius r.
    Radial {
        /// Centre of the end circle.
        cx: f64,
        /// Centre of the end circle.
        cy: f64,
        /// Radius of the end circle.
        r: f64,
        /// Focal point.
        fx: f64,
        /// Focal point.
        fy: f64,
    },
}

impl Gradient {
    /// A name drawn from the gradient's geometry and stops (not its transform): the same
    /// gradient drawn in several places is one resource.
    pub fn key(&self) -> String {
        let mut text = format!("{:?}", self.shape);
        for (o, c) in &self.stops {
            text.push_str(&format!(" {o} {c}"));
        }
        format!("{:016x}", fnv(text.as_bytes()))
    }
}

/// Horizontal alignment of a text run on its anchor point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The run starts at x.
    Start,
    /// The run is centred on x.
    Middle,
    /// The run ends at x.
    End,
}

/// A run of text on one baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRun {
    /// Anchor point x, mm.
    pub x: f64,
    /// Baseline y, mm.
    pub y: f64,
    /// Font size in points.
    pub size: f64,
    /// Font face.
    pub face: Face,
    /// Text colour.
    pub color: Color,
    /// Alignment on x.
    pub anchor: Anchor,
    /// The text.
    pub text: String,
}

/// An affine transform `x' = a x + c y + e`, `y' = b x + d y + f`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Affine {
    /// Matrix coefficients.
    pub a: f64,
    /// Matrix coefficients.
    pub b: f64,
    /// Matrix coefficients.
    pub c: f64,
    /// Matrix coefficients.
    pub d: f64,
    /// Translation x.
    pub e: f64,
    /// Translation y.
    pub f: f64,
}

impl Affine {
    /// The identity.
    pub const IDENTITY: Affine = Affine {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        e: 0.0,
        f: 0.0,
    };
    /// A translation.
    pub fn translate(x: f64, y: f64) -> Affine {
        Affine {
            e: x,
            f: y,
            ..Affine::IDENTITY
        }
    }
    /// A uniform scale about the origin.
    pub fn scale(s: f64) -> Affine {
        Affine {
            a: s,
            d: s,
            ..Affine::IDENTITY
        }
    }
    /// A rotation by `deg` degrees (clockwise on screen, since y grows down).
    pub fn rotate(deg: f64) -> Affine {
        let (s, c) = deg.to_radians().sin_cos();
        Affine {
            a: c,
            b: s,
            c: -s,
            d: c,
            e: 0.0,
            f: 0.0,
        }
    }
    /// `self` applied after `inner`.
    pub fn then(self, outer: Affine) -> Affine {
        Affine {
            a: outer.a * self.a + outer.c * self.b,
            b: outer.b * self.a + outer.d * self.b,
            c: outer.a * self.c + outer.c * self.d,
            d: outer.b * self.c + outer.d * self.d,
            e: outer.a * self.e + outer.c * self.f + outer.e,
            f: outer.b * self.e + outer.d * self.f + outer.f,
        }
    }
    /// Applies to a point.
    pub fn apply(&self, q: P) -> P {
        p(
            self.a * q.x + self.c * q.y + self.e,
            self.b * q.x + self.d * q.y + self.f,
        )
    }
    /// The length scale factor (for line widths and font sizes).
    pub fn scale_factor(&self) -> f64 {
        (self.a * self.d - self.b * self.c).abs().sqrt()
    }
    /// The rotation angle in degrees.
    pub fn angle(&self) -> f64 {
        self.b.atan2(self.a).to_degrees()
    }
}

/// A group of items under a transform, optionally clipped to a shape of its own coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// Transform from the group's coordinates to its parent's.
    pub transform: Affine,
    /// Clip outline (closed subpaths, non-zero winding) in the group's coordinates.
    pub clip: Option<Vec<Seg>>,
    /// Children, shared: art drawn on 500 cards is held once.
    pub items: std::sync::Arc<Vec<Item>>,
}

/// A raster image's pixels, shared by every place it is drawn: each file is embedded once.
#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    /// A name unique to the pixels (a hash of the file), for resources and deduplication.
    pub key: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// RGB samples, 3 bytes a pixel, row by row.
    pub rgb: Vec<u8>,
    /// Alpha samples, a byte a pixel, when the image has transparency.
    pub alpha: Option<Vec<u8>>,
    /// The file itself (PNG or JPEG), written into SVG output as it was read.
    pub data: Vec<u8>,
    /// Its media type: `image/png` or `image/jpeg`.
    pub mime: &'static str,
}

/// A raster image drawn in the rectangle `(x, y, w, h)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    /// The pixels.
    pub raster: std::sync::Arc<Raster>,
    /// Left, mm.
    pub x: f64,
    /// Top, mm.
    pub y: f64,
    /// Width, mm.
    pub w: f64,
    /// Height, mm.
    pub h: f64,
}

/// One drawable.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A path.
    Path(Path),
    /// A text run.
    Text(TextRun),
    /// A raster image.
    Image(Image),
    /// A group.
    Group(Group),
}

/// A drawing of a given size in millimetres.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// Width, mm.
    pub width: f64,
    /// Height, mm.
    pub height: f64,
    /// Items, painted in order.
    pub items: Vec<Item>,
}

/// A primitive after flattening: absolute coordinates, anchors resolved.
#[derive(Debug, Clone, PartialEq)]
pub enum Flat {
    /// A path in page coordinates.
    Path(Path),
    /// A text run at its start point; `angle` in degrees.
    Text(TextRun, f64),
    /// A raster image: the unit square's image under the transform (page coordinates, y down;
    /// (0, 0) is the image's top-left corner).
    Image(std::sync::Arc<Raster>, Affine),
    /// Starts clipping to an outline in page coordinates (until the matching pop).
    PushClip(Vec<Seg>),
    /// Ends the innermost clip.
    PopClip,
}

impl Scene {
    /// An empty scene.
    pub fn new(width: f64, height: f64) -> Scene {
        Scene {
            width,
            height,
            items: Vec::new(),
        }
    }

    /// Adds an item.
    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// Adds a path.
    pub fn path(&mut self, segs: Vec<Seg>, fill: Option<Color>, stroke: Option<Stroke>) {
        self.items.push(Item::Path(Path {
            segs,
            fill,
            stroke,
            finish: None,
        }));
    }

    /// Adds a path with a finish (opacity, even-odd, gradient); a plain finish is dropped.
    pub fn finished_path(
        &mut self,
        segs: Vec<Seg>,
        fill: Option<Color>,
        stroke: Option<Stroke>,
        finish: Finish,
    ) {
        let finish = (!finish.is_plain()).then(|| std::sync::Arc::new(finish));
        self.items.push(Item::Path(Path {
            segs,
            fill,
            stroke,
            finish,
        }));
    }

    /// Adds a text run.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        face: Face,
        color: Color,
        anchor: Anchor,
        text: &str,
    ) {
        self.items.push(Item::Text(TextRun {
            x,
            y,
            size,
            face,
            color,
            anchor,
            text: text.to_string(),
        }));
    }

    /// Adds a cross (two strokes) of half-width `d` centred on `c`.
    pub fn cross(&mut self, c: P, d: f64, stroke: Option<Stroke>) {
        self.path(
            shape::line(p(c.x - d, c.y - d), p(c.x + d, c.y + d)),
            None,
            stroke,
        );
        self.path(
            shape::line(p(c.x - d, c.y + d), p(c.x + d, c.y - d)),
            None,
            stroke,
        );
    }

    /// The same drawing as one group: copies of it share its items (a card placed a hundred
    /// times, or held by a sheet and a component file, is in memory once).
    pub fn shared(self) -> Scene {
        let mut out = Scene::new(self.width, self.height);
        if self.items.len() == 1 && matches!(self.items[0], Item::Group(_)) {
            out.items = self.items;
        } else {
            out.place(self, Affine::IDENTITY, None);
        }
        out
    }

    /// Adds another scene's items under a transform and optional clip rectangle.
    pub fn place(&mut self, other: Scene, transform: Affine, clip: Option<(f64, f64, f64, f64)>) {
        self.place_clipped(
            other,
            transform,
            clip.map(|(x, y, w, h)| shape::rect(x, y, w, h)),
        );
    }

    /// Adds another scene's items under a transform, clipped to an outline of their coordinates.
    pub fn place_clipped(&mut self, other: Scene, transform: Affine, clip: Option<Vec<Seg>>) {
        self.items.push(Item::Group(Group {
            transform,
            clip,
            items: std::sync::Arc::new(other.items),
        }));
    }

    /// The scene with every text at least `min_pt` points once the scene is drawn at `scale`
    /// (a diagram reduced on a page keeps its labels readable).
    pub fn with_min_text(&self, scale: f64, min_pt: f64) -> Scene {
        fn walk(items: &[Item], scale: f64, min_pt: f64) -> Vec<Item> {
            items
                .iter()
                .map(|it| match it {
                    Item::Text(t) if t.size * scale < min_pt => Item::Text(TextRun {
                        size: min_pt / scale,
                        ..t.clone()
                    }),
                    Item::Group(g) => {
                        let k = scale * g.transform.scale_factor();
                        Item::Group(Group {
                            items: std::sync::Arc::new(walk(&g.items, k, min_pt)),
                            ..g.clone()
                        })
                    }
                    other => other.clone(),
                })
                .collect()
        }
        Scene {
            items: walk(&self.items, scale, min_pt),
            ..self.clone()
        }
    }

    /// Hands `f` every text run of the scene, in paint order; a group shared by several
    /// places (a card placed a hundred times, or on a sheet and in its own file) is walked
    /// once for all the scenes `seen` was given, which hold the groups by address (the caller
    /// keeps those scenes alive while it is used).
    pub fn texts(&self, seen: &mut std::collections::HashSet<usize>, f: &mut dyn FnMut(&TextRun)) {
        fn walk(
            items: &[Item],
            seen: &mut std::collections::HashSet<usize>,
            f: &mut dyn FnMut(&TextRun),
        ) {
            for item in items {
                match item {
                    Item::Text(run) => f(run),
                    Item::Group(g) => {
                        if seen.insert(std::sync::Arc::as_ptr(&g.items) as usize) {
                            walk(&g.items, seen, f);
                        }
                    }
                    Item::Path(_) | Item::Image(_) => {}
                }
            }
        }
        walk(&self.items, seen, f);
    }

    /// Resolves groups and anchors into absolute primitives, in paint order.
    pub fn flatten(&self) -> Vec<Flat> {
        let mut out = Vec::new();
        flatten_items(&self.items, Affine::IDENTITY, &mut out);
        out
    }
}

/// Segments under a transform.
pub fn transform_segs(segs: &[Seg], t: Affine) -> Vec<Seg> {
    segs.iter()
        .map(|seg| match *seg {
            Seg::Move(a) => Seg::Move(t.apply(a)),
            Seg::Line(a) => Seg::Line(t.apply(a)),
            Seg::Cubic(a, b, c) => Seg::Cubic(t.apply(a), t.apply(b), t.apply(c)),
            Seg::Close => Seg::Close,
        })
        .collect()
}

fn flatten_items(items: &[Item], t: Affine, out: &mut Vec<Flat>) {
    let s = t.scale_factor();
    for item in items {
        match item {
            Item::Path(path) => {
                let segs = transform_segs(&path.segs, t);
                let stroke = path.stroke.map(|st| Stroke {
                    width: st.width * s,
                    dash: st.dash.map(|(a, b)| (a * s, b * s)),
                    ..st
                });
                // A gradient follows the path: its transform gains the path's.
                let finish = match &path.finish {
                    Some(f) if f.gradient.is_some() && t != Affine::IDENTITY => {
                        let mut g = (**f).clone();
                        if let Some(gr) = &mut g.gradient {
                            gr.transform = gr.transform.then(t);
                        }
                        Some(std::sync::Arc::new(g))
                    }
                    other => other.clone(),
                };
                out.push(Flat::Path(Path {
                    segs,
                    fill: path.fill,
                    stroke,
                    finish,
                }));
            }
            Item::Text(run) => {
                let w = run.face.width_mm(&run.text, run.size);
                let dx = match run.anchor {
                    Anchor::Start => 0.0,
                    Anchor::Middle => -w / 2.0,
                    Anchor::End => -w,
                };
                let q = t.apply(p(run.x + dx, run.y));
                out.push(Flat::Text(
                    TextRun {
                        x: q.x,
                        y: q.y,
                        size: run.size * s,
                        anchor: Anchor::Start,
                        ..run.clone()
                    },
                    t.angle(),
                ));
            }
            Item::Image(img) => {
                let unit = Affine {
                    a: img.w,
                    b: 0.0,
                    c: 0.0,
                    d: img.h,
                    e: img.x,
                    f: img.y,
                };
                out.push(Flat::Image(img.raster.clone(), unit.then(t)));
            }
            Item::Group(g) => {
                let inner = g.transform.then(t);
                if let Some(clip) = &g.clip {
                    out.push(Flat::PushClip(transform_segs(clip, inner)));
                    flatten_items(&g.items, inner, out);
                    out.push(Flat::PopClip);
                } else {
                    flatten_items(&g.items, inner, out);
                }
            }
        }
    }
}

/// Path builders.
pub mod shape {
    use super::{p, Seg, P};

    /// Kappa for a quarter circle as one cubic.
    const K: f64 = 0.552_284_749_831;

    /// A rectangle.
    pub fn rect(x: f64, y: f64, w: f64, h: f64) -> Vec<Seg> {
        polygon(&[p(x, y), p(x + w, y), p(x + w, y + h), p(x, y + h)])
    }

    /// A closed polygon.
    pub fn polygon(pts: &[P]) -> Vec<Seg> {
        let mut v = Vec::with_capacity(pts.len() + 1);
        for (i, &q) in pts.iter().enumerate() {
            v.push(if i == 0 { Seg::Move(q) } else { Seg::Line(q) });
        }
        v.push(Seg::Close);
        v
    }

    /// An open polyline.
    pub fn polyline(pts: &[P]) -> Vec<Seg> {
        pts.iter()
            .enumerate()
            .map(|(i, &q)| if i == 0 { Seg::Move(q) } else { Seg::Line(q) })
            .collect()
    }

    /// A straight line.
    pub fn line(a: P, b: P) -> Vec<Seg> {
        vec![Seg::Move(a), Seg::Line(b)]
    }

    /// A circle as four cubics.
    pub fn circle(c: P, r: f64) -> Vec<Seg> {
        ellipse(c, r, r)
    }

    /// An axis-aligned ellipse as four cubics.
    pub fn ellipse(c: P, rx: f64, ry: f64) -> Vec<Seg> {
        let (kx, ky) = (rx * K, ry * K);
        vec![
            Seg::Move(p(c.x + rx, c.y)),
            Seg::Cubic(
                p(c.x + rx, c.y + ky),
                p(c.x + kx, c.y + ry),
                p(c.x, c.y + ry),
            ),
            Seg::Cubic(
                p(c.x - kx, c.y + ry),
                p(c.x - rx, c.y + ky),
                p(c.x - rx, c.y),
            ),
            Seg::Cubic(
                p(c.x - rx, c.y - ky),
                p(c.x - kx, c.y - ry),
                p(c.x, c.y - ry),
            ),
            Seg::Cubic(
                p(c.x + kx, c.y - ry),
                p(c.x + rx, c.y - ky),
                p(c.x + rx, c.y),
            ),
            Seg::Close,
        ]
    }

    /// A rectangle with rounded corners of radius `r`.
    pub fn rounded_rect(x: f64, y: f64, w: f64, h: f64, r: f64) -> Vec<Seg> {
        let r = r.min(w / 2.0).min(h / 2.0);
        if r <= 0.0 {
            return rect(x, y, w, h);
        }
        let k = r * (1.0 - K);
        vec![
            Seg::Move(p(x + r, y)),
            Seg::Line(p(x + w - r, y)),
            Seg::Cubic(p(x + w - k, y), p(x + w, y + k), p(x + w, y + r)),
            Seg::Line(p(x + w, y + h - r)),
            Seg::Cubic(
                p(x + w, y + h - k),
                p(x + w - k, y + h),
                p(x + w - r, y + h),
            ),
            Seg::Line(p(x + r, y + h)),
            Seg::Cubic(p(x + k, y + h), p(x, y + h - k), p(x, y + h - r)),
            Seg::Line(p(x, y + r)),
            Seg::Cubic(p(x, y + k), p(x + k, y), p(x + r, y)),
            Seg::Close,
        ]
    }

    /// A regular polygon with `n` corners, the first one straight up.
    pub fn regular(c: P, r: f64, n: usize, rotation_deg: f64) -> Vec<Seg> {
        let pts: Vec<P> = (0..n)
            .map(|i| {
                let a = (rotation_deg - 90.0 + 360.0 * i as f64 / n as f64).to_radians();
                p(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect();
        polygon(&pts)
    }

    /// A five-pointed star.
    pub fn star(c: P, r: f64) -> Vec<Seg> {
        let pts: Vec<P> = (0..10)
            .map(|i| {
                let rr = if i % 2 == 0 { r } else { r * 0.45 };
                let a = (-90.0 + 36.0 * i as f64).to_radians();
                p(c.x + rr * a.cos(), c.y + rr * a.sin())
            })
            .collect();
        polygon(&pts)
    }

    /// An arrow from `a` through `via` to `b`, with a head of length `head` at `b`. Returns the shaft
    /// (to stroke) and the head (to fill).
    pub fn arrow(pts: &[P], head: f64) -> (Vec<Seg>, Vec<Seg>) {
        let n = pts.len();
        let (a, b) = (pts[n - 2], pts[n - 1]);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let base = p(b.x - ux * head, b.y - uy * head);
        let mut shaft_pts = pts.to_vec();
        shaft_pts[n - 1] = p(b.x - ux * head * 0.8, b.y - uy * head * 0.8);
        let w = head * 0.45;
        let headp = polygon(&[
            b,
            p(base.x - uy * w, base.y + ux * w),
            p(base.x + uy * w, base.y - ux * w),
        ]);
        (polyline(&shaft_pts), headp)
    }
}

/// Formats a number at fixed precision (3 decimals, trailing zeros removed), for stable output.
pub fn num(v: f64) -> String {
    num_at(v, 3)
}

/// Formats a number with at most `decimals` decimals, trailing zeros removed.
pub fn num_at(v: f64, decimals: i32) -> String {
    let k = 10f64.powi(decimals);
    let r = (v * k).round() / k;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.*}", decimals as usize);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

pub use crate::base::hash::fnv;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn num_is_fixed_precision() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(12.34567), "12.346");
    }

    #[test]
    fn flatten_applies_nested_transforms_and_anchor() {
        let mut inner = Scene::new(10.0, 10.0);
        inner.path(shape::rect(0.0, 0.0, 1.0, 1.0), Some(Color::BLACK), None);
        inner.text(
            5.0,
            5.0,
            10.0,
            Face::Regular,
            Color::BLACK,
            Anchor::Middle,
            "ab",
        );
        let mut outer = Scene::new(100.0, 100.0);
        outer.place(
            inner,
            Affine::scale(2.0).then(Affine::translate(10.0, 20.0)),
            Some((0.0, 0.0, 10.0, 10.0)),
        );
        let flat = outer.flatten();
        assert!(matches!(&flat[0], Flat::PushClip(segs) if segs[2] == Seg::Line(p(30.0, 40.0))));
        match &flat[1] {
            Flat::Path(path) => assert_eq!(path.segs[2], Seg::Line(p(12.0, 22.0))),
            other => panic!("{other:?}"),
        }
        match &flat[2] {
            Flat::Text(run, _) => {
                let w = Face::Regular.width_mm("ab", 10.0);
                assert!((run.x - (20.0 - w)).abs() < 1e-9, "{}", run.x);
                assert_eq!(run.size, 20.0);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(flat[3], Flat::PopClip);
    }
}
