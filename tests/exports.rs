//! Exports for print-on-demand services and Tabletop Simulator, read back: image sizes,
//! resolutions, grids and quantities.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::commands::share::{pod, tts, TTS_GRID};

/// Width, height and pixels per metre of a PNG.
fn png_info(bytes: &[u8]) -> (u32, u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    let dims = info.pixel_dims.expect("a pHYs chunk");
    assert_eq!(dims.unit, png::Unit::Meter);
    assert_eq!(dims.xppu, dims.yppu);
    (info.width, info.height, dims.xppu)
}

fn px(mm: f64, dpi: f64) -> u32 {
    (mm / 25.4 * dpi).round() as u32
}

#[test]
fn print_on_demand_faces_have_their_bleed_at_the_asked_resolution_and_a_list_of_copies() {
    let game = common::game("imbriqua");
    let deck = &game.decks[0];
    for dpi in [300.0, 150.0] {
        let files = pod(&game, Lang::Fr, dpi).unwrap();
        let find = |name: &str| {
            files
                .iter()
                .find(|f| f.path.to_string_lossy().replace('\\', "/") == name)
                .unwrap_or_else(|| panic!("{name} not exported"))
        };
        let first = &deck.cards[0];
        let card = find(&format!("{0}/{0}-{1}-front.png", deck.id, first.id));
        let (w, h, ppm) = png_info(&card.bytes);
        assert_eq!(
            (w, h),
            (
                px(deck.width + 2.0 * deck.bleed, dpi),
                px(deck.height + 2.0 * deck.bleed, dpi)
            ),
            "a {} × {} mm card with {} mm of bleed at {dpi} dpi",
            deck.width,
            deck.height,
            deck.bleed
        );
        assert_eq!(ppm, (dpi / 0.0254).round() as u32);
        let back = find(&format!("{0}/{0}-back.png", deck.id));
        assert_eq!(png_info(&back.bytes).0, w);
        // The list: each card's copies, and the shared back as many times as there are cards.
        let list = String::from_utf8(find("quantities.txt").bytes.clone()).unwrap();
        let copies = |name: &str| -> usize {
            list.lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split('\t').nth(1))
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name} not listed:\n{list}"))
        };
        let total: usize = deck.cards.iter().map(|c| c.count).sum();
        assert_eq!(copies(&format!("{0}/{0}-back.png", deck.id)), total);
        assert_eq!(
            copies(&format!("{0}/{0}-{1}-front.png", deck.id, first.id)),
            first.count
        );
        // Every listed image exists, and every image is listed.
        let pngs = files
            .iter()
            .filter(|f| f.path.extension().is_some_and(|e| e == "png"));
        assert_eq!(
            pngs.count(),
            list.lines().filter(|l| !l.starts_with('#')).count()
        );
    }
}

#[test]
fn tabletop_simulator_sheets_hold_at_most_ten_by_seven_faces_on_an_exact_grid() {
    let mut game = common::game("imbriqua");
    // 150 more copies of one card: three sheets (70, 70 and the rest).
    game.decks[0].cards[0].count += 150;
    let total: usize = game.decks[0].cards.iter().map(|c| c.count).sum();
    let files = tts(&game, Lang::En, 100.0).unwrap();
    let get = |name: &str| {
        files
            .iter()
            .find(|f| f.path.to_string_lossy().replace('\\', "/") == name)
            .unwrap_or_else(|| panic!("{name} not exported"))
    };
    let id = &game.decks[0].id;
    let json: serde_json::Value =
        serde_json::from_slice(&get(&format!("{id}.json")).bytes).unwrap();
    let face = (
        json["face_pixels"][0].as_u64().unwrap() as u32,
        json["face_pixels"][1].as_u64().unwrap() as u32,
    );
    assert_eq!(face, (px(63.0, 100.0), px(88.0, 100.0)));
    let sheets = json["sheets"].as_array().unwrap();
    assert_eq!(sheets.len(), total.div_ceil(TTS_GRID.0 * TTS_GRID.1));
    let mut cards = 0;
    for s in sheets {
        let (cols, rows, n) = (
            s["columns"].as_u64().unwrap() as u32,
            s["rows"].as_u64().unwrap() as u32,
            s["cards"].as_u64().unwrap() as usize,
        );
        assert!(cols as usize <= TTS_GRID.0 && rows as usize <= TTS_GRID.1);
        assert!(n <= (cols * rows) as usize && n > ((rows - 1) * cols) as usize);
        let image = get(s["image"].as_str().unwrap());
        let (w, h, _) = png_info(&image.bytes);
        assert_eq!((w, h), (face.0 * cols, face.1 * rows));
        cards += n;
    }
    assert_eq!(cards, total);
    assert_eq!(json["cards"].as_u64().unwrap() as usize, total);
    let back = get(json["back"].as_str().unwrap());
    assert_eq!((png_info(&back.bytes).0, png_info(&back.bytes).1), face);
    // A tile set is a deck of its own, and one without a back gets a plain back image, never
    // `"back": null` (Tabletop Simulator's deck import refuses it).
    let tiles = &game.tilesets[0];
    let json = files
        .iter()
        .find(|f| {
            f.path
                .to_string_lossy()
                .ends_with(&format!("{}.json", tiles.id))
        })
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&json.bytes).unwrap();
    let back = json["back"].as_str().expect("a back image, not null");
    assert!(files.iter().any(|f| f.path.to_string_lossy() == back));
}

#[test]
fn tabletop_simulator_sheets_stay_within_4096_pixels_both_ways() {
    let mut game = common::game("imbriqua");
    // Three copies (three columns) at 1200 dpi; then tall narrow cards, seven rows of them.
    let d = &mut game.decks[0];
    d.cards.truncate(1);
    d.cards[0].count = 3;
    for (width, height, count, dpi) in [(63.0, 88.0, 3, 1200.0), (25.0, 250.0, 27, 300.0)] {
        let d = &mut game.decks[0];
        (d.width, d.height, d.cards[0].count) = (width, height, count);
        let files = tts(&game, Lang::Fr, dpi).unwrap();
        let sheet = files
            .iter()
            .find(|f| f.path.to_string_lossy().ends_with("-1.png"))
            .unwrap();
        let (w, h, _) = png_info(&sheet.bytes);
        assert!(w <= 4096 && h <= 4096, "{w} × {h}");
        assert!(
            w > 3500 || h > 3500,
            "{w} × {h}: the limit is used, not undercut"
        );
    }
}
