//! Boards with holes (`[[board]] holes`): fox and geese on the cross of 33 cells (a 7 × 7 grid
//! less its four 2 × 2 corners), the fox's chains of jumps, and the fox's win when 3 geese or
//! fewer are left, with perft counted without ludopress
//! (`tests/fixtures/declared/independent/cross_count.py`). The printed board and the engine's
//! are the one definition: the drawing has no cell where the engine has none.

use crate::common::declared::{errors_of, game_of, square_game, through_commands, written_moves};
use ludopress::rules::declared::Declared;
use ludopress::rules::{self, Rules};
use ludopress::scene::Flat;

const HOLES: &str = r#"holes = ["a1", "a2", "b1", "b2", "f1", "f2", "g1", "g2", "a6", "a7", "b6", "b7", "f6", "f7", "g6", "g7"]"#;

const RULES: &str = r#"
[turns]
sides = ["geese", "fox"]
[[kind]]
id = "goose"
tokens = { geese = "G", fox = "g" }
[[kind]]
id = "fox"
tokens = { geese = "f", fox = "F" }
[[move]]
piece = "goose"
step = ["south", "east", "west"]
[[move]]
piece = "fox"
step = "orthogonal"
[[move]]
piece = "fox"
hop = "orthogonal"
over = "enemy"
capture = true
chain = true
[[end]]
pieces = 3
kind = "goose"
result = "loss"
[[end]]
no_moves = true
result = "loss"
"#;

const START: &str = "G G G\nG G G\nG G G G G G G\n. . . . . . .\n. . . . . . .\n. F .\n. . .";
const NEAR: &str = ". . .\n. . .\n. . . . . . .\n. . G . G . .\n. . . F . . .\nG G .\n. . .";

fn text(id: &str, board: &str) -> String {
    text_of(id, board, RULES)
}

/// The game with its fox's chains free to stop after any jump (`stop = "any"`).
fn stop_any() -> String {
    let chain = "chain = true\n";
    assert!(RULES.contains(chain));
    RULES.replace(chain, "chain = true\nstop = \"any\"\n")
}

fn text_of(id: &str, board: &str, rules: &str) -> String {
    square_game(
        id,
        7,
        7,
        &format!("{HOLES}\n"),
        &format!("{rules}[start]\nboard = \"\"\"\n{board}\n\"\"\"\n"),
    )
}

fn engine(board: &str) -> Declared {
    Declared::new(&game_of("cross", &text("cross", board))).unwrap()
}

/// `cross_count.py`'s counts, depths 1 to 5.
const PERFT: [(&str, [u64; 5]); 2] = [
    (START, [7, 28, 303, 979, 11615]),
    (NEAR, [9, 36, 201, 772, 4773]),
];

#[test]
fn a_board_with_holes_matches_an_independent_perft() {
    for (board, counts) in PERFT {
        let r = engine(board);
        let p = r.start(0);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                rules::perft(&r, &p, d as u32 + 1),
                n,
                "depth {}\n{board}",
                d + 1
            );
        }
    }
}

#[test]
fn chains_that_may_stop_after_any_jump_match_an_independent_perft() {
    // cross_count.py, `any`: the counts part from the others' where a second jump was there.
    for (board, counts) in [
        (START, [7, 28, 303, 987, 11695]),
        (NEAR, [9, 36, 201, 786, 4773]),
    ] {
        let r = Declared::new(&game_of("cross", &text_of("cross", board, &stop_any()))).unwrap();
        let p = r.start(0);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                rules::perft(&r, &p, d as u32 + 1),
                n,
                "depth {}\n{board}",
                d + 1
            );
        }
    }
    let e = errors_of(
        "cross",
        &text_of(
            "cross",
            START,
            &stop_any().replace("stop = \"any\"", "stop = \"soon\""),
        ),
    );
    assert!(e.iter().any(|e| e.contains("soon")), "{e:?}");
}

#[test]
fn nothing_enters_or_crosses_a_hole_and_positions_leave_them_out() {
    let r = engine(START);
    let p = r.start(0);
    let file = rules::to_toml(r.id(), &r.fields(&p));
    // Rows of 3, 3, 7, 7, 7, 3, 3 cells.
    let widths: Vec<usize> = r
        .fields(&p)
        .iter()
        .find_map(|(k, f)| match (k, f) {
            (&"board", rules::Field::Board(b)) => Some(b.rows.iter().map(Vec::len).collect()),
            _ => None,
        })
        .unwrap();
    assert_eq!(widths, [3, 3, 7, 7, 7, 3, 3], "{file}");
    // The geese on a5 and g5 cannot step west of a5 nor south into the holes a4.. (a4 is a
    // cell: rows 3 to 5 are whole); no move names a hole.
    let holes = [
        "a1", "a2", "b1", "b2", "f1", "f2", "g1", "g2", "a6", "a7", "b6", "b7", "f6", "f7", "g6",
        "g7",
    ];
    let mut q = p.clone();
    for _ in 0..6 {
        for (m, s) in r.moves(&q) {
            for h in holes {
                assert!(!m.split(['-', 'x']).any(|c| c == h), "{m}");
            }
            q = s;
        }
    }
    // A position with a piece on a hole's place cannot be written: its rows are too long.
    let long = file.replace("\n. F .\n", "\n. . F . .\n");
    let (_, raw) = rules::raw("p.toml", &long).unwrap();
    assert!(rules::load(&r, raw).is_err(), "{long}");
}

#[test]
fn the_fox_wins_when_three_geese_are_left() {
    let r = engine(NEAR);
    let p = r.start(0);
    // Geese to move: c4-b4, then the fox takes d2 (d3xd1): 3 geese left.
    let q = r.find_move(&p, "c4-b4").expect("c4-b4");
    let end = r.find_move(&q, "d3xd1").expect("the fox jumps d2");
    let s = r.score(&end);
    assert_eq!(
        (s.over, s.winner.as_deref()),
        (true, Some("fox")),
        "{:?}",
        s
    );
}

#[test]
fn the_printed_board_has_no_cell_where_the_engine_has_none() {
    let game = game_of("cross", &text("cross", START));
    let board = &game.boards[0];
    assert_eq!(board.holes.len(), 16);
    assert_eq!(board.written_rows().concat().len(), 33);
    // The drawing fills 33 cells of the board's colour: none at the holes.
    let filled = ludopress::layout::board::draw(board)
        .flatten()
        .iter()
        .filter(|f| matches!(f, Flat::Path(p) if p.fill == Some(board.fill)))
        .count();
    assert_eq!(filled, 33);
}

#[test]
fn holes_round_trip_through_moves_and_play_and_are_checked() {
    let r = engine(START);
    let p = r.start(0);
    let moves = written_moves(&r, &p);
    let typed = moves[2].0.clone();
    through_commands("cross-commands", &text("cards", START), &moves, &typed);
    let e = errors_of("cross", &text("cross", START).replace("\"g7\"]", "\"h9\"]"));
    assert!(e.iter().any(|e| e.contains("no cell `h9`")), "{e:?}");
}
