//! Consent to run a game's own engine program. A game folder downloaded from anywhere may name
//! a program in `[engine] command`; ludopress starts it only when the person said so: for one
//! run (`--allow-engine`, [`allow_for_this_run`]) or for good (`ludopress trust GAME`, a record
//! in a file outside every game folder). A record is tied to the game folder's canonical path
//! and to a SHA-256 of the command and of every file of the folder it can run or load
//! ([`fingerprint_with`]): the files its words name, and every other file of the folder but the
//! game's data ([`GAME_DATA`]), so a changed command or a changed engine file is asked about
//! again, the way `direnv allow` works, and an edited rulebook or picture is not.

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

/// The game's data that ludopress itself reads, by kind (`*.ext`, compared without regard to
/// case, or a whole file name): the definition and positions, rulebooks and notes, pictures,
/// fonts, data tables, a saved report. Consent does not cover them unless a word of the command
/// names them, so that editing them never asks again (nor breaks `watch`); every other file of
/// the game folder is taken for code the engine may load, and covered.
pub const GAME_DATA: &[&str] = &[
    "*.toml",
    "*.md",
    "*.txt",
    "*.svg",
    "*.png",
    "*.jpg",
    "*.jpeg",
    "*.ttf",
    "*.otf",
    "*.csv",
    "*.tsv",
    "analysis.json",
];

/// Version-control folders, never walked (every commit would ask again; an engine loads none of
/// their files unless a word names it, and then it is covered).
pub const VERSION_CONTROL: &[&str] = &[".git", ".hg", ".svn"];

/// Options whose next word is code (`sh -c`, `python3 -c`, `node -e`, `node --eval`, `perl -E`).
const CODE_OPTIONS: &[&str] = &["-c", "-e", "--eval", "-E", "--command"];

/// How many of the files consent covers besides the named ones `trust` shows by name.
pub const SHOWN_OTHERS: usize = 5;

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
    Err(Error::system(
        "no place for the trust file: set HOME or LUDOPRESS_TRUST_FILE",
    ))
}

