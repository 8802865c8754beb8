//! Typesetting worthy of a publisher: no text under 6 pt on any rulebook page or print sheet,
//! cell names readable on their cells (contrast 4.5:1), justified and hyphenated paragraphs.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::rulebook::{self, pages};
use ludopress::rules::engine::Engine;
use ludopress::scene::Flat;
use ludopress::sheet::Paper;

fn books(game: &str) -> (ludopress::definition::Game, Vec<rulebook::Rulebook>) {
    let project = Project::new(common::root());
    let def = common::game(game);
    // Breakthrough's own engine program runs with consent, as `--allow-engine` gives it.
    ludopress::rules::external::trust::allow_for_this_run();
    let engine = Engine::for_game(&project, &def).ok().flatten();
    let books = ludopress::make::load_rulebooks(&common::root(), &def, engine.as_ref())
        .unwrap_or_else(|d| panic!("{d}"));
    (def, books)
}

/// Every text run of a page, at its size on paper.
fn texts(page: &ludopress::scene::Scene) -> Vec<(f64, String)> {
    page.flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Text(run, _) => Some((run.size, run.text)),
            _ => None,
        })
        .collect()
}

#[test]
fn no_rulebook_page_holds_text_under_6_pt() {
    let mut pages_seen = 0;
    for game in ludopress::rules::registry::NAMES
        .iter()
        .chain(&["breakthrough-py"])
    {
        let (def, books) = books(game);
        for b in &books {
            let front = rulebook::Front::of(&def, b.lang);
            for (i, page) in pages::layout(b, &front, Paper::A4).iter().enumerate() {
                pages_seen += 1;
                for (size, text) in texts(page) {
                    assert!(
                        size >= pages::MIN_TEXT - 1e-6,
                        "{game} {} page {}: `{text}` at {size:.2} pt",
                        b.lang.code(),
                        i + 1
                    );
                }
            }
        }
    }
    assert!(pages_seen >= 80, "{pages_seen} pages");
}

#[test]
fn no_print_sheet_holds_text_under_6_pt() {
    let out = std::env::temp_dir().join(format!("ludopress-typesetting-{}", std::process::id()));
    let opts = ludopress::make::BuildOptions {
        previews: false,
        ..Default::default()
    };
    let games: Vec<String> = ludopress::rules::registry::NAMES
        .iter()
        .map(|g| g.to_string())
        .chain(["potager".to_string()])
        .collect();
    ludopress::make::build_games(&Project::new(common::root()), &games, &opts, &out, 2)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut sheets = 0;
    let mut stack = vec![out.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "svg")
                && p.to_string_lossy().contains("/sheets/")
            {
                sheets += 1;
                // Sheets draw their text unscaled: a font size in mm is its size on paper.
                let svg = std::fs::read_to_string(&p).unwrap();
                for part in svg.split("font-size=\"").skip(1) {
                    let mm: f64 = part.split('"').next().unwrap().parse().unwrap();
                    let pt = mm * 72.0 / 25.4;
                    assert!(pt >= 6.0 - 1e-3, "{}: text at {pt:.2} pt", p.display());
                }
            }
        }
    }
    assert!(sheets >= 40, "{sheets} sheets");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn cell_names_read_on_their_cells_at_a_contrast_of_4_5() {
    for game in ludopress::rules::registry::NAMES {
        for b in &common::game(game).boards {
            for (ink, ground) in ludopress::layout::board::label_colors(b) {
                let c = ink.contrast(ground);
                assert!(c >= 4.5, "{game}: {ink} on {ground}: {c:.2}");
            }
        }
    }
    // The Imperator names were grey on dark green, below 2:1, before.
    let grey = ludopress::base::color::Color::rgb(0x1d, 0x1d, 0x1b).lighten(0.45);
    let felt = ludopress::base::color::Color::rgb(0x2e, 0x5e, 0x4e);
    assert!(grey.contrast(felt) < 2.0);
    assert!(grey.readable_on(felt, 4.5).contrast(felt) >= 4.5);
}

#[test]
fn paragraphs_are_justified_and_hyphenated_in_both_languages() {
    for lang in [Lang::Fr, Lang::En] {
        // Body runs of every rulebook in `lang`, with where each ends on the page.
        let mut runs: Vec<(f64, String)> = Vec::new();
        for game in ludopress::rules::registry::NAMES {
            let (def, books) = books(game);
            let b = books.iter().find(|b| b.lang == lang).unwrap();
            for p in pages::layout(b, &rulebook::Front::of(&def, lang), Paper::A4) {
                runs.extend(p.flatten().into_iter().filter_map(|f| match f {
                    Flat::Text(run, _) if run.size == pages::BODY => {
                        Some((run.x + run.face.width_mm(&run.text, run.size), run.text))
                    }
                    _ => None,
                }));
            }
        }
        // Hyphenated lines end at the right margin, as every justified line does.
        let right = 210.0 - 20.0;
        let hyphenated: Vec<&(f64, String)> = runs
            .iter()
            .filter(|(_, t)| {
                t.ends_with('-') && t.chars().rev().nth(1).is_some_and(char::is_alphabetic)
            })
            .collect();
        assert!(hyphenated.len() >= 3, "{lang:?}: {hyphenated:?}");
        // Or at the right edge of the left column, where two sub-sections share a row.
        let column = 20.0 + (210.0 - 40.0 - 8.0) / 2.0;
        for (end, t) in &hyphenated {
            assert!(
                (end - right).abs() < 0.05 || (end - column).abs() < 0.05,
                "{lang:?}: `{t}` ends at {end:.2} mm"
            );
        }
        let flush = runs
            .iter()
            .filter(|(end, _)| (end - right).abs() < 0.05)
            .count();
        assert!(
            flush >= 60,
            "{lang:?}: {flush} runs end at the right margin"
        );
    }
}
