//! The first page of a print file: what to print how, a ruler and a square to check the scale,
//! what each kind of line means, the checklist of components, and the credits.

use super::{Geometry, Sheet, SheetSpec, Side, MARK};
use crate::base::color::Color;
use crate::base::lang::{french_spaces, Lang, NNBSP};
use crate::base::units::Pt;
use crate::fonts::Face;
use crate::scene::{p, shape, Anchor, Scene, Stroke};

/// What the guide says about a game, gathered by the build.
#[derive(Debug, Clone, Default)]
pub struct GuideInfo {
    /// The game's title.
    pub title: String,
    /// Players, age, time, on one line.
    pub facts: Option<String>,
    /// Designer, publisher, source and notice lines.
    pub credits: Vec<String>,
    /// Each component: how many copies, its name, and how it is made (`recto verso`, `2 parts`).
    pub components: Vec<(usize, String, Option<String>)>,
    /// Each board split into parts: its name, and its columns and rows of parts.
    pub maps: Vec<(String, usize, usize)>,
}

/// Side of a part in the guide's assembly map, mm: the map is at least 15 mm on its short side.
pub const MAP_CELL: f64 = 15.0;

/// A pair of pages printed on the two sides of one sheet: front page number, back page number,
/// what they hold.
pub type Duplex = (usize, usize, String);

/// Length of the ruler, mm.
pub const RULER: f64 = 50.0;
/// Side of the square, mm.
const SQUARE: f64 = 30.0;
/// Line height of the guide's paragraphs, as a multiple of the text size.
const LEADING: f64 = 1.3;

struct Pen<'a> {
    s: &'a mut Scene,
    x: f64,
    right: f64,
    y: f64,
    lang: Lang,
    /// The assembly maps drawn, as boxes (x, y, width, height).
    maps: Vec<(f64, f64, f64, f64)>,
}

impl Pen<'_> {
    fn typeset(&self, text: &str) -> String {
        match self.lang {
            Lang::Fr => french_spaces(text, NNBSP),
            Lang::En => text.to_string(),
        }
    }

    /// A paragraph at `size` pt, wrapped to the column; the pen moves below it.
    fn para(&mut self, text: &str, size: f64, face: Face, indent: f64) {
        let text = self.typeset(text);
        let lead = Pt(size).in_mm() * LEADING;
        let room = self.right - self.x - indent;
        let mut line = String::new();
        // A no-break space binds its neighbours into one word.
        for word in text.split(' ') {
            let trial = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && face.width_mm(&trial, size) > room {
                self.y += lead;
                let (x, y) = (self.x + indent, self.y);
                self.s.text(x, y, size, face, MARK, Anchor::Start, &line);
                line = word.to_string();
            } else {
                line = trial;
            }
        }
        if !line.is_empty() {
            self.y += lead;
            let (x, y) = (self.x + indent, self.y);
            self.s.text(x, y, size, face, MARK, Anchor::Start, &line);
        }
    }

    fn heading(&mut self, text: &str) {
        self.y += 5.0;
        self.para(text, 11.0, Face::Bold, 0.0);
        self.y += 1.0;
    }
}

