//! The JSON Schema of the values whose TOML forms are read by hand (a number or a name, one
//! value or a table by side): what an editor completes and checks, said as the loader reads
//! it. Every other raw type derives its schema with its `Deserialize`.

use super::rules::{Count, Max, RulesRegionRaw, Strs, Until};
use super::value::{Len, TextRaw};
use crate::definition::model::rules::range;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use std::borrow::Cow;

impl JsonSchema for Count {
    fn schema_name() -> Cow<'static, str> {
        "Count".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A whole number, or the name of a `[rules]` parameter whose value it takes.",
            "anyOf": [{ "type": "integer" }, { "type": "string" }]
        })
    }
}

/// A count as a key reads it: a whole number within `(lo, hi)`, the range validation checks,
/// or a `[rules]` parameter's name.
fn count_in((lo, hi): (i64, i64), what: &str) -> Schema {
    json_schema!({
        "description": format!("{what}: a whole number from {lo} to {hi}, or the name of a `[rules]` parameter whose value it takes."),
        "anyOf": [
            { "type": "integer", "minimum": lo, "maximum": hi },
            { "type": "string" }
        ]
    })
}

/// A count key's schema, named after the range it is held to (`model::rules::range`).
macro_rules! ranged {
    ($($name:ident = $range:expr, $what:literal;)*) => {$(
        #[doc = concat!("The schema of ", $what, ".")]
        pub struct $name;
        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                count_in($range, $what)
            }
        }
    )*};
}

ranged! {
    Actions = range::ACTIONS, "actions of a turn";
    Stack = range::STACK, "the most pieces of a kind one cell holds";
    BlockedBy = range::BLOCKED_BY, "opposing neighbours that block a piece";
    PiecesAtMost = range::PIECES_AT_MOST, "the most pieces a side may have for the move";
    Slide = range::SLIDE, "cells of a slide";
    MaxHops = range::MAX_HOPS, "hops of a chain";
    Score = range::SCORE, "points";
    Line = range::LINE, "pieces in a line";
    Pieces = range::PIECES, "pieces left";
    Plies = range::PLIES, "plies";
    NoProgress = range::NO_PROGRESS, "plies without progress";
    Repetition = range::REPETITION, "times a position is repeated";
    Dice = range::DICE, "dice";
    Faces = range::FACES, "faces of a die";
    Hand = range::HAND, "pieces in hand";
    KindMax = range::MAX, "pieces of a kind a side has";
    PhasePlies = range::PHASE_PLIES, "plies of a phase";
}

impl JsonSchema for Max {
    fn schema_name() -> Cow<'static, str> {
        "Max".into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let count = g.subschema_for::<KindMax>();
        json_schema!({
            "description": "One count for every side, or a table of each side's (`{ cross = 5, nought = 4 }`).",
            "anyOf": [count, { "type": "object", "additionalProperties": count }]
        })
    }
}

impl JsonSchema for Strs {
    fn schema_name() -> Cow<'static, str> {
        "Names".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A name, or a list of names.",
            "anyOf": [{ "type": "string" }, { "type": "array", "items": { "type": "string" } }]
        })
    }
}

impl JsonSchema for Until {
    fn schema_name() -> Cow<'static, str> {
        "Until".into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let count = g.subschema_for::<PhasePlies>();
        json_schema!({
            "description": "`\"hands-empty\"`, or `{ plies = n }`.",
            "anyOf": [
                { "type": "string" },
                {
                    "type": "object",
                    "properties": { "plies": count },
                    "required": ["plies"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

impl JsonSchema for RulesRegionRaw {
    fn schema_name() -> Cow<'static, str> {
        "RulesRegion".into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let cells = g.subschema_for::<super::rules::CellsRaw>();
        json_schema!({
            "description": "The same cells for every side (`{ ranks = [8] }`), or a table of each side's (`{ white = { ranks = [8] }, black = { ranks = [1] } }`).",
            "anyOf": [cells, { "type": "object", "additionalProperties": cells }]
        })
    }
}

impl JsonSchema for Len {
    fn schema_name() -> Cow<'static, str> {
        "Length".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Millimetres (a number), or a share of what it is measured against (`\"50%\"`).",
            "anyOf": [
                { "type": "number" },
                { "type": "string", "pattern": "^-?[0-9]+(\\.[0-9]+)?%$" }
            ]
        })
    }
}

impl JsonSchema for TextRaw {
    fn schema_name() -> Cow<'static, str> {
        "Text".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A text: one string (in a one-language game), or `{ fr = \"…\", en = \"…\" }`.",
            "anyOf": [
                { "type": "string" },
                {
                    "type": "object",
                    "properties": { "fr": { "type": "string" }, "en": { "type": "string" } },
                    "additionalProperties": false
                }
            ]
        })
    }
}
