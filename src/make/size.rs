//! The size of a build, estimated from the laid-out faces before anything is written: a build
//! past [`MAX_BUILD_BYTES`] is refused, naming its heaviest components.

use super::components::COMPONENT_DPI;
use super::components::{groups, Imposed};
use super::{build_langs, BuildOptions};
use crate::base::units::{Mm, MM_PER_INCH};
use crate::definition::model::Game;
use crate::scene::Scene;

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
            (Mm(s.width).in_px(dpi) * s.height / MM_PER_INCH * dpi) as u64
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
