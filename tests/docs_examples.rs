//! Every TOML block of `docs/rules-format.md` builds and checks. Each block is preceded by a
//! marker, `<!-- checked: <base> -->`, naming how it is checked: `game` (a whole game file),
//! `position` (a position file of a shipped game), or a base game the block completes (`square
//! 8x8`, `triangles`, `tafl`, `amazons`, `geese`, `alphabrick`, `morris`): the block's tables are merged into the base's
//! (its keys win), its arrays of tables (`[[move]]`, `[[kind]]`, ...) replace the base's, and the
//! result must load without an error. A block without a marker fails the test.

use crate::common;
use ludopress::rules;

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

#[test]
fn every_toml_block_of_the_rules_reference_builds_and_checks() {
    let path = common::root().join("docs/rules-format.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = doc.lines().collect();
    let mut checked = 0;
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("```toml") {
            i += 1;
            continue;
        }
        let at = i + 1;
        let marker = i
            .checked_sub(1)
            .and_then(|j| lines[j].strip_prefix("<!-- checked: "))
            .and_then(|m| m.strip_suffix(" -->"))
            .unwrap_or_else(|| {
                panic!("docs/rules-format.md:{at}: a TOML block without `<!-- checked: ... -->`")
            });
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].starts_with("```"))
            .expect("a closed block");
        let block = lines[i + 1..end].join("\n") + "\n";
        let outcome = match marker {
            "game" => {
                let id = block
                    .lines()
                    .find_map(|l| l.strip_prefix("id = \""))
                    .and_then(|l| l.strip_suffix('"'))
                    .unwrap_or("docs")
                    .to_string();
                common::parse(&id, &block)
                    .map(|_| ())
                    .map_err(|d| format!("{d:?}"))
            }
            "position" => {
                let (game, raw) = rules::raw("example.toml", &block)
                    .map_err(|d| format!("{d:?}"))
                    .unwrap();
                common::engine(&game)
                    .position(raw)
                    .map(|_| ())
                    .map_err(|d| format!("{d:?}"))
            }
            base_name => merged(&base(base_name), &block).and_then(|text| {
                common::parse("docs", &text)
                    .map(|_| ())
                    .map_err(|d| format!("{d:?}\n{text}"))
            }),
        };
        if let Err(e) = outcome {
            panic!("docs/rules-format.md:{at}: the block does not check ({marker}):\n{block}\n{e}");
        }
        checked += 1;
        i = end + 1;
    }
    assert!(checked >= 30, "{checked} blocks");
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
    let mut pages = vec![root.join("README.md")];
    for dir in ["docs", "docs/tutorials"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            if e.path().extension().is_some_and(|x| x == "md") {
                pages.push(e.path());
            }
        }
    }
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
        "walkthrough.md",
        "press.md",
        "definition.md",
        "rules-format.md",
        "commands.md",
    ] {
        assert!(guide.contains(page), "the guide does not lead to {page}");
    }
}
