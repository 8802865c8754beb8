//! Stage two of loading: raw TOML structs → the validated model, collecting every error of a file.
//!
//! In: a [`raw::GameFile`] with its source and the template library. Out: a [`Game`], or every
//! error found, each at its place. This file is the game-level pass (languages, palette, sheet,
//! totals, paper); each component is checked in its own file, all through the shared context
//! of `context.rs`.

mod board;
mod context;
mod deck;
mod diagram;
mod die;
mod element;
mod engine;
mod layout;
mod mat;
mod piece;
mod rows;
mod rules;
mod rules_board;
mod rules_build;
mod rules_notation;
mod tileset;

use crate::base::color::Color;
use crate::base::diag::{closest, Diagnostics, Source};
use crate::base::lang::Lang;
use crate::definition::contract::Contract;
use crate::definition::counts::printed;
use crate::definition::library::Library;
use crate::definition::model::{About, Board, Deck, Die, Game, Mat, Piece, SheetStyle, Tileset};
use crate::definition::raw::{self, S};
use board::{board, board_face};
use context::Ctx;
pub use context::{
    is_safe_id, A4_AREA_M2, MAX_AREA_M2, MAX_COUNT, MAX_MM, MAX_NAME, MAX_TEXT, MAX_TOTAL,
};
use deck::deck;
use diagram::diagram_def;
use die::die;
use engine::{engine_def, engine_needs};
use layout::Layouts;
use mat::mat;
use piece::piece;
use std::collections::{BTreeMap, BTreeSet};
use tileset::tileset;
use toml::Spanned;

/// The game's `[sheet]` over its template: each setting given replaces the template's, within
/// the template library's ranges.
fn sheet_of(cx: &mut Ctx, own: &raw::SheetGameRaw, base: SheetStyle) -> SheetStyle {
    let mut num = |v: &Option<raw::F>, lo: f64, hi: f64, what: &str, was: f64| {
        v.as_ref().map_or(was, |v| cx.length(v, lo, hi, what))
    };
    let mut s = SheetStyle {
        margin: num(&own.margin, 3.0, 30.0, "margin", base.margin),
        crop_length: num(&own.crop_length, 1.0, 20.0, "crop_length", base.crop_length),
        crop_gap: num(&own.crop_gap, 0.0, 10.0, "crop_gap", base.crop_gap),
        overlap: num(&own.overlap, 0.0, 40.0, "overlap", base.overlap),
        gutter: num(&own.gutter, 0.0, 20.0, "gutter", base.gutter),
        marks: own.marks.as_ref().map_or(base.marks, |m| *m.get_ref()),
        paper: base.paper,
    };
    if let Some(p) = &own.paper {
        match p.get_ref().parse::<crate::base::paper::Paper>() {
            Ok(paper) => s.paper = Some(paper),
            Err(_) => {
                let hint =
                    closest(p.get_ref(), ["a4", "letter"]).map(|c| format!("did you mean `{c}`?"));
                cx.err_hint(
                    p,
                    format!("unknown paper `{}`: expected `a4` or `letter`", p.get_ref()),
                    hint,
                );
            }
        }
    }
    s
}

