//! The commands' glue (binary-only): each command's arguments handed to the library function
//! that does its work, its lines printed on standard output or error, its failure returned for
//! `main` to print and pick the exit status. All work is in the library
//! ([`ludopress::commands`]); the arguments are declared in `args.rs`.

use ludopress::args::{papers_of, Cli, Command};
use ludopress::base::diag::{Diagnostics, Error};
use ludopress::commands::{self, analyze, build, position};
use ludopress::definition::Project;
use ludopress::rules::engine::Engine;
use std::io::Write;
use std::time::Instant;

/// Set when writing to standard output failed for another reason than a closed pipe: the
/// command then exits with status 1.
pub static STDOUT_FAILED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// What to do when writing to standard output failed: a reader that has gone away (`ludopress
/// moves F | head`) is not an error, the output is dropped and the command finishes its work;
/// anything else (a full disk) is reported once and fails the command.
pub fn stdout_error(e: std::io::Error) {
    use std::sync::atomic::Ordering;
    if e.kind() != std::io::ErrorKind::BrokenPipe && !STDOUT_FAILED.swap(true, Ordering::Relaxed) {
        errln!("error: cannot write to standard output: {e}");
    }
}

/// Standard output for the library's commands: control characters escaped (titles and names
/// come from definitions), a failed write handled by [`stdout_error`] and never returned, so
/// that the command finishes its work.
struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        let shown = ludopress::base::diag::escape_controls(&text);
        if let Err(e) = std::io::stdout().lock().write_all(shown.as_bytes()) {
            stdout_error(e);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if let Err(e) = std::io::stdout().flush() {
            stdout_error(e);
        }
        Ok(())
    }
}

/// Standard error for the library's commands: control characters escaped; a standard error
/// that cannot be written loses the text instead of failing the command.
struct Stderr;

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        let shown = ludopress::base::diag::escape_controls(&text);
        let _ = std::io::stderr().write_all(shown.as_bytes());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A failure: the library's error (bad input: exit 2; anything else: exit 1), or a command
/// that failed with its reasons already printed (exit 1).
pub enum Failure {
    /// The library's error, printed by `main`.
    Error(Error),
    /// Failed, with the reasons already printed (exit 1).
    Quiet,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Error(e)
    }
}

