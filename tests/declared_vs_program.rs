//! The declared Breakthrough (`games/breakthrough`, rules as data played by the declared engine)
//! against the same game's own program (`games/breakthrough-py/engine.py`, protocol 2), which
//! shares no code with it: on positions of seeded random games (every ply of each game, ends
//! included: at least 1,000) the two give the same moves with the same successors, and the same
//! score (over, winner, pawns per side); on boards mutated at random, both accept or both refuse.
//!
//! Skipped with a message where `python3` is missing. `LUDOPRESS_VS_N` raises the number of
//! positions.

use crate::common::program;
use ludopress::definition::Project;
use ludopress::rules::engine::Engine;
use ludopress::rules::external::ExtPos;
use ludopress::rules::rng::Rng;
use ludopress::rules::{self, Field, Rules};
use program::{breakthrough_py, python};
use std::collections::BTreeSet;

/// The board rows and the other fields of a declared position, as the program reads them.
fn data(fields: &[(&'static str, Field)]) -> (Vec<Vec<String>>, toml::Table) {
    let (board, table) = rules::data(fields);
    (tokens(&board), table)
}

/// A board's rows of tokens, as the protocol writes them.
fn tokens(board: &rules::Board) -> Vec<Vec<String>> {
    board
        .tokens()
        .into_iter()
        .map(|r| r.into_iter().map(String::from).collect())
        .collect()
}

/// A position as comparable text: the board's rows and the side to move.
fn key(rows: &[Vec<String>], table: &toml::Table) -> String {
    let side = table.get("to_move").and_then(|v| v.as_str()).unwrap_or("?");
    format!("{side}: {}", ludopress::rules::external::board_text(rows))
}

#[test]
fn declared_breakthrough_agrees_with_its_program() {
    if !python() {
        return;
    }
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let engine = Engine::new(&project, "breakthrough").unwrap();
    let Engine::Declared(r) = &engine else {
        panic!("breakthrough is a declared game");
    };
    let r = &**r;
    let x = breakthrough_py();
    let want: usize = std::env::var("LUDOPRESS_VS_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let mut rng = Rng::new(32);
    let mut buf = Vec::new();
    let (mut positions, mut ends, mut captures) = (0, 0, 0);
    while positions < want {
        let mut p = r.start(0);
        loop {
            let (rows, table) = data(&r.fields(&p));
            let ext: ExtPos = x
                .position(&rows, &table)
                .unwrap_or_else(|e| panic!("the program refuses {}: {e}", key(&rows, &table)));
            // The same moves, each to the same position.
            let ours: BTreeSet<(String, String)> = rules::distinct_moves(r, &p)
                .into_iter()
                .map(|(m, q)| {
                    let (rows, table) = data(&r.fields(&q));
                    (m, key(&rows, &table))
                })
                .collect();
            let theirs: BTreeSet<(String, String)> = x
                .moves(&ext)
                .iter()
                .map(|(m, q)| {
                    let (board, table) = q.data();
                    (m.clone(), key(&tokens(&board), &table))
                })
                .collect();
            assert_eq!(ours, theirs, "moves of {}", key(&rows, &table));
            captures += ours.iter().filter(|(m, _)| m.contains('x')).count();
            // The same score.
            let (a, b) = (r.score(&p), x.score(&ext));
            assert_eq!(
                (a.over, &a.winner),
                (b.over, &b.winner),
                "score of {}",
                key(&rows, &table)
            );
            let mut sa = a.scores.clone();
            let mut sb = b.scores.clone();
            sa.sort();
            sb.sort();
            assert_eq!(sa, sb, "scores of {}", key(&rows, &table));
            positions += 1;
            match rules::random_ply(r, &p, &mut rng, &mut buf) {
                Some(q) => p = q,
                None => {
                    ends += 1;
                    break;
                }
            }
        }
    }
    assert!(x.failure().is_none(), "{:?}", x.failure());
    // The games reached their ends, and captures were among the moves compared.
    assert!(
        ends >= 5 && captures > 100,
        "{ends} ends, {captures} captures"
    );
}

/// Random boards (pawns anywhere, goal ranks included, a random side to move): the declared
/// engine and the program accept the same ones, and score them alike.
#[test]
fn both_accept_the_same_boards() {
    if !python() {
        return;
    }
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let x = breakthrough_py();
    let mut rng = Rng::new(7);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..300 {
        let density = 1 + rng.below(4);
        let mut rows = Vec::new();
        for _ in 0..8 {
            let row: Vec<&str> = (0..8)
                .map(|_| match rng.below(16) {
                    n if n < density => "W",
                    n if n < 2 * density => "B",
                    _ => ".",
                })
                .collect();
            rows.push(row.join(" "));
        }
        let side = ["white", "black"][rng.below(2) as usize];
        let text = format!(
            "game = \"breakthrough\"\nto_move = \"{side}\"\nboard = \"\"\"\n{}\n\"\"\"\n",
            rows.join("\n")
        );
        let ours = Engine::open(&project, "random.toml", &text);
        let grid: Vec<Vec<String>> = rows
            .iter()
            .map(|r| r.split(' ').map(String::from).collect())
            .collect();
        let mut table = toml::Table::new();
        table.insert("to_move".into(), toml::Value::String(side.into()));
        let theirs = x.position(&grid, &table);
        assert_eq!(
            ours.is_ok(),
            theirs.is_ok(),
            "{text}\nours: {:?}\ntheirs: {:?}",
            ours.as_ref().err().map(|e| e.to_string()),
            theirs.as_ref().err().map(|e| e.to_string())
        );
        match (ours, theirs) {
            (Ok((e, p)), Ok(q)) => {
                let (a, b) = (e.score(&p), x.score(&q));
                assert_eq!((a.over, &a.winner), (b.over, &b.winner), "{text}");
                accepted += 1;
            }
            _ => refused += 1,
        }
    }
    assert!(
        accepted > 50 && refused > 50,
        "{accepted} accepted, {refused} refused"
    );
}
