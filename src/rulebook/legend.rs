//! The legend of a rulebook's figures: each kind of mark its figures use (an arrow, a faded
//! piece in a dashed ring, a cross, a dashed arrow, numbers, an outline), drawn small, with
//! its one meaning in the book's language.
//!
//! In: the game, its engine, the book's examples. Out: the panel of the legend figure, which
//! a ```` ```legend ```` block places, or, without one, the end of the book's text
//! ([`super::markdown`]).

use super::example::Example;
use super::Panel;
use crate::base::color::Color;
use crate::base::lang::Lang;
use crate::definition::Game;
use crate::fonts::Face;
use crate::layout::diagram::{legend_swatch, MarkKind};
use crate::rules::engine::Engine;
use crate::scene::{Affine, Anchor, Scene};

/// What a kind of mark means, in each language: of a piece called `noun` (the book's own
/// word, `piece` / `pièce` when it declares none) on a board whose cells are `cell`.
fn meaning(kind: MarkKind, lang: Lang, noun: &str, cell: &str, mv: &str) -> String {
    let (un, e) = if feminine(noun) {
        ("une", "e")
    } else {
        ("un", "")
    };
    let (un_mv, e_mv) = if feminine(mv) {
        ("une", "e")
    } else {
        ("un", "")
    };
    match (kind, lang) {
        (MarkKind::Arrow, Lang::En) => format!("a {mv} played or possible"),
        (MarkKind::Arrow, Lang::Fr) => format!("{un_mv} {mv} joué{e_mv} ou possible"),
        (MarkKind::Placed, Lang::En) => format!("a {noun} placed by the move"),
        (MarkKind::Placed, Lang::Fr) => format!("{un} {noun} posé{e} par le coup"),
        (MarkKind::Turned, Lang::En) => format!("a {noun} that changes sides"),
        (MarkKind::Turned, Lang::Fr) => format!("{un} {noun} qui change de camp"),
        (MarkKind::Cross, Lang::En) => format!("a {noun} taken, or one that can be taken"),
        (MarkKind::Cross, Lang::Fr) => format!("{un} {noun} pris{e}, ou qui peut l’être"),
        (MarkKind::Refused, Lang::En) => "not allowed here".into(),
        (MarkKind::Refused, Lang::Fr) => "interdit ici".into(),
        (MarkKind::Barred, Lang::En) => format!("a {mv} the rules forbid"),
        (MarkKind::Barred, Lang::Fr) => format!("{un_mv} {mv} interdit{e_mv}"),
        (MarkKind::Numbers, Lang::En) => "the order of placing".into(),
        (MarkKind::Numbers, Lang::Fr) => "l’ordre de pose".into(),
        // One meaning for every highlight: the caption says what each is (a line, a threat,
        // the cells a piece reaches).
        (MarkKind::Highlight, Lang::En) => format!("a {cell} the caption points to"),
        (MarkKind::Highlight, Lang::Fr) => format!("une {cell} désignée sous la figure"),
        (MarkKind::Field, Lang::En) => format!("the {cell} the position points out"),
        (MarkKind::Field, Lang::Fr) => format!("la {cell} que la position désigne"),
    }
}

/// French agrees with the noun: `un pion pris`, `une pièce prise`.
fn feminine(n: &str) -> bool {
    matches!(
        n,
        "pièce"
            | "tuile"
            | "brique"
            | "dame"
            | "croix"
            | "pierre"
            | "bille"
            | "carte"
            | "marque"
            | "poussée"
            | "prise"
            | "pose"
    )
}

/// What a figure that leaves pieces out says under its first drawing, in the book's own noun
/// (`Only the pawns that matter are drawn.`, « Seules les pièces utiles sont dessinées. »).
pub fn partial_note(game: &Game, lang: Lang) -> String {
    let noun = game.diagram.as_ref().map_or_else(
        || if lang == Lang::Fr { "pièce" } else { "piece" }.to_string(),
        |d| nouns(d, lang).0,
    );
    let plural = if noun.ends_with(['s', 'x']) {
        noun.clone()
    } else {
        format!("{noun}s")
    };
    match lang {
        Lang::En => format!("Only the {plural} that matter are drawn."),
        Lang::Fr if feminine(&noun) => format!("Seules les {plural} utiles sont dessinées."),
        Lang::Fr => format!("Seuls les {plural} utiles sont dessinés."),
    }
}

/// The book's word for a piece and for a cell, in `lang` (`piece`, `cell` when it declares
/// none).
fn nouns(def: &crate::definition::model::DiagramDef, lang: Lang) -> (String, String, String) {
    let word = |t: &Option<crate::base::lang::Text>, en: &str, fr: &str| {
        t.as_ref().map_or_else(
            || if lang == Lang::Fr { fr } else { en }.to_string(),
            |n| n.get(lang).to_string(),
        )
    };
    (
        word(&def.noun, "piece", "pièce"),
        word(&def.cell, "cell", "case"),
        word(&def.move_noun, "move", "coup"),
    )
}

