//! Hostile outputs (issue 29, robust-3): what a downloaded project or a hostile input can make a
//! writing command do. Each test runs the real binary in a small temporary project, and is
//! bounded in time (a command that hangs is killed, and the test fails).

use crate::common;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of the binary did: its exit status (`None`: killed, by a signal or by us after
/// the time allowed), standard output and standard error.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the binary in `cwd` with `args`, standard input from `stdin` (nothing by default),
/// killed after `secs` seconds.
fn run_in(cwd: &Path, args: &[&str], stdin: Option<std::fs::File>, secs: u64) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(args)
        .current_dir(cwd)
        .stdin(stdin.map_or_else(Stdio::null, Stdio::from))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let deadline = Instant::now() + Duration::from_secs(secs);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let run = Run {
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    assert!(
        status.is_some(),
        "`ludopress {}` still running after {secs} s; stderr: {}",
        args.join(" "),
        run.stderr
    );
    run
}

/// A small game without a rules engine: one deck of two cards (ids given), as a definition.
fn deck_game(deck: &str, cards: [&str; 2]) -> String {
    format!(
        "[game]\nid = \"cards\"\ntitle = {{ fr = \"Cartes\", en = \"Cards\" }}\npalette = \"ludopress\"\nsheet = \"home\"\n\n\
         [[deck]]\nid = \"{deck}\"\nname = {{ fr = \"Paquet\", en = \"Deck\" }}\nsize = \"mini\"\nstyle = {{ from = \"classic\" }}\n\
         back = {{ fill = \"blue\", ink = \"white\", title = {{ fr = \"Dos\", en = \"Back\" }}, pattern = \"grid\" }}\n\n\
         [[deck.card]]\nid = \"{}\"\ntitle = {{ fr = \"Un\", en = \"One\" }}\ntext = {{ fr = \"Texte.\", en = \"Text.\" }}\nfill = \"red\"\n\n\
         [[deck.card]]\nid = \"{}\"\ntitle = {{ fr = \"Deux\", en = \"Two\" }}\ntext = {{ fr = \"Texte.\", en = \"Text.\" }}\nfill = \"green\"\n",
        cards[0], cards[1]
    )
}

fn scratch(name: &str, game: &str, files: &[(&str, &str)]) -> PathBuf {
    common::scratch_project(&format!("hostile-out-{name}"), game, files)
}

/// Every path under `dir` (links not followed).
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            out.push(e.path().strip_prefix(dir).unwrap().display().to_string());
            if e.file_type().unwrap().is_dir() {
                todo.push(e.path());
            }
        }
    }
    out.sort();
    out
}

/// The refusal of the output rule: one message, whatever the command.
const LINK_REFUSED: &str = "is a symbolic link: ludopress writes only into real folders";

