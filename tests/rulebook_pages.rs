//! Rulebook pages a publisher would print: what introduces a table, a list or a figure stays on
//! its page, lists keep two items together, small figures stand beside their paragraph, a number
//! keeps its noun and a pair of coordinates its two numbers, the box's contents are drawn from
//! the definition, and the summary takes the last page alone. Each test lays out a small
//! rulebook of its own.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::rulebook::{self, markdown, pages, Block};
use ludopress::scene::{Flat, Scene};
use ludopress::sheet::Paper;
use std::path::Path;

fn book(game: &str, text: &str, lang: Lang) -> (ludopress::definition::Game, rulebook::Rulebook) {
    let def = common::game(game);
    let book = markdown::parse(None, &def, Path::new("test.md"), text, lang)
        .unwrap_or_else(|d| panic!("{d}"));
    (def, book)
}

fn laid_out(game: &str, text: &str, lang: Lang) -> Vec<Scene> {
    let (def, b) = book(game, text, lang);
    pages::layout(&b, &rulebook::Front::of(&def, lang), Paper::A4)
}

/// Every text run of a page: (x, y, text).
fn runs(page: &Scene) -> Vec<(f64, f64, String)> {
    page.flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Text(run, _) => Some((run.x, run.y, run.text)),
            _ => None,
        })
        .collect()
}

/// The number of the first page holding a run that contains `text`.
fn page_of(pages: &[Scene], text: &str) -> usize {
    pages
        .iter()
        .position(|p| runs(p).iter().any(|r| r.2.contains(text)))
        .unwrap_or_else(|| panic!("`{text}` on no page"))
}

fn filler(n: usize) -> String {
    (0..n)
        .map(|i| format!("Filler paragraph number {i}, which only takes a line of the page.\n\n"))
        .collect()
}

#[test]
fn what_introduces_a_table_or_a_list_stays_on_its_page() {
    let mut moved = 0;
    // The introduction falls at every height of the page in turn, the foot included.
    for n in 0..48 {
        let text = format!(
            "{}The colour of a card says who acts:\n\n| Colour | Who |\n| --- | --- |\n| green | Tablehead one |\n| red | the pawn |\n\n{}The turn goes so:\n\n1. Firstitem draws.\n2. Seconditem plays.\n3. Thirditem ends.\n4. Lastitem passes.\n\n{}Push only when:\n\n- Alphaitem holds;\n- Betaitem holds;\n- Gammaitem holds.\n",
            filler(n),
            filler(6),
            filler(4)
        );
        let pages = laid_out("imbriqua", &text, Lang::En);
        assert_eq!(
            page_of(&pages, "acts:"),
            page_of(&pages, "Tablehead"),
            "{n}"
        );
        assert_eq!(
            page_of(&pages, "Colour"),
            page_of(&pages, "Tablehead"),
            "{n}"
        );
        assert_eq!(page_of(&pages, "so:"), page_of(&pages, "Firstitem"), "{n}");
        // Never split after the first item nor before the last.
        assert_eq!(
            page_of(&pages, "Firstitem"),
            page_of(&pages, "Seconditem"),
            "{n}"
        );
        assert_eq!(
            page_of(&pages, "Thirditem"),
            page_of(&pages, "Lastitem"),
            "{n}"
        );
        // A list of three: its middle item stays with the first and with the last.
        assert_eq!(
            page_of(&pages, "Alphaitem"),
            page_of(&pages, "Gammaitem"),
            "{n}"
        );
        moved +=
            usize::from(page_of(&pages, "Filler paragraph number 0") != page_of(&pages, "so:"));
    }
    // The test did put the introductions at a page's foot.
    assert!(moved > 0);
}

#[test]
fn a_heading_stays_with_what_follows() {
    for n in 30..48 {
        let text = format!(
            "{}## Setting up\n\nEach player takes the pawns of a colour.\n",
            filler(n)
        );
        let pages = laid_out("imbriqua", &text, Lang::En);
        assert_eq!(
            page_of(&pages, "Setting"),
            page_of(&pages, "colour."),
            "{n}"
        );
    }
}

#[test]
fn a_sub_section_stays_whole_with_the_figure_beside_its_paragraph_and_flows_on() {
    let section = |name: &str| {
        format!("### {name} card\n\nLight pushes (1, 1) east: the pawns before it move one square.\n\n```position\ngame = \"lignes\"\nto_move = \"light\"\ntaken = {{ light = 0, dark = 12 }}\nboard = \"\"\"\n.L.L\nLLDL\n..LL\n..DL\n\"\"\"\n\n[diagram]\ncaption = \"The {name} plane.\"\n```\n\n")
    };
    for n in 0..56 {
        let text = format!(
            "{}## Cards\n\n{}{}{}",
            filler(n),
            section("Alpha"),
            section("Beta"),
            section("Gamma")
        );
        let pages = laid_out("lignes", &text, Lang::En);
        for name in ["Alpha", "Beta", "Gamma"] {
            // The heading, its paragraph and the figure's caption on one page.
            let head = page_of(&pages, name);
            assert_eq!(
                head,
                page_of(&pages, &format!("{name} plane")),
                "{n} {name}"
            );
        }
        // Sub-sections run on: Beta goes to the next page only when it would not fit in what
        // Alpha leaves. What a sub-section takes after the one before, caption to caption, is
        // measured where Beta and Gamma share a page; a few mm more hold the last caption's
        // descent and the gap after it.
        let (a, b) = (page_of(&pages, "Alpha"), page_of(&pages, "Beta"));
        if a != b && b == page_of(&pages, "Gamma plane") {
            let y_of = |page: &Scene, text: &str| {
                runs(page)
                    .into_iter()
                    .find(|r| r.2.contains(text))
                    .map(|r| r.1)
                    .unwrap()
            };
            let alpha = y_of(&pages[a], "Alpha plane");
            let (beta, gamma) = (
                y_of(&pages[b], "Beta plane"),
                y_of(&pages[b], "Gamma plane"),
            );
            // Set side by side, Beta and Gamma share a row: Beta's own height, heading to
            // caption (and the space above its heading), is what it would take.
            let step = if (gamma - beta).abs() < 0.5 {
                beta - y_of(&pages[b], "Beta card") + 8.0
            } else {
                gamma - beta
            };
            assert!(
                alpha + step > 297.0 - 20.0 - 6.0,
                "{n}: Alpha ends at {alpha:.0} mm, a sub-section takes {step:.0} mm"
            );
        }
    }
}

