//! Print warnings: every text of every printed face checked against its box and its font, each
//! problem said once (languages and cards alike named together), at its place in the definition.
//!
//! Warnings are made here, by the build, never by validation (which gives errors only). A model
//! item that can be warned about carries its place in the definition, made by validation (an
//! element's `place`, an `Arc<Diagnostic>`), and a warning is `place.warn(message)`; the build
//! gathers them with the rulebooks' (`rulebooks.rs`) and `--strict` turns them into errors.

use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::layout;

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
