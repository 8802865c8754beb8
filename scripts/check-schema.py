#!/usr/bin/env python3
"""Every shipped definition read against the committed JSON Schema by a validator that is not
ludopress's (Python's `jsonschema`, draft 7): each `games/*/game.toml` and every game.toml
under `tests/fixtures` against `schema/game.schema.json` (and the guide's examples under `docs/examples`), `templates/library.toml` against
`schema/library.schema.json`. Also checks that the schema refuses a definition with an
unknown key (so a schema that allows anything cannot pass). Exit status 1 on any failure.

Usage: scripts/check-schema.py
"""
import glob
import json
import os
import sys
import tomllib

import jsonschema

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def validator(name):
    with open(os.path.join(ROOT, "schema", name), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def main():
    game, library = validator("game.schema.json"), validator("library.schema.json")
    files = sorted(glob.glob(os.path.join(ROOT, "games", "*", "game.toml")))
    files += sorted(glob.glob(os.path.join(ROOT, "tests", "fixtures", "**", "game.toml"), recursive=True))
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "examples", "*", "game.toml")))
    checks = [(f, game) for f in files] + [(os.path.join(ROOT, "templates", "library.toml"), library)]
    bad = 0
    for path, v in checks:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        errors = list(v.iter_errors(data))
        rel = os.path.relpath(path, ROOT)
        for e in errors[:5]:
            print(f"{rel}: {'/'.join(map(str, e.path)) or '(top)'}: {e.message[:300]}")
        if errors:
            bad += 1
        else:
            print(f"ok {rel}")
    # The schema must refuse something: an unknown key in [game].
    with open(files[0], "rb") as f:
        data = tomllib.load(f)
    data["game"]["no_such_key"] = 1
    if not list(game.iter_errors(data)):
        print("the schema accepts an unknown key in [game]")
        bad += 1
    print(f"{len(checks)} files checked against the schema, {bad} failed")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
