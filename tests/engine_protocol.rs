//! Protocol version 2 of engine programs (docs/engine-protocol.md "Playing"): the Breakthrough
//! program's `info`, `start`, `play` and `playout` answers, read through ludopress's own
//! `External`, and what a protocol-1 program answers when asked for them (a message, no panic);
//! random games through `rules::fast_playout` over `ExternalRules`, with or without `playout`,
//! and a program that fails in the middle of one; a process per worker; and the commands
//! `playout`, `analyze` and `play` run on `breakthrough-py` through the binary, each saying how
//! fast the program played, and a program that dies mid-run reported at its game (status 2).

use crate::common::program;
use ludopress::definition::model::EngineDef;
use ludopress::rules::external::rules::ExternalRules;
use ludopress::rules::external::{ExtPos, External};
use ludopress::rules::rng::Rng;
use ludopress::rules::{self, Rules};
use program::{breakthrough_py, python};
use std::path::PathBuf;
use std::process::Command;

/// The board of a position, as its rows of tokens joined.
fn board(p: &ExtPos) -> String {
    p.data().0.text("\n")
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
    let e = x.play(&start, "a2-a5").unwrap_err().to_string();
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
    let e = x.start_position(1).unwrap_err().to_string();
    assert!(e.contains("does not offer `start`"), "{e}");
    let p = ExtPos(r#"{"board":". .","game":"breakthrough-py","to_move":"white"}"#.into());
    let e = x.playout(&p, 1, 10).unwrap_err().to_string();
    assert!(e.contains("does not offer `playout`"), "{e}");
    // `play` without the request searches `moves`: none here.
    let e = x.play(&p, "a1-a2").unwrap_err().to_string();
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
    let e = x.start_position(1).unwrap_err().to_string();
    assert!(
        e.contains("answered `start` without a `position` object"),
        "{e}"
    );
    let p = ExtPos(r#"{"board":".","game":"breakthrough-py","to_move":"white"}"#.into());
    let e = x.playout(&p, 1, 10).unwrap_err().to_string();
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
    // It starts (asked once when the rules are made, once for the game), lists one move, then
    // exits with a message.
    std::fs::write(
        dir.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":2,"game":"breakthrough-py","sides":["white","black"],"can":["start"]}'
read -r line; echo '{"id":2,"position":{"board":"W .","to_move":"white"}}'
read -r line; echo '{"id":3,"position":{"board":"W .","to_move":"white"}}'
read -r line; echo '{"id":4,"moves":[{"move":"a1-b1","position":{"board":". W","to_move":"black"}}]}'
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
    let e = ExternalRules::new(External::start("breakthrough-py", &def).unwrap())
        .unwrap_err()
        .to_string();
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

/// A folder of its own for a test, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "ludopress-engine-protocol-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn each_worker_gets_a_process_of_its_own_and_they_share_the_failure() {
    ludopress::rules::external::trust::allow_for_this_run();
    let dir = scratch("workers");
    // Its start names the process (`$$`); a second `start` ends it with a message.
    std::fs::write(
        dir.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":2,"game":"breakthrough-py","sides":["white","black"],"can":["start"]}'
read -r line; echo "{\"id\":2,\"position\":{\"board\":\"W .\",\"to_move\":\"white\",\"pid\":\"$$\"}}"
read -r line; echo "{\"id\":3,\"position\":{\"board\":\"W .\",\"to_move\":\"white\",\"pid\":\"$$\"}}"
read -r line; echo 'no third start' >&2; exit 3
"#,
    )
    .unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    let pid = |r: &ExternalRules| {
        let (_, fields) = r.start(0).data();
        fields["pid"].as_str().unwrap().to_string()
    };
    let r = ExternalRules::new(External::start("breakthrough-py", &def).unwrap()).unwrap();
    let w = r.for_worker().expect("a worker's rules");
    let theirs = pid(&w);
    assert_ne!(pid(&r), theirs, "two workers, two processes");
    assert_eq!(pid(&w), theirs, "a worker keeps its process");
    assert_eq!(r.error(), None);
    assert_eq!(w.error(), None);
    // The worker's process fails at its third start: the run's rules know it, and stop.
    assert_eq!(w.start(0).0, r#"{"game":"breakthrough-py"}"#);
    let e = r.error().expect("the worker's failure is the run's");
    assert!(
        e.contains("`sh engine.sh` failed") && e.contains("no third start"),
        "{e}"
    );
    let mut none = Vec::new();
    r.legal(&r.start(0), &mut none);
    assert!(none.is_empty());
    drop((r, w));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_start_that_says_no_side_to_move_cannot_be_played() {
    ludopress::rules::external::trust::allow_for_this_run();
    let dir = scratch("noside");
    std::fs::write(
        dir.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":2,"game":"breakthrough-py","sides":["white","black"],"can":["start"]}'
read -r line; echo '{"id":2,"position":{"board":"W .","to_move":"red"}}'
exec sleep 600
"#,
    )
    .unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    let e = ExternalRules::new(External::start("breakthrough-py", &def).unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("positions say no `to_move` (one of white, black)"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The binary on the repository's games, with consent to run their programs for the run.
fn ludopress(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(env!("CARGO_MANIFEST_DIR"))
        .arg("--allow-engine")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Standard output, after checking the command succeeded.
fn ok(o: &std::process::Output) -> String {
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The line that says the game was played through its program, with the plies a second.
fn speed(out: &str) -> f64 {
    let lead =
        "`breakthrough-py` is played through its engine program (`python3 engine.py`): about ";
    let line = out
        .lines()
        .find(|l| l.starts_with(lead))
        .unwrap_or_else(|| panic!("no speed line in:\n{out}"));
    assert!(
        line.ends_with("a declared or bundled engine plays much faster"),
        "{line}"
    );
    let figure = line[lead.len()..]
        .split(' ')
        .next()
        .unwrap()
        .replace(',', "");
    figure.parse().unwrap()
}

#[test]
fn playout_runs_on_the_program_and_says_how_fast() {
    if !python() {
        return;
    }
    let run = || {
        ok(&ludopress(
            &["playout", "breakthrough-py", "--games", "20", "--seed", "4"],
            "",
        ))
    };
    let out = run();
    assert!(out.starts_with("20 games in "), "{out}");
    let rate = speed(&out);
    assert!(rate > 0.0, "{out}");
    eprintln!("breakthrough-py playouts: {rate} plies a second");
    // Every game ends (Breakthrough cannot last 10,000 plies), each won by a side, and the same
    // seed plays the same games.
    let wins = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| {
                l.starts_with("white: ")
                    || l.starts_with("black: ")
                    || l.starts_with("draw: ")
                    || l.starts_with("average length")
            })
            .map(String::from)
            .collect()
    };
    let w = wins(&out);
    assert_eq!(w.len(), 4, "{out}");
    assert!(w.iter().any(|l| l.starts_with("draw: 0 ")), "{out}");
    assert!(!out.contains("unfinished"), "{out}");
    assert_eq!(wins(&run()), w);
    // The exact path builds every successor through `moves` and checks each position's side.
    let out = ok(&ludopress(
        &["playout", "breakthrough-py", "--games", "2", "--check"],
        "",
    ));
    assert!(out.contains("invariants held after every ply"), "{out}");
    speed(&out);
}

#[test]
fn analyze_runs_on_the_program_the_same_on_one_process_or_two() {
    if !python() {
        return;
    }
    let dir = scratch("analyze");
    let report = |jobs: &str| {
        let out = dir.join(jobs);
        let text = ok(&ludopress(
            &[
                "analyze",
                "breakthrough-py",
                "--games",
                "4",
                "--players",
                "random,mcts:6",
                "--seed",
                "2",
                "--jobs",
                jobs,
                "--out",
                out.to_str().unwrap(),
            ],
            "",
        ));
        assert!(speed(&text) > 0.0);
        std::fs::read_to_string(out.join("breakthrough-py/analysis.json")).unwrap()
    };
    let one = report("1");
    assert!(one.contains("\"game\": \"breakthrough-py\""), "{one}");
    assert!(one.contains("mcts:6"), "{one}");
    // Two workers, two processes of the program: the same report.
    assert_eq!(report("2"), one);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_is_scripted_on_the_program_and_its_record_kept() {
    if !python() {
        return;
    }
    let dir = scratch("play");
    let record = dir.join("game.toml");
    let args = [
        "play",
        "breakthrough-py",
        "--players",
        "human,random",
        "--seed",
        "3",
        "--record",
        record.to_str().unwrap(),
    ];
    // A move, one refused, then quit.
    let out = ok(&ludopress(&args, "a2-a3\na2-a5\nquit\n"));
    assert!(
        out.contains("breakthrough-py: white you, black random"),
        "{out}"
    );
    assert!(out.contains("`a2-a5` is not a legal move here."), "{out}");
    speed(&out);
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("game = \"breakthrough-py\""), "{text}");
    assert!(text.contains("record = [\n  \"a2-a3\",\n  \""), "{text}");
    // Two computer players play a whole game to its end.
    let args = [
        "play",
        "breakthrough-py",
        "--players",
        "random,greedy",
        "--seed",
        "3",
        "--record",
        record.to_str().unwrap(),
    ];
    let out = ok(&ludopress(&args, ""));
    let end = out
        .lines()
        .find(|l| l.starts_with("The game is over after ") && l.contains(" wins."))
        .unwrap_or_else(|| panic!("{out}"));
    speed(&out);
    // The record replays through the program to the same end.
    let winner = end.split(": ").nth(1).unwrap().split(' ').next().unwrap();
    let score = ok(&ludopress(
        &["score", record.to_str().unwrap(), "--json"],
        "",
    ));
    assert!(
        score.starts_with(&format!("{{\"over\":true,\"winner\":\"{winner}\"")),
        "{score} after {end}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_program_that_dies_mid_run_is_reported_at_its_game() {
    let root = scratch("project-dies");
    // A project of one game, whose program starts and dies at its first playout.
    copy_tree(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates"),
        &root.join("templates"),
    );
    let game = root.join("games/breakthrough-py");
    std::fs::create_dir_all(&game).unwrap();
    let toml = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("games/breakthrough-py/game.toml"),
    )
    .unwrap()
    .replace(
        r#"command = ["python3", "engine.py"]"#,
        r#"command = ["sh", "engine.sh"]"#,
    );
    std::fs::write(game.join("game.toml"), toml).unwrap();
    std::fs::write(
        game.join("engine.sh"),
        r#"read -r line; echo '{"id":1,"protocol":2,"game":"breakthrough-py","sides":["white","black"],"can":["start","playout"]}'
read -r line; echo '{"id":2,"position":{"board":"W .","to_move":"white"}}'
read -r line; echo '{"id":3,"position":{"board":"W .","to_move":"white"}}'
read -r line; echo 'out of luck' >&2; exit 3
"#,
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(&root)
        .args([
            "--allow-engine",
            "playout",
            "breakthrough-py",
            "--games",
            "20",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("games/breakthrough-py/game.toml")
            && err.contains("the engine `sh engine.sh` failed")
            && err.contains("out of luck"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&root);
}

fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_tree(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}
