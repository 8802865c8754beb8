//! Rules engine benchmark (`cargo bench --bench rules`), single thread, per game:
//! - perft throughput from a mid-game position (the exact successor generation);
//! - random playouts, before and after in one run: "exact" is the old path (every ply builds and
//!   deduplicates all successors and checks every invariant, as `playout --check` still does);
//!   "sampling" is the sampling path (one random legal move a ply, no checks).
//!
//! Figures are printed, not asserted. Both paths play games cut at 10,000 plies.

use ludopress::definition::Project;
use ludopress::rules::engine::{Engine, WithRules};
use ludopress::rules::registry::NAMES;
use ludopress::rules::{self, rng::Rng, Rules};
use std::time::Instant;

/// A mid-game position: `plies` random plies from a seeded start.
fn midgame(engine: &Engine, seed: u64, plies: usize) -> ludopress::rules::engine::Position {
    let mut rng = Rng::new(seed);
    let mut p = engine.start(seed);
    for _ in 0..plies {
        let succ = engine.successor_moves(&p);
        if succ.is_empty() {
            break;
        }
        p = succ[rng.below(succ.len() as u64) as usize].1.clone();
    }
    p
}

/// Random games on the sampling path for about this many seconds.
struct Sampled(f64);

impl WithRules for Sampled {
    type Out = (u64, u64, f64);

    fn call<R: Rules>(self, r: &R) -> (u64, u64, f64) {
        sampled(r, self.0)
    }
}

/// Plays random games on the sampling path for about `secs` seconds: (games, plies, seconds).
fn sampled<R: Rules>(r: &R, secs: f64) -> (u64, u64, f64) {
    let mut rng = Rng::new(1);
    let mut buf = Vec::new();
    let (mut games, mut plies) = (0u64, 0u64);
    let t = Instant::now();
    while t.elapsed().as_secs_f64() < secs {
        for _ in 0..16 {
            let p = r.start(rng.next());
            let (_, n) = rules::fast_playout(r, p, 10_000, &mut rng, &mut buf);
            games += 1;
            plies += n;
        }
    }
    (games, plies, t.elapsed().as_secs_f64())
}

fn main() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let secs: f64 = std::env::var("BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    // A mid-game position per game (ply of seeded game 7) and the perft depth measured from it,
    // tuned for the games that have one; another game of the registry gets the last line.
    let tuned = [
        ("imbriqua", 41, 6, 3000),
        ("arlecchino", 8, 4, 3000),
        ("imperator", 30, 3, 100),
        ("lignes", 12, 3, 100),
        ("alphabrick", 20, 3, 20),
    ];
    let untuned = (10, 3, 100);
    let mut table = Vec::new();
    for game in NAMES {
        let (plies, depth, games) = tuned
            .iter()
            .find(|t| t.0 == game)
            .map_or(untuned, |t| (t.1, t.2, t.3));
        let engine = Engine::new(&project, game).expect("engine");
        let p = midgame(&engine, 7, plies);
        let t = Instant::now();
        let n = engine.perft(&p, depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "{game}: perft({depth}) from a mid-game position = {n} in {s:.3} s: {:.2} M successors/s",
            n as f64 / s / 1e6
        );
        // Before: the exact path, for a fixed number of games.
        let t = Instant::now();
        let stats = engine.playouts(games, 1).expect("invariants hold");
        let before = (games, stats.plies, t.elapsed().as_secs_f64());
        // After: the sampling path.
        let after = engine.with(Sampled(secs)).expect("a bundled engine");
        table.push((game, before, after));
    }
    println!();
    println!("| game | playouts/s exact (before) | playouts/s sampling (after) | plies/s before | plies/s after | plies a game before / after |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (game, b, a) in table {
        println!(
            "| {game} | {:.0} | {:.0} | {:.2} M | {:.2} M | {:.0} / {:.0} |",
            b.0 as f64 / b.2,
            a.0 as f64 / a.2,
            b.1 as f64 / b.2 / 1e6,
            a.1 as f64 / a.2 / 1e6,
            b.1 as f64 / b.0 as f64,
            a.1 as f64 / a.0 as f64
        );
    }
}
