//! Bad position files: `file:line:col: message`, exit status 2, never a panic.

use crate::common;

use ludopress::definition::Project;
use ludopress::rules::engine::{Engine, Error};
use ludopress::rules::rng::Rng;
use std::process::Command;

const GOOD: &str = "game = \"imbriqua\"
to_move = \"light\"
phase = \"action\"
card = \"jump-orth\"
last_placed = \"d4\"
deck = [\"step-orth\", \"place-two\"]
discard = [\"slide-orth\"]
board = \"\"\"
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . D . . . .
. . . L . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
\"\"\"
";

fn errors(text: &str) -> String {
    match Engine::open(&Project::new(common::root()), "p.toml", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(Error::Input(d)) => d.to_string(),
        Err(e) => panic!("not an input error: {e}"),
    }
}

#[test]
fn the_good_position_is_accepted() {
    let (e, p) = Engine::open(&Project::new(common::root()), "p.toml", GOOD).unwrap();
    assert_eq!(e.successor_moves(&p).len(), 1);
}

#[test]
fn an_unknown_key_is_named_at_its_place() {
    let e = errors(&GOOD.replace("discard =", "discrad ="));
    assert!(
        e.starts_with("p.toml:7:1: error: unknown key `discrad`"),
        "{e}"
    );
    assert!(e.contains("did you mean `discard`?"), "{e}");
}

#[test]
fn a_wrong_row_length_is_named_at_its_row() {
    let e = errors(&GOOD.replace(". . . D . . . .", ". . . D . . ."));
    assert!(
        e.starts_with("p.toml:12:1: error: `board` row 4: expected 8 tokens, found 7"),
        "{e}"
    );
    let e = errors(&GOOD.replace(". . . . . . . .\n\"\"\"", "\"\"\""));
    assert!(e.contains("expected 8 rows, found 7"), "{e}");
}

#[test]
fn an_unknown_token_is_named_at_its_column() {
    let e = errors(&GOOD.replace(". . . D . . . .", ". . . D . X . ."));
    assert!(
        e.starts_with("p.toml:12:11: error: `board`: unknown token `X`"),
        "{e}"
    );
}

#[test]
fn a_card_that_does_not_exist_is_reported_with_a_hint() {
    let e = errors(&GOOD.replace("card = \"jump-orth\"", "card = \"jump-ortho\""));
    assert!(
        e.starts_with("p.toml:4:8: error: `card`: no card `jump-ortho`"),
        "{e}"
    );
    assert!(e.contains("did you mean `jump-orth`?"), "{e}");
}

#[test]
fn a_card_outside_phase_action_is_reported() {
    let e = errors(
        &GOOD
            .replace("phase = \"action\"", "phase = \"place\"")
            .replace("last_placed = \"d4\"\n", ""),
    );
    assert!(
        e.starts_with("p.toml:4:8: error: `card` is only for phase `action`"),
        "{e}"
    );
}

#[test]
fn a_duplicate_card_is_reported() {
    let e = errors(&GOOD.replace("[\"slide-orth\"]", "[\"step-orth\"]"));
    assert!(
        e.contains("p.toml:7:11: error: card `step-orth` appears twice"),
        "{e}"
    );
}

#[test]
fn other_impossible_values_are_reported() {
    assert!(
        errors(&GOOD.replace("last_placed = \"d4\"", "last_placed = \"e4\""))
            .contains("does not hold a light pawn")
    );
    assert!(
        errors(&GOOD.replace("last_placed = \"d4\"", "last_placed = \"z9\""))
            .contains("no cell `z9`")
    );
    assert!(
        errors(&GOOD.replace("to_move = \"light\"", "to_move = \"white\""))
            .contains("unknown value `white`")
    );
    assert!(
        errors(&GOOD.replace("phase = \"action\"", "talons_done = 9\nphase = \"action\""))
            .contains("out of range")
    );
    assert!(
        errors(&GOOD.replace("game = \"imbriqua\"", "game = \"imbriqa\""))
            .contains("did you mean `imbriqua`?")
    );
    assert!(errors(&GOOD.replace("to_move = \"light\"\n", "")).contains("missing key `to_move`"));
    assert!(
        errors(&GOOD.replace("board = \"\"\"", "board = 3\nx = \"\"\""))
            .contains("`board`: expected a string")
    );
    assert!(
        errors("game = \"imbriqua\"\nto_move = \"light\"\nboard = \"\"\"\n\"\"\"\n")
            .contains("expected 8 rows, found 0")
    );
    assert!(errors("not toml at all [").starts_with("p.toml:1:"));
}

#[test]
fn mangled_position_files_never_panic() {
    mangle(GOOD, 42);
    let arlecchino = std::fs::read_to_string(
        common::root().join("games/arlecchino/tests/positions/one-zone.toml"),
    )
    .unwrap();
    mangle(&arlecchino, 7);
    for (game, file) in [
        ("imperator", "down-to-two.toml"),
        ("lignes", "loses.toml"),
        ("alphabrick", "six.toml"),
    ] {
        let path = common::root().join(format!("games/{game}/tests/positions/{file}"));
        let text = std::fs::read_to_string(path).unwrap();
        mangle(&text, 9);
    }
}

fn mangle(good: &str, seed: u64) {
    let mut rng = Rng::new(seed);
    let pieces = [
        "\"",
        "[",
        "]",
        "=",
        "\n",
        "L",
        "D",
        "X",
        ".",
        " ",
        "phase",
        "card",
        "{",
        "}",
        "#",
        "\\",
        "é",
        "99999999999999999999",
    ];
    for _ in 0..1000 {
        let mut text: Vec<char> = good.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len() as u64 + 1) as usize;
            match rng.below(3) {
                0 => {
                    let end = (at + rng.below(12) as usize).min(text.len());
                    text.drain(at..end);
                }
                1 => {
                    let p = pieces[rng.below(pieces.len() as u64) as usize];
                    for (i, c) in p.chars().enumerate() {
                        text.insert(at + i, c);
                    }
                }
                _ => {
                    if at < text.len() {
                        let c = text[at];
                        text.insert(at, c);
                    }
                }
            }
        }
        let t: String = text.into_iter().collect();
        let r = std::panic::catch_unwind(|| {
            match Engine::open(&Project::new(common::root()), "p.toml", &t) {
                Ok((e, p)) => {
                    let _ = e.successor_moves(&p);
                    let _ = e.score(&p);
                }
                Err(Error::Input(d)) => {
                    assert!(!d.0.is_empty() && d.0.iter().all(|x| !x.message.is_empty()))
                }
                Err(e) => panic!("{e}"),
            }
        });
        assert!(r.is_ok(), "panic on:\n{t}");
    }
}

