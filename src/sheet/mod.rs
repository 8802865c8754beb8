//! Imposition: component scenes placed on printable sheets with crop marks, duplex backs, and
//! boards split across sheets.
//!
//! In: component scenes and a paper; out: page scenes, ready for the PDF exporter.
//!
//! Every page keeps the sheet template's margin free: components, their bleed, crop marks and
//! captions all lie inside it. Components sit in the page's *content box*, the margin band
//! inset by how far a crop mark reaches (and the bleed), centred, so a back lands behind its
//! front whichever edge the paper turns over. Crop marks extend the real cut lines of the
//! components on the page (the sides of a triangle, the hexagon of a board, the outline of a
//! die net), never a bounding box.

pub mod guide;
pub mod pack;
pub mod tiled;

pub use crate::base::paper;
pub use pack::{Batch, Shape};
pub use tiled::{fit_scale, tiled};

use crate::base::color::Color;
use crate::base::lang::Lang;
use crate::base::units::Pt;
use crate::definition::model::SheetStyle;
use crate::fonts::Face;
use crate::layout::outline::{segment_distance, Segment};
use crate::layout::{Outline, HAIRLINE};
use crate::scene::{p, shape, Affine, Anchor, Scene, Stroke, P};
pub use paper::Paper;

/// How the paper turns over for printing backs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Flip {
    /// Turned over its long edge (the usual duplex setting).
    #[default]
    LongEdge,
    /// Turned over its short edge.
    ShortEdge,
}

impl std::str::FromStr for Flip {
    type Err = crate::base::diag::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "long" => Ok(Flip::LongEdge),
            "short" => Ok(Flip::ShortEdge),
            _ => Err(crate::base::diag::Error::usage(
                String::new(),
                format!("unknown flip `{s}` (expected long or short)"),
            )),
        }
    }
}

/// Settings shared by every sheet of a build.
#[derive(Debug, Clone, Copy)]
pub struct SheetSpec {
    /// Paper.
    pub paper: Paper,
    /// Margins and marks.
    pub style: SheetStyle,
    /// Duplex flip for backs.
    pub flip: Flip,
    /// Language of captions.
    pub lang: Lang,
}

/// One component to impose: its front and, if two-sided, its back.
#[derive(Debug, Clone)]
pub struct Slot {
    /// Front face.
    pub front: Scene,
    /// Back face.
    pub back: Option<Scene>,
}

/// What a page of a print file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The first page: how to print, a ruler, the checklist.
    Guide,
    /// Components' fronts (or one-sided components).
    Front,
    /// The backs of the previous page's components.
    Back,
    /// The blank back of a one-sided page, so the whole file prints double-sided safely.
    Blank,
}

/// A finished page.
#[derive(Debug, Clone)]
pub struct Sheet {
    /// The page drawing.
    pub scene: Scene,
    /// What the page is.
    pub side: Side,
    /// What the page holds, as geometry (for checks and tests).
    pub geometry: Geometry,
}

impl Sheet {
    /// True for the back of the previous page (with components or blank).
    pub fn is_back(&self) -> bool {
        matches!(self.side, Side::Back | Side::Blank)
    }
}

/// The geometry of a page, kept beside its drawing.
#[derive(Debug, Clone, Default)]
pub struct Geometry {
    /// Each component on the page: its key (the same on a front and on its back) and its cut
    /// shape in page coordinates.
    pub placed: Vec<(usize, Outline)>,
    /// Every cut line on the page.
    pub cuts: Vec<Segment>,
    /// Every crop mark.
    pub marks: Vec<Segment>,
    /// The centre of the duplex registration mark, on a page with a back and on that back.
    pub register: Option<P>,
    /// The guide page's ruler, from its 0 to its 50 mm tick.
    pub ruler: Option<Segment>,
    /// The guide page's assembly maps of split boards: x, y, width, height, mm.
    pub maps: Vec<(f64, f64, f64, f64)>,
}

impl Geometry {
    /// The geometry of components placed with their marks; the cut lines are their outlines'.
    pub fn of(placed: Vec<(usize, Outline)>, marks: Vec<Segment>) -> Geometry {
        Geometry {
            cuts: cuts(&placed),
            placed,
            marks,
            ..Geometry::default()
        }
    }
}