#[test]
fn a_figure_that_does_not_fit_is_reduced_rather_than_leave_a_third_of_the_page_empty() {
    // Two tall drawings side by side: too wide to stand beside the paragraph before them,
    // and taller than a third of the page.
    let position = "```position\ngame = \"lignes\"\nto_move = \"light\"\ntaken = { light = 0, dark = 6 }\nboard = \"\"\"\n.L.L\nLLDL\n..LL\n..DL\n..L.\n..D.\n..L.\n\"\"\"\n\n[diagram]\ncaption = \"The big plane.\"\n```\n\n";
    let figure = format!("{position}{position}## Next section\n\nMore text.\n");
    let y_of = |page: &Scene, text: &str| {
        runs(page)
            .into_iter()
            .filter(|r| r.2.contains(text))
            .map(|r| r.1)
            .fold(0.0, f64::max)
    };
    // How far below the text before it the caption falls, the figure at its own size.
    let drop = |n: usize| {
        let pages = laid_out("lignes", &format!("{}{figure}", filler(n + 1)), Lang::En);
        let (last, cap) = (page_of(&pages, "Filler"), page_of(&pages, "big plane"));
        let last = pages
            .iter()
            .rposition(|p| runs(p).iter().any(|r| r.2.contains("Filler")))
            .unwrap_or(last);
        let foot = y_of(&pages[last], "Filler");
        (last == cap)
            .then(|| y_of(&pages[cap], "big plane") - foot)
            .ok_or(foot)
    };
    let natural = drop(0).unwrap();
    let mut reduced = 0;
    for n in 0..48 {
        match drop(n) {
            Ok(d) => {
                // Never reduced below 80 % of its size (the caption's line does not shrink).
                assert!(
                    d > 0.8 * natural - 1.0,
                    "{n}: {d:.0} mm against {natural:.0}"
                );
                reduced += usize::from(d < natural - 1.0);
            }
            // Moved to the next page: the page it leaves is not a third empty, or the
            // figure would not fit there even at 80 %.
            Err(foot) => {
                let room = 297.0 - 20.0 - foot;
                assert!(
                    room < (297.0 - 42.0) / 3.0 || room < 0.8 * natural + 4.0,
                    "{n}: the page ends at {foot:.0} mm, {room:.0} mm empty"
                );
            }
        }
    }
    assert!(reduced > 0);
}

#[test]
fn a_detail_is_cut_from_its_board_and_keeps_its_coordinates() {
    let position = |rows: &str| {
        format!("Text.\n\n```position\ngame = \"breakthrough-py\"\nto_move = \"white\"\nboard = \"\"\"\n{rows}\"\"\"\n\n[diagram]\ncaption = \"A position.\"\n```\n\n")
    };
    let empty = ". . . . . . . .\n";
    let whole = format!("B . . . . . . .\n{}. . . . . . . W\n", empty.repeat(6));
    let detail = format!(
        "{}. . . B W . . .\n. . . W . . . .\n{}",
        empty.repeat(3),
        empty.repeat(3)
    );
    let text = format!("{}{}", position(&whole), position(&detail));
    let (_, b) = book("breakthrough-py", &text, Lang::En);
    let panels: Vec<&rulebook::Panel> = b
        .blocks
        .iter()
        .filter_map(|blk| match blk {
            Block::Figure(f) => Some(&f.panels[0]),
            _ => None,
        })
        .collect();
    let [whole, detail] = panels[..] else {
        panic!("two figures, not {}", panels.len());
    };
    // Pawns on d4, d5 and e5 with a ring: columns c to f, ranks 3 to 6.
    assert!(
        detail.scene.width < 0.6 * whole.scene.width,
        "{} against {}",
        detail.scene.width,
        whole.scene.width
    );
    // On the page too, no narrower than the rulebook's least diagram width.
    assert!(
        detail.width < 0.7 * whole.width
            && detail.width >= ludopress::rulebook::markdown::DIAGRAM_RANGE.0
    );
    let names: Vec<String> = detail
        .scene
        .flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Text(run, _) => Some(run.text),
            _ => None,
        })
        .collect();
    for kept in ["c", "d", "e", "f", "3", "4", "5", "6"] {
        assert!(names.iter().any(|n| n == kept), "{kept} not in {names:?}");
    }
    for cut in ["a", "h", "1", "8"] {
        assert!(!names.iter().any(|n| n == cut), "{cut} in {names:?}");
    }
    // Each open edge is torn: white teeth, no stroke, over the strip of the next cells; the
    // whole board has none.
    let teeth = |scene: &ludopress::scene::Scene| {
        scene
            .flatten()
            .into_iter()
            .filter(|f| {
                matches!(f, Flat::Path(p) if p.fill == Some(ludopress::base::color::Color::WHITE)
                    && p.stroke.is_none() && p.segs.len() > 8)
            })
            .count()
    };
    assert_eq!(teeth(&detail.scene), 4);
    assert_eq!(teeth(&whole.scene), 0);
}

