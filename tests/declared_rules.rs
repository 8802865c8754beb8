//! Declared rules in `game.toml` (`[turns]`, `[regions]`, `[[kind]]`, `[[move]]`, `[[end]]`, ...):
//! the six games of the design read without error, and each refusal is given at its
//! `file:line:col` with a hint where a name is close to a known one (what they build:
//! `declared_build.rs`).
//!
//! The rules texts are fixtures (`tests/fixtures/declared/<game>.toml`), appended to a minimal
//! game of the right board (`common/declared.rs`); the game folders come with the declared
//! engine.

use crate::common::declared;

use declared::{after, errors_of, place, refused, rules_of, text, GAMES};
use ludopress::base::diag::line_col;
use ludopress::definition::model::rules::{Cond, Count, What, ADJACENT};
use ludopress::definition::raw;

#[test]
fn the_six_games_rules_read_as_toml() {
    for g in GAMES {
        let t = text(g);
        let raw: raw::GameFile = toml::from_str(&t).unwrap_or_else(|e| panic!("{g}: {e}"));
        let turns = raw.turns.expect("[turns]");
        assert!(!turns.get_ref().sides.get_ref().is_empty(), "{g}");
        assert!(!raw.kind.is_empty() && !raw.moves.is_empty(), "{g}");
        assert!(
            raw.end.iter().any(|e| e.get_ref().no_moves.is_some()),
            "{g}: no_moves"
        );
    }
    // Spot checks that the values land where they belong.
    let d: raw::GameFile = toml::from_str(&text("draughts")).unwrap();
    assert_eq!(d.kind.len(), 2);
    assert_eq!(d.moves.len(), 4);
    let jump = d.moves[0].get_ref();
    assert_eq!(jump.id.as_ref().unwrap().get_ref(), "man-jump");
    assert!(*jump.chain.as_ref().unwrap().get_ref());
    assert_eq!(
        jump.hop.as_ref().unwrap().get_ref(),
        &raw::Strs::Many(vec![
            toml::Spanned::new(0..0, "forward-left".into()),
            toml::Spanned::new(0..0, "forward-right".into())
        ])
    );
    let promote = d.kind[0].get_ref().promote.as_ref().unwrap().get_ref();
    assert_eq!(promote.inside.get_ref(), "crown");
    match d.regions.values().next().unwrap().get_ref() {
        raw::RulesRegionRaw::PerSide(list) => assert_eq!(list.len(), 2),
        other => panic!("crown is per side: {other:?}"),
    }
    let c: raw::GameFile = toml::from_str(&text("connect4")).unwrap();
    assert_eq!(
        c.kind[0].get_ref().max.as_ref().unwrap().get_ref(),
        &raw::Max::Each(raw::Count::N(21))
    );
}

#[test]
fn an_unknown_direction_gets_a_hint() {
    let e = refused(
        "breakthrough",
        "step = \"forward\"",
        "step = \"forwards\"",
        "\"forwards\"",
        "unknown direction `forwards`",
    );
    assert!(e.contains("did you mean `forward`?"), "{e}");
    // In a list, the wrong item is the place.
    refused(
        "draughts",
        "step = [\"forward-left\", \"forward-right\"]",
        "step = [\"forward-left\", \"froward-right\"]",
        "\"froward-right\"",
        "unknown direction `froward-right`",
    );
}

#[test]
fn relative_directions_need_forward_for_every_side() {
    refused(
        "breakthrough",
        "forward = { white = \"north\", black = \"south\" }",
        "forward = { white = \"north\" }",
        "{ white = \"north\" }",
        "`forward` has no direction for `black`",
    );
    let (e, bad) = after(
        "breakthrough",
        "forward = { white = \"north\", black = \"south\" }\n",
        "",
    );
    assert_eq!(e.len(), 3, "{e:#?}"); // forward, forward-left, forward-right
    assert!(e[0].starts_with(&place("breakthrough", &bad, "\"forward\"", 0)));
    assert!(
        e[0].contains("`forward` needs `[turns] forward"),
        "{}",
        e[0]
    );
    refused(
        "breakthrough",
        "white = \"north\"",
        "white = \"nord\"",
        "\"nord\"",
        "unknown compass direction `nord`",
    );
}