impl Draft {
    /// A page of components (no back of its own) with its caption's room.
    pub fn page(scene: Scene, geometry: Geometry, label: String, span: (f64, f64)) -> Draft {
        Draft {
            sheet: Sheet {
                scene,
                side: Side::Front,
                geometry,
            },
            label,
            span,
        }
    }
}

/// Ink of crop marks and captions.
const MARK: Color = Color::rgb(0x30, 0x30, 0x30);
/// Ink of cut guides.
const GUIDE: Color = Color::rgb(0xa0, 0xa0, 0xa0);
/// Smallest caption size, points.
pub const MIN_CAPTION: f64 = 6.0;
/// Width of a crop mark's stroke, mm.
const MARK_WIDTH: f64 = 0.25;
/// The shortest share of its length a crop mark is drawn at when the margin band cuts it.
const MIN_MARK_SHARE: f64 = 0.5;
/// Depth of a descender below the baseline, as a share of the text size.
const DESCENDER: f64 = 0.25;

/// The box within which the cut lines of components with `bleed` may lie on a `page`: the
/// margin band, the bleed and the crop marks' reach kept clear on every side.
pub fn content_box(page: (f64, f64), style: &SheetStyle, bleed: f64) -> (f64, f64, f64, f64) {
    let k = style.keep_out() + bleed;
    (k, k, page.0 - k, page.1 - k)
}

/// Where the back of a box at (`x`, `y`) of `w` × `h` lands, and whether it turns upside down.
pub fn mirror(page: (f64, f64), flip: Flip, x: f64, y: f64, w: f64, h: f64) -> (f64, f64, bool) {
    let landscape = page.0 > page.1;
    // Turning over the long edge of a portrait page mirrors left-right; of a landscape page, top-bottom.
    let mirror_x = (flip == Flip::LongEdge) != landscape;
    if mirror_x {
        (page.0 - x - w, y, false)
    } else {
        (x, page.1 - y - h, true)
    }
}

/// A point's place on the back of the page.
fn mirror_point(page: (f64, f64), flip: Flip, q: P) -> P {
    let (x, y, _) = mirror(page, flip, q.x, q.y, 0.0, 0.0);
    p(x, y)
}

/// A half turn of a `w` × `h` box about its centre.
fn turn_over(w: f64, h: f64) -> Affine {
    Affine::translate(-w / 2.0, -h / 2.0)
        .then(Affine::rotate(180.0))
        .then(Affine::translate(w / 2.0, h / 2.0))
}

/// A component placed on a page.
#[derive(Debug, Clone)]
pub struct Placed {
    /// Front art, in its cut box's coordinates.
    pub front: Scene,
    /// Back art, if any.
    pub back: Option<Scene>,
    /// Cut shape in the cut box's coordinates (before turning).
    pub outline: Outline,
    /// Cut box size.
    pub size: (f64, f64),
    /// Bleed around the cut box, mm.
    pub bleed: f64,
    /// Top-left of the cut box on the page.
    pub at: (f64, f64),
    /// Turned half a turn (a triangle pointing down).
    pub turned: bool,
    /// Clip the art to its cut box and bleed (cards, tiles); triangles are not clipped.
    pub clip: bool,
    /// Draw a hairline on the cut box (cut guides for pieces without bleed).
    pub guide: bool,
    /// The back reads upright on the back page whichever way the paper turns (a rectangle;
    /// a triangle's back turns with the paper, as its shape does).
    pub upright_back: bool,
}

impl Placed {
    fn place(&self, s: &mut Scene, art: Scene, at: (f64, f64), turned: bool) {
        let (w, h) = self.size;
        let t = if turned {
            turn_over(w, h)
        } else {
            Affine::IDENTITY
        };
        let b = self.bleed;
        let clip = self.clip.then_some((-b, -b, w + 2.0 * b, h + 2.0 * b));
        s.place(art, t.then(Affine::translate(at.0, at.1)), clip);
        if self.guide && b == 0.0 {
            s.path(
                shape::rect(at.0, at.1, w, h),
                None,
                Some(Stroke::solid(GUIDE, HAIRLINE)),
            );
        }
    }

