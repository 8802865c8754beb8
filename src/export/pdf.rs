//! PDF export (with `printpdf` operations): vector paths and real text in the embedded fonts.
//!
//! Output is deterministic: fixed dates, font names drawn from the fonts' bytes, and a document id derived from
//! the content instead of printpdf's process-wide counter.

use super::subset;
use crate::color::Color;
use crate::fonts::Face;
use crate::scene::{Flat, Scene, Seg, P};
use printpdf::{
    FontId, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Polygon, PolygonRing, Pt, Rgb, TextItem, WindingOrder,
};
use std::collections::BTreeMap;

const PT_PER_MM: f64 = 72.0 / 25.4;

/// Document metadata.
#[derive(Debug, Clone)]
pub struct Meta {
    /// Title shown by viewers.
    pub title: String,
    /// Compress streams (off only to inspect the content in tests).
    pub compress: bool,
}

/// The PDF name of a face: its PostScript name, behind a six-letter tag drawn from the font's
/// bytes when the embedded program is a subset (`ABCDEF+Lato-Bold`, ISO 32000-1, 9.6.4).
fn font_id(face: Face, subset: bool) -> FontId {
    let ps = face.postscript_name();
    if subset {
        let mut h = face.hash();
        let tag: String = (0..6)
            .map(|_| {
                let c = char::from(b'A' + (h % 26) as u8);
                h /= 26;
                c
            })
            .collect();
        FontId(format!("{tag}+{ps}"))
    } else {
        FontId(format!("{ps}-{:08X}", face.hash() as u32))
    }
}

fn color(c: Color) -> printpdf::Color {
    printpdf::Color::Rgb(Rgb {
        r: f32::from(c.r) / 255.0,
        g: f32::from(c.g) / 255.0,
        b: f32::from(c.b) / 255.0,
        icc_profile: None,
    })
}

/// An opacity in thousandths (1000: opaque), the grain of the graphics states written.
fn alpha(o: f64) -> u32 {
    (o.clamp(0.0, 1.0) * 1000.0).round() as u32
}

/// The graphics state of a fill and a stroke opacity in thousandths.
fn gs_id(fill: u32, stroke: u32) -> printpdf::ExtendedGraphicsStateId {
    printpdf::ExtendedGraphicsStateId(format!("GSf{fill}s{stroke}"))
}

/// A gradient as a PDF shading in its own coordinates, padded at both ends.
fn shading(g: &crate::scene::Gradient) -> printpdf::Shading {
    use crate::scene::GradientShape;
    let geometry = match g.shape {
        GradientShape::Linear { x1, y1, x2, y2 } => printpdf::ShadingGeometry::Axial {
            coords: [x1, y1, x2, y2].map(|v| v as f32),
        },
        GradientShape::Radial { cx, cy, r, fx, fy } => printpdf::ShadingGeometry::Radial {
            coords: [fx, fy, 0.0, cx, cy, r].map(|v| v as f32),
        },
    };
    printpdf::Shading {
        geometry,
        stops: g
            .stops
            .iter()
            .map(|(o, c)| printpdf::GradientStop {
                offset: *o as f32,
                color: [c.r, c.g, c.b].map(|v| f32::from(v) / 255.0),
            })
            .collect(),
        extend: (true, true),
    }
}

fn pt(q: P, page_h: f64) -> Point {
    Point {
        x: Pt((q.x * PT_PER_MM) as f32),
        y: Pt(((page_h - q.y) * PT_PER_MM) as f32),
    }
}

