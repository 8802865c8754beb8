//! Print-shop presets and faces fitted to them: the card sizes, bleed, safe zone, resolution
//! and page order of The Game Crafter, MakePlayingCards and DriveThruCards, a face placed on
//! a preset's page (trim and bleed), and the checks of art against the preset.
//!
//! In: a face ([`Scene`] of its cut box, its art running into its own bleed) and the
//! component's size and bleed; out: a page scene of the preset's trim plus bleed, and warnings.

use crate::base::units::{MM_PER_INCH, MM_PER_PT};
use crate::scene::{Affine, Flat, Scene, Seg};

/// A card size a service sells, in inches (portrait).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardSize {
    /// The service's name for it.
    pub name: &'static str,
    /// Width, inches.
    pub width: f64,
    /// Height, inches.
    pub height: f64,
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
    /// Bleed on every side, inches.
    pub bleed: f64,
    /// Safe zone inside the trim, inches.
    pub safe: f64,
    /// Resolution of images, dots per inch.
    pub dpi: f64,
    /// Order of fronts and backs in a PDF.
    pub order: Order,
    /// Every copy on its own pages (the shop prints the file as it is), rather than each
    /// distinct face once with its count in `quantities.txt`.
    pub every_copy: bool,
}

const fn size(name: &'static str, width: f64, height: f64) -> CardSize {
    CardSize {
        name,
        width,
        height,
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
        bleed: 0.125,
        safe: 0.125,
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
        bleed: 0.12,
        safe: 0.12,
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
        bleed: 0.125,
        safe: 0.125,
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
        self.bleed * MM_PER_INCH
    }

    /// How a component of `size` mm with `own_safe` mm of safe zone is printed.
    pub fn fit(&self, size: (f64, f64), own_safe: f64) -> Fit {
        let landscape = size.0 > size.1;
        let card = self.sizes.iter().find_map(|c| {
            let (w, h) = (c.width * MM_PER_INCH, c.height * MM_PER_INCH);
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
            safe: (self.safe * MM_PER_INCH).max(own_safe),
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

/// The page of `face` (a component of `size` mm with `own_bleed` mm of art around it) for
/// `fit`: trim plus bleed. Where the face's own bleed does not reach the page's edge (a
/// component without bleed, or with less than the preset's), the band left is, for a
/// rectangular component (`stretch`), filled with its own bleed grown a little when that bleed
/// is at least as wide as the band (3 mm of a card's bleed for the 3.175 a shop asks), else with
/// the face's art mirrored across each of its edges (a "mirror bleed": the colours at the edge
/// run on, continuous, and nothing from deeper inside the face shows); for another shape (a
/// disc, a die net, a hexagonal board) it is left blank, as the paper around the shape is.
pub fn page(face: &Scene, size: (f64, f64), own_bleed: f64, fit: &Fit, stretch: bool) -> Scene {
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
        let pixel = |s: &Scene, x: f64, y: f64| {
            let px = ((s.width * k) as u32, (s.height * k) as u32);
            let pm = super::super::raster::draw(s, px, (k, k)).unwrap();
            let c = pm.pixel((x * k) as u32, (y * k) as u32).unwrap();
            (c.red(), c.green(), c.blue())
        };
        let b = fit.bleed;
        let mirrored = page(&face, (40.0, 40.0), 0.0, &fit, true);
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
        let grown = page(&bled, (40.0, 40.0), 3.0, &fit, true);
        assert_eq!(pixel(&grown, 0.05, 20.0), (255, 0, 0));
        assert_eq!(pixel(&grown, b - 1.25, 20.0), (255, 0, 0));
        let paths = |s: &Scene| {
            s.flatten()
                .iter()
                .filter(|f| matches!(f, crate::scene::Flat::Path(_)))
                .count()
        };
        let alone = page(&bled, (40.0, 40.0), 3.0, &fit, false);
        assert_eq!(paths(&grown), 2 * paths(&alone));
        assert_eq!(paths(&mirrored), 9 * paths(&face));
        // A shape that is not a rectangle: the band stays paper.
        let blank = page(&face, (40.0, 40.0), 0.0, &fit, false);
        assert_eq!(pixel(&blank, b / 2.0, 20.0), (255, 255, 255));
        assert_eq!(pixel(&blank, b + 10.0, 20.0), (255, 0, 0));
    }
}
