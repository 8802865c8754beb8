//! One test per clause of shared/spec/alphabrick.md, on hand-made positions, asserting exact
//! successor sets.

use crate::common;

use ludopress::definition::Project;
use ludopress::rules::engine::{Engine, Position};
use std::collections::BTreeSet;

fn engine() -> Engine {
    common::engine("alphabrick")
}

/// A board from `cell=token` pairs (e.g. `("e1", 'S')`), everything else empty.
fn board(cells: &[(&str, char)]) -> String {
    common::board(&common::square_names(9, 8), cells)
}

fn pos(header: &str, cells: &[(&str, char)]) -> Position {
    common::position("alphabrick", header, &board(cells))
}

fn moves(p: &Position) -> BTreeSet<String> {
    common::moves("alphabrick", p)
}

use common::set;

fn after(p: &Position, mv: &str) -> String {
    let e = engine();
    e.to_toml(&common::reached(e.all_moves(p), mv))
}

const NORTH: [(&str, char); 2] = [("a8", 'N'), ("i8", 'N')];

/// The rest of a possible position for the tests that play one south pawn from rank 1 to 3:
/// north's third pawn, two more south pawns, and the 18 bricks, 15 in north's camp and 3 in
/// south's, away from that pawn's lines.
const PARK: [(&str, char); 9] = [
    ("e8", 'N'),
    ("b8", '3'),
    ("c8", '3'),
    ("d8", '3'),
    ("f8", '3'),
    ("g8", '3'),
    ("a1", '3'),
    ("h1", 'S'),
    ("i1", 'S'),
];

/// The moves of the pawn on `cell`.
fn moves_of(p: &Position, cell: &str) -> BTreeSet<String> {
    let from = format!("{cell}-");
    let attack = format!("{cell}x");
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(&from) || m.starts_with(&attack))
        .collect()
}

#[test]
fn a_move_goes_exactly_the_roll_in_a_straight_line_and_pairs_with_every_next_roll() {
    let mut c = vec![("e3", 'S')];
    c.extend(NORTH);
    c.extend(PARK);
    let p = pos("to_move = \"south\"\ndie = 2", &c);
    assert_eq!(
        moves_of(&p, "e3"),
        set(&["e3-c1", "e3-c3", "e3-c5", "e3-e1", "e3-e5", "e3-g1", "e3-g3", "e3-g5"])
    );
    let successors = engine().successor_moves(&p);
    assert_eq!(
        successors
            .iter()
            .filter(|(m, _)| m.starts_with("e3-"))
            .count(),
        8 * 6
    );
    assert_eq!(successors.len(), moves(&p).len() * 6);
    assert!(after(&p, "e3-e5").contains("to_move = \"north\""));
}

#[test]
fn a_one_moves_one_cell_and_rolls_again_a_six_passes() {
    let mut c = vec![("e1", 'S')];
    c.extend(NORTH);
    c.extend(PARK);
    let p = pos("to_move = \"south\"\ndie = 1", &c);
    assert_eq!(
        moves_of(&p, "e1"),
        set(&["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"])
    );
    assert!(after(&p, "e1-e2").contains("to_move = \"south\""));
    let p = pos("to_move = \"south\"\ndie = 6", &c);
    assert_eq!(moves(&p), set(&["pass"]));
    assert!(after(&p, "pass").contains("to_move = \"north\""));
}

#[test]
fn pawns_are_passed_over_bricks_never() {
    let p = pos(
        "to_move = \"south\"\ndie = 3",
        &[
            ("e1", 'S'),
            ("e2", 'N'),
            ("e3", 'S'),
            ("c1", '1'),
            ("i1", 'S'),
            ("a8", 'N'),
            ("e8", 'N'),
            ("b8", '3'),
            ("c8", '3'),
            ("d8", '3'),
            ("f8", '3'),
            ("g8", '3'),
            ("h8", '2'),
        ],
    );
    let m = moves(&p);
    assert!(m.contains("e1-e4"), "over two pawns");
    assert!(
        !m.iter().any(|x| x.starts_with("e1-b1")),
        "never over the brick on c1: {m:?}"
    );
    assert!(m.contains("e1-h1") && m.contains("e1-h4") && m.contains("e1-b4"));
}

