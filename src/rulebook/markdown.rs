//! Markdown → blocks, with `position` and `component` fenced blocks turned into figures.

use super::example::{self, Example};
use super::{Block, Figure, Panel, Rulebook, Span};
use crate::base::diag::{Diagnostics, Source};
use crate::base::lang::Lang;
use crate::definition::model::Game;
use crate::fonts::Face;
use crate::layout;
use crate::rules::engine::Engine;
use crate::scene::Scene;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use serde::Deserialize;
use std::path::Path;

/// A table being read: header cells, then rows of cells.
type TableCells = (Vec<Vec<Span>>, Vec<Vec<Vec<Span>>>);

/// Width of the rulebook's median diagram on the page, mm.
pub const DIAGRAM_WIDTH: f64 = 60.0;

/// Narrowest and widest diagram on the page, mm (the widest fits the text width of both papers).
pub const DIAGRAM_RANGE: (f64, f64) = (38.0, 150.0);

/// The largest a cell of a diagram is drawn, mm: a small board (tic-tac-toe's 3 × 3) is drawn
/// small, not blown up to the median width (a 20 mm cell says nothing a 12 mm one does not).
pub const MAX_DIAGRAM_CELL: f64 = 12.0;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ComponentBlock {
    /// Components as `card:<deck>/<card>`, `back:<deck>`, `piece:<id>`, `tile:<set>/<n>`.
    show: Vec<String>,
    /// Caption under each, in order.
    #[serde(default)]
    captions: Vec<String>,
}

