//! The one rule for every file a game names (data files, art, fonts, icons, an SVG's image
//! links, rulebooks, the engine program named by a path): resolved with its links followed, it must lie inside the game's folder,
//! be a regular file and fit its size limit; it is then read with that limit, never more.
//!
//! Callers turn the reason returned here into a diagnostic at the place that names the file
//! (a key of game.toml, an attribute of an SVG), so the check lives in one place and the
//! message in the caller's.

use std::io::Read;
use std::path::{Path, PathBuf};

pub use crate::base::diag::Refused;

impl From<Refused> for String {
    fn from(r: Refused) -> Self {
        r.0
    }
}

/// Resolves `named` (relative to `base`, a folder inside `within`) to the real path of a
/// regular file inside `within`, links resolved, of at most `limit` bytes. The error says
/// why, in words for a message placed where the file is named.
pub fn resolve(within: &Path, base: &Path, named: &Path, limit: u64) -> Result<PathBuf, Refused> {
    if named.is_absolute() || named.has_root() {
        return Err(Refused::from(
            "an absolute path: name a file inside the game's folder",
        ));
    }
    let joined = base.join(named);
    // The metadata of the link itself first: a missing file and a dangling link read alike.
    if std::fs::symlink_metadata(&joined).is_err() {
        return Err(Refused::from("no such file"));
    }
    let real =
        std::fs::canonicalize(&joined).map_err(|e| Refused(format!("cannot resolve it: {e}")))?;
    let root = std::fs::canonicalize(within)
        .map_err(|e| Refused(format!("cannot resolve the game's folder: {e}")))?;
    if !real.starts_with(&root) {
        return Err(Refused::from(format!(
            "it leads outside the game's folder (to {}): only files inside it are read",
            real.display()
        )));
    }
    check_file(&real, limit)?;
    Ok(real)
}

/// Checks that `path` (already resolved) is a regular file of at most `limit` bytes. Checked
/// before opening: opening a pipe waits for a writer, a device may never end.
pub fn check_file(path: &Path, limit: u64) -> Result<u64, Refused> {
    let meta = std::fs::metadata(path).map_err(|e| Refused(format!("cannot read it: {e}")))?;
    if meta.is_dir() {
        return Err(Refused::from("a folder, not a file"));
    }
    if !meta.is_file() {
        return Err(Refused::from(
            "not a regular file (a device, a pipe or a socket)",
        ));
    }
    if meta.len() > limit {
        return Err(Refused::from(too_large(meta.len(), limit)));
    }
    Ok(meta.len())
}

/// Reads a file checked by [`resolve`] or [`check_file`], never more than `limit` bytes (the
/// file may have grown since it was checked).
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, Refused> {
    check_file(path, limit)?;
    let file = std::fs::File::open(path).map_err(|e| Refused(format!("cannot read it: {e}")))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Refused(format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(Refused::from(too_large(bytes.len() as u64, limit)));
    }
    Ok(bytes)
}

fn too_large(len: u64, limit: u64) -> String {
    if limit >= 1 << 20 {
        format!(
            "the file has more than {} MiB; the limit is {} MiB",
            len >> 20,
            limit >> 20
        )
    } else {
        format!(
            "the file has more than {} KiB; the limit is {} KiB",
            len >> 10,
            limit >> 10
        )
    }
}

