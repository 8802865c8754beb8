//! Tile sets: `[tileset.<id>]` → [`Tileset`]: tiles drawn as cards, as images or by a layout.
//!
//! In: a [`raw::TilesetRaw`] and the decks already checked. Out: a checked [`Tileset`].

use super::context::{values, Ctx, MAX_NAME};
use super::deck::back_face;
use super::element::Shape;
use super::layout::Layouts;
use crate::base::color::Color;
use crate::base::diag::closest;
use crate::definition::model::{Deck, Tile, TileFace, Tileset};
use crate::definition::raw::{self, S};
use toml::Spanned;

pub(super) fn tileset(
    cx: &mut Ctx,
    t: &raw::TilesetRaw,
    decks: &[Deck],
    raw_decks: &[raw::DeckRaw],
    margin: f64,
    lays: &mut Layouts,
) -> Tileset {
    let id = cx.id(&t.id);
    let size = cx.length(&t.size, 10.0, 200.0, "tile size");
    cx.fits_paper(&t.size, size, size, margin);
    let mut zone_colors = Vec::new();
    for (name, sym) in &t.symbols {
        let color = cx.colors.get(name).copied();
        match (color, cx.symbol(sym)) {
            (Some(c), Some(s)) => zone_colors.push((name.clone(), c, s)),
            (None, _) => cx.err(
                sym,
                format!("`symbols` names `{name}`, which is not a colour of the palette"),
            ),
            _ => {}
        }
    }
    let mut codes = Vec::new();
    for (letter, name) in &t.codes {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => {
                if zone_colors.iter().any(|z| &z.0 == name.get_ref()) {
                    codes.push((c, name.get_ref().clone()));
                } else {
                    let hint = closest(name.get_ref(), zone_colors.iter().map(|z| z.0.as_str()))
                        .map(|c| format!("did you mean `{c}`?"));
                    cx.err_hint(
                        name,
                        format!(
                            "code `{letter}` names `{}`, which has no entry in `symbols`",
                            name.get_ref()
                        ),
                        hint,
                    );
                }
            }
            _ => cx.err(
                name,
                format!("code `{letter}`: expected one uppercase letter"),
            ),
        }
    }
    let mut tiles = Vec::new();
    if let (Some(deck_id), false) = (&t.from_deck, t.codes.is_empty() && t.symbols.is_empty()) {
        cx.err(
            deck_id,
            "`codes` and `symbols` apply to tiles with `zones`, not to tiles made `from_deck`"
                .into(),
        );
    }
    if let Some(deck_id) = &t.from_deck {
        match decks.iter().find(|d| &d.id == deck_id.get_ref()) {
            Some(d) => {
                // The deck's layout (or the tile set's own) placed again at the tile's size.
                let layout = t.layout.as_ref().or_else(|| {
                    raw_decks
                        .iter()
                        .find(|r| r.id.get_ref() == deck_id.get_ref())
                        .and_then(|r| r.layout.as_ref())
                });
                let before = cx.diags.0.len();
                let shapes_of = layout.and_then(|name| lays.elements(cx, name));
                let safe = d.safe.min(size / 4.0);
                let shapes = shapes_of
                    .as_ref()
                    .map(|e| lays.shapes(cx, e, (size, size), 0.0, safe));
                for c in &d.cards {
                    let mut c = c.clone();
                    c.layout = shapes.as_ref().map(|sh| lays.face(cx, sh, &c, d.style.ink));
                    tiles.push(Tile {
                        count: c.count,
                        face: TileFace::Card(Box::new(c), d.style),
                        elements: Vec::new(),
                    });
                }
                // The deck's own layout was checked with the deck: its mistakes are not the
                // tile set's to report a second time.
                if t.layout.is_none() {
                    cx.diags.0.truncate(before);
                }
            }
            None => cx.err(
                deck_id,
                format!(
                    "no deck `{}` defined before this tile set",
                    deck_id.get_ref()
                ),
            ),
        }
    }
    // Tiles of zones or squares, each drawn by a layout: its own, the set's, or the library's.
    let mut drawn: Vec<(TileFace, usize, S)> = Vec::new();
    for tile in &t.tile {
        let count = cx.count(&tile.count);
        let layout = |default: &str, at: &S| {
            tile.layout
                .clone()
                .or_else(|| t.layout.clone())
                .unwrap_or_else(|| Spanned::new(at.span(), default.to_string()))
        };
        match (&tile.zones, &tile.squares) {
            (Some(z), None) => {
                let letters: Vec<char> = z.get_ref().chars().collect();
                let names: Vec<Option<String>> = letters
                    .iter()
                    .map(|l| codes.iter().find(|c| c.0 == *l).map(|c| c.1.clone()))
                    .collect();
                if letters.len() != 4 || names.iter().any(Option::is_none) {
                    let known: String = codes.iter().map(|c| c.0).collect();
                    cx.err(
                        z,
                        format!(
                            "zones `{}`: expected 4 letters among `{known}`",
                            z.get_ref()
                        ),
                    );
                } else {
                    let n: Vec<String> = names.into_iter().flatten().collect();
                    drawn.push((
                        TileFace::Zones([n[0].clone(), n[1].clone(), n[2].clone(), n[3].clone()]),
                        count,
                        layout("tile-zones", z),
                    ));
                }
            }
            (None, Some(sq)) if sq.len() == 4 => {
                let c: Vec<Color> = sq.iter().map(|s| cx.color(s)).collect();
                drawn.push((
                    TileFace::Squares([c[0], c[1], c[2], c[3]]),
                    count,
                    layout("tile-squares", &sq[0]),
                ));
            }
            (None, Some(sq)) => {
                let at = sq.first().map_or_else(|| t.id.span(), |s| s.span());
                cx.diags.push(cx.src.error(
                    at,
                    format!("squares: expected 4 colours, found {}", sq.len()),
                ));
            }
            _ => cx.err(
                &t.id,
                "each `[[tileset.tile]]` needs exactly one of `zones`, `squares`".into(),
            ),
        }
    }
    // Each layout read and checked once, however many tiles use it.
    let mut elements: Vec<(String, Option<Vec<raw::ElementRaw>>)> = Vec::new();
    for (_, _, name) in &drawn {
        if !elements.iter().any(|(n, _)| n == name.get_ref()) {
            let e = lays.elements(cx, name);
            elements.push((name.get_ref().clone(), e));
        }
    }
    let shapes: Vec<(&str, Option<Vec<Shape>>)> = elements
        .iter()
        .map(|(n, e)| {
            (
                n.as_str(),
                e.as_ref()
                    .map(|e| lays.shapes(cx, e, (size, size), 0.0, 0.0)),
            )
        })
        .collect();
    let tile_name = cx.text(&t.name, MAX_NAME, "name");
    let zone_of = |name: &str| {
        zone_colors
            .iter()
            .find(|z| z.0 == name)
            .map_or((Color::BLACK, ""), |z| (z.1, z.2.name()))
    };
    let values_of = |face: &TileFace, n: usize| {
        let tid = format!("{}-{:02}", t.id.get_ref(), n);
        match face {
            TileFace::Zones(z) => {
                let zs = z.clone().map(|name| zone_of(&name));
                let mut f: Vec<(String, String)> = Vec::new();
                for (i, (c, sym)) in zs.iter().enumerate() {
                    f.push((format!("zone{}", i + 1), c.to_string()));
                    f.push((format!("symbol{}", i + 1), sym.to_string()));
                }
                values(&tid, &tile_name, zs[0].0, f)
            }
            TileFace::Squares(c) => {
                let f: Vec<(String, String)> = c
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (format!("square{}", i + 1), c.to_string()))
                    .collect();
                values(&tid, &tile_name, c[0], f)
            }
            TileFace::Card(..) => values(&tid, &tile_name, Color::BLACK, Vec::new()),
        }
    };
    let ink = Color::rgb(0x1d, 0x1d, 0x1b);
    let first = tiles.len();
    for (face, count, name) in &drawn {
        let n = tiles.len() + 1;
        let sh = shapes.iter().find(|(s, _)| s == name.get_ref());
        let elements = match sh {
            Some((_, Some(sh))) => lays.face_of("tile", cx, sh, &values_of(face, n), ink),
            _ => Vec::new(),
        };
        tiles.push(Tile {
            face: face.clone(),
            count: *count,
            elements,
        });
    }
    // Every other arrangement of the zone colours, for an engine's diagrams, drawn by the
    // layout of the set's zone tiles; its mistakes were reported with the set's tiles.
    let mut zone_faces = std::collections::BTreeMap::new();
    let zone_layout = drawn
        .iter()
        .find(|(f, _, _)| matches!(f, TileFace::Zones(_)))
        .and_then(|(_, _, name)| shapes.iter().find(|(s, _)| s == name.get_ref()))
        .and_then(|(_, sh)| sh.as_ref());
    let k = codes.len();
    if let (Some(sh), true) = (zone_layout, (1..=6).contains(&k)) {
        let before = cx.diags.0.len();
        for i in 0..k.pow(4) {
            let names: [String; 4] = [0, 1, 2, 3].map(|z| codes[i / k.pow(z as u32) % k].1.clone());
            let face = TileFace::Zones(names.clone());
            if tiles[first..].iter().any(|t| t.face == face) {
                continue;
            }
            let el = lays.face_of("tile", cx, sh, &values_of(&face, 0), ink);
            zone_faces.insert(names, el);
        }
        cx.diags.0.truncate(before);
    }
    if tiles.is_empty() {
        cx.err(
            &t.id,
            "a tile set needs `from_deck` or at least one `[[tileset.tile]]`".into(),
        );
    }
    if t.back.is_some() {
        cx.stem(
            &t.id,
            format!("{id}-back"),
            format!("the back of tile set `{id}`"),
        );
    }
    for i in 0..tiles.len() {
        let what = format!("tile {} of tile set `{id}`", i + 1);
        cx.stem(&t.id, format!("{id}-{:02}", i + 1), what);
    }
    Tileset {
        id,
        name: tile_name,
        size,
        codes,
        zone_colors,
        back: t.back.as_ref().map(|b| {
            let mut back = cx.back(b);
            back.elements = back_face(cx, lays, b, &back, (size, size), 0.0);
            back
        }),
        tiles,
        zone_faces,
    }
}
