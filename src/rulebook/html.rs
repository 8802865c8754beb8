//! Rulebook as one HTML file, diagrams inline as SVG.

use super::{Block, Rulebook, Span};
use crate::fonts::Face;

/// Width of the median diagram in the HTML rulebook, in em (the text column is 46 em).
const DIAGRAM_EM: f64 = 18.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn inline(spans: &[Span]) -> String {
    spans
        .iter()
        .map(|s| {
            // By the face's own weight and slant: Lato's faces or those of a game's family.
            if is_bold(s.face) {
                format!("<strong>{}</strong>", esc(&s.text))
            } else if s.face.svg_style() == "italic" {
                format!("<em>{}</em>", esc(&s.text))
            } else {
                esc(&s.text)
            }
        })
        .collect()
}

/// Whether a face is bold: its weight is 600 or more.
fn is_bold(face: Face) -> bool {
    match face.svg_weight().as_str() {
        "bold" => true,
        "normal" => false,
        w => w.parse::<u16>().is_ok_and(|w| w >= 600),
    }
}

/// A CSS `font-family` list: the family named first, when the rulebook names one.
fn families(name: Option<&str>) -> String {
    let named = name.map_or(String::new(), |n| {
        format!("'{}', ", n.replace(['\'', '<', '>', '{', '}', ';'], ""))
    });
    format!("{named}Lato, 'Helvetica Neue', Arial, sans-serif")
}

/// A list and the lists nested in its items, as HTML.
fn list(items: &[super::Item]) -> String {
    use super::Mark;
    let tag = |m: Mark| {
        if matches!(m, Mark::Number(_)) {
            "ol"
        } else {
            "ul"
        }
    };
    let mut h = String::new();
    // The tags of the lists open at each level.
    let mut open: Vec<&str> = Vec::new();
    for it in items {
        while open.len() > it.level + 1 {
            h.push_str(&format!("</li>\n</{}>\n", open.pop().unwrap_or("ul")));
        }
        if open.len() == it.level + 1 && it.mark != Mark::Continued {
            h.push_str("</li>\n");
        }
        while open.len() < it.level + 1 {
            let t = tag(it.mark);
            match it.mark {
                Mark::Number(n) if n != 1 => h.push_str(&format!("<{t} start=\"{n}\">\n")),
                _ => h.push_str(&format!("<{t}>\n")),
            }
            open.push(t);
        }
        if it.mark == Mark::Continued {
            h.push_str(&inline(&it.spans));
        } else {
            h.push_str(&format!("<li>{}", inline(&it.spans)));
        }
    }
    while let Some(t) = open.pop() {
        h.push_str(&format!("</li>\n</{t}>\n"));
    }
    h
}

/// Whether drawings are narrow enough to stand beside their paragraph: one row leaving 70 mm of
/// text on the printed page, as [`super::pages`] decides.
fn narrow(panels: &[&super::Panel]) -> bool {
    let total: f64 =
        panels.iter().map(|p| p.width).sum::<f64>() + 8.0 * (panels.len() as f64 - 1.0);
    !panels.is_empty() && total <= 170.0 - 70.0 - 6.0
}

/// Drawings side by side, each with its caption, as a `<figure>` (of `class`, if any).
fn figure(panels: &[&super::Panel], class: Option<&str>, drawn: &mut usize) -> String {
    let mut h = match class {
        Some(c) => format!("<figure class=\"{c}\">\n"),
        None => "<figure>\n".to_string(),
    };
    for p in panels {
        // A legend: each mark's drawing at its printed size, its meaning in the page's text.
        if !p.entries.is_empty() {
            h.push_str("<div class=\"key\">\n<ul>\n");
            for (swatch, meaning) in &p.entries {
                *drawn += 1;
                let svg = crate::export::svg::to_svg_with_ids(swatch, &format!("f{drawn}-"));
                h.push_str(&format!(
                    "<li>{}<span>{}</span></li>\n",
                    svg.trim_end(),
                    esc(meaning)
                ));
            }
            h.push_str(&format!(
                "</ul>\n<figcaption>{}</figcaption></div>\n",
                esc(&p.caption)
            ));
            continue;
        }
        // Labels as large as on the printed page: no text under its least size.
        let scale = p.width / p.scene.width;
        let scene = p.scene.with_min_text(
            if p.diagram { scale } else { scale.min(1.0) },
            super::pages::MIN_TEXT,
        );
        // Ids unique in the page: each inline drawing defines its own clips.
        *drawn += 1;
        let svg = crate::export::svg::to_svg_with_ids(&scene, &format!("f{drawn}-"));
        // Diagrams scale with the text, each in proportion to its width in the printed
        // rulebook; components keep their printed size, or the reduced one the page gives them.
        let svg = if p.diagram {
            let em = DIAGRAM_EM * p.width / super::markdown::DIAGRAM_WIDTH;
            svg.replacen("<svg", &format!("<svg style=\"width: {em:.1}em\""), 1)
        } else if p.width < p.scene.width {
            svg.replacen(
                "<svg",
                &format!("<svg style=\"width: {:.1}mm\"", p.width),
                1,
            )
        } else {
            svg
        };
        h.push_str(&format!(
            "<div>{}<figcaption>{}</figcaption></div>\n",
            svg.trim_end(),
            esc(&p.caption)
        ));
    }
    h.push_str("</figure>\n");
    h
}

