//! Lies a careless author could write under a figure, made blind (without reading the caption
//! check): every caption of every rulebook, French and English, is altered by each kind of
//! alteration below into a sentence that stays natural but states something false about the
//! figure, and the caption check must refuse it.
//!
//! An alteration that cannot be sure to change the meaning gives nothing: a clause that denies
//! (where swapping a side, a direction or a cell may leave it true) is left alone, a cell put in
//! place of another is chosen by what stands on it (an empty cell cannot be captured, a taken
//! one cannot be played), French "ne … que" is restrictive, not a negation, and "aucun … ne"
//! loses both words or neither.
//!
//! `CAPTION_LIES=1` prints each kind's catch rate and every lie that escaped; `CAPTION_LIES=all`
//! prints the caught lies too.

use crate::common;
use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::make;
use ludopress::rulebook::captions;
use ludopress::rulebook::example::Example;
use ludopress::rules::engine::Engine;
use std::collections::{BTreeMap, HashMap, HashSet};

/// What stands on a cell of the figure.
#[derive(Clone, Debug, PartialEq)]
enum Occ {
    Empty,
    Piece(Option<String>),
}

/// What an alteration knows besides the caption: the game, the language, which caption
/// (0 under the position, 1 under the position after the move) and the figure's cells.
struct Ctx {
    game: String,
    en: bool,
    which: usize,
    cells: HashMap<String, Occ>,
    plane: bool,
    occupied: HashSet<String>,
}

impl Ctx {
    fn of(game: &str, lang: Lang, which: usize, ex: &Example) -> Ctx {
        let mut cells = HashMap::new();
        for c in ex.board.cells() {
            if let Some(name) = &c.name {
                let occ = if c.occupied() {
                    Occ::Piece(c.side().map(String::from))
                } else {
                    Occ::Empty
                };
                cells.insert(name.clone(), occ);
            }
        }
        Ctx {
            game: game.to_string(),
            en: matches!(lang, Lang::En),
            which,
            cells,
            plane: ex.plane,
            occupied: ex.occupied.iter().cloned().collect(),
        }
    }

    /// What stands on `cell`, if it is a cell of the board.
    fn occ(&self, cell: &str) -> Option<Occ> {
        if self.plane {
            return Some(if self.occupied.contains(cell) {
                Occ::Piece(None)
            } else {
                Occ::Empty
            });
        }
        self.cells.get(cell).cloned()
    }

    fn is(&self, games: &[&str]) -> bool {
        games.contains(&self.game.as_str())
    }
}

type Alter = fn(&Ctx, &str) -> Option<String>;

/// The kinds of lies, by name.
const KINDS: [(&str, Alter); 17] = [
    ("side_subject", side_subject),
    ("side_owner", side_owner),
    ("direction", direction),
    ("permission", permission),
    ("modal", modal),
    ("win_lose", win_lose),
    ("draw_win", draw_win),
    ("over", over),
    ("count", count),
    ("count_swap", count_swap),
    ("cell_in_list", cell_in_list),
    ("capture_cell", capture_cell),
    ("move_target", move_target),
    ("ordinal", ordinal),
    ("none_some", none_some),
    ("only", only),
    ("state", state),
];

// ---------------------------------------------------------------------------------------------
// Words

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// Whether `t[s..e]` stands alone: no letter or digit glued to an end that is one.
fn bounded(t: &str, s: usize, e: usize) -> bool {
    let inner_first = t[s..e].chars().next().is_some_and(word_char);
    let inner_last = t[s..e].chars().next_back().is_some_and(word_char);
    let before = !inner_first || t[..s].chars().next_back().is_none_or(|c| !word_char(c));
    let after = !inner_last || t[e..].chars().next().is_none_or(|c| !word_char(c));
    before && after
}

/// The whole-word occurrences of `p`, or of `p` capitalised, in `t`: (start, capitalised).
fn finds(t: &str, p: &str) -> Vec<(usize, bool)> {
    let mut v = Vec::new();
    let capped = cap(p);
    for (pat, c) in [(p, false), (capped.as_str(), true)] {
        if c && pat == p {
            continue;
        }
        let mut from = 0;
        while let Some(i) = t[from..].find(pat) {
            let s = from + i;
            if bounded(t, s, s + pat.len()) {
                v.push((s, c));
            }
            from = s + pat.chars().next().map_or(1, char::len_utf8);
        }
    }
    v.sort();
    v
}

fn splice(t: &str, s: usize, e: usize, new: &str) -> String {
    format!("{}{new}{}", &t[..s], &t[e..])
}

/// Replaces the earliest occurrence of any `from` (the longest at a tie) that `ok` accepts by its
/// `to`, keeping a capital.
fn first_of(
    t: &str,
    pairs: &[(String, String)],
    ok: impl Fn(&str, usize, usize) -> bool,
) -> Option<String> {
    let mut best: Option<(usize, usize, bool, &str)> = None;
    for (from, to) in pairs {
        for (s, c) in finds(t, from) {
            let e = s + from.len();
            if !ok(t, s, e) {
                continue;
            }
            let better = match best {
                None => true,
                Some((bs, be, _, _)) => s < bs || (s == bs && e > be),
            };
            if better {
                best = Some((s, e, c, to));
            }
        }
    }
    let (s, e, c, to) = best?;
    let to = if c { cap(to) } else { to.to_string() };
    Some(splice(t, s, e, &to))
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn any(_: &str, _: usize, _: usize) -> bool {
    true
}

/// The clause around byte `at`: between the nearest `.`, `;`, `:` (or the ends).
/// A `;` inside parentheses belongs to a French square, "(2 ; 0)".
fn clause(t: &str, at: usize) -> &str {
    let mut depth = 0i32;
    let mut s = 0;
    for (i, c) in t.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '.' | ';' | ':' | '?' | '!' if depth <= 0 => {
                if i >= at {
                    return &t[s..i];
                }
                s = i + c.len_utf8();
            }
            _ => {}
        }
    }
    &t[s..]
}

/// Whether `c` names a move by its cells: "d4-e5", "c3xc5".
fn names_move(c: &str) -> bool {
    let b = c.as_bytes();
    (0..b.len()).any(|i| {
        let cell = |j: usize| {
            j + 1 < b.len() && (b'a'..=b'k').contains(&b[j]) && b[j + 1].is_ascii_digit()
        };
        if !cell(i) || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
            return false;
        }
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        j < b.len() && matches!(b[j], b'-' | b'x') && cell(j + 1)
    })
}

/// Whether the clause around `at` denies something (then swapping a side, a direction or a cell
/// in it may leave it true).
fn denies(t: &str, at: usize) -> bool {
    let c = clause(t, at).to_lowercase();
    const WORDS: [&str; 28] = [
        "not",
        "cannot",
        "never",
        "no",
        "refused",
        "would",
        "out of reach",
        "nothing",
        "without",
        "nobody",
        "ne",
        "jamais",
        "refusé",
        "refusée",
        "interdit",
        "interdite",
        "aucun",
        "aucune",
        "sans",
        "serait",
        "couperait",
        "rien",
        "personne",
        "ni",
        "pas",
        "plus accessibles",
        "illegal",
        "none",
    ];
    // "pas" after a number or an article is a step; "ne … que" restricts, it does not deny.
    let steps = [
        "un",
        "le",
        "les",
        "des",
        "ce",
        "quatre",
        "deux",
        "trois",
        "premier",
        "second",
        "troisième",
        "quatrième",
    ];
    let denial = |w: &&str| {
        finds(&c, w)
            .into_iter()
            .any(|(i, _)| *w != "pas" || !steps.contains(&prev_word(&c, i)))
    };
    let found: Vec<&str> = WORDS.iter().copied().filter(|w| denial(w)).collect();
    let ne = c.contains("n’") || !finds(&c, "ne").is_empty();
    let restrictive =
        (!finds(&c, "que").is_empty() || c.contains("qu’")) && found.iter().all(|w| *w == "ne");
    c.contains("n't") || (ne && !restrictive) || found.iter().any(|w| *w != "ne")
}

