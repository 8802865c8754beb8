//! One test per clause of shared/spec/imbriqua.md, on hand-made positions, asserting exact
//! successor sets.

use crate::common;

use ludopress::rules::engine::{Engine, Position};
use std::collections::BTreeSet;

fn engine() -> Engine {
    common::engine("imbriqua")
}

/// A position from header lines and a board given as 8 rows (rank 8 first).
fn pos(header: &str, board: &str) -> Position {
    common::position("imbriqua", header, board)
}

fn moves(p: &Position) -> BTreeSet<String> {
    common::moves("imbriqua", p)
}

use common::set;

/// The TOML of the successor reached by `mv`.
fn after(p: &Position, mv: &str) -> String {
    let e = engine();
    e.to_toml(&common::reached(e.successor_moves(p), mv))
}

const EMPTY: &str =
    "........\n........\n........\n........\n........\n........\n........\n........";

fn board(pawns: &[(&str, char)]) -> String {
    common::board(&common::square_names(8, 8), pawns)
}

fn action(card: &str, extra: &str) -> String {
    let deck = if card == "double-jump-diag" {
        "step-orth"
    } else {
        "double-jump-diag"
    };
    format!(
        "to_move = \"light\"\nphase = \"action\"\ncard = \"{card}\"\ndeck = [\"{deck}\"]\n{extra}"
    )
}

#[test]
fn opening_places_anywhere_and_alternates() {
    let p = pos(
        "to_move = \"light\"\nphase = \"opening\"\nopening_left = 4\ndeck = [\"place-two\"]",
        EMPTY,
    );
    assert_eq!(moves(&p).len(), 64, "any empty cell, edge cells included");
    let t = after(&p, "a1");
    assert!(
        t.contains("to_move = \"dark\"")
            && t.contains("opening_left = 3")
            && t.contains("phase = \"opening\""),
        "{t}"
    );
    let last = pos(
        "to_move = \"dark\"\nphase = \"opening\"\nopening_left = 1\ndeck = [\"place-two\"]",
        &board(&[("d4", 'L')]),
    );
    assert_eq!(moves(&last).len(), 63);
    let t = after(&last, "h8");
    assert!(
        t.contains("phase = \"place\"")
            && t.contains("to_move = \"light\"")
            && !t.contains("opening_left"),
        "{t}"
    );
}

#[test]
fn placement_avoids_edge_cells_while_inner_cells_are_empty() {
    let p = pos(
        "to_move = \"light\"\ndeck = [\"step-orth\", \"place-two\"]",
        &board(&[("d4", 'L'), ("e5", 'D'), ("a1", 'L')]),
    );
    let m = moves(&p);
    assert_eq!(m.len(), 34, "36 inner cells, 2 taken");
    assert!(m.iter().all(|c| !c.starts_with('a')
        && !c.starts_with('h')
        && !c.ends_with('1')
        && !c.ends_with('8')));
    let t = after(&p, "c3");
    assert!(
        t.contains("phase = \"action\"")
            && t.contains("card = \"step-orth\"")
            && t.contains("last_placed = \"c3\""),
        "{t}"
    );
    assert!(
        t.contains("deck = [\"place-two\"]") && t.contains("to_move = \"light\""),
        "{t}"
    );
}

#[test]
fn placement_on_the_edge_when_no_inner_cell_is_empty() {
    let inner: Vec<String> = (b'b'..=b'g')
        .flat_map(|f| (2..=7).map(move |r| format!("{}{r}", f as char)))
        .collect();
    let pawns: Vec<(&str, char)> = inner.iter().map(|c| (c.as_str(), 'D')).collect();
    let p = pos(
        "to_move = \"light\"\ndeck = [\"step-orth\"]",
        &board(&pawns),
    );
    assert_eq!(moves(&p).len(), 28);
}

