//! Print warnings: every text of every printed face checked against its box and its font, each
//! problem said once (languages and cards alike named together), at its place in the definition.
//!
//! Warnings about what prints are made here, by the build. A model item that can be warned
//! about carries its place in the definition, made by validation (an element's `place`, an
//! `Arc<Diagnostic>`), and a warning is `place.warn(message)`; the build gathers them with the
//! rulebooks' (`rulebooks.rs`) and the definition's own (`Game::unread`, what validation found
//! declared and never read), and `--strict` turns them into errors.

use super::BuildOptions;
use crate::base::diag::Diagnostic;
use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::fonts::Face;
use crate::layout;
use crate::scene::Scene;

/// The warnings of a game's printed faces in `lang`: every text of every face (cards, backs,
/// tiles, pieces, die faces) checked against the box it prints in and the font it prints with.
pub fn print_warnings(game: &Game, lang: Lang) -> Vec<crate::base::diag::Diagnostic> {
    face_warnings(game, &[lang])
}

/// The warnings of a game's printed faces in `langs`, each said once: the same problem at the
/// same place in several languages names them together (`(fr, en)`), and on several cards of a
/// deck names the cards together (`cards `a`, `b` and 12 more of deck `d``).
pub fn face_warnings(game: &Game, langs: &[Lang]) -> Vec<crate::base::diag::Diagnostic> {
    use crate::definition::model::Element;
    /// One printed face: what it is (`card`, its id, `of deck `d``) and its elements.
    struct Face<'g> {
        kind: &'static str,
        id: Option<&'g str>,
        owner: String,
        elements: &'g [Element],
    }
    /// One problem of one face in one language.
    struct Problem<'g> {
        kind: &'static str,
        id: Option<&'g str>,
        owner: &'g str,
        element: &'g Element,
        msg: String,
        lang: Lang,
    }
    let face = |kind, id, owner, elements| Face {
        kind,
        id,
        owner,
        elements,
    };
    let mut faces: Vec<Face<'_>> = Vec::new();
    for b in &game.boards {
        faces.push(face("board", Some(&b.id), String::new(), &b.face));
    }
    for d in &game.decks {
        let owner = format!("of deck `{}`", d.id);
        for c in &d.cards {
            let elements = c.layout.as_deref().unwrap_or(&[]);
            faces.push(face("card", Some(&c.id), owner.clone(), elements));
        }
        faces.push(face("back", None, owner, &d.back.elements));
    }
    for t in &game.tilesets {
        let owner = format!("of tile set `{}`", t.id);
        for (i, tile) in t.tiles.iter().enumerate() {
            faces.push(face(
                "tile",
                None,
                format!("{} {owner}", i + 1),
                &tile.elements,
            ));
        }
        if let Some(b) = &t.back {
            faces.push(face("back", None, owner, &b.elements));
        }
    }
    for pc in &game.pieces {
        faces.push(face(
            "piece",
            Some(&pc.id),
            "(front)".into(),
            &pc.front_face,
        ));
        if let Some(b) = &pc.back_face {
            faces.push(face("piece", Some(&pc.id), "(back)".into(), b));
        }
    }
    for d in &game.dice {
        for (i, elements) in d.faces.iter().enumerate() {
            faces.push(face(
                "face",
                None,
                format!("{} of die `{}`", i + 1, d.id),
                elements,
            ));
        }
    }
    let mut found: Vec<Problem<'_>> = Vec::new();
    for &lang in langs {
        for f in &faces {
            for (element, msg) in layout::element::problems(f.elements, lang) {
                found.push(Problem {
                    kind: f.kind,
                    id: f.id,
                    owner: &f.owner,
                    element,
                    msg,
                    lang,
                });
            }
        }
    }
    // Grouped by place, element and message, in the order first found.
    let mut groups: Vec<(&Problem<'_>, Vec<&str>, Vec<Lang>)> = Vec::new();
    for p in &found {
        let same = |q: &&Problem<'_>| {
            q.kind == p.kind
                && q.owner == p.owner
                && q.msg == p.msg
                && q.element.name == p.element.name
                && q.element.place.path == p.element.place.path
                && (q.element.place.line, q.element.place.col)
                    == (p.element.place.line, p.element.place.col)
        };
        match groups.iter_mut().find(|(q, _, _)| same(q)) {
            Some((_, ids, langs)) => {
                if let Some(id) = p.id.filter(|id| !ids.contains(id)) {
                    ids.push(id);
                }
                if !langs.contains(&p.lang) {
                    langs.push(p.lang);
                }
            }
            None => groups.push((p, p.id.into_iter().collect(), vec![p.lang])),
        }
    }
    groups
        .into_iter()
        .map(|(p, ids, langs)| {
            const NAMED: usize = 3;
            let who = match ids.len() {
                0 => format!("{} {}", p.kind, p.owner),
                1 => format!("{} `{}` {}", p.kind, ids[0], p.owner),
                n => {
                    let named: Vec<String> =
                        ids.iter().take(NAMED).map(|i| format!("`{i}`")).collect();
                    let list = if n > NAMED {
                        format!("{} and {} more", named.join(", "), n - NAMED)
                    } else {
                        let (last, rest) = named.split_last().expect("two or more");
                        format!("{} and {last}", rest.join(", "))
                    };
                    format!("{}s {list} {}", p.kind, p.owner)
                }
            };
            let langs: Vec<&str> = langs.iter().map(|l| l.code()).collect();
            p.element.place.warn(format!(
                "{}, element `{}` ({}): {}",
                who.trim_end(),
                p.element.name,
                langs.join(", "),
                p.msg
            ))
        })
        .collect()
}

