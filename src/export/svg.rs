//! SVG export (with the `svg` crate): user units are millimetres.

use crate::scene::{num, num_at, Flat, Scene, Seg};
use svg::node::element::{ClipPath, Definitions, Group, Path, Text};
use svg::Document;

/// Path data at fixed precision.
pub fn path_data(segs: &[Seg]) -> String {
    let mut d = String::new();
    for seg in segs {
        if !d.is_empty() {
            d.push(' ');
        }
        match seg {
            Seg::Move(a) => d.push_str(&format!("M{} {}", num(a.x), num(a.y))),
            Seg::Line(a) => d.push_str(&format!("L{} {}", num(a.x), num(a.y))),
            Seg::Cubic(a, b, c) => d.push_str(&format!(
                "C{} {} {} {} {} {}",
                num(a.x),
                num(a.y),
                num(b.x),
                num(b.y),
                num(c.x),
                num(c.y)
            )),
            Seg::Close => d.push('Z'),
        }
    }
    d
}

/// Writes a scene as an SVG document.
pub fn to_svg(scene: &Scene) -> String {
    let mut doc = Document::new()
        .set("width", format!("{}mm", num(scene.width)))
        .set("height", format!("{}mm", num(scene.height)))
        .set(
            "viewBox",
            format!("0 0 {} {}", num(scene.width), num(scene.height)),
        );
    // A stack of open groups: clips nest as groups.
    let mut stack: Vec<Group> = vec![Group::new()];
    let mut defs = Definitions::new();
    let mut clip_id = 0usize;
    for f in scene.flatten() {
        match f {
            Flat::Path(p) => {
                let mut el = Path::new().set("d", path_data(&p.segs));
                el = match p.fill {
                    Some(c) => el.set("fill", c.to_string()),
                    None => el.set("fill", "none"),
                };
                if let Some(st) = p.stroke {
                    el = el
                        .set("stroke", st.color.to_string())
                        .set("stroke-width", num(st.width))
                        .set("stroke-linejoin", "round");
                    if let Some((a, b)) = st.dash {
                        el = el.set("stroke-dasharray", format!("{} {}", num(a), num(b)));
                    }
                }
                push(&mut stack, el);
            }
            Flat::Text(run, angle) => {
                let mut el = Text::new(run.text.as_str())
                    .set("x", num(run.x))
                    .set("y", num(run.y))
                    .set("font-family", run.face.family())
                    .set("font-size", num(run.size * 25.4 / 72.0))
                    .set("font-weight", run.face.svg_weight())
                    .set("font-style", run.face.svg_style())
                    .set("font-kerning", "none")
                    .set("fill", run.color.to_string());
                if angle.abs() > 1e-6 {
                    el = el.set(
                        "transform",
                        format!("rotate({} {} {})", num(angle), num(run.x), num(run.y)),
                    );
                }
                push(&mut stack, el);
            }
            Flat::Image(raster, t) => {
                let el = svg::node::element::Image::new()
                    .set("width", 1)
                    .set("height", 1)
                    .set("preserveAspectRatio", "none")
                    .set(
                        "transform",
                        format!(
                            "matrix({} {} {} {} {} {})",
                            num_at(t.a, 6),
                            num_at(t.b, 6),
                            num_at(t.c, 6),
                            num_at(t.d, 6),
                            num(t.e),
                            num(t.f)
                        ),
                    )
                    .set(
                        "href",
                        format!("data:{};base64,{}", raster.mime, base64(&raster.data)),
                    );
                push(&mut stack, el);
            }
            Flat::PushClip(segs) => {
                clip_id += 1;
                let id = format!("clip{clip_id}");
                defs = defs.add(
                    ClipPath::new()
                        .set("id", id.as_str())
                        .add(Path::new().set("d", path_data(&segs))),
                );
                stack.push(Group::new().set("clip-path", format!("url(#{id})")));
            }
            Flat::PopClip => {
                if stack.len() > 1 {
                    if let Some(g) = stack.pop() {
                        push(&mut stack, g);
                    }
                }
            }
        }
    }
    while stack.len() > 1 {
        if let Some(g) = stack.pop() {
            push(&mut stack, g);
        }
    }
    if clip_id > 0 {
        doc = doc.add(defs);
    }
    for g in stack {
        doc = doc.add(g);
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// Standard base64 with padding.
fn base64(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn push<N: Into<Box<dyn svg::Node>>>(stack: &mut [Group], node: N) {
    if let Some(top) = stack.last_mut() {
        let g = std::mem::replace(top, Group::new());
        *top = g.add(node);
    }
}
