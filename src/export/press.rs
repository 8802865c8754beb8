//! Print-shop presets and faces fitted to them: the card sizes, bleed, safe zone, resolution
//! and page order of The Game Crafter, MakePlayingCards and DriveThruCards, a face placed on
//! a preset's page (trim and bleed), and the checks of art against the preset.
//!
//! In: a face ([`Scene`] of its cut box, its art running into its own bleed) and the
//! component's size and bleed; out: a page scene of the preset's trim plus bleed, and warnings.

use crate::base::units::{Inch, MM_PER_INCH, MM_PER_PT};
use crate::scene::{p, Affine, Flat, Scene, Seg, P};

/// A card size a service sells, in inches (portrait).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardSize {
    /// The service's name for it.
    pub name: &'static str,
    /// Width.
    pub width: Inch,
    /// Height.
    pub height: Inch,
}

/// How a service wants fronts and backs ordered in a PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Front, back, front, back… (one card after the other).
    Interleaved,
    /// Every front, then every back, in the same order.
    FrontsThenBacks,
}

/// A print shop's requirements.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Preset {
    /// Its name on the command line.
    pub name: &'static str,
    /// The service.
    pub service: &'static str,
    /// Card sizes it sells (a component within [`MATCH_MM`] of one takes it).
    pub sizes: &'static [CardSize],
    /// Bleed on every side.
    pub bleed: Inch,
    /// Safe zone inside the trim.
    pub safe: Inch,
    /// Resolution of images, dots per inch.
    pub dpi: f64,
    /// Order of fronts and backs in a PDF.
    pub order: Order,
    /// Every copy on its own pages (the shop prints the file as it is), rather than each
    /// distinct face once with its count in `quantities.txt`.
    pub every_copy: bool,
}

/// A card size of `width` × `height` inches.
const fn size(name: &'static str, width: f64, height: f64) -> CardSize {
    CardSize {
        name,
        width: Inch(width),
        height: Inch(height),
    }
}

/// Largest gap, mm, on either side, between a component's size and a preset card size for the
/// component to be printed at the card size (a 63 × 88 mm card is a 2.5 × 3.5 in poker card).
pub const MATCH_MM: f64 = 1.5;

/// The presets. Sizes and bleeds are those of the services' templates: The Game Crafter's
/// poker deck is 825 × 1125 px at 300 dpi (2.5 × 3.5 in and 1/8 in bleed, safe 1/8 in inside
/// the trim); MakePlayingCards' is 822 × 1122 px (36 px, 0.12 in, of bleed and of safe zone);
/// DriveThruCards' is 2.75 × 3.75 in with bleed (1/8 in, safe 1/8 in).
pub const PRESETS: [Preset; 3] = [
    Preset {
        name: "thegamecrafter",
        service: "The Game Crafter",
        sizes: &[
            size("poker", 2.5, 3.5),
            size("bridge", 2.25, 3.5),
            size("mini", 1.75, 2.5),
            size("tarot", 2.75, 4.75),
            size("square", 3.5, 3.5),
            size("small square", 2.5, 2.5),
            size("jumbo", 3.5, 5.5),
        ],
        bleed: Inch(0.125),
        safe: Inch(0.125),
        dpi: 300.0,
        order: Order::Interleaved,
        every_copy: false,
    },
    Preset {
        name: "makeplayingcards",
        service: "MakePlayingCards",
        sizes: &[
            size("poker", 2.5, 3.5),
            size("bridge", 2.25, 3.5),
            size("mini", 1.75, 2.5),
            size("tarot", 2.75, 4.75),
            size("square", 3.5, 3.5),
            size("small square", 2.5, 2.5),
        ],
        bleed: Inch(0.12),
        safe: Inch(0.12),
        dpi: 300.0,
        order: Order::FrontsThenBacks,
        every_copy: false,
    },
    Preset {
        name: "drivethrucards",
        service: "DriveThruCards",
        sizes: &[
            size("poker", 2.5, 3.5),
            size("bridge", 2.25, 3.5),
            size("tarot", 2.75, 4.75),
            size("square", 2.5, 2.5),
        ],
        bleed: Inch(0.125),
        safe: Inch(0.125),
        dpi: 300.0,
        order: Order::Interleaved,
        every_copy: true,
    },
];

/// The preset called `name`.
pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

/// The presets' names, for messages.
pub fn names() -> String {
    PRESETS.map(|p| p.name).join(", ")
}

