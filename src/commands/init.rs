//! `init`: a new game folder, `games/<name>/`, that builds and checks at once and teaches by
//! example: a card game from a spreadsheet (`cards`), a board game with declared rules and a
//! rulebook whose figure is checked (`board`), a set of tiles (`tiles`). Each file says in
//! comments where the guide explains it. A project without `templates/library.toml` (an empty
//! folder) gets the library this ludopress carries, and one without `schema/` the editor's
//! schema. In: the project, the name, the kind, the languages; out: the folder, written whole or
//! not at all (never over an existing one), a line a file.

use crate::base::diag::Error;
use crate::base::lang::Lang;
use crate::definition::validate::is_safe_id;
use crate::definition::Project;
use std::io::Write;
use std::path::Path;

/// What kind of game a new folder starts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A deck of cards from a spreadsheet (`cards.csv`), with its backs.
    Cards,
    /// A board, pieces, rules declared as data and a rulebook whose figure is checked.
    Board,
    /// A set of square tiles, each cut in four coloured zones.
    Tiles,
}

/// Makes `games/<name>/` in `project` as `kind` in `langs` (the first is the game's first
/// language), a line per file written on `out`.
pub fn init(
    project: &Project,
    name: &str,
    kind: Kind,
    langs: &[Lang],
    out: &mut dyn Write,
) -> Result<(), Error> {
    if !is_safe_id(name) {
        return Err(Error::usage(
            "init",
            format!("`{name}` cannot name a game: use lower-case letters, digits and dashes (`my-game`), 40 at most"),
        ));
    }
    if langs.is_empty() {
        return Err(Error::usage("init", "`--languages`: at least one language"));
    }
    let dir = project.root.join("games").join(name);
    if dir.exists() {
        return Err(Error::usage(
            "init",
            format!(
                "{} already exists: `init` never writes over a game",
                dir.display()
            ),
        ));
    }
    let files = starter(name, kind, langs);
    // A project of its own (an empty folder) gets the template library its games name
    // (palettes, card styles, sheet styles, the library's layouts): the one this ludopress
    // carries, for the designer to extend; written first, so that a game is never left without
    // it. Anything at its name (a file, a link, even a broken one) is the designer's, kept.
    let library = project.root.join("templates").join("library.toml");
    let new_library = !crate::base::paths::present(&library);
    if new_library {
        let dir = project.root.join("templates");
        std::fs::create_dir_all(&dir).map_err(|e| Error::file("making", &dir, e))?;
        crate::base::output::write_one(&library, crate::definition::builtin::LIBRARY.as_bytes())
            .map_err(|e| Error::file("writing", &e.path, e.reason))?;
    }
    // Written in a sibling folder, then renamed: a game folder is there whole or not at all.
    let games = project.root.join("games");
    std::fs::create_dir_all(&games).map_err(|e| Error::file("making", &games, e))?;
    let tmp = games.join(format!(".{name}.init-{}", std::process::id()));
    let written = write_all(&tmp, &files).and_then(|()| {
        std::fs::rename(&tmp, &dir).map_err(|e| Error::file("moving into place", &dir, e))
    });
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(e);
    }
    for (file, _) in &files {
        say!(out, "{}", dir.join(file).display());
    }
    if new_library {
        say!(out, "{}", library.display());
    }
    // The schema its first line names, for the editor, when the project has none yet.
    let schema = project.root.join("schema");
    if !schema.join("game.schema.json").exists() {
        super::schema::schema(&schema, out)?;
    }
    say!(
        out,
        "next: ludopress build {name} && ludopress check {name}; the guide: docs/guide.md in the ludopress repository"
    );
    Ok(())
}

fn write_all(dir: &Path, files: &[(String, String)]) -> Result<(), Error> {
    std::fs::create_dir(dir).map_err(|e| Error::file("making", dir, e))?;
    for (file, text) in files {
        let path = dir.join(file);
        std::fs::write(&path, text).map_err(|e| Error::file("writing", &path, e))?;
    }
    Ok(())
}

