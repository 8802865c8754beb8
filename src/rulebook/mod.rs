//! Rulebooks: Markdown sources with checked example positions, laid out into pages by the same
//! scene model and exporters as the components, and written as HTML.
//!
//! In: `games/<game>/rules.<lang>.md` and the game's engine; out: checked claims, pages (scenes)
//! and HTML.
//!
//! The pipeline: Markdown → [`Block`]s (`markdown`) with examples validated by the engine
//! (`example`, their claims in `claims`), the box's contents drawn from the definition
//! (`contents`), its faces and colour (`style`), spaces bound by typography (`typography`) →
//! pages (`pages`, lines broken by `lines`) → PDF; blocks → HTML (`html`). `check` runs every
//! claim, and that every caption states only what the claims make true (`captions`, reading
//! with `lexicon` against `facts`) and every body sentence about figures says what they are
//! (`body`).

pub mod body;
pub mod captions;
pub mod claims;
pub mod contents;
pub mod example;
pub mod facts;
pub mod html;
pub mod legend;
pub mod lexicon;
mod lines;
pub mod markdown;
pub mod pages;
pub mod style;
pub mod typography;
pub mod words;

use crate::base::diag::Diagnostics;
use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::fonts::Face;
use crate::rules::engine::Engine;
use crate::scene::Scene;
use std::path::{Path, PathBuf};

/// A run of text in one face.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    /// The text.
    pub text: String,
    /// The face.
    pub face: Face,
}

/// A block of a rulebook.
#[derive(Debug, Clone)]
pub enum Block {
    /// A heading, level 1 to 3.
    Heading(u8, Vec<Span>),
    /// A paragraph.
    Para(Vec<Span>),
    /// A list, its nested lists' items among its own, each with its level.
    List(Vec<Item>),
    /// A table: header cells, then rows of cells.
    Table(Vec<Vec<Span>>, Vec<Vec<Vec<Span>>>),
    /// One or more drawings side by side, with a caption.
    Figure(Figure),
    /// Start a new page.
    PageBreak,
}

/// One item of a list.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Its text.
    pub spans: Vec<Span>,
    /// 0 for the outer list, 1 for a list inside one of its items, ...
    pub level: usize,
    /// Its mark.
    pub mark: Mark,
}

/// The mark before a list item.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Mark {
    /// A bullet.
    Bullet,
    /// A number.
    Number(u64),
    /// None: the item's text after a list nested in it.
    Continued,
}

/// Drawings shown side by side, with one caption.
#[derive(Debug, Clone)]
pub struct Figure {
    /// The drawings, each with its own caption line.
    pub panels: Vec<Panel>,
    /// Source line of the figure.
    pub line: usize,
    /// The book's legend: set alone, never beside another figure's panels.
    pub legend: bool,
}

/// One drawing of a figure.
#[derive(Debug, Clone)]
pub struct Panel {
    /// The drawing.
    pub scene: Scene,
    /// Width on the page, mm.
    pub width: f64,
    /// A position diagram, drawn at the rulebook's common scale; otherwise a component, drawn
    /// at its printed size.
    pub diagram: bool,
    /// (a diagram) the size of one of its cells as drawn, mm, before the rulebook's scale.
    pub cell: f64,
    /// Caption under the drawing.
    pub caption: String,
    /// A legend's entries, each a small drawing and its meaning: the web page sets them as
    /// drawings beside text of its own size (the drawing above is for print).
    pub entries: Vec<(Scene, String)>,
}

/// What a rulebook's first page says above its text: the title, the facts of the box (players,
/// age, length) and the credits, in the rulebook's language.
#[derive(Debug, Clone, PartialEq)]
pub struct Front {
    /// The game's title.
    pub title: String,
    /// "Rules of play".
    pub subtitle: String,
    /// Players, age and length, where the definition gives them.
    pub facts: Option<String>,
    /// Designer, publisher and year, source, notice: one line each.
    pub credits: Vec<String>,
    /// How many of the credits' first lines name the designer and the publisher.
    byline: usize,
    /// Pages linked from the HTML rulebook's header: (text, address).
    pub links: Vec<(String, String)>,
}

