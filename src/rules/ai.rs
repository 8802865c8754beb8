//! Computer players for any game with a rules engine: random, greedy one-ply, and Monte Carlo
//! tree search (UCT).
//!
//! The search handles chance and hidden cards as information-set MCTS does (Cowling, Powley and
//! Whitehouse, 2012, "single observer"): each iteration draws again what the side to move
//! cannot know ([`Rules::redeal`]), then follows moves down the tree, drawing each chance
//! outcome (a die) as it goes. A node is a sequence of moves; a child's statistics count the
//! times it was legal (its availability) beside the times it was played, so moves that exist
//! only after some rolls are weighed fairly. With no chance and no hidden cards this is plain
//! UCT. Rewards are kept per seat, so three and four players (each playing for its own seat)
//! and teams need nothing more.
//!
//! Every player is seeded and deterministic for a given seed and budget in playouts. A budget
//! in time is not deterministic, as time is not.

use super::rng::Rng;
use super::{fast_playout, Rules};
use crate::base::diag::Error;
use std::time::{Duration, Instant};

/// A player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Player {
    /// A uniformly random legal move (as `Rules::random_move` draws it).
    Random,
    /// The move whose result scores best for the mover, one ply ahead (a win first).
    Greedy,
    /// Monte Carlo tree search with a budget.
    Mcts(Budget),
}

/// How long the search thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// This many playouts a move (deterministic).
    Playouts(u32),
    /// This long a move (not deterministic).
    Millis(u64),
}

/// Tuning of the search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// Plies a playout plays before the position is judged by its scores.
    pub playout_cap: u64,
    /// The exploration constant of UCB1.
    pub exploration: f64,
    /// Whether the search first plays a move that wins at once.
    pub decisive: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            playout_cap: 200,
            exploration: 0.7,
            decisive: true,
        }
    }
}

impl Player {
    /// Reads `random`, `greedy`, `mcts` (1,000 playouts), `mcts:N` (N playouts) or
    /// `mcts:Nms` / `mcts:Ns` (a time a move).
    pub fn parse(s: &str) -> Result<Player, Error> {
        let bad = || {
            Error::usage(format!("`{s}`"), "unknown player (expected random, greedy, mcts, mcts:N playouts, or mcts:N ms / mcts:N s)")
        };
        match s {
            "random" => return Ok(Player::Random),
            "greedy" => return Ok(Player::Greedy),
            "mcts" => return Ok(Player::Mcts(Budget::Playouts(1000))),
            _ => {}
        }
        let budget = s.strip_prefix("mcts:").ok_or_else(bad)?;
        let num = |t: &str| {
            t.parse::<u64>()
                .ok()
                .filter(|&n| (1..=10_000_000).contains(&n))
        };
        let b = if let Some(ms) = budget.strip_suffix("ms") {
            Budget::Millis(num(ms).ok_or_else(bad)?)
        } else if let Some(sec) = budget.strip_suffix('s') {
            Budget::Millis(num(sec).ok_or_else(bad)?.saturating_mul(1000))
        } else {
            Budget::Playouts(num(budget).ok_or_else(bad)? as u32)
        };
        Ok(Player::Mcts(b))
    }

    /// The player's name as [`Player::parse`] reads it.
    pub fn name(&self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Greedy => "greedy".into(),
            Player::Mcts(Budget::Playouts(n)) => format!("mcts:{n}"),
            Player::Mcts(Budget::Millis(ms)) => format!("mcts:{ms}ms"),
        }
    }

    /// The player's move in `p`, `None` when the game is over.
    pub fn choose<R: Rules>(
        &self,
        rules: &R,
        p: &R::Pos,
        tuning: &Tuning,
        rng: &mut Rng,
    ) -> Option<R::Move> {
        match self {
            Player::Random => rules.random_move(p, rng, &mut Vec::new()),
            Player::Greedy => greedy(rules, p, rng),
            Player::Mcts(budget) => Search::new(rules, *tuning).run(p, *budget, rng),
        }
    }
}

/// What each seat gets from a position: a finished game pays 1 to the winning seat (a draw
/// shares 1 among the seats); an unfinished one (a playout stopped at its cap) shares 1 in
/// proportion to the scores, so that a wider lead is worth more than a narrow one.
pub fn rewards<R: Rules>(rules: &R, p: &R::Pos, out: &mut Vec<f64>) {
    let (winner, values) = by_seat(rules, p);
    let seats = values.len();
    out.clear();
    out.resize(seats, 0.0);
    match winner {
        Some(Some(i)) => {
            out[i] = 1.0;
            return;
        }
        Some(None) => {
            out.iter_mut().for_each(|r| *r = 1.0 / seats as f64);
            return;
        }
        None => {}
    }
    let low = values.iter().copied().min().unwrap_or(0).min(0);
    let sum: i64 = values.iter().map(|v| v - low).sum();
    for (r, v) in out.iter_mut().zip(&values) {
        *r = if sum == 0 {
            1.0 / seats as f64
        } else {
            (v - low) as f64 / sum as f64
        };
    }
}