#[test]
fn a_full_board_places_nowhere() {
    let full = "LDLDLDLD\n".repeat(8);
    let p = pos(
        "to_move = \"light\"\ndeck = [\"step-orth\"]",
        full.trim_end(),
    );
    assert_eq!(moves(&p), set(&["pass"]));
    let t = after(&p, "pass");
    assert!(
        t.contains("card = \"step-orth\"") && !t.contains("last_placed"),
        "{t}"
    );
    // A red card then has no pawn placed this turn: the penalty replaces it.
    let red = pos(
        "to_move = \"light\"\nphase = \"action\"\ncard = \"far-jump-orth\"\ndeck = [\"step-orth\"]",
        full.trim_end(),
    );
    assert_eq!(moves(&red).len(), 32);
    assert!(moves(&red).iter().all(|m| m.starts_with('-')));
}

#[test]
fn step_orth_moves_any_own_pawn_one_cell_orthogonally() {
    let p = pos(
        &action("step-orth", "last_placed = \"d4\""),
        &board(&[("d4", 'L'), ("d5", 'D'), ("a1", 'L'), ("b1", 'D')]),
    );
    assert_eq!(moves(&p), set(&["a1-a2", "d4-c4", "d4-d3", "d4-e4"]));
}

#[test]
fn step_diag_moves_one_cell_diagonally() {
    let p = pos(
        &action("step-diag", "last_placed = \"d4\""),
        &board(&[("d4", 'L'), ("e5", 'D'), ("a1", 'L')]),
    );
    assert_eq!(moves(&p), set(&["a1-b2", "d4-c3", "d4-c5", "d4-e3"]));
}

#[test]
fn slide_orth_runs_over_empty_cells_only() {
    let p = pos(
        &action("slide-orth", "last_placed = \"b2\""),
        &board(&[("b2", 'L'), ("b5", 'D'), ("f2", 'D')]),
    );
    assert_eq!(
        moves(&p),
        set(&["b2-a2", "b2-b1", "b2-b3", "b2-b4", "b2-c2", "b2-d2", "b2-e2"])
    );
}

#[test]
fn slide_diag_runs_along_diagonals() {
    let p = pos(
        &action("slide-diag", "last_placed = \"c3\""),
        &board(&[("c3", 'L'), ("e5", 'D'), ("b2", 'L')]),
    );
    assert_eq!(
        moves(&p),
        set(&["b2-a1", "b2-a3", "b2-c1", "c3-b4", "c3-a5", "c3-d2", "c3-e1", "c3-d4"])
    );
}

#[test]
fn jump_orth_chains_optional_steps_and_may_cross_its_start() {
    let p = pos(
        &action("jump-orth", "last_placed = \"d4\""),
        &board(&[
            ("d4", 'L'),
            ("d5", 'D'),
            ("e6", 'D'),
            ("f5", 'D'),
            ("e4", 'D'),
        ]),
    );
    // Both chains end on d4 with every dark pawn taken: one successor, written with the smaller notation.
    assert_eq!(
        moves(&p),
        set(&[
            "d4xd6",
            "d4xd6xf6",
            "d4xd6xf6xf4",
            "d4xd6xf6xf4xd4",
            "d4xf4",
            "d4xf4xf6",
            "d4xf4xf6xd6"
        ])
    );
    let t = after(&p, "d4xd6xf6xf4xd4");
    assert!(!t.contains('D') || t.contains("phase"), "{t}");
    assert_eq!(t.matches('D').count(), 0, "all dark pawns removed: {t}");
}

#[test]
fn jump_diag_jumps_along_diagonals() {
    let p = pos(
        &action("jump-diag", "last_placed = \"c3\""),
        &board(&[("c3", 'L'), ("d4", 'D'), ("f6", 'D'), ("c4", 'D')]),
    );
    assert_eq!(moves(&p), set(&["c3xe5", "c3xe5xg7"]));
}

