//! Edges of the declared engine found by a hostile run, each held here: pieces a flip makes
//! more of than a kind's `max` (the limit is the supply placed, not a cap on the board); a line
//! made by a flip away from the placed disc ends the game; a start whose pieces float in a game
//! where they fall is refused.

use crate::common;
use crate::common::declared;

use declared::{game_of, text};
use ludopress::rules::declared::Declared;
use ludopress::rules::rng::Rng;
use ludopress::rules::{self, RawPosition, Rules};

fn engine(game: &str, from: &str, to: &str) -> Declared {
    let t = text(game);
    assert!(t.contains(from), "`{from}`");
    Declared::new(&game_of(game, &t.replacen(from, to, 1))).unwrap()
}

fn position(r: &Declared, text: &str) -> <Declared as Rules>::Pos {
    let src = ludopress::base::diag::Source::new("p.toml", text);
    let mut raw = RawPosition::parse(src).unwrap();
    raw.game(&[]).unwrap();
    let p = r.parse(&mut raw);
    raw.finish(r.keys()).unwrap();
    p.unwrap()
}

/// Reversi with `max = 32` a side: random games keep their invariants although a side's discs
/// pass 32 by flips (the `max` bounds what is placed).
#[test]
fn a_flip_may_pass_a_kind_s_max() {
    let r = engine(
        "reversi",
        "tokens = { black = \"B\", white = \"W\" }",
        "tokens = { black = \"B\", white = \"W\" }\nmax = 32",
    );
    let (mut rng, mut buf) = (Rng::new(3), Vec::new());
    let mut most = 0;
    for g in 0..40 {
        let mut p = r.start(g);
        while let Some(q) = rules::random_ply(&r, &p, &mut rng, &mut buf) {
            r.invariants(&q).unwrap();
            most = most.max(r.score(&q).scores.iter().map(|s| s.1).max().unwrap());
            p = q;
        }
    }
    assert!(most > 32, "{most}");
}

/// Reversi with an end `line = 4`: white's d3 turns c2 over (closed by b1), which makes the row
/// a2-d2 white. The row does not pass through d3: the game is over all the same.
#[test]
fn a_line_made_by_a_flip_ends_the_game() {
    let r = engine(
        "reversi",
        "[[end]]",
        "[[end]]\nline = 4\nresult = \"win\"\n[[end]]",
    );
    let p = position(
        &r,
        "game = \"reversi\"\nto_move = \"white\"\nboard = \"\"\"\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nW W B W . . . .\n. W . . . . . .\n\"\"\"\n",
    );
    assert!(!r.score(&p).over);
    let q = r.find_move(&p, "d3").expect("d3 turns c2");
    let s = r.score(&q);
    assert_eq!((s.over, s.winner.as_deref()), (true, Some("white")));
    r.invariants(&q).unwrap();
}

/// Connect Four whose start has a disc in the air: refused when the engine is built.
#[test]
fn a_floating_start_is_refused() {
    let t = text("connect4").replacen(
        "[[move]]",
        "[start]\nboard = \"\"\"\n. . . . . . .\n. . . . . . .\n. . . R . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n\"\"\"\n[[move]]",
        1,
    );
    let e = Declared::new(&game_of("connect4", &t))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the piece on d4 floats: d3 under it is empty"),
        "{e}"
    );
}

