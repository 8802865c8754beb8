//! A game's components counted, copies included: what `ludopress list` shows ([`Counts`]) and
//! what the validator holds to its limit ([`printed`]). In: validated components; out: counts.

use super::model::{Board, Deck, Die, Game, Mat, Piece, Tileset};

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
            cards: cards(&self.decks),
            tiles: tiles(&self.tilesets),
            pieces: piece_copies(&self.pieces),
            dice: self.dice.len(),
        }
    }
}

/// How many components a game prints, every copy of every board, card, tile, piece and die
/// counted, and each mat once: the number the validator holds to its limit.
pub fn printed(
    boards: &[Board],
    decks: &[Deck],
    tilesets: &[Tileset],
    pieces: &[Piece],
    dice: &[Die],
    mats: &[Mat],
) -> usize {
    boards.iter().map(|b| b.count).sum::<usize>()
        + cards(decks)
        + tiles(tilesets)
        + piece_copies(pieces)
        + dice.iter().map(|d| d.count).sum::<usize>()
        + mats.len()
}

/// Cards of all decks, copies counted.
fn cards(decks: &[Deck]) -> usize {
    decks.iter().flat_map(|d| &d.cards).map(|c| c.count).sum()
}

/// Tiles of all tile sets, copies counted.
fn tiles(tilesets: &[Tileset]) -> usize {
    tilesets
        .iter()
        .flat_map(|t| &t.tiles)
        .map(|t| t.count)
        .sum()
}

/// Pieces, copies counted.
fn piece_copies(pieces: &[Piece]) -> usize {
    pieces.iter().map(|p| p.count).sum()
}