/// A component fitted to a preset.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// Trim on the page, mm (the preset's card size, or the component's own).
    pub trim: (f64, f64),
    /// Bleed on every side of the page, mm (always the preset's).
    pub bleed: f64,
    /// Safe distance inside the trim that art is checked against, mm: the larger of the
    /// preset's and the component's own.
    pub safe: f64,
    /// The card size taken, or `None`: the component keeps its own size.
    pub card: Option<&'static str>,
    /// Scale of the face on the page (1 when it keeps its size).
    pub scale: f64,
}

impl Preset {
    /// Bleed, mm.
    pub fn bleed_mm(&self) -> f64 {
        self.bleed.in_mm()
    }

    /// How a component of `size` mm with `own_safe` mm of safe zone is printed.
    pub fn fit(&self, size: (f64, f64), own_safe: f64) -> Fit {
        let landscape = size.0 > size.1;
        let card = self.sizes.iter().find_map(|c| {
            let (w, h) = (c.width.in_mm(), c.height.in_mm());
            let (w, h) = if landscape { (h, w) } else { (w, h) };
            ((w - size.0).abs() <= MATCH_MM && (h - size.1).abs() <= MATCH_MM)
                .then_some((c.name, (w, h)))
        });
        let (name, trim) = match card {
            Some((n, t)) => (Some(n), t),
            None => (None, size),
        };
        Fit {
            trim,
            bleed: self.bleed_mm(),
            safe: self.safe.in_mm().max(own_safe),
            card: name,
            // The face covers the trim: a face a little smaller than the card grows to it,
            // uniformly, and loses a hair at one pair of edges.
            scale: (trim.0 / size.0).max(trim.1 / size.1),
        }
    }
}

/// The face's transform on the page: scaled by the fit and centred on the trim.
fn placement(fit: &Fit, size: (f64, f64)) -> Affine {
    let (w, h) = (size.0 * fit.scale, size.1 * fit.scale);
    Affine::scale(fit.scale).then(Affine::translate(
        fit.bleed + (fit.trim.0 - w) / 2.0,
        fit.bleed + (fit.trim.1 - h) / 2.0,
    ))
}

fn ring(outer: (f64, f64, f64, f64), inner: (f64, f64, f64, f64)) -> Vec<Seg> {
    let p = crate::scene::p;
    let (x, y, w, h) = outer;
    let (a, b, c, d) = inner;
    // Outer clockwise, inner counter-clockwise: the hole is outside the non-zero fill.
    vec![
        Seg::Move(p(x, y)),
        Seg::Line(p(x + w, y)),
        Seg::Line(p(x + w, y + h)),
        Seg::Line(p(x, y + h)),
        Seg::Close,
        Seg::Move(p(a, b)),
        Seg::Line(p(a, b + d)),
        Seg::Line(p(a + c, b + d)),
        Seg::Line(p(a + c, b)),
        Seg::Close,
    ]
}

/// How the band a component's own bleed leaves on a preset's page is filled, by its cut shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Edge {
    /// A rectangle (cards, tiles, mats, square pieces, a square board): its own bleed grown, or
    /// its art mirrored across each edge.
    Rect,
    /// A convex polygon in the face's coordinates (a triangle pawn): its art mirrored across
    /// each side, over the face grown past its sides for the corners.
    Polygon(Vec<P>),
    /// Another shape (a disc, a die net, a hexagonal board): left blank, as the paper around it.
    Paper,
}

