//! Consent to run a game's own engine program. A game folder downloaded from anywhere may name
//! a program in `[engine] command`; ludopress starts it only when the person said so: for one
//! run (`--allow-engine`, [`allow_for_this_run`]) or for good (`ludopress trust GAME`, a record
//! in a file outside every game folder). A record is tied to the game folder's canonical path
//! and to a SHA-256 of the command and of every file of the folder it can run or load by its
//! words ([`fingerprint_with`]), so a changed command or a changed engine file is asked about
//! again, the way `direnv allow` works.

use crate::base::diag::{escape_controls, Diagnostic, Diagnostics, Error};
use crate::definition::model::EngineDef;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsStr;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Largest trust file read, in bytes (a record is a few hundred bytes).
pub const MAX_TRUST_FILE: u64 = 1 << 20;
/// Most bytes of the files consent covers, together, that can be trusted (each is hashed whole).
pub const MAX_NAMED_FILE: u64 = 256 << 20;
/// Most records a trust file holds.
pub const MAX_RECORDS: usize = 1000;
/// Most files (and links) consent covers that can be trusted (each is hashed).
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
    /// The files of the game consent covers ([`fingerprint_with`]), relative to the folder, as
    /// resolved; a folder the command names is shown as `eng/ (N files)`.
    pub files: Vec<String>,
    /// SHA-256 of the folder, the command and the files' contents, in hexadecimal.
    pub sha256: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct TrustFile {
    #[serde(default)]
    engine: Vec<Record>,
}

/// The record the engine `def` would need now: its folder, command, the files it covers and
/// their hash, with `PATH` as it is.
pub fn fingerprint(def: &EngineDef) -> Result<Record, Error> {
    fingerprint_with(def, std::env::var_os("PATH").as_deref())
}

/// [`fingerprint`] with `path` as `PATH`. Consent covers every file of the game's folder the
/// engine can run or load by its command: the program a bare name finds on `PATH` when it lies
/// in the folder, and every file a word of the command names (the word, or what follows `=` in
/// `--opt=path`, or a short option's glued value `-Ipath`), after `..` and links, every file
/// under a folder a word names, links in it followed. A word or link that leads out of the folder
/// is refused, and so is a folder holding a device node, a FIFO or a socket.
pub fn fingerprint_with(def: &EngineDef, path: Option<&OsStr>) -> Result<Record, Error> {
    let folder = def
        .dir
        .canonicalize()
        .map_err(|e| Error::file("cannot resolve the game folder", &def.dir, e))?;
    super::confine::check_folder(&folder)?;
    let mut cover = Cover::new(&folder);
    for (i, word) in def.command.iter().enumerate() {
        if i == 0 && !word.contains('/') {
            // A bare name: the program PATH finds, covered when it is the game's. Not found,
            // nothing runs (the engine fails to start).
            if let Ok(found) = super::program::resolve(def, path) {
                cover.program(word, &found)?;
            }
            continue;
        }
        for c in candidates(word) {
            cover.word(word, c)?;
        }
    }
    let mut h = Sha256::new();
    field(&mut h, b"ludopress engine consent 2");
    field(&mut h, folder.as_os_str().as_encoded_bytes());
    for w in &def.command {
        field(&mut h, w.as_bytes());
    }
    let mut left = MAX_NAMED_FILE;
    for rel in &cover.files {
        field(&mut h, b"file");
        field(&mut h, rel.as_os_str().as_encoded_bytes());
        left -= hash_file(&mut h, &folder.join(rel), left)?;
    }
    for (rel, to) in &cover.links {
        field(&mut h, b"link");
        field(&mut h, rel.as_os_str().as_encoded_bytes());
        field(&mut h, to.as_encoded_bytes());
    }
    let sha256 = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let files = cover.shown;
    Ok(Record {
        folder,
        command: def.command.clone(),
        files,
        sha256,
    })
}

/// Appends `bytes` to the hash with its length, so that fields never run into each other.
fn field(h: &mut Sha256, bytes: &[u8]) {
    h.update((bytes.len() as u64).to_le_bytes());
    h.update(bytes);
}

/// The paths a word of the command may name: the word, what follows the first `=` of a word
/// (`--require=./hook.js`, `key=path`), and what follows a short option (`-I./lib`).
fn candidates(word: &str) -> Vec<&str> {
    let mut out = vec![word];
    if let Some((_, v)) = word.split_once('=') {
        out.push(v);
    }
    if word.starts_with('-') && !word.starts_with("--") {
        if let Some(v) = word.get(2..) {
            out.push(v);
        }
    }
    out.retain(|c| !c.is_empty());
    out
}

/// The files of the game folder consent covers, found word by word.
struct Cover<'a> {
    /// The game folder, canonical.
    folder: &'a Path,
    /// Regular files, relative to the folder (real paths: each once).
    files: BTreeSet<PathBuf>,
    /// Links met in named folders, relative to the folder, and what they hold.
    links: BTreeMap<PathBuf, std::ffi::OsString>,
    /// Folders walked already (relative), so that a link back into one ends.
    walked: BTreeSet<PathBuf>,
    /// What `trust` shows, in the order of the command.
    shown: Vec<String>,
}

impl<'a> Cover<'a> {
    fn new(folder: &'a Path) -> Self {
        Cover {
            folder,
            files: BTreeSet::new(),
            links: BTreeMap::new(),
            walked: BTreeSet::new(),
            shown: Vec::new(),
        }
    }

    /// The game folder's `game.toml`, where a refusal of its command is placed.
    fn toml(&self) -> PathBuf {
        self.folder.join("game.toml")
    }

