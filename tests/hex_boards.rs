//! Hex boards in definitions: pointy and flat cells in rectangles, parallelograms and hexagons,
//! their regions and marks, their mistakes placed, and their drawing.

use crate::common;

use ludopress::definition::model::Grid;

const HEAD: &str = "[game]\nid = \"hexes\"\ntitle = { fr = \"Hexagones\", en = \"Hexes\" }\n\
                    palette = \"ludopress\"\nsheet = \"home\"\n\n";

/// A game of one hex board: `fields` are the board's own keys, then its tables.
fn board(fields: &str) -> String {
    let (own, tables) = match fields.split_once("\n\n[[") {
        Some((o, t)) => (o, format!("\n[[{t}\n")),
        None => (fields, String::new()),
    };
    format!(
        "{HEAD}[[board]]\nid = \"b\"\nname = {{ fr = \"P\", en = \"B\" }}\ngrid = \"hex\"\n{own}\n\
         cell = 20.0\nfill = \"cream\"\nalt_fill = \"#e8d9b5\"\nline = \"ink\"\nframe = \"wood\"\ncoords = true\n{tables}"
    )
}

fn errors(text: &str) -> String {
    match common::parse("hexes", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(d) => d.to_string(),
    }
}

#[test]
fn hex_boards_of_every_shape_and_orientation_load() {
    for (fields, cells, first, last) in [
        ("shape = \"rectangle\"\ncols = 7\nrows = 6", 42, "a1", "g6"),
        (
            "orientation = \"flat\"\nshape = \"rectangle\"\ncols = 7\nrows = 6",
            42,
            "a1",
            "g6",
        ),
        (
            "shape = \"parallelogram\"\ncols = 11\nrows = 11",
            121,
            "a1",
            "k11",
        ),
        // A hexagon's bottom row starts past its corner names.
        (
            "orientation = \"flat\"\nshape = \"hexagon\"\nside = 4",
            37,
            "d1",
            "d7",
        ),
        // Rectangle by default; wider than 26 columns.
        ("cols = 30\nrows = 2", 60, "a1", "ad2"),
    ] {
        let game = common::parse("hexes", &board(fields)).unwrap_or_else(|d| panic!("{d}"));
        let b = &game.boards[0];
        assert!(matches!(b.grid, Grid::Hex(_)), "{fields}");
        assert_eq!(b.grid.len(), cells, "{fields}");
        assert_eq!(b.grid.name(0), first, "{fields}");
        assert_eq!(b.grid.name(cells - 1), last, "{fields}");
        assert_eq!(b.grid.parse(last), Some(cells - 1));
    }
}

#[test]
fn hex_regions_take_rows_borders_and_cells_and_marks_are_placed() {
    let text = board(
        "shape = \"hexagon\"\nside = 3\n\n[[board.region]]\nrole = \"edge\"\nselect = \"border\"\nfill = \"#c9e2c0\"\n\n\
         [[board.region]]\nrole = \"home\"\nranks = [1]\nfill = \"#b7d3e8\"\n\n\
         [[board.mark]]\ncells = [\"c3\"]\nshape = \"ring\"\ncolor = \"red\"",
    );
    let game = common::parse("hexes", &text).unwrap_or_else(|d| panic!("{d}"));
    let b = &game.boards[0];
    // A hexagon of side 3: 19 cells, 12 on the border, 3 on its bottom row (row 1).
    assert_eq!(b.grid.len(), 19);
    assert_eq!(b.region("edge").len(), 12);
    let home: Vec<String> = b.region("home").iter().map(|&c| b.grid.name(c)).collect();
    assert_eq!(home, ["c1", "d1", "e1"]);
    assert_eq!(b.marks[0].cells, vec![b.grid.parse("c3").unwrap()]);
}

#[test]
fn hex_board_mistakes_are_placed_with_hints() {
    let e = errors(&board("shape = \"hexagn\"\nside = 3"));
    assert!(
        e.contains("unknown hex shape `hexagn`") && e.contains("did you mean `hexagon`?"),
        "{e}"
    );
    let e = errors(&board("orientation = \"pointed\"\ncols = 3\nrows = 3"));
    assert!(e.contains("did you mean `pointy`?"), "{e}");
    let e = errors(&board(
        "shape = \"rectangle\"\nside = 3\ncols = 3\nrows = 3",
    ));
    assert!(
        e.starts_with("games/hexes/game.toml:12:8:")
            && e.contains("a `rectangle` of hexes has `cols` and `rows`, not `side`"),
        "{e}"
    );
    let e = errors(&board("shape = \"hexagon\"\ncols = 3"));
    assert!(
        e.contains("has `side`, not `cols` and `rows`") && e.contains("needs `side`"),
        "{e}"
    );
    let e = errors(&board("cols = 61\nrows = 2"));
    assert!(e.contains("cols") && e.contains("61"), "{e}");
    // Hex-only keys on a square grid.
    let square = board("cols = 3\nrows = 3\norientation = \"flat\"")
        .replace("grid = \"hex\"", "grid = \"square\"");
    let e = errors(&square);
    assert!(
        e.contains("`orientation` and `shape` apply to a `hex` grid only"),
        "{e}"
    );
    // A region naming a cell off a hexagon (its corner names are not cells).
    let e = errors(&board(
        "shape = \"hexagon\"\nside = 3\n\n[[board.region]]\nrole = \"x\"\ncells = [\"a1\"]\nfill = \"red\"",
    ));
    assert!(e.contains("a1"), "{e}");
}

