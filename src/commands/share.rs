//! Exports for the other ways people print and play: each face as an image with its bleed for
//! print-on-demand services (at a print shop's sizes with `--preset`), PDF/X-4 files for print
//! shops (`--press`, see [`crate::export::press`]), and deck sheets for Tabletop Simulator.

use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::base::units::Mm;
use crate::definition::model::Game;
use crate::export::press::{self, Preset};
use crate::export::{pdf, png, svg};
use crate::make::{printed, Output, Printed};
use crate::scene::{Affine, Scene};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Most columns and rows of a Tabletop Simulator deck sheet.
pub const TTS_GRID: (usize, usize) = (10, 7);
/// Widest and highest deck sheet, pixels: 4,096 is the size Tabletop Simulator loads on every
/// machine (larger sheets fail on some graphics cards); a sheet that would pass it is drawn at
/// a lower resolution, the same for all its faces.
pub const TTS_MAX_PX: u32 = 4096;

/// Lowest and highest resolution of the exported images, dots per inch.
pub const DPI_RANGE: std::ops::RangeInclusive<f64> = 72.0..=1200.0;

/// Most pixels of one exported image: 120 million (about 11,000 × 11,000, a 93 cm square at
/// 300 dpi). Drawing one holds 7 bytes a pixel (the canvas and its RGB copy), so this bounds an
/// export's memory near 850 MB; a larger image is refused before it is drawn.
pub const MAX_EXPORT_PIXELS: u64 = 120_000_000;

/// Why an image of `w` × `h` mm (bleed included) of component `id` cannot be exported at
/// `dpi`: more pixels than [`MAX_EXPORT_PIXELS`]; the message says the resolution that fits.
fn over_budget(id: &str, (w, h): (f64, f64), dpi: f64) -> Option<Error> {
    let (pw, ph) = (px(w, dpi), px(h, dpi));
    let pixels = u64::from(pw) * u64::from(ph);
    if pixels <= MAX_EXPORT_PIXELS {
        return None;
    }
    let fits = (dpi * (MAX_EXPORT_PIXELS as f64 / pixels as f64).sqrt()).floor();
    Some(Error::limit(
        format!(
            "`{id}` would be one image of {pw} × {ph} pixels ({} million) at {} dpi",
            pixels / 1_000_000,
            (dpi * 10.0).round() / 10.0,
        ),
        format!(
            "{} million pixels an exported image may have: export at {fits} dpi or less (`--dpi {fits}`)",
            MAX_EXPORT_PIXELS / 1_000_000
        ),
    ))
}

/// The first component of `game` in `lang` whose print-on-demand image would pass the pixel
/// budget at `dpi`, said as an error (checked before any image is drawn).
pub fn pod_too_large(game: &Game, lang: Lang, dpi: f64) -> Option<Error> {
    printed(game, lang).iter().find_map(|c| {
        over_budget(
            &c.id,
            (c.size.0 + 2.0 * c.bleed, c.size.1 + 2.0 * c.bleed),
            dpi,
        )
    })
}

/// Pixels for `mm` at `dpi`, rounded.
fn px(mm: f64, dpi: f64) -> u32 {
    Mm(mm).in_px(dpi).round().max(1.0) as u32
}

/// A face with its bleed around it, as an image of exactly its size at `dpi`; with a preset,
/// the face on the preset's page (its card size and bleed; the band its own bleed leaves
/// filled as its [`press::Edge`] says).
fn face_png(
    face: &Scene,
    size: (f64, f64),
    bleed: f64,
    dpi: f64,
    fit: Option<(&press::Fit, &press::Edge)>,
) -> Result<Vec<u8>, Error> {
    let s = match fit {
        Some((f, edge)) => press::page(face, size, bleed, f, edge),
        None => {
            let (w, h) = (size.0 + 2.0 * bleed, size.1 + 2.0 * bleed);
            let mut s = Scene::new(w, h);
            s.place(face.clone(), Affine::translate(bleed, bleed), None);
            s
        }
    };
    png::render_px(&svg::to_svg(&s), (px(s.width, dpi), px(s.height, dpi)), dpi)
}