#[test]
fn short_sub_sections_are_set_two_to_a_row() {
    let section = |name: &str, words: usize| {
        format!("### {name} card\n\n{name}text {}\n\n```position\ngame = \"lignes\"\nto_move = \"light\"\ntaken = {{ light = 0, dark = 12 }}\nboard = \"\"\"\n.L.L\nLLDL\n..LL\n..DL\n\"\"\"\n\n[diagram]\ncaption = \"The {name} plane.\"\n```\n\n", "pawns move. ".repeat(words))
    };
    let text = format!(
        "## Cards\n\n{}{}{}{}",
        section("Alpha", 3),
        section("Beta", 3),
        section("Gamma", 3),
        section("Delta", 400)
    );
    let pages = laid_out("lignes", &text, Lang::En);
    let at = |text: &str| {
        let page = page_of(&pages, text);
        let r = runs(&pages[page])
            .into_iter()
            .find(|r| r.2.contains(text))
            .unwrap();
        (page, r.0, r.1)
    };
    let (alpha, beta, gamma) = (at("Alpha card"), at("Beta card"), at("Gamma card"));
    // Alpha and Beta side by side, each with its text and its figure in its column.
    assert_eq!((alpha.0, alpha.2), (beta.0, beta.2), "{alpha:?} {beta:?}");
    assert!(alpha.1 < 25.0 && beta.1 > 105.0, "{alpha:?} {beta:?}");
    assert!(at("Betatext").1 > 105.0 && at("Beta plane").1 > 105.0);
    assert!(at("Alpha plane").1 < 105.0 && at("Alpha plane").2 > at("Alphatext").2);
    // Gamma has no short partner (Delta's text runs long): it stands below, on the left.
    assert!(gamma.1 < 25.0 && (gamma.0, gamma.2) > (alpha.0, alpha.2));
    assert!(at("Delta card").1 < 25.0);
}

#[test]
fn numbers_keep_their_noun_and_coordinates_their_pair_in_print_and_html() {
    let text =
        "Light pushes (1, 1) then (3, 1) and (12, -4); dark frames 3 squares on an 8 × 8 board. "
            .repeat(12);
    let (def, b) = book("lignes", &text, Lang::En);
    for page in pages::layout(&b, &rulebook::Front::of(&def, Lang::En), Paper::A4) {
        for (_, _, t) in runs(&page) {
            assert!(
                !t.trim_end().ends_with(',') && !t.ends_with(" 3") && !t.ends_with('×'),
                "a line ends in `{t}`"
            );
            assert!(
                !t.starts_with("squares") && !t.starts_with("1)"),
                "a line starts `{t}`"
            );
        }
    }
    let html = rulebook::html::to_html(&b, &rulebook::Front::of(&def, Lang::En));
    assert!(html.contains("(1,\u{a0}1)") && html.contains("3\u{a0}squares"));
    assert!(html.contains("8\u{a0}×\u{a0}8\u{a0}board"));
}

#[test]
fn a_small_figure_stands_beside_its_paragraph() {
    let text = "Light pushes (1, 1) east: the pawns before it move one square, and the plane stays one group.\n\n```position\ngame = \"lignes\"\nto_move = \"light\"\ntaken = { light = 0, dark = 12 }\nboard = \"\"\"\n.L.L\nLLDL\n..LL\n..DL\n\"\"\"\n\n[diagram]\ncaption = \"A small plane.\"\n```\n";
    let (def, b) = book("lignes", text, Lang::En);
    // In the HTML too: the figure comes first and floats left of its paragraph.
    let html = rulebook::html::to_html(&b, &rulebook::Front::of(&def, Lang::En));
    let (fig, para) = (
        html.find("<figure class=\"beside\">"),
        html.find("<p>Light pushes"),
    );
    assert!(fig.is_some() && fig < para, "{html}");
    let pages = pages::layout(&b, &rulebook::Front::of(&def, Lang::En), Paper::A4);
    let para: Vec<(f64, f64, String)> = runs(&pages[0])
        .into_iter()
        .filter(|r| r.2.contains("pushes") || r.2.contains("group."))
        .collect();
    assert!(!para.is_empty());
    // The text starts right of the drawing (20 mm margin, the drawing, a gap).
    for (x, _, t) in &para {
        assert!(*x > 60.0, "`{t}` at {x:.1} mm");
    }
    let caption = runs(&pages[0])
        .into_iter()
        .find(|r| r.2.contains("small plane"))
        .unwrap();
    assert!(
        caption.0 < 60.0,
        "the caption under the drawing, left: {:.1}",
        caption.0
    );
}

