//! The build: every component of a game laid out, imposed on sheets and exported.
//!
//! ```text
//! game names ─▶ definitions loaded and validated ─┐  (nothing written yet: every error at
//!   selection (--only)   rulebooks (checked)      │   once, exit status 2)
//!   reports (saved)      warnings   size          │
//!                                                 ▼
//! per game, per language, in parallel (jobs):  components ─▶ faces   components/<lang>/
//!                                                         └▶ sheets   sheets/<lang>/, print PDF
//!                                               rulebooks ─▶ PDF per paper, HTML, diagrams
//!                                               reports   ─▶ analysis.html, .txt
//!                                                 ▼
//! each file handed to a sink the moment it is made; each game's folder published at the end
//! ```
//!
//! Every definition and rulebook is validated before anything is written. Then each file is
//! written the moment it is made ([`crate::base::output::Stream`]): whole (a temporary, then a rename),
//! early (the first faces reach the disk at once), and never held with the others in memory.
//! A build that fails part-way leaves whole files, some new and the others as they were.
//!
//! The files: [`components`] (laying out a game's components), [`selection`] (`--only`),
//! [`sheets`] (imposition and print PDFs), [`rulebooks`], [`reports`] (balance reports),
//! [`warnings`], [`size`] (the estimate that refuses a huge build), [`sink`] (where files go),
//! [`jobs`] (the thread pool); [`gallery`] and [`watch`] serve the commands.

pub mod components;
pub mod gallery;
pub mod jobs;
pub mod reports;
pub mod rulebooks;
pub mod selection;
pub mod sheets;
pub mod sink;
pub mod size;
pub mod warnings;
pub mod watch;

pub use components::{printed, Printed, COMPONENT_DPI};
pub use jobs::{parallel, Job};
pub use reports::{report_files, saved_report, ANALYSIS_PAGE};
pub use rulebooks::{
    checked_rulebooks, load_rulebooks, render_rulebook, rulebook_pdf, rulebook_web,
};
pub use selection::{select, Selection};
pub use sheets::{print_sheets, SHEET_DPI};
pub use sink::{Collect, Sink};
pub use size::{check_build_size, estimated_bytes, MAX_BUILD_BYTES};
pub use warnings::{blank_warnings, face_warnings, print_warnings};

pub use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::sheet::{Flip, Paper};
use components::{groups, write_faces};
use sheets::write_sheets;
use sink::output_error;
use std::path::{Path, PathBuf};

/// Build settings.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Papers to impose on (default: A4 and Letter).
    pub papers: Vec<Paper>,
    /// Language of player-facing text; `None` (the default) builds each of the game's languages.
    /// Every language's files carry its code, so builds in two languages never overwrite each
    /// other.
    pub lang: Option<Lang>,
    /// Duplex flip for backs (default: long edge).
    pub flip: Flip,
    /// Scale boards down to one sheet instead of splitting them (default: off).
    pub fit: bool,
    /// Write PNG previews (default: on).
    pub previews: bool,
    /// Treat warnings (text that does not fit, characters the font lacks) as errors.
    pub strict: bool,
    /// Build only these components' faces (`deck`, `board`, a card as `deck/card`, a tile as
    /// `tiles/03`): no sheet, print file or rulebook, and nothing else of the folder removed.
    /// Empty: everything.
    pub only: Vec<String>,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            papers: Paper::ALL.to_vec(),
            lang: None,
            flip: Flip::LongEdge,
            fit: false,
            previews: true,
            strict: false,
            only: Vec::new(),
        }
    }
}

pub use crate::base::output::Output;

/// Produces every output of a game in memory (the components, sheets and print PDFs, with
/// previews when asked for), sorted by path.
pub fn render_game(game: &Game, opts: &BuildOptions) -> Result<Vec<Output>, Error> {
    let sink = Collect::default();
    game_job(game, opts, &sink, 1, None)()?;
    Ok(sink.into_files())
}

/// The languages a build writes for `game`: the one asked for (when the game has it), or all of
/// the game's.
pub fn build_langs(game: &Game, asked: Option<Lang>) -> Vec<Lang> {
    match asked {
        Some(l) => game.languages.iter().copied().filter(|&g| g == l).collect(),
        None => game.languages.clone(),
    }
}

