//! Decks from data files: a spreadsheet saved as CSV or TSV, one row per card, errors placed at
//! the row and column of the file.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::{Library, Project};

const GAME: &str = r#"[game]
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
data = "cards.csv"
layout = "priced"

# The library's card with the two fields the data files give.
[layout.priced]
extends = "card"

[[layout.priced.element]]
name = "cost"
kind = "text"
text = "{cost} {suit}"
size = 8.0
x = 2.0
y = 2.0
width = 10.0
height = 5.0
"#;

fn load(root: &std::path::Path) -> Result<ludopress::definition::Game, String> {
    let lib: Library = Project::new(root).library().unwrap();
    Project::new(root)
        .load("cards", &lib, None)
        .map_err(|d| d.to_string())
}

#[test]
fn a_deck_takes_its_cards_from_a_csv_file() {
    let csv = "id,title,text,fill,count,cost,suit\n\
               coin,Coin,\"Gain 2, then draw\",yellow,3,2,sun\n\
               sword,Sword,Strike.,,1,4,moon\n";
    let root = common::scratch_project("data-csv", GAME, &[("cards.csv", csv)]);
    let game = load(&root).unwrap_or_else(|e| panic!("{e}"));
    let cards = &game.decks[0].cards;
    assert_eq!(cards.len(), 2);
    assert_eq!(cards[0].id, "coin");
    assert_eq!(cards[0].text.get(Lang::En), "Gain 2, then draw");
    assert_eq!(cards[0].count, 3);
    assert_eq!(cards[1].count, 1);
    assert_eq!(cards[0].fields["cost"].get(Lang::En), "2");
    assert_eq!(cards[1].fields["suit"].get(Lang::En), "moon");
    assert_ne!(cards[0].fill, cards[1].fill, "yellow, and white by default");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_bad_value_is_reported_at_its_row_and_column() {
    let csv = "id,title,fill,count\none,One,red,1\ntwo,Two,gren,x\n";
    let root = common::scratch_project("data-bad", GAME, &[("cards.csv", csv)]);
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("cards.csv:3:9: error: unknown colour `gren`")
            && e.contains("did you mean `green`?"),
        "{e}"
    );
    assert!(e.contains("cards.csv:3:14: error: count `x`"), "{e}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn columns_and_files_are_checked() {
    // Per-language columns in a game of two languages.
    let two = GAME
        .replace("languages = [\"en\"]\n", "")
        .replace(
            "title = \"Cards\"",
            "title = { fr = \"Cartes\", en = \"Cards\" }",
        )
        .replace(
            "name = \"Deck\"",
            "name = { fr = \"Paquet\", en = \"Deck\" }",
        )
        .replace(
            "title = \"Back\"",
            "title = { fr = \"Dos\", en = \"Back\" }",
        );
    let csv = "id,title_fr,title_en,text\none,Un,One,Texte\n";
    let root = common::scratch_project("data-langs", &two, &[("cards.csv", csv)]);
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("cards.csv:1:22: error: column `text` in a game of two languages"),
        "{e}"
    );
    std::fs::write(
        root.join("games/cards/cards.csv"),
        "id,title_fr,title_en,cost,suit\none,Un,One,3,sun\n",
    )
    .unwrap();
    let game = load(&root).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.decks[0].cards[0].title.get(Lang::Fr), "Un");
    assert_eq!(game.decks[0].cards[0].title.get(Lang::En), "One");
    // An unknown-looking column, a duplicate id, a missing file, a path outside the game.
    std::fs::write(
        root.join("games/cards/cards.csv"),
        "id,title_fr,title_en,Cost\none,Un,One,3\none,Un,One,3\n",
    )
    .unwrap();
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("cards.csv:1:22: error: invalid column name `Cost`"),
        "{e}"
    );
    std::fs::write(
        root.join("games/cards/cards.csv"),
        "id,title_fr,title_en\none,Un,One\none,Un,One\n",
    )
    .unwrap();
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("cards.csv:3:1: error: duplicate card id `one`"),
        "{e}"
    );
    for (path, reason) in [
        ("missing.csv", "data file `missing.csv` not found"),
        (
            "../cards/cards.csv",
            "expected a path inside the game's folder",
        ),
        ("game.toml", "saved as `.csv`"),
    ] {
        std::fs::write(
            root.join("games/cards/game.toml"),
            two.replace("cards.csv", path),
        )
        .unwrap();
        let e = load(&root).unwrap_err();
        assert!(
            e.contains("game.toml:13:8: error:") && e.contains(reason),
            "{path}: {e}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_tsv_file_and_a_built_game_from_it() {
    let tsv = "id\ttitle\ttext\tcount\none\tOne\tDraw, then play.\t2\n";
    // The library's card layout, which reads no field of its own.
    let game = GAME
        .replace("cards.csv", "cards.tsv")
        .replace("layout = \"priced\"\n", "");
    let root = common::scratch_project("data-tsv", &game, &[("cards.tsv", tsv)]);
    let g = load(&root).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.decks[0].cards[0].text.get(Lang::En), "Draw, then play.");
    let opts = ludopress::make::BuildOptions {
        previews: false,
        ..Default::default()
    };
    ludopress::make::build_games(
        &Project::new(&root),
        &["cards".to_string()],
        &opts,
        &root.join("output"),
        1,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(root
        .join("output/cards/components/en/deck-one.svg")
        .is_file());
    let _ = std::fs::remove_dir_all(&root);
}

/// The column names a layout reads and the card's keys are the only columns: a typo in a header
/// is an error at its cell (it used to give every card one copy, silently), with the hint the
/// name it was meant to be.
#[test]
fn a_typo_in_a_header_is_an_error_at_its_cell() {
    let csv = "id,title,cuont,cost,suit\none,One,3,2,sun\n";
    let root = common::scratch_project("data-typo", GAME, &[("cards.csv", csv)]);
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("cards.csv:1:10: error: unknown column `cuont`")
            && e.contains("did you mean `count`?"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    // A column the layout reads under another name (`suits` for the layout's `{suit}`): one
    // mistake, told once, at the layout's line, which names the column it may have meant (the
    // typo may be on either side: the error names both).
    std::fs::write(
        root.join("games/cards/cards.csv"),
        "id,title,count,cost,suits\none,One,3,2,sun\ntwo,Two,1,2,moon\n",
    )
    .unwrap();
    let e = load(&root).unwrap_err();
    let line = GAME.lines().position(|l| l.contains("{suit}")).unwrap() + 1;
    assert!(
        e.contains(&format!(
            "game.toml:{line}:8: error: card `one`: no field `suit`"
        )) && e.contains("did you mean `suits`, a column of ")
            && e.contains("cards.csv?"),
        "{e}"
    );
    assert!(!e.contains("unknown column"), "{e}");
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    let _ = std::fs::remove_dir_all(&root);
}

/// A layout that reads a field no card has is one error at the layout, not one a card, and
/// its hint is not the name it reads.
#[test]
fn a_missing_field_is_reported_once() {
    let csv = "id,title,cost,suit\none,One,2,sun\ntwo,Two,3,moon\nthree,Three,4,sun\n";
    let game = GAME.replace(
        "text = \"{cost} {suit}\"",
        "text = \"{cost} {suit} {points}\"",
    );
    let root = common::scratch_project("data-once", &game, &[("cards.csv", csv)]);
    let e = load(&root).unwrap_err();
    assert_eq!(e.matches("error:").count(), 1, "{e}");
    assert!(e.contains("no field `points`"), "{e}");
    assert!(!e.contains("did you mean `points`"), "{e}");
    let _ = std::fs::remove_dir_all(&root);
}

/// `count = 0` sets a card aside: it is defined, not printed, and `list` says so.
#[test]
fn a_row_of_count_zero_is_left_out() {
    let csv = "id,title,count,cost,suit\none,One,2,1,sun\ntwo,Two,0,2,moon\n";
    let root = common::scratch_project("data-zero", GAME, &[("cards.csv", csv)]);
    let g = load(&root).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.decks[0].cards[1].count, 0);
    assert_eq!(g.counts().cards, 2);
    assert_eq!(g.counts().left_out, 1);
    let mut out = Vec::new();
    ludopress::commands::list::list(&Project::new(&root), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("cards 2,") && out.contains("1 left out (count = 0)"),
        "{out}"
    );
    let opts = ludopress::make::BuildOptions {
        previews: false,
        ..Default::default()
    };
    ludopress::make::build_games(
        &Project::new(&root),
        &["cards".to_string()],
        &opts,
        &root.join("output"),
        1,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let faces = root.join("output/cards/components/en");
    assert!(faces.join("deck-one.svg").is_file());
    assert!(!faces.join("deck-two.svg").exists(), "left out");
    let _ = std::fs::remove_dir_all(&root);
}