#[test]
fn the_box_holds_every_component_counted_by_the_definition() {
    let (def, b) = book("imbriqua", "## In the box\n\n```box\n```\n", Lang::En);
    let fig = b
        .blocks
        .iter()
        .find_map(|b| match b {
            Block::Figure(f) => Some(f),
            _ => None,
        })
        .expect("a figure");
    let counts = def.counts();
    let total =
        counts.boards + counts.cards + counts.tiles + counts.pieces + counts.dice + counts.mats;
    // Each caption starts with its count (`40 × Light pawns`), or is a name alone (one).
    let shown: usize = fig
        .panels
        .iter()
        .map(|p| {
            p.caption
                .split_once('\u{a0}')
                .and_then(|(n, _)| n.parse::<usize>().ok())
                .unwrap_or(1)
        })
        .sum();
    assert_eq!(
        shown,
        total,
        "{:?}",
        fig.panels.iter().map(|p| &p.caption).collect::<Vec<_>>()
    );
    assert!(fig
        .panels
        .iter()
        .any(|p| p.caption.ends_with("Light pawns")));
    // A part of the box by name, and a name that is no component, refused at its place.
    let (_, some) = book(
        "imbriqua",
        "```box\nshow = [\"piece:light-pawn\"]\n```\n",
        Lang::En,
    );
    assert!(matches!(&some.blocks[0], Block::Figure(f) if f.panels.len() == 1));
    let def = common::game("imbriqua");
    let err = markdown::parse(
        None,
        &def,
        Path::new("t.md"),
        "\n```box\nshow = [\"piece:nothing\"]\n```\n",
        Lang::En,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("t.md:3:") && err.contains("piece:nothing"),
        "{err}"
    );
}

#[test]
fn the_summary_follows_the_text_where_it_fits_else_takes_the_last_page_alone() {
    for items in [5, 45] {
        let list: String = (1..=items)
            .map(|i| format!("- Key rule {i}: a pawn that is framed is counted once a line.\n"))
            .collect();
        let text = format!("{}## Summary {{.summary}}\n\n{list}", filler(3));
        let (def, b) = book("imbriqua", &text, Lang::En);
        assert!(b.summary.is_some());
        let pages = pages::layout(&b, &rulebook::Front::of(&def, Lang::En), Paper::A4);
        // Five rules fit under the three paragraphs: they follow on the same page. Forty-five
        // do not: they take a page of their own, whole, in smaller type.
        let want = if items == 5 { 1 } else { 2 };
        assert_eq!(pages.len(), want, "{items} items");
        let last = runs(&pages[want - 1]);
        assert!(last.iter().any(|r| r.2.contains("Summary")));
        assert!(last.iter().any(|r| r.2.contains(&format!("rule {items}:"))));
        assert_eq!(
            last.iter().any(|r| r.2.contains("Filler")),
            items == 5,
            "{items} items"
        );
        let html = rulebook::html::to_html(&b, &rulebook::Front::of(&def, Lang::En));
        assert!(html.contains("<section class=\"summary\">\n<h2>Summary</h2>"));
    }
}

#[test]
fn a_component_is_cut_at_its_trim_so_its_bleed_stays_off_its_caption() {
    let text = "```component\nshow = [\"back:actions\"]\ncaptions = [\"Back\"]\n```\n";
    let pages = laid_out("imbriqua", text, Lang::En);
    let clips = pages[0]
        .flatten()
        .into_iter()
        .filter(|f| matches!(f, Flat::PushClip(_)))
        .count();
    assert!(clips >= 1);
}

#[test]
fn a_games_rulebooks_may_name_their_faces_among_its_fonts_and_their_colour() {
    let toml = std::fs::read_to_string(common::root().join("games/potager/game.toml")).unwrap();
    let look = "\n[rulebook]\nfont = \"sketch\"\nheadings = \"sketch\"\naccent = \"#2d6a4f\"\n";
    let def = common::parse("potager", &format!("{toml}{look}")).unwrap_or_else(|d| panic!("{d}"));
    let text = "## Harvest\n\nPick the **ripe** vegetables.\n";
    let b = markdown::parse(None, &def, Path::new("test.md"), text, Lang::En)
        .unwrap_or_else(|d| panic!("{d}"));
    let sketch = def.fonts["sketch"];
    assert_eq!(b.style.body, sketch);
    assert_eq!(b.style.accent.to_string(), "#2d6a4f");
    let pages = pages::layout(&b, &rulebook::Front::of(&def, Lang::En), Paper::A4);
    let faces: Vec<_> = pages[0]
        .flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Text(run, _) if run.text.contains("ripe") || run.text.contains("Harvest") => {
                Some(run.face)
            }
            _ => None,
        })
        .collect();
    assert!(
        faces.len() >= 2 && faces.iter().all(|f| *f == sketch.bold),
        "{faces:?}"
    );
    let html = rulebook::html::to_html(&b, &rulebook::Front::of(&def, Lang::En));
    let family = sketch.regular.family();
    assert!(
        html.contains(&format!("body {{ font-family: '{family}', Lato")),
        "{family}"
    );
    assert!(html.contains("color: #2d6a4f") && html.contains("<strong>ripe</strong>"));
    // Lato and the brown accent when the game says nothing.
    let (_, plain) = book("potager", "Pick.\n", Lang::En);
    assert_eq!(plain.style, rulebook::style::Style::default());
    // A family the game does not have, refused at its place in game.toml.
    let bad = format!("{toml}\n[rulebook]\nfont = \"skech\"\n");
    let err = common::parse("potager", &bad).unwrap_err().to_string();
    let at = bad.find("\"skech\"").unwrap();
    let (l, c) = ludopress::base::diag::line_col(&bad, at);
    assert!(
        err.contains(&format!("games/potager/game.toml:{l}:{c}:"))
            && err.contains("no font family `skech`")
            && err.contains("did you mean `sketch`?"),
        "{err}"
    );
    // The old per-rulebook block says where the look went.
    let err = markdown::parse(
        None,
        &def,
        Path::new("t.md"),
        "```style\nfont = \"sketch\"\n```\n",
        Lang::En,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("t.md:1:") && err.contains("[rulebook]"),
        "{err}"
    );
}

