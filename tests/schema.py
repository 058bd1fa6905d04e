#!/usr/bin/python3
"""Checks JSON files against formats/state.schema.json with Debian's python3-jsonschema.

usage: schema.py SCHEMA FILE...   prints "FILE: PATH: MESSAGE" for each fault, exit 1 if any.
The schema itself is checked first against the JSON Schema meta-schema (draft 2020-12)."""
import json
import sys

import jsonschema


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    check = jsonschema.Draft202012Validator(schema)
    faults = 0
    for name in sys.argv[2:]:
        with open(name) as f:
            state = json.load(f)
        for e in sorted(check.iter_errors(state), key=lambda e: list(e.absolute_path)):
            path = "/" + "/".join(str(p) for p in e.absolute_path)
            print("%s: %s: %s" % (name, path, e.message))
            faults += 1
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
