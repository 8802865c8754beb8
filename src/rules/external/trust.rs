//! Consent to run a game's own engine program. A game folder downloaded from anywhere may name
//! a program in `[engine] command`; ludopress starts it only when the person said so: for one
//! run (`--allow-engine`, [`allow_for_this_run`]) or for good (`ludopress trust GAME`, a record
//! in a file outside every game folder). A record is tied to the game folder's canonical path
//! and to a SHA-256 of the command and of the files it names (a folder it names: every file
//! under it), so a changed command or a changed engine file is asked about again, the way
//! `direnv allow` works.

use crate::base::diag::Error;
use crate::definition::model::EngineDef;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Largest trust file read, in bytes (a record is a few hundred bytes).
pub const MAX_TRUST_FILE: u64 = 1 << 20;
/// Largest file a command names that can be trusted, in bytes (it is hashed whole).
pub const MAX_NAMED_FILE: u64 = 256 << 20;
/// Most records a trust file holds.
pub const MAX_RECORDS: usize = 1000;
/// Most files under the folders a command names that can be trusted (each is hashed).
pub const MAX_FOLDER_FILES: usize = 10_000;

/// Set by `--allow-engine`: every engine program of this run may start.
static ALLOW_ALL: AtomicBool = AtomicBool::new(false);

/// Consents, for this process only, to every engine program it starts (`--allow-engine`).
pub fn allow_for_this_run() {
    ALLOW_ALL.store(true, Ordering::Relaxed);
}

/// The trust file: `$LUDOPRESS_TRUST_FILE`, else `$XDG_CONFIG_HOME/ludopress/trust.toml`, else
/// `$HOME/.config/ludopress/trust.toml`.
pub fn trust_file() -> Result<PathBuf, Error> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(f) = var("LUDOPRESS_TRUST_FILE") {
        return Ok(f);
    }
    if let Some(d) = var("XDG_CONFIG_HOME").filter(|d| d.is_absolute()) {
        return Ok(d.join("ludopress").join("trust.toml"));
    }
    if let Some(h) = var("HOME") {
        return Ok(h.join(".config").join("ludopress").join("trust.toml"));
    }
    Err(Error::Other(
        "no place for the trust file: set HOME or LUDOPRESS_TRUST_FILE".into(),
    ))
}

/// What a consent covers: a game folder, a command and the files the command names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The game folder, canonical.
    pub folder: PathBuf,
    /// The command, word by word.
    pub command: Vec<String>,
    /// The files of the game the command names (the program if it is a path, arguments naming
    /// a file of the folder), relative to the folder; a folder it names is shown as `eng/ (N
    /// files)`.
    pub files: Vec<String>,
    /// SHA-256 of the folder, the command and the files' contents, in hexadecimal.
    pub sha256: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct TrustFile {
    #[serde(default)]
    engine: Vec<Record>,
}