#[test]
fn no_shipped_rulebook_page_is_left_a_third_empty_unless_a_level_2_section_ends_there() {
    let project = ludopress::definition::Project::new(common::root());
    ludopress::rules::external::trust::allow_for_this_run();
    let mut pages_seen = 0;
    for game in ludopress::rules::registry::NAMES
        .iter()
        .chain(&["breakthrough-py"])
    {
        let def = common::game(game);
        let engine = ludopress::rules::engine::Engine::for_game(&project, &def)
            .ok()
            .flatten();
        let books = ludopress::make::load_rulebooks(&common::root(), &def, engine.as_ref())
            .unwrap_or_else(|d| panic!("{d}"));
        for b in &books {
            // The texts of the `#` and `##` headings: a page may end short only before one of
            // them, never between `###` sub-sections.
            let sections: Vec<String> = b
                .blocks
                .iter()
                .filter_map(|blk| match blk {
                    Block::Heading(level, spans) if *level <= 2 => {
                        Some(spans.iter().map(|s| s.text.as_str()).collect())
                    }
                    _ => None,
                })
                .collect();
            let pages = pages::layout(b, &rulebook::Front::of(&def, b.lang), Paper::A4);
            for (i, pair) in pages.windows(2).enumerate() {
                pages_seen += 1;
                // The lowest text of the page (captions included), above the folio.
                let foot = runs(&pair[0])
                    .iter()
                    .map(|r| r.1)
                    .filter(|y| *y < 297.0 - 15.0)
                    .fold(0.0, f64::max);
                // The next page opens a level-2 section: its first text (below the running
                // header) is larger than the body and begins one of those headings.
                let text: Vec<(f64, f64, String)> = pair[1]
                    .flatten()
                    .into_iter()
                    .filter_map(|f| match f {
                        Flat::Text(run, _) if run.y > 15.0 && !run.text.trim().is_empty() => {
                            Some((run.y, run.size, run.text))
                        }
                        _ => None,
                    })
                    .collect();
                let top = text.iter().map(|r| r.0).fold(f64::INFINITY, f64::min);
                let first: Vec<&(f64, f64, String)> =
                    text.iter().filter(|r| (r.0 - top).abs() < 0.1).collect();
                let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
                let line = words(
                    &first
                        .iter()
                        .map(|r| r.2.as_str())
                        .collect::<Vec<_>>()
                        .join(" "),
                );
                let opens = first.iter().all(|r| r.1 > pages::BODY)
                    && sections.iter().any(|h| words(h).starts_with(&line));
                let area = 297.0 - 22.0 - 20.0;
                assert!(
                    foot >= 297.0 - 20.0 - area / 3.0 || opens,
                    "{game} {} p. {}: the text ends at {foot:.0} mm",
                    b.lang,
                    i + 1
                );
            }
        }
    }
    assert!(pages_seen >= 60, "{pages_seen}");
}

#[test]
fn the_drawings_of_an_html_rulebook_do_not_share_ids() {
    // Several inline drawings define clips: an id met twice in a page points every drawing at
    // the first one's clip (a cut diagram showed as a sliver).
    let project = ludopress::definition::Project::new(common::root());
    for game in ["imbriqua", "lignes"] {
        let def = common::game(game);
        let engine = ludopress::rules::engine::Engine::new(&project, game).unwrap();
        let books = ludopress::make::load_rulebooks(&common::root(), &def, Some(&engine))
            .unwrap_or_else(|d| panic!("{d}"));
        for b in &books {
            let html = rulebook::html::to_html(b, &rulebook::Front::of(&def, b.lang));
            let ids: Vec<&str> = html
                .split(" id=\"")
                .skip(1)
                .filter_map(|s| s.split('"').next())
                .collect();
            let mut seen = std::collections::BTreeSet::new();
            let twice: Vec<&&str> = ids.iter().filter(|i| !seen.insert(**i)).collect();
            if game == "imbriqua" {
                assert!(ids.len() > 5, "{game}: {} ids", ids.len());
            }
            assert!(
                twice.is_empty(),
                "{game} {:?}: ids met twice: {twice:?}",
                b.lang
            );
        }
    }
}

