//! Packing: the components of one size in blocks that share their cut lines, full pages first,
//! then what is left of every batch: one-sided components first in the room a board leaves on
//! its page, then on shared pages, shelf by shelf (the tallest first), so small components of
//! different sizes share a sheet. A batch's shared page follows its full pages (a deck's pages
//! stay together); two-sided components that a landscape page holds more of are turned a quarter
//! turn on a portrait page, so a print file with backs has portrait pages only.
//!
//! In: batches of slots, and the boards that fit a page whole. Out: page drafts, in print order.

use super::{compose, content_box, Draft, Flip, Placed, SheetSpec, Slot};
use crate::layout::Outline;
use crate::scene::{Affine, Scene};

/// How the components of a batch are laid side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Rectangular cut boxes on a grid (edge to edge, or with a gutter of twice the bleed);
    /// `guides` draws a hairline on each box without bleed.
    Boxes {
        /// Hairlines on the cut boxes.
        guides: bool,
    },
    /// Equilateral triangles in rows, alternately up and down, sharing their sides.
    Triangles,
}

/// Components of one size and shape, imposed together.
#[derive(Debug, Clone)]
pub struct Batch {
    /// What they are (`Pions`), for captions.
    pub title: String,
    /// The components, one per copy.
    pub slots: Vec<Slot>,
    /// Cut box, mm (a triangle's: its side by its height).
    pub size: (f64, f64),
    /// Bleed around each cut box, mm.
    pub bleed: f64,
    /// How they are laid.
    pub shape: Shape,
    /// Cut shape of one component in its cut box.
    pub outline: Outline,
}

impl Batch {
    /// Columns and rows of the largest block within `aw` × `ah` mm.
    pub fn capacity(&self, aw: f64, ah: f64, gutter: f64) -> (usize, usize) {
        let (w, h) = self.size;
        let floor = |v: f64| (v + 1e-9).floor().max(0.0) as usize;
        match self.shape {
            Shape::Boxes { .. } => {
                let g = self.gap(gutter);
                (floor((aw + g) / (w + g)), floor((ah + g) / (h + g)))
            }
            // k triangles in a row, every other row shifted by half a side: (k + 2) half sides.
            Shape::Triangles => (floor(2.0 * aw / w).saturating_sub(2), floor(ah / h)),
        }
    }

    /// The size of a block of `n` components at most `cols` wide, and where each one's cut box
    /// lies in it (and whether it is turned).
    fn block(&self, n: usize, cols: usize, gutter: f64) -> ((f64, f64), Vec<Spot>) {
        let (w, h) = self.size;
        let c = cols.clamp(1, n.max(1));
        let rows = n.div_ceil(c);
        match self.shape {
            Shape::Boxes { .. } => {
                let g = self.gap(gutter);
                let pos = (0..n)
                    .map(|i| ((i % c) as f64 * (w + g), (i / c) as f64 * (h + g), false))
                    .collect();
                ((c as f64 * (w + g) - g, rows as f64 * (h + g) - g), pos)
            }
            Shape::Triangles => {
                let pos = (0..n)
                    .map(|i| {
                        let (r, k) = (i / c, i % c);
                        let shift = if r % 2 == 1 { w / 2.0 } else { 0.0 };
                        (shift + k as f64 * w / 2.0, r as f64 * h, k % 2 == 1)
                    })
                    .collect();
                let shift = if rows > 1 { w / 2.0 } else { 0.0 };
                (((c as f64 + 1.0) * w / 2.0 + shift, rows as f64 * h), pos)
            }
        }
    }

    /// The space between neighbouring cut boxes: twice the bleed, or the sheet's gutter when
    /// wider.
    fn gap(&self, gutter: f64) -> f64 {
        (2.0 * self.bleed).max(gutter)
    }

    /// True when a component of the batch has a back.
    fn two_sided(&self) -> bool {
        self.slots.iter().any(|s| s.back.is_some())
    }