/// A component a `component` block names.
enum Component<'a> {
    Card(
        &'a crate::definition::model::Deck,
        &'a crate::definition::model::Card,
    ),
    Back(&'a crate::definition::model::Deck),
    Piece(&'a crate::definition::model::Piece),
    Tile(
        &'a crate::definition::model::Tileset,
        &'a crate::definition::model::Tile,
    ),
    Board(&'a crate::definition::model::Board),
    Die(&'a crate::definition::model::Die),
    Mat(&'a crate::definition::model::Mat),
}

/// The component named `card:<deck>/<card>`, `back:<deck>`, `piece:<id>` or `tile:<set>/<n>`.
fn find_component<'a>(game: &'a Game, what: &str) -> Option<Component<'a>> {
    let (kind, name) = what.split_once(':')?;
    match kind {
        "card" => {
            let (deck, card) = name.split_once('/')?;
            let d = game.decks.iter().find(|d| d.id == deck)?;
            Some(Component::Card(d, d.cards.iter().find(|c| c.id == card)?))
        }
        "back" => game
            .decks
            .iter()
            .find(|d| d.id == name)
            .map(Component::Back),
        "piece" => game
            .pieces
            .iter()
            .find(|p| p.id == name)
            .map(Component::Piece),
        "tile" => {
            let (set, n) = name.split_once('/')?;
            let t = game.tilesets.iter().find(|t| t.id == set)?;
            let i: usize = n.parse().ok()?;
            Some(Component::Tile(t, t.tiles.get(i.checked_sub(1)?)?))
        }
        "board" => game
            .boards
            .iter()
            .find(|b| b.id == name)
            .map(Component::Board),
        "die" => game.dice.iter().find(|d| d.id == name).map(Component::Die),
        "mat" => game.mats.iter().find(|m| m.id == name).map(Component::Mat),
        _ => None,
    }
}

/// A component drawn as printed.
fn draw_component(c: Component, lang: Lang) -> Scene {
    match c {
        Component::Card(d, c) => layout::card::face(c, d.width, d.height, 0.0, lang),
        Component::Back(d) => layout::card::back(&d.back, d.width, d.height, lang),
        Component::Piece(p) => layout::piece::front(p, lang),
        Component::Tile(t, tile) => layout::tile::face(t, tile, lang),
        Component::Board(b) => layout::board_face::face(b, lang),
        Component::Die(d) => layout::die::draw(d, lang),
        Component::Mat(m) => layout::mat::draw(m),
    }
}

/// A fenced block of a rulebook, as the Markdown stage leaves it.
struct Fence {
    /// Its info string (`position`, `component`).
    info: String,
    /// Line of the opening fence.
    line: usize,
    /// Byte range of its content in the rulebook.
    content: std::ops::Range<usize>,
    /// Line of its content's first line.
    content_line: usize,
}

/// What the Markdown stage reads: text blocks, and fenced blocks for the later stages.
enum Part {
    Block(Block),
    Fence(Fence),
}

/// What the fences stage leaves: text blocks, and figures to draw with their line.
enum Read {
    Block(Block),
    Figure(Drawing, usize),
}

/// What a fenced block shows once read.
enum Drawing {
    /// An example (index in the rulebook's examples).
    Example(usize),
    /// Components as printed, with their captions.
    Components(ComponentBlock),
    /// What is in the box: components with their counts.
    Contents(super::contents::BoxBlock),
    /// The legend of the book's figures (`legend`).
    Legend,
}

/// Parses a rulebook in three plain stages: the Markdown into blocks ([`read_parts`]), the
/// fenced blocks into examples validated by the engine and component lists ([`read_fences`]),
/// then the figures drawn ([`draw_figures`]). Claims are checked by [`super::check`], pages laid
/// out by [`super::pages`]. `path` is used in messages.
pub fn parse(
    engine: Option<&Engine>,
    game: &Game,
    path: &Path,
    text: &str,
    lang: Lang,
) -> Result<Rulebook, Diagnostics> {
    let src = Source::new(path, text);
    src.within(super::MAX_BYTES, super::MAX_LINE, "a rulebook")?;
    let mut diags = Diagnostics::default();
    let mut summary = None;
    let parts = read_parts(&src, text, &mut diags, &mut summary);
    let (parts, examples) = read_fences(engine, game, &src, text, parts, &mut diags);
    let mut blocks = draw_figures(engine, game, lang, parts, &examples);
    typography(&mut blocks, lang);
    let style = super::style::of(game);
    set_faces(&mut blocks, &style);
    scale_diagrams(&mut blocks);
    // The summary from its heading on (the heading's number among the headings).
    let summary = summary.and_then(|k| {
        blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| matches!(b, Block::Heading(..)))
            .nth(k)
            .map(|(i, _)| i)
    });
    diags.finish(Rulebook {
        path: path.to_path_buf(),
        lang,
        blocks,
        examples,
        summary,
        style,
    })
}

/// The Markdown stage: headings, paragraphs, lists, tables and page breaks as blocks; fenced
/// blocks kept for the next stages.
fn read_parts(
    src: &Source,
    text: &str,
    diags: &mut Diagnostics,
    summary: &mut Option<usize>,
) -> Vec<Part> {
    let mut figures = 0;
    let mut blocks: Vec<Part> = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    let (mut bold, mut italic) = (0, 0);
    // Open lists, outer first: the number of an ordered list's next item (none for bullets),
    // and whether the open item's text was already written before a list nested in it.
    let mut lists: Vec<(Option<u64>, bool)> = Vec::new();
    let mut items: Vec<super::Item> = Vec::new();
    let mut table: Option<TableCells> = None;
    let mut row: Vec<Vec<Span>> = Vec::new();
    let mut in_head = false;
    let mut heading: Option<u8> = None;
    // Headings read so far, and the number of the one that opens the summary.
    let mut headings = 0;
    let mut code: Option<(String, usize, std::ops::Range<usize>)> = None;
    let mut lines = crate::base::diag::LineCursor::default();
    let mut table_at = 0..0;
    let face = |b: i32, i: i32| {
        if b > 0 {
            Face::Bold
        } else if i > 0 {
            Face::Italic
        } else {
            Face::Regular
        }
    };
    for (ev, range) in Parser::new_ext(
        text,
        Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES,
    )
    .into_offset_iter()
    {
        match ev {
            Event::Start(Tag::Heading { level, classes, .. }) => {
                heading = Some((level as u8).min(3));
                if classes.iter().any(|c| &**c == "summary") {
                    if summary.is_some() {
                        diags.push(src.error(
                            range.clone(),
                            "a second summary: a rulebook has one `{.summary}` heading, its last section",
                        ));
                    }
                    *summary = Some(headings);
                }
                headings += 1;
            }
            Event::End(TagEnd::Heading(_)) => {
                blocks.push(Part::Block(Block::Heading(
                    heading.take().unwrap_or(2),
                    std::mem::take(&mut spans),
                )));
            }
            Event::Start(Tag::Emphasis) => italic += 1,
            Event::End(TagEnd::Emphasis) => italic -= 1,
            Event::Start(Tag::Strong) => bold += 1,
            Event::End(TagEnd::Strong) => bold -= 1,
            Event::Text(_) if code.is_some() => {
                if let Some(c) = code.as_mut() {
                    // The block's text may come in several events: keep the span of all of them.
                    c.2 = if c.2.is_empty() {
                        range.clone()
                    } else {
                        c.2.start..range.end
                    };
                }
            }
            Event::Text(t) => spans.push(Span {
                text: t.to_string(),
                face: face(bold, italic),
            }),
            Event::Code(t) => spans.push(Span {
                text: t.to_string(),
                face: Face::Bold,
            }),
            Event::SoftBreak | Event::HardBreak => spans.push(Span {
                text: " ".into(),
                face: Face::Regular,
            }),
            Event::End(TagEnd::Paragraph) if lists.is_empty() && table.is_none() => {
                blocks.push(Part::Block(Block::Para(std::mem::take(&mut spans))));
            }
            Event::Start(Tag::List(start)) => {
                // The text of the item this list is nested in comes first.
                push_item(&mut items, &mut lists, &mut spans);
                lists.push((start, false));
            }
            Event::Start(Tag::Item) => {
                if let Some(l) = lists.last_mut() {
                    l.1 = false;
                }
            }
            Event::End(TagEnd::Item) => push_item(&mut items, &mut lists, &mut spans),
            Event::End(TagEnd::List(_)) => {
                lists.pop();
                if lists.is_empty() {
                    blocks.push(Part::Block(Block::List(std::mem::take(&mut items))));
                }
            }
            Event::Start(Tag::Table(_)) => {
                table = Some((Vec::new(), Vec::new()));
                table_at = range.start..range.start + 1;
            }
            Event::Start(Tag::TableHead) => in_head = true,
            Event::End(TagEnd::TableCell) => row.push(std::mem::take(&mut spans)),
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                if let Some(t) = table.as_mut() {
                    t.0 = std::mem::take(&mut row);
                }
            }
            Event::End(TagEnd::TableRow) if !in_head => {
                if let Some(t) = table.as_mut() {
                    if t.1.len() == super::MAX_TABLE_ROWS || row.len() > super::MAX_TABLE_COLUMNS {
                        diags.push(src.error(
                            table_at.clone(),
                            format!(
                                "table too large: the limit is {} rows of {} columns",
                                super::MAX_TABLE_ROWS,
                                super::MAX_TABLE_COLUMNS
                            ),
                        ));
                        break;
                    }
                    t.1.push(std::mem::take(&mut row));
                }
            }
            Event::End(TagEnd::Table) => {
                if let Some((h, rows)) = table.take() {
                    blocks.push(Part::Block(Block::Table(h, rows)));
                }
            }
            Event::Rule => blocks.push(Part::Block(Block::PageBreak)),
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(i) => i.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                let line = lines.line(text, range.start);
                code = Some((info, line, range.start..range.start));
            }
            Event::End(TagEnd::CodeBlock) => {
                let Some((info, line, content)) = code.take() else {
                    continue;
                };
                let content_line = lines.line(text, content.start);
                figures += 1;
                if figures > super::MAX_FIGURES {
                    diags.push(src.error(
                        content.clone(),
                        format!(
                            "too many figures: the limit for a rulebook is {}",
                            super::MAX_FIGURES
                        ),
                    ));
                    break;
                }
                blocks.push(Part::Fence(Fence {
                    info: info.trim().to_string(),
                    line,
                    content,
                    content_line,
                }));
            }
            _ => {}
        }
    }
    blocks
}

