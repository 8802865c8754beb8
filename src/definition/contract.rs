//! What a rules engine needs from its game's definition: declared by the engine (as data, in
//! `games`), checked when the definition is validated, so a typo in a role, a card id or a
//! `[rules]` key is an error at its place rather than an engine that silently plays another game.

/// A `[rules]` parameter an engine reads: every one is required, within its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Param {
    /// Key in `[rules]`.
    pub name: &'static str,
    /// Least value.
    pub min: i64,
    /// Greatest value.
    pub max: i64,
    /// Why the range is what it is, shown with an error (may be empty).
    pub why: &'static str,
}

/// The kind of grid an engine plays on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridKind {
    /// A square grid.
    Square,
    /// The hexagon of triangles.
    Triangles,
    /// Hexagonal cells.
    Hex,
}

/// The needs of one game's rules engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contract {
    /// `[rules]` parameters, all required; no other key is accepted.
    pub params: &'static [Param],
    /// The first board's grid and the most cells the engine handles, if it plays on a board.
    pub board: Option<(GridKind, usize)>,
    /// Region roles the engine reads on its board: each is required, no other role is accepted.
    pub roles: &'static [&'static str],
    /// Piece ids the engine reads (the first piece when empty and `any_piece`).
    pub pieces: &'static [&'static str],
    /// The engine reads the first piece, whatever its id.
    pub any_piece: bool,
    /// Card ids the first deck must hold, each once, and no other.
    pub cards: &'static [&'static str],
    /// Zone codes the first tile set must map: (letter, colour name).
    pub codes: &'static [(char, &'static str)],
    /// The engine draws its positions on the first mat.
    pub mat: bool,
    /// Parameters that must equal the number of cells of a region of the first board
    /// (parameter, role): the starting position puts one piece on each.
    pub counts: &'static [(&'static str, &'static str)],
    /// The first tile set's tiles, counted, fit on the first board: the engine deals one a cell.
    pub tiles_fit: bool,
}

impl Contract {
    /// A contract that needs nothing (the base for each engine's declaration).
    pub const NONE: Contract = Contract {
        params: &[],
        board: None,
        roles: &[],
        pieces: &[],
        any_piece: false,
        cards: &[],
        codes: &[],
        mat: false,
        counts: &[],
        tiles_fit: false,
    };
}

impl Param {
    /// Whether `value` is within the parameter's range (the one range check: the validator's
    /// and `analyze --set`'s).
    pub fn allows(&self, value: i64) -> bool {
        (self.min..=self.max).contains(&value)
    }
}

#[cfg(test)]
mod tests {
    use super::Param;

    #[test]
    fn a_parameter_allows_its_bounds_and_nothing_past_them() {
        let p = Param {
            name: "pawns",
            min: 2,
            max: 5,
            why: "",
        };
        assert!(p.allows(2) && p.allows(5));
        assert!(!p.allows(1) && !p.allows(6));
    }
}