/// The safe zone a component declares, mm (decks, tile sets, pieces, boards and dice take one;
/// 0 for a mat).
fn own_safe(game: &Game, id: &str) -> f64 {
    let g = game;
    g.decks
        .iter()
        .find(|d| d.id == id)
        .map(|d| d.safe)
        .or_else(|| g.tilesets.iter().find(|t| t.id == id).map(|t| t.safe))
        .or_else(|| g.pieces.iter().find(|p| p.id == id).map(|p| p.safe))
        .or_else(|| g.boards.iter().find(|b| b.id == id).map(|b| b.safe))
        .or_else(|| g.dice.iter().find(|d| d.id == id).map(|d| d.safe))
        .unwrap_or(0.0)
}

/// How the band a component's own bleed leaves on a preset's page is filled: by its art past a
/// rectangle's edges or a triangle's sides, blank around another shape.
fn edge(game: &Game, id: &str, size: (f64, f64)) -> press::Edge {
    use crate::definition::model::PieceShape;
    if rectangular(game, id) {
        return press::Edge::Rect;
    }
    match game.pieces.iter().find(|p| p.id == id) {
        Some(p) if p.shape == PieceShape::Triangle => {
            let o = crate::layout::Outline::triangle(size.0);
            press::Edge::Polygon(o.parts.into_iter().flatten().collect())
        }
        _ => press::Edge::Paper,
    }
}

/// Whether a component is cut as a rectangle (cards, tiles, mats, square pieces, a square
/// board): the band its own bleed leaves on a preset's page is filled with its own bleed grown
/// or its face mirrored. A disc, a triangle, a die net or a board of another shape is not.
fn rectangular(game: &Game, id: &str) -> bool {
    use crate::definition::model::PieceShape;
    if let Some(p) = game.pieces.iter().find(|p| p.id == id) {
        return matches!(p.shape, PieceShape::Square | PieceShape::Brick);
    }
    if game.dice.iter().any(|d| d.id == id) {
        return false;
    }
    if let Some(b) = game.boards.iter().find(|b| b.id == id) {
        let o = crate::layout::board::outline(b);
        return o.parts.len() == 1 && o.parts[0].len() == 4;
    }
    true
}

/// The file stem of the back of face `stem`: `<component>-back` when every face of `c` has
/// that same back (written once), else `<stem>-back`.
fn back_stem(c: &Printed, stem: &str) -> String {
    let first = c.faces.first().and_then(|f| f.2.as_ref());
    if first.is_some() && c.faces.iter().all(|f| f.2.as_ref() == first) {
        format!("{}-back", c.id)
    } else {
        format!("{stem}-back")
    }
}

