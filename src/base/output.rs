//! The output folder: files never half-written, never outside it; published all at once
//! ([`publish`]) or one by one as a build makes them ([`Stream`]).
//!
//! Every file is first written to a temporary sibling created exclusively (`O_CREAT | O_EXCL`, so
//! a planted symbolic link is never followed) under an unpredictable name, then renamed into
//! place. [`publish`] renames only when all of a set of files are staged, so a failure leaves the
//! folder as it was; a [`Stream`] renames each as it comes, and a failure part-way leaves each
//! file whole, new or as it was. A manifest lists the files the last build wrote: the next build removes
//! those it no longer writes (a renamed card's old face), and nothing else. The output folder
//! itself is checked before a build writes in it: never among the sources, never reached through
//! a link. The temporaries, and their removal however a build ends, are [`super::temporaries`].

use super::temporaries::{discard, remove_stale_temporaries, rename_in, stage};
use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

/// One output file, in memory.
#[derive(Debug, Clone)]
pub struct Output {
    /// Path relative to the game's output folder.
    pub path: PathBuf,
    /// Content.
    pub bytes: Vec<u8>,
}

/// Name of the manifest in a game's output folder: one relative path a line.
pub const MANIFEST: &str = ".ludopress-manifest";

/// A failure to publish, naming the file and saying what was left.
#[derive(Debug)]
pub struct Error {
    /// The file that could not be written (or the folder).
    pub path: PathBuf,
    /// What went wrong.
    pub reason: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

fn err(path: &Path, reason: impl std::fmt::Display) -> Error {
    Error {
        path: path.to_path_buf(),
        reason: reason.to_string(),
    }
}

/// How publishing treats files of an earlier build that this one does not write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sweep {
    /// Remove them (a whole build: the folder holds exactly what it wrote).
    Stale,
    /// Keep them (a partial build, e.g. one rulebook).
    Keep,
    /// Keep them, but for a picture (`x.png`) of a drawing (`x.svg`) this build wrote again
    /// without it (`--only … --no-png`): made from the old drawing, it would show what is no
    /// longer there, so it is removed and the drawing stands for itself.
    KeepFresh,
}

/// Writes `files` under `dir` all at once; returns the bytes of the files written. Unchanged
/// files are left alone (their timestamps too).
pub fn publish(dir: &Path, files: &[Output], sweep: Sweep) -> Result<u64, Error> {
    for f in files {
        if !is_safe_relative(&f.path) {
            return Err(err(&f.path, "not a plain path inside the output folder"));
        }
    }
    let old = open_folder(dir)?;
    let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut total = 0;
    let result = (|| {
        for f in files {
            let path = target(dir, &f.path)?;
            total += f.bytes.len() as u64;
            if unchanged(&path, &f.bytes) {
                continue;
            }
            let tmp = stage(&path, &f.bytes).map_err(|e| err(&path, e))?;
            staged.push((tmp, path));
        }
        let names = listed(
            files.iter().map(|f| slash_path(&f.path)).collect(),
            &old,
            sweep,
        );
        let list = manifest_text(&names);
        let manifest = dir.join(MANIFEST);
        if !unchanged(&manifest, list.as_bytes()) {
            staged.push((
                stage(&manifest, list.as_bytes()).map_err(|e| err(&manifest, e))?,
                manifest,
            ));
        }
        Ok(names)
    })();
    let names = match result {
        Ok(names) => names,
        Err(e) => {
            for (tmp, _) in &staged {
                discard(tmp);
            }
            return Err(e);
        }
    };
    for (i, (tmp, path)) in staged.iter().enumerate() {
        if let Err(e) = rename_in(tmp, path) {
            for (tmp, _) in &staged[i..] {
                discard(tmp);
            }
            return Err(err(path, e));
        }
    }
    if sweep == Sweep::Stale {
        sweep_stale(dir, &old, &names);
    }
    Ok(total)
}

/// A game's output folder written file by file as the build produces them: each file is whole
/// (temporary sibling, then rename) the moment it appears, so the first files reach the disk
/// early and nothing waits in memory. The manifest is written last: [`Stream::finish`] removes
/// what the previous build wrote and this one did not, [`Stream::abandon`] keeps it all.
pub struct Stream {
    dir: PathBuf,
    old: BTreeSet<String>,
    written: Mutex<(BTreeSet<String>, u64)>,
}

