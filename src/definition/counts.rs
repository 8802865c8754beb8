//! A game's components counted, copies included: what `ludopress list` shows. In: a validated
//! [`Game`]; out: [`Counts`].

use super::model::Game;

/// How many of each kind of component a game has, each copy counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Boards (each definition once).
    pub boards: usize,
    /// Mats.
    pub mats: usize,
    /// Cards of every deck, copies included.
    pub cards: usize,
    /// Tiles of every tile set, copies included.
    pub tiles: usize,
    /// Pieces, copies included.
    pub pieces: usize,
    /// Dice.
    pub dice: usize,
}

impl Game {
    /// The game's components counted.
    pub fn counts(&self) -> Counts {
        Counts {
            boards: self.boards.len(),
            mats: self.mats.len(),
            cards: self
                .decks
                .iter()
                .flat_map(|d| &d.cards)
                .map(|c| c.count)
                .sum(),
            tiles: self
                .tilesets
                .iter()
                .flat_map(|t| &t.tiles)
                .map(|t| t.count)
                .sum(),
            pieces: self.pieces.iter().map(|p| p.count).sum(),
            dice: self.dice.len(),
        }
    }
}
