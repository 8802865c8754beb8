//! One test per clause of shared/spec/imperator.md, on hand-made positions, asserting exact
//! successor sets.

use crate::common;

use ludopress::rules::engine::{Engine, Position};
use std::collections::BTreeSet;

fn engine() -> Engine {
    common::engine("imperator")
}

const ROWS: [(char, usize); 6] = [('f', 7), ('e', 9), ('d', 11), ('c', 11), ('b', 9), ('a', 7)];

/// The board text with the given pawns (`("d5", 'W')`).
fn board(pawns: &[(&str, char)]) -> String {
    let names: Vec<Vec<String>> = ROWS
        .iter()
        .map(|(l, n)| (1..=*n).map(|i| format!("{l}{i}")).collect())
        .collect();
    common::board(&names, pawns)
}

fn pos(header: &str, pawns: &[(&str, char)]) -> Position {
    common::position("imperator", header, &board(pawns))
}

fn moves(p: &Position) -> BTreeSet<String> {
    common::moves("imperator", p)
}

fn after(p: &Position, mv: &str) -> Vec<String> {
    let e = engine();
    e.board_rows(&common::reached(e.successor_moves(p), mv))
        .concat()
}

/// The token on a cell of a flattened board.
fn at(flat: &[String], cell: &str) -> String {
    let mut i = 0;
    for (l, n) in ROWS {
        for k in 1..=n {
            if format!("{l}{k}") == cell {
                return flat[i].clone();
            }
            i += 1;
        }
    }
    panic!("no cell {cell}")
}

const PLACE_RED: &str = "to_move = \"red\"\nin_hand = { red = 5, white = 5 }";
/// Eight red pawns far from the action, so that red does not move freely.
const RED_FAR: [(&str, char); 8] = [
    ("a1", 'R'),
    ("a2", 'R'),
    ("a3", 'R'),
    ("a4", 'R'),
    ("a5", 'R'),
    ("a6", 'R'),
    ("a7", 'R'),
    ("b1", 'R'),
];
/// Three white pawns far away, so that white is not down to two.
const WHITE_FAR: [(&str, char); 3] = [("f1", 'W'), ("f3", 'W'), ("f5", 'W')];

#[test]
fn placement_goes_on_any_empty_cell() {
    let p = pos("to_move = \"red\"\nin_hand = { red = 10, white = 10 }", &[]);
    assert_eq!(moves(&p).len(), 54);
    let p = pos(PLACE_RED, &[("d5", 'W'), ("f1", 'R')]);
    assert_eq!(moves(&p).len(), 52);
}

#[test]
fn a_pawn_encircled_on_its_three_sides_turns_over() {
    let p = pos(PLACE_RED, &[("d5", 'W'), ("d6", 'R'), ("c5", 'R')]);
    let b = after(&p, "d4");
    assert_eq!(at(&b, "d5"), "R");
    assert_eq!(at(&after(&p, "e5"), "d5"), "W", "two sides only: no turn");
}

#[test]
fn an_encircled_group_turns_over_as_a_whole() {
    let p = pos(
        PLACE_RED,
        &[
            ("d5", 'W'),
            ("d6", 'W'),
            ("c5", 'R'),
            ("d4", 'R'),
            ("e5", 'R'),
        ],
    );
    let b = after(&p, "d7");
    assert_eq!((at(&b, "d5"), at(&b, "d6")), ("R".into(), "R".into()));
}

#[test]
fn a_side_is_not_turned_by_its_own_ply_but_after_the_opponents_next() {
    let p = pos(PLACE_RED, &[("d6", 'W'), ("c5", 'W'), ("d4", 'W')]);
    let b = after(&p, "d5");
    assert_eq!(
        at(&b, "d5"),
        "R",
        "red placed into white's encirclement: still red"
    );
    let e = engine();
    let q = common::reached(e.successor_moves(&p), "d5");
    let r = common::reached(e.successor_moves(&q), "a1");
    assert_eq!(
        at(&e.board_rows(&r).concat(), "d5"),
        "W",
        "turned after white's next ply"
    );
}

#[test]
fn the_border_acts_as_a_pawn_holes_red_and_plain_sides_white() {
    // f2 has a hole on the top edge: a white pawn there with red on f1 and f3 is taken.
    let p = pos(PLACE_RED, &[("f2", 'W'), ("f1", 'R')]);
    assert_eq!(at(&after(&p, "f3"), "f2"), "R");
    // f1 has a plain side: a white pawn there with red on f2 and e2 is protected.
    let p = pos(PLACE_RED, &[("f1", 'W'), ("f2", 'R')]);
    assert_eq!(at(&after(&p, "e2"), "f1"), "W");
}

#[test]
fn a_pawn_with_two_opponent_neighbours_cannot_move() {
    let mut pawns = vec![("d5", 'R'), ("d4", 'W'), ("d6", 'W')];
    pawns.extend(RED_FAR);
    pawns.extend(WHITE_FAR);
    let p = pos("to_move = \"red\"", &pawns);
    assert!(moves(&p).iter().all(|m| !m.starts_with("d5-")));
    // The protected border pawn of the previous test cannot move either.
    let mut pawns = vec![
        ("f1", 'W'),
        ("f2", 'R'),
        ("e2", 'R'),
        ("c5", 'W'),
        ("c6", 'W'),
        ("c7", 'W'),
    ];
    pawns.extend(RED_FAR);
    let p = pos("to_move = \"white\"", &pawns);
    assert!(moves(&p).iter().all(|m| !m.starts_with("f1-")));
    assert!(!moves(&p).is_empty());
}