/// The fences stage: each `position` block read into an example (validated by the engine when
/// the game has one), each `component` block into its list; an unknown block is an error.
fn read_fences(
    engine: Option<&Engine>,
    game: &Game,
    src: &Source,
    text: &str,
    parts: Vec<Part>,
    diags: &mut Diagnostics,
) -> (Vec<Read>, Vec<Example>) {
    let mut examples = Vec::new();
    let mut out = Vec::new();
    let mut claims_left = Some(super::MAX_CLAIMS);
    for part in parts {
        let f = match part {
            Part::Block(b) => {
                out.push(Read::Block(b));
                continue;
            }
            Part::Fence(f) => f,
        };
        match f.info.as_str() {
            "position" => {
                match example::parse(
                    engine,
                    game,
                    &src.path,
                    text,
                    f.content,
                    f.line,
                    f.content_line,
                    &mut claims_left,
                ) {
                    Ok(ex) => {
                        examples.push(ex);
                        out.push(Read::Figure(Drawing::Example(examples.len() - 1), f.line));
                    }
                    Err(d) => diags.0.extend(d.0),
                }
            }
            "component" => {
                let block = Source::fragment(&src.path, text, f.content.clone(), f.content_line);
                match toml::from_str::<ComponentBlock>(&block.text) {
                    Ok(c) => {
                        if c.show.is_empty() {
                            diags.push(block.error(
                                0..block.text.len().min(1),
                                "a `component` block needs `show`, at least one component",
                            ));
                        }
                        if !c.captions.is_empty() && c.captions.len() != c.show.len() {
                            diags.push(block.error(0..block.text.len().min(1), format!(
                                "`captions` has {} entries for {} components in `show`: one each, or none",
                                c.captions.len(),
                                c.show.len()
                            )));
                        }
                        for what in &c.show {
                            if find_component(game, what).is_none() {
                                diags.push(src.error(
                                    f.content.clone(),
                                    format!("no component `{what}` (use card:<deck>/<card>, back:<deck>, piece:<id>, tile:<set>/<n>, board:<id>, die:<id>, mat:<id>)"),
                                ));
                            }
                        }
                        out.push(Read::Figure(Drawing::Components(c), f.line));
                    }
                    Err(e) => diags.push(crate::base::diag::from_toml(&block, &e)),
                }
            }
            // The look moved to game.toml, one for every language of the game.
            "style" => diags.push(src.error(
                f.content.start.saturating_sub(1)..f.content.start,
                "a rulebook's faces and colour are set once for all its languages, in game.toml: `[rulebook]` with `font`, `headings`, `accent`",
            )),
            "legend" => {
                if !text[f.content.clone()].trim().is_empty() {
                    diags.push(src.error(
                        f.content.clone(),
                        "a `legend` block takes nothing: it draws the marks the book's figures use",
                    ));
                } else if out
                    .iter()
                    .any(|r| matches!(r, Read::Figure(Drawing::Legend, _)))
                {
                    diags.push(src.error(
                        f.content.start.saturating_sub(1)..f.content.start,
                        "a rulebook has one legend: each mark means one thing in the whole book",
                    ));
                } else {
                    out.push(Read::Figure(Drawing::Legend, f.line));
                }
            }
            "box" => {
                let block = Source::fragment(&src.path, text, f.content.clone(), f.content_line);
                match super::contents::read(game, &block) {
                    Ok(b) => out.push(Read::Figure(Drawing::Contents(b), f.line)),
                    Err(d) => diags.0.extend(d.0),
                }
            }
            other => diags.push(src.error(
                f.content.start.saturating_sub(1)..f.content.start,
                format!(
                    "unknown block `{other}` (expected `position`, `component`, `box` or `legend`)"
                ),
            )),
        }
    }
    (out, examples)
}