impl Stream {
    /// Opens `dir` (created if missing; a real folder, never a link) and removes temporaries an
    /// interrupted build left there.
    pub fn open(dir: &Path) -> Result<Stream, Error> {
        Ok(Stream {
            old: open_folder(dir)?,
            dir: dir.to_path_buf(),
            written: Mutex::new((BTreeSet::new(), 0)),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes one file now (left alone when it already holds `bytes`).
    pub fn put(&self, rel: &Path, bytes: &[u8]) -> Result<(), Error> {
        if !is_safe_relative(rel) {
            return Err(err(rel, "not a plain path inside the output folder"));
        }
        write_one(&target(&self.dir, rel)?, bytes)?;
        let mut w = self.written.lock().unwrap_or_else(|p| p.into_inner());
        w.0.insert(slash_path(rel));
        w.1 += bytes.len() as u64;
        Ok(())
    }

    /// The files written so far (relative, with `/`) and their bytes.
    pub fn written(&self) -> (BTreeSet<String>, u64) {
        self.written
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Ends a whole build: the manifest lists what was written, and the files of the last build
    /// that this one did not write are removed ([`Sweep::Stale`]) or kept ([`Sweep::Keep`]).
    /// Returns the bytes written.
    pub fn finish(self, sweep: Sweep) -> Result<u64, Error> {
        let (written, bytes) = self.written();
        let names = listed(written, &self.old, sweep);
        write_one(&self.dir.join(MANIFEST), manifest_text(&names).as_bytes())?;
        if sweep != Sweep::Keep {
            sweep_stale(&self.dir, &self.old, &names);
        }
        Ok(bytes)
    }

    /// Ends a failed build: the manifest lists the files of both builds, and nothing is removed.
    pub fn abandon(self) {
        let _ = self.finish(Sweep::Keep);
    }
}

/// Makes `dir` ready to write into: created if missing, a real folder (never a link), without
/// the temporaries an interrupted build left; returns what its manifest lists.
fn open_folder(dir: &Path) -> Result<BTreeSet<String>, Error> {
    std::fs::create_dir_all(dir).map_err(|e| err(dir, e))?;
    real_folder(dir)?;
    if let Some(e) = manifest_problem(dir) {
        return Err(e);
    }
    remove_stale_temporaries(dir);
    Ok(read_manifest(dir))
}

/// Where the file `rel` of `dir` goes, its folders made (each a real folder) and no folder in
/// its place.
fn target(dir: &Path, rel: &Path) -> Result<PathBuf, Error> {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        make_folders(dir, parent)?;
    }
    if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
        return Err(err(&path, "a folder stands where this file goes"));
    }
    Ok(path)
}

/// The names a manifest lists after a build that wrote `written`: those alone, or with the last
/// build's kept.
fn listed(mut written: BTreeSet<String>, old: &BTreeSet<String>, sweep: Sweep) -> BTreeSet<String> {
    match sweep {
        Sweep::Keep => written.extend(old.iter().cloned()),
        Sweep::KeepFresh => {
            let stale = |n: &String| {
                n.strip_suffix(".png").is_some_and(|stem| {
                    !written.contains(n) && written.contains(&format!("{stem}.svg"))
                })
            };
            let kept: Vec<String> = old.iter().filter(|n| !stale(n)).cloned().collect();
            written.extend(kept);
        }
        Sweep::Stale => {}
    }
    written
}

/// A manifest's text: one name a line.
fn manifest_text(names: &BTreeSet<String>) -> String {
    names.iter().map(|n| format!("{n}\n")).collect()
}

/// Removes the files named in `old` and not in `names`: only plain files the manifest names,
/// reached through real folders; never a folder, a link's target, or a file behind a linked
/// folder (a manifest and a link planted in an unpacked output folder must not reach outside it).
fn sweep_stale(dir: &Path, old: &BTreeSet<String>, names: &BTreeSet<String>) {
    for gone in old.difference(names) {
        if let Some(path) = inside(dir, Path::new(gone)) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Writes one file through a temporary sibling created exclusively, then a rename.
pub fn write_one(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    if unchanged(path, bytes) {
        return Ok(());
    }
    let tmp = stage(path, bytes).map_err(|e| err(path, e))?;
    rename_in(&tmp, path).map_err(|e| {
        discard(&tmp);
        err(path, e)
    })
}

/// A path of normal components only: no root, no `..`, no `.`.
fn is_safe_relative(path: &Path) -> bool {
    path.components().count() > 0 && path.components().all(|c| matches!(c, Component::Normal(_)))
}

fn slash_path(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// `dir/rel` when `rel` is a plain relative path whose every folder below `dir` is a real
/// folder and whose last part is a regular file.
fn inside(dir: &Path, rel: &Path) -> Option<PathBuf> {
    if !is_safe_relative(rel) {
        return None;
    }
    let mut at = dir.to_path_buf();
    let parts: Vec<_> = rel.components().collect();
    for (i, c) in parts.iter().enumerate() {
        at.push(c);
        let m = std::fs::symlink_metadata(&at).ok()?;
        let last = i + 1 == parts.len();
        if (last && !m.is_file()) || (!last && !m.is_dir()) {
            return None;
        }
    }
    Some(at)
}

/// Refuses a folder that is a symbolic link (writing through it would leave the output folder).
fn real_folder(path: &Path) -> Result<(), Error> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(m) if m.file_type().is_symlink() => Err(err(
            path,
            "is a symbolic link: ludopress writes only into real folders inside the output folder",
        )),
        Ok(_) => Err(err(path, "expected a folder, found a file")),
        Err(e) => Err(err(path, e)),
    }
}

/// Creates the folders from `dir` down to `parent`, each a real folder.
fn make_folders(dir: &Path, parent: &Path) -> Result<(), Error> {
    let rel = parent.strip_prefix(dir).unwrap_or(Path::new(""));
    let mut at = dir.to_path_buf();
    for c in rel.components() {
        at.push(c);
        match std::fs::symlink_metadata(&at) {
            // Another job of the same build may create it at the same moment.
            Err(_) => match std::fs::create_dir(&at) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => real_folder(&at)?,
                Err(e) => return Err(err(&at, e)),
            },
            Ok(_) => real_folder(&at)?,
        }
    }
    Ok(())
}

/// True when `path` is a regular file holding exactly `bytes`.
fn unchanged(path: &Path, bytes: &[u8]) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
        && std::fs::read(path).is_ok_and(|old| old == bytes)
}

/// Largest manifest read, in bytes: a build of the largest shipped game lists a few hundred
/// names (tens of KiB); 4 MiB is room for 40,000 names of 100 characters.
pub const MAX_MANIFEST_BYTES: u64 = 4 << 20;

/// What is wrong with the manifest of `dir`, if anything: it must be a regular file (a pipe
/// would hang its reading, a link would be read elsewhere) of at most [`MAX_MANIFEST_BYTES`].
/// A missing manifest is fine (a first build).
fn manifest_problem(dir: &Path) -> Option<Error> {
    let path = dir.join(MANIFEST);
    match std::fs::symlink_metadata(&path) {
        Err(_) => None,
        Ok(m) if !m.is_file() => Some(err(
            &path,
            "not a regular file (a link, a pipe, a device or a folder): remove it, the next build writes a new one",
        )),
        Ok(m) if m.len() > MAX_MANIFEST_BYTES => Some(err(
            &path,
            format!(
                "{} MiB, more than the {} MiB a manifest may hold: remove it, the next build writes a new one",
                m.len() >> 20,
                MAX_MANIFEST_BYTES >> 20
            ),
        )),
        Ok(_) => None,
    }
}

/// The files the last build wrote in `dir`, as listed by its manifest (unsafe lines are ignored;
/// a manifest that is not a regular file or is too large lists nothing: it is never opened).
pub fn read_manifest(dir: &Path) -> BTreeSet<String> {
    use std::io::Read;
    if manifest_problem(dir).is_some() {
        return BTreeSet::new();
    }
    let mut bytes = Vec::new();
    // Bounded again: the file may have grown since it was looked at.
    if let Ok(f) = std::fs::File::open(dir.join(MANIFEST)) {
        let _ = f.take(MAX_MANIFEST_BYTES).read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes)
        .lines()
        .filter(|l| !l.is_empty() && is_safe_relative(Path::new(l)))
        .map(str::to_string)
        .collect()
}

/// Deepest folder level searched for links under a game's output folder (ludopress writes
/// `<game>/exports/pod/<lang>/<component>/`: five levels).
const MAX_OUTPUT_DEPTH: usize = 8;

/// Most entries looked at under one game's output folder before the search stops (a folder of
/// a million unrelated files is not ours to walk).
const MAX_OUTPUT_ENTRIES: usize = 200_000;

/// The rule for every folder a command writes into (`build`, `export`, `analyze`, `play
/// --record`, `watch`), checked before anything is written: `out` and every folder of its
/// path below the project `root` (or, for a folder outside the project, the folders named in
/// `out` itself) are real folders, never links; the folders `subs` under it (the games' folders)
/// and everything in them hold no link and a sound manifest; and `out` is not inside
/// `games/` or `templates/`, the sources. Missing folders are fine (they will be made).
/// Returns the place and the reason of the first thing refused; the commands report it alike
/// (exit status 2).
///
/// `out` is first read without touching the disk ([`lexical`]): `./x/../games` is `games`,
/// refused, and `./x` is never made. The path returned is that reading, the one every file is
/// then written under; [`make_output_folder`] makes it and checks it again.
pub fn check_output_folder(
    root: &Path,
    out: &Path,
    subs: &[&str],
) -> Result<PathBuf, crate::base::diag::Diagnostics> {
    let out = &lexical(out);
    let refuse =
        |at: &Path, why: &str| crate::base::diag::Diagnostic::file(at, why.to_string()).into();
    const LINK: &str = "this folder is a symbolic link: ludopress writes only into real folders (the output folder, its folders inside the project and every folder under it); remove the link or choose another `--out`";
    const NOT_FOLDER: &str =
        "this is not a folder: the output folder and the folders under it must be real folders";
    // Whether `at` exists (a missing folder will be made); a link or a file is refused.
    let real_or_missing = |at: &Path| -> Result<bool, crate::base::diag::Diagnostics> {
        match std::fs::symlink_metadata(at) {
            Err(_) => Ok(false),
            Ok(m) if m.file_type().is_symlink() => Err(refuse(at, LINK)),
            Ok(m) if !m.is_dir() => Err(refuse(at, NOT_FOLDER)),
            Ok(_) => Ok(true),
        }
    };
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let abs_root = lexical(&abs(root));
    let abs_out = lexical(&abs(out));
    // The folders of `out` checked: those below the project root when `out` is inside it, or
    // those written in `out` (relative to the current folder) otherwise; always `out` itself.
    let inside_project = abs_out.starts_with(&abs_root) && abs_out != abs_root;
    let mut at = PathBuf::new();
    let parts: Vec<Component> = out.components().collect();
    for (i, c) in parts.iter().enumerate() {
        at.push(c);
        if !matches!(c, Component::Normal(_)) {
            continue;
        }
        let last = i + 1 == parts.len();
        let mine = lexical(&abs(&at));
        let checked =
            last || !out.is_absolute() || (mine.starts_with(&abs_root) && mine != abs_root);
        if !checked {
            continue;
        }
        if !real_or_missing(&at)? {
            break;
        }
    }
    if inside_project {
        // The folders between the root and `out` when `out` was given from elsewhere.
        let rel = abs_out.strip_prefix(&abs_root).unwrap_or(Path::new(""));
        let mut at = root.to_path_buf();
        for c in rel.components() {
            at.push(c);
            if !real_or_missing(&at)? {
                break;
            }
        }
    }
    // Never among the sources: resolved, so that a link to them is caught as well.
    if let Some(refused) = among_sources(root, out, &resolved(out)) {
        return Err(refused);
    }
    for sub in subs {
        let dir = out.join(sub);
        if !real_or_missing(&dir)? {
            continue;
        }
        if let Some(link) = link_under(&dir) {
            return Err(refuse(&link, LINK));
        }
        if let Some(e) = manifest_problem(&dir) {
            return Err(refuse(&e.path, &e.reason));
        }
    }
    Ok(out.clone())
}

/// The refusal of `out` (shown as given) when `real`, its resolved path, lies inside the
/// project's `games/` or `templates/`, the sources.
fn among_sources(root: &Path, out: &Path, real: &Path) -> Option<crate::base::diag::Diagnostics> {
    ["games", "templates"].iter().find_map(|src| {
        let dir = std::fs::canonicalize(root.join(src)).ok()?;
        real.starts_with(&dir).then(|| {
            crate::base::diag::Diagnostic::file(
                out,
                format!(
                    "the output folder is inside `{}`, among the sources: choose another `--out`",
                    dir.display()
                ),
            )
            .into()
        })
    })
}

/// Makes the output folder `dir` (a path [`check_output_folder`] returned, or a folder under
/// it), checked before (its existing part resolved) and again after, on its canonical path now
/// that every part of it exists: a folder or a link put in its way since the command's check
/// must not lead the writing among the sources.
pub fn make_output_folder(root: &Path, dir: &Path) -> Result<(), crate::base::diag::Error> {
    use crate::base::diag::Error;
    let dir = lexical(dir);
    if let Some(refused) = among_sources(root, &dir, &resolved(&dir)) {
        return Err(Error::Input(refused));
    }
    std::fs::create_dir_all(&dir).map_err(|e| Error::file("", &dir, e))?;
    let real = std::fs::canonicalize(&dir).map_err(|e| Error::file("", &dir, e))?;
    match among_sources(root, &dir, &real) {
        Some(refused) => Err(Error::Input(refused)),
        None => Ok(()),
    }
}

/// `path` read without touching the disk: `.` dropped, each `..` taking off the part before it
/// (kept at the start of a relative path, dropped right after the root); `.` when nothing is
/// left. No link is resolved: the parts are compared, not the files, and the path read is the
/// one then written to, so what was checked is where the files go.
pub fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(".."),
            },
            other => out.push(other),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// `path` resolved: its nearest existing folder resolved, then the rest of it.
