//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod declared;
pub mod program;

use ludopress::base::diag::{Diagnostics, Source};
use ludopress::definition::{self, Game, Library, Project};
use std::path::{Path, PathBuf};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The bundled template library.
pub fn library() -> Library {
    definition::bundled_library().expect("templates/library.toml is valid")
}

/// Loads one of the shipped games.
pub fn game(id: &str) -> Game {
    Project::new(root())
        .load(id, &library(), ludopress::rules::registry::contract(id))
        .unwrap_or_else(|d| panic!("{d}"))
}

/// Parses a definition text as if it were `games/<folder>/game.toml`.
pub fn parse(folder: &str, text: &str) -> Result<Game, Diagnostics> {
    let src = Source::new(format!("games/{folder}/game.toml"), text);
    definition::parse_game(
        &src,
        &library(),
        folder,
        ludopress::rules::registry::contract(folder),
    )
}

/// Compares `actual` with the reference file at `path`. A missing reference is written and the
/// test fails once; with `LUDOPRESS_BLESS=1` a differing reference is rewritten (and fails once).
pub fn snapshot(path: &Path, actual: &str) {
    let bless = std::env::var("LUDOPRESS_BLESS").is_ok_and(|v| v == "1");
    match std::fs::read_to_string(path) {
        Ok(expected) if expected == actual => {}
        Ok(expected) => {
            if bless {
                std::fs::write(path, actual).expect("write reference");
                panic!(
                    "{}: reference rewritten (LUDOPRESS_BLESS=1); run again",
                    path.display()
                );
            }
            let line = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!(
                "{}: output differs from the reference at line {}\n  expected: {}\n  actual:   {}\n(set LUDOPRESS_BLESS=1 to accept)",
                path.display(),
                line + 1,
                expected.lines().nth(line).unwrap_or("<end>"),
                actual.lines().nth(line).unwrap_or("<end>")
            );
        }
        Err(_) => {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).expect("create reference folder");
            }
            std::fs::write(path, actual).expect("write reference");
            panic!(
                "{}: new reference written; check it and run again",
                path.display()
            );
        }
    }
}

/// The page count of a PDF and all its text, pages joined by spaces (panics when it does not parse).
pub fn pdf_text(pdf: &[u8]) -> (usize, String) {
    let doc = printpdf::PdfDocument::parse(pdf, &Default::default(), &mut Vec::new())
        .expect("the PDF parses");
    let text = doc
        .extract_text()
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    (doc.pages.len(), text)
}

/// Every page's `/MediaBox` of a PDF, as (width, height) in points, read by lopdf (the page
/// dictionaries may sit in compressed object streams).
pub fn media_boxes(pdf: &[u8]) -> Vec<(f64, f64)> {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    doc.get_pages()
        .values()
        .filter_map(|id| {
            let b = doc.get_dictionary(*id).ok()?.get(b"MediaBox").ok()?;
            let n: Vec<f64> = b
                .as_array()
                .ok()?
                .iter()
                .filter_map(|v| v.as_float().ok().map(f64::from))
                .collect();
            (n.len() == 4).then(|| (n[2] - n[0], n[3] - n[1]))
        })
        .collect()
}

/// The decompressed objects of a PDF, as text: what a test searches for keys and names.
pub fn pdf_objects(pdf: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    let mut out = String::new();
    for obj in doc.objects.values() {
        out.push_str(&format!("{obj:?}\n"));
    }
    out
}

/// The engine of a game, from this source tree's definitions.
pub fn engine(game: &str) -> ludopress::rules::engine::Engine {
    ludopress::rules::engine::Engine::new(&Project::new(root()), game).expect("engine")
}

/// A position of `game` from its header lines and board text.
pub fn position(game: &str, header: &str, board: &str) -> ludopress::rules::engine::Position {
    let text = format!("game = \"{game}\"\n{header}\nboard = \"\"\"\n{board}\n\"\"\"\n");
    ludopress::rules::engine::Engine::open(&Project::new(root()), "test.toml", &text)
        .unwrap_or_else(|e| panic!("{e:?}\n{text}"))
        .1
}

/// The moves leading to the distinct successors of `p`.
pub fn moves(
    game: &str,
    p: &ludopress::rules::engine::Position,
) -> std::collections::BTreeSet<String> {
    engine(game)
        .successor_moves(p)
        .into_iter()
        .map(|(m, _)| m)
        .collect()
}

/// The position a list of moves (from `successor_moves` or `all_moves`) reaches by the move
/// written `mv`; panics when the list has no such move.
pub fn reached(
    list: Vec<(String, ludopress::rules::engine::Position)>,
    mv: &str,
) -> ludopress::rules::engine::Position {
    list.into_iter()
        .find(|(m, _)| m == mv)
        .unwrap_or_else(|| panic!("no move {mv}"))
        .1
}

