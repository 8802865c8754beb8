//! Press exports read back with lopdf: page boxes against the preset, the PDF/X-4 output intent
//! and its profile, CMYK content (no RGB operator left, greys on K only), the date, and the
//! print-on-demand sizes a preset gives.

use crate::common;

use lopdf::{Document, Object};
use ludopress::base::lang::Lang;
use ludopress::commands::share::{pod_for, press_files};
use ludopress::export::press::preset;

fn rect(doc: &Document, page: lopdf::ObjectId, key: &[u8]) -> [f64; 4] {
    let d = doc.get_dictionary(page).unwrap();
    let a = d.get(key).unwrap().as_array().unwrap();
    let v: Vec<f64> = a
        .iter()
        .map(|o| match o {
            Object::Integer(i) => *i as f64,
            Object::Real(r) => f64::from(*r),
            _ => panic!("a number"),
        })
        .collect();
    [v[0], v[1], v[2], v[3]]
}

fn made(game: &str, name: &str, cmyk: Option<f64>) -> Vec<(String, Document)> {
    let game = common::game(game);
    let p = preset(name).unwrap();
    let mut warnings = Vec::new();
    let mut report = String::new();
    press_files(
        &game,
        Lang::Fr,
        p,
        cmyk,
        Some(1_767_225_600),
        &mut warnings,
        &mut report,
    )
    .into_iter()
    .map(|o| {
        (
            o.path.display().to_string(),
            Document::load_mem(&o.bytes).unwrap(),
        )
    })
    .collect()
}

#[test]
fn every_page_has_the_presets_trim_and_bleed_boxes() {
    for (name, bleed_pt) in [("thegamecrafter", 9.0), ("makeplayingcards", 8.64)] {
        for (file, doc) in made("imbriqua", name, None) {
            for (_, id) in doc.get_pages() {
                let m = rect(&doc, id, b"MediaBox");
                let t = rect(&doc, id, b"TrimBox");
                let b = rect(&doc, id, b"BleedBox");
                assert_eq!(m, b, "{file}: BleedBox is the page");
                for k in 0..2 {
                    assert!((t[k] - m[k] - bleed_pt).abs() < 0.01, "{file} {t:?} {m:?}");
                    assert!((m[k + 2] - t[k + 2] - bleed_pt).abs() < 0.01, "{file}");
                }
            }
            if file.starts_with("cards") || file.contains("deck") {
                // Poker cards: 2.5 × 3.5 in of trim.
                let (_, id) = doc.get_pages().into_iter().next().unwrap();
                let t = rect(&doc, id, b"TrimBox");
                assert!(((t[2] - t[0]) - 180.0).abs() < 0.05, "{file} {t:?}");
                assert!(((t[3] - t[1]) - 252.0).abs() < 0.05, "{file} {t:?}");
            }
        }
    }
}

#[test]
fn output_intent_profile_pdfx_version_and_date_are_there() {
    for cmyk in [None, Some(300.0)] {
        for (file, doc) in made("potager", "drivethrucards", cmyk) {
            let catalog = doc.catalog().unwrap();
            let intents = catalog.get(b"OutputIntents").unwrap().as_array().unwrap();
            let intent = doc
                .get_dictionary(intents[0].as_reference().unwrap())
                .unwrap();
            assert_eq!(intent.get(b"S").unwrap().as_name().unwrap(), b"GTS_PDFX");
            let icc = doc
                .get_object(
                    intent
                        .get(b"DestOutputProfile")
                        .unwrap()
                        .as_reference()
                        .unwrap(),
                )
                .unwrap()
                .as_stream()
                .unwrap();
            let n = icc.dict.get(b"N").unwrap().as_i64().unwrap();
            assert_eq!(n, if cmyk.is_some() { 4 } else { 3 }, "{file}");
            let profile = icc.decompressed_content().unwrap();
            assert_eq!(&profile[36..40], b"acsp", "{file}: an ICC profile");
            let info = doc
                .get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap())
                .unwrap();
            let s = |k: &[u8]| {
                String::from_utf8_lossy(info.get(k).unwrap().as_str().unwrap()).into_owned()
            };
            assert_eq!(s(b"GTS_PDFXVersion"), "PDF/X-4");
            // 1767225600 s: 2026-01-01 00:00:00 UTC.
            assert_eq!(s(b"CreationDate"), "D:20260101000000Z", "{file}");
            assert_eq!(s(b"ModDate"), "D:20260101000000Z");
        }
    }
}

#[test]
fn cmyk_files_have_no_rgb_left_and_greys_on_black_only() {
    let mut greys = 0;
    for (file, doc) in made("imbriqua", "thegamecrafter", Some(300.0)) {
        for (_, id) in doc.get_pages() {
            let content = doc.get_page_content(id);
            let ops = lopdf::content::Content::decode(&content)
                .unwrap()
                .operations;
            for op in ops {
                assert!(
                    !matches!(op.operator.as_str(), "rg" | "RG" | "sc" | "scn"),
                    "{file}: {op:?}"
                );
                if matches!(op.operator.as_str(), "k" | "K") {
                    let v: Vec<f32> = op.operands.iter().map(|o| o.as_float().unwrap()).collect();
                    assert!(v.iter().sum::<f32>() <= 3.0005, "{file}: {v:?} over 300 %");
                    if v[3] > 0.5 && v[..3].iter().all(|&c| c == 0.0) {
                        greys += 1;
                    }
                }
            }
        }
        for (_, obj) in doc.objects.iter() {
            if let Ok(d) = obj.as_dict().or_else(|_| obj.as_stream().map(|s| &s.dict)) {
                if let Ok(cs) = d.get(b"ColorSpace").and_then(Object::as_name) {
                    assert_ne!(cs, b"DeviceRGB", "{file}");
                }
            }
        }
    }
    // Imbriqua's near-black back (#1d1d1b) and its text are on K only.
    assert!(greys > 0);
}

