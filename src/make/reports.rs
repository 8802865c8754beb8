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
    if !path.is_file() {
        return Ok(None);
    }
    let text = crate::base::diag::read_limited(&path, 16 << 20, "a balance report")?;
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
