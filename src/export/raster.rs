//! Scenes drawn straight to pixels with tiny-skia, for previews and image exports.
//!
//! The SVG route (write the SVG, parse it with usvg, render with resvg) costs a parse of every
//! embedded image and, for every clipped group, a layer as large as the group's content: a card
//! back whose pattern runs past its edges gets a layer the size of the whole sheet. Here each clip
//! is a coverage mask and nothing is parsed: paths, text, images and gradients are drawn as the
//! PDF export draws them, glyph by glyph with the font's advances, so a preview shows what prints.

use crate::base::diag::Error;
use crate::base::units::Pt;
use crate::fonts::Face;
use crate::scene::{Affine, Flat, GradientShape, Raster, Scene, Seg};
use resvg::tiny_skia::{self as sk, Mask, Pixmap, Transform};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A clip in force: its outline, the box it can show (page mm, within its parents'), whether
/// it is that box exactly (an axis-aligned rectangle), and its coverage mask with its parents',
/// made only when something drawn crosses its edge.
struct Clip {
    outline: Option<sk::Path>,
    shown: Box2,
    rect: bool,
    mask: Option<Mask>,
}

/// Draws `scene` on a white canvas of `px` pixels, `k` pixels per millimetre on each axis.
pub fn draw(scene: &Scene, px: (u32, u32), k: (f64, f64)) -> Result<Pixmap, Error> {
    let mut canvas =
        Pixmap::new(px.0.max(1), px.1.max(1)).ok_or_else(|| Error::system("image too large"))?;
    canvas.fill(sk::Color::WHITE);
    let base = Transform::from_scale(k.0 as f32, k.1 as f32);
    // A pixel, mm: what anti-aliasing may add around a shape.
    let pixel = 1.0 / k.0.min(k.1).max(1e-9);
    let page = Box2::new(0.0, 0.0, scene.width, scene.height);
    let mut clips: Vec<Clip> = Vec::new();
    for mut f in merged(scene.flatten()) {
        let shown = clips.last().map_or(page, |c| c.shown);
        // Thin separate lines within rectangles (a card back's hatching) are cut to them
        // exactly: their ends then differ from the clipped ones by less than a pixel, and no
        // mask is needed.
        let mut cut = false;
        if let Flat::Path(p) = &mut f {
            let thin = p.fill.is_none()
                && p.stroke
                    .is_some_and(|s| s.dash.is_none() && s.width * k.0.max(k.1) <= 2.0);
            if thin && !clips.is_empty() && clips.iter().all(|c| c.rect) {
                if let Some(segs) = cut_lines(&p.segs, shown) {
                    p.segs = segs;
                    cut = true;
                }
            }
        }
        // A path's own box, and what the item may cover, when known (a turned text is not
        // measured).
        let extent = match &f {
            Flat::Path(p) => match Box2::of(&p.segs) {
                Some(b) => Some(b),
                None => continue,
            },
            _ => None,
        };
        let bounds = match &f {
            Flat::Path(p) => {
                extent.map(|b| b.grown(p.stroke.map_or(0.0, |s| s.width / 2.0) + pixel))
            }
            Flat::Text(run, angle) if angle.abs() <= 1e-6 => {
                // Flattened, a run starts at its point.
                let size = Pt(run.size).in_mm();
                let w = run.face.width_mm(&run.text, run.size);
                Some(Box2::new(run.x, run.y - size, run.x + w, run.y + 0.4 * size).grown(pixel))
            }
            Flat::Text(..) => None,
            Flat::Image(_, t) => {
                let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
                    .map(|(x, y)| Seg::Line(t.apply(crate::scene::p(x, y))));
                Box2::of(&corners).map(|b| b.grown(pixel))
            }
            Flat::PushClip(_) | Flat::PopClip => None,
        };
        // (Clips themselves always count: their pops must match.)
        if bounds.is_some_and(|b| !b.meets(shown)) {
            continue;
        }
        // The innermost clip whose edge the item may cross: rectangles that hold it whole
        // change nothing and need no mask.
        let need = clips
            .iter()
            .rposition(|c| !(c.rect && (cut || bounds.is_some_and(|b| c.shown.holds(b)))));
        if let Some(i) = need {
            make_mask(&mut clips, i, &canvas, base)?;
        }
        let mask = need.and_then(|i| clips[i].mask.as_ref());
        match f {
            Flat::Path(p) => {
                if let Some(extent) = extent {
                    draw_path(&mut canvas, &p, extent, base, mask, shown);
                }
            }
            Flat::Text(run, angle) => {
                let size = Pt(run.size).in_mm();
                let at = Transform::from_translate(run.x as f32, run.y as f32);
                let turn = if angle.abs() > 1e-6 {
                    Transform::from_rotate_at(angle as f32, run.x as f32, run.y as f32)
                } else {
                    Transform::identity()
                };
                let t = base.pre_concat(turn).pre_concat(at);
                let mut paint = sk::Paint::default();
                paint.set_color_rgba8(run.color.r, run.color.g, run.color.b, 255);
                paint.anti_alias = true;
                // Upright text at an even scale is drawn from glyph images made once per
                // size, colour and quarter-pixel position.
                let upright = angle.abs() <= 1e-6 && (k.0 - k.1).abs() < 1e-9;
                GLYPHS.with(|g| {
                    let mut g = g.borrow_mut();
                    let mut x = 0.0;
                    for c in run.text.chars() {
                        let (outline, advance, upem) = g.glyph(run.face, c);
                        let s = (size / upem) as f32;
                        if let Some(path) = outline {
                            if upright {
                                let (px, py) = ((run.x + x) * k.0, run.y * k.1);
                                let key = GlyphKey {
                                    face: run.face,
                                    c,
                                    size: (size * k.0 * 64.0).round() as u32,
                                    color: run.color,
                                    sub: (
                                        ((px - px.floor()) * 4.0) as u8,
                                        ((py - py.floor()) * 4.0) as u8,
                                    ),
                                };
                                if let Some((img, dx, dy)) = g.image(key, &path, upem) {
                                    canvas.draw_pixmap(
                                        px.floor() as i32 + dx,
                                        py.floor() as i32 + dy,
                                        img.as_ref().as_ref(),
                                        &sk::PixmapPaint::default(),
                                        Transform::identity(),
                                        mask,
                                    );
                                }
                            } else {
                                let gt = t.pre_translate(x as f32, 0.0).pre_scale(s, -s);
                                canvas.fill_path(&path, &paint, sk::FillRule::Winding, gt, mask);
                            }
                        }
                        x += advance * size / upem;
                    }
                });
            }
            Flat::Image(raster, t) => {
                let img = image(&raster);
                let (w, h) = (raster.width.max(1) as f32, raster.height.max(1) as f32);
                let t = base.pre_concat(affine(t)).pre_scale(1.0 / w, 1.0 / h);
                let paint = sk::PixmapPaint {
                    quality: sk::FilterQuality::Bicubic,
                    ..Default::default()
                };
                canvas.draw_pixmap(0, 0, img.as_ref().as_ref(), &paint, t, mask);
            }
            Flat::PushClip(segs) => {
                let outline = path(&segs);
                let b = Box2::of(&segs);
                let rect = b.is_some_and(|b| is_box(&segs, b));
                clips.push(Clip {
                    shown: b.map_or(Box2::EMPTY, |b| b.and(shown)),
                    outline,
                    rect,
                    mask: None,
                });
            }
            Flat::PopClip => {
                clips.pop();
            }
        }
    }
    Ok(canvas)
}

/// The flattened scene with each run of lines stroked alike (no fill, no finish) joined into one
/// path: stroking them together draws the same lines at a fraction of the cost.
fn merged(flat: Vec<Flat>) -> Vec<Flat> {
    let mut out: Vec<Flat> = Vec::with_capacity(flat.len());
    for f in flat {
        if let (Some(Flat::Path(last)), Flat::Path(p)) = (out.last_mut(), &f) {
            let plain = |q: &crate::scene::Path| q.fill.is_none() && q.finish.is_none();
            if plain(last) && plain(p) && last.stroke == p.stroke && p.stroke.is_some() {
                last.segs.extend_from_slice(&p.segs);
                continue;
            }
        }
        out.push(f);
    }
    out
}

/// Makes the mask of clip `i` (with every clip around it) if it is not made yet.
fn make_mask(clips: &mut [Clip], i: usize, canvas: &Pixmap, base: Transform) -> Result<(), Error> {
    if clips[i].mask.is_none() {
        let parent = match i.checked_sub(1) {
            Some(j) => {
                make_mask(clips, j, canvas, base)?;
                clips[j].mask.clone()
            }
            None => None,
        };
        let (w, h) = (canvas.width(), canvas.height());
        let m = match (parent, &clips[i].outline) {
            (Some(mut m), Some(p)) => {
                m.intersect_path(p, sk::FillRule::Winding, true, base);
                m
            }
            // The outermost clip: its coverage alone, drawn on an empty mask.
            (None, Some(p)) => {
                let mut m = Mask::new(w, h).ok_or_else(|| Error::system("image too large"))?;
                m.fill_path(p, sk::FillRule::Winding, true, base);
                m
            }
            // An empty clip hides everything in it.
            (_, None) => Mask::new(w, h).ok_or_else(|| Error::system("image too large"))?,
        };
        clips[i].mask = Some(m);
    }
    Ok(())
}

/// True when `segs` is the rectangle `b` (four corners, axis-aligned).
fn is_box(segs: &[Seg], b: Box2) -> bool {
    let corner = |q: crate::scene::P| {
        ((q.x - b.x0).abs() < 1e-9 || (q.x - b.x1).abs() < 1e-9)
            && ((q.y - b.y0).abs() < 1e-9 || (q.y - b.y1).abs() < 1e-9)
    };
    let mut corners = 0;
    for s in segs {
        match *s {
            Seg::Move(q) | Seg::Line(q) if corner(q) => corners += 1,
            Seg::Close => {}
            _ => return false,
        }
    }
    (4..=5).contains(&corners)
}

fn affine(t: Affine) -> Transform {
    Transform::from_row(
        t.a as f32, t.b as f32, t.c as f32, t.d as f32, t.e as f32, t.f as f32,
    )
}

/// A scene path as a tiny-skia path (`None` when it has no area or length).
fn path(segs: &[Seg]) -> Option<sk::Path> {
    let mut b = sk::PathBuilder::new();
    for s in segs {
        match *s {
            Seg::Move(a) => b.move_to(a.x as f32, a.y as f32),
            Seg::Line(a) => b.line_to(a.x as f32, a.y as f32),
            Seg::Cubic(p, q, r) => b.cubic_to(
                p.x as f32, p.y as f32, q.x as f32, q.y as f32, r.x as f32, r.y as f32,
            ),
            Seg::Close => b.close(),
        }
    }
    b.finish()
}

/// Draws a path whose box is `bounds`, within the clip box `shown` (the caller has left out
/// what lies wholly outside it).
fn draw_path(
    canvas: &mut Pixmap,
    p: &crate::scene::Path,
    bounds: Box2,
    base: Transform,
    mask: Option<&Mask>,
    shown: Box2,
) {
    // A stroke of separate straight lines (a hatched card back drawn past its edges) is cut to
    // the clip, widened so that no pixel inside changes.
    let half = p.stroke.map_or(0.0, |s| s.width / 2.0);
    let cut;
    let segs = if p.fill.is_none() && p.stroke.is_some_and(|s| s.dash.is_none()) {
        cut = cut_lines(&p.segs, shown.grown(2.0 * half + 1.0));
        cut.as_deref().unwrap_or(&p.segs)
    } else {
        &p.segs
    };
    let Some(shape) = path(segs) else { return };
    let finish = p.finish.as_deref();
    let rule = if finish.is_some_and(|f| f.even_odd) {
        sk::FillRule::EvenOdd
    } else {
        sk::FillRule::Winding
    };
    if let Some(fill) = p.fill {
        let opacity = finish.map_or(1.0, |f| f.fill_opacity.clamp(0.0, 1.0)) as f32;
        let mut paint = sk::Paint {
            anti_alias: true,
            ..Default::default()
        };
        let gradient = finish.and_then(|f| f.gradient.as_ref());
        match gradient.and_then(|g| shader(g, opacity)) {
            Some(s) => paint.shader = s,
            None => paint.set_color(color(fill, opacity)),
        }
        // An upright rectangle is filled as one: the same coverage without scanning a path.
        // (in pixels, a plain colour: the transform of a gradient stays the drawing's).
        let px = sk::Rect::from_ltrb(
            bounds.x0 as f32 * base.sx,
            bounds.y0 as f32 * base.sy,
            bounds.x1 as f32 * base.sx,
            bounds.y1 as f32 * base.sy,
        );
        // tiny-skia's rectangle path wants at least one whole pixel inside each way (a thinner
        // one, as a small board's line scaled down for its preview, trips its checks): a thin
        // rectangle is filled as a path.
        let wide = |r: &sk::Rect| r.width() >= 2.0 && r.height() >= 2.0;
        match px {
            Some(r) if gradient.is_none() && is_box(segs, bounds) && wide(&r) => {
                canvas.fill_rect(r, &paint, Transform::identity(), mask)
            }
            _ => canvas.fill_path(&shape, &paint, rule, base, mask),
        }
    }
    if let Some(st) = p.stroke {
        let opacity = finish.map_or(1.0, |f| f.stroke_opacity.clamp(0.0, 1.0)) as f32;
        let mut paint = sk::Paint {
            anti_alias: true,
            ..Default::default()
        };
        paint.set_color(color(st.color, opacity));
        let stroke = sk::Stroke {
            width: st.width as f32,
            line_join: sk::LineJoin::Round,
            dash: st
                .dash
                .and_then(|(a, b)| sk::StrokeDash::new(vec![a as f32, b as f32], 0.0)),
            ..Default::default()
        };
        canvas.stroke_path(&shape, &paint, &stroke, base, mask);
    }
}

/// An axis-aligned box, mm.
#[derive(Debug, Clone, Copy)]
struct Box2 {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Box2 {
    const EMPTY: Box2 = Box2 {
        x0: 0.0,
        y0: 0.0,
        x1: -1.0,
        y1: -1.0,
    };

    fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Box2 {
        Box2 { x0, y0, x1, y1 }
    }

    /// The box of every point of `segs` (a curve lies within its control points' box).
    fn of(segs: &[Seg]) -> Option<Box2> {
        let mut b: Option<Box2> = None;
        let mut add = |q: crate::scene::P| {
            let r = b.get_or_insert(Box2::new(q.x, q.y, q.x, q.y));
            *r = Box2::new(r.x0.min(q.x), r.y0.min(q.y), r.x1.max(q.x), r.y1.max(q.y));
        };
        for s in segs {
            match *s {
                Seg::Move(a) | Seg::Line(a) => add(a),
                Seg::Cubic(a, b, c) => {
                    add(a);
                    add(b);
                    add(c);
                }
                Seg::Close => {}
            }
        }
        b
    }

    fn grown(self, d: f64) -> Box2 {
        Box2::new(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)
    }

    fn and(self, o: Box2) -> Box2 {
        Box2::new(
            self.x0.max(o.x0),
            self.y0.max(o.y0),
            self.x1.min(o.x1),
            self.y1.min(o.y1),
        )
    }

    fn holds(self, o: Box2) -> bool {
        self.x0 <= o.x0 && o.x1 <= self.x1 && self.y0 <= o.y0 && o.y1 <= self.y1
    }

    fn meets(self, o: Box2) -> bool {
        self.x0 <= o.x1 && o.x0 <= self.x1 && self.y0 <= o.y1 && o.y0 <= self.y1
    }
}

/// A path made only of separate straight lines (each subpath a move and one line), with each
/// line cut to `b` (Liang–Barsky) and the lines outside dropped; `None` for any other path.
fn cut_lines(segs: &[Seg], b: Box2) -> Option<Vec<Seg>> {
    if !segs.len().is_multiple_of(2) {
        return None;
    }
    let mut out = Vec::with_capacity(segs.len());
    for pair in segs.chunks(2) {
        let (Seg::Move(p), Seg::Line(q)) = (pair[0], pair[1]) else {
            return None;
        };
        let (dx, dy) = (q.x - p.x, q.y - p.y);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let mut inside = true;
        for (den, num) in [
            (-dx, p.x - b.x0),
            (dx, b.x1 - p.x),
            (-dy, p.y - b.y0),
            (dy, b.y1 - p.y),
        ] {
            if den == 0.0 {
                if num < 0.0 {
                    inside = false;
                }
            } else {
                let t = num / den;
                if den < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
            }
        }
        if inside && t0 <= t1 {
            let at = |t: f64| crate::scene::p(p.x + t * dx, p.y + t * dy);
            out.push(Seg::Move(at(t0)));
            out.push(Seg::Line(at(t1)));
        }
    }
    Some(out)
}

fn color(c: crate::base::color::Color, opacity: f32) -> sk::Color {
    sk::Color::from_rgba8(c.r, c.g, c.b, (opacity * 255.0).round() as u8)
}

fn shader(g: &crate::scene::Gradient, opacity: f32) -> Option<sk::Shader<'static>> {
    let stops: Vec<sk::GradientStop> = g
        .stops
        .iter()
        .map(|&(o, c)| sk::GradientStop::new(o as f32, color(c, opacity)))
        .collect();
    let t = affine(g.transform);
    let pt = |x: f64, y: f64| sk::Point::from_xy(x as f32, y as f32);
    match g.shape {
        GradientShape::Linear { x1, y1, x2, y2 } => {
            sk::LinearGradient::new(pt(x1, y1), pt(x2, y2), stops, sk::SpreadMode::Pad, t)
        }
        GradientShape::Radial { cx, cy, r, fx, fy } => sk::RadialGradient::new(
            pt(fx, fy),
            pt(cx, cy),
            r as f32,
            stops,
            sk::SpreadMode::Pad,
            t,
        ),
    }
}

thread_local! {
    /// Glyph outlines and advances of this thread, by face and character.
    static GLYPHS: std::cell::RefCell<Glyphs> = std::cell::RefCell::new(Glyphs::default());
}

/// The premultiplied pixmaps of the rasters drawn, by key, shared by every thread: a picture
/// drawn on many faces by several threads is converted and held once (it was once per thread).
/// Bounded by [`crate::art::MAX_BUILD_PIXELS`], which the pictures of one build fit in; past
/// it (the successive versions `watch` reads) it starts over.
static PIXMAPS: std::sync::LazyLock<Mutex<Pixmaps>> = std::sync::LazyLock::new(Default::default);

#[derive(Default)]
struct Pixmaps {
    /// Each raster's pixmap, made by the first thread that needs it while the others wait.
    by_key: HashMap<String, Arc<OnceLock<Arc<Pixmap>>>>,
    /// The pixels of the rasters in `by_key`.
    pixels: u64,
}

/// A raster as a premultiplied pixmap, made once however many threads draw it.
fn image(r: &Raster) -> Arc<Pixmap> {
    let cell = {
        let mut cache = PIXMAPS.lock().unwrap_or_else(|e| e.into_inner());
        match cache.by_key.get(&r.key) {
            Some(cell) => cell.clone(),
            None => {
                let n = u64::from(r.width) * u64::from(r.height);
                if cache.pixels.saturating_add(n) > crate::art::MAX_BUILD_PIXELS {
                    *cache = Pixmaps::default();
                }
                cache.pixels = cache.pixels.saturating_add(n);
                let cell = Arc::new(OnceLock::new());
                cache.by_key.insert(r.key.clone(), cell.clone());
                cell
            }
        }
    };
    cell.get_or_init(|| Arc::new(premultiplied(r))).clone()
}

/// The pixels of `r` premultiplied by their alpha, 4 bytes each.
fn premultiplied(r: &Raster) -> Pixmap {
    let n = (r.width as usize) * (r.height as usize);
    let mut data = Vec::with_capacity(n * 4);
    for i in 0..n {
        let a = r
            .alpha
            .as_ref()
            .map_or(255, |a| a.get(i).copied().unwrap_or(255));
        for j in 0..3 {
            let v = r.rgb.get(i * 3 + j).copied().unwrap_or(0);
            data.push(((u16::from(v) * u16::from(a) + 127) / 255) as u8);
        }
        data.push(a);
    }
    let size = sk::IntSize::from_wh(r.width.max(1), r.height.max(1));
    size.and_then(|s| Pixmap::from_vec(data, s))
        .unwrap_or_else(|| Pixmap::new(1, 1).expect("a 1×1 pixmap"))
}

/// Outlines in font units (y up), with each glyph's advance, and glyph images.
#[derive(Default)]
struct Glyphs {
    faces: HashMap<Face, Option<ttf_parser::Face<'static>>>,
    outlines: HashMap<(Face, char), (Option<sk::Path>, f64)>,
    images: HashMap<GlyphKey, Option<(Arc<Pixmap>, i32, i32)>>,
}

/// A glyph image: its face and character, its size (1/64 pixel a em), its colour, and its
/// position within a pixel (quarters across and down).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct GlyphKey {
    face: Face,
    c: char,
    size: u32,
    color: crate::base::color::Color,
    sub: (u8, u8),
}

