//! The temporary files of a build, and their removal however the build ends. A file of the
//! output folder is first staged as a temporary sibling ([`stage`]), created exclusively
//! (`O_CREAT | O_EXCL`, so a planted symbolic link is never followed) under an unpredictable
//! name, then renamed into place or discarded ([`super::output`] decides which). An interrupted
//! build (Ctrl-C, `SIGTERM`, `SIGHUP`) removes its temporaries before it stops
//! ([`remove_temporaries_on_signal`]), after the work upper stages registered
//! ([`on_interrupt`]). A build killed outright (`SIGKILL`), which no program can catch, is
//! outlived by a watcher process ([`watch_with`], [`watch`]) that removes the temporaries it was
//! told of; after a power cut, the start of the next build removes them
//! ([`remove_stale_temporaries`]).

use std::collections::BTreeSet;
use std::hash::{BuildHasher, Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The temporary files of this process that exist now (or are about to): an interrupted build
/// removes them.
static LIVE: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

fn live() -> MutexGuard<'static, BTreeSet<PathBuf>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The pipe to the watcher process, when one was started.
static WATCHER: Mutex<Option<std::process::ChildStdin>> = Mutex::new(None);

/// The argument that makes the binary a watcher (a hidden command).
pub const WATCH_COMMAND: &str = "__watch-temporaries";

/// Tells the watcher that a temporary is about to exist (`+`) or is gone (`-`). Records end with
/// a NUL byte: a path may hold any other byte.
fn tell(sign: u8, tmp: &Path) {
    let mut watcher = WATCHER.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(pipe) = watcher.as_mut() {
        let mut record = vec![sign];
        record.extend_from_slice(tmp.as_os_str().as_encoded_bytes());
        record.push(0);
        if pipe.write_all(&record).is_err() {
            // The watcher is gone: the next build's sweep is the fallback.
            *watcher = None;
        }
    }
}

/// Starts a watcher: `exe WATCH_COMMAND`, a process that outlives this one and, when this one
/// ends without renaming or removing a temporary it announced (killed by `SIGKILL`), removes it.
/// Its standard input is a pipe from this process; the end of the pipe is the end of this
/// process, however it ends.
pub fn watch_with(exe: &Path) -> std::io::Result<()> {
    let child = std::process::Command::new(exe)
        .arg(WATCH_COMMAND)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    *WATCHER.lock().unwrap_or_else(|p| p.into_inner()) = child.stdin;
    Ok(())
}

/// The watcher's work: reads announcements until the watched process ends, then removes the
/// temporaries it left (only files with a temporary's name: nothing else is ever removed).
pub fn watch(mut input: impl std::io::Read) {
    let mut bytes = Vec::new();
    let mut live: BTreeSet<Vec<u8>> = BTreeSet::new();
    let mut chunk = [0u8; 8192];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        bytes.extend_from_slice(&chunk[..n]);
        while let Some(end) = bytes.iter().position(|&b| b == 0) {
            let record: Vec<u8> = bytes.drain(..=end).collect();
            let (sign, path) = (record[0], record[1..end].to_vec());
            if sign == b'+' {
                live.insert(path);
            } else {
                live.remove(&path);
            }
        }
    }
    for path in live {
        #[cfg(unix)]
        let path =
            PathBuf::from(<std::ffi::OsString as std::os::unix::ffi::OsStringExt>::from_vec(path));
        #[cfg(not(unix))]
        let path = PathBuf::from(String::from_utf8_lossy(&path).into_owned());
        let temporary = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(is_temporary);
        if temporary && std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Makes this process outlive Ctrl-C, `SIGTERM` and `SIGHUP` (the watcher's: Ctrl-C reaches the
/// whole process group, and the watcher stays to do its work after the build).
pub fn ignore_interruptions() {
    for signal in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        let _ = signal_hook::flag::register(signal, std::sync::Arc::default());
    }
}

/// Removes a temporary file and forgets it.
pub(super) fn discard(tmp: &Path) {
    let _ = std::fs::remove_file(tmp);
    live().remove(tmp);
    tell(b'-', tmp);
}

/// Renames a staged file into place and forgets it.
pub(super) fn rename_in(tmp: &Path, path: &Path) -> std::io::Result<()> {
    let done = std::fs::rename(tmp, path);
    live().remove(tmp);
    tell(b'-', tmp);
    done
}

/// Work run on an interruption before the process ends, registered by the stages above this one
/// (which this module may not name): [`crate::rules::external`] ends the engine programs it
/// started.
fn hooks() -> MutexGuard<'static, Vec<fn()>> {
    static HOOKS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());
    HOOKS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Registers `hook` to run when a signal ends the process ([`remove_temporaries_on_signal`]),
/// after the temporary files are removed (register it once: it runs as often as registered).
pub fn on_interrupt(hook: fn()) {
    hooks().push(hook);
}

/// On `SIGINT`, `SIGTERM` or `SIGHUP`, removes this process's temporary files and ends it with
/// status 128 + the signal's number, as a shell reports a process the signal stopped, after
/// running the hooks registered with [`on_interrupt`]. Files
/// already renamed into place are whole: the folder holds each file either as the last build left
/// it or as this one wrote it.
pub fn remove_temporaries_on_signal() -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Held until the process ends: no new temporary is created after this point.
            let live = live();
            for tmp in live.iter() {
                let _ = std::fs::remove_file(tmp);
            }
            if !live.is_empty() {
                let _ = writeln!(
                    std::io::stderr(),
                    "ludopress: interrupted while writing; its temporary files were removed, the files already in place are whole"
                );
            }
            // What the upper stages registered (the games' engine programs, and what they
            // started, end with ludopress).
            for hook in hooks().iter() {
                hook();
            }
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// Prefix and suffix of temporary files; nothing else in the folder is ever removed as stale.
const TMP_PREFIX: &str = ".ludopress-";
const TMP_SUFFIX: &str = ".tmp";

/// An unpredictable 64-bit value: the standard library seeds each `RandomState` from the system.
fn random() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    COUNTER.fetch_add(1, Ordering::Relaxed).hash(&mut h);
    std::process::id().hash(&mut h);
    h.finish()
}