/// The page of `face` (a component of `size` mm with `own_bleed` mm of art around it) for
/// `fit`: trim plus bleed. Where the face's own bleed does not reach the page's edge (a
/// component without bleed, or with less than the preset's), the band left is, for a
/// rectangle, filled with its own bleed grown a little when that bleed is at least as wide as
/// the band (3 mm of a card's bleed for the 3.175 a shop asks), else with the face's art
/// mirrored across each of its edges (a "mirror bleed": the colours at the edge run on,
/// continuous, and nothing from deeper inside the face shows); for a convex polygon, with its
/// art mirrored across each side; for another shape it is left blank (see [`Edge`]).
pub fn page(face: &Scene, size: (f64, f64), own_bleed: f64, fit: &Fit, edge: &Edge) -> Scene {
    if let Edge::Polygon(poly) = edge {
        return polygon_page(face, size, fit, poly);
    }
    let stretch = *edge == Edge::Rect;
    let (pw, ph) = (fit.trim.0 + 2.0 * fit.bleed, fit.trim.1 + 2.0 * fit.bleed);
    let mut s = Scene::new(pw, ph);
    let t = placement(fit, size);
    // The face's art, bleed included, on the page.
    let (ax, ay) = (t.e - own_bleed * fit.scale, t.f - own_bleed * fit.scale);
    let (aw, ah) = (
        (size.0 + 2.0 * own_bleed) * fit.scale,
        (size.1 + 2.0 * own_bleed) * fit.scale,
    );
    let art = (
        -own_bleed,
        -own_bleed,
        size.0 + 2.0 * own_bleed,
        size.1 + 2.0 * own_bleed,
    );
    let eps = 1e-6;
    if stretch && (ax > eps || ay > eps || ax + aw < pw - eps || ay + ah < ph - eps) {
        let mut band = Scene::new(pw, ph);
        // The widest strip missing on any side, mm of the page.
        let missing = ax.max(ay).max(pw - ax - aw).max(ph - ay - ah);
        if own_bleed * fit.scale + eps >= missing {
            // The face's own bleed is at least as wide as what is missing: its art box grown
            // to the page, behind it, fills the strip with the outer edge of that bleed (art
            // that is there to be cut off), in one copy.
            let k = (pw / aw).max(ph / ah);
            let grow = Affine::translate(-pw / 2.0, -ph / 2.0)
                .then(Affine::scale(k))
                .then(Affine::translate(pw / 2.0, ph / 2.0));
            band.place(face.clone(), t.then(grow), Some(art));
        } else {
            // Mirrored across the left or right edge (-1, +1), the top or bottom one, or both.
            for sx in [-1i32, 0, 1] {
                for sy in [-1i32, 0, 1] {
                    if sx == 0 && sy == 0 {
                        continue;
                    }
                    let axis = |k: i32, a: f64, len: f64| match k {
                        -1 => (-1.0, 2.0 * a),
                        1 => (-1.0, 2.0 * (a + len)),
                        _ => (1.0, 0.0),
                    };
                    let (mx, ex) = axis(sx, ax, aw);
                    let (my, ey) = axis(sy, ay, ah);
                    let mirror = Affine {
                        a: mx,
                        b: 0.0,
                        c: 0.0,
                        d: my,
                        e: ex,
                        f: ey,
                    };
                    band.place(face.clone(), t.then(mirror), Some(art));
                }
            }
        }
        // The band runs a little under the face's edge, so no hairline of paper shows where
        // the two meet once each is smoothed.
        let under = 0.1;
        s.place_clipped(
            band,
            Affine::IDENTITY,
            Some(ring(
                (0.0, 0.0, pw, ph),
                (ax + under, ay + under, aw - 2.0 * under, ah - 2.0 * under),
            )),
        );
    }
    s.place(face.clone(), t, Some(art));
    s
}

