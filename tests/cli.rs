//! The real binary in a temporary folder: builds, listings, and bad input (exit 2, nothing written).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ludopress"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludopress-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn build_writes_the_print_pdf_and_a_summary_line() {
    let out = temp("build");
    let o = bin()
        .args([
            "--root",
            common::root().to_str().unwrap(),
            "build",
            "imperator",
            "--paper",
            "letter",
            "--no-png",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("imperator") && l.contains(" ms")),
        "{stdout}"
    );
    let pdf = std::fs::read(out.join("imperator/imperator-fr-letter.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(out.join("imperator/components/fr/board.svg").is_file());
    assert!(out
        .join("imperator/sheets/fr/letter-01-guide.svg")
        .is_file());
    assert!(out.join("imperator/sheets/fr/letter-03.svg").is_file());
    let leftovers: Vec<_> = std::fs::read_dir(out.join("imperator"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left behind");
}

#[test]
fn a_broken_definition_exits_2_names_the_place_and_leaves_outputs_intact() {
    let root = temp("broken");
    copy_dir(&common::root().join("games"), &root.join("games"));
    copy_dir(&common::root().join("templates"), &root.join("templates"));
    let def = root.join("games/lignes/game.toml");
    let text = std::fs::read_to_string(&def)
        .unwrap()
        .replacen("size = 20.0", "size = -3.0", 1);
    std::fs::write(&def, text).unwrap();
    let out = root.join("out");
    std::fs::create_dir_all(out.join("lignes")).unwrap();
    std::fs::write(out.join("lignes/lignes-fr-a4.pdf"), b"earlier output").unwrap();
    let o = bin()
        .arg("--root")
        .arg(&root)
        .args(["build", "--no-png", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("games/lignes/game.toml:") && err.contains("piece size out of range"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    assert_eq!(
        std::fs::read(out.join("lignes/lignes-fr-a4.pdf")).unwrap(),
        b"earlier output"
    );
    assert!(
        !out.join("imbriqua").exists(),
        "nothing is written when any definition is broken"
    );
}

#[test]
fn an_unknown_game_exits_2_with_a_hint() {
    let o = bin()
        .args([
            "--root",
            common::root().to_str().unwrap(),
            "build",
            "imbriquaa",
            "--no-png",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no game `imbriquaa`") && err.contains("did you mean `imbriqua`?"),
        "{err}"
    );
}

#[test]
fn list_shows_each_games_components_as_counted() {
    let o = bin()
        .args(["--root", common::root().to_str().unwrap(), "list"])
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&o.stdout);
    for g in ludopress::rules::registry::NAMES {
        let n = common::game(g).counts();
        let line = s.lines().find(|l| l.starts_with(g)).unwrap_or("");
        let want = format!(
            "boards {}, mats {}, cards {}, tiles {}, pieces {}, dice {}",
            n.boards, n.mats, n.cards, n.tiles, n.pieces, n.dice
        );
        assert!(line.ends_with(&want), "{g}: `{line}` against `{want}`");
    }
    let potager = common::game("potager").counts();
    assert!(potager.cards > 0, "{potager:?}");
}

#[test]
fn list_names_every_game_and_help_has_examples() {
    let o = bin()
        .args(["--root", common::root().to_str().unwrap(), "list"])
        .output()
        .unwrap();
    assert!(o.status.success());
    let s = String::from_utf8_lossy(&o.stdout);
    for g in ludopress::rules::registry::NAMES {
        assert!(
            s.lines().any(|l| l.starts_with(g)),
            "{g} missing from:\n{s}"
        );
    }
    for cmd in ["build", "list"] {
        let h = bin().args([cmd, "--help"]).output().unwrap();
        assert!(
            String::from_utf8_lossy(&h.stdout).contains("Example"),
            "{cmd} --help"
        );
    }
}

#[test]
fn a_reader_that_goes_away_is_not_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    // Moves of a late Lignes position: about 500 KB of JSON, far more than a pipe holds.
    let mut child = bin()
        .args(["moves", "--json"])
        .arg(common::root().join("games/lignes/tests/positions/takes.toml"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The read end is closed here, long before the output is all written.
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(&first, b"[{\"move\":\"");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(o.status.code(), Some(0), "{err}");
}

#[test]
fn export_writes_tabletop_sheets_and_refuses_a_bad_resolution() {
    let out = temp("export");
    let o = bin()
        .args([
            "export", "imbriqua", "--tts", "--lang", "en", "--dpi", "60", "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    // 60 dpi is below the floor of 72: refused before anything is written.
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("72 to 1200"));
    assert!(!out.join("imbriqua").exists());
    let o = bin()
        .args([
            "export", "imbriqua", "--tts", "--lang", "en", "--dpi", "100", "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let dir = out.join("imbriqua/exports/tts/en");
    assert!(dir.join("actions.json").is_file() && dir.join("actions-1.png").is_file());
    assert!(
        !out.join("imbriqua/exports/pod").exists(),
        "only what was asked"
    );
}

#[cfg(unix)]
#[test]
fn an_unwritable_standard_error_loses_the_message_not_the_exit_status() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let status = bin()
        .args(["build", "no-such-game"])
        .stderr(full)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2), "a panic exits 101");
}

/// `--root` puts the outputs under the root, not in the current folder, and `rules GAME`
/// builds the rulebook in the game's first language: the walk-through's Sidestep, English only,
/// run from another folder, writes `<root>/output/sidestep/` in English and nothing where it
/// runs; an explicit `--lang fr` is still refused as a language the game has no rulebook in.
#[test]
fn root_outputs_stay_under_the_root_and_rules_defaults_to_the_game_s_language() {
    let root = temp("root-outputs");
    let elsewhere = temp("root-outputs-cwd");
    copy_dir(
        &common::root().join("docs/examples/sidestep"),
        &root.join("games/sidestep"),
    );
    copy_dir(&common::root().join("templates"), &root.join("templates"));
    let o = bin()
        .current_dir(&elsewhere)
        .arg("--root")
        .arg(&root)
        .args(["rules", "sidestep", "--paper", "a4"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("sidestep rules (en)"), "{said}");
    assert!(root.join("output/sidestep").is_dir(), "{said}");
    assert!(!elsewhere.join("output").exists(), "{said}");
    let o = bin()
        .current_dir(&elsewhere)
        .arg("--root")
        .arg(&root)
        .args(["rules", "sidestep", "--lang", "fr"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("no rulebook in this language"), "{err}");
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

/// A print shop ludopress does not know, or an ink limit out of its range, is refused as a bad
/// argument (exit 2) with what it may be, before anything is written.
#[test]
fn export_refuses_an_unknown_preset_and_an_ink_limit_out_of_range() {
    let out = temp("press-args");
    for (args, says) in [
        (
            vec!["--press", "--preset", "printshop"],
            "possible values: thegamecrafter, makeplayingcards, drivethrucards",
        ),
        (
            vec!["--press", "--cmyk", "--ink-limit", "50"],
            "not a total ink from 100 to 400 percent",
        ),
        // Options that would be quietly ignored are refused: RGB files believed CMYK.
        (vec!["--cmyk"], "--press"),
        (vec!["--press", "--ink-limit", "250"], "--cmyk"),
        (
            vec!["--tts", "--preset", "makeplayingcards"],
            "<--press|--pod>",
        ),
        (vec!["--press", "--dpi", "600"], "cannot be used with"),
    ] {
        let o = bin()
            .args(["export", "potager"])
            .args(&args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(says), "{err}");
    }
    assert!(!out.join("potager").exists());
    // A malformed SOURCE_DATE_EPOCH stops the build (the reproducible-builds convention).
    let o = bin()
        .args(["export", "potager", "--press", "--out"])
        .arg(&out)
        .env("SOURCE_DATE_EPOCH", "abc")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("SOURCE_DATE_EPOCH: error: `abc` is no date"),
        "{err}"
    );
    assert!(!out.join("potager").exists());
    let _ = std::fs::remove_dir_all(&out);
}

/// RGB and CMYK press files and each preset's POD images have folders of their own, the report
/// says how many of each face to order, and a warning true in both languages is said once.
#[test]
fn press_files_of_each_kind_stay_apart_and_warnings_are_said_once() {
    let out = temp("press-apart");
    let run = |args: &[&str]| {
        let o = bin()
            .args(["export", "potager"])
            .args(args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
    };
    // Both languages: Potager's warnings hold for each.
    let said = run(&["--press", "--preset", "makeplayingcards"]);
    run(&[
        "--press",
        "--preset",
        "makeplayingcards",
        "--cmyk",
        "--lang",
        "fr",
    ]);
    run(&["--pod", "--preset", "makeplayingcards", "--lang", "fr"]);
    let press = out.join("potager/exports/press");
    for (dir, colour) in [
        ("makeplayingcards", "RGB (sRGB output intent)"),
        ("makeplayingcards-cmyk", "(limit 300 %)"),
    ] {
        let report = std::fs::read_to_string(press.join(dir).join("report.txt")).unwrap();
        assert!(report.contains(colour), "{dir}: {report}");
        assert!(
            report.contains("garden-carotte-primeur × 4"),
            "{dir}: {report}"
        );
        assert!(press.join(dir).join("garden-fr.pdf").exists());
        // An RGB file's black turns into four inks at a shop's default conversion: the report
        // says so and points to `--cmyk`; a CMYK report has nothing of the kind to say.
        let rich = report.contains("rich black") && report.contains("--cmyk");
        assert_eq!(rich, dir == "makeplayingcards", "{dir}: {report}");
    }
    assert!(out
        .join("potager/exports/pod/makeplayingcards/fr/quantities.txt")
        .exists());
    // A warning names the faces it holds for: the soil picture of Potager's cards.
    assert!(
        said.contains("a picture prints at 212 ppi (on garden-carotte-primeur, garden-carotte-solaire and 8 more)"),
        "{said}"
    );
    let lines: Vec<&str> = said.lines().filter(|l| l.starts_with("warning")).collect();
    let once: std::collections::BTreeSet<&&str> = lines.iter().collect();
    assert!(!lines.is_empty());
    assert_eq!(lines.len(), once.len(), "{said}");
    let _ = std::fs::remove_dir_all(&out);
}

/// The `CreationDate` of a PDF's document information.
fn pdf_date(path: &Path) -> String {
    let doc = lopdf::Document::load(path).unwrap();
    let info = doc
        .get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap())
        .unwrap();
    String::from_utf8_lossy(info.get(b"CreationDate").unwrap().as_str().unwrap()).into_owned()
}

#[test]
fn print_and_rulebook_pdfs_carry_the_inputs_date_or_source_date_epoch() {
    let root = temp("dates");
    copy_dir(
        &common::root().join("games/tictactoe"),
        &root.join("games/tictactoe"),
    );
    copy_dir(&common::root().join("templates"), &root.join("templates"));
    fn stamp(dir: &Path, secs: u64) {
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs);
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            if e.path().is_dir() {
                stamp(&e.path(), secs);
            } else {
                let f = std::fs::File::options().write(true).open(e.path()).unwrap();
                f.set_modified(t).unwrap();
            }
        }
    }
    let game = root.join("games/tictactoe");
    stamp(&game, 1_780_000_000);
    let build = |epoch: Option<&str>| {
        let mut c = bin();
        c.args(["--root", root.to_str().unwrap(), "build", "tictactoe"])
            .args(["--paper", "a4", "--no-png"])
            .env_remove("SOURCE_DATE_EPOCH");
        if let Some(e) = epoch {
            c.env("SOURCE_DATE_EPOCH", e);
        }
        let o = c.output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        let out = root.join("output/tictactoe");
        (
            pdf_date(&out.join("tictactoe-fr-a4.pdf")),
            pdf_date(&out.join("tictactoe-rules-en-a4.pdf")),
        )
    };
    // The newest input file: 1780000000 s is 2026-05-28 20:26:40 UTC.
    let first = build(None);
    assert_eq!(first.0, "D:20260528202640Z");
    assert_eq!(first.1, "D:20260528202640Z");
    // The same inputs, the same bytes.
    let sheet = root.join("output/tictactoe/tictactoe-fr-a4.pdf");
    let bytes = std::fs::read(&sheet).unwrap();
    build(None);
    assert!(std::fs::read(&sheet).unwrap() == bytes);
    // A rule text saved later (2026-09-21 14:13:20 UTC) dates the outputs.
    let rules = std::fs::File::options()
        .write(true)
        .open(game.join("rules.en.md"))
        .unwrap();
    rules
        .set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_790_000_000))
        .unwrap();
    assert_eq!(build(None).0, "D:20260921141320Z");
    // SOURCE_DATE_EPOCH wins over the files' times.
    let set = build(Some("1767225600"));
    assert_eq!(
        set,
        ("D:20260101000000Z".into(), "D:20260101000000Z".into())
    );
}

/// `score` says a position's outcome in a line, and with `--json` as the engines' contract's
/// object: the flag changes the output.
#[test]
fn score_prints_a_line_or_with_json_the_contract_s_object() {
    let score = |file: &str, json: bool| {
        let mut cmd = bin();
        cmd.arg("--root")
            .arg(common::root())
            .arg("score")
            .arg(common::root().join(file));
        if json {
            cmd.arg("--json");
        }
        let o = cmd.output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    for (file, line, object) in [
        (
            "games/lignes/tests/positions/loses.toml",
            "over, light wins; light 6, dark 0\n",
            "{\"over\":true,\"winner\":\"light\",\"scores\":{\"light\":6,\"dark\":0}}\n",
        ),
        (
            "games/imbriqua/tests/positions/over.toml",
            "over, a draw; light 1, dark 1\n",
            "{\"over\":true,\"winner\":\"draw\",\"scores\":{\"light\":1,\"dark\":1}}\n",
        ),
        (
            "games/connect4/tests/positions/board.toml",
            "not over; red 3, yellow 2\n",
            "{\"over\":false,\"winner\":null,\"scores\":{\"red\":3,\"yellow\":2}}\n",
        ),
    ] {
        assert_eq!(score(file, false), line, "{file}");
        assert_eq!(score(file, true), object, "{file}");
    }
}

/// `schema` writes the JSON Schema of game.toml and library.toml from the loader's own types:
/// the committed `schema/` is what it writes (run `ludopress schema` after changing a raw type),
/// every key keeps its description, and each shipped definition names the schema on its first
/// line so that an editor finds it.
#[test]
fn schema_writes_the_committed_json_schema_and_every_definition_names_it() {
    let dir = temp("schema");
    let out = bin()
        .args(["--root"])
        .arg(common::root())
        .args(["schema", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in ["game.schema.json", "library.schema.json"] {
        let written = std::fs::read_to_string(dir.join(name)).unwrap();
        let committed = std::fs::read_to_string(common::root().join("schema").join(name)).unwrap();
        assert!(
            written == committed,
            "schema/{name} is not what `ludopress schema` writes: run it and commit the result"
        );
        let v: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(v["$schema"], "http://json-schema.org/draft-07/schema#");
        assert!(!written.contains("\"null\""), "TOML has no null");
    }
    let game: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("game.schema.json")).unwrap())
            .unwrap();
    // A definition's keys are closed (`deny_unknown_fields`) and described (doc comments).
    let header = &game["definitions"]["Header"];
    assert_eq!(header["additionalProperties"], false);
    assert!(header["properties"]["title"]["description"]
        .as_str()
        .is_some_and(|d| !d.is_empty()));
    assert!(game["required"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "game"));
    // A count key is held to the range validation checks, from the same constants.
    use ludopress::definition::model::rules::range;
    for (def, (lo, hi)) in [
        ("Actions", range::ACTIONS),
        ("Line", range::LINE),
        ("KindMax", range::MAX),
        ("Faces", range::FACES),
    ] {
        let int = &game["definitions"][def]["anyOf"][0];
        assert_eq!(
            (int["minimum"].as_i64(), int["maximum"].as_i64()),
            (Some(lo), Some(hi)),
            "{def}"
        );
    }
    assert_eq!(
        game["definitions"]["TurnsRaw"]["properties"]["actions"]["$ref"],
        "#/definitions/Actions"
    );
    for entry in std::fs::read_dir(common::root().join("games"))
        .unwrap()
        .flatten()
    {
        let text = std::fs::read_to_string(entry.path().join("game.toml")).unwrap();
        assert_eq!(
            text.lines().next(),
            Some("#:schema ../../schema/game.schema.json"),
            "{}",
            entry.path().display()
        );
    }
    let lib = std::fs::read_to_string(common::root().join("templates/library.toml")).unwrap();
    assert_eq!(
        lib.lines().next(),
        Some("#:schema ../schema/library.schema.json")
    );
}

/// `init` in an empty folder makes a project there: the game, the template library it names
/// (this ludopress's own, byte for byte) and the schema; in a project that has a library of its
/// own, that library is kept as it is.
#[test]
fn init_in_an_empty_folder_makes_a_project_that_builds() {
    let dir = temp("init-empty");
    let run = |args: &[&str]| bin().arg("--root").arg(&dir).args(args).output().unwrap();
    let out = run(&["init", "first"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let library = dir.join("templates/library.toml");
    assert_eq!(
        std::fs::read_to_string(&library).unwrap(),
        std::fs::read_to_string(common::root().join("templates/library.toml")).unwrap()
    );
    assert!(dir.join("schema/game.schema.json").exists());
    let built = run(&["build", "first"]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    // A library of the designer's own is never written over.
    std::fs::write(
        &library,
        format!("# mine\n{}", std::fs::read_to_string(&library).unwrap()),
    )
    .unwrap();
    let out = run(&["init", "second"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("library.toml"));
    assert!(std::fs::read_to_string(&library)
        .unwrap()
        .starts_with("# mine\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `init` makes a game of each kind that builds and checks with no edit and no warning, in one
/// language or two, writes the schema its first line names when the project has none, and
/// never writes over a game or under a bad name (exit 2, nothing written).
#[test]
fn init_makes_a_game_of_each_kind_that_builds_and_checks() {
    let dir = temp("init");
    copy_dir(&common::root().join("templates"), &dir.join("templates"));
    let run = |args: &[&str]| bin().arg("--root").arg(&dir).args(args).output().unwrap();
    for (kind, langs) in [
        ("cards", "en"),
        ("cards", "fr,en"),
        ("board", "en"),
        ("board", "fr,en"),
        ("board", "fr"),
        ("tiles", "fr"),
        ("tiles", "fr,en"),
    ] {
        let name = format!("new-{kind}-{}", langs.replace(',', "-"));
        let out = run(&["init", &name, "--kind", kind, "--languages", langs]);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let game = dir.join("games").join(&name);
        let text = std::fs::read_to_string(game.join("game.toml")).unwrap();
        assert!(text.starts_with("#:schema ../../schema/game.schema.json\n"));
        for lang in langs.split(',') {
            assert!(text.contains(&format!("\"{lang}\"")), "{name}: {text}");
            assert_eq!(
                game.join(format!("rules.{lang}.md")).exists(),
                kind == "board",
                "{name}: rules.{lang}.md"
            );
        }
        let built = run(&["build", &name]);
        let err = String::from_utf8_lossy(&built.stderr);
        assert!(built.status.success(), "{name}: {err}");
        assert!(!err.contains("warning"), "{name}: {err}");
        assert!(dir
            .join("output")
            .join(&name)
            .join(format!("{name}-{}-a4.pdf", &langs[..2]))
            .exists());
        let checked = run(&["check", &name]);
        let said = String::from_utf8_lossy(&checked.stdout);
        assert!(checked.status.success(), "{name}: {said}");
        assert!(
            said.contains(" 0 failed") && !said.contains("warning"),
            "{name}: {said}"
        );
        if kind == "board" {
            // The rulebook's figure is checked: its claims are counted, none failed.
            assert!(!said.contains(" 0 claims checked"), "{name}: {said}");
        }
    }
    assert!(dir.join("schema/game.schema.json").exists());
    // Never over a game, never a bad name: exit 2, nothing written.
    let before = std::fs::read_to_string(dir.join("games/new-board-en/game.toml")).unwrap();
    let again = run(&["init", "new-board-en", "--kind", "cards"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    assert_eq!(
        std::fs::read_to_string(dir.join("games/new-board-en/game.toml")).unwrap(),
        before
    );
    for bad in ["Bad Name", "../out", "-x", ""] {
        let out = run(&["init", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    let names: Vec<String> = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 7, "{names:?}");
}

/// Shell completions (bash, zsh, fish) and the manual page come from the command line's own
/// definition: every command is in each, with its options.
#[test]
fn completions_and_the_manual_page_name_every_command() {
    for shell in ["bash", "zsh", "fish"] {
        let out = bin().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for word in [
            "build",
            "check",
            "init",
            "schema",
            "analyze",
            "kind",
            "languages",
        ] {
            assert!(script.contains(word), "{shell}: no `{word}`");
        }
    }
    let bad = bin().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let man = bin().arg("man").output().unwrap();
    assert!(man.status.success());
    let page = String::from_utf8(man.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH ludopress 1"),
        "{page:.200}"
    );
    assert!(page.contains(".TH ludopress 1"));
    for word in ["init", "schema", "completions", "build"] {
        assert!(page.contains(word), "man: no `{word}`");
    }
}
