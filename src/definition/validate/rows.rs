//! Data files of every component (a deck's cards, a tile set's tiles, a piece's kinds) and
//! the one check of their header: a column is a known key of the component (`id`, `count`, …)
//! or a name a layout reads; any other column is an error at its header cell, with a hint
//! against those names (a typo in `count` would otherwise print one copy of every row).
//!
//! In: a data file named by a component, the names its layouts read. Out: its rows as
//! [`Row`]s, errors at the file's cells.

use super::context::{is_field_name, Ctx, MAX_TEXT};
use crate::base::diag::{closest, Diagnostic, Source};
use crate::base::lang::Text;
use crate::definition::data::{Field, Table};
use crate::definition::raw::{self, TextRaw, S};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use toml::Spanned;

/// One row of a data file of tiles or pieces.
pub(super) struct Row {
    /// The `id` column's value, if the file has one.
    pub(super) id: Option<raw::S>,
    /// The `count` column's value, if given.
    pub(super) count: Option<raw::I>,
    /// The values of the component's other keys (a tile's `zones`), each trimmed, with its
    /// cell; a key whose cell is empty is left out.
    pub(super) keys: BTreeMap<String, raw::S>,
    /// The other columns: each field's value.
    pub(super) fields: BTreeMap<String, Text>,
    /// Where each field's value is written, for errors found when a layout reads it.
    pub(super) places: BTreeMap<String, Arc<Diagnostic>>,
    /// The row's first cell, for errors about the whole row.
    pub(super) at: Arc<Diagnostic>,
}

/// Reads the data file `file` of a component and checks its header: the result is `None`
/// when the file is missing or unreadable, and its table otherwise (even when a column is
/// refused: the error is then in `cx`).
pub(super) fn table(cx: &mut Ctx, file: &S) -> Option<Table> {
    let path = cx.game_file(file, "data file", crate::definition::data::MAX_BYTES);
    let sep = path
        .as_ref()
        .and_then(|(shown, _)| crate::definition::data::separator(shown));
    if path.is_some() && sep.is_none() {
        cx.err(
            file,
            "a data file is a spreadsheet saved as `.csv` (comma-separated) or `.tsv` (tab-separated)".into(),
        );
    }
    let ((shown, real), sep) = (path?, sep?);
    match crate::definition::data::read_as(&real, &shown, sep) {
        Ok(table) => Some(table),
        Err(e) => {
            cx.diags.0.extend(e.0);
            None
        }
    }
}

/// Names as an error lists them: in order, each in backticks (`` `cost`, `suit` ``), or
/// `no field` when there is none.
fn listed<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let names: BTreeSet<&str> = names.into_iter().collect();
    if names.is_empty() {
        return "no field".into();
    }
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A column's name as its field and its language: `label_fr` is (`label`, 1), `label_en`
/// (`label`, 2), `label` (`label`, 0), the same in every language.
pub(super) fn column_name(name: &str) -> (&str, usize) {
    match name.rsplit_once('_') {
        Some((b, "fr")) => (b, 1),
        Some((b, "en")) => (b, 2),
        _ => (name, 0),
    }
}

/// The base names of a data file's columns (`label` for `label_fr`), as [`column_used`] reads
/// them.
pub(super) fn header_bases(table: &Table) -> BTreeSet<String> {
    table
        .header
        .iter()
        .map(|h| {
            let name = h.text.trim();
            column_name(name).0.to_string()
        })
        .collect()
}

/// Checks that column `name` (its base, without `_fr`/`_en`) of a data file is a key of the
/// component (`known`) or a name its layouts read (`reads`): otherwise an error at its header
/// cell, the hint the nearest of those names. Returns whether it is.
///
/// One typo is told once, where it was made: when the nearest name is one a layout reads and
/// no column (`bases`, every column's base) gives, the column is kept and its error held back
/// (`cx.pending`): the layout's own error, at its line, names this column (`no field `pointz`
/// for `{pointz}` (did you mean `points`, a column of cards.csv?)`), and when no face's error
/// does (the name given another way, by the component or its `fields`, or read on no face),
/// the error held back is said after all.
pub(super) fn column_used(
    src: &Source,
    cx: &mut Ctx,
    header: &Field,
    base: &str,
    known: &[&str],
    reads: &BTreeSet<String>,
    bases: &BTreeSet<String>,
) -> bool {
    if known.contains(&base) || reads.contains(base) {
        return true;
    }
    let names: BTreeSet<&str> = known
        .iter()
        .copied()
        .chain(reads.iter().map(String::as_str))
        .collect();
    // A near miss of the row's own keys (`zone` for `zones`) is the column's mistake, whatever
    // a layout reads: it comes first, and is said here.
    let near =
        closest(base, known.iter().copied()).or_else(|| closest(base, names.iter().copied()));
    let held = near.filter(|c| reads.contains(*c) && !known.contains(c) && !bases.contains(*c));
    let hint = near.map(|c| format!("did you mean `{c}`?"));
    let msg = format!(
        "unknown column `{}`: no layout reads `{{{base}}}` and it is not a key of the row (the keys are {}; the layouts read {})",
        header.text.trim(),
        listed(known.iter().copied()),
        listed(reads.iter().map(String::as_str))
    );
    let mut d = src.error(header.span.clone(), msg);
    if let Some(h) = hint {
        d = d.with_hint(h);
    }
    match held {
        Some(name) => {
            cx.pending.push((name.to_string(), base.to_string(), d));
            true
        }
        None => {
            cx.diags.push(d);
            false
        }
    }
}

