//! Board geometry: cells, their names, shapes and neighbours.
//!
//! In: a board's shape and size from the model; out: its cells, their names, centres, outlines
//! and neighbours (`grid` picks the kind: `square`, `hex`, `triangles`).
//!
//! One source of truth: the printed board, the rulebook diagrams and the rules engine all ask these
//! types, built from the board definition in `games/<game>/game.toml`.

mod compass;
pub mod dirs;
pub mod grid;
pub mod hex;
pub mod points;
pub mod square;
pub mod triangles;

pub use grid::Grid;
pub use hex::{HexGrid, HexShape, Orientation};
pub use points::PointGrid;
pub use square::SquareGrid;
pub use triangles::{BorderMark, TriangleGrid};
