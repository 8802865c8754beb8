//! Stacks (`[[kind]] stack = N`, `onto = "stack"`): towers of one side that move whole, pile up
//! to 3, and take enemy towers, with perft counted without ludopress
//! (`tests/fixtures/declared/independent/towers_count.py`); stacks placed one piece at a time
//! (bricks written `1`, `2`, `3`), counted by height in scores, ends and `max`.

use crate::common::declared::{errors_of, game_of, square_game, through_commands, written_moves};
use ludopress::rules::declared::Declared;
use ludopress::rules::{self, Rules};

const TOWERS: &str = r#"
[turns]
sides = ["white", "black"]
[regions]
goal = { white = { ranks = [4] }, black = { ranks = [1] } }
[[kind]]
id = "tower"
tokens = { white = "W", black = "B" }
stack = 3
[[move]]
step = "orthogonal"
to = "empty-or-enemy"
onto = "stack"
[[end]]
reach = "goal"
result = "win"
[[end]]
no_pieces = true
result = "loss"
[[end]]
no_moves = true
result = "loss"
[start]
board = """
B B B B
. . . .
. . . .
W W W W
"""
"#;

fn text(id: &str, rules: &str) -> String {
    square_game(id, 4, 4, "", rules)
}

fn engine(rules: &str) -> Declared {
    Declared::new(&game_of("towers", &text("towers", rules))).unwrap()
}

#[test]
fn towers_that_pile_up_match_an_independent_perft() {
    let r = engine(TOWERS);
    let p = r.start(0);
    // towers_count.py, depths 1 to 5.
    for (d, n) in [10, 100, 880, 7730, 65842].into_iter().enumerate() {
        assert_eq!(rules::perft(&r, &p, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn a_tower_is_written_by_its_height_and_moves_whole() {
    let r = engine(TOWERS);
    let p = r.start(0);
    let q = r.find_move(&p, "a1-b1").expect("a1 piles onto b1");
    let file = rules::to_toml(r.id(), &r.fields(&q));
    assert!(file.contains(". W2 W W"), "{file}");
    // Four pieces still: the score counts heights.
    assert_eq!(r.score(&q).scores[0], ("white".into(), 4));
    // b1 (2) onto c1 (1) makes 3; then nothing more piles on it.
    let q = r.find_move(&q, "a4-a3").unwrap();
    let q = r.find_move(&q, "b1-c1").expect("2 + 1");
    assert!(rules::to_toml(r.id(), &r.fields(&q)).contains(". . W3 W"));
    let q = r.find_move(&q, "a3-a2").unwrap();
    assert!(
        r.find_move(&q, "d1-c1").is_none(),
        "3 + 1 is more than the stack's 3"
    );
    // A stack of 3 reads back; a height past the kind's is no token.
    let (_, raw) = rules::raw("p.toml", &rules::to_toml(r.id(), &r.fields(&q))).unwrap();
    assert!(rules::load(&r, raw).is_ok());
    let bad = rules::to_toml(r.id(), &r.fields(&q)).replace("W3", "W4");
    let (_, raw) = rules::raw("p.toml", &bad).unwrap();
    assert!(rules::load(&r, raw).is_err(), "{bad}");
}

#[test]
fn bricks_placed_onto_stacks_count_by_height() {
    // Bricks of nobody, written 1, 2, 3, placed on any cell that is empty or under 3; the game
    // ends when 5 bricks stand, the highest stack is the measure of nothing: a count end.
    let bricks = r#"
[turns]
sides = ["white", "black"]
[[kind]]
id = "brick"
neutral = "1"
stack = 3
[[move]]
place = "empty"
piece = "brick"
onto = "stack"
[[end]]
plies = 5
result = "draw"
[[end]]
no_moves = true
result = "draw"
"#;
    let r = engine(bricks);
    let p = r.start(0);
    // 16 cells empty: 16 placements; then 15 empty cells and one stack under 3: 16 again.
    assert_eq!(rules::perft(&r, &p, 1), 16);
    assert_eq!(rules::perft(&r, &p, 2), 16 * 16);
    let q = r.find_move(&p, "a1").unwrap();
    let q = r.find_move(&q, "a1").unwrap();
    let q = r.find_move(&q, "a1").unwrap();
    assert!(rules::to_toml(r.id(), &r.fields(&q)).contains("\n3 . . .\n"));
    assert!(r.find_move(&q, "a1").is_none(), "a stack of 3 is full");
    let e = errors_of(
        "towers",
        &text("towers", &bricks.replace("stack = 3", "stack = 9")),
    );
    assert!(e.iter().any(|e| e.contains("`stack`")), "{e:?}");
    let e = errors_of(
        "towers",
        &text(
            "towers",
            &bricks.replace("onto = \"stack\"", "onto = \"top\""),
        ),
    );
    assert!(e.iter().any(|e| e.contains("top")), "{e:?}");
}

#[test]
fn stacks_round_trip_through_moves_and_play() {
    let r = engine(TOWERS);
    let p = r.start(0);
    let moves = written_moves(&r, &p);
    let typed = moves[0].0.clone();
    through_commands("towers-commands", &text("cards", TOWERS), &moves, &typed);
}

#[test]
fn a_slide_passes_over_the_kinds_it_names_and_stops_at_the_others() {
    // Alpha-BRIK's pawns pass over pawns, never over bricks. White's runner on a1: pawns on
    // a2 and a3, a brick on c1. Counted by hand: a1-a4 and a1-b1.
    let rules = |through: &str| {
        format!(
            r#"
[turns]
sides = ["white", "black"]
[[kind]]
id = "runner"
tokens = {{ white = "R", black = "r" }}
[[kind]]
id = "pawn"
tokens = {{ white = "P", black = "p" }}
[[kind]]
id = "brick"
neutral = "1"
stack = 3
[[move]]
piece = "runner"
slide = "orthogonal"
{through}
[[end]]
no_moves = true
result = "loss"
[start]
board = """
. . . r
P . . .
P . . .
R . 1 .
"""
"#
        )
    };
    let moves = |through: &str| -> Vec<String> {
        let r = engine(&rules(through));
        let mut m: Vec<String> = r.moves(&r.start(0)).into_iter().map(|m| m.0).collect();
        m.sort();
        m
    };
    assert_eq!(moves("through = \"pawn\""), ["a1-a4", "a1-b1"]);
    assert_eq!(moves(""), ["a1-b1"]);
    assert_eq!(
        moves("through = [\"pawn\", \"brick\"]"),
        ["a1-a4", "a1-b1", "a1-d1"]
    );
    let e = errors_of("towers", &text("towers", &rules("through = \"wall\"")));
    assert!(e.iter().any(|e| e.contains("wall")), "{e:?}");
}