    /// The real path of `real` inside the folder, or `None` outside.
    fn inside(&self, real: &Path) -> Option<PathBuf> {
        real.strip_prefix(self.folder).ok().map(Path::to_path_buf)
    }

    fn show(&mut self, s: String) {
        if !self.shown.contains(&s) {
            self.shown.push(s);
        }
    }

    /// The program `found` on PATH for the bare name `word`: covered when it (or the folder it
    /// was found in) is the game's; a link from the game out of it is refused.
    fn program(&mut self, word: &str, found: &Path) -> Result<(), Error> {
        let real = found
            .canonicalize()
            .map_err(|e| Error::file("cannot resolve the engine program", found, e))?;
        if let Some(rel) = self.inside(&real) {
            return self.file(rel);
        }
        let seen_in = found.parent().and_then(|d| d.canonicalize().ok());
        if let Some(d) = seen_in.filter(|d| d.starts_with(self.folder)) {
            return Err(refused(
                &self.toml(),
                format!(
                    "the engine program `{}`, found on PATH in the game's folder ({}), is a link to {}, outside the game's folder: an engine runs a file of its folder or a program installed on the system, not a link between them",
                    escape_controls(word),
                    d.display(),
                    real.display()
                ),
            ));
        }
        Ok(())
    }

    /// What the path `c` of the command's `word` names: nothing there is nothing to cover; a
    /// file or a folder of the game is covered; anything outside the folder is refused.
    fn word(&mut self, word: &str, c: &str) -> Result<(), Error> {
        let p = self.folder.join(c);
        let Ok(real) = p.canonicalize() else {
            return Ok(());
        };
        let Some(rel) = self.inside(&real) else {
            return Err(refused(
                &self.toml(),
                format!(
                    "the engine command's word `{}` names {}, outside the game's folder: an engine may use the files of its folder only (copy what it needs into the folder)",
                    escape_controls(word),
                    real.display()
                ),
            ));
        };
        let meta = std::fs::metadata(&real).map_err(|e| Error::file("cannot read", &real, e))?;
        if meta.is_file() {
            self.file(rel)
        } else if meta.is_dir() {
            let before = self.files.len();
            self.walk(&rel)?;
            let shown = if rel.as_os_str().is_empty() {
                ".".to_string()
            } else {
                rel.display().to_string()
            };
            let n = self.files.len() - before;
            self.show(format!("{shown}/ ({n} files)"));
            Ok(())
        } else {
            Err(refused(
                &real,
                "named by the engine command, neither a file nor a folder".to_string(),
            ))
        }
    }

    fn file(&mut self, rel: PathBuf) -> Result<(), Error> {
        self.show(rel.display().to_string());
        self.files.insert(rel);
        self.bounded()
    }

    fn bounded(&self) -> Result<(), Error> {
        if self.files.len() + self.links.len() > MAX_FOLDER_FILES {
            return Err(refused(
                &self.toml(),
                format!("the engine command covers over {MAX_FOLDER_FILES} files: too many to be trusted (name the engine's files, not a folder this large)"),
            ));
        }
        Ok(())
    }

    /// Every regular file under the folder `rel` (relative to the game folder), and every file
    /// or folder its links lead to in the game folder; a link out of it is refused.
    fn walk(&mut self, rel: &Path) -> Result<(), Error> {
        let mut todo = vec![rel.to_path_buf()];
        while let Some(rel) = todo.pop() {
            if !self.walked.insert(rel.clone()) {
                continue;
            }
            let dir = self.folder.join(&rel);
            let mut entries: Vec<_> = std::fs::read_dir(&dir)
                .map_err(|e| Error::file("cannot read", &dir, e))?
                .collect::<Result<_, _>>()
                .map_err(|e| Error::file("cannot read", &dir, e))?;
            entries.sort_by_key(|e| e.file_name());
            for e in entries {
                let here = rel.join(e.file_name());
                let path = self.folder.join(&here);
                if here.to_str().is_none() {
                    return Err(refused(
                        &path,
                        "a name that is not UTF-8: it cannot be trusted".into(),
                    ));
                }
                let kind = e
                    .file_type()
                    .map_err(|e| Error::file("cannot read", &path, e))?;
                if kind.is_dir() {
                    todo.push(here);
                } else if kind.is_file() {
                    self.files.insert(here);
                } else if kind.is_symlink() {
                    let to = std::fs::read_link(&path)
                        .map_err(|e| Error::file("cannot read", &path, e))?;
                    self.links.insert(here.clone(), to.into_os_string());
                    // A dangling link leads nowhere now; its text is hashed.
                    if let Ok(real) = path.canonicalize() {
                        let Some(target) = self.inside(&real) else {
                            return Err(refused(
                                &path,
                                format!(
                                    "a link under a folder the engine command names, to {}, outside the game's folder: an engine may use the files of its folder only",
                                    real.display()
                                ),
                            ));
                        };
                        if real.is_dir() {
                            todo.push(target);
                        } else if real.is_file() {
                            self.files.insert(target);
                        }
                    }
                }
                self.bounded()?;
            }
        }
        Ok(())
    }
}

/// Bad input at `path`: a game folder whose engine cannot be consented to (exit status 2).
fn refused(path: &Path, message: String) -> Error {
    Error::Input(Diagnostics(vec![Diagnostic::file(path, message)]))
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
            return Err(refused(
                path,
                format!(
                    "with the other files the engine command covers, over {} MiB: too large to be trusted",
                    MAX_NAMED_FILE >> 20
                ),
            ));
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
