//! The words a caption check reads as facts, in each language a rulebook may be written in.
//!
//! In: a [`Lang`]; out: its [`Lexicon`]. A word of a caption is a fact when it is a move or a cell
//! (recognised by their form, in every language) or a word of one of these lists: a number, a
//! side, a winner or a draw, the game going on or being over, a pass, a capture, a direction, a
//! negation (a move or a placement said to be refused). Every other word is the reader's.
//!
//! A language is added here once, with every list filled: the check then holds for every
//! rulebook written in it. Words are compared lowercased; French elisions (`n’`, `l’`) are cut
//! off by the reader, so `n’est` reads as `n` `est`.

use crate::base::lang::Lang;

/// A direction a caption may give a move, on the page (the diagram's top is north).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// Up the page.
    North,
    /// Down the page.
    South,
    /// To the right.
    East,
    /// To the left.
    West,
    /// Along a diagonal.
    Diagonal,
    /// Along a row or a column.
    Straight,
}

impl Dir {
    /// The direction a reader would take for the contrary one (a caption's lie).
    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::East => Dir::West,
            Dir::West => Dir::East,
            Dir::Diagonal => Dir::Straight,
            Dir::Straight => Dir::Diagonal,
        }
    }

    /// True when a move by `(dx, dy)` on the page (y down) goes this way.
    pub fn matches(self, dx: f64, dy: f64) -> bool {
        let eps = 1e-6 * (dx.abs() + dy.abs()).max(1e-9);
        let (flat, level) = (dx.abs() <= eps, dy.abs() <= eps);
        match self {
            Dir::North => dy < -eps,
            Dir::South => dy > eps,
            Dir::East => dx > eps,
            Dir::West => dx < -eps,
            // A triangle's or a hexagon's neighbours are never "diagonal": a diagonal on a square
            // grid moves as far across as up.
            Dir::Diagonal => !flat && !level && (dx.abs() - dy.abs()).abs() <= 0.05 * dx.abs(),
            Dir::Straight => flat || level,
        }
    }
}

/// What kind of count a noun after a number makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Moves, steps, paths, ways, outcomes, pushes: a count of moves or of successors.
    Moves,
    /// Pawns, bricks, tiles: a count of pieces, or a score counted in pieces.
    Pieces,
    /// The steps of one move's chain and the pieces it takes (`a series of four jumps`):
    /// only a noun of `chain` counts them; no noun in the lexicon is typed so.
    Steps,
    /// Cells, squares: a count of cells (empty ones, marked ones, places to play), or a score.
    Cells,
    /// Points, zones: a score.
    Points,
    /// Players: how many play (a position's `players`, else its sides).
    Players,
}

