//! Decks: `[deck.<id>]` → [`Deck`]: card style, pictograms, cards written in the TOML or read
//! from a data file, backs and the faces laid out for each card.
//!
//! In: a [`raw::DeckRaw`]. Out: a checked [`Deck`], errors in the context.

use super::context::{is_field_name, values, Ctx, BUILT_IN_FIELDS, MAX_MM, MAX_NAME, MAX_TEXT};
use super::layout::Layouts;
use crate::base::color::Color;
use crate::base::diag::{closest, Diagnostics};
use crate::base::lang::Text;
use crate::base::units::Pt;
use crate::definition::library::{MAX_TEXT_PT, MIN_TEXT_PT};
use crate::definition::model::{
    Back, Card, CardPlaces, CardStyle, Deck, Element, Grid, Pattern, Picto,
};
use crate::definition::raw::{self, TextRaw};
use crate::geometry::SquareGrid;
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;

fn card_style(cx: &mut Ctx, s: &raw::CardStyleRaw, at: &std::ops::Range<usize>) -> CardStyle {
    let base = match &s.from {
        Some(name) => match cx.lib.card_styles.get(name.get_ref()) {
            Some(b) => Some(b.clone()),
            None => {
                let hint = closest(
                    name.get_ref(),
                    cx.lib.card_styles.keys().map(String::as_str),
                )
                .map(|c| format!("did you mean `{c}`?"));
                cx.err_hint(
                    name,
                    format!("unknown card style template `{}`", name.get_ref()),
                    hint,
                );
                None
            }
        },
        None => None,
    };
    let base = base.unwrap_or_else(|| {
        cx.lib
            .card_styles
            .values()
            .next()
            .cloned()
            .unwrap_or_default()
    });
    // Each field: the game's override if given, else the template's (validated when the library loaded).
    let corner = s
        .corner
        .as_ref()
        .map_or(base.corner, |v| cx.length(v, 0.0, 20.0, "corner"));
    let border = s
        .border
        .as_ref()
        .map_or(base.border, |v| cx.length(v, 0.0, 20.0, "border"));
    let title_size = s.title_size.as_ref().map_or(base.title_size, |v| {
        cx.length(v, MIN_TEXT_PT, MAX_TEXT_PT, "title size (pt)")
    });
    let text_size = s.text_size.as_ref().map_or(base.text_size, |v| {
        cx.length(v, MIN_TEXT_PT, MAX_TEXT_PT, "text size (pt)")
    });
    let inherited = |cx: &mut Ctx, name: &str, field: &str| -> Color {
        if let Some(c) = cx
            .colors
            .get(name)
            .copied()
            .or_else(|| Color::parse_hex(name))
        {
            return c;
        }
        // The template's colour is a name of another palette than this game's.
        let msg = format!(
            "the card style takes `{field} = \"{name}\"` from its template, and this game's palette and `[colors]` do not define `{name}`"
        );
        let hint = format!("define `{name}` in `[colors]`, or set `{field}` in `style`");
        let span = s.from.as_ref().map_or_else(|| at.clone(), |f| f.span());
        cx.diags.push(cx.src.error(span, msg).with_hint(hint));
        Color::BLACK
    };
    let panel = match &s.panel {
        Some(c) => cx.color(c),
        None => inherited(cx, &base.panel, "panel"),
    };
    let ink = match &s.ink {
        Some(c) => cx.color(c),
        None => inherited(cx, &base.ink, "ink"),
    };
    CardStyle {
        corner,
        border,
        title_size,
        text_size,
        panel,
        ink,
    }
}

fn picto(cx: &mut Ctx, p: &raw::PictoRaw) -> Picto {
    let g = SquareGrid {
        cols: cx.int(&p.cols, 1, 9, "pictogram columns"),
        rows: cx.int(&p.rows, 1, 9, "pictogram rows"),
    };
    let grid = Grid::Square(g);
    let arrows = p
        .arrows
        .iter()
        .filter_map(|a| {
            let cells: Vec<usize> = a
                .iter()
                .filter_map(|s| {
                    let c = grid.parse(s.get_ref());
                    if c.is_none() {
                        cx.err(
                            s,
                            format!(
                                "no cell `{}` in a {}×{} pictogram",
                                s.get_ref(),
                                g.cols,
                                g.rows
                            ),
                        );
                    }
                    c
                })
                .collect();
            if cells.len() == a.len() && (cells.len() < 2 || cells.windows(2).any(|w| w[0] == w[1]))
            {
                let at = a.first().map_or_else(|| p.cols.span(), |s| s.span());
                cx.diags.push(
                    cx.src.error(
                        at,
                        "an arrow needs at least two cells, each different from the one before"
                            .to_string(),
                    ),
                );
            }
            (cells.len() >= 2).then_some(cells)
        })
        .collect();
    let own = cx.cells(&p.own, &grid);
    let opp = cx.cells(&p.opp, &grid);
    if let Some(both) = p
        .opp
        .iter()
        .find(|s| grid.parse(s.get_ref()).is_some_and(|c| own.contains(&c)))
    {
        cx.err(
            both,
            format!(
                "cell `{}` holds both an own and an opponent pawn",
                both.get_ref()
            ),
        );
    }
    Picto {
        own,
        opp,
        placed: cx.cells(&p.placed, &grid),
        taken: cx.cells(&p.taken, &grid),
        arrows,
        grid: g,
    }
}

