//! Captures with filters (`custodial` with `taken` and `by`: soldiers taken by two, an armed or
//! unarmed king), hostile cells (the empty throne and the corners), and a king taken only when
//! enclosed on every side (`enclose`, the empty throne closing, safe on the edge), on a small
//! tafl game whose perft was counted without ludopress
//! (`tests/fixtures/declared/independent/tafl_count.py`).

use crate::common::declared::{errors_of, game_of, square_game, through_commands, written_moves};
use ludopress::rules::declared::Declared;
use ludopress::rules::{self, Rules};

/// The armed king's game; the unarmed one is made from it by [`unarmed`].
const TAFL: &str = r#"
[turns]
sides = ["attackers", "defenders"]
[regions]
corners = { cells = ["a1", "e1", "a5", "e5"] }
throne = { cells = ["c3"] }
restricted = { cells = ["a1", "e1", "a5", "e5", "c3"] }
[[kind]]
id = "soldier"
tokens = { attackers = "A", defenders = "D" }
[[kind]]
id = "king"
tokens = { attackers = "k", defenders = "K" }
[[move]]
piece = "soldier"
slide = "orthogonal"
not_into = "restricted"
custodial = { with = "friend-or-hostile", hostile = "restricted", taken = "soldier" }
enclose = { taken = "king", hostile = "throne", edge = "safe" }
[[move]]
piece = "king"
slide = "orthogonal"
custodial = { with = "friend-or-hostile", hostile = "restricted", taken = "soldier" }
[[end]]
reach = "corners"
side = "defenders"
result = "win"
[[end]]
captured = "king"
result = "loss"
[[end]]
no_moves = true
result = "loss"
"#;

/// The king neither takes nor closes: its move has no capture, soldiers close only with
/// soldiers.
fn unarmed() -> String {
    let king_takes = "piece = \"king\"\nslide = \"orthogonal\"\ncustodial = { with = \"friend-or-hostile\", hostile = \"restricted\", taken = \"soldier\" }\n";
    assert!(TAFL.contains(king_takes));
    TAFL.replace(king_takes, "piece = \"king\"\nslide = \"orthogonal\"\n")
        .replace(
            "taken = \"soldier\" }",
            "taken = \"soldier\", by = \"soldier\" }",
        )
}

const START: &str = ". . A . .\n. . . . .\nA D K D A\n. . . . .\n. . A . .";
const NEAR: &str = ". . . . .\n. A . . .\n. . . K A\nD . . A .\n. . . . .";

fn text(id: &str, rules: &str, board: &str) -> String {
    square_game(
        id,
        5,
        5,
        "",
        &format!("{rules}[start]\nboard = \"\"\"\n{board}\n\"\"\"\n"),
    )
}

fn engine(rules: &str, board: &str) -> Declared {
    Declared::new(&game_of("tafl", &text("tafl", rules, board))).unwrap()
}

/// `tafl_count.py`'s counts, depths 1 to 4: from the start and from `NEAR`, king armed then
/// unarmed.
const PERFT: [(&str, bool, [u64; 4]); 4] = [
    (START, true, [10, 102, 1178, 15272]),
    (START, false, [10, 102, 1182, 15228]),
    (NEAR, true, [14, 121, 1637, 15394]),
    (NEAR, false, [14, 121, 1641, 15343]),
];

#[test]
fn captures_with_filters_and_enclosure_match_an_independent_perft() {
    for (board, armed, counts) in PERFT {
        let rules = if armed { TAFL.to_string() } else { unarmed() };
        let r = engine(&rules, board);
        let p = r.start(0);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                rules::perft(&r, &p, d as u32 + 1),
                n,
                "armed {armed}, depth {}\n{board}",
                d + 1
            );
        }
    }
}

