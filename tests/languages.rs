//! Languages: a game declares the languages of its text; a game of one language writes plain
//! strings; builds in two languages keep each language's files apart.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::make::{build_games, BuildOptions};

const ENGLISH_ONLY: &str = r#"[game]
id = "cards"
title = "Cards"
palette = "ludopress"
sheet = "home"
languages = ["en"]

[[deck]]
id = "deck"
name = "Deck"
size = "mini"
style = { from = "classic" }
back = { fill = "blue", ink = "white", title = "Back", pattern = "grid" }

[[deck.card]]
id = "one"
title = "One"
text = "Draw a card."
fill = "red"
"#;

fn build(root: &std::path::Path, lang: Option<Lang>) -> Result<(), String> {
    let opts = BuildOptions {
        previews: false,
        lang,
        ..BuildOptions::default()
    };
    build_games(
        &Project::new(root),
        &["cards".to_string()],
        &opts,
        &root.join("output"),
        2,
    )
    .map(|_| ())
    .map_err(|e| e.to_string())
}

#[test]
fn an_english_only_game_builds_in_english_with_plain_strings() {
    let game = common::parse("cards", ENGLISH_ONLY).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(game.languages, vec![Lang::En]);
    assert_eq!(game.decks[0].cards[0].title.get(Lang::En), "One");
    let root = common::scratch_project("lang-en", ENGLISH_ONLY, &[]);
    build(&root, None).expect("build");
    let out = root.join("output/cards");
    assert!(out.join("cards-en-a4.pdf").is_file());
    assert!(out.join("components/en/deck-one.svg").is_file());
    assert!(!out.join("cards-fr-a4.pdf").exists(), "no French file");
    let face = std::fs::read_to_string(out.join("components/en/deck-one.svg")).unwrap();
    assert!(face.contains("Draw a card."), "{face}");
    // Asking for a language the game lacks names the game's file.
    let e = build(&root, Some(Lang::Fr)).unwrap_err();
    assert!(
        e.contains("games/cards/game.toml") && e.contains("written in en only"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_plain_string_in_a_game_of_two_languages_is_refused_at_its_place() {
    let text = ENGLISH_ONLY.replace("languages = [\"en\"]\n", "");
    let e = common::parse("cards", &text).unwrap_err().to_string();
    // The title of the game, then each name and text that needs both languages.
    assert!(e.contains("game.toml:3:9"), "{e}");
    assert!(e.contains("a plain string stands for a text only in a game of one language"));
    let bad = ENGLISH_ONLY.replace("[\"en\"]", "[\"en\", \"de\"]");
    let e = common::parse("cards", &bad).unwrap_err().to_string();
    assert!(
        e.contains("game.toml:6:20") && e.contains("unknown language `de`"),
        "{e}"
    );
}

#[test]
fn builds_in_two_languages_never_overwrite_each_other() {
    let text = std::fs::read_to_string(common::root().join("tests/fixtures/components/mini.toml"))
        .unwrap();
    let root = common::scratch_project(
        "lang-two",
        &text.replace("id = \"mini\"", "id = \"cards\""),
        &[],
    );
    build(&root, Some(Lang::Fr)).expect("French build");
    let out = root.join("output/cards");
    let fr = std::fs::read(out.join("components/fr/deck-one.svg")).unwrap();
    build(&root, Some(Lang::En)).expect("English build");
    let en = std::fs::read(out.join("components/en/deck-one.svg")).unwrap();
    assert_ne!(fr, en, "the two faces differ by their words");
    // The English build kept the French files as they were.
    assert_eq!(
        std::fs::read(out.join("components/fr/deck-one.svg")).unwrap(),
        fr
    );
    assert!(out.join("cards-fr-a4.pdf").is_file() && out.join("cards-en-a4.pdf").is_file());
    let _ = std::fs::remove_dir_all(&root);
}
