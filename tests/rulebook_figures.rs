//! Figures show what they teach: over every example of every rulebook, each claimed move the
//! caption writes out has its mark in the figure's scene (an arrow through its cells, dashed red
//! when it is claimed illegal), each piece a shown move takes has its cross, a path that comes
//! back over itself is drawn beside itself, and a written cross on a piece that is not taken is
//! refused at its line.

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::Project;
use ludopress::layout::diagram::Drawn;
use ludopress::make;
use ludopress::rulebook::example::{self, ClaimKind, Example};
use ludopress::rulebook::{self, markdown};
use ludopress::rules::engine::Engine;
use ludopress::scene::{Flat, Seg, P};
use std::path::Path;

/// Every game whose claims can be checked here: the bundled engines, and Breakthrough's own
/// program when `python3` runs.
fn engines() -> Vec<(String, Engine)> {
    let project = Project::new(common::root());
    let mut out: Vec<(String, Engine)> = ludopress::rules::registry::NAMES
        .iter()
        .map(|g| (g.to_string(), Engine::new(&project, g).unwrap()))
        .collect();
    ludopress::rules::external::trust::allow_for_this_run();
    if let Ok(Some(e)) = Engine::for_game(&project, &common::game("breakthrough-py")) {
        out.push(("breakthrough-py".into(), e));
    }
    out
}

fn books(game: &str, e: &Engine) -> Vec<rulebook::Rulebook> {
    make::load_rulebooks(&common::root(), &common::game(game), Some(e))
        .unwrap_or_else(|d| panic!("{d}"))
}

/// The stroked paths of a scene in `color`, as polylines (a cross is two such lines).
fn strokes(d: &Drawn, color: ludopress::base::color::Color) -> Vec<(Vec<P>, bool)> {
    d.scene
        .flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Path(p) if p.stroke.is_some_and(|s| s.color == color) => {
                let pts = p
                    .segs
                    .iter()
                    .filter_map(|s| match s {
                        Seg::Move(q) | Seg::Line(q) => Some(*q),
                        _ => None,
                    })
                    .collect();
                Some((pts, p.stroke.is_some_and(|s| s.dash.is_some())))
            }
            _ => None,
        })
        .collect()
}

