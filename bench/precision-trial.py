#!/usr/bin/env python3
"""The precision trial of docs/validation.md: warplint's warnings over a real
CUDA suite, listed one per line for a person to judge, and counted against a
judged list.

    # 1. list the warnings (one JSON run per standalone .cu file)
    python3 bench/precision-trial.py list /tmp/suites/cuda-samples/Samples \\
        --warplint build/bin/warplint --csv /tmp/after.csv
    # 2. count them against the verdicts in a judged list
    python3 bench/precision-trial.py count /tmp/after.csv \\
        --judged bench/precision/cuda-samples-uncoalesced.csv \\
        --check warplint-uncoalesced-access

It fetches nothing: give it a checked-out suite (NVIDIA's cuda-samples,
Rodinia, ...).

list
----
The files and flags are bench/suite-trial.py's, imported from it: every
standalone .cu file under the directory (a .cu file another suite file
#includes is analysed as part of its includer), with -I for the file's
directory, its parent inside the suite and the suite's common include
directories, the preset's -std, and warplint's built-in CUDA header (no
toolkit). Each file is run as

    warplint --format=json [--gpu-arch=ARCH] FILE -- FLAGS

with the default checks (or --checks). Every diagnostic of the JSON report
becomes a CSV row: check, file (relative to the suite root), line, column,
message, the first note (usually the "why"), and a `key` that identifies
the warning across runs and versions: check, file, line, column and the
message, numbers included, since a verdict is on the numbers too (the same
line with other numbers is judged again). The summary prints the count per
check.

count
-----
The judged list is a CSV with the columns key, verdict and reason (and, for
reading, file, line, message); verdict is one of

    true   the access (branch, buffer) is what the warning says, and the
           numbers are right for the launch analysed
    noise  right, but not worth a user's attention (a one-off setup kernel,
           a cost the hardware hides: say which in the reason)
    wrong  the warning is false: the access is coalesced, the numbers are
           wrong, or the explanation misleads

For the rows of a listed run with the given check it prints the counts per
verdict, and lists the warnings that have no verdict yet (to be judged).
--markdown writes the joined table (file:line, verdict, reason, message).

Python 3 standard library only. One warplint process at a time.
"""
import argparse
import collections
import csv
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load_suite_trial():
    spec = importlib.util.spec_from_file_location(
        "suite_trial", os.path.join(HERE, "suite-trial.py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def key_of(check, rel, line, column, message):
    return "%s|%s|%d:%d|%s" % (check, rel, line, column, message)


def cmd_list(a):
    st = load_suite_trial()
    suite = os.path.realpath(a.suite)
    cfg = st.Config(a.root or suite, a.preset)
    root = cfg.suite
    included = st.find_included_cu(cfg)
    files = [f for f in st.walk(suite, (".cu",)) if f not in included]
    if a.limit:
        files = files[: a.limit]
    rows = []
    per_check = collections.Counter()
    failed = []
    t0 = time.time()
    for i, f in enumerate(files):
        cmd = [a.warplint, "--format=json"]
        if a.gpu_arch:
            cmd.append("--gpu-arch=" + a.gpu_arch)
        if a.checks:
            cmd.append("--checks=" + a.checks)
        cmd += [f, "--"] + cfg.clang_args(f)
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout)
        except subprocess.TimeoutExpired:
            failed.append((f, "timeout"))
            continue
        try:
            d = json.loads(r.stdout)
        except ValueError:
            failed.append((f, "exit %d, no JSON" % r.returncode))
            continue
        if d.get("errors"):
            failed.append((f, "did not parse"))
        for dg in d.get("diagnostics", []):
            path = os.path.realpath(dg.get("file", ""))
            rel = os.path.relpath(path, root) if path.startswith(root + os.sep) else path
            notes = dg.get("notes", [])
            note = notes[0]["message"] if notes else ""
            row = {
                "check": dg["check"],
                "file": rel,
                "line": dg.get("line", 0),
                "column": dg.get("column", 0),
                "message": dg["message"],
                "note": note,
                "from": os.path.relpath(f, root),
            }
            row["key"] = key_of(row["check"], rel, int(row["line"]), int(row["column"]), row["message"])
            rows.append(row)
            per_check[row["check"]] += 1
        if a.verbose:
            print("[%d/%d] %s" % (i + 1, len(files), os.path.relpath(f, root)), file=sys.stderr)
    # A kernel in a header two files include is reported by both: once.
    seen = set()
    unique = []
    for r in rows:
        if r["key"] in seen:
            continue
        seen.add(r["key"])
        unique.append(r)
    per_check = collections.Counter(r["check"] for r in unique)
    with open(a.csv, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["key", "check", "file", "line", "column", "message", "note", "from"])
        w.writeheader()
        for r in unique:
            w.writerow(r)
    print("suite %s: %d standalone .cu files, %d did not give a report, %.0f s" % (
        root, len(files), len(failed), time.time() - t0))
    for f, why in failed:
        print("  not analysed: %s (%s)" % (os.path.relpath(f, root), why))
    for c, n in sorted(per_check.items()):
        print("%-34s %d" % (c, n))
    print("rows written to %s" % a.csv)
    return 0


def cmd_count(a):
    with open(a.listed) as fh:
        rows = [r for r in csv.DictReader(fh) if r["check"] == a.check]
    judged = {}
    with open(a.judged) as fh:
        for r in csv.DictReader(fh):
            judged[r["key"]] = r
    counts = collections.Counter()
    unjudged = []
    for r in rows:
        j = judged.get(r["key"])
        if not j or j["verdict"] not in ("true", "noise", "wrong"):
            unjudged.append(r)
            counts["unjudged"] += 1
        else:
            counts[j["verdict"]] += 1
    total = len(rows)
    print("%s in %s: %d warnings: true %d, noise %d, wrong %d, unjudged %d" % (
        a.check, os.path.basename(a.listed), total, counts["true"], counts["noise"],
        counts["wrong"], counts["unjudged"]))
    for r in unjudged:
        print("  to judge: %s:%s %s" % (r["file"], r["line"], r["message"]))
    if a.markdown:
        with open(a.markdown, "w") as fh:
            fh.write("| file:line | verdict | reason | message |\n| --- | --- | --- | --- |\n")
            for r in rows:
                j = judged.get(r["key"], {})
                fh.write("| %s:%s | %s | %s | %s |\n" % (
                    r["file"], r["line"], j.get("verdict", "?"),
                    j.get("reason", "").replace("|", "\\|"), r["message"].replace("|", "\\|")))
    return 1 if unjudged and a.strict else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    l = sub.add_parser("list")
    l.add_argument("suite")
    l.add_argument("--root", help="the suite root, when SUITE is a directory inside it")
    l.add_argument("--preset", default="auto")
    l.add_argument("--warplint", default=os.path.join(os.path.dirname(HERE), "build", "bin", "warplint"))
    l.add_argument("--gpu-arch", default="sm_80")
    l.add_argument("--checks", default="")
    l.add_argument("--timeout", type=float, default=120)
    l.add_argument("--limit", type=int, default=0)
    l.add_argument("--csv", default="/tmp/precision-trial.csv")
    l.add_argument("-v", "--verbose", action="store_true")
    c = sub.add_parser("count")
    c.add_argument("listed")
    c.add_argument("--judged", required=True)
    c.add_argument("--check", default="warplint-uncoalesced-access")
    c.add_argument("--markdown")
    c.add_argument("--strict", action="store_true", help="exit 1 when a warning has no verdict")
    a = ap.parse_args()
    return cmd_list(a) if a.cmd == "list" else cmd_count(a)


if __name__ == "__main__":
    sys.exit(main())
