//! `list`: each game of the project, its title and its components counted
//! ([`crate::definition::model::Game::counts`]). In: the project; out: a line a game on the
//! writer, or the first definition's errors.

use crate::base::diag::Error;
use crate::definition::Project;
use crate::rules::engine;
use std::io::Write;

/// Writes a line per game of `project` on `out`.
pub fn list(project: &Project, out: &mut dyn Write) -> Result<(), Error> {
    let lib = project.library()?;
    for g in project.list() {
        let game = engine::load_definition(project, &g, &lib)?;
        let n = game.counts();
        // A card or component of `count = 0` is defined but not printed: said, so that a
        // designer who set it aside sees it.
        let left_out = match n.left_out {
            0 => String::new(),
            1 => ", 1 left out (count = 0)".to_string(),
            k => format!(", {k} left out (count = 0)"),
        };
        say!(
            out,
            "{:<11} {:<11} boards {}, mats {}, cards {}, tiles {}, pieces {}, dice {}{left_out}",
            game.id,
            game.title.fr,
            n.boards,
            n.mats,
            n.cards,
            n.tiles,
            n.pieces,
            n.dice
        );
    }
    Ok(())
}