impl Front {
    /// The first page's header of a game's rulebook in `lang`.
    pub fn of(game: &Game, lang: Lang) -> Front {
        let a = &game.about;
        let fr = lang == Lang::Fr;
        let span = |(lo, hi): (i64, i64), unit: &str| {
            let join = if fr { "à" } else { "to" };
            if lo == hi {
                format!("{lo} {unit}")
            } else {
                format!("{lo} {join} {hi} {unit}")
            }
        };
        let mut facts = Vec::new();
        if let Some(p) = a.players {
            let unit = match (fr, p.1 > 1) {
                (true, true) => "joueurs",
                (true, false) => "joueur",
                (false, true) => "players",
                (false, false) => "player",
            };
            facts.push(span(p, unit));
        }
        if let Some(age) = a.age {
            facts.push(if fr {
                format!("dès {age} ans")
            } else {
                format!("ages {age} and up")
            });
        }
        if let Some(m) = a.minutes {
            facts.push(if m.0 == m.1 {
                if fr {
                    format!("environ {} min", m.0)
                } else {
                    format!("about {} min", m.0)
                }
            } else {
                span(m, "min")
            });
        }
        let mut credits = Vec::new();
        if let Some(d) = &a.designer {
            credits.push(if fr {
                format!("Un jeu de {d}")
            } else {
                format!("A game by {d}")
            });
        }
        match (&a.publisher, a.year) {
            (Some(p), Some(y)) => credits.push(if fr {
                format!("Édité par {p} en {y}")
            } else {
                format!("Published by {p} in {y}")
            }),
            (Some(p), None) => credits.push(if fr {
                format!("Édité par {p}")
            } else {
                format!("Published by {p}")
            }),
            (None, Some(y)) => credits.push(if fr {
                format!("Paru en {y}")
            } else {
                format!("First published in {y}")
            }),
            (None, None) => {}
        }
        let byline = credits.len();
        if let Some(s) = a.source.as_ref().map(|s| s.get(lang)) {
            credits.push(if fr {
                format!("Règle d’origine : {s}. Ce livret en donne une rédaction nouvelle.")
            } else {
                format!("Original rules: {s}. This rulebook restates them in new words.")
            });
        }
        if let Some(n) = &a.notice {
            credits.push(n.get(lang).to_string());
        }
        let typeset = |t: String| {
            if fr {
                crate::base::lang::french_spaces(&t, crate::base::lang::NNBSP)
            } else {
                t
            }
        };
        Front {
            title: game.title.get(lang).to_string(),
            subtitle: if fr {
                "Règles du jeu"
            } else {
                "Rules of play"
            }
            .to_string(),
            facts: (!facts.is_empty()).then(|| typeset(facts.join(" · "))),
            credits: credits.into_iter().map(typeset).collect(),
            byline,
            links: Vec::new(),
        }
    }
}

impl Front {
    /// The credits in a few words, for a sheet's caption: designer, publisher and year.
    pub fn short_credit(&self) -> Option<String> {
        (self.byline > 0).then(|| self.credits[..self.byline].join(" · "))
    }
}

/// A rulebook, parsed, with its examples validated.
#[derive(Debug, Clone)]
pub struct Rulebook {
    /// Source file.
    pub path: PathBuf,
    /// Language.
    pub lang: Lang,
    /// Content.
    pub blocks: Vec<Block>,
    /// The examples (positions with claims), in order.
    pub examples: Vec<example::Example>,
    /// The first block of the summary (`## Summary {.summary}`), which takes the last page.
    pub summary: Option<usize>,
    /// Its faces and accent colour (a `style` block; Lato and brown by default).
    pub style: style::Style,
}

/// Path of a game's rulebook in a language.
pub fn source_path(root: &Path, game: &str, lang: Lang) -> PathBuf {
    root.join("games")
        .join(game)
        .join(format!("rules.{}.md", lang.code()))
}

/// Reads and parses a rulebook; `shown` is the path used in messages.
pub fn load(
    engine: Option<&Engine>,
    game: &Game,
    file: &Path,
    shown: &Path,
    lang: Lang,
) -> Result<Rulebook, Diagnostics> {
    // The rulebook's name is fixed, but the file may be a link: the game's rule applies (inside
    // its folder once links are resolved, a regular file).
    let folder = file.parent().unwrap_or(Path::new("."));
    let real = crate::base::paths::inside(folder, file, u64::MAX).map_err(|e| {
        crate::base::diag::Diagnostic::file(shown, format!("rulebook refused: {e}"))
    })?;
    let text = crate::base::diag::read_limited(&real, MAX_BYTES as u64, "a rulebook")
        .map_err(|d| d.at_path(shown))?;
    let book = markdown::parse(engine, game, shown, &text, lang)?;
    // Body sentences that speak of the figures must say what the figures are.
    let unbound = body::check(&text, lang);
    if !unbound.is_empty() {
        return Err(crate::base::diag::Diagnostics(
            unbound
                .into_iter()
                .map(|u| crate::base::diag::Diagnostic {
                    line: u.line,
                    col: u.col,
                    ..crate::base::diag::Diagnostic::file(shown, u.message)
                })
                .collect(),
        ));
    }
    Ok(book)
}