/// A deck; `reads` are the names read by the layouts of tile sets made from it (its data
/// file's columns may be read there).
pub(super) fn deck(
    cx: &mut Ctx,
    d: &raw::DeckRaw,
    margin: f64,
    lays: &mut Layouts,
    reads_extra: &BTreeSet<String>,
) -> Deck {
    let id = cx.id(&d.id);
    cx.stem(
        &d.id,
        format!("{id}-back"),
        format!("the back of deck `{id}`"),
    );
    let (width, height) = match d.size.get_ref() {
        raw::SizeRaw::Named(name) => match cx.lib.sizes.get(name) {
            Some(s) => *s,
            None => {
                let hint = closest(name, cx.lib.sizes.keys().map(String::as_str))
                    .map(|c| format!("did you mean `{c}`?"));
                cx.err_hint(&d.size, format!("unknown size template `{name}`"), hint);
                (63.0, 88.0)
            }
        },
        raw::SizeRaw::Dims(v)
            if v.len() == 2
                && v.iter()
                    .all(|x| x.is_finite() && *x >= 10.0 && *x <= MAX_MM) =>
        {
            (v[0], v[1])
        }
        raw::SizeRaw::Dims(_) => {
            cx.err(
                &d.size,
                "size: expected a template name or [width, height] in mm, each 10 to 1000".into(),
            );
            (63.0, 88.0)
        }
    };
    let bleed = d
        .bleed
        .as_ref()
        .map_or(0.0, |b| cx.length(b, 0.0, 5.0, "bleed"));
    let style = card_style(cx, &d.style, &d.id.span());
    let mut card_ids = BTreeSet::new();
    let mut cards: Vec<Card> = d
        .card
        .iter()
        .map(|c| card(cx, c, &id, &mut card_ids))
        .collect();
    if let Some(file) = &d.data {
        // The names the deck's layout reads (the library's `card` without one): a column is
        // one of them or a card's own key.
        let name = d
            .layout
            .clone()
            .unwrap_or_else(|| Spanned::new(d.id.span(), "card".to_string()));
        if let Some(table) = super::rows::table(cx, file) {
            let mut reads = lays.column_reads(cx, &name, &table);
            reads.extend(reads_extra.iter().cloned());
            {
                {
                    // The cards of a data file: their errors are placed in the data file.
                    let mut sub = Ctx {
                        src: &table.src,
                        lib: cx.lib,
                        diags: Diagnostics::default(),
                        colors: cx.colors.clone(),
                        ids: BTreeMap::new(),
                        stems: std::mem::take(&mut cx.stems),
                        langs: cx.langs.clone(),
                        folder: cx.folder.clone(),
                        pending: Vec::new(),
                    };
                    for c in data_cards(&mut sub, &table, &reads) {
                        cards.push(card(&mut sub, &c, &id, &mut card_ids));
                    }
                    cx.stems = sub.stems;
                    cx.diags.0.extend(sub.diags.0);
                    cx.pending.extend(sub.pending);
                }
            }
        }
    }
    if cards.is_empty() && cx.diags.is_empty() {
        cx.err(
            &d.id,
            "a deck needs cards: `[[deck.card]]` tables or a `data` file with at least one row"
                .into(),
        );
    }
    let safe = d
        .safe
        .as_ref()
        .map_or(3.0, |s| cx.length(s, 0.0, 20.0, "safe"));
    // A deck without a layout of its own is drawn by the library's `card` (`action-card` when its
    // cards have pictograms), its `style` applied to it.
    let default = Spanned::new(
        d.id.span(),
        if cards.iter().any(|c| c.picto.is_some()) {
            "action-card"
        } else {
            "card"
        }
        .to_string(),
    );
    let name = d.layout.as_ref().unwrap_or(&default);
    // The fields of `[[deck.card]]` tables: each read by the deck's layout (or by the layout of
    // a tile set made from the deck), as a data file's columns are.
    if let Some(mut reads) = lays.reads_known(cx, name) {
        reads.extend(reads_extra.iter().cloned());
        for c in &d.card {
            super::rows::fields_read(cx, &c.fields, &reads, name.get_ref());
        }
    }
    if let Some(mut elements) = lays.elements(cx, name) {
        if d.layout.is_none() {
            styled(&mut elements, &style, &cards, (width, height), d.id.span());
        }
        let shapes = lays.shapes(cx, &elements, (width, height), bleed, safe);
        for c in &mut cards {
            c.layout = Some(lays.face(cx, &shapes, c, style.ink));
        }
    }
    let mut back = cx.back(&d.back);
    back.elements = back_face(cx, lays, &d.back, &back, (width, height), bleed);
    let deck = Deck {
        id,
        safe,
        name: cx.text(&d.name, MAX_NAME, "name"),
        width,
        height,
        style,
        bleed,
        back,
        cards,
    };
    let (w, h) = deck.extent();
    cx.fits_paper(&d.size, w, h, margin);
    deck
}