/// A `component` figure shows a board, a die or a mat as printed, beside cards and pieces: each
/// panel is the component's own drawing, as wide as it prints; a name that is none is refused
/// with the kinds it may be.
#[test]
fn a_component_figure_shows_a_board_and_a_die() {
    let (def, b) = book(
        "alphabrick",
        "```component\nshow = [\"board:board\", \"die:die\"]\ncaptions = [\"The board\", \"The die\"]\n```\n",
        Lang::En,
    );
    let Block::Figure(f) = &b.blocks[0] else {
        panic!("a figure")
    };
    assert_eq!(f.panels.len(), 2);
    let board = ludopress::layout::board_face::face(&def.boards[0], Lang::En);
    let die = ludopress::layout::die::draw(&def.dice[0], Lang::En);
    assert_eq!(f.panels[0].width, board.width);
    assert_eq!(f.panels[1].width, die.width);
    assert_eq!(f.panels[1].caption, "The die");
    let err = markdown::parse(
        None,
        &def,
        Path::new("t.md"),
        "\n```component\nshow = [\"die:dice\"]\n```\n",
        Lang::En,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("t.md:3:")
            && err.contains("no component `die:dice`")
            && err.contains("board:<id>, die:<id>, mat:<id>"),
        "{err}"
    );
}

#[test]
fn the_legend_explains_each_mark_the_figures_use_once_where_the_book_places_it() {
    let position = "```position\ngame = \"imbriqua\"\nto_move = \"light\"\nphase = \"place\"\ndeck = [\"place-two\"]\nboard = \"\"\"\n........\n........\n........\n...D....\n...L....\n........\n........\n........\n\"\"\"\n\n[diagram]\narrows = [[\"d4\", \"d5\"]]\nhighlight = [\"e4\"]\ncaption = \"A cell.\"\n```\n";
    let legend_of = |b: &rulebook::Rulebook| -> Vec<(usize, String)> {
        b.blocks
            .iter()
            .enumerate()
            .filter_map(|(i, blk)| match blk {
                rulebook::Block::Figure(f) if f.legend => {
                    Some((i, f.panels.iter().map(|p| p.caption.clone()).collect()))
                }
                _ => None,
            })
            .collect()
    };
    // Without a `legend` block: one legend, after the text, with the two kinds drawn.
    let text = format!("## Play\n\nText.\n\n{position}\n## Summary {{.summary}}\n\nShort.\n");
    let (def, b) = book("imbriqua", &text, Lang::En);
    let found = legend_of(&b);
    assert_eq!(found.len(), 1, "{found:?}");
    let pages = pages::layout(&b, &rulebook::Front::of(&def, Lang::En), Paper::A4);
    let all: Vec<String> = pages.iter().flat_map(runs).map(|r| r.2).collect();
    let said = |t: &str| all.iter().any(|r| r.contains(t));
    assert!(
        said("a move played or possible") && said("a cell the caption points to"),
        "{all:?}"
    );
    assert!(
        !said("a piece taken"),
        "a kind no figure draws is not explained"
    );
    // On the web page, each meaning is the page's own text beside its small drawing (a label
    // inside one wide drawing came out tiny, in a fallback face, and clipped).
    let html = rulebook::html::to_html(&b, &rulebook::Front::of(&def, Lang::En));
    for meaning in ["a move played or possible", "a cell the caption points to"] {
        assert!(
            html.contains(&format!("</svg><span>{meaning}</span></li>")),
            "{meaning}"
        );
    }
    assert_eq!(html.matches("<div class=\"key\">").count(), 1);
    assert!(
        found[0].0 < b.summary.unwrap(),
        "the legend comes before the summary"
    );
    // Placed by the book: there, and only there.
    let text = format!("## Play\n\n```legend\n```\n\nText.\n\n{position}");
    let (_, b) = book("imbriqua", &text, Lang::En);
    let found = legend_of(&b);
    assert_eq!(found.len(), 1);
    assert!(found[0].0 < 3, "{found:?}");
    // In French; one legend a book; a legend takes nothing.
    let (_, fr) = book("imbriqua", position, Lang::Fr);
    let fr_pages = pages::layout(&fr, &rulebook::Front::of(&def, Lang::Fr), Paper::A4);
    let fr_all: Vec<String> = fr_pages.iter().flat_map(runs).map(|r| r.2).collect();
    assert!(
        fr_all
            .iter()
            .any(|r| r.contains("un coup joué ou possible")),
        "{fr_all:?}"
    );
    for (bad, says) in [
        ("```legend\n```\n\n```legend\n```\n", "one legend"),
        ("```legend\narrows = 1\n```\n", "takes nothing"),
    ] {
        let err = markdown::parse(None, &def, Path::new("t.md"), bad, Lang::En)
            .unwrap_err()
            .to_string();
        assert!(err.contains(says) && err.contains("t.md:"), "{err}");
    }
}

#[test]
fn a_board_drawn_again_in_its_section_with_the_same_marks_is_warned() {
    let fig = |caption: &str, marks: &str| {
        format!("```position\ngame = \"imbriqua\"\nto_move = \"light\"\nphase = \"place\"\ndeck = [\"place-two\"]\nboard = \"\"\"\n........\n........\n........\n...D....\n...L....\n........\n........\n........\n\"\"\"\n\n[diagram]\n{marks}caption = \"{caption}\"\n```\n")
    };
    let warned = |text: &str| {
        let (def, b) = book("imbriqua", text, Lang::En);
        rulebook::repeated_boards(&b, None, &def)
            .iter()
            .map(|d| (d.line, d.to_string()))
            .collect::<Vec<_>>()
    };
    let two = format!(
        "## Play\n\n{}\nText.\n\n{}",
        fig("One.", ""),
        fig("Two.", "")
    );
    let w = warned(&two);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].1.contains("same board as the one at line 3"), "{w:?}");
    assert!(w[0].0 > 3, "{w:?}");
    // Another section, or other marks: another lesson, no warning.
    let sections = format!(
        "## Play\n\n{}\n## End\n\n{}",
        fig("One.", ""),
        fig("Two.", "")
    );
    assert!(warned(&sections).is_empty());
    let marked = format!(
        "## Play\n\n{}\n{}",
        fig("One.", ""),
        fig("Two.", "highlight = [\"d4\"]\n")
    );
    assert!(warned(&marked).is_empty());
}

