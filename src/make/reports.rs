//! Balance reports in the build: the report `ludopress analyze --save` left beside a game's
//! definition, read and checked, then published as the game's `analysis.html` and `.txt`.

use super::Output;
use std::path::PathBuf;

/// The balance report's page in a game's output folder.
pub const ANALYSIS_PAGE: &str = "analysis.html";

/// The saved balance report of a game (`games/<game>/analysis.json`, written by `ludopress
/// analyze --save`), if it has one; an unreadable one is an error at its line and column.
pub fn saved_report(
    project: &crate::definition::Project,
    id: &str,
) -> Result<Option<crate::analysis::report::Report>, crate::base::diag::Diagnostics> {
    let path = project.game_file(id).with_file_name("analysis.json");
    if !path.is_file() {
        return Ok(None);
    }
    let text = crate::base::diag::read_limited(&path, 16 << 20, "a balance report")?;
    let src = crate::base::diag::Source::new(path.display().to_string(), &text);
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let report: crate::analysis::report::Report = serde_json::from_str(body).map_err(|e| {
        let offset = (text.len() - body.len())
            + body
                .split_inclusive('\n')
                .take(e.line().saturating_sub(1))
                .map(str::len)
                .sum::<usize>()
            + e.column().saturating_sub(1);
        let at = offset.min(text.len());
        crate::base::diag::Diagnostics(vec![src.error(
            at..at,
            format!("not a balance report written by `ludopress analyze --save`: {e}"),
        )])
    })?;
    let top = 0..text.find('\n').unwrap_or(text.len());
    if report.game != id {
        return Err(src
            .error(
                top,
                format!(
                    "a balance report of `{}`, not of `{id}`: run `ludopress analyze {id} --save`",
                    report.game
                ),
            )
            .into());
    }
    if report.settings.is_empty() {
        return Err(src
            .error(top, "a balance report without any setting played")
            .into());
    }
    Ok(Some(report))
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
