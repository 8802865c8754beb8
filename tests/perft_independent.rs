//! Independent move generators for Connect Four and Breakthrough, written for this test only: they
//! share no code with `src/` (not even the position reader), so that the declared engine can be
//! compared with something that is obviously right. In: a board as a position file writes it
//! (rows top first, tokens separated by spaces, `.` empty) or the start; out: perft counts.
//!
//! Perft here counts move sequences of exactly `depth` plies from a position, a game that ends
//! before that contributing nothing beyond its end (the usual definition; the two games have no
//! two moves giving the same position from one position, so distinct successors count the same).
//!
//! Comparing with an engine later is one call: `connect4::perft(depth)` and
//! `breakthrough::perft(depth)` from the start; from a position file's `board` and `to_move`,
//! `connect4::Board::parse(board, ["X", "O"], 0)?.perft(depth)` (the tokens of the first and the
//! second side, the index of the side to move) and
//! `breakthrough::Board::parse(board, "white")?.perft(depth)` (`W`, `B`, `.`).

/// Connect Four, 7 columns × 6 rows, the first side drops first; four in a row (any direction)
/// wins, a full board is a draw. Bitboards, one per side, 7 bits a column (6 rows + an empty
/// guard bit so that shifted lines never wrap from one column to the next).
pub mod connect4 {
    pub const COLS: usize = 7;
    pub const ROWS: usize = 6;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Board {
        /// Stones of the first and second side: bit `col * 7 + row`, row 0 at the bottom.
        pub stones: [u64; 2],
        /// Stones in each column.
        pub height: [u8; COLS],
        /// The side to move: 0 (first) or 1.
        pub to_move: usize,
    }

    /// True when the stones hold four in a row: vertical (shift 1), horizontal (7), both diagonals
    /// (6 and 8).
    pub fn four(b: u64) -> bool {
        [1, 7, 6, 8].iter().any(|&s| {
            let m = b & (b >> s);
            m & (m >> (2 * s)) != 0
        })
    }

    impl Board {
        pub fn start() -> Board {
            Board {
                stones: [0, 0],
                height: [0; COLS],
                to_move: 0,
            }
        }

        /// Reads a board written top row first with `tokens[0]` for the first side's stones,
        /// `tokens[1]` for the second's and `.` for empty; `to_move` is 0 or 1. Refuses a stone
        /// that floats.
        pub fn parse(text: &str, tokens: [&str; 2], to_move: usize) -> Result<Board, String> {
            let rows: Vec<Vec<&str>> = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.split_whitespace().collect())
                .collect();
            if rows.len() != ROWS || rows.iter().any(|r| r.len() != COLS) {
                return Err(format!("expected {ROWS} rows of {COLS} tokens"));
            }
            let mut b = Board {
                stones: [0, 0],
                height: [0; COLS],
                to_move,
            };
            for (i, row) in rows.iter().enumerate() {
                let r = ROWS - 1 - i;
                for (c, tok) in row.iter().enumerate() {
                    let side = match *tok {
                        "." => continue,
                        t if t == tokens[0] => 0,
                        t if t == tokens[1] => 1,
                        t => return Err(format!("unknown token `{t}`")),
                    };
                    b.stones[side] |= 1 << (c * 7 + r);
                }
            }
            for c in 0..COLS {
                let col = ((b.stones[0] | b.stones[1]) >> (c * 7)) & 0x3f;
                if col & (col + 1) != 0 {
                    return Err(format!("a stone floats in column {}", c + 1));
                }
                b.height[c] = col.count_ones() as u8;
            }
            Ok(b)
        }

        /// Over when a side has four in a row or the board is full.
        pub fn over(&self) -> bool {
            four(self.stones[0])
                || four(self.stones[1])
                || self.height.iter().all(|&h| h as usize == ROWS)
        }

        /// The boards after each legal drop, left column first (none when over).
        pub fn children(&self) -> Vec<Board> {
            if self.over() {
                return Vec::new();
            }
            (0..COLS)
                .filter(|&c| (self.height[c] as usize) < ROWS)
                .map(|c| {
                    let mut b = *self;
                    b.stones[self.to_move] |= 1 << (c * 7 + self.height[c] as usize);
                    b.height[c] += 1;
                    b.to_move = 1 - self.to_move;
                    b
                })
                .collect()
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let kids = self.children();
            if depth == 1 {
                return kids.len() as u64;
            }
            kids.iter().map(|k| k.perft(depth - 1)).sum()
        }
    }

    /// Perft from the empty board.
    pub fn perft(depth: u32) -> u64 {
        Board::start().perft(depth)
    }
}

