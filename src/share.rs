//! Exports for the other ways people print and play: each face as an image with its bleed for
//! print-on-demand services, and deck sheets for Tabletop Simulator.

use crate::build::{printed, Output, Printed};
use crate::definition::model::Game;
use crate::export::{png, svg};
use crate::lang::Lang;
use crate::scene::{Affine, Scene};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Most columns and rows of a Tabletop Simulator deck sheet.
pub const TTS_GRID: (usize, usize) = (10, 7);
/// Widest deck sheet Tabletop Simulator loads well, pixels.
pub const TTS_MAX_PX: u32 = 8192;

/// Pixels for `mm` at `dpi`, rounded.
fn px(mm: f64, dpi: f64) -> u32 {
    (mm / 25.4 * dpi).round().max(1.0) as u32
}

/// A face with its bleed around it, as an image of exactly its size at `dpi`.
fn face_png(face: &Scene, size: (f64, f64), bleed: f64, dpi: f64) -> Result<Vec<u8>, String> {
    let (w, h) = (size.0 + 2.0 * bleed, size.1 + 2.0 * bleed);
    let mut s = Scene::new(w, h);
    s.place(face.clone(), Affine::translate(bleed, bleed), None);
    png::render_px(&svg::to_svg(&s), (px(w, dpi), px(h, dpi)), dpi)
}

/// Print-on-demand: every face (fronts and backs) of every component in `lang` as a PNG at
/// `dpi` with its bleed, under `<lang>/<component>/`, and `quantities.txt` listing each
/// face, its size and how many copies to print.
pub fn pod(game: &Game, lang: Lang, dpi: f64) -> Result<Vec<Output>, String> {
    let dir = PathBuf::from(lang.code());
    let mut files = Vec::new();
    let mut list = format!(
        "# {} — print-on-demand faces at {dpi} dpi, bleed included\n# file\tcopies\twidth × height mm (with bleed)\tpixels\n",
        game.title.get(lang)
    );
    for c in printed(game, lang) {
        let (w, h) = (c.size.0 + 2.0 * c.bleed, c.size.1 + 2.0 * c.bleed);
        let dims = format!("{w:.1} × {h:.1}\t{} × {}", px(w, dpi), px(h, dpi));
        let mut backs: Vec<(String, usize)> = Vec::new();
        for (stem, front, back, n) in &c.faces {
            let name = dir.join(&c.id).join(format!("{stem}-front.png"));
            files.push(Output {
                bytes: face_png(front, c.size, c.bleed, dpi)?,
                path: name.clone(),
            });
            let _ = writeln!(list, "{}\t{n}\t{dims}", slash(&name));
            if let Some(b) = back {
                // A back shared by every face is written once.
                let shared = c.faces.iter().all(|f| f.2.as_ref() == Some(b));
                let stem = if shared {
                    format!("{}-back", c.id)
                } else {
                    format!("{stem}-back")
                };
                match backs.iter_mut().find(|(s, _)| *s == stem) {
                    Some(e) => e.1 += n,
                    None => {
                        files.push(Output {
                            bytes: face_png(b, c.size, c.bleed, dpi)?,
                            path: dir.join(&c.id).join(format!("{stem}.png")),
                        });
                        backs.push((stem, *n));
                    }
                }
            }
        }
        for (stem, n) in backs {
            let name = dir.join(&c.id).join(format!("{stem}.png"));
            let _ = writeln!(list, "{}\t{n}\t{dims}", slash(&name));
        }
    }
    files.push(Output {
        path: dir.join("quantities.txt"),
        bytes: list.into_bytes(),
    });
    Ok(files)
}

