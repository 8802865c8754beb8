//! Declared rules built: the raw tables of a game whose rules were checked without error →
//! `model::rules::RulesDef`, every name resolved to its index.
//!
//! In: the raw game file, the first board, the `[rules]` parameters the counts read. Out: a
//! [`RulesDef`] with the defaults of the format filled in (design of issue 32, §3): directions
//! resolved per side into absolute indices of `geometry::dirs` (sorted, deduplicated; a triangle
//! board's `adjacent` is [`ADJACENT`]), regions per side with their cells sorted. Only called
//! when `rules.rs` and `rules_board.rs` found no error, so every name is known here; the
//! lookups still never panic (a name not found reads as index 0).

use super::context::Ctx;
use super::rules_board::{forwards, region_cells, side_dirs};
use crate::definition::model::rules::{
    Bonus, Carry, Cond, Count, Custodial, DiceDef, Dir, Enclose, EndDef, GroupCapture, KindDef,
    MoveDef, Outcome, PartDef, PartReach, Pass, PerSide, PhaseDef, Promote, RegionDef, RulesDef,
    ScoreCount, ScoreDef, StartDef, Target, Until, What, ADJACENT, MAX_ENDS, MAX_KINDS, MAX_MOVES,
    MAX_PARTS, MAX_PHASES, MAX_REGIONS, MAX_SIDES, MAX_VARIANTS,
};
use crate::definition::model::Board;
use crate::definition::raw::{self, RulesRegionRaw, Strs, S};
use crate::geometry::{dirs, BorderMark, Grid};
use toml::Spanned;

/// The names a rule refers to, in the order that gives their indices.
struct Index<'a> {
    sides: Vec<&'a str>,
    regions: Vec<&'a str>,
    kinds: Vec<&'a str>,
    phases: Vec<&'a str>,
    variants: Vec<&'a str>,
}

impl Index<'_> {
    /// The variants (indices, sorted) a `variant` key names; none when absent (every one).
    fn variants_of(&self, v: &Option<Spanned<Strs>>) -> Vec<usize> {
        v.as_ref().map_or_else(Vec::new, |v| {
            sorted(
                items(v)
                    .iter()
                    .map(|x| pos(&self.variants, x.get_ref()))
                    .collect(),
            )
        })
    }
    fn side(&self, s: &str) -> usize {
        pos(&self.sides, s)
    }
    fn region(&self, s: &str) -> usize {
        pos(&self.regions, s)
    }
    fn kind(&self, s: &str) -> usize {
        pos(&self.kinds, s)
    }
    fn phase(&self, s: &str) -> usize {
        pos(&self.phases, s)
    }
}

/// The index of `name` among `names` (0 when absent: validation has already refused that).
fn pos(names: &[&str], name: &str) -> usize {
    names.iter().position(|n| *n == name).unwrap_or(0)
}

/// The items of a name or list of names, each with its place.
fn items(v: &Spanned<Strs>) -> Vec<S> {
    match v.get_ref() {
        Strs::One(s) => vec![Spanned::new(v.span(), s.clone())],
        Strs::Many(list) => list.clone(),
    }
}

/// A count as the model keeps it.
fn count(c: &Spanned<raw::Count>) -> Count {
    match c.get_ref() {
        raw::Count::N(n) => Count::Fixed(*n),
        raw::Count::Param(p) => Count::Param(p.clone()),
    }
}

/// A checked target word.
fn target(s: &S) -> Target {
    match s.get_ref().as_str() {
        "enemy" => Target::Enemy,
        "empty-or-enemy" => Target::EmptyOrEnemy,
        "friend" => Target::Friend,
        "any" => Target::Any,
        _ => Target::Empty,
    }
}

/// Indices, sorted and deduplicated.
fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort_unstable();
    v.dedup();
    v
}

