//! One test per kind of fact a caption (or a body sentence about the figures) may state: the
//! true sentence passes `check`, and the same sentence with one unbound or false fact of that
//! kind is refused at the line and column of the word that states it.
//!
//! Each test writes a small rulebook in memory around a position of a bundled game with an
//! engine (Imbriqua's square board, Arlecchino's tiles), the way `games/*/rules.*.md` write
//! theirs, so that the place of every word is computed from the text itself.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::rulebook::{self, markdown};
use ludopress::rules::engine::Engine;
use std::path::Path;

/// Imbriqua, light to act with the straight step: four steps, two refused.
const STEP: &str = r#"game = "imbriqua"
to_move = "light"
phase = "action"
card = "step-orth"
last_placed = "d4"
deck = ["place-two"]
discard = ["step-diag", "slide-orth", "slide-diag", "jump-orth", "jump-diag", "far-jump-orth", "far-jump-diag", "double-jump-orth", "double-jump-diag"]
board = """
........
........
........
...D....
...L....
........
........
LD......
"""
"#;

const STEP_CLAIMS: &str = r#"moves = ["a1-a2", "d4-c4", "d4-d3", "d4-e4"]
illegal = ["d4-d5", "d4-e5"]
over = false"#;

/// Imbriqua, light to place: 33 inner cells, an edge cell refused.
const PLACE: &str = r#"game = "imbriqua"
to_move = "light"
phase = "place"
deck = ["jump-orth", "place-two"]
discard = ["step-orth", "step-diag", "slide-orth", "slide-diag", "jump-diag", "far-jump-orth", "far-jump-diag", "double-jump-orth", "double-jump-diag"]
board = """
........
........
..D.....
...D....
...L....
........
........
L.......
"""
"#;

const PLACE_CLAIMS: &str = r#"successors = 33
legal = ["c4"]
illegal = ["a8", "h1"]"#;

/// Imbriqua at its end: light frames 3 cells, dark 4, dark wins.
const END: &str = r#"game = "imbriqua"
to_move = "light"
phase = "over"
talons_done = 4
discard = ["step-orth", "step-diag", "slide-orth", "slide-diag", "jump-orth", "jump-diag", "far-jump-orth", "far-jump-diag", "double-jump-orth", "double-jump-diag", "place-two"]
board = """
D.D.D.D.
.......D
........
...L...D
........
...L....
........
L.L.L...
"""
"#;

const END_CLAIMS: &str = r#"scores = { light = 3, dark = 4 }
winner = "dark"
over = true"#;

/// Imbriqua, a diagonal double capture that takes two pawns.
const DOUBLE: &str = r#"game = "imbriqua"
to_move = "light"
phase = "action"
card = "double-jump-diag"
last_placed = "c3"
deck = ["place-two"]
discard = ["step-orth", "step-diag", "slide-orth", "slide-diag", "jump-orth", "jump-diag", "far-jump-orth", "far-jump-diag", "double-jump-orth"]
board = """
........
........
........
....D...
...D....
..L.....
.D......
D.......
"""
"#;

const DOUBLE_CLAIMS: &str = r#"moves = ["c3xf6"]
illegal = ["c3xe5"]"#;

/// Arlecchino, red's only tile can jump nowhere: red passes, green plays next.
const PASS: &str = r#"game = "arlecchino"
to_move = "red"
board = """
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
BBBB RRRR . . . .
"""
"#;

const PASS_CLAIMS: &str = r#"moves = ["pass"]
after = { move = "pass", to_move = "green" }"#;

/// Lignes, light to push on a small plane: five pushes, two refused.
const LIGNES: &str = r#"game = "lignes"
to_move = "light"
taken = { light = 0, dark = 14 }
board = """
.DL
LLL
..L
..L
"""
"#;

const LIGNES_CLAIMS: &str = r#"moves = [">1,2:s", ">2,0:s", ">2,2:e", ">2,3:e", ">2,3:n"]
illegal = [">1,3:w", ">0,2:w"]"#;

/// Alpha-BRIK, junior end: south holds 12 bricks in its camp, north 6.
const BRICKS: &str = r#"game = "alphabrick"
to_move = "north"
variant = "junior"
board = """
1 1 1 1 N . . N 2
. . . . . . . . .
. . S . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . N . . .
. . . . . . . . .
2 2 2 2 S 2 1 S 1
"""
"#;

const BRICKS_CLAIMS: &str = r#"over = true
winner = "south"
scores = { south = 12, north = 6 }"#;

/// Arlecchino at its end: red 9 zones, blue 6, yellow 3, green 2.
const TILES: &str = r#"game = "arlecchino"
to_move = "blue"
board = """
. . . . . BBBR
. . . . . .
BBRR . . RRRB . .
. . . . . .
. . . . . .
GGYR . . YYRR . .
"""
"#;

const TILES_CLAIMS: &str = r#"over = true
scores = { blue = 6, yellow = 3, red = 9, green = 2 }
winner = "red"
successors = 0"#;

fn engine(game: &str) -> Engine {
    Engine::new(&Project::new(common::root()), game).unwrap()
}

/// The path a rulebook of `game` in `lang` is shown by.
fn shown(game: &str, lang: Lang) -> String {
    format!("games/{game}/rules.{}.md", lang.code())
}

/// A rulebook holding one example: `position`, a caption, and the claims.
fn book(position: &str, caption: &str, claims: &str) -> String {
    format!(
        "# Kinds\n\nAn example.\n\n```position\n{position}\n[diagram]\ncaption = \"{caption}\"\n\n[expect]\n{claims}\n```\n"
    )
}

/// The game a rulebook text's example is of.
fn game_of(text: &str) -> &str {
    let at = text.find("game = \"").expect("a game") + "game = \"".len();
    let end = text[at..].find('"').unwrap();
    &text[at..at + end]
}

/// What `check` reports on a rulebook text (the text must parse).
fn failures(lang: Lang, text: &str) -> Vec<String> {
    let game = game_of(text);
    let e = engine(game);
    let book = markdown::parse(
        Some(&e),
        &common::game(game),
        Path::new(&shown(game, lang)),
        text,
        lang,
    )
    .unwrap_or_else(|d| panic!("{d}"));
    rulebook::check(&e, &book).failures
}

/// Line and column (from 1, in characters) where `needle`, found once in `text`, starts.
fn place(text: &str, needle: &str) -> (usize, usize) {
    assert_eq!(
        text.matches(needle).count(),
        1,
        "`{needle}` must be found exactly once"
    );
    let at = text.find(needle).unwrap();
    let before = &text[..at];
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (
        before.matches('\n').count() + 1,
        before[start..].chars().count() + 1,
    )
}

