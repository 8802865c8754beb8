//! The designer's loop: `watch` rebuilds an edited game and keeps the last good files when an
//! edit breaks it; `build --only` writes just the components asked for; the gallery lists what
//! was built.

use crate::common;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A copy of the example game `potager` (definition, data file, art, fonts) and the templates.
fn scratch(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("ludopress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            if e.file_type().unwrap().is_dir() {
                copy(&e.path(), &to.join(e.file_name()));
            } else {
                std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
            }
        }
    }
    copy(
        &common::root().join("games/potager"),
        &root.join("games/potager"),
    );
    copy(&common::root().join("templates"), &root.join("templates"));
    root
}

/// Lines of the child's standard output and error, as they come.
fn lines(child: &mut std::process::Child) -> Receiver<(bool, String)> {
    let (tx, rx) = channel();
    let out = child.stdout.take().unwrap();
    let err = child.stderr.take().unwrap();
    let t = tx.clone();
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            let _ = t.send((false, l));
        }
    });
    std::thread::spawn(move || {
        for l in std::io::BufReader::new(err).lines().map_while(Result::ok) {
            let _ = tx.send((true, l));
        }
    });
    rx
}

/// Waits (at most a minute) for a line holding `needle`, and returns everything read so far.
fn wait_for(rx: &Receiver<(bool, String)>, needle: &str, seen: &mut Vec<String>) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok((_, l)) => {
                let found = l.contains(needle);
                seen.push(l);
                if found {
                    return;
                }
            }
            Err(_) => panic!(
                "no line with `{needle}` within a minute; read:\n{}",
                seen.join("\n")
            ),
        }
    }
}