/// The rows of a data file of tiles or pieces, each row one component: `id` and `count` are
/// its keys (`known`, with any other key the component reads itself), every other column a
/// field that one of its layouts must read (`reads`). A translated field has a column per
/// language (`label_fr`, `label_en`). Errors are placed in the data file; rows are returned
/// only when its header is sound.
pub(super) fn rows(
    cx: &mut Ctx,
    table: &Table,
    known: &[&str],
    reads: &BTreeSet<String>,
    needs_id: bool,
) -> Vec<Row> {
    let src = &table.src;
    let before = cx.diags.0.len();
    let bases = header_bases(table);
    // Each field's columns: plain, French, English.
    let mut columns: BTreeMap<String, [Option<usize>; 3]> = BTreeMap::new();
    for (i, h) in table.header.iter().enumerate() {
        let name = h.text.trim();
        let (base, slot) = column_name(name);
        if !is_field_name(base) {
            let hint = closest(
                base,
                known
                    .iter()
                    .copied()
                    .chain(reads.iter().map(String::as_str)),
            )
            .map(|c| format!("did you mean `{c}`?"));
            let mut d = src.error(
                h.span.clone(),
                format!("invalid column name `{name}`: a field's name is lowercase letters, digits and `_` (`points`, `label_fr`)"),
            );
            if let Some(hint) = hint {
                d = d.with_hint(hint);
            }
            cx.diags.push(d);
            continue;
        }
        if slot > 0 && known.contains(&base) {
            cx.diags.push(src.error(
                h.span.clone(),
                format!("`{base}` is the same in every language: one column `{base}`"),
            ));
            continue;
        }
        if !column_used(src, cx, h, base, known, reads, &bases) {
            continue;
        }
        let entry = columns.entry(base.to_string()).or_default();
        if entry[slot].is_some() {
            cx.diags
                .push(src.error(h.span.clone(), format!("column `{name}` given twice")));
        }
        entry[slot] = Some(i);
    }
    for (base, [plain, fr, en]) in &columns {
        if let (Some(i), true) = (plain, fr.is_some() || en.is_some()) {
            cx.diags.push(src.error(
                table.header[*i].span.clone(),
                format!("column `{base}` beside `{base}_fr`/`{base}_en`: give one or the other"),
            ));
        }
        if cx.langs.len() > 1 && fr.is_some() != en.is_some() {
            let (have, missing) = if fr.is_some() { (fr, "en") } else { (en, "fr") };
            cx.diags.push(src.error(
                table.header[have.unwrap_or(0)].span.clone(),
                format!(
                    "column `{base}_{missing}` is missing: a translated field needs both languages"
                ),
            ));
        }
    }
    let first = table.header.first().map_or(0..0, |h| h.span.clone());
    if needs_id && !columns.contains_key("id") {
        cx.diags.push(src.error(
            first,
            "no `id` column: every row needs an id (it names the component and its file)",
        ));
    }
    if cx.diags.0.len() > before {
        return Vec::new();
    }
    let mut out = Vec::new();
    for row in &table.rows {
        let cell = |i: usize| &row[i];
        let id = columns
            .get("id")
            .and_then(|c| c[0])
            .map(|i| Spanned::new(cell(i).span.clone(), cell(i).text.trim().to_string()));
        let count = match columns.get("count").and_then(|c| c[0]).map(cell) {
            Some(f) if !f.text.trim().is_empty() => match f.text.trim().parse::<i64>() {
                Ok(n) => Some(Spanned::new(f.span.clone(), n)),
                Err(_) => {
                    cx.diags.push(src.error(
                        f.span.clone(),
                        format!("count `{}`: expected a whole number", f.text),
                    ));
                    None
                }
            },
            _ => None,
        };
        let mut fields = BTreeMap::new();
        let mut places = BTreeMap::new();
        let mut keys = BTreeMap::new();
        for (name, [plain, fr, en]) in &columns {
            if known.contains(&name.as_str()) {
                if let Some(f) = plain.filter(|_| !matches!(name.as_str(), "id" | "count")) {
                    let text = row[f].text.trim();
                    if !text.is_empty() {
                        keys.insert(
                            name.clone(),
                            Spanned::new(row[f].span.clone(), text.to_string()),
                        );
                    }
                }
                continue;
            }
            let Some(at) = plain.or(*fr).or(*en) else {
                continue;
            };
            let get =
                |c: Option<usize>| c.map_or_else(|| row[at].text.clone(), |i| row[i].text.clone());
            let text = match plain {
                Some(i) => Text {
                    fr: row[*i].text.clone(),
                    en: row[*i].text.clone(),
                },
                None => Text {
                    fr: get(*fr),
                    en: get(*en),
                },
            };
            if text.fr.len() > MAX_TEXT || text.en.len() > MAX_TEXT {
                cx.diags.push(src.error(
                    row[at].span.clone(),
                    format!("field too long: the limit is {MAX_TEXT} bytes"),
                ));
            }
            fields.insert(name.clone(), text);
            places.insert(name.clone(), Arc::new(src.error(row[at].span.clone(), "")));
        }
        let at = Arc::new(src.error(row.first().map_or(0..0, |f| f.span.clone()), ""));
        out.push(Row {
            id,
            count,
            keys,
            fields,
            places,
            at,
        });
    }
    out
}