/// The true caption passes; the caption with `from` replaced by `to` is refused, with a failure
/// that starts at the place of `at` (a piece of the lying caption whose first word states the
/// unbound fact) and says `says`.
fn refused(
    lang: Lang,
    position: &str,
    claims: &str,
    caption: &str,
    (from, to): (&str, &str),
    at: &str,
    says: &str,
) {
    let text = book(position, caption, claims);
    let game = game_of(&text).to_string();
    let found = failures(lang, &text);
    assert!(found.is_empty(), "the true caption `{caption}`: {found:?}");
    assert_eq!(
        caption.matches(from).count(),
        1,
        "`{from}` once in `{caption}`"
    );
    let lie = caption.replacen(from, to, 1);
    let text = book(position, &lie, claims);
    // The caption's line, and the column of `at` in it (after `caption = "`).
    let (line, col) = place(&text, "caption = \"");
    assert_eq!(lie.matches(at).count(), 1, "`{at}` once in `{lie}`");
    let col = col + "caption = \"".chars().count() + lie[..lie.find(at).unwrap()].chars().count();
    let head = format!("{}:{line}:{col}: ", shown(&game, lang));
    let found = failures(lang, &text);
    assert!(
        found
            .iter()
            .any(|f| f.starts_with(&head) && f.contains(says)),
        "`{lie}`: expected a failure at {head}saying `{says}`, found {found:?}"
    );
    // Nothing else of the rulebook is blamed: every failure is on the caption's line.
    let line_head = format!("{}:{line}:", shown(&game, lang));
    assert!(
        found.iter().all(|f| f.starts_with(&line_head)),
        "`{lie}`: {found:?}"
    );
}

#[test]
fn a_move_no_claim_checks_is_refused_at_the_move() {
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "Light may play d4-c4.",
        ("d4-c4", "d4-c5"),
        "d4-c5",
        "names the move `d4-c5`, which no claim of this example checks",
    );
}

#[test]
fn a_cell_nothing_backs_is_refused_at_the_cell() {
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "The pawn on d4 may step to c4, e4 or d3.",
        ("e4", "g7"),
        "g7",
        "names `g7`, a cell no claim names",
    );
    // A cell of a plane, `(x, y)`, is read whole.
    refused(
        Lang::En,
        LIGNES,
        LIGNES_CLAIMS,
        "Light may push (1, 2) south.",
        ("(1, 2)", "(5, 5)"),
        "(5, 5)",
        "names `5,5`, a cell no claim names",
    );
}

#[test]
fn a_number_in_figures_is_a_claimed_count_of_its_noun() {
    refused(
        Lang::En,
        PLACE,
        PLACE_CLAIMS,
        "Light places: c4 is allowed, a8 is not. 33 inner cells are empty.",
        ("33", "34"),
        "34 inner",
        "the caption says 34 (cells)",
    );
    // A count equal to another claimed value is not enough: 33 is a count of moves here, not
    // of pieces.
    refused(
        Lang::En,
        PLACE,
        PLACE_CLAIMS,
        "Light places: c4 is allowed, a8 is not. 33 inner cells are empty.",
        ("33 inner cells", "33 pawns"),
        "33 pawns",
        "the caption says 33 (pieces)",
    );
    // A count of moves said of the side not to move.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "Light has 4 steps.",
        ("Light", "Dark"),
        "4 steps",
        "the caption says 4 (moves) for dark",
    );
}

#[test]
fn two_swapped_counts_are_refused_at_the_first() {
    refused(
        Lang::En,
        END,
        END_CLAIMS,
        "Light frames 3 cells, dark 4: dark wins.",
        ("3 cells, dark 4", "4 cells, dark 3"),
        "4 cells",
        "the caption says 4 (cells) for light",
    );
    // `12 to 6`: two sides' scores.
    refused(
        Lang::En,
        BRICKS,
        BRICKS_CLAIMS,
        "South wins 12 to 6.",
        ("12 to 6", "6 to 12"),
        "6 to",
        "the caption gives a score of 6 to south, which no claim states",
    );
}

#[test]
fn a_number_in_words_is_read_in_each_language() {
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "Four steps are possible.",
        ("Four", "Five"),
        "Five steps",
        "the caption says Five (moves)",
    );
    refused(
        Lang::Fr,
        STEP,
        STEP_CLAIMS,
        "Quatre déplacements sont possibles.",
        ("Quatre", "Cinq"),
        "Cinq déplacements",
        "the caption says Cinq (moves)",
    );
}

#[test]
fn a_number_with_no_noun_is_the_claimed_value_of_its_side() {
    refused(
        Lang::En,
        END,
        END_CLAIMS,
        "Light frames 3 cells, dark 4: dark wins.",
        ("dark 4", "dark 5"),
        "5:",
        "the caption says 5 for dark",
    );
    refused(
        Lang::Fr,
        END,
        END_CLAIMS,
        "Les clairs encadrent 3 cases, les foncés 4 : les foncés gagnent.",
        ("foncés 4", "foncés 5"),
        "5 :",
        "the caption says 5 for dark",
    );
    // "south has 9 in its camp": a side's count, with no noun.
    refused(
        Lang::En,
        BRICKS,
        BRICKS_CLAIMS,
        "Junior: south has 12 in its camp, north 6: south wins.",
        ("12", "9"),
        "9 in",
        "the caption says 9 for south",
    );
}

#[test]
fn a_side_or_colour_name_is_bound_to_the_mover_the_pieces_or_the_zones_it_names() {
    refused(
        Lang::En,
        PLACE,
        PLACE_CLAIMS,
        "Light places: c4 is allowed, a8 is not.",
        ("Light", "Dark"),
        "Dark places",
        "the caption has dark play, but the side to move is light",
    );
    refused(
        Lang::Fr,
        PLACE,
        PLACE_CLAIMS,
        "Les clairs posent : c4 est permis, a8 ne l’est pas.",
        ("clairs", "foncés"),
        "foncés posent",
        "the caption has dark play, but the side to move is light",
    );
    // A side names the pieces on the cells of its phrase.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "The dark pawn on d5 blocks d4.",
        ("dark", "light"),
        "light pawn",
        "the caption names light, but the pieces it names are dark",
    );
    // Whose turn it is after the move.
    refused(
        Lang::En,
        PASS,
        PASS_CLAIMS,
        "Red passes: it is green’s turn.",
        ("green", "blue"),
        "blue’s",
        "the caption says it is blue’s turn, but the side to move is green",
    );
    refused(
        Lang::Fr,
        PASS,
        PASS_CLAIMS,
        "Rouge passe, c’est à vert de jouer.",
        ("vert", "bleu"),
        "bleu de",
        "the caption says it is blue’s turn, but the side to move is green",
    );
    // A colour beside a zone is the colour of a zone of the tile named.
    refused(
        Lang::En,
        TILES,
        TILES_CLAIMS,
        "The tile on f6 has a red zone.",
        ("red", "green"),
        "green zone",
        "the caption speaks of a green zone, but no tile it names (f6) has one",
    );
}

