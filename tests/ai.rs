//! The computer players: the search finds an immediate win, each player is deterministic for a
//! seed, and the search beats random play.

use ludopress::definition::Project;
use ludopress::rules::ai::{Budget, Player, Tuning};
use ludopress::rules::engine::{Engine, WithRules};
use ludopress::rules::{self, rng::Rng, Rules};

/// Whether `player` finds a winning move in the position of `text` (every chance outcome of
/// the move chosen ends the game won by the mover), over `seeds` seeds.
struct FindsWin<'a> {
    text: &'a str,
    player: Player,
    seeds: u64,
    tuning: Tuning,
}

impl WithRules for FindsWin<'_> {
    type Out = Vec<String>;
    fn call<R: Rules>(self, r: &R) -> Vec<String> {
        let (_, raw) = rules::raw("win.toml", self.text).unwrap();
        let p = rules::load(r, raw).unwrap();
        let me = r.seats(&p)[r.seat(&p)];
        let mut failures = Vec::new();
        for seed in 0..self.seeds {
            let m = self
                .player
                .choose(r, &p, &self.tuning, &mut Rng::new(seed))
                .expect("a move");
            let wins = (0..r.chances(&p, m))
                .all(|k| r.score(&r.apply(&p, m, k)).winner.as_deref() == Some(me));
            if !wins {
                failures.push(format!("seed {seed}: {}", r.notation(&p, m)));
            }
        }
        failures
    }
}

#[test]
fn the_search_finds_an_immediate_win_in_every_game() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    for game in ludopress::rules::registry::NAMES {
        let path = format!("{}/games/{game}/tests/win.toml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let engine = Engine::new(&project, game).unwrap();
        for player in [Player::Mcts(Budget::Playouts(1000)), Player::Greedy] {
            let failures = engine
                .with(FindsWin {
                    text: &text,
                    player,
                    seeds: 3,
                    tuning: Tuning::default(),
                })
                .unwrap();
            assert!(
                failures.is_empty(),
                "{game}, {}: no winning move played: {failures:?}",
                player.name()
            );
        }
        // Random play misses it most of the time: the position is a real test.
        let missed = engine
            .with(FindsWin {
                text: &text,
                player: Player::Random,
                seeds: 20,
                tuning: Tuning::default(),
            })
            .unwrap();
        assert!(
            missed.len() >= 10,
            "{game}: random play found the win {} times in 20",
            20 - missed.len()
        );
    }
}

/// Plays one game between two players from a seeded start; the moves in notation.
struct Game {
    players: [Player; 2],
    seed: u64,
}

impl WithRules for Game {
    type Out = (Vec<String>, Option<String>);
    fn call<R: Rules>(self, r: &R) -> (Vec<String>, Option<String>) {
        let mut rng = Rng::new(self.seed);
        let mut p = r.start(self.seed);
        let mut moves = Vec::new();
        let tuning = Tuning::default();
        for _ in 0..400 {
            let player = self.players[r.seat(&p) % 2];
            let Some(m) = player.choose(r, &p, &tuning, &mut rng) else {
                break;
            };
            moves.push(r.notation(&p, m));
            let n = r.chances(&p, m);
            p = r.apply(&p, m, rng.below(u64::from(n)) as u32);
        }
        (moves, r.score(&p).winner)
    }
}

#[test]
fn players_are_deterministic_for_a_seed() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let engine = Engine::new(&project, "arlecchino").unwrap();
    let players = [Player::Mcts(Budget::Playouts(50)), Player::Greedy];
    let a = engine.with(Game { players, seed: 4 }).unwrap();
    let b = engine.with(Game { players, seed: 4 }).unwrap();
    let c = engine.with(Game { players, seed: 5 }).unwrap();
    assert!(a.0.len() > 10);
    assert_eq!(a, b);
    assert_ne!(a.0, c.0);
}

#[test]
fn the_search_beats_random_play() {
    let project = Project::new(env!("CARGO_MANIFEST_DIR"));
    let engine = Engine::new(&project, "imbriqua").unwrap();
    let mut wins = 0;
    for seed in 0..6 {
        // The search plays light in even games, dark in odd ones.
        // 100 playouts a move: the suite runs it unoptimised.
        let search = Player::Mcts(Budget::Playouts(100));
        let players = if seed % 2 == 0 {
            [search, Player::Random]
        } else {
            [Player::Random, search]
        };
        let (_, winner) = engine.with(Game { players, seed }).unwrap();
        let side = if seed % 2 == 0 { "light" } else { "dark" };
        wins += usize::from(winner.as_deref() == Some(side));
    }
    assert!(
        wins == 6,
        "the search won {wins} games of 6 against random play"
    );
}
