//! Checking a rulebook through a game's own engine program (`cargo bench --bench rulebook_check`):
//! a Breakthrough rulebook of generated examples with 100+ claims, checked through
//! `games/breakthrough-py/engine.py` kept running (the engine protocol), against the cost of
//! starting the program once per request; and 200 copies of a claim on a 16 × 16 declared
//! game, checked now against the former way (every claim's move found anew by the engine).
//! Figures are printed, not asserted.

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::rules::engine::{Engine, Position};
use ludopress::rules::rng::Rng;
use std::path::Path;
use std::time::Instant;

const START: &str = "B B B B B B B B\nB B B B B B B B\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nW W W W W W W W\nW W W W W W W W";

/// A rulebook of `n` examples, positions of a seeded random game, five claims each.
fn rulebook(engine: &Engine, n: usize) -> String {
    let Engine::External(x) = engine else {
        panic!("breakthrough-py has its own engine");
    };
    let rows = ludopress::rules::board_rows(START);
    let mut fields = toml::Table::new();
    fields.insert("to_move".into(), toml::Value::String("white".into()));
    let mut p = Position::External(x.position(&rows, &fields).expect("start"));
    let mut rng = Rng::new(11);
    let mut text = String::from("# Generated\n\n");
    for _ in 0..n {
        let next = engine.successor_moves(&p);
        if next.is_empty() {
            p = Position::External(x.position(&rows, &fields).expect("start"));
            continue;
        }
        let (m, q) = &next[rng.below(next.len() as u64) as usize];
        let after = engine.board_rows(q);
        let score = engine.score(&p);
        let block = engine.to_toml(&p);
        text.push_str(&format!(
            "```position\n{block}\n[expect]\nsuccessors = {}\nover = {}\nlegal = [\"{m}\"]\nillegal = [\"a1-a8\"]\nafter = {{ move = \"{m}\", board = \"\"\"\n{}\n\"\"\" }}\n```\n\n",
            next.len(),
            score.over,
            after.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join("\n")
        ));
        p = q.clone();
    }
    text
}

/// Breakthrough on 16 × 16 and a rulebook of one example: its start, with 200 copies of a
/// `legal` and of an `illegal` claim and an `after` claim.
fn copies_16(project: &Project) -> (ludopress::definition::Game, String) {
    let rows = |t: &str| vec![vec![t; 16].join(" "); 2].join("\n");
    let empty = vec![vec!["."; 16].join(" "); 12].join("\n");
    let board = format!(
        "board = \"\"\"\n{}\n{empty}\n{}\n\"\"\"\n",
        rows("B"),
        rows("W")
    );
    let text = std::fs::read_to_string(project.game_file("breakthrough"))
        .unwrap()
        .replace("cols = 8\nrows = 8", "cols = 16\nrows = 16")
        .replace("count = 16", "count = 32")
        .replace("max = 16", "max = 32")
        .replace("ranks = [8]", "ranks = [16]");
    let (head, _) = text.split_once("board = \"\"\"").unwrap();
    let src = ludopress::base::diag::Source::new(
        "games/breakthrough/game.toml",
        format!("{head}{board}"),
    );
    let lib = project.library().expect("library");
    let game = ludopress::definition::parse_game(&src, &lib, "breakthrough", None)
        .unwrap_or_else(|d| panic!("{d}"));
    let copies = |m: &str| vec![format!("\"{m}\""); 200].join(", ");
    let book = format!(
        "# Copies\n\n```position\ngame = \"breakthrough\"\nto_move = \"white\"\n{board}\n[expect]\nlegal = [{}]\nillegal = [{}]\nafter = {{ move = \"a2-a3\" }}\n```\n",
        copies("a2-a3"),
        copies("a2-a5")
    );
    (game, book)
}

/// The 16 × 16 copies checked now, then as before (each claim's move found anew by the
/// engine, as the check, the captions' facts and the figure each did), in the same run.
fn copies(project: &Project) {
    let (game, text) = copies_16(project);
    let engine = Engine::from_definition(&game).expect("declared engine");
    let t = Instant::now();
    let g0 = ludopress::rules::engine::generations();
    let book = ludopress::rulebook::markdown::parse(
        Some(&engine),
        &game,
        Path::new("copies.md"),
        &text,
        Lang::En,
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let r = ludopress::rulebook::check(&engine, &book);
    let now = t.elapsed().as_secs_f64();
    let now_gens = ludopress::rules::engine::generations() - g0;
    assert!(r.failures.is_empty(), "{:?}", r.failures);
    let p = book.examples[0].position.clone().expect("a position");
    let t = Instant::now();
    let g0 = ludopress::rules::engine::generations();
    // Before: the check found each of the 401 claims' moves, the facts each legal one twice.
    for m in std::iter::repeat_n("a2-a3", 201 + 2).chain(std::iter::repeat_n("a2-a5", 200)) {
        std::hint::black_box(engine.find_move(&p, m));
    }
    let before = t.elapsed().as_secs_f64();
    let before_gens = ludopress::rules::engine::generations() - g0;
    println!(
        "16×16 declared, 401 copies of 2 claims + after: parse and check now {:.0} ms ({now_gens} move generations); the former way's finds alone {:.0} ms ({before_gens} generations)",
        now * 1e3,
        before * 1e3
    );
}

fn main() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    copies(&project);
    let game = Engine::definition(&project, "breakthrough-py").expect("definition");
    // The shipped game's own program runs with consent, as `--allow-engine` gives it.
    ludopress::rules::external::trust::allow_for_this_run();
    let Ok(Some(engine)) = Engine::for_game(&project, &game) else {
        println!("breakthrough-py: python3 is not available here; nothing measured");
        return;
    };
    let text = rulebook(&engine, 20);
    drop(engine);
    for round in 1..=3 {
        // Cold: the program is started, then the rulebook is read and every claim checked.
        let t = Instant::now();
        let engine = Engine::for_game(&project, &game).unwrap().unwrap();
        let started = t.elapsed().as_secs_f64();
        let book = ludopress::rulebook::markdown::parse(
            Some(&engine),
            &game,
            Path::new("generated.md"),
            &text,
            Lang::En,
        )
        .unwrap_or_else(|d| panic!("{d}"));
        let r = ludopress::rulebook::check(&engine, &book);
        let secs = t.elapsed().as_secs_f64();
        assert!(r.failures.is_empty(), "{:?}", r.failures);
        println!(
            "breakthrough-py, round {round}: {} claims of {} examples checked through engine.py in {:.0} ms (program started in {:.0} ms)",
            r.checked,
            book.examples.len(),
            secs * 1e3,
            started * 1e3
        );
    }
    // Before the protocol: one program run per request (`engine.py score --json FILE`).
    let dir = std::env::temp_dir().join(format!("ludopress-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("start.toml");
    std::fs::write(
        &file,
        format!(
            "game = \"breakthrough-py\"\nto_move = \"white\"\nboard = \"\"\"\n{START}\n\"\"\"\n"
        ),
    )
    .unwrap();
    let runs = 10;
    let t = Instant::now();
    for _ in 0..runs {
        let out = std::process::Command::new("python3")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/breakthrough-py/engine.py"))
            .args(["score", "--json"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success());
    }
    let per = t.elapsed().as_secs_f64() / f64::from(runs);
    // The check above asks two requests an example (score, moves) and one for the start.
    println!(
        "breakthrough-py: one program run per request costs {:.0} ms: the same check would take about {:.0} ms",
        per * 1e3,
        per * 1e3 * 41.0
    );
    let _ = std::fs::remove_dir_all(&dir);
}