#[test]
fn a_wrong_winner_is_refused_at_the_win() {
    refused(
        Lang::En,
        END,
        END_CLAIMS,
        "Light frames 3 cells, dark 4: dark wins.",
        (": dark wins", ": light wins"),
        "wins.",
        "the caption says light wins, but the claimed winner is dark",
    );
    refused(
        Lang::Fr,
        END,
        END_CLAIMS,
        "Les clairs encadrent 3 cases, les foncés 4 : les foncés gagnent.",
        ("les foncés gagnent", "les clairs gagnent"),
        "gagnent.",
        "the caption says light wins, but the claimed winner is dark",
    );
}

#[test]
fn a_draw_said_where_a_side_wins_is_refused() {
    refused(
        Lang::En,
        END,
        END_CLAIMS,
        "Light frames 3 cells, dark 4: dark wins.",
        ("dark wins", "a draw"),
        "draw.",
        "the caption says the game is drawn, but the claimed winner is dark",
    );
    refused(
        Lang::Fr,
        END,
        END_CLAIMS,
        "Les clairs encadrent 3 cases, les foncés 4 : les foncés gagnent.",
        ("les foncés gagnent", "partie nulle"),
        "nulle.",
        "the caption says the game is drawn, but the claimed winner is dark",
    );
}

#[test]
fn the_game_going_on_or_over_is_the_claimed_over() {
    // "goes on" at an end.
    refused(
        Lang::En,
        END,
        END_CLAIMS,
        "Light frames 3 cells, dark 4: the game is over and dark wins.",
        ("is over", "goes on"),
        "on and",
        "the caption says the game goes on, but the claims hold it over",
    );
    // "is over" where the game goes on.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "Four steps are possible: the game goes on.",
        ("goes on", "is over"),
        "over.",
        "the caption says the game is over, but the claims hold it going on",
    );
    refused(
        Lang::Fr,
        END,
        END_CLAIMS,
        "Les clairs encadrent 3 cases, les foncés 4 : la partie est finie.",
        ("est finie", "continue"),
        "continue.",
        "the caption says the game goes on, but the claims hold it over",
    );
}

#[test]
fn a_pass_is_the_claimed_pass_of_the_side_named() {
    refused(
        Lang::En,
        PASS,
        PASS_CLAIMS,
        "Red’s tile could only jump off the board: red passes, and it is green’s turn.",
        ("red passes", "blue passes"),
        "passes,",
        "the caption says blue passes, but the claimed passes are red",
    );
    // A pass where no claim states one.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "Four steps are possible.",
        ("Four steps are possible", "Light passes"),
        "passes",
        "the caption says a side passes, but no claim states a pass",
    );
    // "blue also passes" where only red's pass is claimed.
    refused(
        Lang::En,
        PASS,
        PASS_CLAIMS,
        "Red passes, and green plays.",
        ("green plays", "blue also passes"),
        "passes.",
        "the caption says blue passes, but the claimed passes are red",
    );
}

#[test]
fn a_legal_move_called_forbidden_or_an_illegal_one_allowed_is_refused() {
    let claim = "d4-d5 is not allowed: the cell is occupied.";
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        claim,
        ("d4-d5", "d4-c4"),
        "d4-c4",
        "the caption says `d4-c4` is not allowed, but the claims hold it legal",
    );
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "Light plays d4-c4.",
        ("d4-c4", "d4-d5"),
        "d4-d5",
        "the caption presents `d4-d5` as played or allowed, but the claims hold it illegal",
    );
    refused(
        Lang::Fr,
        STEP,
        STEP_CLAIMS,
        "d4-d5 est interdit : la case est occupée.",
        ("d4-d5", "d4-c4"),
        "d4-c4",
        "the caption says `d4-c4` is not allowed, but the claims hold it legal",
    );
    refused(
        Lang::Fr,
        STEP,
        STEP_CLAIMS,
        "Les clairs jouent d4-c4.",
        ("d4-c4", "d4-d5"),
        "d4-d5",
        "the caption presents `d4-d5` as played or allowed, but the claims hold it illegal",
    );
    // A push, named by its cell and its direction.
    refused(
        Lang::En,
        LIGNES,
        LIGNES_CLAIMS,
        "Pushing (1, 3) west is refused.",
        ("refused", "allowed"),
        "(1, 3)",
        "the caption presents moving `1,3` that way as played or allowed, but the claims hold it illegal",
    );
}

#[test]
fn a_direction_is_the_way_a_claimed_move_goes() {
    // File a is on the left of the page: d4-c4 goes west.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "d4-c4 steps west.",
        ("west", "east"),
        "east.",
        "the caption says `east`, but no move its clause speaks of goes that way",
    );
    // French reads `l’est` as the pair `l est`, and the direction at its second word.
    refused(
        Lang::Fr,
        STEP,
        STEP_CLAIMS,
        "d4-c4 va vers l’ouest.",
        ("l’ouest", "l’est"),
        "est.",
        "the caption says `est`, but no move its clause speaks of goes that way",
    );
    // A piece that can go a way is backed by a legal move that way, not by the refused d4-d5.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "The pawn on d4 can go south.",
        ("south", "north"),
        "north",
        "the caption says `north`, but no move its clause speaks of goes that way",
    );
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "d4-c4 is a straight step.",
        ("straight", "diagonal"),
        "diagonal",
        "the caption says `diagonal`, but no move its clause speaks of goes that way",
    );
    // On a plane, the way a push goes.
    refused(
        Lang::En,
        LIGNES,
        LIGNES_CLAIMS,
        "Light may push (1, 2) south.",
        ("south", "north"),
        "north",
        "no claimed push from that cell goes that way",
    );
}

#[test]
fn a_caption_that_leaves_out_a_capture_is_refused_at_the_pieces_it_names() {
    refused(
        Lang::En,
        DOUBLE,
        DOUBLE_CLAIMS,
        "c3xf6 captures d4 and e5.",
        (" and e5", ""),
        "d4.",
        "the caption names some of the pieces `c3xf6` takes but leaves out e5",
    );
    refused(
        Lang::Fr,
        DOUBLE,
        DOUBLE_CLAIMS,
        "c3xf6 prend d4 et e5.",
        ("d4 et ", ""),
        "e5.",
        "the caption names some of the pieces `c3xf6` takes but leaves out d4",
    );
}

/// Loads a rulebook text from a file (as `check` and `build` do, with the check of body
/// sentences about figures): the diagnostics, as printed.
fn loaded(name: &str, lang: Lang, text: &str) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!(
        "ludopress-caption-kinds-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("rules.{}.md", lang.code()));
    std::fs::write(&file, text).unwrap();
    let e = engine("imbriqua");
    let r = rulebook::load(
        Some(&e),
        &common::game("imbriqua"),
        &file,
        Path::new(&shown("imbriqua", lang)),
        lang,
    );
    std::fs::remove_dir_all(&dir).unwrap();
    r.map(|_| ()).map_err(|d| d.to_string())
}

