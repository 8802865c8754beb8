//! Pieces: `[piece.<id>]` → [`Piece`].
//!
//! In: a [`raw::PieceRaw`]. Out: a checked [`Piece`], errors in the context.

use super::context::{values, Ctx, MAX_COUNT, MAX_NAME};
use super::layout::Layouts;
use crate::base::color::Color;
use crate::definition::model::{Piece, PieceShape};
use crate::definition::raw;
use toml::Spanned;

pub(super) fn piece(cx: &mut Ctx, p: &raw::PieceRaw, margin: f64, lays: &mut Layouts) -> Piece {
    let id = cx.id(&p.id);
    cx.stem(&p.id, id.clone(), format!("piece `{id}`"));
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
    let mut piece = Piece {
        id,
        name: cx.text(&p.name, MAX_NAME, "name"),
        shape,
        size: cx.length(&p.size, 5.0, 150.0, "piece size"),
        fill: cx.color(&p.fill),
        line: cx.color(&p.line),
        back: p.back.as_ref().map(|c| cx.color(c)),
        symbol: p.symbol.as_ref().and_then(|s| cx.symbol(s)),
        count: cx.int(&p.count, 1, MAX_COUNT, "count"),
        front_face: Vec::new(),
        back_face: None,
    };
    let (w, h) = piece.extent();
    cx.fits_paper(&p.size, w, h, margin);
    // A piece is drawn by its layout, by default the library's for its shape (`piece-disc`...).
    let default = Spanned::new(p.shape.span(), format!("piece-{shape_name}"));
    let name = p.layout.as_ref().unwrap_or(&default);
    if let Some(elements) = lays.elements(cx, name) {
        let shapes = lays.shapes(cx, &elements, (w, h), 0.0, 0.0);
        let symbol = p
            .symbol
            .as_ref()
            .filter(|_| piece.symbol.is_some())
            .map_or(String::new(), |s| s.get_ref().clone());
        let back = piece.back.map_or(String::new(), |c| c.to_string());
        let face = |fill: Color, symbol: &str, side: &str| {
            values(
                &piece.id,
                &piece.name,
                fill,
                vec![
                    ("line".into(), piece.line.to_string()),
                    ("symbol".into(), symbol.into()),
                    ("back".into(), back.clone()),
                    ("face".into(), side.into()),
                ],
            )
        };
        let front = face(piece.fill, &symbol, "front");
        let back_face = piece.back.map(|b| face(b, "", "back"));
        piece.front_face = lays.face_of("piece", cx, &shapes, &front, piece.line);
        piece.back_face = back_face.map(|b| lays.face_of("piece", cx, &shapes, &b, piece.line));
    }
    if piece.back_face.is_some() {
        let id = &piece.id;
        cx.stem(
            &p.id,
            format!("{id}-back"),
            format!("the back of piece `{id}`"),
        );
    }
    piece
}