/// The files of a new game: name and text.
pub fn starter(name: &str, kind: Kind, langs: &[Lang]) -> Vec<(String, String)> {
    let title = title_of(name);
    let both = langs.len() > 1;
    // A text of the definition: one string in a one-language game, else `{ fr, en }`.
    let text = |fr: &str, en: &str| {
        if both {
            format!("{{ fr = \"{fr}\", en = \"{en}\" }}")
        } else if langs[0] == Lang::Fr {
            format!("\"{fr}\"")
        } else {
            format!("\"{en}\"")
        }
    };
    let languages = langs
        .iter()
        .map(|l| format!("\"{}\"", l.code()))
        .collect::<Vec<_>>()
        .join(", ");
    let head = format!(
        "#:schema ../../schema/game.schema.json\n\
         # {title}: made by `ludopress init --kind {kind}`. Change anything, then run\n\
         # `ludopress check {name}`: it says at once, at its line, what no longer holds.\n\
         # The guide explains every key (docs/guide.md in the ludopress repository). Your editor\n\
         # completes the keys from the schema named on the first line (Taplo / Even Better TOML).\n\n\
         [game]\n\
         id = \"{name}\"\n\
         title = {t}\n\
         palette = \"ludopress\"   # the colours `fill`, `line` and `ink` name\n\
         sheet = \"home\"          # print-and-play sheets for a home printer\n\
         languages = [{languages}]\n\
         players = [2, 2]\n",
        kind = kind_word(kind),
        t = text(&title, &title),
    );
    let mut files = Vec::new();
    match kind {
        Kind::Cards => {
            let deck = format!(
                "{head}\n\
                 # One card a row of cards.csv: its `id`, its `title` and `text` (one column a language\n\
                 # in a two-language game: `title_fr`, `title_en`), its colour (`fill`, a colour of the\n\
                 # palette or `#rrggbb`) and how many copies (`count`).\n\
                 [[deck]]\n\
                 id = \"cards\"\n\
                 name = {name_t}\n\
                 size = \"poker\"             # 63 × 88 mm; `mini`, or [width, height] in mm\n\
                 style = {{ from = \"classic\" }}\n\
                 bleed = 3.0                  # artwork past the cut line, mm\n\
                 layout = \"card\"              # the library's card face: title, tag and text\n\
                 data = \"cards.csv\"\n\
                 back = {{ fill = \"blue\", ink = \"white\", title = {t}, pattern = \"diamonds\" }}\n",
                name_t = text("Cartes", "Cards"),
                t = text(&title, &title),
            );
            files.push(("game.toml".to_string(), deck));
            let csv = if both {
                "id,title_fr,title_en,text_fr,text_en,fill,count\n\
                 sun,Soleil,Sun,Piochez une carte.,Draw a card.,yellow,3\n\
                 rain,Pluie,Rain,Passez votre tour.,Skip your turn.,blue,2\n\
                 wind,Vent,Wind,Échangez une carte avec un voisin.,Swap a card with a neighbour.,green,2\n"
                    .to_string()
            } else if langs[0] == Lang::Fr {
                "id,title,text,fill,count\n\
                 sun,Soleil,Piochez une carte.,yellow,3\n\
                 rain,Pluie,Passez votre tour.,blue,2\n\
                 wind,Vent,Échangez une carte avec un voisin.,green,2\n"
                    .to_string()
            } else {
                "id,title,text,fill,count\n\
                 sun,Sun,Draw a card.,yellow,3\n\
                 rain,Rain,Skip your turn.,blue,2\n\
                 wind,Wind,Swap a card with a neighbour.,green,2\n"
                    .to_string()
            };
            files.push(("cards.csv".to_string(), csv));
        }
        Kind::Tiles => {
            let set = format!(
                "{head}\n\
                 # Colours of your own, by name, beside the palette's.\n\
                 [colors]\n\
                 sea = \"#2f6f9f\"\n\
                 sand = \"#e8cf8a\"\n\
                 forest = \"#3f7f4a\"\n\n\
                 # Square tiles, each cut in four zones (top, right, bottom, left), written by the\n\
                 # letters of `codes`; each colour also gets a symbol, for colour-blind players.\n\
                 [[tileset]]\n\
                 id = \"tiles\"\n\
                 name = {name_t}\n\
                 size = 40                  # side, mm\n\
                 bleed = 1.5\n\
                 layout = \"tile-zones\"\n\
                 codes = {{ S = \"sea\", A = \"sand\", F = \"forest\" }}\n\
                 symbols = {{ sea = \"circle\", sand = \"triangle\", forest = \"square\" }}\n\
                 back = {{ fill = \"sea\", ink = \"white\", title = {t}, pattern = \"grid\" }}\n\n\
                 [[tileset.tile]]\n\
                 zones = \"SSAA\"\n\
                 count = 4\n\n\
                 [[tileset.tile]]\n\
                 zones = \"SAFA\"\n\
                 count = 4\n\n\
                 [[tileset.tile]]\n\
                 zones = \"FFFA\"\n\
                 count = 2\n",
                name_t = text("Tuiles", "Tiles"),
                t = text(&title, &title),
            );
            files.push(("game.toml".to_string(), set));
        }
        Kind::Board => {
            let game = format!(
                "{head}\n\
                 [[board]]\n\
                 id = \"board\"\n\
                 name = {board_t}\n\
                 grid = \"square\"\n\
                 cols = 4\n\
                 rows = 4\n\
                 cell = 30.0                 # mm\n\
                 fill = \"cream\"\n\
                 line = \"ink\"\n\
                 frame = \"wood-dark\"\n\
                 coords = true               # columns a to d, rows 1 to 4\n\n\
                 [[piece]]\n\
                 id = \"light\"\n\
                 name = {light_t}\n\
                 shape = \"disc\"\n\
                 size = 24.0\n\
                 fill = \"white\"\n\
                 line = \"ink\"\n\
                 count = 8\n\n\
                 [[piece]]\n\
                 id = \"dark\"\n\
                 name = {dark_t}\n\
                 shape = \"disc\"\n\
                 size = 24.0\n\
                 fill = \"black\"\n\
                 line = \"ink\"\n\
                 count = 8\n\n\
                 # How a rulebook draws a position: each token of a position's board is a piece.\n\
                 [diagram]\n\
                 noun = {stone_t}\n\
                 tokens = {{ L = \"light\", D = \"dark\" }}\n\n\
                 # The rules, as data: ludopress plays them, checks the rulebook's figures against\n\
                 # them, and `ludopress analyze {name}` plays thousands of games to tell if they are fair.\n\
                 [turns]\n\
                 sides = [\"light\", \"dark\"]     # light plays first\n\n\
                 [[kind]]\n\
                 id = \"stone\"\n\
                 tokens = {{ light = \"L\", dark = \"D\" }}\n\
                 max = 8\n\n\
                 [[move]]\n\
                 place = \"empty\"              # a stone on any empty cell\n\n\
                 [[end]]\n\
                 line = 3                     # three in a row, across, down or diagonally, wins\n\
                 result = \"win\"\n\n\
                 [[end]]\n\
                 no_moves = true              # a full board without a line is a draw\n\
                 result = \"draw\"\n",
                board_t = text("Plateau", "Board"),
                light_t = text("Pions clairs", "Light stones"),
                dark_t = text("Pions foncés", "Dark stones"),
                stone_t = text("pion", "stone"),
            );
            files.push(("game.toml".to_string(), game));
            for &lang in langs {
                files.push((format!("rules.{}.md", lang.code()), rulebook(name, lang)));
            }
        }
    }
    files
}