/// The words of one language.
#[derive(Debug)]
pub struct Lexicon {
    /// The language.
    pub lang: Lang,
    /// Numbers written in words (not "one"/"un", which are mostly articles).
    pub numbers: &'static [(&'static str, u64)],
    /// Words that count none before a counted noun (`no pawn`).
    pub zero: &'static [&'static str],
    /// Nouns a number counts.
    pub counted: &'static [(&'static str, Counted)],
    /// Nouns before a number that name a line of the board (`rank 1`, `rangée 2`).
    pub lines: &'static [&'static str],
    /// Words that make a phrase negative on their own.
    pub negative: &'static [&'static str],
    /// Words that say a move is allowed (a phrase without them or a negation takes its
    /// polarity from the nearest phrase of its clause that has one).
    pub positive: &'static [&'static str],
    /// Words before a direction that say where a move comes from (`from the west`, `par
    /// l’ouest`): the move goes the other way.
    pub from_words: &'static [&'static str],
    /// Verbs of playing at all, after a modal (`cannot play`, `may not act`).
    pub play_verbs: &'static [&'static str],
    /// Verbs that put a piece on the cell after them (`plays c3`, `places on c5`), in the
    /// present: a past (`played a3 instead`) speaks of the board as drawn.
    pub put_verbs: &'static [&'static str],
    /// Prepositions between a verb of putting and its cell (`places on`, `pose en`).
    pub put_to: &'static [&'static str],
    /// Words that open a predicate ("is refused"): a phrase before one takes its polarity.
    pub copulas: &'static [&'static str],
    /// French negation: one of `ne_first` then one of `ne_second` in the same phrase.
    pub ne_first: &'static [&'static str],
    /// The second half of a French negation.
    pub ne_second: &'static [&'static str],
    /// Words saying a side wins.
    pub win: &'static [&'static str],
    /// Words saying a side loses.
    pub lose: &'static [&'static str],
    /// Words saying the game is drawn.
    pub draw: &'static [&'static str],
    /// Nouns for the game itself (a clause about the game going on or being over names it).
    pub game: &'static [&'static str],
    /// Words saying the game goes on (with a word of `game` in the clause).
    pub goes_on: &'static [&'static str],
    /// Words saying the game is over (with a word of `game` in the clause).
    pub over: &'static [&'static str],
    /// Words saying a side passes its turn.
    pub pass: &'static [&'static str],
    /// Words after a word of `pass` that make it a motion ("passes over"), not a turn passed.
    pub pass_over: &'static [&'static str],
    /// Words saying a piece is captured.
    pub capture: &'static [&'static str],
    /// The word before a move that names the move an `after` figure shows.
    pub after: &'static [&'static str],
    /// Direction words, and pairs of words (`à droite`), with their direction.
    pub directions: &'static [(&'static str, Dir)],
    /// Side names: each word and the side (as the engine names it) it means.
    pub sides: &'static [(&'static str, &'static str)],
    /// Direction words that are directions only with an article before them (`to the left`,
    /// `vers le bas`) or after them (`up the diagonal`): `left` is also what remains.
    pub with_article: &'static [&'static str],
    /// The articles that make a word of `with_article` a direction.
    pub articles: &'static [&'static str],
    /// Words of `with_article` that are directions before an article too (`up the column`).
    pub before_article: &'static [&'static str],
    /// A direction word that is another word after this one (`le droit de`: the right to).
    pub not_after: &'static [(&'static str, &'static str)],
    /// A pair of `directions` that is a direction only after one of these words (`vers l’est`,
    /// not `ne l’est pas`).
    pub guarded: &'static [(&'static str, &'static [&'static str])],
    /// Words after a side that say it acts (`white places`, `dark may`): that side is the side
    /// to move.
    pub acts: &'static [&'static str],
    /// Words after a cell saying it is empty (`d2, which is empty`, `d2, vide`).
    pub empty: &'static [&'static str],
    /// Words after a cell saying a piece stands on it (`e5 is occupied`, `h8, déjà occupée`).
    pub occupied: &'static [&'static str],
    /// Words before a cell saying it is passed over, lies beyond or between, not reached.
    pub passing: &'static [&'static str],
    /// Words saying a piece was placed this turn (`the pawn placed on b2`): the cell is the one
    /// a position field names (`last_placed`).
    pub placed: &'static [&'static str],
    /// Nouns of a turn: a side named beside one (`green’s turn`) is the side to move once
    /// the caption's move is played.
    pub turn: &'static [&'static str],
    /// Two words before a side that say it is its turn (`c’est à vert`).
    pub turn_before: &'static [(&'static str, &'static str)],
    /// Nouns of a tile and its zones: a colour beside one names the zones of a tile
    /// (`blue zone`, `the all-green tile`).
    pub zone_nouns: &'static [&'static str],
    /// Nouns of `Moves` that may count the steps of one move's chain too (`a series of four
    /// jumps`, `two captures`), where `paths`, `outcomes`, `ways` count whole moves only.
    pub chain: &'static [&'static str],
    /// Words saying every zone has the colour (`only`, `toute`).
    pub only: &'static [&'static str],
    /// Verbs saying a piece touches pieces of a side (`touches red`): that side's pieces are
    /// its neighbours.
    pub touches: &'static [&'static str],
    /// Verbs of change (`becomes`, `devient`): a side named after one is the pieces' side after
    /// the move, one named before it their side before.
    pub changes: &'static [&'static str],
    /// Nouns beside which a side's name names a region (`north’s camp`, `camp sud`) or a colour
    /// (`blue zones`, `face rouge`), not a side.
    pub places: &'static [&'static str],
    /// Nouns for the figures of the rulebook (body sentences about examples).
    pub example_nouns: &'static [&'static str],
    /// Words that count two before a noun of figures (`both examples`).
    pub both: &'static [&'static str],
    /// Words saying the figures named come after the sentence.
    pub following: &'static [&'static str],
    /// Words saying the figures named came before the sentence.
    pub preceding: &'static [&'static str],
    /// Nouns of the whole board (`the board is full`, `la grille est vide`).
    pub boards: &'static [&'static str],
    /// Nouns of the board's middle: the region whose role is `central` or `middle`.
    pub middle: &'static [&'static str],
    /// Words saying a board, a line or a region has every cell taken.
    pub full: &'static [&'static str],
    /// Words between a board's noun and `empty` or `full` that leave the statement whole
    /// (`is not`, `n’est pas`, `still`).
    pub state_fillers: &'static [&'static str],
    /// Words before cells that leave them out of a statement (`except for e1`, `sauf e1`).
    pub except: &'static [&'static str],
    /// Words saying a piece is still where it was (`still`, `stays`, `reste`).
    pub stays: &'static [&'static str],
    /// Words saying a piece keeps its side (`stays red`, `keeps its side`, `garde son camp`).
    pub keeps: &'static [&'static str],
    /// Nouns of a piece's side (`keeps its side`, `change de camp`).
    pub side_nouns: &'static [&'static str],
    /// Ordinals in words, with their number (`a second jump`, `un troisième saut`).
    pub ordinals: &'static [(&'static str, u64)],
    /// Nouns of `chain` that count every step of a chain, whatever its kind (`a fourth move`,
    /// `un quatrième mouvement`).
    pub any_step: &'static [&'static str],
    /// Words before a noun of `chain` that make it a noun (French `pas` is also a negation).
    pub determiners: &'static [&'static str],
    /// Words saying a move is the only one (`the only move`, `le seul coup`).
    pub sole: &'static [&'static str],
    /// Pairs of words saying a move is one among others (`among several`, `parmi d’autres`).
    pub among: &'static [(&'static str, &'static str)],
    /// Words saying a move can still be made (`one jump is still possible`).
    pub still: &'static [&'static str],
    /// Nouns of a level of a stack (`a second layer`, `en troisième couche`).
    pub layers: &'static [&'static str],
    /// Words (or pairs) saying a piece goes forward (`true`) or backward (`false`) for its side.
    pub ahead: &'static [(&'static str, bool)],
    /// Words after which `back` is a way a piece goes (`back to b2`).
    pub back_to: &'static [&'static str],
    /// Pairs naming a side's front line (`true`: `front row`) or back line (`false`: `back
    /// row`, `rangée du fond`).
    pub home_lines: &'static [(&'static str, bool)],
    /// Verbs saying a piece can get to cells (`can reach the 12 highlighted cells`).
    pub reach: &'static [&'static str],
    /// Adjectives of the diagram's highlighted cells (`the highlighted cells`).
    pub highlighted: &'static [&'static str],
    /// Words a clause that only gives a verdict is made of (`: not allowed.`, `: interdit.`).
    pub verdicts: &'static [&'static str],
    /// Words (or pairs) saying a count is of the pieces still on the board (`6 pawns left`,
    /// `n’a plus que 6 pions`), not of a count the position keeps aside (in hand, taken).
    pub remaining: &'static [&'static str],
    /// Words (or pairs) before a verb of taking that say it is compulsory (`must take`, `doit
    /// prendre`) and, after a negation, that it is not (`need not take`, `n’est pas obligé de
    /// prendre`).
    pub compulsory: &'static [&'static str],
    /// Words saying a piece is encircled: each cell across its sides holds an opposing piece.
    pub encircled: &'static [&'static str],
    /// Verbs (and `back`) of a piece going somewhere, before a word of `to_cell` and a cell
    /// (`may go to b4`, `never back to b2`, `peut aller en d6`).
    pub goes: &'static [&'static str],
    /// Prepositions between a verb of `goes` and the cell a piece gets to.
    pub to_cell: &'static [&'static str],
    /// Words saying the hole a take leaves is filled (Lignes): bound as a take is.
    pub fills: &'static [&'static str],
    /// Words that count one before a noun (`one push is allowed`, `une brique`).
    pub one: &'static [&'static str],
    /// The infinitive of passing, where it differs from `pass` (« passer »).
    pub pass_infinitive: &'static [&'static str],
    /// The two words before an infinitive that make it a permission (`the right to`, `le
    /// droit de`).
    pub right_to: &'static [(&'static str, &'static str)],
    /// Nouns of a cell's side, counted when two cells share one (`share no side`, `n’ont
    /// aucun côté commun`).
    pub edge_nouns: &'static [&'static str],
    /// Words that make a side shared between two cells (`share`, `in common`, `commun`).
    pub in_common: &'static [&'static str],
    /// Words before a cell past which a line goes on (`beyond a1`, `au-delà de a1`).
    pub beyond: &'static [&'static str],
    /// Verbs of what a move needs (`needs no empty cell`, `n’exige pas de case vide`).
    pub needs: &'static [&'static str],
    /// Words before the piece a move needs cells in front of (`before the captured pawn`).
    pub before: &'static [&'static str],
    /// Verbs of a move making lines (`makes no line`, `forme une ligne`).
    pub makes: &'static [&'static str],
    /// Nouns of the lines a move makes (`line`, `alignement`).
    pub made_lines: &'static [&'static str],
    /// The word that points back to a place already named (`no disc can go there`, `aucun
    /// jeton ne peut y entrer`).
    pub there: &'static [&'static str],
}

