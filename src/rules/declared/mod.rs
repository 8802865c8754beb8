//! The declared engine: a game whose rules are data in its `game.toml` (`[turns]`, `[[kind]]`,
//! `[[move]]`, `[[end]]`, ...) played by one generic engine compiled to flat tables.
//!
//! In: a checked `definition::model::rules::RulesDef` and the board's grid. Out: [`Declared`],
//! which implements [`Rules`] like the bundled engines, so every command (moves, perft, score,
//! new, diagram, playout, analyze, play) and the rulebook's claims work for a declared game.
//! `compile` builds the tables once; `gen` lists moves, `play` applies them and checks the
//! ends, `io` reads and writes positions and notation, `past` refuses a position read from a
//! file that no game reaches.

pub mod bits;
pub mod compile;
mod gen;
mod io;
mod past;
mod play;
pub mod pos;

use crate::base::diag::Error;
use crate::definition::Game;
use crate::rules::{rng, Field, RawPosition, Rules, Score};
pub use compile::Program;
pub use pos::{DMove, DPos};

/// The engine of a declared game.
#[derive(Debug, Clone)]
pub struct Declared {
    prog: Program,
}

impl Declared {
    /// The engine of `game`, from its declared rules and its first board.
    pub fn new(game: &Game) -> Result<Declared, Error> {
        // What only the engine finds (a `[rules]` value out of a count's range, a start that is
        // already over) is bad input in the game's definition: status 2, like its other errors.
        let fail = |why: String| {
            let file = std::path::PathBuf::from(format!("games/{}/game.toml", game.id));
            Error::Input(crate::base::diag::Diagnostics(vec![
                crate::base::diag::Diagnostic::file(&file, why),
            ]))
        };
        let rd = game
            .rules
            .as_ref()
            .ok_or_else(|| fail("no declared rules (`[turns]`)".into()))?;
        let board = game.boards.first().ok_or_else(|| {
            fail("declared rules are played on the first `[[board]]`: add one".into())
        })?;
        let prog = Program::new(&game.id, rd, &board.grid, &game.params).map_err(|r| fail(r.0))?;
        Ok(Declared { prog })
    }

    /// The compiled rules.
    pub fn program(&self) -> &Program {
        &self.prog
    }
}

impl Rules for Declared {
    type Pos = DPos;
    type Move = DMove;

    fn id(&self) -> &'static str {
        self.prog.id
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<DPos> {
        self.prog.parse(raw)
    }

