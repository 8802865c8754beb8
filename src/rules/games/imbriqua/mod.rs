//! Imbriqua's rules engine, following its rulebook (`games/imbriqua/rules.fr.md` and
//! `rules.en.md`), whose claims `ludopress check` plays against it.
//!
//! The board's size and edge cells and the card ids come from `games/imbriqua/game.toml`.

pub mod cards;
mod parse;
mod play;
pub mod position;

use crate::base::diag::Error;
use crate::definition::contract::{Contract, GridKind, Param};
use crate::definition::model::{Game, Grid};
use crate::geometry::SquareGrid;
use crate::rules::games::definition_error;
use crate::rules::{Cell, Field, RawPosition, Rules, Score};
use cards::Action;
use position::{Phase, Pile, Pos, DARK, LIGHT, SIDES};

/// Directions: 0..4 orthogonal (up, right, down, left), 4..8 diagonal (up-right, down-right,
/// down-left, up-left).
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// The engine, built from the game's definition.
#[derive(Debug, Clone)]
pub struct Imbriqua {
    grid: SquareGrid,
    /// Every cell.
    full: u64,
    /// Edge cells (the `edge` region of the board).
    edge: u64,
    /// Per cell, per direction: the neighbour.
    nb: Vec<[Option<u8>; 8]>,
    /// Framing triples: (empty cell, one neighbour, the opposite neighbour).
    frames: Vec<(u8, u8, u8)>,
    /// Card ids, in the definition's order.
    ids: Vec<String>,
    /// Card actions, by index.
    actions: Vec<Action>,
    /// Index of `place-two`.
    place_two: u8,
    /// Opening pawns.
    opening_pawns: u8,
}

impl Imbriqua {
    /// Builds the engine from the definition.
    pub fn new(game: &Game) -> Result<Imbriqua, Error> {
        let board = game.engine_board(64)?.clone();
        let Grid::Square(grid) = board.grid.clone() else {
            return Err(definition_error(
                "imbriqua",
                "the board must be a square grid",
            ));
        };
        let n = grid.len();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let edge = board.region("edge").iter().fold(0u64, |m, &c| m | 1 << c);
        let nb: Vec<[Option<u8>; 8]> = (0..n)
            .map(|c| {
                let (f, r) = grid.file_rank(c);
                DIRS.map(|(df, dr)| grid.index(f as i32 + df, r as i32 + dr).map(|i| i as u8))
            })
            .collect();
        let mut frames = Vec::new();
        for (c, around) in nb.iter().enumerate() {
            for d in [0usize, 1, 4, 5] {
                if let (Some(a), Some(b)) = (around[d], around[d + 2]) {
                    frames.push((c as u8, a, b));
                }
            }
        }
        let deck = game
            .decks
            .first()
            .ok_or_else(|| definition_error("imbriqua", "no deck"))?;
        let mut ids = Vec::new();
        let mut actions = Vec::new();
        for card in &deck.cards {
            let a = Action::of_id(&card.id).ok_or_else(|| {
                definition_error(
                    "imbriqua",
                    format!("card `{}` is not one of the rules' cards", card.id),
                )
            })?;
            ids.push(card.id.clone());
            actions.push(a);
        }
        for id in cards::IDS {
            if !ids.iter().any(|i| i == id) {
                return Err(definition_error(
                    "imbriqua",
                    format!("the deck lacks card `{id}`"),
                ));
            }
        }
        let place_two = actions
            .iter()
            .position(|a| *a == Action::PlaceTwo)
            .unwrap_or(0) as u8;
        let opening_pawns = game.engine_param("opening_pawns")?;
        game.engine_pieces(&["light-pawn", "dark-pawn"])?;
        Ok(Imbriqua {
            grid,
            full,
            edge,
            nb,
            frames,
            ids,
            actions,
            place_two,
            opening_pawns: opening_pawns.clamp(0, 64) as u8,
        })
    }

    /// The cell's name.
    pub fn cell_name(&self, c: u8) -> String {
        self.grid.name(c as usize)
    }

