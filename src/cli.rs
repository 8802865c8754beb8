//! Command-line interface: argument types and the commands' glue. All work is in the library.

use clap::{Parser, Subcommand};
use ludopress::build::{self, BuildOptions};
use ludopress::definition::{Project, GAMES};
use ludopress::diag::Diagnostics;
use ludopress::lang::Lang;
use ludopress::sheet::{Flip, Paper};
use std::path::PathBuf;
use std::time::Instant;

/// ludopress: print-and-play sheets, diagrams and checked rulebooks from game definitions.
#[derive(Debug, Parser)]
#[command(name = "ludopress", version, about, long_about = None)]
pub struct Cli {
    /// Project root holding games/ and templates/.
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
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
    /// Build print PDFs, SVGs and PNG previews into output/<game>/.
    #[command(
        after_help = "Examples:\n  ludopress build\n  ludopress build imbriqua --paper a4 --lang en\n  ludopress build imperator --fit --flip short"
    )]
    Build {
        /// Games to build (all by default).
        games: Vec<String>,
        /// Paper.
        #[arg(long, value_enum, default_value = "all")]
        paper: PaperArg,
        /// Language of player-facing text: fr or en.
        #[arg(long, default_value = "fr")]
        lang: Lang,
        /// Duplex flip for backs: long or short.
        #[arg(long, default_value = "long")]
        flip: Flip,
        /// Scale boards to one sheet instead of splitting them.
        #[arg(long)]
        fit: bool,
        /// Skip PNG previews.
        #[arg(long)]
        no_png: bool,
        /// Output folder.
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// List the games and their components.
    #[command(after_help = "Example:\n  ludopress list")]
    List,
}

/// A failure: bad input (exit 2) or anything else (exit 1).
pub enum Failure {
    /// The user's input is wrong.
    Input(Diagnostics),
    /// Something else went wrong.
    Other(String),
}

impl From<Diagnostics> for Failure {
    fn from(d: Diagnostics) -> Self {
        Failure::Input(d)
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    let project = Project::new(&cli.root);
    match cli.command {
        Command::Build {
            games,
            paper,
            lang,
            flip,
            fit,
            no_png,
            out,
        } => {
            let papers = match paper {
                PaperArg::A4 => vec![Paper::A4],
                PaperArg::Letter => vec![Paper::Letter],
                PaperArg::All => Paper::ALL.to_vec(),
            };
            let opts = BuildOptions {
                papers,
                lang,
                flip,
                fit,
                previews: !no_png,
            };
            let games = if games.is_empty() {
                default_games(&project)
            } else {
                games
            };
            let lib = project.library()?;
            // Validate everything first: a broken definition stops the build before any file is written.
            let mut loaded = Vec::new();
            let mut diags = Diagnostics::default();
            for g in &games {
                match project.load(g, &lib) {
                    Ok(game) => loaded.push(game),
                    Err(d) => diags.0.extend(d.0),
                }
            }
            if !diags.is_empty() {
                return Err(Failure::Input(diags));
            }
            let start = Instant::now();
            let results: Vec<Result<String, String>> = std::thread::scope(|scope| {
                let handles: Vec<_> = loaded
                    .iter()
                    .map(|game| {
                        let opts = &opts;
                        let out = &out;
                        scope.spawn(move || {
                            let t = Instant::now();
                            let files = build::render_game(game, opts)?;
                            let bytes = build::write_all(&out.join(&game.id), &files)
                                .map_err(|e| format!("{}: {e}", game.id))?;
                            let pdfs = files
                                .iter()
                                .filter(|f| f.path.extension().is_some_and(|e| e == "pdf"))
                                .count();
                            Ok(format!(
                                "{:<11} {} files ({} PDF), {:.1} MB in {}/ in {} ms",
                                game.id,
                                files.len(),
                                pdfs,
                                bytes as f64 / 1e6,
                                out.join(&game.id).display(),
                                t.elapsed().as_millis()
                            ))
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join()
                            .unwrap_or_else(|_| Err("build thread panicked".into()))
                    })
                    .collect()
            });
            for r in results {
                match r {
                    Ok(line) => println!("{line}"),
                    Err(e) => return Err(Failure::Other(e)),
                }
            }
            println!(
                "built {} game(s) in {} ms",
                loaded.len(),
                start.elapsed().as_millis()
            );
            Ok(())
        }
        Command::List => {
            let lib = project.library()?;
            for g in project.list() {
                let game = project.load(&g, &lib)?;
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
                println!(
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
