//! Playtesting by machine: many games between computer players on all cores, for each variant
//! and `[rules]` value swept, summed up as a [`report::Report`].
//!
//! Game `i` of a setting is seeded from the run's seed and `i` alone, and the results are
//! gathered in game order: the report is the same for a given seed whatever the number of
//! threads. Each thread plays with rules of its own where the engine wants it
//! ([`Rules::for_worker`]: a game's program runs one process per thread).

pub mod report;
pub mod saved;

use crate::base::diag::Error;
use crate::rules::ai::{leader, Player, Tuning};
use crate::rules::engine::{Engine, WithRules};
use crate::rules::rng::Rng;
use crate::rules::Rules;
use report::{Length, Rate, Report, Setting};
use std::sync::atomic::{AtomicU64, Ordering};

/// Most games a setting plays.
pub const MAX_GAMES: u64 = 1_000_000;
/// Most settings a run sweeps.
pub const MAX_SETTINGS: usize = 64;
/// Most plies a game is played before it is stopped at the cap (`--cap`).
pub const MAX_CAP: u64 = 1_000_000;

/// What a run plays.
#[derive(Debug, Clone)]
pub struct Config {
    /// Games per setting.
    pub games: u64,
    /// Players by seat, repeated round the table.
    pub players: Vec<Player>,
    /// Whether the players move one seat on from one game to the next.
    pub rotate: bool,
    /// Plies after which a game is stopped unfinished.
    pub cap: u64,
    /// The seed.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
    /// The search's tuning.
    pub tuning: Tuning,
}

/// One setting to play: a variant (an index into the game's variants) and `[rules]` values.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The variant's index and name.
    pub variant: Option<(usize, String)>,
    /// `[rules]` values set.
    pub params: Vec<(String, i64)>,
}

impl Choice {
    /// A short label.
    pub fn label(&self) -> String {
        let mut parts: Vec<String> = self.variant.iter().map(|v| v.1.clone()).collect();
        parts.extend(self.params.iter().map(|(k, v)| format!("{k}={v}")));
        if parts.is_empty() {
            "default".into()
        } else {
            parts.join(", ")
        }
    }
}

/// Every combination of the variants and the values of each parameter (in the order given).
pub fn choices(variants: &[(usize, String)], sets: &[(String, Vec<i64>)]) -> Vec<Choice> {
    let mut out = vec![Choice {
        variant: None,
        params: Vec::new(),
    }];
    if !variants.is_empty() {
        out = variants
            .iter()
            .map(|v| Choice {
                variant: Some(v.clone()),
                params: Vec::new(),
            })
            .collect();
    }
    for (name, values) in sets {
        out = out
            .into_iter()
            .flat_map(|c| {
                values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.params.push((name.clone(), *v));
                    c
                })
            })
            .collect();
    }
    out
}

/// What one game gave.
#[derive(Debug, Clone)]
struct Played {
    /// Plies played.
    plies: u64,
    /// The winning seat, `None` for a draw; `Err` when stopped at the cap.
    winner: Result<Option<usize>, ()>,
    /// Which player sat in each seat.
    seats: Vec<usize>,
    /// Legal moves at each ply.
    branching: Vec<u32>,
    /// The seat ahead at half the game.
    mid_leader: Option<usize>,
    /// In a game stopped at the cap: the position seen most often, as a position file, and
    /// the plies it was seen at.
    cycle: Option<(String, Vec<u64>)>,
    /// Plies since the scores last changed, at the end.
    stall: u64,
    /// The seat ahead by score at the end.
    end_leader: Option<usize>,
}

/// Plays the games of one setting with a game's rules.
struct Run<'a> {
    config: &'a Config,
    variant: usize,
    choice: &'a Choice,
    done: &'a AtomicU64,
}

impl WithRules for Run<'_> {
    type Out = Setting;

    fn call<R: Rules>(self, r: &R) -> Setting {
        let c = self.config;
        let threads = c.threads.max(1).min(c.games.max(1) as usize);
        let me = &self;
        let mut results: Vec<(u64, Played)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    s.spawn(move || {
                        // The first thread plays with the run's rules, each other one with its
                        // own where the engine gives them.
                        let own = if t == 0 { None } else { r.for_worker() };
                        let r = own.as_ref().unwrap_or(r);
                        let mut out = Vec::new();
                        let mut i = t as u64;
                        while i < c.games {
                            out.push((i, me.play(r, i)));
                            me.done.fetch_add(1, Ordering::Relaxed);
                            i += threads as u64;
                        }
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a game thread panicked"))
                .collect()
        });
        results.sort_by_key(|(i, _)| *i);
        let games: Vec<Played> = results.into_iter().map(|(_, g)| g).collect();
        self.summarise(r, &games)
    }
}

