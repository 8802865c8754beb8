//! The build: every component of a game laid out, imposed on sheets and exported.
//!
//! Every definition and rulebook is validated before anything is written. Then each file is
//! written the moment it is made ([`crate::base::output::Stream`]): whole (a temporary, then a rename),
//! early (the first faces reach the disk at once), and never held with the others in memory.
//! A build that fails part-way leaves whole files, some new and the others as they were.

pub mod gallery;
pub mod watch;

use crate::base::lang::Lang;
use crate::definition::model::{Game, PieceShape};
use crate::export::{pdf, png, svg};
use crate::layout;
use crate::scene::Scene;
use crate::sheet::{self, Flip, Paper, SheetSpec, Slot};
use std::path::{Path, PathBuf};

/// Build settings.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Papers to impose on (default: A4 and Letter).
    pub papers: Vec<Paper>,
    /// Language of player-facing text; `None` (the default) builds each of the game's languages.
    /// Every language's files carry its code, so builds in two languages never overwrite each
    /// other.
    pub lang: Option<Lang>,
    /// Duplex flip for backs (default: long edge).
    pub flip: Flip,
    /// Scale boards down to one sheet instead of splitting them (default: off).
    pub fit: bool,
    /// Write PNG previews (default: on).
    pub previews: bool,
    /// Treat warnings (text that does not fit, characters the font lacks) as errors.
    pub strict: bool,
    /// Build only these components' faces (`deck`, `board`, a card as `deck/card`, a tile as
    /// `tiles/03`): no sheet, print file or rulebook, and nothing else of the folder removed.
    /// Empty: everything.
    pub only: Vec<String>,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            papers: Paper::ALL.to_vec(),
            lang: None,
            flip: Flip::LongEdge,
            fit: false,
            previews: true,
            strict: false,
            only: Vec::new(),
        }
    }
}

pub use crate::base::output::Output;

/// A printable component group as imposed.
#[derive(Clone)]
enum Imposed {
    /// Small components packed on sheets.
    Batch(sheet::Batch),
    /// One large drawing cut along its outline, split or fitted.
    Large(Scene, layout::Outline),
}

/// A component group: its name, the distinct faces for component files, and how it is imposed.
#[derive(Clone)]
struct Group {
    title: String,
    faces: Vec<(String, Scene)>,
    imposed: Imposed,
    /// Played on a board: scaled with it under `--fit`.
    on_board: bool,
    /// The component's id (`actions`), for export folders.
    id: String,
    /// Each distinct front in slot order: its file stem and how many copies follow.
    copies: Vec<(String, usize)>,
    /// A deck or tile set: exported as Tabletop Simulator deck sheets.
    deck: bool,
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

fn groups(game: &Game, lang: Lang) -> Vec<Group> {
    let mut out = Vec::new();
    for b in &game.boards {
        let art = layout::board_face::face(b, lang).shared();
        for _ in 0..b.count {
            out.push(Group {
                title: b.name.get(lang).to_string(),
                faces: vec![(b.id.clone(), art.clone())],
                imposed: Imposed::Large(art.clone(), layout::board::outline(b)),
                on_board: false,
                id: b.id.clone(),
                copies: vec![(b.id.clone(), 1)],
                deck: false,
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
        });
    }
    for d in &game.decks {
        let back = layout::card::back(&d.back, d.width, d.height, d.bleed, lang).shared();
        let mut faces = vec![(format!("{}-back", d.id), back.clone())];
        let mut slots = Vec::new();
        let mut copies = Vec::new();
        for c in &d.cards {
            let front = layout::card::face(c, &d.style, d.width, d.height, d.bleed, lang).shared();
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
        });
    }
    for t in &game.tilesets {
        let back = t
            .back
            .as_ref()
            .map(|b| layout::card::back(b, t.size, t.size, 0.0, lang).shared());
        let mut faces = Vec::new();
        if let Some(b) = &back {
            faces.push((format!("{}-back", t.id), b.clone()));
        }
        let mut slots = Vec::new();
        let mut copies = Vec::new();
        for (i, tile) in t.tiles.iter().enumerate() {
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
            imposed: batch(&title, slots, (t.size, t.size), 0.0, true),
            title,
            faces,
            on_board: true,
            id: t.id.clone(),
            copies,
            deck: true,
        });
    }
    for pc in &game.pieces {
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
            _ => batch(&title, slots, pc.extent(), 0.0, true),
        };
        out.push(Group {
            title,
            faces,
            imposed,
            on_board: true,
            id: pc.id.clone(),
            copies: vec![(pc.id.clone(), pc.count)],
            deck: false,
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
        let mut imposed = batch(&title, slots, (net.width, net.height), 0.0, false);
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
        });
    }
    out
}

/// What `--only` picked in a game: components whole (by id), and single faces (by file stem).
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Components all of whose faces are written.
    pub whole: std::collections::BTreeSet<String>,
    /// Faces written on their own (`deck-card`, `tiles-03`).
    pub faces: std::collections::BTreeSet<String>,
}

impl Selection {
    fn keeps(&self, component: &str, stem: &str) -> bool {
        self.whole.contains(component) || self.faces.contains(stem)
    }
}

