//! Stage two of loading: raw TOML structs → the validated model, collecting every error of a file.

use super::contract::{Contract, GridKind};
use super::library::Library;
use super::model::*;
use super::raw::TextRaw;
use super::raw::{self, S};
use crate::base::color::Color;
use crate::base::diag::shown_number;
use crate::base::diag::{closest, Diagnostics, Source};
use crate::base::lang::{Lang, Text};
use crate::base::paper::Paper;
use crate::geometry::{BorderMark, HexGrid, HexShape, Orientation, SquareGrid, TriangleGrid};
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;

/// True for an id that can name a file: 1 to 40 lowercase ASCII letters, digits and `-`, not
/// starting with `-`.
pub fn is_safe_id(v: &str) -> bool {
    !v.is_empty()
        && v.len() <= 40
        && !v.starts_with('-')
        && v.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Most paper a game's components may cover, square metres (counted once, for one paper): a
/// build streams its files in bounded memory, so this bounds its time and disk (80 m² is about
/// 1,280 A4 sheets).
pub const MAX_AREA_M2: f64 = 80.0;

/// Longest name, title or tag, in characters.
pub const MAX_NAME: usize = 120;
/// Longest card text, in characters.
pub const MAX_TEXT: usize = 1500;

/// Most copies of one component.
pub const MAX_COUNT: i64 = 500;
/// Most copies of all components of a game.
pub const MAX_TOTAL: usize = 20_000;
/// Largest length accepted anywhere, mm.
pub const MAX_MM: f64 = 1000.0;

#[path = "layouts.rs"]
mod layouts;

struct Ctx<'a> {
    src: &'a Source,
    lib: &'a Library,
    diags: Diagnostics,
    colors: BTreeMap<String, Color>,
    ids: BTreeSet<String>,
    /// The file stems the build writes (`components/<lang>/<stem>.svg`), each with what writes
    /// it and where it is defined: two owners of one stem would lose a face.
    stems: BTreeMap<String, String>,
    /// The game's languages: with one, a plain string stands for a text.
    langs: Vec<Lang>,
    /// The game's folder: data, image and font files are read from it.
    folder: std::path::PathBuf,
}

