//! Layouts: each element kind and fit mode drawn where its definition says (geometry asserted
//! on the scene), extends overriding exactly the named elements, warnings and errors at their
//! place. Art comes from the example game's folder (`games/potager/art`).

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::model::{ElementKind, Fit};
use ludopress::layout::fit::fitted;
use ludopress::scene::{Flat, Seg};

/// A one-card English game in the example's folder (its art is there), with `layout` appended.
fn game(layout: &str, card: &str) -> String {
    format!(
        "[game]\nid = \"potager\"\ntitle = \"Test\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n\
         [icons]\ncoin = \"art/coin.svg\"\n\n\
         [styles.suit.sun]\ncolor = \"yellow\"\n[styles.suit.moon]\ncolor = \"blue\"\n\n\
         {layout}\n\
         [[deck]]\nid = \"deck\"\nname = \"Deck\"\nsize = [60.0, 90.0]\nstyle = {{ from = \"classic\" }}\nbleed = 3.0\nsafe = 4.0\nlayout = \"main\"\n\
         back = {{ fill = \"blue\", ink = \"white\", title = \"Back\", pattern = \"grid\" }}\n\n\
         [[deck.card]]\nid = \"one\"\ntitle = \"One\"\n{card}\n"
    )
}

fn el(name: &str, kind: &str, more: &str) -> String {
    format!("[[layout.main.element]]\nname = \"{name}\"\nkind = \"{kind}\"\n{more}\n")
}

fn face(text: &str) -> Vec<Flat> {
    let g = common::parse("potager", text).unwrap_or_else(|d| panic!("{d}"));
    let d = &g.decks[0];
    ludopress::layout::card::face(&d.cards[0], d.width, d.height, d.bleed, Lang::En).flatten()
}

fn first_point(f: &Flat) -> (f64, f64) {
    match f {
        Flat::Path(p) => match p.segs[0] {
            Seg::Move(q) => (q.x, q.y),
            _ => panic!("{p:?}"),
        },
        other => panic!("not a path: {other:?}"),
    }
}