/// A rulebook of two sections: `one` before two examples and `one_after` after them, then
/// `two` before one example and `two_after` after it.
fn sections(lang: Lang, [one, one_after, two, two_after]: [&str; 4]) -> String {
    let caption = if lang == Lang::Fr {
        "Quatre déplacements sont possibles."
    } else {
        "Four steps are possible."
    };
    let ex = book(STEP, caption, STEP_CLAIMS);
    let ex = &ex[ex.find("```").unwrap()..];
    format!("# One\n\n{one}\n\n{ex}\n{ex}\n{one_after}\n\n## Two\n\n{two}\n\n{ex}\n{two_after}\n")
}

/// The true text loads; the lying one is refused, first at the place of `at` (found once in
/// it), saying `says`.
fn body_refused(lang: Lang, name: &str, truth: &str, lie: &str, at: &str, says: &str) {
    loaded(name, lang, truth).unwrap_or_else(|d| panic!("the true text: {d}"));
    let (line, col) = place(lie, at);
    let head = format!("{}:{line}:{col}: ", shown("imbriqua", lang));
    let d = loaded(name, lang, lie).expect_err("the lying text is refused");
    assert!(
        d.starts_with(&head) && d.contains(says),
        "expected {head}… `{says}`, found {d}"
    );
}

#[test]
fn a_body_sentence_that_counts_the_examples_that_follow_is_refused_at_its_count() {
    let en = |n: &str| format!("The {n} examples that follow show steps.");
    body_refused(
        Lang::En,
        "count-en",
        &sections(Lang::En, [&en("two"), "", "", ""]),
        &sections(Lang::En, [&en("three"), "", "", ""]),
        "three examples",
        "the text counts 3 examples that follow in this section, but 2 do",
    );
    let fr = |n: &str| format!("Les {n} exemples qui suivent montrent des pas.");
    body_refused(
        Lang::Fr,
        "count-fr",
        &sections(Lang::Fr, [&fr("deux"), "", "", ""]),
        &sections(Lang::Fr, [&fr("trois"), "", "", ""]),
        "trois exemples",
        "the text counts 3 examples that follow in this section, but 2 do",
    );
}

#[test]
fn a_body_sentence_pointing_to_the_next_figure_needs_one_after_it() {
    // Said after the last figure of its section, "the next figure" points to nothing.
    let s = "Light has four steps in the next figure.";
    body_refused(
        Lang::En,
        "next-en",
        &sections(Lang::En, ["", "", s, ""]),
        &sections(Lang::En, ["", "", "", s]),
        "figure.",
        "the text points to figures that follow, but none does in this section",
    );
    let s = "La figure suivante montre quatre déplacements.";
    body_refused(
        Lang::Fr,
        "next-fr",
        &sections(Lang::Fr, ["", "", s, ""]),
        &sections(Lang::Fr, ["", "", "", s]),
        "figure suivante",
        "the text points to figures that follow, but none does in this section",
    );
}

#[test]
fn a_body_sentence_pointing_above_needs_a_figure_before_it_in_its_section() {
    // The figures of the section before do not count.
    let s = "As the figure above shows, light has four steps.";
    body_refused(
        Lang::En,
        "above",
        &sections(Lang::En, ["", "", "", s]),
        &sections(Lang::En, ["", "", s, ""]),
        "figure above",
        "the text points to figures that come before, but none does in this section",
    );
}

#[test]
fn a_cell_said_empty_or_occupied_is_so_on_the_board() {
    // d5 holds a dark pawn, d3 nothing.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "The pawn on d4 cannot step to d5, which is occupied.",
        ("occupied", "empty"),
        "d5",
        "says `d5` is empty, but it is occupied",
    );
    refused(
        Lang::Fr,
        STEP,
        STEP_CLAIMS,
        "Le pion de d4 peut aller en d3, vide.",
        ("vide", "occupée"),
        "d3",
        "says `d3` is occupied, but it is empty",
    );
    // A negation between turns one into the other.
    refused(
        Lang::En,
        STEP,
        STEP_CLAIMS,
        "The pawn on d4 may step to d3, which is not occupied.",
        ("not occupied", "occupied"),
        "d3",
        "says `d3` is occupied, but it is empty",
    );
}

/// Draughts, dark to move: the man on c3 can jump the light man on d4 (e5 is empty).
const JUMP: &str = r#"game = "draughts"
to_move = "dark"
board = """
. . . . . . . w
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . w . . . .
. . b . . . . .
. . . . . . . .
. . . . . . . .
"""
"#;

/// The same with e5 taken: the jump is not there.
const NO_JUMP: &str = r#"game = "draughts"
to_move = "dark"
board = """
. . . . . . . w
. . . . . . . .
. . . . . . . .
. . . . w . . .
. . . w . . . .
. . b . . . . .
. . . . . . . .
. . . . . . . .
"""
"#;

#[test]
fn a_jump_over_a_cell_is_bound_to_the_moves_over_it_not_to_it() {
    // A designer's false alarm: `may jump over d4` beside the illegal step `c3-d4` was read as
    // the step to d4. The jump over d4 is what the sentence says, and its legality decides.
    refused(
        Lang::En,
        JUMP,
        "legal = [\"c3xe5\"]\nillegal = [\"c3-d4\"]",
        "The dark man on c3 may jump over the light man on d4.",
        ("may jump", "cannot jump"),
        "c3",
        "cannot make that move",
    );
    // Its lie where the jump is not there: `may jump over d4` is caught.
    refused(
        Lang::En,
        NO_JUMP,
        "legal = [\"c3-b4\"]\nillegal = [\"c3xe5\", \"c3-d4\"]",
        "The dark man on c3 cannot jump over the light man on d4.",
        ("cannot jump", "may jump"),
        "c3",
        "can make that move",
    );
    refused(
        Lang::Fr,
        JUMP,
        "legal = [\"c3xe5\"]\nillegal = [\"c3-d4\"]",
        "Le pion sombre de c3 peut sauter par-dessus le pion clair de d4.",
        ("peut sauter", "ne peut pas sauter"),
        "c3",
        "cannot make that move",
    );
}

/// Tic-tac-toe, nought to move and win on a1 down column a.
const NOUGHT_WINS: &str = r#"game = "tictactoe"
to_move = "nought"
board = """
O X X
O . .
. X .
"""
"#;

const NOUGHT_WINS_CLAIMS: &str = r#"legal = ["a1"]
after = { move = "a1", winner = "nought" }"#;