fn resolved(path: &Path) -> PathBuf {
    let mut base = path.to_path_buf();
    let mut rest = Vec::new();
    while std::fs::symlink_metadata(&base).is_err() {
        match (base.file_name().map(|n| n.to_os_string()), base.parent()) {
            (Some(n), Some(p)) => {
                rest.push(n);
                base = if p.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    p.to_path_buf()
                };
            }
            _ => break,
        }
    }
    let mut full = std::fs::canonicalize(&base).unwrap_or(base);
    full.extend(rest.iter().rev());
    full
}

/// The first symbolic link found under `dir` (links are never followed), searched
/// [`MAX_OUTPUT_DEPTH`] levels deep and over at most [`MAX_OUTPUT_ENTRIES`] entries.
fn link_under(dir: &Path) -> Option<PathBuf> {
    let mut folders = vec![(dir.to_path_buf(), 0)];
    let mut seen = 0;
    while let Some((folder, depth)) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for e in entries.flatten() {
            seen += 1;
            if seen > MAX_OUTPUT_ENTRIES {
                return None;
            }
            let Ok(kind) = e.file_type() else { continue };
            if kind.is_symlink() {
                return Some(e.path());
            }
            if kind.is_dir() && depth < MAX_OUTPUT_DEPTH {
                folders.push((e.path(), depth + 1));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_without_the_disk() {
        let l = |p: &str| lexical(Path::new(p));
        assert_eq!(l("./x/../games"), PathBuf::from("games"));
        assert_eq!(l("a/b/../../c"), PathBuf::from("c"));
        assert_eq!(l("../a/./b/.."), PathBuf::from("../a"));
        assert_eq!(l("x/../.."), PathBuf::from(".."));
        assert_eq!(l("/../etc"), PathBuf::from("/etc"));
        assert_eq!(l("./x/.."), PathBuf::from("."));
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_made_through_a_link_to_the_sources_is_refused_once_made() {
        let root = std::env::temp_dir().join(format!("ludopress-made-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("games/g")).unwrap();
        // Put in the way after the check: `out` leads into `games/`.
        std::os::unix::fs::symlink(root.join("games"), root.join("out")).unwrap();
        let e = make_output_folder(&root, &root.join("out/g/play")).unwrap_err();
        assert!(e.to_string().contains("among the sources"), "{e}");
        assert!(
            !root.join("games/g/play").exists(),
            "made among the sources"
        );
        make_output_folder(&root, &root.join("elsewhere/./g")).unwrap();
        assert!(root.join("elsewhere/g").is_dir());
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn only_plain_relative_paths_are_safe() {
        assert!(is_safe_relative(Path::new("components/a.svg")));
        assert!(!is_safe_relative(Path::new("../a.svg")));
        assert!(!is_safe_relative(Path::new("/tmp/a.svg")));
        assert!(!is_safe_relative(Path::new("a/../../b")));
        assert!(!is_safe_relative(Path::new("")));
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_manifest_line_never_removes_a_file_behind_a_linked_folder() {
        let base = std::env::temp_dir().join(format!("ludopress-sweep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let (dir, victim) = (base.join("out"), base.join("victim"));
        std::fs::create_dir_all(&victim).unwrap();
        std::fs::write(victim.join("precious.txt"), "x").unwrap();
        let file = |p: &str| Output {
            path: PathBuf::from(p),
            bytes: b"a".to_vec(),
        };
        publish(&dir, &[file("a.txt"), file("sub/b.txt")], Sweep::Stale).unwrap();
        // An unpacked output folder carrying a link and a manifest that names a file through it.
        std::os::unix::fs::symlink(&victim, dir.join("zz")).unwrap();
        let mut manifest = std::fs::read_to_string(dir.join(MANIFEST)).unwrap();
        manifest.push_str("zz/precious.txt\n../victim/precious.txt\n");
        std::fs::write(dir.join(MANIFEST), manifest).unwrap();
        publish(&dir, &[file("a.txt")], Sweep::Stale).unwrap();
        assert!(
            victim.join("precious.txt").exists(),
            "reached through a link"
        );
        assert!(
            !dir.join("sub/b.txt").exists(),
            "a stale file of ours is removed"
        );
        let _ = std::fs::remove_dir_all(&base);
    }
}