#[test]
fn a_move_does_one_thing() {
    refused(
        "breakthrough",
        "step = \"forward\"",
        "step = \"forward\"\nslide = \"forward\"",
        "[[move]]",
        "a move has one of place, drop, step, slide, leap, hop, pivot, anywhere; this one has step and slide",
    );
}

#[test]
fn unknown_names_get_a_hint_at_their_place() {
    let e = refused(
        "draughts",
        "piece = \"king\"\nhop",
        "piece = \"kng\"\nhop",
        "\"kng\"",
        "unknown kind `kng`",
    );
    assert!(e.contains("did you mean `king`?"), "{e}");
    let e = refused(
        "breakthrough",
        "reach = \"goal\"",
        "reach = \"gaol\"",
        "\"gaol\"",
        "unknown region `gaol`",
    );
    assert!(e.contains("did you mean `goal`?"), "{e}");
    let (e, bad) = after(
        "hex",
        "blue = [\"left\", \"right\"]",
        "bleu = [\"left\", \"right\"]",
    );
    assert!(
        e.iter()
            .any(|e| e.starts_with(&place("hex", &bad, "bleu", 0))
                && e.contains("unknown side `bleu`")
                && e.contains("did you mean `blue`?")),
        "{e:#?}"
    );
    let e = refused(
        "hex",
        "left = { role = \"left\" }",
        "left = { role = \"lfet\" }",
        "\"lfet\"",
        "unknown region role of the first board `lfet`",
    );
    assert!(e.contains("did you mean `left`?"), "{e}");
    refused(
        "draughts",
        "promote = { to = \"king\"",
        "promote = { to = \"queen\"",
        "\"queen\"",
        "unknown kind `queen`",
    );
    let e = refused(
        "reversi",
        "pass = \"when-stuck\"",
        "pass = \"when-stuk\"",
        "\"when-stuk\"",
        "unknown `pass` `when-stuk`",
    );
    assert!(e.contains("did you mean `when-stuck`?"), "{e}");
}

#[test]
fn sides_are_one_to_four_distinct_ids() {
    let (e, bad) = after(
        "tictactoe",
        "sides = [\"cross\", \"nought\"]",
        "sides = [\"cross\", \"nought\", \"a\", \"b\", \"c\"]",
    );
    assert!(
        e.iter().any(
            |e| e.starts_with(&place("tictactoe", &bad, "[\"cross\"", 0))
                && e.contains("`sides`: 1 to 4 side ids in turn order (found 5)")
        ),
        "{e:#?}"
    );
    let (e, bad) = after(
        "tictactoe",
        "sides = [\"cross\", \"nought\"]",
        "sides = [\"cross\", \"cross\"]",
    );
    assert!(
        e.iter()
            .any(|e| e.starts_with(&place("tictactoe", &bad, "\"cross\"", 1))
                && e.contains("side `cross` given twice")),
        "{e:#?}"
    );
}

#[test]
fn tokens_name_one_piece_each() {
    refused(
        "draughts",
        "tokens = { dark = \"B\", light = \"W\" }",
        "tokens = { dark = \"B\", light = \"w\" }",
        "\"w\" }\nmax = 12\n[[move]]",
        "token `w` is already light's `man`",
    );
    refused(
        "tictactoe",
        "nought = \"O\"",
        "nought = \".\"",
        "\".\"",
        "invalid token `.`",
    );
    // With a `[diagram]`, every token has a look there.
    let (e, bad) = after(
        "tictactoe",
        "[turns]",
        "[diagram]\ntokens = { X = \"x\" }\n[turns]",
    );
    assert!(
        e.iter()
            .any(|e| e.starts_with(&place("tictactoe", &bad, "\"O\"", 0))
                && e.contains("token `O` has no look in `[diagram] tokens`")),
        "{e:#?}"
    );
}

