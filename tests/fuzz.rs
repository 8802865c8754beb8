//! Fuzzing kept in the suite: every input kind (definitions, data files, SVG and PNG art, fonts,
//! rulebooks, positions, records, engine answers), mutated (seeded), must give either a result or
//! input errors that each name a place; never a panic, never an error of another kind, never a
//! hang (a deadline per input), never memory past 2 GiB (the test binary's counting allocator,
//! `harness::Capped`, caps the live memory of the whole process); and a failed build leaves its
//! output folder as it was. Each kind prints its figures: inputs, worst time of one input, peak
//! memory of one input, memory kept across inputs (counted on the kind's own thread: see
//! `harness`).
//!
//! `LUDOPRESS_FUZZ=N` runs N inputs of each kind instead of the default (a few seconds);
//! `LUDOPRESS_FUZZ_SEED=S` changes the seed; input `i` of a kind is rebuilt from the kind, the
//! seed and `i` alone. `cargo test --test main fuzz::` runs the fuzzers alone.

mod claims;
mod engines;
mod files;
pub mod harness;
mod mutate;

use crate::common;
use harness::{placed, runs, short, Verdict};
use ludopress::base::diag::Source;
use ludopress::base::lang::Lang;
use ludopress::definition::{self, Project};
use ludopress::make::{self, BuildOptions};
use ludopress::rules::engine::Engine;
use ludopress::rules::registry;
use mutate::{mutate, tokens};
use std::path::Path;

