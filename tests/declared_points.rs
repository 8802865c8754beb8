//! Boards of points and lines (`grid = "points"`): three men's morris on nine points joined
//! along rows, columns and the two long diagonals (no line from b1 towards a2), and a circuit of
//! eight points whose runners go round by a direction the designer names (`routes`), with perft
//! counted without ludopress (`tests/fixtures/declared/independent/points_count.py`). The printed
//! board draws the lines the engine moves along.

use crate::common::declared::{errors_of, game_of, through_commands, written_moves};
use ludopress::rules::declared::Declared;
use ludopress::rules::{self, Rules};
use ludopress::scene::Flat;

/// A game on a board of points of a 3 × 3 lattice: its `points`, `lines`, more board keys, and
/// the rules.
fn points_game(id: &str, board: &str, body: &str) -> String {
    format!(
        "[game]\nid = \"{id}\"\ntitle = \"{id}\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n\
         [[board]]\nid = \"board\"\nname = \"Board\"\ngrid = \"points\"\ncols = 3\nrows = 3\ncell = 20.0\nfill = \"cream\"\nline = \"ink\"\nframe = \"wood\"\n{board}\n{body}"
    )
}

/// Three men's morris: its nine points and eight lines.
const MORRIS_BOARD: &str = r#"points = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
lines = [
  ["a1", "b1", "c1"], ["a2", "b2", "c2"], ["a3", "b3", "c3"],
  ["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"],
  ["a1", "b2", "c3"], ["c1", "b2", "a3"],
]"#;

/// Three men a side placed one a ply, then moved along a line to the next point; three on a
/// line win.
const MORRIS_RULES: &str = r#"
[turns]
sides = ["white", "black"]
[[kind]]
id = "man"
tokens = { white = "W", black = "B" }
[start]
hand = { white = 3, black = 3 }
[[phase]]
id = "place"
until = "hands-empty"
[[phase]]
id = "move"
until = "hands-empty"
[[move]]
place = "empty"
phase = "place"
[[move]]
step = "adjacent"
phase = "move"
[[end]]
line = 3
result = "win"
[[end]]
no_moves = true
result = "loss"
"#;

/// The eight points round a 3 × 3 lattice, in a ring, and its clockwise route.
const CIRCUIT_BOARD: &str = r#"points = ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
lines = [["a1", "a2", "a3", "b3", "c3", "c2", "c1", "b1", "a1"]]
routes = { clockwise = ["a1", "a2", "a3", "b3", "c3", "c2", "c1", "b1", "a1"] }"#;

/// Runners go clockwise one or two points, taking an enemy runner they land on.
const CIRCUIT_RULES: &str = r#"
[turns]
sides = ["white", "black"]
[[kind]]
id = "runner"
tokens = { white = "W", black = "B" }
[start]
board = """
B . W
. .
W . B
"""
[[move]]
slide = "clockwise"
max = 2
to = "empty-or-enemy"
[[end]]
no_pieces = true
result = "loss"
[[end]]
no_moves = true
result = "loss"
"#;

fn morris(id: &str) -> String {
    points_game(id, MORRIS_BOARD, MORRIS_RULES)
}

fn circuit(id: &str) -> String {
    points_game(id, CIRCUIT_BOARD, CIRCUIT_RULES)
}

fn engine(text: &str) -> Declared {
    Declared::new(&game_of("points", text)).unwrap()
}

/// `points_count.py`'s counts, depths 1 to 6 (morris) and 1 to 8 (circuit).
const MORRIS_PERFT: [u64; 6] = [9, 72, 504, 3024, 15120, 54720];
const CIRCUIT_PERFT: [u64; 8] = [4, 12, 36, 94, 268, 612, 1598, 3722];

