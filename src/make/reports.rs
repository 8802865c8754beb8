//! Balance reports in the build: the report `ludopress analyze --save` left beside a game's
//! definition, read and checked, then published as the game's `analysis.html` and `.txt`.

use super::Output;
use std::path::PathBuf;

/// The balance report's page in a game's output folder.
pub const ANALYSIS_PAGE: &str = "analysis.html";

/// The saved balance report of a game (`games/<game>/analysis.json`, written by `ludopress
/// analyze --save`), if it has one, checked against the game's seats
/// ([`crate::analysis::saved`]); an unreadable or wrong one is an error at its line and column.
pub fn saved_report(
    project: &crate::definition::Project,
    game: &crate::definition::Game,
) -> Result<Option<crate::analysis::report::Report>, crate::base::diag::Error> {
    let path = project.game_file(&game.id).with_file_name("analysis.json");
    // Anything at the name is the report, held to the rule of the files a game names: inside
    // its folder once links are resolved, a regular file (checked before it is opened).
    if !crate::base::paths::present(&path) {
        return Ok(None);
    }
    let folder = path.parent().unwrap_or(std::path::Path::new("."));
    let real = crate::base::paths::inside(folder, &path, u64::MAX).map_err(|e| {
        crate::base::diag::Diagnostic::file(&path, format!("balance report refused: {e}"))
    })?;
    let text = crate::base::diag::read_limited(
        &real,
        crate::analysis::saved::MAX_BYTES,
        "a balance report",
    )
    .map_err(|d| d.at_path(&path))?;
    let seats = crate::analysis::seats_of(game)?;
    let shown = path.display().to_string();
    Ok(Some(crate::analysis::saved::read(
        &shown, &text, &game.id, &seats,
    )?))
}

/// The balance report's page and text summary.
pub fn report_files(report: &crate::analysis::report::Report) -> Vec<Output> {
    vec![
        Output {
            path: PathBuf::from(ANALYSIS_PAGE),
            bytes: crate::analysis::report::html(report).into_bytes(),
        },
        Output {
            path: PathBuf::from("analysis.txt"),
            bytes: crate::analysis::report::text(report).into_bytes(),
        },
    ]
}
