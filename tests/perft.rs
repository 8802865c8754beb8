//! Perft from data files: `tests/rules/<game>.perft` lists position, depth and count.

mod common;

use ludopress::definition::Project;
use ludopress::rules::engine::Engine;

fn run(file: &str) {
    let dir = common::root().join("tests/rules");
    let data = std::fs::read_to_string(dir.join(file)).unwrap();
    let mut checked = 0;
    for (n, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            parts.len(),
            3,
            "{file}:{}: expected `position depth count`",
            n + 1
        );
        let path = dir.join(parts[0]);
        let text = std::fs::read_to_string(&path).unwrap();
        let (engine, pos) = Engine::open(&Project::new(common::root()), parts[0], &text)
            .unwrap_or_else(|e| panic!("{e:?}"));
        let depth: u32 = parts[1].parse().unwrap();
        let expected: u64 = parts[2].parse().unwrap();
        assert_eq!(
            engine.perft(&pos, depth),
            expected,
            "{file}:{}: perft({}, {depth})",
            n + 1,
            parts[0]
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn imbriqua_perft() {
    run("imbriqua.perft");
}

#[test]
fn arlecchino_perft() {
    run("arlecchino.perft");
}

#[test]
fn imperator_perft() {
    run("imperator.perft");
}

#[test]
fn lignes_perft() {
    run("lignes.perft");
}

#[test]
fn alphabrick_perft() {
    run("alphabrick.perft");
}
