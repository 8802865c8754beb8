//! Every example of the guide (the README, `docs/*.md`, `docs/tutorials/*.md`) is checked.
//!
//! Each TOML block is preceded by a marker, `<!-- checked: <how> -->`, naming how it is checked
//! ([`check_block`]): `game` (a whole game file), `position` (a position file of a shipped game),
//! `keys` (a fragment of a game.toml: every key known), `in <path>` (a fragment of a file of the
//! repository, the finished example a tutorial builds step by step), or a base game the block
//! completes (`square 8x8`, `triangles`, `tafl`, `amazons`, `geese`, `alphabrick`, `morris`). A
//! TOML block without a marker fails the test.
//!
//! Each tutorial runs as written ([`run_tutorial`]): its `sh` blocks and hidden `<!-- run: ... -->`
//! lines, in order, in an empty folder, and each output it shows is compared with what the
//! commands print.

use crate::common;
use ludopress::rules;
use std::path::{Path, PathBuf};

/// A square board of `cols` × `rows`, two sides with `forward`, the regions the reference's
/// examples name, one kind, one move, and the end every game needs.
fn square(cols: usize, rows: usize) -> String {
    let last = ludopress::geometry::hex::column_name(cols - 1);
    format!(
        r#"[[board]]
id = "board"
name = "Board"
grid = "square"
cols = {cols}
rows = {rows}
cell = 20.0
fill = "cream"
line = "ink"
frame = "wood"
[turns]
sides = ["white", "black"]
forward = {{ white = "north", black = "south" }}
[regions]
home = {{ white = {{ ranks = [1] }}, black = {{ ranks = [{rows}] }} }}
goal = {{ white = {{ ranks = [{rows}] }}, black = {{ ranks = [1] }} }}
crown = {{ white = {{ ranks = [{rows}] }}, black = {{ ranks = [1] }} }}
corners = {{ cells = ["a1", "{last}1", "a{rows}", "{last}{rows}"] }}
[[kind]]
id = "pawn"
tokens = {{ white = "W", black = "B" }}
[[move]]
step = "forward"
[[end]]
no_moves = true
result = "loss"
"#
    )
}

/// Imperator's board and rules (`games/imperator-declared`, without its components).
fn triangles() -> String {
    let text =
        std::fs::read_to_string(common::root().join("games/imperator-declared/game.toml")).unwrap();
    let colors = text.find("[colors]").unwrap();
    let piece = text.find("[[piece]]").unwrap();
    let turns = text.find("[turns]").unwrap();
    // The `[rules]` parameters written as their values, so that a block need not read them.
    let rules = text[turns..]
        .replace("\"end_at\"", "2")
        .replace("\"free_move_at\"", "6");
    format!("{}{rules}", &text[colors..piece])
}

/// The nine men's morris board of §3.2, then the rest of the 7 × 7 square base.
fn morris() -> String {
    let square = square(7, 7);
    let turns = square.find("[turns]").unwrap();
    format!(
        r#"[[board]]
id = "morris"
name = "Morris"
grid = "points"
cols = 7
rows = 7
cell = 20.0
fill = "cream"
line = "ink"
frame = "wood"
points = ["a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"]
lines = [["a1", "d1", "g1"], ["b2", "d2", "f2"], ["c3", "d3", "e3"], ["a4", "b4", "c4"], ["e4", "f4", "g4"], ["c5", "d5", "e5"], ["b6", "d6", "f6"], ["a7", "d7", "g7"], ["a1", "a4", "a7"], ["b2", "b4", "b6"], ["c3", "c4", "c5"], ["d1", "d2", "d3"], ["d5", "d6", "d7"], ["e3", "e4", "e5"], ["f2", "f4", "f6"], ["g1", "g4", "g7"]]
{}"#,
        &square[turns..]
    )
}

