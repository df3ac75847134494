#!/usr/bin/env python3
"""Run `warplint --dump-facts` on every .cu file of a CUDA benchmark suite, the
way a new user with no CUDA toolkit would, and report how many give facts.

Compile flags ("as a new user would")
-------------------------------------
For a file DIR/f.cu of the suite SUITE, the command is exactly

    warplint --dump-facts DIR/f.cu -- -IDIR -IDIR/.. [-ISUITE/C ...] [STD]

  * -IDIR and -IDIR/..   the file's own directory and its parent (the parent
                         only if it is still inside SUITE);
  * -ISUITE/C            the suite's common include directories, chosen by
                         --preset (or added with --common-dir):
                           rodinia:      common/  cuda/util/
                           cuda-samples: Common/
                           none:         (nothing)
                         "auto" (default) picks cuda-samples when
                         SUITE/Common/helper_cuda.h exists, rodinia when
                         SUITE/cuda/util exists, none otherwise.
  * STD                  -std=c++17 for the cuda-samples preset (its CMake
                         build sets CMAKE_CUDA_STANDARD 17); nothing for
                         rodinia and none (clang 19's default for CUDA is
                         gnu++17). --std overrides: --std=c++14, --std=none.

Nothing else: no -D, no -x, no --cuda-path, and never an -I into a CUDA
toolkit (warplint's built-in CUDA header is what is being measured).

Standalone files and the rate
-----------------------------
A .cu file that some other source file of the suite #includes (a live
`#include "x.cu"` / `#include <x.cu>` line, not commented out, resolved
against the including file's directory and the include directories above)
is not a translation unit of its own: it is listed separately, still run
(its result is shown for information, unless --skip-included), and EXCLUDED
from the rate. The rate is: standalone files giving facts (exit 0 with JSON)
/ standalone files tried.

Compile-database mode (--compile-db DIR)
----------------------------------------
What a user with a build would do: hand warplint the build's compile
database. DIR is searched recursively for compile_commands.json files (e.g.
written by `bear -- make`); for each, warplint runs ONCE, with no file names:

    warplint --dump-facts -p <directory of that compile_commands.json>

so it analyses every .cu file the database names, with the database's own
(nvcc) flags, which warplint translates. Results are attributed per file:
the files listed in the JSON's files[] are "ok" (kernels = length of their
kernels); a file named in a "warplint: error: 'F' could not be parsed" line
of stderr is "failed", first_error being the first "error:" line printed
since the previous such line. If the run crashes, times out, prints no valid
JSON, or leaves a file unaccounted for, each such file is run again alone
(`-p <dir> F`) and classified as above ("alone" in the -v listing). A .cu
file named by several databases counts once (its first result). The rate is
distinct .cu files giving facts / distinct .cu files named. Databases that
name no .cu file are listed. --preset, --common-dir, --std, --under,
--limit and --skip-included apply to the suite mode only. The CSV has one
row per (database, file).

Result of one run
-----------------
  ok       exit 0 and a JSON object on stdout; kernels = sum of the lengths
           of files[].kernels
  failed   exit 2 (clang could not parse it); first_error = the first line
           of stderr containing "error:"
  crash    any other exit status, a signal, or exit 0 without valid JSON
           (a warplint bug: the command is recorded)
  timeout  ran past --timeout seconds (also a bug, or pathological input)
  noexec   the binary could not be executed for 300 s (e.g. being relinked);
           such files count as not giving facts

Output: a summary on stdout (files tried, files giving facts, rate, failures
grouped by cause = first error message with paths stripped, most common
first) and one CSV row per file written to --csv (default
/tmp/suite-trial.csv).

Python 3 standard library only. Runs one warplint process at a time.
"""
import argparse
import collections
import csv
import json
import os
import re
import shlex
import subprocess
import sys
import time

PRESETS = {
    "rodinia": {"common": ["common", "cuda/util"], "std": None},
    "cuda-samples": {"common": ["Common"], "std": "c++17"},
    "none": {"common": [], "std": None},
}

SCAN_EXTS = (".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx", ".c", ".cc", ".cpp",
             ".cxx", ".inl", ".inc", ".tcc")
INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^">\n]+)[">]',
                        re.M)
