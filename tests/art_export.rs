//! SVG art's opacity, fill rule and gradients reach every output: the SVG export, the PNG
//! preview rendered from it, and the PDF (a shading, a graphics state, the even-odd fill).

use crate::common;

use ludopress::fonts::Face;
use ludopress::scene::{Affine, Anchor, Scene};

const ART: &[u8] = br##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
  <defs>
    <radialGradient id="r" cx="10" cy="10" r="8" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#ff0000"/>
      <stop offset="1" stop-color="#000000"/>
    </radialGradient>
  </defs>
  <circle cx="10" cy="10" r="8" fill="url(#r)"/>
  <rect x="20" y="0" width="10" height="10" fill="#00ff00" fill-opacity="0.5"/>
  <path d="M30 0H40V20H30Z M32 5H38V15H32Z" fill="#0000ff" fill-rule="evenodd"/>
</svg>"##;

/// The art placed at twice its size on a page, so the gradient must follow the placement.
fn page() -> Scene {
    let art = ludopress::art::vector(ART).unwrap();
    let mut s = Scene::new(100.0, 60.0);
    s.place(
        art,
        Affine::scale(2.0).then(Affine::translate(10.0, 10.0)),
        None,
    );
    s
}

#[test]
fn the_svg_export_and_its_preview_keep_gradients_opacity_and_holes() {
    let svg = ludopress::export::svg::to_svg(&page());
    assert!(svg.contains("<radialGradient"), "{svg}");
    assert_eq!(svg.matches("<stop").count(), 3);
    assert!(svg.contains("gradientUnits=\"userSpaceOnUse\""));
    assert!(svg.contains("fill=\"url(#grad1)\""));
    assert!(svg.contains("fill-opacity=\"0.5\""));
    assert!(svg.contains("fill-rule=\"evenodd\""));
    // The preview at 25.4 dpi: one pixel per mm.
    let png = ludopress::export::png::render(&svg, 25.4).unwrap();
    let img = image_rgb(&png);
    let at = |x: usize, y: usize| img.2[(y * img.0 + x) * 3..][..3].to_vec();
    // The circle's centre (page 30, 30) is white, 60 % out (at 9.6 mm) red, its edge dark.
    let c = at(30, 30);
    assert!(c.iter().all(|&v| v > 230), "{c:?}");
    let red = at(30 + 10, 30);
    assert!(red[0] > 200 && red[1] < 60, "{red:?}");
    // Half-opaque green on white is pale green.
    let g = at(55, 20);
    assert!((110..150).contains(&g[0]) && g[1] > 240, "{g:?}");
    // The even-odd hole lets the white through; the ring is blue.
    assert!(at(80, 30).iter().all(|&v| v > 240), "{:?}", at(80, 30));
    assert!(
        at(72, 30)[2] > 200 && at(72, 30)[0] < 40,
        "{:?}",
        at(72, 30)
    );
}

#[test]
fn the_pdf_paints_a_shading_under_a_clip_with_a_graphics_state_for_opacity() {
    let pdf = ludopress::export::pdf::to_pdf(
        &[&page()],
        &ludopress::export::pdf::Meta {
            title: "t".into(),
            compress: false,
            ..Default::default()
        },
    );
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("/ShadingType 3"), "a radial shading");
    assert!(
        text.contains(" sh\n") || text.contains(" sh "),
        "painted with sh"
    );
    assert!(text.contains("/ca 0.5"), "a fill opacity of one half");
    assert!(text.contains(" gs"), "the state is set");
    assert!(text.contains("f*"), "the even-odd fill");
    // The same page twice holds one shading and one graphics state.
    let two = ludopress::export::pdf::to_pdf(
        &[&page(), &page()],
        &ludopress::export::pdf::Meta {
            title: "t".into(),
            compress: false,
            ..Default::default()
        },
    );
    let two = String::from_utf8_lossy(&two);
    assert_eq!(two.matches("/ShadingType").count(), 1);
    assert_eq!(two.matches("/ca 0.5").count(), 1);
}

