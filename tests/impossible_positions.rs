//! Positions that cannot arise in play are refused as bad input, each at its place and with its
//! reason (the "Impossible" paragraphs of shared/spec/imbriqua.md, imperator.md and
//! alphabrick.md, and the alternation of turns in Lignes); a possible position beside each is
//! still accepted.

use crate::common;

use common::{accepted, refused_at};

// ---------------------------------------------------------------------------------------------
// Imbriqua: line 1 `game`, then the header lines, then `board = """` and ranks 8 to 1.

fn imbriqua(header: &[&str], pawns: &[(&str, char)]) -> String {
    imbriqua_board(header, &common::board(&common::square_names(8, 8), pawns))
}

fn imbriqua_board(header: &[&str], board: &str) -> String {
    format!(
        "game = \"imbriqua\"\n{}\nboard = \"\"\"\n{board}\n\"\"\"\n",
        header.join("\n")
    )
}

/// Every inner cell (files b to g, ranks 2 to 7) with a dark pawn, and the given pawns.
fn inner_full(extra: &[(&'static str, char)]) -> String {
    let names: Vec<String> = (b'b'..=b'g')
        .flat_map(|f| (2..=7).map(move |r| format!("{}{r}", f as char)))
        .collect();
    let mut pawns: Vec<(&str, char)> = names.iter().map(|c| (c.as_str(), 'D')).collect();
    pawns.extend_from_slice(extra);
    common::board(&common::square_names(8, 8), &pawns)
}

const ACTION: [&str; 4] = [
    "to_move = \"light\"",
    "phase = \"action\"",
    "card = \"far-jump-orth\"",
    "deck = [\"place-two\"]",
];

#[test]
fn imbriqua_an_action_with_no_last_placed_while_a_cell_is_empty_is_refused() {
    let pawns = [("d4", 'L'), ("d5", 'D')];
    // A red card: no pawn would act, but a pawn was placed since a cell was empty.
    refused_at(
        "p.toml",
        &imbriqua(&ACTION, &pawns),
        "3:9",
        "`last_placed` is absent but the board has 62 empty cells: a pawn is placed every turn while a cell is empty",
    );
    // A green card too, and with a single empty cell.
    let green = ACTION.map(|l| l.replace("far-jump-orth", "step-orth"));
    let green: Vec<&str> = green.iter().map(String::as_str).collect();
    refused_at(
        "p.toml",
        &imbriqua(&green, &pawns),
        "3:9",
        "`last_placed` is absent",
    );
    let one_empty = "LDLDLDLD\n".repeat(8).replacen('L', ".", 1);
    refused_at(
        "p.toml",
        &imbriqua_board(&ACTION, one_empty.trim_end()),
        "3:9",
        "the board has 1 empty cell:",
    );
    // Possible: the pawn placed this turn named; a full board, where no pawn could be placed.
    let mut named = ACTION.to_vec();
    named.push("last_placed = \"d4\"");
    accepted("p.toml", &imbriqua(&named, &pawns));
    let full = "LDLDLDLD\n".repeat(8);
    let (e, p) = accepted("p.toml", &imbriqua_board(&ACTION, full.trim_end()));
    assert_eq!(e.successor_moves(&p).len(), 32, "the red card's penalty");
}

#[test]
fn imbriqua_last_placed_on_a_cell_without_a_pawn_of_the_side_to_move_is_refused() {
    let pawns = [("d4", 'L'), ("d5", 'D')];
    for cell in ["d5", "e4"] {
        let mut header = ACTION.to_vec();
        let line = format!("last_placed = \"{cell}\"");
        header.push(&line);
        refused_at(
            "p.toml",
            &imbriqua(&header, &pawns),
            "6:15",
            &format!("`last_placed`: `{cell}` does not hold a light pawn: it names the pawn light placed this turn"),
        );
    }
}

#[test]
fn imbriqua_last_placed_on_the_edge_while_an_inner_cell_is_empty_is_refused() {
    let mut header = ACTION.to_vec();
    header.push("last_placed = \"a1\"");
    refused_at(
        "p.toml",
        &imbriqua(&header, &[("a1", 'L'), ("d4", 'L'), ("d5", 'D')]),
        "6:15",
        "`last_placed`: `a1` is an edge cell but 34 inner cells are empty: a pawn goes on the edge only when no inner cell is empty",
    );
    // One inner cell left empty is enough to refuse it.
    let board = inner_full(&[("a1", 'L')]).replacen('D', ".", 1);
    refused_at(
        "p.toml",
        &imbriqua_board(&header, &board),
        "6:15",
        "but 1 inner cell is empty",
    );
    // Possible: every inner cell taken, so the pawn went on the edge.
    accepted(
        "p.toml",
        &imbriqua_board(&header, &inner_full(&[("a1", 'L')])),
    );
}

const OPENING: [&str; 2] = ["to_move = \"light\"", "phase = \"opening\""];

#[test]
fn imbriqua_an_opening_with_no_pawn_left_is_refused() {
    let mut header = OPENING.to_vec();
    header.push("opening_left = 0");
    refused_at(
        "p.toml",
        &imbriqua(&header, &[]),
        "4:16",
        "phase `opening` needs `opening_left` of 1 or more: the opening ends as its last pawn is placed",
    );
    // No `opening_left` at all: the place is the phase.
    refused_at(
        "p.toml",
        &imbriqua(&OPENING, &[]),
        "3:9",
        "phase `opening` needs `opening_left` of 1 or more",
    );
}

#[test]
fn imbriqua_more_opening_pawns_than_empty_cells_is_refused() {
    // Two empty cells: a8 and b8.
    let board = "LDLDLDLD\n".repeat(8).replacen("LD", "..", 1);
    let mut header = OPENING.to_vec();
    header.push("opening_left = 3");
    refused_at(
        "p.toml",
        &imbriqua_board(&header, board.trim_end()),
        "4:16",
        "`opening_left`: 3 pawns left to place but the board has 2 empty cells: each opening pawn goes on an empty cell",
    );
    // Possible: as many pawns left as empty cells.
    header[2] = "opening_left = 2";
    let (e, p) = accepted("p.toml", &imbriqua_board(&header, board.trim_end()));
    assert_eq!(e.successor_moves(&p).len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Imperator: line 1 `game`, 2 `to_move`, 3 `in_hand`, 4 `board = """`, then rows f (line 5) to a
// (line 10); the k-th cell of a row is at column 2k - 1.

const ROWS: [(char, usize); 6] = [('f', 7), ('e', 9), ('d', 11), ('c', 11), ('b', 9), ('a', 7)];

fn imperator(to_move: &str, hand: (u8, u8), pawns: &[(&str, char)]) -> String {
    let names: Vec<Vec<String>> = ROWS
        .iter()
        .map(|(l, n)| (1..=*n).map(|i| format!("{l}{i}")).collect())
        .collect();
    format!(
        "game = \"imperator\"\nto_move = \"{to_move}\"\nin_hand = {{ red = {}, white = {} }}\nboard = \"\"\"\n{}\n\"\"\"\n",
        hand.0,
        hand.1,
        common::board(&names, pawns)
    )
}

/// The first `n` cells, row by row from the top.
fn first_cells(n: usize) -> Vec<String> {
    ROWS.iter()
        .flat_map(|(l, k)| (1..=*k).map(move |i| format!("{l}{i}")))
        .take(n)
        .collect()
}

fn red_on(cells: &[String]) -> Vec<(&str, char)> {
    cells.iter().map(|c| (c.as_str(), 'R')).collect()
}

#[test]
fn imperator_more_than_twenty_pawns_are_refused() {
    // 21 on the board: the place is the board.
    let cells = first_cells(21);
    refused_at(
        "p.toml",
        &imperator("red", (0, 0), &red_on(&cells)),
        "4:9",
        "21 pawns on the board: the game has 20 (10 a side)",
    );
    // 16 on the board and 3 + 3 in hand: the place is the hands.
    let cells = first_cells(16);
    refused_at(
        "p.toml",
        &imperator("red", (3, 3), &red_on(&cells)),
        "3:11",
        "22 pawns on the board and in hand: the game has 20 (10 a side)",
    );
    // Possible: 20 on the board, or 14 and 3 + 3 in hand.
    accepted(
        "p.toml",
        &imperator("red", (0, 0), &red_on(&first_cells(20))),
    );
    accepted(
        "p.toml",
        &imperator("red", (3, 3), &red_on(&first_cells(14))),
    );
}

#[test]
fn imperator_a_group_of_the_side_to_move_standing_encircled_is_refused() {
    // d5 with red on its three sides (d4, d6, c5), white to move: red's ply would have turned it.
    let ring = [("d5", 'W'), ("d4", 'R'), ("d6", 'R'), ("c5", 'R')];
    refused_at(
        "p.toml",
        &imperator("white", (0, 0), &ring),
        "7:9",
        "the white pawn on d5 stands encircled by red: red's last ply would have turned it over",
    );
    // A group of two, named at its first cell.
    let group = [
        ("d5", 'W'),
        ("d6", 'W'),
        ("c5", 'R'),
        ("d4", 'R'),
        ("e5", 'R'),
        ("d7", 'R'),
    ];
    refused_at(
        "p.toml",
        &imperator("white", (0, 0), &group),
        "7:9",
        "the white group d5, d6 stands encircled by red",
    );
    // The border: f2's top side is a hole, acting as red.
    refused_at(
        "p.toml",
        &imperator("white", (0, 0), &[("f2", 'W'), ("f1", 'R'), ("f3", 'R')]),
        "5:3",
        "the white pawn on f2 stands encircled by red",
    );
    // f1's border side is plain, acting as white: red there between two white pawns, red to move.
    refused_at(
        "p.toml",
        &imperator("red", (0, 0), &[("f1", 'R'), ("f2", 'W'), ("e2", 'W')]),
        "5:1",
        "the red pawn on f1 stands encircled by white: white's last ply would have turned it over",
    );
    // In the place phase as well.
    refused_at(
        "p.toml",
        &imperator("white", (7, 8), &ring),
        "7:9",
        "the white pawn on d5 stands encircled by red",
    );
    // Possible: red to move, white having just placed into the ring; f4, whose top side is plain,
    // between two red pawns; a ring with a gap.
    accepted("p.toml", &imperator("red", (0, 0), &ring));
    accepted("p.toml", &imperator("red", (8, 8), &ring));
    accepted(
        "p.toml",
        &imperator("white", (0, 0), &[("f4", 'W'), ("f3", 'R'), ("f5", 'R')]),
    );
    accepted("p.toml", &imperator("white", (0, 0), &ring[..3]));
}

#[test]
fn imperator_hands_that_alternation_cannot_give_are_refused() {
    let pawns = [("d5", 'W'), ("d6", 'R'), ("c5", 'R')];
    refused_at(
        "p.toml",
        &imperator("red", (8, 9), &pawns),
        "3:11",
        "`in_hand`: red holds 8 and white 9 with red to move: red places first and the sides alternate, so with red to move both hands are equal",
    );
    refused_at(
        "p.toml",
        &imperator("red", (0, 1), &pawns),
        "3:11",
        "so with red to move both hands are equal",
    );
    for hand in [(7, 6), (7, 7), (5, 7)] {
        refused_at(
            "p.toml",
            &imperator("white", hand, &pawns),
            "3:11",
            "so with white to move white holds one more than red",
        );
    }
    // Possible: equal hands for red, one more for white, and any board once the hands are empty.
    accepted("p.toml", &imperator("red", (8, 8), &pawns));
    accepted("p.toml", &imperator("white", (7, 8), &pawns));
    accepted("p.toml", &imperator("white", (0, 1), &pawns));
    accepted("p.toml", &imperator("white", (0, 0), &pawns));
}

// ---------------------------------------------------------------------------------------------
// Alpha-BRIK: line 1 `game`, 2 `to_move`, 3 `die`, 4 `board = """`, then ranks 8 (line 5) to 1
// (line 12); file a is column 1, b column 3, ...

/// The starting board with some cells changed.
fn alphabrick(changes: &[(&str, char)]) -> String {
    let mut rows: Vec<Vec<char>> = [
        ". N . . N . . N .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "1 1 1 1 1 1 1 1 1",
        "1 1 1 1 1 1 1 1 1",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". S . . S . . S .",
    ]
    .iter()
    .map(|r| r.split(' ').map(|t| t.chars().next().unwrap()).collect())
    .collect();
    for (cell, token) in changes {
        let file = (cell.as_bytes()[0] - b'a') as usize;
        let rank: usize = cell[1..].parse().unwrap();
        rows[8 - rank][file] = *token;
    }
    let board: Vec<String> = rows
        .iter()
        .map(|r| r.iter().map(char::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    format!(
        "game = \"alphabrick\"\nto_move = \"south\"\ndie = 2\nboard = \"\"\"\n{}\n\"\"\"\n",
        board.join("\n")
    )
}

#[test]
fn alphabrick_bricks_outside_the_camps_and_the_central_rows_are_refused() {
    refused_at(
        "p.toml",
        &alphabrick(&[("c5", '.'), ("c3", '1')]),
        "10:5",
        "`board`: a brick on c3, outside the camps and the central rows",
    );
    refused_at(
        "p.toml",
        &alphabrick(&[("c5", '.'), ("d5", '.'), ("g6", '2')]),
        "7:13",
        "`board`: a stack of 2 bricks on g6, outside the camps and the central rows",
    );
    // Possible: the brick carried to a camp.
    accepted("p.toml", &alphabrick(&[("c5", '.'), ("c1", '1')]));
    accepted("p.toml", &alphabrick(&[("c5", '.'), ("c8", '1')]));
}

#[test]
fn alphabrick_a_stack_on_a_central_cell_is_refused() {
    refused_at(
        "p.toml",
        &alphabrick(&[("c4", '2'), ("d4", '.')]),
        "9:5",
        "`board`: a stack of 2 bricks on c4, a cell of the central rows: they start with one brick a cell, and bricks are never put back there",
    );
    refused_at(
        "p.toml",
        &alphabrick(&[("i5", '3'), ("g5", '.'), ("h5", '.')]),
        "8:17",
        "a stack of 3 bricks on i5",
    );
    // Possible: stacks of 2 and 3 in the camps.
    accepted(
        "p.toml",
        &alphabrick(&[
            ("c4", '.'),
            ("d4", '.'),
            ("a1", '2'),
            ("e5", '.'),
            ("f5", '.'),
            ("g5", '.'),
            ("i8", '3'),
        ]),
    );
}

#[test]
fn alphabrick_a_side_with_other_than_three_pawns_is_refused() {
    refused_at(
        "p.toml",
        &alphabrick(&[("h1", '.')]),
        "4:9",
        "`board`: south has 2 pawns: each side has 3",
    );
    refused_at(
        "p.toml",
        &alphabrick(&[("e6", 'N')]),
        "4:9",
        "`board`: north has 4 pawns: each side has 3",
    );
    // Possible: the pawn elsewhere on the board.
    accepted("p.toml", &alphabrick(&[("h1", '.'), ("h3", 'S')]));
}

#[test]
fn alphabrick_a_brick_count_other_than_the_games_is_refused() {
    refused_at(
        "p.toml",
        &alphabrick(&[("e5", '.')]),
        "4:9",
        "`board`: 17 bricks on the board: the game has 18, and bricks are never added or removed",
    );
    refused_at(
        "p.toml",
        &alphabrick(&[("a1", '1')]),
        "4:9",
        "`board`: 19 bricks on the board: the game has 18",
    );
    // Possible: 18, one of them carried to a camp.
    accepted("p.toml", &alphabrick(&[("e5", '.'), ("a1", '1')]));
}

#[test]
fn alphabrick_a_camp_stack_above_three_is_refused() {
    refused_at(
        "p.toml",
        &alphabrick(&[("a1", '4')]),
        "12:1",
        "`board`: unknown token `4` (expected `.`, `S`, `N`, `1`, `2` or `3`; a stack holds at most 3 bricks)",
    );
    // Possible: a stack of 3.
    accepted(
        "p.toml",
        &alphabrick(&[("c5", '.'), ("d5", '.'), ("e5", '.'), ("a1", '3')]),
    );
}

// ---------------------------------------------------------------------------------------------
// Lignes: line 1 `game`, 2 `to_move`, then `taken` when given, then the board.

fn lignes(to_move: &str, taken: Option<(u8, u8)>, rows: &[&str]) -> String {
    let taken = taken.map_or(String::new(), |(l, d)| {
        format!("taken = {{ light = {l}, dark = {d} }}\n")
    });
    format!(
        "game = \"lignes\"\nto_move = \"{to_move}\"\n{taken}board = \"\"\"\n{}\n\"\"\"\n",
        rows.join("\n")
    )
}

#[test]
fn lignes_placements_that_the_turns_cannot_give_are_refused() {
    // Four light pawns and no dark one: light places first and the sides take turns.
    refused_at(
        "p.toml",
        &lignes("dark", None, &["LLLL"]),
        "2:11",
        "`to_move`: light has placed 4 pawns and dark 0 (on the plane plus taken), with dark to move: light places first and the sides take turns, so with dark to move light has placed one pawn more than dark",
    );
    refused_at(
        "p.toml",
        &lignes("light", None, &["LLD"]),
        "2:11",
        "so with light to move both sides have placed as many",
    );
    // A pawn taken still counts as placed: 2 light on the plane and 1 taken by dark is 3.
    refused_at(
        "p.toml",
        &lignes("light", Some((0, 1)), &["LLDD"]),
        "2:11",
        "light has placed 3 pawns and dark 2",
    );
    // Possible: the counts of the turns, taken pawns included, and any count once a side has
    // placed all its pawns (positions set up by hand, where that side skips its placement).
    accepted("p.toml", &lignes("dark", None, &["LLD"]));
    accepted("p.toml", &lignes("light", None, &["LLDD"]));
    accepted("p.toml", &lignes("light", Some((1, 0)), &["LLD"]));
    accepted("p.toml", &lignes("light", Some((0, 16)), &["LL.", "DLL"]));
}

// ---------------------------------------------------------------------------------------------
// Declared games (docs/rules-format.md §12): line 1 `game`, 2 `to_move`, 3 `board = """`, then
// the rows from the top.

fn declared(game: &str, to_move: &str, rows: &[&str]) -> String {
    format!(
        "game = \"{game}\"\nto_move = \"{to_move}\"\nboard = \"\"\"\n{}\n\"\"\"\n",
        rows.join("\n")
    )
}

#[test]
fn declared_placements_that_the_turns_cannot_give_are_refused() {
    // Five crosses and no nought: cross places first and the sides take turns.
    refused_at(
        "p.toml",
        &declared("tictactoe", "nought", &["X X X", "X X .", ". . ."]),
        "3:9",
        "`board`: cross has placed 5 pieces and nought 0: the turns give 3 and 2 after 5 plies, with nought to move",
    );
    // As many of each with nought to move: cross would be to move.
    refused_at(
        "p.toml",
        &declared("tictactoe", "nought", &["X O .", ". . .", ". . ."]),
        "3:9",
        "the turns give 1 and 1 after 2 plies, with cross to move",
    );
    // Connect Four drops one disc a ply too.
    refused_at(
        "p.toml",
        &declared(
            "connect4",
            "red",
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                "Y . . . . . .",
                "Y . . . . . .",
            ],
        ),
        "3:9",
        "`board`: red has placed 0 pieces and yellow 2",
    );
    // Possible: the counts of the turns.
    accepted(
        "p.toml",
        &declared("tictactoe", "nought", &["X O X", ". . .", ". . ."]),
    );
    accepted(
        "p.toml",
        &declared("tictactoe", "cross", &["X O .", ". . .", ". . ."]),
    );
}

#[test]
fn declared_two_winners_are_refused() {
    // Both rows complete: cross's and nought's lines cannot both have ended the game.
    refused_at(
        "p.toml",
        &declared("tictactoe", "cross", &["X X X", "O O O", ". . ."]),
        "3:9",
        "`board`: cross and nought both have a line (`line = 3`): the game ended at the first",
    );
    // Possible: one line, made by the last ply.
    let (e, p) = accepted(
        "p.toml",
        &declared("tictactoe", "nought", &["X X X", "O O .", ". . ."]),
    );
    assert_eq!(e.score(&p).winner.as_deref(), Some("cross"));
}

#[test]
fn declared_a_position_over_before_its_last_ply_is_refused() {
    // Cross made its line, then nought played on: the game had ended with the line.
    refused_at(
        "p.toml",
        &declared("tictactoe", "cross", &["X X X", "O O .", "O . ."]),
        "3:9",
        "`board`: cross has a line (`line = 3`) although nought moved last: the game ended when cross made it, so nought could not play after it",
    );
    // Red's two rows of four: its last disc made at most one, so the game had ended before.
    refused_at(
        "p.toml",
        &declared(
            "connect4",
            "yellow",
            &[
                ". . . . . . .",
                ". . . . . . .",
                "Y . . . . . .",
                "Y Y Y . . . .",
                "R R R R Y . .",
                "R R R R Y Y .",
            ],
        ),
        "3:9",
        "`board`: red has a line (`line = 4`) whatever piece it placed last: the game ended before its last ply",
    );
    // Possible: the line of the last mover, through a piece it could have placed last.
    accepted(
        "p.toml",
        &declared("tictactoe", "nought", &["X X X", "O O .", ". . ."]),
    );
    accepted(
        "p.toml",
        &declared(
            "connect4",
            "yellow",
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                "Y . . . . . .",
                "R R R R Y . .",
                "R Y R Y Y . .",
            ],
        ),
    );
}
