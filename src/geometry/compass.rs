//! The names of the compass and relative directions, which every grid kind and a board of
//! points' routes share (a leaf: it reads no other part of the geometry).

/// A square grid's directions, counter-clockwise from the east.
pub const SQUARE: [&str; 8] = [
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
    "south",
    "south-east",
];

/// The directions relative to a side's `forward`, with their turn counter-clockwise in
/// directions of a square grid and of a hex grid (`None`: the grid has no such direction).
pub(super) const RELATIVE: [(&str, Option<i32>, Option<i32>); 8] = [
    ("forward", Some(0), Some(0)),
    ("forward-left", Some(1), Some(1)),
    ("left", Some(2), None),
    ("backward-left", Some(3), Some(2)),
    ("backward", Some(4), Some(3)),
    ("backward-right", Some(-3), Some(-2)),
    ("right", Some(-2), None),
    ("forward-right", Some(-1), Some(-1)),
];

/// True for the name of a direction relative to a side (`forward`, ..., `sideways`).
pub fn is_relative(name: &str) -> bool {
    name == "sideways" || RELATIVE.iter().any(|r| r.0 == name)
}