#[test]
fn a_figure_that_needs_more_pieces_than_the_box_holds_is_warned() {
    // Imbriqua prints its pawns in a count: a board holding more light pawns than printed is
    // warned once, at the figure that needs the most.
    let def = common::game("imbriqua");
    let light = def
        .pieces
        .iter()
        .find(|p| p.id.contains("light"))
        .expect("light pawns");
    let n = light.count + 1;
    let row = |k: usize| {
        (0..8)
            .map(|i| if i < k { 'L' } else { '.' })
            .collect::<String>()
    };
    let mut rows: Vec<String> = Vec::new();
    let mut left = n;
    for _ in 0..8 {
        let k = left.min(8);
        rows.push(row(k));
        left -= k;
    }
    let fig = |rows: &[String]| {
        format!(
            "```position\ngame = \"imbriqua\"\nto_move = \"light\"\nphase = \"place\"\ndeck = [\"place-two\"]\nboard = \"\"\"\n{}\n\"\"\"\n\n[diagram]\ncaption = \"A board.\"\npartial = true\n```\n",
            rows.join("\n")
        )
    };
    let text = format!("## Play\n\n{}", fig(&rows));
    let (def, b) = book("imbriqua", &text, Lang::En);
    let w = rulebook::counts_against_box(&b, &def);
    assert_eq!(w.len(), 1, "{w:?}");
    let msg = w[0].to_string();
    assert!(
        msg.contains(&format!("shows {n} of `{}`", light.id))
            && msg.contains(&format!("prints {}", light.count)),
        "{msg}"
    );
    // The shipped books need no more than their games print.
    for game in ludopress::rules::registry::NAMES {
        let def = common::game(game);
        let e = ludopress::rules::engine::Engine::new(
            &ludopress::definition::Project::new(common::root()),
            game,
        )
        .unwrap();
        for b in ludopress::make::load_rulebooks(&common::root(), &def, Some(&e)).unwrap() {
            let w = rulebook::counts_against_box(&b, &def);
            assert!(w.is_empty(), "{game}: {w:?}");
        }
    }
}

/// Words with no plain space between them (`**1** fait` once a no-break space binds them,
/// `**bold**tail`) are never split over two lines: wherever the line breaks, the bold word and
/// the word glued to it share a line.
#[test]
fn words_glued_together_stay_on_one_line() {
    let mut broke_near = 0;
    for n in 0..60 {
        let lead: String = (0..n).map(|i| format!("w{i} ")).collect();
        let text = format!(
            "# Glue\n\n{lead}**Boldword**t9ail and a few more words to end the paragraph.\n"
        );
        let pages = laid_out("imbriqua", &text, Lang::En);
        let all: Vec<(f64, f64, String)> = pages.iter().flat_map(runs).collect();
        let y = |t: &str| {
            all.iter()
                .find(|r| r.2.contains(t))
                .map(|r| r.1)
                .unwrap_or_else(|| panic!("{n}: `{t}` is not set"))
        };
        assert!(
            (y("Boldword") - y("t9ail")).abs() < 0.01,
            "{n}: `Boldword` and `t9ail` on two lines"
        );
        // The pair sat at a line's start: the break came just before it.
        if all.iter().any(|r| r.2.starts_with("Boldword")) {
            broke_near += 1;
        }
    }
    // Some of the runs put the pair where the line had to break: the test saw the case.
    assert!(broke_near > 0);
}

/// A figure that leaves material out (`partial = true`) says so under it, in the book's
/// language and its own noun for a piece, after its own caption; a whole one does not.
#[test]
fn a_partial_figure_says_that_pieces_are_left_out() {
    for (lang, note) in [
        (Lang::En, "Only the pawns that matter are drawn."),
        (Lang::Fr, "Seuls les pions utiles sont dessinés."),
    ] {
        let figure = |partial: bool| {
            format!("```position\ngame = \"lignes\"\nto_move = \"light\"\nboard = \"\"\"\n.L\nLD\n\"\"\"\n\n[diagram]\npartial = {partial}\ncaption = \"Two pawns.\"\n```\n\n")
        };
        let text = format!("# Parts\n\n{}{}", figure(true), figure(false));
        let (_, b) = book("lignes", &text, lang);
        let captions: Vec<String> = b
            .blocks
            .iter()
            .filter_map(|blk| match blk {
                ludopress::rulebook::Block::Figure(f) => Some(f.panels.clone()),
                _ => None,
            })
            .flatten()
            .map(|p| p.caption)
            .collect();
        assert_eq!(
            captions,
            [format!("Two pawns. {note}"), "Two pawns.".to_string()],
            "{lang:?}"
        );
    }
}