#[test]
fn far_jump_orth_is_for_the_placed_pawn_and_chains() {
    let extra = "last_placed = \"b2\"";
    let b = board(&[
        ("b2", 'L'),
        ("h8", 'L'),
        ("b5", 'D'),
        ("e2", 'D'),
        ("f5", 'D'),
        ("h6", 'D'),
    ]);
    let p = pos(&action("far-jump-orth", extra), &b);
    assert_eq!(
        moves(&p),
        set(&[
            "b2xb6", "b2xb7", "b2xb8", "b2xf2", "b2xg2", "b2xh2", "b2xf2xf6", "b2xf2xf7",
            "b2xf2xf8", "b2xh2xh7"
        ])
    );
    // From h2 the pawn may go on over h6 to h7, but not to h8 (its own pawn). The light pawn on h8
    // could capture h6 too, but a red card is for the pawn placed this turn only.
}

#[test]
fn far_jump_diag_needs_empty_cells_before_and_after() {
    let b = board(&[
        ("b2", 'L'),
        ("c3", 'L'),
        ("d4", 'D'),
        ("f6", 'L'),
        ("a3", 'D'),
    ]);
    let p = pos(&action("far-jump-diag", "last_placed = \"b2\""), &b);
    // b2 → c3 is its own pawn: no capture that way; a3 has no cell beyond it; nothing else on
    // its diagonals: the penalty.
    assert_eq!(moves(&p), set(&["-b2", "-c3", "-f6"]));
    let b = board(&[("b2", 'L'), ("d4", 'D'), ("h8", 'L')]);
    let p = pos(&action("far-jump-diag", "last_placed = \"b2\""), &b);
    assert_eq!(moves(&p), set(&["b2xe5", "b2xf6", "b2xg7"]));
}

#[test]
fn double_jump_takes_two_pawns_and_stops() {
    let b = board(&[
        ("c3", 'L'),
        ("c4", 'D'),
        ("c5", 'D'),
        ("c7", 'D'),
        ("c8", 'D'),
        ("d3", 'D'),
        ("e3", 'D'),
        ("f3", 'L'),
        ("a1", 'L'),
        ("a2", 'D'),
        ("a3", 'D'),
    ]);
    let p = pos(&action("double-jump-orth", "last_placed = \"c3\""), &b);
    // c3xc6 cannot go on over c7 and c8; east is blocked by its own pawn on f3; a1 did not just arrive.
    assert_eq!(moves(&p), set(&["c3xc6"]));
    let t = after(&p, "c3xc6");
    assert_eq!(
        t.matches('D').count(),
        6,
        "two of eight dark pawns removed: {t}"
    );
    let b = board(&[
        ("c3", 'L'),
        ("d4", 'D'),
        ("e5", 'D'),
        ("b2", 'D'),
        ("a1", 'D'),
    ]);
    let p = pos(&action("double-jump-diag", "last_placed = \"c3\""), &b);
    assert_eq!(
        moves(&p),
        set(&["c3xf6"]),
        "a1 is the board's corner: no landing beyond b2 and a1"
    );
}