/// Validates a parsed game file against the template library.
pub fn game(
    src: &Source,
    raw: &raw::GameFile,
    lib: &Library,
    folder: &str,
    contract: Option<&Contract>,
) -> Result<Game, Diagnostics> {
    let mut cx = Ctx {
        src,
        lib,
        diags: Diagnostics::default(),
        colors: BTreeMap::new(),
        ids: BTreeMap::new(),
        stems: BTreeMap::new(),
        langs: Lang::ALL.to_vec(),
        folder: src
            .path
            .parent()
            .map_or_else(Default::default, |p| p.to_path_buf()),
        pending: Vec::new(),
    };
    let h = &raw.game;
    if let Some(list) = &h.languages {
        let mut langs = Vec::new();
        for l in list.get_ref() {
            match l.get_ref().parse::<Lang>() {
                Ok(lang) if langs.contains(&lang) => {
                    cx.err(l, format!("language `{lang}` given twice"))
                }
                Ok(lang) => langs.push(lang),
                Err(e) => cx.err(l, e.to_string()),
            }
        }
        if list.get_ref().is_empty() {
            cx.err(
                list,
                "a game needs at least one language: `[\"fr\"]`, `[\"en\"]` or both".into(),
            );
        }
        if !langs.is_empty() {
            cx.langs = langs;
        }
    }
    if !cx.safe_id(&h.id, "game id") {
    } else if h.id.get_ref() != folder {
        cx.err(
            &h.id,
            format!(
                "game id `{}` differs from its folder name `{folder}`",
                h.id.get_ref()
            ),
        );
    }
    match lib.palettes.get(h.palette.get_ref()) {
        Some(p) => cx.colors = p.clone(),
        None => {
            let hint = closest(h.palette.get_ref(), lib.palettes.keys().map(String::as_str))
                .map(|c| format!("did you mean `{c}`?"));
            cx.err_hint(
                &h.palette,
                format!("unknown palette template `{}`", h.palette.get_ref()),
                hint,
            );
        }
    }
    for (name, value) in &raw.colors {
        match Color::parse_hex(value.get_ref()) {
            Some(c) => {
                cx.colors.insert(name.clone(), c);
            }
            None => {
                cx.err(
                    value,
                    format!(
                        "invalid colour `{}` for `{name}`: expected `#rrggbb`",
                        value.get_ref()
                    ),
                );
                // Known from here on (the definition is refused anyway): one mistake is told
                // once, at its line, not again at every use of its name.
                cx.colors.insert(name.clone(), Color::BLACK);
            }
        }
    }
    let sheet = match lib.sheets.get(h.sheet.get_ref()) {
        Some(s) => *s,
        None => {
            let hint = closest(h.sheet.get_ref(), lib.sheets.keys().map(String::as_str))
                .map(|c| format!("did you mean `{c}`?"));
            cx.err_hint(
                &h.sheet,
                format!("unknown sheet template `{}`", h.sheet.get_ref()),
                hint,
            );
            SheetStyle {
                margin: 10.0,
                crop_length: 5.0,
                crop_gap: 1.5,
                overlap: 10.0,
                gutter: 0.0,
                marks: true,
                paper: None,
            }
        }
    };
    let sheet = match &raw.sheet {
        Some(own) => sheet_of(&mut cx, own, sheet),
        None => sheet,
    };
    let mut boards: Vec<Board> = raw.board.iter().map(|b| board(&mut cx, b)).collect();
    let mut lays = Layouts::new(&mut cx, raw, lib);
    for (b, r) in boards.iter_mut().zip(&raw.board) {
        if let Some(f) = &r.font {
            b.font = element::family_named(&mut cx, lays.families(), f);
        }
    }
    lays.set_boards(&boards);
    for (b, r) in boards.iter_mut().zip(&raw.board) {
        if let Some(name) = &r.layout {
            b.face = board_face(&mut cx, &mut lays, name, b);
        }
    }
    let decks: Vec<Deck> = raw
        .deck
        .iter()
        .map(|d| {
            // What the layouts of tile sets made from this deck read, its columns may feed.
            let mut reads = BTreeSet::new();
            for t in &raw.tileset {
                if let (Some(from), Some(l)) = (&t.from_deck, &t.layout) {
                    if from.get_ref() == d.id.get_ref() {
                        reads.extend(lays.reads_of(&mut cx, l));
                    }
                }
            }
            deck(&mut cx, d, sheet.keep_out(), &mut lays, &reads)
        })
        .collect();
    let tilesets: Vec<Tileset> = raw
        .tileset
        .iter()
        .map(|t| tileset(&mut cx, t, &decks, &raw.deck, sheet.keep_out(), &mut lays))
        .collect();
    let pieces: Vec<Piece> = raw
        .piece
        .iter()
        .flat_map(|p| piece(&mut cx, p, sheet.keep_out(), &mut lays))
        .collect();
    let dice: Vec<Die> = raw
        .die
        .iter()
        .map(|d| die(&mut cx, d, sheet.keep_out(), &mut lays))
        .collect();
    let mats: Vec<Mat> = raw.mat.iter().map(|m| mat(&mut cx, m)).collect();
    let total = printed(&boards, &decks, &tilesets, &pieces, &dice, &mats);
    if total > MAX_TOTAL {
        cx.err(
            &h.id,
            format!("the game has {total} components to print; the limit is {MAX_TOTAL}"),
        );
    }

    let diagram = diagram_def(&mut cx, raw, &boards, &tilesets, &pieces, &mats);
    let engine = raw
        .engine
        .as_ref()
        .and_then(|e| engine_def(&mut cx, e.get_ref()));
    let rules = rules::rules(&mut cx, raw, &boards);
    let game = Game {
        id: h.id.get_ref().clone(),
        title: cx.text(&h.title, MAX_NAME, "title"),
        languages: cx.langs.clone(),
        sheet,
        boards,
        decks,
        tilesets,
        pieces,
        dice,
        mats,
        params: raw
            .rules
            .iter()
            .map(|(k, v)| (k.get_ref().clone(), *v.get_ref()))
            .collect(),
        diagram,
        engine,
        rules,
        about: about_of(&mut cx, h),
        fonts: lays.families().clone(),
        font_files: lays.font_files().to_vec(),
        rulebook: rulebook_look(&mut cx, raw.rulebook.as_ref(), lays.families()),
        date: crate::base::time::inputs_date(&cx.folder),
        pictures: lays.pictures(),
        unread: lays.unread(&cx),
    };
    // Paper is the measure of a build's work: checked before any of it is done.
    let area = game.paper_area();
    if total <= MAX_TOTAL && area > MAX_AREA_M2 {
        cx.err(
            &h.id,
            format!(
                "the game's components cover {area:.1} m² of paper; the limit is {MAX_AREA_M2} m² (about {} A4 sheets)",
                (MAX_AREA_M2 / A4_AREA_M2) as usize
            ),
        );
    }
    engine_needs(&mut cx, raw, contract);
    for (param, role) in contract.map_or(&[][..], |c| c.counts) {
        let cells = game.boards.first().map_or(0, |b| b.region(role).len());
        if let Some((_, v)) = raw.rules.iter().find(|(k, _)| k.get_ref() == param) {
            if *v.get_ref() != cells as i64 && cells > 0 {
                cx.err(
                    v,
                    format!(
                        "`{param}` = {} but the region `{role}` has {cells} cells: the game starts with one on each",
                        v.get_ref()
                    ),
                );
            }
        }
    }
    if let (true, Some(board), Some(set), Some(raw_set)) = (
        contract.is_some_and(|c| c.tiles_fit),
        game.boards.first(),
        game.tilesets.first(),
        raw.tileset.first(),
    ) {
        let tiles: usize = set.tiles.iter().map(|t| t.count).sum();
        let cells = board.grid.len();
        if tiles > cells && cells > 0 {
            cx.err(
                &raw_set.id,
                format!(
                    "tile set `{}` has {tiles} tiles for the {cells} cells of board `{}`: the game deals one tile a cell",
                    set.id, board.id
                ),
            );
        }
    }
    // A mistake met twice (a piece's two faces drawn by one layout) is said once.
    let mut seen = BTreeSet::new();
    cx.diags.0.retain(|d| seen.insert(d.to_string()));
    // A column kept for a layout's error to name: said at its header when no face's error
    // does (the layout's `{name}` was given some other way, or read on no face).
    for (name, column, d) in std::mem::take(&mut cx.pending) {
        let (said, hint) = (
            format!("no field `{name}` for"),
            format!("did you mean `{column}`, a column of {}", d.path.display()),
        );
        if !cx
            .diags
            .0
            .iter()
            .any(|e| e.message.contains(&said) && e.message.contains(&hint))
        {
            cx.diags.push(d);
        }
    }
    cx.diags.finish(game)
}

