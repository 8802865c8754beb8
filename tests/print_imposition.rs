//! Imposition choices of the print files: a board that fits a page shares it with small
//! components, a deck's pages stay together on portrait pages, the rows of 19 mm pawns get their
//! crop marks at both ends, a split board's assembly map is readable and each part's caption
//! says what to glue, and `[sheet]` in a game's file sets its sheets.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::model::Game;
use ludopress::layout::Outline;
use ludopress::make::{print_sheets, BuildOptions};
use ludopress::scene::Flat;
use ludopress::sheet::{Paper, Sheet, Side};

fn sheets(game: &Game, lang: Lang, paper: Paper) -> Vec<Sheet> {
    let opts = BuildOptions {
        previews: false,
        ..BuildOptions::default()
    };
    print_sheets(game, &opts, lang, paper)
}

/// Width and height of an outline's bounding box.
fn extent(o: &Outline) -> (f64, f64) {
    let pts: Vec<_> = o.parts.iter().flatten().collect();
    let (x0, x1) = pts
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), q| (a.min(q.x), b.max(q.x)));
    let (y0, y1) = pts
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), q| (a.min(q.y), b.max(q.y)));
    (x1 - x0, y1 - y0)
}

/// Every text drawn on a page.
fn texts(s: &Sheet) -> Vec<String> {
    s.scene
        .flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Text(run, _) => Some(run.text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_board_that_fits_a_page_shares_it_with_small_components() {
    for (id, paper, pages) in [
        ("tictactoe", Paper::A4, 2),
        ("hex", Paper::Letter, 2),
        ("potager", Paper::Letter, 14),
    ] {
        let game = common::game(id);
        let s = sheets(&game, game.languages[0], paper);
        assert_eq!(s.len(), pages, "{id} {paper:?}: {} pages", s.len());
        let shared = s.iter().any(|p| {
            let sizes: Vec<(f64, f64)> = p.geometry.placed.iter().map(|(_, o)| extent(o)).collect();
            sizes.iter().any(|e| e.0 > 100.0) && sizes.iter().filter(|e| e.0 < 40.0).count() >= 9
        });
        assert!(
            shared,
            "{id} {paper:?}: no page holds the board and small components"
        );
    }
}

#[test]
fn a_decks_pages_stay_together_on_portrait_pages() {
    let game = common::game("imbriqua");
    for paper in Paper::ALL {
        let s = sheets(&game, Lang::En, paper);
        let cards: Vec<usize> = s
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.geometry.placed.iter().any(|(_, o)| {
                    let (w, h) = extent(o);
                    (w - 63.0).abs() < 0.01 && (h - 88.0).abs() < 0.01
                        || (w - 88.0).abs() < 0.01 && (h - 63.0).abs() < 0.01
                })
            })
            .map(|(i, _)| i)
            .collect();
        assert!(cards.len() >= 4, "{paper:?}: {cards:?}");
        // Fronts and backs of the 11 cards, one after the other.
        assert_eq!(
            cards.last().unwrap() - cards[0] + 1,
            cards.len(),
            "{paper:?}: the deck's pages are {cards:?}"
        );
        for &i in &cards {
            assert!(
                s[i].scene.width < s[i].scene.height,
                "{paper:?}: page {} is landscape",
                i + 1
            );
        }
    }
}