/// The lexicon of `lang`.
pub fn of(lang: Lang) -> &'static Lexicon {
    match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
    }
}

impl Lexicon {
    /// The side a word names, if it names one.
    pub fn side(&self, word: &str) -> Option<&'static str> {
        self.sides.iter().find(|(w, _)| *w == word).map(|(_, s)| *s)
    }

    /// The words this language has for `side`.
    pub fn side_words(&self, side: &str) -> impl Iterator<Item = &'static str> + '_ {
        let side = side.to_string();
        self.sides
            .iter()
            .filter(move |(_, s)| *s == side)
            .map(|(w, _)| *w)
    }

    /// A number written in words.
    pub fn number(&self, word: &str) -> Option<u64> {
        self.numbers
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, n)| *n)
    }

    /// The kind of count a noun makes.
    pub fn counted(&self, word: &str) -> Option<Counted> {
        self.counted
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, c)| *c)
    }

    /// A direction word (or the second word of a pair, with `prev` the word before it and
    /// `next` the word after it).
    pub fn direction(
        &self,
        before: Option<&str>,
        prev: Option<&str>,
        word: &str,
        next: Option<&str>,
    ) -> Option<Dir> {
        if self
            .not_after
            .iter()
            .any(|(w, p)| *w == word && prev == Some(*p))
        {
            return None;
        }
        if self.with_article.contains(&word)
            && !prev.is_some_and(|p| self.articles.contains(&p))
            && !(self.before_article.contains(&word)
                && next.is_some_and(|n| self.articles.contains(&n)))
        {
            return None;
        }
        if let Some(p) = prev {
            let pair = format!("{p} {word}");
            let guard = self.guarded.iter().find(|(g, _)| *g == pair);
            if guard.is_some_and(|(_, ok)| !before.is_some_and(|b| ok.contains(&b))) {
                return None;
            }
            if let Some((_, d)) = self.directions.iter().find(|(w, _)| *w == pair) {
                return Some(*d);
            }
        }
        self.directions
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, d)| *d)
    }
}

