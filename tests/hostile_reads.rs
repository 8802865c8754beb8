//! Hostile reads (issue 29): every file a game names is read inside its folder, links resolved,
//! a regular file within its limit, and an SVG's art costs memory in proportion to what it
//! draws. Each test is one defect of the issue; big inputs are generated here, not kept.

use crate::common;

use ludopress::definition::{Library, Project};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A game with one icon, `art/a.svg`, and optionally a data file.
fn game(data: bool) -> String {
    format!(
        r#"[game]
id = "cards"
title = "Cards"
palette = "ludopress"
sheet = "home"
languages = ["en"]

[icons]
a = "art/a.svg"

[[deck]]
id = "deck"
name = "Deck"
size = "mini"
style = {{ from = "classic" }}
back = {{ fill = "blue", ink = "white", title = "Back", pattern = "grid" }}
{}
"#,
        if data {
            "data = \"cards.csv\""
        } else {
            "card = [{ id = \"one\", title = \"One\" }]"
        }
    )
}

/// A scratch project whose icon is `svg`; returns its root and the game's folder.
fn project(name: &str, svg: &str) -> (PathBuf, PathBuf) {
    let root = common::scratch_project(&format!("hostile-{name}"), &game(false), &[]);
    let folder = root.join("games/cards");
    std::fs::create_dir_all(folder.join("art")).unwrap();
    std::fs::write(folder.join("art/a.svg"), svg).unwrap();
    (root, folder)
}

/// The game's errors as printed, loaded by the library.
fn errors(root: &Path) -> String {
    let lib: Library = Project::new(root).library().unwrap();
    match Project::new(root).load("cards", &lib, None) {
        Ok(_) => panic!("accepted"),
        Err(d) => d.to_string(),
    }
}

/// `ludopress build cards` in `root`, run from `cwd`, ended after 60 s (a hang fails the test
/// instead of the suite): its exit code and standard error.
fn build(root: &Path, cwd: &Path) -> (Option<i32>, String) {
    let out = root.join("output");
    run(
        root,
        cwd,
        &["build", "cards", "--no-png", "--out", out.to_str().unwrap()],
    )
}

/// `ludopress ARGS` in `root`, run from `cwd`, ended after 60 s (a hang fails the test instead
/// of the suite): its exit code and standard error.
fn run(root: &Path, cwd: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .current_dir(cwd)
        .arg("--root")
        .arg(root)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            use std::io::Read;
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            return (status.code(), err);
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the build hangs");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A grey PNG of `w` × `h` pixels.
fn png(w: u32, h: u32) -> Vec<u8> {
    common::grey_png(w, h, &vec![128u8; (w * h) as usize])
}

fn svg_with_image(href: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n  <rect width=\"10\" height=\"10\" fill=\"#ff0000\"/>\n  <image width=\"10\" height=\"10\" href=\"{href}\"/>\n</svg>\n"
    )
}

