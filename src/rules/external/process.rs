//! Process supervision of a game's engine program: starting it (only with consent, confined
//! where the system allows, with a cleared environment, in a process group of its own), the
//! threads that write its requests and read its answer lines and its standard error, the wait
//! for one answer line within the answer limit, and killing its group when ludopress is done
//! with it, gives up on it, or is interrupted ([`end_all_engines`]). What the lines say is the
//! protocol's business ([`super::protocol`]).

use crate::base::diag::{escape_controls, Error};
use crate::definition::model::EngineDef;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Longest wait for one answer (`LUDOPRESS_ENGINE_TIMEOUT_MS` sets another, for tests).
pub const TIMEOUT: Duration = Duration::from_secs(20);
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

/// Why the program gave no answer line, in words for a message that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct NoAnswer(pub(super) String);

impl std::fmt::Display for NoAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A running program: its process group, the writer of its requests, its answer lines and its
/// standard error. Dropped, it is killed with everything it started.
pub(super) struct Process {
    child: Child,
    /// The engine's process group (its process id): killed whole.
    pgid: i32,
    /// Requests for the writer thread.
    requests: SyncSender<Vec<u8>>,
    lines: Receiver<Result<String, NoAnswer>>,
    stderr: Arc<Mutex<String>>,
    /// Told when the engine's standard error is closed (all of it read).
    stderr_closed: Receiver<()>,
}

impl Drop for Process {
    fn drop(&mut self) {
        // The whole group: a process the engine started (and left holding its output) ends too.
        kill_group(self.pgid);
        live().remove(&self.pgid);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the program of `game`'s engine `def` (shown as `label` in messages): only with
/// consent ([`crate::rules::external::trust::consent`]), confined where the system allows, in
/// a process group of its own.
pub(super) fn spawn(game: &str, def: &EngineDef, label: &str) -> Result<Process, StartError> {
    let failed = |e: String| StartError::Failed(format!("cannot start the engine `{label}`: {e}"));
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
            .map_err(|e| failed(e.0))?;
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
                    let _ = tx.send(Err(NoAnswer(format!(
                        "an answer longer than {MAX_ANSWER} bytes"
                    ))));
                    break;
                }
                Ok(_) => {
                    let text = String::from_utf8_lossy(&line).trim_end().to_string();
                    if tx.send(Ok(text)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let _ = tx.send(Err(NoAnswer(e.to_string())));
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
    Ok(Process {
        child,
        pgid,
        requests,
        lines,
        stderr,
        stderr_closed,
    })
}

impl Process {
    /// Writes one request line and waits for one answer line, at most `limit`: an engine that
    /// stopped reading its input, exited or said nothing in time gives no line, and why.
    pub(super) fn exchange(
        &mut self,
        mut buf: Vec<u8>,
        limit: Duration,
    ) -> Result<String, NoAnswer> {
        let deadline = Instant::now() + limit;
        let late = move || {
            let ms = limit.as_millis();
            if ms.is_multiple_of(1000) {
                NoAnswer(format!("no answer within {} s", ms / 1000))
            } else {
                NoAnswer(format!("no answer within {ms} ms"))
            }
        };
        loop {
            match self.requests.try_send(buf) {
                Ok(()) => break,
                Err(TrySendError::Full(b)) => {
                    if Instant::now() >= deadline {
                        return Err(NoAnswer(format!(
                            "{}: it stopped reading its input",
                            late()
                        )));
                    }
                    buf = b;
                    std::thread::sleep(POLL);
                }
                Err(TrySendError::Disconnected(_)) => {
                    return Err(NoAnswer("it stopped reading its input".into()))
                }
            }
        }
        // Waits in short slices: an engine that exited (even if a process it started still
        // holds its output open) is noticed at once, not at the answer limit.
        let mut exited: Option<(std::process::ExitStatus, Instant)> = None;
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(late());
            }
            match self.lines.recv_timeout(POLL.min(deadline - now)) {
                Ok(line) => return line,
                Err(RecvTimeoutError::Timeout) => match exited {
                    Some((status, at)) if at.elapsed() >= EXIT_GRACE => {
                        return Err(NoAnswer(format!("it stopped ({status}) without answering")));
                    }
                    Some(_) => {}
                    None => {
                        if let Ok(Some(status)) = self.child.try_wait() {
                            exited = Some((status, Instant::now()));
                        }
                    }
                },
                Err(RecvTimeoutError::Disconnected) => return Err(NoAnswer("it stopped".into())),
            }
        }
    }

    /// What the program wrote on its standard error (its last 8 KiB), escaped: an engine that
    /// stopped may have written why just before, so it is read to the end (briefly: a process
    /// it started may hold its standard error open).
    pub(super) fn said(&self) -> String {
        let _ = self.stderr_closed.recv_timeout(EXIT_GRACE);
        self.stderr
            .lock()
            .map(|s| escape_controls(s.trim()).into_owned())
            .unwrap_or_default()
    }

    /// Ends the program and everything it started, now (not when ludopress ends).
    pub(super) fn kill(&self) {
        kill_group(self.pgid);
    }
}