#[cfg(unix)]
#[test]
fn every_writer_refuses_a_linked_output_folder_alike_and_writes_nothing_through_it() {
    use std::os::unix::fs::symlink;
    let root = scratch("links", &deck_game("deck", ["one", "two"]), &[]);
    let victim = root.join("victim");
    std::fs::create_dir_all(&victim).unwrap();
    let r = root.to_str().unwrap();
    // `output` itself a link (a cloned project can ship one), the default `--out`.
    symlink(&victim, root.join("output")).unwrap();
    for args in [
        vec!["build", "cards", "--no-png"],
        vec!["export", "cards", "--tts"],
        vec!["analyze", "lignes", "--games", "1"],
        vec!["watch", "cards", "--rebuilds", "0", "--no-png"],
    ] {
        let run = run_in(&root, &args, None, 60);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(LINK_REFUSED),
            "{args:?}: {}",
            run.stderr
        );
    }
    // `--out link`, and `play --record` into a linked folder.
    let link = root.join("link");
    symlink(&victim, &link).unwrap();
    let record = link.join("r.toml");
    for args in [
        vec!["build", "cards", "--no-png", "--out", "link"],
        vec!["analyze", "lignes", "--games", "1", "--out", "link"],
        vec![
            "play",
            "lignes",
            "--root",
            common::root().to_str().unwrap(),
            "--record",
            record.to_str().unwrap(),
        ],
    ] {
        let run = run_in(&root, &args, None, 60);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(LINK_REFUSED),
            "{args:?}: {}",
            run.stderr
        );
    }
    // A real `output` whose game folder is a link: `build`, `export` and `analyze` alike.
    std::fs::remove_file(root.join("output")).unwrap();
    std::fs::create_dir_all(root.join("output")).unwrap();
    symlink(&victim, root.join("output/cards")).unwrap();
    symlink(&victim, root.join("output/lignes")).unwrap();
    let mut messages = Vec::new();
    for args in [
        vec!["build", "cards", "--no-png", "--root", r],
        vec!["export", "cards", "--tts", "--root", r],
        vec!["analyze", "lignes", "--games", "1", "--root", r],
    ] {
        let run = run_in(&root, &args, None, 60);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(LINK_REFUSED),
            "{args:?}: {}",
            run.stderr
        );
        messages.push(run.stderr.replace("lignes", "cards"));
    }
    assert!(messages.windows(2).all(|w| w[0] == w[1]), "{messages:#?}");
    assert_eq!(
        tree(&victim),
        Vec::<String>::new(),
        "written through a link"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn no_writer_writes_among_the_sources() {
    let root = scratch("sources", &deck_game("deck", ["one", "two"]), &[]);
    let before = tree(&root.join("games"));
    for args in [
        vec!["build", "cards", "--no-png", "--out", "games"],
        vec!["export", "cards", "--tts", "--out", "games"],
        vec!["export", "cards", "--tts", "--out", "templates/x"],
        vec!["analyze", "lignes", "--games", "1", "--out", "games/cards"],
    ] {
        let run = run_in(&root, &args, None, 60);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("among the sources"),
            "{args:?}: {}",
            run.stderr
        );
    }
    assert_eq!(tree(&root.join("games")), before);
    assert!(!root.join("templates/x").exists());
    let _ = std::fs::remove_dir_all(&root);
}

/// A scratch project with a copy of `tictactoe` (a game with rulebooks and a rules engine)
/// beside `cards`, for the `..` cases below.
fn with_tictactoe(name: &str) -> PathBuf {
    let root = scratch(name, &deck_game("deck", ["one", "two"]), &[]);
    let to = root.join("games/tictactoe");
    for e in walk(&common::root().join("games/tictactoe")) {
        let rel = e
            .strip_prefix(common::root().join("games/tictactoe"))
            .unwrap();
        std::fs::create_dir_all(to.join(rel).parent().unwrap()).unwrap();
        std::fs::copy(&e, to.join(rel)).unwrap();
    }
    root
}

/// The files under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        if e.file_type().unwrap().is_dir() {
            files.extend(walk(&e.path()));
        } else {
            files.push(e.path());
        }
    }
    files
}

