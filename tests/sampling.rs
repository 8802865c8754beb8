//! The sampling path (legal moves, each applied with every chance outcome) gives exactly the
//! distinct successors of the exact generator, on thousands of positions per game reached by
//! random play from seeded starts of every variant.

use ludopress::definition::Project;
use ludopress::rules::engine::{Engine, WithRules};
use ludopress::rules::{self, rng::Rng, Rules};

/// Positions compared per game, at least.
const POSITIONS: usize = 1500;

fn agree<R: Rules>(r: &R) -> (usize, usize) {
    let variants = r.variants().len().max(1);
    let mut rng = Rng::new(17);
    let (mut checked, mut moves) = (0, 0);
    let mut exact = Vec::new();
    let mut buf = Vec::new();
    let mut game = 0u64;
    while checked < POSITIONS {
        let mut p = r.start_variant(game, game as usize % variants);
        game += 1;
        // Long random games (Imperator, Alpha-BRIK) are sampled along their first 300 plies.
        for _ in 0..300 {
            rules::successors(r, &p, &mut exact);
            let mut want = exact.clone();
            want.sort_unstable();
            let sampled = rules::sampled_successors(r, &p);
            assert_eq!(
                sampled,
                want,
                "{}: the sampling path and the exact generator differ",
                r.id()
            );
            // A sampled move is always one of the legal moves.
            let mut legal = Vec::new();
            r.legal(&p, &mut legal);
            moves += legal.len();
            match r.sample(&p, &mut rng, &mut buf) {
                Some(m) => assert!(legal.contains(&m), "{}: sampled {m:?}", r.id()),
                None => assert!(legal.is_empty() && exact.is_empty()),
            }
            checked += 1;
            if exact.is_empty() {
                break;
            }
            p = exact[rng.below(exact.len() as u64) as usize].clone();
        }
    }
    (checked, moves)
}

/// [`agree`] with any engine's rules.
struct Agree;

impl WithRules for Agree {
    type Out = (usize, usize);

    fn call<R: Rules>(self, r: &R) -> (usize, usize) {
        agree(r)
    }
}

#[test]
fn sampling_path_gives_exactly_the_exact_successors() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    for game in ludopress::rules::registry::NAMES {
        let engine = Engine::new(&project, game).unwrap();
        let (positions, moves) = engine.with(Agree).expect("a bundled engine");
        assert!(positions >= POSITIONS, "{game}: {positions} positions");
        eprintln!("{game}: {positions} positions, {moves} legal moves agree");
    }
}