/// Draughts whose draw by 80 quiet plies becomes a draw by the third repetition (with a
/// `no_progress = 64` end, as the format requires): two kings going back and forth draw at the
/// eighth ply, when the start comes round the third time, not before. The positions written in
/// between carry what they have seen and read back the same; a `seen` longer than `quiet`, or
/// not a key, is refused at its place.
#[test]
fn the_third_repetition_draws() {
    let r = engine(
        "draughts",
        "no_progress = 80               # 40 moves each with kings only, no capture: a draw",
        "repetition = 3\nby = [\"man\"]\nresult = \"draw\"\n[[end]]\nno_progress = 64",
    );
    assert!(r.keys().contains(&"seen"), "{:?}", r.keys());
    let start = "game = \"draughts\"\nto_move = \"dark\"\nquiet = 0\nboard = \"\"\"\n. . . . . . . W\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nB . . . . . . .\n\"\"\"\n";
    let mut p = position(&r, start);
    let shuffle = ["a1-b2", "h8-g7", "b2-a1", "g7-h8"];
    for (i, m) in shuffle.iter().cycle().take(8).enumerate() {
        assert!(!r.score(&p).over, "over before ply {}", i + 1);
        p = r.find_move(&p, m).unwrap_or_else(|| panic!("{m}"));
        r.invariants(&p).unwrap();
        // What a position file writes of it reads back as the same position.
        let written = rules::to_toml("draughts", &r.fields(&p));
        assert_eq!(position(&r, &written), p, "{written}");
        if i == 3 {
            assert!(written.contains("seen = ["), "{written}");
        }
    }
    let s = r.score(&p);
    assert_eq!((s.over, s.winner.as_deref()), (true, Some("draw")));
    // A man's step is progress: it forgets what was seen, so the dance starts again from one.
    let with_man = start.replacen(
        ". . . . . . . .\n. . . . . . . .\nB",
        ". . b . . . . .\n. . . . . . . .\nB",
        1,
    );
    let mut p = position(&r, &with_man);
    for m in shuffle {
        p = r.find_move(&p, m).unwrap();
    }
    assert_eq!((p.seen.len(), p.quiet), (4, 4));
    p = r.find_move(&p, "c3-d4").expect("c3-d4");
    assert_eq!((p.seen.len(), p.quiet), (0, 0));
    for m in [
        "h8-g7", "a1-b2", "g7-h8", "b2-a1", "h8-g7", "a1-b2", "g7-h8",
    ] {
        assert!(!r.score(&p).over, "{m}");
        p = r.find_move(&p, m).unwrap();
    }
    assert!(!r.score(&p).over);
    p = r.find_move(&p, "b2-a1").unwrap();
    assert_eq!(r.score(&p).winner.as_deref(), Some("draw"));
    // Refusals, at the key.
    for (seen, why) in [
        (
            "quiet = 0\nseen = [\"00000000000000ab\"]",
            "`seen` holds 1 positions, more than the 0 plies",
        ),
        (
            "quiet = 2\nseen = [\"xyz\"]",
            "`seen`: `xyz` is not a position key",
        ),
    ] {
        let text = start.replacen("quiet = 0", seen, 1);
        let src = ludopress::base::diag::Source::new("p.toml", &text);
        let mut raw = RawPosition::parse(src).unwrap();
        raw.game(&[]).unwrap();
        assert!(r.parse(&mut raw).is_none(), "{seen}");
        let e = raw.finish(r.keys()).unwrap_err().to_string();
        assert!(e.contains(why) && e.contains("p.toml:4:"), "{e}");
    }
}

/// Draughts whose king hops over any piece without taking it: around four men, every chain
/// comes back to where it began, which would be a pass in disguise. It is no move, so the
/// king, which must hop when it can, steps instead.
#[test]
fn a_chain_that_takes_nothing_and_comes_back_is_no_move() {
    let r = engine(
        "draughts",
        "hop = \"diagonal\"\nover = \"enemy\"\ncapture = true",
        "hop = \"diagonal\"\nover = \"any\"\nmax_hops = 4\ncapture = false",
    );
    let p = position(
        &r,
        "game = \"draughts\"\nto_move = \"dark\"\nquiet = 0\nboard = \"\"\"\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . w . w . .\n. . B . . . . .\n. . . w . w . .\n. . . . . . . .\n\"\"\"\n",
    );
    let mut moves: Vec<String> = r.moves(&p).into_iter().map(|(m, _)| m).collect();
    moves.sort();
    assert_eq!(moves, ["c3-b2", "c3-b4"]);
    // One man fewer and the chain ends away from its start: a move, and the only one.
    let q = position(
        &r,
        "game = \"draughts\"\nto_move = \"dark\"\nquiet = 0\nboard = \"\"\"\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . w . w . .\n. . B . . . . .\n. . . . . w . .\n. . . . . . . .\n\"\"\"\n",
    );
    let moves: Vec<String> = r.moves(&q).into_iter().map(|(m, _)| m).collect();
    assert_eq!(moves, ["c3-e5-g3-e1"]);
}

