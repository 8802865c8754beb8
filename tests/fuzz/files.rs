//! Fuzzers of the files a game ships beside its definition: its data file (potager's
//! `cards.csv`), its art (SVG and PNG, read by `art::load` from a file as a build reads them) and
//! its fonts (`fonts::Face::load`, then measured, wrapped and embedded in a PDF).

use super::harness::{self, placed, Verdict};
use super::mutate::{mutate, mutate_bytes, pick, tokens};
use crate::common;
use ludopress::art::{self, Art};
use ludopress::base::color::Color;
use ludopress::definition::Project;
use ludopress::export;
use ludopress::fonts::{self, Face};
use ludopress::rules::rng::Rng;
use ludopress::scene::{Affine, Anchor, Image, Item, Scene};
use std::path::Path;

/// Copies `rel` (a file or a folder) from the repository into `root`.
fn copy(rel: &str, root: &Path) {
    let from = common::root().join(rel);
    let to = root.join(rel);
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    if from.is_dir() {
        std::fs::create_dir_all(&to).unwrap();
        for e in std::fs::read_dir(&from).unwrap().flatten() {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

#[test]
fn mutated_data_files_are_accepted_or_refused_at_a_place() {
    // A copy of potager, whose deck is its CSV file; each input replaces the file.
    let f = harness::run(
        "data",
        runs_of_data(),
        || {
            let root = harness::scratch("data");
            copy("templates/library.toml", &root);
            for rel in ["game.toml", "cards.csv", "art", "fonts"] {
                copy(&format!("games/potager/{rel}"), &root);
            }
            let csv = std::fs::read_to_string(root.join("games/potager/cards.csv")).unwrap();
            let mut tokens = tokens();
            for t in [
                ",",
                ",,,,",
                "\"",
                "\"\"",
                "\"a,\nb\"",
                "\r",
                ";",
                "=1+1",
                "carrot",
                "tomato",
                "pumpkin",
                "rouge",
                "#fff",
                "99999",
                "-5",
                "0",
                "1e9",
                "id",
                "count",
            ] {
                tokens.push(t.to_string());
            }
            tokens.push(",".repeat(5000));
            tokens.push(format!("\"{}\"", "a".repeat(200_000)));
            let lib = Project::new(&root).library().expect("library");
            (root, csv, tokens, lib)
        },
        |(root, csv, tokens, lib), case| {
            let bad = mutate(csv, &mut case.rng, tokens);
            case.input(bad.as_bytes());
            std::fs::write(root.join("games/potager/cards.csv"), &bad).unwrap();
            let contract = ludopress::rules::registry::contract("potager");
            match Project::new(&*root).load("potager", lib, contract) {
                Ok(game) => {
                    // Every card of an accepted file lays out (every tenth input, for time).
                    if case.index % 10 == 1 {
                        let opts = ludopress::make::BuildOptions {
                            previews: false,
                            papers: vec![ludopress::sheet::Paper::A4],
                            ..Default::default()
                        };
                        ludopress::make::render_game(&game, &opts)
                            .unwrap_or_else(|e| panic!("render failed: {e}"));
                    }
                    Verdict::Accepted
                }
                Err(d) => {
                    placed(&d, &bad);
                    Verdict::Refused
                }
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

fn runs_of_data() -> usize {
    harness::runs()
}

/// SVG pieces the mutations insert: huge and odd numbers, deep nesting, long paths and texts,
/// links to files inside and outside the game, references that loop.
fn svg_tokens() -> Vec<String> {
    let mut t: Vec<String> = [
        "1e38", "-1e38", "1e-38", "NaN", "inf", "0", "-1", "99999999", "<g>", "</g>", "<g ",
        "/>", ">", "<", "\"", "'", "&amp;", "&#0;", "&#xD800;", "&unknown;", "<![CDATA[x]]>",
        "<!-- ", " -->", " transform=\"scale(1e30)\" ", " transform=\"rotate(45) skewX(89.9999)\" ",
        " stroke-width=\"1e30\" ", " stroke-dasharray=\"0.0001\" ", " opacity=\"-1\" ",
        " fill=\"url(#a)\" ", " clip-path=\"url(#c)\" ", " mask=\"url(#m)\" ", " filter=\"url(#f)\" ",
        "<linearGradient id=\"a\" href=\"#a\"/>",
        "<radialGradient id=\"a\" r=\"0\"><stop offset=\"2\"/></radialGradient>",
        "<clipPath id=\"c\"><use href=\"#c\"/></clipPath>",
        "<mask id=\"m\"><rect width=\"1e9\" height=\"1e9\" mask=\"url(#m)\"/></mask>",
        "<filter id=\"f\"><feGaussianBlur stdDeviation=\"1e6\"/></filter>",
        "<pattern id=\"a\" width=\"0.0001\" height=\"0.0001\"><rect width=\"1\" height=\"1\"/></pattern>",
        "<use href=\"#x\"/>", "<symbol id=\"x\"><use href=\"#x\"/></symbol>",
        "<style>*{fill:url(#a);stroke-width:1e9}</style>",
        "<image href=\"soil.png\" width=\"10\" height=\"10\"/>",
        "<image href=\"../../../../etc/hostname\" width=\"10\" height=\"10\"/>",
        "<image href=\"/etc/hostname\" width=\"10\" height=\"10\"/>",
        "<image href=\"x.svg\" width=\"10\" height=\"10\"/>",
        "<image href=\"data:image/svg+xml;utf8,&lt;svg xmlns='http://www.w3.org/2000/svg'/&gt;\"/>",
        "<image href=\"data:image/png;base64,AAAA\"/>",
        "<text x=\"1\" y=\"10\" font-size=\"1e6\">Ab</text>",
        "<text x=\"1\" y=\"10\" font-family=\"Nothing\">é😀\u{202e}</text>",
        "<tspan dx=\"1e30\">x</tspan>",
        "<svg width=\"1e9\" height=\"1e9\">", "<svg viewBox=\"0 0 0 0\">", " viewBox=\"0 0 -1 -1\" ",
        " d=\"M0 0\" ", " d=\"M\" ", " d=\"M 0 0 A 1e30 1e30 0 1 1 1 1\" ",
        "<!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    t.push("<g>".repeat(1000));
    t.push("<g transform=\"scale(2)\">".repeat(200));
    t.push(format!("<path d=\"M0 0{}\"/>", " L1 1 L2 0".repeat(5000)));
    t.push(format!(
        "<text x=\"1\" y=\"10\">{}</text>",
        "mot ".repeat(500)
    ));
    t.push(format!("<polygon points=\"{}\"/>", "1,2 3,4 ".repeat(5000)));
    t.push("<rect width=\"1\" height=\"1\"/>".repeat(3000));
    t
}

/// SVGs the mutations start from: potager's art, and a few that use what the art rarely does.
fn svg_bases() -> Vec<String> {
    let mut out = Vec::new();
    for p in common::files_with(&common::root().join("games/potager/art"), "svg") {
        out.push(std::fs::read_to_string(p).unwrap());
    }
    let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"40\" height=\"40\" viewBox=\"0 0 40 40\">";
    out.push(format!(
        "{open}<defs><linearGradient id=\"a\" x1=\"0\" x2=\"1\"><stop offset=\"0\" stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\" stop-opacity=\"0.5\"/></linearGradient>\
         <clipPath id=\"c\"><circle cx=\"20\" cy=\"20\" r=\"15\"/></clipPath></defs>\
         <g clip-path=\"url(#c)\" opacity=\"0.8\"><rect width=\"40\" height=\"40\" fill=\"url(#a)\"/>\
         <path d=\"M2 2 C 10 30 30 10 38 38 Q 20 0 2 38 Z\" fill-rule=\"evenodd\" stroke=\"#123\" stroke-width=\"2\" stroke-dasharray=\"2 1\"/></g></svg>"
    ));
    out.push(format!(
        "{open}<text x=\"4\" y=\"20\" font-size=\"8\" font-weight=\"bold\">Potager <tspan font-style=\"italic\">été</tspan></text>\
         <use xlink:href=\"#s\" x=\"10\"/><defs><symbol id=\"s\"><ellipse cx=\"5\" cy=\"5\" rx=\"4\" ry=\"2\"/></symbol></defs></svg>"
    ));
    out.push(format!(
        "{open}<image x=\"0\" y=\"0\" width=\"20\" height=\"20\" href=\"data:image/png;base64,{}\"/>\
         <image x=\"20\" y=\"0\" width=\"20\" height=\"20\" href=\"soil.png\"/></svg>",
        base64(&tiny_png(Color8::Rgba, 3, 2, false))
    ));
    out
}

/// A scene that draws `art` in a 20 mm box, for the exports.
fn drawn(art: &Art) -> Scene {
    let mut scene = Scene::new(30.0, 30.0);
    match art {
        Art::Vector(s) => {
            let (w, h) = (s.width.max(1e-9), s.height.max(1e-9));
            let k = (20.0 / w).min(20.0 / h);
            let k = if k.is_finite() { k } else { 1.0 };
            scene.place(
                (**s).clone(),
                Affine::scale(k).then(Affine::translate(5.0, 5.0)),
                Some((0.0, 0.0, 30.0, 30.0)),
            );
        }
        Art::Raster(r) => scene.push(Item::Image(Image {
            raster: r.clone(),
            x: 5.0,
            y: 5.0,
            w: 20.0,
            h: 20.0,
        })),
    }
    scene
}

/// Checks what `art::load` made of a file: a result whose size is usable and whose scene exports
/// (SVG always, a small raster every tenth input), or an error that says why.
fn loaded(path: &Path, index: usize) -> Verdict {
    let within = path.parent().unwrap_or(path);
    match art::load(path, path, within, art::MAX_BUILD_PIXELS) {
        Ok(a) => {
            let (w, h) = a.size();
            assert!(w.is_finite() && h.is_finite(), "a size of {w} × {h}");
            let scene = drawn(&a);
            let svg = export::svg::to_svg(&scene);
            assert!(
                svg.starts_with("<svg") || svg.starts_with("<?xml"),
                "{}",
                &svg[..svg.len().min(200)]
            );
            if index % 10 == 3 {
                // An error is allowed (a limit); a panic or a hang is not.
                let _ = export::png::render_scene_px(&scene, (64, 64), 54.2);
            }
            Verdict::Accepted
        }
        Err(e) => {
            assert!(!e.to_string().trim().is_empty(), "an empty error");
            Verdict::Refused
        }
    }
}

#[test]
fn mutated_svg_art_is_drawn_or_refused() {
    let f = harness::run(
        "art-svg",
        harness::runs(),
        || {
            let root = harness::scratch("art-svg");
            std::fs::copy(
                common::root().join("games/potager/art/soil.png"),
                root.join("soil.png"),
            )
            .unwrap();
            let mut tokens = tokens();
            tokens.extend(svg_tokens());
            // The SVG tokens more often than the general ones.
            let svg = svg_tokens();
            (root, svg_bases(), tokens, svg)
        },
        |(root, bases, tokens, svg), case| {
            let base = &bases[case.index % bases.len()];
            let bad = if case.rng.below(2) == 0 {
                mutate(base, &mut case.rng, svg)
            } else {
                mutate(base, &mut case.rng, tokens)
            };
            case.input(bad.as_bytes());
            let path = root.join("x.svg");
            std::fs::write(&path, &bad).unwrap();
            loaded(&path, case.index)
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

/// How a generated PNG stores its pixels.
#[derive(Clone, Copy)]
enum Color8 {
    Rgba,
    Gray16,
    Indexed,
}

/// A small valid PNG (stored zlib blocks, no compression), written here so the bases cover
/// colour types and interlacing the shipped art does not use.
fn tiny_png(kind: Color8, w: u32, h: u32, interlaced: bool) -> Vec<u8> {
    let (ctype, depth, bpp) = match kind {
        Color8::Rgba => (6u8, 8u8, 4usize),
        Color8::Gray16 => (0, 16, 2),
        Color8::Indexed => (3, 8, 1),
    };
    // Interlaced images are written as one pass per Adam7 step; a 1×1 image has only the first.
    let (w, h) = if interlaced { (1, 1) } else { (w, h) };
    let mut raw = Vec::new();
    for y in 0..h {
        raw.push(0u8);
        for x in 0..w as usize * bpp {
            raw.push((x as u32 * 37 + y * 11) as u8 % if bpp == 1 { 3 } else { 255 });
        }
    }
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[depth, ctype, 0, 0, u8::from(interlaced)]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &ihdr);
    if let Color8::Indexed = kind {
        chunk(&mut png, b"PLTE", &[255, 0, 0, 0, 255, 0, 0, 0, 255]);
        chunk(&mut png, b"tRNS", &[255, 128]);
    }
    chunk(&mut png, b"tEXt", b"Comment\0fuzz");
    chunk(&mut png, b"IDAT", &zlib_stored(&raw));
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(out: &mut Vec<u8>, tag: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(tag);
    out.extend_from_slice(data);
    let mut c = tag.to_vec();
    c.extend_from_slice(data);
    out.extend_from_slice(&crc32(&c).to_be_bytes());
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut c = 0xffff_ffffu32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = data.chunks(65535).collect();
    for (i, b) in blocks.iter().enumerate() {
        out.push(u8::from(i + 1 == blocks.len()));
        out.extend_from_slice(&(b.len() as u16).to_le_bytes());
        out.extend_from_slice(&(!(b.len() as u16)).to_le_bytes());
        out.extend_from_slice(b);
    }
    if blocks.is_empty() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &x in data {
        a = (a + u32::from(x)) % 65521;
        b = (b + a) % 65521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::new();
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                s.push(A[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

/// A PNG's chunks: (offset of the length field, tag, data range).
fn chunks(png: &[u8]) -> Vec<(usize, [u8; 4], std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut at = 8;
    while at + 12 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let tag: [u8; 4] = png[at + 4..at + 8].try_into().unwrap();
        if at + 12 + len > png.len() {
            break;
        }
        out.push((at, tag, at + 8..at + 8 + len));
        at += 12 + len;
    }
    out
}

/// One PNG mutation: bytes anywhere (the checksums then mostly fail), a chunk's data edited with
/// its checksum made right again (so the decoder reads on), a huge or odd declared size, a chunk
/// removed, repeated or moved, a truncation.
fn mutate_png(png: &[u8], rng: &mut Rng) -> Vec<u8> {
    let parts = chunks(png);
    let rebuild = |parts: &[(usize, [u8; 4], Vec<u8>)]| {
        let mut out = png[..8].to_vec();
        for (_, tag, data) in parts {
            chunk(&mut out, tag, data);
        }
        out
    };
    let mut owned: Vec<(usize, [u8; 4], Vec<u8>)> = parts
        .iter()
        .map(|(at, tag, r)| (*at, *tag, png[r.clone()].to_vec()))
        .collect();
    match rng.below(6) {
        0 => mutate_bytes(png, rng),
        1 | 2 if !owned.is_empty() => {
            let i = pick(rng, owned.len());
            owned[i].2 = mutate_bytes(&owned[i].2, rng);
            rebuild(&owned)
        }
        3 if !owned.is_empty() => {
            let sizes = [
                0u32,
                1,
                7000,
                65535,
                100_000,
                1 << 24,
                0x7fff_ffff,
                u32::MAX,
            ];
            let (w, h) = (sizes[pick(rng, sizes.len())], sizes[pick(rng, sizes.len())]);
            if owned[0].2.len() >= 13 {
                owned[0].2[..4].copy_from_slice(&w.to_be_bytes());
                owned[0].2[4..8].copy_from_slice(&h.to_be_bytes());
                if rng.below(2) == 0 {
                    // Depth and colour type too.
                    owned[0].2[8] = [1, 2, 4, 8, 16, 3, 0][pick(rng, 7)];
                    owned[0].2[9] = [0, 2, 3, 4, 6, 1, 7][pick(rng, 7)];
                }
            }
            rebuild(&owned)
        }
        4 if !owned.is_empty() => {
            let i = pick(rng, owned.len());
            match rng.below(3) {
                0 => {
                    owned.remove(i);
                }
                1 => {
                    let c = owned[i].clone();
                    let times = [1, 50][pick(rng, 2)];
                    for _ in 0..times {
                        owned.insert(i, c.clone());
                    }
                }
                _ => {
                    let j = pick(rng, owned.len());
                    owned.swap(i, j);
                }
            }
            rebuild(&owned)
        }
        _ => {
            let mut b = png.to_vec();
            b.truncate(pick(rng, png.len() + 1));
            b
        }
    }
}

/// Found by the PNG fuzzer: an indexed PNG whose palette has 276 entries, or a length that is not
/// a whole number of entries, is refused (png 0.17 panicked expanding it).
#[test]
fn a_png_palette_over_256_entries_is_refused() {
    for name in ["png-palette-panic.png", "png-palette-short.png"] {
        let path = common::root().join("tests/fixtures/fuzz").join(name);
        let got = std::panic::catch_unwind(|| {
            art::load(&path, &path, &path, art::MAX_BUILD_PIXELS).map(|_| ())
        });
        match got {
            Ok(r) => assert!(r.is_err(), "an invalid palette was accepted: {name}"),
            Err(_) => panic!("art::load panicked on {}", path.display()),
        }
    }
}

#[test]
fn mutated_png_art_is_drawn_or_refused() {
    let f = harness::run(
        "art-png",
        harness::runs(),
        || {
            let root = harness::scratch("art-png");
            let bases = vec![
                std::fs::read(common::root().join("games/potager/art/soil.png")).unwrap(),
                tiny_png(Color8::Rgba, 5, 4, false),
                tiny_png(Color8::Gray16, 7, 3, false),
                tiny_png(Color8::Indexed, 4, 4, false),
                tiny_png(Color8::Rgba, 1, 1, true),
            ];
            (root, bases)
        },
        |(root, bases), case| {
            let base = &bases[case.index % bases.len()];
            let mut bad = mutate_png(base, &mut case.rng);
            if case.rng.below(3) == 0 {
                bad = mutate_png(&bad, &mut case.rng);
            }
            case.input(&bad);
            let path = root.join("x.png");
            std::fs::write(&path, &bad).unwrap();
            loaded(&path, case.index)
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

/// The tags and places of a font's tables: (offset of the record in the table directory, tag,
/// table offset, table length).
fn tables(font: &[u8]) -> Vec<(usize, [u8; 4], usize, usize)> {
    let n = font
        .get(4..6)
        .map_or(0, |b| u16::from_be_bytes([b[0], b[1]]) as usize);
    (0..n)
        .filter_map(|i| {
            let at = 12 + 16 * i;
            let rec = font.get(at..at + 16)?;
            let tag: [u8; 4] = rec[..4].try_into().ok()?;
            let off = u32::from_be_bytes(rec[8..12].try_into().ok()?) as usize;
            let len = u32::from_be_bytes(rec[12..16].try_into().ok()?) as usize;
            Some((at, tag, off, len))
        })
        .collect()
}

/// One font mutation: bytes anywhere, bytes at the head of one table (where its counts and
/// offsets are), a table's offset or length in the directory set to an extreme, a truncation.
fn mutate_font(font: &[u8], rng: &mut Rng) -> Vec<u8> {
    let t = tables(font);
    let mut b = font.to_vec();
    match rng.below(5) {
        0 => return mutate_bytes(font, rng),
        1 | 2 if !t.is_empty() => {
            let (_, _, off, len) = t[pick(rng, t.len())];
            for _ in 0..1 + rng.below(6) {
                let i = off + pick(rng, len.clamp(1, 64));
                if i < b.len() {
                    b[i] = match rng.below(3) {
                        0 => b[i] ^ (1 << rng.below(8)),
                        1 => 0xff,
                        _ => 0,
                    };
                }
            }
        }
        3 if !t.is_empty() => {
            let (at, _, _, _) = t[pick(rng, t.len())];
            let v: u32 = [
                0,
                1,
                0xffff_ffff,
                0x7fff_ffff,
                b.len() as u32,
                b.len() as u32 - 1,
            ][pick(rng, 6)];
            let field = at + if rng.below(2) == 0 { 8 } else { 12 };
            b[field..field + 4].copy_from_slice(&v.to_be_bytes());
        }
        _ => b.truncate(pick(rng, font.len() + 1)),
    }
    b
}

#[test]
fn mutated_fonts_are_used_or_refused() {
    // Fonts are large, and every face loaded stays in the process (see the figures' `retained`):
    // a quarter as many runs.
    let f = harness::run(
        "fonts",
        (harness::runs() / 4).max(50),
        || {
            let bases: Vec<Vec<u8>> = [
                "games/potager/fonts/CabinSketch-Regular.ttf",
                "games/potager/fonts/CabinSketch-Bold.ttf",
                "templates/fonts/Lato-Italic.ttf",
            ]
            .iter()
            .map(|p| std::fs::read(common::root().join(p)).unwrap())
            .collect();
            bases
        },
        |bases, case| {
            // Lato (three times larger) one input in ten.
            let base = if case.index % 10 == 9 {
                &bases[2]
            } else {
                &bases[case.index % 2]
            };
            let bad = mutate_font(base, &mut case.rng);
            case.input(&bad);
            match Face::load(bad) {
                Ok(face) => {
                    let text = "Potager : « été » — ﬁ 😀 Kitchen Garden 12345";
                    let w = face.width_mm(text, 11.0);
                    assert!(w.is_finite() && w >= 0.0, "a width of {w}");
                    assert!(face.cap_height_mm(11.0).is_finite());
                    face.has_char('é');
                    let lines = fonts::wrap(face, text, 9.0, 30.0);
                    assert!(!lines.is_empty());
                    // Embedded (subset) in a PDF and named in an SVG.
                    let mut scene = Scene::new(50.0, 20.0);
                    scene.text(2.0, 10.0, 11.0, face, Color::BLACK, Anchor::Start, text);
                    let pdf = export::pdf::to_pdf(&[&scene], &export::pdf::Meta::default());
                    assert!(pdf.starts_with(b"%PDF"));
                    export::svg::to_svg(&scene);
                    Verdict::Accepted
                }
                Err(e) => {
                    assert!(!e.to_string().trim().is_empty(), "an empty error");
                    Verdict::Refused
                }
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

/// Found by the SVG fuzzer: an arc to a point near 1e38 kept usvg turning it into curves for
/// minutes; it is refused before usvg reads it (the thread's deadline only stops a regression
/// from hanging the suite).
#[test]
fn an_arc_to_a_huge_point_is_refused_at_once() {
    let path = common::root().join("tests/fixtures/fuzz/svg-arc-hang.svg");
    let (tx, rx) = std::sync::mpsc::channel();
    let p = path.clone();
    std::thread::spawn(move || {
        let within = p.parent().unwrap().to_path_buf();
        let _ = tx.send(
            art::load(&p, &p, &within, art::MAX_BUILD_PIXELS)
                .map(|_| ())
                .map_err(|e| e.to_string()),
        );
    });
    match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(Err(e)) => assert!(e.contains("16.1e38"), "the number is not named: {e}"),
        Ok(Ok(())) => panic!("an arc to 16.1e38 was accepted"),
        Err(_) => panic!("art::load did not return within 60 s"),
    }
}

/// A PNG whose header declares `w` × `h` pixels (RGB, 8 bits) over a few bytes of data: what
/// a picture costs must be judged from its header, before anything is decoded.
fn declared_png(w: u32, h: u32) -> Vec<u8> {
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(&mut png, b"IDAT", &zlib_stored(&[0, 1, 2, 3]));
    chunk(&mut png, b"IEND", &[]);
    png
}

/// A JPEG whose frame header declares `w` × `h` pixels (baseline, three components) and holds
/// nothing else.
fn declared_jpeg(w: u16, h: u16) -> Vec<u8> {
    let mut j = vec![0xff, 0xd8, 0xff, 0xc0, 0, 17, 8];
    j.extend_from_slice(&h.to_be_bytes());
    j.extend_from_slice(&w.to_be_bytes());
    j.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    j.extend_from_slice(&[0xff, 0xd9]);
    j
}

/// A grey PNG of `w` × `h` pixels that no other `seed` makes (its rows shaded by the seed), a
/// few hundred KB however large.
fn medium_png(w: u32, h: u32, seed: u64) -> Vec<u8> {
    let mut px = vec![0u8; (w * h) as usize];
    for (y, row) in px.chunks_mut(w as usize).enumerate() {
        row.fill((y as u64 / 64 + seed * 7) as u8);
    }
    common::grey_png(w, h, &px)
}

/// A game whose cards draw `art/p<i>.png` for each `i` of `pictures`.
fn pictures_game(pictures: usize) -> String {
    let cards: Vec<(String, String)> = (0..pictures)
        .map(|i| (format!("c{i}"), format!("p{i}")))
        .collect();
    common::pictures_game(&cards)
}

/// Pixel bombs: PNGs and JPEGs whose headers declare huge sizes, SVGs whose `<image>`s do (or
/// draw one image many times), and games of many medium pictures whose sum passes the budget
/// of a build. Each is drawn or refused with a reason (a game's errors each at a place), under
/// the harness's memory cap. Fewer inputs than the other kinds: a game of pictures decodes up
/// to 150 megapixels.
#[test]
fn pixel_bombs_are_drawn_or_refused() {
    let f = harness::run(
        "art-png",
        (harness::runs() / 10).max(6),
        || {
            let root = harness::scratch("art-pixels");
            copy("templates/library.toml", &root);
            std::fs::create_dir_all(root.join("games/cards/art")).unwrap();
            root
        },
        |root, case| {
            let big = |rng: &mut Rng| 1 + rng.below(1 << 17) as u32;
            match case.index % 6 {
                0 | 3 | 4 => {
                    let png = declared_png(big(&mut case.rng), big(&mut case.rng));
                    case.input(&png);
                    let path = root.join("x.png");
                    std::fs::write(&path, &png).unwrap();
                    loaded(&path, case.index)
                }
                1 => {
                    let (w, h) = (
                        case.rng.below(1 << 16) as u16,
                        case.rng.below(1 << 16) as u16,
                    );
                    let jpeg = declared_jpeg(w, h);
                    case.input(&jpeg);
                    let path = root.join("x.jpg");
                    std::fs::write(&path, &jpeg).unwrap();
                    loaded(&path, case.index)
                }
                2 => {
                    // One image declared huge, or a real small one drawn very many times.
                    let (png, uses) = if case.rng.below(2) == 0 {
                        (declared_png(big(&mut case.rng), big(&mut case.rng)), 1)
                    } else {
                        (
                            medium_png(1000, 1000, case.rng.below(256)),
                            1 + case.rng.below(300),
                        )
                    };
                    let href = format!("data:image/png;base64,{}", base64(&png));
                    let images: String = (0..uses)
                        .map(|i| {
                            format!("<image x=\"{i}\" width=\"1\" height=\"1\" href=\"{href}\"/>")
                        })
                        .collect();
                    let svg = format!(
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">{images}</svg>"
                    );
                    case.input(svg.as_bytes());
                    let path = root.join("x.svg");
                    std::fs::write(&path, &svg).unwrap();
                    loaded(&path, case.index)
                }
                _ => {
                    // Medium pictures of 9 to 25 megapixels, 5 to 12 of them: most pass the
                    // budget of a build in all.
                    let n = 5 + case.rng.below(8) as usize;
                    let side = 3000 + case.rng.below(2001) as u32;
                    let art = root.join("games/cards/art");
                    for i in 0..n {
                        std::fs::write(
                            art.join(format!("p{i}.png")),
                            medium_png(side, side, i as u64),
                        )
                        .unwrap();
                    }
                    let text = pictures_game(n);
                    case.input(text.as_bytes());
                    std::fs::write(root.join("games/cards/game.toml"), &text).unwrap();
                    let project = Project::new(&*root);
                    let lib = project.library().unwrap();
                    let verdict = match project.load("cards", &lib, None) {
                        Ok(g) => {
                            let held: u64 = g.pictures.iter().map(|p| p.1).sum();
                            assert!(held <= art::MAX_BUILD_PIXELS, "{held} pixels held");
                            Verdict::Accepted
                        }
                        Err(d) => {
                            placed(&d, &text);
                            assert!(
                                d.to_string().contains("megapixels decoded in a build"),
                                "{d}"
                            );
                            Verdict::Refused
                        }
                    };
                    for i in 0..n {
                        let _ = std::fs::remove_file(art.join(format!("p{i}.png")));
                    }
                    verdict
                }
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}