static EN: Lexicon = Lexicon {
    lang: Lang::En,
    numbers: &[
        ("zero", 0),
        ("two", 2),
        ("three", 3),
        ("four", 4),
        ("five", 5),
        ("six", 6),
        ("seven", 7),
        ("eight", 8),
        ("nine", 9),
        ("ten", 10),
        ("eleven", 11),
        ("twelve", 12),
        ("twice", 2),
    ],
    zero: &["no"],
    counted: &[
        ("move", Counted::Moves),
        ("moves", Counted::Moves),
        ("successor", Counted::Moves),
        ("successors", Counted::Moves),
        ("outcome", Counted::Moves),
        ("outcomes", Counted::Moves),
        ("position", Counted::Moves),
        ("positions", Counted::Moves),
        ("push", Counted::Moves),
        ("pushes", Counted::Moves),
        ("step", Counted::Moves),
        ("steps", Counted::Moves),
        ("run", Counted::Moves),
        ("runs", Counted::Moves),
        ("path", Counted::Moves),
        ("paths", Counted::Moves),
        ("jump", Counted::Moves),
        ("jumps", Counted::Moves),
        ("way", Counted::Moves),
        ("ways", Counted::Moves),
        ("capture", Counted::Moves),
        ("captures", Counted::Moves),
        ("placement", Counted::Moves),
        ("placements", Counted::Moves),
        ("roll", Counted::Moves),
        ("rolls", Counted::Moves),
        ("pawn", Counted::Pieces),
        ("pawns", Counted::Pieces),
        ("piece", Counted::Pieces),
        ("pieces", Counted::Pieces),
        ("brick", Counted::Pieces),
        ("bricks", Counted::Pieces),
        ("tile", Counted::Pieces),
        ("tiles", Counted::Pieces),
        ("cell", Counted::Cells),
        ("cells", Counted::Cells),
        ("square", Counted::Cells),
        ("squares", Counted::Cells),
        ("point", Counted::Points),
        ("points", Counted::Points),
        ("zone", Counted::Points),
        ("zones", Counted::Points),
        ("player", Counted::Players),
        ("players", Counted::Players),
    ],
    lines: &["rank", "row", "file", "column", "line"],
    negative: &[
        "not",
        "cannot",
        "can't",
        "never",
        "no",
        "none",
        "nothing",
        "nobody",
        "neither",
        "refused",
        "forbidden",
        "illegal",
        "impossible",
    ],
    positive: &["may", "can", "allowed", "legal", "possible"],
    copulas: &["is", "are", "was", "were", "would"],
    play_verbs: &["play", "move", "act"],
    put_verbs: &[
        "play", "plays", "place", "places", "put", "puts", "drop", "drops",
    ],
    put_to: &["on", "in", "at", "into"],
    from_words: &["from"],
    ne_first: &[],
    ne_second: &[],
    win: &["win", "wins", "won", "winner", "winning"],
    lose: &["lose", "loses", "lost", "loser"],
    draw: &["draw", "draws", "drawn", "tie", "tied"],
    game: &["game", "play"],
    goes_on: &["goes", "continues", "continue"],
    over: &["over", "ends", "ended", "finished"],
    pass: &["pass", "passes", "passed"],
    pass_over: &["over", "through", "beyond"],
    capture: &[
        "capture", "captures", "captured", "take", "takes", "took", "taken", "removes", "remove",
    ],
    after: &["after"],
    directions: &[
        ("north", Dir::North),
        ("northwards", Dir::North),
        ("up", Dir::North),
        ("upwards", Dir::North),
        ("south", Dir::South),
        ("southwards", Dir::South),
        ("down", Dir::South),
        ("downwards", Dir::South),
        ("east", Dir::East),
        ("eastwards", Dir::East),
        ("right", Dir::East),
        ("rightwards", Dir::East),
        ("west", Dir::West),
        ("westwards", Dir::West),
        ("left", Dir::West),
        ("leftwards", Dir::West),
        ("diagonal", Dir::Diagonal),
        ("diagonally", Dir::Diagonal),
        ("diagonals", Dir::Diagonal),
        ("straight", Dir::Straight),
        ("orthogonal", Dir::Straight),
        ("orthogonally", Dir::Straight),
    ],
    sides: &[
        ("white", "white"),
        ("whites", "white"),
        ("black", "black"),
        ("blacks", "black"),
        ("light", "light"),
        ("dark", "dark"),
        ("red", "red"),
        ("reds", "red"),
        ("blue", "blue"),
        ("blues", "blue"),
        ("yellow", "yellow"),
        ("yellows", "yellow"),
        ("green", "green"),
        ("greens", "green"),
        ("cross", "cross"),
        ("crosses", "cross"),
        ("nought", "nought"),
        ("noughts", "nought"),
        ("south", "south"),
        ("north", "north"),
    ],
    with_article: &["left", "right", "up", "down"],
    articles: &["the"],
    before_article: &["up", "down"],
    not_after: &[],
    guarded: &[],
    empty: &["empty", "free", "vacant"],
    occupied: &["occupied"],
    passing: &["over", "pass", "past", "beyond", "between"],
    placed: &["placed"],
    turn: &["turn"],
    turn_before: &[],
    zone_nouns: &["zone", "zones", "tile", "tiles"],
    chain: &[
        "step", "steps", "jump", "jumps", "leap", "leaps", "capture", "captures", "move", "moves",
    ],
    only: &["only", "all"],
    touches: &["touches", "touch", "touching"],
    changes: &[
        "becomes", "become", "turns", "turn", "turned", "flipped", "changes", "change",
    ],
    acts: &[
        "places", "place", "moves", "move", "plays", "play", "pushes", "push", "jumps", "jump",
        "steps", "rolls", "roll", "rolled", "may", "can", "cannot", "must", "removes", "takes",
        "captures", "attacks", "to",
    ],
    places: &[
        "camp", "camps", "edge", "side", "zone", "zones", "tile", "tiles", "face",
    ],
    example_nouns: &[
        "example", "examples", "figure", "figures", "diagram", "diagrams",
    ],
    both: &["both"],
    following: &["follow", "follows", "following", "below", "next"],
    preceding: &["above", "previous", "preceding"],
    boards: &["board", "grid"],
    middle: &["middle", "centre", "center"],
    full: &["full"],
    state_fillers: &[
        "is",
        "are",
        "was",
        "were",
        "not",
        "no",
        "longer",
        "still",
        "now",
        "then",
        "already",
        "entirely",
        "completely",
        "at",
        "last",
    ],
    except: &["except", "but"],
    stays: &["still", "stays", "stay", "remains", "remain"],
    keeps: &["stays", "stay", "remains", "remain", "keeps", "keep"],
    side_nouns: &[
        "side", "sides", "colour", "colours", "color", "colors", "camp", "camps",
    ],
    ordinals: &[
        ("first", 1),
        ("second", 2),
        ("third", 3),
        ("fourth", 4),
        ("fifth", 5),
        ("sixth", 6),
    ],
    any_step: &["move", "moves"],
    determiners: &[
        "a", "an", "one", "the", "its", "his", "her", "their", "this", "that",
    ],
    sole: &["only", "sole", "single"],
    among: &[("among", "several"), ("among", "others"), ("among", "many")],
    still: &["still"],
    layers: &["layer", "level", "storey"],
    ahead: &[
        ("forward", true),
        ("forwards", true),
        ("ahead", true),
        ("backward", false),
        ("backwards", false),
    ],
    back_to: &["to", "onto"],
    home_lines: &[
        ("front row", true),
        ("front rank", true),
        ("back row", false),
        ("back rank", false),
        ("home row", false),
    ],
    reach: &["reach", "reaches", "reached"],
    highlighted: &["highlighted", "marked", "shaded"],
    verdicts: &[
        "not",
        "allowed",
        "forbidden",
        "refused",
        "illegal",
        "legal",
        "permitted",
        "also",
        "either",
    ],
    remaining: &["left", "remaining", "down to"],
    compulsory: &[
        "must", "has to", "have to", "need", "needs", "obliged", "forced",
    ],
    encircled: &["encircled", "surrounded"],
    goes: &[
        "go", "goes", "back", "move", "moves", "step", "steps", "slide", "slides",
    ],
    to_cell: &["to", "onto"],
    fills: &["fill", "fills", "filled", "filling"],
    one: &["one", "a", "an", "single"],
    pass_infinitive: &[],
    right_to: &[("right", "to")],
    edge_nouns: &["side", "sides"],
    in_common: &["share", "shares", "common"],
    beyond: &["beyond", "past"],
    needs: &["need", "needs", "require", "requires"],
    before: &["before"],
    makes: &["make", "makes", "form", "forms", "complete", "completes"],
    made_lines: &["line", "lines", "alignment", "alignments"],
    there: &["there"],
};