    /// The batch turned a quarter turn clockwise, to lie across a portrait page. A back's top
    /// stays at the same end of the component as its front's top once the paper is turned over:
    /// over the long edge of a portrait page (left and right swap) the back turns the other way,
    /// over the short edge the same way.
    fn quarter(&self, flip: Flip) -> Batch {
        let (w, h) = self.size;
        let front = Affine::rotate(90.0).then(Affine::translate(h, 0.0));
        let back = match flip {
            Flip::LongEdge => Affine::rotate(-90.0).then(Affine::translate(0.0, w)),
            Flip::ShortEdge => front,
        };
        let wrap = |s: &Scene, t: Affine| {
            let mut out = Scene::new(h, w);
            out.place(s.clone(), t, None);
            out
        };
        Batch {
            title: self.title.clone(),
            slots: self
                .slots
                .iter()
                .map(|s| Slot {
                    front: wrap(&s.front, front),
                    back: s.back.as_ref().map(|b| wrap(b, back)),
                })
                .collect(),
            size: (h, w),
            bleed: self.bleed,
            shape: self.shape,
            outline: self.outline.moved(front),
        }
    }

    fn placed(&self, slot: &Slot, at: (f64, f64), turned: bool) -> Placed {
        Placed {
            front: slot.front.clone(),
            back: slot.back.clone(),
            outline: self.outline.clone(),
            size: self.size,
            bleed: self.bleed,
            at,
            turned,
            clip: matches!(self.shape, Shape::Boxes { .. }),
            guide: self.shape == Shape::Boxes { guides: true },
            upright_back: self.shape != Shape::Triangles,
        }
    }
}

/// Where a component's cut box lies in its block, and whether it is turned.
type Spot = (f64, f64, bool);

/// A shelf of a page: its height, the width used, and its blocks with their left edge.
type Shelf = (f64, f64, Vec<(usize, f64)>);

/// What is left of a batch after its full pages.
#[derive(Clone)]
struct Block<'a> {
    /// The batch's place in the list (pages of a batch are kept together).
    index: usize,
    batch: &'a Batch,
    slots: &'a [Slot],
    size: (f64, f64),
    pos: Vec<Spot>,
}

impl Block<'_> {
    /// The block with room for its crop marks and bleed on every side.
    fn footprint(&self, spec: &SheetSpec) -> (f64, f64) {
        let r = spec.style.reach() + self.batch.bleed;
        (self.size.0 + 2.0 * r, self.size.1 + 2.0 * r)
    }

    fn items(&self, origin: (f64, f64)) -> Vec<Placed> {
        self.slots
            .iter()
            .zip(&self.pos)
            .map(|(s, &(x, y, t))| self.batch.placed(s, (origin.0 + x, origin.1 + y), t))
            .collect()
    }
}

/// A page of blocks on shelves.
#[derive(Default)]
struct Shelves {
    shelves: Vec<Shelf>,
}

impl Shelves {
    fn height(&self) -> f64 {
        self.shelves.iter().map(|s| s.0).sum()
    }

    /// Puts a block of footprint `f` on a shelf with room, or on a new shelf; false when the
    /// page is full.
    fn add(&mut self, k: usize, f: (f64, f64), room: (f64, f64)) -> bool {
        for shelf in &mut self.shelves {
            if shelf.1 + f.0 <= room.0 + 1e-9 && f.1 <= shelf.0 + 1e-9 {
                shelf.2.push((k, shelf.1));
                shelf.1 += f.0;
                return true;
            }
        }
        if self.height() + f.1 <= room.1 + 1e-9 && f.0 <= room.0 + 1e-9 {
            self.shelves.push((f.1, f.0, vec![(k, 0.0)]));
            return true;
        }
        false
    }
}

/// A board (or another large component) that fits one page whole, at its scale, with the page
/// and caption `tiled.rs` gives it.
#[derive(Debug, Clone)]
pub struct Whole {
    /// Its art, cut box `art.width` × `art.height`.
    pub art: Scene,
    /// Its cut shape in the art's coordinates.
    pub outline: Outline,
    /// Its art past the outline, mm (crop marks start beyond it).
    pub bleed: f64,
    /// The page it is imposed on.
    pub page: (f64, f64),
    /// Its caption.
    pub label: String,
}

/// Imposes every batch: for each, its full pages in the orientation that holds more; then the
/// rest of all of them together on portrait pages, shelf by shelf.
pub fn pack(batches: &[Batch], spec: &SheetSpec) -> Vec<Draft> {
    pack_with(batches, &[], spec).1
}

