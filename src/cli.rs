//! Command-line interface: argument types and the commands' glue. All work is in the library.

use clap::{Parser, Subcommand};
use ludopress::base::diag::{Diagnostic, Diagnostics};
use ludopress::base::lang::Lang;
use ludopress::definition::{Project, GAMES};
use ludopress::export::{pdf, png, svg};
use ludopress::make::gallery;
use ludopress::make::{self, BuildOptions};
use ludopress::rules::engine::{self, Engine};
use ludopress::sheet::{Flip, Paper};
use std::path::PathBuf;
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

/// Writes to standard output like `print!`, through [`stdout_error`], its control characters
/// escaped (titles and names come from definitions).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let text = format!($($arg)*);
        let shown = ludopress::base::diag::escape_controls(&text);
        if let Err(e) = std::io::stdout().lock().write_all(shown.as_bytes()) {
            stdout_error(e);
        }
    }};
}

/// [`out!`] with a newline, like `println!`.
macro_rules! outln {
    ($($arg:tt)*) => {
        out!("{}\n", format_args!($($arg)*))
    };
}

/// ludopress: print-and-play sheets, diagrams and checked rulebooks from game definitions.
#[derive(Debug, Parser)]
#[command(name = "ludopress", version, about, long_about = None)]
pub struct Cli {
    /// Project root holding games/ and templates/.
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,
    /// Run the games' own engine programs (`[engine] command`) for this run only, without a
    /// trust record (see `ludopress trust`): they are code from whoever made the game folder.
    #[arg(long, global = true)]
    pub allow_engine: bool,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The options of `build` (and `watch`).
#[derive(Debug, Clone, clap::Args)]
pub struct BuildArgs {
    /// Games to build (all by default).
    pub games: Vec<String>,
    /// Paper.
    #[arg(long, value_enum, default_value = "all")]
    pub paper: PaperArg,
    /// Language of player-facing text: fr or en (each of the game's languages by default).
    #[arg(long)]
    pub lang: Option<Lang>,
    /// Duplex flip for backs: long or short.
    #[arg(long, default_value = "long")]
    pub flip: Flip,
    /// Scale boards to one sheet instead of splitting them (pieces and tiles shrink with them).
    #[arg(long)]
    pub fit: bool,
    /// Skip PNG previews.
    #[arg(long)]
    pub no_png: bool,
    /// Treat warnings (a text too long for its box, a character the font lacks) as errors.
    #[arg(long)]
    pub strict: bool,
    /// Build only these components' faces: a deck, a board, a tile set, a card as `deck/card`,
    /// a tile as `tiles/03` (no sheets, print files or rulebooks; the rest is kept).
    #[arg(long, num_args = 1.., value_name = "ID")]
    pub only: Vec<String>,
    /// Output folder.
    #[arg(long, default_value = "output")]
    pub out: PathBuf,
}

impl BuildArgs {
    /// The build's options.
    pub fn options(&self) -> BuildOptions {
        BuildOptions {
            papers: papers_of(self.paper),
            lang: self.lang,
            flip: self.flip,
            fit: self.fit,
            previews: !self.no_png,
            strict: self.strict,
            only: self.only.clone(),
        }
    }
}

/// Papers accepted by `--paper`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum PaperArg {
    /// ISO A4.
    A4,
    /// US Letter.
    Letter,
    /// Both.
    All,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Removes the temporaries a killed build leaves (started by the build itself).
    #[command(name = ludopress::base::output::WATCH_COMMAND, hide = true)]
    WatchTemporaries,
    /// Build print PDFs, SVGs and PNG previews into output/<game>/, and the gallery
    /// output/index.html.
    #[command(
        after_help = "Examples:\n  ludopress build\n  ludopress build imbriqua --paper a4 --lang en\n  ludopress build imperator --fit --flip short\n  ludopress build potager --only garden/tomate-cerise"
    )]
    Build(BuildArgs),
    /// Build, then rebuild whenever a game's files, the templates or the fonts change; the
    /// gallery (output/index.html) reloads itself after each rebuild.
    #[command(
        after_help = "Examples:\n  ludopress watch potager\n  ludopress watch potager --only garden --no-png\n\nOpen output/index.html in a browser: it reloads when a rebuild finishes. Stop with Ctrl-C."
    )]
    Watch {
        /// What to build, as for `build`.
        #[command(flatten)]
        build: BuildArgs,
        /// Stop after this many rebuilds (for scripts and tests; by default, run until stopped).
        #[arg(long, hide = true)]
        rebuilds: Option<u64>,
    },
    /// Export each face as an image for print-on-demand services (--pod), and decks and tile
    /// sets as Tabletop Simulator sheets (--tts), into output/<game>/exports/.
    #[command(
        after_help = "Examples:\n  ludopress export imbriqua --pod\n  ludopress export imbriqua --tts --lang en\n  ludopress export arlecchino --pod --dpi 600"
    )]
    Export {
        /// Games to export (all by default).
        games: Vec<String>,
        /// Each face (fronts and backs) as a PNG with its bleed, and a list of quantities.
        #[arg(long)]
        pod: bool,
        /// Each deck and tile set as sheets of up to 10 × 7 faces, a back image and a JSON grid.
        #[arg(long)]
        tts: bool,
        /// Resolution of the images, dots per inch (72 to 1200).
        #[arg(long, default_value_t = 300.0, value_parser = dpi_arg)]
        dpi: f64,
        /// Language of player-facing text: fr or en (each of the game's languages by default).
        #[arg(long)]
        lang: Option<Lang>,
        /// Output folder.
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// List the games and their components.
    #[command(after_help = "Example:\n  ludopress list")]
    List,
    /// Print the distinct successors of a position: the move, then the resulting position.
    #[command(
        after_help = "Examples:\n  ludopress moves position.toml\n  ludopress moves position.toml --json"
    )]
    Moves {
        /// Position file.
        file: PathBuf,
        /// Print a JSON array of {\"move\", \"position\"} objects.
        #[arg(long)]
        json: bool,
    },
    /// Count the positions DEPTH plies ahead (distinct successors at every ply).
    #[command(after_help = "Example:\n  ludopress perft position.toml 3")]
    Perft {
        /// Position file.
        file: PathBuf,
        /// Depth in plies (0 to 64: the count grows exponentially, and each ply is one level of
        /// recursion).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
    },
    /// Print whether the game is over, the winner and the scores.
    #[command(after_help = "Example:\n  ludopress score position.toml --json")]
    Score {
        /// Position file.
        file: PathBuf,
        /// Print JSON (the only format).
        #[arg(long)]
        json: bool,
    },
    /// Draw a position as a rulebook diagram (.svg, .png or .pdf by the extension).
    #[command(after_help = "Example:\n  ludopress diagram position.toml -o position.svg")]
    Diagram {
        /// Position file.
        file: PathBuf,
        /// Output file.
        #[arg(short, long)]
        out: PathBuf,
    },
    /// Print a starting position (the deck shuffled by the seed).
    #[command(after_help = "Example:\n  ludopress new imbriqua --seed 7")]
    New {
        /// Game.
        game: String,
        /// Seed of the shuffle.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Build one rulebook (PDF for each paper, HTML, diagrams) into output/<game>/.
    #[command(
        after_help = "Examples:\n  ludopress rules imbriqua --lang fr\n  ludopress rules imbriqua --lang en --paper letter"
    )]
    Rules {
        /// Game.
        game: String,
        /// Language: fr or en.
        #[arg(long, default_value = "fr")]
        lang: Lang,
        /// Paper.
        #[arg(long, value_enum, default_value = "all")]
        paper: PaperArg,
        /// Output folder.
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Trust a game's own engine program (`[engine] command` in its game.toml) to run from now
    /// on: it is code from whoever made the game folder. The record is kept outside the folder
    /// and tied to the command and the files it names: a change asks again.
    #[command(
        after_help = "Examples:\n  ludopress trust breakthrough\n  ludopress trust --list\n  ludopress trust --revoke breakthrough\n\nThe trust file is $LUDOPRESS_TRUST_FILE, else $XDG_CONFIG_HOME/ludopress/trust.toml, else ~/.config/ludopress/trust.toml."
    )]
    Trust {
        /// The game whose engine program to trust (or, with --revoke, to stop trusting).
        #[arg(required_unless_present = "list")]
        game: Option<String>,
        /// Forget the game's record: its engine no longer runs without consent.
        #[arg(long, conflicts_with = "list")]
        revoke: bool,
        /// List the trusted engine programs.
        #[arg(long)]
        list: bool,
    },
    /// Validate definitions and check every claim of every rulebook.
    #[command(after_help = "Examples:\n  ludopress check\n  ludopress check imbriqua")]
    Check {
        /// Games to check (all by default).
        games: Vec<String>,
    },
    /// Play seeded random games from the start, fast (one random legal move a ply); with
    /// --check, every successor is built and the rules' invariants are checked after every ply.
    #[command(
        after_help = "Examples:\n  ludopress playout imbriqua --games 100000 --seed 1\n  ludopress playout imbriqua --games 1000 --check"
    )]
    Playout {
        /// Game.
        game: String,
        /// Number of games (1 to 1,000,000).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// Seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Build every successor and check the invariants after every ply (the exact path).
        #[arg(long)]
        check: bool,
    },
    /// Play a game in the terminal, against the computer or another person; the game is saved
    /// after every ply as a record that `moves` and `diagram` replay.
    #[command(
        after_help = "Examples:\n  ludopress play imperator\n  ludopress play lignes --players mcts:5000,human\n  ludopress play arlecchino --variant 2-players --players human,mcts:500\n  ludopress play alphabrick --players human,human --seed 7\n\nSeats: human, random, greedy, mcts (1,000 playouts a move), mcts:N, mcts:Nms, mcts:Ns.\nAt the prompt: a move as listed, `moves`, `undo`, `hint`, `help`, `quit`."
    )]
    Play {
        /// Game (one with a bundled rules engine).
        game: String,
        /// Who sits in each seat, in turn order, repeated round the table.
        #[arg(long, value_delimiter = ',', value_parser = parse_seat, default_value = "human,mcts:1000")]
        players: Vec<ludopress::commands::play::Seat>,
        /// Seed of the deal, the dice and the computer's choices (from the clock by default).
        #[arg(long)]
        seed: Option<u64>,
        /// Variant (an unknown name is answered with the list).
        #[arg(long)]
        variant: Option<String>,
        /// Start from this position file (or go on with a record).
        #[arg(long)]
        from: Option<PathBuf>,
        /// Where to save the record (default: <out>/<game>/play/<game>-<seed>.toml).
        #[arg(long)]
        record: Option<PathBuf>,
        /// Plies after which the game stops unfinished (1 to 50,000).
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=50_000))]
        cap: u64,
        /// Output folder.
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Play many games between computer players on all cores and report balance: each seat's
    /// win rate, draws, games that never end, length, branching, and how often the side ahead
    /// at mid-game wins. Writes <out>/<game>/analysis.txt, .json and .html.
    #[command(
        after_help = "Examples:\n  ludopress analyze lignes --games 200\n  ludopress analyze lignes --set rules.pawns_per_side=15,20,25\n  ludopress analyze alphabrick --variant junior,classic --players mcts:200\n  ludopress analyze imbriqua --players mcts:1000,random --rotate --games 100\n\nPlayers: random, greedy (one ply ahead on the game's score), mcts (1,000 playouts a\nmove), mcts:N (N playouts), mcts:Nms or mcts:Ns (a time a move, not deterministic)."
    )]
    Analyze {
        /// Game (one with a bundled rules engine).
        game: String,
        /// Games per setting (1 to 1,000,000).
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=ludopress::analysis::MAX_GAMES))]
        games: u64,
        /// Players seat by seat, repeated round the table (self-play with one).
        #[arg(long, value_delimiter = ',', value_parser = parse_player, default_value = "mcts:100")]
        players: Vec<ludopress::rules::ai::Player>,
        /// Move the players one seat on from one game to the next.
        #[arg(long)]
        rotate: bool,
        /// Plies after which a game is stopped and counted as not ending (1 to 1,000,000).
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        cap: u64,
        /// Plies a search playout plays before judging the position by its scores.
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        playout_cap: u64,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (all cores by default).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: Option<u64>,
        /// Values of a `[rules]` parameter to sweep: `rules.NAME=V1,V2,...` (repeatable).
        #[arg(long = "set", value_parser = parse_set)]
        sets: Vec<(String, Vec<i64>)>,
        /// Variants to sweep, comma-separated (an unknown name is answered with the list).
        #[arg(long, value_delimiter = ',')]
        variant: Vec<String>,
        /// Output folder.
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// Also save the report as games/<game>/analysis.json: the build then writes its page
        /// and links it from the rulebook's HTML.
        #[arg(long)]
        save: bool,
    },
}

