//! Sizes and positions hold in every export: cards, pages, crop marks, backs.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::export::{pdf, svg};
use ludopress::layout;
use ludopress::scene::{Flat, Item, Scene, Seg};
use ludopress::sheet::{self, Flip, GridPlan, Paper, SheetSpec, Slot};

const PT: f64 = 72.0 / 25.4;

fn deck() -> ludopress::definition::model::Deck {
    common::game("imbriqua").decks.remove(0)
}

/// The deck's first card, face up, with its bleed.
fn first_face(d: &ludopress::definition::model::Deck, lang: ludopress::base::lang::Lang) -> Scene {
    layout::card::face(&d.cards[0], d.width, d.height, d.bleed, lang)
}

fn spec(paper: Paper, flip: Flip) -> SheetSpec {
    SheetSpec {
        paper,
        style: common::game("imbriqua").sheet,
        flip,
        lang: ludopress::base::lang::Lang::Fr,
    }
}

#[test]
fn a_63_by_88_card_is_63_by_88_in_svg_and_pdf() {
    let d = deck();
    assert_eq!((d.width, d.height), (63.0, 88.0));
    let face = first_face(&d, ludopress::base::lang::Lang::Fr);
    let text = svg::to_svg(&face);
    assert!(
        text.contains("width=\"63mm\"")
            && text.contains("height=\"88mm\"")
            && text.contains("viewBox=\"0 0 63 88\"")
    );
    let bytes = pdf::to_pdf(
        &[&face],
        &pdf::Meta {
            title: "card".into(),
            compress: true,
            ..Default::default()
        },
    );
    let boxes = common::media_boxes(&bytes);
    assert_eq!(boxes.len(), 1);
    assert!(
        (boxes[0].0 - 63.0 * PT).abs() < 0.01 && (boxes[0].1 - 88.0 * PT).abs() < 0.01,
        "{boxes:?}"
    );
}

#[test]
fn an_a4_page_is_595_by_842_points() {
    let d = deck();
    let back = layout::card::back(&d.back, d.width, d.height, ludopress::base::lang::Lang::Fr);
    let slots = vec![Slot {
        front: back.clone(),
        back: None,
    }];
    let sheets = sheet::grid(
        &slots,
        d.width,
        d.height,
        d.bleed,
        true,
        &spec(Paper::A4, Flip::LongEdge),
        "t",
    );
    let scenes: Vec<&Scene> = sheets.iter().map(|s| &s.scene).collect();
    let bytes = pdf::to_pdf(
        &scenes,
        &pdf::Meta {
            title: "a4".into(),
            compress: true,
            ..Default::default()
        },
    );
    let (w, h) = common::media_boxes(&bytes)[0];
    let (w, h) = (w.min(h), w.max(h));
    assert!(
        (w - 595.28).abs() < 0.01 && (h - 841.89).abs() < 0.01,
        "{w} x {h}"
    );
}

/// Line segments of an uncompressed PDF page stream, in points.
fn pdf_lines(bytes: &[u8]) -> Vec<((f64, f64), (f64, f64))> {
    let text = String::from_utf8_lossy(bytes);
    let toks: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for i in 2..toks.len().saturating_sub(3) {
        if toks[i] == "m" && toks.get(i + 3) == Some(&"l") {
            let n = |k: usize| toks[k].parse::<f64>().ok();
            if let (Some(a), Some(b), Some(c), Some(d)) = (n(i - 2), n(i - 1), n(i + 1), n(i + 2)) {
                out.push(((a, b), (c, d)));
            }
        }
    }
    out
}

#[test]
fn crop_marks_sit_on_the_cut_lines_in_the_pdf() {
    let d = deck();
    let sp = spec(Paper::A4, Flip::LongEdge);
    let face = first_face(&d, sp.lang);
    let slots: Vec<Slot> = (0..8)
        .map(|_| Slot {
            front: face.clone(),
            back: None,
        })
        .collect();
    let plan = GridPlan::new(&sp, d.width, d.height, d.bleed);
    assert_eq!(
        (plan.cols, plan.rows),
        (4, 2),
        "poker cards with bleed: 4 × 2 on landscape A4"
    );
    let sheets = sheet::grid(&slots, d.width, d.height, d.bleed, true, &sp, "t");
    let bytes = pdf::to_pdf(
        &[&sheets[0].scene],
        &pdf::Meta {
            title: "marks".into(),
            compress: false,
            ..Default::default()
        },
    );
    let lines = pdf_lines(&bytes);
    let page_h = plan.page.1;
    // Vertical marks above the grid: their x must be exactly the cut lines.
    let top = (page_h - plan.origin.1) * PT;
    let mut xs: Vec<f64> = lines
        .iter()
        .filter(|((x1, y1), (x2, y2))| {
            (x1 - x2).abs() < 1e-3 && y1.min(*y2) > top && (y1 - y2).abs() > 1.0
        })
        .map(|((x, _), _)| *x)
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
    let mut cuts = Vec::new();
    for c in 0..plan.cols {
        let (x, _) = plan.at(c, d.width, d.height);
        cuts.extend([x * PT, (x + d.width) * PT]);
    }
    assert_eq!(xs.len(), cuts.len(), "{xs:?} vs {cuts:?}");
    for (a, b) in xs.iter().zip(&cuts) {
        assert!((a - b).abs() < 0.01, "mark at {a} pt, cut line at {b} pt");
    }
    // Neighbouring cut lines of one card are 63 mm apart.
    assert!((cuts[1] - cuts[0] - 63.0 * PT).abs() < 0.01);
}