#[test]
fn a_pivot_reaches_up_to_twelve_cells_and_stops_at_pawns_in_the_way() {
    let mut pawns = vec![("d5", 'R')];
    pawns.extend(RED_FAR);
    pawns.extend(WHITE_FAR);
    let p = pos("to_move = \"red\"", &pawns);
    let d5: BTreeSet<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("d5-"))
        .collect();
    let all = [
        "e3", "e4", "e5", "d3", "d4", "d6", "d7", "c3", "c4", "c5", "c6", "c7",
    ];
    assert_eq!(d5, all.iter().map(|c| format!("d5-{c}")).collect());
    let mut pawns = vec![("d5", 'R'), ("d4", 'R'), ("d6", 'R')];
    pawns.extend(RED_FAR);
    pawns.extend(WHITE_FAR);
    let p = pos("to_move = \"red\"", &pawns);
    let d5: BTreeSet<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("d5-"))
        .collect();
    let reach = ["c3", "c4", "c5", "c6", "c7", "d3", "d7"];
    assert_eq!(
        d5,
        reach.iter().map(|c| format!("d5-{c}")).collect(),
        "e3, e4, e5 lie behind d4 and d6"
    );
}

#[test]
fn a_pivot_cannot_roll_across_the_outside_of_the_board() {
    let mut pawns = vec![("f1", 'R'), ("e2", 'R')];
    pawns.extend(RED_FAR);
    pawns.extend(WHITE_FAR.iter().skip(1).copied());
    pawns.push(("c8", 'W'));
    let p = pos("to_move = \"red\"", &pawns);
    let f1: BTreeSet<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("f1-"))
        .collect();
    // Around its left corner f1 is alone; around the bottom-left corner e2 stands in the way of
    // e1; only f2 remains, and around the right corner f2, f3 (white), ...: f2 only.
    assert_eq!(f1, ["f1-f2"].iter().map(|s| s.to_string()).collect());
}

#[test]
fn a_side_with_six_pawns_or_fewer_moves_freely() {
    let pawns = [
        ("d5", 'R'),
        ("a1", 'R'),
        ("a2", 'R'),
        ("a3", 'R'),
        ("a4", 'R'),
        ("a5", 'R'),
        ("f1", 'W'),
        ("f3", 'W'),
        ("f5", 'W'),
    ];
    let p = pos("to_move = \"red\"", &pawns);
    let d5 = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("d5-"))
        .count();
    assert_eq!(d5, 54 - 9, "any empty cell");
}

#[test]
fn the_game_ends_at_two_pawns_or_when_the_side_to_move_cannot_move() {
    let e = engine();
    let p = pos(
        "to_move = \"white\"",
        &[
            ("d5", 'R'),
            ("a1", 'R'),
            ("a2", 'R'),
            ("f1", 'W'),
            ("f3", 'W'),
        ],
    );
    assert!(moves(&p).is_empty());
    let s = e.score(&p);
    assert!(s.over);
    assert_eq!(s.winner.as_deref(), Some("red"));
    // Not over while pawns are still in hand.
    let p = pos(
        "to_move = \"white\"\nin_hand = { red = 7, white = 8 }",
        &[
            ("d5", 'R'),
            ("a1", 'R'),
            ("a2", 'R'),
            ("f1", 'W'),
            ("f3", 'W'),
        ],
    );
    assert!(!e.score(&p).over);
    // White's only pawns are all blocked: white cannot move, the game is over, red has more.
    // (f4's top side is plain: between f3 and f5 it is blocked, not encircled.)
    let pawns = [
        ("f4", 'W'),
        ("f3", 'R'),
        ("f5", 'R'),
        ("a2", 'W'),
        ("a1", 'R'),
        ("a3", 'R'),
        ("b4", 'R'),
        ("d6", 'W'),
        ("d5", 'R'),
        ("d7", 'R'),
    ];
    let p = pos("to_move = \"white\"", &pawns);
    assert!(moves(&p).is_empty());
    assert_eq!(e.score(&p).winner.as_deref(), Some("red"));
}

#[test]
fn bad_positions_name_their_place() {
    let bad = |text: &str| common::input_error("i.toml", text);
    let e = bad("game = \"imperator\"\nto_move = \"red\"\nboard = \"\"\"\n. . . . . . .\n. . . . . . . .\n\"\"\"\n");
    assert!(e.contains("expected 6 rows, found 2"), "{e}");
    let text = format!(
        "game = \"imperator\"\nto_move = \"red\"\nboard = \"\"\"\n{}\n\"\"\"\n",
        board(&[]).replacen('.', "X", 1)
    );
    assert!(bad(&text).starts_with("i.toml:4:1: error: `board`: unknown token `X`"));
    let e = bad("game = \"imperator\"\nto_move = \"red\"\nin_hand = { red = 11, white = 0 }\nboard = \".\"\n");
    assert!(e.contains("i.toml:3:11: error: `in_hand.red`"), "{e}");
}

#[test]
fn playouts_keep_the_invariants() {
    let stats = engine().playouts(5, 11).expect("invariants hold");
    assert_eq!(stats.games, 5);
}