/// Writes `bytes` to a new temporary sibling of `path` and returns its path.
pub(super) fn stage(path: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let parent = path.parent().unwrap_or(Path::new("."));
    for _ in 0..8 {
        let tmp = parent.join(format!("{TMP_PREFIX}{:016x}{TMP_SUFFIX}", random()));
        // Created and recorded under the lock: an interruption finds every temporary that
        // exists, and none is created once it has begun.
        let mut known = live();
        // Announced before it exists: the watcher learns of every temporary that may exist.
        tell(b'+', &tmp);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp);
        let mut file = match file {
            Ok(f) => {
                known.insert(tmp.clone());
                drop(known);
                f
            }
            Err(e) => {
                drop(known);
                tell(b'-', &tmp);
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    continue;
                }
                return Err(e);
            }
        };
        return match file.write_all(bytes).and_then(|()| file.flush()) {
            Ok(()) => Ok(tmp),
            Err(e) => {
                drop(file);
                discard(&tmp);
                Err(e)
            }
        };
    }
    Err(std::io::Error::other("could not create a temporary file"))
}

/// True for the name of a temporary file of ludopress (this version's or an older one's).
fn is_temporary(name: &str) -> bool {
    let ours = name.starts_with(TMP_PREFIX) && name.ends_with(TMP_SUFFIX);
    // Older versions wrote `.<name>.tmp<pid>`.
    let older = name.starts_with('.')
        && name
            .rsplit_once(".tmp")
            .is_some_and(|(_, pid)| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()));
    ours || older
}

/// Removes temporary files left by an interrupted build in `dir` and its folders (two levels).
pub(super) fn remove_stale_temporaries(dir: &Path) {
    let mut folders = vec![(dir.to_path_buf(), 0)];
    while let Some((folder, depth)) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for e in entries.flatten() {
            let Ok(kind) = e.file_type() else { continue };
            let name = e.file_name();
            if kind.is_dir() && depth < 2 {
                folders.push((e.path(), depth + 1));
            } else if !kind.is_dir() && name.to_str().is_some_and(is_temporary) {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_recognised() {
        assert!(is_temporary(".ludopress-0123456789abcdef.tmp"));
        assert!(is_temporary(".imbriqua-a4.pdf.tmp4242"));
        assert!(!is_temporary("imbriqua-a4.pdf"));
        assert!(!is_temporary(".notes.tmpfile"));
        assert!(!is_temporary("draft.tmp"));
    }

    #[test]
    fn the_watcher_removes_announced_temporaries_left_and_nothing_else() {
        let dir = std::env::temp_dir().join(format!("ludopress-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let renamed = dir.join(".ludopress-00000000000000aa.tmp");
        let left = dir.join(".ludopress-00000000000000bb.tmp");
        let not_ours = dir.join("card.svg");
        for f in [&renamed, &left, &not_ours] {
            std::fs::write(f, "x").unwrap();
        }
        let mut records = Vec::new();
        for (sign, path) in [
            (b'+', &renamed),
            (b'+', &left),
            (b'-', &renamed),
            (b'+', &not_ours),
        ] {
            records.push(sign);
            records.extend_from_slice(path.as_os_str().as_encoded_bytes());
            records.push(0);
        }
        watch(&records[..]);
        assert!(renamed.exists(), "a temporary announced gone is left alone");
        assert!(!left.exists(), "a temporary still announced is removed");
        assert!(
            not_ours.exists(),
            "a file without a temporary's name is never removed"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn random_names_differ() {
        let a: BTreeSet<u64> = (0..1000).map(|_| random()).collect();
        assert_eq!(a.len(), 1000);
    }
}
