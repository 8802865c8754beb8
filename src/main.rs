//! The `ludopress` binary: parses arguments, calls the library, prints errors, picks the exit code.
#![forbid(unsafe_code)]

/// Writes a line to standard error, its control characters escaped (a message may quote a
/// definition); a standard error that cannot be written (a closed pipe, a full disk) loses the
/// line instead of panicking.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let line = format!($($arg)*);
        let _ = writeln!(std::io::stderr(), "{}", ludopress::base::diag::escape_controls(&line));
    }};
}

mod cli;

use ludopress::args;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // `__confine DIR -- PROGRAM ARGS...`: this process is a game's engine about to start; it
    // confines itself and becomes the program (read before clap, which would take the
    // program's own options for ours).
    let raw: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if raw
        .get(1)
        .is_some_and(|a| a == ludopress::rules::external::confine::COMMAND)
    {
        errln!(
            "ludopress: {}",
            ludopress::rules::external::confine::run(&raw[2..])
        );
        return ExitCode::from(126);
    }
    let mut args = args::Cli::parse();
    args.outputs_under_root();
    // Engines are started through this binary, which confines them where the system allows.
    if let Ok(exe) = std::env::current_exe() {
        ludopress::rules::external::set_launcher(exe);
    }
    if args.allow_engine {
        ludopress::rules::external::trust::allow_for_this_run();
    }
    // An interrupted command leaves no temporary file (without the handler, it still leaves no
    // half-written output, and the next build removes the temporaries); a build killed outright
    // is outlived by a watcher that removes them.
    if !matches!(args.command, args::Command::WatchTemporaries) {
        if let Err(e) = ludopress::base::temporaries::remove_temporaries_on_signal() {
            errln!("warning: interruptions cannot be handled ({e})");
        }
    }
    if matches!(
        args.command,
        args::Command::Build { .. } | args::Command::Rules { .. } | args::Command::Diagram { .. }
    ) {
        // Without a watcher, the next build removes what a killed one left.
        let _ =
            std::env::current_exe().and_then(|exe| ludopress::base::temporaries::watch_with(&exe));
    }
    // A panic is a bug of ours, never the user's: it ends with status 1 and a message, as any
    // failure that is not bad input does (the panic's own message is printed above it).
    let result = std::panic::catch_unwind(|| cli::run(args)).unwrap_or_else(|_| {
        Err(cli::Failure::Error(ludopress::base::diag::Error::System(
            "internal error: ludopress stopped on a bug; no output was half-written".into(),
        )))
    });
    // Every engine still running ends with ludopress, with what it started.
    ludopress::rules::external::end_all_engines();
    if let Some(note) = ludopress::rules::external::take_unconfined_note() {
        errln!("note: {note}");
    }
    match result {
        Ok(()) if cli::STDOUT_FAILED.load(std::sync::atomic::Ordering::Relaxed) => {
            ExitCode::from(1)
        }
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::Failure::Error(e)) => {
            // Diagnostics say `file:line:col: error:` themselves; each of several errors is
            // printed as it would be alone.
            errln!("{}", e.report());
            ExitCode::from(if e.is_input() { 2 } else { 1 })
        }
        Err(cli::Failure::Quiet) => ExitCode::from(1),
    }
}