/// The game cut down to the components `ids` name (a card keeps its deck with that card only),
/// and what to write of them; an id that names nothing is an error listing what there is.
pub fn select(game: &Game, ids: &[String]) -> Result<(Game, Selection), String> {
    let mut sel = Selection::default();
    let mut cards: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
    let components: Vec<&str> = game
        .boards
        .iter()
        .map(|b| b.id.as_str())
        .chain(game.mats.iter().map(|m| m.id.as_str()))
        .chain(game.decks.iter().map(|d| d.id.as_str()))
        .chain(game.tilesets.iter().map(|t| t.id.as_str()))
        .chain(game.pieces.iter().map(|p| p.id.as_str()))
        .chain(game.dice.iter().map(|d| d.id.as_str()))
        .collect();
    let unknown = |what: String| {
        format!(
            "{what}: the components of `{}` are {}; a card is `deck/card`, a tile `tiles/03`",
            game.id,
            components
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    for id in ids {
        match id.split_once('/') {
            None if components.contains(&id.as_str()) => {
                sel.whole.insert(id.clone());
            }
            None => return Err(unknown(format!("no component `{id}`"))),
            Some((deck, card)) => {
                if let Some(d) = game.decks.iter().find(|d| d.id == deck) {
                    if !d.cards.iter().any(|c| c.id == card) {
                        return Err(format!(
                            "deck `{deck}` has no card `{card}`; its cards are {}",
                            d.cards
                                .iter()
                                .take(12)
                                .map(|c| format!("`{}`", c.id))
                                .collect::<Vec<_>>()
                                .join(", ")
                                + if d.cards.len() > 12 { ", …" } else { "" }
                        ));
                    }
                    cards.entry(deck).or_default().push(card);
                    sel.faces.insert(format!("{deck}-{card}"));
                } else if let Some(t) = game.tilesets.iter().find(|t| t.id == deck) {
                    let digits = !card.is_empty() && card.bytes().all(|b| b.is_ascii_digit());
                    let n: usize = if digits { card.parse().unwrap_or(0) } else { 0 };
                    if n == 0 || n > t.tiles.len() {
                        return Err(format!(
                            "tile set `{deck}` has tiles 01 to {:02}, not `{card}`",
                            t.tiles.len()
                        ));
                    }
                    sel.faces.insert(format!("{deck}-{n:02}"));
                    // Tiles are numbered in their set: the set is kept whole.
                    cards.entry(deck).or_default();
                } else {
                    return Err(unknown(format!("no deck or tile set `{deck}`")));
                }
            }
        }
    }
    let mut g = game.clone();
    let keep = |id: &str| sel.whole.contains(id) || cards.contains_key(id);
    g.boards.retain(|b| keep(&b.id));
    g.mats.retain(|m| keep(&m.id));
    g.tilesets.retain(|t| keep(&t.id));
    g.pieces.retain(|p| keep(&p.id));
    g.dice.retain(|d| keep(&d.id));
    g.decks.retain(|d| keep(&d.id));
    for d in &mut g.decks {
        if let Some(picked) = cards
            .get(d.id.as_str())
            .filter(|_| !sel.whole.contains(&d.id))
        {
            d.cards.retain(|c| picked.contains(&c.id.as_str()));
        }
    }
    Ok((g, sel))
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
                    0.0,
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

/// Joins neighbouring one-sided groups imposed alike (same size, bleed and shape) so that,
/// e.g., light and dark pawns share one block and its cut lines.
fn merge_grids(groups: &[Group]) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for g in groups {
        if let (Some(last), Imposed::Batch(b)) = (out.last_mut(), &g.imposed) {
            if let Imposed::Batch(lb) = &mut last.imposed {
                let one_sided = b.slots.iter().chain(&lb.slots).all(|s| s.back.is_none());
                let alike = (lb.size, lb.bleed, lb.shape) == (b.size, b.bleed, b.shape)
                    && lb.outline == b.outline;
                if alike && one_sided && last.on_board == g.on_board {
                    lb.slots.extend(b.slots.iter().cloned());
                    last.title = format!("{}, {}", last.title, g.title);
                    lb.title = last.title.clone();
                    continue;
                }
            }
        }
        out.push(g.clone());
    }
    out
}

/// Scales a batch's components by `k` (pieces and tiles shrink with the board they are played
/// on under `--fit`).
fn scaled(b: &sheet::Batch, k: f64, lang: Lang) -> sheet::Batch {
    let shrink = |s: &Scene| {
        let mut out = Scene::new(s.width * k, s.height * k);
        out.place(
            s.with_min_text(k, sheet::MIN_CAPTION),
            crate::scene::Affine::scale(k),
            None,
        );
        out
    };
    sheet::Batch {
        title: format!("{} · {}", b.title, sheet::percent(k, lang)),
        slots: b
            .slots
            .iter()
            .map(|s| Slot {
                front: shrink(&s.front),
                back: s.back.as_ref().map(shrink),
            })
            .collect(),
        size: (b.size.0 * k, b.size.1 * k),
        bleed: b.bleed * k,
        shape: b.shape,
        outline: b.outline.moved(crate::scene::Affine::scale(k)),
    }
}

/// Resolution of sheet previews, dots per inch.
pub const SHEET_DPI: f64 = 50.0;
/// Resolution of component previews, dots per inch.
pub const COMPONENT_DPI: f64 = 100.0;

/// Where a build's files go: into the output folder the moment each is ready
/// ([`crate::base::output::Stream`]), or into memory ([`Collect`]).
pub trait Sink: Sync {
    /// Takes one file, its path relative to the game's folder.
    fn put(&self, path: &Path, bytes: Vec<u8>) -> Result<(), String>;
}

impl Sink for crate::base::output::Stream {
    fn put(&self, path: &Path, bytes: Vec<u8>) -> Result<(), String> {
        crate::base::output::Stream::put(self, path, &bytes).map_err(|e| e.to_string())
    }
}

/// Files kept in memory.
#[derive(Default)]
pub struct Collect(std::sync::Mutex<Vec<Output>>);

impl Sink for Collect {
    fn put(&self, path: &Path, bytes: Vec<u8>) -> Result<(), String> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(Output {
                path: path.to_path_buf(),
                bytes,
            });
        Ok(())
    }
}

impl Collect {
    /// The files, by path.
    pub fn into_files(self) -> Vec<Output> {
        let mut files = self.0.into_inner().unwrap_or_else(|p| p.into_inner());
        files.sort_by(|a, b| a.path.cmp(&b.path));
        files
    }
}

/// Produces every output of a game in memory (the components, sheets and print PDFs, with
/// previews when asked for), sorted by path.
pub fn render_game(game: &Game, opts: &BuildOptions) -> Result<Vec<Output>, String> {
    let sink = Collect::default();
    game_job(game, opts, &sink, 1, None)()?;
    Ok(sink.into_files())
}

/// A unit of work for [`parallel`].
pub type Job<'a, T> = Box<dyn FnOnce() -> T + Send + 'a>;

/// Runs jobs on `threads` threads, taking them in order, and returns their results in order.
///
/// A job that panics does not take its results down silently: the other jobs still run, and the
/// whole call fails with the panic's message (the caller reports it and exits with status 1).
pub fn parallel<T: Send>(jobs: Vec<Job<'_, T>>, threads: usize) -> Result<Vec<T>, String> {
    let n = jobs.len();
    let queue = std::sync::Mutex::new(jobs.into_iter().enumerate());
    let mut results: Vec<(usize, Result<T, String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, n.max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let next = queue.lock().map(|mut q| q.next()).unwrap_or(None);
                        let Some((i, job)) = next else { break };
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
                            .map_err(|e| panic_message(e.as_ref()));
                        done.push((i, result));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|e| vec![(usize::MAX, Err(panic_message(e.as_ref())))])
            })
            .collect()
    });
    results.sort_by_key(|r| r.0);
    if results.len() != n {
        return Err(format!("{} of {n} build jobs were lost", n - results.len()));
    }
    results
        .into_iter()
        .map(|r| r.1.map_err(|e| format!("a build job failed: {e}")))
        .collect()
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// The languages a build writes for `game`: the one asked for (when the game has it), or all of
/// the game's.
pub fn build_langs(game: &Game, asked: Option<Lang>) -> Vec<Lang> {
    match asked {
        Some(l) => game.languages.iter().copied().filter(|&g| g == l).collect(),
        None => game.languages.clone(),
    }
}

