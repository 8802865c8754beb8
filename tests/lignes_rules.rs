//! One test per clause of shared/spec/lignes.md, on hand-made positions, asserting exact
//! successor sets.

use crate::common;

use ludopress::rules::engine::{Engine, Position};
use std::collections::BTreeSet;

fn engine() -> Engine {
    common::engine("lignes")
}

fn pos(header: &str, rows: &[&str]) -> Position {
    common::position("lignes", header, &rows.join("\n"))
}

fn moves(p: &Position) -> BTreeSet<String> {
    common::moves("lignes", p)
}

use common::set;

#[test]
fn the_first_pawn_goes_anywhere_and_the_opening_only_places_touching_pawns() {
    let empty = pos("to_move = \"light\"", &["."]);
    assert_eq!(moves(&empty), set(&["+0,0"]));
    let p = pos("to_move = \"dark\"", &["L..", "LD."]);
    assert_eq!(
        moves(&p),
        set(&["+-1,0", "+-1,1", "+0,-1", "+0,2", "+1,-1", "+1,1", "+2,0"])
    );
}

#[test]
fn successors_are_compared_up_to_translation() {
    let p = pos(
        "to_move = \"light\"\ntaken = { light = 0, dark = 16 }",
        &["LL.", "DLL"],
    );
    let e = engine();
    let all: BTreeSet<String> = e.all_moves(&p).into_iter().map(|(m, _)| m).collect();
    assert_eq!(
        all,
        set(&[">0,1:n", ">0,1:w", ">1,0:s", ">1,1:e", ">2,0:e"])
    );
    // Pushing the top row west and the bottom row east give the same shape, shifted.
    assert_eq!(moves(&p), set(&[">0,1:n", ">0,1:w", ">1,0:s", ">1,1:e"]));
    let json = e.moves(&p, true);
    assert!(json.contains("\"origin\":[-1,0]"), "{json}");
}

#[test]
fn a_push_needs_the_leading_pawn_enough_pawns_and_one_plane() {
    let p = pos(
        "to_move = \"light\"\ntaken = { light = 0, dark = 14 }",
        &[".DL", "LLL", "..L", "..L"],
    );
    assert_eq!(
        moves(&p),
        set(&[">1,2:s", ">2,0:s", ">2,2:e", ">2,3:e", ">2,3:n"])
    );
    let p = pos(
        "to_move = \"dark\"\ntaken = { light = 15, dark = 0 }",
        &["..DD", "...L", "..DD", "LLD."],
    );
    assert_eq!(moves(&p), set(&[">3,3:e"]));
}

#[test]
fn a_turn_places_then_pushes() {
    // After the four opening pawns, every successor is a placement followed by a push.
    let p = pos("to_move = \"light\"", &["LD", "DL"]);
    let m = moves(&p);
    assert!(!m.is_empty());
    assert!(
        m.iter().all(|x| x.starts_with('+') && x.contains(" >")),
        "{m:?}"
    );
}

#[test]
fn a_side_that_cannot_place_and_push_loses() {
    // Dark to move with 7 placed (6 taken) to light's 8: every push after any placement is led
    // by a light pawn, short of dark pawns, or splits the plane.
    let p = pos(
        "to_move = \"dark\"\ntaken = { light = 6, dark = 0 }",
        &["..L..", "..L..", "LLDLL", "..L..", "..L.."],
    );
    assert!(moves(&p).is_empty());
    let s = engine().score(&p);
    assert!(s.over);
    assert_eq!(s.winner.as_deref(), Some("light"));
}

