//! Confinement of a game's engine program where the system allows it. On Linux with Landlock,
//! the engine is started as `ludopress __confine DIR -- PROGRAM ARGS...`: that process restricts
//! itself (the game folder DIR read-only, the system's program folders and the program's own
//! installation readable ([`grants`]), `/etc` entry by entry without its secrets, nothing writable, no TCP bind or connect when the kernel can
//! refuse them) and then becomes the
//! program (`exec`), which inherits the restriction with everything it starts. Going through
//! the binary keeps the code safe (no `pre_exec`). Elsewhere, and on a kernel without Landlock,
//! nothing is confined: the engine runs with the rights of the person who runs ludopress.

use crate::base::diag::{Diagnostic, Diagnostics, Error};
use std::path::{Path, PathBuf};

/// The hidden subcommand that confines itself, then runs the engine.
pub const COMMAND: &str = "__confine";

/// Folders an interpreter needs to start, readable (and executable) by a confined engine.
/// `/etc` is not one: its entries are granted one by one ([`etc_entries`]).
pub const SYSTEM_FOLDERS: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/opt", "/nix",
];

/// The configuration folder, granted entry by entry so that its secrets stay out of reach.
pub const ETC: &str = "/etc";

/// Entries of `/etc` (relative paths) never granted: password hashes, privileges, keys.
pub const ETC_SECRETS: &[&str] = &[
    "shadow",
    "shadow-",
    "gshadow",
    "gshadow-",
    "sudoers",
    "sudoers.d",
    "ssh",
    "ssl/private",
    "security",
    "credstore",
    "credstore.encrypted",
    "krb5.keytab",
];

/// Most entries of one folder of `/etc` looked at (a usual `/etc` holds a few hundred).
pub const MAX_ETC_ENTRIES: usize = 4096;

/// Files a confined engine may read besides.
pub const SYSTEM_FILES: &[&str] = &["/dev/null", "/dev/urandom"];

/// The one file a confined engine may write: `/dev/null`, which keeps nothing (a shell script
/// that sends a message to it still runs).
pub const SINK: &str = "/dev/null";

/// Whether engines can be confined here (Landlock in the running kernel), asked once.
pub fn available() -> bool {
    static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVAILABLE.get_or_init(probe)
}

/// Why engines run unconfined here, for the note that says so.
pub fn unavailable_reason() -> &'static str {
    if cfg!(target_os = "linux") {
        "this Linux kernel has no Landlock"
    } else {
        "ludopress confines engines on Linux only"
    }
}

#[cfg(target_os = "linux")]
fn probe() -> bool {
    use landlock::{Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr, ABI};
    // A ruleset that requires Landlock is created, then dropped: nothing is restricted here.
    Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(ABI::V1))
        .and_then(|r| r.create())
        .is_ok()
}

#[cfg(not(target_os = "linux"))]
fn probe() -> bool {
    false
}

/// The installation folder of the program `program` (run from outside the game folder `dir`):
/// the `<prefix>` of `<prefix>/bin/<program>` when it looks like one installation (it has a
/// `lib` or `lib64` folder: a pyenv version, a virtual environment, `/usr/local`), so that an
/// interpreter installed outside the system folders starts. Never a relative one, a top folder
/// (`/`, `/home`, `/root`), the home folder, a folder directly in it (`~/.local`, `~/.cargo`,
/// `~/.pyenv` hold other programs' data), nor one that holds the home folder or `dir` (it would
/// hold other games).
fn installation(program: &Path, dir: &Path, home: Option<&Path>) -> Option<PathBuf> {
    let bin = program.parent()?;
    if bin.file_name()? != "bin" {
        return None;
    }
    let p = bin.parent()?;
    let normal = p
        .components()
        .filter(|c| matches!(c, std::path::Component::Normal(_)))
        .count();
    let near_home = home.is_some_and(|h| h.starts_with(p) || p.parent() == Some(h));
    if !p.is_absolute() || normal < 2 || near_home || dir.starts_with(p) {
        return None;
    }
    if !p.join("lib").is_dir() && !p.join("lib64").is_dir() {
        return None;
    }
    Some(p.to_path_buf())
}

/// The folders a confined engine of the game folder `dir` may read, whose program is `program`
/// (as [`crate::rules::external::program::resolve`] found it), with `$HOME` as it is.
pub fn readable_folders(program: &Path, dir: &Path) -> Vec<PathBuf> {
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from);
    grants(program, dir, home.as_deref())
}

