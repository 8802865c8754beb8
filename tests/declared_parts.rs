//! Moves in parts (`then`) and pieces of nobody (`neutral`), on Amazons: a queen slides, then
//! shoots an arrow from where it landed; arrows belong to no side and block both. Perft is
//! checked against `tests/fixtures/declared/independent/amazons_count.py`, written without
//! ludopress, and the notation (`d1-d7/g4`) round-trips through `moves` and `play`.

use crate::common::declared::{errors_of, game_of, square_game, through_commands, written_moves};
use ludopress::rules::declared::Declared;
use ludopress::rules::{self, Rules};
use ludopress::setup::Stands;

/// Amazons' rules on a board of any size.
const AMAZONS: &str = r#"
[turns]
sides = ["white", "black"]
[[kind]]
id = "queen"
tokens = { white = "w", black = "b" }
[[kind]]
id = "arrow"
neutral = "x"
[[move]]
piece = "queen"
slide = "all"
then = [{ place = "arrow", slide = "all" }]
[[end]]
no_moves = true
result = "loss"
"#;

/// The 6 × 6 start of `amazons_count.py`.
const SMALL: &str = ".b..b.\n......\nb....b\nw....w\n......\n.w..w.";

/// The 10 × 10 start of the game.
const FULL: &str = "...b..b...\n..........\n..........\nb........b\n..........\n..........\nw........w\n..........\n..........\n...w..w...";

/// A whole game file: Amazons on the board of `rows` (top row first, one character a cell).
fn text(id: &str, rows: &str) -> String {
    let lines: Vec<&str> = rows.lines().collect();
    let board: Vec<String> = lines
        .iter()
        .map(|l| l.chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    square_game(
        id,
        lines[0].len(),
        lines.len(),
        "",
        &format!(
            "{AMAZONS}[start]\nboard = \"\"\"\n{}\n\"\"\"\n",
            board.join("\n")
        ),
    )
}

fn engine(rows: &str) -> Declared {
    Declared::new(&game_of("amazons", &text("amazons", rows))).unwrap()
}

#[test]
fn a_move_then_a_shot_matches_an_independent_perft() {
    // amazons_count.py: 576 and 267,604 on the 6 × 6 board; 2,176 moves at the 10 × 10 start.
    let r = engine(SMALL);
    let p = r.start(0);
    assert_eq!(rules::perft(&r, &p, 1), 576);
    assert_eq!(rules::perft(&r, &p, 2), 267_604);
    let full = engine(FULL);
    assert_eq!(rules::perft(&full, &full.start(0), 1), 2_176);
}

#[test]
fn arrows_belong_to_nobody_and_block_both_sides() {
    let r = engine(SMALL);
    let p = r.start(0);
    let after = r
        .find_move(&p, "b1-b2/b1")
        .expect("the queen shoots back where it stood");
    let text = rules::to_toml(r.id(), &r.fields(&after));
    // The arrow is written `x`, owned by nobody; the queen stands on b2.
    assert!(text.contains(". w . . . .\n. x . . w ."), "{text}");
    let cells = rules::data(&r.fields(&after)).0;
    let b1 = cells.rows[5][1].clone();
    let kind = match &b1.stands {
        Stands::Pieces(stack) => stack.last().map(|p| p.kind.clone()),
        _ => None,
    };
    assert_eq!(
        (b1.side(), kind.as_deref()),
        (None, Some("arrow")),
        "{b1:?}"
    );
    // Black's queen on a4 cannot slide through or onto it; no move lands on the arrow.
    assert!(r.moves(&after).iter().all(|(m, _)| !m.contains("-b1")));
    // Arrows count for nobody's score.
    let s = r.score(&after);
    assert_eq!(s.scores, vec![("white".into(), 4), ("black".into(), 4)]);
}

#[test]
fn a_side_walled_in_loses() {
    let walled = "bx....\nxx....\n......\n......\n....xx\n....xw";
    let r = engine(walled);
    let p = r.start(0);
    // White to move has no move: it loses.
    let s = r.score(&p);
    assert_eq!((s.over, s.winner.as_deref()), (true, Some("black")));
}

#[test]
fn moves_in_parts_round_trip_through_moves_and_play() {
    let r = engine(SMALL);
    let p = r.start(0);
    let moves = written_moves(&r, &p);
    assert_eq!(moves.len(), 576);
    let typed = moves[17].0.clone();
    assert!(typed.contains('/'), "{typed}");
    through_commands("amazons-commands", &text("cards", SMALL), &moves, &typed);
}

#[test]
fn parts_are_checked_at_load() {
    let bad = |from: &str, to: &str| {
        let t = text("amazons", SMALL).replacen(from, to, 1);
        assert_ne!(t, text("amazons", SMALL));
        errors_of("amazons", &t).join("\n")
    };
    let e = bad("place = \"arrow\"", "place = \"spear\"");
    assert!(e.contains("spear"), "{e}");
    let e = bad(
        "then = [{ place = \"arrow\", slide = \"all\" }]",
        "then = [{ optional = true }]",
    );
    assert!(e.contains("a part puts a piece"), "{e}");
    let e = bad(
        "then = [{ place = \"arrow\", slide = \"all\" }]",
        "then = [{ slide = \"all\" }, { slide = \"all\" }, { place = \"arrow\", slide = \"all\" }]",
    );
    // 8 directions of 6 cells, three times.
    assert!(
        e.contains("later parts could give up to 110592 moves"),
        "{e}"
    );
    let e = bad(
        "neutral = \"x\"",
        "neutral = \"x\"\ntokens = { white = \"a\", black = \"c\" }",
    );
    assert!(e.contains("not both"), "{e}");
}

#[test]
fn every_way_of_playing_the_parts_is_listed_past_a_hundred_thousand() {
    // White places a man anywhere and takes two black men: 226 empty cells × C(30, 2) pairs
    // = 98,310 results, from 226 × 30 × 29 = 196,620 ways (each pair taken in either order).
    // A list cut at 100,000 ways once gave 50,024.
    let mut board = String::new();
    for r in 0..16 {
        let row: Vec<&str> = (0..16)
            .map(|f| if r * 16 + f < 30 { "B" } else { "." })
            .collect();
        board += &row.join(" ");
        board.push('\n');
    }
    let text = square_game(
        "many",
        16,
        16,
        "",
        &format!(
            "[turns]\nsides = [\"white\", \"black\"]\n[[kind]]\nid = \"man\"\ntokens = {{ white = \"W\", black = \"B\" }}\n\
             [[move]]\nplace = \"empty\"\nthen = [{{ remove = \"enemy\" }}, {{ remove = \"enemy\" }}]\n\
             [[end]]\nno_moves = true\nresult = \"loss\"\n[start]\nboard = \"\"\"\n{board}\"\"\"\n"
        ),
    );
    let r = Declared::new(&game_of("many", &text)).unwrap();
    assert_eq!(rules::perft(&r, &r.start(0), 1), 226 * 30 * 29 / 2);
}