/// Breakthrough, 8 × 8: white on ranks 1-2 moves first toward rank 8, black on ranks 7-8 toward
/// rank 1. A pawn steps one rank forward, straight onto an empty square or diagonally onto a
/// square that is empty or holds an enemy pawn (captured). A side wins by reaching the far rank or
/// capturing every enemy pawn.
/// A mailbox: `cells[rank * 8 + file]`, rank 0 = rank 1.
pub mod breakthrough {
    pub const EMPTY: u8 = 0;
    pub const WHITE: u8 = 1;
    pub const BLACK: u8 = 2;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Board {
        pub cells: [u8; 64],
        /// `WHITE` or `BLACK`.
        pub to_move: u8,
    }

    impl Board {
        pub fn start() -> Board {
            let mut cells = [EMPTY; 64];
            for i in 0..16 {
                cells[i] = WHITE;
                cells[63 - i] = BLACK;
            }
            Board {
                cells,
                to_move: WHITE,
            }
        }

        /// Reads a board written top row (rank 8) first, `W`, `B`, `.`, tokens separated by
        /// spaces or not; `to_move` is `white` or `black`.
        pub fn parse(text: &str, to_move: &str) -> Result<Board, String> {
            let rows: Vec<Vec<char>> = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect())
                .collect();
            if rows.len() != 8 || rows.iter().any(|r| r.len() != 8) {
                return Err("expected 8 rows of 8 tokens".into());
            }
            let mut cells = [EMPTY; 64];
            for (i, row) in rows.iter().enumerate() {
                for (f, c) in row.iter().enumerate() {
                    cells[(7 - i) * 8 + f] = match c {
                        '.' => EMPTY,
                        'W' => WHITE,
                        'B' => BLACK,
                        t => return Err(format!("unknown token `{t}`")),
                    };
                }
            }
            let to_move = match to_move {
                "white" => WHITE,
                "black" => BLACK,
                t => return Err(format!("unknown side `{t}`")),
            };
            Ok(Board { cells, to_move })
        }

        /// Over when a white pawn stands on rank 8, a black one on rank 1, or a side has no pawn.
        pub fn over(&self) -> bool {
            (56..64).any(|i| self.cells[i] == WHITE)
                || (0..8).any(|i| self.cells[i] == BLACK)
                || !self.cells.contains(&WHITE)
                || !self.cells.contains(&BLACK)
        }

        /// The boards after each legal move (none when over).
        pub fn children(&self) -> Vec<Board> {
            let mut out = Vec::new();
            if self.over() {
                return out;
            }
            let me = self.to_move;
            let them = if me == WHITE { BLACK } else { WHITE };
            let dr: i32 = if me == WHITE { 1 } else { -1 };
            for from in 0..64 {
                if self.cells[from] != me {
                    continue;
                }
                let (r, f) = ((from / 8) as i32, (from % 8) as i32);
                for df in [-1, 0, 1] {
                    let (tr, tf) = (r + dr, f + df);
                    if !(0..8).contains(&tr) || !(0..8).contains(&tf) {
                        continue;
                    }
                    let to = (tr * 8 + tf) as usize;
                    let there = self.cells[to];
                    let ok = if df == 0 { there == EMPTY } else { there != me };
                    if ok {
                        let mut b = *self;
                        b.cells[from] = EMPTY;
                        b.cells[to] = me;
                        b.to_move = them;
                        out.push(b);
                    }
                }
            }
            out
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let kids = self.children();
            if depth == 1 {
                return kids.len() as u64;
            }
            kids.iter().map(|k| k.perft(depth - 1)).sum()
        }
    }

    /// Perft from the start.
    pub fn perft(depth: u32) -> u64 {
        Board::start().perft(depth)
    }
}

/// Published: Connect Four perft from the empty board, depths 1 to 7.
#[test]
fn connect_four_start() {
    let published = [7, 49, 343, 2401, 16807, 117649, 823536];
    for (d, &n) in published.iter().enumerate() {
        assert_eq!(connect4::perft(d as u32 + 1), n, "depth {}", d + 1);
    }
}