impl From<Diagnostics> for Failure {
    fn from(d: Diagnostics) -> Self {
        Failure::Error(Error::Input(d))
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    // The reproducible-builds convention: a malformed SOURCE_DATE_EPOCH stops the build rather
    // than dating its files otherwise without a word.
    if let Some(bad) = ludopress::base::time::malformed_source_date_epoch() {
        let d = ludopress::base::diag::Diagnostic::file(
            std::path::Path::new("SOURCE_DATE_EPOCH"),
            format!("`{bad}` is no date: expected a number of seconds since 1970-01-01 UTC (0 to 253402300799), or leave it unset"),
        );
        return Err(Failure::Error(Error::Input(d.into())));
    }
    let project = Project::new(&cli.root);
    let (out, err) = (&mut Stdout, &mut Stderr);
    match cli.command {
        Command::WatchTemporaries => {
            ludopress::base::temporaries::ignore_interruptions();
            ludopress::base::temporaries::watch(std::io::stdin().lock());
        }
        Command::Build(args) => {
            build::build_and_show(&project, &args.request(), false, true, out, err)?;
        }
        Command::Watch { build, rebuilds } => {
            build::watch(&project, &build.request(), rebuilds, out, err)?
        }
        Command::Export {
            games,
            pod,
            tts,
            press,
            preset,
            cmyk,
            ink_limit,
            dpi,
            lang,
            out: dir,
        } => {
            // clap refused an unknown preset and an ink limit out of range (`args.rs`).
            use ludopress::commands::share::{export_games_with, export_press, Kind};
            use ludopress::export::press as presets;
            let kinds = match (pod, tts, press) {
                (false, false, true) => vec![],
                (true, false, _) => vec![Kind::Pod],
                (false, true, _) => vec![Kind::Tts],
                _ => vec![Kind::Pod, Kind::Tts],
            };
            let games = build::games_or_all(&project, &games);
            let dir = build::output_rule(&project, &dir, &games)?;
            let start = Instant::now();
            let (mut written, mut warnings) = if kinds.is_empty() {
                (Vec::new(), Vec::new())
            } else {
                export_games_with(&project, &games, &kinds, dpi, lang, &dir, preset)?
            };
            if press {
                let p = preset.unwrap_or(&presets::PRESETS[0]);
                let (w, warn) =
                    export_press(&project, &games, p, cmyk.then_some(ink_limit), lang, &dir)?;
                written.extend(w);
                warnings.extend(warn);
            }
            for w in &warnings {
                writeln!(out, "warning: {w}").ok();
            }
            for (id, kind, dir, files, bytes) in written {
                if files == 0 {
                    writeln!(
                        out,
                        "{id:<11} {}: no deck or tile set to export",
                        kind.folder()
                    )
                } else {
                    writeln!(
                        out,
                        "{id:<11} {} {files} files, {:.1} MB in {}/",
                        kind.folder(),
                        bytes as f64 / 1e6,
                        dir.display()
                    )
                }
                .ok();
            }
            writeln!(out, "exported in {} ms", start.elapsed().as_millis()).ok();
        }
        Command::Moves { file, json } => {
            let (engine, pos) = position::open(&project, &file)?;
            write!(out, "{}", engine.moves(&pos, json)).ok();
        }
        Command::Perft { file, depth } => {
            let (engine, pos) = position::open(&project, &file)?;
            writeln!(out, "{}", engine.perft(&pos, depth)).ok();
        }
        Command::Score { file, json } => {
            let (engine, pos) = position::open(&project, &file)?;
            let score = engine.score(&pos);
            if json {
                writeln!(out, "{}", ludopress::rules::score_json(&score)).ok();
            } else {
                writeln!(out, "{}", score_line(&score)).ok();
            }
        }
        Command::Diagram { file, out: to } => position::diagram(&project, &file, &to)?,
        Command::New { game, seed } => {
            let engine = Engine::new(&project, &game)?;
            write!(out, "{}", engine.to_toml(&engine.start(seed))).ok();
        }
        Command::Playout {
            game,
            games,
            seed,
            check,
        } => position::playout(&project, &game, games, seed, check, out)?,
        Command::Play {
            game,
            players,
            seed,
            variant,
            from,
            record,
            cap,
            out: dir,
        } => {
            let request = commands::play::Request {
                seats: players,
                seed,
                variant,
                from,
                record,
                cap,
                out: dir,
            };
            let ready = commands::play::prepare(&project, &game, request)?;
            writeln!(
                out,
                "seed {}; record: {}",
                ready.seed,
                ready.record.display()
            )
            .ok();
            ready.run(std::io::stdin().lock(), &mut std::io::stdout())?;
        }
        Command::Analyze {
            game,
            games,
            players,
            rotate,
            cap,
            playout_cap,
            seed,
            jobs,
            sets,
            variant,
            out: dir,
            save,
        } => {
            let config = ludopress::analysis::Config {
                games,
                players,
                rotate,
                cap,
                seed,
                threads: jobs.map_or_else(
                    || std::thread::available_parallelism().map_or(1, |n| n.get()),
                    |j| j as usize,
                ),
                tuning: ludopress::rules::ai::Tuning {
                    playout_cap,
                    ..Default::default()
                },
            };
            let sweep = analyze::Sweep {
                sets,
                variants: variant,
            };
            let mut progress = progress(&game);
            analyze::analyze(
                &project,
                &game,
                &config,
                &sweep,
                &dir,
                save,
                &mut progress,
                out,
            )?;
        }
        Command::Rules {
            game,
            lang,
            paper,
            out: dir,
        } => position::rules(&project, &game, lang, &papers_of(paper), &dir, out, err)?,
        Command::Trust { game, revoke, list } => {
            use commands::trust::{trust, Action};
            let action = match (list, revoke) {
                (true, _) => Action::List,
                (false, true) => Action::Revoke,
                (false, false) => Action::Trust,
            };
            trust(&project, game.as_deref(), action, out)?;
        }
        Command::Check { games } => {
            if !commands::check::check(&project, &games, out)? {
                return Err(Failure::Quiet);
            }
        }
        Command::List => commands::list::list(&project, out)?,
        Command::Completions { shell } => {
            let mut cmd = <ludopress::args::Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "ludopress", &mut script);
            let _ = out.write_all(&script);
        }
        Command::Man => {
            let cmd = <ludopress::args::Cli as clap::CommandFactory>::command();
            let mut page = Vec::new();
            clap_mangen::Man::new(cmd)
                .render(&mut page)
                .map_err(|e| Failure::Error(Error::system(e)))?;
            let _ = out.write_all(&page);
        }
        Command::Init {
            name,
            kind,
            languages,
        } => commands::init::init(&project, &name, kind, &languages, out)?,
        Command::Schema { out: dir } => commands::schema::schema(&project.root.join(dir), out)?,
    }
    Ok(())
}

/// A score for a person: `not over`, `over, light wins` or `over, a draw`, then each side's
/// score (`; light 3, dark 1`) when the game keeps scores.
fn score_line(s: &ludopress::rules::Score) -> String {
    let mut line = match (&s.winner, s.over) {
        (_, false) => "not over".to_string(),
        (Some(w), true) if w == "draw" => "over, a draw".to_string(),
        (Some(w), true) => format!("over, {w} wins"),
        (None, true) => "over".to_string(),
    };
    if !s.scores.is_empty() {
        let sides: Vec<String> = s
            .scores
            .iter()
            .map(|(side, n)| format!("{side} {n}"))
            .collect();
        line.push_str("; ");
        line.push_str(&sides.join(", "));
    }
    line
}

/// `analyze`'s progress on standard error: a line rewritten in a terminal, else a line at each
/// tenth of the games.
fn progress(game: &str) -> impl FnMut(u64, u64) + '_ {
    let start = Instant::now();
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut shown = 0u64;
    move |done: u64, total: u64| {
        let secs = start.elapsed().as_secs_f64();
        if tty {
            eprint!("\ranalyze {game}: {done} / {total} games, {secs:.0} s   ");
            if done == total {
                eprintln!();
            }
        } else if done * 10 / total.max(1) > shown || done == total && shown < 10 {
            shown = done * 10 / total.max(1);
            eprintln!("analyze {game}: {done} / {total} games, {secs:.0} s");
        }
    }
}
