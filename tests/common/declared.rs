//! Helpers of the declared-rules tests (`declared_rules.rs`, `declared_build.rs`): the rules
//! fixtures (`tests/fixtures/declared/<game>.toml`) appended to a minimal game of the right
//! board, and what a text gives (its errors at their places, or its game and declared rules).
#![allow(dead_code)]

use crate::common::{library, root};
use ludopress::base::diag::{line_col, Source};
use ludopress::definition;
use ludopress::definition::model::rules::RulesDef;
use ludopress::definition::model::Game;

pub const GAMES: [&str; 6] = [
    "breakthrough",
    "tictactoe",
    "connect4",
    "reversi",
    "hex",
    "draughts",
];

/// The `[[board]]` each game plays on.
pub fn board(game: &str) -> String {
    let square = |c: u32, r: u32| format!("grid = \"square\"\ncols = {c}\nrows = {r}\n");
    let grid = match game {
        "tictactoe" => square(3, 3),
        "connect4" => square(7, 6),
        "hex" => "grid = \"hex\"\nshape = \"parallelogram\"\ncols = 11\nrows = 11\n".to_string(),
        _ => square(8, 8),
    };
    let mut b = format!(
        "[[board]]\nid = \"board\"\nname = \"Board\"\n{grid}cell = 20.0\nfill = \"cream\"\nline = \"ink\"\nframe = \"ink\"\n"
    );
    if game == "hex" {
        // The painted edges the rules' regions name (`files` comes with the Hex commit).
        for (role, sel) in [
            ("top", "ranks = [11]"),
            ("bottom", "ranks = [1]"),
            ("left", "select = \"border\""),
            ("right", "select = \"border\""),
        ] {
            b += &format!("[[board.region]]\nrole = \"{role}\"\n{sel}\nfill = \"ink\"\n");
        }
    }
    b
}

/// A minimal `games/<game>/game.toml` with the game's declared rules appended.
pub fn text(game: &str) -> String {
    let rules = std::fs::read_to_string(
        root()
            .join("tests/fixtures/declared")
            .join(format!("{game}.toml")),
    )
    .expect("fixture");
    format!(
        "[game]\nid = \"{game}\"\ntitle = \"{game}\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n{}\n{rules}",
        board(game)
    )
}

/// The errors of a definition text, as printed.
pub fn errors_of(game: &str, text: &str) -> Vec<String> {
    let src = Source::new(format!("games/{game}/game.toml"), text);
    match definition::parse_game(&src, &library(), game, None) {
        Ok(_) => panic!("{game}: accepted:\n{text}"),
        Err(d) => d.0.iter().map(|d| d.to_string()).collect(),
    }
}

/// The game a definition text defines (it must have no error).
pub fn game_of(game: &str, text: &str) -> Game {
    let src = Source::new(format!("games/{game}/game.toml"), text);
    match definition::parse_game(&src, &library(), game, None) {
        Ok(g) => g,
        Err(d) => panic!(
            "{game}: {:#?}",
            d.0.iter().map(|d| d.to_string()).collect::<Vec<_>>()
        ),
    }
}

/// The declared rules a definition text builds (it must have no error).
pub fn rules_of(game: &str, text: &str) -> RulesDef {
    game_of(game, text)
        .rules
        .unwrap_or_else(|| panic!("{game}: no rules built"))
}

/// `game`'s text with `from` replaced by `to` (which must match once at least), its errors and
/// the text.
pub fn after(game: &str, from: &str, to: &str) -> (Vec<String>, String) {
    let t = text(game);
    assert!(t.contains(from), "{game}: `{from}` not in the fixture");
    let bad = t.replacen(from, to, 1);
    (errors_of(game, &bad), bad)
}

/// `games/<game>/game.toml:l:c:` of the `nth` (0-based) occurrence of `needle` in `text`.
pub fn place(game: &str, text: &str, needle: &str, nth: usize) -> String {
    let at = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("`{needle}` not found"))
        .0;
    let (l, c) = line_col(text, at);
    format!("games/{game}/game.toml:{l}:{c}:")
}