/// Why depth 7 is 7⁷ − 7 and not 7⁷: no game can end before ply 7 (four stones need seven plies),
/// and a column is full after six plies only when all six went into it (7 such lines, each with 6
/// drops left instead of 7). Games won on ply 7 still count as leaves at depth 7.
#[test]
fn connect_four_depth_seven_explained() {
    let mut level = vec![connect4::Board::start()];
    for ply in 1..=6 {
        level = level.iter().flat_map(|b| b.children()).collect();
        assert!(level.iter().all(|b| !b.over()), "a game ended on ply {ply}");
    }
    let full = level.iter().filter(|b| b.height.contains(&6)).count();
    assert_eq!(full, 7);
    let leaves: Vec<_> = level.iter().flat_map(|b| b.children()).collect();
    assert_eq!(leaves.len(), 7usize.pow(7) - 7);
    // First-side (white) wins on ply 7, by hand. Vertical: a column, black's three drops anywhere in the
    // six others: 7 × 6³ = 1,512. Bottom row: 4 windows × 4! orders of white's drops, and black
    // may not drop first into a window column white has not reached yet: 4 × 5 × 6 choices on
    // plies 2, 4, 6, so 4 × 24 × 120 = 11,520. No other line fits in seven plies.
    let vertical = leaves
        .iter()
        .filter(|b| (0..7).any(|c| (b.stones[0] >> (c * 7)) & 0xf == 0xf))
        .count();
    assert_eq!(vertical, 1512);
    let wins = leaves.iter().filter(|b| b.over()).count();
    assert_eq!(wins, 1512 + 11520);
}

/// A position read from a board, counted by hand. X (first side) has a1-a3, O has b1-b2: O to
/// move, 7 drops; then X, 7 drops (49). Depth 3: after O blocks on a4, 7 × 7 = 49; after O's six
/// other drops, X's a4 wins (0 further) and X's six others leave O 7 drops: 6 × 6 × 7 = 252.
#[test]
fn connect_four_from_a_board() {
    let board = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X . . . . . .
        X O . . . . .
        X O . . . . .";
    let b = connect4::Board::parse(board, ["X", "O"], 1).unwrap();
    assert_eq!(b.height, [3, 2, 0, 0, 0, 0, 0]);
    assert_eq!((b.perft(1), b.perft(2), b.perft(3)), (7, 49, 49 + 252));
    let floating = board.replacen(". . . . . . .", ". . . X . . .", 1);
    assert!(connect4::Board::parse(&floating, ["X", "O"], 1).is_err());
}

/// Breakthrough from the start. 22: the eight front pawns, two moves at the edges and three
/// inside; 484 = 22², the sides' first moves cannot interact. All of them, and 6,182,818 at
/// depth 5 (not run here: seconds in a debug build), are what RBG's compiled reasoner counts
/// (`benches/rbg_perft.cpp`, printed by `cargo bench --bench anchor`).
#[test]
fn breakthrough_start() {
    let expected = [22, 484, 11132, 256036];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(breakthrough::perft(d as u32 + 1), n, "depth {}", d + 1);
    }
}

/// Positions of seeded random games cut 1, 2 or 3 plies before their end or halfway, with perft at
/// depths 1-3 as RBG's compiled reasoner counts them (`benches/rbg_perft.cpp`, copied from
/// `cargo bench --bench anchor`): board top row first, side to move.
const RBG: &str = "
B...........W......W..B...WB...BBWB.W.BWW....WB.W.WWW........... w 24 310 7331
.....B..B..B.W..WB.W..BB.BB...B.B..B.WW.WBW.....W..W..BW....W... b 23 416 8653
.B.BBBBB.BBWB...B.......BB.W.B....W....BW.W..B...W...WWW.W.WWWWW w 27 741 19936
.BBBBB..BB..BB.B......B.B.B.BBBW.....W..W.WW......WWWWWWW..W.WW. b 32 823 25770
B.B.......W.BBW.B.B.B.BB...B.B....B..WW..WBBW..W..WW....W....W.W w 25 496 12387
...B..B..B....BB.B...BW.BWB.B..B.....WWB...W....WW.WWBWWW......W w 27 669 15106
.B....B..BB..WBB......B.BBW.WB...WWB..BBWB.W.W.WW...WW.W.W....W. w 26 629 16512
B.B.B.BBBB.B.B....B..BBB...B..W.WB.....WW.B.WW...WWWW.W.WW..W.W. w 26 745 19550
........BBW..BB....B..B..BWB.BW..W.W.B.WW.WBWWWB.........W...... w 22 473 10388
......BBW..WB...B..BW......BWB......W.WW.W......BBB...W.......W. b 24 360 6630
B..B.BB...BW.BB.......B..B..W..WWBBB.WW.....W....W...W.WWWW.W... w 29 664 19049
B.BB...BBBB.B.BB...B...WW.W.WBB.......B.WW.W.W....WW..W..WW.W.WW b 25 809 20025
";