/// Largest rulebook, in bytes (the shipped ones are about 15 KiB; a book of 500 KiB is some
/// 200 pages).
pub const MAX_BYTES: usize = 512 << 10;
/// Longest line of a rulebook, in characters (a paragraph may be one line).
pub const MAX_LINE: usize = 20_000;
/// Most rows of a table (a table is kept whole on a page when it is short, split when not).
pub const MAX_TABLE_ROWS: usize = 300;
/// Most columns of a table.
pub const MAX_TABLE_COLUMNS: usize = 12;
/// Most figures (position and component blocks) in a rulebook.
pub const MAX_FIGURES: usize = 500;
/// Most claims in a rulebook, identical claims of an example counted once (a move of a
/// `legal`, `illegal` or `moves` list and a side of `passes` each count one).
pub const MAX_CLAIMS: usize = 5_000;

/// The outcome of checking claims.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Claims checked.
    pub checked: usize,
    /// One line per failed claim: `file:line: expected ..., found ...`.
    pub failures: Vec<String>,
    /// The same failures as errors at their place, for a build that refuses the rulebook.
    pub errors: crate::base::diag::Diagnostics,
}

/// Checks every claim of a rulebook, and that its captions state nothing the claims do not
/// check (see [`captions`]).
/// Warnings for figures that draw the board of the example just before them in their section
/// again, with the same marks (the same pieces on the same cells, whatever the side to move or the roll): a
/// reader sees one drawing twice. Either caption can say both things, or a figure can show the
/// position that differs. (The same board with other moves drawn teaches something else.)
pub fn repeated_boards(
    book: &Rulebook,
    engine: Option<&Engine>,
    game: &crate::definition::Game,
) -> Vec<crate::base::diag::Diagnostic> {
    let marks = |ex: &example::Example| example::figure_marks(engine, game, ex);
    // Figures of one section: no heading between the two (a new section may show a board
    // again, for another rule).
    let at = |line: usize| {
        book.blocks
            .iter()
            .position(|b| matches!(b, Block::Figure(f) if f.line == line))
    };
    let one_section = |a: usize, b: usize| match (at(a), at(b)) {
        (Some(i), Some(j)) if i < j => !book.blocks[i..j]
            .iter()
            .any(|b| matches!(b, Block::Heading(..))),
        _ => false,
    };
    book.examples
        .windows(2)
        .filter(|w| {
            w[0].board == w[1].board
                && w[0].after_caption.is_none()
                && one_section(w[0].line, w[1].line)
                && marks(&w[0]) == marks(&w[1])
        })
        .map(|w| crate::base::diag::Diagnostic {
            line: w[1].line,
            col: 1,
            ..crate::base::diag::Diagnostic::file(&book.path, "").warn(format!(
                "this figure draws the same board as the one at line {}: say both in one caption, or show the position that differs",
                w[0].line
            ))
        })
        .collect()
}

/// Warnings for the drawings a book leaves out because no rules engine ran (`engine` is
/// `None`): the position after an example's move (its `after_caption`) is the engine's to
/// compute, so the reader is told, at the example, that the book lacks it.
pub fn drawings_left_out(
    book: &Rulebook,
    engine: Option<&Engine>,
) -> Vec<crate::base::diag::Diagnostic> {
    if engine.is_some() {
        return Vec::new();
    }
    book.examples
        .iter()
        .filter(|ex| ex.after_caption.is_some())
        .map(|ex| crate::base::diag::Diagnostic {
            line: ex.line,
            col: 1,
            ..crate::base::diag::Diagnostic::file(&book.path, "").warn(
                "the drawing of the position after this example's move is left out of the book: only the rules engine can compute it, and it did not run"
                    .to_string(),
            )
        })
        .collect()
}

/// Warnings for figures that need more of a piece than the game prints (a final position of
/// 64 discs in a box of 32): the pieces each position's board shows, by the piece its token
/// draws, against that piece's `count` (a stack counts its height; a piece drawn by two
/// tokens, a disc's two faces, counts both). One warning a piece, at the first figure that
/// needs the most.
pub fn counts_against_box(
    book: &Rulebook,
    game: &crate::definition::Game,
) -> Vec<crate::base::diag::Diagnostic> {
    let Some(def) = game.diagram.as_ref() else {
        return Vec::new();
    };
    let mut most: Vec<(usize, usize)> = vec![(0, 0); game.pieces.len()];
    for ex in &book.examples {
        let mut need = vec![0usize; game.pieces.len()];
        for cell in ex.board.rows.iter().flatten() {
            let crate::setup::Stands::Pieces(on) = &cell.stands else {
                continue;
            };
            if let Some((_, look)) = def.tokens.iter().find(|(t, _)| *t == cell.token) {
                if let Some(n) = need.get_mut(look.piece) {
                    *n += on.len();
                }
            }
        }
        for (i, n) in need.into_iter().enumerate() {
            if n > most[i].0 {
                most[i] = (n, ex.line);
            }
        }
    }
    game.pieces
        .iter()
        .zip(most)
        .filter(|(pc, (n, _))| *n > pc.count && pc.count > 0)
        .map(|(pc, (n, line))| crate::base::diag::Diagnostic {
            line,
            col: 1,
            ..crate::base::diag::Diagnostic::file(&book.path, "").warn(format!(
                "this figure shows {n} of `{}`, and the game prints {}: print as many as play needs (`count` in game.toml), or show a position the box allows",
                pc.id, pc.count
            ))
        })
        .collect()
}

