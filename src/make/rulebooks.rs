//! Rulebooks in the build: loaded and validated (every example), checked against the game's
//! engine (every claim), and laid out as a PDF per paper, an HTML page and diagrams.

use super::reports::ANALYSIS_PAGE;
use super::Output;
use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::export::{pdf, svg};
use crate::scene::Scene;
use crate::sheet::Paper;
use std::path::{Path, PathBuf};

/// The rulebooks of a game (each of its languages whose `games/<game>/rules.<lang>.md`
/// exists), parsed and with every example validated; `root` is the project root. A rulebook in a
/// language the game does not declare is an error, not a file left aside.
pub fn load_rulebooks(
    root: &Path,
    game: &Game,
    engine: Option<&crate::rules::engine::Engine>,
) -> Result<Vec<crate::rulebook::Rulebook>, crate::base::diag::Diagnostics> {
    let mut books = Vec::new();
    let mut diags = crate::base::diag::Diagnostics::default();
    for lang in Lang::ALL {
        let file = crate::rulebook::source_path(root, &game.id, lang);
        // Anything at the name is the rulebook: `load` refuses what is not a regular file.
        if !crate::base::paths::present(&file) {
            continue;
        }
        if !game.languages.contains(&lang) {
            diags.push(crate::base::diag::Diagnostic::file(
                &file,
                format!(
                    "a rulebook in `{lang}`, which is not among the game's languages ({}): add it to `[game] languages` in game.toml",
                    game.languages.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ")
                ),
            ));
            continue;
        }
        // Paths as the user can open them: relative to the working folder, through `--root`.
        let shown = if root == Path::new(".") {
            Path::new("games")
                .join(&game.id)
                .join(format!("rules.{}.md", lang.code()))
        } else {
            file.clone()
        };
        match crate::rulebook::load(engine, game, &file, &shown, lang) {
            Ok(b) => books.push(b),
            Err(d) => diags.0.extend(d.0),
        }
    }
    diags.finish(books)
}

/// The rulebook outputs: a PDF per paper, the HTML page, and each diagram as an SVG.
pub fn render_rulebook(
    game: &Game,
    book: &crate::rulebook::Rulebook,
    papers: &[Paper],
    report: Option<&crate::analysis::report::Report>,
) -> Vec<Output> {
    let mut files: Vec<Output> = papers
        .iter()
        .map(|&p| rulebook_pdf(game, book, p))
        .collect();
    files.extend(rulebook_web(game, book, report));
    files
}

/// A rulebook's PDF on one paper.
pub fn rulebook_pdf(game: &Game, book: &crate::rulebook::Rulebook, paper: Paper) -> Output {
    let front = crate::rulebook::Front::of(game, book.lang);
    let pages = crate::rulebook::pages::layout(book, &front, paper);
    let refs: Vec<&Scene> = pages.iter().collect();
    Output {
        path: PathBuf::from(format!(
            "{}-rules-{}-{}.pdf",
            game.id,
            book.lang.code(),
            paper.name()
        )),
        bytes: pdf::to_pdf_with(
            &refs,
            &pdf::Meta {
                title: format!("{} — {}", front.title, front.subtitle),
                author: game.about.designer.clone().unwrap_or_default(),
                subject: match book.lang {
                    Lang::Fr => "Règles du jeu".into(),
                    Lang::En => "Rules of play".into(),
                },
                lang: Some(book.lang.code().into()),
                compress: true,
            },
            &pdf::Extra {
                date: game.date,
                press: None,
            },
        )
        .bytes,
    }
}

/// The text of the link to the balance report, in the rulebook's language and its typography.
fn analysis_link(lang: Lang) -> String {
    match lang {
        // A no-break space before the colon, as in the rulebook's own French text.
        Lang::Fr => crate::base::lang::french_spaces(
            "Rapport d’équilibre : parties jouées par la machine",
            crate::base::lang::NNBSP,
        ),
        Lang::En => "Balance report: games played by the machine".into(),
    }
}

/// A rulebook's HTML page and its diagrams as SVG files.
pub fn rulebook_web(
    game: &Game,
    book: &crate::rulebook::Rulebook,
    report: Option<&crate::analysis::report::Report>,
) -> Vec<Output> {
    let mut front = crate::rulebook::Front::of(game, book.lang);
    if report.is_some() {
        front
            .links
            .push((analysis_link(book.lang), ANALYSIS_PAGE.into()));
    }
    let lang = book.lang.code();
    let mut files = Vec::new();
    files.push(Output {
        path: PathBuf::from(format!("rules-{lang}.html")),
        bytes: crate::rulebook::html::to_html(book, &front).into_bytes(),
    });
    let mut n = 0;
    for b in &book.blocks {
        if let crate::rulebook::Block::Figure(fig) = b {
            for p in &fig.panels {
                n += 1;
                files.push(Output {
                    path: PathBuf::from(format!("diagrams/{lang}-{n:02}.svg")),
                    bytes: svg::to_svg(&p.scene).into_bytes(),
                });
            }
        }
    }
    files
}

/// A game's rulebooks, validated, with every claim holding (a game without an engine has
/// rulebooks whose examples are drawn and not checked), and the warnings of the check: a game
/// whose own engine program cannot start is built with its claims unchecked, and told so.
pub fn checked_rulebooks(
    project: &crate::definition::Project,
    game: &Game,
) -> Result<
    (
        Vec<crate::rulebook::Rulebook>,
        Vec<crate::base::diag::Diagnostic>,
    ),
    Error,
> {
    let (eng, unavailable) = crate::rules::engine::Engine::checker(project, game)?;
    let warnings = unavailable
        .map(|u| {
            let d = crate::base::diag::Diagnostic::file(&project.game_file(&game.id), "")
                .warn(format!("{}: the rulebook's claims are not checked", u.why));
            if u.consent {
                d
            } else {
                d.with_hint(
                    "install the program `[engine] command` names, then run `ludopress check`",
                )
            }
        })
        .into_iter()
        .collect();
    let books = load_rulebooks(&project.root, game, eng.as_ref())?;
    let mut warnings: Vec<crate::base::diag::Diagnostic> = warnings;
    warnings.extend(crate::rulebook::kinds_against_box(
        game,
        &project.game_file(&game.id),
    ));
    for b in &books {
        warnings.extend(crate::rulebook::repeated_boards(b, eng.as_ref(), game));
        warnings.extend(crate::rulebook::counts_against_box(b, game));
        warnings.extend(crate::rulebook::drawings_left_out(b, eng.as_ref()));
    }
    let mut failures = crate::base::diag::Diagnostics::default();
    if let Some(eng) = &eng {
        for b in &books {
            failures.0.extend(crate::rulebook::check(eng, b).errors.0);
        }
    }
    // A claim that does not hold is an error of the rulebook's, at its place.
    failures.finish((books, warnings)).map_err(Error::Input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_analysis_link_keeps_french_typography() {
        assert!(analysis_link(Lang::Fr).starts_with("Rapport d’équilibre\u{a0}: parties"));
        assert!(analysis_link(Lang::En).starts_with("Balance report: games"));
    }
}