/// A cell a verb of putting puts a piece on is a cell of a claimed legal move: `plays b1`,
/// where a cross stands and no claim plays, is refused at the cell; so is a cell listed after
/// a count of moves (Reversi's start: e4 holds a disc).
#[test]
fn a_cell_played_on_is_a_claimed_move() {
    refused(
        Lang::En,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Nought plays a1 and wins with the column a1, a2, a3.",
        ("plays a1", "plays b1"),
        "b1 and",
        "no claimed legal move puts one there",
    );
    refused(
        Lang::Fr,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Les ronds jouent a1 et gagnent avec la colonne a1, a2, a3.",
        ("jouent a1", "jouent b3"),
        "b3 et",
        "no claimed legal move puts one there",
    );
    let start = "game = \"reversi\"\nto_move = \"black\"\nboard = \"\"\"\n........\n........\n........\n...WB...\n...BW...\n........\n........\n........\n\"\"\"\n";
    refused(
        Lang::En,
        start,
        "moves = [\"c5\", \"d6\", \"e3\", \"f4\"]",
        "Black has 4 moves, c5, d6, e3 and f4.",
        ("and f4", "and e4"),
        "e4.",
        "no claimed legal move puts one there",
    );
}

/// Cells a line noun lists make a line of that shape, in order: `the row a1, a2, a3` (a
/// column) and `the diagonal a3, b2, c2` are refused at the noun.
#[test]
fn cells_a_line_noun_lists_make_that_line() {
    refused(
        Lang::En,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Nought plays a1 and wins with the column a1, a2, a3.",
        ("column", "row"),
        "row a1",
        "which do not make one",
    );
    refused(
        Lang::Fr,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Les ronds jouent a1 et gagnent avec la colonne a1, a2, a3.",
        ("a2, a3", "a3, a2"),
        "colonne",
        "which do not make one",
    );
    refused(
        Lang::En,
        "game = \"tictactoe\"\nto_move = \"cross\"\nboard = \"\"\"\nX O .\n. X O\n. . .\n\"\"\"\n",
        "legal = [\"c1\"]\nafter = { move = \"c1\", winner = \"cross\" }",
        "Cross plays c1 and wins on the diagonal a3, b2, c1.",
        ("b2, c1.", "b2, c2."),
        "diagonal",
        "which do not make one",
    );
}

/// `draws` is a draw, and `n’est pas finie` says the game goes on.
#[test]
fn a_draw_and_a_game_not_over_are_read_in_every_form() {
    refused(
        Lang::En,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Nought plays a1 and wins.",
        ("wins", "draws"),
        "draws",
        "drawn",
    );
    refused(
        Lang::Fr,
        NOUGHT_WINS,
        "legal = [\"a1\"]\nafter = { move = \"a1\", winner = \"nought\", over = true }",
        "Après a1, la partie est finie.",
        ("est finie", "n’est pas finie"),
        "finie",
        "goes on",
    );
}

/// `top`, `bottom`, `left`, `right` said of a row, a column or an edge bind where its cells lie:
/// `the bottom row a3, b3, c3` and `a1, sur le bord du haut` are refused at the noun.
#[test]
fn a_row_or_an_edge_said_top_or_bottom_is_where_its_cells_lie() {
    refused(
        Lang::En,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Nought plays a1 and wins; the top row a3, b3, c3 is full.",
        ("top row", "bottom row"),
        "row a3",
        "the pieces reach further that way",
    );
    refused(
        Lang::Fr,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Les ronds jouent a1, sur le bord du bas, et gagnent.",
        ("du bas", "du haut"),
        "bord du haut",
        "no cell its clause names lies on it",
    );
}

/// Draughts: dark's man on c3 takes twice, c3xe5xg7 (light men on b8, d4, f6; dark on g1).
const TAKES_TWICE: &str = r#"game = "draughts"
to_move = "dark"
board = """
. w . . . . . .
. . . . . . . .
. . . . . w . .
. . . . . . . .
. . . w . . . .
. . b . . . . .
. . . . . . . .
. . . . . . b .
"""
"#;

const TAKES_TWICE_CLAIMS: &str = r#"moves = ["c3xe5xg7"]
illegal = ["c3xe5", "g1-h2"]"#;

/// Draughts: a dark man on c3, a dark king on e5.
const MAN_AND_KING: &str = r#"game = "draughts"
to_move = "dark"
board = """
. . . . . . . w
. . . . . . . .
. . . . . . . .
. . . . B . . .
. . . . . . . .
. . b . . . . .
. . . . . . . .
. . . . . . . .
"""
"#;

const MAN_AND_KING_CLAIMS: &str =
    r#"moves = ["c3-b4", "c3-d4", "e5-d4", "e5-d6", "e5-f4", "e5-f6"]"#;

/// A board, a column or a region said full or empty is so, on the board drawn or, when the
/// sentence tells the move, after it.
#[test]
fn a_board_or_a_line_said_full_or_empty_is_so() {
    refused(
        Lang::En,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Nought plays a1 and wins: column a is full.",
        ("column a", "column b"),
        "full",
        "is full, but it is not",
    );
    refused(
        Lang::Fr,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Les ronds jouent a1 et gagnent : la grille n’est pas pleine.",
        ("n’est pas pleine", "est pleine"),
        "pleine",
        "is full, but it is not",
    );
}

/// A piece said still on the board is not one the move takes; naming none, the move takes
/// nothing of the side named.
#[test]
fn a_piece_said_still_on_the_board_is_not_taken() {
    refused(
        Lang::En,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "c3xe5xg7 takes d4 and f6; the light man on b8 stays on the board.",
        ("on b8", "on d4"),
        "stays",
        "stay on the board",
    );
    refused(
        Lang::Fr,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "c3xe5xg7 prend d4 et f6 ; le pion clair de b8 reste sur le damier.",
        ("de b8", "de f6"),
        "reste",
        "stay on the board",
    );
}

/// Pieces said to keep their side keep it after the move the sentence tells.
#[test]
fn a_piece_said_to_keep_its_side_keeps_it() {
    let reversi = r#"game = "reversi"
to_move = "black"
board = """
. . . . . . . .
. . . . . . . .
. . . . B . . .
. . . W B W . .
. . . B W W . .
. . . . . W . .
. . . . . . . .
. . . . . . . .
"""
"#;
    let claims = "legal = [\"g4\"]\nafter = { move = \"g4\" }";
    refused(
        Lang::En,
        reversi,
        claims,
        "Black plays g4: the white disc on d5 keeps its side.",
        ("on d5", "on f5"),
        "keeps",
        "keep their side",
    );
    refused(
        Lang::Fr,
        reversi,
        claims,
        "Les noirs jouent g4 : le pion blanc de d5 garde son camp.",
        ("de d5", "de e4"),
        "garde",
        "keep their side",
    );
}

/// `the only move` is a side's one move; `one among several`, one of more.
#[test]
fn the_only_move_is_the_one_move_claimed() {
    refused(
        Lang::En,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "c3xe5xg7 is the only move.",
        ("the only move", "one move among several"),
        "among",
        "one move among others",
    );
    refused(
        Lang::Fr,
        MAN_AND_KING,
        MAN_AND_KING_CLAIMS,
        "La dame de e5 peut aller en d6, un coup parmi d’autres.",
        ("un coup parmi d’autres", "le seul coup"),
        "seul",
        "the only move",
    );
}

