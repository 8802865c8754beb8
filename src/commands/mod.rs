//! The commands, as library functions the binary calls: each takes what the command line
//! said and returns data, or writes its lines to a writer it is given (the binary decides
//! what a failed write means), and fails with [`crate::base::diag::Error`] (the binary prints
//! it and picks the exit status).
//!
//! `build` and `watch` ([`build`]), `check` ([`check`]), `list` ([`list`]), `analyze`
//! ([`analyze`]), `rules` and the position commands ([`position`]), `trust` ([`trust`]),
//! `play` (a game in the terminal between people and computer players, [`play`]) and `export`
//! (faces for print-on-demand services and Tabletop Simulator, made from the build's printed
//! files, [`share`]).

/// Writes a line to a command's writer; a failed write is the writer's to report (the
/// binary's writers report it once and go on), so the command's work is not cut short.
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {{
        let _ = writeln!($out, $($arg)*);
    }};
}

pub mod analyze;
pub mod build;
pub mod check;
pub mod init;
pub mod list;
pub mod play;
pub mod position;
pub mod schema;
pub mod share;
pub mod trust;