/// Exactly one error: the one at `needle` saying `says`.
pub fn refused(game: &str, from: &str, to: &str, needle: &str, says: &str) -> String {
    let (found, bad) = after(game, from, to);
    assert_eq!(found.len(), 1, "{game}: `{to}`: {found:#?}");
    let want = place(game, &bad, needle, 0);
    assert!(found[0].starts_with(&want), "want {want}, got {}", found[0]);
    assert!(found[0].contains(says), "`{says}` not in: {}", found[0]);
    found[0].clone()
}

/// A whole `game.toml` of id `id`: a square board of `cols` × `rows` (its table ending with the
/// lines `board`, such as `holes = [...]`), then `body` (the declared rules, their `[start]`).
pub fn square_game(id: &str, cols: usize, rows: usize, board: &str, body: &str) -> String {
    format!(
        "[game]\nid = \"{id}\"\ntitle = \"{id}\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n[[board]]\nid = \"board\"\nname = \"Board\"\ngrid = \"square\"\ncols = {cols}\nrows = {rows}\ncell = 20.0\nfill = \"cream\"\nline = \"ink\"\nframe = \"ink\"\n{board}{body}"
    )
}

/// Each move of position `p` of `r` with the position it leads to, as files (what `moves`
/// lists).
pub fn written_moves(
    r: &ludopress::rules::declared::Declared,
    p: &ludopress::rules::declared::DPos,
) -> Vec<(String, String)> {
    use ludopress::rules::{self, Rules};
    r.moves(p)
        .into_iter()
        .map(|(m, q)| (m, rules::to_toml(r.id(), &r.fields(&q))))
        .collect()
}

/// A declared game of a scratch project through the commands a player uses: at the start
/// `new` gives, `moves` lists the moves of `moves` (the engine's own list: each notation once,
/// or once with each roll of the dice) and nothing else, and in `play` the move typed as `typed` is played, recorded, and replays with `moves`.
/// `text` is a whole `game.toml` of id `cards` (the scratch project's folder).
pub fn through_commands(name: &str, text: &str, moves: &[(String, String)], typed: &str) {
    through_commands_seeded(name, text, moves, typed, 1);
}

/// [`through_commands`] with `play --seed seed`.
pub fn through_commands_seeded(
    name: &str,
    text: &str,
    moves: &[(String, String)],
    typed: &str,
    seed: u64,
) {
    use crate::common::ludopress_in;
    let root = crate::common::scratch_project(name, text, &[]);
    let run = |args: &[&str], input: &str| {
        let o = ludopress_in(&root, args, input);
        let (out, err) = (
            String::from_utf8_lossy(&o.stdout).to_string(),
            String::from_utf8_lossy(&o.stderr).to_string(),
        );
        assert_eq!(o.status.code(), Some(0), "{args:?}\n{out}\n{err}");
        out
    };
    let start = run(&["new", "cards"], "");
    let pos = root.join("start.toml");
    std::fs::write(&pos, &start).unwrap();
    let listed = run(&["moves", pos.to_str().unwrap()], "");
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), moves.len(), "{listed}");
    for (m, _) in moves {
        let listed_so = lines
            .iter()
            .filter(|l| l.split('\t').next() == Some(m.as_str()))
            .count();
        let given = moves.iter().filter(|(n, _)| n == m).count();
        assert_eq!(listed_so, given, "`{m}` in\n{listed}");
    }
    let record = root.join("r.toml");
    let r = record.to_str().unwrap();
    run(
        &[
            "play",
            "cards",
            "--players",
            "human,random",
            "--seed",
            &seed.to_string(),
            "--record",
            r,
        ],
        &format!("{typed}\nquit\n"),
    );
    let kept = std::fs::read_to_string(&record).unwrap();
    // A move of a game with dice is recorded with the roll that followed (`"pass; die = 1"`).
    let recorded = [format!("\"{typed}\""), format!("\"{typed}; ")];
    assert!(recorded.iter().any(|r| kept.contains(r)), "{kept}");
    run(&["moves", r], "");
    let _ = std::fs::remove_dir_all(&root);
}
