//! The checks made on an SVG's XML before usvg converts it: what converting costs is counted
//! there (segments, glyphs, `use` copies and markers included), and every image a file names
//! is resolved by the game's rule, each refusal placed at its attribute.
//! In: the parsed XML (and where the file lies); out: the files its images name, or a refusal
//! placed at the attribute or element that breaks a budget.

use super::{Origin, Refused, MAX_BYTES, MAX_GLYPHS, MAX_SEGMENTS};
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use usvg::roxmltree::{Document, Node, NodeId};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

/// What drawing an element costs.
#[derive(Debug, Clone, Copy, Default)]
struct Cost {
    segments: u64,
    glyphs: u64,
}

impl Cost {
    fn add(self, o: Cost) -> Cost {
        Cost {
            segments: self.segments.saturating_add(o.segments),
            glyphs: self.glyphs.saturating_add(o.glyphs),
        }
    }
    fn times(self, n: u64) -> Cost {
        Cost {
            segments: self.segments.saturating_mul(n),
            glyphs: self.glyphs.saturating_mul(n),
        }
    }
    fn over(self) -> bool {
        self.segments > MAX_SEGMENTS || self.glyphs > MAX_GLYPHS
    }
}

fn href<'a>(n: Node<'a, '_>) -> Option<(&'a str, Range<usize>)> {
    n.attribute_node((XLINK_NS, "href"))
        .or_else(|| n.attribute_node("href"))
        .map(|a| (a.value(), a.range_value()))
}

struct Walk<'a, 'i> {
    ids: HashMap<&'a str, Node<'a, 'i>>,
    memo: HashMap<NodeId, Cost>,
    busy: Vec<NodeId>,
}

impl<'a, 'i> Walk<'a, 'i> {
    fn cost(&mut self, n: Node<'a, 'i>) -> Cost {
        if let Some(c) = self.memo.get(&n.id()) {
            return *c;
        }
        // A `use` that leads back to itself is drawn once by usvg (then skipped).
        if self.busy.contains(&n.id()) || self.busy.len() > 256 {
            return Cost::default();
        }
        self.busy.push(n.id());
        let c = self.own(n);
        self.busy.pop();
        self.memo.insert(n.id(), c);
        c
    }

    fn own(&mut self, n: Node<'a, 'i>) -> Cost {
        if !n.is_element() {
            return Cost::default();
        }
        let tag = n.tag_name();
        if tag.namespace() != Some(SVG_NS) {
            return Cost::default();
        }
        let segments = |s| Cost {
            segments: s,
            glyphs: 0,
        };
        match tag.name() {
            "path" => segments(path_segments(n.attribute("d").unwrap_or(""))),
            "polyline" | "polygon" => {
                segments(numbers(n.attribute("points").unwrap_or("")) / 2 + 1)
            }
            "rect" | "circle" | "ellipse" | "line" => segments(10),
            "use" => match href(n).and_then(|(h, _)| h.strip_prefix('#')) {
                Some(id) => match self.ids.get(id).copied() {
                    Some(target) => self.cost(target),
                    None => Cost::default(),
                },
                None => Cost::default(),
            },
            "text" => {
                let chars: u64 = n
                    .descendants()
                    .filter(|d| d.is_text())
                    .map(|d| d.text().map_or(0, |t| t.chars().count() as u64))
                    .sum();
                Cost {
                    segments: 0,
                    glyphs: chars,
                }
            }
            _ => n
                .children()
                .fold(Cost::default(), |c, k| c.add(self.cost(k))),
        }
    }
}

