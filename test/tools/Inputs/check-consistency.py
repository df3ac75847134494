"""Fails when a registered warplint check lacks its doc page or lit test."""
import os
import sys

root, listing = sys.argv[1], sys.argv[2]
checks = [l.strip() for l in open(listing) if l.strip().startswith("warplint-")]
if not checks:
    sys.exit("no warplint checks are registered")
missing = []
for c in checks:
    name = c[len("warplint-"):]
    for path in (os.path.join(root, "docs", "checks", name + ".md"),
                 os.path.join(root, "test", "checks", name + ".cu")):
        if not os.path.exists(path):
            missing.append(f"{c}: {path}")
if missing:
    sys.exit("missing:\n" + "\n".join(missing))
print(f"{len(checks)} checks, each with a doc page and a test")