/// The record the engine `def` would need now: its folder, command, named files and their hash.
pub fn fingerprint(def: &EngineDef) -> Result<Record, Error> {
    let folder = def
        .dir
        .canonicalize()
        .map_err(|e| Error::file("cannot resolve the game folder", &def.dir, e))?;
    let mut files = Vec::new();
    for (i, word) in def.command.iter().enumerate() {
        let rel = Path::new(word);
        if i == 0 && !word.contains('/') {
            continue; // A bare program name, found on PATH.
        }
        let plain = rel.components().all(|c| {
            matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        });
        if !plain {
            continue;
        }
        let Ok(real) = folder.join(rel).canonicalize() else {
            continue;
        };
        if real.starts_with(&folder) && real.is_file() {
            files.push(Named::File(word.clone()));
        } else if i > 0 && real.starts_with(&folder) && real.is_dir() {
            // `python3 eng` runs `eng/__main__.py`, which imports its neighbours: the whole
            // folder is the program.
            let mut under = Vec::new();
            walk(&real, "", &mut under)?;
            under.sort();
            files.push(Named::Folder(word.clone(), real, under));
        }
    }
    let mut h = Sha256::new();
    let field = |h: &mut Sha256, bytes: &[u8]| {
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    };
    field(&mut h, b"ludopress engine consent 1");
    field(&mut h, folder.as_os_str().as_encoded_bytes());
    for w in &def.command {
        field(&mut h, w.as_bytes());
    }
    let mut shown = Vec::new();
    for f in &files {
        match f {
            Named::File(word) => {
                field(&mut h, word.as_bytes());
                hash_file(&mut h, &folder.join(word), MAX_NAMED_FILE)?;
                shown.push(word.clone());
            }
            Named::Folder(word, real, under) => {
                // Marked apart from a file, so that a file and a folder never hash the same.
                field(&mut h, b"folder");
                field(&mut h, word.as_bytes());
                // The folder's files together are held to the size of one named file.
                let mut left = MAX_NAMED_FILE;
                for (rel, entry) in under {
                    field(&mut h, rel.as_bytes());
                    match entry {
                        Entry::File => {
                            field(&mut h, b"file");
                            left -= hash_file(&mut h, &real.join(rel), left).map_err(|e| {
                                let more = format!(
                                    " (the files under {word}/ count together, {} MiB at most)",
                                    MAX_NAMED_FILE >> 20
                                );
                                match e {
                                    Error::File {
                                        doing,
                                        path,
                                        reason,
                                    } => Error::File {
                                        doing,
                                        path,
                                        reason: reason + &more,
                                    },
                                    e => Error::Other(format!("{e}{more}")),
                                }
                            })?;
                        }
                        Entry::Link(to) => {
                            field(&mut h, b"link");
                            field(&mut h, to.as_encoded_bytes());
                        }
                    }
                }
                shown.push(format!("{word}/ ({} files)", under.len()));
            }
        }
    }
    let sha256 = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    Ok(Record {
        folder,
        command: def.command.clone(),
        files: shown,
        sha256,
    })
}

/// What a word of the command names in the game folder.
enum Named {
    /// A file, by the word.
    File(String),
    /// A folder: the word, its real path, and what lies under it (sorted relative paths).
    Folder(String, PathBuf, Vec<(String, Entry)>),
}

/// What is hashed of an entry under a named folder.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Entry {
    /// A regular file: its contents.
    File,
    /// A symbolic link, not followed: where it leads, as written.
    Link(std::ffi::OsString),
}

/// Every regular file and link under `dir` (links not followed, other kinds ignored), with its
/// path relative to the named folder; at most [`MAX_FOLDER_FILES`].
fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, Entry)>) -> Result<(), Error> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::file("cannot read", dir, e))?;
    for e in entries {
        let e = e.map_err(|e| Error::file("cannot read", dir, e))?;
        let path = e.path();
        let name = e.file_name();
        let Some(name) = name.to_str() else {
            return Err(Error::Other(format!(
                "{} has a name that is not UTF-8: it cannot be trusted",
                path.display()
            )));
        };
        let here = if rel.is_empty() {
            name.to_string()
        } else {
            format!("{rel}/{name}")
        };
        let kind = e
            .file_type()
            .map_err(|e| Error::file("cannot read", &path, e))?;
        if kind.is_dir() {
            walk(&path, &here, out)?;
            continue;
        } else if kind.is_file() {
            out.push((here, Entry::File));
        } else if kind.is_symlink() {
            let to = std::fs::read_link(&path).map_err(|e| Error::file("cannot read", &path, e))?;
            out.push((here, Entry::Link(to.into_os_string())));
        } else {
            continue;
        }
        if out.len() > MAX_FOLDER_FILES {
            return Err(Error::Other(format!(
                "{} holds over {MAX_FOLDER_FILES} files: too many to be trusted (name the engine's files, not a folder this large)",
                dir.display()
            )));
        }
    }
    Ok(())
}

/// Hashes the contents of the file `path` and its length, refusing one over `limit` bytes;
/// its length.
fn hash_file(h: &mut Sha256, path: &Path, limit: u64) -> Result<u64, Error> {
    let file = std::fs::File::open(path).map_err(|e| Error::file("cannot read", path, e))?;
    let mut r = file.take(limit + 1);
    let mut buf = vec![0u8; 64 << 10];
    let mut total = 0u64;
    loop {
        let n = r
            .read(&mut buf)
            .map_err(|e| Error::file("cannot read", path, e))?;
        if n == 0 {
            break;
        }
        total += n as u64;
        if total > limit {
            return Err(Error::Other(format!(
                "{} is over {} MiB: too large to be trusted",
                path.display(),
                MAX_NAMED_FILE >> 20
            )));
        }
        h.update(&buf[..n]);
    }
    h.update(total.to_le_bytes());
    Ok(total)
}

