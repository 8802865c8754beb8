//! Ends on a count (`[[end]] pieces = N`, `kind = ...`) and ends on a kind judged only for the
//! sides that have it, on a small fox-and-geese game whose perft was counted without ludopress
//! (`tests/fixtures/declared/independent/fox_count.py`).

use crate::common::declared::{board, errors_of, game_of};
use ludopress::rules::declared::Declared;
use ludopress::rules::rng::Rng;
use ludopress::rules::{self, Rules};

/// The fox takes geese by stepping onto them; the geese lose when one goose or none is left.
const FOX: &str = r#"
[turns]
sides = ["fox", "geese"]
[[kind]]
id = "fox"
tokens = { fox = "F", geese = "f" }
[[kind]]
id = "goose"
tokens = { fox = "g", geese = "G" }
[[move]]
piece = "fox"
step = "orthogonal"
to = "empty-or-enemy"
[[move]]
piece = "goose"
step = "orthogonal"
[[end]]
pieces = 1
kind = "goose"
result = "loss"
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

fn text(rules: &str) -> String {
    format!(
        "[game]\nid = \"fox\"\ntitle = \"fox\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n{}\n{rules}",
        board("tictactoe")
    )
}

fn engine(rules: &str) -> Declared {
    Declared::new(&game_of("fox", &text(rules))).unwrap()
}

/// `fox_count.py`'s counts, depths 1 to 6.
const PERFT: [u64; 6] = [3, 8, 20, 102, 306, 1276];

