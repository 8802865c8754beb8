//! Data and bleed on every component: tiles and pieces from CSV files with fields read by their
//! layouts, tiles of any rectangle, tile layouts reading colour names, `bleed` and `safe` on
//! tiles, pieces, boards and dice, `count = 0`, and two components writing one file. The test
//! game is the guide's example `docs/examples/market/` (a 30-card market game with a hex board,
//! tiles, coins and a die, as a designer new to the tool made it).

use crate::common;

use ludopress::base::lang::Lang;
use ludopress::definition::model::TileFace;
use ludopress::definition::{Library, Project};
use std::path::{Path, PathBuf};

/// A scratch project holding the market game (and the template library).
fn market(name: &str) -> PathBuf {
    common::example_project(name, "market")
}

fn load(root: &Path) -> Result<ludopress::definition::Game, String> {
    let lib: Library = Project::new(root).library().unwrap();
    Project::new(root)
        .load("market", &lib, None)
        .map_err(|d| d.to_string())
}

/// Rewrites a file of the market game.
fn edit(root: &Path, file: &str, from: &str, to: &str) {
    let path = root.join("games/market").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has no `{from}`");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn the_market_game_builds_with_tiles_and_pieces_from_csv_files() {
    let root = market("market-build");
    let g = load(&root).unwrap_or_else(|e| panic!("{e}"));
    let n = g.counts();
    assert_eq!(
        (n.cards, n.tiles, n.pieces, n.dice, n.boards),
        (30, 11, 32, 1, 1)
    );
    assert_eq!(n.left_out, 1, "the fallow tile, count = 0");
    // Tiles of 40 × 60 mm with 2 mm of bleed, one a row of tiles.csv, its fields read.
    let fields = &g.tilesets[0];
    assert_eq!(
        (fields.width, fields.height, fields.bleed, fields.safe),
        (40.0, 60.0, 2.0, 3.0)
    );
    assert_eq!(fields.tiles.len(), 4);
    assert!(fields.tiles.iter().all(|t| t.face == TileFace::Layout));
    assert_eq!(
        fields.tiles.iter().map(|t| t.count).collect::<Vec<_>>(),
        [3, 3, 2, 0]
    );
    let face = ludopress::layout::tile::face(fields, &fields.tiles[0], Lang::En);
    assert_eq!((face.width, face.height), (40.0, 60.0));
    let texts: Vec<String> = face
        .flatten()
        .iter()
        .filter_map(|f| match f {
            ludopress::scene::Flat::Text(t, _) => Some(t.text.clone()),
            _ => None,
        })
        .collect();
    assert!(texts.iter().any(|t| t == "Wheat field"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "+2"), "{texts:?}");
    // The ground reaches the bleed.
    let ground = face.flatten();
    match &ground[0] {
        ludopress::scene::Flat::Path(p) => match p.segs[0] {
            ludopress::scene::Seg::Move(q) => assert_eq!((q.x, q.y), (-2.0, -2.0)),
            _ => panic!("{p:?}"),
        },
        other => panic!("{other:?}"),
    }
    // A zone tile's layout reads the zone's colour name.
    let lands = &g.tilesets[1];
    let words: Vec<String> = ludopress::layout::tile::face(lands, &lands.tiles[0], Lang::En)
        .flatten()
        .iter()
        .filter_map(|f| match f {
            ludopress::scene::Flat::Text(t, _) => Some(t.text.clone()),
            _ => None,
        })
        .collect();
    assert!(words.iter().any(|w| w == "wheat"), "{words:?}");
    // The library's zones reach the set's bleed: the top zone from (-1.5, -1.5).
    match &ludopress::layout::tile::face(lands, &lands.tiles[0], Lang::En).flatten()[0] {
        ludopress::scene::Flat::Path(p) => match p.segs[0] {
            ludopress::scene::Seg::Move(q) => assert_eq!((q.x, q.y), (-1.5, -1.5)),
            _ => panic!("{p:?}"),
        },
        other => panic!("{other:?}"),
    }
    // One piece a row of coins.csv, each with its fields and copies, and the bleed.
    let coins: Vec<(&str, usize, f64)> = g
        .pieces
        .iter()
        .map(|p| (p.id.as_str(), p.count, p.bleed))
        .collect();
    assert_eq!(coins, [("coin-one", 20, 1.0), ("coin-five", 12, 1.0)]);
    assert_ne!(
        g.pieces[0].front_face, g.pieces[1].front_face,
        "silver 1 and gold 5"
    );
    assert_eq!((g.boards[0].bleed, g.dice[0].bleed), (3.0, 2.0));
    // A coin's colour reaches its bleed: a disc of 22 mm under the 20 mm face.
    let coin = ludopress::layout::piece::front(&g.pieces[1], Lang::En);
    match &coin.flatten()[0] {
        ludopress::scene::Flat::Path(p) => {
            let xs: Vec<f64> = p
                .segs
                .iter()
                .filter_map(|s| match s {
                    ludopress::scene::Seg::Move(q)
                    | ludopress::scene::Seg::Line(q)
                    | ludopress::scene::Seg::Cubic(_, _, q) => Some(q.x),
                    _ => None,
                })
                .collect();
            let min = xs.iter().copied().fold(f64::MAX, f64::min);
            assert!((min + 1.0).abs() < 1e-6, "{xs:?}");
        }
        other => panic!("{other:?}"),
    }
    // The exports see every component's bleed.
    let printed = ludopress::make::components::printed(&g, Lang::En);
    let bleed = |id: &str| printed.iter().find(|p| p.id == id).map(|p| p.bleed);
    assert_eq!(bleed("goods"), Some(3.0));
    assert_eq!(bleed("fields"), Some(2.0));
    assert_eq!(bleed("coin-five"), Some(1.0));
    assert_eq!(bleed("map"), Some(3.0));
    assert_eq!(bleed("die"), Some(2.0));
    let fields_printed = printed.iter().find(|p| p.id == "fields").unwrap();
    assert_eq!(fields_printed.size, (40.0, 60.0));
    assert_eq!(fields_printed.faces.len(), 3, "the fallow tile is left out");
    // The whole build: print files and a face per component.
    let opts = ludopress::make::BuildOptions {
        previews: false,
        ..Default::default()
    };
    ludopress::make::build_games(
        &Project::new(&root),
        &["market".to_string()],
        &opts,
        &root.join("output"),
        1,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = root.join("output/market");
    for f in [
        "market-en-a4.pdf",
        "components/en/fields-01.svg",
        "components/en/fields-back.svg",
        "components/en/coin-one.svg",
        "components/en/coin-five.svg",
        "components/en/lands-02.svg",
        "components/en/goods-bakery.svg",
        "components/en/map.svg",
        "components/en/die.svg",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    assert!(
        !out.join("components/en/fields-04.svg").exists(),
        "count = 0"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_typo_in_a_tile_or_piece_header_is_an_error_at_its_cell() {
    let root = market("market-typo");
    edit(
        &root,
        "tiles.csv",
        "id,label,crop,yield,count",
        "id,label,crop,yeild,count",
    );
    // The layout reads `{yield}`, which no column gives now: the one error is at the layout's
    // line, and names the column it may have meant.
    let e = load(&root).unwrap_err();
    assert!(
        e.contains(": error: tile `fields-01`: no field `yield` for `{yield}`")
            && e.contains("game.toml:")
            && e.contains("did you mean `yeild`, a column of ")
            && e.contains("tiles.csv?"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    edit(&root, "tiles.csv", "yeild", "yield");
    edit(
        &root,
        "coins.csv",
        "id,value,metal,count",
        "id,value,metal,cuont",
    );
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("coins.csv:1:16: error: unknown column `cuont`")
            && e.contains("did you mean `count`?"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    // The cards' file too.
    edit(&root, "coins.csv", "cuont", "count");
    edit(&root, "cards.csv", ",count\n", ",cuont\n");
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("cards.csv:1:32: error: unknown column `cuont`")
            && e.contains("did you mean `count`?"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn tile_and_piece_keys_are_checked() {
    let root = market("market-keys");
    for (file, from, to, place, reason) in [
        (
            "game.toml",
            "size = [40, 60]",
            "size = [40, 60, 2]",
            "game.toml:LINE:8",
            "expected a side in mm",
        ),
        (
            "game.toml",
            "size = [40, 60]",
            "size = [40, 6]",
            "game.toml:LINE:8",
            "tile size out of range",
        ),
        (
            "game.toml",
            "bleed = 2.0\nsafe = 3.0",
            "bleed = 9.0\nsafe = 3.0",
            "game.toml:LINE:9",
            "bleed out of range",
        ),
        (
            "coins.csv",
            "five,5,gold,12",
            "five,5,gold,x",
            "coins.csv:3:13",
            "count `x`: expected a whole number",
        ),
        (
            "coins.csv",
            "five,5,gold,12",
            "one,5,gold,12",
            "coins.csv:3:1",
            "duplicate id `coin-one`",
        ),
    ] {
        let root = market("market-key");
        edit(&root, file, from, to);
        // The line of the edited key in the game's file.
        let text = std::fs::read_to_string(root.join("games/market").join(file)).unwrap();
        let line = text[..text.find(to).unwrap()].matches('\n').count() + 1;
        let place = place.replace("LINE", &line.to_string());
        let e = load(&root).unwrap_err();
        assert!(
            e.contains(&format!("{place}: error:")) && e.contains(reason),
            "{to}: {e}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// A piece `goods-bakery` and the card `bakery` of the deck `goods` would both write
/// `components/<lang>/goods-bakery.svg`: an error at the second one's place.
#[test]
fn two_components_writing_one_file_are_an_error_at_the_second() {
    let root = market("market-clash");
    let text = std::fs::read_to_string(root.join("games/market/game.toml")).unwrap();
    std::fs::write(
        root.join("games/market/game.toml"),
        format!(
            "{text}\n[[piece]]\nid = \"goods-bakery\"\nname = \"Bakery\"\nshape = \"square\"\nsize = 15.0\nfill = \"wheat\"\nline = \"ink\"\n"
        ),
    )
    .unwrap();
    let e = load(&root).unwrap_err();
    assert!(
        e.contains(&format!(
            "game.toml:{}:6: error: piece `goods-bakery` writes the face `goods-bakery`",
            text.lines().count() + 3
        )) && e.contains("as card `bakery` of deck `goods` at ")
            && e.contains("cards.csv:5:1 does"),
        "at the piece, naming the card's row: {e}"
    );
    // A row of coins.csv named like the card: at the row.
    let root2 = market("market-clash-row");
    edit(
        &root2,
        "coins.csv",
        "five,5,gold,12",
        "five,5,gold,12\nx,5,gold,1",
    );
    edit(&root2, "game.toml", "id = \"coin\"", "id = \"goods-wheat\"");
    edit(&root2, "coins.csv", "x,5", "mill,5");
    let e = load(&root2).unwrap_err();
    assert!(
        e.contains(
            "coins.csv:4:1: error: piece `goods-wheat-mill` writes the face `goods-wheat-mill`"
        ),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&root2);
}

/// `count = 0` on a component or a TOML card: defined, left out of the print, said by `list`.
#[test]
fn count_zero_leaves_a_component_out() {
    let root = market("market-zero");
    edit(
        &root,
        "game.toml",
        "faces = [1, 2, 3, 4, 5, 6]",
        "faces = [1, 2, 3, 4, 5, 6]\ncount = 0",
    );
    edit(
        &root,
        "game.toml",
        "zones = \"GGOO\"",
        "zones = \"GGOO\"\ncount = 0",
    );
    let g = load(&root).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.counts().left_out, 3);
    let mut out = Vec::new();
    ludopress::commands::list::list(&Project::new(&root), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("dice 0, 3 left out (count = 0)"), "{out}");
    let printed = ludopress::make::components::printed(&g, Lang::En);
    assert!(printed.iter().all(|p| p.id != "die"), "the die is left out");
    let lands = printed.iter().find(|p| p.id == "lands").unwrap();
    assert_eq!(lands.faces.len(), 1);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_field_in_game_toml_no_layout_reads_is_an_error_at_its_key() {
    let root = market("market-unread");
    // A tile's field: the `land` layout reads the zones' colour names, not `yeild`.
    edit(
        &root,
        "game.toml",
        "zones = \"GGOO\"\n",
        "zones = \"GGOO\"\nfields = { yeild = \"2\" }\n",
    );
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("game.toml:210:12: error: field `yeild` is never drawn: layout `land` does not read `{yeild}`"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    edit(&root, "game.toml", "fields = { yeild = \"2\" }\n", "");
    assert!(load(&root).is_ok());
    // A piece's: its layout `coin` reads `value`, not `valeu`, and says so.
    edit(
        &root,
        "game.toml",
        "[[die]]\n",
        "[[piece]]\nid = \"token\"\nname = \"Token\"\nshape = \"disc\"\nsize = 15.0\nfill = \"gold\"\nline = \"ink\"\nlayout = \"coin\"\nfields = { valeu = \"1\", metal = \"gold\" }\n\n[[die]]\n",
    );
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("game.toml:230:12: error: field `valeu` is never drawn: layout `coin` does not read `{valeu}`")
            && e.contains("did you mean `value`?"),
        "{e}"
    );
    edit(&root, "game.toml", "valeu", "value");
    assert!(load(&root).is_ok(), "a field the layout reads is fine");
    // A card's, in a `[[deck.card]]` table of a deck drawn by the library's `card`.
    edit(
        &root,
        "game.toml",
        "[[board]]\n",
        "[[deck]]\nid = \"extra\"\nname = \"Extra\"\nsize = \"poker\"\nstyle = { from = \"classic\" }\nback = { fill = \"olive\", ink = \"white\", title = \"Extra\", pattern = \"grid\" }\n\n[[deck.card]]\nid = \"one\"\ntitle = \"One\"\nfields = { cost = \"2\" }\n\n[[board]]\n",
    );
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("error: field `cost` is never drawn: layout `card` does not read `{cost}`"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// The errors a designer meets first are told once, at their own line: a bad colour in
/// `[colors]` is not told again at every card that uses its name, and a duplicate id is told
/// where it comes again, naming where it was first, not again for each face it names.
#[test]
fn one_mistake_is_told_once_at_its_line() {
    let text =
        std::fs::read_to_string(common::root().join("docs/examples/market/game.toml")).unwrap();
    let errors = |name: &str, text: &str| -> Vec<String> {
        let dir = market(name);
        std::fs::write(dir.join("games/market/game.toml"), text).unwrap();
        let e = load(&dir).expect_err("refused");
        e.lines()
            .filter(|l| l.contains(": error: "))
            .map(String::from)
            .collect()
    };
    let bad_colour = text.replacen("wheat = \"#e2b33c\"", "wheat = \"#e2b3zz\"", 1);
    assert_ne!(bad_colour, text);
    // A typo in a layout (`{pointz}`): one error, at the layout's line, not one at the column
    // `points` of cards.csv (which the layout no longer reads) nor one a card.
    let typo = text.replacen("{points} points", "{pointz} points", 1);
    assert_ne!(typo, text);
    let e = errors("once-layout", &typo);
    let line = text[..text.find("{points} points").unwrap()]
        .lines()
        .count();
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(
        e[0].contains(&format!("game.toml:{line}:8: error: "))
            && e[0]
                .contains("no field `pointz` for `{pointz}` (did you mean `points`, a column of ")
            && e[0].contains("cards.csv?)"),
        "{} (line {line})",
        e[0]
    );
    // A colour misspelt in a layout is wrong on all 30 cards alike: one error.
    let layout_colour = text.replacen("fill = \"cream\"", "fill = \"crem\"", 1);
    assert_ne!(layout_colour, text);
    let e = errors("once-layout-colour", &layout_colour);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(e[0].contains("unknown colour `crem`"), "{}", e[0]);
    // A misspelt layout name: its error alone, not one more for each column it would read.
    let layout_name = text.replacen("layout = \"goods\"", "layout = \"godos\"", 1);
    assert_ne!(layout_name, text);
    let e = errors("once-layout-name", &layout_name);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(e[0].contains("unknown layout `godos`"), "{}", e[0]);
    let e = errors("once-colour", &bad_colour);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert!(
        e[0].contains("invalid colour `#e2b3zz` for `wheat`"),
        "{}",
        e[0]
    );
    let at = |needle: &str, nth: usize| {
        let i = text.match_indices(needle).nth(nth).unwrap().0;
        text[..i].lines().count() + 1
    };
    let second = text.find("[[tileset]]\nid = \"lands\"").unwrap();
    let dup = format!(
        "{}{}",
        &text[..second],
        text[second..].replacen("id = \"lands\"", "id = \"fields\"", 1)
    );
    let e = errors("once-dup", &dup);
    assert_eq!(e.len(), 1, "{e:#?}");
    let (first, again) = (
        at("id = \"fields\"", 0),
        at("[[tileset]]\nid = \"lands\"", 0) + 1,
    );
    assert!(
        e[0].contains(&format!("game.toml:{again}:"))
            && e[0].contains("duplicate id `fields`")
            && e[0].contains(&format!("game.toml:{first}:")),
        "{} (first {first}, again {again})",
        e[0]
    );
}

/// A tile set's data file may write tiles of zones with the set's `codes` (the shorthand of
/// `[[tileset.tile]]`): the market's lands from `lands.csv` are the same tiles, drawn the same,
/// as the two tables of game.toml; a bad row is an error at its cell.
#[test]
fn a_tile_data_file_may_write_zones_with_the_sets_codes() {
    let root = market("market-zones-csv");
    let declared = load(&root).unwrap_or_else(|e| panic!("{e}"));
    edit(
        &root,
        "game.toml",
        "\n[[tileset.tile]]\nzones = \"WGOW\"\ncount = 2\n\n[[tileset.tile]]\nzones = \"GGOO\"\n",
        "data = \"lands.csv\"\n",
    );
    let csv = root.join("games/market/lands.csv");
    std::fs::write(&csv, "id,zones,count\nmix,WGOW,2\npair,GGOO,\n").unwrap();
    let from_csv = load(&root).unwrap_or_else(|e| panic!("{e}"));
    let lands = |g: &ludopress::definition::Game| {
        g.tilesets
            .iter()
            .find(|t| t.id == "lands")
            .expect("the lands")
            .tiles
            .clone()
    };
    assert_eq!(lands(&declared).len(), 2);
    assert!(matches!(lands(&from_csv)[0].face, TileFace::Zones(_)));
    assert_eq!(lands(&from_csv), lands(&declared));
    // A letter that is not a code: at its cell, naming the codes.
    std::fs::write(&csv, "id,zones,count\nmix,WGOW,2\npair,GGXO,\n").unwrap();
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("lands.csv:3:6: error: zones `GGXO`: `X` (the 3rd letter) is none of the set's codes (`G` grape, `O` olive, `W` wheat)"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    // A misspelt `zones` header is the column's mistake, said at its cell: not one error a
    // tile for the `{zone1}` the library's layout reads.
    std::fs::write(&csv, "id,zone,count\nmix,WGOW,2\npair,GGOO,\n").unwrap();
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("lands.csv:1:4: error: unknown column `zone`")
            && e.contains("did you mean `zones`?"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    // A row without zones in a set with no layout: it has nothing to be drawn by.
    edit(&root, "game.toml", "layout = \"land\"\ncodes", "codes");
    std::fs::write(&csv, "id,zones,count\nmix,WGOW,2\npair,,1\n").unwrap();
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("lands.csv:3:1: error: a row without `zones` is drawn by the set's `layout`"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// What a designer declares and nothing reads is warned at its line, once: a style's key no
/// layout reads (`{good.icon}` written nowhere) and a layout no component draws with. `check`
/// says it; `build --strict` refuses it.
#[test]
fn a_key_nothing_reads_is_warned_at_its_line() {
    let root = market("market-unread-keys");
    assert!(
        load(&root).unwrap().unread.is_empty(),
        "the market reads all it declares"
    );
    edit(
        &root,
        "game.toml",
        "[styles.good.wheat]\ncolor = \"wheat\"\n",
        "[styles.good.wheat]\ncolor = \"wheat\"\nicon = \"sun\"\n",
    );
    edit(
        &root,
        "game.toml",
        "[styles.good.grape]\ncolor = \"grape\"\n",
        "[styles.good.grape]\ncolor = \"grape\"\nicon = \"moon\"\n\n[layout.spare]\n\n[[layout.spare.element]]\nname = \"title\"\nkind = \"text\"\ntext = \"{title}\"\n",
    );
    let text = std::fs::read_to_string(root.join("games/market/game.toml")).unwrap();
    let line = |needle: &str| text[..text.find(needle).unwrap()].lines().count() + 1;
    let g = load(&root).unwrap_or_else(|e| panic!("{e}"));
    let said: Vec<String> = g.unread.iter().map(ToString::to_string).collect();
    assert_eq!(said.len(), 2, "{said:#?}");
    assert!(g.unread.iter().all(|d| d.warning));
    assert!(
        said.iter().any(
            |w| w.contains(&format!("game.toml:{}:", line("icon = \"sun\"")))
                && w.contains("`icon` of `[styles.good]` is read by no layout")
        ),
        "{said:#?}"
    );
    assert!(
        said.iter().any(|w| w.contains(&format!(
            "game.toml:{}:",
            line("name = \"title\"\nkind = \"text\"\ntext = \"{title}\"\n")
        )) && w.contains("layout `spare` is drawn by no component")),
        "{said:#?}"
    );
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ludopress"))
            .arg("--root")
            .arg(&root)
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["check", "market"]);
    let all =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{all}");
    assert_eq!(all.matches("is read by no layout").count(), 1, "{all}");
    assert_eq!(all.matches("is drawn by no component").count(), 1, "{all}");
    let out = run(&["build", "market", "--strict"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("error: `icon` of `[styles.good]` is read by no layout")
            && err.contains("error: layout `spare` is drawn by no component"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// A misspelt column whose nearest name the layout reads is held back for the layout's error
/// to name, never lost: when the name is given some other way (a piece's own `symbol`, the
/// piece's `fields`), nothing else reports the column, and its own error is said at its header.
#[test]
fn a_column_held_back_for_the_layout_is_said_when_nothing_else_is() {
    let root = market("market-held");
    // `symbols` is nearest `symbol`, which every piece gives its layout itself.
    edit(
        &root,
        "coins.csv",
        "id,value,metal,count",
        "id,value,metal,count,symbols",
    );
    edit(
        &root,
        "coins.csv",
        "one,1,silver,20",
        "one,1,silver,20,star",
    );
    edit(&root, "coins.csv", "five,5,gold,12", "five,5,gold,12,moon");
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("coins.csv:1:22: error: unknown column `symbols`")
            && e.contains("did you mean `symbol`?"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    // `metl` for `metal`, when the piece's `fields` give every coin a `metal`: every coin
    // would print in the piece's metal, the column unread.
    let root = market("market-held-fields");
    edit(
        &root,
        "coins.csv",
        "id,value,metal,count",
        "id,value,metl,count",
    );
    edit(
        &root,
        "game.toml",
        "data = \"coins.csv\"",
        "data = \"coins.csv\"\nfields = { metal = \"gold\" }",
    );
    let e = load(&root).unwrap_err();
    assert!(
        e.contains("coins.csv:1:10: error: unknown column `metl`")
            && e.contains("did you mean `metal`?"),
        "{e}"
    );
    assert_eq!(e.matches("error:").count(), 1, "said once: {e}");
    let _ = std::fs::remove_dir_all(&root);
}