/// A move said still possible where the game is over and no move is left is refused.
#[test]
fn a_move_said_still_possible_needs_one() {
    let over = r#"game = "tictactoe"
to_move = "cross"
board = """
O X X
O X .
O . .
"""
"#;
    refused(
        Lang::En,
        over,
        "winner = \"nought\"",
        "Nought has won: no move is possible any more.",
        ("no move is possible any more", "one move is still possible"),
        "still",
        "still possible",
    );
}

/// An ordinal in a list of steps counts the steps of its kind listed before it; a stack's
/// layer is the height of a cell the sentence names.
#[test]
fn an_ordinal_counts_what_its_sentence_lists_before_it() {
    refused(
        Lang::En,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "c3xe5xg7 takes d4 and f6: a jump, then a second jump.",
        ("second", "third"),
        "third",
        "it lists 1 before it",
    );
    refused(
        Lang::Fr,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "c3xe5xg7 prend d4 et f6 : un saut, puis un second saut.",
        ("second", "troisième"),
        "troisième",
        "it lists 1 before it",
    );
    let bricks = r#"game = "alphabrick"
to_move = "south"
die = 1
board = """
. N . . N . . N .
. . . . . . . . .
. . . . . . . . .
1 1 . . . . . . .
1 1 1 1 1 1 1 S 1
. . S . . . . . .
. . . . . . . . .
1 1 1 1 S 1 1 1 1
"""
"#;
    refused(
        Lang::En,
        bricks,
        "legal = [\"c3-c4 [a1]\"]\nafter = { move = \"c3-c4 [a1]\" }",
        "The brick from c4 goes on a1, as a second layer.",
        ("second", "third"),
        "third",
        "no cell it names holds 3 pieces",
    );
}

/// `forward` and `backward` are each side's own (its rules' `forward`); a side's front row is
/// the line of its pieces farthest forward.
#[test]
fn forward_and_backward_are_the_side_s_own() {
    refused(
        Lang::En,
        MAN_AND_KING,
        MAN_AND_KING_CLAIMS,
        "The king on e5 may go forward to d6 or f6.",
        ("forward", "backward"),
        "backward",
        "goes forward for its side",
    );
    refused(
        Lang::Fr,
        MAN_AND_KING,
        MAN_AND_KING_CLAIMS,
        "La dame de e5 peut reculer en d4 ou en f4.",
        ("reculer", "avancer"),
        "avancer",
        "goes backward for its side",
    );
    refused(
        Lang::En,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "Dark must take with the man of its front row: c3xe5xg7.",
        ("front row", "back row"),
        "row:",
        "no move it speaks of leaves it",
    );
}

/// A piece said to reach cells (named, or the highlighted ones) has a claimed legal move there;
/// said not to, none.
#[test]
fn a_piece_said_to_reach_cells_has_a_legal_move_there() {
    refused(
        Lang::En,
        MAN_AND_KING,
        MAN_AND_KING_CLAIMS,
        "The king on e5 can reach d6 and f6.",
        ("can reach", "cannot reach"),
        "reach",
        "a claimed legal move gets there",
    );
    refused(
        Lang::Fr,
        MAN_AND_KING,
        MAN_AND_KING_CLAIMS,
        "La dame de e5 peut atteindre d6 ou f6.",
        ("peut atteindre", "ne peut pas atteindre"),
        "atteindre",
        "a claimed legal move gets there",
    );
}

/// A clause that only gives a verdict (`: allowed.`) judges the moves the clause before it
/// names, or those with as many steps as it counts.
#[test]
fn a_verdict_in_a_clause_of_its_own_judges_the_move_before_it() {
    refused(
        Lang::En,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "Two jumps in one move: allowed.",
        ("allowed", "not allowed"),
        "not allowed",
        "the claims hold it legal",
    );
    refused(
        Lang::Fr,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "Deux sauts en un seul coup : permis.",
        ("permis", "interdit"),
        "interdit",
        "the claims hold it legal",
    );
}

/// A count of pieces `left` (`n’a plus que`) is of the pieces on the board, not of a count the
/// position keeps aside (Imperator's pawns in hand); `took N` is a count taken, not of the
/// pieces on the board.
#[test]
fn pieces_left_are_on_the_board_and_pieces_taken_were_taken() {
    let free = r#"game = "imperator"
to_move = "red"
in_hand = { red = 4, white = 4 }
board = """
W . W . W . .
W . W . . . . . .
. . . . R . . . . . .
. . . . . . . . W . .
. . . . . . . . .
R R R R R . .
"""
"#;
    // Red has 4 pawns in hand: a count of pawns left is not that one.
    let claims = "tokens = { R = 6 }";
    refused(
        Lang::En,
        free,
        claims,
        "Red has 6 pawns left on the board.",
        ("6 pawns", "4 pawns"),
        "4 pawns",
        "which no claim of this example states",
    );
    refused(
        Lang::Fr,
        free,
        claims,
        "Rouge n’a plus que 6 pions sur le plateau.",
        ("6 pions", "4 pions"),
        "4 pions",
        "which no claim of this example states",
    );
    let end = r#"game = "lignes"
to_move = "light"
taken = { light = 2, dark = 1 }
board = """
LLLLLLLLLL
LLLLLLLLLD
DDDDDDDDDD
DDDDDDD...
"""
"#;
    refused(
        Lang::En,
        end,
        "over = true\nwinner = \"light\"\ntokens = { L = 19 }",
        "All pawns are placed: light took 2 pawns. Light wins.",
        ("took 2", "took 19"),
        "19",
        "which no claim of this example states",
    );
}

/// A piece turned to a side's face shows that side after the move; a side that acts after a
/// pass in the sentence is the next side to move.
#[test]
fn a_face_turned_and_a_turn_after_a_pass_are_the_claimed_sides() {
    let brick_six = r#"game = "alphabrick"
to_move = "south"
die = 6
board = """
. N . . N . . N .
. . . . . . . . .
. . . . . . . . .
1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1
. . . . . . . . .
. . . . . . . . .
. S . . S . . S .
"""
"#;
    let claims = "moves = [\"pass\"]\nafter = { move = \"pass\", to_move = \"north\" }";
    refused(
        Lang::En,
        brick_six,
        claims,
        "A 6: South passes, North rolls.",
        ("North rolls", "South rolls"),
        "South rolls",
        "the next side to move is north",
    );
    refused(
        Lang::Fr,
        brick_six,
        claims,
        "Un 6 : Sud passe, Nord lance.",
        ("Nord lance", "Sud lance"),
        "Sud lance",
        "the next side to move is north",
    );
}