#[test]
fn an_attack_sends_the_pawn_back_up_its_column_and_rolls_again() {
    let mut c = vec![
        ("e3", 'S'),
        ("e6", 'N'),
        ("e8", 'N'),
        ("a8", 'N'),
        ("g1", 'S'),
        ("i1", 'S'),
        ("b1", '1'),
        ("c1", '1'),
    ];
    // The central bricks but on the attack's way, e4 and e5.
    let central: Vec<String> = ["4", "5"]
        .iter()
        .flat_map(|r| "abcdfghi".chars().map(move |f| format!("{f}{r}")))
        .collect();
    c.extend(central.iter().map(|x| (x.as_str(), '1')));
    let p = pos("to_move = \"south\"\ndie = 3", &c);
    let t = after(&p, "e3xe6");
    assert!(t.contains("to_move = \"south\""), "{t}");
    assert!(
        t.contains("N . . . N . . . .\n. . . . N . . . .\n. . . . S . . . ."),
        "{t}"
    );
    // A full column: the attack is not allowed. h6 attacks e6 along rank 6; going back from e8,
    // north's pawn finds e8 and e7 taken by its own pawns, e6 by the attacker, e5 and e4 by
    // central bricks, e3 and e2 by south pawns, e1 by a brick of south's camp.
    let mut full = vec![
        ("e8", 'N'),
        ("e7", 'N'),
        ("e6", 'N'),
        ("e3", 'S'),
        ("e2", 'S'),
        ("h6", 'S'),
        ("e1", '1'),
    ];
    let central: Vec<String> = ["4", "5"]
        .iter()
        .flat_map(|r| "abcdefghi".chars().map(move |f| format!("{f}{r}")))
        .filter(|c| c != "a4")
        .collect();
    full.extend(central.iter().map(|x| (x.as_str(), '1')));
    let text = format!(
        "game = \"alphabrick\"\nto_move = \"south\"\ndie = 3\nboard = \"\"\"\n{}\n\"\"\"\n",
        board(&full)
    );
    let (e, p) = Engine::open(&Project::new(common::root()), "t.toml", &text)
        .unwrap_or_else(|d| panic!("{d:?}"));
    assert!(!e.all_moves(&p).iter().any(|(m, _)| m == "h6xe6"));
    // With e1 free (its brick back on a4), the pawn goes back there and the attack is allowed.
    full.retain(|c| c.0 != "e1");
    full.push(("a4", '1'));
    let p = pos("to_move = \"south\"\ndie = 3", &full);
    let t = after(&p, "h6xe6");
    assert!(
        t.ends_with(". . . . S . . . .\n. . . . N . . . .\n\"\"\"\n"),
        "{t}"
    );
}

#[test]
fn bricks_are_carried_home_one_at_a_time_onto_the_least_loaded_free_cells() {
    let p = pos(
        "to_move = \"south\"\ndie = 1",
        &[
            ("c3", 'S'),
            ("c4", '1'),
            ("a1", '1'),
            ("b1", '1'),
            ("c1", '1'),
            ("d1", '1'),
            ("e1", 'S'),
            ("f1", '1'),
            ("g1", '1'),
            ("h1", '1'),
            ("i1", '1'),
            ("a8", 'N'),
            ("e8", 'N'),
            ("h8", 'N'),
            ("g3", 'S'),
            ("a5", '1'),
            ("b5", '1'),
            ("c5", '1'),
            ("d5", '1'),
            ("e5", '1'),
            ("f5", '1'),
            ("g5", '1'),
            ("h5", '1'),
            ("i5", '1'),
        ],
    );
    let m: BTreeSet<String> = moves(&p)
        .into_iter()
        .filter(|x| x.starts_with("c3-c4"))
        .collect();
    let want: BTreeSet<String> = ["a1", "b1", "c1", "d1", "f1", "g1", "h1", "i1"]
        .iter()
        .map(|c| format!("c3-c4 [{c}]"))
        .collect();
    assert_eq!(
        m, want,
        "the pawn's cell e1 is skipped; a second height begins"
    );
    let p = pos(
        "to_move = \"south\"\ndie = 2",
        &[
            ("d6", 'S'),
            ("d8", '2'),
            ("a1", '1'),
            ("b1", '1'),
            ("c1", '1'),
            ("a8", 'N'),
            ("e8", 'N'),
            ("h8", 'N'),
            ("a3", 'S'),
            ("i3", 'S'),
            ("e4", '1'),
            ("f4", '1'),
            ("g4", '1'),
            ("h4", '1'),
            ("a5", '1'),
            ("b5", '1'),
            ("c5", '1'),
            ("d5", '1'),
            ("e5", '1'),
            ("f5", '1'),
            ("g5", '1'),
            ("h5", '1'),
            ("i5", '1'),
        ],
    );
    let m: BTreeSet<String> = engine()
        .all_moves(&p)
        .into_iter()
        .map(|(m, _)| m)
        .filter(|x| x.starts_with("d6-d8"))
        .collect();
    assert!(
        m.contains("d6-d8 [d1,e1]") && m.contains("d6-d8 [e1,d1]") && !m.contains("d6-d8 [a1,d1]"),
        "{m:?}"
    );
    assert_eq!(
        moves(&p).iter().filter(|x| x.starts_with("d6-d8")).count(),
        15,
        "two bricks on two of the six empty cells, in either order: 15 boards"
    );
    // Its own camp's stacks are not taken.
    let mut c = vec![
        ("b3", 'S'),
        ("b1", '1'),
        ("e1", 'S'),
        ("h1", 'S'),
        ("b8", 'N'),
        ("e8", 'N'),
        ("h8", 'N'),
    ];
    let central: Vec<String> = ["4", "5"]
        .iter()
        .flat_map(|r| "abcdefghi".chars().map(move |f| format!("{f}{r}")))
        .filter(|c| c != "a4")
        .collect();
    c.extend(central.iter().map(|x| (x.as_str(), '1')));
    let p = pos("to_move = \"south\"\ndie = 2", &c);
    assert!(!moves(&p).iter().any(|x| x.starts_with("b3-b1")));
}