    fn outline_at(&self, at: (f64, f64), turned: bool) -> Outline {
        let (w, h) = self.size;
        let t = if turned {
            turn_over(w, h)
        } else {
            Affine::IDENTITY
        };
        self.outline.moved(t.then(Affine::translate(at.0, at.1)))
    }
}

/// A page before its caption: the caption names its page number, known once every page is.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The page.
    pub sheet: Sheet,
    /// What the page holds (`Cartes`, `Plateau · partie 1/2 …`).
    pub label: String,
    /// Left and right ends of the room for the caption in the bottom band.
    pub span: (f64, f64),
}

/// Height of a caption's band above the bottom margin, mm.
pub const CAPTION_BAND: f64 = 3.0;

/// The widest room along the bottom band between `from` and `to` that no mark crosses.
pub fn free_span(page: (f64, f64), marks: &[Segment], m: f64, from: f64, to: f64) -> (f64, f64) {
    let top = page.1 - m - CAPTION_BAND;
    let mut edges: Vec<f64> = marks
        .iter()
        .filter(|(a, b)| a.y.max(b.y) >= top)
        .flat_map(|(a, b)| [a.x.min(b.x) - 1.0, a.x.max(b.x) + 1.0])
        .filter(|x| *x > from && *x < to)
        .collect();
    edges.extend([from, to]);
    edges.sort_by(f64::total_cmp);
    edges
        .windows(2)
        .map(|w| (w[0], w[1]))
        .fold((from, from), |best, cur| {
            if cur.1 - cur.0 > best.1 - best.0 {
                cur
            } else {
                best
            }
        })
}

/// Draws the components of one page; with any back among them, also the back page.
pub fn compose(page: (f64, f64), items: &[Placed], spec: &SheetSpec, label: &str) -> Vec<Draft> {
    let m = spec.style.margin;
    let reach = spec.style.reach();
    let span = |marks: &[Segment]| free_span(page, marks, m, m + reach, page.0 - m - reach);
    let has_back = items.iter().any(|i| i.back.is_some());
    let register = p(m + reach / 2.0, m + reach / 2.0);
    let mut front = Scene::new(page.0, page.1);
    let mut geo = Geometry::default();
    for (k, it) in items.iter().enumerate() {
        it.place(&mut front, it.front.clone(), it.at, it.turned);
        geo.placed.push((k, it.outline_at(it.at, it.turned)));
    }
    let bleeds: Vec<f64> = items.iter().map(|i| i.bleed).collect();
    geo.marks = crop_marks(&mut front, &geo.placed, &bleeds, page, &spec.style);
    geo.cuts = cuts(&geo.placed);
    if has_back {
        registration(&mut front, register);
        geo.register = Some(register);
    }
    let mut out = vec![Draft {
        span: span(&geo.marks),
        sheet: Sheet {
            scene: front,
            side: Side::Front,
            geometry: geo,
        },
        label: label.to_string(),
    }];
    if has_back {
        let mut back = Scene::new(page.0, page.1);
        let mut geo = Geometry::default();
        let mut bleeds = Vec::new();
        for (k, it) in items.iter().enumerate() {
            let Some(art) = &it.back else { continue };
            let (w, h) = it.size;
            let (x, y, turned) = mirror(page, spec.flip, it.at.0, it.at.1, w, h);
            let turned = it.turned != (turned && !it.upright_back);
            it.place(&mut back, art.clone(), (x, y), turned);
            geo.placed.push((k, it.outline_at((x, y), turned)));
            bleeds.push(it.bleed);
        }
        geo.marks = crop_marks(&mut back, &geo.placed, &bleeds, page, &spec.style);
        geo.cuts = cuts(&geo.placed);
        let r = mirror_point(page, spec.flip, register);
        registration(&mut back, r);
        geo.register = Some(r);
        out.push(Draft {
            span: span(&geo.marks),
            sheet: Sheet {
                scene: back,
                side: Side::Back,
                geometry: geo,
            },
            label: label.to_string(),
        });
    }
    out
}