/// Splits segments into subpaths of line points (Bézier controls flagged).
fn rings(segs: &[Seg], page_h: f64) -> Vec<(Vec<LinePoint>, bool)> {
    let mut out: Vec<(Vec<LinePoint>, bool)> = Vec::new();
    let lp = |q: P, bezier: bool| LinePoint {
        p: pt(q, page_h),
        bezier,
    };
    for seg in segs {
        match *seg {
            Seg::Move(a) => out.push((vec![lp(a, false)], false)),
            Seg::Line(a) => {
                if let Some(r) = out.last_mut() {
                    r.0.push(lp(a, false));
                }
            }
            Seg::Cubic(a, b, c) => {
                if let Some(r) = out.last_mut() {
                    r.0.extend([lp(a, true), lp(b, true), lp(c, false)]);
                }
            }
            Seg::Close => {
                if let Some(r) = out.last_mut() {
                    r.1 = true;
                }
            }
        }
    }
    out
}

fn page_ops(scene: &Scene, fonts: &BTreeMap<Face, FontId>) -> Vec<Op> {
    let h = scene.height;
    let mut ops = Vec::new();
    for f in scene.flatten() {
        match f {
            Flat::Path(path) => {
                let subs = rings(&path.segs, h);
                let finish = path.finish.as_deref();
                let winding_order = if finish.is_some_and(|f| f.even_odd) {
                    WindingOrder::EvenOdd
                } else {
                    WindingOrder::NonZero
                };
                let polygon = |mode: PaintMode| Polygon {
                    rings: subs
                        .iter()
                        .map(|(pts, _)| PolygonRing {
                            points: pts.clone(),
                        })
                        .collect(),
                    mode,
                    winding_order,
                };
                // Opacity is a graphics state, set around the path and dropped after it.
                let alpha = finish
                    .map(|f| (alpha(f.fill_opacity), alpha(f.stroke_opacity)))
                    .filter(|&(a, b)| a < 1000 || b < 1000);
                if let Some((a, b)) = alpha {
                    ops.push(Op::SaveGraphicsState);
                    ops.push(Op::LoadGraphicsState { gs: gs_id(a, b) });
                }
                match (path.fill, finish.and_then(|f| f.gradient.as_ref())) {
                    (Some(_), Some(g)) => {
                        // The gradient is painted over the path as a clip, in the gradient's
                        // own coordinates (the matrix maps them onto the page).
                        ops.push(Op::SaveGraphicsState);
                        ops.push(Op::DrawPolygon {
                            polygon: polygon(PaintMode::Clip),
                        });
                        let t = g.transform;
                        let k = PT_PER_MM;
                        let m = [k * t.a, -k * t.b, k * t.c, -k * t.d, k * t.e, k * (h - t.f)]
                            .map(|v| v as f32);
                        ops.push(Op::SetTransformationMatrix {
                            matrix: printpdf::CurTransMat::Raw(m),
                        });
                        ops.push(Op::PaintShading {
                            id: printpdf::ShadingId(format!("Sh{}", g.key())),
                        });
                        ops.push(Op::RestoreGraphicsState);
                    }
                    (Some(c), None) => {
                        ops.push(Op::SetFillColor { col: color(c) });
                        ops.push(Op::DrawPolygon {
                            polygon: polygon(PaintMode::Fill),
                        });
                    }
                    (None, _) => {}
                }
                if let Some(st) = path.stroke {
                    ops.push(Op::SetOutlineColor {
                        col: color(st.color),
                    });
                    ops.push(Op::SetOutlineThickness {
                        pt: Pt((st.width * PT_PER_MM) as f32),
                    });
                    ops.push(Op::SetLineJoinStyle {
                        join: printpdf::LineJoinStyle::Round,
                    });
                    let dash = match st.dash {
                        Some((a, b)) => printpdf::LineDashPattern::new(
                            0.0,
                            &[(a * PT_PER_MM) as f32, (b * PT_PER_MM) as f32],
                        ),
                        None => printpdf::LineDashPattern::solid(),
                    };
                    ops.push(Op::SetLineDashPattern { dash });
                    for (pts, closed) in subs {
                        ops.push(Op::DrawLine {
                            line: printpdf::Line {
                                points: pts,
                                is_closed: closed,
                            },
                        });
                    }
                }
                if alpha.is_some() {
                    ops.push(Op::RestoreGraphicsState);
                }
            }
            Flat::Text(run, angle) => {
                ops.push(Op::SaveGraphicsState);
                ops.push(Op::StartTextSection);
                ops.push(Op::SetFont {
                    font: PdfFontHandle::External(fonts[&run.face].clone()),
                    size: Pt(run.size as f32),
                });
                ops.push(Op::SetFillColor {
                    col: color(run.color),
                });
                let o = pt(crate::scene::p(run.x, run.y), h);
                if angle.abs() > 1e-6 {
                    // PDF angles turn counter-clockwise with y up; the scene's turn clockwise with y down.
                    let (s, c) = (-angle).to_radians().sin_cos();
                    ops.push(Op::SetTextMatrix {
                        matrix: printpdf::TextMatrix::Raw([
                            c as f32, s as f32, -s as f32, c as f32, o.x.0, o.y.0,
                        ]),
                    });
                } else {
                    ops.push(Op::SetTextCursor { pos: o });
                }
                ops.push(Op::ShowText {
                    items: vec![TextItem::Text(run.text.clone())],
                });
                ops.push(Op::EndTextSection);
                ops.push(Op::RestoreGraphicsState);
            }
            Flat::PushClip(segs) => {
                ops.push(Op::SaveGraphicsState);
                ops.push(Op::DrawPolygon {
                    polygon: Polygon {
                        rings: rings(&segs, h)
                            .into_iter()
                            .map(|(points, _)| PolygonRing { points })
                            .collect(),
                        mode: PaintMode::Clip,
                        winding_order: WindingOrder::NonZero,
                    },
                });
            }
            Flat::Image(raster, t) => {
                // The image is drawn as a unit square (1 pt at 72 dpi, scaled by 1/pixels); the
                // matrix maps that square onto the scene's rectangle, flipping y.
                let k = PT_PER_MM;
                let m = [
                    k * t.a,
                    -k * t.b,
                    -k * t.c,
                    k * t.d,
                    k * (t.c + t.e),
                    k * (h - t.d - t.f),
                ]
                .map(|v| v as f32);
                ops.push(Op::SaveGraphicsState);
                ops.push(Op::SetTransformationMatrix {
                    matrix: printpdf::CurTransMat::Raw(m),
                });
                ops.push(Op::UseXobject {
                    id: printpdf::XObjectId(format!("Im{}", raster.key)),
                    transform: printpdf::XObjectTransform {
                        scale_x: Some(1.0 / raster.width as f32),
                        scale_y: Some(1.0 / raster.height as f32),
                        dpi: Some(72.0),
                        ..Default::default()
                    },
                });
                ops.push(Op::RestoreGraphicsState);
            }
            Flat::PopClip => ops.push(Op::RestoreGraphicsState),
        }
    }
    ops
}