/// The job that writes a game's components and sheets into `sink`: for each language in turn,
/// its faces are laid out once, then `components/<lang>/` (every distinct face as SVG, and PNG
/// when previews are on) is written beside (on up to `threads` threads), for each paper in turn,
/// `sheets/<lang>/` and `<game>-<lang>-<paper>.pdf`. Each file is handed to the sink as soon as
/// it is made; one language's faces are in memory at a time.
pub fn game_job<'a>(
    game: &'a Game,
    opts: &'a BuildOptions,
    sink: &'a dyn Sink,
    threads: usize,
    only: Option<&'a Selection>,
) -> Job<'a, Result<(), String>> {
    Box::new(move || {
        for lang in build_langs(game, opts.lang) {
            let groups = groups(game, lang);
            let groups = &groups;
            if only.is_some() {
                write_faces(groups, opts, lang, sink, only)?;
                continue;
            }
            // The faces beside the papers, the papers one after the other: a print file's
            // pages and PDF are the largest things a build holds.
            let parts: Vec<Job<'_, Result<(), String>>> = vec![
                Box::new(move || write_faces(groups, opts, lang, sink, None)),
                Box::new(move || {
                    opts.papers
                        .iter()
                        .try_for_each(|&paper| write_sheets(game, groups, opts, lang, paper, sink))
                }),
            ];
            parallel(parts, threads)?
                .into_iter()
                .collect::<Result<(), String>>()?;
        }
        Ok(())
    })
}

/// The pages of a game's print file on one paper, in print order: the guide, then every
/// component imposed, with blank backs when the file prints double-sided.
pub fn print_sheets(
    game: &Game,
    opts: &BuildOptions,
    lang: Lang,
    paper: Paper,
) -> Vec<sheet::Sheet> {
    sheets_of(game, &groups(game, lang), opts, lang, paper)
}

fn sheets_of(
    game: &Game,
    groups: &[Group],
    opts: &BuildOptions,
    lang: Lang,
    paper: Paper,
) -> Vec<sheet::Sheet> {
    let spec = SheetSpec {
        paper,
        style: game.sheet,
        flip: opts.flip,
        lang,
    };
    let title = game.title.get(lang);
    let front = crate::rulebook::Front::of(game, lang);
    let merged = merge_grids(groups);
    // Under `--fit`, what is played on a board shrinks as much as the board.
    let board_scale = if opts.fit {
        merged
            .iter()
            .filter_map(|g| match &g.imposed {
                Imposed::Large(art, _) => Some(sheet::fit_scale(art.width, art.height, &spec).1),
                _ => None,
            })
            .fold(1.0, f64::min)
    } else {
        1.0
    };
    let mut drafts = Vec::new();
    let mut batches = Vec::new();
    let mut parts_of = std::collections::BTreeMap::new();
    for g in &merged {
        match &g.imposed {
            Imposed::Large(art, outline) => {
                let parts = sheet::tiled(art, outline, &spec, &g.title, opts.fit);
                parts_of.insert(g.title.clone(), parts.len());
                drafts.extend(parts);
            }
            Imposed::Batch(b) => batches.push(if g.on_board && board_scale < 1.0 {
                scaled(b, board_scale, lang)
            } else {
                b.clone()
            }),
        }
    }
    // The checklist names each component as defined, before groups were joined.
    let mut checklist: Vec<(usize, String, Option<String>)> = Vec::new();
    for g in groups {
        let (n, note) = match &g.imposed {
            Imposed::Large(..) => {
                let parts = parts_of.get(&g.title).copied().unwrap_or(1);
                let note = (parts > 1).then(|| match lang {
                    Lang::Fr => format!("{parts} parties à assembler"),
                    Lang::En => format!("{parts} parts to join"),
                });
                (1, note)
            }
            Imposed::Batch(b) => {
                let two_sided = b.slots.iter().any(|s| s.back.is_some());
                let note = two_sided.then(|| match lang {
                    Lang::Fr => "recto verso".to_string(),
                    Lang::En => "two-sided".to_string(),
                });
                (b.slots.len(), note)
            }
        };
        match checklist.iter_mut().find(|c| c.1 == g.title && c.2 == note) {
            Some(c) => c.0 += n,
            None => checklist.push((n, g.title.clone(), note)),
        }
    }
    drafts.extend(sheet::pack::pack(&batches, &spec));
    let guide = sheet::guide::GuideInfo {
        title: title.to_string(),
        facts: front.facts.clone(),
        credits: front.credits.clone(),
        components: checklist,
    };
    sheet::finish(drafts, &spec, title, Some(&guide))
}

