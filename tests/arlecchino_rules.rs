//! One test per clause of shared/spec/arlecchino.md, on hand-made positions, asserting exact
//! successor sets.

use crate::common;

use ludopress::rules::engine::{Engine, Position};
use std::collections::BTreeSet;

fn engine() -> Engine {
    common::engine("arlecchino")
}

/// A position from header lines and six rows of tiles (rank 6 first), `.` for an empty cell.
fn pos(header: &str, rows: [&str; 6]) -> Position {
    common::position("arlecchino", header, &rows.join("\n"))
}

fn moves(p: &Position) -> BTreeSet<String> {
    common::moves("arlecchino", p)
}

use common::set;

fn legal(p: &Position, m: &str) -> bool {
    engine().all_moves(p).iter().any(|(x, _)| x == m)
}

const E: &str = ". . . . . .";

#[test]
fn a_tile_with_one_zone_of_the_colour_makes_one_move_which_is_a_jump() {
    let p = pos(
        "to_move = \"blue\"",
        [E, E, ". . RRRR . . .", ". . BYYY GGGG . .", E, E],
    );
    assert_eq!(moves(&p), set(&["c3xc5", "c3xe3"]));
    assert!(!legal(&p, "c3-b3"), "a path without a jump is not a turn");
}

#[test]
fn a_path_holds_at_least_one_jump_and_at_most_n_moves() {
    let p = pos("to_move = \"blue\"", [E, E, E, E, E, "BBYY . YYYY . . ."]);
    assert_eq!(moves(&p), set(&["a1-b1xd1"]));
    assert!(!legal(&p, "a1-a2-a3"));
    assert!(!legal(&p, "a1-b1"));
}

#[test]
fn a_jump_removes_the_jumped_tile_whatever_its_colours() {
    let p = pos("to_move = \"yellow\"", [E, E, E, E, E, "YBBB BBBB . . . ."]);
    assert_eq!(moves(&p), set(&["a1xc1"]));
    let e = engine();
    let (_, q) = e.successor_moves(&p).remove(0);
    assert_eq!(e.board_rows(&q)[5], [".", ".", "YBBB", ".", ".", "."]);
    assert_eq!(e.score(&q).scores[0], ("blue".to_string(), 3));
}

#[test]
fn a_path_may_pass_over_its_start_but_not_end_there() {
    // RRRB on c2: c2xe2 (over d2), back to d2, then on: d1 or d3 are fine, c2 is its start.
    let p = pos("to_move = \"red\"", [E, E, E, E, ". . RRRB YYYY . .", E]);
    assert!(legal(&p, "c2xe2-d2-d3"));
    assert!(legal(&p, "c2xe2-d2-d1"));
    assert!(!legal(&p, "c2xe2-d2-c2"));
    assert!(legal(&p, "c2-c3-d3xd1"), "steps may come before the jump");
}

#[test]
fn a_tile_of_four_same_zones_may_come_back_after_exactly_four_jumps() {
    let p = pos(
        "to_move = \"blue\"",
        [
            E,
            ". . . YYYY . .",
            ". . YYYY . RRRR .",
            ". . BBBB GGGG . .",
            E,
            E,
        ],
    );
    assert!(
        legal(&p, "c3xc5xe5xe3xc3"),
        "four jumps around and back home"
    );
    assert!(!legal(&p, "c3xc5-c4-c3"), "back home with one jump");
    let e = engine();
    let q = common::reached(e.all_moves(&p), "c3xc5xe5xe3xc3");
    assert_eq!(e.board_rows(&q)[3], [".", ".", "BBBB", ".", ".", "."]);
    assert_eq!(
        e.board_rows(&q)
            .concat()
            .iter()
            .filter(|t| *t != ".")
            .count(),
        1
    );
}

#[test]
fn successors_are_distinct_boards() {
    // Two paths end on the same cell having jumped the same tile: one successor.
    let p = pos(
        "to_move = \"green\"",
        [E, E, E, ". . YYYY . . .", ". . GGGG . . .", E],
    );
    let all = engine().all_moves(&p);
    let distinct = engine().successor_moves(&p);
    assert!(all.len() > distinct.len());
    let boards: BTreeSet<Vec<Vec<String>>> =
        all.iter().map(|(_, q)| engine().board_rows(q)).collect();
    assert_eq!(boards.len(), distinct.len());
}

