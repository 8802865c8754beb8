//! SVG export (with the `svg` crate): user units are millimetres.

use crate::base::units::Pt;
use crate::scene::{num, num_at, Flat, Gradient, GradientShape, Scene, Seg};
use svg::node::element::{
    ClipPath, Definitions, Group, LinearGradient, Path, RadialGradient, Stop, Text,
};
use svg::Document;
use svg::Node as _;

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
    to_svg_with_ids(scene, "")
}

/// [`to_svg`], with `prefix` before every id the drawing defines (its clips and gradients), so
/// that several drawings set inline in one HTML page do not point at each other's.
pub fn to_svg_with_ids(scene: &Scene, prefix: &str) -> String {
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
    let mut def_id = 0usize;
    let mut used_defs = false;
    for f in scene.flatten() {
        match f {
            Flat::Path(p) => {
                let mut el = Path::new().set("d", path_data(&p.segs));
                let finish = p.finish.as_deref();
                el = match (p.fill, finish.and_then(|f| f.gradient.as_ref())) {
                    (Some(_), Some(g)) => {
                        def_id += 1;
                        let id = format!("{prefix}grad{def_id}");
                        defs = defs.add(gradient(g, &id));
                        used_defs = true;
                        el.set("fill", format!("url(#{id})"))
                    }
                    (Some(c), None) => el.set("fill", c.to_string()),
                    (None, _) => el.set("fill", "none"),
                };
                if let Some(f) = finish {
                    if f.even_odd {
                        el = el.set("fill-rule", "evenodd");
                    }
                    if p.fill.is_some() && f.fill_opacity < 1.0 {
                        el = el.set("fill-opacity", num_at(f.fill_opacity, 3));
                    }
                    if p.stroke.is_some() && f.stroke_opacity < 1.0 {
                        el = el.set("stroke-opacity", num_at(f.stroke_opacity, 3));
                    }
                }
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
                    .set("font-size", num(Pt(run.size).in_mm()))
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
                let id = format!("{prefix}clip{clip_id}");
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
    if clip_id > 0 || used_defs {
        doc = doc.add(defs);
    }
    for g in stack {
        doc = doc.add(g);
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// A gradient's definition, in the coordinates of the page (`gradientUnits="userSpaceOnUse"`).
fn gradient(g: &Gradient, id: &str) -> Box<dyn svg::Node> {
    let t = g.transform;
    let matrix = format!(
        "matrix({} {} {} {} {} {})",
        num_at(t.a, 6),
        num_at(t.b, 6),
        num_at(t.c, 6),
        num_at(t.d, 6),
        num_at(t.e, 4),
        num_at(t.f, 4)
    );
    let stops = |mut el: svg::node::element::Element| {
        for (o, c) in &g.stops {
            el.append(
                Stop::new()
                    .set("offset", num_at(*o, 4))
                    .set("stop-color", c.to_string()),
            );
        }
        el
    };
    let el: svg::node::element::Element = match g.shape {
        GradientShape::Linear { x1, y1, x2, y2 } => LinearGradient::new()
            .set("x1", num_at(x1, 4))
            .set("y1", num_at(y1, 4))
            .set("x2", num_at(x2, 4))
            .set("y2", num_at(y2, 4))
            .into(),
        GradientShape::Radial { cx, cy, r, fx, fy } => RadialGradient::new()
            .set("cx", num_at(cx, 4))
            .set("cy", num_at(cy, 4))
            .set("r", num_at(r, 4))
            .set("fx", num_at(fx, 4))
            .set("fy", num_at(fy, 4))
            .into(),
    };
    let mut el = stops(el);
    el.assign("id", id);
    el.assign("gradientUnits", "userSpaceOnUse");
    el.assign("gradientTransform", matrix);
    Box::new(el)
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