/// Writes each distinct face of `groups` (those `only` names, when given) as
/// `components/<lang>/<stem>.svg`, with its PNG preview when previews are on.
fn write_faces(
    groups: &[Group],
    opts: &BuildOptions,
    lang: Lang,
    sink: &dyn Sink,
    only: Option<&Selection>,
) -> Result<(), String> {
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

/// Writes the pages of the print file on `paper` (each as `sheets/<lang>/<paper>-NN.svg`, and
/// PNG when previews are on) and the print PDF.
fn write_sheets(
    game: &Game,
    groups: &[Group],
    opts: &BuildOptions,
    lang: Lang,
    paper: Paper,
    sink: &dyn Sink,
) -> Result<(), String> {
    let code = lang.code();
    let title = game.title.get(lang);
    let sheets = sheets_of(game, groups, opts, lang, paper);
    let mut drawn = Drawn::default();
    // One file per page with something on it, numbered as in the PDF.
    for (i, s) in sheets.iter().enumerate() {
        if s.side == sheet::Side::Blank {
            continue;
        }
        let stem = format!(
            "sheets/{code}/{}-{:02}{}",
            paper.name(),
            i + 1,
            match s.side {
                sheet::Side::Back => "-back",
                sheet::Side::Guide => "-guide",
                _ => "",
            }
        );
        // Pages alike (a deck's backs) are drawn once.
        write_scene(
            sink,
            opts.previews.then_some(&mut drawn),
            &stem,
            &s.scene,
            SHEET_DPI,
        )?;
    }
    let pages: Vec<&Scene> = sheets.iter().map(|s| &s.scene).collect();
    let meta = pdf::Meta {
        title: format!(
            "{title} — {} ({})",
            match lang {
                Lang::Fr => "à imprimer et jouer",
                Lang::En => "print and play",
            },
            paper.name()
        ),
        author: game.about.designer.clone().unwrap_or_default(),
        subject: match lang {
            Lang::Fr => "Planches à imprimer, découper et jouer".into(),
            Lang::En => "Sheets to print, cut and play".into(),
        },
        lang: Some(code.into()),
        compress: true,
    };
    let path = PathBuf::from(format!("{}-{code}-{}.pdf", game.id, paper.name()));
    sink.put(&path, pdf::to_pdf(&pages, &meta))
}

/// The last few previews drawn, by the fingerprint of their SVG: scenes alike (a deck's backs
/// on page after page) are drawn once.
#[derive(Default)]
struct Drawn(Vec<(u64, Vec<u8>)>);

impl Drawn {
    /// How many are kept: alike scenes follow one another.
    const KEPT: usize = 4;
}

/// Writes `<stem>.svg` for a scene and, with previews (`drawn`), `<stem>.png` drawn at `dpi`, or
/// taken from `drawn` when the same SVG was drawn just before.
fn write_scene(
    sink: &dyn Sink,
    drawn: Option<&mut Drawn>,
    stem: &str,
    scene: &Scene,
    dpi: f64,
) -> Result<(), String> {
    let text = svg::to_svg(scene);
    let key = crate::scene::fnv(text.as_bytes());
    sink.put(Path::new(&format!("{stem}.svg")), text.into_bytes())?;
    if let Some(drawn) = drawn {
        let png = match drawn.0.iter().find(|d| d.0 == key) {
            Some(d) => d.1.clone(),
            None => {
                let png = png::render_scene(scene, dpi).map_err(|e| e.to_string())?;
                if drawn.0.len() == Drawn::KEPT {
                    drawn.0.remove(0);
                }
                drawn.0.push((key, png.clone()));
                png
            }
        };
        sink.put(Path::new(&format!("{stem}.png")), png)?;
    }
    Ok(())
}

/// The rulebooks of a game (each of its languages whose `games/<game>/rules.<lang>.md`
/// exists), parsed and with every example validated; `root` is the project root. A rulebook in a
/// language the game does not declare is an error, not a file left aside.
pub fn load_rulebooks(
    root: &Path,
    game: &Game,
    engine: Option<&crate::rules::engine::Engine>,
) -> Result<Vec<crate::rulebook::Rulebook>, crate::base::diag::Diagnostics> {
    let mut books = Vec::new();
    let mut diags = crate::base::diag::Diagnostics::default();
    for lang in Lang::ALL {
        let file = crate::rulebook::source_path(root, &game.id, lang);
        if !file.is_file() {
            continue;
        }
        if !game.languages.contains(&lang) {
            diags.push(crate::base::diag::Diagnostic::file(
                &file,
                format!(
                    "a rulebook in `{lang}`, which is not among the game's languages ({}): add it to `[game] languages` in game.toml",
                    game.languages.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ")
                ),
            ));
            continue;
        }
        // Paths as the user can open them: relative to the working folder, through `--root`.
        let shown = if root == Path::new(".") {
            Path::new("games")
                .join(&game.id)
                .join(format!("rules.{}.md", lang.code()))
        } else {
            file.clone()
        };
        match crate::rulebook::load(engine, game, &file, &shown, lang) {
            Ok(b) => books.push(b),
            Err(d) => diags.0.extend(d.0),
        }
    }
    diags.finish(books)
}

/// The rulebook outputs: a PDF per paper, the HTML page, and each diagram as an SVG.
pub fn render_rulebook(
    game: &Game,
    book: &crate::rulebook::Rulebook,
    papers: &[Paper],
    report: Option<&crate::analysis::report::Report>,
) -> Vec<Output> {
    let mut files: Vec<Output> = papers
        .iter()
        .map(|&p| rulebook_pdf(game, book, p))
        .collect();
    files.extend(rulebook_web(game, book, report));
    files
}

/// A rulebook's PDF on one paper.
pub fn rulebook_pdf(game: &Game, book: &crate::rulebook::Rulebook, paper: Paper) -> Output {
    let front = crate::rulebook::Front::of(game, book.lang);
    let pages = crate::rulebook::pages::layout(book, &front, paper);
    let refs: Vec<&Scene> = pages.iter().collect();
    Output {
        path: PathBuf::from(format!(
            "{}-rules-{}-{}.pdf",
            game.id,
            book.lang.code(),
            paper.name()
        )),
        bytes: pdf::to_pdf(
            &refs,
            &pdf::Meta {
                title: format!("{} — {}", front.title, front.subtitle),
                author: game.about.designer.clone().unwrap_or_default(),
                subject: match book.lang {
                    Lang::Fr => "Règles du jeu".into(),
                    Lang::En => "Rules of play".into(),
                },
                lang: Some(book.lang.code().into()),
                compress: true,
            },
        ),
    }
}

/// The balance report's page in a game's output folder.
pub const ANALYSIS_PAGE: &str = "analysis.html";

/// The saved balance report of a game (`games/<game>/analysis.json`, written by `ludopress
/// analyze --save`), if it has one; an unreadable one is an error at its line and column.
pub fn saved_report(
    project: &crate::definition::Project,
    id: &str,
) -> Result<Option<crate::analysis::report::Report>, crate::base::diag::Diagnostics> {
    let path = project.game_file(id).with_file_name("analysis.json");
    if !path.is_file() {
        return Ok(None);
    }
    let text = crate::base::diag::read_limited(&path, 16 << 20, "a balance report")?;
    let src = crate::base::diag::Source::new(path.display().to_string(), &text);
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let report: crate::analysis::report::Report = serde_json::from_str(body).map_err(|e| {
        let offset = (text.len() - body.len())
            + body
                .split_inclusive('\n')
                .take(e.line().saturating_sub(1))
                .map(str::len)
                .sum::<usize>()
            + e.column().saturating_sub(1);
        let at = offset.min(text.len());
        crate::base::diag::Diagnostics(vec![src.error(
            at..at,
            format!("not a balance report written by `ludopress analyze --save`: {e}"),
        )])
    })?;
    let top = 0..text.find('\n').unwrap_or(text.len());
    if report.game != id {
        return Err(src
            .error(
                top,
                format!(
                    "a balance report of `{}`, not of `{id}`: run `ludopress analyze {id} --save`",
                    report.game
                ),
            )
            .into());
    }
    if report.settings.is_empty() {
        return Err(src
            .error(top, "a balance report without any setting played")
            .into());
    }
    Ok(Some(report))
}

/// The balance report's page and text summary.
pub fn report_files(report: &crate::analysis::report::Report) -> Vec<Output> {
    vec![
        Output {
            path: PathBuf::from(ANALYSIS_PAGE),
            bytes: crate::analysis::report::html(report).into_bytes(),
        },
        Output {
            path: PathBuf::from("analysis.txt"),
            bytes: crate::analysis::report::text(report).into_bytes(),
        },
    ]
}

/// A rulebook's HTML page and its diagrams as SVG files.
pub fn rulebook_web(
    game: &Game,
    book: &crate::rulebook::Rulebook,
    report: Option<&crate::analysis::report::Report>,
) -> Vec<Output> {
    let mut front = crate::rulebook::Front::of(game, book.lang);
    if report.is_some() {
        front.links.push((
            match book.lang {
                Lang::Fr => "Rapport d’équilibre : parties jouées par la machine".into(),
                Lang::En => "Balance report: games played by the machine".into(),
            },
            ANALYSIS_PAGE.into(),
        ));
    }
    let lang = book.lang.code();
    let mut files = Vec::new();
    files.push(Output {
        path: PathBuf::from(format!("rules-{lang}.html")),
        bytes: crate::rulebook::html::to_html(book, &front).into_bytes(),
    });
    let mut n = 0;
    for b in &book.blocks {
        if let crate::rulebook::Block::Figure(fig) = b {
            for p in &fig.panels {
                n += 1;
                files.push(Output {
                    path: PathBuf::from(format!("diagrams/{lang}-{n:02}.svg")),
                    bytes: svg::to_svg(&p.scene).into_bytes(),
                });
            }
        }
    }
    files
}

/// A game's rulebooks, validated, with every claim holding (a game without an engine has
/// rulebooks whose examples are drawn and not checked), and the warnings of the check: a game
/// whose own engine program cannot start is built with its claims unchecked, and told so.
pub fn checked_rulebooks(
    project: &crate::definition::Project,
    game: &Game,
) -> Result<
    (
        Vec<crate::rulebook::Rulebook>,
        Vec<crate::base::diag::Diagnostic>,
    ),
    Error,
> {
    let (eng, unavailable) = crate::rules::engine::Engine::checker(project, game)?;
    let warnings = unavailable
        .map(|u| {
            let d = crate::base::diag::Diagnostic::file(&project.game_file(&game.id), "")
                .warn(format!("{}: the rulebook's claims are not checked", u.why));
            if u.consent {
                d
            } else {
                d.with_hint(
                    "install the program `[engine] command` names, then run `ludopress check`",
                )
            }
        })
        .into_iter()
        .collect();
    let books = load_rulebooks(&project.root, game, eng.as_ref())?;
    let mut failures = crate::base::diag::Diagnostics::default();
    if let Some(eng) = &eng {
        for b in &books {
            failures.0.extend(crate::rulebook::check(eng, b).errors.0);
        }
    }
    // A claim that does not hold is an error of the rulebook's, at its place.
    failures.finish((books, warnings)).map_err(Error::Input)
}

pub use crate::rules::engine::Error;

/// What a build wrote for one game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The game's id.
    pub id: String,
    /// Its title in each of its languages (`Potager / Kitchen Garden`).
    pub title: String,
    /// Its output folder.
    pub dir: PathBuf,
    /// Files published.
    pub files: usize,
    /// Print PDFs (one per paper).
    pub print_pdfs: usize,
    /// Rulebook PDFs.
    pub rulebook_pdfs: usize,
    /// PNG previews.
    pub pngs: usize,
    /// Bytes of all its files.
    pub bytes: u64,
    /// Time spent laying out and exporting its components, ms.
    pub layout_ms: u128,
    /// What prints otherwise than written (a text too long for its box, a character the font
    /// lacks), each at its place in the definition.
    pub warnings: Vec<crate::base::diag::Diagnostic>,
}