/// Ranges of page numbers, `3–4, 7–8`.
fn pairs(list: &[&Duplex]) -> String {
    list.iter()
        .map(|(f, b, _)| format!("{f}–{b}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Draws the guide on a page of `page` size. `duplex` lists the pages printed back to back.
pub fn draw(
    info: &GuideInfo,
    spec: &SheetSpec,
    page: (f64, f64),
    duplex: &[Duplex],
    total: usize,
) -> Sheet {
    let fr = spec.lang == Lang::Fr;
    let m = spec.style.margin;
    let mut s = Scene::new(page.0, page.1);
    let mut pen = Pen {
        s: &mut s,
        x: m + 6.0,
        right: page.0 - m - 6.0,
        y: m + 4.0,
        lang: spec.lang,
        maps: Vec::new(),
    };
    pen.para(&info.title, 20.0, Face::Bold, 0.0);
    pen.para(
        if fr {
            "À imprimer, découper et jouer"
        } else {
            "Print, cut and play"
        },
        12.0,
        Face::Regular,
        0.0,
    );
    if let Some(f) = &info.facts {
        pen.y += 1.0;
        pen.para(f, 9.0, Face::Regular, 0.0);
    }
    if !info.credits.is_empty() {
        pen.y += 1.0;
    }
    for c in &info.credits {
        pen.para(c, 8.0, Face::Italic, 0.0);
    }

    // Printing.
    let paper = spec.paper.name().to_uppercase().replace("LETTER", "Letter");
    pen.heading(if fr { "Impression" } else { "Printing" });
    pen.para(
        &if fr {
            format!("{total} pages au format {paper}. Imprimez à 100 % (taille réelle) : ne cochez pas « ajuster à la page ».")
        } else {
            format!("{total} pages on {paper} paper. Print at 100% (actual size): do not choose “fit to page”.")
        },
        9.0,
        Face::Regular,
        0.0,
    );
    let edge = match (spec.flip, fr) {
        (super::Flip::LongEdge, true) => "sur le bord long",
        (super::Flip::ShortEdge, true) => "sur le bord court",
        (super::Flip::LongEdge, false) => "on the long edge",
        (super::Flip::ShortEdge, false) => "on the short edge",
    };
    if duplex.is_empty() {
        pen.para(
            if fr {
                "Tout est imprimé d’un seul côté : imprimez le fichier en recto seul."
            } else {
                "Everything prints on one side: print the file single-sided."
            },
            9.0,
            Face::Regular,
            0.0,
        );
    } else {
        let mut groups: Vec<(String, Vec<&Duplex>)> = Vec::new();
        for d in duplex {
            match groups.iter_mut().find(|g| g.0 == d.2) {
                Some(g) => g.1.push(d),
                None => groups.push((d.2.clone(), vec![d])),
            }
        }
        let list: Vec<String> = groups
            .iter()
            .map(|(label, ps)| format!("{} ({label})", pairs(ps)))
            .collect();
        pen.para(
            &if fr {
                format!("Imprimez le fichier entier recto verso, en retournant {edge} : chaque page sans verso est suivie d’une page blanche, si bien que les versos tombent juste. Pages recto verso : {}.", list.join(" ; "))
            } else {
                format!("Print the whole file double-sided, flipping {edge}: every page without a back is followed by a blank page, so each back lands on its front. Two-sided pages: {}.", list.join("; "))
            },
            9.0,
            Face::Regular,
            0.0,
        );
        pen.para(
            if fr {
                "Sans impression recto verso : imprimez les pages impaires, replacez la pile retournée dans le bac, puis imprimez les pages paires."
            } else {
                "Without duplex printing: print the odd pages, put the stack back in the tray turned over, then print the even pages."
            },
            9.0,
            Face::Regular,
            0.0,
        );
        pen.para(
            if fr {
                "Vérifiez l’alignement : par transparence, la cible d’une page recto doit couvrir celle de son verso."
            } else {
                "Check the alignment: held against the light, the target on a front must cover the one on its back."
            },
            9.0,
            Face::Regular,
            0.0,
        );
    }

    // Scale check.
    pen.heading(if fr {
        "Vérifier l’échelle"
    } else {
        "Check the scale"
    });
    let (x0, y0) = (pen.x, pen.y + 4.0);
    let st = Some(Stroke::solid(MARK, 0.2));
    pen.s
        .path(shape::line(p(x0, y0), p(x0 + RULER, y0)), None, st);
    for mm in 0..=RULER as usize {
        let tick = match mm {
            t if t % 10 == 0 => 4.0,
            t if t % 5 == 0 => 2.8,
            _ => 1.8,
        };
        let x = x0 + mm as f64;
        pen.s.path(shape::line(p(x, y0), p(x, y0 + tick)), None, st);
        if mm % 10 == 0 {
            let label = if mm == 0 {
                "0".to_string()
            } else {
                format!("{}", mm / 10)
            };
            pen.s.text(
                x,
                y0 + 7.0,
                6.5,
                Face::Regular,
                MARK,
                Anchor::Middle,
                &label,
            );
        }
    }
    pen.s.text(
        x0 + RULER + 2.0,
        y0 + 7.0,
        6.5,
        Face::Regular,
        MARK,
        Anchor::Start,
        "cm",
    );
    let sq = x0 + RULER + 14.0;
    pen.s.path(
        shape::rect(sq, y0 - 2.0, SQUARE, SQUARE),
        None,
        Some(Stroke::solid(MARK, 0.25)),
    );
    pen.s.text(
        sq + SQUARE / 2.0,
        y0 + SQUARE / 2.0,
        7.0,
        Face::Regular,
        MARK,
        Anchor::Middle,
        &format!("{}{NNBSP}mm", SQUARE as i64),
    );
    let ruler = (p(x0, y0), p(x0 + RULER, y0));
    let text_x = sq + SQUARE + 6.0;
    let saved = (pen.x, pen.y);
    pen.x = text_x;
    pen.y = y0 - 4.0;
    pen.para(
        &if fr {
            format!("La règle doit mesurer {} mm et le carré {} mm de côté. Sinon, l’imprimante a changé l’échelle : réimprimez à 100 %.", RULER as i64, SQUARE as i64)
        } else {
            format!("The ruler must measure {} mm and the square {} mm a side. If not, the printer changed the scale: print again at 100%.", RULER as i64, SQUARE as i64)
        },
        9.0,
        Face::Regular,
        0.0,
    );
    pen.x = saved.0;
    pen.y = (y0 + SQUARE).max(pen.y) + 1.0;

    // Legend of lines.
    pen.heading(if fr {
        "Les traits"
    } else {
        "What the lines mean"
    });
    let legend: [(&str, &str, u8); 6] = [
        (
            "Repère de coupe : une feuille porte un ou plusieurs groupes de pièces. Séparez d’abord les groupes d’une coupe droite dans le blanc entre eux, d’un bord à l’autre (1) ; puis coupez chaque groupe dans le prolongement des petits traits, d’un bord du groupe à l’autre (2).",
            "Crop mark: a sheet holds one or more groups of pieces. First cut the groups apart with a straight cut through the blank between them, from edge to edge (1); then cut each group along the lines the short marks point to, from one edge of the group to the other (2).",
            0,
        ),
        (
            "Trait de coupe fin ou contour : coupez sur le trait.",
            "Thin cut guide or outline: cut on the line.",
            1,
        ),
        (
            "Pli : pliez le long des tirets fins.",
            "Fold: fold along the fine dashes.",
            2,
        ),
        (
            "Languette : encollez-la et glissez-la sous la face voisine.",
            "Glue tab: put glue on it and tuck it under the neighbouring face.",
            3,
        ),
        (
            "Bande de recouvrement : collez-la sous la partie voisine du plateau, les cibles l’une sur l’autre.",
            "Overlap strip: glue it under the next part of the board, targets on top of each other.",
            4,
        ),
        (
            "Cible recto verso : sur une page et son verso, au même endroit.",
            "Duplex target: on a page and on its back, at the same place.",
            5,
        ),
    ];
    for (fr_text, en_text, kind) in legend {
        let (sx, sy) = (pen.x, pen.y + 3.5);
        let below = sample(pen.s, kind, sx, sy);
        let saved = pen.x;
        pen.x = sx + 24.0;
        pen.para(if fr { fr_text } else { en_text }, 9.0, Face::Regular, 0.0);
        pen.x = saved;
        pen.y = pen.y.max(sy + below) + 1.0;
    }

    // Checklist.
    pen.heading(if fr {
        "Contenu à découper"
    } else {
        "What to cut out"
    });
    for (n, name, note) in &info.components {
        let line = match note {
            Some(note) => format!("{n} × {name} ({note})"),
            None => format!("{n} × {name}"),
        };
        let y = pen.y;
        pen.s.path(
            shape::rect(pen.x, y + 1.2, 2.8, 2.8),
            None,
            Some(Stroke::solid(MARK, 0.25)),
        );
        pen.para(&line, 9.0, Face::Regular, 5.0);
    }
    for (name, nx, ny) in &info.maps {
        assembly(&mut pen, name, *nx, *ny);
    }
    let maps = pen.maps;
    Sheet {
        scene: s,
        side: Side::Guide,
        geometry: Geometry {
            ruler: Some(ruler),
            maps,
            ..Geometry::default()
        },
    }
}

/// The map of a board split into `nx` × `ny` parts: each part numbered as in its page's
/// caption, its dashed strips where they are, and how they go together.
fn assembly(pen: &mut Pen, name: &str, nx: usize, ny: usize) {
    let fr = pen.lang == Lang::Fr;
    pen.heading(&if fr {
        format!("Plan d’assemblage — {name}")
    } else {
        format!("Assembly map — {name}")
    });
    let (x0, y0) = (pen.x, pen.y + 2.0);
    let c = MAP_CELL;
    let edge = Some(Stroke::solid(MARK, 0.35));
    let strip = Some(Stroke::dashed(MARK, 0.3, 2.0, 1.5));
    // The strip drawn at a fifth of a part, so it reads at this size.
    let band = c / 5.0;
    for j in 0..ny {
        for i in 0..nx {
            let (x, y) = (x0 + i as f64 * c, y0 + j as f64 * c);
            pen.s.path(
                shape::rect(x, y, c, c),
                Some(Color::rgb(0xf2, 0xef, 0xe6)),
                edge,
            );
            if i + 1 < nx {
                let sx = x + c - band;
                pen.s.path(shape::line(p(sx, y), p(sx, y + c)), None, strip);
            }
            if j + 1 < ny {
                let sy = y + c - band;
                pen.s.path(shape::line(p(x, sy), p(x + c, sy)), None, strip);
            }
            pen.s.text(
                x + c / 2.0,
                y + c / 2.0 + 1.5,
                11.0,
                Face::Bold,
                MARK,
                Anchor::Middle,
                &format!("{}", j * nx + i + 1),
            );
        }
    }
    let (w, h) = (nx as f64 * c, ny as f64 * c);
    pen.maps.push((x0, y0, w, h));
    let saved = pen.x;
    pen.x = x0 + w + 6.0;
    pen.y = y0 - 1.0;
    pen.para(
        if fr {
            "Les numéros sont ceux des légendes des pages. Collez chaque bande à tirets sous la partie voisine, les cibles l’une sur l’autre ; la dernière partie, sans tirets, se pose par-dessus."
        } else {
            "The numbers are those of the pages’ captions. Glue each dashed strip under the next part, targets on top of each other; the last part, with no dashes, goes on top."
        },
        9.0,
        Face::Regular,
        0.0,
    );
    pen.x = saved;
    pen.y = pen.y.max(y0 + h) + 1.0;
}

/// A 20 mm sample of a kind of line, starting at (`x`, `y`); returns how far below `y` it
/// reaches, mm.
fn sample(s: &mut Scene, kind: u8, x: f64, y: f64) -> f64 {
    let ink = Some(Stroke::solid(MARK, 0.25));
    match kind {
        0 => {
            cut_order(s, x, y - 2.5);
            return 15.0;
        }
        1 => s.path(
            shape::rect(x + 2.0, y - 1.0, 16.0, 4.0),
            None,
            Some(Stroke::solid(Color::rgb(0xa0, 0xa0, 0xa0), 0.15)),
        ),
        2 => s.path(
            shape::line(p(x, y + 1.0), p(x + 20.0, y + 1.0)),
            None,
            Some(Stroke::dashed(MARK, 0.3, 1.5, 1.0)),
        ),
        3 => s.path(
            shape::polygon(&[
                p(x + 2.0, y + 3.0),
                p(x + 6.0, y - 1.0),
                p(x + 14.0, y - 1.0),
                p(x + 18.0, y + 3.0),
            ]),
            Some(Color::rgb(0xd8, 0xd4, 0xc8)),
            ink,
        ),
        4 => s.path(
            shape::line(p(x, y + 1.0), p(x + 20.0, y + 1.0)),
            None,
            Some(Stroke::dashed(MARK, 0.3, 2.0, 1.5)),
        ),
        _ => {
            let st = Some(Stroke::solid(MARK, 0.2));
            s.path(shape::circle(p(x + 10.0, y + 1.0), 1.2), None, st);
            s.cross(p(x + 10.0, y + 1.0), 1.8, st);
        }
    }
    4.0
}

/// The order of cuts, drawn on a 20 × 17 mm sheet from (`x`, `y`): two groups of pieces, the
/// straight cut between them first (1), then each group's lines, from its marks (2).
fn cut_order(s: &mut Scene, x: f64, y: f64) {
    let paper = Some(Stroke::solid(Color::rgb(0xa0, 0xa0, 0xa0), 0.15));
    s.path(shape::rect(x, y, 20.0, 17.0), Some(Color::WHITE), paper);
    let piece = Some(Color::rgb(0xe8, 0xe4, 0xd8));
    let edge = Some(Stroke::solid(Color::rgb(0xa0, 0xa0, 0xa0), 0.1));
    // A group of three pieces above, a group of two below.
    for i in 0..3 {
        s.path(
            shape::rect(x + 2.5 + i as f64 * 4.0, y + 2.5, 4.0, 3.0),
            piece,
            edge,
        );
    }
    for i in 0..2 {
        s.path(
            shape::rect(x + 4.5 + i as f64 * 5.5, y + 11.0, 5.5, 3.5),
            piece,
            edge,
        );
    }
    let ink = Some(Stroke::solid(MARK, 0.2));
    // The top group's marks, on the extensions of its cut lines.
    for i in 0..4 {
        let cx = x + 2.5 + i as f64 * 4.0;
        s.path(shape::line(p(cx, y + 0.6), p(cx, y + 2.0)), None, ink);
        s.path(shape::line(p(cx, y + 6.0), p(cx, y + 7.4)), None, ink);
    }
    for cy in [y + 2.5, y + 5.5] {
        s.path(shape::line(p(x + 0.6, cy), p(x + 2.0, cy)), None, ink);
        s.path(shape::line(p(x + 15.0, cy), p(x + 16.4, cy)), None, ink);
    }
    // First cut: across the sheet, between the groups.
    let first = y + 8.6;
    s.path(
        shape::line(p(x - 1.0, first), p(x + 21.0, first)),
        None,
        Some(Stroke::dashed(MARK, 0.3, 1.2, 0.8)),
    );
    let label = |s: &mut Scene, lx: f64, ly: f64, t: &str| {
        s.text(lx, ly, 6.0, Face::Bold, MARK, Anchor::Start, t);
    };
    label(s, x + 17.0, first - 0.6, "1");
    label(s, x + 17.0, y + 4.9, "2");
}