/// A cell a verb of putting reaches past its object (`puts the last mark on a1`, `jouent le
/// dernier jeton en g6`) is a cell of a claimed legal move.
#[test]
fn a_cell_put_on_past_the_verb_s_object_is_a_claimed_move() {
    refused(
        Lang::En,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Nought puts the last mark on a1 and wins.",
        ("on a1", "on b3"),
        "b3",
        "no claimed legal move puts one there",
    );
    refused(
        Lang::Fr,
        NOUGHT_WINS,
        NOUGHT_WINS_CLAIMS,
        "Les ronds posent leur dernière marque en a1 et gagnent.",
        ("en a1", "en b3"),
        "b3",
        "no claimed legal move puts one there",
    );
}

/// A score below zero (`−3`) is bound like any number (a team's, here); taking said
/// compulsory or not matches the claimed moves when a claim lists them all; a piece said
/// encircled has an opposing piece across each side; a step `back` in a game without a forward
/// goes against the step before it in a claimed path.
#[test]
fn scores_below_zero_compulsory_takes_encircling_and_steps_back_are_bound() {
    let teams = TILES.replace(
        "to_move = \"blue\"\n",
        "to_move = \"blue\"\nplayers = 2\nscoring = \"difference\"\n",
    );
    let teams = teams.as_str();
    refused(
        Lang::En,
        teams,
        "over = true\nscores = { \"blue+red\" = -3, \"yellow+green\" = 1 }\nwinner = \"yellow+green\"\nsuccessors = 0",
        "Blue and red −3, yellow and green 1: the yellow and green side wins.",
        ("−3", "−4"),
        "−4",
        "which no claim states for that team",
    );
    refused(
        Lang::En,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "The man on c3 must take: c3xe5xg7.",
        ("must take", "need not take"),
        "take:",
        "every claimed legal move takes",
    );
    refused(
        Lang::Fr,
        TAKES_TWICE,
        TAKES_TWICE_CLAIMS,
        "Le pion de c3 doit prendre : c3xe5xg7.",
        ("doit prendre", "n’est pas obligé de prendre"),
        "prendre",
        "every claimed legal move takes",
    );
    let ring = r#"game = "lignes"
to_move = "light"
taken = { light = 0, dark = 13 }
board = """
DL.L.
LDLDL
L..L.
"""
"#;
    let ring_claims = "moves = [\">0,0:s\", \">0,1:w\", \">1,2:e\", \">3,0:s\", \">3,2:n\"]";
    refused(
        Lang::En,
        ring,
        ring_claims,
        "The dark pawn on (3, 1) is encircled.",
        ("is encircled", "is not encircled"),
        "encircled",
        "not encircled, but it is",
    );
    refused(
        Lang::Fr,
        ring,
        ring_claims,
        "Le pion foncé de (3 ; 1) est encerclé.",
        ("est encerclé", "n’est pas encerclé"),
        "encerclé",
        "not encircled, but it is",
    );
    let green = r#"game = "arlecchino"
to_move = "green"
board = """
. . . . . .
. . . . . .
. . . . . .
. . BBYR . . .
. GGGG . . . .
. . . . . .
"""
"#;
    let green_claims = "legal = [\"b2-c2xc4-c3\"]";
    refused(
        Lang::En,
        green,
        green_claims,
        "A step, a jump, then a step back: b2-c2xc4-c3.",
        ("step back", "step forward"),
        "forward",
        "no claimed path's step goes that way",
    );
}

/// Where a piece goes (`may go to b4 or d4, never back to b2`, « jamais reculer en b2 ») binds
/// the claimed moves from the cell the clause names first, a phrase taking the polarity of the
/// one before it; `the only double capture` counts the listed moves that take two; a hole said
/// filled is a take's; French `ne peut` alone says no.
#[test]
fn where_a_piece_goes_the_only_capture_and_a_hole_filled_are_bound() {
    let claims = "moves = [\"c3-b4\", \"c3-d4\", \"e5-d4\", \"e5-d6\", \"e5-f4\", \"e5-f6\"]\nillegal = [\"c3-b2\", \"c3-d2\"]";
    refused(
        Lang::En,
        MAN_AND_KING,
        claims,
        "The man on c3 may go to b4 or d4, never back to b2.",
        ("never back", "back"),
        "b2",
        "the claims hold it illegal",
    );
    refused(
        Lang::Fr,
        MAN_AND_KING,
        claims,
        "Le pion de c3 peut aller en b4 ou en d4, jamais reculer en b2.",
        ("jamais reculer", "reculer"),
        "b2",
        "the claims hold it illegal",
    );
    refused(
        Lang::En,
        DOUBLE,
        DOUBLE_CLAIMS,
        "c3xf6 takes d4 and e5: it is the only double capture.",
        ("it is the only", "it is not the only"),
        "only",
        "1 claimed legal moves are",
    );
    refused(
        Lang::Fr,
        DOUBLE,
        DOUBLE_CLAIMS,
        "c3xf6 prend d4 et e5 : c’est la seule double prise.",
        ("c’est la seule", "ce n’est pas la seule"),
        "seule",
        "1 claimed legal moves are",
    );
    let ring = r#"game = "lignes"
to_move = "light"
taken = { light = 0, dark = 13 }
board = """
DL.L.
LDLDL
L..L.
"""
"#;
    let ring_claims = "moves = [\">0,0:s\", \">0,1:w\", \">1,2:e\", \">3,0:s\", \">3,2:n\"]\nillegal = [\">0,0:s *3,1 >2,1:e\"]";
    refused(
        Lang::En,
        ring,
        ring_claims,
        "Whatever the push, the hole cannot be filled afterwards.",
        ("cannot", "can"),
        "filled",
        "takes a piece",
    );
    refused(
        Lang::Fr,
        ring,
        ring_claims,
        "Quelle que soit la poussée, le trou ne peut ensuite être bouché.",
        ("ne peut", "peut"),
        "bouché",
        "takes a piece",
    );
}

/// A round the position counts (Imbriqua's `talons_done`, named by `[diagram] ordinals`) is
/// the round a caption's ordinal names: `the second pass` with one pass done.
#[test]
fn a_round_a_position_counts_is_the_round_its_ordinal_names() {
    let pass = r#"game = "imbriqua"
to_move = "light"
phase = "action"
card = "step-orth"
talons_done = 1
last_placed = "b2"
deck = []
discard = ["place-two", "jump-orth", "step-diag", "slide-orth", "slide-diag", "jump-diag", "far-jump-orth", "far-jump-diag", "double-jump-orth", "double-jump-diag"]
board = """
........
........
........
........
........
........
.L......
........
"""
"#;
    refused(
        Lang::En,
        pass,
        "legal = [\"b2-b3\"]",
        "The last card of the second pass through the deck: b2-b3.",
        ("second", "third"),
        "third",
        "the position is in round 2",
    );
    refused(
        Lang::Fr,
        pass,
        "legal = [\"b2-b3\"]",
        "La dernière carte du deuxième talon : b2-b3.",
        ("deuxième", "troisième"),
        "troisième",
        "the position is in round 2",
    );
}