/// The duplex registration mark: a circle and a cross, printed on a front and at the same place
/// of its back; held against the light, the two coincide when the printer keeps the backs in
/// register.
fn registration(s: &mut Scene, c: P) {
    let st = Some(Stroke::solid(MARK, 0.2));
    s.path(shape::circle(c, 1.2), None, st);
    s.cross(c, 1.8, st);
}

fn cuts(placed: &[(usize, Outline)]) -> Vec<Segment> {
    placed.iter().flat_map(|(_, o)| o.cuts()).collect()
}

/// Draws crop marks on the extensions of the pieces' cut lines and returns them.
///
/// Collinear cut lines that meet are joined (the shared edges of a row of cards, the slanted
/// lines through a block of triangles). Each joined line gets a mark beyond each end, after
/// the bleed and the gap, when the mark crosses no component (nor its bleed) and stays clear of
/// the margin band.
pub fn crop_marks(
    s: &mut Scene,
    placed: &[(usize, Outline)],
    bleeds: &[f64],
    page: (f64, f64),
    style: &SheetStyle,
) -> Vec<Segment> {
    if !style.marks {
        // No crop marks: a hairline on every cut line instead.
        for (a, b) in placed.iter().flat_map(|(_, o)| o.cuts()) {
            s.path(
                shape::line(a, b),
                None,
                Some(Stroke::solid(GUIDE, HAIRLINE)),
            );
        }
        return Vec::new();
    }
    // Lines by direction and offset, each with its pieces: from t0 to t1 along it, and the
    // bleed beyond them.
    type Line = (P, f64, Vec<(f64, f64, f64)>);
    let mut lines: Vec<Line> = Vec::new();
    for ((_, o), &bleed) in placed.iter().zip(bleeds) {
        // A line that runs on through its own component (past a die net's arm, along a fold)
        // gets no marks: a cut along it, edge to edge, would cut the component; its outline is
        // cut on the line instead.
        for (a, b) in o.cuts().into_iter().filter(|&c| !runs_through(o, c)) {
            let len = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
            if len < 1e-9 {
                continue;
            }
            let mut d = p((b.x - a.x) / len, (b.y - a.y) / len);
            if d.x < -1e-9 || (d.x.abs() <= 1e-9 && d.y < 0.0) {
                d = p(-d.x, -d.y);
            }
            let off = -d.y * a.x + d.x * a.y;
            let (ta, tb) = (d.x * a.x + d.y * a.y, d.x * b.x + d.y * b.y);
            let seg = (ta.min(tb), ta.max(tb), bleed);
            match lines.iter_mut().find(|(e, o, _)| {
                (e.x - d.x).abs() < 1e-6 && (e.y - d.y).abs() < 1e-6 && (o - off).abs() < 1e-4
            }) {
                Some((_, _, v)) => v.push(seg),
                None => lines.push((d, off, vec![seg])),
            }
        }
    }
    // A mark's ink, half its stroke on each side, stays out of the margin band.
    let m = style.margin + MARK_WIDTH / 2.0;
    let clear = |q: P| {
        placed
            .iter()
            .zip(bleeds)
            .all(|((_, o), b)| o.distance(q) > b + 0.3)
    };
    // How much of a mark from `a` to `b` lies inside the band's limit, as a share of it: a mark
    // that would end exactly at the limit (a block that fills its content box) is shortened,
    // not dropped.
    let inside = |a: P, b: P| {
        let mut share: f64 = 1.0;
        for (from, to, lo, hi) in [(a.x, b.x, m, page.0 - m), (a.y, b.y, m, page.1 - m)] {
            if from < lo - 1e-9 || from > hi + 1e-9 {
                return 0.0;
            }
            if to < lo {
                share = share.min((from - lo) / (from - to));
            } else if to > hi {
                share = share.min((hi - from) / (to - from));
            }
        }
        share.max(0.0)
    };
    let st = Some(Stroke::solid(MARK, MARK_WIDTH));
    let mut marks = Vec::new();
    for (d, off, mut segs) in lines {
        segs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut joined: Vec<(f64, f64, f64)> = Vec::new();
        for sg in segs {
            match joined.last_mut() {
                Some(last) if sg.0 <= last.1 + 1e-6 => {
                    last.1 = last.1.max(sg.1);
                    last.2 = last.2.max(sg.2);
                }
                _ => joined.push(sg),
            }
        }
        let at = |t: f64| p(-d.y * off + d.x * t, d.x * off + d.y * t);
        for (t0, t1, bleed) in joined {
            let g = style.crop_gap + bleed;
            for (from, to) in [
                (t0 - g, t0 - g - style.crop_length),
                (t1 + g, t1 + g + style.crop_length),
            ] {
                let share = inside(at(from), at(to));
                let to = from + (to - from) * share;
                let ok = share >= MIN_MARK_SHARE
                    && (0..=10).all(|i| clear(at(from + (to - from) * i as f64 / 10.0)));
                if ok {
                    let (a, b) = (at(from), at(to));
                    s.path(shape::line(a, b), None, st);
                    marks.push((a, b));
                }
            }
        }
    }
    marks
}