/// The warnings of a game's printed faces in `lang`: every text of every face (cards, backs,
/// tiles, pieces, die faces) checked against the box it prints in and the font it prints with.
pub fn print_warnings(game: &Game, lang: Lang) -> Vec<crate::base::diag::Diagnostic> {
    face_warnings(game, &[lang])
}

/// The warnings of a game's printed faces in `langs`, each said once: the same problem at the
/// same place in several languages names them together (`(fr, en)`), and on several cards of a
/// deck names the cards together (`cards `a`, `b` and 12 more of deck `d``).
pub fn face_warnings(game: &Game, langs: &[Lang]) -> Vec<crate::base::diag::Diagnostic> {
    use crate::definition::model::Element;
    /// One printed face: what it is (`card`, its id, `of deck `d``) and its elements.
    struct Face<'g> {
        kind: &'static str,
        id: Option<&'g str>,
        owner: String,
        elements: &'g [Element],
    }
    /// One problem of one face in one language.
    struct Problem<'g> {
        kind: &'static str,
        id: Option<&'g str>,
        owner: &'g str,
        element: &'g Element,
        msg: String,
        lang: Lang,
    }
    let face = |kind, id, owner, elements| Face {
        kind,
        id,
        owner,
        elements,
    };
    let mut faces: Vec<Face<'_>> = Vec::new();
    for b in &game.boards {
        faces.push(face("board", Some(&b.id), String::new(), &b.face));
    }
    for d in &game.decks {
        let owner = format!("of deck `{}`", d.id);
        for c in &d.cards {
            let elements = c.layout.as_deref().unwrap_or(&[]);
            faces.push(face("card", Some(&c.id), owner.clone(), elements));
        }
        faces.push(face("back", None, owner, &d.back.elements));
    }
    for t in &game.tilesets {
        let owner = format!("of tile set `{}`", t.id);
        for (i, tile) in t.tiles.iter().enumerate() {
            faces.push(face(
                "tile",
                None,
                format!("{} {owner}", i + 1),
                &tile.elements,
            ));
        }
        if let Some(b) = &t.back {
            faces.push(face("back", None, owner, &b.elements));
        }
    }
    for pc in &game.pieces {
        faces.push(face(
            "piece",
            Some(&pc.id),
            "(front)".into(),
            &pc.front_face,
        ));
        if let Some(b) = &pc.back_face {
            faces.push(face("piece", Some(&pc.id), "(back)".into(), b));
        }
    }
    for d in &game.dice {
        for (i, elements) in d.faces.iter().enumerate() {
            faces.push(face(
                "face",
                None,
                format!("{} of die `{}`", i + 1, d.id),
                elements,
            ));
        }
    }
    let mut found: Vec<Problem<'_>> = Vec::new();
    for &lang in langs {
        for f in &faces {
            for (element, msg) in layout::element::problems(f.elements, lang) {
                found.push(Problem {
                    kind: f.kind,
                    id: f.id,
                    owner: &f.owner,
                    element,
                    msg,
                    lang,
                });
            }
        }
    }
    // Grouped by place, element and message, in the order first found.
    let mut groups: Vec<(&Problem<'_>, Vec<&str>, Vec<Lang>)> = Vec::new();
    for p in &found {
        let same = |q: &&Problem<'_>| {
            q.kind == p.kind
                && q.owner == p.owner
                && q.msg == p.msg
                && q.element.name == p.element.name
                && q.element.place.path == p.element.place.path
                && (q.element.place.line, q.element.place.col)
                    == (p.element.place.line, p.element.place.col)
        };
        match groups.iter_mut().find(|(q, _, _)| same(q)) {
            Some((_, ids, langs)) => {
                if let Some(id) = p.id.filter(|id| !ids.contains(id)) {
                    ids.push(id);
                }
                if !langs.contains(&p.lang) {
                    langs.push(p.lang);
                }
            }
            None => groups.push((p, p.id.into_iter().collect(), vec![p.lang])),
        }
    }
    groups
        .into_iter()
        .map(|(p, ids, langs)| {
            const NAMED: usize = 3;
            let who = match ids.len() {
                0 => format!("{} {}", p.kind, p.owner),
                1 => format!("{} `{}` {}", p.kind, ids[0], p.owner),
                n => {
                    let named: Vec<String> =
                        ids.iter().take(NAMED).map(|i| format!("`{i}`")).collect();
                    let list = if n > NAMED {
                        format!("{} and {} more", named.join(", "), n - NAMED)
                    } else {
                        let (last, rest) = named.split_last().expect("two or more");
                        format!("{} and {last}", rest.join(", "))
                    };
                    format!("{}s {list} {}", p.kind, p.owner)
                }
            };
            let langs: Vec<&str> = langs.iter().map(|l| l.code()).collect();
            p.element.place.warn(format!(
                "{}, element `{}` ({}): {}",
                who.trim_end(),
                p.element.name,
                langs.join(", "),
                p.msg
            ))
        })
        .collect()
}