/// The names of a game's `[regions]`, `[[kind]]` and `[[phase]]`, in file order, within the
/// format's limits: what the checks and the builder resolve names against.
pub(super) fn declared_names(raw: &raw::GameFile) -> [Vec<&str>; 4] {
    [
        raw.regions
            .keys()
            .take(MAX_REGIONS)
            .map(|k| k.get_ref().as_str())
            .collect(),
        raw.kind
            .iter()
            .take(MAX_KINDS)
            .map(|k| k.get_ref().id.get_ref().as_str())
            .collect(),
        raw.phase
            .iter()
            .take(MAX_PHASES)
            .map(|p| p.get_ref().id.get_ref().as_str())
            .collect(),
        raw.variant
            .iter()
            .take(MAX_VARIANTS)
            .map(|v| v.get_ref().id.get_ref().as_str())
            .collect(),
    ]
}

/// Builds the declared rules of a game whose rules were checked without error.
pub(super) fn build(
    cx: &mut Ctx,
    raw: &raw::GameFile,
    turns: &raw::TurnsRaw,
    board: &Board,
    used: &[String],
) -> RulesDef {
    let [regions, kinds, phases, variants] = declared_names(raw);
    let ix = Index {
        sides: turns
            .sides
            .get_ref()
            .iter()
            .take(MAX_SIDES)
            .map(|s| s.get_ref().as_str())
            .collect(),
        regions,
        kinds,
        phases,
        variants,
    };
    let forward = forwards(cx, raw, &board.grid, &ix.sides);
    let words = ix
        .sides
        .iter()
        .map(|side| {
            let mut w = vec![side.to_string()];
            let given = turns.words.as_ref().and_then(|t| {
                t.get_ref()
                    .iter()
                    .find(|(k, _)| k.get_ref() == side)
                    .map(|(_, v)| v)
            });
            if let Some(given) = given {
                w.extend(given.get_ref().iter().map(|s| s.get_ref().clone()));
            }
            w
        })
        .collect();
    let pass = match turns.pass.as_ref().map(|p| p.get_ref().as_str()) {
        Some("when-stuck") => Pass::WhenStuck,
        Some("always") => Pass::Always,
        _ => Pass::Never,
    };
    let actions = turns.actions.as_ref().map_or(Count::Fixed(1), count);
    let first = turns.first.as_ref().map_or(actions.clone(), count);
    let regions = raw
        .regions
        .iter()
        .take(MAX_REGIONS)
        .map(|(name, r)| RegionDef {
            name: name.get_ref().clone(),
            cells: match r.get_ref() {
                RulesRegionRaw::One(c) => vec![region_cells(cx, board, c); ix.sides.len()],
                RulesRegionRaw::PerSide(list) => ix
                    .sides
                    .iter()
                    .map(|side| {
                        list.iter()
                            .find(|(k, _)| k.get_ref() == side)
                            .map(|(_, c)| region_cells(cx, board, c.get_ref()))
                            .unwrap_or_default()
                    })
                    .collect(),
            },
            at: name.span(),
        })
        .collect();
    let kinds = raw
        .kind
        .iter()
        .take(MAX_KINDS)
        .map(|k| {
            let r = k.get_ref();
            KindDef {
                id: r.id.get_ref().clone(),
                tokens: match (&r.neutral, &r.tokens) {
                    (Some(t), _) => vec![t.get_ref().clone()],
                    (None, t) => ix
                        .sides
                        .iter()
                        .map(|side| {
                            t.iter()
                                .flat_map(|t| t.get_ref().iter())
                                .find(|(s, _)| s.get_ref() == side)
                                .map(|(_, t)| t.get_ref().clone())
                                .unwrap_or_default()
                        })
                        .collect(),
                },
                neutral: r.neutral.is_some(),
                stack: r.height(),
                max: match r.max.as_ref().map(Spanned::get_ref) {
                    None => vec![None; ix.sides.len().max(1)],
                    Some(raw::Max::Each(c)) => {
                        vec![Some(count(&Spanned::new(0..0, c.clone()))); ix.sides.len().max(1)]
                    }
                    Some(raw::Max::Sides(t)) => ix
                        .sides
                        .iter()
                        .map(|side| {
                            t.iter()
                                .find(|(s, _)| s.get_ref() == side)
                                .map(|(_, c)| count(c))
                        })
                        .collect(),
                },
                promote: r.promote.as_ref().map(|p| {
                    let p = p.get_ref();
                    Promote {
                        to: ix.kind(p.to.get_ref()),
                        region: ix.region(p.inside.get_ref()),
                        ends_move: p.ends_move.as_ref().is_some_and(|b| *b.get_ref()),
                    }
                }),
                at: k.span(),
            }
        })
        .collect();
    let moves = raw
        .moves
        .iter()
        .take(MAX_MOVES)
        .enumerate()
        .map(|(i, m)| a_move(cx, i, m, board, &forward, &ix))
        .collect();
    let phases = raw
        .phase
        .iter()
        .take(MAX_PHASES)
        .map(|p| {
            let p = p.get_ref();
            PhaseDef {
                id: p.id.get_ref().clone(),
                until: match p.until.get_ref() {
                    raw::Until::Plies(n) => Until::Plies(count(n)),
                    raw::Until::Word(_) => Until::HandsEmpty,
                },
            }
        })
        .collect();
    let ends = raw
        .end
        .iter()
        .take(MAX_ENDS)
        .map(|e| an_end(cx, e, &board.grid, &forward, &ix))
        .collect();
    let start = raw.start.as_ref().map(Spanned::get_ref);
    let start = StartDef {
        to_move: start
            .and_then(|s| s.to_move.as_ref())
            .map_or(0, |s| ix.side(s.get_ref())),
        drawn: start
            .and_then(|s| s.to_move.as_ref())
            .is_some_and(|s| s.get_ref() == "drawn"),
        board: start
            .and_then(|s| s.board.as_ref())
            .map(|b| (b.get_ref().clone(), b.span())),
        hand: start.and_then(|s| s.hand.as_ref()).map(|h| {
            ix.sides
                .iter()
                .map(|side| {
                    h.get_ref()
                        .iter()
                        .find(|(k, _)| k.get_ref() == side)
                        .map_or(Count::Fixed(0), |(_, n)| count(n))
                })
                .collect()
        }),
    };
    let forward_names = ix
        .sides
        .iter()
        .map(|side| {
            turns.forward.as_ref().and_then(|fw| {
                fw.get_ref()
                    .iter()
                    .find(|(k, _)| k.get_ref() == side)
                    .map(|(_, d)| d.get_ref().clone())
            })
        })
        .collect();
    RulesDef {
        sides: ix.sides.iter().map(|s| s.to_string()).collect(),
        words,
        forward: forward_names,
        pass,
        actions,
        first,
        regions,
        kinds,
        moves,
        phases,
        ends,
        start,
        holes: board.holes.clone(),
        variants: ix.variants.iter().map(|v| v.to_string()).collect(),
        score: raw.score.as_ref().map_or_else(ScoreDef::default, |sc| {
            let sc = sc.get_ref();
            ScoreDef {
                count: match sc.count.get_ref().as_str() {
                    "taken" => ScoreCount::Taken,
                    "in-region" => ScoreCount::InRegion(
                        sc.inside.as_ref().map_or(0, |r| ix.region(r.get_ref())),
                    ),
                    _ => ScoreCount::Pieces,
                },
                kind: sc.kind.as_ref().map(|k| ix.kind(k.get_ref())),
                bonus: sc.bonus.as_ref().map(|b| {
                    let b = b.get_ref();
                    Bonus {
                        at: count(&b.at),
                        add: count(&b.add),
                        variants: ix.variants_of(&b.variant),
                    }
                }),
            }
        }),
        dice: raw.dice.as_ref().map(|d| {
            let d = d.get_ref();
            let list = |v: &Option<Spanned<Vec<raw::I>>>| {
                v.iter()
                    .flat_map(|v| v.get_ref())
                    .map(|x| *x.get_ref())
                    .collect()
            };
            DiceDef {
                count: d.count.as_ref().map_or(Count::Fixed(1), count),
                faces: count(&d.faces),
                again: list(&d.again),
                pass: list(&d.pass),
                again_after_capture: d.again_after.is_some(),
            }
        }),
        capture: raw.capture.as_ref().map(|c| {
            let c = c.get_ref();
            GroupCapture {
                liberties: c.group.get_ref() == "no-liberties",
                turn: c.effect.get_ref() == "turn",
                edges: c.edges.as_ref().map_or_else(Vec::new, |e| {
                    e.get_ref()
                        .iter()
                        .map(|(mark, side)| {
                            let mark = match mark.get_ref().as_str() {
                                "hole" => BorderMark::Hole,
                                _ => BorderMark::Plain,
                            };
                            (mark, ix.side(side.get_ref()))
                        })
                        .collect()
                }),
            }
        }),
        params_used: sorted(used.to_vec()),
    }
}

