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
    let list: Vec<Position> = positions(&seed, games, every)
        .iter()
        .flat_map(|p| in_every_variant(&seed, &decl, p))
        .collect();
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

/// Position `p` under each of the game's variants (`variant = "..."`, Alpha-BRIK's ends) that
/// its engine reads: a position over under one variant is refused under another that would
/// need a roll, by both engines alike.
fn in_every_variant(seed: &Engine, decl: &Engine, p: &Position) -> Vec<Position> {
    let text = seed.to_toml(p);
    let Some(line) = text.lines().find(|l| l.starts_with("variant = ")) else {
        return vec![p.clone()];
    };
    let mut out = Vec::new();
    for v in ["classic", "junior", "challenge"] {
        let t = text.replacen(line, &format!("variant = \"{v}\""), 1);
        let (_, raw) = rules::raw("v.toml", &t).expect("a position file");
        let a = seed.position(raw);
        let (_, raw) = rules::raw("v.toml", &convert(&t, seed.id())).expect("a position file");
        let b = decl.position(raw);
        assert_eq!(a.is_ok(), b.is_ok(), "read by one engine only:\n{t}");
        out.extend(a.ok());
    }
    out
}

#[test]
fn declared_alphabrick_agrees_with_its_rust_engine() {
    let (n, over) = agree("alphabrick", 6, 11);
    assert!(n >= 30 && over >= 1, "{n} positions, {over} over");
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

/// Mangled positions of `id`'s random games (`tokens`: its board's) are accepted by its Rust
/// engine and its declared one alike; returns how many were accepted and refused.
fn refuse_alike(id: &str, tokens: &[&str], every: usize) -> (usize, usize) {
    let seed = common::engine(id);
    let decl = common::engine(&format!("{id}-declared"));
    let mut rng = Rng::new(44);
    let (mut accepted, mut refused) = (0, 0);
    for p in positions(&seed, 4, every) {
        let text = seed.to_toml(&p);
        for _ in 0..12 {
            let t = mangled(&text, tokens, &mut rng);
            let a = rules::raw("m.toml", &t)
                .ok()
                .map(|(_, raw)| seed.position(raw).is_ok());
            let conv = convert(&t, id);
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
    (accepted, refused)
}

#[test]
fn declared_imperator_refuses_what_its_rust_engine_refuses() {
    let (accepted, refused) = refuse_alike("imperator", &["R", "W"], 3);
    assert!(
        accepted > 50 && refused > 50,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn declared_alphabrick_refuses_what_its_rust_engine_refuses() {
    let (accepted, refused) = refuse_alike("alphabrick", &["S", "N", "1", "2", "3"], 17);
    assert!(
        accepted > 30 && refused > 50,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn alphabrick_carried_bricks_round_trip_through_moves_and_play() {
    use ludopress::rules::Rules;
    let text = std::fs::read_to_string(common::root().join("games/alphabrick-declared/game.toml"))
        .unwrap()
        .replacen("id = \"alphabrick-declared\"", "id = \"cards\"", 1);
    let r = ludopress::rules::declared::Declared::new(&common::declared::game_of("cards", &text))
        .unwrap();
    let p = r.start(0);
    let moves = common::declared::written_moves(&r, &p);
    // Seed 0: north rolls a 3, so its pawns reach bricks of rank 5 in 7 ways (b8 and h8
    // straight or to e5, e8 straight or to b5 and h5) and carry each home, onto any of the 7
    // free cells of rank 8 (the cell just left included): 7 × 7 results, each with the 6
    // rolls of the side that rolls next.
    let carried: Vec<&String> = moves
        .iter()
        .map(|(m, _)| m)
        .filter(|m| m.contains(" ["))
        .collect();
    assert_eq!(carried.len(), 7 * 7 * 6, "{carried:?}");
    assert!(
        carried.iter().any(|m| m.starts_with("e8-e5 [e8]")),
        "{carried:?}"
    );
    // `play` draws its own start from its seed: the first seed where south (the human, first
    // in `--players`) is to move and has a carry, which it types.
    let (seed, typed) = (1..100)
        .find_map(|seed| {
            let start = r.start(Rng::new(seed).next());
            let carry = r
                .moves(&start)
                .into_iter()
                .map(|(m, _)| m)
                .find(|m| m.contains(" ["));
            carry.filter(|_| start.to_move == 0).map(|m| (seed, m))
        })
        .expect("a seed whose start gives south a carry");
    common::declared::through_commands_seeded("alphabrick-commands", &text, &moves, &typed, seed);
}
