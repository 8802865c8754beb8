//! Dice (`[dice]`: a roll carried by the position, rolls that pass or play again, a capture
//! that plays again, a slide of exactly the roll) on a small duel whose perft was counted without
//! ludopress (`tests/fixtures/declared/independent/dice_count.py`), following the convention of
//! shared/spec/alphabrick.md: each result of a ply is paired with every roll of the side that
//! rolls next.

use crate::common::declared::{errors_of, game_of, square_game, through_commands, written_moves};
use ludopress::rules::declared::Declared;
use ludopress::rules::rng::Rng;
use ludopress::rules::{self, Rules};

/// Two pawns a side on a 5 × 5 board; one die of 4 faces.
const DUEL: &str = r#"
[turns]
sides = ["white", "black"]
[[kind]]
id = "pawn"
tokens = { white = "w", black = "b" }
[dice]
faces = 4
again = [1]
pass = [4]
again_after = "capture"
[[move]]
slide = "orthogonal"
roll = "sum"
to = "empty-or-enemy"
[[end]]
no_pieces = true
result = "loss"
[start]
board = """
. b . b .
. . . . .
. . . . .
. . . . .
. w . w .
"""
"#;

fn text(rules: &str) -> String {
    square_game("duel", 5, 5, "", rules)
}

fn engine() -> Declared {
    Declared::new(&game_of("duel", &text(DUEL))).unwrap()
}

/// The start with the first roll `roll`, read as a position file.
fn start(r: &Declared, roll: u8) -> ludopress::rules::declared::DPos {
    let mut p = r.start(0);
    p.roll = roll;
    let text = rules::to_toml(r.id(), &r.fields(&p));
    assert!(text.contains(&format!("die = {roll}")), "{text}");
    let (_, raw) = rules::raw("start.toml", &text).unwrap();
    rules::load(r, raw).unwrap()
}

/// `dice_count.py`'s counts: per first roll, depths 1 to 4.
const PERFT: [[u64; 4]; 4] = [
    [24, 304, 3634, 44594],
    [8, 80, 1048, 14400],
    [8, 72, 912, 12256],
    [4, 44, 500, 6094],
];

#[test]
fn dice_follow_the_spec_s_convention_and_match_an_independent_perft() {
    let r = engine();
    for (roll, counts) in PERFT.iter().enumerate() {
        let p = start(&r, roll as u8 + 1);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                rules::perft(&r, &p, d as u32 + 1),
                n,
                "roll {} depth {}",
                roll + 1,
                d + 1
            );
        }
    }
}

#[test]
fn a_roll_to_pass_passes_and_a_roll_of_one_plays_again() {
    let r = engine();
    let p = start(&r, 4);
    let moves = r.moves(&p);
    // The pass, with each roll of black's.
    assert_eq!(moves.len(), 4);
    assert!(moves
        .iter()
        .all(|(m, q)| m == "pass" && q.to_move == 1 && q.roll != 0));
    let p = start(&r, 1);
    let after = r.find_move(&p, "b1-b2").expect("a step of one");
    assert_eq!(after.to_move, 0, "white rolls again after a 1");
    let p = start(&r, 2);
    let after = r.find_move(&p, "b1-b3").expect("a slide of two");
    assert_eq!(after.to_move, 1, "black rolls after a 2");
    // Exactly the roll: no slide of one or three on a 2.
    assert!(r.find_move(&p, "b1-b2").is_none() && r.find_move(&p, "b1-b4").is_none());
}

#[test]
fn playouts_roll_by_the_dice_s_odds() {
    let r = engine();
    let mut rng = Rng::new(9);
    let mut buf = Vec::new();
    let mut seen = [0u32; 5];
    let mut ended = 0;
    for g in 0..200 {
        let mut p = r.start(g);
        for _ in 0..400 {
            seen[usize::from(p.roll)] += 1;
            match rules::random_ply(&r, &p, &mut rng, &mut buf) {
                Some(q) => p = q,
                None => break,
            }
        }
        ended += u32::from(r.score(&p).over);
    }
    // Each face about a quarter of the rolls played.
    let rolls: u32 = seen[1..].iter().sum();
    for (face, &n) in seen.iter().enumerate().skip(1) {
        let share = f64::from(n) / f64::from(rolls);
        assert!(
            (0.22..0.28).contains(&share),
            "face {face}: {share:.3} of {rolls}"
        );
    }
    assert!(ended > 100, "{ended} of 200 games ended");
}