/// Refuses an SVG whose drawing would pass a budget, at the deepest element that passes it
/// alone (a long path, a `use` copied too often, a long text), else at the root.
pub(super) fn budget(
    doc: &Document,
    place: &dyn Fn(Range<usize>, String) -> Refused,
) -> Result<(), Refused> {
    let mut w = Walk {
        ids: doc
            .descendants()
            .filter_map(|n| n.attribute("id").map(|id| (id, n)))
            .collect(),
        memo: HashMap::new(),
        busy: Vec::new(),
    };
    let root = doc.root_element();
    for n in doc
        .descendants()
        .filter(|n| n.has_tag_name((SVG_NS, "path")))
    {
        if let Some(v) = huge_number(n.attribute("d").unwrap_or("")) {
            return Err(place(
                n.range(),
                format!(
                    "this path names the number {v}; path data is limited to ±{MAX_COORDINATE:e} (an arc that large would be drawn as millions of curves)"
                ),
            ));
        }
    }
    let mut total = w.cost(root);
    // A marker is drawn at every vertex of every path that names it: counted as if every
    // path did (an upper bound, cheap to find).
    let markers: Vec<Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name((SVG_NS, "marker")))
        .collect();
    if !markers.is_empty() {
        let vertices = total.segments;
        for m in markers {
            total = total.add(w.cost(m).times(vertices));
        }
    }
    if !total.over() {
        return Ok(());
    }
    // The deepest element whose own cost passes the budget.
    let mut at = root;
    'down: loop {
        for k in at.children().filter(|k| k.is_element()) {
            if w.cost(k).over() {
                at = k;
                continue 'down;
            }
        }
        break;
    }
    let why = if total.segments > MAX_SEGMENTS {
        format!(
            "this SVG draws about {} path segments (copies by `use` and markers counted); the limit for an art file is {MAX_SEGMENTS}: simplify it",
            total.segments
        )
    } else {
        format!(
            "this SVG draws {} characters of text (copies by `use` counted); the limit for an art file is {MAX_GLYPHS}",
            total.glyphs
        )
    };
    Err(place(at.range(), why))
}

/// Every image a file names (not a `data:` URL) resolved by the game's rule relative to
/// the SVG's folder: href as written -> real path. The first refused one is the error, at
/// its attribute; without a file (an SVG given as bytes) any is refused.
pub(super) fn hrefs(
    doc: &Document,
    from: Option<&Origin>,
    place: &dyn Fn(Range<usize>, String) -> Refused,
) -> Result<HashMap<String, PathBuf>, Refused> {
    let mut out = HashMap::new();
    for n in doc
        .descendants()
        .filter(|n| n.has_tag_name((SVG_NS, "image")))
    {
        let Some((h, range)) = href(n) else { continue };
        let h = h.trim();
        if h.starts_with("data:") || out.contains_key(h) {
            continue;
        }
        let resolved = match from {
            None => Err("an image named by a path, in an SVG read without its folder".into()),
            Some(f) if h.contains("://") || h.starts_with("file:") => {
                let _ = f;
                Err("a URL: ludopress reads no link; put the image in the game's folder and name it by its path".into())
            }
            Some(f) => {
                let base = f.file.parent().unwrap_or(Path::new("."));
                crate::base::paths::resolve(&f.within, base, Path::new(h), MAX_BYTES)
            }
        };
        match resolved {
            Ok(real) => {
                out.insert(h.to_string(), real);
            }
            Err(why) => {
                return Err(place(range, format!("image `{h}` refused: {why}")));
            }
        }
    }
    Ok(out)
}

/// Largest magnitude of a number in path data. An arc becomes about (11 r)^(1/6) curves a
/// turn (kurbo, tolerance 0.1): 16 at most below this bound, millions near 1e38, so that a
/// path of a few bytes cannot keep usvg busy for minutes.
pub(super) const MAX_COORDINATE: f64 = 1e6;