/// Builds `games` of `project` into `out/<game>/`: every definition and rulebook is validated
/// first (nothing is written when one is wrong), then every game is laid out and exported in
/// parallel on `threads` threads, then each game's files are published at once.
/// Most bytes one build may write in all (every game, language and paper), 1 GiB: past it the
/// build is refused before anything is written, naming what weighs most. The shipped games are
/// estimated at 2.5 to 7 MB each; a 1 MB SVG drawn on 300 cards at about 2 GB (it wrote 1.3 GB
/// in 162 s), and art drawn on thousands of faces would reach hundreds of GB.
pub const MAX_BUILD_BYTES: u64 = 1 << 30;

/// Bytes an SVG writes for one drawing of `items`: a few dozen bytes an item, 9 a path segment
/// (measured: 66 bytes for a triangle of art), an embedded image's file in base64.
/// Shared groups (art drawn on many faces) are counted once, then added at each use.
/// `memo` holds the groups' counts by address: it lives no longer than the scenes it counts.
fn drawn_bytes(
    items: &[crate::scene::Item],
    memo: &mut std::collections::HashMap<usize, u64>,
) -> u64 {
    use crate::scene::Item;
    let mut n = 0u64;
    for item in items {
        n += match item {
            Item::Path(p) => 30 + 9 * p.segs.len() as u64,
            Item::Text(t) => 150 + t.text.len() as u64,
            Item::Image(i) => 200 + i.raster.data.len() as u64 * 4 / 3,
            Item::Group(g) => {
                let key = std::sync::Arc::as_ptr(&g.items) as usize;
                let inner = match memo.get(&key) {
                    Some(&n) => n,
                    None => {
                        let n = drawn_bytes(&g.items, memo);
                        memo.insert(key, n);
                        n
                    }
                };
                60 + 9 * g.clip.as_ref().map_or(0, |c| c.len() as u64) + inner
            }
        };
    }
    n
}