/// The library's `card` layout with a deck's `style` applied: its colours (a game's palette need
/// not name `paper` and `ink`) and sizes; the tag's band only when a card has a tag, the text's
/// box as tall as the deck's longest text needs, the pictogram in the room above it.
fn styled(
    elements: &mut [raw::ElementRaw],
    style: &CardStyle,
    deck: &[Card],
    (width, height): (f64, f64),
    at: std::ops::Range<usize>,
) {
    let s = |v: String| Some(Spanned::new(at.clone(), v));
    let mm = |v: f64| Some(Spanned::new(at.clone(), raw::Len::Mm(v)));
    let pt = mm;
    let b = style.border;
    let title_y = b - 0.6;
    let title_h = style.title_size * 5.4 / 11.0;
    let tag_y = title_y + title_h - 0.3;
    let tag_h = style.text_size * 4.0 / 7.5;
    let panel_y = if deck.iter().any(|c| c.tag.is_some()) {
        tag_y + tag_h + 1.0
    } else {
        title_y + title_h + 1.0
    };
    let line = Pt(style.text_size).in_mm() * 1.2;
    let room = width - 2.0 * (b + 2.0);
    let lines = deck
        .iter()
        .flat_map(|c| [&c.text.fr, &c.text.en])
        .map(|t| crate::fonts::wrap(crate::fonts::Face::Regular, t, style.text_size, room).len())
        .max()
        .unwrap_or(1)
        .max(1);
    // At most the panel's height, or half of it beside a pictogram: a longer text overflows.
    let panel_h = height - b - panel_y - 4.0;
    let cap = if deck.iter().any(|c| c.picto.is_some()) {
        panel_h / 2.0
    } else {
        panel_h
    };
    let text_h = (lines as f64 * line + 0.5).min(cap.max(line));
    let ink = style.ink.to_string();
    for e in elements.iter_mut() {
        match e.name.get_ref().as_str() {
            "title" => {
                (e.size, e.x, e.right, e.y, e.height) =
                    (pt(style.title_size), mm(b), mm(b), mm(title_y), mm(title_h));
                e.min_size = pt(5.0_f64.min(style.title_size));
            }
            "tag" => {
                (e.size, e.x, e.right, e.y, e.height) =
                    (pt(style.text_size), mm(b), mm(b), mm(tag_y), mm(tag_h));
                e.min_size = pt(5.0_f64.min(style.text_size));
            }
            "panel" => {
                (e.x, e.right, e.y, e.bottom) = (mm(b), mm(b), mm(panel_y), mm(b));
                e.radius = mm(style.corner);
                e.fill = s(style.panel.to_string());
            }
            "text" => {
                (e.size, e.x, e.right, e.bottom, e.height) = (
                    pt(style.text_size),
                    mm(b + 2.0),
                    mm(b + 2.0),
                    mm(b + 2.0),
                    mm(text_h),
                );
                e.min_size = pt(6.0_f64.min(style.text_size));
                e.color = s(ink.clone());
            }
            "picto" => {
                (e.x, e.right, e.y, e.bottom) = (
                    mm(b + 3.0),
                    mm(b + 3.0),
                    mm(panel_y + 2.5),
                    mm(b + 2.0 + text_h + 2.5),
                );
                e.stroke = s(ink.clone());
                e.fill = s(format!("{}.darken(4%)", style.panel));
                e.color = s("{fill}.darken(25%)".into());
            }
            _ => {}
        }
    }
}

