//! The floor every stage stands on: errors with their places (`diag`), the rule for every
//! file a game names (`paths`), the output folder (`output`) and the temporaries its files are
//! staged in (`temporaries`), and small shared facts (colours, languages, text markup, paper
//! sizes, a stable hash, names interned for the run, units of length).

pub mod color;
pub mod diag;
pub mod hash;
pub mod intern;
pub mod lang;
pub mod markup;
pub mod output;
pub mod paper;
pub mod paths;
pub mod temporaries;
pub mod time;
pub mod units;