/// The legend speaks the book's words: the piece its `[diagram] noun` names, agreed in French
/// (`un pion pris`, `une pièce prise`), and the cell its `[diagram] cell` names (`cell` /
/// `case` when it names none).
#[test]
fn the_legend_speaks_of_the_game_s_own_pieces_and_cells() {
    use ludopress::layout::diagram::MarkKind;
    let kinds = [MarkKind::Placed, MarkKind::Cross, MarkKind::Highlight];
    let meanings = |game: &str, lang: Lang| -> Vec<String> {
        ludopress::rulebook::legend::panels(&common::game(game), &kinds, lang)[0]
            .entries
            .iter()
            .map(|e| e.1.clone())
            .collect()
    };
    assert_eq!(
        meanings("imbriqua", Lang::Fr),
        [
            "un pion posé par le coup",
            "un pion pris, ou qui peut l’être",
            "une case désignée sous la figure"
        ]
    );
    assert_eq!(
        meanings("arlecchino", Lang::Fr),
        [
            "une pièce posée par le coup",
            "une pièce prise, ou qui peut l’être",
            "une case désignée sous la figure"
        ]
    );
    assert_eq!(
        meanings("arlecchino", Lang::En),
        [
            "a tile placed by the move",
            "a tile taken, or one that can be taken",
            "a cell the caption points to"
        ]
    );
    // What an arrow shows, in the book's word (`move = { fr = "parcours", en = "path" }`),
    // agreed in French.
    let arrows = |game: &str, lang: Lang| -> Vec<String> {
        ludopress::rulebook::legend::panels(
            &common::game(game),
            &[MarkKind::Arrow, MarkKind::Barred],
            lang,
        )[0]
        .entries
        .iter()
        .map(|e| e.1.clone())
        .collect()
    };
    assert_eq!(
        arrows("arlecchino", Lang::En),
        ["a path played or possible", "a path the rules forbid"]
    );
    assert_eq!(
        arrows("lignes", Lang::Fr),
        ["une poussée jouée ou possible", "une poussée interdite"]
    );
    assert_eq!(
        arrows("draughts", Lang::Fr),
        ["un coup joué ou possible", "un coup interdit"]
    );
    // Draughts says `square` (`cell = { en = "square" }`).
    assert_eq!(
        meanings("draughts", Lang::En),
        [
            "a piece placed by the move",
            "a piece taken, or one that can be taken",
            "a square the caption points to"
        ]
    );
}

/// The outline a position field draws (Imbriqua's `last_placed`) has its legend entry, in the
/// words the game gives it (`[diagram] highlight_means`), when a figure draws it.
#[test]
fn the_outline_of_a_position_field_is_in_the_legend() {
    use ludopress::layout::diagram::MarkKind;
    let position = |field: &str| {
        format!("```position\ngame = \"imbriqua\"\nto_move = \"light\"\nphase = \"action\"\ncard = \"step-orth\"\n{field}deck = [\"place-two\"]\ndiscard = [\"step-diag\", \"slide-orth\", \"slide-diag\", \"jump-orth\", \"jump-diag\", \"far-jump-orth\", \"far-jump-diag\", \"double-jump-orth\", \"double-jump-diag\"]\nboard = \"\"\"\n........\n........\n........\n...D....\n...L....\n........\n........\nLD......\n\"\"\"\n\n[diagram]\ncaption = \"A position.\"\n```\n")
    };
    let def = common::game("imbriqua");
    for (field, drawn) in [("last_placed = \"d4\"\n", true), ("", false)] {
        let (_, b) = book(
            "imbriqua",
            &format!("## Play\n\n{}", position(field)),
            Lang::En,
        );
        let used = ludopress::rulebook::legend::used_by_each(None, &def, &b.examples);
        assert_eq!(used[0].contains(&MarkKind::Field), drawn, "{field:?}");
    }
    for (lang, says) in [
        (Lang::En, "the pawn placed this turn"),
        (Lang::Fr, "le pion posé ce tour-ci"),
    ] {
        let p = ludopress::rulebook::legend::panels(&def, &[MarkKind::Field], lang);
        assert_eq!(p[0].entries[0].1, says);
    }
}

/// A declared kind's `max` is counted against the pieces the box prints: draughts' kings, a
/// side may crown all twelve of its men, so a box of four kings a side is warned of, at the
/// kind in `game.toml`; the shipped games print enough.
#[test]
fn a_kind_s_max_is_counted_against_the_box() {
    let path = common::root().join("games/draughts/game.toml");
    let src = std::fs::read_to_string(&path).unwrap();
    let mut def = common::game("draughts");
    for p in def.pieces.iter_mut().filter(|p| p.id.ends_with("king")) {
        p.count = 4;
    }
    let w = rulebook::kinds_against_box(&def, &path);
    let shown: Vec<String> = w.iter().map(|d| d.to_string()).collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    let line = src[..src.find("id = \"king\"").unwrap()].lines().count();
    for (msg, side) in shown.iter().zip(["dark-king", "light-king"]) {
        assert!(
            msg.contains(&format!("game.toml:{line}:"))
                && msg.contains(&format!("play may need 12 of `{side}`"))
                && msg.contains("prints 4"),
            "{msg}"
        );
    }
    for game in ludopress::rules::registry::NAMES {
        let path = common::root().join(format!("games/{game}/game.toml"));
        let w = rulebook::kinds_against_box(&common::game(game), &path);
        assert!(w.is_empty(), "{game}: {w:?}");
    }
}