/// The page of a face cut along the convex polygon `poly` (its coordinates): the face, and past
/// each side its art mirrored across that side; under them, for the corners the mirrors leave,
/// the face grown about its centre until its sides lie a page's bleed past the cut.
fn polygon_page(face: &Scene, size: (f64, f64), fit: &Fit, poly: &[P]) -> Scene {
    let (pw, ph) = (fit.trim.0 + 2.0 * fit.bleed, fit.trim.1 + 2.0 * fit.bleed);
    let mut s = Scene::new(pw, ph);
    let t = placement(fit, size);
    let n = poly.len() as f64;
    let c = p(
        poly.iter().map(|q| q.x).sum::<f64>() / n,
        poly.iter().map(|q| q.y).sum::<f64>() / n,
    );
    let sides: Vec<(P, P)> = (0..poly.len())
        .map(|i| (poly[i], poly[(i + 1) % poly.len()]))
        .collect();
    // The distance from the centre to the nearest side, and a length past the whole page.
    let dist = |(a, b): (P, P), q: P| {
        let len = (b.x - a.x).hypot(b.y - a.y);
        ((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)).abs() / len
    };
    let inner = sides
        .iter()
        .map(|&e| dist(e, c))
        .fold(f64::INFINITY, f64::min);
    if inner <= 1e-9 {
        s.place(face.clone(), t, None);
        return s;
    }
    let far = (pw + ph) / fit.scale;
    let mut band = Scene::new(pw, ph);
    let grow = (inner + fit.bleed / fit.scale) / inner;
    band.place(
        face.clone(),
        Affine::translate(-c.x, -c.y)
            .then(Affine::scale(grow))
            .then(Affine::translate(c.x, c.y))
            .then(t),
        None,
    );
    for &(a, b) in &sides {
        let len = (b.x - a.x).hypot(b.y - a.y);
        let u = ((b.x - a.x) / len, (b.y - a.y) / len);
        // The side's normal towards the centre.
        let mut m = (-u.1, u.0);
        if (c.x - a.x) * m.0 + (c.y - a.y) * m.1 < 0.0 {
            m = (-m.0, -m.1);
        }
        // The reflection across the side's line: x' = a + R (x - a).
        let (r00, r01, r11) = (
            2.0 * u.0 * u.0 - 1.0,
            2.0 * u.0 * u.1,
            2.0 * u.1 * u.1 - 1.0,
        );
        let mirror = Affine {
            a: r00,
            b: r01,
            c: r01,
            d: r11,
            e: a.x - (r00 * a.x + r01 * a.y),
            f: a.y - (r01 * a.x + r11 * a.y),
        };
        // The art on the inner side of the line, which the mirror carries past it.
        let q = |k: f64, j: f64| p(a.x + u.0 * k + m.0 * j, a.y + u.1 * k + m.1 * j);
        let half = crate::scene::shape::polygon(&[
            q(-far, 0.0),
            q(len + far, 0.0),
            q(len + far, far),
            q(-far, far),
        ]);
        band.place_clipped(face.clone(), mirror.then(t), Some(half));
    }
    // The band stops a little inside the cut, so no hairline of paper shows where they meet.
    let under = 0.1;
    // Wound against the page's rectangle, so it is a hole under the non-zero rule.
    let area: f64 = sides.iter().map(|(a, b)| a.x * b.y - b.x * a.y).sum();
    let mut order: Vec<P> = poly.to_vec();
    if area > 0.0 {
        order.reverse();
    }
    let hole: Vec<P> = order
        .iter()
        .map(|q| {
            let k = (inner - under) / inner;
            t.apply(p(c.x + (q.x - c.x) * k, c.y + (q.y - c.y) * k))
        })
        .collect();
    let mut clip = crate::scene::shape::rect(0.0, 0.0, pw, ph);
    clip.extend(crate::scene::shape::polygon(&hole));
    s.place_clipped(band, Affine::IDENTITY, Some(clip));
    s.place(face.clone(), t, None);
    s
}

/// What a face breaks of the preset, once each: text or a picture crossing the safe zone
/// (between the safe line and the trim; a picture running on into the bleed is a background
/// and is fine), a picture printing below `min_ppi`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Findings {
    /// Some text reaches past the safe line.
    pub text_unsafe: bool,
    /// Some picture ends between the safe line and the trim.
    pub art_unsafe: bool,
    /// The lowest resolution of a picture, pixels per inch.
    pub lowest_ppi: Option<f64>,
}