#[test]
fn breakthrough_against_rbg() {
    let mut ending = 0;
    for line in RBG.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split(' ').collect();
        let rows: Vec<&str> = (0..8).map(|r| &f[0][r * 8..r * 8 + 8]).collect();
        let side = if f[1] == "w" { "white" } else { "black" };
        let b = breakthrough::Board::parse(&rows.join("\n"), side).unwrap();
        for (d, n) in f[2..].iter().enumerate() {
            assert_eq!(
                b.perft(d as u32 + 1).to_string(),
                *n,
                "{line} depth {}",
                d + 1
            );
        }
        if b.children().iter().any(|k| k.over()) {
            ending += 1;
        }
    }
    // The table reaches the ends: in several positions a move ends the game at once.
    assert!(ending >= 3, "{ending}");
}

/// The end rules by hand: reaching the far rank and capturing the last pawn end the game; a pawn
/// cannot step straight onto an occupied square but captures diagonally. (A side never lacks a
/// move before the end: its most advanced pawn always has a diagonal square that is empty or
/// enemy, since none of its own pawns stands further.)
#[test]
fn breakthrough_ends() {
    // A board from (text index, token) pairs: index = row from the top * 8 + file.
    let put = |cells: &[(usize, char)]| {
        let mut t = ['.'; 64];
        for &(i, c) in cells {
            t[i] = c;
        }
        t.chunks(8)
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    // White b7, black h8 and a2: white's three moves (b8, a8, c8) each reach rank 8.
    let b = breakthrough::Board::parse(&put(&[(9, 'W'), (7, 'B'), (48, 'B')]), "white").unwrap();
    assert!(!b.over());
    assert_eq!(b.perft(1), 3);
    assert!(b.children().iter().all(|k| k.over()));
    assert_eq!(b.perft(2), 0);
    // White d4, black e5 alone: d5, c5, and d4xe5 which takes the last black pawn.
    let b = breakthrough::Board::parse(&put(&[(35, 'W'), (28, 'B')]), "white").unwrap();
    let kids = b.children();
    assert_eq!(kids.len(), 3);
    assert_eq!(kids.iter().filter(|k| k.over()).count(), 1);
    // White a2 under black a3, black b3: a3 is blocked, a2xb3 is the one move.
    let b = breakthrough::Board::parse(&put(&[(48, 'W'), (40, 'B'), (41, 'B'), (7, 'B')]), "white")
        .unwrap();
    assert_eq!(b.perft(1), 1);
    assert_eq!(
        b.children()[0]
            .cells
            .iter()
            .filter(|&&c| c == breakthrough::BLACK)
            .count(),
        2
    );
}

/// A position file's `board` and `to_move`, read with this file's own few lines (no `src/`).
fn position_file(path: &str) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let board = text
        .split("\"\"\"")
        .nth(1)
        .unwrap_or_else(|| panic!("{path}: no board"))
        .to_string();
    let to_move = text
        .lines()
        .find_map(|l| l.strip_prefix("to_move = \""))
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{path}: no to_move"))
        .to_string();
    (board, to_move)
}

/// Every line of a perft file, as (position file, depth, count).
fn perft_lines(game: &str) -> Vec<(String, u32, u64)> {
    let dir = format!("{}/games/{game}/tests", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(format!("{dir}/game.perft")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                format!("{dir}/{}", f[0]),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            )
        })
        .collect()
}

/// The declared Connect Four's perft file (which `tests/perft.rs` holds the engine to) agrees,
/// line by line, with this file's generator.
#[test]
fn connect_four_perft_file_agrees() {
    let lines = perft_lines("connect4");
    assert!(lines.len() >= 9);
    for (file, depth, count) in lines {
        let (board, to_move) = position_file(&file);
        let side = ["red", "yellow"]
            .iter()
            .position(|s| *s == to_move)
            .unwrap();
        let b = connect4::Board::parse(&board, ["R", "Y"], side).unwrap();
        assert_eq!(b.perft(depth), count, "{file} depth {depth}");
    }
}
