//! The floor every stage stands on: errors with their places (`diag`), the rule for every
//! file a game names (`paths`), the output folder (`output`), and small shared facts (colours,
//! languages, text markup, paper sizes, a stable hash, names interned for the run, units of
//! length).

pub mod color;
pub mod diag;
pub mod hash;
pub mod intern;
pub mod lang;
pub mod markup;
pub mod output;
pub mod paper;
pub mod paths;
pub mod units;

/// The names of a list of named things (`[(name, thing)]`), in its order: how a list written
/// once (the bundled games, their engines) also gives the list of its names.
pub const fn names_of<T, const N: usize>(list: &[(&'static str, T); N]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut i = 0;
    while i < N {
        names[i] = list[i].0;
        i += 1;
    }
    names
}
