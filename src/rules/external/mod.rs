//! Engines of a game's own: a program named in `[engine]` of `game.toml`, in any language, that
//! speaks the engine protocol (docs/engine-protocol.md): one JSON request a line on its
//! standard input, one JSON answer a line on its standard output. The program is started once
//! and kept running while a rulebook is checked, and its answers are kept (within a memory
//! budget), so a claim that asks for a position's moves again costs nothing.
//!
//! A game's program is code from whoever made the game folder: it starts only with consent
//! ([`crate::rules::external::trust`]), confined where the system allows ([`crate::rules::external::confine`]), in a process group
//! of its own that is killed with everything it started when ludopress is done with it, gives
//! up on it, or is interrupted. Requests are written by a thread of their own, so an engine that
//! stops reading its input costs the answer limit, never a hang.

pub mod confine;
mod play;
pub mod program;
pub mod rules;
pub mod trust;

use crate::base::diag::{escape_controls, Error};
use crate::definition::model::EngineDef;
use crate::rules::Score;
use serde_json::{json, Map, Value};
use std::collections::{BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The newest protocol version ludopress speaks; the engine's `info` answer gives 1 or 2 (version
/// 2 adds `start`, `play` and `playout`, each announced in `info`'s `can`).
pub const PROTOCOL: u64 = 2;
/// Longest wait for one answer (`LUDOPRESS_ENGINE_TIMEOUT_MS` sets another, for tests).
pub const TIMEOUT: Duration = Duration::from_secs(20);
/// Memory kept for the answers of one engine, in bytes (estimated); past it, answers are asked
/// again rather than kept.
pub const CACHE_BUDGET: usize = 256 << 20;
/// Requests waiting for the writer thread at most (each waits for its answer, so one is usual).
const QUEUE: usize = 4;
/// How long an engine that exited is given to deliver an answer already written.
const EXIT_GRACE: Duration = Duration::from_millis(200);
/// How often a wait for an answer checks whether the engine is still running.
const POLL: Duration = Duration::from_millis(25);

/// The answer limit: [`TIMEOUT`], or `LUDOPRESS_ENGINE_TIMEOUT_MS` (1 ms to 10 min).
pub fn timeout() -> Duration {
    std::env::var("LUDOPRESS_ENGINE_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(TIMEOUT, |ms| Duration::from_millis(ms.clamp(1, 600_000)))
}

/// The only variables of ludopress's environment an engine program gets (when set): where
/// programs are, who and where the person is, the language, and what a pyenv or a virtual
/// environment needs to pick its interpreter.
pub const ENGINE_ENV: &[&str] = &[
    "PATH",
    "HOME",
    "USER",
    "LANG",
    "LC_ALL",
    "LC_CTYPE",
    "TZ",
    "TMPDIR",
    "PYENV_ROOT",
    "PYENV_VERSION",
    "VIRTUAL_ENV",
    "SYSTEMROOT",
];

/// The ludopress binary, set by `main`: engines are started through it (`__confine`) so that
/// it confines them before it becomes them. Unset (the library used from a test), engines run
/// unconfined.
static LAUNCHER: OnceLock<PathBuf> = OnceLock::new();

/// Sets the binary that confines engines ([`crate::rules::external::confine::COMMAND`]).
pub fn set_launcher(exe: PathBuf) {
    let _ = LAUNCHER.set(exe);
}

/// The process groups of the engines running now: ended all at once on a signal.
fn live() -> std::sync::MutexGuard<'static, BTreeSet<i32>> {
    static LIVE: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills the process group `pgid` (the engine and every process it started).
fn kill_group(pgid: i32) {
    #[cfg(unix)]
    if let Some(pid) = rustix::process::Pid::from_raw(pgid) {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

/// Ends every engine still running, with the processes they started: called on a signal that
/// ends ludopress and when it exits.
pub fn end_all_engines() {
    let groups = std::mem::take(&mut *live());
    for g in groups {
        kill_group(g);
    }
}

/// The note said once per run when an engine runs unconfined, taken by the binary to print it.
static UNCONFINED: Mutex<Option<String>> = Mutex::new(None);
static UNCONFINED_SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The note that an engine ran unconfined, once per run (`None` after the first call, or when
/// every engine was confined).
pub fn take_unconfined_note() -> Option<String> {
    UNCONFINED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
}

/// An error as one line of text naming its places (a diagnostic without `error:`).
fn plain(e: &Error) -> String {
    match e {
        Error::Input(d) => {
            d.0.iter()
                .map(|d| format!("{}: {}", d.path.display(), d.message))
                .collect::<Vec<_>>()
                .join("; ")
        }
        e => e.to_string(),
    }
}

/// Why an engine program did not start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// It is not run: the person has not consented to run it
    /// ([`crate::rules::external::trust`]), or its folder cannot be consented to (a word of the
    /// command leads out of it, it holds a device node, a FIFO or a socket).
    NoConsent(String),
    /// It could not start, or did not answer its first request as the protocol says.
    Failed(String),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::NoConsent(m) | StartError::Failed(m) => f.write_str(m),
        }
    }
}
/// Longest answer line, in bytes.
pub const MAX_ANSWER: usize = 16 << 20;
/// Most successors one answer may list.
pub const MAX_MOVES: usize = 100_000;

/// A position as the engine writes it: a JSON object with the keys of a position file, written
/// with its keys sorted, so that equal positions are equal strings.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExtPos(pub String);

impl ExtPos {
    pub(crate) fn of(v: &Value) -> ExtPos {
        ExtPos(v.to_string())
    }

    pub(crate) fn value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }

    /// The position as data: its board's rows of tokens and its other fields.
    pub fn data(&self) -> (Vec<Vec<String>>, toml::Table) {
        let mut table = toml::Table::new();
        let mut rows = Vec::new();
        if let Value::Object(m) = self.value() {
            for (k, v) in m {
                match (k.as_str(), &v) {
                    ("board", Value::String(b)) => rows = crate::rules::board_rows(b),
                    ("game", _) => {}
                    _ => {
                        if let Some(t) = to_toml(&v) {
                            table.insert(k, t);
                        }
                    }
                }
            }
        }
        (rows, table)
    }
}

/// A running engine of a game's own.
#[derive(Clone)]
pub struct External {
    /// The game's id.
    pub game: String,
    /// The command, as shown in messages.
    pub label: String,
    /// The sides the engine names, in its order.
    pub sides: Vec<String>,
    /// The protocol version the engine speaks (1 or 2).
    pub protocol: u64,
    /// The version-2 requests the engine announced in `info`'s `can` (`start`, `play`,
    /// `playout`), sorted; empty for protocol 1.
    pub can: Vec<String>,
    /// The program and its folder, to start another process of it ([`External::another`]).
    def: EngineDef,
    /// Plies played through the program (by [`rules::ExternalRules`]), shared by its clones and
    /// by the other processes of it: what a run's speed is measured by.
    plies: Arc<AtomicU64>,
    proc: Arc<Mutex<Proc>>,
}

impl std::fmt::Debug for External {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "External({})", self.label)
    }
}