/// What a component's faces break of `preset` (safe zone, resolution), and how it is fitted,
/// as warnings naming the game and the component.
fn press_warnings(game: &Game, c: &Printed, preset: &Preset, fit: &press::Fit) -> Vec<String> {
    // Each finding with the faces it holds for (a back shared by every card once).
    let (mut text, mut art, mut low): (Vec<String>, Vec<String>, Vec<String>) = Default::default();
    let mut lowest: Option<f64> = None;
    let mut faces: Vec<(String, &Scene)> = Vec::new();
    for (stem, front, back, _) in &c.faces {
        faces.push((stem.clone(), front));
        if let Some(b) = back {
            let name = back_stem(c, stem);
            if !faces.iter().any(|(n, _)| n == &name) {
                faces.push((name, b));
            }
        }
    }
    for (name, f) in faces {
        let one = press::check(f, c.size, fit);
        if one.text_unsafe {
            text.push(name.clone());
        }
        if one.art_unsafe {
            art.push(name.clone());
        }
        if let Some(p) = one.lowest_ppi.filter(|&p| p < 299.5) {
            lowest = Some(lowest.map_or(p, |q: f64| q.min(p)));
            low.push(name);
        }
    }
    // `(on garden-carotte-primeur, garden-tomate-cerise and 8 more)`.
    let on = |names: &[String]| {
        let shown: Vec<&str> = names.iter().take(2).map(String::as_str).collect();
        match names.len() - shown.len() {
            0 => format!(" (on {})", shown.join(", ")),
            more => format!(" (on {} and {more} more)", shown.join(", ")),
        }
    };
    let at = format!("{} `{}` ({})", game.id, c.id, preset.name);
    let mut out = Vec::new();
    if !text.is_empty() {
        out.push(format!(
            "{at}: text reaches past the safe zone ({:.1} mm inside the cut){}: it may be cut off",
            fit.safe,
            on(&text)
        ));
    }
    if !art.is_empty() {
        out.push(format!(
            "{at}: a picture ends between the safe line ({:.1} mm inside the cut) and the cut{}: a drift of the cut shows it",
            fit.safe,
            on(&art)
        ));
    }
    if let Some(p) = lowest {
        out.push(format!(
            "{at}: a picture prints at {p:.0} ppi{}, under the 300 ppi a print shop asks for",
            on(&low)
        ));
    }
    if fit.card.is_none() {
        out.push(format!(
            "{at}: {:.1} × {:.1} mm is no card size of {}: it keeps its own size, with the preset's {:.2} mm bleed",
            c.size.0, c.size.1, preset.service, fit.bleed
        ));
    }
    if c.bleed + 1e-6 < fit.bleed / fit.scale {
        let need = (fit.bleed / fit.scale * 10.0).ceil() / 10.0;
        let (band, hint) = match edge(game, &c.id, c.size) {
            press::Edge::Paper => (
                "blank around its shape",
                format!("; give it a bleed of {need:.1} mm or more"),
            ),
            // A triangle takes no bleed of its own (its sides are shared on home sheets).
            press::Edge::Polygon(_) => ("its art mirrored across its sides", String::new()),
            press::Edge::Rect if 2.0 * c.bleed * fit.scale + 1e-6 >= fit.bleed => (
                "its own bleed, grown to the page",
                format!("; give it a bleed of {need:.1} mm or more"),
            ),
            press::Edge::Rect => (
                "its face mirrored across its edges",
                format!("; give it a bleed of {need:.1} mm or more"),
            ),
        };
        out.push(format!(
            "{at}: its own bleed ({:.1} mm) is less than the preset's {:.2} mm: the band left is {band}{hint}",
            c.bleed, fit.bleed,
        ));
    }
    out
}

/// Print-on-demand: every face (fronts and backs) of every component in `lang` as a PNG at
/// `dpi` with its bleed, under `<component>/`, and `quantities.txt` listing each
/// face, its size and how many copies to print.
pub fn pod(game: &Game, lang: Lang, dpi: f64) -> Result<Vec<Output>, Error> {
    pod_for(game, lang, dpi, None, &mut Vec::new())
}