#[test]
fn qualifiers_fit_their_move() {
    refused(
        "breakthrough",
        "to = \"empty-or-enemy\"",
        "to = \"empty-or-enemy\"\nlongest = true",
        "true",
        "`longest` is for chains",
    );
    refused(
        "breakthrough",
        "to = \"empty-or-enemy\"",
        "to = \"empty-or-enemy\"\ncapture = true",
        "true",
        "`capture` is for hops",
    );
    refused(
        "breakthrough",
        "to = \"empty-or-enemy\"",
        "to = \"empty-or-enmy\"",
        "\"empty-or-enmy\"",
        "unknown target `empty-or-enmy`",
    );
    for (key, says) in [
        ("mirror = true", "`mirror` is for leaps"),
        ("min = 2", "`min` is for slides"),
        ("over = \"enemy\"", "`over` is for hops"),
        ("next_to = \"friend\"", "`next_to` is for placements"),
        ("max_hops = 3", "`max_hops` is for chains"),
    ] {
        let to = format!("to = \"empty-or-enemy\"\n{key}");
        let (e, bad) = after("breakthrough", "to = \"empty-or-enemy\"", &to);
        assert_eq!(e.len(), 1, "{e:#?}");
        // At the value, after the key.
        let at = bad.find(&to).unwrap() + to.len() - key.len() + key.find(" = ").unwrap() + 3;
        let (l, c) = line_col(&bad, at);
        let want = format!("games/breakthrough/game.toml:{l}:{c}:");
        assert!(
            e[0].starts_with(&want) && e[0].contains(says),
            "{want} {says}: {}",
            e[0]
        );
    }
    refused(
        "tictactoe",
        "line = 3",
        "line = 3\nby = [\"mark\"]",
        "[\"mark\"]",
        "`by` is for `no_progress` and `repetition`",
    );
    refused(
        "breakthrough",
        "to = \"empty-or-enemy\"",
        "custodial = { with = \"friend-or-hostile\" }",
        "\"friend-or-hostile\"",
        "`friend-or-hostile` needs `hostile",
    );
}

#[test]
fn ends_have_one_condition_and_a_fitting_result() {
    refused(
        "tictactoe",
        "line = 3\nresult = \"win\"",
        "result = \"win\"",
        "[[end]]",
        "an end has one condition",
    );
    refused(
        "tictactoe",
        "line = 3\nresult = \"win\"",
        "plies = 9\nresult = \"win\"",
        "\"win\"",
        "`plies` ends with `draw`, `most-pieces` or `fewest-pieces`",
    );
    refused(
        "reversi",
        "result = \"most-pieces\"",
        "result = \"most-piece\"",
        "\"most-piece\"",
        "unknown result `most-piece`",
    );
    refused(
        "connect4",
        "[[end]]\nno_moves = true",
        "[[end]]\nrepetition = 3\nresult = \"draw\"\n[[end]]\nno_moves = true",
        "3\nresult = \"draw\"",
        "repetition keeps the last 64 positions",
    );
    refused(
        "connect4",
        "[[end]]\nno_moves = true",
        "[[end]]\nrepetition = 17\nresult = \"draw\"\n[[end]]\nno_progress = 40\nresult = \"draw\"\n[[end]]\nno_moves = true",
        "17\nresult = \"draw\"",
        "`repetition` out of range: expected 2 to 16, found 17",
    );
    // A leap that goes nowhere, a slide whose bounds leave no move.
    refused(
        "breakthrough",
        "step = \"forward\"",
        "leap = [[0, 0]]",
        "[0, 0]",
        "a leap of `[0, 0]` goes nowhere",
    );
    refused(
        "breakthrough",
        "step = \"forward\"",
        "slide = \"forward\"\nmin = 5\nmax = 4",
        "4\n[[move]]",
        "`max` is at least `min`",
    );
    // `must_flip` only means something where a piece is placed and lines flip.
    refused(
        "reversi",
        "place = \"empty\"",
        "step = \"all\"",
        "true",
        "`must_flip` is for placements with `flip`",
    );
    refused(
        "hex",
        "connect = { red = [\"top\", \"bottom\"], blue = [\"left\", \"right\"] }",
        "connect = { red = [\"top\", \"bottom\"] }",
        "{ red = [\"top\", \"bottom\"] }",
        "`connect` has no regions for `blue`",
    );
}

#[test]
fn a_game_without_no_moves_is_told_what_to_add() {
    let (e, bad) = after(
        "connect4",
        "[[end]]\nno_moves = true\nresult = \"draw\"\n",
        "",
    );
    assert!(
        e.iter()
            .any(|e| e.starts_with(&place("connect4", &bad, "[turns]", 0))
                && e.contains("add `[[end]]` with `no_moves = true`")),
        "{e:#?}"
    );
}