    fn keys(&self) -> &'static [&'static str] {
        self.prog.keys
    }

    fn find_move(&self, p: &DPos, m: &str) -> Option<DPos> {
        self.prog.find(p, m).map(|m| self.prog.apply(p, m))
    }

    fn written_moves(&self, p: &DPos) -> Option<Vec<(String, DPos)>> {
        let mut out: Vec<(String, DPos)> = Vec::new();
        let mut last: Option<(DMove, usize)> = None;
        for (w, m) in self.prog.written(p) {
            // A drop written two ways is applied once.
            let q = match last {
                Some((n, i)) if n == m => out[i].1.clone(),
                _ => self.prog.apply(p, m),
            };
            last = Some((m, out.len()));
            out.push((w, q));
        }
        Some(out)
    }

    fn score(&self, p: &DPos) -> Score {
        let status = self.prog.result(p);
        Score {
            over: status != pos::GOING,
            winner: self.prog.winner(status),
            scores: (0..self.prog.ns)
                .map(|s| {
                    (
                        self.prog.sides[s].to_string(),
                        i64::from(self.prog.score_of(p, s)),
                    )
                })
                .collect(),
        }
    }

    fn fields(&self, p: &DPos) -> Vec<(&'static str, Field)> {
        self.prog.fields(p)
    }

    /// The start of `[start]`; its first side drawn from the seed when `to_move = "drawn"`,
    /// then, with dice, its roll.
    fn start(&self, seed: u64) -> DPos {
        let mut p = self.prog.start.clone();
        let mut rng = rng::Rng::new(seed);
        if self.prog.drawn {
            p.to_move = rng.below(self.prog.ns as u64) as u8;
            p.status = self.prog.status_of_board(&p);
        }
        if let Some(d) = &self.prog.dice {
            p.roll = d.roll(rng.below(u64::from(d.outcomes)) as u32);
        }
        p
    }

    fn variants(&self) -> &'static [&'static str] {
        self.prog.variants
    }

    fn start_variant(&self, seed: u64, v: usize) -> DPos {
        let mut p = self.start(seed);
        if !self.prog.variants.is_empty() {
            p.variant = v.min(self.prog.variants.len() - 1) as u8;
            p.status = self.prog.status_of_board(&p);
            if p.status != pos::GOING {
                p.roll = 0;
            }
        }
        p
    }

    /// The program's invariants, and a notation that names one move: what validation refuses
    /// rule by rule (`definition::validate::rules_notation`), held here for every move kind.
    fn invariants(&self, p: &DPos) -> Result<(), Error> {
        self.prog.invariants(p)?;
        crate::rules::notation_names_one_move(self, p)
    }

    fn sides(&self) -> &'static [&'static str] {
        self.prog.sides
    }

    fn legal(&self, p: &DPos, out: &mut Vec<DMove>) {
        self.prog.gen(p, out);
    }

    fn chances(&self, _p: &DPos, _m: DMove) -> u32 {
        self.prog.dice.as_ref().map_or(1, |d| d.outcomes)
    }

    fn apply(&self, p: &DPos, m: DMove, k: u32) -> DPos {
        self.prog.apply_k(p, m, k)
    }

    /// A random game played in place, one position for the whole game (the same draws as
    /// ply by ply, so the same games).
    fn whole_playout(&self, p: &DPos, cap: u64, rng: &mut rng::Rng) -> Option<(DPos, u64)> {
        let (mut q, mut buf, mut n) = (p.clone(), Vec::new(), 0);
        let outcomes = self.prog.dice.as_ref().map(|d| u64::from(d.outcomes));
        while n < cap {
            buf.clear();
            self.prog.gen(&q, &mut buf);
            if buf.is_empty() {
                break;
            }
            let m = buf[rng.below(buf.len() as u64) as usize];
            let k = outcomes.map_or(0, |o| rng.below(o) as u32);
            self.prog.apply_in(&mut q, m, k);
            n += 1;
        }
        Some((q, n))
    }

    fn notation(&self, p: &DPos, m: DMove) -> String {
        self.prog.notation(p, m)
    }

    fn seat(&self, p: &DPos) -> usize {
        usize::from(p.to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::definition::model::rules::{
        Cond, Count, EndDef, KindDef, MoveDef, Outcome, Pass, RulesDef, StartDef, Target, What,
    };
    use crate::geometry::{Grid, SquareGrid};

    /// Tic-tac-toe's rules written by hand as validation would build them.
    fn tictactoe_rules() -> RulesDef {
        let mv = MoveDef {
            id: "move-1".into(),
            what: What::Place,
            pieces: vec![0],
            sides: vec![0, 1],
            to: Target::Empty,
            over: Target::Any,
            capture: false,
            chain: false,
            straight: false,
            longest: false,
            max_hops: None,
            stop_any: false,
            compulsory: false,
            from: None,
            into: None,
            not_into: None,
            inside: None,
            next_to: None,
            flip: false,
            must_flip: false,
            custodial: None,
            enclose: None,
            phases: vec![],
            blocked_by: None,
            pieces_at_most: None,
            parts: vec![],
            by_roll: false,
            through: vec![],
            send_back: None,
            onto_stack: false,
            carry: None,
            at: 0..0,
        };
        let end = |cond, result| EndDef {
            cond,
            result,
            side: None,
            phases: vec![],
            variants: vec![],
            at: 0..0,
        };
        RulesDef {
            variants: vec![],
            sides: vec!["cross".into(), "nought".into()],
            words: vec![vec!["cross".into()], vec!["nought".into()]],
            forward: vec![None, None],
            pass: Pass::Never,
            actions: Count::Fixed(1),
            first: Count::Fixed(1),
            regions: vec![],
            kinds: vec![KindDef {
                id: "mark".into(),
                tokens: vec!["X".into(), "O".into()],
                neutral: false,
                stack: 1,
                max: vec![None, None],
                promote: None,
                at: 0..0,
            }],
            moves: vec![mv],
            phases: vec![],
            ends: vec![
                end(
                    Cond::Line {
                        n: Count::Fixed(3),
                        exact: false,
                        dirs: vec![],
                    },
                    Outcome::Win,
                ),
                end(Cond::NoMoves, Outcome::Draw),
            ],
            start: StartDef {
                to_move: 0,
                board: None,
                hand: None,
                drawn: false,
            },
            capture: None,
            dice: None,
            holes: vec![],
            score: Default::default(),
            params_used: vec![],
        }
    }

    /// Tic-tac-toe on its 3 × 3 square board.
    fn tictactoe() -> Program {
        let grid = Grid::Square(SquareGrid { cols: 3, rows: 3 });
        Program::new(
            "tictactoe-unit",
            &tictactoe_rules(),
            &grid,
            &Default::default(),
        )
        .unwrap()
    }

    fn perft(p: &Program, pos: &DPos, depth: u32) -> u64 {
        let mut moves = Vec::new();
        p.gen(pos, &mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| perft(p, &p.apply(pos, m), depth - 1))
            .sum()
    }

    /// The published tic-tac-toe counts: a line ends the game, so later depths shrink.
    #[test]
    fn tictactoe_perft_is_the_published_one() {
        let p = tictactoe();
        let counts: Vec<u64> = (1..=9).map(|d| perft(&p, &p.start, d)).collect();
        assert_eq!(
            counts,
            [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
        );
    }

    /// Two drops into the same columns, one falling south and one north, on a 4 × 4 board: both
    /// would be written with the column's letter. The invariants say so at the start.
    #[test]
    fn two_moves_written_alike_break_the_invariants() {
        let mut rd = tictactoe_rules();
        let drop = |d: u8| MoveDef {
            what: What::Drop(vec![d, d]),
            ..rd.moves[0].clone()
        };
        // North and south are directions 2 and 6 of a square grid.
        rd.moves = vec![drop(6), drop(2)];
        rd.ends.remove(0);
        let grid = Grid::Square(SquareGrid { cols: 4, rows: 4 });
        let prog = Program::new("two-drops-unit", &rd, &grid, &Default::default()).unwrap();
        let d = Declared { prog };
        let e = d.invariants(&d.start(0)).unwrap_err().to_string();
        assert!(e.contains("`a` is written for two different moves"), "{e}");
    }

    /// A line ends the game with the mover's win; a full board without one is a draw.
    #[test]
    fn tictactoe_ends() {
        let p = tictactoe();
        let mut q = p.start.clone();
        // X a1, O a2, X b1, O b2, X c1: a row of three crosses.
        for cell in ["a1", "a2", "b1", "b2", "c1"] {
            let m = p.find(&q, cell).unwrap();
            assert_eq!(p.result(&q), pos::GOING);
            q = p.apply(&q, m);
        }
        assert_eq!(p.winner(p.result(&q)).as_deref(), Some("cross"));
        let mut moves = Vec::new();
        p.gen(&q, &mut moves);
        assert!(moves.is_empty());
        // A draw: X O X / X O O / O X X.
        let mut d = p.start.clone();
        for cell in ["a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"] {
            let m = p.find(&d, cell).unwrap();
            d = p.apply(&d, m);
        }
        assert_eq!(p.winner(p.result(&d)).as_deref(), Some("draw"));
    }
}
