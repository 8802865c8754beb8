//! The seed games declared as data (`games/<seed>-declared`) against their Rust engines
//! (`games/<seed>`), which share no rule code with them: the same start for every seed, perft to
//! depth 3 from the start, and on positions of seeded random games of the Rust engine (every
//! phase, ends included) the same moves leading to the same positions, the same perft to depth
//! 2 and the same score. Positions pass from one engine to the other as files, through
//! [`convert`].

use crate::common;
use ludopress::rules;
use ludopress::rules::engine::{Engine, Position};
use ludopress::rules::rng::Rng;
use std::collections::BTreeMap;

/// A position file of the seed's engine as the declared game reads it: its game, and the key
/// of the pieces in hand (`in_hand` in the seed's spec, `hand` in the format).
fn convert(seed_text: &str, seed: &str) -> String {
    seed_text
        .replacen(
            &format!("game = \"{seed}\""),
            &format!("game = \"{seed}-declared\""),
            1,
        )
        .replacen("\nin_hand = ", "\nhand = ", 1)
}

/// The declared engine's reading of a seed position.
fn declared_of(seed: &Engine, decl: &Engine, p: &Position) -> Position {
    let text = convert(&seed.to_toml(p), seed.id());
    let (game, raw) = rules::raw("converted.toml", &text).expect("a position file");
    assert_eq!(game, decl.id());
    decl.position(raw)
        .unwrap_or_else(|e| panic!("{e:?}\n{text}"))
}

/// Each move's notation with the position it leads to, written by the declared engine.
fn successors(
    seed: &Engine,
    decl: &Engine,
    p: &Position,
    q: &Position,
) -> [BTreeMap<String, String>; 2] {
    let of_seed = seed
        .successor_moves(p)
        .into_iter()
        .map(|(m, s)| (m, decl.to_toml(&declared_of(seed, decl, &s))))
        .collect();
    let of_decl = decl
        .successor_moves(q)
        .into_iter()
        .map(|(m, s)| (m, decl.to_toml(&s)))
        .collect();
    [of_seed, of_decl]
}

/// Positions of seeded random games of the seed's engine: every `every`-th ply of `games`
/// games, and each game's last position.
fn positions(seed: &Engine, games: u64, every: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = Rng::new(1000 + g);
        let mut p = seed.start(g);
        for ply in 0.. {
            let next = seed.successor_moves(&p);
            if ply % every == every - 1 || next.is_empty() {
                out.push(p.clone());
            }
            if next.is_empty() || ply == 400 {
                break;
            }
            p = next[rng.below(next.len() as u64) as usize].1.clone();
        }
    }
    out
}

/// Everything the seed's engine and the declared one must agree on, from its start and from
/// positions of its random games; returns how many positions were compared and how many of
/// them were over.
fn agree(id: &str, games: u64, every: usize) -> (usize, usize) {
    let seed = common::engine(id);
    let decl = common::engine(&format!("{id}-declared"));
    for s in 0..5 {
        let want = decl.to_toml(&declared_of(&seed, &decl, &seed.start(s)));
        assert_eq!(decl.to_toml(&decl.start(s)), want, "start of seed {s}");
    }
    let (p, q) = (seed.start(0), decl.start(0));
    for d in 1..=3 {
        assert_eq!(
            seed.perft(&p, d),
            decl.perft(&q, d),
            "perft {d} from the start"
        );
    }
    let list = positions(&seed, games, every);
    let mut over = 0;
    for p in &list {
        let q = declared_of(&seed, &decl, p);
        let text = seed.to_toml(p);
        let [a, b] = successors(&seed, &decl, p, &q);
        assert_eq!(a, b, "moves and successors of\n{text}");
        assert_eq!(seed.perft(p, 2), decl.perft(&q, 2), "perft 2 of\n{text}");
        let (sa, sb) = (seed.score(p), decl.score(&q));
        assert_eq!(
            (sa.over, &sa.winner, &sa.scores),
            (sb.over, &sb.winner, &sb.scores),
            "score of\n{text}"
        );
        over += usize::from(sa.over);
    }
    (list.len(), over)
}

#[test]
fn declared_imperator_agrees_with_its_rust_engine() {
    let (n, over) = agree("imperator", 6, 7);
    assert!(n >= 30 && over >= 1, "{n} positions, {over} over");
}

/// A seed position file with a few cells of its board changed at random (to `.` or another
/// token) and, one time in four, a hand changed.
fn mangled(text: &str, tokens: &[&str], rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let rows: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].split(' ').all(|t| tokens.contains(&t) || t == "."))
        .collect();
    for _ in 0..1 + rng.below(3) {
        let i = rows[rng.below(rows.len() as u64) as usize];
        let mut cells: Vec<&str> = lines[i].split(' ').collect();
        let k = rng.below(cells.len() as u64) as usize;
        let all: Vec<&str> = tokens.iter().copied().chain(["."]).collect();
        cells[k] = all[rng.below(all.len() as u64) as usize];
        lines[i] = cells.join(" ");
    }
    if rng.below(4) == 0 {
        if let Some(l) = lines.iter_mut().find(|l| l.starts_with("in_hand = ")) {
            let (r, w) = (rng.below(12), rng.below(12));
            *l = format!("in_hand = {{ red = {r}, white = {w} }}");
        }
    }
    lines.join("\n") + "\n"
}

#[test]
fn declared_imperator_refuses_what_its_rust_engine_refuses() {
    let seed = common::engine("imperator");
    let decl = common::engine("imperator-declared");
    let mut rng = Rng::new(44);
    let (mut accepted, mut refused) = (0, 0);
    for p in positions(&seed, 4, 3) {
        let text = seed.to_toml(&p);
        for _ in 0..12 {
            let t = mangled(&text, &["R", "W"], &mut rng);
            let a = rules::raw("m.toml", &t)
                .ok()
                .map(|(_, raw)| seed.position(raw).is_ok());
            let conv = convert(&t, "imperator");
            let b = rules::raw("m.toml", &conv)
                .ok()
                .map(|(_, raw)| decl.position(raw).is_ok());
            assert_eq!(a, b, "accepted by one engine only:\n{t}");
            match a {
                Some(true) => accepted += 1,
                _ => refused += 1,
            }
        }
    }
    assert!(
        accepted > 50 && refused > 50,
        "{accepted} accepted, {refused} refused"
    );
}