#[test]
fn mutated_definitions_are_accepted_or_refused_at_a_place() {
    let f = harness::run(
        "definitions",
        runs(),
        || {
            let texts: Vec<(&str, String)> = registry::NAMES
                .iter()
                .map(|g| {
                    let path = common::root().join(format!("games/{g}/game.toml"));
                    (*g, std::fs::read_to_string(path).expect("definition"))
                })
                .collect();
            (common::library(), tokens(), texts)
        },
        |(lib, tokens, texts), case| {
            let (game, text) = &texts[case.index % texts.len()];
            let bad = mutate(text, &mut case.rng, tokens);
            case.input(bad.as_bytes());
            let src = Source::new(format!("games/{game}/game.toml"), bad.clone());
            match definition::parse_game(
                &src,
                lib,
                game,
                ludopress::rules::registry::contract(game),
            ) {
                Ok(def) => {
                    // What validation accepts lays out and exports (every tenth, for time).
                    if case.index % 10 == 1 {
                        let opts = BuildOptions {
                            previews: false,
                            papers: vec![ludopress::sheet::Paper::A4],
                            ..Default::default()
                        };
                        make::render_game(&def, &opts)
                            .unwrap_or_else(|e| panic!("render failed: {e}\n{}", short(&bad)));
                    }
                    Verdict::Accepted
                }
                Err(d) => {
                    placed(&d, &bad);
                    Verdict::Refused
                }
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

/// Every position of the suite's files and of the rulebooks' blocks, with its game.
fn positions() -> Vec<String> {
    let mut out = Vec::new();
    for g in registry::NAMES {
        let dir = common::root().join(format!("games/{g}/tests/positions"));
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
    let f = harness::run(
        "positions",
        runs(),
        || {
            let project = Project::new(common::root());
            let engines: Vec<Engine> = registry::NAMES
                .iter()
                .map(|g| Engine::new(&project, g).expect("engine"))
                .collect();
            let defs: Vec<_> = registry::NAMES
                .iter()
                .map(|g| Engine::definition(&project, g).expect("definition"))
                .collect();
            (engines, defs, tokens(), positions())
        },
        |(engines, defs, tokens, texts), case| {
            let bad = mutate(&texts[case.index % texts.len()], &mut case.rng, tokens);
            case.input(bad.as_bytes());
            let opened =
                ludopress::rules::raw("p.toml", &bad).and_then(|(game, raw)| {
                    match engines.iter().find(|e| e.id() == game) {
                        Some(e) => e.position(raw).map(|p| (e, p)),
                        None => {
                            Err(ludopress::rules::engine::record::unknown_game(&raw, &game).into())
                        }
                    }
                });
            match opened {
                Ok((e, p)) => {
                    // An accepted position is one the engine can play from, and one its game's
                    // diagram can draw.
                    let next = e.successor_moves(&p);
                    e.score(&p);
                    if let Some((_, q)) = next.first() {
                        e.successor_moves(q);
                    }
                    let def = defs.iter().find(|d| d.id == e.id()).expect("definition");
                    if let Err(why) = e.diagram(def, &p) {
                        panic!("an accepted position does not draw: {why}");
                    }
                    Verdict::Accepted
                }
                Err(d) => {
                    placed(&d, &bad);
                    Verdict::Refused
                }
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

/// Each bundled game's engine, definition and rulebook in `lang` (`fr` or `en`): what the
/// rulebook fuzzers mutate.
pub fn bundled_rulebooks(lang: &str) -> Vec<(Engine, definition::Game, String)> {
    let project = Project::new(common::root());
    registry::NAMES
        .iter()
        .map(|g| {
            let path = common::root().join(format!("games/{g}/rules.{lang}.md"));
            (
                Engine::new(&project, g).expect("engine"),
                common::game(g),
                std::fs::read_to_string(path).expect("rulebook"),
            )
        })
        .collect()
}

#[test]
fn mutated_rulebooks_are_accepted_or_refused_at_a_place() {
    // Rulebooks are larger and each holds a dozen positions: a third as many runs.
    let f = harness::run(
        "rulebooks",
        runs() / 3,
        || (tokens(), bundled_rulebooks("fr")),
        |(tokens, games), case| {
            let (eng, def, text) = &games[case.index % games.len()];
            let bad = mutate(text, &mut case.rng, tokens);
            case.input(bad.as_bytes());
            let parsed = ludopress::rulebook::markdown::parse(
                Some(eng),
                def,
                Path::new("rules.fr.md"),
                &bad,
                Lang::Fr,
            );
            match parsed {
                Ok(book) => {
                    ludopress::rulebook::check(eng, &book);
                    if case.index % 10 == 1 {
                        ludopress::rulebook::pages::layout(
                            &book,
                            &ludopress::rulebook::Front::of(def, Lang::Fr),
                            ludopress::sheet::Paper::A4,
                        );
                    }
                    Verdict::Accepted
                }
                Err(d) => {
                    placed(&d, &bad);
                    Verdict::Refused
                }
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
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
    let f = harness::run(
        "builds",
        (runs() / 40).max(10),
        || {
            let game = "imperator";
            let root = harness::scratch("build");
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
            let games = [game.to_string()];
            let out = root.join("output");
            make::build_games(&Project::new(&root), &games, &opts, &out, 2).expect("first build");
            let originals: Vec<(String, String)> = ["game.toml", "rules.fr.md"]
                .iter()
                .map(|f| {
                    let rel = format!("games/{game}/{f}");
                    let text = std::fs::read_to_string(root.join(&rel)).unwrap();
                    (rel, text)
                })
                .collect();
            (root, opts, games, originals, tokens())
        },
        |(root, opts, games, originals, tokens), case| {
            let (rel, text) = &originals[case.index % originals.len()];
            let bad = mutate(text, &mut case.rng, tokens);
            case.input(bad.as_bytes());
            std::fs::write(root.join(rel), &bad).unwrap();
            let out = root.join("output");
            let before = tree(&out);
            let result = make::build_games(&Project::new(&*root), games, opts, &out, 2);
            std::fs::write(root.join(rel), text).unwrap();
            match result {
                Ok(_) => Verdict::Accepted,
                Err(make::Error::Input(d)) => {
                    placed(&d, &bad);
                    assert_eq!(
                        tree(&out),
                        before,
                        "a refused build changed the output folder"
                    );
                    Verdict::Refused
                }
                Err(e) => panic!("not an input error: {e}\n{}", short(&bad)),
            }
        },
    );
    assert!(f.refused > 0, "{f:?}");
    let _ = std::fs::remove_dir_all(harness::scratch("build"));
}

/// Set in the child process of `a_runaway_input_is_stopped_by_the_memory_cap`, which then runs
/// the runaway input itself.
const RUNAWAY: &str = "LUDOPRESS_FUZZ_RUNAWAY";

#[test]
fn a_runaway_input_is_stopped_by_the_memory_cap() {
    if std::env::var_os(RUNAWAY).is_some() {
        // The child: an input that keeps 256 MiB blocks (reserved, never written, so the machine
        // lends no pages) until the cap refuses one and the process aborts. 64 blocks (16 GiB)
        // if the cap never fires: the child then ends well, and the parent fails.
        harness::run("runaway", 1, Vec::new, |held: &mut Vec<Vec<u8>>, case| {
            case.input(b"256 MiB blocks, kept, until the cap");
            for _ in 0..64 {
                held.push(std::hint::black_box(Vec::with_capacity(256 << 20)));
            }
            Verdict::Accepted
        });
        return;
    }
    // The parent: runs this test alone in a child process of the same binary (an allocation the
    // cap refuses aborts the whole process), and reads how it ended.
    let name = module_path!()
        .split_once("::")
        .map_or("", |(_, m)| m)
        .to_string()
        + "::a_runaway_input_is_stopped_by_the_memory_cap";
    let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([name.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(RUNAWAY, "1")
        .env_remove("LUDOPRESS_FUZZ_FROM")
        .output()
        .expect("the child test");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the runaway ran to its end: {err}");
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(6), "not an abort: {err}");
    }
    assert!(
        err.contains(&format!("would pass {}", harness::CAP))
            && err.contains("running runaway input 0"),
        "the cap did not name the input: {err}"
    );
}
