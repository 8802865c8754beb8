//! The JSON Schema of the values whose TOML forms are read by hand (a number or a name, one
//! value or a table by side): what an editor completes and checks, said as the loader reads
//! it. Every other raw type derives its schema with its `Deserialize`.

use super::rules::{Count, Max, RulesRegionRaw, Strs, Until};
use super::value::{Len, TextRaw};
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

impl JsonSchema for Max {
    fn schema_name() -> Cow<'static, str> {
        "Max".into()
    }
    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let count = g.subschema_for::<Count>();
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
        let count = g.subschema_for::<Count>();
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