/// The folders (and files) a confined engine may read: the system's, and for a program from
/// outside the game folder `dir`, the program itself as found and as its real path, with the
/// installation of each ([`installation`]), that exist. A program of the game folder gets
/// nothing more (its grandparent would be the folder of every game).
pub fn grants(program: &Path, dir: &Path, home: Option<&Path>) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = SYSTEM_FOLDERS.iter().map(PathBuf::from).collect();
    let real = program.canonicalize().ok();
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    if program.is_absolute() && !real.as_ref().is_some_and(|r| r.starts_with(&dir)) {
        for p in std::iter::once(program.to_path_buf()).chain(real) {
            out.extend(installation(&p, &dir, home));
            out.push(p);
        }
    }
    out.retain(|p| p.exists());
    out.sort();
    out.dedup();
    out
}

/// Most entries of a game folder looked at for device nodes, FIFOs and sockets.
pub const MAX_GAME_ENTRIES: usize = 100_000;

/// Refuses a game folder `dir` that holds a device node, a FIFO or a socket (links are not
/// followed): the confined engine may read everything under its folder, and such a file leads
/// elsewhere (a character device to the kernel's log, a FIFO to another process). Bad input at
/// that path (exit status 2); a folder with over [`MAX_GAME_ENTRIES`] entries is refused too.
pub fn check_folder(dir: &Path) -> Result<(), Error> {
    let refuse =
        |path: &Path, m: String| Error::Input(Diagnostics(vec![Diagnostic::file(path, m)]));
    let mut todo = vec![dir.to_path_buf()];
    let mut seen = 0usize;
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| Error::file("cannot read", &d, e))?;
        for e in entries {
            let e = e.map_err(|e| Error::file("cannot read", &d, e))?;
            seen += 1;
            if seen > MAX_GAME_ENTRIES {
                return Err(refuse(
                    dir,
                    format!("the game's folder holds over {MAX_GAME_ENTRIES} entries: too many for its engine program to be run"),
                ));
            }
            let path = e.path();
            let kind = e
                .file_type()
                .map_err(|e| Error::file("cannot read", &path, e))?;
            if kind.is_dir() {
                todo.push(path);
                continue;
            }
            if let Some(what) = special(&kind) {
                return Err(refuse(
                    &path,
                    format!("{what} in the game's folder: its engine program is not run (a confined engine may read its whole folder, and this leads out of it); remove it"),
                ));
            }
        }
    }
    Ok(())
}

/// What a special file is, or `None` for a file, a folder or a link.
#[cfg(unix)]
fn special(kind: &std::fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_char_device() || kind.is_block_device() {
        Some("a device node")
    } else if kind.is_fifo() {
        Some("a FIFO (named pipe)")
    } else if kind.is_socket() {
        Some("a socket")
    } else {
        None
    }
}

#[cfg(not(unix))]
fn special(_: &std::fs::FileType) -> Option<&'static str> {
    None
}

/// The entries of `/etc` a confined engine may read (an interpreter reads its configuration
/// there: Debian's python reads `/etc/python3.*`), sorted: every entry but the secrets of
/// [`ETC_SECRETS`] and what not everyone may read (mode without `o+r`, so that an engine run by
/// root reads no more than anyone). A folder holding such an entry is granted entry by entry
/// in turn (`ssl` without `private`), down to `/etc/a/b`.
pub fn etc_entries() -> Vec<PathBuf> {
    let mut out = Vec::new();
    grant_within(Path::new(ETC), "", 0, &mut out);
    out
}

fn grant_within(dir: &Path, rel: &str, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut names: Vec<std::ffi::OsString> = entries
        .take(MAX_ETC_ENTRIES)
        .flatten()
        .map(|e| e.file_name())
        .collect();
    names.sort();
    for name in names {
        let Some(n) = name.to_str() else { continue };
        let rel = if rel.is_empty() {
            n.to_string()
        } else {
            format!("{rel}/{n}")
        };
        let path = dir.join(n);
        if !open_to_all(&rel, &path) {
            continue;
        }
        if path.is_dir() && holds_closed(&rel, &path) {
            if depth < 1 {
                grant_within(&path, &rel, depth + 1, out);
            }
            continue;
        }
        out.push(path);
    }
}

