//! `schema`: the JSON Schema of the files a designer writes, `game.toml` and
//! `templates/library.toml`, generated from the types the loader reads them into (their doc
//! comments are the keys' descriptions), so that an editor completes and checks them (Taplo
//! and Even Better TOML read a first line `#:schema <path>`). In: a folder; out: its
//! `game.schema.json` and `library.schema.json`, written whole or not at all.

use crate::base::diag::Error;
use crate::base::output;
use crate::definition::raw::{GameFile, LibraryFile};
use schemars::generate::SchemaSettings;
use std::io::Write;
use std::path::Path;

/// The files `schema` writes: name and text.
pub fn files() -> Vec<(&'static str, String)> {
    vec![
        ("game.schema.json", text::<GameFile>("game.toml")),
        (
            "library.schema.json",
            text::<LibraryFile>("templates/library.toml"),
        ),
    ]
}

/// The schema of `T` as pretty JSON, with a newline at its end; its title names the file.
fn text<T: schemars::JsonSchema>(file: &str) -> String {
    let g = SchemaSettings::draft07().into_generator();
    let mut schema = g.into_root_schema_for::<T>();
    schema.insert("title".into(), format!("ludopress {file}").into());
    let mut value = schema.to_value();
    no_null(&mut value);
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}

/// TOML has no null (an optional key is left out): an `anyOf` alternative of type null, which
/// an `Option` field gets, is taken away, and an `anyOf` left with one alternative becomes it.
fn no_null(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(map) => {
            if let Some(Value::Array(alts)) = map.get_mut("anyOf") {
                alts.retain(|a| a.get("type").and_then(Value::as_str) != Some("null"));
                if alts.len() == 1 {
                    let only = alts.remove(0);
                    map.remove("anyOf");
                    if let Value::Object(o) = only {
                        for (k, x) in o {
                            map.entry(k).or_insert(x);
                        }
                    }
                }
            }
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t.as_str() != Some("null"));
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            for x in map.values_mut() {
                no_null(x);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(no_null),
        _ => {}
    }
}

/// Writes the schemas into `dir` (made if missing), a line per file on `out`.
pub fn schema(dir: &Path, out: &mut dyn Write) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::file("making", dir, e))?;
    for (name, text) in files() {
        let path = dir.join(name);
        output::write_one(&path, text.as_bytes())
            .map_err(|e| Error::file("writing", &e.path, e.reason))?;
        say!(out, "{}", path.display());
    }
    Ok(())
}
