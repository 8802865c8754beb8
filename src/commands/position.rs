//! The commands on a position or a rulebook: positions read from files (`moves`, `perft`,
//! `score`, `diagram`), `playout`, and `rules` (one rulebook built). In: files and games; out:
//! lines on the writer, files in the output folder, errors as [`Error`].

use super::build::output_rule;
use crate::base::diag::{Diagnostic, Diagnostics, Error};
use crate::base::lang::Lang;
use crate::definition::Project;
use crate::export::{pdf, png, svg};
use crate::make;
use crate::rules::engine::{self, Engine, Position, Record};
use crate::sheet::Paper;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// Reads a position file (a record replayed).
pub fn open_record(project: &Project, file: &Path) -> Result<(Engine, Record), Error> {
    // Read up to a record's size; a position without `record` is held to its own limit.
    let text = crate::base::diag::read_limited(
        file,
        crate::rules::position::MAX_RECORD_BYTES as u64,
        "a position file",
    )?;
    Engine::open_record(project, &file.display().to_string(), &text)
}

/// Reads a position file: the position it ends on.
pub fn open(project: &Project, file: &Path) -> Result<(Engine, Position), Error> {
    open_record(project, file).map(|(e, r)| (e, r.end))
}

/// `diagram`: the position in `file` drawn as a rulebook diagram into `out` (.svg, .png or .pdf
/// by its extension).
pub fn diagram(project: &Project, file: &Path, out: &Path) -> Result<(), Error> {
    let (engine, pos) = open(project, file)?;
    let def = Engine::definition(project, engine.id())?;
    let scene = engine.diagram(&def, &pos)?;
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let bytes = match ext.as_str() {
        "svg" => svg::to_svg(&scene).into_bytes(),
        "png" => png::render(&svg::to_svg(&scene), 150.0)?,
        "pdf" => {
            pdf::to_pdf_with(
                &[&scene],
                &pdf::Meta {
                    title: file.display().to_string(),
                    compress: true,
                    ..Default::default()
                },
                &pdf::Extra {
                    date: def.date,
                    press: None,
                },
            )
            .bytes
        }
        _ => {
            return Err(Error::Input(
                Diagnostic::file(
                    out,
                    "unknown output type: use a .svg, .png or .pdf file name",
                )
                .into(),
            ))
        }
    };
    // Its folder under the output rule, as every file a command writes (read without the
    // disk: `./x/../games/d.svg` is in `games/`, refused).
    let out = crate::base::output::lexical(out);
    let folder = out
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let folder = output_rule(project, folder, &[])?;
    crate::base::output::make_output_folder(&project.root, &folder)?;
    let out = folder.join(out.file_name().unwrap_or_default());
    crate::base::output::write_one(&out, &bytes).map_err(crate::make::sink::output_error)
}

/// `playout`: `games` seeded random games of `game`, fast, or with every successor built and
/// the invariants checked (`check`); the statistics on `out` (for a game played through its own
/// program, how fast the program played).
pub fn playout(
    project: &Project,
    game: &str,
    games: u64,
    seed: u64,
    check: bool,
    out: &mut dyn Write,
) -> Result<(), Error> {
    Engine::playable(project, game)?;
    let engine = Engine::new(project, game)?;
    let t = Instant::now();
    let stats = if check {
        engine.playouts(games, seed).map_err(|e| match e {
            // A program that failed is said as such, at its game.
            Error::Input(_) | Error::Rules(_) => e,
            e => Error::Rules(e.to_string()),
        })?
    } else {
        engine.fast_playouts(games, seed)?
    };
    let secs = t.elapsed().as_secs_f64();
    say!(
        out,
        "{games} games in {:.3} s: {:.0} games/s",
        secs,
        games as f64 / secs.max(1e-9)
    );
    say!(
        out,
        "average length: {:.1} plies",
        stats.plies as f64 / games.max(1) as f64
    );
    for (side, n) in &stats.wins {
        say!(
            out,
            "{side}: {n} ({:.1} %)",
            100.0 * *n as f64 / games.max(1) as f64
        );
    }
    if stats.unfinished > 0 {
        say!(out, "unfinished after 10,000 plies: {}", stats.unfinished);
    }
    if check {
        say!(out, "invariants held after every ply");
    }
    if let Some(note) = engine.program_note(stats.plies, secs) {
        say!(out, "{note}");
    } else if !check {
        say!(
            out,
            "{:.2} M plies/s (one move drawn a ply; --check builds every successor and checks the invariants)",
            stats.plies as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(())
}

/// `rules`: one rulebook of `game` in `lang` (by default the game's first language) built (a
/// PDF for each paper, HTML, diagrams, and the saved balance report's page) into
/// `out/<game>/`; the check's warnings on `err`, a line on `say_to`.
pub fn rules(
    project: &Project,
    game: &str,
    lang: Option<Lang>,
    papers: &[Paper],
    out: &Path,
    say_to: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Error> {
    let out = &output_rule(project, out, &[game.to_string()])?;
    let lib = project.library()?;
    let def = engine::load_definition(project, game, &lib)?;
    let lang = lang
        .or_else(|| def.languages.first().copied())
        .unwrap_or(Lang::Fr);
    let (books, warnings) = make::checked_rulebooks(project, &def)?;
    if !warnings.is_empty() {
        say!(err, "{}", Diagnostics(warnings));
    }
    let book = books.iter().find(|b| b.lang == lang).ok_or_else(|| {
        Error::Input(
            Diagnostic::file(
                &crate::rulebook::source_path(&project.root, game, lang),
                "no rulebook in this language",
            )
            .into(),
        )
    })?;
    // A font of the game's that draws a character blank: said, as `build` says it.
    let blank = make::blank_warnings(
        &def,
        &[],
        std::slice::from_ref(book),
        &make::BuildOptions {
            papers: papers.to_vec(),
            ..make::BuildOptions::default()
        },
        &project.game_file(game),
    );
    if !blank.is_empty() {
        say!(err, "{}", Diagnostics(blank));
    }
    let report = make::saved_report(project, &def)?;
    let mut files = make::render_rulebook(&def, book, papers, report.as_ref());
    if let Some(r) = &report {
        files.extend(make::report_files(r));
    }
    crate::base::output::make_output_folder(&project.root, &out.join(game))?;
    let bytes =
        crate::base::output::publish(&out.join(game), &files, crate::base::output::Sweep::Keep)
            .map_err(crate::make::sink::output_error)?;
    say!(
        say_to,
        "{game} rules ({lang}): {} files, {:.1} MB in {}/",
        files.len(),
        bytes as f64 / 1e6,
        out.join(game).display()
    );
    Ok(())
}