/// The word after byte `e` (skipping spaces).
fn next_word(t: &str, e: usize) -> &str {
    let rest = t[e..].trim_start_matches(' ');
    let end = rest.find(|c: char| !word_char(c)).unwrap_or(rest.len());
    &rest[..end]
}

/// The word before byte `s` (skipping spaces).
fn prev_word(t: &str, s: usize) -> &str {
    let before = t[..s].trim_end_matches(' ');
    let start = before.rfind(|c: char| !word_char(c)).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    &before[start..]
}

// ---------------------------------------------------------------------------------------------
// Sides

/// The sides' words in English, each with the word of the other side.
fn en_sides(ctx: &Ctx) -> Vec<(String, String)> {
    pairs(match ctx.game.as_str() {
        "breakthrough" | "breakthrough-py" | "reversi" => &[("white", "black"), ("black", "white")],
        "draughts" | "lignes" | "imbriqua" => &[("light", "dark"), ("dark", "light")],
        "connect4" => &[("red", "yellow"), ("yellow", "red")],
        "hex" => &[("red", "blue"), ("blue", "red")],
        "tictactoe" => &[("cross", "nought"), ("nought", "cross")],
        "alphabrick" => &[("south", "north"), ("north", "south")],
        "imperator" => &[("red", "white"), ("white", "red")],
        "arlecchino" => &[
            ("red", "blue"),
            ("blue", "red"),
            ("yellow", "green"),
            ("green", "yellow"),
        ],
        _ => &[],
    })
}

/// The sides as the subject of a French verb, each with the other side.
fn fr_subjects(ctx: &Ctx) -> Vec<(String, String)> {
    pairs(match ctx.game.as_str() {
        "breakthrough" | "breakthrough-py" | "reversi" => {
            &[("les blancs", "les noirs"), ("les noirs", "les blancs")]
        }
        "draughts" | "lignes" | "imbriqua" => {
            &[("les clairs", "les foncés"), ("les foncés", "les clairs")]
        }
        "connect4" => &[("les rouges", "les jaunes"), ("les jaunes", "les rouges")],
        "hex" => &[("les rouges", "les bleus"), ("les bleus", "les rouges")],
        "tictactoe" => &[
            ("les croix", "les ronds"),
            ("les ronds", "les croix"),
            ("aux croix", "aux ronds"),
            ("aux ronds", "aux croix"),
        ],
        "alphabrick" => &[("sud", "nord"), ("nord", "sud")],
        "imperator" => &[("rouge", "blanc"), ("blanc", "rouge")],
        "arlecchino" => &[
            ("rouge", "bleu"),
            ("bleu", "rouge"),
            ("jaune", "vert"),
            ("vert", "jaune"),
        ],
        _ => &[],
    })
}

/// The sides as French adjectives (after a piece), each with the other side's, same gender and
/// number.
fn fr_adjectives(ctx: &Ctx) -> Vec<(String, String)> {
    pairs(match ctx.game.as_str() {
        "breakthrough" | "breakthrough-py" | "reversi" => &[
            ("noir", "blanc"),
            ("blanc", "noir"),
            ("noirs", "blancs"),
            ("blancs", "noirs"),
            ("noire", "blanche"),
            ("blanche", "noire"),
        ],
        "draughts" | "lignes" | "imbriqua" => &[
            ("clair", "foncé"),
            ("foncé", "clair"),
            ("clairs", "foncés"),
            ("foncés", "clairs"),
        ],
        "connect4" => &[
            ("rouge", "jaune"),
            ("jaune", "rouge"),
            ("rouges", "jaunes"),
            ("jaunes", "rouges"),
        ],
        "hex" => &[
            ("rouge", "bleu"),
            ("bleu", "rouge"),
            ("rouges", "bleus"),
            ("bleus", "rouges"),
        ],
        "imperator" => &[
            ("rouge", "blanc"),
            ("blanc", "rouge"),
            ("rouges", "blancs"),
            ("blancs", "rouges"),
        ],
        "alphabrick" => &[("sud", "nord"), ("nord", "sud")],
        _ => &[],
    })
}

/// A side swapped where it is the one who moves, wins, passes, takes: "White moves" → "Black
/// moves", "les rouges jouent" → "les jaunes jouent", "it is cross’s turn" → "it is nought’s
/// turn". A subject of a denial is left alone ("white cannot capture d4" may hold for black).
fn side_subject(ctx: &Ctx, t: &str) -> Option<String> {
    let few = ctx.is(&["arlecchino"]);
    let verbs: &[&str] = match (ctx.en, few) {
        (true, true) => &["wins", "passes"],
        (true, false) => &[
            "moves",
            "plays",
            "played",
            "wins",
            "passes",
            "places",
            "rolls",
            "rolled",
            "has",
            "may",
            "can",
            "must",
            "could",
            "takes",
            "drops",
            "frames",
            "pushes",
            "holds",
            "threatens",
            "removes",
            "is",
            "loses",
            "blocked",
            "attacks",
        ],
        (false, true) => &["gagne", "passe"],
        (false, false) => &[
            "jouent",
            "joue",
            "gagnent",
            "gagne",
            "ont",
            "a",
            "peuvent",
            "peut",
            "posent",
            "pose",
            "passent",
            "passe",
            "encadrent",
            "retirent",
            "menacent",
            "doivent",
            "doit",
            "pourraient",
            "relance",
            "lance",
            "perdent",
            "perd",
            "au",
        ],
    };
    let subjects = if ctx.en {
        en_sides(ctx)
    } else {
        fr_subjects(ctx)
    };
    let ok = |t: &str, s: usize, e: usize| {
        // One colour of a team ("the blue and red side"), or a side beside another's count
        // ("Light frames 3 cells, dark 4": swapped, the sentence would name one side twice).
        if matches!(prev_word(t, s), "and" | "et") {
            let before = &t[..t[..s].trim_end().len() - prev_word(t, s).len()];
            let team = prev_word(before, before.len()).to_lowercase();
            if subjects.iter().any(|p| p.0 == team) {
                return false;
            }
        }
        let word = t[s..e].to_lowercase();
        let other = subjects.iter().find(|p| p.0 == word).map(|p| p.1.as_str());
        if let Some(other) = other {
            let c = clause(t, s);
            let counted = finds(c, other).into_iter().any(|(i, _)| {
                let rest = &c[i + other.len()..];
                let rest = rest.strip_prefix("’s").unwrap_or(rest);
                rest.strip_prefix(' ')
                    .is_some_and(|r| r.starts_with(|x: char| x.is_ascii_digit()))
            });
            if counted {
                return false;
            }
        }
        let w = next_word(t, e);
        let after = &t[e..];
        if after.starts_with("’s turn") || t[..s].ends_with("c’est à ") {
            return true;
        }
        if !ctx.en && t[..s].ends_with("c’est aux ") {
            return true;
        }
        if ctx.en && after.starts_with(" to move") {
            return true;
        }
        if !ctx.en && w == "au" {
            return after.starts_with(" au trait");
        }
        if !verbs.contains(&w) {
            return false;
        }
        // The verb's own denial, or a restriction ("ne … que").
        let rest = &t[e..];
        let two: Vec<&str> = rest
            .split(|c: char| !word_char(c))
            .filter(|w| !w.is_empty())
            .take(3)
            .collect();
        !two.iter()
            .any(|w| matches!(*w, "not" | "cannot" | "never" | "pas" | "que"))
    };
    first_of(t, &subjects, ok)
}

