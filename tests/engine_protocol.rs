//! Protocol version 2 of engine programs (docs/engine-protocol.md "Playing"): the Breakthrough
//! program's `info`, `start`, `play` and `playout` answers, read through ludopress's own
//! `External`, and what a protocol-1 program answers when asked for them (a message, no panic);
//! random games through `rules::fast_playout` over `ExternalRules`, with or without `playout`,
//! and a program that fails in the middle of one.

use ludopress::definition::model::EngineDef;
use ludopress::rules::external::rules::ExternalRules;
use ludopress::rules::external::{ExtPos, External};
use ludopress::rules::rng::Rng;
use ludopress::rules::{self, Rules};
use std::path::PathBuf;
use std::process::Command;

/// Whether `python3` runs here (the Breakthrough program's interpreter).
fn python() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The Breakthrough program, started with consent for this run.
fn breakthrough_py() -> External {
    ludopress::rules::external::trust::allow_for_this_run();
    let def = EngineDef {
        command: vec!["python3".into(), "engine.py".into()],
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("games/breakthrough-py"),
    };
    External::start("breakthrough-py", &def).unwrap()
}

/// The board of a position, as its rows of tokens joined.
fn board(p: &ExtPos) -> String {
    let (rows, _) = p.data();
    ludopress::rules::external::board_text(&rows)
}

const START: &str = "B B B B B B B B\nB B B B B B B B\n. . . . . . . .\n. . . . . . . .\n\
                     . . . . . . . .\n. . . . . . . .\nW W W W W W W W\nW W W W W W W W";

#[test]
fn the_breakthrough_program_speaks_protocol_2() {
    if !python() {
        return;
    }
    let x = breakthrough_py();
    assert_eq!(x.protocol, 2);
    assert_eq!(x.can, ["play", "playout", "start"]);
    assert_eq!(x.sides, ["white", "black"]);
    let start = x.start_position(7).unwrap();
    assert_eq!(board(&start), START);
    assert_eq!(x.seat(&start), Some(0));
    // Protocol-1 requests are unchanged: 22 moves from the start.
    assert_eq!(x.moves(&start).len(), 22);
    assert!(!x.score(&start).over);

    // `play` gives the successor `moves` gives for the same move; an illegal move is refused.
    let after = x.play(&start, "a2-a3").unwrap();
    let listed = x.moves(&start);
    let (_, q) = listed.iter().find(|(m, _)| m == "a2-a3").unwrap();
    assert_eq!(&after, q);
    assert_eq!(x.seat(&after), Some(1));
    let e = x.play(&start, "a2-a5").unwrap_err();
    assert!(e.contains("`a2-a5` is not a legal move here"), "{e}");
    assert!(x.failure().is_none(), "a refused move is no failure");

    // `playout`: the same seed plays the same game, to its end within a large cap.
    let (end, plies) = x.playout(&start, 9, 10_000).unwrap();
    assert_eq!(x.playout(&start, 9, 10_000).unwrap(), (end.clone(), plies));
    assert!(x.score(&end).over, "{}", board(&end));
    assert!(plies > 0);
    // A cap stops it: 3 plies, black to move, not over.
    let (short, n) = x.playout(&start, 9, 3).unwrap();
    assert_eq!(n, 3);
    assert_eq!(x.seat(&short), Some(1));
    assert!(!x.score(&short).over);
    // Another seed, another game (over these seeds at least one differs).
    assert!((10..20).any(|s| x.playout(&start, s, 10_000).unwrap().0 != end));
    assert!(x.failure().is_none());
}