/// Every shipped declared game, in random games: at every position each move's notation names
/// that move alone and reads back as it (the invariants hold that for every move kind), with
/// the other invariants.
#[test]
fn every_declared_game_s_notation_names_one_move() {
    let declared = ludopress::rules::registry::GAMES
        .iter()
        .filter(|g| g.contract.is_none());
    let mut checked = 0;
    for g in declared {
        let r = Declared::new(&common::game(g.id)).unwrap();
        let (mut rng, mut buf) = (Rng::new(11), Vec::new());
        for seed in 0..3 {
            let mut p = r.start(seed);
            for _ in 0..120 {
                r.invariants(&p)
                    .unwrap_or_else(|e| panic!("{}: {e}\n{p:?}", g.id));
                checked += 1;
                match rules::random_ply(&r, &p, &mut rng, &mut buf) {
                    Some(q) => p = q,
                    None => break,
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} positions");
}

/// Every position that random games reach, written as a file, reads back as itself: the
/// checks that refuse positions no game reaches (counts of the turns, two winners, a game over
/// before its last ply) refuse none that play gives. The shipped declared games, and
/// tic-tac-toe played two marks a turn (one on the first), whose positions write `left`.
#[test]
fn every_position_reached_in_play_reads_back() {
    let mut games: Vec<(String, Declared)> = ludopress::rules::registry::GAMES
        .iter()
        .filter(|g| g.contract.is_none())
        .map(|g| {
            (
                g.id.to_string(),
                Declared::new(&common::game(g.id)).unwrap(),
            )
        })
        .collect();
    let two = engine(
        "tictactoe",
        "sides = [\"cross\", \"nought\"]",
        "sides = [\"cross\", \"nought\"]\nactions = 2\nfirst = 1",
    );
    games.push(("tictactoe".into(), two));
    let mut read = 0;
    for (id, r) in &games {
        let (mut rng, mut buf) = (Rng::new(5), Vec::new());
        for seed in 0..4 {
            let mut p = r.start(seed);
            for _ in 0..100 {
                let written = rules::to_toml(id, &r.fields(&p));
                let src = ludopress::base::diag::Source::new("p.toml", &written);
                let mut raw = RawPosition::parse(src).unwrap();
                raw.game(&[]).unwrap();
                let back = r.parse(&mut raw);
                if let Err(e) = raw.finish(r.keys()) {
                    panic!("{id}: {e}\n{written}");
                }
                assert_eq!(back.as_ref(), Some(&p), "{id}: {written}");
                read += 1;
                match rules::random_ply(r, &p, &mut rng, &mut buf) {
                    Some(q) => p = q,
                    None => break,
                }
            }
        }
    }
    assert!(read > 1000, "{read} positions");
}

/// An exact line left behind by a piece moving out of a longer one ends nothing (a line counts
/// through the cell moved to): a position where the side that did not move last has it is
/// reached in play, and read without being refused as over before its last ply.
#[test]
fn an_exact_line_left_by_a_move_is_no_end_before_the_last_ply() {
    let t = "[game]\nid = \"rows\"\ntitle = \"Rows\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n[[board]]\nid = \"board\"\nname = \"Board\"\ngrid = \"square\"\ncols = 4\nrows = 3\ncell = 20.0\nfill = \"cream\"\nline = \"ink\"\nframe = \"ink\"\n\n[turns]\nsides = [\"cross\", \"nought\"]\n[[kind]]\nid = \"mark\"\ntokens = { cross = \"X\", nought = \"O\" }\n[[move]]\nstep = \"orthogonal\"\n[[end]]\nline = 3\nexact = true\nresult = \"win\"\n[[end]]\nno_moves = true\nresult = \"loss\"\n[start]\nboard = \"\"\"\nX X X X\n. . . .\nO . . O\n\"\"\"\n";
    let r = Declared::new(&game_of("rows", t)).unwrap();
    let mut p = r.start(0);
    for m in ["d3-d2", "a1-b1"] {
        p = r.find_move(&p, m).unwrap_or_else(|| panic!("{m}"));
        assert!(!r.score(&p).over, "{m}");
    }
    let written = rules::to_toml("rows", &r.fields(&p));
    assert!(written.contains("X X X ."), "{written}");
    // Read without refusal, the same board and turn. (Its verdict differs: a board read from a
    // file does not say which cell was moved to, so its line counts; left as it was.)
    let back = position(&r, &written);
    assert_eq!((back.board, back.to_move), (p.board, p.to_move));
}