#[test]
fn a_preset_gives_print_on_demand_poker_cards_of_825_by_1125_pixels() {
    let game = common::game("imbriqua");
    let p = preset("thegamecrafter").unwrap();
    let files = pod_for(&game, Lang::Fr, 300.0, Some(p), &mut Vec::new()).unwrap();
    let deck = &game.decks[0].id;
    let face = files
        .iter()
        .find(|f| f.path.starts_with(deck) && f.path.to_string_lossy().ends_with("-front.png"))
        .unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(&face.bytes))
        .read_info()
        .unwrap();
    assert_eq!((reader.info().width, reader.info().height), (825, 1125));
}

/// The box of the glyphs a flattened text run draws, on the page (mm): the test's own reading
/// of the font's glyph boxes, the run turned by `angle` degrees about its start.
fn inked(run: &ludopress::scene::TextRun, angle: f64) -> Option<(f64, f64, f64, f64)> {
    let font = ttf_parser::Face::parse(run.face.bytes(), 0).unwrap();
    let k = run.size * 25.4 / 72.0 / f64::from(font.units_per_em());
    let (s, c) = angle.to_radians().sin_cos();
    let mut pen = 0.0;
    let mut out: Option<(f64, f64, f64, f64)> = None;
    for ch in run.text.chars() {
        let g = font.glyph_index(ch)?;
        if let Some(r) = font.glyph_bounding_box(g) {
            for (u, v) in [
                (r.x_min, r.y_min),
                (r.x_max, r.y_max),
                (r.x_min, r.y_max),
                (r.x_max, r.y_min),
            ] {
                let (u, v) = (pen + f64::from(u) * k, -f64::from(v) * k);
                let (x, y) = (run.x + u * c - v * s, run.y + u * s + v * c);
                out = Some(match out {
                    None => (x, y, x, y),
                    Some(b) => (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y)),
                });
            }
        }
        pen += f64::from(font.glyph_hor_advance(g).unwrap_or(0)) * k;
    }
    out
}

#[test]
fn every_boards_coordinates_lie_inside_the_safe_line() {
    // The safe line of a board's press files: its own safe zone, or the widest a preset asks for.
    let shop = ludopress::export::press::PRESETS
        .iter()
        .map(|p| p.safe.in_mm())
        .fold(0.0, f64::max);
    let mut labels = 0;
    for id in ludopress::rules::registry::NAMES
        .into_iter()
        .chain(["breakthrough-py", "potager"])
    {
        let game = common::game(id);
        for b in &game.boards {
            let safe = b.safe.max(shop);
            for lang in game.languages.iter().copied() {
                let face = ludopress::layout::board_face::face(b, lang);
                let (w, h) = (face.width, face.height);
                for f in face.flatten() {
                    let ludopress::scene::Flat::Text(run, angle) = f else {
                        continue;
                    };
                    let Some((x0, y0, x1, y1)) = inked(&run, angle) else {
                        continue;
                    };
                    labels += 1;
                    let past = (safe - x0)
                        .max(safe - y0)
                        .max(x1 - (w - safe))
                        .max(y1 - (h - safe));
                    assert!(
                        past <= 1e-6,
                        "{id} board `{}` ({lang:?}): `{}` at {} pt crosses the safe line ({safe:.3} mm inside the cut) by {past:.2} mm",
                        b.id,
                        run.text,
                        run.size
                    );
                }
            }
        }
    }
    assert!(labels > 500, "{labels} labels");
}

#[test]
fn a_triangle_pawns_bleed_band_carries_its_art() {
    // Imperator's 30 mm triangle pawns (red fronts) on The Game Crafter's page: the band under
    // the base, which the shop's cut may reach, is the pawn's colour, not paper.
    let game = common::game("imperator");
    let p = preset("thegamecrafter").unwrap();
    let files = pod_for(&game, Lang::Fr, 300.0, Some(p), &mut Vec::new()).unwrap();
    let piece = &game.pieces[0];
    let mut faces = 0;
    for f in files.iter().filter(|f| {
        f.path.starts_with(&piece.id) && f.path.to_string_lossy().ends_with("-front.png")
    }) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(&f.bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let px = |x: u32, y: u32| {
            let k = info.color_type.samples();
            let i = (y as usize * info.width as usize + x as usize) * k;
            (buf[i], buf[i + 1], buf[i + 2])
        };
        // 1/16 in below the base, at its middle (the page is the trim and 1/8 in all round).
        let (w, h) = (info.width, info.height);
        let below = px(w / 2, h - (300.0 / 16.0) as u32);
        assert_ne!(
            below,
            (255, 255, 255),
            "{}: the band under the base is blank",
            f.path.display()
        );
        faces += 1;
    }
    assert!(faces >= 1, "{faces} faces");
}
