//! Regression tests for hostile and careless input, one section per class of defect: panics and
//! wrong exits, writes where they must not go, silent typos and misplaced errors, time and memory.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::rules::engine::Engine;

// ---------------------------------------------------------------------------------------------
// Places: spans on characters, errors at their real line and column.

/// An Imbriqua board whose fourth row is separated by non-breaking spaces and holds a bad token.
fn nbsp_position(sep: &str) -> String {
    let row = [".", ".", ".", "Q", ".", ".", ".", "."].join(sep);
    format!(
        "game = \"imbriqua\"\nto_move = \"light\"\ndeck = [\"step-orth\", \"step-diag\", \"slide-orth\", \"slide-diag\", \"jump-orth\", \"jump-diag\", \"far-jump-orth\", \"far-jump-diag\", \"double-jump-orth\", \"double-jump-diag\", \"place-two\"]\nboard = \"\"\"\n\
         . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n{row}\n\
         . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\"\"\"\n"
    )
}

#[test]
fn multibyte_white_space_in_a_board_row_is_placed_in_characters() {
    // No-break space (2 bytes), ideographic space (3 bytes), em space (3 bytes), mixed.
    for sep in ["\u{a0}", "\u{3000}", "\u{2003}", " \u{a0} "] {
        let text = nbsp_position(sep);
        let e = common::input_error("p.toml", &text);
        // The bad token `Q` is the fourth of row 4 (line 8): three tokens and three separators before it.
        let col = 1 + 3 * (1 + sep.chars().count());
        assert!(e.starts_with(&format!("p.toml:8:{col}:")), "{e}");
        assert!(
            e.contains("^\n") || e.ends_with('^') || e.contains("^\n ="),
            "{e}"
        );
    }
}