#[test]
fn counts_may_name_a_rules_parameter() {
    // A parameter that exists is accepted, kept by name for the engine to read...
    let t = text("connect4").replacen("line = 4", "line = \"in_a_row\"", 1);
    let t = t.replacen("[turns]", "[rules]\nin_a_row = 4\n[turns]", 1);
    let r = rules_of("connect4", &t);
    assert_eq!(r.params_used, ["in_a_row"]);
    assert!(
        r.ends
            .iter()
            .any(|e| matches!(&e.cond, Cond::Line { n: Count::Param(p), .. } if p == "in_a_row")),
        "{:#?}",
        r.ends
    );
    // ...its value in the file is held to the count's range...
    let big = t.replacen("in_a_row = 4", "in_a_row = 40", 1);
    let e = errors_of("connect4", &big);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(
        e[0].starts_with(&place("connect4", &big, "\"in_a_row\"", 0)),
        "{}",
        e[0]
    );
    assert!(
        e[0].contains("`line` out of range: expected 2 to 16, found `in_a_row` = 40"),
        "{}",
        e[0]
    );
    // ...one that does not is refused at the count, with a hint.
    let t = text("connect4").replacen("line = 4", "line = \"in_a_rwo\"", 1);
    let t = t.replacen("[turns]", "[rules]\nin_a_row = 4\n[turns]", 1);
    let e = errors_of("connect4", &t);
    assert!(
        e.iter()
            .any(|e| e.starts_with(&place("connect4", &t, "\"in_a_rwo\"", 0))
                && e.contains("did you mean `in_a_row`?")),
        "{e:#?}"
    );
}

#[test]
fn declared_rules_and_an_engine_program_do_not_mix() {
    let (e, bad) = after(
        "breakthrough",
        "[turns]",
        "[engine]\ncommand = [\"python3\", \"engine.py\"]\n[turns]",
    );
    assert!(
        e.iter().any(
            |e| e.starts_with(&place("breakthrough", &bad, "[engine]", 0))
                && e.contains(
                    "declared rules (`[turns]`) or an engine program (`[engine]`), not both"
                )
        ),
        "{e:#?}"
    );
}

#[test]
fn rules_tables_need_turns() {
    let t = text("tictactoe");
    let start = t.find("[turns]").unwrap();
    let end = t.find("[[kind]]").unwrap();
    let bad = format!("{}{}", &t[..start], &t[end..]);
    let e = errors_of("tictactoe", &bad);
    assert!(
        e.iter()
            .any(|e| e.starts_with(&place("tictactoe", &bad, "[[kind]]", 0))
                && e.contains("`[[kind]]` is part of declared rules: add `[turns]`")),
        "{e:#?}"
    );
}

#[test]
fn a_feature_not_in_the_format_is_an_unknown_field() {
    let (e, bad) = after(
        "breakthrough",
        "step = \"forward\"",
        "step = \"forward\"\napproach = true",
    );
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(
        e[0].starts_with(&place("breakthrough", &bad, "approach", 0)),
        "{}",
        e[0]
    );
    assert!(e[0].contains("unknown key `approach`"), "{}", e[0]);
    // A region mixing one set and per-side sets is refused by the reader too.
    let (e, _) = after(
        "breakthrough",
        "goal = { white = { ranks = [8] }, black = { ranks = [1] } }",
        "goal = { ranks = [8], black = { ranks = [1] } }",
    );
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(e[0].contains("not both"), "{}", e[0]);
}

#[test]
fn the_board_and_the_moves_are_bounded_and_present() {
    refused(
        "tictactoe",
        "cols = 3\nrows = 3",
        "cols = 17\nrows = 17",
        "\"square\"",
        "declared rules play on at most 256 cells (16 × 16); this board has 289",
    );
    refused(
        "tictactoe",
        "[[move]]\nplace = \"empty\"\n",
        "",
        "[turns]",
        "declared rules need at least one `[[move]]`",
    );
    refused(
        "draughts",
        "chain = true\ncompulsory = true\n[[move]]",
        "chain = true\nmax_hops = 13\ncompulsory = true\n[[move]]",
        "13",
        "`max_hops` (a move is packed in 64 bits) out of range: expected 1 to 12, found 13",
    );
}

#[test]
fn a_rules_parameter_no_rule_reads_is_refused() {
    let (found, bad) = after("connect4", "[turns]", "[rules]\nin_a_row = 4\n[turns]");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].starts_with(&place("connect4", &bad, "in_a_row", 0)),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("`[rules]` has `in_a_row`, which no rule reads"),
        "{}",
        found[0]
    );
}

