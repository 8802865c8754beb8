//! Declared rules built: the six games of the design give a `RulesDef` with every name
//! resolved to its index, directions per side as indices of `geometry::dirs`, regions per side
//! and the defaults of the format filled in.

use crate::common::declared;

use declared::{game_of, rules_of, text, GAMES};
use ludopress::definition::model::rules::{Cond, Count, Outcome, Pass, Promote, Target, What};
use ludopress::geometry::dirs;

#[test]
fn the_six_games_are_built() {
    for g in GAMES {
        let r = rules_of(g, &text(g));
        assert!(!r.sides.is_empty() && !r.moves.is_empty(), "{g}");
        assert!(
            r.ends.iter().any(|e| e.cond == Cond::NoMoves),
            "{g}: no_moves"
        );
    }
}

#[test]
fn breakthrough_is_built_with_its_regions_and_directions_per_side() {
    let t = text("breakthrough");
    let game = game_of("breakthrough", &t);
    let grid = &game.boards[0].grid;
    let r = game.rules.expect("rules");
    assert_eq!(r.sides, ["white", "black"]);
    assert_eq!(r.words, [vec!["white"], vec!["black"]]);
    assert_eq!(
        (r.pass, &r.actions, &r.first),
        (Pass::Never, &Count::Fixed(1), &Count::Fixed(1))
    );
    let rank = |n: u32| -> Vec<usize> {
        let mut v: Vec<usize> = ('a'..='h')
            .map(|f| grid.parse(&format!("{f}{n}")).unwrap())
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(r.regions.len(), 1);
    assert_eq!(r.regions[0].name, "goal");
    assert_eq!(r.regions[0].cells, [rank(8), rank(1)]);
    assert_eq!(r.kinds.len(), 1);
    assert_eq!(r.kinds[0].tokens, ["W", "B"]);
    assert_eq!(
        r.kinds[0].max,
        [Some(Count::Fixed(16)), Some(Count::Fixed(16))]
    );
    let d = |name: &str| dirs::parse(grid, name).unwrap() as u8;
    let sorted = |mut v: Vec<u8>| {
        v.sort_unstable();
        v
    };
    assert_eq!(
        r.moves[0].what,
        What::Step(vec![vec![d("north")], vec![d("south")]])
    );
    assert_eq!(
        r.moves[1].what,
        What::Step(vec![
            sorted(vec![d("north-east"), d("north-west")]),
            sorted(vec![d("south-west"), d("south-east")]),
        ])
    );
    // Defaults: ids by position, the only kind, every side, `to` empty unless written.
    assert_eq!(
        (r.moves[0].id.as_str(), r.moves[1].id.as_str()),
        ("move-1", "move-2")
    );
    assert_eq!(
        (r.moves[0].to, r.moves[1].to),
        (Target::Empty, Target::EmptyOrEnemy)
    );
    assert_eq!(
        (r.moves[0].over, &r.moves[0].pieces, &r.moves[0].sides),
        (Target::Any, &vec![0], &vec![0, 1])
    );
    assert_eq!(r.ends.len(), 3);
    assert_eq!(
        (&r.ends[0].cond, r.ends[0].result),
        (&Cond::Reach(0), Outcome::Win)
    );
    assert_eq!(
        (&r.ends[1].cond, r.ends[1].result),
        (&Cond::NoPieces, Outcome::Loss)
    );
    assert_eq!(r.start.to_move, 0);
    let (board, at) = r.start.board.as_ref().expect("start board");
    assert!(board.starts_with("B B B B B B B B\n"), "{board}");
    assert!(t[at.clone()].contains(board.as_str()));
    assert_eq!(r.start.hand, None);
    assert!(r.params_used.is_empty());
    // `[start] to_move` and `[turns] words` are read.
    let t = t.replacen("to_move = \"white\"", "to_move = \"black\"", 1);
    let t = t.replacen(
        "[regions]",
        "words = { black = [\"noir\", \"noirs\"] }\n[regions]",
        1,
    );
    let r = rules_of("breakthrough", &t);
    assert_eq!(r.start.to_move, 1);
    assert_eq!(r.words, [vec!["white"], vec!["black", "noir", "noirs"]]);
}

#[test]
fn tictactoe_and_draughts_are_built() {
    let r = rules_of("tictactoe", &text("tictactoe"));
    assert_eq!(r.moves[0].what, What::Place);
    assert_eq!(
        r.ends[0].cond,
        Cond::Line {
            n: Count::Fixed(3),
            exact: false,
            dirs: vec![]
        }
    );
    assert_eq!(
        (&r.ends[1].cond, r.ends[1].result),
        (&Cond::NoMoves, Outcome::Draw)
    );
    let game = game_of("draughts", &text("draughts"));
    let grid = &game.boards[0].grid;
    let r = game.rules.expect("rules");
    let d = |name: &str| dirs::parse(grid, name).unwrap() as u8;
    assert_eq!(
        r.kinds[0].promote,
        Some(Promote {
            to: 1,
            region: 0,
            ends_move: true
        })
    );
    let jump = &r.moves[0];
    assert_eq!(jump.id, "man-jump");
    assert_eq!(jump.pieces, [0]);
    assert!(jump.chain && jump.capture && jump.compulsory && !jump.longest);
    assert_eq!(jump.over, Target::Enemy);
    let mut dark = vec![d("north-east"), d("north-west")];
    dark.sort_unstable();
    let mut light = vec![d("south-east"), d("south-west")];
    light.sort_unstable();
    assert_eq!(jump.what, What::Hop(vec![dark, light]));
    let king = &r.moves[1];
    assert_eq!(king.pieces, [1]);
    let mut diagonal = vec![
        d("north-east"),
        d("north-west"),
        d("south-east"),
        d("south-west"),
    ];
    diagonal.sort_unstable();
    assert_eq!(king.what, What::Hop(vec![diagonal.clone(), diagonal]));
    assert!(!r.moves[2].compulsory && !r.moves[2].chain);
    assert_eq!(r.moves[2].id, "move-3");
    assert_eq!(
        r.ends[1].cond,
        Cond::NoProgress {
            n: Count::Fixed(80),
            by: vec![0]
        }
    );
}

/// `mirror` gives each leap's images by the grid's symmetries: the eight knight moves on a
/// square board, and on a hex board the twelve turns and reflections of the axial offset (the
/// six cells two steps away between two directions from `[1, 1]`; the six straight two-step
/// cells from `[2, 0]`), never a sign flip of one axial coordinate, which is no hex symmetry.
#[test]
fn mirror_follows_the_grid_s_symmetries() {
    use ludopress::definition::model::rules::What;
    let leaps = |game: &str, from: &str, offsets: &str| -> Vec<(i32, i32)> {
        let t = text(game).replacen(
            from,
            &format!("{from}\n[[move]]\nleap = {offsets}\nmirror = true"),
            1,
        );
        let r = rules_of(game, &t);
        r.moves
            .iter()
            .find_map(|m| match &m.what {
                What::Leap(o) => Some(o.clone()),
                _ => None,
            })
            .expect("the leap")
    };
    let knight = leaps("breakthrough", "step = \"forward\"", "[[1, 2]]");
    assert_eq!(knight.len(), 8, "{knight:?}");
    assert!(knight.iter().all(|&(x, y)| x.abs() * y.abs() == 2));
    // Hex distance of an axial offset: the largest of |q|, |r|, |q + r|.
    let dist = |(q, r): (i32, i32)| q.abs().max(r.abs()).max((q + r).abs());
    let between = leaps("hex", "place = \"empty\"", "[[1, 1]]");
    let mut expected = vec![(1, 1), (-1, -1), (1, -2), (-1, 2), (-2, 1), (2, -1)];
    expected.sort();
    assert_eq!(between, expected);
    let straight = leaps("hex", "place = \"empty\"", "[[2, 0]]");
    assert_eq!(straight.len(), 6, "{straight:?}");
    assert!(straight
        .iter()
        .all(|&o| dist(o) == 2 && (o.0 == 0 || o.1 == 0 || o.0 == -o.1)));
    assert!(between.iter().all(|&o| dist(o) == 2));
}