/// True when the line through the cut `c` runs through the inside of `o` (paper of `o` on both
/// sides of it), at a sample every 0.25 mm.
fn runs_through(o: &Outline, c: Segment) -> bool {
    let (a, b) = c;
    let len = (b.x - a.x).hypot(b.y - a.y);
    if len < 1e-9 {
        return false;
    }
    let d = p((b.x - a.x) / len, (b.y - a.y) / len);
    let (x0, y0, x1, y1) = o.bounds();
    let reach = (x1 - x0).hypot(y1 - y0);
    let steps = (2.0 * reach / 0.25).ceil() as usize;
    (0..=steps).any(|i| {
        let t = -reach + 2.0 * reach * i as f64 / steps as f64;
        let q = p(a.x + d.x * t, a.y + d.y * t);
        let side = |k: f64| p(q.x - d.y * k, q.y + d.x * k);
        o.distance(side(0.05)) == 0.0 && o.distance(side(-0.05)) == 0.0
    })
}

/// True when the segment `m` lies on the line through `c` (for tests and checks).
pub fn on_line(m: Segment, c: Segment) -> bool {
    let (a, b) = c;
    let len = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
    let dist = |q: P| ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)).abs() / len;
    len > 0.0 && dist(m.0) < 1e-6 && dist(m.1) < 1e-6 && segment_distance(m.0, a, b) > 0.0
}

/// Writes a caption centred in `span` of the bottom band, between the margin and the content,
/// at 7 pt or down to 6 pt to fit, cut with an ellipsis when even that is too long.
pub fn caption(s: &mut Scene, spec: &SheetSpec, text: &str, span: (f64, f64)) {
    let (pw, ph) = (s.width, s.height);
    let m = spec.style.margin;
    let (a, b) = (span.0.max(m), span.1.min(pw - m));
    let room = (b - a).max(10.0);
    let mut size = 7.0;
    while Face::Regular.width_mm(text, size) > room && size > MIN_CAPTION {
        size -= 0.25;
    }
    let mut text = text.to_string();
    while Face::Regular.width_mm(&text, size) > room && text.chars().count() > 2 {
        let kept = text.trim_end_matches('…');
        let cut = kept.char_indices().last().map_or(0, |(i, _)| i);
        text = format!("{}…", kept[..cut].trim_end());
    }
    // The baseline sits a descender above the margin; the letters rise into the marks' band,
    // between the marks.
    let baseline = ph - m - Pt(size).in_mm() * DESCENDER;
    s.text(
        (a + b) / 2.0,
        baseline,
        size,
        Face::Regular,
        MARK,
        Anchor::Middle,
        &text,
    );
}

/// A scale as a percentage, in the language's typography (`72 %`, `72%`).
pub fn percent(k: f64, lang: Lang) -> String {
    let n = (k * 100.0).round();
    match lang {
        Lang::Fr => format!("{n}\u{202f}%"),
        Lang::En => format!("{n}%"),
    }
}