/// Alpha-BRIK's board and rules (`games/alphabrick-declared`, without its components).
fn alphabrick() -> String {
    let text = std::fs::read_to_string(common::root().join("games/alphabrick-declared/game.toml"))
        .unwrap();
    let board = text.find("[[board]]").unwrap();
    let piece = text.find("[[piece]]").unwrap();
    let turns = text.find("[turns]").unwrap();
    format!(
        "{}[rules]\nbricks = 18\n{}",
        &text[board..piece],
        &text[turns..]
    )
}

/// The tafl of `declared_captures.rs`.
const TAFL: &str = r#"[[board]]
id = "board"
name = "Board"
grid = "square"
cols = 5
rows = 5
cell = 20.0
fill = "cream"
line = "ink"
frame = "wood"
[turns]
sides = ["attackers", "defenders"]
[regions]
corners = { cells = ["a1", "e1", "a5", "e5"] }
throne = { cells = ["c3"] }
restricted = { cells = ["a1", "e1", "a5", "e5", "c3"] }
[[kind]]
id = "soldier"
tokens = { attackers = "A", defenders = "D" }
[[kind]]
id = "king"
tokens = { attackers = "k", defenders = "K" }
[[move]]
piece = "king"
slide = "orthogonal"
[[end]]
captured = "king"
result = "loss"
[[end]]
no_moves = true
result = "loss"
[start]
board = """
. . A . .
. . . . .
A D K D A
. . . . .
. . A . .
"""
"#;

/// Amazons on 6 × 6.
const AMAZONS: &str = r#"[[board]]
id = "board"
name = "Board"
grid = "square"
cols = 6
rows = 6
cell = 20.0
fill = "cream"
line = "ink"
frame = "wood"
[turns]
sides = ["white", "black"]
[[kind]]
id = "queen"
tokens = { white = "w", black = "b" }
[[kind]]
id = "arrow"
neutral = "x"
[[move]]
piece = "queen"
slide = "all"
[[end]]
no_moves = true
result = "loss"
[start]
board = """
. b . . b .
. . . . . .
b . . . . b
w . . . . w
. . . . . .
. w . . w .
"""
"#;

/// A fox and geese on 3 × 3.
const GEESE: &str = r#"[[board]]
id = "board"
name = "Board"
grid = "square"
cols = 3
rows = 3
cell = 20.0
fill = "cream"
line = "ink"
frame = "wood"
[turns]
sides = ["fox", "geese"]
[[kind]]
id = "fox"
tokens = { fox = "F", geese = "f" }
[[kind]]
id = "goose"
tokens = { fox = "g", geese = "G" }
[[move]]
piece = ["fox", "goose"]
step = "orthogonal"
[[end]]
no_moves = true
result = "loss"
[start]
to_move = "fox"
board = """
G G G
. . .
. F .
"""
"#;

/// The base game a marker names.
fn base(name: &str) -> String {
    let head = "[game]\nid = \"docs\"\ntitle = \"Docs\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n";
    let body = match name.split_once(' ') {
        Some(("square", size)) => {
            let (c, r) = size.split_once('x').expect("square COLSxROWS");
            square(c.parse().unwrap(), r.parse().unwrap())
        }
        _ => match name {
            "triangles" => triangles(),
            "tafl" => TAFL.to_string(),
            "amazons" => AMAZONS.to_string(),
            "geese" => GEESE.to_string(),
            "alphabrick" => alphabrick(),
            "morris" => morris(),
            other => panic!("unknown base `{other}`"),
        },
    };
    format!("{head}{body}")
}

/// A TOML text cut into its sections: the header (`[turns]`, `[[move]]`; empty before the
/// first) and its lines.
fn sections(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = vec![(String::new(), Vec::new())];
    let mut in_string = false;
    for line in text.lines() {
        if !in_string && line.starts_with('[') {
            out.push((
                line.split('#').next().unwrap_or("").trim().to_string(),
                Vec::new(),
            ));
            continue;
        }
        if line.matches("\"\"\"").count() % 2 == 1 {
            in_string = !in_string;
        }
        if let Some(last) = out.last_mut() {
            last.1.push(line.to_string());
        }
    }
    out
}