/// The characters drawn without ink ([`Face::inkless`]) in the scenes of one output, by face:
/// each face's characters in the order met, and where it first drew one.
#[derive(Default)]
struct Blank {
    faces: Vec<(Face, Vec<char>, String)>,
}

impl Blank {
    /// Reads every text run of `scenes` (held together, so that a group they share is read
    /// once) set in one of `damaged`; `at(i)` says where `scenes[i]` prints.
    fn read(&mut self, scenes: &[&Scene], damaged: &[Face], at: &dyn Fn(usize) -> String) {
        let mut seen = std::collections::HashSet::new();
        for (i, scene) in scenes.iter().enumerate() {
            scene.texts(&mut seen, &mut |run| {
                if !damaged.contains(&run.face) {
                    return;
                }
                for c in run.text.chars().filter(|&c| run.face.inkless(c)) {
                    match self.faces.iter_mut().find(|(f, ..)| *f == run.face) {
                        Some((_, chars, _)) if chars.contains(&c) => {}
                        Some((_, chars, _)) => chars.push(c),
                        None => self.faces.push((run.face, vec![c], at(i))),
                    }
                }
            });
        }
    }
}

/// The warnings of `game`'s own fonts that draw a character without an outline (a damaged or
/// stripped font: it prints blank), one per font file, at the place in game.toml naming the
/// file (`file`, game.toml, when none does): its first characters, how many, and where it
/// first draws one. What is read is every text ludopress draws: in each of `langs`, every
/// component and every page of the print file on each of `opts.papers` (boards' coordinates,
/// tracks, labels, cards, the guide); and every page of each of `books` on each paper (body,
/// headings, captions, figures). The texts are looked at only when a font of the game's is
/// damaged ([`Face::damaged`]).
pub fn blank_warnings(
    game: &Game,
    langs: &[Lang],
    books: &[crate::rulebook::Rulebook],
    opts: &BuildOptions,
    file: &std::path::Path,
) -> Vec<Diagnostic> {
    let damaged: Vec<Face> = game
        .font_files
        .iter()
        .map(|f| f.face)
        .filter(|f| f.damaged())
        .collect();
    if damaged.is_empty() {
        return Vec::new();
    }
    let mut blank = Blank::default();
    let papers = super::sheets::papers(game, &opts.papers);
    for &lang in langs {
        let code = lang.code();
        let groups = super::components::groups(game, lang);
        let faces: Vec<(&str, &Scene)> = groups
            .iter()
            .flat_map(|g| g.faces.iter().map(|(stem, s)| (stem.as_str(), s)))
            .collect();
        let scenes: Vec<&Scene> = faces.iter().map(|f| f.1).collect();
        blank.read(&scenes, &damaged, &|i| {
            format!("components/{code}/{}.svg", faces[i].0)
        });
        if !opts.only.is_empty() {
            continue;
        }
        for &paper in &papers {
            let sheets = super::sheets::sheets_of(game, &groups, opts, lang, paper);
            let scenes: Vec<&Scene> = sheets.iter().map(|s| &s.scene).collect();
            blank.read(&scenes, &damaged, &|i| {
                format!("{}-{code}-{}.pdf, page {}", game.id, paper.name(), i + 1)
            });
        }
    }
    for book in books {
        let front = crate::rulebook::Front::of(game, book.lang);
        for &paper in &opts.papers {
            let pages = crate::rulebook::pages::layout(book, &front, paper);
            let scenes: Vec<&Scene> = pages.iter().collect();
            blank.read(&scenes, &damaged, &|i| {
                format!(
                    "{}-rules-{}-{}.pdf, page {}",
                    game.id,
                    book.lang.code(),
                    paper.name(),
                    i + 1
                )
            });
        }
    }
    blank
        .faces
        .into_iter()
        .map(|(face, chars, first)| {
            let declared = game.font_files.iter().find(|f| f.face == face);
            let name = declared.map_or(face.file(), |f| f.file.as_str());
            let place = declared.map_or_else(|| Diagnostic::file(file, ""), |f| (*f.place).clone());
            place.warn(inkless_glyphs(name, &chars, &first))
        })
        .collect()
}

/// The warning for `chars`, drawn in a font (`file`, as the game names it) that has no outline
/// for them: the first five named, then how many in all, and where the first is drawn.
fn inkless_glyphs(file: &str, chars: &[char], first: &str) -> String {
    const NAMED: usize = 5;
    let list: Vec<String> = chars
        .iter()
        .take(NAMED)
        .map(|c| format!("`{c}` (U+{:04X})", u32::from(*c)))
        .collect();
    let more = match chars.len().saturating_sub(NAMED) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let n = chars.len();
    format!(
        "{}{more}: no outline in the font `{file}` (a damaged or stripped font): {} print{} blank, wherever it draws {}; the first in {first}",
        list.join(", "),
        if n == 1 { "this character".to_string() } else { format!("these {n} characters") },
        if n == 1 { "s" } else { "" },
        if n == 1 { "it" } else { "them" },
    )
}