/// Translations of the top-level groups of a sheet (the placed components).
fn placements(s: &Scene) -> Vec<(f64, f64)> {
    s.items
        .iter()
        .filter_map(|i| match i {
            Item::Group(g) => Some((g.transform.e, g.transform.f)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_back_lands_behind_its_front() {
    let d = deck();
    let face = first_face(&d, ludopress::base::lang::Lang::Fr);
    let back = layout::card::back(&d.back, d.width, d.height, ludopress::base::lang::Lang::Fr);
    let slots: Vec<Slot> = (0..3)
        .map(|_| Slot {
            front: face.clone(),
            back: Some(back.clone()),
        })
        .collect();
    for flip in [Flip::LongEdge, Flip::ShortEdge] {
        let sp = spec(Paper::A4, flip);
        let sheets = sheet::grid(&slots, d.width, d.height, d.bleed, true, &sp, "t");
        assert_eq!(sheets.len(), 2);
        assert!(!sheets[0].is_back() && sheets[1].is_back());
        let (pw, ph) = (sheets[0].scene.width, sheets[0].scene.height);
        let fronts = placements(&sheets[0].scene);
        let backs = placements(&sheets[1].scene);
        assert_eq!(fronts.len(), 3);
        let landscape = pw > ph;
        // The cut box on the page: cards a landscape page holds more of lie across a portrait one.
        let xs: Vec<f64> = sheets[0].geometry.placed[0].1.parts[0]
            .iter()
            .map(|q| q.x)
            .collect();
        let across = xs.iter().cloned().fold(f64::MIN, f64::max)
            - xs.iter().cloned().fold(f64::MAX, f64::min)
            > d.width + 1e-6;
        let (bw, bh) = if across {
            (d.height, d.width)
        } else {
            (d.width, d.height)
        };
        for (f, b) in fronts.iter().zip(&backs) {
            let mirror_x = (flip == Flip::LongEdge) != landscape;
            let expected = if mirror_x {
                (pw - f.0 - bw, f.1)
            } else {
                (f.0, ph - f.1 - bh)
            };
            assert!(
                (b.0 - expected.0).abs() < 1e-9 && (b.1 - expected.1).abs() < 1e-9,
                "{flip:?}: front {f:?}, back {b:?}"
            );
        }
    }
}

#[test]
fn triangle_backs_line_up_with_their_fronts() {
    let g = common::game("imperator");
    let pc = &g.pieces[0];
    let front = layout::piece::front(pc, Lang::Fr);
    let back = layout::piece::back(pc, Lang::Fr).expect("two-faced");
    let slots: Vec<Slot> = (0..pc.count)
        .map(|_| Slot {
            front: front.clone(),
            back: Some(back.clone()),
        })
        .collect();
    let sp = spec(Paper::A4, Flip::LongEdge);
    let sheets = sheet::triangles(&slots, pc.size, &sp, "t");
    assert_eq!(sheets.len(), 2);
    // The centroid of every front triangle, mirrored across the page, is the centroid of a back.
    let centroids = |s: &Scene, fill: ludopress::base::color::Color| -> Vec<(i64, i64)> {
        let mut v: Vec<(i64, i64)> = s
            .flatten()
            .into_iter()
            .filter_map(|f| match f {
                Flat::Path(p) if p.fill == Some(fill) && p.segs.len() == 4 => {
                    let pts: Vec<_> = p
                        .segs
                        .iter()
                        .filter_map(|s| {
                            if let Seg::Move(a) | Seg::Line(a) = s {
                                Some(*a)
                            } else {
                                None
                            }
                        })
                        .collect();
                    let cx = pts.iter().map(|q| q.x).sum::<f64>() / 3.0;
                    let cy = pts.iter().map(|q| q.y).sum::<f64>() / 3.0;
                    Some(((cx * 100.0).round() as i64, (cy * 100.0).round() as i64))
                }
                _ => None,
            })
            .collect();
        v.sort_unstable();
        v
    };
    let pw = sheets[0].scene.width;
    let fronts = centroids(&sheets[0].scene, pc.fill);
    let backs = centroids(&sheets[1].scene, pc.back.unwrap());
    assert_eq!(fronts.len(), 20);
    let mut mirrored: Vec<(i64, i64)> = fronts
        .iter()
        .map(|(x, y)| (((pw * 100.0).round() as i64) - x, *y))
        .collect();
    mirrored.sort_unstable();
    for (a, b) in mirrored.iter().zip(&backs) {
        assert!(
            (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1,
            "{a:?} vs {b:?}"
        );
    }
}

#[test]
fn a_large_board_is_split_and_fits_on_one_sheet_with_fit() {
    let g = common::game("imbriqua");
    let art = layout::board::draw(&g.boards[0]);
    assert!(art.width > 200.0);
    let sp = spec(Paper::A4, Flip::LongEdge);
    let outline = layout::Outline::rect(art.width, art.height);
    let parts = sheet::tiled(&art, &outline, 0.0, &sp, "t", false);
    assert_eq!(parts.len(), 2, "a 220 mm board takes two A4 sheets");
    let fitted = sheet::tiled(&art, &outline, 0.0, &sp, "t", true);
    assert_eq!(fitted.len(), 1);
    // The two parts overlap by the sheet style's overlap strip.
    let offs: Vec<f64> = parts
        .iter()
        .map(|s| placements(&s.sheet.scene)[0].0)
        .collect();
    let part_w = (art.width + g.sheet.overlap) / 2.0;
    assert!(
        ((offs[0] - offs[1]) - (part_w - g.sheet.overlap)).abs() < 1e-9,
        "{offs:?}"
    );
}
