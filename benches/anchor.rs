//! Speed anchor (`cargo bench --bench anchor`): random playouts per CPU-second of RBG's compiled
//! Breakthrough reasoner (`../shared/anchors/rbg-breakthrough/`, the fastest general game
//! reasoner published for that game) beside the bundled Rust games on the sampling path
//! (`rules::fast_playout`, as `benches/rules.rs` measures it), all measured in this one run: the
//! machines are shared and noisy, so only figures of the same run are compared.
//!
//! In: the anchor's C++ sources (found from `CARGO_MANIFEST_DIR`, or `RBG_ANCHOR`), `g++` and the
//! Boost headers; `BENCH_SECS` (CPU seconds a measure, default 3). Out: a table on standard
//! output. Figures, never asserts: without a compiler or Boost the RBG rows are skipped with a
//! message and the rest is still measured.
//!
//! CPU time, not wall time: this thread's from `/proc/thread-self/stat`, the anchor's from the
//! children's times in `/proc/self/stat` once it has been waited for (Linux; elsewhere wall time,
//! said in the output).

use ludopress::definition::Project;
use ludopress::rules::engine::Engine;
use ludopress::rules::{self, rng::Rng, Rules};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Instant, SystemTime};

/// The sources of the anchor, and the build command of its README.
const SOURCES: [&str; 4] = [
    "reasoner.cpp",
    "reasoner.hpp",
    "benchmark.cpp",
    "rbg_random_generator.hpp",
];
const FLAGS: [&str; 6] = [
    "-std=c++17",
    "-O3",
    "-march=native",
    "-flto",
    "-DNDEBUG",
    "-DRBG_RANDOM_GENERATOR=0",
];

/// One measured row: (games, plies, CPU seconds).
struct Row {
    engine: String,
    games: u64,
    plies: u64,
    cpu: f64,
}

/// CPU clock: this thread's, or the waited-for children's, in seconds; `None` off Linux.
struct Clock {
    hz: f64,
}

impl Clock {
    fn new() -> Clock {
        // USER_HZ, 100 on every usual Linux; asked rather than assumed when `getconf` is there.
        let hz = Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100.0);
        Clock { hz }
    }

    /// Fields of a `/proc/.../stat` file after the command name: `[0]` is field 3 (state).
    fn fields(&self, path: &str) -> Option<Vec<u64>> {
        let text = std::fs::read_to_string(path).ok()?;
        let rest = &text[text.rfind(')')? + 2..];
        Some(
            rest.split(' ')
                .skip(1)
                .map(|f| f.parse().unwrap_or(0))
                .collect(),
        )
    }

    /// utime + stime of this thread (fields 14 and 15).
    fn thread(&self) -> Option<f64> {
        let f = self.fields("/proc/thread-self/stat")?;
        Some((f[10] + f[11]) as f64 / self.hz)
    }

    /// cutime + cstime of this process (fields 16 and 17): the children waited for.
    fn children(&self) -> Option<f64> {
        let f = self.fields("/proc/self/stat")?;
        Some((f[12] + f[13]) as f64 / self.hz)
    }
}

/// Plays random games on the sampling path until `secs` of this thread's CPU time have gone (wall
/// time when there is no CPU clock).
fn sampled<R: Rules>(r: &R, clock: &Clock, secs: f64) -> (u64, u64, f64) {
    let mut rng = Rng::new(1);
    let mut buf = Vec::new();
    let (mut games, mut plies) = (0u64, 0u64);
    let wall = Instant::now();
    let now = || {
        clock
            .thread()
            .unwrap_or_else(|| wall.elapsed().as_secs_f64())
    };
    let t0 = now();
    let mut spent = 0.0;
    while spent < secs {
        for _ in 0..16 {
            let p = r.start(rng.next());
            let (_, n) = rules::fast_playout(r, p, 10_000, &mut rng, &mut buf);
            games += 1;
            plies += n;
        }
        spent = now() - t0;
    }
    (games, plies, spent)
}

fn bundled(project: &Project, game: &str, clock: &Clock, secs: f64) -> Row {
    let engine = Engine::new(project, game).expect("a bundled engine");
    let (games, plies, cpu) = match &engine {
        Engine::Imbriqua(r) => sampled(&**r, clock, secs),
        Engine::Arlecchino(r) => sampled(&**r, clock, secs),
        Engine::Imperator(r) => sampled(&**r, clock, secs),
        Engine::Lignes(r) => sampled(&**r, clock, secs),
        Engine::AlphaBrick(r) => sampled(&**r, clock, secs),
        Engine::Declared(r) => sampled(&**r, clock, secs),
        Engine::External(_) => unreachable!("a bundled game"),
    };
    Row {
        engine: "bundled Rust engine".into(),
        games,
        plies,
        cpu,
    }
}