/// [`pod`] at `preset`'s sizes when one is given (its warnings added to `warnings`).
pub fn pod_for(
    game: &Game,
    lang: Lang,
    dpi: f64,
    preset: Option<&Preset>,
    warnings: &mut Vec<String>,
) -> Result<Vec<Output>, Error> {
    let dir = PathBuf::new();
    let mut files = Vec::new();
    let mut list = format!(
        "# {} — print-on-demand faces at {} dpi, bleed included\n# file\tcopies\twidth × height mm (with bleed)\tpixels\n",
        game.title.get(lang),
        (dpi * 10.0).round() / 10.0
    );
    let components = printed(game, lang);
    // Every image's size is checked before the first is drawn.
    if let Some(why) = components.iter().find_map(|c| {
        over_budget(
            &c.id,
            (c.size.0 + 2.0 * c.bleed, c.size.1 + 2.0 * c.bleed),
            dpi,
        )
    }) {
        return Err(why);
    }
    for c in components {
        let fit = preset.map(|p| p.fit(c.size, own_safe(game, &c.id)));
        let edge = edge(game, &c.id, c.size);
        if let (Some(p), Some(f)) = (preset, &fit) {
            warnings.extend(press_warnings(game, &c, p, f));
        }
        let (w, h) = match &fit {
            Some(f) => (f.trim.0 + 2.0 * f.bleed, f.trim.1 + 2.0 * f.bleed),
            None => (c.size.0 + 2.0 * c.bleed, c.size.1 + 2.0 * c.bleed),
        };
        let dims = format!("{w:.1} × {h:.1}\t{} × {}", px(w, dpi), px(h, dpi));
        let mut backs: Vec<(String, usize)> = Vec::new();
        for (stem, front, back, n) in &c.faces {
            let name = dir.join(&c.id).join(format!("{stem}-front.png"));
            files.push(Output {
                bytes: face_png(
                    front,
                    c.size,
                    c.bleed,
                    dpi,
                    fit.as_ref().map(|f| (f, &edge)),
                )?,
                path: name.clone(),
            });
            let _ = writeln!(list, "{}\t{n}\t{dims}", slash(&name));
            if let Some(b) = back {
                // A back shared by every face is written once.
                let stem = back_stem(&c, stem);
                match backs.iter_mut().find(|(s, _)| *s == stem) {
                    Some(e) => e.1 += n,
                    None => {
                        files.push(Output {
                            bytes: face_png(
                                b,
                                c.size,
                                c.bleed,
                                dpi,
                                fit.as_ref().map(|f| (f, &edge)),
                            )?,
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
/// once, in order), the back as its own image, and `<deck>.json` with each sheet's grid. Faces are cut boxes without bleed, at `dpi` or less so that a sheet stays
/// within 8,192 pixels each way (the dpi used is in the JSON).
pub fn tts(game: &Game, lang: Lang, dpi: f64) -> Result<Vec<Output>, Error> {
    let dir = PathBuf::new();
    let mut files = Vec::new();
    for c in printed(game, lang).into_iter().filter(|c| c.deck) {
        files.extend(deck_sheets(&c, &dir, dpi)?);
    }
    Ok(files)
}

fn deck_sheets(c: &Printed, dir: &std::path::Path, dpi: f64) -> Result<Vec<Output>, Error> {
    let copies: Vec<&Scene> = c
        .faces
        .iter()
        .flat_map(|(_, f, _, n)| std::iter::repeat_n(f, *n))
        .collect();
    let per = TTS_GRID.0 * TTS_GRID.1;
    let cols = copies.len().clamp(1, TTS_GRID.0);
    let rows = copies.len().min(per).div_ceil(cols).max(1);
    // The largest sheet within the limit both ways (faces rounded down to whole pixels).
    let fit = |n: usize, mm: f64| (TTS_MAX_PX / n as u32) as f64 / Mm(mm).in_inches();
    let dpi = dpi.min(fit(cols, c.size.0)).min(fit(rows, c.size.1));
    let face_px = (
        (Mm(c.size.0).in_px(dpi).floor() as u32).max(1),
        (Mm(c.size.1).in_px(dpi).floor() as u32).max(1),
    );
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
    // Tabletop Simulator's deck import refuses a deck without a back image: a set without a
    // back gets a plain white one.
    let back = c.faces.first().and_then(|f| f.2.as_ref());
    let back_name = format!("{}-back.png", c.id);
    {
        let name = &back_name;
        let mut s = Scene::new(c.size.0, c.size.1);
        match back {
            Some(b) => s.place(
                b.clone(),
                Affine::IDENTITY,
                Some((0.0, 0.0, c.size.0, c.size.1)),
            ),
            None => s.push(crate::scene::Item::Path(crate::scene::Path {
                segs: crate::scene::shape::rect(0.0, 0.0, c.size.0, c.size.1),
                fill: Some(crate::base::color::Color::WHITE),
                stroke: None,
                finish: None,
            })),
        }
        files.push(Output {
            path: dir.join(name),
            bytes: png::render_px(&svg::to_svg(&s), face_px, dpi)?,
        });
    }
    let json = serde_json::json!({
        "deck": c.id,
        "dpi": (dpi * 10.0).round() / 10.0,
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
    /// PDF/X-4 files for a print shop ([`export_press`]).
    Press,
}

impl Kind {
    /// The folder under `<out>/<game>/exports/`.
    pub fn folder(self) -> &'static str {
        match self {
            Kind::Pod => "pod",
            Kind::Tts => "tts",
            Kind::Press => "press",
        }
    }
}

/// One export written: game, kind, folder, files and bytes (no files: the game has nothing of
/// that kind).
pub type Written = (String, Kind, PathBuf, usize, u64);

/// What stands in the way of writing `dir`: a file or a link among the folders from `out`
/// down to it.
fn writable(out: &std::path::Path, dir: &std::path::Path) -> Option<crate::base::diag::Diagnostic> {
    let mut at = PathBuf::new();
    let rel = dir.strip_prefix(out).unwrap_or(dir);
    for c in std::iter::once(out.as_os_str()).chain(rel.iter()) {
        at.push(c);
        match std::fs::symlink_metadata(&at) {
            Err(_) => return None,
            Ok(m) if m.is_dir() => {}
            Ok(m) => {
                let what = if m.file_type().is_symlink() {
                    "is a symbolic link: exports are written only into real folders"
                } else {
                    "is a file where the exports' folder goes"
                };
                return Some(crate::base::diag::Diagnostic::file(&at, what));
            }
        }
    }
    None
}

/// Exports `games` (each of their languages, or `lang`) into
/// `<out>/<game>/exports/<kind>/<lang>/`: every definition is read, every image made and every
/// folder checked before anything is written, and each language's folder is replaced as a whole.
pub fn export_games(
    project: &crate::definition::Project,
    games: &[String],
    kinds: &[Kind],
    dpi: f64,
    lang: Option<Lang>,
    out: &std::path::Path,
) -> Result<Vec<Written>, Error> {
    export_games_with(project, games, kinds, dpi, lang, out, None).map(|(w, _)| w)
}

/// [`export_games`] with print-on-demand images at `preset`'s sizes when one is given; returns
/// the preset's warnings too.
pub fn export_games_with(
    project: &crate::definition::Project,
    games: &[String],
    kinds: &[Kind],
    dpi: f64,
    lang: Option<Lang>,
    out: &std::path::Path,
    preset: Option<&Preset>,
) -> Result<(Vec<Written>, Vec<String>), Error> {
    let mut warnings = Vec::new();
    let (loaded, mut diags) = crate::make::load_games(project, games)?;
    if !diags.is_empty() {
        return Err(Error::Input(diags));
    }
    // The images' sizes first: a resolution too high for a component is refused before any
    // image is drawn, as bad input at the game's definition.
    if kinds.contains(&Kind::Pod) {
        for game in &loaded {
            for l in crate::make::build_langs(game, lang) {
                if let Some(why) = pod_too_large(game, l, dpi) {
                    diags.push(crate::base::diag::Diagnostic::file(
                        &project.game_file(&game.id),
                        why.to_string(),
                    ));
                    break;
                }
            }
        }
        if !diags.is_empty() {
            return Err(Error::Input(diags));
        }
    }
    let mut staged = Vec::new();
    for game in &loaded {
        for &kind in kinds {
            for l in crate::make::build_langs(game, lang) {
                let files = match kind {
                    Kind::Pod => pod_for(game, l, dpi, preset, &mut warnings),
                    Kind::Tts => tts(game, l, dpi),
                    // Written by `export_press`, into one folder per preset.
                    Kind::Press => Ok(Vec::new()),
                }?;
                // Print-on-demand images of a preset in a folder of their own.
                let mut dir = out.join(&game.id).join("exports").join(kind.folder());
                if let (Kind::Pod, Some(p)) = (kind, preset) {
                    dir = dir.join(p.name);
                }
                let dir = dir.join(l.code());
                if let Some(d) = writable(out, &dir) {
                    if !diags.0.iter().any(|e| e.path == d.path) {
                        diags.push(d);
                    }
                }
                staged.push((game.id.clone(), kind, dir, files));
            }
        }
    }
    if !diags.is_empty() {
        return Err(Error::Input(diags));
    }
    let mut written = Vec::new();
    for (id, kind, dir, files) in staged {
        if files.is_empty() {
            written.push((id, kind, dir, 0, 0));
            continue;
        }
        crate::base::output::make_output_folder(&project.root, &dir)?;
        let bytes = crate::base::output::publish(&dir, &files, crate::base::output::Sweep::Stale)
            .map_err(|e| {
            let done: Vec<String> = written
                .iter()
                .filter(|w: &&Written| w.3 > 0)
                .map(|w| w.2.display().to_string())
                .collect();
            let done = if done.is_empty() {
                "nothing else was written".to_string()
            } else {
                format!("already written: {}", done.join(", "))
            };
            Error::file(
                "",
                &e.path,
                format!("{}; this folder was left as it was; {done}", e.reason),
            )
        })?;
        written.push((id, kind, dir, files.len(), bytes));
    }
    Ok((written, said_once(warnings)))
}

/// Print shop: each component of `game` in `lang` as one PDF/X-4 file for `preset`
/// (`<component>-<lang>.pdf`), one face a page at the preset's trim and bleed, fronts and backs
/// in the preset's order; with `cmyk`, colours in DeviceCMYK under that total-ink limit.
/// Lines for `report.txt` (pages, sizes, highest ink) go to `report`, warnings to `warnings`.
pub fn press_files(
    game: &Game,
    lang: Lang,
    preset: &Preset,
    cmyk: Option<f64>,
    date: Option<i64>,
    warnings: &mut Vec<String>,
    report: &mut String,
) -> Vec<Output> {
    let mut files = Vec::new();
    for c in printed(game, lang) {
        let fit = preset.fit(c.size, own_safe(game, &c.id));
        warnings.extend(press_warnings(game, &c, preset, &fit));
        let edge = edge(game, &c.id, c.size);
        let page = |s: &Scene| press::page(s, c.size, c.bleed, &fit, &edge);
        let mut fronts = Vec::new();
        let mut backs = Vec::new();
        // How many of each face to order, when the file holds each face once.
        let mut copies_of = Vec::new();
        for (stem, front, back, n) in &c.faces {
            let copies = if preset.every_copy { *n } else { 1 };
            copies_of.push((fronts.len(), stem, *n));
            for _ in 0..copies {
                fronts.push(page(front));
                backs.push(back.as_ref().map(page));
            }
        }
        let pages: Vec<&Scene> = match preset.order {
            press::Order::Interleaved => fronts
                .iter()
                .zip(&backs)
                .flat_map(|(f, b)| std::iter::once(f).chain(b.as_ref()))
                .collect(),
            press::Order::FrontsThenBacks => fronts.iter().chain(backs.iter().flatten()).collect(),
        };
        let meta = pdf::Meta {
            title: format!("{} — {}", game.title.get(lang), c.title),
            author: game.about.designer.clone().unwrap_or_default(),
            subject: format!("{} ({})", preset.service, preset.name),
            lang: Some(lang.code().into()),
            compress: true,
        };
        let extra = pdf::Extra {
            date,
            press: Some(pdf::Press {
                bleed: fit.bleed,
                cmyk,
            }),
        };
        let made = pdf::to_pdf_with(&pages, &meta, &extra);
        let name = format!("{}-{}.pdf", c.id, lang.code());
        let (pw, ph) = (fit.trim.0 + 2.0 * fit.bleed, fit.trim.1 + 2.0 * fit.bleed);
        let _ = writeln!(
            report,
            "{name}\t{} page{}\ttrim {:.2} × {:.2} mm ({})\twith bleed {:.2} × {:.2} mm = {} × {} px at {} dpi\t{}",
            pages.len(),
            if pages.len() == 1 { "" } else { "s" },
            fit.trim.0,
            fit.trim.1,
            fit.card.unwrap_or("own size"),
            pw,
            ph,
            px(pw, preset.dpi),
            px(ph, preset.dpi),
            preset.dpi,
            match (made.max_ink, cmyk) {
                (Some(i), Some(limit)) => format!("CMYK, highest ink {i:.0} % (limit {limit:.0} %)"),
                _ => "RGB (sRGB output intent)".into(),
            }
        );
        let sided = if backs.iter().any(Option::is_some) {
            2
        } else {
            1
        };
        if preset.every_copy {
            let total: usize = copies_of.iter().map(|c| c.2).sum();
            let _ = writeln!(report, "\tevery copy on its own pages: {total} copies");
        } else {
            for (i, stem, n) in &copies_of {
                // The face's first page: fronts and backs interleaved, or every front first.
                let at = match preset.order {
                    press::Order::Interleaved => i * sided + 1,
                    press::Order::FrontsThenBacks => i + 1,
                };
                let _ = writeln!(report, "\tpage {at}: {stem} × {n}");
            }
        }
        files.push(Output {
            path: PathBuf::from(name),
            bytes: made.bytes,
        });
    }
    files
}

/// What `report.txt` says of RGB press files: their output intent is a display profile, and a
/// shop's own conversion prints their black as four inks.
const RGB_NOTE: &str =
    "# colour: RGB, with sRGB (a display profile) as output intent. A shop's default conversion \
to CMYK prints black text and lines as a rich black of four inks (about C69 M66 Y68 K77), which \
blurs small text when the plates shift. `export --press --cmyk` converts with FOGRA39 and puts \
text, lines and greys on black (K) only (files in <preset>-cmyk/).\n";

/// Writes the press files of `games` for `preset` into `<out>/<game>/exports/press/<preset>/`
/// (`<preset>-cmyk/` with `cmyk`; every language of the game, or `lang`), with `report.txt`; returns what was written and
/// the warnings. Dates: `SOURCE_DATE_EPOCH`, else the newest file of the game's folder.
pub fn export_press(
    project: &crate::definition::Project,
    games: &[String],
    preset: &Preset,
    cmyk: Option<f64>,
    lang: Option<Lang>,
    out: &std::path::Path,
) -> Result<(Vec<Written>, Vec<String>), Error> {
    let (loaded, diags) = crate::make::load_games(project, games)?;
    if !diags.is_empty() {
        return Err(Error::Input(diags));
    }
    let mut warnings = Vec::new();
    let mut written = Vec::new();
    for game in &loaded {
        let date = game.date;
        let mut report = format!(
            "# {} — {} ({}): file\tpages\ttrim\tsize with bleed\tcolour\n",
            game.title.get(game.languages[0]),
            preset.service,
            preset.name
        );
        if cmyk.is_none() {
            report.push_str(RGB_NOTE);
        }
        let mut files = Vec::new();
        for l in crate::make::build_langs(game, lang) {
            files.extend(press_files(
                game,
                l,
                preset,
                cmyk,
                date,
                &mut warnings,
                &mut report,
            ));
        }
        files.push(Output {
            path: PathBuf::from("report.txt"),
            bytes: report.into_bytes(),
        });
        // RGB and CMYK files side by side, never over each other.
        let folder = match cmyk {
            Some(_) => format!("{}-cmyk", preset.name),
            None => preset.name.to_string(),
        };
        let dir = out
            .join(&game.id)
            .join("exports")
            .join("press")
            .join(folder);
        if let Some(d) = writable(out, &dir) {
            return Err(Error::Input(d.into()));
        }
        crate::base::output::make_output_folder(&project.root, &dir)?;
        let bytes = crate::base::output::publish(&dir, &files, crate::base::output::Sweep::Stale)
            .map_err(|e| Error::file("", &e.path, e.reason))?;
        written.push((game.id.clone(), Kind::Press, dir, files.len(), bytes));
    }
    Ok((written, said_once(warnings)))
}

/// Warnings without repeats, in the order first said (a face's warning holds in each of the
/// game's languages alike).
fn said_once(warnings: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    warnings
        .into_iter()
        .filter(|w| seen.insert(w.clone()))
        .collect()
}
