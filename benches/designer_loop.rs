//! The designer's loop, measured as a designer runs it: the `ludopress` binary as a process
//! (run by `cargo bench --bench designer_loop`; figures are printed, not asserted).
//!
//! - a full build of the bundled games with and without PNG previews (median of 5);
//! - time to the first output file and to the end, for the bundled games and for synthetic
//!   games of 500 and 5,000 cards (the example game's rows repeated, each card its own id);
//! - peak memory (the child's maximum resident set, from `getrusage`) of those builds, without
//!   previews;
//! - `build --only` of one deck and of one card.
//!
//! With `LUDOPRESS_BEFORE=<path to an older ludopress binary>`, every figure is also measured
//! for it in the same run and shown beside ("before"; `--only` did not exist before).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ludopress-loop-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for e in std::fs::read_dir(from).expect("folder") {
        let e = e.expect("entry");
        if e.file_type().expect("type").is_dir() {
            copy(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).expect("copy");
        }
    }
}

/// A project holding one game, `potager` with `n` distinct cards.
fn synthetic(root: &Path, n: usize) -> PathBuf {
    let dir = temp(&format!("cards-{n}"));
    copy(&root.join("templates"), &dir.join("templates"));
    copy(&root.join("games/potager"), &dir.join("games/potager"));
    let csv = std::fs::read_to_string(root.join("games/potager/cards.csv")).expect("cards.csv");
    let mut lines = csv.lines();
    let mut out = format!("{}\n", lines.next().expect("header"));
    let rows: Vec<&str> = lines.filter(|l| !l.trim().is_empty()).collect();
    for i in 0..n {
        let (_, rest) = rows[i % rows.len()].split_once(',').expect("id column");
        let rest = rest.rsplit_once(',').map_or(rest, |(r, _)| r);
        out.push_str(&format!("card-{i},{rest},1\n"));
    }
    std::fs::write(dir.join("games/potager/cards.csv"), out).expect("csv");
    dir
}

/// A file under `dir` (not a temporary), if any.
fn any_file(dir: &Path, depth: usize) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|e| {
        let name = e.file_name();
        let temporary = name.to_string_lossy().starts_with(".ludopress-");
        match e.file_type() {
            Ok(t) if t.is_dir() => depth > 0 && any_file(&e.path(), depth - 1),
            Ok(t) => t.is_file() && !temporary,
            Err(_) => false,
        }
    })
}

/// One run of `bin` in `root` with `args` into a fresh folder: time to the first file in it,
/// time to the end, and the process's peak memory (MB).
fn run(bin: &Path, root: &Path, args: &[&str]) -> (Duration, Duration, f64) {
    let out = temp("out");
    let start = Instant::now();
    let mut child = Command::new(bin)
        .arg("--root")
        .arg(root)
        .arg("build")
        .args(args)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ludopress");
    // Polled every 2 ms until the first file is there, then only waited for.
    let mut first = None;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if any_file(&out, 4) {
            first = Some(start.elapsed());
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let total = start.elapsed();
    assert!(status.success(), "{} {args:?} failed", bin.display());
    // SAFETY: getrusage only fills the struct it is given. The children's maximum only grows
    // within a process: `peak` measures one run in a process of its own.
    let after = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut u);
        u.ru_maxrss
    };
    let _ = std::fs::remove_dir_all(&out);
    (first.unwrap_or(total), total, after as f64 / 1024.0)
}

