//! What would not print as written is a warning at its place, and an error under `--strict`: a
//! title or text too wide or too long for its box, a character the font lacks.

use crate::common;

use ludopress::base::lang::Lang;

const GAME: &str = "[game]\nid = \"cards\"\ntitle = { fr = \"Cartes\", en = \"Cards\" }\n\
palette = \"ludopress\"\nsheet = \"home\"\n\n[[deck]]\nid = \"deck\"\nname = { fr = \"Paquet\", en = \"Deck\" }\n\
size = \"mini\"\nstyle = { from = \"classic\" }\n\
back = { fill = \"blue\", ink = \"white\", title = { fr = \"Dos\", en = \"Back\" }, pattern = \"grid\" }\n\n\
[[deck.card]]\nid = \"star\"\ntitle = { fr = \"Étoile ★\", en = \"Star\" }\ntext = { fr = \"Gagnez 2 ⚀.\", en = \"Gain 2.\" }\nfill = \"red\"\n\n\
[[deck.card]]\nid = \"long\"\ntitle = { fr = \"Long\", en = \"Long\" }\n\
text = { fr = \"Anticonstitutionnellementanticonstitutionnellement est long.\", en = \"Short.\" }\nfill = \"green\"\n\n\
[[deck.card]]\nid = \"many\"\ntitle = { fr = \"Bavard\", en = \"Chatty\" }\n\
text = { fr = \"REPEAT\", en = \"Fine.\" }\nfill = \"green\"\n\n\
[[deck.card]]\nid = \"wide\"\ntitle = { fr = \"Titretrèstrèstrèstrèslongquinetientpasmêmeencinqpoints\", en = \"Wide\" }\n\
text = { fr = \"Court.\", en = \"Short.\" }\nfill = \"green\"\n";

fn game_text() -> String {
    GAME.replace("REPEAT", &"mot ".repeat(200))
}

fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).expect("needle")]
        .matches('\n')
        .count()
        + 1
}

#[test]
fn each_problem_is_a_warning_at_its_field() {
    let text = game_text();
    let game = common::parse("cards", &text).unwrap_or_else(|d| panic!("{d}"));
    let w: Vec<String> = ludopress::make::print_warnings(&game, Lang::Fr)
        .iter()
        .map(|d| d.to_string())
        .collect();
    let at = |needle: &str| format!("games/cards/game.toml:{}:", line_of(&text, needle));
    let expect = [
        (
            at("title = { fr = \"Étoile"),
            "card `star` of deck `deck`, element `title` (fr): `★` (U+2605) not in the font",
        ),
        (at("text = { fr = \"Gagnez"), "`⚀` (U+2680) not in the font"),
        (at("text = { fr = \"Anticon"), "wider than its box"),
        (at("text = { fr = \"mot"), "the text needs"),
        (at("title = { fr = \"Titre"), "wider than its box"),
    ];
    assert_eq!(w.len(), expect.len(), "{w:#?}");
    for (place, what) in expect {
        assert!(
            w.iter()
                .any(|x| x.starts_with(&place) && x.contains("warning:") && x.contains(what)),
            "no warning at {place} saying {what}: {w:#?}"
        );
    }
    // In English the texts are short and the characters known.
    assert!(ludopress::make::print_warnings(&game, Lang::En).is_empty());
}

#[test]
fn the_shipped_games_print_as_written() {
    for id in [
        "imbriqua",
        "lignes",
        "imperator",
        "alphabrick",
        "arlecchino",
    ] {
        let game = common::game(id);
        for lang in [Lang::Fr, Lang::En] {
            let w = ludopress::make::print_warnings(&game, lang);
            assert!(
                w.is_empty(),
                "{id} ({lang}): {}",
                ludopress::base::diag::Diagnostics(w)
            );
        }
    }
}

