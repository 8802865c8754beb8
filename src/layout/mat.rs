//! A squared play mat (Lignes' optional support).

use crate::definition::model::Mat;
use crate::scene::{p, shape, Scene, Stroke};

/// Draws the whole mat.
pub fn draw(m: &Mat) -> Scene {
    let (w, h) = (m.cols as f64 * m.cell, m.rows as f64 * m.cell);
    let mut s = Scene::new(w, h);
    s.path(shape::rect(0.0, 0.0, w, h), Some(m.fill), None);
    let st = Some(Stroke::solid(m.line, 0.3));
    for i in 0..=m.cols {
        let x = i as f64 * m.cell;
        s.path(shape::line(p(x, 0.0), p(x, h)), None, st);
    }
    for j in 0..=m.rows {
        let y = j as f64 * m.cell;
        s.path(shape::line(p(0.0, y), p(w, y)), None, st);
    }
    s
}