/// A board text with a token on some named cells and `.` elsewhere: `rows` gives the cell names
/// of each row, top row first. Panics when a pawn's cell is not on the board.
pub fn board(rows: &[Vec<String>], pawns: &[(&str, char)]) -> String {
    for (cell, _) in pawns {
        assert!(
            rows.iter().flatten().any(|c| c == cell),
            "no cell {cell} on the board"
        );
    }
    rows.iter()
        .map(|row| {
            row.iter()
                .map(|c| {
                    pawns
                        .iter()
                        .find(|(p, _)| p == c)
                        .map_or('.', |p| p.1)
                        .to_string()
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Cell names of a square board with files `a`, `b`, ... and ranks from 1, top rank first.
pub fn square_names(files: usize, ranks: usize) -> Vec<Vec<String>> {
    (1..=ranks)
        .rev()
        .map(|r| ('a'..='z').take(files).map(|f| format!("{f}{r}")).collect())
        .collect()
}

/// A set of moves from a list.
pub fn set(list: &[&str]) -> std::collections::BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The input error a position file gives, as printed (panics when the file is accepted).
pub fn input_error(path: &str, text: &str) -> String {
    match ludopress::rules::engine::Engine::open(&Project::new(root()), path, text) {
        Err(ludopress::rules::engine::Error::Input(d)) => d.to_string(),
        Err(other) => panic!("not an input error: {other:?}"),
        Ok(_) => panic!("accepted:\n{text}"),
    }
}

/// The engine and position a position file gives (panics with the errors when it is refused).
pub fn accepted(
    path: &str,
    text: &str,
) -> (
    ludopress::rules::engine::Engine,
    ludopress::rules::engine::Position,
) {
    ludopress::rules::engine::Engine::open(&Project::new(root()), path, text)
        .unwrap_or_else(|e| panic!("refused:\n{text}\n{e:?}"))
}

/// Asserts that a position file is refused with an error at `place` (`line:col`) whose message
/// contains `reason`; returns all the errors as printed.
pub fn refused_at(path: &str, text: &str, place: &str, reason: &str) -> String {
    let e = input_error(path, text);
    let head = format!("{path}:{place}: error: ");
    assert!(
        e.lines()
            .any(|l| l.starts_with(&head) && l.contains(reason)),
        "expected an error at {path}:{place} saying `{reason}`, found:\n{e}\nin:\n{text}"
    );
    e
}

/// `ludopress --root ROOT ARGS` run in `root`, `input` typed on its standard input (then closed);
/// its output, status and standard error.
pub fn ludopress_in(root: &Path, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludopress"))
        .arg("--root")
        .arg(root)
        .args(args)
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The files of folder `dir` whose name ends in `.ext`, in order of name.
#[allow(dead_code)]
pub fn files_with(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    found.sort();
    found
}

/// A scratch project holding the guide's example `docs/examples/<game>/` as `games/<game>/`,
/// with the shipped template library. `name` keeps the folders of tests apart.
#[allow(dead_code)]
pub fn example_project(name: &str, game: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludopress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let to = dir.join("games").join(game);
    std::fs::create_dir_all(&to).unwrap();
    for f in std::fs::read_dir(root().join("docs/examples").join(game))
        .unwrap()
        .flatten()
    {
        std::fs::copy(f.path(), to.join(f.file_name())).unwrap();
    }
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    std::fs::copy(
        root().join("templates/library.toml"),
        dir.join("templates/library.toml"),
    )
    .unwrap();
    dir
}

/// A scratch project under the temporary folder: the shipped template library and one game
/// `cards` whose `game.toml` is `game`, with `files` (name, text) beside it. `name` keeps the
/// folders of tests apart.
#[allow(dead_code)]
pub fn scratch_project(name: &str, game: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludopress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games/cards")).unwrap();
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    std::fs::copy(
        root().join("templates/library.toml"),
        dir.join("templates/library.toml"),
    )
    .unwrap();
    std::fs::write(dir.join("games/cards/game.toml"), game).unwrap();
    for (f, text) in files {
        std::fs::write(dir.join("games/cards").join(f), text).unwrap();
    }
    dir
}

/// An 8-bit grey PNG of `w` × `h` pixels (`px`, row by row), quickly compressed.
pub fn grey_png(w: u32, h: u32, px: &[u8]) -> Vec<u8> {
    let mut data = Vec::new();
    let mut enc = png::Encoder::new(&mut data, w, h);
    enc.set_color(png::ColorType::Grayscale);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    let mut wr = enc.write_header().unwrap();
    wr.write_image_data(px).unwrap();
    wr.finish().unwrap();
    data
}

/// A one-language game of mini cards, each `(id, picture)` drawing `art/<picture>.png` whole.
pub fn pictures_game(cards: &[(String, String)]) -> String {
    let cards: Vec<String> = cards
        .iter()
        .map(|(id, f)| {
            format!("{{ id = \"{id}\", title = \"{id}\", fields = {{ pic = \"{f}\" }} }}")
        })
        .collect();
    format!(
        "[game]\nid = \"cards\"\ntitle = \"Cards\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n\
         [[deck]]\nid = \"deck\"\nname = \"Deck\"\nsize = \"mini\"\nlayout = \"pic\"\nstyle = {{ from = \"classic\" }}\n\
         back = {{ fill = \"blue\", ink = \"white\", title = \"Back\", pattern = \"grid\" }}\ncard = [{}]\n\n\
         [layout.pic]\n[[layout.pic.element]]\nname = \"art\"\nkind = \"image\"\nimage = \"art/{{pic}}.png\"\n",
        cards.join(", ")
    )
}