/// The word for a page's side in a caption.
pub fn side_word(lang: Lang, side: Side, flip: Flip) -> &'static str {
    match (lang, side, flip) {
        (Lang::Fr, Side::Front | Side::Guide, _) => "recto",
        (Lang::En, Side::Front | Side::Guide, _) => "front",
        (Lang::Fr, Side::Back, Flip::LongEdge) => "verso, bord long",
        (Lang::Fr, Side::Back, Flip::ShortEdge) => "verso, bord court",
        (Lang::En, Side::Back, Flip::LongEdge) => "back, long edge",
        (Lang::En, Side::Back, Flip::ShortEdge) => "back, short edge",
        (Lang::Fr, Side::Blank, _) => "verso laissé blanc",
        (Lang::En, Side::Blank, _) => "back left blank",
    }
}

/// Puts the pages in print order, the guide first when there is one, and captions them; with
/// any back in the file, a blank back follows every one-sided page, so the whole file can be
/// printed double-sided.
pub fn finish(
    drafts: Vec<Draft>,
    spec: &SheetSpec,
    title: &str,
    guide: Option<&guide::GuideInfo>,
) -> Vec<Sheet> {
    let duplex = drafts.iter().any(|d| d.sheet.side == Side::Back);
    let paper = spec.paper.size_mm();
    let blank = |page: (f64, f64), side: Side| Draft {
        sheet: Sheet {
            scene: Scene::new(page.0, page.1),
            side,
            geometry: Geometry::default(),
        },
        label: String::new(),
        span: (0.0, page.0),
    };
    let mut ordered: Vec<Draft> = Vec::new();
    if guide.is_some() {
        ordered.push(blank(paper, Side::Guide));
    }
    for d in drafts {
        if duplex
            && d.sheet.side != Side::Back
            && ordered.last().is_some_and(|l| !l.sheet.is_back())
        {
            let last = &ordered[ordered.len() - 1].sheet.scene;
            ordered.push(blank((last.width, last.height), Side::Blank));
        }
        ordered.push(d);
    }
    if duplex && ordered.last().is_some_and(|l| !l.sheet.is_back()) {
        let last = &ordered[ordered.len() - 1].sheet.scene;
        ordered.push(blank((last.width, last.height), Side::Blank));
    }
    let total = ordered.len();
    if let Some(info) = guide {
        let pairs: Vec<guide::Duplex> = ordered
            .windows(2)
            .enumerate()
            .filter(|(_, w)| w[1].sheet.side == Side::Back)
            .map(|(i, w)| (i + 1, i + 2, w[0].label.clone()))
            .collect();
        ordered[0].sheet = guide::draw(info, spec, paper, &pairs, total);
    }
    let m = spec.style.margin;
    ordered
        .into_iter()
        .enumerate()
        .map(|(i, mut d)| {
            let mut parts = vec![title.to_string()];
            if !d.label.is_empty() {
                parts.push(d.label.clone());
            }
            parts.push(format!("page {}/{total}", i + 1));
            if d.sheet.side != Side::Guide {
                parts.push(side_word(spec.lang, d.sheet.side, spec.flip).to_string());
            }
            let span = if d.sheet.side == Side::Front || d.sheet.side == Side::Back {
                d.span
            } else {
                let r = spec.style.reach();
                (m + r, d.sheet.scene.width - m - r)
            };
            caption(&mut d.sheet.scene, spec, &parts.join(" · "), span);
            d.sheet
        })
        .collect()
}

/// Imposes rectangular slots of `w` × `h` mm on a grid, edge to edge (or with a bleed gutter),
/// a back page after each front page when any slot has a back; with `guides` and no bleed, a
/// hairline marks each cut box.
pub fn grid(
    slots: &[Slot],
    w: f64,
    h: f64,
    bleed: f64,
    guides: bool,
    spec: &SheetSpec,
    title: &str,
) -> Vec<Sheet> {
    let batch = Batch {
        title: String::new(),
        slots: slots.to_vec(),
        size: (w, h),
        bleed,
        shape: Shape::Boxes { guides },
        outline: Outline::rect(w, h),
    };
    finish(pack::pack(&[batch], spec), spec, title, None)
}