#[test]
fn a_roll_is_required_and_checked() {
    let r = engine();
    let p = r.start(3);
    let file = rules::to_toml(r.id(), &r.fields(&p));
    let without: String = file
        .lines()
        .filter(|l| !l.starts_with("die"))
        .map(|l| format!("{l}\n"))
        .collect();
    let (_, raw) = rules::raw("p.toml", &without).unwrap();
    let e = format!("{:?}", rules::load(&r, raw).unwrap_err());
    assert!(e.contains("the roll to play is required"), "{e}");
    let five = file.replace(&format!("die = {}", p.roll), "die = 5");
    let (_, raw) = rules::raw("p.toml", &five).unwrap();
    assert!(rules::load(&r, raw).is_err(), "{five}");
    let e = errors_of("duel", &text(&DUEL.replace("pass = [4]", "pass = [7]")));
    assert!(e.iter().any(|e| e.contains("no roll of 7")), "{e:?}");
    let e = errors_of("duel", &text(&DUEL.replace("faces = 4\n", "")));
    assert!(e.iter().any(|e| e.contains("faces")), "{e:?}");
}

#[test]
fn rolled_moves_round_trip_through_moves_and_play() {
    let r = engine();
    let p = r.start(0);
    let moves = written_moves(&r, &p);
    // Each result with each of the 4 rolls of the side that rolls next.
    assert_eq!(moves.len() % 4, 0);
    // `play` (seed 1) starts with its own roll: a move of that start is typed.
    let typed = r.moves(&r.start(1))[0].0.clone();
    let game = text(DUEL).replacen("id = \"duel\"", "id = \"cards\"", 1);
    through_commands("dice-commands", &game, &moves, &typed);
}

#[test]
fn a_drawn_first_side_and_roll_come_from_the_seed_as_alpha_brik_draws_them() {
    let drawn = DUEL.replacen("[start]\n", "[start]\nto_move = \"drawn\"\n", 1);
    assert_ne!(drawn, DUEL);
    let r = Declared::new(&game_of("duel", &text(&drawn))).unwrap();
    let seed = crate::common::engine("alphabrick");
    let mut firsts = [0; 2];
    for s in 0..40 {
        let p = r.start(s);
        // The same draws, in the same order: the side, then the roll (Alpha-BRIK's die has 6
        // faces, the duel's 4: the sides must agree, and the roll is the next draw).
        let a = seed.start(s);
        let a_side = seed.fields(&a).iter().find_map(|(k, f)| match (k, f) {
            (&"to_move", rules::Field::Side(x)) => Some(*x),
            _ => None,
        });
        let side = usize::from(p.to_move);
        assert_eq!(a_side, Some(["south", "north"][side]), "seed {s}");
        let mut rng = Rng::new(s);
        rng.below(2);
        assert_eq!(u64::from(p.roll), rng.below(4) + 1, "seed {s}");
        firsts[side] += 1;
    }
    assert!(firsts[0] > 5 && firsts[1] > 5, "{firsts:?}");
}

#[test]
fn an_attack_that_sends_back_plays_again_like_a_capture() {
    // Alpha-BRIK: after an attack (the pawn landed on goes back, not off the board) the same
    // side rolls again, as after a capture.
    let back = DUEL
        .replacen(
            "[[kind]]",
            "[regions]\nhome = { white = { ranks = [1] }, black = { ranks = [5] } }\n[[kind]]",
            1,
        )
        .replacen(
            "to = \"empty-or-enemy\"\n",
            "to = \"empty-or-enemy\"\nsend_back = \"home\"\n",
            1,
        )
        .replacen(". . . . .\n. . . . .\n. w", ". b . . .\n. . . . .\n. w", 1);
    let r = Declared::new(&game_of("duel", &text(&back))).unwrap();
    let p = start(&r, 2);
    let q = r.find_move(&p, "b1xb3").expect("b1xb3");
    let file = rules::to_toml(r.id(), &r.fields(&q));
    // Black's pawn is back on b4 (b5, its home cell in column b, is taken); white plays again.
    assert!(
        file.contains(". b . b .\n. b . . .\n. w . . .\n. . . . .\n. . . w ."),
        "{file}"
    );
    assert_eq!(q.to_move, 0, "{file}");
    assert_eq!(r.score(&q).scores[1], ("black".into(), 3));
}
