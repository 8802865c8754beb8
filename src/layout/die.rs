//! A foldable die net: six faces in a cross, each drawn by its layout (pips, a text, an icon:
//! the library's `die-face`), fold lines dashed, seven glue tabs.

use super::{element, Outline, HAIRLINE};
use crate::base::lang::Lang;
use crate::definition::model::Die;
use crate::scene::{p, shape, Affine, Scene, Stroke, P};

/// Net cell of each face in `faces` order: top, left, front, right, back, bottom.
const CELLS: [(usize, usize); 6] = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)];

/// Glue tabs: (face index, edge), edges 0 top, 1 right, 2 bottom, 3 left.
const TABS: [(usize, usize); 7] = [(1, 0), (1, 2), (1, 3), (3, 0), (3, 2), (4, 0), (4, 2)];

/// Each face's square and each glue tab's trapezoid on the net, in the net's coordinates.
fn shapes(d: &Die) -> (Vec<[P; 4]>, Vec<[P; 4]>) {
    let f = d.face;
    let t = f * crate::definition::model::DIE_TAB;
    let at = |c: usize, r: usize| p(t + c as f64 * f, t + r as f64 * f);
    let square = |c: usize, r: usize| {
        let o = at(c, r);
        [o, p(o.x + f, o.y), p(o.x + f, o.y + f), p(o.x, o.y + f)]
    };
    let faces = CELLS.iter().map(|&(c, r)| square(c, r)).collect();
    let tabs = TABS
        .iter()
        .map(|&(face, edge)| {
            let corners = square(CELLS[face].0, CELLS[face].1);
            let (a, b) = (corners[edge], corners[(edge + 1) % 4]);
            let out = match edge {
                0 => (0.0, -t),
                1 => (t, 0.0),
                2 => (0.0, t),
                _ => (-t, 0.0),
            };
            let k = 0.25;
            let a2 = p(a.x + out.0 + (b.x - a.x) * k, a.y + out.1 + (b.y - a.y) * k);
            let b2 = p(b.x + out.0 + (a.x - b.x) * k, b.y + out.1 + (a.y - b.y) * k);
            [a, a2, b2, b]
        })
        .collect();
    (faces, tabs)
}

/// The net's cut shape: its six faces and seven tabs (the edges they share are folds).
pub fn outline(d: &Die) -> Outline {
    let (faces, tabs) = shapes(d);
    Outline {
        parts: faces.iter().chain(&tabs).map(|q| q.to_vec()).collect(),
    }
}

/// Draws the net in `lang`; the scene includes the glue tabs.
pub fn draw(d: &Die, lang: Lang) -> Scene {
    let f = d.face;
    let t = f * crate::definition::model::DIE_TAB;
    let (w, h) = d.extent();
    let mut s = Scene::new(w, h);
    let at = |c: usize, r: usize| p(t + c as f64 * f, t + r as f64 * f);
    let cut = Some(Stroke::solid(d.pip, 0.3));
    for tab in shapes(d).1 {
        s.path(shape::polygon(&tab), Some(d.fill.darken(0.1)), cut);
    }
    // Each face is drawn by its layout's elements, on its square of the net.
    for (i, &(c, r)) in CELLS.iter().enumerate() {
        let o = at(c, r);
        let mut face = Scene::new(f, f);
        element::draw(&mut face, &d.faces[i], f, f, lang);
        s.place(face, Affine::translate(o.x, o.y), None);
    }
    // Fold lines between adjacent faces.
    let fold = Some(Stroke::dashed(d.pip, HAIRLINE * 2.0, 1.5, 1.0));
    for (a, b) in [(0, 2), (1, 2), (2, 3), (3, 4), (2, 5)] {
        let (ca, cb) = (CELLS[a], CELLS[b]);
        let (c, r) = (ca.0.max(cb.0), ca.1.max(cb.1));
        let o = at(c, r);
        let seg = if ca.1 == cb.1 {
            shape::line(o, p(o.x, o.y + f))
        } else {
            shape::line(o, p(o.x + f, o.y))
        };
        s.path(seg, None, fold);
    }
    // Outline of the net (the cut line), face edges that are not folds.
    for (i, &(c, r)) in CELLS.iter().enumerate() {
        let o = at(c, r);
        let corners = [o, p(o.x + f, o.y), p(o.x + f, o.y + f), p(o.x, o.y + f)];
        for e in 0..4 {
            let neighbour = match e {
                0 => (c as i32, r as i32 - 1),
                1 => (c as i32 + 1, r as i32),
                2 => (c as i32, r as i32 + 1),
                _ => (c as i32 - 1, r as i32),
            };
            let has = CELLS
                .iter()
                .any(|&(x, y)| (x as i32, y as i32) == neighbour);
            let tabbed = TABS.contains(&(i, e));
            if !has && !tabbed {
                s.path(shape::line(corners[e], corners[(e + 1) % 4]), None, cut);
            } else if !has {
                s.path(shape::line(corners[e], corners[(e + 1) % 4]), None, fold);
            }
        }
    }
    s
}