struct Proc {
    child: Child,
    /// The engine's process group (its process id): killed whole.
    pgid: i32,
    /// Requests for the writer thread.
    requests: SyncSender<Vec<u8>>,
    lines: Receiver<Result<String, String>>,
    stderr: Arc<Mutex<String>>,
    /// Told when the engine's standard error is closed (all of it read).
    stderr_closed: Receiver<()>,
    next: u64,
    moves: HashMap<ExtPos, Arc<Vec<(String, ExtPos)>>>,
    scores: HashMap<ExtPos, Score>,
    /// Estimated bytes of the answers kept, and the most they may take.
    cached: usize,
    budget: usize,
    /// The answer limit.
    timeout: Duration,
    /// The first failure of the engine (it crashed, answered late or out of protocol): later
    /// requests answer nothing, and the check reports this once.
    failure: Option<String>,
}

impl Drop for Proc {
    fn drop(&mut self) {
        // The whole group: a process the engine started (and left holding its output) ends too.
        kill_group(self.pgid);
        live().remove(&self.pgid);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Estimated memory of one kept list of moves, in bytes.
fn moves_cost(p: &ExtPos, list: &[(String, ExtPos)]) -> usize {
    64 + p.0.len()
        + list
            .iter()
            .map(|(m, q)| 64 + m.len() + q.0.len())
            .sum::<usize>()
}

/// Estimated memory of one kept score, in bytes.
fn score_cost(p: &ExtPos, s: &Score) -> usize {
    128 + p.0.len()
        + s.winner.as_ref().map_or(0, String::len)
        + s.scores.iter().map(|(k, _)| 48 + k.len()).sum::<usize>()
}

impl External {
    /// Starts the engine of `game` and asks it who it is: only with consent
    /// ([`crate::rules::external::trust::consent`]), confined where the system allows, in a process group of its
    /// own.
    pub fn start(game: &str, def: &EngineDef) -> Result<External, StartError> {
        let label = escape_controls(&def.command.join(" ")).into_owned();
        let failed =
            |e: String| StartError::Failed(format!("cannot start the engine `{label}`: {e}"));
        let dir = def
            .dir
            .canonicalize()
            .map_err(|e| failed(format!("its folder {}: {e}", def.dir.display())))?;
        // Before anything runs, even with `--allow-engine`: a folder the confined engine could
        // read a device or another process through.
        crate::rules::external::confine::check_folder(&dir)
            .map_err(|e| StartError::NoConsent(plain(&e)))?;
        crate::rules::external::trust::consent(game, def)
            .map_err(|e| StartError::NoConsent(plain(&e)))?;
        // The program consent looked at, run by that path: a file of the game's folder by its
        // real path (checked again here, the definition may be older than the folder), a bare
        // name as found in an absolute folder of PATH (never in the current folder).
        let program =
            crate::rules::external::program::resolve(def, std::env::var_os("PATH").as_deref())
                .map_err(failed)?;
        let launcher = LAUNCHER
            .get()
            .filter(|_| crate::rules::external::confine::available());
        let mut cmd = match launcher {
            Some(exe) => {
                let mut c = Command::new(exe);
                c.arg(crate::rules::external::confine::COMMAND)
                    .arg(&dir)
                    .arg("--")
                    .arg(&program);
                c
            }
            None => {
                let why = if LAUNCHER.get().is_none() {
                    "ludopress is used as a library"
                } else {
                    crate::rules::external::confine::unavailable_reason()
                };
                if !UNCONFINED_SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
                    *UNCONFINED
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(format!(
                        "the engine program of `{game}` runs unconfined ({why}): it can read and write what you can"
                    ));
                }
                Command::new(&program)
            }
        };
        // A cleared environment but for what an interpreter needs to start: ludopress's own
        // variables (tokens, keys, passwords in the environment) are not the engine's business.
        cmd.env_clear();
        for key in ENGINE_ENV {
            if let Some(v) = std::env::var_os(key) {
                cmd.env(key, v);
            }
        }
        // Python writes `__pycache__` beside the modules an unconfined engine imports: a file of
        // the game that consent covers (a `.pyc` is code), which would ask again after each run.
        cmd.env("PYTHONDONTWRITEBYTECODE", "1");
        cmd.args(&def.command[1..])
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        // A signal that ends ludopress ends the engines too (the output stage runs the hook).
        static HOOKED: std::sync::Once = std::sync::Once::new();
        HOOKED.call_once(|| crate::base::temporaries::on_interrupt(end_all_engines));
        let mut child = {
            // Registered under the lock: a signal that ends ludopress now finds this group.
            let mut groups = live();
            let child = cmd.spawn().map_err(|e| failed(e.to_string()))?;
            groups.insert(child.id() as i32);
            child
        };
        let pgid = child.id() as i32;
        let (Some(mut stdin), Some(stdout), Some(mut err)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            kill_group(pgid);
            live().remove(&pgid);
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartError::Failed(format!(
                "cannot talk to the engine `{label}`"
            )));
        };
        // The writer: a request blocked in a full pipe (an engine that stopped reading) blocks
        // this thread, not the wait for the answer, which gives up at the answer limit.
        let (requests, queue) = mpsc::sync_channel::<Vec<u8>>(QUEUE);
        std::thread::spawn(move || {
            for buf in queue {
                if stdin.write_all(&buf).and_then(|()| stdin.flush()).is_err() {
                    break;
                }
            }
        });
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match r
                    .by_ref()
                    .take(MAX_ANSWER as u64 + 1)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) => break,
                    Ok(_) if line.len() > MAX_ANSWER => {
                        let _ = tx.send(Err(format!("an answer longer than {MAX_ANSWER} bytes")));
                        break;
                    }
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line).trim_end().to_string();
                        if tx.send(Ok(text)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e.to_string()));
                        break;
                    }
                }
            }
        });
        // The engine's own messages, kept (the last 8 KiB) for an error that needs them.
        let stderr = Arc::new(Mutex::new(String::new()));
        let keep = Arc::clone(&stderr);
        let (closed, stderr_closed) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut s) = keep.lock() {
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if s.len() > 8192 {
                        let cut = s.len() - 8192;
                        let cut = (cut..s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(0);
                        s.drain(..cut);
                    }
                }
            }
            let _ = closed.send(());
        });
        let mut ext = External {
            game: game.to_string(),
            label,
            sides: Vec::new(),
            protocol: 0,
            can: Vec::new(),
            def: def.clone(),
            plies: Arc::new(AtomicU64::new(0)),
            proc: Arc::new(Mutex::new(Proc {
                child,
                pgid,
                requests,
                lines,
                stderr,
                stderr_closed,
                next: 0,
                moves: HashMap::new(),
                scores: HashMap::new(),
                cached: 0,
                budget: CACHE_BUDGET,
                timeout: timeout(),
                failure: None,
            })),
        };
        let failed = StartError::Failed;
        // A transport failure already names the engine; an `error` answer is the engine's own
        // words, placed here (who said it, to which request).
        let info = ext.request(json!({ "cmd": "info" })).map_err(|e| {
            if ext.failure().is_some() {
                failed(e)
            } else {
                failed(format!(
                    "the engine `{}` answered `info` with an error: {}",
                    ext.label,
                    escape_controls(&e)
                ))
            }
        })?;
        let protocol = info.get("protocol").and_then(Value::as_u64);
        if !matches!(protocol, Some(1..=PROTOCOL)) {
            return Err(failed(format!(
                "the engine `{}` speaks protocol {}, ludopress speaks 1 to {PROTOCOL}",
                ext.label,
                escape_controls(
                    &info
                        .get("protocol")
                        .map_or("(none)".into(), Value::to_string)
                )
            )));
        }
        if info.get("game").and_then(Value::as_str) != Some(game) {
            return Err(failed(format!(
                "the engine `{}` plays `{}`, not `{game}`",
                ext.label,
                escape_controls(
                    info.get("game")
                        .and_then(Value::as_str)
                        .unwrap_or("(no game)")
                )
            )));
        }
        ext.sides = info
            .get("sides")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        ext.protocol = protocol.unwrap_or(1);
        if ext.protocol >= 2 {
            ext.can = play::announced(&info);
        }
        Ok(ext)
    }

    /// Another process of the same program, for one more worker of a run (a worker never waits
    /// on another's process): started as the first was (consent, confinement, a process group
    /// of its own, stopped when dropped), with its own answers kept, and counted in the same
    /// plies. Its `info` must name the same sides and offer what this one is asked (`can`,
    /// which it then takes over).
    pub fn another(&self) -> Result<External, StartError> {
        let mut x = External::start(&self.game, &self.def)?;
        if x.protocol < self.protocol
            || x.sides != self.sides
            || !self.can.iter().all(|c| x.can.contains(c))
        {
            return Err(StartError::Failed(format!(
                "the engine `{}` answered `info` differently when started again",
                self.label
            )));
        }
        x.can = self.can.clone();
        x.plies = Arc::clone(&self.plies);
        if let (Ok(mine), Ok(mut theirs)) = (self.proc.lock(), x.proc.lock()) {
            theirs.budget = mine.budget;
            theirs.timeout = mine.timeout;
        }
        Ok(x)
    }

    /// The folder of the game whose program this is.
    pub fn dir(&self) -> &std::path::Path {
        &self.def.dir
    }

    /// Counts `n` plies played through the program.
    pub(crate) fn count_plies(&self, n: u64) {
        self.plies.fetch_add(n, Ordering::Relaxed);
    }

    /// The plies played through the program so far, by every process of it.
    pub fn plies_played(&self) -> u64 {
        self.plies.load(Ordering::Relaxed)
    }

    /// Sets the memory kept for this engine's answers, in bytes ([`CACHE_BUDGET`] by default).
    pub fn set_cache_budget(&self, bytes: usize) {
        if let Ok(mut p) = self.proc.lock() {
            p.budget = bytes;
        }
    }

    /// Sets the answer limit for the next requests ([`timeout`] by default).
    pub fn set_timeout(&self, limit: Duration) {
        if let Ok(mut p) = self.proc.lock() {
            p.timeout = limit;
        }
    }

    /// The estimated memory kept for this engine's answers, in bytes.
    pub fn cached_bytes(&self) -> usize {
        self.proc.lock().map_or(0, |p| p.cached)
    }

    /// Sends one request and reads its answer; an answer with `error` is `Err` with its text.
    fn request(&self, mut req: Value) -> Result<Value, String> {
        let mut p = self
            .proc
            .lock()
            .map_err(|_| "the engine's lock was poisoned")?;
        if let Some(f) = &p.failure {
            return Err(f.clone());
        }
        p.next += 1;
        let id = p.next;
        req["id"] = json!(id);
        let deadline = Instant::now() + p.timeout;
        let limit = p.timeout;
        let late = move || {
            let ms = limit.as_millis();
            if ms % 1000 == 0 {
                format!("no answer within {} s", ms / 1000)
            } else {
                format!("no answer within {ms} ms")
            }
        };
        let answer = (|| {
            let mut buf = format!("{req}\n").into_bytes();
            loop {
                match p.requests.try_send(buf) {
                    Ok(()) => break,
                    Err(TrySendError::Full(b)) => {
                        if Instant::now() >= deadline {
                            return Err(format!("{}: it stopped reading its input", late()));
                        }
                        buf = b;
                        std::thread::sleep(POLL);
                    }
                    Err(TrySendError::Disconnected(_)) => {
                        return Err("it stopped reading its input".into())
                    }
                }
            }
            // Waits in short slices: an engine that exited (even if a process it started still
            // holds its output open) is noticed at once, not at the answer limit.
            let mut exited: Option<(std::process::ExitStatus, Instant)> = None;
            let line = loop {
                let now = Instant::now();
                if now >= deadline {
                    return Err(late());
                }
                match p.lines.recv_timeout(POLL.min(deadline - now)) {
                    Ok(Ok(line)) => break line,
                    Ok(Err(e)) => return Err(e),
                    Err(RecvTimeoutError::Timeout) => match exited {
                        Some((status, at)) if at.elapsed() >= EXIT_GRACE => {
                            return Err(format!("it stopped ({status}) without answering"));
                        }
                        Some(_) => {}
                        None => {
                            if let Ok(Some(status)) = p.child.try_wait() {
                                exited = Some((status, Instant::now()));
                            }
                        }
                    },
                    Err(RecvTimeoutError::Disconnected) => return Err("it stopped".into()),
                }
            };
            let v: Value = serde_json::from_str(&line).map_err(|e| {
                let shown: String = line.chars().take(120).collect();
                format!(
                    "an answer that is not JSON ({e}): {}",
                    escape_controls(&shown)
                )
            })?;
            if v.get("id").and_then(Value::as_u64) != Some(id) {
                return Err(format!("an answer to request {id} without `\"id\": {id}`"));
            }
            Ok(v)
        })();
        match answer {
            Ok(v) => match v.get("error") {
                Some(e) => Err(escape_controls(
                    &e.as_str().map_or_else(|| e.to_string(), String::from),
                )
                .into_owned()),
                None => Ok(v),
            },
            Err(e) => {
                // An engine that stopped may have written why just before: read it to the end
                // (briefly: a process it started may hold its standard error open).
                let _ = p.stderr_closed.recv_timeout(EXIT_GRACE);
                let said = p
                    .stderr
                    .lock()
                    .map(|s| escape_controls(s.trim()).into_owned())
                    .unwrap_or_default();
                let said = if said.is_empty() {
                    String::new()
                } else {
                    format!("; it said: {said}")
                };
                let f = format!("the engine `{}` failed: {e}{said}", self.label);
                p.failure = Some(f.clone());
                // Given up on: it and everything it started end now, not when ludopress does.
                let g = p.pgid;
                kill_group(g);
                Err(f)
            }
        }
    }

    /// The engine's failure, if it failed (crashed, answered late or out of protocol).
    pub fn failure(&self) -> Option<String> {
        self.proc.lock().ok().and_then(|p| p.failure.clone())
    }

    /// Validates a position given as TOML data: the engine's `score` answers it, or says what
    /// is wrong with it.
    pub fn position(&self, rows: &[Vec<String>], fields: &toml::Table) -> Result<ExtPos, Error> {
        let mut m = Map::new();
        for (k, v) in fields {
            m.insert(k.clone(), to_json(v));
        }
        m.insert("game".into(), json!(self.game));
        m.insert("board".into(), json!(board_text(rows)));
        let pos = ExtPos::of(&Value::Object(m));
        self.score_of(&pos).map(|_| pos).map_err(Error::Other)
    }

    fn score_of(&self, p: &ExtPos) -> Result<Score, String> {
        if let Some(s) = self
            .proc
            .lock()
            .ok()
            .and_then(|pr| pr.scores.get(p).cloned())
        {
            return Ok(s);
        }
        let v = self.request(json!({ "cmd": "score", "position": p.value() }))?;
        let score = Score {
            over: v.get("over").and_then(Value::as_bool).unwrap_or(false),
            winner: v.get("winner").and_then(Value::as_str).map(String::from),
            scores: v
                .get("scores")
                .and_then(Value::as_object)
                .map(|m| {
                    m.iter()
                        .map(|(k, n)| (k.clone(), n.as_i64().unwrap_or(0)))
                        .collect()
                })
                .unwrap_or_default(),
        };
        if let Ok(mut pr) = self.proc.lock() {
            let cost = score_cost(p, &score);
            if pr.cached + cost <= pr.budget {
                pr.cached += cost;
                pr.scores.insert(p.clone(), score.clone());
            }
        }
        Ok(score)
    }

    /// `score`: a failed engine answers "not over" (its failure is reported by the check).
    pub fn score(&self, p: &ExtPos) -> Score {
        self.score_of(p).unwrap_or_default()
    }

    /// The distinct successors, one move each (the smallest notation), sorted by move.
    pub fn moves(&self, p: &ExtPos) -> Arc<Vec<(String, ExtPos)>> {
        if let Some(m) = self
            .proc
            .lock()
            .ok()
            .and_then(|pr| pr.moves.get(p).cloned())
        {
            return m;
        }
        let list = self
            .request(json!({ "cmd": "moves", "position": p.value() }))
            .map(|v| {
                let mut all: Vec<(String, ExtPos)> = v
                    .get("moves")
                    .and_then(Value::as_array)
                    .map(|a| {
                        a.iter()
                            .take(MAX_MOVES)
                            .filter_map(|m| {
                                let mv = m.get("move")?.as_str()?.to_string();
                                let mut q = m.get("position")?.clone();
                                q["game"] = json!(self.game);
                                Some((mv, ExtPos::of(&q)))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                all.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
                all.dedup_by(|a, b| a.1 == b.1);
                all.sort_by(|a, b| a.0.cmp(&b.0));
                all
            })
            .unwrap_or_default();
        let list = Arc::new(list);
        if let Ok(mut pr) = self.proc.lock() {
            let cost = moves_cost(p, &list);
            if pr.cached + cost <= pr.budget {
                pr.cached += cost;
                pr.moves.insert(p.clone(), Arc::clone(&list));
            }
        }
        list
    }

    /// The position as a TOML file.
    pub fn to_toml(&self, p: &ExtPos) -> String {
        let (rows, mut fields) = p.data();
        let mut out = format!("game = \"{}\"\n", self.game);
        fields.remove("game");
        out.push_str(&toml::to_string(&fields).unwrap_or_default());
        out.push_str(&format!("board = \"\"\"\n{}\n\"\"\"\n", board_text(&rows)));
        out
    }
}

/// Board rows written as the protocol writes them: tokens joined by one space, rows by `\n`.
pub fn board_text(rows: &[Vec<String>]) -> String {
    rows.iter()
        .map(|r| r.join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A TOML value as JSON.
fn to_json(v: &toml::Value) -> Value {
    match v {
        toml::Value::String(s) => json!(s),
        toml::Value::Integer(i) => json!(i),
        toml::Value::Float(f) => json!(f),
        toml::Value::Boolean(b) => json!(b),
        toml::Value::Datetime(d) => json!(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.iter().map(to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.iter().map(|(k, v)| (k.clone(), to_json(v))).collect())
        }
    }
}

/// A JSON value as TOML (`null` has no TOML form and is left out).
fn to_toml(v: &Value) -> Option<toml::Value> {
    Some(match v {
        Value::Null => return None,
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => toml::Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Array(a) => toml::Value::Array(a.iter().filter_map(to_toml).collect()),
        Value::Object(m) => toml::Value::Table(
            m.iter()
                .filter_map(|(k, v)| Some((k.clone(), to_toml(v)?)))
                .collect(),
        ),
    })
}