/// Writes the rulebook as a standalone HTML page.
pub fn to_html(book: &Rulebook, front: &super::Front) -> String {
    let title = format!("{} — {}", front.title, front.subtitle);
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n\
body {{ font-family: {body}; max-width: 46em; margin: 2em auto; padding: 0 1em; line-height: 1.45; color: #1d1d1b; }}\n\
figure {{ display: flex; flex-wrap: wrap; gap: 1.5em; justify-content: center; margin: 1.5em 0; }}\n\
figure div {{ text-align: center; }} figure svg {{ height: auto; }} figure svg text {{ font-family: {body}; }}\n\
figure.beside {{ float: left; margin: 0.3em 1.5em 0.8em 0; }} h1, h2, h3, figure, table, hr, .summary {{ clear: both; }}\n\
figcaption {{ font-size: 0.9em; font-style: italic; max-width: 20em; margin: 0.3em auto; }}\n\
.key ul {{ list-style: none; display: flex; flex-wrap: wrap; gap: 0.6em 1.6em; justify-content: center; padding: 0; margin: 0; }}\n\
.key li {{ display: flex; align-items: center; gap: 0.5em; font-size: 0.9em; font-style: italic; }} .key svg {{ height: 1.8em; width: auto; }}\n\
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #bbb; padding: 0.25em 0.5em; vertical-align: top; }}\n\
hr {{ border: none; border-top: 1px solid #ccc; margin: 2em 0; }}\n\
h1, h2, h3 {{ font-family: {headings}; }} h1 {{ color: {accent}; }}\n\
.summary {{ border: 2px solid {accent}; border-radius: 0.4em; padding: 0 1.2em 0.6em; margin: 2em 0; }}\n\
header h1 {{ margin-bottom: 0; }} header p {{ margin: 0.2em 0; }} header h1 {{ color: inherit; }} header .sub {{ font-style: italic; color: {accent}; }} header .facts {{ font-weight: bold; }} header .credits {{ color: #5f5f5a; font-size: 0.9em; }}\n</style>\n</head>\n<body>\n",
        book.lang.code(),
        esc(&title),
        body = families(book.style.names.0),
        headings = families(book.style.names.1),
        accent = book.style.accent,
    );
    let mut drawn = 0;
    h.push_str(&format!(
        "<header>\n<h1>{}</h1>\n<p class=\"sub\">{}</p>\n",
        esc(&front.title),
        esc(&front.subtitle)
    ));
    if let Some(f) = &front.facts {
        h.push_str(&format!("<p class=\"facts\">{}</p>\n", esc(f)));
    }
    for c in &front.credits {
        h.push_str(&format!("<p class=\"credits\">{}</p>\n", esc(c)));
    }
    for (text, href) in &front.links {
        h.push_str(&format!(
            "<p class=\"links\"><a href=\"{}\">{}</a></p>\n",
            esc(href),
            esc(text)
        ));
    }
    h.push_str("</header>\n");
    let mut i = 0;
    while let Some(b) = book.blocks.get(i) {
        // The summary, its last section, in a box of its own.
        if book.summary == Some(i) {
            h.push_str("<section class=\"summary\">\n");
        }
        match b {
            Block::Heading(level, spans) => {
                h.push_str(&format!("<h{level}>{}</h{level}>\n", inline(spans)))
            }
            Block::Para(spans) => {
                // A narrow figure after its paragraph stands beside it, on the left, as in print.
                let mut panels: Vec<&super::Panel> = Vec::new();
                let mut n = 0;
                while let Some(Block::Figure(fig)) = book.blocks.get(i + 1 + n) {
                    panels.extend(&fig.panels);
                    n += 1;
                }
                if n > 0 && narrow(&panels) && book.summary != Some(i + 1) {
                    h.push_str(&figure(&panels, Some("beside"), &mut drawn));
                    i += n;
                }
                h.push_str(&format!("<p>{}</p>\n", inline(spans)))
            }
            Block::List(items) => h.push_str(&list(items)),
            Block::Table(head, rows) => {
                h.push_str("<table>\n<tr>");
                for c in head {
                    h.push_str(&format!("<th>{}</th>", inline(c)));
                }
                h.push_str("</tr>\n");
                for r in rows {
                    h.push_str("<tr>");
                    for c in r {
                        h.push_str(&format!("<td>{}</td>", inline(c)));
                    }
                    h.push_str("</tr>\n");
                }
                h.push_str("</table>\n");
            }
            Block::Figure(fig) => {
                // Figures that follow one another share a row where they fit, as in print.
                let mut panels: Vec<&super::Panel> = fig.panels.iter().collect();
                while let Some(Block::Figure(next)) = book.blocks.get(i + 1) {
                    panels.extend(&next.panels);
                    i += 1;
                }
                h.push_str(&figure(&panels, None, &mut drawn));
            }
            Block::PageBreak => h.push_str("<hr>\n"),
        }
        i += 1;
    }
    if book.summary.is_some() {
        h.push_str("</section>\n");
    }
    h.push_str("</body>\n</html>\n");
    h
}
