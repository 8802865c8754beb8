//! Fuzzing kept in the suite: the shipped definitions, position files and rulebooks, mutated
//! (seeded), must give either a result or input errors that each name a place; never a panic,
//! never an error of another kind, and a failed build leaves its output folder as it was.
//!
//! `LUDOPRESS_FUZZ=N` runs N inputs of each kind instead of the default (a few seconds);
//! `LUDOPRESS_FUZZ_SEED=S` changes the seed.

mod common;

use ludopress::build::{self, BuildOptions};
use ludopress::definition::{self, Project};
use ludopress::diag::{Diagnostics, Source};
use ludopress::engine::{self, Engine};
use ludopress::lang::Lang;
use ludopress::rules::rng::Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Inputs of each kind (definitions, positions, rulebooks) in a default run.
const DEFAULT_RUNS: usize = 1200;

fn runs() -> usize {
    std::env::var("LUDOPRESS_FUZZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_RUNS)
}

fn seed() -> u64 {
    std::env::var("LUDOPRESS_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20261122)
}

/// Pieces the mutations insert: multi-byte white space, huge and odd values, deep nesting,
/// path-like ids, syntax of each format.
fn tokens() -> Vec<String> {
    let mut t: Vec<String> = [
        "\u{a0}",
        "\u{3000}",
        "\u{2003}",
        "\u{feff}",
        "\u{200b}",
        "\t",
        "\r\n",
        "\0",
        "é",
        "😀",
        "e\u{301}",
        "\u{202e}",
        "-1",
        "0",
        "1e308",
        "-1e308",
        "nan",
        "inf",
        "-inf",
        "1e-320",
        "9223372036854775807",
        "-9223372036854775808",
        "99999999999999999999999",
        "0.0001",
        "3.5",
        "\"../../../../tmp/escaped\"",
        "\"/tmp/x\"",
        "\"..\"",
        "\"a/b\"",
        "\"CON\"",
        "\"\"",
        "\"\\u0000\"",
        "\"\"\"",
        "'''",
        "```",
        "```position\n",
        "```component\n",
        "---",
        "# ",
        "[",
        "]",
        "{",
        "}",
        "[[",
        "]]",
        "=",
        ",",
        "\"",
        "\n",
        "\\",
        "*",
        "_",
        "|",
        "> ",
        "- ",
        "1. ",
        "L",
        "D",
        "R",
        "W",
        "S",
        "N",
        "3",
        ".",
        "x",
        "a1",
        "z99",
        "pass",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    t.push("[".repeat(5000));
    t.push("{a=".repeat(3000));
    t.push("> ".repeat(3000));
    t.push("- ".repeat(3000));
    t.push("x".repeat(100_000));
    t.push(". ".repeat(30_000));
    t.push("\u{a0}".repeat(10_000));
    t.push("*".repeat(10_000));
    t
}

/// One mutation of `text`: a deletion, a duplication, an inserted token, a line repeated or
/// swapped, a number replaced by an extreme, a truncation; one to three at once.
fn mutate(text: &str, rng: &mut Rng, tokens: &[String]) -> String {
    let mut s = text.to_string();
    for _ in 0..1 + rng.below(3) {
        let at = |s: &str, rng: &mut Rng| {
            let mut i = rng.below(s.len() as u64 + 1) as usize;
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        match rng.below(8) {
            0 => {
                let a = at(&s, rng);
                let mut b = (a + 1 + rng.below(40) as usize).min(s.len());
                while !s.is_char_boundary(b) {
                    b -= 1;
                }
                s.replace_range(a..b, "");
            }
            1 => {
                let a = at(&s, rng);
                let mut b = (a + 1 + rng.below(200) as usize).min(s.len());
                while !s.is_char_boundary(b) {
                    b -= 1;
                }
                let piece = s[a..b].to_string();
                s.insert_str(b, &piece);
            }
            2 | 3 => {
                let a = at(&s, rng);
                let t = &tokens[rng.below(tokens.len() as u64) as usize];
                s.insert_str(a, t);
            }
            4 => {
                let mut lines: Vec<&str> = s.lines().collect();
                if !lines.is_empty() {
                    let i = rng.below(lines.len() as u64) as usize;
                    let copies = [2, 10, 300][rng.below(3) as usize];
                    let line = lines[i];
                    for _ in 0..copies {
                        lines.insert(i, line);
                    }
                }
                s = lines.join("\n");
            }
            5 => {
                let mut lines: Vec<&str> = s.lines().collect();
                if lines.len() > 1 {
                    let i = rng.below(lines.len() as u64) as usize;
                    let j = rng.below(lines.len() as u64) as usize;
                    lines.swap(i, j);
                }
                s = lines.join("\n");
            }
            6 => {
                // A number (or a word) replaced by one of the tokens.
                let starts: Vec<usize> = s
                    .char_indices()
                    .filter(|(i, c)| {
                        c.is_ascii_alphanumeric()
                            && s[..*i]
                                .chars()
                                .last()
                                .is_none_or(|p| !p.is_ascii_alphanumeric())
                    })
                    .map(|(i, _)| i)
                    .collect();
                if !starts.is_empty() {
                    let a = starts[rng.below(starts.len() as u64) as usize];
                    let len = s[a..]
                        .find(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '.')
                        .unwrap_or(s.len() - a);
                    let t = &tokens[rng.below(tokens.len() as u64) as usize];
                    s.replace_range(a..a + len, t);
                }
            }
            _ => {
                let a = at(&s, rng);
                s.truncate(a);
            }
        }
    }
    s
}

/// Asserts that every error names a place (a line), or is about a whole file's size.
fn placed(d: &Diagnostics, input: &str) {
    assert!(!d.is_empty(), "an error without a diagnostic");
    for e in &d.0 {
        assert!(
            e.line > 0,
            "an error without a place: {e}\n--- input ---\n{}",
            short(input)
        );
    }
    // Printing never fails and stays small.
    let shown = d.to_string();
    assert!(shown.len() < 200_000, "a message of {} bytes", shown.len());
}

fn short(s: &str) -> String {
    s.chars().take(3000).collect()
}

/// Runs `f`, turning a panic into a test failure that shows the input.
fn no_panic<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{what} panicked: {msg}\n--- input ---\n{}", short(input))
        }
    }
}

#[test]
fn mutated_definitions_are_accepted_or_refused_at_a_place() {
    let lib = common::library();
    let tokens = tokens();
    let mut rng = Rng::new(seed());
    let texts: Vec<(&str, String)> = definition::GAMES
        .iter()
        .map(|g| {
            let text = std::fs::read_to_string(common::root().join(format!("games/{g}/game.toml")));
            (*g, text.expect("definition"))
        })
        .collect();
    let (mut ok, mut refused) = (0, 0);
    for i in 0..runs() {
        let (game, text) = &texts[i % texts.len()];
        let bad = mutate(text, &mut rng, &tokens);
        let src = Source::new(format!("games/{game}/game.toml"), bad.clone());
        let parsed = no_panic("validation", &bad, || {
            definition::parse_game(&src, &lib, game, ludopress::games::contract(game))
        });
        match parsed {
            Ok(def) => {
                ok += 1;
                // What validation accepts lays out and exports (every tenth, for time), and an
                // engine can be built from it.
                if ok % 10 == 1 {
                    let opts = BuildOptions {
                        previews: false,
                        papers: vec![ludopress::sheet::Paper::A4],
                        ..Default::default()
                    };
                    no_panic("layout", &bad, || {
                        build::render_game(&def, &opts).map(|_| ())
                    })
                    .unwrap_or_else(|e| panic!("render failed: {e}\n{}", short(&bad)));
                }
            }
            Err(d) => {
                refused += 1;
                placed(&d, &bad);
            }
        }
    }
    println!("{ok} accepted, {refused} refused");
    assert!(ok > 0 && refused > 0, "{ok} accepted, {refused} refused");
}

/// Every position of the suite's files and of the rulebooks' blocks, with its game.
fn positions() -> Vec<String> {
    let mut out = Vec::new();
    for g in definition::GAMES {
        let dir = common::root().join("tests/rules").join(g);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for f in files {
            out.push(std::fs::read_to_string(f).expect("position"));
        }
        let book = std::fs::read_to_string(common::root().join(format!("games/{g}/rules.en.md")))
            .expect("rulebook");
        for block in book.split("```position\n").skip(1) {
            if let Some((body, _)) = block.split_once("```") {
                out.push(body.to_string());
            }
        }
    }
    out
}

#[test]
fn mutated_positions_are_accepted_or_refused_at_a_place() {
    let project = Project::new(common::root());
    let engines: Vec<Engine> = engine::ENGINES
        .iter()
        .map(|g| Engine::new(&project, g).expect("engine"))
        .collect();
    let defs: Vec<_> = engine::ENGINES
        .iter()
        .map(|g| Engine::definition(&project, g).expect("definition"))
        .collect();
    let tokens = tokens();
    let texts = positions();
    let mut rng = Rng::new(seed() ^ 0x5eed);
    let (mut ok, mut refused) = (0, 0);
    for i in 0..runs() {
        let bad = mutate(&texts[i % texts.len()], &mut rng, &tokens);
        let opened = no_panic("reading", &bad, || {
            let (game, raw) = ludopress::rules::raw("p.toml", &bad)?;
            match engines.iter().find(|e| e.id() == game) {
                Some(e) => e.position(raw).map(|p| (e, p)),
                None => Err(ludopress::rules::position::unknown_game(&raw, &game).into()),
            }
        });
        match opened {
            Ok((e, p)) => {
                ok += 1;
                // An accepted position is one the engine can play from.
                no_panic("successors", &bad, || {
                    let next = e.successor_moves(&p);
                    let score = e.score(&p);
                    if let Some((_, q)) = next.first() {
                        e.successor_moves(q);
                    }
                    // An accepted position is one its game's diagram can draw.
                    let def = defs.iter().find(|d| d.id == e.id()).expect("definition");
                    if let Err(why) = e.diagram(def, &p) {
                        panic!("an accepted position does not draw: {why}");
                    }
                    (next.len(), score)
                });
            }
            Err(d) => {
                refused += 1;
                placed(&d, &bad);
            }
        }
    }
    println!("{ok} accepted, {refused} refused");
    assert!(ok > 0 && refused > 0, "{ok} accepted, {refused} refused");
}

#[test]
fn mutated_rulebooks_are_accepted_or_refused_at_a_place() {
    let project = Project::new(common::root());
    let tokens = tokens();
    let mut rng = Rng::new(seed() ^ 0xb00c);
    let games: Vec<(&str, Engine, definition::Game, String)> = engine::ENGINES
        .iter()
        .map(|g| {
            let text =
                std::fs::read_to_string(common::root().join(format!("games/{g}/rules.fr.md")));
            (
                *g,
                Engine::new(&project, g).expect("engine"),
                common::game(g),
                text.expect("rulebook"),
            )
        })
        .collect();
    let (mut ok, mut refused) = (0, 0);
    // Rulebooks are larger and each holds a dozen positions: a third as many runs.
    for i in 0..runs() / 3 {
        let (_, eng, def, text) = &games[i % games.len()];
        let bad = mutate(text, &mut rng, &tokens);
        let parsed = no_panic("rulebook", &bad, || {
            ludopress::rulebook::markdown::parse(
                Some(eng),
                def,
                Path::new("rules.fr.md"),
                &bad,
                Lang::Fr,
            )
        });
        match parsed {
            Ok(book) => {
                ok += 1;
                no_panic("claims", &bad, || ludopress::rulebook::check(eng, &book));
                if ok % 10 == 1 {
                    no_panic("pages", &bad, || {
                        ludopress::rulebook::pages::layout(
                            &book,
                            &ludopress::rulebook::Front::of(def, Lang::Fr),
                            ludopress::sheet::Paper::A4,
                        )
                    });
                }
            }
            Err(d) => {
                refused += 1;
                placed(&d, &bad);
            }
        }
    }
    println!("{ok} accepted, {refused} refused");
    assert!(ok > 0 && refused > 0, "{ok} accepted, {refused} refused");
}

/// Every file under `dir` with its bytes.
fn tree(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn failed_builds_leave_the_output_folder_as_it_was() {
    // A project with one game, built once; then mutated definitions and rulebooks are built into
    // the same folder: each either succeeds or leaves every byte as it was.
    let game = "imperator";
    let root = std::env::temp_dir().join(format!("ludopress-fuzz-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("games").join(game)).unwrap();
    std::fs::create_dir_all(root.join("templates")).unwrap();
    let copy = |rel: &str| {
        std::fs::copy(common::root().join(rel), root.join(rel)).unwrap();
    };
    copy("templates/library.toml");
    for f in ["game.toml", "rules.fr.md", "rules.en.md"] {
        copy(&format!("games/{game}/{f}"));
    }
    let opts = BuildOptions {
        previews: false,
        papers: vec![ludopress::sheet::Paper::A4],
        ..Default::default()
    };
    let out = root.join("output");
    let games = [game.to_string()];
    let project = Project::new(&root);
    build::build_games(&project, &games, &opts, &out, 2).expect("first build");
    let tokens = tokens();
    let mut rng = Rng::new(seed() ^ 0xf01d);
    let originals: Vec<(String, String)> = ["game.toml", "rules.fr.md"]
        .iter()
        .map(|f| {
            let rel = format!("games/{game}/{f}");
            (
                rel.clone(),
                std::fs::read_to_string(root.join(&rel)).unwrap(),
            )
        })
        .collect();
    let (mut built, mut failed) = (0, 0);
    for i in 0..(runs() / 40).max(10) {
        let (rel, text) = &originals[i % originals.len()];
        let bad = mutate(text, &mut rng, &tokens);
        std::fs::write(root.join(rel), &bad).unwrap();
        let before = tree(&out);
        let result = no_panic("build", &bad, || {
            build::build_games(&project, &games, &opts, &out, 2)
        });
        match result {
            Ok(_) => built += 1,
            Err(build::Error::Input(d)) => {
                failed += 1;
                placed(&d, &bad);
                assert_eq!(
                    tree(&out),
                    before,
                    "a refused build changed the output folder"
                );
            }
            Err(build::Error::Other(e)) => panic!("not an input error: {e}\n{}", short(&bad)),
        }
        std::fs::write(root.join(rel), text).unwrap();
    }
    println!("{built} built, {failed} failed");
    assert!(failed > 0, "{built} built, {failed} failed");
    let _ = std::fs::remove_dir_all(&root);
}