#[test]
fn three_mens_morris_on_its_points_matches_an_independent_perft() {
    let r = engine(&morris("points"));
    let p = r.start(0);
    for (d, &n) in MORRIS_PERFT.iter().enumerate() {
        assert_eq!(rules::perft(&r, &p, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn a_route_the_designer_names_is_a_direction_and_matches_an_independent_perft() {
    let r = engine(&circuit("points"));
    let p = r.start(0);
    for (d, &n) in CIRCUIT_PERFT.iter().enumerate() {
        assert_eq!(rules::perft(&r, &p, d as u32 + 1), n, "depth {}", d + 1);
    }
    // White's runners on c3 and a1 go clockwise only: to c2, c1 (black: taken), a2, a3 (taken).
    let mut moves: Vec<String> = r.moves(&p).into_iter().map(|(m, _)| m).collect();
    moves.sort();
    assert_eq!(moves, ["a1-a2", "a1xa3", "c3-c2", "c3xc1"]);
}

#[test]
fn points_move_only_along_drawn_lines() {
    let r = engine(&morris("points"));
    // Placed: white a1 b1 c2, black a3 b3 c3 (white cannot make a line in one move from here
    // but along a line: b1's lines go to a1, c1 and b2 only, never to a2 or c2).
    let text = "game = \"points\"\nto_move = \"white\"\nphase = \"move\"\nhand = { white = 0, black = 0 }\nboard = \"\"\"\nB B B\n. . W\nW W .\n\"\"\"\n";
    let (_, raw) = rules::raw("p.toml", text).unwrap();
    // Black already has a line: that position is over, and read as black's win.
    let over = rules::load(&r, raw).map(|p| r.score(&p));
    assert!(
        matches!(&over, Ok(s) if s.over && s.winner.as_deref() == Some("black")),
        "{over:?}"
    );
    let text = text.replace("B B B\n. . W\nW W .", "B . B\n. B W\nW W .");
    let (_, raw) = rules::raw("p.toml", &text).unwrap();
    let p = rules::load(&r, raw).unwrap();
    let mut moves: Vec<String> = r.moves(&p).into_iter().map(|(m, _)| m).collect();
    moves.sort();
    // a1: a2 (b2 is black's); b1: c1; c2: c1. Not b1-a2, b1-c2, c2-b3 (no such lines).
    assert_eq!(moves, ["a1-a2", "b1-c1", "c2-c1"]);
}

#[test]
fn the_printed_board_draws_the_lines_the_engine_follows() {
    let game = game_of("points", &morris("points"));
    let board = &game.boards[0];
    let flat = ludopress::layout::board::draw(board).flatten();
    // 16 segments (8 lines of 2), and a disc on each of the 9 points.
    let strokes_only = flat
        .iter()
        .filter(|f| matches!(f, Flat::Path(p) if p.fill.is_none() && p.stroke.is_some()))
        .count();
    let discs = flat
        .iter()
        .filter(|f| matches!(f, Flat::Path(p) if p.fill == Some(board.line)))
        .count();
    assert_eq!((strokes_only, discs), (16, 9));
    assert_eq!(board.written_rows().concat().len(), 9);
}

#[test]
fn points_round_trip_through_moves_and_play() {
    let r = engine(&circuit("points"));
    let p = r.start(0);
    let moves = written_moves(&r, &p);
    let typed = moves[1].0.clone();
    through_commands("points-commands", &circuit("cards"), &moves, &typed);
}

#[test]
fn a_board_of_points_is_checked_where_it_is_written() {
    let text = morris("points");
    // A line off the compass, a point twice one way, a route along no line, an unknown
    // route, a leap.
    let cases = [
        (
            text.replacen("[\"a1\", \"b1\", \"c1\"]", "[\"a1\", \"b3\"]", 1),
            "not along a row",
        ),
        (
            text.replacen(
                "[\"a1\", \"b1\", \"c1\"],",
                "[\"a1\", \"b1\", \"c1\"], [\"a1\", \"c1\"],",
                1,
            ),
            "two lines leave a1 the same way",
        ),
        (
            circuit("points").replacen(
                "clockwise = [\"a1\", \"a2\"",
                "clockwise = [\"a1\", \"b2\"",
                1,
            ),
            "b2 is not one of the `points`",
        ),
        (
            circuit("points").replacen("slide = \"clockwise\"", "slide = \"clockwize\"", 1),
            "did you mean `clockwise`?",
        ),
        (
            text.replacen("step = \"adjacent\"", "leap = [[1, 2]]", 1),
            "a board of points has no offsets",
        ),
    ];
    for (bad, want) in cases {
        assert_ne!(bad, text);
        let e = errors_of("points", &bad);
        assert!(e.iter().any(|e| e.contains(want)), "{want}: {e:?}");
    }
}
