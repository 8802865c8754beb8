//! PDF export (with `printpdf` operations): vector paths and real text in the embedded fonts.
//!
//! Output is deterministic: the date given (or a fixed one), font names drawn from the fonts' bytes, and a document id derived from
//! the content instead of printpdf's process-wide counter.

use crate::base::color::Color;
use crate::base::units::PT_PER_MM;
use crate::fonts::Face;
use crate::scene::{Flat, Raster, Scene, Seg, P};
use printpdf::{
    FontId, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Polygon, PolygonRing, Pt, Rgb, TextItem, WindingOrder,
};
use std::collections::BTreeMap;

/// Document metadata.
#[derive(Debug, Clone, Default)]
pub struct Meta {
    /// Title shown by viewers.
    pub title: String,
    /// Author (the game's designer), when known.
    pub author: String,
    /// Subject: what the document is.
    pub subject: String,
    /// Natural language of the text (`fr`, `en`), for readers and screen readers.
    pub lang: Option<String>,
    /// Compress streams and pack objects into object streams (off only to inspect the
    /// content in tests).
    pub compress: bool,
}

/// What a print-shop file adds to a document (`export --press`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Press {
    /// Bleed around every page's trim, mm: each page's MediaBox and BleedBox are the page, its
    /// TrimBox the page less this bleed on every side.
    pub bleed: f64,
    /// Colours converted to DeviceCMYK with this total-ink limit, percent (`None`: RGB kept,
    /// and the output intent is sRGB).
    pub cmyk: Option<f64>,
}

/// What a document may carry beyond [`Meta`]: its date and the print-shop settings.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Extra {
    /// Creation and modification date, seconds since 1970 (UTC); `None`: the fixed date
    /// printpdf writes (1970-01-01). Games give [`crate::base::time::inputs_date`].
    pub date: Option<i64>,
    /// PDF/X-4 for a print shop: boxes, output intent, XMP metadata.
    pub press: Option<Press>,
}

/// A PDF made: its bytes and, when its colours were converted to CMYK, the highest total ink
/// found in it, percent.
#[derive(Debug, Clone, Default)]
pub struct Made {
    /// The file.
    pub bytes: Vec<u8>,
    /// Highest C + M + Y + K of any colour, image pixel or gradient stop (CMYK files only).
    pub max_ink: Option<f64>,
}

/// A face as embedded in one PDF: its subset program and each character's glyph in it.
struct Embedded {
    /// The name the pages use (`ABCDEF+Lato-Bold`).
    id: FontId,
    /// Character to glyph id in the subset (0, `.notdef`, for a character the font lacks), and
    /// the character the text map (ToUnicode) gives that glyph: a glyph holds one entry, so
    /// where several characters share it (a no-break space drawn with the space's glyph) it is
    /// always the lowest of them, the plain space, and copying never depends on which came
    /// first.
    glyphs: BTreeMap<char, (u16, char)>,
}

impl Embedded {
    fn new(id: FontId, glyphs: BTreeMap<char, u16>) -> Embedded {
        // The lowest character of each glyph: the map is in character order.
        let mut first: BTreeMap<u16, char> = BTreeMap::new();
        for (&c, &g) in &glyphs {
            first.entry(g).or_insert(c);
        }
        let glyphs = glyphs
            .into_iter()
            .map(|(c, g)| (c, (g, if g == 0 { c } else { first[&g] })))
            .collect();
        Embedded { id, glyphs }
    }

    /// The glyph of `c` and the character the text map reads for it.
    fn glyph(&self, c: char) -> (u16, char) {
        self.glyphs.get(&c).copied().unwrap_or((0, c))
    }
}

