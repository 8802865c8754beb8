//! Data files: a deck's cards kept in a spreadsheet, saved as CSV or TSV.
//!
//! The file is read with `csv-core` (RFC 4180: quoted fields, doubled quotes, line breaks inside
//! quotes, CRLF or LF); every field keeps its byte range in the file, so that a bad value is
//! reported at its line and column like an error of the TOML definition.

use crate::base::diag::{Diagnostics, Source};
use std::ops::Range;
use std::path::Path;

/// Largest data file, in bytes.
pub const MAX_BYTES: u64 = 4 << 20;
/// Most rows of a data file (the header not counted).
pub const MAX_ROWS: usize = 10_000;
/// Most columns of a data file.
pub const MAX_COLUMNS: usize = 200;

/// One field of a data file: its text (quotes removed) and where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The value.
    pub text: String,
    /// Byte range in the file (the field as written, quotes included).
    pub span: Range<usize>,
}

/// A data file: its header and rows, each row as long as the header.
#[derive(Debug, Clone)]
pub struct Table {
    /// The file's text, to place errors.
    pub src: Source,
    /// Column names, from the first row.
    pub header: Vec<Field>,
    /// The other rows.
    pub rows: Vec<Vec<Field>>,
}

/// The field separator of a data file, from its extension: `,` for `.csv`, a tab for `.tsv`.
pub fn separator(path: &Path) -> Option<u8> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("csv") => Some(b','),
        Some("tsv") | Some("tab") => Some(b'\t'),
        _ => None,
    }
}

/// Reads and parses a data file whose fields are separated by `sep` (see [`separator`]).
pub fn read(path: &Path, sep: u8) -> Result<Table, Diagnostics> {
    read_as(path, path, sep)
}

/// Reads the data file at `real` (a path checked by [`crate::base::paths::resolve`]) and parses it,
/// its errors placed in `shown` (the path as the game names it).
pub fn read_as(real: &Path, shown: &Path, sep: u8) -> Result<Table, Diagnostics> {
    let text = crate::base::diag::read_limited(real, MAX_BYTES, "a data file").map_err(|d| {
        Diagnostics(
            d.0.into_iter()
                .map(|mut e| {
                    e.path = shown.to_path_buf();
                    e
                })
                .collect(),
        )
    })?;
    parse(Source::new(shown, text), sep)
}

/// Parses a data file's text with separator `sep`.
pub fn parse(src: Source, sep: u8) -> Result<Table, Diagnostics> {
    let text = src.text.as_str();
    // A byte-order mark, as spreadsheets write, is not part of the first column's name.
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let bytes = text.as_bytes();
    let mut reader = csv_core::ReaderBuilder::new()
        .delimiter(sep)
        .quoting(sep != b'\t')
        .build();
    let mut out = vec![0u8; bytes.len() + 1];
    let mut records: Vec<Vec<Field>> = Vec::new();
    let mut record: Vec<Field> = Vec::new();
    let mut pos = start;
    let mut field_start = start;
    let mut filled = 0;
    loop {
        // The whole text is given at once; an empty input then tells the reader the file ended.
        let (res, nin, nout) = reader.read_field(&bytes[pos..], &mut out[filled..]);
        pos += nin;
        filled += nout;
        match res {
            csv_core::ReadFieldResult::InputEmpty => continue,
            csv_core::ReadFieldResult::OutputFull => {
                return Err(src
                    .error(field_start..pos, "a field longer than the file (a bug)")
                    .into())
            }
            csv_core::ReadFieldResult::Field { record_end } => {
                push_field(
                    &mut record,
                    &src,
                    sep,
                    field_start,
                    &bytes[field_start..pos],
                    &out[..filled],
                )?;
                field_start = pos;
                filled = 0;
                if record_end {
                    records.push(std::mem::take(&mut record));
                }
            }
            csv_core::ReadFieldResult::End => break,
        }
        if records.len() > MAX_ROWS + 1 {
            let at = records
                .last()
                .and_then(|r| r.first())
                .map_or(0, |f| f.span.start);
            return Err(src
                .error(
                    at..at,
                    format!(
                        "too many rows: the limit of a data file is {} cards' rows (passed here)",
                        crate::base::diag::shown_count(MAX_ROWS)
                    ),
                )
                .into());
        }
    }
    // A line holding nothing (a trailing blank line) is not a row.
    records.retain(|r| !(r.len() == 1 && r[0].text.trim().is_empty()));
    let mut rows = records.into_iter();
    let Some(header) = rows.next() else {
        return Err(src
            .error(
                start..start,
                "empty data file: the first row names the columns",
            )
            .into());
    };
    let mut diags = Diagnostics::default();
    if header.len() > MAX_COLUMNS {
        diags.push(src.error(
            header[MAX_COLUMNS].span.clone(),
            format!("too many columns: the limit is {MAX_COLUMNS}"),
        ));
    }
    let rows: Vec<Vec<Field>> = rows.collect();
    for row in &rows {
        if row.len() != header.len() {
            let at = row
                .get(header.len())
                .or(row.last())
                .map_or(0..0, |f| f.span.clone());
            diags.push(
                src.error(
                    at,
                    format!(
                        "this row has {} fields, the header has {}",
                        row.len(),
                        header.len()
                    ),
                )
                .with_hint(if sep == b',' {
                    "a value holding a comma is written in double quotes: \"Draw 2, then discard\""
                } else {
                    "fields are separated by one tab each"
                }),
            );
        }
    }
    diags.finish(Table { src, header, rows })
}

