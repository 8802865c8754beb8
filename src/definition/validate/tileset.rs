//! Tile sets: `[tileset.<id>]` → [`Tileset`]: tiles drawn as cards, as images or by a layout.
//!
//! In: a [`raw::TilesetRaw`] and the decks already checked. Out: a checked [`Tileset`].

use super::context::{values, Ctx, MAX_NAME};
use super::deck::back_face;
use super::element::Shape;
use super::layout::Layouts;
use super::rows::{fields_read, rows, table, toml_fields, with_fields};
use crate::base::color::Color;
use crate::base::diag::{closest, Diagnostic};
use crate::base::lang::Text;
use crate::definition::model::{Card, Deck, Element, Symbol, Tile, TileFace, Tileset};
use crate::definition::raw::{self, S};
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

/// The fields a tile is given, with where each is written, and the place of the tile.
type Given = (
    BTreeMap<String, Text>,
    BTreeMap<String, Arc<Diagnostic>>,
    Arc<Diagnostic>,
);

/// A tile drawn by a layout: its face, its count, the layout's name and its fields.
type Drawn = (TileFace, usize, S, Given);

/// A zone colour: its name, its colour and its symbol.
type ZoneColor = (String, Color, Symbol);

/// Where a set's layouts are placed: the tile's size, its bleed and the safe distance from its
/// cut (mm).
struct Frame {
    size: (f64, f64),
    bleed: f64,
    safe: f64,
}

/// The ink of the tiles' layouts.
const INK: Color = Color::rgb(0x1d, 0x1d, 0x1b);