/// `one push is allowed` where the claims hold no move, and `no brick left in the middle`
/// where one stands there, are refused.
#[test]
fn one_move_allowed_and_pieces_in_the_middle_are_counted() {
    let stuck = r#"game = "lignes"
to_move = "dark"
taken = { light = 6, dark = 0 }
board = """
..L..
..L..
LLDLL
..L..
..L..
"""
"#;
    refused(
        Lang::En,
        stuck,
        "over = true\nwinner = \"light\"\nsuccessors = 0",
        "No push is allowed: dark cannot play and loses.",
        ("No push", "One push"),
        "One push",
        "the claims hold none",
    );
    refused(
        Lang::Fr,
        BRICKS,
        BRICKS_CLAIMS,
        "Junior : plus aucune brique au milieu ; Sud gagne.",
        ("plus aucune brique", "encore une brique"),
        "une brique",
        "in the middle, but 0 stand there",
    );
}

#[test]
fn none_and_some_are_read_on_the_board_s_shape() {
    // Two cells that share a side, or not (Imperator's triangles: d5 and d7 meet at a corner).
    let ring = r#"game = "imperator"
to_move = "red"
in_hand = { red = 6, white = 6 }
board = """
. . W . . . .
. . . . . . . . .
. . . R W . W R . . .
. . . . R . R . . . .
. . . . . . . . .
. . W . . . .
"""
"#;
    refused(
        Lang::En,
        ring,
        "legal = [\"d6\"]",
        "Red places on d6, by the white pawns on d5 and d7, which share no side.",
        ("share no side", "share one side"),
        "one side",
        "d5 and d7 share a side, but they do not",
    );
    refused(
        Lang::Fr,
        ring,
        "legal = [\"d6\"]",
        "Rouge pose en d6, près des pions blancs de d5 et de d7, qui n’ont aucun côté commun.",
        ("n’ont aucun côté", "ont un côté"),
        "un côté",
        "d5 and d7 share a side, but they do not",
    );
    // Landing cells past a cell, on the line of the sentence's move.
    refused(
        Lang::En,
        DOUBLE,
        DOUBLE_CLAIMS,
        "c3xf6 takes d4 and e5; beyond a1 there is no landing cell.",
        ("no landing", "one landing"),
        "one landing",
        "a cell to land on beyond a1, but there is none",
    );
    refused(
        Lang::Fr,
        DOUBLE,
        DOUBLE_CLAIMS,
        "c3xf6 prend d4 et e5 ; au-delà de a1, il n’y a pas de case d’arrivée.",
        ("n’y a pas de case", "y a une case"),
        "une case",
        "a cell to land on beyond a1, but there is none",
    );
    // The empty cells a capture needs before the piece it takes.
    let long = r#"game = "imbriqua"
to_move = "light"
phase = "action"
card = "far-jump-diag"
last_placed = "b2"
deck = ["place-two"]
discard = ["step-orth", "step-diag", "slide-orth", "slide-diag", "jump-orth", "jump-diag", "far-jump-orth", "double-jump-orth", "double-jump-diag"]
board = """
.......L
........
........
........
........
..D.....
.L......
........
"""
"#;
    let far = "moves = [\"b2xd4\", \"b2xe5\", \"b2xf6\", \"b2xg7\"]\nillegal = [\"b2xh8\"]";
    refused(
        Lang::En,
        long,
        far,
        "b2 takes c3, right next to it: a long capture needs no empty cell before the captured pawn.",
        ("needs no empty", "needs one empty"),
        "one empty",
        "b2xd4 takes c3 with none",
    );
    refused(
        Lang::Fr,
        long,
        far,
        "b2 prend c3, son voisin : la prise lointaine n’exige pas de case vide avant le pion pris.",
        ("n’exige pas de case", "exige une case"),
        "une case",
        "b2xd4 takes c3 with none",
    );
    // The lines a move makes, as long as the game's line that ends it.
    let last = r#"game = "tictactoe"
to_move = "cross"
board = """
X O X
X O O
O X .
"""
"#;
    refused(
        Lang::En,
        last,
        "moves = [\"c1\"]\nafter = { move = \"c1\", winner = \"draw\" }",
        "Cross plays c1, the last empty cell, and makes no line: a draw.",
        ("makes no line", "makes one line"),
        "one line",
        "c1 makes a line, but it makes 0",
    );
    // A piece that can go into a full column.
    let full = r#"game = "connect4"
to_move = "red"
board = """
. . Y . . . .
. . R . . . .
. . Y . . . .
. . R . . . .
. . Y . . . .
. R R Y . . .
"""
"#;
    let six = "successors = 6\nillegal = [\"c\"]";
    refused(
        Lang::Fr,
        full,
        six,
        "La colonne c est pleine : aucun jeton ne peut y entrer.",
        ("aucun jeton ne peut", "un jeton peut"),
        "un jeton",
        "a piece can go into colonne c, but it is full",
    );
    refused(
        Lang::En,
        full,
        six,
        "Column c is full: no disc can go there.",
        ("no disc", "a disc"),
        "a disc",
        "a piece can go into Column c, but it is full",
    );
}

#[test]
fn a_pass_allowed_or_not_and_a_count_of_moves_denied_are_bound() {
    // « le droit de passer »: the claimed pass's legality.
    let jump = r#"game = "arlecchino"
to_move = "blue"
board = """
. . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . .
BBBB RRRR . . . .
"""
"#;
    let claims = "legal = [\"a1xc1\"]\nillegal = [\"pass\"]";
    refused(
        Lang::Fr,
        jump,
        claims,
        "Bleu peut sauter, par exemple a1xc1 : il n’a donc pas le droit de passer.",
        ("il n’a donc pas le droit", "il a donc le droit"),
        "passer",
        "passing is allowed here, but the claims hold it illegal",
    );
    refused(
        Lang::En,
        jump,
        claims,
        "Blue can jump, for instance a1xc1: so blue may not pass.",
        ("may not pass", "may pass"),
        "pass",
        "passing is allowed here, but the claims hold it illegal",
    );
    // A count of moves the phrase denies is not the claimed count.
    let start = r#"game = "alphabrick"
to_move = "south"
die = 2
board = """
. N . . N . . N .
. . . . . . . . .
. . . . . . . . .
1 1 1 1 1 1 1 1 1
1 1 1 1 1 1 1 1 1
. . . . . . . . .
. . . . . . . . .
. S . . S . . S .
"""
"#;
    refused(
        Lang::Fr,
        start,
        "successors = 66\nmoves = [\"b1-b3\", \"b1-d1\", \"b1-d3\", \"e1-c1\", \"e1-c3\", \"e1-e3\", \"e1-g1\", \"e1-g3\", \"h1-f1\", \"h1-f3\", \"h1-h3\"]",
        "Sud a fait 2 : ses pions de b1, e1 et h1 peuvent jouer onze coups en tout.",
        ("peuvent jouer", "ne peuvent pas jouer"),
        "onze",
        "cannot be played, but the claims count 11",
    );
}
