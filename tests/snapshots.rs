//! Snapshot tests: component and sheet SVGs of a small definition that uses every kind of
//! component, compared with the references under `tests/fixtures/components/mini/`.
//! A missing reference is written and fails once; `LUDOPRESS_BLESS=1` accepts a change.

use crate::common;

use ludopress::make::{render_game, BuildOptions};
use ludopress::sheet::Paper;

#[test]
fn mini_components_and_sheets_match_their_references() {
    let text = std::fs::read_to_string(common::root().join("tests/fixtures/components/mini.toml"))
        .unwrap();
    let game = common::parse("mini", &text).unwrap_or_else(|d| panic!("{d}"));
    let opts = BuildOptions {
        papers: vec![Paper::A4],
        // French only: the English faces are the same drawings with other words.
        lang: Some(ludopress::base::lang::Lang::Fr),
        previews: false,
        ..BuildOptions::default()
    };
    let files = render_game(&game, &opts).expect("render");
    let dir = common::root().join("tests/fixtures/components/mini");
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut written = std::collections::BTreeSet::new();
    for f in files
        .iter()
        .filter(|f| f.path.extension().is_some_and(|e| e == "svg"))
    {
        let name = f.path.to_string_lossy().replace('/', "--");
        written.insert(name.clone());
        let actual = String::from_utf8(f.bytes.clone()).unwrap();
        checked += 1;
        if let Err(e) = std::panic::catch_unwind(|| common::snapshot(&dir.join(&name), &actual)) {
            failures.push(e.downcast_ref::<String>().cloned().unwrap_or_default());
        }
    }
    // Every component kind is present: 2 boards, card face and back, 2 tiles and back, triangle
    // front and back, square, die, mat.
    assert!(checked >= 13, "only {checked} SVGs");
    // A reference the build no longer writes is stale (a renumbered sheet, a removed component).
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".svg") && !written.contains(&name) {
            failures.push(format!("{name}: a reference the build no longer writes"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