/// Warnings for declared kinds whose `max` a side may reach with fewer pieces printed: each
/// side's most of a kind, summed over the sides whose token draws a piece, against that
/// piece's `count` (a disc with two faces is one piece; draughts' twelve kings a side). Each
/// warning points at its kind in `path`, the game's `game.toml`, which is read again only when
/// there is a warning to place.
pub fn kinds_against_box(
    game: &crate::definition::Game,
    path: &std::path::Path,
) -> Vec<crate::base::diag::Diagnostic> {
    use crate::definition::model::rules::Count;
    let (Some(rules), Some(def)) = (game.rules.as_ref(), game.diagram.as_ref()) else {
        return Vec::new();
    };
    let mut need: Vec<(usize, Vec<String>, usize)> = vec![(0, Vec::new(), 0); game.pieces.len()];
    for kind in &rules.kinds {
        for (token, max) in kind.tokens.iter().zip(&kind.max) {
            let Some(Count::Fixed(max)) = max else {
                continue;
            };
            let max = usize::try_from(*max).unwrap_or(0);
            let Some((_, look)) = def.tokens.iter().find(|(t, _)| t == token) else {
                continue;
            };
            if let Some(n) = need.get_mut(look.piece) {
                n.0 += max;
                if !n.1.contains(&kind.id) {
                    n.1.push(kind.id.clone());
                }
                n.2 = kind.at.start;
            }
        }
    }
    let short: Vec<_> = game
        .pieces
        .iter()
        .zip(need)
        .filter(|(pc, (n, _, _))| *n > pc.count && pc.count > 0)
        .collect();
    if short.is_empty() {
        return Vec::new();
    }
    // (Loaded already within its limits; unreadable now, the warning names the file alone.)
    let src = std::fs::read_to_string(path).unwrap_or_default();
    short
        .into_iter()
        .map(|(pc, (n, kinds, at))| {
            let (line, col) = if src.is_empty() {
                (0, 0)
            } else {
                crate::base::diag::line_col(&src, at)
            };
            crate::base::diag::Diagnostic {
                line,
                col,
                ..crate::base::diag::Diagnostic::file(path, "").warn(format!(
                    "play may need {n} of `{}` (the `max` of `{}`), and the game prints {}: print as many (`count`), or lower `max`",
                    pc.id,
                    kinds.join("`, `"),
                    pc.count
                ))
            }
        })
        .collect()
}

pub fn check(engine: &Engine, book: &Rulebook) -> Report {
    let mut r = Report::default();
    for ex in &book.examples {
        for u in captions::check(ex, book.lang) {
            let place = ex.caption_at[u.caption]
                .map(|(line, col)| (line, col + u.at))
                .unwrap_or((ex.line, 1));
            r.failures.push(format!(
                "{}:{}:{}: {}",
                book.path.display(),
                place.0,
                place.1,
                u.message
            ));
            r.errors.push(crate::base::diag::Diagnostic {
                line: place.0,
                col: place.1,
                ..crate::base::diag::Diagnostic::file(&book.path, u.message)
            });
        }
        for c in &ex.claims {
            r.checked += 1;
            if let Err(found) = example::check_claim(engine, ex, c) {
                r.failures.push(format!(
                    "{}:{}: expected {}, found {found}",
                    book.path.display(),
                    c.place.0,
                    c.text
                ));
                r.errors.push(crate::base::diag::Diagnostic {
                    line: c.place.0,
                    col: c.place.1,
                    ..crate::base::diag::Diagnostic::file(
                        &book.path,
                        format!("the rulebook claims {}, the engine finds {found}", c.text),
                    )
                });
            }
        }
    }
    // A game's own engine program that failed answered nothing true: say why, once.
    if let Some(f) = engine.failure() {
        r.failures.push(format!("{}: {f}", book.path.display()));
        r.errors
            .push(crate::base::diag::Diagnostic::file(&book.path, f));
    }
    r
}
