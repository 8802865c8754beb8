//! Watching a project's files for `ludopress watch` (with the `notify` crate: inotify on Linux,
//! FSEvents or kqueue elsewhere): which games a change touches.

use crate::base::diag::Error;
use crate::definition::Project;
use notify::Watcher as _;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long a burst of events is gathered after its first one (an editor's save is several:
/// a temporary written, renamed, the folder touched).
const SETTLE: Duration = Duration::from_millis(60);

/// The folders of a project watched for some games: each game's folder and the templates.
pub struct Watched {
    watcher: notify::RecommendedWatcher,
    events: Receiver<notify::Result<notify::Event>>,
    games: Vec<(String, PathBuf)>,
    templates: PathBuf,
    roots: Vec<PathBuf>,
    /// The project's `games/` folder, as watched.
    project_games: PathBuf,
}

impl Watched {
    /// Starts watching `games` of `project` (their folders, and `templates/`, which all games
    /// read). The folders holding them are watched too, so that a folder removed and made again
    /// (a `git checkout`) is watched again.
    pub fn new(project: &Project, games: &[String]) -> Result<Watched, Error> {
        let (tx, events) = channel();
        // Links are never followed: a link in a game to `/` must not make the watcher walk the
        // whole file system (what a game may read through a link is the reads' rule, checked
        // by the build).
        let mut watcher = notify::RecommendedWatcher::new(
            move |e| {
                let _ = tx.send(e);
            },
            notify::Config::default().with_follow_symlinks(false),
        )
        .map_err(|e| Error::system(format!("cannot watch the files: {e}")))?;
        // Nor is a watched folder that is itself a link (the watcher would follow it).
        let real = |p: &Path| -> Result<bool, Error> {
            match std::fs::symlink_metadata(p) {
                Ok(m) if m.file_type().is_symlink() => Err(Error::file(
                    "cannot watch",
                    p,
                    "is a symbolic link: `watch` never follows a link out of a game",
                )),
                Ok(m) => Ok(m.is_dir()),
                Err(_) => Ok(false),
            }
        };
        let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        let mut roots = Vec::new();
        let mut dirs = Vec::new();
        for g in games {
            let dir = project.root.join("games").join(g);
            if real(&dir)? {
                watcher
                    .watch(&dir, notify::RecursiveMode::Recursive)
                    .map_err(|e| Error::file("cannot watch", &dir, e))?;
                roots.push(dir.clone());
            }
            dirs.push((g.clone(), canon(&dir)));
        }
        let templates = project.root.join("templates");
        if real(&templates)? {
            watcher
                .watch(&templates, notify::RecursiveMode::Recursive)
                .map_err(|e| Error::file("cannot watch", &templates, e))?;
            roots.push(templates.clone());
        }
        for parent in [project.root.join("games"), project.root.clone()] {
            if parent.is_dir() {
                watcher
                    .watch(&parent, notify::RecursiveMode::NonRecursive)
                    .map_err(|e| Error::file("cannot watch", &parent, e))?;
            }
        }
        Ok(Watched {
            watcher,
            events,
            games: dirs,
            templates: canon(&templates),
            roots,
            project_games: project.root.join("games"),
        })
    }

    /// The folder of game `g` as watched, not resolved: absolute, as the watcher names the
    /// paths of its events.
    fn folder(&self, g: &str) -> PathBuf {
        absolute(&self.project_games.join(g))
    }

    /// The folders watched.
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// The games touched by `path`: its game's, every game's for a template, none otherwise.
    fn touched(&self, path: &Path) -> Vec<String> {
        if crate::base::paths::is_scratch(path) {
            return Vec::new();
        }
        if path.starts_with(&self.templates) {
            return self.games.iter().map(|g| g.0.clone()).collect();
        }
        self.games
            .iter()
            .filter(|(_, dir)| path.starts_with(dir))
            .map(|g| g.0.clone())
            .collect()
    }

    /// Waits for the next change that touches a game and returns those games (in the order
    /// given), once the burst of events around it has settled; `None` when watching ended.
    pub fn next_change(&mut self) -> Option<Vec<String>> {
        let mut touched: Vec<String> = Vec::new();
        loop {
            let event = if touched.is_empty() {
                self.events.recv().ok()?
            } else {
                match self.events.recv_timeout(SETTLE) {
                    Ok(e) => e,
                    Err(RecvTimeoutError::Timeout) => break,
                    Err(RecvTimeoutError::Disconnected) => return None,
                }
            };
            let Ok(event) = event else { continue };
            if event.kind.is_access() {
                continue;
            }
            for p in &event.paths {
                // The game's folder itself (renamed, removed, swapped for a link): its game,
                // whatever the path now leads to.
                let named = absolute(p);
                for (g, _) in self.games.iter().filter(|g| self.folder(&g.0) == named) {
                    if !touched.contains(g) {
                        touched.push(g.clone());
                    }
                }
                let p = std::fs::canonicalize(p).unwrap_or_else(|_| {
                    // A removed file: its folder is still there.
                    p.parent()
                        .and_then(|d| std::fs::canonicalize(d).ok())
                        .map_or(p.clone(), |d| d.join(p.file_name().unwrap_or_default()))
                });
                for g in self.touched(&p) {
                    if !touched.contains(&g) {
                        touched.push(g);
                    }
                }
            }
        }
        // A watched folder removed and made again is watched again (watching a folder twice
        // is harmless); one swapped for a link is not (the watcher would follow it, and watch
        // all of `/usr`): `watch` reports it.
        for root in &self.roots {
            if std::fs::symlink_metadata(root).is_ok_and(|m| m.is_dir()) {
                let _ = self.watcher.watch(root, notify::RecursiveMode::Recursive);
            }
        }
        Some(
            self.games
                .iter()
                .map(|g| g.0.clone())
                .filter(|g| touched.contains(g))
                .collect(),
        )
    }
}

/// `path` made absolute and read without the disk (no link resolved).
fn absolute(path: &Path) -> PathBuf {
    crate::base::output::lexical(&std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()))
}