/// What a consent covers: a game folder, a command and the files the command names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The game folder, canonical.
    pub folder: PathBuf,
    /// The command, word by word.
    pub command: Vec<String>,
    /// The files of the game the command's words name ([`fingerprint_with`]), relative to the
    /// folder, as resolved; a folder the command names is shown as `eng/ (N files)`.
    pub files: Vec<String>,
    /// How many other files of the game consent covers (code the engine may load).
    #[serde(default)]
    pub other_files: usize,
    /// The first of them ([`SHOWN_OTHERS`] at most), in the order of their paths.
    #[serde(default)]
    pub first_others: Vec<String>,
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
/// engine can run or load:
/// - what its words name: the program a bare name finds on `PATH` when it lies in the folder,
///   and every file a word names (the word, or what follows `=` in `--opt=path`, or a short
///   option's glued value `-Ipath`), after `..` and links; every file under a folder a word
///   names, links in it followed;
/// - in inline code (the word after one of [`CODE_OPTIONS`], or a word holding whitespace,
///   quotes or parentheses), every path-like token that is a file of the game
///   (`exec(open('x.svg').read())` covers `x.svg`);
/// - every other regular file of the folder, links followed, but the game's data
///   ([`GAME_DATA`]), editors' scratch files and version-control folders ([`VERSION_CONTROL`]).
///
/// A word, a token or a link that leads out of the folder is refused (an absolute token of
/// inline code is a program of the system, left alone), and so is a folder holding a device
/// node, a FIFO or a socket, or more files than the limits.
pub fn fingerprint_with(def: &EngineDef, path: Option<&OsStr>) -> Result<Record, Error> {
    let folder = def
        .dir
        .canonicalize()
        .map_err(|e| Error::file("cannot resolve the game folder", &def.dir, e))?;
    super::confine::check_folder(&folder)?;
    let mut cover = Cover::new(&folder);
    let mut code_next = false;
    // Which program a bare name runs: a file of the game (by its path in the folder), one of the
    // system, or none. Hashed on its own, so that the same covered files run through another
    // program (`b1/prog` trusted, `b2/prog` found first on a new PATH; `/usr/bin/node` trusted, the
    // game's own `node` found first) ask again.
    let mut runs = b"none".to_vec();
    for (i, word) in def.command.iter().enumerate() {
        let code = std::mem::replace(&mut code_next, CODE_OPTIONS.contains(&word.as_str()));
        if i == 0 && !word.contains('/') {
            // A bare name: the program PATH finds, covered when it is the game's. Not found,
            // nothing runs (the engine fails to start).
            if let Ok(found) = super::program::resolve(def, path) {
                cover.program(word, &found)?;
                runs = match found
                    .canonicalize()
                    .ok()
                    .and_then(|r| r.strip_prefix(&folder).ok().map(|rel| rel.to_path_buf()))
                {
                    Some(rel) => [&b"game:"[..], rel.as_os_str().as_encoded_bytes()].concat(),
                    None => b"system".to_vec(),
                };
            }
            continue;
        }
        for c in candidates(word) {
            cover.word(word, c)?;
        }
        if code || word.contains(|c: char| c.is_whitespace() || "'\"()".contains(c)) {
            for token in word.split(ends_token).filter(|t| !t.is_empty()) {
                for c in candidates(token) {
                    cover.token(word, c)?;
                }
            }
        }
    }
    cover.walk(Path::new(""), Walk::Code)?;
    let all: BTreeSet<&PathBuf> = cover.files.iter().chain(&cover.others).collect();
    let mut sizes = Vec::with_capacity(all.len());
    for rel in &all {
        let p = folder.join(rel);
        let meta = std::fs::metadata(&p).map_err(|e| Error::file("cannot read", &p, e))?;
        sizes.push((meta.len(), *rel));
    }
    if sizes.iter().map(|(n, _)| n).sum::<u64>() > MAX_NAMED_FILE {
        return Err(cover.too_large(sizes));
    }
    let mut h = Sha256::new();
    field(&mut h, b"ludopress engine consent 3");
    field(&mut h, folder.as_os_str().as_encoded_bytes());
    for w in &def.command {
        field(&mut h, w.as_bytes());
    }
    field(&mut h, b"runs");
    field(&mut h, &runs);
    let mut left = MAX_NAMED_FILE;
    for rel in &all {
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
    let others: Vec<&PathBuf> = cover.others.difference(&cover.files).collect();
    Ok(Record {
        folder: folder.clone(),
        command: def.command.clone(),
        other_files: others.len(),
        first_others: others
            .iter()
            .take(SHOWN_OTHERS)
            .map(|p| p.display().to_string())
            .collect(),
        files: cover.shown,
        sha256,
    })
}

/// Whether `c` ends a path-like token of inline code.
fn ends_token(c: char) -> bool {
    c.is_whitespace() || "'\"()`;,&|<>".contains(c)
}

/// Whether the file `name` is the game's data ([`GAME_DATA`]) or an editor's scratch file.
fn is_data(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    let lower = name.to_ascii_lowercase();
    crate::base::paths::is_scratch(Path::new(name.as_ref()))
        || GAME_DATA.iter().any(|k| match k.strip_prefix('*') {
            Some(ext) => lower.ends_with(ext) && lower.len() > ext.len(),
            None => lower == *k,
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

/// How a folder is walked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// A folder a word names: every file under it.
    Named,
    /// The game folder: every file but the game's data ([`is_data`]).
    Code,
}

/// The files of the game folder consent covers, found word by word, then in the whole folder.
struct Cover<'a> {
    /// The game folder, canonical.
    folder: &'a Path,
    /// Regular files the words reach, relative to the folder (real paths: each once).
    files: BTreeSet<PathBuf>,
    /// The other regular files covered: code the engine may load (some may be in `files` too).
    others: BTreeSet<PathBuf>,
    /// Links met in folders walked, relative to the folder, and what they hold.
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
            others: BTreeSet::new(),
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
            self.walk(&rel, Walk::Named)?;
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

    /// A path-like token `t` of the inline code `word`: a file of the game is covered (whatever
    /// its kind); a relative token that is a file out of the folder is refused; anything else
    /// (a word of the code, a folder, a program of the system) is left alone.
    fn token(&mut self, word: &str, t: &str) -> Result<(), Error> {
        let Ok(real) = self.folder.join(t).canonicalize() else {
            return Ok(());
        };
        if !real.is_file() {
            return Ok(());
        }
        match self.inside(&real) {
            Some(rel) => self.file(rel),
            None if Path::new(t).is_relative() => Err(refused(
                &self.toml(),
                format!(
                    "the engine command's inline code `{}` names `{}`, that is {}, outside the game's folder: an engine may use the files of its folder only (copy what it needs into the folder)",
                    escape_controls(word),
                    escape_controls(t),
                    real.display()
                ),
            )),
            None => Ok(()),
        }
    }

    fn file(&mut self, rel: PathBuf) -> Result<(), Error> {
        self.show(rel.display().to_string());
        self.files.insert(rel);
        self.bounded()
    }

    fn bounded(&self) -> Result<(), Error> {
        if self.files.len() + self.others.len() + self.links.len() <= MAX_FOLDER_FILES {
            return Ok(());
        }
        // The folders holding the most, to say what to move out.
        let mut by_top: BTreeMap<String, usize> = BTreeMap::new();
        for p in self
            .files
            .iter()
            .chain(&self.others)
            .chain(self.links.keys())
        {
            let mut parts = p.components();
            let top = parts.next().map(|c| c.as_os_str().to_string_lossy());
            let top = match (top, parts.next()) {
                (Some(t), Some(_)) => format!("{t}/"),
                _ => "./".to_string(),
            };
            *by_top.entry(top).or_default() += 1;
        }
        let mut most: Vec<(usize, String)> = by_top.into_iter().map(|(t, n)| (n, t)).collect();
        most.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let most: Vec<String> = most
            .iter()
            .take(3)
            .map(|(n, t)| format!("{} ({n})", escape_controls(t)))
            .collect();
        Err(refused(
            &self.toml(),
            format!(
                "consent would cover over {MAX_FOLDER_FILES} files of the game's folder (the limit of files consent covers), most under {}: too many to be trusted (move what the engine does not load out of the game's folder)",
                most.join(", ")
            ),
        ))
    }

    /// The refusal of files over [`MAX_NAMED_FILE`] bytes together, naming the biggest.
    fn too_large(&self, mut sizes: Vec<(u64, &PathBuf)>) -> Error {
        let total: u64 = sizes.iter().map(|(n, _)| n).sum();
        sizes.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        let biggest: Vec<String> = sizes
            .iter()
            .take(3)
            .map(|(n, p)| {
                format!(
                    "{} ({:.1} MiB)",
                    escape_controls(&p.display().to_string()),
                    *n as f64 / f64::from(1 << 20)
                )
            })
            .collect();
        refused(
            &self.toml(),
            format!(
                "the files consent would cover come to {:.1} MiB, over the limit of {} MiB they may hold together; the biggest: {}: too large to be trusted (move what the engine does not load out of the game's folder)",
                total as f64 / f64::from(1 << 20),
                MAX_NAMED_FILE >> 20,
                biggest.join(", ")
            ),
        )
    }

    /// Every regular file under the folder `rel` (relative to the game folder) (for
    /// [`Walk::Code`], but the game's data), and every file or folder its links lead to in the
    /// game folder; a link out of it is refused. Version-control folders below `rel` are not
    /// walked.
    fn walk(&mut self, rel: &Path, how: Walk) -> Result<(), Error> {
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
                let data = how == Walk::Code && is_data(&e.file_name());
                if kind.is_dir() {
                    if !VERSION_CONTROL.iter().any(|v| e.file_name() == **v) {
                        todo.push(here);
                    }
                } else if data {
                    // The game's data (a link named so too): not code the engine loads.
                } else if kind.is_file() {
                    self.insert(here, how);
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
                                    "a link {}, to {}, outside the game's folder: an engine may use the files of its folder only",
                                    match how {
                                        Walk::Named => "under a folder the engine command names",
                                        Walk::Code => "in the game's folder (consent covers every file of it but the game's data)",
                                    },
                                    real.display()
                                ),
                            ));
                        };
                        if real.is_dir() {
                            todo.push(target);
                        } else if real.is_file() {
                            // Loaded by the link's name: covered whatever its own kind.
                            self.insert(target, how);
                        }
                    }
                }
                self.bounded()?;
            }
        }
        Ok(())
    }

    fn insert(&mut self, rel: PathBuf, how: Walk) {
        match how {
            Walk::Named => self.files.insert(rel),
            Walk::Code => self.others.insert(rel),
        };
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
        return Err(Error::file("the trust file", &path, "not a regular file"));
    }
    if meta.len() > MAX_TRUST_FILE {
        return Err(Error::limit(
            format!("the trust file {}", path.display()),
            format!(
                "{} KiB: remove it and trust the games again",
                MAX_TRUST_FILE >> 10
            ),
        ));
    }
    let mut text = String::new();
    std::fs::File::open(&path)
        .and_then(|f| f.take(MAX_TRUST_FILE).read_to_string(&mut text))
        .map_err(|e| Error::file("cannot read the trust file", &path, e))?;
    let file: TrustFile = toml::from_str(&text).map_err(|e| {
        let src = crate::base::diag::Source::new(&path, text.as_str());
        Error::from(
            crate::base::diag::from_toml(&src, &e)
                .with_hint("the trust file is damaged: remove it and trust the games again"),
        )
    })?;
    Ok((path, file))
}

/// Writes the trust file whole or not at all: a new temporary sibling, synced, then renamed.
fn write(path: &Path, file: &TrustFile) -> Result<(), Error> {
    let text = toml::to_string(file).map_err(Error::system)?;
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
        // Refused as a request the person can grant: by a command.
        Some(_) => Err(Error::usage(String::new(), format!(
            "the engine program of `{game}` (`{shown}`) changed since you trusted it: not run; {how} if you trust it as it is now"
        ))),
        None => Err(Error::usage(String::new(), format!(
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
        return Err(Error::limit(
            format!("the trust file {}", path.display()),
            format!("{MAX_RECORDS} records: revoke some first"),
        ));
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