/// The rules' perft from their start equals `fox_count.py`'s to `depth`.
fn assert_counts(r: &Declared, depth: usize) {
    let p = r.start(0);
    for (d, &n) in PERFT.iter().enumerate().take(depth) {
        assert_eq!(rules::perft(r, &p, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn a_count_end_on_a_kind_matches_an_independent_perft() {
    let r = engine(FOX);
    let p = r.start(0);
    // The fox has no goose, and is not judged by the geese's end: the start is going.
    assert!(!r.score(&p).over);
    assert_counts(&r, 6);
}

#[test]
fn the_count_end_gives_the_fox_the_game_and_moves_read_back() {
    let r = engine(FOX);
    let (mut rng, mut buf) = (Rng::new(5), Vec::new());
    let mut fox_wins = 0;
    for g in 0..60 {
        let mut p = r.start(g);
        while let Some(q) = rules::random_ply(&r, &p, &mut rng, &mut buf) {
            // Every written move leads back to its successor.
            for (m, s) in r.moves(&p) {
                assert_eq!(r.find_move(&p, &m).as_ref(), Some(&s), "{m}");
            }
            p = q;
        }
        let s = r.score(&p);
        assert!(s.over);
        // Games the count ended: the fox's, with one goose or none left.
        let geese = s.scores.iter().find(|x| x.0 == "geese").unwrap().1;
        if geese <= 1 {
            assert_eq!(s.winner.as_deref(), Some("fox"));
            fox_wins += 1;
        }
    }
    assert!(fox_wins > 0, "the count never ended a game");
}

#[test]
fn a_captured_end_is_not_judged_for_a_side_without_the_kind() {
    // The geese have no fox: `captured = "fox"` is the fox's end only. Nobody takes the fox
    // here, so the counts stay those of the game without it.
    let with = FOX.replace(
        "[[end]]\nno_moves",
        "[[end]]\ncaptured = \"fox\"\nresult = \"loss\"\n[[end]]\nno_moves",
    );
    assert_ne!(with, FOX);
    let r = engine(&with);
    let p = r.start(0);
    assert!(!r.score(&p).over);
    assert_counts(&r, 5);
}

#[test]
fn count_ends_are_checked_at_their_place() {
    let bad = text(&FOX.replace("pieces = 1", "pieces = 1000"));
    let line = 1 + bad.lines().position(|l| l == "pieces = 1000").unwrap();
    let e = errors_of("fox", &bad);
    assert!(
        e.iter().any(|e| e.contains(&format!("game.toml:{line}:"))
            && e.contains("`pieces` out of range: expected 0 to 256, found 1000")),
        "{e:?}"
    );
    let stray = FOX.replace("no_moves = true\n", "no_moves = true\nkind = \"fox\"\n");
    let e = errors_of("fox", &text(&stray));
    assert!(
        e.iter().any(|e| e.contains("`kind` is for `pieces`")),
        "{e:?}"
    );
    let unknown = FOX.replace("kind = \"goose\"", "kind = \"swan\"");
    let e = errors_of("fox", &text(&unknown));
    assert!(e.iter().any(|e| e.contains("swan")), "{e:?}");
}

#[test]
fn an_end_for_one_side_is_judged_for_that_side_only() {
    // Without `kind`, `pieces = 1` holds for the fox (one piece) from the start.
    let any = FOX.replace("kind = \"goose\"\n", "");
    match Declared::new(&game_of("fox", &text(&any))) {
        Ok(_) => panic!("a start that is over was accepted"),
        Err(e) => assert!(e.to_string().contains("already over"), "{e}"),
    }
    // For the geese only, it is the game of the independent count again.
    let geese = FOX.replace("kind = \"goose\"\n", "side = \"geese\"\n");
    assert_counts(&engine(&geese), 6);
    // `side` is for the ends that have a subject, and names a side.
    let stray = FOX.replace("no_moves = true\n", "no_moves = true\nside = \"fox\"\n");
    let e = errors_of("fox", &text(&stray));
    assert!(
        e.iter().any(|e| e.contains(
            "`side` is for `reach`, `no_pieces`, `captured`, `pieces`, `line` and `connect`"
        )),
        "{e:?}"
    );
    let unknown = FOX.replace("kind = \"goose\"\n", "side = \"swans\"\n");
    let e = errors_of("fox", &text(&unknown));
    assert!(e.iter().any(|e| e.contains("swans")), "{e:?}");
}

/// The game of a project (not shipped with ludopress) through the position commands: `new`,
/// `moves`, `perft`, `score`, `diagram`, and `play`, where a move typed as `moves` writes it is
/// recorded and replays.
#[test]
fn a_project_s_own_declared_game_plays_through_every_position_command() {
    // The pieces `diagram` draws the tokens as.
    let drawn = "[[piece]]\nid = \"fox-pawn\"\nname = { fr = \"Renard\", en = \"Fox\" }\nshape = \"disc\"\nsize = 15.0\nfill = \"red\"\nline = \"ink\"\ncount = 1\n\n[[piece]]\nid = \"goose-pawn\"\nname = { fr = \"Oies\", en = \"Geese\" }\nshape = \"disc\"\nsize = 15.0\nfill = \"cream\"\nline = \"ink\"\ncount = 3\n\n[diagram]\ntokens = { F = \"fox-pawn\", f = \"fox-pawn\", G = \"goose-pawn\", g = \"goose-pawn\" }\n\n[turns]";
    let game = text(FOX)
        .replacen("id = \"fox\"", "id = \"cards\"", 1)
        .replacen("[turns]", drawn, 1);
    let root = crate::common::scratch_project("fox-commands", &game, &[]);
    let run = |args: &[&str], input: &str| {
        let o = crate::common::ludopress_in(&root, args, input);
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
    let p = pos.to_str().unwrap();
    let fox = engine(FOX);
    let written: Vec<String> = fox.moves(&fox.start(0)).into_iter().map(|m| m.0).collect();
    let moves = run(&["moves", p], "");
    for m in &written {
        assert!(moves.contains(m.as_str()), "`{m}` not in\n{moves}");
    }
    let perft = run(&["perft", p, "4"], "");
    assert!(perft.contains(&PERFT[3].to_string()), "{perft}");
    assert!(run(&["score", p], "").contains("not over"));
    let svg = root.join("start.svg");
    run(&["diagram", p, "--out", svg.to_str().unwrap()], "");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let record = root.join("r.toml");
    let r = record.to_str().unwrap();
    let typed = &written[0];
    run(
        &[
            "play",
            "cards",
            "--players",
            "human,random",
            "--seed",
            "1",
            "--record",
            r,
        ],
        &format!("{typed}\nquit\n"),
    );
    let kept = std::fs::read_to_string(&record).unwrap();
    assert!(kept.contains(&format!("\"{typed}\"")), "{kept}");
    run(&["moves", r], "");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_score_of_pieces_taken_ends_the_game_as_the_count_of_pieces_left() {
    // The fox wins on taking 2 geese (`[score] count = "taken"`, `score = 2`): the game of
    // `FOX`, whose geese lose with 1 goose left, said by the taker's score.
    let taken = FOX.replace(
        "[[end]]\npieces = 1\nkind = \"goose\"\nresult = \"loss\"\n",
        "[score]\ncount = \"taken\"\n[[end]]\nscore = 2\nresult = \"win\"\n",
    );
    assert_ne!(taken, FOX);
    let r = engine(&taken);
    assert_counts(&r, 6);
    // The position carries each side's takings; the score reads them.
    let p = r.start(0);
    let file = rules::to_toml(r.id(), &r.fields(&p));
    assert!(file.contains("taken = { fox = 0, geese = 0 }"), "{file}");
    let (mut rng, mut buf) = (Rng::new(3), Vec::new());
    let mut won = 0;
    for g in 0..40 {
        let mut p = r.start(g);
        while let Some(q) = rules::random_ply(&r, &p, &mut rng, &mut buf) {
            p = q;
        }
        let s = r.score(&p);
        let fox = s.scores.iter().find(|x| x.0 == "fox").unwrap().1;
        if s.winner.as_deref() == Some("fox") {
            assert_eq!(fox, 2, "{s:?}");
            won += 1;
        }
    }
    assert!(won > 0);
    let e = errors_of(
        "fox",
        &text(&taken.replace("count = \"taken\"", "count = \"gold\"")),
    );
    assert!(e.iter().any(|e| e.contains("gold")), "{e:?}");
}

#[test]
fn a_score_in_a_region_counts_the_side_s_pieces_there() {
    // Geese score their geese still on the top row; the fox its fox there.
    let scored = FOX.replace(
        "[[move]]\npiece = \"fox\"",
        "[regions]\ntop = { ranks = [3] }\n[score]\ncount = \"in-region\"\nin = \"top\"\n[[move]]\npiece = \"fox\"",
    );
    assert_ne!(scored, FOX);
    let r = engine(&scored);
    let (mut rng, mut buf) = (Rng::new(4), Vec::new());
    let mut p = r.start(0);
    let mut seen = std::collections::BTreeSet::new();
    while let Some(q) = rules::random_ply(&r, &p, &mut rng, &mut buf) {
        p = q;
        let board = rules::data(&r.fields(&p)).0;
        let rows = board.tokens();
        let top = &rows[0];
        let want = |t: &str| top.iter().filter(|x| **x == t).count() as i64;
        let s = r.score(&p);
        assert_eq!(
            s.scores,
            vec![("fox".into(), want("F")), ("geese".into(), want("G"))]
        );
        seen.insert(want("G"));
    }
    assert!(seen.len() > 1, "the geese's score never changed: {seen:?}");
}
