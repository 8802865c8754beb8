//! Components: a game's boards, mats, decks, tile sets, pieces and dice laid out in one language
//! ([`crate::layout`]) and grouped as they are imposed (a large drawing or a batch of small
//! faces). In: a validated [`Game`]; out: the groups the sheets impose, the faces written as
//! `components/<lang>/`, and [`Printed`] for the exports.

use super::selection::Selection;
use super::sink::{write_scene, Drawn, Sink};
use super::BuildOptions;
use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::definition::model::{Game, PieceShape};
use crate::layout;
use crate::scene::Scene;
use crate::sheet::{self, Slot};

/// A printable component group as imposed.
#[derive(Clone)]
pub(super) enum Imposed {
    /// Small components packed on sheets.
    Batch(sheet::Batch),
    /// One large drawing cut along its outline, split or fitted.
    Large(Scene, layout::Outline),
}

/// A component group: its name, the distinct faces for component files, and how it is imposed.
#[derive(Clone)]
pub(super) struct Group {
    pub(super) title: String,
    pub(super) faces: Vec<(String, Scene)>,
    pub(super) imposed: Imposed,
    /// Played on a board: scaled with it under `--fit`.
    pub(super) on_board: bool,
    /// The component's id (`actions`), for export folders.
    pub(super) id: String,
    /// Each distinct front in slot order: its file stem and how many copies follow.
    pub(super) copies: Vec<(String, usize)>,
    /// A deck or tile set: exported as Tabletop Simulator deck sheets.
    pub(super) deck: bool,
    /// Bleed of a large drawing (a board's), mm; a batch's is its own.
    pub(super) bleed: f64,
}

fn batch(title: &str, slots: Vec<Slot>, size: (f64, f64), bleed: f64, guides: bool) -> Imposed {
    Imposed::Batch(sheet::Batch {
        title: title.to_string(),
        slots,
        size,
        bleed,
        shape: sheet::Shape::Boxes { guides },
        outline: layout::Outline::rect(size.0, size.1),
    })
}

/// Every component group of `game` in `lang`; a card, tile or piece of `count = 0` is left
/// out (neither imposed nor written), and so is a component with no copy left.
pub(super) fn groups(game: &Game, lang: Lang) -> Vec<Group> {
    let mut out = all_groups(game, lang);
    out.retain(|g| match &g.imposed {
        Imposed::Batch(b) => !b.slots.is_empty(),
        Imposed::Large(..) => true,
    });
    out
}

fn all_groups(game: &Game, lang: Lang) -> Vec<Group> {
    let mut out = Vec::new();
    for b in &game.boards {
        let art = layout::board::with_bleed(b, layout::board_face::face(b, lang)).shared();
        for _ in 0..b.count {
            out.push(Group {
                title: b.name.get(lang).to_string(),
                faces: vec![(b.id.clone(), art.clone())],
                imposed: Imposed::Large(art.clone(), layout::board::outline(b)),
                on_board: false,
                id: b.id.clone(),
                copies: vec![(b.id.clone(), 1)],
                deck: false,
                bleed: b.bleed,
            });
        }
    }
    for m in &game.mats {
        let art = layout::mat::draw(m).shared();
        let outline = layout::Outline::rect(art.width, art.height);
        out.push(Group {
            title: m.name.get(lang).to_string(),
            faces: vec![(m.id.clone(), art.clone())],
            imposed: Imposed::Large(art, outline),
            on_board: false,
            id: m.id.clone(),
            copies: vec![(m.id.clone(), 1)],
            deck: false,
            bleed: 0.0,
        });
    }
    for d in &game.decks {
        let back = layout::card::back(&d.back, d.width, d.height, lang).shared();
        let mut faces = vec![(format!("{}-back", d.id), back.clone())];
        let mut slots = Vec::new();
        let mut copies = Vec::new();
        for c in d.cards.iter().filter(|c| c.count > 0) {
            let front = layout::card::face(c, d.width, d.height, d.bleed, lang).shared();
            faces.push((format!("{}-{}", d.id, c.id), front.clone()));
            copies.push((format!("{}-{}", d.id, c.id), c.count));
            for _ in 0..c.count {
                slots.push(Slot {
                    front: front.clone(),
                    back: Some(back.clone()),
                });
            }
        }
        let title = d.name.get(lang).to_string();
        out.push(Group {
            imposed: batch(&title, slots, (d.width, d.height), d.bleed, true),
            title,
            faces,
            on_board: false,
            id: d.id.clone(),
            copies,
            deck: true,
            bleed: d.bleed,
        });
    }
    for t in &game.tilesets {
        let back = t
            .back
            .as_ref()
            .map(|b| layout::card::back(b, t.width, t.height, lang).shared());
        let mut faces = Vec::new();
        if let Some(b) = &back {
            faces.push((format!("{}-back", t.id), b.clone()));
        }
        let mut slots = Vec::new();
        let mut copies = Vec::new();
        for (i, tile) in t.tiles.iter().enumerate().filter(|(_, t)| t.count > 0) {
            let front = layout::tile::face(t, tile, lang).shared();
            faces.push((format!("{}-{:02}", t.id, i + 1), front.clone()));
            copies.push((format!("{}-{:02}", t.id, i + 1), tile.count));
            for _ in 0..tile.count {
                slots.push(Slot {
                    front: front.clone(),
                    back: back.clone(),
                });
            }
        }
        let title = t.name.get(lang).to_string();
        out.push(Group {
            imposed: batch(&title, slots, (t.width, t.height), t.bleed, true),
            title,
            faces,
            on_board: true,
            id: t.id.clone(),
            copies,
            deck: true,
            bleed: t.bleed,
        });
    }
    for pc in game.pieces.iter().filter(|p| p.count > 0) {
        let front = layout::piece::front(pc, lang).shared();
        let back = layout::piece::back(pc, lang).map(Scene::shared);
        let mut faces = vec![(pc.id.clone(), front.clone())];
        if let Some(b) = &back {
            faces.push((format!("{}-back", pc.id), b.clone()));
        }
        let slots: Vec<Slot> = (0..pc.count)
            .map(|_| Slot {
                front: front.clone(),
                back: back.clone(),
            })
            .collect();
        let title = pc.name.get(lang).to_string();
        let imposed = match pc.shape {
            PieceShape::Triangle => Imposed::Batch(sheet::Batch {
                title: title.clone(),
                slots,
                size: pc.extent(),
                bleed: 0.0,
                shape: sheet::Shape::Triangles,
                outline: layout::Outline::triangle(pc.size),
            }),
            _ => batch(&title, slots, pc.extent(), pc.bleed, true),
        };
        out.push(Group {
            title,
            faces,
            imposed,
            on_board: true,
            id: pc.id.clone(),
            copies: vec![(pc.id.clone(), pc.count)],
            deck: false,
            bleed: pc.bleed,
        });
    }
    for d in &game.dice {
        let net = layout::die::draw(d, lang).shared();
        let slots = (0..d.count)
            .map(|_| Slot {
                front: net.clone(),
                back: None,
            })
            .collect();
        let title = d.name.get(lang).to_string();
        let mut imposed = batch(&title, slots, (net.width, net.height), d.bleed, false);
        // The net is cut along its own outline, not its box.
        if let Imposed::Batch(b) = &mut imposed {
            b.outline = layout::die::outline(d);
        }
        out.push(Group {
            title,
            faces: vec![(d.id.clone(), net.clone())],
            imposed,
            on_board: false,
            id: d.id.clone(),
            copies: vec![(d.id.clone(), d.count)],
            deck: false,
            bleed: d.bleed,
        });
    }
    out
}