BLOCK_COMMENT_RE = re.compile(r"/\*.*?\*/", re.S)
# How long to wait for the warplint binary when it cannot be executed (it is
# being rebuilt) before recording the file as "noexec".
RETRY_WAIT = 300.0


def detect_preset(suite):
    if os.path.isfile(os.path.join(suite, "Common", "helper_cuda.h")):
        return "cuda-samples"
    if os.path.isdir(os.path.join(suite, "cuda", "util")):
        return "rodinia"
    return "none"


class Config:
    """The include directories and -std for a suite."""

    def __init__(self, suite, preset="auto", common_dirs=(), std=None):
        self.suite = os.path.realpath(suite)
        if preset == "auto":
            preset = detect_preset(self.suite)
        self.preset = preset
        p = PRESETS[preset]
        self.common = []
        for c in list(p["common"]) + list(common_dirs):
            d = c if os.path.isabs(c) else os.path.join(self.suite, c)
            if os.path.isdir(d):
                self.common.append(os.path.realpath(d))
        if std is None:
            std = p["std"]
        self.std = None if std in (None, "", "none") else std

    def include_dirs(self, path):
        d = os.path.dirname(os.path.realpath(path))
        dirs = [d]
        parent = os.path.dirname(d)
        if parent == self.suite or parent.startswith(self.suite + os.sep):
            dirs.append(parent)
        for c in self.common:
            if c not in dirs:
                dirs.append(c)
        return dirs

    cuda_path = None  # toolkit mode: --cuda-path=DIR on every command

    def clang_args(self, path):
        args = ["-I" + d for d in self.include_dirs(path)]
        if self.std:
            args.append("-std=" + self.std)
        if self.cuda_path:
            args.append("--cuda-path=" + self.cuda_path)
        return args


def walk(suite, exts):
    out = []
    for root, dirs, files in os.walk(suite):
        dirs[:] = sorted(x for x in dirs if not x.startswith("."))
        for f in sorted(files):
            if f.endswith(exts):
                out.append(os.path.realpath(os.path.join(root, f)))
    return out