/// The values of `fields = { … }` of a card, a tile or a piece written in the TOML: each a
/// field name, not one of the owner's own keys (`known`; `owner` names it in the message, `a
/// card's`), each with its place.
pub(super) fn toml_fields(
    cx: &mut Ctx,
    given: &BTreeMap<Spanned<String>, Spanned<TextRaw>>,
    known: &[&str],
    owner: &str,
) -> (BTreeMap<String, Text>, BTreeMap<String, Arc<Diagnostic>>) {
    let mut fields = BTreeMap::new();
    let mut places = BTreeMap::new();
    for (name, value) in given {
        if !is_field_name(name.get_ref()) {
            cx.err(
                name,
                format!(
                    "invalid field name `{}`: use lowercase letters, digits and `_`, starting with a letter",
                    name.get_ref()
                ),
            );
        } else if known.contains(&name.get_ref().as_str()) {
            cx.err(
                name,
                format!(
                    "`{}` is {owner} own key, not a field: write it beside `id`",
                    name.get_ref()
                ),
            );
        }
        // A plain string stands in every language, as a card's field.
        let text = value.get_ref().to_text();
        if text.fr.len() > MAX_TEXT || text.en.len() > MAX_TEXT {
            cx.err(
                value,
                format!("field too long: the limit is {MAX_TEXT} bytes"),
            );
        }
        fields.insert(name.get_ref().clone(), text);
        places.insert(
            name.get_ref().clone(),
            Arc::new(cx.src.error(value.span(), "")),
        );
    }
    (fields, places)
}

/// Checks that every field `given` in game.toml (a card's, a tile's or a piece's `fields`) is
/// a name the layout `layout` draws it with reads: otherwise an error at the field's key, as
/// an unread column of a data file is at its header, the hint the nearest name it reads.
pub(super) fn fields_read(
    cx: &mut Ctx,
    given: &BTreeMap<Spanned<String>, Spanned<TextRaw>>,
    reads: &BTreeSet<String>,
    layout: &str,
) {
    for name in given.keys() {
        let n = name.get_ref();
        if !is_field_name(n) || reads.contains(n) {
            continue;
        }
        let hint =
            closest(n, reads.iter().map(String::as_str)).map(|c| format!("did you mean `{c}`?"));
        cx.err_hint(
            name,
            format!(
                "field `{n}` is never drawn: layout `{layout}` does not read `{{{n}}}` (it reads {})",
                listed(reads.iter().map(String::as_str))
            ),
            hint,
        );
    }
}

/// A face's values (from [`super::context::values`]) with the component's own fields added,
/// each placed where it is written.
pub(super) fn with_fields(
    mut card: crate::definition::model::Card,
    fields: &BTreeMap<String, Text>,
    places: &BTreeMap<String, Arc<Diagnostic>>,
    at: &Arc<Diagnostic>,
) -> crate::definition::model::Card {
    if fields.is_empty() {
        return card;
    }
    for (k, v) in fields {
        card.fields.insert(k.clone(), v.clone());
    }
    card.places = Some(Box::new(crate::definition::model::CardPlaces {
        title: at.clone(),
        text: at.clone(),
        tag: None,
        fields: places.clone(),
    }));
    card
}
