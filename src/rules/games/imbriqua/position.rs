//! Imbriqua positions: two bitboards, the phase, the card piles.

/// A side.
pub type Side = u8;
/// Light moves first.
pub const LIGHT: Side = 0;
/// Dark.
pub const DARK: Side = 1;
/// Side names as in position files.
pub const SIDES: [&str; 2] = ["light", "dark"];

/// What the next ply is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Opening placements.
    Opening,
    /// Placement before a card.
    Place,
    /// The revealed card's action.
    Action,
    /// The game is over.
    Over,
}

/// Phase names as in position files.
pub const PHASES: [&str; 4] = ["opening", "place", "action", "over"];

impl Phase {
    /// From its index in [`PHASES`].
    pub fn from_index(i: usize) -> Phase {
        [Phase::Opening, Phase::Place, Phase::Action, Phase::Over][i]
    }
    /// Its name.
    pub fn name(self) -> &'static str {
        PHASES[self as usize]
    }
}

/// A pile of at most 16 cards, four bits a card, top first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Pile {
    /// Number of cards.
    pub len: u8,
    /// Card indices, the top one in the low four bits.
    pub bits: u64,
}

/// Most cards a pile holds.
pub const PILE_MAX: usize = 16;

impl Pile {
    /// The pile of `cards`, top first.
    pub fn from_top(cards: &[u8]) -> Pile {
        let mut p = Pile::default();
        for &c in cards.iter().rev() {
            p.push(c);
        }
        p
    }
    /// The top card.
    pub fn top(&self) -> Option<u8> {
        (self.len > 0).then_some((self.bits & 15) as u8)
    }
    /// Removes the top card.
    pub fn pop(&mut self) -> Option<u8> {
        let t = self.top()?;
        self.bits >>= 4;
        self.len -= 1;
        Some(t)
    }
    /// Puts a card on top.
    pub fn push(&mut self, c: u8) {
        self.bits = (self.bits << 4) | u64::from(c);
        self.len += 1;
    }
    /// The cards, top first.
    pub fn cards(&self) -> Vec<u8> {
        (0..self.len)
            .map(|i| ((self.bits >> (4 * i)) & 15) as u8)
            .collect()
    }
}

/// A position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Light pawns, one bit per cell (bit = cell index, `a1` = 0).
    pub light: u64,
    /// Dark pawns.
    pub dark: u64,
    /// Side of the ply.
    pub to_move: Side,
    /// Phase.
    pub phase: Phase,
    /// Opening pawns still to place (phase opening).
    pub opening_left: u8,
    /// Revealed card (phase action).
    pub card: Option<u8>,
    /// Pawn placed this turn (phase action).
    pub last_placed: Option<u8>,
    /// The talon, top first.
    pub deck: Pile,
    /// The discard pile, top first.
    pub discard: Pile,
    /// Talons run through.
    pub talons_done: u8,
}

impl Pos {
    /// The pawns of a side.
    pub fn side(&self, s: Side) -> u64 {
        if s == LIGHT {
            self.light
        } else {
            self.dark
        }
    }

    /// Sets both sides' pawns from the mover's and the opponent's.
    pub fn set(&mut self, mover: Side, own: u64, opp: u64) {
        if mover == LIGHT {
            self.light = own;
            self.dark = opp;
        } else {
            self.dark = own;
            self.light = opp;
        }
    }
}