#[test]
fn warnings_are_printed_and_strict_makes_them_errors() {
    let root = std::env::temp_dir().join(format!("ludopress-warnings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("games/cards")).unwrap();
    std::fs::create_dir_all(root.join("templates")).unwrap();
    std::fs::copy(
        common::root().join("templates/library.toml"),
        root.join("templates/library.toml"),
    )
    .unwrap();
    std::fs::write(root.join("games/cards/game.toml"), game_text()).unwrap();
    let run = |strict: bool| {
        let out = root.join("out");
        let mut args = vec![
            "--root",
            root.to_str().unwrap(),
            "build",
            "cards",
            "--no-png",
            "--out",
            out.to_str().unwrap(),
        ];
        if strict {
            args.push("--strict");
        }
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .args(&args)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
            out.join("cards").exists(),
        )
    };
    let (code, err, written) = run(true);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.matches(": error: card `").count(), 5, "{err}");
    assert!(!written, "nothing is written under --strict");
    let (code, err, written) = run(false);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err.matches(": warning: card `").count(), 5, "{err}");
    assert!(err.contains("5 warnings: the files were written"), "{err}");
    assert!(written);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_problem_of_a_games_element_on_many_cards_and_in_both_languages_is_said_once() {
    // One element of the game's own layout, too small for every card's title in both languages.
    let mut text = String::from(
        "[game]\nid = \"cards\"\ntitle = { fr = \"Cartes\", en = \"Cards\" }\npalette = \"ludopress\"\nsheet = \"home\"\n\n\
         [layout.tiny]\n[[layout.tiny.element]]\nname = \"title\"\nkind = \"text\"\ntext = \"{title}\"\nwidth = 4.0\nheight = 4.0\nsize = 8.0\n\n\
         [[deck]]\nid = \"deck\"\nname = { fr = \"Paquet\", en = \"Deck\" }\nsize = \"mini\"\nstyle = { from = \"classic\" }\nlayout = \"tiny\"\n\
         back = { fill = \"blue\", ink = \"white\", title = { fr = \"Dos\", en = \"Back\" }, pattern = \"grid\" }\n",
    );
    for i in 1..=6 {
        text.push_str(&format!(
            "\n[[deck.card]]\nid = \"c{i}\"\ntitle = {{ fr = \"Carte\", en = \"Card\" }}\nfill = \"red\"\n"
        ));
    }
    let game = common::parse("cards", &text).unwrap_or_else(|d| panic!("{d}"));
    let both = ludopress::make::face_warnings(&game, &[Lang::Fr, Lang::En]);
    let shown: Vec<String> = both.iter().map(|d| d.to_string()).collect();
    // The French and English titles differ, so two warnings; each names its cards once.
    assert_eq!(both.len(), 2, "{shown:#?}");
    let line = line_of(&text, "text = \"{title}\"");
    for (w, lang) in shown.iter().zip(["fr", "en"]) {
        assert!(
            w.starts_with(&format!("games/cards/game.toml:{line}:")),
            "{w}"
        );
        assert!(
            w.contains(&format!(
                "cards `c1`, `c2`, `c3` and 3 more of deck `deck`, element `title` ({lang}):"
            )),
            "{w}"
        );
    }
    // The same text in both languages is one warning naming both.
    let same = text.replace("en = \"Card\" }", "en = \"Carte\" }");
    let game = common::parse("cards", &same).unwrap_or_else(|d| panic!("{d}"));
    let one = ludopress::make::face_warnings(&game, &[Lang::Fr, Lang::En]);
    assert_eq!(
        one.len(),
        1,
        "{}",
        ludopress::base::diag::Diagnostics(one.clone())
    );
    assert!(one[0].message.contains("(fr, en)"), "{}", one[0].message);
}

/// The table `tag` of a font file zeroed, its place in the table directory kept: the
/// characters still map to glyphs, and the glyphs have no outlines.
fn zero_table(font: &mut [u8], tag: &[u8; 4]) {
    let be = |at: usize, n: usize| {
        font[at..at + n]
            .iter()
            .fold(0usize, |v, b| v << 8 | *b as usize)
    };
    let tables = be(4, 2);
    let record = (0..tables)
        .map(|i| 12 + 16 * i)
        .find(|&r| &font[r..r + 4] == tag)
        .expect("the table is in the font");
    let (offset, length) = (be(record + 8, 4), be(record + 12, 4));
    font[offset..offset + length].fill(0);
}

