//! Sheets: a game's component groups imposed on one paper ([`crate::sheet`]), with the guide
//! first, written as `sheets/<lang>/` and as the print PDF `<game>-<lang>-<paper>.pdf`.

use super::components::{groups, Group, Imposed};
use super::sink::{write_scene, Drawn, Sink};
use super::BuildOptions;
use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::export::pdf;
use crate::scene::Scene;
use crate::sheet::{self, Paper, SheetSpec, Slot};
use std::path::PathBuf;

/// The papers of a game's print files: the game's `[sheet] paper` when the build asks for every
/// paper, else the papers asked.
pub fn papers(game: &Game, asked: &[Paper]) -> Vec<Paper> {
    match game.sheet.paper {
        Some(p) if asked.len() > 1 && asked.contains(&p) => vec![p],
        _ => asked.to_vec(),
    }
}

/// Resolution of sheet previews, dots per inch.
pub const SHEET_DPI: f64 = 50.0;

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

pub(super) fn sheets_of(
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
    // Boards' pages in order: split ones as they are, whole ones once the packing has said what
    // shares their page (their own page otherwise).
    let mut larges: Vec<(Vec<sheet::Draft>, Option<usize>)> = Vec::new();
    let mut wholes = Vec::new();
    let mut batches = Vec::new();
    let mut parts_of = std::collections::BTreeMap::new();
    let mut maps: Vec<(String, usize, usize)> = Vec::new();
    for g in &merged {
        match &g.imposed {
            Imposed::Large(art, outline) => {
                let parts = sheet::tiled(art, outline, g.bleed, &spec, &g.title, opts.fit);
                let (_, (nx, ny)) = sheet::tiled::split(art.width, art.height, &spec, opts.fit);
                if nx * ny > 1 && !maps.iter().any(|(t, ..)| t == &g.title) {
                    maps.push((g.title.clone(), nx, ny));
                }
                parts_of.insert(g.title.clone(), parts.len());
                let whole = sheet::tiled::whole(art, outline, g.bleed, &spec, &g.title, opts.fit);
                larges.push((parts, whole.is_some().then_some(wholes.len())));
                wholes.extend(whole);
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
    let (shared, rest) = sheet::pack::pack_with(&batches, &wholes, &spec);
    let mut drafts = Vec::new();
    for (parts, whole) in larges {
        match whole.and_then(|i| shared[i].clone()) {
            Some(page) => drafts.extend(page),
            None => drafts.extend(parts),
        }
    }
    drafts.extend(rest);
    let guide = sheet::guide::GuideInfo {
        title: title.to_string(),
        facts: front.facts.clone(),
        credits: front.credits.clone(),
        components: checklist,
        maps,
    };
    sheet::finish(drafts, &spec, title, Some(&guide))
}

/// Writes the pages of the print file on `paper` (each as `sheets/<lang>/<paper>-NN.svg`, and
/// PNG when previews are on) and the print PDF.
pub(super) fn write_sheets(
    game: &Game,
    groups: &[Group],
    opts: &BuildOptions,
    lang: Lang,
    paper: Paper,
    sink: &dyn Sink,
) -> Result<(), Error> {
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
    let extra = pdf::Extra {
        date: game.date,
        press: None,
    };
    sink.put(&path, pdf::to_pdf_with(&pages, &meta, &extra).bytes)
}