/// The drawing stage: each figure's panels, the examples' positions on the game's board and the
/// components as printed.
fn draw_figures(
    engine: Option<&Engine>,
    game: &Game,
    lang: Lang,
    parts: Vec<Read>,
    examples: &[Example],
) -> Vec<Block> {
    let mut blocks = Vec::new();
    // Each example prepared once (the engine asked for the position after its move, its pieces
    // placed): read for the legend, then drawn.
    let mut prepared: Vec<Option<example::Prepared>> = examples
        .iter()
        .map(|ex| Some(example::prepare(engine, game, ex)))
        .collect();
    let each = super::legend::used_by(game, examples, prepared.iter().flatten());
    let kinds = super::legend::union(&each);
    let placed = parts
        .iter()
        .any(|r| matches!(r, Read::Figure(Drawing::Legend, _)));
    // Without a `legend` block, the legend ends the section of the first figure with marks.
    let mut auto: Option<(usize, usize)> = None;
    for part in parts {
        let (drawing, line) = match part {
            Read::Block(b) => {
                blocks.push(b);
                continue;
            }
            Read::Figure(d, line) => (d, line),
        };
        let drawing_kind = Some(matches!(drawing, Drawing::Legend));
        let panels = match drawing {
            Drawing::Example(i) => {
                if !placed && auto.is_none() && !each[i].is_empty() {
                    auto = Some((blocks.len(), line));
                }
                let partial = examples[i].partial;
                prepared[i]
                    .take()
                    .unwrap_or_else(|| example::prepare(engine, game, &examples[i]))
                    .into_panels()
                    .into_iter()
                    .enumerate()
                    .map(|(k, (d, caption))| {
                        (d, partial_note(game, caption, partial && k == 0, lang))
                    })
                    .map(|(d, caption)| Panel {
                        entries: Vec::new(),
                        // The whole board's width until `scale_diagrams` sets the width on the page.
                        width: d.whole_width(),
                        cell: d.cell_size(),
                        scene: d.scene,
                        diagram: true,
                        caption,
                    })
                    .collect()
            }
            Drawing::Legend => super::legend::panels(game, &kinds, lang),
            Drawing::Components(c) => c
                .show
                .iter()
                .enumerate()
                .filter_map(|(i, what)| {
                    let scene = draw_component(find_component(game, what)?, lang);
                    Some(Panel {
                        width: scene.width,
                        cell: 0.0,
                        diagram: false,
                        scene,
                        caption: c.captions.get(i).cloned().unwrap_or_default(),
                        entries: Vec::new(),
                    })
                })
                .collect(),
            Drawing::Contents(b) => super::contents::panels(game, &b, lang),
        };
        if !panels.is_empty() {
            blocks.push(Block::Figure(Figure {
                panels,
                line,
                legend: matches!(drawing_kind, Some(true)),
            }));
        }
    }
    if let Some((first, line)) = auto {
        let panels = super::legend::panels(game, &kinds, lang);
        // At the end of the section whose figure first uses a mark: the key comes as soon as
        // the marks do, between two sections (never inside one, where it would come between a
        // paragraph and its figure), so that a page still breaks where a section ends.
        let mut at = blocks[first..]
            .iter()
            .position(|b| matches!(b, Block::Heading(..)))
            .map_or(blocks.len(), |i| first + i);
        // Before a page break that ends the section, so that it stays on the section's page.
        while at > first && matches!(blocks[at - 1], Block::PageBreak) {
            at -= 1;
        }

        if !panels.is_empty() {
            blocks.insert(
                at,
                Block::Figure(Figure {
                    panels,
                    line,
                    legend: true,
                }),
            );
        }
    }
    blocks
}