fn card(cx: &mut Ctx, c: &raw::CardRaw, deck: &str, card_ids: &mut BTreeSet<String>) -> Card {
    if !cx.safe_id(&c.id, "card id") {
    } else if !card_ids.insert(c.id.get_ref().clone()) {
        cx.err(
            &c.id,
            format!("duplicate card id `{}` in deck `{deck}`", c.id.get_ref()),
        );
    } else {
        let what = format!("card `{}` of deck `{deck}`", c.id.get_ref());
        cx.stem(&c.id, format!("{deck}-{}", c.id.get_ref()), what);
    }
    let empty = Spanned::new(c.id.span(), TextRaw::Both(Text::default()));
    let text = c.text.as_ref().unwrap_or(&empty);
    let (fields, field_places) =
        super::rows::toml_fields(cx, &c.fields, &BUILT_IN_FIELDS, "a card's");
    Card {
        id: c.id.get_ref().clone(),
        title: cx.text(&c.title, MAX_NAME, "title"),
        text: cx.text(text, MAX_TEXT, "text"),
        tag: c.tag.as_ref().map(|t| cx.text(t, MAX_NAME, "tag")),
        fill: c.fill.as_ref().map_or(Color::WHITE, |f| cx.color(f)),
        count: cx.count(&c.count),
        picto: c.picto.as_ref().map(|p| picto(cx, p)),
        fields,
        layout: None,
        places: Some(Box::new(CardPlaces {
            title: cx.src.error(c.title.span(), "").into(),
            text: cx.src.error(text.span(), "").into(),
            tag: c.tag.as_ref().map(|t| cx.src.error(t.span(), "").into()),
            fields: field_places,
        })),
    }
}

/// The columns of one field in a data file: plain, French, English.
type Columns = (Option<usize>, Option<usize>, Option<usize>);