    /// The card id of an index.
    pub fn card_id(&self, c: u8) -> &str {
        &self.ids[c as usize]
    }

    /// Framed cells of a side.
    pub fn framed(&self, p: &Pos, side: u8) -> i64 {
        let own = p.side(side);
        let empty = self.full & !(p.light | p.dark);
        self.frames
            .iter()
            .filter(|(c, a, b)| empty >> c & 1 == 1 && own >> a & 1 == 1 && own >> b & 1 == 1)
            .count() as i64
    }
}

/// The game's name, as [`crate::rules::registry`] lists it.
pub const ID: &str = "imbriqua";

/// What the engine reads from its game's definition, checked when the definition is validated.
pub const CONTRACT: Contract = Contract {
    params: &[Param {
        name: "opening_pawns",
        min: 0,
        max: 64,
        why: " (pawns on a board of 64 cells)",
    }],
    board: Some((GridKind::Square, 64)),
    roles: &["edge"],
    pieces: &["light-pawn", "dark-pawn"],
    cards: &cards::IDS,
    ..Contract::NONE
};

impl Rules for Imbriqua {
    type Pos = Pos;

    fn id(&self) -> &'static str {
        ID
    }

    fn keys(&self) -> &'static [&'static str] {
        &[
            "to_move",
            "phase",
            "opening_left",
            "card",
            "last_placed",
            "deck",
            "discard",
            "talons_done",
            "board",
        ]
    }

    fn parse(&self, raw: &mut RawPosition) -> Option<Pos> {
        parse::parse(self, raw)
    }

    /// Every ply under its path (`d4xd6xf6`; two paths of a capture chain may leave one board),
    /// from the generator that lists the moves.
    fn moves(&self, p: &Pos) -> Vec<(String, Pos)> {
        let mut named = play::Named {
            engine: self,
            out: Vec::new(),
        };
        play::generate(self, p, &mut named);
        named.out
    }

    fn written_moves(&self, _p: &Pos) -> Option<Vec<(String, Pos)>> {
        // A capture chain is followed along its cells by `find_move`, not listed.
        None
    }

    fn find_move(&self, p: &Pos, m: &str) -> Option<Pos> {
        let mut named = play::Named {
            engine: self,
            out: Vec::new(),
        };
        if m.contains('x') {
            // A capture chain: followed along its cells (a name that is no cell is no move).
            let want: Vec<u8> = m
                .split('x')
                .map(|name| self.grid.parse(name).map(|c| c as u8))
                .collect::<Option<_>>()?;
            play::generate_along(self, p, Some(&want), &mut named);
        } else {
            play::generate(self, p, &mut named);
        }
        crate::rules::find_in(named.out, m)
    }

    fn score(&self, p: &Pos) -> Score {
        let (l, d) = (self.framed(p, LIGHT), self.framed(p, DARK));
        let over = p.phase == Phase::Over;
        let winner = over.then(|| {
            let (pl, pd) = (p.light.count_ones(), p.dark.count_ones());
            match (l.cmp(&d), pl.cmp(&pd)) {
                (std::cmp::Ordering::Greater, _) => "light",
                (std::cmp::Ordering::Less, _) => "dark",
                (_, std::cmp::Ordering::Greater) => "light",
                (_, std::cmp::Ordering::Less) => "dark",
                _ => "draw",
            }
            .to_string()
        });
        Score {
            over,
            winner,
            scores: vec![("light".into(), l), ("dark".into(), d)],
        }
    }

    fn fields(&self, p: &Pos) -> Vec<(&'static str, Field)> {
        let names = |pile: &Pile| {
            pile.cards()
                .iter()
                .map(|c| self.card_id(*c).to_string())
                .collect()
        };
        let mut f = vec![
            ("to_move", Field::Side(SIDES[p.to_move as usize])),
            ("phase", Field::Str(p.phase.name().into())),
        ];
        if p.phase == Phase::Opening {
            f.push(("opening_left", Field::Int(i64::from(p.opening_left))));
        }
        if let Some(c) = p.card {
            f.push(("card", Field::Str(self.card_id(c).into())));
        }
        if let Some(c) = p.last_placed {
            f.push(("last_placed", Field::Str(self.cell_name(c))));
        }
        f.push(("deck", Field::Strs(names(&p.deck))));
        f.push(("discard", Field::Strs(names(&p.discard))));
        f.push(("talons_done", Field::Int(i64::from(p.talons_done))));
        let rows = (0..self.grid.rows)
            .rev()
            .map(|r| {
                (0..self.grid.cols)
                    .map(|fi| {
                        let c = r * self.grid.cols + fi;
                        let name = Some(self.grid.name(c));
                        if p.light >> c & 1 == 1 {
                            Cell::pieces(name, "L", Some(SIDES[usize::from(LIGHT)]), "pawn", 1)
                        } else if p.dark >> c & 1 == 1 {
                            Cell::pieces(name, "D", Some(SIDES[usize::from(DARK)]), "pawn", 1)
                        } else {
                            Cell::empty(name)
                        }
                    })
                    .collect()
            })
            .collect();
        f.push(("board", Field::Board(crate::rules::Board::new(rows))));
        f
    }

    fn start(&self, seed: u64) -> Pos {
        let mut others: Vec<u8> = (0..self.ids.len() as u8)
            .filter(|&c| c != self.place_two)
            .collect();
        crate::rules::rng::Rng::new(seed).shuffle(&mut others);
        others.push(self.place_two);
        Pos {
            light: 0,
            dark: 0,
            to_move: LIGHT,
            phase: if self.opening_pawns > 0 {
                Phase::Opening
            } else {
                Phase::Place
            },
            opening_left: self.opening_pawns,
            card: None,
            last_placed: None,
            deck: Pile::from_top(&others),
            discard: Pile::default(),
            talons_done: 0,
        }
    }

    fn invariants(&self, p: &Pos) -> Result<(), Error> {
        if p.light & p.dark != 0 {
            return Err(Error::Rules("a cell holds two pawns".into()));
        }
        if (p.light | p.dark) & !self.full != 0 {
            return Err(Error::Rules("a pawn is off the board".into()));
        }
        // deck + discard + card hold every card exactly once (a bit set, no allocation).
        let mut seen = 0u32;
        let mut count = 0;
        let deck = (0..p.deck.len).map(|i| p.deck.bits >> (4 * i) & 15);
        let discard = (0..p.discard.len).map(|i| p.discard.bits >> (4 * i) & 15);
        for c in deck.chain(discard).chain(p.card.map(u64::from)) {
            seen |= 1 << c;
            count += 1;
        }
        if count != self.ids.len() || seen != (1u32 << self.ids.len()) - 1 {
            return Err(Error::Rules(format!(
                "deck + discard + card are not the {} cards once each",
                self.ids.len()
            )));
        }
        if p.card.is_some() != (p.phase == Phase::Action) {
            return Err(Error::Rules(
                "a card is revealed outside the action phase, or missing in it".into(),
            ));
        }
        if let Some(c) = p.last_placed {
            if p.side(p.to_move) >> c & 1 == 0 {
                return Err(Error::Rules(
                    "the pawn placed this turn is not the mover's".into(),
                ));
            }
        }
        if (p.talons_done == 4) != (p.phase == Phase::Over) || p.talons_done > 4 {
            return Err(Error::Rules(format!(
                "talons_done {} in phase {}",
                p.talons_done,
                p.phase.name()
            )));
        }
        if (p.opening_left > 0) != (p.phase == Phase::Opening) {
            return Err(Error::Rules(
                "opening pawns left outside the opening".into(),
            ));
        }
        Ok(())
    }

    fn sides(&self) -> &'static [&'static str] {
        &SIDES
    }

    type Move = Board;

    fn legal(&self, p: &Pos, out: &mut Vec<Board>) {
        let start = out.len();
        play::generate(self, p, &mut play::Boards { out });
        // Only capture chains can leave one board by two paths; every other ply changes the
        // board in a way no other ply of the same position does.
        let jumps = p.phase == Phase::Action
            && p.card.is_some_and(|c| {
                matches!(
                    self.actions[c as usize],
                    Action::Jump(_) | Action::FarJump(_)
                )
            });
        if jumps {
            out[start..].sort_unstable();
            let mut w = start;
            for r in start..out.len() {
                if w == start || out[r] != out[w - 1] {
                    out[w] = out[r];
                    w += 1;
                }
            }
            out.truncate(w);
        }
    }

    /// A placement drawn straight from the cells the move list places on (one move per cell,
    /// or the one move that places nothing on a full board before a card); an action drawn
    /// from the list.
    fn random_move(
        &self,
        p: &Pos,
        rng: &mut crate::rules::rng::Rng,
        buf: &mut Vec<Board>,
    ) -> Option<Board> {
        let cells = match p.phase {
            Phase::Opening => play::opening_cells(self, p),
            Phase::Place => play::place_choices(self, p),
            _ => {
                buf.clear();
                self.legal(p, buf);
                return (!buf.is_empty()).then(|| buf[rng.below(buf.len() as u64) as usize]);
            }
        };
        let own = p.side(p.to_move);
        let add = if cells != 0 {
            // The k-th cell, as the list orders them.
            let mut c = cells;
            for _ in 0..rng.below(u64::from(cells.count_ones())) {
                c &= c - 1;
            }
            c & c.wrapping_neg()
        } else if p.phase == Phase::Opening {
            return None;
        } else {
            0
        };
        let mut q = *p;
        q.set(p.to_move, own | add, p.side(1 - p.to_move));
        Some(Board {
            light: q.light,
            dark: q.dark,
        })
    }

    fn apply(&self, p: &Pos, m: Board, _k: u32) -> Pos {
        let added = (m.light | m.dark) & !(p.light | p.dark);
        let cell = (added != 0).then(|| added.trailing_zeros() as u8);
        match p.phase {
            Phase::Opening => play::after_opening(p, cell.unwrap_or(0)),
            Phase::Place => play::after_place(p, cell),
            _ => {
                let (own, opp) = if p.to_move == LIGHT {
                    (m.light, m.dark)
                } else {
                    (m.dark, m.light)
                };
                play::after_action(p, own, opp)
            }
        }
    }

    fn notation(&self, p: &Pos, m: Board) -> String {
        crate::rules::smallest_writing(self, p, m)
    }

    fn seat(&self, p: &Pos) -> usize {
        usize::from(p.to_move)
    }

    fn shown_fields(&self, p: &Pos) -> Vec<(&'static str, Field)> {
        let mut f = self.fields(p);
        // The first talon lies face down: its order is not shown.
        if p.talons_done == 0 && p.deck.len > 0 {
            for (k, v) in &mut f {
                if *k == "deck" {
                    *v = Field::Str(format!(
                        "{} cards face down ({} at the bottom)",
                        p.deck.len,
                        self.card_id(self.place_two)
                    ));
                }
            }
        }
        f
    }

    fn redeal(&self, p: &Pos, rng: &mut crate::rules::rng::Rng) -> Pos {
        // Only the first talon's order is hidden: `place-two` is known to lie at its bottom,
        // and later talons are the discard pile turned over, seen card by card.
        if p.talons_done > 0 || p.deck.len < 3 {
            return *p;
        }
        let mut cards = p.deck.cards();
        let last = cards.len() - 1;
        rng.shuffle(&mut cards[..last]);
        Pos {
            deck: Pile::from_top(&cards),
            ..*p
        }
    }
}

/// A ply as the move list, playouts and players name it: the board it leaves. No two plies of a
/// position leave the same board, and the board says nothing of the unrevealed cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    /// Light pawns after the ply.
    pub light: u64,
    /// Dark pawns after the ply.
    pub dark: u64,
}