/// The side of a piece (or of a camp, a line, a group) swapped: "the black pawn" → "the white
/// pawn", "black’s pawn" → "white’s pawn", "le jeton rouge" → "le jeton jaune".
fn side_owner(ctx: &Ctx, t: &str) -> Option<String> {
    if ctx.is(&["arlecchino"]) {
        return None;
    }
    // Where pieces change colour, the colour named is the one before or after the change.
    let changing = [
        "become",
        "becomes",
        "turned",
        "devient",
        "deviennent",
        "retournés",
    ];
    if changing.iter().any(|w| !finds(t, w).is_empty()) {
        return None;
    }
    if ctx.en {
        let nouns = [
            "pawn", "pawns", "disc", "discs", "man", "men", "stone", "stones", "group", "camp",
            "line", "last", "king",
        ];
        let ok = |t: &str, s: usize, e: usize| {
            if denies(t, s) {
                return false;
            }
            let after = &t[e..];
            let after = after.strip_prefix("’s").unwrap_or(after);
            let w = next_word(after, 0);
            nouns.contains(&w) && after.starts_with(' ')
        };
        first_of(t, &en_sides(ctx), ok)
    } else {
        let nouns = [
            "pion",
            "pions",
            "jeton",
            "jetons",
            "dame",
            "dames",
            "groupe",
            "alignement",
            "camp",
        ];
        let ok = |t: &str, s: usize, _e: usize| !denies(t, s) && nouns.contains(&prev_word(t, s));
        first_of(t, &fr_adjectives(ctx), ok)
    }
}

// ---------------------------------------------------------------------------------------------
// Directions

/// A direction turned round or aside: "southwards" → "northwards", "forward" ⇄ "backward" (both
/// at once, so the sentence stays whole), "a straight jump" → "a diagonal jump", "the column a1,
/// a2, a3" → "the row a1, a2, a3", "le bord du bas" → "le bord du haut". Compass directions are
/// turned only where nothing is denied (a refused push may be refused the other way too).
fn direction(ctx: &Ctx, t: &str) -> Option<String> {
    let compass: Vec<(String, String)> = if ctx.is(&["lignes"]) {
        if ctx.en {
            pairs(&[
                ("southwards", "northwards"),
                ("northwards", "southwards"),
                ("east", "west"),
                ("west", "east"),
                ("north", "south"),
                ("south", "north"),
                ("top row", "bottom row"),
                ("bottom row", "top row"),
            ])
        } else {
            pairs(&[
                ("vers le sud", "vers le nord"),
                ("vers le nord", "vers le sud"),
                ("vers l’est", "vers l’ouest"),
                ("vers l’ouest", "vers l’est"),
                ("par l’ouest", "par l’est"),
                ("par l’est", "par l’ouest"),
                ("rangée du haut", "rangée du bas"),
                ("rangée du bas", "rangée du haut"),
            ])
        }
    } else {
        Vec::new()
    };
    let mut swaps: Vec<(String, String)> = if ctx.en {
        pairs(&[
            ("forward", "backward"),
            ("backward", "forward"),
            ("forwards", "backwards"),
            ("backwards", "forwards"),
            ("front row", "back row"),
            ("to the right", "to the left"),
            ("to the left", "to the right"),
            ("left-hand", "right-hand"),
            ("right-hand", "left-hand"),
            ("diagonal step", "straight step"),
            ("diagonal steps", "straight steps"),
            ("straight step", "diagonal step"),
            ("straight steps", "diagonal steps"),
            ("diagonal jump", "straight jump"),
            ("diagonal jumps", "straight jumps"),
            ("straight jump", "diagonal jump"),
            ("straight jumps", "diagonal jumps"),
            ("top edge", "bottom edge"),
            ("bottom edge", "top edge"),
        ])
    } else {
        pairs(&[
            ("avancer", "reculer"),
            ("reculer", "avancer"),
            ("en avant", "en arrière"),
            ("en arrière", "en avant"),
            ("rangée de devant", "rangée du fond"),
            ("à droite", "à gauche"),
            ("à gauche", "à droite"),
            ("bout gauche", "bout droit"),
            ("bout droit", "bout gauche"),
            ("pas droit", "pas en biais"),
            ("pas en biais", "pas droits"),
            ("saut droit", "saut en biais"),
            ("sauts droits", "sauts en biais"),
            ("sauts en biais", "sauts droits"),
            ("bord du bas", "bord du haut"),
            ("bord du haut", "bord du bas"),
        ])
    };
    // A line named by its cells.
    let lines = if ctx.en {
        [("column", "row"), ("diagonal", "row"), ("row", "column")]
    } else {
        [
            ("colonne", "rangée"),
            ("diagonale", "rangée"),
            ("rangée", "colonne"),
        ]
    };
    let cs = cells(t);
    for (from, to) in lines {
        for (s, c) in finds(t, from) {
            let e = s + from.len();
            let followed = cs.iter().any(|x| x.s == e + 1);
            if followed && t[e..].starts_with(' ') {
                let to = if c { cap(to) } else { to.to_string() };
                swaps.push((t[s..e].to_string(), to));
            }
        }
    }
    // The earliest direction word; every direction word of its clause turned at once. In a
    // denial only where the clause names the move it denies ("d4-e5 is not a straight step"):
    // "no pawn can make a straight step" may hold of diagonal ones too.
    let mut best: Option<(usize, bool)> = None;
    for (from, _) in &swaps {
        for (s, _) in finds(t, from) {
            if denies(t, s) && !names_move(clause(t, s)) {
                continue;
            }
            if best.is_none_or(|(b, _)| s < b) {
                best = Some((s, false));
            }
        }
    }
    for (from, _) in &compass {
        for (s, _) in finds(t, from) {
            if denies(t, s) {
                continue;
            }
            if best.is_none_or(|(b, _)| s < b) {
                best = Some((s, true));
            }
        }
    }
    let (at, is_compass) = best?;
    let c = clause(t, at);
    let cs0 = c.as_ptr() as usize - t.as_ptr() as usize;
    let list = if is_compass { &compass } else { &swaps };
    // Both ends of an edge-to-edge join turned would say the same thing.
    if c.contains("bottom edge") && c.contains("top edge")
        || c.contains("bord du bas") && c.contains("bord du haut")
    {
        return None;
    }
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        let mut hit: Option<(usize, String)> = None;
        for (from, to) in list {
            for (s, capd) in finds(&c[i..], from) {
                if s == 0 {
                    let to = if capd { cap(to) } else { to.clone() };
                    if hit.as_ref().is_none_or(|(l, _)| from.len() > *l) {
                        hit = Some((from.len(), to));
                    }
                }
            }
        }
        match hit {
            Some((l, to)) if bounded(c, i, i + l) => {
                out.push_str(&to);
                i += l;
            }
            _ => {
                let ch = c[i..].chars().next()?;
                out.push(ch);
                i += ch.len_utf8();
            }
        }
    }
    Some(splice(t, cs0, cs0 + c.len(), &out))
}