/// A component as printed, face by face: what the exports for print-on-demand services and
/// Tabletop Simulator write.
#[derive(Debug, Clone)]
pub struct Printed {
    /// The component's id.
    pub id: String,
    /// Its name in the build's language.
    pub title: String,
    /// Cut box, mm.
    pub size: (f64, f64),
    /// Bleed around the cut box, mm.
    pub bleed: f64,
    /// A deck or a tile set.
    pub deck: bool,
    /// Each distinct face: its stem, its front and back, and how many copies.
    pub faces: Vec<(String, Scene, Option<Scene>, usize)>,
}

/// Every component of a game in `lang`, face by face.
pub fn printed(game: &Game, lang: Lang) -> Vec<Printed> {
    groups(game, lang)
        .into_iter()
        .map(|g| {
            let (size, bleed, faces) = match &g.imposed {
                Imposed::Large(art, _) => (
                    (art.width, art.height),
                    g.bleed,
                    vec![(g.id.clone(), art.clone(), None, 1)],
                ),
                Imposed::Batch(b) => {
                    let mut at = 0;
                    let mut faces = Vec::new();
                    for (stem, n) in &g.copies {
                        if let Some(slot) = b.slots.get(at) {
                            faces.push((stem.clone(), slot.front.clone(), slot.back.clone(), *n));
                        }
                        at += n;
                    }
                    (b.size, b.bleed, faces)
                }
            };
            Printed {
                id: g.id,
                title: g.title,
                size,
                bleed,
                deck: g.deck,
                faces,
            }
        })
        .collect()
}

/// Resolution of component previews, dots per inch.
pub const COMPONENT_DPI: f64 = 100.0;

/// Writes each distinct face of `groups` (those `only` names, when given) as
/// `components/<lang>/<stem>.svg`, with its PNG preview when previews are on.
pub(super) fn write_faces(
    groups: &[Group],
    opts: &BuildOptions,
    lang: Lang,
    sink: &dyn Sink,
    only: Option<&Selection>,
) -> Result<(), Error> {
    let code = lang.code();
    let mut seen = std::collections::BTreeSet::new();
    let mut drawn = Drawn::default();
    for g in groups {
        for (stem, scene) in &g.faces {
            if only.is_some_and(|s| !s.keeps(&g.id, stem)) || !seen.insert(stem.clone()) {
                continue;
            }
            write_scene(
                sink,
                opts.previews.then_some(&mut drawn),
                &format!("components/{code}/{stem}"),
                scene,
                COMPONENT_DPI,
            )?;
        }
    }
    Ok(())
}
