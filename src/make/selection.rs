//! `--only`: a game cut down to the components and faces named on the command line. In: a
//! validated [`Game`] and the ids; out: the smaller game and the [`Selection`] of what to write.

use crate::base::diag::Error;
use crate::definition::model::Game;

/// What `--only` picked in a game: components whole (by id), and single faces (by file stem).
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Components all of whose faces are written.
    pub whole: std::collections::BTreeSet<String>,
    /// Faces written on their own (`deck-card`, `tiles-03`).
    pub faces: std::collections::BTreeSet<String>,
}

impl Selection {
    pub(super) fn keeps(&self, component: &str, stem: &str) -> bool {
        self.whole.contains(component) || self.faces.contains(stem)
    }
}

/// The option as written for one id (a usage error names it).
fn only(id: &str) -> String {
    format!("--only {id}")
}

/// The game cut down to the components `ids` name (a card keeps its deck with that card only),
/// and what to write of them; an id that names nothing is a usage error listing what there is.
pub fn select(game: &Game, ids: &[String]) -> Result<(Game, Selection), Error> {
    let mut sel = Selection::default();
    let mut cards: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    let components: Vec<&str> = game
        .boards
        .iter()
        .map(|b| b.id.as_str())
        .chain(game.mats.iter().map(|m| m.id.as_str()))
        .chain(game.decks.iter().map(|d| d.id.as_str()))
        .chain(game.tilesets.iter().map(|t| t.id.as_str()))
        .chain(game.pieces.iter().map(|p| p.id.as_str()))
        .chain(game.dice.iter().map(|d| d.id.as_str()))
        .collect();
    let unknown = |what: String| {
        format!(
            "{what}: the components of `{}` are {}; a card is `deck/card`, a tile `tiles/03`",
            game.id,
            components
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    for id in ids {
        match id.split_once('/') {
            None if components.contains(&id.as_str()) => {
                sel.whole.insert(id.clone());
            }
            None => {
                return Err(Error::usage(
                    only(id),
                    unknown(format!("no component `{id}`")),
                ))
            }
            Some((deck, card)) => {
                if let Some(d) = game.decks.iter().find(|d| d.id == deck) {
                    if !d.cards.iter().any(|c| c.id == card) {
                        return Err(Error::usage(
                            only(id),
                            format!(
                                "deck `{deck}` has no card `{card}`; its cards are {}",
                                d.cards
                                    .iter()
                                    .take(12)
                                    .map(|c| format!("`{}`", c.id))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                                    + if d.cards.len() > 12 { ", …" } else { "" }
                            ),
                        ));
                    }
                    cards.entry(deck).or_default().push(card);
                    sel.faces.insert(format!("{deck}-{card}"));
                } else if let Some(t) = game.tilesets.iter().find(|t| t.id == deck) {
                    let digits = !card.is_empty() && card.bytes().all(|b| b.is_ascii_digit());
                    let n: usize = if digits { card.parse().unwrap_or(0) } else { 0 };
                    if n == 0 || n > t.tiles.len() {
                        return Err(Error::usage(
                            only(id),
                            format!(
                                "tile set `{deck}` has tiles 01 to {:02}, not `{card}`",
                                t.tiles.len()
                            ),
                        ));
                    }
                    sel.faces.insert(format!("{deck}-{n:02}"));
                    // Tiles are numbered in their set: the set is kept whole.
                    cards.entry(deck).or_default();
                } else {
                    return Err(Error::usage(
                        only(id),
                        unknown(format!("no deck or tile set `{deck}`")),
                    ));
                }
            }
        }
    }
    let mut g = game.clone();
    let keep = |id: &str| sel.whole.contains(id) || cards.contains_key(id);
    g.boards.retain(|b| keep(&b.id));
    g.mats.retain(|m| keep(&m.id));
    g.tilesets.retain(|t| keep(&t.id));
    g.pieces.retain(|p| keep(&p.id));
    g.dice.retain(|d| keep(&d.id));
    g.decks.retain(|d| keep(&d.id));
    for d in &mut g.decks {
        if let Some(picked) = cards
            .get(d.id.as_str())
            .filter(|_| !sel.whole.contains(&d.id))
        {
            d.cards.retain(|c| picked.contains(&c.id.as_str()));
        }
    }
    Ok((g, sel))
}