#[test]
fn past_the_limits_each_is_reported_once() {
    // Twenty thousand kinds and regions, 500 sides: each limit said once, the check stays linear.
    let n = 20_000;
    // (A line holds at most 5,000 characters: 500 sides.)
    let sides: Vec<String> = (0..500).map(|i| format!("\"s{i}\"")).collect();
    let mut t = text("tictactoe").replacen(
        "sides = [\"cross\", \"nought\"]",
        &format!("sides = [{}]", sides.join(", ")),
        1,
    );
    t += "[regions]\n";
    for i in 0..n {
        t += &format!("r{i} = {{ select = \"all\" }}\n");
    }
    for i in 0..n {
        t += &format!("[[kind]]\nid = \"k{i}\"\ntokens = {{ s0 = \"T{i}\" }}\n");
    }
    let e = errors_of("tictactoe", &t);
    for says in [
        "`sides`: 1 to 4 side ids in turn order (found 500)",
        "at most 64 regions",
        "at most 16 `[[kind]]`",
    ] {
        let found = e.iter().filter(|e| e.contains(says)).count();
        assert_eq!(found, 1, "{says}: {:#?}", &e[..e.len().min(5)]);
    }
}

#[test]
fn directions_are_the_grid_s() {
    // Hex cells point up unless told otherwise: no `north` on them.
    let e = refused(
        "hex",
        "place = \"empty\"",
        "step = [\"east\", \"north\"]",
        "\"north\"",
        "`north` is not a direction of a pointy hex grid",
    );
    assert!(
        e.contains("east, north-east, north-west, west, south-west, south-east"),
        "{e}"
    );
    // Flat cells have a north but no east.
    let flat = "shape = \"parallelogram\"\norientation = \"flat\"";
    let bad = text("hex").replacen("shape = \"parallelogram\"", flat, 1);
    rules_of("hex", &bad);
    let bad = bad.replacen("place = \"empty\"", "step = [\"north\", \"east\"]", 1);
    let errors = errors_of("hex", &bad);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].starts_with(&place("hex", &bad, "\"east\"", 0)));
    assert!(errors[0].contains("`east` is not a direction of a flat hex grid"));
    // Groups and side-relative directions the grid lacks.
    refused(
        "breakthrough",
        "step = \"forward\"",
        "step = \"hex\"",
        "\"hex\"",
        "`hex` is not a direction of a square grid",
    );
    refused(
        "draughts",
        "hop = \"diagonal\"",
        "hop = [\"diagonal\", \"hex\"]",
        "\"hex\"",
        "`hex` is not a direction of a square grid",
    );
    // A side's forward must be the grid's too.
    let sides = "sides = [\"red\", \"blue\"]";
    let (_, with_forward) = after(
        "hex",
        sides,
        &format!("{sides}\nforward = {{ red = \"north-east\", blue = \"north\" }}"),
    );
    let bad = with_forward.replacen("place = \"empty\"", "step = \"forward-left\"", 1);
    let errors = errors_of("hex", &bad);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].starts_with(&place("hex", &bad, "\"north\"", 0)));
    assert!(errors[0].contains("`north` is not a direction of a pointy hex grid"));
}

#[test]
fn region_cells_are_on_the_board() {
    refused(
        "breakthrough",
        "ranks = [8]",
        "ranks = [9]",
        "9",
        "rank 9 is not on the board (ranks 1 to 8)",
    );
    refused(
        "breakthrough",
        "black = { ranks = [1] }",
        "black = { files = [\"a\", \"i\"] }",
        "\"i\"",
        "file `i` is not on the board",
    );
    refused(
        "breakthrough",
        "black = { ranks = [1] }",
        "black = { cells = [\"a1\", \"a9\"] }",
        "\"a9\"",
        "no cell `a9` on the board",
    );
    refused(
        "hex",
        "top = { role = \"top\" }",
        "top = { select = \"dark\" }",
        "\"dark\"",
        "`dark` is for checkered square boards",
    );
    // Hex rows and columns are named as the board names its cells.
    let t = text("hex").replacen(
        "top = { role = \"top\" }",
        "top = { ranks = [11] }\nedge = { files = [\"k\"] }",
        1,
    );
    rules_of("hex", &t);
}

