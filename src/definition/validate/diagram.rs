//! Rulebook diagrams: `[diagram]` → [`DiagramDef`]: the ground and the look of each token.
//!
//! In: a [`raw::DiagramRaw`] and the components already checked. Out: a checked [`DiagramDef`].

use super::context::Ctx;
use crate::base::diag::closest;
use crate::definition::model::{Board, DiagramDef, Ground, Mat, Piece, Tileset, TokenLook};
use crate::definition::raw::{self, S};
use toml::Spanned;

/// Longest diagram token, in characters (a tile's zone codes are four).
const MAX_TOKEN: usize = 8;

/// `[diagram]`: the ground and the tokens of position diagrams. Without the table, a game with
/// a board draws on its first board and one with a mat on a plane of its squares.
pub(super) fn diagram_def(
    cx: &mut Ctx,
    raw: &raw::GameFile,
    boards: &[Board],
    tilesets: &[Tileset],
    pieces: &[Piece],
    mats: &[Mat],
) -> Option<DiagramDef> {
    let find = |cx: &mut Ctx, id: &S, ids: Vec<&str>, what: &str| -> Option<usize> {
        let i = ids.iter().position(|x| x == id.get_ref());
        if i.is_none() {
            let hint =
                closest(id.get_ref(), ids.iter().copied()).map(|c| format!("did you mean `{c}`?"));
            cx.err_hint(
                id,
                format!("`[diagram]`: no {what} `{}`", id.get_ref()),
                hint,
            );
        }
        i
    };
    let plane = |m: &Mat| Ground::Plane {
        cell: m.cell,
        fill: m.fill,
        line: m.line,
    };
    // Without a choice: the first board, else a plane of the first mat's squares.
    let default_ground = || {
        if boards.is_empty() {
            mats.first().map(plane)
        } else {
            Some(Ground::Board(0))
        }
    };
    let Some(d) = &raw.diagram else {
        return default_ground().map(|ground| DiagramDef {
            ground,
            tokens: Vec::new(),
            tiles: None,
            highlight: Vec::new(),
            noun: None,
            cell: None,
            move_noun: None,
            highlight_means: None,
            ordinals: Vec::new(),
        });
    };
    let r = d.get_ref();
    let ground = match (&r.board, &r.plane) {
        (Some(b), None) => Ground::Board(find(
            cx,
            b,
            boards.iter().map(|x| x.id.as_str()).collect(),
            "board",
        )?),
        (None, Some(m)) => {
            let i = find(cx, m, mats.iter().map(|x| x.id.as_str()).collect(), "mat")?;
            plane(&mats[i])
        }
        (None, None) => match default_ground() {
            Some(g) => g,
            None => {
                cx.err(
                    d,
                    "`[diagram]`: the game has no board, and no mat to draw a plane with: name one with `board` or `plane`".into(),
                );
                return None;
            }
        },
        (Some(b), Some(_)) => {
            cx.err(b, "`[diagram]`: `board` or `plane`, not both".into());
            return None;
        }
    };
    let mut tokens = Vec::new();
    for (tok, look) in &r.tokens {
        if tok.is_empty()
            || tok.chars().count() > MAX_TOKEN
            || tok.chars().any(char::is_whitespace)
            || tok == "."
        {
            cx.err(
                look,
                format!("`[diagram]`: token `{tok}` must be 1 to {MAX_TOKEN} characters without spaces, and not `.` (an empty cell)"),
            );
            continue;
        }
        let (id, face, label) = match look.get_ref() {
            raw::TokenRaw::Piece(id) => (id, None, None),
            raw::TokenRaw::Full { piece, face, label } => (piece, face.as_deref(), label.clone()),
        };
        let Some(piece) = find(
            cx,
            &Spanned::new(look.span(), id.clone()),
            pieces.iter().map(|p| p.id.as_str()).collect(),
            "piece",
        ) else {
            continue;
        };
        let back = match face {
            None | Some("front") => false,
            Some("back") if pieces[piece].back_face.is_some() => true,
            Some("back") => {
                cx.err(
                    look,
                    format!("`[diagram]`: token `{tok}`: piece `{id}` has no back face"),
                );
                false
            }
            Some(other) => {
                cx.err(
                    look,
                    format!(
                        "`[diagram]`: token `{tok}`: face `{other}` (expected `front` or `back`)"
                    ),
                );
                false
            }
        };
        if label
            .as_ref()
            .is_some_and(|l| l.chars().count() > MAX_TOKEN)
        {
            cx.err(
                look,
                format!("`[diagram]`: token `{tok}`: a label is at most {MAX_TOKEN} characters"),
            );
        }
        tokens.push((tok.clone(), TokenLook { piece, back, label }));
    }
    let tiles = r.tiles.as_ref().and_then(|t| {
        find(
            cx,
            t,
            tilesets.iter().map(|x| x.id.as_str()).collect(),
            "tile set",
        )
    });
    Some(DiagramDef {
        ground,
        tokens,
        tiles,
        highlight: r.highlight.iter().map(|h| h.get_ref().clone()).collect(),
        noun: r
            .noun
            .as_ref()
            .map(|n| cx.text(n, super::context::MAX_NAME, "noun")),
        cell: r
            .cell
            .as_ref()
            .map(|n| cx.text(n, super::context::MAX_NAME, "cell")),
        move_noun: r
            .move_noun
            .as_ref()
            .map(|n| cx.text(n, super::context::MAX_NAME, "move")),
        highlight_means: r
            .highlight_means
            .as_ref()
            .map(|n| cx.text(n, super::context::MAX_NAME, "highlight_means")),
        ordinals: r
            .ordinals
            .iter()
            .map(|(field, nouns)| {
                (
                    field.clone(),
                    cx.text(nouns, super::context::MAX_NAME, "ordinals"),
                )
            })
            .collect(),
    })
}
