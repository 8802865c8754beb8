//! The Breakthrough engine program (`games/breakthrough-py/engine.py`) for the tests that talk
//! to it: whether its interpreter is here, and the program started with consent for this run.

use ludopress::definition::model::EngineDef;
use ludopress::rules::external::External;
use std::path::PathBuf;
use std::process::Command;

/// Whether `python3` runs here (the Breakthrough program's interpreter); a test that needs it
/// says it is skipped.
pub fn python() -> bool {
    let here = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !here {
        eprintln!("skipped: python3 is not installed here, the Breakthrough program cannot run");
    }
    here
}

/// The Breakthrough program, started with consent for this run.
pub fn breakthrough_py() -> External {
    ludopress::rules::external::trust::allow_for_this_run();
    let def = EngineDef {
        command: vec!["python3".into(), "engine.py".into()],
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("games/breakthrough-py"),
    };
    External::start("breakthrough-py", &def).unwrap()
}
