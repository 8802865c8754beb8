//! Rules engine benchmark (run by `benches/run.sh`, or `cargo bench --bench rules`): perft
//! throughput from a mid-game position and random playouts per second, single thread, per game.
//! Figures are printed, not asserted.

use ludopress::definition::Project;
use ludopress::engine::Engine;
use ludopress::rules::rng::Rng;
use std::time::Instant;

/// A mid-game position: `plies` random plies from a seeded start.
fn midgame(engine: &Engine, seed: u64, plies: usize) -> ludopress::engine::Position {
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

fn main() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    // A mid-game position per game (ply of seeded game 7) and the perft depth measured from it.
    // Imbriqua: ply 41 is an action ply in the second talon. Arlecchino: ply 8, 31 tiles left.
    // Imperator: ply 30, ten plies into the move phase. Random Imperator games are long (about
    // 900 plies): fewer of them are played. Lignes: ply 12, the eighth turn after the opening.
    // Alpha-BRIK: ply 20; random classic games rarely end (they are cut at 10,000 plies).
    let setups = [
        ("imbriqua", 41, 6, 3000),
        ("arlecchino", 8, 4, 3000),
        ("imperator", 30, 3, 100),
        ("lignes", 12, 3, 100),
        ("alphabrick", 20, 3, 20),
    ];
    for (game, plies, depth, games) in setups {
        let engine = Engine::new(&project, game).expect("engine");
        let p = midgame(&engine, 7, plies);
        let t = Instant::now();
        let n = engine.perft(&p, depth);
        let secs = t.elapsed().as_secs_f64();
        println!("{game}: perft({depth}) from a mid-game position = {n} in {:.3} s: {:.2} M successors/s", secs, n as f64 / secs / 1e6);
        let t = Instant::now();
        let stats = engine.playouts(games, 1).expect("invariants hold");
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{game}: {games} random games (invariants checked every ply) in {:.3} s: {:.0} games/s, {:.1} plies a game",
            secs,
            games as f64 / secs,
            stats.plies as f64 / games as f64
        );
        println!("{game}: mid-game position used:\n{}", engine.to_toml(&p));
    }
}
