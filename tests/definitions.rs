//! Bad definitions give `file:line:col` diagnostics with the reason, all at once where possible.

use crate::common;

use common::{parse, root};

fn imbriqua_text() -> String {
    std::fs::read_to_string(root().join("games/imbriqua/game.toml")).expect("read")
}

/// Applies one replacement (which must match) to the Imbriqua definition and returns the errors.
fn errors_after(from: &str, to: &str) -> Vec<String> {
    let text = imbriqua_text();
    assert!(text.contains(from), "fixture text `{from}` not found");
    let bad = text.replacen(from, to, 1);
    match parse("imbriqua", &bad) {
        Ok(_) => panic!("`{to}` was accepted"),
        Err(d) => d.0.iter().map(|d| d.to_string()).collect(),
    }
}

/// Line and column (1-based) where `needle` starts once `from` is replaced by `to`.
fn place_of(from: &str, to: &str, needle: &str) -> String {
    let bad = imbriqua_text().replacen(from, to, 1);
    let at = bad.find(needle).expect("needle");
    let (l, c) = ludopress::base::diag::line_col(&bad, at);
    format!("games/imbriqua/game.toml:{l}:{c}:")
}

#[test]
fn shipped_definitions_are_valid() {
    for g in ludopress::rules::registry::NAMES {
        common::game(g);
    }
}

#[test]
fn toml_syntax_error_names_its_place() {
    let e = errors_after("cols = 8\n", "cols = = 8\n");
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with(&place_of("cols = 8\n", "cols = = 8\n", "= 8\n")),
        "{}",
        e[0]
    );
}

#[test]
fn unknown_key_is_reported_with_a_hint() {
    let e = errors_after("fill = \"board\"", "fil = \"board\"");
    assert!(
        e[0].starts_with(&place_of("fill = \"board\"", "fil = \"board\"", "fil = ")),
        "{}",
        e[0]
    );
    assert!(e[0].contains("unknown key `fil`"), "{}", e[0]);
    assert!(e[0].contains("did you mean `fill`?"), "{}", e[0]);
}

#[test]
fn wrong_type_is_reported() {
    let e = errors_after("cols = 8", "cols = \"8\"");
    assert!(
        e[0].starts_with(&place_of("cols = 8", "cols = \"8\"", "\"8\"")),
        "{}",
        e[0]
    );
    assert!(e[0].contains("invalid type: string \"8\""), "{}", e[0]);
}

#[test]
fn unknown_template_is_reported_with_a_hint() {
    let e = errors_after(
        "style = { from = \"classic\" }",
        "style = { from = \"clasic\" }",
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with(&place_of(
        "style = { from = \"classic\" }",
        "style = { from = \"clasic\" }",
        "\"clasic\""
    )));
    assert!(
        e[0].contains("unknown card style template `clasic`"),
        "{}",
        e[0]
    );
    assert!(e[0].contains("did you mean `classic`?"), "{}", e[0]);
}

#[test]
fn unknown_colour_is_reported_with_a_hint_and_the_offending_text() {
    let e = errors_after("fill = \"green\"", "fill = \"gren\"");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with(&place_of("fill = \"green\"", "fill = \"gren\"", "\"gren\"")),
        "{}",
        e[0]
    );
    assert!(e[0].contains("unknown colour `gren`"));
    assert!(
        e[0].contains("fill = \"gren\""),
        "the offending line is shown: {}",
        e[0]
    );
    assert!(e[0].contains("^^^^^^"), "{}", e[0]);
    assert!(e[0].contains("did you mean `green`?"));
}

#[test]
fn value_out_of_range_is_reported() {
    let e = errors_after("cols = 8", "cols = 99");
    assert!(
        e[0].starts_with(&place_of("cols = 8", "cols = 99", "99")),
        "{}",
        e[0]
    );
    assert!(
        e[0].contains("cols out of range: expected 1 to 60, found 99"),
        "{}",
        e[0]
    );
    let e = errors_after("count = 40", "count = 100000000");
    assert!(e[0].contains("count out of range"), "{}", e[0]);
}

