//! Asset pipeline benchmark (run by `benches/run.sh`, or `cargo bench --bench assets`).
//!
//! Reports, single process: the whole in-memory build of the five games (PDFs, SVGs, PNG
//! previews), and side by side the time to write one A4 card sheet to PDF with ludopress and
//! with `rsvg-convert` converting the same sheet's SVG. Figures are printed, not asserted.

use ludopress::definition::Project;
use ludopress::export::{pdf, svg};
use ludopress::make::{render_game, BuildOptions};
use ludopress::rules::registry::NAMES;
use ludopress::scene::Scene;
use ludopress::sheet::{self, Flip, Paper, SheetSpec, Slot};
use std::process::Command;
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(f());
                t.elapsed()
            })
            .collect(),
    )
}

fn main() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let lib = project.library().expect("library");
    let games: Vec<_> = NAMES
        .iter()
        .map(|g| ludopress::rules::engine::load_definition(&project, g, &lib).expect("game"))
        .collect();
    let opts = BuildOptions::default();
    let whole = time(3, || {
        std::thread::scope(|s| {
            let hs: Vec<_> = games
                .iter()
                .map(|g| s.spawn(|| render_game(g, &opts).expect("render")))
                .collect();
            hs.into_iter()
                .map(|h| h.join().expect("thread").len())
                .sum::<usize>()
        })
    });
    println!(
        "whole build, 5 games, 2 papers, PDF+SVG+PNG (in memory, 2 threads): {:.0} ms",
        whole.as_secs_f64() * 1e3
    );

    let imbriqua = &games[0];
    let deck = &imbriqua.decks[0];
    let lang = ludopress::base::lang::Lang::Fr;
    let slots: Vec<Slot> = deck
        .cards
        .iter()
        .map(|c| Slot {
            front: ludopress::layout::card::face(c, deck.width, deck.height, deck.bleed, lang),
            back: None,
        })
        .collect();
    let spec = SheetSpec {
        paper: Paper::A4,
        style: imbriqua.sheet,
        flip: Flip::LongEdge,
        lang,
    };
    let sheet: Scene = sheet::grid(
        &slots,
        deck.width,
        deck.height,
        deck.bleed,
        true,
        &spec,
        "bench",
    )
    .remove(0)
    .scene;
    let meta = pdf::Meta {
        title: "bench".into(),
        compress: true,
        ..Default::default()
    };
    let ours = time(30, || pdf::to_pdf(&[&sheet], &meta));
    let bytes = pdf::to_pdf(&[&sheet], &meta);
    let dir = std::env::temp_dir().join(format!("ludopress-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let svg_path = dir.join("sheet.svg");
    std::fs::write(&svg_path, svg::to_svg(&sheet)).expect("write svg");
    println!("A4 card sheet (8 Imbriqua cards) to PDF:");
    println!(
        "  ludopress (scene -> PDF, in process): {:>8.2} ms  ({} bytes)",
        ours.as_secs_f64() * 1e3,
        bytes.len()
    );
    let rsvg = Command::new("rsvg-convert").arg("--version").output();
    if rsvg.is_ok_and(|o| o.status.success()) {
        let out = dir.join("sheet-rsvg.pdf");
        let t = time(10, || {
            Command::new("rsvg-convert")
                .args(["-f", "pdf", "-o"])
                .arg(&out)
                .arg(&svg_path)
                .status()
                .expect("rsvg-convert runs")
        });
        let size = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
        println!(
            "  rsvg-convert (SVG -> PDF, process):  {:>8.2} ms  ({size} bytes)",
            t.as_secs_f64() * 1e3
        );
    } else {
        println!("  rsvg-convert: not installed (benches/run.sh installs librsvg2-bin)");
    }
    let _ = std::fs::remove_dir_all(&dir);
    big_deck(&project, &lib);
}

/// A 500-card deck from a CSV file (the example game's cards repeated), built without PNG
/// previews: drawn by the example's layout, by the library's `card` named, and with no layout (the
/// library's `card` with the deck's style applied), side by side.
fn big_deck(project: &Project, lib: &ludopress::definition::Library) {
    let root = std::env::temp_dir().join(format!("ludopress-deck-{}", std::process::id()));
    let src = project.root.join("games/potager");
    let game = root.join("games/potager");
    for sub in ["art", "fonts"] {
        std::fs::create_dir_all(game.join(sub)).expect("temp dir");
        for f in std::fs::read_dir(src.join(sub)).expect("example game") {
            let f = f.expect("entry").path();
            std::fs::copy(&f, game.join(sub).join(f.file_name().expect("name"))).expect("copy");
        }
    }
    let csv = std::fs::read_to_string(src.join("cards.csv")).expect("cards.csv");
    let mut lines = csv.lines();
    let mut out = format!("{}\n", lines.next().expect("header"));
    let rows: Vec<&str> = lines.filter(|l| !l.trim().is_empty()).collect();
    for i in 0..500 {
        let row = rows[i % rows.len()];
        let (_, rest) = row.split_once(',').expect("id column");
        // One card of each row, each with its own id.
        let rest = rest.rsplit_once(',').map_or(rest, |(r, _)| r);
        out.push_str(&format!("card-{i},{rest},1\n"));
    }
    std::fs::write(game.join("cards.csv"), out).expect("write csv");
    let toml = std::fs::read_to_string(src.join("game.toml")).expect("game.toml");
    let opts = BuildOptions {
        previews: false,
        ..BuildOptions::default()
    };
    let run = |label: &str, text: String| {
        std::fs::write(game.join("game.toml"), text).expect("write game");
        let t = time(3, || {
            let g = Project::new(&root)
                .load("potager", lib, None)
                .unwrap_or_else(|d| panic!("{d}"));
            render_game(&g, &opts).expect("render").len()
        });
        println!("  {label:<34} {:>8.0} ms", t.as_secs_f64() * 1e3);
        t
    };
    println!("500-card CSV deck, 2 languages x 2 papers, PDF+SVG (no PNG), load + render:");
    let laid = run("layout `vegetable`:", toml.clone());
    let same = run(
        "layout = \"card\":",
        toml.replace("layout = \"vegetable\"", "layout = \"card\""),
    );
    let fixed = run(
        "no layout (card, the deck's style):",
        toml.replace("layout = \"vegetable\"\n", ""),
    );
    println!(
        "  card named / no layout: {:.2}; the example's layout (art, PNG, 11 elements) / no layout: {:.2}",
        same.as_secs_f64() / fixed.as_secs_f64(),
        laid.as_secs_f64() / fixed.as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&root);
}