/// The key a line sets (`sides` of `sides = [...]`), if it sets one.
fn key_of(line: &str) -> Option<&str> {
    let (k, _) = line.split_once('=')?;
    let k = k.trim();
    (!k.is_empty() && !k.starts_with('#') && !k.contains(' ')).then_some(k)
}

/// The base with the block merged in, as text: a table the block has takes the block's keys
/// over the base's (whole, when the base's holds a multi-line string); arrays of tables the
/// block has replace the base's. A block that brings kinds but no move has the base's moves
/// made by its first kind; one whose ends leave out `no_moves` keeps a `no_moves` end. The
/// result must still be TOML.
fn merged(base: &str, block: &str) -> Result<String, String> {
    block
        .parse::<toml::Table>()
        .map_err(|e| format!("not TOML: {e}"))?;
    let base = sections(base);
    let block = sections(block);
    let headers: Vec<&str> = block.iter().map(|(h, _)| h.as_str()).collect();
    let first_kind = block
        .iter()
        .find(|(h, _)| h == "[[kind]]")
        .and_then(|(_, lines)| lines.iter().find_map(|l| l.strip_prefix("id = ")))
        .map(str::to_string);
    let moves = headers.contains(&"[[move]]");
    let mut out = String::new();
    for (h, lines) in &base {
        let array = h.starts_with("[[");
        if array && headers.contains(&h.as_str()) {
            continue;
        }
        let given = block
            .iter()
            .find(|(b, _)| !array && !h.is_empty() && b == h);
        out.push_str(h);
        out.push('\n');
        let whole = lines.iter().any(|l| l.contains("\"\"\""));
        for l in lines {
            let replaced = given.is_some_and(|(_, bl)| {
                whole || key_of(l).is_some_and(|k| bl.iter().any(|b| key_of(b) == Some(k)))
            });
            let repiece = h == "[[move]]" && !moves && first_kind.is_some();
            if replaced || (repiece && key_of(l) == Some("piece")) {
                continue;
            }
            out.push_str(l);
            out.push('\n');
        }
        if let (true, false, Some(k)) = (h == "[[move]]", moves, &first_kind) {
            out.push_str(&format!("piece = {k}\n"));
        }
        if let Some((_, bl)) = given {
            for l in bl {
                out.push_str(l);
                out.push('\n');
            }
        }
    }
    for (h, lines) in &block {
        let merged_in = !h.starts_with("[[") && base.iter().any(|(b, _)| b == h);
        if h.is_empty() || merged_in {
            continue;
        }
        out.push_str(h);
        out.push('\n');
        for l in lines {
            out.push_str(l);
            out.push('\n');
        }
    }
    // Ends replaced by a block that shows others keep the one end every game needs.
    let says_stuck = block
        .iter()
        .any(|(_, l)| l.iter().any(|l| key_of(l) == Some("no_moves")));
    if headers.contains(&"[[end]]") && !says_stuck {
        out.push_str("[[end]]\nno_moves = true\nresult = \"loss\"\n");
    }
    out.parse::<toml::Table>()
        .map_err(|e| format!("merged, not TOML: {e}\n{out}"))?;
    Ok(out)
}

/// The pages of the guide: the README, `docs/*.md` and `docs/tutorials/*.md`, by name.
fn pages() -> Vec<PathBuf> {
    let root = common::root();
    let mut pages = vec![root.join("README.md")];
    for dir in ["docs", "docs/tutorials"] {
        pages.extend(common::files_with(&root.join(dir), "md"));
    }
    pages
}

/// A page as messages name it: its path in the repository (`docs/guide.md`).
fn page_name(page: &Path) -> String {
    page.strip_prefix(common::root())
        .unwrap_or(page)
        .display()
        .to_string()
}

