//! `build` and `watch`: the games asked for (or all, in the shipped order) built into the
//! output folder, a line per game and the warnings written, the gallery refreshed; `watch`
//! rebuilds what each change touches. In: a [`Request`]; out: the games' reports, lines on the
//! writers given, errors as [`Error`].

use crate::base::diag::{Diagnostic, Diagnostics, Error};
use crate::definition::Project;
use crate::make::{self, gallery, BuildOptions, GameReport};
use crate::rules::registry::NAMES;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What to build: the games (all when empty), the build's options, the output folder.
#[derive(Debug, Clone)]
pub struct Request {
    /// Games to build (all by default).
    pub games: Vec<String>,
    /// The build's options.
    pub options: BuildOptions,
    /// Output folder.
    pub out: PathBuf,
}

/// The games of `project`: the shipped ones in their order, then the others.
pub fn default_games(project: &Project) -> Vec<String> {
    let listed = project.list();
    let mut v: Vec<String> = NAMES
        .iter()
        .filter(|g| listed.iter().any(|l| l == *g))
        .map(|g| g.to_string())
        .collect();
    v.extend(listed.into_iter().filter(|l| !NAMES.contains(&l.as_str())));
    v
}

/// `games`, or every game when it is empty.
pub fn games_or_all(project: &Project, games: &[String]) -> Vec<String> {
    if games.is_empty() {
        default_games(project)
    } else {
        games.to_vec()
    }
}

/// The output rule ([`crate::base::output::check_output_folder`]) for a command writing into
/// `out` and the games' folders `games` under it: a refusal is bad input (exit status 2), the
/// same message for every command. Returns the folder to write into: `out` read without the
/// disk (`./x/../y` is `y`), the path that was checked.
pub fn output_rule(project: &Project, out: &Path, games: &[String]) -> Result<PathBuf, Error> {
    let subs: Vec<&str> = games.iter().map(String::as_str).collect();
    crate::base::output::check_output_folder(&project.root, out, &subs).map_err(Error::Input)
}