#[test]
fn a_colour_without_a_turn_passes_and_the_game_ends_when_none_has_one() {
    let p = pos("to_move = \"yellow\"", [E, E, E, E, E, "BBBB RRRR . . . ."]);
    assert_eq!(moves(&p), set(&["pass"]));
    let e = engine();
    let q = &e.successor_moves(&p)[0].1;
    assert!(e.to_toml(q).contains("to_move = \"red\""));
    let over = pos("to_move = \"blue\"", [E, E, E, E, E, "BBBB . . . . RRRR"]);
    assert!(moves(&over).is_empty());
    let s = e.score(&over);
    assert!(s.over);
    assert_eq!(
        s.winner.as_deref(),
        Some("draw"),
        "blue 4, red 4: a tie for the highest"
    );
}

#[test]
fn two_players_score_by_team_and_three_players_leave_green_neutral() {
    let rows = [
        ". . . . . RYGG",
        E,
        "RRBB . . RRBB . .",
        E,
        E,
        "RRBB . . RRYY . .",
    ];
    let four = pos("to_move = \"blue\"", rows);
    let s = engine().score(&four);
    assert!(s.over);
    assert_eq!(
        s.scores,
        vec![
            ("blue".into(), 6),
            ("yellow".into(), 3),
            ("red".into(), 9),
            ("green".into(), 2)
        ]
    );
    assert_eq!(s.winner.as_deref(), Some("red"));
    let two = engine().score(&pos("to_move = \"blue\"\nplayers = 2", rows));
    assert_eq!(
        two.scores,
        vec![("blue+red".into(), 15), ("yellow+green".into(), 5)]
    );
    assert_eq!(two.winner.as_deref(), Some("blue+red"));
    // The variant scores a team by the difference of its colours, and here flips the winner;
    // the field is written back only when it is not the rule's sum.
    let diff = pos(
        "to_move = \"blue\"\nplayers = 2\nscoring = \"difference\"",
        rows,
    );
    let d = engine().score(&diff);
    assert_eq!(
        d.scores,
        vec![("blue+red".into(), -3), ("yellow+green".into(), 1)]
    );
    assert_eq!(d.winner.as_deref(), Some("yellow+green"));
    assert!(engine().to_toml(&diff).contains("scoring = \"difference\""));
    assert!(!engine()
        .to_toml(&pos("to_move = \"blue\"\nplayers = 2", rows))
        .contains("scoring"));
    let three = engine().score(&pos("to_move = \"blue\"\nplayers = 3", rows));
    assert_eq!(
        three.scores,
        vec![("blue".into(), 6), ("yellow".into(), 3), ("red".into(), 9)]
    );
    // With three players the turn goes from red to blue, skipping green.
    let p = pos(
        "to_move = \"red\"\nplayers = 3",
        [E, E, E, E, E, "RRRR BBBB . . . ."],
    );
    let e = engine();
    let (_, q) = e.successor_moves(&p).remove(0);
    assert!(
        e.to_toml(&q).contains("to_move = \"blue\""),
        "{}",
        e.to_toml(&q)
    );
}

#[test]
fn bad_positions_name_their_place() {
    let bad = |text: &str| common::input_error("a.toml", text);
    let e = bad("game = \"arlecchino\"\nto_move = \"green\"\nplayers = 3\nboard = \".\"\n");
    assert!(
        e.starts_with("a.toml:2:11: error: with 3 players green is neutral"),
        "{e}"
    );
    let e = bad("game = \"arlecchino\"\nto_move = \"blue\"\nboard = \"\"\"\n. . . . . .\n. . . . . .\n. . BBXY . . .\n. . . . . .\n. . . . . .\n. . . . . .\n\"\"\"\n");
    assert!(
        e.starts_with("a.toml:6:5: error: `board`: unknown token `BBXY`"),
        "{e}"
    );
    let e =
        bad("game = \"arlecchino\"\nto_move = \"blue\"\nscoring = \"difference\"\nboard = \".\"\n");
    assert!(
        e.contains(
            "a.toml:3:11: error: `scoring = \"difference\"` is a variant of the 2-player game"
        ),
        "{e}"
    );
    let e = bad("game = \"arlecchino\"\nto_move = \"blue\"\nplayers = 5\nboard = \".\"\n");
    assert!(
        e.contains("a.toml:3:11: error: `players`: 5 is out of range"),
        "{e}"
    );
}

#[test]
fn the_start_deals_35_tiles_with_one_hole_and_playouts_keep_the_invariants() {
    let e = engine();
    let p = e.start(9);
    let rows = e.board_rows(&p);
    assert_eq!(rows.concat().iter().filter(|t| *t == ".").count(), 1);
    assert_eq!(
        e.score(&p).scores.iter().map(|s| s.1).collect::<Vec<_>>(),
        vec![35, 35, 35, 35]
    );
    let stats = e.playouts(50, 3).expect("invariants hold");
    assert_eq!(stats.games, 50);
    assert!(stats.plies > 50);
}