/// One fenced block of a page, or one hidden line `<!-- run: COMMAND -->`.
#[derive(Debug)]
struct Block {
    /// The fence's info string (`toml`, `sh`, empty), or `run` for a hidden line.
    lang: String,
    /// Its text, each line ending in `\n`.
    text: String,
    /// The line of its first line of text, 1-based.
    line: usize,
    /// The marker on the line before its fence (`checked: game`, `output`), if any.
    marker: Option<String>,
}

/// The blocks of a page, in order: a fence of three or more backticks closes at the first line of
/// as many backticks alone (so a ```` block may hold ``` blocks).
fn blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(cmd) = line
            .strip_prefix("<!-- run: ")
            .and_then(|l| l.strip_suffix(" -->"))
        {
            out.push(Block {
                lang: "run".into(),
                text: format!("{cmd}\n"),
                line: i + 1,
                marker: None,
            });
            i += 1;
            continue;
        }
        let ticks = line.len() - line.trim_start_matches('`').len();
        if ticks < 3 {
            i += 1;
            continue;
        }
        let fence = &line[..ticks];
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].trim_end() == fence)
            .unwrap_or_else(|| panic!("line {}: a fence that is never closed", i + 1));
        let marker = i
            .checked_sub(1)
            .and_then(|j| lines[j].strip_prefix("<!-- "))
            .and_then(|m| m.strip_suffix(" -->"))
            .map(String::from);
        out.push(Block {
            lang: line[ticks..].trim().to_string(),
            text: lines[i + 1..end].iter().map(|l| format!("{l}\n")).collect(),
            line: i + 2,
            marker,
        });
        i = end + 1;
    }
    out
}

/// A line as a fragment is compared: its spaces left out and, in TOML, its comment (`cell = 30.0
/// # millimetres` is `cell = 30.0`; `#` inside a string is kept).
fn normal(line: &str, toml: bool) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && toml => break,
            _ => {}
        }
        out.push(c);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The units a fragment is compared by, each with the TOML table it is in: in TOML each line
/// ([`normal`]) and the header of the table it is written under (none before the first: a
/// block may start inside a table); in Markdown each paragraph, its lines joined (a page wraps a
/// paragraph where the file does not), each heading, and each line of a fenced block.
fn units(text: &str, toml: bool) -> Vec<(Option<String>, String)> {
    let mut out = Vec::new();
    if toml {
        let (mut table, mut quoted) = (None, false);
        for line in text.lines() {
            let l = normal(line, true);
            if l.is_empty() {
                continue;
            }
            if !quoted && l.starts_with('[') && l.ends_with(']') {
                table = Some(l.clone());
            }
            quoted ^= l.matches("\"\"\"").count() % 2 == 1;
            out.push((table.clone(), l));
        }
        return out;
    }
    let mut paragraph: Vec<String> = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        let l = normal(line, false);
        let fence = l.starts_with("```");
        if fenced || fence || l.is_empty() || l.starts_with('#') {
            if !paragraph.is_empty() {
                out.push((None, paragraph.join(" ")));
                paragraph.clear();
            }
            if !l.is_empty() {
                out.push((None, l));
            }
            fenced ^= fence;
        } else {
            paragraph.push(l);
        }
    }
    if !paragraph.is_empty() {
        out.push((None, paragraph.join(" ")));
    }
    out
}

/// Whether every line of `block` (blank lines and TOML comments aside) is a line of `file`, in the
/// same order and, in TOML, under the same table: a fragment of the file, as a tutorial shows it
/// a step at a time. `Err` names the first line not found.
fn fragment_of(block: &str, file: &str, toml: bool) -> Result<(), String> {
    let mut rest = units(file, toml).into_iter();
    for (table, line) in units(block, toml) {
        if !rest.any(|(t, l)| l == line && (table.is_none() || t == table)) {
            let under = table.map_or(String::new(), |t| format!(" under `{t}`"));
            return Err(format!(
                "`{line}`{under} is not in the file (after the lines before it)"
            ));
        }
    }
    Ok(())
}