/// Per side, the absolute directions a list of names means on the grid, sorted.
fn per_side(
    cx: &mut Ctx,
    grid: &Grid,
    v: &Spanned<Strs>,
    forward: &[Option<usize>],
    key: &str,
) -> PerSide<Vec<Dir>> {
    side_dirs(cx, grid, v, forward, key)
        .into_iter()
        .map(|d| sorted(d.into_iter().map(|x| x as Dir).collect()))
        .collect()
}

/// The kinds (indices, sorted) a list names; empty when absent.
fn kinds_of(v: &Option<Spanned<Strs>>, ix: &Index) -> Vec<usize> {
    v.as_ref().map_or_else(Vec::new, |v| {
        sorted(items(v).iter().map(|k| ix.kind(k.get_ref())).collect())
    })
}

/// A `[[move]]`, the `i`-th (0-based).
fn a_move(
    cx: &mut Ctx,
    i: usize,
    m: &Spanned<raw::MoveRaw>,
    board: &Board,
    forward: &[Option<usize>],
    ix: &Index,
) -> MoveDef {
    let r = m.get_ref();
    let grid = &board.grid;
    let n = ix.sides.len();
    let flag = |b: &Option<Spanned<bool>>| b.as_ref().is_some_and(|b| *b.get_ref());
    let what = if let Some(d) = &r.drop {
        let one = Spanned::new(d.span(), Strs::One(d.get_ref().clone()));
        let dirs = per_side(cx, grid, &one, forward, "drop");
        What::Drop(
            dirs.iter()
                .map(|d| d.first().copied().unwrap_or(0))
                .collect(),
        )
    } else if let Some(d) = &r.step {
        match grid {
            // The only direction of a triangle board (validation refused any other).
            Grid::Triangles(_) => What::Step(vec![vec![ADJACENT]; n]),
            _ => What::Step(per_side(cx, grid, d, forward, "step")),
        }
    } else if let Some(d) = &r.slide {
        What::Slide {
            dirs: per_side(cx, grid, d, forward, "slide"),
            min: r.min.as_ref().map_or(Count::Fixed(1), count),
            max: r.max.as_ref().map(count),
        }
    } else if let Some(l) = &r.leap {
        let written = l.get_ref().iter().map(|v| {
            let v = v.get_ref();
            let at = |k: usize| v.get(k).map_or(0, |x| *x.get_ref() as i32);
            (at(0), at(1))
        });
        let mut offsets = Vec::new();
        for (a, b) in written {
            if flag(&r.mirror) && matches!(grid, Grid::Hex(_)) {
                // The twelve symmetries of a hex grid: the axial offset as cube coordinates
                // (q, r, -q - r), permuted and negated (a sign on one coordinate alone, or a
                // swap of two while the third stays, is no symmetry of its own there).
                let c = -a - b;
                for (x, y) in [(a, b), (b, a), (a, c), (c, a), (b, c), (c, b)] {
                    offsets.push((x, y));
                    offsets.push((-x, -y));
                }
            } else if flag(&r.mirror) {
                for (x, y) in [(a, b), (b, a)] {
                    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        offsets.push((sx * x, sy * y));
                    }
                }
            } else {
                offsets.push((a, b));
            }
        }
        What::Leap(sorted(offsets))
    } else if let Some(d) = &r.hop {
        What::Hop(per_side(cx, grid, d, forward, "hop"))
    } else if r.pivot.is_some() {
        What::Pivot
    } else if r.anywhere.is_some() {
        What::Anywhere
    } else {
        What::Place
    };
    let pieces = match &r.piece {
        Some(p) => {
            // In the order written (a place or drop puts the first), each once.
            let mut v: Vec<usize> = Vec::new();
            for k in items(p) {
                let k = ix.kind(k.get_ref());
                if !v.contains(&k) {
                    v.push(k);
                }
            }
            v
        }
        None => vec![0],
    };
    let sides = match &r.side {
        Some(s) => sorted(items(s).iter().map(|s| ix.side(s.get_ref())).collect()),
        None => (0..n).collect(),
    };
    let region = |s: &Option<S>| s.as_ref().map(|s| ix.region(s.get_ref()));
    let custodial = r.custodial.as_ref().map(|c| {
        let c = c.get_ref();
        let dirs = match &c.dirs {
            Some(d) => per_side(cx, grid, d, forward, "custodial"),
            // `orthogonal` on a square grid, the six on a hex grid.
            None => {
                let adj = dirs::group(grid, "adjacent").unwrap_or_default();
                vec![adj.into_iter().map(|x| x as Dir).collect(); n]
            }
        };
        Custodial {
            hostile: region(&c.hostile),
            taken: kinds_of(&c.taken, ix),
            by: kinds_of(&c.by, ix),
            dirs,
        }
    });
    let enclose = r.enclose.as_ref().map(|e| {
        let e = e.get_ref();
        Enclose {
            taken: kinds_of(&Some(e.taken.clone()), ix),
            hostile: region(&e.hostile),
            edge_closes: e.edge.as_ref().is_some_and(|x| x.get_ref() == "hostile"),
            by: kinds_of(&e.by, ix),
        }
    });
    MoveDef {
        enclose,
        id: r
            .id
            .as_ref()
            .map_or_else(|| format!("move-{}", i + 1), |s| s.get_ref().clone()),
        what,
        pieces,
        sides,
        to: r.to.as_ref().map_or(Target::Empty, target),
        over: r.over.as_ref().map_or(Target::Any, target),
        capture: flag(&r.capture),
        chain: flag(&r.chain),
        straight: flag(&r.straight),
        longest: flag(&r.longest),
        max_hops: r.max_hops.as_ref().map(count),
        stop_any: r.stop.as_ref().is_some_and(|s| s.get_ref() == "any"),
        compulsory: flag(&r.compulsory),
        from: region(&r.from),
        into: region(&r.into),
        not_into: region(&r.not_into),
        inside: region(&r.inside),
        next_to: r.next_to.as_ref().map(target),
        flip: r.flip.is_some(),
        must_flip: flag(&r.must_flip),
        custodial,
        phases: r.phase.as_ref().map_or_else(Vec::new, |p| {
            sorted(items(p).iter().map(|p| ix.phase(p.get_ref())).collect())
        }),
        parts: r
            .then
            .iter()
            .flat_map(|t| t.get_ref())
            .take(MAX_PARTS)
            .map(|part| {
                let p = part.get_ref();
                PartDef {
                    put: p.place.as_ref().map(|k| ix.kind(k.get_ref())),
                    reach: match (&p.step, &p.slide) {
                        (Some(d), _) => match grid {
                            Grid::Triangles(_) => PartReach::Step(vec![vec![ADJACENT]; n]),
                            _ => PartReach::Step(per_side(cx, grid, d, forward, "step")),
                        },
                        (None, Some(d)) => {
                            PartReach::Slide(per_side(cx, grid, d, forward, "slide"))
                        }
                        (None, None) => PartReach::Anywhere,
                    },
                    optional: flag(&p.optional),
                    remove: p.remove.is_some(),
                    when_line: p.when_line.as_ref().map(count),
                    spare_lines: flag(&p.spare_lines),
                }
            })
            .collect(),
        by_roll: r.roll.is_some(),
        through: kinds_of(&r.through, ix),
        send_back: region(&r.send_back),
        onto_stack: r.onto.is_some(),
        carry: r.carry.as_ref().map(|c| {
            let c = c.get_ref();
            Carry {
                kind: ix.kind(c.piece.get_ref()),
                from: region(&c.from),
                to: ix.region(c.to.get_ref()),
            }
        }),
        blocked_by: r.blocked_by.as_ref().map(count),
        pieces_at_most: r.pieces_at_most.as_ref().map(count),
        at: m.span(),
    }
}

