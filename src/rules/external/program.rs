//! Which file a game's engine command runs: the one resolution that consent hashes
//! ([`crate::rules::external::trust`]), the confinement grants ([`crate::rules::external::confine`])
//! and [`crate::rules::external::External::start`] executes, so the program run is exactly the
//! one looked at. A path (`./engine.sh`) is a file of the game's folder; a bare name (`python3`)
//! is looked up in the absolute folders of `PATH` only (an empty or relative entry would find
//! it in whatever the current folder is: the game's own folder, where anything can be put), and
//! a pyenv shim is taken for the interpreter it stands for.

use crate::base::paths::Refused;
use crate::definition::model::EngineDef;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The program the engine `def` runs, with `path` as `PATH`: for a path, its real path in the
/// game's folder; for a bare name, the first executable file of that name in an absolute folder
/// of `path` (a pyenv shim replaced by its interpreter), as found (not resolved: a virtual
/// environment's `python3` is a link that must be run by its own path). `Err` says why none,
/// for a message that names the game's engine.
pub fn resolve(def: &EngineDef, path: Option<&OsStr>) -> Result<PathBuf, Refused> {
    let name = def.command.first().map(String::as_str).unwrap_or("");
    let shown = crate::base::diag::escape_controls(name).into_owned();
    if name.contains('/') {
        return crate::base::paths::program_in(&def.dir, name);
    }
    let found = on_path(name, path, None).ok_or_else(|| {
        Refused(format!(
            "the program `{shown}` is not found in the absolute folders of PATH"
        ))
    })?;
    match pyenv_root(&found) {
        Some(root) => pyenv_interpreter(&root, name, &def.dir, path),
        None => Ok(found),
    }
}

/// The first executable file `name` in an absolute folder of `path` (empty and relative
/// entries skipped), leaving out the folders under `skip`.
fn on_path(name: &str, path: Option<&OsStr>, skip: Option<&Path>) -> Option<PathBuf> {
    if name.is_empty() || name == "." || name == ".." {
        return None;
    }
    std::env::split_paths(path?)
        .filter(|d| d.is_absolute())
        .filter(|d| skip.is_none_or(|s| !d.starts_with(s)))
        .map(|d| d.join(name))
        .find(|p| executable(p))
}

/// Whether `p` is a regular file (links followed) that may be executed.
fn executable(p: &Path) -> bool {
    let Ok(m) = std::fs::metadata(p) else {
        return false;
    };
    #[cfg(unix)]
    {
        m.is_file() && std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        m.is_file()
    }
}

/// The pyenv folder `found` is a shim of (`<root>/shims/<name>`, with `<root>/libexec/pyenv`).
fn pyenv_root(found: &Path) -> Option<PathBuf> {
    let shims = found.parent()?;
    if shims.file_name()? != "shims" {
        return None;
    }
    let root = shims.parent()?;
    root.join("libexec/pyenv")
        .is_file()
        .then(|| root.to_path_buf())
}

/// The interpreter a pyenv shim `name` runs in `dir`, chosen as pyenv chooses it: the versions
/// of `PYENV_VERSION`, else of the first `.python-version` in `dir` or a folder above it, else of
/// `<root>/version`, else `system`; the first that has the program. A version is a folder of
/// `<root>/versions` (a name with `/` or `..` is refused); `system` is the program on `PATH`
/// outside pyenv. pyenv itself is not run: it is not confined, and reads hooks and plugins.
fn pyenv_interpreter(
    root: &Path,
    name: &str,
    dir: &Path,
    path: Option<&OsStr>,
) -> Result<PathBuf, Refused> {
    let versions = pyenv_versions(root, dir);
    for v in &versions {
        if v == "system" {
            if let Some(p) = on_path(name, path, Some(root)) {
                return Ok(p);
            }
            continue;
        }
        if v.contains('/') || v == "." || v == ".." {
            return Err(Refused(format!(
                "the pyenv version `{}` is not a version name",
                crate::base::diag::escape_controls(v)
            )));
        }
        let p = root.join("versions").join(v).join("bin").join(name);
        if executable(&p) {
            return Ok(p);
        }
    }
    Err(Refused(format!(
        "pyenv has no `{name}` for the version(s) {} (`pyenv versions` lists them)",
        crate::base::diag::escape_controls(&versions.join(", "))
    )))
}

/// Most bytes of a `.python-version` or `version` file read.
const MAX_VERSION_FILE: u64 = 4096;

/// The versions pyenv picks in `dir`, in order.
fn pyenv_versions(root: &Path, dir: &Path) -> Vec<String> {
    if let Some(v) = std::env::var("PYENV_VERSION")
        .ok()
        .filter(|v| !v.is_empty())
    {
        return v.split(':').map(str::to_string).collect();
    }
    let from = |file: &Path| -> Option<Vec<String>> {
        use std::io::Read;
        let mut text = String::new();
        std::fs::File::open(file)
            .ok()?
            .take(MAX_VERSION_FILE)
            .read_to_string(&mut text)
            .ok()?;
        let words: Vec<String> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::split_whitespace)
            .map(str::to_string)
            .collect();
        (!words.is_empty()).then_some(words)
    };
    let start = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    start
        .ancestors()
        .find_map(|d| from(&d.join(".python-version")))
        .or_else(|| from(&root.join("version")))
        .unwrap_or_else(|| vec!["system".into()])
}
