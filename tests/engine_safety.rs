//! A game's own engine program is code from whoever made the game folder: these tests play the
//! hostile engine (small `sh` scripts written into a temporary game folder) and check that it
//! runs only with consent, only from inside its folder, confined where Linux allows, and that
//! it can neither hang ludopress, outlive it, flood its memory nor drive the terminal.

use crate::common;

use ludopress::definition::model::EngineDef;
use ludopress::rules::external::External;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A fresh project root with the templates and a copy of Breakthrough whose engine is `script`
/// (`engine.sh`, run by `sh`), or whose `[engine] command` is `command` when given.
fn project(name: &str, script: &str, command: Option<&str>) -> PathBuf {
    let root = std::env::temp_dir().join(format!(
        "ludopress-engine-safety-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&root);
    copy_tree(&common::root().join("templates"), &root.join("templates"));
    let game = root.join("games/breakthrough-py");
    std::fs::create_dir_all(&game).unwrap();
    for f in ["rules.en.md", "rules.fr.md"] {
        std::fs::copy(
            common::root().join("games/breakthrough-py").join(f),
            game.join(f),
        )
        .unwrap();
    }
    let toml = std::fs::read_to_string(common::root().join("games/breakthrough-py/game.toml"))
        .unwrap()
        .replace(
            "command = [\"python3\", \"engine.py\"]",
            command.unwrap_or("command = [\"sh\", \"engine.sh\"]"),
        );
    std::fs::write(game.join("game.toml"), toml).unwrap();
    std::fs::write(game.join("engine.sh"), script).unwrap();
    root
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_tree(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

/// The binary on `root`, with a trust file of the test's own (never the person's).
fn bin(root: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ludopress"));
    c.arg("--root")
        .arg(root)
        .env("LUDOPRESS_TRUST_FILE", root.join("trust/trust.toml"))
        .env("LUDOPRESS_ENGINE_TIMEOUT_MS", "1500");
    c
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The `info` answer of a Breakthrough engine, as `sh` prints it.
const INFO: &str = r#"read -r line; echo '{"id":1,"protocol":1,"game":"breakthrough-py","sides":["white","black"]}'"#;

/// Processes whose command line holds `marker` (a unique argument of `sleep`), not zombies.
fn running(marker: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        let zombie = stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'));
        if !zombie
            && String::from_utf8_lossy(&cmd)
                .split('\0')
                .any(|a| a == marker)
        {
            found.push(pid);
        }
    }
    found
}

/// Waits (at most 10 s) until no process holds `marker`; the ones left.
fn gone(marker: &str) -> Vec<u32> {
    let start = Instant::now();
    loop {
        let left = running(marker);
        if left.is_empty() || start.elapsed() > Duration::from_secs(10) {
            return left;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A unique duration for `sleep`, to find the process again.
fn marker(n: u32) -> String {
    format!("{}.{n}", 300 + std::process::id() % 500)
}

#[test]
fn an_engine_runs_only_with_consent_for_that_command_and_those_files() {
    // The engine says it ran (on its standard error, shown when it fails) and stops.
    let root = project("consent", "echo ENGINE-RAN >&2; exit 3\n", None);
    let out = root.join("out");
    // build: a warning naming the game, the command and how to consent; claims unchecked.
    let o = bin(&root)
        .args(["build", "breakthrough-py", "--no-png", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(
        t.contains("breakthrough-py")
            && t.contains("sh engine.sh")
            && t.contains("ludopress trust"),
        "{t}"
    );
    assert!(t.contains("not checked"), "{t}");
    assert!(!t.contains("ENGINE-RAN"), "{t}");
    // check: status 2, naming the missing consent.
    let o = bin(&root)
        .args(["check", "breakthrough-py"])
        .output()
        .unwrap();
    let t = text(&o);
    assert_eq!(o.status.code(), Some(2), "{t}");
    assert!(t.contains("consent") && !t.contains("ENGINE-RAN"), "{t}");
    // --allow-engine: it runs (and fails, as it was written to).
    let o = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    assert!(text(&o).contains("ENGINE-RAN"), "{}", text(&o));
    // trust: shows the command and the files, records outside the folder; the engine runs.
    let o = bin(&root)
        .args(["trust", "breakthrough-py"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("sh engine.sh") && t.contains("engine.sh"), "{t}");
    assert!(root.join("trust/trust.toml").is_file());
    let o = bin(&root)
        .args(["check", "breakthrough-py"])
        .output()
        .unwrap();
    assert!(text(&o).contains("ENGINE-RAN"), "{}", text(&o));
    let o = bin(&root).args(["trust", "--list"]).output().unwrap();
    assert!(text(&o).contains("sh engine.sh"), "{}", text(&o));
    // The engine file changes: asked again.
    std::fs::write(
        root.join("games/breakthrough-py/engine.sh"),
        "echo ENGINE-CHANGED >&2; exit 3\n",
    )
    .unwrap();
    let o = bin(&root)
        .args(["check", "breakthrough-py"])
        .output()
        .unwrap();
    let t = text(&o);
    assert_eq!(o.status.code(), Some(2), "{t}");
    assert!(t.contains("changed since you trusted it"), "{t}");
    assert!(!t.contains("ENGINE-CHANGED"), "{t}");
    // Trusted again, then revoked: asked again.
    assert!(bin(&root)
        .args(["trust", "breakthrough-py"])
        .output()
        .unwrap()
        .status
        .success());
    assert!(text(
        &bin(&root)
            .args(["check", "breakthrough-py"])
            .output()
            .unwrap()
    )
    .contains("ENGINE-CHANGED"));
    assert!(bin(&root)
        .args(["trust", "--revoke", "breakthrough-py"])
        .output()
        .unwrap()
        .status
        .success());
    let o = bin(&root)
        .args(["check", "breakthrough-py"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_program_outside_the_game_folder_is_refused_at_its_place() {
    let cases = [
        (
            "parent",
            "command = [\"../../../evil.sh\"]",
            "leaves the game's folder",
        ),
        (
            "absolute",
            "command = [\"/bin/sh\", \"engine.sh\"]",
            "absolute path",
        ),
        (
            "link",
            "command = [\"./link.sh\"]",
            "leads out of the game's folder",
        ),
    ];
    for (name, command, why) in cases {
        let root = project(name, "exit 0\n", Some(command));
        #[cfg(unix)]
        std::os::unix::fs::symlink("/bin/sh", root.join("games/breakthrough-py/link.sh")).unwrap();
        let o = bin(&root)
            .args(["check", "breakthrough-py", "--allow-engine"])
            .output()
            .unwrap();
        let t = text(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {t}");
        assert!(t.contains(why), "{name}: {t}");
        // At its place: the line of `command` in game.toml, with its column.
        let toml = std::fs::read_to_string(root.join("games/breakthrough-py/game.toml")).unwrap();
        let line = toml.lines().position(|l| l == command).unwrap() + 1;
        assert!(t.contains(&format!("game.toml:{line}:")), "{name}: {t}");
        let _ = std::fs::remove_dir_all(&root);
    }
    // A program that is a file of the folder is accepted (and run, with consent).
    let root = project(
        "inside",
        "#!/bin/sh\necho INSIDE-RAN >&2; exit 3\n",
        Some("command = [\"./engine.sh\"]"),
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let f = root.join("games/breakthrough-py/engine.sh");
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let o = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    assert!(text(&o).contains("INSIDE-RAN"), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&root);
}

/// Starts a library-side engine running `script` with `sh` in a folder of its own.
fn external(name: &str, script: &str) -> (External, PathBuf) {
    ludopress::rules::external::trust::allow_for_this_run();
    let dir = std::env::temp_dir().join(format!(
        "ludopress-engine-safety-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("engine.sh"), script).unwrap();
    let def = EngineDef {
        command: vec!["sh".into(), "engine.sh".into()],
        dir: dir.clone(),
    };
    (External::start("breakthrough-py", &def).unwrap(), dir)
}

/// A position with one field of `n` bytes.
fn big_position(
    x: &External,
    n: usize,
) -> Result<ludopress::rules::external::ExtPos, ludopress::base::diag::Error> {
    let mut fields = toml::Table::new();
    fields.insert("note".into(), toml::Value::String("x".repeat(n)));
    fields.insert("to_move".into(), toml::Value::String("white".into()));
    x.position(&[vec![".".to_string()]], &fields)
}

#[test]
fn an_engine_that_stops_reading_fails_at_the_answer_limit() {
    // It answers `info`, then never reads again: a request of 1 MiB fills its input pipe.
    let (x, dir) = external("stops-reading", &format!("{INFO}\nexec sleep 600\n"));
    x.set_timeout(Duration::from_millis(500));
    let e = big_position(&x, 1 << 20).unwrap_err().to_string();
    assert!(e.contains("no answer within 500 ms"), "{e}");
    assert!(x.failure().is_some());
    drop(x);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_exits_while_its_child_holds_its_output_fails_at_once() {
    let m = marker(1);
    // After `info`, it starts a child that keeps its standard output open, and exits.
    let (x, dir) = external(
        "exits",
        &format!("{INFO}\nsleep {m} &\nread -r line\nexit 4\n"),
    );
    // The limit stays at 20 s: the failure must come from noticing the exit, not the limit.
    let e = big_position(&x, 10).unwrap_err().to_string();
    assert!(
        e.contains("it stopped (exit status: 4) without answering"),
        "{e}"
    );
    assert!(!e.contains("no answer within"), "{e}");
    // Given up on: the child ends too, with its group.
    assert_eq!(gone(&m), Vec::<u32>::new());
    drop(x);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engines_children_end_with_the_check_and_on_sigterm() {
    // After the check: the engine answers `info`, starts a child with its output elsewhere, and
    // stops at the first request.
    let m = marker(2);
    let root = project(
        "children",
        &format!("{INFO}\nsleep {m} >/dev/null 2>&1 &\nread -r line\nexit 1\n"),
        None,
    );
    let o = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    // The engine fails (its positions refused, status 2): what it started is gone.
    assert!(!o.status.success(), "{}", text(&o));
    assert_eq!(gone(&m), Vec::<u32>::new());
    // On SIGTERM: the engine hangs in a child; ludopress is stopped while it waits.
    let m = marker(3);
    std::fs::write(
        root.join("games/breakthrough-py/engine.sh"),
        format!("{INFO}\nsleep {m}\n"),
    )
    .unwrap();
    let mut child = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .env("LUDOPRESS_ENGINE_TIMEOUT_MS", "60000")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while running(&m).is_empty() && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !running(&m).is_empty(),
        "the engine never started its child"
    );
    // SAFETY: `kill` only sends a signal to the child's process id, which `wait` below reaps.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    assert_eq!(gone(&m), Vec::<u32>::new());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn escape_codes_in_an_engines_stderr_are_escaped() {
    let root = project(
        "escapes",
        "printf 'RED\\033[31m\\033]0;title\\007\\rgone\\n' >&2; exit 3\n",
        None,
    );
    let o = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(
        t.contains("RED\\u{1b}[31m\\u{1b}]0;title\\u{7}\\u{d}gone"),
        "{t}"
    );
    assert!(
        !t.bytes().any(|b| b == 0x1b || b == 0x07 || b == b'\r'),
        "{t:?}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn answers_are_kept_within_the_memory_budget() {
    // A score answer counts the requests: an answer kept is not asked again.
    let script = format!(
        "{INFO}\nn=1\nwhile read -r line; do n=$((n+1)); id=$(printf '%s' \"$line\" | sed 's/.*\"id\":\\([0-9]*\\).*/\\1/'); echo \"{{\\\"id\\\":$id,\\\"over\\\":false,\\\"scores\\\":{{\\\"asked\\\":$n}}}}\"; done\n"
    );
    let (x, dir) = external("budget", &script);
    let budget = 20_000;
    x.set_cache_budget(budget);
    let asked = |p: &ludopress::rules::external::ExtPos| x.score(p).scores[0].1;
    // Positions of 1 KiB: the first ones are kept, then the budget is full.
    let positions: Vec<_> = (0..40)
        .map(|i| big_position(&x, 1000 + i).unwrap())
        .collect();
    assert!(x.failure().is_none(), "{:?}", x.failure());
    assert!(x.cached_bytes() <= budget, "{}", x.cached_bytes());
    assert!(x.cached_bytes() > budget / 2, "{}", x.cached_bytes());
    // The first position is kept: asking again costs no request.
    assert_eq!(asked(&positions[0]), asked(&positions[0]));
    // The last is past the budget: asked again each time.
    let a = asked(&positions[39]);
    assert!(asked(&positions[39]) > a);
    assert!(x.cached_bytes() <= budget);
    drop(x);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_confined_engine_can_neither_write_nor_read_outside_nor_connect() {
    if !ludopress::rules::external::confine::available() {
        println!("note: this kernel has no Landlock; the confinement test is skipped");
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let outside = std::env::temp_dir().join(format!(
        "ludopress-engine-safety-{}-outside",
        std::process::id()
    ));
    let secret = format!("SECRET-{}", std::process::id());
    std::fs::write(&outside, &secret).unwrap();
    let written = std::env::temp_dir().join(format!(
        "ludopress-engine-safety-{}-written",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&written);
    let bash = Path::new("/bin/bash").exists();
    let script = format!(
        "echo x > pwned.txt 2>/dev/null || echo WRITE-REFUSED >&2\n\
         echo x > {w} 2>/dev/null || echo TMP-REFUSED >&2\n\
         cat {o} >&2 2>/dev/null || echo READ-REFUSED >&2\n\
         cat rules.en.md >/dev/null && echo OWN-READ >&2\n\
         {net}\n\
         exit 3\n",
        w = written.display(),
        o = outside.display(),
        net = if bash {
            format!("/bin/bash -c 'exec 3<>/dev/tcp/127.0.0.1/{port}' 2>/dev/null || echo CONNECT-REFUSED >&2")
        } else {
            String::new()
        }
    );
    let root = project("confined", &script, None);
    let o = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(
        t.contains("WRITE-REFUSED") && t.contains("TMP-REFUSED"),
        "{t}"
    );
    assert!(t.contains("READ-REFUSED") && !t.contains(&secret), "{t}");
    assert!(t.contains("OWN-READ"), "{t}");
    assert!(!root.join("games/breakthrough-py/pwned.txt").exists());
    assert!(!written.exists());
    if bash {
        assert!(t.contains("CONNECT-REFUSED"), "{t}");
        assert!(listener.accept().is_err(), "the engine connected");
    } else {
        println!("note: no bash here; the connection attempt is skipped");
    }
    let _ = std::fs::remove_file(&outside);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn breakthrough_is_checked_through_its_confined_engine() {
    let python = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !python {
        println!("note: no python3 here; the Breakthrough engine is not run");
        return;
    }
    let o = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(common::root())
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("0 failed"), "{t}");
    if !ludopress::rules::external::confine::available() {
        assert!(t.contains("runs unconfined"), "{t}");
    } else {
        assert!(!t.contains("runs unconfined"), "{t}");
    }
}

#[test]
fn an_engine_gets_no_variable_of_ludopress_but_the_allowed_ones() {
    let root = project(
        "env",
        "echo \"SECRET=[$LUDOPRESS_TEST_SECRET] PATH-SET=[${PATH:+yes}]\" >&2; exit 3\n",
        None,
    );
    let o = bin(&root)
        .env("LUDOPRESS_TEST_SECRET", "hunter2-in-the-environment")
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(t.contains("SECRET=[]"), "{t}");
    assert!(!t.contains("hunter2-in-the-environment"), "{t}");
    // PATH is on the allow-list: `sh` found its programs through it.
    assert!(t.contains("PATH-SET=[yes]"), "{t}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_engine_named_by_a_path_cannot_read_the_other_games() {
    if !ludopress::rules::external::confine::available() {
        println!("note: this kernel has no Landlock; the confinement test is skipped");
        return;
    }
    let root = project("neighbours", "", Some("command = [\"./probe.sh\"]"));
    let other = root.join("games/other-game");
    std::fs::create_dir_all(&other).unwrap();
    let secret = format!("OTHER-GAME-{}", std::process::id());
    std::fs::write(other.join("game.toml"), &secret).unwrap();
    let probe = root.join("games/breakthrough-py/probe.sh");
    std::fs::write(
        &probe,
        "#!/bin/sh\ncat ../other-game/game.toml >&2 2>/dev/null || echo NEIGHBOUR-REFUSED >&2\n\
         cat rules.en.md >/dev/null && echo OWN-READ >&2\nexit 3\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&probe, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let o = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(t.contains("OWN-READ"), "{t}");
    assert!(
        t.contains("NEIGHBOUR-REFUSED") && !t.contains(&secret),
        "{t}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_confined_engine_cannot_read_the_secrets_of_etc() {
    if !ludopress::rules::external::confine::available() {
        println!("note: this kernel has no Landlock; the confinement test is skipped");
        return;
    }
    // Only meaningful where this test itself can read /etc/shadow (as root).
    if std::fs::read("/etc/shadow").is_err() {
        println!("note: /etc/shadow is absent or unreadable here (not root); the test is skipped");
        return;
    }
    let root = project(
        "etc",
        "cat /etc/shadow >/dev/null 2>&1 && echo SHADOW-READ >&2 || echo SHADOW-REFUSED >&2\n\
         cat /etc/passwd >/dev/null && echo PASSWD-READ >&2\nexit 3\n",
        None,
    );
    let o = bin(&root)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(
        t.contains("SHADOW-REFUSED") && !t.contains("SHADOW-READ"),
        "{t}"
    );
    // The rest of /etc stays readable (an interpreter reads its configuration there).
    assert!(t.contains("PASSWD-READ"), "{t}");
    let entries = ludopress::rules::external::confine::etc_entries();
    assert!(
        !entries.iter().any(|p| p.starts_with("/etc/shadow")),
        "{entries:?}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn trust_covers_every_file_under_a_folder_the_command_names() {
    // `sh engine.sh eng`: the engine sources a file of the folder it names.
    let root = project(
        "folder",
        ". ./eng/main.sh\n",
        Some("command = [\"sh\", \"engine.sh\", \"eng\"]"),
    );
    let eng = root.join("games/breakthrough-py/eng");
    std::fs::create_dir_all(eng.join("lib")).unwrap();
    std::fs::write(eng.join("main.sh"), "echo FOLDER-RAN >&2; exit 3\n").unwrap();
    std::fs::write(eng.join("lib/helper.sh"), "true\n").unwrap();
    let o = bin(&root)
        .args(["trust", "breakthrough-py"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(o.status.success(), "{t}");
    assert!(t.contains("eng/ (2 files)"), "{t}");
    let o = bin(&root)
        .args(["check", "breakthrough-py"])
        .output()
        .unwrap();
    assert!(text(&o).contains("FOLDER-RAN"), "{}", text(&o));
    // A file deep in the folder changes: asked again, not run.
    std::fs::write(eng.join("lib/helper.sh"), "echo CHANGED\n").unwrap();
    let o = bin(&root)
        .args(["check", "breakthrough-py"])
        .output()
        .unwrap();
    let t = text(&o);
    assert_eq!(o.status.code(), Some(2), "{t}");
    assert!(t.contains("changed since you trusted it"), "{t}");
    assert!(!t.contains("FOLDER-RAN"), "{t}");
    // A file added to the folder: asked again too.
    assert!(bin(&root)
        .args(["trust", "breakthrough-py"])
        .output()
        .unwrap()
        .status
        .success());
    std::fs::write(eng.join("extra.sh"), "true\n").unwrap();
    let o = bin(&root)
        .args(["check", "breakthrough-py"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&root);
}

/// A folder of its own for a consent test, holding `files` (relative path, contents).
fn consent_folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "ludopress-engine-safety-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (rel, text) in files {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

#[cfg(unix)]
#[test]
fn consent_covers_the_files_a_command_reaches_through_dotdot_options_links_and_folders() {
    use ludopress::rules::external::trust::fingerprint;
    // Each command reaches `engine.py` its own way: a change to it must ask again.
    let cases: [(&str, &[&str]); 6] = [
        ("dotdot", &["python3", "art/../engine.py"]),
        ("option", &["node", "--require=./engine.py", "main.js"]),
        ("absolute", &["python3", "ABS/engine.py"]),
        ("link", &["python3", "run.py"]),
        ("folder-link", &["python3", "eng"]),
        ("program", &["./art/../engine.py"]),
    ];
    let mut missed = Vec::new();
    for (name, command) in cases {
        let dir = consent_folder(
            &format!("reach-{name}"),
            &[
                ("engine.py", "print('engine')\n"),
                ("main.js", "1\n"),
                ("art/board.svg", "<svg/>\n"),
                ("eng/helper.py", "\n"),
            ],
        );
        std::os::unix::fs::symlink("engine.py", dir.join("run.py")).unwrap();
        std::os::unix::fs::symlink("../engine.py", dir.join("eng/__main__.py")).unwrap();
        let abs = dir.canonicalize().unwrap().display().to_string();
        let def = EngineDef {
            command: command.iter().map(|w| w.replace("ABS", &abs)).collect(),
            dir: dir.clone(),
        };
        let before = fingerprint(&def).unwrap_or_else(|e| panic!("{name}: {e}"));
        std::fs::write(dir.join("engine.py"), "print('swapped')\n").unwrap();
        let after = fingerprint(&def).unwrap_or_else(|e| panic!("{name}: {e}"));
        if before.sha256 == after.sha256 {
            missed.push(format!(
                "{name}: `{}` runs engine.py, changed after consent, without asking (files: {:?})",
                def.command.join(" "),
                before.files
            ));
        } else if !before
            .files
            .iter()
            .any(|f| f == "engine.py" || f.starts_with("eng/ "))
        {
            // The files consent covers are listed, resolved.
            missed.push(format!("{name}: not listed: {:?}", before.files));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[cfg(unix)]
#[test]
fn a_word_or_link_that_leads_out_of_the_game_folder_is_refused_not_skipped() {
    use ludopress::rules::external::trust::fingerprint;
    let outside = consent_folder("outside-target", &[("evil.py", "print('evil')\n")]);
    let cases: [(&str, &[&str]); 3] = [
        ("dotdot", &["python3", "../OUT/evil.py"]),
        ("option", &["python3", "--hook=../OUT/evil.py", "engine.py"]),
        ("folder-link", &["python3", "eng"]),
    ];
    let out_name = outside.file_name().unwrap().to_str().unwrap().to_string();
    let mut missed = Vec::new();
    for (name, command) in cases {
        let dir = consent_folder(
            &format!("out-{name}"),
            &[("engine.py", "\n"), ("eng/helper.py", "\n")],
        );
        std::os::unix::fs::symlink(outside.join("evil.py"), dir.join("eng/__main__.py")).unwrap();
        let def = EngineDef {
            command: command
                .iter()
                .map(|w| w.replace("OUT", &out_name))
                .collect(),
            dir: dir.clone(),
        };
        match fingerprint(&def) {
            Ok(r) => missed.push(format!(
                "{name}: `{}` reaches a file outside the game folder, consented to as {:?}",
                def.command.join(" "),
                r.files
            )),
            Err(e) => {
                let e = e.to_string();
                if !e.contains("outside the game's folder") || !e.contains("evil.py") {
                    missed.push(format!("{name}: unclear refusal: {e}"));
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    let _ = std::fs::remove_dir_all(&outside);
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[cfg(unix)]
#[test]
fn a_bare_program_name_is_found_only_through_absolute_path_entries_and_hashed_in_the_game() {
    use std::os::unix::fs::PermissionsExt;
    let root = project("bare-path", "", Some("command = [\"engine\"]"));
    let game = root.join("games/breakthrough-py");
    let engine = game.join("engine");
    let write = |text: &str| {
        std::fs::write(&engine, format!("#!/bin/sh\n{text}\n")).unwrap();
        std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    };
    let path = std::env::var("PATH").unwrap_or_default();
    let abs = game.canonicalize().unwrap().display().to_string();
    // An empty entry (the current folder, here the game's), a relative one, an absolute one
    // that is the game folder.
    let mut missed = Vec::new();
    for (name, var) in [
        ("empty", format!("{path}:")),
        ("relative", format!(".:{path}")),
        ("absolute", format!("{abs}:{path}")),
    ] {
        write("echo ENGINE-RAN >&2; exit 3");
        let o = bin(&root)
            .current_dir(&game)
            .env("PATH", &var)
            .args(["trust", "breakthrough-py"])
            .output()
            .unwrap();
        let t = text(&o);
        if name == "absolute" && !(o.status.success() && t.contains(": engine\n")) {
            missed.push(format!(
                "{name}: the trusted files do not list `engine`: {t}"
            ));
        }
        // Through the game folder as an absolute entry: changed, asked again (status 2);
        // through an empty or relative entry: unchanged (consent covers every program file of
        // the game, so a change would be asked about first), and not found at all, as a
        // program not installed.
        let why = if name == "absolute" {
            write("echo ENGINE-CHANGED >&2; exit 3");
            "changed since you trusted it"
        } else {
            "not found in the absolute folders of PATH"
        };
        let o = bin(&root)
            .current_dir(&game)
            .env("PATH", &var)
            .args(["check", "breakthrough-py"])
            .output()
            .unwrap();
        let t = text(&o);
        if t.contains("ENGINE-CHANGED")
            || t.contains("ENGINE-RAN")
            || o.status.success()
            || !t.contains(why)
        {
            missed.push(format!(
                "{name}: the game's own `engine`, found on PATH=...{}, changed after trust and ran: {t}",
                &var[var.len().saturating_sub(20)..]
            ));
        }
        let _ = bin(&root)
            .args(["trust", "--revoke", "breakthrough-py"])
            .output();
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[cfg(unix)]
#[test]
fn a_program_in_a_home_bin_folder_gets_no_read_of_its_neighbours() {
    use std::os::unix::fs::PermissionsExt;
    if !ludopress::rules::external::confine::available() {
        println!("note: this kernel has no Landlock; the confinement test is skipped");
        return;
    }
    // A home folder of the test's own, with `python3` in ~/.local/bin (as pip installs it) and
    // a secret in ~/.local/share; ~/.local has a `lib` too, as it usually does.
    let root = project(
        "home-bin",
        "",
        Some("command = [\"python3\", \"engine.sh\"]"),
    );
    let home = root.join("home");
    let bin_dir = home.join(".local/bin");
    std::fs::create_dir_all(&bin_dir).unwrap();
    std::fs::create_dir_all(home.join(".local/lib/python3.11")).unwrap();
    std::fs::create_dir_all(home.join(".local/share")).unwrap();
    let secret = format!("KEYRING-{}", std::process::id());
    std::fs::write(home.join(".local/share/keyring.txt"), &secret).unwrap();
    let python = bin_dir.join("python3");
    std::fs::write(
        &python,
        "#!/bin/sh\necho PROGRAM-RAN >&2\ncat \"$HOME/.local/share/keyring.txt\" >&2 2>/dev/null || echo KEYRING-REFUSED >&2\nexit 3\n",
    )
    .unwrap();
    std::fs::set_permissions(&python, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = bin(&root)
        .env("HOME", &home)
        .env("PATH", &path)
        .args(["check", "breakthrough-py", "--allow-engine"])
        .output()
        .unwrap();
    let t = text(&o);
    assert!(t.contains("PROGRAM-RAN"), "the program did not start: {t}");
    assert!(
        t.contains("KEYRING-REFUSED") && !t.contains(&secret),
        "a program in ~/.local/bin read ~/.local/share: {t}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// The interpreter `python3` runs as (`sys.base_prefix`, `sys.prefix`), asked unconfined.
fn python_prefixes(path: &str) -> Option<(PathBuf, PathBuf)> {
    let o = Command::new("python3")
        .env("PATH", path)
        .args([
            "-c",
            "import sys; print(sys.base_prefix); print(sys.prefix)",
        ])
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut lines = text.lines();
    Some((lines.next()?.into(), lines.next()?.into()))
}

#[cfg(unix)]
#[test]
fn an_interpreter_under_home_gets_its_own_installation_only() {
    if !ludopress::rules::external::confine::available() {
        println!("note: this kernel has no Landlock; the confinement test is skipped");
        return;
    }
    let path = std::env::var("PATH").unwrap_or_default();
    let Some((base, _)) = python_prefixes(&path) else {
        println!("note: no python3 here; the test is skipped");
        return;
    };
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if !home.as_deref().is_some_and(|h| base.starts_with(h)) {
        println!(
            "note: python3 ({}) is not installed under the home folder here; the test is skipped",
            base.display()
        );
        return;
    }
    // The probe starts, then lists the folder that holds its installation (the other pyenv
    // versions, say): not its own, refused.
    let probe = "import os, sys\nprint('PY-RAN', file=sys.stderr)\n\
        try:\n    os.listdir(os.path.dirname(sys.base_prefix)); print('SIBLINGS-LISTED', file=sys.stderr)\n\
        except OSError:\n    print('SIBLINGS-REFUSED', file=sys.stderr)\n\
        try:\n    os.listdir(sys.base_prefix); print('OWN-LISTED', file=sys.stderr)\n\
        except OSError:\n    print('OWN-REFUSED', file=sys.stderr)\n\
        sys.exit(3)\n";
    let root = project("pyenv", "", Some("command = [\"python3\", \"probe.py\"]"));
    std::fs::write(root.join("games/breakthrough-py/probe.py"), probe).unwrap();
    // A virtual environment too: its `python3` is a link to the base interpreter.
    let venv = root.join("venv");
    let made = Command::new("python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(&venv)
        .status()
        .is_ok_and(|s| s.success());
    let mut runs = vec![("path", path.clone())];
    if made {
        runs.push(("venv", format!("{}:{path}", venv.join("bin").display())));
    } else {
        println!("note: python3 cannot make a virtual environment here; that part is skipped");
    }
    for (name, var) in runs {
        let o = bin(&root)
            .env("PATH", &var)
            .args(["check", "breakthrough-py", "--allow-engine"])
            .output()
            .unwrap();
        let t = text(&o);
        assert!(
            t.contains("PY-RAN") && t.contains("OWN-LISTED"),
            "{name}: {t}"
        );
        assert!(
            t.contains("SIBLINGS-REFUSED") && !t.contains("SIBLINGS-LISTED"),
            "{name}: the engine listed the folder beside {}: {t}",
            base.display()
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn a_game_folder_holding_a_fifo_or_a_device_node_is_refused_before_anything_runs() {
    let root = project("special", "echo ENGINE-RAN >&2; exit 3\n", None);
    let game = root.join("games/breakthrough-py");
    std::fs::create_dir_all(game.join("art")).unwrap();
    let mut kinds = vec![("fifo", game.join("art/pipe"))];
    let fifo = Command::new("mkfifo").arg(&kinds[0].1).status();
    assert!(fifo.is_ok_and(|s| s.success()), "mkfifo failed");
    // A device node needs root: /dev/null's numbers (1, 3), harmless to read.
    let node = game.join("art/kmsg");
    let made = Command::new("mknod")
        .arg(&node)
        .args(["c", "1", "3"])
        .output()
        .is_ok_and(|o| o.status.success());
    if made {
        kinds.push(("device", node.clone()));
    } else {
        println!("note: mknod needs root; the device-node part is skipped");
    }
    let mut missed = Vec::new();
    for (name, special) in &kinds {
        // Only this special file in the folder.
        for (_, other) in &kinds {
            if other != special {
                let _ = std::fs::rename(other, other.with_extension("off"));
            }
        }
        for args in [
            &["check", "breakthrough-py", "--allow-engine"][..],
            &["trust", "breakthrough-py"][..],
        ] {
            let o = bin(&root).args(args).output().unwrap();
            let t = text(&o);
            let shown = special.display().to_string();
            if t.contains("ENGINE-RAN") || o.status.code() != Some(2) || !t.contains(&shown) {
                missed.push(format!(
                    "{name}, `{}`: status {:?}, {}",
                    args.join(" "),
                    o.status.code(),
                    t.lines().next().unwrap_or("")
                ));
            }
        }
        for (_, other) in &kinds {
            let _ = std::fs::rename(other.with_extension("off"), other);
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[cfg(unix)]
#[test]
fn the_confinement_grants_one_installation_never_a_folder_of_other_programs_data() {
    use ludopress::rules::external::confine::grants;
    let home = consent_folder(
        "grants",
        &[
            (".local/bin/python3", ""),
            (".local/lib/python3.11/x.py", ""),
            (".pyenv/bin/pyenv", ""),
            (".pyenv/lib/x", ""),
            (".pyenv/versions/3.11.7/bin/python3.11", ""),
            (".pyenv/versions/3.11.7/lib/python3.11/os.py", ""),
            ("venvs/game/lib/python3.11/site-packages/x.py", ""),
            ("venv/lib/x", ""),
            ("tools/bin/tool", ""),
            ("work/bin/tool", ""),
            ("work/lib/x", ""),
            ("work/games/g/game.toml", ""),
        ],
    );
    let h = home.canonicalize().unwrap();
    let link = |to: &str, at: &str| {
        std::fs::create_dir_all(h.join(at).parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(h.join(to), h.join(at)).unwrap();
    };
    link(
        ".pyenv/versions/3.11.7/bin/python3.11",
        ".pyenv/versions/3.11.7/bin/python3",
    );
    link(
        ".pyenv/versions/3.11.7/bin/python3",
        "venvs/game/bin/python3",
    );
    link(".pyenv/versions/3.11.7/bin/python3", "venv/bin/python3");
    let game = h.join("work/games/g");
    // (program, granted, not granted)
    let cases: [(&str, &[&str], &[&str]); 6] = [
        (
            ".local/bin/python3",
            &[".local/bin/python3"],
            &[".local", ""],
        ),
        (
            ".pyenv/versions/3.11.7/bin/python3",
            &[".pyenv/versions/3.11.7"],
            &[".pyenv", ".pyenv/versions"],
        ),
        (".pyenv/bin/pyenv", &[".pyenv/bin/pyenv"], &[".pyenv"]),
        (
            "venvs/game/bin/python3",
            &["venvs/game", ".pyenv/versions/3.11.7"],
            &["venvs", ".pyenv"],
        ),
        ("venv/bin/python3", &[".pyenv/versions/3.11.7"], &["venv"]),
        ("tools/bin/tool", &["tools/bin/tool"], &["tools"]),
    ];
    let mut wrong = Vec::new();
    for (program, granted, not) in cases {
        let got = grants(&h.join(program), &game, Some(&h));
        for g in granted {
            if !got.contains(&h.join(g)) {
                wrong.push(format!("{program}: {g} not granted: {got:?}"));
            }
        }
        for n in not {
            if got.contains(&h.join(n)) {
                wrong.push(format!("{program}: {n} granted: {got:?}"));
            }
        }
    }
    // An installation that holds the game folder is not granted; a program of the game's
    // folder gets nothing around it.
    let got = grants(&h.join("work/bin/tool"), &game, Some(&h));
    assert!(!got.contains(&h.join("work")), "{got:?}");
    let got = grants(&game.join("game.toml"), &game, Some(&h));
    assert!(got.iter().all(|p| !p.starts_with(&h)), "{got:?}");
    let _ = std::fs::remove_dir_all(&home);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn inline_code_and_files_loaded_by_no_word_ask_again_when_swapped() {
    // (name, command, the file swapped after trust): each is code the engine runs.
    let cases = [
        (
            "sh-c",
            r#"command = ["sh", "-c", "python3 engine.py"]"#,
            "engine.py",
        ),
        (
            "python-c",
            r#"command = ["python3", "-c", "exec(open('engine.py').read())"]"#,
            "engine.py",
        ),
        (
            "import",
            r#"command = ["python3", "engine.py"]"#,
            "helper.py",
        ),
    ];
    let mut missed = Vec::new();
    for (name, command, swapped) in cases {
        let root = project(&format!("inline-{name}"), "", Some(command));
        let game = root.join("games/breakthrough-py");
        std::fs::write(game.join("engine.py"), "import helper\n").unwrap();
        std::fs::write(game.join("helper.py"), "x = 1\n").unwrap();
        let o = bin(&root)
            .args(["trust", "breakthrough-py"])
            .output()
            .unwrap();
        assert!(o.status.success(), "{name}: {}", text(&o));
        // `trust` says what it covers beyond the named files (engine.sh, helper.py).
        let t = text(&o);
        if name == "import"
            && !t.contains("and 2 other files of the game (code it may load): engine.sh, helper.py")
        {
            missed.push(format!("{name}: helper.py is not listed: {t}"));
        }
        std::fs::write(
            game.join(swapped),
            "import sys\nsys.stderr.write('SWAPPED-RAN')\n",
        )
        .unwrap();
        let o = bin(&root)
            .args(["check", "breakthrough-py"])
            .output()
            .unwrap();
        let t = text(&o);
        if o.status.code() != Some(2) || !t.contains("changed since you trusted it") {
            missed.push(format!(
                "{name}: `{command}`, {swapped} swapped after trust, not asked again: {t}"
            ));
        }
        let _ = std::fs::remove_dir_all(&root);
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

#[test]
fn editing_a_rulebook_a_picture_or_game_toml_does_not_ask_again() {
    let root = project(
        "data-edits",
        "echo ENGINE-RAN >&2; exit 3\n",
        Some(r#"command = ["sh", "-c", "sh engine.sh"]"#),
    );
    let game = root.join("games/breakthrough-py");
    std::fs::create_dir_all(game.join("art")).unwrap();
    std::fs::write(game.join("art/board.svg"), "<svg/>\n").unwrap();
    let o = bin(&root)
        .args(["trust", "breakthrough-py"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let append = |rel: &str, more: &str| {
        let p = game.join(rel);
        let mut t = std::fs::read_to_string(&p).unwrap_or_default();
        t.push_str(more);
        std::fs::write(p, t).unwrap();
    };
    let edits: [(&str, &dyn Fn()); 5] = [
        ("rulebook", &|| append("rules.en.md", "\nOne more line.\n")),
        ("picture", &|| append("art/board.svg", "<!-- redrawn -->\n")),
        ("new picture", &|| append("art/pawn.png", "\u{89}PNG")),
        ("game.toml", &|| append("game.toml", "\n# edited\n")),
        ("editor swap file", &|| append(".rules.en.md.swp", "b0VIM")),
    ];
    let mut asked = Vec::new();
    for (what, edit) in edits {
        edit();
        let o = bin(&root)
            .args(["check", "breakthrough-py"])
            .output()
            .unwrap();
        let t = text(&o);
        if !t.contains("ENGINE-RAN") || t.contains("changed since you trusted it") {
            asked.push(format!("after a {what} edit: {t}"));
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(asked.is_empty(), "{}", asked.join("\n"));
}

#[cfg(unix)]
#[test]
fn consent_covers_every_program_file_of_the_game_and_not_its_data() {
    use ludopress::rules::external::trust::fingerprint;
    let files = [
        ("engine.py", "import helper\n"),
        ("helper.py", "x = 1\n"),
        ("hooks/hook.mjs", "export {}\n"),
        ("lib/lib.so", "ELF"),
        ("engine.dat", "code"),
        ("bin/tool", "#!/bin/sh\n"),
        ("game.toml", "[game]\n"),
        ("rules.en.md", "# Rules\n"),
        ("notes.txt", "notes\n"),
        ("art/board.svg", "<svg/>\n"),
        ("art/x.svg", "print('in a picture')\n"),
        ("art/photo.JPG", "jpg"),
        ("fonts/a.ttf", "ttf"),
        ("data/cards.csv", "a,b\n"),
        ("analysis.json", "{}\n"),
        ("positions/start.toml", "x = 1\n"),
        (".git/HEAD", "ref: refs/heads/main\n"),
        (".git/hooks/post-commit", "#!/bin/sh\n"),
    ];
    // (command, files whose change must ask again, files whose change must not)
    let cases: [(&[&str], &[&str], &[&str]); 4] = [
        (
            &["python3", "engine.py"],
            &[
                "helper.py",
                "hooks/hook.mjs",
                "lib/lib.so",
                "engine.dat",
                "bin/tool",
            ],
            &[
                "game.toml",
                "rules.en.md",
                "notes.txt",
                "art/board.svg",
                "art/photo.JPG",
                "fonts/a.ttf",
                "data/cards.csv",
                "analysis.json",
                "positions/start.toml",
                ".git/HEAD",
                ".git/hooks/post-commit",
            ],
        ),
        (
            &["python3", "-c", "exec(open('art/x.svg').read())"],
            &["art/x.svg", "helper.py"],
            &["art/board.svg", "game.toml"],
        ),
        (
            &["sh", "-c", "python3 engine.py <notes.txt"],
            &["engine.py", "notes.txt"],
            &["rules.en.md"],
        ),
        (
            &["node", "--eval", "import(\"./art/board.svg\")"],
            &["art/board.svg", "hooks/hook.mjs"],
            &["art/x.svg"],
        ),
    ];
    let mut wrong = Vec::new();
    for (i, (command, covered, free)) in cases.iter().enumerate() {
        let dir = consent_folder(&format!("kinds-{i}"), &files);
        let def = EngineDef {
            command: command.iter().map(|w| w.to_string()).collect(),
            dir: dir.clone(),
        };
        for (rel, must_ask) in covered
            .iter()
            .map(|f| (f, true))
            .chain(free.iter().map(|f| (f, false)))
        {
            let before = fingerprint(&def).unwrap_or_else(|e| panic!("{command:?}: {e}"));
            let p = dir.join(rel);
            let mut t = std::fs::read(&p).unwrap();
            t.extend_from_slice(b"\n# changed\n");
            std::fs::write(&p, t).unwrap();
            let after = fingerprint(&def).unwrap_or_else(|e| panic!("{command:?}: {e}"));
            if (before.sha256 != after.sha256) != must_ask {
                wrong.push(format!(
                    "{command:?}: a change to {rel} {} (files {:?})",
                    if must_ask {
                        "does not ask again"
                    } else {
                        "asks again"
                    },
                    before.files
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[cfg(unix)]
#[test]
fn an_unconfined_python_engine_writes_no_bytecode_that_would_ask_again() {
    use ludopress::rules::external::trust::fingerprint;
    let python = Command::new("python3").args(["-c", ""]).output();
    if !python.is_ok_and(|o| o.status.success()) {
        println!("note: no python3 here; the bytecode test is skipped");
        return;
    }
    ludopress::rules::external::trust::allow_for_this_run();
    let dir = consent_folder(
        "bytecode",
        &[("engine.py", "import helper\n"), ("helper.py", "x = 1\n")],
    );
    let def = EngineDef {
        command: vec!["python3".into(), "engine.py".into()],
        dir: dir.clone(),
    };
    let before = fingerprint(&def).unwrap();
    // Started from the library, unconfined: it imports helper, answers nothing and stops.
    assert!(External::start("breakthrough-py", &def).is_err());
    let after = fingerprint(&def).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        before.sha256, after.sha256,
        "a run of the trusted engine changed what consent covers: {:?} then {:?}",
        before.first_others, after.first_others
    );
}

/// The same covered files run through another program ask again: a bare name trusted as the
/// game's `b1/prog` and then found as `b2/prog` on a new PATH, or trusted as the system's `sh`
/// and then found as the game's own `sh` (the hostile trial's 3v cases, which ran the swapped
/// program without asking once every program file of the game was covered).
#[cfg(unix)]
#[test]
fn a_bare_name_found_as_another_program_asks_again() {
    use ludopress::rules::external::trust::fingerprint_with;
    use std::os::unix::fs::PermissionsExt;
    let files = [
        ("b1/prog", "#!/bin/sh\necho one\n"),
        ("b2/prog", "#!/bin/sh\necho two\n"),
        ("sh", "#!/bin/sh\necho mine\n"),
        ("engine.sh", "echo engine\n"),
    ];
    let dir = consent_folder("another-program", &files);
    for f in ["b1/prog", "b2/prog", "sh"] {
        std::fs::set_permissions(dir.join(f), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let real = dir.canonicalize().unwrap();
    let def = |words: &[&str]| EngineDef {
        command: words.iter().map(|w| w.to_string()).collect(),
        dir: dir.clone(),
    };
    let at = |d: &std::path::Path, rest: &str| {
        std::ffi::OsString::from(format!("{}:{rest}", d.display()))
    };
    let prog = def(&["prog"]);
    let b1 = fingerprint_with(&prog, Some(&at(&real.join("b1"), "/usr/bin:/bin"))).unwrap();
    let b2 = fingerprint_with(&prog, Some(&at(&real.join("b2"), "/usr/bin:/bin"))).unwrap();
    assert_ne!(
        b1.sha256, b2.sha256,
        "`prog` trusted as b1/prog and run as b2/prog: same consent"
    );
    let sh = def(&["sh", "engine.sh"]);
    let system = fingerprint_with(&sh, Some(std::ffi::OsStr::new("/usr/bin:/bin"))).unwrap();
    let game = fingerprint_with(&sh, Some(&at(&real, "/usr/bin:/bin"))).unwrap();
    assert_ne!(
        system.sha256, game.sha256,
        "`sh` trusted as the system's and run as the game's own: same consent"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
