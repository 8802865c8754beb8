//! OpenType features on a font family or a text element (`features = ["lnum", "tnum"]`): the
//! text is drawn in a face with the features frozen into it, in SVG, PNG and PDF alike; a tag
//! that is not one, or a feature the font lacks, is an error at its place.

use crate::common;

use std::path::Path;
use std::process::Command;

const GAME: &str = r#"[game]
id = "cards"
title = "Cards"
palette = "ludopress"
sheet = "home"
languages = ["en"]

[fonts.figures]
regular = "Lato-Regular.ttf"
features = ["onum"]

[layout.price]

[[layout.price.element]]
name = "cost"
kind = "text"
text = "{cost}"
font = "figures"
x = 5.0
y = 5.0
width = 40.0
height = 10.0
size = 14

[[layout.price.element]]
name = "count"
kind = "text"
text = "{cost}"
features = ["tnum"]
x = 5.0
y = 20.0
width = 40.0
height = 10.0
size = 14

[[board]]
id = "score"
name = "Score"
grid = "square"
cols = 3
rows = 2
cell = 20.0
fill = "cream"
line = "ink"
frame = "ink"
coords = true
font = "figures"

[board.track]
to = 20
space = 10.0

[[deck]]
id = "deck"
name = "Deck"
size = "mini"
layout = "price"
style = { from = "classic" }
back = { fill = "blue", ink = "white", title = "Back", pattern = "grid" }
data = "cards.csv"
"#;

fn project(name: &str, game: &str) -> std::path::PathBuf {
    let lato = std::fs::read(common::root().join("templates/fonts/Lato-Regular.ttf")).unwrap();
    let csv = "id,title,cost\none,One,1234567890\n";
    let root = common::scratch_project(name, game, &[("cards.csv", csv)]);
    std::fs::write(root.join("games/cards/Lato-Regular.ttf"), lato).unwrap();
    root
}

fn build(root: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(root)
        .args(["build", "cards", "--paper", "a4", "--no-png"])
        .output()
        .unwrap()
}

#[test]
fn a_family_s_and_an_element_s_features_are_drawn() {
    let root = project("features", GAME);
    let o = build(&root);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg =
        std::fs::read_to_string(root.join("output/cards/components/en/deck-one.svg")).unwrap();
    // Each text in its own derived family: old-style figures for the family, tabular ones
    // (on Lato) for the element.
    assert!(svg.contains("font-family=\"ludopress-onum-"), "{svg}");
    assert!(svg.contains("font-family=\"ludopress-tnum-"), "{svg}");
    // The print file embeds the derived faces.
    let pdf = std::fs::read(root.join("output/cards/cards-en-a4.pdf")).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(
        text.contains("ludopress-onum-") || common::pdf_objects(&pdf).contains("ludopress-onum-"),
        "the PDF names the derived face"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_bad_tag_or_a_missing_feature_is_refused_at_its_place() {
    for (from, to, says) in [
        (
            "features = [\"tnum\"]",
            "features = [\"TNUM\"]",
            "`TNUM` is not an OpenType feature tag",
        ),
        (
            "features = [\"onum\"]",
            "features = [\"zzzz\"]",
            "`features`: the font has no OpenType feature `zzzz` (it has ",
        ),
    ] {
        let game = GAME.replacen(from, to, 1);
        let root = project("features-bad", &game);
        let o = build(&root);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        let line = game[..game.find(to).unwrap()].lines().count() + 1;
        assert!(
            err.contains(says) && err.contains(&format!("games/cards/game.toml:{line}:")),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}

/// A board's coordinates and track numbers are set in the family its `font` names (Lato by
/// default); an unknown family is an error at its place with a hint.
#[test]
fn a_board_s_numbers_are_in_its_font() {
    let root = project("features-board", GAME);
    let o = build(&root);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(root.join("output/cards/components/en/score.svg")).unwrap();
    let texts = svg.matches("<text").count();
    let ours = svg.matches("font-family=\"ludopress-onum-").count();
    assert!(texts > 20, "{texts} texts");
    assert_eq!(
        ours, texts,
        "every number and coordinate in the board's family"
    );
    let game = GAME.replacen(
        "font = \"figures\"\n\n[board.track]",
        "font = \"figure\"\n\n[board.track]",
        1,
    );
    let root = project("features-board-bad", &game);
    let o = build(&root);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("unknown font family `figure`") && err.contains("did you mean `figures`?"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}
