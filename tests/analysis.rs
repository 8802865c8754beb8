//! `ludopress analyze`: deterministic whatever the threads, sweeps side by side, refuses what
//! the game does not have, and a saved report is linked from the rulebook's HTML.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .unwrap()
}

/// A copy of one bundled game in a project of its own.
fn project(name: &str, game: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("ludopress-analysis-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games").join(game)).unwrap();
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    std::fs::copy(
        common::root().join("templates/library.toml"),
        dir.join("templates/library.toml"),
    )
    .unwrap();
    for f in std::fs::read_dir(common::root().join("games").join(game)).unwrap() {
        let f = f.unwrap().path();
        if f.is_file() && f.file_name().unwrap() != "analysis.json" {
            std::fs::copy(
                &f,
                dir.join("games").join(game).join(f.file_name().unwrap()),
            )
            .unwrap();
        }
    }
    dir
}

#[test]
fn the_same_seed_gives_the_same_report_on_one_thread_or_two() {
    let root = project("seed", "lignes");
    let args = |out: &str, jobs: &str| {
        let out = root.join(out);
        let out = out.to_str().unwrap();
        let o = run(
            &root,
            &[
                "analyze",
                "lignes",
                "--games",
                "12",
                "--players",
                "random,greedy",
                "--rotate",
                "--set",
                "rules.pawns_per_side=6,8",
                "--jobs",
                jobs,
                "--out",
                out,
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(Path::new(out).join("lignes/analysis.json")).unwrap()
    };
    let one = args("one", "1");
    let two = args("two", "2");
    assert_eq!(one, two);
    let report: serde_json::Value = serde_json::from_str(&one).unwrap();
    let settings = report["settings"].as_array().unwrap();
    assert_eq!(settings.len(), 2);
    assert_eq!(settings[0]["label"], "pawns_per_side=6");
    assert_eq!(settings[1]["label"], "pawns_per_side=8");
    for st in settings {
        let wins: u64 = st["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["count"].as_u64().unwrap())
            .sum();
        let all = wins + st["draws"].as_u64().unwrap() + st["capped"].as_u64().unwrap();
        assert_eq!(all, 12, "{st}");
        // Two players changing seats: each played every game.
        assert_eq!(st["players"][0]["of"], 12);
        // Six pawns a side: 12 placements, and nothing after them.
        assert!(st["length"]["max"].as_u64().unwrap() <= 2 * st["params"][0][1].as_u64().unwrap());
    }
    // A different seed, a different report.
    let other = root.join("other");
    let o = run(
        &root,
        &[
            "analyze",
            "lignes",
            "--games",
            "12",
            "--players",
            "random",
            "--seed",
            "9",
            "--out",
            other.to_str().unwrap(),
            "--set",
            "rules.pawns_per_side=6,8",
        ],
    );
    assert!(o.status.success());
    assert_ne!(
        std::fs::read_to_string(root.join("other/lignes/analysis.json")).unwrap(),
        one
    );
    let html = std::fs::read_to_string(root.join("one/lignes/analysis.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("pawns_per_side=8"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn what_the_game_does_not_have_is_refused_at_its_definition() {
    let root = project("refuse", "lignes");
    for (args, want) in [
        (
            vec!["--set", "rules.pawns=3"],
            "has no such [rules] value (it has pawns_per_side, opening_pawns)",
        ),
        (vec!["--set", "rules.pawns_per_side=99"], "out of range"),
        (vec!["--variant", "junior"], "lignes has no variants"),
    ] {
        let mut all = vec!["analyze", "lignes", "--games", "2"];
        all.extend(args);
        let o = run(&root, &all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("games/lignes/game.toml") && err.contains(want),
            "{err}"
        );
    }
    for (args, want) in [
        (
            vec![
                "--set",
                "rules.pawns_per_side=6",
                "--set",
                "rules.pawns_per_side=8",
            ],
            "given twice",
        ),
        (vec!["--set", "rules.pawns_per_side=6,6"], "listed twice"),
        (
            vec!["--players", "random,greedy,random"],
            "3 players for 2 seats",
        ),
    ] {
        let mut all = vec!["analyze", "lignes", "--games", "2"];
        all.extend(args);
        let o = run(&root, &all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(want), "{err}");
    }
    for bad in [["--players", "alphazero"], ["--set", "pawns_per_side=3"]] {
        let o = run(&root, &["analyze", "lignes", bad[0], bad[1]]);
        assert_eq!(o.status.code(), Some(2));
    }
    let out = root.join("output");
    let o = run(
        &root,
        &["analyze", "potager", "--out", out.to_str().unwrap()],
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_saved_report_is_linked_from_the_rulebook() {
    let root = project("saved", "arlecchino");
    let out = root.join("output");
    let out_arg = out.to_str().unwrap();
    let o = run(
        &root,
        &[
            "analyze",
            "arlecchino",
            "--games",
            "4",
            "--players",
            "random",
            "--variant",
            "4-players,2-players",
            "--save",
            "--out",
            out_arg,
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(root.join("games/arlecchino/analysis.json").is_file());
    let o = run(
        &root,
        &["build", "arlecchino", "--no-png", "--out", out_arg],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = out.join("arlecchino");
    for lang in ["fr", "en"] {
        let html = std::fs::read_to_string(out.join(format!("rules-{lang}.html"))).unwrap();
        assert!(html.contains("<a href=\"analysis.html\">"), "{lang}");
    }
    let page = std::fs::read_to_string(out.join("analysis.html")).unwrap();
    assert!(page.contains("2-players") && page.contains("yellow+green"));
    // A broken report stops the build at its place, and nothing is written.
    std::fs::write(
        root.join("games/arlecchino/analysis.json"),
        "{\n  \"game\": 3\n}\n",
    )
    .unwrap();
    let before = std::fs::read(out.join("rules-en.html")).unwrap();
    let o = run(
        &root,
        &["build", "arlecchino", "--no-png", "--out", out_arg],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("analysis.json:2:"), "{err}");
    assert_eq!(std::fs::read(out.join("rules-en.html")).unwrap(), before);
    // Valid JSON, but no setting, or another game's report: refused too, never a panic.
    let saved = std::fs::read_to_string(out.join("analysis.html")).unwrap();
    assert!(saved.contains("yellow+green"));
    for (text, want) in [
        (
            r#"{"game":"arlecchino","title":"A","games":1,"players":[],"rotate":false,"cap":1,"seed":1,"settings":[]}"#,
            "without any setting",
        ),
        (
            r#"{"game":"imperator","title":"A","games":1,"players":[],"rotate":false,"cap":1,"seed":1,"settings":[]}"#,
            "not of `arlecchino`",
        ),
    ] {
        std::fs::write(root.join("games/arlecchino/analysis.json"), text).unwrap();
        let o = run(
            &root,
            &["build", "arlecchino", "--no-png", "--out", out_arg],
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("analysis.json:1:") && err.contains(want),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// A `[rules]` value set on the command line is held to the range the file would be: the
/// walk-through's Sidestep with its ply limit read as `no_progress` (1 to 10,000 in a file)
/// refuses `--set rules.max_plies=20000` before any game, and plays 10,000.
#[test]
fn a_declared_game_s_set_value_has_the_file_s_range() {
    let dir = std::env::temp_dir().join(format!("ludopress-analysis-range-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games/sidestep")).unwrap();
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    std::fs::copy(
        common::root().join("templates/library.toml"),
        dir.join("templates/library.toml"),
    )
    .unwrap();
    let game = std::fs::read_to_string(common::root().join("docs/examples/sidestep/game.toml"))
        .unwrap()
        .replacen(
            "plies = \"max_plies\"            # the game is long enough: more pawns wins, equal is a draw\nresult = \"most-pieces\"",
            "no_progress = \"max_plies\"\nresult = \"draw\"",
            1,
        );
    assert!(game.contains("no_progress = \"max_plies\""));
    std::fs::write(dir.join("games/sidestep/game.toml"), game).unwrap();
    let o = run(
        &dir,
        &[
            "analyze",
            "sidestep",
            "--games",
            "2",
            "--set",
            "rules.max_plies=20000",
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("games/sidestep/game.toml") && err.contains("expected 1 to 10000"),
        "{err}"
    );
    let o = run(
        &dir,
        &[
            "analyze",
            "sidestep",
            "--games",
            "2",
            "--set",
            "rules.max_plies=10000",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A copy of imperator whose saved report has its seats changed by `edit`, built: the build's
/// output, the report's text and whether the build wrote the game's folder.
fn build_with_seats(
    name: &str,
    edit: impl Fn(&mut Vec<serde_json::Value>),
) -> (Output, String, bool) {
    build_with_report(name, "imperator", |report| {
        edit(report["settings"][0]["seats"].as_array_mut().unwrap())
    })
}

/// A copy of `game` whose shipped saved report is changed by `edit`, built: the build's output,
/// the report's text and whether the build wrote the game's folder.
fn build_with_report(
    name: &str,
    game: &str,
    edit: impl Fn(&mut serde_json::Value),
) -> (Output, String, bool) {
    let root = project(name, game);
    let shipped = common::root()
        .join("games")
        .join(game)
        .join("analysis.json");
    let mut report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shipped).unwrap()).unwrap();
    edit(&mut report);
    let text = serde_json::to_string_pretty(&report).unwrap();
    std::fs::write(root.join("games").join(game).join("analysis.json"), &text).unwrap();
    let out = root.join("output");
    let o = run(
        &root,
        &["build", game, "--no-png", "--out", out.to_str().unwrap()],
    );
    let wrote = out.join(game).exists();
    let _ = std::fs::remove_dir_all(&root);
    (o, text, wrote)
}

/// The line and column (from 1) of the `n`th occurrence (from 0) of `what` in `text`.
fn place_of(text: &str, what: &str, n: usize) -> String {
    let at = text
        .match_indices(what)
        .nth(n)
        .expect("the text holds it")
        .0;
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{col}")
}

/// The line and column (from 1) of the value of the `n`th occurrence (from 0) of the key `key`
/// (quoted) in the JSON `text`.
fn place_of_value(text: &str, key: &str, n: usize) -> String {
    let at = text.match_indices(key).nth(n).expect("the text holds it").0;
    let value = at + text[at..].find(": ").unwrap() + 2;
    let line = text[..value].matches('\n').count() + 1;
    let col = value - text[..value].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{col}")
}

/// A saved report's seat that is none of the game's is refused at its name, before anything is
/// written.
#[test]
fn a_saved_report_s_unknown_seat_is_refused_at_its_place() {
    let (o, text, wrote) = build_with_seats("seat-unknown", |seats| {
        seats[1]["name"] = "blue".into();
    });
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!wrote, "a refused build wrote");
    let at = place_of(&text, "\"blue\"", 0);
    assert!(
        err.contains(&format!("analysis.json:{at}:"))
            && err.contains("`blue`")
            && err.contains("red, white"),
        "{err}"
    );
}

/// A saved report's setting with more seats than the game has is refused at the first seat too
/// many, read once (5,000 seats named after the game's own two).
#[test]
fn a_saved_report_with_more_seats_than_the_game_is_refused() {
    let (o, text, wrote) = build_with_seats("seat-many", |seats| {
        let two = seats.clone();
        for i in 2..5_000 {
            seats.push(two[i % 2].clone());
        }
    });
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!wrote, "a refused build wrote");
    // The third seat is the second `red` of the text (the first setting's seats come first).
    let at = place_of(&text, "\"red\"", 1);
    assert!(
        err.contains(&format!("analysis.json:{at}:")) && err.contains("2 seats"),
        "{err}"
    );
}

/// A saved report's counts past what `analyze` plays (1,000,000 games, a cap of 1,000,000
/// plies) are refused at their place, each one: 2^63 games and plies were published.
#[test]
fn a_saved_report_s_counts_past_the_limits_of_analyze_are_refused() {
    let big = 1u64 << 63;
    let (o, text, wrote) = build_with_report("counts-big", "imbriqua", |r| {
        r["games"] = big.into();
        r["cap"] = big.into();
    });
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!wrote, "a refused build wrote");
    assert!(!err.contains("panicked"), "{err}");
    let games = place_of_value(&text, "\"games\"", 0);
    let cap = place_of_value(&text, "\"cap\"", 0);
    assert!(
        err.contains(&format!(
            "analysis.json:{games}: error: `games`: 9223372036854775808 games per setting; `ludopress analyze` plays 1 to 1,000,000"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "analysis.json:{cap}: error: `cap`: 9223372036854775808 plies; `ludopress analyze` stops a game after 1 to 1,000,000"
        )),
        "{err}"
    );
}

/// A saved report's settings must add up: each game of a setting won by one seat, drawn or
/// stopped at the cap; each seat's rate out of the games played; lengths within the cap and
/// their histogram counting every game. Each wrong count is refused at its place.
#[test]
fn a_saved_report_s_counts_that_do_not_add_up_are_refused() {
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&str, Edit, &str, usize, &str); 6] = [
        (
            "wins",
            |r| r["settings"][0]["seats"][0]["count"] = 46.into(),
            "\"seats\"",
            0,
            "46 + 151 games won, 4 drawn and 0 stopped at the cap make 201, not the report's 200 games",
        ),
        (
            "of",
            |r| r["settings"][1]["seats"][1]["of"] = 9_000_000_000u64.into(),
            "9000000000",
            0,
            "`of`: out of 9000000000 games, not the report's 200",
        ),
        (
            "count",
            |r| {
                r["settings"][0]["seats"][0]["count"] = 201.into();
            },
            "201",
            0,
            "`count`: 201 of 200 games",
        ),
        (
            "length",
            |r| r["settings"][0]["length"]["max"] = 5000.into(),
            "5000",
            0,
            "`max`: 5000 plies, past the report's `cap` of 2000",
        ),
        (
            "histogram",
            |r| r["settings"][0]["length"]["histogram"][0][2] = 199.into(),
            "\"histogram\"",
            0,
            "`histogram`: 199 games, not the report's 200",
        ),
        (
            "capped",
            |r| r["settings"][0]["cycling"] = 3.into(),
            "\"cycling\"",
            0,
            "`cycling`: 3 of the 0 games stopped at the cap",
        ),
    ];
    for (name, edit, at, n, why) in cases {
        let (o, text, wrote) = build_with_report(&format!("counts-{name}"), "imbriqua", edit);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(!wrote, "{name}: a refused build wrote");
        let place = if at.starts_with('"') {
            place_of_value(&text, at, n)
        } else {
            place_of(&text, at, n)
        };
        assert!(
            err.contains(&format!("analysis.json:{place}: error: ")) && err.contains(why),
            "{name}: expected at {place}: {why}\n{err}"
        );
    }
}
