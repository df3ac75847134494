"""Validates a SARIF log against the official SARIF 2.1.0 JSON schema.

usage: validate-sarif.py <schema.json> <log.sarif>
Prints 'valid' or each violation with its JSON path; exit 1 when invalid.
"""
import json
import os
import sys

import jsonschema

schema_path, log_path = sys.argv[1], sys.argv[2]
if not os.path.exists(schema_path):
    print("no SARIF schema at %s: run 'bash scripts/setup.sh test-deps'" % schema_path)
    sys.exit(1)
with open(schema_path) as f:
    schema = json.load(f)
with open(log_path) as f:
    log = json.load(f)
validator = jsonschema.validators.validator_for(schema)(schema)
errors = list(validator.iter_errors(log))
for e in errors:
    print("%s: %s" % ("/".join(str(p) for p in e.absolute_path), e.message))
print("valid" if not errors else "%d violations" % len(errors))
sys.exit(1 if errors else 0)