/// The first number of path data past [`MAX_COORDINATE`] (or not finite), as written.
pub(super) fn huge_number(d: &str) -> Option<&str> {
    let b = d.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if !(c.is_ascii_digit() || matches!(c, b'.' | b'-' | b'+')) {
            i += 1;
            continue;
        }
        let start = i;
        if matches!(c, b'-' | b'+') {
            i += 1;
        }
        let mut dot = false;
        while i < b.len() && (b[i].is_ascii_digit() || (b[i] == b'.' && !dot)) {
            dot |= b[i] == b'.';
            i += 1;
        }
        if i < b.len() && matches!(b[i], b'e' | b'E') {
            let mut j = i + 1;
            if j < b.len() && matches!(b[j], b'-' | b'+') {
                j += 1;
            }
            if j < b.len() && b[j].is_ascii_digit() {
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                i = j;
            }
        }
        if i == start {
            i += 1;
            continue;
        }
        let token = &d[start..i];
        if let Ok(v) = token.parse::<f64>() {
            if !v.is_finite() || v.abs() > MAX_COORDINATE {
                return Some(token);
            }
        }
    }
    None
}

/// Numbers in a list of coordinates (`1,2 3-4.5.5e1`).
fn numbers(s: &str) -> u64 {
    let mut n = 0;
    let mut prev = b' ';
    let mut dot = false;
    for &b in s.as_bytes() {
        let digitish = b.is_ascii_digit() || b == b'.';
        let starts = match b {
            b'-' | b'+' => !matches!(prev, b'e' | b'E'),
            b'.' => dot || !(prev.is_ascii_digit() || prev == b'.'),
            b'0'..=b'9' => {
                !(prev.is_ascii_digit()
                    || prev == b'.'
                    || matches!(prev, b'-' | b'+' | b'e' | b'E'))
            }
            _ => false,
        };
        if starts {
            n += 1;
            dot = false;
        }
        if b == b'.' {
            dot = true;
        } else if !digitish && !matches!(b, b'e' | b'E' | b'-' | b'+') {
            dot = false;
        }
        prev = b;
    }
    n
}

/// Segments of path data, about: each command's numbers over its arity (an arc may become
/// four curves), a close one more.
pub(super) fn path_segments(d: &str) -> u64 {
    let mut total: u64 = 0;
    let mut start = 0;
    let mut cmd = b'M';
    let bytes = d.as_bytes();
    let flush = |cmd: u8, part: &str| -> u64 {
        let arity = match cmd.to_ascii_uppercase() {
            b'Z' => return 1,
            b'H' | b'V' => 1,
            b'M' | b'L' | b'T' => 2,
            b'S' | b'Q' => 4,
            b'C' => 6,
            b'A' => 7,
            _ => return 0,
        };
        let k = numbers(part).div_ceil(arity);
        if cmd.eq_ignore_ascii_case(&b'A') {
            k * 4
        } else {
            k
        }
    };
    for (i, &b) in bytes.iter().enumerate() {
        if b.is_ascii_alphabetic() && !matches!(b, b'e' | b'E') {
            total = total.saturating_add(flush(cmd, &d[start..i]));
            cmd = b;
            start = i + 1;
        }
    }
    total.saturating_add(flush(cmd, &d[start..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_numbers_in_path_data_are_found() {
        assert_eq!(huge_number("M5 13.5 A3 3 0 0 0 8 16.1e38"), Some("16.1e38"));
        assert_eq!(huge_number("M0 0L1e7-2"), Some("1e7"));
        assert_eq!(huge_number("M-2000000.5.5 0"), Some("-2000000.5"));
        assert_eq!(huge_number("M5 13.5 A3 3 0 0 0 8 16.5e2 1e-40z"), None);
        assert_eq!(huge_number("M999999 -999999.9"), None);
    }

    #[test]
    fn path_data_and_coordinates_are_counted() {
        assert_eq!(numbers("1,2 3-4.5.5e-1 -6"), 6);
        assert_eq!(path_segments("M0 0L10 10 20 20Z"), 4);
        assert_eq!(path_segments("M0 0C1 1 2 2 3 3 4 4 5 5 6 6"), 3);
        assert_eq!(path_segments("M0 0h10v10h-10z"), 5);
        assert_eq!(path_segments("M0 0A5 5 0 0 1 10 10"), 5);
    }
}