#[test]
fn watch_rebuilds_an_edit_and_keeps_the_last_good_files_when_an_edit_breaks_the_game() {
    let root = scratch("watch");
    let out = root.join("out");
    let game = root.join("games/potager");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(["--root", root.to_str().unwrap(), "watch", "potager"])
        .args(["--paper", "a4", "--no-png", "--rebuilds", "2", "--out"])
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let rx = lines(&mut child);
    let mut seen = Vec::new();
    wait_for(&rx, "watching", &mut seen);
    let faces = out.join("potager/components/fr");
    let old = faces.join("garden-carotte-primeur.svg");
    assert!(old.is_file(), "{}", seen.join("\n"));
    assert!(out.join("index.html").is_file() && out.join("potager/index.html").is_file());

    // An edit of the data file: a card renamed and retitled.
    let csv = std::fs::read_to_string(game.join("cards.csv")).unwrap();
    std::fs::write(
        game.join("cards.csv"),
        csv.replace(
            "carotte-primeur,Carotte primeur",
            "carotte-nouvelle,Carotte nouvelle",
        ),
    )
    .unwrap();
    wait_for(&rx, "rebuilt potager", &mut seen);
    let new = faces.join("garden-carotte-nouvelle.svg");
    let svg = std::fs::read_to_string(&new).unwrap();
    assert!(svg.contains("Carotte nouvelle"), "the new title is drawn");
    assert!(!old.exists(), "the renamed card's old face is removed");
    let page = std::fs::read_to_string(out.join("potager/index.html")).unwrap();
    assert!(page.contains("garden-carotte-nouvelle") && !page.contains("carotte-primeur"));

    // An edit that breaks the definition: the error is told, the last good files stay.
    let before: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&faces)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect();
    let pdf = std::fs::read(out.join("potager/potager-fr-a4.pdf")).unwrap();
    let toml = std::fs::read_to_string(game.join("game.toml")).unwrap();
    std::fs::write(
        game.join("game.toml"),
        toml.replace("palette = \"ludopress\"", "palette = \"nowhere\""),
    )
    .unwrap();
    wait_for(&rx, "the last good files are kept", &mut seen);
    let told = seen.join("\n");
    assert!(
        told.contains("game.toml:") && told.contains("nowhere"),
        "{told}"
    );
    for (p, bytes) in &before {
        assert_eq!(&std::fs::read(p).unwrap(), bytes, "{} changed", p.display());
    }
    assert_eq!(
        std::fs::read(out.join("potager/potager-fr-a4.pdf")).unwrap(),
        pdf
    );
    let status = std::fs::read_to_string(out.join("build.js")).unwrap();
    assert!(status.contains("nowhere"), "{status}");

    // Two rebuilds asked for: the watch ends by itself.
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(Instant::now() < deadline, "watch did not end");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    // The pages stop waiting, and still show the last build's error.
    let status = std::fs::read_to_string(out.join("build.js")).unwrap();
    assert!(
        status.contains("nowhere") && status.contains("\"watch\": false"),
        "{status}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn build_only_writes_the_components_asked_for_and_names_what_there_is() {
    let root = scratch("only");
    let out = root.join("out");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .args(["--root", root.to_str().unwrap(), "build", "potager"])
            .args(args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap()
    };
    let o = run(&["--only", "garden/tomate-cerise", "coins"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut written: Vec<String> = Vec::new();
    for lang in ["fr", "en"] {
        for e in std::fs::read_dir(out.join("potager/components").join(lang)).unwrap() {
            written.push(format!(
                "{lang}/{}",
                e.unwrap().file_name().to_string_lossy()
            ));
        }
    }
    written.sort();
    assert_eq!(
        written,
        [
            "en/coins.png",
            "en/coins.svg",
            "en/garden-tomate-cerise.png",
            "en/garden-tomate-cerise.svg",
            "fr/coins.png",
            "fr/coins.svg",
            "fr/garden-tomate-cerise.png",
            "fr/garden-tomate-cerise.svg"
        ]
    );
    assert!(!out.join("potager/sheets").exists());
    assert!(!out.join("potager/potager-fr-a4.pdf").exists());
    // A whole build, then `--only` again: nothing else of the folder is removed.
    assert!(run(&[]).status.success());
    let pdf = out.join("potager/potager-fr-a4.pdf");
    assert!(pdf.is_file());
    assert!(run(&["--only", "garden/marche"]).status.success());
    assert!(
        pdf.is_file()
            && out
                .join("potager/components/fr/garden-tomate-coeur.svg")
                .is_file()
    );
    // What names nothing is an error at the game's definition, listing what there is.
    for (id, says) in [
        (
            "garden/nope",
            "deck `garden` has no card `nope`; its cards are `carotte-primeur`",
        ),
        (
            "nothing",
            "no component `nothing`: the components of `potager` are `score`, `garden`, `coins`",
        ),
    ] {
        let o = run(&["--only", id]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("potager/game.toml: error: ") && err.contains(says),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn watch_and_build_refuse_what_no_save_can_fix() {
    let root = scratch("refuse");
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .args(["--root", root.to_str().unwrap()])
            .args(args)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let out = root.join("out");
    let out = out.to_str().unwrap();
    // A path for a game id would watch the project (and the output folder in it) for ever.
    for bad in ["..", ".", "potager/art", ""] {
        let (code, err) = run(&["watch", bad, "--out", out]);
        assert_eq!(code, Some(2), "{bad:?}: {err}");
        assert!(err.contains("a game id is 1 to 40"), "{err}");
    }
    let (code, err) = run(&["watch", "nosuch", "--out", out]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no folder for game `nosuch`"), "{err}");
    // Outputs among the sources.
    let inside = root.join("games/potager/out");
    let (code, err) = run(&["build", "potager", "--out", inside.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("among the sources"), "{err}");
    assert!(!inside.exists());
    // A tile's number is digits only.
    let o = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(["--root", common::root().to_str().unwrap()])
        .args(["build", "arlecchino", "--only", "tiles/+1", "--out", out])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("has tiles 01 to 36, not `+1`"), "{err}");
    let _ = std::fs::remove_dir_all(&root);
}

/// A file saved while `watch`'s first build runs is rebuilt after it, not missed: watching
/// starts before the first build. (The edit lands a quarter of a second in, when no line of the
/// first build, which takes seconds, has come yet.)
#[test]
fn an_edit_saved_during_the_first_build_is_rebuilt() {
    let root = scratch("watch-first");
    let out = root.join("out");
    let game = root.join("games/potager");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(["--root", root.to_str().unwrap(), "watch", "potager"])
        .args(["--rebuilds", "1", "--out"])
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let rx = lines(&mut child);
    std::thread::sleep(Duration::from_millis(250));
    let mut seen: Vec<String> = rx.try_iter().map(|(_, l)| l).collect();
    assert!(
        !seen.iter().any(|l| l.contains("potager")),
        "the first build was over before the edit: {seen:?}"
    );
    let csv = std::fs::read_to_string(game.join("cards.csv")).unwrap();
    std::fs::write(
        game.join("cards.csv"),
        csv.replace(
            "carotte-primeur,Carotte primeur",
            "carotte-primeur,Carotte hâtive",
        ),
    )
    .unwrap();
    wait_for(&rx, "rebuilt potager", &mut seen);
    let svg = std::fs::read_to_string(out.join("potager/components/fr/garden-carotte-primeur.svg"))
        .unwrap();
    assert!(svg.contains("Carotte hâtive"), "the edit is drawn");
    assert!(child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&root);
}

/// `build --only … --no-png` after a whole build: the face drawn again has no picture made from
/// its old drawing left beside it, so the gallery shows the new drawing; the other faces keep
/// their pictures.
#[test]
fn a_face_rebuilt_without_its_picture_is_shown_from_its_new_drawing() {
    let root = scratch("only-no-png");
    let out = root.join("out");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .args(["--root", root.to_str().unwrap(), "build", "potager"])
            .args(["--lang", "fr", "--paper", "a4"])
            .args(args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap()
    };
    assert!(run(&[]).status.success());
    let faces = out.join("potager/components/fr");
    assert!(faces.join("garden-carotte-primeur.png").is_file());
    let csv_path = root.join("games/potager/cards.csv");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    std::fs::write(
        &csv_path,
        csv.replace(
            "carotte-primeur,Carotte primeur",
            "carotte-primeur,Carotte hâtive",
        ),
    )
    .unwrap();
    let o = run(&["--only", "garden/carotte-primeur", "--no-png"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(faces.join("garden-carotte-primeur.svg")).unwrap();
    assert!(svg.contains("Carotte hâtive"));
    assert!(!faces.join("garden-carotte-primeur.png").exists());
    assert!(faces.join("garden-tomate-cerise.png").is_file());
    let page = std::fs::read_to_string(out.join("potager/index.html")).unwrap();
    assert!(
        page.contains("src=\"components/fr/garden-carotte-primeur.svg\"")
            && page.contains("src=\"components/fr/garden-tomate-cerise.png\""),
        "the gallery shows the new drawing and the others' pictures"
    );
    let _ = std::fs::remove_dir_all(&root);
}