/// The seed games declared as data, each measured beside its Rust engine (a game of the
/// project, not of the registry).
const SEEDS_DECLARED: [&str; 2] = ["imperator-declared", "alphabrick-declared"];

/// The declared games of the registry (Breakthrough first), each measured as the bundled games
/// are: `fast_playout` from its start. `main` prints the first row's ratio to RBG's figure.
fn declared_rows(project: &Project, clock: &Clock, secs: f64) -> Vec<(&'static str, Row)> {
    let mut ids: Vec<&'static str> = ludopress::rules::registry::GAMES
        .iter()
        .filter(|g| g.contract.is_none())
        .map(|g| g.id)
        .collect();
    ids.sort_by_key(|id| *id != "breakthrough");
    ids.into_iter()
        .map(|game| {
            let engine = Engine::new(project, game).expect("a declared game");
            let Engine::Declared(r) = &engine else {
                panic!("{game} is a declared game");
            };
            let (games, plies, cpu) = sampled(&**r, clock, secs);
            let row = Row {
                engine: "ludopress declared engine".into(),
                games,
                plies,
                cpu,
            };
            (game, row)
        })
        .collect()
}

/// Why the anchor cannot be built here, if it cannot.
fn missing(src: &Path) -> Option<String> {
    if !src.join("reasoner.cpp").is_file() {
        return Some(format!("{} missing", src.display()));
    }
    if Command::new("g++").arg("--version").output().is_err() {
        return Some("g++ missing (apt-get install g++ libboost-dev)".into());
    }
    let boost = Command::new("sh")
        .args([
            "-c",
            "echo '#include <boost/container/static_vector.hpp>' | g++ -x c++ -fsyntax-only -",
        ])
        .output();
    if !boost.map(|o| o.status.success()).unwrap_or(false) {
        return Some("Boost headers missing (apt-get install g++ libboost-dev)".into());
    }
    None
}

fn mtime(p: &Path) -> SystemTime {
    std::fs::metadata(p)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

/// Compiles `out` from `inputs` with `flags`, unless it is newer than every file of `deps` and was
/// built with the same command (kept in `<out>.cmd`).
fn build(
    out: &Path,
    inputs: &[PathBuf],
    deps: &[PathBuf],
    flags: &[&str],
    include: &Path,
) -> Result<(), String> {
    let mut cmd = Command::new("g++");
    cmd.args(flags)
        .arg("-I")
        .arg(include)
        .args(inputs)
        .arg("-o")
        .arg(out);
    let line = format!("{cmd:?}");
    let stamp = out.with_extension("cmd");
    let newest = deps
        .iter()
        .map(|p| mtime(p))
        .max()
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let same = std::fs::read_to_string(&stamp)
        .map(|s| s == line)
        .unwrap_or(false);
    if out.is_file() && same && mtime(out) > newest {
        return Ok(());
    }
    let done = cmd.output().map_err(|e| format!("g++: {e}"))?;
    if !done.status.success() {
        return Err(format!(
            "g++ failed: {}",
            String::from_utf8_lossy(&done.stderr)
        ));
    }
    std::fs::write(&stamp, line).map_err(|e| format!("{}: {e}", stamp.display()))
}

/// Runs RBG's driver for `ms` milliseconds: its row, CPU time from the children's clock.
fn rbg(bench: &Path, ms: u64, clock: &Clock) -> Result<Row, String> {
    let before = clock.children();
    let wall = Instant::now();
    let out = Command::new(bench)
        .arg(ms.to_string())
        .output()
        .map_err(|e| e.to_string())?;
    let wall = wall.elapsed().as_secs_f64();
    let cpu = match (before, clock.children()) {
        (Some(a), Some(b)) => b - a,
        _ => wall,
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let count = |what: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(what))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
            .ok_or_else(|| format!("no `{what}` in RBG's output: {text}"))
    };
    Ok(Row {
        engine: "RBG compiled reasoner (C++)".into(),
        games: count("number of playouts: ")?,
        plies: count("number of states: ")?,
        cpu,
    })
}