fn push_field(
    record: &mut Vec<Field>,
    src: &Source,
    sep: u8,
    start: usize,
    raw: &[u8],
    value: &[u8],
) -> Result<(), Diagnostics> {
    // The span is the field as written: without the line break before it (a CRLF's \n can be
    // read with the next field) and without its separator or line end.
    let lead = raw
        .iter()
        .take_while(|&&b| b == b'\n' || b == b'\r')
        .count();
    let raw = &raw[lead..];
    let trail = raw
        .iter()
        .rev()
        .take_while(|&&b| b == b'\n' || b == b'\r' || b == sep)
        .count()
        .min(raw.len());
    let start = start + lead;
    let span = start..start + raw.len() - trail;
    let text = std::str::from_utf8(value)
        .map_err(|_| src.error(span.clone(), "a field is not UTF-8"))?
        .trim_matches(|c| c == '\r' || c == '\n')
        .to_string();
    if record.len() > MAX_COLUMNS {
        return Ok(());
    }
    record.push(Field { text, span });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Table {
        parse(Source::new("cards.csv", text), b',').unwrap_or_else(|d| panic!("{d}"))
    }

    #[test]
    fn fields_are_unquoted_and_keep_their_place() {
        let t = table("id,title,count\r\none,\"Draw 2, then \"\"go\"\"\",3\r\ntwo,\"A\nB\",1\n\n");
        assert_eq!(t.header.len(), 3);
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[0][1].text, "Draw 2, then \"go\"");
        assert_eq!(t.rows[1][1].text, "A\nB");
        let place = |f: &Field| t.src.line_col(f.span.start);
        assert_eq!(place(&t.rows[0][0]), (2, 1));
        assert_eq!(place(&t.rows[0][2]), (2, 27));
        assert_eq!(place(&t.rows[1][0]), (3, 1));
        assert_eq!(place(&t.rows[1][2]), (4, 4));
        assert_eq!(&t.src.text[t.rows[0][2].span.clone()], "3");
    }

    #[test]
    fn a_short_row_is_refused_at_its_line() {
        let e = parse(
            Source::new("cards.csv", "id,title,fill\none,Un,red\ntwo,Deux\n"),
            b',',
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("cards.csv:3:5:") && e.contains("2 fields, the header has 3"),
            "{e}"
        );
    }

    #[test]
    fn a_byte_order_mark_and_a_missing_final_newline_are_fine() {
        let t = table("\u{feff}id,title\none,Un");
        assert_eq!(t.header[0].text, "id");
        assert_eq!(t.rows[0][1].text, "Un");
        assert_eq!(t.src.line_col(t.rows[0][1].span.start), (2, 5));
        let tsv = parse(Source::new("c.tsv", "id\ttitle\none\t\"Un\"\n"), b'\t').unwrap();
        assert_eq!(tsv.rows[0][1].text, "\"Un\"", "TSV has no quoting");
    }

    #[test]
    fn too_many_rows_are_refused() {
        let mut text = String::from("id\n");
        for i in 0..=MAX_ROWS {
            text.push_str(&format!("c{i}\n"));
        }
        let e = parse(Source::new("big.csv", text), b',')
            .unwrap_err()
            .to_string();
        assert!(e.contains("too many rows"), "{e}");
        assert!(e.contains("big.csv:10002:1"), "{e}");
    }
}