/// Imposes the batches as [`pack`] does, after filling the room each whole board leaves on its
/// page with what is left of one-sided batches. Returns each board's page (with what shares
/// it; `None` when nothing does, so the caller keeps the board's own page) and the other pages.
pub fn pack_with(
    batches: &[Batch],
    wholes: &[Whole],
    spec: &SheetSpec,
) -> (Vec<Option<Vec<Draft>>>, Vec<Draft>) {
    let (pw, ph) = spec.paper.size_mm();
    // Two-sided batches a landscape page holds more of, turned to lie across a portrait page.
    let turned: Vec<Batch> = batches
        .iter()
        .map(|b| {
            let (cp, cl) = (caps(b, (pw, ph), spec), caps(b, (ph, pw), spec));
            if b.two_sided() && matches!(b.shape, Shape::Boxes { .. }) && cl.0 * cl.1 > cp.0 * cp.1
            {
                b.quarter(spec.flip)
            } else {
                b.clone()
            }
        })
        .collect();
    // Full pages of each batch, keyed by the batch.
    let mut fulls: Vec<Vec<Draft>> = Vec::new();
    let mut rest: Vec<Block> = Vec::new();
    for (index, b) in turned.iter().enumerate() {
        let mut drafts = Vec::new();
        if b.slots.is_empty() {
            fulls.push(drafts);
            continue;
        }
        let (cp, cl) = (caps(b, (pw, ph), spec), caps(b, (ph, pw), spec));
        let (page, (cols, rows)) = if cl.0 * cl.1 > cp.0 * cp.1 {
            ((ph, pw), cl)
        } else {
            ((pw, ph), cp)
        };
        let per = cols * rows;
        let full = b.slots.len() / per;
        for chunk in b.slots.chunks(per).take(full) {
            let (size, pos) = b.block(chunk.len(), cols, spec.style.gutter);
            let block = Block {
                index,
                batch: b,
                slots: chunk,
                size,
                pos,
            };
            let origin = ((page.0 - size.0) / 2.0, (page.1 - size.1) / 2.0);
            drafts.extend(compose(page, &block.items(origin), spec, &b.title));
        }
        fulls.push(drafts);
        let left = &b.slots[full * per..];
        if !left.is_empty() {
            // On a shared portrait page, as wide as a portrait page holds.
            let cols = cp.0.min(left.len());
            let (size, pos) = b.block(left.len(), cols, spec.style.gutter);
            rest.push(Block {
                index,
                batch: b,
                slots: left,
                size,
                pos,
            });
        }
    }
    let m = spec.style.margin;
    let room = (pw - 2.0 * m, ph - 2.0 * m);
    // Each board's page takes what fits of the rest; a batch is split between the board's page
    // and another only when that saves a page (a batch kept whole is easier to cut and count).
    let boards = wholes
        .iter()
        .map(|w| {
            let mut split = rest.clone();
            let with_split = share_board(w, &mut split, spec, true);
            let mut whole = rest.clone();
            let without = share_board(w, &mut whole, spec, false);
            let pages = |r: &[Block]| {
                let (shelves, alone) = shelve(r, room, spec);
                shelves.len() + alone.len()
            };
            if pages(&split) < pages(&whole) {
                rest = split;
                with_split
            } else {
                rest = whole;
                without
            }
        })
        .collect();
    let (pages, alone) = shelve(&rest, room, spec);
    // Each shared page after the full pages of the first batch on it that has any, so the
    // pages of a deck stay together; the others at the end, in order.
    let mut after: Vec<Vec<Draft>> = (0..turned.len()).map(|_| Vec::new()).collect();
    let mut last = Vec::new();
    let mut file = |indices: Vec<usize>, drafts: Vec<Draft>| match indices
        .into_iter()
        .filter(|&i| !fulls[i].is_empty())
        .min()
    {
        Some(i) => after[i].extend(drafts),
        None => last.extend(drafts),
    };
    for pg in &pages {
        // Shelves centred on the page, blocks centred on their shelf.
        let (items, titles, indices) = pg.lay(&rest, (m, m), room, spec);
        file(indices, compose((pw, ph), &items, spec, &titles.join(", ")));
    }
    // A remainder too large for a portrait page (it was planned landscape) has a page of its own.
    for k in alone {
        let b = &rest[k];
        let page = (ph, pw);
        let (x0, _, x1, _) = content_box(page, &spec.style, b.batch.bleed);
        let cols = b
            .batch
            .capacity(x1 - x0, f64::INFINITY, spec.style.gutter)
            .0
            .max(1);
        let (size, pos) = b.batch.block(b.slots.len(), cols, spec.style.gutter);
        let block = Block {
            index: b.index,
            batch: b.batch,
            slots: b.slots,
            size,
            pos,
        };
        let origin = ((page.0 - size.0) / 2.0, (page.1 - size.1) / 2.0);
        file(
            vec![b.index],
            compose(page, &block.items(origin), spec, &b.batch.title),
        );
    }
    let mut drafts = Vec::new();
    for (full, more) in fulls.into_iter().zip(after) {
        drafts.extend(full);
        drafts.extend(more);
    }
    drafts.extend(last);
    (boards, drafts)
}

