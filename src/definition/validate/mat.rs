//! Player mats: `[mat.<id>]` → [`Mat`].
//!
//! In: a [`raw::MatRaw`]. Out: a checked [`Mat`], errors in the context.

use super::context::{Ctx, MAX_NAME};
use crate::definition::model::Mat;
use crate::definition::raw;

pub(super) fn mat(cx: &mut Ctx, m: &raw::MatRaw) -> Mat {
    let id = cx.id(&m.id);
    cx.stem(&m.id, id.clone(), format!("mat `{id}`"));
    Mat {
        id,
        name: cx.text(&m.name, MAX_NAME, "name"),
        cols: cx.int(&m.cols, 1, 60, "mat columns"),
        rows: cx.int(&m.rows, 1, 60, "mat rows"),
        cell: cx.length(&m.cell, 5.0, 100.0, "mat cell"),
        fill: cx.color(&m.fill),
        line: cx.color(&m.line),
    }
}