#[test]
fn the_three_variants_end_and_score() {
    let e = engine();
    let full: Vec<(&str, char)> = vec![
        ("a1", '3'),
        ("b1", '3'),
        ("c1", '3'),
        ("d1", '3'),
        ("f1", '3'),
        ("g1", '3'),
        ("e1", 'S'),
        ("h1", 'S'),
        ("i1", 'S'),
        ("b8", 'N'),
        ("e8", 'N'),
        ("h8", 'N'),
    ];
    let s = e.score(&pos("to_move = \"north\"\nvariant = \"classic\"", &full));
    assert_eq!((s.over, s.winner.as_deref()), (true, Some("south")));
    let s = e.score(&pos(
        "to_move = \"north\"\ndie = 3\nvariant = \"challenge\"",
        &full,
    ));
    assert!(!s.over);
    assert_eq!(
        s.scores,
        vec![("south".to_string(), 25), ("north".to_string(), 0)]
    );
    // Every brick in a camp, south 10, north 8.
    let junior = [
        ("a1", '3'),
        ("b1", '3'),
        ("c1", '3'),
        ("d1", '1'),
        ("b8", '3'),
        ("c8", '3'),
        ("d8", '2'),
        ("e1", 'S'),
        ("h1", 'S'),
        ("i1", 'S'),
        ("a8", 'N'),
        ("e8", 'N'),
        ("h8", 'N'),
    ];
    let s = e.score(&pos("to_move = \"north\"\nvariant = \"junior\"", &junior));
    assert_eq!((s.over, s.winner.as_deref()), (true, Some("south")));
    assert_eq!(
        s.scores,
        vec![("south".to_string(), 10), ("north".to_string(), 8)]
    );
    // A result that ends the game is one successor, without a roll.
    let p = pos(
        "to_move = \"south\"\ndie = 1\nvariant = \"junior\"",
        &[
            ("c3", 'S'),
            ("c4", '1'),
            ("e1", 'S'),
            ("h1", 'S'),
            ("b1", '1'),
            ("c1", '1'),
            ("a8", 'N'),
            ("e8", 'N'),
            ("i8", 'N'),
            ("b8", '3'),
            ("c8", '3'),
            ("d8", '3'),
            ("f8", '3'),
            ("g8", '3'),
        ],
    );
    let t = after(&p, "c3-c4 [a1]");
    assert!(!t.contains("die"), "{t}");
    assert_eq!(
        e.all_moves(&p)
            .iter()
            .filter(|(m, _)| m == "c3-c4 [a1]")
            .count(),
        1
    );
}

#[test]
fn bad_positions_name_their_place() {
    let bad = |text: &str| common::input_error("a.toml", text);
    let b = board(&[("e1", 'S')]);
    assert!(bad(&format!(
        "game = \"alphabrick\"\nto_move = \"south\"\nboard = \"\"\"\n{b}\n\"\"\"\n"
    ))
    .contains("missing key `die`"));
    assert!(bad(&format!(
        "game = \"alphabrick\"\nto_move = \"south\"\ndie = 7\nboard = \"\"\"\n{b}\n\"\"\"\n"
    ))
    .contains("a.toml:3:7: error: `die`: 7 is out of range"));
    let b = b.replacen('.', "4", 1);
    assert!(bad(&format!(
        "game = \"alphabrick\"\nto_move = \"south\"\ndie = 2\nboard = \"\"\"\n{b}\n\"\"\"\n"
    ))
    .starts_with("a.toml:5:1: error: `board`: unknown token `4`"));
}

#[test]
fn playouts_keep_the_invariants() {
    let stats = engine().playouts(2, 5).expect("invariants hold");
    assert_eq!(stats.games, 2);
}