/// A figure that leaves material out (`partial = true`) says so under its first drawing, so
/// that no reader counts the pieces it shows as the game's.
fn partial_note(game: &Game, caption: String, partial: bool, lang: Lang) -> String {
    if !partial {
        return caption;
    }
    let note = super::legend::partial_note(game, lang);
    if caption.is_empty() {
        note
    } else {
        format!("{caption} {note}")
    }
}

/// Ends the open item's text (before a list nested in it, or at its end) as a list item.
fn push_item(
    items: &mut Vec<super::Item>,
    lists: &mut [(Option<u64>, bool)],
    spans: &mut Vec<Span>,
) {
    let level = lists.len().saturating_sub(1);
    let Some((number, written)) = lists.last_mut() else {
        return;
    };
    if spans.is_empty() {
        return;
    }
    let mark = match (*written, number.as_mut()) {
        (true, _) => super::Mark::Continued,
        (false, Some(n)) => {
            *n += 1;
            super::Mark::Number(*n - 1)
        }
        (false, None) => super::Mark::Bullet,
    };
    *written = true;
    items.push(super::Item {
        spans: std::mem::take(spans),
        level,
        mark,
    });
}

/// Typography on every text of a rulebook: French signs bound in French (see
/// [`crate::base::lang::french_spaces`]), and in every language a number bound to its noun and a
/// pair of coordinates kept whole ([`super::typography::bind_spaces`]). A paragraph is fixed
/// across its spans: a space ending one span binds to a sign starting the next.
fn typography(blocks: &mut [Block], lang: Lang) {
    let fix = |t: &str| {
        let t = if lang == Lang::Fr {
            crate::base::lang::french_spaces(t, crate::base::lang::NNBSP)
        } else {
            t.to_string()
        };
        super::typography::bind_spaces(&t)
    };
    let spans = |spans: &mut [Span]| {
        let all: String = spans.iter().map(|s| s.text.as_str()).collect();
        let fixed = fix(&all);
        let mut fixed = fixed.chars();
        for s in spans {
            let n = s.text.chars().count();
            s.text = fixed.by_ref().take(n).collect();
        }
    };
    for b in blocks {
        match b {
            Block::Heading(_, s) | Block::Para(s) => spans(s),
            Block::List(items) => items.iter_mut().for_each(|i| spans(&mut i.spans)),
            Block::Table(head, rows) => {
                head.iter_mut().for_each(|s| spans(s));
                rows.iter_mut().flatten().for_each(|s| spans(s));
            }
            Block::Figure(f) => {
                for p in &mut f.panels {
                    p.caption = fix(&p.caption);
                }
            }
            Block::PageBreak => {}
        }
    }
}