#[test]
fn the_start_board_is_the_board_s() {
    let row = "W W W W W W W W\n";
    refused(
        "breakthrough",
        &format!("{row}{row}\"\"\""),
        &format!("{row}\"\"\""),
        "\"\"\"\nB B",
        "`board`: expected 8 rows, found 7",
    );
    refused(
        "breakthrough",
        &format!("{row}{row}\"\"\""),
        &format!("{row}W W W W W W W\n\"\"\""),
        "W W W W W W W\n\"\"\"",
        "`board` row 8: expected 8 tokens, found 7",
    );
    refused(
        "breakthrough",
        "B B B B B B B B\n. . .",
        "B B B B B B B X\n. . .",
        "X",
        "`board`: unknown token `X` (expected `.` or one of the kinds' tokens: W, B)",
    );
    refused(
        "breakthrough",
        ". . . . . . . .\nW W",
        ". . . . . . . W\nW W",
        "\"\"\"\nB B",
        "`board` has 17 of white's `pawn`, more than its `max` of 16",
    );
    // A `max` may name a `[rules]` parameter: the board is held to its value.
    let t = text("breakthrough").replacen("max = 16", "max = \"pawns\"", 1);
    let r = rules_of(
        "breakthrough",
        &t.replacen("[turns]", "[rules]\npawns = 16\n[turns]", 1),
    );
    assert_eq!(r.kinds[0].max, vec![Some(Count::Param("pawns".into())); 2]);
    assert_eq!(r.params_used, ["pawns"]);
    let bad = t.replacen("[turns]", "[rules]\npawns = 15\n[turns]", 1);
    let e = errors_of("breakthrough", &bad);
    assert_eq!(e.len(), 2, "{e:#?}"); // white's and black's
    assert!(
        e[0].contains("16 of white's `pawn`, more than its `max` of 15"),
        "{}",
        e[0]
    );
}

#[test]
fn triangle_boards_have_no_lines() {
    let square = "grid = \"square\"\ncols = 3\nrows = 3";
    let (errors, tri) = after(
        "tictactoe",
        square,
        "grid = \"triangles\"\nside = 2\nborder = [\"plain\"]",
    );
    // Only `line` is refused: a triangle board has no straight lines of cells.
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].starts_with(&place("tictactoe", &tri, "3\nresult = \"win\"", 0)));
    assert!(errors[0].contains("no straight lines"), "{}", errors[0]);
    let stepping = tri.replacen("place = \"empty\"", "step = \"adjacent\"", 1);
    assert_eq!(errors_of("tictactoe", &stepping).len(), errors.len());
    // Without the line, `adjacent` is built as the one direction; a `leap` has no offsets.
    let plain = stepping.replacen(
        "line = 3\nresult = \"win\"",
        "plies = 9\nresult = \"draw\"",
        1,
    );
    let r = rules_of("tictactoe", &plain);
    assert_eq!(r.moves[0].what, What::Step(vec![vec![ADJACENT]; 2]));
    let bad = plain.replacen("step = \"adjacent\"", "leap = [[1, 2]]", 1);
    let e = errors_of("tictactoe", &bad);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(
        e[0].starts_with(&place("tictactoe", &bad, "[[1, 2]]", 0)),
        "{}",
        e[0]
    );
    assert!(e[0].contains("triangle boards have no offsets"), "{}", e[0]);
    for (key, value) in [
        ("flip", "\"enclosed\""),
        ("custodial", "{ with = \"friend\" }"),
    ] {
        let bad = plain.replacen(
            "step = \"adjacent\"",
            &format!("place = \"empty\"\n{key} = {value}"),
            1,
        );
        let e = errors_of("tictactoe", &bad);
        assert_eq!(e.len(), 1, "{e:#?}");
        assert!(
            e[0].starts_with(&place("tictactoe", &bad, value, 0)),
            "{}",
            e[0]
        );
        assert!(
            e[0].contains(&format!("`{key}`: triangle boards have no straight lines")),
            "{}",
            e[0]
        );
    }
    for (to, needle) in [
        ("step = [\"adjacent\", \"north\"]", "\"north\""),
        ("slide = \"adjacent\"", "\"adjacent\""),
    ] {
        let bad = tri.replacen("place = \"empty\"", to, 1);
        let e = errors_of("tictactoe", &bad);
        let at = place("tictactoe", &bad, needle, 0);
        assert!(
            e.iter()
                .any(|e| e.starts_with(&at) && e.contains("use `adjacent`")),
            "{to}: {e:#?}"
        );
    }
}

