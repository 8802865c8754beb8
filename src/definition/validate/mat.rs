//! Player mats: `[mat.<id>]` → [`Mat`].
//!
//! In: a [`raw::MatRaw`]. Out: a checked [`Mat`], errors in the context.

use super::context::{Ctx, MAX_NAME};
use crate::definition::model::Mat;
use crate::definition::raw;

/// Most columns or rows of a mat. A mat's own limit: it has no named cells, so the square
/// board's `geometry::square::MAX_SIDE` (also 60) does not bind it.
const MAX_MAT_SIDE: i64 = 60;

pub(super) fn mat(cx: &mut Ctx, m: &raw::MatRaw) -> Mat {
    let id = cx.id(&m.id);
    cx.stem(&m.id, id.clone(), format!("mat `{id}`"));
    Mat {
        id,
        name: cx.text(&m.name, MAX_NAME, "name"),
        cols: cx.int(&m.cols, 1, MAX_MAT_SIDE, "mat columns"),
        rows: cx.int(&m.rows, 1, MAX_MAT_SIDE, "mat rows"),
        cell: cx.length(&m.cell, 5.0, 100.0, "mat cell"),
        fill: cx.color(&m.fill),
        line: cx.color(&m.line),
    }
}
