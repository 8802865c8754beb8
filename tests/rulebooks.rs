//! Rulebooks: every claim holds, a wrong claim is caught at its line, both languages agree.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::make;
use ludopress::rulebook::{self, markdown};
use ludopress::rules::engine::Engine;
use std::path::Path;
use std::process::Command;

fn engine(game: &str) -> Engine {
    Engine::new(&Project::new(common::root()), game).unwrap()
}

fn books(game: &str) -> Vec<rulebook::Rulebook> {
    make::load_rulebooks(&common::root(), &common::game(game), Some(&engine(game)))
        .unwrap_or_else(|d| panic!("{d}"))
}

#[test]
fn every_claim_of_every_rulebook_holds() {
    let mut checked = 0;
    for game in ludopress::rules::registry::NAMES {
        let e = engine(game);
        let books = books(game);
        assert_eq!(
            books.len(),
            2,
            "{game}: a rulebook in French and one in English"
        );
        for b in &books {
            let r = rulebook::check(&e, b);
            assert!(r.failures.is_empty(), "{}", r.failures.join("\n"));
            checked += r.checked;
        }
    }
    assert!(checked >= 100, "only {checked} claims");
}

#[test]
fn a_wrong_claim_is_reported_with_its_line_and_what_was_found() {
    let path = common::root().join("games/imbriqua/rules.fr.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let claim = "successors = 61";
    let at = text
        .find(claim)
        .expect("the opening example claims 61 successors");
    let line = text[..at].matches('\n').count() + 1;
    // The failures of the French Imbriqua rulebook once `text` is changed.
    let failures = |mutated: &str| {
        let e = engine("imbriqua");
        let shown = Path::new("games/imbriqua/rules.fr.md");
        let book = markdown::parse(
            Some(&e),
            &common::game("imbriqua"),
            shown,
            mutated,
            Lang::Fr,
        )
        .unwrap();
        rulebook::check(&e, &book).failures
    };
    let r = failures(&text.replacen(claim, "successors = 62", 1));
    // The claim fails, and the caption's "61 cases libres" is no longer backed by a claim.
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r[0].contains("the caption says 61"), "{r:?}");
    assert_eq!(
        r[1],
        format!("games/imbriqua/rules.fr.md:{line}: expected successors = 62, found 61")
    );
    // A wrong board after a move is caught too.
    let r = failures(&text.replacen("moves = [\"c3xf6\"]", "moves = [\"c3xf6\", \"c3xe5\"]", 1));
    assert_eq!(r.len(), 1);
    assert!(r[0].ends_with("found moves = [c3xf6]"), "{}", r[0]);
}

#[test]
fn a_broken_example_is_an_input_error_at_its_place() {
    let text = std::fs::read_to_string(common::root().join("games/imbriqua/rules.en.md")).unwrap();
    let at = text.find("card = \"jump-diag\"").unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let bad = text.replacen("card = \"jump-diag\"", "card = \"jump-diagonal\"", 1);
    let err = markdown::parse(
        Some(&engine("imbriqua")),
        &common::game("imbriqua"),
        Path::new("rules.en.md"),
        &bad,
        Lang::En,
    )
    .unwrap_err();
    assert!(
        err.to_string().starts_with(&format!(
            "rules.en.md:{line}:8: error: `card`: no card `jump-diagonal`"
        )),
        "{err}"
    );
}

#[test]
fn french_and_english_hold_the_same_positions_and_claims() {
    for game in ludopress::rules::registry::NAMES {
        let books = books(game);
        let (fr, en) = (&books[0], &books[1]);
        assert_eq!((fr.lang, en.lang), (Lang::Fr, Lang::En));
        assert_eq!(fr.examples.len(), en.examples.len());
        // A rulebook teaches by examples: the five French games have 10 or more, the short
        // rulebooks of the classic declared games at least 5.
        assert!(fr.examples.len() >= 5, "{game}");
        same_examples(fr, en);
    }
}

