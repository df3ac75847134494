#!/usr/bin/env python3
"""warplint's ordinary run (the default checks) against `clang++
-fsyntax-only` over a public CUDA suite: time and peak memory per file, and
the whole suite with -j 2, side by side in one run. No CUDA toolkit.

    python3 bench/suite-vs-parse.py /tmp/suites/rodinia/cuda \\
        [--runs 3] [--limit N [--sample]] [--csv F] [--markdown F]

It fetches nothing: give it a checked-out suite (Rodinia, NVIDIA's
cuda-samples, ...).

Files and flags
---------------
The files are those of bench/extract-vs-syntax.py (whose configuration is
bench/suite-trial.py's, imported here): every standalone .cu file under the
suite directory (a .cu file that another suite file #includes is left out),
or the `ok` standalone rows of a suite-trial.py CSV (--from-csv), or .cu
paths given after the suite directory. --limit N keeps the first N, or with
--sample a random N (--seed, default 1).

FLAGS are exactly suite-trial.py's: -I for the file's directory, its parent
(inside the suite), the suite's common include dirs (--preset /
--common-dir) and the preset's -std. With --preset auto (the default), when
the directory given is not itself recognised (rodinia/cuda, cuda-samples/
Samples), the directories above it are tried (up to 3 levels): the first
that is recognised gives the preset, and its common dirs and the "inside the
suite" test are taken relative to it, as if that root had been given; the
files are still only those under the directory given. The suite root used is
printed.

1. Per file
-----------
For each file F the two commands are

  warplint --quiet F -- FLAGS
  /usr/lib/llvm-19/bin/clang++ -fsyntax-only -x cuda --cuda-device-only
      --cuda-gpu-arch=sm_80 -nocudainc -nocudalib --cuda-path=/nonexistent -w
      -isystem <repo>/lib/Frontend/cuda-include -include __warplint_cuda.h
      FLAGS F

(warplint's default checks, parsing the device side for sm_80 with its
built-in CUDA header; clang with the same header, as in
extract-vs-syntax.py). stdout and stderr go to /dev/null while timed.

Each file is first run once with each tool (a warm-up; its output is kept
to classify the file):
  * clang exits non-zero: "clang cannot parse it"; listed, left out;
  * otherwise warplint exits 2 (warplint's error: the file did not parse,
    see tools/warplint/warplint.cpp): a warplint FAILURE, listed separately
    with its first error line, left out of the ratios;
  * otherwise warplint exits anything but 0 or 1 (a signal, a timeout,
    another status): a warplint CRASH, listed, left out;
  * warplint exit 0 (findings are warnings: still 0) or 1 (findings
    promoted to errors by --warnings-as-errors or a .clang-tidy file) is
    success.
Then --runs N (default 3) runs of each, alternating warplint, clang,
warplint, clang, ...; the per-file wall time and peak memory are the
medians of the N runs. Peak memory is the child's own maximum resident set
size (ru_maxrss from os.wait4 on that child's pid: per child, not summed).
A run that fails during the timed runs after a good warm-up is reported
("unstable") and the file left out.

2. Summary
----------
Median, p90 and max of the per-file ratios warplint/clang, in time and in
peak memory (p90: linear interpolation between the closest ranks, as
numpy's default); the ratio of the summed per-file median times; the --top
(default 10) files with the largest time ratio, with both times. The goals
are printed next to the figures, PASS or FAIL:

  time:   median ratio <= 1.10x, p90 <= 1.30x, max <= 2.00x
  memory: <= 1.10x, checked on the median and, per file, on the max

3. Whole suite (--skip-whole leaves it out)
-------------------------------------------
Flags differ per file, so a compile database is written to a temporary
directory: one entry per file, "arguments" = clang++ FLAGS -c F (a clang
command: warplint keeps its flags and adds the same device-side, built-in
header flags as in 1). Then, --runs times, alternating:

  warplint -p TMPDIR -j 2 --quiet F1 F2 ...     (--whole-jobs sets 2)
  the clang command of 1 over the same files, two at a time (a 2-worker
  pool of processes)

Medians of wall time; peak memory: warplint's process, the largest clang
process. The files are, by --whole-set: clang-ok (default: every file clang
parses, warplint's failures included, so warplint may exit 2; warplint's
crashes and timeouts left out), both-ok (the files of the ratios), or all
(every file selected, clang's failures too: then only warplint's time means
anything). Goal: the whole of Rodinia with
-j 2 in <= 30 s. Also printed: the sum of the per-file medians of 1 (each
tool one file at a time), for reference.

Output
------
The date, the machine (nproc, CPU model, memory, OS) and the load average
at the start and at the end; one line per file as it runs; the summary.
--csv F (default /tmp/suite-vs-parse.csv; --csv '' for none): one row per
file (status, exits, both median times and memories, ratios, warplint's
finding count in the warm-up, the first error). --markdown F: the summary
as Markdown tables for docs/performance.md (date, machine, load, commands,
figures against the goals, the slowest files, the whole-suite run, the
files left out).

If the warplint binary cannot be executed (being relinked), each run waits
for it for up to 300 s; if its size or time stamp changed during the
measurement, a warning is printed. Copy it elsewhere (--warplint) to be
safe.

Python 3 standard library only. One process at a time, except the -j 2
runs of 3.
"""
import argparse
import csv
import datetime
import importlib.util
import json
import os
import platform
import random
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from machine import cpu_model, loadavg, mem_total_gb  # noqa: E402
REPO = os.path.dirname(HERE)