/// Decodes an 8-bit RGB or RGBA PNG into (width, height, rgb).
fn image_rgb(png: &[u8]) -> (usize, usize, Vec<u8>) {
    let r = ludopress::art::png(png).unwrap();
    (r.width as usize, r.height as usize, r.rgb)
}

#[test]
fn pdfs_are_valid_claim_no_pdf_x_and_embed_real_tagged_subsets() {
    let mut words = page();
    for (y, face) in [(20.0, Face::Regular), (30.0, Face::Bold)] {
        let (c, a) = (ludopress::base::color::Color::rgb(0, 0, 0), Anchor::Start);
        words.text(5.0, y, 9.0, face, c, a, "Imbriqua · feuille 1/2 · é");
    }
    for compress in [false, true] {
        let pdf = ludopress::export::pdf::to_pdf(
            &[&words],
            &ludopress::export::pdf::Meta {
                title: "t".into(),
                author: "Ada Designer".into(),
                lang: Some("fr".into()),
                compress,
                ..Default::default()
            },
        );
        let has = |hay: &[u8], n: &[u8]| hay.windows(n.len()).any(|w| w == n);
        assert!(!has(&pdf, b"GTS_PDFX"), "an empty PDF/X version key");
        // An independent reader finds every object through the cross-reference table or stream.
        let doc = lopdf::Document::load_mem(&pdf).expect("a PDF lopdf reads");
        let catalog = doc.catalog().unwrap();
        assert_eq!(catalog.get(b"Lang").unwrap().as_str().unwrap(), b"fr");
        let info = doc
            .get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap())
            .unwrap();
        let author = info.get(b"Author").unwrap().as_str().unwrap();
        assert_eq!(&author[..2], &[0xfe, 0xff], "a UTF-16 text string");
        let mut faces = 0;
        for obj in doc.objects.values() {
            let Ok(d) = obj.as_dict() else { continue };
            if d.get(b"Type").and_then(|t| t.as_name()).ok() != Some(b"FontDescriptor") {
                continue;
            }
            faces += 1;
            let name = String::from_utf8_lossy(d.get(b"FontName").unwrap().as_name().unwrap());
            let (tag, _) = name.split_once('+').expect("a subset tag");
            assert!(
                tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
                "{name}"
            );
            let file = d.get(b"FontFile2").unwrap().as_reference().unwrap();
            let stream = doc.get_object(file).unwrap().as_stream().unwrap();
            let program = stream
                .decompressed_content()
                .unwrap_or_else(|_| stream.content.clone());
            let face = ttf_parser::Face::parse(&program, 0).expect("a font program");
            // The page writes a handful of letters: the subset keeps those, renumbered.
            // .notdef and 17 characters, and the parts of é, a composite glyph (Lato has 2,000+).
            let n = face.number_of_glyphs();
            assert!((18..=21).contains(&n), "{name}: {n} glyphs");
            assert!(program.len() < 16_000, "{name}: {} bytes", program.len());
        }
        assert_eq!(faces, 2, "one program per face");
    }
}

#[test]
fn a_no_break_space_does_not_turn_every_space_of_its_face_in_the_text_map() {
    // French typography: a no-break space before the colon, drawn with the space's glyph, in
    // the same bold face as ordinary spaces. A glyph has one text-map entry: it is the space's.
    let mut words = page();
    let (c, a) = (ludopress::base::color::Color::rgb(0, 0, 0), Anchor::Start);
    words.text(
        5.0,
        20.0,
        9.0,
        Face::Bold,
        c,
        a,
        "Plan d’assemblage\u{a0}: trois parties",
    );
    words.text(5.0, 30.0, 9.0, Face::Bold, c, a, "deux mots ici");
    let pdf = ludopress::export::pdf::to_pdf(
        &[&words],
        &ludopress::export::pdf::Meta {
            title: "t".into(),
            compress: true,
            ..Default::default()
        },
    );
    let (_, text) = common::pdf_text(&pdf);
    assert!(text.contains("deux mots ici"), "{text:?}");
    assert!(!text.contains('\u{a0}'), "{text:?}");
}