/// Imposes equilateral triangles of side `side` (front art drawn pointing up) in rows that share
/// their cut lines: horizontal lines and two families of slanted lines.
pub fn triangles(slots: &[Slot], side: f64, spec: &SheetSpec, title: &str) -> Vec<Sheet> {
    let batch = Batch {
        title: String::new(),
        slots: slots.to_vec(),
        size: (side, side * crate::geometry::triangles::H),
        bleed: 0.0,
        shape: Shape::Triangles,
        outline: Outline::triangle(side),
    };
    finish(pack::pack(&[batch], spec), spec, title, None)
}

/// Where slots go on a full page: the chosen orientation and grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridPlan {
    /// Page width and height, mm.
    pub page: (f64, f64),
    /// Columns per sheet.
    pub cols: usize,
    /// Rows per sheet.
    pub rows: usize,
    /// Top-left of the first cut box.
    pub origin: (f64, f64),
    /// Gap between cut boxes (twice the bleed, or the sheet's gutter when wider).
    pub gutter: f64,
}

impl GridPlan {
    /// Plans `w` × `h` boxes with `bleed` in the content box, in the orientation that fits more
    /// (portrait on a tie), centred on the page.
    pub fn new(spec: &SheetSpec, w: f64, h: f64, bleed: f64) -> GridPlan {
        let (pw, ph) = spec.paper.size_mm();
        let g = (2.0 * bleed).max(spec.style.gutter);
        let fit = |avail: f64, size: f64| (((avail + g) / (size + g)) + 1e-9).floor() as usize;
        let plan = |page: (f64, f64)| {
            let (x0, y0, x1, y1) = content_box(page, &spec.style, bleed);
            let cols = fit(x1 - x0, w);
            let rows = fit(y1 - y0, h);
            let (tw, th) = (cols as f64 * (w + g) - g, rows as f64 * (h + g) - g);
            GridPlan {
                page,
                cols,
                rows,
                origin: ((page.0 - tw) / 2.0, (page.1 - th) / 2.0),
                gutter: g,
            }
        };
        let (port, land) = (plan((pw, ph)), plan((ph, pw)));
        let mut best = if land.cols * land.rows > port.cols * port.rows {
            land
        } else {
            port
        };
        // Validation makes every box fit its paper; should one not, it overflows the page
        // rather than leaving a sheet with no column to divide by.
        best.cols = best.cols.max(1);
        best.rows = best.rows.max(1);
        best
    }

    /// Slots per sheet.
    pub fn per_sheet(&self) -> usize {
        self.cols * self.rows
    }

    /// Top-left of the cut box of slot `i` on its sheet.
    pub fn at(&self, i: usize, w: f64, h: f64) -> (f64, f64) {
        let (c, r) = (i % self.cols, i / self.cols);
        (
            self.origin.0 + c as f64 * (w + self.gutter),
            self.origin.1 + r as f64 * (h + self.gutter),
        )
    }
}

#[cfg(test)]
mod caption_tests {
    use super::*;

    #[test]
    fn a_caption_stays_on_the_page_between_its_margins() {
        let spec = SheetSpec {
            paper: Paper::A4,
            style: SheetStyle {
                margin: 10.0,
                crop_length: 5.0,
                crop_gap: 1.5,
                overlap: 10.0,
                gutter: 0.0,
                marks: true,
                paper: None,
            },
            flip: Flip::LongEdge,
            lang: Lang::En,
        };
        for (text, span) in [
            (
                "Alpha-BRIK · Pieces · a caption that goes on and on ".repeat(6),
                (12.0, 30.0),
            ),
            ("A short caption".to_string(), (0.0, 195.0)),
        ] {
            let mut s = Scene::new(80.0, 120.0);
            caption(&mut s, &spec, &text, span);
            for f in s.flatten() {
                if let crate::scene::Flat::Text(run, _) = f {
                    let w = run.face.width_mm(&run.text, run.size);
                    assert!(run.size >= 6.0);
                    assert!(
                        run.x >= 10.0 - 1e-9 && run.x + w <= 70.0 + 1e-9,
                        "{} at {} + {w}",
                        run.text,
                        run.x
                    );
                    assert!(run.y <= 110.0 && run.y > 100.0, "{}", run.y);
                }
            }
        }
    }
}