# The goals (time and memory ratios warplint / clang++ -fsyntax-only).
GOAL_TIME_MEDIAN = 1.10
GOAL_TIME_P90 = 1.30
GOAL_TIME_MAX = 2.00
GOAL_MEMORY = 1.10
GOAL_WHOLE_S = 30.0  # the whole of Rodinia with -j 2

RETRY_WAIT = 300.0  # seconds to wait for a binary that cannot be executed


def load_trial():
    spec = importlib.util.spec_from_file_location(
        "suite_trial", os.path.join(HERE, "suite-trial.py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m








def now():
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def exit_code(status):
    if hasattr(os, "waitstatus_to_exitcode"):
        return os.waitstatus_to_exitcode(status)
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


def spawn(cmd, stdout, stderr):
    """Popen, waiting up to RETRY_WAIT s while the binary cannot be
    executed (e.g. being relinked). Returns (Popen or None, error)."""
    deadline = time.monotonic() + RETRY_WAIT
    while True:
        try:
            return subprocess.Popen(cmd, stdout=stdout, stderr=stderr,
                                    stdin=subprocess.DEVNULL), ""
        except OSError as e:
            if time.monotonic() < deadline:
                time.sleep(5)
                continue
            return None, "cannot run: %s" % e


class Run:
    """One process: rc (int; negative = signal), or "timeout" / "noexec";
    wall seconds; peak RSS in MiB (its own, from wait4)."""

    def __init__(self, rc, wall, mib, out="", err=""):
        self.rc, self.wall, self.mib, self.out, self.err = (
            rc, wall, mib, out, err)


def measure(cmd, timeout, capture=False):
    """Runs cmd alone; with capture, its stdout and stderr are kept (in
    temporary files, so that a full pipe never blocks the child)."""
    outf = tempfile.TemporaryFile() if capture else subprocess.DEVNULL
    errf = tempfile.TemporaryFile() if capture else subprocess.DEVNULL
    try:
        t0 = time.perf_counter()
        p, msg = spawn(cmd, outf, errf)
        if p is None:
            return Run("noexec", 0.0, 0.0, "", msg)
        killed = []

        def kill():
            killed.append(True)
            try:
                p.kill()
            except OSError:
                pass
        timer = threading.Timer(timeout, kill)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
        p.returncode = exit_code(status)
        rc = "timeout" if killed else p.returncode
        out = err = ""
        if capture:
            outf.seek(0)
            errf.seek(0)
            out = outf.read().decode("utf-8", "replace")
            err = errf.read().decode("utf-8", "replace")
        return Run(rc, wall, ru.ru_maxrss / 1024.0, out, err)
    finally:
        if capture:
            outf.close()
            errf.close()


def run_pool(cmds, width, timeout):
    """Runs cmds, at most `width` at a time. Returns (number of non-zero
    exits, wall seconds, largest peak RSS in MiB)."""
    t0 = time.perf_counter()
    pending = list(cmds)
    running = {}
    bad, peak = 0, 0.0
    while pending or running:
        while pending and len(running) < width:
            p, _ = spawn(pending.pop(0), subprocess.DEVNULL,
                         subprocess.DEVNULL)
            if p is None:
                bad += 1
                continue
            t = threading.Timer(timeout, p.kill)
            t.start()
            running[p.pid] = (p, t)
        if not running:
            continue
        pid, status, ru = os.wait4(-1, 0)
        if pid not in running:
            continue
        p, t = running.pop(pid)
        t.cancel()
        p.returncode = exit_code(status)
        bad += p.returncode != 0
        peak = max(peak, ru.ru_maxrss / 1024.0)
    return bad, time.perf_counter() - t0, peak


def percentile(xs, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    s = sorted(xs)
    if not s:
        return float("nan")
    pos = (len(s) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)




FINDING_RE = re.compile(r"^\S.*:\d+:\d+: (warning|error): .*\[[\w.,-]+\]\s*$")


def count_findings(out):
    return sum(1 for line in out.splitlines() if FINDING_RE.match(line))


def binary_stamp(path):
    try:
        st = os.stat(path)
        return (st.st_size, st.st_mtime_ns)
    except OSError:
        return None


def resolve_config(st, suite, preset, common_dirs, std):
    """suite-trial.py's Config; with preset auto and an unrecognised
    directory, the first recognised directory above it (see the help)."""
    suite = os.path.realpath(suite)
    if preset == "auto" and st.detect_preset(suite) == "none":
        d = suite
        for _ in range(3):
            up = os.path.dirname(d)
            if up == d:
                break
            d = up
            if st.detect_preset(d) != "none":
                return st.Config(d, "auto", common_dirs, std)
    return st.Config(suite, preset, common_dirs, std)


def goal(ok):
    return "PASS" if ok else "FAIL"


def fmt_rc(rc):
    return "signal %d" % -rc if isinstance(rc, int) and rc < 0 else str(rc)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("suite", help="the suite's directory (files are taken "
                    "under it)")
    ap.add_argument("files", nargs="*",
                    help="particular .cu files (default: every standalone one)")
    ap.add_argument("--from-csv", help="take the ok standalone files of this "
                    "suite-trial.py CSV (paths relative to the suite root "
                    "used)")
    ap.add_argument("--warplint", default=os.path.join(REPO, "build/bin/warplint"),
                    help="the warplint binary (default: %(default)s)")
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang++",
                    help="clang++ 19 (default: %(default)s)")
    ap.add_argument("--cuda-include",
                    default=os.path.join(REPO, "lib/Frontend/cuda-include"),
                    help="warplint's built-in CUDA headers, for clang")
    ap.add_argument("--preset", default="auto",
                    help="auto, rodinia, cuda-samples or none (suite-trial.py)")
    ap.add_argument("--common-dir", action="append", default=[],
                    help="another common include dir (suite-trial.py)")
    ap.add_argument("--std", default=None,
                    help="override the preset's -std (e.g. c++17, or none)")
    ap.add_argument("--runs", type=int, default=3,
                    help="timed runs of each command (default: %(default)s)")
    ap.add_argument("--limit", type=int, default=0, help="only N files")
    ap.add_argument("--sample", action="store_true",
                    help="with --limit: a random sample instead of the first N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=300.0,
                    help="seconds per process (default: %(default)s); the "
                    "whole-suite run gets this times the number of files")
    ap.add_argument("--top", type=int, default=10,
                    help="how many of the slowest files to list")
    ap.add_argument("--skip-whole", action="store_true",
                    help="leave out the whole-suite run (3)")
    ap.add_argument("--whole-jobs", type=int, default=2,
                    help="-j of the whole-suite run and the clang pool's "
                    "width (default: %(default)s)")
    ap.add_argument("--whole-set", choices=["clang-ok", "both-ok", "all"],
                    default="clang-ok",
                    help="the files of the whole-suite run (default: "
                    "%(default)s)")
    ap.add_argument("--csv", default="/tmp/suite-vs-parse.csv",
                    help="per-file rows ('' for none; default: %(default)s)")
    ap.add_argument("--markdown", default="",
                    help="write the summary as Markdown to this file")
    a = ap.parse_args(argv)
    if a.runs < 1:
        ap.error("--runs must be at least 1")
    for tool in (a.warplint, a.clang):
        if not os.access(tool, os.X_OK):
            sys.exit("suite-vs-parse.py: error: not an executable: %s" % tool)
    if not os.path.isdir(a.suite):
        ap.error("not a directory: %s" % a.suite)

    st = load_trial()
    if a.preset != "auto" and a.preset not in st.PRESETS:
        ap.error("--preset: one of auto, %s" % ", ".join(sorted(st.PRESETS)))
    cfg = resolve_config(st, a.suite, a.preset, a.common_dir, a.std)
    under = os.path.realpath(a.suite)
    if a.files:
        files = [os.path.realpath(f) for f in a.files]
    elif a.from_csv:
        with open(a.from_csv, newline="") as fh:
            files = [os.path.realpath(os.path.join(cfg.suite, r["file"]))
                     for r in csv.DictReader(fh)
                     if r["status"] == "ok" and r["standalone"] == "yes"]
        files = [f for f in files
                 if f == under or f.startswith(under + os.sep)]
    else:
        inc = st.find_included_cu(cfg)
        files = [f for f in st.walk(under, (".cu",)) if f not in inc]
    if a.limit and len(files) > a.limit:
        files = (sorted(random.Random(a.seed).sample(files, a.limit))
                 if a.sample else files[:a.limit])
    if not files:
        sys.exit("suite-vs-parse.py: error: no .cu file selected")

    clang_pre = [a.clang, "-fsyntax-only", "-x", "cuda", "--cuda-device-only",
                 "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
                 "--cuda-path=/nonexistent", "-w", "-isystem", a.cuda_include,
                 "-include", "__warplint_cuda.h"]

    def wcmd(f):
        return [a.warplint, "--quiet", f, "--"] + cfg.clang_args(f)

    def ccmd(f):
        return clang_pre + cfg.clang_args(f) + [f]

    rel = lambda p: os.path.relpath(p, cfg.suite)
    stamp0 = binary_stamp(a.warplint)
    machine = "nproc %d, %s, %.0f GB, %s" % (
        os.cpu_count() or 0, cpu_model(), mem_total_gb(), platform.platform())
    date0, load0 = now(), loadavg()
    flags_desc = "-I<file dir> -I<parent> %s%s" % (
        " ".join("-I" + rel(c) + "/" for c in cfg.common),
        (" -std=" + cfg.std) if cfg.std else "")
    print("date:    %s" % date0)
    print("machine: %s" % machine)
    print("load average at start: %s" % load0)
    print("warplint: %s\nclang:    %s" % (a.warplint, a.clang))
    print("suite: %s (root %s, preset %s)" % (under, cfg.suite, cfg.preset))
    print("flags: %s" % flags_desc)
    print("%d files, warm-up + %d runs each, alternating warplint, clang"
          % (len(files), a.runs))
    print()
    print("%7s %9s %9s %7s %8s %8s %7s  %s" % (
        "", "warplint", "clang", "time", "wl MiB", "cl MiB", "memory", "file"))
    sys.stdout.flush()

    rows = []
    t_start = time.perf_counter()
    for i, f in enumerate(files, 1):
        num = "%3d/%-3d" % (i, len(files))
        r = {"file": rel(f), "path": f, "status": "", "w_rc": "", "c_rc": "",
             "w_s": None, "c_s": None, "w_mib": None, "c_mib": None,
             "findings": "", "error": ""}
        rows.append(r)
        w0 = measure(wcmd(f), a.timeout, capture=True)
        c0 = measure(ccmd(f), a.timeout, capture=True)
        r["w_rc"], r["c_rc"] = w0.rc, c0.rc
        if w0.rc in (0, 1):
            r["findings"] = count_findings(w0.out)
        if c0.rc != 0:
            r["status"] = "clang-failed"
            r["error"] = st.first_error(c0.err) or fmt_rc(c0.rc)
        elif w0.rc == 2:
            r["status"] = "warplint-failed"
            r["error"] = st.first_error(w0.err)
        elif w0.rc not in (0, 1):
            r["status"] = "warplint-crash"
            r["error"] = "%s: %s" % (fmt_rc(w0.rc), st.first_error(w0.err))
        if r["status"]:
            print("%s %9s %9s %7s %8s %8s %7s  %s  [%s: warplint %s, clang %s]" % (
                num, "-", "-", "-", "-", "-", "-", r["file"], r["status"],
                fmt_rc(w0.rc), fmt_rc(c0.rc)), flush=True)
            continue
        W, C = [], []
        for _ in range(a.runs):
            W.append(measure(wcmd(f), a.timeout))
            C.append(measure(ccmd(f), a.timeout))
        bad = [x.rc for x in W if x.rc not in (0, 1)] + \
              [x.rc for x in C if x.rc != 0]
        if bad:
            r["status"] = "unstable"
            r["error"] = "exits in the timed runs: warplint %s, clang %s" % (
                [fmt_rc(x.rc) for x in W], [fmt_rc(x.rc) for x in C])
            print("%s %9s %9s %7s %8s %8s %7s  %s  [unstable: %s]" % (
                num, "-", "-", "-", "-", "-", "-", r["file"], r["error"]),
                flush=True)
            continue
        r["status"] = "ok"
        r["w_s"] = statistics.median(x.wall for x in W)
        r["c_s"] = statistics.median(x.wall for x in C)
        r["w_mib"] = statistics.median(x.mib for x in W)
        r["c_mib"] = statistics.median(x.mib for x in C)
        print("%s %8.3fs %8.3fs %6.2fx %8.0f %8.0f %6.2fx  %s" % (
            num, r["w_s"], r["c_s"], r["w_s"] / r["c_s"], r["w_mib"], r["c_mib"],
            r["w_mib"] / r["c_mib"], r["file"]), flush=True)
    per_file_s = time.perf_counter() - t_start

    ok = [r for r in rows if r["status"] == "ok"]
    tr = [r["w_s"] / r["c_s"] for r in ok]
    mr = [r["w_mib"] / r["c_mib"] for r in ok]
    summary = []  # (metric, value, goal, verdict), for print and Markdown
    print()
    print("=== summary: per file ===")
    print("files: %d selected, %d timed (ok with both), %d clang cannot "
          "parse, %d warplint failures (exit 2), %d warplint crashes, "
          "%d unstable" % (
              len(rows), len(ok),
              sum(r["status"] == "clang-failed" for r in rows),
              sum(r["status"] == "warplint-failed" for r in rows),
              sum(r["status"] == "warplint-crash" for r in rows),
              sum(r["status"] == "unstable" for r in rows)))
    if ok:
        sw = sum(r["w_s"] for r in ok)
        sc = sum(r["c_s"] for r in ok)
        tm, tp, tx = statistics.median(tr), percentile(tr, 0.9), max(tr)
        mm, mp, mx = statistics.median(mr), percentile(mr, 0.9), max(mr)
        summary = [
            ("time ratio, median", "%.2fx" % tm,
             "<= %.2fx" % GOAL_TIME_MEDIAN, goal(tm <= GOAL_TIME_MEDIAN)),
            ("time ratio, p90", "%.2fx" % tp, "<= %.2fx" % GOAL_TIME_P90,
             goal(tp <= GOAL_TIME_P90)),
            ("time ratio, max", "%.2fx" % tx, "<= %.2fx" % GOAL_TIME_MAX,
             goal(tx <= GOAL_TIME_MAX)),
            ("time ratio, min", "%.2fx" % min(tr), "", ""),
            ("summed times (warplint / clang)",
             "%.2fx (%.2f s / %.2f s)" % (sw / sc, sw, sc), "", ""),
            ("memory ratio, median", "%.2fx" % mm, "<= %.2fx" % GOAL_MEMORY,
             goal(mm <= GOAL_MEMORY)),
            ("memory ratio, p90", "%.2fx" % mp, "", ""),
            ("memory ratio, max", "%.2fx" % mx,
             "<= %.2fx (every file)" % GOAL_MEMORY, goal(mx <= GOAL_MEMORY)),
            ("peak memory, largest (warplint / clang)", "%.0f / %.0f MiB" % (
                max(r["w_mib"] for r in ok), max(r["c_mib"] for r in ok)),
             "", ""),
        ]
        for m, v, g, ver in summary:
            print("%-40s %-28s %s" % (m + ":", v,
                                       ("goal %s: %s" % (g, ver)) if g else ""))
        slow = sorted(ok, key=lambda r: -r["w_s"] / r["c_s"])[:a.top]
        print()
        print("--- slowest files by time ratio (top %d) ---" % len(slow))
        print("%7s %9s %9s  %s" % ("ratio", "warplint", "clang", "file"))
        for r in slow:
            print("%6.2fx %8.3fs %8.3fs  %s" % (r["w_s"] / r["c_s"], r["w_s"],
                                                 r["c_s"], r["file"]))
    else:
        slow = []
    groups = [("warplint-failed", "warplint failures: exit 2 where clang "
               "parses the file (left out)"),
              ("warplint-crash", "warplint crashes / timeouts (left out)"),
              ("unstable", "failed in a timed run after a good warm-up "
               "(left out)"),
              ("clang-failed", "clang cannot parse them (left out)")]
    for st_, title in groups:
        rs = [r for r in rows if r["status"] == st_]
        if rs:
            print()
            print("--- %s: %d ---" % (title, len(rs)))
            for r in rs:
                print("  %s: %s" % (r["file"], r["error"]))
                if st_ in ("warplint-failed", "warplint-crash"):
                    print("     %s" % shlex.join(wcmd(r["path"])))
    sys.stdout.flush()

    whole = None
    if not a.skip_whole:
        if a.whole_set == "both-ok":
            wfiles = [r["path"] for r in ok]
        elif a.whole_set == "clang-ok":
            wfiles = [r["path"] for r in rows
                      if r["status"] not in ("clang-failed", "warplint-crash")]
        else:
            wfiles = [r["path"] for r in rows]
        print()
        print("=== whole suite: warplint -p DB -j %d against clang++ "
              "-fsyntax-only, %d at a time ===" % (a.whole_jobs, a.whole_jobs))
        if not wfiles:
            print("no files (--whole-set %s)" % a.whole_set)
        else:
            with tempfile.TemporaryDirectory(prefix="suite-vs-parse-") as db:
                entries = [{"directory": os.path.dirname(f), "file": f,
                            "arguments": ["clang++"] + cfg.clang_args(f) +
                            ["-c", f]} for f in wfiles]
                with open(os.path.join(db, "compile_commands.json"), "w") as fh:
                    json.dump(entries, fh, indent=1)
                wp = [a.warplint, "-p", db, "-j", str(a.whole_jobs),
                      "--quiet"] + wfiles
                wtimeout = a.timeout * len(wfiles)
                W, C = [], []
                for _ in range(a.runs):
                    W.append(measure(wp, wtimeout))
                    C.append(run_pool([ccmd(f) for f in wfiles],
                                      a.whole_jobs, a.timeout))
            wt = statistics.median(x.wall for x in W)
            wm = statistics.median(x.mib for x in W)
            ct = statistics.median(x[1] for x in C)
            cm = statistics.median(x[2] for x in C)
            wrcs = sorted(set(fmt_rc(x.rc) for x in W))
            cbad = sorted(set(x[0] for x in C))
            whole = {"n": len(wfiles), "wt": wt, "wm": wm, "ct": ct, "cm": cm,
                     "wrc": ", ".join(wrcs), "cbad": cbad,
                     "sum_w": sum(r["w_s"] for r in ok),
                     "sum_c": sum(r["c_s"] for r in ok), "n_ok": len(ok)}
            print("%d files (--whole-set %s), median of %d alternating runs"
                  % (len(wfiles), a.whole_set, a.runs))
            print("warplint -p DB -j %d --quiet:        %7.2f s  peak %4.0f MiB"
                  "  exit %s" % (a.whole_jobs, wt, wm, whole["wrc"]))
            print("clang++ -fsyntax-only, %d at a time: %7.2f s  peak %4.0f "
                  "MiB (largest process)  failed processes %s" % (
                      a.whole_jobs, ct, cm, "/".join(map(str, cbad))))
            print("ratio warplint / clang:             %7.2fx" % (wt / ct))
            notes = []
            if cfg.preset != "rodinia":
                notes.append("this suite is not Rodinia")
            if a.limit or a.files or a.from_csv:
                notes.append("only some of the suite's files were selected")
            if len(wfiles) < len(rows):
                notes.append("%d of the %d files selected left out by "
                             "--whole-set %s" % (len(rows) - len(wfiles),
                                                 len(rows), a.whole_set))
            whole["notes"] = notes
            print("goal: whole of Rodinia with -j 2 <= %.0f s: %s%s" % (
                GOAL_WHOLE_S, goal(wt <= GOAL_WHOLE_S),
                ("  (%s)" % "; ".join(notes)) if notes else ""))
            print("for reference, one file at a time (sums of the per-file "
                  "medians of the %d files timed): warplint %.2f s, clang "
                  "%.2f s" % (len(ok), whole["sum_w"], whole["sum_c"]))

    date1, load1 = now(), loadavg()
    stamp1 = binary_stamp(a.warplint)
    print()
    print("date at end: %s (per-file part %.0f s)" % (date1, per_file_s))
    print("load average at end: %s" % load1)
    changed = stamp0 != stamp1
    if changed:
        print("WARNING: %s changed (size or time stamp) during the "
              "measurement: the figures mix two builds" % a.warplint)

    if a.csv:
        with open(a.csv, "w", newline="") as fh:
            wr = csv.writer(fh)
            wr.writerow(["file", "status", "warplint_exit", "clang_exit",
                         "warplint_median_s", "clang_median_s", "time_ratio",
                         "warplint_peak_mib", "clang_peak_mib",
                         "memory_ratio", "findings", "error"])
            for r in rows:
                good = r["status"] == "ok"
                wr.writerow([
                    r["file"], r["status"], r["w_rc"], r["c_rc"],
                    "%.4f" % r["w_s"] if good else "",
                    "%.4f" % r["c_s"] if good else "",
                    "%.3f" % (r["w_s"] / r["c_s"]) if good else "",
                    "%.1f" % r["w_mib"] if good else "",
                    "%.1f" % r["c_mib"] if good else "",
                    "%.3f" % (r["w_mib"] / r["c_mib"]) if good else "",
                    r["findings"], r["error"]])
        print("per-file CSV: %s" % a.csv)

    if a.markdown:
        L = []
        L.append("### %s, `bench/suite-vs-parse.py` on %s" % (
            date0, os.path.relpath(under, os.path.dirname(cfg.suite))))
        L.append("")
        L.append("Machine: %s. Load average %s at the start (%s), %s at the "
                 "end (%s)." % (machine, load0, date0, load1, date1))
        L.append("")
        L.append("Suite: `%s` (root `%s`, preset %s, flags `%s`); %d files "
                 "selected%s. Per file: a warm-up and %d alternating runs of "
                 "`warplint --quiet F -- FLAGS` and `clang++ -fsyntax-only` "
                 "(device side, sm_80, warplint's built-in CUDA header, same "
                 "FLAGS); medians of wall time and of peak resident memory "
                 "(`ru_maxrss` from `wait4`)." % (
                     under, cfg.suite, cfg.preset, flags_desc, len(rows),
                     (" (--limit %d%s)" % (a.limit, ", sampled"
                                           if a.sample else ""))
                     if a.limit else "", a.runs))
        if changed:
            L.append("")
            L.append("**Warning: the warplint binary changed during the run.**")
        L.append("")
        L.append("| figure (warplint / clang) | value | goal | |")
        L.append("| --- | --- | --- | --- |")
        L.append("| files timed (of %d) | %d | | |" % (len(rows), len(ok)))
        for m, v, g, ver in summary:
            L.append("| %s | %s | %s | %s |" % (
                m, ("**%s**" % v) if g else v, g.replace("<=", "≤"),
                ("**%s**" % ver) if ver == "FAIL" else ver))
        if whole:
            L.append("| whole suite, `warplint -p <db> -j %d` (%d files) | "
                     "**%.2f s** (exit %s), peak %.0f MiB | ≤ %.0f s "
                     "(all of Rodinia) | %s |" % (
                         a.whole_jobs, whole["n"], whole["wt"], whole["wrc"],
                         whole["wm"], GOAL_WHOLE_S,
                         goal(whole["wt"] <= GOAL_WHOLE_S)))
            L.append("| whole suite, clang++ -fsyntax-only %d at a time | "
                     "%.2f s, peak %.0f MiB (largest) | | |" % (
                         a.whole_jobs, whole["ct"], whole["cm"]))
            L.append("| whole suite, ratio | %.2fx | | |" % (
                whole["wt"] / whole["ct"]))
            if whole["notes"]:
                L.append("")
                L.append("Whole suite: %s." % "; ".join(whole["notes"]))
        if slow:
            L.append("")
            L.append("Slowest files by time ratio:")
            L.append("")
            L.append("| file | warplint s | clang s | time ratio | "
                     "warplint MiB | clang MiB | memory ratio |")
            L.append("| --- | --- | --- | --- | --- | --- | --- |")
            for r in slow:
                L.append("| %s | %.3f | %.3f | %.2fx | %.0f | %.0f | %.2fx |"
                         % (r["file"], r["w_s"], r["c_s"], r["w_s"] / r["c_s"],
                            r["w_mib"], r["c_mib"], r["w_mib"] / r["c_mib"]))
        for st_, title in groups:
            rs = [r for r in rows if r["status"] == st_]
            if rs:
                L.append("")
                L.append("%s (%d): %s." % (
                    title[0].upper() + title[1:], len(rs),
                    ", ".join("`%s`" % r["file"] for r in rs)))
        with open(a.markdown, "w") as fh:
            fh.write("\n".join(L) + "\n")
        print("Markdown summary: %s" % a.markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