/// Sets the text of every block in the rulebook's faces (the parser gives Lato's): plain, bold
/// and italic of its `font`.
fn set_faces(blocks: &mut [Block], style: &super::style::Style) {
    let f = style.body;
    if f == crate::fonts::Family::LATO {
        return;
    }
    let face = |s: &mut Span| {
        s.face = match s.face {
            Face::Bold => f.bold,
            Face::Italic => f.italic,
            _ => f.regular,
        }
    };
    for b in blocks {
        match b {
            Block::Heading(_, s) | Block::Para(s) => s.iter_mut().for_each(face),
            Block::List(items) => items.iter_mut().flat_map(|i| &mut i.spans).for_each(face),
            Block::Table(head, rows) => {
                head.iter_mut().flatten().for_each(face);
                rows.iter_mut().flatten().flatten().for_each(face);
            }
            Block::Figure(_) | Block::PageBreak => {}
        }
    }
}

/// Gives the diagrams of a rulebook one scale, so that a cell is the same size in every figure
/// (a game without a board has planes of many sizes): the median diagram is [`DIAGRAM_WIDTH`]
/// wide, unless its cells would be drawn larger than [`MAX_DIAGRAM_CELL`] (a small board is
/// drawn small), the others in proportion within [`DIAGRAM_RANGE`]. The median is of whole drawings
/// (a panel's width holds its whole board's until then), so a diagram cut to a detail of its
/// board is drawn smaller, at the scale of the others.
fn scale_diagrams(blocks: &mut [Block]) {
    let diagrams: Vec<&Panel> = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Figure(f) => Some(f.panels.iter()),
            _ => None,
        })
        .flatten()
        .filter(|p| p.diagram)
        .collect();
    let mut widths: Vec<f64> = diagrams.iter().map(|p| p.width).collect();
    if widths.is_empty() {
        return;
    }
    widths.sort_by(f64::total_cmp);
    let median = widths[widths.len() / 2];
    // The cells drawn at most MAX_DIAGRAM_CELL: the largest cell of the book sets the bound.
    let largest_cell = diagrams.iter().map(|p| p.cell).fold(0.0, f64::max);
    let mut k = DIAGRAM_WIDTH / median;
    if largest_cell > 0.0 {
        k = k.min(MAX_DIAGRAM_CELL / largest_cell);
    }
    for b in blocks {
        if let Block::Figure(f) = b {
            for p in f.panels.iter_mut().filter(|p| p.diagram) {
                p.width = (p.scene.width * k).clamp(DIAGRAM_RANGE.0, DIAGRAM_RANGE.1);
            }
        }
    }
}