// ---------------------------------------------------------------------------------------------
// What may, must, can be done

/// A permission turned round in another form than "can"/"cannot": "is refused" → "is allowed",
/// "is not allowed" → "is allowed", "est interdit" → "est permis", "n’a pas le droit de" → "a
/// le droit de", "out of reach" → "within reach".
fn permission(ctx: &Ctx, t: &str) -> Option<String> {
    let list = if ctx.en {
        pairs(&[
            ("is refused", "is allowed"),
            ("would be refused", "would be allowed"),
            ("is not allowed", "is allowed"),
            ("are not allowed", "are allowed"),
            ("is allowed", "is refused"),
            ("are allowed", "are refused"),
            ("are illegal", "are legal"),
            ("is illegal", "is legal"),
            (": allowed", ": not allowed"),
            ("are out of reach", "are within reach"),
        ])
    } else {
        pairs(&[
            ("est refusé", "est permis"),
            ("serait refusé", "serait permis"),
            ("est interdit", "est permis"),
            ("est interdite", "est permise"),
            ("n’est pas permis", "est permis"),
            ("n’est pas permise", "est permise"),
            ("est permis", "est interdit"),
            ("est permise", "est interdite"),
            (": permis", ": interdit"),
            ("n’a donc pas le droit de", "a donc le droit de"),
            ("n’a pas le droit de", "a le droit de"),
            ("ne sont plus accessibles", "restent accessibles"),
        ])
    };
    // "no push is allowed" says none: turning the verb would keep it a denial.
    let ok = |t: &str, s: usize, _e: usize| {
        let c = clause(t, s).to_lowercase();
        finds(&c, "no").is_empty() && finds(&c, "aucune").is_empty() && !c.contains("ne l’est")
    };
    first_of(t, &list, ok)
}

/// A modal turned round: "may" → "must not", "may not" → "may", "must take" → "need not take",
/// "peut" → "ne peut pas", "ne peut pas" → "peut", "doit prendre" → "n’est pas obligé de
/// prendre". Not where "ne" belongs to "aucun … ne" or "ne … que", nor before "ni".
fn modal(ctx: &Ctx, t: &str) -> Option<String> {
    if ctx.en {
        let list = pairs(&[
            ("may not", "may"),
            ("may", "must not"),
            ("must take", "need not take"),
        ]);
        let ok = |t: &str, s: usize, e: usize| {
            !(t[s..e] == *"may" || t[s..e] == *"May") || !t[e..].starts_with(" not")
        };
        return first_of(t, &list, ok);
    }
    let list = pairs(&[
        ("ne peut pas", "peut"),
        ("ne peuvent pas", "peuvent"),
        ("ne peut", "peut"),
        ("peut", "ne peut pas"),
        ("peuvent", "ne peuvent pas"),
        ("doit prendre", "n’est pas obligé de prendre"),
    ]);
    let ok = |t: &str, s: usize, e: usize| {
        let c = clause(t, s);
        let cl = c.to_lowercase();
        let negated = t[s..e].starts_with("ne") || t[s..e].starts_with("Ne");
        if !negated && (t[..s].ends_with("ne ") || t[..s].ends_with("n’")) {
            return false;
        }
        if negated {
            let restrictive = !finds(&cl, "que").is_empty() || cl.contains("qu’");
            let none = [
                "aucun", "aucune", "personne", "rien", "ni", "plus", "jamais",
            ]
            .iter()
            .any(|w| !finds(&cl, w).is_empty());
            return !restrictive && !none;
        }
        true
    };
    first_of(t, &list, ok)
}

// ---------------------------------------------------------------------------------------------
// Results

/// A result turned round: "wins" → "loses", "has won" → "has lost", "gagnent" → "perdent".
fn win_lose(ctx: &Ctx, t: &str) -> Option<String> {
    let list = if ctx.en {
        pairs(&[
            ("wins", "loses"),
            ("loses", "wins"),
            ("has won", "has lost"),
        ])
    } else {
        pairs(&[
            ("gagne", "perd"),
            ("gagnent", "perdent"),
            ("perd", "gagne"),
            ("perdent", "gagnent"),
            ("ont gagné", "ont perdu"),
        ])
    };
    first_of(t, &list, any)
}

/// A draw said to be a win, a win said to be a draw: "the game is a draw" → "the game is won by
/// cross", "Yellow plays f4 and wins" → "Yellow plays f4 and draws".
fn draw_win(ctx: &Ctx, t: &str) -> Option<String> {
    let sides = en_sides(ctx);
    let first = sides.first().map(|p| p.0.clone())?;
    let fr_first = fr_subjects(ctx).first().map(|p| p.0.clone())?;
    let list = if ctx.en {
        vec![
            ("is a draw".to_string(), format!("is won by {first}")),
            (": a draw".to_string(), format!(": a win for {first}")),
            ("wins".to_string(), "draws".to_string()),
            ("has won".to_string(), "has drawn".to_string()),
        ]
    } else {
        let plural = fr_first.starts_with("les ");
        vec![
            (
                "la partie est nulle".to_string(),
                format!("{fr_first} {}", if plural { "gagnent" } else { "gagne" }),
            ),
            (
                ": partie nulle".to_string(),
                format!(": victoire de {fr_first}"),
            ),
            ("gagnent".to_string(), "font match nul".to_string()),
            ("gagne".to_string(), "fait match nul".to_string()),
            ("ont gagné".to_string(), "ont fait match nul".to_string()),
        ]
    };
    // A win said with its score ("wins by 36 to 28") is left alone: a draw has none.
    let ok = |t: &str, _s: usize, e: usize| {
        let w = next_word(t, e);
        !(w == "by" || w == "par" || w.starts_with(|c: char| c.is_ascii_digit()))
    };
    first_of(t, &list, ok)
}

/// A finished game said to go on: "the game is over and white wins" → "the game is not over and
/// white leads", "la partie est finie" → "la partie n’est pas finie".
fn over(ctx: &Ctx, t: &str) -> Option<String> {
    let (from, to) = if ctx.en {
        ("is over", "is not over")
    } else {
        ("est finie", "n’est pas finie")
    };
    let (s, _) = *finds(t, from).first()?;
    let mut out = splice(t, s, s + from.len(), to);
    // A winner named right after becomes one who leads.
    let after = s + to.len();
    let wins = if ctx.en {
        pairs(&[("wins", "leads"), ("has won", "leads")])
    } else {
        pairs(&[
            ("gagnent", "mènent"),
            ("gagne", "mène"),
            ("ont gagné", "mènent"),
        ])
    };
    let tail = &out[after..];
    let within = tail.find(['.', ';']).unwrap_or(tail.len()).min(40);
    if let Some(new_tail) = first_of(&tail[..within], &wins, any) {
        out = format!("{}{new_tail}{}", &out[..after], &tail[within..]);
    }
    Some(out)
}