/// Writes scenes as the pages of one PDF.
pub fn to_pdf(pages: &[&Scene], meta: &Meta) -> Vec<u8> {
    let mut doc = PdfDocument::new(&meta.title);
    doc.metadata.info.producer = "ludopress".into();
    doc.metadata.info.creator = "ludopress".into();
    let mut used: BTreeMap<Face, std::collections::BTreeSet<char>> = Default::default();
    for f in pages.iter().flat_map(|s| s.flatten()) {
        if let Flat::Text(run, _) = f {
            used.entry(run.face).or_default().extend(run.text.chars());
        }
    }
    let mut ids = BTreeMap::new();
    for (face, chars) in used {
        let mut warnings = Vec::new();
        let sub = subset::subset(face.bytes(), &chars);
        let id = font_id(face, sub.is_some());
        let bytes = sub.unwrap_or_else(|| face.bytes().to_vec());
        if let Some(parsed) = ParsedFont::from_bytes(&bytes, 0, &mut warnings) {
            doc.resources
                .fonts
                .map
                .insert(id.clone(), printpdf::PdfFont::new(parsed));
        }
        ids.insert(face, id);
    }
    // Each raster once, however many times it is drawn.
    // Each opacity pair and each gradient once too.
    let mut rasters = std::collections::BTreeMap::new();
    for f in pages.iter().flat_map(|s| s.flatten()) {
        let p = match f {
            Flat::Image(r, _) => {
                rasters.entry(r.key.clone()).or_insert(r);
                continue;
            }
            Flat::Path(p) => p,
            _ => continue,
        };
        let Some(fin) = p.finish.as_deref() else {
            continue;
        };
        let (a, b) = (alpha(fin.fill_opacity), alpha(fin.stroke_opacity));
        if a < 1000 || b < 1000 {
            doc.resources.extgstates.map.insert(
                gs_id(a, b),
                printpdf::ExtendedGraphicsState::default()
                    .with_current_fill_alpha(a as f32 / 1000.0)
                    .with_current_stroke_alpha(b as f32 / 1000.0),
            );
        }
        if let Some(g) = &fin.gradient {
            doc.resources
                .shadings
                .map
                .insert(printpdf::ShadingId(format!("Sh{}", g.key())), shading(g));
        }
    }
    for (key, r) in rasters {
        let (pixels, format) = match &r.alpha {
            Some(alpha) => {
                let mut v = Vec::with_capacity(alpha.len() * 4);
                for (rgb, a) in r.rgb.chunks(3).zip(alpha) {
                    v.extend_from_slice(rgb);
                    v.push(*a);
                }
                (v, printpdf::RawImageFormat::RGBA8)
            }
            None => (r.rgb.clone(), printpdf::RawImageFormat::RGB8),
        };
        doc.resources.xobjects.map.insert(
            printpdf::XObjectId(format!("Im{key}")),
            printpdf::XObject::Image(printpdf::RawImage {
                pixels: printpdf::RawImageData::U8(pixels),
                width: r.width as usize,
                height: r.height as usize,
                data_format: format,
                tag: Vec::new(),
            }),
        );
    }
    let pdf_pages: Vec<PdfPage> = pages
        .iter()
        .map(|s| PdfPage::new(Mm(s.width as f32), Mm(s.height as f32), page_ops(s, &ids)))
        .collect();
    doc.with_pages(pdf_pages);
    let opts = PdfSaveOptions {
        optimize: meta.compress,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut bytes = doc.save(&opts, &mut warnings);
    drop_empty_pdfx_key(&mut bytes);
    fix_document_id(&mut bytes);
    bytes
}

/// Blanks the empty `/GTS_PDFXVersion()` printpdf writes in the document information: the
/// files are not PDF/X, and some readers call them so on seeing the key. Spaces of the same
/// length keep the cross-reference offsets valid.
fn drop_empty_pdfx_key(bytes: &mut [u8]) {
    const KEY: &[u8] = b"/GTS_PDFXVersion()";
    if let Some(at) = find_last(bytes, KEY) {
        bytes[at..at + KEY.len()].fill(b' ');
    }
}

/// Replaces the trailer's `/ID` strings (drawn from a process-wide counter in printpdf) with a
/// hash of the document, keeping their length so the cross-reference offsets stay valid.
fn fix_document_id(bytes: &mut [u8]) {
    let Some(at) = find_last(bytes, b"/ID") else {
        return;
    };
    let hash = crate::scene::fnv(&bytes[..at]);
    let mut i = at;
    let mut n = 0u64;
    let mut inside = false;
    while i < bytes.len() && n < 2 {
        match bytes[i] {
            b'(' => inside = true,
            b')' if inside => {
                inside = false;
                n += 1;
            }
            b'<' if !inside && bytes.get(i + 1) != Some(&b'<') => inside = true,
            b'>' if inside => {
                inside = false;
                n += 1;
            }
            c if inside && c.is_ascii_alphanumeric() => {
                let k = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ hash;
                bytes[i] = b"0123456789abcdef"[((k >> 7) & 15) as usize];
            }
            _ => {}
        }
        i += 1;
    }
}

fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}
