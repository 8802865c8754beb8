//! Print files, measured (run by `cargo bench --bench print_files`; figures are printed, not
//! asserted):
//!
//! - the size of Imbriqua's French A4 print PDF, beside `rsvg-convert -f pdf` of the same
//!   pages' SVGs (with the bundled Lato given to rsvg-convert through a fontconfig file);
//! - the sheets of paper each game's print file takes, on A4 and Letter.
//!
//! With `LUDOPRESS_BEFORE=<path to an older ludopress binary>` (and `LUDOPRESS_BEFORE_ROOT=<its
//! source tree>`, whose templates and games it reads; this tree by default), the same figures
//! for that binary are measured in the same run and shown side by side ("before").

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::export::svg;
use ludopress::make::{print_sheets, render_game, BuildOptions};
use ludopress::sheet::{Paper, Side};
use std::path::{Path, PathBuf};
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ludopress-bench-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// A fontconfig file that adds the bundled fonts, so rsvg-convert draws with Lato as we do.
fn fontconfig(root: &Path) -> PathBuf {
    let dir = temp("fonts");
    let conf = dir.join("fonts.conf");
    let text = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig>\n  <include ignore_missing=\"yes\">/etc/fonts/fonts.conf</include>\n  <dir>{}</dir>\n  <cachedir>{}</cachedir>\n</fontconfig>\n",
        root.join("templates/fonts").display(),
        dir.join("cache").display()
    );
    std::fs::write(&conf, text).expect("fonts.conf");
    conf
}

/// Size of `rsvg-convert -f pdf` of `svgs` (in order), if rsvg-convert runs.
fn rsvg_size(svgs: &[PathBuf], conf: &Path) -> Option<u64> {
    let out = temp("rsvg").join("out.pdf");
    let ok = Command::new("rsvg-convert")
        .env("FONTCONFIG_FILE", conf)
        .args(["-f", "pdf", "-o"])
        .arg(&out)
        .args(svgs)
        .status()
        .ok()?
        .success();
    ok.then(|| std::fs::metadata(&out).ok().map(|m| m.len()))?
}

/// Sheet SVGs of `paper` in a build's `sheets/fr/`, in page order.
fn sheet_svgs(dir: &Path, paper: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| {
        let n = p
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        n.starts_with(&format!("{paper}-")) && n.ends_with(".svg")
    });
    v.sort();
    v
}

/// A game's A4 print PDF in `lang`: its size, the size of `rsvg-convert -f pdf` of the same
/// pages (blank backs included) as SVG files, and the page count.
fn measure(
    game: &ludopress::definition::Game,
    lang: Lang,
    conf: &Path,
) -> (u64, Option<u64>, usize) {
    let opts = BuildOptions {
        papers: vec![Paper::A4],
        lang: Some(lang),
        previews: false,
        ..BuildOptions::default()
    };
    let name = format!("{}-{}-a4.pdf", game.id, lang.code());
    let ours = render_game(game, &opts)
        .expect("build")
        .iter()
        .find(|f| f.path.to_string_lossy() == name)
        .map_or(0, |f| f.bytes.len() as u64);
    let dir = temp(&format!("svg-{}", game.id));
    let sheets = print_sheets(game, &opts, lang, Paper::A4);
    let svgs: Vec<PathBuf> = sheets
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let p = dir.join(format!("{i:03}.svg"));
            std::fs::write(&p, svg::to_svg(&s.scene)).expect("svg");
            p
        })
        .collect();
    (ours, rsvg_size(&svgs, conf), sheets.len())
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let project = Project::new(&root);
    let lib = project.library().expect("library");
    let conf = fontconfig(&root);
    let before = std::env::var_os("LUDOPRESS_BEFORE").map(PathBuf::from);
    let before_out = before.as_ref().map(|bin| {
        let out = temp("before");
        let old_root =
            std::env::var_os("LUDOPRESS_BEFORE_ROOT").map_or(root.clone(), PathBuf::from);
        let ok = Command::new(bin)
            .arg("--root")
            .arg(&old_root)
            .args(["build", "--no-png", "--lang", "fr", "--out"])
            .arg(&out)
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        assert!(ok, "the older binary did not build");
        out
    });

    // 1. The Imbriqua A4 print PDF.
    let game =
        ludopress::rules::engine::load_definition(&project, "imbriqua", &lib).expect("imbriqua");
    let (ours, rsvg_after, pages) = measure(&game, Lang::Fr, &conf);
    let (pdf_before, rsvg_before) = match &before_out {
        Some(out) => {
            let d = out.join("imbriqua");
            let size = std::fs::metadata(d.join("imbriqua-fr-a4.pdf"))
                .or_else(|_| std::fs::metadata(d.join("imbriqua-a4.pdf")))
                .map(|m| m.len())
                .ok();
            (
                size,
                rsvg_size(&sheet_svgs(&d.join("sheets/fr"), "a4"), &conf),
            )
        }
        None => (None, None),
    };
    let show = |v: Option<u64>| v.map_or("—".to_string(), |v| format!("{v}"));
    println!("Imbriqua, French, A4 print PDF ({pages} pages now), bytes:");
    println!("  {:<38} {:>10} {:>10}", "", "before", "after");
    println!(
        "  {:<38} {:>10} {:>10}",
        "ludopress",
        show(pdf_before),
        show(Some(ours))
    );
    println!(
        "  {:<38} {:>10} {:>10}",
        "rsvg-convert -f pdf, same sheet SVGs",
        show(rsvg_before),
        show(rsvg_after)
    );

    // Every game's A4 print PDF against rsvg-convert's of the same pages.
    println!();
    println!("Every print PDF (first language, A4), bytes:");
    println!(
        "  {:<13} {:>10} {:>14} {:>7}",
        "game", "ludopress", "rsvg-convert", "ratio"
    );
    for id in project.list() {
        let Ok(game) = ludopress::rules::engine::load_definition(&project, &id, &lib) else {
            continue;
        };
        let (ours, theirs, _) = measure(&game, game.languages[0], &conf);

        println!(
            "  {:<13} {:>10} {:>14} {:>7}",
            id,
            ours,
            show(theirs),
            theirs.map_or("—".into(), |t| format!("{:.2}", ours as f64 / t as f64))
        );
    }

    // 2. Sheets of paper per game.
    println!();
    println!(
        "Sheets of paper per print file (French), before → after; after = guide + components:"
    );
    println!("  {:<13} {:>16} {:>16}", "game", "A4", "Letter");
    for id in project.list() {
        let Ok(game) = ludopress::rules::engine::load_definition(&project, &id, &lib) else {
            continue;
        };
        let lang = if game.languages.contains(&Lang::Fr) {
            Lang::Fr
        } else {
            game.languages[0]
        };
        let mut cells = Vec::new();
        for paper in Paper::ALL {
            let opts = BuildOptions {
                previews: false,
                ..BuildOptions::default()
            };
            let sheets = print_sheets(&game, &opts, lang, paper);
            let fronts = sheets.iter().filter(|s| s.side == Side::Front).count();
            let old = before_out.as_ref().map(|out| {
                sheet_svgs(
                    &out.join(&id).join("sheets").join(lang.code()),
                    paper.name(),
                )
                .iter()
                .filter(|p| !p.to_string_lossy().ends_with("-back.svg"))
                .count()
            });
            cells.push(format!(
                "{} → 1 + {fronts}",
                old.map_or("—".into(), |o| o.to_string())
            ));
        }
        println!("  {:<13} {:>16} {:>16}", id, cells[0], cells[1]);
    }
}