// ---------------------------------------------------------------------------------------------
// Counts

const EN_NUMBERS: [&str; 13] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
];
const FR_NUMBERS: [&str; 13] = [
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze",
];
const EN_NOUNS: [&str; 21] = [
    "move", "cell", "step", "pawn", "jump", "tile", "brick", "zone", "disc", "stone", "push",
    "path", "run", "card", "square", "outcome", "man", "player", "line", "chain", "point",
];

fn plural_en(noun: &str) -> String {
    match noun {
        "man" => "men".into(),
        "push" => "pushes".into(),
        _ => format!("{noun}s"),
    }
}

/// A number in digits: (start, end, value), its groups of thousands read.
fn digit_numbers(t: &str) -> Vec<(usize, usize, i64)> {
    let b = t.as_bytes();
    let mut v = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !(b[i - 1] as char).is_alphanumeric()) {
            let s = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            // "1,770", "1 770" (a space, no-break or narrow).
            loop {
                let rest = &t[i..];
                let sep = [",", " ", "\u{a0}", "\u{202f}"]
                    .into_iter()
                    .find(|p| rest.starts_with(p));
                let Some(sep) = sep else { break };
                let digits = &rest[sep.len()..];
                let n = digits.bytes().take_while(u8::is_ascii_digit).count();
                if n == 3
                    && digits[3..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric())
                {
                    i += sep.len() + 3;
                } else {
                    break;
                }
            }
            let e = i;
            let glued = t[e..].chars().next().is_some_and(|c| c.is_alphanumeric());
            let value: String = t[s..e].chars().filter(char::is_ascii_digit).collect();
            if !glued {
                v.push((s, e, value.parse().unwrap_or(0)));
            }
        } else {
            i += 1;
        }
    }
    v
}

/// Whether the number at `s..e` counts something (not a die, a rank, a coordinate, a cell).
fn counts_something(t: &str, s: usize, e: usize) -> bool {
    let before = prev_word(t, s);
    let not_counts = [
        "rolled", "a", "A", "an", "un", "Un", "rank", "row", "fait", "rangée", "rang", "Avec",
    ];
    if not_counts.contains(&before) {
        return false;
    }
    // Inside parentheses: a coordinate.
    let open = t[..s].matches('(').count();
    let close = t[..s].matches(')').count();
    if open > close {
        return false;
    }
    // A cell's rank ("e5") is glued to its letter, so never found; the digit after "rank" is
    // left; a number before a colon names a die ("A 6:").
    !t[e..].trim_start().starts_with(':') || before.chars().next().is_some_and(char::is_numeric)
}

/// A count changed: "22 moves" → "23 moves", "eleven moves" → "twelve moves", "one cell" →
/// "two cells", "a single blue zone" → "two blue zones", "quatre sauts" → "cinq sauts".
fn count(ctx: &Ctx, t: &str) -> Option<String> {
    let mut cands: Vec<(usize, usize, String)> = Vec::new();
    for (s, e, v) in digit_numbers(t) {
        if counts_something(t, s, e) {
            let text = &t[s..e];
            let last = text.chars().last()?;
            let new = if last != '9' && text.len() > 1 {
                format!("{}{}", &text[..text.len() - 1], (last as u8 + 1) as char)
            } else {
                (v + 1).to_string()
            };
            cands.push((s, e, new));
        }
    }
    let words: &[&str] = if ctx.en { &EN_NUMBERS } else { &FR_NUMBERS };
    for (n, w) in words.iter().enumerate().skip(2) {
        for (s, c) in finds(t, w) {
            if n + 1 < words.len() {
                let to = if c {
                    cap(words[n + 1])
                } else {
                    words[n + 1].to_string()
                };
                cands.push((s, s + w.len(), to));
            }
        }
    }
    if ctx.en {
        // "one move" → "two moves", not at the head of a clause ("one move encircles").
        for (s, c) in finds(t, "one") {
            if c || t[..s].trim_end().ends_with(':') {
                continue;
            }
            let mut e = s + 3;
            let mut w = next_word(t, e);
            if w == "more" {
                e = t[e..].find("more").map(|i| e + i + 4)?;
                w = next_word(t, e);
            }
            if EN_NOUNS.contains(&w) {
                let ws = e + t[e..].find(w)?;
                let new = format!("two{}{}", &t[s + 3..ws], plural_en(w));
                cands.push((s, ws + w.len(), new));
            }
        }
        // "a single blue zone" → "two blue zones".
        for (s, c) in finds(t, "a single") {
            let rest = &t[s + 8..];
            let ws: Vec<&str> = rest.split(' ').filter(|w| !w.is_empty()).take(2).collect();
            for (k, w) in ws.iter().enumerate() {
                let bare = w.trim_end_matches(|c: char| !c.is_alphanumeric());
                if EN_NOUNS.contains(&bare) {
                    let head = ws[..k].join(" ");
                    let head = if head.is_empty() { head } else { head + " " };
                    let new = format!("{}wo {head}{}", if c { "T" } else { "t" }, plural_en(bare));
                    let end = s + 8 + rest.find(bare)? + bare.len();
                    cands.push((s, end, new));
                    break;
                }
            }
        }
    } else {
        for (from, to) in [
            ("d’une case", "de deux cases"),
            ("à un pas", "à deux pas"),
            ("un seul coup", "deux coups"),
            ("une seule chaîne", "deux chaînes"),
            ("n’a qu’un mouvement", "a deux mouvements"),
            ("un mouvement par", "deux mouvements par"),
        ] {
            for (s, c) in finds(t, from) {
                // "d’un seul coup" (at once) is no count.
                if t[..s].ends_with("d’") {
                    continue;
                }
                let to = if c { cap(to) } else { to.to_string() };
                cands.push((s, s + from.len(), to));
            }
        }
    }
    let (s, e, new) = cands
        .into_iter()
        .min_by_key(|c| (c.0, std::cmp::Reverse(c.1)))?;
    Some(splice(t, s, e, &new))
}