/// A position's result by seat: `Some(Some(seat))` when a seat has won, `Some(None)` for a
/// draw, `None` while not over; and each seat's score.
fn by_seat<R: Rules>(rules: &R, p: &R::Pos) -> (Option<Option<usize>>, Vec<i64>) {
    let seats = rules.seats(p);
    let s = rules.score(p);
    let winner = s
        .winner
        .as_deref()
        .map(|w| seats.iter().position(|x| *x == w));
    let values = seats
        .iter()
        .map(|name| {
            s.scores
                .iter()
                .find(|(k, _)| k == name)
                .map_or(0, |(_, v)| *v)
        })
        .collect();
    (winner, values)
}

/// The seat ahead by score (`None` on a tie for the lead).
pub fn leader<R: Rules>(rules: &R, p: &R::Pos) -> Option<usize> {
    let mut r = Vec::new();
    rewards(rules, p, &mut r);
    let best = r.iter().cloned().fold(0.0, f64::max);
    (r.iter().filter(|&&x| x == best).count() == 1).then(|| r.iter().position(|&x| x == best))?
}

/// The greedy player: each move's result (averaged over its chance outcomes) valued for the
/// mover: a won game first, a lost one last, otherwise its score less the best other seat's.
fn greedy<R: Rules>(rules: &R, p: &R::Pos, rng: &mut Rng) -> Option<R::Move> {
    let mut moves = Vec::new();
    rules.legal(p, &mut moves);
    let me = rules.seat(p);
    let mut best: Vec<R::Move> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for m in moves {
        let n = rules.chances(p, m);
        let mut value = 0.0;
        for k in 0..n {
            let q = rules.apply(p, m, k);
            value += value_for(rules, &q, me);
        }
        value /= f64::from(n);
        if value > best_value + 1e-9 {
            best_value = value;
            best.clear();
        }
        if (value - best_value).abs() <= 1e-9 {
            best.push(m);
        }
    }
    (!best.is_empty()).then(|| best[rng.below(best.len() as u64) as usize])
}

/// A position's value for seat `me`, for the greedy player.
fn value_for<R: Rules>(rules: &R, q: &R::Pos, me: usize) -> f64 {
    let (winner, values) = by_seat(rules, q);
    match winner {
        Some(Some(i)) if i == me => return 1e6,
        Some(Some(_)) => return -1e6,
        Some(None) => return 0.0,
        None => {}
    }
    let mine = values.get(me).map_or(0.0, |&v| v as f64);
    let others = values
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != me)
        .map(|(_, &v)| v as f64)
        .fold(f64::NEG_INFINITY, f64::max);
    if others.is_finite() {
        mine - others
    } else {
        mine
    }
}

/// A move out of a node, with its statistics.
#[derive(Debug, Clone)]
struct Edge<M> {
    mv: M,
    /// The node it leads to.
    child: u32,
    /// Times played.
    visits: u32,
    /// Times it was legal when its node was visited.
    avail: u32,
    /// Sum of the mover's rewards.
    reward: f64,
}

/// A node: its edges, sorted by move.
#[derive(Debug, Clone)]
struct Node<M> {
    edges: Vec<Edge<M>>,
}

/// One search.
struct Search<'a, R: Rules> {
    rules: &'a R,
    tuning: Tuning,
    nodes: Vec<Node<R::Move>>,
}

/// Most nodes a search keeps (an iteration past it plays out from a leaf without growing).
const MAX_NODES: usize = 2_000_000;

impl<'a, R: Rules> Search<'a, R> {
    fn new(rules: &'a R, tuning: Tuning) -> Self {
        Search {
            rules,
            tuning,
            nodes: vec![Node { edges: Vec::new() }],
        }
    }

    fn run(&mut self, root: &R::Pos, budget: Budget, rng: &mut Rng) -> Option<R::Move> {
        let mut moves = Vec::new();
        self.rules.legal(root, &mut moves);
        match moves.len() {
            0 => return None,
            1 => return Some(moves[0]),
            _ => {}
        }
        // A move that wins at once, whatever the dice, is played without searching (a
        // "decisive move": sampling could prefer a move that only nearly always wins).
        let me = self.rules.seat(root);
        if let Some(&m) = moves.iter().filter(|_| self.tuning.decisive).find(|&&m| {
            (0..self.rules.chances(root, m)).all(|k| {
                let q = self.rules.apply(root, m, k);
                by_seat(self.rules, &q).0 == Some(Some(me))
            })
        }) {
            return Some(m);
        }
        let start = Instant::now();
        let mut scratch = Scratch::default();
        let mut i = 0u64;
        loop {
            match budget {
                Budget::Playouts(n) if i >= u64::from(n) => break,
                Budget::Millis(ms)
                    if i.is_multiple_of(16) && start.elapsed() >= Duration::from_millis(ms) =>
                {
                    break
                }
                _ => {}
            }
            self.iterate(root, rng, &mut scratch);
            i += 1;
        }
        // The most played move; ties go to the better mean reward, then to the first.
        self.nodes[0]
            .edges
            .iter()
            .max_by(|a, b| {
                a.visits.cmp(&b.visits).then(
                    (a.reward / f64::from(a.visits.max(1)))
                        .total_cmp(&(b.reward / f64::from(b.visits.max(1)))),
                )
            })
            .map(|e| e.mv)
    }