/// Peak memory of one run, measured in a fresh process of this bench (`getrusage` of the
/// children only grows within a process).
fn peak(bin: &Path, root: &Path, args: &[&str]) -> f64 {
    let me = std::env::current_exe().expect("bench binary");
    let out = Command::new(me)
        .arg("--peak")
        .arg(bin)
        .arg(root)
        .args(args)
        .output()
        .expect("bench child");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .unwrap_or(f64::NAN)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--peak") {
        let rest: Vec<&str> = args[4..].iter().map(String::as_str).collect();
        let (_, _, mb) = run(Path::new(&args[2]), Path::new(&args[3]), &rest);
        println!("{mb:.1}");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let now = root.join("target/release/ludopress");
    assert!(
        now.is_file(),
        "build the binary first: cargo build --release"
    );
    let mut bins = vec![("after", now)];
    if let Some(b) = std::env::var_os("LUDOPRESS_BEFORE") {
        bins.insert(0, ("before", PathBuf::from(b)));
    }
    let names: Vec<&str> = bins.iter().map(|b| b.0).collect();
    println!("designer loop ({}):", names.join(" | "));
    let row = |label: &str, cells: Vec<String>| {
        println!("  {label:<46} {}", cells.join(" | "));
    };

    // Full builds of the bundled games, alternating the binaries run by run.
    let mut with: Vec<Vec<Duration>> = vec![Vec::new(); bins.len()];
    let mut without: Vec<Vec<Duration>> = vec![Vec::new(); bins.len()];
    let mut first: Vec<Vec<Duration>> = vec![Vec::new(); bins.len()];
    for _ in 0..5 {
        for (i, (_, bin)) in bins.iter().enumerate() {
            let (f, t, _) = run(bin, &root, &[]);
            with[i].push(t);
            first[i].push(f);
            without[i].push(run(bin, &root, &["--no-png"]).1);
        }
    }
    let (w, wo): (Vec<Duration>, Vec<Duration>) = (
        with.into_iter().map(median).collect(),
        without.into_iter().map(median).collect(),
    );
    row(
        "7 games, PNG previews (median of 5)",
        w.iter().map(|d| ms(*d)).collect(),
    );
    row("7 games, --no-png", wo.iter().map(|d| ms(*d)).collect());
    row(
        "previews cost (with / without)",
        w.iter()
            .zip(&wo)
            .map(|(a, b)| format!("{:.2}x", a.as_secs_f64() / b.as_secs_f64()))
            .collect(),
    );
    row(
        "7 games, first file written",
        first
            .into_iter()
            .zip(&w)
            .map(|(f, t)| {
                let f = median(f);
                format!(
                    "{} ({:.0} %)",
                    ms(f),
                    100.0 * f.as_secs_f64() / t.as_secs_f64()
                )
            })
            .collect(),
    );

    // Synthetic decks: time to first output and to the end, and peak memory, without previews.
    for n in [500, 5000] {
        let project = synthetic(&root, n);
        let mut cells = Vec::new();
        let mut mem = Vec::new();
        for (_, bin) in &bins {
            let (f, t, _) = run(bin, &project, &["potager", "--no-png"]);
            cells.push(format!(
                "first file {} ({:.0} %), end {}",
                ms(f),
                100.0 * f.as_secs_f64() / t.as_secs_f64(),
                ms(t)
            ));
            mem.push(format!(
                "{:.0} MB",
                peak(bin, &project, &["potager", "--no-png"])
            ));
        }
        row(
            &format!("{n} cards, 2 languages x 2 papers, --no-png"),
            cells,
        );
        row(&format!("{n} cards, peak memory (max RSS)"), mem);
        let _ = std::fs::remove_dir_all(&project);
    }

    // One deck, one card.
    let now = &bins.last().expect("after").1;
    for (label, only) in [
        (
            "--only garden (10 cards + back, 2 languages, PNG)",
            "garden",
        ),
        (
            "--only garden/tomate-cerise (2 languages, PNG)",
            "garden/tomate-cerise",
        ),
    ] {
        let times: Vec<Duration> = (0..7)
            .map(|_| run(now, &root, &["potager", "--only", only]).1)
            .collect();
        let mut cells: Vec<String> = bins
            .iter()
            .take(bins.len() - 1)
            .map(|_| "(no --only)".to_string())
            .collect();
        cells.push(format!("{} (median of 7)", ms(median(times))));
        row(label, cells);
    }
    let whole: Vec<Duration> = (0..5).map(|_| run(now, &root, &["potager"]).1).collect();
    let mut cells: Vec<String> = bins
        .iter()
        .take(bins.len() - 1)
        .map(|_| String::new())
        .collect();
    cells.push(ms(median(whole)));
    row("the whole of potager, for comparison", cells);
}