#[test]
fn a_protocol_1_program_is_asked_nothing_it_did_not_announce() {
    ludopress::rules::external::trust::allow_for_this_run();
    let dir =
        std::env::temp_dir().join(format!("ludopress-engine-protocol-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // It answers `info` as protocol 1 and then anything else with an empty list of moves.
    std::fs::write(
        dir.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":1,"game":"breakthrough-py","sides":["white","black"],"can":["start"]}'
n=2; while read -r line; do echo "{\"id\":$n,\"moves\":[]}"; n=$((n+1)); done
"#,
    )
    .unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    let x = External::start("breakthrough-py", &def).unwrap();
    assert_eq!(x.protocol, 1);
    assert!(
        x.can.is_empty(),
        "protocol 1 announces nothing: {:?}",
        x.can
    );
    let e = x.start_position(1).unwrap_err();
    assert!(e.contains("does not offer `start`"), "{e}");
    let p = ExtPos(r#"{"board":". .","game":"breakthrough-py","to_move":"white"}"#.into());
    let e = x.playout(&p, 1, 10).unwrap_err();
    assert!(e.contains("does not offer `playout`"), "{e}");
    // `play` without the request searches `moves`: none here.
    let e = x.play(&p, "a1-a2").unwrap_err();
    assert!(e.contains("`a1-a2` is not a legal move here"), "{e}");
    assert!(x.failure().is_none());
    drop(x);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_program_answering_out_of_protocol_gets_a_message() {
    ludopress::rules::external::trust::allow_for_this_run();
    let dir = std::env::temp_dir().join(format!(
        "ludopress-engine-protocol-bad-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Protocol 2 with every request, but `start` answers no position and `playout` more
    // plies than the cap.
    std::fs::write(
        dir.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":2,"game":"breakthrough-py","sides":["white","black"],"can":["start","playout","fly"]}'
read -r line; echo '{"id":2,"position":7}'
read -r line; echo '{"id":3,"position":{"board":"."},"plies":11}'
exec sleep 600
"#,
    )
    .unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    let x = External::start("breakthrough-py", &def).unwrap();
    assert_eq!(x.can, ["playout", "start"]);
    let e = x.start_position(1).unwrap_err();
    assert!(
        e.contains("answered `start` without a `position` object"),
        "{e}"
    );
    let p = ExtPos(r#"{"board":".","game":"breakthrough-py","to_move":"white"}"#.into());
    let e = x.playout(&p, 1, 10).unwrap_err();
    assert!(e.contains("up to the cap 10"), "{e}");
    drop(x);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `n` random games through `rules::fast_playout` from the program's start, from `seed`.
fn games(rules: &ExternalRules, seed: u64, n: usize) -> Vec<(ExtPos, u64)> {
    let mut rng = Rng::new(seed);
    let mut buf = Vec::new();
    (0..n)
        .map(|i| {
            let start = rules.start(i as u64);
            rules::fast_playout(rules, start, 10_000, &mut rng, &mut buf)
        })
        .collect()
}

#[test]
fn a_program_plays_random_games_as_rules_one_request_a_game() {
    if !python() {
        return;
    }
    let r = ExternalRules::new(breakthrough_py()).unwrap();
    assert_eq!(r.id(), "breakthrough-py");
    assert_eq!(r.sides(), ["white", "black"]);
    let played = games(&r, 5, 4);
    assert_eq!(
        played,
        games(&r, 5, 4),
        "the same seed plays the same games"
    );
    assert_ne!(played, games(&r, 6, 4));
    for (end, plies) in &played {
        let s = r.score(end);
        assert!(s.over && *plies > 0, "{plies} plies: {}", board(end));
        // The loser is to move at the end.
        assert_ne!(s.winner.as_deref(), Some(r.sides()[r.seat(end)]));
        assert!(r.invariants(end).is_ok());
    }
    assert_eq!(r.error(), None);
}

#[test]
fn a_program_without_playout_is_played_one_move_a_ply() {
    if !python() {
        return;
    }
    let mut x = breakthrough_py();
    x.can.retain(|c| c != "playout");
    let r = ExternalRules::new(x).unwrap();
    let start = r.start(0);
    // Moves are indices into the distinct successors, sorted by notation.
    let mut legal = Vec::new();
    r.legal(&start, &mut legal);
    assert_eq!(legal, (0..22).collect::<Vec<u32>>());
    assert_eq!(r.notation(&start, 0), "a2-a3");
    assert_eq!(r.apply(&start, 0, 0), r.find_move(&start, "a2-a3").unwrap());
    assert_eq!(r.seat(&r.apply(&start, 0, 0)), 1);
    assert_eq!(r.find_move(&start, "a2-a5"), None);
    let played = games(&r, 5, 2);
    assert_eq!(played, games(&r, 5, 2));
    for (end, plies) in &played {
        assert!(r.score(end).over && *plies > 0, "{}", board(end));
        let mut none = Vec::new();
        r.legal(end, &mut none);
        assert!(none.is_empty());
    }
    // Past the cap, a game stops where it is.
    let (p, n) = rules::fast_playout(&r, start, 3, &mut Rng::new(1), &mut Vec::new());
    assert_eq!(n, 3);
    assert!(!r.score(&p).over);
    assert_eq!(r.error(), None);
}

#[test]
fn a_program_that_fails_mid_game_ends_it_and_says_why() {
    ludopress::rules::external::trust::allow_for_this_run();
    let dir = std::env::temp_dir().join(format!(
        "ludopress-engine-protocol-dies-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // It starts, lists one move, then exits with a message.
    std::fs::write(
        dir.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":2,"game":"breakthrough-py","sides":["white","black"],"can":["start"]}'
read -r line; echo '{"id":2,"position":{"board":"W .","to_move":"white"}}'
read -r line; echo '{"id":3,"moves":[{"move":"a1-b1","position":{"board":". W","to_move":"black"}}]}'
echo 'out of luck' >&2; exit 3
"#,
    )
    .unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    let r = ExternalRules::new(External::start("breakthrough-py", &def).unwrap()).unwrap();
    let start = r.start(0);
    let (end, n) = rules::fast_playout(&r, start, 100, &mut Rng::new(1), &mut Vec::new());
    assert_eq!(n, 1, "one ply, then the failure ends the game");
    assert_eq!(board(&end), ". W");
    let e = r.error().unwrap();
    assert!(e.contains("failed") && e.contains("out of luck"), "{e}");
    // Asked again, it answers nothing and does not panic.
    assert!(!r.score(&end).over);
    assert_eq!(games(&r, 1, 1)[0].1, 0);
    drop(r);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_program_without_start_cannot_be_played() {
    ludopress::rules::external::trust::allow_for_this_run();
    let dir = std::env::temp_dir().join(format!(
        "ludopress-engine-protocol-nostart-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":1,"game":"breakthrough-py","sides":["white","black"]}'
exec sleep 600
"#,
    )
    .unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    let e = ExternalRules::new(External::start("breakthrough-py", &def).unwrap()).unwrap_err();
    assert!(e.contains("does not offer `start`"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_position_file_is_read_through_the_program() {
    if !python() {
        return;
    }
    let r = ExternalRules::new(breakthrough_py()).unwrap();
    let raw = |text: &str| {
        ludopress::rules::position::RawPosition::parse(ludopress::base::diag::Source::new(
            "p.toml", text,
        ))
        .unwrap()
    };
    let text = format!(
        "game = \"breakthrough-py\"\nto_move = \"white\"\nboard = \"\"\"\n{START}\n\"\"\"\n"
    );
    let p = rules::load(&r, raw(&text)).unwrap();
    assert_eq!(p, r.start(0));
    let fields = r.fields(&p);
    assert_eq!(fields[0].0, "to_move");
    assert_eq!(fields.last().unwrap().0, "board");
    // The program's refusal is an error at the board, with its reason.
    let bad = text.replace("W W W W W W W W\nW W", "W W W W W W W W W\nW W");
    let e = rules::load(&r, raw(&bad)).unwrap_err().to_string();
    assert!(
        e.contains("refuses this position") && e.contains("expected 8 tokens, found 9"),
        "{e}"
    );
    assert_eq!(r.error(), None, "a refused position is no failure");
}