/// Reads the trust file (none yet is no record), bounded in size; never follows it into a FIFO
/// or a device.
fn read() -> Result<(PathBuf, TrustFile), Error> {
    let path = trust_file()?;
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok((path, TrustFile::default()))
        }
        Err(e) => return Err(Error::file("cannot read the trust file", &path, e)),
    };
    if !meta.is_file() {
        return Err(Error::Other(format!(
            "the trust file {} is not a regular file",
            path.display()
        )));
    }
    if meta.len() > MAX_TRUST_FILE {
        return Err(Error::Other(format!(
            "the trust file {} is over {} KiB: remove it and trust the games again",
            path.display(),
            MAX_TRUST_FILE >> 10
        )));
    }
    let mut text = String::new();
    std::fs::File::open(&path)
        .and_then(|f| f.take(MAX_TRUST_FILE).read_to_string(&mut text))
        .map_err(|e| Error::file("cannot read the trust file", &path, e))?;
    let file: TrustFile = toml::from_str(&text).map_err(|e| {
        Error::Other(format!(
            "the trust file {} is damaged ({}): remove it and trust the games again",
            path.display(),
            e.message()
        ))
    })?;
    Ok((path, file))
}

/// Writes the trust file whole or not at all: a new temporary sibling, synced, then renamed.
fn write(path: &Path, file: &TrustFile) -> Result<(), Error> {
    let text = toml::to_string(file).map_err(|e| Error::Other(e.to_string()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::file("cannot create the folder", dir, e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "trust.toml".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let done = (|| {
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
        let mut f = opts.open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = done {
        let _ = std::fs::remove_file(&tmp);
        return Err(Error::file("cannot write the trust file", path, e));
    }
    Ok(())
}

/// Whether the engine `def` of `game` may start: `Ok` with consent, else the message that says
/// which consent is missing and how to give it.
pub fn consent(game: &str, def: &EngineDef) -> Result<(), Error> {
    if ALLOW_ALL.load(Ordering::Relaxed) {
        return Ok(());
    }
    let shown = crate::base::diag::escape_controls(&def.command.join(" ")).into_owned();
    let how = format!("run `ludopress trust {game}` (or pass `--allow-engine` for one run)");
    let now = fingerprint(def)?;
    let (_, file) = read()?;
    match file.engine.iter().find(|r| r.folder == now.folder) {
        Some(r) if r.sha256 == now.sha256 => Ok(()),
        Some(_) => Err(Error::Other(format!(
            "the engine program of `{game}` (`{shown}`) changed since you trusted it: not run; {how} if you trust it as it is now"
        ))),
        None => Err(Error::Other(format!(
            "the engine program of `{game}` (`{shown}`) is not run without your consent: {how}"
        ))),
    }
}

/// Trusts the engine `def` as it is now (replacing the folder's earlier record).
pub fn trust(def: &EngineDef) -> Result<Record, Error> {
    let record = fingerprint(def)?;
    let (path, mut file) = read()?;
    file.engine.retain(|r| r.folder != record.folder);
    if file.engine.len() >= MAX_RECORDS {
        return Err(Error::Other(format!(
            "the trust file {} holds {MAX_RECORDS} records: revoke some first",
            path.display()
        )));
    }
    file.engine.push(record.clone());
    file.engine.sort_by(|a, b| a.folder.cmp(&b.folder));
    write(&path, &file)?;
    Ok(record)
}

/// Forgets the record of the game folder `dir`; whether there was one.
pub fn revoke(dir: &Path) -> Result<bool, Error> {
    let folder = dir
        .canonicalize()
        .map_err(|e| Error::file("cannot resolve the game folder", dir, e))?;
    let (path, mut file) = read()?;
    let before = file.engine.len();
    file.engine.retain(|r| r.folder != folder);
    if file.engine.len() == before {
        return Ok(false);
    }
    write(&path, &file)?;
    Ok(true)
}

/// Every record, sorted by folder.
pub fn list() -> Result<Vec<Record>, Error> {
    read().map(|(_, f)| f.engine)
}
