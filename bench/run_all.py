#!/usr/bin/env python3
"""warplint's own speed, every benchmark in one run: prints the tables that
docs/performance.md keeps.

    python3 bench/run_all.py [--runs 5] [--grids 16,64,...] [--build build]

1. Per file, warplint against clang++-19 -fsyntax-only. Files: every .cu
   under validation/ and examples/. The two commands are those of
   bench/extract-vs-syntax.py, with the full analysis instead of
   --dump-facts:

       warplint --quiet F --
       clang++ -fsyntax-only -x cuda --cuda-device-only --cuda-gpu-arch=sm_80
           -nocudainc -nocudalib --cuda-path=/nonexistent -w
           -isystem lib/Frontend/cuda-include -include __warplint_cuda.h F

   (warplint parses the device side for sm_80 with the same built-in CUDA
   header, and runs every check on top). Each file: one warm-up of each
   (both must exit 0), then --runs alternating runs; the wall time and the
   peak resident memory (the child's ru_maxrss from wait4) are the medians.
   Printed: per file, both times and memories and the ratios; the median
   of the per-file ratios.

2. Grid sizes: the tiled transpose of bench/grid-kernel.cu launched on
   G x G blocks for each G of --grids: the analysis alone, in-process
   (`warplint-bench-analysis --grids`, median of --runs * 4 repetitions),
   and warplint end to end (`warplint --quiet bench/grid-kernel.cu --
   -DGRID=G`, median of --runs). Both interleave their repetitions across
   the grid sizes. Both must stay flat as G grows.

3. The whole project: a compile database naming every file of 1 (command
   `clang++ -x cuda --cuda-gpu-arch=sm_80 -c F`), analysed by one
   `warplint -p DB -j 2 --quiet`, against the clang command of 1 over the
   same files, run two at a time (the same parallelism) and one at a time.
   Medians of --runs alternating runs; peak memory: warplint's process, and
   the largest clang process.

The machine's load is printed at the start and the end: on a shared machine
the absolute times move with it; the ratios, measured side by side, move
less. Python 3 standard library only.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from machine import cpu_model, loadavg, mem_total_gb  # noqa: E402
REPO = os.path.dirname(HERE)








def run_measured(cmd):
    """(exit status, wall seconds, peak RSS in MiB) of one process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status) if hasattr(
        os, "waitstatus_to_exitcode") else (status >> 8)
    return p.returncode, wall, ru.ru_maxrss / 1024.0