pub(super) fn tileset(
    cx: &mut Ctx,
    t: &raw::TilesetRaw,
    decks: &[Deck],
    raw_decks: &[raw::DeckRaw],
    margin: f64,
    lays: &mut Layouts,
) -> Tileset {
    let id = cx.id(&t.id);
    let (width, height) = size(cx, t);
    let bleed = t
        .bleed
        .as_ref()
        .map_or(0.0, |b| cx.length(b, 0.0, 5.0, "bleed"));
    // A tile's text keeps 3 mm from the cut by default, at most a quarter of its shorter side.
    let quarter = width.min(height) / 4.0;
    let safe = t
        .safe
        .as_ref()
        .map(|s| cx.length(s, 0.0, quarter.max(0.0), "safe"));
    cx.fits_paper(&t.size, width + 2.0 * bleed, height + 2.0 * bleed, margin);
    let zone_colors = zone_colors(cx, t);
    let codes = codes(cx, t, &zone_colors);
    // A deck's tiles keep the set's safe distance, or else the deck's (at most a quarter).
    let deck_safe = |d: &Deck| safe.unwrap_or(d.safe.min(quarter));
    let frame = Frame {
        size: (width, height),
        bleed,
        safe: safe.unwrap_or(0.0),
    };
    let mut tiles = from_deck(cx, t, decks, raw_decks, lays, &frame, deck_safe);
    let mut drawn = declared(cx, t, &codes, lays);
    let before_data = cx.diags.0.len();
    from_data(cx, t, &codes, lays, &mut drawn);
    let (tile_name, zone_faces) = draw(
        cx,
        t,
        lays,
        &frame,
        (&zone_colors, &codes),
        &drawn,
        &mut tiles,
    );
    // (A data file refused says why; a tile set with no tile at all is told what it needs.)
    if tiles.is_empty() && (t.data.is_none() || cx.diags.0.len() == before_data) {
        cx.err(
            &t.id,
            "a tile set needs `from_deck`, a `data` file or at least one `[[tileset.tile]]`".into(),
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
        width,
        height,
        bleed,
        safe: safe.unwrap_or(0.0),
        codes,
        zone_colors,
        back: t.back.as_ref().map(|b| {
            let mut back = cx.back(b);
            back.elements = back_face(cx, lays, b, &back, (width, height), bleed);
            back
        }),
        tiles,
        zone_faces,
    }
}

/// The tile's size: a side, or a width and a height (mm).
fn size(cx: &mut Ctx, t: &raw::TilesetRaw) -> (f64, f64) {
    let side =
        |cx: &mut Ctx, v: f64| cx.length(&Spanned::new(t.size.span(), v), 10.0, 200.0, "tile size");
    match t.size.get_ref() {
        raw::TileSizeRaw::Side(v) => {
            let s = side(cx, *v);
            (s, s)
        }
        raw::TileSizeRaw::Dims(v) if v.len() == 2 => (side(cx, v[0]), side(cx, v[1])),
        raw::TileSizeRaw::Dims(_) => {
            cx.err(
                &t.size,
                "tile size: expected a side in mm (`40`) or `[width, height]` (`[40, 60]`)".into(),
            );
            (40.0, 40.0)
        }
    }
}

/// `symbols`: each zone colour, a colour of the palette, with its symbol.
fn zone_colors(cx: &mut Ctx, t: &raw::TilesetRaw) -> Vec<ZoneColor> {
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
    zone_colors
}

/// `codes`: each an uppercase letter naming a zone colour of `symbols`.
fn codes(cx: &mut Ctx, t: &raw::TilesetRaw, zone_colors: &[ZoneColor]) -> Vec<(char, String)> {
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
    codes
}

/// `from_deck`: a tile a card of the deck, drawn by the deck's layout (or the set's own) at the
/// tile's size, `safe` from the cut.
fn from_deck(
    cx: &mut Ctx,
    t: &raw::TilesetRaw,
    decks: &[Deck],
    raw_decks: &[raw::DeckRaw],
    lays: &mut Layouts,
    frame: &Frame,
    safe: impl Fn(&Deck) -> f64,
) -> Vec<Tile> {
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
                let shapes = shapes_of
                    .as_ref()
                    .map(|e| lays.shapes(cx, e, frame.size, frame.bleed, safe(d)));
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
    tiles
}

/// `[[tileset.tile]]`: tiles of zones, squares or fields, each drawn by a layout (its own, the
/// set's, or the library's), with the fields it is given and where they are written.
fn declared(
    cx: &mut Ctx,
    t: &raw::TilesetRaw,
    codes: &[(char, String)],
    lays: &mut Layouts,
) -> Vec<Drawn> {
    let mut drawn: Vec<Drawn> = Vec::new();
    for tile in &t.tile {
        let count = cx.count(&tile.count);
        let (f, pl) = toml_fields(cx, &tile.fields, &["count"], "the component's");
        let at = tile
            .zones
            .as_ref()
            .map_or_else(|| t.id.span(), |z| z.span());
        let given = (f, pl, Arc::new(cx.src.error(at, "")));
        let layout = |default: &str, at: &S| {
            tile.layout
                .clone()
                .or_else(|| t.layout.clone())
                .unwrap_or_else(|| Spanned::new(at.span(), default.to_string()))
        };
        let drawn_by = match (&tile.zones, &tile.squares) {
            (Some(z), None) => Some(layout("tile-zones", z)),
            (None, Some(sq)) if !sq.is_empty() => Some(layout("tile-squares", &sq[0])),
            (None, None) => tile.layout.clone().or_else(|| t.layout.clone()),
            _ => None,
        };
        if let Some(l) = &drawn_by {
            if let Some(reads) = lays.reads_known(cx, l) {
                fields_read(cx, &tile.fields, &reads, l.get_ref());
            }
        }
        match (&tile.zones, &tile.squares) {
            (Some(z), None) => {
                match zone_names(z.get_ref(), codes) {
                    Err(msg) => cx.err(z, msg),
                    Ok(names) => drawn.push((
                        TileFace::Zones(names),
                        count,
                        layout("tile-zones", z),
                        given,
                    )),
                }
            }
            (None, Some(sq)) if sq.len() == 4 => {
                let c: Vec<Color> = sq.iter().map(|s| cx.color(s)).collect();
                drawn.push((
                    TileFace::Squares([c[0], c[1], c[2], c[3]]),
                    count,
                    layout("tile-squares", &sq[0]),
                    given,
                ));
            }
            (None, Some(sq)) => {
                let at = sq.first().map_or_else(|| t.id.span(), |s| s.span());
                cx.diags.push(cx.src.error(
                    at,
                    format!("squares: expected 4 colours, found {}", sq.len()),
                ));
            }
            (None, None) => match tile.layout.as_ref().or(t.layout.as_ref()) {
                // A tile of fields alone, drawn by its layout.
                Some(l) => drawn.push((TileFace::Layout, count, l.clone(), given)),
                None => cx.err(
                    &t.id,
                    "each `[[tileset.tile]]` needs one of `zones`, `squares`, or a `layout` (its own or the set's) to draw its `fields`".into(),
                ),
            },
            _ => cx.err(
                &t.id,
                "each `[[tileset.tile]]` needs exactly one of `zones`, `squares`".into(),
            ),
        }
    }
    drawn
}

/// The four zone colours of `zones` (`WGOW`: top, right, bottom, left), each letter one of the
/// set's `codes`.
fn zone_names(zones: &str, codes: &[(char, String)]) -> Result<[String; 4], String> {
    let names: Vec<Option<String>> = zones
        .chars()
        .map(|l| codes.iter().find(|c| c.0 == l).map(|c| c.1.clone()))
        .collect();
    // The codes as a reader looks them up: `W` wheat, `G` grape.
    let listed = || {
        codes
            .iter()
            .map(|(l, n)| format!("`{l}` {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if codes.is_empty() {
        return Err(format!(
            "zones `{zones}`: the set has no `codes` (`codes = {{ W = \"wheat\" }}`, each letter a colour of `symbols`)"
        ));
    }
    if let Some((i, l)) = zones
        .chars()
        .zip(&names)
        .enumerate()
        .find_map(|(i, (l, n))| n.is_none().then_some((i, l)))
    {
        let nth = ["1st", "2nd", "3rd", "4th"]
            .get(i)
            .map_or_else(|| format!("{}th", i + 1), |s| s.to_string());
        return Err(format!(
            "zones `{zones}`: `{l}` (the {nth} letter) is none of the set's codes ({})",
            listed()
        ));
    }
    // Every letter is a code: the names, if there are four.
    let names: Vec<String> = names.into_iter().flatten().collect();
    <[String; 4]>::try_from(names).map_err(|n| {
        format!(
            "zones `{zones}`: {} letters; a tile has 4 zones, top, right, bottom, left ({})",
            n.len(),
            listed()
        )
    })
}

/// `data`: one tile a row of the data file. A row with `zones` (four letters of the set's
/// `codes`, as a `[[tileset.tile]]`'s) is a tile of zones, drawn by the set's layout or the
/// library's `tile-zones`; any other row is drawn by the set's layout from its fields.
fn from_data(
    cx: &mut Ctx,
    t: &raw::TilesetRaw,
    codes: &[(char, String)],
    lays: &mut Layouts,
    drawn: &mut Vec<Drawn>,
) {
    let Some(file) = &t.data else { return };
    let Some(table) = table(cx, file) else { return };
    let zoned = super::rows::header_bases(&table).contains("zones");
    let zones_layout = || {
        t.layout
            .clone()
            .unwrap_or_else(|| Spanned::new(file.span(), "tile-zones".to_string()))
    };
    let l = match (&t.layout, zoned) {
        (Some(l), _) => l.clone(),
        (None, true) => zones_layout(),
        (None, false) => {
            cx.err(
                file,
                "tiles from a data file are drawn by the set's `layout`, which reads the columns: give one (or a `zones` column, drawn by the library's `tile-zones`)".into(),
            );
            return;
        }
    };
    let reads = lays.column_reads(cx, &l, &table);
    for r in rows(cx, &table, &["id", "count", "zones"], &reads, false) {
        let count = match &r.count {
            Some(c) if (0..=super::context::MAX_COUNT).contains(c.get_ref()) => {
                *c.get_ref() as usize
            }
            Some(c) => {
                cx.diags.push(table.src.error(
                    c.span(),
                    format!(
                        "count out of range: expected 0 to {}, found {}",
                        super::context::MAX_COUNT,
                        c.get_ref()
                    ),
                ));
                0
            }
            None => 1,
        };
        let face = match r.keys.get("zones") {
            Some(z) => match zone_names(z.get_ref(), codes) {
                Ok(names) => TileFace::Zones(names),
                Err(msg) => {
                    cx.diags.push(table.src.error(z.span(), msg));
                    continue;
                }
            },
            None if t.layout.is_none() => {
                cx.diags.push(Diagnostic {
                    message: "a row without `zones` is drawn by the set's `layout`, which reads its fields: give the set one, or this row its zones".into(),
                    warning: false,
                    ..(*r.at).clone()
                });
                continue;
            }
            None => TileFace::Layout,
        };
        drawn.push((face, count, l.clone(), (r.fields, r.places, r.at)));
    }
}

/// The faces of the drawn tiles, added to `tiles`, each layout read and checked once however
/// many tiles use it; returns the set's name (the tiles' values name it) and the faces of every
/// other arrangement of the zone colours.
fn draw(
    cx: &mut Ctx,
    t: &raw::TilesetRaw,
    lays: &mut Layouts,
    frame: &Frame,
    (zone_colors, codes): (&[ZoneColor], &[(char, String)]),
    drawn: &[Drawn],
    tiles: &mut Vec<Tile>,
) -> (Text, BTreeMap<[String; 4], Vec<Element>>) {
    let mut elements: Vec<(String, Option<Vec<raw::ElementRaw>>)> = Vec::new();
    for (_, _, name, _) in drawn {
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
                    .map(|e| lays.shapes(cx, e, frame.size, frame.bleed, frame.safe)),
            )
        })
        .collect();
    let tile_name = cx.text(&t.name, MAX_NAME, "name");
    let values = Values {
        set: t.id.get_ref(),
        name: &tile_name,
        zone_colors,
    };
    let first = tiles.len();
    for (face, count, name, given) in drawn {
        let n = tiles.len() + 1;
        let sh = shapes.iter().find(|(s, _)| s == name.get_ref());
        let elements = match sh {
            Some((_, Some(sh))) => {
                lays.face_of("tile", cx, sh, &values.of(face, n, Some(given)), INK)
            }
            _ => Vec::new(),
        };
        tiles.push(Tile {
            face: face.clone(),
            count: *count,
            elements,
        });
    }
    let zone_layout = drawn
        .iter()
        .find(|(f, _, _, _)| matches!(f, TileFace::Zones(_)))
        .and_then(|(_, _, name, _)| shapes.iter().find(|(s, _)| s == name.get_ref()))
        .and_then(|(_, sh)| sh.as_ref());
    let zone_faces = match zone_layout {
        Some(sh) => zone_faces(cx, lays, sh, codes, &tiles[first..], &values),
        None => BTreeMap::new(),
    };
    (tile_name, zone_faces)
}

/// Every other arrangement of the zone colours than the set's tiles (`drawn`), for an engine's
/// diagrams, drawn by `layout`, the layout of the set's zone tiles; its mistakes were reported
/// with the set's tiles. None past 6 colours (6⁴ faces).
fn zone_faces(
    cx: &mut Ctx,
    lays: &mut Layouts,
    layout: &[Shape],
    codes: &[(char, String)],
    drawn: &[Tile],
    values: &Values,
) -> BTreeMap<[String; 4], Vec<Element>> {
    let mut zone_faces = BTreeMap::new();
    let k = codes.len();
    if (1..=6).contains(&k) {
        let before = cx.diags.0.len();
        for i in 0..k.pow(4) {
            let names: [String; 4] = [0, 1, 2, 3].map(|z| codes[i / k.pow(z as u32) % k].1.clone());
            let face = TileFace::Zones(names.clone());
            if drawn.iter().any(|t| t.face == face) {
                continue;
            }
            let el = lays.face_of("tile", cx, layout, &values.of(&face, 0, None), INK);
            zone_faces.insert(names, el);
        }
        cx.diags.0.truncate(before);
    }
    zone_faces
}

/// What a tile's layout reads of it: the set's id and name, and its zone colours.
struct Values<'a> {
    set: &'a str,
    name: &'a Text,
    zone_colors: &'a [ZoneColor],
}