#[test]
fn a_take_needs_a_fill_and_counts() {
    let p = pos(
        "to_move = \"light\"\ntaken = { light = 0, dark = 12 }",
        &[".L.L", "LLDL", "..LL", "..DL"],
    );
    let m: BTreeSet<String> = engine().all_moves(&p).into_iter().map(|(m, _)| m).collect();
    assert!(m.contains(">3,2:e *3,2 >3,1:n"));
    assert!(
        !m.contains(">3,2:e *3,2 >2,2:e"),
        "the fill from the west would split the plane"
    );
    let e = engine();
    let q = common::reached(e.all_moves(&p), ">3,2:e *3,2 >3,1:n");
    assert!(
        e.to_toml(&q).contains("taken = { light = 1, dark = 12 }"),
        "{}",
        e.to_toml(&q)
    );
    let p = pos(
        "to_move = \"light\"\ntaken = { light = 0, dark = 13 }",
        &["DL.L.", "LDLDL", "L..L."],
    );
    assert!(
        moves(&p).iter().all(|m| !m.contains('*')),
        "no legal fill: no take"
    );
}

#[test]
fn the_game_ends_when_both_sides_have_placed_everything() {
    let p = pos(
        "to_move = \"light\"\ntaken = { light = 2, dark = 1 }",
        &["LLLLLLLLLL", "LLLLLLLLLD", "DDDDDDDDDD", "DDDDDDD..."],
    );
    assert!(moves(&p).is_empty());
    let s = engine().score(&p);
    assert_eq!((s.over, s.winner.as_deref()), (true, Some("light")));
    assert_eq!(
        s.scores,
        vec![("light".to_string(), 2), ("dark".to_string(), 1)]
    );
}

#[test]
fn bad_positions_name_their_place() {
    let bad = |text: &str| common::input_error("l.toml", text);
    let e = bad("game = \"lignes\"\nto_move = \"light\"\nboard = \"\"\"\nL.L\n\"\"\"\n");
    assert!(
        e.contains("l.toml:3:9: error: `board`: the pawns must form one group"),
        "{e}"
    );
    let e = bad("game = \"lignes\"\nto_move = \"light\"\nplaced = { light = 3, dark = 1 }\nboard = \"\"\"\nLD\n\"\"\"\n");
    assert!(e.contains("l.toml:3:10: error: `placed` must count"), "{e}");
    let e = bad("game = \"lignes\"\nto_move = \"light\"\nboard = \"\"\"\nLD\nL\n\"\"\"\n");
    assert!(
        e.contains("l.toml:5:1: error: `board` row 2: expected 2 tokens"),
        "{e}"
    );
    // 256 pawns of one side (a count past a byte) and 2 × 128 (past a 64-bit row): too many.
    for board in [
        format!("{}\n", "L".repeat(16)).repeat(16),
        format!("{}\n", "L".repeat(128)).repeat(2),
    ] {
        let e = bad(&format!(
            "game = \"lignes\"\nto_move = \"light\"\nboard = \"\"\"\n{board}\"\"\"\n"
        ));
        assert!(
            e.contains("l.toml:3:9: error: more than 20 pawns of one side placed"),
            "{e}"
        );
    }
    // Two pawns far apart, on a board wider or taller than the engine's plane: one clear error.
    for board in [
        format!("L{}L", ".".repeat(150)),
        format!("D\n{}L", ".\n".repeat(120)),
    ] {
        let e = bad(&format!(
            "game = \"lignes\"\nto_move = \"light\"\nboard = \"\"\"\n{board}\n\"\"\"\n"
        ));
        assert!(
            e.contains("l.toml:3:9: error: `board`: the pawns must form one group"),
            "{e}"
        );
    }
    let e = bad("game = \"lignes\"\nto_move = \"light\"\norigin = [1]\nboard = \"L\"\n");
    assert!(
        e.contains("l.toml:3:10: error: `origin`: expected [x, y]"),
        "{e}"
    );
}

#[test]
fn playouts_keep_the_invariants() {
    let stats = engine().playouts(5, 4).expect("invariants hold");
    assert_eq!(
        stats.plies,
        5 * 40,
        "every game places all 40 pawns: 4 opening plies and 36 turns"
    );
}