/// The job that writes a game's components and sheets into `sink`: for each language in turn,
/// its faces are laid out once, then `components/<lang>/` (every distinct face as SVG, and PNG
/// when previews are on) is written beside (on up to `threads` threads), for each paper in turn,
/// `sheets/<lang>/` and `<game>-<lang>-<paper>.pdf`. Each file is handed to the sink as soon as
/// it is made; one language's faces are in memory at a time.
pub fn game_job<'a>(
    game: &'a Game,
    opts: &'a BuildOptions,
    sink: &'a dyn Sink,
    threads: usize,
    only: Option<&'a Selection>,
) -> Job<'a, Result<(), Error>> {
    Box::new(move || {
        for lang in build_langs(game, opts.lang) {
            let groups = groups(game, lang);
            let groups = &groups;
            if only.is_some() {
                write_faces(groups, opts, lang, sink, only)?;
                continue;
            }
            // The faces beside the papers, the papers one after the other: a print file's
            // pages and PDF are the largest things a build holds.
            let parts: Vec<Job<'_, Result<(), Error>>> = vec![
                Box::new(move || write_faces(groups, opts, lang, sink, None)),
                Box::new(move || {
                    sheets::papers(game, &opts.papers)
                        .into_iter()
                        .try_for_each(|paper| write_sheets(game, groups, opts, lang, paper, sink))
                }),
            ];
            parallel(parts, threads)?
                .into_iter()
                .collect::<Result<(), Error>>()?;
        }
        Ok(())
    })
}

/// What a build wrote for one game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The game's id.
    pub id: String,
    /// Its title in each of its languages (`Potager / Kitchen Garden`).
    pub title: String,
    /// Its output folder.
    pub dir: PathBuf,
    /// Files published.
    pub files: usize,
    /// Print PDFs (one per paper).
    pub print_pdfs: usize,
    /// Rulebook PDFs.
    pub rulebook_pdfs: usize,
    /// PNG previews.
    pub pngs: usize,
    /// Bytes of all its files.
    pub bytes: u64,
    /// Time spent laying out and exporting its components, ms.
    pub layout_ms: u128,
    /// What prints otherwise than written (a text too long for its box, a character the font
    /// lacks), each at its place in the definition.
    pub warnings: Vec<crate::base::diag::Diagnostic>,
}

/// Reads and validates each of `games` (a name given twice is read once), in the order given:
/// the games that are right, and the errors of all the others together. The pictures they
/// hold decoded share [`crate::art::MAX_BUILD_PIXELS`]: past it, an error naming the picture
/// and no further game is read (its pictures would be decoded too).
pub fn load_games(
    project: &crate::definition::Project,
    games: &[String],
) -> Result<(Vec<Game>, crate::base::diag::Diagnostics), Error> {
    let lib = project.library()?;
    let mut loaded = Vec::new();
    let mut diags = crate::base::diag::Diagnostics::default();
    let mut seen = std::collections::BTreeSet::new();
    let mut decoded = 0u64;
    for g in games.iter().filter(|g| seen.insert(g.as_str())) {
        match crate::rules::engine::load_definition(project, g, &lib) {
            Ok(game) => match past_pictures(project, &game, &mut decoded) {
                Some(d) => {
                    diags.push(d);
                    break;
                }
                None => loaded.push(game),
            },
            Err(d) => diags.0.extend(d.0),
        }
    }
    Ok((loaded, diags))
}

/// Adds `game`'s pictures to the pixels the games read before it hold decoded (`decoded`); the
/// error naming its first picture past [`crate::art::MAX_BUILD_PIXELS`], if one is.
fn past_pictures(
    project: &crate::definition::Project,
    game: &Game,
    decoded: &mut u64,
) -> Option<crate::base::diag::Diagnostic> {
    let limit = crate::art::MAX_BUILD_PIXELS;
    for (file, pixels) in &game.pictures {
        *decoded = decoded.saturating_add(*pixels);
        if *decoded > limit {
            return Some(crate::base::diag::Diagnostic::file(
                &project.game_file(&game.id),
                format!(
                    "picture `{file}` of game `{}` ({:.1} megapixels) brings the pictures the games of this build decode to {:.1} megapixels; the limit is {} megapixels decoded in a build (each picture file counted once): build the games one at a time, or use smaller pictures",
                    game.id,
                    *pixels as f64 / 1e6,
                    *decoded as f64 / 1e6,
                    limit / 1_000_000
                ),
            ));
        }
    }
    None
}