def find_included_cu(cfg):
    """Map: realpath of a .cu file -> sorted list of suite files including it."""
    included = collections.defaultdict(set)
    for src in walk(cfg.suite, SCAN_EXTS):
        try:
            with open(src, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        if ".cu" not in text:
            continue
        text = BLOCK_COMMENT_RE.sub("", text)
        for m in INCLUDE_RE.finditer(text):
            target = m.group(2).strip()
            if not target.endswith(".cu"):
                continue
            for d in cfg.include_dirs(src):
                cand = os.path.join(d, target)
                if os.path.isfile(cand):
                    included[os.path.realpath(cand)].add(src)
                    break
    return {k: sorted(v) for k, v in included.items()}


def first_error(stderr):
    for line in stderr.splitlines():
        if "error:" in line:
            return line.strip()
    for line in stderr.splitlines():
        if line.strip():
            return line.strip()
    return ""


LOC_RE = re.compile(r"^\S+?:\d+:\d+:\s*")
PATHISH_RE = re.compile(r"(['\"]?)((?:[A-Za-z]:)?[^\s'\"]*/[^\s'\"]*)(['\"]?)")


def cause_of(err):
    """The error message with its location and any directories stripped."""
    msg = LOC_RE.sub("", err)
    msg = re.sub(r"^(fatal )?error:\s*", "", msg)
    # Keep only the last component of anything that looks like a path.
    msg = PATHISH_RE.sub(
        lambda m: m.group(1) + (m.group(2).rstrip("/").rsplit("/", 1)[-1]
                                or m.group(2)) + m.group(3), msg)
    return msg.strip() or "(no error message)"


def exec_warplint(cmd, timeout):
    """Run cmd, waiting for the binary while it cannot be executed (it is
    being relinked). Returns (status, proc, wall, message): status is "ran"
    (proc is the CompletedProcess), "timeout" or "noexec"."""
    deadline = time.monotonic() + RETRY_WAIT
    while True:
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return ("timeout", None, time.perf_counter() - t0,
                    "timeout after %ss" % timeout)
        except OSError as e:
            # The binary is being relinked: wait for it, then try again.
            if time.monotonic() < deadline:
                time.sleep(5)
                continue
            return ("noexec", None, 0.0, "cannot run: %s" % e)
        if p.returncode in (126, 127) and time.monotonic() < deadline:
            time.sleep(5)  # the shell-style "cannot execute" codes: same
            continue
        return ("ran", p, time.perf_counter() - t0, "")


def run_one(warplint, path, cfg, timeout, cmd=None):
    """One warplint process for one file. cmd defaults to the suite mode's
    command; the compile-database mode passes its own (-p DB file)."""
    if cmd is None:
        cmd = [warplint, "--dump-facts", path, "--"] + cfg.clang_args(path)
    how, p, wall, msg = exec_warplint(cmd, timeout)
    if how != "ran":
        return {"status": how, "exit": "", "wall_s": wall, "kernels": "",
                "first_error": msg, "cmd": cmd}
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    r = {"exit": p.returncode, "wall_s": wall, "kernels": "", "first_error": "",
         "cmd": cmd}
    if p.returncode == 0:
        try:
            facts = json.loads(out)
            r["kernels"] = sum(len(f.get("kernels", []))
                               for f in facts.get("files", []))
            r["status"] = "ok"
        except (ValueError, AttributeError, TypeError) as e:
            r["status"] = "crash"
            r["first_error"] = "exit 0 but stdout is not the facts JSON: %s" % e
    elif p.returncode == 2:
        r["status"] = "failed"
        r["first_error"] = first_error(err)
        # Compile errors, but the kernels whose own code parsed were
        # analysed: "partial", with their count.
        try:
            facts = json.loads(out)
            k = sum(len(f.get("kernels", [])) for f in facts.get("files", []))
            if k:
                r["status"], r["kernels"] = "partial", k
        except (ValueError, AttributeError, TypeError):
            pass
    else:
        r["status"] = "crash"
        how = ("signal %d" % -p.returncode if p.returncode < 0
               else "exit %d" % p.returncode)
        r["first_error"] = "%s: %s" % (how, first_error(err))
    return r


# ---------------------------------------------------------------------------
# Compile-database mode (--compile-db DIR)
# ---------------------------------------------------------------------------

# warplint's line closing the diagnostics of a file it could not parse.
NOT_PARSED_RE = re.compile(
    r"^warplint: error: '(.+)' could not be parsed; it was not analysed\s*$")


def find_databases(root):
    """Every compile_commands.json under root (hidden directories skipped)."""
    out = []
    for r, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if "compile_commands.json" in files:
            out.append(os.path.realpath(os.path.join(r, "compile_commands.json")))
    return out


def db_cu_files(db):
    """The .cu translation units a compile database names, in its order (the
    files warplint analyses when given -p and no file names). Returns
    (files, {file: compiler}, number of entries) or raises ValueError."""
    with open(db, encoding="utf-8", errors="replace") as fh:
        entries = json.load(fh)
    if not isinstance(entries, list):
        raise ValueError("not a JSON array")
    files, compiler = [], {}
    for e in entries:
        if not isinstance(e, dict) or "file" not in e:
            continue
        d = e.get("directory") or os.path.dirname(db)
        f = os.path.realpath(os.path.join(d, e["file"]))
        if not f.endswith(".cu") or f in compiler:
            continue
        args = e.get("arguments")
        if not args:
            try:
                args = shlex.split(e.get("command", ""))
            except ValueError:
                args = e.get("command", "").split()
        compiler[f] = os.path.basename(args[0]) if args else ""
        files.append(f)
    return files, compiler, len(entries)


def attribute_stderr(stderr):
    """{realpath: first error line} for the files warplint said it could not
    parse. Diagnostics are printed file by file, each failing file's closed by
    NOT_PARSED_RE, so a file's errors are the lines since the previous one."""
    failed = {}
    segment = []
    for line in stderr.splitlines():
        m = NOT_PARSED_RE.match(line)
        if m:
            errs = [x.strip() for x in segment if "error:" in x]
            failed[os.path.realpath(m.group(1))] = (errs[0] if errs
                                                    else line.strip())
            segment = []
        else:
            segment.append(line)
    return failed


def run_database(warplint, db, timeout):
    """Run warplint once on a database (no file names); return one result per
    .cu file of it, plus a dict describing the whole run."""
    dbdir = os.path.dirname(db)
    try:
        files, compiler, n_entries = db_cu_files(db)
    except (OSError, ValueError) as e:
        return [], {"db": db, "entries": 0, "cu": 0, "exit": "",
                    "wall_s": 0.0, "note": "unreadable database: %s" % e}
    cmd = [warplint, "--dump-facts", "-p", dbdir]
    how, p, wall, msg = exec_warplint(cmd, timeout)
    info = {"db": db, "entries": n_entries, "cu": len(files), "wall_s": wall,
            "exit": p.returncode if p else "", "note": msg}
    if not files:
        if p is not None:
            info["note"] = first_error(p.stderr.decode("utf-8", "replace"))
        return [], info
    facts, failed, whole_run_bad = {}, {}, how != "ran"
    if p is not None:
        err = p.stderr.decode("utf-8", "replace")
        failed = attribute_stderr(err)
        if p.returncode in (0, 2):
            try:
                for f in json.loads(p.stdout.decode("utf-8", "replace")).get(
                        "files", []):
                    facts[os.path.realpath(f["file"])] = len(
                        f.get("kernels", []))
            except (ValueError, AttributeError, TypeError, KeyError) as e:
                whole_run_bad = True
                info["note"] = "stdout is not the facts JSON: %s" % e
        else:
            whole_run_bad = True
            info["note"] = "%s: %s" % (
                "signal %d" % -p.returncode if p.returncode < 0
                else "exit %d" % p.returncode, first_error(err))
    results = []
    for f in files:
        r = {"file": f, "db": db, "compiler": compiler.get(f, ""),
             "exit": info["exit"], "wall_s": wall, "kernels": "",
             "first_error": "", "cmd": cmd}
        if f in facts and f not in failed:
            r["status"], r["kernels"] = "ok", facts[f]
        elif f in failed and not whole_run_bad:
            r["status"], r["first_error"] = "failed", failed[f]
        else:
            # The run crashed, timed out or did not mention the file: run it
            # alone so that the result belongs to it.
            one = run_one(warplint, f, None, timeout,
                          cmd=[warplint, "--dump-facts", "-p", dbdir, f])
            one.update({"file": f, "db": db,
                        "compiler": compiler.get(f, ""), "alone": True})
            r = one
        results.append(r)
    return results, info


def main_compile_db(a):
    root = os.path.realpath(a.compile_db)
    dbs = find_databases(root)
    print("compile databases under: %s (%d found)" % (root, len(dbs)))
    print("warplint: %s --dump-facts -p <database dir>" % a.warplint)
    sys.stdout.flush()
    rel = lambda p: os.path.relpath(p, root)
    rows, infos, seen = [], [], {}
    t_start = time.perf_counter()
    for i, db in enumerate(dbs, 1):
        res, info = run_database(a.warplint, db, a.timeout)
        infos.append(info)
        for r in res:
            r["duplicate"] = r["file"] in seen
            if not r["duplicate"]:
                seen[r["file"]] = r
            r["cause"] = (cause_of(r["first_error"])
                          if r["status"] != "ok" else "")
            rows.append(r)
        if a.verbose:
            ok = sum(1 for r in res if r["status"] == "ok")
            print("[%d/%d] %s: %d entries, %d .cu, %d ok, exit %s, %.1fs%s" % (
                i, len(dbs), rel(db), info["entries"], info["cu"], ok,
                info["exit"], info["wall_s"],
                ("  [" + info["note"] + "]") if info["note"] else ""),
                flush=True)
            for r in res:
                print("    %-7s k=%-3s %s%s %s" % (
                    r["status"], r["kernels"], rel(r["file"]),
                    " (alone)" if r.get("alone") else "", r["cause"]),
                    flush=True)
    total = time.perf_counter() - t_start

    with open(a.csv, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["database", "file", "duplicate", "compiler", "status",
                    "exit", "wall_s", "kernels", "cause", "first_error",
                    "command"])
        for r in rows:
            w.writerow([rel(r["db"]), rel(r["file"]),
                        "yes" if r["duplicate"] else "no", r["compiler"],
                        r["status"], r["exit"], "%.3f" % r["wall_s"],
                        r["kernels"], r["cause"], r["first_error"],
                        shlex.join(r["cmd"])])

    tus = list(seen.values())
    ok = [r for r in tus if r["status"] == "ok"]
    rate = 100.0 * len(ok) / len(tus) if tus else 0.0
    print()
    print("=== summary ===")
    print("compile databases:          %d" % len(dbs))
    print("distinct .cu files named:   %d" % len(tus))
    print("giving facts:               %d" % len(ok))
    print("rate:                       %.1f%%  (target >= 95%%: %s)" % (
        rate, "met" if rate >= 95.0 else "NOT met"))
    print("kernels found:              %d" % sum(r["kernels"] for r in ok))
    print("total run:                  %.1fs" % total)
    empty = [x for x in infos if not x["cu"]]
    if empty:
        print()
        print("--- databases naming no .cu file ---")
        for x in empty:
            print("  %s (%d entries)%s" % (rel(x["db"]), x["entries"],
                                          ("  [" + x["note"] + "]")
                                          if x["note"] else ""))
    bad = [r for r in tus if r["status"] != "ok"]
    if bad:
        print()
        print("--- failures by cause (most common first) ---")
        groups = collections.defaultdict(list)
        for r in bad:
            groups[(r["status"], r["cause"])].append(r)
        for (st, cause), rs in sorted(groups.items(),
                                      key=lambda kv: (-len(kv[1]), kv[0])):
            print("%3d  [%s] %s" % (len(rs), st, cause))
            for r in rs:
                print("       %s" % rel(r["file"]))
    crashes = [r for r in tus if r["status"] in ("crash", "timeout")]
    bad_runs = [x for x in infos if x["cu"] and x["exit"] not in (0, 2)]
    if crashes or bad_runs:
        print()
        print("--- warplint bugs (crash / bad output / timeout) ---")
        for x in bad_runs:
            print("run on %s: %s" % (rel(x["db"]), x["note"]))
        for r in crashes:
            print("%s: %s\n   %s" % (rel(r["file"]), r["first_error"],
                                     shlex.join(r["cmd"])))
    print()
    print("per-file CSV: %s" % a.csv)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("suite", nargs="?",
                    help="the suite's root directory (not with --compile-db)")
    ap.add_argument("--compile-db", metavar="DIR",
                    help="compile-database mode: run warplint -p on every "
                         "compile_commands.json under DIR (see above)")
    ap.add_argument("--warplint", default="/work/main/build/bin/warplint",
                    help="the warplint binary (default: %(default)s)")
    ap.add_argument("--preset", default="auto",
                    choices=["auto"] + sorted(PRESETS),
                    help="which common include dirs / -std (default: auto)")
    ap.add_argument("--common-dir", action="append", default=[],
                    help="another common include dir (relative to the suite), "
                         "added after the preset's")
    ap.add_argument("--std", default=None,
                    help="override the preset's -std (e.g. c++17, or none)")
    ap.add_argument("--under", action="append", default=[],
                    help="only .cu files under this subdirectory of the suite "
                         "(repeatable; the include scan still covers the "
                         "whole suite)")
    ap.add_argument("--limit", type=int, default=0,
                    help="only the first N .cu files (sorted by path)")
    ap.add_argument("--cuda-path", metavar="DIR", default=None,
                    help="toolkit mode: name this CUDA toolkit on every "
                         "command (default: the built-in header)")
    ap.add_argument("--skip-included", action="store_true",
                    help="do not run the non-standalone (#included) .cu files")
    ap.add_argument("--timeout", type=float, default=300.0,
                    help="seconds per file (default: %(default)s)")
    ap.add_argument("--csv", default="/tmp/suite-trial.csv",
                    help="per-file results (default: %(default)s)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print one line per file as it runs")
    a = ap.parse_args(argv)

    if not os.access(a.warplint, os.X_OK):
        sys.exit("warplint not found or not executable: %s" % a.warplint)
    if a.compile_db:
        if a.suite:
            ap.error("give either a suite directory or --compile-db, not both")
        if not os.path.isdir(a.compile_db):
            ap.error("--compile-db: not a directory: %s" % a.compile_db)
        return main_compile_db(a)
    if not a.suite:
        ap.error("a suite directory (or --compile-db DIR) is required")
    cfg = Config(a.suite, a.preset, a.common_dir, a.std)
    cfg.cuda_path = a.cuda_path
    files = walk(cfg.suite, (".cu",))
    if a.under:
        roots = [os.path.realpath(os.path.join(cfg.suite, u)) for u in a.under]
        files = [f for f in files
                 if any(f.startswith(r + os.sep) for r in roots)]
    if a.limit:
        files = files[:a.limit]
    included = find_included_cu(cfg)

    rel = lambda p: os.path.relpath(p, cfg.suite)
    print("suite: %s (preset %s)" % (cfg.suite, cfg.preset))
    print("flags: -I<file dir> -I<parent> %s%s" % (
        " ".join("-I" + rel(c) + "/" for c in cfg.common),
        (" -std=" + cfg.std) if cfg.std else ""))
    print("warplint: %s" % a.warplint)
    sys.stdout.flush()

    rows = []
    t_start = time.perf_counter()
    for i, f in enumerate(files, 1):
        inc_by = included.get(f, [])
        if inc_by and a.skip_included:
            r = {"status": "skipped", "exit": "", "wall_s": 0.0, "kernels": "",
                 "first_error": "", "cmd": []}
        else:
            r = run_one(a.warplint, f, cfg, a.timeout)
        r["file"] = rel(f)
        r["standalone"] = not inc_by
        r["included_by"] = ";".join(rel(x) for x in inc_by)
        r["cause"] = cause_of(r["first_error"]) if r["status"] != "ok" and \
            r["status"] != "skipped" else ""
        rows.append(r)
        if a.verbose:
            print("[%d/%d] %-7s %6.2fs k=%-3s %s%s %s" % (
                i, len(files), r["status"], r["wall_s"], r["kernels"],
                r["file"], "" if r["standalone"] else " (included)",
                r["cause"]), flush=True)
    total = time.perf_counter() - t_start

    with open(a.csv, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "standalone", "included_by", "status", "exit",
                    "wall_s", "kernels", "cause", "first_error", "command"])
        for r in rows:
            w.writerow([r["file"], "yes" if r["standalone"] else "no",
                        r["included_by"], r["status"], r["exit"],
                        "%.3f" % r["wall_s"], r["kernels"], r["cause"],
                        r["first_error"], shlex.join(r["cmd"])])

    sa = [r for r in rows if r["standalone"]]
    clean = [r for r in sa if r["status"] == "ok"]
    partial = [r for r in sa if r["status"] == "partial"]
    ok = clean + partial
    rate = 100.0 * len(ok) / len(sa) if sa else 0.0
    inc = [r for r in rows if not r["standalone"]]
    print()
    print("=== summary ===")
    print(".cu files found:            %d" % len(rows))
    print("not standalone (#included): %d (excluded from the rate)" % len(inc))
    print("standalone files tried:     %d" % len(sa))
    print("standalone giving facts:    %d (%d with compile errors: the "
          "kernels that parsed)" % (len(ok), len(partial)))
    print("rate:                       %.1f%%  (target >= 95%%: %s)" % (
        rate, "met" if rate >= 95.0 else "NOT met"))
    print("kernels found (standalone): %d" % sum(r["kernels"] for r in ok))
    walls = sorted(r["wall_s"] for r in sa
                   if r["status"] in ("ok", "partial", "failed"))
    if walls:
        print("wall time per file:         median %.2fs, max %.2fs; total run %.1fs"
              % (walls[len(walls) // 2], walls[-1], total))

    bad = [r for r in sa if r["status"] != "ok"]
    if bad:
        print()
        print("--- standalone files with errors, by cause (most common "
              "first; [partial]: the kernels that parsed were analysed) ---")
        groups = collections.defaultdict(list)
        for r in bad:
            groups[(r["status"], r["cause"])].append(r["file"])
        for (st, cause), fs in sorted(groups.items(),
                                      key=lambda kv: (-len(kv[1]), kv[0])):
            print("%3d  [%s] %s" % (len(fs), st, cause))
            for f in fs:
                print("       %s" % f)
    crashes = [r for r in rows if r["status"] in ("crash", "timeout")]
    if crashes:
        print()
        print("--- warplint bugs (crash / bad output / timeout) ---")
        for r in crashes:
            print("%s: %s\n   %s" % (r["file"], r["first_error"],
                                     shlex.join(r["cmd"])))
    if inc:
        print()
        print("--- not standalone (excluded from the rate) ---")
        for r in inc:
            print("  %-7s k=%-3s %s  <- %s%s" % (
                r["status"], r["kernels"], r["file"], r["included_by"],
                ("  [" + r["cause"] + "]") if r["cause"] else ""))
    print()
    print("per-file CSV: %s" % a.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
