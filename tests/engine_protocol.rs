//! Protocol version 2 of engine programs (docs/engine-protocol.md "Playing"): the Breakthrough
//! program's `info`, `start`, `play` and `playout` answers, read through ludopress's own
//! `External`, and what a protocol-1 program answers when asked for them (a message, no panic).

use ludopress::definition::model::EngineDef;
use ludopress::rules::external::{ExtPos, External};
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
fn breakthrough() -> External {
    ludopress::rules::external::trust::allow_for_this_run();
    let def = EngineDef {
        command: vec!["python3".into(), "engine.py".into()],
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("games/breakthrough"),
    };
    External::start("breakthrough", &def).unwrap()
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
    let x = breakthrough();
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
        r#"read -r line; echo '{"id":1,"protocol":1,"game":"breakthrough","sides":["white","black"],"can":["start"]}'
n=2; while read -r line; do echo "{\"id\":$n,\"moves\":[]}"; n=$((n+1)); done
"#,
    )
    .unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    let x = External::start("breakthrough", &def).unwrap();
    assert_eq!(x.protocol, 1);
    assert!(
        x.can.is_empty(),
        "protocol 1 announces nothing: {:?}",
        x.can
    );
    let e = x.start_position(1).unwrap_err();
    assert!(e.contains("does not offer `start`"), "{e}");
    let p = ExtPos(r#"{"board":". .","game":"breakthrough","to_move":"white"}"#.into());
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
        r#"read -r line; echo '{"id":1,"protocol":2,"game":"breakthrough","sides":["white","black"],"can":["start","playout","fly"]}'
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
    let x = External::start("breakthrough", &def).unwrap();
    assert_eq!(x.can, ["playout", "start"]);
    let e = x.start_position(1).unwrap_err();
    assert!(
        e.contains("answered `start` without a `position` object"),
        "{e}"
    );
    let p = ExtPos(r#"{"board":".","game":"breakthrough","to_move":"white"}"#.into());
    let e = x.playout(&p, 1, 10).unwrap_err();
    assert!(e.contains("up to the cap 10"), "{e}");
    drop(x);
    let _ = std::fs::remove_dir_all(&dir);
}