/// A copy of the folder `from` at `to`.
fn copy(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        if e.file_type().unwrap().is_dir() {
            copy(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn characters_drawn_without_ink_are_a_warning_and_strict_fails() {
    // A copy of Potager, whose titles are set in its own Cabin Sketch, with the outlines of
    // both faces zeroed.
    let root = std::env::temp_dir().join(format!("ludopress-inkless-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    copy(
        &common::root().join("games/potager"),
        &root.join("games/potager"),
    );
    copy(&common::root().join("templates"), &root.join("templates"));
    for face in ["Regular", "Bold"] {
        let path = root.join(format!("games/potager/fonts/CabinSketch-{face}.ttf"));
        let mut font = std::fs::read(&path).unwrap();
        zero_table(&mut font, b"glyf");
        std::fs::write(&path, font).unwrap();
    }
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(&root)
        .args(["build", "potager", "--paper", "a4", "--no-png", "--strict"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    // One warning per font file, however many texts it sets: the first characters met,
    // how many in all, and the file where it first draws one.
    let bold = "`C` (U+0043), `a` (U+0061), `r` (U+0072), `o` (U+006F), `t` (U+0074) and 36 more: no outline in the font `fonts/CabinSketch-Bold.ttf` (a damaged or stripped font): these 41 characters print blank, wherever it draws them; the first in components/fr/garden-carotte-primeur.svg";
    assert_eq!(err.matches(bold).count(), 1, "{err}");
    // Its regular face is declared and never drawn: nothing to say of it.
    assert_eq!(err.matches("no outline in the font").count(), 1, "{err}");
    assert!(!root.join("output/potager").exists(), "{err}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_font_without_outlines_is_one_warning_wherever_it_draws_boards_and_rulebooks_too() {
    // Tic-tac-toe as `tf`, its board's coordinates and its rulebook set in Potager's Cabin
    // Sketch with the outlines of both faces zeroed: no card, no text element at all.
    let root = std::env::temp_dir().join(format!("ludopress-inkless-tf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let game = root.join("games/tf");
    copy(&common::root().join("games/tictactoe"), &game);
    copy(&common::root().join("templates"), &root.join("templates"));
    for face in ["Regular", "Bold"] {
        let file = format!("fonts/CabinSketch-{face}.ttf");
        let mut font = std::fs::read(common::root().join("games/potager").join(&file)).unwrap();
        zero_table(&mut font, b"glyf");
        std::fs::create_dir_all(game.join("fonts")).unwrap();
        std::fs::write(game.join(&file), font).unwrap();
    }
    let toml = std::fs::read_to_string(game.join("game.toml"))
        .unwrap()
        .replace("id = \"tictactoe\"", "id = \"tf\"")
        .replace("coords = true\n", "coords = true\nfont = \"sketch\"\n")
        .replace(
            "\n[[board]]",
            "\n[fonts.sketch]\nregular = \"fonts/CabinSketch-Regular.ttf\"\n\
             bold = \"fonts/CabinSketch-Bold.ttf\"\n\n\
             [rulebook]\nfont = \"sketch\"\nheadings = \"sketch\"\n\n[[board]]",
        );
    std::fs::write(game.join("game.toml"), &toml).unwrap();
    for book in ["rules.fr.md", "rules.en.md"] {
        let text = std::fs::read_to_string(game.join(book)).unwrap();
        std::fs::write(
            game.join(book),
            text.replace("game = \"tictactoe\"", "game = \"tf\""),
        )
        .unwrap();
    }
    let run = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .arg("--root")
            .arg(&root)
            .args(args)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    // Each font file is named once, at the line of game.toml that names it.
    let at = |file: &str| {
        format!(
            "games/tf/game.toml:{}:",
            line_of(&toml, &format!("\"fonts/CabinSketch-{file}.ttf\""))
        )
    };
    let (code, err) = run(&[
        "build", "tf", "--strict", "--no-png", "--lang", "en", "--paper", "a4", "--out", "o",
    ]);
    assert_eq!(code, Some(2), "{err}");
    for file in ["Regular", "Bold"] {
        let named = format!("no outline in the font `fonts/CabinSketch-{file}.ttf`");
        assert_eq!(err.matches(&named).count(), 1, "{file}: {err}");
        let line = err.lines().find(|l| l.contains(&named)).unwrap();
        assert!(line.contains(&at(file)), "{line}");
    }
    // The board's coordinates are the first text its bold face draws.
    assert!(
        err.contains("`a` (U+0061), `b` (U+0062), `c` (U+0063), `1` (U+0031), `2` (U+0032) and")
            && err.contains("the first in components/en/board.svg"),
        "{err}"
    );
    assert!(!root.join("o/tf").exists(), "{err}");
    // `rules` draws the rulebook only: its body and headings, in both faces.
    let (code, err) = run(&["rules", "tf", "--lang", "en", "--out", "o2"]);
    assert_eq!(code, Some(0), "{err}");
    for file in ["Regular", "Bold"] {
        let named = format!("no outline in the font `fonts/CabinSketch-{file}.ttf`");
        assert_eq!(err.matches(&named).count(), 1, "{file}: {err}");
        assert!(err.contains("the first in tf-rules-en-"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&root);
}
