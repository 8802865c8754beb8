//! ludopress turns declarative game definitions into print-and-play sheets, diagrams and
//! rulebooks whose example positions are checked by a rules engine, and plays the games by
//! machine to measure their balance.
//!
//! Each folder is a stage; a stage imports only the stages below it. From the bottom up:
//!
//! ```text
//!  main.rs, cli.rs   the binary: parses arguments (args.rs), calls the library, prints,
//!        │           picks the exit code
//!  args.rs           the command line as clap declares it (in the library so that the tests
//!        │           check every command line the guide shows against it)
//!  commands/         each command's work: build, check, list, analyze, position commands,
//!        │           trust, play (a game in the terminal), share (export --pod, --tts)
//!  make/             the build: games → output/<game>/ (print PDFs, SVG/PNG, rulebooks, gallery, watch)
//!  analysis/         many games between computer players → a balance report
//!  rulebook/         Markdown + checked examples → pages (PDF) and HTML
//!  rules/            engines: the Rules trait, registry (the one list of the shipped games),
//!        │           games/ (the five Rust engines), engine (one per game), external/ (a game's
//!        │           own engine program, its consent and confinement)
//!  sheet/            component scenes → printable sheets (crop marks, duplex backs, split boards)
//!  layout/           model → a Scene per component, in millimetres
//!  definition/       load (game.toml → raw) → validate (raw → model), one file per component
//!  art/, export/     art files → scenes and images; a scene → SVG, PDF, PNG pixels
//!  scene.rs          the drawing model in the middle: primitives in millimetres
//!  setup.rs          a position's board as data: cells, pieces, tiles (engines → diagrams)
//!  fonts/            bundled Lato and a game's fonts, their metrics, OpenType features
//!  geometry/, base/  boards' cells and neighbours; errors with places, the path rule, the output
//!                    folder, units, colours, languages, markup, paper
//! ```
#![forbid(unsafe_code)]

pub mod analysis;
pub mod args;
pub mod art;
pub mod base;
pub mod commands;
pub mod definition;
pub mod export;
pub mod fonts;
pub mod geometry;
pub mod layout;
pub mod make;
pub mod rulebook;
pub mod rules;
pub mod scene;
pub mod setup;
pub mod sheet;
