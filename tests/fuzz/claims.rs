//! Fuzzers of what a build reads beside a definition and checks: rulebooks whose claims are
//! repeated, multiplied or invented (a list's moves copied hundreds of times, examples copied
//! whole, long lists of distinct moves), and saved balance reports (`analysis.json`) with their
//! seats renamed, repeated, dropped or multiplied, their variants and players changed. Each input
//! is accepted, or refused with every error at a place; the rulebook limit of claims and the
//! report's seats keep every input fast.

use super::harness::{self, placed, short, Verdict};
use super::mutate::{mutate, pick, tokens};
use crate::common;
use ludopress::base::lang::Lang;
use ludopress::rules::registry;
use ludopress::rules::rng::Rng;
use std::path::Path;

/// The single-line move lists of a rulebook (`legal = [...]`, `illegal = [...]`,
/// `moves = [...]`): their line numbers.
fn lists(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            ["legal = [", "illegal = [", "moves = ["]
                .iter()
                .any(|k| l.starts_with(k))
                && l.ends_with(']')
        })
        .map(|(i, _)| i)
        .collect()
}

/// One mutation of a rulebook's claims: a list's moves repeated (up to 600 copies, one a line),
/// a list grown with many distinct moves written like the list's own, or a whole example
/// copied up to 60 times; then, one time in four, a mutation of the text.
fn multiply(text: &str, rng: &mut Rng, tokens: &[String]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let found = lists(text);
    match pick(rng, 3) {
        0 | 1 if !found.is_empty() => {
            let i = found[pick(rng, found.len())];
            let (key, rest) = lines[i].split_once(" = [").unwrap();
            let items: Vec<String> = rest
                .trim_end_matches(']')
                .split(", ")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let mut out = Vec::new();
            if pick(rng, 2) == 0 {
                let copies = 1 + pick(rng, 600);
                for _ in 0..copies {
                    out.extend(items.iter().cloned());
                }
            } else {
                // Distinct moves: the list's own with a suffix of digits (many are no move).
                let n = 1 + pick(rng, 3_000);
                for k in 0..n {
                    if let Some(m) = items.get(k % items.len().max(1)) {
                        out.push(format!("{}{k}\"", m.trim_end_matches('"')));
                    }
                }
            }
            lines[i] = format!("{key} = [{}]", out.join(",\n"));
        }
        _ => {
            let starts: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i] == "```position")
                .collect();
            if let Some(&s) = starts.get(pick(rng, starts.len().max(1))) {
                if let Some(len) = lines[s + 1..].iter().position(|l| l == "```") {
                    let block: Vec<String> = lines[s..s + len + 2].to_vec();
                    let copies = 1 + pick(rng, 60);
                    let mut at = s + len + 2;
                    for _ in 0..copies {
                        lines.splice(at..at, block.iter().cloned().chain([String::new()]));
                        at += block.len() + 1;
                    }
                }
            }
        }
    }
    let text = lines.join("\n") + "\n";
    if pick(rng, 4) == 0 {
        mutate(&text, rng, tokens)
    } else {
        text
    }
}

#[test]
fn rulebooks_with_many_and_repeated_claims_are_accepted_or_refused_at_a_place() {
    let f = harness::run(
        "claims",
        (harness::runs() / 6).max(10),
        || (tokens(), super::bundled_rulebooks("en")),
        |(tokens, games), case| {
            let (eng, def, text) = &games[case.index % games.len()];
            let bad = multiply(text, &mut case.rng, tokens);
            case.input(bad.as_bytes());
            let parsed = ludopress::rulebook::markdown::parse(
                Some(eng),
                def,
                Path::new("rules.en.md"),
                &bad,
                Lang::En,
            );
            match parsed {
                Ok(book) => {
                    let claims: usize = book.examples.iter().map(|e| e.claims.len()).sum();
                    assert!(
                        claims <= ludopress::rulebook::MAX_CLAIMS,
                        "{claims} claims accepted\n{}",
                        short(&bad)
                    );
                    ludopress::rulebook::check(eng, &book);
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

/// One mutation of a saved report, as JSON: a seat renamed, repeated (up to 40,000 times),
/// dropped, a variant or a player changed, players multiplied; then, one time in four, a
/// mutation of the text.
fn mutate_report(text: &str, rng: &mut Rng, tokens: &[String]) -> String {
    let mut r: serde_json::Value = serde_json::from_str(text).expect("a shipped report");
    let n = r["settings"].as_array().map_or(0, Vec::len);
    let st = &mut r["settings"][pick(rng, n.max(1))];
    match pick(rng, 6) {
        0 => {
            let seats = st["seats"].as_array_mut().unwrap();
            let k = pick(rng, seats.len());
            seats[k]["name"] = ["blue", "", "draw", "red", "light"][pick(rng, 5)].into();
        }
        1 => {
            let seats = st["seats"].as_array_mut().unwrap();
            let copies = 1 + pick(rng, 40_000);
            let first = seats[0].clone();
            seats.extend(std::iter::repeat_n(first, copies));
        }
        2 => {
            st["seats"].as_array_mut().unwrap().pop();
        }
        3 => st["variant"] = ["junior", "classic", "2-players", ""][pick(rng, 4)].into(),
        4 => {
            let p =
                serde_json::json!({"name": "random", "count": 1, "of": 2, "low": 0.0, "high": 1.0});
            let players = st["players"].as_array_mut().unwrap();
            players.extend(std::iter::repeat_n(p, 1 + pick(rng, 200)));
        }
        _ => {
            let players = r["players"].as_array_mut().unwrap();
            players.extend(std::iter::repeat_n("mcts:9".into(), 1 + pick(rng, 100)));
        }
    }
    let text = serde_json::to_string_pretty(&r).unwrap();
    if pick(rng, 4) == 0 {
        mutate(&text, rng, tokens)
    } else {
        text
    }
}

#[test]
fn mutated_analysis_files_are_accepted_or_refused_at_a_place() {
    let f = harness::run(
        "analysis-files",
        harness::runs(),
        || {
            let games: Vec<(String, ludopress::analysis::saved::Seats, String)> = registry::NAMES
                .iter()
                .filter_map(|g| {
                    let path = common::root().join(format!("games/{g}/analysis.json"));
                    let text = std::fs::read_to_string(path).ok()?;
                    let seats = ludopress::analysis::seats_of(&common::game(g)).ok()?;
                    Some((g.to_string(), seats, text))
                })
                .collect();
            assert!(games.len() >= 5, "the shipped reports");
            (tokens(), games)
        },
        |(tokens, games), case| {
            let (id, seats, text) = &games[case.index % games.len()];
            let bad = mutate_report(text, &mut case.rng, tokens);
            case.input(bad.as_bytes());
            match ludopress::analysis::saved::read("analysis.json", &bad, id, seats) {
                Ok(report) => {
                    assert!(
                        report.settings.iter().all(|s| s.seats.len() <= 4),
                        "more seats than the game's accepted\n{}",
                        short(&bad)
                    );
                    ludopress::analysis::report::html(&report);
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