impl Run<'_> {
    /// Game `i`: seeded from the run's seed and `i`.
    fn play<R: Rules>(&self, r: &R, i: u64) -> Played {
        let c = self.config;
        let mut rng = Rng::new(c.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut p = r.start_variant(rng.next(), self.variant);
        let n_seats = r.seats(&p).len();
        let n_players = c.players.len().max(1);
        let shift = if c.rotate { i as usize } else { 0 };
        let seats: Vec<usize> = (0..n_seats).map(|s| (s + shift) % n_players).collect();
        let mut history = vec![p.clone()];
        let mut branching = Vec::new();
        let mut legal = Vec::new();
        let mut plies = 0;
        let mut scores = r.score(&p).scores;
        let mut changed = 0;
        while plies < c.cap {
            legal.clear();
            r.legal(&p, &mut legal);
            if legal.is_empty() {
                break;
            }
            branching.push(legal.len() as u32);
            let player = c.players[seats[r.seat(&p) % n_seats]];
            let m = match player {
                Player::Random => legal[rng.below(legal.len() as u64) as usize],
                _ => match player.choose(r, &p, &c.tuning, &mut rng) {
                    Some(m) => m,
                    None => break,
                },
            };
            let k = crate::rules::draw_outcome(r, &p, m, &mut rng);
            p = r.apply(&p, m, k);
            plies += 1;
            let now = r.score(&p).scores;
            if now != scores {
                scores = now;
                changed = plies;
            }
            history.push(p.clone());
        }
        let score = r.score(&p);
        let names = r.seats(&p);
        let winner = if score.over {
            Ok(score
                .winner
                .as_deref()
                .and_then(|w| names.iter().position(|n| *n == w)))
        } else {
            Err(())
        };
        let mid_leader = leader(r, &history[history.len() / 2]);
        // A game that did not end: the position that came back most often, if any did.
        let cycle = winner.is_err().then(|| {
            let mut seen: std::collections::BTreeMap<&R::Pos, Vec<u64>> = Default::default();
            for (ply, q) in history.iter().enumerate() {
                seen.entry(q).or_default().push(ply as u64);
            }
            seen.into_iter()
                .max_by_key(|(_, at)| at.len())
                .filter(|(_, at)| at.len() > 1)
                .map(|(q, at)| (crate::rules::to_toml(r.id(), &r.fields(q)), at))
        });
        Played {
            plies,
            winner,
            seats,
            branching,
            mid_leader,
            cycle: cycle.flatten(),
            stall: plies - changed,
            end_leader: leader(r, &p),
        }
    }

    fn summarise<R: Rules>(&self, r: &R, games: &[Played]) -> Setting {
        let c = self.config;
        let start = r.start_variant(0, self.variant);
        let names = r.seats(&start);
        let n = games.len() as u64;
        let wins = |seat: usize| games.iter().filter(|g| g.winner == Ok(Some(seat))).count() as u64;
        let seats = names
            .iter()
            .enumerate()
            .map(|(i, name)| Rate::new(name, wins(i), n))
            .collect();
        // Players, when they differ: wins of each over the games it played.
        let mut distinct: Vec<Player> = Vec::new();
        for p in &c.players {
            if !distinct.contains(p) {
                distinct.push(*p);
            }
        }
        let players = if distinct.len() > 1 {
            distinct
                .iter()
                .map(|who| {
                    let plays = |g: &Played| g.seats.iter().any(|&k| c.players[k] == *who);
                    let won = |g: &&Played| match g.winner {
                        Ok(Some(seat)) => c.players[g.seats[seat]] == *who,
                        _ => false,
                    };
                    let of = games.iter().filter(|g| plays(g)).count() as u64;
                    let count = games.iter().filter(|g| plays(g)).filter(won).count() as u64;
                    Rate::new(&who.name(), count, of)
                })
                .collect()
        } else {
            Vec::new()
        };
        let draws = games.iter().filter(|g| g.winner == Ok(None)).count() as u64;
        let cycling = games.iter().filter(|g| g.cycle.is_some()).count() as u64;
        let stalled: Vec<u64> = games
            .iter()
            .filter(|g| g.winner.is_err())
            .map(|g| g.stall)
            .collect();
        let cycle = games
            .iter()
            .enumerate()
            .filter_map(|(i, g)| g.cycle.as_ref().map(|c| (i, c)))
            .max_by_key(|(i, c)| (c.1.len(), std::cmp::Reverse(*i)))
            .map(|(i, (pos, at))| report::Cycle {
                game: i as u64,
                times: at.len() as u64,
                plies: at.iter().take(12).copied().collect(),
                position: pos.clone(),
            });
        let capped = games.iter().filter(|g| g.winner.is_err()).count() as u64;
        let lengths: Vec<u64> = games.iter().map(|g| g.plies).collect();
        let mut tenth = [(0.0f64, 0u64); 10];
        let (mut all, mut plies) = (0.0f64, 0u64);
        for g in games {
            let len = g.branching.len();
            for (i, &b) in g.branching.iter().enumerate() {
                let t = (i * 10 / len.max(1)).min(9);
                tenth[t].0 += f64::from(b);
                tenth[t].1 += 1;
                all += f64::from(b);
                plies += 1;
            }
        }
        let decided: Vec<&Played> = games
            .iter()
            .filter(|g| matches!(g.winner, Ok(Some(_))) && g.mid_leader.is_some())
            .collect();
        let leader_won = decided
            .iter()
            .filter(|g| g.winner == Ok(g.mid_leader))
            .count() as u64;
        Setting {
            label: self.choice.label(),
            variant: self.choice.variant.as_ref().map(|v| v.1.clone()),
            params: self.choice.params.clone(),
            seats,
            players,
            draws,
            capped,
            cycling,
            ahead_at_cap: names
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    let ahead = games
                        .iter()
                        .filter(|g| g.winner.is_err() && g.end_leader == Some(i))
                        .count() as u64;
                    Rate::new(name, ahead, capped)
                })
                .collect(),
            stalled: stalled.iter().filter(|&&s| s * 2 >= c.cap).count() as u64,
            longest_stall: stalled.iter().copied().max().unwrap_or(0),
            cycle,
            length: Length::of(&lengths),
            branching: tenth
                .iter()
                .map(|(s, k)| if *k == 0 { 0.0 } else { s / *k as f64 })
                .collect(),
            branching_mean: if plies == 0 { 0.0 } else { all / plies as f64 },
            mid_leader: Rate::new("side ahead at mid-game", leader_won, decided.len() as u64),
        }
    }
}

