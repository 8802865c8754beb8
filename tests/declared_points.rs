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
    // A line off the compass, a line drawn twice, a route along no line, an unknown route,
    // a leap.
    let cases = [
        (
            text.replacen("[\"a1\", \"b1\", \"c1\"]", "[\"a1\", \"b3\"]", 1),
            "not along a row",
        ),
        (
            text.replacen(
                "[\"a1\", \"b1\", \"c1\"],",
                "[\"a1\", \"b1\", \"c1\"], [\"b1\", \"c1\"],",
                1,
            ),
            "the line from b1 to c1 is drawn twice",
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
        // A line over a point it does not join; two lines crossing between points; a point
        // given twice; a route of one point, through a point twice, or named in capitals; a
        // route as a line's direction; a drop.
        (
            text.replacen("[\"a1\", \"b1\", \"c1\"],", "[\"a1\", \"c1\"],", 1),
            "passes over b1 without joining it",
        ),
        (
            circuit("points").replacen(
                "lines = [[",
                "lines = [[\"a1\", \"c3\"], [\"c1\", \"a3\"], [",
                1,
            ),
            "crosses the one from a1 to c3",
        ),
        (
            text.replacen("points = [\"a1\",", "points = [\"a1\", \"a1\",", 1),
            "a1 is given twice",
        ),
        (
            circuit("points").replacen(
                "clockwise = [\"a1\", \"a2\", \"a3\", \"b3\", \"c3\", \"c2\", \"c1\", \"b1\", \"a1\"]",
                "clockwise = [\"a1\"]",
                1,
            ),
            "a route goes through two points or more",
        ),
        (
            circuit("points").replacen("\"b1\", \"a1\"] }", "\"b1\", \"a1\", \"a2\"] }", 1),
            "goes through a1 twice",
        ),
        (
            circuit("points")
                .replacen("routes = { clockwise", "routes = { Clockwise", 1)
                .replacen("slide = \"clockwise\"", "slide = \"Clockwise\"", 1),
            "lowercase",
        ),
        (
            circuit("points").replacen(
                "[[end]]\nno_pieces",
                "[[end]]\nline = 3\ndirs = \"clockwise\"\nresult = \"win\"\n[[end]]\nno_pieces",
                1,
            ),
            "is a route, one way round",
        ),
        (
            text.replacen("step = \"adjacent\"", "drop = \"south\"", 1),
            "no columns for a piece to fall along",
        ),
    ];
    for (bad, want) in cases {
        assert_ne!(bad, text, "{want}");
        let e = errors_of("points", &bad);
        assert!(e.iter().any(|e| e.contains(want)), "{want}: {e:?}");
    }
}

/// The nine men's morris board: 24 points, 16 lines of three.
const NINE_BOARD: &str = r#"points = ["a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"]
lines = [
  ["a1", "d1", "g1"], ["b2", "d2", "f2"], ["c3", "d3", "e3"], ["a4", "b4", "c4"],
  ["e4", "f4", "g4"], ["c5", "d5", "e5"], ["b6", "d6", "f6"], ["a7", "d7", "g7"],
  ["a1", "a4", "a7"], ["b2", "b4", "b6"], ["c3", "c4", "c5"], ["d1", "d2", "d3"],
  ["d5", "d6", "d7"], ["e3", "e4", "e5"], ["f2", "f4", "f6"], ["g1", "g4", "g7"],
]"#;

/// Nine men's morris: nine men placed, then moved along the lines (flying with three); a mill
/// through the point reached takes an enemy man outside the mills while there is one.
const NINE_RULES: &str = r#"
[turns]
sides = ["white", "black"]
[[kind]]
id = "man"
tokens = { white = "W", black = "B" }
[start]
hand = { white = 9, black = 9 }
[[phase]]
id = "place"
until = "hands-empty"
[[phase]]
id = "move"
until = "hands-empty"
[[move]]
id = "place"
place = "empty"
phase = "place"
then = [{ remove = "enemy", when_line = 3, spare_lines = true }]
[[move]]
id = "slide"
step = "adjacent"
phase = "move"
then = [{ remove = "enemy", when_line = 3, spare_lines = true }]
[[move]]
id = "fly"
anywhere = true
pieces_at_most = 3
phase = "move"
then = [{ remove = "enemy", when_line = 3, spare_lines = true }]
[[end]]
phase = "move"
pieces = 2
result = "loss"
[[end]]
no_moves = true
result = "loss"
"#;

fn nine(id: &str) -> String {
    points_game(id, NINE_BOARD, NINE_RULES).replace("cols = 3\nrows = 3", "cols = 7\nrows = 7")
}

/// A nine men's morris position: rows top first (3, 3, 3, 6, 3, 3, 3 points), white to move.
fn nine_position(
    r: &Declared,
    rows: &str,
    hands: (u32, u32),
    phase: &str,
) -> ludopress::rules::declared::DPos {
    let text = format!(
        "game = \"points\"\nto_move = \"white\"\nphase = \"{phase}\"\nhand = {{ white = {}, black = {} }}\nboard = \"\"\"\n{rows}\n\"\"\"\n",
        hands.0, hands.1
    );
    let (_, raw) = rules::raw("p.toml", &text).unwrap();
    rules::load(r, raw).unwrap_or_else(|e| panic!("{e:?}\n{text}"))
}

