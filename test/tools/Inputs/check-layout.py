#!/usr/bin/env python3
"""The source tree's rules (docs/design.md, "The source tree"):

1. Each library folder under lib/ includes only the folders below it in the
   data flow, and the pure ones (Symbolic, Facts, Ptx, Warp, Cost, Arch,
   Report) include no Clang header.
2. No C++ source file under lib/, checks/, tools/, test/unit/ or
   test/fuzz/ and no built-in CUDA header has more than 600 lines.

Prints one line per violation and exits 1 if there is any; prints
"layout ok: N files" otherwise.
"""
import os
import re
import sys

ROOT = sys.argv[1]
MAX_LINES = 600

# Folder -> the lib folders it may include (itself always).
ALLOWED = {
    "Symbolic": set(),
    "Facts": {"Symbolic"},
    "Ptx": set(),
    "Warp": {"Symbolic", "Facts"},
    "Cost": {"Symbolic", "Facts", "Ptx", "Warp"},
    "Arch": {"Symbolic", "Facts", "Warp"},
    "Frontend": {"Symbolic", "Facts", "Ptx"},
    "Analysis": {"Symbolic", "Facts", "Ptx", "Warp", "Cost", "Arch", "Frontend"},
    "Report": {"Symbolic", "Facts", "Ptx", "Warp", "Cost"},
}
# The one exception: the Arch loader reads the generated table of embedded
# files, whose struct is declared with the built-in headers' table.
EXCEPTIONS = {("Arch", "Frontend/BuiltinHeaders.h")}
PURE = {"Symbolic", "Facts", "Ptx", "Warp", "Cost", "Arch", "Report"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z]+)/([^"]+)"')

problems = []
count = 0
for top in ("lib", "checks", "tools", os.path.join("test", "unit"),
            os.path.join("test", "fuzz")):
    for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
        for name in sorted(files):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8", errors="replace") as fh:
                lines = fh.read().splitlines()
            count += 1
            if len(lines) > MAX_LINES:
                problems.append(f"{rel}: {len(lines)} lines (at most {MAX_LINES})")
            parts = rel.split(os.sep)
            if parts[0] != "lib" or len(parts) < 3 or parts[1] not in ALLOWED:
                continue
            folder = parts[1]
            if parts[2] == "cuda-include":
                continue
            for no, line in enumerate(lines, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target, rest = m.group(1), m.group(2)
                if target == folder or target == "llvm":
                    continue
                if target == "clang" or target == "clang-tidy":
                    if folder in PURE:
                        problems.append(f"{rel}:{no}: a pure library includes "
                                        f"a Clang header ({target}/{rest})")
                    continue
                if target not in ALLOWED:
                    continue
                if (folder, f"{target}/{rest}") in EXCEPTIONS:
                    continue
                if target not in ALLOWED[folder]:
                    problems.append(f"{rel}:{no}: lib/{folder} includes "
                                    f"{target}/{rest}: lib/{target} is not "
                                    f"below it in the data flow")
for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f"layout ok: {count} files")
