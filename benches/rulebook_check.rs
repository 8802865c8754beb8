//! Checking a rulebook through a game's own engine program (`cargo bench --bench rulebook_check`):
//! a Breakthrough rulebook of generated examples with 100+ claims, checked through
//! `games/breakthrough-py/engine.py` kept running (the engine protocol), against the cost of
//! starting the program once per request. Figures are printed, not asserted.

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

fn main() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
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