/// The bytes a build of `game` with `opts` will write, about, and the components that weigh
/// most (id, bytes), heaviest first: each distinct face as an SVG, then each copy of it on the
/// sheets of every paper as SVG and, a quarter of that again, in the compressed print PDF
/// (measured: a fifth), in every language built; the previews at a byte a pixel. Computed from the laid-out faces before anything is written
/// (the one place the estimate is made: [`check_build_size`]).
pub fn estimated_bytes(game: &Game, opts: &BuildOptions) -> (u64, Vec<(String, u64)>) {
    let mut by_component: std::collections::BTreeMap<String, u64> = Default::default();
    let papers = if opts.only.is_empty() {
        opts.papers.len() as u64
    } else {
        0
    };
    let preview = |s: &Scene, dpi: f64| {
        if opts.previews {
            (s.width / 25.4 * dpi * s.height / 25.4 * dpi) as u64
        } else {
            0
        }
    };
    for lang in build_langs(game, opts.lang) {
        // Declared after the groups, so that it is dropped before them.
        let groups = groups(game, lang);
        let mut memo = std::collections::HashMap::new();
        let mut bytes = |s: &Scene| drawn_bytes(&s.items, &mut memo) + 500;
        for g in &groups {
            let mut n = 0u64;
            for (_, face) in &g.faces {
                n += bytes(face) + preview(face, COMPONENT_DPI);
            }
            let copies = match &g.imposed {
                Imposed::Batch(b) => b
                    .slots
                    .iter()
                    .map(|s| bytes(&s.front) + s.back.as_ref().map_or(0, &mut bytes))
                    .sum::<u64>(),
                Imposed::Large(art, _) => bytes(art),
            };
            n += copies.saturating_mul(papers) / 4 * 5;
            *by_component.entry(g.id.clone()).or_default() += n;
        }
    }
    let total = by_component.values().sum();
    let mut heaviest: Vec<(String, u64)> = by_component.into_iter().collect();
    heaviest.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    (total, heaviest)
}

/// Refuses a build whose games would write more than [`MAX_BUILD_BYTES`] in all, before
/// anything is written: an error at each game's definition naming its heaviest components.
pub fn check_build_size(
    project: &crate::definition::Project,
    games: &[Game],
    opts: &BuildOptions,
) -> Result<(), crate::base::diag::Diagnostics> {
    let estimates: Vec<(u64, Vec<(String, u64)>)> =
        games.iter().map(|g| estimated_bytes(g, opts)).collect();
    let total: u64 = estimates.iter().map(|e| e.0).sum();
    if total <= MAX_BUILD_BYTES {
        return Ok(());
    }
    let gb = |n: u64| format!("{:.1} GB", n as f64 / 1e9);
    let mut diags = crate::base::diag::Diagnostics::default();
    for (game, (bytes, heaviest)) in games.iter().zip(&estimates) {
        let named: Vec<String> = heaviest
            .iter()
            .take(3)
            .map(|(id, n)| format!("`{id}` {}", gb(*n)))
            .collect();
        diags.push(
            crate::base::diag::Diagnostic::file(
                &project.game_file(&game.id),
                format!(
                    "this build would write about {} ({} in all), more than the {} GiB a build may write; the heaviest: {}",
                    gb(*bytes),
                    gb(total),
                    MAX_BUILD_BYTES >> 30,
                    named.join(", ")
                ),
            )
            .with_hint(
                "art drawn on many faces is written again on each: use lighter art (fewer shapes, a smaller image), or build one language, one paper or `--no-png`",
            ),
        );
    }
    Err(diags)
}