/// The rulebook `text` parsed for `game`: its errors as printed.
fn rulebook_errors(game: &str, text: &str) -> String {
    let project = Project::new(common::root());
    let engine = Engine::new(&project, game).expect("engine");
    let def = common::game(game);
    match ludopress::rulebook::markdown::parse(
        Some(&engine),
        &def,
        std::path::Path::new("rules.md"),
        text,
        Lang::En,
    ) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn errors_inside_rulebook_blocks_are_placed_in_the_block() {
    // A missing required key is reported on the block's first line, not at 1:1 of the file.
    let text =
        "# Rules\n\nSome text.\n\n```position\ngame = \"alphabrick\"\ndie = 3\nboard = \"\"\"\n\
                . . . . . . . . .\n\"\"\"\n```\n";
    let e = rulebook_errors("alphabrick", text);
    assert!(
        e.starts_with("rules.md:6:1: error: missing key `to_move`"),
        "{e}"
    );
    assert!(
        e.contains("6 | game = \"alphabrick\""),
        "the excerpt shows the line: {e}"
    );
    let text = "# Rules\n\n```position\ngame = \"imbriqua\"\nto_move = \"light\"\n```\n";
    let e = rulebook_errors("imbriqua", text);
    assert!(
        e.starts_with("rules.md:4:1: error: missing key `board`"),
        "{e}"
    );
    // A bad token in the block is placed at its own line and column.
    let text = "Intro.\n\n```position\ngame = \"imbriqua\"\nto_move = \"light\"\ndeck = [\"step-orth\", \"step-diag\", \"slide-orth\", \"slide-diag\", \"jump-orth\", \"jump-diag\", \"far-jump-orth\", \"far-jump-diag\", \"double-jump-orth\", \"double-jump-diag\", \"place-two\"]\n\
                board = \"\"\"\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . X . . . .\n\
                . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\"\"\"\n```\n";
    let e = rulebook_errors("imbriqua", text);
    assert!(e.starts_with("rules.md:11:7:"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Panics and wrong exits: one extent per component, worker panics reported.

/// A minimal game of one die with face `face` mm, as a definition text.
fn die_game(face: f64) -> String {
    format!(
        "[game]\nid = \"dice\"\ntitle = {{ fr = \"Dés\", en = \"Dice\" }}\npalette = \"ludopress\"\nsheet = \"home\"\n\n\
         [[die]]\nid = \"d6\"\nname = {{ fr = \"Dé\", en = \"Die\" }}\nface = {face:.1}\nfill = \"white\"\npip = \"ink\"\n\
         faces = [1, 2, 3, 4, 5, 6]\n"
    )
}

#[test]
fn a_die_either_fits_its_sheet_or_is_refused_at_its_face() {
    let (mut built, mut refused) = (0, 0);
    // Every 4 mm from 8 to 60 mm, and every 0.5 mm about the last face that fits (55 mm).
    let faces = (80..=600)
        .step_by(40)
        .chain((530..=570).step_by(5))
        .map(|tenth| tenth as f64 / 10.0);
    for face in faces {
        match common::parse("dice", &die_game(face)) {
            Ok(game) => {
                // What validation accepts, imposition lays out: every sheet holds the net.
                let opts = ludopress::make::BuildOptions {
                    previews: false,
                    ..Default::default()
                };
                let files = ludopress::make::render_game(&game, &opts).expect("render");
                let sheets = files
                    .iter()
                    .filter(|f| f.path.starts_with("sheets"))
                    .count();
                assert!(sheets >= 2, "face {face}: {sheets} sheets");
                built += 1;
            }
            Err(d) => {
                let e = d.to_string();
                assert!(e.starts_with("games/dice/game.toml:10:8:"), "{e}");
                assert!(e.contains("larger than the printable area"), "{e}");
                refused += 1;
            }
        }
    }
    // Faces up to about 55 mm fit A4 and Letter (the net is 3.44 faces high); larger ones do not.
    assert!(
        built > 15 && refused > 5,
        "{built} built, {refused} refused"
    );
    assert!(common::parse("dice", &die_game(55.0)).is_ok());
    assert!(common::parse("dice", &die_game(56.0)).is_err());
}

#[test]
fn a_panicking_build_job_fails_the_build() {
    let jobs: Vec<ludopress::make::Job<'_, u32>> = vec![
        Box::new(|| 1),
        Box::new(|| panic!("boom in a job")),
        Box::new(|| 3),
    ];
    let e = ludopress::make::parallel(jobs, 2).unwrap_err();
    assert!(e.to_string().contains("boom in a job"), "{e}");
    let jobs: Vec<ludopress::make::Job<'_, u32>> =
        (0..50u32).map(|i| Box::new(move || i) as _).collect();
    assert_eq!(
        ludopress::make::parallel(jobs, 3).unwrap(),
        (0..50u32).collect::<Vec<_>>()
    );
}

// ---------------------------------------------------------------------------------------------
// Silent typos: colours, [rules], roles, card ids.

/// Errors of the Imbriqua definition read with a library text where `from` is replaced by `to`.
fn library_errors(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(common::root().join("templates/library.toml")).unwrap();
    assert!(text.contains(from), "`{from}` not in the library");
    let src =
        ludopress::base::diag::Source::new("templates/library.toml", text.replacen(from, to, 1));
    match ludopress::definition::Library::parse(&src) {
        Ok(_) => panic!("`{to}` accepted"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn a_colour_typo_in_the_library_is_an_error_at_its_place() {
    let e = library_errors("panel = \"paper\"", "panel = \"papr\"");
    assert!(e.starts_with("templates/library.toml:"), "{e}");
    assert!(e.contains("unknown colour `papr`"), "{e}");
    assert!(e.contains("did you mean `paper`?"), "{e}");
    let e = library_errors("ink = \"ink\"\n\n#", "ink = \"#12345\"\n\n#");
    assert!(e.contains("unknown colour `#12345`"), "{e}");
    let e = library_errors(
        "[card_style.classic]\ncorner = 3.0\n",
        "[card_style.classic]\n",
    );
    assert!(
        e.starts_with("templates/library.toml:"),
        "a place, not a bare file: {e}"
    );
}

// ---------------------------------------------------------------------------------------------
// Writes: never outside the output folder, never half-written, nothing stale left behind.

/// A small game without a rules engine: one deck of two cards, as a definition text.
fn deck_game(card_ids: [&str; 2]) -> String {
    format!(
        "[game]\nid = \"cards\"\ntitle = {{ fr = \"Cartes\", en = \"Cards\" }}\npalette = \"ludopress\"\nsheet = \"home\"\n\n\
         [[deck]]\nid = \"deck\"\nname = {{ fr = \"Paquet\", en = \"Deck\" }}\nsize = \"mini\"\nstyle = {{ from = \"classic\" }}\n\
         back = {{ fill = \"blue\", ink = \"white\", title = {{ fr = \"Dos\", en = \"Back\" }}, pattern = \"grid\" }}\n\n\
         [[deck.card]]\nid = \"{}\"\ntitle = {{ fr = \"Un\", en = \"One\" }}\ntext = {{ fr = \"Texte.\", en = \"Text.\" }}\nfill = \"red\"\n\n\
         [[deck.card]]\nid = \"{}\"\ntitle = {{ fr = \"Deux\", en = \"Two\" }}\ntext = {{ fr = \"Texte.\", en = \"Text.\" }}\nfill = \"green\"\n",
        card_ids[0], card_ids[1]
    )
}

/// A scratch project holding the shipped library and one game `cards` with `text`.
fn scratch_project(name: &str, text: &str) -> std::path::PathBuf {
    common::scratch_project(&format!("robust-{name}"), text, &[])
}

fn build_cards(
    root: &std::path::Path,
) -> Result<Vec<ludopress::make::GameReport>, ludopress::make::Error> {
    let opts = ludopress::make::BuildOptions {
        previews: false,
        ..Default::default()
    };
    ludopress::make::build_games(
        &Project::new(root),
        &["cards".to_string()],
        &opts,
        &root.join("output"),
        2,
    )
}

/// Every file under `dir` (relative path → bytes), links as their target's text. A file removed
/// between the listing and its reading (a temporary the watcher is removing) is not in it.
fn snapshot_tree(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let gone = |e: &std::io::Error| e.kind() == std::io::ErrorKind::NotFound;
    let mut out = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            let rel = p.strip_prefix(dir).unwrap().display().to_string();
            let meta = match std::fs::symlink_metadata(&p) {
                Err(e) if gone(&e) => continue,
                m => m.unwrap(),
            };
            if meta.file_type().is_symlink() {
                out.insert(
                    rel,
                    std::fs::read_link(&p)
                        .unwrap()
                        .display()
                        .to_string()
                        .into_bytes(),
                );
            } else if meta.is_dir() {
                todo.push(p);
            } else {
                match std::fs::read(&p) {
                    Err(e) if gone(&e) => continue,
                    bytes => out.insert(rel, bytes.unwrap()),
                };
            }
        }
    }
    out
}

#[test]
fn ids_that_name_files_cannot_leave_the_output_folder() {
    for bad in [
        "../../../../tmp/escaped",
        "a/b",
        "..",
        "Card",
        "x y",
        "é",
        "-x",
        "",
    ] {
        let e = common::parse("cards", &deck_game([bad, "two"]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("invalid card id"), "{bad}: {e}");
        assert!(e.starts_with("games/cards/game.toml:15:6:"), "{bad}: {e}");
    }
    let e = common::parse(
        "cards",
        &deck_game(["one", "two"]).replace("id = \"cards\"", "id = \"../cards\""),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("invalid game id"), "{e}");
    // A game named on the command line is never a path.
    let lib = common::library();
    for name in ["../games/imbriqua", "/etc", "imbriqua/../lignes"] {
        let e = Project::new(common::root())
            .load(name, &lib, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("a game id is"), "{e}");
    }
}

#[test]
fn a_build_removes_its_stale_outputs_and_temporaries_and_nothing_else() {
    let root = scratch_project("stale", &deck_game(["one", "two"]));
    build_cards(&root).expect("first build");
    let out = root.join("output/cards");
    assert!(out.join("components/fr/deck-one.svg").is_file());
    // A file of the user's, and temporaries left by a killed build (this version's and older).
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    std::fs::write(
        out.join("components/.ludopress-00ff00ff00ff00ff.tmp"),
        "half",
    )
    .unwrap();
    std::fs::write(out.join(".cards-a4.pdf.tmp1234"), "half").unwrap();
    std::fs::write(
        root.join("games/cards/game.toml"),
        deck_game(["uno", "two"]),
    )
    .unwrap();
    build_cards(&root).expect("second build");
    assert!(out.join("components/fr/deck-uno.svg").is_file());
    assert!(
        !out.join("components/fr/deck-one.svg").exists(),
        "the renamed card's old face is gone"
    );
    assert!(out.join("components/fr/deck-two.svg").is_file());
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
    let names: Vec<String> = snapshot_tree(&out).into_keys().collect();
    assert!(!names.iter().any(|n| n.contains(".tmp")), "{names:?}");
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn planted_links_are_never_followed() {
    let root = scratch_project("links", &deck_game(["one", "two"]));
    let out = root.join("output/cards");
    let victim = root.join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::fs::create_dir_all(out.join("components")).unwrap();
    // A link where an output file goes is replaced by the file; its target is untouched.
    std::os::unix::fs::symlink(&victim, out.join("cards-fr-a4.pdf")).unwrap();
    build_cards(&root).expect("build");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(!std::fs::symlink_metadata(out.join("cards-fr-a4.pdf"))
        .unwrap()
        .file_type()
        .is_symlink());
    // A linked folder inside the output folder is refused: nothing is written through it.
    let elsewhere = root.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    std::fs::remove_dir_all(out.join("components")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, out.join("components")).unwrap();
    let before = snapshot_tree(&out);
    let e = build_cards(&root).unwrap_err();
    assert!(format!("{e:?}").contains("symbolic link"), "{e:?}");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    assert_eq!(
        snapshot_tree(&out),
        before,
        "a failed build leaves the folder as it was"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_failure_while_writing_leaves_whole_files_and_loses_nothing() {
    let root = scratch_project("fail", &deck_game(["one", "two"]));
    build_cards(&root).expect("first build");
    let out = root.join("output/cards");
    let old_face = std::fs::read(out.join("components/fr/deck-two.svg")).unwrap();
    std::fs::write(
        root.join("games/cards/game.toml"),
        deck_game(["one", "three"]),
    )
    .unwrap();
    // A folder where the new sheet PDF goes: the build streams its files, so some are written
    // before it stops there.
    std::fs::remove_file(out.join("cards-fr-letter.pdf")).unwrap();
    std::fs::create_dir(out.join("cards-fr-letter.pdf")).unwrap();
    let e = build_cards(&root).unwrap_err();
    let msg = format!("{e:?}");
    assert!(
        msg.contains("cards-fr-letter.pdf") && msg.contains("already written are whole"),
        "{msg}"
    );
    let tree = snapshot_tree(&out);
    // Every file is whole: no temporary is left, and the new face was written in full.
    assert!(
        tree.keys()
            .all(|k| !k.contains(".ludopress-") || k.ends_with("manifest")),
        "{:?}",
        tree.keys()
    );
    let new_face = std::fs::read_to_string(out.join("components/fr/deck-three.svg")).unwrap();
    assert!(new_face.trim_end().ends_with("</svg>"), "{new_face}");
    // Nothing of the last build is lost by a failed one, and its manifest names both builds'
    // files, so that the next whole build removes the stale ones.
    assert_eq!(
        std::fs::read(out.join("components/fr/deck-two.svg")).unwrap(),
        old_face
    );
    let manifest = std::fs::read_to_string(out.join(".ludopress-manifest")).unwrap();
    for f in ["components/fr/deck-two.svg", "components/fr/deck-three.svg"] {
        assert!(manifest.lines().any(|l| l == f), "{f} not in {manifest}");
    }
    std::fs::remove_dir(out.join("cards-fr-letter.pdf")).unwrap();
    build_cards(&root).expect("build once the way is clear");
    assert!(!out.join("components/fr/deck-two.svg").exists());
    assert!(out.join("cards-fr-letter.pdf").is_file());
    let _ = std::fs::remove_dir_all(&root);
}

/// The errors of a shipped game's definition once `from` is replaced by `to`.
fn definition_errors(game: &str, from: &str, to: &str) -> String {
    let text =
        std::fs::read_to_string(common::root().join(format!("games/{game}/game.toml"))).unwrap();
    assert!(text.contains(from), "`{from}` not in {game}");
    match common::parse(game, &text.replacen(from, to, 1)) {
        Ok(_) => panic!("{game}: `{to}` accepted"),
        Err(d) => d.to_string(),
    }
}

/// `file:line:col:` of the first occurrence of `needle` in a game's definition once `from` is
/// replaced by `to`.
fn place_in(game: &str, from: &str, to: &str, needle: &str) -> String {
    let text =
        std::fs::read_to_string(common::root().join(format!("games/{game}/game.toml"))).unwrap();
    let bad = text.replacen(from, to, 1);
    let (l, c) = ludopress::base::diag::line_col(&bad, bad.find(needle).expect("needle"));
    format!("games/{game}/game.toml:{l}:{c}:")
}

#[test]
fn definitions_are_checked_against_what_their_engine_reads() {
    // An unknown [rules] key, with a hint.
    let e = definition_errors(
        "imbriqua",
        "opening_pawns = 4",
        "opening_pawns = 4\nopenning_pawns = 5",
    );
    assert!(
        e.starts_with(&place_in(
            "imbriqua",
            "opening_pawns = 4",
            "opening_pawns = 4\nopenning_pawns = 5",
            "openning"
        )),
        "{e}"
    );
    assert!(
        e.contains("unknown rules parameter `openning_pawns`")
            && e.contains("did you mean `opening_pawns`?"),
        "{e}"
    );
    // A missing [rules] key, placed.
    let e = definition_errors("imperator", "end_at = 2", "");
    assert!(
        e.contains("`[rules]` needs `end_at`") && e.starts_with("games/imperator/game.toml:"),
        "{e}"
    );
    assert!(!e.starts_with("games/imperator/game.toml:0"), "{e}");
    // A region role typo: Imbriqua would have had no edge.
    let e = definition_errors("imbriqua", "role = \"edge\"", "role = \"egde\"");
    assert!(
        e.starts_with(&place_in(
            "imbriqua",
            "role = \"edge\"",
            "role = \"egde\"",
            "\"egde\""
        )),
        "{e}"
    );
    assert!(
        e.contains("unknown region role `egde`") && e.contains("did you mean `edge`?"),
        "{e}"
    );
    assert!(
        e.contains("the rules engine reads the region `edge`"),
        "{e}"
    );
    // A card id typo, with a hint, and the card the deck then lacks.
    let e = definition_errors("imbriqua", "id = \"step-orth\"", "id = \"step-ortho\"");
    assert!(
        e.starts_with(&place_in(
            "imbriqua",
            "id = \"step-orth\"",
            "id = \"step-ortho\"",
            "\"step-ortho\""
        )),
        "{e}"
    );
    assert!(
        e.contains("did you mean `step-orth`?") && e.contains("lacks the card `step-orth`"),
        "{e}"
    );
    // More tiles than the board has cells: the engine deals one a cell.
    let e = definition_errors("arlecchino", "rows = 6", "rows = 5");
    assert!(
        e.contains("has 36 tiles for the 30 cells of board")
            && e.starts_with(&place_in("arlecchino", "rows = 6", "rows = 5", "\"tiles\"")),
        "{e}"
    );
    // A board too large for the engine, at its size.
    let e = definition_errors("imbriqua", "cols = 8", "cols = 9");
    assert!(
        e.starts_with(&place_in("imbriqua", "cols = 8", "cols = 9", "9\n")),
        "{e}"
    );
    assert!(e.contains("up to 64 cells; this one has 72"), "{e}");
    // A missing piece, a missing tile code.
    let e = definition_errors("alphabrick", "id = \"brick\"", "id = \"bricks\"");
    assert!(e.contains("reads the piece `brick`"), "{e}");
    let e = definition_errors("arlecchino", "G = \"green\"", "G = \"blue\"");
    assert!(e.contains("zone code G = \"green\""), "{e}");
    // A game without an engine has no [rules] to read.
    let e = common::parse(
        "cards",
        &format!(
            "{}\n[rules]\nopening_pawns = 4\n",
            deck_game(["one", "two"])
        ),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("no rules engine"), "{e}");
}

#[test]
fn definition_errors_exit_with_status_2_and_a_place() {
    let root = scratch_project("exit", &deck_game(["one", "two"]));
    // Make `cards` look like Imbriqua's deck with a typo: a game with an engine is checked at load.
    let text = std::fs::read_to_string(common::root().join("games/imbriqua/game.toml")).unwrap();
    std::fs::create_dir_all(root.join("games/imbriqua")).unwrap();
    std::fs::write(
        root.join("games/imbriqua/game.toml"),
        text.replacen("id = \"jump-diag\"", "id = \"jump-diagonal\"", 1),
    )
    .unwrap();
    let out_dir = root.join("output").display().to_string();
    for args in [
        vec!["build", "imbriqua", "--out", &out_dir],
        vec!["check", "imbriqua"],
        vec!["rules", "imbriqua", "--out", &out_dir],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .arg("--root")
            .arg(&root)
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("games/imbriqua/game.toml:") && err.contains("did you mean `jump-diag`?"),
            "{args:?}: {err}"
        );
    }
    assert!(!root.join("output").exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&root);
}

// ---------------------------------------------------------------------------------------------
// Time and memory: limits checked before the work, errors that stay small.

#[test]
fn a_huge_position_row_is_refused_at_its_place_with_a_short_message() {
    let row = ". ".repeat(5_000_000);
    let text = format!("game = \"imbriqua\"\nto_move = \"light\"\nboard = \"\"\"\n{row}\n\"\"\"\n");
    let e = common::input_error("p.toml", &text);
    assert!(
        e.starts_with("p.toml:") && e.contains("the limit for a position is 64 KiB"),
        "{}",
        &e[..e.len().min(300)]
    );
    // Within the size limit, a long line is placed at the limit.
    let row = ". ".repeat(5_000);
    let text = format!("game = \"imbriqua\"\nto_move = \"light\"\nboard = \"\"\"\n{row}\n\"\"\"\n");
    let e = common::input_error("p.toml", &text);
    assert!(e.starts_with("p.toml:4:2001: error: line too long: 10000 characters, the limit for a position is 2000"), "{e}");
    assert!(e.len() < 1000, "{} bytes", e.len());
}

#[test]
fn many_errors_print_a_bounded_message() {
    let keys: String = (0..3_000).map(|i| format!("unknown_{i} = 1\n")).collect();
    let text = format!(
        "game = \"imbriqua\"\nto_move = \"light\"\n{keys}board = \"\"\"\n. . . . . . . .\n\"\"\"\n"
    );
    let e = common::input_error("p.toml", &text);
    assert!(e.len() < 50_000, "{} bytes", e.len());
    assert!(e.contains("… and "), "{e}");
}

#[test]
fn huge_texts_and_paper_are_refused_before_any_work() {
    for (size, says) in [
        (10 << 20, "the limit for a game definition is 4096 KiB"),
        (3 << 20, "line too long"),
    ] {
        let title = "A".repeat(size);
        let text = deck_game(["one", "two"]).replacen(
            "{ fr = \"Un\", en = \"One\" }",
            &format!("{{ fr = \"{title}\", en = \"One\" }}"),
            1,
        );
        let e = common::parse("cards", &text).unwrap_err().to_string();
        assert!(e.contains(says), "{}", &e[..e.len().min(300)]);
        assert!(e.len() < 2000, "{} bytes", e.len());
    }
    // A long title within the line limit is refused at its field.
    let title = "A".repeat(500);
    let text = deck_game(["one", "two"]).replacen(
        "{ fr = \"Un\", en = \"One\" }",
        &format!("{{ fr = \"{title}\", en = \"One\" }}"),
        1,
    );
    let e = common::parse("cards", &text).unwrap_err().to_string();
    assert!(e.starts_with("games/cards/game.toml:16:9: error: title too long: the fr text has 500 characters, the limit is 120"), "{e}");
    // 500 mats of 60 × 60 cells: the limits on counts allow it, the paper does not.
    let mats: String = (0..500)
        .map(|i| format!("\n[[mat]]\nid = \"mat-{i}\"\nname = {{ fr = \"Tapis\", en = \"Mat\" }}\ncols = 60\nrows = 60\ncell = 20.0\nfill = \"white\"\nline = \"grey\"\n"))
        .collect();
    let e = common::parse("cards", &format!("{}{mats}", deck_game(["one", "two"])))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("games/cards/game.toml:2:6:")
            && e.contains("m² of paper; the limit is 80 m²"),
        "{e}"
    );
}

#[test]
fn a_rulebook_with_too_many_figures_is_refused() {
    let block = "```position\ngame = \"imbriqua\"\nto_move = \"light\"\ndeck = [\"step-orth\", \"step-diag\", \"slide-orth\", \"slide-diag\", \"jump-orth\", \"jump-diag\", \"far-jump-orth\", \"far-jump-diag\", \"double-jump-orth\", \"double-jump-diag\", \"place-two\"]\nboard = \"\"\"\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\"\"\"\n```\n\n";
    let text = format!("# Rules\n\n{}", block.repeat(501));
    let e = rulebook_errors("imbriqua", &text);
    assert!(
        e.contains("too many figures: the limit for a rulebook is 500"),
        "{}",
        &e[..e.len().min(400)]
    );
}

/// Runs the binary; returns its exit code and standard error.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn devices_pipes_and_folders_are_not_read() {
    let dir = std::env::temp_dir().join(format!("ludopress-robust-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("p.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    for (path, says) in [
        ("/dev/zero", "not a regular file"),
        (dir.to_str().unwrap(), "found a folder"),
        (fifo.to_str().unwrap(), "not a regular file"),
    ] {
        if path == fifo.to_str().unwrap() && !made.as_ref().is_ok_and(|s| s.success()) {
            continue;
        }
        let (code, err) = run(&["moves", path]);
        assert_eq!(code, Some(2), "{path}: {err}");
        assert!(err.contains(says), "{path}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn command_line_numbers_are_bounded() {
    let start = common::root().join("games/imbriqua/tests/positions/start.toml");
    let (code, err) = run(&["perft", start.to_str().unwrap(), "100000"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("0..=64"), "{err}");
    let (code, err) = run(&["playout", "imbriqua", "--games", "18446744073709551615"]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn a_lignes_origin_out_of_range_is_refused() {
    for x in ["-9223372036854775808", "9223372036854775807", "1000000"] {
        let text = format!("game = \"lignes\"\nto_move = \"light\"\norigin = [{x}, 0]\nboard = \"\"\"\nL D\nL D\n\"\"\"\n");
        let e = common::input_error("l.toml", &text);
        assert!(
            e.starts_with("l.toml:3:10:") && e.contains("within ±999999"),
            "{e}"
        );
    }
}

#[test]
fn a_rulebook_table_is_bounded() {
    let rows = "|x|y|\n".repeat(301);
    let text = format!("# Rules\n\nIntro.\n\n|a|b|\n|-|-|\n{rows}");
    let e = rulebook_errors("imbriqua", &text);
    assert!(
        e.starts_with("rules.md:5:1:") && e.contains("table too large: the limit is 300 rows"),
        "{e}"
    );
}

#[test]
fn fields_of_the_wrong_kind_and_degenerate_values_are_errors() {
    // Bricks the starting layout cannot hold.
    let e = definition_errors("alphabrick", "bricks = 18", "bricks = 17");
    assert!(
        e.contains("`bricks` = 17 but the region `central` has 18 cells"),
        "{e}"
    );
    // A wrong count of die faces, at `faces`.
    let e = definition_errors(
        "alphabrick",
        "faces = [1, 3, 2, 4, 5, 6]",
        "faces = [1, 3, 2, 4, 5]",
    );
    assert!(
        e.starts_with(&place_in(
            "alphabrick",
            "faces = [1, 3, 2, 4, 5, 6]",
            "faces = [1, 3, 2, 4, 5]",
            "[1, 3, 2, 4, 5]"
        )),
        "{e}"
    );
    // `side` on a square board, `cols` on triangles, too many border marks.
    let e = definition_errors("alphabrick", "cols = 9", "cols = 9\nside = 3");
    assert!(
        e.contains("`side` applies to `triangles` and `hex` hexagons"),
        "{e}"
    );
    let e = definition_errors("imperator", "side = 3", "side = 3\ncols = 5");
    assert!(
        e.contains("`cols` and `rows` apply to `square` and `hex` grids"),
        "{e}"
    );
    // Huge numbers are shown in exponent form.
    let e = definition_errors("alphabrick", "cell = ", "cell = 1e308 #");
    assert!(e.contains("found 1e308"), "{e}");
}

#[test]
fn typos_in_claims_and_component_blocks_are_input_errors() {
    let block = |expect: &str| {
        format!(
            "# R\n\n```position\ngame = \"imbriqua\"\nto_move = \"light\"\ndeck = [\"step-orth\", \"step-diag\", \"slide-orth\", \"slide-diag\", \"jump-orth\", \"jump-diag\", \"far-jump-orth\", \"far-jump-diag\", \"double-jump-orth\", \"double-jump-diag\", \"place-two\"]\nboard = \"\"\"\n\
             . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\
             . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\"\"\"\n[expect]\n{expect}\n```\n"
        )
    };
    let e = rulebook_errors("imbriqua", &block("scores = { light = 0, drak = 0 }"));
    assert!(
        e.starts_with("rules.md:18:10:")
            && e.contains("no side `drak`")
            && e.contains("did you mean `dark`?"),
        "{e}"
    );
    let e = rulebook_errors("imbriqua", &block("winner = \"nobody\""));
    assert!(e.contains("no side `nobody`"), "{e}");
    let e = rulebook_errors(
        "imbriqua",
        &block("after = { move = \"d4\", phse = \"action\" }"),
    );
    assert!(
        e.contains("no position field `phse`") && e.contains("did you mean `phase`?"),
        "{e}"
    );
    // A move with a typo would be illegal whatever the rules say: it is an error, not a claim.
    let e = rulebook_errors("imbriqua", &block("illegal = [\"d4\", \"zz99\"]"));
    assert!(
        e.starts_with("rules.md:18:11:")
            && e.contains("move `zz99` names `zz99`, which is no cell"),
        "{e}"
    );
    let e = rulebook_errors("imbriqua", &block("legal = [\"d4xd6xd9\"]"));
    assert!(e.contains("names `d9`, which is no cell"), "{e}");
    let e = rulebook_errors("imbriqua", &block("after = { move = \" \" }"));
    assert!(e.contains("an empty move"), "{e}");
    let e = rulebook_errors("imbriqua", "# R\n\n```component\nshow = []\n```\n");
    assert!(
        e.starts_with("rules.md:4:1:") && e.contains("at least one component"),
        "{e}"
    );
    let e = rulebook_errors(
        "imbriqua",
        "# R\n\n```component\nshow = [\"piece:light-pawn\"]\ncaptions = [\"a\", \"b\"]\n```\n",
    );
    assert!(
        e.contains("`captions` has 2 entries for 1 components"),
        "{e}"
    );
}

/// A game of its own: no engine, English only, a board, two pieces and the tokens that draw them.
const NO_ENGINE_GAME: &str = "[game]\nid = \"cards\"\ntitle = \"Fox and Geese\"\nlanguages = [\"en\"]\npalette = \"ludopress\"\nsheet = \"home\"\n\n\
    [[board]]\nid = \"board\"\nname = \"Board\"\ngrid = \"square\"\ncols = 5\nrows = 5\ncell = 20.0\nfill = \"cream\"\nline = \"ink\"\nframe = \"ink\"\ncoords = true\n\n\
    [[piece]]\nid = \"fox\"\nname = \"Fox\"\nshape = \"disc\"\nsize = 16.0\nfill = \"red\"\nline = \"ink\"\ncount = 1\n\n\
    [[piece]]\nid = \"goose\"\nname = \"Geese\"\nshape = \"disc\"\nsize = 16.0\nfill = \"white\"\nline = \"ink\"\ncount = 13\n\n\
    [diagram]\ntokens = { F = \"fox\", G = \"goose\" }\n";

const NO_ENGINE_RULES: &str = "# Fox and Geese\n\nThe fox hunts, the geese close in.\n\n\
    ```component\nshow = [\"piece:fox\", \"piece:goose\"]\ncaptions = [\"The fox\", \"A goose\"]\n```\n\n\
    ```position\ngame = \"cards\"\nto_move = \"fox\"\nboard = \"\"\"\n..F..\n.....\n.....\nG.G.G\nGGGGG\n\"\"\"\n\n[diagram]\narrows = [[\"c5\", \"c4\"]]\ncaption = \"The fox steps down.\"\n```\n";

#[test]
fn a_game_without_an_engine_builds_its_rulebook_with_diagrams_and_components() {
    let root = common::scratch_project(
        "robust-no-engine",
        NO_ENGINE_GAME,
        &[("rules.en.md", NO_ENGINE_RULES)],
    );
    let reports = build_cards(&root).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(reports[0].rulebook_pdfs, 2, "{reports:?}");
    let out = root.join("output/cards");
    let html = std::fs::read_to_string(out.join("rules-en.html")).unwrap();
    assert!(html.contains("The fox steps down."), "{html}");
    assert!(html.contains("A goose"), "{html}");
    // Two component panels and one position diagram, drawn with the game's own pieces.
    let diagrams: Vec<String> = (1..=3)
        .map(|n| std::fs::read_to_string(out.join(format!("diagrams/en-{n:02}.svg"))).unwrap())
        .collect();
    // The fourth drawing is the book's legend (the diagram draws an arrow); no fifth.
    assert!(out.join("diagrams/en-04.svg").exists());
    assert!(!out.join("diagrams/en-05.svg").exists());
    assert!(!out.join("rules-fr.html").exists());
    let position = &diagrams[2];
    // One fox and eight geese stand on the board, each drawn as its printed face (a disc
    // of the piece's colour: one path of that fill per piece).
    let game = common::parse("cards", NO_ENGINE_GAME).unwrap_or_else(|d| panic!("{d}"));
    let count = |i: usize| {
        let fill = format!("fill=\"{}\"", game.pieces[i].fill);
        let on_face = diagrams[i].matches(&fill).count();
        position.matches(&fill).count() / on_face.max(1)
    };
    assert_eq!((count(0), count(1)), (1, 8), "{position}");
    // `check` lists the example, which nothing could check.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .args(["--root", root.to_str().unwrap(), "check", "cards"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("rules.en.md:10: unchecked example: `cards` has no rules engine")
            && text.contains("1 example(s) unchecked (no engine)"),
        "{text}"
    );
    // A claim needs an engine; a rulebook in a language the game does not have is an error.
    let claimed = NO_ENGINE_RULES.replace(
        "caption = \"The fox steps down.\"\n",
        "caption = \"x\"\n\n[expect]\nsuccessors = 3\n",
    );
    std::fs::write(root.join("games/cards/rules.en.md"), claimed).unwrap();
    std::fs::write(root.join("games/cards/rules.fr.md"), "# Renard\n").unwrap();
    match build_cards(&root) {
        Err(ludopress::make::Error::Input(d)) => {
            let e = d.to_string();
            assert!(
                e.contains("rules.en.md:25:1: error: `[expect]`: `cards` has no rules engine"),
                "{e}"
            );
            assert!(e.contains("rules.fr.md: error: a rulebook in `fr`, which is not among the game's languages (en)"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// Copies a folder and everything in it.
fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if e.file_type().unwrap().is_dir() {
            copy_tree(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

/// Ctrl-C, `SIGTERM` or `SIGKILL` at any moment of a build: the build stops (with status 128 +
/// the signal when it can catch it) or finishes, no temporary file is left (after `SIGKILL`, its
/// watcher removes them), and every output is a whole file of the last build or of this one.
#[cfg(unix)]
#[test]
fn an_interrupted_build_leaves_no_temporary_and_no_damaged_file() {
    use std::os::unix::process::ExitStatusExt;
    let root =
        std::env::temp_dir().join(format!("ludopress-robust-interrupt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    copy_tree(&common::root().join("templates"), &root.join("templates"));
    copy_tree(
        &common::root().join("games/imbriqua"),
        &root.join("games/imbriqua"),
    );
    let game = root.join("games/imbriqua/game.toml");
    let a = std::fs::read_to_string(&game).unwrap();
    let b = a.replace("fill = \"green\"", "fill = \"blue\"");
    assert_ne!(a, b);
    let build = |out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .args([
                "--root",
                root.to_str().unwrap(),
                "build",
                "imbriqua",
                "--no-png",
                "--out",
                out,
            ])
            // One date for every build: the game file is written again between them, and
            // PDFs are otherwise dated by their newest input.
            .env("SOURCE_DATE_EPOCH", "1767225600")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let out = |name: &str| root.join(name).display().to_string();
    std::fs::write(&game, &b).unwrap();
    let timed = std::time::Instant::now();
    assert!(build(&out("ref-b")).wait().unwrap().success());
    let took = timed.elapsed();
    std::fs::write(&game, &a).unwrap();
    assert!(build(&out("ref-a")).wait().unwrap().success());
    assert!(build(&out("out")).wait().unwrap().success());
    let (ref_a, ref_b) = (
        snapshot_tree(&root.join("ref-a")),
        snapshot_tree(&root.join("ref-b")),
    );
    std::fs::write(&game, &b).unwrap();
    let mut stopped = 0;
    for k in 0..24u32 {
        let mut child = build(&out("out"));
        std::thread::sleep(took * k / 24);
        let signal = [libc::SIGKILL, libc::SIGTERM, libc::SIGINT][k as usize % 3];
        // SAFETY: `kill` only sends a signal to the child's process id, which `wait` below reaps.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let status = child.wait().unwrap();
        match status.code() {
            Some(0) => {}
            Some(c) if c == 128 + signal => stopped += 1,
            // SIGKILL, or a signal before the handler is set up, stops the process itself.
            None => assert_eq!(status.signal(), Some(signal)),
            Some(c) => panic!("a build interrupted after {k}/24 of its time ended with {c}"),
        }
        // After SIGKILL, the watcher the build started removes its temporaries once it is gone.
        let temporaries = || {
            snapshot_tree(&root.join("out"))
                .into_keys()
                .filter(|n| n.contains(".ludopress-") && !n.ends_with(".ludopress-manifest"))
                .collect::<Vec<_>>()
        };
        let waited = std::time::Instant::now();
        while !temporaries().is_empty() && waited.elapsed().as_secs() < 10 {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(
            temporaries(),
            Vec::<String>::new(),
            "left after signal {signal}"
        );
        for (name, bytes) in snapshot_tree(&root.join("out")) {
            // The gallery's status holds the time of its build.
            let manifest = name.ends_with(".ludopress-manifest") || name == "build.js";
            assert!(
                manifest || ref_a.get(&name) == Some(&bytes) || ref_b.get(&name) == Some(&bytes),
                "{name} is neither build's"
            );
        }
    }
    assert!(stopped > 0, "no build was interrupted while running");
    let _ = std::fs::remove_dir_all(&root);
}

/// A capture card on a crowded board: millions of outcomes from a file of 200 bytes (3.6 million
/// on this one, 46 s and 10 GB before the search followed positions): refused at the card, past
/// the limit of successors a position may have, before any of them is kept.
#[test]
fn a_position_with_millions_of_outcomes_is_refused_at_its_card() {
    let rows: Vec<String> = (0..8)
        .map(|r| {
            (0..8)
                .map(|c| match (r, c) {
                    (6, 3) => 'L',
                    (0, _) => '.',
                    (r, c) if (r + c) % 2 == 0 => 'D',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let text = format!(
        "game = \"imbriqua\"\nto_move = \"light\"\nphase = \"action\"\ncard = \"far-jump-orth\"\n\
         last_placed = \"d2\"\ndeck = [\"step-orth\"]\nboard = \"\"\"\n{}\n\"\"\"\n",
        rows.join("\n")
    );
    common::refused_at(
        "crowded.toml",
        &text,
        "4:8",
        "`card`: more than 1,000,000 outcomes on this board, the limit for a position",
    );
    // One row fewer: 297,524 outcomes, within the limit.
    let fewer = text.replacen(".D.D.D.D\n", "........\n", 1);
    let (e, p) = common::accepted("crowded.toml", &fewer);
    assert_eq!(e.perft(&p, 1), 297_524);
}

// ---------------------------------------------------------------------------------------------
// Reads: the template library is held to the rule of every file a project names.

/// A cloned project shipping `templates/library.toml` as a link to a secret, or `templates/` as a
/// link out of the project: the secret is neither read nor printed (its first line was shown in
/// the error excerpt).
#[cfg(unix)]
#[test]
fn a_template_library_linked_out_of_the_project_is_not_read() {
    let dir = std::env::temp_dir().join(format!("ludopress-tpl-link-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let secret_dir = dir.join("elsewhere");
    std::fs::create_dir_all(&secret_dir).unwrap();
    let secret = secret_dir.join("credentials");
    std::fs::write(&secret, "https://alice:SECRET-TOKEN@example.com\n").unwrap();
    // The library file a link to the secret.
    let root = dir.join("p1");
    std::fs::create_dir_all(root.join("templates")).unwrap();
    std::os::unix::fs::symlink(&secret, root.join("templates/library.toml")).unwrap();
    let e = Project::new(&root).library().unwrap_err().to_string();
    assert!(e.contains("outside"), "{e}");
    assert!(!e.contains("SECRET-TOKEN"), "the secret was shown: {e}");
    // The whole folder a link out of the project, to a folder holding a valid library.
    let root = dir.join("p2");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::copy(
        common::root().join("templates/library.toml"),
        secret_dir.join("library.toml"),
    )
    .unwrap();
    std::os::unix::fs::symlink(&secret_dir, root.join("templates")).unwrap();
    let e = Project::new(&root).library().unwrap_err().to_string();
    assert!(e.contains("leads outside the project"), "{e}");
    // A real folder inside the project is read.
    let root = dir.join("p3");
    std::fs::create_dir_all(root.join("templates")).unwrap();
    std::fs::copy(
        common::root().join("templates/library.toml"),
        root.join("templates/library.toml"),
    )
    .unwrap();
    assert!(Project::new(&root).library().is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}