#[test]
fn card_larger_than_the_paper_is_reported() {
    let e = errors_after("size = \"poker\"", "size = [300, 400]");
    assert!(e[0].contains("larger than the printable area"), "{}", e[0]);
    assert!(
        e[0].starts_with(&place_of("size = \"poker\"", "size = [300, 400]", "[300")),
        "{}",
        e[0]
    );
}

#[test]
fn all_errors_of_a_file_come_at_once() {
    let text = imbriqua_text()
        .replacen("fill = \"green\"", "fill = \"gren\"", 1)
        .replacen("cell = 25.0", "cell = 2000.0", 1);
    let d = parse("imbriqua", &text).expect_err("two errors");
    assert_eq!(d.0.len(), 2, "{d}");
}

#[test]
fn cells_that_do_not_exist_are_reported() {
    let text = std::fs::read_to_string(root().join("games/alphabrick/game.toml")).unwrap();
    let bad = text.replacen("\"h8\"]", "\"j9\"]", 1);
    let d = parse("alphabrick", &bad).expect_err("bad cell");
    assert!(d.to_string().contains("no cell `j9` on this board"), "{d}");
}

#[test]
fn tiles_with_bad_zone_codes_are_reported() {
    let text = std::fs::read_to_string(root().join("games/arlecchino/game.toml")).unwrap();
    let bad = text.replacen("zones = \"BBBB\"", "zones = \"BBXB\"", 1);
    let d = parse("arlecchino", &bad).expect_err("bad zones");
    assert!(
        d.to_string()
            .contains("zones `BBXB`: `X` (the 3rd letter) is none of the set's codes (`B` blue, `G` green, `R` red, `Y` yellow)"),
        "{d}"
    );
    let short = text.replacen("zones = \"BBBB\"", "zones = \"BBB\"", 1);
    let d = parse("arlecchino", &short).expect_err("three zones");
    assert!(
        d.to_string()
            .contains("zones `BBB`: 3 letters; a tile has 4 zones, top, right, bottom, left"),
        "{d}"
    );
}

#[test]
fn rules_parameters_out_of_their_engine_range_are_reported() {
    let text = std::fs::read_to_string(root().join("games/lignes/game.toml")).expect("read");
    let errors = |n: i64| {
        let bad = text.replacen("pawns_per_side = 20", &format!("pawns_per_side = {n}"), 1);
        assert_ne!(bad, text);
        parse("lignes", &bad).err().map(|d| d.0[0].to_string())
    };
    let line = text[..text.find("pawns_per_side = 20").expect("parameter")]
        .matches('\n')
        .count()
        + 1;
    for n in [0, 31, 500] {
        let e = errors(n).unwrap_or_else(|| panic!("pawns_per_side = {n} accepted"));
        assert!(
            e.contains(&format!("games/lignes/game.toml:{line}:18:"))
                && e.contains("`pawns_per_side` out of range: expected 1 to 30"),
            "{e}"
        );
    }
    assert!(errors(30).is_none(), "30 pawns a side is allowed");
    // Each engine declares its parameters' ranges.
    let e = errors_after("opening_pawns = 4", "opening_pawns = 65");
    assert!(
        e[0].contains("expected 0 to 64 (pawns on a board of 64 cells), found 65"),
        "{}",
        e[0]
    );
}

#[test]
fn a_rules_engine_gets_the_first_board_or_an_error_naming_the_file() {
    let imbriqua = common::game("imbriqua");
    assert_eq!(
        imbriqua
            .engine_board(64)
            .map(|b| b.grid.len())
            .map_err(|e| e.to_string()),
        Ok(64)
    );
    assert_eq!(
        imbriqua
            .engine_board(63)
            .map(|b| b.grid.len())
            .map_err(|e| e.to_string()),
        Err(
            "games/imbriqua/game.toml: the rules engine handles up to 63 cells; the board has 64"
                .into()
        )
    );
    assert_eq!(
        common::game("lignes")
            .engine_board(64)
            .map(|b| b.grid.len())
            .map_err(|e| e.to_string()),
        Err("games/lignes/game.toml: no board".into())
    );
}