#[test]
fn the_binary_exits_2_on_a_bad_position_and_answers_the_contract_on_a_good_one() {
    let dir = std::env::temp_dir().join(format!("ludopress-pos-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, GOOD.replace(". . . D . . . .", ". . . D . X . .")).unwrap();
    let bin = env!("CARGO_BIN_EXE_ludopress");
    for args in [vec!["moves"], vec!["perft", "2"], vec!["score", "--json"]] {
        let mut cmd = Command::new(bin);
        cmd.current_dir(&dir)
            .arg(args[0])
            .arg(&bad)
            .args(&args[1..]);
        let o = cmd.output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("bad.toml:12:11: error: `board`: unknown token `X`"),
            "{err}"
        );
    }
    let good = dir.join("good.toml");
    std::fs::write(&good, GOOD).unwrap();
    let o = Command::new(bin)
        .current_dir(&dir)
        .args(["perft"])
        .arg(&good)
        .arg("2")
        .output()
        .unwrap();
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    // d4xd6; then dark places on one of the 35 empty inner cells (d6 is taken).
    assert_eq!(out.lines().last(), Some("35"));
    let o = Command::new(bin)
        .current_dir(&dir)
        .args(["score"])
        .arg(&good)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        r#"{"over":false,"winner":null,"scores":{"light":0,"dark":0}}"#
    );
    let svg = dir.join("d.svg");
    let o = Command::new(bin)
        .current_dir(&dir)
        .args(["diagram"])
        .arg(&good)
        .arg("-o")
        .arg(&svg)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let o = Command::new(bin)
        .current_dir(&dir)
        .args([
            "playout", "imbriqua", "--games", "20", "--seed", "3", "--check",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("invariants held after every ply"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The engines give their boards as typed cells: Arlecchino's tiles with their zones, which the
/// one parser of a board no engine read finds again from the tokens with the game's codes;
/// Alpha-BRIK's bricks as stacks of bricks of nobody's, its pawns with their side; every cell
/// named.
#[test]
fn engines_give_typed_cells_that_the_one_board_parser_reads_alike() {
    use ludopress::rules::{read_board, Stands};
    let game = common::game("arlecchino");
    let e = common::engine("arlecchino");
    let board = e.board(&e.start(7));
    let read = read_board(&board.text("\n"), Some(&game));
    let tiles = board.cells().filter(|c| c.zones().is_some()).count();
    assert!(tiles >= 34, "{tiles} tiles");
    for (ours, theirs) in board.cells().zip(read.cells()) {
        assert!(ours.name.is_some());
        assert_eq!(ours.token, theirs.token);
        assert_eq!(ours.zones(), theirs.zones(), "{}", ours.token);
    }

    let e = common::engine("alphabrick");
    let board = e.board(&e.start(0));
    let mut stacks = 0;
    for c in board.cells() {
        match (&c.stands, c.token.as_str()) {
            (Stands::Empty, ".") => {}
            (Stands::Pieces(stack), "S" | "N") => {
                assert_eq!(stack.len(), 1);
                let side = if c.token == "S" { "south" } else { "north" };
                assert_eq!(c.side(), Some(side));
            }
            (Stands::Pieces(stack), n) => {
                assert_eq!(n, stack.len().to_string());
                assert!(stack.iter().all(|p| p.side.is_none() && p.kind == "brick"));
                stacks += 1;
            }
            other => panic!("unexpected cell {other:?}"),
        }
    }
    assert!(stacks > 0);

    // A token the game does not know is read as a piece of that kind, which a diagram refuses.
    let game = common::game("alphabrick");
    let def = game.diagram.as_ref().unwrap();
    let text = e.board(&e.start(0)).text("\n").replacen('S', "x", 1);
    let read = read_board(&text, Some(&game));
    let err = ludopress::layout::diagram::place(&game, def, &read, &Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("unknown token `x`"), "{err}");
}
