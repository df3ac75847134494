#!/usr/bin/env python3
"""Time `warplint --dump-facts` against `clang++ -fsyntax-only` on the same
CUDA files, both parsing with no CUDA toolkit.

For each file F with include flags FLAGS the two commands are

  warplint --dump-facts F -- FLAGS
  /usr/lib/llvm-19/bin/clang++ -fsyntax-only -x cuda --cuda-device-only
      --cuda-gpu-arch=sm_80 -nocudainc -nocudalib --cuda-path=/nonexistent -w
      -isystem <repo>/lib/Frontend/cuda-include -include __warplint_cuda.h
      FLAGS F

(lib/Frontend/cuda-include holds the headers warplint embeds, so both parse
the same text). FLAGS are exactly those of bench/suite-trial.py: -I for the
file's directory, its parent (inside the suite), the suite's common include
dirs (--preset / --common-dir) and the preset's -std; see
`suite-trial.py --help`.

Each file is first run once with each tool (a warm-up that also checks that
both succeed: exit 0); files that fail with either tool are listed and left
out. Then each command is run N times (--runs, default 5), alternating
warplint, clang, warplint, clang, ...; the per-file time is the median of
its N wall times. Printed: per-file medians and ratio warplint/clang, the
median of the per-file ratios, the ratio of the summed medians, the number
of files, and the machine (nproc, CPU model) and date.

Files come from: a suite directory (every standalone .cu file under it:
files that another suite file #includes are left out), or --from-csv
(the `ok` standalone rows of a suite-trial.py CSV; give the suite dir too),
or explicit .cu paths after the suite dir. --limit N keeps N of them: the
first N, or with --sample a random N (--seed, default 1).

Python 3 standard library only; one process at a time.
"""
import argparse
import csv
import datetime
import importlib.util
import os
import platform
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from machine import cpu_model, loadavg  # noqa: E402
REPO = os.path.dirname(HERE)


def load_trial():
    spec = importlib.util.spec_from_file_location(
        "suite_trial", os.path.join(HERE, "suite-trial.py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m






def timed(cmd, timeout, retry_wait=300.0):
    """(exit status, wall seconds) of one run. If the binary cannot be
    executed (being relinked), wait and retry for up to retry_wait s."""
    deadline = time.monotonic() + retry_wait
    while True:
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
        except OSError as e:
            if time.monotonic() < deadline:
                time.sleep(5)
                continue
            return "cannot run: %s" % e, 0.0
        return rc, time.perf_counter() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("suite", help="the suite's root directory")
    ap.add_argument("files", nargs="*",
                    help="particular .cu files (default: every standalone one)")
    ap.add_argument("--from-csv", help="take the ok standalone files of this "
                    "suite-trial.py CSV")
    ap.add_argument("--warplint", default=os.path.join(REPO, "build/bin/warplint"))
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang++")
    ap.add_argument("--cuda-include",
                    default=os.path.join(REPO, "lib/Frontend/cuda-include"))
    ap.add_argument("--preset", default="auto")
    ap.add_argument("--common-dir", action="append", default=[])
    ap.add_argument("--std", default=None)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--sample", action="store_true",
                    help="with --limit: a random sample instead of the first N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--csv", default="/tmp/extract-vs-syntax.csv")
    a = ap.parse_args(argv)

    st = load_trial()
    cfg = st.Config(a.suite, a.preset, a.common_dir, a.std)
    if a.files:
        files = [os.path.realpath(f) for f in a.files]
    elif a.from_csv:
        with open(a.from_csv, newline="") as fh:
            files = [os.path.realpath(os.path.join(cfg.suite, r["file"]))
                     for r in csv.DictReader(fh)
                     if r["status"] == "ok" and r["standalone"] == "yes"]
    else:
        inc = st.find_included_cu(cfg)
        files = [f for f in st.walk(cfg.suite, (".cu",)) if f not in inc]
    if a.limit and len(files) > a.limit:
        files = (sorted(random.Random(a.seed).sample(files, a.limit))
                 if a.sample else files[:a.limit])

    def cmds(f):
        flags = cfg.clang_args(f)
        w = [a.warplint, "--dump-facts", f, "--"] + flags
        c = [a.clang, "-fsyntax-only", "-x", "cuda", "--cuda-device-only",
             "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
             "--cuda-path=/nonexistent", "-w", "-isystem", a.cuda_include,
             "-include", "__warplint_cuda.h"] + flags + [f]
        return w, c

    rel = lambda p: os.path.relpath(p, cfg.suite)
    print("date:    %s" % datetime.datetime.now().astimezone().isoformat(
        timespec="seconds"))
    print("machine: nproc=%d, %s, %s" % (os.cpu_count() or 0, cpu_model(),
                                         platform.platform()))
    print("load average at start: %s" % loadavg())
    print("warplint: %s\nclang:    %s" % (a.warplint, a.clang))
    print("suite: %s (preset %s), %d files, %d runs each, alternating" % (
        cfg.suite, cfg.preset, len(files), a.runs))
    print()
    print("%9s %9s %7s  %s" % ("warplint", "clang", "ratio", "file"))
    sys.stdout.flush()

    results, skipped = [], []
    for f in files:
        w, c = cmds(f)
        rw, _ = timed(w, a.timeout)
        rc, _ = timed(c, a.timeout)
        if rw != 0 or rc != 0:
            skipped.append((rel(f), rw, rc))
            print("%9s %9s %7s  %s (skipped: warplint rc=%s, clang rc=%s)" % (
                "-", "-", "-", rel(f), rw, rc), flush=True)
            continue
        tw, tc = [], []
        for _ in range(a.runs):
            tw.append(timed(w, a.timeout)[1])
            tc.append(timed(c, a.timeout)[1])
        mw, mc = statistics.median(tw), statistics.median(tc)
        results.append((rel(f), mw, mc))
        print("%8.3fs %8.3fs %6.2fx  %s" % (mw, mc, mw / mc, rel(f)), flush=True)

    with open(a.csv, "w", newline="") as fh:
        wr = csv.writer(fh)
        wr.writerow(["file", "warplint_median_s", "clang_median_s", "ratio"])
        for f, mw, mc in results:
            wr.writerow([f, "%.4f" % mw, "%.4f" % mc, "%.3f" % (mw / mc)])

    print()
    print("=== summary ===")
    print("files timed (ok with both): %d; skipped: %d" % (len(results),
                                                           len(skipped)))
    if results:
        ratios = [mw / mc for _, mw, mc in results]
        sw = sum(mw for _, mw, _ in results)
        sc = sum(mc for _, _, mc in results)
        print("median of per-file ratios warplint/clang: %.2fx "
              "(min %.2fx, max %.2fx)" % (statistics.median(ratios),
                                           min(ratios), max(ratios)))
        print("total of medians: warplint %.2fs, clang %.2fs, ratio %.2fx" % (
            sw, sc, sw / sc))
    print("load average at end: %s" % loadavg())
    print("per-file CSV: %s" % a.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