/// The cards of a data file, as if written in TOML: every value keeps its place in the file. The
/// columns `id`, `title`, `text`, `tag`, `fill`, `count` are the card's own; any other column is a
/// field. A translated text has a column per language (`title_fr`, `title_en`).
fn data_cards(
    cx: &mut Ctx,
    table: &crate::definition::data::Table,
    reads: &BTreeSet<String>,
) -> Vec<raw::CardRaw> {
    use crate::definition::data::Field;
    let mut columns: BTreeMap<String, Columns> = BTreeMap::new();
    let bases = super::rows::header_bases(table);
    let header_at =
        |i: usize| Spanned::new(table.header[i].span.clone(), table.header[i].text.clone());
    for (i, h) in table.header.iter().enumerate() {
        let name = h.text.trim();
        let (base, slot) = super::rows::column_name(name);
        if !is_field_name(base) || base == "picto" {
            let hint = closest(
                base,
                BUILT_IN_FIELDS.iter().copied().filter(|f| *f != "picto"),
            )
            .map(|c| format!("did you mean `{c}`?"));
            cx.err_hint(
                &header_at(i),
                format!(
                    "invalid column name `{name}`: a field's name is lowercase letters, digits and `_` (`cost`, `title_fr`)"
                ),
                hint,
            );
            continue;
        }
        if slot > 0 && matches!(base, "id" | "fill" | "count") {
            cx.err(
                &header_at(i),
                format!("`{base}` is the same in every language: one column `{base}`"),
            );
            continue;
        }
        if !super::rows::column_used(
            &table.src,
            cx,
            &table.header[i],
            base,
            &["id", "title", "text", "tag", "fill", "count"],
            reads,
            &bases,
        ) {
            continue;
        }
        let entry = columns.entry(base.to_string()).or_default();
        let at = match slot {
            0 => &mut entry.0,
            1 => &mut entry.1,
            _ => &mut entry.2,
        };
        if at.is_some() {
            cx.err(&header_at(i), format!("column `{name}` given twice"));
        }
        *at = Some(i);
    }
    let two = cx.langs.len() > 1;
    for (base, (plain, fr, en)) in &columns {
        let translated = matches!(base.as_str(), "title" | "text" | "tag");
        if let (Some(i), true) = (plain, fr.is_some() || en.is_some()) {
            cx.err(
                &header_at(*i),
                format!("column `{base}` beside `{base}_fr`/`{base}_en`: give one or the other"),
            );
        }
        if translated && two && plain.is_some() {
            cx.err_hint(
                &header_at(plain.unwrap_or(0)),
                format!("column `{base}` in a game of two languages: its text needs one column per language"),
                Some(format!("name the columns `{base}_fr` and `{base}_en`, or declare `languages = [\"en\"]` in `[game]`")),
            );
        }
        for (l, col, code) in [(two, fr, "fr"), (two, en, "en")] {
            if l && col.is_none() && (fr.is_some() || en.is_some()) {
                let other = fr.or(*en).unwrap_or(0);
                cx.err(&header_at(other), format!("column `{base}_{code}` is missing: a translated field needs both languages"));
            }
        }
    }
    if !columns.contains_key("id") {
        cx.err(
            &header_at(0),
            "no `id` column: every card needs an id (it names its file)".into(),
        );
    }
    if !columns.contains_key("title") {
        cx.err(
            &header_at(0),
            "no `title` column (or `title_fr` and `title_en`)".into(),
        );
    }
    if !cx.diags.is_empty() {
        return Vec::new();
    }
    let spanned = |f: &Field| Spanned::new(f.span.clone(), f.text.clone());
    let text_of = |row: &[Field], cols: &Columns| {
        let (plain, fr, en) = *cols;
        match (plain, fr, en) {
            (Some(i), _, _) => Some(Spanned::new(
                row[i].span.clone(),
                TextRaw::Both(Text {
                    fr: row[i].text.clone(),
                    en: row[i].text.clone(),
                }),
            )),
            (None, f, e) => {
                let first = f.or(e)?;
                let get = |c: Option<usize>| {
                    c.map_or_else(|| row[first].text.clone(), |i| row[i].text.clone())
                };
                Some(Spanned::new(
                    row[first].span.clone(),
                    TextRaw::Both(Text {
                        fr: get(f),
                        en: get(e),
                    }),
                ))
            }
        }
    };
    let mut cards = Vec::new();
    for row in &table.rows {
        let col = |name: &str| columns.get(name).and_then(|c| c.0).map(|i| &row[i]);
        let Some(id) = col("id") else { continue };
        let count = match col("count") {
            Some(f) if !f.text.trim().is_empty() => match f.text.trim().parse::<i64>() {
                Ok(n) => Some(Spanned::new(f.span.clone(), n)),
                Err(_) => {
                    cx.err(
                        &spanned(f),
                        format!("count `{}`: expected a whole number", f.text),
                    );
                    None
                }
            },
            _ => None,
        };
        let opt_text = |name: &str| {
            columns.get(name).and_then(|c| text_of(row, c)).filter(|t| {
                !t.get_ref().to_text().fr.is_empty() || !t.get_ref().to_text().en.is_empty()
            })
        };
        let mut fields = BTreeMap::new();
        for (name, c) in &columns {
            if BUILT_IN_FIELDS.contains(&name.as_str()) {
                continue;
            }
            if let Some(v) = text_of(row, c) {
                let key_at = c.0.or(c.1).or(c.2).unwrap_or(0);
                fields.insert(
                    Spanned::new(table.header[key_at].span.clone(), name.clone()),
                    v,
                );
            }
        }
        cards.push(raw::CardRaw {
            id: Spanned::new(id.span.clone(), id.text.trim().to_string()),
            title: columns
                .get("title")
                .and_then(|c| text_of(row, c))
                .unwrap_or_else(|| Spanned::new(id.span.clone(), TextRaw::Both(Text::default()))),
            text: opt_text("text"),
            fill: col("fill")
                .filter(|f| !f.text.trim().is_empty())
                .map(|f| Spanned::new(f.span.clone(), f.text.trim().to_string())),
            tag: opt_text("tag"),
            count,
            picto: None,
            fields,
        });
    }
    cards
}

/// The elements of a shared back of `w` × `h` mm: its layout (the library's `card-back` by
/// default) with its title, colours and pattern.
pub(super) fn back_face(
    cx: &mut Ctx,
    lays: &mut Layouts,
    raw: &raw::BackRaw,
    back: &Back,
    size: (f64, f64),
    bleed: f64,
) -> Vec<Element> {
    let default = Spanned::new(raw.fill.span(), "card-back".to_string());
    let name = raw.layout.as_ref().unwrap_or(&default);
    let Some(elements) = lays.elements(cx, name) else {
        return Vec::new();
    };
    let shapes = lays.shapes(cx, &elements, size, bleed, 0.0);
    let pattern = match back.pattern {
        Pattern::None => "none",
        Pattern::Grid => "grid",
        Pattern::Diamonds => "diamonds",
    };
    let values = values(
        "back",
        &back.title,
        back.fill,
        vec![
            ("ink".into(), back.ink.to_string()),
            ("pattern".into(), pattern.into()),
        ],
    );
    lays.face_of("back", cx, &shapes, &values, back.ink)
}