#[test]
fn nine_mens_morris_mills_take_a_man_as_an_independent_perft_counts() {
    // morris_count.py's positions and counts.
    let r = engine(&nine("points"));
    let start = r.start(0);
    for (d, n) in [24, 552, 12144, 255024].into_iter().enumerate() {
        assert_eq!(
            rules::perft(&r, &start, d as u32 + 1),
            n,
            "start, depth {}",
            d + 1
        );
    }
    let cases = [
        (
            "B . .\nB B B\n. . .\n. . B . . .\n. . .\n. . .\nW W .",
            (3, 3),
            "place",
            [18, 290, 4924],
        ),
        (
            "B B B\n. . .\nB . W\nW . . . . B\n. . W\n. W .\nW . W",
            (0, 0),
            "move",
            [12, 47, 524],
        ),
        (
            "B . B\n. B .\n. . .\nW . . . . B\n. . .\n. W .\n. . W",
            (0, 0),
            "move",
            [51, 466, 16752],
        ),
    ];
    for (rows, hands, phase, counts) in cases {
        let p = nine_position(&r, rows, hands, phase);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                rules::perft(&r, &p, d as u32 + 1),
                n,
                "depth {}\n{rows}",
                d + 1
            );
        }
    }
}

#[test]
fn a_mill_takes_a_man_outside_the_mills_and_is_written_after_the_move() {
    let r = engine(&nine("points"));
    let rows = "B B B\n. . .\nB . W\nW . . . . B\n. . W\n. W .\nW . W";
    let p = nine_position(&r, rows, (0, 0), "move");
    let mut mills: Vec<String> = r
        .moves(&p)
        .into_iter()
        .map(|(m, _)| m)
        .filter(|m| m.starts_with("d2-d1"))
        .collect();
    mills.sort();
    // a7, d7 and g7 stand in black's mill: only c5 and g4 may be taken.
    assert_eq!(mills, ["d2-d1/xc5", "d2-d1/xg4"]);
    let q = r.find_move(&p, "d2-d1/xg4").expect("the mill");
    let file = rules::to_toml(r.id(), &r.fields(&q));
    assert!(file.contains("W . . . . .\n"), "{file}");
    // The moves of this position round trip through `moves` and `play`, by a scratch project
    // whose start is this position.
    let moves = written_moves(&r, &p);
    let text = nine("cards").replace(
        "[start]\nhand = { white = 9, black = 9 }",
        &format!("[start]\nhand = {{ white = 0, black = 0 }}\nboard = \"\"\"\n{rows}\n\"\"\""),
    );
    through_commands("morris-commands", &text, &moves, "d2-d1/xc5");
}

#[test]
fn a_route_s_error_is_placed_at_the_route_and_a_line_s_at_the_line() {
    let bad = circuit("points").replacen("\"b1\", \"a1\"] }", "\"b1\", \"a1\", \"a2\"] }", 1);
    let route_line = bad.lines().position(|l| l.starts_with("routes")).unwrap() + 1;
    let e = errors_of("points", &bad);
    assert!(
        e.iter()
            .any(|e| e.contains(&format!("game.toml:{route_line}:")) && e.contains("twice")),
        "{e:?}"
    );
    // One error for one mistake: not a second one at the start board's rows.
    assert_eq!(e.len(), 1, "{e:?}");
    let bad = morris("points").replacen("[\"a2\", \"b2\", \"c2\"]", "[\"a2\", \"c3\"]", 1);
    let line = bad
        .lines()
        .position(|l| l.contains("[\"a2\", \"c3\"]"))
        .unwrap()
        + 1;
    let e = errors_of("points", &bad);
    assert!(
        e.iter()
            .any(|e| e.contains(&format!("game.toml:{line}:")) && e.contains("not along")),
        "{e:?}"
    );
    assert_eq!(e.len(), 1, "{e:?}");
}

#[test]
fn a_game_with_dice_names_each_move_once_whatever_the_roll() {
    // `playout --check` asks this of every ply: with dice, `moves` lists a move once a roll,
    // all written alike, and that is still one move.
    let text =
        std::fs::read_to_string(crate::common::root().join("games/alphabrick-declared/game.toml"))
            .unwrap()
            .replacen("id = \"alphabrick-declared\"", "id = \"points\"", 1);
    let r = engine(&text);
    let mut p = r.start(3);
    let mut rng = ludopress::rules::rng::Rng::new(5);
    let mut buf = Vec::new();
    for _ in 0..150 {
        rules::notation_names_one_move(&r, &p).unwrap();
        match rules::random_ply(&r, &p, &mut rng, &mut buf) {
            Some(q) => p = q,
            None => break,
        }
    }
}