/// Checks `face` (as placed by [`page`], without the stretched band) against `fit`.
pub fn check(face: &Scene, size: (f64, f64), fit: &Fit) -> Findings {
    let t = placement(fit, size);
    let mut s = Scene::new(fit.trim.0 + 2.0 * fit.bleed, fit.trim.1 + 2.0 * fit.bleed);
    s.place(face.clone(), t, None);
    let (x0, y0) = (fit.bleed + fit.safe, fit.bleed + fit.safe);
    let (x1, y1) = (
        fit.bleed + fit.trim.0 - fit.safe,
        fit.bleed + fit.trim.1 - fit.safe,
    );
    let (tx0, ty0, tx1, ty1) = (
        fit.bleed,
        fit.bleed,
        fit.bleed + fit.trim.0,
        fit.bleed + fit.trim.1,
    );
    let tol = 0.05;
    let mut out = Findings::default();
    for f in s.flatten() {
        match f {
            Flat::Text(run, angle) if !run.text.trim().is_empty() => {
                let w = run.face.width_mm(&run.text, run.size);
                let asc = run.size * MM_PER_PT * 0.75;
                let (s, c) = angle.to_radians().sin_cos();
                // The run's box: start and end of the baseline, and the ascender above both.
                let pts = [(0.0, 0.0), (w, 0.0), (0.0, -asc), (w, -asc)]
                    .map(|(u, v)| (run.x + u * c - v * s, run.y + u * s + v * c));
                if pts
                    .iter()
                    .any(|&(x, y)| x < x0 - tol || x > x1 + tol || y < y0 - tol || y > y1 + tol)
                {
                    out.text_unsafe = true;
                }
            }
            Flat::Image(r, m) => {
                let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
                    .map(|(u, v)| (m.a * u + m.c * v + m.e, m.b * u + m.d * v + m.f));
                let min =
                    |k: fn(&(f64, f64)) -> f64| corners.iter().map(k).fold(f64::INFINITY, f64::min);
                let max = |k: fn(&(f64, f64)) -> f64| {
                    corners.iter().map(k).fold(f64::NEG_INFINITY, f64::max)
                };
                let (ix0, iy0, ix1, iy1) = (min(|p| p.0), min(|p| p.1), max(|p| p.0), max(|p| p.1));
                if ix1 <= tx0 || iy1 <= ty0 || ix0 >= tx1 || iy0 >= ty1 {
                    continue;
                }
                // A side of the picture inside the band between the safe line and the trim.
                let in_band = |v: f64, safe: f64, trim: f64| {
                    let (lo, hi) = if safe < trim {
                        (safe, trim)
                    } else {
                        (trim, safe)
                    };
                    v > lo + tol && v < hi - tol
                };
                if in_band(ix0, x0, tx0)
                    || in_band(iy0, y0, ty0)
                    || in_band(ix1, x1, tx1)
                    || in_band(iy1, y1, ty1)
                {
                    out.art_unsafe = true;
                }
                let w_in = (m.a.hypot(m.b)) / MM_PER_INCH;
                let h_in = (m.c.hypot(m.d)) / MM_PER_INCH;
                let ppi = (f64::from(r.width) / w_in).min(f64::from(r.height) / h_in);
                out.lowest_ppi = Some(out.lowest_ppi.map_or(ppi, |p: f64| p.min(ppi)));
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour of the point (`x`, `y`) mm of `s`, drawn at `k` pixels per millimetre.
    fn pixel_at(s: &Scene, k: f64, x: f64, y: f64) -> (u8, u8, u8) {
        let px = ((s.width * k) as u32, (s.height * k) as u32);
        let pm = super::super::raster::draw(s, px, (k, k)).unwrap();
        let c = pm.pixel((x * k) as u32, (y * k) as u32).unwrap();
        (c.red(), c.green(), c.blue())
    }
    #[test]
    fn poker_cards_take_the_services_sizes() {
        let px = |mm: f64, dpi: f64| (mm / MM_PER_INCH * dpi).round();
        for (name, w, h) in [
            ("thegamecrafter", 825.0, 1125.0),
            ("makeplayingcards", 822.0, 1122.0),
            ("drivethrucards", 825.0, 1125.0),
        ] {
            let p = preset(name).unwrap();
            let f = p.fit((63.0, 88.0), 3.0);
            assert_eq!(f.card, Some("poker"));
            let (pw, ph) = (f.trim.0 + 2.0 * f.bleed, f.trim.1 + 2.0 * f.bleed);
            assert_eq!((px(pw, p.dpi), px(ph, p.dpi)), (w, h), "{name}");
        }
        // A 45 mm board keeps its size.
        let f = PRESETS[0].fit((45.0, 45.0), 0.0);
        assert_eq!((f.card, f.trim, f.scale), (None, (45.0, 45.0), 1.0));
    }

    #[test]
    fn a_rectangle_s_missing_bleed_is_its_edge_mirrored_and_a_disc_s_is_left_blank() {
        use crate::base::color::Color;
        use crate::scene::shape;
        // A 40 mm square tile without bleed: red on the left, a black line 1 to 1.5 mm inside
        // its left edge, blue on the right.
        let mut face = Scene::new(40.0, 40.0);
        face.path(
            shape::rect(0.0, 0.0, 20.0, 40.0),
            Some(Color::rgb(255, 0, 0)),
            None,
        );
        face.path(
            shape::rect(20.0, 0.0, 20.0, 40.0),
            Some(Color::rgb(0, 0, 255)),
            None,
        );
        face.path(
            shape::rect(1.0, 0.0, 0.5, 40.0),
            Some(Color::rgb(0, 0, 0)),
            None,
        );
        let fit = PRESETS[0].fit((40.0, 40.0), 0.0);
        let k = 10.0;
        let pixel = |s: &Scene, x: f64, y: f64| pixel_at(s, k, x, y);
        let b = fit.bleed;
        let mirrored = page(&face, (40.0, 40.0), 0.0, &fit, &Edge::Rect);
        // Left band red, right band blue, the top-left corner red: the edges run on.
        assert_eq!(pixel(&mirrored, b / 2.0, 20.0), (255, 0, 0));
        assert_eq!(pixel(&mirrored, b + 40.0 + b / 2.0, 20.0), (0, 0, 255));
        assert_eq!(pixel(&mirrored, b / 2.0, b / 2.0), (255, 0, 0));
        // The black line comes back as its mirror image, 1.25 mm outside the edge, and only
        // there (the face stretched by 46.35 / 40 would have put it at 1.45 mm from the page's
        // edge, 1.73 mm outside).
        assert_eq!(pixel(&mirrored, b - 1.25, 20.0), (0, 0, 0));
        assert_eq!(pixel(&mirrored, b + 1.25, 20.0), (0, 0, 0));
        assert_eq!(pixel(&mirrored, 1.45, 20.0), (255, 0, 0));
        // A card with 3 mm of bleed of its own (red past its cut), a band of 0.175 mm missing:
        // its bleed grown fills it, in one copy, and no mirror brings the line out.
        let mut bled = Scene::new(40.0, 40.0);
        bled.path(
            shape::rect(-3.0, -3.0, 46.0, 46.0),
            Some(Color::rgb(255, 0, 0)),
            None,
        );
        bled.path(
            shape::rect(1.0, 0.0, 0.5, 40.0),
            Some(Color::rgb(0, 0, 0)),
            None,
        );
        let grown = page(&bled, (40.0, 40.0), 3.0, &fit, &Edge::Rect);
        assert_eq!(pixel(&grown, 0.05, 20.0), (255, 0, 0));
        assert_eq!(pixel(&grown, b - 1.25, 20.0), (255, 0, 0));
        let paths = |s: &Scene| {
            s.flatten()
                .iter()
                .filter(|f| matches!(f, crate::scene::Flat::Path(_)))
                .count()
        };
        let alone = page(&bled, (40.0, 40.0), 3.0, &fit, &Edge::Paper);
        assert_eq!(paths(&grown), 2 * paths(&alone));
        assert_eq!(paths(&mirrored), 9 * paths(&face));
        // A shape that is not a rectangle: the band stays paper.
        let blank = page(&face, (40.0, 40.0), 0.0, &fit, &Edge::Paper);
        assert_eq!(pixel(&blank, b / 2.0, 20.0), (255, 255, 255));
        assert_eq!(pixel(&blank, b + 10.0, 20.0), (255, 0, 0));
    }

    #[test]
    fn a_triangle_s_bleed_is_its_art_carried_past_each_edge() {
        use crate::base::color::Color;
        use crate::scene::{p, shape};
        // A 30 mm triangle pawn pointing up, as Imperator's: red, with a black line 1 to
        // 1.5 mm above its base.
        let (w, h) = (30.0, 30.0 * crate::geometry::triangles::H);
        let mut face = Scene::new(w, h);
        let tri = [p(w / 2.0, 0.0), p(w, h), p(0.0, h)];
        face.path(shape::polygon(&tri), Some(Color::rgb(255, 0, 0)), None);
        face.path(
            shape::rect(5.0, h - 1.5, 20.0, 0.5),
            Some(Color::rgb(0, 0, 0)),
            None,
        );
        let fit = PRESETS[0].fit((w, h), 0.0);
        let k = 10.0;
        let pixel = |s: &Scene, x: f64, y: f64| pixel_at(s, k, x, y);
        let b = fit.bleed;
        let page = page(&face, (w, h), 0.0, &fit, &Edge::Polygon(tri.to_vec()));
        // Below the base, in the bottom bleed band: the red runs on, and the black line comes
        // back only as its mirror image, 1.25 mm below the base.
        assert_eq!(pixel(&page, b + w / 2.0, b + h + b / 2.0), (255, 0, 0));
        assert_eq!(pixel(&page, b + w / 2.0, b + h + 1.25), (0, 0, 0));
        assert_eq!(pixel(&page, b + w / 2.0, b + h + 2.5), (255, 0, 0));
        // Past a slanted side, 1 mm out from its middle.
        let (mx, my) = (b + w * 0.75, b + h / 2.0);
        let out = (crate::geometry::triangles::H, 0.5);
        assert_eq!(pixel(&page, mx + out.0, my - out.1), (255, 0, 0));
        // Far from the shape, the page's top corners stay paper.
        assert_eq!(pixel(&page, 0.5, 0.5), (255, 255, 255));
    }
}
