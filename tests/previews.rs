//! PNG previews are drawn straight from the scene (no SVG parse, no layer per clipped card):
//! they must show what the SVG and PDF show. Every face and every sheet of every bundled game is
//! drawn both ways, ours and resvg's reading of the SVG export, and compared pixel by pixel.

use crate::common;

use ludopress::export::{png, svg};
use ludopress::make::{print_sheets, printed, BuildOptions};
use ludopress::scene::{shape, Affine, Scene};
use ludopress::sheet::Paper;

/// RGB pixels of a PNG.
fn pixels(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = ::png::Decoder::new(bytes).read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    assert_eq!(info.color_type, ::png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Mean absolute difference of the channels, 0 to 255.
fn mean_difference(a: &[u8], b: &[u8]) -> f64 {
    let sum: u64 = a
        .iter()
        .zip(b)
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    sum as f64 / a.len().max(1) as f64
}

/// Share of the pixels that differ by more than a quarter of the range on some channel.
fn differing(a: &[u8], b: &[u8]) -> f64 {
    let n = a.len() / 3;
    let far = a
        .chunks(3)
        .zip(b.chunks(3))
        .filter(|(p, q)| p.iter().zip(*q).any(|(x, y)| x.abs_diff(*y) > 64))
        .count();
    far as f64 / n.max(1) as f64
}

#[test]
fn previews_show_what_the_svg_shows_for_every_face_and_sheet() {
    let opts = BuildOptions::default();
    let mut worst = (0.0, String::new());
    let mut worst_mean = (0.0, String::new());
    let mut drawn = 0;
    for id in [
        "alphabrick",
        "arlecchino",
        "breakthrough-py",
        "imbriqua",
        "imperator",
        "lignes",
        "potager",
    ] {
        let game = common::game(id);
        let lang = game.languages[0];
        let mut scenes: Vec<(String, Scene, f64)> = Vec::new();
        for p in printed(&game, lang) {
            for (stem, front, back, _) in p.faces {
                scenes.push((format!("{id} {stem}"), front, 100.0));
                if let Some(b) = back {
                    scenes.push((format!("{id} {stem} back"), b, 100.0));
                }
            }
        }
        for (i, s) in print_sheets(&game, &opts, lang, Paper::A4)
            .into_iter()
            .enumerate()
        {
            scenes.push((format!("{id} sheet {}", i + 1), s.scene, 50.0));
        }
        for (name, scene, dpi) in scenes {
            let ours = pixels(&png::render_scene(&scene, dpi).unwrap());
            let theirs = pixels(&png::render(&svg::to_svg(&scene), dpi).unwrap());
            assert_eq!((ours.0, ours.1), (theirs.0, theirs.1), "{name}: size");
            let d = differing(&ours.2, &theirs.2);
            if d > worst.0 {
                worst = (d, name.clone());
            }
            let m = mean_difference(&ours.2, &theirs.2);
            if m > worst_mean.0 {
                worst_mean = (m, name.clone());
            }
            drawn += 1;
        }
    }
    assert!(drawn > 150, "{drawn} scenes");
    // Anti-aliasing differs at edges, most on small text; a missing text, image or clip changes
    // far more (the guide page's text alone is 3.4 % of its pixels, a mean difference near 7).
    assert!(
        worst.0 < 0.02,
        "{:.4} of the pixels differ in {}",
        worst.0,
        worst.1
    );
    assert!(
        worst_mean.0 < 3.0,
        "mean difference {:.2} in {}",
        worst_mean.0,
        worst_mean.1
    );
}

#[test]
fn a_clip_hides_what_runs_past_it_and_keeps_what_is_inside() {
    // A card whose hatching runs far past its edges, placed clipped on a page.
    let mut card = Scene::new(20.0, 20.0);
    card.path(
        shape::rect(0.0, 0.0, 20.0, 20.0),
        Some(ludopress::base::color::Color::WHITE),
        None,
    );
    for i in -10..10 {
        let x = f64::from(i) * 4.0;
        card.path(
            shape::line(
                ludopress::scene::p(x - 40.0, -40.0),
                ludopress::scene::p(x + 40.0, 60.0),
            ),
            None,
            Some(ludopress::scene::Stroke::solid(
                ludopress::base::color::Color::BLACK,
                0.3,
            )),
        );
    }
    let mut page = Scene::new(60.0, 40.0);
    page.place(
        card,
        Affine::translate(20.0, 10.0),
        Some((0.0, 0.0, 20.0, 20.0)),
    );
    let (w, h, px) = pixels(&png::render_scene(&page, 254.0).unwrap());
    assert_eq!((w, h), (600, 400));
    let at = |x: u32, y: u32| {
        let i = ((y * w + x) * 3) as usize;
        [px[i], px[i + 1], px[i + 2]]
    };
    // Outside the card (with a pixel of anti-aliasing), all white.
    for y in 0..h {
        for x in 0..w {
            let inside = (199..=401).contains(&x) && (99..=301).contains(&y);
            if !inside {
                assert_eq!(
                    at(x, y),
                    [255, 255, 255],
                    "ink at ({x}, {y}) outside the clip"
                );
            }
        }
    }
    // Inside, the hatching shows.
    let dark = (200..400)
        .flat_map(|x| (100..300).map(move |y| (x, y)))
        .filter(|&(x, y)| at(x, y)[0] < 128)
        .count();
    assert!(dark > 2000, "{dark} dark pixels inside");
}