#[test]
fn every_row_of_19_mm_pawns_has_its_crop_marks_at_both_ends() {
    let mut rows = 0;
    for id in ["breakthrough", "imbriqua"] {
        let game = common::game(id);
        for paper in Paper::ALL {
            for (i, p) in sheets(&game, Lang::En, paper).iter().enumerate() {
                let g = &p.geometry;
                let pawns = !g.placed.is_empty()
                    && g.placed.iter().all(|(_, o)| {
                        let (w, h) = extent(o);
                        (w - 19.0).abs() < 0.01 && (h - 19.0).abs() < 0.01
                    });
                if !pawns || p.side != Side::Front {
                    continue;
                }
                let mut ys: Vec<f64> = g
                    .cuts
                    .iter()
                    .filter(|(a, b)| (a.y - b.y).abs() < 1e-9)
                    .map(|(a, _)| a.y)
                    .collect();
                ys.sort_by(f64::total_cmp);
                ys.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
                for y in ys {
                    let on: Vec<_> = g
                        .cuts
                        .iter()
                        .filter(|(a, b)| (a.y - y).abs() < 1e-6 && (b.y - y).abs() < 1e-6)
                        .collect();
                    let left = on
                        .iter()
                        .map(|(a, b)| a.x.min(b.x))
                        .fold(f64::MAX, f64::min);
                    let right = on
                        .iter()
                        .map(|(a, b)| a.x.max(b.x))
                        .fold(f64::MIN, f64::max);
                    let mark = |side: f64| {
                        g.marks.iter().any(|(a, b)| {
                            (a.y - y).abs() < 1e-6
                                && (b.y - y).abs() < 1e-6
                                && (a.x - side) * (b.x - side) > 0.0
                                && if side == left {
                                    a.x < left
                                } else {
                                    a.x > right
                                }
                        })
                    };
                    assert!(
                        mark(left) && mark(right),
                        "{id} {paper:?} page {}: the cut line at y = {y:.2} lacks a mark",
                        i + 1
                    );
                    rows += 1;
                }
            }
        }
    }
    assert!(rows >= 16, "{rows} rows");
}

#[test]
fn a_split_board_has_a_readable_map_and_true_glue_captions() {
    let game = common::game("alphabrick");
    for lang in [Lang::Fr, Lang::En] {
        let s = sheets(&game, lang, Paper::A4);
        let maps = &s[0].geometry.maps;
        assert_eq!(maps.len(), 1, "{lang:?}");
        for &(_, _, w, h) in maps {
            assert!(w.min(h) >= 15.0, "{lang:?}: a map of {w} × {h} mm");
        }
        let captions: Vec<String> = s
            .iter()
            .filter(|p| p.side == Side::Front)
            .flat_map(texts)
            .filter(|t| t.contains("partie ") || t.contains("part "))
            .collect();
        assert_eq!(captions.len(), 2, "{captions:?}");
        let (under, on_top) = match lang {
            Lang::Fr => ("coller la bande à tirets de droite", "sans tirets"),
            Lang::En => ("glue the dashed right strip", "no dashes"),
        };
        assert!(captions[0].contains(under), "{}", captions[0]);
        assert!(!captions[0].contains(on_top), "{}", captions[0]);
        assert!(captions[1].contains(on_top), "{}", captions[1]);
        assert!(!captions[1].contains(under), "{}", captions[1]);
    }
}

fn imbriqua_with(sheet: &str) -> Result<Game, String> {
    let text = std::fs::read_to_string(common::root().join("games/imbriqua/game.toml")).unwrap();
    common::parse("imbriqua", &format!("{text}\n{sheet}")).map_err(|d| {
        d.0.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })
}

#[test]
fn sheet_in_a_games_file_sets_its_sheets() {
    let base = common::game("imbriqua");
    let game = imbriqua_with("[sheet]\nmargin = 8.0\ngutter = 4.0\npaper = \"a4\"\n").unwrap();
    assert_eq!(game.sheet.margin, 8.0);
    assert_eq!(game.sheet.gutter, 4.0);
    assert_eq!(game.sheet.paper, Some(Paper::A4));
    // What the template says and the game does not stays.
    assert_eq!(game.sheet.crop_length, base.sheet.crop_length);
    assert_eq!(
        ludopress::make::sheets::papers(&game, &Paper::ALL),
        vec![Paper::A4]
    );
    assert_eq!(
        ludopress::make::sheets::papers(&game, &[Paper::Letter]),
        vec![Paper::Letter]
    );
    // The gutter keeps the cards 4 mm apart (their bleed alone asks for 6), and nothing comes
    // nearer than 8 mm to the edge.
    for p in sheets(&game, Lang::En, Paper::A4) {
        for (b, (_, o)) in p.geometry.placed.iter().enumerate() {
            for (_, q) in p.geometry.placed.iter().skip(b + 1) {
                let near = o
                    .parts
                    .iter()
                    .flatten()
                    .map(|v| q.distance(*v))
                    .fold(f64::MAX, f64::min);
                assert!(near >= 4.0 - 1e-6 || extent(o).0 > 100.0, "{near}");
            }
            for v in o.parts.iter().flatten() {
                assert!(v.x >= 8.0 && v.y >= 8.0);
            }
        }
    }
    // Without crop marks, a hairline on each cut line.
    let plain = imbriqua_with("[sheet]\nmarks = false\n").unwrap();
    let s = sheets(&plain, Lang::En, Paper::A4);
    assert!(s.iter().all(|p| p.geometry.marks.is_empty()));
    assert!(s.len() <= sheets(&base, Lang::En, Paper::A4).len());
}