/// An `[[end]]`.
fn an_end(
    cx: &mut Ctx,
    e: &Spanned<raw::EndRaw>,
    grid: &Grid,
    forward: &[Option<usize>],
    ix: &Index,
) -> EndDef {
    let r = e.get_ref();
    let by = || -> Vec<usize> {
        r.by.as_ref().map_or_else(Vec::new, |b| {
            sorted(items(b).iter().map(|k| ix.kind(k.get_ref())).collect())
        })
    };
    let cond = if let Some(g) = &r.reach {
        Cond::Reach(ix.region(g.get_ref()))
    } else if r.no_pieces.is_some() {
        Cond::NoPieces
    } else if let Some(k) = &r.captured {
        Cond::Captured(ix.kind(k.get_ref()))
    } else if let Some(n) = &r.pieces {
        Cond::Pieces {
            n: count(n),
            kind: r.kind.as_ref().map(|k| ix.kind(k.get_ref())),
        }
    } else if let Some(n) = &r.line {
        // A line is an axis: the directions every side means, together.
        let dirs = r.dirs.as_ref().map_or_else(Vec::new, |d| {
            sorted(per_side(cx, grid, d, forward, "line").concat())
        });
        Cond::Line {
            n: count(n),
            exact: r.exact.as_ref().is_some_and(|b| *b.get_ref()),
            dirs,
        }
    } else if let Some(c) = &r.connect {
        Cond::Connect(
            ix.sides
                .iter()
                .map(|side| {
                    let pair = c
                        .get_ref()
                        .iter()
                        .find(|(k, _)| k.get_ref() == side)
                        .map(|(_, v)| v.get_ref().as_slice())
                        .unwrap_or_default();
                    let at = |k: usize| pair.get(k).map_or(0, |s| ix.region(s.get_ref()));
                    (at(0), at(1))
                })
                .collect(),
        )
    } else if let Some(n) = &r.plies {
        Cond::Plies(count(n))
    } else if let Some(n) = &r.no_progress {
        Cond::NoProgress {
            n: count(n),
            by: by(),
        }
    } else if let Some(n) = &r.score {
        Cond::Score(count(n))
    } else if let Some(g) = &r.empty {
        Cond::Empty {
            region: ix.region(g.get_ref()),
            kind: r.kind.as_ref().map(|k| ix.kind(k.get_ref())),
        }
    } else if let Some(n) = &r.repetition {
        Cond::Repetition {
            n: count(n),
            by: by(),
        }
    } else {
        Cond::NoMoves
    };
    let result = match r.result.get_ref().as_str() {
        "win" => Outcome::Win,
        "loss" => Outcome::Loss,
        "most-pieces" => Outcome::MostPieces,
        "fewest-pieces" => Outcome::FewestPieces,
        "highest-score" => Outcome::HighestScore,
        "lowest-score" => Outcome::LowestScore,
        _ => Outcome::Draw,
    };
    EndDef {
        cond,
        result,
        side: r.side.as_ref().map(|s| ix.side(s.get_ref())),
        phases: r.phase.as_ref().map_or_else(Vec::new, |p| {
            sorted(items(p).iter().map(|p| ix.phase(p.get_ref())).collect())
        }),
        variants: ix.variants_of(&r.variant),
        at: e.span(),
    }
}
