//! `ludopress play`: a whole game saved as a record that `moves` and `score` replay, moves typed
//! in the game's notation, errors that list the legal moves, undo.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

fn play(args: &[&str], input: &str) -> Output {
    let args: Vec<&str> = std::iter::once("play")
        .chain(args.iter().copied())
        .collect();
    common::ludopress_in(Path::new(env!("CARGO_MANIFEST_DIR")), &args, input)
}

fn ludopress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("ludopress-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_whole_game_is_saved_as_a_record_that_replays_to_its_end() {
    let dir = scratch("whole");
    for (game, players) in [
        ("arlecchino", "greedy,random"),
        ("alphabrick", "random"),
        ("imbriqua", "greedy,random"),
    ] {
        let record = dir.join(format!("{game}.toml"));
        let variant: &[&str] = if game == "alphabrick" {
            &["--variant", "junior"]
        } else {
            &[]
        };
        let mut args = vec![
            game,
            "--players",
            players,
            "--seed",
            "5",
            "--record",
            record.to_str().unwrap(),
        ];
        args.extend(variant);
        let o = play(&args, "");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let end = text
            .lines()
            .find(|l| l.starts_with("The game is over"))
            .unwrap_or_else(|| panic!("{game}: {text}"));
        // The record replays to the last position: over, with the same result.
        let score = ludopress(&["score", record.to_str().unwrap(), "--json"]);
        assert!(
            score.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&score.stderr)
        );
        let score = String::from_utf8_lossy(&score.stdout);
        assert!(score.contains("\"over\":true"), "{game}: {score}");
        let winner = score
            .split("\"winner\":")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .trim_matches('"');
        if winner == "draw" {
            assert!(end.contains("a draw"), "{end} / {score}");
        } else {
            assert!(end.contains(&format!("{winner} wins")), "{end} / {score}");
        }
        let moves = ludopress(&["moves", record.to_str().unwrap()]);
        assert!(
            moves.status.success() && moves.stdout.is_empty(),
            "{game}: no move after the end"
        );
        let svg = dir.join(format!("{game}.svg"));
        let d = ludopress(&[
            "diagram",
            record.to_str().unwrap(),
            "--out",
            svg.to_str().unwrap(),
        ]);
        assert!(d.status.success() && svg.is_file());
        // Chance is written down: Alpha-BRIK's rolls.
        let saved = std::fs::read_to_string(&record).unwrap();
        assert_eq!(saved.contains("; die = "), game == "alphabrick", "{saved}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn moves_are_typed_in_notation_and_can_be_taken_back() {
    let dir = scratch("typed");
    let record = dir.join("r.toml");
    let r = record.to_str().unwrap();
    let args = [
        "imperator",
        "--players",
        "human,greedy",
        "--seed",
        "2",
        "--record",
        r,
    ];
    let o = play(&args, "a9\nquit\n");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success());
    assert!(text.contains("`a9` is not a legal move here."), "{text}");
    assert!(
        text.contains("54 legal moves:") && text.contains(" d11"),
        "{text}"
    );
    assert!(
        text.contains(" f1 ") && text.contains(" a7"),
        "cell names beside the board: {text}"
    );
    let o = play(&args, "d4\nc5\nundo\nquit\n");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(text.contains("white (greedy) plays"), "{text}");
    assert!(text.contains("Took back 2 plies."), "{text}");
    let saved = std::fs::read_to_string(&record).unwrap();
    // After `d4`, the computer's answer, `c5`, its answer, then the undo: two plies left.
    let moves: Vec<&str> = saved.lines().filter(|l| l.starts_with("  \"")).collect();
    assert_eq!(moves.len(), 2, "{saved}");
    assert_eq!(moves[0], "  \"d4\",");
    // The record is checked when it is replayed: a wrong move is refused at its place.
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, saved.replace("\"d4\"", "\"z9\"")).unwrap();
    let o = ludopress(&["moves", broken.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("`z9` is not legal here") && err.contains("legal moves: a1"),
        "{err}"
    );
    assert!(Path::new(r).is_file());
    let o = play(&["imperator", "--variant", "junior"], "");
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_goes_on_where_it_stopped_and_never_lands_among_the_sources() {
    let dir = scratch("resume");
    let record = dir.join("r.toml");
    let r = record.to_str().unwrap();
    let o = play(
        &[
            "imperator",
            "--players",
            "human,greedy",
            "--seed",
            "2",
            "--record",
            r,
        ],
        "d4\nquit\n",
    );
    assert!(o.status.success());
    let o = play(
        &[
            "imperator",
            "--players",
            "human,greedy",
            "--seed",
            "3",
            "--from",
            r,
            "--record",
            r,
        ],
        "c5\nquit\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let saved = std::fs::read_to_string(&record).unwrap();
    let moves: Vec<&str> = saved.lines().filter(|l| l.starts_with("  \"")).collect();
    assert_eq!(moves.len(), 4, "the first game's two plies kept: {saved}");
    assert_eq!(moves[0], "  \"d4\",");
    assert_eq!(moves[2], "  \"c5\",");
    assert!(
        saved.contains("in_hand = { red = 10, white = 10 }"),
        "the first start kept: {saved}"
    );
    // Never over a definition, nor over a file that is not a record.
    let def = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/imperator/game.toml");
    let before = std::fs::read(&def).unwrap();
    let o = play(&["imperator", "--record", def.to_str().unwrap()], "quit\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read(&def).unwrap(), before);
    let other = dir.join("notes.txt");
    std::fs::write(&other, "my notes").unwrap();
    let o = play(
        &["imperator", "--record", other.to_str().unwrap()],
        "quit\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes");
    // Undo when the computer moved first and the person has not: nothing to take back.
    let o = play(
        &[
            "imperator",
            "--players",
            "random,human",
            "--seed",
            "4",
            "--record",
            r,
        ],
        "undo\nquit\n",
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("Nothing to undo."));
    // More players than seats.
    let o = play(
        &[
            "imperator",
            "--players",
            "human,random,greedy",
            "--record",
            r,
        ],
        "quit\n",
    );
    assert_eq!(o.status.code(), Some(2));
    // Imbriqua's first talon lies face down.
    let o = play(
        &[
            "imbriqua",
            "--players",
            "human,random",
            "--seed",
            "3",
            "--record",
            r,
        ],
        "quit\n",
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("deck=11 cards face down") && !text.contains("deck=["),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game of two drop rules, south and north, on a 4 × 4 board.
const DROPS: &str = "[game]\nid = \"cards\"\ntitle = \"Drops\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n[[board]]\nid = \"board\"\nname = \"Board\"\ngrid = \"square\"\ncols = 4\nrows = 4\ncell = 20.0\nfill = \"cream\"\nline = \"ink\"\nframe = \"ink\"\n\n[turns]\nsides = [\"red\", \"yellow\"]\n\n[[kind]]\nid = \"disc\"\ntokens = { red = \"R\", yellow = \"Y\" }\n\n[[move]]\ndrop = \"south\"\n\n[[move]]\ndrop = \"north\"\n\n[[end]]\nno_moves = true\nresult = \"draw\"\n";

/// Its rulebook, claiming four moves beside eight successors.
const DROPS_RULES: &str = "Drop a disc into a column, from the top or from the bottom.\n\n```position\ngame = \"cards\"\nto_move = \"red\"\nboard = \"\"\"\n. . . .\n. . . .\n. . . .\n. . . .\n\"\"\"\n\n[expect]\nmoves = [\"a\", \"b\", \"c\", \"d\"]\nsuccessors = 8\n```\n";

/// Two drop rules, south and north, wrote `a` for two moves: `play` listed 4 moves of 8, `a4`
/// typed was recorded as `a`, which replays as the other drop, and a rulebook's
/// `moves = [a, b, c, d]` passed beside `successors = 8`. The game is refused at load, at the
/// second rule, by each of these commands, and no record is written.
#[test]
fn a_game_whose_rules_write_one_notation_for_two_moves_is_refused() {
    let root = common::scratch_project("play-drops", DROPS, &[("rules.en.md", DROPS_RULES)]);
    let at = DROPS.find("\"north\"").unwrap();
    let (l, c) = ludopress::base::diag::line_col(DROPS, at);
    let want =
        format!("games/cards/game.toml:{l}:{c}: error: `move-2` writes its moves as `move-1` does");
    let run = |args: &[&str], input: &str| {
        let o = common::ludopress_in(&root, args, input);
        let (out, err) = (
            String::from_utf8_lossy(&o.stdout).to_string(),
            String::from_utf8_lossy(&o.stderr).to_string(),
        );
        assert!(
            o.status.code() == Some(2) && err.contains(&want),
            "{args:?}: want exit 2 and `{want}`, got {:?}\nstdout:\n{out}\nstderr:\n{err}",
            o.status.code()
        );
    };
    let record = root.join("r.toml");
    let r = record.to_str().unwrap();
    let args = [
        "play",
        "cards",
        "--players",
        "human,random",
        "--seed",
        "1",
        "--record",
        r,
    ];
    run(&args, "moves\na4\nquit\n");
    assert!(!record.exists(), "a record of a refused game");
    std::fs::write(
        &record,
        "game = \"cards\"\nto_move = \"red\"\nboard = \"\"\"\n. . . .\n. . . .\n. . . .\n. . . .\n\"\"\"\nrecord = [\"a4\"]\n",
    )
    .unwrap();
    run(&["moves", r], "");
    run(&["check", "cards"], "");
    let _ = std::fs::remove_dir_all(&root);
}