fn parse_seat(s: &str) -> Result<ludopress::commands::play::Seat, String> {
    ludopress::commands::play::Seat::parse(s)
}

fn parse_player(s: &str) -> Result<ludopress::rules::ai::Player, String> {
    ludopress::rules::ai::Player::parse(s)
}

/// `rules.NAME=V1,V2`.
fn parse_set(s: &str) -> Result<(String, Vec<i64>), String> {
    let bad = || format!("expected rules.NAME=V1,V2,... (integers), found `{s}`");
    let rest = s.strip_prefix("rules.").ok_or_else(bad)?;
    let (name, values) = rest.split_once('=').ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let values: Vec<i64> = values
        .split(',')
        .map(|v| v.trim().parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    if values.is_empty() || values.len() > 16 {
        return Err(format!("`{s}`: give 1 to 16 values"));
    }
    Ok((name.to_string(), values))
}

/// A failure: bad input (exit 2) or anything else (exit 1).
pub enum Failure {
    /// The user's input is wrong.
    Input(Diagnostics),
    /// Something else went wrong.
    Other(String),
    /// Failed, with the reasons already printed (exit 1).
    Quiet,
}

impl From<Diagnostics> for Failure {
    fn from(d: Diagnostics) -> Self {
        Failure::Input(d)
    }
}

impl From<engine::Error> for Failure {
    fn from(e: engine::Error) -> Self {
        match e {
            engine::Error::Input(d) => Failure::Input(d),
            other => Failure::Other(other.to_string()),
        }
    }
}

fn open(
    project: &Project,
    file: &std::path::Path,
) -> Result<(Engine, ludopress::rules::engine::Position), Failure> {
    open_record(project, file).map(|(e, r)| (e, r.end))
}

/// Reads a position file (a record replayed).
fn open_record(
    project: &Project,
    file: &std::path::Path,
) -> Result<(Engine, ludopress::rules::engine::Record), Failure> {
    // Read up to a record's size; a position without `record` is held to its own limit.
    let text = ludopress::base::diag::read_limited(
        file,
        ludopress::rules::position::MAX_RECORD_BYTES as u64,
        "a position file",
    )?;
    Ok(Engine::open_record(
        project,
        &file.display().to_string(),
        &text,
    )?)
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    let project = Project::new(&cli.root);
    match cli.command {
        Command::WatchTemporaries => {
            ludopress::base::output::ignore_interruptions();
            ludopress::base::output::watch(std::io::stdin().lock());
            Ok(())
        }
        Command::Build(args) => {
            build_and_show(&project, &args, false, true)?;
            Ok(())
        }
        Command::Watch { build, rebuilds } => watch(&project, &build, rebuilds),
        Command::Export {
            games,
            pod,
            tts,
            dpi,
            lang,
            out,
        } => {
            use ludopress::commands::share::{export_games, Kind};
            let kinds = match (pod, tts) {
                (true, false) => vec![Kind::Pod],
                (false, true) => vec![Kind::Tts],
                _ => vec![Kind::Pod, Kind::Tts],
            };
            let games = if games.is_empty() {
                default_games(&project)
            } else {
                games
            };
            output_rule(&project, &out, &games)?;
            let start = Instant::now();
            for (id, kind, dir, files, bytes) in
                export_games(&project, &games, &kinds, dpi, lang, &out)?
            {
                if files == 0 {
                    outln!("{id:<11} {}: no deck or tile set to export", kind.folder());
                } else {
                    outln!(
                        "{id:<11} {} {files} files, {:.1} MB in {}/",
                        kind.folder(),
                        bytes as f64 / 1e6,
                        dir.display()
                    );
                }
            }
            outln!("exported in {} ms", start.elapsed().as_millis());
            Ok(())
        }
        Command::Moves { file, json } => {
            let (engine, pos) = open(&project, &file)?;
            out!("{}", engine.moves(&pos, json));
            Ok(())
        }
        Command::Perft { file, depth } => {
            let (engine, pos) = open(&project, &file)?;
            outln!("{}", engine.perft(&pos, depth));
            Ok(())
        }
        Command::Score { file, json: _ } => {
            let (engine, pos) = open(&project, &file)?;
            outln!("{}", ludopress::rules::score_json(&engine.score(&pos)));
            Ok(())
        }
        Command::Diagram { file, out } => {
            let (engine, pos) = open(&project, &file)?;
            let def = Engine::definition(&project, engine.id())?;
            let scene = engine.diagram(&def, &pos)?;
            let ext = out
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("")
                .to_ascii_lowercase();
            let bytes = match ext.as_str() {
                "svg" => svg::to_svg(&scene).into_bytes(),
                "png" => png::render(&svg::to_svg(&scene), 150.0).map_err(Failure::Other)?,
                "pdf" => pdf::to_pdf(
                    &[&scene],
                    &pdf::Meta {
                        title: file.display().to_string(),
                        compress: true,
                        ..Default::default()
                    },
                ),
                _ => {
                    return Err(Failure::Input(
                        Diagnostic::file(
                            &out,
                            "unknown output type: use a .svg, .png or .pdf file name",
                        )
                        .into(),
                    ))
                }
            };
            if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .map_err(|e| Failure::Other(format!("{}: {e}", dir.display())))?;
            }
            ludopress::base::output::write_one(&out, &bytes)
                .map_err(|e| Failure::Other(e.to_string()))?;
            Ok(())
        }
        Command::New { game, seed } => {
            let engine = Engine::new(&project, &game)?;
            out!("{}", engine.to_toml(&engine.start(seed)));
            Ok(())
        }
        Command::Playout {
            game,
            games,
            seed,
            check,
        } => {
            let engine = Engine::new(&project, &game)?;
            let t = Instant::now();
            let stats = if check {
                engine
                    .playouts(games, seed)
                    .map_err(|e| Failure::Other(format!("invariant broken: {e}")))?
            } else {
                engine.fast_playouts(games, seed)?
            };
            let secs = t.elapsed().as_secs_f64();
            outln!(
                "{games} games in {:.3} s: {:.0} games/s",
                secs,
                games as f64 / secs.max(1e-9)
            );
            outln!(
                "average length: {:.1} plies",
                stats.plies as f64 / games.max(1) as f64
            );
            for (side, n) in &stats.wins {
                outln!(
                    "{side}: {n} ({:.1} %)",
                    100.0 * *n as f64 / games.max(1) as f64
                );
            }
            if stats.unfinished > 0 {
                outln!("unfinished after 10,000 plies: {}", stats.unfinished);
            }
            if check {
                outln!("invariants held after every ply");
            } else {
                outln!(
                    "{:.2} M plies/s (the sampling path; --check builds every successor and checks the invariants)",
                    stats.plies as f64 / secs.max(1e-9) / 1e6
                );
            }
            Ok(())
        }
        Command::Play {
            game,
            players,
            seed,
            variant,
            from,
            record,
            cap,
            out,
        } => play(
            &project,
            &game,
            players,
            seed,
            variant,
            (from, record),
            cap,
            &out,
        ),
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
            out,
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
            analyze(&project, &game, &config, &sets, &variant, &out, save)
        }
        Command::Rules {
            game,
            lang,
            paper,
            out,
        } => {
            output_rule(&project, &out, std::slice::from_ref(&game))?;
            let lib = project.library()?;
            let def = engine::load_definition(&project, &game, &lib)?;
            let (books, warnings) = make::checked_rulebooks(&project, &def)?;
            if !warnings.is_empty() {
                errln!("{}", Diagnostics(warnings));
            }
            let book = books.iter().find(|b| b.lang == lang).ok_or_else(|| {
                Failure::Input(
                    Diagnostic::file(
                        &ludopress::rulebook::source_path(&project.root, &game, lang),
                        "no rulebook in this language",
                    )
                    .into(),
                )
            })?;
            let report = make::saved_report(&project, &game)?;
            let mut files = make::render_rulebook(&def, book, &papers_of(paper), report.as_ref());
            if let Some(r) = &report {
                files.extend(make::report_files(r));
            }
            let bytes = ludopress::base::output::publish(
                &out.join(&game),
                &files,
                ludopress::base::output::Sweep::Keep,
            )
            .map_err(|e| Failure::Other(e.to_string()))?;
            outln!(
                "{game} rules ({lang}): {} files, {:.1} MB in {}/",
                files.len(),
                bytes as f64 / 1e6,
                out.join(&game).display()
            );
            Ok(())
        }
        Command::Trust { game, revoke, list } => trust(&project, game, revoke, list),
        Command::Check { games } => {
            let games = if games.is_empty() {
                default_games(&project)
            } else {
                games
            };
            let lib = project.library()?;
            let (mut checked, mut failed, mut books_n, mut unchecked) = (0, 0, 0, 0);
            let mut unavailable = 0;
            let mut diags = Diagnostics::default();
            for g in &games {
                let def = match engine::load_definition(&project, g, &lib) {
                    Ok(d) => d,
                    Err(d) => {
                        diags.0.extend(d.0);
                        continue;
                    }
                };
                // A game's own engine program that cannot start leaves its claims unchecked:
                // `check` fails then, saying why.
                let (eng, why) = Engine::checker(&project, &def)?;
                match why {
                    // Without consent, nothing is checked: that is the person's to fix (status 2).
                    Some(u) if u.consent => {
                        diags.push(Diagnostic::file(&project.game_file(g), u.why));
                        continue;
                    }
                    Some(u) => {
                        outln!("{}", u.why);
                        unavailable += 1;
                    }
                    None => {}
                }
                match make::load_rulebooks(&project.root, &def, eng.as_ref()) {
                    Ok(books) => {
                        for b in &books {
                            books_n += 1;
                            let Some(eng) = &eng else {
                                // Nothing checks these: say so, one line per example.
                                let why = if def.engine.is_some() {
                                    "cannot start its engine program"
                                } else {
                                    "has no rules engine"
                                };
                                for ex in &b.examples {
                                    unchecked += 1;
                                    outln!(
                                        "{}:{}: unchecked example: `{g}` {why}",
                                        b.path.display(),
                                        ex.line
                                    );
                                }
                                continue;
                            };
                            let r = ludopress::rulebook::check(eng, b);
                            checked += r.checked;
                            failed += r.failures.len();
                            for f in r.failures {
                                outln!("{f}");
                            }
                        }
                    }
                    Err(d) => diags.0.extend(d.0),
                }
            }
            if !diags.is_empty() {
                return Err(Failure::Input(diags));
            }
            let unchecked = if unchecked > 0 {
                format!("; {unchecked} example(s) unchecked (no engine)")
            } else {
                String::new()
            };
            outln!(
                "{} game(s), {books_n} rulebook(s): {checked} claims checked, {failed} failed{unchecked}",
                games.len()
            );
            if failed > 0 || unavailable > 0 {
                return Err(Failure::Quiet);
            }
            Ok(())
        }
        Command::List => {
            let lib = project.library()?;
            for g in project.list() {
                let game = engine::load_definition(&project, &g, &lib)?;
                let cards: usize = game
                    .decks
                    .iter()
                    .flat_map(|d| &d.cards)
                    .map(|c| c.count)
                    .sum();
                let tiles: usize = game
                    .tilesets
                    .iter()
                    .flat_map(|t| &t.tiles)
                    .map(|t| t.count)
                    .sum();
                let pieces: usize = game.pieces.iter().map(|p| p.count).sum();
                outln!(
                    "{:<11} {:<11} boards {}, mats {}, cards {cards}, tiles {tiles}, pieces {pieces}, dice {}",
                    game.id,
                    game.title.fr,
                    game.boards.len(),
                    game.mats.len(),
                    game.dice.len()
                );
            }
            Ok(())
        }
    }
}