def run_pool(cmds, width):
    """Runs cmds, at most `width` at a time: (all exit 0, wall seconds,
    largest peak RSS in MiB)."""
    t0 = time.perf_counter()
    pending = list(cmds)
    running = {}
    ok, peak = True, 0.0
    while pending or running:
        while pending and len(running) < width:
            c = pending.pop(0)
            p = subprocess.Popen(c, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            running[p.pid] = p
        pid, status, ru = os.wait4(-1, 0)
        if pid in running:
            running.pop(pid).returncode = status
            ok = ok and status == 0
            peak = max(peak, ru.ru_maxrss / 1024.0)
    return ok, time.perf_counter() - t0, peak


def median(xs):
    return statistics.median(xs)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"),
                    help="the build directory (bin/warplint, "
                         "bin/warplint-bench-analysis)")
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang++")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--grids", default="16,64,256,1024,4096,16384,65536")
    ap.add_argument("--skip", default="",
                    help="comma-separated sections to leave out (1,2,3)")
    a = ap.parse_args(argv)
    warplint = os.path.join(a.build, "bin", "warplint")
    bench_analysis = os.path.join(a.build, "bin", "warplint-bench-analysis")
    for tool in (warplint, bench_analysis, a.clang):
        if not os.access(tool, os.X_OK):
            sys.exit("run_all.py: error: %s is not an executable "
                     "(build the project: ninja -C build)" % tool)
    try:
        grids = [int(g) for g in a.grids.split(",")]
    except ValueError:
        sys.exit("run_all.py: error: --grids must be comma-separated integers")
    skip = set(a.skip.split(",")) if a.skip else set()
    cuda_include = os.path.join(REPO, "lib", "Frontend", "cuda-include")
    files = sorted(os.path.join(d, f)
                   for root in ("validation", "examples")
                   for d, _, fs in os.walk(os.path.join(REPO, root))
                   for f in fs if f.endswith(".cu"))
    rel = lambda p: os.path.relpath(p, REPO)

    def wcmd(f):
        return [warplint, "--quiet", f, "--"]

    def ccmd(f):
        return [a.clang, "-fsyntax-only", "-x", "cuda", "--cuda-device-only",
                "--cuda-gpu-arch=sm_80", "-nocudainc", "-nocudalib",
                "--cuda-path=/nonexistent", "-w", "-isystem", cuda_include,
                "-include", "__warplint_cuda.h", f]

    print("# warplint benchmarks (bench/run_all.py)")
    print()
    print("date:    %s" % datetime.datetime.now().astimezone().isoformat(
        timespec="seconds"))
    print("machine: %d cores, %s, %.0f GB, %s" % (
        os.cpu_count() or 0, cpu_model(), mem_total_gb(), platform.platform()))
    print("tools:   %s; %s" % (warplint, a.clang))
    print("load average at start: %s" % loadavg())
    print("runs per measurement: %d (medians)" % a.runs)
    sys.stdout.flush()
    status = 0

    if "1" not in skip:
        print()
        print("## 1. Per file: warplint (all checks) against clang++ -fsyntax-only")
        print()
        print("| file | warplint s | clang s | time ratio | warplint MiB | clang MiB | memory ratio |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        tr, mr = [], []
        for f in files:
            rw = run_measured(wcmd(f))
            rc = run_measured(ccmd(f))
            if rw[0] != 0 or rc[0] != 0:
                print("| %s | exit %s | exit %s | - | - | - | - |" % (rel(f), rw[0], rc[0]))
                status = 1
                continue
            W, C = [], []
            for _ in range(a.runs):
                W.append(run_measured(wcmd(f)))
                C.append(run_measured(ccmd(f)))
            wt, ct = median([x[1] for x in W]), median([x[1] for x in C])
            wm, cm = median([x[2] for x in W]), median([x[2] for x in C])
            tr.append(wt / ct)
            mr.append(wm / cm)
            print("| %s | %.3f | %.3f | %.2fx | %.0f | %.0f | %.2fx |" % (
                rel(f), wt, ct, wt / ct, wm, cm, wm / cm), flush=True)
        if tr:
            print("| **median of %d files** | | | **%.2fx** | | | **%.2fx** |" % (
                len(tr), median(tr), median(mr)))
        sys.stdout.flush()

    if "2" not in skip:
        print()
        print("## 2. Grid size: the tiled transpose on G x G blocks")
        print()
        reps = max(1, a.runs * 4)
        out = subprocess.run([bench_analysis, "--grids", ",".join(map(str, grids)),
                              "--reps", str(reps)], stdout=subprocess.PIPE,
                             universal_newlines=True)
        inproc = {}
        for line in out.stdout.splitlines():
            line = line.strip()
            if line.startswith("grid ") and "ms" in line:
                g = int(line.split()[1].split("x")[0])
                inproc[g] = float(line.split(":")[1].split()[0])
        kernel = os.path.join(HERE, "grid-kernel.cu")
        print("| grid | analysis only, in-process (ms, median of %d) | warplint end to end (s) |" % reps)
        print("| --- | --- | --- |")
        # Interleaved: each round runs every grid once.
        samples = {g: [] for g in grids}
        for _ in range(a.runs):
            for g in grids:
                rc, t, _ = run_measured([warplint, "--quiet", kernel, "--",
                                         "-DGRID=%d" % g])
                if rc != 0:
                    status = 1
                samples[g].append(t)
        e2e = {g: median(samples[g]) for g in grids}
        for g in grids:
            print("| %d x %d | %s | %.3f |" % (
                g, g, ("%.3f" % inproc[g]) if g in inproc else "?", e2e[g]))
        if all(g in inproc for g in grids):
            iv, ev = [inproc[g] for g in grids], [e2e[g] for g in grids]
            print("| largest / smallest grid | %.2fx | %.2fx |" % (
                iv[-1] / iv[0], ev[-1] / ev[0]))
            print("| slowest / fastest grid | %.2fx | %.2fx |" % (
                max(iv) / min(iv), max(ev) / min(ev)))
        sys.stdout.flush()

    if "3" not in skip:
        print()
        print("## 3. The whole project: warplint -p -j 2 against clang++ -fsyntax-only")
        print()
        with tempfile.TemporaryDirectory(prefix="warplint-bench-") as db:
            entries = [{"directory": os.path.dirname(f), "file": f,
                        "arguments": ["clang++", "-x", "cuda",
                                      "--cuda-gpu-arch=sm_80", "-c", f, "-o",
                                      os.devnull]} for f in files]
            with open(os.path.join(db, "compile_commands.json"), "w") as fh:
                json.dump(entries, fh, indent=1)
            wp = [warplint, "-p", db, "-j", "2", "--quiet"]
            rw = run_measured(wp)
            ok2 = run_pool([ccmd(f) for f in files], 2)
            if rw[0] != 0 or not ok2[0]:
                print("warplint exit %s, clang all ok: %s" % (rw[0], ok2[0]))
                status = 1
            W, C2, C1 = [], [], []
            for _ in range(a.runs):
                W.append(run_measured(wp))
                C2.append(run_pool([ccmd(f) for f in files], 2))
                C1.append(run_pool([ccmd(f) for f in files], 1))
            wt = median([x[1] for x in W])
            c2 = median([x[1] for x in C2])
            c1 = median([x[1] for x in C1])
            wm = median([x[2] for x in W])
            cm = median([x[2] for x in C2])
            print("%d files (every file of 1)." % len(files))
            print()
            print("| run | wall s | peak MiB |")
            print("| --- | --- | --- |")
            print("| `warplint -p <db> -j 2` (all checks) | %.2f | %.0f |" % (wt, wm))
            print("| clang++ -fsyntax-only, 2 at a time | %.2f | %.0f (largest) |" % (c2, cm))
            print("| clang++ -fsyntax-only, 1 at a time | %.2f | |" % c1)
            print("| **ratio warplint / clang, 2 at a time** | **%.2fx** | |" % (wt / c2))
            print("| ratio warplint / clang, 1 at a time | %.2fx | |" % (wt / c1))
    print()
    print("load average at end: %s" % loadavg())
    return status


if __name__ == "__main__":
    sys.exit(main())