static FR: Lexicon = Lexicon {
    lang: Lang::Fr,
    numbers: &[
        ("zéro", 0),
        ("deux", 2),
        ("trois", 3),
        ("quatre", 4),
        ("cinq", 5),
        ("six", 6),
        ("sept", 7),
        ("huit", 8),
        ("neuf", 9),
        ("dix", 10),
        ("onze", 11),
        ("douze", 12),
    ],
    zero: &["aucun", "aucune"],
    counted: &[
        ("coup", Counted::Moves),
        ("coups", Counted::Moves),
        ("déplacement", Counted::Moves),
        ("déplacements", Counted::Moves),
        ("mouvement", Counted::Moves),
        ("mouvements", Counted::Moves),
        ("issue", Counted::Moves),
        ("issues", Counted::Moves),
        ("position", Counted::Moves),
        ("positions", Counted::Moves),
        ("poussée", Counted::Moves),
        ("poussées", Counted::Moves),
        ("pas", Counted::Moves),
        ("course", Counted::Moves),
        ("courses", Counted::Moves),
        ("parcours", Counted::Moves),
        ("saut", Counted::Moves),
        ("sauts", Counted::Moves),
        ("façon", Counted::Moves),
        ("façons", Counted::Moves),
        ("prise", Counted::Moves),
        ("prises", Counted::Moves),
        ("pose", Counted::Moves),
        ("poses", Counted::Moves),
        ("lancer", Counted::Moves),
        ("lancers", Counted::Moves),
        ("arrivée", Counted::Moves),
        ("arrivées", Counted::Moves),
        ("pion", Counted::Pieces),
        ("pions", Counted::Pieces),
        ("pièce", Counted::Pieces),
        ("pièces", Counted::Pieces),
        ("brique", Counted::Pieces),
        ("briques", Counted::Pieces),
        ("tuile", Counted::Pieces),
        ("tuiles", Counted::Pieces),
        ("case", Counted::Cells),
        ("cases", Counted::Cells),
        ("point", Counted::Points),
        ("points", Counted::Points),
        ("zone", Counted::Points),
        ("zones", Counted::Points),
        ("joueur", Counted::Players),
        ("joueurs", Counted::Players),
    ],
    lines: &["rangée", "colonne", "ligne"],
    negative: &[
        "aucun",
        "aucune",
        "interdit",
        "interdite",
        "interdits",
        "interdites",
        "refusé",
        "refusée",
        "refusés",
        "refusées",
        "impossible",
        "impossibles",
        "sans",
        // `jamais reculer en b2`: an infinitive's negation needs no `ne`.
        "jamais",
    ],
    positive: &[
        "peut",
        "peuvent",
        "permis",
        "permise",
        "permises",
        "possible",
        "possibles",
    ],
    copulas: &["est", "sont", "serait", "seraient", "n"],
    play_verbs: &["jouer", "bouger", "bouge", "agir"],
    put_verbs: &[
        "joue", "jouent", "jouer", "pose", "posent", "poser", "place", "placent", "placer",
    ],
    put_to: &["en", "sur", "dans"],
    from_words: &["par"],
    ne_first: &["ne", "n"],
    ne_second: &["pas", "plus", "jamais", "rien", "personne", "guère"],
    win: &[
        "gagne",
        "gagnent",
        "gagné",
        "gagnant",
        "gagnante",
        "emporte",
        "emportent",
        "victoire",
    ],
    lose: &["perd", "perdent", "perdu", "perdant"],
    draw: &["nul", "nulle", "égalité"],
    game: &["partie", "jeu"],
    goes_on: &["continue", "poursuit"],
    over: &["finie", "terminée", "termine", "finit", "achevée"],
    pass: &["passe", "passent", "passé"],
    pass_over: &["par", "par-dessus", "au-dessus", "à"],
    capture: &[
        "prend",
        "prennent",
        "prendre",
        "capturer",
        "pris",
        "prise",
        "prises",
        "capture",
        "capturent",
        "capturé",
        "capturés",
        "retire",
        "retirent",
        "enlève",
    ],
    after: &["après"],
    directions: &[
        ("nord", Dir::North),
        ("haut", Dir::North),
        ("sud", Dir::South),
        ("bas", Dir::South),
        // `est` alone is "is": east is `l’est`.
        ("l est", Dir::East),
        ("à droite", Dir::East),
        ("ouest", Dir::West),
        ("à gauche", Dir::West),
        ("diagonale", Dir::Diagonal),
        ("diagonales", Dir::Diagonal),
        ("biais", Dir::Diagonal),
        ("droit", Dir::Straight),
        ("droits", Dir::Straight),
        ("orthogonal", Dir::Straight),
        ("orthogonalement", Dir::Straight),
    ],
    sides: &[
        ("blanc", "white"),
        ("blancs", "white"),
        ("blanche", "white"),
        ("blanches", "white"),
        ("noir", "black"),
        ("noirs", "black"),
        ("noire", "black"),
        ("noires", "black"),
        ("clair", "light"),
        ("clairs", "light"),
        ("claire", "light"),
        ("claires", "light"),
        ("foncé", "dark"),
        ("foncés", "dark"),
        ("foncée", "dark"),
        ("foncées", "dark"),
        ("rouge", "red"),
        ("rouges", "red"),
        ("bleu", "blue"),
        ("bleus", "blue"),
        ("bleue", "blue"),
        ("bleues", "blue"),
        ("jaune", "yellow"),
        ("jaunes", "yellow"),
        ("vert", "green"),
        ("verts", "green"),
        ("verte", "green"),
        ("vertes", "green"),
        ("croix", "cross"),
        ("rond", "nought"),
        ("ronds", "nought"),
        ("sud", "south"),
        ("nord", "north"),
    ],
    with_article: &["haut", "bas"],
    articles: &["le"],
    before_article: &[],
    not_after: &[("droit", "le")],
    guarded: &[
        ("l est", &["vers", "à", "de", "par", "depuis"]),
        ("l ouest", &["vers", "à", "de", "par", "depuis"]),
    ],
    empty: &["vide", "vides", "libre", "libres"],
    occupied: &["occupé", "occupée", "occupés", "occupées"],
    passing: &[
        "dessus",
        "par-dessus",
        "franchir",
        "delà",
        "au-delà",
        "entre",
        "passer",
    ],
    placed: &["posé", "posée"],
    turn: &["tour"],
    turn_before: &[("est", "à"), ("est", "aux")],
    zone_nouns: &["zone", "zones", "pièce", "pièces"],
    chain: &[
        "pas",
        "saut",
        "sauts",
        "bond",
        "bonds",
        "prise",
        "prises",
        "mouvement",
        "mouvements",
        "coup",
        "coups",
    ],
    only: &["toute", "toutes", "tout", "seulement", "uniquement"],
    touches: &["touche", "touchent", "touchant"],
    changes: &[
        "devient",
        "deviennent",
        "redevient",
        "retourné",
        "retournés",
        "change",
        "changent",
    ],
    acts: &[
        "pose",
        "posent",
        "joue",
        "jouent",
        "pousse",
        "poussent",
        "saute",
        "sautent",
        "peut",
        "peuvent",
        "doit",
        "doivent",
        "déplace",
        "avance",
        "relance",
        "lance",
        "retire",
        "retirent",
        "prend",
        "prennent",
        "attaque",
        "au",
        "déplacent",
    ],
    places: &[
        "camp", "camps", "bord", "côté", "chez", "zone", "zones", "pièce", "pièces", "face",
    ],
    example_nouns: &[
        "exemple",
        "exemples",
        "figure",
        "figures",
        "schéma",
        "schémas",
        "diagramme",
        "diagrammes",
    ],
    both: &[],
    following: &[
        "suit",
        "suivent",
        "suivant",
        "suivante",
        "suivants",
        "suivantes",
        "ci-dessous",
    ],
    preceding: &[
        "ci-dessus",
        "précédent",
        "précédente",
        "précédents",
        "précédentes",
    ],
    boards: &["plateau", "grille", "damier"],
    middle: &["milieu", "centre"],
    full: &["plein", "pleine", "pleins", "pleines", "rempli", "remplie"],
    state_fillers: &[
        "est",
        "sont",
        "était",
        "étaient",
        "n",
        "ne",
        "pas",
        "plus",
        "toujours",
        "encore",
        "alors",
        "déjà",
        "maintenant",
        "désormais",
        "entièrement",
        "tout",
        "toute",
    ],
    except: &["sauf", "excepté", "hormis"],
    stays: &["toujours", "reste", "restent", "demeure", "demeurent"],
    keeps: &[
        "reste",
        "restent",
        "demeure",
        "demeurent",
        "garde",
        "gardent",
        "conserve",
        "conservent",
    ],
    side_nouns: &["camp", "camps", "couleur", "couleurs", "côté"],
    ordinals: &[
        ("premier", 1),
        ("première", 1),
        ("second", 2),
        ("seconde", 2),
        ("deuxième", 2),
        ("troisième", 3),
        ("quatrième", 4),
        ("cinquième", 5),
        ("sixième", 6),
    ],
    any_step: &["mouvement", "mouvements"],
    determiners: &[
        "un",
        "une",
        "le",
        "la",
        "les",
        "des",
        "du",
        "ce",
        "cet",
        "son",
        "sa",
        "ses",
        "leur",
        "premier",
        "second",
        "deuxième",
        "troisième",
        "quatrième",
        "cinquième",
        "sixième",
        "deux",
        "trois",
        "quatre",
    ],
    sole: &["seul", "seule", "unique"],
    among: &[("parmi", "d"), ("parmi", "plusieurs"), ("parmi", "autres")],
    still: &["encore", "toujours"],
    layers: &["couche", "étage", "niveau"],
    ahead: &[
        ("en avant", true),
        ("avancer", true),
        ("avance", true),
        ("avancent", true),
        ("en arrière", false),
        ("reculer", false),
        ("recule", false),
        ("reculent", false),
    ],
    back_to: &[],
    home_lines: &[
        ("rangée de devant", true),
        ("rangée du fond", false),
        ("ligne du fond", false),
    ],
    reach: &["atteindre", "atteint", "atteignent", "rejoindre", "rejoint"],
    highlighted: &[
        "marquées",
        "marquée",
        "surlignées",
        "colorées",
        "grisées",
        "évidence",
    ],
    verdicts: &[
        "pas",
        "permis",
        "permise",
        "interdit",
        "interdite",
        "refusé",
        "refusée",
        "non",
        "aussi",
    ],
    remaining: &["reste", "restent", "restant", "restants", "plus que"],
    compulsory: &[
        "doit", "doivent", "obligé", "obligée", "obligés", "forcé", "forcée",
    ],
    encircled: &[
        "encerclé",
        "encerclée",
        "encerclés",
        "encerclées",
        "entouré",
        "entourée",
        "entourés",
        "entourées",
    ],
    goes: &[
        "aller", "va", "vont", "revenir", "reculer", "avancer", "glisser",
    ],
    to_cell: &["en", "jusqu"],
    fills: &["boucher", "bouché", "bouchée", "bouchant", "bouche"],
    one: &["un", "une", "seul", "seule"],
    pass_infinitive: &["passer"],
    right_to: &[("droit", "de")],
    edge_nouns: &["côté", "côtés"],
    in_common: &["commun", "communs"],
    beyond: &["au-delà"],
    needs: &["exige", "exigent", "demande", "demandent"],
    before: &["avant"],
    makes: &["fait", "font", "forme", "forment", "complète", "complètent"],
    made_lines: &["ligne", "lignes", "alignement", "alignements"],
    there: &["y"],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_read_on_the_page() {
        // y grows down the page: north is up.
        assert!(Dir::North.matches(0.0, -1.0) && !Dir::North.matches(0.0, 1.0));
        assert!(Dir::Diagonal.matches(1.0, -1.0) && !Dir::Diagonal.matches(1.0, 0.0));
        assert!(Dir::Straight.matches(0.0, 2.0) && !Dir::Straight.matches(1.0, 1.0));
        assert_eq!(Dir::West.opposite(), Dir::East);
    }

    #[test]
    fn every_language_has_every_list() {
        for lang in Lang::ALL {
            let l = of(lang);
            assert_eq!(l.lang, lang);
            for list in [
                l.negative, l.win, l.lose, l.draw, l.game, l.goes_on, l.over, l.pass,
            ] {
                assert!(!list.is_empty(), "{lang:?}");
            }
            assert!(l.direction(None, None, "x", None).is_none());
            assert!(!l.sides.is_empty() && !l.counted.is_empty() && !l.numbers.is_empty());
        }
        assert_eq!(
            of(Lang::Fr).direction(None, Some("à"), "droite", None),
            Some(Dir::East)
        );
        assert_eq!(
            of(Lang::Fr).direction(None, Some("c"), "est", None),
            None,
            "`est` is mostly \"is\""
        );
        let en = of(Lang::En);
        assert_eq!(
            en.direction(None, Some("the"), "left", None),
            Some(Dir::West)
        );
        let fr = of(Lang::Fr);
        assert_eq!(
            fr.direction(Some("vers"), Some("l"), "est", None),
            Some(Dir::East)
        );
        assert_eq!(
            fr.direction(Some("ne"), Some("l"), "est", Some("pas")),
            None
        );
        assert_eq!(
            en.direction(None, Some("has"), "left", Some("the")),
            None,
            "has left the board"
        );
        assert_eq!(
            en.direction(None, Some("runs"), "up", Some("the")),
            Some(Dir::North)
        );
        assert_eq!(
            en.direction(None, Some("pawn"), "left", Some(".")),
            None,
            "what remains"
        );
        assert_eq!(of(Lang::Fr).side("foncés"), Some("dark"));
    }
}
