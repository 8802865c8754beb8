//! The fuzzers' harness: a memory cap (a counting global allocator that refuses allocations past
//! 2 GiB of live memory, naming the kind and input being run), a watchdog (each kind runs in its
//! own thread; an input that takes longer than the deadline fails the test, naming it), per-input
//! seeds (an input is rebuilt from its kind, the seed and its index) and the figures of a run
//! (inputs, worst time, peak and retained memory per kind).
//!
//! The fuzzers are modules of the one integration-test binary, and `Capped` is that binary's
//! global allocator (`tests/main.rs`): two counts, for two questions.
//! - The cap counts the whole process: every test's live memory, the fuzzers' and the others',
//!   together, never passes 2 GiB. A runaway input (or test) is stopped wherever it allocates,
//!   in any thread it started, and the process aborts with a message naming the fuzz inputs then
//!   running; `a_runaway_input_is_stopped_by_the_memory_cap` shows it firing. The suite's other
//!   tests, run beside the fuzzers, stay far below it (each parses, lays out or renders a few
//!   games), so the cap only fires on a runaway.
//! - A kind's figures count its own thread: a thread-local counter, bytes allocated minus bytes
//!   freed by that thread, with its high-water mark (plain `Cell`s, initialised as constants and
//!   without destructors, so reading them in the allocator allocates nothing). Tests running at
//!   the same time thus no longer blur a kind's figures, which no longer need `--test-threads=1`.
//!   What an input hands to another thread (a build's jobs) is under the cap but outside its
//!   figures; a block one thread allocates and another frees counts as kept by the first.

use ludopress::base::diag::Diagnostics;
use ludopress::rules::rng::Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Live memory past which an allocation fails: 2 GiB.
pub const CAP: usize = 2 << 30;

/// Inputs of each kind in a default run (`LUDOPRESS_FUZZ=N` changes it).
const DEFAULT_RUNS: usize = 300;

/// Longest time one input may take before it counts as a hang (`LUDOPRESS_FUZZ_DEADLINE_S`).
/// Far above the worst input measured (see the note): only a hang reaches it, even on a
/// loaded machine in the debug profile.
const DEFAULT_DEADLINE: Duration = Duration::from_secs(60);

pub fn runs() -> usize {
    std::env::var("LUDOPRESS_FUZZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_RUNS)
}

pub fn seed() -> u64 {
    std::env::var("LUDOPRESS_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20261122)
}

fn deadline() -> Duration {
    std::env::var("LUDOPRESS_FUZZ_DEADLINE_S")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(DEFAULT_DEADLINE, Duration::from_secs)
}

/// The kinds, in the order of the slots below (the allocator names the running ones).
pub const KINDS: [&str; 15] = [
    "claims",
    "analysis-files",
    "definitions",
    "positions",
    "rulebooks",
    "builds",
    "data",
    "art-svg",
    "art-png",
    "fonts",
    "records",
    "engine-answers",
    "engine-consent",
    "runaway",
    "(setup)",
];

/// The input each kind is running, plus one (0: none).
static RUNNING: [AtomicUsize; KINDS.len()] = [const { AtomicUsize::new(0) }; KINDS.len()];
/// Live bytes of the whole process: what the cap counts.
static LIVE: AtomicUsize = AtomicUsize::new(0);
/// The seed, kept where the allocator can read it without allocating.
static SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

thread_local! {
    /// Bytes this thread allocated minus bytes it freed (below zero when it frees blocks another
    /// thread allocated).
    static NET: Cell<isize> = const { Cell::new(0) };
    /// The highest `NET` since `Own::reset`.
    static HIGH: Cell<isize> = const { Cell::new(0) };
}

/// This thread's own count, for a kind's figures.
struct Own;

impl Own {
    /// Adds `delta` bytes to this thread's count. `try_with`: a thread being torn down still
    /// allocates and frees, and is then simply not counted.
    fn add(delta: isize) {
        let _ = NET.try_with(|n| {
            let now = n.get() + delta;
            n.set(now);
            let _ = HIGH.try_with(|h| h.set(h.get().max(now)));
        });
    }

    fn net() -> isize {
        NET.try_with(Cell::get).unwrap_or(0)
    }

    fn high() -> isize {
        HIGH.try_with(Cell::get).unwrap_or(0)
    }

    /// Starts a new high-water mark at the present count.
    fn reset() {
        let now = Own::net();
        let _ = HIGH.try_with(|h| h.set(now));
    }
}

/// The counting allocator: the system's, with live bytes counted (for the whole process, and
/// for each thread) and capped (for the whole process).
pub struct Capped;

impl Capped {
    fn take(size: usize) -> bool {
        let now = LIVE.fetch_add(size, Relaxed) + size;
        if now > CAP {
            LIVE.fetch_sub(size, Relaxed);
            refuse(size, now - size);
            return false;
        }
        Own::add(size as isize);
        true
    }

    fn give(size: usize) {
        LIVE.fetch_sub(size, Relaxed);
        Own::add(-(size as isize));
    }
}

// SAFETY: every call forwards to `System` with the same layout; the counters only add and
// subtract sizes, and an allocation over the cap returns null as the trait allows.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if !Capped::take(l.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc(l);
        if p.is_null() {
            Capped::give(l.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        if !Capped::take(l.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc_zeroed(l);
        if p.is_null() {
            Capped::give(l.size());
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l);
        Capped::give(l.size());
    }

    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        if new > l.size() && !Capped::take(new - l.size()) {
            return std::ptr::null_mut();
        }
        let q = System.realloc(p, l, new);
        if q.is_null() {
            if new > l.size() {
                Capped::give(new - l.size());
            }
        } else if new < l.size() {
            Capped::give(l.size() - new);
        }
        q
    }
}

/// Says, without allocating, which inputs were running when memory ran past the cap (the
/// process then aborts, as Rust does on a failed allocation).
fn refuse(size: usize, live: usize) {
    let mut buf = [0u8; 1024];
    let mut w = Buf {
        buf: &mut buf,
        len: 0,
    };
    let _ = std::fmt::Write::write_fmt(
        &mut w,
        format_args!(
            "\nfuzz memory cap: an allocation of {size} bytes with {live} live would pass {CAP} (seed {})",
            SEED.load(Relaxed)
        ),
    );
    for (k, slot) in KINDS.iter().zip(&RUNNING) {
        let i = slot.load(Relaxed);
        if i > 0 {
            let _ =
                std::fmt::Write::write_fmt(&mut w, format_args!("; running {k} input {}", i - 1));
        }
    }
    let _ = std::fmt::Write::write_str(&mut w, "\n");
    let len = w.len;
    use std::io::Write;
    let _ = std::io::stderr().write_all(&buf[..len]);
}

struct Buf<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl std::fmt::Write for Buf<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let n = s.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        Ok(())
    }
}

