//! Imbriqua's eleven action cards and what each one does.

/// Who may act for a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// Green: any of the side's pawns.
    Any,
    /// Red: only the pawn placed this turn.
    Placed,
    /// Neutral: no pawn acts (placement).
    None,
}

/// The lines a card moves along.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// Up, down, left, right.
    Orth,
    /// The four diagonals.
    Diag,
}

/// What a card does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// One cell onto an empty cell.
    Step(Lines),
    /// Any number of cells over empty cells.
    Slide(Lines),
    /// Jump an adjacent opponent pawn; further jumps optional.
    Jump(Lines),
    /// Capture at a distance; further far captures optional.
    FarJump(Lines),
    /// Jump two adjacent opponent pawns at once.
    DoubleJump(Lines),
    /// Place two pawns (one if one cell is empty).
    PlaceTwo,
}

impl Action {
    /// The card of an id of the spec, if it is one.
    pub fn of_id(id: &str) -> Option<Action> {
        use Lines::*;
        Some(match id {
            "step-orth" => Action::Step(Orth),
            "step-diag" => Action::Step(Diag),
            "slide-orth" => Action::Slide(Orth),
            "slide-diag" => Action::Slide(Diag),
            "jump-orth" => Action::Jump(Orth),
            "jump-diag" => Action::Jump(Diag),
            "far-jump-orth" => Action::FarJump(Orth),
            "far-jump-diag" => Action::FarJump(Diag),
            "double-jump-orth" => Action::DoubleJump(Orth),
            "double-jump-diag" => Action::DoubleJump(Diag),
            "place-two" => Action::PlaceTwo,
            _ => return None,
        })
    }

    /// Who acts.
    pub fn actor(self) -> Actor {
        match self {
            Action::Step(_) | Action::Slide(_) | Action::Jump(_) => Actor::Any,
            Action::FarJump(_) | Action::DoubleJump(_) => Actor::Placed,
            Action::PlaceTwo => Actor::None,
        }
    }
}

/// The ids of the spec, in its order.
pub const IDS: [&str; 11] = [
    "step-orth",
    "step-diag",
    "slide-orth",
    "slide-diag",
    "jump-orth",
    "jump-diag",
    "far-jump-orth",
    "far-jump-diag",
    "double-jump-orth",
    "double-jump-diag",
    "place-two",
];
