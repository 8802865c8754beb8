//! The command line's arguments: what `ludopress --help` shows, each command's options as clap
//! declares them, and their conversion into the library's requests. The binary parses them; the
//! library holds them so that a test can check every command line of the guide against them.

use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::export::press::{self, Preset, PRESETS};
use crate::make::BuildOptions;
use crate::sheet::{Flip, Paper};
use clap::builder::TypedValueParser;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

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
    /// Output folder (a relative one is under `--root`).
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

    /// The library's request: the games, the options, the output folder.
    pub fn request(&self) -> crate::commands::build::Request {
        crate::commands::build::Request {
            games: self.games.clone(),
            options: self.options(),
            out: self.out.clone(),
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
    #[command(name = crate::base::temporaries::WATCH_COMMAND, hide = true)]
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
    /// Export each face as an image for print-on-demand services (--pod), decks and tile sets
    /// as Tabletop Simulator sheets (--tts), and press-ready PDFs for a print shop (--press),
    /// into output/<game>/exports/.
    #[command(
        after_help = "Examples:\n  ludopress export imbriqua --pod\n  ludopress export imbriqua --tts --lang en\n  ludopress export arlecchino --pod --dpi 600\n  ludopress export potager --press --preset makeplayingcards --cmyk\n  ludopress export potager --pod --preset thegamecrafter"
    )]
    #[command(group = clap::ArgGroup::new("shop").args(["press", "pod"]).multiple(true))]
    Export {
        /// Games to export (all by default).
        games: Vec<String>,
        /// Each face (fronts and backs) as a PNG with its bleed, and a list of quantities.
        #[arg(long)]
        pod: bool,
        /// Each deck and tile set as sheets of up to 10 × 7 faces, a back image and a JSON grid.
        #[arg(long)]
        tts: bool,
        /// Each component as a PDF/X-4 file for a print shop (one face a page, trim and bleed
        /// boxes, output intent), under exports/press/<preset>/ (docs/press.md).
        #[arg(long)]
        press: bool,
        /// Print shop (its sizes, bleed and safe zone); also sets the sizes of --pod images.
        /// --press without it: thegamecrafter.
        #[arg(long, requires = "shop", value_parser = preset_arg())]
        preset: Option<&'static Preset>,
        /// With --press: colours in CMYK (greys and near-blacks on black only), written under
        /// exports/press/<preset>-cmyk/ beside the RGB files.
        #[arg(long, requires = "press")]
        cmyk: bool,
        /// With --cmyk: highest total ink, percent (100 to 400).
        #[arg(long, default_value_t = 300.0, value_parser = ink_arg, requires = "cmyk")]
        ink_limit: f64,
        /// Resolution of the --pod and --tts images, dots per inch (72 to 1200); --press files
        /// are vector, their pictures checked against the preset's 300.
        #[arg(long, default_value_t = 300.0, value_parser = dpi_arg, conflicts_with = "press")]
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
    /// Make a new game folder, games/NAME, that builds and checks at once: a card game from a
    /// spreadsheet, a board game with declared rules and a checked rulebook, or a set of tiles.
    #[command(
        after_help = "Examples:\n  ludopress init my-deck\n  ludopress init my-game --kind board --languages fr,en\n  ludopress init my-tiles --kind tiles"
    )]
    Init {
        /// The game's id and folder name: lower-case letters, digits and dashes.
        name: String,
        /// What the game starts as.
        #[arg(long, value_enum, default_value = "cards")]
        kind: crate::commands::init::Kind,
        /// Its languages, comma-separated, its main one first (en, fr, or fr,en).
        #[arg(long, value_delimiter = ',', default_value = "en")]
        languages: Vec<Lang>,
    },
    /// Print a shell's completion script for ludopress (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Examples:\n  ludopress completions bash > ~/.local/share/bash-completion/completions/ludopress\n  ludopress completions zsh > ~/.zfunc/_ludopress\n  ludopress completions fish > ~/.config/fish/completions/ludopress.fish"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print ludopress's manual page (roff), made from the same definition as --help.
    #[command(after_help = "Example:\n  ludopress man > ludopress.1 && man ./ludopress.1")]
    Man,
    /// Write the JSON Schema of game.toml and templates/library.toml, for editors that complete
    /// and check TOML (Taplo, Even Better TOML): a `game.toml` whose first line is
    /// `#:schema ../../schema/game.schema.json` is checked as you type.
    #[command(after_help = "Examples:\n  ludopress schema\n  ludopress schema --out my-schemas")]
    Schema {
        /// Folder to write game.schema.json and library.schema.json into.
        #[arg(long, default_value = "schema")]
        out: PathBuf,
    },
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
    #[command(
        after_help = "Examples:\n  ludopress score position.toml\n  ludopress score position.toml --json"
    )]
    Score {
        /// Position file.
        file: PathBuf,
        /// Print the JSON object {\"over\", \"winner\", \"scores\"} (the engines' contract).
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
        /// Language: fr or en (by default the game's first language, as its `languages` lists).
        #[arg(long)]
        lang: Option<Lang>,
        /// Paper.
        #[arg(long, value_enum, default_value = "all")]
        paper: PaperArg,
        /// Output folder (a relative one is under `--root`).
        #[arg(long, default_value = "output")]
        out: PathBuf,
    },
    /// Trust a game's own engine program (`[engine] command` in its game.toml) to run from now
    /// on: it is code from whoever made the game folder. The record is kept outside the folder
    /// and tied to the command and every file of the game it can run or load (the words' paths
    /// after `..`, links and `--opt=path`, the folders they name, the program a bare name finds
    /// in the game, the files inline code names, and every other file of the game but its data:
    /// *.toml, *.md, *.txt, pictures, fonts, *.csv, *.tsv, analysis.json, .git): a change to any
    /// of them asks again; an edit to a rulebook, a picture or game.toml does not.
    #[command(
        after_help = "Examples:\n  ludopress trust breakthrough-py\n  ludopress trust --list\n  ludopress trust --revoke breakthrough-py\n\nThe trust file is $LUDOPRESS_TRUST_FILE, else $XDG_CONFIG_HOME/ludopress/trust.toml, else ~/.config/ludopress/trust.toml."
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
        /// Game (one with a bundled rules engine, or a program of its own speaking protocol 2).
        game: String,
        /// Who sits in each seat, in turn order, repeated round the table.
        #[arg(long, value_delimiter = ',', value_parser = parse_seat, default_value = "human,mcts:1000")]
        players: Vec<crate::commands::play::Seat>,
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
        /// Output folder (a relative one is under `--root`).
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
        /// Game (one with a bundled rules engine, or a program of its own speaking protocol 2).
        game: String,
        /// Games per setting (1 to 1,000,000).
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=crate::analysis::MAX_GAMES))]
        games: u64,
        /// Players seat by seat, repeated round the table (self-play with one).
        #[arg(long, value_delimiter = ',', value_parser = parse_player, default_value = "mcts:100")]
        players: Vec<crate::rules::ai::Player>,
        /// Move the players one seat on from one game to the next.
        #[arg(long)]
        rotate: bool,
        /// Plies after which a game is stopped and counted as not ending (1 to 1,000,000).
        #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=crate::analysis::MAX_CAP))]
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
        /// Output folder (a relative one is under `--root`).
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// Also save the report as games/<game>/analysis.json: the build then writes its page
        /// and links it from the rulebook's HTML.
        #[arg(long)]
        save: bool,
    },
}

