//! Perft from data files: `games/<game>/tests/game.perft`, one for each game of the registry,
//! lists position (a file of the game's `tests/` folder), depth and count.

use crate::common;

use ludopress::definition::Project;
use ludopress::rules::engine::Engine;

fn run(game: &str) {
    let dir = common::root().join("games").join(game).join("tests");
    let file = format!("games/{game}/tests/game.perft");
    let data = std::fs::read_to_string(dir.join("game.perft"))
        .unwrap_or_else(|e| panic!("{file}: {e} (each shipped game has one)"));
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
        let (engine, pos) = Engine::open(
            &Project::new(common::root()),
            &path.to_string_lossy(),
            &text,
        )
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

/// Every shipped game has its `games/<game>/tests/game.perft`, and every file's counts hold
/// (the games in parallel, as one test each would run).
#[test]
fn every_game_s_perft_file() {
    let games = ludopress::rules::registry::NAMES;
    std::thread::scope(|s| {
        for game in games {
            s.spawn(move || run(game));
        }
    });
    // No perft file is left unread: each game folder that has one is a shipped game's.
    let with_perft: Vec<String> = std::fs::read_dir(common::root().join("games"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("tests/game.perft").is_file())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .collect();
    assert!(with_perft.len() >= games.len(), "{with_perft:?}");
    for f in &with_perft {
        assert!(
            games.contains(&f.as_str()),
            "games/{f}/tests/game.perft: no shipped game `{f}` in the registry"
        );
    }
}