/// A fragment of a game.toml (`checked: keys`): with a `[game]` table before it, every key is one
/// the format knows and every value of its type (the raw types refuse unknown keys).
fn known_keys(block: &str) -> Result<(), String> {
    let head = "[game]\nid = \"docs\"\ntitle = \"Docs\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n";
    let text = if block.contains("[game]") {
        block.to_string()
    } else {
        format!("{head}{block}")
    };
    toml::from_str::<ludopress::definition::raw::GameFile>(&text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Checks a block against its marker `checked: <how>`: `game` (a whole game file), `position`
/// (a position file of a shipped game), `keys` (a fragment of a game.toml: every key known),
/// `in <path>` (a fragment of a file of the repository, `path` from the page's folder: a finished
/// example a test builds), or a base game the block completes (`square 8x8`, `triangles`, `tafl`,
/// `amazons`, `geese`, `alphabrick`, `morris`): the block's tables are merged into the base's (its
/// keys win), its arrays of tables (`[[move]]`, `[[kind]]`, ...) replace the base's, and the
/// result must load without an error.
fn check_block(page: &Path, how: &str, block: &str) -> Result<(), String> {
    match how {
        "game" => {
            let id = block
                .lines()
                .find_map(|l| l.strip_prefix("id = \""))
                .and_then(|l| l.strip_suffix('"'))
                .unwrap_or("docs")
                .to_string();
            common::parse(&id, block)
                .map(|_| ())
                .map_err(|d| format!("{d:?}"))
        }
        "position" => {
            let (game, raw) = rules::raw("example.toml", block).map_err(|d| format!("{d:?}"))?;
            common::engine(&game)
                .position(raw)
                .map(|_| ())
                .map_err(|d| format!("{d:?}"))
        }
        "keys" => known_keys(block),
        _ => match how.strip_prefix("in ") {
            Some(path) => {
                let file = page.parent().unwrap().join(path);
                let text = std::fs::read_to_string(&file)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                fragment_of(block, &text, path.ends_with(".toml"))
            }
            None => merged(&base(how), block).and_then(|text| {
                common::parse("docs", &text)
                    .map(|_| ())
                    .map_err(|d| format!("{d:?}\n{text}"))
            }),
        },
    }
}

/// Every TOML block of every page of the guide is checked as its marker says; a TOML block
/// without a marker fails the test, and so does a block of any language marked `checked:`.
#[test]
fn every_toml_block_of_the_guide_checks() {
    let mut checked = 0;
    let mut by_page = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page_name(&page);
        let mut here = 0;
        for b in blocks(&text) {
            let how = b
                .marker
                .as_deref()
                .and_then(|m| m.strip_prefix("checked: "));
            let shown = b
                .marker
                .as_deref()
                .is_some_and(|m| m.starts_with("output") || m.starts_with("append: "));
            let how = match (how, b.lang.as_str()) {
                (Some(how), _) => how,
                // What a tutorial's command writes, compared when the tutorial runs, or a
                // block the reader adds to a file, built when it runs.
                (None, "toml") if shown => continue,
                (None, "toml") => panic!(
                    "{name}:{}: a TOML block without `<!-- checked: ... -->`",
                    b.line - 1
                ),
                _ => continue,
            };
            if let Err(e) = check_block(&page, how, &b.text) {
                panic!(
                    "{name}:{}: the block does not check ({how}):\n{}\n{e}",
                    b.line - 1,
                    b.text
                );
            }
            here += 1;
        }
        by_page.push((name, here));
        checked += here;
    }
    let of = |p: &str| by_page.iter().find(|(n, _)| n == p).map_or(0, |(_, n)| *n);
    assert!(of("docs/rules-format.md") >= 30, "{by_page:?}");
    assert!(
        of("docs/tutorials/first-board-game.md") >= 10,
        "{by_page:?}"
    );
    assert!(checked >= 50, "{by_page:?}");
}

/// The fragment check compares what a reader sees: a changed value, a line of another file, or
/// lines out of order are not fragments; comments and spacing are free.
#[test]
fn a_fragment_is_checked_line_by_line_in_order() {
    let file = "[game]\nid = \"a\"   # the folder\ncell = 30.0\n\n[rules]\nmax = 4\n";
    assert!(fragment_of("[game]\ncell = 30.0      # mm\n", file, true).is_ok());
    assert!(fragment_of("[rules]\nmax = 4\n", file, true).is_ok());
    assert!(fragment_of("cell = 31.0\n", file, true).is_err());
    assert!(fragment_of("max = 4\ncell = 30.0\n", file, true).is_err());
    assert!(fragment_of("fill = \"#fff\"\n", "fill = \"#fff\"   # white\n", true).is_ok());
    // An output may leave a printed line out, never show one not printed or out of order.
    let printed = "1000 games in 0.05 s\nwhite: 496\nblack: 503\n";
    assert!(shown_in("white: 496\nblack: 503\n", printed).is_ok());
    assert!(shown_in("white: 497\n", printed).is_err());
    assert!(shown_in("black: 503\nwhite: 496\n", printed).is_err());
    // A line under another table than the file's is not the file's.
    let file = "[diagram]\ntokens = 1\n\n[rules]\nmax_plies = 40\n";
    assert!(fragment_of("[diagram]\ntokens = 1\nmax_plies = 40\n", file, true).is_err());
    assert!(fragment_of("[rules]\nmax_plies = 40\n", file, true).is_ok());
    // In Markdown, `#` opens a heading: it is compared.
    assert!(fragment_of("## Moving\n", "## Moves\n", false).is_err());
    assert!(known_keys("[[piece]]\nid = \"p\"\nname = \"P\"\nshape = \"disc\"\nsize = 20.0\nfill = \"white\"\nline = \"ink\"\n").is_ok());
    assert!(known_keys("[[piece]]\nid = \"p\"\nshap = \"disc\"\n").is_err());
}

/// Whether every line `shown` (blank lines aside, spaces at the ends trimmed) is a line `printed`,
/// in the same order: a page may leave lines out (a time that differs on every run), never show
/// one the program did not print. `Err` names the first line not printed.
fn shown_in(shown: &str, printed: &str) -> Result<(), String> {
    let mut rest = printed.lines().map(str::trim).filter(|l| !l.is_empty());
    for line in shown.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if !rest.any(|l| l == line) {
            return Err(format!(
                "`{line}` is not printed (after the lines before it)"
            ));
        }
    }
    Ok(())
}