#[test]
fn hex_cells_are_drawn_edge_to_edge_inside_the_frame() {
    for fields in [
        "shape = \"rectangle\"\ncols = 5\nrows = 4",
        "orientation = \"flat\"\nshape = \"hexagon\"\nside = 3",
        "shape = \"parallelogram\"\ncols = 4\nrows = 3",
    ] {
        let game = common::parse("hexes", &board(fields)).unwrap_or_else(|d| panic!("{d}"));
        let b = &game.boards[0];
        let Grid::Hex(g) = &b.grid else { panic!() };
        let scene = ludopress::layout::board::draw(b);
        let f = ludopress::layout::board::frame(b).width;
        let (w, h) = g.size(b.cell);
        assert!((scene.width - (w + 2.0 * f)).abs() < 1e-9, "{fields}");
        assert!((scene.height - (h + 2.0 * f)).abs() < 1e-9, "{fields}");
        for c in 0..g.len() {
            let poly = ludopress::layout::board::cell_polygon(b, c);
            assert_eq!(poly.len(), 6);
            for q in &poly {
                assert!(
                    q.x >= f - 1e-9
                        && q.x <= f + w + 1e-9
                        && q.y >= f - 1e-9
                        && q.y <= f + h + 1e-9
                );
            }
            // Every side is one cell across flats / √3 long, and shared with the neighbour.
            for k in 0..6 {
                let (a, z) = (poly[k], poly[(k + 1) % 6]);
                assert!(((z.x - a.x).hypot(z.y - a.y) - b.cell / 3f64.sqrt()).abs() < 1e-9);
            }
            for n in g.neighbours(c).into_iter().flatten() {
                let other = ludopress::layout::board::cell_polygon(b, n);
                let shared = poly
                    .iter()
                    .filter(|q| {
                        other
                            .iter()
                            .any(|o| (o.x - q.x).abs() < 1e-9 && (o.y - q.y).abs() < 1e-9)
                    })
                    .count();
                assert_eq!(shared, 2, "{fields}: cells {c} and {n} share a side");
            }
        }
    }
}

/// A cell two regions of different colours share (Hex's corners) is drawn half in each: the
/// later region fills it, and the half that faces the earlier region's run takes that colour.
#[test]
fn a_cell_two_coloured_regions_share_is_drawn_half_in_each() {
    let text = board(
        "shape = \"parallelogram\"\ncols = 4\nrows = 3\n\n\
         [[board.region]]\nrole = \"bottom\"\nranks = [1]\nfill = \"red\"\n\n\
         [[board.region]]\nrole = \"left\"\ncells = [\"a1\", \"a2\", \"a3\"]\nfill = \"blue\"",
    );
    let game = common::parse("hexes", &text).unwrap_or_else(|d| panic!("{d}"));
    let b = &game.boards[0];
    let scene = ludopress::layout::board::draw(b);
    let (red, blue) = (b.regions[0].fill, b.regions[1].fill);
    let fills = |color| -> Vec<&ludopress::scene::Path> {
        scene
            .items
            .iter()
            .filter_map(|i| match i {
                ludopress::scene::Item::Path(p) if p.fill == Some(color) => Some(p),
                _ => None,
            })
            .collect()
    };
    // b1, c1, d1 whole and a1's half in red; a1, a2, a3 whole in blue.
    assert_eq!(fills(red).len(), 4);
    assert_eq!(fills(blue).len(), 3);
    // The red half lies towards b1 (to the right of a1's centre), away from a2 above.
    let Grid::Hex(g) = &b.grid else { panic!() };
    let a1 = (0..g.len()).find(|&c| g.name(c) == "a1").unwrap();
    let centre = ludopress::layout::board::cell_centre(b, a1);
    let half = fills(red)
        .into_iter()
        .map(|p| {
            let pts: Vec<_> = p
                .segs
                .iter()
                .filter_map(|s| match s {
                    ludopress::scene::Seg::Move(q) | ludopress::scene::Seg::Line(q) => Some(*q),
                    _ => None,
                })
                .collect();
            let n = pts.len() as f64;
            (
                pts.iter().map(|q| q.x).sum::<f64>() / n,
                pts.iter().map(|q| q.y).sum::<f64>() / n,
            )
        })
        .min_by(|a, z| {
            let d = |q: &(f64, f64)| (q.0 - centre.x).hypot(q.1 - centre.y);
            d(a).total_cmp(&d(z))
        })
        .unwrap();
    assert!(
        half.0 > centre.x && half.1 > centre.y - 1e-9,
        "{half:?} {centre:?}"
    );
}
