//! `check`: every definition validated and every claim of every rulebook checked against the
//! game's engine. In: the games; out: a line per failed claim or unchecked example and a
//! summary on the writer, whether everything held, or the input errors.

use super::build::games_or_all;
use crate::base::diag::{Diagnostic, Diagnostics, Error};
use crate::definition::Project;
use crate::rules::engine::{self, Engine};
use std::io::Write;

/// Checks `games` (all when empty), writing the failures and the summary on `out`. `Ok(false)`:
/// a claim failed or an engine program could not start (said on `out`; exit status 1).
pub fn check(project: &Project, games: &[String], out: &mut dyn Write) -> Result<bool, Error> {
    let games = games_or_all(project, games);
    let lib = project.library()?;
    let (mut checked, mut failed, mut books_n, mut unchecked) = (0, 0, 0, 0);
    let mut unavailable = 0;
    let mut diags = Diagnostics::default();
    for g in &games {
        let def = match engine::load_definition(project, g, &lib) {
            Ok(d) => d,
            Err(d) => {
                diags.0.extend(d.0);
                continue;
            }
        };
        // A game's own engine program that cannot start leaves its claims unchecked:
        // `check` fails then, saying why.
        let (eng, why) = Engine::checker(project, &def)?;
        match why {
            // Without consent, nothing is checked: that is the person's to fix (status 2).
            Some(u) if u.consent => {
                diags.push(Diagnostic::file(&project.game_file(g), u.why));
                continue;
            }
            Some(u) => {
                say!(out, "{}", u.why);
                unavailable += 1;
            }
            None => {}
        }
        match crate::make::load_rulebooks(&project.root, &def, eng.as_ref()) {
            Ok(books) => {
                // What the definition declares and nothing reads, and what play or a figure
                // needs beyond what the box prints: warned, not failed.
                let mut box_warnings = def.unread.clone();
                box_warnings.extend(crate::rulebook::kinds_against_box(
                    &def,
                    &project.game_file(g),
                ));
                for b in &books {
                    box_warnings.extend(crate::rulebook::counts_against_box(b, &def));
                }
                for w in &box_warnings {
                    say!(out, "{w}");
                }
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
                            say!(
                                out,
                                "{}:{}: unchecked example: `{g}` {why}",
                                b.path.display(),
                                ex.line
                            );
                        }
                        continue;
                    };
                    let r = crate::rulebook::check(eng, b);
                    checked += r.checked;
                    failed += r.failures.len();
                    for f in r.failures {
                        say!(out, "{f}");
                    }
                }
            }
            Err(d) => diags.0.extend(d.0),
        }
    }
    if !diags.is_empty() {
        return Err(Error::Input(diags));
    }
    let unchecked = if unchecked > 0 {
        format!("; {unchecked} example(s) unchecked (no engine)")
    } else {
        String::new()
    };
    say!(
        out,
        "{} game(s), {books_n} rulebook(s): {checked} claims checked, {failed} failed{unchecked}",
        games.len()
    );
    Ok(failed == 0 && unavailable == 0)
}
