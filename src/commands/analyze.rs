//! `analyze`: the request checked against the game (its `[rules]` parameters and their ranges,
//! its variants, its seats), the games played ([`crate::analysis::run`]), and the report
//! written as `<out>/<game>/analysis.txt`, `.json` and `.html` (and beside the definition with
//! `--save`). In: the game (bundled, or with a program of its own), the configuration and the
//! sweep; out: the report's text on the writer (and, for a program, how fast it played),
//! errors as [`Error`].

use super::build::output_rule;
use crate::analysis::{self, Config};
use crate::base::diag::{Diagnostic, Error};
use crate::definition::Project;
use crate::make::sink::output_error;
use crate::rules::engine::Engine;
use crate::rules::registry;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// What to sweep: values of `[rules]` parameters (`--set rules.NAME=V1,V2`) and variants.
#[derive(Debug, Clone, Default)]
pub struct Sweep {
    /// Each parameter and its values.
    pub sets: Vec<(String, Vec<i64>)>,
    /// Variants by name.
    pub variants: Vec<String>,
}

/// The index of a variant of `game`, or an error at its definition listing the variants.
pub fn variant_index(
    project: &Project,
    game: &str,
    engine: &Engine,
    v: &str,
) -> Result<usize, Error> {
    let known = analysis::variants(engine)?;
    known.iter().position(|k| k == v).ok_or_else(|| {
        let file = project.root.join("games").join(game).join("game.toml");
        Error::Input(
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

/// Checks the sweep against `game` and writes the report, `progress` told of the games
/// played (done, total), the report's text and where it went on `out`.
#[allow(clippy::too_many_arguments)]
pub fn analyze(
    project: &Project,
    game: &str,
    config: &Config,
    sweep: &Sweep,
    out_dir: &Path,
    save: bool,
    progress: &mut dyn FnMut(u64, u64),
    out: &mut dyn Write,
) -> Result<(), Error> {
    let sets = &sweep.sets;
    Engine::playable(project, game)?;
    let out_dir = &output_rule(project, out_dir, &[game.to_string()])?;
    let def = Engine::definition(project, game)?;
    let folder = project.root.join("games").join(game);
    let file = folder.join("game.toml");
    let bad = |msg: String| Error::Input(Diagnostic::file(&file, msg).into());
    // A game with a program of its own has no `[rules]` values ludopress knows; a declared
    // game's are those its counts read (their ranges are checked below, engine by engine).
    let declared: Vec<crate::definition::contract::Param> = match &def.rules {
        Some(rd) => rd
            .params_used
            .iter()
            .filter_map(|n| crate::base::intern::intern(n).ok())
            .map(|name| crate::definition::contract::Param {
                name,
                min: i64::MIN,
                max: i64::MAX,
                why: "",
            })
            .collect(),
        None => Vec::new(),
    };
    let params = registry::contract(game).map_or(&declared[..], |c| c.params);
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
        let Some(param) = params.iter().find(|p| p.name == name) else {
            let known: Vec<&str> = params.iter().map(|p| p.name).collect();
            return Err(bad(format!(
                "`--set rules.{name}`: {game} has no such [rules] value (it has {})",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        };
        if let Some(v) = values.iter().find(|v| !param.allows(**v)) {
            return Err(bad(format!(
                "`--set rules.{name}={v}`: out of range (expected {} to {}{})",
                param.min, param.max, param.why
            )));
        }
    }
    // A declared game's counts say their own ranges: each value is tried on the engine first,
    // so a value out of range is refused before any game is played.
    if def.rules.is_some() {
        for (name, values) in sets {
            for v in values {
                let mut d = def.clone();
                d.params.insert(name.clone(), *v);
                if let Err(e) = Engine::from_definition(&d) {
                    let why = match e {
                        Error::Input(d) => {
                            d.0.into_iter()
                                .map(|x| x.message)
                                .collect::<Vec<_>>()
                                .join("; ")
                        }
                        e => e.to_string(),
                    };
                    return Err(bad(format!("`--set rules.{name}={v}`: {why}")));
                }
            }
        }
    }
    let engine = Engine::new(project, game)?;
    let mut variants: Vec<(usize, String)> = Vec::new();
    for v in &sweep.variants {
        let i = variant_index(project, game, &engine, v)?;
        if variants.iter().any(|x| x.0 == i) {
            return Err(bad(format!("`--variant {v}` is listed twice")));
        }
        variants.push((i, v.clone()));
    }
    // More players than seats leave some out, unless they change seats.
    let mut counts = Vec::new();
    for v in variants
        .iter()
        .map(|v| v.0)
        .chain(variants.is_empty().then_some(0))
    {
        counts.push(analysis::seats(&engine, v)?);
    }
    let fewest = counts.iter().copied().min().unwrap_or(0);
    // What the report says must read back in a build (`analysis::saved`).
    let most = counts.iter().copied().max().unwrap_or(0);
    if most > analysis::saved::MAX_SEATS {
        return Err(bad(format!(
            "{most} seats: a balance report holds at most {}",
            analysis::saved::MAX_SEATS
        )));
    }
    if config.players.len() > analysis::saved::MAX_PLAYERS {
        return Err(bad(format!(
            "{} players: at most {} in one run",
            config.players.len(),
            analysis::saved::MAX_PLAYERS
        )));
    }
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
    let dir = out_dir.join(game);
    crate::base::output::make_output_folder(&project.root, &dir)?;
    let start = Instant::now();
    let plies = engine.program_plies();
    let report = analysis::run(&def, &engine, config, &choices, progress)?;
    let note = plies.and_then(|before| {
        let now = engine.program_plies().unwrap_or(before);
        engine.program_note(now - before, start.elapsed().as_secs_f64())
    });
    let json = serde_json::to_string_pretty(&report).map_err(Error::system)? + "\n";
    let text = analysis::report::text(&report);
    for (name, bytes) in [
        ("analysis.txt", text.as_bytes()),
        ("analysis.json", json.as_bytes()),
        ("analysis.html", analysis::report::html(&report).as_bytes()),
    ] {
        crate::base::output::write_one(&dir.join(name), bytes).map_err(output_error)?;
    }
    if save {
        crate::base::output::write_one(&folder.join("analysis.json"), json.as_bytes())
            .map_err(output_error)?;
    }
    let _ = write!(out, "{text}");
    say!(
        out,
        "\nwrote {} (.txt, .json){} in {:.1} s",
        dir.join("analysis.html").display(),
        if save {
            format!(" and {}", folder.join("analysis.json").display())
        } else {
            String::new()
        },
        start.elapsed().as_secs_f64()
    );
    if let Some(note) = note {
        say!(out, "{note}");
    }
    Ok(())
}
