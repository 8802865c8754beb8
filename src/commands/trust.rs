//! `trust`: records, forgets or lists the consent to run a game's own engine program
//! ([`crate::rules::external::trust`]). In: the game and what to do; out: lines on the writer.

use crate::base::diag::{escape_controls, Diagnostic, Diagnostics, Error};
use crate::definition::Project;
use crate::rules::engine;
use crate::rules::external::trust as record;
use std::io::Write;

/// What `trust` is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Trust the game's engine program.
    Trust,
    /// Forget the game's record.
    Revoke,
    /// List the records.
    List,
}

/// Does `action` for `game` (none needed to list), writing what was done on `out`.
pub fn trust(
    project: &Project,
    game: Option<&str>,
    action: Action,
    out: &mut dyn Write,
) -> Result<(), Error> {
    if action == Action::List {
        let records = record::list()?;
        if records.is_empty() {
            say!(out, "no engine program is trusted");
        }
        for r in records {
            say!(
                out,
                "{}: `{}` (files: {}; and {} other files; sha256 {})",
                escape_controls(&r.folder.display().to_string()),
                escape_controls(&r.command.join(" ")),
                escape_controls(&r.files.join(", ")),
                r.other_files,
                &r.sha256[..r.sha256.len().min(16)]
            );
        }
        return Ok(());
    }
    let Some(game) = game else {
        return Err(Error::usage(String::new(), "name a game, or pass --list"));
    };
    if !crate::definition::validate::is_safe_id(game) {
        return Err(Error::Input(Diagnostics(vec![Diagnostic::file(
            &project.root.join("games"),
            format!(
                "no game `{}`: a game id is 1 to 40 lowercase letters, digits and `-`",
                escape_controls(game)
            ),
        )])));
    }
    let file = project.game_file(game);
    if action == Action::Revoke {
        let dir = file.parent().unwrap_or(&project.root);
        let had = record::revoke(dir)?;
        if had {
            say!(out, "{game}: its engine program is no longer trusted");
        } else {
            say!(out, "{game}: its engine program was not trusted");
        }
        return Ok(());
    }
    let lib = project.library()?;
    let def = engine::load_definition(project, game, &lib)?;
    let Some(eng) = &def.engine else {
        return Err(Error::Input(Diagnostics(vec![Diagnostic::file(
            &file,
            format!("`{game}` names no engine program (`[engine] command`): nothing to trust"),
        )])));
    };
    let r = record::trust(eng)?;
    say!(
        out,
        "{game}: trusted to run `{}` in {}",
        escape_controls(&r.command.join(" ")),
        escape_controls(&r.folder.display().to_string())
    );
    match crate::rules::external::program::resolve(eng, std::env::var_os("PATH").as_deref()) {
        Ok(p) if !p.starts_with(&r.folder) => say!(
            out,
            "  program: {} (installed outside the game: not part of the consent)",
            escape_controls(&p.display().to_string())
        ),
        Ok(_) => {}
        Err(e) => say!(
            out,
            "  program: {} (it will not start)",
            escape_controls(&e.0)
        ),
    }
    if r.files.is_empty() {
        say!(out, "  files of the game its words name: none");
    } else {
        say!(
            out,
            "  files of the game it covers: {}",
            escape_controls(&r.files.join(", "))
        );
    }
    if r.other_files > 0 {
        let more = if r.other_files > r.first_others.len() {
            ", ..."
        } else {
            ""
        };
        say!(
            out,
            "  and {} other {} of the game (code it may load): {}{more}",
            r.other_files,
            if r.other_files == 1 { "file" } else { "files" },
            escape_controls(&r.first_others.join(", "))
        );
    }
    say!(out, "  a change to the command or to these files asks again (not to the game's data: definition, rulebooks, pictures, fonts, tables); `ludopress trust --revoke {game}` undoes this");
    Ok(())
}