/// How many seats a game's variant has.
struct SeatCount(usize);

impl WithRules for SeatCount {
    type Out = usize;
    fn call<R: Rules>(self, r: &R) -> usize {
        r.seats(&r.start_variant(0, self.0)).len()
    }
}

/// The seats of variant `v` of a game.
pub fn seats(engine: &Engine, v: usize) -> Result<usize, Error> {
    engine.with(SeatCount(v))
}

/// The variants of a game with the seats of each.
struct SeatNames;

impl WithRules for SeatNames {
    type Out = Vec<(Option<String>, Vec<String>)>;
    fn call<R: Rules>(self, r: &R) -> Self::Out {
        let seats = |v: usize| -> Vec<String> {
            let start = r.start_variant(0, v);
            r.seats(&start).iter().map(|s| s.to_string()).collect()
        };
        match r.variants() {
            [] => vec![(None, seats(0))],
            vs => vs
                .iter()
                .enumerate()
                .map(|(v, name)| (Some(name.to_string()), seats(v)))
                .collect(),
        }
    }
}

/// What a saved report may say of `game`'s seats: those its bundled or declared engine gives
/// each variant (no program is started for it).
pub fn seats_of(game: &crate::definition::Game) -> Result<saved::Seats, Error> {
    if crate::rules::registry::find(&game.id).is_some() || game.rules.is_some() {
        return Ok(saved::Seats::Known(
            Engine::from_definition(game)?.with(SeatNames)?,
        ));
    }
    Ok(match game.engine {
        Some(_) => saved::Seats::Program,
        None => saved::Seats::None,
    })
}

/// The variants of an engine's game.
struct Variants;

impl WithRules for Variants {
    type Out = Vec<String>;
    fn call<R: Rules>(self, r: &R) -> Vec<String> {
        r.variants().iter().map(|s| s.to_string()).collect()
    }
}

/// The variants of a game (empty for a game without variants).
pub fn variants(engine: &Engine) -> Result<Vec<String>, Error> {
    engine.with(Variants)
}

/// Plays every setting of `choices` for `game` (its definition given, and its engine, which
/// plays the settings without `[rules]` values), calling `progress` with the games done and the
/// games in all now and then; returns the report.
pub fn run(
    def: &crate::definition::Game,
    engine: &Engine,
    config: &Config,
    choices: &[Choice],
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Report, Error> {
    let total = config.games * choices.len() as u64;
    let done = AtomicU64::new(0);
    let mut settings = Vec::new();
    for choice in choices {
        let built;
        let engine = if choice.params.is_empty() {
            engine
        } else {
            let mut def = def.clone();
            for (k, v) in &choice.params {
                def.params.insert(k.clone(), *v);
            }
            built = Engine::from_definition(&def)?;
            &built
        };
        let run = Run {
            config,
            variant: choice.variant.as_ref().map_or(0, |v| v.0),
            choice,
            done: &done,
        };
        let setting = std::thread::scope(|s| {
            let worker = s.spawn(|| engine.with(run));
            while !worker.is_finished() {
                progress(done.load(Ordering::Relaxed), total);
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            worker.join().expect("the analysis thread panicked")
        })?;
        settings.push(setting);
    }
    progress(total, total);
    Ok(Report {
        game: def.id.clone(),
        title: def.title.en.clone(),
        games: config.games,
        players: config.players.iter().map(Player::name).collect(),
        rotate: config.rotate,
        cap: config.cap,
        seed: config.seed,
        settings,
    })
}
