//! The same input gives the same bytes: two builds of every game are identical.

use crate::common;

use ludopress::make::{render_game, BuildOptions};

#[test]
fn two_builds_are_byte_identical() {
    for id in ludopress::rules::registry::NAMES {
        let game = common::game(id);
        // PNG previews of one game only, to keep the test quick; the SVG they come from is compared for all.
        let opts = BuildOptions {
            previews: id == "imperator",
            ..BuildOptions::default()
        };
        let a = render_game(&game, &opts).expect("first build");
        let b = render_game(&game, &opts).expect("second build");
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.path, y.path);
            assert!(
                x.bytes == y.bytes,
                "{id}: {} differs between two builds",
                x.path.display()
            );
        }
        assert!(a
            .iter()
            .any(|f| f.path.extension().is_some_and(|e| e == "pdf")));
    }
}

#[test]
fn print_pdfs_hold_real_text_and_embedded_fonts() {
    let game = common::game("imbriqua");
    let opts = BuildOptions {
        previews: false,
        ..BuildOptions::default()
    };
    let files = render_game(&game, &opts).unwrap();
    let pdf = files
        .iter()
        .find(|f| f.path.to_string_lossy() == "imbriqua-fr-a4.pdf")
        .expect("a4 pdf");
    let text = common::pdf_objects(&pdf.bytes);
    assert!(text.contains("FontFile2"), "fonts are embedded");
    assert!(text.contains("ToUnicode"), "text maps back to Unicode");
    assert!(
        pdf.bytes.len() < 150_000,
        "Imbriqua print PDF is {} bytes",
        pdf.bytes.len()
    );
    let (_, all) = common::pdf_text(&pdf.bytes);
    assert!(
        all.contains("Prise lointaine"),
        "card titles are real text: {}",
        &all[..all.len().min(300)]
    );
}