impl Values<'_> {
    /// The values of tile `n` of the set (0: a face for an engine's diagrams) with `face`, and
    /// the fields it is `given`.
    fn of(&self, face: &TileFace, n: usize, given: Option<&Given>) -> Card {
        let zone_of = |name: &str| {
            self.zone_colors
                .iter()
                .find(|z| z.0 == name)
                .map_or((Color::BLACK, ""), |z| (z.1, z.2.name()))
        };
        let (tid, tile_name) = (format!("{}-{:02}", self.set, n), self.name);
        let card = match face {
            TileFace::Zones(z) => {
                let zs = z.clone().map(|name| zone_of(&name));
                let mut f: Vec<(String, String)> = Vec::new();
                for (i, (_, sym)) in zs.iter().enumerate() {
                    // The colour's name: a layout reads it as a colour (`fill = "{zone1}"`) or
                    // as a name (`{zone1.icon}` of `[styles.zone1]`, or a text).
                    f.push((format!("zone{}", i + 1), z[i].clone()));
                    f.push((format!("symbol{}", i + 1), sym.to_string()));
                }
                values(&tid, tile_name, zs[0].0, f)
            }
            TileFace::Squares(c) => {
                let f: Vec<(String, String)> = c
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (format!("square{}", i + 1), c.to_string()))
                    .collect();
                values(&tid, tile_name, c[0], f)
            }
            TileFace::Card(..) => values(&tid, tile_name, Color::BLACK, Vec::new()),
            TileFace::Layout => values(&tid, tile_name, Color::WHITE, Vec::new()),
        };
        match given {
            Some((f, pl, at)) => with_fields(card, f, pl, at),
            None => card,
        }
    }
}