/// The arrowheads of a scene in `color`: filled triangles, by their tip (first point).
fn heads(d: &Drawn, color: ludopress::base::color::Color) -> Vec<P> {
    d.scene
        .flatten()
        .into_iter()
        .filter_map(|f| match f {
            Flat::Path(p) if p.fill == Some(color) && p.stroke.is_none() => match p.segs[..] {
                [Seg::Move(a), Seg::Line(_), Seg::Line(_), ..] => Some(a),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn dist_to_polyline(q: P, pts: &[P]) -> f64 {
    pts.windows(2)
        .map(|w| {
            let (a, b) = (w[0], w[1]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let l2 = (dx * dx + dy * dy).max(1e-12);
            let t = (((q.x - a.x) * dx + (q.y - a.y) * dy) / l2).clamp(0.0, 1.0);
            (q.x - a.x - t * dx).hypot(q.y - a.y - t * dy)
        })
        .fold(f64::MAX, f64::min)
}

/// True when one arrow of the figure (a shaft in `color`, `dashed` or not, with its head) runs
/// through the centres of `cells` in order, within half a mark's radius (a returning segment
/// is drawn beside its cells).
fn has_arrow(
    d: &Drawn,
    cells: &[String],
    color: ludopress::base::color::Color,
    dashed: bool,
) -> bool {
    let Some(centres) = cells
        .iter()
        .map(|c| d.centre(c))
        .collect::<Option<Vec<P>>>()
    else {
        return false;
    };
    let r = d.mark_radius(&cells[0]).unwrap();
    let tips = heads(d, color);
    strokes(d, color)
        .into_iter()
        .filter(|(pts, dash)| *dash == dashed && pts.len() >= 2)
        .any(|(pts, _)| {
            let mut with_tip = pts.clone();
            // The shaft stops short of the head, whose tip is the arrow's end.
            if let Some(t) = tips.iter().min_by(|a, b| {
                let e = pts[pts.len() - 1];
                (a.x - e.x)
                    .hypot(a.y - e.y)
                    .total_cmp(&(b.x - e.x).hypot(b.y - e.y))
            }) {
                with_tip.push(*t);
            }
            // An arrow keeps off the centre of a piece it starts or ends on (by 0.8 of the
            // mark radius at most): its ends may lie that far from their cells' centres.
            let last = centres.len() - 1;
            centres.iter().enumerate().all(|(i, &q)| {
                let slack = if i == 0 || i == last { 0.9 } else { 0.5 };
                dist_to_polyline(q, &with_tip) <= r * slack
            })
        })
}

/// True when a cross in the cross colour is centred on the cell.
fn has_cross(d: &Drawn, cell: &str) -> bool {
    let (Some(c), Some(r)) = (d.centre(cell), d.mark_radius(cell)) else {
        return false;
    };
    // Two strokes through the cell's centre (a refusal's ring has one bar).
    strokes(d, d.cross_color())
        .iter()
        .filter(|(pts, dash)| {
            !dash
                && pts.len() == 2
                && ((pts[0].x + pts[1].x) / 2.0 - c.x).hypot((pts[0].y + pts[1].y) / 2.0 - c.y)
                    < r * 0.1
        })
        .count()
        >= 2
}

/// The words of a text, punctuation off their ends.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
        .collect()
}

/// The paths a move written `d4xe5`, `c3xc5xe5` or `e1-e4 [e1]` runs (none for a placement).
fn path(m: &str) -> Option<Vec<String>> {
    let first = m.split_whitespace().next()?;
    let cells: Vec<String> = first.split(['-', 'x']).map(String::from).collect();
    (cells.len() >= 2 && cells.iter().all(|c| !c.is_empty())).then_some(cells)
}

#[test]
fn every_move_a_caption_writes_out_is_drawn_and_every_piece_it_takes_is_crossed() {
    let (mut arrows, mut barred, mut crosses) = (0, 0, 0);
    for (game, e) in engines() {
        let def = common::game(&game);
        for book in books(&game, &e) {
            for ex in &book.examples {
                let at = format!("{}:{}", book.path.display(), ex.line);
                let d = example::figure(Some(&e), &def, ex).expect("a figure");
                let mut said = words(&ex.caption);
                said.extend(ex.after_caption.iter().flat_map(|c| words(c)));
                for c in &ex.claims {
                    let (m, legal) = match &c.kind {
                        ClaimKind::Legal(m) | ClaimKind::After(m, _, _) => (m, true),
                        ClaimKind::Illegal(m) => (m, false),
                        ClaimKind::Moves(list) => {
                            for m in list.iter().filter(|m| said.contains(*m)) {
                                check_legal(&e, &def, ex, &d, m, &at, &mut arrows, &mut crosses);
                            }
                            continue;
                        }
                        _ => continue,
                    };
                    if !said.contains(m) {
                        continue;
                    }
                    if legal {
                        check_legal(&e, &def, ex, &d, m, &at, &mut arrows, &mut crosses);
                    } else if let Some(cells) = path(m) {
                        assert!(
                            has_arrow(&d, &cells, d.cross_color(), true),
                            "{at}: the caption writes the illegal move {m}, which has no dashed arrow"
                        );
                        barred += 1;
                    }
                }
                // The move the example plays takes its pieces in the figure.
                for c in &ex.claims {
                    if let ClaimKind::After(m, _, _) = &c.kind {
                        for t in example::taken(&e, &def, ex, m) {
                            assert!(has_cross(&d, &t), "{at}: {m} takes {t}, which has no cross");
                            crosses += 1;
                        }
                    }
                }
            }
        }
    }
    // The rulebooks write out moves in their captions: the test reads some of each.
    assert!(
        arrows >= 8 && crosses >= 10 && barred >= 2,
        "{arrows} arrows, {barred} barred, {crosses} crosses"
    );
}

#[allow(clippy::too_many_arguments)]
fn check_legal(
    e: &Engine,
    def: &ludopress::definition::Game,
    ex: &Example,
    d: &Drawn,
    m: &str,
    at: &str,
    arrows: &mut usize,
    crosses: &mut usize,
) {
    if let Some(cells) = path(m) {
        assert!(
            has_arrow(d, &cells, d.mark_color(), false),
            "{at}: the caption writes the move {m}, which has no arrow"
        );
        *arrows += 1;
    }
    for t in example::taken(e, def, ex, m) {
        assert!(has_cross(d, &t), "{at}: {m} takes {t}, which has no cross");
        *crosses += 1;
    }
}

/// The example of `game`'s `lang` rulebook whose caption contains `text`.
fn example_with<'a>(books: &'a [rulebook::Rulebook], lang: Lang, text: &str) -> &'a Example {
    books
        .iter()
        .filter(|b| b.lang == lang)
        .flat_map(|b| &b.examples)
        .find(|ex| ex.caption.contains(text))
        .unwrap_or_else(|| panic!("no example says {text:?}"))
}

#[test]
fn a_taken_piece_is_found_by_the_engine_and_crossed() {
    let (game, e) = (
        "imbriqua",
        Engine::new(&Project::new(common::root()), "imbriqua").unwrap(),
    );
    let def = common::game(game);
    let bs = books(game, &e);
    // c3xf6 takes d4 and e5; a chain back to its start takes the four pieces it jumps.
    let ex = example_with(&bs, Lang::Fr, "c3xf6 prend d4 et e5");
    let mut t = example::taken(&e, &def, ex, "c3xf6");
    t.sort();
    assert_eq!(t, ["d4", "e5"]);
    let ex = example_with(&bs, Lang::Fr, "revient à son départ");
    let mut t = example::taken(&e, &def, ex, "d4xd6xf6xf4xd4");
    t.sort();
    assert_eq!(t, ["d5", "e4", "e6", "f5"]);
    // A step takes nothing.
    let ex = example_with(&bs, Lang::Fr, "Quatre pas possibles");
    assert!(example::taken(&e, &def, ex, "d4-c4").is_empty());
    // Alpha-BRIK: a pawn attacked is put back in its camp, not taken; a brick is carried, not taken.
    let e = Engine::new(&Project::new(common::root()), "alphabrick").unwrap();
    let def = common::game("alphabrick");
    let bs = books("alphabrick", &e);
    let ex = example_with(&bs, Lang::Fr, "arrive sur la pile de d8");
    assert!(example::taken(&e, &def, ex, "d6-d8 [d1,f1]").is_empty());
    let ex = example_with(&bs, Lang::Fr, "e3 attaque e6");
    assert!(example::taken(&e, &def, ex, "e3xe6").is_empty());
    let d = example::figure(Some(&e), &def, ex).unwrap();
    assert!(has_arrow(
        &d,
        &["e3".into(), "e6".into()],
        d.mark_color(),
        false
    ));
    assert!(!has_cross(&d, "e6"));
}

#[test]
fn a_path_that_comes_back_over_itself_is_drawn_beside_itself() {
    let e = Engine::new(&Project::new(common::root()), "arlecchino").unwrap();
    let def = common::game("arlecchino");
    let bs = books("arlecchino", &e);
    let ex = example_with(&bs, Lang::Fr, "Rouge-rouge-rouge-bleu");
    let d = example::figure(Some(&e), &def, ex).unwrap();
    let (c2, e2, d2) = (
        d.centre("c2").unwrap(),
        d.centre("e2").unwrap(),
        d.centre("d2").unwrap(),
    );
    let shafts: Vec<Vec<P>> = strokes(&d, d.mark_color())
        .into_iter()
        .filter(|(p, _)| p.len() >= 3)
        .map(|(p, _)| p)
        .collect();
    assert_eq!(shafts.len(), 1, "one path drawn, c2-e2-d2-d3");
    for s in &shafts {
        came_back_beside(s, &d, (c2, e2, d2));
    }
    // The refused return to c2, c2-e2-d2-c2, is dashed, and never on the legal path.
    let refused: Vec<Vec<P>> = strokes(&d, d.cross_color())
        .into_iter()
        .filter(|(p, dashed)| *dashed && p.len() >= 3)
        .map(|(p, _)| p)
        .collect();
    assert_eq!(refused.len(), 1, "{refused:?}");
    let r = d.mark_radius("c2").unwrap();
    let on_legal = refused[0].windows(2).all(|w| {
        let mid = P {
            x: (w[0].x + w[1].x) / 2.0,
            y: (w[0].y + w[1].y) / 2.0,
        };
        shafts[0]
            .windows(2)
            .any(|v| dist_to_polyline(mid, v) < r * 0.1)
    });
    assert!(!on_legal, "the refused path lies on the legal one");
}

/// A path c2-e2-d2-… that steps back from e2 to d2 along its jump runs beside it.
fn came_back_beside(s: &[P], d: &Drawn, (c2, e2, d2): (P, P, P)) {
    let r = d.mark_radius("d2").unwrap();
    // It starts off the centre of the tile that moves (by 0.8 of the mark radius).
    assert!(dist_to_polyline(c2, s) <= r * 0.85 && dist_to_polyline(e2, s) < 1e-6);
    // The step back from e2 to d2 does not run over the jump c2-e2: a point of the shaft between
    // e2 and d2 lies off the line c2-e2.
    let mid = P {
        x: (e2.x + d2.x) / 2.0,
        y: (e2.y + d2.y) / 2.0,
    };
    let on_jump = s
        .windows(2)
        .filter(|w| dist_to_polyline(mid, w) < r * 0.1)
        .count();
    assert_eq!(
        on_jump, 1,
        "only the jump passes over the middle of e2-d2: {s:?}"
    );
    assert!(dist_to_polyline(mid, s) < 1e-6);
    let beside = s.windows(2).any(|w| {
        let q = P {
            x: (w[0].x + w[1].x) / 2.0,
            y: (w[0].y + w[1].y) / 2.0,
        };
        dist_to_polyline(q, &[c2, e2]) > r * 0.3 && (q.x - mid.x).abs() < r
    });
    assert!(beside, "the step back runs beside the jump: {s:?}");
}

#[test]
fn arrows_have_a_halo_and_hidden_cell_names_a_tag() {
    let e = Engine::new(&Project::new(common::root()), "imperator").unwrap();
    let def = common::game("imperator");
    let bs = books("imperator", &e);
    let ex = example_with(&bs, Lang::Fr, "d5 peut aller jusqu");
    let d = example::figure(Some(&e), &def, ex).unwrap();
    let r = d.mark_radius("d5").unwrap();
    let flat = d.scene.flatten();
    // The arrow's shaft is a quarter of the mark radius wide, over the same line in white,
    // wider, drawn first.
    let shaft = |f: &Flat| match f {
        Flat::Path(p) => p.stroke.map(|s| (p.segs.clone(), s)),
        _ => None,
    };
    // (The named cell's outline is a wide line of the mark's colour too, with no halo.)
    let wide: Vec<usize> = (0..flat.len())
        .filter(|&a| {
            shaft(&flat[a]).is_some_and(|(_, s)| s.color == d.mark_color() && s.width >= r * 0.25)
        })
        .collect();
    assert!(
        !wide.is_empty(),
        "the free move's arrow is a quarter of the mark radius wide"
    );
    let halo = wide.iter().any(|&a| {
        let (segs, line) = shaft(&flat[a]).unwrap();
        flat[..a].iter().any(|f| {
            shaft(f).is_some_and(|(g, s)| {
                g == segs
                    && s.color == ludopress::base::color::Color::WHITE
                    && s.width >= line.width * 1.5
            })
        })
    });
    assert!(halo, "the arrow is drawn over a wider white halo");
    // d5 holds a pawn that covers its printed name: the caption names it, so it has a tag.
    let names = |d: &Drawn, n: &str| {
        d.scene
            .flatten()
            .iter()
            .filter(|f| matches!(f, Flat::Text(t, _) if t.text == n))
            .count()
    };
    assert_eq!(names(&d, "d5"), 2, "the board's name and the tag");
    assert_eq!(names(&d, "f7"), 1, "f7 is empty: its name shows");
    // The named cell is outlined as an empty one would be, and its tag sits low, on the
    // piece's rim, not over its middle.
    let panels = example::panel_marks(Some(&e), &def, ex);
    assert!(
        panels[0].0.highlight.iter().any(|c| c == "d5"),
        "{:?}",
        panels[0].0
    );
    let he = Engine::new(&Project::new(common::root()), "hex").unwrap();
    let hex = common::game("hex");
    let hb = books("hex", &he);
    let ex = example_with(&hb, Lang::En, "The red stones on e5 and f6");
    let d = example::figure(Some(&he), &hex, ex).unwrap();
    let (centre, r) = (d.centre("e5").unwrap(), d.mark_radius("e5").unwrap());
    let ys: Vec<f64> = d
        .scene
        .flatten()
        .iter()
        .filter_map(|f| match f {
            Flat::Text(t, _) if t.text == "e5" => Some(t.y),
            _ => None,
        })
        .collect();
    assert_eq!(ys.len(), 2, "the board's name and the tag: {ys:?}");
    assert!(
        ys.iter().any(|y| *y > centre.y + r),
        "a tag low on the stone: {ys:?}, centre {}",
        centre.y
    );
    // A square board writes its names round the edge: no tag.
    let e = Engine::new(&Project::new(common::root()), "imbriqua").unwrap();
    let def = common::game("imbriqua");
    let bs = books("imbriqua", &e);
    let ex = example_with(&bs, Lang::Fr, "c3xf6 prend d4 et e5");
    let d = example::figure(Some(&e), &def, ex).unwrap();
    assert_eq!(names(&d, "d4"), 0);
}

#[test]
fn an_order_of_placement_in_a_caption_is_numbered() {
    let e = Engine::new(&Project::new(common::root()), "lignes").unwrap();
    let def = common::game("lignes");
    let bs = books("lignes", &e);
    for (lang, text) in [(Lang::Fr, "Premier début"), (Lang::En, "First opening")] {
        let Some(ex) = bs
            .iter()
            .filter(|b| b.lang == lang)
            .flat_map(|b| &b.examples)
            .find(|ex| ex.caption.contains(text))
        else {
            continue;
        };
        let marks = example::figure_marks(Some(&e), &def, ex);
        assert_eq!(marks.numbers, ["0,0", "1,0", "2,0", "3,0"], "{text}");
    }
}

#[test]
fn a_written_cross_on_a_piece_not_taken_is_refused_at_its_line() {
    let e = Engine::new(&Project::new(common::root()), "imbriqua").unwrap();
    let game = common::game("imbriqua");
    let shown = "games/imbriqua/rules.en.md";
    let text = std::fs::read_to_string(common::root().join(shown)).unwrap();
    let good = markdown::parse(Some(&e), &game, Path::new(shown), &text, Lang::En);
    assert!(good.is_ok(), "{}", good.err().unwrap());
    // c3xf6 takes d4 and e5; c3, the pawn that moves, is not taken.
    let from = "crosses = [\"d4\", \"e5\"]";
    let at = text.find(from).expect("the c3xf6 example");
    let line = text[..at].matches('\n').count() + 1;
    let bad = text.replacen(from, "crosses = [\"d4\", \"e5\", \"c3\"]", 1);
    let err = markdown::parse(Some(&e), &game, Path::new(shown), &bad, Lang::En)
        .map(|_| ())
        .expect_err("a cross on a piece not taken is refused")
        .to_string();
    assert!(
        err.contains(&format!("{shown}:{line}:1")) && err.contains("`c3`") && err.contains("c3xf6"),
        "{err}"
    );
}

#[test]
fn french_and_english_figures_draw_the_same_marks() {
    let mut differ = Vec::new();
    for (game, e) in engines() {
        let def = common::game(&game);
        let bs = books(&game, &e);
        let (Some(fr), Some(en)) = (
            bs.iter().find(|b| b.lang == Lang::Fr),
            bs.iter().find(|b| b.lang == Lang::En),
        ) else {
            continue;
        };
        for (a, b) in fr.examples.iter().zip(&en.examples) {
            let (ma, mb) = (
                example::figure_marks(Some(&e), &def, a),
                example::figure_marks(Some(&e), &def, b),
            );
            // The cells a caption names may differ with its wording; the moves and the pieces
            // taken may not.
            let sorted = |mut v: Vec<Vec<String>>| {
                v.sort();
                v
            };
            let crosses = |mut v: Vec<String>| {
                v.sort();
                v
            };
            if sorted(ma.arrows) != sorted(mb.arrows)
                || sorted(ma.barred) != sorted(mb.barred)
                || crosses(ma.crosses) != crosses(mb.crosses)
                || ma.numbers != mb.numbers
            {
                differ.push(format!("{}:{} / {}", fr.path.display(), a.line, b.line));
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
}

#[test]
fn every_piece_a_shown_move_puts_is_drawn_faded_in_a_dashed_ring() {
    // The move an `after` claim plays (where no second panel shows its result, or the caption
    // writes it out), and a placement the caption writes out (`plays c3`): each piece it puts
    // on an empty cell is in the figure's marks and drawn there.
    let mut placed = 0;
    for (game, e) in engines() {
        let def = common::game(&game);
        for book in books(&game, &e) {
            for ex in &book.examples {
                let at = format!("{}:{}", book.path.display(), ex.line);
                let said = words(&ex.caption);
                let marks = example::figure_marks(Some(&e), &def, ex);
                let d = example::figure(Some(&e), &def, ex).expect("a figure");
                let rings = strokes(&d, d.mark_color())
                    .iter()
                    .filter(|(_, dashed)| *dashed)
                    .count();
                let mut want = 0;
                let after = ex
                    .claims
                    .iter()
                    .any(|c| matches!(c.kind, ClaimKind::After(..)));
                // Placements the caption offers as choices (`may play a4 or e1`): none is drawn
                // as played, or the figure would show two moves in one turn.
                let offered: Vec<&String> = ex
                    .claims
                    .iter()
                    .filter_map(|c| match &c.kind {
                        ClaimKind::Legal(m) if said.contains(m) => Some(m),
                        _ => None,
                    })
                    .filter(|m| !example::put(&e, &def, ex, m).is_empty())
                    .collect();
                if !after && offered.len() > 1 {
                    for m in &offered {
                        for put in example::put(&e, &def, ex, m) {
                            assert!(
                                !marks.placed.contains(&put),
                                "{at}: {m} is one choice of {}, drawn as played",
                                offered.len()
                            );
                        }
                    }
                }
                for c in &ex.claims {
                    // With a second panel for the result, the first shows the move when its
                    // caption writes it out.
                    let m = match &c.kind {
                        ClaimKind::After(m, _, _)
                            if ex.after_caption.is_none() || said.contains(m) =>
                        {
                            m
                        }
                        // Not one the caption only says may be made (`red can play e1`).
                        ClaimKind::Legal(m)
                            if !after
                                && offered.len() == 1
                                && said.contains(m)
                                && !said.iter().enumerate().any(|(i, w)| {
                                    w == m
                                        && said[i.saturating_sub(3)..i].iter().any(|x| {
                                            matches!(
                                                x.to_lowercase().as_str(),
                                                "may" | "can" | "peut" | "peuvent" | "possible"
                                            )
                                        })
                                }) =>
                        {
                            m
                        }
                        _ => continue,
                    };
                    for (cell, token) in example::put(&e, &def, ex, m) {
                        if d.cell(&cell).is_none() {
                            continue;
                        }
                        assert!(
                            marks.placed.contains(&(cell.clone(), token.clone())),
                            "{at}: {m} puts {token} on {cell}, which the figure does not show"
                        );
                        want += 1;
                    }
                }
                assert!(
                    rings >= want.min(marks.placed.len()),
                    "{at}: {rings} dashed rings for {want} pieces put"
                );
                placed += want;
            }
        }
    }
    // Tic-tac-toe, Connect Four, Reversi, Hex and the seed games place pieces in their books.
    assert!(placed >= 20, "{placed} pieces put");
}

#[test]
fn marks_never_take_the_colour_of_a_piece_or_a_cell() {
    // Blue arrows beside blue noughts, a blue ring on Connect Four's blue board: each game's
    // marks take the first colour far from all its pieces and cells, crosses another one.
    use ludopress::layout::diagram::{color_distance, mark_colors, MARK_APART};
    let mut moved = Vec::new();
    for (game, _) in engines() {
        let def = common::game(&game);
        let (mark, cross) = mark_colors(&def);
        let mut near = Vec::new();
        for pc in &def.pieces {
            near.push((pc.id.clone(), pc.fill));
            near.extend(pc.back.map(|b| (format!("{} (back)", pc.id), b)));
        }
        for b in &def.boards {
            near.push((b.id.clone(), b.fill));
            near.extend(b.alt_fill.map(|c| (format!("{} (second)", b.id), c)));
        }
        for (what, c) in near {
            for (name, m) in [("mark", mark), ("cross", cross)] {
                assert!(
                    color_distance(m, c) >= MARK_APART,
                    "{game}: its {name} colour {m:?} is near {what}'s {c:?}"
                );
            }
        }
        assert!(color_distance(mark, cross) >= MARK_APART, "{game}");
        if mark != ludopress::layout::diagram::MARK {
            moved.push(game);
        }
    }
    // Tic-tac-toe's noughts and Connect Four's board are blue: their marks are not.
    for game in ["tictactoe", "connect4"] {
        assert!(moved.iter().any(|g| g == game), "{game}: {moved:?}");
    }
}

#[test]
fn a_refused_move_along_a_legal_one_is_drawn_beside_it() {
    // Arlecchino p.4 drew the refused c3xc5-c4-c3 right on the legal jump c3-c5, hiding it.
    use ludopress::layout::diagram::{self, Marks};
    let mut d = draughts_board();
    let cells = |l: &[&str]| l.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let marks = Marks {
        arrows: vec![cells(&["c3", "e5"])],
        barred: vec![cells(&["c3", "e5", "d4", "c3"])],
        ..Marks::default()
    };
    diagram::draw_marks(&mut d, &marks).unwrap();
    let (c3, e5) = (d.centre("c3").unwrap(), d.centre("e5").unwrap());
    let r = d.mark_radius("c3").unwrap();
    let dashed: Vec<Vec<P>> = strokes(&d, d.cross_color())
        .into_iter()
        .filter(|(p, dash)| *dash && p.len() >= 2)
        .map(|(p, _)| p)
        .collect();
    assert_eq!(dashed.len(), 1, "{dashed:?}");
    // The middle of the dashed path's first segment is off the legal arrow's line.
    let w = &dashed[0];
    let mid = P {
        x: (w[0].x + w[1].x) / 2.0,
        y: (w[0].y + w[1].y) / 2.0,
    };
    assert!(
        dist_to_polyline(mid, &[c3, e5]) > r * 0.5,
        "the refused move runs on the legal one: {w:?}"
    );
}

#[test]
fn each_stop_of_a_chain_is_marked_on_its_arrow() {
    // Draughts' c3-e5-g7 in one straight line read as one move to g7: each stop on the way has
    // a dot of the arrow's colour.
    use ludopress::layout::diagram::{self, Marks};
    let mut d = draughts_board();
    let marks = Marks {
        arrows: vec![vec!["c3".into(), "e5".into(), "g7".into()]],
        ..Marks::default()
    };
    diagram::draw_marks(&mut d, &marks).unwrap();
    let e5 = d.centre("e5").unwrap();
    let r = d.mark_radius("e5").unwrap();
    let mark = d.mark_color();
    let dots = d
        .scene
        .flatten()
        .into_iter()
        .filter(|f| match f {
            Flat::Path(p) if p.fill == Some(mark) && p.stroke.is_some() => p.segs.iter().all(|s| {
                let q = match s {
                    Seg::Move(q) | Seg::Line(q) => *q,
                    _ => return true,
                };
                (q.x - e5.x).hypot(q.y - e5.y) < r * 0.6
            }),
            _ => false,
        })
        .count();
    assert_eq!(dots, 1, "one dot at e5");
}

/// The board of draughts' first figure, drawn without its marks (for marks drawn by hand).
fn draughts_board() -> Drawn {
    let e = Engine::new(&Project::new(common::root()), "draughts").unwrap();
    let def = common::game("draughts");
    let bs = books("draughts", &e);
    let ex = &bs[0].examples[0];
    let ddef = def.diagram.as_ref().unwrap();
    ludopress::layout::diagram::position(&def, ddef, &ex.board, &ex.fields).unwrap()
}

/// A refused move the caption names by its cells where it says something is not allowed
/// (`The pawn on d4 cannot go to d5`) is drawn as a dashed arrow, in both languages; a refused
/// move whose cells the caption names with no negation is not.
#[test]
fn a_refused_move_named_by_its_cells_is_drawn_dashed() {
    let game = "breakthrough";
    let e = Engine::new(&Project::new(common::root()), game).unwrap();
    let def = common::game(game);
    let bs = books(game, &e);
    for (lang, said) in [
        (Lang::En, "cannot go to d5"),
        (Lang::Fr, "ne peut pas aller en d5"),
    ] {
        let ex = example_with(&bs, lang, said);
        let marks = example::figure_marks(Some(&e), &def, ex);
        assert!(
            marks
                .barred
                .contains(&vec!["d4".to_string(), "d5".to_string()]),
            "{lang:?}: {:?}",
            marks.barred
        );
        // Each path once, though d4-d5 and d4xd5 are both claimed illegal.
        assert_eq!(
            marks
                .barred
                .iter()
                .filter(|p| p[..] == ["d4", "d5"])
                .count(),
            1
        );
        let d = example::figure(Some(&e), &def, ex).expect("a figure");
        assert!(
            has_arrow(&d, &["d4".into(), "d5".into()], d.cross_color(), true),
            "{lang:?}"
        );
        // The same claims under a caption that names the cells but refuses nothing.
        let mut plain = ex.clone();
        plain.caption = "The pawn on d4, and d5 in front of it.".into();
        let marks = example::figure_marks(Some(&e), &def, &plain);
        assert!(marks.barred.is_empty(), "{:?}", marks.barred);
    }
}

/// A cross on an empty cell says nothing may go there, not that a piece is taken: it is drawn
/// as a barred ring, and the legend explains the two marks apart (Reversi's refused f2, and
/// Breakthrough's taken pawns).
#[test]
fn a_cross_on_an_empty_cell_is_a_refusal_with_its_own_mark_and_legend_entry() {
    use ludopress::layout::diagram::MarkKind;
    use ludopress::rulebook::legend;
    for (game, says, cell, kind) in [
        ("reversi", "f2 is not allowed", "f2", MarkKind::Refused),
        (
            "breakthrough",
            "b3xc4 or d3xc4 captures it",
            "c4",
            MarkKind::Cross,
        ),
    ] {
        let e = Engine::new(&Project::new(common::root()), game).unwrap();
        let def = common::game(game);
        let bs = books(game, &e);
        let ex = example_with(&bs, Lang::En, says);
        let marks = example::figure_marks(Some(&e), &def, ex);
        assert!(marks.crosses.contains(&cell.to_string()), "{game}");
        let used = legend::used_by_each(Some(&e), &def, std::slice::from_ref(ex));
        assert!(used[0].contains(&kind), "{game}: {:?}", used[0]);
        let other = if kind == MarkKind::Cross {
            MarkKind::Refused
        } else {
            MarkKind::Cross
        };
        assert!(!used[0].contains(&other), "{game}: {:?}", used[0]);
        // A cross is two crossing strokes; the ring is a closed curve with one bar.
        let d = example::figure(Some(&e), &def, ex).expect("a figure");
        assert_eq!(has_cross(&d, cell), kind == MarkKind::Cross, "{game}");
    }
}

/// No arrow covers the middle of a piece: over every figure of every book, each arrowhead's
/// tip and each shaft's first point keep off the centre of every occupied cell (the pawn that
/// acts, a brick's count, a tile's zones stay in sight), and the middle of no shaft's segment
/// lies on a piece the move does not pass over.
#[test]
fn no_arrow_covers_the_middle_of_a_piece() {
    let mut arrows = 0;
    for (game, e) in engines() {
        let def = common::game(&game);
        for book in books(&game, &e) {
            for ex in &book.examples {
                let at = format!("{}:{}", book.path.display(), ex.line);
                let Some(d) = example::figure(Some(&e), &def, ex) else {
                    continue;
                };
                let on: Vec<(P, f64)> = ex
                    .occupied
                    .iter()
                    .filter_map(|c| Some((d.centre(c)?, d.mark_radius(c)?)))
                    .collect();
                for color in [d.mark_color(), d.cross_color()] {
                    let tips = heads(&d, color);
                    for &tip in &tips {
                        arrows += 1;
                        for (q, r) in &on {
                            assert!(
                                (tip.x - q.x).hypot(tip.y - q.y) > r * 0.5,
                                "{at}: an arrowhead ends on the middle of a piece"
                            );
                        }
                    }
                    // A shaft: a stroke whose end meets an arrowhead (not an outline, a cross).
                    let shafts = strokes(&d, color).into_iter().filter(|(p, _)| {
                        p.len() >= 2
                            && tips.iter().any(|t| {
                                let e = p[p.len() - 1];
                                (t.x - e.x).hypot(t.y - e.y) < on.first().map_or(1.0, |o| o.1)
                            })
                    });
                    for (pts, _) in shafts {
                        for (q, r) in &on {
                            assert!(
                                (pts[0].x - q.x).hypot(pts[0].y - q.y) > r * 0.5 - 1e-9
                                    || pts.len() == 2 && pts[0] == pts[1],
                                "{at}: an arrow starts on the middle of a piece: {pts:?} {q:?}"
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(arrows > 50, "{arrows} arrows seen");
}

/// A placement the caption only says may be made (`red can play e1, but that would open e2`)
/// is not drawn as played; one it says is played (`Cross plays c3`) is.
#[test]
fn a_placement_only_possible_is_not_drawn_as_played() {
    for (game, says, cell, drawn) in [
        ("connect4", "red can play e1", "e1", false),
        ("tictactoe", "Cross plays c3 and threatens", "c3", true),
    ] {
        let e = Engine::new(&Project::new(common::root()), game).unwrap();
        let def = common::game(game);
        let bs = books(game, &e);
        let ex = example_with(&bs, Lang::En, says);
        let marks = example::figure_marks(Some(&e), &def, ex);
        assert_eq!(
            marks.placed.iter().any(|(c, _)| c == cell),
            drawn,
            "{game}: {:?}",
            marks.placed
        );
    }
}

/// A book built without its rules engine (no consent to run the game's program) cannot draw
/// the position after an example's move: it is told, at the example, not silently dropped.
#[test]
fn a_drawing_left_out_for_want_of_an_engine_is_warned_at_its_example() {
    let game = common::game("breakthrough-py");
    let without =
        make::load_rulebooks(&common::root(), &game, None).unwrap_or_else(|d| panic!("{d}"));
    for b in &without {
        let warned = rulebook::drawings_left_out(b, None);
        let expected: Vec<usize> = b
            .examples
            .iter()
            .filter(|e| e.after_caption.is_some())
            .map(|e| e.line)
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(warned.iter().map(|d| d.line).collect::<Vec<_>>(), expected);
        assert!(warned[0].to_string().contains("left out of the book"));
    }
    // With an engine, nothing is left out.
    let e = Engine::new(&Project::new(common::root()), "breakthrough").unwrap();
    for b in books("breakthrough", &e) {
        assert!(rulebook::drawings_left_out(&b, Some(&e)).is_empty());
    }
}

/// A move in parts that goes on from the `after` move (Lignes: a push, then a take and a fill)
/// is drawn on the figure after it, where its pieces stand: the first figure shows the push
/// alone, not a cross on the light pawn the pushed dark one will displace; and a push from the
/// ring of empty squares round a plane's pieces keeps its arrow (the plane is widened).
#[test]
fn a_move_in_parts_is_drawn_where_its_pieces_stand() {
    let e = Engine::new(&Project::new(common::root()), "lignes").unwrap();
    let def = common::game("lignes");
    let bs = books("lignes", &e);
    for lang in [Lang::En, Lang::Fr] {
        let text = if lang == Lang::En {
            "Pushing (3, 2) east encircles"
        } else {
            "Pousser (3 ; 2) vers l’est encercle"
        };
        let ex = example_with(&bs, lang, text);
        let panels = example::panels(Some(&e), &def, ex);
        assert_eq!(
            panels.len(),
            2,
            "{lang:?}: a figure before and after the push"
        );
        let (before, after) = (&panels[0].0, &panels[1].0);
        let cells = |v: &[&str]| v.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        assert!(has_arrow(
            before,
            &cells(&["3,2", "4,2"]),
            before.mark_color(),
            false
        ));
        assert!(
            !has_cross(before, "3,2"),
            "{lang:?}: the take is not drawn before the push"
        );
        assert!(
            has_cross(after, "3,2"),
            "{lang:?}: the pawn taken, after the push"
        );
        assert!(has_arrow(
            after,
            &cells(&["3,1", "3,2"]),
            after.mark_color(),
            false
        ));
        assert!(has_arrow(
            after,
            &cells(&["2,2", "3,2"]),
            after.cross_color(),
            true
        ));
        // The legend explains the cross the figure after the push draws.
        let used =
            ludopress::rulebook::legend::used_by_each(Some(&e), &def, std::slice::from_ref(ex));
        assert!(
            used[0].contains(&ludopress::layout::diagram::MarkKind::Cross),
            "{lang:?}: {:?}",
            used[0]
        );
        let text = if lang == Lang::En {
            "Light places on (5, 2)"
        } else {
            "Les clairs posent un pion en (5 ; 2)"
        };
        let ex = example_with(&bs, lang, text);
        let d = example::figure(Some(&e), &def, ex).unwrap();
        assert!(
            has_arrow(&d, &cells(&["5,2", "6,2"]), d.mark_color(), false),
            "{lang:?}: the push off the ring is drawn"
        );
    }
}

/// A placement a caption refuses in a sentence that names it (`it cannot stop on d4`) gets the
/// refusal mark on its empty cell, with no written cross; a crop that would leave out one
/// column only keeps the board's whole width, frame and coordinates (Connect Four's c1).
#[test]
fn a_refused_placement_is_marked_and_a_crop_keeps_a_last_line() {
    use ludopress::layout::diagram::MarkKind;
    use ludopress::rulebook::legend;
    let e = Engine::new(&Project::new(common::root()), "connect4").unwrap();
    let def = common::game("connect4");
    let bs = books("connect4", &e);
    for (lang, says) in [
        (Lang::En, "cannot stop on d4"),
        (Lang::Fr, "s’arrêter en d4"),
    ] {
        let ex = example_with(&bs, lang, says);
        assert!(ex.marks.crosses.is_empty(), "no cross is written");
        let marks = example::figure_marks(Some(&e), &def, ex);
        assert!(marks.crosses.contains(&"d4".to_string()), "{lang:?}");
        let used = legend::used_by_each(Some(&e), &def, std::slice::from_ref(ex));
        assert!(
            used[0].contains(&MarkKind::Refused),
            "{lang:?}: {:?}",
            used[0]
        );
    }
    let ex = example_with(&bs, Lang::En, "Red plays c1 and wins");
    let d = example::figure(Some(&e), &def, ex).unwrap();
    // Column g whole, and the frame beyond it (before, a third of it showed at the edge).
    let (f1, g1) = (d.centre("f1").unwrap(), d.centre("g1").unwrap());
    let cell = g1.x - f1.x;
    assert!(
        g1.x + cell / 2.0 < d.scene.width,
        "column g is kept whole with the frame: its centre at {}, the drawing {} wide",
        g1.x,
        d.scene.width
    );
}

/// A whole large board that names its cells inside them (Hex's 121) writes its coordinates
/// round its edges in a figure, where a name in each cell ran into its neighbours once raised
/// to the page's least size; a figure of a part of it keeps the names inside.
#[test]
fn a_large_board_s_names_go_round_its_edges() {
    let e = Engine::new(&Project::new(common::root()), "hex").unwrap();
    let def = common::game("hex");
    let bs = books("hex", &e);
    let texts = |d: &Drawn| {
        let mut out = Vec::new();
        d.scene
            .texts(&mut std::collections::HashSet::new(), &mut |t| {
                out.push(t.text.clone())
            });
        out
    };
    for lang in [Lang::En, Lang::Fr] {
        let whole = example::figure(Some(&e), &def, example_with(&bs, lang, "121")).unwrap();
        let t = texts(&whole);
        assert!(
            !t.iter().any(|x| x == "f6" || x == "k11"),
            "{lang:?}: {t:?}"
        );
        for edge in ["a", "k", "1", "11"] {
            assert!(t.iter().any(|x| x == edge), "{lang:?}: `{edge}` in {t:?}");
        }
        let part = example::figure(Some(&e), &def, example_with(&bs, lang, "120")).unwrap();
        assert!(texts(&part).iter().any(|x| x == "e6"), "{lang:?}");
    }
}

/// A placement that turns pieces over marks each turned piece on the figure after it, and the
/// legend explains the mark; a legend's sample piece is a plain one, not a numbered brick.
#[test]
fn pieces_that_change_sides_are_marked_and_the_legend_s_piece_is_plain() {
    use ludopress::layout::diagram::MarkKind;
    use ludopress::rulebook::legend;
    let e = Engine::new(&Project::new(common::root()), "reversi").unwrap();
    let def = common::game("reversi");
    let bs = books("reversi", &e);
    let ex = example_with(&bs, Lang::En, "A black disc on g4 encloses");
    let panels = example::panel_marks(Some(&e), &def, ex);
    assert_eq!(panels.len(), 2);
    let mut turned = panels[1].0.turned.clone();
    turned.sort();
    assert_eq!(turned, ["e4", "f4", "f5"], "{:?}", panels[1].0);
    assert!(
        panels[0].0.turned.is_empty(),
        "the position before: none yet"
    );
    // With no panel after the move, the turned pieces its caption names are marked before.
    let ex = example_with(&bs, Lang::En, "last disc on h1");
    let panels = example::panel_marks(Some(&e), &def, ex);
    assert_eq!(panels.len(), 1);
    assert_eq!(panels[0].0.turned, ["h2"], "{:?}", panels[0].0);
    let used = legend::used_by_each(Some(&e), &def, std::slice::from_ref(ex));
    assert!(used[0].contains(&MarkKind::Turned), "{used:?}");
    // A move that moves a piece turns none over (draughts' c3xe5xg7).
    let e = Engine::new(&Project::new(common::root()), "draughts").unwrap();
    let dd = common::game("draughts");
    for b in books("draughts", &e) {
        for ex in &b.examples {
            for (m, _) in example::panel_marks(Some(&e), &dd, ex) {
                assert!(m.turned.is_empty(), "{}: {:?}", ex.caption, m.turned);
            }
        }
    }
    // Alpha-BRIK's bricks carry their number: the legend's samples show a pawn.
    let ab = common::game("alphabrick");
    let d = ab.diagram.as_ref().unwrap();
    for kind in [MarkKind::Arrow, MarkKind::Cross, MarkKind::Turned] {
        let s = ludopress::layout::diagram::legend_swatch(&ab, d, kind);
        let labels: Vec<String> = s
            .flatten()
            .into_iter()
            .filter_map(|f| match f {
                Flat::Text(t, _) => Some(t.text),
                _ => None,
            })
            .collect();
        assert!(
            labels
                .iter()
                .all(|t| !["1", "2", "3"].contains(&t.as_str())),
            "{kind:?}: {labels:?}"
        );
    }
}

/// A piece put and then pushed on is drawn put, faded, on the figure before the push; a
/// refused ring on an empty cell whose board prints its name inside gets the name again.
#[test]
fn a_piece_put_then_pushed_is_drawn_put_and_a_refused_cell_keeps_its_name() {
    let e = Engine::new(&Project::new(common::root()), "lignes").unwrap();
    let def = common::game("lignes");
    let bs = books("lignes", &e);
    for (lang, text) in [(Lang::En, "Light places on (5, 2)"), (Lang::Fr, "(5 ; 2)")] {
        let ex = example_with(&bs, lang, text);
        let marks = example::figure_marks(Some(&e), &def, ex);
        assert_eq!(
            marks.placed,
            [("5,2".to_string(), "L".to_string())],
            "{lang:?}: {marks:?}"
        );
    }
    let e = Engine::new(&Project::new(common::root()), "imperator").unwrap();
    let def = common::game("imperator");
    let bs = books("imperator", &e);
    let ex = example_with(&bs, Lang::En, "cannot reach e3, e4 or e5");
    let d = example::figure(Some(&e), &def, ex).unwrap();
    for c in ["e3", "e4", "e5"] {
        let n = d
            .scene
            .flatten()
            .iter()
            .filter(|f| matches!(f, Flat::Text(t, _) if t.text == c))
            .count();
        assert_eq!(
            n, 2,
            "{c}: the board's name and the tag over the barred ring"
        );
    }
}