fn same_examples(fr: &rulebook::Rulebook, en: &rulebook::Rulebook) {
    for (a, b) in fr.examples.iter().zip(&en.examples) {
        assert_eq!(
            a.canonical, b.canonical,
            "example at fr line {} / en line {}",
            a.line, b.line
        );
        let ka: Vec<_> = a.claims.iter().map(|c| &c.kind).collect();
        let kb: Vec<_> = b.claims.iter().map(|c| &c.kind).collect();
        assert_eq!(ka, kb, "claims at fr line {} / en line {}", a.line, b.line);
        assert_eq!(a.marks, b.marks);
    }
}

#[test]
fn arlecchino_shows_every_figure_of_the_seed() {
    for b in &books("arlecchino") {
        let legal = |m: &str| {
            b.examples.iter().any(|e| {
                e.claims
                    .iter()
                    .any(|c| c.kind == rulebook::example::ClaimKind::Legal(m.into()))
            })
        };
        let illegal = |m: &str| {
            b.examples.iter().any(|e| {
                e.claims
                    .iter()
                    .any(|c| c.kind == rulebook::example::ClaimKind::Illegal(m.into()))
            })
        };
        assert!(
            legal("b2xb4-c4xe4"),
            "blue-blue-blue-yellow: jump, step, jump"
        );
        assert!(
            legal("b2-c2xc4-c3"),
            "all green: step, jump, step back onto the jumped cell"
        );
        assert!(
            legal("c2xe2-d2-d3") && illegal("c2xe2-d2-c2"),
            "red-red-red-blue: third step, not back home"
        );
        assert!(
            legal("c3xc5xe5xe3xc3") && illegal("c3xc5-c4-c3"),
            "four same zones: home after four jumps only"
        );
        let scores = |want: &[(&str, i64)]| {
            b.examples.iter().any(|e| {
                e.claims.iter().any(|c| match &c.kind {
                    rulebook::example::ClaimKind::Scores(s) => {
                        want.iter().all(|(k, v)| s.get(*k) == Some(v)) && s.len() == want.len()
                    }
                    _ => false,
                })
            })
        };
        assert!(
            scores(&[("red", 9), ("blue", 6), ("yellow", 3), ("green", 2)]),
            "the final position"
        );
        assert!(
            scores(&[("blue+red", 15), ("yellow+green", 5)]),
            "two players"
        );
        assert!(
            scores(&[("red", 9), ("blue", 6), ("yellow", 3)]),
            "three players, green neutral"
        );
    }
}

#[test]
fn every_card_has_an_example_with_an_illegal_move() {
    let books = books("imbriqua");
    for b in &books {
        for card in ludopress::rules::games::imbriqua::cards::IDS {
            let ex = b
                .examples
                .iter()
                .find(|e| e.canonical.contains(&format!("card = \"{card}\"")))
                .unwrap_or_else(|| panic!("{}: no example for {card}", b.path.display()));
            assert!(
                ex.claims
                    .iter()
                    .any(|c| matches!(c.kind, rulebook::example::ClaimKind::Illegal(_))),
                "{card}: no illegal move shown"
            );
        }
    }
}

#[test]
fn rulebooks_render_to_pdf_html_and_diagrams() {
    let game = common::game("imbriqua");
    let book = &books("imbriqua")[1];
    let files = make::render_rulebook(&game, book, &ludopress::sheet::Paper::ALL, None);
    let names: Vec<String> = files
        .iter()
        .map(|f| f.path.to_string_lossy().to_string())
        .collect();
    assert!(
        names.contains(&"imbriqua-rules-en-a4.pdf".to_string())
            && names.contains(&"imbriqua-rules-en-letter.pdf".to_string())
    );
    let html = files
        .iter()
        .find(|f| f.path.to_string_lossy() == "rules-en.html")
        .unwrap();
    let html = String::from_utf8_lossy(&html.bytes);
    assert!(html.contains("<h2>The eleven cards</h2>") && html.matches("<svg").count() > 15);
    assert!(
        names
            .iter()
            .filter(|n| n.starts_with("diagrams/en-"))
            .count()
            > 15
    );
    let pdf = files
        .iter()
        .find(|f| f.path.to_string_lossy() == "imbriqua-rules-en-a4.pdf")
        .unwrap();
    let (pages, text) = common::pdf_text(&pdf.bytes);
    assert!(pages >= 6, "{pages} pages");
    assert!(
        text.contains("The penalty") && text.contains("Summary"),
        "headings are real text"
    );
}

