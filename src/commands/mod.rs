//! Commands that are not stages of the build: playing a game in the terminal and playtesting
//! it by machine.

pub mod analysis;
pub mod play;