/// Whether anything bears the name `path` (a file, a folder, a pipe, a device, a link, even one
/// that leads nowhere), its links not followed. A file found by its name rather than named by
/// the game (a rulebook, `analysis.json`) is looked for with this, then held to the rule of
/// [`inside`]: what stands at its name is refused there, never skipped for not being a file.
pub fn present(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Resolves a file at a fixed name in a game's folder (its rulebooks): the same rule, for a
/// path the program chose rather than the game.
pub fn inside(within: &Path, path: &Path, limit: u64) -> Result<PathBuf, Refused> {
    let name = path.file_name().map(Path::new).unwrap_or(path);
    let base = path.parent().unwrap_or(within);
    resolve(within, base, name, limit)
}

/// The program file a game names by a path (`command[0]` with a `/`): links resolved, it must
/// lie inside the game's folder `dir` and be a regular file.
pub fn program_in(dir: &Path, program: &str) -> Result<PathBuf, Refused> {
    let shown = crate::base::diag::escape_controls(program);
    let rel = Path::new(program);
    if rel.is_absolute() {
        return Err(Refused::from(format!(
            "the program `{shown}` is an absolute path: name a program on PATH (`python3`) or a file of the game's folder (`./engine.sh`)"
        )));
    }
    if rel
        .components()
        .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return Err(Refused::from(format!(
            "the program `{shown}` leaves the game's folder (`..`): name a program on PATH (`python3`) or a file of the game's folder (`./engine.sh`)"
        )));
    }
    let folder = dir.canonicalize().map_err(|e| {
        Refused(format!(
            "cannot resolve the game's folder {}: {e}",
            dir.display()
        ))
    })?;
    let real = folder.join(rel).canonicalize().map_err(|e| {
        Refused(format!(
            "the program `{shown}` is not a file of the game's folder ({e})"
        ))
    })?;
    if !real.starts_with(&folder) {
        return Err(Refused::from(format!(
            "the program `{shown}` is a link that leads out of the game's folder, to {}",
            real.display()
        )));
    }
    if !real.is_file() {
        return Err(Refused::from(format!(
            "the program `{shown}` is not a regular file"
        )));
    }
    Ok(real)
}

/// An editor's or a system's scratch file (`.game.toml.swp`, `game.toml~`, `#game.toml#`,
/// `.#game.toml`, `4913`, `.DS_Store`, `x.bak`, `x.tmp`): it changes nothing a build reads.
pub fn is_scratch(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    name.ends_with('~')
        || [".swp", ".swx", ".bak", ".tmp"]
            .iter()
            .any(|e| name.ends_with(e))
        || (name.starts_with('#') && name.ends_with('#'))
        || name.starts_with(".#")
        || name == "4913"
        || name == ".DS_Store"
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn links_out_folders_devices_and_big_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("ludopress-paths-{}", std::process::id()));
        let game = dir.join("game");
        std::fs::create_dir_all(game.join("art")).unwrap();
        std::fs::write(game.join("art/a.svg"), "<svg/>").unwrap();
        std::fs::write(dir.join("secret.txt"), "secret").unwrap();
        std::os::unix::fs::symlink(dir.join("secret.txt"), game.join("out.csv")).unwrap();
        std::os::unix::fs::symlink("art/a.svg", game.join("in.svg")).unwrap();
        let ok = resolve(&game, &game, Path::new("in.svg"), 100).unwrap();
        assert!(ok.ends_with("art/a.svg"), "{ok:?}");
        // From the art folder, `../art/a.svg` stays inside.
        assert!(resolve(&game, &game.join("art"), Path::new("../art/a.svg"), 100).is_ok());
        let e = resolve(&game, &game, Path::new("out.csv"), 100).unwrap_err();
        assert!(e.0.contains("outside the game's folder"), "{e}");
        let e = resolve(&game, &game.join("art"), Path::new("../../secret.txt"), 100).unwrap_err();
        assert!(e.0.contains("outside"), "{e}");
        let e = resolve(&game, &game, Path::new("/etc/passwd"), 100).unwrap_err();
        assert!(e.0.contains("absolute"), "{e}");
        assert!(resolve(&game, &game, Path::new("art"), 100)
            .unwrap_err()
            .0
            .contains("folder"));
        assert!(resolve(&game, &game, Path::new("art/a.svg"), 3)
            .unwrap_err()
            .0
            .contains("limit"));
        assert!(check_file(Path::new("/dev/zero"), 100)
            .unwrap_err()
            .0
            .contains("not a regular file"));
        assert_eq!(read(&ok, 100).unwrap(), b"<svg/>");
        assert!(read(&ok, 5).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn scratch_files_are_recognised() {
        use std::path::Path;
        assert!(super::is_scratch(Path::new("games/a/.game.toml.swp")));
        assert!(super::is_scratch(Path::new("games/a/game.toml~")));
        assert!(super::is_scratch(Path::new("games/a/#game.toml#")));
        assert!(super::is_scratch(Path::new("games/a/.#game.toml")));
        assert!(super::is_scratch(Path::new("games/a/.DS_Store")));
        assert!(!super::is_scratch(Path::new("games/a/game.toml")));
        assert!(!super::is_scratch(Path::new("games/a/cards.csv")));
    }
}