#[test]
fn sheet_in_a_games_file_refuses_what_it_does_not_know() {
    let e = imbriqua_with("[sheet]\nmargn = 8.0\n").unwrap_err();
    assert!(e.contains("unknown key `margn`"), "{e}");
    assert!(e.contains("did you mean `margin`?"), "{e}");
    let line = std::fs::read_to_string(common::root().join("games/imbriqua/game.toml"))
        .unwrap()
        .lines()
        .count()
        + 3;
    assert!(
        e.starts_with(&format!("games/imbriqua/game.toml:{line}:1:")),
        "{e}"
    );
    let e = imbriqua_with("[sheet]\npaper = \"a5\"\n").unwrap_err();
    assert!(e.contains("unknown paper `a5`"), "{e}");
    let e = imbriqua_with("[sheet]\nmargin = 1.0\n").unwrap_err();
    assert!(e.contains("margin out of range"), "{e}");
}

#[test]
fn a_batch_is_split_between_pages_only_when_that_saves_a_page() {
    // A4: the board's page has room for part of the stones, but the rest would need a page all
    // the same: every kind of piece stays on one page (easier to cut, and a page to skip for a
    // player who has tokens). Letter (Hex): sharing the board's page saves a page, so it does.
    for (id, paper, pages, kinds) in [
        ("connect4", Paper::A4, 3, ["Red discs", "Yellow discs"]),
        ("hex", Paper::A4, 3, ["Red stones", "Blue stones"]),
        ("hex", Paper::Letter, 2, ["Red stones", "Blue stones"]),
    ] {
        let game = common::game(id);
        let s = sheets(&game, Lang::En, paper);
        assert_eq!(s.len(), pages, "{id} {paper:?}");
        for kind in kinds {
            let on: Vec<usize> = s
                .iter()
                .enumerate()
                // The guide (page 1) lists every component.
                .skip(1)
                .filter(|(_, p)| texts(p).iter().any(|t| t.contains(kind)))
                .map(|(i, _)| i + 1)
                .collect();
            if pages == 2 {
                // Hex on Letter: the stones share the board's page, on one page still.
                assert_eq!(on, vec![2], "{id} {paper:?} {kind}");
            } else {
                assert_eq!(on.len(), 1, "{id} {paper:?}: {kind} on pages {on:?}");
            }
        }
    }
}

#[test]
fn a_board_s_crop_marks_start_past_its_bleed() {
    // The market example's hex map has a 3 mm bleed and shares its A4 page with coins and
    // tiles: no mark may sit on the green band past its cut line.
    let root = common::example_project("imposition", "market");
    let lib = ludopress::definition::Project::new(common::root())
        .library()
        .unwrap();
    let game = ludopress::definition::Project::new(&root)
        .load("market", &lib, None)
        .unwrap();
    let board = &game.boards[0];
    assert!(board.bleed >= 3.0);
    let s = sheets(&game, Lang::En, Paper::A4);
    let page = s
        .iter()
        .find(|p| !p.is_back() && p.geometry.placed.iter().any(|(_, o)| extent(o).0 > 70.0))
        .expect("the map's page");
    let (_, outline) = page
        .geometry
        .placed
        .iter()
        .find(|(_, o)| extent(o).0 > 70.0)
        .unwrap();
    let near: Vec<_> = page
        .geometry
        .marks
        .iter()
        .filter(|(a, b)| outline.distance(*a).min(outline.distance(*b)) < 8.0)
        .collect();
    assert!(near.len() >= 8, "the map has its marks: {}", near.len());
    for (a, b) in near {
        let d = outline.distance(*a).min(outline.distance(*b));
        assert!(
            d > board.bleed,
            "a mark {d:.2} mm from the map's cut line, inside its {} mm bleed",
            board.bleed
        );
    }
}