/// A board game's first rulebook: the rules in a few lines, the box, one figure whose claims
/// the rules engine checks (`ludopress check`).
fn rulebook(name: &str, lang: Lang) -> String {
    let figure = |caption: &str| {
        format!(
            "```position\n\
             game = \"{name}\"\n\
             to_move = \"light\"\n\
             board = \"\"\"\n\
             . . . .\n\
             . . . .\n\
             D D . .\n\
             L L . .\n\
             \"\"\"\n\n\
             [diagram]\n\
             caption = \"{caption}\"\n\n\
             [expect]\n\
             legal = [\"c1\"]\n\
             after = {{ move = \"c1\", winner = \"light\" }}\n\
             ```\n"
        )
    };
    match lang {
        Lang::Fr => format!(
            "<!-- Le livret de règles : du Markdown, et des figures (```position) dont le moteur de\n\
             règles vérifie chaque affirmation de [expect] sous `ludopress check`. Le guide :\n\
             docs/guide.md. -->\n\n\
             Deux joueurs posent tour à tour un pion sur un plateau de 4 × 4 cases. Le premier qui\n\
             aligne trois de ses pions gagne.\n\n\
             ## Matériel\n\n\
             ```box\n```\n\n\
             ## Jouer\n\n\
             À son tour, on pose **un de ses pions sur une case vide**. Les clairs commencent.\n\n\
             {}\n\
             ## Fin de la partie\n\n\
             On gagne dès qu’on aligne **trois de ses pions**, en ligne, en colonne ou en diagonale.\n\
             Si le plateau se remplit sans alignement, la partie est nulle.\n",
            figure("Les clairs jouent c1 et gagnent : a1, b1 et c1 sont alignés.")
        ),
        Lang::En => format!(
            "<!-- The rulebook: Markdown, and figures (```position) whose every [expect] claim the\n\
             rules engine checks under `ludopress check`. The guide: docs/guide.md. -->\n\n\
             Two players take turns placing a stone on a 4 × 4 board. The first to line up three of\n\
             their stones wins.\n\n\
             ## Components\n\n\
             ```box\n```\n\n\
             ## Playing\n\n\
             On your turn, place **one of your stones on an empty cell**. Light plays first.\n\n\
             {}\n\
             ## The end of the game\n\n\
             You win as soon as **three of your stones** stand in a line, across, down or diagonally.\n\
             If the board fills up with no line, the game is a draw.\n",
            figure("Light plays c1 and wins: a1, b1 and c1 make a line.")
        ),
    }
}

fn kind_word(kind: Kind) -> &'static str {
    match kind {
        Kind::Cards => "cards",
        Kind::Board => "board",
        Kind::Tiles => "tiles",
    }
}

/// A title from a folder's name: `my-game` → `My game`.
fn title_of(name: &str) -> String {
    let words = name.replace('-', " ");
    let mut c = words.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
