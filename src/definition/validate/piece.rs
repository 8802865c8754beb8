//! Pieces: `[piece.<id>]` → [`Piece`]s: one piece, or with a data file one piece a row
//! (`<id>-<row id>`, the row's fields read by the layout).
//!
//! In: a [`raw::PieceRaw`]. Out: checked [`Piece`]s, errors in the context.

use super::context::{values, Ctx, MAX_NAME};
use super::layout::Layouts;
use super::rows::{fields_read, rows, table, toml_fields, with_fields};
use crate::base::color::Color;
use crate::base::diag::{Diagnostic, Diagnostics};
use crate::base::lang::Text;
use crate::definition::model::{Piece, PieceShape};
use crate::definition::raw;
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

/// A piece's own keys, which a field or a data column may not be but `id` and `count`.
const KEYS: [&str; 2] = ["id", "count"];

pub(super) fn piece(
    cx: &mut Ctx,
    p: &raw::PieceRaw,
    margin: f64,
    lays: &mut Layouts,
) -> Vec<Piece> {
    let id = cx.id(&p.id);
    let shape_name = cx
        .choice(
            &p.shape,
            &["disc", "square", "triangle", "brick"],
            "piece shape",
        )
        .unwrap_or("disc");
    let shape = match shape_name {
        "square" => PieceShape::Square,
        "triangle" => PieceShape::Triangle,
        "brick" => PieceShape::Brick,
        _ => PieceShape::Disc,
    };
    let size = cx.length(&p.size, 5.0, 150.0, "piece size");
    let bleed = p
        .bleed
        .as_ref()
        .map_or(0.0, |b| cx.length(b, 0.0, 5.0, "bleed"));
    if let (PieceShape::Triangle, Some(b)) = (shape, &p.bleed) {
        if bleed > 0.0 {
            cx.err(
                b,
                "bleed: a triangle piece is cut along its sides, with no bleed; give bleed to discs, squares and bricks".into(),
            );
        }
    }
    let safe = p
        .safe
        .as_ref()
        .map_or(0.0, |s| cx.length(s, 0.0, size / 4.0, "safe"));
    let base = Piece {
        id: id.clone(),
        name: cx.text(&p.name, MAX_NAME, "name"),
        shape,
        size,
        fill: cx.color(&p.fill),
        line: cx.color(&p.line),
        back: p.back.as_ref().map(|c| cx.color(c)),
        symbol: p.symbol.as_ref().and_then(|s| cx.symbol(s)),
        count: cx.count(&p.count),
        bleed,
        safe,
        front_face: Vec::new(),
        back_face: None,
    };
    let (w, h) = base.extent();
    cx.fits_paper(&p.size, w + 2.0 * bleed, h + 2.0 * bleed, margin);
    // A piece is drawn by its layout, by default the library's for its shape (`piece-disc`...).
    let default = Spanned::new(p.shape.span(), format!("piece-{shape_name}"));
    let name = p.layout.as_ref().unwrap_or(&default);
    let (fields, places) = toml_fields(cx, &p.fields, &KEYS, "the component's");
    if let Some(reads) = lays.reads_known(cx, name) {
        fields_read(cx, &p.fields, &reads, name.get_ref());
    }
    let here = Arc::new(cx.src.error(p.id.span(), ""));
    // Each piece to make: its id, copies, fields, their places, and where it is defined.
    type Kind = (
        String,
        usize,
        BTreeMap<String, Text>,
        BTreeMap<String, Arc<Diagnostic>>,
        Arc<Diagnostic>,
    );
    let mut kinds: Vec<Kind> = Vec::new();
    match &p.data {
        None => {
            cx.stem(&p.id, id.clone(), format!("piece `{id}`"));
            kinds.push((id.clone(), base.count, fields, places, here));
        }
        Some(file) => {
            if let Some(t) = table(cx, file) {
                let reads = lays.column_reads(cx, name, &t);
                let before = cx.diags.0.len();
                let found = rows(cx, &t, &KEYS, &reads, true);
                if found.is_empty() && cx.diags.0.len() == before {
                    cx.err(
                        file,
                        "the data file has no row: a piece needs at least one".into(),
                    );
                }
                // The rows' ids and copies, checked in the data file's place.
                let mut sub = Ctx {
                    src: &t.src,
                    lib: cx.lib,
                    diags: Diagnostics::default(),
                    colors: cx.colors.clone(),
                    ids: std::mem::take(&mut cx.ids),
                    stems: std::mem::take(&mut cx.stems),
                    langs: cx.langs.clone(),
                    folder: cx.folder.clone(),
                    pending: Vec::new(),
                };
                for r in found {
                    let Some(rid) = r.id else { continue };
                    let whole = Spanned::new(rid.span(), format!("{id}-{}", rid.get_ref()));
                    if !sub.safe_id(&rid, "piece id") {
                        continue;
                    }
                    let full = sub.id(&whole);
                    sub.stem(&rid, full.clone(), format!("piece `{full}`"));
                    let count = match &r.count {
                        Some(c) => sub.count(&Some(c.clone())),
                        None => base.count,
                    };
                    let mut f = fields.clone();
                    let mut pl = places.clone();
                    f.extend(r.fields);
                    pl.extend(r.places);
                    kinds.push((full, count, f, pl, r.at));
                }
                cx.ids = std::mem::take(&mut sub.ids);
                cx.stems = std::mem::take(&mut sub.stems);
                cx.diags.0.extend(sub.diags.0);
                cx.pending.extend(sub.pending);
            }
        }
    }
    let elements = lays.elements(cx, name);
    let shapes = elements
        .as_ref()
        .map(|e| lays.shapes(cx, e, (w, h), bleed, safe));
    let mut out = Vec::new();
    for (kid, count, fields, places, at) in kinds {
        let mut piece = Piece {
            id: kid,
            count,
            ..base.clone()
        };
        if let Some(shapes) = &shapes {
            let symbol = p
                .symbol
                .as_ref()
                .filter(|_| piece.symbol.is_some())
                .map_or(String::new(), |s| s.get_ref().clone());
            let back = piece.back.map_or(String::new(), |c| c.to_string());
            let face = |fill: Color, symbol: &str, side: &str| {
                let v = values(
                    &piece.id,
                    &piece.name,
                    fill,
                    vec![
                        ("line".into(), piece.line.to_string()),
                        ("symbol".into(), symbol.into()),
                        ("back".into(), back.clone()),
                        ("face".into(), side.into()),
                        // Not empty when the piece has a bleed: the library's layouts then
                        // carry the face's colour past the cut.
                        (
                            "bleed".into(),
                            if bleed > 0.0 {
                                format!("{bleed}")
                            } else {
                                String::new()
                            },
                        ),
                    ],
                );
                with_fields(v, &fields, &places, &at)
            };
            let front = face(piece.fill, &symbol, "front");
            let back_face = piece.back.map(|b| face(b, "", "back"));
            piece.front_face = lays.face_of("piece", cx, shapes, &front, piece.line);
            piece.back_face = back_face.map(|b| lays.face_of("piece", cx, shapes, &b, piece.line));
        }
        if piece.back_face.is_some() {
            let id = &piece.id;
            cx.stem(
                &p.id,
                format!("{id}-back"),
                format!("the back of piece `{id}`"),
            );
        }
        out.push(piece);
    }
    out
}