/// One tutorial run as written: its `sh` blocks and hidden `<!-- run: ... -->` lines, in order,
/// as one script in an empty folder (`ludopress` on the PATH, `$REPO` the repository); a block
/// marked `not run: <why>` is left out, one marked `status: N` must fail with status N, and
/// one marked `append: FILE` is added to FILE, as the reader is told to. The lines of a block marked `output` must be lines the
/// `sh` block or hidden line before it printed (warnings and errors included), in order
/// ([`shown_in`]); those of one
/// marked `output: FILE`, lines of FILE as the script has it then.
fn run_tutorial(page: &Path) {
    let text = std::fs::read_to_string(page).unwrap();
    let name = page_name(page);
    let mut script = String::from("exec 2>&1\nset -e\n");
    // Each expected text, with the block it is compared with and its line.
    let mut expected: Vec<(usize, String, usize)> = Vec::new();
    let mut last_run = None;
    let mut ran = 0;
    for (n, b) in blocks(&text).into_iter().enumerate() {
        let marker = b.marker.as_deref().unwrap_or("");
        match (b.lang.as_str(), marker) {
            (_, m) if m.starts_with("not run: ") => last_run = None,
            ("sh", m) if m.starts_with("status: ") => {
                // A command shown failing: it must fail with that status, and the tutorial
                // goes on.
                let want = &m[8..];
                script.push_str(&format!(
                    "echo '@@@ {n}'\nset +e\n(\nset -e\n{})\ns=$?\nset -e\nif [ \"$s\" != {want} ]; then echo \"@@@ status $s, not {want}\"; exit 1; fi\n",
                    b.text
                ));
                last_run = Some(n);
                ran += 1;
            }
            ("sh" | "run", _) => {
                script.push_str(&format!("echo '@@@ {n}'\n{}", b.text));
                last_run = Some(n);
                ran += usize::from(b.lang == "sh");
            }
            (_, m) if m.starts_with("append: ") => {
                // A block the reader adds to a file, after a blank line.
                script.push_str(&format!(
                    "echo >> '{0}'\ncat >> '{0}' <<'@@@EOF'\n{1}@@@EOF\n",
                    &m[8..],
                    b.text
                ));
            }
            (_, "output") => {
                let of = last_run.unwrap_or_else(|| {
                    panic!("{name}:{}: an output with no command before it", b.line)
                });
                expected.push((of, b.text, b.line));
            }
            (_, m) if m.starts_with("output: ") => {
                script.push_str(&format!("echo '@@@ {n}'\ncat '{}'\n", &m[8..]));
                expected.push((n, b.text, b.line));
            }
            (_, m) if m.starts_with("checked: ") => {}
            // Anything else a reader is shown is run, compared or checked: a block shown as
            // output but compared with nothing would drift unseen.
            (lang, m) => panic!(
                "{name}:{}: a `{lang}` block marked `{m}`: a tutorial's blocks are `sh`, or marked `output`, `output: FILE`, `append: FILE`, `checked: ...`, `status: N` or `not run: why`",
                b.line - 1
            ),
        }
    }
    script.push_str("echo '@@@ end'\n");
    let dir = std::env::temp_dir().join(format!(
        "ludopress-tutorial-{}-{}",
        page.file_stem().unwrap().to_string_lossy(),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_ludopress"));
    let path = std::env::join_paths(std::iter::once(bin.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(&dir)
        .env("PATH", path)
        .env("REPO", common::root())
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success() && printed.contains("@@@ end"),
        "{name}: the tutorial stopped ({:?}):\n{printed}\n--- errors:\n{}\n--- script:\n{script}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // What each block printed.
    let mut said: std::collections::BTreeMap<usize, String> = Default::default();
    let mut at = None;
    for line in printed.lines() {
        if let Some(n) = line.strip_prefix("@@@ ") {
            at = n.parse::<usize>().ok();
            continue;
        }
        if let Some(n) = at {
            let s = said.entry(n).or_default();
            s.push_str(line.trim_end());
            s.push('\n');
        }
    }
    for (of, want, line) in &expected {
        let got = said.get(of).map_or("", String::as_str);
        if let Err(e) = shown_in(want, got) {
            panic!("{name}:{line}: the output shown is not what the command prints: {e}\n--- printed:\n{got}");
        }
    }
    assert!(
        ran > 0 && !expected.is_empty(),
        "{name}: {ran} blocks run, {} outputs compared",
        expected.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every tutorial of the guide runs as written, and prints what it shows.
#[test]
fn every_tutorial_runs_as_written() {
    let pages = common::files_with(&common::root().join("docs/tutorials"), "md");
    for page in &pages {
        run_tutorial(page);
    }
    assert!(pages.len() >= 4, "{pages:?}");
}

/// The README keeps what a newcomer needs in the first minute (under 150 lines, the two set-up
/// commands, the way to start a game, the guide); the guide's pages link to one another and to
/// files that exist.
#[test]
fn the_readme_is_short_and_every_link_of_the_guide_resolves() {
    let root = common::root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.lines().count() < 150,
        "{} lines",
        readme.lines().count()
    );
    for needed in [
        "cargo run --release -- build",
        "cargo test",
        "ludopress init",
        "docs/guide.md",
    ] {
        assert!(readme.contains(needed), "README: no `{needed}`");
    }
    let pages = pages();
    let mut links = 0;
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            let target = rest[..end].split('#').next().unwrap_or("");
            if target.is_empty() || target.contains("://") || target.contains(' ') {
                continue;
            }
            links += 1;
            let at = page.parent().unwrap().join(target);
            assert!(at.exists(), "{}: link to {target}", page.display());
        }
    }
    assert!(links > 30, "{links} links");
    let guide = std::fs::read_to_string(root.join("docs/guide.md")).unwrap();
    for page in [
        "tutorials/first-card-game.md",
        "tutorials/first-board-game.md",
        "tutorials/print-shop.md",
        "tutorials/balancing.md",
        "press.md",
        "definition.md",
        "rules-format.md",
        "commands.md",
    ] {
        assert!(guide.contains(page), "the guide does not lead to {page}");
    }
}

/// A shell line cut into its commands (at `&&`, `||`, `;` and `|`, a redirection and what follows
/// it left out, a comment dropped) and each command into its words, quotes taken off.
fn shell_commands(line: &str) -> Vec<Vec<String>> {
    let mut commands = vec![Vec::new()];
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut skip_next = false;
    let mut chars = line.chars().peekable();
    let end_word = |word: &mut String, commands: &mut Vec<Vec<String>>, skip: &mut bool| {
        if !word.is_empty() {
            if !*skip {
                commands.last_mut().unwrap().push(std::mem::take(word));
            }
            word.clear();
            *skip = false;
        }
    };
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') if word.is_empty() => break,
            (None, ' ' | '\t') => end_word(&mut word, &mut commands, &mut skip_next),
            (None, '>' | '<') => {
                end_word(&mut word, &mut commands, &mut skip_next);
                while chars.peek() == Some(&'>') {
                    chars.next();
                }
                skip_next = true;
            }
            (None, '&' | '|' | ';') => {
                end_word(&mut word, &mut commands, &mut skip_next);
                while matches!(chars.peek(), Some('&' | '|')) {
                    chars.next();
                }
                commands.push(Vec::new());
            }
            (None, c) => word.push(c),
        }
    }
    end_word(&mut word, &mut commands, &mut skip_next);
    commands.retain(|c| !c.is_empty());
    commands
}

/// Every `ludopress …` command a page of the guide shows in a `sh` block is one the program
/// takes: its command, options and values parse as the binary parses them (an option renamed or
/// removed fails here, on every page, not only in the tutorials that run).
#[test]
fn every_command_line_the_guide_shows_parses() {
    use clap::Parser;
    assert_eq!(
        shell_commands("ludopress moves start.toml | head -4     # each move"),
        vec![vec!["ludopress", "moves", "start.toml"], vec!["head", "-4"]]
    );
    assert_eq!(
        shell_commands("ludopress new g --seed 1 > start.toml && ludopress check 'g'"),
        vec![
            vec!["ludopress", "new", "g", "--seed", "1"],
            vec!["ludopress", "check", "g"]
        ]
    );
    assert!(ludopress::args::Cli::try_parse_from(["ludopress", "build", "--papr", "a4"]).is_err());
    let mut parsed = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page_name(&page);
        for b in blocks(&text).iter().filter(|b| b.lang == "sh") {
            for (i, line) in b.text.lines().enumerate() {
                for words in shell_commands(line) {
                    if words[0] != "ludopress" {
                        continue;
                    }
                    if let Err(e) = ludopress::args::Cli::try_parse_from(&words) {
                        panic!(
                            "{name}:{}: `{}` does not parse:\n{e}",
                            b.line + i,
                            words.join(" ")
                        );
                    }
                    parsed += 1;
                }
            }
        }
    }
    assert!(parsed >= 40, "{parsed} command lines");
}