/// Builds as `args` say, prints a line per game and the warnings, and writes the gallery.
fn build_and_show(
    project: &Project,
    args: &BuildArgs,
    watching: bool,
    verbose: bool,
) -> Result<Vec<make::GameReport>, Failure> {
    let opts = args.options();
    let games = if args.games.is_empty() {
        default_games(project)
    } else {
        args.games.clone()
    };
    output_rule(project, &args.out, &games)?;
    let start = Instant::now();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let reports = make::build_games(project, &games, &opts, &args.out, threads)?;
    for r in reports.iter().filter(|_| verbose) {
        outln!(
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
        outln!(
            "built {} game(s) in {} ms (PNG previews on {threads} threads); gallery: {}",
            reports.len(),
            start.elapsed().as_millis(),
            args.out.join("index.html").display()
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
    gallery::write(&args.out, &entries, &gallery::Status::now(None, watching))
        .map_err(|e| Failure::Other(format!("the gallery: {e}")))?;
    let warnings: Vec<_> = reports
        .iter()
        .flat_map(|r| r.warnings.iter().cloned())
        .collect();
    if !warnings.is_empty() && verbose {
        let n = warnings.len();
        errln!("{}", ludopress::base::diag::Diagnostics(warnings));
        errln!(
            "{n} warning{}: the files were written; `--strict` makes warnings errors",
            if n == 1 { "" } else { "s" }
        );
    }
    Ok(reports)
}

/// Refuses a game without a bundled rules engine (a game that does not exist, at its id).
fn bundled(project: &Project, game: &str) -> Result<(), Failure> {
    if ludopress::rules::engine::ENGINES.contains(&game) {
        return Ok(());
    }
    project.check_id(game)?;
    Err(Failure::Other(format!(
        "`{game}` has no bundled rules engine to play (engines: {})",
        ludopress::rules::engine::ENGINES.join(", ")
    )))
}

/// The index of a variant of `game`, or an error at its definition listing the variants.
fn variant_index(
    project: &Project,
    game: &str,
    engine: &Engine,
    v: &str,
) -> Result<usize, Failure> {
    let known = ludopress::analysis::variants(engine);
    known.iter().position(|k| k == v).ok_or_else(|| {
        let file = project.root.join("games").join(game).join("game.toml");
        Failure::Input(
            Diagnostic::file(
                &file,
                format!(
                    "`--variant {v}`: {game} has {}",
                    if known.is_empty() {
                        "no variants".to_string()
                    } else {
                        format!("the variants {}", known.join(", "))
                    }
                ),
            )
            .into(),
        )
    })
}

/// `play`: a game in the terminal.
#[allow(clippy::too_many_arguments)]
fn play(
    project: &Project,
    game: &str,
    seats: Vec<ludopress::commands::play::Seat>,
    seed: Option<u64>,
    variant: Option<String>,
    (from, record): (Option<PathBuf>, Option<PathBuf>),
    cap: u64,
    out: &std::path::Path,
) -> Result<(), Failure> {
    bundled(project, game)?;
    let engine = Engine::new(project, game)?;
    let file = project.root.join("games").join(game).join("game.toml");
    if variant.is_some() && from.is_some() {
        return Err(Failure::Input(
            Diagnostic::file(
                &file,
                "`--variant` and `--from` together: the position given says its variant",
            )
            .into(),
        ));
    }
    let variant = match variant {
        None => 0,
        Some(v) => variant_index(project, game, &engine, &v)?,
    };
    let seat_count = ludopress::analysis::seats(&engine, variant);
    if seats.len() > seat_count {
        return Err(Failure::Input(
            Diagnostic::file(
                &file,
                format!("{} players for {seat_count} seats", seats.len()),
            )
            .into(),
        ));
    }
    let mut history = None;
    let from = match from {
        Some(path) => {
            // Checked whole (a record replayed) before the game starts.
            let (e, rec) = open_record(project, &path)?;
            if e.id() != game {
                return Err(Failure::Input(
                    Diagnostic::file(
                        &path,
                        format!("a position of `{}`, not of `{game}`", e.id()),
                    )
                    .into(),
                ));
            }
            // A record goes on from where it stopped, and its start and moves begin the new
            // record.
            if !rec.moves.is_empty() {
                history = Some((e.to_toml(&rec.start), rec.moves));
            }
            let pos = rec.end;
            Some((path.display().to_string(), e.to_toml(&pos)))
        }
        None => None,
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as u64)
    });
    let record = match record {
        Some(r) => r,
        None => {
            output_rule(project, out, &[game.to_string()])?;
            out.join(game)
                .join("play")
                .join(format!("{game}-{seed}.toml"))
        }
    };
    // Its folder under the output rule, and never over a file that is not a record.
    let folder = record
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    output_rule(project, folder, &[])?;
    if let Ok(meta) = std::fs::symlink_metadata(&record) {
        // Only a regular file is opened (a pipe would wait for a writer), and only its head read.
        let mut head = Vec::new();
        if meta.is_file() {
            use std::io::Read as _;
            if let Ok(f) = std::fs::File::open(&record) {
                let _ = f
                    .take(ludopress::commands::play::RECORD_HEADER.len() as u64)
                    .read_to_end(&mut head);
            }
        }
        if !meta.is_file() || !head.starts_with(ludopress::commands::play::RECORD_HEADER.as_bytes())
        {
            return Err(Failure::Input(
                Diagnostic::file(
                    &record,
                    "not a record written by `ludopress play`: choose another `--record`",
                )
                .into(),
            ));
        }
    }
    outln!("seed {seed}; record: {}", record.display());
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    let result = engine
        .with(ludopress::commands::play::Game {
            seats,
            seed,
            variant,
            from,
            history,
            cap,
            record,
            input: stdin.lock(),
            output: &mut stdout,
        })
        .expect("a bundled engine");
    result.map(|_| ()).map_err(Failure::Other)
}

/// `analyze`: checks the sweep against the game, plays, writes the report.
fn analyze(
    project: &Project,
    game: &str,
    config: &ludopress::analysis::Config,
    sets: &[(String, Vec<i64>)],
    variant: &[String],
    out: &std::path::Path,
    save: bool,
) -> Result<(), Failure> {
    use ludopress::analysis;
    bundled(project, game)?;
    output_rule(project, out, &[game.to_string()])?;
    let def = Engine::definition(project, game)?;
    let folder = project.root.join("games").join(game);
    let file = folder.join("game.toml");
    let bad = |msg: String| Failure::Input(Diagnostic::file(&file, msg).into());
    let contract =
        ludopress::rules::games::contract(game).expect("a bundled engine has a contract");
    for (i, (name, values)) in sets.iter().enumerate() {
        if sets[..i].iter().any(|(n, _)| n == name) {
            return Err(bad(format!(
                "`--set rules.{name}` is given twice: list its values once, `rules.{name}=A,B`"
            )));
        }
        if let Some(v) = values
            .iter()
            .enumerate()
            .find(|(j, v)| values[..*j].contains(v))
        {
            return Err(bad(format!(
                "`--set rules.{name}`: {} is listed twice",
                v.1
            )));
        }
        let Some(param) = contract.params.iter().find(|p| p.name == name) else {
            let known: Vec<&str> = contract.params.iter().map(|p| p.name).collect();
            return Err(bad(format!(
                "`--set rules.{name}`: {game} has no such [rules] value (it has {})",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        };
        if let Some(v) = values
            .iter()
            .find(|v| !(param.min..=param.max).contains(*v))
        {
            return Err(bad(format!(
                "`--set rules.{name}={v}`: out of range (expected {} to {}{})",
                param.min, param.max, param.why
            )));
        }
    }
    let engine = Engine::from_definition(&def)?;
    let mut variants: Vec<(usize, String)> = Vec::new();
    for v in variant {
        let i = variant_index(project, game, &engine, v)?;
        if variants.iter().any(|x| x.0 == i) {
            return Err(bad(format!("`--variant {v}` is listed twice")));
        }
        variants.push((i, v.clone()));
    }
    // More players than seats leave some out, unless they change seats.
    let fewest = if variants.is_empty() {
        analysis::seats(&engine, 0)
    } else {
        variants
            .iter()
            .map(|v| analysis::seats(&engine, v.0))
            .min()
            .unwrap_or(0)
    };
    if config.players.len() > fewest && !config.rotate {
        return Err(bad(format!(
            "{} players for {fewest} seats: some would never play (give --rotate to move them round the seats)",
            config.players.len()
        )));
    }
    let choices = analysis::choices(&variants, sets);
    if choices.len() > analysis::MAX_SETTINGS {
        return Err(bad(format!(
            "{} settings to sweep: at most {} in one run",
            choices.len(),
            analysis::MAX_SETTINGS
        )));
    }
    // The output folder is made before the games, so that a folder in the way is found at once.
    let dir = out.join(game);
    std::fs::create_dir_all(&dir).map_err(|e| Failure::Other(format!("{}: {e}", dir.display())))?;
    let start = Instant::now();
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut shown = 0u64;
    let mut progress = |done: u64, total: u64| {
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
    };
    let report = analysis::run(&def, config, &choices, &mut progress).map_err(Failure::Other)?;
    let json =
        serde_json::to_string_pretty(&report).map_err(|e| Failure::Other(e.to_string()))? + "\n";
    let text = analysis::report::text(&report);
    for (name, bytes) in [
        ("analysis.txt", text.as_bytes()),
        ("analysis.json", json.as_bytes()),
        ("analysis.html", analysis::report::html(&report).as_bytes()),
    ] {
        ludopress::base::output::write_one(&dir.join(name), bytes)
            .map_err(|e| Failure::Other(e.to_string()))?;
    }
    if save {
        ludopress::base::output::write_one(&folder.join("analysis.json"), json.as_bytes())
            .map_err(|e| Failure::Other(e.to_string()))?;
    }
    out!("{text}");
    outln!(
        "\nwrote {} (.txt, .json){} in {:.1} s",
        dir.join("analysis.html").display(),
        if save {
            format!(" and {}", folder.join("analysis.json").display())
        } else {
            String::new()
        },
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The output rule ([`ludopress::base::output::check_output_folder`]) for a command writing into
/// `out` and the games' folders `games` under it: a refusal is bad input (exit status 2), the
/// same message for every command.
fn output_rule(project: &Project, out: &std::path::Path, games: &[String]) -> Result<(), Failure> {
    let subs: Vec<&str> = games.iter().map(String::as_str).collect();
    ludopress::base::output::check_output_folder(&project.root, out, &subs).map_err(Failure::Input)
}

/// `watch`: builds, then rebuilds the games a change touches (a game's folder: its definition,
/// data files, art, fonts, rulebooks; the templates: every game), one line a rebuild. A broken
/// edit prints its errors, keeps the last good files, and shows the error in the gallery.
fn watch(project: &Project, args: &BuildArgs, rebuilds: Option<u64>) -> Result<(), Failure> {
    let games = if args.games.is_empty() {
        default_games(project)
    } else {
        args.games.clone()
    };
    // The warnings of a build, or its error once told (on standard error and in the gallery).
    let report = |r: Result<Vec<make::GameReport>, Failure>, what: &str| -> Result<usize, String> {
        match r {
            Ok(reports) => Ok(reports.iter().map(|r| r.warnings.len()).sum()),
            Err(f) => {
                let text = match f {
                    Failure::Input(d) => d.to_string(),
                    Failure::Other(e) => format!("error: {e}"),
                    Failure::Quiet => "error".into(),
                };
                // The gallery first: when the line below is read, the pages show the error.
                let status = gallery::Status::now(Some(text.clone()), true);
                if let Err(e) = gallery::write_status(&args.out, &status) {
                    errln!("warning: the gallery's status: {e}");
                }
                errln!("{text}");
                errln!(
                    "{} {what}: not built; the last good files are kept (fix and save to rebuild)",
                    status.time
                );
                Err(text)
            }
        }
    };
    // A bad id, or a game without a folder, cannot be fixed by saving a file: that ends the
    // watch at once.
    for g in &games {
        project.check_id(g)?;
        let dir = project.root.join("games").join(g);
        if std::fs::symlink_metadata(&dir).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Failure::Input(
                Diagnostic::file(
                    &dir,
                    "this game folder is a symbolic link: `watch` never follows a link out of a game (watch the folder itself)",
                )
                .into(),
            ));
        }
        if !dir.is_dir() {
            return Err(Failure::Input(
                Diagnostic::file(
                    &project.root.join("games").join(g),
                    format!("no folder for game `{g}` to watch (see `ludopress list`)"),
                )
                .into(),
            ));
        }
    }
    output_rule(project, &args.out, &games)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| Failure::Other(format!("{}: {e}", args.out.display())))?;
    let mut last = report(build_and_show(project, args, true, true), &games.join(", "));
    let mut watched = ludopress::make::watch::Watched::new(project, &games)
        .map_err(|e| Failure::Other(format!("cannot watch the files: {e}")))?;
    outln!(
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
        let mut again = args.clone();
        again.games = touched.clone();
        let t = Instant::now();
        last = report(
            build_and_show(project, &again, true, false),
            &touched.join(", "),
        );
        if let Ok(warnings) = last {
            outln!(
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
    let status = gallery::Status::now(last.err(), false);
    let _ = gallery::write_status(&args.out, &status);
    Ok(())
}

fn dpi_arg(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(d) if (72.0..=1200.0).contains(&d) => Ok(d),
        _ => Err(format!("`{s}` is not a resolution from 72 to 1200 dpi")),
    }
}

fn papers_of(p: PaperArg) -> Vec<Paper> {
    match p {
        PaperArg::A4 => vec![Paper::A4],
        PaperArg::Letter => vec![Paper::Letter],
        PaperArg::All => Paper::ALL.to_vec(),
    }
}

/// `ludopress trust`: records, forgets or lists the consent to run a game's engine program.
fn trust(project: &Project, game: Option<String>, revoke: bool, list: bool) -> Result<(), Failure> {
    use ludopress::base::diag::escape_controls;
    let other = |e: String| Failure::Other(e);
    if list {
        let records = ludopress::rules::external::trust::list().map_err(other)?;
        if records.is_empty() {
            outln!("no engine program is trusted");
        }
        for r in records {
            outln!(
                "{}: `{}` (files: {}; sha256 {})",
                escape_controls(&r.folder.display().to_string()),
                escape_controls(&r.command.join(" ")),
                escape_controls(&r.files.join(", ")),
                &r.sha256[..r.sha256.len().min(16)]
            );
        }
        return Ok(());
    }
    let Some(game) = game else {
        return Err(Failure::Other("name a game, or pass --list".into()));
    };
    if !ludopress::definition::validate::is_safe_id(&game) {
        return Err(Failure::Input(Diagnostics(vec![Diagnostic::file(
            &project.root.join("games"),
            format!(
                "no game `{}`: a game id is 1 to 40 lowercase letters, digits and `-`",
                escape_controls(&game)
            ),
        )])));
    }
    let file = project.game_file(&game);
    if revoke {
        let dir = file.parent().unwrap_or(&project.root);
        let had = ludopress::rules::external::trust::revoke(dir).map_err(other)?;
        if had {
            outln!("{game}: its engine program is no longer trusted");
        } else {
            outln!("{game}: its engine program was not trusted");
        }
        return Ok(());
    }
    let lib = project.library()?;
    let def = engine::load_definition(project, &game, &lib)?;
    let Some(eng) = &def.engine else {
        return Err(Failure::Input(Diagnostics(vec![Diagnostic::file(
            &file,
            format!("`{game}` names no engine program (`[engine] command`): nothing to trust"),
        )])));
    };
    let r = ludopress::rules::external::trust::trust(eng).map_err(other)?;
    outln!(
        "{game}: trusted to run `{}` in {}",
        escape_controls(&r.command.join(" ")),
        escape_controls(&r.folder.display().to_string())
    );
    if r.files.is_empty() {
        outln!("  files it names: none");
    } else {
        outln!("  files it names: {}", escape_controls(&r.files.join(", ")));
    }
    outln!("  a change to the command or to these files asks again; `ludopress trust --revoke {game}` undoes this");
    Ok(())
}

fn default_games(project: &Project) -> Vec<String> {
    let listed = project.list();
    let mut v: Vec<String> = GAMES
        .iter()
        .filter(|g| listed.iter().any(|l| l == *g))
        .map(|g| g.to_string())
        .collect();
    v.extend(listed.into_iter().filter(|l| !GAMES.contains(&l.as_str())));
    v
}