/// The credits and facts of `[game]`.
fn about_of(cx: &mut Ctx, h: &raw::Header) -> About {
    let name = |cx: &mut Ctx, s: &Option<S>, what: &str| {
        s.as_ref().map(|v| {
            if v.get_ref().trim().is_empty() || v.get_ref().chars().count() > MAX_NAME {
                cx.err(v, format!("`{what}`: 1 to {MAX_NAME} characters"));
            }
            v.get_ref().trim().to_string()
        })
    };
    let range = |cx: &mut Ctx, v: &Option<Spanned<Vec<raw::I>>>, lo: i64, hi: i64, what: &str| {
        v.as_ref().and_then(|v| match v.get_ref().as_slice() {
            [a, b] if lo <= *a.get_ref() && a.get_ref() <= b.get_ref() && *b.get_ref() <= hi => {
                Some((*a.get_ref(), *b.get_ref()))
            }
            _ => {
                cx.err(
                    v,
                    format!("`{what}`: `[fewest, most]`, two whole numbers from {lo} to {hi}, the first not above the second"),
                );
                None
            }
        })
    };
    About {
        designer: name(cx, &h.designer, "designer"),
        publisher: name(cx, &h.publisher, "publisher"),
        year: h
            .year
            .as_ref()
            .map(|y| cx.int(y, 1000, 2999, "year") as i64),
        source: h
            .source
            .as_ref()
            .map(|n| cx.text(n, MAX_NAME * 2, "source")),
        notice: h
            .notice
            .as_ref()
            .map(|n| cx.text(n, MAX_NAME * 2, "notice")),
        players: range(cx, &h.players, 1, 99, "players"),
        age: h.age.as_ref().map(|a| cx.int(a, 1, 99, "age") as i64),
        minutes: range(cx, &h.minutes, 1, 6000, "minutes"),
    }
}

/// `[rulebook]`: the families it names must be the game's (`[fonts]`, or `lato`), its accent a
/// colour.
fn rulebook_look(
    cx: &mut Ctx,
    raw: Option<&raw::RulebookRaw>,
    families: &std::collections::BTreeMap<String, crate::fonts::Family>,
) -> crate::definition::model::RulebookLook {
    let Some(r) = raw else {
        return Default::default();
    };
    let family = |cx: &mut Ctx, name: &Option<raw::S>| {
        let name = name.as_ref()?;
        let found = families.get(name.get_ref()).copied();
        if found.is_none() {
            let known: Vec<&str> = families.keys().map(String::as_str).collect();
            let hint = crate::base::diag::closest(name.get_ref(), known.iter().copied())
                .map(|c| format!("did you mean `{c}`?"));
            cx.err_hint(
                name,
                format!(
                    "`[rulebook]`: no font family `{}` in the game's [fonts] (it has: {})",
                    name.get_ref(),
                    known.join(", ")
                ),
                hint,
            );
        }
        found
    };
    crate::definition::model::RulebookLook {
        body: family(cx, &r.font),
        headings: family(cx, &r.headings),
        accent: r.accent.as_ref().map(|a| cx.color(a)),
    }
}