/// The blocks on pages of `room`: the tallest first, each on the first page and shelf with
/// room; those larger than the room apart (each on a landscape page of its own).
fn shelve(rest: &[Block], room: (f64, f64), spec: &SheetSpec) -> (Vec<Shelves>, Vec<usize>) {
    let mut order: Vec<usize> = (0..rest.len()).collect();
    order.sort_by(|&a, &b| {
        let (fa, fb) = (rest[a].footprint(spec), rest[b].footprint(spec));
        fb.1.total_cmp(&fa.1)
    });
    let mut pages: Vec<Shelves> = Vec::new();
    let mut alone: Vec<usize> = Vec::new();
    for k in order {
        let f = rest[k].footprint(spec);
        if f.0 > room.0 + 1e-9 || f.1 > room.1 + 1e-9 {
            alone.push(k);
            continue;
        }
        if !pages.iter_mut().any(|pg| pg.add(k, f, room)) {
            let mut pg = Shelves::default();
            pg.add(k, f, room);
            pages.push(pg);
        }
    }
    (pages, alone)
}

/// Columns and rows of a batch on a full `page` (at least one of each).
fn caps(b: &Batch, page: (f64, f64), spec: &SheetSpec) -> (usize, usize) {
    let (x0, y0, x1, y1) = content_box(page, &spec.style, b.bleed);
    let (c, r) = b.capacity(x1 - x0, y1 - y0, spec.style.gutter);
    (c.max(1), r.max(1))
}

impl Shelves {
    /// The items of the page's blocks, its shelves centred in `room` from `at`; with the
    /// blocks' titles and batches.
    fn lay(
        &self,
        rest: &[Block],
        at: (f64, f64),
        room: (f64, f64),
        spec: &SheetSpec,
    ) -> (Vec<Placed>, Vec<String>, Vec<usize>) {
        let mut y = at.1 + (room.1 - self.height()) / 2.0;
        let mut items = Vec::new();
        let mut titles: Vec<String> = Vec::new();
        let mut indices = Vec::new();
        for (h, used, blocks) in &self.shelves {
            let x0 = at.0 + (room.0 - used) / 2.0;
            for &(k, x) in blocks {
                let b = &rest[k];
                let f = b.footprint(spec);
                let origin = (x0 + x + (f.0 - b.size.0) / 2.0, y + (h - b.size.1) / 2.0);
                items.extend(b.items(origin));
                if !titles.contains(&b.batch.title) {
                    titles.push(b.batch.title.clone());
                }
                indices.push(b.index);
            }
            y += h;
        }
        (items, titles, indices)
    }
}