/// Builds `games` of `project` into `out/<game>/`: every definition and rulebook is validated
/// first (nothing is written when one is wrong), then every game is laid out and exported in
/// parallel on `threads` threads, then each game's files are published at once.
pub fn build_games(
    project: &crate::definition::Project,
    games: &[String],
    opts: &BuildOptions,
    out: &Path,
    threads: usize,
) -> Result<Vec<GameReport>, Error> {
    let (mut loaded, mut diags) = load_games(project, games)?;
    // `--only`: each game cut down to what is picked (its faces only, no rulebook).
    let mut picked: Vec<Option<Selection>> = loaded.iter().map(|_| None).collect();
    if !opts.only.is_empty() {
        for (game, pick) in loaded.iter_mut().zip(&mut picked) {
            match select(game, &opts.only) {
                Ok((g, sel)) => {
                    *game = g;
                    *pick = Some(sel);
                }
                // Placed at the game's definition, which holds what there is to pick.
                Err(Error::Usage { reason, .. }) => diags.push(
                    crate::base::diag::Diagnostic::file(&project.game_file(&game.id), reason),
                ),
                Err(e) => return Err(e),
            }
        }
    }
    // Rulebooks too: every example must parse and every claim must hold before anything is written.
    let mut books = Vec::new();
    let mut book_warnings = Vec::new();
    for game in &loaded {
        if !opts.only.is_empty() {
            books.push(Vec::new());
            book_warnings.push(Vec::new());
            continue;
        }
        match checked_rulebooks(project, game) {
            Ok((b, w)) => {
                books.push(b);
                book_warnings.push(w);
            }
            Err(Error::Input(d)) => {
                // Kept one entry per game, so that `books[i]` stays game `i`'s.
                diags.0.extend(d.0);
                books.push(Vec::new());
                book_warnings.push(Vec::new());
            }
            Err(other) => return Err(other),
        }
    }
    // Balance reports saved beside the definitions: read whole before anything is written.
    let mut reports = Vec::new();
    for game in &loaded {
        if !opts.only.is_empty() {
            reports.push(None);
            continue;
        }
        match saved_report(project, game) {
            Ok(r) => reports.push(r),
            Err(Error::Input(d)) => {
                diags.0.extend(d.0);
                reports.push(None);
            }
            Err(other) => return Err(other),
        }
    }
    let mut warnings: Vec<Vec<crate::base::diag::Diagnostic>> = Vec::new();
    for game in &loaded {
        if let Some(l) = opts.lang.filter(|l| !game.languages.contains(l)) {
            let list: Vec<&str> = game.languages.iter().map(|l| l.code()).collect();
            diags.push(crate::base::diag::Diagnostic::file(
                &project.game_file(&game.id),
                format!(
                    "game `{}` is written in {} only: it has no `{l}` text to build",
                    game.id,
                    list.join(" and ")
                ),
            ));
        }
        let langs = build_langs(game, opts.lang);
        let mut w = game.unread.clone();
        w.extend(face_warnings(game, &langs));
        w.extend(blank_warnings(
            game,
            &langs,
            books.get(warnings.len()).map_or(&[][..], |b| &b[..]),
            opts,
            &project.game_file(&game.id),
        ));
        w.extend(
            book_warnings
                .get(warnings.len())
                .cloned()
                .unwrap_or_default(),
        );
        if opts.strict {
            diags.0.extend(w.into_iter().map(|d| d.as_error()));
            warnings.push(Vec::new());
        } else {
            warnings.push(w);
        }
    }
    if !diags.is_empty() {
        return Err(Error::Input(diags));
    }
    // What the build would write, estimated before anything is.
    check_build_size(project, &loaded, opts).map_err(Error::Input)?;
    // Everything is valid: each game's folder is opened, then every language's components and
    // sheets and every rulebook file are made by parallel jobs, each file written the moment it
    // is ready (nothing waits in memory for the others).
    let mut streams = Vec::new();
    for game in &loaded {
        let dir = out.join(&game.id);
        let opened = crate::base::output::make_output_folder(&project.root, &dir)
            .and_then(|()| crate::base::output::Stream::open(&dir).map_err(output_error));
        match opened {
            Ok(s) => streams.push(s),
            Err(e) => {
                for s in streams {
                    s.abandon();
                }
                return Err(e);
            }
        }
    }
    let mut jobs: Vec<Job<'_, (usize, Result<u128, Error>)>> = Vec::new();
    for (i, ((game, books), stream)) in loaded.iter().zip(&books).zip(&streams).enumerate() {
        let sink: &dyn Sink = stream;
        // The longest jobs first: a game's components and sheets, then its rulebooks.
        let job = game_job(game, opts, sink, threads, picked[i].as_ref());
        jobs.push(Box::new(move || {
            let t = std::time::Instant::now();
            (i, job().map(|()| t.elapsed().as_millis()))
        }));
        if let Some(report) = &reports[i] {
            jobs.push(Box::new(move || {
                let result = report_files(report)
                    .into_iter()
                    .try_for_each(|f| sink.put(&f.path, f.bytes));
                (i, result.map(|()| 0))
            }));
        }
        for b in books {
            for &paper in &opts.papers {
                jobs.push(Box::new(move || {
                    let f = rulebook_pdf(game, b, paper);
                    (i, sink.put(&f.path, f.bytes).map(|()| 0))
                }));
            }
            let report = reports[i].as_ref();
            jobs.push(Box::new(move || {
                let result = rulebook_web(game, b, report)
                    .into_iter()
                    .try_for_each(|f| sink.put(&f.path, f.bytes));
                (i, result.map(|()| 0))
            }));
        }
    }
    let mut ms = vec![0u128; loaded.len()];
    let mut failed: Vec<Option<Error>> = vec![None; loaded.len()];
    let lost = match parallel(jobs, threads) {
        Ok(done) => {
            for (i, result) in done {
                match result {
                    Ok(t) => ms[i] += t,
                    Err(e) => {
                        failed[i].get_or_insert(e);
                    }
                }
            }
            None
        }
        Err(e) => Some(e),
    };
    let mut reports = Vec::new();
    let mut errors = Vec::new();
    for (((game, stream), warnings), (ms, failed)) in loaded
        .iter()
        .zip(streams)
        .zip(warnings)
        .zip(ms.into_iter().zip(failed))
    {
        let dir = stream.dir().to_path_buf();
        let (names, _) = stream.written();
        if let Some(e) = failed.or_else(|| lost.clone()) {
            // The files written are whole; the previous build's others are kept.
            stream.abandon();
            errors.push(abandoned(e, &game.id));
            continue;
        }
        // A build of one language of several keeps the other languages' files (and so cannot
        // tell which of them are stale): only a whole build sweeps.
        let sweep =
            if build_langs(game, opts.lang).len() < game.languages.len() || !opts.only.is_empty() {
                crate::base::output::Sweep::KeepFresh
            } else {
                crate::base::output::Sweep::Stale
            };
        let bytes = stream.finish(sweep).map_err(output_error)?;
        let count = |f: &dyn Fn(&str) -> bool| names.iter().filter(|n| f(n)).count();
        let books = count(&|n| n.ends_with(".pdf") && n.contains("-rules-"));
        let mut titles: Vec<&str> = Vec::new();
        for &l in &game.languages {
            if !titles.contains(&game.title.get(l)) {
                titles.push(game.title.get(l));
            }
        }
        reports.push(GameReport {
            id: game.id.clone(),
            title: titles.join(" / "),
            dir,
            files: names.len(),
            print_pdfs: count(&|n| n.ends_with(".pdf")) - books,
            rulebook_pdfs: books,
            pngs: count(&|n| n.ends_with(".png")),
            bytes,
            layout_ms: ms,
            warnings,
        });
    }
    match errors.len() {
        0 => Ok(reports),
        1 => Err(errors.remove(0)),
        _ => Err(Error::Many(errors)),
    }
}

/// The error that stopped `game`'s build, with what became of its files: said in the reason
/// of a file that could not be written (the usual case), or after the error.
fn abandoned(e: Error, game: &str) -> Error {
    let note = format!(
        "the files of `{game}` already written are whole, the others were left as they were"
    );
    match e {
        Error::File {
            doing,
            path,
            reason,
        } => Error::File {
            doing,
            path,
            reason: format!("{reason}; {note}"),
        },
        e => Error::Many(vec![e, Error::system(note)]),
    }
}