impl Glyphs {
    /// The image of a glyph and where its top-left pixel lies from the pixel of its origin.
    fn image(
        &mut self,
        key: GlyphKey,
        outline: &sk::Path,
        upem: f64,
    ) -> Option<(Arc<Pixmap>, i32, i32)> {
        if self.images.len() > 8192 {
            self.images.clear();
        }
        self.images
            .entry(key)
            .or_insert_with(|| {
                let s = (f64::from(key.size) / 64.0 / upem) as f32;
                let (fx, fy) = (f32::from(key.sub.0) / 4.0, f32::from(key.sub.1) / 4.0);
                let t = Transform::from_translate(fx, fy).pre_scale(s, -s);
                let b = outline.clone().transform(t)?.bounds();
                let (x0, y0) = (b.left().floor() as i32 - 1, b.top().floor() as i32 - 1);
                let w = (b.right().ceil() as i32 + 1 - x0).max(1) as u32;
                let h = (b.bottom().ceil() as i32 + 1 - y0).max(1) as u32;
                let mut img = Pixmap::new(w, h)?;
                let mut paint = sk::Paint::default();
                paint.set_color_rgba8(key.color.r, key.color.g, key.color.b, 255);
                paint.anti_alias = true;
                img.fill_path(
                    outline,
                    &paint,
                    sk::FillRule::Winding,
                    Transform::from_translate(-x0 as f32, -y0 as f32).pre_concat(t),
                    None,
                );
                Some((Arc::new(img), x0, y0))
            })
            .clone()
    }

    /// The outline and advance of `c` in `face`, and the face's units per em.
    fn glyph(&mut self, face: Face, c: char) -> (Option<sk::Path>, f64, f64) {
        let parsed = self
            .faces
            .entry(face)
            .or_insert_with(|| ttf_parser::Face::parse(face.bytes(), 0).ok());
        let Some(f) = parsed.as_ref() else {
            return (None, 0.0, 1000.0);
        };
        let upem = f64::from(f.units_per_em().max(1));
        let (outline, advance) = self
            .outlines
            .entry((face, c))
            .or_insert_with(|| {
                let gid = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                let mut b = Outline(sk::PathBuilder::new());
                f.outline_glyph(gid, &mut b);
                let advance = f64::from(f.glyph_hor_advance(gid).unwrap_or(0));
                (b.0.finish(), advance)
            })
            .clone();
        (outline, advance, upem)
    }
}

struct Outline(sk::PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}