/// Subsets `face` to the characters `chars` (glyphs renumbered from 1, `.notdef` kept as 0,
/// tables a PDF does not read dropped) and names it with a six-letter tag drawn from the
/// subset's bytes (ISO 32000-1, 9.6.4), so two different subsets never share a name. A font
/// the subsetter cannot read is embedded whole, keeping its glyph ids, under an untagged name.
fn embed(face: Face, chars: &std::collections::BTreeSet<char>) -> (Embedded, Vec<u8>) {
    let parsed = ttf_parser::Face::parse(face.bytes(), 0).ok();
    let mut remapper = subsetter::GlyphRemapper::new();
    let old: Vec<(char, u16)> = chars
        .iter()
        .map(|&c| {
            let g = parsed.as_ref().and_then(|p| p.glyph_index(c));
            (c, g.map_or(0, |g| g.0))
        })
        .collect();
    for (_, g) in &old {
        remapper.remap(*g);
    }
    let Ok(bytes) = subsetter::subset(face.bytes(), 0, &remapper) else {
        let id = FontId(format!(
            "{}-{:08X}",
            face.postscript_name(),
            face.hash() as u32
        ));
        let glyphs = old.into_iter().collect();
        return (Embedded::new(id, glyphs), face.bytes().to_vec());
    };
    let glyphs = old
        .into_iter()
        .map(|(c, g)| (c, remapper.get(g).unwrap_or(0)))
        .collect();
    let mut h = crate::scene::fnv(&bytes);
    let tag: String = (0..6)
        .map(|_| {
            let c = char::from(b'A' + (h % 26) as u8);
            h /= 26;
            c
        })
        .collect();
    let id = FontId(format!("{tag}+{}", face.postscript_name()));
    (Embedded::new(id, glyphs), bytes)
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

fn page_ops(scene: &Scene, fonts: &BTreeMap<Face, Embedded>) -> Vec<Op> {
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
                    font: PdfFontHandle::External(fonts[&run.face].id.clone()),
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
                // Glyph ids of the subset, each with its character for the ToUnicode map (copy
                // and search find the text).
                let font = &fonts[&run.face];
                ops.push(Op::ShowText {
                    items: vec![TextItem::GlyphIds(
                        run.text
                            .chars()
                            .map(|c| {
                                let (gid, text) = font.glyph(c);
                                printpdf::Codepoint {
                                    gid,
                                    offset: 0.0,
                                    cid: Some(text.to_string()),
                                }
                            })
                            .collect(),
                    )],
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
                // The matrix says it all: the pages are serialised without the images (see
                // `Resources`), so printpdf could not scale the square to the pixels anyway.
                ops.push(Op::UseXobject {
                    id: printpdf::XObjectId(format!("Im{}", raster.key)),
                    transform: printpdf::XObjectTransform {
                        no_auto_scale: true,
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

/// Pages laid out and serialised together; the document itself keeps only their compressed
/// content, so a print file of a thousand pages is made in bounded memory.
const CHUNK: usize = 16;

/// What every page may refer to: fonts (each subset to the characters of the whole document),
/// opacities and gradients in `doc`, and the images apart: they are serialised once, with the
/// first page whose resources every page shares, never with the batches of pages.
struct Resources {
    fonts: BTreeMap<Face, Embedded>,
    doc: printpdf::PdfResources,
    images: BTreeMap<printpdf::XObjectId, printpdf::XObject>,
}

/// A raster as a PDF image XObject (DeviceRGB, 8 bits, Flate) with its alpha as a soft mask,
/// each compressed straight from the decoded samples: the pixels are not copied, and the
/// image is embedded once per document, every use drawing that one object.
fn image(r: &Raster) -> printpdf::XObject {
    use printpdf::{DictItem, ExternalStream, ExternalXObject};
    let stream = |samples: &[u8], space: &[u8], smask: Option<ExternalStream>| {
        let mut dict: BTreeMap<String, DictItem> = [
            ("Type", DictItem::Name(b"XObject".to_vec())),
            ("Subtype", DictItem::Name(b"Image".to_vec())),
            ("Width", DictItem::Int(i64::from(r.width))),
            ("Height", DictItem::Int(i64::from(r.height))),
            ("BitsPerComponent", DictItem::Int(8)),
            ("ColorSpace", DictItem::Name(space.to_vec())),
            ("Filter", DictItem::Name(b"FlateDecode".to_vec())),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        if let Some(mask) = smask {
            dict.insert("SMask".into(), DictItem::Stream { stream: mask });
        }
        ExternalStream {
            dict,
            content: flate(samples),
            compress: false,
        }
    };
    let mask = r.alpha.as_deref().map(|a| stream(a, b"DeviceGray", None));
    printpdf::XObject::External(ExternalXObject {
        stream: stream(&r.rgb, b"DeviceRGB", mask),
        width: None,
        height: None,
        dpi: None,
    })
}

/// `data` compressed with zlib (the PDF's FlateDecode), read in place.
fn flate(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to memory cannot fail.
    let _ = z.write_all(data);
    z.finish().unwrap_or_default()
}

fn resources(pages: &[&Scene]) -> Resources {
    let mut doc = printpdf::PdfResources::default();
    let mut used: BTreeMap<Face, std::collections::BTreeSet<char>> = Default::default();
    // Each raster once, however many times it is drawn; each opacity pair and gradient too.
    let mut rasters = std::collections::BTreeMap::new();
    for page in pages {
        for f in page.flatten() {
            let p = match f {
                Flat::Text(run, _) => {
                    used.entry(run.face).or_default().extend(run.text.chars());
                    continue;
                }
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
                doc.extgstates.map.insert(
                    gs_id(a, b),
                    printpdf::ExtendedGraphicsState::default()
                        .with_current_fill_alpha(a as f32 / 1000.0)
                        .with_current_stroke_alpha(b as f32 / 1000.0),
                );
            }
            if let Some(g) = &fin.gradient {
                doc.shadings
                    .map
                    .insert(printpdf::ShadingId(format!("Sh{}", g.key())), shading(g));
            }
        }
    }
    let mut fonts = BTreeMap::new();
    for (face, chars) in used {
        let (embedded, bytes) = embed(face, &chars);
        let mut warnings = Vec::new();
        if let Some(parsed) = ParsedFont::from_bytes(&bytes, 0, &mut warnings) {
            doc.fonts
                .map
                .insert(embedded.id.clone(), printpdf::PdfFont::new(parsed));
        }
        fonts.insert(face, embedded);
    }
    let images = rasters
        .into_iter()
        .map(|(key, r)| (printpdf::XObjectId(format!("Im{key}")), image(&r)))
        .collect();
    Resources { fonts, doc, images }
}

/// A printpdf document of `pages` with `resources`, as lopdf objects.
fn serialised(
    title: &str,
    resources: printpdf::PdfResources,
    pages: Vec<PdfPage>,
) -> lopdf::Document {
    let mut doc = PdfDocument::new(title);
    doc.metadata.info.producer = "ludopress".into();
    doc.metadata.info.creator = "ludopress".into();
    doc.resources = resources;
    doc.with_pages(pages);
    let opts = PdfSaveOptions {
        optimize: false,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    doc.to_lopdf_document(&opts, &mut warnings)
}

/// Writes scenes as the pages of one PDF.
///
/// The document is made from a first page that shows every glyph of every font (so each font's
/// widths and character map are whole) and holds the shared resources; the real pages are then
/// serialised [`CHUNK`] at a time and only their content streams, compressed, are added to it
/// under those resources; the first page is dropped at the end.
pub fn to_pdf(pages: &[&Scene], meta: &Meta) -> Vec<u8> {
    to_pdf_with(pages, meta, &Extra::default()).bytes
}

/// [`to_pdf`] with a date and, for a print shop, PDF/X-4 boxes, output intent and CMYK.
pub fn to_pdf_with(pages: &[&Scene], meta: &Meta, extra: &Extra) -> Made {
    use lopdf::Object;
    let limit = extra.press.and_then(|p| p.cmyk);
    let mut max_ink = limit.map(|_| 0.0f64);
    let res = resources(pages);
    let mut all_glyphs = Vec::new();
    for e in res.fonts.values() {
        all_glyphs.push(Op::StartTextSection);
        all_glyphs.push(Op::SetFont {
            font: PdfFontHandle::External(e.id.clone()),
            size: Pt(10.0),
        });
        all_glyphs.push(Op::ShowText {
            items: vec![TextItem::GlyphIds(
                e.glyphs
                    .iter()
                    .map(|(_, &(gid, text))| printpdf::Codepoint {
                        gid,
                        offset: 0.0,
                        cid: Some(text.to_string()),
                    })
                    .collect(),
            )],
        });
        all_glyphs.push(Op::EndTextSection);
    }
    // The images go with the first page only: its resources are every page's.
    let mut first_resources = res.doc.clone();
    first_resources.xobjects.map = res.images;
    let mut lo = serialised(
        &meta.title,
        first_resources,
        vec![PdfPage::new(Mm(10.0), Mm(10.0), all_glyphs)],
    );
    let first = lo.get_pages().values().next().copied();
    let (Some(first), Ok(pages_id)) = (
        first,
        lo.catalog()
            .and_then(|c| c.get(b"Pages"))
            .and_then(Object::as_reference),
    ) else {
        return Made::default();
    };
    let shared = lo
        .get_dictionary(first)
        .and_then(|d| d.get(b"Resources"))
        .cloned()
        .unwrap_or(Object::Null);
    let mut kids = Vec::new();
    for chunk in pages.chunks(CHUNK) {
        let made: Vec<PdfPage> = chunk
            .iter()
            .map(|s| {
                PdfPage::new(
                    Mm(s.width as f32),
                    Mm(s.height as f32),
                    page_ops(s, &res.fonts),
                )
            })
            .collect();
        let part = serialised(&meta.title, res.doc.clone(), made);
        for id in part.get_pages().into_values() {
            let Ok(page) = part.get_dictionary(id) else {
                continue;
            };
            let mut content = match page.get(b"Contents").and_then(Object::as_reference) {
                Ok(c) => match part.get_object(c).and_then(Object::as_stream) {
                    Ok(stream) => stream.clone(),
                    Err(_) => continue,
                },
                Err(_) => continue,
            };
            if let Some(limit) = limit {
                let raw = content
                    .decompressed_content()
                    .unwrap_or_else(|_| content.content.clone());
                if let Some((bytes, ink)) = super::cmyk::convert_content(&raw, limit) {
                    content.dict.remove(b"Filter");
                    content.set_content(bytes);
                    max_ink = max_ink.map(|m| m.max(ink));
                }
            }
            if meta.compress {
                let _ = content.compress();
            }
            let content_id = lo.add_object(content);
            let mut dict = lopdf::Dictionary::new();
            dict.set("Type", Object::Name(b"Page".to_vec()));
            for key in [&b"MediaBox"[..], b"TrimBox", b"CropBox"] {
                if let Ok(v) = page.get(key) {
                    dict.set(key, v.clone());
                }
            }
            if let Some(p) = extra.press {
                super::pdfx::boxes(&mut dict, p.bleed);
            }
            dict.set("Parent", Object::Reference(pages_id));
            dict.set("Resources", shared.clone());
            dict.set("Contents", Object::Reference(content_id));
            kids.push(Object::Reference(lo.add_object(dict)));
        }
    }
    // The glyph page goes; the real pages take its place.
    if let Ok(Object::Reference(content)) = lo
        .get_dictionary(first)
        .and_then(|d| d.get(b"Contents"))
        .cloned()
    {
        lo.objects.remove(&content);
    }
    lo.objects.remove(&first);
    if let Ok(tree) = lo.get_dictionary_mut(pages_id) {
        tree.set("Count", Object::Integer(kids.len() as i64));
        tree.set("Kids", Object::Array(kids));
    }
    if let Some(limit) = limit {
        let ink = super::cmyk::convert_resources(&mut lo, limit);
        max_ink = max_ink.map(|m| m.max(ink));
    }
    let date = extra.date;
    if let Some(secs) = date {
        super::pdfx::date(&mut lo, secs);
    }
    if let Some(p) = extra.press {
        super::pdfx::mark(&mut lo, &meta.title, date.unwrap_or(0), p.cmyk.is_some());
    }
    finish(&mut lo, meta, extra.press.is_some());
    let mut bytes = Vec::new();
    // Writing to memory cannot fail.
    let _ = if meta.compress {
        lo.save_modern(&mut bytes)
    } else {
        lo.save_to(&mut bytes)
    };
    Made { bytes, max_ink }
}

/// Sets what printpdf leaves out or gets wrong: the author, subject and language, no PDF/X
/// claim (printpdf writes an empty `/GTS_PDFXVersion`, which makes some readers call the file
/// PDF/X), and a document id drawn from the content instead of a process-wide counter.
fn finish(lo: &mut lopdf::Document, meta: &Meta, press: bool) {
    use lopdf::{Object, StringFormat};
    let text = |s: &str| Object::String(utf16(s), StringFormat::Hexadecimal);
    if let Ok(info) = lo
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .and_then(|id| lo.get_dictionary_mut(id))
    {
        if !press {
            info.remove(b"GTS_PDFXVersion");
            info.remove(b"Trapped");
        }
        for (key, value) in [(&b"Author"[..], &meta.author), (b"Subject", &meta.subject)] {
            if value.is_empty() {
                info.remove(key);
            } else {
                info.set(key, text(value));
            }
        }
    }
    if let (Some(lang), Ok(catalog)) = (&meta.lang, lo.catalog_mut()) {
        catalog.set("Lang", Object::string_literal(lang.as_str()));
    }
    if meta.compress {
        lo.compress();
    }
    lo.trailer.remove(b"ID");
    // Hashed as it is written, not kept: the file is in memory once.
    let mut content = crate::base::hash::Fnv::default();
    let _ = lo.save_to(&mut content);
    let id = format!("{:016x}", content.0).into_bytes();
    lo.trailer.set(
        "ID",
        Object::Array(vec![
            Object::String(id.clone(), StringFormat::Hexadecimal),
            Object::String(id, StringFormat::Hexadecimal),
        ]),
    );
}

/// A PDF text string: UTF-16BE with its byte order mark.
fn utf16(s: &str) -> Vec<u8> {
    let mut v = vec![0xfe, 0xff];
    v.extend(s.encode_utf16().flat_map(u16::to_be_bytes));
    v
}
