#!/usr/bin/env python3
"""Validate lamina.layers JSON files against the JSON Schema (draft 2020-12).

usage: validate_schema.py SCHEMA [--expect-invalid] FILE...

Files after --expect-invalid must be rejected by the schema; files before it must pass.
Prints one line per file and exits 0 when every file behaved as expected, 1 otherwise,
2 when the jsonschema package is missing or the schema itself is not a valid schema.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("error: the Python package 'jsonschema' is missing (pip install jsonschema)", file=sys.stderr)
    sys.exit(2)


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        print(f"error: {argv[1]} is not a valid draft 2020-12 schema: {e.message}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    expect_valid = True
    failures = 0
    for path in argv[2:]:
        if path == "--expect-invalid":
            expect_valid = False
            continue
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if expect_valid and errors:
            failures += 1
            for e in errors[:5]:
                where = "/".join(str(p) for p in e.absolute_path)
                print(f"INVALID {path}: {where}: {e.message}")
        elif not expect_valid and not errors:
            failures += 1
            print(f"ACCEPTED {path}: the schema accepts a document the decoder rejects")
        else:
            print(f"ok {path}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