    /// One iteration: a determinization, selection, one expansion, a playout, back-up.
    fn iterate(&mut self, root: &R::Pos, rng: &mut Rng, s: &mut Scratch<R::Move>) {
        let rules = self.rules;
        let mut state = rules.redeal(root, rng);
        let mut node = 0usize;
        s.path.clear();
        loop {
            s.legal.clear();
            rules.legal(&state, &mut s.legal);
            if s.legal.is_empty() {
                break;
            }
            s.legal.sort_unstable();
            let seat = rules.seat(&state);
            // Availability of the known moves, and the moves never tried.
            s.untried.clear();
            {
                let edges = &mut self.nodes[node].edges;
                let mut j = 0;
                for &m in &s.legal {
                    while j < edges.len() && edges[j].mv < m {
                        j += 1;
                    }
                    if j < edges.len() && edges[j].mv == m {
                        edges[j].avail += 1;
                    } else {
                        s.untried.push(m);
                    }
                }
            }
            let (mv, expanded) = if !s.untried.is_empty() && self.nodes.len() < MAX_NODES {
                let m = s.untried[rng.below(s.untried.len() as u64) as usize];
                let child = self.nodes.len() as u32;
                self.nodes.push(Node { edges: Vec::new() });
                let edges = &mut self.nodes[node].edges;
                let at = edges.partition_point(|e| e.mv < m);
                edges.insert(
                    at,
                    Edge {
                        mv: m,
                        child,
                        visits: 0,
                        avail: 1,
                        reward: 0.0,
                    },
                );
                (m, true)
            } else {
                let c = self.tuning.exploration;
                let edges = &self.nodes[node].edges;
                let mut best = None;
                let mut best_ucb = f64::NEG_INFINITY;
                let mut j = 0;
                for &m in &s.legal {
                    while j < edges.len() && edges[j].mv < m {
                        j += 1;
                    }
                    if j < edges.len() && edges[j].mv == m {
                        let e = &edges[j];
                        let n = f64::from(e.visits.max(1));
                        let ucb = e.reward / n + c * (f64::from(e.avail).ln() / n).sqrt();
                        if ucb > best_ucb {
                            best_ucb = ucb;
                            best = Some(m);
                        }
                    }
                }
                match best {
                    Some(m) => (m, false),
                    // The tree is full and this node has no tried move: play out from here.
                    None => break,
                }
            };
            let edges = &self.nodes[node].edges;
            let j = edges.partition_point(|e| e.mv < mv);
            s.path.push((node as u32, j as u32, seat as u32));
            let next = edges[j].child as usize;
            let k = super::draw_outcome(rules, &state, mv, rng);
            state = rules.apply(&state, mv, k);
            node = next;
            if expanded {
                break;
            }
        }
        let (end, _) = fast_playout(rules, state, self.tuning.playout_cap, rng, &mut s.buf);
        rewards(rules, &end, &mut s.rewards);
        for &(n, j, seat) in &s.path {
            let e = &mut self.nodes[n as usize].edges[j as usize];
            e.visits += 1;
            e.reward += s.rewards.get(seat as usize).copied().unwrap_or(0.0);
        }
    }
}

/// Buffers an iteration reuses.
struct Scratch<M> {
    legal: Vec<M>,
    untried: Vec<M>,
    buf: Vec<M>,
    path: Vec<(u32, u32, u32)>,
    rewards: Vec<f64>,
}

impl<M> Default for Scratch<M> {
    fn default() -> Self {
        Scratch {
            legal: Vec::new(),
            untried: Vec::new(),
            buf: Vec::new(),
            path: Vec::new(),
            rewards: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse_and_name_themselves() {
        for s in ["random", "greedy", "mcts:1000", "mcts:250ms"] {
            assert_eq!(Player::parse(s).unwrap().name(), s);
        }
        assert_eq!(
            Player::parse("mcts:2s").unwrap(),
            Player::Mcts(Budget::Millis(2000))
        );
        assert_eq!(
            Player::parse("mcts").unwrap(),
            Player::Mcts(Budget::Playouts(1000))
        );
        for bad in ["mcts:", "mcts:0", "mcts:x", "alphazero", "mcts:-3"] {
            assert!(Player::parse(bad).is_err(), "{bad}");
        }
    }
}