#[test]
fn the_king_is_taken_by_four_or_three_and_the_throne_never_by_two_nor_on_the_edge() {
    let r = engine(TAFL, NEAR);
    let p = r.start(0);
    // b4-d4 closes d3's fourth side (c3 is the empty throne): the king is taken, attackers win.
    let q = r.find_move(&p, "b4-d4").expect("b4-d4");
    let s = r.score(&q);
    assert_eq!((s.over, s.winner.as_deref()), (true, Some("attackers")));
    // Two attackers on a line through the king take it no more than one: a soldier would be.
    let two = ". . . . .\n. . . . .\n. A K . A\n. . . . .\n. . . D .";
    let r2 = engine(TAFL, two);
    let q = r2.find_move(&r2.start(0), "e3-d3").expect("e3-d3");
    assert!(!r2.score(&q).over);
    // On the edge the king is safe, closed on its three sides.
    let edge = ". . . . .\n. . . . A\n. . . A K\n. A . . .\n. D . . .";
    let r3 = engine(TAFL, edge);
    let q = r3.find_move(&r3.start(0), "b2-e2").expect("b2-e2");
    assert!(!r3.score(&q).over);
    // The same with `edge = "hostile"`: taken.
    let hostile = TAFL.replace("edge = \"safe\"", "edge = \"hostile\"");
    let r4 = engine(&hostile, edge);
    let q = r4.find_move(&r4.start(0), "b2-e2").expect("b2-e2");
    assert_eq!(r4.score(&q).winner.as_deref(), Some("attackers"));
}

#[test]
fn captures_round_trip_through_moves_and_play() {
    let r = engine(TAFL, START);
    let p = r.start(0);
    let moves = written_moves(&r, &p);
    let typed = moves[3].0.clone();
    through_commands("tafl-commands", &text("cards", TAFL, START), &moves, &typed);
}

#[test]
fn capture_filters_are_checked_at_load() {
    let e = errors_of(
        "tafl",
        &text(
            "tafl",
            &TAFL.replacen("taken = \"king\"", "taken = \"queen\"", 1),
            START,
        ),
    );
    assert!(e.iter().any(|e| e.contains("queen")), "{e:?}");
    let e = errors_of(
        "tafl",
        &text(
            "tafl",
            &TAFL.replace("edge = \"safe\"", "edge = \"soft\""),
            START,
        ),
    );
    assert!(e.iter().any(|e| e.contains("soft")), "{e:?}");
}

#[test]
fn a_piece_landed_on_is_sent_back_along_its_column_or_the_move_is_refused() {
    // Alpha-BRIK's attack: the pawn landed on goes back along its column to the first empty
    // cell from its own camp; with none, the move is not legal. Counted by hand.
    let rules = r#"
[turns]
sides = ["south", "north"]
[regions]
camp = { south = { ranks = [1] }, north = { ranks = [5] } }
[[kind]]
id = "pawn"
tokens = { south = "S", north = "N" }
[[move]]
step = "orthogonal"
to = "empty-or-enemy"
send_back = "camp"
[[end]]
no_moves = true
result = "loss"
"#;
    let game = |board: &str| {
        let text = square_game(
            "back",
            5,
            5,
            "",
            &format!("{rules}[start]\nboard = \"\"\"\n{board}\n\"\"\"\n"),
        );
        Declared::new(&game_of("back", &text)).unwrap()
    };
    // c2 takes c3: north's pawn goes back to c5, its camp's cell in column c.
    let r = game(". . . . .\n. . . . .\n. . N . .\n. . S . .\n. . . . .");
    let q = r.find_move(&r.start(0), "c2xc3").expect("c2xc3");
    let after = rules::to_toml(r.id(), &r.fields(&q));
    assert!(
        after.contains(". . N . .\n. . . . .\n. . S . .\n. . . . .\n. . . . ."),
        "{after}"
    );
    // c5 and c4 taken: c3 (the cell landed on) is skipped, c2 is free once the mover left it.
    let r = game(". . N . .\n. . N . .\n. . N . .\n. . S . .\n. . . . .");
    let q = r.find_move(&r.start(0), "c2xc3").expect("c2xc3");
    let after = rules::to_toml(r.id(), &r.fields(&q));
    assert!(
        after.contains(". . N . .\n. . N . .\n. . S . .\n. . N . .\n. . . . ."),
        "{after}"
    );
    // A full column: b3xc3 has nowhere to send the pawn, so it is no move.
    let r = game(". . N . .\n. . N . .\n. S N . .\n. . S . .\n. . S . .");
    let moves: Vec<String> = r.moves(&r.start(0)).into_iter().map(|m| m.0).collect();
    assert!(!moves.contains(&"b3xc3".to_string()), "{moves:?}");
    assert!(moves.contains(&"b3-a3".to_string()), "{moves:?}");
    let e = errors_of(
        "back",
        &square_game(
            "back",
            5,
            5,
            "",
            &rules.replace("send_back = \"camp\"", "send_back = \"home\""),
        ),
    );
    assert!(e.iter().any(|e| e.contains("home")), "{e:?}");
}