/// Runs `args` in a project with `tictactoe`, where an output path names `games/` through a
/// folder that does not exist (`./x/..`) or one of the sources (`./templates/..`): refused as
/// `games/` itself is (exit status 2), nothing written among the sources, `./x` not made.
fn dotdot_refused(name: &str, args: &[&str]) {
    let root = with_tictactoe(name);
    let before = tree(&root.join("games"));
    let run = run_in(&root, args, None, 120);
    assert_eq!(run.code, Some(2), "{args:?}: {}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("among the sources"),
        "{args:?}: {}",
        run.stderr
    );
    assert_eq!(
        tree(&root.join("games")),
        before,
        "{args:?}: written among the sources"
    );
    assert!(!root.join("x").exists(), "{args:?}: `./x` was made");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn build_reads_dotdot_in_out_before_checking_it() {
    dotdot_refused(
        "dotdot-build",
        &["build", "tictactoe", "--no-png", "--out", "./x/../games"],
    );
}

#[test]
fn rules_reads_dotdot_in_out_before_checking_it() {
    dotdot_refused(
        "dotdot-rules",
        &[
            "rules",
            "tictactoe",
            "--paper",
            "a4",
            "--out",
            "./x/../games",
        ],
    );
}

#[test]
fn play_reads_dotdot_in_record_before_checking_it() {
    dotdot_refused(
        "dotdot-play",
        &[
            "play",
            "tictactoe",
            "--players",
            "random,random",
            "--seed",
            "1",
            "--record",
            "./templates/y/../../games/tictactoe/r.toml",
        ],
    );
    dotdot_refused(
        "dotdot-play-out",
        &[
            "play",
            "tictactoe",
            "--players",
            "random,random",
            "--seed",
            "1",
            "--out",
            "./x/../games",
        ],
    );
}

#[test]
fn every_other_writer_reads_dotdot_before_checking_it() {
    for (i, args) in [
        vec!["export", "tictactoe", "--tts", "--out", "./x/../games"],
        vec![
            "analyze",
            "tictactoe",
            "--games",
            "1",
            "--out",
            "./x/../games",
        ],
        vec![
            "watch",
            "tictactoe",
            "--rebuilds",
            "0",
            "--no-png",
            "--out",
            "./x/../games",
        ],
        vec![
            "diagram",
            "games/tictactoe/tests/positions/start.toml",
            "-o",
            "./x/../games/tictactoe/start.svg",
        ],
    ]
    .iter()
    .enumerate()
    {
        dotdot_refused(&format!("dotdot-{i}"), args);
    }
}

/// The folders an inotify watcher of process `pid` watches (Linux: one `inotify wd:` line a
/// watched folder in the descriptor's fdinfo).
#[cfg(target_os = "linux")]
fn inotify_watches(pid: u32) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(format!("/proc/{pid}/fdinfo"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let text = std::fs::read_to_string(e.path()).unwrap_or_default();
        n += text
            .lines()
            .filter(|l| l.starts_with("inotify wd:"))
            .count();
    }
    n
}

#[cfg(target_os = "linux")]
#[test]
fn watch_never_follows_a_link_out_of_a_game() {
    let root = scratch("watch-link", &deck_game("deck", ["one", "two"]), &[]);
    // A link in the game to a tree of 60 folders (standing for `/`).
    let outside = root.join("outside");
    for i in 0..60 {
        std::fs::create_dir_all(outside.join(format!("d{i}"))).unwrap();
    }
    std::os::unix::fs::symlink(&outside, root.join("games/cards/escape")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(["watch", "cards", "--no-png", "--rebuilds", "1"])
        .current_dir(&root)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut watching = false;
    while let Ok(l) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        if l.contains("watching") {
            watching = true;
            break;
        }
    }
    let watches = inotify_watches(child.id());
    let _ = child.kill();
    let _ = child.wait();
    assert!(watching, "the watch did not start");
    // The game's folder, the templates, `games/` and the root: a handful, never the 60 behind
    // the link.
    assert!(
        (1..20).contains(&watches),
        "{watches} folders watched: the link was followed"
    );
    // A game folder that is itself a link is refused.
    let linked = scratch("watch-link2", &deck_game("deck", ["one", "two"]), &[]);
    std::fs::rename(linked.join("games/cards"), linked.join("real")).unwrap();
    std::os::unix::fs::symlink(linked.join("real"), linked.join("games/cards")).unwrap();
    let run = run_in(&linked, &["watch", "cards", "--rebuilds", "0"], None, 60);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("never follows a link"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&linked);
}

#[cfg(target_os = "linux")]
#[test]
fn watch_never_follows_a_game_folder_swapped_for_a_link() {
    let root = scratch("watch-swap", &deck_game("deck", ["one", "two"]), &[]);
    // A big folder elsewhere (standing for `/usr`): 300 folders.
    let big = root.join("big");
    for i in 0..300 {
        std::fs::create_dir_all(big.join(format!("d{i}"))).unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(["watch", "cards", "--no-png", "--rebuilds", "3"])
        .current_dir(&root)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    for pipe in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for l in std::io::BufReader::new(pipe).lines().map_while(Result::ok) {
                let _ = tx.send(l);
            }
        });
    }
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut seen = Vec::new();
    let mut wait_for = |needle: &str| {
        while let Ok(l) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            let found = l.contains(needle);
            seen.push(l);
            if found {
                return true;
            }
        }
        false
    };
    let watching = wait_for("watching");
    let before = inotify_watches(child.id());
    // The game's folder swapped for a link to the big folder.
    std::fs::rename(root.join("games/cards"), root.join("real")).unwrap();
    std::os::unix::fs::symlink(&big, root.join("games/cards")).unwrap();
    let rebuilt = wait_for("not built");
    let after = inotify_watches(child.id());
    let _ = child.kill();
    let _ = child.wait();
    let said = seen.join("\n");
    assert!(watching && rebuilt, "{said}");
    assert!(
        after <= before,
        "{before} folders watched before the swap, {after} after: the link was followed\n{said}"
    );
    assert!(said.contains("is a symbolic link"), "{said}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_pod_export_past_the_pixel_budget_is_refused_before_any_image_is_drawn() {
    // A valid board: 60 × 60 cells of 16 mm; at 1200 dpi, one image of 2.2 billion pixels.
    let game = "[game]\nid = \"cards\"\ntitle = { fr = \"Grand\", en = \"Big\" }\npalette = \"ludopress\"\nsheet = \"home\"\n\n\
                [[board]]\nid = \"huge\"\nname = { fr = \"Plateau\", en = \"Board\" }\ngrid = \"square\"\ncols = 60\nrows = 60\ncell = 16.0\n\
                fill = \"cream\"\nline = \"ink\"\nframe = \"ink\"\n";
    let root = scratch("pixels", game, &[]);
    let run = run_in(
        &root,
        &["export", "cards", "--pod", "--dpi", "1200"],
        None,
        60,
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("`huge`") && run.stderr.contains("--dpi"),
        "{}",
        run.stderr
    );
    assert!(!root.join("output/cards/exports").exists());
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn a_planted_manifest_is_neither_read_whole_nor_waited_for() {
    let root = scratch("manifest", &deck_game("deck", ["one", "two"]), &[]);
    let dir = root.join("output/cards");
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = dir.join(ludopress::base::output::MANIFEST);
    // 3 GB, sparse: nothing is written to the disk.
    let f = std::fs::File::create(&manifest).unwrap();
    f.set_len(3 << 30).unwrap();
    drop(f);
    let run = run_in(&root, &["build", "cards", "--no-png"], None, 60);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains(".ludopress-manifest"), "{}", run.stderr);
    std::fs::remove_file(&manifest).unwrap();
    // A pipe in its place.
    let made = Command::new("mkfifo").arg(&manifest).status();
    if made.is_ok_and(|s| s.success()) {
        let run = run_in(&root, &["build", "cards", "--no-png"], None, 60);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(run.stderr.contains("not a regular file"), "{}", run.stderr);
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn play_reads_no_line_without_end_from_its_input() {
    let dir =
        std::env::temp_dir().join(format!("ludopress-hostile-out-play-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("r.toml");
    let zero = std::fs::File::open("/dev/zero").unwrap();
    let run = run_in(
        &dir,
        &[
            "play",
            "lignes",
            "--root",
            common::root().to_str().unwrap(),
            "--players",
            "human,random",
            "--seed",
            "1",
            "--record",
            record.to_str().unwrap(),
        ],
        Some(zero),
        60,
    );
    // A limit the input reached: bad input, status 2.
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("standard input: a line over the limit of 1024 KiB"),
        "{}",
        run.stderr
    );
    assert!(record.is_file(), "the record is saved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_build_that_would_write_too_much_is_refused_before_writing() {
    // 5,000 small paths (about 300 KB drawn), on 2,000 cards, on each paper, in 2 languages:
    // about 3 GB.
    let mut art = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\" viewBox=\"0 0 100 100\">\n",
    );
    for i in 0..5000 {
        let (x, y) = (i % 50 * 2, i / 50 % 50 * 2);
        art.push_str(&format!(
            "<path d=\"M{x} {y}L{} {y}L{x} {}Z\" fill=\"#{:06x}\"/>\n",
            x + 2,
            y + 2,
            i * 997 % 0xffffff
        ));
    }
    art.push_str("</svg>\n");
    let game = "[game]\nid = \"cards\"\ntitle = { fr = \"Lourd\", en = \"Heavy\" }\npalette = \"ludopress\"\nsheet = \"home\"\n\n\
                [layout.heavy]\n[[layout.heavy.element]]\nname = \"art\"\nkind = \"image\"\nimage = \"art.svg\"\nframe = \"safe\"\n\n\
                [[deck]]\nid = \"deck\"\nname = { fr = \"Paquet\", en = \"Deck\" }\nsize = \"mini\"\nstyle = { from = \"classic\" }\nlayout = \"heavy\"\n\
                back = { fill = \"blue\", ink = \"white\", title = { fr = \"Dos\", en = \"Back\" }, pattern = \"grid\" }\n\n\
                [[deck.card]]\nid = \"one\"\ntitle = { fr = \"Un\", en = \"One\" }\ntext = { fr = \"Texte.\", en = \"Text.\" }\nfill = \"red\"\ncount = 500\n\n\
                [[deck.card]]\nid = \"two\"\ntitle = { fr = \"Deux\", en = \"Two\" }\ntext = { fr = \"Texte.\", en = \"Text.\" }\nfill = \"green\"\ncount = 500\n\n\
                [[deck.card]]\nid = \"three\"\ntitle = { fr = \"Trois\", en = \"Three\" }\ntext = { fr = \"Texte.\", en = \"Text.\" }\nfill = \"blue\"\ncount = 500\n\n\
                [[deck.card]]\nid = \"four\"\ntitle = { fr = \"Quatre\", en = \"Four\" }\ntext = { fr = \"Texte.\", en = \"Text.\" }\nfill = \"blue\"\ncount = 500\n";
    let root = scratch("bytes", game, &[("art.svg", &art)]);
    let run = run_in(&root, &["build", "cards"], None, 120);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("GiB a build may write") && run.stderr.contains("`deck`"),
        "{}",
        run.stderr
    );
    assert!(
        !root.join("output/cards").exists(),
        "nothing is written: {:?}",
        tree(&root.join("output"))
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn two_owners_of_one_file_name_are_refused_at_the_second() {
    // A card `back` and the deck's back both write `deck-back.svg`.
    let root = scratch("collide", &deck_game("deck", ["back", "two"]), &[]);
    let run = run_in(&root, &["build", "cards", "--no-png"], None, 60);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("games/cards/game.toml:15:6:")
            && run.stderr.contains("card `back` of deck `deck`")
            && run
                .stderr
                .contains("the back of deck `deck` at ./games/cards/game.toml:8:6"),
        "{}",
        run.stderr
    );
    assert!(!root.join("output/cards").exists());
    // Deck `garden-carotte` with card `geante`, deck `garden` with card `carotte-geante`.
    let two_decks = deck_game("garden-carotte", ["geante", "other"])
        + &deck_game("garden", ["carotte-geante", "more"])
            .split_once("[[deck]]")
            .map(|(_, d)| format!("[[deck]]{d}"))
            .unwrap();
    std::fs::write(root.join("games/cards/game.toml"), &two_decks).unwrap();
    let run = run_in(&root, &["build", "cards", "--no-png"], None, 60);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("card `carotte-geante` of deck `garden`")
            && run.stderr.contains("`garden-carotte-geante`")
            && run
                .stderr
                .contains("card `geante` of deck `garden-carotte` at ./games/cards/game.toml:15:6"),
        "{}",
        run.stderr
    );
    assert!(!root.join("output/cards").exists());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn control_characters_from_a_definition_never_reach_the_terminal() {
    let titled = deck_game("deck", ["one", "two"])
        .replace("\"Cartes\"", "\"Cartes\\u001b]0;pwned\\u0007\\u001b[2J\"");
    let root = scratch("escapes", &titled, &[]);
    // A title printed by `list`.
    let list = run_in(&root, &["list"], None, 60);
    assert_eq!(list.code, Some(0), "{}", list.stderr);
    assert!(
        list.stdout.contains("Cartes\\u{1b}]0;pwned"),
        "{}",
        list.stdout
    );
    // An error quoting the line that holds the escape codes.
    let bad = titled.replace("fill = \"red\"", "fill = \"red\\u001b[31m\"");
    std::fs::write(root.join("games/cards/game.toml"), bad).unwrap();
    let build = run_in(&root, &["build", "cards", "--no-png"], None, 60);
    assert_eq!(build.code, Some(2), "{}", build.stderr);
    for text in [&list.stdout, &list.stderr, &build.stdout, &build.stderr] {
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "a raw control character: {text:?}"
        );
    }
    assert!(build.stderr.contains("red\\u{1b}[31m"), "{}", build.stderr);
    let _ = std::fs::remove_dir_all(&root);
}
