//! Random play is uniform over the distinct legal moves: a declared game whose twelve rules
//! yield overlapping moves is played one ply 30,000 times from one position, and the
//! frequencies of the moves drawn pass a χ² goodness-of-fit test; every engine's move list
//! names each move once (a random ply draws from that list).

use crate::common::declared::game_of;
use ludopress::definition::Project;
use ludopress::rules::declared::Declared;
use ludopress::rules::engine::{Engine, WithRules};
use ludopress::rules::rng::Rng;
use ludopress::rules::{self, RawPosition, Rules};
use std::collections::BTreeMap;

/// One king a side on an 8×8 board; white's king moves by twelve rules that overlap: ten
/// step north, one north or east, one north, east or south. From d4 it has three distinct
/// moves (d4-d5, d4-e4, d4-d3); the rules yield north twelve times, east twice, south once.
fn overlapping() -> Declared {
    let mut moves = String::new();
    for _ in 0..10 {
        moves += "[[move]]\npiece = \"king\"\nstep = \"north\"\n";
    }
    moves += "[[move]]\npiece = \"king\"\nstep = [\"north\", \"east\"]\n";
    moves += "[[move]]\npiece = \"king\"\nstep = [\"north\", \"east\", \"south\"]\n";
    let text = format!(
        "[game]\nid = \"overlap\"\ntitle = \"overlap\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n\
         [[board]]\nid = \"board\"\nname = \"Board\"\ngrid = \"square\"\ncols = 8\nrows = 8\ncell = 20.0\nfill = \"cream\"\nline = \"ink\"\nframe = \"ink\"\n\n\
         [turns]\nsides = [\"white\", \"black\"]\n\
         [[kind]]\nid = \"king\"\ntokens = {{ white = \"W\", black = \"B\" }}\n\
         {moves}\
         [[end]]\nno_moves = true\nresult = \"loss\"\n"
    );
    Declared::new(&game_of("overlap", &text)).expect("the game builds")
}

/// White's king on d4, black's on h8, white to move.
fn position(r: &Declared) -> <Declared as Rules>::Pos {
    let text = "game = \"overlap\"\nto_move = \"white\"\nboard = \"\"\"\n\
                . . . . . . . B\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\
                . . . W . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n\"\"\"\n";
    let src = ludopress::base::diag::Source::new("p.toml", text);
    let mut raw = RawPosition::parse(src).unwrap();
    raw.game(&[]).unwrap();
    let p = r.parse(&mut raw);
    raw.finish(r.keys()).unwrap();
    p.expect("a valid position")
}

/// The error rate of the test: a uniform draw fails it once in a million runs.
const ALPHA: f64 = 1e-6;
/// The upper `ALPHA` quantile of the standard normal law (1 − Φ(z) = 1e-6).
const Z_ALPHA: f64 = 4.753_424;

/// The χ² critical value at error rate [`ALPHA`] for `df` degrees of freedom, by the
/// Wilson–Hilferty approximation: χ²(df) / df is about normal after a cube root.
fn chi2_critical(df: f64) -> f64 {
    let v = 2.0 / (9.0 * df);
    df * (1.0 - v + Z_ALPHA * v.sqrt()).powi(3)
}

/// The χ² statistic of `counts` against equal frequencies.
fn chi2_uniform(counts: &[u64]) -> f64 {
    let n: u64 = counts.iter().sum();
    let expected = n as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// Plies drawn from the position.
const DRAWS: usize = 30_000;

/// Checks that the positions drawn are the three moves' results, in even shares.
fn check_uniform(what: &str, drawn: &BTreeMap<String, u64>, distinct: usize) {
    let counts: Vec<u64> = drawn.values().copied().collect();
    assert_eq!(counts.len(), distinct, "{what}: {drawn:?}");
    let (stat, critical) = (chi2_uniform(&counts), chi2_critical((distinct - 1) as f64));
    assert!(
        stat < critical,
        "{what}: χ² = {stat:.1} over {} degrees of freedom, critical value {critical:.1} at α = {ALPHA}: {drawn:?} (each move is expected {} times)",
        distinct - 1,
        DRAWS / distinct
    );
}

#[test]
fn a_random_ply_is_uniform_over_the_distinct_moves_of_overlapping_rules() {
    let r = overlapping();
    let p = position(&r);
    let mut distinct = Vec::new();
    rules::successors(&r, &p, &mut distinct);
    assert_eq!(distinct.len(), 3, "d4-d5, d4-e4, d4-d3");
    let name = |q: &<Declared as Rules>::Pos| rules::to_line(&r.fields(q));
    // Ply by ply, as players and `playout --check`'s neighbours draw.
    let (mut rng, mut buf) = (Rng::new(43), Vec::new());
    let mut drawn = BTreeMap::new();
    for _ in 0..DRAWS {
        let q = rules::random_ply(&r, &p, &mut rng, &mut buf).expect("white can move");
        *drawn.entry(name(&q)).or_insert(0) += 1;
    }
    check_uniform("random_ply", &drawn, 3);
    // A whole playout of one ply, as `playout` plays.
    let mut drawn = BTreeMap::new();
    for _ in 0..DRAWS {
        let (q, n) = rules::fast_playout(&r, p.clone(), 1, &mut rng, &mut buf);
        assert_eq!(n, 1);
        *drawn.entry(name(&q)).or_insert(0) += 1;
    }
    check_uniform("fast_playout", &drawn, 3);
}

/// The Wilson–Hilferty values are within 10 % of the tables' (χ²(2) at 1e-6: 27.63; χ²(10):
/// 46.86), and above them at few degrees of freedom: the test errs a little less often than α.
#[test]
fn the_critical_values_are_the_tables() {
    for (df, table) in [(2.0, 27.63), (10.0, 46.86)] {
        let c = chi2_critical(df);
        assert!(c >= table && c < table * 1.1, "χ²({df}): {c}");
    }
    // And the test refuses what it must: 12 : 2 : 1 shares over 30,000 draws.
    assert!(chi2_uniform(&[24_000, 4_000, 2_000]) > chi2_critical(2.0));
}

/// No engine lists a move twice, on positions reached by random play from every variant's
/// start: a random ply, a uniform draw from that list, is then uniform over the moves.
struct Distinct;

impl WithRules for Distinct {
    type Out = usize;

    fn call<R: Rules>(self, r: &R) -> usize {
        let variants = r.variants().len().max(1);
        let (mut rng, mut legal, mut checked) = (Rng::new(17), Vec::new(), 0);
        for game in 0..12u64 {
            let mut p = r.start_variant(game, game as usize % variants);
            for _ in 0..200 {
                legal.clear();
                r.legal(&p, &mut legal);
                let mut sorted = legal.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), legal.len(), "{}: a move listed twice", r.id());
                checked += 1;
                let Some(q) = rules::random_ply(r, &p, &mut rng, &mut Vec::new()) else {
                    break;
                };
                p = q;
            }
        }
        checked
    }
}