/// Two sides' counts swapped: "south has 12 in its camp, north 6" → "south has 6 in its camp,
/// north 12", "red wins 18 to 2" → "red wins 2 to 18".
fn count_swap(ctx: &Ctx, t: &str) -> Option<String> {
    let mut sides: Vec<String> = en_sides(ctx).into_iter().map(|p| p.0).collect();
    if !ctx.en {
        sides = fr_subjects(ctx)
            .into_iter()
            .map(|p| {
                p.0.trim_start_matches("les ")
                    .trim_start_matches("aux ")
                    .to_string()
            })
            .collect();
    }
    let nums: Vec<(usize, usize, i64)> = digit_numbers(t)
        .into_iter()
        .filter(|&(s, e, _)| counts_something(t, s, e))
        .collect();
    for w in nums.windows(2) {
        let (s1, e1, v1) = w[0];
        let (s2, e2, v2) = w[1];
        if v1 == v2 {
            continue;
        }
        let between = &t[e1..s2];
        if between.contains(['.', ';', ':']) {
            continue;
        }
        let side_between = sides.iter().any(|side| !finds(between, side).is_empty());
        let score = matches!(between, " to " | " à ");
        if !(side_between || score) {
            continue;
        }
        // The minus sign goes with its number.
        let sign = |s: usize| {
            if t[..s].ends_with('−') {
                '−'.len_utf8()
            } else {
                0
            }
        };
        let (s1, s2) = (s1 - sign(s1), s2 - sign(s2));
        let a = &t[s1..e1];
        let b = &t[s2..e2];
        let mut out = format!("{}{b}{}{a}{}", &t[..s1], &t[e1..s2], &t[e2..]);
        // "1 pawns" → "1 pawn".
        for (one_at, len) in [(s1, b.len()), (s1 + b.len() + (s2 - e1), a.len())] {
            let text = &out[one_at..one_at + len];
            if text == "1" {
                let w = next_word(&out, one_at + len).to_string();
                if w.len() > 1 && w.ends_with('s') && !w.ends_with("ss") {
                    let at = one_at + len + out[one_at + len..].find(&w)?;
                    out = splice(&out, at + w.len() - 1, at + w.len(), "");
                }
            }
        }
        return Some(out);
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Cells

/// A cell named in a caption: its place and its name as the board names it ("e5", "2,0").
#[derive(Debug)]
struct CellTok {
    s: usize,
    e: usize,
    name: String,
}

/// The cells a caption names: grid cells ("e5", "b11") and plane squares ("(2, 0)",
/// "(2 ; 0)").
fn cells(t: &str) -> Vec<CellTok> {
    let mut v = Vec::new();
    let b = t.as_bytes();
    for (i, c) in t.char_indices() {
        if ('a'..='k').contains(&c) && t[..i].chars().next_back().is_none_or(|p| !word_char(p)) {
            let n = b[i + 1..].iter().take_while(|x| x.is_ascii_digit()).count();
            let e = i + 1 + n;
            if (1..=2).contains(&n) && t[e..].chars().next().is_none_or(|x| !word_char(x)) {
                v.push(CellTok {
                    s: i,
                    e,
                    name: t[i..e].to_string(),
                });
            }
        }
        if c == '(' {
            if let Some((name, len)) = plane_square(&t[i..]) {
                v.push(CellTok {
                    s: i,
                    e: i + len,
                    name,
                });
            }
        }
    }
    v
}

/// "(2, 0)" or "(2 ; 0)" at the start of `t`: the square's name and the length.
fn plane_square(t: &str) -> Option<(String, usize)> {
    let close = t.find(')')?;
    let inner = &t[1..close];
    let (x, y) = inner.split_once(" ; ").or_else(|| inner.split_once(", "))?;
    let num = |s: &str| -> Option<i64> { s.replace('−', "-").parse().ok() };
    Some((format!("{},{}", num(x)?, num(y)?), close + 1))
}

/// How `name` is written in the caption's language.
fn written(ctx: &Ctx, name: &str) -> String {
    match name.split_once(',') {
        Some((x, y)) if ctx.en => format!("({x}, {y})"),
        Some((x, y)) => format!("({x} ; {y})"),
        None => name.to_string(),
    }
}

/// The cells around `name` on the board, beside it first.
fn neighbours(ctx: &Ctx, name: &str) -> Vec<String> {
    const AROUND: [(i64, i64); 8] = [
        (1, 0),
        (0, 1),
        (-1, 0),
        (0, -1),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    let mut v = Vec::new();
    if let Some((x, y)) = name.split_once(',') {
        let (Ok(x), Ok(y)) = (x.parse::<i64>(), y.parse::<i64>()) else {
            return v;
        };
        for (dx, dy) in AROUND {
            if x + dx >= 0 && y + dy >= 0 {
                v.push(format!("{},{}", x + dx, y + dy));
            }
        }
        return v;
    }
    let mut chars = name.chars();
    let Some(file) = chars.next() else { return v };
    let Ok(rank) = chars.as_str().parse::<i64>() else {
        return v;
    };
    for (df, dr) in AROUND {
        let f = file as i64 + df;
        let r = rank + dr;
        if (('a' as i64)..=('z' as i64)).contains(&f) && r >= 1 {
            let n = format!("{}{r}", f as u8 as char);
            if ctx.occ(&n).is_some() {
                v.push(n);
            }
        }
    }
    v
}

/// A neighbour of `name` that the caption does not name and that `want` accepts.
fn neighbour_where(ctx: &Ctx, t: &str, name: &str, want: impl Fn(&Occ) -> bool) -> Option<String> {
    let named: HashSet<String> = cells(t).into_iter().map(|c| c.name).collect();
    let mut around = neighbours(ctx, name);
    // Where pieces go diagonally, a diagonal neighbour is the one an author would slip to.
    if ctx.is(&["draughts", "imbriqua"]) {
        let (diagonal, beside): (Vec<String>, Vec<String>) = around
            .into_iter()
            .partition(|n| n.as_bytes()[0] != name.as_bytes()[0] && n[1..] != name[1..]);
        around = diagonal.into_iter().chain(beside).collect();
    }
    around
        .into_iter()
        .find(|n| !named.contains(n) && ctx.occ(n).is_some_and(|o| want(&o)))
}

/// Runs of cells written as a list: "b1, c1, d1 and e1", "light on (0, 0), dark on (1, 0)".
fn cell_lists(t: &str) -> Vec<Vec<CellTok>> {
    let seps = [
        ", ",
        " and ",
        " or ",
        ", and ",
        ", or ",
        " et ",
        " ou ",
        " ou en ",
        ", ou ",
        ", light on ",
        ", dark on ",
        ", clair en ",
        ", foncé en ",
    ];
    let mut lists: Vec<Vec<CellTok>> = Vec::new();
    let mut cur: Vec<CellTok> = Vec::new();
    for c in cells(t) {
        let joined = cur
            .last()
            .is_some_and(|p: &CellTok| seps.contains(&&t[p.e..c.s]));
        if !joined && !cur.is_empty() {
            lists.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        lists.push(cur);
    }
    lists
}

/// The last cell of a list of three or more replaced by a neighbour where a different thing
/// stands: a piece of a line by an empty cell, an empty destination by a taken cell.
fn cell_in_list(ctx: &Ctx, t: &str) -> Option<String> {
    if ctx.which != 0 || ctx.is(&["arlecchino", "alphabrick"]) {
        return None;
    }
    for list in cell_lists(t) {
        if list.len() < 3 {
            continue;
        }
        let last = list.last()?;
        if denies(t, last.s) {
            continue;
        }
        let Some(occ) = ctx.occ(&last.name) else {
            continue;
        };
        let empty = occ == Occ::Empty;
        let new = neighbour_where(ctx, t, &last.name, |o| (*o == Occ::Empty) != empty);
        if let Some(new) = new {
            return Some(splice(t, last.s, last.e, &written(ctx, &new)));
        }
    }
    None
}

/// The cell of a taken piece replaced by an empty neighbour: "takes d4 and f6" → "takes e3 and
/// f6", "prendre en e5" → "prendre en f6".
fn capture_cell(ctx: &Ctx, t: &str) -> Option<String> {
    if ctx.which != 0 {
        return None;
    }
    let verbs: &[&str] = if ctx.en {
        &[
            "takes ",
            "captures ",
            "capture ",
            "capture on ",
            "attacks ",
            "take ",
        ]
    } else {
        &["prend ", "prennent ", "prendre ", "prendre en ", "attaque "]
    };
    for c in cells(t) {
        if !verbs.iter().any(|v| t[..c.s].ends_with(v)) || denies(t, c.s) {
            continue;
        }
        if !matches!(ctx.occ(&c.name), Some(Occ::Piece(_))) {
            continue;
        }
        if let Some(new) = neighbour_where(ctx, t, &c.name, |o| *o == Occ::Empty) {
            return Some(splice(t, c.s, c.e, &written(ctx, &new)));
        }
    }
    None
}

/// The cell a move goes to replaced by a taken neighbour: "Yellow plays d3" → "Yellow plays
/// d2" (where a disc stands), "pose en d4" → "pose en d5"; a piece's step "g7 to g8" only
/// onto a cell its own side holds.
fn move_target(ctx: &Ctx, t: &str) -> Option<String> {
    if ctx.which != 0 || ctx.is(&["arlecchino", "alphabrick"]) {
        return None;
    }
    let placing: &[&str] = if ctx.en {
        &[
            "plays ",
            "play ",
            "places on ",
            "place on ",
            "last disc on ",
        ]
    } else {
        &[
            "jouent ",
            "joue ",
            "jouer ",
            "pose en ",
            "posent en ",
            "poser en ",
            "dernier pion en ",
            "dernier jeton en ",
        ]
    };
    let list = cells(t);
    for (k, c) in list.iter().enumerate() {
        let placed = placing.iter().any(|v| t[..c.s].ends_with(v));
        // "g7 to g8", "g7 en g8": the piece on the first cell steps to the second.
        let from = k
            .checked_sub(1)
            .map(|j| &list[j])
            .filter(|p| matches!(&t[p.e..c.s], " to " | " en "))
            .filter(|p| !matches!(prev_word(t, p.s), "from" | "de" | "depuis"));
        let new = if placed && from.is_none() {
            if let Some(Occ::Piece(_)) = ctx.occ(&c.name) {
                continue;
            }
            neighbour_where(ctx, t, &c.name, |o| matches!(o, Occ::Piece(_)))
        } else if let Some(p) = from {
            let Some(Occ::Piece(Some(side))) = ctx.occ(&p.name) else {
                continue;
            };
            let own = |o: &Occ| matches!(o, Occ::Piece(Some(s)) if *s == side);
            neighbour_where(ctx, t, &c.name, own).filter(|n| *n != p.name)
        } else {
            continue;
        };
        if let Some(new) = new {
            return Some(splice(t, c.s, c.e, &written(ctx, &new)));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Order, none, only, state

/// An ordinal moved on: "a second jump" → "a third jump", "the first row" → "the second row",
/// "en deuxième couche" → "en troisième couche". Not where first and second are both named (a
/// swap would say the same), nor "the first pawns" (the opening's).
fn ordinal(ctx: &Ctx, t: &str) -> Option<String> {
    let list = if ctx.en {
        if !finds(t, "first").is_empty() && !finds(t, "second").is_empty() {
            return None;
        }
        pairs(&[
            ("first", "second"),
            ("second", "third"),
            ("third", "fourth"),
        ])
    } else {
        let first = ["premier", "première", "premiers"]
            .iter()
            .any(|w| !finds(t, w).is_empty());
        let second = ["second", "seconde", "deuxième"]
            .iter()
            .any(|w| !finds(t, w).is_empty());
        if first && second {
            return None;
        }
        pairs(&[
            ("premier", "deuxième"),
            ("première", "deuxième"),
            ("second", "troisième"),
            ("seconde", "troisième"),
            ("deuxième", "troisième"),
            ("troisième", "quatrième"),
        ])
    };
    let ok = |t: &str, _s: usize, e: usize| {
        !matches!(next_word(t, e), "pawns" | "pions") && !t[e..].starts_with("s ")
    };
    first_of(t, &list, ok)
}

/// "No X" said to be one: "black has no pawn left" → "black has one pawn left", "no push is
/// allowed" → "one push is allowed", "les noirs n’ont aucun pion" → "les noirs ont un pion",
/// "Aucun pion clair ne peut" → "Un pion clair peut".
fn none_some(ctx: &Ctx, t: &str) -> Option<String> {
    if ctx.en {
        let nouns = [
            "brick", "pawn", "tile", "push", "jump", "disc", "line", "landing", "empty", "light",
            "dark", "move",
        ];
        for (s, c) in finds(t, "no") {
            let e = s + 2;
            let w = next_word(t, e);
            if !nouns.contains(&w) || t[..s].ends_with("which ") {
                continue;
            }
            let mut out = splice(t, s, e, if c { "One" } else { "one" });
            if let Some(i) = out.find(" any more") {
                out = splice(&out, i, i + " any more".len(), "");
                out = out.replacen("is possible", "is still possible", 1);
            }
            return Some(out);
        }
        for (from, to) in [("with no jump", "with a jump")] {
            if let Some(out) = first_of(t, &pairs(&[(from, to)]), any) {
                return Some(out);
            }
        }
        return None;
    }
    // French: "aucun" and the "ne" that goes with it, both or neither.
    for (s, c) in finds(t, "aucun").into_iter().chain(finds(t, "aucune")) {
        if t[..s].ends_with("qu’") {
            continue;
        }
        let word = if t[s..].starts_with("aucune") || t[s..].starts_with("Aucune") {
            6
        } else {
            5
        };
        let one = match (word, c) {
            (6, false) => "une",
            (6, true) => "Une",
            (_, false) => "un",
            (_, true) => "Un",
        };
        let before = &t[..s];
        // "n’ont aucun pion", "ne retourne aucun de": the verb before, negated.
        let verb_start = before.trim_end().rfind(' ').map_or(0, |i| i + 1);
        let verb = &before[verb_start..];
        let verb = verb.trim_end();
        let is_word = |w: &str| !w.is_empty() && w.chars().all(|c| word_char(c) || c == '’');
        if let Some(bare) = verb.strip_prefix("n’").filter(|b| is_word(b)) {
            let out = format!("{}{bare} {one}{}", &t[..verb_start], &t[s + word..]);
            return Some(out);
        }
        if is_word(verb) && prev_word(t, verb_start) == "ne" {
            let ne = t[..verb_start].trim_end().len() - 2;
            let out = format!("{}{verb} {one}{}", &t[..ne], &t[s + word..]);
            return Some(out);
        }
        // "aucun jeton ne peut", "aucune poussée n’est": the verb after.
        let after = &t[s + word..];
        let stop = after.find([',', ';', ':', '.']).unwrap_or(after.len());
        let rest = &after[..stop];
        let (at, len) = if let Some(i) = rest.find(" ne ") {
            (i, 4)
        } else if let Some(i) = rest.find(" n’") {
            (i, " n’".len())
        } else {
            continue;
        };
        let mut head = t[..s].to_string();
        let mut one = one.to_string();
        // "Plus aucun saut n’est possible" → "Un saut est encore possible".
        let mut tail = format!("{} {}", &rest[..at], &rest[at + len..]) + &after[stop..];
        if head.ends_with("Plus ") {
            head.truncate(head.len() - 5);
            one = cap(&one);
            tail = tail.replacen("est possible", "est encore possible", 1);
        }
        return Some(format!("{head}{one}{tail}"));
    }
    let list = pairs(&[
        ("plus de brique", "encore une brique"),
        ("sans saut", "avec un saut"),
        ("il n’y a pas de case", "il y a une case"),
        ("n’exige pas de case", "exige une case"),
    ]);
    first_of(t, &list, any)
}

/// "The only one" said not to be: "c3xc6 is the only double capture" → "c3xc6 is not the only
/// double capture", "seul coup possible" → "un coup parmi d’autres", "n’a qu’un mouvement" →
/// "n’a pas qu’un mouvement".
fn only(ctx: &Ctx, t: &str) -> Option<String> {
    let list = if ctx.en {
        pairs(&[
            ("is the only", "is not the only"),
            ("the only move", "one move among several"),
        ])
    } else {
        pairs(&[
            ("est la seule", "n’est pas la seule"),
            ("c’est la seule", "ce n’est pas la seule"),
            ("seul coup possible", "un coup parmi d’autres"),
            ("n’a qu’un", "n’a pas qu’un"),
        ])
    };
    first_of(t, &list, any)
}

/// The state of a piece or of the board after the move said otherwise: "stays white" →
/// "becomes red", "has left the board" → "is still on the board", "is protected" → "is not
/// protected", "the grid is full" → "the grid is not full", "c’est une dame" → "c’est encore un
/// pion".
fn state(ctx: &Ctx, t: &str) -> Option<String> {
    let mut list = if ctx.en {
        pairs(&[
            ("is protected", "is not protected"),
            ("changes sides", "keeps its side"),
            ("change sides", "keep their sides"),
            ("stays on the board", "is taken"),
            ("has left the board", "is still on the board"),
            ("have left the board", "are still on the board"),
            ("is taken", "stays on the board"),
            ("are captured", "stay on the board"),
            ("it is a king", "it is still a man"),
            ("is encircled", "is not encircled"),
            ("is still encircled", "is no longer encircled"),
            ("is full", "is not full"),
            ("is empty", "is not empty"),
        ])
    } else {
        pairs(&[
            ("est protégé", "n’est pas protégé"),
            ("change de camp", "garde son camp"),
            ("changent de camp", "gardent leur camp"),
            ("reste sur le damier", "est pris"),
            ("a quitté le damier", "est toujours sur le damier"),
            ("ont quitté le damier", "sont toujours sur le damier"),
            ("est pris", "reste sur le damier"),
            ("sont pris", "restent sur le plateau"),
            ("c’est une dame", "c’est encore un pion"),
            ("est encerclé", "n’est pas encerclé"),
            ("reste encerclé", "n’est plus encerclé"),
            ("est pleine", "n’est pas pleine"),
            ("est plein", "n’est pas plein"),
            ("est vide", "n’est pas vide"),
        ])
    };
    if ctx.en {
        for (a, b) in en_sides(ctx) {
            list.push((format!("stays {a}"), format!("becomes {b}")));
            list.push((format!("becomes {a}"), format!("stays {b}")));
            list.push((format!("become {a}"), format!("stay {b}")));
        }
    } else {
        for (a, b) in fr_adjectives(ctx) {
            if a.ends_with('s') {
                list.push((format!("deviennent {a}"), format!("restent {b}")));
            } else {
                list.push((format!("reste {a}"), format!("devient {b}")));
                list.push((format!("devient {a}"), format!("reste {b}")));
            }
        }
    }
    // "full except for e1" is not a plain "full".
    let ok = |t: &str, _s: usize, e: usize| {
        ![" except", ", sauf", " without", " sans"]
            .iter()
            .any(|w| t[e..].starts_with(w))
    };
    first_of(t, &list, ok)
}

// ---------------------------------------------------------------------------------------------
// The test

#[derive(Default)]
struct Tally {
    made: usize,
    caught: usize,
    escaped: Vec<String>,
    caught_lies: Vec<String>,
}

#[test]
fn careless_captions_are_caught() {
    let show = std::env::var("CAPTION_LIES").ok();
    let root = common::root();
    let mut tally: BTreeMap<&str, Tally> = KINDS.iter().map(|k| (k.0, Tally::default())).collect();
    let mut refused_as_written = Vec::new();
    for game in ludopress::rules::registry::NAMES {
        let engine = Engine::new(&Project::new(common::root()), game).unwrap();
        let books = make::load_rulebooks(&common::root(), &common::game(game), Some(&engine))
            .unwrap_or_else(|d| panic!("{d}"));
        for book in &books {
            let path = book.path.strip_prefix(&root).unwrap_or(&book.path);
            for ex in book.examples.iter().filter(|e| e.position.is_some()) {
                for (which, caption) in [Some(&ex.caption), ex.after_caption.as_ref()]
                    .into_iter()
                    .enumerate()
                {
                    let Some(caption) = caption else { continue };
                    let line = ex.caption_at[which].map_or(ex.line, |(l, _)| l);
                    let place = format!("{}:{line}", path.display());
                    let found = captions::check_text(ex, book.lang, which, caption);
                    if !found.is_empty() {
                        refused_as_written.push(format!("{place}: {caption} ({found:?})"));
                        continue;
                    }
                    let ctx = Ctx::of(game, book.lang, which, ex);
                    for (kind, alter) in KINDS {
                        let Some(lie) = alter(&ctx, caption) else {
                            continue;
                        };
                        if lie == *caption {
                            continue;
                        }
                        let t = tally.get_mut(kind).expect("a kind");
                        t.made += 1;
                        let text = match show.as_deref() {
                            Some("all") => format!("{place}: {lie}\n    was: {caption}"),
                            _ => format!("{place}: {lie}"),
                        };
                        if captions::check_text(ex, book.lang, which, &lie).is_empty() {
                            t.escaped.push(text);
                        } else {
                            t.caught += 1;
                            t.caught_lies.push(text);
                        }
                    }
                }
            }
        }
    }
    assert!(
        refused_as_written.is_empty(),
        "captions refused as written:\n{}",
        refused_as_written.join("\n")
    );
    if let Some(show) = &show {
        eprintln!("{:<14} {:>5} {:>7} {:>6}", "kind", "lies", "caught", "rate");
        for (kind, t) in &tally {
            let rate = (t.caught * 1000).checked_div(t.made).unwrap_or(0);
            eprintln!("{kind:<14} {:>5} {:>7} {rate:>5}‰", t.made, t.caught);
        }
        for (kind, t) in &tally {
            for lie in &t.escaped {
                eprintln!("escaped [{kind}] {lie}");
            }
            if show == "all" {
                for lie in &t.caught_lies {
                    eprintln!("caught  [{kind}] {lie}");
                }
            }
        }
    }
    // The least share of each kind's lies the check must catch, in thousandths: what was
    // measured, rounded down to the next 10‰.
    let floors: [(&str, usize); 17] = [
        ("side_subject", 980),
        ("side_owner", 960),
        ("direction", 950),
        ("permission", 1000),
        ("modal", 1000),
        ("win_lose", 1000),
        ("draw_win", 1000),
        ("over", 1000),
        ("count", 960),
        ("count_swap", 1000),
        ("cell_in_list", 1000),
        ("capture_cell", 1000),
        ("move_target", 1000),
        ("ordinal", 1000),
        ("none_some", 1000),
        ("only", 1000),
        ("state", 950),
    ];
    let floors: BTreeMap<&str, usize> = floors.into_iter().collect();
    for (kind, t) in &tally {
        assert!(t.made > 0, "`{kind}` made no lie");
        let rate = t.caught * 1000 / t.made;
        let floor = floors[kind];
        assert!(
            rate >= floor,
            "`{kind}`: {rate}‰ of its {} lies caught, below its floor of {floor}‰",
            t.made
        );
    }
}