#[test]
fn shapes_are_placed_in_their_frame() {
    let layout = format!(
        "[layout.main]\n{}{}{}{}",
        el("bg", "rect", "frame = \"bleed\"\nfill = \"{suit.color}\""),
        el("box", "rect", "frame = \"safe\"\nx = 1.0\ny = 2.0\nwidth = 10.0\nheight = 5.0\nstroke = \"ink\"\nstroke_width = 0.5"),
        el("dot", "ellipse", "x = 10.0\ny = 20.0\nwidth = 8.0\nheight = 4.0\nfill = \"red\""),
        el("tick", "line", "x = 5.0\ny = 5.0\npoints = [[0.0, 0.0], [3.0, 4.0]]"),
    );
    let f = face(&game(&layout, "fields = { suit = \"moon\" }"));
    assert_eq!(f.len(), 4);
    // The background covers the bleed, in the suit's colour.
    assert_eq!(first_point(&f[0]), (-3.0, -3.0));
    match &f[0] {
        Flat::Path(p) => {
            assert_eq!(p.segs[2], Seg::Line(ludopress::scene::p(63.0, 93.0)));
            assert_eq!(p.fill, ludopress::base::color::Color::parse_hex("#2f6fbf"));
        }
        _ => unreachable!(),
    }
    // The safe frame starts 4 mm inside the cut.
    assert_eq!(first_point(&f[1]), (5.0, 6.0));
    match &f[1] {
        Flat::Path(p) => {
            assert_eq!(p.fill, None);
            assert_eq!(p.stroke.unwrap().width, 0.5);
            assert_eq!(p.segs[2], Seg::Line(ludopress::scene::p(15.0, 11.0)));
        }
        _ => unreachable!(),
    }
    // An ellipse starts at its rightmost point, on the centre line.
    assert_eq!(first_point(&f[2]), (18.0, 22.0));
    match &f[3] {
        Flat::Path(p) => {
            assert_eq!(
                p.segs,
                vec![
                    Seg::Move(ludopress::scene::p(5.0, 5.0)),
                    Seg::Line(ludopress::scene::p(8.0, 9.0))
                ]
            );
            assert!(p.fill.is_none() && p.stroke.is_some());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_rotated_element_turns_about_its_centre() {
    let layout = format!(
        "[layout.main]\n{}",
        el(
            "r",
            "rect",
            "x = 10.0\ny = 10.0\nwidth = 20.0\nheight = 10.0\nrotate = 90.0\nfill = \"red\""
        )
    );
    let f = face(&game(&layout, ""));
    // The top-left corner (10, 10) turns a quarter about (20, 15): to (25, 5).
    let (x, y) = first_point(&f[0]);
    assert!((x - 25.0).abs() < 1e-9 && (y - 5.0).abs() < 1e-9, "{x} {y}");
}

#[test]
fn text_boxes_align_wrap_and_shrink() {
    let text = |align: &str, valign: &str, more: &str| {
        format!(
            "[layout.main]\n{}",
            el("t", "text", &format!("text = \"{{title}} :coin:\"\nx = 10.0\ny = 10.0\nwidth = 40.0\nheight = 20.0\nsize = 10.0\nalign = \"{align}\"\nvalign = \"{valign}\"\n{more}"))
        )
    };
    let run = |f: &[Flat]| -> (f64, f64, f64) {
        f.iter()
            .find_map(|x| match x {
                Flat::Text(r, _) => Some((r.x, r.y, r.face.width_mm(&r.text, r.size))),
                _ => None,
            })
            .expect("a text run")
    };
    let left = face(&game(&text("left", "top", ""), ""));
    let right = face(&game(&text("right", "bottom", ""), ""));
    let centre = face(&game(&text("center", "middle", ""), ""));
    let (lx, ly, _) = run(&left);
    let (rx, ry, _) = run(&right);
    let (cx, cy, _) = run(&centre);
    assert_eq!(lx, 10.0);
    assert!(rx > cx && cx > lx, "{lx} {cx} {rx}");
    assert!(ry > cy && cy > ly, "{ly} {cy} {ry}");
    // The icon follows the word and ends at the box's right edge when flush right.
    let icon_right = right
        .iter()
        .filter_map(|x| match x {
            Flat::Path(p) => p
                .segs
                .iter()
                .filter_map(|s| match s {
                    Seg::Move(q) | Seg::Line(q) => Some(q.x),
                    Seg::Cubic(_, _, q) => Some(q.x),
                    Seg::Close => None,
                })
                .reduce(f64::max),
            _ => None,
        })
        .fold(f64::MIN, f64::max);
    assert!(
        icon_right <= 50.0 + 1e-6 && icon_right > 48.5,
        "{icon_right}"
    );
    // A long text shrinks, down to min_size, and is then an overflow.
    let long = "Draw two cards, then play one of them and discard the other at once. ".repeat(3);
    let long = long.trim();
    let g = game(
        &text("justify", "top", "min_size = 6.0"),
        &format!("text = \"{long}\""),
    )
    .replace("{title} :coin:", "{text}");
    let f = face(&g);
    let size = f
        .iter()
        .find_map(|x| match x {
            Flat::Text(r, _) => Some(r.size),
            _ => None,
        })
        .unwrap();
    assert!((6.0..10.0).contains(&size), "{size}");
    let game = common::parse("potager", &g).unwrap();
    assert!(ludopress::make::print_warnings(&game, Lang::En).is_empty());
}

#[test]
fn bold_and_italic_pick_their_faces() {
    let layout = format!(
        "[layout.main]\n{}",
        el("t", "text", "text = \"a **b** *c*\"\nsize = 8.0")
    );
    let faces: Vec<ludopress::fonts::Face> = face(&game(&layout, ""))
        .iter()
        .filter_map(|x| match x {
            Flat::Text(r, _) => Some(r.face),
            _ => None,
        })
        .collect();
    use ludopress::fonts::Face;
    assert_eq!(faces, vec![Face::Regular, Face::Bold, Face::Italic]);
}

#[test]
fn fit_modes_place_art_as_stated() {
    // A 2:1 picture in a square box of 10 mm.
    let b = (0.0, 0.0, 10.0, 10.0);
    assert_eq!(fitted(200.0, 100.0, b, Fit::Contain), (0.0, 2.5, 10.0, 5.0));
    assert_eq!(fitted(200.0, 100.0, b, Fit::Cover), (-5.0, 0.0, 20.0, 10.0));
    assert_eq!(fitted(200.0, 100.0, b, Fit::Stretch), b);
    // As drawn: the PNG soil band (480 × 76 px) covering a 20 × 20 box is clipped to the box.
    let layout = format!("[layout.main]\n{}{}", el("soil", "image", "image = \"art/soil.png\"\nx = 5.0\ny = 5.0\nwidth = 20.0\nheight = 20.0\nfit = \"cover\""), el("coin", "icon", "icon = \"coin\"\nx = 30.0\ny = 5.0\nwidth = 20.0\nheight = 10.0"));
    let f = face(&game(&layout, ""));
    assert!(
        matches!(&f[0], Flat::PushClip(segs) if segs[0] == Seg::Move(ludopress::scene::p(5.0, 5.0)))
    );
    match &f[1] {
        Flat::Image(r, t) => {
            assert_eq!((r.width, r.height), (480, 76));
            assert!((t.d - 20.0).abs() < 1e-9, "covers the height");
            assert!((t.a - 20.0 * 480.0 / 76.0).abs() < 1e-6);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(f[2], Flat::PopClip);
    // The SVG icon (20 × 20 units) contained in 20 × 10 mm: 10 mm wide, centred, as paths.
    let xs: Vec<f64> = f[3..]
        .iter()
        .filter_map(|x| match x {
            Flat::Path(p) => Some(p),
            _ => None,
        })
        .flat_map(|p| {
            p.segs.iter().filter_map(|s| match s {
                Seg::Move(q) | Seg::Line(q) => Some(q.x),
                Seg::Cubic(_, _, q) => Some(q.x),
                _ => None,
            })
        })
        .collect();
    assert!(!xs.is_empty());
    let (lo, hi) = xs
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    assert!(lo >= 35.0 - 1e-6 && hi <= 45.0 + 1e-6, "{lo} {hi}");
}

#[test]
fn extends_overrides_exactly_the_named_elements() {
    let layout = format!(
        "[layout.base]\n{}{}\n[layout.main]\nextends = \"base\"\n{}{}",
        el("a", "rect", "width = 5.0\nheight = 5.0\nfill = \"red\"")
            .replace("layout.main", "layout.base"),
        el(
            "b",
            "rect",
            "x = 10.0\nwidth = 5.0\nheight = 5.0\nfill = \"red\""
        )
        .replace("layout.main", "layout.base"),
        "[[layout.main.element]]\nname = \"b\"\nfill = \"green\"\n",
        el("c", "ellipse", "width = 2.0\nheight = 2.0\nfill = \"blue\""),
    );
    let g = common::parse("potager", &game(&layout, "")).unwrap_or_else(|d| panic!("{d}"));
    let els = g.decks[0].cards[0].layout.as_ref().unwrap();
    let names: Vec<&str> = els.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "c"]);
    let fill = |i: usize| match &els[i].kind {
        ElementKind::Rect { fill, .. } => *fill,
        _ => None,
    };
    assert_eq!(
        fill(0),
        ludopress::base::color::Color::parse_hex("#c0392b"),
        "a is inherited as it was"
    );
    assert_eq!(
        fill(1),
        ludopress::base::color::Color::parse_hex("#3f8f4e"),
        "b's fill is overridden"
    );
    assert_eq!((els[1].x, els[1].w), (10.0, 5.0), "b keeps its other keys");
    // A layout that extends itself is refused.
    let cyc = "[layout.main]\nextends = \"main\"\n[[layout.main.element]]\nname = \"a\"\nkind = \"rect\"\n";
    let e = common::parse("potager", &game(cyc, ""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("extends itself"), "{e}");
}

#[test]
fn overflow_and_missing_glyphs_are_warnings_at_the_element_and_errors_when_strict() {
    let layout = format!(
        "[layout.main]\n{}",
        el(
            "body",
            "text",
            "text = \"{text}\"\nwidth = 20.0\nheight = 5.0\nsize = 8.0"
        )
    );
    let text = game(
        &layout,
        "text = \"A text far too long for a box of one line ★\"",
    );
    let g = common::parse("potager", &text).unwrap_or_else(|d| panic!("{d}"));
    let w: Vec<String> = ludopress::make::print_warnings(&g, Lang::En)
        .iter()
        .map(|d| d.to_string())
        .collect();
    let line = text[..text.find("text = \"{text}\"").unwrap()]
        .matches('\n')
        .count()
        + 1;
    let place = format!("games/potager/game.toml:{line}:8: warning: card `one` of deck `deck`, element `body` (en): ");
    assert!(
        w.iter()
            .any(|x| x.starts_with(&place) && x.contains("the text needs")),
        "{w:#?}"
    );
    assert!(
        w.iter()
            .any(|x| x.starts_with(&place) && x.contains("`★` (U+2605) not in the font")),
        "{w:#?}"
    );
    // Under --strict each is an error at the same place.
    for d in ludopress::make::print_warnings(&g, Lang::En) {
        let e = d.as_error().to_string();
        assert!(
            e.starts_with(&format!("games/potager/game.toml:{line}:8: error:")),
            "{e}"
        );
    }
}

#[test]
fn bad_templates_images_and_icons_are_errors_at_their_place() {
    let cases = [
        (
            el("x", "image", "image = \"art/{id}.svg\""),
            "image `art/one.svg` not found",
        ),
        (el("x", "text", "text = \"{cots}\""), "no field `cots`"),
        (el("x", "text", "text = \"Gain :coni:\""), "no icon `coni`"),
        (
            el("x", "rect", "fill = \"{suit.color}\""),
            "no `color` in `[styles.suit.star]`",
        ),
        (el("x", "rect", "fill = \"gren\""), "unknown colour `gren`"),
        (el("x", "blob", ""), "element kind"),
    ];
    for (e, why) in cases {
        let text = game(
            &format!("[layout.main]\n{e}"),
            "fields = { suit = \"star\" }",
        );
        let err = common::parse("potager", &text).unwrap_err().to_string();
        assert!(
            err.contains("games/potager/game.toml:") && err.contains(why),
            "{why}: {err}"
        );
    }
}

/// `[fonts.sketch]` from the example game's folder, before the layout.
const SKETCH: &str = "[fonts.sketch]\nregular = \"fonts/CabinSketch-Regular.ttf\"\nbold = \"fonts/CabinSketch-Bold.ttf\"\n\n";

#[test]
fn a_game_font_sets_its_texts_and_is_embedded_as_a_subset() {
    let layout = format!(
        "{SKETCH}[layout.main]\n{}{}",
        el(
            "t",
            "text",
            "text = \"a **b** *c*\"\nfont = \"sketch\"\nsize = 8.0"
        ),
        el("u", "text", "text = \"Lato\"\nstyle = \"bold\"\ny = 40.0"),
    );
    let flats = face(&game(&layout, ""));
    let runs: Vec<(String, String)> = flats
        .iter()
        .filter_map(|x| match x {
            Flat::Text(r, _) => Some((
                r.text.trim().to_string(),
                r.face.postscript_name().to_string(),
            )),
            _ => None,
        })
        .collect();
    // No italic file given: italic runs fall back to the regular face.
    assert_eq!(
        runs,
        vec![
            ("a".into(), "CabinSketch-Regular".into()),
            ("b".into(), "CabinSketch-Bold".into()),
            ("c".into(), "CabinSketch-Regular".into()),
            ("Lato".into(), "Lato-Bold".into()),
        ]
    );
    // Metrics are the font's own: the same text is wider in Cabin Sketch than in Lato.
    let sketch = match &flats[0] {
        Flat::Text(r, _) => r.face,
        _ => unreachable!(),
    };
    assert!(sketch.family().starts_with("Cabin"), "{}", sketch.family());
    assert_ne!(
        sketch.width_mm("Carotte", 10.0),
        ludopress::fonts::Face::Regular.width_mm("Carotte", 10.0)
    );
    // In the PDF: each face embedded once, named with a subset tag, and smaller than its file.
    let mut scene = ludopress::scene::Scene::new(70.0, 100.0);
    for f in &flats {
        if let Flat::Text(r, _) = f {
            scene.push(ludopress::scene::Item::Text(r.clone()));
        }
    }
    let pdf = ludopress::export::pdf::to_pdf(
        &[&scene],
        &ludopress::export::pdf::Meta {
            title: "t".into(),
            compress: false,
            ..Default::default()
        },
    );
    let text = String::from_utf8_lossy(&pdf);
    for name in ["CabinSketch-Regular", "CabinSketch-Bold", "Lato-Bold"] {
        let tagged = text
            .match_indices(&format!("+{name}"))
            .map(|(i, _)| &text[i - 6..i])
            .next()
            .unwrap_or_else(|| panic!("{name} not embedded"));
        assert!(tagged.bytes().all(|b| b.is_ascii_uppercase()), "{tagged}");
    }
    assert!(
        !text.contains("Lato-Regular"),
        "an unused face is not embedded"
    );
    let full = std::fs::metadata(common::root().join("games/potager/fonts/CabinSketch-Bold.ttf"))
        .unwrap()
        .len() as usize;
    assert!(pdf.len() < full, "subset: {} bytes, font {full}", pdf.len());
}

#[test]
fn bad_fonts_are_errors_at_their_place() {
    let cases = [
        ("font = \"skecth\"", "", "unknown font family `skecth`"),
        ("font = \"skecth\"", "", "did you mean `sketch`?"),
        ("style = \"heavy\"", "", "style"),
        ("", "fonts/Nope.ttf", "font `fonts/Nope.ttf` not found"),
        (
            "",
            "cards.csv",
            "font `cards.csv`: not a TrueType or OpenType font",
        ),
        (
            "",
            "../potager/fonts/CabinSketch-Bold.ttf",
            "inside the game's folder",
        ),
    ];
    for (option, file, why) in cases {
        let fonts = if file.is_empty() {
            SKETCH.to_string()
        } else {
            SKETCH.replace("fonts/CabinSketch-Bold.ttf", file)
        };
        let text = game(
            &format!(
                "{fonts}[layout.main]\n{}",
                el("t", "text", &format!("text = \"x\"\n{option}"))
            ),
            "",
        );
        let err = common::parse("potager", &text).unwrap_err().to_string();
        let needle = if file.is_empty() { option } else { file };
        let line = text.lines().position(|l| l.contains(needle)).unwrap() + 1;
        assert!(
            err.contains(&format!("games/potager/game.toml:{line}:")) && err.contains(why),
            "{why} at line {line}: {err}"
        );
    }
}

#[test]
fn right_and_bottom_place_an_element_from_the_far_edges() {
    let layout = format!(
        "[layout.main]\n{}{}",
        el(
            "corner",
            "rect",
            "right = 2.0\nbottom = 3.0\nwidth = 10.0\nheight = 5.0\nfill = \"red\""
        ),
        el(
            "band",
            "rect",
            "x = 5.0\nright = 5.0\ny = 1.0\nbottom = 80.0\nfill = \"red\""
        ),
    );
    let f = face(&game(&layout, ""));
    // The card is 60 × 90 mm.
    assert_eq!(first_point(&f[0]), (48.0, 82.0));
    match &f[1] {
        Flat::Path(p) => {
            assert_eq!(p.segs[0], Seg::Move(ludopress::scene::p(5.0, 1.0)));
            assert_eq!(p.segs[2], Seg::Line(ludopress::scene::p(55.0, 10.0)));
        }
        other => panic!("{other:?}"),
    }
    let all_three = game(
        &format!(
            "[layout.main]\n{}",
            el("x", "rect", "x = 1.0\nright = 1.0\nwidth = 3.0")
        ),
        "",
    );
    let err = common::parse("potager", &all_three)
        .unwrap_err()
        .to_string();
    let line = all_three.lines().position(|l| l == "right = 1.0").unwrap() + 1;
    assert!(
        err.contains(&format!("game.toml:{line}:"))
            && err.contains("`x`, `right` and `width` all given"),
        "{err}"
    );
}

#[test]
fn a_game_extends_a_library_layout_and_errors_are_placed_in_the_file_that_holds_them() {
    // The library's `card` with the game's own panel colour and a corner mark.
    let layout = format!(
        "[layout.main]\nextends = \"card\"\n{}{}",
        el("panel", "rect", "fill = \"blue\""),
        el(
            "mark",
            "ellipse",
            "right = 1.0\nbottom = 1.0\nwidth = 2.0\nheight = 2.0\nfill = \"red\""
        ),
    );
    let text = game(&layout, "text = \"Hello\"\nfill = \"green\"");
    let g = common::parse("potager", &text).unwrap_or_else(|d| panic!("{d}"));
    let names: Vec<&str> = g.decks[0].cards[0]
        .layout
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    // `tag` is skipped (the card has none): `when = "{tag}"` is empty.
    assert_eq!(names, ["background", "title", "panel", "text", "mark"]);
    let f = face(&text);
    let fills: Vec<String> = f
        .iter()
        .filter_map(|x| match x {
            Flat::Path(p) => p.fill.map(|c| c.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        fills.first().map(String::as_str),
        Some("#3f8f4e"),
        "background in the card's fill"
    );
    assert!(
        fills.contains(&"#2f6fbf".to_string()),
        "the panel overridden in blue"
    );
    // A mistake in the game's override is placed in the game's file.
    let bad = game(
        &format!(
            "[layout.main]\nextends = \"card\"\n{}",
            el("panel", "rect", "fill = \"bleu\"")
        ),
        "",
    );
    let err = common::parse("potager", &bad).unwrap_err().to_string();
    let line = bad.lines().position(|l| l == "fill = \"bleu\"").unwrap() + 1;
    assert!(
        err.contains(&format!("games/potager/game.toml:{line}:")),
        "{err}"
    );
    // A mistake inherited from the library is placed in the library's file.
    let lib_text = std::fs::read_to_string(common::root().join("templates/library.toml"))
        .unwrap()
        .replace(
            "fill = \"paper\"\nradius = 3.0",
            "fill = \"papper\"\nradius = 3.0",
        );
    let lib = ludopress::definition::Library::parse(&ludopress::base::diag::Source::new(
        "templates/library.toml",
        lib_text.as_str(),
    ))
    .unwrap();
    let src = ludopress::base::diag::Source::new(
        "games/potager/game.toml",
        game("[layout.main]\nextends = \"card\"\n", "").as_str(),
    );
    let err = ludopress::definition::parse_game(&src, &lib, "potager", None)
        .unwrap_err()
        .to_string();
    let line = lib_text
        .lines()
        .position(|l| l == "fill = \"papper\"")
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("templates/library.toml:{line}:")) && err.contains("papper"),
        "{err}"
    );
}

/// The one-card game with a die of the given faces.
fn with_die(faces: &str) -> String {
    format!(
        "{}\n[[die]]\nid = \"die\"\nname = \"Die\"\nface = 16.0\nfill = \"paper\"\npip = \"ink\"\nfaces = {faces}\n",
        game("[layout.main]\n", "")
    )
}

/// The points that start or end the straight segments of paths (their corners), in order.
fn corners<'a>(paths: impl Iterator<Item = &'a ludopress::scene::Path>) -> Vec<(f64, f64)> {
    paths
        .flat_map(|p| p.segs.iter())
        .filter_map(|s| match s {
            Seg::Move(q) | Seg::Line(q) => Some((q.x, q.y)),
            _ => None,
        })
        .collect()
}

/// The names of the elements of a die face (its background first).
fn names(elements: &[ludopress::definition::model::Element]) -> Vec<&str> {
    elements.iter().map(|e| e.name.as_str()).collect()
}

#[test]
fn die_faces_show_pips_a_text_or_an_icon() {
    let g = common::parse("potager", &with_die("[1, \"+2\", \":coin:\", 4, \"A\", 6]"))
        .unwrap_or_else(|d| panic!("{d}"));
    let faces = &g.dice[0].faces;
    // The library's die-face: the pips of each number where a die has them.
    assert_eq!(names(&faces[0]), ["background", "pip-c"]);
    assert_eq!(
        names(&faces[3]),
        ["background", "pip-nw", "pip-ne", "pip-sw", "pip-se"]
    );
    assert_eq!(
        names(&faces[5]),
        [
            "background",
            "pip-nw",
            "pip-ne",
            "pip-w",
            "pip-e",
            "pip-sw",
            "pip-se"
        ]
    );
    assert_eq!(names(&faces[1]), ["background", "text"]);
    assert_eq!(names(&faces[2]), ["background", "icon"]);
    // A pip is 17 % of the 16 mm face, centred at 27 % or 73 % of it.
    let se = &faces[3][4];
    assert!((se.w - 2.72).abs() < 1e-9 && (se.x + se.w / 2.0 - 0.73 * 16.0).abs() < 1e-9);
    let flats = ludopress::layout::die::draw(&g.dice[0], Lang::En).flatten();
    let texts: Vec<&str> = flats
        .iter()
        .filter_map(|f| match f {
            Flat::Text(r, _) => Some(r.text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(texts, ["+2", "A"]);
    // The coin icon (a vector drawing) lies inside the front face, the net's centre cell.
    let coin = ludopress::base::color::Color::parse_hex("#f2c94c");
    let (t, f) = (16.0 * ludopress::definition::model::DIE_TAB, 16.0);
    let coin_points = corners(flats.iter().filter_map(|x| match x {
        Flat::Path(p) if p.fill == coin => Some(p),
        _ => None,
    }));
    assert!(!coin_points.is_empty(), "the icon is drawn");
    for (x, y) in coin_points {
        assert!(
            (t + f..t + 2.0 * f).contains(&x) && (t + f..t + 2.0 * f).contains(&y),
            "({x}, {y}) outside the front face"
        );
    }
    for (faces, why) in [
        ("[1, 2, 3, 4, 5, 7]", "face 6: 7 pips"),
        ("[1, 2, \":nope:\", 4, 5, 6]", "face 3: no icon `nope`"),
        ("[1, 2, \"1234567890123\", 4, 5, 6]", "1 to 12 characters"),
        (
            "[1, 2, { pips = \"3\" }, 4, 5, 6]",
            "face 3: `pips` expected a number of pips",
        ),
        (
            "[1, 2, { fill = \"gren\" }, 4, 5, 6]",
            "face 3: unknown colour",
        ),
        (
            "[1, 2, { pip_c = \"1\" }, 4, 5, 6]",
            "face 3: `pip_c` is set by the die",
        ),
        ("[1, 2, {}, 4, 5, 6]", "face 3: an empty table"),
        ("[1, 2, 3.5, 4, 5, 6]", "face 3: expected a number of pips"),
    ] {
        let text = with_die(faces);
        let err = common::parse("potager", &text).unwrap_err().to_string();
        let line = text
            .lines()
            .position(|l| l.starts_with("faces = "))
            .unwrap()
            + 1;
        assert!(
            err.contains(&format!("game.toml:{line}:")) && err.contains(why),
            "{why}: {err}"
        );
    }
}

#[test]
fn a_die_face_without_the_glyph_or_too_long_warns_at_its_value() {
    let text = with_die("[1, 2, \"★\", 4, \"MMMMMMMMMMMM\", 6]");
    let g = common::parse("potager", &text).unwrap_or_else(|d| panic!("{d}"));
    let line = text
        .lines()
        .position(|l| l.starts_with("faces = "))
        .unwrap()
        + 1;
    let w: Vec<String> = ludopress::make::face_warnings(&g, &[Lang::Fr, Lang::En])
        .iter()
        .map(|d| d.to_string())
        .collect();
    // Each said once for both languages, at the face's own value.
    let star = format!("game.toml:{line}:16: warning: face 3 of die `die`, element `text` (fr, en): `★` (U+2605) not in the font");
    assert!(w.iter().any(|x| x.contains(&star)), "{w:#?}");
    let faces = text.lines().nth(line - 1).unwrap();
    let col = faces[..faces.find("\"MMM").unwrap()].chars().count() + 1;
    let wide =
        format!("game.toml:{line}:{col}: warning: face 5 of die `die`, element `text` (fr, en): ");
    assert!(w.iter().any(|x| x.contains(&wide)), "{w:#?}");
    assert_eq!(w.len(), 2, "{w:#?}");
}

#[test]
fn a_die_of_its_own_layout_reads_the_fields_of_its_faces() {
    let text = with_die(
        "[{ pips = 1, fill = \"red\", mark = \"I\" }, 2, 3, 4, 5, { text = \"6\", mark = \"VI\" }]",
    )
    .replace(
        "[[die]]\n",
        &format!(
            "[layout.dieface]\n{}{}\n[[die]]\nlayout = \"dieface\"\n",
            el("bg", "rect", "fill = \"{fill}\"").replace("layout.main", "layout.dieface"),
            el(
                "mark",
                "text",
                "when = \"{mark}\"\ntext = \"{mark} {pips}{text} {face}\"\nsize = \"30%\""
            )
            .replace("layout.main", "layout.dieface"),
        ),
    );
    let g = common::parse("potager", &text).unwrap_or_else(|d| panic!("{d}"));
    let faces = &g.dice[0].faces;
    assert_eq!(names(&faces[0]), ["bg", "mark"]);
    assert_eq!(names(&faces[1]), ["bg"]);
    let fill = |i: usize| match &faces[i][0].kind {
        ElementKind::Rect { fill, .. } => *fill,
        _ => None,
    };
    assert_eq!(fill(1), Some(g.dice[0].fill));
    assert!(fill(0).is_some() && fill(0) != fill(1));
    let text_of = |i: usize| match &faces[i][1].kind {
        ElementKind::Text(tb) => (tb.text.en.clone(), tb.size),
        _ => unreachable!(),
    };
    // 30 % of the 16 mm face as a size: 4.8 mm, 13.61 pt.
    assert_eq!(text_of(0), ("I 1 1".to_string(), 13.61));
    assert_eq!(text_of(5).0, "VI 6 6");
}

#[test]
fn a_tile_set_from_a_deck_does_not_report_the_decks_layout_mistakes_again() {
    let text = format!(
        "{}\n[[tileset]]\nid = \"tiles\"\nname = \"Tiles\"\nsize = 40.0\nfrom_deck = \"deck\"\n",
        game("", "")
    );
    let err = common::parse("potager", &text).unwrap_err().to_string();
    assert_eq!(err.matches("unknown layout `main`").count(), 1, "{err}");
    // A layout of the tile set's own is checked as the tile set's.
    let own = text.replace(
        "from_deck = \"deck\"\n",
        "from_deck = \"deck\"\nlayout = \"tile\"\n",
    );
    let err = common::parse("potager", &own).unwrap_err().to_string();
    assert!(err.contains("unknown layout `tile`"), "{err}");
}

#[test]
fn percentages_place_elements_by_the_frame_and_points_by_their_box() {
    let layout = format!(
        "[layout.main]\n{}{}",
        el("half", "rect", "x = \"25%\"\ny = \"10%\"\nwidth = \"50%\"\nheight = \"20%\"\nfill = \"red\""),
        el("tri", "polygon", "x = 10.0\ny = 10.0\nwidth = 20.0\nheight = 40.0\npoints = [[\"50%\", 0], [\"100%\", \"100%\"], [0, \"100%\"]]\nfill = \"blue\""),
    );
    let f = face(&game(&layout, ""));
    assert_eq!(f.len(), 2);
    // 25 % of the 60 mm card, 10 % of its 90 mm; the far corner at 75 % and 30 %.
    assert_eq!(first_point(&f[0]), (15.0, 9.0));
    match &f[0] {
        Flat::Path(p) => assert_eq!(p.segs[2], Seg::Line(ludopress::scene::p(45.0, 27.0))),
        _ => unreachable!(),
    }
    // A polygon's points are shares of its own box; it is closed, and filled with no outline.
    match &f[1] {
        Flat::Path(p) => {
            assert_eq!(p.segs[0], Seg::Move(ludopress::scene::p(20.0, 10.0)));
            assert_eq!(p.segs[1], Seg::Line(ludopress::scene::p(30.0, 50.0)));
            assert_eq!(p.segs[2], Seg::Line(ludopress::scene::p(10.0, 50.0)));
            assert_eq!(p.segs.last(), Some(&Seg::Close));
            assert!(p.stroke.is_none());
        }
        _ => unreachable!(),
    }
}

#[test]
fn colours_darken_lighten_and_take_their_ink() {
    let layout = format!(
        "[layout.main]\n{}{}{}",
        el("a", "rect", "fill = \"#808080.darken(50%)\""),
        el("b", "rect", "fill = \"#000000.lighten(25%)\""),
        el("c", "rect", "fill = \"{fill}.ink()\""),
    );
    let f = face(&game(&layout, "fill = \"yellow\""));
    let fills: Vec<String> = f
        .iter()
        .map(|x| match x {
            Flat::Path(p) => p.fill.unwrap().to_string(),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(fills, ["#404040", "#404040", "#1d1d1b"]);
    for (bad, why) in [
        ("\"red.darken(150%)\"", "not `.darken(150%)`"),
        ("\"red.blur(2)\"", "not `.blur(2)`"),
        ("\"rde.darken(10%)\"", "unknown colour `rde`"),
    ] {
        let text = game(
            &format!(
                "[layout.main]\n{}",
                el("x", "rect", &format!("fill = {bad}"))
            ),
            "",
        );
        let err = common::parse("potager", &text).unwrap_err().to_string();
        assert!(
            err.contains("games/potager/game.toml:") && err.contains(why),
            "{why}: {err}"
        );
    }
}

#[test]
fn a_symbol_is_centred_in_its_box_and_a_bad_one_is_an_error_at_its_place() {
    let layout = format!(
        "[layout.main]\n{}",
        el(
            "s",
            "symbol",
            "symbol = \"{mark}\"\nx = 10.0\ny = 20.0\nwidth = 10.0\nheight = 30.0\nfill = \"red\""
        ),
    );
    let f = face(&game(&layout, "fields = { mark = \"square\" }"));
    // A square symbol of radius 5 (half the shorter side) about the centre (15, 35): 70 % of it.
    assert_eq!(f.len(), 1);
    assert_eq!(first_point(&f[0]), (11.5, 31.5));
    // An empty value draws nothing; an unknown one is an error naming the card.
    assert!(face(&game(&layout, "fields = { mark = \"\" }")).is_empty());
    let err = common::parse("potager", &game(&layout, "fields = { mark = \"hexagon\" }"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("card `one`") && err.contains("hexagon"),
        "{err}"
    );
    let bad = game(
        &format!("[layout.main]\n{}", el("x", "rect", "width = \"half\"")),
        "",
    );
    let err = common::parse("potager", &bad).unwrap_err().to_string();
    assert!(
        err.contains("games/potager/game.toml:") && err.contains("invalid length `half`"),
        "{err}"
    );
}

/// A game of one piece and one tile set, with `more` appended.
fn components(more: &str) -> String {
    format!(
        "[game]\nid = \"potager\"\ntitle = \"Test\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n\
         {more}\n\
         [[piece]]\nid = \"pawn\"\nname = \"Pawn\"\nshape = \"disc\"\nsize = 20.0\nfill = \"red\"\nline = \"ink\"\nback = \"white\"\nsymbol = \"star\"\ncount = 2\n{{piece}}\n\n\
         [[tileset]]\nid = \"tiles\"\nname = \"Tiles\"\nsize = 40.0\ncodes = {{ B = \"blue\", R = \"red\" }}\nsymbols = {{ blue = \"circle\", red = \"square\" }}\n{{tiles}}\n\
         [[tileset.tile]]\nzones = \"BRRB\"\n\n[[tileset.tile]]\nsquares = [\"black\", \"white\", \"black\", \"white\"]\n"
    )
}

fn with(more: &str, piece: &str, tiles: &str) -> ludopress::definition::model::Game {
    let text = components(more)
        .replace("{piece}", piece)
        .replace("{tiles}", tiles);
    common::parse("potager", &text).unwrap_or_else(|d| panic!("{d}"))
}

fn fills(s: &ludopress::scene::Scene) -> Vec<String> {
    s.flatten()
        .iter()
        .filter_map(|f| match f {
            Flat::Path(p) => p.fill.map(|c| c.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn pieces_and_tiles_are_drawn_by_the_librarys_layouts_or_the_games() {
    let g = with("", "", "");
    let pc = &g.pieces[0];
    // piece-disc: the red body, its star in the ink that reads on red; the back in white with
    // no symbol.
    let front = ludopress::layout::piece::front(pc, Lang::En);
    assert_eq!(fills(&front), ["#c0392b", "#ffffff"]);
    let back = ludopress::layout::piece::back(pc, Lang::En).unwrap();
    assert_eq!(fills(&back), ["#fbfaf6"]);
    // tile-zones: four zones each with its symbol (circle symbols are outlines, squares filled);
    // tile-squares: four squares.
    let t = &g.tilesets[0];
    let zones = ludopress::layout::tile::face(t, &t.tiles[0], Lang::En);
    assert_eq!(
        fills(&zones),
        ["#2f6fbf", "#c0392b", "#ffffff", "#c0392b", "#ffffff", "#2f6fbf"]
    );
    let squares = ludopress::layout::tile::face(t, &t.tiles[1], Lang::En);
    assert_eq!(
        fills(&squares),
        ["#1d1d1b", "#fbfaf6", "#1d1d1b", "#fbfaf6"]
    );
    // Every other arrangement of the two colours is ready for an engine's diagram.
    assert_eq!(t.zone_faces.len(), 16 - 1);
    let made = ludopress::definition::model::Tile {
        face: ludopress::definition::model::TileFace::Zones(
            ["red", "red", "red", "red"].map(String::from),
        ),
        count: 1,
        elements: Vec::new(),
    };
    assert_eq!(
        fills(&ludopress::layout::tile::face(t, &made, Lang::En)).len(),
        8
    );

    // A game's own layouts: a piece extending the library's with its name written on it (in
    // place of the symbol, replaced whole: a text keeps none of the symbol's keys); a tile set
    // whose zones are plain.
    let own = "[layout.named]\nextends = \"piece-disc\"\n\n[[layout.named.element]]\nname = \"symbol\"\nkind = \"text\"\nreplace = true\ntext = \"{title} ({face})\"\nsize = 6.0\n\n\
               [layout.plain]\n[[layout.plain.element]]\nname = \"z\"\nkind = \"rect\"\nfill = \"{zone1}.lighten(50%)\"\n";
    // (The squares tile keeps the library's layout by its own `layout`.)
    let own = format!("{own}\n");
    let text = components(&own)
        .replace("{piece}", "layout = \"named\"")
        .replace("{tiles}", "layout = \"plain\"")
        .replace("squares = [", "layout = \"tile-squares\"\nsquares = [");
    let g = common::parse("potager", &text).unwrap_or_else(|d| panic!("{d}"));
    let texts = |s: &ludopress::scene::Scene| -> Vec<String> {
        s.flatten()
            .iter()
            .filter_map(|f| match f {
                Flat::Text(t, _) => Some(t.text.clone()),
                _ => None,
            })
            .collect()
    };
    let pc = &g.pieces[0];
    assert_eq!(
        texts(&ludopress::layout::piece::front(pc, Lang::En)).join(" "),
        "Pawn (front)"
    );
    assert_eq!(
        texts(&ludopress::layout::piece::back(pc, Lang::En).unwrap()).join(" "),
        "Pawn (back)"
    );
    let t = &g.tilesets[0];
    assert_eq!(
        fills(&ludopress::layout::tile::face(t, &t.tiles[0], Lang::En)),
        ["#97b7df"]
    );
}

#[test]
fn a_tile_layout_that_reads_what_a_tile_lacks_is_an_error_at_the_layout() {
    let own = "[layout.plain]\n[[layout.plain.element]]\nname = \"z\"\nkind = \"rect\"\nfill = \"{zone1}\"\n";
    let text = components(own)
        .replace("{piece}", "")
        .replace("{tiles}", "layout = \"plain\"");
    let err = common::parse("potager", &text).unwrap_err().to_string();
    // The squares tile has no zone1: the message names the tile and the field.
    assert!(
        err.contains("tile `tiles-02`") && err.contains("no field `zone1`"),
        "{err}"
    );
}

#[test]
fn backs_are_drawn_by_card_back_or_their_own_layout_with_a_pattern_and_a_boxed_title() {
    let g =
        common::parse("potager", &game("[layout.main]\n", "")).unwrap_or_else(|d| panic!("{d}"));
    let d = &g.decks[0];
    let back = ludopress::layout::card::back(&d.back, d.width, d.height, Lang::En);
    let flat = back.flatten();
    // The background to the bleed, the grid's lines clipped to the bleed, a box around the title,
    // the title, the frame.
    assert_eq!(first_point(&flat[0]), (-3.0, -3.0));
    assert!(matches!(flat[1], Flat::PushClip(_)));
    let lines = flat
        .iter()
        .filter(|f| matches!(f, Flat::Path(p) if p.fill.is_none() && p.segs.len() == 2))
        .count();
    // A 60 x 90 mm card: a line every 10 mm across the 66 x 96 mm bleed, 7 + 10.
    assert_eq!(lines, 17);
    let title = flat
        .iter()
        .find_map(|f| match f {
            Flat::Text(t, _) => Some(t.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(title.text, "Back");
    // The box hugs the title: 4 mm of padding each side of its ink.
    let boxed = flat
        .iter()
        .find_map(|f| match f {
            Flat::Path(p) if p.fill.is_some() && p.stroke.is_some() => Some(p.clone()),
            _ => None,
        })
        .unwrap();
    let xs: Vec<f64> = boxed
        .segs
        .iter()
        .filter_map(|s| match s {
            Seg::Move(q) | Seg::Line(q) => Some(q.x),
            _ => None,
        })
        .collect();
    let (lo, hi) = xs
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(*x), b.max(*x)));
    let width = ludopress::fonts::Face::Bold.width_mm("Back", 20.0);
    assert!((hi - lo - (width + 8.0)).abs() < 1e-6, "{lo} {hi} {width}");
    assert!((title.x - (lo + 4.0)).abs() < 1e-6);

    // A back of the game's own: a pattern of diagonals and nothing else.
    let own = game(
        "[layout.main]\n\n[layout.plain-back]\n[[layout.plain-back.element]]\nname = \"p\"\nkind = \"pattern\"\npattern = \"diamonds\"\nstroke = \"{ink}\"\n",
        "",
    )
    .replace("pattern = \"grid\" }", "pattern = \"grid\", layout = \"plain-back\" }");
    let g = common::parse("potager", &own).unwrap_or_else(|d| panic!("{d}"));
    let d = &g.decks[0];
    let flat = ludopress::layout::card::back(&d.back, d.width, d.height, Lang::En).flatten();
    assert!(flat.iter().all(|f| match f {
        Flat::Path(p) =>
            p.stroke.map(|s| s.color)
                == Some(ludopress::base::color::Color::parse_hex("#fbfaf6").unwrap()),
        _ => matches!(f, Flat::PushClip(_) | Flat::PopClip),
    }));
    let bad = own.replace("pattern = \"diamonds\"", "pattern = \"waves\"");
    let err = common::parse("potager", &bad).unwrap_err().to_string();
    assert!(
        err.contains("back `back`") && err.contains("waves"),
        "{err}"
    );
}

/// The one-card game with a board (a 4 × 3 squared board of 20 mm cells), its `extra` keys added.
fn with_board(layout: &str, extra: &str) -> String {
    format!(
        "{}\n[[board]]\nid = \"map\"\nname = \"Map\"\ngrid = \"square\"\ncols = 4\nrows = 3\ncell = 20.0\nfill = \"paper\"\nline = \"ink\"\nframe = \"green\"\n{extra}\n",
        game(layout, "")
    )
}

#[test]
fn every_bundled_boards_extent_is_the_size_it_is_drawn_at() {
    for id in ludopress::rules::registry::NAMES
        .into_iter()
        .chain(["potager"])
    {
        for b in &common::game(id).boards {
            let s = ludopress::layout::board::draw(b);
            let (w, h) = b.extent();
            assert!(
                (s.width - w).abs() < 1e-9 && (s.height - h).abs() < 1e-9,
                "{id}/{}: drawn {} × {}, extent {w} × {h}",
                b.id,
                s.width,
                s.height
            );
        }
    }
}

#[test]
fn a_board_layout_decorates_the_board_and_a_card_can_show_a_board() {
    // The board's face: a band and a title over its frame, the board itself under them.
    let layout = format!(
        "[layout.main]\n{}\n[layout.map-face]\n{}{}{}",
        el(
            "map",
            "board",
            "board = \"map\"\nx = 10.0\ny = 10.0\nwidth = 40.0\nheight = 40.0"
        ),
        el("drawing", "board", ""),
        el("band", "rect", "fill = \"{frame}\"\ny = 0.0\nheight = 4.0"),
        el(
            "title",
            "text",
            "text = \"{title}\"\nsize = 8.0\nalign = \"center\"\ncolor = \"{fill}\""
        ),
    )
    .replace(
        "[[layout.main.element]]\nname = \"drawing\"",
        "[[layout.map-face.element]]\nname = \"drawing\"",
    )
    .replace(
        "[[layout.main.element]]\nname = \"band\"",
        "[[layout.map-face.element]]\nname = \"band\"",
    )
    .replace(
        "[[layout.main.element]]\nname = \"title\"",
        "[[layout.map-face.element]]\nname = \"title\"",
    );
    let text = with_board(&layout, "layout = \"map-face\"");
    let g = common::parse("potager", &text).unwrap_or_else(|d| panic!("{d}"));
    let b = &g.boards[0];
    assert_eq!(names(&b.face), ["drawing", "band", "title"]);
    // 4 × 20 mm of cells and a 4 mm frame on each side.
    assert_eq!(b.extent(), (88.0, 68.0));
    let face = ludopress::layout::board_face::face(b, Lang::En);
    assert_eq!((face.width, face.height), (88.0, 68.0));
    let flats = face.flatten();
    // The board's drawing first (its frame in green), then the band, then the title.
    let green = ludopress::base::color::Color::parse_hex("#3f8f4e");
    let first_green = flats
        .iter()
        .position(|f| matches!(f, Flat::Path(p) if p.fill == green))
        .unwrap();
    let title = flats
        .iter()
        .position(|f| matches!(f, Flat::Text(r, _) if r.text == "Map"))
        .expect("the title is drawn");
    assert!(first_green < title);
    // The board drawn alone, by a card's element, fits its 40 mm square (88 × 68 scaled by 40/88).
    let card = face_of_card(&g);
    let pts = corners(card.iter().filter_map(|f| match f {
        Flat::Path(p) => Some(p),
        _ => None,
    }));
    let (minx, maxx) = pts
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (miny, maxy) = pts
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    assert!(
        (minx - 10.0).abs() < 1e-6 && (maxx - 50.0).abs() < 1e-6,
        "{minx} {maxx}"
    );
    let h = 68.0 * 40.0 / 88.0;
    assert!((miny - (30.0 - h / 2.0)).abs() < 1e-6 && (maxy - (30.0 + h / 2.0)).abs() < 1e-6);
}

/// The flattened face of the game's first card.
fn face_of_card(g: &ludopress::definition::model::Game) -> Vec<Flat> {
    let d = &g.decks[0];
    ludopress::layout::card::face(&d.cards[0], d.width, d.height, d.bleed, Lang::En).flatten()
}

#[test]
fn bad_board_elements_and_board_layouts_are_errors_at_their_place() {
    let card_layout = |more: &str| format!("[layout.main]\n{}", el("map", "board", more));
    for (text, key, why) in [
        (
            with_board(&card_layout("board = \"mpa\""), ""),
            "board = \"mpa\"",
            "no board `mpa` in the game",
        ),
        (
            with_board(&card_layout(""), ""),
            "name = \"map\"",
            "a board element needs `board = \"<board id>\"`",
        ),
        (
            with_board("[layout.main]\n[layout.plain]\n", "layout = \"plain\""),
            "layout = \"plain\"",
            "has no element of kind `board`",
        ),
    ] {
        let err = common::parse("potager", &text).unwrap_err().to_string();
        let line = text.lines().position(|l| l == key).unwrap() + 1;
        assert!(
            err.contains(&format!("game.toml:{line}:")) && err.contains(why),
            "{why}: {err}"
        );
        if why.starts_with("no board") {
            assert!(err.contains("did you mean `map`?"), "{err}");
        }
    }
}

/// A one-piece English game whose piece is drawn by `[layout.coin]` (given in `layout`).
fn piece_game(layout: &str) -> String {
    format!(
        "[game]\nid = \"potager\"\ntitle = \"Test\"\npalette = \"ludopress\"\nsheet = \"home\"\nlanguages = [\"en\"]\n\n\
         {layout}\n\
         [[piece]]\nid = \"coin\"\nname = \"Coin\"\nshape = \"disc\"\nsize = 20.0\nfill = \"yellow\"\nline = \"ink\"\nsymbol = \"star\"\nlayout = \"coin\"\n"
    )
}

/// Overriding a library element by name with another kind of element would keep settings the
/// designer cannot see (a text named `symbol` given the symbol's fill, printed as a black
/// label): an error at the override that names what it would inherit; `replace = true`
/// replaces the element whole.
#[test]
fn an_override_of_another_kind_says_what_it_inherits() {
    let layout = "[layout.coin]\nextends = \"piece-disc\"\n\n[[layout.coin.element]]\nname = \"symbol\"\nkind = \"text\"\ntext = \"5\"\nsize = 9.0\n";
    let e = common::parse("potager", &piece_game(layout))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("game.toml:13:8: error: element `symbol` overrides the symbol element")
            && e.contains("would inherit its `x`, `y`, `width`, `height`, `fill`, `symbol`")
            && e.contains("replace = true"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    let replaced = layout.replace("kind = \"text\"", "kind = \"text\"\nreplace = true");
    let g = common::parse("potager", &piece_game(&replaced)).unwrap_or_else(|d| panic!("{d}"));
    let label = g.pieces[0]
        .front_face
        .iter()
        .find(|e| e.name == "symbol")
        .unwrap();
    match &label.kind {
        ElementKind::Text(t) => assert!(t.boxed.is_none(), "no inherited fill: {t:?}"),
        other => panic!("{other:?}"),
    }
    // Replaced whole: the box is the face's, not the symbol's 32 %.
    assert_eq!((label.x, label.y, label.w, label.h), (0.0, 0.0, 20.0, 20.0));
}

/// `right` given over an inherited `x` and `width` places the element from `x` to `right` (the
/// inherited width dropped), where it was an error naming keys the designer never wrote.
#[test]
fn right_over_an_inherited_width_is_not_a_clash() {
    let layout = "[layout.coin]\nextends = \"piece-disc\"\n\n[[layout.coin.element]]\nname = \"symbol\"\nright = 2.0\nbottom = 3.0\n";
    let g = common::parse("potager", &piece_game(layout)).unwrap_or_else(|d| panic!("{d}"));
    let s = g.pieces[0]
        .front_face
        .iter()
        .find(|e| e.name == "symbol")
        .unwrap();
    // x and y inherited (34 % of 20 mm), to 2 mm from the right and 3 mm from the bottom.
    assert!(
        (s.x - 6.8).abs() < 1e-9 && (s.w - 11.2).abs() < 1e-9,
        "{s:?}"
    );
    assert!(
        (s.y - 6.8).abs() < 1e-9 && (s.h - 10.2).abs() < 1e-9,
        "{s:?}"
    );
    // All three given in the override is still the designer's own clash.
    let three = layout.replace("right = 2.0", "right = 2.0\nx = 1.0\nwidth = 4.0");
    let e = common::parse("potager", &piece_game(&three))
        .unwrap_err()
        .to_string();
    assert!(e.contains("`x`, `right` and `width` all given"), "{e}");
}

/// A layout's mistake is said once: a two-faced piece drew both faces with it (the error came
/// twice), a deck every card (once a card).
#[test]
fn a_layout_error_is_said_once() {
    let layout = "[layout.coin]\nextends = \"piece-disc\"\n\n[[layout.coin.element]]\nname = \"value\"\nkind = \"text\"\ntext = \"{value}\"\n";
    let two_faced = piece_game(layout).replace("symbol = \"star\"", "back = \"blue\"");
    let e = common::parse("potager", &two_faced)
        .unwrap_err()
        .to_string();
    assert_eq!(e.matches("error:").count(), 1, "{e}");
    assert!(
        e.contains("piece `coin`: no field `value` for `{value}`"),
        "{e}"
    );
    let cards = game(
        &format!("[layout.main]\n{}", el("cost", "text", "text = \"{cost}\"")),
        "\n[[deck.card]]\nid = \"two\"\ntitle = \"Two\"\n\n[[deck.card]]\nid = \"three\"\ntitle = \"Three\"",
    );
    let e = common::parse("potager", &cards).unwrap_err().to_string();
    assert_eq!(e.matches("error:").count(), 1, "{e}");
    assert!(e.contains("card `one`: no field `cost`"), "{e}");
}