#[test]
fn every_engine_lists_each_move_once() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let mut games: Vec<&str> = ludopress::rules::registry::NAMES.to_vec();
    games.extend(crate::common::declared::GAMES);
    for game in games {
        let engine = Engine::new(&project, game).unwrap();
        let checked = engine.with(Distinct).expect("a bundled engine");
        assert!(checked >= 50, "{game}: {checked} positions");
    }
}

/// Draws [`DRAWS`] moves from `p` with `Rules::random_move` (a game's own sampler where it has
/// one) and checks that each is legal and that their frequencies pass the χ² test against an
/// even share of the position's legal moves.
fn check_sampler<R: Rules>(r: &R, p: &R::Pos, what: &str) {
    let mut legal = Vec::new();
    r.legal(p, &mut legal);
    assert!(legal.len() >= 2, "{what}: {} moves", legal.len());
    let mut drawn: BTreeMap<R::Move, u64> = legal.iter().map(|&m| (m, 0)).collect();
    let (mut rng, mut buf) = (Rng::new(43), Vec::new());
    for _ in 0..DRAWS {
        let m = r.random_move(p, &mut rng, &mut buf).expect("a move");
        *drawn
            .get_mut(&m)
            .unwrap_or_else(|| panic!("{what}: {m:?} is not legal")) += 1;
    }
    let counts: Vec<u64> = drawn.values().copied().collect();
    let (stat, critical) = (
        chi2_uniform(&counts),
        chi2_critical((counts.len() - 1) as f64),
    );
    assert!(
        stat < critical,
        "{what}: χ² = {stat:.1} over {} degrees of freedom, critical value {critical:.1} at α = {ALPHA}",
        counts.len() - 1
    );
}

/// The first position of random play from `start` (seeds tried in turn) whose legal moves meet
/// `want` and number at most 600 (30,000 draws give each at least 50).
fn position_where<R: Rules>(r: &R, want: impl Fn(&R::Pos, &[R::Move]) -> bool) -> R::Pos {
    let mut legal = Vec::new();
    for seed in 0..200 {
        let (mut rng, mut p) = (Rng::new(seed), r.start(seed));
        for _ in 0..300 {
            legal.clear();
            r.legal(&p, &mut legal);
            if legal.len() <= 600 && want(&p, &legal) {
                return p;
            }
            match rules::random_ply(r, &p, &mut rng, &mut Vec::new()) {
                Some(q) => p = q,
                None => break,
            }
        }
    }
    panic!("{}: no position found", r.id())
}

/// Lignes draws a turn by rejection (placement, push, take): uniform after the opening, on a
/// position where a turn may take.
#[test]
fn lignes_draws_its_turns_evenly() {
    use ludopress::rules::games::lignes::Lignes;
    let r = Lignes::new(&crate::common::game("lignes")).unwrap();
    let takes = position_where(&r, |_, legal| {
        legal.iter().any(|t| t.take.is_some()) && legal.iter().any(|t| t.take.is_none())
    });
    check_sampler(&r, &takes, "lignes, with takes");
    let pushes = position_where(&r, |_, legal| {
        legal.iter().all(|t| t.push.is_some()) && legal.len() > 20
    });
    check_sampler(&r, &pushes, "lignes, pushes");
}

/// Imbriqua draws a placement straight from the cells its move list places on: uniform in the
/// opening and before a card.
#[test]
fn imbriqua_draws_its_placements_evenly() {
    use ludopress::rules::games::imbriqua::position::Phase;
    use ludopress::rules::games::imbriqua::Imbriqua;
    let r = Imbriqua::new(&crate::common::game("imbriqua")).unwrap();
    let opening = position_where(&r, |p, _| p.phase == Phase::Opening);
    check_sampler(&r, &opening, "imbriqua, opening");
    let place = position_where(&r, |p, _| p.phase == Phase::Place);
    check_sampler(&r, &place, "imbriqua, placement before a card");
}