/// A notation names one move: two rules that can write the same text for different moves, for
/// the same side in the same phase, are refused at the later one's action. Connect Four with a
/// second drop north writes `a` for a disc landing on a1 and for one landing on a6; two
/// placements of different kinds write `c4` for either. Rules of different sides, or of
/// different phases, never meet in one position: they stay.
#[test]
fn two_rules_that_write_one_notation_for_different_moves_are_refused() {
    let e = refused(
        "connect4",
        "drop = \"south\"",
        "drop = \"south\"\n[[move]]\ndrop = \"north\"",
        "\"north\"",
        "`move-2` writes its moves as `move-1` does",
    );
    assert!(e.contains("a notation must name one move"), "{e}");
    // One drop per side, each falling its own way: a side's moves still have one notation each.
    rules_of(
        "connect4",
        &text("connect4").replacen(
            "drop = \"south\"",
            "drop = \"south\"\nside = \"red\"\n[[move]]\ndrop = \"north\"\nside = \"yellow\"",
            1,
        ),
    );
    // Two kinds placed on any empty cell: `c4` would name either.
    let two_kinds = "[[kind]]\nid = \"big\"\ntokens = { cross = \"B\", nought = \"b\" }\n[[move]]\nplace = \"empty\"\npiece = \"mark\"\n[[move]]\nplace = \"empty\"\npiece = \"big\"";
    let (e, bad) = after("tictactoe", "[[move]]\nplace = \"empty\"", two_kinds);
    assert_eq!(e.len(), 1, "{e:#?}");
    let at = place("tictactoe", &bad, "\"empty\"", 1);
    assert!(e[0].starts_with(&at), "want {at}, got {}", e[0]);
    assert!(
        e[0].contains("`move-2` writes its moves as `move-1` does")
            && e[0].contains("a notation must name one move"),
        "{}",
        e[0]
    );
    // The same kinds placed in phases that never meet: one notation per position.
    let phased = two_kinds
        .replacen("\"mark\"\n", "\"mark\"\nphase = \"small\"\n", 1)
        .replacen("piece = \"big\"", "piece = \"big\"\nphase = \"large\"", 1);
    let phases = "[[phase]]\nid = \"small\"\nuntil = { plies = 4 }\n[[phase]]\nid = \"large\"\nuntil = { plies = 5 }\n[[end]]";
    let phased = text("tictactoe")
        .replacen("[[move]]\nplace = \"empty\"", &phased, 1)
        .replacen("[[end]]", phases, 1);
    rules_of("tictactoe", &phased);
    // A compulsory rule's moves are never listed beside another's.
    let compulsory = two_kinds.replacen("piece = \"big\"", "piece = \"big\"\ncompulsory = true", 1);
    rules_of(
        "tictactoe",
        &text("tictactoe").replacen("[[move]]\nplace = \"empty\"", &compulsory, 1),
    );
}

/// A kind's `max` may give each side its own count: tic-tac-toe's crosses play first, so 5
/// crosses and 4 noughts fill the grid. Every side needs its count, each within range.
#[test]
fn a_kind_s_max_may_differ_by_side() {
    let table = "max = { cross = 5, nought = 4 }";
    let t = text("tictactoe").replacen(
        "tokens = { cross = \"X\", nought = \"O\" }",
        &format!("tokens = {{ cross = \"X\", nought = \"O\" }}\n{table}"),
        1,
    );
    let r = rules_of("tictactoe", &t);
    assert_eq!(
        r.kinds[0].max,
        [Some(Count::Fixed(5)), Some(Count::Fixed(4))]
    );
    assert_eq!(t.matches(table).count(), 1);
    for (with, says) in [
        ("max = { cross = 5 }", "`max` has no count for `nought`"),
        ("max = { cross = 5, nought = 0 }", "`max` out of range"),
        ("max = { cross = 5, nought = 4, ring = 2 }", "`ring`"),
    ] {
        let e = errors_of("tictactoe", &t.replacen(table, with, 1));
        assert!(e.iter().any(|m| m.contains(says)), "{with}: {e:#?}");
    }
    // One count still holds for every side.
    let r = rules_of("tictactoe", &t.replacen(table, "max = 5", 1));
    assert_eq!(r.kinds[0].max, vec![Some(Count::Fixed(5)); 2]);
}