pub fn build_games(
    project: &crate::definition::Project,
    games: &[String],
    opts: &BuildOptions,
    out: &Path,
    threads: usize,
) -> Result<Vec<GameReport>, Error> {
    let lib = project.library()?;
    let mut loaded = Vec::new();
    let mut diags = crate::base::diag::Diagnostics::default();
    let mut seen = std::collections::BTreeSet::new();
    for g in games.iter().filter(|g| seen.insert(g.as_str())) {
        match crate::rules::engine::load_definition(project, g, &lib) {
            Ok(game) => loaded.push(game),
            Err(d) => diags.0.extend(d.0),
        }
    }
    // `--only`: each game cut down to what is picked (its faces only, no rulebook).
    let mut picked: Vec<Option<Selection>> = loaded.iter().map(|_| None).collect();
    if !opts.only.is_empty() {
        for (game, pick) in loaded.iter_mut().zip(&mut picked) {
            match select(game, &opts.only) {
                Ok((g, sel)) => {
                    *game = g;
                    *pick = Some(sel);
                }
                Err(e) => diags.push(crate::base::diag::Diagnostic::file(
                    &project.game_file(&game.id),
                    e,
                )),
            }
        }
    }
    // Rulebooks too: every example must parse and every claim must hold before anything is written.
    let mut books = Vec::new();
    let mut book_warnings = Vec::new();
    for game in &loaded {
        if !opts.only.is_empty() {
            books.push(Vec::new());
            book_warnings.push(Vec::new());
            continue;
        }
        match checked_rulebooks(project, game) {
            Ok((b, w)) => {
                books.push(b);
                book_warnings.push(w);
            }
            Err(Error::Input(d)) => diags.0.extend(d.0),
            Err(other) => return Err(other),
        }
    }
    // Balance reports saved beside the definitions: read whole before anything is written.
    let mut reports = Vec::new();
    for game in &loaded {
        if !opts.only.is_empty() {
            reports.push(None);
            continue;
        }
        match saved_report(project, &game.id) {
            Ok(r) => reports.push(r),
            Err(d) => {
                diags.0.extend(d.0);
                reports.push(None);
            }
        }
    }
    let mut warnings: Vec<Vec<crate::base::diag::Diagnostic>> = Vec::new();
    for game in &loaded {
        if let Some(l) = opts.lang.filter(|l| !game.languages.contains(l)) {
            let list: Vec<&str> = game.languages.iter().map(|l| l.code()).collect();
            diags.push(crate::base::diag::Diagnostic::file(
                &project.game_file(&game.id),
                format!(
                    "game `{}` is written in {} only: it has no `{l}` text to build",
                    game.id,
                    list.join(" and ")
                ),
            ));
        }
        let mut w = face_warnings(game, &build_langs(game, opts.lang));
        w.extend(
            book_warnings
                .get(warnings.len())
                .cloned()
                .unwrap_or_default(),
        );
        if opts.strict {
            diags.0.extend(w.into_iter().map(|d| d.as_error()));
            warnings.push(Vec::new());
        } else {
            warnings.push(w);
        }
    }
    if !diags.is_empty() {
        return Err(Error::Input(diags));
    }
    // What the build would write, estimated before anything is.
    check_build_size(project, &loaded, opts).map_err(Error::Input)?;
    // Everything is valid: each game's folder is opened, then every language's components and
    // sheets and every rulebook file are made by parallel jobs, each file written the moment it
    // is ready (nothing waits in memory for the others).
    let mut streams = Vec::new();
    for game in &loaded {
        let dir = out.join(&game.id);
        match crate::base::output::Stream::open(&dir) {
            Ok(s) => streams.push(s),
            Err(e) => {
                for s in streams {
                    s.abandon();
                }
                return Err(Error::Other(e.to_string()));
            }
        }
    }
    let mut jobs: Vec<Job<'_, (usize, Result<u128, String>)>> = Vec::new();
    for (i, ((game, books), stream)) in loaded.iter().zip(&books).zip(&streams).enumerate() {
        let sink: &dyn Sink = stream;
        // The longest jobs first: a game's components and sheets, then its rulebooks.
        let job = game_job(game, opts, sink, threads, picked[i].as_ref());
        jobs.push(Box::new(move || {
            let t = std::time::Instant::now();
            (i, job().map(|()| t.elapsed().as_millis()))
        }));
        if let Some(report) = &reports[i] {
            jobs.push(Box::new(move || {
                let result = report_files(report)
                    .into_iter()
                    .try_for_each(|f| sink.put(&f.path, f.bytes));
                (i, result.map(|()| 0))
            }));
        }
        for b in books {
            for &paper in &opts.papers {
                jobs.push(Box::new(move || {
                    let f = rulebook_pdf(game, b, paper);
                    (i, sink.put(&f.path, f.bytes).map(|()| 0))
                }));
            }
            let report = reports[i].as_ref();
            jobs.push(Box::new(move || {
                let result = rulebook_web(game, b, report)
                    .into_iter()
                    .try_for_each(|f| sink.put(&f.path, f.bytes));
                (i, result.map(|()| 0))
            }));
        }
    }
    let mut ms = vec![0u128; loaded.len()];
    let mut failed: Vec<Option<String>> = vec![None; loaded.len()];
    let done = parallel(jobs, threads);
    for (i, result) in done.iter().flatten() {
        match result {
            Ok(t) => ms[*i] += t,
            Err(e) => {
                failed[*i].get_or_insert_with(|| e.clone());
            }
        }
    }
    let lost = done.err();
    let mut reports = Vec::new();
    let mut errors = Vec::new();
    for (((game, stream), warnings), (ms, failed)) in loaded
        .iter()
        .zip(streams)
        .zip(warnings)
        .zip(ms.into_iter().zip(failed))
    {
        let dir = stream.dir().to_path_buf();
        let (names, _) = stream.written();
        if let Some(e) = failed.or_else(|| lost.clone()) {
            // The files written are whole; the previous build's others are kept.
            stream.abandon();
            errors.push(format!(
                "{e}; the files of `{}` already written are whole, the others were left as they were",
                game.id
            ));
            continue;
        }
        // A build of one language of several keeps the other languages' files (and so cannot
        // tell which of them are stale): only a whole build sweeps.
        let sweep =
            if build_langs(game, opts.lang).len() < game.languages.len() || !opts.only.is_empty() {
                crate::base::output::Sweep::Keep
            } else {
                crate::base::output::Sweep::Stale
            };
        let bytes = stream
            .finish(sweep)
            .map_err(|e| Error::Other(e.to_string()))?;
        let count = |f: &dyn Fn(&str) -> bool| names.iter().filter(|n| f(n)).count();
        let books = count(&|n| n.ends_with(".pdf") && n.contains("-rules-"));
        let mut titles: Vec<&str> = Vec::new();
        for &l in &game.languages {
            if !titles.contains(&game.title.get(l)) {
                titles.push(game.title.get(l));
            }
        }
        reports.push(GameReport {
            id: game.id.clone(),
            title: titles.join(" / "),
            dir,
            files: names.len(),
            print_pdfs: count(&|n| n.ends_with(".pdf")) - books,
            rulebook_pdfs: books,
            pngs: count(&|n| n.ends_with(".png")),
            bytes,
            layout_ms: ms,
            warnings,
        });
    }
    if !errors.is_empty() {
        return Err(Error::Other(errors.join("\n")));
    }
    Ok(reports)
}