/// Fills the room a whole board leaves on its page (above it, or beside it: the side that takes
/// more) with what is left of one-sided batches, each whole or (when `split`) as many rows of
/// it as fit; what is placed leaves `rest`. `None` when nothing fits.
fn share_board(
    whole: &Whole,
    rest: &mut Vec<Block>,
    spec: &SheetSpec,
    split: bool,
) -> Option<Vec<Draft>> {
    let page = whole.page;
    let m = spec.style.margin;
    // The board's marks reach past its bleed.
    let reach = spec.style.reach() + whole.bleed;
    let room = (page.0 - 2.0 * m, page.1 - 2.0 * m);
    let (bw, bh) = (whole.art.width, whole.art.height);
    let foot = (bw + 2.0 * reach, bh + 2.0 * reach);
    // Above the board, or beside it (the board at the left).
    let below = (room.0, room.1 - foot.1);
    let beside = (room.0 - foot.0, room.1);
    let (a, b) = (
        fill(rest, below, spec, split),
        fill(rest, beside, spec, split),
    );
    let count = |p: &Option<(Shelves, Vec<Block>)>| {
        p.as_ref()
            .map_or(0, |(_, bl)| bl.iter().map(|b| b.slots.len()).sum::<usize>())
    };
    let (under, band, (shelves, blocks)) = if count(&b) > count(&a) {
        (false, beside, b?)
    } else {
        (true, below, a?)
    };
    // The board and the band centred together on the page.
    let (at, origin) = if under {
        // The small components above the board: the board's few marks leave the caption's
        // band at the foot of the page free.
        let top = m + (room.1 - foot.1 - shelves.height()) / 2.0;
        (
            ((page.0 - bw) / 2.0, top + shelves.height() + reach),
            (m, top),
        )
    } else {
        let used = shelves.shelves.iter().map(|s| s.1).fold(0.0, f64::max);
        let left = m + (room.0 - foot.0 - used) / 2.0;
        ((left + reach, m + (room.1 - bh) / 2.0), (left + foot.0, m))
    };
    let (band_at, band_room) = if under {
        (origin, (band.0, shelves.height()))
    } else {
        let used = shelves.shelves.iter().map(|s| s.1).fold(0.0, f64::max);
        (origin, (used, band.1))
    };
    let mut items = vec![Placed {
        front: whole.art.clone(),
        back: None,
        outline: whole.outline.clone(),
        size: (bw, bh),
        bleed: whole.bleed,
        at,
        turned: false,
        clip: false,
        guide: false,
        upright_back: true,
    }];
    let (more, titles, _) = shelves.lay(&blocks, band_at, band_room, spec);
    items.extend(more);
    // What was placed leaves the rest.
    for b in &blocks {
        if let Some(r) = rest.iter_mut().find(|r| r.index == b.index) {
            let left = &r.slots[b.slots.len()..];
            let cols = r.pos.iter().filter(|p| p.1 == 0.0).count().max(1);
            let (size, pos) = r.batch.block(left.len(), cols, spec.style.gutter);
            *r = Block {
                index: r.index,
                batch: r.batch,
                slots: left,
                size,
                pos,
            };
        }
    }
    rest.retain(|r| !r.slots.is_empty());
    let label = std::iter::once(whole.label.clone())
        .chain(titles)
        .collect::<Vec<_>>()
        .join(", ");
    Some(compose(page, &items, spec, &label))
}

/// The one-sided remainders that fit a band of `room`, each whole or (when `split`) as many
/// whole rows as fit under the ones before, on shelves; `None` when none does.
fn fill<'a>(
    rest: &[Block<'a>],
    room: (f64, f64),
    spec: &SheetSpec,
    split: bool,
) -> Option<(Shelves, Vec<Block<'a>>)> {
    if room.0 <= 0.0 || room.1 <= 0.0 {
        return None;
    }
    let mut shelves = Shelves::default();
    let mut taken: Vec<Block> = Vec::new();
    for r in rest
        .iter()
        .filter(|r| r.slots.iter().all(|s| s.back.is_none()))
    {
        let k = taken.len();
        let f = r.footprint(spec);
        if shelves.add(k, f, room) {
            taken.push(Block {
                index: r.index,
                batch: r.batch,
                slots: r.slots,
                size: r.size,
                pos: r.pos.clone(),
            });
            continue;
        }
        if !split {
            continue;
        }
        // As many rows as the height left holds, as wide as the band.
        let edge = 2.0 * (spec.style.reach() + r.batch.bleed);
        let free = room.1 - shelves.height();
        let (cols, rows) = r
            .batch
            .capacity(room.0 - edge, free - edge, spec.style.gutter);
        let n = (cols * rows).min(r.slots.len());
        if n == 0 {
            continue;
        }
        let (size, pos) = r.batch.block(n, cols, spec.style.gutter);
        let b = Block {
            index: r.index,
            batch: r.batch,
            slots: &r.slots[..n],
            size,
            pos,
        };
        if shelves.add(k, b.footprint(spec), room) {
            taken.push(b);
        }
    }
    (!taken.is_empty()).then_some((shelves, taken))
}