fn print(r: &Row, game: &str) {
    println!(
        "| {} | {game} | {:.0} | {:.2} M | {:.1} | {} | {:.2} |",
        r.engine,
        r.games as f64 / r.cpu,
        r.plies as f64 / r.cpu / 1e6,
        r.plies as f64 / r.games as f64,
        r.games,
        r.cpu
    );
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let project = Project::new(root);
    let secs: f64 = std::env::var("BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let clock = Clock::new();
    if clock.thread().is_none() || clock.children().is_none() {
        println!("note: no /proc CPU clock here: the figures below are per wall second");
    }
    let src = std::env::var_os("RBG_ANCHOR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/anchors/rbg-breakthrough"));
    // The target folder: this bench runs from target/<profile>/deps/.
    let exe = std::env::current_exe().expect("the bench's path");
    let target = exe.ancestors().nth(3).unwrap_or(root).to_path_buf();
    let out = target.join("rbg-anchor");

    // RBG, built as its README says, measured before and after the Rust games (the spread of the
    // two says how noisy the machine was during the run).
    let mut anchor = None;
    match missing(&src) {
        Some(why) => println!("RBG anchor skipped: {why}; the other rows are measured"),
        None => {
            std::fs::create_dir_all(&out).expect("target/rbg-anchor");
            let bench = out.join("bench");
            let inputs = [src.join("reasoner.cpp"), src.join("benchmark.cpp")];
            let deps: Vec<PathBuf> = SOURCES.iter().map(|s| src.join(s)).collect();
            let t = Instant::now();
            match build(&bench, &inputs, &deps, &FLAGS, &src) {
                Ok(()) => {
                    println!(
                        "RBG anchor: {} ({:.1} s to check or build)",
                        bench.display(),
                        t.elapsed().as_secs_f64()
                    );
                    anchor = Some(bench);
                }
                Err(e) => println!("RBG anchor skipped: {e}"),
            }
        }
    }
    let ms = (secs * 1000.0) as u64;
    let first = anchor.as_ref().map(|b| rbg(b, ms, &clock));

    let mut rows = Vec::new();
    for game in [
        "imbriqua",
        "arlecchino",
        "imperator",
        "lignes",
        "alphabrick",
    ] {
        rows.push((game, bundled(&project, game, &clock, secs)));
    }
    let declared = declared_rows(&project, &clock, secs);
    // The seed games declared as data (`games/<seed>-declared`), beside their Rust engines.
    let seeds: Vec<(&str, Row)> = SEEDS_DECLARED
        .iter()
        .map(|&game| {
            let mut row = bundled(&project, game, &clock, secs);
            row.engine = "ludopress declared engine".into();
            (game, row)
        })
        .collect();
    let second = anchor.as_ref().map(|b| rbg(b, ms, &clock));

    println!();
    println!("Random playouts from the start, per CPU-second, one thread, {secs} s of CPU a row:");
    println!();
    println!("| engine | game | playouts per CPU-s | plies per CPU-s | plies a game | playouts | CPU s |");
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
    let mut rbg_rate = Vec::new();
    for r in [first, second].into_iter().flatten() {
        match r {
            Ok(r) => {
                rbg_rate.push(r.games as f64 / r.cpu);
                print(&r, "breakthrough");
            }
            Err(e) => println!("RBG run failed: {e}"),
        }
    }
    for (game, r) in &declared {
        print(r, game);
    }
    for (game, r) in &rows {
        print(r, game);
    }
    for (game, r) in &seeds {
        print(r, game);
    }
    println!();
    for (game, r) in &seeds {
        let seed = game.trim_end_matches("-declared");
        if let Some((_, rust)) = rows.iter().find(|(g, _)| *g == seed) {
            println!(
                "{game} / its Rust engine: {:.2}x",
                (r.games as f64 / r.cpu) / (rust.games as f64 / rust.cpu)
            );
        }
    }
    let anchor_rate =
        (!rbg_rate.is_empty()).then(|| rbg_rate.iter().sum::<f64>() / rbg_rate.len() as f64);
    match (anchor_rate, declared.first().map(|(_, r)| r)) {
        (Some(a), Some(d)) => println!(
            "declared Breakthrough / RBG: {:.2}x (RBG: mean of its {} runs, {:.0} playouts per CPU-s)",
            d.games as f64 / d.cpu / a,
            rbg_rate.len(),
            a
        ),
        (Some(a), None) => println!(
            "RBG: {a:.0} playouts per CPU-s (mean of {} runs); declared Breakthrough / RBG: not measured yet",
            rbg_rate.len()
        ),
        _ => println!("declared Breakthrough / RBG: no RBG figure in this run"),
    }

    // RBG's own perft, the cross-check of tests/perft_independent.rs (its table comes from here).
    if anchor.is_some() {
        let perft = out.join("perft");
        let inputs = [src.join("reasoner.cpp"), root.join("benches/rbg_perft.cpp")];
        let deps = [
            inputs[0].clone(),
            inputs[1].clone(),
            src.join("reasoner.hpp"),
        ];
        match build(
            &perft,
            &inputs,
            &deps,
            &["-std=c++17", "-O2", "-DNDEBUG"],
            &src,
        ) {
            Ok(()) => match Command::new(&perft).args(["4", "12"]).output() {
                Ok(o) => {
                    println!();
                    println!("RBG perft (start: depths 1-4; then depths 1-3 of 12 positions of random games):");
                    print!("{}", String::from_utf8_lossy(&o.stdout));
                }
                Err(e) => println!("RBG perft failed: {e}"),
            },
            Err(e) => println!("RBG perft skipped: {e}"),
        }
    }
}