/// Whether the entry `rel` of `/etc` at `path` may be granted: no secret, readable by everyone
/// (links followed: a dangling one is not).
fn open_to_all(rel: &str, path: &Path) -> bool {
    if ETC_SECRETS.contains(&rel) {
        return false;
    }
    match std::fs::metadata(path) {
        #[cfg(unix)]
        Ok(m) => std::os::unix::fs::MetadataExt::mode(&m) & 0o004 != 0,
        #[cfg(not(unix))]
        Ok(_) => true,
        Err(_) => false,
    }
}

/// Whether the folder `rel` of `/etc` holds an entry that may not be granted (or cannot be
/// listed whole): it is then granted entry by entry, or not at all.
fn holds_closed(rel: &str, path: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(path) else {
        return true;
    };
    let mut seen = 0;
    for e in entries {
        seen += 1;
        let Ok(e) = e else { return true };
        let Some(n) = e.file_name().to_str().map(str::to_string) else {
            return true;
        };
        if seen > MAX_ETC_ENTRIES || !open_to_all(&format!("{rel}/{n}"), &e.path()) {
            return true;
        }
    }
    false
}

/// `__confine DIR -- PROGRAM ARGS...`: confines this process, then becomes the program. Returns
/// only on failure, with the message to print (the engine then does not run).
pub fn run(args: &[std::ffi::OsString]) -> String {
    let (Some(dir), Some(sep)) = (args.first(), args.get(1)) else {
        return format!("usage: ludopress {COMMAND} DIR -- PROGRAM ARGS...");
    };
    if sep != "--" || args.len() < 3 {
        return format!("usage: ludopress {COMMAND} DIR -- PROGRAM ARGS...");
    }
    let program = Path::new(&args[2]);
    if let Err(e) = restrict(Path::new(dir), program) {
        return format!("cannot confine the engine: {e}");
    }
    run_program(program, &args[3..])
}

#[cfg(unix)]
fn run_program(program: &Path, args: &[std::ffi::OsString]) -> String {
    use std::os::unix::process::CommandExt;
    let e = std::process::Command::new(program).args(args).exec();
    format!("cannot start the engine {}: {e}", program.display())
}

#[cfg(not(unix))]
fn run_program(program: &Path, _: &[std::ffi::OsString]) -> String {
    format!(
        "cannot start the engine {}: not on this system",
        program.display()
    )
}

/// Restricts this process and every process it will start: reads inside `dir`, the system's
/// folders and the open entries of `/etc`, no write anywhere, no TCP. Fails rather than run an engine half-confined on a
/// kernel that has Landlock.
#[cfg(target_os = "linux")]
fn restrict(dir: &Path, program: &Path) -> Result<(), Error> {
    use landlock::{
        path_beneath_rules, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset,
        RulesetAttr, RulesetCreatedAttr, RulesetStatus, Scope, ABI,
    };
    let abi = ABI::V6;
    let read = AccessFs::from_read(abi);
    let mut folders = readable_folders(program, dir);
    folders.extend(etc_entries());
    folders.push(dir.to_path_buf());
    let files: Vec<&str> = SYSTEM_FILES
        .iter()
        .copied()
        .filter(|f| Path::new(f).exists())
        .collect();
    let status = Ruleset::default()
        // Every file system right is handled (so refused unless a rule grants it): Landlock
        // itself is required; rights newer than the kernel's are dropped, best effort.
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(ABI::V1))
        .and_then(|r| {
            r.set_compatibility(CompatLevel::BestEffort)
                .handle_access(AccessFs::from_all(abi))
        })
        .and_then(|r| r.handle_access(AccessNet::from_all(abi)))
        .and_then(|r| r.scope(Scope::from_all(abi)))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(&folders, read)))
        .and_then(|r| r.add_rules(path_beneath_rules(&files, AccessFs::ReadFile)))
        .and_then(|r| r.add_rules(path_beneath_rules([SINK], AccessFs::WriteFile)))
        .and_then(|r| r.restrict_self())
        .map_err(Error::system)?;
    if status.ruleset == RulesetStatus::NotEnforced {
        return Err(Error::system("Landlock is not enforced by this kernel"));
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn restrict(_: &Path, _: &Path) -> Result<(), Error> {
    Err(Error::system("ludopress confines engines on Linux only"))
}