fn slash(p: &std::path::Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Tabletop Simulator: each deck and tile set as sheets of at most 10 × 7 faces (every copy
/// once, in order), the back as its own image, and `<deck>.json` with each sheet's grid, under
/// `<lang>/`. Faces are cut boxes without bleed, at `dpi` or less so that a sheet stays
/// within 8,192 pixels.
pub fn tts(game: &Game, lang: Lang, dpi: f64) -> Result<Vec<Output>, String> {
    let dir = PathBuf::from(lang.code());
    let mut files = Vec::new();
    for c in printed(game, lang).into_iter().filter(|c| c.deck) {
        files.extend(deck_sheets(&c, &dir, dpi)?);
    }
    Ok(files)
}

fn deck_sheets(c: &Printed, dir: &std::path::Path, dpi: f64) -> Result<Vec<Output>, String> {
    let copies: Vec<&Scene> = c
        .faces
        .iter()
        .flat_map(|(_, f, _, n)| std::iter::repeat_n(f, *n))
        .collect();
    let per = TTS_GRID.0 * TTS_GRID.1;
    let cols = copies.len().clamp(1, TTS_GRID.0);
    let dpi = dpi.min(TTS_MAX_PX as f64 / cols as f64 / (c.size.0 / 25.4));
    let face_px = (px(c.size.0, dpi), px(c.size.1, dpi));
    let mut files = Vec::new();
    let mut sheets = Vec::new();
    for (k, chunk) in copies.chunks(per).enumerate() {
        let cols = chunk.len().min(TTS_GRID.0);
        let rows = chunk.len().div_ceil(cols);
        let (w, h) = c.size;
        let mut s = Scene::new(cols as f64 * w, rows as f64 * h);
        for (i, f) in chunk.iter().enumerate() {
            let (x, y) = ((i % cols) as f64 * w, (i / cols) as f64 * h);
            s.place(
                (*f).clone(),
                Affine::translate(x, y),
                Some((0.0, 0.0, w, h)),
            );
        }
        let name = format!("{}-{}.png", c.id, k + 1);
        let bytes = png::render_px(
            &svg::to_svg(&s),
            (face_px.0 * cols as u32, face_px.1 * rows as u32),
            dpi,
        )?;
        files.push(Output {
            path: dir.join(&name),
            bytes,
        });
        sheets.push(serde_json::json!({
            "image": name,
            "columns": cols,
            "rows": rows,
            "cards": chunk.len(),
        }));
    }
    let back = c.faces.first().and_then(|f| f.2.as_ref());
    let back_name = back.map(|_| format!("{}-back.png", c.id));
    if let (Some(b), Some(name)) = (back, &back_name) {
        let mut s = Scene::new(c.size.0, c.size.1);
        s.place(
            b.clone(),
            Affine::IDENTITY,
            Some((0.0, 0.0, c.size.0, c.size.1)),
        );
        files.push(Output {
            path: dir.join(name),
            bytes: png::render_px(&svg::to_svg(&s), face_px, dpi)?,
        });
    }
    let json = serde_json::json!({
        "deck": c.id,
        "name": c.title,
        "cards": copies.len(),
        "face_pixels": [face_px.0, face_px.1],
        "sheets": sheets,
        "back": back_name,
        "unique_backs": false,
    });
    files.push(Output {
        path: dir.join(format!("{}.json", c.id)),
        bytes: format!(
            "{}\n",
            serde_json::to_string_pretty(&json).unwrap_or_default()
        )
        .into_bytes(),
    });
    Ok(files)
}

/// What `ludopress export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Faces for print-on-demand services.
    Pod,
    /// Deck sheets for Tabletop Simulator.
    Tts,
}

impl Kind {
    /// The folder under `<out>/<game>/exports/`.
    pub fn folder(self) -> &'static str {
        match self {
            Kind::Pod => "pod",
            Kind::Tts => "tts",
        }
    }
}

/// One export written: game, kind, folder, files and bytes.
pub type Written = (String, Kind, PathBuf, usize, u64);

/// Exports `games` (each of their languages, or `lang`) into `<out>/<game>/exports/<kind>/`:
/// every definition is read and every image made before anything is written, and each folder
/// is replaced as a whole.
pub fn export_games(
    project: &crate::definition::Project,
    games: &[String],
    kinds: &[Kind],
    dpi: f64,
    lang: Option<Lang>,
    out: &std::path::Path,
) -> Result<Vec<Written>, crate::build::Error> {
    use crate::build::Error;
    let lib = project.library()?;
    let mut loaded = Vec::new();
    let mut diags = crate::diag::Diagnostics::default();
    for g in games {
        match crate::engine::load_definition(project, g, &lib) {
            Ok(game) => loaded.push(game),
            Err(d) => diags.0.extend(d.0),
        }
    }
    if !diags.is_empty() {
        return Err(Error::Input(diags));
    }
    let mut staged = Vec::new();
    for game in &loaded {
        let langs = crate::build::build_langs(game, lang);
        for &kind in kinds {
            let mut files = Vec::new();
            for &l in &langs {
                files.extend(
                    match kind {
                        Kind::Pod => pod(game, l, dpi),
                        Kind::Tts => tts(game, l, dpi),
                    }
                    .map_err(Error::Other)?,
                );
            }
            let sweep = if langs.len() < game.languages.len() {
                crate::output::Sweep::Keep
            } else {
                crate::output::Sweep::Stale
            };
            let dir = out.join(&game.id).join("exports").join(kind.folder());
            staged.push((game.id.clone(), kind, dir, files, sweep));
        }
    }
    let mut written = Vec::new();
    for (id, kind, dir, files, sweep) in staged {
        let bytes = crate::output::publish(&dir, &files, sweep).map_err(|e| {
            Error::Other(format!("{e}; the exports of `{id}` were left as they were"))
        })?;
        written.push((id, kind, dir, files.len(), bytes));
    }
    Ok(written)
}
