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
    /// Dice, copies included.
    pub dice: usize,
    /// Cards, tiles and components of `count = 0`: defined, left out of the print.
    pub left_out: usize,
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
            dice: self.dice.iter().map(|d| d.count).sum(),
            left_out: self.boards.iter().filter(|b| b.count == 0).count()
                + self
                    .decks
                    .iter()
                    .flat_map(|d| &d.cards)
                    .filter(|c| c.count == 0)
                    .count()
                + self
                    .tilesets
                    .iter()
                    .flat_map(|t| &t.tiles)
                    .filter(|t| t.count == 0)
                    .count()
                + self.pieces.iter().filter(|p| p.count == 0).count()
                + self.dice.iter().filter(|d| d.count == 0).count(),
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