#[test]
fn place_two_places_two_then_one_then_none() {
    let mut full: Vec<char> = "LDLDLDLD".repeat(8).chars().collect();
    let three_empty = {
        full[0] = '.';
        full[9] = '.';
        full[63] = '.';
        full.chunks(8)
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    // c3 holds a light pawn, placed this turn (b7, an inner cell, was empty).
    let p = pos(&action("place-two", "last_placed = \"c3\""), &three_empty);
    // Row 0 of the text is rank 8: the empty cells are a8, b7 and h1 (written a1 side first).
    assert_eq!(moves(&p), set(&["b7+a8", "h1+a8", "h1+b7"]));
    full[9] = 'D';
    full[63] = 'D';
    let one_empty = full
        .chunks(8)
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(
        moves(&pos(
            &action("place-two", "last_placed = \"c3\""),
            &one_empty
        )),
        set(&["a8"])
    );
    full[0] = 'L';
    let none_empty = full
        .chunks(8)
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    let m = moves(&pos(&action("place-two", ""), &none_empty));
    assert_eq!(
        m.len(),
        32,
        "no empty cell: the penalty, one successor per light pawn"
    );
    assert!(m.iter().all(|x| x.starts_with('-')));
}

#[test]
fn the_penalty_removes_any_one_of_the_movers_pawns() {
    // Light placed b2, boxed in like a1 and h8.
    let b = board(&[
        ("a1", 'L'),
        ("a2", 'D'),
        ("b1", 'D'),
        ("b2", 'L'),
        ("b3", 'D'),
        ("c2", 'D'),
        ("h8", 'L'),
        ("h7", 'D'),
        ("g8", 'D'),
    ]);
    let p = pos(&action("step-orth", "last_placed = \"b2\""), &b);
    assert_eq!(moves(&p), set(&["-a1", "-b2", "-h8"]));
    let t = after(&p, "-a1");
    assert!(
        t.contains("to_move = \"dark\"") && t.contains("discard = [\"step-orth\"]"),
        "{t}"
    );
    // Light has no pawn: the board was full of dark pawns, so light placed none.
    let none = pos(&action("step-orth", ""), "DDDDDDDD\n".repeat(8).trim_end());
    assert_eq!(
        moves(&none),
        set(&["-"]),
        "no pawn to remove: nothing happens"
    );
}

#[test]
fn the_card_goes_on_the_discard_and_an_empty_deck_turns_the_discard_over() {
    let b = board(&[("b2", 'L')]);
    let p = pos(
        "to_move = \"light\"\nphase = \"action\"\ncard = \"step-orth\"\nlast_placed = \"b2\"\ndeck = []\ndiscard = [\"jump-orth\", \"place-two\"]\ntalons_done = 1",
        &b,
    );
    let t = after(&p, "b2-b3");
    assert!(
        t.contains("deck = [\"step-orth\", \"jump-orth\", \"place-two\"]"),
        "last card played is drawn first: {t}"
    );
    assert!(
        t.contains("discard = []")
            && t.contains("talons_done = 2")
            && t.contains("phase = \"place\""),
        "{t}"
    );
    let p = pos("to_move = \"light\"\nphase = \"action\"\ncard = \"step-orth\"\nlast_placed = \"b2\"\ndeck = [\"slide-orth\"]\ndiscard = [\"jump-orth\"]", &b);
    let t = after(&p, "b2-c2");
    assert!(
        t.contains("deck = [\"slide-orth\"]")
            && t.contains("discard = [\"step-orth\", \"jump-orth\"]")
            && t.contains("talons_done = 0"),
        "{t}"
    );
}

#[test]
fn the_game_ends_after_four_talons() {
    let b = board(&[("a1", 'L'), ("c1", 'L'), ("d4", 'D')]);
    let p = pos(
        "to_move = \"dark\"\nphase = \"action\"\ncard = \"step-orth\"\nlast_placed = \"d4\"\ndeck = []\ntalons_done = 3",
        &b,
    );
    let e = engine();
    assert!(!e.score(&p).over);
    let t = after(&p, "d4-d5");
    assert!(
        t.contains("phase = \"over\"") && t.contains("talons_done = 4"),
        "{t}"
    );
    let over = common::reached(e.successor_moves(&p), "d4-d5");
    assert!(
        e.successor_moves(&over).is_empty(),
        "an over position has no successors"
    );
    let s = e.score(&over);
    assert!(s.over);
    assert_eq!(s.winner.as_deref(), Some("light"), "light frames b1");
    assert_eq!(
        s.scores,
        vec![("light".to_string(), 1), ("dark".to_string(), 0)]
    );
}

#[test]
fn framing_counts_each_line_and_breaks_ties_by_pawns() {
    // Light frames b1, d1 and d5 (3); dark frames b8, d8, f8 and h6 (4): the seed's figure.
    let b = board(&[
        ("a1", 'L'),
        ("c1", 'L'),
        ("e1", 'L'),
        ("d4", 'L'),
        ("d6", 'L'),
        ("a8", 'D'),
        ("c8", 'D'),
        ("e8", 'D'),
        ("g8", 'D'),
        ("h5", 'D'),
        ("h7", 'D'),
    ]);
    let over = "to_move = \"light\"\nphase = \"over\"\ntalons_done = 4";
    let s = engine().score(&pos(over, &b));
    assert_eq!(
        s.scores,
        vec![("light".to_string(), 3), ("dark".to_string(), 4)]
    );
    assert_eq!(s.winner.as_deref(), Some("dark"));
    // One cell framed on two lines counts twice.
    let b = board(&[("c3", 'L'), ("e3", 'L'), ("d2", 'L'), ("d4", 'L')]);
    assert_eq!(engine().score(&pos(over, &b)).scores[0].1, 2);
    // Equal scores: more pawns wins; equal pawns: a draw.
    let tie = board(&[
        ("a1", 'L'),
        ("c1", 'L'),
        ("h8", 'L'),
        ("a8", 'D'),
        ("c8", 'D'),
    ]);
    assert_eq!(
        engine().score(&pos(over, &tie)).winner.as_deref(),
        Some("light")
    );
    let draw = board(&[("a1", 'L'), ("c1", 'L'), ("a8", 'D'), ("c8", 'D')]);
    assert_eq!(
        engine().score(&pos(over, &draw)).winner.as_deref(),
        Some("draw")
    );
    assert_eq!(
        engine()
            .score(&pos("to_move = \"light\"\ndeck = [\"place-two\"]", &draw))
            .winner,
        None,
        "no winner while not over"
    );
}

#[test]
fn moves_json_writes_every_field_and_the_board_with_single_spaces() {
    let p = pos(
        &action("step-orth", "last_placed = \"b2\""),
        &board(&[("b2", 'L')]),
    );
    let json = engine().moves(&p, true);
    assert!(json.starts_with('[') && json.trim_end().ends_with(']'));
    assert_eq!(json.matches("\"move\":").count(), 4);
    assert!(json.contains("\"move\":\"b2-a2\",\"position\":{\"game\":\"imbriqua\",\"to_move\":\"dark\",\"phase\":\"place\""), "{json}");
    assert!(json.contains("\"board\":\". . . . . . . .\\n"), "{json}");
}

#[test]
fn a_starting_position_has_place_two_at_the_bottom_and_depends_on_the_seed() {
    let e = engine();
    let a = e.to_toml(&e.start(1));
    let b = e.to_toml(&e.start(2));
    assert_ne!(a, b);
    assert!(
        a.contains("\"place-two\"]")
            && a.contains("opening_left = 4")
            && a.contains("phase = \"opening\""),
        "{a}"
    );
    assert_eq!(a, e.to_toml(&e.start(1)));
}

/// A far-jump card on a crowded checkerboard: the chains number in the billions, the positions
/// they reach in the hundreds of thousands. Each state is explored once (the old search followed
/// every chain: 47 s and 10 GB for one more row), the count agrees with the exhaustive search
/// (297,524, found by the chain-by-chain generator before the change), and a chain is checked
/// along its path, however many there are.
#[test]
fn capture_chains_follow_positions_not_paths() {
    let rows: Vec<String> = (0..8)
        .map(|r| {
            (0..8)
                .map(|c| match (r, c) {
                    (6, 3) => 'L',
                    (r, _) if r < 2 => '.',
                    (r, c) if (r + c) % 2 == 0 => 'D',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let p = pos(
        &action("far-jump-orth", "last_placed = \"d2\""),
        &rows.join("\n"),
    );
    let e = engine();
    assert_eq!(e.perft(&p, 1), 297_524);
    let named = e.successor_moves(&p);
    assert_eq!(named.len(), 297_524);
    // Each successor is named by its smallest notation, and that notation leads to it.
    let (m, q) = &named[named.len() / 2];
    assert_eq!(e.find_move(&p, m).as_ref(), Some(q), "{m}");
    // A long chain is found without listing the others; a step over no pawn, or off the board, is
    // not a capture.
    assert!(e.find_move(&p, "d2xd4xd6xb6xb4").is_some());
    assert!(e.find_move(&p, "d2xd4xd6xd8").is_none());
    assert!(e.find_move(&p, "d2xz9").is_none());
}