#[test]
fn the_check_command_reports_failures_and_exits_1() {
    let bin = env!("CARGO_BIN_EXE_ludopress");
    let o = Command::new(bin)
        .args([
            "--root",
            common::root().to_str().unwrap(),
            "check",
            "imbriqua",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("claims checked, 0 failed"), "{out}");
    let root = std::env::temp_dir().join(format!("ludopress-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for dir in ["games/imbriqua", "templates"] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
    }
    for f in [
        "games/imbriqua/game.toml",
        "games/imbriqua/rules.en.md",
        "templates/library.toml",
    ] {
        std::fs::copy(common::root().join(f), root.join(f)).unwrap();
    }
    let fr = std::fs::read_to_string(common::root().join("games/imbriqua/rules.fr.md")).unwrap();
    let bad = fr.replacen("winner = \"dark\"", "winner = \"light\"", 1);
    let line = bad[..bad.find("winner = \"light\"").unwrap()]
        .matches('\n')
        .count()
        + 1;
    std::fs::write(root.join("games/imbriqua/rules.fr.md"), bad).unwrap();
    let o = Command::new(bin)
        .arg("--root")
        .arg(&root)
        .args(["check", "imbriqua"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(&format!(
            "games/imbriqua/rules.fr.md:{line}: expected winner = \"light\", found \"dark\""
        )),
        "{out}"
    );
    // The caption that says dark wins no longer has a claim behind it either.
    assert!(
        out.contains("the caption says dark wins, but the claimed winner is light"),
        "{out}"
    );
    assert!(out.contains("2 failed"), "{out}");
    let _ = std::fs::remove_dir_all(&root);
}

/// The position diagrams of a rulebook, in order.
fn diagrams(book: &rulebook::Rulebook) -> Vec<&rulebook::Panel> {
    book.blocks
        .iter()
        .filter_map(|b| match b {
            rulebook::Block::Figure(f) => Some(f.panels.iter()),
            _ => None,
        })
        .flatten()
        .filter(|p| p.diagram)
        .collect()
}

#[test]
fn diagrams_of_a_rulebook_share_one_scale() {
    for game in ludopress::rules::registry::NAMES {
        for book in books(game) {
            let diagrams = diagrams(&book);
            assert!(!diagrams.is_empty(), "{game}: no diagram");
            // Millimetres on the page per scene unit: one value, unless a diagram hit a bound.
            let scales: Vec<f64> = diagrams
                .iter()
                .filter(|p| {
                    p.width > markdown::DIAGRAM_RANGE.0 && p.width < markdown::DIAGRAM_RANGE.1
                })
                .map(|p| p.width / p.scene.width)
                .collect();
            assert!(
                scales.iter().all(|s| (s - scales[0]).abs() < 1e-9),
                "{game}: diagrams at different scales: {scales:?}"
            );
            // The median diagram is DIAGRAM_WIDTH wide, unless that would draw the book's
            // largest cell over MAX_DIAGRAM_CELL: then that cell is drawn at the bound (a small
            // board is drawn small).
            let drawn_cell = |p: &&rulebook::Panel| p.cell * p.width / p.scene.width;
            let at_median = diagrams
                .iter()
                .any(|p| (p.width - markdown::DIAGRAM_WIDTH).abs() < 1e-9);
            let largest = diagrams
                .iter()
                .filter(|p| p.width > markdown::DIAGRAM_RANGE.0)
                .map(drawn_cell)
                .fold(0.0, f64::max);
            // (Every diagram at the narrowest width: a board so small that its cells at the
            // bound make a drawing narrower than the range allows.)
            let all_narrowest = diagrams
                .iter()
                .all(|p| (p.width - markdown::DIAGRAM_RANGE.0).abs() < 1e-9);
            assert!(
                at_median || all_narrowest || (largest - markdown::MAX_DIAGRAM_CELL).abs() < 1e-9,
                "{game}: the median diagram is {} mm wide, or its largest cell {} mm (found {largest})",
                markdown::DIAGRAM_WIDTH,
                markdown::MAX_DIAGRAM_CELL
            );
            assert!(
                largest <= markdown::MAX_DIAGRAM_CELL + 1e-9,
                "{game}: a cell drawn {largest} mm wide"
            );
        }
    }
    // Lignes' planes differ in size: the wide final position is drawn wider than the others.
    let lignes = books("lignes");
    let widest = diagrams(&lignes[0])
        .iter()
        .map(|p| p.width)
        .fold(0.0, f64::max);
    assert!(
        widest > 1.5 * markdown::DIAGRAM_WIDTH,
        "widest Lignes diagram: {widest} mm"
    );
}

/// Every text of a rulebook: headings, paragraphs, list items, table cells and captions.
fn texts(book: &rulebook::Rulebook) -> Vec<String> {
    let join = |s: &[rulebook::Span]| s.iter().map(|x| x.text.as_str()).collect::<String>();
    let mut out = Vec::new();
    for b in &book.blocks {
        match b {
            rulebook::Block::Heading(_, s) | rulebook::Block::Para(s) => out.push(join(s)),
            rulebook::Block::List(items) => out.extend(items.iter().map(|i| join(&i.spans))),
            rulebook::Block::Table(head, rows) => {
                out.extend(head.iter().map(|s| join(s)));
                out.extend(rows.iter().flatten().map(|s| join(s)));
            }
            rulebook::Block::Figure(f) => out.extend(f.panels.iter().map(|p| p.caption.clone())),
            rulebook::Block::PageBreak => {}
        }
    }
    out
}

#[test]
fn french_rulebooks_bind_their_signs_and_quotes_with_no_break_spaces() {
    for game in ludopress::rules::registry::NAMES {
        let books = books(game);
        for b in &books {
            let bad: Vec<String> = texts(b)
                .into_iter()
                .filter(|t| {
                    let c: Vec<char> = t.chars().collect();
                    c.windows(2).any(|w| {
                        (w[0] == ' ' && matches!(w[1], ';' | '!' | '?' | '»'))
                            || (w[0] == '«' && w[1] == ' ')
                    })
                })
                .collect();
            match b.lang {
                // A space that may break stands before no sign and after no opening quote.
                ludopress::base::lang::Lang::Fr => assert!(bad.is_empty(), "{game}: {bad:#?}"),
                // English keeps its own spaces: no sign follows a space there.
                ludopress::base::lang::Lang::En => {
                    assert!(texts(b).iter().all(|t| !t.contains('\u{202f}')))
                }
            }
        }
        let fr = books
            .iter()
            .find(|b| b.lang == ludopress::base::lang::Lang::Fr)
            .unwrap();
        assert!(
            texts(fr).iter().any(|t| t.contains('\u{202f}')),
            "{game}: no narrow no-break space at all"
        );
    }
}

/// The first statement of a checked example's caption that a mutation can falsify: a move
/// (`d5-f7`, `c3xe5`) or a count (`7 squares`, `61 cases`), with its byte offset in the file.
fn falsifiable(text: &str) -> Option<(usize, String)> {
    const NOUNS: &[&str] = &[
        "squares",
        "cells",
        "cases",
        "pawns",
        "pions",
        "zones",
        "moves",
        "coups",
        "points",
        "déplacements",
    ];
    const WORDS: &[&str] = &["eleven", "onze", "twelve", "douze", "three", "trois"];
    let mut offset = 0;
    let mut in_checked = false;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("```position") {
            // Only an example with claims has its caption read.
            in_checked = lines[i..]
                .iter()
                .take_while(|l| !l.starts_with("```") || l.starts_with("```position"))
                .any(|l| l.starts_with("[expect]"));
        }
        if in_checked
            && (line.starts_with("caption = \"") || line.starts_with("after_caption = \""))
        {
            let words: Vec<(usize, &str)> = line
                .match_indices(|c: char| !c.is_whitespace())
                .map(|(i, _)| i)
                .filter(|&i| i == 0 || line[..i].ends_with(char::is_whitespace))
                .map(|i| {
                    let w = line[i..].split_whitespace().next().unwrap_or("");
                    (i, w.trim_end_matches([',', '.', ':', ';', '"']))
                })
                .collect();
            for (k, &(at, w)) in words.iter().enumerate() {
                let cell = |s: &str| {
                    let l = s.chars().take_while(char::is_ascii_lowercase).count();
                    l > 0 && l < s.len() && s[l..].chars().all(|c| c.is_ascii_digit())
                };
                let is_move = w.split(['-', 'x']).count() >= 2 && w.split(['-', 'x']).all(cell);
                let count = (w.parse::<u32>().is_ok() || WORDS.contains(&w))
                    && words.get(k + 1).is_some_and(|(_, n)| NOUNS.contains(n));
                if is_move || count {
                    return Some((offset + at, w.to_string()));
                }
            }
        }
        offset += line.len();
    }
    None
}

#[test]
fn a_caption_that_states_what_no_claim_checks_is_reported_at_its_place() {
    for game in ludopress::rules::registry::NAMES {
        let e = engine(game);
        for lang in [Lang::Fr, Lang::En] {
            let shown = format!("games/{game}/rules.{}.md", lang.code());
            let text = std::fs::read_to_string(common::root().join(&shown)).unwrap();
            let (at, word) = falsifiable(&text)
                .unwrap_or_else(|| panic!("{shown}: no caption with a move or a count"));
            // A count becomes one no claim states; a move, one whose last cell differs.
            let changed = match word.parse::<u32>() {
                Ok(n) => (n + 100).to_string(),
                Err(_) if !word.contains(['-', 'x']) => "100".to_string(),
                Err(_) => {
                    let last = word.chars().last().unwrap();
                    let d = if last == '9' {
                        '1'
                    } else {
                        (last as u8 + 1) as char
                    };
                    format!("{}{d}", &word[..word.len() - 1])
                }
            };
            let mutated = format!("{}{changed}{}", &text[..at], &text[at + word.len()..]);
            let (line, col) = {
                let before = &text[..at];
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                (
                    before.matches('\n').count() + 1,
                    before[line_start..].chars().count() + 1,
                )
            };
            let book = markdown::parse(
                Some(&e),
                &common::game(game),
                Path::new(&shown),
                &mutated,
                lang,
            )
            .unwrap_or_else(|d| panic!("{d}"));
            let failures = rulebook::check(&e, &book).failures;
            let place = format!("{shown}:{line}:{col}: the caption ");
            // (A side the number was said of may lose its binding too: it is reported beside.)
            assert!(
                failures
                    .iter()
                    .any(|f| f.starts_with(&place) && f.contains(&changed)),
                "{shown}: `{word}` changed to `{changed}` at {line}:{col}: {failures:?}"
            );
            // The rulebook as written passes.
            let book = markdown::parse(
                Some(&e),
                &common::game(game),
                Path::new(&shown),
                &text,
                lang,
            )
            .unwrap();
            assert!(rulebook::check(&e, &book).failures.is_empty());
        }
    }
}

#[test]
fn a_rulebook_position_that_cannot_arise_in_play_is_refused_at_its_board() {
    // Imperator: white f2 encircled by red f1, f3 and the hole above it, with white to move
    // (red's last ply would have turned it). Alpha-BRIK: a junior end with 15 bricks of 18.
    let cases = [
        (
            "imperator",
            ". . R W R . .\n",
            "R W R . . . .\n",
            "the white pawn on f2 stands encircled by red",
        ),
        (
            "alphabrick",
            "2 2 2 2 S 2 1 S 1\n",
            "2 2 2 2 S . . S 1\n",
            "15 bricks",
        ),
    ];
    for (game, from, to, why) in cases {
        let shown = format!("games/{game}/rules.en.md");
        let text = std::fs::read_to_string(common::root().join(&shown)).unwrap();
        let at = text.find(from).unwrap_or_else(|| panic!("{shown}: {from}"));
        let board = text[..at].rfind("board = ").unwrap();
        let line_of = |i: usize| text[..i].matches('\n').count() + 1;
        // At the pawn that cannot stand there, or at the board when the count is wrong.
        let places = [line_of(board), line_of(at)].map(|l| format!("{shown}:{l}:"));
        let bad = text.replacen(from, to, 1);
        let e = engine(game);
        let err = markdown::parse(
            Some(&e),
            &common::game(game),
            Path::new(&shown),
            &bad,
            Lang::En,
        )
        .map(|_| ())
        .unwrap_err()
        .to_string();
        assert!(
            places.iter().any(|p| err.starts_with(p)) && err.contains(why),
            "{err}"
        );
    }
}

/// Whether `python3` runs here (the Breakthrough engine's interpreter).
fn python() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn breakthrough_rulebooks_are_checked_through_the_games_own_engine_program() {
    let project = Project::new(common::root());
    let game = common::game("breakthrough-py");
    // The game's own program runs with consent, as `--allow-engine` gives it.
    ludopress::rules::external::trust::allow_for_this_run();
    let started = Engine::for_game(&project, &game);
    if !python() {
        // Without the interpreter the claims cannot be checked, and the build says so.
        let e = started.map(|_| ()).unwrap_err().to_string();
        assert!(
            e.contains("cannot start the engine `python3 engine.py`"),
            "{e}"
        );
        let (books, warnings) = make::checked_rulebooks(&project, &game).unwrap();
        assert_eq!(books.len(), 2);
        assert!(warnings[0]
            .message
            .contains("the rulebook's claims are not checked"));
        return;
    }
    let e = started
        .unwrap()
        .expect("breakthrough-py names an engine program");
    let books = make::load_rulebooks(&common::root(), &game, Some(&e)).unwrap();
    assert_eq!(books.len(), 2);
    let mut checked = 0;
    for b in &books {
        let r = rulebook::check(&e, b);
        assert!(r.failures.is_empty(), "{}", r.failures.join("\n"));
        checked += r.checked;
    }
    assert!(checked >= 50, "{checked} claims");
    // A wrong claim fails at its line with what the engine found; a position the engine
    // refuses is an error at its board, with the engine's reason.
    let shown = "games/breakthrough-py/rules.en.md";
    let text = std::fs::read_to_string(common::root().join(shown)).unwrap();
    let at = text.find("successors = 22").unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let bad = text.replacen("successors = 22", "successors = 21", 1);
    let book = markdown::parse(Some(&e), &game, Path::new(shown), &bad, Lang::En).unwrap();
    let failures = rulebook::check(&e, &book).failures;
    assert!(
        failures.contains(&format!(
            "{shown}:{line}: expected successors = 21, found 22"
        )),
        "{failures:?}"
    );
    let bad = text.replacen("W W W W W W W W\n", "W W W W W W W W W\n", 1);
    let err = markdown::parse(Some(&e), &game, Path::new(shown), &bad, Lang::En)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("the engine `python3 engine.py` refuses this position: `board` row 7: expected 8 tokens, found 9"),
        "{err}"
    );
    assert!(e.failure().is_none());
}

#[test]
fn rulebooks_open_with_the_games_facts_and_credits() {
    let game = common::game("arlecchino");
    let fr = rulebook::Front::of(&game, Lang::Fr);
    assert_eq!(fr.facts.as_deref(), Some("2 à 4 joueurs"));
    assert_eq!(fr.credits[0], "Un jeu de Bernard Tavitian");
    assert_eq!(fr.credits[1], "Édité par LUD Éditions en 2009");
    // French typography in the credits: a no-break space before the colon.
    assert!(
        fr.credits[2].starts_with("Règle d’origine\u{a0}:"),
        "{}",
        fr.credits[2]
    );
    let en = rulebook::Front::of(&game, Lang::En);
    assert_eq!(en.facts.as_deref(), Some("2 to 4 players"));
    assert_eq!(
        en.short_credit().as_deref(),
        Some("A game by Bernard Tavitian · Published by LUD Éditions in 2009")
    );
    // A game that gives none of them has no facts line and no credits.
    let bare = common::parse("cards", "[game]\nid = \"cards\"\ntitle = \"Cards\"\nlanguages = [\"en\"]\npalette = \"ludopress\"\nsheet = \"home\"\n").unwrap();
    let f = rulebook::Front::of(&bare, Lang::En);
    assert!(f.facts.is_none() && f.credits.is_empty() && f.short_credit().is_none());
    // The HTML rulebook shows them under its title.
    let book = &books("arlecchino")[0];
    let html = make::render_rulebook(&game, book, &[], None)
        .into_iter()
        .find(|o| o.path.to_string_lossy().ends_with(".html"))
        .unwrap();
    let html = String::from_utf8(html.bytes).unwrap();
    assert!(
        html.contains("<p class=\"credits\">Un jeu de Bernard Tavitian</p>"),
        "{html}"
    );
}

#[test]
fn nested_lists_keep_their_levels_and_numbers() {
    let text = "# R\n\n1. Place a pawn.\n2. Push:\n   - a row,\n   - or a column.\n\n   Then stop.\n3. Take.\n\n- last\n";
    let game = common::game("imbriqua");
    let book = markdown::parse(None, &game, Path::new("r.md"), text, Lang::En).unwrap();
    let lists: Vec<&Vec<rulebook::Item>> = book
        .blocks
        .iter()
        .filter_map(|b| match b {
            rulebook::Block::List(items) => Some(items),
            _ => None,
        })
        .collect();
    assert_eq!(lists.len(), 2);
    let shape: Vec<(usize, rulebook::Mark, String)> = lists[0]
        .iter()
        .map(|i| {
            let t: String = i.spans.iter().map(|s| s.text.as_str()).collect();
            (i.level, i.mark, t)
        })
        .collect();
    use rulebook::Mark::*;
    assert_eq!(
        shape,
        vec![
            (0, Number(1), "Place a pawn.".to_string()),
            (0, Number(2), "Push:".to_string()),
            (1, Bullet, "a row,".to_string()),
            (1, Bullet, "or a column.".to_string()),
            (0, Continued, "Then stop.".to_string()),
            (0, Number(3), "Take.".to_string()),
        ]
    );
    let front = rulebook::Front::of(&game, Lang::En);
    let html = rulebook::html::to_html(&book, &front);
    assert!(
        html.contains("<ol>\n<li>Place a pawn.</li>\n<li>Push:<ul>\n<li>a row,</li>\n<li>or a column.</li>\n</ul>\nThen stop.</li>\n<li>Take.</li>\n</ol>"),
        "{html}"
    );
}

/// Breakthrough on the largest board declared rules play on (16 × 16, 32 pawns a side).
fn breakthrough_16() -> ludopress::definition::Game {
    let text = std::fs::read_to_string(common::root().join("games/breakthrough/game.toml"))
        .unwrap()
        .replace("cols = 8\nrows = 8", "cols = 16\nrows = 16")
        .replace("count = 16", "count = 32")
        .replace("max = 16", "max = 32")
        .replace("ranks = [8]", "ranks = [16]");
    let (head, _) = text.split_once("board = \"\"\"").unwrap();
    let rows = |t: &str| vec![vec![t; 16].join(" "); 2].join("\n");
    let empty = vec![vec!["."; 16].join(" "); 12].join("\n");
    let text = format!(
        "{head}board = \"\"\"\n{}\n{empty}\n{}\n\"\"\"\n",
        rows("B"),
        rows("W")
    );
    common::parse("breakthrough", &text).unwrap_or_else(|d| panic!("{d}"))
}

/// The start of a 16 × 16 Breakthrough as a rulebook's position block, with `expect`.
fn start_16(expect: &str) -> String {
    let rows = |t: &str| vec![vec![t; 16].join(" "); 2].join("\n");
    let empty = vec![vec!["."; 16].join(" "); 12].join("\n");
    format!(
        "```position\ngame = \"breakthrough\"\nto_move = \"white\"\nboard = \"\"\"\n{}\n{empty}\n{}\n\"\"\"\n\n[expect]\n{expect}\n```\n\n",
        rows("B"),
        rows("W")
    )
}

/// 200 copies of a `legal` and of an `illegal` claim and an `after` claim on a 16 × 16
/// declared game: the position's moves are generated once for the whole check (parse, facts,
/// claims), identical claims are merged. Counted on the engines' move generations, not timed.
#[test]
fn copies_of_a_claim_generate_the_position_s_moves_once() {
    let game = breakthrough_16();
    let e = Engine::from_definition(&game).unwrap();
    let copies = |m: &str| vec![format!("\"{m}\""); 200].join(", ");
    let text = format!(
        "# Copies\n\n{}",
        start_16(&format!(
            "legal = [{}]\nillegal = [{}]\nafter = {{ move = \"a2-a3\" }}",
            copies("a2-a3"),
            copies("a2-a5")
        ))
    );
    let before = ludopress::rules::engine::generations();
    let book = markdown::parse(Some(&e), &game, Path::new("rules.en.md"), &text, Lang::En)
        .unwrap_or_else(|d| panic!("{d}"));
    let r = rulebook::check(&e, &book);
    let done = ludopress::rules::engine::generations() - before;
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    assert!(
        done <= 2,
        "{done} move generations to check {} claims of one position",
        r.checked
    );
}

/// A rulebook's claims are bounded (`rulebook::MAX_CLAIMS`, identical ones counted once): the
/// first claim past the limit is refused at its place, across examples, before it is checked.
#[test]
fn claims_past_the_limit_are_refused_at_their_place() {
    let game = breakthrough_16();
    let e = Engine::from_definition(&game).unwrap();
    // Distinct moves from empty cells (ranks 3 to 14): all illegal.
    let files = "abcdefghijklmnop".chars();
    let from = files
        .clone()
        .flat_map(|f| (3..=14).map(move |r| format!("{f}{r}")));
    let to: Vec<String> = files
        .flat_map(|f| (1..=16).map(move |r| format!("{f}{r}")))
        .collect();
    let moves: Vec<String> = from
        .flat_map(|a| to.iter().map(move |b| format!("\"{a}-{b}\"")))
        .collect();
    let limit = rulebook::MAX_CLAIMS;
    let first = start_16(&format!("illegal = [{}]", moves[..limit - 1].join(",\n")));
    let second = start_16(&format!(
        "illegal = [{}]",
        moves[limit - 1..limit + 1].join(",\n")
    ));
    let text = format!("# Many\n\n{first}{second}");
    let list = text.rfind("illegal = [").unwrap() + "illegal = ".len();
    let line = text[..list].matches('\n').count() + 1;
    let col = list - text[..list].rfind('\n').unwrap();
    let err = markdown::parse(Some(&e), &game, Path::new("rules.en.md"), &text, Lang::En)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("rules.en.md:{line}:{col}: error: "))
            && err.contains(&format!("{limit}")),
        "{err}"
    );
}