impl Ctx<'_> {
    /// A diagnostic at `span`: in the game's file, or in the library's for a library layout's.
    fn at(&self, span: std::ops::Range<usize>, msg: String) -> crate::base::diag::Diagnostic {
        self.lib.layouts.place(self.src, span, msg)
    }

    fn err<T>(&mut self, v: &Spanned<T>, msg: String) {
        self.diags.push(self.at(v.span(), msg));
    }

    fn err_hint<T>(&mut self, v: &Spanned<T>, msg: String, hint: Option<String>) {
        let mut d = self.at(v.span(), msg);
        d.hint = hint;
        self.diags.push(d);
    }

    /// A colour: a palette name or `#rrggbb`, then any of `.darken(18%)`, `.lighten(55%)` and
    /// `.ink()` (the ink that reads on it), applied in order.
    fn color(&mut self, s: &S) -> Color {
        let Some((base, methods)) = s.get_ref().split_once('.') else {
            return self.base_color(s);
        };
        let mut c = self.base_color(&Spanned::new(s.span(), base.trim().to_string()));
        for m in methods.split('.') {
            let m = m.trim();
            let arg = m
                .split_once('(')
                .and_then(|(name, rest)| Some((name.trim(), rest.strip_suffix(')')?.trim())));
            let amount = |a: &str| {
                let (n, pct) = match a.strip_suffix('%') {
                    Some(n) => (n.trim(), true),
                    None => (a, false),
                };
                n.parse::<f64>()
                    .ok()
                    .map(|v| if pct { v / 100.0 } else { v })
                    .filter(|v| (0.0..=1.0).contains(v))
            };
            c = match arg {
                Some(("darken", a)) if amount(a).is_some() => c.darken(amount(a).unwrap_or(0.0)),
                Some(("lighten", a)) if amount(a).is_some() => c.lighten(amount(a).unwrap_or(0.0)),
                Some(("ink", "")) => c.ink_on(),
                None if m == "ink" => c.ink_on(),
                _ => {
                    self.err(
                        s,
                        format!(
                            "invalid colour `{}`: after a colour come `.darken(20%)`, `.lighten(20%)` (0 to 100%) or `.ink()`, not `.{m}`",
                            s.get_ref()
                        ),
                    );
                    return Color::BLACK;
                }
            };
        }
        c
    }

    fn base_color(&mut self, s: &S) -> Color {
        if let Some(c) = self.colors.get(s.get_ref()) {
            return *c;
        }
        if s.get_ref().starts_with('#') {
            if let Some(c) = Color::parse_hex(s.get_ref()) {
                return c;
            }
            self.err(
                s,
                format!("invalid colour `{}`: expected `#rrggbb`", s.get_ref()),
            );
            return Color::BLACK;
        }
        let hint = closest(s.get_ref(), self.colors.keys().map(String::as_str))
            .map(|c| format!("did you mean `{c}`?"));
        self.err_hint(
            s,
            format!(
                "unknown colour `{}`: not in the palette nor `[colors]`",
                s.get_ref()
            ),
            hint,
        );
        Color::BLACK
    }

    fn length(&mut self, v: &raw::F, min: f64, max: f64, what: &str) -> f64 {
        let x = *v.get_ref();
        if !x.is_finite() || x < min || x > max {
            self.err(
                v,
                format!(
                    "{what} out of range: expected {min} to {max} mm, found {}",
                    shown_number(x)
                ),
            );
            return min.max(1.0);
        }
        x
    }

    fn int(&mut self, v: &raw::I, min: i64, max: i64, what: &str) -> usize {
        let x = *v.get_ref();
        if x < min || x > max {
            self.err(
                v,
                format!("{what} out of range: expected {min} to {max}, found {x}"),
            );
            return min.max(0) as usize;
        }
        x as usize
    }

    fn count(&mut self, v: &Option<raw::I>) -> usize {
        v.as_ref().map_or(1, |c| self.int(c, 1, MAX_COUNT, "count"))
    }

    fn choice<'o>(&mut self, s: &S, options: &[&'o str], what: &str) -> Option<&'o str> {
        if let Some(o) = options.iter().find(|o| **o == s.get_ref()) {
            return Some(o);
        }
        let hint =
            closest(s.get_ref(), options.iter().copied()).map(|c| format!("did you mean `{c}`?"));
        self.err_hint(
            s,
            format!(
                "unknown {what} `{}`: expected one of {}",
                s.get_ref(),
                options.join(", ")
            ),
            hint,
        );
        None
    }

    /// A text in both languages, each at most `max` characters.
    fn text(&mut self, t: &Spanned<TextRaw>, max: usize, what: &str) -> Text {
        if matches!(t.get_ref(), TextRaw::Plain(_)) && self.langs.len() > 1 {
            self.err_hint(
                t,
                format!("{what}: a plain string stands for a text only in a game of one language; this game has two"),
                Some("write `{ fr = \"...\", en = \"...\" }`, or declare `languages = [\"en\"]` (or `[\"fr\"]`) in `[game]`".into()),
            );
        }
        let text = t.get_ref().to_text();
        for (lang, v) in [("fr", &text.fr), ("en", &text.en)] {
            // Bytes bound characters from above: only a long text is counted.
            if v.len() > max && v.chars().nth(max).is_some() {
                self.err(
                    t,
                    format!(
                        "{what} too long: the {lang} text has {} characters, the limit is {max}",
                        v.chars().count()
                    ),
                );
                break;
            }
        }
        text
    }

    /// A file of the game named by `s` (data, image, font): a relative path inside the game's
    /// folder, which must exist, checked by the one rule of [`crate::base::paths::resolve`] (links
    /// resolved, inside the folder, a regular file of at most `limit` bytes). Returns the path
    /// as named (for messages) and the real path (to read). `what` names the kind of file.
    fn game_file(
        &mut self,
        s: &S,
        what: &str,
        limit: u64,
    ) -> Option<(std::path::PathBuf, std::path::PathBuf)> {
        let rel = std::path::Path::new(s.get_ref());
        let plain = !s.get_ref().is_empty()
            && rel
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
        if !plain {
            self.err(
                s,
                format!(
                    "{what} `{}`: expected a path inside the game's folder, like `art/coin.svg` (no `..`, not absolute)",
                    s.get_ref()
                ),
            );
            return None;
        }
        let path = self.folder.join(rel);
        match crate::base::paths::resolve(&self.folder, &self.folder, rel, limit) {
            Ok(real) => Some((path, real)),
            Err(_) if std::fs::symlink_metadata(&path).is_err() => {
                self.err(
                    s,
                    format!(
                        "{what} `{}` not found: no file {}",
                        s.get_ref(),
                        path.display()
                    ),
                );
                None
            }
            Err(e) => {
                self.err(s, format!("{what} `{}`: {e}", s.get_ref()));
                None
            }
        }
    }

    /// Checks that an id can name a file: 1 to 40 lowercase letters, digits and `-`.
    fn safe_id(&mut self, s: &S, what: &str) -> bool {
        let ok = is_safe_id(s.get_ref());
        if !ok {
            let shown: String = s.get_ref().chars().take(60).collect();
            self.err(
                s,
                format!("invalid {what} `{shown}`: use 1 to 40 lowercase letters, digits and `-` (it names output files)"),
            );
        }
        ok
    }

    /// Records that `what`, defined at `at`, writes the file stem `stem`; a stem already
    /// written by something else is an error here naming the first (before anything is
    /// written: otherwise one face silently replaces the other).
    fn stem<T>(&mut self, at: &Spanned<T>, stem: String, what: String) {
        // An id refused already names no file.
        if !stem
            .split('-')
            .all(|part| part.is_empty() || is_safe_id(part))
            || stem.starts_with('-')
        {
            return;
        }
        match self.stems.get(&stem) {
            Some(first) => {
                let msg = format!(
                    "{what} writes the face `{stem}` (`components/<lang>/{stem}.svg`), as {first} does: one would replace the other; rename one of them"
                );
                self.err(at, msg);
            }
            None => {
                let place = self.at(at.span(), String::new()).place();
                self.stems.insert(stem, format!("{what} at {place}"));
            }
        }
    }

    fn id(&mut self, s: &S) -> String {
        let v = s.get_ref();
        if !self.safe_id(s, "id") {
        } else if !self.ids.insert(v.clone()) {
            self.err(
                s,
                format!("duplicate id `{v}`: component ids must be unique in a game"),
            );
        }
        v.clone()
    }

    fn cells(&mut self, list: &[S], grid: &Grid) -> Vec<usize> {
        let mut out = Vec::new();
        for s in list {
            match grid.parse(s.get_ref()) {
                Some(c) => out.push(c),
                None => self.err(s, format!("no cell `{}` on this board", s.get_ref())),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn symbol(&mut self, s: &S) -> Option<Symbol> {
        Some(
            match self.choice(
                s,
                &["circle", "triangle", "square", "cross", "diamond", "star"],
                "symbol",
            )? {
                "circle" => Symbol::Circle,
                "triangle" => Symbol::Triangle,
                "square" => Symbol::Square,
                "cross" => Symbol::Cross,
                "diamond" => Symbol::Diamond,
                _ => Symbol::Star,
            },
        )
    }

    fn back(&mut self, b: &raw::BackRaw) -> Back {
        let pattern = match self.choice(&b.pattern, &["none", "diamonds", "grid"], "pattern") {
            Some("diamonds") => Pattern::Diamonds,
            Some("grid") => Pattern::Grid,
            _ => Pattern::None,
        };
        Back {
            fill: self.color(&b.fill),
            ink: self.color(&b.ink),
            title: self.text(&b.title, MAX_NAME, "title"),
            pattern,
            elements: Vec::new(),
        }
    }

    /// Checks that a component of `w` × `h` mm fits the printable area of every paper.
    fn fits_paper(&mut self, at: &Spanned<impl Sized>, w: f64, h: f64, margin: f64) {
        for paper in Paper::ALL {
            let (pw, ph) = paper.size_mm();
            let (aw, ah) = (pw - 2.0 * margin, ph - 2.0 * margin);
            if !((w <= aw && h <= ah) || (w <= ah && h <= aw)) {
                self.err(
                    at,
                    format!(
                        "component of {w:.1} × {h:.1} mm is larger than the printable area of {} ({aw:.1} × {ah:.1} mm)",
                        paper.name()
                    ),
                );
                return;
            }
        }
    }
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
        ids: BTreeSet::new(),
        stems: BTreeMap::new(),
        langs: Lang::ALL.to_vec(),
        folder: src
            .path
            .parent()
            .map_or_else(Default::default, |p| p.to_path_buf()),
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
                Err(e) => cx.err(l, e),
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
            None => cx.err(
                value,
                format!(
                    "invalid colour `{}` for `{name}`: expected `#rrggbb`",
                    value.get_ref()
                ),
            ),
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
            }
        }
    };
    let mut boards: Vec<Board> = raw.board.iter().map(|b| board(&mut cx, b)).collect();
    let mut lays = layouts::Layouts::new(&mut cx, raw, lib);
    lays.set_boards(&boards);
    for (b, r) in boards.iter_mut().zip(&raw.board) {
        if let Some(name) = &r.layout {
            b.face = board_face(&mut cx, &mut lays, name, b);
        }
    }
    let decks: Vec<Deck> = raw
        .deck
        .iter()
        .map(|d| deck(&mut cx, d, sheet.keep_out(), &mut lays))
        .collect();
    let tilesets: Vec<Tileset> = raw
        .tileset
        .iter()
        .map(|t| tileset(&mut cx, t, &decks, &raw.deck, sheet.keep_out(), &mut lays))
        .collect();
    let pieces: Vec<Piece> = raw
        .piece
        .iter()
        .map(|p| piece(&mut cx, p, sheet.keep_out(), &mut lays))
        .collect();
    let dice: Vec<Die> = raw
        .die
        .iter()
        .map(|d| die(&mut cx, d, sheet.keep_out(), &mut lays))
        .collect();
    let mats: Vec<Mat> = raw.mat.iter().map(|m| mat(&mut cx, m)).collect();
    let total: usize = boards.iter().map(|b| b.count).sum::<usize>()
        + decks
            .iter()
            .flat_map(|d| &d.cards)
            .map(|c| c.count)
            .sum::<usize>()
        + tilesets
            .iter()
            .flat_map(|t| &t.tiles)
            .map(|t| t.count)
            .sum::<usize>()
        + pieces.iter().map(|p| p.count).sum::<usize>()
        + dice.iter().map(|d| d.count).sum::<usize>()
        + mats.len();
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
        about: about_of(&mut cx, h),
    };
    // Paper is the measure of a build's work: checked before any of it is done.
    let area = game.paper_area();
    if total <= MAX_TOTAL && area > MAX_AREA_M2 {
        cx.err(
            &h.id,
            format!(
                "the game's components cover {area:.1} m² of paper; the limit is {MAX_AREA_M2} m² (about {} A4 sheets)",
                (MAX_AREA_M2 / 0.0624) as usize
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
    cx.diags.finish(game)
}

/// Checks the definition against what its rules engine declares it needs; a game without an
/// engine has no `[rules]` to read.
fn engine_needs(cx: &mut Ctx, raw: &raw::GameFile, contract: Option<&Contract>) {
    let header = &raw.game.id;
    let Some(c) = contract else {
        if let Some((k, _)) = raw.rules.iter().next() {
            cx.err(
                k,
                format!(
                    "`[rules]` has `{}`, but game `{}` has no rules engine to read it",
                    k.get_ref(),
                    header.get_ref()
                ),
            );
        }
        return;
    };
    let names: Vec<&str> = c.params.iter().map(|p| p.name).collect();
    for (k, v) in &raw.rules {
        match c.params.iter().find(|p| p.name == k.get_ref()) {
            Some(p) => {
                if !(p.min..=p.max).contains(v.get_ref()) {
                    cx.err(
                        v,
                        format!(
                            "rules parameter `{}` out of range: expected {} to {}{}, found {}",
                            p.name,
                            p.min,
                            p.max,
                            p.why,
                            v.get_ref()
                        ),
                    );
                }
            }
            None => {
                let hint = closest(k.get_ref(), names.iter().copied())
                    .map(|h| format!("did you mean `{h}`?"));
                cx.err_hint(
                    k,
                    format!(
                        "unknown rules parameter `{}`: the engine reads {}",
                        k.get_ref(),
                        names.join(", ")
                    ),
                    hint,
                );
            }
        }
    }
    let first_key = raw.rules.keys().next().map(|k| k.span());
    for p in c.params {
        if !raw.rules.keys().any(|k| k.get_ref() == p.name) {
            let msg = format!(
                "`[rules]` needs `{}` ({} to {}): the rules engine reads it",
                p.name, p.min, p.max
            );
            match &first_key {
                Some(at) => cx.diags.push(cx.src.error(at.clone(), msg)),
                None => cx.err(header, msg),
            }
        }
    }
    if let Some((kind, max)) = c.board {
        match raw.board.first() {
            None => cx.err(
                header,
                "the rules engine plays on a board: add a `[[board]]`".into(),
            ),
            Some(b) => {
                let found = match b.grid.get_ref().as_str() {
                    "triangles" => Some(GridKind::Triangles),
                    "square" => Some(GridKind::Square),
                    "hex" => Some(GridKind::Hex),
                    _ => None,
                };
                let want = match kind {
                    GridKind::Square => "square",
                    GridKind::Triangles => "triangles",
                    GridKind::Hex => "hex",
                };
                if found.is_some_and(|f| f != kind) {
                    cx.err(
                        &b.grid,
                        format!("the rules engine plays on a `{want}` grid"),
                    );
                }
                // Sizes out of their own range are reported by the board's check.
                let n = match (&b.cols, &b.rows, &b.side) {
                    (Some(c), Some(r), _) if kind == GridKind::Square => {
                        Some((c.get_ref().saturating_mul(*r.get_ref()), c.span()))
                    }
                    (_, _, Some(s)) if kind == GridKind::Triangles => Some((
                        s.get_ref().saturating_mul(*s.get_ref()).saturating_mul(6),
                        s.span(),
                    )),
                    _ => None,
                };
                let sizes_ok = [&b.cols, &b.rows, &b.side]
                    .iter()
                    .all(|v| v.as_ref().is_none_or(|v| (1..=100).contains(v.get_ref())));
                if let Some((n, span)) = n.filter(|(n, _)| sizes_ok && *n > max as i64) {
                    cx.diags.push(cx.src.error(
                        span,
                        format!("the rules engine handles boards of up to {max} cells; this one has {n}"),
                    ));
                }
            }
        }
    }
    let board_roles: Vec<&S> = raw
        .board
        .iter()
        .flat_map(|b| &b.region)
        .map(|r| &r.role)
        .collect();
    for role in &board_roles {
        if !c.roles.contains(&role.get_ref().as_str()) {
            let hint = closest(role.get_ref(), c.roles.iter().copied())
                .map(|h| format!("did you mean `{h}`?"));
            let known = if c.roles.is_empty() {
                "none".to_string()
            } else {
                c.roles.join(", ")
            };
            cx.err_hint(
                role,
                format!(
                    "unknown region role `{}`: the rules engine reads {known}",
                    role.get_ref()
                ),
                hint,
            );
        }
    }
    for need in c.roles {
        let on_first = raw
            .board
            .first()
            .is_some_and(|b| b.region.iter().any(|r| r.role.get_ref() == need));
        if !on_first {
            let at = raw.board.first().map_or(header, |b| &b.id);
            cx.err(
                at,
                format!("the rules engine reads the region `{need}` of this board: add a `[[board.region]]` with `role = \"{need}\"`"),
            );
        }
    }
    for need in c.pieces {
        if !raw.piece.iter().any(|p| p.id.get_ref() == need) {
            cx.err(
                header,
                format!("the rules engine reads the piece `{need}`: add a `[[piece]]` with `id = \"{need}\"`"),
            );
        }
    }
    if c.any_piece && raw.piece.is_empty() {
        cx.err(
            header,
            "the rules engine draws its pawns from the first `[[piece]]`: add one".into(),
        );
    }
    if !c.cards.is_empty() {
        match raw.deck.first() {
            None => cx.err(
                header,
                format!(
                    "the rules engine reads a deck of the cards {}: add a `[[deck]]`",
                    c.cards.join(", ")
                ),
            ),
            Some(d) => {
                for card in &d.card {
                    if !c.cards.contains(&card.id.get_ref().as_str()) {
                        let hint = closest(card.id.get_ref(), c.cards.iter().copied())
                            .map(|h| format!("did you mean `{h}`?"));
                        cx.err_hint(
                            &card.id,
                            format!(
                                "card `{}` is not one of the rules' cards ({})",
                                card.id.get_ref(),
                                c.cards.join(", ")
                            ),
                            hint,
                        );
                    }
                }
                for need in c.cards {
                    if !d.card.iter().any(|card| card.id.get_ref() == need) {
                        cx.err(
                            &d.id,
                            format!(
                                "the deck lacks the card `{need}`, which the rules engine plays"
                            ),
                        );
                    }
                }
            }
        }
    }
    if !c.codes.is_empty() {
        match raw.tileset.first() {
            None => cx.err(
                header,
                "the rules engine plays with a tile set: add a `[[tileset]]`".into(),
            ),
            Some(t) => {
                for (letter, name) in c.codes {
                    let ok = t
                        .codes
                        .get(&letter.to_string())
                        .is_some_and(|n| n.get_ref() == name);
                    if !ok {
                        cx.err(
                            &t.id,
                            format!("the rules engine needs the zone code {letter} = \"{name}\" in this tile set's `codes`"),
                        );
                    }
                }
            }
        }
    }
    if c.mat && raw.mat.is_empty() {
        cx.err(
            header,
            "the rules engine draws its positions on a mat: add a `[[mat]]`".into(),
        );
    }
}

/// The grid of a `hex` board: its orientation, shape and size.
fn hex_grid(cx: &mut Ctx, b: &raw::BoardRaw) -> HexGrid {
    let orientation = match &b.orientation {
        Some(o) => match cx.choice(o, &["pointy", "flat"], "orientation") {
            Some("flat") => Orientation::Flat,
            _ => Orientation::Pointy,
        },
        None => Orientation::Pointy,
    };
    let shape = match &b.shape {
        Some(s) => cx
            .choice(s, &["rectangle", "parallelogram", "hexagon"], "hex shape")
            .unwrap_or("rectangle"),
        None => "rectangle",
    };
    let max = crate::geometry::hex::MAX_SIDE as i64;
    if let Some(m) = b.border.as_ref().and_then(|v| v.first()) {
        cx.err(m, "`border` marks apply to a `triangles` grid only".into());
    }
    let shape = if shape == "hexagon" {
        for extra in [&b.cols, &b.rows].into_iter().flatten() {
            cx.err(
                extra,
                "a `hexagon` of hexes has `side`, not `cols` and `rows`".into(),
            );
        }
        let side = match &b.side {
            Some(s) => cx.int(s, 1, max / 2, "hexagon side"),
            None => {
                cx.err(&b.grid, "a `hexagon` of hexes needs `side`".into());
                1
            }
        };
        HexShape::Hexagon { side }
    } else {
        if let Some(side) = &b.side {
            cx.err(
                side,
                format!("a `{shape}` of hexes has `cols` and `rows`, not `side`"),
            );
        }
        let mut dim = |v: &Option<raw::I>, what: &str| match v {
            Some(v) => cx.int(v, 1, max, what),
            None => {
                cx.err(&b.grid, format!("a `{shape}` of hexes needs `{what}`"));
                1
            }
        };
        let (cols, rows) = (dim(&b.cols, "cols"), dim(&b.rows, "rows"));
        if shape == "parallelogram" {
            HexShape::Parallelogram { cols, rows }
        } else {
            HexShape::Rectangle { cols, rows }
        }
    };
    HexGrid::new(orientation, shape)
}

fn board(cx: &mut Ctx, b: &raw::BoardRaw) -> Board {
    let id = cx.id(&b.id);
    cx.stem(&b.id, id.clone(), format!("board `{id}`"));
    let cell = cx.length(&b.cell, 5.0, 200.0, "cell size");
    if b.grid.get_ref() != "hex" {
        for extra in [&b.orientation, &b.shape].into_iter().flatten() {
            cx.err(
                extra,
                "`orientation` and `shape` apply to a `hex` grid only".into(),
            );
        }
    }
    let grid = match cx.choice(&b.grid, &["square", "triangles", "hex"], "grid") {
        Some("hex") => Grid::Hex(hex_grid(cx, b)),
        Some("triangles") => {
            let n = match &b.side {
                Some(s) => cx.int(
                    s,
                    1,
                    crate::geometry::triangles::MAX_SIDE as i64,
                    "hexagon side",
                ),
                None => {
                    cx.err(&b.grid, "a `triangles` grid needs `side`".into());
                    1
                }
            };
            let mut pattern = Vec::new();
            for m in b.border.iter().flatten() {
                match cx.choice(m, &["hole", "plain"], "border mark") {
                    Some("hole") => pattern.push(BorderMark::Hole),
                    Some(_) => pattern.push(BorderMark::Plain),
                    None => {}
                }
            }
            if b.border.as_ref().is_none_or(Vec::is_empty) {
                cx.err(
                    &b.grid,
                    "a `triangles` grid needs `border`, the marks of its border sides".into(),
                );
            }
            if pattern.is_empty() {
                pattern.push(BorderMark::Plain);
            }
            for extra in [&b.cols, &b.rows].into_iter().flatten() {
                cx.err(extra, "`cols` and `rows` apply to `square` and `hex` grids (a `triangles` grid has `side`)".into());
            }
            let sides = 6 * n;
            if let Some(m) = b.border.as_ref().and_then(|v| v.get(sides)) {
                cx.err(
                    m,
                    format!("`border` has more marks than the board's {sides} border sides"),
                );
            }
            Grid::Triangles(TriangleGrid::new(n, &pattern))
        }
        _ => {
            let side = crate::geometry::square::MAX_SIDE as i64;
            let dim = |cx: &mut Ctx, v: &Option<raw::I>, what: &str| match v {
                Some(v) => cx.int(v, 1, side, what),
                None => {
                    cx.err(&b.grid, format!("a `square` grid needs `{what}`"));
                    1
                }
            };
            let cols = dim(cx, &b.cols, "cols");
            let rows = dim(cx, &b.rows, "rows");
            if let Some(border) = b.border.as_ref().and_then(|v| v.first()) {
                cx.err(
                    border,
                    "`border` marks apply to a `triangles` grid only".into(),
                );
            }
            if let Some(side) = &b.side {
                cx.err(side, "`side` applies to `triangles` and `hex` hexagons (a square grid has `cols` and `rows`)".into());
            }
            Grid::Square(SquareGrid { cols, rows })
        }
    };
    let regions = b
        .region
        .iter()
        .map(|r| {
            let mut cells = Vec::new();
            let mut given = 0;
            if let Some(sel) = &r.select {
                given += 1;
                if cx.choice(sel, &["border"], "selection").is_some() {
                    cells.extend((0..grid.len()).filter(|&c| grid.is_border(c)));
                }
            }
            if let Some(ranks) = &r.ranks {
                given += 1;
                match &grid {
                    Grid::Square(g) => {
                        for rank in ranks {
                            let k = cx.int(rank, 1, g.rows as i64, "rank");
                            cells.extend((0..g.cols).map(|f| (k.max(1) - 1) * g.cols + f));
                        }
                    }
                    Grid::Hex(g) => {
                        // The rows of the cells' names.
                        let rows = (0..g.len())
                            .filter_map(|c| {
                                g.name(c)
                                    .trim_start_matches(|ch: char| ch.is_ascii_lowercase())
                                    .parse::<i64>()
                                    .ok()
                            })
                            .max()
                            .unwrap_or(1);
                        for rank in ranks {
                            let k = cx.int(rank, 1, rows, "row");
                            cells.extend((0..g.len()).filter(|&c| {
                                g.name(c)
                                    .trim_start_matches(|ch: char| ch.is_ascii_lowercase())
                                    == k.to_string()
                            }));
                        }
                    }
                    Grid::Triangles(_) => {
                        if let Some(first) = ranks.first() {
                            cx.err(
                                first,
                                "`ranks` apply to a `square` or `hex` grid only".into(),
                            );
                        }
                    }
                }
            }
            if let Some(list) = &r.cells {
                given += 1;
                cells.extend(cx.cells(list, &grid));
            }
            if given != 1 {
                cx.err(
                    &r.role,
                    "a region needs exactly one of `select`, `ranks`, `cells`".into(),
                );
            }
            cells.sort_unstable();
            cells.dedup();
            Region {
                role: r.role.get_ref().clone(),
                cells,
                fill: cx.color(&r.fill),
            }
        })
        .collect();
    let marks = b
        .mark
        .iter()
        .map(|m| Mark {
            cells: cx.cells(&m.cells, &grid),
            shape: match cx.choice(&m.shape, &["ring", "dot", "cross"], "mark shape") {
                Some("dot") => MarkShape::Dot,
                Some("cross") => MarkShape::Cross,
                _ => MarkShape::Ring,
            },
            color: cx.color(&m.color),
        })
        .collect();
    let mut board = Board {
        face: Vec::new(),
        id,
        name: cx.text(&b.name, MAX_NAME, "name"),
        cell,
        fill: cx.color(&b.fill),
        alt_fill: b.alt_fill.as_ref().map(|c| cx.color(c)),
        line: cx.color(&b.line),
        frame: cx.color(&b.frame),
        coords: b.coords,
        count: cx.count(&b.count),
        regions,
        marks,
        track: None,
        grid,
    };
    board.track = b
        .track
        .as_ref()
        .and_then(|t| track(cx, t, (board.fill, board.line), cell));
    board
}

/// Most spaces of a score track.
const MAX_TRACK: i64 = 200;

fn track(
    cx: &mut Ctx,
    t: &raw::TrackRaw,
    (b_fill, b_line): (Color, Color),
    cell: f64,
) -> Option<Track> {
    let from = t
        .from
        .as_ref()
        .map_or(0, |f| cx.int(f, 0, 9999, "from") as i64);
    let to = *t.to.get_ref();
    let n = to - from + 1;
    let path = match t
        .path
        .as_ref()
        .map(|p| cx.choice(p, &["around", "rows"], "track path"))
    {
        Some(Some("rows")) => TrackPath::Rows,
        _ => TrackPath::Around,
    };
    let least = if path == TrackPath::Around { 8 } else { 1 };
    if n < least || n > MAX_TRACK || to > 9999 {
        cx.err(
            &t.to,
            format!(
                "a track from {from} to {to} has {n} spaces: {least} to {MAX_TRACK}{}",
                if path == TrackPath::Around {
                    " (4 corners and a space on each side)"
                } else {
                    ""
                }
            ),
        );
        return None;
    }
    let space = t.space.as_ref().map_or((cell).clamp(8.0, 15.0), |s| {
        cx.length(s, 5.0, 40.0, "track space")
    });
    let fill = t.fill.as_ref().map_or(b_fill, |c| cx.color(c));
    Some(Track {
        from,
        to,
        path,
        space,
        fill,
        highlight: t
            .highlight
            .as_ref()
            .map_or(fill.darken(0.12), |c| cx.color(c)),
        every: t
            .every
            .as_ref()
            .map_or(5, |e| cx.int(e, 1, 100, "every") as i64),
        line: t.line.as_ref().map_or(b_line, |c| cx.color(c)),
    })
}

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
        cx.length(v, 4.0, 72.0, "title size (pt)")
    });
    let text_size = s.text_size.as_ref().map_or(base.text_size, |v| {
        cx.length(v, 4.0, 72.0, "text size (pt)")
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

fn deck(cx: &mut Ctx, d: &raw::DeckRaw, margin: f64, lays: &mut layouts::Layouts) -> Deck {
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
        if let (Some((shown, real)), Some(sep)) = (path, sep) {
            match crate::definition::data::read_as(&real, &shown, sep) {
                Ok(table) => {
                    // The cards of a data file: their errors are placed in the data file.
                    let mut sub = Ctx {
                        src: &table.src,
                        lib: cx.lib,
                        diags: Diagnostics::default(),
                        colors: cx.colors.clone(),
                        ids: BTreeSet::new(),
                        stems: std::mem::take(&mut cx.stems),
                        langs: cx.langs.clone(),
                        folder: cx.folder.clone(),
                    };
                    for c in data_cards(&mut sub, &table) {
                        cards.push(card(&mut sub, &c, &id, &mut card_ids));
                    }
                    cx.stems = sub.stems;
                    cx.diags.0.extend(sub.diags.0);
                }
                Err(e) => cx.diags.0.extend(e.0),
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
    let line = style.text_size * 25.4 / 72.0 * 1.2;
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
    let mut fields = BTreeMap::new();
    let mut field_places = BTreeMap::new();
    for (name, value) in &c.fields {
        if !is_field_name(name.get_ref()) {
            cx.err(
                name,
                format!(
                    "invalid field name `{}`: use lowercase letters, digits and `_`, starting with a letter",
                    name.get_ref()
                ),
            );
        } else if BUILT_IN_FIELDS.contains(&name.get_ref().as_str()) {
            cx.err(
                name,
                format!(
                    "`{}` is a card's own key, not a field: write it beside `id`",
                    name.get_ref()
                ),
            );
        }
        let v = value.get_ref().to_text();
        if v.fr.len() > MAX_TEXT || v.en.len() > MAX_TEXT {
            cx.err(
                value,
                format!("field too long: the limit is {MAX_TEXT} bytes"),
            );
        }
        fields.insert(name.get_ref().clone(), v);
        field_places.insert(
            name.get_ref().clone(),
            std::sync::Arc::new(cx.src.error(value.span(), "")),
        );
    }
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

/// A card's own keys, which a field may not be named.
const BUILT_IN_FIELDS: [&str; 7] = ["id", "title", "text", "tag", "fill", "count", "picto"];

/// True for a field name: a lowercase letter, then lowercase letters, digits and `_`.
fn is_field_name(s: &str) -> bool {
    s.len() <= 40
        && s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The columns of one field in a data file: plain, French, English.
type Columns = (Option<usize>, Option<usize>, Option<usize>);

/// The cards of a data file, as if written in TOML: every value keeps its place in the file. The
/// columns `id`, `title`, `text`, `tag`, `fill`, `count` are the card's own; any other column is a
/// field. A translated text has a column per language (`title_fr`, `title_en`).
fn data_cards(cx: &mut Ctx, table: &crate::definition::data::Table) -> Vec<raw::CardRaw> {
    use crate::definition::data::Field;
    let mut columns: BTreeMap<String, Columns> = BTreeMap::new();
    let header_at =
        |i: usize| Spanned::new(table.header[i].span.clone(), table.header[i].text.clone());
    for (i, h) in table.header.iter().enumerate() {
        let name = h.text.trim();
        let (base, slot) = match name.rsplit_once('_') {
            Some((b, "fr")) => (b, 1),
            Some((b, "en")) => (b, 2),
            _ => (name, 0),
        };
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

fn tileset(
    cx: &mut Ctx,
    t: &raw::TilesetRaw,
    decks: &[Deck],
    raw_decks: &[raw::DeckRaw],
    margin: f64,
    lays: &mut layouts::Layouts,
) -> Tileset {
    let id = cx.id(&t.id);
    let size = cx.length(&t.size, 10.0, 200.0, "tile size");
    cx.fits_paper(&t.size, size, size, margin);
    let mut zone_colors = Vec::new();
    for (name, sym) in &t.symbols {
        let color = cx.colors.get(name).copied();
        match (color, cx.symbol(sym)) {
            (Some(c), Some(s)) => zone_colors.push((name.clone(), c, s)),
            (None, _) => cx.err(
                sym,
                format!("`symbols` names `{name}`, which is not a colour of the palette"),
            ),
            _ => {}
        }
    }
    let mut codes = Vec::new();
    for (letter, name) in &t.codes {
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => {
                if zone_colors.iter().any(|z| &z.0 == name.get_ref()) {
                    codes.push((c, name.get_ref().clone()));
                } else {
                    let hint = closest(name.get_ref(), zone_colors.iter().map(|z| z.0.as_str()))
                        .map(|c| format!("did you mean `{c}`?"));
                    cx.err_hint(
                        name,
                        format!(
                            "code `{letter}` names `{}`, which has no entry in `symbols`",
                            name.get_ref()
                        ),
                        hint,
                    );
                }
            }
            _ => cx.err(
                name,
                format!("code `{letter}`: expected one uppercase letter"),
            ),
        }
    }
    let mut tiles = Vec::new();
    if let (Some(deck_id), false) = (&t.from_deck, t.codes.is_empty() && t.symbols.is_empty()) {
        cx.err(
            deck_id,
            "`codes` and `symbols` apply to tiles with `zones`, not to tiles made `from_deck`"
                .into(),
        );
    }
    if let Some(deck_id) = &t.from_deck {
        match decks.iter().find(|d| &d.id == deck_id.get_ref()) {
            Some(d) => {
                // The deck's layout (or the tile set's own) placed again at the tile's size.
                let layout = t.layout.as_ref().or_else(|| {
                    raw_decks
                        .iter()
                        .find(|r| r.id.get_ref() == deck_id.get_ref())
                        .and_then(|r| r.layout.as_ref())
                });
                let before = cx.diags.0.len();
                let shapes_of = layout.and_then(|name| lays.elements(cx, name));
                let safe = d.safe.min(size / 4.0);
                let shapes = shapes_of
                    .as_ref()
                    .map(|e| lays.shapes(cx, e, (size, size), 0.0, safe));
                for c in &d.cards {
                    let mut c = c.clone();
                    c.layout = shapes.as_ref().map(|sh| lays.face(cx, sh, &c, d.style.ink));
                    tiles.push(Tile {
                        count: c.count,
                        face: TileFace::Card(Box::new(c), d.style),
                        elements: Vec::new(),
                    });
                }
                // The deck's own layout was checked with the deck: its mistakes are not the
                // tile set's to report a second time.
                if t.layout.is_none() {
                    cx.diags.0.truncate(before);
                }
            }
            None => cx.err(
                deck_id,
                format!(
                    "no deck `{}` defined before this tile set",
                    deck_id.get_ref()
                ),
            ),
        }
    }
    // Tiles of zones or squares, each drawn by a layout: its own, the set's, or the library's.
    let mut drawn: Vec<(TileFace, usize, S)> = Vec::new();
    for tile in &t.tile {
        let count = cx.count(&tile.count);
        let layout = |default: &str, at: &S| {
            tile.layout
                .clone()
                .or_else(|| t.layout.clone())
                .unwrap_or_else(|| Spanned::new(at.span(), default.to_string()))
        };
        match (&tile.zones, &tile.squares) {
            (Some(z), None) => {
                let letters: Vec<char> = z.get_ref().chars().collect();
                let names: Vec<Option<String>> = letters
                    .iter()
                    .map(|l| codes.iter().find(|c| c.0 == *l).map(|c| c.1.clone()))
                    .collect();
                if letters.len() != 4 || names.iter().any(Option::is_none) {
                    let known: String = codes.iter().map(|c| c.0).collect();
                    cx.err(
                        z,
                        format!(
                            "zones `{}`: expected 4 letters among `{known}`",
                            z.get_ref()
                        ),
                    );
                } else {
                    let n: Vec<String> = names.into_iter().flatten().collect();
                    drawn.push((
                        TileFace::Zones([n[0].clone(), n[1].clone(), n[2].clone(), n[3].clone()]),
                        count,
                        layout("tile-zones", z),
                    ));
                }
            }
            (None, Some(sq)) if sq.len() == 4 => {
                let c: Vec<Color> = sq.iter().map(|s| cx.color(s)).collect();
                drawn.push((
                    TileFace::Squares([c[0], c[1], c[2], c[3]]),
                    count,
                    layout("tile-squares", &sq[0]),
                ));
            }
            (None, Some(sq)) => {
                let at = sq.first().map_or_else(|| t.id.span(), |s| s.span());
                cx.diags.push(cx.src.error(
                    at,
                    format!("squares: expected 4 colours, found {}", sq.len()),
                ));
            }
            _ => cx.err(
                &t.id,
                "each `[[tileset.tile]]` needs exactly one of `zones`, `squares`".into(),
            ),
        }
    }
    // Each layout read and checked once, however many tiles use it.
    let mut elements: Vec<(String, Option<Vec<raw::ElementRaw>>)> = Vec::new();
    for (_, _, name) in &drawn {
        if !elements.iter().any(|(n, _)| n == name.get_ref()) {
            let e = lays.elements(cx, name);
            elements.push((name.get_ref().clone(), e));
        }
    }
    let shapes: Vec<(&str, Option<Vec<layouts::Shape>>)> = elements
        .iter()
        .map(|(n, e)| {
            (
                n.as_str(),
                e.as_ref()
                    .map(|e| lays.shapes(cx, e, (size, size), 0.0, 0.0)),
            )
        })
        .collect();
    let tile_name = cx.text(&t.name, MAX_NAME, "name");
    let zone_of = |name: &str| {
        zone_colors
            .iter()
            .find(|z| z.0 == name)
            .map_or((Color::BLACK, ""), |z| (z.1, z.2.name()))
    };
    let values_of = |face: &TileFace, n: usize| {
        let tid = format!("{}-{:02}", t.id.get_ref(), n);
        match face {
            TileFace::Zones(z) => {
                let zs = z.clone().map(|name| zone_of(&name));
                let mut f: Vec<(String, String)> = Vec::new();
                for (i, (c, sym)) in zs.iter().enumerate() {
                    f.push((format!("zone{}", i + 1), c.to_string()));
                    f.push((format!("symbol{}", i + 1), sym.to_string()));
                }
                values(&tid, &tile_name, zs[0].0, f)
            }
            TileFace::Squares(c) => {
                let f: Vec<(String, String)> = c
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (format!("square{}", i + 1), c.to_string()))
                    .collect();
                values(&tid, &tile_name, c[0], f)
            }
            TileFace::Card(..) => values(&tid, &tile_name, Color::BLACK, Vec::new()),
        }
    };
    let ink = Color::rgb(0x1d, 0x1d, 0x1b);
    let first = tiles.len();
    for (face, count, name) in &drawn {
        let n = tiles.len() + 1;
        let sh = shapes.iter().find(|(s, _)| s == name.get_ref());
        let elements = match sh {
            Some((_, Some(sh))) => lays.face_of("tile", cx, sh, &values_of(face, n), ink),
            _ => Vec::new(),
        };
        tiles.push(Tile {
            face: face.clone(),
            count: *count,
            elements,
        });
    }
    // Every other arrangement of the zone colours, for an engine's diagrams, drawn by the
    // layout of the set's zone tiles; its mistakes were reported with the set's tiles.
    let mut zone_faces = std::collections::BTreeMap::new();
    let zone_layout = drawn
        .iter()
        .find(|(f, _, _)| matches!(f, TileFace::Zones(_)))
        .and_then(|(_, _, name)| shapes.iter().find(|(s, _)| s == name.get_ref()))
        .and_then(|(_, sh)| sh.as_ref());
    let k = codes.len();
    if let (Some(sh), true) = (zone_layout, (1..=6).contains(&k)) {
        let before = cx.diags.0.len();
        for i in 0..k.pow(4) {
            let names: [String; 4] = [0, 1, 2, 3].map(|z| codes[i / k.pow(z as u32) % k].1.clone());
            let face = TileFace::Zones(names.clone());
            if tiles[first..].iter().any(|t| t.face == face) {
                continue;
            }
            let el = lays.face_of("tile", cx, sh, &values_of(&face, 0), ink);
            zone_faces.insert(names, el);
        }
        cx.diags.0.truncate(before);
    }
    if tiles.is_empty() {
        cx.err(
            &t.id,
            "a tile set needs `from_deck` or at least one `[[tileset.tile]]`".into(),
        );
    }
    if t.back.is_some() {
        cx.stem(
            &t.id,
            format!("{id}-back"),
            format!("the back of tile set `{id}`"),
        );
    }
    for i in 0..tiles.len() {
        let what = format!("tile {} of tile set `{id}`", i + 1);
        cx.stem(&t.id, format!("{id}-{:02}", i + 1), what);
    }
    Tileset {
        id,
        name: tile_name,
        size,
        codes,
        zone_colors,
        back: t.back.as_ref().map(|b| {
            let mut back = cx.back(b);
            back.elements = back_face(cx, lays, b, &back, (size, size), 0.0);
            back
        }),
        tiles,
        zone_faces,
    }
}

/// The elements of a shared back of `w` × `h` mm: its layout (the library's `card-back` by
/// default) with its title, colours and pattern.
fn back_face(
    cx: &mut Ctx,
    lays: &mut layouts::Layouts,
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

/// The elements of a board's printed face, from its layout: `{title}`, `{fill}`, `{line}` and
/// `{frame}`, and the board itself where an element of kind `board` names no other.
fn board_face(cx: &mut Ctx, lays: &mut layouts::Layouts, name: &S, b: &Board) -> Vec<Element> {
    let Some(elements) = lays.elements(cx, name) else {
        return Vec::new();
    };
    let shapes = lays.shapes(cx, &elements, b.extent(), 0.0, 0.0);
    let values = values(
        &b.id,
        &b.name,
        b.fill,
        vec![
            ("line".into(), b.line.to_string()),
            ("frame".into(), b.frame.to_string()),
        ],
    );
    let face = lays.face_of("board", cx, &shapes, &values, b.line);
    if !face
        .iter()
        .any(|e| matches!(e.kind, ElementKind::Board(None)))
    {
        cx.err(
            name,
            format!(
                "board `{}`: its layout `{}` has no element of kind `board` that draws it",
                b.id,
                name.get_ref()
            ),
        );
    }
    face
}

/// The values a layout reads for a component that is not a card: `{id}`, `{title}` (its name),
/// `{fill}`, `{fill_ink}` and `fields`.
fn values(id: &str, name: &Text, fill: Color, fields: Vec<(String, String)>) -> Card {
    Card {
        id: id.to_string(),
        title: name.clone(),
        text: Text::default(),
        tag: None,
        fill,
        count: 1,
        picto: None,
        fields: fields
            .into_iter()
            .map(|(k, v)| {
                (
                    k,
                    Text {
                        fr: v.clone(),
                        en: v,
                    },
                )
            })
            .collect(),
        layout: None,
        places: None,
    }
}

fn piece(cx: &mut Ctx, p: &raw::PieceRaw, margin: f64, lays: &mut layouts::Layouts) -> Piece {
    let id = cx.id(&p.id);
    cx.stem(&p.id, id.clone(), format!("piece `{id}`"));
    let shape_name = cx
        .choice(
            &p.shape,
            &["disc", "square", "triangle", "brick"],
            "piece shape",
        )
        .unwrap_or("disc");
    let shape = match shape_name {
        "square" => PieceShape::Square,
        "triangle" => PieceShape::Triangle,
        "brick" => PieceShape::Brick,
        _ => PieceShape::Disc,
    };
    let mut piece = Piece {
        id,
        name: cx.text(&p.name, MAX_NAME, "name"),
        shape,
        size: cx.length(&p.size, 5.0, 150.0, "piece size"),
        fill: cx.color(&p.fill),
        line: cx.color(&p.line),
        back: p.back.as_ref().map(|c| cx.color(c)),
        symbol: p.symbol.as_ref().and_then(|s| cx.symbol(s)),
        count: cx.int(&p.count, 1, MAX_COUNT, "count"),
        front_face: Vec::new(),
        back_face: None,
    };
    let (w, h) = piece.extent();
    cx.fits_paper(&p.size, w, h, margin);
    // A piece is drawn by its layout, by default the library's for its shape (`piece-disc`...).
    let default = Spanned::new(p.shape.span(), format!("piece-{shape_name}"));
    let name = p.layout.as_ref().unwrap_or(&default);
    if let Some(elements) = lays.elements(cx, name) {
        let shapes = lays.shapes(cx, &elements, (w, h), 0.0, 0.0);
        let symbol = p
            .symbol
            .as_ref()
            .filter(|_| piece.symbol.is_some())
            .map_or(String::new(), |s| s.get_ref().clone());
        let back = piece.back.map_or(String::new(), |c| c.to_string());
        let face = |fill: Color, symbol: &str, side: &str| {
            values(
                &piece.id,
                &piece.name,
                fill,
                vec![
                    ("line".into(), piece.line.to_string()),
                    ("symbol".into(), symbol.into()),
                    ("back".into(), back.clone()),
                    ("face".into(), side.into()),
                ],
            )
        };
        let front = face(piece.fill, &symbol, "front");
        let back_face = piece.back.map(|b| face(b, "", "back"));
        piece.front_face = lays.face_of("piece", cx, &shapes, &front, piece.line);
        piece.back_face = back_face.map(|b| lays.face_of("piece", cx, &shapes, &b, piece.line));
    }
    if piece.back_face.is_some() {
        let id = &piece.id;
        cx.stem(
            &p.id,
            format!("{id}-back"),
            format!("the back of piece `{id}`"),
        );
    }
    piece
}

/// A face's fields, in the order written.
type Fields = Vec<(String, String)>;

/// The longest text a die face shows.
const MAX_DIE_TEXT: usize = 12;

/// Where the pips of `n` stand on a face, by the names a die face's layout reads.
const PIPS: [&[&str]; 6] = [
    &["c"],
    &["nw", "se"],
    &["nw", "c", "se"],
    &["nw", "ne", "sw", "se"],
    &["nw", "ne", "c", "sw", "se"],
    &["nw", "ne", "w", "e", "sw", "se"],
];

/// One die face's values as written (a number of pips, a text, `":icon:"` or a table of
/// fields): its fields, the colour it overrides, and where each field was written.
fn die_face(
    cx: &mut Ctx,
    i: usize,
    v: &Spanned<toml::Value>,
    lays: &layouts::Layouts,
) -> Option<(Fields, Option<Color>)> {
    let n = i + 1;
    let mut fields: Vec<(String, String)> = Vec::new();
    let mut fill = None;
    let pips = |cx: &mut Ctx, k: i64| {
        if (1..=6).contains(&k) {
            Some(k as usize)
        } else {
            cx.err(
                v,
                format!(
                    "face {n}: {k} pips; a face has 1 to 6 (write a number as text, `\"{k}\"`)"
                ),
            );
            None
        }
    };
    let icon = |cx: &mut Ctx, name: &str| {
        if lays.icon(name).is_some() {
            Some(name.to_string())
        } else {
            cx.err(v, format!("face {n}: no icon `{name}` in `[icons]`"));
            None
        }
    };
    let text = |cx: &mut Ctx, t: &str| {
        if t.trim().is_empty() || t.chars().count() > MAX_DIE_TEXT {
            cx.err(
                v,
                format!("face {n}: `{t}`: a face's text has 1 to {MAX_DIE_TEXT} characters"),
            );
            None
        } else {
            Some(t.to_string())
        }
    };
    match v.get_ref() {
        toml::Value::Integer(k) => fields.push(("pips".into(), pips(cx, *k)?.to_string())),
        toml::Value::String(t) => match t.strip_prefix(':').and_then(|r| r.strip_suffix(':')) {
            Some(name) => fields.push(("icon".into(), icon(cx, name)?)),
            None => fields.push(("text".into(), text(cx, t)?)),
        },
        toml::Value::Table(t) => {
            for (k, val) in t {
                if !k
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                    || ["face", "pip"].contains(&k.as_str())
                    || k.starts_with("pip_")
                {
                    cx.err(
                        v,
                        format!("face {n}: `{k}` is set by the die; name the field otherwise"),
                    );
                    return None;
                }
                let got = match (k.as_str(), val) {
                    ("pips", toml::Value::Integer(x)) => pips(cx, *x)?.to_string(),
                    ("icon", toml::Value::String(x)) => icon(cx, x.trim_matches(':'))?,
                    ("text", toml::Value::String(x)) => text(cx, x)?,
                    ("pips" | "icon" | "text", _) => {
                        cx.err(
                            v,
                            format!(
                                "face {n}: `{k}` expected {}, found {}",
                                match k.as_str() {
                                    "pips" => "a number of pips, 1 to 6",
                                    "icon" => "the name of an icon",
                                    _ => "a text",
                                },
                                val.type_str()
                            ),
                        );
                        return None;
                    }
                    (_, toml::Value::String(x)) if x.chars().count() <= MAX_NAME => x.clone(),
                    (_, toml::Value::Integer(x)) => x.to_string(),
                    (_, toml::Value::Float(x)) => shown_number(*x),
                    (_, other) => {
                        cx.err(
                            v,
                            format!(
                                "face {n}: `{k}` expected {}, found {}",
                                "a short text or a number",
                                other.type_str()
                            ),
                        );
                        return None;
                    }
                };
                if k == "fill" {
                    let before = cx.diags.0.len();
                    let c = cx.color(&Spanned::new(v.span(), got.clone()));
                    if cx.diags.0.len() > before {
                        for d in &mut cx.diags.0[before..] {
                            d.message = format!("face {n}: {}", d.message);
                        }
                        return None;
                    }
                    fill = Some(c);
                }
                fields.push((k.clone(), got));
            }
            if t.is_empty() {
                cx.err(
                    v,
                    format!("face {n}: an empty table; give `pips`, `text`, `icon` or fields"),
                );
                return None;
            }
        }
        other => {
            cx.err(
                v,
                format!(
                    "face {n}: expected a number of pips, a text, `\":icon:\"` or a table of fields, found {}",
                    other.type_str()
                ),
            );
            return None;
        }
    }
    Some((fields, fill))
}

fn die(cx: &mut Ctx, d: &raw::DieRaw, margin: f64, lays: &mut layouts::Layouts) -> Die {
    let id = cx.id(&d.id);
    cx.stem(&d.id, id.clone(), format!("die `{id}`"));
    let face = cx.length(&d.face, 8.0, 60.0, "die face");
    let mut die = Die {
        id,
        name: cx.text(&d.name, MAX_NAME, "name"),
        face,
        fill: cx.color(&d.fill),
        pip: cx.color(&d.pip),
        faces: vec![Vec::new(); 6],
        count: cx.count(&d.count),
    };
    let (w, h) = die.extent();
    cx.fits_paper(&d.face, w, h, margin);
    let written = d.faces.get_ref();
    if written.len() != 6 {
        cx.err(
            &d.faces,
            format!("faces: expected 6 values, found {}", written.len()),
        );
        return die;
    }
    // Each face is drawn by its layout, by default the library's `die-face`.
    let default = Spanned::new(d.faces.span(), "die-face".to_string());
    let name = d.layout.as_ref().unwrap_or(&default);
    let Some(elements) = lays.elements(cx, name) else {
        return die;
    };
    let shapes = lays.shapes(cx, &elements, (face, face), 0.0, 0.0);
    let read: Vec<_> = written
        .iter()
        .enumerate()
        .map(|(i, v)| die_face(cx, i, v, lays))
        .collect();
    // Every face has every field some face gives (empty where it gives none).
    let mut keys: Vec<String> = ["pips", "text", "icon"].map(String::from).to_vec();
    for (fields, _) in read.iter().flatten() {
        for (k, _) in fields {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    for (i, (v, got)) in written.iter().zip(read).enumerate() {
        let Some((mut fields, fill)) = got else {
            continue;
        };
        let pips: usize = fields
            .iter()
            .find(|(k, _)| k == "pips")
            .and_then(|(_, x)| x.parse().ok())
            .unwrap_or(0);
        for key in &keys {
            if !fields.iter().any(|(k, _)| k == key) {
                fields.push((key.clone(), String::new()));
            }
        }
        for spot in ["nw", "ne", "w", "c", "e", "sw", "se"] {
            let on = pips > 0 && PIPS[pips - 1].contains(&spot);
            fields.push((format!("pip_{spot}"), if on { "1" } else { "" }.into()));
        }
        fields.push(("face".into(), (i + 1).to_string()));
        fields.push(("pip".into(), die.pip.to_string()));
        // Warnings about a face's text are placed at the face's value.
        let place = std::sync::Arc::new(cx.at(v.span(), String::new()));
        let mut values = values(&die.id, &die.name, fill.unwrap_or(die.fill), fields);
        // `{text}` is a card's own text.
        if let Some(t) = values.fields.remove("text") {
            values.text = t;
        }
        values.places = Some(Box::new(CardPlaces {
            title: cx.at(d.name.span(), String::new()).into(),
            text: place.clone(),
            tag: None,
            fields: values
                .fields
                .keys()
                .map(|k| (k.clone(), place.clone()))
                .collect(),
        }));
        die.faces[i] = lays.face_of("die", cx, &shapes, &values, die.pip);
    }
    die
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

/// `[engine]`: a command of 1 to 16 words of at most 200 characters each, run in the game's
/// folder.
fn engine_def(cx: &mut Ctx, e: &raw::EngineRaw) -> Option<EngineDef> {
    let words = e.command.get_ref();
    if words.is_empty() || words.len() > 16 {
        cx.err(
            &e.command,
            format!(
                "`[engine] command`: 1 to 16 words, the program then its arguments (found {})",
                words.len()
            ),
        );
        return None;
    }
    for w in words {
        if w.get_ref().is_empty() || w.get_ref().chars().count() > 200 || w.get_ref().contains('\0')
        {
            cx.err(
                w,
                "`[engine] command`: each word is 1 to 200 characters".into(),
            );
            return None;
        }
    }
    // The program is a bare name (found on PATH when it starts) or a file of the game's own:
    // a path that, links resolved, lies inside the game's folder and is a regular file. A game
    // never names a program elsewhere on the disk (`../../evil.sh`, `/tmp/x`).
    let program = &words[0];
    if program.get_ref().contains('/') {
        if let Err(why) = crate::base::paths::program_in(&cx.folder, program.get_ref()) {
            cx.err(program, format!("`[engine] command`: {why}"));
            return None;
        }
    }
    Some(EngineDef {
        command: words.iter().map(|w| w.get_ref().clone()).collect(),
        dir: cx.folder.clone(),
    })
}

/// Longest diagram token, in characters (a tile's zone codes are four).
const MAX_TOKEN: usize = 8;

/// `[diagram]`: the ground and the tokens of position diagrams. Without the table, a game with
/// a board draws on its first board and one with a mat on a plane of its squares.
fn diagram_def(
    cx: &mut Ctx,
    raw: &raw::GameFile,
    boards: &[Board],
    tilesets: &[Tileset],
    pieces: &[Piece],
    mats: &[Mat],
) -> Option<DiagramDef> {
    let find = |cx: &mut Ctx, id: &S, ids: Vec<&str>, what: &str| -> Option<usize> {
        let i = ids.iter().position(|x| x == id.get_ref());
        if i.is_none() {
            let hint =
                closest(id.get_ref(), ids.iter().copied()).map(|c| format!("did you mean `{c}`?"));
            cx.err_hint(
                id,
                format!("`[diagram]`: no {what} `{}`", id.get_ref()),
                hint,
            );
        }
        i
    };
    let plane = |m: &Mat| Ground::Plane {
        cell: m.cell,
        fill: m.fill,
        line: m.line,
    };
    // Without a choice: the first board, else a plane of the first mat's squares.
    let default_ground = || {
        if boards.is_empty() {
            mats.first().map(plane)
        } else {
            Some(Ground::Board(0))
        }
    };
    let Some(d) = &raw.diagram else {
        return default_ground().map(|ground| DiagramDef {
            ground,
            tokens: Vec::new(),
            tiles: None,
            highlight: Vec::new(),
        });
    };
    let r = d.get_ref();
    let ground = match (&r.board, &r.plane) {
        (Some(b), None) => Ground::Board(find(
            cx,
            b,
            boards.iter().map(|x| x.id.as_str()).collect(),
            "board",
        )?),
        (None, Some(m)) => {
            let i = find(cx, m, mats.iter().map(|x| x.id.as_str()).collect(), "mat")?;
            plane(&mats[i])
        }
        (None, None) => match default_ground() {
            Some(g) => g,
            None => {
                cx.err(
                    d,
                    "`[diagram]`: the game has no board, and no mat to draw a plane with: name one with `board` or `plane`".into(),
                );
                return None;
            }
        },
        (Some(b), Some(_)) => {
            cx.err(b, "`[diagram]`: `board` or `plane`, not both".into());
            return None;
        }
    };
    let mut tokens = Vec::new();
    for (tok, look) in &r.tokens {
        if tok.is_empty()
            || tok.chars().count() > MAX_TOKEN
            || tok.chars().any(char::is_whitespace)
            || tok == "."
        {
            cx.err(
                look,
                format!("`[diagram]`: token `{tok}` must be 1 to {MAX_TOKEN} characters without spaces, and not `.` (an empty cell)"),
            );
            continue;
        }
        let (id, face, label) = match look.get_ref() {
            raw::TokenRaw::Piece(id) => (id, None, None),
            raw::TokenRaw::Full { piece, face, label } => (piece, face.as_deref(), label.clone()),
        };
        let Some(piece) = find(
            cx,
            &Spanned::new(look.span(), id.clone()),
            pieces.iter().map(|p| p.id.as_str()).collect(),
            "piece",
        ) else {
            continue;
        };
        let back = match face {
            None | Some("front") => false,
            Some("back") if pieces[piece].back_face.is_some() => true,
            Some("back") => {
                cx.err(
                    look,
                    format!("`[diagram]`: token `{tok}`: piece `{id}` has no back face"),
                );
                false
            }
            Some(other) => {
                cx.err(
                    look,
                    format!(
                        "`[diagram]`: token `{tok}`: face `{other}` (expected `front` or `back`)"
                    ),
                );
                false
            }
        };
        if label
            .as_ref()
            .is_some_and(|l| l.chars().count() > MAX_TOKEN)
        {
            cx.err(
                look,
                format!("`[diagram]`: token `{tok}`: a label is at most {MAX_TOKEN} characters"),
            );
        }
        tokens.push((tok.clone(), TokenLook { piece, back, label }));
    }
    let tiles = r.tiles.as_ref().and_then(|t| {
        find(
            cx,
            t,
            tilesets.iter().map(|x| x.id.as_str()).collect(),
            "tile set",
        )
    });
    Some(DiagramDef {
        ground,
        tokens,
        tiles,
        highlight: r.highlight.iter().map(|h| h.get_ref().clone()).collect(),
    })
}

fn mat(cx: &mut Ctx, m: &raw::MatRaw) -> Mat {
    let id = cx.id(&m.id);
    cx.stem(&m.id, id.clone(), format!("mat `{id}`"));
    Mat {
        id,
        name: cx.text(&m.name, MAX_NAME, "name"),
        cols: cx.int(&m.cols, 1, 60, "mat columns"),
        rows: cx.int(&m.rows, 1, 60, "mat rows"),
        cell: cx.length(&m.cell, 5.0, 100.0, "mat cell"),
        fill: cx.color(&m.fill),
        line: cx.color(&m.line),
    }
}