/// Builds as `req` says, writes a line per game (when `verbose`) on `out` and the warnings on
/// `err`, and writes the gallery (`watching`: its pages wait for rebuilds).
pub fn build_and_show(
    project: &Project,
    req: &Request,
    watching: bool,
    verbose: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Vec<GameReport>, Error> {
    let games = games_or_all(project, &req.games);
    let req = &Request {
        out: output_rule(project, &req.out, &games)?,
        ..req.clone()
    };
    let start = Instant::now();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let reports = make::build_games(project, &games, &req.options, &req.out, threads)?;
    for r in reports.iter().filter(|_| verbose) {
        say!(
            out,
            "{:<11} {} files ({} print PDF, {} rulebook PDF, {} PNG), {:.1} MB in {}/; components laid out in {} ms",
            r.id,
            r.files,
            r.print_pdfs,
            r.rulebook_pdfs,
            r.pngs,
            r.bytes as f64 / 1e6,
            r.dir.display(),
            r.layout_ms
        );
    }
    if verbose {
        say!(
            out,
            "built {} game(s) in {} ms (PNG previews on {threads} threads); gallery: {}",
            reports.len(),
            start.elapsed().as_millis(),
            req.out.join("index.html").display()
        );
    }
    let entries: Vec<gallery::Entry> = reports
        .iter()
        .map(|r| gallery::Entry {
            id: r.id.clone(),
            title: r.title.clone(),
            warnings: r.warnings.iter().map(|w| w.to_string()).collect(),
        })
        .collect();
    gallery::write(&req.out, &entries, &gallery::Status::now(None, watching))
        .map_err(|e| Error::file("the gallery:", &e.path, e.reason))?;
    let warnings: Vec<_> = reports
        .iter()
        .flat_map(|r| r.warnings.iter().cloned())
        .collect();
    if !warnings.is_empty() && verbose {
        let n = warnings.len();
        say!(err, "{}", Diagnostics(warnings));
        say!(
            err,
            "{n} warning{}: the files were written; `--strict` makes warnings errors",
            if n == 1 { "" } else { "s" }
        );
    }
    Ok(reports)
}

/// The refusal of game `g`'s folder when it is a symbolic link: `watch` never follows one.
fn linked_folder(project: &Project, g: &str) -> Option<Diagnostic> {
    let dir = project.root.join("games").join(g);
    std::fs::symlink_metadata(&dir)
        .is_ok_and(|m| m.file_type().is_symlink())
        .then(|| {
            Diagnostic::file(
                &dir,
                "this game folder is a symbolic link: `watch` never follows a link out of a game (watch the folder itself)",
            )
        })
}

/// `watch`: builds, then rebuilds the games a change touches (a game's folder: its definition,
/// data files, art, fonts, rulebooks; the templates: every game), one line a rebuild, at most
/// `rebuilds` times. A broken edit prints its errors, keeps the last good files, and shows the
/// error in the gallery.
pub fn watch(
    project: &Project,
    req: &Request,
    rebuilds: Option<u64>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Error> {
    let games = games_or_all(project, &req.games);
    // The warnings of a build, or its error once told (on standard error and in the gallery).
    let report = |r: Result<Vec<GameReport>, Error>,
                  what: &str,
                  err: &mut dyn Write|
     -> Result<usize, Error> {
        match r {
            Ok(reports) => Ok(reports.iter().map(|r| r.warnings.len()).sum()),
            Err(f) => {
                let text = f.report();
                // The gallery first: when the line below is read, the pages show the error.
                let status = gallery::Status::now(Some(text.clone()), true);
                if let Err(e) = gallery::write_status(&req.out, &status) {
                    say!(err, "warning: the gallery's status: {e}");
                }
                say!(err, "{text}");
                say!(
                    err,
                    "{} {what}: not built; the last good files are kept (fix and save to rebuild)",
                    status.time
                );
                Err(f)
            }
        }
    };
    // A bad id, or a game without a folder, cannot be fixed by saving a file: that ends the
    // watch at once.
    for g in &games {
        project.check_id(g)?;
        let dir = project.root.join("games").join(g);
        if let Some(linked) = linked_folder(project, g) {
            return Err(Error::Input(linked.into()));
        }
        if !dir.is_dir() {
            return Err(Error::Input(
                Diagnostic::file(
                    &project.root.join("games").join(g),
                    format!("no folder for game `{g}` to watch (see `ludopress list`)"),
                )
                .into(),
            ));
        }
    }
    let req = &Request {
        out: output_rule(project, &req.out, &games)?,
        ..req.clone()
    };
    crate::base::output::make_output_folder(&project.root, &req.out)?;
    // Watching starts before the first build, so that a file saved while it runs is rebuilt
    // after it rather than missed.
    let mut watched = crate::make::watch::Watched::new(project, &games)?;
    let first = build_and_show(project, req, true, true, out, err);
    let mut last = report(first, &games.join(", "), err);
    say!(
        out,
        "watching {} (Ctrl-C to stop)",
        watched
            .roots()
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut done = 0;
    while rebuilds.is_none_or(|n| done < n) {
        let Some(touched) = watched.next_change() else {
            break;
        };
        // A game folder swapped for a link while watched is neither watched (see
        // `Watched::next_change`) nor built: said as a build's error, until it is a folder again.
        let linked: Vec<Diagnostic> = touched
            .iter()
            .filter_map(|g| linked_folder(project, g))
            .collect();
        let (touched, refused): (Vec<String>, Vec<String>) = touched
            .into_iter()
            .partition(|g| linked_folder(project, g).is_none());
        if !linked.is_empty() {
            last = report(
                Err(Error::Input(Diagnostics(linked))),
                &refused.join(", "),
                err,
            );
        }
        if touched.is_empty() {
            done += 1;
            continue;
        }
        let mut again = req.clone();
        again.games = touched.clone();
        let t = Instant::now();
        let built = build_and_show(project, &again, true, false, out, err);
        last = report(built, &touched.join(", "), err);
        if let Ok(warnings) = last {
            say!(
                out,
                "{} rebuilt {} in {} ms{}",
                gallery::Status::now(None, true).time,
                touched.join(", "),
                t.elapsed().as_millis(),
                match warnings {
                    0 => String::new(),
                    1 => ", 1 warning (in the gallery)".into(),
                    n => format!(", {n} warnings (in the gallery)"),
                }
            );
        }
        done += 1;
    }
    // The pages stop waiting for rebuilds, and still show the last build's error.
    let status = gallery::Status::now(last.err().map(|e| e.report()), false);
    let _ = gallery::write_status(&req.out, &status);
    Ok(())
}
