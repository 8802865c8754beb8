//! What is in the box: a rulebook's ```` ```box ```` block, drawn from the game's definition.
//!
//! Every component the game prints, each drawn as printed (a deck by its back, a tile set by its
//! first tile, a piece, a die, a board or a mat by its face) with its name and how many the box
//! holds, counted from the definition (copies included, as [`crate::definition::counts`] counts
//! them): the count cannot disagree with the print sheets. The block may be empty (every
//! component, in the definition's order) or name some with `show = ["board:<id>", "deck:<id>",
//! "tiles:<id>", "piece:<id>", "die:<id>", "mat:<id>"]`, in the order to draw them.

use super::Panel;
use crate::base::diag::{Diagnostics, Source};
use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::layout;
use crate::scene::Scene;
use serde::Deserialize;

/// The widest a card, a tile, a board or a mat is drawn in the box's figure, mm: reduced beside
/// pieces drawn at their size, so the box fits in a row or two.
const MAX_WIDTH: f64 = 36.0;

/// A `box` block: which components to show.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxBlock {
    /// Components as `kind:<id>`; none: all of them.
    #[serde(default)]
    show: Vec<String>,
}

/// Reads a `box` block (its text is TOML, maybe empty); a component that does not exist is an
/// error at its place.
pub fn read(game: &Game, block: &Source) -> Result<BoxBlock, Diagnostics> {
    let b: BoxBlock = toml::from_str(&block.text)
        .map_err(|e| Diagnostics(vec![crate::base::diag::from_toml(block, &e)]))?;
    let mut diags = Diagnostics::default();
    for what in &b.show {
        if component(game, what, Lang::Fr).is_none() {
            let at = block.text.find(what.as_str()).unwrap_or(0);
            diags.push(block.error(
                at..at + what.len(),
                format!("no component `{what}` (use board:, deck:, tiles:, piece:, die: or mat: and an id of game.toml)"),
            ));
        }
    }
    diags.finish(b)
}

/// Every component of the game, as `kind:<id>`, in the definition's order.
fn all(game: &Game) -> Vec<String> {
    let ids = |kind: &str, ids: Vec<&String>| -> Vec<String> {
        ids.into_iter().map(|id| format!("{kind}:{id}")).collect()
    };
    [
        ids("board", game.boards.iter().map(|b| &b.id).collect()),
        ids("deck", game.decks.iter().map(|d| &d.id).collect()),
        ids("tiles", game.tilesets.iter().map(|t| &t.id).collect()),
        ids("piece", game.pieces.iter().map(|p| &p.id).collect()),
        ids("die", game.dice.iter().map(|d| &d.id).collect()),
        ids("mat", game.mats.iter().map(|m| &m.id).collect()),
    ]
    .concat()
}

/// A component drawn as printed, its name in `lang` and how many the box holds.
fn component(game: &Game, what: &str, lang: Lang) -> Option<(Scene, String, usize)> {
    let (kind, id) = what.split_once(':')?;
    Some(match kind {
        "board" => {
            let b = game.boards.iter().find(|b| b.id == id)?;
            // Reduced to the box's row, a board's coordinates could not be read (Hex's 121
            // names ran together): the row shows the board's look without them.
            let mut plain = b.clone();
            plain.coords = false;
            (
                layout::board_face::face(&plain, lang),
                b.name.get(lang).into(),
                b.count,
            )
        }
        "deck" => {
            let d = game.decks.iter().find(|d| d.id == id)?;
            let n = d.cards.iter().map(|c| c.count).sum();
            let back = layout::card::back(&d.back, d.width, d.height, lang);
            (back, d.name.get(lang).into(), n)
        }
        "tiles" => {
            let t = game.tilesets.iter().find(|t| t.id == id)?;
            let n = t.tiles.iter().map(|t| t.count).sum();
            (
                layout::tile::face(t, t.tiles.first()?, lang),
                t.name.get(lang).into(),
                n,
            )
        }
        "piece" => {
            let p = game.pieces.iter().find(|p| p.id == id)?;
            (
                layout::piece::front(p, lang),
                p.name.get(lang).into(),
                p.count,
            )
        }
        "die" => {
            let d = game.dice.iter().find(|d| d.id == id)?;
            (layout::die::draw(d, lang), d.name.get(lang).into(), d.count)
        }
        "mat" => {
            let m = game.mats.iter().find(|m| m.id == id)?;
            (layout::mat::draw(m), m.name.get(lang).into(), 1)
        }
        _ => return None,
    })
}

/// The caption of a component in the box: how many, then its name (`40 × Pions clairs`); the
/// name alone when there is one.
fn caption(name: &str, count: usize) -> String {
    if count == 1 {
        name.to_string()
    } else {
        format!("{count} × {name}")
    }
}

/// The box's figure: a panel per component, pieces and dice at their printed size, the larger
/// components reduced to [`MAX_WIDTH`].
pub fn panels(game: &Game, b: &BoxBlock, lang: Lang) -> Vec<Panel> {
    let shown = if b.show.is_empty() {
        all(game)
    } else {
        b.show.clone()
    };
    shown
        .iter()
        .filter_map(|what| {
            let (scene, name, count) = component(game, what, lang)?;
            Some(Panel {
                width: scene.width.min(MAX_WIDTH),
                cell: 0.0,
                diagram: false,
                scene,
                caption: caption(&name, count),
                entries: Vec::new(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::caption;

    #[test]
    fn a_caption_says_how_many_before_the_name() {
        assert_eq!(caption("Pions clairs", 40), "40 × Pions clairs");
        assert_eq!(caption("Plateau", 1), "Plateau");
    }
}