/// What an input gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A result.
    Accepted,
    /// Input errors, each at a place.
    Refused,
}

/// One input being run: its index, its own random numbers and its bytes (kept for the message
/// of a failure or a hang).
pub struct Case {
    pub index: usize,
    pub rng: Rng,
    input: Arc<Mutex<Vec<u8>>>,
    kind: &'static str,
}

impl Case {
    /// Records the input, for a message if it fails or hangs; with `LUDOPRESS_FUZZ_DUMP=1`, also
    /// writes it to the temporary folder before it runs (for an input that aborts the process).
    pub fn input(&self, bytes: &[u8]) {
        if let Ok(mut i) = self.input.lock() {
            i.clear();
            i.extend_from_slice(bytes);
        }
        if std::env::var("LUDOPRESS_FUZZ_DUMP").is_ok_and(|v| v == "1") {
            let name = format!(
                "ludopress-fuzz-{}-{}-{}.input",
                self.kind,
                seed(),
                self.index
            );
            let _ = std::fs::write(std::env::temp_dir().join(name), bytes);
        }
    }
}

/// The first input of each kind to run (`LUDOPRESS_FUZZ_FROM=i`, to reproduce input `i` alone
/// with `LUDOPRESS_FUZZ=i+1`).
fn first() -> usize {
    std::env::var("LUDOPRESS_FUZZ_FROM")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// A kind's figures.
#[derive(Debug, Default)]
pub struct Figures {
    pub inputs: usize,
    pub accepted: usize,
    pub refused: usize,
    pub worst: Duration,
    pub worst_input: usize,
    /// Most bytes one input held at once on the kind's thread, beyond what it held before.
    pub peak: usize,
    pub peak_input: usize,
    /// The kind's thread's bytes once its inputs and shared state are dropped (memory kept
    /// across inputs).
    pub retained: isize,
}

enum Msg {
    Start(usize),
    Done(usize, Verdict, Duration, usize),
    Failed(usize, String),
    Setup(String),
    /// Every input ran and the state is dropped: the bytes the thread still holds.
    End(isize),
}

/// Runs `n` inputs of `kind`: `setup` builds what every input shares, in the kind's own thread;
/// `each` makes input `case.index` from `case.rng`, records it with `case.input` and runs it.
/// A panic, an input over the deadline or memory past the cap fails the test and names the kind,
/// the seed and the input.
pub fn run<S: 'static>(
    kind: &'static str,
    n: usize,
    setup: impl FnOnce() -> S + Send + 'static,
    each: impl Fn(&mut S, &mut Case) -> Verdict + Send + 'static,
) -> Figures {
    SEED.store(seed(), Relaxed);
    let slot = KINDS.iter().position(|k| *k == kind).expect("a known kind");
    let salt = fnv(kind.as_bytes());
    let input = Arc::new(Mutex::new(Vec::new()));
    let shown = Arc::clone(&input);
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name(format!("fuzz-{kind}"))
        .stack_size(16 << 20)
        .spawn(move || {
            let born = Own::net();
            let state = catch_unwind(AssertUnwindSafe(setup));
            let mut state = match state {
                Ok(s) => s,
                Err(e) => {
                    let _ = tx.send(Msg::Setup(message(&*e)));
                    return;
                }
            };
            for index in first().min(n)..n {
                let mut case = Case {
                    kind,
                    index,
                    rng: Rng::new(
                        seed() ^ salt ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    ),
                    input: Arc::clone(&input),
                };
                if tx.send(Msg::Start(index)).is_err() {
                    return;
                }
                RUNNING[slot].store(index + 1, Relaxed);
                let before = Own::net();
                Own::reset();
                let t = Instant::now();
                let got = catch_unwind(AssertUnwindSafe(|| each(&mut state, &mut case)));
                let took = t.elapsed();
                let peak = (Own::high() - before).max(0) as usize;
                RUNNING[slot].store(0, Relaxed);
                let msg = match got {
                    Ok(v) => Msg::Done(index, v, took, peak),
                    Err(e) => Msg::Failed(index, message(&*e)),
                };
                let failed = matches!(msg, Msg::Failed(..));
                if tx.send(msg).is_err() || failed {
                    return;
                }
            }
            drop(state);
            let _ = tx.send(Msg::End(Own::net() - born));
        })
        .expect("a fuzz thread");
    let began = Instant::now();
    let mut f = Figures::default();
    let wait = deadline();
    let shown_input = || {
        let bytes = shown.lock().map(|b| b.clone()).unwrap_or_default();
        let file = std::env::temp_dir().join(format!("ludopress-fuzz-{kind}-{}.input", seed()));
        let _ = std::fs::write(&file, &bytes);
        format!(
            "(written to {}) --- input ---\n{}",
            file.display(),
            String::from_utf8_lossy(&bytes)
                .chars()
                .take(3000)
                .collect::<String>()
        )
    };
    loop {
        match rx.recv() {
            Ok(Msg::Setup(e)) => panic!("fuzzing {kind}: the setup failed: {e}"),
            Ok(Msg::Start(i)) => match rx.recv_timeout(wait) {
                Ok(Msg::Done(i, v, took, peak)) => {
                    f.inputs += 1;
                    match v {
                        Verdict::Accepted => f.accepted += 1,
                        Verdict::Refused => f.refused += 1,
                    }
                    if took > f.worst {
                        (f.worst, f.worst_input) = (took, i);
                    }
                    if peak > f.peak {
                        (f.peak, f.peak_input) = (peak, i);
                    }
                }
                Ok(Msg::Failed(i, e)) => panic!(
                    "fuzzing {kind}, seed {}, input {i}: {e}\n{}",
                    seed(),
                    shown_input()
                ),
                Ok(_) => unreachable!("the fuzz thread sends Start then Done or Failed"),
                Err(mpsc::RecvTimeoutError::Timeout) => panic!(
                    "fuzzing {kind}, seed {}, input {i}: no result within {} s (a hang)\n{}",
                    seed(),
                    wait.as_secs(),
                    shown_input()
                ),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    panic!("fuzzing {kind}, input {i}: the thread ended")
                }
            },
            Ok(Msg::End(kept)) => f.retained = kept,
            Ok(_) => unreachable!("Done and Failed follow a Start"),
            Err(_) => break,
        }
    }
    println!(
        "fuzz figures: {kind}: {} inputs ({} accepted, {} refused), worst {:.1} ms (input {}), \
         peak +{:.1} MiB (input {}), retained {:+.1} MiB, {:.1} s in all, seed {}",
        f.inputs,
        f.accepted,
        f.refused,
        f.worst.as_secs_f64() * 1e3,
        f.worst_input,
        f.peak as f64 / 1048576.0,
        f.peak_input,
        f.retained as f64 / 1048576.0,
        began.elapsed().as_secs_f64(),
        seed()
    );
    assert_eq!(f.inputs, n - first().min(n), "{kind}: every input ran");
    f
}

fn message(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<String>()
        .cloned()
        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// FNV-1a, for the kinds' salts.
pub fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Asserts that every error names a place (a line), and that printing them stays small.
pub fn placed(d: &Diagnostics, input: &str) {
    assert!(!d.is_empty(), "an error without a diagnostic");
    for e in &d.0 {
        assert!(
            e.line > 0,
            "an error without a place: {e}\n--- input ---\n{}",
            short(input)
        );
    }
    let shown = d.to_string();
    assert!(shown.len() < 200_000, "a message of {} bytes", shown.len());
}

pub fn short(s: &str) -> String {
    s.chars().take(3000).collect()
}

/// A scratch folder for one kind, emptied first.
pub fn scratch(kind: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ludopress-fuzz-{kind}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}
