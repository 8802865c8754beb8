//! Packing: the components of one size in blocks that share their cut lines, full pages first,
//! then what is left of every batch on shared pages, shelf by shelf (the tallest first), so
//! small components of different sizes share a sheet.

use super::{compose, content_box, Draft, Placed, SheetSpec, Slot};
use crate::layout::Outline;

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
    pub fn capacity(&self, aw: f64, ah: f64) -> (usize, usize) {
        let (w, h) = self.size;
        let floor = |v: f64| (v + 1e-9).floor().max(0.0) as usize;
        match self.shape {
            Shape::Boxes { .. } => {
                let g = 2.0 * self.bleed;
                (floor((aw + g) / (w + g)), floor((ah + g) / (h + g)))
            }
            // k triangles in a row, every other row shifted by half a side: (k + 2) half sides.
            Shape::Triangles => (floor(2.0 * aw / w).saturating_sub(2), floor(ah / h)),
        }
    }

    /// The size of a block of `n` components at most `cols` wide, and where each one's cut box
    /// lies in it (and whether it is turned).
    fn block(&self, n: usize, cols: usize) -> ((f64, f64), Vec<Spot>) {
        let (w, h) = self.size;
        let c = cols.clamp(1, n.max(1));
        let rows = n.div_ceil(c);
        match self.shape {
            Shape::Boxes { .. } => {
                let g = 2.0 * self.bleed;
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
struct Block<'a> {
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

/// Imposes every batch: for each, its full pages in the orientation that holds more; then the
/// rest of all of them together on portrait pages, shelf by shelf.
pub fn pack(batches: &[Batch], spec: &SheetSpec) -> Vec<Draft> {
    let (pw, ph) = spec.paper.size_mm();
    let mut drafts = Vec::new();
    let mut rest: Vec<Block> = Vec::new();
    for b in batches.iter().filter(|b| !b.slots.is_empty()) {
        let cap = |page: (f64, f64)| {
            let (x0, y0, x1, y1) = content_box(page, &spec.style, b.bleed);
            let (c, r) = b.capacity(x1 - x0, y1 - y0);
            (c.max(1), r.max(1))
        };
        let (cp, cl) = (cap((pw, ph)), cap((ph, pw)));
        let (page, (cols, rows)) = if cl.0 * cl.1 > cp.0 * cp.1 {
            ((ph, pw), cl)
        } else {
            ((pw, ph), cp)
        };
        let per = cols * rows;
        let full = b.slots.len() / per;
        for chunk in b.slots.chunks(per).take(full) {
            let (size, pos) = b.block(chunk.len(), cols);
            let block = Block {
                batch: b,
                slots: chunk,
                size,
                pos,
            };
            let origin = ((page.0 - size.0) / 2.0, (page.1 - size.1) / 2.0);
            drafts.extend(compose(page, &block.items(origin), spec, &b.title));
        }
        let left = &b.slots[full * per..];
        if !left.is_empty() {
            // On a shared portrait page, as wide as a portrait page holds.
            let cols = cp.0.min(left.len());
            let (size, pos) = b.block(left.len(), cols);
            rest.push(Block {
                batch: b,
                slots: left,
                size,
                pos,
            });
        }
    }
    let m = spec.style.margin;
    let room = (pw - 2.0 * m, ph - 2.0 * m);
    // The tallest first, each on the first page and shelf with room.
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
    for pg in &pages {
        // Shelves centred on the page, blocks centred on their shelf.
        let mut y = m + (room.1 - pg.height()) / 2.0;
        let mut items = Vec::new();
        let mut titles: Vec<&str> = Vec::new();
        for (h, used, blocks) in &pg.shelves {
            let x0 = m + (room.0 - used) / 2.0;
            for &(k, x) in blocks {
                let b = &rest[k];
                let f = b.footprint(spec);
                let origin = (x0 + x + (f.0 - b.size.0) / 2.0, y + (h - b.size.1) / 2.0);
                items.extend(b.items(origin));
                if !titles.contains(&b.batch.title.as_str()) {
                    titles.push(&b.batch.title);
                }
            }
            y += h;
        }
        drafts.extend(compose((pw, ph), &items, spec, &titles.join(", ")));
    }
    // A remainder too large for a portrait page (it was planned landscape) has a page of its own.
    for k in alone {
        let b = &rest[k];
        let page = (ph, pw);
        let (x0, _, x1, _) = content_box(page, &spec.style, b.batch.bleed);
        let cols = b.batch.capacity(x1 - x0, f64::INFINITY).0.max(1);
        let (size, pos) = b.batch.block(b.slots.len(), cols);
        let block = Block {
            batch: b.batch,
            slots: b.slots,
            size,
            pos,
        };
        let origin = ((page.0 - size.0) / 2.0, (page.1 - size.1) / 2.0);
        drafts.extend(compose(page, &block.items(origin), spec, &b.batch.title));
    }
    drafts
}
