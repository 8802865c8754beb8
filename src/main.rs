//! The `ludopress` binary: parses arguments, calls the library, prints errors, picks the exit code.
#![forbid(unsafe_code)]

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) if cli::STDOUT_FAILED.load(std::sync::atomic::Ordering::Relaxed) => {
            ExitCode::from(1)
        }
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::Failure::Input(d)) => {
            eprintln!("{d}");
            ExitCode::from(2)
        }
        Err(cli::Failure::Other(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
        Err(cli::Failure::Quiet) => ExitCode::from(1),
    }
}