#[test]
fn an_absolute_image_href_is_refused_at_its_attribute() {
    let (root, _) = project("abs", "");
    let outside = root.join("outside.png");
    std::fs::write(&outside, png(2, 2)).unwrap();
    let (_, folder) = project("abs", &svg_with_image(outside.to_str().unwrap()));
    std::fs::write(root.join("outside.png"), png(2, 2)).unwrap();
    let e = errors(&root);
    // Line 3, column of the attribute's value (after `href="`).
    assert!(e.contains("art/a.svg:3:39: error: image `"), "{e}");
    assert!(e.contains("an absolute path"), "{e}");
    let (code, err) = build(&root, &folder);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("art/a.svg:3:39"), "{err}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_image_href_is_not_read_from_the_working_folder() {
    // `outside.png` is in the folder the build runs from, not in the game's: not found.
    let (root, _) = project("cwd", &svg_with_image("outside.png"));
    std::fs::write(root.join("outside.png"), png(2, 2)).unwrap();
    let (code, err) = build(&root, &root);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("art/a.svg:3:39: error: image `outside.png` refused: no such file"),
        "{err}"
    );
    // Through `..` out of the game's folder: refused too, with where it leads.
    let (root, _) = project("cwd", &svg_with_image("../../../outside.png"));
    std::fs::write(root.join("outside.png"), png(2, 2)).unwrap();
    let e = errors(&root);
    assert!(e.contains("leads outside the game's folder"), "{e}");
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn a_device_href_is_refused_named_or_linked() {
    let (root, folder) = project("zero", &svg_with_image("/dev/zero"));
    let e = errors(&root);
    assert!(
        e.contains("art/a.svg:3:39: error: image `/dev/zero` refused"),
        "{e}"
    );
    // A link inside the game to the device: resolved, then refused.
    std::os::unix::fs::symlink("/dev/zero", folder.join("art/zero.png")).unwrap();
    std::fs::write(folder.join("art/a.svg"), svg_with_image("zero.png")).unwrap();
    let (code, err) = build(&root, &root);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("art/a.svg:3:39: error: image `zero.png` refused: it leads outside"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn a_pipe_href_does_not_hang_the_build() {
    let (root, folder) = project("fifo", &svg_with_image("pipe.png"));
    let made = std::process::Command::new("mkfifo")
        .arg(folder.join("art/pipe.png"))
        .status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let (code, err) = build(&root, &root);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("art/a.svg:3:39: error: image `pipe.png` refused: not a regular file"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn links_out_of_the_game_are_not_followed() {
    // A data file and an art file that are links to a file outside the game.
    let root = common::scratch_project("hostile-links", &game(true), &[]);
    let folder = root.join("games/cards");
    std::fs::create_dir_all(folder.join("art")).unwrap();
    let secret = root.join("secret.csv");
    std::fs::write(&secret, "id,title\nroot,x:0:0:root\n").unwrap();
    let target = if Path::new("/etc/passwd").is_file() {
        PathBuf::from("/etc/passwd")
    } else {
        secret.clone()
    };
    std::os::unix::fs::symlink(&target, folder.join("cards.csv")).unwrap();
    std::os::unix::fs::symlink(&secret, folder.join("art/a.svg")).unwrap();
    let e = errors(&root);
    assert!(
        e.contains("game.toml:9:5: error: icon `art/a.svg`: it leads outside the game's folder"),
        "{e}"
    );
    assert!(
        e.contains("error: data file `cards.csv`: it leads outside the game's folder"),
        "{e}"
    );
    assert!(!e.contains("root:"), "nothing of the file is shown: {e}");
    let (code, err) = build(&root, &root);
    assert_eq!(code, Some(2), "{err}");
    // A link inside the game stays allowed.
    std::fs::remove_file(folder.join("art/a.svg")).unwrap();
    std::fs::write(
        folder.join("art/real.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>",
    )
    .unwrap();
    std::os::unix::fs::symlink("real.svg", folder.join("art/a.svg")).unwrap();
    let e = errors(&root);
    assert!(!e.contains("icon"), "{e}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_image_drawn_many_times_is_counted_each_time() {
    // Twenty uses of a 3000 × 3000 image: 180 megapixels drawn, past the budget of 100.
    let (root, folder) = project("many", "");
    std::fs::write(folder.join("art/big.png"), png(3000, 3000)).unwrap();
    let uses: String = (0..20)
        .map(|i| format!("<image x=\"{i}\" width=\"1\" height=\"1\" href=\"big.png\"/>\n"))
        .collect();
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"1\">\n{uses}</svg>\n"
    );
    std::fs::write(folder.join("art/a.svg"), &svg).unwrap();
    let e = errors(&root);
    assert!(
        e.contains("game.toml:9:5: error: icon `art/a.svg`: its images draw more than 100 megapixels, each use counted"),
        "{e}"
    );
    // Ten uses (90 megapixels) pass: the image is decoded once, shared by its uses.
    let ten: String = uses.lines().take(10).map(|l| format!("{l}\n")).collect();
    std::fs::write(
        folder.join("art/a.svg"),
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"1\">\n{ten}</svg>\n"
        ),
    )
    .unwrap();
    let lib: Library = Project::new(&root).library().unwrap();
    let g = Project::new(&root).load("cards", &lib, None);
    assert!(g.is_ok(), "{}", g.err().unwrap());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn path_data_is_counted_before_it_is_converted() {
    // 300,000 segments of path data (1.5 MB), past the budget of 250,000.
    let d: String = "L1 2 ".repeat(300_000);
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n<g>\n<path fill=\"#000000\" d=\"M0 0{d}\"/>\n</g>\n</svg>\n"
    );
    let (root, _) = project("path", &svg);
    let e = errors(&root);
    assert!(
        e.contains("art/a.svg:3:1: error: this SVG draws about 300001 path segments"),
        "{}",
        &e[..e.len().min(600)]
    );
    // The same few segments copied by `use`, ten times at each of five levels.
    let mut svg = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"10\" height=\"10\">\n<path id=\"p0\" d=\"M0 0L1 1L2 2L3 3L4 4L5 5L6 6L7 7L8 8Z\"/>\n",
    );
    for i in 1..=5 {
        svg += &format!("<g id=\"p{i}\">");
        for _ in 0..10 {
            svg += &format!("<use xlink:href=\"#p{}\"/>", i - 1);
        }
        svg += "</g>\n";
    }
    svg += "</svg>\n";
    std::fs::write(root.join("games/cards/art/a.svg"), &svg).unwrap();
    let e = errors(&root);
    assert!(
        e.contains("art/a.svg:7:1: error: this SVG draws about 1111110 path segments"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_long_text_is_refused_before_it_is_laid_out() {
    let text = "x".repeat(50_000);
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n<text y=\"5\">{text}</text>\n</svg>\n"
    );
    let (root, _) = project("text", &svg);
    let e = errors(&root);
    assert!(
        e.contains("art/a.svg:2:1: error: this SVG draws 50000 characters of text"),
        "{}",
        &e[..e.len().min(600)]
    );
    // Many short texts, past the budget of the file together.
    let texts: String = (0..30)
        .map(|_| format!("<text y=\"5\">{}</text>\n", "y".repeat(400)))
        .collect();
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n{texts}</svg>\n"
    );
    std::fs::write(root.join("games/cards/art/a.svg"), &svg).unwrap();
    let e = errors(&root);
    assert!(
        e.contains("art/a.svg:1:1: error: this SVG draws 12000 characters of text"),
        "{}",
        &e[..e.len().min(600)]
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_images_of_a_face_are_counted_each_use() {
    // One SVG drawing a 3000 × 3000 image six times (54 megapixels) is within its own budget;
    // a face drawing it twice draws 108 megapixels, past the budget of a face (100).
    let layout = |elements: usize| {
        let one =
            "[[layout.two.element]]\nname = \"art\"\nkind = \"image\"\nimage = \"art/b.svg\"\n";
        let mut g = game(false).replace("size = \"mini\"", "size = \"mini\"\nlayout = \"two\"");
        g.push_str("\n[layout.two]\n");
        for i in 0..elements {
            g.push_str(&one.replace("\"art\"", &format!("\"art{i}\"")));
        }
        g
    };
    let (root, folder) = project("face-pixels", &svg_with_image("b.png"));
    std::fs::write(folder.join("art/b.png"), png(3000, 3000)).unwrap();
    let six: String = (0..6)
        .map(|i| format!("<image x=\"{i}\" width=\"1\" height=\"1\" href=\"b.png\"/>\n"))
        .collect();
    std::fs::write(
        folder.join("art/b.svg"),
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"6\" height=\"1\">\n{six}</svg>\n"
        ),
    )
    .unwrap();
    std::fs::write(folder.join("game.toml"), layout(2)).unwrap();
    let e = errors(&root);
    assert!(
        e.contains("error: card `one`: this face draws 108 megapixels of images, each use counted (image `art/b.svg` adds 54); the limit is 100 megapixels a face"),
        "{e}"
    );
    // Placed at the second element's `image`, the use past the budget.
    let line = layout(2)
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("image = "))
        .map(|(n, _)| n + 1)
        .nth(1)
        .unwrap();
    assert!(
        e.contains(&format!("game.toml:{line}:9: error: card `one`")),
        "{e}"
    );
    // One use (54 megapixels) passes.
    std::fs::write(folder.join("game.toml"), layout(1)).unwrap();
    let lib: Library = Project::new(&root).library().unwrap();
    let g = Project::new(&root).load("cards", &lib, None);
    assert!(g.is_ok(), "{}", g.err().unwrap());
    let _ = std::fs::remove_dir_all(&root);
}

/// A game `cards` whose four cards each draw their own picture, `art/<id>.png`; `ids` are the
/// cards (a card drawing the same file as another shares its picture).
fn pictures_game(ids: &[&str], files: &[&str]) -> String {
    let cards: Vec<(String, String)> = ids
        .iter()
        .zip(files)
        .map(|(id, f)| (id.to_string(), f.to_string()))
        .collect();
    common::pictures_game(&cards)
}

/// A grey PNG of `w` × `h` pixels, different for each `seed` (a stripe of another grey every
/// 500 rows): a few hundred KB, however large.
fn varied_png(w: u32, h: u32, seed: u8) -> Vec<u8> {
    let mut px = vec![100u8; (w * h) as usize];
    for y in (usize::from(seed)..h as usize).step_by(500) {
        let row = y * w as usize;
        px[row..row + w as usize].fill(seed.wrapping_mul(40));
    }
    common::grey_png(w, h, &px)
}

/// How a build run under a memory cap ended: its status, its standard error and the most memory
/// it held (resident, bytes).
struct Capped {
    status: std::process::ExitStatus,
    stderr: String,
    peak: u64,
}

/// `ludopress build cards` in `root` with `args`, its address space capped at `cap` bytes
/// (`setrlimit` in the child before it runs), its peak memory read by `wait4`; ended after 10
/// minutes (a hang fails the test instead of the suite).
fn build_capped(root: &Path, args: &[&str], cap: u64) -> Capped {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"));
    cmd.arg("--root")
        .arg(root)
        .args(["build", "cards", "--out"])
        .arg(root.join("output"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    // SAFETY: between fork and exec the child only calls setrlimit, which is async-signal-safe,
    // on a value on its own stack.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: cap,
                rlim_max: cap,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    // Reaped by `wait4` below, which also reads its peak memory.
    #[allow(clippy::zombie_processes)]
    let mut child = cmd.spawn().unwrap();
    let pid = child.id() as libc::pid_t;
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        use std::io::Read;
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    // The peak is read from the child's own high-water mark while it runs (`VmHWM`, which
    // exec starts afresh), not from `wait4`'s `ru_maxrss`: that one also counts the pages of
    // this test process the child held between fork and exec, and this process runs every
    // integration test at once.
    let hwm = |pid: libc::pid_t| -> Option<u64> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    };
    let mut peak = 0;
    loop {
        peak = peak.max(hwm(pid).unwrap_or(0));
        let mut status = 0;
        // SAFETY: plain values owned here; the child is ours and waited for only by this call.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            return Capped {
                status: std::process::ExitStatus::from_raw(status),
                stderr: reader.join().unwrap(),
                peak: if peak > 0 {
                    peak
                } else {
                    usage.ru_maxrss as u64 * 1024
                },
            };
        }
        if start.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the build hangs");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn pictures_past_the_build_budget_are_refused_before_they_are_decoded() {
    // Four different pictures of 7000 × 7000 pixels (49 megapixels each, within the limit of
    // an image and of a face): a build held them decoded, copied per PDF and per preview
    // thread, and peaked at 2.8 GB; under a cap of 2 GiB it aborted.
    let ids = ["c0", "c1", "c2", "c3"];
    let root = common::scratch_project("hostile-pixel-budget", &pictures_game(&ids, &ids), &[]);
    let art = root.join("games/cards/art");
    std::fs::create_dir_all(&art).unwrap();
    for (i, id) in ids.iter().enumerate() {
        std::fs::write(
            art.join(format!("{id}.png")),
            varied_png(7000, 7000, i as u8 + 1),
        )
        .unwrap();
    }
    let run = build_capped(&root, &[], 2 << 30);
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        (run.status.code(), run.status.signal()),
        (Some(2), None),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("error: image `art/c3.png`: ")
            && run
                .stderr
                .contains("the limit is 150 megapixels decoded in a build"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_picture_drawn_on_many_faces_is_held_once() {
    // One picture of 5000 × 5000 pixels (75 MB decoded) on forty cards, with previews (drawn
    // on two threads) and two print PDFs: its pixels were copied for each PDF and each batch of
    // its pages (twice, by printpdf) and for each preview thread, and the build peaked at
    // 490 MB. Held once (75 MB), once more for the previews (100 MB, shared by the threads)
    // and compressed in each PDF, it peaks near 200 MB.
    let ids: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let root = common::scratch_project(
        "hostile-pixel-shared",
        &pictures_game(&ids, &["one"; 40]),
        &[],
    );
    let art = root.join("games/cards/art");
    std::fs::create_dir_all(&art).unwrap();
    std::fs::write(art.join("one.png"), varied_png(5000, 5000, 1)).unwrap();
    let run = build_capped(&root, &[], 2 << 30);
    assert_eq!(run.status.code(), Some(0), "{}", run.stderr);
    assert!(
        run.peak < 300 << 20,
        "the build held {} MB at its peak",
        run.peak >> 20
    );
    // Each print PDF holds the picture once, every page that draws it naming that one object.
    let pdf = std::fs::read(root.join("output/cards/cards-en-a4.pdf")).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    let images = doc
        .objects
        .values()
        .filter(|o| {
            o.as_stream().is_ok_and(|s| {
                s.dict.get(b"Subtype").ok() == Some(&lopdf::Object::Name(b"Image".to_vec()))
            })
        })
        .count();
    assert_eq!(images, 1);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_pictures_of_the_games_built_together_share_the_budget() {
    // Two pictures of 49 megapixels in one game, one of 49 and one of 4 in another: each game
    // within the budget of 150 megapixels, the build that holds both past it at the last one.
    let root = common::scratch_project(
        "hostile-pixel-games",
        &pictures_game(&["c0", "c1"], &["c0", "c1"]),
        &[],
    );
    let art = root.join("games/cards/art");
    std::fs::create_dir_all(&art).unwrap();
    for i in 0..2u8 {
        std::fs::write(art.join(format!("c{i}.png")), varied_png(7000, 7000, i + 1)).unwrap();
    }
    let other = root.join("games/other");
    std::fs::create_dir_all(other.join("art")).unwrap();
    std::fs::write(
        other.join("game.toml"),
        pictures_game(&["d0", "d1"], &["d0", "d1"]).replace("id = \"cards\"", "id = \"other\""),
    )
    .unwrap();
    std::fs::write(other.join("art/d0.png"), varied_png(7000, 7000, 3)).unwrap();
    std::fs::write(other.join("art/d1.png"), varied_png(2000, 2000, 4)).unwrap();
    let project = Project::new(&root);
    let one = |g: &str| ludopress::make::load_games(&project, &[g.to_string()]).unwrap();
    for g in ["cards", "other"] {
        let alone = one(g).1;
        assert!(alone.is_empty(), "{alone}");
    }
    let (_, diags) =
        ludopress::make::load_games(&project, &["cards".to_string(), "other".to_string()]).unwrap();
    let e = diags.to_string();
    assert!(
        e.contains("games/other/game.toml: error: picture `art/d1.png` of game `other`")
            && e.contains("the limit is 150 megapixels decoded in a build"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A copy of tic-tac-toe (declared rules, rulebooks in French and English) as the game `cards`
/// of a scratch project: its root.
fn tictactoe_copy(name: &str) -> PathBuf {
    let shipped = common::root().join("games/tictactoe");
    let read = |f: &str| {
        std::fs::read_to_string(shipped.join(f))
            .unwrap()
            .replace("\"tictactoe\"", "\"cards\"")
    };
    let fr = read("rules.fr.md");
    let en = read("rules.en.md");
    common::scratch_project(
        name,
        &read("game.toml"),
        &[("rules.fr.md", &fr), ("rules.en.md", &en)],
    )
}

/// What stands at a path found by its name in a game's folder, in place of its regular file.
#[cfg(unix)]
#[derive(Debug, Clone, Copy)]
enum NotAFile {
    Fifo,
    LinkToDevZero,
    Folder,
}

#[cfg(unix)]
impl NotAFile {
    const ALL: [NotAFile; 3] = [NotAFile::Fifo, NotAFile::LinkToDevZero, NotAFile::Folder];

    /// Puts it at `path` (removing the file there); false where `mkfifo` is missing.
    fn put(self, path: &Path) -> bool {
        let _ = std::fs::remove_file(path);
        match self {
            NotAFile::Fifo => std::process::Command::new("mkfifo")
                .arg(path)
                .status()
                .is_ok_and(|s| s.success()),
            NotAFile::LinkToDevZero => std::os::unix::fs::symlink("/dev/zero", path).is_ok(),
            NotAFile::Folder => std::fs::create_dir(path).is_ok(),
        }
    }

    /// The reason its refusal gives.
    fn reason(self) -> &'static str {
        match self {
            NotAFile::Fifo => "not a regular file",
            NotAFile::LinkToDevZero => "it leads outside the game's folder (to /dev/zero)",
            NotAFile::Folder => "a folder, not a file",
        }
    }
}

#[cfg(unix)]
#[test]
fn a_rulebook_that_is_not_a_regular_file_is_refused_by_build_and_check() {
    // Found by its name (`rules.en.md`), not named in game.toml: a pipe, a link to a device or a
    // folder there was skipped, and the build went on with the French rulebook alone.
    let root = tictactoe_copy("hostile-rulebook-kinds");
    let (code, err) = run(&root, &root, &["check", "cards"]);
    assert_eq!(code, Some(0), "the copy checks: {err}");
    let book = root.join("games/cards/rules.en.md");
    let out = root.join("output");
    let out = out.to_str().unwrap();
    for kind in NotAFile::ALL {
        if !kind.put(&book) {
            continue;
        }
        let expected = format!(
            "games/cards/rules.en.md: error: rulebook refused: {}",
            kind.reason()
        );
        for args in [
            &["build", "cards", "--strict", "--no-png", "--out", out][..],
            &["check", "cards"][..],
        ] {
            let (code, err) = run(&root, &root, args);
            assert_eq!(code, Some(2), "{kind:?}, {args:?}: {err}");
            assert!(err.contains(&expected), "{kind:?}, {args:?}: {err}");
        }
        assert!(
            !root.join("output/cards/cards-rules-fr-a4.pdf").exists(),
            "{kind:?}: nothing is written"
        );
        if matches!(kind, NotAFile::Folder) {
            std::fs::remove_dir(&book).unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn a_saved_balance_report_that_is_not_a_regular_file_is_refused() {
    // `analysis.json` is found by its name too: the same rule as a rulebook's, where a pipe, a
    // link to a device or a folder was skipped and a link out of the game was read.
    let root = tictactoe_copy("hostile-report-kinds");
    let report = root.join("games/cards/analysis.json");
    let out = root.join("output");
    let out = out.to_str().unwrap();
    let args = ["build", "cards", "--strict", "--no-png", "--out", out];
    for kind in NotAFile::ALL {
        if !kind.put(&report) {
            continue;
        }
        let (code, err) = run(&root, &root, &args);
        assert_eq!(code, Some(2), "{kind:?}: {err}");
        let expected = format!(
            "games/cards/analysis.json: error: balance report refused: {}",
            kind.reason()
        );
        assert!(err.contains(&expected), "{kind:?}: {err}");
        if matches!(kind, NotAFile::Folder) {
            std::fs::remove_dir(&report).unwrap();
        }
    }
    let secret = root.join("secret.json");
    std::fs::write(&secret, "root:x:0:0:root\n").unwrap();
    std::os::unix::fs::symlink(&secret, &report).unwrap();
    let (code, err) = run(&root, &root, &args);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("it leads outside the game's folder"), "{err}");
    assert!(
        !err.contains("root:x"),
        "nothing of the file is shown: {err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[cfg(unix)]
#[test]
fn a_definition_that_is_not_a_regular_file_is_not_passed_over_for_the_builtin() {
    // A project's games/tictactoe/game.toml that is a pipe, a link to a device or a folder is
    // the project's definition, refused, not a reason to play the one compiled in.
    let root = common::scratch_project("hostile-builtin-kinds", "", &[]);
    let folder = root.join("games/tictactoe");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("game.toml");
    for kind in NotAFile::ALL {
        if !kind.put(&file) {
            continue;
        }
        match ludopress::rules::engine::Engine::new(&Project::new(&root), "tictactoe") {
            Ok(_) => panic!("{kind:?}: the built-in definition was used"),
            Err(ludopress::rules::engine::Error::Input(d)) => {
                let e = d.to_string();
                assert!(
                    e.contains("game.toml: error: game definition refused: ")
                        && e.contains(kind.reason()),
                    "{kind:?}: {e}"
                );
            }
            Err(other) => panic!("{kind:?}: not an input error: {other:?}"),
        }
        if matches!(kind, NotAFile::Folder) {
            std::fs::remove_dir(&file).unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}
