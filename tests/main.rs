//! The integration tests, one binary: each file of `tests/` is a module of it, the fuzzers
//! included (`fuzz.rs`, their harness and kinds in `fuzz/`). Helpers shared by the modules are in
//! `common/`.
//!
//! The binary's global allocator is the fuzzers' counting one: it caps the live memory of the
//! whole process (every test run at once) at 2 GiB, and counts each thread's own bytes for the
//! fuzzers' figures (see `fuzz/harness.rs`).

mod ai;
mod alphabrick_rules;
mod analysis;
mod arlecchino_rules;
mod art_export;
mod caption_kinds;
mod caption_lies_blind;
mod caption_mutations;
mod cli;
mod common;
mod component_data;
mod data_files;
mod declared_boards;
mod declared_build;
mod declared_captures;
mod declared_counts;
mod declared_dice;
mod declared_edges;
mod declared_parts;
mod declared_points;
mod declared_rules;
mod declared_seeds;
mod declared_stacks;
mod declared_vs_program;
mod definitions;
mod determinism;
mod docs_examples;
mod engine_protocol;
mod engine_safety;
mod exports;
mod font_features;
mod fuzz;
mod geometry;
mod hex_boards;
mod hostile_outputs;
mod hostile_reads;
mod imbriqua_rules;
mod imperator_rules;
mod impossible_positions;
mod languages;
mod layouts;
mod lignes_rules;
mod perft;
mod perft_independent;
mod play;
mod positions;
mod press;
mod previews;
mod print_imposition;
mod print_sheets;
mod print_warnings;
mod robust;
mod rulebook_figures;
mod rulebook_pages;
mod rulebooks;
mod snapshots;
mod tracks;
mod typesetting;
mod uniform_plies;
mod watch;

#[global_allocator]
static ALLOC: fuzz::harness::Capped = fuzz::harness::Capped;