/// The kinds of mark each example's figure draws, in the legend's order.
pub fn used_by_each(
    engine: Option<&Engine>,
    game: &Game,
    examples: &[Example],
) -> Vec<Vec<MarkKind>> {
    let prepared: Vec<_> = examples
        .iter()
        .map(|ex| super::example::prepare(engine, game, ex))
        .collect();
    used_by(game, examples, &prepared)
}

/// [`used_by_each`] of examples already prepared (`prepared[i]` of `examples[i]`), so that a
/// book that draws them after asks the engine once an example.
pub fn used_by<'a>(
    game: &Game,
    examples: &[Example],
    prepared: impl IntoIterator<Item = &'a super::example::Prepared>,
) -> Vec<Vec<MarkKind>> {
    examples
        .iter()
        .zip(prepared)
        .map(|(ex, p)| {
            let panels = p.marks();
            // A field the diagram outlines (`last_placed`), when the position names a cell.
            let field = game.diagram.as_ref().is_some_and(|d| {
                d.highlight
                    .iter()
                    .any(|k| matches!(ex.fields.get(k), Some(toml::Value::String(_))))
            });
            // Each panel's marks as drawn: the figure after the move draws the rest of a move
            // in parts (its arrows, its refused paths, a cross on each piece it takes).
            MarkKind::ALL
                .into_iter()
                .filter(|k| {
                    panels.iter().any(|(m, on)| k.used_in(m, on))
                        || (*k == MarkKind::Field && field)
                })
                .collect()
        })
        .collect()
}

/// The kinds of mark any of the figures draws (`each`: [`used_by_each`]), in the legend's
/// order.
pub fn union(each: &[Vec<MarkKind>]) -> Vec<MarkKind> {
    MarkKind::ALL
        .into_iter()
        .filter(|k| each.iter().any(|e| e.contains(k)))
        .collect()
}

/// The widest a legend is set, mm (within the text width of both papers).
const MAX_WIDTH: f64 = 160.0;
/// Its labels' size, pt.
const LABEL_PT: f64 = 8.0;

/// The legend for the kinds `kinds`, as one panel (none without a diagram definition or a
/// mark): a strip of small drawings, each followed by its meaning, in rows no wider than
/// [`MAX_WIDTH`], with its title under it. One drawing, so it is never split nor set beside
/// another figure's panels.
pub fn panels(game: &Game, kinds: &[MarkKind], lang: Lang) -> Vec<Panel> {
    let Some(def) = game.diagram.as_ref() else {
        return Vec::new();
    };
    if kinds.is_empty() {
        return Vec::new();
    }
    let face = Face::Italic;
    let (noun, cell, mv) = nouns(def, lang);
    let entries: Vec<(Scene, String)> = kinds
        .iter()
        .map(|&k| {
            let said = match (k, &def.highlight_means) {
                (MarkKind::Field, Some(m)) => m.get(lang).to_string(),
                _ => meaning(k, lang, &noun, &cell, &mv),
            };
            (legend_swatch(game, def, k), said)
        })
        .collect();
    let apart = entries.clone();
    let (gap, space, row_gap) = (2.0, 7.0, 3.0);
    // Each entry's place: its row and x.
    let mut places = Vec::new();
    let (mut x, mut row, mut widest) = (0.0f64, 0usize, 0.0f64);
    for (sw, label) in &entries {
        let w = sw.width + gap + face.width_mm(label, LABEL_PT);
        if x > 0.0 && x + w > MAX_WIDTH {
            row += 1;
            x = 0.0;
        }
        places.push((row, x));
        x += w + space;
        widest = widest.max(x - space);
    }
    let h = entries.iter().map(|(s, _)| s.height).fold(0.0, f64::max);
    let mut scene = Scene::new(widest, (row + 1) as f64 * h + row as f64 * row_gap);
    for ((sw, label), (r, x)) in entries.into_iter().zip(places) {
        let y = r as f64 * (h + row_gap);
        let ws = sw.width;
        scene.place(sw, Affine::translate(x, y), None);
        scene.text(
            x + ws + gap,
            y + h / 2.0 + face.cap_height_mm(LABEL_PT) / 2.0,
            LABEL_PT,
            face,
            Color::rgb(0x33, 0x33, 0x33),
            Anchor::Start,
            &label,
        );
    }
    let title = match lang {
        Lang::En => "Key to the figures",
        // (Not « Légende »: a book's French says so of each figure's caption.)
        Lang::Fr => "Lecture des figures",
    };
    vec![Panel {
        width: scene.width,
        cell: 0.0,
        diagram: false,
        scene,
        caption: title.to_string(),
        entries: apart,
    }]
}
