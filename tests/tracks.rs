//! Score tracks: numbered spaces around a board's edge or in rows below it, each touching the
//! next, none overlapping another or the board; the cells move with the board inside its track.

use crate::common;

use ludopress::layout::board::{self, Space};

fn game(track: &str) -> String {
    format!(
        "[game]\nid = \"score\"\ntitle = \"Score\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n\
         [[board]]\nid = \"board\"\nname = \"Board\"\ngrid = \"square\"\ncols = 6\nrows = 4\ncell = 20.0\n\
         fill = \"cream\"\nline = \"ink\"\nframe = \"wood\"\n{track}\n"
    )
}

fn spaces(track: &str) -> (ludopress::definition::model::Board, Vec<Space>) {
    let g = common::parse("score", &game(track)).unwrap_or_else(|d| panic!("{d}"));
    let b = g.boards[0].clone();
    let s = board::track_spaces(&b);
    (b, s)
}

/// The length two rectangles share along an edge (0 when they only meet at a corner or not at all).
fn shared_edge(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> f64 {
    let overlap = |a0: f64, a1: f64, b0: f64, b1: f64| (a1.min(b1) - a0.max(b0)).max(0.0);
    let close = |x: f64, y: f64| (x - y).abs() < 1e-6;
    let (ax1, ay1, bx1, by1) = (a.0 + a.2, a.1 + a.3, b.0 + b.2, b.1 + b.3);
    if close(ax1, b.0) || close(bx1, a.0) {
        overlap(a.1, ay1, b.1, by1)
    } else if close(ay1, b.1) || close(by1, a.1) {
        overlap(a.0, ax1, b.0, bx1)
    } else {
        0.0
    }
}

fn overlaps(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    a.0 < b.0 + b.2 - 1e-6
        && b.0 < a.0 + a.2 - 1e-6
        && a.1 < b.1 + b.3 - 1e-6
        && b.1 < a.1 + a.3 - 1e-6
}

fn check_path(s: &[Space]) {
    for w in s.windows(2) {
        assert_eq!(w[1].number, w[0].number + 1);
        assert!(shared_edge(w[0].rect, w[1].rect) > 1.0, "{w:?}");
    }
    for (i, a) in s.iter().enumerate() {
        for b in &s[i + 1..] {
            assert!(!overlaps(a.rect, b.rect), "{a:?} {b:?}");
        }
    }
}

#[test]
fn a_track_around_the_board_runs_clockwise_from_the_top_left_corner() {
    let (b, s) = spaces("[board.track]\nto = 50\nspace = 12.0\n");
    assert_eq!(s.len(), 51);
    assert_eq!((s[0].number, s[50].number), (0, 50));
    check_path(&s);
    // The last space comes back to the first: the ring is closed.
    assert!(shared_edge(s[50].rect, s[0].rect) > 1.0);
    // The board (6 x 20 mm cells and its 4 mm frame each side) sits 12 mm in; the ring of spaces
    // covers exactly the band around it.
    let (w, h) = (6.0 * 20.0 + 8.0, 4.0 * 20.0 + 8.0);
    let inner = (12.0, 12.0, w, h);
    assert!(s.iter().all(|x| !overlaps(x.rect, inner)));
    let area: f64 = s.iter().map(|x| x.rect.2 * x.rect.3).sum();
    assert!(
        (area - ((w + 24.0) * (h + 24.0) - w * h)).abs() < 1e-6,
        "{area}"
    );
    assert_eq!(s[0].rect, (0.0, 0.0, 12.0, 12.0));
    // The cells moved with the board: a1 (bottom-left) is 12 mm further right and down.
    let plain = spaces("").0;
    let (a, q) = (board::cell_polygon(&b, 0), board::cell_polygon(&plain, 0));
    assert!((a[0].x - q[0].x - 12.0).abs() < 1e-9 && (a[0].y - q[0].y - 12.0).abs() < 1e-9);
    let drawn = board::draw(&b);
    assert_eq!((drawn.width, drawn.height), (w + 24.0, h + 24.0));
}

#[test]
fn a_track_in_rows_turns_back_at_each_end_below_the_board() {
    let (b, s) = spaces("[board.track]\nfrom = 1\nto = 50\npath = \"rows\"\nspace = 10.0\n");
    assert_eq!(s.len(), 50);
    assert_eq!((s[0].number, s[49].number), (1, 50));
    check_path(&s);
    // 12 spaces of 10 mm to a row of the 128 mm board, the first row left to right, the second
    // right to left, all below the board.
    let h = 4.0 * 20.0 + 8.0;
    assert!(s.iter().all(|x| x.rect.1 >= h));
    assert!(s[11].rect.0 > s[0].rect.0 && (s[12].rect.0 - s[11].rect.0).abs() < 1e-9);
    assert!(s[12].rect.1 > s[11].rect.1);
    assert_eq!(
        board::cell_polygon(&b, 0),
        board::cell_polygon(&spaces("").0, 0)
    );
}

#[test]
fn bad_tracks_are_errors_at_their_place() {
    for (track, why) in [
        (
            "[board.track]\nto = 5\n",
            "a track from 0 to 5 has 6 spaces: 8 to 200",
        ),
        ("[board.track]\nto = 500\n", "501 spaces"),
        ("[board.track]\nto = 50\npath = \"spiral\"\n", "track path"),
        ("[board.track]\nto = 50\nspace = 2.0\n", "track space"),
        (
            "[board.track]\nto = 50\nfill = \"gren\"\n",
            "unknown colour `gren`",
        ),
        ("[board.track]\nfrom = 3\n", "missing field `to`"),
    ] {
        let err = common::parse("score", &game(track))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("games/score/game.toml:") && err.contains(why),
            "{why}: {err}"
        );
    }
}