// The value parsers below refuse a value with the library's `Error::Usage` and an empty `what`:
// clap's own message already names the option and the value.

fn parse_seat(s: &str) -> Result<crate::commands::play::Seat, Error> {
    crate::commands::play::Seat::parse(s)
}

fn parse_player(s: &str) -> Result<crate::rules::ai::Player, Error> {
    crate::rules::ai::Player::parse(s)
}

/// `rules.NAME=V1,V2`.
fn parse_set(s: &str) -> Result<(String, Vec<i64>), Error> {
    let bad = || {
        Error::usage(
            "",
            format!("expected rules.NAME=V1,V2,... (integers), found `{s}`"),
        )
    };
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
        return Err(Error::usage(format!("`{s}`"), "give 1 to 16 values"));
    }
    Ok((name.to_string(), values))
}

/// A print shop by its name: clap lists the presets' names (`press::PRESETS`) in the help and
/// in the message refusing another.
fn preset_arg() -> impl TypedValueParser<Value = &'static Preset> {
    clap::builder::PossibleValuesParser::new(PRESETS.map(|p| p.name)).try_map(|name: String| {
        press::preset(&name).ok_or_else(|| {
            Error::usage(
                format!("--preset {name}"),
                format!("no such print shop; the presets are {}", press::names()),
            )
        })
    })
}

fn ink_arg(s: &str) -> Result<f64, Error> {
    number_in(s, crate::export::cmyk::INK_RANGE, "a total ink", "percent")
}

fn dpi_arg(s: &str) -> Result<f64, Error> {
    number_in(s, crate::commands::share::DPI_RANGE, "a resolution", "dpi")
}

/// A number in `range`, else a usage error: "`s` is not {what} from {start} to {end} {unit}".
fn number_in(
    s: &str,
    range: std::ops::RangeInclusive<f64>,
    what: &str,
    unit: &str,
) -> Result<f64, Error> {
    match s.parse::<f64>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => Err(Error::usage(
            "",
            format!(
                "`{s}` is not {what} from {} to {} {unit}",
                range.start(),
                range.end()
            ),
        )),
    }
}

/// The papers `--paper` names.
pub fn papers_of(p: PaperArg) -> Vec<Paper> {
    match p {
        PaperArg::A4 => vec![Paper::A4],
        PaperArg::Letter => vec![Paper::Letter],
        PaperArg::All => Paper::ALL.to_vec(),
    }
}

impl Cli {
    /// Output folders written as relative paths are under the project root: `--root ../game`
    /// writes `../game/output/`, never `output/` in the current folder. (With the default root,
    /// the current folder, nothing changes.) A file named by `diagram -o` or `play --record`
    /// stays where the person names it.
    pub fn outputs_under_root(&mut self) {
        if self.root == std::path::Path::new(".") {
            return;
        }
        let root = self.root.clone();
        let under = |p: &mut PathBuf| {
            if p.is_relative() {
                *p = root.join(&*p);
            }
        };
        match &mut self.command {
            Command::Build(args) => under(&mut args.out),
            Command::Watch { build, .. } => under(&mut build.out),
            Command::Export { out, .. }
            | Command::Rules { out, .. }
            | Command::Play { out, .. }
            | Command::Analyze { out, .. } => under(out),
            _ => {}
        }
    }
}
